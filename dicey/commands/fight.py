"""``dicey fight ENEMY [--hero H | --vs ENEMY2] [--seed N] [--ai PRESET] [--hero-ai PRESET]
[--hero-level floor|run|start] [--json]``.

One headless fight with the AI on both sides: a hero (``--hero``, default the dungeon's
first hero) or another enemy (``--vs``) against ENEMY. Prints the readable log as the fight
goes, turn by turn, or with ``--json`` one JSON object at the end: winner, turns, HP left,
and every event.

``--hero-level`` and ``--hero-ai`` set the hero up as ``dicey sim`` does, so a row of its
``--csv`` plays again here: the same seed, enemy preset (``--ai``), hero bot (``--hero-ai``,
the sim's is easy) and hero level give the same fight, move for move.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Sequence

from dicey import simulate
from dicey.ai.planner import PlanChooser, make_chooser
from dicey.lang.defs import FighterDef
from dicey.library import Library
from dicey.rules.events import Event
from dicey.rules.headless import format_log, run_fight
from dicey.rules.state import FighterSetup

from ._shared import check_preset, fail, find, library_from, seed_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fight", help="one headless fight, AI on both sides",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("enemy", metavar="ENEMY", help="the enemy to fight (name or id)")
    side = p.add_mutually_exclusive_group()
    side.add_argument("--hero", metavar="H", help="the hero who fights (default: the first)")
    side.add_argument("--vs", metavar="ENEMY2", help="another enemy instead of a hero")
    p.add_argument("--seed", type=seed_number, default=1, help="the fight's seed (default 1)")
    p.add_argument("--ai", metavar="PRESET", default=None,
                   help="AI preset for the enemy, and for the hero too unless --hero-ai says: "
                        "easy, normal or hard (default: each fighter's own 'ai:', normal "
                        "unless it says)")
    p.add_argument("--hero-ai", metavar="PRESET", default=None,
                   help="AI preset for the hero (dicey sim's hero bot is easy)")
    p.add_argument("--hero-level", choices=simulate.HERO_LEVELS, default=None,
                   help="floor: the hero at the level a run brings it to the enemy's floor, "
                        "with its starting cards; run: the same, with the rewards a run would "
                        "have given it (drawn from the seed); start: fresh from its declaration "
                        "(default), as dicey sim's --hero-level")
    p.add_argument("--json", action="store_true", help="print a JSON summary at the end")
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
    """A fresh chooser for one side of one fight: the preset named if any, else the
    fighter's own ``ai:`` (``normal`` by default). Budgets count states and iterations,
    never the clock, so the same seed replays the same fight (as in ``dicey sim``)."""
    if name is not None:
        return make_chooser(name, clock=False)
    try:
        return make_chooser(fighter.ai, clock=False)
    except KeyError:
        return make_chooser("easy")


def _hero_setup(lib: Library, hero: FighterDef, enemy: FighterDef, args: argparse.Namespace
                ) -> FighterSetup | None:
    """The hero as ``dicey sim`` sets it up for a fight of this seed at ``--hero-level``
    (:func:`dicey.simulate.hero_setup`, from the job a sim would have made of it)."""
    job = simulate.FightJob(0, hero.id, enemy.id, args.ai or "", args.seed,
                            args.hero_level or "start")
    if job.hero_level != "start" and simulate.enemy_floor(lib, enemy.id) is None:
        print(f"note: {enemy.name} fights on no floor of the dungeon: the hero meets it at "
              "its starting level, whatever --hero-level says", file=sys.stderr)
    return simulate.hero_setup(lib, job)


def run(args: argparse.Namespace) -> int:
    for name in (args.ai, args.hero_ai):
        if (why := check_preset(name)):
            return fail(why)
    if args.vs is not None and (args.hero_ai or args.hero_level):
        return fail(f"{'--hero-ai' if args.hero_ai else '--hero-level'} goes with a hero, "
                    "not with --vs (two enemies play with --ai or their own 'ai:')")
    lib = library_from(args)
    try:
        first, second = _fighters(lib, args)
        choosers = (_chooser(args.hero_ai or args.ai, first), _chooser(args.ai, second))
    except KeyError as err:
        return fail(err.args[0] if err.args else str(err))
    try:
        setup = None if args.vs is not None else _hero_setup(lib, first, second, args)
        # the text log as the fight goes: a long fight, or a slow turn, is seen going on
        record = run_fight(lib, first, second, args.seed, *choosers, hero_state=setup,
                           on_events=None if args.json else _print_events)
    except ValueError as err:   # e.g. a fighter's equipment names an unknown card
        return fail(str(err))
    if args.json:
        json.dump(record.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    hp = ", ".join(f"{name} {h}/{m} HP" for name, h, m in zip(record.names, record.hp,
                                                              record.max_hp))
    turns = f"{record.turns} turn{'s' * (record.turns != 1)}"
    print(f"result: {record.winner_name or 'draw'} after {turns} ({hp})")
    return 0


def _print_events(events: Sequence[Event]) -> None:
    if events:
        print(format_log(events), flush=True)
