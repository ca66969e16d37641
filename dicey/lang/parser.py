"""Parse ``.dice`` source into the AST of :mod:`dicey.lang.ast`.

Lark builds the LALR tables of ``grammar.lark`` (once per process); a loop of our own runs
them (:class:`_Machine`) on the tokens of :mod:`dicey.lang.lexer`, and the ``ToAst``
methods build the frozen dataclasses as rules reduce. Every failure is a
:class:`DiceSyntaxError` with ``file:line:col`` diagnostics: a file that does not parse is
split at its top-level declarations and each is parsed on its own, so all broken
declarations are reported at once and the good ones survive.

>>> m = parse('equipment "Sword" { size: 2; on use { attack(d) } }')
>>> m.decls[0].name, m.decls[0].members[1].event
('Sword', 'on use')
"""
from __future__ import annotations

import dataclasses
import errno
import os
import re
import stat
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Callable, get_args

from lark import Lark, Token, Transformer
from lark.exceptions import (GrammarError, LarkError, UnexpectedCharacters, UnexpectedEOF,
                             UnexpectedInput, UnexpectedToken)
from lark.parsers.lalr_analysis import Shift

from . import ast as A
from .errors import (NONCHARACTERS, UNPRINTABLE, DiceSyntaxError, Diagnostic, source_lines,
                     unprintable_kind)
from .lexer import DiceLexer

#: Deepest nesting of the parse tree accepted (blocks, brackets, operator chains).
MAX_DEPTH = 100
#: Largest source file accepted, in bytes.
MAX_SOURCE_BYTES = 2_000_000

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")


