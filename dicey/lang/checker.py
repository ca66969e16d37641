"""The static checker: turns parsed declarations into checked definitions, or says why not.

Everything language.md §9 lists is checked here, before anything runs: unknown names,
functions, statuses, cards, fighters and hooks (each with a "did you mean …?"); argument
counts and types; properties and their values; the slot rules (slots per size, ``countdown``
alone, values 1..6, a reachable ``total``, ``none`` alone: a button, whose scripts see no
dice and whose ``ready`` condition is a pure true/false expression); ``cancel`` outside
``before use``; assignments to names that cannot change; numbers past the language's limits.
Every problem of a declaration is reported, each as a :class:`~dicey.lang.errors.Diagnostic`
at its ``file:line:col``.

:func:`check_decl` returns the definition (:mod:`dicey.lang.defs`) with its hooks still as
AST (the library compiles them once the whole unit is clean) and each definition's
``is_random`` decided statically. An ``extend dungeon { … }`` block checks to a
:class:`~dicey.lang.defs.DungeonExtension`; whether its floors exist is for the library to
say, which knows the dungeon a run walks.

>>> from dicey.lang.parser import parse
>>> decls = parse('equipment "Frosty" { on use { inflict(frostbyte) } }').decls
>>> symbols = collect_symbols(decls, collect_symbols(parse(
...     'status "Frostbite" { text: "brr" }').decls, None))
>>> defn, problems = check_decl(decls[0], "x.dice", symbols)
>>> print(problems[0])
x.dice:1:39: error: unknown status 'frostbyte' (did you mean 'frostbite'?)
"""
from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, NamedTuple

from . import ast as A
from .builtins import BUILTINS, CARD_NAME_ARGS, DIE_MARKS, TURNS_ARG
from .defs import (DungeonDef, DungeonExtension, EquipmentDef, FighterDef, FloorDef,
                   FloorExtension, LevelDef, Origin, Slot, StatusDef)
from .chance import SampleChance
from .effects import CARD_FIELDS, DAMAGE_TYPES, FIGHTER_FIELDS, RecordingEffects
from .errors import (Diagnostic, ScriptError, did_you_mean, did_you_mean_named,
                     did_you_mean_upgrade)
from .printer import print_expr
from .interp import (MAX_DICE, MAX_INT, MAX_LIST, MAX_REPEAT, MAX_STEPS, MAX_TEXT, Scope,
                     compile_expr, find_node, min_steps, reaches_chance)

# ------------------------------------------------------------------ tables

#: Hooks each kind of declaration may have.
HOOKS: dict[str, tuple[str, ...]] = {
    "equipment": ("on use", "before use", "on dodged", "on fight start", "on fight end",
                  "on turn start", "on turn end", "on any use", "on opponent use",
                  "on countdown", "on outgoing damage", "on incoming damage", "on attacked",
                  "on damage taken", "on damage dealt", "on roll"),
    "status": ("when inflicted", "on turn start", "on turn end", "on any use",
               "on opponent use", "on outgoing damage", "on incoming damage", "on attacked",
               "on damage taken", "on damage dealt", "on removed", "on roll"),
    "enemy": ("on fight start", "on fight end", "on turn start", "on turn end"),
    "hero": ("on fight start", "on fight end", "on turn start", "on turn end"),
    "dungeon": (),
}

#: Names every hook of a kind sees (besides ``self``, ``target`` and the constants).
_BASE_NAMES: dict[str, frozenset[str]] = {
    "equipment": frozenset({"d", "dice", "burning", "card", "turn", "simulation"}),
    "status": frozenset({"stacks", "turn", "simulation"}),
    "enemy": frozenset({"turn", "simulation"}),
    "hero": frozenset({"turn", "simulation"}),
}
#: Names one hook adds.
_BLOW_NAMES = frozenset({"amount", "source", "type"})
_HOOK_NAMES: dict[str, frozenset[str]] = {
    "on any use": frozenset({"used"}),
    "on opponent use": frozenset({"used"}),
    "when inflicted": frozenset({"inflicted"}),
    "on outgoing damage": _BLOW_NAMES,
    "on incoming damage": _BLOW_NAMES,
    "on attacked": _BLOW_NAMES | {"blocked"},
    "on damage taken": _BLOW_NAMES,
    "on damage dealt": _BLOW_NAMES,
    "on roll": frozenset({"rolled", "roller"}),
}
#: The names of a blow that hold one of a few values, each with what it holds (said where
#: one is compared with what it never is).
_BLOW_WORDS = {"source": "it is what struck the blow, the fighter whose card or hook it was "
                         "(self or target) or a status (poison, burn, thorns…)",
               "type": f"it is the blow's damage type ({', '.join(DAMAGE_TYPES)})"}
#: What ``source`` is never, by hook, and why (``dicey check`` says so where it is compared).
_THEIR_BLOWS = {
    "self": "it runs for the opponent's blows only",
    "poison": "poison hurts its bearer, it strikes no blow of the opponent's",
    "burn": "a burning die hurts its owner, it strikes no blow of the opponent's",
    "thorns": "thorns answer a blow and are not answered"}
_OWN_BLOWS = {"target": "it runs for the owner's blows (its cards, hooks and statuses)"}
_NEVER_STRUCK: dict[str, dict[str, str]] = {
    "on attacked": _THEIR_BLOWS,
    "on incoming damage": _THEIR_BLOWS,
    "on damage dealt": _OWN_BLOWS,
    "on outgoing damage": _OWN_BLOWS,
}
#: Names a script may reach for where it means a fighter (said where one is unknown).
_FIGHTER_WORDS = {"opponent": "target", "foe": "target",
                  "owner": "self", "me": "self"}
#: Context names a hook may assign (the engine reads them back).
_ASSIGNABLE: dict[str, frozenset[str]] = {"on outgoing damage": frozenset({"amount"}),
                                           "on incoming damage": frozenset({"amount"})}

#: Static types of the context names.
_CONTEXT_TYPES: dict[str, str] = {
    "d": "int", "dice": "list", "burning": "int", "card": "card", "used": "card", "turn": "int",
    "simulation": "bool", "stacks": "int", "amount": "int", "inflicted": "int",
    # what struck: the fighter whose card or hook it was, or a status (poison, thorns…)
    "source": "fighter|status", "type": "dtype", "blocked": "int",
    "rolled": "list", "roller": "fighter",
}
_FIGHTER_FIELD_TYPES = {"hp": "int", "max_hp": "int", "dice_count": "int", "level": "int",
                        "name": "str", "cards_used": "int", "dice": "list",
                        # lists of cards: ``last_used`` holds 0 or 1 (there is no null)
                        "cards": "list", "last_used": "list", "used_this_turn": "list"}
_CARD_FIELD_TYPES = {"times_used": "int", "uses_left": "int", "name": "str", "id": "str",
                     "upgraded": "bool", "size": "int", "shocked": "bool", "weakened": "bool",
                     "button": "bool", "single_use": "bool", "once_per_fight": "bool",
                     "countdown": "int", "slots": "int", "max_die": "int",
                     "temporary": "bool"}
#: What a fighter's lists of cards hold, said where one is read as a card.
_CARD_LISTS = {"cards": "the cards it has in play", "last_used": "0 or 1 cards",
               "used_this_turn": "the cards it used this turn, in order"}


def taken_name(name: str, scope: Scope, statuses: dict[str, str]) -> str | None:
    """What ``name`` already means where a card variable or a loop variable would be
    declared (None: nothing, it is free), in words for an error.

    >>> scope = Scope(frozenset({"self", "target", "d"}), frozenset(), frozenset({"limit"}))
    >>> taken_name("limit", scope, {"limit": "Limit"}), taken_name("d", scope, {})
    ("the status 'Limit'", 'a name every hook of the card has')
    >>> taken_name("fire", scope, {}), taken_name("repeat", scope, {}), taken_name("x", scope, {})
    ('a damage type', 'a word of the language', None)
    """
    if name in RESERVED:
        return "a word of the language"
    if name in _CARD_FIELD_TYPES:
        return f"a field every card has (card.{name})"
    kind = scope.kind_of(name, set())
    if kind == "unknown":
        return None
    if kind == "fighter":
        return "a fighter"
    if kind == "constant":
        return f"the status '{statuses[name]}'" if name in statuses else "a damage type"
    if kind == "var":
        return "a variable of this card"
    return "a name every hook of the card has"

def status_id_taken(ident: str) -> str | None:
    """What a status of the id ``ident`` could not be told from in a script, in words for
    an error (None: nothing). A status's id is a constant in every hook and a field of
    every fighter, so it may be neither a keyword, nor a name some hook sees, nor a
    fighter's field. A damage type is no clash: a status may double as one (``poison``,
    ``shock``), the place of an argument saying which is meant.

    >>> status_id_taken("hp"), status_id_taken("frostbite")
    ("'hp' is a fighter's field: 'target.hp' would read it, not the status's stacks", None)
    >>> print(status_id_taken("turn")); print(status_id_taken("amount"))
    'turn' is a name every hook sees
    'amount' is a name 'on outgoing damage', 'on incoming damage', 'on attacked', 'on damage
    taken' and 'on damage dealt' see
    """
    if ident in RESERVED:
        return f"'{ident}' is a word of the language"
    if ident in ("self", "target"):
        return f"in every hook, '{ident}' is the fighter " + (
            "the hook runs for" if ident == "self" else "it aims at")
    if all(ident in names for names in _BASE_NAMES.values()):
        return f"'{ident}' is a name every hook sees"
    places = [f"every hook of {_PLURALS[kind]}" for kind, names in _BASE_NAMES.items()
              if ident in names] + [f"'{event}'" for event, names in _HOOK_NAMES.items()
                                    if ident in names]
    if places:
        listed = f"{', '.join(places[:-1])} and {places[-1]}" if len(places) > 1 else \
            places[0]
        return f"'{ident}' is a name {listed} see{'s' * (len(places) == 1)}"
    if ident in FIGHTER_FIELDS:
        return (f"'{ident}' is a fighter's field: 'target.{ident}' would read it, not the "
                "status's stacks")
    return None


#: Tags the engine knows (others are free words for mods and the UI).
ENGINE_TAGS = frozenset({"shockimmune", "shockavoid", "shockattract", "weakenimmune",
                         "weakenavoid", "weakenattract", "curseavoid", "curseattract",
                         "cannotreuse", "fireproof"})
#: AI presets an enemy's ``ai:`` may name.
AI_PRESETS = ("easy", "normal", "hard")
#: Keys of an enemy's ``score { }`` block (the AI's weight table).
SCORE_KEYS = ("damage", "poison", "negative_status", "positive_status", "card_used",
              "countdown", "unused_pip", "move", "healing", "opponent_dead", "self_dead",
              "outlook", "fatal", "charge", "reserve", "holding", "rolls")
#: The most points a status's ``score`` may give a stack, either way (a kill is 1,000,000).
MAX_SCORE = 100_000
#: Words a keyword can never be used as a name for.
RESERVED = frozenset({"let", "if", "elif", "else", "repeat", "for", "in", "cancel", "stop",
                      "true", "false", "and", "or", "not", "var", "on", "before", "when",
                      "override", "extend", "equipment", "status", "enemy", "hero",
                      "dungeon"})

ANY = "any"
#: The names of cards a script's owner holds, which take_card() cannot take.
_OWN_CARDS = {"card": "this card, the owner's own", "used": "the owner's own card just used"}
#: The hooks whose ``used`` is the opponent's card.
_THEIR_USE = frozenset({"on opponent use"})
#: Hooks that never run in a fighter's move (end_turn() does nothing there): ``on roll``
#: runs at a turn's start, before any move.
OUTSIDE_MOVES = frozenset({"on fight start", "on fight end", "on turn start", "on turn end",
                           "on roll"})
#: The hooks of a card that run only in its owner's own moves (there, end_turn(target)
#: does nothing: the target's turn is not under way): ``on countdown`` (a die placed), and
#: the firing's own hooks of a card that is no countdown (one is fired by a die placed or a
#: button used; a countdown may be wound to 0 by a hook in the other fighter's move).
_OWN_MOVES = frozenset({"on countdown"})
_FIRING = frozenset({"on use", "before use", "on dodged"})


#: The names of a card's dice, which a button's scripts and a ``ready`` condition do not
#: see, each with why (said where one is read).
_NO_DICE = {name: f"'{name}' is not known here: a button takes no die (its scripts run "
                  "with no dice, so there is nothing to read)"
            for name in ("d", "dice", "burning")}
#: What a ``ready`` condition sees: the fighters, the card (its variables, ``times_used``,
#: ``uses_left``) and the turn. Not ``simulation``: readiness is a function of the fight.
#: A button's ``progress`` (how far it is towards being ready) sees the same.
READY_NAMES = frozenset({"self", "target", "card", "turn"})
_NOT_IN_READING = {prop: {**{name: f"'{name}' is not known in '{prop}': a button takes no "
                                   f"die, and '{prop}' is read before it is used"
                             for name in _NO_DICE},
                          "simulation": f"'simulation' is not known in '{prop}': a card is "
                                        f"{what} whoever looks (the AI's look-ahead sees "
                                        "what the player sees)"}
                   for prop, what in (("ready", "ready or not"),
                                      ("progress", "as far along"))}


