"""Parse ``.dice`` source into the AST of :mod:`dicey.lang.ast`.

One LALR parser is built from ``grammar.lark`` (once per process); a Lark ``Transformer``
turns its tree into frozen dataclasses. Every failure is a :class:`DiceSyntaxError` with
``file:line:col`` diagnostics: a file that does not parse is split at its top-level
declarations and each is parsed on its own, so all broken declarations are reported at
once and the good ones survive.

>>> m = parse('equipment "Sword" { size: 2; on use { attack(d) } }')
>>> m.decls[0].name, m.decls[0].members[1].event
('Sword', 'on use')
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (LarkError, UnexpectedCharacters, UnexpectedEOF,
                             UnexpectedInput, UnexpectedToken, VisitError)

from . import ast as A
from .errors import DiceSyntaxError, Diagnostic

#: Deepest nesting of the parse tree accepted (blocks, brackets, operator chains).
MAX_DEPTH = 100
#: Largest source file accepted, in bytes.
MAX_SOURCE_BYTES = 2_000_000

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")


class Postlexer:
    """Drops line ends inside brackets so calls and lists may span lines."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth = 0
        for tok in stream:
            kind = tok.type
            if kind in ("LPAR", "LSQB"):
                depth += 1
            elif kind in ("RPAR", "RSQB"):
                depth = max(0, depth - 1)
            elif kind == "_NL" and depth:
                continue
            yield tok


@lru_cache(maxsize=None)
def _lark(start: str) -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=Postlexer(), propagate_positions=True, maybe_placeholders=False,
                start=start)


# ------------------------------------------------------------------ transformer

def _pos(meta) -> A.Pos:
    if getattr(meta, "empty", True):
        return A.NOPOS
    return A.Pos(meta.line, meta.column, meta.end_line, meta.end_column)


def _tpos(tok: Token) -> A.Pos:
    return A.Pos(tok.line, tok.column, tok.end_line, tok.end_column)


def _unquote(tok: Token) -> str:
    body = tok[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(1)), body)


