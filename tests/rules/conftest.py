"""Fixtures for the rules tests: the hand-made kit is importable as ``rules_kit``."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
