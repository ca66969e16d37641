"""Every expression form as a table of ``(source, expected value)`` and ``(source, fault)``.

Values are what the interpreter gives (lists are tuples, status ids are strings). The
context is :data:`lang_kit.NAMES`: ``d`` = 4, ``dice`` = [1, 3]; the recording effects
give ``self`` 20/24 HP and ``target`` 12/12 HP.
"""
from __future__ import annotations

import pytest

from dicey.lang.effects import FighterRef
from dicey.lang.parser import parse_expr
from lang_kit import fault, value

LITERALS = [
    ("0", 0), ("42", 42), ("1000000", 1_000_000), ("true", True), ("false", False),
    ('"text"', "text"), ('"say \\"hi\\""', 'say "hi"'), ('"a\\nb"', "a\nb"), ('""', ""),
    ("[]", ()), ("[1, 2, 3]", (1, 2, 3)), ("[1, [2, 3], true]", (1, (2, 3), True)),
    ("[1, 2,]", (1, 2)), ("poison", "poison"), ("fire", "fire"), ("normal", "normal"),
    ("self", FighterRef("self")), ("target", FighterRef("target")),
]

ARITHMETIC = [
    ("1 + 2", 3), ("7 - 10", -3), ("6 * 7", 42), ("7 / 2", 3), ("-7 / 2", -4),
    ("7 % 3", 1), ("-7 % 3", 2), ("-3", -3), ("--3", 3), ("- -3", 3), ("1 - -1", 2),
    ("d + 1", 5), ("d * d", 16), ("0 / 5", 0), ("999999 + 1", 1_000_000),
    ("-1000000", -1_000_000), ('"ab" + "cd"', "abcd"), ("[1] + [2, 3]", (1, 2, 3)),
    ("[] + []", ()),
]

PRECEDENCE = [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 * 3 + 1", 7), ("10 - 3 - 2", 5),
    ("10 - (3 - 2)", 9), ("100 / 10 / 5", 2), ("100 / (10 / 5)", 50), ("2 * 3 % 4", 2),
    ("2 * (3 % 4)", 6), ("-2 * 3", -6), ("-(2 * 3)", -6), ("-2 + 5", 3), ("1 + 2 == 3", True),
    ("2 * 2 < 3 + 2", True), ("(1 < 2) == true", True), ("1 == (2 == false)", False),
    ("not 1 == 2", True), ("not true and false", False), ("not (true and false)", True),
    ("true or false and false", True), ("(true or false) and false", False),
    ("false and true or true", True), ("false or false or true", True),
    ("not not true", True), ("1 + 1 in [2]", True), ("-[1, 2][0]", -1),
    ("[10, 20][0 + 1]", 20), ("dice[1] * 2", 6), ("self.hp - target.hp", 8),
]

COMPARISONS = [
    ("1 == 1", True), ("1 == 2", False), ("1 != 2", True), ("2 != 2", False),
    ("1 < 2", True), ("2 < 1", False), ("2 <= 2", True), ("3 <= 2", False),
    ("3 > 2", True), ("2 > 2", False), ("2 >= 2", True), ("1 >= 2", False),
    ('"a" < "b"', True), ('"b" <= "a"', False), ('"x" == "x"', True),
    ("[1, 2] == [1, 2]", True), ("[1, 2] == [2, 1]", False),
    ("1 == true", False), ("0 == false", False), ("1 != true", True),   # no True == 1
    ("poison == poison", True), ("poison == shock", False), ('poison == "poison"', True),
    ("self == self", True), ("self == target", False),
]

MEMBERSHIP = [
    ("1 in [1, 2]", True), ("3 in [1, 2]", False), ("3 not in [1, 2]", True),
    ("1 not in [1, 2]", False), ("1 in []", False), ("true in [1]", False),
    ("1 in [true]", False), ('"at" in "cat"', True), ('"dog" in "cat"', False),
    ('"x" not in "cat"', True), ("[1] in [[1], [2]]", True), ("d in dice", False),
    ("3 in dice", True), ("poison in [shock, poison]", True),
]

