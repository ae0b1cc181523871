"""The build backend: setuptools' own, asking for mypyc only where it will compile.

``setup.py`` compiles the engine with mypyc for ``pip install .`` and leaves a development
install (``pip install -e .``) pure Python.  Listed as static build requirements, mypyc
(mypy) and the types it reads (aiohttp, segno) were installed into the isolated build
environment of every install, a development install too: about 17 s and 15 s of CPU of
the 50 s the development install takes, for a build that compiles nothing.  Here they are
asked for only by the builds that compile: a wheel (unless ``TWENTYNINE_PURE``), and an
editable install with ``TWENTYNINE_COMPILE`` (tests/test_build.py checks each case).
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 (the backend's other hooks, unchanged)
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

COMPILE_REQUIRES = ["mypy>=1.10", "aiohttp>=3.9", "segno>=1.5"]
"""What setup.py's mypyc build needs: mypy ships mypyc; aiohttp and segno give it the
table server's types."""


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "yes", "true", "on")


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None
                                 ) -> list[str]:
    """A wheel is compiled unless ``TWENTYNINE_PURE`` says not to."""
    extra = [] if _flag("TWENTYNINE_PURE") else COMPILE_REQUIRES
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None
                                    ) -> list[str]:
    """An editable install stays pure Python unless ``TWENTYNINE_COMPILE`` asks."""
    extra = COMPILE_REQUIRES if _flag("TWENTYNINE_COMPILE") else []
    return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]
