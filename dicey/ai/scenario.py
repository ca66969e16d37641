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
pinned with :meth:`Fight.set_position`. Every problem is a :class:`ScenarioError` that names
the file and the key.
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

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
}
#: The numbers those keys may hold (the card language's own limit above): a position
#: with a dead fighter, or stacks no fight could reach, is a mistake, not a puzzle.
FIGHTER_RANGES: dict[str, tuple[int, int]] = {
    "hp": (1, MAX_INT), "max_hp": (1, MAX_INT), "countdowns": (1, MAX_INT),
    "statuses": (0, STACK_CAP), "cards_used": (0, MAX_INT), "borrowed": (1, MAX_TURNS),
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
    """A scenario file that cannot be read or does not make a position."""


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

    @property
    def name(self) -> str:
        return Path(self.path).stem

    def fight(self, library: Any) -> Fight:
        """The pinned position, the actor to move (ScenarioError if it does not fit: read
        from a file, at the key's line, quoted with a caret)."""
        try:
            return self._pinned(library)
        except ScenarioError as err:
            raise located(err, self.path, self.source) from None

    def _pinned(self, library: Any) -> Fight:
        actor = _fighter(library, self.actor["fighter"], self.path, "actor")
        opponent = _fighter(library, self.opponent["fighter"], self.path, "opponent")
        actor_side = 0 if actor.kind == "hero" and opponent.kind != "hero" else 1
        pair = (actor, opponent) if actor_side == 0 else (opponent, actor)
        self._check_statuses(library)
        sides = (("opponent", self.opponent, 1 - actor_side), ("actor", self.actor, actor_side))
        for where, spec, _ in sides:
            self._check_equipment(library, spec, where)
        try:
            fight = Fight.start(library, pair[0], pair[1], random.Random(0))
            for where, spec, side in sides:   # the cards first: the marks name them
                if "equipment" in spec:
                    fight.set_position(side, equipment=spec["equipment"])
            loans = [loan for where, spec, side in sides   # then the loans: marks name them
                     for loan in self._lend(fight, side, spec.get("borrowed", {}), where)]
            for where, spec, side in sides:
                self._check_marks(fight.fighters[side], spec, where)
            # The actor first: given its dice, it is in its turn, so the opponent's marks
            # are for its next turn (set_position tells the two apart).
            for where, spec, side in reversed(sides):
                fight.set_position(side, turn=self.turn if where == "actor" else None,
                                   **_pins(spec))
            for where, spec, side in sides:
                self._pin_used(fight.fighters[side], spec, where)
            _date_loans(fight, loans)
        except ScenarioError:
            raise
        except ValueError as err:
            raise ScenarioError(f"{self.path}: {err}") from None
        for where, spec, side in sides:
            fighter = fight.fighters[side]
            if spec.get("hp", 0) > fighter.max_hp:
                than = f"max_hp {fighter.max_hp} (lower hp, or raise max_hp)" \
                    if "max_hp" in spec else \
                    f"{fighter.name}'s max HP {fighter.max_hp} (set max_hp too)"
                raise ScenarioError(f"{self.path}: [{where}] hp: {spec['hp']} is more than "
                                    f"{than}")
        if fight.turn_over:
            raise ScenarioError(f"{self.path}: the actor has no turn to play "
                                "(give [actor] some dice)")
        return fight

    def _lend(self, fight: Fight, side: int, borrowed: dict[str, int],
              where: str) -> list[tuple[int, int, int]]:
        """The opponent's cards ``side`` holds for a while (``borrowed``: name = turns),
        as ``take_card(c, turns)`` leaves them: the owner's place for each stays, taken.
        The turn each goes back at is set once the position is pinned (_date_loans): the
        loans, as ``(side, place, turns)``."""
        if not borrowed:
            return []
        if not fight.rules.lends:
            raise ScenarioError(
                f"{self.path}: [{where}] borrowed: no card of these rules takes a card for "
                "a while (take_card(c, turns)), so none would ever go back (load the mod "
                "that lends one)")
        taker, owner = fight.fighters[side], fight.fighters[1 - side]
        cards, loans = list(taker.cards), []
        for name in borrowed:
            index = next((i for i in self._holding(owner, name) if not owner.cards[i].gone),
                         None)
            if index is None:
                names = [c.defn.name for c in owner.cards if not c.gone]
                raise ScenarioError(
                    f"{self.path}: [{where}] borrowed: {owner.name} has no card '{name}' to "
                    f"lend{did_you_mean(name, names)} (its cards: {', '.join(names) or 'none'})")
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

    def _pin_used(self, fighter: Any, spec: dict[str, Any], where: str) -> None:
        """``last_used``, ``used_this_turn`` (each card named takes one of its uses: it was
        fired) and ``cards_used`` (as many as ``used_this_turn`` when not given)."""
        turn = spec.get("used_this_turn", [])
        if "last_used" in spec:    # (the card a Copycat copies: checked above)
            if turn and make_id(turn[-1]) != make_id(spec["last_used"]):
                raise ScenarioError(
                    f"{self.path}: [{where}] last_used: '{spec['last_used']}' is not the "
                    f"last card of used_this_turn ('{turn[-1]}'): the card used last is it")
            fighter.last_used = self._holding(fighter, spec["last_used"])[0]
        used = [-1]               # (before this turn: not known)
        for name in turn:
            index = next((i for i in self._holding(fighter, name)
                          if fighter.cards[i].uses_left != 0 and not fighter.cards[i].gone),
                         None)
            if index is None:
                raise ScenarioError(
                    f"{self.path}: [{where}] used_this_turn: '{name}' is named more times "
                    f"than {fighter.name}'s cards of that name have uses in a turn")
            card = fighter.cards[index]
            left = card.uses_left if card.uses_left == UNLIMITED else card.uses_left - 1
            fighter.set_card(index, fired(card, left))
            used.append(index)
        if turn:
            fighter.used = tuple(used)
        count = spec.get("cards_used", len(turn))
        if count < len(turn):
            raise ScenarioError(f"{self.path}: [{where}] cards_used: {count} is fewer than "
                                f"the cards of used_this_turn ({len(turn)})")
        fighter.cards_used = count

    def _check_equipment(self, library: Any, spec: dict[str, Any], where: str) -> None:
        """Every card of ``equipment`` is the library's (``"Sword+"``: the upgraded one)."""
        named = tuple(spec.get("equipment", ()))
        for name, (base, upgraded) in zip(named, FighterSetup(equipment=named).cards() or ()):
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

    def _check_marks(self, fighter: Any, spec: dict[str, Any], where: str) -> None:
        """The cards ``shocked``, ``weakened``, ``countdowns`` and ``vars`` name are the
        fighter's: as many as are named, countdown cards with no more left than they count,
        and variables the card declares."""
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
                        f"{self.path}: [{where}] {key}: '{name}' is named {named} times in "
                        f"shocked and weakened, but {fighter.name} has {have} (a card of the "
                        "opponent holds one mark, for its next turn: shocked or weakened)")
        for name, left in spec.get("countdowns", {}).items():
            cards = holding(name)
            if not cards:
                raise missing("countdowns", name)
            counts = [c.active.countdown for c in cards if c.active.countdown is not None]
            if not counts:
                raise ScenarioError(f"{self.path}: [{where}] countdowns: {cards[0].defn.name} "
                                    "is not a countdown card")
            if left > max(counts):
                raise ScenarioError(f"{self.path}: [{where}] countdowns: {cards[0].defn.name} "
                                    f"counts down from {max(counts)}, so {left} cannot be left")
        if "last_used" in spec and not holding(spec["last_used"]):
            raise missing("last_used", spec["last_used"])
        for name in spec.get("used_this_turn", ()):
            if not holding(name):
                raise missing("used_this_turn", name)
        for name, values in spec.get("vars", {}).items():
            cards = holding(name)
            if not cards:
                raise missing("vars", name)
            declared = dict(cards[0].defn.vars)
            own = list(declared)
            for var, value in values.items():
                if var not in own:
                    raise ScenarioError(
                        f"{self.path}: [{where}] vars: {cards[0].defn.name} has no variable "
                        f"'{var}'{did_you_mean(var, own)} (its variables: "
                        f"{', '.join(own) or 'none'})")
                wanted = literal_type(declared[var])
                if wanted in _VAR_TYPES and _value_type(value) != wanted:
                    raise ScenarioError(
                        f"{self.path}: [{where}] vars: {cards[0].defn.name}: {var} is "
                        f"{_VAR_TYPES[wanted]} (the card declares it so), not {value!r}")

    def _check_statuses(self, library: Any) -> None:
        """Every status named is the library's, or one the engine knows without it."""
        for where, spec in (("actor", self.actor), ("opponent", self.opponent)):
            for name in spec.get("statuses", {}):
                if make_id(name) in CORE_DEFAULTS:
                    continue
                try:
                    library.status(name)
                except KeyError as err:
                    raise ScenarioError(f"{self.path}: [{where}] statuses: {err.args[0]}") \
                        from None


