"""Every built-in of :mod:`dicey.lang.builtins`: what it returns, what it asks the effects
for, and how it faults. Chance built-ins take the outcome a :class:`FixedChance` path names."""
from __future__ import annotations

from fractions import Fraction

import pytest

from dicey.lang.builtins import BUILTINS
from dicey.lang.chance import FixedChance
from dicey.lang.effects import CardRef
from lang_kit import calls, fault, value

# ---------------------------------------------------------------- effects

EFFECTS = [
    ("attack(5)", [("damage", 5, "normal", False, "attack")]),
    ("attack(d, fire)", [("damage", 4, "fire", False, "attack")]),
    ("attack(d, poison)", [("damage", 4, "poison", False, "attack")]),
    ("attack(-3)", [("damage", 0, "normal", False, "attack")]),       # negative reads as 0
    ("pierce(3)", [("damage", 3, "normal", False, "pierce")]),
    ("pierce(3, ice)", [("damage", 3, "ice", False, "pierce")]),
    ("hurt_self(2)", [("damage", 2, "normal", True, "hurt")]),
    ("recoil(2)", [("damage", 2, "normal", True, "recoil")]),
    ("heal(3)", [("heal", 3)]),
    ("drain(5)", [("damage", 5, "normal", False, "attack"), ("heal", 5)]),
    ("inflict(poison)", [("add_status", "poison", 1, False)]),
    ("inflict(shock, 3)", [("add_status", "shock", 3, False)]),
    ("inflict(shock, 0)", []),
    ("gain(shield, d)", [("add_status", "shield", 4, True)]),
    ("cure(poison)", [("remove_status", "poison", None, True)]),
    ("cure(poison, 2)", [("remove_status", "poison", 2, True)]),
    ("strip(shield)", [("remove_status", "shield", None, False)]),
    ("strip(shield, 1)", [("remove_status", "shield", 1, False)]),
    ("give(3)", [("give_dice", (3,))]),
    ("give([6, 1])", [("give_dice", (6, 1))]),
    ("give([])", []),
    ("give(combine(9))", [("give_dice", (6, 3))]),
    ("set_dice([6, 6])", [("set_dice", (6, 6))]),
    ("set_dice(combine(d + 5))", [("set_dice", (6, 3))]),
    ("set_dice([])", [("set_dice", ())]),
    ("boost_countdowns(d)", [("boost_countdowns", 4)]),
    ("extra_dice(1)", [("extra_dice", 1)]),
    ("bonus(-1000)", [("bonus", -1000)]),
    ("bonus(500 * d)", [("bonus", 2000)]),
    ('say("hello")', [("say", "hello")]),
    ("say([1, true])", [("say", "[1, true]")]),
    ("say(target)", [("say", "Frog")]),
    ('give_card("Rock")', [("give_card", "Rock")]),
    ("give_card(card)", [("give_card", CardRef(None))]),
    ("take_card(target.cards[0])", [("take_card", CardRef(("target", 0)))]),
    ('give_card("Rock", target)', [("give_card", "Rock", "target")]),
    ("give_card(card, self)", [("give_card", CardRef(None))]),
    ("shock_card(target.cards[0])", [("shock_card", CardRef(("target", 0)))]),
    ("weaken_card(card)", [("weaken_card", CardRef(None))]),
    ("discard(target.cards[0])", [("discard", CardRef(("target", 0)))]),
    ("end_turn()", [("end_turn",)]),
    ('replace_with("Sword")', [("replace_with", "Sword")]),
    ('replace_card(target.cards[0], "Rock")', [("replace_card", CardRef(("target", 0)), "Rock")]),
    ('give_card("Rock", self, 2)', [("give_card", "Rock", "self", 2)]),
    ('give_card(card, target, 1)', [("give_card", CardRef(None), "target", 1)]),
    ("give([2, 5], burn)", [("give_dice", (2, 5), True)]),
    ("reroll()", [("give_dice", (1,))]),
    ("reroll(burn)", [("give_dice", (1,), True)]),
]


@pytest.mark.parametrize("source, expected", EFFECTS)
def test_effect_builtin(source, expected):
    assert calls(source) == expected


def test_drain_heals_only_what_it_removed():
    # The target has 12 HP; the owner is missing 4.
    assert calls("drain(20)") == [("damage", 20, "normal", False, "attack"), ("heal", 12)]


def test_effect_results():
    assert value("heal(10)") == 4                     # 20/24 HP: heals 4
    assert value("attack(20)") == 12                  # the target had 12
    assert value("inflict(poison, 2)") == 2 and value("give([1, 2])") == 2

# ------------------------------------------------------------- pure ones

PURE = [
    ("combine(9)", (6, 3)), ("combine(12)", (6, 6)), ("combine(5)", (5,)), ("combine(0)", ()),
    ("combine(-4)", ()), ("combine(144)", (6,) * 24),
    ("min(3, 5)", 3), ("min([4, 2, 9])", 2), ("max(3, 5)", 5), ("max([4, 2, 9])", 9),
    ("min(-1, 1)", -1), ("abs(-5)", 5), ("abs(5)", 5), ("abs(0)", 0),
    ("len([1, 2, 3])", 3), ("len([])", 0), ('len("abcd")', 4), ("len(dice)", 2),
    ("sum([1, 2, 3])", 6), ("sum([])", 0), ("sum(dice)", 4),
    ("count([1, 1, 2], 1)", 2), ("count([1, 1, 2], 3)", 0), ("count([1, true], true)", 1),
    ("count([[1], [1]], [1])", 2),
]


@pytest.mark.parametrize("source, expected", PURE)
def test_pure_builtin(source, expected):
    got = value(source)
    assert got == expected and type(got) is type(expected)

