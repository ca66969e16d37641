"""What the planner tests share: the engine's hand-made kit on the path, where the reference
positions are, which ones the exhaustive search solves, and a fixture that pins them.

(There is no ``conftest.py`` here on purpose: this folder sorts before ``tests/conftest.py``,
and a second ``conftest`` module on the path ahead of it would shadow it.)
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIOS = ROOT / "scenarios"
#: Reference positions the exhaustive search solves within their own budgets.
SOLVABLE = ("frog", "handyman", "countdown", "poison")

RULES = ROOT / "tests" / "rules"
if str(RULES) not in sys.path:
    sys.path.append(str(RULES))       # the hand-made kit: ``import rules_kit``


@pytest.fixture(scope="session")
def reference(library):
    """``reference(name)``: a reference position's scenario and a fresh fight of it."""
    from dicey.ai.scenario import load_scenario

    def get(name: str):
        scenario = load_scenario(SCENARIOS / f"{name}.toml")
        return scenario, scenario.fight(library)
    return get
