"""Hypothesis strategies for the card language: ASTs the parser can produce, and programs
(well-typed or not) for the interpreter.

"What the parser can produce" means: integer literals are non-negative (``-3`` parses as a
unary minus), names are not keywords, a comparison never holds a comparison without
parentheses (the printer adds them), and every node has its default position (positions
never take part in equality).
"""
from __future__ import annotations

from hypothesis import strategies as st

from dicey.lang import ast as A
from dicey.lang.builtins import BUILTINS
from dicey.lang.effects import DAMAGE_TYPES
from dicey.lang.errors import is_unprintable
from dicey.lang.interp import CORE_STATUSES

#: Every word the grammar gives a meaning of its own (never a name in generated code).
KEYWORDS = frozenset({
    "let", "if", "elif", "else", "repeat", "for", "in", "cancel", "stop", "true", "false",
    "and", "or", "not", "var", "on", "before", "when", "override", "extend", "equipment",
    "status", "enemy", "hero", "dungeon", "ready", "progress"})

BINARY_OPS = tuple(A.PRECEDENCE)

names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,7}", fullmatch=True).filter(
    lambda n: n not in KEYWORDS)
def is_bidi(char: str) -> bool:
    """A control of writing direction (not a control character, but refused all the same)."""
    return char not in "\n\t" and is_unprintable(char)


#: Text a string literal may hold: anything a terminal shows as it is (escapes cover
#: " \\ and line ends, and a tab may stand as it is), no control character.
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\n\t"),
                max_size=12).filter(lambda text: not any(map(is_bidi, text)))


def expression_trees(leaves: st.SearchStrategy, funcs: st.SearchStrategy,
                     fields: st.SearchStrategy, max_leaves: int) -> st.SearchStrategy:
    """Every expression form over the given leaves, function names and field names."""
    def extend(inner: st.SearchStrategy) -> st.SearchStrategy:
        small = st.lists(inner, max_size=3).map(tuple)
        return st.one_of(
            st.builds(A.ListExpr, small),
            st.builds(A.BinOp, st.sampled_from(BINARY_OPS), inner, inner),
            st.builds(A.UnaryOp, st.sampled_from(("-", "not")), inner),
            st.builds(A.Call, funcs, small),
            st.builds(A.Index, inner, inner),
            st.builds(A.Field, inner, fields),
        )
    return st.recursive(leaves, extend, max_leaves=max_leaves)


def expressions(max_leaves: int = 12) -> st.SearchStrategy:
    """Expressions the parser can produce, over any names."""
    leaves = st.one_of(
        st.builds(A.Int, st.integers(0, 10 ** 12)),
        st.builds(A.Bool, st.booleans()),
        st.builds(A.Str, texts),
        st.builds(A.Name, names),
    )
    return expression_trees(leaves, names, names, max_leaves)


def statements(exprs: st.SearchStrategy, targets=names, depth: int = 2
               ) -> st.SearchStrategy:
    """Lists of statements (as tuples), blocks nested ``depth`` deep at most."""
    simple = st.one_of(
        st.builds(A.Let, targets, exprs),
        st.builds(A.Assign, targets, exprs),
        st.builds(A.ExprStmt, exprs),
        st.just(A.Cancel()),
        st.just(A.Stop()),
    )
    if depth == 0:
        return st.lists(simple, max_size=4).map(tuple)
    body = statements(exprs, targets, depth - 1)
    compound = st.one_of(
        st.builds(A.If, st.lists(st.tuples(exprs, body), min_size=1, max_size=3).map(tuple),
                  st.none() | body),
        st.builds(A.Repeat, exprs, body),
        st.builds(A.For, targets, exprs, body),
    )
    return st.lists(st.one_of(simple, compound), max_size=4).map(tuple)

# --------------------------------------------------------------- declarations

signed = st.integers(-10 ** 6, 10 ** 6)
words = st.lists(names, min_size=1, max_size=3).map(tuple)
items = st.one_of(
    st.builds(A.Word, words, st.none() | signed),
    st.builds(A.Num, signed),
    st.builds(A.Range, st.integers(0, 99), st.integers(0, 99)),
    st.builds(A.Text, texts),
)


