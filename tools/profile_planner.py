"""Profile one plan: where a reference position's search spends its time.

    python tools/profile_planner.py handyman [--states N] [--iterations N] [--top 30]
    python tools/profile_planner.py countdown --ops     # bytecodes, not seconds

Plans the scenario (``scenarios/NAME.toml`` or a path) on count budgets and prints the
functions that took the most time, by their own time (cProfile). ``--ops`` counts the
Python bytecodes each function ran instead: slower to take, but the same on any machine
under any load, so a change that saves work shows even on a busy one (a bytecode here
costs 5–10 ns; the C work inside one — hashing, sorting — is not counted). Figures for
the record come from ``dicey bench``; this is for finding what to make faster.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import Any, Callable

from dicey.ai.planner import plan_turn
from dicey.ai.scenario import SCENARIO_DIR, load_scenario
from dicey.library import default_library


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", help="a reference position's name, or a scenario file")
    parser.add_argument("--states", type=int, help="exhaustive state budget")
    parser.add_argument("--iterations", type=int, help="MCTS iteration budget")
    parser.add_argument("--top", type=int, default=30, help="how many functions to list")
    parser.add_argument("--ops", action="store_true",
                        help="count bytecodes per function instead of timing")
    args = parser.parse_args()
    path = Path(args.scenario)
    scenario = load_scenario(path if path.suffix == ".toml" else SCENARIO_DIR / f"{path}.toml")
    budget = replace(scenario.budget, ms=None)
    if args.states:
        budget = replace(budget, states=args.states)
    if args.iterations:
        budget = replace(budget, iterations=args.iterations)
    fight = scenario.fight(default_library())

    def plan() -> Any:
        return plan_turn(fight, budget=budget, seed=scenario.seed)

    plan()          # once unprofiled: the engine's tables fill as they would in a game
    if args.ops:
        result, ops = count_bytecodes(plan)
        print_counts(scenario.name, result, ops, args.top)
        return
    profiler = cProfile.Profile()
    result = profiler.runcall(plan)
    print(f"{scenario.name}: {summary(result)} (times below include the profiler's cost)")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


def count_bytecodes(run: Callable[[], Any]) -> tuple[Any, Counter]:
    """``run()``'s result and the bytecodes it ran, per function (``file:line:name``)."""
    ops: Counter = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            code = frame.f_code
            ops[f"{Path(code.co_filename).name}:{code.co_firstlineno}:{code.co_name}"] += 1
        return trace

    sys.settrace(trace)
    try:
        result = run()
    finally:
        sys.settrace(None)
    return result, ops


def print_counts(name: str, plan: Any, ops: Counter, top: int) -> None:
    total = sum(ops.values())
    print(f"{name}: {summary(plan)}; {total:,} bytecodes", end="")
    print(f", {total // plan.states:,} a state" if plan.states else "")
    for where, count in ops.most_common(top):
        print(f"{count:>12,} {100 * count / total:5.1f}%  {where}")


def summary(plan: Any) -> str:
    return (f"{plan.method}, {plan.states} states, {plan.nodes} nodes, "
            f"{plan.iterations} iterations")


if __name__ == "__main__":
    main()
