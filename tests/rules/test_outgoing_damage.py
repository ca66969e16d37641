"""``on outgoing damage``: the attacker's cards and statuses change a blow's ``amount``
before the receiver's traits and ``on incoming damage`` see it (Diamond Dust: "all damage
to frozen enemies is doubled"); cards may also have ``on incoming damage``."""
from __future__ import annotations

import random

from button_kit import library_fixture
from dicey.lang.chance import FixedChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from lang_kit import expect_error, problems, symbols_of

CARDS = '''
equipment "Whetstone Charm" {
    slots: none
    text: "Each of your blows does 2 more damage"
    on outgoing damage { amount += 2 }
    on use { say("sharp") }
}

equipment "Buckler" {
    slots: none
    text: "Each blow at you does 3 less damage"
    on incoming damage { amount -= 3 }
    on use { say("ready") }
}

equipment "Echo Charm" {
    slots: none
    text: "Each of your blows strikes 1 more"
    on outgoing damage { attack(1) }
    on use { say("echo") }
}

equipment "Tally" {
    slots: none
    text: "Says what each blow of yours is"
    on outgoing damage { say([amount, type, source == self]) }
    on use { say("tally") }
}

status "blunt" {
    kind: negative
    text: "Your blows do half damage"
    on outgoing damage { amount = amount / 2 }
}

status "zero" {
    kind: negative
    text: "Your blows do nothing at all"
    on outgoing damage { amount = -5 }
}

status "thick" {
    kind: positive
    text: "Blows at you do half damage"
    on incoming damage { amount = amount / 2 }
}
'''


lib = library_fixture("outgoing", CARDS)


