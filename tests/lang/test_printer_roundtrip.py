"""The printer round trip: print an AST, parse the text, get the same AST — for generated
expressions, statements and whole files, and for every file of the content and mods."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from ast_strategies import declarations, expressions, modules, statements
from dicey.lang import ast as A
from dicey.lang.parser import parse, parse_expr, parse_stmts
from dicey.lang.printer import print_expr, print_module, print_stmt

ROOT = Path(__file__).resolve().parents[2]
DICE_FILES = sorted((ROOT / "content").rglob("*.dice")) + sorted((ROOT / "mods").rglob("*.dice"))


@settings(max_examples=150)
@given(expressions())
def test_expression_round_trip(expr):
    assert parse_expr(print_expr(expr)) == expr


@settings(max_examples=50)
@given(statements(expressions(max_leaves=6)))
def test_statement_round_trip(stmts):
    text = "".join(print_stmt(s) for s in stmts)
    assert parse_stmts(text) == stmts


@settings(max_examples=50)
@given(declarations)
def test_declaration_round_trip(decl):
    assert parse(print_module(A.Module((decl,)))).decls == (decl,)


@settings(max_examples=12)
@given(modules)
def test_module_round_trip(module):
    assert parse(print_module(module)) == module


@pytest.mark.parametrize("path", DICE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_content_and_mod_file_round_trips(path):
    module = parse(path.read_text(encoding="utf-8"), str(path))
    assert module.decls
    printed = print_module(module)
    assert parse(printed) == module
    assert print_module(parse(printed)) == printed      # printing is a fixed point


def test_precedence_needs_parentheses_only_where_it_must():
    cases = {"(1 + 2) * 3": "(1 + 2) * 3", "1 + (2 * 3)": "1 + 2 * 3",
             "(a - b) - c": "a - b - c", "a - (b - c)": "a - (b - c)",
             "not (a == b)": "not a == b", "(not a) == b": "(not a) == b",
             "-(x[0])": "-x[0]", "(-x)[0]": "(-x)[0]", "(a < b) == c": "(a < b) == c",
             "x not in (y + z)": "x not in y + z"}
    for source, printed in cases.items():
        assert print_expr(parse_expr(source)) == printed
