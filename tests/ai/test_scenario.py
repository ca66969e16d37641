"""Scenario files: the reference positions load; bad files get clear errors."""
from __future__ import annotations

import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.ai.planner import Budget, plan_turn
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move
from dicey.ai.scenario import (FIGHTER_KEYS, ScenarioError, load_scenario, parse_scenario,
                               read_scenario, reference_scenarios)

# planner_kit: reference is a fixture.
from planner_kit import SCENARIOS, reference  # noqa: F401


def test_there_are_the_six_reference_positions():
    names = {p.stem for p in reference_scenarios()}
    assert {"frog", "handyman", "chance", "countdown", "poison", "big"} <= names


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_reference_position_pins_a_turn_to_plan(path, library):
    scenario = load_scenario(path)
    fight = scenario.fight(library)
    assert not fight.turn_over and fight.current.name == library.fighter(
        scenario.actor["fighter"]).name
    assert scenario.title and scenario.text


def test_the_handyman_position_is_the_one_of_ai_md(reference):
    scenario, fight = reference("handyman")
    me, them = fight.current, fight.opponent
    assert [d.label for d in me.dice] == ["2 burn", "2 burn", "4 burn", "5 burn"]
    assert all(c.shocked for c in me.cards) and me.statuses == {"poison": 1}
    assert [c.countdown for c in me.cards if c.name == "Pea Shooter"] == [3]
    assert (them.name, them.hp, them.statuses) == ("Warrior", 30, {"shield": 2})
    assert scenario.seed == 7 and scenario.budget.ms is None


GOOD = {"actor": {"fighter": "Frog", "dice": [1, 3]}, "opponent": {"fighter": "Warrior"}}


def test_a_misspelt_preset_gets_the_one_meant_alone():
    """As on the command line: the name meant, or else (not as well) the list."""
    with pytest.raises(ScenarioError) as err:
        parse_scenario({**GOOD, "search": {"preset": "nromal"}}, "bad.toml")
    assert str(err.value) == ("bad.toml: [search] preset: unknown AI preset 'nromal' "
                              "(did you mean 'normal'?)")


