"""Chance points, enumerated and sampled: every path's exact probability, summing to
exactly 1, and sampled frequencies that match them (a chi-square test on a fixed seed, so
it is deterministic); each card's static "random" flag agrees with what its scripts do."""
from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.lang.chance import FixedChance, SampleChance, TooManyOutcomes, enumerate_outcomes
from dicey.lang.effects import CardRef, RecordingEffects
from dicey.lang.interp import compile_stmts, split_outcomes
from dicey.lang.parser import parse_stmts
from ast_strategies import programs
from lang_kit import CARD_VARS, NAMES, SCOPE, run


def trace(source: str):
    """``run(chance)`` for enumerate_outcomes: what a script said and gave, as one value
    (compiled once: a test runs it thousands of times)."""
    script = compile_stmts(parse_stmts(source), scope=SCOPE)

    def run_once(chance) -> tuple:
        fx = RecordingEffects()
        script.run(fx, chance, dict(NAMES), dict(CARD_VARS))
        return tuple(fx.calls)
    return run_once


def distribution(source: str, **kwargs) -> dict[tuple, Fraction]:
    """The exact distribution of a script's effects (equal results merged)."""
    merged: dict[tuple, Fraction] = Counter()
    for p, value in enumerate_outcomes(trace(source), **kwargs):
        merged[value] += p
    return dict(merged)


SCRIPTS = [
    "say(roll(1, 6))",
    "say(roll(2, 4) + roll(2, 4))",
    "say(chance(30))",
    "say(pick([1, 1, 2, 3]))",
    "say(shuffle([1, 2, 3]))",
    "say(shuffle([1, 1, 2]))",
    "say(split(7))",
    "say(split(9, 3))",
    "reroll()",
    "if chance(25) { say(roll(1, 3)) } else { reroll() }",
    "let t = 0\nrepeat 3 { if chance(50) { t += 1 } }\nsay(t)",
    "give(split(d + 2))\nif pick([true, false, false]) { reroll() }",
]


@pytest.mark.parametrize("source", SCRIPTS)
def test_enumerated_probabilities_sum_to_exactly_one(source):
    outcomes = enumerate_outcomes(trace(source))
    assert all(isinstance(p, Fraction) and p > 0 for p, _ in outcomes)
    assert sum(p for p, _ in outcomes) == 1


@pytest.mark.parametrize("source, expected", [
    ("say(roll(2, 4) + roll(2, 4))",
     {4: Fraction(1, 9), 5: Fraction(2, 9), 6: Fraction(3, 9), 7: Fraction(2, 9),
      8: Fraction(1, 9)}),
    ("let t = 0\nrepeat 3 { if chance(50) { t += 1 } }\nsay(t)",
     {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}),
    ("say(shuffle([1, 1, 2]))",
     {"[1, 1, 2]": Fraction(1, 3), "[1, 2, 1]": Fraction(1, 3), "[2, 1, 1]": Fraction(1, 3)}),
    ("if chance(25) { say(roll(1, 3)) } else { say(0) }",
     {0: Fraction(3, 4), 1: Fraction(1, 12), 2: Fraction(1, 12), 3: Fraction(1, 12)}),
])
def test_enumerated_distribution_is_exact(source, expected):
    said = {calls[-1][1]: p for calls, p in distribution(source).items()}
    assert said == {str(k): v for k, v in expected.items()}


def chi_square(observed: Counter, expected: dict, n: int) -> tuple[float, int]:
    """The statistic and its degrees of freedom, pooling outcomes expected fewer than 5
    times (so the approximation holds)."""
    cells, pooled_obs, pooled_exp = [], 0, 0.0
    for value, p in expected.items():
        e = float(p) * n
        if e < 5:
            pooled_obs, pooled_exp = pooled_obs + observed[value], pooled_exp + e
        else:
            cells.append((observed[value], e))
    if pooled_exp:
        cells.append((pooled_obs, pooled_exp))
    return sum((o - e) ** 2 / e for o, e in cells), max(1, len(cells) - 1)


