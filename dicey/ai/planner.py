"""The planner: one turn's plan for the fighter to act, the AI presets, the player's hint.

:func:`plan_turn` is the one entry point. Given a position (a :class:`Fight` in the actor's
turn), a preset or an explicit :class:`Budget`, and a seed, it answers a :class:`Plan`:

1. only ``end turn`` is legal → ``forced``, at once;
2. the ``easy`` preset → the rule of thumb's line (``greedy``);
3. otherwise the exhaustive expectimax (:mod:`dicey.ai.search`), within the state and move
   budgets and half the time budget → ``exhaustive``: exact expected scores of every first
   move;
4. past its budget → MCTS (:mod:`dicey.ai.mcts`) with the iteration budget and the time
   left, using what the exhaustive search solved as exact leaf values → ``mcts`` (or
   ``greedy`` if not one iteration fitted in the time).

The AI never cheats: it plans on a copy of the state with ``simulation = true``, knowing no
future roll. Same seed, same position and count budgets (``ms=None``) → the same plan and
the same decision graph.

:func:`make_chooser` turns a preset into a chooser ``(fight, rng) -> Move`` that plans once
per turn, commits one move at a time and plans again when a chance outcome left it in
another state than the one it expected; one budget serves the whole turn (a re-plan gets what
the turn's earlier plans left of it), so a turn's work has a ceiling. The presets ``normal``
and ``hard`` register in :data:`dicey.ai.baseline.PRESETS` when this module is imported.
"""
from __future__ import annotations

import random
import threading
import time
from collections import deque
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Hashable, Iterator

from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

from . import graph as graphs
from .baseline import PRESETS, choose_move, unknown_preset
from .graph import DecisionGraph
from .mcts import MCTS
from .moves import Step, follow, likeliest_result, match_move
from .score import Scorer
from .search import BudgetExceeded, Expectimax, Stopped


@dataclass(frozen=True)
class Budget:
    """How much a plan may cost: distinct states for the exhaustive search, MCTS
    iterations, wall-clock milliseconds (None: no clock, so plans are reproducible), and
    the probability below which a chance path is not enumerated (0: every path).

    ``moves`` caps the moves the exhaustive search applies (None: no cap). A state costs
    the moves it is expanded by, and a hand of sixteen cards offers ten times the moves of
    the base game's: the state budget alone let a plan of ``hard`` run for half a minute
    without a clock. Past it, as past the states, MCTS takes over."""

    states: int = 20_000
    iterations: int = 5_000
    ms: float | None = 500
    min_probability: float = 0.0
    moves: int | None = None


#: The least share of a turn's milliseconds a chooser's re-plan gets when the turn's
#: earlier plans spent them (see :class:`PlanChooser`).
REPLAN_MS_SHARE = 0.1
#: The budgets behind the presets an enemy's ``ai:`` names (``easy`` needs none).
PRESET_BUDGETS: dict[str, Budget] = {
    # moves: without the clock (dicey fight, dicey sim) the states alone bounded a turn,
    # and a mod's enemy that rerolls at will offers 17 moves a state: its 20,000 states
    # took 13 s a plan. 100,000 is some 2.5 s at the base game's 25 µs a move; an
    # enemy's turn in the base game applies at most 7,700 (every enemy, either hero level).
    "normal": Budget(states=20_000, iterations=5_000, ms=500, moves=100_000),
    # moves: the most any base-game position needs solved (scenarios/chance.toml: 618,000),
    # with room; an enemy's turn in the base game applies at most 4,300.
    "hard": Budget(states=200_000, iterations=50_000, ms=3_000, moves=750_000),
}
#: Every preset's name: ``easy`` (the rule of thumb) and those above, sorted.
PRESET_NAMES = tuple(sorted(("easy", *PRESET_BUDGETS)))
#: The preset behind the player's hint: the largest budget. The player asked and waits for
#: it (the screen goes on meanwhile), and a turn of five dice and six cards does not fit
#: ``normal``'s clock: MCTS's rough line came back where the exhaustive one was better.
HINT_PRESET = "hard"


#: The share of the time budget the exhaustive search may spend before MCTS takes over.
EXHAUSTIVE_SHARE = 0.5

#: The event that stops the plans made in this thread (see :func:`stopping`).
_STOP: ContextVar[Any] = ContextVar("dicey_planner_stop", default=None)


