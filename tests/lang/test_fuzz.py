"""Fuzzing with hypothesis: the parser raises only its own error on any text; the checker
only reports; the interpreter raises only ``ScriptError`` on any program, well-typed or not."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ast_strategies import declarations, modules, programs, scoped_programs
from dicey.lang import ast as A
from dicey.lang import checker
from dicey.lang.chance import SampleChance
from dicey.lang.effects import RecordingEffects
from dicey.lang.errors import DiceSyntaxError, ScriptError
from dicey.lang.interp import compile_stmts, min_steps
from dicey.lang.parser import parse, parse_file, parse_recovering
from dicey.lang.printer import print_module
from lang_kit import CARD_VARS, NAMES, SCOPE

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [p.read_text(encoding="utf-8") for folder in ("content", "mods")
           for p in sorted((ROOT / folder).rglob("*.dice"))]

#: Characters that mean something to the grammar, so random text reaches deep into it.
GRAMMAR_ALPHABET = st.sampled_from(list('{}()[]",.;:=+-*/%<>!#\n\t \\') + list("adeilnostu09"))
GRAMMAR_WORDS = st.sampled_from(["equipment", "status", "enemy", "hero", "dungeon", "override",
                                 "extend", "floor", "enemies:", "rewards:",
                                 "on", "use", "before", "when", "if", "elif", "else", "let",
                                 "repeat", "for", "in", "not", "and", "or", "cancel", "stop",
                                 "var", "true", "false", '"A"', "slots:", "any", "..", "\n"])
grammar_text = st.lists(st.one_of(GRAMMAR_ALPHABET, GRAMMAR_WORDS), max_size=80).map(" ".join)


def parses_or_reports(text: str) -> None:
    """Parsing ``text`` gives a module or a DiceSyntaxError with positions; nothing else."""
    try:
        parse(text, "fuzz.dice")
    except DiceSyntaxError as err:
        assert err.diagnostics and all(d.path == "fuzz.dice" for d in err.diagnostics)
        assert err.render()
    module, found = parse_recovering(text, "fuzz.dice")
    assert isinstance(module, A.Module)


@settings(max_examples=100)
@given(st.text(max_size=200))
def test_parser_on_any_text(text):
    parses_or_reports(text)


@settings(max_examples=150)
@given(grammar_text)
def test_parser_on_grammar_shaped_text(text):
    parses_or_reports(text)


@st.composite
def mutated_sources(draw) -> str:
    """A real content file with a few spans deleted, replaced or inserted."""
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 30)))
        text = text[:start] + draw(st.one_of(st.just(""), grammar_text, st.text(max_size=5))) \
            + text[end:]
    return text


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_sources())
def test_parser_on_mutated_content(text):
    parses_or_reports(text)


@settings(max_examples=60)
@given(st.binary(max_size=300))
def test_reading_any_bytes_never_raises(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.dice"
    path.write_bytes(data)
    module, _, found = parse_file(path)
    assert isinstance(module, A.Module) and all(d.message for d in found)

# ------------------------------------------------------------------- checker


@settings(max_examples=25)
@given(modules)
def test_checker_only_reports(module):
    """Any declarations the parser can produce: the checker returns, it never raises."""
    symbols = checker.collect_symbols(module.decls, None)
    for decl in module.decls:
        defn, found = checker.check_decl(decl, "fuzz.dice", symbols)
        assert (defn is None) == any(p.severity == "error" for p in found)


@settings(max_examples=50)
@given(programs)
def test_checker_only_reports_on_programs(stmts):
    found = checker.check_script(stmts, SCOPE, event="before use")
    assert all(p.line == 0 or p.message for p in found)


@settings(max_examples=40)
@given(declarations)
def test_checked_printed_declaration_checks_the_same(decl):
    """Checking the printed form of a declaration finds the same kinds of problems.

    (Sets: a generated AST has no positions, so two equal messages about two members
    are one diagnostic there and two once printed and parsed.)"""
    again = parse(print_module(A.Module((decl,)))).decls[0]
    symbols = checker.collect_symbols([decl], None)
    first = {p.message for p in checker.check_decl(decl, "f", symbols)[1]}
    second = {p.message for p in checker.check_decl(again, "f", symbols)[1]}
    assert first == second

# --------------------------------------------------------------- interpreter


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(programs, st.integers(0, 2 ** 32))
def test_interpreter_raises_only_script_errors(stmts, seed):
    script = compile_stmts(stmts, scope=SCOPE)
    fx = RecordingEffects()
    try:
        result = script.run(fx, SampleChance(random.Random(seed)), dict(NAMES), dict(CARD_VARS))
    except ScriptError as err:
        assert err.message
        return
    assert result.steps <= 10_000


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(programs, st.integers(0, 2 ** 32))
def test_a_run_takes_at_least_the_steps_the_checker_counts(stmts, seed):
    """``min_steps`` is a lower bound: the checker's warning that a hook always runs past
    its budget must never be said of one that can finish."""
    script = compile_stmts(stmts, scope=SCOPE)
    try:
        result = script.run(RecordingEffects(), SampleChance(random.Random(seed)),
                            dict(NAMES), dict(CARD_VARS))
    except ScriptError:
        return
    assert result.steps >= min_steps(stmts)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(programs, st.integers(0, 2 ** 32))
def test_a_program_runs_the_same_twice(stmts, seed):
    """Same program, same seed: the same effects and the same fault, if any."""
    script = compile_stmts(stmts, scope=SCOPE)

    def trace() -> tuple[list, str | None]:
        fx = RecordingEffects()
        try:
            script.run(fx, SampleChance(random.Random(seed)), dict(NAMES), dict(CARD_VARS))
        except ScriptError as err:
            return fx.calls, str(err)
        return fx.calls, None
    assert trace() == trace()


#: Runtime faults that a clean check rules out: they depend on nothing but the text.
STATIC_FAULTS = ("unknown name", "unknown function", "argument", "cannot assign",
                 "used before it is set", "has no value here", "'for' needs a list",
                 "cannot compare a number with a string", "cannot compare a string with a number")


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow])
@given(scoped_programs, st.integers(0, 2 ** 32))
def test_a_program_the_checker_passes_has_no_static_fault(stmts, seed):
    """The checker is sound for names, arity and assignment: what it passes never fails
    at run time for a reason the text alone decides."""
    if any(p.severity == "error" for p in checker.check_script(stmts, SCOPE,
                                                              event="before use")):
        return
    try:
        compile_stmts(stmts, scope=SCOPE).run(RecordingEffects(),
                                              SampleChance(random.Random(seed)),
                                              dict(NAMES), dict(CARD_VARS))
    except ScriptError as err:
        assert not any(words in err.message for words in STATIC_FAULTS), err.message
