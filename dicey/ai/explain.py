"""Why a plan was chosen: each first move's expected score split by what earns it.

``dicey plan --explain`` prints, for the best first moves, how many points of their expected
score come from each part of the score (:data:`dicey.ai.score.PARTS`: damage, the statuses on
either side, the coming turn, the dice left…). A first move's parts are expectations over
the rest of the turn played as the exhaustive search plays it (the best move at each state,
every chance outcome with its probability), so they add up to the move's value exactly: a
move that looks like a blunder in the totals shows where its points went (a limit break the
opponent would charge, a shock the coming turn prices).

The breakdown needs the turn solved: it runs the exhaustive search with the plan's budget
(states and moves, no clock: the same numbers on any machine) and follows its choices, at
most :data:`MAX_FOLLOWED` decision states. A turn too large for that is not explained
(:class:`Unexplained` says why); the plan itself is unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

from .planner import Budget
from .score import PARTS, Scorer
from .search import BudgetExceeded, Expectimax

#: Decision states the breakdown follows (over every first move and chance outcome).
MAX_FOLLOWED = 50_000


class Unexplained(Exception):
    """The turn is too large to break down exactly (the reason is the message)."""


@dataclass
class Explained:
    """One first move: its exact expected score and the parts it is made of."""

    move: Move
    value: float
    parts: dict[str, float]


def explain(fight: Fight, budget: Budget, *, limit: int | None = None) -> list[Explained]:
    """Every legal first move of ``fight``'s actor with its expected score split into
    parts, best first (the first of equals as the search orders them). The values are
    relative to the position, as a plan's are. Raises :class:`Unexplained` when the
    exhaustive search passes ``budget``'s states or moves, or the moves it would follow
    pass :data:`MAX_FOLLOWED`."""
    root = fight.copy(simulation=True, log=False)
    scorer = Scorer(root)
    search = Expectimax(scorer, max_states=budget.states, max_nodes=budget.moves,
                        min_probability=budget.min_probability)
    try:
        search.solve(root)
    except BudgetExceeded as err:
        raise Unexplained(f"the turn is too large to explain exactly ({err})") from None
    follower = _Follower(search, scorer, MAX_FOLLOWED if limit is None else limit)
    base = scorer.parts(root)
    out = []
    for move in root.legal_moves():
        try:     # (a state a sure win spared the search is searched now, in its budget)
            parts = follower.move(root, move)
        except BudgetExceeded as err:
            raise Unexplained(f"the turn is too large to explain exactly ({err})") from None
        for part, worth in base.items():
            parts[part] -= worth
        out.append(Explained(move, sum(parts.values()), parts))
    out.sort(key=lambda e: -e.value)
    return out


class _Follower:
    """Expected parts of a move played now, the search's best moves after it."""

    def __init__(self, search: Expectimax, scorer: Scorer, limit: int):
        self.search, self.scorer, self.limit = search, scorer, limit
        self.memo: dict[Hashable, dict[str, float]] = {}
        self.path: set[Hashable] = set()

    def move(self, fight: Fight, move: Move) -> dict[str, float]:
        total = dict.fromkeys(PARTS, 0.0)
        for p, child in self.search.outcomes(fight, move):
            parts = self.scorer.transition_parts(fight, child)
            if not child.turn_over:
                after = self.state(child)
                for part in PARTS:
                    parts[part] += after[part]
            for part in PARTS:
                total[part] += p * parts[part]
        return total

    def state(self, fight: Fight) -> dict[str, float]:
        """The parts of the rest of the turn from a decision state, played best: the
        search's choice, and a state met again on its own path ended there, as
        :meth:`Expectimax.value` ends a loop."""
        key = fight.key()
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if key in self.path:
            return self.move(fight, Move.end())
        if len(self.memo) >= self.limit:
            raise Unexplained(f"the turn is too large to explain exactly (more than "
                              f"{self.limit} states to follow)")
        self.path.add(key)
        try:
            parts = self.move(fight, self.search.best_move(fight))
        finally:
            self.path.discard(key)
        self.memo[key] = parts
        return parts
