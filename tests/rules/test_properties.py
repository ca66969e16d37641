"""Properties over random fights: copies, determinism, invariants (hypothesis)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.lang.chance import SampleChance
from dicey.rules.fight import MAX_TURNS, Fight
from dicey.rules.protocol import Move
from dicey.rules.state import MAX_DICE
from rules_kit import LIB, fighter

CARDS = sorted(LIB.equipment)
STATUSES = ["poison", "burn", "freeze", "lock", "blind", "shock", "weaken", "curse",
            "shield", "reduce", "dodge", "fury", "thorns", "pierce", "survive", "reequip"]

equipment = st.lists(st.sampled_from(CARDS), min_size=1, max_size=5)
statuses = st.dictionaries(st.sampled_from(STATUSES), st.integers(1, 3), max_size=4)


def random_move(fight: Fight, rng: random.Random) -> Move:
    moves = fight.legal_moves()
    if len(moves) > 1 and rng.random() < 0.85:
        return rng.choice(moves[:-1])
    return Move.end()


def new_fight(a_cards, b_cards, seed, a_status=None, b_status=None) -> Fight:
    a = fighter("Warrior", hp=20, dice=3, equipment=tuple(a_cards))
    b = fighter("Frog", hp=20, dice=3, equipment=tuple(b_cards), kind="enemy")
    f = Fight.start(LIB, a, b, random.Random(seed))
    f.set_position(0, statuses=a_status or {})
    f.set_position(1, statuses=b_status or {})
    return f


def play_out(f: Fight, rng: random.Random, chance, steps: int, check=None) -> list:
    """Up to ``steps`` actions (turn starts and moves); every event."""
    events = []
    for _ in range(steps):
        if f.is_over:
            break
        if f.turn_over:
            events += f.begin_turn(chance)
        else:
            move = random_move(f, rng) if f.turn_moves < 60 else Move.end()
            events += f.apply(move, chance)
        if check:
            check(f)
    return events


def check_invariants(f: Fight) -> None:
    for x in f.fighters:
        assert 0 <= x.hp <= x.max_hp
        assert len(x.dice) <= MAX_DICE
        assert all(v > 0 for v in x.statuses.values())
    assert f.turn <= MAX_TURNS


common = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow])


@common
@given(equipment, equipment, st.integers(0, 10**6), st.integers(0, 80), statuses, statuses)
def test_a_copy_has_the_same_key_and_evolves_identically(a, b, seed, warmup, sa, sb):
    f = new_fight(a, b, seed, sa, sb)
    play_out(f, random.Random(seed), SampleChance(random.Random(seed + 1)), warmup)
    c = f.copy()
    assert c.key() == f.key() and hash(c.key()) == hash(f.key())
    e1 = play_out(f, random.Random(7), SampleChance(random.Random(8)), 40)
    e2 = play_out(c, random.Random(7), SampleChance(random.Random(8)), 40)
    assert e1 == e2 and c.key() == f.key() and c.outcome == f.outcome


@common
@given(equipment, equipment, st.integers(0, 10**6), statuses)
def test_changing_a_copy_leaves_the_original_alone(a, b, seed, sa):
    f = new_fight(a, b, seed, sa)
    f.begin_turn(SampleChance(random.Random(seed)))
    before = f.key()
    c = f.copy()
    play_out(c, random.Random(seed), SampleChance(random.Random(seed)), 30)
    assert f.key() == before


@common
@given(equipment, equipment, st.integers(0, 10**6))
def test_same_seed_same_events_in_play_and_in_simulation(a, b, seed):
    f = new_fight(a, b, seed)
    sim = f.copy(simulation=True)
    assert sim.simulation and not f.simulation
    e1 = play_out(f, random.Random(seed), SampleChance(random.Random(seed)), 200)
    e2 = play_out(sim, random.Random(seed), SampleChance(random.Random(seed)), 200)
    assert e1 == e2


@common
@given(equipment, equipment, st.integers(0, 10**6), statuses, statuses)
def test_random_fights_keep_invariants_and_end_within_60_turns(a, b, seed, sa, sb):
    f = new_fight(a, b, seed, sa, sb)
    play_out(f, random.Random(seed), SampleChance(random.Random(seed)), 100_000,
             check_invariants)
    assert f.is_over and f.outcome.turns <= MAX_TURNS


@common
@given(equipment, st.integers(0, 10**6))
def test_a_faulting_card_never_stops_a_fight(b, seed):
    f = new_fight(["broken", "sword", "overflow"], b, seed)
    events = play_out(f, random.Random(seed), SampleChance(random.Random(seed)), 100_000)
    assert f.is_over
    names = [type(e).__name__ for e in events]
    for i, e in enumerate(events):
        if names[i] == "Fired" and e.card == "Broken":
            assert {"ScriptFault", "Dodged", "Fizzled"} & set(names[i + 1:i + 4])
