"""Headless fights: two choosers play a whole seeded fight; the record and its log.

A chooser is any callable ``(fight, rng) -> Move`` (the ``easy`` AI, the planner, a test's
script). The fight's chance and each chooser draw from their own generators, all seeded
from ``seed``, so a fight is the same event for event whenever it is replayed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from dicey.lang.chance import SampleChance
from dicey.lang.defs import FighterDef

from .events import Event, FightEnded, FightStarted, TurnStarted
from .fight import Fight
from .protocol import Move
from .state import FighterSetup, Outcome

Chooser = Callable[[Fight, random.Random], Move]


@dataclass(frozen=True)
class FightRecord:
    """A finished headless fight."""

    events: tuple[Event, ...]
    outcome: Outcome
    turns: int
    names: tuple[str, str]
    hp: tuple[int, int]
    max_hp: tuple[int, int]
    seed: int

    @property
    def winner_name(self) -> str | None:
        return None if self.outcome.winner is None else self.names[self.outcome.winner]

    def to_json(self, with_events: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": self.winner_name, "winner_side": self.outcome.winner,
            "termination": self.outcome.termination, "turns": self.turns, "seed": self.seed,
            "fighters": [{"name": n, "hp": h, "max_hp": m}
                         for n, h, m in zip(self.names, self.hp, self.max_hp)],
        }
        if with_events:
            out["events"] = [e.to_json() for e in self.events]
        return out


def run_fight(library: Any, a: FighterDef, b: FighterDef, seed: int, choose_a: Chooser,
              choose_b: Chooser, *, hero_state: FighterSetup | None = None,
              second_state: FighterSetup | None = None,
              on_events: Callable[[list[Event]], None] | None = None) -> FightRecord:
    """Play ``a`` (side 0) against ``b`` (side 1) to the end. ``on_events`` is handed the
    events of each step as it happens (the start, a turn's beginning, a move): a long
    fight, or a slow turn, can be shown going on."""
    fight_rng = random.Random(seed)
    chance = SampleChance(fight_rng)
    rngs = (random.Random(f"{seed}/0"), random.Random(f"{seed}/1"))
    choosers = (choose_a, choose_b)
    fight = Fight.start(library, a, b, fight_rng, hero_state=hero_state,
                        second_state=second_state)
    events: list[Event] = []

    def add(step: list[Event]) -> None:
        events.extend(step)
        if on_events is not None and step:
            on_events(step)

    add(list(fight.start_events))
    while not fight.is_over:
        add(fight.begin_turn(chance))
        side = fight.actor
        while not fight.turn_over:   # (past its move limit a turn has only the end to play)
            add(fight.apply(choosers[side](fight, rngs[side]), chance))
    assert fight.outcome is not None
    return FightRecord(tuple(events), fight.outcome, fight.outcome.turns,
                       (fight.fighters[0].name, fight.fighters[1].name),
                       (fight.fighters[0].hp, fight.fighters[1].hp),
                       (fight.fighters[0].max_hp, fight.fighters[1].max_hp), seed)


def format_log(events: Any) -> str:
    """A readable log: one line per event, turn headers flush left, the rest indented.
    Takes a :class:`FightRecord` or any sequence of events."""
    seq = events.events if isinstance(events, FightRecord) else events
    flush = (FightStarted, TurnStarted, FightEnded)
    return "\n".join(e.describe() if isinstance(e, flush) else "  " + e.describe()
                     for e in seq)
