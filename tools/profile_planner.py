"""Profile one plan with cProfile: where a reference position's search spends its time.

    python tools/profile_planner.py handyman [--states N] [--iterations N] [--top 30]

Plans the scenario (``scenarios/NAME.toml`` or a path) on count budgets and prints the
functions that took the most time, by their own time. Figures for the record come from
``dicey bench``; this is for finding what to make faster.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
from dataclasses import replace
from pathlib import Path

from dicey.ai.planner import plan_turn
from dicey.ai.scenario import SCENARIO_DIR, load_scenario
from dicey.library import default_library


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", help="a reference position's name, or a scenario file")
    parser.add_argument("--states", type=int, help="exhaustive state budget")
    parser.add_argument("--iterations", type=int, help="MCTS iteration budget")
    parser.add_argument("--top", type=int, default=30, help="how many functions to list")
    args = parser.parse_args()
    path = Path(args.scenario)
    scenario = load_scenario(path if path.suffix == ".toml" else SCENARIO_DIR / f"{path}.toml")
    budget = replace(scenario.budget, ms=None)
    if args.states:
        budget = replace(budget, states=args.states)
    if args.iterations:
        budget = replace(budget, iterations=args.iterations)
    fight = scenario.fight(default_library())
    profiler = cProfile.Profile()
    plan = profiler.runcall(plan_turn, fight, budget=budget, seed=scenario.seed)
    print(f"{scenario.name}: {plan.method}, {plan.states} states, {plan.nodes} nodes, "
          f"{plan.iterations} iterations (times below include the profiler's cost)")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