#: Chi-square critical values at p = 0.001 by degrees of freedom (beyond: a safe bound).
CRITICAL = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
            9: 27.88, 10: 29.59, 11: 31.26, 12: 32.91, 13: 34.53, 14: 36.12, 15: 37.70}


@pytest.mark.parametrize("source", SCRIPTS)
def test_sampled_frequencies_match_the_enumeration(source):
    expected = distribution(source)
    n = 3000
    rng = random.Random(20240611)     # a fixed seed: the test is deterministic
    sample = trace(source)
    observed = Counter(sample(SampleChance(rng)) for _ in range(n))
    assert set(observed) <= set(expected)          # sampling never finds a path enumeration missed
    stat, df = chi_square(observed, expected, n)
    assert stat < CRITICAL.get(df, 2.0 * df + 40), (stat, df)


CHANCE_CALLS = st.sampled_from([
    "say(roll(1, {a}))", "say(chance({pct}))", "say(pick([1, 2, {a}]))",
    "say(shuffle([1, {a}, 3]))", "say(split({n}))", "reroll()", "say(split({n}, 3))",
    "if chance({pct}) {{ say(roll(1, 2)) }}", "if roll(1, 3) == 1 {{ reroll() }} else {{ say(1) }}",
])


@st.composite
def chance_scripts(draw) -> str:
    lines = []
    for template in draw(st.lists(CHANCE_CALLS, min_size=1, max_size=3)):
        lines.append(template.format(a=draw(st.integers(1, 6)), pct=draw(st.integers(0, 100)),
                                     n=draw(st.integers(3, 9))))
    return "\n".join(lines)


@settings(max_examples=100)
@given(chance_scripts())
def test_any_mix_of_chance_points_sums_to_exactly_one(source):
    outcomes = enumerate_outcomes(trace(source))
    assert sum(p for p, _ in outcomes) == 1 and all(p > 0 for p, _ in outcomes)


@settings(max_examples=50)
@given(chance_scripts(), st.integers(0, 2 ** 32))
def test_every_sample_is_an_enumerated_outcome(source, seed):
    possible, sample = distribution(source), trace(source)
    rng = random.Random(seed)
    for _ in range(20):
        assert sample(SampleChance(rng)) in possible


def test_too_many_outcomes_is_its_own_error():
    with pytest.raises(TooManyOutcomes):
        enumerate_outcomes(trace("repeat 5 { say(roll(1, 6)) }"), limit=1000)


def test_cutting_unlikely_paths_keeps_the_sum_at_one():
    outcomes = enumerate_outcomes(trace("if chance(1) { say(roll(1, 6)) }\nsay(roll(1, 2))"),
                                  min_probability=Fraction(1, 50))
    assert sum(p for p, _ in outcomes) == 1 and len(outcomes) == 2


@pytest.mark.parametrize("n, parts", [(n, parts) for parts in (1, 2, 3, 4)
                                      for n in range(parts, 6 * parts + 1)])
def test_split_outcomes_are_every_way_to_make_n(n, parts):
    ways = {w for w in itertools.product(range(1, 7), repeat=parts) if sum(w) == n}
    outcomes = split_outcomes(n, parts)
    assert {v for v, _ in outcomes} == ways
    assert all(p == Fraction(1, len(ways)) for _, p in outcomes)


def test_sample_chance_draws_each_outcome_by_its_weight():
    dist = ((1, Fraction(1, 10)), (2, Fraction(2, 10)), (3, Fraction(7, 10)))
    rng = random.Random(7)
    counts = Counter(SampleChance(rng).choose(dist) for _ in range(5000))
    stat, df = chi_square(counts, dict(dist), 5000)
    assert stat < CRITICAL[df]


def test_fixed_chance_records_each_point_and_the_path_probability():
    chance = FixedChance([1, 0])
    _, fx = run("say(chance(30))\nsay(roll(1, 4))\nsay(roll(1, 2))", chance)
    assert fx.calls == [("say", "false"), ("say", "1"), ("say", "1")]
    assert len(chance.met) == 3 and chance.probability == Fraction(7, 10) / 4 / 2

