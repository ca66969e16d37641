"""Scenario files: a pinned position (TOML) for ``dicey plan``, ``dicey graph``, benchmarks
and tests.

::

    [actor]                       # who plans: a declared enemy or hero
    fighter = "Handyman"
    hp = 20                       # also: max_hp
    dice = [2, 2, 4, 5]
    burning = [0, 1, 2, 3]        # indexes into dice (also: locked, blind)
    shocked = ["Spanner"]         # also: weakened ([opponent]: for its next turn)
    countdowns = { "Pea Shooter" = 3 }
    vars = { "Fury" = { charge = 8 } }   # card variables, by card (a limit break's charge)
    statuses = { poison = 1 }
    equipment = ["Spanner", "Hammer", "Pea Shooter"]   # optional: overrides the fighter's

    [opponent]
    fighter = "Warrior"
    hp = 30
    statuses = { shield = 2 }
    last_used = "Sword"           # the card it used last (what a Copycat copies)
    used_this_turn = ["Sword"]    # in order (also: cards_used = 1)
    borrowed = { "Hammer" = 1 }   # the actor's cards it holds, for so many of its turns

    [search]                      # optional
    preset = "normal"
    seed = 7
    states = 20000
    iterations = 5000
    ms = 500                      # or "none": no clock (reproducible)
    min_probability = 0.0

Optional top-level keys: ``title``, ``text`` (what the position shows) and ``turn``.
The actor sits on side 1 (an enemy's side) unless it is a hero facing an enemy. The fight
starts as usual (``on fight start`` hooks run with a fixed seed), then the position is
pinned with :meth:`Fight.set_position`. Every problem names the file and the key; one
:class:`ScenarioError` holds every problem a file has (its ``errors``, in file order), those
that follow from another left out.
"""
from __future__ import annotations

import math
import random
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator

from dicey.lang.ast import make_id, upgrade_ref
from dicey.lang.checker import MAX_CARDS, literal_type
from dicey.lang.errors import Diagnostic, did_you_mean, did_you_mean_named, did_you_mean_upgrade
from dicey.lang.interp import MAX_INT, MAX_TEXT
from dicey.library import has_controls, parse_toml, toml_error, toml_text
from dicey.rules.fight import MAX_TURNS, Fight
from dicey.rules.state import (MAX_DICE, STOLEN, TAKEN, UNLIMITED, FighterSetup, fired,
                               uses_for)
from dicey.rules.statuses import CORE_DEFAULTS, STACK_CAP

from .baseline import unknown_preset
from .planner import PRESET_BUDGETS, PRESET_NAMES, Budget

#: Keys of ``[actor]`` and ``[opponent]``, and the types they take.
FIGHTER_KEYS: dict[str, str] = {
    "fighter": "str", "hp": "int", "max_hp": "int", "dice": "ints", "burning": "ints",
    "locked": "ints", "blind": "ints", "shocked": "strs", "weakened": "strs",
    "countdowns": "table", "statuses": "table", "equipment": "strs", "vars": "vars",
    "last_used": "str", "used_this_turn": "strs", "cards_used": "int", "borrowed": "table",
    "dice_count": "int", "level": "int", "next_roll": "ints", "next_roll_dice": "int",
}
#: The numbers those keys may hold (the card language's own limit above): a position
#: with a dead fighter, or stacks no fight could reach, is a mistake, not a puzzle.
FIGHTER_RANGES: dict[str, tuple[int, int]] = {
    "hp": (1, MAX_INT), "max_hp": (1, MAX_INT), "countdowns": (1, MAX_INT),
    "statuses": (0, STACK_CAP), "cards_used": (0, MAX_INT), "borrowed": (1, MAX_TURNS),
    "dice_count": (0, MAX_DICE), "level": (1, 99), "next_roll_dice": (-MAX_DICE, MAX_DICE),
}
SEARCH_KEYS = ("preset", "seed", "states", "iterations", "moves", "ms", "min_probability")
TOP_KEYS = ("title", "text", "turn", "actor", "opponent", "search")
#: Largest scenario file read, in bytes (a real one is well under a kilobyte).
MAX_SCENARIO_BYTES = 1_000_000
#: The smallest time budget, in milliseconds: a clock of less ends the search before it
#: has tried a move (``ms`` here, ``--ms`` on the command line).
MIN_MS = 0.01
#: The folder of the reference positions.
SCENARIO_DIR = Path(__file__).resolve().parent.parent.parent / "scenarios"


class ScenarioError(ValueError):
    """A scenario file that cannot be read or does not make a position: one problem, or
    every problem found in one read (``errors``, in file order: ``str`` is theirs, a line
    each). ``line`` and ``column`` say where a problem read from a file stands (0: not at
    a line); ``at`` is the ``(table, key)`` it is about, when its words do not say."""

    def __init__(self, message: str, *, line: int = 0, column: int = 0,
                 at: tuple[str, str] | None = None,
                 errors: "list[ScenarioError] | None" = None):
        super().__init__(message)
        self.line, self.column, self.at = line, column, at
        self.errors: list[ScenarioError] = errors or [self]