@lru_cache(maxsize=None)
def _lark(start: str) -> Lark:
    """Lark's parser for the grammar, with our lexer and ``ToAst`` as its inline
    transformer: where the tables come from, and what the tests hold the loop to."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer=DiceLexer,
                keep_all_tokens=True, maybe_placeholders=False, transformer=ToAst(),
                start=start)


def tokens(text: str) -> list[Token]:
    """The tokens the parser reads in ``text``, which must parse (for tests and tools)."""
    return list(_lark("start").parse_interactive(text).iter_parse())


# ------------------------------------------------------------------ transformer
# The AST is built while the LALR parser reduces (an inline transformer): no parse tree is
# made and no positions are propagated through one. With ``keep_all_tokens`` every method
# sees all its tokens, punctuation included, so a node's span runs from its first token to
# its last exactly as written.


def _tpos(tok: Token) -> A.Pos:
    return A.Pos(tok.line, tok.column, tok.end_line, tok.end_column)


def _span(children: list) -> A.Pos:
    """From the first token of ``children`` to the last. Each end is a token, a node (which
    counts by its own span) or a tuple of nodes (a property's values), never an empty one:
    every rule that makes a node starts and ends with one of these."""
    first, last = children[0], children[-1]
    if not isinstance(first, Token):   # tokens and positions share their four fields
        first = (first[0] if isinstance(first, tuple) else first).pos
    if not isinstance(last, Token):
        last = (last[-1] if isinstance(last, tuple) else last).pos
    return A.Pos(first.line, first.column, last.end_line, last.end_column)


def _nodes(children) -> tuple:
    """The children that are not tokens (punctuation, keywords, line ends)."""
    return tuple([c for c in children if not isinstance(c, Token)])


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
#: An escape in a string's body: a backslash and the character after it.
_ESCAPE = re.compile(r"\\(.)")


def _unquote(tok: Token) -> str:
    body = tok[1:-1]
    found = UNPRINTABLE.search(body)
    while found is not None and found.group() == "\t":    # a tab is allowed
        found = UNPRINTABLE.search(body, found.end())
    if found is not None:   # (a string's text reaches terminals: the checker's, the game's)
        raise _BadToken(_inside(tok, found.start(), 1), _refused_character(found.group()))
    if "\\" not in body:
        return body
    for escape in _ESCAPE.finditer(body):
        if escape.group(1) not in _ESCAPES:   # (a Windows path, \u00e9, \x1b: not ours)
            raise _BadToken(_inside(tok, escape.start(), 2),
                            f"unknown escape '{escape.group()}' (strings take \\\", \\\\, "
                            "\\n and \\t)")
    return _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], body)


def _refused_character(char: str) -> str:
    """Why a string may not hold ``char`` (one :data:`UNPRINTABLE` finds)."""
    if char in NONCHARACTERS:
        return (f"a string may not hold {unprintable_kind(char)} (Unicode keeps it out of "
                "text: no screen shows it, no XML reader reads it)")
    return f"a string may not hold {unprintable_kind(char)} (write \\n for a line end)"


def _inside(tok: Token, offset: int, width: int) -> Token:
    """Where ``width`` characters of a string token's body stand, from ``offset`` in it (a
    string ends on the line it starts)."""
    column = tok.column + 1 + offset
    return Token("STRING", tok[1 + offset:1 + offset + width], line=tok.line, column=column,
                 end_line=tok.line, end_column=column + width)


#: Longest integer literal read (longer ones are reported, not converted).
MAX_DIGITS = 40


class _BadToken(Exception):
    """A token the grammar accepts but the language does not (reported as a syntax error)."""

    def __init__(self, tok: Token, message: str):
        super().__init__(message)
        self.tok = tok
        self.message = message


def _int(tok: Token) -> int:
    if len(tok) > MAX_DIGITS:
        raise _BadToken(tok, f"number too long ({len(tok)} digits)")
    return int(tok)


@dataclass(slots=True)   # (not frozen: it is made for every block, and never kept)
class _Block:
    """A ``{ … }`` body and its braces (so the statement holding it spans to the ``}``)."""

    stmts: tuple
    open: Token
    close: Token

    @property
    def pos(self) -> A.Pos:
        return A.Pos(self.open.line, self.open.column, self.close.end_line,
                     self.close.end_column)


@dataclass(slots=True)
class _Signed:
    """A signed number in a property value: its value and its tokens."""

    value: int
    pos: A.Pos


class ToAst(Transformer):
    """Builds AST nodes; each method names the grammar rule or alias it handles and gets
    every token of it (see the note above)."""

    # declarations
    def start(self, children):
        return tuple(c for c in children if isinstance(c, (A.Decl, A.Extension)))

    def decl(self, children):   # OVERRIDE? KIND STRING "{" _NL? members "}"
        override = children[0].type == "OVERRIDE"
        kind, name = children[1 if override else 0], children[2 if override else 1]
        return A.Decl(kind.value, _unquote(name), children[-2], override, _span(children),
                      _tpos(name))

    def extension(self, children):   # EXTEND KIND STRING? "{" _NL? members "}"
        kind, name = children[1], children[2]
        named = isinstance(name, Token) and name.type == "STRING"
        return A.Extension(kind.value, children[-2], _unquote(name) if named else None,
                           _span(children), _tpos(kind), _tpos(name) if named else A.NOPOS)

    def members(self, children):
        return _nodes(children)

    def property(self, children):
        return A.Property(children[0].value, children[2], _span(children))

    def expr_property(self, children):   # READY ":" expr, PROGRESS ":" expr ("," expr)*
        exprs = children[2::2]
        return A.Property(children[0].value, tuple(A.ExprItem(e, e.pos) for e in exprs),
                          _span(children))

    def flag(self, children):
        return A.Flag(tuple(str(w) for w in children), _span(children))

    def var_decl(self, children):
        return A.VarDecl(str(children[1]), children[3], _span(children))

    def hook(self, children):
        *words, body = children
        return A.Hook(" ".join(map(str, words)), body.stmts, _span(children))

    def section(self, children):   # NAME+ INT? "{" _NL? members "}"
        words = tuple(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        number = next((_int(c) for c in children if isinstance(c, Token) and c.type == "INT"),
                      None)
        return A.Section(words, number, children[-2], _span(children))

    def items(self, children):   # item ("," item)*
        return tuple(children[::2])

    def word(self, children):   # NAME+ signed?
        last = children[-1]
        if isinstance(last, _Signed):
            return A.Word(tuple([str(c) for c in children[:-1]]), last.value,
                          _span(children))
        return A.Word(tuple([str(c) for c in children]), None, _span(children))

    def number(self, children):
        return A.Num(children[0].value, children[0].pos)

    def range(self, children):
        return A.Range(_int(children[0]), _int(children[2]), _span(children))

    def text(self, children):
        return A.Text(_unquote(children[0]), _tpos(children[0]))

    def positive(self, children):
        return _Signed(_int(children[0]), _tpos(children[0]))

    def negative(self, children):
        return _Signed(-_int(children[1]), _span(children))

    # statements
    def block(self, children):   # "{" _NL? stmts "}"
        return _Block(children[-2], children[0], children[-1])

    def stmts(self, children):
        return _nodes(children)

    def let(self, children):
        return A.Let(str(children[1]), children[3], _span(children))

    def assign(self, children):
        return A.Assign(str(children[0]), children[2], _span(children))

    def aug_assign(self, children):
        name, op, value = children
        pos = _span(children)
        left = A.Name(str(name), _tpos(name))
        return A.Assign(str(name), A.BinOp(str(op)[0], left, value, pos), pos)

    def if_(self, children):
        _, cond, body, *rest = children
        branches = [(cond, body.stmts)]
        orelse = None
        for part in rest:
            if part[0] == "elif":
                branches.append((part[1], part[2].stmts))
            else:
                orelse = part[1].stmts
        return A.If(tuple(branches), orelse, _span(children))

    def elif_(self, children):
        return ("elif", children[1], children[2])

    def else_(self, children):
        return ("else", children[1])

    def repeat(self, children):
        return A.Repeat(children[1], children[2].stmts, _span(children))

    def for_(self, children):
        return A.For(str(children[1]), children[3], children[4].stmts, _span(children))

    def cancel(self, children):
        return A.Cancel(_span(children))

    def stop(self, children):
        return A.Stop(_span(children))

    def expr_stmt(self, children):
        return A.ExprStmt(children[0], children[0].pos)

    # expressions
    def or_(self, children):
        return A.BinOp("or", children[0], children[2], _span(children))

    def and_(self, children):
        return A.BinOp("and", children[0], children[2], _span(children))

    def not_(self, children):
        return A.UnaryOp("not", children[1], _span(children))

    def compare(self, children):
        return A.BinOp(str(children[1]), children[0], children[2], _span(children))

    def in_(self, children):
        return A.BinOp("in", children[0], children[2], _span(children))

    def not_in(self, children):
        return A.BinOp("notin", children[0], children[3], _span(children))

    def binop(self, children):
        return A.BinOp(str(children[1]), children[0], children[2], _span(children))

    def neg(self, children):
        return A.UnaryOp("-", children[1], _span(children))

    def call(self, children):   # NAME "(" args? ")"
        name = children[0]
        return A.Call(name.value, children[2] if len(children) == 4 else (), _span(children),
                      _tpos(name))

    def args(self, children):   # expr ("," expr)* ","?
        return tuple(children[::2])

    def index(self, children):
        return A.Index(children[0], children[2], _span(children))

    def field(self, children):
        obj, _, name = children
        return A.Field(obj, str(name), _span(children), _tpos(name))

    def atom(self, children):   # ( expr ): parentheses only group
        return children[1]

    def int_(self, children):
        return A.Int(_int(children[0]), _tpos(children[0]))

    def str_(self, children):
        return A.Str(_unquote(children[0]), _tpos(children[0]))

    def true(self, children):
        return A.Bool(True, _tpos(children[0]))

    def false(self, children):
        return A.Bool(False, _tpos(children[0]))

    def name(self, children):
        return A.Name(children[0].value, _tpos(children[0]))

    def list_(self, children):
        items = next((c for c in children if isinstance(c, tuple)), ())
        return A.ListExpr(items, _span(children))


# The grammar names the elif rule `elif`; Python cannot, so map it by hand.
setattr(ToAst, "elif", ToAst.elif_)

# ----------------------------------------------------------------- error words

_TOKEN_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a string", "_NL": "a line end",
    "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['",
    "RSQB": "']'", "COMMA": "','", "COLON": "':'", "EQUAL": "'='", "DOT": "'.'",
    "CMP_OP": "a comparison", "KIND": "a declaration kind (equipment, status, enemy, hero, "
    "dungeon)", "$END": "the end of the file", "MINUS": "'-'", "PLUS": "'+'",
}


def _describe(tok: Token) -> str:
    if tok.type == "_NL":
        return "line end"
    if tok.type == "$END":
        return "end of file"
    text = str(tok)
    return f"'{text[:30]}'" + ("…" if len(text) > 30 else "")


def _expected(expected: set[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(e, f"'{e.lower()}'" if e.isalpha() else e)
                    for e in expected if not e.startswith("__")})
    if not words:
        return ""
    if len(words) > 6:
        words = words[:6] + ["…"]
    return "; expected " + ", ".join(words)


def _syntax_message(err: UnexpectedInput, text: str) -> str:
    if isinstance(err, UnexpectedCharacters):
        ch = err.char
        if ch == '"':
            return "unterminated string (strings end on the same line)"
        hint = " (names are written with a-z, A-Z, 0-9 and _)" if ch.isalnum() else ""
        return f"unexpected character {ch!r}{hint}"
    if isinstance(err, UnexpectedEOF):
        return "unexpected end of file (a '}' or ')' may be missing)"
    assert isinstance(err, UnexpectedToken)
    tok, exp = err.token, set(err.expected)
    if tok.type == "$END":
        return "unexpected end of file (a '}' may be missing)"
    if tok.type == "EQUAL" and "CMP_OP" in exp and "EQUAL" not in exp:
        return "unexpected '=' (use '==' to compare)"
    if tok.type in ("ELIF", "ELSE"):
        return f"'{tok}' without an 'if' before it"
    if tok.type == "LBRACE" and "COLON" in exp:
        return "unexpected '{' (is this a hook? hooks start with 'on', 'before' or 'when')"
    if isinstance(err, _Refused):
        return _refused_message(err, text)
    return f"unexpected {_describe(tok)}{_expected(exp)}"


#: The keywords a block follows (after what they take), and what the block comes after.
_BLOCK_AFTER = {"IF": "the condition", "ELIF": "the condition", "REPEAT": "the count",
                "FOR": "the list", "ELSE": "'else'"}
#: What a line end would separate where one may come: a word only the one kind may start
#: with, and the kind.
_SEPARATED = (("LET", "statements"), ("VAR", "members"))
#: Each bracket's closer, and the closers that may stand where it is awaited by mistake.
_UNCLOSED = (("RPAR", "(", ("RBRACE", "RSQB")), ("RSQB", "[", ("RBRACE", "RPAR")))
#: A declaration's head before its name.
_HEAD = ("OVERRIDE", "EXTEND", "KIND")


def _refused_message(err: _Refused, text: str) -> str:
    """The message for a token the parser refuses, from what could have come instead (the
    terminals it would really take there, not every lookahead of its state) and what it
    had read: a missing ';' between two statements, a missing '{' after an 'if', an
    'else if', a bracket left open, a declaration's name without quotes."""
    tok, can = err.token, err.can_come()
    shown = _describe(tok)
    line_end = err.takes("_NL")
    if line_end is not None and err.takes(tok.type, line_end) is not None:
        for word, what in _SEPARATED:
            if err.takes(word, line_end) is not None:
                return (f"unexpected {shown}: two {what} on one line need ';' between them "
                        "(or a new line)")
    if tok.type == "LBRACE" and (hook := _hook_in_words(err.values)):
        return (f"unexpected '{{': a ';' is missing before '{hook}' (two members on one "
                "line need ';' between them, or a new line)")
    keyword = _header_keyword(err.values) if "LBRACE" in can else None
    if keyword == "ELSE" and tok.type == "IF":
        return "unexpected 'if' after 'else': write 'elif' (as in 'elif d > 3 { … }')"
    if keyword is not None:
        return f"unexpected {shown}: expected '{{' after {_BLOCK_AFTER[keyword]}"
    for closer, opener, instead in _UNCLOSED:
        if closer in can and tok.type in instead:
            return f"unexpected {shown}: a '{opener}' before it is not closed"
    head = [v for v in err.values[-2:] if isinstance(v, Token) and v.type in _HEAD]
    if "STRING" in can and head and head[-1].type == "KIND" and tok.type != "LBRACE":
        written = " ".join(str(v) for v in head)
        return f'the name goes in quotes: {written} "{_unquoted_name(text, tok)}"'
    return f"unexpected {shown}{_expected(can or set(err.expected))}"


