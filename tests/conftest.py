"""Test configuration: Hypothesis profiles, and the `table` fixture for the Pilot tests.

The default ``ci`` profile keeps the property tests fast enough for every run; choose the
``soak`` profile for a long local run: ``HYPOTHESIS_PROFILE=soak python -m pytest tests``.

A Pilot test's table (a headless app) draws no frames between the moments a test looks
at it: Textual computes every frame of a headless app, every widget's lines, and then
throws it away (no terminal to write to), and that was about a third of the CPU of a
test that plays a deal.  What a test looks at is drawn in full as before (the screen text,
the snapshots, the colour checks), and ``tui_support.settle`` asks every widget for
what it draws at every stop (its ``render()``), so a widget that fails to draw its state
still fails the test there.
``TWENTYNINE_TEST_FRAMES=every`` draws every frame as a terminal would (CI's second run,
on the compiled build, does).
"""

from __future__ import annotations

import gc
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))  # lets tests import their support modules

from browser_support import SHARED, browser, chromium, uses_browser  # noqa: F401
from headless_frames import skip_unseen_frames

settings.register_profile(
    "ci",
    max_examples=40,
    stateful_step_count=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=500,
    stateful_step_count=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

def pytest_configure(config: pytest.Config) -> None:
    """Compile the package and the tests once, before the test workers start.  Where the
    environment says not to write bytecode (``PYTHONDONTWRITEBYTECODE``, as in CI), every
    one of the 70-odd Python processes the suite starts (the workers, the table and host
    processes, the background reviewers, the command-line checks) compiled the package
    from source again (about a fifth of a second each), and each worker rewrote and
    compiled every test module for itself (3.4 of the 5.4 s of CPU a worker spends
    collecting)."""
    if hasattr(config, "workerinput"):
        return  # a worker: the controller compiled it already
    import compileall

    here = Path(__file__).resolve().parent
    src = here.parent / "src"
    if src.is_dir():
        compileall.compile_dir(src, quiet=2)  # a read-only checkout: left as it is
    if getattr(config.option, "numprocesses", None):
        # the helper modules (the tests themselves are rewritten by pytest, below)
        compileall.compile_dir(here, maxlevels=0, quiet=2, rx=re.compile(r"test_[^/]*$"))
        _rewrite_tests_once(config, [*sorted(here.glob("test_*.py")), here / "conftest.py"])


def _rewrite_tests_once(config: pytest.Config, files: list[Path]) -> None:
    """Pytest's assertion rewriting of ``files``, written where each worker's import looks
    for it (the same hash-checked files pytest writes itself when it may).  It uses
    pytest's own functions; another pytest without them: each worker rewrites as before."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )

        if config.getoption("assertmode") != "rewrite":
            return
        state = config.stash[assertstate_key]
        for fn in files:
            cache = get_cache_dir(fn)
            cache.mkdir(exist_ok=True)
            pyc = cache / (fn.name[:-3] + PYC_TAIL)
            if _read_pyc(fn, pyc, state.trace) is None:
                source_hash, co = _rewrite_test(fn, config)
                _write_pyc(state, co, source_hash, pyc)
    except (ImportError, AttributeError, KeyError, TypeError, OSError):
        return


def pytest_collection_finish(session: pytest.Session) -> None:
    """Garbage collection in the tests' processes, tuned once every module is imported.
    Python's cyclic collector ran about 3,000 times in a table test file and took a sixth
    of its CPU, most of it walking again the tens of thousands of objects every import
    made (Textual, the engine's tables, the test modules), which live until the process
    ends: those are frozen out of its walks (``gc.freeze``), and it runs a fourteenth as
    often (a file of table tests: 6.0 s of collecting -> 2.7, peak memory 140 -> 150 MB).
    The processes the tests start (tables, servers, reviews) keep Python's defaults."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 10)


LAYER_TESTS: dict[str, tuple[str, ...]] = {
    "common": ("test_common_",),
    "engine": ("test_cards_actions", "test_contract", "test_decided_deal", "test_engine_",
               "test_records", "test_rulings", "test_seed_examples", "test_variant",
               "test_views"),
    "bots": ("test_arena", "test_bhoos", "test_bot", "test_hard_", "test_search_bots"),
    "coach": ("test_coach_",),
    "tui": ("test_tui_", "test_turn_model", "test_docs_keys_settings"),
    "net": ("test_join", "test_phone_client", "test_protocol", "test_remote_table",
            "test_server", "test_table_conformance", "test_web_"),
    "twentyfive": ("test_twentyfive_",),
}
"""Each layer's test files (by the start of their names), marked with the layer's name:
``pytest -m engine`` runs the engine's tests alone.  The rest (the controller, the saved game,
the command line, the build, the import contract) carry none of these marks."""

LAYER_SOURCES: frozenset[str] = frozenset({"common", "engine", "bots", "coach", "tui", "net",
                                             "twentyfive"})
"""The doctests of a subpackage's modules go with its layer (``twentynine/engine/`` with
the engine)."""


def _layer(item: pytest.Item) -> str | None:
    path = Path(str(item.path))
    if path.parent.name == "tests":
        if path.stem == "test_variant_properties" and "bot" in item.name:
            return "bots"  # the bots' part of the variants' properties
        return next((layer for layer, starts in LAYER_TESTS.items()
                     if path.stem.startswith(starts)), None)
    parts = path.parts[path.parts.index("twentynine") + 1:] if "twentynine" in path.parts \
        else ()
    return parts[0] if len(parts) > 1 and parts[0] in LAYER_SOURCES else None


def _mark_layers(items: list[pytest.Item]) -> None:
    for item in items:
        layer = _layer(item)
        if layer is not None:
            item.add_marker(layer)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test is marked with its layer (:data:`LAYER_TESTS`).  The browser tests and
    the tests marked ``early`` start first: each waits for seconds on processes, clocks
    or a browser while using little CPU, so started first they overlap the busy tests
    instead of running last with the cores half idle.  The workers (``--dist
    worksteal``) each begin with a contiguous share of the tests: each share starts with
    one block of the browser tests (one Chromium a worker, ``browser_support``), and the
    other early tests are dealt to every share in turn, near its head; the order is
    otherwise kept."""
    _mark_layers(items)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    in_browser = [item for item in items if uses_browser(item)]
    early = [item for item in items
             if item.get_closest_marker("early") is not None and not uses_browser(item)]
    if not early and not in_browser:
        return
    first = {id(item) for item in (*in_browser, *early)}
    rest = [item for item in items if id(item) not in first]
    ordered: list[pytest.Item] = []
    left = len(items)
    for w in range(workers):
        size = left // (workers - w)  # the share worksteal first sends this worker
        left -= size
        block = in_browser[w * len(in_browser) // workers:(w + 1) * len(in_browser) // workers]
        mine = early[w::workers]
        take = max(size - len(block) - len(mine), 0)
        share, rest = rest[:take], rest[take:]
        # the first at the head, the others spread over the first part of the share (all
        # at the head would wait at once, and leave a core idle there instead)
        for j, item in reversed(list(enumerate(mine))):
            share.insert(j * size // (len(mine) + 1), item)
        ordered += block + share
    items[:] = ordered + rest


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """The worker's Chromium closes when the next test does not use it (see
    ``browser_support``)."""
    if uses_browser(item) and (nextitem is None or not uses_browser(nextitem)):
        SHARED.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    SHARED.close()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two test workers a core (``-n auto``): most of a table or server test's time is
    spent waiting (the pauses of Textual's Pilot until the app is idle, the servers'
    clocks, processes starting), so one worker a core leaves the cores idle about half the
    time; two keep them busy (the whole suite on 2 cores, same load: 306 s with 2
    workers, 221 s with 4)."""
    return 2 * (os.cpu_count() or 1)


EVERY_FRAME = os.environ.get("TWENTYNINE_TEST_FRAMES", "") == "every"
"""Whether headless tables draw every frame (see the module's docstring)."""


if not EVERY_FRAME:
    skip_unseen_frames()


@pytest.fixture
def quick_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's replay with medium, not hard, in your seat (2.7 s of CPU a deal ->
    0.8), for the tests of what surrounds it (the cache, the note, the screens): what the
    replay plays and with which bots is test_coach_review's, with hard."""
    from twentynine.coach import review

    monkeypatch.setattr(review, "STRONGEST", "medium")


@pytest.fixture
def table(tmp_path: Path) -> Callable[..., Any]:
    """``table(body, size=(100, 30), seed=2, ...)``: a table saving under ``tmp_path`` in
    a Pilot run, settled, then ``await body(pilot, app)`` (see
    ``tui_support.run_table``)."""
    from tui_support import run_table

    def run(body: Any, size: tuple[int, int] = (100, 30), **kw: Any) -> Any:
        return run_table(tmp_path, body, size, **kw)

    return run
