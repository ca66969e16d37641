"""Balance simulation: many seeded headless fights in a process pool, and their report.

Every fight is a :class:`FightJob` whose seed is derived from the run's seed and the fight's
index, and results are put back in index order, so the report is the same whatever the
number of workers. The report: win rates per enemy and per hero, mean turns and HP left,
per-card use counts with the win rate of the fights each card was used in, and the AI
presets compared against the same hero bot.
"""
from __future__ import annotations

import csv
import io
import random
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Callable, Iterable, Sequence

from .library import Library, load_library

#: The AI that plays the hero in every simulated fight (the same bot for every preset).
HERO_BOT = "easy"


@dataclass(frozen=True)
class FightJob:
    index: int
    hero: str          # hero id
    enemy: str         # enemy id
    enemy_ai: str      # preset the enemy plays with
    seed: int


@dataclass
class FightResult:
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
              enemies: Sequence[str] = (), presets: Sequence[str] = ("normal",)
              ) -> list[FightJob]:
    """``fights`` fights per preset, cycling through every hero × enemy pairing."""
    hero_ids = [lib.hero(h).id for h in heroes] or sorted(lib.heroes)
    enemy_ids = [lib.enemy(e).id for e in enemies] or sorted(lib.enemies)
    pairs = [(h, e) for h in hero_ids for e in enemy_ids]
    seeds = random.Random(seed)
    fight_seeds = [seeds.randrange(2**31) for _ in range(fights)]
    jobs = []
    for preset in presets:
        for i in range(fights):
            hero, enemy = pairs[i % len(pairs)]
            jobs.append(FightJob(len(jobs), hero, enemy, preset, fight_seeds[i]))
    return jobs


# ------------------------------------------------------------------- workers

_WORKER_LIB: Library | None = None


def _init_worker(mod_dirs: list[str] | None, use_mods: bool) -> None:
    global _WORKER_LIB
    _WORKER_LIB = load_library(mod_dirs=mod_dirs, use_mods=use_mods)


def run_job(job: FightJob, lib: Library | None = None) -> FightResult:
    """Play one job's fight headless: the hero bot against the enemy's preset."""
    from .ai.presets import chooser
    from .rules.events import Fired
    from .rules.headless import run_fight

    lib = lib or _WORKER_LIB
    assert lib is not None, "worker not initialised"
    record = run_fight(lib, lib.heroes[job.hero], lib.enemies[job.enemy], job.seed,
                       chooser(HERO_BOT), chooser(job.enemy_ai))
    cards: Counter[str] = Counter()
    for event in record.events:
        if isinstance(event, Fired):
            cards[f"{'hero' if event.side == 0 else 'enemy'}:{event.card}"] += 1
    outcome = record.outcome
    winner = {0: "hero", 1: "enemy"}.get(outcome.winner, "draw")
    hp = record.final_hp
    return FightResult(job.index, job.hero, job.enemy, job.enemy_ai, job.seed, winner,
                       outcome.turns, hp[0], hp[1], dict(sorted(cards.items())))