@v_args(meta=True)
class ToAst(Transformer):
    """Builds AST nodes; each method names the grammar alias it handles."""

    # declarations
    def start(self, meta, decls):
        return tuple(decls)

    def decl(self, meta, children):
        override = children[0].type == "OVERRIDE"
        kind, name = children[1 if override else 0], children[2 if override else 1]
        rest = children[3 if override else 2:]
        members = rest[0] if rest else ()
        return A.Decl(str(kind), _unquote(name), members, override, _pos(meta), _tpos(name))

    def members(self, meta, items):
        return tuple(items)

    def property(self, meta, children):
        return A.Property(str(children[0]), children[1], _pos(meta))

    def flag(self, meta, words):
        return A.Flag(tuple(str(w) for w in words), _pos(meta))

    def var_decl(self, meta, children):
        return A.VarDecl(str(children[0]), children[1], _pos(meta))

    def hook(self, meta, children):
        keyword, *words, body = children
        return A.Hook(" ".join([str(keyword), *map(str, words)]), body, _pos(meta))

    def section(self, meta, children):
        words = tuple(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        number = next((int(c) for c in children if isinstance(c, Token) and c.type == "INT"),
                      None)
        members = next((c for c in children if isinstance(c, tuple)), ())
        return A.Section(words, number, members, _pos(meta))

    def items(self, meta, items):
        return tuple(items)

    def word(self, meta, children):
        words = tuple(str(c) for c in children if isinstance(c, Token))
        number = next((c for c in children if isinstance(c, int) and not isinstance(c, Token)),
                      None)
        return A.Word(words, number, _pos(meta))

    def number(self, meta, children):
        return A.Num(children[0], _pos(meta))

    def range(self, meta, children):
        return A.Range(int(children[0]), int(children[1]), _pos(meta))

    def text(self, meta, children):
        return A.Text(_unquote(children[0]), _pos(meta))

    def positive(self, meta, children):
        return int(children[0])

    def negative(self, meta, children):
        return -int(children[1])

    # statements
    def block(self, meta, children):
        return children[0] if children else ()

    def stmts(self, meta, children):
        return tuple(children)

    def let(self, meta, children):
        return A.Let(str(children[0]), children[1], _pos(meta))

    def assign(self, meta, children):
        return A.Assign(str(children[0]), children[1], _pos(meta))

    def aug_assign(self, meta, children):
        name, op, value = children
        pos = _pos(meta)
        left = A.Name(str(name), _tpos(name))
        return A.Assign(str(name), A.BinOp(str(op)[0], left, value, pos), pos)

    def if_(self, meta, children):
        cond, body, *rest = children
        branches = [(cond, body)]
        orelse = None
        for part in rest:
            if part[0] == "elif":
                branches.append((part[1], part[2]))
            else:
                orelse = part[1]
        return A.If(tuple(branches), orelse, _pos(meta))

    def elif_(self, meta, children):
        return ("elif", children[0], children[1])

    def else_(self, meta, children):
        return ("else", children[0])

    def repeat(self, meta, children):
        return A.Repeat(children[0], children[1], _pos(meta))

    def for_(self, meta, children):
        return A.For(str(children[0]), children[1], children[2], _pos(meta))

    def cancel(self, meta, children):
        return A.Cancel(_pos(meta))

    def stop(self, meta, children):
        return A.Stop(_pos(meta))

    def expr_stmt(self, meta, children):
        return A.ExprStmt(children[0], _pos(meta))

    # expressions
    def or_(self, meta, children):
        return A.BinOp("or", children[0], children[1], _pos(meta))

    def and_(self, meta, children):
        return A.BinOp("and", children[0], children[1], _pos(meta))

    def not_(self, meta, children):
        return A.UnaryOp("not", children[0], _pos(meta))

    def compare(self, meta, children):
        return A.BinOp(str(children[1]), children[0], children[2], _pos(meta))

    def in_(self, meta, children):
        return A.BinOp("in", children[0], children[1], _pos(meta))

    def not_in(self, meta, children):
        return A.BinOp("notin", children[0], children[1], _pos(meta))

    def binop(self, meta, children):
        return A.BinOp(str(children[1]), children[0], children[2], _pos(meta))

    def neg(self, meta, children):
        return A.UnaryOp("-", children[1], _pos(meta))

    def call(self, meta, children):
        name = children[0]
        args = children[1] if len(children) > 1 else ()
        return A.Call(str(name), args, _pos(meta), _tpos(name))

    def args(self, meta, children):
        return tuple(children)

    def index(self, meta, children):
        return A.Index(children[0], children[1], _pos(meta))

    def field(self, meta, children):
        obj, name = children
        return A.Field(obj, str(name), _pos(meta), _tpos(name))

    def int_(self, meta, children):
        return A.Int(int(children[0]), _pos(meta))

    def str_(self, meta, children):
        return A.Str(_unquote(children[0]), _pos(meta))

    def true(self, meta, children):
        return A.Bool(True, _pos(meta))

    def false(self, meta, children):
        return A.Bool(False, _pos(meta))

    def name(self, meta, children):
        return A.Name(str(children[0]), _pos(meta))

    def list_(self, meta, children):
        return A.ListExpr(children[0] if children else (), _pos(meta))


# The grammar names the elif rule `elif`; Python cannot, so map it by hand.
setattr(ToAst, "elif", ToAst.elif_)

_TO_AST = ToAst()

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


def _syntax_message(err: UnexpectedInput) -> str:
    if isinstance(err, UnexpectedCharacters):
        ch = err.char
        if ch == '"':
            return "unterminated string (strings end on the same line)"
        return f"unexpected character {ch!r}"
    if isinstance(err, UnexpectedEOF):
        return "unexpected end of file (a '}' or ')' may be missing)"
    assert isinstance(err, UnexpectedToken)
    tok, exp = err.token, set(err.expected)
    if tok.type == "$END":
        return "unexpected end of file (a '}' may be missing)"
    if tok.type == "EQUAL" and "CMP_OP" in exp | {"CMP_OP"} and "EQUAL" not in exp:
        return "unexpected '=' (use '==' to compare)"
    if tok.type == "NAME" and str(tok) in ("elif", "else"):
        return f"'{tok}' without an 'if' before it"
    if tok.type == "LBRACE" and "COLON" in exp:
        return "unexpected '{' (is this a hook? hooks start with 'on', 'before' or 'when')"
    return f"unexpected {_describe(tok)}{_expected(exp)}"


def _error_at(err: UnexpectedInput, path: str) -> Diagnostic:
    line, col = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
    end = 0
    tok = getattr(err, "token", None)
    if isinstance(tok, Token) and tok.type not in ("$END", "_NL") and tok.end_line == tok.line:
        end = tok.end_column
    return Diagnostic(path, max(line, 1), max(col, 1), _syntax_message(err), end_column=end)


# --------------------------------------------------------------------- parsing

def _check_depth(tree: Tree, path: str) -> None:
    """Reject trees nested deeper than MAX_DEPTH (iteratively: no recursion here)."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            meta = node.meta
            raise DiceSyntaxError([Diagnostic(
                path, getattr(meta, "line", 1), getattr(meta, "column", 1),
                f"nested too deeply (more than {MAX_DEPTH} levels of blocks, brackets "
                "or operators)")])
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))


def _parse_tree(text: str, path: str, start: str = "start"):
    try:
        tree = _lark(start).parse(text)
    except UnexpectedInput as err:
        raise DiceSyntaxError([_error_at(err, path)], text) from None
    except LarkError as err:  # pragma: no cover - lark's own internal failures
        raise DiceSyntaxError([Diagnostic(path, 1, 1, f"could not parse: {err}")], text) from None
    _check_depth(tree, path)
    try:
        return _TO_AST.transform(tree)
    except (VisitError, RecursionError) as err:  # pragma: no cover - guarded by _check_depth
        raise DiceSyntaxError([Diagnostic(path, 1, 1, f"could not parse: {err}")], text) from None


_DECL_START = re.compile(r"^(override[ \t]+)?(equipment|status|enemy|hero|dungeon)\b", re.M)


def _parse_by_declaration(text: str, path: str) -> tuple[list[A.Decl], list[Diagnostic]]:
    """Parse each top-level declaration alone: every broken one is reported, good ones kept."""
    starts = [m.start() for m in _DECL_START.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    decls: list[A.Decl] = []
    problems: list[Diagnostic] = []
    for begin, end in zip(starts, starts[1:] + [len(text)]):
        chunk = text[begin:end]
        if not chunk.strip():
            continue
        padding = "\n" * text.count("\n", 0, begin)
        try:
            decls.extend(_parse_tree(padding + chunk, path))
        except DiceSyntaxError as err:
            problems.extend(err.diagnostics)
    return decls, problems


def decode_source(data: bytes, path: str) -> str:
    """Bytes of a .dice file as text, or a DiceSyntaxError saying why not."""
    if len(data) > MAX_SOURCE_BYTES:
        raise DiceSyntaxError([Diagnostic(
            path, 0, 0, f"file too large ({len(data):,} bytes; the limit is "
            f"{MAX_SOURCE_BYTES:,})")])
    if b"\x00" in data:
        raise DiceSyntaxError([Diagnostic(path, 0, 0, "not a text file (it contains NUL bytes)")])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise DiceSyntaxError([Diagnostic(path, line, col, "not valid UTF-8 text")]) from None
    return text


def parse(text: str, path: str = "<string>") -> A.Module:
    """Parse a whole file; raises DiceSyntaxError carrying every syntax problem found."""
    if len(text) > MAX_SOURCE_BYTES:
        raise DiceSyntaxError([Diagnostic(
            path, 0, 0, f"file too large ({len(text):,} characters; the limit is "
            f"{MAX_SOURCE_BYTES:,})")])
    try:
        return A.Module(_parse_tree(text, path), path)
    except DiceSyntaxError as first:
        decls, problems = _parse_by_declaration(text, path)
        raise DiceSyntaxError(problems or first.diagnostics, text) from None


def parse_recovering(text: str, path: str = "<string>") -> tuple[A.Module, list[Diagnostic]]:
    """Parse what can be parsed: the good declarations and the problems of the rest."""
    try:
        return parse(text, path), []
    except DiceSyntaxError as err:
        if len(text) > MAX_SOURCE_BYTES:
            return A.Module((), path), err.diagnostics
        decls, problems = _parse_by_declaration(text, path)
        return A.Module(tuple(decls), path), problems or err.diagnostics


def parse_file(path: str | Path, display: str | None = None) -> tuple[A.Module, str, list[Diagnostic]]:
    """Read and parse a file: (module, source text, problems). Never raises for bad content."""
    shown = display or str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        return A.Module((), shown), "", [Diagnostic(shown, 0, 0, f"cannot read file: {err.strerror}")]
    try:
        text = decode_source(data, shown)
    except DiceSyntaxError as err:
        return A.Module((), shown), "", err.diagnostics
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
    module = parse('equipment "_" { on use {\n' + text + "\n} }", path)
    hook = module.decls[0].members[0]
    return _shift_lines(hook.body, -1)


def _shift_lines(node, delta: int):
    """The same nodes with every position moved by ``delta`` lines (for wrapped snippets)."""
    import dataclasses

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
