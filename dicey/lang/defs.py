"""Checked definitions: what a declaration means once the checker has accepted it.

The checker (:mod:`dicey.lang.checker`) turns AST declarations into these frozen objects;
the rules engine, the AI and the UI read only these (never the AST), so a card's meaning
is decided once, at load.

>>> Slot("max", 4).accepts(3), Slot("max", 4).accepts(5), Slot("even").weakened()
(True, False, Slot(kind='exact', a=6, b=0))
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from .ast import NOPOS, Expr, Pos

#: Slot kinds that take a die (``free``, ``spare``, ``countdown`` and ``none`` are special:
#: ``slots: none`` makes a button, used by a move of its own without a die).
DIE_SLOT_KINDS = ("any", "even", "odd", "exact", "max", "min", "range", "doubles")


@dataclass(frozen=True, slots=True)
class Slot:
    """One dice slot. ``a``/``b`` are the kind's numbers (``max 4`` → a=4; ``2..5`` → a=2, b=5).

    ``doubles`` is expanded by the checker into two ``Slot("doubles")`` entries whose dice
    must be equal to each other.
    """

    kind: str
    a: int = 0
    b: int = 0

    def accepts(self, value: int) -> bool:
        """Whether a die of this value may go here (``doubles``: any value; equality is the
        engine's check across the pair)."""
        k = self.kind
        if k in ("any", "doubles"):
            return True
        if k == "even":
            return value % 2 == 0
        if k == "odd":
            return value % 2 == 1
        if k == "exact":
            return value == self.a
        if k == "max":
            return value <= self.a
        if k == "min":
            return value >= self.a
        if k == "range":
            return self.a <= value <= self.b
        return False

    def weakened(self) -> "Slot":
        """The stricter slot a weakened card without a ``weakened {}`` block gets."""
        k = self.kind
        if k == "any":
            return Slot("max", 5)
        if k == "max":
            return Slot("exact", 1) if self.a <= 2 else Slot("max", self.a - 1)
        if k == "min":
            return Slot("exact", 6) if self.a >= 5 else Slot("min", self.a + 1)
        if k == "even":
            return Slot("exact", 6)
        if k == "odd":
            return Slot("exact", 5)
        if k == "range":
            return Slot("range", self.a, self.b - 1) if self.b - 1 > self.a else Slot("exact", self.a)
        return self

    @property
    def label(self) -> str:
        """How the UI shows it: ``any``, ``≤4``, ``≥3``, ``even``, ``6``, ``2-4``, ``=``."""
        k = self.kind
        return {"exact": str(self.a), "max": f"≤{self.a}", "min": f"≥{self.a}",
                "range": f"{self.a}-{self.b}", "doubles": "="}.get(k, k)


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a definition was declared (for ``dicey cards`` and error messages)."""

    path: str
    pos: Pos
    mod: str | None = None  # None: the base game

    def __str__(self) -> str:
        return f"{self.path}:{self.pos.line}"


@dataclass(frozen=True)
class EquipmentDef:
    """An equipment card, as checked.

    ``hooks`` maps a hook's full name (``"on use"``) to a compiled script (an object with
    ``run(...)`` from :mod:`dicey.lang.interp`).
    """

    id: str
    name: str
    size: int = 1
    slots: tuple[Slot, ...] = (Slot("any"),)   # die slots only, doubles expanded
    free: int = 0                              # sum of `free N` slots, added to d
    spares: tuple[int, ...] = ()               # `spare N` dice the card holds each turn
    countdown: int | None = None               # `countdown N`: the only slot
    total: int | None = None                   # placed dice must sum to this
    uses: int | None = 1                       # None: unlimited
    once_per_fight: bool = False
    single_use: bool = False
    cast: str = "target"                       # "target" | "self"
    button: bool = False                       # `slots: none`: no die, used by a move
    ready: Any = None                          # `ready: EXPR` of a button (checked AST,
                                               # then compiled by the library), or None
    ready_text: str = ""                       # the `ready` expression as written
    progress: tuple[Any, Any] | None = None    # `progress: SO_FAR, GOAL` of a button
                                               # (as `ready`: checked, then compiled)
    progress_text: tuple[str, str] = ("", "")  # the two `progress` expressions as written
    tags: frozenset[str] = frozenset()
    text: str = ""
    vars: tuple[tuple[str, Expr], ...] = ()
    hooks: Mapping[str, Any] = field(default_factory=dict)
    is_random: bool = False                    # some hook can reach a chance point
    upgraded: "EquipmentDef | None" = None
    weakened: "EquipmentDef | None" = None
    origin: Origin | None = None

    @property
    def slot_count(self) -> int:
        return 1 if self.countdown is not None else len(self.slots)

    @property
    def spare_only(self) -> bool:
        """Whether the card only holds spare dice (``slots: spare 1``, the Jester's Spare
        1): nothing takes a die, so it is never used; its dice join the pool each turn."""
        return not self.slots and self.countdown is None and not self.button


@dataclass(frozen=True)
class StatusDef:
    """A status effect: how it stacks, when it clears, and its hooks."""

    id: str
    name: str
    kind: str = "negative"          # "negative" | "positive"
    stacks: bool = True             # True: stacks add; False: max(old, new)
    clears: str = "never"           # "never" | "turn start" | "turn end"
    text: str = ""
    hooks: Mapping[str, Any] = field(default_factory=dict)
    is_random: bool = False
    score: int | None = None        # the AI's points a stack (None: its kind's weight)
    origin: Origin | None = None


@dataclass(frozen=True)
class FighterDef:
    """An enemy or a hero."""

    kind: str                        # "enemy" | "hero"
    id: str
    name: str
    hp: int
    dice: int
    level: int = 1
    equipment: tuple[str, ...] = ()  # card ids
    ai: str = "normal"
    goes_first: bool = False
    strong: frozenset[str] = frozenset()   # damage types halved
    weak: frozenset[str] = frozenset()     # damage types doubled
    immune: frozenset[str] = frozenset()   # damage types ignored
    text: str = ""
    score: Mapping[str, int] = field(default_factory=dict)  # AI weight overrides
    hooks: Mapping[str, Any] = field(default_factory=dict)
    xp: int = 1                      # enemy: experience its defeat gives (default: level)
    grid: int = 6                    # hero: width of the equipment grid (card sizes add up)
    is_random: bool = False          # some hook can reach a chance point
    origin: Origin | None = None


@dataclass(frozen=True)
class FloorDef:
    """``floor N { fights: 2; enemies: …; rewards: …; boss: "…" }`` of a dungeon."""

    number: int
    fights: int
    enemies: tuple[str, ...]          # enemy ids drawn for this floor's fights
    rewards: tuple[str, ...] = ()     # equipment ids offered after fights on this floor
    boss: str | None = None           # an enemy id fought last on this floor (extra fight)


@dataclass(frozen=True)
class LevelDef:
    """``level N { xp: 4; hp: 4; dice: 1 }``: reaching ``xp`` total experience makes the
    hero level N, gaining ``hp`` max HP (and as much HP) and ``dice`` dice."""

    level: int
    xp: int
    hp: int = 0
    dice: int = 0


@dataclass(frozen=True)
class DungeonDef:
    id: str
    name: str
    floors: tuple[FloorDef, ...]
    heroes: tuple[str, ...] = ()      # hero ids a run may start with (empty: every hero)
    levels: tuple[LevelDef, ...] = ()  # by level, ascending
    heal: int = 10                    # HP the "heal" reward restores
    text: str = ""
    origin: Origin | None = None


@dataclass(frozen=True)
class FloorExtension:
    """``floor N { enemies: …; rewards: … }`` of an ``extend dungeon`` block: the names it
    adds to floor N's pools, and where it is written (for a floor the dungeon lacks)."""

    number: int
    enemies: tuple[str, ...] = ()     # enemy ids added to the floor's `enemies`
    rewards: tuple[str, ...] = ()     # equipment ids added to the floor's `rewards`
    pos: Pos = NOPOS


