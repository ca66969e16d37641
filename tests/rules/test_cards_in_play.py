"""Cards in play and turn control in a fight: take_card, give_card of a card, last_used,
end_turn(), the 24-card cap, the state's copy and key, and hostile scripts."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.lang.chance import SampleChance
from dicey.rules import events as E
from dicey.rules.fight import ACTING, READY
from dicey.rules.protocol import Move
from dicey.rules.state import marked
from button_kit import library_with
from cards_in_play_kit import cards_fight, cards_library, faults, held, play, play_hostile


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return cards_library(tmp_path_factory.mktemp("cards"))


# ------------------------------------------------------------------ take_card

def test_sticky_fingers_takes_the_biggest_card_for_the_fight(lib):
    fight = cards_fight(lib, ["Sticky Fingers", "Sword"], [6, 6],
                        opp=["Shield", "Greataxe", "Sword"])   # sizes 1, 2, 2
    events = play(fight, "6 → Sticky Fingers")
    assert [e.describe() for e in events if isinstance(e, E.CardTaken)] == [
        "Warrior takes Greataxe from Frog for this fight"]
    assert held(fight, 0) == ["(Sticky Fingers)", "Sword", "Greataxe"]
    assert held(fight, 1) == ["Shield", "(Greataxe)", "Sword"]
    taken = fight.fighters[0].cards[2]
    assert taken.temporary and taken.uses_left == 1 and not taken.placed
    # Its new owner may use it at once; the opponent no longer can.
    assert any(m.card == "Greataxe" for m in fight.legal_moves())
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(1)))
    assert all(m.card != "Greataxe" for m in fight.legal_moves())


def test_an_upgraded_card_is_taken_upgraded_with_its_variables(lib):
    fight = cards_fight(lib, ["Grabber"], [3], opp=["Sword+", "Shield"])
    play(fight, "3 → Grabber")
    assert held(fight, 0) == ["Grabber", "Sword+"]
    assert fight.fighters[0].cards[1].upgraded


def test_taking_ones_own_card_or_one_not_in_play_is_a_fault(lib):
    fight = cards_fight(lib, ["Self Thief", "Grabber"], [3, 4])
    events = play(fight, "3 → Self Thief")
    assert faults(events) == ["take_card(): Self Thief is the owner's own card (it takes "
                              "one of the opponent's: target.cards)"]
    assert held(fight, 0) == ["Self Thief", "Grabber"]
    # A card taken is no longer in play: taking it again (through a kept value) faults.
    fight = cards_fight(lib, ["Greedy Grabber"], [2], opp=["Sword"])
    assert held(fight, 1) == ["Sword"]
    events = play(fight, "2 → Greedy Grabber")
    assert held(fight, 0) == ["Greedy Grabber", "Sword"] and held(fight, 1) == ["(Sword)"]
    assert faults(events) == []      # the second round found target.cards empty


def test_a_side_holds_at_most_24_cards(lib):
    fight = cards_fight(lib, ["Greedy Grabber"] + ["Rock"] * 21, [6],
                        opp=["Sword"] * 10)
    events = play(fight, "6 → Greedy Grabber")
    assert len(fight.fighters[0].cards) == 24
    assert held(fight, 1).count("Sword") == 8      # two taken, then the cap
    assert faults(events) == ["more than 24 cards on a side"]


def test_a_taken_card_changes_both_keys_and_a_copy_stays_as_it_was(lib):
    fight = cards_fight(lib, ["Grabber"], [3, 3], opp=["Sword", "Shield"])
    before, copy = fight.key(), fight.copy()
    a, b = fight.fighters[0].key(), fight.fighters[1].key()
    play(fight, "3 → Grabber")
    assert fight.fighters[0].key()[4] != a[4] and fight.fighters[1].key()[4] != b[4]
    assert copy.key() == before and held(copy, 1) == ["Sword", "Shield"]
    assert fight.key() != before


# ------------------------------------------------------------------ give_card, last_used

def test_copycat_gets_the_card_the_opponent_used_last(lib):
    fight = cards_fight(lib, ["Copycat", "Mimic"], [2, 3], opp=["Sword+", "Shield"])
    assert play(fight, "2 → Copycat") and held(fight, 0) == ["(Copycat)", "Mimic"]  # none yet
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(3)))
    fight.set_position(1, dice=[4])
    play(fight, "4 → Sword")
    assert fight.fighters[1].last_used == 0
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(4)))
    fight.set_position(0, dice=[5])
    events = play(fight, "5 → Mimic")
    assert [e.describe() for e in events if isinstance(e, E.CardGiven)] == [
        "Warrior gets Sword+ for this fight"]
    given = fight.fighters[0].cards[-1]
    assert given.upgraded and given.temporary and given.defn is fight.fighters[1].cards[0].defn


@pytest.mark.parametrize("opp, differ", [(["Shield"], False), (["Copycat"], True)])
def test_last_used_is_part_of_the_key_where_a_card_reads_it(lib, opp, differ):
    """Sword then Sword+ or the other way: the same position, unless a card in the fight
    reads which was used last (the opponent's Copycat)."""
    fight = cards_fight(lib, ["Sword", "Sword+"], [3, 3], opp=opp)
    one, two = fight.copy(), fight.copy()
    for state, order in ((one, (0, 1)), (two, (1, 0))):
        for index in order:
            move = next(m for m in state.legal_moves() if m.card_index == index)
            state.apply(move, SampleChance(random.Random(0)))
    assert one.fighters[0].last_used == 1 and two.fighters[0].last_used == 0
    assert (one.key() != two.key()) is differ


def test_give_card_of_a_name_computed_at_run_time_faults_clearly(lib, tmp_path):
    library = library_with(tmp_path, "x.dice", 'equipment "Namer" { slots: any\n text: "x"\n'
                                              ' on use { give_card("Swo" + "rdd") } }\n')
    fight = cards_fight(library, ["Namer"], [3])
    events = play(fight, "3 → Namer")
    assert faults(events) == ["unknown card 'Swordd' (did you mean 'sword'?)"]
    assert held(fight, 0) == ["Namer"]


def test_a_card_value_kept_past_its_place_faults(lib):
    """A card variable may keep card values; one whose place is gone (a position pinned
    with fewer cards) is a fault, not an index error."""
    fight = cards_fight(lib, ["Keeper"], [3, 4], opp=["Sword", "Shield", "Rock"])
    play(fight, "3 → Keeper")
    fight.set_position(1, equipment=["Sword"])
    events = play(fight, "4 → Keeper")
    assert [e.card for e in events if isinstance(e, E.CardGiven)] == ["Sword"]
    assert faults(events) == ["that card is no longer in the fight"]


# ------------------------------------------------------------------ end_turn

def test_haymaker_ends_the_turn_and_the_dice_left_are_lost(lib):
    fight = cards_fight(lib, ["Haymaker", "Sword"], [4, 6, 2])
    events = play(fight, "4 → Haymaker")
    kinds = [type(e).__name__ for e in events]
    assert kinds[-2:] == ["TurnCut", "TurnEnded"]
    assert events[-1].unused == (6, 2)
    assert fight.phase == READY and fight.actor == 1 and fight.legal_moves() == []
    assert fight.fighters[1].hp == 40 - 10
    assert fight.turn_moves == 1


def test_the_log_says_the_turn_ends_after_the_cards_last_firing_and_the_dice_lost(lib):
    """With fury the log said the turn ended before the second hit; and the dice left
    read 'unused', as if the fighter had chosen to end its turn."""
    fight = cards_fight(lib, ["Haymaker", "Sword"], [5, 1, 2], statuses={"fury": 1})
    fight.log = True
    said = [e.describe() for e in play(fight, "5 → Haymaker")]
    assert said[-5:] == ["Warrior uses Haymaker again (fury)",
                         "Warrior loses all fury",
                         "Frog takes 12 damage → 16 HP",
                         "Warrior's turn ends with Haymaker",
                         "Warrior's turn is over (1 2 lost)"]


def test_a_turn_ending_card_that_wins_the_fight_ends_no_turn_in_the_log(lib):
    """Fury's second hit won the fight, after a line saying the turn ended."""
    fight = cards_fight(lib, ["Haymaker", "Sword"], [5, 1], statuses={"fury": 1})
    fight.set_position(1, hp=20)
    fight.log = True
    said = [e.describe() for e in play(fight, "5 → Haymaker")]
    assert "Warrior's turn ends with Haymaker" not in said
    assert said[-5:-1] == ["Warrior uses Haymaker again (fury)", "Warrior loses all fury",
                          "Frog takes 8 damage (12 dealt) → 0 HP", "Frog is defeated"]


def test_end_turn_in_the_other_fighters_turn_does_nothing(lib):
    fight = cards_fight(lib, ["Quitter"], [3], opp=["Sword"])
    play(fight, "end")
    fight.begin_turn(SampleChance(random.Random(1)))
    fight.set_position(1, dice=[5, 2])
    events = play(fight, "5 → Sword")
    assert [e.text for e in events if isinstance(e, E.Said)] == ["0"]
    assert fight.phase == ACTING and fight.actor == 1


def test_a_countdown_that_fires_can_end_the_turn(lib):
    fight = cards_fight(lib, ["Ticker", "Sword"], [3, 4])
    events = play(fight, "3 → Ticker")
    assert fight.phase == READY and events[-1].unused == (4,)


def test_a_blow_that_ends_the_fight_leaves_no_turn_to_end(lib):
    fight = cards_fight(lib, ["Haymaker"], [6], opp=["Sword"])
    fight.set_position(1, hp=5)
    events = play(fight, "6 → Haymaker")
    assert fight.is_over and fight.outcome.winner == 0
    assert not any(isinstance(e, (E.TurnCut, E.TurnEnded)) for e in events)


def test_outcomes_of_a_turn_ending_move_are_turn_ends(lib):
    fight = cards_fight(lib, ["Haymaker"], [2, 5], opp=["Sword"])
    fight.copy(simulation=True, log=False)
    results = fight.outcomes(Move.place(5, "Haymaker"))
    assert len(results) == 1 and results[0][1].turn_over and results[0][1].actor == 1


# ------------------------------------------------------------------ hostile scripts

HOSTILE = st.lists(st.sampled_from([
    "take_card(target.cards[0])", "for c in target.cards { take_card(c) }",
    "for c in self.cards { give_card(c) }", "for c in target.last_used { give_card(c) }",
    'give_card("Rock")', "end_turn()", "for c in self.cards { take_card(c) }",
]), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(body=HOSTILE, rounds=st.integers(1, 100), seed=st.integers(0, 1000))
def test_hostile_take_and_give_loops_are_bounded(lib, tmp_path_factory, body, rounds, seed):
    """Loops of take and give, on both sides, end within the step budget and the cap:
    faults at worst, a side never above 24 cards, and the fight plays on."""
    play_hostile(tmp_path_factory.mktemp("hostile"),
                 f' on use {{ repeat {rounds} {{ {"; ".join(body)} }} }}\n'
                 f' on any use {{ {body[0]} }}\n', seed)


@pytest.mark.parametrize("up, counted, blow", [("", 4 + 3 + 1, 3 * 2 + 2),
                                               ("+", 4 + 6 + 1, 3 * 2 + 4)])
def test_headcount_counts_the_cards_in_play_and_haymaker_upgraded_hits_harder(lib, up,
                                                                             counted, blow):
    # Three cards in play (one shocked for the Frog's next turn) and one taken, which no
    # longer counts.
    fight = cards_fight(lib, ["Headcount" + up, "Haymaker" + up, "Grabber"], [4, 3, 2],
                        opp=["Sword", "Rock", "Shield", "Rock"])
    frog = fight.fighters[1]
    frog.set_card(1, marked(frog.cards[1], "shock", now=False))
    play(fight, "2 → Grabber")          # takes the Sword
    events = play(fight, "4 → Headcount", "3 → Haymaker")
    assert [e.amount for e in events if isinstance(e, E.Damaged)] == [counted, blow]
