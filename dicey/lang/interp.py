"""The interpreter: every hook compiled once into Python closures, run against :class:`Effects`.

A hook's AST is turned, node by node, into nested closures ``f(frame) -> value`` (one
compiler function per node kind below, each with the form it runs in its docstring). Running
a hook is then a chain of plain Python calls on a small :class:`_Frame`: no tree walking, no
dictionary dispatch per node. Real play and the AI's simulations run the very same closures.

Everything a script does to a fight goes through the :class:`~dicey.lang.effects.Effects`
object it is given; every random thing goes through a :class:`~dicey.lang.chance.Chance`
(sampled in play, enumerated by the AI). Limits hold at run time whatever the checker let
through: at most :data:`MAX_STEPS` steps a run, integers within ±:data:`MAX_INT`, lists of at
most :data:`MAX_LIST` items, ``repeat`` at most :data:`MAX_REPEAT` times, strings of at most
:data:`MAX_TEXT` characters. A fault is a :class:`~dicey.lang.errors.ScriptError` carrying
the source position; no other exception leaves :meth:`Script.run`.

>>> from dicey.lang.parser import parse_stmts
>>> from dicey.lang.effects import RecordingEffects
>>> from dicey.lang.chance import FixedChance
>>> script = compile_stmts(parse_stmts("attack(d * 2)\\nif d == 6 { inflict(shock) }"),
...                        scope=Scope(frozenset({"d"}), statuses=frozenset({"shock"})))
>>> fx = RecordingEffects()
>>> _ = script.run(fx, FixedChance(), {"d": 6})
>>> fx.calls
[('damage', 12, 'normal', False, 'attack'), ('add_status', 'shock', 1, False)]
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from . import ast as A
from .builtins import BUILTINS, DIE_MARKS, TURNS_ARG
from .chance import Chance, uniform, uniform_over
from .effects import CARD_FIELDS, DAMAGE_TYPES, CardRef, Effects, FighterRef
from .errors import ScriptError

#: Steps (statements, loop turns and calls) one run of a script may take, the runs of the
#: hooks its effects set off included (they share the budget of the run that began them).
MAX_STEPS = 10_000
#: Most runs nested in one another: a hook whose effects set off a hook, and so on.
MAX_NESTING = 8
#: No integer a script makes may pass ±MAX_INT.
MAX_INT = 1_000_000
#: Longest list a script may build or loop over.
MAX_LIST = 100
#: Most turns of one ``repeat``.
MAX_REPEAT = 100
#: Longest string a script may build.
MAX_TEXT = 1_000
#: Widest ``roll(a, b)`` (outcomes), so a chance point stays enumerable.
MAX_ROLL = 1_000
#: Most dice in a pool (the rules hold every pool to it).
MAX_DICE = 24

#: A fair six-sided die as a chance point (``reroll``).
D6 = uniform(range(1, 7))

Value = Any
Code = Callable[["_Frame"], Value]


@dataclass(frozen=True)
class Scope:
    """The names a script may see, decided when it is compiled.

    ``context`` are the names the engine passes in (``d``, ``dice``, ``card``, ``amount``…;
    ``self`` and ``target`` are always there), ``vars`` the owning card's ``var``s, and
    ``statuses`` the status ids usable as constants. ``assignable`` are context names a script
    may set (``amount`` in ``on incoming damage``).
    """

    context: frozenset[str] = frozenset()
    vars: frozenset[str] = frozenset()
    statuses: frozenset[str] = frozenset()
    assignable: frozenset[str] = frozenset()

    def kind_of(self, name: str, locals_: frozenset[str] | set[str]) -> str:
        """What a name means here: local, var, context, self/target, constant or unknown."""
        if name in locals_:
            return "local"
        if name in self.vars:
            return "var"
        if name in ("self", "target"):
            return "fighter"
        if name in self.context:
            return "context"
        if name in self.statuses or name in DAMAGE_TYPES:
            return "constant"
        return "unknown"


class _Halt(Exception):
    """``stop`` or ``cancel``: unwinds to :meth:`Script.run`."""


@dataclass(slots=True)
class RunResult:
    """What a run leaves behind: whether it cancelled, the names (``amount`` may have
    changed) and the steps it took."""

    cancelled: bool
    names: dict
    steps: int


class _Frame(RunResult):
    """One run's mutable state. It is also the run's :class:`RunResult`: making a second
    object per run cost as much as a short script's whole body."""

    __slots__ = ("fx", "chance", "vars", "locals", "statuses", "depth")

    def __init__(self, fx: Effects, chance: Chance, names: dict, card_vars: dict,
                 statuses: frozenset[str]):
        self.fx = fx
        self.chance = chance
        self.names = names
        self.vars = card_vars
        self.locals: dict[str, Value] = {}
        self.steps = 0
        self.cancelled = False
        self.statuses = statuses
        self.depth = 0


_new_frame = object.__new__     # see Script.run


class _Running(threading.local):
    """The run under way in this thread, if any: a run that starts while another is under
    way was set off by its effects (a hook), and shares its budget."""

    frame: "_Frame | None" = None


_RUNNING = _Running()
#: A run's locals and card variables when its code reads neither (see Script.run).
_NOTHING: Mapping[str, Value] = MappingProxyType({})

# ------------------------------------------------------------------ faults

def _fault(message: str, pos: A.Pos | None) -> ScriptError:
    return ScriptError(message, pos)


def _over_budget(pos: A.Pos | None) -> ScriptError:
    return _fault(f"script ran past its budget of {MAX_STEPS:,} steps", pos)


def _tick(fr: "_Frame", pos: A.Pos | None) -> None:
    """Spend one step of the run's budget: a statement, a call or a loop turn (so even a
    loop with an empty body cannot outrun the budget)."""
    fr.steps += 1
    if fr.steps > MAX_STEPS:
        raise _over_budget(pos)


#: Outcomes a chance point may weigh for one step of the budget.
OUTCOMES_PER_STEP = 100


def _choose(fr: "_Frame", outcomes: Any, pos: A.Pos | None) -> Value:
    """A chance point: a step, and one more per OUTCOMES_PER_STEP outcomes weighed, so the
    budget bounds the work of wide ones (a split into six dice, ``roll(1, 1000)``) too."""
    fr.steps += len(outcomes) // OUTCOMES_PER_STEP
    _tick(fr, pos)
    return fr.chance.choose(outcomes)


def type_name(value: Value) -> str:
    """How an error names a value's type.

    >>> type_name(3), type_name(True), type_name((1, 2)), type_name("x")
    ('a number', 'true/false', 'a list', 'a string')
    """
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, tuple):
        return "a list"
    if isinstance(value, FighterRef):
        return "a fighter"
    if isinstance(value, CardRef):
        return "a card"
    return type(value).__name__


def _int(value: Value, pos: A.Pos | None, what: str = "value") -> int:
    if type(value) is not int:
        raise _fault(f"{what} must be a number, not {type_name(value)}", pos)
    return value


def _checked(n: int, pos: A.Pos | None) -> int:
    if -MAX_INT <= n <= MAX_INT:
        return n
    raise _fault(f"number out of range: {n} (the limit is ±{MAX_INT:,})", pos)


def _list(value: Value, pos: A.Pos | None, what: str = "value") -> tuple:
    if type(value) is not tuple:
        raise _fault(f"{what} must be a list, not {type_name(value)}", pos)
    return value


def _sized(items: tuple, pos: A.Pos | None) -> tuple:
    """A new list, if it holds at most MAX_LIST values counting the items of the lists
    inside it: then no value can grow past that, however it is built (``x = [x, x]``
    doubles nothing), and comparing, showing or hashing one is cheap.

    >>> _sized((1, (2, 3)), None)
    (1, (2, 3))
    """
    if len(items) > MAX_LIST:
        raise _fault(f"list too long ({len(items)} items; the limit is {MAX_LIST})", pos)
    if tuple not in map(type, items):
        return items                   # no list inside: nothing more to count
    count, inner = len(items), [v for v in items if type(v) is tuple]
    while inner:   # every list inside obeys the limit too, so this stops early
        nested = inner.pop()
        count += len(nested)
        if count > MAX_LIST:
            raise _fault(f"list too long (more than {MAX_LIST} items, counting the items "
                         "of the lists inside it)", pos)
        inner.extend(v for v in nested if type(v) is tuple)
    return items