@pytest.mark.parametrize("change, message", [
    ({"actor": {"fighter": "Frog", "dcie": [1]}},
     "unknown key 'dcie' in [actor] (did you mean 'dice'?)"),
    ({"actor": {"fighter": "Frog", "dice": "13"}}, "[actor] dice: expected a list of integers"),
    # (its length was read after the type was found wrong: an internal error)
    ({"actor": {"fighter": "Frog", "equipment": 1}},
     "[actor] equipment: expected a list of strings, got 1"),
    ({"actor": {"dice": [1]}}, "[actor] needs a fighter"),
    ({"opponent": None}, "missing the [opponent] table"),
    ({"search": {"ms": -1}}, "[search] ms: expected a positive number or \"none\""),
    ({"search": {"ms": float("inf")}}, "[search] ms: expected a positive number"),
    ({"search": {"ms": float("nan")}}, "[search] ms: expected a positive number"),
    ({"search": {"preset": "genius"}}, "unknown AI preset 'genius' (available: easy, hard, "
                                       "normal)"),
    ({"search": {"states": 0}}, "[search] states: expected an integer ≥ 1"),
    ({"opponent": {"fighter": "Warrior", "dice": [6, 6]}},
     "[opponent] dice: the opponent does not act here; the dice to play go in [actor]"),
    ({"search": {"seed": -1}}, "[search] seed: expected an integer ≥ 0"),
    ({"search": {"preset": ["normal"]}}, "[search] preset: expected a preset's name, got "
                                         "['normal'] (available: easy, hard, normal)"),
    ({"turn": "two"}, "turn: expected an integer"),
    ({"turn": 10 ** 12}, "turn: expected an integer from 1 to 60"),
    ({"actor": {"fighter": "Frog", "hp": -5, "dice": [1]}},
     "[actor] hp: -5 is out of range (1 to 1,000,000)"),
    ({"opponent": {"fighter": "Warrior", "statuses": {"poison": 10 ** 20}}},
     "[opponent] statuses: poison: 100000000000000000000 is out of range"),
    # no fight holds more than 9,999 stacks: a position with more is no position
    ({"opponent": {"fighter": "Warrior", "statuses": {"poison": 10_000}}},
     "[opponent] statuses: poison: 10000 is out of range (0 to 9,999)"),
    ({"actor": {"fighter": "Frog", "dice": [1], "countdowns": {"Sword": 0}}},
     "[actor] countdowns: Sword: 0 is out of range"),
    # the dice, and the indexes into them: named by table and key as the rest are
    ({"actor": {"fighter": "Frog", "dice": [3, 7]}}, "[actor] dice: 7 is not a die (1 to 6)"),
    ({"actor": {"fighter": "Frog", "dice": [0]}}, "[actor] dice: 0 is not a die (1 to 6)"),
    ({"actor": {"fighter": "Frog", "dice": [1] * 25}},
     "[actor] dice: 25 dice, but a fighter holds at most 24"),
    ({"opponent": {"fighter": "Warrior", "dice": [1], "burning": [3]}},
     "[opponent] burning: 3 is not an index into dice (0 to 0)"),
    ({"actor": {"fighter": "Frog", "dice": [1, 2], "locked": [-1]}},
     "[actor] locked: -1 is not an index into dice (0 to 1)"),
    ({"opponent": {"fighter": "Warrior", "dice": [], "blind": [0]}},
     "[opponent] blind: 0 is not an index into dice (there are none)"),
    # as docs/ai.md says: an actor without dice is an error (a forced 'end turn' was planned)
    ({"actor": {"fighter": "Frog", "dice": []}},
     "[actor] dice: an actor without dice has no turn to plan (give it 1 to 24 dice)"),
    ({"actor": {"fighter": "Frog", "dice": [1, 2], "burning": [0, 0, 0]}},
     "[actor] burning: 0 is named twice (each die is marked once)"),
    ({"actor": {"fighter": "Frog", "dice": [1, 2], "locked": [1, 0, 1]}},
     "[actor] locked: 1 is named twice"),
    ({"search": {"ms": 1e-300}}, "[search] ms: expected at least 0.01 (less ends the search "
                                 "before it begins), or \"none\", got 1e-300"),
    # a title or text is printed by dicey plan: nothing in it may drive the terminal
    ({"title": "\x1b[31mRED\x1b[2J"}, "title: control characters are not allowed"),
    ({"title": "a\x9b31mb"}, "title: control characters are not allowed"),
    ({"title": "two\nlines"}, "title: control characters are not allowed"),
    ({"text": "bell\x07"}, "text: control characters are not allowed"),
    ({"actor": {"fighter": "Frog", "dice": [1], "equipment": ["Sword"] * 25}},
     "[actor] equipment: 25 cards, but a fighter carries at most 24"),
    # the dice of the next roll: given for it, and more or fewer
    ({"opponent": {"fighter": "Warrior", "next_roll": [6, 0]}},
     "[opponent] next_roll: 0 is not a die (1 to 6)"),
    ({"opponent": {"fighter": "Warrior", "next_roll": [6] * 25}},
     "[opponent] next_roll: 25 dice, but a pool holds at most 24"),
    ({"opponent": {"fighter": "Warrior", "next_roll_dice": -25}},
     "[opponent] next_roll_dice: -25 is out of range (-24 to 24)"),
])
def test_bad_scenarios_say_what_is_wrong(change, message):
    data = {**GOOD, **change}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(data, "bad.toml")
    assert str(err.value).startswith("bad.toml: ") and message in str(err.value)