# --------------------------------------------------------- the static flag


def _hook_runs(defn):
    """Every hook of a definition (and its variants), run once per die value."""
    variants = [defn] + [v for v in (getattr(defn, "upgraded", None),
                                     getattr(defn, "weakened", None)) if v is not None]
    for variant in variants:
        for event, script in variant.hooks.items():
            for d in range(1, 7):
                yield variant, event, script, {"d": d, "dice": (d,), "card": CardRef(None),
                                               "turn": 1, "simulation": False, "stacks": 2,
                                               "amount": 3, "used": CardRef(None),
                                               "inflicted": 1}


def test_cards_that_are_not_random_never_meet_a_chance_point(library):
    for defn in [*library.equipment.values(), *library.statuses.values(),
                 *library.enemies.values(), *library.heroes.values()]:
        met = False
        for variant, event, script, names in _hook_runs(defn):
            chance = FixedChance()
            try:
                script.run(RecordingEffects(), chance, names,
                           {name: 0 for name, _ in getattr(variant, "vars", ())})
            except Exception:           # a fault here is not what this test is about
                pass
            met = met or bool(chance.met)
            if chance.met:
                assert variant.is_random, f"{defn.name} ({event}) met a chance point"
        if defn.is_random and defn.name in ("Lockpick", "Lucky 7"):
            assert met, f"{defn.name} is random but never met a chance point"


def test_random_flags_of_known_cards(library):
    assert library.card("Lockpick").is_random and library.card("Lucky 7").is_random
    assert not library.card("Sword").is_random and not library.card("Hammer").is_random


@pytest.mark.parametrize("source, random_", [
    ('equipment "A" { on use { attack(d) } }', False),
    ('equipment "A" { on use { attack(roll(1, d)) } }', True),
    ('equipment "A" { on turn end { if chance(50) { say(1) } }\n on use { attack(d) } }', True),
    ('equipment "A" { var luck = roll(1, 6)\n on use { attack(luck) } }', True),
    ('equipment "A" { on use { attack(d) }\n upgraded { on use { give(split(d)) } } }', True),
    ('status "S" { on turn start { hurt_self(pick([1, 2])) } }', True),
    ('enemy "E" { hp: 5\n on fight start { if chance(10) { gain(shield) } } }', True),
])
def test_random_flag_is_decided_statically(symbols, source, random_):
    from dicey.lang import checker
    from dicey.lang.parser import parse

    decl = parse(source).decls[0]
    defn, found = checker.check_decl(decl, "t.dice", checker.collect_symbols([decl], symbols))
    assert defn is not None, found
    assert defn.is_random is random_


WALKED = ["attack(d)", "attack(roll(1, 6))", "attack(d, fire, roll(1, 2))",
          "nothing(pick([1, 2]))", "let x = [1, chance(5)][0]", "x = -roll(1, d)",
          "if d > 3 { say(1) } elif pick(dice) { say(2) } else { say(3) }",
          "repeat roll(1, 2) { say(1) }", "for x in shuffle(dice) { say(x) }",
          "say(target.hp + roll(1, 2))", "say(not chance(1) and true)", "say(reroll())",
          "cancel"]


@pytest.mark.parametrize("source", WALKED)
def test_the_checker_s_walk_finds_every_chance_point(source):
    """A card's random flag comes from the walk that checks its scripts: the walk must meet
    every call reaches_chance meets, in any program, well-typed or not."""
    _walk_agrees(parse_stmts(source))


@settings(max_examples=80, deadline=None)
@given(programs)
def test_the_checker_s_walk_finds_every_chance_point_in_any_program(stmts):
    _walk_agrees(stmts)


def _walk_agrees(stmts) -> None:
    from dicey.lang import checker
    from dicey.lang.interp import reaches_chance

    walk = checker._ScriptChecker(checker._Report("t.dice"), SCOPE, checker.Symbols(),
                                  "before use", {})
    walk.block(stmts)
    assert walk.random == reaches_chance(stmts)