def _text(s: str, pos: A.Pos | None) -> str:
    if len(s) > MAX_TEXT:
        raise _fault(f"string too long ({len(s)} characters; the limit is {MAX_TEXT})", pos)
    return s


def _equal(a: Value, b: Value) -> bool:
    """Equality without Python's ``True == 1``: values of other types are never equal, and
    that holds inside lists too (``[1] == [true]`` is false).

    >>> _equal((1, 2), (1, 2)), _equal((1,), (True,)), _equal(1, True)
    (True, False, False)
    """
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return a == b


def show(value: Value) -> str:
    """A value as ``say`` and card texts print it.

    >>> show((1, True, "x")), show(-3)
    ('[1, true, x]', '-3')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, FighterRef):
        return value.who
    if isinstance(value, CardRef):
        return "card"
    return str(value)


# ------------------------------------------------------------- expressions

class _Compiler:
    """Compiles one script: tracks the locals declared so far (block scoped)."""

    def __init__(self, scope: Scope, path: str):
        self.scope = scope
        self.path = path
        self.locals: list[set[str]] = [set()]
        #: The code of each constant expression compiled so far → its value (see const).
        self.values: dict[Code, Value] = {}
        #: Whether the code reads or sets locals or card variables (else a run makes no
        #: dicts for them: see Script.run).
        self.scratch = False
        #: The codes compiled so far that give true or false (see condition).
        self.booleans: set[Code] = set()
        #: The code of each read of a context name compiled so far → the name (see _call).
        self.context_reads: dict[Code, str] = {}

    def boolean(self, code: Code) -> Code:
        """``code``, known to give true or false."""
        self.booleans.add(code)
        return code

    def condition(self, code: Code) -> Code:
        """``code`` as a condition: conditions take true/false, numbers (non-zero is
        true), lists and strings (non-empty), fighters and cards (true). The code of its
        truth, or ``code`` itself when it gives true or false already (a comparison,
        ``not``…): then a run works out no truth."""
        if code in self.booleans or type(self.values.get(code)) is bool:
            return code

        def truth(fr: _Frame) -> bool:
            value = code(fr)
            return True if type(value) is FighterRef or type(value) is CardRef else \
                bool(value)
        return self.boolean(truth)

    def const(self, value: Value) -> Code:
        """The code of a constant expression: it gives ``value``, and the compiler knows
        it (an operator or a list of constants is worked out once, here)."""
        def constant(fr: _Frame) -> Value:
            return value
        self.values[constant] = value
        return constant

    @property
    def visible(self) -> set[str]:
        out: set[str] = set()
        for level in self.locals:
            out |= level
        return out

    # -- expressions --------------------------------------------------------

    def expr(self, node: A.Expr) -> Code:
        method = getattr(self, "e_" + type(node).__name__)
        return method(node)

    def e_Int(self, node: A.Int) -> Code:
        """``42``"""
        value = node.value
        if not -MAX_INT <= value <= MAX_INT:
            pos = node.pos

            def out_of_range(fr: _Frame) -> Value:
                raise _fault(f"number out of range: {value} (the limit is ±{MAX_INT:,})", pos)
            return out_of_range
        return self.const(value)

    def e_Bool(self, node: A.Bool) -> Code:
        """``true`` / ``false``"""
        return self.const(node.value)

    def e_Str(self, node: A.Str) -> Code:
        """``"text"``"""
        return self.const(node.value)

    def e_Name(self, node: A.Name) -> Code:
        """``x``: a local, a card ``var``, a context name, ``self``/``target`` or a constant."""
        name, pos = node.id, node.pos
        kind = self.scope.kind_of(name, self.visible)
        if kind == "local" or kind == "var":
            self.scratch = True
        if kind == "local":
            def local(fr: _Frame) -> Value:
                try:
                    return fr.locals[name]
                except KeyError:
                    raise _fault(f"'{name}' is used before it is set", pos) from None
            return local
        if kind == "var":
            def var(fr: _Frame) -> Value:
                try:
                    return fr.vars[name]
                except KeyError:
                    raise _fault(f"card variable '{name}' is not set", pos) from None
            return var
        if kind == "fighter":
            ref = FighterRef(name)
            return lambda fr: ref
        if kind == "context":
            def context(fr: _Frame) -> Value:
                try:
                    return fr.names[name]
                except KeyError:
                    raise _fault(f"'{name}' has no value here", pos) from None
            self.context_reads[context] = name
            return context
        if kind == "constant":
            return self.const(name)

        def unknown(fr: _Frame) -> Value:
            raise _fault(f"unknown name '{name}'", pos)
        return unknown

    def e_ListExpr(self, node: A.ListExpr) -> Code:
        """``[a, b, c]``"""
        items = tuple(self.expr(e) for e in node.items)
        pos = node.pos
        if len(items) > MAX_LIST:
            def too_long(fr: _Frame) -> Value:
                raise _fault(f"list too long ({len(items)} items; the limit is {MAX_LIST})",
                             pos)
            return too_long
        if all(f in self.values for f in items):     # a list of constants is one
            try:
                return self.const(_sized(tuple(self.values[f] for f in items), pos))
            except ScriptError:
                pass                 # too long counting its lists' items: it faults when run
        return lambda fr: _sized(tuple([f(fr) for f in items]), pos)

    def e_UnaryOp(self, node: A.UnaryOp) -> Code:
        """``-x`` and ``not x``"""
        operand, pos = self.expr(node.operand), node.pos
        if node.op == "not":
            operand = self.condition(operand)
            return self.boolean(lambda fr: not operand(fr))
        return lambda fr: _checked(-_int(operand(fr), pos, "'-' operand"), pos)

    def e_BinOp(self, node: A.BinOp) -> Code:
        """``a OP b`` for ``or and == != < <= > >= in notin + - * / %``"""
        left, right, pos, op = self.expr(node.left), self.expr(node.right), node.pos, node.op
        if op == "and" or op == "or":
            left, right = self.condition(left), self.condition(right)
            if op == "and":
                return self.boolean(lambda fr: left(fr) and right(fr))
            return self.boolean(lambda fr: left(fr) or right(fr))
        if op == "==" or op == "!=":
            known = self._equality(left, right, op == "!=")
            if known is not None:
                return self.boolean(known)
        impl = _BINARY[op]
        if right in self.values:    # a constant operand is passed, not called for
            value = self.values[right]
            code = lambda fr: impl(left(fr), value, pos)   # noqa: E731
        elif left in self.values:
            value = self.values[left]
            code = lambda fr: impl(value, right(fr), pos)   # noqa: E731
        else:
            code = lambda fr: impl(left(fr), right(fr), pos)   # noqa: E731
        return self.boolean(code) if op in _COMPARISONS else code

    def _equality(self, left: Code, right: Code, negated: bool) -> Code | None:
        """``x == c`` (or ``!=``) where ``c`` is a constant other than a list: _equal, worked
        out for that constant (the usual ``if element == fire``). None otherwise."""
        if right in self.values:
            value, other = self.values[right], left
        elif left in self.values:
            value, other = self.values[left], right
        else:
            return None
        kind = type(value)
        if kind is tuple:
            return None
        if negated:
            return lambda fr: not (type(v := other(fr)) is kind and v == value)
        return lambda fr: type(v := other(fr)) is kind and v == value

    def e_Index(self, node: A.Index) -> Code:
        """``xs[i]`` (negative ``i`` counts from the end)"""
        obj, index, pos = self.expr(node.obj), self.expr(node.index), node.pos

        def get(fr: _Frame) -> Value:
            seq, i = obj(fr), _int(index(fr), pos, "an index")
            if type(seq) not in (tuple, str):
                raise _fault(f"cannot index {type_name(seq)}", pos)
            if not -len(seq) <= i < len(seq):
                items = "1 item" if len(seq) == 1 else f"{len(seq)} items"
                raise _fault(f"index {i} is out of range (the list has {items})", pos)
            return seq[i]
        return get

    def e_Field(self, node: A.Field) -> Code:
        """``target.hp``, ``self.poison``, ``card.times_used``, ``used.name``"""
        obj, name, pos = self.expr(node.obj), node.name, node.name_pos
        # Only a card's own hooks read its variables, as ``card.x``: any other card value
        # shows the fields every card has.
        private = name not in CARD_FIELDS and not (isinstance(node.obj, A.Name) and
                                                   node.obj.id == "card")

        def get(fr: _Frame) -> Value:
            ref = obj(fr)
            try:
                if type(ref) is FighterRef:
                    return fr.fx.fighter_field(ref.who, name)
                if type(ref) is CardRef:
                    if private:
                        raise ScriptError(f"a card has no field '{name}' (its fields: "
                                          f"{', '.join(CARD_FIELDS)})")
                    return fr.fx.card_field(ref, name)
            except ScriptError as err:
                raise _fault(err.message, pos) from None
            raise _fault(f"{type_name(ref)} has no fields ('.{name}')", pos)
        return get

    def e_Call(self, node: A.Call) -> Code:
        """``f(a, b)``: a built-in (there are no user functions)."""
        problem = self._call_problem(node)
        if problem is not None:
            return self._fails(*problem)
        return self._call(node, None)

    @staticmethod
    def _call_problem(node: A.Call) -> tuple[str, A.Pos] | None:
        """Why a call cannot run (an unknown function, a wrong number of arguments)."""
        spec = BUILTINS.get(node.func)
        if spec is None:
            return f"unknown function '{node.func}'", node.func_pos
        low, high = spec.arity
        if not low <= len(node.args) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            return (f"{spec.signature} takes {want} argument{'s' * (want != '1')}, "
                    f"not {len(node.args)}", node.pos)
        return None

    def _call(self, node: A.Call, statement: A.Stmt | None) -> Code:
        """A call that can run. ``statement`` is the statement the call is, when it
        stands alone (``attack(d)``): the closure then spends the statement's step too,
        as :meth:`stmt`'s would, one Python call fewer per run."""
        pos = node.pos
        own_step = statement is not None
        stmt_pos = statement.pos if statement is not None else None
        args = tuple(self.expr(a) for a in node.args)
        impl = _IMPLS[node.func]
        # Most calls take one or two arguments: their list without a comprehension (a
        # call of its own).
        only = args[0] if len(args) == 1 else None
        first, second = args if len(args) == 2 else (None, None)
        # Arguments that are all constants (``inflict(shock)``, ``gain(shield, 1)``) are
        # known now: a run copies their list instead of calling a closure for each.
        fixed = [self.values[a] for a in args] if args and all(
            a in self.values for a in args) else None
        # One argument that is a context name (``attack(d)``, the commonest script): read
        # where the call runs (its closure runs only to fault when the name is missing).
        name = self.context_reads.get(only) if only is not None else None

        steps = 2 if own_step else 1

        def call(fr: _Frame) -> Value:
            spent = fr.steps = fr.steps + steps   # _tick inlined: the hottest path
            if spent > MAX_STEPS:
                # The statement's step first (the fault names the statement if it passes).
                raise _over_budget(stmt_pos if own_step and spent - 1 > MAX_STEPS else pos)
            if fixed is not None:
                values = fixed.copy()
            elif name is not None:
                names = fr.names
                values = [names[name] if name in names else only(fr)]
            elif only is not None:
                values = [only(fr)]
            elif first is not None:
                values = [first(fr), second(fr)]
            else:
                values = [a(fr) for a in args]
            try:
                return impl(fr, values, pos)
            except ScriptError as err:
                if err.pos is None:
                    raise _fault(err.message, pos) from None
                raise
        return call

    @staticmethod
    def _fails(message: str, pos: A.Pos) -> Code:
        def fail(fr: _Frame) -> Value:
            raise _fault(message, pos)
        return fail

    # -- statements ---------------------------------------------------------

    def block(self, stmts: tuple[A.Stmt, ...]) -> Code:
        self.locals.append(set())
        try:
            codes = tuple(self.stmt(s) for s in stmts)
        finally:
            self.locals.pop()
        if len(codes) == 1:
            return codes[0]

        def run(fr: _Frame) -> None:
            for code in codes:
                code(fr)
        return run

    def stmt(self, node: A.Stmt) -> Code:
        if isinstance(node, A.ExprStmt) and isinstance(node.expr, A.Call) and \
                self._call_problem(node.expr) is None:
            return self._call(node.expr, node)   # the statement's step inside
        code = getattr(self, "s_" + type(node).__name__)(node)
        pos = node.pos

        def step(fr: _Frame) -> None:
            fr.steps += 1   # _tick inlined, as in calls
            if fr.steps > MAX_STEPS:
                raise _over_budget(pos)
            code(fr)
        return step

    def s_Let(self, node: A.Let) -> Code:
        """``let x = EXPR``"""
        value, name = self.expr(node.value), node.name
        self.locals[-1].add(name)
        self.scratch = True

        def let(fr: _Frame) -> None:
            fr.locals[name] = value(fr)
        return let

    def s_Assign(self, node: A.Assign) -> Code:
        """``x = EXPR`` (a local, a card ``var``, or ``amount`` where it may be set)"""
        value, name, pos = self.expr(node.value), node.name, node.pos
        kind = self.scope.kind_of(name, self.visible)
        self.scratch = self.scratch or kind == "local" or kind == "var"
        if kind == "local":
            def set_local(fr: _Frame) -> None:
                fr.locals[name] = value(fr)
            return set_local
        if kind == "var":
            def set_var(fr: _Frame) -> None:
                fr.vars[name] = value(fr)
            return set_var
        if kind == "context" and name in self.scope.assignable:
            def set_name(fr: _Frame) -> None:
                fr.names[name] = value(fr)
            return set_name
        return self._fails(f"cannot assign to '{name}'", pos)

    def s_If(self, node: A.If) -> Code:
        """``if C { … } elif C { … } else { … }``"""
        branches = tuple((self.condition(self.expr(c)), self.block(body))
                         for c, body in node.branches)
        orelse = self.block(node.orelse) if node.orelse is not None else None

        def run(fr: _Frame) -> None:
            for cond, body in branches:
                if cond(fr):
                    body(fr)
                    return
            if orelse is not None:
                orelse(fr)
        return run

    def s_Repeat(self, node: A.Repeat) -> Code:
        """``repeat N { … }`` (0 ≤ N ≤ MAX_REPEAT)"""
        count, body, pos = self.expr(node.count), self.block(node.body), node.count.pos

        def run(fr: _Frame) -> None:
            n = _int(count(fr), pos, "repeat count")
            if not 0 <= n <= MAX_REPEAT:
                raise _fault(f"repeat count {n} is out of range (0 to {MAX_REPEAT})", pos)
            for _ in range(n):
                _tick(fr, pos)
                body(fr)
        return run

    def s_For(self, node: A.For) -> Code:
        """``for x in LIST { … }``"""
        iterable, pos, name = self.expr(node.iterable), node.iterable.pos, node.var
        self.locals.append({name})
        self.scratch = True
        try:
            body = self.block(node.body)
        finally:
            self.locals.pop()

        def run(fr: _Frame) -> None:
            items = _sized(_list(iterable(fr), pos, "'for' needs a list; this"), pos)
            saved = fr.locals.get(name, _MISSING)
            for item in items:
                _tick(fr, pos)
                fr.locals[name] = item
                body(fr)
            if saved is _MISSING:
                fr.locals.pop(name, None)
            else:
                fr.locals[name] = saved
        return run

    def s_Cancel(self, node: A.Cancel) -> Code:
        """``cancel`` (in ``before use``): the dice are spent, nothing happens."""
        def run(fr: _Frame) -> None:
            fr.cancelled = True
            raise _Halt
        return run

    def s_Stop(self, node: A.Stop) -> Code:
        """``stop``: end this script."""
        def run(fr: _Frame) -> None:
            raise _Halt
        return run

    def s_ExprStmt(self, node: A.ExprStmt) -> Code:
        """``f(x)``: an expression run for its effect."""
        return self.expr(node.expr)