#: The words a hook starts with.
_HOOK_WORDS = ("on", "before", "when")


def _hook_in_words(values: list) -> str | None:
    """The hook's head (``on use``) in the words of a property's value the parser is
    reading (``slots: any on use``, where a ';' is missing before the hook), or None."""
    words = values[-1] if values and isinstance(values[-1], list) else values[-1:]
    words = [str(w) for w in words if isinstance(w, Token) and w.type == "NAME"]
    starts = [i for i, word in enumerate(words) if word in _HOOK_WORDS]
    return " ".join(words[starts[0]:]) if starts and starts[0] else None


def _header_keyword(values: list) -> str | None:
    """The keyword of the block statement whose head the parser is reading (``if``,
    ``repeat`` …: the last one on the value stack, inside the current block), or None."""
    for value in reversed(values):
        if isinstance(value, Token):
            if value.type in _BLOCK_AFTER:
                return value.type
            if value.type == "LBRACE":
                return None
    return None


def _unquoted_name(text: str, tok: Token) -> str:
    """The words of a declaration's name written without quotes, from ``tok`` to the ``{``
    on its line (just ``tok`` when something else stands there)."""
    end = text.find("\n", tok.start_pos)
    written = text[tok.start_pos:end if end >= 0 else len(text)].split("{")[0].strip()
    return written if _WORDS.fullmatch(written) else str(tok)


#: Words and spaces (a name written without its quotes).
_WORDS = re.compile(r"[A-Za-z0-9_]+([ \t]+[A-Za-z0-9_]+)*")


# A comparison chained onto another (`1 < d < 5`) is refused by the grammar, as the language
# means it to be; the parser, refusing the second operator, holds the first comparison
# whole on top of its value stack (the operands as nodes, the operator as a token): LALR
# reduces the middle operand as far as it can before it finds no step for the operator.

#: The nodes an operand may be.
_EXPRESSIONS = get_args(A.Expr)
#: The terminals of the comparison operators (`not in` is NOT then IN).
_COMPARES = frozenset({"CMP_OP", "IN"})
#: The rest of a `not in` after its `not`.
_IN_AFTER_NOT = re.compile(r"[ \t]+in\b")
#: What the advice says when it cannot quote the source.
_CHAIN_ADVICE = "a < b and b < c"
#: Longest advice quoted from the source (a longer one is the generic one).
MAX_ADVICE = 80


def _chained_comparison(text: str, err: UnexpectedInput) -> str | None:
    """The message for a comparison operator refused right after a complete comparison, with
    the ``and`` to write instead; None for any other error."""
    if not isinstance(err, _Refused):
        return None
    second, values = err.token, err.values
    op = _operator(text, second)
    if op is None or len(values) < 3:
        return None
    left, first, middle = values[-3:]
    if isinstance(left, Token) and left.type == "NOT" and len(values) > 3:   # `not in`
        left = values[-4]
    if not (isinstance(first, Token) and first.type in _COMPARES and
            isinstance(left, _EXPRESSIONS) and isinstance(middle, _EXPRESSIONS)):
        return None
    advice = _chain_advice(text, left.pos, first, second, op)
    return f"comparisons do not chain: write '{advice}'"


