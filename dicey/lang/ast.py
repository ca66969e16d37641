"""The card language's abstract syntax tree: frozen dataclasses with source positions.

Every node carries a :class:`Pos`; positions never take part in equality, so an AST
printed back to source (:mod:`dicey.lang.printer`) and parsed again compares equal to
the original.

>>> from dicey.lang.parser import parse_expr
>>> parse_expr("1 + 2 * x") == BinOp("+", Int(1), BinOp("*", Int(2), Name("x")))
True
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True, slots=True)
class Pos:
    """A span in a source file (1-based lines and columns, end exclusive)."""

    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0


NOPOS = Pos()


def _pos() -> Pos:
    return field(default=NOPOS, compare=False, repr=False)


# ----------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Int:
    """An integer literal: ``42``."""

    value: int
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Bool:
    """``true`` or ``false``."""

    value: bool
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Str:
    """A string literal: ``"Do [d] damage"``."""

    value: str
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Name:
    """A name: a local, a card variable, a context name (``d``), or a constant (``poison``)."""

    id: str
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class ListExpr:
    """A list literal: ``[1, d, 6]``."""

    items: tuple[Expr, ...]
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class BinOp:
    """A binary operation.

    ``op`` is one of ``or and == != < <= > >= in notin + - * / %``.
    """

    op: str
    left: Expr
    right: Expr
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class UnaryOp:
    """``-x`` (op ``-``) or ``not x`` (op ``not``)."""

    op: str
    operand: Expr
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Call:
    """A built-in call: ``attack(d, shock)``."""

    func: str
    args: tuple[Expr, ...]
    pos: Pos = _pos()
    func_pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Index:
    """``xs[i]``."""

    obj: Expr
    index: Expr
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Field:
    """``target.poison``, ``card.times_used``."""

    obj: Expr
    name: str
    pos: Pos = _pos()
    name_pos: Pos = _pos()


Expr = Union[Int, Bool, Str, Name, ListExpr, BinOp, UnaryOp, Call, Index, Field]

# ------------------------------------------------------------------ statements


@dataclass(frozen=True, slots=True)
class Let:
    """``let x = EXPR``: a new local."""

    name: str
    value: Expr
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Assign:
    """``x = EXPR``: set a local or a declared ``var`` (``x += 1`` is read as ``x = x + 1``)."""

    name: str
    value: Expr
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class If:
    """``if C { … } elif C { … } else { … }``: ``branches`` pairs each condition with its body."""

    branches: tuple[tuple[Expr, tuple[Stmt, ...]], ...]
    orelse: tuple[Stmt, ...] | None = None
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Repeat:
    """``repeat N { … }`` (N ≤ 100 at run time)."""

    count: Expr
    body: tuple[Stmt, ...]
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class For:
    """``for x in LIST { … }`` (a list of ≤ 100 items)."""

    var: str
    iterable: Expr
    body: tuple[Stmt, ...]
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Cancel:
    """``cancel``: only in ``before use``; the dice are spent and nothing happens."""

    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Stop:
    """``stop``: end this script."""

    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class ExprStmt:
    """An expression run for its effect, usually a call: ``attack(d)``."""

    expr: Expr
    pos: Pos = _pos()


Stmt = Union[Let, Assign, If, Repeat, For, Cancel, Stop, ExprStmt]

# -------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class Word:
    """A property item made of words and an optional number: ``any``, ``max 3``, ``turn start``."""

    words: tuple[str, ...]
    number: int | None = None
    pos: Pos = _pos()

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass(frozen=True, slots=True)
class Num:
    """A numeric property item: ``12``, ``-1``."""

    value: int
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Range:
    """A range property item: ``2..4`` (inclusive)."""

    low: int
    high: int
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Text:
    """A string property item: ``"Sword"``."""

    value: str
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class ExprItem:
    """An expression as a property's value: ``ready: card.charge >= 3`` (the only property
    the grammar reads so)."""

    expr: Expr
    pos: Pos = _pos()


Item = Union[Word, Num, Range, Text, ExprItem]


@dataclass(frozen=True, slots=True)
class Property:
    """``key: item, item, …``."""

    key: str
    items: tuple[Item, ...]
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Flag:
    """A property that is only words: ``once per fight``, ``single use``, ``goes first``."""

    words: tuple[str, ...]
    pos: Pos = _pos()

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass(frozen=True, slots=True)
class VarDecl:
    """``var NAME = EXPR``: a variable kept for the whole fight."""

    name: str
    value: Expr
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Hook:
    """``on use { … }``; ``event`` is the hook's full name (``"on use"``, ``"before use"``)."""

    event: str
    body: tuple[Stmt, ...]
    pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Section:
    """A named block of members: ``upgraded { … }``, ``weakened { … }``, ``floor 1 { … }``."""

    words: tuple[str, ...]
    number: int | None
    members: tuple[Member, ...]
    pos: Pos = _pos()

    @property
    def title(self) -> str:
        return " ".join(self.words)


