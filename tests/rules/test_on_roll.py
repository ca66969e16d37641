"""``on roll``: cards and statuses of either fighter hear a roll once it is made (step 3),
with ``rolled`` (the values as they came) and ``roller`` (the fighter who rolled, as the
hook's owner names it): "get an extra 6 next turn if the opponent rolls a 6"."""
from __future__ import annotations

import random

from button_kit import library_fixture, library_with
from dicey.lang.chance import FixedChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from lang_kit import card, only_error, symbols_of

CARDS = '''
equipment "Disco Ball" {
    slots: none
    var armed = 0
    text: "Get an extra 6 next turn if the opponent rolls a 6"
    on roll { if roller == target and 6 in rolled { armed = 1 } }
    on turn start { if armed { give(6); armed = 0 } }
    on use { say("groovy") }
}

equipment "Listener" {
    slots: any
    text: "Says every roll it hears"
    on roll { say([roller, rolled]) }
    on use { attack(d) }
}

status "jinx" {
    kind: negative
    text: "Each 1 its bearer rolls costs it 1 HP"
    on roll { if roller == self { hurt_self(count(rolled, 1)) } }
}
'''


lib = library_fixture("roll", CARDS)


def ready(lib, mine=("Sword", "Listener"), theirs=("Disco Ball", "Sword"),
          statuses=None) -> Fight:
    """The Warrior (two dice) to begin its turn against a Frog."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=list(mine), statuses=statuses or {})
    fight.set_position(1, equipment=list(theirs))
    fight.log = True
    return fight


def roll(fight: Fight, *values: int) -> list:
    """Begin the actor's turn with these dice rolled."""
    return fight.begin_turn(FixedChance([v - 1 for v in values]))


def said(events) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Said)]


def test_a_card_of_the_opponent_hears_the_roll_and_acts_on_it_next_turn(lib):
    fight = ready(lib)
    roll(fight, 6, 2)
    assert dict(fight.fighters[1].cards[0].vars)["armed"] == 1
    fight.apply(Move.parse("end"), FixedChance())
    events = roll(fight, 1, 1)
    assert [e.describe() for e in events if isinstance(e, E.DiceGiven)] == ["Frog gets a 6"]
    assert sorted(d.value for d in fight.fighters[1].dice) == [1, 1, 6]


def test_a_roll_without_a_6_arms_nothing(lib):
    fight = ready(lib)
    roll(fight, 5, 2)
    assert dict(fight.fighters[1].cards[0].vars)["armed"] == 0


def test_the_roller_hears_first_and_rolled_is_the_roll_before_any_mark(lib):
    fight = ready(lib, mine=("Listener",), theirs=("Listener",), statuses={"freeze": 1})
    events = roll(fight, 6, 3)
    assert [d.value for d in fight.fighters[0].dice] == [1, 3]      # freeze took the 6
    assert said(events) == ["[Warrior, [6, 3]]", "[Warrior, [6, 3]]"]
    acted = [e.who for e in events if isinstance(e, E.CardActed)]
    assert acted == ["Warrior", "Frog"]


def test_a_status_hears_its_bearers_roll(lib):
    fight = ready(lib, statuses={"jinx": 1})
    hp = fight.fighters[0].hp
    roll(fight, 1, 1)
    assert fight.fighters[0].hp == hp - 2
    fight = ready(lib, statuses={"jinx": 1})
    roll(fight, 4, 5)
    assert fight.fighters[0].hp == hp


def test_rolled_and_roller_are_seen_in_on_roll_only(lib):
    err = only_error(card("say(rolled)"), symbols_of(lib))
    assert err.message.startswith("unknown name 'rolled': 'rolled' is known only in the "
                                  "'on roll' hook (the dice a fighter rolled)"), err.message
    err = only_error('equipment "Probe" {\n    on roll { attack(roller) }\n}\n',
                     symbols_of(lib))
    assert err.message == "attack() needs a number here, not a fighter"


def test_end_turn_in_on_roll_is_said_to_do_nothing(lib, tmp_path):
    """A roll comes at a turn's start, before any move: end_turn() does nothing there
    (the Tripwire of tests/data/pyre logged "tripwire!" and the turn went on), so the
    checker warns and ``dicey cards`` does not say it ends a turn."""
    from lang_kit import problems
    source = ('equipment "Tripwire" {\n    slots: any\n    text: "x"\n'
              '    on use { attack(d) }\n'
              '    on roll { if roller == target { end_turn(target) } }\n}\n')
    found = problems(source, symbols_of(lib))
    assert [(p.severity, p.line, p.message) for p in found] == [
        ("warning", 5, "end_turn() does nothing in 'on roll': a script ends a turn only in "
                       "a fighter's own moves")]
    from dicey.commands.cards import turn_words
    library = library_with(tmp_path, "trip.dice", source)
    assert turn_words(library.card("Tripwire")) is None


GRABBY = CARDS + '''
equipment "Grabby Eye" {
    slots: any
    text: "When the opponent rolls, take its first card for 1 turn"
    on roll { if roller == target { take_card(target.cards[0], 1) } }
    on use { attack(d) }
}
'''


grabby = library_fixture("grabby", GRABBY)


def test_a_card_taken_while_a_roll_is_heard_does_not_hear_it_again(grabby):
    fight = ready(grabby, mine=("Listener", "Sword"), theirs=("Grabby Eye", "Sword"))
    events = roll(fight, 4, 2)
    # the Listener heard the Warrior's roll in the Warrior's hands; the Frog took it, and
    # it hears nothing more of that roll
    assert said(events) == ["[Warrior, [4, 2]]"]
    assert [c.title for c in fight.fighters[1].cards][-1] == "Listener"


def test_a_card_taken_into_a_spent_place_does_not_hear_the_roll_again(grabby):
    from dicey.rules.state import DISCARDED, fresh_card
    fight = ready(grabby, mine=("Listener", "Sword"), theirs=("Grabby Eye", "Sword"))
    frog = fight.fighters[1]
    spent = fresh_card(grabby.equipment["rock"], temporary=True)._replace(gone=DISCARDED)
    frog.set_cards([*frog.cards, spent])         # a card given earlier, discarded since
    events = roll(fight, 4, 2)
    assert [c.title for c in frog.cards] == ["Grabby Eye", "Sword", "Listener"]
    assert said(events) == ["[Warrior, [4, 2]]"]
