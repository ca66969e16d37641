"""The engine's side of the dice pool: what ``self.dice`` reads, what ``set_dice`` does to
each die (burning marks by position, locked and blind dice left alone), its limits in a
real fight, and that a call that changes nothing changes nothing."""
from __future__ import annotations

import random

import pytest

from dicey.lang.chance import FixedChance, SampleChance
from dicey.library import load_library
from dicey.rules import events as E
from dicey.rules.effects import FightEffects
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

POOL_CARDS = """
equipment "Sixer" { slots: any; cast: self; on use { set_dice([6, 6, 6]) } }
equipment "Dropper" { slots: any; cast: self; on use { set_dice([]) } }
equipment "Mirror" { slots: any; cast: self; on use { set_dice(self.dice) } }
equipment "Reader" {
    slots: any
    cast: self
    on use { say(self.dice); say(target.dice); say(len(self.dice)) }
}
equipment "Flood" { slots: any; cast: self; on use { set_dice(combine(6 * 24)) } }
equipment "Hundred" {
    slots: any
    cast: self
    on use {
        let xs = []
        repeat 100 { xs = xs + [6] }
        set_dice(xs)
    }
}
equipment "Zero" { slots: any; cast: self; on use { set_dice([d - d]) } }
equipment "Seven" { slots: any; cast: self; on use { set_dice([d + 7]) } }
equipment "Negative" { slots: any; cast: self; on use { set_dice([2, -d]) } }
equipment "Pair" { slots: any, any; on use { say(burning) } }
equipment "Tally" {
    slots: countdown 5
    on countdown { say(burning) }
    on use { say(burning) }
}
equipment "Kiln" { slots: any; tags: fireproof; on use { say(burning) } }
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    path = tmp_path_factory.mktemp("pool") / "pool.dice"
    path.write_text(POOL_CARDS)
    library = load_library(use_mods=False, extra_files=[path])
    assert library.errors == [], library.render_diagnostics()
    return library


def position(lib, card: str, dice: list[int], **marks) -> Fight:
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=[card, "Sword"], dice=dice, **marks)
    return fight


def play(fight: Fight, *moves: str) -> list[E.Event]:
    chance = SampleChance(random.Random(0))
    return [e for m in moves for e in fight.apply(Move.parse(m), chance)]


def pool(fight: Fight, side: int = 0) -> list[str]:
    return [d.label for d in fight.fighters[side].dice]


def test_the_field_lists_the_dice_left_that_can_be_placed_and_seen(lib):
    fight = position(lib, "Reader", [1, 2, 3, 4, 5], burning=[2], locked=[3], blind=[4])
    events = play(fight, "1 → Reader")
    assert [e.text for e in events if isinstance(e, E.Said)] == ["[2, 3]", "[]", "2"]


def test_the_values_replace_the_dice_in_order_and_burning_marks_stay_in_place(lib):
    fight = position(lib, "Sixer", [1, 2, 3, 4, 5], burning=[1], locked=[3], blind=[4])
    events = play(fight, "1 → Sixer")
    assert pool(fight) == ["6 burn", "6", "4 lock", "?", "6"]
    (change,) = [e for e in events if isinstance(e, E.DiceSet)]
    assert (change.old, change.new) == ((2, 3), (6, 6, 6))
    assert change.describe() == "Warrior's dice 2 3 become 6 6 6"


def test_fewer_values_drop_the_dice_past_them(lib):
    fight = position(lib, "Dropper", [1, 2, 3, 4], burning=[1], locked=[2])
    play(fight, "1 → Dropper")
    assert pool(fight) == ["3 lock"]


def test_the_moves_that_follow_come_from_the_new_pool(lib):
    fight = position(lib, "Sixer", [1, 2])
    assert {m.die for m in fight.legal_moves() if not m.is_end} == {1, 2}
    play(fight, "1 → Sixer")
    assert [str(m) for m in fight.legal_moves()] == ["6 → Sword", "end turn"]
    child = fight.copy()
    play(child, "6 → Sword")
    assert pool(child) == ["6", "6"] and pool(fight) == ["6", "6", "6"]


def test_a_call_that_changes_nothing_changes_nothing(lib):
    fight = position(lib, "Mirror", [1, 2, 5], burning=[1])
    me = fight.fighters[0]
    before, key = me.dice, fight.key()
    fight._open(FixedChance())
    FightEffects(fight, 0, None).set_dice((1, 2, 5))   # the burning 2 stays burning
    assert fight._close() == [] and me.dice is before and fight.key() == key
    assert me._dice_code is not None                    # its code still stands
    events = play(fight, "1 → Mirror")
    assert not [e for e in events if isinstance(e, E.DiceSet)]
    assert pool(fight) == ["2 burn", "5"]


@pytest.mark.parametrize("card, words", [
    ("Hundred", "set_dice() of 100 dice: a pool holds at most 24"),
    ("Zero", "a die must be 1 to 6, not 0"),
    ("Seven", "a die must be 1 to 6, not 8"),
    ("Negative", "a die must be 1 to 6, not -1"),
    ("Flood", "more than 24 dice in a pool"),     # 24 values and the locked die kept
])
def test_hostile_use_fizzles_with_the_interpreters_error_and_the_fight_goes_on(lib, card,
                                                                               words):
    fight = position(lib, card, [1, 5, 2], locked=[2])
    frog = fight.fighters[1].hp
    events = play(fight, f"1 → {card}")
    (fault,) = [e for e in events if isinstance(e, E.ScriptFault)]
    assert words in fault.message and "pool.dice:" in fault.where
    assert any(isinstance(e, E.Fizzled) for e in events)
    assert pool(fight) == ["5", "2 lock"]                    # not a die changed
    play(fight, "5 → Sword", "end")
    assert fight.fighters[1].hp == frog - 5 and not fight.is_over and fight.actor == 1


def said(events: list[E.Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Said)]


def test_burning_counts_the_burning_dice_placed_and_the_card_forgets_them(lib):
    fight = position(lib, "Pair", [3, 2, 4, 5], burning=[0, 2])
    me = fight.fighters[0]
    events = play(fight, "3 → Pair")
    assert me.cards[0].burnt == 1 and me.hp == 22
    assert said(events + play(fight, "2 → Pair")) == ["1"] and me.cards[0].burnt == 0
    fight.set_position(0, dice=[4, 5], burning=[0, 1])   # a fresh turn: the card is empty
    assert said(play(fight, "4 → Pair", "5 → Pair")) == ["2"]
    fight.set_position(0, dice=[4], burning=[0])
    play(fight, "4 → Pair", "end")                         # left on the card at the end
    assert me.cards[0].placed == () and me.cards[0].burnt == 0


def test_a_countdown_hears_of_each_burning_die_and_fires_with_none(lib):
    fight = position(lib, "Tally", [2, 3], burning=[1])
    assert said(play(fight, "2 → Tally", "3 → Tally")) == ["0", "1", "0"]


def test_a_fireproof_card_takes_a_burning_die_for_free_when_released_too(lib):
    fight = position(lib, "Kiln", [4, 3], burning=[0, 1], shocked=["Kiln"])
    me = fight.fighters[0]
    events = play(fight, "release Kiln with 4")
    assert me.hp == 24 and not me.cards[0].shocked
    (released,) = [e for e in events if isinstance(e, E.Released)]
    assert released.describe() == "Warrior spends a 4 to release Kiln (burning, fireproof)"
    assert said(play(fight, "3 → Kiln")) == ["1"] and me.hp == 24
    fight.set_position(0, dice=[3], burning=[0])
    play(fight, "3 → Sword")
    assert me.hp == 22                                     # elsewhere it burns