class _Found:
    """The problems of a scenario found so far, and the keys they spoil: each check of a
    key runs in :meth:`each`, which keeps its error and lets the next check run, so that
    one read reports every problem of the file. A key with a problem is left out of what
    follows (``spoiled``): what depends on it is not checked, so a problem is not
    reported again as the problems it causes."""

    def __init__(self, errors: tuple[ScenarioError, ...] = ()):
        self.errors = list(errors)
        self.bad: set[tuple[str, str]] = set()

    @contextmanager
    def each(self, table: str, key: str) -> Iterator[None]:
        """Run one check of ``key`` in ``table`` (``""``: the top level)."""
        try:
            yield
        except ScenarioError as err:
            self.errors.append(err)
            self.bad.add((table, key))

    def spoiled(self, table: str, *keys: str) -> bool:
        return any((table, key) in self.bad for key in keys)

    def error(self, path: str, text: str) -> ScenarioError | None:
        """Every problem found, each at its line when read from a file, in file order
        (those at no line first); None when there are none."""
        placed = [located(err, path, text) for err in self.errors]
        placed = list({str(e): e for e in sorted(placed, key=lambda e: (e.line, e.column))}
                      .values())
        if len(placed) <= 1:
            return placed[0] if placed else None
        return ScenarioError("\n".join(map(str, placed)), errors=placed)