def ready(lib, mine=("Sword",), theirs=("Sword",), statuses=None, their_statuses=None,
          dice=(5,)) -> Fight:
    """The Warrior to move with ``dice`` against a Frog."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=list(mine), statuses=statuses or {}, dice=list(dice))
    fight.set_position(1, equipment=list(theirs), statuses=their_statuses or {}, hp=40,
                       max_hp=40)
    fight.log = True
    return fight


def play(fight: Fight, move: str) -> list:
    return fight.apply(Move.parse(move), FixedChance())


def hit(fight: Fight, move: str = "5 → Sword", seen: list | None = None) -> int:
    """The HP the Frog loses to ``move`` (its events go into ``seen``)."""
    before = fight.fighters[1].hp
    events = play(fight, move)
    if seen is not None:
        seen += events
    return before - fight.fighters[1].hp


def their_blow(fight: Fight) -> int:
    """The HP the Warrior loses to the Frog's Sword with a 4, the Frog's turn begun."""
    play(fight, "end")
    fight.begin_turn(FixedChance([3, 3]))
    before = fight.fighters[0].hp
    play(fight, "4 → Sword")
    return before - fight.fighters[0].hp


def test_diamond_dust_doubles_blows_at_a_frozen_opponent(library):
    assert hit(ready(library, statuses={"diamond_dust": 1},
                     their_statuses={"freeze": 1})) == 10
    assert hit(ready(library, statuses={"diamond_dust": 1})) == 5       # not frozen
    assert hit(ready(library, statuses={"diamond_dust": 2},
                     their_statuses={"freeze": 1})) == 15               # two: triple


def test_diamond_dust_is_the_attackers_the_frozen_fighters_blows_are_as_they_are(library):
    assert their_blow(ready(library, statuses={"diamond_dust": 1, "freeze": 1})) == 4


def test_the_diamond_dust_card_gives_its_status_once_its_countdown_runs_out(library):
    fight = ready(library, mine=("Diamond Dust", "Sword"), dice=(6, 1, 5))
    play(fight, "6 → Diamond Dust")
    assert "diamond_dust" not in fight.fighters[0].statuses
    play(fight, "1 → Diamond Dust")
    assert fight.fighters[0].statuses["diamond_dust"] == 1
    fight.fighters[1].statuses["freeze"] = 1
    assert hit(fight) == 10


def test_cards_then_statuses_each_see_the_amount_the_one_before_set(lib):
    # the Charm's +2 first (a card), then blunt halves: (5 + 2) / 2
    assert hit(ready(lib, mine=("Sword", "Whetstone Charm"), statuses={"blunt": 1})) == 3
    assert hit(ready(lib, mine=("Sword", "Whetstone Charm", "Whetstone Charm"))) == 9


def test_the_attackers_hooks_come_before_the_receivers(lib):
    # 5 + 2 (the attacker's), then the receiver's Buckler −3 (its cards), then its
    # thick halves (its statuses): 2
    assert hit(ready(lib, mine=("Sword", "Whetstone Charm"), theirs=("Buckler",),
                     their_statuses={"thick": 1})) == 2
    # a Buckler alone: 5 − 3
    assert hit(ready(lib, theirs=("Buckler",))) == 2
    # reduce comes after both: (5 + 2) − 3 − 1
    assert hit(ready(lib, mine=("Sword", "Whetstone Charm"), theirs=("Buckler",),
                     their_statuses={"reduce": 1})) == 3


def test_an_amount_set_below_zero_is_no_damage(lib):
    seen: list = []
    assert hit(ready(lib, statuses={"zero": 1}), seen=seen) == 0
    assert seen and not [e for e in seen if isinstance(e, E.ScriptFault)]


def test_the_hook_sees_the_blow_and_its_striker(lib):
    events: list = []
    hit(ready(lib, mine=("Sword", "Tally")), seen=events)
    assert [e.text for e in events if isinstance(e, E.Said)] == ["[5, normal, true]"]


def test_a_blow_struck_inside_the_hook_is_dealt_as_it_is(lib):
    # the Echo's blow of 1 runs no Echo again (no loop, no fault), nor the Charm's +2
    events: list = []
    assert hit(ready(lib, mine=("Sword", "Echo Charm", "Whetstone Charm")), seen=events) == 8
    assert not [e for e in events if isinstance(e, E.ScriptFault)]
    assert [e.amount for e in events if isinstance(e, E.Damaged)] == [1, 7]


def test_the_opponents_blows_and_ones_own_hurt_are_not_outgoing(lib):
    fight = ready(lib, mine=("Whetstone Charm",), statuses={"poison": 3})
    assert their_blow(fight) == 4


def test_the_checker_knows_the_hook(library):
    symbols = symbols_of(library)
    assert problems(CARDS, symbols) == []
    expect_error('''equipment "Bad" {
    slots: any
    text: "?"
    on damage dealt { «amount = 3» }
    on use { attack(d) }
}''', "cannot assign to 'amount'", symbols)
    expect_error('''enemy "Bad" {
    hp: 5; dice: 1
    equipment: "Sword"
    «on outgoing damage { say("no") }»
}''', "an enemy cannot have the hook 'on outgoing damage'", symbols)
    expect_error('''status "bad" {
    kind: negative
    text: "?"
    on outgoing damage { amount = «"lots"» }
}''', "'amount' must be a number, not a string", symbols)


def test_the_log_says_what_changed_a_blow(lib):
    events: list = []
    hit(ready(lib, mine=("Sword", "Whetstone Charm"), statuses={"blunt": 1}), seen=events)
    [blow] = [e for e in events if isinstance(e, E.Damaged)]
    assert blow.describe() == "Frog takes 3 damage (Whetstone Charm: 5 → 7, blunt: 7 → 3) " \
                              "→ 37 HP"


KAMIKAZE = CARDS + '''
status "backlash" {
    kind: negative
    text: "Each of your blows costs you [stacks] HP"
    on outgoing damage { hurt_self(stacks) }
}

equipment "Spite" {
    slots: none
    text: "A blow at you is answered first"
    on incoming damage { attack(99) }
    on use { say("spite") }
}
'''
kamikaze = library_fixture("kamikaze", KAMIKAZE)


def test_a_fight_a_shaping_hook_ends_ends_there(kamikaze):
    # the attacker's hook kills the attacker: its blow does not land after the fight's end
    fight = ready(kamikaze, statuses={"backlash": 99})
    hit(fight)
    assert fight.outcome.winner == 1 and fight.fighters[1].hp == 40
    # the receiver's hook kills the attacker first
    fight = ready(kamikaze, theirs=("Spite",))
    fight.fighters[0].hp = 5
    hit(fight)
    assert fight.outcome.winner == 1 and fight.fighters[1].hp == 40
