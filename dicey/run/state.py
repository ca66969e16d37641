"""The values a dungeon run is made of, and their JSON form (what a save holds).

A run is one frozen :class:`RunState`; every step of the run (a fight won, a reward taken,
a card swapped) makes a new one (:mod:`dicey.run.progress`, :mod:`dicey.run.inventory`).
Nothing here knows about the screen. :func:`state_from_json` checks every field, so a
hand-edited or damaged save is refused with a :class:`SaveFormatError` that says what is
wrong, never half-loaded.

Cards are referred to by id, with a trailing ``+`` for an upgraded card (``"sword+"``),
the form :class:`dicey.rules.state.FighterSetup` reads.

>>> r = Reward("heal", amount=10)
>>> reward_from_json(reward_to_json(r)) == r
True
>>> split_ref("pea_shooter+"), split_ref("sword")
(('pea_shooter', True), ('sword', False))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from dicey.ai.baseline import load_presets
from dicey.rules.protocol import Move

#: Where a run stands: on the dungeon map, in a fight, choosing a reward, or finished.
STAGES = ("map", "fight", "reward", "won", "lost")
#: The kinds of reward offered after a won fight.
REWARD_KINDS = ("card", "upgrade", "heal")


class SaveFormatError(ValueError):
    """A save's content is not a run this version can read (the message says why)."""


def split_ref(ref: str) -> tuple[str, bool]:
    """A card reference as ``(card id, upgraded)``."""
    return (ref[:-1], True) if ref.endswith("+") else (ref, False)


@dataclass(frozen=True)
class Hero:
    """The hero as the run carries them from fight to fight."""

    id: str
    hp: int
    max_hp: int
    dice: int
    level: int = 1
    xp: int = 0
    equipment: tuple[str, ...] = ()
    """Card refs in the equipment grid, left to right (their sizes fit the grid)."""
    backpack: tuple[str, ...] = ()
    """Card refs carried but not fitted; swapped in between fights."""


@dataclass(frozen=True)
class Reward:
    """One of the three rewards offered after a won fight.

    ``kind`` is ``"card"`` (take ``card``), ``"upgrade"`` (upgrade ``card``, a ref the hero
    holds) or ``"heal"`` (restore ``amount`` HP).
    """

    kind: str
    card: str = ""
    amount: int = 0


@dataclass(frozen=True)
class FightSummary:
    """One fight of the run, for the summary at the end."""

    floor: int
    """1-based floor number."""
    enemy: str
    """The enemy's id."""
    result: str
    """``"won"``, ``"lost"`` or ``"draw"``."""
    turns: int
    hp: int
    """The hero's HP when the fight ended."""
    xp: int = 0
    """Experience gained."""
    level: int = 1
    """The hero's level after the fight."""


@dataclass(frozen=True)
class RunState:
    """A whole run at one moment.

    ``schedule`` lists, per floor, the enemy ids to fight in order (the boss last); it is
    drawn once from ``seed`` when the run starts, so a saved run meets the same enemies.
    ``floor`` and ``step`` index the next (or current) fight. ``fight_moves`` holds the
    moves made so far in the fight under way (stage ``"fight"``): the fight is rebuilt by
    replaying them from its seed. ``offers`` are the rewards to choose from (stage
    ``"reward"``); ``news`` are lines to tell the player (a level gained). ``ai`` is the
    AI preset every enemy of the run plays (the run's difficulty), or None for each
    enemy's own ``ai:``. ``mods`` are the mods loaded when the run was last saved (or
    started), as ``(id, version)``: a save that names content not loaded now says which of
    them are missing.
    """

    seed: int
    dungeon: str
    hero: Hero
    schedule: tuple[tuple[str, ...], ...]
    floor: int = 0
    step: int = 0
    stage: str = "map"
    offers: tuple[Reward, ...] = ()
    fight_moves: tuple[Move, ...] = ()
    history: tuple[FightSummary, ...] = ()
    news: tuple[str, ...] = field(default=())
    ai: str | None = None
    mods: tuple[tuple[str, str], ...] = ()

    @property
    def finished(self) -> bool:
        return self.stage in ("won", "lost")

    @property
    def fights_won(self) -> int:
        return sum(1 for f in self.history if f.result == "won")


