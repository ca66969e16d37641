"""The lexer and the parser's LALR loop against Lark's own.

The reference is the pipeline the parser had before :mod:`dicey.lang.lexer`: Lark's
contextual lexer and a post-lexer dropping line ends inside brackets and after commas.
On every content and mod file the tokens are the same, at the same places; on random text
they are the same up to the same error, raised as the same Lark error at the same spot
with the same expected terminals. And our loop over Lark's tables
(``dicey.lang.parser._Machine``) builds what Lark's own parser builds with the same
callbacks, or fails as it fails.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from dicey.lang.lexer import DiceLexer
from dicey.lang.parser import GRAMMAR_PATH, ToAst, _BadToken, _lark, _machine, tokens

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for folder in ("content", "mods") for p in (ROOT / folder).rglob("*.dice"))


class FoldingPostlexer:
    """The reference post-lexer: what ``DiceLexer`` folds in, as Lark's interface has it."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth, previous = 0, ""
        for tok in stream:
            kind = tok.type
            if kind in ("LPAR", "LSQB"):
                depth += 1
            elif kind in ("RPAR", "RSQB"):
                depth = max(0, depth - 1)
            elif kind == "_NL" and (depth or previous == "COMMA"):
                continue
            elif kind == "NAME" and tok in ("elif", "else"):
                tok = Token.new_borrow_pos(tok.upper(), str(tok), tok)
                kind = tok.type
            previous = kind
            yield tok


def _reference(transformer: Any = None) -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=FoldingPostlexer(), keep_all_tokens=True, maybe_placeholders=False,
                transformer=transformer)


REFERENCE = _reference()            # tokens only (it builds plain trees)
REFERENCE_AST = _reference(ToAst())
#: Our lexer under Lark's parser, building plain trees too: compared with REFERENCE, the
#: tokens alone (the AST's builder refuses a string that holds a control character, which
#: both lexers read as a string).
OURS = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer=DiceLexer,
            keep_all_tokens=True, maybe_placeholders=False)


def _fields(tok: Token) -> tuple:
    return (tok.type, str(tok), tok.value, tok.start_pos, tok.line, tok.column,
            tok.end_line, tok.end_column, tok.end_pos)


def _failure(err: Exception) -> tuple:
    """What an error says, comparably."""
    if isinstance(err, UnexpectedCharacters):
        return ("characters", err.line, err.column, err.char, sorted(err.allowed or ()))
    if isinstance(err, UnexpectedToken):
        return ("token", _fields(err.token), sorted(err.expected))
    if isinstance(err, _BadToken):
        return ("bad token", _fields(err.tok), err.message)
    raise AssertionError(f"not a parser error: {err!r}")


def _stream(lark: Lark, text: str) -> tuple[list[tuple], tuple | None]:
    """The tokens Lark's parser takes from ``lark``'s lexer, and how it failed, if it did."""
    taken: list[tuple] = []
    parser = lark.parse_interactive(text)
    last = None
    try:
        for last in parser.iter_parse():
            taken.append(_fields(last))
        parser.feed_eof(last)
    except (UnexpectedInput, _BadToken) as err:
        return taken, _failure(err)
    return taken, None


def _outcome(parse: Callable[[str], Any], text: str) -> tuple:
    try:
        return ("parsed", parse(text))
    except (UnexpectedInput, _BadToken) as err:
        return _failure(err)


def _same_tokens(text: str) -> None:
    assert _stream(OURS, text) == _stream(REFERENCE, text)


# ------------------------------------------------------------------ real files

