"""Shared fixtures: the loaded base game (once per session) and the repository's paths."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def library():
    """The base game and bundled mods (shared: tests must not mutate it)."""
    from dicey.library import default_library

    return default_library()


@pytest.fixture(scope="session")
def base_library():
    """The base game alone."""
    from dicey.library import default_library

    return default_library(use_mods=False)
