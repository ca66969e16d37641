"""Fixtures for the card-language tests (helpers live in ``lang_kit``)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def symbols(base_library):
    """The base game's ids, as the checker sees them when a mod is checked on top of it."""
    from lang_kit import symbols_of

    return symbols_of(base_library)
