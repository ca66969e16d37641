"""A card used without end (FightRules.endless: no number of uses, and a button or a card
that may give dice back) earns the AI's ``card_used`` only when its use spent a die. Where
no script reads the counts of uses (FightRules.idle), such a use is not counted at all, so a
position it leads back to is the one it left (a card that splits a die into that many 1s,
fed a 1, gives the 1 back; a button that does nothing), and the planners see a loop instead
of being paid ``card_used`` for each round of it to the turn's move limit (Fight._watched,
Fight._idle)."""
from __future__ import annotations

import random

from button_kit import FOUNTAIN, button_fight, library_fixture, library_with
from dicey.lang.chance import SampleChance
from dicey.rules import events as E
from dicey.rules.combat import FightRules
from dicey.rules.protocol import Move

#: The Fountain, a button that does nothing, and a Fountain that reads its own uses.
IDLE = FOUNTAIN + '''
equipment "Hum" {
    slots: none
    uses: unlimited
    text: "Hum a tune"
    on use { say("hmm") }
}

equipment "Tally Fountain" {
    slots: any
    uses: unlimited
    var fed = 0
    text: "Give the die back; counts its uses"
    on use { give(d) ; fed = card.times_used }
}
'''

COUNTER = '''
status "tally" {
    kind: positive
    on turn end { if self.cards_used > 3 { heal(1) } }
}
'''


lib = library_fixture("fountain", IDLE)


def play(fight, text):
    return fight.apply(Move.parse(text), SampleChance(random.Random(0)))


def counts(fight):
    f = fight.fighters[fight.actor]
    return fight.turn_cards_used, f.cards_used, [c.times_used for c in f.cards]


def test_a_use_that_gives_its_die_back_is_not_counted(lib):
    fight = button_fight(lib, ["Fountain", "Dagger"], [1, 3])
    before = fight.key()
    events = play(fight, "1 → Fountain")
    assert any(isinstance(e, E.Fired) and e.card == "Fountain" for e in events)  # it is said
    assert fight.key() == before
    assert counts(fight) == (0, 0, [0, 0])
    assert fight.turn_moves == 1


def test_a_use_that_changes_the_dice_is_not_counted_either(lib):
    """No script can read the counts: the position is the dice and the cards, and a split
    die earns nothing for the use (it spent no die: two came back for one)."""
    fight = button_fight(lib, ["Fountain", "Dagger"], [2, 3])
    play(fight, "2 → Fountain")
    assert sorted(d.value for d in fight.fighters[0].dice) == [1, 1, 3]
    assert counts(fight) == (0, 0, [0, 0])
    play(fight, "3 → Dagger")                # a card that spends its die earns it
    assert counts(fight) == (1, 1, [0, 1])


def test_a_button_that_does_nothing_is_not_counted(lib):
    fight = button_fight(lib, ["Hum", "Dagger"], [2, 3])
    before = fight.key()
    play(fight, "use Hum")
    assert fight.key() == before and counts(fight)[0] == 0


def test_a_card_that_reads_its_own_uses_is_counted(lib):
    """It counts its uses (it may read them), and earns no ``card_used``: its die came
    back."""
    assert not {id(v) for v in (lib.card("Tally Fountain"),)} & FightRules(lib).idle
    assert {id(v) for v in (lib.card("Tally Fountain"),)} & FightRules(lib).endless
    fight = button_fight(lib, ["Tally Fountain", "Dagger"], [4, 3])
    play(fight, "4 → Tally Fountain")
    assert counts(fight) == (0, 1, [1, 0])


def test_nothing_is_idle_where_a_script_reads_the_uses_of_a_turn(tmp_path, lib):
    assert len(FightRules(lib).idle) == 3                 # Fountain, Hum, Crucible
    counting = library_with(tmp_path, "both.dice", IDLE + COUNTER)
    assert FightRules(counting).idle == frozenset()
    assert len(FightRules(counting).endless) == 4         # and the Tally Fountain
    fight = button_fight(counting, ["Fountain", "Dagger"], [1, 3])
    play(fight, "1 → Fountain")
    assert counts(fight) == (0, 1, [1, 0])


def test_the_list_of_the_cards_used_this_turn_is_a_count_of_uses(tmp_path):
    """``len(self.used_this_turn)`` counts the cards fired as ``cards_used`` does: where a
    script reads it, every use is counted."""
    listing = library_with(tmp_path, "list.dice", IDLE + COUNTER.replace(
        "self.cards_used > 3", "len(self.used_this_turn) > 3"))
    assert FightRules(listing).idle == frozenset()
    fight = button_fight(listing, ["Fountain", "Dagger"], [2, 3])
    play(fight, "2 → Fountain")
    assert counts(fight) == (0, 1, [1, 0])


def test_the_base_game_has_one_such_card_the_crucible():
    """A burning die placed on the Crucible may come back the same burning die."""
    from dicey.library import load_library
    library = load_library(use_mods=False)
    assert FightRules(library).idle == {id(library.card("Crucible"))}
