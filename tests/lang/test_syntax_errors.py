"""Syntax errors: each at its ``line:col`` with words a person can act on, and all the
broken declarations of a file reported at once while the good ones still parse."""
from __future__ import annotations

import pytest

from dicey.lang.errors import DiceSyntaxError
from dicey.lang.parser import parse, parse_recovering, parse_stmts
from lang_kit import marked

ROWS = [
    ("unclosed-call", 'equipment "A" {\n    on use { attack(d «}»\n}',
     "unexpected '}': a '(' before it is not closed"),
    ("unterminated-string", 'equipment "A" {\n    text: «"»unterminated\n}',
     "unterminated string"),
    ("assign-for-compare", 'equipment "A" {\n    on use { if d «=» 6 { attack(1) } }\n}',
     "use '==' to compare"),
    ("missing-brace-at-end", 'equipment "A" {\n    on use { attack(1) }«»\n', "end of file"),
    ("stray-character", 'equipment "A" {\n    on use { attack(1) «$» }\n}',
     "unexpected character '$'"),
    ("unknown-kind", '«weapon» "A" {\n}', "a declaration kind"),
    ("extend-without-kind", 'extend «{»\n    floor 3 { enemies: "Frog" }\n}',
     "a declaration kind"),
    ("extend-a-floor", 'extend «floor» 3 {\n    enemies: "Frog"\n}', "a declaration kind"),
    ("unquoted-name", 'equipment «A» {\n}', 'the name goes in quotes: equipment "A"'),
    ("unquoted-names-words", 'override enemy «Big» Frog {\n}',
     'the name goes in quotes: override enemy "Big Frog"'),
    ("unquoted-extension", 'extend dungeon «Deep» {\n}',
     'the name goes in quotes: extend dungeon "Deep"'),
    ("two-calls-one-line", 'equipment "A" {\n    on use { attack(1) «attack»(2) }\n}',
     "unexpected 'attack': two statements on one line need ';' between them (or a new line)"),
    ("two-members-one-line", 'equipment "A" {\n    size: 2 «slots»: any\n}',
     "unexpected 'slots': two members on one line need ';' between them"),
    ("hook-after-a-property", 'equipment "A" {\n    slots: any on use «{» attack(d) }\n}',
     "unexpected '{': a ';' is missing before 'on use' (two members on one line need ';'"),
    ("if-without-braces", 'equipment "A" {\n    on use { if d > 3 «attack»(d) }\n}',
     "unexpected 'attack': expected '{' after the condition"),
    ("statement-then-if", 'equipment "A" {\n    on use { attack(d) «if» d > 3 }\n}',
     "unexpected 'if': two statements on one line need ';'"),
    ("repeat-without-braces", 'equipment "A" {\n    on use { repeat 2 «attack»(d) }\n}',
     "expected '{' after the count"),
    ("for-without-braces", 'equipment "A" {\n    on use { for x in [1] «attack»(x) }\n}',
     "expected '{' after the list"),
    ("else-if", 'equipment "A" {\n    on use { if d > 3 { attack(d) } else «if» d > 1 { } }\n}',
     "unexpected 'if' after 'else': write 'elif'"),
    ("unclosed-list", 'equipment "A" {\n    on use { attack([1, 2 «}») }\n}',
     "unexpected '}': a '[' before it is not closed"),
    ("overlong-number", 'equipment "A" {\n    on use { attack(«' + "9" * 50 + '») }\n}',
     "number too long (50 digits)"),
    ("range-without-end", 'equipment "A" {\n    slots: 1..«\n»}', "expected a number"),
    ("letter-outside-names", 'equipment "A" {\n    on use { let caf«é» = 1 }\n}',
     "unexpected character 'é' (names are written with a-z, A-Z, 0-9 and _)"),
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

# ------------------------------------------------------------- chained comparisons
# Comparisons do not chain; the error says so at the second operator and quotes the `and`
# that means what the chain seemed to, built from the source when it stands on one line.



def member(text: str) -> str:
    return 'equipment "A" {\n    ' + text + '\n}'


def in_hook(body: str) -> str:
    return member("on use { " + body + " }")


CHAINS = [
    ("lt-lt-in-if", in_hook("if 1 < d «<» 5 { attack(1) }"), "1 < d and d < 5"),
    ("eq-eq", in_hook("say(a == b «==» c)"), "a == b and b == c"),
    ("ge-le-in-if", in_hook("if x >= 1 «<=» 3 { stop }"), "x >= 1 and 1 <= 3"),
    ("in-var", member("var x = d > 1 «>» 0"), "d > 1 and 1 > 0"),
    ("in-let", in_hook("let ok = a<b«<»c"), "a<b and b < c"),
    ("call-argument", in_hook("attack(1, a != b «!=» f(1, [2, 3]))"),
     "a != b and b != f(1, [2, 3])"),
    ("operands-with-operators", in_hook("say(xs[0] < d.hp + 2 * (3 - 1) «>» -4)"),
     "xs[0] < d.hp + 2 * (3 - 1) and d.hp + 2 * (3 - 1) > -4"),
    ("parenthesized-operands", in_hook("say(((a) + 1) < (b) «<» c)"),
     "((a) + 1) < (b) and (b) < c"),
    ("strings", in_hook('say("x" < "y" «<» "z)(")'), '"x" < "y" and "y" < "z)("'),
    ("in-then-compare", in_hook("say(a in xs «<» 3)"), "a in xs and xs < 3"),
    ("compare-then-in", in_hook("say(a < b «in» xs)"), "a < b and b in xs"),
    ("not-in-twice", in_hook("say(a not in xs «not» in ys)"),
     "a not in xs and xs not in ys"),
    ("under-not", in_hook("say(not a < b «<» c)"), "a < b and b < c"),
    ("three-operators", in_hook("say(a < b «<» c < d)"), "a < b and b < c"),
    ("before-and", in_hook("if a < b «<» c and d { stop }"), "a < b and b < c"),
    # no third operand to quote, or not on one line: the generic advice
    ("no-third-operand", in_hook("if a < b «<» { }"), "a < b and b < c"),
    ("two-words-after", in_hook("say(x < y «<» z w)"), "a < b and b < c"),
    ("across-lines", in_hook("say(x < y # why\n        «<» z)"), "a < b and b < c"),
]


def only_error(source: str):
    """The one diagnostic of parsing ``source`` (its «marked» part the place it should
    name), and that place: (line, column, end column)."""
    clean, line, column, end = marked(source)
    with pytest.raises(DiceSyntaxError) as caught:
        parse(clean, "s.dice")
    (diag,) = caught.value.diagnostics
    return diag, (line, column, end)


@pytest.mark.parametrize("source, advice", [pytest.param(*r[1:], id=r[0]) for r in CHAINS])
def test_chained_comparison_says_comparisons_do_not_chain(source, advice):
    diag, (line, column, end) = only_error(source)
    assert diag.message == f"comparisons do not chain: write '{advice}'"
    assert (diag.line, diag.column, diag.end_column) == (line, column, end), str(diag)


def test_chained_comparison_renders_with_the_caret_on_the_second_operator():
    source = 'equipment "A" {\n    on use {\n        if 1 < d < 5 { attack(1) }\n    }\n}\n'
    with pytest.raises(DiceSyntaxError) as caught:
        parse(source, "s.dice")
    assert caught.value.render() == (
        "s.dice:3:18: error: comparisons do not chain: write '1 < d and d < 5'\n"
        "            if 1 < d < 5 { attack(1) }\n"
        "                     ^")


def test_chained_comparison_in_a_script_is_reported_at_its_own_line():
    with pytest.raises(DiceSyntaxError) as caught:
        parse_stmts("heal(1)\nsay(a == b == c)")
    (diag,) = caught.value.diagnostics
    assert (diag.line, diag.column) == (2, 12)
    assert diag.message == "comparisons do not chain: write 'a == b and b == c'"


def test_chained_comparisons_in_broken_declarations_are_all_reported():
    source = ('equipment "A" { on use { if 1 < d < 5 { attack(1) } } }\n'
              'equipment "B" { on use { attack(d) } }\n'
              'equipment "C" { var x = 1 == 2 == 3 }\n')
    module, found = parse_recovering(source, "s.dice")
    assert [d.name for d in module.decls] == ["B"]
    assert [(d.line, d.column, d.message) for d in found] == [
        (1, 35, "comparisons do not chain: write '1 < d and d < 5'"),
        (3, 32, "comparisons do not chain: write '1 == 2 and 2 == 3'")]


NOT_CHAINS = [   # near misses keep the messages they had
    ("operator-twice", in_hook("say(a < «<» b)"), "unexpected '<'; expected '('"),
    ("not-without-in", in_hook("say(a < b «not» c)"), "unexpected 'not'; expected ')'"),
    ("assign-after-compare", in_hook("if a == b «=» c { }"), "unexpected '='"),
    ("operator-after-sum", in_hook("say(a + «<» b)"), "unexpected '<'"),
    ("compare-after-paren-compare", in_hook("say((a < b) < c «d»)"), "unexpected 'd'"),
]


@pytest.mark.parametrize("source, words", [pytest.param(*r[1:], id=r[0]) for r in NOT_CHAINS])
def test_other_errors_near_comparisons_keep_their_messages(source, words):
    diag, (line, column, _) = only_error(source)
    assert diag.message.startswith(words) and "chain" not in diag.message, diag.message
    assert (diag.line, diag.column) == (line, column), str(diag)


FIELD_ASSIGNMENTS = [   # they said "unexpected '=' (use '==' to compare)"
    ("another-cards-variable", in_hook("used.charge «=» 5"),
     "cannot assign to 'used.charge': a script sets only its locals, its own card's "
     "variables and 'amount'; fighters change through built-ins (heal, inflict …)"),
    ("a-fighters-field", in_hook("target.hp -«=» 5"), "cannot assign to 'target.hp'"),
    ("this-cards-variable", in_hook("card.charge +«=» 1"),
     "cannot assign to 'card.charge': set the card's variable by its name ('charge = …')"),
]


@pytest.mark.parametrize("source, words",
                         [pytest.param(*r[1:], id=r[0]) for r in FIELD_ASSIGNMENTS])
def test_assigning_a_field_says_what_a_script_can_set(source, words):
    diag, (line, column, _) = only_error(source)
    assert diag.message.startswith(words), diag.message
    assert (diag.line, diag.column) == (line, column), str(diag)


def test_a_parenthesized_comparison_may_be_compared():
    parse(in_hook("say((a < b) == (b < c))"))


def test_a_broken_extension_is_reported_and_the_declarations_around_it_parse():
    source = ('extend dungeon {\n    floor 3 { enemies: "Frog"\n}\n'
              'equipment "A" { on use { attack(1) } }\n'
              'extend dungeon { floor 2 { rewards: "Rock" } }\n')
    module, found = parse_recovering(source, "s.dice")
    assert [(d.line, d.column) for d in found] == [(3, 2)]
    good, extension = module.decls
    assert good.name == "A" and (extension.kind, extension.name) == ("dungeon", None)
    assert extension.members[0].number == 2 and extension.pos.line == 5


def test_a_declaration_left_open_is_said_so_and_named():
    """Parsed alone, a declaration whose '}' is missing meets the end of its own text: that
    is the next declaration's start, not the end of the file, as the message said."""
    source = ('equipment "Bellows" {\n    slots: even\n    on use { attack(d) }\n\n'
              'override enemy "Moth" {\n    hp: 3\n\nequipment "Torch" { slots: any }\n'
              'status "Ash" {\n')
    module, problems = parse_recovering(source)
    assert [d.name for d in module.decls] == ["Torch"]
    assert module.unparsed == (("equipment", "Bellows"), ("enemy", "Moth"), ("status", "Ash"))
    assert [(p.line, p.message) for p in problems] == [
        (3, "equipment 'Bellows' is not closed before the next declaration: a '}' may be "
            "missing"),
        (6, "enemy 'Moth' is not closed before the next declaration: a '}' may be missing"),
        (9, "unexpected end of file (a '}' may be missing)")]   # the file's end, this time


WORD_OPERATORS_IN_NAMES = [   # they were read as `in flict(…)`, `and y`, `or bit`, `not es`
    ("in", in_hook("attack(d) «inflict»(poison, 1)"), "'inflict'"),
    ("and", member("var andy = 0") + in_hook("attack(d) «andy» = 1"), "'andy'"),
    ("or", member("var orbit = 0") + in_hook("attack(d) «orbit» = 1"), "'orbit'"),
    ("in-index", in_hook("attack(d) «index»(1)"), "'index'"),
    ("not", in_hook("let x = d «notes»"), "'notes'"),
]


@pytest.mark.parametrize("source, name",
                         [pytest.param(*r[1:], id=r[0]) for r in WORD_OPERATORS_IN_NAMES])
def test_a_name_starting_with_a_word_operator_is_one_name(source, name):
    diag, (line, column, end) = only_error(source)
    assert diag.message == (f"unexpected {name}: two statements on one line need ';' "
                            "between them (or a new line)"), diag.message
    assert (diag.line, diag.column, diag.end_column) == (line, column, end), str(diag)


@pytest.mark.parametrize("source", [
    "x = d in [1, 2] and not d in [3] or d not in [4]",
    "x = (d)in[1] and(d)or(d)",
    "for i in[1] { x = not(i) }",
])
def test_word_operators_still_read_where_no_name_goes_on(source):
    parse(member("var x = false") + in_hook(source))


TINDERBOX = ('equipment "Flint" { slots: any; on use { attack(1) } }\n\n'
             'equipment "Tinderbox" {\n    slots: max 3\n    text: "Inflict [d] kindling"\n'
             '    on use { inflict(poison, d)\n    upgraded { slots: max 4 }\n}\n')


@pytest.mark.parametrize("source, at, words, brace", [
    # the tutorial's Tinderbox without the '}' of its 'on use' (a declaration before it)
    (TINDERBOX, (7, 14), "unexpected '{': the '{' of 'on use' at 6:12 is not closed (a '}' "
                         "is missing before line 7)", (6, 12)),
    # the '}' that is left closes the hook: the declaration is then left open
    ('equipment "X" {\n    on use {\n        attack(1)\n}\n', (4, 2),
     "unexpected end of file: the '{' of 'on use' at 2:12 is not closed (a '}' is missing "
     "before line 4)", (2, 12)),
    ('equipment "X" {\n    on use {\n        if d > 3 {\n            attack(1)\n'
     '        attack(2)\n    }\n    text: "x"\n}\n', (7, 9),
     "the '{' of 'if d > 3' at 3:18 is not closed (a '}' is missing before line 6)", (3, 18)),
    ('equipment "X" {\n    on use {\n        attack(1)\n}\nstatus "Y" { kind: negative }\n',
     (4, 2), "the next declaration starts inside equipment 'X': the '{' of 'on use' at 2:12 "
             "is not closed", (2, 12)),
    # a '{' in a string or a comment is no brace
    ('equipment "X" {\n    text: "a { b" # {\n    on use {\n        attack(1)\n'
     '    upgraded { slots: max 4 }\n}\n', (5, 14), "the '{' of 'on use' at 3:12", (3, 12)),
])
def test_an_unclosed_brace_is_named_where_it_opened(source, at, words, brace):
    """A '}' deleted from a hook gave "unexpected '{'; expected '(', '+', …" at the next
    line, naming neither the '}' missing nor the '{' it leaves open."""
    _, found = parse_recovering(source, "t.dice")
    (problem,) = found
    assert (problem.line, problem.column) == at and words in problem.message, problem
    assert (problem.note.line, problem.note.column) == brace
    rendered = problem.render(source).split("\n")
    assert rendered[3] == f"t.dice:{brace[0]}:{brace[1]}: note: the '{{' that is not closed"
    assert rendered[5] == " " * (4 + brace[1] - 1) + "^"


@pytest.mark.parametrize("source", [
    'equipment "X" {\n    on use {\n    attack(1) $$\n    }\n}\n',      # a typo, braces fine
    'equipment "X" {\n    on use { attack(1 }\n}\n',                      # a '(' not closed
    'equipment "X" {\n    on use { attack(1) }}\n}\n',                    # a '}' too many
    'equipment "X" {\non use {\nattack(1)\nlet = 2\n}\n}\n',              # no indents at all
])
def test_an_error_that_no_missing_brace_explains_names_none(source):
    _, found = parse_recovering(source, "t.dice")
    assert found and all(p.note is None and "is not closed (a '}'" not in p.message
                         for p in found), found
