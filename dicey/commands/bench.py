"""``dicey bench [--quick] [--json OUT]``: the performance figures, measured in one run.

Parse and load times, every reference position planned (states, naive nodes, states per
second, the memo's bytes per state), MCTS iterations per second and regret, enemy turn
times at ``normal``, headless fights per second, the rules engine's figures, the AI's quality
(the enemy's win rate at ``normal`` minus at ``easy`` against the same hero bot), and a fixed
pure-Python loop to read them against. ``--quick`` measures less (well under a minute).
The figures print as a table; ``--json OUT`` also writes them as one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from dicey import simulate
from dicey.ai.bench import measure

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
    report = measure(profile, library, progress=lambda text: print(text, file=sys.stderr))
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
    """The figures as an indented outline (the JSON's structure, numbers rounded)."""
    lines: list[str] = []
    _outline(report, 0, lines)
    return "\n".join(lines)


def _outline(value: Any, depth: int, lines: list[str]) -> None:
    for key, item in value.items():
        if isinstance(item, dict):
            lines.append("  " * depth + f"{key}:")
            _outline(item, depth + 1, lines)
        else:
            lines.append("  " * depth + f"{key}: {_show(item)}")


def _show(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 10 else f"{value:.3g}"
    return "—" if value is None else str(value)
