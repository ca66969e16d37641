"""Every statement form, run: ``let``, assignment, ``+= -= *=``, ``if/elif/else``,
``repeat``, ``for``, ``cancel``, ``stop`` and calls. Each row is ``(script, lines said)``."""
from __future__ import annotations

import pytest

from dicey.lang.effects import RecordingEffects
from dicey.lang.errors import ScriptError
from lang_kit import fault, run, said

SAID = [
    ("let x = 3\nsay(x)", ["3"]),
    ("let x = 3; x = x + 1; say(x)", ["4"]),
    ("let x = 3; x += 2; say(x)", ["5"]),
    ("let x = 3; x -= 5; say(x)", ["-2"]),
    ("let x = 3; x *= 4; say(x)", ["12"]),
    ("let xs = [1]; xs += [2]; say(xs)", ["[1, 2]"]),
    ('let s = "a"; s += "b"; say(s)', ["ab"]),
    ("if d == 4 { say(1) }", ["1"]),
    ("if d == 5 { say(1) }", []),
    ("if d == 5 { say(1) } else { say(2) }", ["2"]),
    ("if d == 5 { say(1) } elif d == 4 { say(2) } else { say(3) }", ["2"]),
    ("if d > 1 { say(1) } elif d > 2 { say(2) }", ["1"]),          # first true branch only
    ("if false { say(1) } elif false { say(2) } else { say(3) }", ["3"]),
    ("if d == 4 {\n    say(1)\n}\nelse {\n    say(2)\n}", ["1"]),    # else on its own line
    ("if d == 4 { say(1) }\n# a comment\nelif d == 5 { say(2) }", ["1"]),
    ("if d == 4 {\n    say(1)   # else nothing\n}", ["1"]),        # else in a comment
    ("say(1)  # nothing else\nsay(2)", ["1", "2"]),
    ("if d == 5 { say(1) }  # or else\nelse { say(2) }", ["2"]),
    ("if [] { say(1) } else { say(0) }", ["0"]),
    ("repeat 3 { say(1) }", ["1", "1", "1"]),
    ("repeat 0 { say(1) }", []),
    ("repeat d - 2 { say(d) }", ["4", "4"]),
    ("let n = 0; repeat 100 { n += 1 }; say(n)", ["100"]),
    ("for x in [1, 2, 3] { say(x) }", ["1", "2", "3"]),
    ("for x in [] { say(x) }", []),
    ("for v in dice { say(v * 10) }", ["10", "30"]),
    ("for x in [[1, 2]] { say(x[1]) }", ["2"]),
    ("let t = 0; for x in [1, 2, 3] { t += x }; say(t)", ["6"]),
    ("for x in [1, 2] { for y in [3, 4] { say(x * y) } }", ["3", "4", "6", "8"]),
    ("let x = 9; for x2 in [1] { say(x2) }; say(x)", ["1", "9"]),
    ("say(1); stop; say(2)", ["1"]),
    ("repeat 5 { say(1); stop }", ["1"]),
    ("for x in [1, 2] { if x == 2 { stop }; say(x) }; say(9)", ["1"]),
    ("hits += 1; say(hits)", ["1"]),                                  # a card var
    ("if true { let y = 1; say(y) }", ["1"]),
    ("say(\n  1 +\n  2\n)", ["3"]),                                    # brackets span lines
    ("say([1,\n 2])", ["[1, 2]"]),
    ("say(1);;; say(2)", ["1", "2"]),
]


@pytest.mark.parametrize("source, lines", SAID)
def test_statement(source, lines):
    assert said(source) == lines


def test_card_vars_persist_between_runs():
    card_vars = {"hits": 0}
    for _ in range(3):
        run("hits += 1", card_vars=card_vars)
    assert card_vars == {"hits": 3}


def test_cancel_stops_the_script_and_says_so():
    result, fx = run("say(1)\nif d == 4 { cancel }\nsay(2)")
    assert result.cancelled and fx.calls == [("say", "1")]
    result, _ = run("if d == 5 { cancel }")
    assert not result.cancelled


def test_stop_is_not_a_cancel():
    result, _ = run("stop")
    assert not result.cancelled


def test_assignable_context_name_comes_back():
    """``amount`` in ``on incoming damage`` may be set; the engine reads it back."""
    from dicey.lang.chance import FixedChance
    from dicey.lang.effects import RecordingEffects
    from dicey.lang.interp import CORE_STATUSES, Scope, compile_stmts
    from dicey.lang.parser import parse_stmts

    scope = Scope(frozenset({"amount", "stacks"}), statuses=CORE_STATUSES,
                  assignable=frozenset({"amount"}))
    script = compile_stmts(parse_stmts("amount = max(0, amount - stacks)"), scope=scope)
    result = script.run(RecordingEffects(), FixedChance(), {"amount": 5, "stacks": 2})
    assert result.names["amount"] == 3


def test_steps_are_counted():
    """A step is a statement, a call or a loop turn."""
    result, _ = run("repeat 3 { say(1) }")
    assert result.steps == 1 + 3 * (1 + 1 + 1)      # repeat; per turn: turn, statement, call
    result, _ = run("for x in [1, 2] { }")
    assert result.steps == 1 + 2                    # for; two turns of an empty body


STATEMENT_FAULTS = [
    ("d = 3", "cannot assign to 'd'"),
    ("self = 3", "cannot assign to 'self'"),
    ("nope = 3", "cannot assign to 'nope'"),
    ("if true { let y = 1 }\nsay(y)", "unknown name 'y'"),
    ("repeat -1 { say(1) }", "repeat count -1 is out of range"),
    ("repeat 101 { say(1) }", "repeat count 101 is out of range"),
    ('repeat "x" { say(1) }', "repeat count must be a number"),
    ("for x in 3 { say(x) }", "'for' needs a list"),
    ("let x = 1; x += [1]", "cannot add"),
]


@pytest.mark.parametrize("source, words", STATEMENT_FAULTS)
def test_statement_fault(source, words):
    assert words in fault(source).message


def test_fault_in_a_loop_points_at_the_loop_line():
    err = fault("let n = 0\nrepeat 3 {\n    n += 1\n    say(10 / (2 - n))\n}")
    assert (err.pos.line, err.pos.column) == (4, 9) and "division by zero" in err.message


def test_a_fault_stops_the_script_where_it_is():
    """What ran before the fault was asked for; nothing after it runs."""
    fx = RecordingEffects()
    with pytest.raises(ScriptError):
        run("attack(2)\nattack(1 / 0)\nattack(3)", fx=fx)
    assert fx.calls == [("damage", 2, "normal", False, "attack")]
