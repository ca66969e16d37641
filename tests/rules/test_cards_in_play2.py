"""Cards in play, round two: give_card/replace_with of an upgrade by name, what a card
value shows of another card, marking a chosen card (shock_card, weaken_card), giving to
a side (give_card(c, target)), discard, the card fields that say what a card is, taken
cards as the state knows them, and hostile scripts of all of it."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.lang.chance import SampleChance
from dicey.rules import events as E
from dicey.rules.state import DISCARDED, SHOCK_NEXT, STOLEN, TAKEN, WEAKEN_NEXT
from button_kit import library_fixture
from cards_in_play_kit import cards_fight, faults, held, play, play_hostile

CARDS = '''
equipment "Grudge" {
    slots: any
    text: "Name the card that hurt you"
    on use { attack(d) }
    on damage taken { for c in target.last_used { say(c.name) } }
}

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

equipment "Jammer" {
    slots: any
    uses: unlimited
    text: "Shock the opponent's first card that is no button"
    on use { for c in target.cards { if not c.button { say(shock_card(c)); stop } } }
}

equipment "Sapper" {
    slots: any
    uses: unlimited
    text: "Weaken every card of the opponent's"
    on use { for c in target.cards { say(weaken_card(c)) } }
}

equipment "Self Jam" {
    slots: any
    text: "Shock your other cards, now"
    on use { for c in self.cards { if c != card { say(shock_card(c)) } } }
}

equipment "Junk" {
    slots: any
    uses: unlimited
    text: "The opponent gets a Rock, and a copy of this card"
    on use { give_card("Rock", target); give_card(card, target) }
}

equipment "Shredder" {
    slots: any
    uses: unlimited
    var kept = []
    text: "Discard the opponent's first card in play (then the one kept: a fault)"
    on use {
        if kept == [] { for c in target.cards { kept = [c]; discard(c); stop } }
        else { for c in kept { discard(c) } }
    }
}

equipment "Late Jammer" {
    slots: any
    uses: unlimited
    var kept = []
    text: "Shock the card kept, once it is gone (a fault)"
    on use {
        if kept == [] { for c in target.cards { kept = [c]; discard(c); stop } }
        else { for c in kept { shock_card(c) } }
    }
}

equipment "Lookout" {
    slots: any
    uses: unlimited
    text: "Say what the cards in play are"
    on use {
        for c in target.cards + self.cards {
            say([c.name, c.single_use, c.once_per_fight, c.countdown, c.slots, c.max_die,
                 c.temporary])
        }
    }
}

equipment "Giveback" {
    slots: any
    text: "Give back every card taken from the opponent"
    on use { for c in self.cards { if c.temporary { give_card(c, target); discard(c) } } }
}
'''


lib = library_fixture("cards2", CARDS)


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
                              "button, single_use, once_per_fight, countdown, slots, "
                              "max_die, temporary)"]


# ----------------------------------------------------------- marking a card

def test_shock_card_in_ones_turn_marks_the_opponents_card_for_its_next_turn(lib):
    fight = cards_fight(lib, ["Jammer"], [3], opp=["Fury", "Sword", "Shield"])
    events = play(fight, "3 → Jammer")
    assert lines(events, E.CardMarked) == ["Frog's Sword is shocked for its next turn"]
    assert lines(events, E.Said) == ["Warrior: 1"]
    assert fight.fighters[1].cards[1].shocked == SHOCK_NEXT
    assert fight.fighters[1].cards[0].shocked is False      # a button is never marked
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(1)))
    assert fight.fighters[1].cards[1].shocked is True
    assert {m.action for m in fight.legal_moves() if m.card == "Sword"} <= {"release"}
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(2)))
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(3)))
    assert fight.fighters[1].cards[1].shocked is False      # one turn only


def test_a_marked_card_is_not_marked_again_and_weaken_takes_the_next_turn(lib):
    fight = cards_fight(lib, ["Sapper", "Jammer"], [3, 4], opp=["Sword", "Shield"])
    events = play(fight, "3 → Sapper", "4 → Jammer")
    assert lines(events, E.Said) == ["Warrior: 1", "Warrior: 1", "Warrior: 0"]
    assert [c.shocked for c in fight.fighters[1].cards] == [WEAKEN_NEXT, WEAKEN_NEXT]
    # it does not act weakened before its owner's turn
    assert [c.weakened for c in fight.fighters[1].cards] == [False, False]
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(1)))
    assert [c.weakened for c in fight.fighters[1].cards] == [True, True]


def test_a_card_marked_for_its_last_turn_can_be_marked_for_its_next(lib):
    """The mark of the turn the opponent just played was still on its card in the next of
    one's own: weaken_card refused it, and every other turn went unmarked."""
    fight = cards_fight(lib, ["Sapper"], [3], opp=["Sword", "Shield"])
    for turn in range(3):
        events = play(fight, "3 → Sapper")
        assert lines(events, E.Said) == ["Warrior: 1", "Warrior: 1"], turn
        play(fight, "end")
        fight.begin_turn(SampleChance(random.Random(turn)))
        assert [c.weakened for c in fight.fighters[1].cards] == [True, True], turn
        play(fight, "end")
        fight.begin_turn(SampleChance(random.Random(turn)))
        fight.set_position(0, dice=[3])


