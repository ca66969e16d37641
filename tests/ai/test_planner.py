"""The planner API: methods, budgets, plans that are always legal, the presets, the hint."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.ai.baseline import PRESETS, choose_move, load_presets, preset
from dicey.ai.planner import Budget, hint, make_chooser, plan_turn
from dicey.ai.score import Scorer
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move
# planner_kit: reference is a fixture; it puts the kit on the path.
from planner_kit import SOLVABLE, play_planned_turn, reference  # noqa: F401
from rules_kit import LIB, position


COUNTED = Budget(ms=None)          # count budgets only: reproducible


def six_dice():
    return position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "lucky_7", "antidote"])


def test_a_forced_move_returns_at_once():
    f = position([5, 6], ["poison_needle"])      # max 2: nothing fits
    plan = plan_turn(f, budget=COUNTED)
    assert plan.method == "forced" and plan.moves == [Move.end()]
    assert plan.states == 0 and plan.iterations == 0
    assert plan.expected_score == 55               # 11 pips left unused


def test_exhaustive_plan_reports_every_first_move():
    f = position([1, 3], ["sword", "shield"])
    plan = plan_turn(f, budget=COUNTED)
    assert plan.method == "exhaustive" and not plan.budget_hit
    assert len(plan.first_moves) == len(f.legal_moves())
    values = [fm.value for fm in plan.first_moves]
    assert values == sorted(values, reverse=True) and plan.expected_score == values[0]
    assert plan.states == 7 and plan.nodes > plan.states


def test_past_the_state_budget_mcts_takes_over_within_its_iterations():
    plan = plan_turn(six_dice(), budget=Budget(states=60, iterations=400, ms=None), seed=4)
    assert plan.method == "mcts" and plan.budget_hit
    assert plan.states == 60 and plan.iterations == 400
    assert all(fm.visits is not None for fm in plan.first_moves)
    assert sum(fm.visits for fm in plan.first_moves) == 400
    assert plan.moves[-1] == Move.end()


def test_it_answers_whatever_the_clock_allows():
    plan = plan_turn(six_dice(), budget=Budget(states=10**9, iterations=10**9, ms=0.01))
    assert plan.method in ("mcts", "greedy") and plan.budget_hit
    assert plan.moves and plan.moves[-1] == Move.end()


def test_easy_is_the_rule_of_thumb():
    f = six_dice()
    plan = plan_turn(f, preset="easy", seed=2)
    assert plan.method == "greedy" and plan.states == 0
    first = choose_move(f.copy(simulation=True), random.Random(2))
    assert plan.moves[0].same_choice(first)


def test_an_easy_plans_graph_values_its_line_by_where_it_ends():
    """As a searched graph does: every node on the line holds the turn's score, the root's
    the same as the leaf's (it said 0 at the root, the score so far)."""
    plan = plan_turn(six_dice(), preset="easy", seed=2, graph=True)
    leaves = [n for n in plan.graph.nodes.values() if n.kind == "leaf"]
    assert len(leaves) == 1 and leaves[0].value != 0
    assert {n.value for n in plan.graph.nodes.values()} == {leaves[0].value}
    assert plan.graph.nodes["n0"].value == plan.expected_score


@pytest.mark.parametrize("budget", [COUNTED, Budget(states=80, iterations=300, ms=None)])
def test_same_seed_same_plan(budget):
    a = plan_turn(six_dice(), budget=budget, seed=5, graph=True)
    b = plan_turn(six_dice(), budget=budget, seed=5, graph=True)
    assert json.dumps(a.to_json(timings=False)) == json.dumps(b.to_json(timings=False))
    assert [(n.id, n.label, n.value) for n in a.graph.nodes.values()] == \
        [(n.id, n.label, n.value) for n in b.graph.nodes.values()]


def test_plan_json_has_the_fields_of_ai_md():
    data = plan_turn(six_dice(), budget=COUNTED).to_json()
    assert {"method", "moves", "expected_score", "first_moves", "states", "nodes",
            "iterations", "elapsed_ms", "budget_hit", "seed"} <= set(data)
    assert data["moves"][0].keys() == {"action", "die", "card"}
    assert data["moves"][-1] == {"action": "end"}
    assert {"expected_score", "visits", "action"} <= set(data["first_moves"][0])


def test_the_decision_graph_marks_the_plan():
    f = position([4, 2], ["dice_bag", "sword"])
    plan = plan_turn(f, budget=COUNTED, graph=True)
    g = plan.graph
    kinds = {n.kind for n in g.nodes.values()}
    assert kinds == {"decision", "chance", "leaf"}
    chosen = [e for e in g.edges if e.chosen and e.source == g.root]
    assert len(chosen) == 1 and chosen[0].label == str(plan.moves[0])
    outcome = [e for e in g.edges if e.kind == "outcome"]
    assert outcome and all(0 < e.probability <= 1 for e in outcome)
    assert g.nodes[g.root].value == pytest.approx(plan.expected_score)


