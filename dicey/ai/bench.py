"""The performance figures ``dicey bench`` measures, in one run, as one JSON object.

Speed is measured here, never asserted in tests. Sections (``interface.md``, and the rules
engine's own figures):

* ``parse.cards_per_s`` — declarations parsed, checked and compiled per second;
  ``load.cold_ms`` (a fresh process: imports, grammar, content and mods) and
  ``load.warm_ms`` (loading again in this process);
* ``positions.NAME`` — per reference position (``scenarios/*.toml``): ``method``,
  ``expected_score``, ``states``, ``nodes``, ``naive_nodes`` (the plain search, no memo, no
  symmetry reduction, capped at ``naive_cap``), ``states_per_s``, ``ms``,
  ``memo_bytes_per_state``;
* ``mcts`` — ``iterations_per_s`` (all positions together, and by position) and
  ``regret`` per position the exhaustive search solves (within its budget, or for the
  full profile within 100,000 states, untimed): exact best value − exact value of MCTS's
  first move at the position's iteration budget;
* ``turns`` — ``p50_ms``, ``p99_ms``, ``max_ms`` of enemy turns planned at ``normal``
  (its clock included), drawn from seeded fights of every enemy in the content;
* ``fights`` — headless fights per second with every fighter's own AI, in this process
  and on two worker processes;
* ``rules`` — moves applied per second (on the AI's copies, and with every event logged),
  copy and key in µs (the key of a state a move just made), fights per second (easy AI);
* ``baseline.tuple_ops_per_s`` — a fixed pure-Python loop, so the figures can be read
  as ratios on a noisy machine.

Profiles: ``full``, ``quick`` (well under a minute: smaller budgets and samples) and
``smoke`` (seconds; for the test that checks the keys).
"""
from __future__ import annotations

import gc
import multiprocessing
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Mapping

from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.headless import run_fight
from dicey.workers import worker_pool

from .baseline import choose_move
from .mcts import MCTS
from .planner import Budget, make_chooser, plan_turn
from .scenario import load_scenario, reference_scenarios
from .score import Scorer
from .search import BudgetExceeded, Expectimax, naive_nodes


@dataclass(frozen=True)
class Profile:
    """How much each section measures."""

    name: str
    states: int | None           # cap on a position's state budget (None: the scenario's)
    iterations: int | None       # cap on MCTS iterations
    naive_cap: int
    positions: tuple[str, ...] | None   # None: every reference position
    turns: int                   # enemy turns sampled
    fights: int
    rule_positions: int
    rounds: int
    workers: bool
    cold_load: bool
    loads: int = 1               # warm loads behind the parse and load figures (their
                                 # median: one is a few dozen ms, a busy machine stretches some)
    regret_states: int | None = None   # solve a position past its budget, up to this many
                                       # states, to read MCTS's regret there (None: don't)


PROFILES = {
    "full": Profile("full", None, None, 1_000_000, None, 200, 100, 200, 3, True, True, 9,
                    regret_states=100_000),
    "quick": Profile("quick", 5_000, 1_000, 100_000, None, 40, 16, 40, 1, True, True, 5),
    "smoke": Profile("smoke", 300, 50, 2_000, ("frog", "handyman"), 4, 2, 5, 1, False, False),
}


@dataclass(frozen=True)
class Content:
    """What the bench loads, as the ``--mods``/``--no-mods`` flags say: every section
    measures this content (the loads of the parse and load figures and the workers' too)."""

    mod_dirs: tuple[str, ...] | None = None   # None: the bundled mods/
    use_mods: bool = True

    def load(self) -> Any:
        from dicey.library import load_library
        return load_library(mod_dirs=self.mod_dirs, use_mods=self.use_mods)


def measure(profile: str = "full", library: Any = None,
            progress: Callable[[str], None] | None = None,
            content: Content = Content()) -> dict[str, Any]:
    """Every figure, as one JSON-ready dict. ``library`` is ``content`` loaded (loaded here
    when not given); the report's ``content`` says which mods it holds."""
    p = PROFILES[profile]
    say = progress or (lambda _: None)
    if library is None:
        library = content.load()
    report: dict[str, Any] = {"profile": p.name, "python": sys.version.split()[0],
                              "content": content_figures(library)}
    say("baseline")
    report["baseline"] = {"tuple_ops_per_s": tuple_ops_per_s()}
    say("parse and load")
    report.update(load_figures(p, content))
    say("reference positions")
    report["positions"], report["mcts"] = position_figures(library, p, say)
    say("enemy turns")
    report["turns"] = turn_figures(library, p)
    say("fights")
    report["fights"] = fight_figures(library, p, content)
    say("rules")
    report["rules"] = rules_figures(library, p)
    return report


