"""``dicey plan --explain``: each first move's expected score split by what earns it."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.ai.explain import Explained, Unexplained, apportioned, explain
from dicey.ai.moves import move_text
from dicey.ai.planner import Budget, plan_turn
from dicey.ai.score import PARTS, Scorer
from dicey.ai.search import Expectimax
from dicey.commands.plan import PART_HEADS, why_text
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
    assert why[6].split() == ["end", "turn", "0", "0", "0", "0", "20", "20"]
    assert why[7:] == ["  cards: cards used",          # then what the columns hold
                       "  dice left: the pips of the dice left unused at the turn's end"]


def test_plan_explain_in_json_and_when_the_plan_is_a_guess(cli):
    code, out, err = cli("plan", str(SCENARIOS / "handyman.toml"), "--explain", "--json")
    assert code == 0, err
    data = json.loads(out)
    why = data["explain"]
    assert (why["explained"], why["reason"]) == (True, None)
    rows = why["first_moves"]
    assert [e["text"] for e in rows] == [f["text"] for f in data["first_moves"]]
    for e in rows:        # (to the last of the four decimals)
        assert round(sum(Decimal(str(v)) for v in e["parts"].values()), 4) == \
            Decimal(str(e["expected_score"]))
    code, out, err = cli("plan", str(SCENARIOS / "big.toml"), "--explain")
    assert code == 0, err
    assert "not explained: the plan is MCTS's estimate" in out
    # one shape whatever the case: an object with a reason when there is no breakdown
    code, out, err = cli("plan", str(SCENARIOS / "big.toml"), "--explain", "--json")
    assert code == 0, err
    why = json.loads(out)["explain"]
    assert why["explained"] is False and why["first_moves"] == []
    assert why["reason"].startswith("the plan is MCTS's estimate")
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
    plan = plan_turn(fight, budget=budget, keep_search=True)
    if plan.method != "exhaustive":
        return
    explained = explain(fight, budget, search=plan.search)
    _check_sums(explained, plan)
    _check_printed_rows(fight, explained)


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


# ------------------------------------------- the plan's own search, followed (not solved again)

@pytest.mark.parametrize("name", SOLVABLE)
def test_the_breakdown_follows_the_plans_search_and_solves_no_state_again(reference, name):
    """An exact plan keeps its search; the breakdown follows its memo: not one state
    expanded beyond the plan's, the same rows as a breakdown that solves the turn anew."""
    scenario, fight = reference(name)
    plan = plan_turn(fight, budget=scenario.budget, seed=scenario.seed, keep_search=True)
    assert plan.method == "exhaustive" and plan.search is not None
    states, nodes = plan.search.states, plan.search.nodes
    followed = explain(fight, scenario.budget, search=plan.search)
    assert plan.search.states == states           # no state solved again, none new
    _check_sums(followed, plan)
    anew = explain(fight, scenario.budget)
    assert [(str(e.move), round(e.value, 6)) for e in followed] == \
        [(str(e.move), round(e.value, 6)) for e in anew]
    for mine, theirs in zip(followed, anew):
        assert mine.parts == pytest.approx(theirs.parts, abs=1e-6)
    if name == "countdown":      # following costs a fraction of the moves solving did
        assert plan.search.nodes - nodes < plan.searched / 5


def test_a_plan_keeps_its_search_only_when_asked(reference):
    scenario, fight = reference("frog")
    assert plan_turn(fight, budget=scenario.budget).search is None
    assert plan_turn(fight, budget=scenario.budget, keep_search=True).search is not None
    scenario, fight = reference("big")      # MCTS: no exact search to keep
    assert plan_turn(fight, budget=replace(scenario.budget, iterations=50),
                     keep_search=True).search is None


def test_dicey_plan_explain_solves_the_turn_once(cli, monkeypatch):
    """`dicey plan --explain` searched the turn twice (14 s more on chance.toml, silently):
    the command now solves it once, for the plan, and follows that search."""
    solved = []
    real = Expectimax.solve

    def counting(self, root):
        solved.append(root.key())
        return real(self, root)
    monkeypatch.setattr(Expectimax, "solve", counting)
    code, out, err = cli("plan", str(SCENARIOS / "countdown.toml"), "--explain")
    assert code == 0, err
    assert "why (each first move's expected score" in out and "not explained" not in out
    assert len(solved) == 1


# ------------------------------------------------------------- rows that add up as printed

def _check_printed_rows(fight, explained) -> None:
    """Each row of the table: its printed parts add up to its printed total exactly, and
    the total is the move's value to the cent."""
    table = why_text(fight, explained).splitlines()
    labels = [move_text(fight, e.move) for e in explained]
    width = 2 + max(map(len, labels))                    # (the moves' column)
    rows = table[2:2 + len(explained)]
    assert [line[2:width].rstrip() for line in rows] == labels
    for line, e in zip(rows, explained):
        cells = [Decimal(c) for c in line[width:].split()]
        assert sum(cells[:-1]) == cells[-1], line
        assert abs(cells[-1] - Decimal(str(round(e.value, 2)))) <= Decimal("0.01")


