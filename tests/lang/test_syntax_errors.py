"""Syntax errors: each at its ``line:col`` with words a person can act on, and all the
broken declarations of a file reported at once while the good ones still parse."""
from __future__ import annotations

import pytest

from dicey.lang.errors import DiceSyntaxError
from dicey.lang.parser import parse, parse_recovering
from lang_kit import marked

ROWS = [
    ("unclosed-call", 'equipment "A" {\n    on use { attack(d «}»\n}', "unexpected '}'"),
    ("unterminated-string", 'equipment "A" {\n    text: «"»unterminated\n}',
     "unterminated string"),
    ("assign-for-compare", 'equipment "A" {\n    on use { if d «=» 6 { attack(1) } }\n}',
     "use '==' to compare"),
    ("missing-brace-at-end", 'equipment "A" {\n    on use { attack(1) }«»\n', "end of file"),
    ("stray-character", 'equipment "A" {\n    on use { attack(1) «$» }\n}',
     "unexpected character '$'"),
    ("unknown-kind", '«weapon» "A" {\n}', "a declaration kind"),
    ("unquoted-name", 'equipment «A» {\n}', "expected a line end, a string"),
    ("two-calls-one-line", 'equipment "A" {\n    on use { attack(1) «attack»(2) }\n}',
     "unexpected 'attack'"),
    ("overlong-number", 'equipment "A" {\n    on use { attack(«' + "9" * 50 + '») }\n}',
     "number too long (50 digits)"),
    ("range-without-end", 'equipment "A" {\n    slots: 1..«\n»}', "expected a number"),
]


@pytest.mark.parametrize("source, words", [pytest.param(*r[1:], id=r[0]) for r in ROWS])
def test_syntax_error(source, words):
    clean, line, column, _ = marked(source)
    with pytest.raises(DiceSyntaxError) as caught:
        parse(clean, "s.dice")
    (diag,) = caught.value.diagnostics
    assert words in diag.message, diag.message
    assert (diag.path, diag.line, diag.column) == ("s.dice", line, column), str(diag)
    rendered = caught.value.render()
    assert rendered.startswith(f"s.dice:{line}:{column}: error: ") and "^" in rendered


def test_let_without_a_name_is_not_called_a_comparison():
    with pytest.raises(DiceSyntaxError) as caught:
        parse('equipment "A" {\n    on use { let = 3 }\n}')
    assert "==" not in caught.value.diagnostics[0].message


@pytest.mark.parametrize("word", ["elif d", "else"])
def test_elif_or_else_without_if_says_so(word):
    with pytest.raises(DiceSyntaxError) as caught:
        parse(f'equipment "A" {{\n    on use {{ {word} {{ attack(1) }} }}\n}}')
    diag = caught.value.diagnostics[0]
    assert "without an 'if'" in diag.message and diag.column == 14


def test_every_broken_declaration_is_reported_and_good_ones_survive():
    source = ('equipment "A" { on use { attack(1) } }\n'
              'equipment "B" { on use { attack(( } }\n'
              'equipment "C" { on use { attack(2) } }\n'
              'equipment "D" {\n  on use { attack(1 }\n}\n')
    with pytest.raises(DiceSyntaxError) as caught:
        parse(source, "s.dice")
    assert [(d.line, d.column) for d in caught.value.diagnostics] == [(2, 35), (5, 21)]
    module, found = parse_recovering(source, "s.dice")
    assert [d.name for d in module.decls] == ["A", "C"] and len(found) == 2