def _operator(text: str, tok: Token) -> tuple[str, int] | None:
    """The comparison operator starting at ``tok`` and the offset of its end, or None."""
    if tok.type in _COMPARES:
        return str(tok), tok.end_pos
    if tok.type == "NOT" and (m := _IN_AFTER_NOT.match(text, tok.end_pos)):
        return "not in", m.end()
    return None


def _chain_advice(text: str, left: A.Pos, first: Token, second: Token,
                  op: tuple[str, int]) -> str:
    """``a < b and b < c`` written with the operands of ``a < b < c`` as they stand in
    ``text`` (``left`` is where ``a`` stands, ``first`` and ``second`` are the operators);
    the generic advice unless that is one line of one valid expression."""
    if not left.line == first.line == second.line:   # (and no comment in between)
        return _CHAIN_ADVICE
    start = _opening(text, first.start_pos - first.column + left.column, first.start_pos)
    written = text[start:second.start_pos].strip()
    shared = text[first.end_pos:second.start_pos].strip()
    advice = f"{written} and {shared} {op[0]} {_operand_after(text, op[1])}"
    if "\n" in advice or len(advice) > MAX_ADVICE or not _is_expression(advice):
        return _CHAIN_ADVICE
    return advice


def _opening(text: str, start: int, end: int) -> int:
    """``start`` moved back over each ``(`` whose ``)`` is in ``text[start:end]`` (a node's
    span leaves out the parentheses around it)."""
    while text.count(")", start, end) > text.count("(", start, end):
        before = start - 1
        while before >= 0 and text[before] in " \t":
            before -= 1
        if before < 0 or text[before] != "(":
            break
        start = before
    return start


#: A piece of an expression's text: a string, a word or number, an operator, a character.
_PIECE = re.compile(r'[ \t]*("(?:[^"\\\n]|\\[^\n])*"|\w+|[<>!=+*/%-]=?|.)')
#: Pieces that end an operand wherever they are (a block, a comment, a statement's end) …
_ENDS = frozenset({"{", "}", "#", ";"})
#: … and outside brackets (an argument's end, a looser operator, an assignment).
_ENDS_OUTSIDE = frozenset({",", "and", "or", "not", "in", "=", "==", "!=", "<", "<=", ">",
                           ">=", "+=", "-=", "*="})


def _operand_after(text: str, start: int) -> str:
    """The text of the operand of a comparison from offset ``start`` of ``text``, read to
    the first piece that ends it on the same line (it may not be an expression)."""
    depth, end = 0, start
    while (m := _PIECE.match(text, end)) is not None:
        piece = m.group(1)
        if piece in _ENDS or (not depth and piece in _ENDS_OUTSIDE):
            break
        if piece in ("(", "["):
            depth += 1
        elif piece in (")", "]"):
            if not depth:   # the bracket the comparison stands in
                break
            depth -= 1
        end = m.end()
    return text[start:end].strip()


def _is_expression(source: str) -> bool:
    """Whether ``source`` parses as one expression."""
    try:
        parse_expr(source)
    except DiceSyntaxError:
        return False
    return True


def _error_at(err: UnexpectedInput, path: str, text: str, start: str = "start",
              first_line: int = 0) -> Diagnostic:
    """The diagnostic for a syntax error in ``text`` (at its place in the text; a message
    that names another line counts ``first_line`` lines before the text: where it stands
    in its file)."""
    line, col = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
    end = 0
    tok = getattr(err, "token", None)
    if isinstance(tok, Token) and tok.type not in ("$END", "_NL") and tok.end_line == tok.line:
        end = tok.end_column
    at_end = isinstance(err, UnexpectedEOF) or (isinstance(tok, Token) and tok.type == "$END")
    unclosed = _unclosed_brace(text, None if at_end else (line, col), start)
    if unclosed is not None:
        brace, before = unclosed
        return Diagnostic(path, max(line, 1), max(col, 1),
                          _unclosed_message(err, text, brace, before, first_line),
                          end_column=end,
                          note=Diagnostic(path, brace.line, brace.column,
                                          "the '{' that is not closed", "note",
                                          brace.column + 1))
    message = (_chained_comparison(text, err) or _field_assignment(text, err) or
               _syntax_message(err, text))
    return Diagnostic(path, max(line, 1), max(col, 1), message, end_column=end)


#: What a search for braces reads: a string, a comment, a brace, a line end.
_BRACE_PIECES = re.compile(r'"(?:[^"\\\n]|\\[^\n])*"?|#[^\n]*|[{}\n]')


@dataclasses.dataclass(frozen=True)
class _Brace:
    """A ``{`` in a text: its offset, line and column (1-based), its line's indent, and
    whether it is outermost (a declaration's own)."""
    offset: int
    line: int
    column: int
    indent: int
    outermost: bool


def _indent(text: str, line_start: int) -> int:
    """The width of the blanks the line starting at offset ``line_start`` starts with."""
    end = line_start
    while end < len(text) and text[end] in " \t":
        end += 1
    return end - line_start


def _unclosed_brace(text: str, at: tuple[int, int] | None, start: str
                    ) -> tuple[_Brace, int] | None:
    """The ``{`` a ``}`` is missing for, when a syntax error at ``at`` (line, column; None
    for the end of the text) comes from one, with the offset where a ``}`` on a line of
    its own lets the parse get past the error; None when it does not look so.

    Which ``{`` is read from the indentation, as a reader finds it: a ``}`` that starts a
    line less indented than the line of the ``{`` it closes belongs to an outer block (so
    that ``{`` lacks its own), and a line the error is on, indented no more than the line
    of the innermost open ``{``, is past that block's end. The guess is kept only when
    the ``}`` added there lets the parser read on past the error (it runs only for a text
    that did not parse)."""
    lines = source_lines(text)
    stop = len(text) if at is None else \
        sum(len(row) + 1 for row in lines[:at[0] - 1]) + at[1] - 1
    open_: list[_Brace] = []
    line, line_start = 1, 0
    for piece in _BRACE_PIECES.finditer(text, 0, stop):
        char = piece.group()
        if char == "\n":
            line, line_start = line + 1, piece.end()
        elif char == "{":
            open_.append(_Brace(piece.start(), line, piece.start() - line_start + 1,
                                _indent(text, line_start), not open_))
        elif char == "}" and open_:
            brace = open_.pop()
            if brace.line < line and not text[line_start:piece.start()].strip() and \
                    piece.start() - line_start < brace.indent:
                return _confirmed(text, brace, line_start, start, at)
    if not open_:
        return None
    if at is None:
        return _confirmed(text, open_[-1], len(text), start, at)
    brace, error_line = open_[-1], sum(len(row) + 1 for row in lines[:at[0] - 1])
    if brace.line < at[0] and _indent(text, error_line) <= brace.indent:
        return _confirmed(text, brace, error_line, start, at)
    return None


