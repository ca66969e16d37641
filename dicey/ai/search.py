"""Exhaustive expectimax over one turn: exact expected scores, memoised on the state's key.

The turn's move graph is a DAG (every move spends a die or a use), so the search walks it
depth first and remembers the value of every decision state it solved, keyed by
:meth:`Fight.key` (equal dice and identical cards are already one choice in
:meth:`Fight.legal_moves`, and positions reached in another order share one entry). A move
that may meet a chance point branches into every outcome the interpreter can produce, each
with its exact probability (:meth:`Fight.outcomes`); the value of the move is their mean.

Values are stored without the path that led to a state (see :mod:`dicey.ai.score`): the
value of a state is the expectation, over the rest of the turn played best, of the step
rewards still to come plus the potential of the turn's end. So one memo serves every root
of the same turn: a plan made again after a surprise reuses it.

The search stops with :class:`BudgetExceeded` when it would expand more states than allowed,
has applied as many moves as allowed (what a state costs grows with the moves it offers: a
hand of sixteen cards), passes its deadline, or meets a move with more chance outcomes than
it enumerates; what it solved so far stays in the memo, exact, for the MCTS fallback to use
as leaf values. It stops with :class:`Stopped` when another thread sets its ``stop`` event
(the player left the position a hint was searched for): it looks where it looks at the
clock, so a state costs nothing more for it.

A state's search ends as soon as a move reaches the state's ceiling (:meth:`Scorer.ceiling
<dicey.ai.score.Scorer.ceiling>`, what no line from it can beat: a sure win at its best);
the values and the moves chosen are those of the search that tries every move.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Hashable

from dicey.lang.chance import TooManyOutcomes
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

from .moves import Step, follow
from .score import Scorer

#: How many expansions pass between two looks at the clock.
CLOCK_EVERY = 64
#: Paths one move's chance points may branch into before the search gives up on exactness.
MAX_OUTCOMES = 4096


class BudgetExceeded(Exception):
    """The exhaustive search passed its state budget, its deadline or its chance limit."""


class Stopped(Exception):
    """A search was asked to stop (its ``stop`` event was set from another thread): what
    it solved so far stays in the memo, exact."""


@dataclass
class Recorded:
    """What the search saw at one decision state, kept when a decision graph is wanted."""

    fight: Fight                     # the first fight object that reached the state
    moves: list[tuple[Move, float, list[tuple[float, Fight, Hashable | None, float]]]] = \
        field(default_factory=list)
    """Per move: the move, its value, and per outcome ``(p, child, child key or None for a
    leaf, the outcome's own reward)``."""


class Expectimax:
    """One turn's exhaustive search for ``scorer.side`` (reusable across roots of the turn).

    ``max_states`` caps the states it expands, ``max_nodes`` the moves it applies (a state
    is not expanded once that many were: it may pass the cap by one state's moves),
    ``deadline`` is a ``time.perf_counter()`` value, ``stop`` an event (a
    ``threading.Event``) that, once set from another thread, stops the search with
    :class:`Stopped` where it looks at the clock,
    ``min_probability`` cuts chance paths less likely than that (their weight goes to the
    others), ``record`` keeps what a decision graph needs (every move of every state: no
    cutoff then). ``cutoff=False`` tries every move of every state even when one reached
    the state's ceiling (the plain search, for tests).
    """

    def __init__(self, scorer: Scorer, *, max_states: int | None = None,
                 max_nodes: int | None = None, deadline: float | None = None,
                 min_probability: float = 0.0, record: bool = False, cutoff: bool = True,
                 stop: Any = None):
        self.scorer = scorer
        self.memo: dict[Hashable, float] = {}
        self.max_states = max_states
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.stop = stop
        self._watch = deadline is not None or stop is not None   # (a look now and then)
        self.min_probability = Fraction(min_probability) if min_probability else 0
        self.nodes = 0                   # children generated (every apply of a move)
        self.records: dict[Hashable, Recorded] | None = {} if record else None
        self._tick = 0                   # states expanded
        # A move worth more than this may have reached its state's ceiling (see _best);
        # inf: never (a plain search, or content the ceiling cannot be proven for).
        self.reach = scorer.reach if cutoff and not record else float("inf")
        self.cut = 0                     # states whose search a sure win ended
        self._open: set[Hashable] = set()   # the states being solved, on the current path

    @property
    def states(self) -> int:
        """Distinct decision states this search expanded (solved, or under way when the
        budget ran out); never more than ``max_states``."""
        return self._tick

    # ------------------------------------------------------------- search

    def value(self, fight: Fight) -> float:
        """The best expected future score from a decision state (memoised).

        A move can lead back to a state still being solved on the current path (a card that
        gives its die back and changes nothing else): a loop, which the turn's move limit
        alone would end. Such a state is worth ending the turn there: the loop is gone
        round once (its rewards counted), never again."""
        key = fight.key()
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if key in self._open:
            return self.q(fight, Move.end())
        self._spend()
        record = None
        if self.records is not None:
            record = self.records.setdefault(key, Recorded(fight))
        self._open.add(key)
        try:
            _, best = self._best(fight, record)
        finally:
            self._open.discard(key)
        self.memo[key] = best
        return best

    def solve(self, root: Fight) -> float:
        """:meth:`value` of a search's root, a sure win looked for first
        (:meth:`_sure_win`): the blow that kills may come late in the order of the moves,
        after moves whose lines are many. One more making of each first move; not done
        below the root (where no blow kills it would make each move twice)."""
        key = root.key()
        if key not in self.memo and self.reach != float("inf"):
            sure = self._sure_win(root)
            if sure is not None:
                self._spend()
                self.cut += 1
                self.memo[key] = sure[1]
                return sure[1]
        return self.value(root)

    def _answer(self, fight: Fight, record: Recorded | None = None) -> tuple[Move, float]:
        """The best move of a state the search solved, and its value: a sure win
        (:meth:`_sure_win`) if there is one (as the first state was solved), else the
        moves tried in order as :meth:`_best` tried them (from the memo)."""
        sure = self._sure_win(fight) if self.reach != float("inf") else None
        return sure or self._best(fight, record)

    def _sure_win(self, fight: Fight) -> tuple[Move, float] | None:
        """The first move (in the order of the legal moves) that wins the fight at once at
        the state's ceiling, when only such a move can reach it (:meth:`Scorer.sure_win`):
        then no move before it can be worth as much, and none after it more."""
        ceiling = self.scorer.sure_win(fight)
        if ceiling is None:
            return None
        transition = self.scorer.transition
        for move in fight.legal_moves():
            if move.is_end:
                continue
            total = 0.0
            for p, child in self.outcomes(fight, move):
                if not child.is_over:
                    break
                total += p * transition(fight, child)
            else:
                if total >= ceiling:
                    return move, total
        return None

    def _best(self, fight: Fight, record: Recorded | None = None) -> tuple[Move, float]:
        """The move of highest expected score (the first of equals) and its score.

        A move worth the state's ceiling (:meth:`Scorer.ceiling`: what no line from here
        can beat, a sure win at its best) ends the search of the state: the moves after
        it cannot be worth more, and the first of equals is already found. The ceiling is
        asked once a state, and only when a move's value passes the scorer's ``reach``
        (below every ceiling of the turn: a line that won): in the common case, no win in
        reach, that is one comparison a better move."""
        best_move, best_q = Move.end(), float("-inf")
        reach, ceiling = self.reach, None
        for move in fight.legal_moves():
            q = self.q(fight, move, record)
            if q > best_q:
                best_move, best_q = move, q
                if q >= reach:
                    if ceiling is None:
                        ceiling = self.scorer.ceiling(fight)
                    if q >= ceiling:
                        self.cut += 1
                        break
        return best_move, best_q

    def q(self, fight: Fight, move: Move, record: Recorded | None = None) -> float:
        """The expected future score of making ``move`` now and playing best after."""
        if record is None and move.is_end and fight.end_is_quiet():
            self.nodes += 1            # a quiet end is scored without being made
            return self.scorer.quiet_end(fight)
        transition = self.scorer.transition
        total = 0.0
        seen = [] if record is not None else None
        for p, child in self.outcomes(fight, move):
            reward = transition(fight, child)
            after = 0.0 if child.turn_over else self.value(child)
            total += p * (reward + after)
            if seen is not None:
                seen.append((p, child, None if child.turn_over else child.key(), reward))
        if record is not None:
            record.moves.append((move, total, seen))
        return total

    def outcomes(self, fight: Fight, move: Move) -> list[tuple[float, Fight]]:
        """``move``'s results with float probabilities (simulation copies)."""
        try:
            found = fight.outcomes(move, min_probability=self.min_probability,
                                   limit=MAX_OUTCOMES)
        except TooManyOutcomes as err:
            raise BudgetExceeded(str(err)) from None
        self.nodes += len(found)
        if len(found) == 1:
            return [(1.0, found[0][1])]
        return [(float(p), child) for p, child in found]

    def _spend(self) -> None:
        """Count one more state against the budget (and look at the clock now and then)."""
        if self.max_states is not None and self._tick >= self.max_states:
            raise BudgetExceeded(f"more than {self.max_states} states")
        # (once a state: a state costs the several moves it is expanded by)
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise BudgetExceeded(f"more than {self.max_nodes} moves")
        self._tick += 1
        if self._watch and self._tick % CLOCK_EVERY == 0:
            if self.stop is not None and self.stop.is_set():
                raise Stopped("asked to stop")
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise BudgetExceeded("out of time")

    # ------------------------------------------------------------- answers

    def root_values(self, root: Fight) -> list[tuple[Move, float]]:
        """Every legal first move with its exact expected future score — up to one that
        reached the root's ceiling (a sure win at its best): the moves after it were not
        searched, and are not here."""
        seen = Recorded(root)
        move, value = self._answer(root, seen)
        if not seen.moves:           # a sure win, found before any move was searched
            return [(move, value)]
        return [(move, value) for move, value, _ in seen.moves]

    def best_move(self, fight: Fight) -> Move:
        """The move of highest expected score (the first of equals)."""
        return self._answer(fight)[0]

    def best_line(self, root: Fight) -> list[Step]:
        """The plan: the best move at each step, following each move's likeliest outcome."""
        return follow(root, self.best_move)


def brute_force(fight: Fight, scorer: Scorer) -> float:
    """The same expected value as :meth:`Expectimax.value`, the plain way: every move of
    every die and card (no symmetry reduction), no memo. For tests on small positions."""
    best = float("-inf")
    for move in fight.all_moves():
        total = 0.0
        for p, child in fight.outcomes(move):
            reward = scorer.transition(fight, child)
            after = 0.0 if child.turn_over else brute_force(child, scorer)
            total += float(p) * (reward + after)
        best = max(best, total)
    return best


def naive_nodes(fight: Fight, cap: int) -> int:
    """How many nodes the plain search (no memo, no symmetry reduction) visits from
    ``fight``, counting up to ``cap`` (it stops there)."""
    count = 0
    stack = [fight]
    while stack and count < cap:
        state = stack.pop()
        for move in state.all_moves():
            for _, child in state.outcomes(move):
                count += 1
                if not child.turn_over:
                    stack.append(child)
    return min(count, cap)
