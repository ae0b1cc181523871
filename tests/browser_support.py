"""The browser tests' Chromium: one for every browser test a worker runs in a row.

Each start of Chromium and of Playwright's driver costs a few seconds of CPU (the browser,
its GPU and helper processes, the Node driver), and a module's own Chromium started again
wherever a worker moved between modules: nine starts in a run of the suite, now one a
worker.  One Chromium is started when a test first asks for it and closed as soon as the
next test on the worker does not use it: Playwright's synchronous API leaves its event
loop marked as running on the thread between calls, so a table test's ``asyncio.run``
after it would fail.  ``tests/conftest.py`` orders the browser tests so that each worker
runs its share of them in one block.

The browser is Debian's headless shell of Chromium (``chromium-headless-shell``: the same
engine without the desktop browser around it, as Playwright itself runs headless pages),
or where only the full ``chromium`` is installed, that: the shell spends about half the
CPU of the full browser on the same pages (the suite's browser tests: 33 -> 17 s of
Chromium's CPU in two of its files).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = (shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium-headless-shell")
"""The browser the tests drive: the headless shell where it is installed."""
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
BROWSER_FIXTURES = frozenset({"chromium", "browser"})
"""A test that asks for one of these uses the worker's Chromium."""


def need_browser() -> None:
    """Fail (or skip, where ``TWENTYNINE_SKIP_BROWSER=1`` outside CI) saying what is
    missing for a browser test."""
    missing = []
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        pytest.fail("twentynine serve needs textual-serve: pip install -e '.[test]' again")
    if not Path(CHROMIUM).exists():
        missing.append("Chromium (apt-get install -y chromium-headless-shell)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("Playwright for Python (pip install playwright)")
    if not missing:
        return
    if os.environ.get("TWENTYNINE_SKIP_BROWSER") == "1" and not os.environ.get("CI"):
        pytest.skip("no browser here: " + ", ".join(missing))
    pytest.fail("the browser test needs " + " and ".join(missing)
                + " (or TWENTYNINE_SKIP_BROWSER=1 to skip it outside CI)")


class SharedChromium:
    """The worker's Chromium and its Playwright driver, started on first use."""

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None
        self.starts = 0

    def get(self) -> Any:
        if self._browser is None or not self._browser.is_connected():
            self.close()
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            try:
                self._browser = self._playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
            except BaseException:
                self.close()
                raise
            self.starts += 1
        return self._browser

    def close(self) -> None:
        browser, playwright = self._browser, self._playwright
        self._browser = self._playwright = None
        try:
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


SHARED = SharedChromium()


def uses_browser(item: pytest.Item) -> bool:
    return bool(BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())))


@pytest.fixture
def chromium() -> Any:
    """The worker's Chromium (see the module's docstring)."""
    need_browser()
    return SHARED.get()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The worker's Chromium; every context the test opened is closed at its end (no page
    of one test lives on into the next)."""
    before = list(chromium.contexts)
    try:
        yield chromium
    finally:
        for context in chromium.contexts:
            if context not in before:
                context.close()