@contextmanager
def stopping(event: Any) -> Iterator[None]:
    """Within it, every plan this thread makes stops with :class:`~dicey.ai.search.Stopped`
    as soon as ``event`` (a ``threading.Event``) is set from another thread: the
    exhaustive search and MCTS look at it where they look at the clock. A screen's worker
    hands it its own cancel event, so that a hint nobody waits for any more (the player
    moved, left the fight or quit) stops at once, whoever made the hint-giver."""
    token = _STOP.set(event)
    try:
        yield
    finally:
        _STOP.reset(token)


@dataclass
class FirstMove:
    """One legal first move: its expected score and, for MCTS, its visits."""

    move: Move
    value: float
    visits: int | None = None


@dataclass
class Plan:
    """A turn's plan (see the module docstring for ``method``)."""

    moves: list[Move]
    expected_score: float
    first_moves: list[FirstMove]
    method: str                         # "exhaustive" | "mcts" | "forced" | "greedy"
    states: int
    nodes: int
    iterations: int
    elapsed_ms: float
    budget_hit: bool
    seed: int
    graph: DecisionGraph | None = None
    line: list[Step] = field(default_factory=list, repr=False)
    """The moves with what each means and the state it should lead to (for execution)."""
    searched: int = 0
    """The moves the exhaustive search applied (``nodes`` less MCTS's: what ``moves``
    caps)."""
    actor: str = ""
    tree: MCTS | None = field(default=None, repr=False)
    """MCTS's tree, for a plan it made (a later plan of the turn may go on with it)."""
    search: Expectimax | None = field(default=None, repr=False)
    """The exhaustive search that solved the turn, for an exact plan made with
    ``keep_search`` (:func:`dicey.ai.explain.explain` follows it rather than search again)."""

    def to_json(self, *, timings: bool = True) -> dict[str, Any]:
        """The plan as ``dicey plan --json`` prints it (``timings=False`` drops
        ``elapsed_ms``, the one field that differs between equal runs)."""
        out: dict[str, Any] = {
            "actor": self.actor,
            "method": self.method,
            "moves": [m.to_json() for m in self.moves],
            "expected_score": _num(self.expected_score),
            "first_moves": [{**f.move.to_json(), "text": str(f.move),
                             "expected_score": _num(f.value), "visits": f.visits}
                            for f in self.first_moves],
            "states": self.states,
            "nodes": self.nodes,
            "iterations": self.iterations,
            "elapsed_ms": round(self.elapsed_ms, 3),
            "budget_hit": self.budget_hit,
            "seed": self.seed,
        }
        if not timings:
            del out["elapsed_ms"]
        return out


def _num(value: float) -> float | int:
    """Whole scores as integers, others rounded to 4 places (stable JSON)."""
    rounded = round(value, 4)
    return int(rounded) if rounded == int(rounded) else rounded


# ------------------------------------------------------------------ planning

def plan_turn(fight: Fight, *, preset: str = "normal", budget: Budget | None = None,
              seed: int = 0, graph: bool = False,
              memo: dict[Hashable, float] | None = None,
              scorer: Scorer | None = None, stop: Any = None,
              tree: MCTS | None = None, every_first: bool = True,
              keep_search: bool = False) -> Plan:
    """Plan the rest of ``fight.actor``'s turn (``fight`` is not changed).

    ``budget`` overrides the preset's. ``graph`` asks for the decision graph.
    ``memo`` may carry the exhaustive memo of an earlier plan of the same side in the same
    turn, with ``scorer``, the scorer that filled it (a state's value depends on the
    state and the scorer, not on the root, so a re-plan reuses them; the memo is filled
    in). Without ``scorer`` one is made for this position.
    ``stop`` (a ``threading.Event``; by default the one :func:`stopping` set for this
    thread, if any) stops the plan with :class:`~dicey.ai.search.Stopped` once set.
    ``tree``, an earlier plan's MCTS tree already made to stand at this position
    (:meth:`MCTS.go_on_from`), with the same ``scorer``: MCTS, if the exhaustive search
    runs out, goes on with it. ``every_first``: an exhaustive plan gives every first
    move's value, those after a sure win too (searched once the plan is made); without
    it, only those the search needed (the enemy's plans and the hints play the line).
    ``keep_search``: an exact plan (``exhaustive`` or ``forced``) keeps the search that
    solved it as ``plan.search``, its memo and values, for the breakdown of
    ``dicey plan --explain`` (kept only when asked: it holds every state solved).
    Raises ValueError when it is not a fighter's turn to move, or for an unknown preset.
    """
    if fight.turn_over:
        raise ValueError("there is no turn to plan: " + ("the fight is over" if fight.is_over
                                                         else "the turn has not begun"))
    if preset not in PRESET_NAMES:
        raise ValueError(unknown_preset(preset, PRESET_NAMES))
    started = time.perf_counter()
    root = fight.copy(simulation=True, log=False)
    if scorer is None or scorer.side != root.actor:
        scorer = Scorer(root)
    job = _Job(root, scorer, budget or PRESET_BUDGETS.get(preset, Budget()), seed, graph,
               started, _STOP.get() if stop is None else stop, tree, every_first)
    if len(root.legal_moves()) == 1:
        plan = job.forced()
    elif preset == "easy":
        plan = job.greedy()
    else:
        plan = job.search(memo)
    if not keep_search:
        plan.search = None
    plan.actor = root.current.name
    plan.elapsed_ms = (time.perf_counter() - started) * 1000
    return plan