def _confirmed(text: str, brace: _Brace, before: int, start: str,
               at: tuple[int, int] | None) -> tuple[_Brace, int] | None:
    """``(brace, before)`` when a ``}`` on a line of its own at offset ``before`` lets
    the parse of ``text`` get past the error at ``at`` (None: the end), else None."""
    fixed = text[:before] + "}\n" + text[before:]
    try:
        _machine(start).parse(fixed)
    except UnexpectedInput as err:
        line, col = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
        tok = getattr(err, "token", None)
        if at is None or isinstance(err, UnexpectedEOF) or \
                (isinstance(tok, Token) and tok.type == "$END") or (line - 1, col) <= at:
            return None
    except (_BadToken, LarkError, RecursionError):
        pass   # (a token refused as such: the braces matched)
    return brace, before


def _unclosed_message(err: UnexpectedInput, text: str, brace: _Brace, before: int,
                      first_line: int) -> str:
    """The message for a syntax error that a ``}`` missing for ``brace`` makes, where it
    opened and what for (the words before it on its line: ``on use``, ``if d > 3``)."""
    tok = getattr(err, "token", None)
    at_end = not isinstance(tok, Token) or tok.type == "$END"
    if at_end and brace.outermost:   # the declaration's own: its head says which
        return _syntax_message(err, text)
    head = re.split(r"[{};]", text[brace.offset - brace.column + 1:brace.offset])[-1].strip()
    what = f"the '{{' of '{head}'" if head and len(head) <= 40 else "a '{'"
    line = text.count("\n", 0, before) + 1 + first_line
    where = "at the end" if before >= len(text) else f"before line {line}"
    shown = "end of file" if at_end else _describe(tok)
    return (f"unexpected {shown}: {what} at {brace.line + first_line}:{brace.column} is not "
            f"closed (a '}}' is missing {where})")


#: A field written just before an ``=`` (``used.charge =``, ``target.hp +=``).
_FIELD_BEFORE = re.compile(r"([A-Za-z_]\w*)[ \t]*\.[ \t]*([A-Za-z_]\w*)[ \t]*[-+*]?$")


def _field_assignment(text: str, err: UnexpectedInput) -> str | None:
    """The message for an ``=`` (or ``+=`` …) after a field: a script cannot set one. None
    for any other error."""
    tok = getattr(err, "token", None)
    if not isinstance(tok, Token) or tok.type not in ("EQUAL", "AUG_OP"):
        return None
    before = text[:tok.start_pos]
    line = before[before.rfind("\n") + 1:]
    found = _FIELD_BEFORE.search(line)
    if found is None:
        return None
    obj, name = found.groups()
    if obj == "card":
        return f"cannot assign to 'card.{name}': set the card's variable by its name ('{name} = …')"
    return (f"cannot assign to '{obj}.{name}': a script sets only its locals, its own card's "
            "variables and 'amount'; fighters change through built-ins (heal, inflict …)")


# --------------------------------------------------------------------- parsing

#: The AST nodes directly inside a node, by its type, in order (what nesting depth counts).
_INSIDE: dict[type, Callable[[Any], tuple]] = {
    A.BinOp: lambda n: (n.left, n.right),
    A.Decl: lambda n: n.members,
    A.Extension: lambda n: n.members,
    A.Section: lambda n: n.members,
    A.Hook: lambda n: n.body,
    A.If: lambda n: tuple([c for cond, body in n.branches for c in (cond, *body)])
    + (n.orelse or ()),
    A.Repeat: lambda n: (n.count, *n.body),
    A.For: lambda n: (n.iterable, *n.body),
    A.UnaryOp: lambda n: (n.operand,),
    A.Call: lambda n: n.args,
    A.ListExpr: lambda n: n.items,
    A.Index: lambda n: (n.obj, n.index),
    A.Field: lambda n: (n.obj,),
    A.Let: lambda n: (n.value,),
    A.Assign: lambda n: (n.value,),
    A.VarDecl: lambda n: (n.value,),
    A.ExprStmt: lambda n: (n.expr,),
}


def _check_depth(decls: tuple, path: str) -> None:
    """Reject ASTs nested deeper than MAX_DEPTH (iteratively: no recursion here), so the
    checker, the compiler and the printer, which recurse, never meet a RecursionError.

    Level by level first, which is cheap; only a tree too deep is walked node by node, to
    report the node the walk meets first."""
    level, depth, inside = decls, 1, _INSIDE.get
    while level:
        if depth > MAX_DEPTH:
            _report_too_deep(decls, path)
        level = [c for node in level if (nodes := inside(type(node))) for c in nodes(node)]
        depth += 1


#: The nodes of an operator: a long run of them is a long expression, though nothing is
#: written nested (``1 + 1 + … + 1``: each ``+`` holds the sum before it).
_OPERATORS = (A.BinOp, A.UnaryOp)


def _report_too_deep(decls: tuple, path: str) -> None:
    """The error for the first node the walk meets past the limit, saying what the levels
    count; when most of them are one run of operators, at the run's outermost one (where
    the expression starts), saying how to shorten it."""
    # (node, its depth, the run of operators it is in: how many, and the outermost)
    stack: list[tuple[Any, int, int, Any]] = [(d, 1, 0, None) for d in decls]
    while stack:
        node, depth, run, outermost = stack.pop()
        if depth > MAX_DEPTH:
            if run > MAX_DEPTH // 2:
                node, message = outermost, (
                    f"nested too deeply: more than {MAX_DEPTH} levels, {run} of them "
                    "operators in a row (each operator is a level: 'a + b + c' is two); "
                    "split the expression with 'let'")
            else:
                message = (f"nested too deeply (more than {MAX_DEPTH} levels of blocks, "
                           "brackets or operators)")
            raise DiceSyntaxError([Diagnostic(path, max(node.pos.line, 1),
                                              max(node.pos.column, 1), message)])
        nodes = _INSIDE.get(type(node))
        if isinstance(node, _OPERATORS):
            run, outermost = run + 1, outermost if run else node
        else:
            run, outermost = 0, None
        stack.extend((c, depth + 1, run, outermost) for c in (nodes(node) if nodes else ()))