#: The keys :meth:`Fight.set_position` does not take (the scenario sets them itself).
#: (``equipment`` is pinned first, on its own: the loans and the marks then name cards.)
_OWN_PINS = ("fighter", "equipment", "last_used", "used_this_turn", "cards_used", "borrowed")


def _pins(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec``'s keys as :meth:`Fight.set_position` takes them."""
    return {("card_vars" if k == "vars" else k): v for k, v in spec.items()
            if k not in _OWN_PINS}


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
    """Read and check a scenario file (ScenarioError for any problem)."""
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
    try:
        return replace(parse_scenario(data, shown), source=text)
    except ScenarioError as err:
        raise located(err, shown, text) from None


#: A scenario error's key: ``[actor] dice: …``, ``turn: …``; and a name it quotes.
_ERROR_KEY = re.compile(r"(?:\[(actor|opponent|search)\] )?(\w+):")
_QUOTED = re.compile(r"'([^'\n]+)'")
_TABLE = re.compile(r"\s*\[\s*(\w+)\s*\]\s*(?:#.*)?$")


def located(err: ScenarioError, path: str, text: str) -> ScenarioError:
    """``err`` (``path: [table] key: …``) at the line of that key in the file's ``text``,
    quoted with a caret under the key (or under the name the message quotes, when it is
    on that line): as a ``.dice`` error is shown. Unchanged when the key is not written
    plainly in the file (a dotted key, say) or the error names none."""
    message = str(err)
    rest = message[len(path) + 2:]
    m = _ERROR_KEY.match(rest)
    if not text or not message.startswith(f"{path}: ") or not m:
        return err
    table, key = m.group(1) or "", m.group(2)
    pattern = re.compile(rf"[ \t]*({key}|\"{key}\"|'{key}')[ \t]*=")
    current = ""
    for number, line in enumerate(text.split("\n"), 1):
        if (header := _TABLE.match(line)):
            current = header.group(1)
        elif current == table and (found := pattern.match(line)):
            start, end = found.start(1) + 1, found.end(1) + 1
            named = _QUOTED.search(rest[m.end():])
            spot = line.find(f'"{named.group(1)}"') if named else -1
            if spot >= 0:
                start, end = spot + 1, spot + len(named.group(1)) + 3
            quoted = Diagnostic(path, number, start, rest, end_column=end).render(text)
            return ScenarioError(f"{path}:{number}:{start}: {rest}\n"
                                 f"{quoted.partition(chr(10))[2]}")
    return err


def parse_scenario(data: dict[str, Any], path: str = "<scenario>") -> Scenario:
    """A scenario from already-parsed TOML."""
    _known(data, TOP_KEYS, path, "the top level")
    actor = _fighter_table(data, "actor", path)
    opponent = _fighter_table(data, "opponent", path)
    if "dice" in opponent:     # (with none for the actor, the opponent's turn was planned)
        raise ScenarioError(f"{path}: [opponent] dice: the opponent does not act here; "
                            "the dice to play go in [actor]")
    search = data.get("search", {})
    if not isinstance(search, dict):
        raise ScenarioError(f"{path}: [search] must be a table")
    _known(search, SEARCH_KEYS, path, "[search]")
    preset = search.get("preset", "normal")
    if not isinstance(preset, str):
        raise ScenarioError(f"{path}: [search] preset: expected a preset's name, got "
                            f"{preset!r} (available: {', '.join(PRESET_NAMES)})")
    if preset not in PRESET_NAMES:
        raise ScenarioError(f"{path}: [search] preset: {unknown_preset(preset, PRESET_NAMES)}")
    return Scenario(path, actor, opponent, title=_text(data, "title", path),
                    text=_text(data, "text", path),
                    turn=_opt_int(data, "turn", path, 1, MAX_TURNS),
                    preset=preset, seed=_opt_int(search, "seed", path, 0, where="[search]") or 0,
                    budget=_budget(search, PRESET_BUDGETS.get(preset, Budget()), path))


def _fighter_table(data: dict[str, Any], where: str, path: str) -> dict[str, Any]:
    table = data.get(where)
    if not isinstance(table, dict):
        raise ScenarioError(f"{path}: missing the [{where}] table")
    _known(table, tuple(FIGHTER_KEYS), path, f"[{where}]")
    if "fighter" not in table:
        raise ScenarioError(f"{path}: [{where}] needs a fighter = \"Name\"")
    for key, value in table.items():
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
    _check_dice(table, where, path)
    if len(table.get("equipment", ())) > MAX_CARDS:
        raise ScenarioError(f"{path}: [{where}] equipment: {len(table['equipment'])} cards, "
                            f"but a fighter carries at most {MAX_CARDS}")
    return dict(table)


def _check_dice(table: dict[str, Any], where: str, path: str) -> None:
    """``dice`` holds die values, no more than a fighter rolls, and ``burning``, ``locked``
    and ``blind`` index into it (when it is given: else they index the fight's roll)."""
    dice = table.get("dice")
    if dice is None:
        return
    for value in dice:
        if not 1 <= value <= 6:
            raise ScenarioError(f"{path}: [{where}] dice: {value} is not a die (1 to 6)")
    if len(dice) > MAX_DICE:
        raise ScenarioError(f"{path}: [{where}] dice: {len(dice)} dice, but a fighter holds "
                            f"at most {MAX_DICE}")
    if not dice and where == "actor":
        raise ScenarioError(f"{path}: [actor] dice: an actor without dice has no turn to "
                            f"plan (give it 1 to {MAX_DICE} dice)")
    span = f"0 to {len(dice) - 1}" if dice else "there are none"
    for key in ("burning", "locked", "blind"):
        indexes = table.get(key, [])
        for at, index in enumerate(indexes):
            if not 0 <= index < len(dice):
                raise ScenarioError(f"{path}: [{where}] {key}: {index} is not an index into "
                                    f"dice ({span})")
            if index in indexes[:at]:
                raise ScenarioError(f"{path}: [{where}] {key}: {index} is named twice (each "
                                    "die is marked once)")


def _budget(search: dict[str, Any], base: Budget, path: str) -> Budget:
    changes: dict[str, Any] = {}
    for key in ("states", "iterations", "moves"):
        if key in search:
            changes[key] = _opt_int(search, key, path, 1, where="[search]")
    if "ms" in search:
        ms = search["ms"]
        if ms == "none":
            changes["ms"] = None
        elif _is(ms, "num") and MIN_MS <= ms < math.inf:   # (not nan)
            changes["ms"] = float(ms)
        elif _is(ms, "num") and 0 < ms < MIN_MS:
            raise ScenarioError(f"{path}: [search] ms: expected at least {MIN_MS} (less ends "
                                f"the search before it begins), or \"none\", got {ms!r}")
        else:
            raise ScenarioError(f"{path}: [search] ms: expected a positive number or "
                                f"\"none\", got {ms!r}")
    if "min_probability" in search:
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


def _known(table: dict[str, Any], allowed: tuple[str, ...], path: str, where: str) -> None:
    for key in table:
        if key not in allowed:
            raise ScenarioError(f"{path}: unknown key '{key}' in {where}"
                                f"{did_you_mean(key, allowed)} (allowed: {', '.join(allowed)})")


def _text(data: dict[str, Any], key: str, path: str) -> str:
    """The ``title`` or ``text``: a string without control characters (they would drive
    the terminal ``dicey plan`` prints it on), ``text`` with its line ends and tabs."""
    value = data.get(key, "")
    if not isinstance(value, str):
        raise ScenarioError(f"{path}: {key}: expected a string, got {value!r}")
    if has_controls(value, "\n\t" if key == "text" else ""):
        raise ScenarioError(f"{path}: {key}: control characters are not allowed (an escape "
                            "sequence or a bell would drive the terminal that shows it)")
    return value


def _opt_int(data: dict[str, Any], key: str, path: str, minimum: int,
             maximum: int | None = None, where: str = "") -> int | None:
    if key not in data:
        return None
    value = data[key]
    if not _is(value, "int") or value < minimum or (maximum is not None and value > maximum):
        wanted = (f"an integer from {minimum} to {maximum}" if maximum is not None
                  else f"an integer ≥ {minimum}")
        raise ScenarioError(f"{path}: {where + ' ' if where else ''}{key}: expected "
                            f"{wanted}, got {value!r}")
    return value


def reference_scenarios() -> list[Path]:
    """The project's reference positions (``scenarios/*.toml``), by name."""
    return sorted(SCENARIO_DIR.glob("*.toml"))
