"""``dicey plan --explain``: each first move's expected score split by what earns it."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.ai.explain import Unexplained, explain
from dicey.ai.planner import Budget, plan_turn
from dicey.ai.score import PARTS, Scorer
from dicey.ai.search import Expectimax
from dicey.rules.fight import Fight
from planner_kit import SCENARIOS, SOLVABLE, reference  # noqa: F401
from rules_kit import LIB, position


def _check_sums(explained, plan) -> None:
    values = {str(f.move): f.value for f in plan.first_moves}
    assert sorted(values) == sorted(str(e.move) for e in explained)
    for e in explained:
        assert set(e.parts) == set(PARTS)
        assert sum(e.parts.values()) == pytest.approx(e.value, abs=1e-6)
        assert e.value == pytest.approx(values[str(e.move)], abs=1e-6)


@pytest.mark.parametrize("name", SOLVABLE)
def test_the_parts_add_up_to_every_first_moves_exact_value(reference, name):
    scenario, fight = reference(name)
    plan = plan_turn(fight, budget=scenario.budget, seed=scenario.seed)
    explained = explain(fight, scenario.budget)
    _check_sums(explained, plan)
    assert str(explained[0].move) == str(plan.first_moves[0].move)


def test_the_frogs_two_plans_differ_by_their_damage_and_shield(reference):
    scenario, fight = reference("frog")
    parts = {str(e.move): e.parts for e in explain(fight, scenario.budget)}
    # 3 on the Sword and 1 on the Shield against 1 on the Sword and 3 on the Shield:
    # two more damage (200) for two less shield (80)
    best, other = parts["3 → Sword"], parts["1 → Sword"]
    assert (best["damage"], best["own statuses"]) == (300, 40)
    assert (other["damage"], other["own statuses"]) == (100, 120)
    assert parts["end turn"]["dice left"] == 20


def test_a_turn_that_wins_the_fight_is_the_win_and_the_hp_kept():
    fight = position([6, 2], ["sword", "shield"], opp_hp=4)
    explained = explain(fight, Budget(states=1000))
    _check_sums(explained, plan_turn(fight, budget=Budget(states=1000, ms=None)))
    best = explained[0]
    assert str(best.move) == "6 → Sword"
    # the win, the Frog's last 4 HP; nothing else of the turn counts once it is won
    assert best.parts["win or loss"] == 1_000_000 and best.parts["damage"] == 400
    assert best.parts["moves"] == -1 and best.parts["dice left"] == 0


def test_a_turn_too_large_is_not_explained(reference):
    scenario, fight = reference("handyman")
    with pytest.raises(Unexplained, match="too large"):
        explain(fight, Budget(states=5))
    with pytest.raises(Unexplained, match="more than 3 states to follow"):
        explain(fight, scenario.budget, limit=3)


def test_plan_explain_prints_a_row_a_first_move(cli):
    code, out, err = cli("plan", str(SCENARIOS / "frog.toml"), "--explain")
    assert code == 0, err
    why = out[out.index("why (each first move's expected score"):].splitlines()
    assert why[1].split() == ["damage", "own", "status", "cards", "moves", "dice", "left",
                              "total"]
    assert why[2].split() == ["3", "→", "Sword", "300", "40", "20", "-2", "0", "358"]
    assert why[-1].split() == ["end", "turn", "0", "0", "0", "0", "20", "20"]


def test_plan_explain_in_json_and_when_the_plan_is_a_guess(cli):
    code, out, err = cli("plan", str(SCENARIOS / "handyman.toml"), "--explain", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [e["text"] for e in data["explain"]] == [f["text"] for f in data["first_moves"]]
    for e in data["explain"]:
        assert sum(e["parts"].values()) == pytest.approx(e["expected_score"], abs=0.01)
    code, out, err = cli("plan", str(SCENARIOS / "big.toml"), "--explain")
    assert code == 0, err
    assert "not explained: the plan is MCTS's estimate" in out
    # the rule of thumb's plan is not the search's: its moves have no exact parts to show
    code, out, err = cli("plan", str(SCENARIOS / "handyman.toml"), "--explain", "--ms", "0.01")
    assert code == 0, err
    assert "plan (greedy" in out and "not explained: the plan is the rule of thumb's" in out


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.sampled_from(sorted(LIB.equipment)), min_size=1, max_size=3),
       dice=st.lists(st.integers(1, 6), min_size=1, max_size=3),
       statuses=st.dictionaries(st.sampled_from(["poison", "shield", "burn", "thorns",
                                                 "fury", "dodge"]), st.integers(1, 3)),
       opp_hp=st.integers(1, 20))
def test_the_parts_add_up_on_any_position(cards, dice, statuses, opp_hp):
    fight = position(dice, cards, statuses=statuses, opp_hp=opp_hp)
    budget = Budget(states=3000, moves=30_000, ms=None)
    plan = plan_turn(fight, budget=budget)
    if plan.method != "exhaustive":
        return
    _check_sums(explain(fight, budget), plan)


def test_a_turn_a_sure_win_cut_short_is_explained_within_the_budget_or_said_not_to_be(
        base_library):
    # The Frog at 7 HP: a sure win ends the search after 6 states; the moves it spared
    # are searched for the breakdown, which the same budget does not hold.
    f = Fight.start(base_library, base_library.hero("Warrior"), base_library.enemy("Frog"),
                    random.Random(1))
    f.set_position(1, hp=7)
    f.set_position(0, dice=[6, 5, 4, 3], equipment=["Sword", "Shield", "Dagger", "Sword"])
    root = f.copy(simulation=True, log=False)
    search = Expectimax(Scorer(root))
    search.solve(root)
    with pytest.raises(Unexplained, match="too large"):
        explain(f, Budget(states=search.states))
    explained = explain(f, Budget(states=20_000))
    _check_sums(explained, plan_turn(f, budget=Budget(states=20_000, ms=None)))
