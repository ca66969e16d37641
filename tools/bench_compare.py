#!/usr/bin/env python3
"""Compare two ``dicey bench --json`` reports, figure by figure.

    dicey bench --json before.json      # on the old code
    dicey bench --json after.json       # on the new code
    python tools/bench_compare.py before.json after.json

Each numeric figure both reports share is printed with its change. Machines and loads
differ, so every figure is also read against the report's own ``baseline.tuple_ops_per_s``
(a fixed pure-Python loop measured in the same run): the ``norm`` column is the change once
that is taken out. Rates (``*_per_s``) should go up; times (``*_ms``, ``*_us``) down.

``--goals`` checks one report against the goals of the issues instead.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterator

#: The goals the figures are held to (path, comparison, value).
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


def flatten(report: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, float]]:
    """Every numeric leaf as (dotted path, value).

    >>> dict(flatten({"a": {"b": 2, "c": "x"}, "d": 1.5}))
    {'a.b': 2, 'd': 1.5}
    """
    for key, value in report.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from flatten(value, path + ".")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield path, value


def _better_when_higher(path: str) -> bool | None:
    if path.endswith("_per_s") or path.endswith("_points"):
        return True
    if path.endswith(("_ms", "_us")):
        return False
    return None


def compare(before: dict, after: dict) -> list[str]:
    """The comparison as lines of text."""
    old, new = dict(flatten(before)), dict(flatten(after))
    speed = (new.get("baseline.tuple_ops_per_s") or 1) / (old.get("baseline.tuple_ops_per_s")
                                                            or 1)
    width = max((len(p) for p in old if p in new), default=10)
    lines = [f"{'figure':<{width}}  {'before':>12}  {'after':>12}  {'change':>8}  {'norm':>8}"]
    for path in sorted(p for p in old if p in new):
        a, b = old[path], new[path]
        higher = _better_when_higher(path)
        change = f"{b / a:.2f}x" if a else "—"
        if higher is None or not a:
            norm = ""
        else:
            ratio = (b / a) / speed if higher else (b / a) * speed
            norm = f"{ratio:.2f}x"
        lines.append(f"{path:<{width}}  {a:>12,.6g}  {b:>12,.6g}  {change:>8}  {norm:>8}")
    return lines


def position_goals(figures: dict[str, float]) -> list[tuple[str, str, float]]:
    """The goals each reference position in a report is held to: 75k distinct states a
    second, 400 bytes of memo a state, and on ``handyman`` a fifth of the naive nodes.

    >>> position_goals({"positions.handyman.states": 220, "positions.handyman.naive_nodes": 8689})
    [('positions.handyman.states', '<=', 1737.8)]
    """
    goals: list[tuple[str, str, float]] = []
    for path in sorted(figures):
        if path.startswith("positions.") and path.endswith(".states_per_s"):
            goals.append((path, ">=", 75_000))
        elif path.startswith("positions.") and path.endswith(".memo_bytes_per_state"):
            goals.append((path, "<=", 400))
    naive = figures.get("positions.handyman.naive_nodes")
    if naive and "positions.handyman.states" in figures:
        goals.append(("positions.handyman.states", "<=", naive / 5))
    return goals


def check_goals(report: dict) -> tuple[list[str], bool]:
    """Each goal with the report's figure and whether it is met."""
    figures = dict(flatten(report))
    lines, ok = [], True
    for path, op, goal in (*GOALS, *position_goals(figures)):
        value = figures.get(path)
        if value is None:
            lines.append(f"  ?     {path} {op} {goal:,}: not in this report")
            continue
        met = value >= goal if op == ">=" else value <= goal
        ok &= met
        lines.append(f"  {'met ' if met else 'MISS'}  {path} = {value:,.6g} (goal {op} {goal:,})")
    return lines, ok


def _load(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SystemExit(f"bench_compare: cannot read {path}: {err}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json")
    parser.add_argument("--goals", action="store_true",
                        help="check the last report against the issues' goals")
    args = parser.parse_args(argv)
    if args.goals:
        lines, ok = check_goals(_load(args.reports[-1]))
        print("\n".join(lines))
        return 0 if ok else 1
    if len(args.reports) != 2:
        parser.error("give two reports to compare (or --goals and one)")
    print("\n".join(compare(_load(args.reports[0]), _load(args.reports[1]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
