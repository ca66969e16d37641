"""The AI and buttons: the planner and MCTS plan use moves, the rule of thumb uses a ready
button when its turn comes, plans name them in words, and no plan holds an illegal one."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from button_kit import button_fight, button_library
from dicey.ai.baseline import choose_move
from dicey.ai.moves import choice_key, line_texts, match_move
from dicey.ai.planner import Budget, plan_turn
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move
from planner_kit import play_planned_turn

COUNTED = Budget(ms=None)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return button_library(tmp_path_factory.mktemp("buttons"))


def charged(fight, amount=5):
    """The hero's Limit charged by ``amount`` damage taken."""
    fight._damage(1, 0, amount, "normal", "attack")
    return fight


def test_the_planner_uses_the_limit_break_that_kills(lib):
    # a Frog at 8 HP: the Sword with a 3 does 3, the limit break does 8
    f = charged(button_fight(lib, ["Sword", "Limit"], [3], opp_hp=8))
    plan = plan_turn(f, budget=COUNTED)
    assert plan.method == "exhaustive"
    assert plan.moves[0] == Move.use("Limit", 1)
    assert [m.move.action for m in plan.first_moves].count("use") == 1
    assert plan.to_json()["moves"][0] == {"action": "use", "card": "Limit"}
    # not charged: not offered, so not planned
    f = button_fight(lib, ["Sword", "Limit"], [3], opp_hp=8)
    assert all(m.action != "use" for m in plan_turn(f, budget=COUNTED).moves)


def test_mcts_uses_the_limit_break_that_kills(lib):
    f = charged(button_fight(lib, ["Sword", "Limit"], [3], opp_hp=8))
    # (no state for the exhaustive search: with one, it finds the sure win at once)
    plan = plan_turn(f, budget=Budget(states=0, iterations=200, ms=None))
    assert plan.method == "mcts" and plan.moves[0].action == "use"
    assert plan_turn(f, budget=Budget(states=1, iterations=200, ms=None)).method == \
        "exhaustive"


def test_the_planner_leaves_a_button_that_would_only_waste_its_use(lib):
    # Careful Button cancels itself while the target has more than 20 HP: its use would be
    # spent for nothing, and the planner gains nothing by it
    f = button_fight(lib, ["Sword", "Careful Button"], [4], opp_hp=12)
    f.set_position(1, max_hp=30, hp=30)
    plan = plan_turn(f, budget=COUNTED)
    assert plan.moves[0] == Move.place(4, "Sword", 0, 0)


def test_the_rule_of_thumb_uses_a_ready_button_in_its_turn_left_to_right(lib):
    f = button_fight(lib, ["Buzzer", "Sword"], [3])
    assert choose_move(f, random.Random(0)) == Move.use("Buzzer", 0)
    f = button_fight(lib, ["Sword", "Buzzer"], [3])
    assert choose_move(f, random.Random(0)) == Move.place(3, "Sword", 0, 0)
    # the Sword takes no 3 once used: then the button's turn comes
    f.apply(Move.place(3, "Sword", 0, 0), SampleChance(random.Random(0)))
    assert choose_move(f, None) == Move.use("Buzzer", 1)
    # a button not ready is passed over
    f = button_fight(lib, ["Low Button", "Sword"], [3], hp=20)
    assert choose_move(f, None) == Move.place(3, "Sword", 0, 1)
    f.set_position(0, hp=10)
    assert choose_move(f, None) == Move.use("Low Button", 0)


def test_the_rule_of_thumb_plays_a_turn_of_buttons_out(lib):
    f = button_fight(lib, ["Buzzer", "Sword"], [3, 5])
    made = []
    while not f.turn_over:
        move = choose_move(f, None)
        made.append(str(move))
        f.apply(move, SampleChance(random.Random(0)))
    assert made == ["use Buzzer", "use Buzzer", "5 → Sword", "end turn"]


def test_a_use_move_is_a_choice_of_its_own_and_reads_in_words(lib):
    f = charged(button_fight(lib, ["Limit+", "Buzzer"], [2]), 3)
    use = Move.use("Limit", 0)
    key = choice_key(f, use)
    assert key[0] == "use" and match_move(f, key) == use
    # the line's texts name the card as it reads (upgraded)
    assert line_texts(f, [use, Move.use("Buzzer", 1), Move.end()]) == [
        "use Limit+", "use Buzzer", "end turn"]


def test_a_plan_with_a_use_move_has_a_graph(lib):
    f = charged(button_fight(lib, ["Sword", "Limit"], [3], opp_hp=8))
    plan = plan_turn(f, budget=COUNTED, graph=True)
    assert any("use Limit" in edge.label for edge in plan.graph.edges)