class _Job:
    """One call of :func:`plan_turn`: the root, its scorer, the budget and the clock."""

    def __init__(self, root: Fight, scorer: Scorer, budget: Budget, seed: int, graph: bool,
                 started: float, stop: Any = None, tree: MCTS | None = None,
                 every_first: bool = True):
        self.root, self.scorer, self.budget = root, scorer, budget
        self.seed, self.want_graph, self.started = seed, graph, started
        self.stop, self.tree, self.every_first = stop, tree, every_first
        self.base = scorer.potential(root)
        self.title = f"{root.current.name}, turn {root.turn}"

    def deadline(self, share: float) -> float | None:
        ms = self.budget.ms
        return None if ms is None else self.started + share * ms / 1000

    def _plan(self, line: list[Step], value: float, firsts: list[FirstMove], method: str,
              **counts: Any) -> Plan:
        counts = {"states": 0, "nodes": 0, "iterations": 0, "budget_hit": False, **counts}
        return Plan([s.move for s in line], value, firsts, method, elapsed_ms=0.0,
                    seed=self.seed, line=line, **counts)

    def forced(self) -> Plan:
        """Only ``end turn``: no search, but its exact worth all the same."""
        search = Expectimax(self.scorer, record=self.want_graph)
        value = search.value(self.root) - self.base
        plan = self._plan(search.best_line(self.root), value, [FirstMove(Move.end(), value)],
                          "forced", nodes=search.nodes, searched=search.nodes)
        plan.search = search
        if self.want_graph:
            plan.graph = graphs.from_search(search, self.root, self.scorer, self.title)
            plan.graph.method = "forced"
        return plan

    def greedy(self, **counts: Any) -> Plan:
        """The rule of thumb's line; its score along the likeliest outcomes."""
        rng = random.Random(self.seed)
        line = follow(self.root, lambda state: choose_move(state, rng))
        value = self._line_score(line)
        plan = self._plan(line, value, [FirstMove(line[0].move, value)], "greedy", **counts)
        if self.want_graph:
            plan.graph = graphs.from_line(self.root, line, self.scorer, self.title, value)
        return plan

    def _line_score(self, line: list[Step]) -> float:
        """The turn score of a line (replayed with each move's likeliest outcome)."""
        state = self.root
        total = 0.0
        for step in line:
            after = likeliest_result(state, step.move)
            total += self.scorer.transition(state, after)
            state = after
        return total - self.base

    def search(self, memo: dict[Hashable, float] | None) -> Plan:
        """Exhaustive first; MCTS when it passes its budget."""
        search = Expectimax(self.scorer, max_states=self.budget.states,
                            max_nodes=self.budget.moves,
                            deadline=self.deadline(EXHAUSTIVE_SHARE),
                            min_probability=self.budget.min_probability,
                            record=self.want_graph, stop=self.stop)
        if memo is not None and not self.want_graph:   # a graph needs every state seen
            search.memo = memo
        try:
            search.solve(self.root)
        except BudgetExceeded:
            return self.fallback(search)
        nodes, states = search.nodes, search.states   # the search's cost (not the answers')
        firsts = sorted((FirstMove(m, q - self.base) for m, q in self._root_values(search)),
                        key=lambda f: -f.value)
        line = search.best_line(self.root)
        plan = self._plan(line, firsts[0].value, firsts, "exhaustive", states=states,
                          nodes=nodes, searched=nodes)
        plan.search = search
        if self.want_graph:
            plan.graph = graphs.from_search(search, self.root, self.scorer, self.title)
        return plan

    def _root_values(self, search: Expectimax) -> list[tuple[Move, float]]:
        """The first moves with their exact values: those the search needed, and with
        ``every_first`` the others too, searched now (a sure win ends a root's search
        before its other moves are tried; ``dicey plan`` shows every one). Those the
        budget left no room for are left out."""
        values = search.root_values(self.root)
        moves = self.root.legal_moves()
        if not self.every_first or len(values) == len(moves):
            return values
        known = dict(values)
        out = []
        for move in moves:
            if move not in known:
                try:
                    known[move] = search.q(self.root, move)
                except BudgetExceeded:
                    continue
            out.append((move, known[move]))
        return out

    def fallback(self, search: Expectimax) -> Plan:
        """MCTS with the time left, the exhaustive memo as exact leaf values (an earlier
        plan's tree, when given, goes on: its iterations count against this budget only
        from here)."""
        mcts = self.tree if self.tree is not None and not self.want_graph else \
            MCTS(self.root, self.scorer, random.Random(self.seed), memo=search.memo)
        mcts.memo = search.memo      # (the turn's: what was solved since is used too)
        before, nodes = mcts.iterations, mcts.nodes
        mcts.run(before + self.budget.iterations, self.deadline(1.0), self.stop)
        counts = {"states": search.states, "nodes": search.nodes + mcts.nodes - nodes,
                  "iterations": mcts.iterations - before, "budget_hit": True,
                  "searched": search.nodes}
        if mcts.iterations == 0:
            return self.greedy(**counts)
        base = self.base + mcts.offset
        firsts = sorted((FirstMove(m, mean - base, visits)
                         for m, mean, visits in mcts.root_values()),
                        key=lambda f: (-f.visits, -f.value))
        line = mcts.best_line(random.Random(self.seed))
        plan = self._plan(line, firsts[0].value, firsts, "mcts", **counts)
        plan.tree = mcts
        if self.want_graph:
            plan.graph = graphs.from_mcts(mcts, self.scorer, self.title, line)
        return plan


