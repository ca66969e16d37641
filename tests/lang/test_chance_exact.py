"""Chance sources compute with plain integers, not Fractions: they must pick exactly what
the exact Fraction arithmetic picks, draw for draw."""
from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.lang.chance import FixedChance, SampleChance, enumerate_outcomes


def fraction_choice(outcomes, draw: float):
    """The reference: the first outcome whose cumulative probability, summed as
    Fractions, passes the draw taken as the exact rational it is."""
    exact, acc = Fraction(draw), Fraction(0)
    for value, p in outcomes:
        acc += p
        if exact < acc:
            return value
    return outcomes[-1][0]


weights = st.lists(st.integers(1, 1000), min_size=2, max_size=12)


def as_distribution(ws: list[int]) -> tuple:
    total = sum(ws)
    return tuple((i, Fraction(w, total)) for i, w in enumerate(ws))


@settings(max_examples=200)
@given(weights, st.integers(0, 2**32))
def test_sampling_picks_what_fraction_arithmetic_picks(ws, seed):
    outcomes = as_distribution(ws)
    picks = SampleChance(random.Random(seed))
    draws = random.Random(seed)
    for _ in range(20):
        assert picks.choose(outcomes) == fraction_choice(outcomes, draws.random())


@settings(max_examples=50)
@given(weights, st.integers(0, 2**32))
def test_a_distribution_met_again_is_not_mistaken_for_another(ws, seed):
    """Sums are kept per distribution object: equal new objects, and other objects that
    reuse a freed one's memory, must still get their own."""
    chance, draws = SampleChance(random.Random(seed)), random.Random(seed)
    for n in range(2, len(ws) + 1):
        outcomes = as_distribution(ws[:n])          # a fresh object every time
        assert chance.choose(outcomes) == fraction_choice(outcomes, draws.random())


def test_a_draw_on_a_boundary_takes_the_next_outcome():
    class Fixed(random.Random):
        def random(self) -> float:
            return 0.25
    quarters = tuple((v, Fraction(1, 4)) for v in "abcd")
    assert SampleChance(Fixed()).choose(quarters) == "b"


@given(st.lists(weights, min_size=1, max_size=4), st.lists(st.integers(0, 11), max_size=4))
def test_a_fixed_path_knows_its_exact_probability(distributions, path):
    path = [p % len(ws) for p, ws in zip(path, distributions)]   # past it: the first outcome
    chance = FixedChance(path)
    expected = Fraction(1)
    for i, ws in enumerate(distributions):
        outcomes = as_distribution(ws)
        pick = path[i] if i < len(path) else 0
        assert chance.choose(outcomes) == pick
        expected *= outcomes[pick][1]
    assert chance.probability == expected
    assert chance.met == [as_distribution(ws) for ws in distributions]


def test_a_first_run_given_is_the_first_path_not_made_again():
    coin, die = as_distribution([1, 1]), as_distribution([1] * 6)
    runs = []

    def run(chance):
        runs.append(1)
        return chance.choose(coin) * 10 + (chance.choose(die) if chance.choose(coin) else 0)

    everything = enumerate_outcomes(run)
    made = len(runs)
    probe = FixedChance()
    first = run(probe)
    runs.clear()
    assert enumerate_outcomes(run, first=(probe, first)) == everything
    assert len(runs) == made - 1