def loaded_mods(library: Any) -> tuple[tuple[str, str], ...]:
    """The mods ``library`` loaded, as a run records them: ``(id, version)``, in load order
    (none for a library that loads no mods)."""
    return tuple((m.id, m.version_text) for m in getattr(library, "mods", ()))


# ---------------------------------------------------------------- to JSON

def move_to_json(move: Move) -> list:
    """A move with its exact die and card indexes (replays must pick the same die)."""
    return [move.action, move.die, move.card, move.die_index, move.card_index]


def reward_to_json(reward: Reward) -> dict[str, Any]:
    return {"kind": reward.kind, "card": reward.card, "amount": reward.amount}


def state_to_json(state: RunState) -> dict[str, Any]:
    """The run as plain JSON values (lists, dicts, strings, integers)."""
    h = state.hero
    return {
        "seed": state.seed, "dungeon": state.dungeon,
        "hero": {"id": h.id, "hp": h.hp, "max_hp": h.max_hp, "dice": h.dice,
                 "level": h.level, "xp": h.xp, "equipment": list(h.equipment),
                 "backpack": list(h.backpack)},
        "schedule": [list(floor) for floor in state.schedule],
        "floor": state.floor, "step": state.step, "stage": state.stage,
        "offers": [reward_to_json(r) for r in state.offers],
        "fight_moves": [move_to_json(m) for m in state.fight_moves],
        "history": [{"floor": f.floor, "enemy": f.enemy, "result": f.result,
                     "turns": f.turns, "hp": f.hp, "xp": f.xp, "level": f.level}
                    for f in state.history],
        "news": list(state.news),
        "ai": state.ai,
        "mods": [{"id": mod, "version": version} for mod, version in state.mods],
    }


# -------------------------------------------------------------- from JSON

def _get(data: Any, key: str, kind: type, where: str) -> Any:
    """``data[key]`` checked to be of ``kind`` (bool is never taken for an int)."""
    if not isinstance(data, dict):
        raise SaveFormatError(f"{where} should be an object")
    if key not in data:
        raise SaveFormatError(f"{where} has no '{key}'")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFormatError(f"{where}.{key} should be {_KIND_WORDS.get(kind, kind.__name__)}")
    return value


_KIND_WORDS = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}


def _count(data: Any, key: str, where: str, low: int = 0) -> int:
    value = _get(data, key, int, where)
    if value < low:
        raise SaveFormatError(f"{where}.{key} should be at least {low}")
    return value


def _strings(data: Any, key: str, where: str) -> tuple[str, ...]:
    items = _get(data, key, list, where)
    if not all(isinstance(x, str) for x in items):
        raise SaveFormatError(f"{where}.{key} should be a list of strings")
    return tuple(items)


def _items(data: Any, key: str, where: str, read: Callable[[Any, str], Any]) -> tuple:
    return tuple(read(x, f"{where}.{key}[{i}]")
                 for i, x in enumerate(_get(data, key, list, where)))


#: The actions a saved move may have (those of :class:`~dicey.rules.protocol.Move`).
MOVE_ACTIONS = ("place", "release", "use", "end")


def move_from_json(data: Any, where: str = "move") -> Move:
    ok = isinstance(data, list) and len(data) == 5 and isinstance(data[0], str) and \
        isinstance(data[2], str) and all(isinstance(x, int) and not isinstance(x, bool)
                                         for x in (data[1], data[3], data[4]))
    if not ok:
        raise SaveFormatError(f"{where} should be [action, die, card, die index, card index]")
    if data[0] not in MOVE_ACTIONS:
        raise SaveFormatError(f"{where}: unknown action {data[0]!r} (one of "
                              f"{', '.join(MOVE_ACTIONS)})")
    return Move(*data)