class TurnMemo:
    """One side's exhaustive memo over one turn, with the scorer that filled it: a state's
    value depends on the state and the scorer, so the plans of one turn share them (a
    re-plan, a hint asked again). The memo holds solved states only: a search that runs
    out of budget writes nothing for the states it left open."""

    def __init__(self) -> None:
        self.memo: dict[Hashable, float] = {}
        self.scorer: Scorer | None = None
        self.turn: tuple[int, int] | None = None

    def begin(self, fight: Fight) -> bool:
        """Make ready for a plan of ``fight``'s actor: a new memo, with a scorer of this
        position, when its turn is not the one the memo is for; whether it was new."""
        turn = (fight.turn, fight.actor)
        if turn == self.turn:
            return False
        self.memo, self.turn = {}, turn
        self.scorer = Scorer(fight.copy(simulation=True, log=False))
        return True


def hint(fight: Fight, *, seed: int = 0) -> Plan:
    """The player's hint: the same planner, for the hero, with the hint preset."""
    return plan_turn(fight, preset=HINT_PRESET, seed=seed)


class Hinter:
    """The player's hints over one fight: each with the hint preset's whole budget, and
    the turn's exhaustive memo kept from one to the next, with the scorer that filled it
    (as :class:`PlanChooser` keeps its own over a turn's re-plans).

    So a hint asked again in the same turn — after a move, the hint's or another, or
    after a chance result — starts from every state the earlier ones solved: one asked
    after following the line is found at once, and one whose search ran out of budget
    (MCTS's guess) goes on where it stopped, so asking again can make it exact. The memo
    holds solved states only (a search that runs out writes nothing for the states it
    left open), so what it gives is what a search from scratch would find. A new turn
    starts a new memo; one hinter serves one fight (a turn's number says nothing of
    which fight it is in)."""

    def __init__(self, budget: Budget | None = None):
        self.budget = budget
        self.turn = TurnMemo()
        self._lock = threading.Lock()
        self._tree: MCTS | None = None   # the last guess's MCTS tree, this turn

    def __call__(self, fight: Fight, *, seed: int = 0) -> Plan:
        # One hint at a time: a screen asks from a worker thread, and a hint asked while
        # another is still searching waits for it, then starts from all it solved.
        with self._lock:
            if self.turn.begin(fight):
                self._tree = None
            tree = self._tree
            if tree is not None and not tree.go_on_from(fight):
                tree = None
            self._tree = None          # (a search stopped meanwhile leaves none)
            plan = plan_turn(fight, preset=HINT_PRESET, budget=self.budget, seed=seed,
                             memo=self.turn.memo, scorer=self.turn.scorer, tree=tree,
                             every_first=False)
            self._tree = plan.tree
            return plan

    @property
    def solved(self) -> int:
        """The states this turn's hints have solved so far."""
        return len(self.turn.memo)