def simulate(jobs: Sequence[FightJob], *, workers: int = 1, mod_dirs: list[str] | None = None,
             use_mods: bool = True, lib: Library | None = None,
             progress: Callable[[int], None] | None = None) -> list[FightResult]:
    """Run every job (in ``workers`` processes when > 1); results in job order."""
    results: list[FightResult] = []
    if workers <= 1:
        lib = lib or load_library(mod_dirs=mod_dirs, use_mods=use_mods)
        for job in jobs:
            results.append(run_job(job, lib))
            if progress:
                progress(1)
        return results
    chunk = max(1, len(jobs) // (workers * 8))
    with ProcessPoolExecutor(workers, initializer=_init_worker,
                             initargs=(mod_dirs, use_mods)) as pool:
        for result in pool.map(run_job, jobs, chunksize=chunk):
            results.append(result)
            if progress:
                progress(1)
    return sorted(results, key=lambda r: r.index)


# -------------------------------------------------------------------- report

def _rate(wins: int, total: int) -> float:
    return round(100.0 * wins / total, 1) if total else 0.0


def _group(results: Iterable[FightResult], key: Callable[[FightResult], str]) -> dict:
    groups: dict[str, list[FightResult]] = defaultdict(list)
    for r in results:
        groups[key(r)].append(r)
    return {name: {
        "fights": len(rs),
        "hero_win_pct": _rate(sum(r.winner == "hero" for r in rs), len(rs)),
        "enemy_win_pct": _rate(sum(r.winner == "enemy" for r in rs), len(rs)),
        "draw_pct": _rate(sum(r.winner == "draw" for r in rs), len(rs)),
        "mean_turns": round(sum(r.turns for r in rs) / len(rs), 2),
        "mean_hero_hp": round(sum(r.hero_hp for r in rs) / len(rs), 2),
        "mean_enemy_hp": round(sum(r.enemy_hp for r in rs) / len(rs), 2),
    } for name, rs in sorted(groups.items())}


def _cards(results: Sequence[FightResult]) -> dict:
    uses: Counter[str] = Counter()
    fights: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in results:
        for card, n in r.cards.items():
            uses[card] += n
            fights[card] += 1
            side = card.split(":", 1)[0]
            wins[card] += r.winner == side
    return {card: {"uses": uses[card], "fights": fights[card],
                   "win_pct_when_used": _rate(wins[card], fights[card])}
            for card in sorted(uses)}


def build_report(results: Sequence[FightResult], seed: int, workers: int) -> dict:
    """The whole report as plain data (JSON-ready; deterministic for a seed)."""
    return {
        "seed": seed,
        "fights": len(results),
        "hero_bot": HERO_BOT,
        "presets": _group(results, lambda r: r.enemy_ai),
        "enemies": _group(results, lambda r: r.enemy),
        "heroes": _group(results, lambda r: r.hero),
        "cards": _cards(results),
    }


def format_report(report: dict) -> str:
    """The report as text tables for a terminal."""
    out = [f"{report['fights']} fights, seed {report['seed']}, hero bot '{report['hero_bot']}'"]
    for title, key in (("enemy AI preset", "presets"), ("enemy", "enemies"), ("hero", "heroes")):
        rows = report[key]
        width = max([len(title)] + [len(k) for k in rows])
        out += ["", f"{title:<{width}}  fights  hero win  enemy win  draws  turns  hero HP  "
                    "enemy HP"]
        for name, row in rows.items():
            out.append(f"{name:<{width}}  {row['fights']:>6}  {row['hero_win_pct']:>7}%  "
                       f"{row['enemy_win_pct']:>8}%  {row['draw_pct']:>4}%  "
                       f"{row['mean_turns']:>5}  {row['mean_hero_hp']:>7}  "
                       f"{row['mean_enemy_hp']:>8}")
    cards = report["cards"]
    if cards:
        width = max(len(c) for c in cards)
        out += ["", f"{'card (side:name)':<{width}}   uses  fights  win% when used"]
        for card, row in cards.items():
            out.append(f"{card:<{width}}  {row['uses']:>5}  {row['fights']:>6}  "
                       f"{row['win_pct_when_used']:>13}%")
    return "\n".join(out)


def results_csv(results: Sequence[FightResult]) -> str:
    """One row per fight."""
    buf = io.StringIO()
    columns = ["index", "hero", "enemy", "enemy_ai", "seed", "winner", "turns", "hero_hp",
               "enemy_hp", "cards"]
    writer = csv.DictWriter(buf, columns, lineterminator="\n")
    writer.writeheader()
    for r in results:
        row = asdict(r)
        row["cards"] = ";".join(f"{k}={v}" for k, v in r.cards.items())
        writer.writerow(row)
    return buf.getvalue()
