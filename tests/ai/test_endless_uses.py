"""Cards used without end (FightRules.endless: no number of uses, and a button or a card
that may give dice back) earn ``card_used`` only for a use that spent a die, so a loop of
uses that only churn is worth nothing: a fireproof Kiln (tests/data/pyre) that rerolls a
burning die, rerolling 6s until the turn's limit of 200 moves, and a button that gives a
copy of itself (tests/data/echo), filling the grid to the limit of cards."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from dicey.ai.planner import Budget, make_chooser, plan_turn
from dicey.ai.scenario import load_scenario
from dicey.library import load_library
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.headless import run_fight
from planner_kit import ROOT
from rules_kit import play

DATA = ROOT / "tests" / "data"
#: A budget of counts only: the same plans on any machine.
BUDGET = Budget(states=5_000, iterations=1_000, ms=None)


@pytest.fixture(scope="module")
def pyre():
    return load_library(mod_dirs=[DATA / "pyre"])


@pytest.fixture(scope="module")
def echo():
    return load_library(mod_dirs=[DATA / "echo"])


def uses_a_turn(library, hero: str, enemy: str, seed: int, card: str) -> Counter:
    """How often ``enemy`` (planning at normal, with :data:`BUDGET`) used ``card`` in
    each of its turns of a seeded fight against ``hero`` (the rule of thumb)."""
    record = run_fight(library, library.hero(hero), library.enemy(enemy), seed,
                       make_chooser("easy"), make_chooser("normal", BUDGET, clock=False))
    turn, used = 0, Counter()
    for event in record.events:
        if isinstance(event, E.TurnStarted):
            turn = event.turn
        elif isinstance(event, E.Fired) and event.side == 1 and event.card == card:
            used[turn] += 1
    return used


def test_a_burning_six_goes_on_the_firebrand_not_round_the_kiln(pyre):
    """Rerolling a 6 can never beat placing it: the best it gives back is another 6, a
    move later. Each reroll was paid 10 (a card used), and the plan rerolled."""
    scenario = load_scenario(DATA / "pyre_kiln.toml")
    fight = scenario.fight(pyre)
    plan = plan_turn(fight, budget=replace(scenario.budget, ms=None), seed=scenario.seed)
    assert [str(m) for m in plan.moves] == ["6 → Firebrand", "end turn"]
    values = {str(f.move): f.value for f in plan.first_moves}
    assert values["6 → Kiln"] < values["6 → Firebrand"] - 100


def test_a_use_that_gives_its_die_back_earns_no_card_used(pyre):
    scenario = load_scenario(DATA / "pyre_kiln.toml")
    fight = scenario.fight(pyre)
    fight.set_position(1, dice=[6, 6], burning=[0, 1])
    play(fight, "6 → Kiln")                 # a burning die back for the 6
    assert fight.turn_cards_used == 0
    play(fight, "6 → Firebrand")
    assert fight.turn_cards_used == 1


def test_the_kiln_enemy_uses_it_a_few_times_a_turn(pyre):
    """It used to go round the Kiln to the turn's move limit (194, 181 and 197 uses in
    its turns of this fight); a reroll of a low die is still worth a use or a few."""
    used = uses_a_turn(pyre, "Juggler", "Disco Golem", 3, "Kiln")
    assert used and max(used.values()) <= 20, used


def test_a_button_that_gives_itself_is_not_pressed_to_fill_the_grid(echo):
    """Each press gave one more Echo Box and earned 10: the Imp filled its grid to the
    limit of 24 cards, its turns' searches with it."""
    used = uses_a_turn(echo, "Warrior", "Echo Imp", 1, "Echo Box")
    assert max(used.values(), default=0) <= 1, used


def test_a_reroll_that_comes_back_is_a_loop_the_search_sees(pyre):
    """The Kiln's uses are not counted (no script reads the counts): a 6 rerolled into a 6
    is the position it was, so the turn is solved exactly rather than sampled (each reroll
    was a new state, to the turn's limit of moves)."""
    scenario = load_scenario(DATA / "pyre_kiln.toml")
    plan = plan_turn(scenario.fight(pyre), budget=replace(scenario.budget, ms=None),
                     seed=scenario.seed)
    assert plan.method == "exhaustive" and plan.states < 100


def test_a_turn_round_a_loop_by_chance_is_not_explained(cli):
    """What a state on such a loop is worth depends on the way the search came to it: the
    lines followed would not add up to the first moves' values."""
    code, out, err = cli("plan", str(DATA / "pyre_kiln.toml"), "--mods", str(DATA / "pyre"),
                         "--explain")
    assert code == 0, err
    assert "1. 6 → Firebrand" in out
    assert "not explained: the turn goes round a loop" in out


def test_the_copies_of_a_button_are_one_card_to_the_search(echo):
    """Its copies' counts of uses made each of them a card of its own, and a turn of them
    more states than the budget (MCTS, 20,000 states, every turn of the Imp's)."""
    fight = echo_turn(echo)
    plan = plan_turn(fight, budget=Budget(states=20_000, iterations=1_000, ms=None), seed=1)
    assert plan.method == "exhaustive" and plan.states < 200
    assert "use Echo Box" not in [str(m) for m in plan.moves]


def echo_turn(library) -> Fight:
    """The Echo Imp to move with a 2 and a 5, its Echo Box and Sword."""
    fight = Fight.start(library, library.hero("Warrior"), library.enemy("Echo Imp"),
                        random.Random(0))
    fight.set_position(1, dice=[2, 5])
    assert fight.actor == 1
    return fight