@dataclass
class Scenario:
    """A scenario as read (not yet placed in a library)."""

    path: str
    actor: dict[str, Any]
    opponent: dict[str, Any]
    title: str = ""
    text: str = ""
    turn: int | None = None
    preset: str = "normal"
    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    source: str = field(default="", repr=False)   # the file's text: errors quote its line
    #: The problems of its keys found when it was read (read_scenario): fight() reports
    #: them with its own.
    problems: tuple[ScenarioError, ...] = field(default=(), repr=False)

    @property
    def name(self) -> str:
        return Path(self.path).stem

    def fight(self, library: Any) -> Fight:
        """The pinned position, the actor to move. A ScenarioError holds every problem the
        file has (those found when it was read too), each read from a file at the key's
        line, quoted with a caret, in file order; a problem that follows from another (an
        unknown fighter's cards, or the marks on an unknown card) is left out."""
        found = _Found(self.problems)
        fight = self._pinned(library, found)
        if (err := found.error(self.path, self.source)):
            raise err
        assert fight is not None
        return fight

    def _pinned(self, library: Any, found: _Found) -> Fight | None:
        """The position, each problem kept in ``found`` (None when there is none to pin:
        a fighter unknown, or the rules refused it)."""
        fighters = {}
        for where, spec in (("actor", self.actor), ("opponent", self.opponent)):
            if "fighter" in spec:
                with found.each(where, "fighter"):
                    fighters[where] = _fighter(library, spec["fighter"], self.path, where)
        self._check_statuses(library, found)
        for where, spec in (("actor", self.actor), ("opponent", self.opponent)):
            self._check_equipment(library, spec, where, found)
        unknown = {where for where in _OTHER if where not in fighters}
        if len(unknown) == 2:
            return None
        for where in unknown:     # a stand-in: the known fighter's keys are still checked
            fighters[where] = fighters[_OTHER[where]]   # (the unknown one's cards are not)
        actor, opponent = fighters["actor"], fighters["opponent"]
        actor_side = 0 if actor.kind == "hero" and opponent.kind != "hero" else 1
        pair = (actor, opponent) if actor_side == 0 else (opponent, actor)
        sides = (("opponent", self.opponent, 1 - actor_side), ("actor", self.actor, actor_side))
        try:
            setups = {side: FighterSetup(**{field: spec[key] for key, field in _SETUP.items()
                                            if key in spec and not found.spoiled(where, key)})
                      for where, spec, side in sides}
            fight = Fight.start(library, pair[0], pair[1], random.Random(0),
                                hero_state=setups[0], second_state=setups[1])
            for where, spec, side in sides:   # the cards first: the marks name them
                if "equipment" in spec and not found.spoiled(where, "equipment"):
                    fight.set_position(side, equipment=spec["equipment"])
            loans = [loan for where, spec, side in sides   # then the loans: marks name them
                     if not found.spoiled(_OTHER[where], "equipment") and not unknown
                     for loan in self._lend(fight, side, spec.get("borrowed", {}), where,
                                            found)]
            unsure = _cards_unsure(found) | unknown
            for where, spec, side in sides:
                if where not in unsure:
                    self._check_marks(fight.fighters[side], spec, where, found)
            # The actor first: given its dice, it is in its turn, so the opponent's marks
            # are for its next turn (set_position tells the two apart).
            for where, spec, side in reversed(sides):
                fight.set_position(side, turn=self.turn if where == "actor" else None,
                                   **_pins(spec, where, found, unsure))
            for where, spec, side in sides:
                if where not in unsure:
                    self._pin_used(fight.fighters[side], spec, where, found)
            _date_loans(fight, loans)
        except ValueError as err:     # (a ScenarioError too: one no check kept)
            found.errors.append(err if isinstance(err, ScenarioError)
                                else ScenarioError(f"{self.path}: {err}"))
            return None
        for where, spec, side in sides:
            fighter = fight.fighters[side]
            if where not in unknown and spec.get("hp", 0) > fighter.max_hp:
                than = f"max_hp {fighter.max_hp} (lower hp, or raise max_hp)" \
                    if "max_hp" in spec else \
                    f"{fighter.name}'s max HP {fighter.max_hp} (set max_hp too)"
                if not found.spoiled(where, "max_hp"):
                    with found.each(where, "hp"):
                        raise ScenarioError(f"{self.path}: [{where}] hp: {spec['hp']} is "
                                            f"more than {than}")
        if fight.turn_over and not found.spoiled("actor", "dice") and not unknown:
            found.errors.append(ScenarioError(f"{self.path}: the actor has no turn to play "
                                              "(give [actor] some dice)"))
        return None if unknown else fight

    def _lend(self, fight: Fight, side: int, borrowed: dict[str, int],
              where: str, found: _Found) -> list[tuple[int, int, int]]:
        """The opponent's cards ``side`` holds for a while (``borrowed``: name = turns),
        as ``take_card(c, turns)`` leaves them: the owner's place for each stays, taken.
        The turn each goes back at is set once the position is pinned (_date_loans): the
        loans, as ``(side, place, turns)``. A card that cannot be lent is a problem in
        ``found``, and not lent."""
        if not borrowed:
            return []
        if not fight.rules.lends:
            with found.each(where, "borrowed"):
                raise ScenarioError(
                    f"{self.path}: [{where}] borrowed: no card of these rules takes a card "
                    "for a while (take_card(c, turns)), so none would ever go back (load the "
                    "mod that lends one)")
            return []
        taker, owner = fight.fighters[side], fight.fighters[1 - side]
        cards, loans = list(taker.cards), []
        for name in borrowed:
            with found.each(where, "borrowed"):
                index = next((i for i in self._holding(owner, name)
                              if not owner.cards[i].gone), None)
                if index is None:
                    names = [c.defn.name for c in owner.cards if not c.gone]
                    raise ScenarioError(
                        f"{self.path}: [{where}] borrowed: {owner.name} has no card '{name}' "
                        f"to lend{did_you_mean(name, names)} (its cards: "
                        f"{', '.join(names) or 'none'})")
                if len(cards) >= MAX_CARDS:
                    raise ScenarioError(f"{self.path}: [{where}] borrowed: {taker.name} would "
                                        f"hold more than {MAX_CARDS} cards")
                card = owner.cards[index]
                loans.append((side, len(cards), borrowed[name]))
                cards.append(card._replace(uses_left=uses_for(card.defn), temporary=STOLEN,
                                           loan=(0, index)))
                owner.set_card(index, card._replace(gone=TAKEN))
        taker.set_cards(cards)
        return loans

    def _pin_used(self, fighter: Any, spec: dict[str, Any], where: str,
                  found: _Found) -> None:
        """``last_used``, ``used_this_turn`` (each card named takes one of its uses: it was
        fired) and ``cards_used`` (as many as ``used_this_turn`` when not given; the two
        checked against each other when read)."""
        turn = [] if found.spoiled(where, "used_this_turn") else spec.get("used_this_turn", [])
        if "last_used" in spec and not found.spoiled(where, "last_used"):
            fighter.last_used = self._holding(fighter, spec["last_used"])[0]
        used = [-1]               # (before this turn: not known)
        for name in turn:
            index = next((i for i in self._holding(fighter, name)
                          if fighter.cards[i].uses_left != 0 and not fighter.cards[i].gone),
                         None)
            if index is None:
                with found.each(where, "used_this_turn"):
                    raise ScenarioError(
                        f"{self.path}: [{where}] used_this_turn: '{name}' is named more "
                        f"times than {fighter.name}'s cards of that name have uses in a turn")
                return
            card = fighter.cards[index]
            left = card.uses_left if card.uses_left == UNLIMITED else card.uses_left - 1
            fighter.set_card(index, fired(card, left))
            used.append(index)
        if turn:
            fighter.used = tuple(used)
        if not found.spoiled(where, "cards_used"):
            fighter.cards_used = spec.get("cards_used", len(turn))

    def _check_equipment(self, library: Any, spec: dict[str, Any], where: str,
                         found: _Found) -> None:
        """Every card of ``equipment`` is the library's (``"Sword+"``: the upgraded one);
        each one that is not, a problem in ``found``."""
        named = tuple(spec.get("equipment", ()))
        for name, (base, upgraded) in zip(named, FighterSetup(equipment=named).cards() or ()):
            with found.each(where, "equipment"):
                if base.endswith("+"):
                    raise ScenarioError(f"{self.path}: [{where}] equipment: '{name}': a card "
                                        f"has one upgrade (write \"{upgrade_ref(base)[0]}+\")")
                if make_id(base) not in library.equipment:
                    upgradable = {i: c for i, c in library.equipment.items()
                                  if c.upgraded is not None}
                    meant = upgraded and did_you_mean_upgrade(base, upgradable) or \
                        did_you_mean_named(base, library.equipment)
                    raise ScenarioError(f"{self.path}: [{where}] equipment: unknown card "
                                        f"'{name}'{meant}")

    @staticmethod
    def _holding(fighter: Any, name: str) -> list[int]:
        """The indexes of ``fighter``'s cards called ``name`` (by name or id)."""
        return [i for i, c in enumerate(fighter.cards)
                if c.defn.name == name or c.defn.id == make_id(name)]

    def _check_marks(self, fighter: Any, spec: dict[str, Any], where: str,
                     found: _Found) -> None:
        """The cards ``shocked``, ``weakened``, ``countdowns`` and ``vars`` name are the
        fighter's: as many as are named, countdown cards with no more left than they count,
        and variables the card declares. Each problem goes in ``found``."""
        def holding(name: str) -> list[Any]:
            return [fighter.cards[i] for i in self._holding(fighter, name)]

        def missing(key: str, name: str) -> ScenarioError:
            names = [c.defn.name for c in fighter.cards]
            return ScenarioError(f"{self.path}: [{where}] {key}: {fighter.name} has no card "
                                 f"'{name}'{did_you_mean(name, names)} (its cards: "
                                 f"{', '.join(names) or 'none'})")

        # The opponent's marks are for its next turn, when a card holds one of the two
        # (Fight.set_position): those named weakened too many are the error.
        both = [*spec.get("shocked", []), *spec.get("weakened", [])]
        for key in ("shocked", "weakened"):
            names = spec.get(key, [])
            for name in dict.fromkeys(names):
                with found.each(where, key):
                    have = len(holding(name))
                    if not have:
                        raise missing(key, name)
                    named = sum(make_id(other) == make_id(name) for other in names)
                    if named > have:
                        raise ScenarioError(f"{self.path}: [{where}] {key}: '{name}' is named "
                                            f"{named} times, but {fighter.name} has {have}")
                    named = sum(make_id(other) == make_id(name) for other in both)
                    if where == "opponent" and key == "weakened" and named > have:
                        raise ScenarioError(
                            f"{self.path}: [{where}] {key}: '{name}' is named {named} times "
                            f"in shocked and weakened, but {fighter.name} has {have} (a card "
                            "of the opponent holds one mark, for its next turn: shocked or "
                            "weakened)")
        for name, left in spec.get("countdowns", {}).items():
            with found.each(where, "countdowns"):
                cards = holding(name)
                if not cards:
                    raise missing("countdowns", name)
                counts = [c.active.countdown for c in cards if c.active.countdown is not None]
                if not counts:
                    raise ScenarioError(f"{self.path}: [{where}] countdowns: "
                                        f"{cards[0].defn.name} is not a countdown card")
                if left > max(counts):
                    raise ScenarioError(f"{self.path}: [{where}] countdowns: "
                                        f"{cards[0].defn.name} counts down from "
                                        f"{max(counts)}, so {left} cannot be left")
        if "last_used" in spec and not holding(spec["last_used"]):
            with found.each(where, "last_used"):
                raise missing("last_used", spec["last_used"])
        for name in spec.get("used_this_turn", ()):
            if not holding(name):
                with found.each(where, "used_this_turn"):
                    raise missing("used_this_turn", name)
        for name, values in spec.get("vars", {}).items():
            cards = holding(name)
            if not cards:
                with found.each(where, "vars"):
                    raise missing("vars", name)
                continue
            declared = dict(cards[0].defn.vars)
            own = list(declared)
            for var, value in values.items():
                with found.each(where, "vars"):
                    if var not in own:
                        raise ScenarioError(
                            f"{self.path}: [{where}] vars: {cards[0].defn.name} has no "
                            f"variable '{var}'{did_you_mean(var, own)} (its variables: "
                            f"{', '.join(own) or 'none'})")
                    wanted = literal_type(declared[var])
                    if wanted in _VAR_TYPES and _value_type(value) != wanted:
                        raise ScenarioError(
                            f"{self.path}: [{where}] vars: {cards[0].defn.name}: {var} is "
                            f"{_VAR_TYPES[wanted]} (the card declares it so), not {value!r}")

    def _check_statuses(self, library: Any, found: _Found) -> None:
        """Every status named is the library's, or one the engine knows without it."""
        for where, spec in (("actor", self.actor), ("opponent", self.opponent)):
            for name in spec.get("statuses", {}):
                if make_id(name) in CORE_DEFAULTS:
                    continue
                with found.each(where, "statuses"):
                    try:
                        library.status(name)
                    except KeyError as err:
                        raise ScenarioError(f"{self.path}: [{where}] statuses: "
                                            f"{err.args[0]}") from None