# ------------------------------------------------------------------ goals

#: The goals the figures are held to (path, comparison, value): docs/ai.md §6. Besides
#: these, each reference position has its own (:func:`goals`). They are set for the full
#: profile: a quick or smoke report's samples and budgets are smaller, and its verdicts only
#: indicative.
GOALS = (
    ("parse.cards_per_s", ">=", 2_000),
    ("load.warm_ms", "<=", 200),
    ("mcts.iterations_per_s", ">=", 10_000),
    ("turns.p50_ms", "<=", 50),
    ("turns.p99_ms", "<=", 500),
    ("rules.moves_per_s", ">=", 100_000),
    ("rules.copy_key_us", "<=", 2),
    ("fights.speedup_2workers", ">=", 1.8),
    ("quality.normal_minus_easy_points", ">=", 15),
)


def flatten(report: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, float]]:
    """Every numeric leaf of a report as (dotted path, value).

    >>> dict(flatten({"a": {"b": 2, "c": "x"}, "d": 1.5}))
    {'a.b': 2, 'd': 1.5}
    """
    for key, value in report.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from flatten(value, path + ".")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield path, value


def goals(figures: Mapping[str, float]) -> list[tuple[str, str, float]]:
    """Every goal a report's figures (as :func:`flatten` gives them) are held to:
    :data:`GOALS`, and per reference position 75k distinct states a second, 400 bytes of
    memo a state, and on ``handyman`` a fifth of the naive nodes.

    >>> goals({"positions.handyman.states": 220, "positions.handyman.naive_nodes": 8689})[-1]
    ('positions.handyman.states', '<=', 1737.8)
    """
    out: list[tuple[str, str, float]] = list(GOALS)
    for path in sorted(figures):
        if path.startswith("positions.") and path.endswith(".states_per_s"):
            out.append((path, ">=", 75_000))
        elif path.startswith("positions.") and path.endswith(".memo_bytes_per_state"):
            out.append((path, "<=", 400))
    naive = figures.get("positions.handyman.naive_nodes")
    if naive and "positions.handyman.states" in figures:
        out.append(("positions.handyman.states", "<=", naive / 5))
    return out


def met(value: float, op: str, goal: float) -> bool:
    """Whether ``value`` meets the goal ``op goal`` (``>=`` or ``<=``)."""
    return value >= goal if op == ">=" else value <= goal


def indicative(report: Mapping[str, Any]) -> bool:
    """Whether a report's verdicts on the goals are only indicative: it is no full run."""
    return report.get("profile") != "full"


# ------------------------------------------------------------------ baseline

def tuple_ops_per_s(n: int = 200_000) -> float:
    """A fixed loop of tuple building and hashing: the machine's pace in this run."""
    start = time.perf_counter()
    acc = 0
    for i in range(n):
        acc ^= hash((i, i + 1, "x"))
    return n / (time.perf_counter() - start)


# ------------------------------------------------------------- parse and load

def content_figures(library: Any) -> dict[str, Any]:
    """Which content a report measured: the mods loaded (id and version, in load order;
    none: the base game alone) and the declarations in all.

    >>> from types import SimpleNamespace as NS
    >>> content_figures(NS(mods=[NS(id="frost", version_text="1.0.0")], equipment={"a": 1},
    ...                    statuses={}, enemies={}, heroes={}, dungeons={}))
    {'mods': ['frost 1.0.0'], 'declarations': 1}
    """
    return {"mods": [f"{m.id} {m.version_text}" for m in library.mods],
            "declarations": _declarations(library)}


def _declarations(lib: Any) -> int:
    return (len(lib.equipment) + len(lib.statuses) + len(lib.enemies) + len(lib.heroes)
            + len(lib.dungeons))


def load_figures(p: Profile, content: Content = Content()) -> dict[str, Any]:
    times = []
    for _ in range(p.loads):
        start = time.perf_counter()
        lib = content.load()
        times.append(time.perf_counter() - start)
    warm = statistics.median(times)
    decls = _declarations(lib)
    out = {"parse": {"cards_per_s": decls / warm, "declarations": decls},
           "load": {"warm_ms": warm * 1000, "cold_ms": None}}
    if p.cold_load:
        out["load"]["cold_ms"] = cold_load_ms(content)
    return out


