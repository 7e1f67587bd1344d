"""The build backend: setuptools', refusing to build a wheel or sdist without the fake's bundle.

A wheel built before `npm run build:pytest` installs fine and fails only when the first test
starts the fake; this makes the build itself fail, naming the fix. Editable installs are let
through (a developer builds the bundle afterwards; the plugin then says it is missing).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 (every other hook as setuptools has it)

BUNDLE = Path("src/hpe_fake_central/_bundle/index.js")


class BundleMissing(RuntimeError):
    """The fake's bundle is not in the source tree."""


def _require_bundle() -> None:
    if not BUNDLE.is_file():
        raise BundleMissing(
            f"pytest-hpe-fake-central: {BUNDLE} is missing, so this package would install "
            "without the fake it serves. Fix: run `npm run build:pytest` in the hpe-mcp-bench "
            "checkout first, then build again."
        )


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):  # type: ignore[no-untyped-def]
    _require_bundle()
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):  # type: ignore[no-untyped-def]
    _require_bundle()
    return _setuptools.build_sdist(sdist_directory, config_settings)