#: The keys :meth:`Fight.set_position` does not take (the scenario sets them itself).
#: (``equipment`` is pinned first, on its own: the loans and the marks then name cards.)
_OWN_PINS = ("fighter", "equipment", "last_used", "used_this_turn", "cards_used", "borrowed",
             "dice_count", "level")
#: The keys the fight starts with (the dice a fighter rolls each turn, its level), as
#: :class:`FighterSetup` names them.
_SETUP = {"dice_count": "dice", "level": "level"}
#: The keys that name a fighter's cards (``borrowed``: the other's).
_CARD_KEYS = ("shocked", "weakened", "countdowns", "vars", "last_used", "used_this_turn")
_OTHER = {"actor": "opponent", "opponent": "actor"}


def _cards_unsure(found: _Found) -> set[str]:
    """The fighters whose cards are not those the file means (``actor``, ``opponent``): an
    unknown card in its ``equipment``, or a loan refused either way. The keys naming their
    cards are not checked or pinned (each would be a problem the first one causes)."""
    return {where for where in _OTHER
            if found.spoiled(where, "equipment")
            or found.spoiled(where, "borrowed") or found.spoiled(_OTHER[where], "borrowed")}


def _pins(spec: dict[str, Any], where: str, found: _Found,
          unsure: set[str]) -> dict[str, Any]:
    """``spec``'s keys as :meth:`Fight.set_position` takes them, those with a problem (and
    the cards' marks of a fighter whose cards are ``unsure``) left out."""
    return {("card_vars" if k == "vars" else k): v for k, v in spec.items()
            if k not in _OWN_PINS and not found.spoiled(where, k)
            and not (where in unsure and k in _CARD_KEYS)}