def test_chance_rows_that_were_a_cent_off_add_up(reference):
    """chance.toml's row printed 1977.13 + 44907.41 + 107.26 − 11.27 + 17.69 = 46998.22
    against a total of 46998.23: apportioned, the parts add up to the total."""
    parts = {"damage": 1977.1349, "win or loss": 44907.4149, "cards used": 107.2649,
             "moves": -11.2749, "dice left": 17.6949}
    cents = apportioned(parts, sum(parts.values()))
    assert sum(cents.values()) == 4699823
    assert sum(round(w * 100) for w in parts.values()) == 4699822     # (rounded one by one)
    _, fight = reference("frog")
    row = Explained(fight.legal_moves()[0], sum(parts.values()),
                    {**dict.fromkeys(PARTS, 0.0), **parts})
    _check_printed_rows(fight, [row])
    assert why_text(fight, [row]).splitlines()[2].split()[-1] == "46998.23"


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(PARTS),
                       st.floats(-1e6, 1e6, allow_nan=False).map(lambda x: round(x, 6)),
                       min_size=1),
       st.sampled_from([2, 4]))
def test_apportioned_parts_add_up_to_the_rounded_total(parts, places):
    total = sum(parts.values())
    units = apportioned(parts, total, places)
    scale = 10 ** places
    assert sum(units.values()) == round(total * scale)
    for part, worth in parts.items():        # each at most one unit off its own rounding
        assert abs(units[part] - worth * scale) < 1 + 1e-6
        if worth * scale == int(worth * scale):  # a whole number of units stays so
            assert units[part] == worth * scale


@pytest.mark.parametrize("name", SOLVABLE)
def test_every_printed_row_adds_up_on_the_reference_positions(reference, name):
    scenario, fight = reference(name)
    plan = plan_turn(fight, budget=scenario.budget, seed=scenario.seed, keep_search=True)
    _check_printed_rows(fight, explain(fight, scenario.budget, search=plan.search))


# ---------------------------------------------------------------- what a reader can place

def test_json_parts_are_named_as_the_tables_columns(cli):
    code, out, err = cli("plan", str(SCENARIOS / "poison.toml"), "--explain")
    assert code == 0, err
    table = out[out.index("why (each first move's"):].splitlines()
    heads = [h for h in PART_HEADS.values() if f"  {h}  " in table[1] + "  "]
    code, out, err = cli("plan", str(SCENARIOS / "poison.toml"), "--explain", "--json")
    named = {name for e in json.loads(out)["explain"]["first_moves"] for name in e["parts"]}
    assert named == set(heads) and "own status" in named and "bonus" in named


def test_a_legend_says_the_columns_a_reader_cannot_place(cli):
    code, out, err = cli("plan", str(SCENARIOS / "countdown.toml"), "--explain")
    assert code == 0, err
    why = out[out.index("why (each first move's"):]
    assert "charge: the countdowns' charge at the turn's end less at its start: negative" \
        in " ".join(why.split())
    assert "\n  bonus:" not in why           # (a column not shown has no line)
    code, out, err = cli("plan", str(SCENARIOS / "poison.toml"), "--explain")
    assert "\n  bonus: the points bonus() gave (Shriek)\n" in out
    assert "\n  charge:" not in out


def test_the_header_shows_pinned_card_variables_dice_and_level(cli, tmp_path):
    path = tmp_path / "pinned.toml"
    path.write_text('[actor]\nfighter = "Warrior"\ndice = [4, 3]\ndice_count = 5\n'
                    'vars = { "fury" = { charge = 6 } }\n'
                    'equipment = ["Sword", "Shield", "Fury"]\n\n'
                    '[opponent]\nfighter = "Frog"\ndice_count = 3\nlevel = 4\n',
                    encoding="utf-8")
    code, out, err = cli("plan", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert "  Warrior: rolls 5 dice a turn" in lines
    assert "  Frog: rolls 3 dice a turn, level 4" in lines
    assert "  Warrior's cards: Fury charge = 6" in lines
    code, out, err = cli("plan", str(SCENARIOS / "frog.toml"))    # nothing pinned: no line
    assert "rolls" not in out and "level" not in out and "cards:" not in out


def test_a_winning_rows_status_columns_are_said_to_be_no_cost(cli, tmp_path):
    """A win counts the statuses the turn leaves as nothing, so the opponent's 3 poison
    (270 at the table's 90) shows as -270 in the winning rows: the legend says why."""
    path = tmp_path / "win.toml"
    path.write_text('[actor]\nfighter = "Warrior"\ndice = [6, 2]\n'
                    'equipment = ["Sword", "Shield"]\n\n'
                    '[opponent]\nfighter = "Frog"\nhp = 6\nstatuses = { poison = 3 }\n',
                    encoding="utf-8")
    code, out, err = cli("plan", str(path), "--explain")
    assert code == 0, err
    why = out[out.index("why (each first move's"):]
    row = next(line for line in why.splitlines() if line.startswith("  6 → Sword"))
    assert "-270" in row.split() and "1000000" in row.split()
    assert "a winning row's status columns take back the stacks the turn started with: " \
           "not a cost of the move" in " ".join(why.split())
    code, out, err = cli("plan", str(SCENARIOS / "frog.toml"), "--explain")
    assert "\n  win/loss:" not in out          # (no win in reach: no column, no line)