class _Refused(UnexpectedToken):
    """Lark's error for a token the parser's state does not take (the machine fails as
    Lark's parser does), with the parser's state and value stacks as they were then: what
    :func:`_chained_comparison` and :func:`_refused_message` read."""

    def __init__(self, token: Token, expected: set[str], state: int, values: list,
                 stack: list[int], machine: "_Machine") -> None:
        super().__init__(token, expected, state=state)
        self.values, self.stack, self.machine = values, list(stack), machine

    def takes(self, kind: str, stack: list[int] | None = None) -> list[int] | None:
        """The state stack once the terminal ``kind`` is read from ``stack`` (by default
        the stack of the error), or None if the parser refuses it there."""
        return self.machine.after(self.stack if stack is None else stack, kind)

    def can_come(self) -> set[str]:
        """The terminals the parser could read in place of the token refused: the state's
        own lookaheads (Lark's 'expected') hold those of every context that shares the
        state, and some of them only lead to a refusal a reduction later."""
        return {kind for kind in self.machine.states[self.stack[-1]]
                if kind.isupper() and self.takes(kind) is not None}


class _Machine:
    """Lark's LALR tables for the grammar, run by a loop of our own.

    Lark builds the tables; the loop takes the steps Lark's own parser takes
    (``lark.parsers.lalr_parser_state``) and calls ``ToAst`` as Lark's tree builder would,
    with less work per step: actions are plain numbers where Lark hashes ``Rule`` objects,
    the runs of ``*`` and ``+`` are plain lists, not trees, and a chain of rules that only
    hand their one child up (``?expr: or_expr``, ``?or_expr: and_expr`` …) is one step.
    """

    def __init__(self, lark: Lark, start: str) -> None:
        conf = lark.parse_interactive("", start).parser_state.parse_conf
        self.states, self.start, self.accept = conf.states, conf.start_state, conf.end_state
        numbers: dict = {}
        self.actions = {state: {str(kind): self._action(action, arg, numbers)
                                for kind, (action, arg) in row.items()}
                        for state, row in conf.states.items()}
        self.rules = [None] * len(numbers)
        ast = ToAst()
        for rule, number in numbers.items():   # (size, left side, builder, is the start)
            self.rules[number] = (len(rule.expansion), str(rule.origin.name),
                                  _builder(rule, ast), rule.origin.name == start)
        self.lexer = DiceLexer(lark.lexer_conf)
        self.chains: dict[tuple[int, int, str], int] = {}   # see _chain

    @staticmethod
    def _action(action: Any, arg: Any, numbers: dict) -> int:
        """A shift as the state it goes to (>= 0), a reduction as ~(its rule's number)."""
        if action is Shift:
            return arg
        return ~numbers.setdefault(arg, len(numbers))

    def parse(self, text: str) -> Any:
        """What the start rule's callback builds from ``text``; Lark's errors if it fails."""
        stack: list[int] = [self.start]
        values: list = []
        try:
            return self._run(text, stack, values)
        except UnexpectedToken as err:   # the lexer's: a token no terminal here could be
            if isinstance(err, _Refused):
                raise
            raise _Refused(err.token, err.expected, stack[-1], values, stack, self) from None

    def _run(self, text: str, stack: list[int], values: list) -> Any:
        """:meth:`parse` on the stacks it gives (which an error then reads)."""
        actions, rules, chains = self.actions, self.rules, self.chains
        push_state, push_value = stack.append, values.append
        for token in self.lexer.read(text, stack, self.states, end=True):
            kind = token.type
            while True:
                step = actions[stack[-1]].get(kind)
                if step is None:
                    raise _Refused(token, {k for k in self.states[stack[-1]] if k.isupper()},
                                   stack[-1], values, stack, self)
                if step >= 0:
                    push_state(step)
                    push_value(token)
                    break
                size, origin, build, is_start = rules[~step]
                if build is None:   # rules handing one child up, in a chain: to its end
                    key = (stack[-2], stack[-1], kind)
                    stack[-1] = chains.get(key) or self._chain(*key)
                    continue
                if size == 1 and not is_start:   # the most common: replace the top in place
                    values[-1] = build(values[-1:])
                    stack[-1] = actions[stack[-2]][origin]
                    continue
                if size:
                    children = values[-size:]
                    del stack[-size:], values[-size:]
                else:   # (values[-0:] would be all of them)
                    children = []
                push_value(build(children))
                push_state(actions[stack[-1]][origin])
                if is_start and stack[-1] == self.accept:   # reduced at the end
                    return values[-1]
        raise AssertionError("the end token is always accepted or refused")  # pragma: no cover

    def after(self, stack: list[int], kind: str) -> list[int] | None:
        """A copy of the state stack ``stack`` once it has read the terminal ``kind``
        (every reduction, then the shift), or None if the parser refuses it there: what
        could come after an error (it builds nothing, and runs only for messages)."""
        actions, stack = self.actions, list(stack)
        while (step := actions[stack[-1]].get(kind)) is not None:
            if step >= 0:
                stack.append(step)
                return stack
            size, origin, _, is_start = self.rules[~step]
            if size:
                del stack[-size:]
            stack.append(actions[stack[-1]][origin])
            if is_start and stack[-1] == self.accept:
                return stack
        return None

    def _chain(self, below: int, top: int, kind: str) -> int:
        """The state reached from ``top`` (over ``below``) on ``kind`` by reducing every rule
        that hands its one child up, one after another: ``1`` in ``f(1)`` is an atom, then
        a postfix, a unary, a product … an expr, one state each, the value untouched."""
        start = top
        while (step := self.actions[top].get(kind)) is not None and step < 0 and \
                self.rules[~step][2] is None:
            top = self.actions[below][self.rules[~step][1]]
        self.chains[(below, start, kind)] = top
        return top