@dataclass(frozen=True)
class DungeonExtension:
    """``extend dungeon { … }``: heroes added to the dungeon a run walks, and enemies and
    rewards to its floors, whichever dungeon is loaded last (the library applies every
    extension to it, in load order).

    >>> dungeon = DungeonDef("d", "D", (FloorDef(1, 2, ("frog",), ("rock",)),))
    >>> ext = DungeonExtension((FloorExtension(1, ("rat", "frog"), ("rock", "claw")),))
    >>> ext.apply(dungeon).floors[0]
    FloorDef(number=1, fights=2, enemies=('frog', 'rat'), rewards=('rock', 'claw'), boss=None)
    >>> [f.number for f in DungeonExtension((FloorExtension(2),)).missing_floors(dungeon)]
    [2]
    >>> listed = replace(dungeon, heroes=("warrior", "thief"))
    >>> DungeonExtension((), heroes=("hydra", "thief")).apply(listed).heroes
    ('warrior', 'thief', 'hydra')
    >>> DungeonExtension((), heroes=("hydra",)).apply(dungeon).heroes   # (all heroes already)
    ()
    """

    floors: tuple[FloorExtension, ...]
    origin: Origin | None = None
    heroes: tuple[str, ...] = ()       # hero ids added to the dungeon's `heroes`

    def missing_floors(self, dungeon: DungeonDef) -> tuple[FloorExtension, ...]:
        """The floors this extension adds to that ``dungeon`` does not have."""
        numbers = {floor.number for floor in dungeon.floors}
        return tuple(f for f in self.floors if f.number not in numbers)

    def apply(self, dungeon: DungeonDef) -> DungeonDef:
        """``dungeon`` with this extension's heroes after its own and its names after each
        floor's own: a name already there is not added again, and a floor the dungeon
        lacks is passed over (:meth:`missing_floors` names them)."""
        adds = {f.number: f for f in self.floors}

        def joined(pool: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
            return pool + tuple(n for n in dict.fromkeys(new) if n not in pool)

        # (a dungeon that lists no heroes offers every one: adding to it would narrow it)
        heroes = joined(dungeon.heroes, self.heroes) if dungeon.heroes else ()
        return replace(dungeon, heroes=heroes, floors=tuple(
            replace(floor, enemies=joined(floor.enemies, add.enemies),
                    rewards=joined(floor.rewards, add.rewards))
            if (add := adds.get(floor.number)) else floor for floor in dungeon.floors))
