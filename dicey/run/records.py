"""The record of finished runs: how each hero has done, kept from run to run.

The records are one JSON file, ``records.json``, in the data folder beside the save::

    {"format": "dicey-records", "version": 1, "runs": [{…}, …]}

Every run that ends adds one entry, the oldest ones giving way past :data:`MAX_RUNS`. An
entry holds the names of its hero and of the enemy that ended it as they were then, so a
record reads the same after the mod that brought them is gone. Records are written as saves
are (to a temporary file, renamed over the old one). A records file that does not read is
reported and left as it is; the next run that ends moves it aside, as
``records.damaged.json``, and starts the records again: nothing is deleted.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any, Sequence

from dicey.lang.errors import UNPRINTABLE
from dicey.lang.interp import MAX_INT

from .saves import SaveError, atomic_write, free_name, read_json, read_limited
from .state import RunState, SaveFormatError, _count, _get

RECORDS_FORMAT = "dicey-records"
RECORDS_VERSION = 1
#: Runs kept; the oldest give way (a thousand runs are some 250 kilobytes).
MAX_RUNS = 1000
RESULTS = ("won", "lost")


@dataclass(frozen=True)
class RunRecord:
    """One finished run."""

    hero: str
    """The hero's id."""
    hero_name: str
    dungeon: str
    seed: int
    result: str
    """``"won"`` or ``"lost"`` (a draw ends a run as a loss does)."""
    floor: int
    """The floor the run ended on, from 1."""
    floors: int
    """How many floors the dungeon had."""
    level: int
    fights_won: int
    turns: int
    """Turns over all its fights."""
    ended_by: str
    """The name of the enemy that ended a lost run; empty for a won one."""
    ai: str
    """The run's difficulty: an AI preset, or ``""`` for each enemy's own."""
    day: str
    """The day it ended, as ``YYYY-MM-DD``."""

    @property
    def won(self) -> bool:
        return self.result == "won"


def record_of(state: RunState, library: Any, day: date | None = None) -> RunRecord:
    """The record of ``state``, a run that is over, named as ``library`` names it."""
    if not state.finished:
        raise ValueError(f"the run is not over ({state.stage})")
    last = state.history[-1] if state.history else None
    won = state.stage == "won"
    ended_by = "" if won or last is None else _name(library.enemies, last.enemy)
    return RunRecord(
        state.hero.id, _name(library.heroes, state.hero.id), state.dungeon, state.seed,
        state.stage, last.floor if last else state.floor + 1, len(state.schedule),
        state.hero.level, state.fights_won, sum(f.turns for f in state.history), ended_by,
        state.ai or "", (day or date.today()).isoformat())


def _name(table: Any, key: str) -> str:
    found = table.get(key)
    return found.name if found is not None else key


# ------------------------------------------------------------------ tallies

@dataclass(frozen=True)
class HeroTally:
    """How one hero's runs went."""

    hero_name: str
    runs: int
    won: int
    best_floor: int
    """The furthest floor reached (the last floor, for a hero who has won)."""
    streak: int
    """Runs won in a row, counting back from the latest."""


def tally(records: Sequence[RunRecord]) -> list[HeroTally]:
    """Each hero's runs, wins, furthest floor and current streak, the most played first
    (then by name).

    >>> def run(hero, result, floor):
    ...     return RunRecord(hero.lower(), hero, "D", 1, result, floor, 5, 1, 0, 9, "", "", "")
    >>> runs = [run("Thief", "lost", 2), run("Thief", "won", 5), run("Warrior", "lost", 1)]
    >>> [(t.hero_name, t.runs, t.won, t.best_floor, t.streak) for t in tally(runs)]
    [('Thief', 2, 1, 5, 1), ('Warrior', 1, 0, 1, 0)]
    """
    by_hero: dict[str, list[RunRecord]] = {}
    for r in records:
        by_hero.setdefault(r.hero, []).append(r)
    out = []
    for runs in by_hero.values():
        streak = 0
        for r in reversed(runs):
            if not r.won:
                break
            streak += 1
        out.append(HeroTally(runs[-1].hero_name, len(runs), sum(r.won for r in runs),
                             max(r.floor for r in runs), streak))
    return sorted(out, key=lambda t: (-t.runs, t.hero_name))


# -------------------------------------------------------------------- files