@pytest.mark.parametrize("actor, message", [
    ({"fighter": "Frogg", "dice": [1]}, "unknown fighter 'Frogg' (did you mean 'Frog'?)"),
    ({"fighter": "Nobody", "dice": [1]}, "unknown fighter 'Nobody' (available: "),
    ({"fighter": "Frog", "dice": [1], "shocked": ["Hammer"]},
     "[actor] shocked: Frog has no card 'Hammer' (its cards: Sword, Shield)"),
    ({"fighter": "Frog", "dice": [1], "weakened": ["Shield", "shield"]},
     "[actor] weakened: 'Shield' is named 2 times, but Frog has 1"),
    ({"fighter": "Frog", "dice": [1], "countdowns": {"Sword": 3}},
     "[actor] countdowns: Sword is not a countdown card"),
    ({"fighter": "Frog", "dice": [1], "equipment": ["Pea Shooter"],
      "countdowns": {"Pea Shooter": 9}},
     "[actor] countdowns: Pea Shooter counts down from 5, so 9 cannot be left"),
    ({"fighter": "Frog", "dice": [1], "equipment": ["Sword", "Swrod+"]},
     "[actor] equipment: unknown card 'Swrod+' (did you mean 'Sword+'?)"),
    ({"fighter": "Frog", "dice": [1], "equipment": ["Sword++"]},
     "[actor] equipment: 'Sword++': a card has one upgrade (write \"Sword+\")"),
    ({"fighter": "Frog", "dice": [1], "equipment": ["+"]},
     "[actor] equipment: unknown card '+'"),
    ({"fighter": "Frog", "dice": [1], "equipment": ["Hammer"], "shocked": ["Sword"]},
     "[actor] shocked: Frog has no card 'Sword' (its cards: Hammer)"),
    ({"fighter": "Frog"}, "has no turn to play"),
    ({"fighter": "Frog", "dice": [1], "hp": 13},
     "[actor] hp: 13 is more than Frog's max HP 12 (set max_hp too)"),
    ({"fighter": "Frog", "dice": [1], "hp": 999999, "max_hp": 5},   # it was 'set max_hp too'
     "[actor] hp: 999999 is more than max_hp 5 (lower hp, or raise max_hp)"),
    ({"fighter": "Frog", "dice": [1], "statuses": {"posion": 1}},
     "[actor] statuses: unknown status 'posion' (did you mean 'poison'?)"),
    ({"fighter": "Frog", "dice": [1], "last_used": "Swrod"},
     "[actor] last_used: Frog has no card 'Swrod' (did you mean 'Sword'?) (its cards: "
     "Sword, Shield)"),
])
def test_positions_that_cannot_be_pinned_say_why(library, actor, message):
    scenario = parse_scenario({**GOOD, "actor": actor}, "bad.toml")
    with pytest.raises(ScenarioError, match="bad.toml: ") as err:
        scenario.fight(library)
    assert message in str(err.value)