Member = Union[Property, Flag, VarDecl, Hook, Section]


@dataclass(frozen=True, slots=True)
class Decl:
    """A declaration: ``equipment "Hammer" { … }`` (kinds: equipment status enemy hero dungeon)."""

    kind: str
    name: str
    members: tuple[Member, ...]
    override: bool = False
    pos: Pos = _pos()
    name_pos: Pos = _pos()


@dataclass(frozen=True, slots=True)
class Extension:
    """``extend dungeon { floor 3 { enemies: …; rewards: … } }``: names added to the floors
    of the dungeon a run walks, whichever is loaded. ``kind`` is the word after ``extend``
    and ``name`` the name after it, if one is written (None when not): the grammar takes
    any, and the checker reports all but a bare ``dungeon``."""

    kind: str
    members: tuple[Member, ...]
    name: str | None = None
    pos: Pos = _pos()
    kind_pos: Pos = _pos()
    name_pos: Pos = _pos()


#: What a file holds: declarations and extensions.
TopLevel = Union[Decl, Extension]


@dataclass(frozen=True, slots=True)
class Module:
    """A parsed ``.dice`` file."""

    decls: tuple[TopLevel, ...]
    path: str = field(default="<string>", compare=False)
    unparsed: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """``(kind, name)`` of each declaration that did not parse (its syntax errors are
    reported): a checker knows the name, so a reference to it is no error of its own.
    ``("", "")`` for a part of the file whose head does not say what it declares, and for
    a file that could not be read."""


Node = Union[Expr, Stmt, Item, Member, Decl, Extension, Module]

#: Binary operators by binding strength (loosest first); the printer and parser agree on it.
PRECEDENCE: dict[str, int] = {
    "or": 1, "and": 2,
    "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "in": 4, "notin": 4,
    "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
}
#: ``not`` binds between ``and`` and comparisons; unary minus above ``*``.
NOT_PRECEDENCE = 3
NEG_PRECEDENCE = 7
POSTFIX_PRECEDENCE = 8


def make_id(name: str) -> str:
    """A declaration's id: lower-case, accents dropped (and other forms of a letter or digit
    read as it: ``ﬁ``, ``Ｗ``, ``²``), runs of the rest turned into ``_``.

    >>> make_id("Pea Shooter")
    'pea_shooter'
    >>> make_id("Lucky 7!")
    'lucky_7'
    >>> make_id("Épée"), make_id("Straße"), make_id("Ｗｉｄｅ 9")
    ('epee', 'strasse', 'wide_9')
    """
    if name.isascii():   # (every name of the base game: no need to fold anything)
        return "_".join(_ID_PART.findall(name.lower()))
    # decomposed both before and after the case is folded: each step can make what the
    # other folds (U+3392 decomposes to "MHz", "İ" folds to "i" and a combining dot)
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", name).casefold())
    return "_".join(_ID_PART.findall("".join(c for c in folded
                                             if not unicodedata.combining(c))))


def upgrade_ref(name: str) -> tuple[str, bool]:
    """A card reference split into the card's name and whether it means the upgraded
    version: a trailing ``+`` (spaces before it allowed). A card has one upgrade, so a
    base that still ends in ``+`` (``"Sword++"``) names no card; callers report it.

    >>> upgrade_ref("Sword +"), upgrade_ref("Shield"), upgrade_ref("Sword++")
    (('Sword', True), ('Shield', False), ('Sword+', True))
    """
    if name.endswith("+"):
        return name[:-1].rstrip(), True
    return name, False


#: A run of the characters an id keeps (after lower-casing, the ASCII letters and digits).
_ID_PART = re.compile(r"[a-z0-9]+")
