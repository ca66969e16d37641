"""Dice a script gives or rolls may come burning: ``give(v, burn)``, ``reroll(burn)`` (the
Crucible: "Roll a burning die"). A burning die given is a burning die as the ``burn`` status
makes them: placing it costs its owner 2 HP, the log says so, the AI's key tells it apart."""
from __future__ import annotations

import random

import pytest

from button_kit import button_fight, library_fixture
from dicey.lang.chance import FixedChance, SampleChance
from dicey.lang.errors import ScriptError
from dicey.rules.protocol import Move
from lang_kit import body_column, calls, card, fault, only_error, symbols_of

KINDLING = '''
equipment "Kindle" {
    slots: any
    text: "Get a burning die of the same value, and a plain 1"
    on use { give(d, burn) ; give(1) }
}

equipment "Ember Pair" {
    slots: any
    text: "Get a burning 2 and a burning 3"
    on use { give([3, 2], burn) }
}
'''


lib = library_fixture("kindle", KINDLING)


def play(fight, text, seed=0):
    fight.log = True
    return fight.apply(Move.parse(text), SampleChance(random.Random(seed)))


def pool(fight):
    return [(d.value, d.burning) for d in fight.fighters[0].dice]


def test_give_with_burn_gives_burning_dice_and_the_log_says_so(lib):
    fight = button_fight(lib, ["Kindle", "Ember Pair", "Sword"], [4, 5])
    events = play(fight, "4 → Kindle")
    assert pool(fight) == [(5, False), (4, True), (1, False)]
    assert [e.describe() for e in events if type(e).__name__ == "DiceGiven"] == \
        ["Warrior gets a burning 4", "Warrior gets a 1"]
    play(fight, "5 → Ember Pair")
    assert pool(fight) == [(4, True), (1, False), (2, True), (3, True)]   # lowest first


def test_a_burning_die_given_costs_2_hp_to_place(lib):
    fight = button_fight(lib, ["Kindle", "Sword"], [4])
    play(fight, "4 → Kindle")
    hp = fight.fighters[0].hp
    events = play(fight, "4 → Sword")
    assert fight.fighters[0].hp == hp - 2
    assert any("burning die" in e.describe() for e in events)


def test_the_key_tells_a_burning_die_given_from_a_plain_one(lib):
    fight = button_fight(lib, ["Kindle", "Sword"], [4])
    play(fight, "4 → Kindle")
    burning, plain = fight.copy(), fight.copy()
    burning.set_position(0, dice=[4, 1], burning=[0])
    plain.set_position(0, dice=[4, 1])
    assert pool(burning) == pool(fight) == [(4, True), (1, False)]
    assert pool(plain) == [(4, False), (1, False)] and burning.key() != plain.key()


def test_the_crucible_rolls_a_burning_die_in_its_place_again_and_again(library):
    fight = button_fight(library, ["Crucible", "Sword"], [1, 5])
    play(fight, "1 → Crucible", seed=3)
    (value, burning), = [d for d in pool(fight) if d != (5, False)]
    assert burning and 1 <= value <= 6
    play(fight, f"{value} → Crucible", seed=4)    # reusable: the new die goes in again
    assert sum(b for _, b in pool(fight)) == 1 and len(pool(fight)) == 2


def test_the_upgraded_crucible_rolls_four_burning_dice_once_a_turn(library):
    fight = button_fight(library, ["Crucible+", "Sword"], [2, 5])
    play(fight, "2 → Crucible+")
    assert len(pool(fight)) == 5 and [b for _, b in pool(fight)] == [False] + [True] * 4
    assert {m.card for m in fight.legal_moves()} == {"Sword", ""}   # used: once a turn


def test_reroll_with_burn_is_one_chance_point_of_six_burning_outcomes():
    assert [calls("reroll(burn)", FixedChance([k])) for k in range(6)] == \
        [[("give_dice", (v,), True)] for v in range(1, 7)]
    assert calls("give(d)") == [("give_dice", (4,))]


@pytest.mark.parametrize("body, mark", [("give(3, poison)", "poison"),
                                        ("reroll(shield)", "shield")])
def test_a_mark_that_marks_no_die_is_an_error_where_it_is_written(library, body, mark):
    err = only_error(card(body), symbols_of(library))
    assert (err.line, err.column) == (2, body_column(body, mark))
    assert err.message == f"{body.split('(')[0]}() marks the dice burn (burning dice), not {mark}"


def test_a_mark_that_is_no_status_is_a_type_error(library):
    err = only_error(card("give(3, 4)"), symbols_of(library))
    assert "give() needs a status here, not a number" in err.message


def test_a_mark_computed_to_another_status_is_a_fault_before_any_die_is_given():
    err = fault("let m = [poison, burn] ; give(2, m[0])")
    assert isinstance(err, ScriptError)
    assert err.message == "a die given can be marked burn (a burning die), not poison"
    err = fault("let m = [freeze] ; reroll(m[0])")
    assert err.message == "a die given can be marked burn (a burning die), not freeze"


@pytest.mark.parametrize("body, value", [("give(7, burn)", 7), ("give(0, burn)", 0),
                                         ("give([1, 7], burn)", 7)])
def test_a_die_out_of_range_given_burning_is_an_error_as_a_plain_one_is(library, body,
                                                                       value):
    """The check of a call written out was made only when every argument was a literal:
    with its mark (a name) it was never made, and every use faulted in the fight."""
    err = only_error(card(body), symbols_of(library))
    assert err.message == f"give() always fails here: a die must be 1 to 6, not {value}"
