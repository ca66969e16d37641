#!/usr/bin/env python3
"""Compare two ``dicey bench --json`` reports, figure by figure, or check one against the goals.

    dicey bench --json before.json      # on the old code
    dicey bench --json after.json       # on the new code
    python tools/bench_compare.py before.json after.json

Each numeric figure both reports share is printed with its change. Machines and loads
differ, so every timing figure (a rate, ``per_s``; a time, ``ms`` or ``us``) is also read
against the report's own ``baseline.tuple_ops_per_s`` (a fixed pure-Python loop measured in
the same run): the ``norm`` column is its change once that is taken out. Rates should go
up, times down. Other figures (the AI's quality in points and its standard error, counts of
states, nodes, fights) do not depend on the machine's pace and are not normalised. The
last line says what got worse beyond noise. Reports of different profiles (full, quick) or
of different content (mods) are compared all the same, with a warning: their figures do not
measure the same thing.

``--goals`` checks one report against the project's performance goals (docs/ai.md §6; the
table is ``dicey.ai.bench.GOALS``, which ``dicey bench`` prints beside its figures too).
The goals are set for full runs: a quick report's verdicts are only indicative.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dicey.ai.bench import flatten, goals, indicative, met  # noqa: E402

#: How much worse, once the machine's pace is taken out, a timing figure must get to be
#: more than noise: a shared machine moves them by a fifth and more between runs.
TIMING_NOISE = 1.25
#: How many standard errors a quality figure must fall by to be more than noise.
QUALITY_NOISE = 2.0


def timing(path: str) -> bool | None:
    """Whether a figure is a rate (True: higher is better), a time (False), or no timing
    figure (None). Only these change with the machine's pace.

    >>> [timing(p) for p in ("fights.per_s", "rules.fights_per_s", "fights.per_s_2workers",
    ...                      "mcts.iterations_per_s_by_position.frog", "positions.frog.ms",
    ...                      "load.warm_ms", "rules.copy_us")]
    [True, True, True, True, False, False, False]
    >>> [timing(p) for p in ("quality.normal_minus_easy_points", "positions.frog.states",
    ...                      "fights.speedup_2workers", "positions.frog.memo_bytes_per_state")]
    [None, None, None, None]
    """
    parts = path.split(".")
    if any(_RATE.search(part) for part in parts):
        return True
    if parts[-1] in ("ms", "us") or parts[-1].endswith(("_ms", "_us")):
        return False
    return None


#: A rate's name: ``per_s`` as a word of it (``per_s``, ``moves_per_s_logged``; not
#: ``bytes_per_state``).
_RATE = re.compile(r"(^|_)per_s($|_)")


def _pace(report: dict) -> float:
    return report.get("baseline", {}).get("tuple_ops_per_s") or 1.0


def normalised(path: str, a: float, b: float, speed: float) -> float | None:
    """A timing figure's change from ``a`` to ``b`` with the machine's change of pace
    ``speed`` (after over before) taken out, as a ratio: above 1 is better for a rate, below
    1 for a time; None for any other figure (and for the baseline itself)."""
    higher = timing(path)
    if higher is None or not a or path.startswith("baseline."):
        return None
    return (b / a) / speed if higher else (b / a) * speed


def warnings(before: dict, after: dict) -> list[str]:
    """Why the two reports may not measure the same thing: another profile, other content."""
    out = []
    if before.get("profile") != after.get("profile"):
        out.append(f"warning: the profiles differ ({before.get('profile')} before, "
                   f"{after.get('profile')} after): samples and budgets differ too")
    old, new = before.get("content"), after.get("content")
    if old is not None and new is not None and old.get("mods") != new.get("mods"):
        out.append(f"warning: the content differs (mods {', '.join(old['mods']) or 'none'} "
                   f"before, {', '.join(new['mods']) or 'none'} after)")
    elif _declarations(before) != _declarations(after):
        out.append(f"warning: the content differs ({_declarations(before)} declarations "
                   f"before, {_declarations(after)} after)")
    return out


def _declarations(report: dict) -> int | None:
    return report.get("parse", {}).get("declarations")


def worse(before: dict, after: dict) -> list[str]:
    """The figures that got worse beyond noise: a timing figure by more than
    :data:`TIMING_NOISE` once the machine's pace is taken out, the AI's quality by more than
    :data:`QUALITY_NOISE` standard errors (of the two reports' together)."""
    old, new = dict(flatten(before)), dict(flatten(after))
    speed = _pace(after) / _pace(before)
    out = []
    for path in sorted(p for p in old if p in new):
        ratio = normalised(path, old[path], new[path], speed)
        if ratio is not None and (ratio < 1 / TIMING_NOISE if timing(path)
                                  else ratio > TIMING_NOISE):
            out.append(f"{path} {ratio:.2f}x")
        if path.endswith("_points"):
            err = path[:-len("_points")] + "_stderr"
            noise = QUALITY_NOISE * math.hypot(old.get(err, 0), new.get(err, 0))
            if old[path] - new[path] > noise:
                out.append(f"{path} {new[path] - old[path]:+.1f} points")
    return out


def compare(before: dict, after: dict) -> list[str]:
    """The comparison as lines of text: warnings, the figures, the verdict."""
    old, new = dict(flatten(before)), dict(flatten(after))
    speed = _pace(after) / _pace(before)
    width = max((len(p) for p in old if p in new), default=10)
    lines = warnings(before, after)
    lines.append(f"{'figure':<{width}}  {'before':>12}  {'after':>12}  {'change':>8}  "
                 f"{'norm':>8}")
    for path in sorted(p for p in old if p in new):
        a, b = old[path], new[path]
        change = f"{b / a:.2f}x" if a else "—"
        ratio = normalised(path, a, b, speed)
        norm = "" if ratio is None else f"{ratio:.2f}x"
        lines.append(f"{path:<{width}}  {a:>12,.6g}  {b:>12,.6g}  {change:>8}  {norm:>8}")
    bad = worse(before, after)
    lines.append("worse beyond noise: " + (", ".join(bad) if bad else "nothing") +
                 f" (timings by more than {TIMING_NOISE}x once the machine's pace is taken "
                 f"out, quality by more than {QUALITY_NOISE:g} standard errors)")
    return lines


def check_goals(report: dict) -> tuple[list[str], bool]:
    """Each goal with the report's figure and whether it is met (a quick report's
    verdicts said to be indicative)."""
    figures = dict(flatten(report))
    lines, ok = [], True
    if indicative(report):
        lines.append(f"note: a {report.get('profile')} report: the goals are set for full "
                     "runs, so these verdicts are indicative")
    for path, op, goal in goals(figures):
        value = figures.get(path)
        if value is None:
            lines.append(f"  ?     {path} {op} {goal:,}: not in this report")
            continue
        ok &= met(value, op, goal)
        lines.append(f"  {'met ' if met(value, op, goal) else 'MISS'}  {path} = {value:,.6g} "
                     f"(goal {op} {goal:,})")
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
                        help="check the last report against the project's performance goals "
                             "(docs/ai.md §6)")
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