def test_unreadable_files(tmp_path):
    with pytest.raises(ScenarioError, match="no such scenario file"):
        load_scenario(tmp_path / "missing.toml")
    with pytest.raises(ScenarioError, match="is a folder, not a scenario file"):
        load_scenario(tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_text("[actor\nfighter = 1")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_scenario(bad)


def test_a_toml_mistake_is_shown_at_its_line_with_a_caret(tmp_path):
    """It was tomllib's words alone ("Illegal character '\\n' (at line 2, column 16)")."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[actor]\nfighter = "Frog\ndice = [1]\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(bad)
    assert str(err.value).splitlines() == [
        f"{bad}:2:16: not valid TOML: the line ends inside a string (a closing quote is "
        "missing)",
        '    fighter = "Frog',
        "                   ^"]


@pytest.mark.parametrize("text, message", [
    ("x = " + "[" * 5000 + "]" * 5000, "arrays or tables nested too deeply"),   # recursion
    ("turn = " + "9" * 5000, "a number has too many digits"),          # int() refuses it
    ("# " + "x" * 1_000_001, "file too large"),
], ids=["deep", "digits", "large"])
def test_toml_python_cannot_hold_is_a_scenario_error(tmp_path, text, message):
    path = tmp_path / "odd.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=f"odd.toml: not valid TOML: {message}"):
        load_scenario(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_refused_not_waited_on(tmp_path):
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    with pytest.raises(ScenarioError, match="pipe.toml: cannot read it: not a regular file"):
        load_scenario(pipe)


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (SCENARIOS / "frog.toml").read_bytes())
    assert load_scenario(path).actor["fighter"] == "Frog"


def _mostly(usual: st.SearchStrategy, odd: st.SearchStrategy) -> st.SearchStrategy:
    """``usual`` seven times in eight, else ``odd``."""
    return st.integers(0, 7).flatmap(lambda n: odd if n == 0 else usual)


# Values a hand-written scenario might hold, sensible or not: small and huge numbers, names
# of real and unknown cards and statuses, and now and then a value of the wrong type.
_NAMES = st.sampled_from(["Sword", "Shield", "Pea Shooter", "Hammer", "Spanner", "Dagger",
                          "poison", "shield", "shock", "posion", ""])
_NUMBERS = _mostly(st.integers(0, 30), st.integers(-10 ** 30, 10 ** 30))
_WRONG = st.one_of(st.booleans(), st.floats(allow_nan=True), st.text(max_size=3),
                   st.lists(st.text(max_size=2), max_size=2))
_RIGHT = {"int": _NUMBERS, "ints": st.lists(_mostly(st.integers(1, 6), st.integers()),
                                            max_size=6),
          "strs": st.lists(_NAMES, max_size=3), "str": _NAMES,
          "table": st.dictionaries(_NAMES, _NUMBERS, max_size=2),
          "vars": st.dictionaries(st.sampled_from(["Fury", "Sword", "Frury"]) | _NAMES,
                                  _mostly(st.dictionaries(st.sampled_from(["charge", "chrage"]),
                                                          _NUMBERS, max_size=2), _WRONG),
                                  max_size=2)}
_FIGHTER = st.fixed_dictionaries(
    {"fighter": st.sampled_from(["Frog", "Handyman", "Warrior", "Thief", "Frogg"])},
    optional={key: _mostly(_RIGHT[kind], _WRONG)
              for key, kind in FIGHTER_KEYS.items() if key != "fighter"})

# And positions that are mostly right, so that many get as far as a plan.
_PLAUSIBLE = st.fixed_dictionaries(
    {"fighter": st.sampled_from(["Frog", "Handyman", "Warrior", "Thief"]),
     "dice": st.lists(st.integers(1, 6), min_size=1, max_size=5)},
    optional={"hp": st.integers(1, 30), "max_hp": st.integers(1, 30),
              "statuses": st.dictionaries(st.sampled_from(["poison", "shield", "shock",
                                                           "weaken", "dodge", "burn"]),
                                          st.integers(0, 8), max_size=3),
              "burning": st.lists(st.integers(0, 4), max_size=2, unique=True)})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actor=st.one_of(_PLAUSIBLE, _FIGHTER), opponent=st.one_of(_PLAUSIBLE, _FIGHTER),
       turn=st.one_of(st.none(), _NUMBERS))
def test_any_scenario_is_planned_or_refused_with_a_scenario_error(library, actor, opponent,
                                                                  turn):
    data = {"actor": actor, "opponent": opponent, "search": {"ms": "none"}}
    if turn is not None:
        data["turn"] = turn
    try:
        fight = parse_scenario(data, "any.toml").fight(library)
    except ScenarioError as err:
        assert str(err).startswith("any.toml: ")
        return
    assert 1 <= fight.current.hp <= fight.current.max_hp
    plan = plan_turn(fight, budget=Budget(states=200, iterations=50, ms=None), seed=1)
    assert plan.line


ARMED = """
equipment "Armed" {
    slots: none
    var armed = false
    var word = "off"
    ready: armed
    text: "Do 4 damage when armed"
    on use { attack(4) }
}
"""


def test_a_scenario_pins_card_variables_of_every_type_the_card_declares(tmp_path):
    """vars took integers only: a true/false variable (an armed button) could not be
    pinned, and 1 in its place was taken, and the button was never ready."""
    from planner_kit import mod_library

    lib = mod_library(tmp_path, "armed", ARMED)

    def scenario(values):
        return parse_scenario({"actor": {"fighter": "Warrior", "dice": [2],
                                         "equipment": ["Sword", "Armed"],
                                         "vars": {"Armed": values}},
                               "opponent": {"fighter": "Frog"}}, "armed.toml")

    fight = scenario({"armed": True, "word": "on"}).fight(lib)
    assert dict(fight.fighters[0].cards[1].vars) == {"armed": True, "word": "on"}
    assert "use Armed" in [str(m) for m in plan_turn(fight, seed=1).moves]
    for values, words in (({"armed": 1}, "armed is true or false (the card declares it so), "
                                         "not 1"),
                          ({"word": 3}, "word is a text (the card declares it so), not 3"),
                          ({"armed": [1]}, "expected a table of card = { variable = "
                                           "integer, true/false or text }")):
        with pytest.raises(ScenarioError, match=re.escape(words)):
            scenario(values).fight(lib)


def test_a_scenario_pins_the_card_a_fighter_used_last(library):
    """A Copycat's position could not be planned: what it copies was always nothing."""
    def plan(last_used):
        opponent = {"fighter": "Warrior", "equipment": ["Greataxe", "Shield"]}
        if last_used:
            opponent["last_used"] = last_used
        fight = parse_scenario({"actor": {"fighter": "Frog", "dice": [2, 6],
                                          "equipment": ["Copycat", "Shield"]},
                                "opponent": opponent, "search": {"ms": "none"}},
                               "copy.toml").fight(library)
        return fight, [str(m) for m in plan_turn(fight, seed=1).moves]

    fight, moves = plan("greataxe")
    assert fight.fighters[0].last_used == 0 and fight.fighters[1].last_used == -1
    assert moves == ["2 → Copycat", "6 → Greataxe", "end turn"]
    assert "2 → Copycat" not in plan(None)[1]


LENDING = """
equipment "Borrow" {
    slots: max 3
    text: "Take the opponent's first card for this turn"
    on use { for c in target.cards { take_card(c, 1)
                                     stop } }
}

equipment "Combo" {
    slots: any
    text: "Do [d] damage, plus 2 for each other card you used this turn"
    on use { attack(d + 2 * (len(self.used_this_turn) - 1)) }
}

equipment "Tally" {
    slots: any
    text: "Do [d] damage plus the cards you used this turn"
    on use { attack(d + self.cards_used) }
}
"""


def _lending(tmp_path):
    from planner_kit import mod_library
    return mod_library(tmp_path, "lending", LENDING)


def _use(fight, card_name, value):
    """Play the first legal move placing ``value`` on ``card_name``; the opponent's HP lost."""
    from dicey.lang.chance import FixedChance

    other = fight.fighters[1 - fight.actor]
    before = other.hp
    move = next(m for m in fight.legal_moves()
                if m.card == card_name and m.die == value)
    fight.apply(move, FixedChance())
    return before - other.hp


def test_a_scenario_pins_the_cards_used_this_turn_and_how_many(tmp_path):
    """A Combo late in a turn could not be pinned (unknown key 'used_this_turn')."""
    lib = _lending(tmp_path)

    def fight(**pins):
        return parse_scenario({"actor": {"fighter": "Warrior", "dice": [3, 3],
                                         "equipment": ["Sword", "Combo", "Tally"], **pins},
                               "opponent": {"fighter": "Frog"}}, "late.toml").fight(lib)

    late = fight(used_this_turn=["Sword"], cards_used=2)
    me = late.fighters[late.actor]
    assert me.used_turn == (0,) and me.cards_used == 2
    assert me.cards[0].uses_left == 0 and me.cards[0].times_used == 1   # the Sword was fired
    assert "Sword" not in {m.card for m in late.legal_moves()}
    assert _use(late, "Combo", 3) == 3 + 2          # one other card used this turn
    assert _use(late, "Tally", 3) == 3 + 3          # two before the Combo, then the Combo
    early = fight()
    assert _use(early, "Combo", 3) == 3
    named = fight(used_this_turn=["Sword"])
    assert named.fighters[named.actor].cards_used == 1     # as many as named


def test_a_scenario_pins_a_card_borrowed_for_a_while_and_it_goes_back(tmp_path):
    from dicey.lang.chance import FixedChance
    from dicey.rules.fight import END
    from dicey.rules.state import STOLEN, TAKEN

    lib = _lending(tmp_path)
    fight = parse_scenario({"actor": {"fighter": "Warrior", "dice": [3],
                                      "equipment": ["Borrow"], "borrowed": {"Shield": 1}},
                            "opponent": {"fighter": "Frog"}}, "loan.toml").fight(lib)
    me, frog = fight.fighters[fight.actor], fight.fighters[1 - fight.actor]
    assert [c.name for c in me.cards] == ["Borrow", "Shield"]
    assert me.cards[1].temporary == STOLEN and me.cards[1].loan == (fight.turn, 1)
    assert frog.cards[1].gone == TAKEN
    assert "Shield" in {m.card for m in fight.legal_moves()}     # borrowed: the taker's now
    fight.apply(END, FixedChance())          # the end of the taker's turn: it goes back
    assert [c.name for c in me.cards] == ["Borrow"]
    assert not frog.cards[1].gone and frog.cards[1].name == "Shield"


def test_a_loan_in_rules_that_never_lend_is_refused(library):
    scenario = parse_scenario({"actor": {"fighter": "Frog", "dice": [1],
                                         "borrowed": {"Sword": 1}},
                               "opponent": {"fighter": "Warrior"}}, "loan.toml")
    with pytest.raises(ScenarioError, match=r"loan.toml: \[actor\] borrowed: no card of "
                                            r"these rules takes a card for a while"):
        scenario.fight(library)


def test_an_opponents_marks_hold_for_its_next_turn(library):
    """A shocked pin on the fighter not to act was a mark of its turn just played: it went
    at its next turn's start and meant nothing."""
    from dicey.lang.chance import FixedChance
    from dicey.rules.fight import END

    fight = parse_scenario({"actor": {"fighter": "Frog", "dice": [1]},
                            "opponent": {"fighter": "Warrior", "shocked": ["Sword"],
                                         "weakened": ["Shield"]}}, "m.toml").fight(library)
    warrior = fight.fighters[0]
    fight.apply(END, FixedChance())
    fight.begin_turn(FixedChance())          # the Warrior's turn starts
    assert fight.actor == 0 and [(c.name, c.shocked is True, c.weakened)
                                 for c in warrior.cards[:2]] == [("Sword", True, False),
                                                                 ("Shield", False, True)]


def test_an_opponents_card_takes_one_mark_for_its_next_turn(library, tmp_path):
    """Fight.set_position marks the opponent's cards for its next turn (the scenario marks
    none itself); one card named both shocked and weakened is an error at its key."""
    path = tmp_path / "twice.toml"
    path.write_text('[actor]\nfighter = "Frog"\ndice = [1]\n[opponent]\nfighter = "Warrior"\n'
                    'shocked = ["Sword"]\nweakened = ["Sword"]\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path).fight(library)
    assert str(err.value) == (
        f"{path}:7:13: [opponent] weakened: 'Sword' is named 2 times in shocked and weakened, "
        "but Warrior has 1 (a card of the opponent holds one mark, for its next turn: "
        "shocked or weakened)\n    weakened = [\"Sword\"]\n                ^^^^^^^")
    # The actor's card, in its turn, may be both.
    fight = parse_scenario({"actor": {"fighter": "Frog", "dice": [1], "shocked": ["Sword"],
                                      "weakened": ["Sword"]},
                            "opponent": {"fighter": "Warrior"}}, "m.toml").fight(library)
    assert [(c.shocked, c.weakened) for c in fight.current.cards[:1]] == [(True, True)]


@pytest.mark.parametrize("body, message, quoted", [
    ('used_this_turn = ["Sword", "Axe"]',
     "[actor] used_this_turn: Frog has no card 'Axe' (its cards: Sword, Shield)",
     '    used_this_turn = ["Sword", "Axe"]\n                               ^^^^^'),
    ('used_this_turn = ["Sword", "Sword"]',
     "[actor] used_this_turn: 'Sword' is named more times than Frog's cards of that name "
     "have uses in a turn", None),
    ('used_this_turn = ["Sword"]\ncards_used = 0',
     "[actor] cards_used: 0 is fewer than the cards of used_this_turn (1)",
     "    cards_used = 0\n    ^^^^^^^^^^"),
    ("cards_used = true", "[actor] cards_used: expected an integer, got True", None),
    ('borrowed = { "Sword" = 0 }', "[actor] borrowed: Sword: 0 is out of range (1 to 60)",
     None),
    ('used_this_turn = ["Sword"]\nlast_used = "Shield"',
     "[actor] last_used: 'Shield' is not the last card of used_this_turn ('Sword')", None),
])
def test_the_new_keys_say_what_is_wrong_at_their_line(library, tmp_path, body, message,
                                                       quoted):
    path = tmp_path / "bad.toml"
    path.write_text(f'[actor]\nfighter = "Frog"\ndice = [1]\n{body}\n'
                    '[opponent]\nfighter = "Warrior"\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path).fight(library)
    head, _, rest = str(err.value).partition("\n")
    assert re.fullmatch(rf"{re.escape(str(path))}:[45]:\d+: {re.escape(message)}.*", head)
    if quoted:
        assert rest == quoted


def test_a_key_error_read_from_a_file_quotes_its_line_in_its_table(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[actor]\nfighter = "Frog"\ndice = [1]\n[opponent]\nfighter = "Frog"\n'
                    'dice = [1]\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert str(err.value) == (f"{path}:6:1: [opponent] dice: the opponent does not act here; "
                              "the dice to play go in [actor]\n    dice = [1]\n    ^^^^")


# Two mistakes of each kind: of the keys as read, of the names the library does not know,
# of the cards a fighter holds; and mistakes that follow from another one.
MANY = '''titel = "x"
[actor]
fighter = "Frogg"
dice = [1, 9]
burning = [4]
equipment = ["Swrod+"]
shocked = ["Sword"]

[opponent]
fighter = "Warrior"
shocked = ["Swrod"]
hp = 99
statuses = { posion = 1 }

[search]
seed = -1
'''


def test_every_problem_of_a_file_is_reported_in_one_read_in_file_order(library, tmp_path):
    """It was the first one alone: fix it, run again, meet the next. Those that follow from
    another are left out: the burning index into dice that are wrong, the shocked card of a
    fighter unknown (its cards are not known)."""
    path = tmp_path / "many.toml"
    path.write_text(MANY)
    with pytest.raises(ScenarioError) as err:
        read_scenario(path).fight(library)
    heads = [str(e).partition("\n")[0] for e in err.value.errors]
    assert heads == [
        f"{path}:1:1: unknown key 'titel' in the top level (did you mean 'title'?) (allowed: "
        "title, text, turn, actor, opponent, search)",
        f"{path}:3:11: [actor] fighter: unknown fighter 'Frogg' (did you mean 'Frog'?)",
        f"{path}:4:1: [actor] dice: 9 is not a die (1 to 6)",
        f"{path}:6:14: [actor] equipment: unknown card 'Swrod+' (did you mean 'Sword+'?)",
        f"{path}:11:12: [opponent] shocked: Warrior has no card 'Swrod' (did you mean "
        "'Sword'?) (its cards: Sword, Shield, Bandage)",
        f"{path}:12:1: [opponent] hp: 99 is more than Warrior's max HP 24 (set max_hp too)",
        f"{path}:13:1: [opponent] statuses: unknown status 'posion' (did you mean 'poison'?)",
        f"{path}:16:1: [search] seed: expected an integer ≥ 0, got -1"]
    assert str(err.value) == "\n".join(map(str, err.value.errors))   # each with its caret
    assert str(err.value.errors[3]).split("\n")[1:] == ['    equipment = ["Swrod+"]',
                                                        "                 ^^^^^^^^"]
    # Read alone, the file's keys are every problem of their own, in one error too.
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert [str(e).split(": ")[1] for e in err.value.errors] == [
        "unknown key 'titel' in the top level (did you mean 'title'?) (allowed",
        "[actor] dice", "[search] seed"]


def test_the_cards_a_fighter_holds_are_each_checked(library):
    """Every card not held, every unknown card: not the first of each key alone."""
    scenario = parse_scenario({"actor": {"fighter": "Frog", "dice": [1],
                                         "shocked": ["Axe"], "weakened": ["Bow"],
                                         "countdowns": {"Sword": 1}},
                               "opponent": {"fighter": "Warrior",
                                            "equipment": ["Sword", "Sheild", "Daggr"]}},
                              "two.toml")
    with pytest.raises(ScenarioError) as err:
        scenario.fight(library)
    assert [str(e) for e in err.value.errors] == [     # (no file: in the order found)
        "two.toml: [opponent] equipment: unknown card 'Sheild' (did you mean 'Shield'?)",
        "two.toml: [opponent] equipment: unknown card 'Daggr' (did you mean 'Dagger'?)",
        "two.toml: [actor] shocked: Frog has no card 'Axe' (its cards: Sword, Shield)",
        "two.toml: [actor] weakened: Frog has no card 'Bow' (its cards: Sword, Shield)",
        "two.toml: [actor] countdowns: Sword is not a countdown card"]


def test_a_scenario_pins_the_dice_a_fighter_rolls_and_its_level(library):
    """A levelled hero's position: the opponent's coming turn is played with its dice
    (the enemy's outlook rolls four for it, not the two the hero starts with)."""
    def fight(**opponent):
        return parse_scenario({
            "actor": {"fighter": "Witch", "hp": 10, "dice": [5]},
            "opponent": {"fighter": "Warrior", "max_hp": 36, "hp": 36,
                         "statuses": {"shield": 7}, **opponent},
            "search": {"ms": "none"}}, "levelled.toml").fight(library)

    levelled = fight(dice_count=4, level=4)
    warrior = levelled.fighters[0]
    assert (warrior.dice_count, warrior.level) == (4, 4)
    assert (fight().fighters[0].dice_count, fight().fighters[0].level) == (2, 1)
    chance = SampleChance(random.Random(1))
    levelled.apply(Move.end(), chance)
    levelled.begin_turn(chance)
    assert len(levelled.fighters[0].dice) == 4
    with pytest.raises(ScenarioError, match=r"dice_count: 25 is out of range \(0 to 24\)"):
        fight(dice_count=25)
    with pytest.raises(ScenarioError, match=r"level: 0 is out of range \(1 to 99\)"):
        fight(level=0)


def test_a_scenario_pins_the_dice_of_the_opponents_next_roll(library):
    """The dice given to the opponent for its roll, and those it loses from it, are what
    its coming turn is played with: a Frog that rolls two 6s besides its own hurts more
    than one that rolls its two dice, which hurts more than one that rolls none."""
    from dicey.ai.foresight import Outlook

    def coming(**pins):
        fight = parse_scenario({"actor": {"fighter": "Warrior", "dice": [4, 4]},
                                "opponent": {"fighter": "Frog", **pins},
                                "search": {"ms": "none"}}, "next.toml").fight(library)
        # (the coming turn's mean margin: what the Frog loses less what the Warrior does)
        return fight, Outlook(fight, fight.actor, outlook=50, fatal=5_000)._bare

    fight, armed = coming(next_roll=[6, 6])
    frog = fight.fighters[1]
    assert [d.value for d in frog.waiting] == [6, 6] and frog.extra_for == ()
    fight, bare = coming(next_roll_dice=-2)
    assert fight.fighters[1].extra_for == ((-2, 1),) and fight.fighters[1].waiting == ()
    _, plain = coming()
    assert armed < plain < bare == 0


def test_a_card_of_spare_dice_only_cannot_be_pinned_marked(library, tmp_path):
    from button_kit import library_with
    spares = library_with(tmp_path, "spare.dice", 'equipment "Spare Six" {\n'
                          '    slots: spare 6\n    text: "A spare six"\n}\n')
    with pytest.raises(ScenarioError) as err:
        parse_scenario({"actor": {"fighter": "Warrior", "dice": [2],
                                  "equipment": ["Spare Six", "Sword"],
                                  "shocked": ["Spare Six"]},
                        "opponent": {"fighter": "Frog"}}, "spare.toml").fight(spares)
    assert "cannot mark 'Spare Six' shocked: it is a card of spare dice only" in str(err.value)