# ------------------------------------------------------------- chance ones

CHANCE = [   # (source, chance path, value)
    ("roll(1, 6)", [0], 1), ("roll(1, 6)", [5], 6), ("roll(-2, 2)", [0], -2),
    ("roll(3, 3)", [0], 3), ("chance(30)", [0], True), ("chance(30)", [1], False),
    ("chance(100)", [0], True), ("chance(0)", [0], False), ("chance(250)", [0], True),
    ("pick([4, 5, 6])", [2], 6), ("pick([7])", [0], 7), ("pick([1, true])", [1], True),
    ("shuffle([1, 2, 3])", [0, 0], (1, 2, 3)), ("shuffle([1, 2, 3])", [2, 1], (3, 2, 1)),
    ("shuffle([1, 2, 3])", [1, 1], (2, 3, 1)), ("shuffle([])", [], ()),
    ("shuffle([1, true])", [1], (True, 1)),
    ("split(4)", [0], (1, 3)), ("split(4)", [2], (3, 1)), ("split(7)", [0], (1, 6)),
    ("split(12)", [0], (6, 6)), ("split(1)", [], (1,)), ("split(6, 3)", [0], (1, 1, 4)),
    ("split(3, 3)", [], (1, 1, 1)),
]


@pytest.mark.parametrize("source, path, expected", CHANCE)
def test_chance_builtin(source, path, expected):
    assert value(source, path) == expected


@pytest.mark.parametrize("source, outcomes", [
    ("roll(1, 6)", [(v, Fraction(1, 6)) for v in range(1, 7)]),
    ("chance(30)", [(True, Fraction(3, 10)), (False, Fraction(7, 10))]),
    ("pick([4, 4, 5])", [(4, Fraction(2, 3)), (5, Fraction(1, 3))]),
    ("split(4)", [((1, 3), Fraction(1, 3)), ((2, 2), Fraction(1, 3)),
                  ((3, 1), Fraction(1, 3))]),
    ("reroll()", [(v, Fraction(1, 6)) for v in range(1, 7)]),
])
def test_chance_point_distribution(source, outcomes):
    """Each random built-in meets exactly one chance point, with its exact distribution."""
    source_chance = FixedChance()
    calls(f"say({source})", source_chance)
    assert [list(d) for d in source_chance.met] == [outcomes]


def test_reroll_gives_the_die_it_rolled():
    assert calls("say(reroll())", FixedChance([3])) == [("give_dice", (4,)), ("say", "4")]


def test_every_builtin_has_a_table_row():
    """A new built-in must get rows here too."""
    sources = [row[0] for row in EFFECTS + PURE + CHANCE]
    named = {name for name in BUILTINS if any(s.startswith(name + "(") or f"({name}(" in s
                                              for s in sources)}
    assert named == set(BUILTINS)


def test_random_flags_match_the_chance_built_ins():
    assert {b.name for b in BUILTINS.values() if b.random} == {
        "split", "reroll", "roll", "chance", "pick", "shuffle"}

# ------------------------------------------------------------------ faults

FAULTS = [
    ("attack(d, 3)", "damage type must be one of"),
    ('attack("x")', "must be a number"),
    ("inflict(fire)", "not a status: fire"), ('inflict("nothing")', "not a status"),
    ("inflict(poison, [1])", "must be a number"), ("cure(3)", "not a status"),
    ("give(7)", "a die must be 1 to 6, not 7"), ("give(0)", "a die must be 1 to 6"),
    ("give([1, 9])", "a die must be 1 to 6, not 9"), ("give(true)", "must be a number"),
    ("combine(145)", "more than 24 dice"), ("split(0)", "cannot split 0"),
    ("split(13)", "cannot split 13 into 2 dice"), ("split(4, 7)", "parts must be 1 to 6"),
    ("split(4, 0)", "parts must be 1 to 6"), ("roll(6, 1)", "must not be above"),
    ("roll(1, 5000)", "more than 1000 outcomes"), ("pick([])", "empty list"),
    ("pick(3)", "must be a list"), ("shuffle(3)", "must be a list"),
    ("chance(true)", "must be a number"), ("min([])", "empty list"),
    ("max([1, true])", "must be a number"), ("min(1, [2])", "must be a number"),
    ("abs([1])", "must be a number"), ("len(3)", "needs a list or a string"),
    ("sum([1, [2]])", "must be a number"), ("sum([1000000, 1])", "out of range"),
    ("count(3, 1)", "must be a list"), ("give_card(3)", "needs a card or a card's name, not a number"),
    ("take_card(1)", "take_card() needs a card (one of target.cards), not a number"),
    ("shock_card(self)", "shock_card() needs a card (one of target.cards or self.cards), "
                         "not a fighter"),
    ("discard(\"Sword\")", "discard() needs a card (one of target.cards or self.cards), "
                           "not a string"),
    ("give_card(card, 3)", "give_card()'s second argument is a fighter (self or target), "
                           "not a number"),
    ("replace_with(true)", "a card's name must be a string"),
    ('replace_card(card, 3)', "a card's name must be a string"),
    ('replace_card("Rock", "Rock")', "replace_card() needs a card (one of target.cards or "
                                     "self.cards), not a string"),
    ('give_card("Rock", self, 0)', "give_card()'s turns is a whole number of turns, at "
                                   "least 1, not 0"),
    ("bonus(true)", "must be a number"), ("heal([2])", "must be a number"),
]


@pytest.mark.parametrize("source, words", FAULTS)
def test_builtin_fault(source, words):
    err = fault(source)
    assert words in err.message and err.pos is not None and err.pos.line == 1


def test_strings_past_the_limit_fault():
    assert "string too long" in fault('let s = "aaaaaaaaaa"\nrepeat 7 { s = s + s }').message
