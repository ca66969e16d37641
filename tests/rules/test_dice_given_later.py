"""Dice given to a fighter outside its turn (in a hook of the opponent's roll, of a blow,
of its own turn's end) wait for its next roll, and join its pool then; dice given by a
status's ``on turn start``, before the roll, join the roll's."""
from __future__ import annotations

import random

from button_kit import library_fixture
from dicey.lang.chance import FixedChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

CARDS = '''
equipment "Jealous Eye" {
    slots: any
    text: "When the opponent rolls a 6, get a 6 next turn"
    on roll { if roller == target and 6 in rolled { give(6) } }
    on use { attack(d) }
}

equipment "Ember Jar" {
    slots: any
    text: "At the end of your turn, get a burning 2 for your next turn"
    on turn end { give(2, burn) }
    on use { attack(d) }
}

equipment "Hoard" {
    slots: any
    text: "At the end of your turn, get twenty-eight 1s for your next turn"
    on turn end { repeat 7 { give([1, 1, 1, 1]) } }
    on use { attack(d) }
}

equipment "Keeper" {
    slots: any
    cast: self
    var kept = 0
    text: "Keep this die for your next turn"
    on use { kept = d }
    on turn start {
        if kept > 0 { give(kept); kept = 0 }
    }
}

status "gift" {
    kind: positive
    text: "A 6 at the start of each of your turns"
    on turn start { give(6) }
}
'''


lib = library_fixture("later", CARDS)


