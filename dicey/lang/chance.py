"""Chance points: every random thing a script (or the engine) does goes through here.

A :class:`Chance` source answers ``choose(outcomes)`` where ``outcomes`` is a finite,
exactly known distribution: a tuple of ``(value, probability)`` with ``Fraction``
probabilities summing to 1. Two modes:

* :class:`SampleChance` — real play: draw from a seeded ``random.Random``;
* :func:`enumerate_outcomes` — the AI: run a computation once per distinct path through
  its chance points and return every result with its exact probability.

>>> from fractions import Fraction
>>> def two_coins(chance):
...     return chance.choose(COIN) + chance.choose(COIN)
>>> sorted(enumerate_outcomes(two_coins))   # one entry per path; callers merge equal results
[(Fraction(1, 4), 0), (Fraction(1, 4), 1), (Fraction(1, 4), 1), (Fraction(1, 4), 2)]
"""
from __future__ import annotations

import math
import random
from bisect import bisect_right
from fractions import Fraction
from typing import Any, Callable, Hashable, Sequence, TypeVar

T = TypeVar("T")
Distribution = Sequence[tuple[Any, Fraction]]

COIN: Distribution = ((0, Fraction(1, 2)), (1, Fraction(1, 2)))


def uniform(values: Sequence[Hashable]) -> tuple[tuple[Any, Fraction], ...]:
    """Uniform over ``values``, equal values merged (so outcomes are distinct).

    Values of different types stay apart, as the language compares them (Python's
    ``1 == True`` must not merge ``1`` and ``true``).

    >>> uniform([1, 2, 2])
    ((1, Fraction(1, 3)), (2, Fraction(2, 3)))
    >>> uniform([1, True])
    ((1, Fraction(1, 2)), (True, Fraction(1, 2)))
    """
    counts: dict[Any, list] = {}
    for v in values:
        entry = counts.setdefault(_typed_key(v), [v, 0])
        entry[1] += 1
    n = len(values)
    return tuple((v, Fraction(c, n)) for v, c in counts.values())


#: Distributions uniform() made for the tuples scripts pick from, by a key that tells the
#: language's unequal values apart (see uniform_over).
_UNIFORM: dict[Hashable, tuple[tuple[Any, Fraction], ...]] = {}
_UNIFORM_SIZE = 4096


def uniform_over(values: tuple) -> tuple[tuple[Any, Fraction], ...]:
    """:func:`uniform` of a tuple, made once per distinct tuple: a script's ``pick`` from
    the same list meets it move after move, and each Fraction costs a few microseconds.
    The same object each time also lets :class:`SampleChance` keep its sums.

    >>> uniform_over(("fire", "ice")) is uniform_over(("fire", "ice"))
    True
    >>> uniform_over((1,))[0][0] is True, uniform_over((True,))[0][0] is True
    (False, True)
    """
    types = tuple(map(type, values))
    # The types tell 1 from true at the top; inside a nested list only _typed_key does.
    key = (types, values) if tuple not in types else _typed_key(values)
    hit = _UNIFORM.get(key)
    if hit is None:
        if len(_UNIFORM) >= _UNIFORM_SIZE:
            _UNIFORM.clear()
        hit = _UNIFORM[key] = uniform(values)
    return hit


def _typed_key(value: Any) -> Hashable:
    """A key equal only for values the language calls equal (same types all the way down)."""
    if isinstance(value, tuple):
        return (tuple, tuple(_typed_key(v) for v in value))
    return (type(value), value)


class Chance:
    """A source of chance outcomes."""

    def choose(self, outcomes: Distribution) -> Any:  # pragma: no cover - interface
        raise NotImplementedError


