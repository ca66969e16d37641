"""Balance simulation: many seeded headless fights in a process pool, and their report.

Every fight is a :class:`FightJob` whose seed is drawn from the run's seed by its index, every
AI plays on count budgets only (no clock), and results are put back in index order — so the
report is the same whatever the number of workers. The report: win rates per AI preset, per
enemy and per hero; mean turns and HP left; per-card use counts with the win rate of the
fights each card was used in; and the presets compared against the same hero bot. By
default the hero meets each enemy at the level a run would bring it there
(:func:`floor_setup`); with ``hero_level="run"`` it also carries the cards a run would have
given it (:func:`run_setup`).

>>> job = FightJob(0, "warrior", "frog", "easy", 7)
>>> job.hero, job.enemy_ai
('warrior', 'easy')
"""
from __future__ import annotations

import csv
import io
import random
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from .library import Library, load_library
from .rules.state import FighterSetup
from .workers import worker_pool

#: The AI that plays the hero in every simulated fight (the same bot for every preset).
HERO_BOT = "easy"
#: The presets ``dicey sim`` compares when none are named.
DEFAULT_PRESETS = ("easy", "normal", "hard")
#: How the hero enters a simulated fight: at the level a run brings it to the enemy's
#: floor with its starting kit (``floor``), the same with the rewards a run would have
#: given it on the way (``run``), or fresh from its declaration (``start``).
HERO_LEVELS = ("floor", "run", "start")


@dataclass(frozen=True)
class FightJob:
    """One fight to simulate."""

    index: int
    hero: str          # hero id
    enemy: str         # enemy id
    enemy_ai: str      # preset the enemy plays with
    seed: int
    hero_level: str = "floor"   # one of HERO_LEVELS


@dataclass
class FightResult:
    """What one simulated fight came to."""

    index: int
    hero: str
    enemy: str
    enemy_ai: str
    seed: int
    winner: str        # "hero" | "enemy" | "draw"
    turns: int
    hero_hp: int
    enemy_hp: int
    cards: dict[str, int] = field(default_factory=dict)   # "side:card" → times fired