#: What a context name that only some hooks see holds, for the error where it is not seen.
_CONTEXT_WORDS = {"d": "the total of the dice placed on the card",
                  "dice": "the dice placed on the card",
                  "burning": "how many of the dice placed on it burn", "card": "the card itself",
                  "stacks": "the status's stacks on its bearer", "used": "the card used",
                  "amount": "the damage", "inflicted": "the stacks inflicted",
                  "source": "what struck the blow", "type": "the blow's damage type",
                  "blocked": "what reduce and shield took of the blow",
                  "rolled": "the dice a fighter rolled", "roller": "the fighter who rolled"}
_KIND_WORDS = {"equipment": "a card's", "status": "a status's", "enemy": "an enemy's",
               "hero": "a hero's"}


def _known_only_in(name: str) -> str:
    """Where a context name that only some hooks see is known, in words (``a card's hooks
    (the total of the dice placed on the card)``), or "" for a name no hook sees."""
    kinds = [_KIND_WORDS[kind] for kind, names in _BASE_NAMES.items() if name in names]
    events = [f"'{event}'" for event, names in _HOOK_NAMES.items() if name in names]
    if not kinds and not events or len(kinds) == len(_BASE_NAMES):
        return ""
    where = f"{' and '.join(kinds)} hooks" if kinds else _listed_hooks(_HOOK_NAMES, name)
    return f"{where} ({_CONTEXT_WORDS[name]})" if name in _CONTEXT_WORDS else where


def _listed_hooks(table: dict[str, frozenset[str]], name: str) -> str:
    """The hooks of ``table`` (hook → names) with ``name``, in words: ``the 'on outgoing
    damage' and 'on incoming damage' hooks``."""
    events = [f"'{event}'" for event, names in table.items() if name in names]
    return f"the {', '.join(events[:-1])}{' and ' * (len(events) > 1)}{events[-1]} " \
        f"hook{'s' * (len(events) > 1)}"


def hook_scope(kind: str, event: str, var_names: Iterable[str],
               statuses: Iterable[str], *, button: bool = False) -> Scope:
    """The names a hook of a ``kind`` declaration sees when it runs (a ``button``'s hooks
    see no dice)."""
    context = _BASE_NAMES.get(kind, frozenset()) | _HOOK_NAMES.get(event, frozenset())
    if button:
        context = context - _NO_DICE.keys()
    return Scope(context=context | {"self", "target"}, vars=frozenset(var_names),
                 statuses=frozenset(statuses), assignable=_ASSIGNABLE.get(event, frozenset()))


# ----------------------------------------------------------------- symbols

@dataclass
class Symbols:
    """Every id known while checking a unit: what earlier units loaded plus this unit's own.

    Each table maps an id to its display name; ``sizes`` maps card ids to their size.
    """

    statuses: dict[str, str] = field(default_factory=dict)
    equipment: dict[str, str] = field(default_factory=dict)
    enemies: dict[str, str] = field(default_factory=dict)
    heroes: dict[str, str] = field(default_factory=dict)
    dungeons: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    #: card id -> whether the card declares an ``upgraded`` block (for ``"Name+"``)
    upgrades: dict[str, bool] = field(default_factory=dict)
    #: For the unit being checked, what a name unknown to it is elsewhere: ``(kind, id)``
    #: -> a hint such as `` (Swinger is declared in mod 'tuitest', which loads after this
    #: one: …)``, or "" (see :func:`elsewhere`; the library sets it for a mod).
    outside: Callable[[str, str], str] | None = None

    def table(self, kind: str) -> dict[str, str]:
        return {"status": self.statuses, "equipment": self.equipment, "enemy": self.enemies,
                "hero": self.heroes, "dungeon": self.dungeons}[kind]

    def copy(self) -> "Symbols":
        """The tables copied (a unit's own hints are not: a copy has none)."""
        return Symbols(*(dict(getattr(self, f.name)) for f in dataclasses.fields(self)
                         if f.name != "outside"))


def collect_symbols(decls: Iterable[A.TopLevel], before: Symbols | None) -> Symbols:
    """``before`` (or nothing) plus the ids the given declarations declare (an extension
    declares none)."""
    symbols = before.copy() if before is not None else Symbols()
    declared: set[tuple[str, str]] = set()
    for decl in decls:
        if not isinstance(decl, A.Decl):
            continue
        ident = A.make_id(decl.name)
        if decl.kind not in HOOKS or not ident or (decl.kind, ident) in declared:
            continue   # a duplicate is an error elsewhere; the first declaration keeps its id
        declared.add((decl.kind, ident))
        symbols.table(decl.kind)[ident] = decl.name
        if decl.kind == "equipment":
            symbols.sizes[ident] = _declared_size(decl)
            symbols.upgrades[ident] = any(isinstance(m, A.Section) and m.words == ("upgraded",)
                                          for m in decl.members)
    return symbols


#: The kinds whose unparsed declarations are known by name: those that fighters, dungeons
#: and extensions name, which the library leaves out when what they name did not load. (A
#: status is named in scripts, which nothing leaves out: its uses stay errors, but in a
#: mod, which a syntax error skips whole: see :func:`with_unparsed`.)
NAMED_BY_DECLARATIONS = ("equipment", "enemy", "hero")


def with_unparsed(symbols: Symbols, unparsed: Iterable[tuple[str, str]],
                  statuses: bool = False) -> Symbols:
    """``symbols`` plus the cards, enemies and heroes whose declarations did not parse: a
    name such a declaration declares is no unknown name (its own syntax error says what is
    wrong). With ``statuses``, for what loads all or nothing (a mod), the statuses too:
    nothing of it runs, so a use of one is no error of its own either."""
    known = symbols.copy()
    kinds = NAMED_BY_DECLARATIONS + ("status",) * statuses
    for kind, name in unparsed:
        ident = A.make_id(name)
        if kind in kinds and ident:
            known.table(kind).setdefault(ident, name)
            if kind == "equipment":
                known.sizes.setdefault(ident, 1)
    return known


def _declared_size(decl: A.Decl) -> int:
    for member in decl.members:
        if isinstance(member, A.Property) and member.key == "size" and member.items and \
                isinstance(member.items[0], A.Num):
            return member.items[0].value
    return 1


# ----------------------------------------------------------------- reporter

