"""Copies that share their containers: a fight's copy and the fight it came from share each
fighter's dice, statuses and cards until one of them changes them (``Fighter.copy``).

Whichever side changes first, and however many copies share a container, a change shows in
one fight only; each fighter's key still equals the plain computation.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.state import PLAIN_DICE, CardState, Die, Fighter, fired
from rules_kit import LIB, fighter, plain_fighter_key, position, random_walk
from test_engine_caches import check, kit_fight, snapshot

KIT_CARDS = sorted(LIB.equipment)


def pair() -> tuple[Fighter, Fighter]:
    """A keyed fighter mid-turn (dice, a shield, cards) and a copy of it."""
    f = position([6, 4, 2], ["sword", "shield", "dagger"], statuses={"shield": 2})
    original = f.fighters[0]
    original.key()
    return original, original.copy()


def contents(f: Fighter) -> tuple:
    return (tuple(f.dice), tuple(f.cards), dict(f.statuses), list(f.card_codes()), f.key())


#: Every change method of a fighter, as a change made to one of the pair.
CHANGES = {
    "take_die": lambda f: f.take_die(0),
    "put_die": lambda f: f.put_die(1, Die(5, burning=True)),
    "add_dice": lambda f: f.add_dice([PLAIN_DICE[3]]),
    "set_dice": lambda f: f.set_dice([Die(1)]),
    "set_card": lambda f: f.set_card(0, f.cards[0]._replace(shocked=True)),
    "change_card": lambda f: f.change_card(1, CardState.with_placed, (4,)),
    "change_card fired": lambda f: f.change_card(2, fired, 0),
    "add_card": lambda f: f.add_card(f.cards[0]),
    "set_cards": lambda f: f.set_cards(f.cards[:1]),
    "set_stacks": lambda f: f.set_stacks("shield", 5),
    "set_stacks to 0": lambda f: f.set_stacks("shield", 0),
    "set_statuses": lambda f: f.set_statuses({"poison": 1}),
}


def test_a_change_to_the_copy_or_to_the_original_shows_in_that_fighter_only():
    for name, change in CHANGES.items():
        for changed_side in (0, 1):
            original, copy = pair()
            both = (original, copy)
            untouched = both[1 - changed_side]
            before = contents(untouched)
            change(both[changed_side])
            assert contents(untouched) == before, name
            for f in both:
                assert f.key() == plain_fighter_key(f), name


def test_copies_share_their_containers_until_a_change():
    original, copy = pair()
    assert copy.dice is original.dice and copy.cards is original.cards
    assert copy.statuses is original.statuses
    copy.take_die(0)
    assert copy.dice is not original.dice and len(original.dice) == 3
    assert copy.cards is original.cards          # cards and statuses still shared
    original.set_stacks("shield", 1)
    assert original.statuses is not copy.statuses and copy.statuses == {"shield": 2}


common = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
kit_cards = st.lists(st.sampled_from(KIT_CARDS), min_size=1, max_size=5)


@common
@given(kit_cards, kit_cards, st.integers(0, 10**6), st.integers(0, 30))
def test_the_original_and_two_copies_each_change_alone(a, b, seed, warmup):
    f = kit_fight(a, b, seed, {}, {})
    random_walk(f, seed, warmup)
    f.key()
    first, second = f.copy(), f.copy()
    start = snapshot(f)
    random_walk(first, seed + 1, 25, check)
    assert snapshot(f) == snapshot(second) == start
    after_first = snapshot(first)
    random_walk(f, seed + 2, 25, check)          # the original after its copies
    assert snapshot(second) == start and snapshot(first) == after_first
    random_walk(second, seed + 1, 25, check)     # the same walk as the first copy's
    assert snapshot(second) == after_first


@common
@given(kit_cards, st.integers(0, 10**6))
def test_a_search_of_copies_of_copies_leaves_every_state_as_it_was(cards, seed):
    """Every step made on a copy of a keyed state, as the search makes them (turn starts
    too): every state stays as it was when the next one was made from it."""
    rng, chance = random.Random(seed), SampleChance(random.Random(seed + 1))
    state = kit_fight(cards, ["sword"], seed, {}, {})
    seen = []
    for _ in range(60):
        if state.is_over:
            break
        state.key()
        seen.append((state, snapshot(state)))
        child = state.copy(simulation=True, log=False)
        if child.turn_over:
            child.begin_turn(chance)
        else:
            child.apply(rng.choice(child.legal_moves()), chance)
        state = child
    for state, before in seen:
        assert snapshot(state) == before
        check(state)


def test_a_fighter_made_from_its_definition_shares_nothing():
    f = fighter("Warrior", equipment=("sword",))
    fight = Fight.start(LIB, f, fighter("Frog", kind="enemy"), random.Random(1))
    assert all(x._shared == 0 for x in fight.fighters)