class SampleChance(Chance):
    """Draws each outcome from a seeded generator (real play, MCTS rollouts)."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, outcomes: Distribution) -> Any:
        """The first outcome whose cumulative probability passes a uniform draw in [0, 1).

        Exact: ``random()`` returns ``k / 2**53`` for an integer ``k``, so the draw and
        the cumulative sums are compared as integers over a common denominator — what
        summing Fractions would give, without their cost (every die of every roll comes
        through here).
        """
        if len(outcomes) == 1:
            return outcomes[0][0]
        common, bounds = _cumulative(outcomes)
        k = int(self.rng.random() * _DRAWS)        # exact: a power of two times the draw
        # k / 2**53 < acc / common  ⇔  k · common < acc · 2**53 (bounds hold acc · 2**53)
        i = bisect_right(bounds, k * common)
        return outcomes[i if i < len(outcomes) else -1][0]


#: ``random.random()`` draws ``k / _DRAWS`` for an integer ``k``.
_DRAWS = 2 ** 53
#: Distributions met lately (by id, with the object kept so the id is not reused) and
#: their common denominator and cumulative numerators times _DRAWS.
_CUMULATIVE: dict[int, tuple[Distribution, int, list[int]]] = {}
_CUMULATIVE_SIZE = 4096


def _cumulative(outcomes: Distribution) -> tuple[int, list[int]]:
    """``(common denominator, cumulative numerators · 2**53)`` of a distribution. Most
    distributions are the same few objects (a die, curse's coin, a split's table), so
    the sums are made once per object."""
    hit = _CUMULATIVE.get(id(outcomes))
    if hit is None or hit[0] is not outcomes:
        common = math.lcm(*(p.denominator for _, p in outcomes))
        acc, bounds = 0, []
        for _, p in outcomes:
            acc += p.numerator * (common // p.denominator)
            bounds.append(acc * _DRAWS)
        if len(_CUMULATIVE) >= _CUMULATIVE_SIZE:
            _CUMULATIVE.clear()
        hit = _CUMULATIVE[id(outcomes)] = (outcomes, common, bounds)
    return hit[1], hit[2]


class FixedChance(Chance):
    """Takes the outcomes at the given indexes in order; past them, the first outcome.

    Records each chance point met (its distribution) so a caller can branch on it, and
    the probability of the path taken. ``path`` is read, never changed.
    """

    __slots__ = ("path", "met", "_numerator", "_denominator")

    def __init__(self, path: Sequence[int] = ()):
        self.path = path
        self.met: list[Distribution] = []
        # The path's probability as a plain fraction: Fraction arithmetic at every chance
        # point cost more than the rest of a small move.
        self._numerator = self._denominator = 1

    @property
    def probability(self) -> Fraction:
        """The probability of the outcomes taken so far."""
        return Fraction(self._numerator, self._denominator)

    def choose(self, outcomes: Distribution) -> Any:
        i = len(self.met)
        pick = self.path[i] if i < len(self.path) else 0
        self.met.append(outcomes)
        value, p = outcomes[pick]
        self._numerator *= p.numerator
        self._denominator *= p.denominator
        return value


class TooManyOutcomes(Exception):
    """Enumeration would pass its limit of distinct paths."""


def enumerate_outcomes(run: Callable[[Chance], T], *, limit: int = 4096,
                       min_probability: Fraction | float = 0,
                       first: tuple[FixedChance, T] | None = None) -> list[tuple[Fraction, T]]:
    """Every result of ``run`` with its exact probability, by replaying its chance points.

    ``run`` must be deterministic given its chance source (it is re-run once per path, on
    fresh state each time). ``first`` may give a run already made with a fresh
    :class:`FixedChance` (that source and its result): it stands for the first path,
    which is not made again. Paths less likely than ``min_probability`` are cut: their
    probability is given to the others in proportion, so the result still sums to 1.
    Raises :class:`TooManyOutcomes` past ``limit`` paths.
    """
    results: list[tuple[Fraction, T]] = []
    stack: list[list[int]] = [[]]
    cut = Fraction(0)
    while stack:
        path = stack.pop()
        if first is not None:     # the first path popped is the empty one: already made
            (source, value), first = first, None
        else:
            source = FixedChance(path)
            value = run(source)
        probability = source.probability
        if probability < min_probability:
            cut += probability
        else:
            results.append((probability, value))
        if len(results) > limit:
            raise TooManyOutcomes(f"more than {limit} chance outcomes")
        # Branch on every chance point this path met beyond its prescribed prefix.
        for depth in range(len(path), len(source.met)):
            prefix = path + [0] * (depth - len(path))
            for alt in range(len(source.met[depth]) - 1, 0, -1):
                stack.append(prefix + [alt])
    if cut and results:
        scale = 1 / (1 - cut)
        results = [(p * scale, v) for p, v in results]
    return results