_MISSING = object()

# ------------------------------------------------------------ operators

def _compare(op: str) -> Callable[[Value, Value, A.Pos], bool]:
    import operator
    fn = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}[op]

    def compare(a: Value, b: Value, pos: A.Pos) -> bool:
        if type(a) is int and type(b) is int or type(a) is str and type(b) is str:
            return fn(a, b)
        raise _fault(f"cannot compare {type_name(a)} with {type_name(b)} using '{op}'", pos)
    return compare


def _contains(a: Value, b: Value, pos: A.Pos) -> bool:
    if type(b) is tuple:
        return any(_equal(a, item) for item in b)
    if type(b) is str and type(a) is str:
        return a in b
    raise _fault(f"'in' needs a list (or a string in a string), not {type_name(b)}", pos)


def _add(a: Value, b: Value, pos: A.Pos) -> Value:
    if type(a) is int and type(b) is int:
        return _checked(a + b, pos)
    if type(a) is str and type(b) is str:
        return _text(a + b, pos)
    if type(a) is tuple and type(b) is tuple:
        return _sized(a + b, pos)
    raise _fault(f"cannot add {type_name(a)} and {type_name(b)}", pos)


def _arith(op: str) -> Callable[[Value, Value, A.Pos], int]:
    def arith(a: Value, b: Value, pos: A.Pos) -> int:
        if type(a) is not int or type(b) is not int:
            raise _fault(f"'{op}' needs numbers, not {type_name(a)} and {type_name(b)}", pos)
        if op == "-":
            n = a - b
        elif op == "*":
            n = a * b
        elif b == 0:
            raise _fault("division by zero" if op == "/" else "modulo by zero", pos)
        else:
            n = a // b if op == "/" else a % b
        # _checked's test here: a number in range needs no call (_checked raises).
        return n if -MAX_INT <= n <= MAX_INT else _checked(n, pos)
    return arith


