"""Fixtures for the UI tests: a small fixed dungeon (``tui_kit``), a save folder per test,
and an app that plays the enemy without delay."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "run", HERE.parent / "rules"):
    if str(folder) not in sys.path:
        sys.path.append(str(folder))   # after pytest's own entries: "conftest" stays theirs


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh save folder (``$DICEY_HOME``) for the test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("DICEY_HOME", str(folder))
    return folder
