"""Open-loop UCT over one turn: the fallback when the exhaustive search runs out of budget.

A tree node stands for a sequence of choices, not for a state: each iteration replays the
turn from the root on a fresh copy, drawing every chance outcome from the seeded rng, and
re-derives the legal moves at every node it passes (a move legal in one sample may not be in
another). Children are keyed by :func:`~dicey.ai.moves.choice_key`, so the same choice meets
the same statistics whatever the die's index.

One iteration: descend by UCB1 among the children legal in this sample; at the first node
with an untried legal choice, try it (a new child) and finish the turn with a greedy playout
(the ``easy`` rule of thumb without its noise); a state the exhaustive search already solved
ends the playout with its exact value. The memo stands in for playouts only, not for the
tree: a branch it covers meets the same exploration as the others, so exact values do not
bias the choice towards the branches the exhaustive search happened to reach first.

The greedy rule is a function of the state, so from a state after which a playout met no
chance point, every playout plays the same rest of the turn for the same return: that
return is kept by the state's key (``tails``), and a later playout that reaches the state
reads it instead of playing the rest again. Playouts on the way to the same few ends of a
turn are most of an iteration's moves.

The return is the step rewards plus the end's worth (:mod:`dicey.ai.score`). A node's
estimate is backed up as a max: the best estimate among its children tried often enough,
else its own mean (:meth:`Node.revalue`) — open-loop, so each child's figure is still an
average over the chance outcomes on the way. UCB reads the estimates normalised into
[0, 1] by the lowest and highest returns seen; the move played is the root's most visited
child (ties: the better estimate).
It is anytime: it stops at its iteration budget or its deadline and answers with what
it has.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Hashable

from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

from .baseline import choose_move
from .moves import Choice, Step, choice_key, follow, legal_choices
from .score import Scorer
from .search import Stopped

#: UCB1's exploration constant (rewards are normalised to [0, 1]).
EXPLORATION = 1.4
#: How many iterations pass between two looks at the clock.
CLOCK_EVERY = 32
#: Visits a child needs before its estimate may stand for its parent's.
TRUSTED_VISITS = 3
#: A playout ends the turn after this many moves whatever the policy says.
MAX_PLAYOUT_MOVES = 100

class Node:
    """A node of the open-loop tree (one sequence of choices from the root)."""

    __slots__ = ("move", "children", "visits", "total", "value", "state", "reward",
                 "choices", "kids", "best")

    def __init__(self, move: Move | None):
        self.move = move                           # the choice that leads here (a sample's)
        self.children: dict[Choice, Node] = {}
        self.visits = 0
        self.total = 0.0                           # sum of raw returns through here
        self.value = -math.inf                     # the max-backed-up estimate (see below)
        self.best: Node | None = None              # the child whose estimate that is
        # When no move from the root to here met a chance point, every visit reaches the
        # same state: it is kept, with the rewards on the way, instead of being remade.
        self.state: Fight | None = None
        self.reward = 0.0
        # With the state kept, its legal choices are the same at every visit: kept too.
        self.choices: list[tuple[Choice, Move]] | None = None
        # Once all of those are tried, the children in their order (what UCB reads).
        self.kids: list[Node] | None = None

    def revalue(self, changed: "Node | None") -> None:
        """The node's estimate: the best estimate among its children that have been tried
        often enough to trust, else its own mean. A plain mean counts every exploratory
        line below a move against it, and a move that needs several precise moves after
        it looks worse than a robust one; the best child is what a planner would play.

        ``changed`` is the one child whose figures changed since the last call (None: only
        the node's own): the children are looked through again only when the best one
        lost ground."""
        best = self.best
        if changed is not None and changed.visits >= TRUSTED_VISITS:
            if best is None or changed.value > best.value:
                best = changed
            elif best is changed and changed.value < self.value:
                for child in self.children.values():
                    if child.visits >= TRUSTED_VISITS and child.value > best.value:
                        best = child
            self.best = best
        self.value = best.value if best is not None else self.total / self.visits

    def most_visited(self) -> tuple[Choice, "Node"] | None:
        """The child to play: most visits, then the better estimate, then the first tried."""
        best = None
        for key, child in self.children.items():
            if best is None or (child.visits, child.value) > (best[1].visits, best[1].value):
                best = (key, child)
        return best


class _Noting(SampleChance):
    """Samples outcomes, and notes whether any chance point was met since ``met`` was
    last cleared."""

    __slots__ = ("met",)

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.met = False

    def choose(self, outcomes):  # type: ignore[override]
        self.met = True
        return super().choose(outcomes)


class MCTS:
    """Open-loop UCT for ``scorer.side`` from ``root`` (a simulation copy)."""

    def __init__(self, root: Fight, scorer: Scorer, rng: random.Random, *,
                 memo: dict[Hashable, float] | None = None):
        self.root_state = root
        self.scorer = scorer
        self.rng = rng
        self.chance = _Noting(rng)
        self.memo = memo or {}
        # The return of the rest of the turn from a state a playout went through when no
        # chance point came after it (see the module docstring).
        self.tails: dict[Hashable, float] = {}
        self.tail_hits = 0                 # playouts that read the rest from ``tails``
        self.root = Node(None)
        self.root.state = root
        self.iterations = 0
        self.nodes = 0                     # states generated (every apply)
        self.low = math.inf
        self.high = -math.inf

    def run(self, iterations: int | None, deadline: float | None, stop: Any = None) -> None:
        """Iterate until ``iterations`` are done or the clock passes ``deadline``;
        :class:`~dicey.ai.search.Stopped` when ``stop`` (a ``threading.Event``) is set from
        another thread, seen where the clock is looked at."""
        watch = deadline is not None or stop is not None
        while iterations is None or self.iterations < iterations:
            if watch and self.iterations % CLOCK_EVERY == 0:
                if stop is not None and stop.is_set():
                    raise Stopped("asked to stop")
                if deadline is not None and time.perf_counter() > deadline:
                    break
            self.iterate()

    def iterate(self) -> float:
        """One descent, expansion, playout and back-up; the return it found."""
        node, path = self.root, [self.root]
        # While every node on the way kept its state, there is nothing to remake: a copy
        # of our own is made at the first move that has to be played.
        state: Fight | None = None
        value = 0.0
        while True:
            if state is None:
                if node.state.turn_over:
                    value = node.reward
                    break
                if node.choices is None:
                    node.choices = legal_choices(node.state)
                choices = node.choices
            else:
                if state.turn_over:
                    break
                choices = legal_choices(state)
            if choices is node.choices and len(node.children) == len(choices):
                untried = ()       # a kept state's choices never change: all tried
            else:
                untried = [c for c in choices if c[0] not in node.children]
            if untried:
                key, move = untried[self.rng.randrange(len(untried))]
                child = node.children[key] = Node(move)
                path.append(child)
                if state is None:
                    state, value = node.state.copy(), node.reward
                value += self._step(state, move)
                if node.state is not None and not self.chance.met:
                    child.state, child.reward = state.copy(), value
                value += self._playout(state)
                break
            key, move = self._select(node, choices)
            child = node.children[key]
            path.append(child)
            if child.state is None:
                if state is None:
                    state, value = node.state.copy(), node.reward
                value += self._step(state, move)
            node = child
        self._back_up(path, value)
        self.iterations += 1
        return value

    def _select(self, node: Node, choices: list[tuple[Choice, Move]]) -> tuple[Choice, Move]:
        """UCB1 over the children legal in this sample (rewards normalised)."""
        children = node.children
        if choices is node.choices:
            # A kept state: every choice is a child, and every visit but the one that made
            # the node (the root had none) went on to one of them.
            kids = node.kids
            if kids is None:
                kids = node.kids = [children[key] for key, _ in choices]
            visits = node.visits - (node is not self.root)
        else:
            kids = [children[key] for key, _ in choices]
            visits = 0
            for child in kids:
                visits += child.visits
        log_n = math.log(visits or 1)
        low, span, sqrt = self.low, self.high - self.low, math.sqrt
        if span > 0:
            ucb = [(child.value - low) / span + EXPLORATION * sqrt(log_n / child.visits)
                   for child in kids]
        else:
            ucb = [0.5 + EXPLORATION * sqrt(log_n / child.visits) for child in kids]
        return choices[ucb.index(max(ucb))]     # the first of equals

    def _step(self, state: Fight, move: Move) -> float:
        """Make ``move`` in place with a sampled outcome; the reward it earned."""
        counters = state.counters()
        unused = self.scorer.unused(state) if move.is_end else 0.0
        self.chance.met = False
        state.apply(move, self.chance)
        self.nodes += 1
        return self.scorer.made(counters, unused, state)

    def _playout(self, state: Fight) -> float:
        """Finish the turn with the greedy rule of thumb (exact from the memo as soon as it
        knows the state, or the kept return of a playout that went on from it); the
        rewards on the way."""
        memo, tails = self.memo, self.tails
        value, moves = 0.0, 0
        trail: list[tuple[Hashable, float]] = []    # (key, return so far) since a chance
        while not state.turn_over:
            key = state.key()
            known = memo.get(key)
            if known is None:
                known = tails.get(key)
                if known is not None:
                    self.tail_hits += 1
            if known is not None:
                value += known
                break
            if moves < MAX_PLAYOUT_MOVES:
                trail.append((key, value))
                move = choose_move(state, None)
            else:                            # a cut-off end is not what the rule would play
                trail.clear()
                move = Move.end()
            value += self._step(state, move)
            if self.chance.met:              # what came before depended on the draw
                trail.clear()
            moves += 1
        for key, before in trail:
            tails[key] = value - before
        return value

    def _back_up(self, path: list[Node], value: float) -> None:
        if value < self.low:
            self.low = value
        if value > self.high:
            self.high = value
        changed = None
        for node in reversed(path):
            node.visits += 1
            node.total += value
            node.revalue(changed)
            changed = node

    def go_on_from(self, position: Fight) -> bool:
        """Make ``position`` the root, keeping what the tree learnt, when it is the root's
        position or the one a root move that met no chance leads to (that child becomes
        the root: its statistics are about that very position); whether it could.

        Returns stay counted from the first root (a kept node's ``reward`` is what the
        moves from there to it earned): :attr:`offset`, the new root's, is what they
        hold beyond the new root's own future."""
        key = position.key()
        if self.root_state.key() == key:
            return True
        for child in self.root.children.values():
            if child.state is not None and child.state.key() == key:
                child.move = None
                self.root, self.root_state = child, child.state
                return True
        return False

    @property
    def offset(self) -> float:
        """What the moves from the first root to the root earned (0 until
        :meth:`go_on_from` moved it): counted in every return."""
        return self.root.reward

    # ------------------------------------------------------------- answers

    def root_values(self) -> list[tuple[Move, float, int]]:
        """Every first move tried: the move, its estimate and its visits."""
        return [(child.move, child.value, child.visits)
                for child in self.root.children.values() if child.move is not None]

    def best_line(self, rng: random.Random) -> list[Step]:
        """The plan: the most visited choice while the tree knows the state, then the rule
        of thumb (drawing its noise from ``rng``); chance follows the likeliest outcome."""
        at = [self.root]

        def pick(state: Fight) -> Move:
            node = at[0]
            ranked = [] if node is None else sorted(
                ((c.visits, c.value, -i, m) for i, m in enumerate(state.legal_moves())
                 if (c := node.children.get(choice_key(state, m))) is not None and c.visits),
                key=lambda t: t[:3], reverse=True)
            if not ranked:
                at[0] = None
                return choose_move(state, rng)
            move = ranked[0][3]
            at[0] = node.children[choice_key(state, move)]
            return move

        return follow(self.root_state, pick)