#: The operators that give true or false.
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "notin"})

_BINARY: dict[str, Callable[[Value, Value, A.Pos], Value]] = {
    "==": lambda a, b, pos: _equal(a, b),
    "!=": lambda a, b, pos: not _equal(a, b),
    "<": _compare("<"), "<=": _compare("<="), ">": _compare(">"), ">=": _compare(">="),
    "in": _contains,
    "notin": lambda a, b, pos: not _contains(a, b, pos),
    "+": _add, "-": _arith("-"), "*": _arith("*"), "/": _arith("/"), "%": _arith("%"),
}

# -------------------------------------------------------------- built-ins
# Each takes (frame, argument values, position of the call) and returns the call's value.

def _amount(value: Value, pos: A.Pos | None, what: str = "amount") -> int:
    """A damage, heal or stack count: a number, negative read as 0."""
    if type(value) is not int:
        _int(value, pos, what)         # the fault (a number needs no call of _int)
    return value if value > 0 else 0


def _dtype(args: list, i: int, pos: A.Pos | None) -> str:
    if len(args) <= i:
        return "normal"
    value = args[i]
    if value not in DAMAGE_TYPES or type(value) is not str:
        raise _fault(f"damage type must be one of {', '.join(DAMAGE_TYPES)}, "
                     f"not {show(value)}", pos)
    return value


def _status(fr: _Frame, value: Value, pos: A.Pos | None) -> str:
    if type(value) is not str or value not in fr.statuses:
        raise _fault(f"not a status: {show(value)}", pos)
    return value


def _die(value: Value, pos: A.Pos | None) -> int:
    if type(value) is not int:
        _int(value, pos, "a die")      # the fault (a number needs no call of _int)
    if not 1 <= value <= 6:
        raise _fault(f"a die must be 1 to 6, not {value}", pos)
    return value


def _damage(kind: str, to_self: bool) -> Callable:
    typed = kind in ("attack", "pierce")

    def damage(fr: _Frame, args: list, pos: A.Pos) -> int:
        dtype = _dtype(args, 1, pos) if typed and len(args) > 1 else "normal"
        amount = args[0]
        if type(amount) is not int:   # _amount, inlined: the commonest call of all
            amount = _int(amount, pos, "amount")
        return fr.fx.damage(amount if amount > 0 else 0, dtype, to_self=to_self, kind=kind)
    return damage


def _drain(fr: _Frame, args: list, pos: A.Pos) -> int:
    removed = fr.fx.damage(_amount(args[0], pos), "normal", to_self=False, kind="attack")
    if removed:
        fr.fx.heal(removed)
    return removed


def _add_status(to_self: bool) -> Callable:
    def add(fr: _Frame, args: list, pos: A.Pos) -> int:
        status = _status(fr, args[0], pos)
        n = _amount(args[1], pos, "stacks") if len(args) > 1 else 1
        if n:
            fr.fx.add_status(status, n, to_self=to_self)
        return n
    return add


def _remove_status(to_self: bool) -> Callable:
    def remove(fr: _Frame, args: list, pos: A.Pos) -> int:
        status = _status(fr, args[0], pos)
        n = _amount(args[1], pos, "stacks") if len(args) > 1 else None
        return fr.fx.remove_status(status, n, to_self=to_self)
    return remove


def _burning(fr: _Frame, args: list, i: int, pos: A.Pos) -> bool:
    """True when the ``i``-th argument (given) marks the dice burning (``burn``); a fault
    for another mark."""
    mark = _status(fr, args[i], pos)
    if mark not in DIE_MARKS:
        raise _fault(f"a die given can be marked burn (a burning die), not {mark}", pos)
    return True


def _give(fr: _Frame, args: list, pos: A.Pos) -> int:
    value = args[0]
    dice = tuple(_die(v, pos) for v in value) if type(value) is tuple else (_die(value, pos),)
    burning = _burning(fr, args, 1, pos) if len(args) > 1 else False
    if dice:
        fr.fx.give_dice(dice, burning)
    return len(dice)


def _set_dice(fr: _Frame, args: list, pos: A.Pos) -> int:
    """``set_dice(xs)``: the values are checked here, whatever the pool; the engine checks
    that the pool stays within MAX_DICE with the dice the call leaves alone."""
    values = _list(args[0], pos, "set_dice()'s argument")
    if len(values) > MAX_DICE:
        raise _fault(f"set_dice() of {len(values)} dice: a pool holds at most {MAX_DICE}", pos)
    dice = tuple(_die(v, pos) for v in values)
    fr.fx.set_dice(dice)
    return len(dice)


def combine_values(n: int) -> tuple[int, ...]:
    """``combine(n)``: as many 6s as fit, then the remainder.

    >>> combine_values(9), combine_values(12), combine_values(0)
    ((6, 3), (6, 6), ())
    """
    sixes, rest = divmod(max(0, n), 6)
    return (6,) * sixes + ((rest,) if rest else ())


def _combine(fr: _Frame, args: list, pos: A.Pos) -> tuple:
    n = _int(args[0], pos)
    if n > 6 * MAX_DICE:
        raise _fault(f"combine({n}) would make more than {MAX_DICE} dice", pos)
    return combine_values(n)