INDEXING = [
    ("[10, 20, 30][0]", 10), ("[10, 20, 30][2]", 30), ("[10, 20, 30][-1]", 30),
    ("[10, 20, 30][-3]", 10), ('"abc"[1]', "b"), ('"abc"[-1]', "c"), ("dice[0]", 1),
    ("[[1, 2], [3, 4]][1][0]", 3),
]

FIELDS = [
    ("self.hp", 20), ("self.max_hp", 24), ("target.hp", 12), ("target.max_hp", 12),
    ("self.dice_count", 3), ("self.level", 1), ("self.name", "Warrior"),
    ("target.name", "Frog"), ("self.cards_used", 0), ("target.poison", 0),
    ("self.shield", 0), ("card.times_used", 0), ("card.uses_left", 1), ("card.name", "Sword"),
    ("card.id", "sword"),
]

CONTEXT = [("d", 4), ("dice", (1, 3)), ("turn", 2), ("simulation", False)]

TRUTH = [   # conditions take numbers, lists and strings too
    ("not 0", True), ("not 5", False), ("not []", True), ("not [0]", False),
    ('not ""', True), ('not "x"', False), ("not self", False), ("0 or 7", True),
    ("1 and []", False),
]


@pytest.mark.parametrize("source, expected",
                         LITERALS + ARITHMETIC + PRECEDENCE + COMPARISONS + MEMBERSHIP
                         + INDEXING + FIELDS + CONTEXT + TRUTH)
def test_expression_value(source, expected):
    got = value(source)
    assert got == expected and type(got) is type(expected)


def test_and_or_short_circuit():
    # The right side would fault if it ran.
    assert value("false and 1 / 0 == 1") is False
    assert value("true or 1 / 0 == 1") is True


def test_comparison_does_not_chain():
    """``a < b < c`` is not a Python-style chain: it does not parse without parentheses."""
    from dicey.lang.errors import DiceSyntaxError
    with pytest.raises(DiceSyntaxError):
        parse_expr("1 < 2 < 3")


FAULTS = [
    ("1 / 0", "division by zero"), ("d % 0", "modulo by zero"),
    ("1000000 + 1", "out of range"), ("-1000000 - 1", "out of range"),
    ("1000 * 1001", "out of range"), ("1000001", "out of range"),
    ("[1, 2][2]", "index 2 is out of range (the list has 2 items)"),
    ("[7][3]", "index 3 is out of range (the list has 1 item)"), ("[1, 2][-3]", "index -3 is out of range"),
    ("[][0]", "out of range"), ("5[0]", "cannot index a number"),
    ("[1][true]", "an index must be a number"), ('1 + "a"', "cannot add"),
    ("true + 1", "cannot add true/false and a number"), ("[1] + 1", "cannot add"),
    ('"a" * 2', "needs numbers"), ("-true", "must be a number"),
    ('1 < "a"', "cannot compare"), ("[1] < [2]", "cannot compare"),
    ("1 in 3", "'in' needs a list"), ('1 in "abc"', "'in' needs a list"),
    ("d.hp", "a number has no fields"), ("self.hp.x", "a number has no fields"),
    ("nobody", "unknown name 'nobody'"), ("nothing(1)", "unknown function 'nothing'"),
    ("attack()", "takes 1 to 2 arguments, not 0"), ("abs(1, 2)", "takes 1 argument, not 2"),
]


@pytest.mark.parametrize("source, words", FAULTS)
def test_expression_fault(source, words):
    err = fault(f"say({source})")
    assert words in err.message
    # The fault points into the expression, on line 1 of the script.
    assert err.pos is not None and err.pos.line == 1 and err.pos.column >= 5


def test_fault_position_is_the_failing_operation():
    err = fault("let x = 1\nsay(x + 2 * (3 / 0))")
    assert (err.pos.line, err.pos.column) == (2, 14)
    err = fault("say([1, 2, 3][7])")
    assert (err.pos.line, err.pos.column) == (1, 5)
