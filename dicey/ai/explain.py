"""Why a plan was chosen: each first move's expected score split by what earns it.

``dicey plan --explain`` prints, for the best first moves, how many points of their expected
score come from each part of the score (:data:`dicey.ai.score.PARTS`: damage, the statuses on
either side, the coming turn, the dice left…). A first move's parts are expectations over
the rest of the turn played as the exhaustive search plays it (the best move at each state,
every chance outcome with its probability), so they add up to the move's value exactly: a
move that looks like a blunder in the totals shows where its points went (a limit break the
opponent would charge, a shock the coming turn prices).

The breakdown needs the turn solved. Given the search that solved the plan
(``plan_turn(…, keep_search=True)``, as ``dicey plan --explain`` does), it follows that
search's choices in its memo: nothing is solved again, and what it costs is the moves of
the states it follows (each made once more), within the plan's time. Without it, it runs the
exhaustive search with the plan's budget (states and moves, no clock: the same numbers on
any machine) and follows that. Either way at most :data:`MAX_FOLLOWED` decision states are
followed; a turn too large for that is not explained (:class:`Unexplained` says why); the
plan itself is unchanged.
"""
from __future__ import annotations

import math
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


def explain(fight: Fight, budget: Budget, *, limit: int | None = None,
            search: Expectimax | None = None) -> list[Explained]:
    """Every legal first move of ``fight``'s actor with its expected score split into
    parts, best first (the first of equals as the search orders them). The values are
    relative to the position, as a plan's are. ``search``: the exhaustive search of an
    exact plan of this position (:attr:`Plan.search <dicey.ai.planner.Plan.search>`),
    followed as it stands; without it the turn is solved here within ``budget``. Raises
    :class:`Unexplained` when the exhaustive search passes ``budget``'s states or moves (the
    plan's, for its own search: a first move it left for later), or the moves it would
    follow pass :data:`MAX_FOLLOWED`."""
    root = fight.copy(simulation=True, log=False)
    if search is None:
        search = Expectimax(Scorer(root), max_states=budget.states, max_nodes=budget.moves,
                            min_probability=budget.min_probability)
        try:
            search.solve(root)
        except BudgetExceeded as err:
            raise Unexplained(f"the turn is too large to explain exactly ({err})") from None
    else:
        search.deadline = None      # (the plan's clock is spent; the breakdown has none)
    scorer = search.scorer
    follower = _Follower(search, scorer, MAX_FOLLOWED if limit is None else limit)
    base = scorer.parts(root)
    follower.path.add(root.key())   # (a move back to the root: a loop, as the search has it)
    out = []
    for move in root.legal_moves():
        try:     # (a state a sure win spared the search is searched now, in its budget)
            parts = follower.move(root, move)
        except BudgetExceeded as err:
            raise Unexplained(f"the turn is too large to explain exactly ({err})") from None
        for part, worth in base.items():
            parts[part] -= worth
        out.append(Explained(move, sum(parts.values()), parts))
    # A loop that goes through a chance outcome (a die rerolled by a card used without end
    # comes back to a position on the way) is counted once where the search met it: what a
    # state on it is worth depends on the way the search came, and the lines followed here
    # may not add up to the search's values. Then the breakdown is not given.
    start = scorer.potential(root)
    searched = {str(move): value - start for move, value in search.root_values(root)}
    for e in out:
        value = searched.get(str(e.move))
        if value is not None and abs(e.value - value) > 1e-6 * max(1.0, abs(value)):
            raise Unexplained("the turn goes round a loop (a card used without end brings "
                              "back a position on the way, by chance): its values count "
                              "the loop once, and its lines do not add up to them")
    out.sort(key=lambda e: -e.value)
    return out


def apportioned(parts: dict[str, float], total: float, places: int = 2) -> dict[str, int]:
    """``parts`` rounded to ``places`` decimals, as whole units of ``10 ** -places``, so
    that they add up to ``total`` rounded so (largest remainder: each part is rounded
    down, then the units the sum lacks go to the parts that lost most by it, the first of
    equals first). A part is at most one unit off its own rounding; ``total`` is their sum.

    Each rounded on its own, these would print 1977.13 + 44907.41 + 107.26 − 11.27 +
    17.69 = 46998.22 against a total of 46998.23:

    >>> apportioned({"a": 1977.1349, "b": 44907.4149, "c": 107.2649, "d": -11.2749,
    ...              "e": 17.6949}, 46998.2347)
    {'a': 197713, 'b': 4490742, 'c': 10726, 'd': -1127, 'e': 1769}
    """
    scale = 10 ** places
    exact = {part: worth * scale for part, worth in parts.items()}
    units = {part: math.floor(x + 1e-6) for part, x in exact.items()}  # (a whole stays so)
    lacking = round(total * scale) - sum(units.values())
    order = sorted(exact, key=lambda part: -(exact[part] - units[part]))
    if lacking < 0:      # (only for a total that is not the parts' sum)
        order.reverse()
    for part in order[:abs(lacking)]:
        units[part] += 1 if lacking > 0 else -1
    return units


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