def plan_jobs(lib: Library, fights: int, seed: int, heroes: Sequence[str] = (),
              enemies: Sequence[str] = (), presets: Sequence[str] = ("normal",),
              hero_level: str = "floor") -> list[FightJob]:
    """``fights`` fights per preset over every hero × enemy pairing; each preset meets the
    same pairings with the same seeds, so presets compare fairly. Unknown hero or enemy
    names raise KeyError with a did-you-mean.

    Fight ``i`` meets enemy ``i mod E`` with hero ``(i mod E + i div E) mod H``: every ``E``
    fights meet each enemy once and share the heroes out as evenly as ``E`` allows, and
    ``H × E`` fights meet every pairing once. So a few fights already see every enemy and
    every hero.

    >>> from types import SimpleNamespace as NS
    >>> lib = NS(heroes={"a": 0, "b": 0}, enemies={"x": 0, "y": 0, "z": 0})
    >>> [(j.hero, j.enemy) for j in plan_jobs(lib, 6, 1)]
    [('a', 'x'), ('b', 'y'), ('a', 'z'), ('b', 'x'), ('a', 'y'), ('b', 'z')]
    """
    if hero_level not in HERO_LEVELS:
        raise ValueError(f"unknown hero level '{hero_level}' (choose from "
                         f"{', '.join(HERO_LEVELS)})")
    hero_ids = [lib.hero(h).id for h in heroes] or sorted(lib.heroes)
    enemy_ids = [lib.enemy(e).id for e in enemies] or sorted(lib.enemies)
    if not hero_ids or not enemy_ids:
        return []
    seeds = random.Random(seed)
    fight_seeds = [seeds.randrange(2**31) for _ in range(fights)]
    jobs = []
    for preset in presets:
        for i in range(fights):
            enemy = enemy_ids[i % len(enemy_ids)]
            hero = hero_ids[(i % len(enemy_ids) + i // len(enemy_ids)) % len(hero_ids)]
            jobs.append(FightJob(len(jobs), hero, enemy, preset, fight_seeds[i], hero_level))
    return jobs


def enemy_floor(lib: Library, enemy_id: str) -> int | None:
    """The first floor of the dungeon where an enemy fights (as a foe or the boss)."""
    dungeon = lib.dungeon
    for floor in dungeon.floors if dungeon else ():
        if enemy_id in floor.enemies or enemy_id == floor.boss:
            return floor.number
    return None


def floor_setup(lib: Library, hero_id: str, enemy_id: str) -> FighterSetup | None:
    """The hero as a run brings it to the enemy's floor: the experience of every fight of
    the floors before (at their enemies' mean xp), with the levels, max HP and dice that
    buys, at full HP and with its starting kit. None off the dungeon's floors."""
    dungeon, number = lib.dungeon, enemy_floor(lib, enemy_id)
    if dungeon is None or number is None:
        return None
    xp = 0.0
    for floor in dungeon.floors[:number - 1]:
        foes = [lib.enemies[e].xp for e in floor.enemies if e in lib.enemies]
        xp += floor.fights * (sum(foes) / len(foes) if foes else 0)
        if floor.boss in lib.enemies:
            xp += lib.enemies[floor.boss].xp
    hero = lib.heroes[hero_id]
    reached = [lv for lv in dungeon.levels if lv.xp <= xp]
    max_hp = hero.hp + sum(lv.hp for lv in reached)
    return FighterSetup(hp=max_hp, max_hp=max_hp, dice=hero.dice + sum(lv.dice for lv in reached),
                        level=max([hero.level] + [lv.level for lv in reached]))


def run_setup(lib: Library, hero_id: str, enemy_id: str, seed: int) -> FighterSetup | None:
    """:func:`floor_setup` with the cards a run would have given the hero on the way: after
    each fight of the floors before, the offers a run makes there (drawn from ``seed``),
    of which the hero takes what the run bot takes for the rule of thumb, the hero bot of
    these fights (:func:`~dicey.run.autoplay.choose_reward`: at full HP, an upgrade, else a
    card that fits the grid). None off the dungeon's floors."""
    from .run.autoplay import choose_reward
    from .run.rewards import apply_reward, make_offers
    from .run.state import Hero

    base, number = floor_setup(lib, hero_id, enemy_id), enemy_floor(lib, enemy_id)
    if base is None or number is None or lib.dungeon is None:
        return None
    hero = Hero(hero_id, base.hp or 0, base.max_hp or 0, base.dice or 0, base.level or 1,
                equipment=tuple(lib.heroes[hero_id].equipment))
    rng = random.Random(f"{seed}/rewards")
    for index, floor in enumerate(lib.dungeon.floors[:number - 1]):
        for _ in range(floor.fights + (floor.boss in lib.enemies)):
            offers = make_offers(lib, lib.dungeon, index, hero, rng)
            hero = apply_reward(lib, hero, offers[choose_reward(hero, offers, lib,
                                                                cards_first=False)])
    return FighterSetup(hp=base.hp, max_hp=base.max_hp, dice=base.dice, level=base.level,
                        equipment=hero.equipment)


def hero_setup(lib: Library, job: FightJob) -> FighterSetup | None:
    """How the hero of ``job`` enters its fight (see :data:`HERO_LEVELS`)."""
    if job.hero_level == "run":
        return run_setup(lib, job.hero, job.enemy, job.seed)
    if job.hero_level == "floor":
        return floor_setup(lib, job.hero, job.enemy)
    return None


# ------------------------------------------------------------------- workers

_WORKER_LIB: Library | None = None


def _init_worker(mod_dirs: list[str] | None, use_mods: bool) -> None:
    global _WORKER_LIB
    _WORKER_LIB = load_library(mod_dirs=mod_dirs, use_mods=use_mods)


def run_job(job: FightJob, lib: Library | None = None) -> FightResult:
    """Play one job's fight headless: the hero bot against the enemy's preset."""
    from .ai.planner import make_chooser
    from .rules.events import Fired
    from .rules.headless import run_fight

    lib = lib or _WORKER_LIB
    if lib is None:
        raise RuntimeError("simulation worker has no library")
    record = run_fight(lib, lib.heroes[job.hero], lib.enemies[job.enemy], job.seed,
                       make_chooser(HERO_BOT, clock=False),
                       make_chooser(job.enemy_ai, clock=False),
                       hero_state=hero_setup(lib, job))
    cards: Counter[str] = Counter()
    for event in record.events:
        if isinstance(event, Fired) and not event.again:     # (fury: one use)
            cards[f"{'hero' if event.side == 0 else 'enemy'}:{event.card}"] += 1
    winner = {0: "hero", 1: "enemy"}.get(record.outcome.winner, "draw")
    return FightResult(job.index, job.hero, job.enemy, job.enemy_ai, job.seed, winner,
                       record.turns, record.hp[0], record.hp[1], dict(sorted(cards.items())))


def simulate(jobs: Sequence[FightJob], *, workers: int = 1,
             mod_dirs: Sequence[str | Path] | None = None, use_mods: bool = True,
             lib: Library | None = None,
             progress: Callable[[int], None] | None = None) -> list[FightResult]:
    """Run every job (in ``workers`` processes when > 1); results in job order."""
    return _in_pool(run_job, jobs, workers, mod_dirs, use_mods, lib, progress)


def _in_pool(play: Callable, jobs: Sequence, workers: int,
             mod_dirs: Sequence[str | Path] | None, use_mods: bool, lib: Library | None,
             progress: Callable[[int], None] | None) -> list:
    """``play(job, lib)`` for every job, here or in ``workers`` processes (each with its
    own library, loaded as ``mod_dirs`` and ``use_mods`` say); results in job order."""
    results = []
    if workers <= 1 or len(jobs) <= 1:
        lib = lib or load_library(mod_dirs=mod_dirs, use_mods=use_mods)
        for job in jobs:
            results.append(play(job, lib))
            if progress:
                progress(1)
        return results
    dirs = None if mod_dirs is None else [str(d) for d in mod_dirs]
    chunk = max(1, len(jobs) // (workers * 8))
    with worker_pool(workers, _init_worker, (dirs, use_mods)) as pool:
        for result in pool.imap(play, jobs, chunksize=chunk):
            results.append(result)
            if progress:
                progress(1)
    return sorted(results, key=lambda r: r.index)


# ----------------------------------------------------------------------- runs

@dataclass(frozen=True)
class RunJob:
    """One whole run to simulate: a hero, a seed, the bot that plays the hero and the
    run's difficulty (None: each enemy plays its own preset)."""

    index: int
    hero: str
    seed: int
    hero_ai: str = HERO_BOT
    ai: str | None = None


@dataclass
class RunResult:
    """What one simulated run came to."""

    index: int
    hero: str
    seed: int
    won: bool
    level: int
    hp: int                    # the hero's HP at the end
    fights: list[tuple[int, str, str]]
    """Per fight: (floor, enemy id, "won" | "lost" | "draw"); a run has at least one."""
    rewards: list[str] = field(default_factory=list)
    """Per reward taken: ``card:ID``, ``upgrade:ID`` or ``heal``."""

    @property
    def floor(self) -> int:
        """The floor of the run's last fight (1-based)."""
        return self.fights[-1][0]

    @property
    def last_enemy(self) -> str:
        """Who ended the run (or the boss it beat)."""
        return self.fights[-1][1]

    @property
    def fights_won(self) -> int:
        return sum(result == "won" for _, _, result in self.fights)


def plan_runs(lib: Library, runs: int, seed: int, heroes: Sequence[str] = (),
              hero_ai: str = HERO_BOT, ai: str | None = None) -> list[RunJob]:
    """``runs`` runs shared out among the heroes (all the dungeon's when none are named),
    in turn; run ``i`` has the ``i``-th seed drawn from ``seed``. Unknown heroes raise
    KeyError with a did-you-mean."""
    from .run.progress import heroes_of

    dungeon = lib.dungeon
    if dungeon is None:
        return []
    hero_ids = [lib.hero(h).id for h in heroes] or [h.id for h in heroes_of(lib, dungeon)]
    if not hero_ids:
        return []
    seeds = random.Random(seed)
    return [RunJob(i, hero_ids[i % len(hero_ids)], seeds.randrange(2**31), hero_ai, ai)
            for i in range(runs)]


def run_run_job(job: RunJob, lib: Library | None = None) -> RunResult:
    """Play one job's run headless to its end (see :mod:`dicey.run.autoplay`)."""
    from .ai.planner import PRESET_BUDGETS, make_chooser
    from .run.autoplay import play_run

    lib = lib or _WORKER_LIB
    if lib is None:
        raise RuntimeError("simulation worker has no library")
    choosers: dict[str, Callable] = {}

    def chooser(name: str) -> Callable:
        if name not in choosers:
            choosers[name] = make_chooser(name, clock=False)
        return choosers[name]

    record = play_run(lib, job.hero, job.seed, chooser(job.hero_ai), chooser, ai=job.ai,
                      cards_first=job.hero_ai in PRESET_BUDGETS)   # a planner plays the hero
    hero = record.state.hero
    return RunResult(job.index, job.hero, job.seed, record.won, hero.level, hero.hp,
                     [(f.floor, f.enemy, f.result) for f in record.state.history],
                     [r.kind if r.kind == "heal" else f"{r.kind}:{r.card}"
                      for r in record.rewards])


def simulate_runs(jobs: Sequence[RunJob], *, workers: int = 1,
                  mod_dirs: Sequence[str | Path] | None = None, use_mods: bool = True,
                  lib: Library | None = None,
                  progress: Callable[[int], None] | None = None) -> list[RunResult]:
    """Play every run (in ``workers`` processes when > 1); results in job order."""
    return _in_pool(run_run_job, jobs, workers, mod_dirs, use_mods, lib, progress)


def build_run_report(results: Sequence[RunResult], seed: int, floors: int,
                     hero_bot: str = HERO_BOT, ai: str | None = None) -> dict:
    """The runs' report as plain data (JSON-ready; the same for the same seed and jobs):
    how many runs each hero won (and who ended the others), how far the runs got (the
    share that reached each of the dungeon's ``floors`` and the share that ended there),
    the enemies met (how many runs each ended, and the share of its fights the hero lost),
    and the rewards taken.
    ``hero_bot`` and ``ai`` are the presets the jobs were planned with."""
    n = len(results)
    out: dict = {"seed": seed, "runs": n, "hero_bot": hero_bot,
                 "difficulty": ai or "each enemy's own"}
    heroes: dict[str, list[RunResult]] = defaultdict(list)
    for r in results:
        heroes[r.hero].append(r)
    out["won_pct"] = _rate(sum(r.won for r in results), n)
    out["heroes"] = {h: {"runs": len(rs), "won_pct": _rate(sum(r.won for r in rs), len(rs)),
                         "mean_fights_won": round(sum(r.fights_won for r in rs) / len(rs), 2),
                         "mean_level": round(sum(r.level for r in rs) / len(rs), 2),
                         **_ended_by(rs)}
                     for h, rs in sorted(heroes.items())}
    out["floors"] = {str(f): {"reached_pct": _rate(sum(r.floor >= f for r in results), n),
                              "ended_pct": _rate(sum(r.floor == f and not r.won
                                                     for r in results), n)}
                     for f in range(1, floors + 1)}
    met: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for r in results:
        for _, enemy, result in r.fights:
            met[enemy] += 1
            lost[enemy] += result != "won"
    out["enemies"] = {e: {"fights": met[e], "runs_ended": lost[e],
                          "hero_lost_pct": _rate(lost[e], met[e])} for e in sorted(met)}
    out["rewards"] = dict(sorted(Counter(x.split(":", 1)[0] for r in results
                                         for x in r.rewards).items()))
    return out


def _ended_by(runs: Sequence[RunResult]) -> dict:
    """Who ended ``runs`` (the lost ones): ``ended_by``, each enemy's count, most first
    (then by name), and ``ended_most_by``, the first of them as ``"bully 5"`` (``-`` when
    every run was won).

    >>> lost = RunResult(0, "thief", 1, False, 2, 0, [(1, "rat", "won"), (2, "bully", "lost")])
    >>> won = RunResult(1, "thief", 2, True, 6, 9, [(5, "dragon", "won")])
    >>> _ended_by([lost, won, lost])
    {'ended_by': {'bully': 2}, 'ended_most_by': 'bully 2'}
    """
    ended = Counter(r.last_enemy for r in runs if not r.won)
    ranked = dict(sorted(ended.items(), key=lambda item: (-item[1], item[0])))
    first = next(iter(ranked.items()), None)
    return {"ended_by": ranked, "ended_most_by": f"{first[0]} {first[1]}" if first else "-"}


# -------------------------------------------------------------------- quality

def quality_figures(lib: Library, fights: int, seed: int = 1,
                    presets: Sequence[str] = ("easy", "normal"), *, workers: int = 1,
                    mod_dirs: Sequence[str | Path] | None = None,
                    use_mods: bool = True) -> dict:
    """The AI quality figure of ``dicey bench``: the enemy's win rate with each preset
    against the same hero bot, over the dungeon's enemies with the hero as a run brings it
    to each one's floor, and how many points each preset gains over the first.

    Each preset meets the same fights (pairing and seed), so a gain is read fight by fight:
    ``…_stderr`` is the standard error of the mean of those paired differences, in points
    (a gain within two of them of 0 is noise). ``workers`` > 1 plays the fights in that
    many processes, each loading the content as ``mod_dirs`` and ``use_mods`` say (the
    same as ``lib``'s, or the figures would not be ``lib``'s): the same figures, sooner."""
    enemies = [e for e in sorted(lib.enemies) if enemy_floor(lib, e) is not None]
    jobs = plan_jobs(lib, fights, seed, enemies=enemies, presets=presets)
    results = simulate(jobs, workers=workers, mod_dirs=mod_dirs, use_mods=use_mods, lib=lib)
    report = build_report(results, seed)
    rates = {name: row["enemy_win_pct"] for name, row in report["presets"].items()}
    won = {name: [r.winner == "enemy" for r in results if r.enemy_ai == name]
           for name in presets}
    base = presets[0]
    out: dict = {"fights_per_preset": fights, "hero_bot": HERO_BOT, "enemy_win_pct": rates}
    for name in presets[1:]:
        out[f"{name}_minus_{base}_points"] = round(rates[name] - rates[base], 1)
        out[f"{name}_minus_{base}_stderr"] = round(paired_stderr(won[name], won[base]), 1)
    return out


def paired_stderr(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Standard error, in percentage points, of the mean of ``a[i] - b[i]``: how far a
    difference of two win rates over the same fights may be from the truth by chance.

    >>> paired_stderr([True, True, False, False], [True, False, False, True])
    40.8
    >>> paired_stderr([True], [False])
    0.0
    """
    n = len(a)
    if n < 2:
        return 0.0
    diffs = [int(x) - int(y) for x, y in zip(a, b)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return round(100.0 * (variance / n) ** 0.5, 1)


# -------------------------------------------------------------------- report

def _rate(wins: int, total: int) -> float:
    return round(100.0 * wins / total, 1) if total else 0.0


def _summary(rs: Sequence[FightResult]) -> dict:
    n = len(rs)
    return {
        "fights": n,
        "hero_win_pct": _rate(sum(r.winner == "hero" for r in rs), n),
        "enemy_win_pct": _rate(sum(r.winner == "enemy" for r in rs), n),
        "draw_pct": _rate(sum(r.winner == "draw" for r in rs), n),
        "mean_turns": round(sum(r.turns for r in rs) / n, 2),
        "mean_hero_hp": round(sum(r.hero_hp for r in rs) / n, 2),
        "mean_enemy_hp": round(sum(r.enemy_hp for r in rs) / n, 2),
    }


def _group(results: Iterable[FightResult], key: Callable[[FightResult], str]) -> dict:
    groups: dict[str, list[FightResult]] = defaultdict(list)
    for r in results:
        groups[key(r)].append(r)
    return {name: _summary(rs) for name, rs in sorted(groups.items())}


def _cards(results: Sequence[FightResult]) -> dict:
    uses: Counter[str] = Counter()
    fights: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in results:
        for card, n in r.cards.items():
            uses[card] += n
            fights[card] += 1
            wins[card] += r.winner == card.split(":", 1)[0]
    return {card: {"uses": uses[card], "fights": fights[card],
                   "win_pct_when_used": _rate(wins[card], fights[card])}
            for card in sorted(uses)}


def _compare(presets: dict) -> dict:
    """Each preset's enemy win rate against the first preset's (``easy`` when present)."""
    if not presets:
        return {}
    base = "easy" if "easy" in presets else next(iter(presets))
    return {"baseline": base,
            "enemy_win_pct_gain": {name: round(row["enemy_win_pct"]
                                               - presets[base]["enemy_win_pct"], 1)
                                   for name, row in presets.items()}}


def build_report(results: Sequence[FightResult], seed: int, hero_level: str = "floor"
                 ) -> dict:
    """The whole report as plain data (JSON-ready; the same for the same seed and jobs).
    ``hero_level`` is the one the jobs were planned with (see :data:`HERO_LEVELS`)."""
    presets = _group(results, lambda r: r.enemy_ai)
    return {
        "seed": seed,
        "fights": len(results),
        "hero_bot": HERO_BOT,
        "hero_level": hero_level,
        "presets": presets,
        "compare": _compare(presets),
        "enemies": _group(results, lambda r: r.enemy),
        "heroes": _group(results, lambda r: r.hero),
        "cards": _cards(results),
    }


#: The columns of a table of fights: (header, key, suffix).
FIGHT_COLUMNS = (("fights", "fights", ""), ("hero win", "hero_win_pct", "%"),
                 ("enemy win", "enemy_win_pct", "%"), ("draws", "draw_pct", "%"),
                 ("turns", "mean_turns", ""), ("hero HP", "mean_hero_hp", ""),
                 ("enemy HP", "mean_enemy_hp", ""))


def display_names(library: Any) -> dict[str, str]:
    """The names players know the heroes and enemies by, by id (the report's keys)."""
    return {d.id: d.name for table in (library.heroes, library.enemies)
            for d in table.values()}


def format_run_report(report: dict, names: Mapping[str, str] | None = None) -> str:
    """The runs' report as text tables for a terminal; ``names``: how to show the heroes'
    and enemies' ids (:func:`display_names`)."""
    out = [f"{report['runs']} runs, seed {report['seed']}, hero bot '{report['hero_bot']}', "
           f"difficulty: {report['difficulty']}; runs won: {report['won_pct']}%"]
    shown = names or {}
    heroes = {hero: {**row, "ended_most_by": next(
        (f"{shown.get(enemy, enemy)} {n}" for enemy, n in row["ended_by"].items()), "-")}
        for hero, row in report["heroes"].items()}
    out += _grid("hero", _named(heroes, names), (("runs", "runs", ""),
                                                            ("runs won", "won_pct", "%"),
                                            ("fights won", "mean_fights_won", ""),
                                            ("level", "mean_level", ""),
                                            ("ended most by", "ended_most_by", "")))
    out += _grid("floor", report["floors"], (("reached", "reached_pct", "%"),
                                             ("ended there", "ended_pct", "%")))
    out += _grid("enemy", _named(report["enemies"], names), (("fights", "fights", ""),
                                              ("runs ended", "runs_ended", ""),
                                              ("hero lost", "hero_lost_pct", "%")))
    if report["rewards"]:
        out += ["", "rewards taken: " + ", ".join(f"{kind} {n}" for kind, n in
                                                 report["rewards"].items())]
    return "\n".join(out)


def _named(rows: dict, names: Mapping[str, str] | None) -> dict:
    """``rows`` keyed by the names ``names`` gives their ids (an id it lacks stays)."""
    return {(names or {}).get(key, key): row for key, row in rows.items()}


def _grid(title: str, rows: dict, columns: Sequence[tuple[str, str, str]]) -> list[str]:
    """A blank line and a text table (nothing without rows): each row's name under
    ``title``, then per column ``(header, key, suffix)`` the row's value and the suffix,
    right-aligned under the header."""
    if not rows:
        return []
    width = max([len(title)] + [len(name) for name in rows])
    out = ["", "  ".join([f"{title:<{width}}"] + [header for header, _, _ in columns])]
    for name, row in rows.items():
        out.append("  ".join([f"{name:<{width}}"] + [f"{str(row[key]) + suffix:>{len(header)}}"
                                                     for header, key, suffix in columns]))
    return out


def format_report(report: dict, names: Mapping[str, str] | None = None) -> str:
    """The report as text tables for a terminal; ``names``: how to show the heroes' and
    enemies' ids (:func:`display_names`)."""
    out = [f"{report['fights']} fights, seed {report['seed']}, hero bot "
           f"'{report['hero_bot']}', hero level '{report['hero_level']}'"]
    for title, key in (("enemy AI preset", "presets"), ("enemy", "enemies"), ("hero", "heroes")):
        if report[key]:
            out += _grid(title, _named(report[key], names), FIGHT_COLUMNS)
    gains = report["compare"].get("enemy_win_pct_gain", {})
    if len(gains) > 1:
        base = report["compare"]["baseline"]
        out += ["", f"enemy win rate against '{base}': " + ", ".join(
            f"{name} {gain:+.1f} points" for name, gain in gains.items() if name != base)]
    cards = report["cards"]
    if cards:
        width = max(len(c) for c in cards)
        # (won by the card's own side: the enemy's for an enemy's card, the hero's for one
        # of the hero's)
        out += ["", f"{'card (side:name)':<{width}}   uses  fights  its side won"]
        for card, row in cards.items():
            out.append(f"{card:<{width}}  {row['uses']:>5}  {row['fights']:>6}  "
                       f"{row['win_pct_when_used']:>11}%")
    return "\n".join(out)


def results_csv(results: Sequence[FightResult]) -> str:
    """One row per fight."""
    return _csv(["index", "hero", "enemy", "enemy_ai", "seed", "winner", "turns", "hero_hp",
                 "enemy_hp", "cards"],
                ({**asdict(r), "cards": ";".join(f"{k}={v}" for k, v in r.cards.items())}
                 for r in results))


def runs_csv(results: Sequence[RunResult]) -> str:
    """One row per run: its hero, seed, how it ended, and its fights and rewards."""
    return _csv(["index", "hero", "seed", "won", "floor", "fights_won", "level", "hp",
                 "last_enemy", "fights", "rewards"],
                ({**asdict(r), "floor": r.floor, "fights_won": r.fights_won,
                  "last_enemy": r.last_enemy,
                  "fights": ";".join(f"{floor}:{enemy}:{result}"
                                     for floor, enemy, result in r.fights),
                  "rewards": ";".join(r.rewards)} for r in results))


def _csv(columns: list[str], rows: Iterable[dict]) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()