def ready(lib, mine=("Sword",), theirs=("Jealous Eye", "Sword"), statuses=None) -> Fight:
    """The Warrior (two dice) to begin its turn against a Frog (two dice)."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=list(mine), statuses=statuses or {})
    fight.set_position(1, equipment=list(theirs), hp=40, max_hp=40)
    fight.log = True
    return fight


def roll(fight: Fight, *values: int) -> list:
    return fight.begin_turn(FixedChance([v - 1 for v in values]))


def said(events, kind=E.DiceGiven) -> list[str]:
    return [e.describe() for e in events if isinstance(e, kind)]


def test_a_die_given_in_the_opponents_turn_joins_the_next_roll(lib):
    fight = ready(lib)
    events = roll(fight, 6, 2)
    assert said(events) == ["Frog gets a 6 for its next turn"]
    frog = fight.fighters[1]
    assert frog.dice == [] and [d.value for d in frog.waiting] == [6]
    fight.apply(Move.parse("end"), FixedChance())
    events = roll(fight, 1, 1)
    assert said(events) == ["Frog gets a 6"]
    assert sorted(d.value for d in frog.dice) == [1, 1, 6] and frog.waiting == ()
    # and only that once
    fight.apply(Move.parse("end"), FixedChance())
    roll(fight, 2, 2)
    fight.apply(Move.parse("end"), FixedChance())
    roll(fight, 3, 3)
    assert sorted(d.value for d in frog.dice) == [3, 3]


def test_a_die_given_at_ones_turn_end_waits_for_the_next_and_keeps_its_mark(lib):
    fight = ready(lib, mine=("Ember Jar", "Sword"), theirs=("Sword",))
    roll(fight, 4, 4)
    events = fight.apply(Move.parse("end"), FixedChance())
    assert said(events) == ["Warrior gets a burning 2 for its next turn"]
    roll(fight, 3, 3)                      # the Frog's turn: nothing of the Warrior's
    fight.apply(Move.parse("end"), FixedChance())
    events = roll(fight, 5, 5)
    assert said(events) == ["Warrior gets a burning 2"]
    warrior = fight.fighters[0]
    assert [(d.value, d.burning) for d in warrior.dice] == [(5, False), (5, False), (2, True)]


def test_a_die_a_status_gives_before_the_roll_joins_it(lib):
    fight = ready(lib, statuses={"gift": 1})
    roll(fight, 1, 2)
    assert sorted(d.value for d in fight.fighters[0].dice) == [1, 2, 6]


def test_the_dice_ones_own_hooks_give_as_the_next_turn_starts(lib):
    """``dice_given_at_turn_start``: what a fighter's statuses and cards give it as its turn
    starts, as if it started from the position (the AI's look at its next roll): not the
    dice it rolls, nor those waiting for the roll. It changes the fight it runs on, so the
    AI runs it on a copy."""
    fight = ready(lib, mine=("Keeper", "Sword"), theirs=("Ember Jar", "Sword"),
                  statuses={"gift": 1})
    roll(fight, 5, 3)
    fight.apply(Move.parse("5 → Keeper"), FixedChance())
    fight.apply(Move.parse("end"), FixedChance())           # the Frog's turn to start
    look = fight.copy(simulation=True, log=False)
    assert sorted(d.value for d in look.dice_given_at_turn_start(0, FixedChance())) == [5, 6]
    # the Frog's own: none of its hooks gives at its turn's start (its jar at its end)
    assert fight.copy().dice_given_at_turn_start(1, FixedChance()) == ()
    # the fight it was copied from is as it was: the Keeper still holds its die
    assert dict(fight.fighters[0].cards[0].vars)["kept"] == 5
    assert dict(look.fighters[0].cards[0].vars)["kept"] == 0
    roll(fight, 2, 2)                                       # the Frog's turn, ended
    fight.apply(Move.parse("end"), FixedChance())
    roll(fight, 1, 1)                                       # the Warrior's, as it said
    assert sorted(d.value for d in fight.fighters[0].dice) == [1, 1, 5, 6]


def test_dice_waiting_past_the_pools_cap_are_a_fault(lib):
    fight = ready(lib, mine=("Hoard", "Sword"), theirs=("Sword",))
    roll(fight, 4, 4)
    events = fight.apply(Move.parse("end"), FixedChance())
    [fault] = [e for e in events if isinstance(e, E.ScriptFault)]
    assert "more than 24 dice waiting for a roll" in fault.message
    assert len(fight.fighters[0].waiting) == 24


def test_dice_waiting_are_part_of_the_position(lib):
    a, b = ready(lib), ready(lib)
    roll(a, 6, 2)
    roll(b, 5, 2)
    frog_a, frog_b = a.fighters[1], b.fighters[1]
    assert frog_a.waiting and not frog_b.waiting
    assert frog_a.key() != frog_b.key()


MORE = CARDS + '''
equipment "Augur" {
    slots: any
    text: "Says each roll of its owner's"
    on roll { if roller == self { say(rolled) } }
    on use { attack(d) }
}

equipment "Night Set" {
    slots: any
    text: "When attacked, your dice next turn are two 6s more"
    on attacked { set_dice([6, 6]) }
    on use { attack(d) }
}

equipment "Crowd" {
    slots: any
    text: "Roll 22 more dice each turn"
    on use { extra_dice(22) }
}
'''
more = library_fixture("more", MORE)


def test_a_roll_is_heard_as_rolled_whatever_waited_for_it(more):
    # (the log's line for the dice that waited once took the name of what was rolled)
    fight = ready(more, mine=("Sword",), theirs=("Jealous Eye", "Augur", "Sword"))
    roll(fight, 6, 2)
    fight.apply(Move.parse("end"), FixedChance())
    events = roll(fight, 4, 5)
    assert said(events) == ["Frog gets a 6"]
    assert [e.text for e in events if isinstance(e, E.Said)] == ["[4, 5]"]


def test_set_dice_outside_ones_turn_gives_dice_for_the_next_roll(more):
    fight = ready(more, mine=("Sword",), theirs=("Night Set", "Sword"))
    roll(fight, 3, 3)
    events = fight.apply(Move.parse("3 → Sword"), FixedChance())
    assert said(events) == ["Frog gets a 6 and a 6 for its next turn"]
    frog = fight.fighters[1]
    assert frog.dice == [] and [d.value for d in frog.waiting] == [6, 6]


def test_dice_past_the_cap_at_a_roll_are_said_lost(more):
    fight = ready(more, mine=("Crowd", "Sword"), theirs=("Sword",), statuses={"gift": 1})
    roll(fight, 1, 1)
    fight.apply(Move.parse("1 → Crowd"), FixedChance())
    fight.apply(Move.parse("end"), FixedChance())
    roll(fight, 2, 2)
    fight.apply(Move.parse("end"), FixedChance())
    events = roll(fight, *([3] * 24))
    assert len(fight.fighters[0].dice) == 24
    assert said(events, E.DiceLost) == ["Warrior loses a 6: a pool holds 24 dice at most"]
