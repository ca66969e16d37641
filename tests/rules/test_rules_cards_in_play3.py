"""Cards in play, round three: the cards a fighter used this turn (``used_this_turn``), a
card taken for a while (``take_card(c, turns)``), ending the opponent's turn
(``end_turn(target)``, Daze and the Cosh), a mark set in a turn-end hook, and what a card's
marks read outside its owner's turn."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.lang.chance import SampleChance
from dicey.notation import gone_face, gone_words
from dicey.rules import events as E
from dicey.rules.fight import READY, Fight
from dicey.rules.protocol import Move
from dicey.rules.state import (DISCARDED, GIVEN, RETURNED, SHOCK_NEXT, STOLEN, TAKEN,
                               FighterSetup)
from dicey.run.session import FightSession
from button_kit import library_fixture, library_with
from cards_in_play_kit import cards_fight, faults, held, play, play_hostile

CARDS = '''
equipment "Echo" {
    slots: any
    uses: unlimited
    text: "Say the cards you used this turn"
    on use { say(len(self.used_this_turn)); for c in self.used_this_turn { say(c.name) } }
}

equipment "Twice" {
    slots: any
    uses: 2
    text: "Do [d] damage, twice a turn"
    on use { attack(d) }
}

equipment "Borrow" {
    slots: any
    uses: unlimited
    var turns = 1
    text: "Take the opponent's first card in play for [turns] turns"
    on use { for c in target.cards { take_card(c, turns); stop } }
}

equipment "Borrow Two" {
    slots: any
    text: "Take the opponent's first card in play for 2 turns"
    on use { for c in target.cards { take_card(c, 2); stop } }
}

equipment "Bad Borrow" {
    slots: any
    uses: unlimited
    var turns = 0
    text: "Take a card for 0 turns, then for true ones (faults)"
    on use {
        for c in target.cards { take_card(c, turns); stop }
        let odd = [turns == 0]
        for c in target.cards { take_card(c, odd[0]); stop }
    }
}

equipment "Binner" {
    slots: any
    text: "Discard the first card you took"
    on use { for c in self.cards { if c.temporary { discard(c); stop } } }
}

equipment "Regift" {
    slots: any
    text: "Give the opponent a copy of the first card you took"
    on use { for c in self.cards { if c.temporary { give_card(c, target); stop } } }
}

equipment "Pebble" {
    slots: any
    single use
    text: "Do [d] damage, once"
    on use { attack(d) }
}

equipment "Shapeshift" {
    slots: any
    text: "Become a Rock"
    on use { replace_with("Rock") }
}

equipment "Parry" {
    slots: any
    text: "Do [d] damage. A blow that hurts you ends the attacker's turn"
    on use { attack(d) }
    on damage taken { say(end_turn(target)) }
}

equipment "Stall" {
    slots: any
    uses: unlimited
    text: "Try to end the opponent's turn in your own (nothing), then your own"
    on use { say(end_turn(target)); say(end_turn(self)) }
}

equipment "Late Jam" {
    slots: any
    text: "At your turn's end, shock your other cards"
    on use { attack(d) }
    on turn end { for c in self.cards { if c != card { say(shock_card(c)) } } }
}

equipment "Looker" {
    slots: any
    uses: unlimited
    text: "Say the opponent's cards' marks"
    on use { for c in target.cards { say([c.name, c.shocked, c.weakened]) } }
}

equipment "Conjure" {
    slots: any
    uses: unlimited
    text: "Get a Rock for this turn"
    on use { give_card("Rock", self, 1) }
}

equipment "Curse Gift" {
    slots: any
    text: "Give the opponent a Rock until the end of its next turn"
    on use { give_card("Rock", target, 1) }
}

equipment "Mirror Two" {
    slots: any
    text: "Get a copy of the opponent's first card for this turn and the next"
    on use { for c in target.cards { give_card(c, self, 2); stop } }
}

equipment "Polymorph" {
    slots: any
    uses: unlimited
    text: "Turn the opponent's first card in play into a Rock"
    on use { for c in target.cards { replace_card(c, "Rock"); stop } }
}

equipment "Late Polymorph" {
    slots: any
    uses: 2
    var kept = []
    text: "Keep the opponent's cards in mind; then turn the first into a Rock"
    on use {
        if kept == [] { kept = target.cards }
        else { for c in kept { replace_card(c, "Rock"); stop } }
    }
}

equipment "Jammer" {
    slots: any
    uses: unlimited
    text: "Shock the opponent's first card that is no button"
    on use { for c in target.cards { if not c.button { say(shock_card(c)); stop } } }
}
'''


lib = library_fixture("cards3", CARDS)


def said(events) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Said)]


def next_turn(fight: Fight, seed: int = 1) -> list:
    """End the actor's turn and begin the other's; the events."""
    events = play(fight, "end")
    return events + fight.begin_turn(SampleChance(random.Random(seed)))


def frog_to_act(fight: Fight, dice, **pin) -> None:
    """Pin the Frog (side 1) to act with ``dice``."""
    fight.set_position(1, dice=list(dice), **pin)


# ------------------------------------------------------------- used_this_turn

def test_used_this_turn_lists_the_cards_used_in_order_a_card_used_twice_twice(lib):
    fight = cards_fight(lib, ["Twice", "Echo", "Sword"], [2, 3, 4, 5])
    events = play(fight, "2 → Twice", "4 → Sword", "3 → Twice", "5 → Echo")
    # Echo sees itself too: it is used from the moment it fires.
    assert said(events) == ["4", "Twice", "Sword", "Twice", "Echo"]
    assert fight.fighters[0].used_turn == (0, 2, 0, 1)


def test_used_this_turn_is_cleared_at_its_owners_turn_start_and_read_by_the_opponent(lib):
    fight = cards_fight(lib, ["Sword"], [4], opp=["Echo", "Looker"])
    play(fight, "4 → Sword")
    next_turn(fight)                      # the Frog's turn: the Warrior's last turn stays
    assert fight.fighters[0].used_turn == (0,) and fight.fighters[1].used_turn == ()
    frog_to_act(fight, [3])
    assert fight.fighters[0].used_turn == (0,)
    next_turn(fight)                      # the Warrior's turn again: cleared
    assert fight.fighters[0].used_turn == ()


def test_the_key_holds_used_this_turn_only_where_a_script_reads_it(lib):
    def after(cards, order):
        fight = cards_fight(lib, cards, [3, 4])
        play(fight, *order)
        return fight

    for reader, differ in ((["Echo", "Sword", "Shield"], True),
                           (["Rock", "Sword", "Shield"], False)):
        a = after(reader, ["3 → Sword", "4 → Shield"])
        b = after(reader, ["4 → Shield", "3 → Sword"])
        assert [c.key() for c in a.fighters[0].cards] == [c.key() for c in b.fighters[0].cards]
        assert a.fighters[0].hp == b.fighters[0].hp and a.fighters[1].hp == b.fighters[1].hp
        assert (a.key() != b.key()) is differ
        assert a.copy().key() == a.key() and b.copy().key() == b.key()


def test_a_copy_keeps_used_this_turn_apart(lib):
    fight = cards_fight(lib, ["Echo", "Sword"], [3, 4])
    play(fight, "3 → Sword")
    copy = fight.copy()
    play(copy, "4 → Echo")
    assert fight.fighters[0].used_turn == (1,) and copy.fighters[0].used_turn == (1, 0)


def test_a_place_given_a_new_card_is_no_longer_in_used_this_turn(lib):
    fight = cards_fight(lib, ["Pebble", "Echo"], [3, 4, 5])
    play(fight, "3 → Pebble")
    fight.fighters[0].forget_place(0)
    assert fight.fighters[0].used_turn == () and fight.fighters[0].last_used == -1


def test_say_prints_the_cards_and_fighters_in_a_list_by_name(tmp_path):
    lib = library_with(tmp_path, "lister.dice", CARDS + '''
equipment "Lister" {
    slots: any
    text: "Say what you used this turn"
    on use { say(self.used_this_turn); say([card, [self, target], 2]) }
}
''')
    fight = cards_fight(lib, ["Sword", "Lister"], [3, 4])
    events = play(fight, "3 → Sword", "4 → Lister")
    assert said(events) == ["[Sword, Lister]", "[Lister, [Warrior, Frog], 2]"]


# --------------------------------------------------------- take_card(c, turns)

def test_a_card_taken_for_this_turn_goes_back_at_its_end_as_it_is(lib):
    fight = cards_fight(lib, ["Borrow"], [3, 5], opp=["Sword", "Shield"])
    events = play(fight, "3 → Borrow")
    assert [e.describe() for e in events if isinstance(e, E.CardTaken)] == [
        "Warrior takes Sword from Frog for this turn"]
    assert held(fight, 0) == ["Borrow", "Sword"] and held(fight, 1) == ["(Sword)", "Shield"]
    assert fight.fighters[0].cards[1].loan == (fight.turn, 0)
    play(fight, "5 → Sword")
    events = play(fight, "end")
    assert [e.describe() for e in events if isinstance(e, E.CardReturned)] == [
        "Sword goes back from Warrior to Frog"]
    # The taker's place for it goes (it was the last); the owner's comes back, used once.
    assert held(fight, 0) == ["Borrow"] and held(fight, 1) == ["Sword", "Shield"]
    sword = fight.fighters[1].cards[0]
    assert sword.times_used == 1 and not sword.temporary and not sword.loan
    assert [e.card for e in events if isinstance(e, E.CardReturned)] == ["Sword"]


def test_a_card_taken_back_unchanged_is_the_card_that_left(lib):
    fight = cards_fight(lib, ["Borrow", "Rock"], [3, 5], opp=["Sword", "Shield"])
    before = [c.key() for c in fight.fighters[1].cards], fight.fighters[1].key()[4]
    cards0 = len(fight.fighters[0].cards)
    play(fight, "3 → Borrow", "end")
    assert ([c.key() for c in fight.fighters[1].cards], fight.fighters[1].key()[4]) == before
    assert len(fight.fighters[0].cards) == cards0


def test_a_card_taken_for_two_turns_stays_through_the_opponents_turn(lib):
    fight = cards_fight(lib, ["Borrow Two"], [3], opp=["Sword", "Shield"])
    events = play(fight, "3 → Borrow Two")
    assert fight.fighters[0].cards[1].loan == (fight.turn + 2, 0)
    assert [e.describe() for e in events if isinstance(e, E.CardTaken)] == [
        "Warrior takes Sword from Frog for this turn and Warrior's next"]
    next_turn(fight)
    assert held(fight, 0) == ["Borrow Two", "Sword"]      # the Frog's turn: still taken
    next_turn(fight)
    assert held(fight, 0) == ["Borrow Two", "Sword"]      # the Warrior's second turn
    play(fight, "end")
    assert held(fight, 0) == ["Borrow Two"] and held(fight, 1) == ["Sword", "Shield"]


def test_a_card_taken_in_the_opponents_turn_is_kept_for_the_takers_next_turn(lib):
    fight = cards_fight(lib, ["Sword"], [3], opp=["Borrow", "Shield"])
    next_turn(fight)
    frog_to_act(fight, [2])
    turn = fight.turn
    events = play(fight, "2 → Borrow")
    assert fight.fighters[1].cards[-1].loan == (turn, 0)
    assert [e.describe() for e in events if isinstance(e, E.CardTaken)] == [
        "Frog takes Sword from Warrior for this turn"]
    # Taken in the hero's turn by a hook would be for the Frog's next turn: turn + 1, and
    # the log says so.
    for turns, said_ in ((1, "until the end of Frog's next turn"),
                         (2, "for Frog's next 2 turns")):
        fight2 = cards_fight(lib, ["Sword"], [3], opp=["Borrow", "Shield"])
        fight2._open(SampleChance(random.Random(0)))
        fight2._take_card(1, 0, 0, turns)
        events = fight2._close()
        assert fight2.fighters[1].cards[-1].loan == (fight2.turn + 2 * turns - 1, 0)
        assert [e.describe() for e in events if isinstance(e, E.CardTaken)] == [
            f"Frog takes Sword from Warrior {said_}"]


def test_a_card_used_up_or_discarded_meanwhile_goes_back_so(lib):
    fight = cards_fight(lib, ["Borrow"], [3, 5], opp=["Pebble", "Shield"])
    play(fight, "3 → Borrow", "5 → Pebble", "end")
    assert held(fight, 1) == ["(Pebble)", "Shield"] and fight.fighters[1].cards[0].gone is True
    fight = cards_fight(lib, ["Borrow", "Binner"], [3, 5], opp=["Sword", "Shield"])
    play(fight, "3 → Borrow", "5 → Binner", "end")
    assert fight.fighters[1].cards[0].gone == DISCARDED
    assert held(fight, 0) == ["Borrow", "Binner"]


def test_a_card_that_turned_into_another_goes_back_as_it(lib):
    fight = cards_fight(lib, ["Borrow"], [3, 5], opp=["Shapeshift", "Shield"])
    play(fight, "3 → Borrow", "5 → Shapeshift", "end")
    assert held(fight, 0) == ["Borrow"] and held(fight, 1) == ["Rock", "Shield"]
    assert not fight.fighters[1].cards[0].temporary


def test_an_end_with_a_card_to_give_back_is_not_quiet(lib):
    fight = cards_fight(lib, ["Borrow"], [3, 5], opp=["Sword", "Shield"])
    assert fight.end_is_quiet()
    play(fight, "3 → Borrow")
    assert not fight.end_is_quiet()


def test_a_copy_given_away_stays_and_the_card_goes_back(lib):
    fight = cards_fight(lib, ["Borrow", "Regift"], [3, 5], opp=["Sword", "Shield"])
    play(fight, "3 → Borrow", "5 → Regift", "end")
    assert held(fight, 1) == ["Sword", "Shield", "Sword"]
    assert fight.fighters[1].cards[2].temporary is True and not fight.fighters[1].cards[2].loan


def test_a_card_taken_anew_ends_the_first_loan(lib):
    fight = cards_fight(lib, ["Borrow"], [3], opp=["Sword", "Shield"])
    play(fight, "3 → Borrow")
    fight._open(SampleChance(random.Random(0)))
    fight._take_card(1, 0, 1)                # the Frog takes its Sword back, for the fight
    fight._close()
    play(fight, "end")
    assert held(fight, 0) == ["Borrow", "(Sword)"]
    assert held(fight, 1) == ["(Sword)", "Shield", "Sword"]
    assert fight.fighters[1].cards[2].temporary == STOLEN
    assert fight.fighters[1].cards[0].gone == TAKEN


def test_a_place_lent_is_not_given_to_another_card(lib):
    fight = cards_fight(lib, ["Borrow", "Sword"], [3, 4], opp=["Shield", "Sword"])
    frog = fight.fighters[1]
    frog.set_card(1, frog.cards[1]._replace(temporary=True))   # a Sword the Frog was given
    frog.set_card(0, frog.cards[0]._replace(gone=TAKEN))       # its Shield taken before
    play(fight, "3 → Borrow")                                   # takes the given Sword
    assert fight.fighters[0].cards[-1].loan[1] == 1
    fight._open(SampleChance(random.Random(0)))
    fight._give_card(1, "Rock")      # not in the Sword's place, though it is given and gone
    fight._close()
    assert held(fight, 1) == ["(Shield)", "(Sword)", "Rock"]
    play(fight, "end")
    assert held(fight, 1) == ["(Shield)", "Sword", "Rock"]
    assert fight.fighters[1].cards[1].temporary is True


def test_taking_a_card_for_fewer_than_one_turn_is_a_fault(lib):
    fight = cards_fight(lib, ["Bad Borrow"], [3], opp=["Sword"])
    events = play(fight, "3 → Bad Borrow")
    assert faults(events) == ["take_card()'s turns is a whole number of turns, at least 1, "
                              "not 0"]
    assert held(fight, 1) == ["Sword"]


def test_the_key_tells_how_long_a_card_is_taken_for(lib):
    def taken(turns):
        fight = cards_fight(lib, ["Rock"], [3], opp=["Sword", "Shield"])
        fight._open(SampleChance(random.Random(0)))
        fight._take_card(0, 1, 0, turns)
        fight._close()
        assert fight.copy().key() == fight.key()
        return fight.key()

    # Positions that differ only by how long the Sword is taken for: three keys.
    assert len({taken(None), taken(1), taken(2)}) == 3


# --------------------------------------------------- give_card(c, who, turns)

def gifts(events):
    return [e.describe() for e in events if type(e) is E.CardGiven]


def expired(events):
    return [e.describe() for e in events if isinstance(e, E.CardExpired)]


def test_a_card_given_for_this_turn_goes_at_its_end_nobody_getting_it(lib):
    fight = cards_fight(lib, ["Conjure"], [3, 5], opp=["Sword", "Shield"])
    events = play(fight, "3 → Conjure")
    assert gifts(events) == ["Warrior gets Rock for this turn"]
    assert held(fight, 0) == ["Conjure", "Rock"]
    assert fight.fighters[0].cards[1].loan == (fight.turn, GIVEN)
    assert not fight.end_is_quiet()                 # its end takes the Rock away
    events = play(fight, "end")
    assert expired(events) == ["Warrior's Rock goes: it was given for a while"]
    assert held(fight, 0) == ["Conjure"] and held(fight, 1) == ["Sword", "Shield"]
    assert not any(isinstance(e, E.CardReturned) for e in events)


def test_a_card_given_for_a_while_that_is_not_last_leaves_its_place_to_the_next(lib):
    fight = cards_fight(lib, ["Conjure", "Sword"], [3, 5, 2, 4], opp=["Sword", "Shield"])
    play(fight, "3 → Conjure")
    fight.fighters[0].add_card(fight.fighters[0].cards[1])      # a Sword after it
    assert held(fight, 0) == ["Conjure", "Sword", "Rock", "Sword"]
    next_turn(fight)
    assert held(fight, 0) == ["Conjure", "Sword", "(Rock)", "Sword"]
    # its place says it went as it came, not as a card the opponent took
    place = fight.fighters[0].cards[2]
    assert place.gone == RETURNED and gone_face(place) == "[gone]"
    assert gone_words(place) == "gone: it was given for a while"
    next_turn(fight)
    fight.set_position(0, dice=[2])
    play(fight, "2 → Conjure")                       # the next Rock takes the Rock's place
    assert held(fight, 0) == ["Conjure", "Sword", "Rock", "Sword"]


def test_a_card_given_for_a_while_and_used_up_goes_without_a_word(lib):
    fight = cards_fight(lib, ["Conjure"], [3, 5], opp=["Sword", "Shield"])
    play(fight, "3 → Conjure", "5 → Rock")            # a Rock is single use
    assert held(fight, 0) == ["Conjure", "(Rock)"]
    events = play(fight, "end")
    assert expired(events) == [] and held(fight, 0) == ["Conjure"]


def test_a_card_given_to_the_opponent_lasts_to_the_end_of_its_next_turn(lib):
    fight = cards_fight(lib, ["Curse Gift"], [3], opp=["Sword", "Shield"])
    events = play(fight, "3 → Curse Gift")
    assert gifts(events) == ["Frog gets Rock until the end of Frog's next turn"]
    next_turn(fight)
    assert held(fight, 1) == ["Sword", "Shield", "Rock"]          # the Frog's turn
    events = next_turn(fight)
    assert expired(events) == ["Frog's Rock goes: it was given for a while"]
    assert held(fight, 1) == ["Sword", "Shield"]


def test_a_copy_given_for_two_turns_stays_through_the_givers_next_turn(lib):
    fight = cards_fight(lib, ["Mirror Two"], [3], opp=["Sword", "Shield"])
    events = play(fight, "3 → Mirror Two")
    assert gifts(events) == ["Warrior gets Sword for this turn and Warrior's next"]
    assert held(fight, 1) == ["Sword", "Shield"]                  # a copy: nothing taken
    next_turn(fight)
    next_turn(fight)
    assert held(fight, 0) == ["Mirror Two", "Sword"]
    events = play(fight, "end")
    assert expired(events) and held(fight, 0) == ["Mirror Two"]


@pytest.mark.parametrize("turns", [None, 1])
def test_a_card_given_for_a_while_and_taken_still_goes_when_its_time_is_up(lib, turns):
    """It became the taker's for good (take_card(c) set no time, take_card(c, 1) a time to
    go back, after which the first holder kept it): the Broker of tests/data/pyre ended
    the fight holding three Hammers lent for 2 turns each."""
    fight = cards_fight(lib, ["Curse Gift"], [3], opp=["Sword", "Shield"])
    play(fight, "3 → Curse Gift")                   # the Frog's Rock: to its next turn's end
    rock = fight.fighters[1].cards[2]
    fight._open(SampleChance(random.Random(0)))
    fight._take_card(0, 1, 2, turns)                # the Warrior takes it back at once
    events = fight._close()
    # Its time is up at the end of the Frog's next turn: held by the Warrior, it goes at
    # the end of the Warrior's first turn past it.
    assert [e.describe() for e in events if isinstance(e, E.CardTaken)] == [
        "Warrior takes Rock from Frog for this turn and Warrior's next"]
    assert fight.fighters[0].cards[-1].loan == rock.loan
    next_turn(fight)
    next_turn(fight)
    assert held(fight, 0) == ["Curse Gift", "Rock"] and "Rock" not in held(fight, 1)
    events = play(fight, "end")
    assert expired(events) == ["Warrior's Rock goes: it was given for a while"]
    assert held(fight, 0) == ["Curse Gift"] and "Rock" not in held(fight, 1)


def test_the_key_tells_how_long_a_card_is_given_for(lib):
    def given_for(turns):
        fight = cards_fight(lib, ["Sword"], [3], opp=["Sword", "Shield"])
        fight._open(SampleChance(random.Random(0)))
        fight._give_card(0, "rock", turns)
        fight._close()
        assert fight.copy().key() == fight.key()
        return fight.key()

    assert len({given_for(None), given_for(1), given_for(2)}) == 3


def test_giving_a_card_for_fewer_than_one_turn_is_an_error_or_a_fault(lib, tmp_path):
    from lang_kit import card, only_error, symbols_of
    err = only_error(card('give_card("Rock", self, 0)'), symbols_of(lib))
    assert err.message == ("give_card() gives a card for 1 turn at least, not 0 (leave "
                           "turns out to give it for the fight)")
    bad = library_with(tmp_path, "bad.dice", 'equipment "Bad Gift" { slots: any\n'
                       ' var turns = 0\n text: "x"\n'
                       ' on use { give_card("Rock", self, turns) } }\n')
    fight = cards_fight(bad, ["Bad Gift"], [3])
    assert faults(play(fight, "3 → Bad Gift")) == [
        "give_card()'s turns is a whole number of turns, at least 1, not 0"]
    assert held(fight, 0) == ["Bad Gift"]


def test_the_planner_uses_a_card_given_for_the_turn(lib):
    from dicey.ai.planner import plan_turn
    fight = cards_fight(lib, ["Conjure"], [2, 6], opp=["Sword", "Shield"])
    plan = plan_turn(fight, seed=1)
    assert [str(m) for m in plan.moves[:2]] == ["2 → Conjure", "6 → Rock"]


# ------------------------------------------------------- replace_card(c, name)

def test_replace_card_turns_a_card_of_the_opponent_into_another_in_its_place(lib):
    fight = cards_fight(lib, ["Polymorph"], [3, 5], opp=["Sword", "Shield"])
    events = play(fight, "3 → Polymorph")
    assert [e.describe() for e in events if isinstance(e, E.CardReplaced)] == [
        "Frog's Sword turns into Rock"]
    assert held(fight, 1) == ["Rock", "Shield"]
    assert fight.fighters[1].cards[0].times_used == 0 and not fight.fighters[1].cards[0].loan
    play(fight, "5 → Polymorph")                  # the Rock is in play: it changes again
    assert held(fight, 1) == ["Rock", "Shield"]


def test_replace_card_of_a_card_not_in_play_is_a_fault(lib):
    fight = cards_fight(lib, ["Borrow", "Late Polymorph"], [3, 5, 2],
                        opp=["Sword", "Shield"])
    events = play(fight, "2 → Late Polymorph", "3 → Borrow", "5 → Late Polymorph")
    assert faults(events) == ["replace_card(): Sword is not in play (used up, taken or "
                              "discarded)"]
    assert held(fight, 1) == ["(Sword)", "Shield"]


def test_replace_card_names_a_card_the_checker_knows(lib):
    from lang_kit import card, only_error, symbols_of
    err = only_error(card('for c in target.cards { replace_card(c, "Rokc") }'),
                     symbols_of(lib))
    assert err.message == "unknown card 'Rokc' (did you mean 'Rock'?)"
    err = only_error(card('replace_card("Rock", "Rock")'), symbols_of(lib))
    assert err.message == "replace_card() needs a card here, not a string"


LOAN_BODIES = st.lists(st.sampled_from([
    "for c in target.cards { take_card(c, 1); stop }",
    "for c in target.cards { take_card(c, 2) }",
    "for c in target.cards { give_card(c, target); stop }",
    "for c in self.cards { if c.temporary { give_card(c, target); discard(c); stop } }",
    "for c in self.cards { if c.temporary { discard(c); stop } }",
    "give_card(\"Rock\", target)",
    "give_card(\"Rock\", self, 1)",
    "for c in target.cards { give_card(c, target, 2); stop }",
    "for c in target.cards { take_card(c); stop }",
    "for c in target.cards { replace_card(c, \"Rock\"); stop }",
    "say(len(self.used_this_turn))",
]), min_size=1, max_size=4)


def _loans_hold(fight: Fight) -> None:
    """Every card taken for a while names a place of the other side that waits for it."""
    for side, f in enumerate(fight.fighters):
        for c in f.cards:
            if c.loan and c.gone != TAKEN and c.loan[1] != GIVEN:
                assert fight.fighters[1 - side].cards[c.loan[1]].gone == TAKEN
        assert all(-1 <= i < len(f.cards) for i in f.used) and f.used


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=LOAN_BODIES, rounds=st.integers(1, 30), seed=st.integers(0, 1000))
def test_hostile_loops_of_loans_keep_keys_copies_and_places_right(tmp_path_factory, body,
                                                                  rounds, seed):
    fight = play_hostile(tmp_path_factory.mktemp("loans"),
                         f' on use {{ repeat {rounds} {{ {"; ".join(body)} }} }}\n'
                         f' on any use {{ {body[0]} }}\n', seed, turns=8, check=_loans_hold)
    _loans_hold(fight)


# ----------------------------------------------------------- end_turn(target)

def test_end_turn_target_ends_the_attackers_turn_once_its_move_is_done(lib):
    fight = cards_fight(lib, ["Parry"], [3], opp=["Sword", "Shield"])
    next_turn(fight)
    frog_to_act(fight, [4, 2])
    events = play(fight, "4 → Sword")
    assert said(events) == ["1"]
    assert fight.phase == READY and fight.actor == 0
    cut = [e for e in events if isinstance(e, E.TurnCut)]
    assert [e.describe() for e in cut] == ["Frog's turn ends with Warrior's Parry"]
    ended = [e for e in events if isinstance(e, E.TurnEnded)]
    assert ended[0].cut and ended[0].unused == (2,)


def test_end_turn_target_in_ones_own_move_does_nothing(lib):
    fight = cards_fight(lib, ["Stall", "Sword"], [3, 4])
    events = play(fight, "3 → Stall")
    assert said(events) == ["0", "1"]             # end_turn(self) is end_turn()
    assert fight.phase == READY and fight.actor == 1


def test_daze_ends_the_bearers_turn_at_its_next_card(lib):
    fight = cards_fight(lib, ["Cosh"], [5], opp=["Sword", "Shield"])
    play(fight, "5 → Cosh")
    assert fight.fighters[1].statuses.get("daze") == 1
    next_turn(fight)
    frog_to_act(fight, [4, 2], statuses={"daze": 1})
    events = play(fight, "2 → Shield")
    assert fight.phase == READY and fight.actor == 0
    assert "daze" not in fight.fighters[1].statuses
    assert [e.describe() for e in events if isinstance(e, E.TurnCut)] == [
        "Frog's turn ends (daze)"]
    # A status whose name is its id in capitals (Daze) is said by its id.
    assert "Frog loses all daze" in [e.describe() for e in events]
    # The Warrior dazed: its first card ends its turn, the die left lost.
    fight = cards_fight(lib, ["Cosh", "Sword"], [5, 4], statuses={"daze": 1})
    events = play(fight, "5 → Cosh")
    assert fight.phase == READY and fight.actor == 1
    assert [e.unused for e in events if isinstance(e, E.TurnEnded)] == [(4,)]


STUN_LOCK = CARDS + '''
status "Stun Lock" {
    kind: positive
    text: "A blow that hurts you ends the attacker's turn"
    on damage taken { end_turn(target) }
}
'''


def test_a_turn_a_status_ends_says_so_by_the_statuss_name(tmp_path):
    lib = library_with(tmp_path, "stun.dice", STUN_LOCK)
    fight = cards_fight(lib, ["Sword"], [3], opp=["Sword", "Shield"])
    fight._open(SampleChance(random.Random(0)))
    fight._add_status(0, "stun_lock", 1)
    events = fight._close()
    assert [e.describe() for e in events if isinstance(e, E.StatusChanged)] == [
        "Warrior gets 1 Stun Lock (now 1)"]
    assert [e.status for e in events if isinstance(e, E.StatusChanged)] == ["stun_lock"]
    next_turn(fight)
    frog_to_act(fight, [4, 2])
    events = play(fight, "4 → Sword")
    assert fight.phase == READY and fight.actor == 0
    assert [e.describe() for e in events if isinstance(e, E.TurnCut)] == [
        "Frog's turn ends (Warrior's Stun Lock)"]


def test_daze_waits_for_a_card_that_does_not_fizzle_as_its_text_says(tmp_path):
    lib = library_with(tmp_path, "jinx.dice", CARDS + '''
equipment "Jinxed" {
    slots: any
    tags: curseattract
    text: "Do [d] damage (a cursed owner's Jinxed always fizzles)"
    on use { attack(d) }
}
''')
    for name in ("daze", "cosh"):
        text = (lib.status(name) if name == "daze" else lib.equipment[name]).text
        assert "does not fizzle" in text
    assert "does not fizzle" in lib.equipment["cosh"].upgraded.text
    fight = cards_fight(lib, ["Jinxed", "Sword"], [3, 4], statuses={"daze": 1, "curse": 1})
    events = play(fight, "3 → Jinxed")
    assert [e for e in events if isinstance(e, E.Fizzled)] and fight.actor == 0
    assert fight.fighters[0].statuses.get("daze") == 1
    events = play(fight, "4 → Sword")
    assert [e.describe() for e in events if isinstance(e, E.TurnCut)] == [
        "Warrior's turn ends (daze)"]


# ------------------------------------------------------------ the two marks

def test_a_mark_set_in_its_owners_turn_end_hook_is_for_its_next_turn(lib):
    fight = cards_fight(lib, ["Late Jam", "Sword", "Shield"], [3], opp=["Looker"])
    events = play(fight, "end")
    assert said(events) == ["1", "1"]
    assert [c.shocked for c in fight.fighters[0].cards] == [False, SHOCK_NEXT, SHOCK_NEXT]
    # Read in the Frog's turn: the Warrior's cards will be shocked.
    fight.begin_turn(SampleChance(random.Random(1)))
    frog_to_act(fight, [2])
    assert said(play(fight, "2 → Looker")) == ["[Late Jam, false, false]",
                                               "[Sword, true, false]",
                                               "[Shield, true, false]"]
    next_turn(fight)
    assert [c.shocked for c in fight.fighters[0].cards] == [False, True, True]


def test_a_cards_marks_read_outside_its_owners_turn_tell_its_next_turn(lib):
    # The Warrior's Sword shocked in its turn (a mark of that turn, which goes at its next
    # turn's start) and its Shield marked by the Frog for that next turn: in the Frog's
    # turn only the Shield reads shocked. In the Warrior's, the Sword did.
    fight = cards_fight(lib, ["Shield", "Sword", "Looker"], [3], opp=["Looker", "Jammer"],
                        shocked=["Sword"])
    assert fight.fighters[0].cards[1].shocked is True
    # (the Frog's Sword shocked in its last turn: read in the Warrior's, it is not)
    fight.set_position(1, equipment=["Sword"])
    fight.fighters[1].set_card(0, fight.fighters[1].cards[0]._replace(shocked=True))
    assert said(play(fight, "3 → Looker")) == ["[Sword, false, false]"]
    next_turn(fight)
    fight.set_position(1, equipment=["Looker", "Jammer"])
    frog_to_act(fight, [2, 4])
    assert said(play(fight, "4 → Jammer")) == ["1"]
    assert said(play(fight, "2 → Looker")) == ["[Shield, true, false]",
                                               "[Sword, false, false]",
                                               "[Looker, false, false]"]


# --------------------------------------------------------------- saves

def test_a_fight_saved_mid_loan_and_mid_turn_replays_to_the_same_position(lib):
    setup = FighterSetup(equipment=("Borrow Two", "Echo", "Sword"))
    hero, frog = lib.hero("Warrior"), lib.enemy("Frog")
    session = FightSession(lib, hero, frog, 7, setup)
    rng = random.Random(3)
    while session.fight.turn < 5 and not session.over:
        moves = session.fight.legal_moves()
        session.play(moves[rng.randrange(len(moves))] if session.fight.turn_moves < 3
                     else Move.end())
        again = FightSession.replay(lib, hero, frog, 7, setup, session.moves)
        assert again.fight.key() == session.fight.key()
        for a, b in zip(again.fight.fighters, session.fight.fighters):
            assert (a.used_turn, a.last_used, a.cards) == (b.used_turn, b.last_used, b.cards)


# ------------------------------------------------ the AI and end_turn(target)

def test_the_planner_stops_the_attackers_line_at_the_blow_that_ends_its_turn(lib):
    from dicey.ai.planner import Budget, plan_turn

    def frog_plan(hero_cards):
        fight = cards_fight(lib, hero_cards, [3], opp=["Sword", "Shield"])
        next_turn(fight)
        frog_to_act(fight, [6, 3])
        return plan_turn(fight, budget=Budget(ms=None))

    # The Warrior's Parry ends the Frog's turn at its first blow that hurts: the Frog
    # shields first, and its plan stops at the Sword (no end move after it).
    plan = frog_plan(["Parry"])
    assert plan.method == "exhaustive"
    assert [str(m) for m in plan.moves] == ["3 → Shield", "6 → Sword"]
    values = {str(f.move): f.value for f in plan.first_moves}
    assert values["3 → Shield"] > values["6 → Sword"]
    # Without it, the Sword first costs nothing, and the plan ends with the end move.
    plan = frog_plan(["Rock"])
    assert plan.moves[-1].is_end and len(plan.moves) == 3


def test_a_turn_ending_card_that_fizzles_ends_no_turn(lib):
    from dicey.lang.chance import FixedChance
    fight = cards_fight(lib, ["Haymaker", "Sword"], [6, 3], statuses={"curse": 1})
    events = fight.apply(Move.parse("6 → Haymaker"), FixedChance())   # the coin: fizzle
    assert [e.reason for e in events if isinstance(e, E.Fizzled)] == ["cursed"]
    assert fight.phase != READY and [m.card for m in fight.legal_moves()][0] == "Sword"


def test_mcts_stops_the_attackers_line_at_the_blow_that_ends_its_turn(lib):
    from dicey.ai.planner import Budget, plan_turn
    fight = cards_fight(lib, ["Parry"], [3], opp=["Sword", "Shield"])
    next_turn(fight)
    frog_to_act(fight, [6, 3])
    plan = plan_turn(fight, budget=Budget(states=1, iterations=300, ms=None))
    assert plan.method == "mcts"
    assert plan.moves[-1].card == "Sword" and not any(m.is_end for m in plan.moves)


def test_only_a_card_that_may_end_its_owners_turn_is_held_back_by_the_rule_of_thumb(lib):
    from dicey.rules.state import ENDS_TURN
    holds = {name: ENDS_TURN in cards_fight(lib, [name], [3]).fighters[0].card_events()
             for name in ("Parry", "Stall", "Haymaker", "Sword")}
    assert holds == {"Parry": False, "Stall": True, "Haymaker": True, "Sword": False}


def test_a_card_taken_for_a_while_and_discarded_keeps_its_place_and_goes_back(lib):
    # The taker is given a card while the loan runs: the new card does not take the
    # loaned card's place, and the loaned card still goes back, discarded.
    fight = cards_fight(lib, ["Borrow Two", "Binner"], [3, 5], opp=["Sword", "Shield"])
    play(fight, "3 → Borrow Two", "5 → Binner")
    assert fight.fighters[0].cards[2].gone == DISCARDED and fight.fighters[0].cards[2].loan
    next_turn(fight)
    next_turn(fight)                      # the Warrior's second turn: the loan's last
    fight._open(SampleChance(random.Random(0)))
    fight._give_card(0, "Rock")
    fight._close()
    assert held(fight, 0) == ["Borrow Two", "Binner", "(Sword)", "Rock"]
    assert fight.copy().key() == fight.key()
    events = play(fight, "end")
    assert [e.describe() for e in events if isinstance(e, E.CardReturned)] == [
        "Sword goes back from Warrior to Frog"]
    assert fight.fighters[1].cards[0].gone == DISCARDED
    # The taker's place for it stays, gone, and is the next given card's place.
    assert held(fight, 0) == ["Borrow Two", "Binner", "(Sword)", "Rock"]
    assert not fight.fighters[0].cards[2].loan
    fight._open(SampleChance(random.Random(0)))
    fight._give_card(0, "Pebble")
    fight._close()
    assert held(fight, 0) == ["Borrow Two", "Binner", "Pebble", "Rock"]


def test_turns_written_as_a_string_is_one_error_not_also_an_unknown_card(lib):
    from lang_kit import card, errors, symbols_of
    found = errors(card('give_card("Rock", self, "two")'), symbols_of(lib))
    assert [e.message for e in found] == ["give_card() needs a number here, not a string"]