def test_marking_a_card_not_in_play_is_a_fault(lib):
    fight = cards_fight(lib, ["Late Jammer"], [3, 4], opp=["Sword", "Shield"])
    events = play(fight, "3 → Late Jammer", "4 → Late Jammer")
    assert faults(events) == ["shock_card(): Sword is not in play (used up, taken or "
                              "discarded)"]


def test_shock_card_on_ones_own_card_marks_it_now(lib):
    fight = cards_fight(lib, ["Self Jam", "Sword", "Fury"], [3, 4], opp=["Shield"])
    events = play(fight, "3 → Self Jam")
    assert lines(events, E.Said) == ["Warrior: 1", "Warrior: 0"]    # Fury: a button
    assert lines(events, E.CardMarked) == ["Warrior's Sword is shocked"]
    assert fight.fighters[0].cards[1].shocked is True
    assert [m.action for m in fight.legal_moves() if m.card == "Sword"] == ["release"]


def test_the_key_tells_a_mark_for_next_turn_from_one_now(lib):
    a = cards_fight(lib, ["Jammer"], [3], opp=["Sword"])
    play(a, "3 → Jammer")
    b = a.copy()                  # the same, but the Sword shocked now
    b.fighters[1].set_card(0, b.fighters[1].cards[0]._replace(shocked=True))
    assert a.fighters[1].cards[0].shocked == SHOCK_NEXT and b.fighters[1].cards[0].shocked
    assert a.key() != b.key()
    assert a.copy().key() == a.key()


def test_the_key_tells_used_up_taken_and_discarded_apart(lib):
    keys = set()
    for gone in (True, TAKEN, DISCARDED):
        fight = cards_fight(lib, ["Sword"], [3], opp=["Shield", "Rock"])
        shield = fight.fighters[1].cards[0]
        fight.fighters[1].set_card(0, shield._replace(gone=gone))
        keys.add(fight.key())
        assert fight.copy().key() == fight.key()
    assert len(keys) == 3


# ------------------------------------------------- giving to a side, discard

def test_give_card_to_the_target(lib):
    fight = cards_fight(lib, ["Junk"], [3], opp=["Sword"])
    events = play(fight, "3 → Junk")
    assert lines(events, E.CardGiven) == ["Frog gets Rock for this fight",
                                          "Frog gets Junk for this fight"]
    assert held(fight, 1) == ["Sword", "Rock", "Junk"] and held(fight, 0) == ["Junk"]
    assert all(c.temporary is True for c in fight.fighters[1].cards[1:])


def test_discard_removes_a_card_for_the_fight_and_again_is_a_fault(lib):
    fight = cards_fight(lib, ["Shredder"], [3, 4], opp=["Sword", "Shield"])
    events = play(fight, "3 → Shredder")
    assert lines(events, E.CardDiscarded) == ["Frog's Sword is discarded for this fight"]
    assert held(fight, 1) == ["(Sword)", "Shield"] and held(fight, 0) == ["Shredder"]
    assert fight.fighters[1].cards[0].gone == DISCARDED
    events = play(fight, "4 → Shredder")
    assert faults(events) == ["discard(): Sword is not in play (used up, taken or "
                              "discarded)"]


def test_a_taken_card_is_marked_taken_on_both_sides_and_given_back(lib):
    fight = cards_fight(lib, ["Sticky Fingers", "Giveback"], [6, 2], opp=["Greataxe"])
    play(fight, "6 → Sticky Fingers")
    assert fight.fighters[1].cards[0].gone == TAKEN
    assert fight.fighters[0].cards[2].temporary == STOLEN
    events = play(fight, "2 → Giveback")
    assert lines(events, E.CardGiven) == ["Frog gets Greataxe for this fight"]
    assert held(fight, 0) == ["(Sticky Fingers)", "Giveback", "(Greataxe)"]
    assert held(fight, 1) == ["(Greataxe)", "Greataxe"]
    assert fight.fighters[0].cards[2].gone == DISCARDED