BUTTON_CARDS = ["Limit", "Buzzer", "Low Button", "Careful Button", "Echo", "Broken Button",
                "Sword", "Dagger", "Shield"]


@settings(max_examples=30, deadline=None)
@given(cards=st.lists(st.sampled_from(BUTTON_CARDS), min_size=1, max_size=4),
       dice=st.lists(st.integers(1, 6), max_size=4), hp=st.integers(5, 30),
       charge=st.integers(0, 8), statuses=st.dictionaries(
           st.sampled_from(["curse", "fury", "dodge", "reequip"]), st.integers(1, 2)),
       shocked=st.booleans(), states=st.sampled_from([3, 40, 5000]), seed=st.integers(0, 99))
def test_no_plan_ever_contains_an_illegal_use_move(lib, cards, dice, hp, charge, statuses,
                                                   shocked, states, seed):
    f = button_fight(lib, cards, dice, hp=hp, statuses=statuses,
                     shocked=[cards[0]] if shocked else ())
    if charge:
        f._damage(1, 0, charge, "normal", "hurt")
    if not f.turn_over:
        play_planned_turn(f, states, seed)


FURY = """title = "Fury, charged"
[actor]
fighter = "Warrior"
equipment = ["Sword", "Fury"]
dice = [6]
hp = 10
vars = { "Fury" = { charge = 8 } }
[opponent]
fighter = "Frog"
hp = 12
[search]
ms = "none"
"""


def test_a_scenario_charges_a_limit_break_and_the_plan_uses_it(base_library):
    import tomllib

    from dicey.ai.scenario import parse_scenario

    scenario = parse_scenario(tomllib.loads(FURY), "fury.toml")
    fight = scenario.fight(base_library)
    assert dict(fight.fighters[0].cards[1].vars) == {"charge": 8}
    plan = plan_turn(fight, budget=scenario.budget, seed=scenario.seed)
    # Fury, then the 6 on the Sword twice: the Frog's 12 HP
    assert [str(m) for m in plan.moves] == ["use Fury", "6 → Sword"]
    uncharged = parse_scenario(tomllib.loads(FURY.replace("charge = 8", "charge = 7")))
    assert all(m.action != "use" for m in uncharged.fight(base_library).legal_moves())


@pytest.mark.parametrize("edit, message", [
    (("charge = 8", "chrage = 8"), "[actor] vars: Fury has no variable 'chrage' (did you "
                                   "mean 'charge'?) (its variables: charge)"),
    (('"Fury" = {', '"Fuyr" = {'), "[actor] vars: Warrior has no card 'Fuyr' (did you mean "
                                   "'Fury'?)"),
    (("charge = 8", 'charge = "full"'), "[actor] vars: Fury: charge is a number (the card "
                                        "declares it so), not 'full'"),
    (("charge = 8", "charge = 1000001"), "[actor] vars: Fury: charge: 1000001 is out of "
                                         "range"),
    (('"Fury" = { charge = 8 }', '"Sword" = { charge = 8 }'),
     "[actor] vars: Sword has no variable 'charge' (its variables: none)"),
])
def test_a_scenario_s_card_variables_are_checked(base_library, edit, message):
    import tomllib

    from dicey.ai.scenario import ScenarioError, parse_scenario

    with pytest.raises(ScenarioError) as err:
        parse_scenario(tomllib.loads(FURY.replace(*edit)), "fury.toml").fight(base_library)
    assert message in str(err.value)


def test_a_limit_break_is_kept_for_a_big_turn_by_an_enemy_that_says_so(library):
    """The planner spends a charged once-a-fight card on any turn it gains more than
    ``reserve`` by it: Fury doubles a 2. ``score { reserve: 300 }`` makes it wait for a 6."""
    from dicey.ai.score import Scorer, Weights
    from dicey.rules.fight import Fight

    def rager_plan(dice, reserve=None):
        fight = Fight.start(library, library.enemy("Frog"), library.hero("Warrior"),
                            random.Random(0))
        fight.set_position(0, equipment=["Sword", "Shield", "Fury"], dice=dice,
                           card_vars={"Fury": {"charge": 8}})
        weights = Weights().with_overrides({"reserve": reserve}) if reserve else None
        scorer = Scorer(fight, weights=weights)
        return [str(m) for m in plan_turn(fight, budget=COUNTED, scorer=scorer).moves]

    assert "use Fury" in rager_plan([2, 1])                    # the table's 10: spent
    assert "use Fury" not in rager_plan([2, 1], reserve=300)   # kept for a big turn
    assert "use Fury" in rager_plan([6, 5], reserve=300)       # and spent on one