def cold_load_ms(content: Content = Content()) -> float | None:
    """Loading ``content`` in a fresh interpreter, imports included."""
    code = ("import time; t = time.perf_counter(); from dicey.library import load_library; "
            f"load_library(mod_dirs={content.mod_dirs!r}, use_mods={content.use_mods!r}); "
            "print((time.perf_counter() - t) * 1000)")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120, check=True)
        return float(done.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, ValueError, IndexError, OSError):
        return None


# ------------------------------------------------------- reference positions

def _budget(budget: Budget, p: Profile) -> Budget:
    """The scenario's budget, capped by the profile, without the clock (counts only)."""
    states = budget.states if p.states is None else min(budget.states, p.states)
    iterations = budget.iterations if p.iterations is None else \
        min(budget.iterations, p.iterations)
    return replace(budget, states=states, iterations=iterations, ms=None)


def position_figures(library: Any, p: Profile, say: Callable[[str], None]
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
    positions: dict[str, Any] = {}
    regret: dict[str, float] = {}
    pace: dict[str, float] = {}
    iterations, mcts_seconds = 0, 0.0
    for path in reference_scenarios():
        if p.positions is not None and path.stem not in p.positions:
            continue
        say(f"  {path.stem}")
        scenario = load_scenario(path)
        fight = scenario.fight(library)
        budget = _budget(scenario.budget, p)
        figures, memo = _plan_figures(fight, budget, scenario.seed)
        figures["naive_nodes"] = naive_nodes(fight.copy(simulation=True, log=False),
                                             p.naive_cap)
        figures["naive_cap"] = p.naive_cap
        positions[path.stem] = figures
        if memo is None and p.regret_states:
            memo = _solved(fight, p.regret_states)
        done, seconds, miss = _mcts_figures(fight, budget, scenario.seed, memo)
        iterations += done
        mcts_seconds += seconds
        pace[path.stem] = done / seconds if seconds else None
        if miss is not None:
            regret[path.stem] = miss
    mcts = {"iterations_per_s": iterations / mcts_seconds if mcts_seconds else None,
            "iterations": iterations, "iterations_per_s_by_position": pace,
            "regret": regret}
    return positions, mcts


def _plan_figures(fight: Fight, budget: Budget, seed: int
                  ) -> tuple[dict[str, Any], dict | None]:
    """Plan once to time it; once more under tracemalloc to weigh the memo."""
    gc.collect()
    start = time.perf_counter()
    plan = plan_turn(fight, budget=budget, seed=seed)
    seconds = time.perf_counter() - start
    figures = {"method": plan.method, "expected_score": plan.expected_score,
               "states": plan.states, "nodes": plan.nodes, "iterations": plan.iterations,
               "ms": seconds * 1000,
               "states_per_s": plan.states / seconds if plan.states else None}
    memo_bytes, memo = _memo_bytes(fight, budget)
    figures["memo_bytes_per_state"] = memo_bytes
    return figures, memo


def _memo_bytes(fight: Fight, budget: Budget) -> tuple[float | None, dict | None]:
    """Bytes the exhaustive memo holds per state (keys and values, as allocated), and the
    memo when the search finished (None when it passed its budget)."""
    root = fight.copy(simulation=True, log=False)
    search = Expectimax(Scorer(root), max_states=budget.states)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        finished = True
        try:
            search.value(root)
        except BudgetExceeded:      # the memo so far weighs what it weighs all the same
            finished = False
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    per_state = held / search.states if search.states else None
    return per_state, search.memo if finished else None


def _solved(fight: Fight, states: int) -> dict | None:
    """The exhaustive memo of a position solved with up to ``states`` states (untimed: it
    only gives MCTS's regret a yardstick), or None when that is not enough."""
    root = fight.copy(simulation=True, log=False)
    search = Expectimax(Scorer(root), max_states=states)
    try:
        search.value(root)
    except BudgetExceeded:
        return None
    return search.memo


def _mcts_figures(fight: Fight, budget: Budget, seed: int, memo: dict | None
                  ) -> tuple[int, float, float | None]:
    """Pure MCTS (no memo) at the budget's iterations: its pace, and its regret when the
    exhaustive search solved the position."""
    root = fight.copy(simulation=True, log=False)
    scorer = Scorer(root)
    search = MCTS(root, scorer, random.Random(seed))
    start = time.perf_counter()
    search.run(budget.iterations, None)
    seconds = time.perf_counter() - start
    if memo is None or not search.root_values():
        return search.iterations, seconds, None
    exact = Expectimax(scorer)
    exact.memo = memo
    values = {m: q for m, q in exact.root_values(root)}
    picked = max(search.root_values(), key=lambda t: (t[2], t[1]))[0]
    return search.iterations, seconds, max(values.values()) - values[picked]


# ------------------------------------------------------------------ turns

def enemy_turns(library: Any, count: int, per_fight: int = 3) -> list[Fight]:
    """``count`` seeded enemy turn starts, at most ``per_fight`` from each fight of the
    default hero against every enemy in turn (the rule of thumb plays both sides)."""
    heroes = list(library.heroes.values())
    enemies = list(library.enemies.values())
    out: list[Fight] = []
    seed = 0
    while heroes and enemies and len(out) < count:
        rng = random.Random(seed)
        chance = SampleChance(rng)
        fight = Fight.start(library, heroes[0], enemies[seed % len(enemies)], rng)
        taken = 0
        while not fight.is_over and taken < per_fight and len(out) < count:
            fight.begin_turn(chance)
            if fight.actor == 1 and not fight.turn_over:
                out.append(fight.copy())
                taken += 1
            while not fight.turn_over:
                fight.apply(choose_move(fight, rng), chance)
        seed += 1
    return out


def turn_figures(library: Any, p: Profile) -> dict[str, Any]:
    times = []
    methods: dict[str, int] = {}
    for i, fight in enumerate(enemy_turns(library, p.turns)):
        start = time.perf_counter()
        plan = plan_turn(fight, preset="normal", seed=i)
        times.append((time.perf_counter() - start) * 1000)
        methods[plan.method] = methods.get(plan.method, 0) + 1
    if not times:
        return {"p50_ms": None, "p99_ms": None, "max_ms": None, "turns": 0}
    times.sort()
    return {"p50_ms": statistics.median(times),
            "p99_ms": times[min(len(times) - 1, round(0.99 * (len(times) - 1)))],
            "max_ms": times[-1], "turns": len(times), "methods": methods}


# ------------------------------------------------------------------ fights

def _pairs(library: Any) -> list[tuple[Any, Any]]:
    heroes = list(library.heroes.values())
    enemies = list(library.enemies.values())
    first = heroes[0] if heroes else enemies[0]
    return [(first, e) for e in enemies]


def play_fights(library: Any, seeds: range, easy: bool = False) -> int:
    """Headless fights, each fighter with its own AI (``easy``: the rule of thumb)."""
    pairs = _pairs(library)
    for seed in seeds:
        a, b = pairs[seed % len(pairs)]
        choose_a = choose_move if easy else make_chooser(a.ai, clock=False)
        choose_b = choose_move if easy else make_chooser(b.ai, clock=False)
        run_fight(library, a, b, seed, choose_a, choose_b)
    return len(seeds)


#: The library :func:`fight_figures` plays, for the workers it forks: they inherit it, the
#: same objects as warm as the one process made them (a library of their own would meet
#: every card anew, and the comparison would time that too: 1.74× where it is 1.9×).
_FIGHT_LIBRARY: Any = None


def _load_in_worker(ready: Any, content: Content) -> None:
    """A worker plays one fight, then waits at ``ready`` (a barrier) for the other: no job
    runs before both are as warm as the single process, which met every enemy in the
    sections before. A worker that was not forked loads ``content`` for itself."""
    global _FIGHT_LIBRARY
    if _FIGHT_LIBRARY is None:
        _FIGHT_LIBRARY = content.load()
    play_fights(_FIGHT_LIBRARY, range(1))
    ready.wait(timeout=300)


def _fights_in_worker(seeds: range) -> int:
    return play_fights(_FIGHT_LIBRARY, seeds)


def fight_figures(library: Any, p: Profile, content: Content = Content()) -> dict[str, Any]:
    start = time.perf_counter()
    play_fights(library, range(p.fights))
    out: dict[str, Any] = {"per_s": p.fights / (time.perf_counter() - start),
                           "fights": p.fights, "per_s_2workers": None,
                           "speedup_2workers": None}
    if p.workers:
        # Both workers are warm before the clock starts (the empty jobs wait for their
        # initializers); single fights as jobs keep both busy to the end (fights differ
        # in length).
        chunks = [range(i, i + 1) for i in range(p.fights)]
        context = multiprocessing.get_context()
        global _FIGHT_LIBRARY
        _FIGHT_LIBRARY = library
        try:
            with worker_pool(2, _load_in_worker, (context.Barrier(2), content),
                             context) as pool:
                pool.map(_fights_in_worker, [range(0, 0), range(0, 0)], chunksize=1)
                start = time.perf_counter()
                done = sum(pool.imap_unordered(_fights_in_worker, chunks))
                out["per_s_2workers"] = done / (time.perf_counter() - start)
        finally:
            _FIGHT_LIBRARY = None
        out["speedup_2workers"] = out["per_s_2workers"] / out["per_s"]
    return out


# ------------------------------------------------------------------ rules

def rules_figures(library: Any, p: Profile) -> dict[str, Any]:
    """The engine's figures: moves applied per second — on the copies the AI makes (no
    event log; the goal's figure) and on fights that log every event (play) —, copy and
    key cost, easy fights per second."""
    turns = enemy_turns(library, p.rule_positions)
    positions = [f.copy(simulation=True, log=False) for f in turns]
    for pos in positions:
        pos.key()                    # as the search does before it makes the children
    # The earlier sections' garbage collected first, as before each plan timed: else a
    # full collection they made due (20 ms and more) lands in whichever timed move or
    # untimed copy allocates at that moment, and counts against the engine or not.
    gc.collect()
    moves, seconds = _apply_all(positions, p.rounds)
    gc.collect()
    logged, logged_seconds = _apply_all([f.copy(simulation=True) for f in turns], p.rounds)
    out: dict[str, Any] = {"moves_per_s": moves / seconds if seconds else None,
                           "moves_per_s_logged": logged / logged_seconds if logged_seconds
                           else None, "moves": moves}
    out.update(_copy_key_us(positions, 4 * p.rounds))
    start = time.perf_counter()
    play_fights(library, range(p.fights), easy=True)
    out["fights_per_s"] = p.fights / (time.perf_counter() - start)
    return out


def _apply_all(positions: list[Fight], rounds: int) -> tuple[int, float]:
    """Every legal move of every position on a copy, ``rounds`` times: how many, and the
    seconds ``apply`` took.

    Each timed child is dropped at once, as the search drops most of its children:
    holding thousands of fights alive while timing would time the garbage collector's
    walks over them instead of the engine."""
    chance = SampleChance(random.Random(0))
    spent, moves = 0.0, 0
    for _ in range(rounds):
        for pos in positions:
            for move in pos.legal_moves():
                child = pos.copy()
                start = time.perf_counter()
                child.apply(move, chance)
                spent += time.perf_counter() - start
                moves += 1
    return moves, spent


def _children(positions: list[Fight]) -> list[Fight]:
    """The states every legal move of every position makes (untimed)."""
    chance = SampleChance(random.Random(0))
    children = []
    for pos in positions:
        for move in pos.legal_moves():
            child = pos.copy()
            child.apply(move, chance)
            children.append(child)
    return children


#: Rounds of copies and of keys, each timed apart: the figures are their medians.
COPY_KEY_ROUNDS = 5


def _copy_key_us(positions: list[Fight], copies: int) -> dict[str, float | None]:
    """A copy of a position, and the key of a state a move just made: what the search
    pays per state it makes.

    Each is the median of :data:`COPY_KEY_ROUNDS` rounds, as the warm load is: a round of
    keys lasts about a millisecond, and a single one reads whatever else the machine did
    in it. Each round of keys is asked of states made anew (untimed), since a key asked
    again of an unchanged state costs less: the codes of its parts are kept."""
    if not copies or not positions:
        return {"copy_us": None, "key_us": None, "copy_key_us": None}
    copy_times, key_times = [], []
    for _ in range(COPY_KEY_ROUNDS):
        start = time.perf_counter()
        for _ in range(copies):
            for pos in positions:
                pos.copy()
        copy_times.append((time.perf_counter() - start) / (copies * len(positions)))
        children = _children(positions)
        start = time.perf_counter()
        for child in children:
            child.key()
        key_times.append((time.perf_counter() - start) / len(children))
    copy_us = statistics.median(copy_times) * 1e6
    key_us = statistics.median(key_times) * 1e6
    return {"copy_us": copy_us, "key_us": key_us, "copy_key_us": copy_us + key_us}
