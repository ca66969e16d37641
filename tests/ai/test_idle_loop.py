"""The planners and a card whose use may change nothing (one that gives its die back):
they do not go round the loop to the turn's move limit (tests/rules/test_idle_use.py has
the rule that makes the loop one the search sees)."""
from __future__ import annotations

import random

from button_kit import FOUNTAIN, button_fight, library_fixture
from dicey.ai.baseline import play_turn
from dicey.ai.planner import Budget, plan_turn
from dicey.lang.chance import SampleChance


lib = library_fixture("fountain", FOUNTAIN)


def test_the_planner_does_not_go_round_the_loop(lib):
    """Fed 1s, the Fountain gives them back: the plan strikes with them and ends (it used
    to play the Fountain to the turn's move limit, +9 a round)."""
    fight = button_fight(lib, ["Fountain", "Dagger"], [1, 1])
    plan = plan_turn(fight, budget=Budget(states=5_000, ms=None), seed=1)
    assert [str(step.move) for step in plan.line] == ["1 → Dagger", "1 → Dagger", "end turn"]
    assert plan.states < 10


def test_the_rule_of_thumb_does_not_go_round_the_loop(lib):
    fight = button_fight(lib, ["Fountain", "Dagger"], [1, 6])
    play_turn(fight, random.Random(1), SampleChance(random.Random(1)))
    assert fight.turn_moves < 20          # 6 → six 1s, then a Dagger between Fountains
