"""Fixtures for the run tests: the hand-made kits are importable (``run_kit``, ``rules_kit``)."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "rules"):
    if str(folder) not in sys.path:
        sys.path.append(str(folder))   # after pytest's own entries: "conftest" stays theirs
