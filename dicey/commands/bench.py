"""``dicey bench [--quick] [--json OUT]``: the performance figures, measured in one run.

Parse and load times, every reference position planned (states, naive nodes, states per
second, the memo's bytes per state), MCTS iterations per second and regret, enemy turn
times at ``normal``, headless fights per second, the rules engine's figures, the AI's quality
(the enemy's win rate at ``normal`` minus at ``easy`` against the same hero bot), and a fixed
pure-Python loop to read them against. ``--quick`` measures less (well under a minute).
Every figure measures the content the ``--mods``/``--no-mods`` flags load (the first line
names it).

The figures print as an indented outline (the JSON's sections), each figure that has a goal
(docs/ai.md §6) with its goal and whether it is met; the last line counts the goals met.
The goals are set for full runs: a ``--quick`` run's verdicts are marked indicative.
``--json OUT`` also writes the figures as one JSON object; ``tools/bench_compare.py``
compares two of them, or checks one against the goals.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from dicey import simulate
from dicey.ai.bench import Content, flatten, goals, indicative, measure, met

from ._shared import fail, library_from, unwritable

#: Fights per preset behind the AI quality figure, by profile (1,536: a standard error of
#: about one point), and the processes that play them.
QUALITY_FIGHTS = {"full": 1536, "quick": 48, "smoke": 2}
QUALITY_WORKERS = {"full": 2, "quick": 2, "smoke": 1}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="measure the performance figures",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="smaller samples (under a minute)")
    p.add_argument("--smoke", action="store_true", help=argparse.SUPPRESS)   # for tests
    p.add_argument("--json", type=Path, metavar="OUT", help="write the figures as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    profile = "smoke" if args.smoke else "quick" if args.quick else "full"
    if (why := unwritable(args.json)):
        return fail(why)
    library = library_from(args)
    content = Content(None if args.mods is None else tuple(args.mods), not args.no_mods)
    report = measure(profile, library, progress=lambda text: print(text, file=sys.stderr),
                     content=content)
    print("AI quality", file=sys.stderr)
    report["quality"] = simulate.quality_figures(
        library, QUALITY_FIGHTS[profile],
        workers=min(QUALITY_WORKERS[profile], os.cpu_count() or 1),
        mod_dirs=args.mods, use_mods=not args.no_mods)
    print(render(report))
    if args.json:
        try:
            args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
        except OSError as err:
            return fail(f"cannot write {args.json}: {err.strerror or err}")
    return 0


def render(report: dict[str, Any]) -> str:
    """The figures as an indented outline (the JSON's structure, numbers rounded): first
    the content measured, then each figure, with its goal and verdict where it has one,
    and last how many goals are met."""
    figures = dict(flatten(report))
    held = {path: (op, goal) for path, op, goal in goals(figures)}
    lines: list[str] = []
    content = report.get("content")
    if content is not None:
        mods = ", ".join(content["mods"])
        lines.append(f"content: the base game{' and mods ' + mods if mods else ' alone'} "
                     f"({content['declarations']} declarations)")
    verdicts: list[bool] = []
    _outline({k: v for k, v in report.items() if k != "content"}, "", lines, held, verdicts,
             ", indicative" if indicative(report) else "")
    line = f"goals: {sum(verdicts)} of {len(verdicts)} met"
    if len(verdicts) < len(held):
        line += f" ({len(held) - len(verdicts)} not measured)"
    if indicative(report):
        line += (f" — a {report.get('profile')} run: the goals are set for full runs, so "
                 "these verdicts are indicative")
    lines.append(line)
    return "\n".join(lines)


def _outline(value: dict, prefix: str, lines: list[str], held: dict, verdicts: list[bool],
             mark: str) -> None:
    depth = prefix.count(".")
    for key, item in value.items():
        path = f"{prefix}{key}"
        if isinstance(item, dict):
            lines.append("  " * depth + f"{key}:")
            _outline(item, path + ".", lines, held, verdicts, mark)
            continue
        line = "  " * depth + f"{key}: {_show(item)}"
        if path in held:
            op, goal = held[path]
            sign = "≥" if op == ">=" else "≤"
            if isinstance(item, (int, float)) and not isinstance(item, bool):
                verdicts.append(met(item, op, goal))
                verdict = "met" if verdicts[-1] else "not met"
            else:
                verdict = "not measured"     # (a section the profile leaves out)
            line += f"   (goal {sign} {goal:,.6g}: {verdict}{mark})"
        lines.append(line)


def _show(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 10 else f"{value:.3g}"
    return "—" if value is None else str(value)
