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
the values and the moves chosen are those of the search that tries every move. A search's
root, when a win may be its best, is looked at one move ahead first (:meth:`Expectimax.solve`):
a blow, or two, that wins at its best is found before the moves that come first in order.
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
        # Roots looked at ahead (solve): their best move, value and the moves searched.
        self._looked: dict[Hashable, tuple[Move, float, list[tuple[Move, float]]]] = {}
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
        gives its die back and changes nothing else, or a reroll by a card used without end
        that brings a die back to a value it had on the way): a loop, which the turn's move
        limit alone would end. Such a state is worth ending the turn there: the loop is gone
        round once (its rewards counted), never again. (A loop through a chance outcome
        makes what the states on it are worth depend on the way the search came: the least
        the loop can be worth.)"""
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
        """:meth:`value` of a search's root, looked at one move ahead first when a win may
        be the best of it (:meth:`_look_ahead`): the blow that kills may come late in the
        order of the moves, after moves whose lines are many. Not done below the root
        (where no blow kills it would make each move again)."""
        key = root.key()
        looked = self._looked.get(key)
        if looked is not None:
            return looked[1]
        if key in self.memo or self.reach == float("inf") or \
                self.scorer.sure_win(root) is None:
            return self.value(root)
        self._spend()
        self._open.add(key)
        try:
            looked = self._look_ahead(root)
        finally:
            self._open.discard(key)
        # (not in the memo: a later search of the turn looks again, from what this one
        # solved, and answers as this one did)
        self._looked[key] = looked
        return looked[1]

    def _look_ahead(self, root: Fight) -> tuple[Move, float, list[tuple[Move, float]]]:
        """The root's best move and value, and the first moves searched with theirs.

        Each first move is made once, and what follows it bounded (:meth:`_bounded`).
        Then the moves are searched in order, but for those whose bound is below the best
        value known, or equal to it after the move that has it: they cannot be better,
        nor the first of equals. One whose bound is the best, before the move that has
        it, is looked into first (every state it leads to): it may be the first of
        equals, or be proven below it. Two blows that win at their best are found before
        the moves that come before them in order, with all their lines."""
        transition = self.scorer.transition
        moves = root.legal_moves()
        found = [None if move.is_end and root.end_is_quiet() else self.outcomes(root, move)
                 for move in moves]
        top = self.scorer.sure_win(root)
        sure = None if top is None else self._win_at(root, top, found)
        if sure is not None:                     # a blow that wins at its best: no more
            self.cut += 1
            return sure[0], sure[1], [sure]
        # The states first looked into are those the hardest blow of a first move would
        # finish (a guess of where a blow may kill, which changes no value: a state not
        # looked into is bounded by its ceiling).
        them = 1 - self.scorer.side
        hp = root.fighters[them].hp
        blow = max((hp - child.fighters[them].hp for outcomes in found if outcomes
                    for _, child in outcomes), default=0)
        looked = [self._bounded(root, outcomes, blow) for outcomes in found]
        best_i, best = -1, float("-inf")
        for i, (value, _, _) in enumerate(looked):
            if value is not None and value > best:
                best_i, best = i, value
        tried = []
        for i, move in enumerate(moves):
            value, bound, below = looked[i]
            if value is None and bound == best and i < best_i and not below:
                value, bound, below = self._bounded(root, found[i], None)   # every state
            if value is None:
                if bound < best or bound == best and (i > best_i or below):
                    continue                       # cannot be better, nor first of equals
                value = sum(p * (transition(root, child) +          # (q, on the outcomes
                                 (0.0 if child.turn_over else self.value(child)))  # made)
                            for p, child in found[i])
            tried.append((move, value))
            if value > best or value == best and i < best_i:
                best_i, best = i, value
        return moves[best_i], best, tried

    def _bounded(self, root: Fight, outcomes: list[tuple[float, Fight]] | None,
                 blow: int | None) -> tuple[float | None, float, bool]:
        """A first move's value if known, a bound of it, and whether the value is below
        the bound. Known when the move ends the turn (``outcomes`` None: a quiet end),
        or each state it leads to is solved already or won at its best by one more move
        (:meth:`_win_at`, which solves it: looked into when the opponent's HP there is
        at most ``blow``, every one when ``blow`` is None); else a state is bounded by
        its ceiling, and a state looked into with no move that reaches it is below."""
        scorer = self.scorer
        if outcomes is None:
            self.nodes += 1
            value = scorer.quiet_end(root)
            return value, value, False
        them = 1 - scorer.side
        total, solved, below = 0.0, True, False
        for p, child in outcomes:
            after = scorer.transition(root, child)
            if not child.turn_over:
                key = child.key()
                hit = self.memo.get(key)
                if hit is None:
                    top = None
                    if (blow is None or child.fighters[them].hp <= blow) and \
                            key not in self._open:
                        top = scorer.sure_win(child)
                    sure = None if top is None else self._win_at(child, top)
                    if sure is not None:            # won at its best: solved
                        self._spend()
                        self.cut += 1
                        hit = self.memo[key] = sure[1]
                    else:
                        solved = False
                        below = below or top is not None    # (no move reaches it)
                        hit = scorer.ceiling(child) if top is None else top
                after += hit
            total += p * after
        return (total if solved else None), total, below

    def _answer(self, fight: Fight, record: Recorded | None = None) -> tuple[Move, float]:
        """The best move of a state the search solved, and its value, found as the search
        found it: the root looked at ahead (:meth:`solve`), a state won at its best in one
        move (:meth:`_sure_win`), else the moves tried in order as :meth:`_best` tried
        them (from the memo)."""
        looked = self._looked.get(fight.key())
        if looked is not None:
            return looked[0], looked[1]
        sure = self._sure_win(fight) if self.reach != float("inf") else None
        return sure or self._best(fight, record)

    def _sure_win(self, fight: Fight) -> tuple[Move, float] | None:
        """The first move (in the order of the legal moves) that wins the fight at once at
        the state's ceiling, when only such a move can reach it (:meth:`Scorer.sure_win`):
        then no move before it can be worth as much, and none after it more."""
        ceiling = self.scorer.sure_win(fight)
        return None if ceiling is None else self._win_at(fight, ceiling)

    def _win_at(self, fight: Fight, ceiling: float,
                found: list[list[tuple[float, Fight]] | None] | None = None
                ) -> tuple[Move, float] | None:
        """:meth:`_sure_win` with the state's ceiling known to be reached only so: None
        when no move reaches it (then the state's value is below it). ``found``: the
        outcomes of each legal move, already made."""
        transition = self.scorer.transition
        for i, move in enumerate(fight.legal_moves()):
            if move.is_end:
                continue
            total = 0.0
            for p, child in (self.outcomes(fight, move) if found is None else found[i]):
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
        """Every legal first move with its exact expected future score — but those the
        search did not need: after one that reached the root's ceiling (a sure win at its
        best), or bounded below the best by a look ahead (:meth:`solve`)."""
        looked = self._looked.get(root.key())
        if looked is not None:       # (a root looked at ahead: the moves searched)
            return list(looked[2])
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
