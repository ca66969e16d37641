"""Perft for a turn: walk every line of play from a position to the end of the turn.

Like chess perft, it counts what the move generator and ``apply`` produce — the number of
root moves, of move sequences (chance outcomes branch too), of distinct decision states
and of distinct end-of-turn states — so tests can pin those numbers for fixed positions and
any change in move generation shows up. It also checks :meth:`Fight.move_is_random`: a move
said not to be random must meet no chance point.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable

from dicey.lang.chance import FixedChance

from .fight import Fight
from .protocol import Move


class PerftError(AssertionError):
    """The walk found the engine inconsistent (a 'not random' move met chance)."""


@dataclass
class PerftResult:
    moves: int = 0                     # legal moves at the root (end turn included)
    paths: int = 0                     # move sequences to the end of the turn
    states: int = 0                    # distinct decision states (keys) visited
    end_states: int = 0                # distinct states once the turn is over
    _seen: set = field(default_factory=set, repr=False)
    _ends: set = field(default_factory=set, repr=False)


def outcomes(fight: Fight, move: Move) -> list[Fight]:
    """Every distinct state ``move`` can lead to (one per chance outcome, equal keys merged)."""
    if not fight.move_is_random(move):
        child, chance = fight.copy(), FixedChance()
        child.apply(move, chance)
        if chance.met:
            raise PerftError(f"{move} met a chance point but move_is_random said no")
        return [child]
    merged: dict[Hashable, Fight] = {}
    for _, child in fight.outcomes(move):
        merged.setdefault(child.key(), child)
    return list(merged.values())


def perft(fight: Fight, *, max_paths: int = 1_000_000) -> PerftResult:
    """Walk the actor's turn from ``fight`` (which is not changed)."""
    result = PerftResult(moves=len(fight.legal_moves()))
    _walk(fight, result, max_paths)
    result.states, result.end_states = len(result._seen), len(result._ends)
    return result


def _walk(fight: Fight, result: PerftResult, max_paths: int) -> None:
    if fight.turn_over:
        result.paths += 1
        result._ends.add(fight.key())
        if result.paths > max_paths:
            raise PerftError(f"more than {max_paths} paths")
        return
    result._seen.add(fight.key())
    for move in fight.legal_moves():
        for child in outcomes(fight, move):
            _walk(child, result, max_paths)