class _Report:
    """Collects the diagnostics of one declaration."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Diagnostic] = []

    def error(self, pos: A.Pos, message: str) -> None:
        self.problems.append(Diagnostic.at(self.path, pos, message))

    def warning(self, pos: A.Pos, message: str) -> None:
        self.problems.append(Diagnostic.at(self.path, pos, message, "warning"))

    @property
    def failed(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


# ------------------------------------------------------------------- types

def _fits(actual: str, wanted: str) -> bool:
    """Whether a value of static type ``actual`` may go where ``wanted`` is expected."""
    if actual == ANY or wanted == ANY:
        return True
    return bool(set(actual.split("|")) & set(wanted.split("|")))


_TYPE_WORDS = {"int": "a number", "bool": "true/false", "str": "a string", "list": "a list",
               "status": "a status", "dtype": "a damage type", "fighter": "a fighter",
               "card": "a card", ANY: "anything"}


def _describe_type(t: str) -> str:
    return " or ".join(_TYPE_WORDS.get(p, p) for p in t.split("|"))


# --------------------------------------------------------------- scripts

class _ScriptChecker:
    """Checks one hook body (or one expression) against its scope; infers static types."""

    def __init__(self, report: _Report, scope: Scope, symbols: Symbols, event: str,
                 var_types: dict[str, str], absent: dict[str, str] | None = None,
                 blame: A.Pos | None = None):
        self.report = report
        #: Names this script may not read, with why (a button's ``d``…): said as written,
        #: where it is read, or at ``blame`` (what made them absent), its ``{at}`` saying
        #: where it is read.
        self.absent = absent or {}
        self.blame = blame
        self.scope = scope
        self.symbols = symbols
        self.event = event
        self.var_types = var_types
        self.levels: list[dict[str, tuple[str, A.Pos]]] = [{}]
        #: Whether a call met so far can reach a chance point: the walk meets every call,
        #: so a checked script needs no second walk to know (``interp.reaches_chance``).
        self.random = False
        #: The ``end_turn`` calls met, in the order written (a hook where one does nothing
        #: is warned of: :meth:`_DeclChecker._idle_end`).
        self.end_calls: list[A.Call] = []

    # -- names ----------------------------------------------------------------

    def _local(self, name: str) -> tuple[str, A.Pos] | None:
        for level in reversed(self.levels):
            if name in level:
                return level[name]
        return None

    def _visible(self) -> set[str]:
        names = set(self.scope.context) | set(self.scope.vars) | set(self.scope.statuses)
        names |= set(DAMAGE_TYPES)
        for level in self.levels:
            names |= set(level)
        return names

    def _declare(self, name: str, pos: A.Pos, type_: str) -> None:
        if name in RESERVED:
            return self.report.error(pos, f"'{name}' is a keyword and cannot be a name")
        earlier = self._local(name)
        if earlier is not None:
            return self.report.error(pos, f"'{name}' is already declared (line "
                                          f"{earlier[1].line}); assign it with '{name} = …'")
        kind = self.scope.kind_of(name, set())
        if kind != "unknown":
            what = {"var": "a card variable", "fighter": "a fighter", "context":
                    "a name the engine sets", "constant": "a status or damage type"}[kind]
            return self.report.error(pos, f"'{name}' is already {what}; choose another name")
        self.levels[-1][name] = (type_, pos)

    # -- statements -----------------------------------------------------------

    def block(self, stmts: tuple[A.Stmt, ...], extra: dict[str, tuple[str, A.Pos]] | None
              = None) -> None:
        self.levels.append(dict(extra or {}))
        try:
            for stmt in stmts:
                getattr(self, "s_" + type(stmt).__name__)(stmt)
        finally:
            self.levels.pop()

    def s_Let(self, node: A.Let) -> None:
        type_ = self.expr(node.value)
        self._declare(node.name, node.pos, type_)

    def s_Assign(self, node: A.Assign) -> None:
        name, pos = node.name, node.pos
        if self._local(name) is None and self.scope.kind_of(name, set()) == "unknown":
            return self._assign_unknown(node)
        type_ = self.expr(node.value)
        if self._local(name) is None and name in self.scope.vars:
            held = self.var_types.get(name, ANY)   # (its initial value's type, if written out)
            if not _fits(type_, held):
                self.report.error(node.value.pos, f"'{name}' holds {_describe_type(held)} "
                                                  f"(as its 'var' starts it): it cannot be set "
                                                  f"to {_describe_type(type_)}")
        if self._local(name) is not None or name in self.scope.vars:
            return
        if name in self.scope.assignable:
            if not _fits(type_, "int"):
                self.report.error(node.value.pos, f"'{name}' must be a number, not "
                                                  f"{_describe_type(type_)}")
            return
        self.report.error(pos, f"cannot assign to '{name}' here")

    def _assign_unknown(self, node: A.Assign) -> None:
        """``x = …`` with no ``x``: one error, even when the value reads ``x`` (``x += 1``)."""
        name = node.name
        self.levels.append({name: (ANY, node.pos)})
        try:
            self.expr(node.value)
        finally:
            self.levels.pop()
        if (where := _known_only_in(name)) and name in set().union(*_ASSIGNABLE.values()):
            # (a name some hooks may set: ``amount`` in an ``on roll``)
            self.report.error(node.pos, f"cannot assign to '{name}' here: '{name}' is known "
                                        f"only in {where}, and set only in "
                                        f"{_listed_hooks(_ASSIGNABLE, name)}")
            return
        hint = did_you_mean(name, self._visible())
        self.report.error(node.pos, f"unknown name '{name}'{hint}; declare a local with "
                                    f"'let {name} = …'")

    def s_If(self, node: A.If) -> None:
        for cond, body in node.branches:
            self.expr(cond)
            self.block(body)
        if node.orelse is not None:
            self.block(node.orelse)

    def s_Repeat(self, node: A.Repeat) -> None:
        type_ = self.expr(node.count)
        if not _fits(type_, "int"):
            self.report.error(node.count.pos, f"repeat needs a number, not "
                                              f"{_describe_type(type_)}")
        if isinstance(node.count, A.Int) and not 0 <= node.count.value <= MAX_REPEAT:
            self.report.error(node.count.pos, f"repeat {node.count.value}: the limit is "
                                              f"{MAX_REPEAT}")
        self.block(node.body)

    def s_For(self, node: A.For) -> None:
        type_ = self.expr(node.iterable)
        if not _fits(type_, "list"):
            self.report.error(node.iterable.pos, f"'for' needs a list, not "
                                                 f"{_describe_type(type_)}")
        taken = None if node.var in _CARD_FIELD_TYPES else \
            taken_name(node.var, self.scope, self.symbols.statuses)
        if taken:
            self.report.error(node.pos, f"'{node.var}' cannot be a loop variable: it is "
                                        f"{taken}")
        self.block(node.body, {node.var: ("card" if _is_card_list(node.iterable) else ANY,
                                           node.pos)})

    def s_Cancel(self, node: A.Cancel) -> None:
        if self.event != "before use":
            self.report.error(node.pos, "'cancel' is only allowed in 'before use'")

    def s_Stop(self, node: A.Stop) -> None:
        pass

    def s_ExprStmt(self, node: A.ExprStmt) -> None:
        self.expr(node.expr)
        if not isinstance(node.expr, A.Call):
            self.report.warning(node.pos, "this expression does nothing (only calls have an "
                                          "effect)")

    # -- expressions ----------------------------------------------------------

    def expr(self, node: A.Expr, wanted: str = ANY) -> str:
        return getattr(self, "e_" + type(node).__name__)(node, wanted)

    def e_Int(self, node: A.Int, wanted: str) -> str:
        if not -MAX_INT <= node.value <= MAX_INT:
            shown = str(node.value) if len(str(node.value)) <= 20 else \
                f"{str(node.value)[:12]}… ({len(str(node.value))} digits)"
            self.report.error(node.pos, f"number too large: {shown} (the limit is "
                                        f"±{MAX_INT:,})")
        return "int"

    def e_Bool(self, node: A.Bool, wanted: str) -> str:
        return "bool"

    def e_Str(self, node: A.Str, wanted: str) -> str:
        return "str"

    def e_Name(self, node: A.Name, wanted: str) -> str:
        name = node.id
        local = self._local(name)
        if local is not None:
            return local[0]
        kind = self.scope.kind_of(name, set())
        if kind == "var":
            return self.var_types.get(name, ANY)
        if kind == "fighter":
            return "fighter"
        if kind == "context":
            return _CONTEXT_TYPES.get(name, ANY)
        if kind == "constant":
            parts = [t for t, ok in (("status", name in self.scope.statuses),
                                     ("dtype", name in DAMAGE_TYPES)) if ok]
            return "|".join(parts)
        self._unknown_name(node, wanted)
        return ANY

    def _unknown_name(self, node: A.Name, wanted: str) -> None:
        name = node.id
        if wanted == "status":
            hint = did_you_mean(name, self.scope.statuses) or \
                elsewhere(name, self.symbols.statuses, self.symbols)
            self.report.error(node.pos, f"unknown status '{name}'{hint}")
        elif wanted == "dtype":
            self.report.error(node.pos, f"unknown damage type '{name}'"
                                        f"{did_you_mean(name, DAMAGE_TYPES)} (one of "
                                        f"{', '.join(DAMAGE_TYPES)})")
        elif name in self.absent:
            if self.blame is None:
                self.report.error(node.pos, self.absent[name])
            else:
                self.report.error(self.blame, self.absent[name].format(
                    at=f"line {node.pos.line}:{node.pos.column}"))
        elif name in BUILTINS:
            self.report.error(node.pos, f"'{name}' is a function: call it as {name}(…)")
        elif (where := _known_only_in(name)):   # a name of another hook ('d' in a status's)
            known = ", ".join(sorted(self.scope.context))
            self.report.error(node.pos, f"unknown name '{name}': '{name}' is known only in "
                                        f"{where}; the names known here: {known}")
        elif name in _FIGHTER_WORDS:
            self.report.error(node.pos, f"unknown name '{name}' (did you mean "
                                        f"'{_FIGHTER_WORDS[name]}'?): the fighters are "
                                        "'self', the owner, and 'target', its opponent")
        else:
            hint = did_you_mean(name, self._visible())
            other = "" if hint else elsewhere(A.make_id(name), {}, self.symbols)
            if other:    # a card, an enemy… named bare: its name is a string
                hint = f"{other[:-1]}: its name is written in quotes, \"{name}\")"
            self.report.error(node.pos, f"unknown name '{name}'{hint}")

    def e_ListExpr(self, node: A.ListExpr, wanted: str) -> str:
        for item in node.items:
            self.expr(item)
        if len(node.items) > MAX_LIST:
            self.report.error(node.pos, f"list too long ({len(node.items)} items; the limit "
                                        f"is {MAX_LIST})")
        return "list"

    def e_UnaryOp(self, node: A.UnaryOp, wanted: str) -> str:
        type_ = self.expr(node.operand)
        if node.op == "not":
            return "bool"
        self._need(node.operand, type_, "int", "'-'")
        return "int"

    def e_BinOp(self, node: A.BinOp, wanted: str) -> str:
        left, right = self.expr(node.left), self.expr(node.right)
        op = node.op
        if op in ("==", "!="):
            self._never_equal(node, left, right)
        if op in ("and", "or", "==", "!="):
            return "bool"
        if op in ("in", "notin"):
            if not _fits(right, "list|str"):
                self.report.error(node.right.pos, f"'in' needs a list or a string, not "
                                                  f"{_describe_type(right)}")
            return "bool"
        if op in ("<", "<=", ">", ">="):
            self._need(node.left, left, "int|str", f"'{op}'")
            self._need(node.right, right, "int|str", f"'{op}'")
            if left in ("int", "str") and right in ("int", "str") and left != right:
                self.report.error(node.pos, f"cannot compare {_describe_type(left)} with "
                                            f"{_describe_type(right)}")
            return "bool"
        if op == "+":
            return self._plus(node, left, right)
        self._need(node.left, left, "int", f"'{op}'")
        self._need(node.right, right, "int", f"'{op}'")
        if op in ("/", "%") and isinstance(node.right, A.Int) and node.right.value == 0:
            self.report.error(node.right.pos, "division by zero")
        return "int"

    def _never_equal(self, node: A.BinOp, left: str, right: str) -> None:
        """An error for ``source`` or ``type`` compared with what it never is (``source
        == fire``, ``type == burn``: always false), with the comparison meant."""
        for this, other, other_type in ((node.left, node.right, right),
                                        (node.right, node.left, left)):
            if not isinstance(this, A.Name) or this.id not in _BLOW_WORDS or \
                    self._local(this.id) is not None or \
                    self.scope.kind_of(this.id, set()) != "context":
                continue
            wanted = _CONTEXT_TYPES[this.id]
            if _fits(other_type, wanted):
                continue
            if isinstance(other, A.Str):   # the word in quotes: it is a string underneath
                self.report.error(other.pos, f"'{this.id}' is compared with a word, not a "
                                             f"string: {_BLOW_WORDS[this.id]} (write the "
                                             "word without quotes)")
                return
            meant = ""
            swap = "type" if this.id == "source" else "source"
            if isinstance(other, A.Name) and _fits(other_type, _CONTEXT_TYPES[swap]) and \
                    swap in self.scope.context:
                meant = f" (did you mean '{swap} {node.op} {other.id}'?)"
            self.report.error(other.pos, f"'{this.id}' is never {_describe_type(other_type)}"
                                         f": {_BLOW_WORDS[this.id]}, so this is always "
                                         f"{'false' if node.op == '==' else 'true'}{meant}")
            return
        self._never_here(node)

    def _never_here(self, node: A.BinOp) -> None:
        """An error for ``source`` compared with what this hook never sees strike: in ``on
        attacked`` (a blow of the opponent's) its owner, or poison, a burning die or thorns
        (rules that strike no attack); in ``on damage dealt`` (the owner's blow) the
        opponent."""
        never = _NEVER_STRUCK.get(self.event)
        if never is None:
            return
        for this, other in ((node.left, node.right), (node.right, node.left)):
            if isinstance(this, A.Name) and this.id == "source" and \
                    self._local("source") is None and isinstance(other, A.Name) and \
                    other.id in never and self._local(other.id) is None:
                self.report.error(other.pos, f"'source' is never {other.id} in "
                                             f"'{self.event}': {never[other.id]}, so this "
                                             f"is always "
                                             f"{'false' if node.op == '==' else 'true'}")
                return

    def _plus(self, node: A.BinOp, left: str, right: str) -> str:
        for t in ("int", "str", "list"):
            if left == t and right == t:
                return t
        if ANY in (left, right):
            return right if left == ANY else left
        self.report.error(node.pos, f"cannot add {_describe_type(left)} and "
                                    f"{_describe_type(right)}")
        return ANY

    def _need(self, node: A.Expr, actual: str, wanted: str, what: str) -> None:
        if not _fits(actual, wanted):
            self.report.error(node.pos, f"{what} needs {_describe_type(wanted)}, not "
                                        f"{_describe_type(actual)}")

    def e_Index(self, node: A.Index, wanted: str) -> str:
        obj, index = self.expr(node.obj), self.expr(node.index)
        self._need(node.obj, obj, "list|str", "indexing")
        self._need(node.index, index, "int", "an index")
        if _is_card_list(node.obj):
            return "card"
        return "str" if obj == "str" else ANY

    def e_Field(self, node: A.Field, wanted: str) -> str:
        obj = self.expr(node.obj)
        name, pos = node.name, node.name_pos
        if obj == "fighter":
            if name in _FIGHTER_FIELD_TYPES:
                return _FIGHTER_FIELD_TYPES[name]
            if name in self.scope.statuses:
                return "int"
            choices = set(FIGHTER_FIELDS) | set(self.scope.statuses)
            outside = self.symbols.outside   # a status declared where this unit does not see
            self.report.error(pos, f"a fighter has no field '{name}'" + (
                did_you_mean(name, choices) or
                (outside and outside("status", A.make_id(name))) or
                f" (its fields: {', '.join(FIGHTER_FIELDS)}, and each status's stacks, as "
                "in 'self.poison')"))
            return ANY
        if obj == "card":
            return self._card_field(node)
        if obj != ANY:
            self.report.error(pos, f"{_describe_type(obj)} has no fields ('.{name}')"
                                   f"{_card_list_hint(node.obj, name)}")
        return ANY

    def _card_field(self, node: A.Field) -> str:
        name = node.name
        if name in _CARD_FIELD_TYPES:
            return _CARD_FIELD_TYPES[name]
        own = isinstance(node.obj, A.Name) and node.obj.id == "card"
        if own and name in self.scope.vars:
            return self.var_types.get(name, ANY)
        choices = set(CARD_FIELDS) | (set(self.scope.vars) if own else set())
        known = ", ".join(CARD_FIELDS) + (", and this card's variables" if own else "")
        self.report.error(node.name_pos, f"a card has no field '{name}'" + (
            did_you_mean(name, choices) or f" (its fields: {known})"))
        return ANY

    def e_Call(self, node: A.Call, wanted: str) -> str:
        spec = BUILTINS.get(node.func)
        if spec is not None and spec.random:
            self.random = True
        if node.func == "end_turn":
            self.end_calls.append(node)
        if spec is None:
            for arg in node.args:
                self.expr(arg)
            self.report.error(node.func_pos, f"unknown function '{node.func}'"
                                             f"{did_you_mean(node.func, BUILTINS)}")
            return ANY
        low, high = spec.arity
        if not low <= len(node.args) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            self.report.error(node.pos, f"{spec.signature} takes {want} argument"
                                        f"{'s' * (want != '1')}, not {len(node.args)}")
        before = len(self.report.problems)
        for arg, param in zip(node.args, spec.params):
            self._argument(node, arg, param.type, param.name)
        for arg in node.args[len(spec.params):]:
            self.expr(arg)
        probe = _unmarked(node)      # (give(7, burn) fails as give(7) does)
        if len(self.report.problems) == before and low <= len(node.args) <= high and \
                all(map(_is_literal, probe.args)):
            fault = _constant_fault(probe, self.scope)
            if fault:
                self.report.error(node.pos, f"{node.func}() always fails here: {fault}")
        if node.func in _PERCENT_ARGS and node.args:
            _percentage(node.args[0], node.func, self.report)
        if node.func in TURNS_ARG and len(node.args) > TURNS_ARG[node.func]:
            _loan_turns(node.func, node.args[TURNS_ARG[node.func]], self.report)
        if node.func == "extra_dice" and node.args and _written_int(node.args[0]) == 0:
            self.report.warning(node.pos, "extra_dice(0) changes no roll")
        mark = _mark_arg(node)
        if mark is not None:
            self._die_mark(node.func, mark)
        return spec.returns

    def _die_mark(self, func: str, arg: A.Expr) -> None:
        """An error for a die's mark written as a status that marks no die
        (``give(3, poison)``: the interpreter would fault every time)."""
        if isinstance(arg, A.Name) and arg.id not in DIE_MARKS and \
                self._local(arg.id) is None and \
                self.scope.kind_of(arg.id, set()) == "constant" and arg.id in self.scope.statuses:
            marks = " or ".join(DIE_MARKS)
            self.report.error(arg.pos, f"{func}() marks the dice {marks} (burning dice), "
                                       f"not {arg.id}")

    def _argument(self, call: A.Call, arg: A.Expr, wanted: str, param: str = "") -> None:
        actual = self.expr(arg, wanted)
        if not _fits(actual, wanted):
            hint = ""
            if wanted == "status" and isinstance(arg, A.Str):
                hint = f" (write {A.make_id(arg.value)} without quotes)"
            self.report.error(arg.pos, f"{call.func}() needs {_describe_type(wanted)} here, "
                                       f"not {_describe_type(actual)}{hint}")
        if call.func == "take_card" and isinstance(arg, A.Name) and arg.id in _OWN_CARDS \
                and not (arg.id == "used" and self.event in _THEIR_USE) and \
                self._local(arg.id) is None and \
                self.scope.kind_of(arg.id, set()) == "context":   # (else: unknown, said)
            self.report.error(arg.pos, f"take_card() takes one of the opponent's cards "
                                       f"(target.cards, target.last_used): '{arg.id}' is "
                                       f"{_OWN_CARDS[arg.id]}")
        if call.func in CARD_NAME_ARGS and param in _CARD_PARAMS and isinstance(arg, A.Str):
            self._card_name_arg(arg)

    def _card_name_arg(self, arg: A.Str) -> None:
        """A card named by a literal (``give_card("Sword+")``): a known card, and for a
        name with ``+`` one that has an upgrade (as ``equipment:`` lists read it)."""
        base, upgraded = A.upgrade_ref(arg.value)
        if upgraded and base.endswith("+"):
            self.report.error(arg.pos, f"'{arg.value}': a card has one upgrade (write "
                                       f"\"{A.upgrade_ref(base)[0]}+\")")
            return
        ident = A.make_id(base)
        if ident not in self.symbols.equipment:
            hint = unknown_hint(base, self.symbols.equipment, self.symbols, upgraded)
            self.report.error(arg.pos, f"unknown card '{arg.value}'{hint}")
        elif upgraded and self.symbols.upgrades.get(ident) is False:
            self.report.error(arg.pos, f"'{arg.value}': {self.symbols.equipment[ident]} "
                                       "has no upgrade")


def _is_card_list(expr: A.Expr) -> bool:
    """Whether ``expr`` is a fighter's list of cards (``target.cards``, ``self.last_used``):
    its items are card values, whose fields the checker knows."""
    return isinstance(expr, A.Field) and expr.name in _CARD_LISTS


def _card_list_hint(obj: A.Expr, name: str) -> str:
    """For a field read on a fighter's list of cards (``target.last_used.name``): what
    the list holds and how to read a card of it."""
    if not isinstance(obj, A.Field) or obj.name not in _CARD_LISTS:
        return ""
    return (f": {obj.name} is a list of {_CARD_LISTS[obj.name]} "
            f"(for c in … {{ c.{name} }}, or …[0].{name} when it is not empty)")


#: The parameters of CARD_NAME_ARGS' built-ins that name a card (not ``turns``).
_CARD_PARAMS = frozenset({"c", "name"})

#: Built-ins that may mark the dice they give (``give(d, burn)``), by the place of the mark
#: among their arguments (from 0).
_DIE_MARKERS = {"give": 1, "reroll": 0}

#: Built-ins whose first argument is a percentage: written out, it must be from 0 to 100
#: (the call clamps a computed one, so one written outside does the same every time).
_PERCENT_ARGS = frozenset({"chance"})


def _percentage(arg: A.Expr, func: str, report: "_Report") -> None:
    """An error for a percentage written out of 0..100 (``chance(200)``, ``chance(-5)``)."""
    value = _written_int(arg)
    if value is not None and not 0 <= value <= 100:
        always = "true" if value > 100 else "false"
        report.error(arg.pos, f"{func}() takes a percentage from 0 to 100, not {value} "
                              f"(it would always be {always})")


def _is_countdown(decl: A.Decl) -> bool:
    """Whether a card (or its upgrade, or its weakened block) has a countdown slot."""
    slots = [m for m in decl.members if not isinstance(m, A.Hook)]   # (not the scripts)
    return find_node(tuple(slots), lambda n: isinstance(n, A.Word) and
                     n.words[:1] == ("countdown",)) is not None




def _mark_arg(call: A.Call) -> A.Expr | None:
    """The mark of a call that gives dice (``burn`` in ``give(d, burn)``), when given."""
    if call.func in _DIE_MARKERS and len(call.args) == _DIE_MARKERS[call.func] + 1:
        return call.args[-1]
    return None


def _unmarked(call: A.Call) -> A.Call:
    """A call that gives dice with their mark written (``give(7, burn)``) without it: the
    rest of the call then faults, or not, as the call without a mark would."""
    mark = _mark_arg(call)
    if isinstance(mark, A.Name) and mark.id in DIE_MARKS:
        return dataclasses.replace(call, args=call.args[:-1])
    return call


def _loan_turns(func: str, arg: A.Expr, report: "_Report") -> None:
    """An error for ``take_card(c, turns)``, ``give_card(c, who, turns)`` or
    ``extra_dice(n, who, turns)`` with turns written below 1 (it would fault every time: a
    card is held, dice are given, for one turn at least)."""
    value = _written_int(arg)
    if value is None or value >= 1:
        return
    if func == "extra_dice":
        report.error(arg.pos, f"extra_dice() changes the next roll at least, not {value} "
                              "(leave turns out to change every roll of the fight)")
        return
    verb = func.split("_")[0]
    report.error(arg.pos, f"{func}() {verb}s a card for 1 turn at least, not {value} "
                          f"(leave turns out to {verb} it for the fight)")


def _written_int(arg: A.Expr) -> int | None:
    """The number ``arg`` writes out (``5``, ``-5``), or None."""
    if isinstance(arg, A.Int):
        return arg.value
    if isinstance(arg, A.UnaryOp) and arg.op == "-" and isinstance(arg.operand, A.Int):
        return -arg.operand.value
    return None


def _is_literal(expr: A.Expr) -> bool:
    """Whether ``expr`` is written out: a number (negative too), a boolean, a string, or a
    list of such."""
    if isinstance(expr, (A.Int, A.Bool, A.Str)):
        return True
    if isinstance(expr, A.UnaryOp):
        return expr.op == "-" and isinstance(expr.operand, A.Int)
    return isinstance(expr, A.ListExpr) and all(map(_is_literal, expr.items))


def _constant_fault(call: A.Call, scope: Scope) -> str | None:
    """What the interpreter says of a call whose arguments are all literals, when it
    faults (it then faults every time, whatever the fight); None when it runs. Effects are
    only recorded, and a chance point draws from a fixed generator: the arguments are
    checked before either is reached."""
    try:
        compile_expr(call, path="<check>", scope=scope).evaluate(
            RecordingEffects(), SampleChance(random.Random(0)))
    except ScriptError as err:
        return err.message
    return None


def _calls(node: Any) -> Iterable[A.Call]:
    """Every call in an expression, outermost first."""
    if isinstance(node, A.Call):
        yield node
    if dataclasses.is_dataclass(node) and not isinstance(node, A.Pos):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            for part in value if isinstance(value, tuple) else (value,):
                if dataclasses.is_dataclass(part):
                    yield from _calls(part)


def literal_type(expr: A.Expr) -> str:
    """The static type of a ``var`` initialiser when it is a literal, else ``any``."""
    return {A.Int: "int", A.Bool: "bool", A.Str: "str", A.ListExpr: "list"}.get(type(expr), ANY)


# ------------------------------------------------------------ declarations

class _Members:
    """A declaration's members sorted by form, with duplicates and unknowns reported."""

    def __init__(self, members: tuple[A.Member, ...], report: _Report, what: str,
                 properties: Iterable[str], flags: Iterable[str] = (),
                 sections: Iterable[str] = (), hooks: Iterable[str] = (),
                 allow_vars: bool = False, more: tuple[Iterable[str], str] = ((), "")):
        """``more``: other property names it takes, and how its list of them says them
        (a score block's status ids: ``"a status's id"``)."""
        self.report = report
        self.props: dict[str, A.Property] = {}
        self.flags: dict[str, A.Flag] = {}
        self.sections: list[A.Section] = []
        self._section_lines: dict[tuple[str, int | None], int] = {}   # (title, number) -> line
        self.hooks: dict[str, A.Hook] = {}
        self.refused_hooks = 0   # hooks written but refused (each reported)
        self.vars: dict[str, A.VarDecl] = {}
        known = _Known(tuple(properties), tuple(flags), tuple(sections), tuple(hooks),
                       tuple(more[0]), more[1])
        for member in members:
            self._sort(member, known, what, allow_vars)

    def _sort(self, member: A.Member, known: "_Known", what: str, allow_vars: bool) -> None:
        report = self.report
        if isinstance(member, A.Property):
            if member.key not in known.properties and member.key not in known.more:
                report.error(member.pos, f"unknown property '{member.key}' for {what}"
                                         f"{_hint(member.key, known.properties, known)}")
            elif member.key in self.props:
                report.error(member.pos, f"'{member.key}' is set twice (first at line "
                                         f"{self.props[member.key].pos.line})")
            else:
                self.props[member.key] = member
        elif isinstance(member, A.Flag):
            self._flag(member, known, what)
        elif isinstance(member, A.Hook):
            self._hook(member, known, what)
        elif isinstance(member, A.Section):
            if member.title not in known.sections:
                report.error(member.pos, f"unknown block '{member.title}' in {what}"
                                         f"{did_you_mean(member.title, known.sections)}")
            elif (member.title, member.number) in self._section_lines:
                shown = member.title + ("" if member.number is None else f" {member.number}")
                report.error(member.pos, f"'{shown}' is set twice (first at line "
                                         f"{self._section_lines[member.title, member.number]})")
            else:
                self._section_lines[member.title, member.number] = member.pos.line
                self.sections.append(member)
        elif isinstance(member, A.VarDecl):
            if not allow_vars:
                report.error(member.pos, f"{what} cannot declare variables")
            elif member.name in self.vars:
                report.error(member.pos, f"variable '{member.name}' is declared twice")
            else:
                self.vars[member.name] = member

    def _flag(self, member: A.Flag, known: "_Known", what: str) -> None:
        text = member.text
        if text in known.flags and text in self.flags:
            self.report.error(member.pos, f"'{text}' is set twice (first at line "
                                          f"{self.flags[text].pos.line})")
            return
        if text in known.flags:
            self.flags[text] = member
            return
        if len(member.words) == 1 and member.words[0] in known.properties:
            self.report.error(member.pos, f"'{text}' needs a value: write '{text}: …'")
            return
        choices = list(known.flags) + list(known.properties)
        self.report.error(member.pos, f"unknown property '{text}' for {what}"
                                      f"{_hint(text, choices)}")

    def _hook(self, member: A.Hook, known: "_Known", what: str) -> None:
        if member.event not in known.hooks:
            self.refused_hooks += 1
            allowed = ", ".join(known.hooks) or "none"
            meant = " ".join(HOOK_SYNONYMS.get(w, w) for w in member.event.split())
            hint = f" (did you mean '{meant}'?)" if meant in known.hooks else \
                did_you_mean(member.event, known.hooks)
            owners = [_PLURALS[kind] for kind, hooks in HOOKS.items() if member.event in hooks]
            if owners and not hint:
                hint = f" (it is a hook of {' and '.join(owners)})"
            self.report.error(member.pos, f"{what} cannot have the hook '{member.event}'"
                                          f"{hint} (allowed: {allowed})")
        elif member.event in self.hooks:
            self.report.error(member.pos, f"hook '{member.event}' is declared twice")
        else:
            self.hooks[member.event] = member


def _hint(word: str, choices: Iterable[str], known: "_Known | None" = None) -> str:
    """A did-you-mean for a member misspelt, or else the members there are (none: "");
    ``known``'s ``more`` names are meant too, and listed by its words for them."""
    choices = tuple(choices)
    more, said = (known.more, known.more_said) if known is not None else ((), "")
    listed = ", ".join(choices) + (f", or {said}" if said else "")
    return did_you_mean(word, (*choices, *more)) or (f" (its properties: {listed})"
                                                     if choices else "")


#: Words a hook may be written with that mean one of its own (``on turn begin``: the nearest
#: spelling is ``on turn end``, the meaning ``on turn start``).
HOOK_SYNONYMS = {"begin": "start", "beginning": "start", "starts": "start", "finish": "end",
                 "ends": "end", "used": "use", "uses": "use", "using": "use",
                 "received": "taken", "suffered": "taken", "done": "dealt",
                 "opponents": "opponent", "foe": "opponent", "attack": "attacked",
                 "hit": "attacked", "struck": "attacked"}
#: How a hook refused names the declarations that may have it.
_PLURALS = {"equipment": "equipment", "status": "statuses", "enemy": "enemies",
            "hero": "heroes", "dungeon": "dungeons"}


class _Known(NamedTuple):
    """What a declaration's members may be."""

    properties: tuple[str, ...]
    flags: tuple[str, ...]
    sections: tuple[str, ...]
    hooks: tuple[str, ...]
    more: tuple[str, ...] = ()   # other properties, not listed by name
    more_said: str = ""          # how a list of the properties says them


class _Values:
    """Reads property values, reporting values of the wrong shape."""

    def __init__(self, members: _Members, report: _Report):
        self.m = members
        self.report = report

    def _single(self, key: str) -> A.Item | None:
        prop = self.m.props.get(key)
        if prop is None:
            return None
        if len(prop.items) != 1:
            self.report.error(prop.pos, f"'{key}' takes one value, not {len(prop.items)}")
            return None
        return prop.items[0]

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        item = self._single(key)
        if item is None:
            return default
        if not isinstance(item, A.Num):
            self.report.error(item.pos, f"'{key}' must be a number from {low} to {high}")
            return default
        if not low <= item.value <= high:
            self.report.error(item.pos, f"'{key}' must be from {low} to {high}, not "
                                        f"{item.value}")
            return default
        return item.value

    def word(self, key: str, default: str, choices: tuple[str, ...]) -> str:
        item = self._single(key)
        if item is None:
            return default
        text = item.text if isinstance(item, A.Word) and item.number is None else None
        if text not in choices:
            self.report.error(item.pos, f"'{key}' must be one of {', '.join(choices)}"
                                        f"{did_you_mean(str(text), choices) if text else ''}")
            return default
        return text

    def text(self, key: str) -> str:
        item = self._single(key)
        if item is None:
            return ""
        if not isinstance(item, A.Text):
            self.report.error(item.pos, f"'{key}' must be a quoted string")
            return ""
        if len(item.value) > MAX_TEXT:
            self.report.error(item.pos, f"'{key}' may be at most {MAX_TEXT} characters long "
                                        f"(this one has {len(item.value)})")
        return item.value

    def words(self, key: str, choices: tuple[str, ...] | None = None) -> tuple[str, ...]:
        prop = self.m.props.get(key)
        out: list[str] = []
        for item in prop.items if prop else ():
            if not isinstance(item, A.Word) or item.number is not None or \
                    len(item.words) != 1:
                self.report.error(item.pos, f"'{key}' takes single words")
            elif choices is not None and item.text not in choices:
                self.report.error(item.pos, f"'{key}': unknown word '{item.text}'"
                                            f"{did_you_mean(item.text, choices)} (one of "
                                            f"{', '.join(choices)})")
            else:
                out.append(item.text)
        return tuple(out)

    def names(self, key: str, table: dict[str, str], what: str, *, plus: bool = False,
              symbols: "Symbols | None" = None) -> tuple[str, ...]:
        """Quoted names of declared things; returns their ids (``+`` kept with ``plus``).
        ``symbols`` says what an unknown name with no near one is instead (an enemy named
        where a card goes)."""
        prop = self.m.props.get(key)
        out: list[str] = []
        for item in prop.items if prop else ():
            if not isinstance(item, A.Text):
                self.report.error(item.pos, f"'{key}' takes quoted names, like \"Sword\"")
                continue
            name = item.value
            base, upgraded = A.upgrade_ref(name) if plus else (name, False)
            if base.endswith("+"):
                plain = A.upgrade_ref(base)[0]
                self.report.error(item.pos, f"'{name}': a card has one upgrade (write "
                                            f"\"{plain}+\")" if plus else
                                  f"'{name}': '{key}' takes plain names, not upgrades "
                                  f"(write \"{plain}\")")
                continue
            ident = A.make_id(base)
            if ident not in table:
                self.report.error(item.pos, f"unknown {what} '{name}'"
                                            f"{unknown_hint(base, table, symbols, upgraded)}")
                continue
            out.append(ident + ("+" if upgraded else ""))
        return tuple(out)


def unknown_hint(name: str, table: dict[str, str], symbols: "Symbols | None",
                 upgrade: bool = False) -> str:
    """The hint for a declaration's name ``table`` lacks (written in a list, a script or
    after 'override'): the near name there is (did you mean), else what it is elsewhere.
    With ``upgrade`` (``name`` is the base of ``"Swrod+"``), the upgrade meant first."""
    if upgrade and symbols is not None and table is symbols.equipment and (
            meant := did_you_mean_upgrade(name, {i: n for i, n in table.items()
                                                 if symbols.upgrades.get(i)})):
        return meant
    return did_you_mean_named(name, table) or elsewhere(A.make_id(name), table, symbols)


def elsewhere(ident: str, table: dict[str, str], symbols: "Symbols | None") -> str:
    """`` (Mold King is an enemy)``: what a name is, when it is not what ``table`` holds
    (the one hint for a name of another kind: in lists, in scripts, after 'override')."""
    if symbols is None:
        return ""
    kinds = ("equipment", "enemy", "hero", "status", "dungeon")
    for kind in kinds:
        other = symbols.table(kind)
        if other is not table and ident in other:
            what = {"equipment": "a card", "enemy": "an enemy"}.get(kind, f"a {kind}")
            return f" ({other[ident]} is {what})"
    mine = [kind for kind in kinds if symbols.table(kind) is table]
    if symbols.outside is not None and mine:    # declared in a mod this one does not see
        return symbols.outside(mine[0], ident)
    return ""


def _written_at(string: A.Text, start: int, end: int) -> A.Pos | None:
    """Where the characters ``start:end`` of a string's value are written, when the string
    stands on one line (an escape is two characters there: ``\\n``, ``\\"``, ``\\\\``);
    None when that cannot be told (a tab may be written either way)."""
    pos, value = string.pos, string.value
    if pos.line != pos.end_line or "\t" in value:
        return None

    def column(offset: int) -> int:   # (after the opening quote)
        before = value[:offset]
        return pos.column + 1 + offset + sum(before.count(c) for c in '\n"\\')

    if column(len(value)) + 1 != pos.end_column:   # not as written after all
        return None
    return A.Pos(pos.line, column(start), pos.line, column(end))


# --------------------------------------------------------------- equipment

_EQUIPMENT_PROPS = ("size", "slots", "total", "uses", "cast", "tags", "text", "ready",
                    "progress")
_EQUIPMENT_FLAGS = ("once per fight", "single use")
_SLOT_WORDS = ("any", "even", "odd", "doubles", "max", "min", "free", "spare", "countdown",
               "none")
#: The slot kinds written with a number, and the numbers each takes (``max 1`` to ``max 6``).
_SLOT_NUMBERS = {"max": (1, 6), "min": (1, 6), "free": (1, 12), "spare": (1, 6),
                 "countdown": (1, 100)}
_NUMBERED = tuple(_SLOT_NUMBERS)
#: The slot kinds there are, for an error.
_SLOT_KINDS_TEXT = ("slots are any, even, odd, N, max N, min N, A..B, doubles, free N, "
                    "spare N, countdown N or none")
#: The longest name a declaration may have (screens and messages show it whole).
MAX_NAME = 40
#: The most cards a fighter's ``equipment`` lists (the AI plans over every one of them).
MAX_CARDS = 24
#: The widest equipment grid a hero may have (``grid``, from 1): a hero starts a fight with
#: at most this many cards; more come only in a fight (give_card, take_card: MAX_CARDS).
MAX_GRID = 12
#: The most die slots a card of each size holds.
MAX_SLOTS = {1: 3, 2: 4}


@dataclass
class _SlotSpec:
    slots: list[Slot] = field(default_factory=list)
    free: int = 0
    spares: list[int] = field(default_factory=list)
    countdown: int | None = None
    none: A.Pos | None = None      # where `none` is written (a button)


def _slot_item(item: A.Item, spec: _SlotSpec, report: _Report) -> None:
    if isinstance(item, A.Num):
        if _die_value(item.value, item.pos, report, "an exact slot"):
            spec.slots.append(Slot("exact", item.value))
        return
    if isinstance(item, A.Range):
        ok = _die_value(item.low, item.pos, report, "a range") and \
            _die_value(item.high, item.pos, report, "a range")
        if ok and item.low > item.high:
            report.error(item.pos, f"range {item.low}..{item.high} is empty")
        elif ok:
            spec.slots.append(Slot("range", item.low, item.high))
        return
    if isinstance(item, A.Word) and len(item.words) > 1:
        _slot_words(item, report)
        return
    if not isinstance(item, A.Word):
        report.error(item.pos, f"unknown slot kind ({_SLOT_KINDS_TEXT})")
        return
    _slot_word(item, spec, report)


def _slot_words(item: A.Word, report: _Report) -> None:
    """The error of a slot item of several words: a numbered kind with a word for its
    number (``max seven``: at the word, with the numbers it takes), two kinds without the
    comma between them (``any even``), or else an unknown slot kind."""
    kind, rest = item.words[0], item.words[1:]
    pos = item.pos
    if len(rest) == 1 and item.number is None and pos.line == pos.end_line:
        # at the word after the kind: the item's last characters
        pos = A.Pos(pos.line, pos.end_column - len(rest[0]), pos.line, pos.end_column)
    if kind in _SLOT_NUMBERS and item.number is None:
        low, high = _SLOT_NUMBERS[kind]
        report.error(pos, f"'{kind}' needs a number, not '{' '.join(rest)}': {kind} {low} to "
                          f"{kind} {high}")
    elif all(word in _SLOT_WORDS for word in item.words):
        report.error(item.pos, f"slot kinds are separated by commas: "
                               f"'{', '.join(item.words)}'")
    else:
        report.error(item.pos, f"unknown slot kind ({_SLOT_KINDS_TEXT})")


def _slot_word(item: A.Word, spec: _SlotSpec, report: _Report) -> None:
    kind, n = item.words[0], item.number
    if kind not in _SLOT_WORDS:
        report.error(item.pos, f"unknown slot kind '{kind}'" +
                     (did_you_mean(kind, _SLOT_WORDS) or f" ({_SLOT_KINDS_TEXT})"))
    elif kind in _NUMBERED and n is None:
        report.error(item.pos, f"'{kind}' needs a number, like '{kind} 3'")
    elif kind not in _NUMBERED and n is not None:
        report.error(item.pos, f"'{kind}' takes no number")
    elif kind in ("any", "even", "odd"):
        spec.slots.append(Slot(kind))
    elif kind == "doubles":
        spec.slots += [Slot("doubles"), Slot("doubles")]
    elif kind == "none":
        if spec.none is not None:
            report.error(item.pos, "'none' is written twice")
        spec.none = item.pos
    elif kind == "countdown":
        if not _in_bounds(kind, n):
            report.error(item.pos, f"countdown must be from {_bounds(kind)}, not {n}")
        elif spec.countdown is not None:
            report.error(item.pos, "a card has at most one countdown")
        else:
            spec.countdown = n
    elif kind == "free":
        if not _in_bounds(kind, n):
            report.error(item.pos, f"free must be from {_bounds(kind)}, not {n}")
        else:
            spec.free += n
    elif _die_value(n, item.pos, report, f"'{kind}'"):
        if kind == "spare":
            spec.spares.append(n)
        else:
            spec.slots.append(Slot(kind, n))


def _in_bounds(kind: str, n: int) -> bool:
    low, high = _SLOT_NUMBERS[kind]
    return low <= n <= high


def _bounds(kind: str) -> str:
    return "{} to {}".format(*_SLOT_NUMBERS[kind])


def _die_value(n: int, pos: A.Pos, report: _Report, what: str) -> bool:
    if 1 <= n <= 6:
        return True
    report.error(pos, f"{what} needs a die value from 1 to 6, not {n}")
    return False


def _check_slots(spec: _SlotSpec, size: int, total: int | None, pos: A.Pos,
                 total_pos: A.Pos, report: _Report) -> None:
    """The slots as a whole (``pos``: the ``slots:`` line) and the ``total`` against them
    (``total_pos``: its line)."""
    if spec.none is not None:
        if spec.slots or spec.free or spec.spares or spec.countdown is not None:
            report.error(spec.none, "'slots: none' makes a button, which takes no die: it "
                                    "cannot be mixed with other slots")
        if total is not None:
            report.error(total_pos, "a button takes no die: it cannot have a 'total'")
        return
    if spec.countdown is not None:
        if spec.slots or spec.free or spec.spares:
            report.error(pos, "a countdown must be the card's only slot")
        if total is not None:
            report.error(total_pos, "a countdown card cannot have a 'total'")
        return
    if not spec.slots:
        if spec.spares and not spec.free:     # a spare die, and nothing to place a die on
            if total is not None:
                report.error(total_pos, "a card with only spare dice takes no die: it cannot "
                                        "have a 'total'")
            limit = MAX_SLOTS.get(size, 4)
            if len(spec.spares) > limit:
                report.error(pos, f"a size-{size} card holds at most {limit} spare dice, not "
                                  f"{len(spec.spares)}")
            return
        report.error(pos, "a card needs at least one dice slot (or a countdown, or only "
                          "spare dice)")
        return
    limit = MAX_SLOTS.get(size, 4)
    if len(spec.slots) > limit:
        report.error(pos, f"a size-{size} card holds at most {limit} dice slots, not "
                          f"{len(spec.slots)} (doubles count as two)")
    n = len(spec.slots)
    if total is not None and not n <= total <= 6 * n:
        report.error(total_pos, f"total {total} cannot be reached with {n} "
                                f"{'die' if n == 1 else 'dice'} (it must be "
                          f"from {n} to {6 * n})")
    elif total is not None and total not in _slot_sums(spec.slots):
        sums = sorted(_slot_sums(spec.slots))
        report.error(total_pos, f"total {total} cannot be reached with these slots: the "
                                f"dice they take sum to {_listed(sums)}")


def _slot_sums(slots: list[Slot]) -> set[int]:
    """Every sum the dice ``slots`` take can make (each ``doubles`` pair, consecutive in
    the list, holds two equal dice).

    >>> sorted(_slot_sums([Slot("exact", 1), Slot("even")]))
    [3, 5, 7]
    >>> sorted(_slot_sums([Slot("doubles"), Slot("doubles"), Slot("exact", 6)]))
    [8, 10, 12, 14, 16, 18]
    """
    sums, i = {0}, 0
    while i < len(slots):
        pair = slots[i].kind == "doubles" and i + 1 < len(slots) and \
            slots[i + 1].kind == "doubles"
        values = {2 * v for v in range(1, 7)} if pair else \
            {v for v in range(1, 7) if slots[i].accepts(v)}
        sums = {a + b for a in sums for b in values}
        i += 2 if pair else 1
    return sums


def _listed(sums: list[int]) -> str:
    """``[2, 3, 4, 6]`` as ``2 to 4 or 6``: runs of sums as ranges."""
    runs: list[list[int]] = []
    for v in sums:
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    words = [f"{a}" if a == b else f"{a} to {b}" if b > a + 1 else f"{a} or {b}"
             for a, b in runs]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def refused_name(name: str) -> str | None:
    """Why a declaration may not have the name ``name`` (None: it may). A declaration so
    named declares nothing: it is no duplicate of another, nor has one.

    >>> refused_name("Épée"), refused_name("💧").split(":")[0]
    (None, 'a name needs at least one letter a-z or digit 0-9')
    """
    if len(name) > MAX_NAME:
        return f"a name may be at most {MAX_NAME} characters long (this one has {len(name):,})"
    if not A.make_id(name):
        return ("a name needs at least one letter a-z or digit 0-9: its id (how cards, mods "
                "and saves name it) is made of those")
    return None


class _DeclChecker:
    """Checks one declaration; ``check()`` gives ``(definition or None, problems)``."""

    def __init__(self, decl: A.Decl, path: str, symbols: Symbols, mod: str | None):
        self.decl = decl
        self.path = path
        self.symbols = symbols
        self.mod = mod
        self.report = _Report(path)
        self.ident = A.make_id(decl.name)
        self.origin = Origin(path, decl.pos, mod)
        # A variant shares most hooks with its base: each is checked and searched for
        # chance once per scope (checking it again would only repeat its problems).
        self._checked: set[tuple[int, tuple]] = set()
        self._reaches: dict[int, bool] = {}

    def check(self) -> tuple[Any, list[Diagnostic]]:
        refused = refused_name(self.decl.name)
        if refused:
            self.report.error(self.decl.name_pos, refused)
            return None, self.report.problems
        defn = getattr(self, "c_" + self.decl.kind)()
        # A variant re-checks the members it shares with its base: report each problem once.
        problems = list(dict.fromkeys(self.report.problems))
        return (None if self.report.failed else defn), problems

    # -- scripts ------------------------------------------------------------

    def _scripts(self, m: _Members, var_types: dict[str, str], button: bool = False,
                 became: tuple[str, A.Property] | None = None) -> dict[str, A.Hook]:
        """The hooks, checked; ``became``: the block (its title and its ``slots``) that
        makes a variant a button when the base card is not one."""
        for event, hook in m.hooks.items():
            key = (id(hook), tuple(var_types.items()), button)
            if key in self._checked:
                continue
            self._checked.add(key)
            scope = hook_scope(self.decl.kind, event, var_types, self.symbols.statuses,
                               button=button)
            absent, blame = (_NO_DICE, None) if button else (None, None)
            if became is not None:
                absent, blame = self._no_dice_in_variant(hook, *became)
            walk = _ScriptChecker(self.report, scope, self.symbols, event, var_types,
                                  absent, blame)
            walk.block(hook.body)
            self._reaches[id(hook.body)] = walk.random
            self._budget(hook)
            self._idle_end(hook, walk.end_calls)
        return dict(m.hooks)

    def _no_dice_in_variant(self, hook: A.Hook, title: str, slots: A.Property
                            ) -> tuple[dict[str, str], A.Pos | None]:
        """What a hook of a variant that only its block ``title`` makes a button may not
        read (the dice), with why: a hook it keeps from the base card is blamed on the
        block's ``slots`` (the base card takes dice: its hook is right as a base's)."""
        if not any(member is hook for member in self.decl.members):   # the block's own
            return {name: f"'{name}' is not known here: the {title} version of "
                          f"{self.decl.name} is a button ('slots: none' at line "
                          f"{slots.pos.line}), which takes no die" for name in _NO_DICE}, None
        return {name: f"'{name}' is not known once {self.decl.name} is {title}: its {title} "
                      f"version is a button (this 'slots: none'), which takes no die, and it "
                      f"keeps the base card's '{hook.event}', which reads '{name}' at {{at}} "
                      f"(give '{title}' an '{hook.event}' of its own)"
                for name in _NO_DICE}, slots.pos

    def _idle_end(self, hook: A.Hook, calls: list[A.Call]) -> None:
        """A warning for ``end_turn()`` in a hook that never runs in a fighter's own move
        (``on turn start``…), and for ``end_turn(target)`` in one that runs only in its
        owner's (``on use``…): there it does nothing. ``calls``: the hook's ``end_turn``
        calls, in the order written (its check met them)."""
        if not calls:
            return
        if hook.event in OUTSIDE_MOVES:
            self.report.warning(calls[0].func_pos, f"end_turn() does nothing in "
                                                       f"'{hook.event}': a script ends a "
                                                       "turn only in a fighter's own moves")
            return
        if self.decl.kind != "equipment" or hook.event not in _OWN_MOVES | _FIRING:
            return
        call = next((n for n in calls if n.args and isinstance(n.args[0], A.Name)
                     and n.args[0].id == "target"), None)
        if call is not None and (hook.event in _OWN_MOVES or not _is_countdown(self.decl)):
            self.report.warning(call.func_pos, f"end_turn(target) does nothing in "
                                               f"'{hook.event}': it runs in its owner's own "
                                               "move, never in the target's turn")

    def _budget(self, hook: A.Hook) -> None:
        """An error for a hook that takes more steps than a run's budget whatever happens
        (loops in loops): :func:`min_steps` is a lower bound, so it would fault every time it
        ran, after its first steps' effects had taken hold (a runaway loop of blows is a
        one-use kill, not a card that fizzles). A warning for one that does unless a
        ``stop`` (or ``cancel``) ends it first: it may fault. What only a loop whose count
        is not written as a number may run past is left to the run."""
        steps = min_steps(hook.body)
        going = steps if steps > MAX_STEPS else min_steps(hook.body, past_stops=True)
        if going <= MAX_STEPS:
            return
        costly = max(hook.body, key=lambda stmt: min_steps((stmt,), past_stops=True))
        what = (f"'{hook.event}' takes at least {going:,} steps each time it runs"
                if steps > MAX_STEPS else
                f"'{hook.event}' takes at least {going:,} steps each time no 'stop' (or "
                "'cancel') ends it first")
        said = (f"{what}, past a script's budget of {MAX_STEPS:,} (a loop in a loop "
                f"multiplies their turns): {'every' if steps > MAX_STEPS else 'such a'} run "
                f"would do what its first {MAX_STEPS:,} steps do (what it did stands) and "
                "then fault")
        if steps > MAX_STEPS:
            self.report.error(costly.pos, said)
        else:
            self.report.warning(costly.pos, said)

    def _is_random(self, hooks: dict[str, A.Hook], *values: A.Expr) -> bool:
        """Whether a hook's body or one of ``values`` can reach a chance point."""
        return any(self._reaching(part) for part in (*(h.body for h in hooks.values()),
                                                     *values))

    def _reaching(self, part: Any) -> bool:
        """Known from the check's walk, or (for what it did not walk) searched."""
        found = self._reaches.get(id(part))
        if found is None:
            found = self._reaches[id(part)] = reaches_chance(part)
        return found

    def _var_types(self, m: _Members) -> dict[str, str]:
        types: dict[str, str] = {}
        scope = hook_scope(self.decl.kind, "var", (), self.symbols.statuses)
        for name, var in m.vars.items():
            taken = taken_name(name, scope, self.symbols.statuses)
            if taken:
                self.report.error(var.pos, f"'{name}' cannot be a variable name: it is "
                                           f"{taken}")
                continue
            init_scope = Scope(frozenset({"self", "target", "turn", "simulation"}),
                               frozenset(), frozenset(self.symbols.statuses))
            walk = _ScriptChecker(self.report, init_scope, self.symbols, "var", {})
            walk.expr(var.value)
            self._reaches[id(var.value)] = walk.random
            types[name] = literal_type(var.value)
        return types

    def _placeholders(self, text: str, pos: A.Pos, allowed: set[str],
                      prop: A.Property | None = None) -> None:
        """A warning for each ``[name]`` of ``text`` that is no value here: under the
        ``[name]`` when the ``text`` property ``prop`` writes it on one line, else at
        ``pos``."""
        written = prop.items[0] if prop is not None and len(prop.items) == 1 else None
        for found in re.finditer(r"\[([^\]\[]*)\]", text):
            name = found.group(1)
            if name not in allowed and name not in self.symbols.statuses:
                at = _written_at(written, found.start(), found.end()) \
                    if isinstance(written, A.Text) else None
                self.report.warning(at or pos, f"text shows '[{name}]', which is not a value "
                                               f"here{did_you_mean(name, allowed)}")

    def _warn_no_text(self, m: "_Members") -> None:
        """A warning at the name of a card or status with no ``text`` (or a blank one):
        its card shows the player '(no text)'; a status is left out of the game's help
        (what a fighter's bar means) and ``dicey cards --status`` shows '(no text)'."""
        written = m.props.get("text")
        items = getattr(written, "items", None)
        if written is None or (items is not None and len(items) == 1
                               and isinstance(items[0], A.Text) and not items[0].value.strip()):
            shown = "its card shows the player '(no text)'" if self.decl.kind == "equipment" \
                else "the game's help leaves it out and dicey cards shows '(no text)'"
            self.report.warning(self.decl.name_pos, f"{self.decl.kind} '{self.decl.name}' has "
                                f"no text: {shown} (write text: \"…\", what it does)")

    # -- equipment ----------------------------------------------------------

    def c_equipment(self) -> EquipmentDef | None:
        m = self._equipment_members(self.decl.members, "equipment")
        base = self._equipment(m, self.decl.pos)
        self._warn_no_text(m)   # (once: a variant has the text of its base)
        variants: dict[str, dict[str, Any]] = {}
        for section in m.sections:
            merged = _merge(self.decl.members, section.members)
            vm = self._equipment_members(merged, f"'{section.title}' of {self.decl.name}",
                                         quiet=True, only=section.members)
            variants[section.title] = self._equipment(vm, section.pos, base["button"])
        weakened = variants.get("weakened")
        upgraded = variants.get("upgraded")
        if upgraded is not None and weakened is not None:
            wm = _merge(_merge(self.decl.members, _section(m, "upgraded")),
                        _section(m, "weakened"))
            upgraded = {**upgraded, "weakened": EquipmentDef(**self._equipment(
                self._equipment_members(wm, "weakened upgrade", quiet=True), self.decl.pos,
                base["button"]))}
        card = EquipmentDef(**{**base, "is_random": base["is_random"] or any(
            v["is_random"] for v in variants.values())},
            upgraded=upgraded and EquipmentDef(**upgraded),
            weakened=weakened and EquipmentDef(**weakened))
        self._upgrade_unsaid(card, _section_of(m, "upgraded"))
        return card

    def _upgrade_unsaid(self, card: EquipmentDef, block: A.Section | None) -> None:
        """A warning at an upgrade that takes other dice than its card while its text is
        the card's own, and that text says which dice the card takes (Lucky Charm+ took
        ``[≤2]`` while it still said "a 1"): the upgrade's text says what it does no more.
        An upgrade whose text says nothing of the dice (Dagger+, ``[≤4]``: "Do [d] damage")
        is not one. At the block's ``slots`` (else its ``total``, else its title)."""
        up = card.upgraded
        if up is None or block is None or up.text != card.text or _takes(up) == _takes(card):
            return
        said = [p for p in die_phrases(card) if _says(card.text, p)]
        if not said:
            return
        prop = next((p for key in ("slots", "total") for p in block.members
                     if isinstance(p, A.Property) and p.key == key), None)
        word, at = (prop.key, prop.pos) if prop is not None else (block.title, block.pos)
        self.report.warning(
            A.Pos(at.line, at.column, at.line, at.column + len(word)),
            f"'{card.name}+' takes {takes_text(up)} where '{card.name}' takes "
            f"{takes_text(card)}, but its text is the card's own, which says '{said[0]}': "
            f"give the upgrade a text of its own (text: \"…\" in its upgraded block)")

    def _equipment_members(self, members: tuple[A.Member, ...], what: str, *,
                           quiet: bool = False,
                           only: tuple[A.Member, ...] | None = None) -> _Members:
        """Sorted members; ``quiet`` re-sorts merged members reporting only ``only``'s."""
        sections = () if quiet else ("upgraded", "weakened")
        if only is not None:   # report problems of the block's own members once
            _Members(only, self.report, what, _EQUIPMENT_PROPS, _EQUIPMENT_FLAGS, (),
                     HOOKS["equipment"], allow_vars=True)
        report = _Report(self.path) if quiet else self.report
        return _Members(members, report, what, _EQUIPMENT_PROPS, _EQUIPMENT_FLAGS, sections,
                        HOOKS["equipment"], allow_vars=True)

    def _equipment(self, m: _Members, pos: A.Pos, base_button: bool | None = None
                   ) -> dict[str, Any]:
        """An EquipmentDef's fields (it is made once its variants are known); a variant's
        knows whether its base card is a button (``base_button``)."""
        v = _Values(m, self.report)
        size = v.integer("size", 1, 1, 2)
        spec = _SlotSpec()
        slots_prop = m.props.get("slots")
        reported = len(self.report.problems)
        for item in slots_prop.items if slots_prop else (A.Word(("any",)),):
            _slot_item(item, spec, self.report)
        total = v.integer("total", 0, 1, 36) if "total" in m.props else None
        if len(self.report.problems) == reported:   # not again for a slot already wrong
            _check_slots(spec, size, total, slots_prop.pos if slots_prop else pos,
                         m.props["total"].pos if "total" in m.props else pos, self.report)
        button = spec.none is not None
        var_types = self._var_types(m)
        hooks = self._scripts(m, var_types, button, self._became_button(m) if button and
                              base_button is False else None)
        ready = self._ready(m, var_types, button)
        progress = self._progress(m, var_types, button)
        text = v.text("text")
        self._placeholders(text, m.props["text"].pos if "text" in m.props else pos,
                           ({"d"} if not button else set()) | set(var_types),
                           m.props.get("text"))
        spare_only = not spec.slots and bool(spec.spares) and spec.countdown is None \
            and not button
        if spare_only:      # (its dice join the pool: the card itself is never used)
            for event in sorted(_FIRING & set(m.hooks)):   # (a variant's: said quietly)
                m.report.warning(m.hooks[event].pos, f"a card with only spare dice is "
                                 f"never used: its '{event}' never runs")
        elif not hooks and not m.refused_hooks:   # (a hook refused is said already)
            self.report.warning(pos, f"equipment '{self.decl.name}' has no hooks: it does "
                                     "nothing when used")
        tags = self._tags(m, v)
        uses = self._uses(v)
        if button and uses is None and ready is None and not (
                {"once per fight", "single use"} & set(m.flags)):
            self.report.warning(m.props["uses"].pos, "a button with unlimited uses and no "
                                "'ready' can be used without end: a turn would stop only at "
                                "its limit of moves (give it 'uses: N' or a 'ready')")
        return dict(
            id=self.ident, name=self.decl.name, size=size, slots=tuple(spec.slots),
            free=spec.free, spares=tuple(spec.spares), countdown=spec.countdown, total=total,
            uses=uses, once_per_fight="once per fight" in m.flags,
            single_use="single use" in m.flags, cast=v.word("cast", "target",
                                                            ("target", "self")),
            tags=tags, text=text, button=button, ready=ready,
            ready_text=print_expr(ready) if ready is not None else "",
            progress=progress, progress_text=tuple(map(print_expr, progress)) if progress
            else ("", ""),
            vars=tuple((name, var.value) for name, var in m.vars.items()), hooks=hooks,
            # a var's initialiser runs when the card enters a fight, a move's given card too
            is_random=self._is_random(hooks, *(var.value for var in m.vars.values())),
            origin=self.origin)

    def _became_button(self, m: _Members) -> tuple[str, A.Property] | None:
        """The block (its title and its ``slots``) whose ``slots: none`` makes a variant
        a button, when the base card is not one."""
        slots = m.props.get("slots")
        for member in self.decl.members:
            if isinstance(member, A.Section) and any(p is slots for p in member.members):
                return member.title, slots
        return None

    def _button_prop(self, m: _Members, key: str, button: bool, why: str
                     ) -> A.Property | None:
        """A button's property ``key``, or None: when the card has none, and when it takes
        dice (refused, saying ``why`` the property is a button's only)."""
        prop = m.props.get(key)
        if prop is not None and not button:
            self.report.error(prop.pos, f"'{key}' is only for a button (a card with "
                                        f"'slots: none'): {why}")
            return None
        return prop

    def _ready(self, m: _Members, var_types: dict[str, str], button: bool) -> A.Expr | None:
        """A button's ``ready`` condition, checked: a true/false expression over the
        fighters, the card and the turn that neither reaches a chance point nor changes the
        fight (it is read each time the moves are listed)."""
        prop = self._button_prop(m, "ready", button, "a card that takes dice is used when a "
                                                     "die fits")
        if prop is None:
            return None
        expr = prop.items[0].expr   # (the grammar reads one expression here, nothing else)
        return expr if self._reading(expr, "ready", var_types) else None

    def _progress(self, m: _Members, var_types: dict[str, str], button: bool
                  ) -> tuple[A.Expr, A.Expr] | None:
        """A button's ``progress: SO_FAR, GOAL``, checked: two whole numbers read as
        ``ready`` is (pure, no chance point), which its face shows (``[3/8]``)."""
        prop = self._button_prop(m, "progress", button, "it says how near the button is to "
                                                        "being ready")
        if prop is None:
            return None
        if len(prop.items) != 2:
            self.report.error(prop.pos, "'progress' takes two numbers, how far the button "
                                        "has come and its goal ('progress: charge, 8'), not "
                                        f"{len(prop.items)}")
            return None
        exprs = tuple(item.expr for item in prop.items)
        checked = [self._reading(expr, "progress", var_types) for expr in exprs]
        return exprs if all(checked) else None   # (each checked, each said)

    def _reading(self, expr: A.Expr, prop: str, var_types: dict[str, str]) -> bool:
        """Check an expression of a button's ``ready`` (true/false) or ``progress`` (a
        number) over the fighters, the card and the turn: one that neither reaches a
        chance point nor changes the fight (it is read whenever the fight is shown or its
        moves listed). Whether it is clean."""
        scope = Scope(READY_NAMES, frozenset(var_types), frozenset(self.symbols.statuses))
        walk = _ScriptChecker(self.report, scope, self.symbols, prop, var_types,
                              _NOT_IN_READING[prop])
        before = len(self.report.problems)
        wanted = "bool" if prop == "ready" else "int"
        type_ = walk.expr(expr, wanted)
        about = "whether a card is ready" if prop == "ready" else "how far a button has come"
        for call in _calls(expr):
            spec = BUILTINS.get(call.func)
            if spec is not None and spec.random:
                self.report.error(call.func_pos, f"'{prop}' cannot call {call.func}(), a "
                                  f"chance point: {about} must follow from the fight as it "
                                  "stands, never from luck")
            elif spec is not None and spec.effect:
                self.report.error(call.func_pos, f"'{prop}' cannot call {call.func}(): it "
                                  "only reads the fight (effects belong in 'on use')")
        if not _fits(type_, wanted):
            self.report.error(expr.pos, f"'ready' must be a condition (true or false), not "
                                        f"{_describe_type(type_)}" if prop == "ready" else
                              f"'progress' must be whole numbers (so far, goal), not "
                              f"{_describe_type(type_)}")
        return len(self.report.problems) == before

    def _tags(self, m: _Members, v: _Values) -> frozenset[str]:
        """The card's tags. Free words are allowed, so a misspelt engine tag would silently
        do nothing: a near miss of one is a warning."""
        tags = frozenset(v.words("tags"))
        for item in m.props["tags"].items if "tags" in m.props else ():
            if not isinstance(item, A.Word) or item.text in ENGINE_TAGS:
                continue
            hint = did_you_mean(item.text, ENGINE_TAGS)
            if hint:
                self.report.warning(item.pos, f"tag '{item.text}' is not one the engine "
                                              f"knows{hint}")
        return tags

    def _uses(self, v: _Values) -> int | None:
        item = v._single("uses")
        if item is None:
            return 1
        if isinstance(item, A.Word) and item.text == "unlimited" and item.number is None:
            return None
        if isinstance(item, A.Num) and 1 <= item.value <= 99:
            return item.value
        self.report.error(item.pos, "'uses' must be a number from 1 to 99 or 'unlimited'")
        return 1

    # -- status ---------------------------------------------------------------

    def c_status(self) -> StatusDef:
        taken = status_id_taken(self.ident)
        if taken:
            self.report.error(self.decl.name_pos, f"a status cannot have the id "
                                                  f"'{self.ident}': {taken}")
        m = _Members(self.decl.members, self.report, "a status",
                     ("kind", "stacks", "clears", "text", "score"), hooks=HOOKS["status"])
        v = _Values(m, self.report)
        hooks = self._scripts(m, {})
        text = v.text("text")
        self._warn_no_text(m)
        self._placeholders(text, m.props["text"].pos if "text" in m.props else self.decl.pos,
                           {"stacks"}, m.props.get("text"))
        return StatusDef(
            id=self.ident, name=self.decl.name,
            kind=v.word("kind", "negative", ("negative", "positive")),
            stacks=v.word("stacks", "yes", ("yes", "no")) == "yes",
            clears=v.word("clears", "never", ("never", "turn start", "turn end")),
            text=text, hooks=hooks,
            is_random=self._is_random(hooks),
            score=v.integer("score", None, -MAX_SCORE, MAX_SCORE),
            origin=self.origin)

    # -- fighters -------------------------------------------------------------

    def c_enemy(self) -> FighterDef:
        return self._fighter(("hp", "dice", "level", "xp", "equipment", "ai", "strong", "weak",
                              "immune", "text"))

    def c_hero(self) -> FighterDef:
        return self._fighter(("hp", "dice", "level", "equipment", "grid", "strong", "weak",
                              "immune", "text"))

    def _fighter(self, props: tuple[str, ...]) -> FighterDef:
        kind = self.decl.kind
        m = _Members(self.decl.members, self.report, f"a{'n' * (kind == 'enemy')} {kind}",
                     props, ("goes first",), ("score",) if kind == "enemy" else (),
                     HOOKS[kind])
        v = _Values(m, self.report)
        if "hp" not in m.props:
            self.report.error(self.decl.name_pos, f"{kind} '{self.decl.name}' needs 'hp'")
        level = v.integer("level", 1, 1, 99)
        equipment = v.names("equipment", self.symbols.equipment, "card", plus=True,
                            symbols=self.symbols)
        if len(equipment) > MAX_CARDS:
            self.report.error(m.props["equipment"].pos, f"a fighter carries at most "
                                                        f"{MAX_CARDS} cards, not {len(equipment)}")
        said = len(self.report.problems)
        grid = v.integer("grid", 6, 1, MAX_GRID)
        if kind == "hero" and len(self.report.problems) == said:   # (a grid refused: its
            self._grid(m, equipment, grid)                        # error is enough)
        hooks = self._scripts(m, {})
        dice = v.integer("dice", 2, 0, MAX_DICE)
        score = self._score(m)
        if kind == "enemy":
            self._can_act(m, dice, score)
        return FighterDef(
            kind=kind, id=self.ident, name=self.decl.name, hp=v.integer("hp", 1, 1, 9999),
            dice=dice, level=level, equipment=equipment,
            ai=v.word("ai", "normal", AI_PRESETS), goes_first="goes first" in m.flags,
            strong=frozenset(v.words("strong", DAMAGE_TYPES)),
            weak=frozenset(v.words("weak", DAMAGE_TYPES)),
            immune=frozenset(v.words("immune", DAMAGE_TYPES)), text=v.text("text"),
            score=score, hooks=hooks, xp=v.integer("xp", level, 0, 9999),
            grid=grid, is_random=self._is_random(hooks),
            origin=self.origin)

    def _can_act(self, m: _Members, dice: int, score: dict[str, int]) -> None:
        """Warnings for an enemy that can never do anything: no dice or no cards (its
        hooks may still give it some: a warning, not an error), or whose score block
        makes it play to lose."""
        if "equipment" not in m.props:
            self.report.warning(self.decl.name_pos, f"enemy '{self.decl.name}' carries no "
                                "equipment: it can only end its turns (unless its hooks "
                                "give it cards)")
        elif dice == 0:
            self.report.warning(m.props["dice"].pos, f"enemy '{self.decl.name}' rolls no "
                                "dice: it can only end its turns (unless its hooks give "
                                "it dice)")
        backwards = [key for key, wrong in (("damage", score.get("damage", 0) < 0),
                                            ("opponent_dead", score.get("opponent_dead", 0) < 0),
                                            ("self_dead", score.get("self_dead", 0) > 0))
                     if wrong]
        if backwards:
            said = ", ".join(f"{k}: {score[k]}" for k in backwards)
            self.report.warning(m.sections[0].pos, f"this score block rewards losing "
                                f"({said}): the enemy will play to lose")

    def _grid(self, m: _Members, equipment: tuple[str, ...], grid: int) -> None:
        used = sum(self.symbols.sizes.get(e.rstrip("+"), 1) for e in equipment)
        if used > grid:
            pos = m.props["equipment"].pos
            self.report.error(pos, f"the equipment takes {used} spaces but the grid is "
                                   f"{grid} wide (set 'grid' or carry less)")

    def _score(self, m: _Members) -> dict[str, int]:
        """The ``score { }`` block: weights of the table, or a status's points a stack by
        its id (``score { rot: 0 }``; a key of the table means the table's weight)."""
        out: dict[str, int] = {}
        statuses = sorted(self.symbols.statuses)
        for section in m.sections:
            sm = _Members(section.members, self.report, "a score block", SCORE_KEYS,
                          more=(statuses, "a status's id"))
            sv = _Values(sm, self.report)
            for key in sm.props:
                out[key] = sv.integer(key, 0, -MAX_INT, MAX_INT)
        return out

    # -- dungeon --------------------------------------------------------------

    def c_dungeon(self) -> DungeonDef:
        m = _Members(self.decl.members, self.report, "a dungeon", ("text", "heroes", "heal"),
                     sections=("floor", "level"))
        v = _Values(m, self.report)
        floors = [self._floor(s) for s in m.sections if s.title == "floor"]
        levels = [self._level(s) for s in m.sections if s.title == "level"]
        self._order(floors, levels, m)
        return DungeonDef(
            id=self.ident, name=self.decl.name,
            floors=tuple(sorted((f for f in floors if f), key=lambda f: f.number)),
            heroes=v.names("heroes", self.symbols.heroes, "hero", symbols=self.symbols),
            levels=tuple(sorted((lv for lv in levels if lv), key=lambda lv: lv.level)),
            heal=v.integer("heal", 10, 0, 9999), text=v.text("text"), origin=self.origin)

    def _floor(self, section: A.Section) -> FloorDef | None:
        m = _Members(section.members, self.report, "a floor", ("fights", *_FLOOR_POOLS, "boss"))
        v = _Values(m, self.report)
        enemies, rewards = _floor_pools(v, self.symbols)
        if "enemies" not in m.props:
            self.report.error(section.pos, "a floor needs 'enemies'")
        boss = v.names("boss", self.symbols.enemies, "enemy", symbols=self.symbols)
        if len(boss) > 1:
            self.report.error(m.props["boss"].pos, "a floor has one boss")
        if section.number is None:
            self.report.error(section.pos, "write the floor's number: 'floor 1 { … }'")
            return None
        fights = v.integer("fights", 2, 0, 20)
        if fights == 0 and "boss" not in m.props and "fights" in m.props:
            self.report.error(m.props["fights"].pos, "a floor needs a fight: 'fights' of 1 "
                                                     "or more, or a 'boss'")
        return FloorDef(section.number, fights, enemies, rewards, boss[0] if boss else None)

    def _level(self, section: A.Section) -> LevelDef | None:
        m = _Members(section.members, self.report, "a level", ("xp", "hp", "dice"))
        v = _Values(m, self.report)
        if section.number is None:
            self.report.error(section.pos, "write the level's number: 'level 2 { … }'")
            return None
        if "xp" not in m.props:
            self.report.error(section.pos, "a level needs 'xp' (the total experience to "
                                           "reach it)")
        return LevelDef(section.number, v.integer("xp", 0, 0, 99_999),
                        v.integer("hp", 0, 0, 999), v.integer("dice", 0, 0, 6))

    def _order(self, floors: list, levels: list, m: _Members) -> None:
        numbers = sorted(f.number for f in floors if f)
        if not floors:
            self.report.error(self.decl.name_pos, "a dungeon needs at least one floor")
        elif numbers != list(range(1, len(numbers) + 1)):
            self.report.error(self.decl.name_pos, f"floors must be numbered 1 to "
                                                  f"{len(numbers)}, found {numbers}")
        ranked = sorted((lv for lv in levels if lv), key=lambda lv: lv.level)
        if any(a.xp >= b.xp for a, b in zip(ranked, ranked[1:])):
            self.report.error(self.decl.name_pos, "higher levels must need more xp")


def _merge(base: tuple[A.Member, ...], block: tuple[A.Member, ...]) -> tuple[A.Member, ...]:
    """A variant's members: the block's properties, flags, vars and hooks replace the base's
    of the same key; the base's other members stay (its sections go)."""
    def key(member: A.Member) -> tuple | None:
        if isinstance(member, A.Property):
            return ("property", member.key)
        if isinstance(member, A.Hook):
            return ("hook", member.event)
        if isinstance(member, A.VarDecl):
            return ("var", member.name)
        if isinstance(member, A.Flag):
            return ("flag", member.text)
        return None

    replaced = {key(m) for m in block}
    kept = tuple(m for m in base if not isinstance(m, A.Section) and key(m) not in replaced)
    return kept + tuple(m for m in block if not isinstance(m, A.Section))


def _section_of(m: _Members, title: str) -> A.Section | None:
    return next((s for s in m.sections if s.title == title), None)


def _section(m: _Members, title: str) -> tuple[A.Member, ...]:
    section = _section_of(m, title)
    return section.members if section is not None else ()


def _takes(card: EquipmentDef) -> tuple:
    """What a card takes: its slots, countdown and total (its face's ``[≤4]``)."""
    return card.slots, card.countdown, card.total, card.spares, card.button


def takes_text(card: EquipmentDef) -> str:
    """What a card takes as its face shows it before a fight: ``[any] [≤4]``, ``[≤4] +2``,
    ``[7 to go]``, ``[press]``.

    >>> from dicey.lang.defs import Slot
    >>> takes_text(EquipmentDef("c", "C", slots=(Slot("max", 4), Slot("any")), free=2))
    '[≤4] [any] +2'
    """
    if card.button:
        return "[press]"
    if card.countdown is not None:
        return f"[{card.countdown} to go]"
    shown = [f"[{s.label}]" for s in card.slots]
    shown += [f"+{card.free}"] if card.free else []
    shown += [f"spare {n}" for n in card.spares]
    shown += [f"total {card.total}"] if card.total is not None else []
    return " ".join(shown)


def die_phrases(card: EquipmentDef) -> list[str]:
    """The words a card's text would use to say which dice the card takes (``a 1``,
    ``odd``, ``a 5 or 6``, ``4 or less``, ``countdown 7``): a text with one of them speaks of
    the card's slots, and says something else once they change.

    >>> from dicey.lang.defs import Slot
    >>> die_phrases(EquipmentDef("c", "C", slots=(Slot("exact", 1),)))
    ['a 1']
    >>> die_phrases(EquipmentDef("c", "C", slots=(Slot("min", 5),)))[:2]
    ['a 5 or 6', '5 or more']
    """
    def either(values: range) -> str:
        words = [str(v) for v in values]
        return "a " + (" or ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1
                       else words[0])
    out: list[str] = []
    if card.countdown is not None:
        out.append(f"countdown {card.countdown}")
    if card.total is not None:
        out += [f"add up to {card.total}", f"total {card.total}"]
    for slot in card.slots:
        k, a, b = slot.kind, slot.a, slot.b
        if k in ("odd", "even", "doubles"):
            out.append(k)
        elif k == "exact":
            out.append(f"a {a}")
        elif k == "max":
            out += [either(range(1, a + 1)), f"{a} or less", f"up to {a}", f"≤{a}"]
        elif k == "min":
            out += [either(range(a, 7)), f"{a} or more", f"{a}+", f"≥{a}"]
        elif k == "range":
            out += [either(range(a, b + 1)), f"{a} to {b}", f"{a}-{b}"]
    return list(dict.fromkeys(out))


def _says(text: str, phrase: str) -> bool:
    """Whether ``text`` has ``phrase`` as words of its own (any case)."""
    return re.search(rf"(?<![\w]){re.escape(phrase)}(?![\w+])", text, re.IGNORECASE) \
        is not None


# --------------------------------------------------------------- extensions

#: The pools of a floor, which an extension adds to.
_FLOOR_POOLS = ("enemies", "rewards")
#: What only the dungeon's own declaration sets: at its top, and in a floor.
_DUNGEON_OWN = ("text", "heal", "level")
_FLOOR_OWN = ("fights", "boss")


def _floor_pools(v: _Values, symbols: Symbols) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A floor's ``enemies`` and ``rewards`` as ids, each name checked (a dungeon's floor
    and an extension's floor read them alike)."""
    return (v.names("enemies", symbols.enemies, "enemy", symbols=symbols),
            v.names("rewards", symbols.equipment, "card", symbols=symbols))


class _ExtensionChecker:
    """Checks one ``extend dungeon { … }``; ``check()`` gives ``(DungeonExtension or None,
    problems)``. Whether its floors are in the dungeon a run walks is the library's to
    say: which dungeon that is depends on everything loaded."""

    def __init__(self, decl: A.Extension, path: str, symbols: Symbols, mod: str | None):
        self.decl = decl
        self.symbols = symbols
        self.report = _Report(path)
        self.origin = Origin(path, decl.pos, mod)

    def check(self) -> tuple[DungeonExtension | None, list[Diagnostic]]:
        decl, report = self.decl, self.report
        if decl.kind != "dungeon":
            article = "an" if decl.kind[0] in "aeiou" else "a"
            report.error(decl.kind_pos, f"only the dungeon can be extended, not {article} "
                                        f"{decl.kind} (to change {article} {decl.kind}, "
                                        f"write 'override {decl.kind} \"…\" {{ … }}')")
            return None, report.problems
        if decl.name is not None:
            report.error(decl.name_pos, "an extension names no dungeon: it extends the one a "
                                        "run walks, whichever is loaded last (write 'extend "
                                        "dungeon { … }')")
        m = _Members(self._own(decl.members, _DUNGEON_OWN), report, "a dungeon extension",
                     ("heroes",), sections=("floor",))
        floors: dict[int, FloorExtension] = {}   # (each number once: _Members sees to it)
        for section in m.sections:
            floor = self._floor(section)
            if floor is not None:
                floors[floor.number] = floor
        heroes = _Values(m, report).names("heroes", self.symbols.heroes, "hero",
                                          symbols=self.symbols)
        if not m.sections and not m.props:
            report.warning(decl.kind_pos, "this extension adds nothing: write 'heroes: …' or "
                                          "'floor N { enemies: …; rewards: … }' in it")
        return DungeonExtension(tuple(floors.values()), self.origin, heroes), report.problems

    def _floor(self, section: A.Section) -> FloorExtension | None:
        m = _Members(self._own(section.members, _FLOOR_OWN), self.report,
                     "a floor of a dungeon extension", _FLOOR_POOLS)
        enemies, rewards = _floor_pools(_Values(m, self.report), self.symbols)
        if section.number is None:
            self.report.error(section.pos, "write the floor's number: 'floor 3 { … }'")
            return None
        if section.number < 1:
            self.report.error(section.pos, "floors are numbered from 1")
            return None
        if not m.props:
            self.report.warning(section.pos, f"floor {section.number} of this extension adds "
                                             "nothing: give it 'enemies' or 'rewards'")
        return FloorExtension(section.number, enemies, rewards, section.pos)

    def _own(self, members: tuple[A.Member, ...], own: tuple[str, ...]
             ) -> tuple[A.Member, ...]:
        """``members`` less those setting what only the dungeon's own declaration sets
        (``own``), each reported."""
        kept = []
        for member in members:
            word = member.key if isinstance(member, A.Property) else \
                member.title if isinstance(member, A.Section) else None
            if word in own:
                self.report.error(member.pos, f"an extension cannot change '{word}': it only "
                                              "adds 'heroes' to the dungeon, and 'enemies' and "
                                              "'rewards' to its floors (to change its "
                                              f"'{word}', override the dungeon)")
            else:
                kept.append(member)
        return tuple(kept)


def check_decl(decl: A.TopLevel, path: str, symbols: Symbols, mod: str | None = None
               ) -> tuple[Any, list[Diagnostic]]:
    """Check one declaration or extension: its definition (None if it has errors) and its
    problems."""
    if isinstance(decl, A.Extension):
        extension, problems = check_extension(decl, path, symbols, mod)
        return (None if any(p.severity == "error" for p in problems) else extension), problems
    return _DeclChecker(decl, path, symbols, mod).check()


def check_extension(decl: A.Extension, path: str, symbols: Symbols, mod: str | None = None
                    ) -> tuple[DungeonExtension | None, list[Diagnostic]]:
    """Check one ``extend``: the extension as far as it could be read, errors or not (None
    only if it extends no dungeon), and its problems. The library checks the floors of one
    with errors too, so that a modder hears of all of its errors at once."""
    return _ExtensionChecker(decl, path, symbols, mod).check()


def check_script(source_stmts: tuple[A.Stmt, ...], scope: Scope, symbols: Symbols | None = None,
                 *, event: str = "on use", path: str = "<script>") -> list[Diagnostic]:
    """Check a bare script body against a scope (for tests and tools)."""
    report = _Report(path)
    _ScriptChecker(report, scope, symbols or Symbols(), event, {}).block(source_stmts)
    return report.problems