def test_an_mcts_plan_has_a_graph_too():
    plan = plan_turn(six_dice(), budget=Budget(states=30, iterations=200, ms=None), graph=True)
    assert plan.graph.method == "mcts" and len(plan.graph.nodes) > 1
    assert plan.graph.nodes[plan.graph.root].visits == 200


def test_the_chooser_plans_once_for_a_turn_without_chance():
    f = six_dice()
    chooser = make_chooser("normal", COUNTED)
    rng, plans = random.Random(1), set()
    while not f.turn_over:
        move = chooser(f, rng)
        assert move in f.legal_moves()
        plans.add(id(chooser.last_plan))
        f.apply(move, SampleChance(rng))
    assert len(plans) == 1


def test_the_chooser_plans_again_when_chance_surprises_it():
    f = position([5, 5, 6], ["dice_bag", "sword", "magic_missile"])
    chooser = make_chooser("normal", COUNTED)
    rng, chance = random.Random(0), SampleChance(random.Random(7))
    move = chooser(f, rng)
    plan = chooser.last_plan
    for step in plan.line:          # the plan as made, step by step
        assert move.same_choice(step.move)
        f.apply(move, chance)
        surprised = f.key() != step.expect
        if f.turn_over:
            break
        move = chooser(f, rng)
        if surprised:               # a roll the plan did not follow: a new plan
            assert chooser.last_plan is not plan
            return
        assert chooser.last_plan is plan
    pytest.fail("the roll never surprised the plan (pick another seed)")


def test_a_replan_reuses_the_memo_with_the_scorer_that_filled_it():
    f = position([5, 5, 6], ["dice_bag", "sword", "magic_missile"], hp=5,
                 statuses={"thorns": 1})
    scorer, memo = Scorer(f.copy(simulation=True, log=False)), {}
    first = plan_turn(f, budget=COUNTED, memo=memo, scorer=scorer)
    f.apply(first.moves[0], SampleChance(random.Random(7)))
    again = plan_turn(f, budget=COUNTED, memo=memo, scorer=scorer)
    fresh = plan_turn(f, budget=COUNTED, memo={}, scorer=scorer)
    assert [(str(m.move), m.value) for m in again.first_moves] == \
        [(str(m.move), m.value) for m in fresh.first_moves]
    assert again.states < fresh.states        # the memo spared the work


def test_the_chooser_keeps_one_scorer_a_turn():
    f = position([5, 5, 6], ["dice_bag", "sword", "magic_missile"])
    chooser = make_chooser("normal", COUNTED)
    rng, chance = random.Random(0), SampleChance(random.Random(7))
    scorers = set()
    while not f.turn_over:
        move = chooser(f, rng)
        scorers.add(id(chooser._turn.scorer))
        f.apply(move, chance)
    assert len(scorers) == 1


def test_presets_register_and_easy_keeps_no_plan():
    presets = load_presets()
    assert {"easy", "normal", "hard"} <= set(presets)
    f = six_dice()
    assert preset("hard")(f, random.Random(0)) in f.legal_moves()
    easy = make_chooser("easy")
    easy(f, random.Random(0))
    assert easy.last_plan is None
    with pytest.raises(KeyError, match="available: easy, hard, normal"):
        make_chooser("brilliant")
    assert PRESETS["normal"] is not make_chooser("normal")   # fresh choosers


def test_the_hint_is_the_planner_for_the_hero():
    f = position([1, 3], ["sword", "shield"])
    assert f.actor == 0 and f.current.defn.kind == "hero"
    assert hint(f).to_json(timings=False) == plan_turn(f).to_json(timings=False)


# ----------------------------------------------------------------- properties

CARDS = sorted(LIB.equipment)


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.sampled_from(CARDS), min_size=1, max_size=4),
       dice=st.lists(st.integers(1, 6), min_size=1, max_size=5),
       statuses=st.dictionaries(st.sampled_from(["poison", "curse", "fury", "burn",
                                                 "reequip"]), st.integers(1, 2)),
       shocked=st.booleans(), states=st.sampled_from([3, 40, 5000]), seed=st.integers(0, 99))
def test_no_plan_ever_contains_an_illegal_move(cards, dice, statuses, shocked, states, seed):
    f = position(dice, cards, statuses=statuses, shocked=[LIB.equipment[cards[0]].name]
                 if shocked else ())
    play_planned_turn(f, states, seed)


def policy_value(fight, scorer, pick) -> float:
    """The exact expected future score of playing ``pick`` (every chance outcome)."""
    if fight.turn_over:
        return 0.0
    move = pick(fight)
    return sum(float(p) * (scorer.transition(fight, child) + policy_value(child, scorer, pick))
               for p, child in fight.outcomes(move))


@pytest.mark.parametrize("name", SOLVABLE)
def test_normal_never_scores_below_easy(reference, name):
    scenario, fight = reference(name)
    root = fight.copy(simulation=True, log=False)
    scorer = Scorer(root)
    easy = policy_value(root, scorer, lambda s: choose_move(s, random.Random(0)))
    plan = plan_turn(fight, budget=scenario.budget, seed=scenario.seed)
    assert plan.method == "exhaustive"
    assert plan.expected_score >= easy - scorer.potential(root) - 1e-9
