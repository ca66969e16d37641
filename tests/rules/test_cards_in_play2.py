"""Cards in play, round two: give_card/replace_with of an upgrade by name, what a card
value shows of another card, marking a chosen card (shock_card, weaken_card), giving to
a side (give_card(c, target)), discard, the card fields that say what a card is, taken
cards as the state knows them, and hostile scripts of all of it."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.lang.chance import SampleChance
from dicey.rules import events as E
from dicey.rules.protocol import Move
from cards_in_play_kit import cards_fight, held

CARDS = '''
equipment "Upgrader" {
    slots: any
    uses: unlimited
    var which = "Haymaker"
    text: "Get an upgraded card, by a name made at run time"
    on use { give_card(which + "+") }
}

equipment "Bad Upgrader" {
    slots: any
    uses: unlimited
    var which = "Focus"
    text: "Get an upgrade of a card that has none"
    on use { give_card(which + "+") }
}

equipment "Turncoat" {
    slots: any
    text: "Become an upgraded Sword"
    on use { replace_with("Sword+") }
}

equipment "Peeker" {
    slots: any
    uses: unlimited
    var charge = 7
    text: "Read another card's variables (a fault; a list the checker does not type)"
    on use { say(card.charge)
 for c in [] + self.cards { if c != card { say(c.charge) } } }
}
'''


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    from dicey.library import load_library
    path = tmp_path_factory.mktemp("cards2") / "cards2.dice"
    path.write_text(CARDS)
    library = load_library(use_mods=False, extra_files=[path])
    assert not library.errors, library.errors
    return library


def play(fight, *moves, seed=0):
    chance = SampleChance(random.Random(seed))
    out = []
    for text in moves:
        out += fight.apply(Move.parse(text), chance)
    return out


def faults(events):
    return [e.message for e in events if isinstance(e, E.ScriptFault)]


def lines(events, kind):
    return [e.describe() for e in events if isinstance(e, kind)]


# ------------------------------------------------------- an upgrade by name

def test_a_name_with_plus_gives_the_upgraded_card(lib):
    fight = cards_fight(lib, ["Upgrader"], [3, 4], opp=["Sword"])
    events = play(fight, "3 → Upgrader")
    assert lines(events, E.CardGiven) == ["Warrior gets Haymaker+ for this fight"]
    given_card = fight.fighters[0].cards[1]
    assert given_card.upgraded and given_card.title == "Haymaker+"
    events = play(fight, "4 → Haymaker")
    assert [e.amount for e in events if isinstance(e, E.Damaged)] == [4 * 2 + 4]


def test_an_upgrade_of_a_card_that_has_none_is_a_fault(lib):
    fight = cards_fight(lib, ["Bad Upgrader"], [3], opp=["Sword"])
    events = play(fight, "3 → Bad Upgrader")
    assert faults(events) == ["'Focus+': Focus has no upgrade"]
    assert held(fight, 0) == ["Bad Upgrader"]


def test_replace_with_a_name_with_plus_is_the_upgraded_card(lib):
    fight = cards_fight(lib, ["Turncoat"], [3], opp=["Shield"])
    events = play(fight, "3 → Turncoat")
    assert held(fight, 0) == ["Sword+"]
    assert fight.fighters[0].cards[0].upgraded
    assert fight.fighters[0].cards[0].defn is lib.equipment["sword"].upgraded


# ------------------------------------------------- another card's variables

def test_another_cards_variables_are_not_readable(lib):
    fight = cards_fight(lib, ["Peeker", "Peeker"], [3], opp=["Shield"])
    events = play(fight, "3 → Peeker")
    assert lines(events, E.Said) == ["Warrior: 7"]       # its own, through card
    assert faults(events) == ["a card has no field 'charge' (its fields: times_used, "
                              "uses_left, name, id, upgraded, size, shocked, weakened, "
                              "button)"]