def encode(records: Sequence[RunRecord]) -> bytes:
    return json.dumps({"format": RECORDS_FORMAT, "version": RECORDS_VERSION,
                       "runs": [asdict(r) for r in records]},
                      ensure_ascii=False, indent=1).encode("utf-8")


def decode(data: bytes) -> list[RunRecord]:
    """The records in ``data``; SaveFormatError, saying what is wrong, for anything else."""
    doc = read_json(data, "a records file")
    if not isinstance(doc, dict) or doc.get("format") != RECORDS_FORMAT:
        raise SaveFormatError("not a records file")
    version = _get(doc, "version", int, "records")
    if version > RECORDS_VERSION:
        raise SaveFormatError(f"written by a newer version of the game ({version})")
    return [_record(x, f"records.runs[{i}]")
            for i, x in enumerate(_get(doc, "runs", list, "records"))]


def _record(data: Any, where: str) -> RunRecord:
    result = _get(data, "result", str, where)
    if result not in RESULTS:
        raise SaveFormatError(f"{where}.result should be won or lost")
    text = {key: _text(data, key, where)
            for key in ("hero", "hero_name", "dungeon", "ended_by", "ai", "day")}
    record = RunRecord(
        text["hero"], text["hero_name"], text["dungeon"], _get(data, "seed", int, where),
        result, _count(data, "floor", where, 1), _count(data, "floors", where, 1),
        _count(data, "level", where, 1), _count(data, "fights_won", where),
        _count(data, "turns", where), text["ended_by"], text["ai"], text["day"])
    if record.floor > record.floors:
        raise SaveFormatError(f"{where}.floor is past its dungeon's last floor")
    for key in ("floors", "level", "fights_won", "turns"):
        if getattr(record, key) > MAX_INT:     # (a number no run reaches)
            raise SaveFormatError(f"{where}.{key} should be at most {MAX_INT:,}")
    for key in ("hero", "hero_name", "dungeon"):
        if not text[key].strip():
            raise SaveFormatError(f"{where}.{key} is empty")
    try:
        date.fromisoformat(record.day)
    except ValueError:
        raise SaveFormatError(f"{where}.day should be a date (YYYY-MM-DD)") from None
    return record


#: The longest name or text an entry may hold (a mod's names are at most 40 characters).
MAX_TEXT = 80


def _text(data: Any, key: str, where: str) -> str:
    value = _get(data, key, str, where)
    if len(value) > MAX_TEXT or UNPRINTABLE.search(value):   # what the game's names allow
        raise SaveFormatError(f"{where}.{key} should be a short line of text")
    return value


@dataclass(frozen=True)
class Records:
    """What :meth:`RecordBook.load` found: the runs, oldest first, or why none read."""

    runs: tuple[RunRecord, ...] = ()
    problem: str | None = None
    kept_as: Path | None = None
    """Where the next run that ends moves a records file that does not read (the first
    name free of ``records.damaged.json``, ``records.damaged.2.json``…)."""

    @property
    def kept(self) -> str:
        """Said under :attr:`problem`: nothing is lost by playing on."""
        name = self.kept_as.name if self.kept_as else "records.damaged.json"
        return (f"The damaged file is kept: the next run that ends moves it aside, as "
                f"{name}, and the records start again.")


class RecordBook:
    """The records file of one data folder."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.path = self.folder / "records.json"
        self.damaged = self.folder / "records.damaged.json"

    def load(self) -> Records:
        """The runs recorded; a file that does not read is reported (and left alone)."""
        if not os.path.lexists(self.path):
            return Records()
        try:
            return Records(tuple(decode(read_limited(self.path, "a records file"))))
        except SaveFormatError as err:
            return Records(problem=f"{self.path} does not read: {err}",
                           kept_as=free_name(self.damaged))

    def add(self, record: RunRecord) -> Path:
        """Record a finished run; SaveError (nothing lost) if the file cannot be written.
        A records file that does not read is moved aside first."""
        try:
            found = self.load()
            if found.problem is not None:
                os.replace(self.path, free_name(self.damaged))
            runs = (*found.runs, record)[-MAX_RUNS:]
            atomic_write(self.path, encode(runs))
        except OSError as err:
            raise SaveError(f"could not record the run in {self.path}: "
                            f"{err.strerror or err}") from None
        return self.path
