"""Fixtures for the planner tests: the engine's hand-made kit and the reference positions."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
RULES = HERE.parent / "rules"
if str(RULES) not in sys.path:
    sys.path.append(str(RULES))   # after pytest's own entries: "conftest" stays theirs

ROOT = HERE.parent.parent
SCENARIOS = ROOT / "scenarios"
#: Reference positions the exhaustive search solves within their own budgets.
SOLVABLE = ("frog", "handyman", "countdown", "poison")


@pytest.fixture(scope="session")
def reference(library):
    """``reference(name)``: a reference position's scenario and a fresh fight of it."""
    from dicey.ai.scenario import load_scenario

    def get(name: str):
        scenario = load_scenario(SCENARIOS / f"{name}.toml")
        return scenario, scenario.fight(library)
    return get
