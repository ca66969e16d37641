"""Where a run asks the AI: the enemy's chooser, the player's hint, and the enemy's decision
graph for yEd. Each is one function here, over the planner (:mod:`dicey.ai.planner`) and
the GraphML export (:mod:`dicey.export.graphml`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from dicey.ai import planner
from dicey.export.graphml import write_graphml
from dicey.lang.chance import TooManyOutcomes
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

from .session import Chooser


class GraphUnavailable(RuntimeError):
    """No decision graph can be written (no enemy turn yet, or the plan drew none)."""


def enemy_chooser(preset_name: str) -> Chooser:
    """A fresh chooser for one enemy in one fight. An unknown preset (the checker lets
    none through, but a save may be older than a mod) plays ``easy``."""
    try:
        return planner.make_chooser(preset_name)
    except (KeyError, ValueError):
        return planner.make_chooser("easy")


def last_plan(chooser: Chooser) -> Any:
    """The plan behind the chooser's last move (None for ``easy``)."""
    return getattr(chooser, "last_plan", None)


@dataclass
class Hint:
    """The best line for the player: ``moves`` in order, and how it was found (the fight
    screen shows the moves as the cards read: :func:`dicey.tui.faces.move_label`)."""

    moves: list[Move]
    expected: float | None = None
    method: str = "easy"
    chance: bool = False
    """The line stops at a move left to chance (a split, a coin, a blind die): what it
    gives decides the rest, which the player asks for again once it is seen."""


#: Gives the hint for a position with a seed (:func:`hero_hint`, or one of :func:`hero_hints`).
HintGiver = Callable[[Fight, int], Hint]


def hero_hint(fight: Fight, seed: int = 0, hinter: planner.Hinter | None = None) -> Hint:
    """The planner's best line for the fighter to act, as far as it is certain: it stops
    after the first move that has more than one outcome (a plan goes on past it with the
    likeliest one, which is no advice for a die the player does not have). ``hinter``
    carries what the fight's earlier hints solved (:func:`hero_hints`)."""
    result = (hinter or planner.hint)(fight.copy(), seed=seed)
    moves, chance = certain_part(fight, list(result.moves))
    return Hint(moves, result.expected_score, result.method, chance)


def hero_hints() -> HintGiver:
    """A fresh hint-giver for one fight: :func:`hero_hint` with a
    :class:`~dicey.ai.planner.Hinter` of its own, so that a hint asked again in a turn
    starts from what the turn's earlier hints solved (a guess asked again goes on where
    its search stopped)."""
    hinter = planner.Hinter()
    return lambda fight, seed=0: hero_hint(fight, seed, hinter)


def certain_part(fight: Fight, moves: list[Move]) -> tuple[list[Move], bool]:
    """``moves`` up to and with the first whose result is left to chance, and whether the
    line was cut there (``fight`` is not changed)."""
    position = fight
    for i, move in enumerate(moves):
        if move.is_end:
            break
        try:
            outcomes = position.outcomes(move)
        except TooManyOutcomes:        # (a card that rolls five dice): chance all the same
            return moves[:i + 1], i + 1 < len(moves)
        if len(outcomes) > 1:
            return moves[:i + 1], i + 1 < len(moves)
        position = outcomes[0][1]
    return moves, False


@dataclass
class EnemyDecision:
    """An enemy's turn as it began: the position it planned from, its AI preset, a seed
    to plan with when no plan was kept, and the plan once it is known."""

    position: Fight
    preset: str
    seed: int
    plan: Any = field(default=None)


def write_decision_graph(decision: EnemyDecision | None, path: Path) -> Path:
    """Write the enemy's decision graph for that turn as GraphML; GraphUnavailable when it
    cannot be drawn. A plan kept without its graph is planned again, from the position the
    enemy planned from, with the plan's seed."""
    if decision is None:
        raise GraphUnavailable("no enemy turn yet")
    graph = getattr(decision.plan, "graph", None)
    if graph is None:   # plan again from the same position with the plan's own seed
        seed = getattr(decision.plan, "seed", decision.seed)
        replanned = planner.plan_turn(decision.position.copy(), preset=decision.preset,
                                      seed=seed, graph=True)
        graph = replanned.graph
    if graph is None:
        raise GraphUnavailable("the planner drew no graph for that turn")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_graphml(graph, path)
    return path
