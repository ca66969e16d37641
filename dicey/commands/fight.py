"""``dicey fight ENEMY [--hero H | --vs ENEMY2] [--seed N] [--ai PRESET] [--json]``.

One headless fight with the AI on both sides: a hero (``--hero``, default the dungeon's
first hero) or another enemy (``--vs``) against ENEMY. Prints the readable log, or with
``--json`` one JSON object: winner, turns, HP left, and every event.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from dicey.ai.planner import PlanChooser, make_chooser
from dicey.lang.defs import FighterDef
from dicey.library import Library
from dicey.rules.headless import format_log, run_fight

from ._shared import check_preset, fail, find, library_from


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fight", help="one headless fight, AI on both sides",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("enemy", metavar="ENEMY", help="the enemy to fight (name or id)")
    side = p.add_mutually_exclusive_group()
    side.add_argument("--hero", metavar="H", help="the hero who fights (default: the first)")
    side.add_argument("--vs", metavar="ENEMY2", help="another enemy instead of a hero")
    p.add_argument("--seed", type=int, default=1, help="the fight's seed (default 1)")
    p.add_argument("--ai", metavar="PRESET", default=None,
                   help="AI preset for both sides: easy, normal or hard "
                        "(default: each fighter's own 'ai:', normal unless it says)")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.set_defaults(func=run)


def _default_hero(lib: Library) -> FighterDef:
    dungeon = lib.dungeon
    if dungeon is not None and dungeon.heroes and dungeon.heroes[0] in lib.heroes:
        return lib.heroes[dungeon.heroes[0]]
    if not lib.heroes:
        raise KeyError("no hero is declared (use --vs ENEMY2 to pit two enemies)")
    return next(iter(lib.heroes.values()))


def _fighters(lib: Library, args: argparse.Namespace) -> tuple[FighterDef, FighterDef]:
    enemy = find(lib, "enemy", args.enemy)
    if args.vs is not None:
        other = find(lib, "enemy", args.vs)
        if other.name == enemy.name:       # a mirror match: the log must tell them apart
            other = replace(other, name=f"{other.name} 1")
            enemy = replace(enemy, name=f"{enemy.name} 2")
        return other, enemy
    hero = find(lib, "hero", args.hero) if args.hero is not None else _default_hero(lib)
    return hero, enemy


def _chooser(name: str | None, fighter: FighterDef) -> PlanChooser:
    """A fresh chooser for one side of one fight: ``--ai`` if given, else the fighter's own
    ``ai:`` (``normal`` by default). Budgets count states and iterations, never the clock,
    so the same seed replays the same fight."""
    if name is not None:
        return make_chooser(name, clock=False)
    try:
        return make_chooser(fighter.ai, clock=False)
    except KeyError:
        return make_chooser("easy")


def run(args: argparse.Namespace) -> int:
    if (why := check_preset(args.ai)):
        return fail(why)
    lib = library_from(args)
    try:
        first, second = _fighters(lib, args)
        choose_a, choose_b = _chooser(args.ai, first), _chooser(args.ai, second)
    except KeyError as err:
        return fail(err.args[0] if err.args else str(err))
    try:
        record = run_fight(lib, first, second, args.seed, choose_a, choose_b)
    except ValueError as err:   # e.g. a fighter's equipment names an unknown card
        return fail(str(err))
    if args.json:
        json.dump(record.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(format_log(record))
        hp = ", ".join(f"{n} {h}/{m} HP" for n, h, m in zip(record.names, record.hp,
                                                             record.max_hp))
        print(f"result: {record.winner_name or 'draw'} after {record.turns} turns ({hp})")
    return 0
