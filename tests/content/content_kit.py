"""Helpers for tests of the real content: pinned positions, moves as text, what changed.

A position is a fight between the Warrior (side 0, to act) and an enemy (side 1, the Frog
unless a test names another), with the cards, dice, HP and statuses a test pins through
``Fight.set_position``. :func:`outcome` plays moves written as text and reports what they
changed, so a card's test reads like its line in language.md's reference table.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from dicey.lang.chance import Chance, SampleChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move


def position(lib: Any, cards: Sequence[str], dice: Sequence[int], *,
             enemy: str = "Frog", hp: int | None = None, opp_hp: int | None = None,
             statuses: dict[str, int] | None = None,
             opp_statuses: dict[str, int] | None = None, **pin: Any) -> Fight:
    """The Warrior to act with ``cards`` and ``dice`` against ``enemy``."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy(enemy), random.Random(0))
    fight.set_position(1, hp=opp_hp, statuses=opp_statuses or {})
    fight.set_position(0, equipment=list(cards), hp=hp, statuses=statuses or {},
                       dice=list(dice), **pin)
    return fight


def play(fight: Fight, *moves: str, chance: Chance | None = None) -> list[E.Event]:
    """Apply moves written as text (``"3 → Sword"``, ``"end"``); all their events."""
    chance = chance or SampleChance(random.Random(0))
    events: list[E.Event] = []
    for text in moves:
        events += fight.apply(Move.parse(text), chance)
    return events


@dataclass
class Change:
    """What some moves did, seen from the side that made them (side 0)."""

    dealt: int                  # HP the opponent lost
    lost: int                   # HP side 0 lost (negative: healed)
    mine: dict[str, int]        # side 0's statuses after
    theirs: dict[str, int]      # the opponent's statuses after
    dice: list[int]             # side 0's dice left, sorted
    bonus: int                  # AI bonus points the moves earned
    events: list[E.Event]

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


def outcome(fight: Fight, *moves: str, chance: Chance | None = None) -> Change:
    """Play ``moves`` and report what changed."""
    me, them = fight.fighters
    hp, opp_hp = me.hp, them.hp
    events = play(fight, *moves, chance=chance)
    return Change(opp_hp - them.hp, hp - me.hp, dict(me.statuses), dict(them.statuses),
                  sorted(d.value for d in me.dice), fight.turn_bonus, events)


def card_state(fight: Fight, name: str, side: int = 0) -> Any:
    """The first card called ``name`` of a side."""
    return next(c for c in fight.fighters[side].cards if c.defn.name == name)


def next_turn(fight: Fight, meanwhile: Callable[[], Any] | None = None,
              seed: int = 0) -> list[E.Event]:
    """End side 0's turn, let the opponent pass its own, and begin side 0's next turn;
    the events of that beginning. ``meanwhile`` runs during the opponent's turn (statuses
    that clear at side 0's turn end can be set there)."""
    chance = SampleChance(random.Random(seed))
    play(fight, "end", chance=chance)
    fight.begin_turn(chance)
    if meanwhile is not None:
        meanwhile()
    play(fight, "end", chance=chance)
    return fight.begin_turn(chance)
