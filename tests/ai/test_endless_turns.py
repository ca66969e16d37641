"""A card that gives its die back (``uses: unlimited; on use { give(d) }``) could be played
for ever: a turn has at most ``MAX_MOVES_PER_TURN`` place and release moves, then only
ending it is legal (and such a use, which changes nothing, is not counted: the search sees
the loop). So the rules, the exhaustive search, MCTS, a plan and a fight all end.
Two cards that turn into each other and give the die back lead to the very state they left:
the search goes round such a loop once, never again."""
from __future__ import annotations

import random

import pytest

from dicey.ai.baseline import choose_move
from dicey.ai.planner import Budget, make_chooser, plan_turn
from dicey.lang.chance import SampleChance
from dicey.rules.events import Placed, TurnStarted
from dicey.rules.fight import MAX_MOVES_PER_TURN, Fight
from dicey.rules.headless import run_fight
from dicey.rules.protocol import IllegalMoveError, Move
from planner_kit import mod_library

ECHO = """
equipment "Echo" { slots: any; uses: unlimited; on use { give(d) } }
enemy "Echoer" { hp: 20; dice: 2; equipment: "Echo", "Sword"; goes first }
equipment "Flip" { slots: any; on use { give(d); replace_with("Flop") } }
equipment "Flop" { slots: any; on use { give(d); replace_with("Flip") } }
enemy "Flipper" { hp: 20; dice: 2; equipment: "Flip", "Sword"; goes first }
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return mod_library(tmp_path_factory.mktemp("mods"), "echo", ECHO)


def echoer_to_move(lib, seed: int = 1, enemy: str = "Echoer") -> Fight:
    rng = random.Random(seed)
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy(enemy), rng)
    fight.begin_turn(SampleChance(rng))
    assert fight.current.name == enemy
    return fight


def test_after_the_limit_only_ending_the_turn_is_legal(lib):
    fight = echoer_to_move(lib)
    chance = SampleChance(random.Random(2))
    die = fight.current.dice[0].value
    for _ in range(MAX_MOVES_PER_TURN):
        assert len(fight.legal_moves()) > 1
        fight.apply(Move.place(die, "Echo"), chance)    # the die comes straight back
    assert fight.legal_moves() == [Move.end()] and fight.all_moves() == [Move.end()]
    with pytest.raises(IllegalMoveError, match=f"at most {MAX_MOVES_PER_TURN} moves"):
        fight.apply(Move.place(die, "Echo"), chance)
    fight.apply(Move.end(), chance)
    assert fight.current.name == "Warrior"


@pytest.mark.parametrize("preset, budget", [("normal", None),
                                            ("normal", Budget(states=2, iterations=200,
                                                              ms=None))])
def test_the_planner_plans_such_a_turn_to_its_end(lib, preset, budget):
    plan = plan_turn(echoer_to_move(lib), preset=preset, budget=budget, seed=3)
    assert plan.moves and plan.moves[-1].is_end
    assert len(plan.moves) <= MAX_MOVES_PER_TURN + 1
    assert plan.method == ("exhaustive" if budget is None else "mcts")


def test_the_echo_gives_nothing_so_the_search_sees_its_loop(lib):
    """The Echo's use changes nothing but the counts of uses, which no script reads: it
    is not counted (docs/rules.md, firing a card), so the state after it is the state
    before it, and the search solves the turn in a handful of states (before, each use
    was a new state worth card_used more, and the turn went to its move limit)."""
    plan = plan_turn(echoer_to_move(lib), budget=Budget(states=50, iterations=200, ms=None),
                     seed=3)
    assert plan.method == "exhaustive" and plan.states <= 5
    assert all(m.card != "Echo" for m in plan.moves if not m.is_end)


def test_a_fight_with_it_ends_and_no_turn_passes_the_limit(lib):
    record = run_fight(lib, lib.hero("Warrior"), lib.enemy("Echoer"), 4, choose_move,
                       make_chooser("normal", clock=False))
    assert record.outcome is not None
    placed = 0
    for event in record.events:
        if isinstance(event, TurnStarted):
            placed = 0
        elif isinstance(event, Placed):
            placed += 1
            assert placed <= MAX_MOVES_PER_TURN


def test_a_loop_back_to_the_same_state_is_gone_round_once(lib):
    fight = echoer_to_move(lib, enemy="Flipper")
    after, chance = fight.copy(), SampleChance(random.Random(5))
    die = fight.current.dice[0].value
    after.apply(Move.place(die, "Flip"), chance)
    after.apply(Move.place(die, "Flop"), chance)
    assert after.key() == fight.key()                # the very state it left
    plan = plan_turn(fight, seed=1)
    assert plan.method == "exhaustive" and plan.states <= 20
    assert len(plan.moves) <= 4 and plan.moves[-1].is_end