def members(depth: int = 1) -> st.SearchStrategy:
    """Declaration members; sections nest ``depth`` deep at most."""
    body = statements(expressions(max_leaves=6), depth=1)
    simple = st.one_of(
        st.builds(A.Property, names, st.lists(items, min_size=1, max_size=3).map(tuple)),
        st.builds(A.Flag, words),
        # `ready: EXPR` and `progress: EXPR, EXPR`, the properties whose values are
        # expressions
        st.builds(A.Property, st.just("ready"),
                  st.tuples(st.builds(A.ExprItem, expressions(max_leaves=4)))),
        st.builds(A.Property, st.just("progress"),
                  st.lists(st.builds(A.ExprItem, expressions(max_leaves=3)), min_size=1,
                           max_size=2).map(tuple)),
        st.builds(A.VarDecl, names, expressions(max_leaves=4)),
        st.builds(A.Hook, st.builds(lambda kw, ws: " ".join((kw, *ws)),
                                    st.sampled_from(("on", "before", "when")), words), body),
    )
    if depth > 0:
        section = st.builds(A.Section, words, st.none() | st.integers(0, 99),
                            members(depth - 1))
        simple = st.one_of(simple, section)
    return st.lists(simple, max_size=5).map(tuple)


KINDS = st.sampled_from(("equipment", "status", "enemy", "hero", "dungeon"))
#: A floor's members: its pools and the rest, of names and of other values.
floor_members = st.lists(st.builds(
    A.Property, st.sampled_from(("enemies", "rewards", "fights", "boss")) | names,
    st.lists(st.builds(A.Text, st.sampled_from(("Frog", "Rock", "Frgo", ""))) | items,
             min_size=1, max_size=3).map(tuple)),
    max_size=4, unique_by=lambda p: p.key).map(tuple)   # (a key set twice says which line)
#: Declarations and extensions: an extension of any kind, named or not, with any members
#: (the checker says what may be extended), and the floors a dungeon's extension holds.
declarations = st.one_of(
    st.builds(A.Decl, KINDS, texts, members(), st.booleans()),
    st.builds(A.Extension, KINDS, members(), st.none() | texts),
    st.builds(A.Extension, st.just("dungeon"), st.lists(st.builds(
        A.Section, st.just(("floor",)), st.none() | st.integers(0, 9), floor_members),
        max_size=3, unique_by=lambda s: s.number).map(tuple)),
)
modules = st.builds(A.Module, st.lists(declarations, max_size=3).map(tuple))

# ------------------------------------------------------------------ programs
# Programs for the interpreter: names it knows (and some it does not), calls to every
# built-in with any number of arguments, small integers so arithmetic stays in range or
# crosses it now and then.

SCOPE_NAMES = ("d", "dice", "card", "turn", "simulation", "self", "target", "hits", "x", "y",
               "nope") + tuple(sorted(CORE_STATUSES)) + DAMAGE_TYPES
FIELD_NAMES = ("hp", "max_hp", "dice_count", "level", "name", "cards_used", "times_used",
               "uses_left", "hits", "poison", "shield", "nope")

program_names = st.sampled_from(SCOPE_NAMES)
program_targets = st.sampled_from(("x", "y", "hits", "d", "nope"))


def program_expressions(known: st.SearchStrategy = program_names,
                        funcs: tuple[str, ...] = tuple(sorted(BUILTINS)) + ("nothing",)
                        ) -> st.SearchStrategy:
    leaves = st.one_of(
        st.builds(A.Int, st.integers(0, 40) | st.sampled_from((99, 100, 101, 10 ** 6,
                                                                 10 ** 7))),
        st.builds(A.Bool, st.booleans()),
        st.builds(A.Str, st.sampled_from(("", "a", "Sword", "poison"))),
        st.builds(A.Name, known),
    )
    return expression_trees(leaves, st.sampled_from(funcs), st.sampled_from(FIELD_NAMES),
                            max_leaves=10)


programs = statements(program_expressions(), program_targets, depth=2)
#: Programs over names that exist and functions that exist: many pass the checker.
scoped_programs = statements(
    program_expressions(st.sampled_from([n for n in SCOPE_NAMES if n not in ("x", "y", "nope")]),
                        tuple(sorted(BUILTINS))),
    st.just("hits"), depth=2)