def _builder(rule: Any, ast: ToAst) -> Callable[[list], Any] | None:
    """What a reduction by ``rule`` makes of its children's values, as Lark's tree builder
    makes it for this grammar (every token kept, no placeholders), or None when the rule
    hands its one child up unchanged (an inlined ``?`` rule of one symbol)."""
    expansion = rule.expansion
    if rule.options.template_source or rule.options.empty_indices or \
            any(s.is_term and s.filter_out for s in expansion):
        raise GrammarError(f"the parser does not run rule {rule} (templates, placeholders "
                           "and filtered tokens are not supported)")
    spliced = frozenset(i for i, s in enumerate(expansion)
                        if not s.is_term and s.name.startswith("_"))
    spread = _spreader(spliced)
    if rule.origin.name.startswith("_"):   # Lark's helper rule for a `*` or `+`
        return spread
    inline = rule.options.expand1 and not rule.alias
    if inline and len(expansion) == 1 and not spliced:
        return None
    method = getattr(ast, rule.alias or rule.origin.name)
    if not spliced:
        return method
    if not inline:
        return lambda children: method(spread(children))

    def inline_spread(children: list) -> Any:
        flat = spread(children)
        return flat[0] if len(flat) == 1 else method(flat)
    return inline_spread


def _spreader(spliced: frozenset[int]) -> Callable[[list], list]:
    """Children with the values of helper rules (at ``spliced``) spread in their place. A
    helper's value is a list used once, so the first one is extended in place: a long
    left-recursive run (``members``, ``items``) grows in linear time."""
    if not spliced:
        return _as_is
    if spliced == {0}:
        return _onto_first
    return partial(_spread, spliced)


def _as_is(children: list) -> list:
    return children


def _onto_first(children: list) -> list:
    run = children[0]
    run += children[1:]
    return run


def _spread(spliced: frozenset[int], children: list) -> list:
    out = children[0] if 0 in spliced else [children[0]]
    for i in range(1, len(children)):
        if i in spliced:
            out.extend(children[i])
        else:
            out.append(children[i])
    return out


@lru_cache(maxsize=None)
def _machine(start: str) -> _Machine:
    return _Machine(_lark(start), start)


def _parse_tree(text: str, path: str, start: str = "start", first_line: int = 0):
    """The declarations of ``text`` (a file, or a part of one after ``first_line`` lines),
    or a DiceSyntaxError at its first syntax error."""
    try:
        decls = _machine(start).parse(text)
    except UnexpectedInput as err:
        raise DiceSyntaxError([_error_at(err, path, text, start, first_line)], text) \
            from None
    except _BadToken as err:
        raise DiceSyntaxError([Diagnostic.at(path, _tpos(err.tok), err.message)], text) \
            from None
    except RecursionError:  # pragma: no cover - the LALR parser does not recurse
        raise DiceSyntaxError([Diagnostic(path, 1, 1, "nested too deeply")], text) from None
    except LarkError as err:  # pragma: no cover - lark's own internal failures
        raise DiceSyntaxError([Diagnostic(path, 1, 1, f"could not parse: {err}")], text) from None
    _check_depth(decls, path)
    return decls


_DECL_START = re.compile(r"^((override|extend)[ \t]+)?(equipment|status|enemy|hero|dungeon)\b",
                         re.M)
#: The head of a declaration that names what it declares (``override`` or not).
_DECL_HEAD = re.compile(r'(?:override[ \t]+)?(equipment|status|enemy|hero|dungeon)[ \t]+'
                        r'"([^"\n]*)"')


#: In :attr:`Module.unparsed <dicey.lang.ast.Module.unparsed>`, a part of a file that did
#: not parse and whose head does not say what it declares (it may declare anything).
UNKNOWN_HEAD = ("", "")


