"""A card whose outcomes are too many to count (five rolls of a die: 7,776 ways) is an
ordinary card a modder writes. The exhaustive search gives way to MCTS there; the line a
plan follows, the rule of thumb's line, its graph, the hint and whole fights went on to
ask for the move's likeliest outcome, and died with ``TooManyOutcomes``. Such a move has a
drawn outcome instead, the same one every time."""
from __future__ import annotations

import random

import pytest

from dicey.ai.moves import likeliest_result
from dicey.ai.planner import Budget, make_chooser, plan_turn
from dicey.lang.chance import SampleChance, TooManyOutcomes
from dicey.rules.fight import Fight
from dicey.rules.headless import run_fight
from dicey.rules.protocol import Move
from dicey.run.brains import hero_hint
from planner_kit import mod_library

FIVE = """
equipment "Five Dice" { slots: any; on use { repeat 5 { attack(roll(1, 6)) } } }
enemy "Roller" { hp: 20; dice: 2; equipment: "Five Dice", "Sword"; goes first }
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return mod_library(tmp_path_factory.mktemp("mods"), "five", FIVE)


def roller_to_move(lib, seed: int = 1) -> Fight:
    rng = random.Random(seed)
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Roller"), rng)
    fight.begin_turn(SampleChance(rng))
    assert fight.current.name == "Roller"
    return fight


def test_the_move_cannot_be_counted_and_has_one_drawn_result_all_the_same(lib):
    fight = roller_to_move(lib)
    move = Move.place(fight.current.dice[0].value, "Five Dice")
    with pytest.raises(TooManyOutcomes):
        fight.outcomes(move)
    first, again = likeliest_result(fight, move), likeliest_result(fight, move)
    assert first.key() == again.key() and first.fighters[0].hp < 24
    assert fight.current.dice and fight.fighters[0].hp == 24      # (not changed)


@pytest.mark.parametrize("preset", ["easy", "normal"])
def test_a_plan_with_it_is_made_and_drawn(lib, preset):
    fight = roller_to_move(lib)
    budget = Budget(states=500, iterations=300, ms=None) if preset == "normal" else None
    plan = plan_turn(fight, preset=preset, budget=budget, seed=3, graph=True)
    assert plan.moves and plan.graph.nodes
    assert plan.method == ("mcts" if preset == "normal" else "greedy")
    again = plan_turn(fight, preset=preset, budget=budget, seed=3)
    assert again.moves == plan.moves


def test_the_hint_stops_at_it_as_at_any_move_left_to_chance(lib):
    fight = roller_to_move(lib)               # (the hint is for whoever is to act)
    fight.set_position(1, dice=[6, 6])
    hint = hero_hint(fight)
    cards = [m.card for m in hint.moves if not m.is_end]
    assert "Five Dice" in cards and cards[-1] == "Five Dice"
    assert hint.moves[-1].card == "Five Dice"


def test_fights_with_it_are_played_to_the_end(lib):
    for seed in range(3):
        record = run_fight(lib, lib.hero("Warrior"), lib.enemy("Roller"), seed,
                           make_chooser("normal"), make_chooser("normal"))
        assert record.outcome is not None