# ------------------------------------------------------------------ execution

class PlanChooser:
    """A chooser that plans once per turn and commits one move at a time.

    After each move it checks that the fight is in the state the plan expected (a chance
    outcome may differ from the likeliest one the plan followed); if not, it plans again,
    reusing the turn's exhaustive memo and the scorer that filled it. The budget is the
    turn's: a re-plan gets the states, moves and iterations the turn's earlier plans left
    (none left: the rule of thumb's line), so that no turn costs more than one budget,
    however often chance surprises it. So does the clock, but for a floor: a re-plan gets
    what the turn's plans left of its milliseconds and at least :data:`REPLAN_MS_SHARE` of
    them (MCTS's line, not the rule of thumb's, for a hand too wide to solve), so a turn
    takes its ``ms`` and a tenth of it for each surprise at the most, where each re-plan
    used to take them all (a sixteen-card enemy of ``hard``: 12 s a turn, not 3).
    ``last_plan`` is the latest plan (None for easy).
    """

    def __init__(self, preset: str, budget: Budget | None = None):
        if preset not in PRESET_NAMES:
            raise KeyError(unknown_preset(preset, PRESET_NAMES))
        self.preset = preset
        self.budget = budget
        self.last_plan: Plan | None = None
        self._line: deque[Step] = deque()
        self._expect: Hashable = None
        self._turn = TurnMemo()
        # states, moves searched, iterations, milliseconds: this turn's plans
        self._spent: tuple[int, int, int, float] = (0, 0, 0, 0.0)

    def __call__(self, fight: Fight, rng: random.Random) -> Move:
        if self.preset == "easy":
            return choose_move(fight, rng)
        if not self._line or fight.key() != self._expect:
            self._plan(fight, rng)
        step = self._line.popleft()
        move = match_move(fight, step.choice)
        if move is None:               # cannot happen for an equal key; never stall a fight
            self._line.clear()
            return choose_move(fight, rng)
        self._expect = step.expect
        return move

    def _plan(self, fight: Fight, rng: random.Random) -> None:
        if self._turn.begin(fight):
            self._spent = (0, 0, 0, 0.0)
        plan = plan_turn(fight, preset=self.preset, budget=self._left(),
                         seed=rng.randrange(2**31), memo=self._turn.memo,
                         scorer=self._turn.scorer, every_first=False)
        states, moves, iterations, ms = self._spent
        self._spent = (states + plan.states, moves + plan.searched,
                       iterations + plan.iterations, ms + plan.elapsed_ms)
        plan.tree = None            # (kept as last_plan: only a hint goes on with a tree)
        self.last_plan = plan
        self._line = deque(plan.line)

    def _left(self) -> Budget:
        """What this turn's plans have not spent of the budget."""
        budget = self.budget or PRESET_BUDGETS[self.preset]
        states, moves, iterations, ms = self._spent
        return replace(budget, states=max(0, budget.states - states),
                       iterations=max(0, budget.iterations - iterations),
                       moves=None if budget.moves is None else max(0, budget.moves - moves),
                       ms=None if budget.ms is None else
                       max(budget.ms * REPLAN_MS_SHARE, budget.ms - ms))

    def __repr__(self) -> str:
        return f"make_chooser({self.preset!r})"


def make_chooser(preset: str, budget: Budget | None = None, *, clock: bool = True
                 ) -> PlanChooser:
    """A fresh chooser for ``preset`` (KeyError for an unknown one). ``budget`` replaces
    the preset's; ``clock=False`` drops its time budget, so a fight replays move for move
    whatever the machine (headless fights, simulations)."""
    if not clock:
        budget = replace(budget or PRESET_BUDGETS.get(preset, Budget()), ms=None)
    return PlanChooser(preset, budget)


for _name in PRESET_BUDGETS:
    PRESETS[_name] = PlanChooser(_name)
