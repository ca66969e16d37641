"""``dicey sim``: many seeded headless fights in parallel, and a balance report.

With ``--runs N``, whole runs instead: the hero walks the dungeon from its first fight,
carrying HP, levels and rewards, until it falls or the boss does.

The same seed gives the same report whatever ``--workers`` is. A progress bar goes to
stderr; the report to stdout, and optionally to ``--json OUT`` / ``--csv OUT`` (``-``:
stdout, and then the text report goes to stderr). ``docs/sim.md`` describes them.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from dicey import simulate
from dicey.library import resolved

from ._shared import (STDOUT, check_preset, fail, find, library_from, seed_number,
                      unwritable)


#: Most fights per preset (the jobs are listed before they run: a typo of a few extra
#: digits must not fill the memory).
MAX_FIGHTS = 100_000
#: Most worker processes (each loads the whole game).
MAX_WORKERS = 64


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sim", help="simulate many fights and report win rates",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("--fights", type=int, metavar="N", help="fights per preset (default 60)")
    p.add_argument("--runs", type=int, metavar="N",
                   help="simulate N whole runs instead of fights, shared among the heroes")
    p.add_argument("--hero-ai", default=simulate.HERO_BOT, metavar="PRESET",
                   help="with --runs: the AI preset that plays the hero (default easy; normal "
                        "plays as a player who follows the hints)")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), metavar="W",
                   help="processes to play the fights in (default: 2, or 1 on one CPU); "
                        "the report is the same whatever the number")
    p.add_argument("--seed", type=seed_number, default=1, metavar="N",
                   help="the seed of every fight's rolls (default 1): same seed, same report")
    p.add_argument("--hero", action="append", default=[], metavar="H",
                   help="only this hero (repeatable)")
    p.add_argument("--enemy", action="append", default=[], metavar="E",
                   help="only this enemy (repeatable)")
    p.add_argument("--ai", action="append", default=[], metavar="PRESET",
                   help="enemy AI preset to compare, repeatable (default: easy, normal, hard); "
                        "with --runs, one: the run's difficulty (default: each enemy's own)")
    p.add_argument("--hero-level", choices=simulate.HERO_LEVELS,
                   help="floor: the hero meets each enemy at the level a run brings it to "
                        "that enemy's floor, with its starting cards (default); run: the same, "
                        "with the rewards a run would have given it on the way; start: the "
                        "hero fresh from its declaration, whatever the floor")
    p.add_argument("--json", type=Path, metavar="OUT",
                   help="write the report as JSON ('-': to stdout, the text report to stderr)")
    p.add_argument("--csv", type=Path, metavar="OUT",
                   help="write one row per fight (per run with --runs); '-': to stdout")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _progress_bar(total: int, enabled: bool, what: str = "fights"):
    """A Rich progress bar on stderr (Textual brings Rich), or a no-op."""
    if not enabled:
        return None, (lambda n: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress("[progress.description]{task.description}", BarColumn(),
                   MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task(what, total=total)
    return bar, (lambda n: bar.advance(task, n))


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.workers <= MAX_WORKERS:
        return fail(f"--workers must be at least 1 and at most {MAX_WORKERS} (this machine has "
                    f"{os.cpu_count() or 1} CPUs)")
    if args.json == STDOUT and args.csv == STDOUT:
        return fail("--json and --csv cannot both write to stdout ('-'): name a file for one")
    if (why := unwritable(*(path for path in (args.json, args.csv) if path != STDOUT))):
        return fail(why)
    if args.json and args.csv and resolved(args.json) == resolved(args.csv):
        return fail(f"--json and --csv name the same file ({args.json})")
    args.ai = list(dict.fromkeys(args.ai))   # (a preset named twice is compared once)
    for name in [args.hero_ai, *args.ai]:
        if (why := check_preset(name)):
            return fail(why)
    if args.runs is not None:
        return _runs(args)
    if args.hero_ai != simulate.HERO_BOT:
        return fail("--hero-ai goes with --runs (fights compare the enemy's presets "
                    f"against the same hero bot, '{simulate.HERO_BOT}')")
    args.fights = 60 if args.fights is None else args.fights
    args.hero_level = args.hero_level or "floor"
    if not 1 <= args.fights <= MAX_FIGHTS:
        return fail(f"--fights must be at least 1 and at most {MAX_FIGHTS:,}")
    presets = args.ai or list(simulate.DEFAULT_PRESETS)
    lib = library_from(args)
    try:
        _names(lib, args)
        jobs = simulate.plan_jobs(lib, args.fights, args.seed, args.hero, args.enemy, presets,
                                  args.hero_level)
    except KeyError as err:
        return fail(err.args[0])
    if not jobs:
        return fail("nothing to simulate: no heroes or no enemies loaded")
    results = _play(simulate.simulate, jobs, args, lib, "fights")
    report = simulate.build_report(results, args.seed, args.hero_level, lib=lib,
                                   heroes=[lib.hero(h).id for h in args.hero],
                                   enemies=[lib.enemy(e).id for e in args.enemy])
    return _write(args, simulate.format_report(report, simulate.display_names(lib)), report,
                  lambda: simulate.results_csv(results))


def _names(lib, args: argparse.Namespace) -> None:
    """KeyError for the first ``--hero`` or ``--enemy`` that names none (saying what
    there is)."""
    for what, names in (("hero", args.hero), ("enemy", args.enemy)):
        for name in names:
            find(lib, what, name)


def _runs(args: argparse.Namespace) -> int:
    """``dicey sim --runs N``: whole runs, and their report (the flags both kinds of
    simulation take are checked already)."""
    others = [flag for flag, given in (("--fights", args.fights is not None),
                                       ("--enemy", args.enemy),
                                       ("--hero-level", args.hero_level is not None)) if given]
    if others:
        return fail(f"{others[0]} does not go with --runs (a run meets the dungeon's enemies, "
                    "levelled as it goes)")
    if not 1 <= args.runs <= MAX_FIGHTS:
        return fail(f"--runs must be at least 1 and at most {MAX_FIGHTS:,}")
    if len(args.ai) > 1:
        return fail("with --runs, --ai names one preset: the run's difficulty")
    lib = library_from(args)
    if lib.dungeon is None:
        return fail("nothing to simulate: the loaded content declares no dungeon")
    ai = args.ai[0] if args.ai else None
    try:
        _names(lib, args)
        jobs = simulate.plan_runs(lib, args.runs, args.seed, args.hero, args.hero_ai, ai)
    except KeyError as err:
        return fail(err.args[0])
    if not jobs:
        return fail("nothing to simulate: the dungeon has no heroes")
    results = _play(simulate.simulate_runs, jobs, args, lib, "runs")
    report = simulate.build_run_report(results, args.seed, len(lib.dungeon.floors),
                                       args.hero_ai, ai, lib=lib)
    return _write(args, simulate.format_run_report(report, simulate.display_names(lib)),
                  report,
                  lambda: simulate.runs_csv(results))


def _play(simulate_jobs, jobs: list, args: argparse.Namespace, lib, what: str) -> list:
    """The jobs played with a progress bar on a terminal's stderr."""
    bar, advance = _progress_bar(len(jobs), not args.no_progress and sys.stderr.isatty(),
                                 what)
    try:
        if bar:
            bar.start()
        # (no more processes than jobs: each one loads the whole game)
        return simulate_jobs(jobs, workers=min(args.workers, len(jobs)), mod_dirs=args.mods,
                             use_mods=not args.no_mods, lib=lib, progress=advance)
    finally:
        if bar:
            bar.stop()


def _write(args: argparse.Namespace, text: str, report: dict, rows) -> int:
    """Print the report; write its JSON and CSV (``rows()``) where the flags say. When one
    of them goes to stdout (``-``), the text goes to stderr: stdout is the file."""
    print(text, file=sys.stderr if STDOUT in (args.json, args.csv) else sys.stdout)
    try:
        for path, body in ((args.json, lambda: json.dumps(report, indent=2) + "\n"),
                           (args.csv, rows)):
            if path == STDOUT:
                sys.stdout.write(body())
            elif path:
                path.write_text(body(), encoding="utf-8")
    except BrokenPipeError:
        raise                   # (stdout closed early, '| head': not an error of the file's)
    except OSError as err:
        return fail(f"cannot write the report: {err.strerror or err}")
    return 0