def _date_loans(fight: Fight, loans: list[tuple[int, int, int]]) -> None:
    """Each card pinned as borrowed (``loans``: the taker's side, the card's place there,
    the turns) goes back at the end of its taker's ``turns``-th turn from now, counting
    the taker's turn under way (as ``take_card(c, turns)`` counts them)."""
    for side, index, turns in loans:
        first = fight.turn if fight.actor == side else fight.turn + 1
        taker = fight.fighters[side]
        card = taker.cards[index]
        taker.set_card(index, card._replace(loan=(first + 2 * (turns - 1), card.loan[1])))


def _fighter(library: Any, name: str, path: str, where: str) -> Any:
    table = {**getattr(library, "heroes", {}), **getattr(library, "enemies", {})}
    key = make_id(name)
    if key not in table:
        meant = did_you_mean_named(name, table) or \
            f" (available: {', '.join(sorted(f.name for f in table.values()))})"
        raise ScenarioError(f"{path}: [{where}] fighter: unknown fighter '{name}'{meant}")
    return table[key]


# ------------------------------------------------------------------ reading

def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file (ScenarioError for any problem: every one the file's
    keys have, in file order)."""
    scenario = read_scenario(path)
    if (err := _Found(scenario.problems).error(scenario.path, scenario.source)):
        raise err
    return scenario


def read_scenario(path: str | Path) -> Scenario:
    """Read a scenario file, keeping the problems of its keys in ``problems`` (the keys
    themselves left out) for :meth:`Scenario.fight` to report with those the library
    finds: every problem of the file in one run. A file that cannot be read, or is not
    TOML, is a ScenarioError at once."""
    shown = str(path)
    if Path(path).is_dir():
        raise ScenarioError(f"{shown}: is a folder, not a scenario file")
    try:
        text = toml_text(Path(path), MAX_SCENARIO_BYTES)
    except FileNotFoundError:
        raise ScenarioError(f"{shown}: no such scenario file") from None
    except OSError as err:
        raise ScenarioError(f"{shown}: cannot read it: {err.strerror or err}") from None
    except ValueError as err:
        raise ScenarioError(f"{shown}: not valid TOML: {err}") from None
    try:
        data = parse_toml(text)
    except ValueError as err:   # at its line, quoted with a caret, as a .dice error is
        problem = toml_error(shown, str(err), "not valid TOML: ")
        if not problem.line:
            raise ScenarioError(f"{shown}: {problem.message}") from None
        quoted = problem.render(text).partition("\n")[2]
        raise ScenarioError(f"{shown}:{problem.line}:{problem.column}: {problem.message}"
                            + (f"\n{quoted}" if quoted else "")) from None
    return replace(parse_scenario(data, shown, keep=True), source=text)


#: A scenario error's key: ``[actor] dice: …``, ``turn: …``; and a name it quotes.
_ERROR_KEY = re.compile(r"(?:\[(actor|opponent|search)\] )?(\w+):")
_QUOTED = re.compile(r"'([^'\n]+)'")
_TABLE = re.compile(r"\s*\[\s*(\w+)\s*\]\s*(?:#.*)?$")


def located(err: ScenarioError, path: str, text: str) -> ScenarioError:
    """``err`` (``path: [table] key: …``, or about ``err.at``) at the line of that key in
    the file's ``text``, quoted with a caret under the key (or under the name the message
    quotes, when it is on that line): as a ``.dice`` error is shown. Unchanged when the key
    is not written plainly in the file (a dotted key, say) or the error names none."""
    message = str(err)
    rest = message[len(path) + 2:]
    m = _ERROR_KEY.match(rest)
    if not text or not message.startswith(f"{path}: ") or not (m or err.at):
        return err
    table, key = err.at or (m.group(1) or "", m.group(2))
    after = rest[m.end():] if m and not err.at else rest
    pattern = re.compile(rf"[ \t]*({re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
                         r"[ \t]*=")
    current = ""
    for number, line in enumerate(text.split("\n"), 1):
        if (header := _TABLE.match(line)):
            current = header.group(1)
        elif current == table and (found := pattern.match(line)):
            start, end = found.start(1) + 1, found.end(1) + 1
            named = _QUOTED.search(after) if not err.at else None
            spot = line.find(f'"{named.group(1)}"') if named else -1
            if spot >= 0:
                start, end = spot + 1, spot + len(named.group(1)) + 3
            quoted = Diagnostic(path, number, start, rest, end_column=end).render(text)
            return ScenarioError(f"{path}:{number}:{start}: {rest}\n"
                                 f"{quoted.partition(chr(10))[2]}", line=number, column=start)
    return err


def parse_scenario(data: dict[str, Any], path: str = "<scenario>", *,
                   keep: bool = False) -> Scenario:
    """A scenario from already-parsed TOML. A ScenarioError holds every problem of its
    keys; with ``keep``, they are kept in the scenario's ``problems`` instead (the keys
    left out), for :meth:`Scenario.fight` to report with its own."""
    found = _Found()
    _known(data, TOP_KEYS, path, "", found)
    actor = _fighter_table(data, "actor", path, found)
    opponent = _fighter_table(data, "opponent", path, found)
    if "dice" in opponent:     # (with none for the actor, the opponent's turn was planned)
        with found.each("opponent", "dice"):
            del opponent["dice"]
            raise ScenarioError(f"{path}: [opponent] dice: the opponent does not act here; "
                                "the dice to play go in [actor]")
    search = data.get("search", {})
    if not isinstance(search, dict):
        with found.each("", "search"):
            raise ScenarioError(f"{path}: [search] must be a table")
        search = {}
    search = _known(search, SEARCH_KEYS, path, "search", found)
    preset = search.get("preset", "normal")
    with found.each("search", "preset"):
        if not isinstance(preset, str):
            preset = "normal"
            raise ScenarioError(f"{path}: [search] preset: expected a preset's name, got "
                                f"{search['preset']!r} (available: {', '.join(PRESET_NAMES)})")
        if preset not in PRESET_NAMES:
            preset = "normal"
            raise ScenarioError(f"{path}: [search] preset: "
                                f"{unknown_preset(search['preset'], PRESET_NAMES)}")
    scenario = Scenario(path, actor, opponent, title=_text(data, "title", path, found),
                        text=_text(data, "text", path, found),
                        turn=_opt_int(data, "turn", path, 1, MAX_TURNS, found=found),
                        preset=preset,
                        seed=_opt_int(search, "seed", path, 0, where="search",
                                      found=found) or 0,
                        budget=_budget(search, PRESET_BUDGETS.get(preset, Budget()), path,
                                       found),
                        problems=tuple(found.errors))
    if found.errors and not keep:
        raise found.error(path, "")  # type: ignore[misc]
    return scenario


def _fighter_table(data: dict[str, Any], where: str, path: str,
                   found: _Found) -> dict[str, Any]:
    """``[actor]`` or ``[opponent]``, each key checked on its own: the keys with a problem
    (kept in ``found``) are left out, and a table that is missing is empty."""
    table = data.get(where)
    if not isinstance(table, dict):
        with found.each("", where):
            raise ScenarioError(f"{path}: missing the [{where}] table")
        return {}
    table = _known(table, tuple(FIGHTER_KEYS), path, where, found)
    if "fighter" not in table:
        with found.each(where, "fighter"):
            raise ScenarioError(f"{path}: [{where}] needs a fighter = \"Name\"")
    for key, value in list(table.items()):
        with found.each(where, key):
            _check_key(key, value, where, path)
    _check_dice(table, where, path, found)
    if not found.spoiled(where, "equipment") and len(table.get("equipment", ())) > MAX_CARDS:
        with found.each(where, "equipment"):
            raise ScenarioError(f"{path}: [{where}] equipment: {len(table['equipment'])} "
                                f"cards, but a fighter carries at most {MAX_CARDS}")
    turn = [] if found.spoiled(where, "used_this_turn") else table.get("used_this_turn", [])
    if "last_used" in table and not found.spoiled(where, "last_used") and turn \
            and make_id(turn[-1]) != make_id(table["last_used"]):
        with found.each(where, "last_used"):
            raise ScenarioError(
                f"{path}: [{where}] last_used: '{table['last_used']}' is not the last card of "
                f"used_this_turn ('{turn[-1]}'): the card used last is it")
    if "cards_used" in table and not found.spoiled(where, "used_this_turn", "cards_used") \
            and table["cards_used"] < len(turn):
        with found.each(where, "cards_used"):
            raise ScenarioError(f"{path}: [{where}] cards_used: {table['cards_used']} is "
                                f"fewer than the cards of used_this_turn ({len(turn)})")
    return {k: v for k, v in table.items() if not found.spoiled(where, k)}


def _check_key(key: str, value: Any, where: str, path: str) -> None:
    """A key of ``[actor]`` or ``[opponent]`` holds its type, in its range."""
    if not _is(value, FIGHTER_KEYS[key]):
        raise ScenarioError(f"{path}: [{where}] {key}: expected "
                            f"{_TYPE_WORDS[FIGHTER_KEYS[key]]}, got {value!r}")
    if key in FIGHTER_RANGES:
        low, high = FIGHTER_RANGES[key]
        for name, number in value.items() if isinstance(value, dict) else [(key, value)]:
            if not low <= number <= high:
                shown = key if name == key else f"{key}: {name}"
                raise ScenarioError(f"{path}: [{where}] {shown}: {number} is out of "
                                    f"range ({low} to {high:,})")
    for card, values in value.items() if key == "vars" else ():
        for var, item in values.items():
            if _value_type(item) == "int" and not -MAX_INT <= item <= MAX_INT:
                raise ScenarioError(f"{path}: [{where}] vars: {card}: {var}: {item} is "
                                    f"out of range (±{MAX_INT:,})")
            if isinstance(item, str) and len(item) > MAX_TEXT:
                raise ScenarioError(f"{path}: [{where}] vars: {card}: {var}: a text of "
                                    f"{len(item):,} characters (at most {MAX_TEXT:,})")


def _die_values(values: list[int], key: str, holder: str, where: str, path: str) -> None:
    """A ScenarioError unless ``values`` (``key``'s) are die values, no more than
    ``holder`` (``a fighter``, ``a pool``) holds."""
    for value in values:
        if not 1 <= value <= 6:
            raise ScenarioError(f"{path}: [{where}] {key}: {value} is not a die (1 to 6)")
    if len(values) > MAX_DICE:
        raise ScenarioError(f"{path}: [{where}] {key}: {len(values)} dice, but {holder} "
                            f"holds at most {MAX_DICE}")


def _check_dice(table: dict[str, Any], where: str, path: str, found: _Found) -> None:
    """``dice`` (and ``next_roll``) holds die values, no more than a fighter rolls, and
    ``burning``, ``locked`` and ``blind`` index into it (when it is given: else they index
    the fight's roll)."""
    if "next_roll" in table and not found.spoiled(where, "next_roll"):
        with found.each(where, "next_roll"):
            _die_values(table["next_roll"], "next_roll", "a pool", where, path)
    dice = table.get("dice")
    if dice is None or found.spoiled(where, "dice"):
        return
    with found.each(where, "dice"):
        _die_values(dice, "dice", "a fighter", where, path)
        if not dice and where == "actor":
            raise ScenarioError(f"{path}: [actor] dice: an actor without dice has no turn "
                                f"to plan (give it 1 to {MAX_DICE} dice)")
    if found.spoiled(where, "dice"):    # (the indexes into dice that are not known)
        return
    span = f"0 to {len(dice) - 1}" if dice else "there are none"
    for key in ("burning", "locked", "blind"):
        indexes = table.get(key, [])
        with found.each(where, key):
            for at, index in enumerate(indexes if not found.spoiled(where, key) else ()):
                if not 0 <= index < len(dice):
                    raise ScenarioError(f"{path}: [{where}] {key}: {index} is not an index "
                                        f"into dice ({span})")
                if index in indexes[:at]:
                    raise ScenarioError(f"{path}: [{where}] {key}: {index} is named twice "
                                        "(each die is marked once)")


def _budget(search: dict[str, Any], base: Budget, path: str, found: _Found) -> Budget:
    changes: dict[str, Any] = {}
    for key in ("states", "iterations"):
        if key in search:
            with found.each("search", key):
                changes[key] = _opt_int(search, key, path, 1, where="search")
    if "moves" in search:
        with found.each("search", "moves"):
            moves = search["moves"]
            if moves != "none" and not (_is(moves, "int") and moves >= 1):
                raise ScenarioError(f"{path}: [search] moves: expected an integer ≥ 1, or "
                                    f"\"none\", got {moves!r}")
            changes["moves"] = None if moves == "none" else moves   # none: the states bound it
    if "ms" in search:
        with found.each("search", "ms"):
            ms = search["ms"]
            if ms == "none":
                changes["ms"] = None
            elif _is(ms, "num") and MIN_MS <= ms < math.inf:   # (not nan)
                changes["ms"] = float(ms)
            elif _is(ms, "num") and 0 < ms < MIN_MS:
                raise ScenarioError(f"{path}: [search] ms: expected at least {MIN_MS} (less "
                                    "ends the search before it begins), or \"none\", got "
                                    f"{ms!r}")
            else:
                raise ScenarioError(f"{path}: [search] ms: expected a positive number or "
                                    f"\"none\", got {ms!r}")
    if "min_probability" in search:
        with found.each("search", "min_probability"):
            p = search["min_probability"]
            if not _is(p, "num") or not 0 <= p < 1:
                raise ScenarioError(f"{path}: [search] min_probability: expected a number "
                                    f"from 0 to below 1, got {p!r}")
            changes["min_probability"] = float(p)
    return replace(base, **changes)


_TYPE_WORDS = {"str": "a string", "int": "an integer", "ints": "a list of integers",
               "strs": "a list of strings", "table": "a table of name = integer",
               "vars": "a table of card = { variable = integer, true/false or text }",
               "num": "a number"}


def _is(value: Any, kind: str) -> bool:
    def integer(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)
    return {
        "str": lambda: isinstance(value, str),
        "int": lambda: integer(value),
        "num": lambda: integer(value) or isinstance(value, float),
        "ints": lambda: isinstance(value, list) and all(integer(v) for v in value),
        "strs": lambda: isinstance(value, list) and all(isinstance(v, str) for v in value),
        "table": lambda: isinstance(value, dict) and all(integer(v) for v in value.values()),
        "vars": lambda: isinstance(value, dict) and all(
            isinstance(t, dict) and all(_value_type(v) is not None for v in t.values())
            for t in value.values()),
    }[kind]()


#: What a card variable of each type holds, for an error.
_VAR_TYPES = {"int": "a number", "bool": "true or false", "str": "a text"}


def _value_type(value: Any) -> str | None:
    """The language's type of a value a scenario gives a card variable (None: none)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return "str" if isinstance(value, str) else None


def _known(table: dict[str, Any], allowed: tuple[str, ...], path: str, where: str,
           found: _Found) -> dict[str, Any]:
    """``table`` without its unknown keys, each one a problem in ``found`` (``where``: the
    table, ``""`` the top level)."""
    said = f"[{where}]" if where else "the top level"
    for key in table:
        if key not in allowed:
            with found.each(where, key):
                raise ScenarioError(f"{path}: unknown key '{key}' in {said}"
                                    f"{did_you_mean(key, allowed)} (allowed: "
                                    f"{', '.join(allowed)})", at=(where, key))
    return {k: v for k, v in table.items() if k in allowed}


def _text(data: dict[str, Any], key: str, path: str, found: _Found) -> str:
    """The ``title`` or ``text``: a string without control characters (they would drive
    the terminal ``dicey plan`` prints it on), ``text`` with its line ends and tabs."""
    value = data.get(key, "")
    with found.each("", key):
        if not isinstance(value, str):
            raise ScenarioError(f"{path}: {key}: expected a string, got {value!r}")
        if has_controls(value, "\n\t" if key == "text" else ""):
            raise ScenarioError(f"{path}: {key}: control characters are not allowed (an "
                                "escape sequence or a bell would drive the terminal that "
                                "shows it)")
        return value
    return ""


def _opt_int(data: dict[str, Any], key: str, path: str, minimum: int,
             maximum: int | None = None, where: str = "",
             found: _Found | None = None) -> int | None:
    """``data[key]``, an integer from ``minimum`` to ``maximum`` (None when absent); else
    a ScenarioError, or with ``found``, a problem there and None."""
    if key not in data:
        return None
    value = data[key]
    if not _is(value, "int") or value < minimum or (maximum is not None and value > maximum):
        wanted = (f"an integer from {minimum} to {maximum}" if maximum is not None
                  else f"an integer ≥ {minimum}")
        err = ScenarioError(f"{path}: {f'[{where}] ' if where else ''}{key}: expected "
                            f"{wanted}, got {value!r}")
        if found is None:
            raise err
        found.errors.append(err)
        found.bad.add((where, key))
        return None
    return value


def reference_scenarios() -> list[Path]:
    """The project's reference positions (``scenarios/*.toml``), by name."""
    return sorted(SCENARIO_DIR.glob("*.toml"))
