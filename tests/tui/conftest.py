"""Fixtures for the UI tests: a small fixed dungeon (``tui_kit``), a save folder per test,
and an app that plays the enemy without delay."""
from __future__ import annotations

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh save folder (``$DICEY_HOME``) for the test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("DICEY_HOME", str(folder))
    return folder