@lru_cache(maxsize=None)   # at most 36 × 6 arguments reach it; building one costs ~10 ms
def split_outcomes(n: int, parts: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """The distribution of ``split(n, parts)``: every ordered way to write ``n`` as
    ``parts`` dice (1..6), equally likely. ``parts`` shrinks to ``n`` when ``n`` is smaller.

    >>> [v for v, _ in split_outcomes(4, 2)]
    [(1, 3), (2, 2), (3, 1)]
    >>> split_outcomes(1, 2)
    (((1,), Fraction(1, 1)),)
    """
    parts = min(parts, n)
    ways: list[tuple[int, ...]] = [()]
    for i in range(parts):
        left = parts - i - 1
        ways = [w + (v,) for w in ways for v in range(1, 7)
                if left <= n - sum(w) - v <= 6 * left]
    return uniform(ways)


def _split(fr: _Frame, args: list, pos: A.Pos) -> tuple:
    n = _int(args[0], pos)
    parts = _int(args[1], pos, "parts") if len(args) > 1 else 2
    if not 1 <= parts <= 6:
        raise _fault(f"split into {parts} parts: parts must be 1 to 6", pos)
    if not 1 <= n <= 6 * parts:
        raise _fault(f"cannot split {n} into {parts} dice of 1 to 6", pos)
    return _choose(fr, split_outcomes(n, parts), pos)


def _reroll(fr: _Frame, args: list, pos: A.Pos) -> int:
    burning = _burning(fr, args, 0, pos) if args else False   # (faults before the roll)
    value = _choose(fr, D6, pos)
    fr.fx.give_dice((value,), burning)
    return value


def _roll(fr: _Frame, args: list, pos: A.Pos) -> int:
    a, b = _int(args[0], pos), _int(args[1], pos)
    if a > b:
        raise _fault(f"roll({a}, {b}): the first number must not be above the second", pos)
    if b - a >= MAX_ROLL:
        raise _fault(f"roll({a}, {b}) has more than {MAX_ROLL} outcomes", pos)
    return _choose(fr, _roll_outcomes(a, b), pos)


@lru_cache(maxsize=256)
def _roll_outcomes(a: int, b: int) -> tuple[tuple[int, Fraction], ...]:
    """``roll(a, b)``'s distribution, made once: a wide one is a thousand Fractions."""
    return uniform(range(a, b + 1))


def _chance(fr: _Frame, args: list, pos: A.Pos) -> bool:
    pct = min(100, max(0, _int(args[0], pos, "a percentage")))
    return _choose(fr, _percent(pct), pos)


@lru_cache(maxsize=None)   # 101 percentages at most: each distribution made once
def _percent(pct: int) -> tuple[tuple[bool, Fraction], ...]:
    """``chance(pct)``'s distribution (an outcome of probability 0 left out)."""
    return tuple((v, p) for v, p in ((True, Fraction(pct, 100)),
                                     (False, Fraction(100 - pct, 100))) if p)


def _pick(fr: _Frame, args: list, pos: A.Pos) -> Value:
    items = _list(args[0], pos)
    if not items:
        raise _fault("pick() from an empty list", pos)
    return _choose(fr, uniform_over(items), pos)


def _shuffle(fr: _Frame, args: list, pos: A.Pos) -> tuple:
    """A random order as a chain of picks: each an exact, small chance point."""
    left = list(_list(args[0], pos))
    out = []
    while len(left) > 1:
        value = _choose(fr, uniform_over(tuple(left)), pos)
        # list.remove would take a 1 for a true: remove an item the language calls equal
        del left[next(i for i, item in enumerate(left) if _equal(item, value))]
        out.append(value)
    return tuple(out + left)


def _effect(method: str, kind: Callable[[Value, A.Pos | None], Any] = _amount) -> Callable:
    def call(fr: _Frame, args: list, pos: A.Pos) -> Value:
        value = kind(args[0], pos)
        getattr(fr.fx, method)(value)
        return value
    return call


def _signed(value: Value, pos: A.Pos | None) -> int:
    return _int(value, pos, "points")


def _say(fr: _Frame, args: list, pos: A.Pos) -> int:
    fr.fx.say(_text(show(_named(fr, args[0])), pos))
    return 0


def _named(fr: _Frame, value: Value) -> Value:
    """What ``say`` prints for a value: a card or a fighter says its name, in a list too
    (``say(self.used_this_turn)`` lists the cards' names)."""
    if type(value) is FighterRef:
        return fr.fx.fighter_field(value.who, "name")
    if type(value) is CardRef:      # a card says its name, as a fighter does
        return fr.fx.card_field(value, "name")
    if type(value) is tuple:
        return tuple(_named(fr, v) for v in value)
    return value


def _card_name(value: Value, pos: A.Pos | None) -> str:
    if type(value) is not str:
        raise _fault(f"a card's name must be a string, not {type_name(value)}", pos)
    return value


def _replace_card(fr: _Frame, args: list, pos: A.Pos) -> int:
    card = _card(args[0], pos, "replace_card", "target.cards or self.cards")
    fr.fx.replace_card(card, _card_name(args[1], pos))
    return 0


def _card_or_name(value: Value, pos: A.Pos | None) -> str | CardRef:
    """``give_card``'s argument: a card's name, or a card (a copy of it is given)."""
    if type(value) is CardRef:
        return value
    if type(value) is not str:
        raise _fault(f"give_card() needs a card or a card's name, not {type_name(value)}",
                     pos)
    return value


def _card(value: Value, pos: A.Pos | None, func: str = "take_card",
          where: str = "target.cards") -> CardRef:
    if type(value) is not CardRef:
        raise _fault(f"{func}() needs a card (one of {where}), not "
                     f"{type_name(value)}", pos)
    return value


def _turns(func: str, turns: Value, pos: A.Pos) -> int:
    """The ``turns`` of ``take_card(c, turns)``, ``give_card(c, who, turns)`` or
    ``extra_dice(n, who, turns)``."""
    if type(turns) is not int or turns < 1:
        raise _fault(f"{func}()'s turns is a whole number of turns, at least 1, not "
                     f"{turns if type(turns) is int else type_name(turns)}", pos)
    return turns


def _take_card(fr: _Frame, args: list, pos: A.Pos) -> int:
    card = _card(args[0], pos)
    if len(args) < 2:
        fr.fx.take_card(card)
        return 0
    fr.fx.take_card(card, _turns("take_card", args[1], pos))
    return 0


def _to_self(func: str, args: list, pos: A.Pos) -> bool:
    """Whether a call's second argument, a fighter, is the owner (it is when left out)."""
    if len(args) < 2:
        return True
    if type(args[1]) is not FighterRef:
        raise _fault(f"{func}()'s second argument is a fighter (self or target), "
                     f"not {type_name(args[1])}", pos)
    return args[1].who == "self"


def _extra_dice(fr: _Frame, args: list, pos: A.Pos) -> int:
    count = _int(args[0], pos, "extra_dice()'s count")
    to_self = _to_self("extra_dice", args, pos)
    if len(args) > 2:
        fr.fx.extra_dice(count, to_self, _turns("extra_dice", args[2], pos))
    else:
        fr.fx.extra_dice(count, to_self)
    return count


def _give_card(fr: _Frame, args: list, pos: A.Pos) -> int:
    to_self = _to_self("give_card", args, pos)
    card = _card_or_name(args[0], pos)
    if len(args) > 2:
        fr.fx.give_card(card, to_self, _turns("give_card", args[2], pos))
    else:
        fr.fx.give_card(card, to_self)
    return 0


def _mark_card(mark: str) -> Callable[[_Frame, list, A.Pos], int]:
    def call(fr: _Frame, args: list, pos: A.Pos) -> int:
        card = _card(args[0], pos, f"{mark}_card", "target.cards or self.cards")
        return 1 if fr.fx.mark_card(card, mark) else 0
    return call


def _discard(fr: _Frame, args: list, pos: A.Pos) -> int:
    fr.fx.discard(_card(args[0], pos, "discard", "target.cards or self.cards"))
    return 0


def _end_turn(fr: _Frame, args: list, pos: A.Pos) -> int:
    if not args:
        return 1 if fr.fx.end_turn() else 0
    if type(args[0]) is not FighterRef:
        raise _fault(f"end_turn()'s argument is a fighter (self or target), not "
                     f"{type_name(args[0])}", pos)
    return 1 if fr.fx.end_turn(args[0].who == "self") else 0


def _extremum(pick: Callable) -> Callable:
    def call(fr: _Frame, args: list, pos: A.Pos) -> int:
        if len(args) == 1:
            items = _list(args[0], pos)
            if not items:
                raise _fault(f"{pick.__name__}() of an empty list", pos)
            return pick(_int(v, pos, "each item") for v in items)
        return pick(_int(args[0], pos), _int(args[1], pos))
    return call


def _len(fr: _Frame, args: list, pos: A.Pos) -> int:
    value = args[0]
    if type(value) not in (tuple, str):
        raise _fault(f"len() needs a list or a string, not {type_name(value)}", pos)
    return len(value)


def _sum(fr: _Frame, args: list, pos: A.Pos) -> int:
    return _checked(sum(_int(v, pos, "each item") for v in _list(args[0], pos)), pos)


_IMPLS: dict[str, Callable[[_Frame, list, A.Pos], Value]] = {
    "attack": _damage("attack", False),
    "pierce": _damage("pierce", False),
    "hurt_self": _damage("hurt", True),
    "recoil": _damage("recoil", True),
    "heal": lambda fr, args, pos: fr.fx.heal(_amount(args[0], pos)),
    "drain": _drain,
    "inflict": _add_status(False),
    "gain": _add_status(True),
    "cure": _remove_status(True),
    "strip": _remove_status(False),
    "give": _give,
    "set_dice": _set_dice,
    "combine": _combine,
    "split": _split,
    "reroll": _reroll,
    "roll": _roll,
    "chance": _chance,
    "pick": _pick,
    "shuffle": _shuffle,
    "boost_countdowns": _effect("boost_countdowns"),
    "extra_dice": _extra_dice,
    "bonus": _effect("bonus", _signed),
    "say": _say,
    "min": _extremum(min),
    "max": _extremum(max),
    "abs": lambda fr, args, pos: abs(_int(args[0], pos)),
    "len": _len,
    "sum": _sum,
    "count": lambda fr, args, pos: sum(1 for v in _list(args[0], pos) if _equal(v, args[1])),
    "give_card": _give_card,
    "shock_card": _mark_card("shock"),
    "weaken_card": _mark_card("weaken"),
    "discard": _discard,
    "take_card": _take_card,
    "end_turn": _end_turn,
    "replace_with": _effect("replace_with", _card_name),
    "replace_card": _replace_card,
}
assert set(_IMPLS) == set(BUILTINS), "every built-in needs an implementation"

# --------------------------------------------------------------- scripts

def reaches_chance(node: Any) -> bool:
    """Whether a script (any AST node, or a tuple of them) can reach a chance point."""
    return _holds(node, lambda item: isinstance(item, A.Call) and item.func in BUILTINS
                  and BUILTINS[item.func].random)


def ends_turn(node: Any) -> bool:
    """Whether a script (any AST node, or a tuple of them) may end its owner's turn:
    ``end_turn()``, ``end_turn(self)`` (``end_turn(target)`` ends the other's)."""
    return _holds(node, lambda item: isinstance(item, A.Call) and _ends_own(item))


def _ends_own(call: A.Call) -> bool:
    """Whether a call is an ``end_turn`` that may end its owner's turn (any but
    ``end_turn(target)``, which ends the other fighter's)."""
    return call.func == "end_turn" and _whose_end(call) != OTHER


#: The built-ins that take or give a card for a while (with their ``turns``).
_CARD_LOANS = frozenset({"take_card", "give_card"})


def _lends(call: A.Call) -> bool:
    """Whether a call takes or gives a card for a while (``take_card(c, turns)``,
    ``give_card(c, who, turns)``): the end of a turn may take it away."""
    return call.func in _CARD_LOANS and len(call.args) > TURNS_ARG[call.func]


#: The fighter fields that tell which cards it used (a fight's key holds them only when
#: some script may read one).
HISTORY_FIELDS = frozenset({"last_used", "used_this_turn"})
#: The fields that count uses: a fighter's this turn, a card's this fight, and the list of
#: the cards a fighter used this turn (``len(self.used_this_turn)``). A card that may be
#: used without end is not counted where no script may read the count (``Fight`` then sees
#: the loop of a card that gives its die back).
COUNT_FIELDS = frozenset({"cards_used", "times_used", "used_this_turn"})
#: What a script reads of the counts of uses (script_facts): none, its own card's
#: ``card.times_used`` only, or another (any card's, a fighter's ``cards_used`` or
#: ``used_this_turn``).
NO_COUNT, OWN_COUNT, ANY_COUNT = 0, 1, 2


def reads_last_used(node: Any) -> bool:
    """Whether a script (any AST node, or a tuple of them) reads a fighter's
    ``last_used`` or ``used_this_turn`` (the AI's key of a position holds them only when
    some script may)."""
    return _holds(node, lambda item: isinstance(item, A.Field) and item.name in HISTORY_FIELDS)


def _holds(node: Any, wanted: Callable[[Any], bool]) -> bool:
    """Whether a script holds a node (a call, a field…) that is ``wanted``."""
    return find_node(node, wanted) is not None


def find_node(node: Any, wanted: Callable[[Any], bool]) -> Any:
    """The first node of a script (any AST node, or a tuple of them) that is ``wanted``,
    in the order it is written; None if there is none."""
    for item in walk_nodes(node):
        if wanted(item):
            return item
    return None


#: Per AST class, the fields that hold its parts, last first (see walk_nodes).
_PART_FIELDS: dict[type, tuple[str, ...]] = {}


def _part_fields(cls: type) -> tuple[str, ...]:
    fields = _PART_FIELDS.get(cls)
    if fields is None:
        fields = _PART_FIELDS[cls] = () if cls is A.Pos else tuple(
            f for f in reversed(getattr(cls, "__dataclass_fields__", ()))
            if f not in ("pos", "func_pos", "name_pos"))
    return fields


def walk_nodes(node: Any) -> Iterator[Any]:
    """Every node of a script (any AST node, or a tuple of them) and every value in its
    fields, in the order it is written."""
    stack = [node]
    pop, push = stack.pop, stack.extend
    while stack:
        item = pop()
        if type(item) is tuple:
            push(reversed(item))
        else:
            yield item
            fields = _part_fields(type(item))
            if fields:
                push([getattr(item, f) for f in fields])


def script_facts(node: Any) -> tuple[bool, bool, bool, bool, bool, int]:
    """In one walk of a script: whether it can reach a chance point
    (:func:`reaches_chance`), may end its owner's turn (:func:`ends_turn`), reads a
    fighter's ``last_used`` or ``used_this_turn`` (:func:`reads_last_used`), takes a
    card for a while (``take_card(c, turns)``), calls ``end_turn`` at all (then
    :func:`turn_endings` says whose and how surely), and which counts of uses it reads
    (:data:`COUNT_FIELDS`: :data:`NO_COUNT`, :data:`OWN_COUNT`, :data:`ANY_COUNT`)."""
    random = ends = reads = lends = calls_end = False
    counts = NO_COUNT
    for item in walk_nodes(node):
        kind = type(item)
        if kind is A.Call:
            builtin = BUILTINS.get(item.func)
            random = random or (builtin is not None and builtin.random)
            ends = ends or _ends_own(item)
            lends = lends or _lends(item)
            calls_end = calls_end or item.func == "end_turn"
        elif kind is A.Field:
            if item.name in HISTORY_FIELDS:
                reads = True
            if item.name in COUNT_FIELDS:
                own = item.name == "times_used" and type(item.obj) is A.Name and \
                    item.obj.id == "card"
                counts = max(counts, OWN_COUNT if own else ANY_COUNT)
    return random, ends, reads, lends, calls_end, counts


#: One status-adding call of a script: the built-in (``inflict``: to the target, ``gain``:
#: to the owner; ``bonus``: points, no status), the status (None: named some other way, any
#: status), the stacks' (or points') expression (None: not known) and how many times one
#: run may make it at most (the loops around it: a ``repeat`` of a number written, else
#: 100, the most a loop goes round). A call that brings a card into play is one too
#: (:data:`CARD_CALLS`): the card's name when written as a constant (``give_card("Dagger")``,
#: ``replace_with("Torch")``; None: a card value, or a name worked out), and its second
#: argument (``give_card``'s fighter, ``take_card``'s turns; None: none). So is a
#: ``boost_countdowns``, with its amount.

Added = tuple[str, "str | None", "A.Expr | None", int]
#: The built-ins that bring a card into play: given, taken, or a card changed into another.
CARD_CALLS = frozenset({"give_card", "take_card", "replace_with", "replace_card"})
#: The calls of :data:`Added` whose second field names no status.
_NAMES_NO_STATUS = CARD_CALLS | {"boost_countdowns"}


def script_calls(node: Any, scope: Scope) -> tuple[frozenset[str], tuple[Added, ...]]:
    """The built-ins a script (any AST node, or a tuple of them) calls, and its calls that
    add a status or points (``bonus``, with no status) or bring a card into play
    (:data:`Added`). A status counts as named when the argument is its name
    as a constant (not hidden by a local, a ``for`` variable, a card's ``var`` or a
    context name); the stacks' expression is not known when the script or its card has a
    ``d`` of its own. What the AI reads to bound what a turn can be worth
    (:class:`dicey.ai.score.Ceiling`).

    >>> from dicey.lang.parser import parse_stmts
    >>> scope = Scope(statuses=frozenset({"poison", "shield"}), context=frozenset({"d"}))
    >>> calls, adds = script_calls(parse_stmts("attack(d); repeat 2 { gain(shield) }"),
    ...                            scope)
    >>> sorted(calls), [(func, status, times) for func, status, _, times in adds]
    (['attack', 'gain'], [('gain', 'shield', 2)])
    >>> script_calls(parse_stmts("let s = poison; inflict(s, 3)"), scope)[1][0][1] is None
    True
    >>> script_calls(parse_stmts('give_card("Dagger"); replace_with(s)'), scope)[1]
    (('give_card', 'Dagger', None, 1), ('replace_with', None, None, 1))
    >>> script_calls(parse_stmts('replace_card(c, "Rock")'), scope)[1][0][:2]
    ('replace_card', 'Rock')
    """
    calls: set[str] = set()
    found: list[tuple[str, Any, Any, int]] = []
    bound: set[str] = set()

    def visit(item: Any, times: int) -> None:
        kind = type(item)
        if kind is tuple:
            for part in item:
                visit(part, times)
            return
        if kind is A.Repeat:
            visit(item.count, times)
            count = item.count.value if type(item.count) is A.Int else MAX_REPEAT
            visit(item.body, times * max(0, min(count, MAX_REPEAT)))
            return
        if kind is A.For:
            bound.add(item.var)
            visit(item.iterable, times)
            visit(item.body, times * MAX_LIST)
            return
        if kind is A.Call:
            calls.add(item.func)
            if item.func in ("inflict", "gain"):
                arg = item.args[0] if item.args else None
                amount = item.args[1] if len(item.args) > 1 else A.Int(1)
                found.append((item.func, arg.id if isinstance(arg, A.Name) else None,
                              amount, times))
            elif item.func == "bonus":      # (its points, bounded as stacks are)
                found.append(("bonus", None, item.args[0] if item.args else None, times))
            elif item.func == "boost_countdowns":   # (how often it may run)
                found.append((item.func, None, item.args[0] if item.args else None, times))
            elif item.func in CARD_CALLS:   # (the card's name, when a constant)
                args = item.args
                if item.func == "replace_card":     # (the card, then its new name)
                    args = args[1:2] + args[:1]
                arg = args[0] if args else None
                found.append((item.func, arg.value if isinstance(arg, A.Str) else None,
                              args[1] if len(args) > 1 else None, times))
        elif kind is A.Let or kind is A.Assign:
            bound.add(item.name)
        for name in _part_fields(kind):
            visit(getattr(item, name), times)

    visit(node, 1)
    hidden = bound | set(scope.vars) | (set(scope.context) - {"d"})
    d_hidden = "d" in bound or "d" in scope.vars       # (a d of its own: not the dice)
    adds = tuple((func, status if status in scope.statuses and status not in hidden
                  else None, None if d_hidden else amount, times)
                 if func not in _NAMES_NO_STATUS else (func, status, amount, times)
                 for func, status, amount, times in found)
    return frozenset(calls), adds


#: Whose turn an ``end_turn`` call ends, by its argument: ``"own"`` (none, ``self``),
#: ``"other"`` (``target``) or ``"some"`` (anything else: the checker refuses it in cards).
OWN, OTHER, SOME = "own", "other", "some"


def _whose_end(call: A.Call) -> str:
    if not call.args or (isinstance(call.args[0], A.Name) and call.args[0].id == "self"):
        return OWN
    if isinstance(call.args[0], A.Name) and call.args[0].id == "target":
        return OTHER
    return SOME


def turn_endings(stmts: tuple[A.Stmt, ...]) -> tuple[tuple[str, bool], ...]:
    """The turns a hook's body ends, as ``(whose, certain)`` pairs (whose: :data:`OWN`,
    :data:`OTHER`, :data:`SOME`), each once: certain when an ``end_turn`` is a statement of
    the body itself (not in an ``if`` or a loop) that every run reaches (no ``stop`` or
    ``cancel`` may come first), else it only may; none after a ``stop`` written in the body
    itself (never reached). For ``dicey cards`` and the docs: the engine asks
    :func:`ends_turn`.

    >>> from dicey.lang.parser import parse
    >>> def body(script):
    ...     return parse('equipment "X" { on use { %s } }' % script).decls[0].members[0].body
    >>> turn_endings(body("attack(d); end_turn()"))
    (('own', True),)
    >>> turn_endings(body("if d == 1 { end_turn(target) }"))
    (('other', False),)
    >>> turn_endings(body("if d < 3 { stop }\\nend_turn()"))
    (('own', False),)
    """
    found: dict[tuple[str, bool], None] = {}
    sure = True                   # (every run reaches the statement)
    for stmt in stmts:
        if isinstance(stmt, (A.Stop, A.Cancel)):
            break
        if isinstance(stmt, A.ExprStmt) and isinstance(stmt.expr, A.Call) \
                and stmt.expr.func == "end_turn":
            found[(_whose_end(stmt.expr), sure)] = None
            continue
        for item in walk_nodes(stmt):
            kind = type(item)
            if kind is A.Call and item.func == "end_turn":
                found[(_whose_end(item), False)] = None
            elif kind is A.Stop or kind is A.Cancel:
                sure = False
    return tuple(found)


def min_steps(stmts: tuple[A.Stmt, ...], past_stops: bool = False) -> int:
    """The fewest steps of the budget a run of ``stmts`` can take, by the run's own
    accounting (a statement one, a call statement two, a loop turn one): a lower bound that
    reads only what a script says for certain (a ``repeat`` or a ``for`` whose count is
    written as a number or a list, each branch of an ``if`` the cheapest, nothing after a
    ``stop`` or a ``cancel``, and one turn of a loop that holds one). Past
    :data:`MAX_STEPS`, the script faults whenever it runs: the checker refuses it.

    >>> from dicey.lang.parser import parse
    >>> def body(script):
    ...     return parse('equipment "X" { on use { %s } }' % script).decls[0].members[0].body
    >>> min_steps(body("repeat 100 { repeat 100 { attack(1) } }"))   # 1 + 100 × (2 + 300)
    30201
    >>> min_steps(body("attack(1); stop; attack(2)"))
    3

    ``past_stops``: the fewest of a run that takes no branch ending in a ``stop`` or a
    ``cancel`` while another goes on (the run whose conditions never stop it): past the
    budget, the script faults unless a stop comes first.

    >>> min_steps(body("repeat 100 { if d > 5 { stop }; repeat 100 { } }"), True)
    10301
    """
    return _least(stmts, past_stops)[0]


def _least(stmts: tuple[A.Stmt, ...], past_stops: bool = False) -> tuple[int, bool]:
    """(the fewest steps of a block, whether it may end the script: a stop or a cancel;
    with ``past_stops``, whether it must)."""
    total = 0
    for stmt in stmts:
        if isinstance(stmt, (A.Stop, A.Cancel)):
            return total + 1, True
        if isinstance(stmt, A.If):
            branches = [_least(body, past_stops) for _, body in stmt.branches]
            branches.append(_least(stmt.orelse, past_stops) if stmt.orelse is not None
                            else (0, False))
            going = [steps for steps, ends in branches if not ends]
            if past_stops and going:          # a branch that goes on is taken
                total += 1 + min(going)
                continue
            total += 1 + min(steps for steps, _ in branches)
            if any(ends for _, ends in branches):
                return total, True
        elif isinstance(stmt, (A.Repeat, A.For)):
            if isinstance(stmt, A.Repeat):
                turns = stmt.count.value if isinstance(stmt.count, A.Int) and \
                    0 <= stmt.count.value <= MAX_REPEAT else 0
            else:
                turns = len(stmt.iterable.items) if isinstance(stmt.iterable, A.ListExpr) \
                    and len(stmt.iterable.items) <= MAX_LIST else 0
            body, ends = _least(stmt.body, past_stops)
            if ends:                      # a stop inside: the first turn may be the last
                return total + 1 + min(turns, 1) * (1 + body), True
            total += 1 + turns * (1 + body)
        else:
            total += 2 if isinstance(stmt, A.ExprStmt) and isinstance(stmt.expr, A.Call) \
                else 1
    return total, False


class Script:
    """A compiled hook: ``run(effects, chance, names, card_vars)``.

    ``names`` are the context names (``d``, ``dice``, ``card``, ``amount``…); the run may set
    the assignable ones and returns them in its :class:`RunResult`. ``card_vars`` is the
    owning card's variables, changed in place.
    """

    __slots__ = ("event", "path", "pos", "is_random", "ends_turn", "reads_last", "lends",
                 "reads_counts", "turn_ends", "_calls", "_adds", "_source", "_body", "_statuses", "_scratch")

    def __init__(self, event: str, body: Code, *, path: str, pos: A.Pos | None,
                 is_random: bool, statuses: frozenset[str], scratch: bool = True,
                 ends_turn: bool = False, reads_last: bool = False, lends: bool = False,
                 reads_counts: int = ANY_COUNT, turn_ends: tuple[tuple[str, bool], ...] = (),
                 calls: frozenset[str] | None = None, adds: tuple[Added, ...] = (),
                 source: tuple[Any, Scope] | None = None):
        self.event = event
        # What script_calls says: the built-ins it calls (None: not known, any) and its
        # calls that add a status (the AI bounds a turn's worth by them). With ``source``
        # (the script's tree and scope) they are worked out when first asked: loading the
        # content does not pay for what only a plan reads.
        self._calls, self._adds, self._source = calls, adds, source
        self.ends_turn = ends_turn     # it may end its owner's turn (the AI's rule of thumb asks)
        self.reads_last = reads_last   # it reads which cards a fighter used (the AI's key asks)
        self.lends = lends             # it takes a card for a while (the turn's end asks)
        self.reads_counts = reads_counts   # the counts of uses it reads (FightRules.idle asks)
        self.turn_ends = turn_ends     # the turns it ends: turn_endings (dicey cards asks)
        self.path = path
        self.pos = pos
        self.is_random = is_random
        self._body = body
        self._statuses = statuses
        self._scratch = scratch   # whether the body reads or sets locals or card variables

    @property
    def calls(self) -> frozenset[str] | None:
        """The built-ins the script calls (None: not known, any)."""
        if self._source is not None:
            self._facts()
        return self._calls

    @property
    def adds(self) -> tuple[Added, ...]:
        """Its calls that add a status or points (:data:`Added`)."""
        if self._source is not None:
            self._facts()
        return self._adds

    def _facts(self) -> None:
        source = self._source
        if source is not None:     # (two threads may both work it out: the same answer)
            self._calls, self._adds = script_calls(*source)
            self._source = None

    def run(self, effects: Effects, chance: Chance, names: dict | None = None,
            card_vars: dict | None = None) -> RunResult:
        # _Frame(...), inlined: every card fired comes through here, and a class call
        # that runs an __init__ took about 40% longer than these stores.
        fr = _new_frame(_Frame)
        fr.fx = effects
        fr.chance = chance
        fr.names = {} if names is None else names
        if self._scratch:
            fr.vars = {} if card_vars is None else card_vars
            fr.locals = {}
        else:                     # the body reads neither: no dicts made for them
            fr.vars = fr.locals = _NOTHING
        fr.cancelled = False
        fr.statuses = self._statuses
        running = _RUNNING
        outer = running.frame
        if outer is None:
            fr.steps = fr.depth = 0
        elif outer.depth >= MAX_NESTING:
            raise ScriptError(f"hooks set one another off more than {MAX_NESTING} deep "
                              "(each hook's effects ran the next)", self.pos, self.path)
        else:                     # set off by the outer run's effects: its budget goes on
            fr.steps, fr.depth = outer.steps, outer.depth + 1
        start = fr.steps
        running.frame = fr
        try:                      # _guarded, inlined: every card fired comes through here
            self._body(fr)
        except _Halt:
            pass
        except Exception as err:
            raise self._fault(err) from None
        finally:
            running.frame = outer
            if outer is not None:
                outer.steps = fr.steps
                fr.steps -= start     # (the run's own steps, those it set off included)
        return fr

    def _guarded(self, fr: _Frame) -> Value:
        """Run the body on a frame; only ScriptError leaves."""
        try:
            return self._body(fr)
        except _Halt:
            return None
        except Exception as err:
            raise self._fault(err) from None

    def _fault(self, err: Exception) -> ScriptError:
        """The ScriptError that leaves a run for any exception inside it."""
        if isinstance(err, ScriptError):
            return self._located(err)
        if isinstance(err, RecursionError):
            return ScriptError("script nested too deeply", self.pos, self.path)
        # An effect misbehaved: still only ScriptError leaves.
        return ScriptError(f"internal error ({type(err).__name__}: {err})", self.pos,
                           self.path)

    def _located(self, err: ScriptError) -> ScriptError:
        if err.path == self.path and err.pos is not None:
            return err
        return ScriptError(err.message, err.pos or self.pos, self.path)

    def __repr__(self) -> str:
        return f"<Script {self.event} {self.path}>"


class ExprScript(Script):
    """A compiled expression (a ``var`` initialiser, a button's ``ready``):
    ``evaluate(...)`` gives its value; ``card_vars`` are the owning card's variables."""

    __slots__ = ()

    def evaluate(self, effects: Effects, chance: Chance, names: dict | None = None,
                 card_vars: dict | None = None) -> Value:
        fr = _Frame(effects, chance, {} if names is None else names,
                    {} if card_vars is None else card_vars, self._statuses)
        return self._guarded(fr)


def compile_stmts(stmts: tuple[A.Stmt, ...], *, scope: Scope, path: str = "<script>",
                  event: str = "script", pos: A.Pos | None = None) -> Script:
    """Compile a statement list (a hook's body)."""
    compiler = _Compiler(scope, path)
    body = compiler.block(stmts)
    random, ends, reads, lends, calls_end, counts = script_facts(stmts)
    return Script(event, body, path=path, pos=pos, is_random=random,
                  statuses=scope.statuses, scratch=compiler.scratch,
                  ends_turn=ends, reads_last=reads, lends=lends, reads_counts=counts,
                  turn_ends=turn_endings(stmts) if calls_end else (),
                  source=(stmts, scope))


def compile_hook(hook: A.Hook, *, path: str, scope: Scope) -> Script:
    """Compile one hook (``on use { … }``) of a declaration."""
    return compile_stmts(hook.body, scope=scope, path=path, event=hook.event, pos=hook.pos)


def compile_expr(expr: A.Expr, *, path: str, scope: Scope) -> ExprScript:
    """Compile an expression for :meth:`ExprScript.evaluate`."""
    code = _Compiler(scope, path).expr(expr)
    random, _, reads, _, _, counts = script_facts(expr)
    return ExprScript("expression", code, path=path, pos=expr.pos,
                      is_random=random, statuses=scope.statuses, reads_last=reads,
                      reads_counts=counts,
                      source=(expr, scope))


def run_source(source: str, effects: Effects, chance: Chance,
               names: Mapping[str, Value] | None = None, *, scope: Scope | None = None,
               card_vars: dict | None = None) -> RunResult:
    """Parse, compile and run a script body (for tests and tools). Names in ``names`` are
    in scope; statuses default to the 16 core ones."""
    from .parser import parse_stmts
    names = dict(names or {})
    scope = scope or Scope(frozenset(names), frozenset(card_vars or ()), CORE_STATUSES)
    return compile_stmts(parse_stmts(source), scope=scope).run(effects, chance, names,
                                                               card_vars)


#: The sixteen core status ids (content declares them; tools default to them).
CORE_STATUSES = frozenset({"poison", "burn", "freeze", "lock", "blind", "shock", "weaken",
                           "curse", "shield", "reduce", "dodge", "fury", "thorns", "pierce",
                           "survive", "reequip"})