# ------------------------------------------------------------- card fields

def test_the_fields_that_say_what_a_card_is(lib):
    fight = cards_fight(lib, ["Lookout", "Sticky Fingers"], [3, 6],
                        opp=["Pea Shooter", "Sticky Fingers", "Fury", "Dagger"])
    events = play(fight, "6 → Sticky Fingers", "3 → Lookout")
    rows = lines(events, E.Said)
    assert rows == ["Warrior: [Sticky Fingers, false, true, 0, 1, 6, false]",
                    "Warrior: [Fury, false, true, 0, 0, 0, false]",
                    "Warrior: [Dagger, false, false, 0, 1, 3, false]",
                    "Warrior: [Lookout, false, false, 0, 1, 6, false]",
                    "Warrior: [Pea Shooter, false, false, 5, 0, 6, true]"]


# ------------------------------------------------------------- the base cards

def test_a_dodged_haymaker_ends_the_turn_too(lib):
    fight = cards_fight(lib, ["Haymaker", "Sword"], [5, 4], opp=["Shield"],
                        opp_statuses={"dodge": 1})
    events = play(fight, "5 → Haymaker")
    assert any(isinstance(e, E.Dodged) for e in events)
    assert lines(events, E.TurnCut) and fight.actor == 1


def test_copycat_and_sticky_fingers_say_when_there_is_nothing(lib):
    fight = cards_fight(lib, ["Copycat", "Sticky Fingers"], [3, 6], opp=["Fury"])
    events = play(fight, "3 → Copycat", "6 → Sticky Fingers")
    assert lines(events, E.Said) == ["Warrior: nothing to copy", "Warrior: nothing to steal"]


# ------------------------------------------------- a fizzle earns no card_used

def test_a_card_whose_script_fails_earns_no_card_used(lib):
    from dicey.ai.score import Scorer
    fight = cards_fight(lib, ["Bad Upgrader", "Sword"], [3, 4], opp=["Shield"])
    before = fight.counters()
    events = play(fight, "3 → Bad Upgrader")
    assert faults(events) and fight.turn_cards_used == 0
    assert fight.fighters[0].cards_used == 1          # the game counts it used all the same
    played = fight.counters()
    play(fight, "4 → Sword")
    assert fight.turn_cards_used == 1
    score = Scorer(fight, 0)
    assert score.counted(before, fight) - score.counted(played, fight) == \
        score.weights.move    # the fizzle earned its move only


# ------------------------------------------------------------------ hostile scripts

HOSTILE = st.lists(st.sampled_from([
    "for c in target.cards { discard(c) }", "for c in self.cards { discard(c) }",
    "for c in target.cards { shock_card(c); weaken_card(c) }",
    "for c in self.cards { weaken_card(c); shock_card(c) }",
    "for c in self.cards { give_card(c, target) }",
    "for c in target.cards { give_card(c, target) }",
    'give_card("Rock+", target)', 'give_card("Sword+")',
    "for c in target.cards { take_card(c); stop }", "discard(card)",
    "for c in target.last_used { discard(c) }",
]), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(body=HOSTILE, rounds=st.integers(1, 100), seed=st.integers(0, 1000))
def test_hostile_give_discard_and_mark_loops_are_bounded(tmp_path_factory, body, rounds,
                                                          seed):
    """Loops of give, discard and marks, on both sides and in every hook, end within the
    step budget and the cap: faults at worst, a side never above 24 cards, the key and
    the copy agree, and the fight plays on."""
    play_hostile(tmp_path_factory.mktemp("hostile2"),
                 f' on use {{ repeat {rounds} {{ {"; ".join(body)} }} }}\n'
                 f' on turn start {{ {body[-1]} }}\n'
                 f' on any use {{ {body[0]} }}\n', seed)


def test_last_used_is_the_card_firing_from_the_moment_it_fires(lib):
    """A hook its blow set off saw the card used before it ([] on a first card): a card
    that steals 'the card that just hit you' took the wrong one."""
    fight = cards_fight(lib, ["Sword", "Shield"], [3, 4], opp=["Grudge"])
    assert lines(play(fight, "3 → Sword"), E.Said) == ["Frog: Sword"]
    assert fight.fighters[0].last_used == 0
