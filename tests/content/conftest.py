"""Fixtures for tests of the real content (helpers live in ``content_kit``)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def lib(base_library):
    """The base game alone, so the example mods' overrides never change a card's test."""
    assert base_library.errors == [], base_library.render_diagnostics()
    return base_library