def reward_from_json(data: Any, where: str = "reward") -> Reward:
    kind = _get(data, "kind", str, where)
    if kind not in REWARD_KINDS:
        raise SaveFormatError(f"{where}.kind should be one of {', '.join(REWARD_KINDS)}")
    return Reward(kind, _get(data, "card", str, where), _count(data, "amount", where))


def _summary(data: Any, where: str) -> FightSummary:
    result = _get(data, "result", str, where)
    if result not in ("won", "lost", "draw"):
        raise SaveFormatError(f"{where}.result should be won, lost or draw")
    return FightSummary(_count(data, "floor", where, 1), _get(data, "enemy", str, where),
                        result, _count(data, "turns", where), _count(data, "hp", where),
                        _count(data, "xp", where), _count(data, "level", where, 1))


def _hero(data: Any, where: str) -> Hero:
    hero = Hero(_get(data, "id", str, where), _count(data, "hp", where),
                _count(data, "max_hp", where, 1), _count(data, "dice", where),
                _count(data, "level", where, 1), _count(data, "xp", where),
                _strings(data, "equipment", where), _strings(data, "backpack", where))
    if hero.hp > hero.max_hp:
        raise SaveFormatError(f"{where}.hp is above max_hp")
    return hero


def state_from_json(data: Any) -> RunState:
    """Read a run written by :func:`state_to_json`; SaveFormatError for anything else."""
    where = "run"
    stage = _get(data, "stage", str, where)
    if stage not in STAGES:
        raise SaveFormatError(f"run.stage should be one of {', '.join(STAGES)}")
    schedule = tuple(tuple(_strings({"floor": f}, "floor", f"run.schedule[{i}]"))
                     for i, f in enumerate(_get(data, "schedule", list, where)))
    state = RunState(
        _get(data, "seed", int, where), _get(data, "dungeon", str, where),
        _hero(_get(data, "hero", dict, where), "run.hero"), schedule,
        _count(data, "floor", where), _count(data, "step", where), stage,
        _items(data, "offers", where, reward_from_json),
        _items(data, "fight_moves", where, move_from_json),
        _items(data, "history", where, _summary), _strings(data, "news", where),
        _ai(data, where), _mods(data, where))
    _check_position(state)
    return state


def _ai(data: dict, where: str) -> str | None:
    """The run's AI preset: absent or null (saves from before runs had one) is None."""
    value = data.get("ai")
    if value is None:
        return None
    presets = load_presets()
    if not isinstance(value, str) or value not in presets:
        raise SaveFormatError(f"{where}.ai should be null or one of {', '.join(sorted(presets))}")
    return value


def _mods(data: dict, where: str) -> tuple[tuple[str, str], ...]:
    """The mods the run was played with: absent (saves from before runs recorded them) is
    none recorded."""
    if "mods" not in data:
        return ()
    return _items(data, "mods", where, lambda mod, at: (_get(mod, "id", str, at),
                                                        _get(mod, "version", str, at)))


def _check_position(state: RunState) -> None:
    if not state.schedule or not all(state.schedule):
        raise SaveFormatError("run.schedule should list at least one enemy per floor")
    won_last = bool(state.history) and state.history[-1].result == "won"
    if state.stage in ("reward", "won") and not won_last:
        raise SaveFormatError(f"run.stage is {state.stage} but run.history does not end "
                              "with a won fight")
    if state.stage == "reward" and not state.offers:
        raise SaveFormatError("run.stage is reward but run.offers is empty")
    if state.finished:
        return
    if state.floor >= len(state.schedule) or state.step >= len(state.schedule[state.floor]):
        raise SaveFormatError("run.floor/run.step point past the end of the dungeon")