def _parse_by_declaration(text: str, path: str
                          ) -> tuple[list[A.TopLevel], list[Diagnostic], list[tuple[str, str]]]:
    """Parse each top-level declaration alone: every broken one is reported, good ones kept,
    and the kind and name of each broken one given (those its head names; else
    :data:`UNKNOWN_HEAD`, but for an extension, which declares nothing).

    Each declaration starts a line, so only lines move: a chunk is parsed as it is and its
    positions are shifted by the lines before it (the work stays linear in the file)."""
    starts = [m.start() for m in _DECL_START.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    decls: list[A.TopLevel] = []
    problems: list[Diagnostic] = []
    unparsed: list[tuple[str, str]] = []
    line, counted = 0, 0
    for begin, end in zip(starts, starts[1:] + [len(text)]):
        line += text.count("\n", counted, begin)
        counted = begin
        chunk = text[begin:end]
        if not chunk.strip():
            continue
        try:
            decls.extend(_shift_lines(_parse_tree(chunk, path, first_line=line), line))
        except DiceSyntaxError as err:
            head = _DECL_HEAD.match(chunk)
            if head:
                unparsed.append((head.group(1), head.group(2)))
            elif not chunk.startswith("extend"):   # (an extension declares nothing)
                unparsed.append(UNKNOWN_HEAD)
            problems.extend(_in_file(d, line, head, end < len(text)) for d in err.diagnostics)
    return decls, problems, unparsed


def _in_file(problem: Diagnostic, line: int, head: re.Match | None, more: bool
             ) -> Diagnostic:
    """A problem of a declaration parsed alone, as the file has it: at its line there, and
    an end of the declaration's text said as such when more of the file follows (the end
    of file it met was the next declaration's start)."""
    message = problem.message
    if more and message.startswith("unexpected end of file"):
        what = f"{head.group(1)} '{head.group(2)}'" if head else "this declaration"
        message = f"the next declaration starts inside {what}{message[22:]}" \
            if message.startswith("unexpected end of file:") else \
            f"{what} is not closed before the next declaration: a '}}' may be missing"
    return _moved(dataclasses.replace(problem, message=message), line)


def _moved(problem: Diagnostic, lines: int, last: int | None = None) -> Diagnostic:
    """``problem`` (and its note) ``lines`` lines down (up when negative), at most to line
    ``last``; one about the whole file (line 0) stays so."""
    def line(at: int) -> int:
        moved = at + lines if at else 0
        return moved if last is None else min(moved, last)
    note = problem.note and dataclasses.replace(problem.note, line=line(problem.note.line))
    return dataclasses.replace(problem, line=line(problem.line), note=note)


def decode_source(data: bytes, path: str) -> str:
    """Bytes of a .dice file as text, or a DiceSyntaxError saying why not."""
    if len(data) > MAX_SOURCE_BYTES:
        raise DiceSyntaxError([Diagnostic(
            path, 0, 0, f"file too large ({len(data):,} bytes; the limit is "
            f"{MAX_SOURCE_BYTES:,})")])
    if b"\x00" in data:
        why = "not UTF-8 but UTF-16 text (save it as UTF-8)" if _utf16(data) else \
            "not a text file (it contains NUL bytes)"
        raise DiceSyntaxError([Diagnostic(path, 0, 0, why)])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise not_utf8(err, path) from None
    return line_ends(text)


def _utf16(data: bytes) -> bool:
    """Whether ``data`` reads as UTF-16 text (as some editors save files): with a byte
    order mark, or with every other byte a NUL, as in text that is mostly ASCII.

    >>> _utf16("équipement".encode("utf-16")), _utf16(b"\\x00\\x01\\x02binary")
    (True, False)
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        encoding = "utf-16"
    elif len(data) % 2 == 0 and not any(data[0::2]):
        encoding = "utf-16-be"
    elif len(data) % 2 == 0 and not any(data[1::2]):
        encoding = "utf-16-le"
    else:
        return False
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return False
    return "\x00" not in text and all(c.isprintable() or c in "\r\n\t" for c in text)


def line_ends(text: str) -> str:
    """The text of a file saved with old Mac line ends (a lone ``\\r`` ends each line, and
    there is no ``\\n`` at all) with ``\\n`` ones, so that it has its lines rather than one
    where the first comment runs to the end of the file; any other text as it is (a
    ``\\r`` before a ``\\n`` is a space, as is a stray one). Each character stays where
    it was.

    >>> line_ends("# note\\requipment")
    '# note\\nequipment'
    >>> line_ends("a\\r\\nb\\rc")
    'a\\r\\nb\\rc'
    """
    return text.replace("\r", "\n") if "\r" in text and "\n" not in text else text


def not_utf8(err: UnicodeDecodeError, path: str) -> DiceSyntaxError:
    """The error for bytes that are not UTF-8, at the first bad ones: its column counts the
    characters before them (as the parser counts columns), and its source is the text with
    every bad byte escaped (``Caf\\xe9``), so the excerpt shows the line and the caret
    sits under the escapes."""
    data = err.object   # (without the BOM, which the decoder has dropped)
    before = data[:err.start].decode("utf-8")   # all good: the error is the first one
    line = before.count("\n") + 1
    col = len(before) - (before.rfind("\n") + 1) + 1
    shown = data.decode("utf-8", "backslashreplace")
    width = len(data[err.start:err.end].decode("utf-8", "backslashreplace"))
    return DiceSyntaxError([Diagnostic(path, line, col, "not valid UTF-8 text",
                                       end_column=col + width)], shown)


def parse(text: str, path: str = "<string>") -> A.Module:
    """Parse a whole file; raises DiceSyntaxError carrying every syntax problem found."""
    module, problems = parse_recovering(text, path)
    if problems:
        raise DiceSyntaxError(problems, text)
    return module


def parse_recovering(text: str, path: str = "<string>") -> tuple[A.Module, list[Diagnostic]]:
    """Parse what can be parsed: the good declarations and the problems of the rest."""
    if len(text) > MAX_SOURCE_BYTES:
        return A.Module((), path), [Diagnostic(
            path, 0, 0, f"file too large ({len(text):,} characters; the limit is "
            f"{MAX_SOURCE_BYTES:,})")]
    text = line_ends(text)
    try:
        return A.Module(_parse_tree(text, path), path), []
    except DiceSyntaxError as first:
        decls, problems, unparsed = _parse_by_declaration(text, path)
        return A.Module(tuple(decls), path, tuple(unparsed)), problems or first.diagnostics


def _unread(path: str) -> A.Module:
    """The module of a file that could not be read: it declares what cannot be told."""
    return A.Module((), path, (UNKNOWN_HEAD,))


def parse_file(path: str | Path, display: str | None = None) -> tuple[A.Module, str, list[Diagnostic]]:
    """Read and parse a file: (module, source text, problems). Never raises for bad content.

    The source text is what diagnostics quote: for a file that is not UTF-8, its text with
    the bad bytes escaped; for one that is not text at all, ""."""
    shown = display or str(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):   # a named pipe would block the read
            return _unread(shown), "", [Diagnostic(
                shown, 0, 0, "cannot read file: not a regular file (a folder, a device or "
                "a pipe)")]
        with open(path, "rb") as file:   # no more than the limit: a file may be huge
            data = file.read(MAX_SOURCE_BYTES + 1)
            if len(data) > MAX_SOURCE_BYTES:
                size = max(len(data), os.fstat(file.fileno()).st_size)
                return _unread(shown), "", [Diagnostic(
                    shown, 0, 0, f"file too large ({size:,} bytes; the limit is "
                    f"{MAX_SOURCE_BYTES:,})")]
    except OSError as err:
        why = err.strerror
        if os.path.islink(path) and not os.path.exists(path) and err.errno == errno.ENOENT:
            why = "a link to a file that is not there"
        return _unread(shown), "", [Diagnostic(shown, 0, 0, f"cannot read file: {why}")]
    try:
        text = decode_source(data, shown)
    except DiceSyntaxError as err:
        return _unread(shown), err.source or "", err.diagnostics
    module, problems = parse_recovering(text, shown)
    return module, text, problems


def parse_expr(text: str, path: str = "<expr>") -> A.Expr:
    """Parse one expression (for tests and the REPL-like tools)."""
    stmts = parse_stmts(text, path)
    if len(stmts) != 1 or not isinstance(stmts[0], A.ExprStmt):
        raise DiceSyntaxError([Diagnostic(path, 1, 1, "expected one expression")], text)
    return stmts[0].expr


def parse_stmts(text: str, path: str = "<script>") -> tuple[A.Stmt, ...]:
    """Parse a script body (the inside of a hook)."""
    try:
        module = parse('equipment "_" { on use {\n' + text + "\n} }", path)
    except DiceSyntaxError as err:   # report lines of the script, not of its wrapper
        last = text.count("\n") + 1
        shifted = [_moved(d, -1, last) if d.line > 1 else d for d in err.diagnostics]
        raise DiceSyntaxError(shifted, text) from None
    hook = module.decls[0].members[0]
    return _shift_lines(hook.body, -1)


def _shift_lines(node, delta: int):
    """The same nodes with every position moved by ``delta`` lines (for snippets)."""
    if not delta:
        return node
    if isinstance(node, tuple):
        return tuple(_shift_lines(n, delta) for n in node)
    if isinstance(node, A.Pos):
        if not node.line:
            return node
        return A.Pos(node.line + delta, node.column, node.end_line + delta, node.end_column)
    if dataclasses.is_dataclass(node):
        changes = {f.name: _shift_lines(getattr(node, f.name), delta)
                   for f in dataclasses.fields(node)}
        return type(node)(**changes)
    return node