@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_tokens_of_every_file_are_lark_s(path):
    text = path.read_text(encoding="utf-8")
    ours, failed = _stream(_lark("start"), text)
    assert failed is None and len(ours) > 20
    assert (ours, failed) == _stream(REFERENCE, text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_parses_to_what_lark_builds(path):
    text = path.read_text(encoding="utf-8")
    assert _outcome(_machine("start").parse, text) == _outcome(REFERENCE_AST.parse, text)


def test_tokens_helper_gives_the_parser_s_tokens():
    found = [(t.type, str(t)) for t in tokens('enemy "E" {\n  hp: 3, 4,\n  5\n}\n')]
    assert found == [("KIND", "enemy"), ("STRING", '"E"'), ("LBRACE", "{"), ("_NL", "\n  "),
                     ("NAME", "hp"), ("COLON", ":"), ("INT", "3"), ("COMMA", ","),
                     ("INT", "4"), ("COMMA", ","), ("INT", "5"), ("_NL", "\n"),
                     ("RBRACE", "}"), ("_NL", "\n")]


# ------------------------------------------------------- where context decides

WRAP = 'equipment "A" {{\n    on use {{\n        {}\n    }}\n}}\n'

CONTEXT_CASES = [
    ("keyword-after-for", WRAP.format("for x in [1, 2] { attack(x) }")),
    ("keyword-as-field", WRAP.format("attack(target.in + target.if)")),
    ("kind-word-as-value", 'status "S" {\n    kind: status\n    clears: turn end\n}\n'),
    ("prefix-keyword-where-only-it-fits", WRAP.format("for x inx [1] { attack(x) }")),
    ("equal-twice-where-one-fits", WRAP.format("let x == 3")),
    ("compare-where-assign-fits", WRAP.format("x == 3")),
    ("stray-else", WRAP.format("else { attack(1) }")),
    ("stray-elif-as-name", WRAP.format("attack(elif)")),
    ("else-across-lines", WRAP.format("if d > 3 { attack(1) }\n        # why\n        else "
                                      "{ attack(2) }")),
    ("else-in-a-comment", WRAP.format("if d > 3 { attack(1) }  # else nothing\n"
                                      "        attack(2)")),
    ("override", 'override equipment "Spear" {\n    on use { pierce(d) }\n}\n'),
    ("kind-glued-to-a-name", 'equipmentx "A" {}\n'),
    ("or-glued", 'overridden equipment "A" {}\n'),
    ("range", 'equipment "A" {\n    slots: 1..3, 2 ..4\n    on use { attack(d) }\n}\n'),
    ("line-ends-in-brackets", WRAP.format("attack(\n  1,\n  [2,\n 3])")),
    ("semicolons-and-form-feeds", 'equipment "A" {;; on use {\x0c attack(d);; };}\n'),
    ("windows-line-ends", 'equipment "A" {\r\n    on use { attack(d) }\r\n}\r\n'),
    ("unterminated-string", 'equipment "A {\n}\n'),
    ("stray-character", WRAP.format("attack(1) $")),
    ("chained-comparison", WRAP.format("if 1 < d < 5 {{ attack(1) }}")),
    ("chained-not-in", WRAP.format("say(a not in xs not in ys)")),
    ("non-ascii", WRAP.format("attack(é)")),
    ("empty", ""),
    ("only-a-comment", "# nothing here"),
]


@pytest.mark.parametrize("text", [c[1] for c in CONTEXT_CASES], ids=[c[0] for c in CONTEXT_CASES])
def test_context_decides_as_lark_decides(text):
    _same_tokens(text)
    assert _outcome(_machine("start").parse, text) == _outcome(REFERENCE_AST.parse, text)


# ------------------------------------------------------------------ random text

#: Pieces that reach the lexer's corners: keywords, near-keywords, glued operators, every
#: kind of blank, comments with keywords in them, and characters no terminal takes.
PIECES = st.sampled_from([
    "equipment", "status", "enemy", "hero", "dungeon", "override", "overridden", "on", "use",
    "before", "when", "if", "elif", "else", "elsewhere", "let", "repeat", "for", "in", "inx",
    "not", "and", "or", "orx", "cancel", "stop", "var", "true", "false", "x", "d", '"A"',
    '"a\\"b"', '"open', "slots", ":", "..", ".", "1", "42", "=", "==", "+=", "-=", "*=", "<=",
    "<", "!", "!=", "+", "-", "*", "/", "%", ",", ";", "(", ")", "[", "]", "{", "}", "#",
    "# else", "\n", "\r\n", " ", "\t", "\x0c", "é", "\u2028", "$", "\\",
])
random_text = st.lists(PIECES, max_size=60).map("".join)
spaced_text = st.lists(PIECES, max_size=60).map(" ".join)


@st.composite
def mutated_files(draw: st.DrawFn) -> str:
    """A real file with a few spans replaced by random pieces."""
    text = draw(st.sampled_from(FILES)).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 20)))
        text = text[:start] + draw(random_text) + text[end:]
    return text


@settings(max_examples=250, deadline=None)
@given(st.one_of(random_text, spaced_text, st.text(max_size=40)))
def test_random_text_lexes_as_lark_lexes_it(text):
    _same_tokens(text)


@settings(max_examples=200, deadline=None)
@given(st.one_of(random_text, spaced_text))
def test_random_text_parses_or_fails_as_lark_s_parser(text):
    assert _outcome(_machine("start").parse, text) == _outcome(REFERENCE_AST.parse, text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_mutated_files_lex_and_parse_as_with_lark(text):
    _same_tokens(text)
    assert _outcome(_machine("start").parse, text) == _outcome(REFERENCE_AST.parse, text)
