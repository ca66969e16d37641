"""Balance simulation: many seeded headless fights in a process pool, and their report.

Every fight is a :class:`FightJob` whose seed is drawn from the run's seed by its index, every
AI plays on count budgets only (no clock), and results are put back in index order — so the
report is the same whatever the number of workers. The report: the content it played (the
mods loaded and skipped); win rates per AI preset, per enemy and per hero, each with its
noise; mean turns and HP left; for every card a side held, the fights it was held in, the
fights it was used in and its uses, with the win rate of the fights it was used in; and the
presets compared against the same hero bot, fight by fight. By default the hero meets each
enemy at the level a run would bring it there (:func:`floor_setup`); with
``hero_level="run"`` it also carries the cards a run would have given it
(:func:`run_setup`). ``docs/sim.md`` describes the report, the JSON and the CSV key by key.

>>> job = FightJob(0, "warrior", "frog", "easy", 7)
>>> job.hero, job.enemy_ai
('warrior', 'easy')
"""
from __future__ import annotations

import csv
import hashlib
import io
import math
import random
import textwrap
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from rich.cells import cell_len

from .lang.ast import make_id, upgrade_ref
from .library import Library, load_library
from .rules.events import listed
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
    cards: dict[str, int] = field(default_factory=dict)
    """Every card a side held in the fight (see :func:`card_key`) → the times it was used
    (0: held, never used)."""
    play: str = ""
    """A digest of the fight's events, move by move (:func:`play_digest`): two fights with
    the same one were played alike. Not a column of the CSV."""


def plan_jobs(lib: Library, fights: int, seed: int, heroes: Sequence[str] = (),
              enemies: Sequence[str] = (), presets: Sequence[str] = ("normal",),
              hero_level: str = "floor") -> list[FightJob]:
    """``fights`` fights per preset over every hero × enemy pairing; each preset meets the
    same pairings with the same seeds, so presets compare fairly. Unknown hero or enemy
    names raise KeyError with a did-you-mean.

    Fight ``i`` meets enemy ``i mod E`` with hero ``(i mod E + i div E) mod H``: every ``E``
    fights meet each enemy once and share the heroes out as evenly as ``E`` allows, and
    ``H × E`` fights meet every pairing once. So a few fights already see every enemy and
    every hero. The heroes, when none are named, are :func:`fight_heroes`.

    >>> from types import SimpleNamespace as NS
    >>> lib = NS(heroes={"a": 0, "b": 0}, enemies={"x": 0, "y": 0, "z": 0})
    >>> [(j.hero, j.enemy) for j in plan_jobs(lib, 6, 1)]
    [('a', 'x'), ('b', 'y'), ('a', 'z'), ('b', 'x'), ('a', 'y'), ('b', 'z')]
    """
    if hero_level not in HERO_LEVELS:
        raise ValueError(f"unknown hero level '{hero_level}' (choose from "
                         f"{', '.join(HERO_LEVELS)})")
    hero_ids = [lib.hero(h).id for h in heroes] or fight_heroes(lib)
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


def fight_heroes(lib: Library) -> list[str]:
    """The heroes fights are shared out among when none are named, by id: the ones a run of
    the dungeon may start with (its ``heroes:``, as ``--runs`` plays), or every loaded hero
    when no dungeon lists any. (Sorted: the order of the pairings of :func:`plan_jobs`.)"""
    from .run.progress import heroes_of

    dungeon = getattr(lib, "dungeon", None)
    listed_ids = [h.id for h in heroes_of(lib, dungeon)] if dungeon is not None else []
    return sorted(listed_ids) or sorted(lib.heroes)


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
    from .rules.events import CardGiven, CardReplaced, Fired
    from .rules.headless import run_fight

    lib = lib or _WORKER_LIB
    if lib is None:
        raise RuntimeError("simulation worker has no library")
    setup = hero_setup(lib, job)
    hero, enemy = lib.heroes[job.hero], lib.enemies[job.enemy]
    record = run_fight(lib, hero, enemy, job.seed, make_chooser(HERO_BOT, clock=False),
                       make_chooser(job.enemy_ai, clock=False), hero_state=setup)
    kits = (setup.equipment if setup and setup.equipment is not None else hero.equipment,
            enemy.equipment)
    ids = {card.name: card.id for card in lib.equipment.values()}
    cards: Counter[str] = Counter()
    for side, kit in enumerate(kits):        # held from the start
        for name, upgraded in FighterSetup(equipment=tuple(kit)).cards() or ():
            cards[f"{SIDES[side]}:{lib.card(name).id}{'+' * upgraded}"] += 0
    for event in record.events:
        if isinstance(event, Fired) and not event.again:     # (fury: one use)
            cards[card_key(ids, event.side, event.card)] += 1
        elif isinstance(event, (CardGiven, CardReplaced)):   # held from then on
            title = event.card if isinstance(event, CardGiven) else event.new
            cards[card_key(ids, event.side, title)] += 0
    winner = {0: "hero", 1: "enemy"}.get(record.outcome.winner, "draw")
    return FightResult(job.index, job.hero, job.enemy, job.enemy_ai, job.seed, winner,
                       record.turns, record.hp[0], record.hp[1], dict(sorted(cards.items())),
                       play_digest(record.events))


def play_digest(events: Iterable[Any]) -> str:
    """A short digest of a fight's events (every roll, move and blow, in order): the same
    in any process for the same fight, and another for a fight played otherwise."""
    digest = hashlib.blake2b(digest_size=8)
    for event in events:
        digest.update(repr(event).encode("utf-8", "backslashreplace"))
        digest.update(b"\n")
    return digest.hexdigest()


def by_difficulty(presets: Iterable[str]) -> list[str]:
    """Presets from the easiest: :data:`DEFAULT_PRESETS`' order, then any other by name.

    >>> by_difficulty(["hard", "easy", "normal"]), by_difficulty(["zeal", "hard"])
    (['easy', 'normal', 'hard'], ['hard', 'zeal'])
    """
    return sorted(set(presets), key=lambda name: (
        DEFAULT_PRESETS.index(name) if name in DEFAULT_PRESETS else len(DEFAULT_PRESETS),
        name))


#: The sides of a fight as the report names them (side 0 is the hero).
SIDES = ("hero", "enemy")


def card_key(ids: Mapping[str, str], side: int, title: str) -> str:
    """How the report keys a card a side held: ``side:id``, with ``+`` for the upgraded
    card (``hero:sword+``). An id is lower-case letters, digits and ``_`` whatever the
    card's name, so a key never holds the ``;``, ``=`` or ``,`` the CSV separates with.
    ``ids``: the cards' ids by name; ``title``: the name as a fight shows it (``Sword+``).

    >>> card_key({"Salt; a=b": "salt_a_b"}, 1, "Salt; a=b+")
    'enemy:salt_a_b+'
    """
    base, upgraded = upgrade_ref(title) if title not in ids else (title, False)
    return f"{SIDES[side]}:{ids.get(base) or make_id(base)}{'+' * upgraded}"


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
                     hero_bot: str = HERO_BOT, ai: str | None = None, *,
                     lib: Library | None = None) -> dict:
    """The runs' report as plain data (JSON-ready; the same for the same seed and jobs):
    how many runs each hero won (and who ended the others), how far the runs got (the
    share that reached each of the dungeon's ``floors`` and the share that ended there),
    the enemies met (how many runs each ended, and the share of its fights the hero lost),
    and the rewards taken.
    ``hero_bot`` and ``ai`` are the presets the jobs were planned with; ``lib``, when
    given, the content they played (the report then names its mods: :func:`content`)."""
    n = len(results)
    out: dict = {"seed": seed, "runs": n, "hero_bot": hero_bot,
                 "difficulty": ai or "each enemy's own", **(content(lib) if lib else {})}
    heroes: dict[str, list[RunResult]] = defaultdict(list)
    for r in results:
        heroes[r.hero].append(r)
    won = sum(r.won for r in results)
    out["won_pct"], out["won_stderr"] = _rate(won, n), rate_stderr(won, n)
    out["heroes"] = {h: {"runs": len(rs), "won_pct": _rate(sum(r.won for r in rs), len(rs)),
                         "won_stderr": rate_stderr(sum(r.won for r in rs), len(rs)),
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
    (then by id), and ``ended_most_by``, the enemies that ended the most of them: one, or
    all that tie for the most (none when every run was won).

    >>> lost = RunResult(0, "thief", 1, False, 2, 0, [(1, "rat", "won"), (2, "bully", "lost")])
    >>> won = RunResult(1, "thief", 2, True, 6, 9, [(5, "dragon", "won")])
    >>> _ended_by([lost, won, lost])
    {'ended_by': {'bully': 2}, 'ended_most_by': ['bully']}
    """
    ended = Counter(r.last_enemy for r in runs if not r.won)
    ranked = dict(sorted(ended.items(), key=lambda item: (-item[1], item[0])))
    most = max(ranked.values(), default=0)
    return {"ended_by": ranked, "ended_most_by": [e for e, n in ranked.items() if n == most]}


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
    rates = {name: row["enemy_win_pct"]
             for name, row in _group(results, lambda r: r.enemy_ai).items()}
    base = presets[0]
    compare = _compare(results, base)
    out: dict = {"fights_per_preset": fights, "hero_bot": HERO_BOT, "enemy_win_pct": rates}
    for name in presets[1:]:
        out[f"{name}_minus_{base}_points"] = compare["enemy_win_pct_gain"][name]
        out[f"{name}_minus_{base}_stderr"] = compare["enemy_win_pct_gain_stderr"][name]
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


def rate_stderr(wins: int, total: int) -> float:
    """How far a win rate of ``wins`` in ``total`` fights may be from the true rate, in
    points: the standard deviation of the true rate given these fights, from no prior
    preference (a Beta(wins + 1, total - wins + 1)). Over many fights it is the usual
    standard error of a rate, √(p(1 − p)/n); unlike that, it is not 0 when every fight or
    none was won, which a few fights easily are.

    >>> rate_stderr(0, 9), rate_stderr(9, 9), rate_stderr(50, 100), rate_stderr(0, 0)
    (8.3, 8.3, 4.9, 0.0)
    """
    if not total:
        return 0.0
    p = (wins + 1) / (total + 2)
    return round(100.0 * math.sqrt(p * (1 - p) / (total + 3)), 1)


def _summary(rs: Sequence[FightResult]) -> dict:
    n = len(rs)
    enemy_wins = sum(r.winner == "enemy" for r in rs)
    return {
        "fights": n,
        "hero_win_pct": _rate(sum(r.winner == "hero" for r in rs), n),
        "enemy_win_pct": _rate(enemy_wins, n),
        "enemy_win_stderr": rate_stderr(enemy_wins, n),
        "draw_pct": _rate(sum(r.winner == "draw" for r in rs), n),
        "mean_turns": round(sum(r.turns for r in rs) / n, 2),
        "mean_hero_hp": round(sum(r.hero_hp for r in rs) / n, 2),
        "mean_enemy_hp": round(sum(r.enemy_hp for r in rs) / n, 2),
    }


def _group(results: Iterable[FightResult], key: Callable[[FightResult], str],
           order: Callable[[Iterable[str]], list[str]] = sorted) -> dict:
    """A row (:func:`_summary`) per value of ``key``, in ``order`` (by name unless said)."""
    groups: dict[str, list[FightResult]] = defaultdict(list)
    for r in results:
        groups[key(r)].append(r)
    return {name: _summary(groups[name]) for name in order(groups)}


def _cards(results: Sequence[FightResult], names: Mapping[str, str]) -> dict:
    """A row per card a side held in any of the fights, by :func:`card_key`: its side and
    name (``names``: the cards' names by id; an id it lacks is shown as it is), the fights
    it was held in and used in, its uses, and the share of the fights used in that its
    side won (None when never used)."""
    uses: Counter[str] = Counter()
    held: Counter[str] = Counter()
    used: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in results:
        for card, n in r.cards.items():
            held[card] += 1
            if n:
                uses[card] += n
                used[card] += 1
                wins[card] += r.winner == card.split(":", 1)[0]
    rows = {}
    for card in sorted(held):
        side, ref = card.split(":", 1)
        card_id = ref.removesuffix("+")
        rows[card] = {"side": side, "name": names.get(card_id, card_id) + ref[len(card_id):],
                      "fights_held": held[card], "fights_used": used[card],
                      "uses": uses[card],
                      "win_pct_when_used": _rate(wins[card], used[card]) if used[card]
                      else None}
    return rows


def _by_preset(results: Iterable[FightResult]) -> dict[str, list[FightResult]]:
    """Each preset's fights in the order they were planned, the presets by difficulty."""
    by: dict[str, list[FightResult]] = defaultdict(list)
    for r in sorted(results, key=lambda r: r.index):
        by[r.enemy_ai].append(r)
    return {name: by[name] for name in by_difficulty(by)}


def _met(rs: Sequence[FightResult]) -> list[tuple[str, str, int]]:
    """The fights a preset met: hero, enemy and seed, in order."""
    return [(r.hero, r.enemy, r.seed) for r in rs]


def _compare(results: Sequence[FightResult], base: str | None = None) -> dict:
    """Each preset's enemy win rate against ``base``'s (by default ``easy`` when present,
    else the easiest, :func:`by_difficulty`), from the counts, with the standard error of
    the gain: each preset meets the same fights, so it is read fight by fight
    (:func:`paired_stderr`; None when the presets did not meet the same fights)."""
    by = _by_preset(results)
    if not by:
        return {}
    base = base or ("easy" if "easy" in by else next(iter(by)))
    won = {name: [r.winner == "enemy" for r in rs] for name, rs in by.items()}
    fights = _met(by[base])
    gains, errors = {}, {}
    for name, rs in by.items():
        gains[name] = round(100.0 * (sum(won[name]) / len(rs)
                                     - sum(won[base]) / len(by[base])), 1)
        errors[name] = paired_stderr(won[name], won[base]) if _met(rs) == fights else None
    return {"baseline": base, "enemy_win_pct_gain": gains,
            "enemy_win_pct_gain_stderr": errors}


def played_alike(results: Sequence[FightResult]) -> list[list[str]]:
    """The presets that played every fight move for move as another did, in groups (each
    by difficulty, two or more): they met the same fights and every one went the same way
    (:func:`play_digest`), so their rows are the same. A small enemy's every turn is
    searched whole by ``normal`` and ``hard`` alike: both play the best moves there are."""
    by = _by_preset(results)
    groups: dict[tuple, list[str]] = defaultdict(list)
    for name, rs in by.items():
        if all(r.play for r in rs):
            groups[tuple((*met, r.play) for met, r in zip(_met(rs), rs))].append(name)
    return [names for names in groups.values() if len(names) > 1]


def content(lib: Library) -> dict:
    """What content a report played: ``mods``, the mods loaded (in load order, with their
    versions), and ``skipped_mods``, those that failed to load, with why."""
    return {"mods": [{"id": m.id, "version": m.version_text} for m in lib.mods],
            "skipped_mods": dict(sorted(lib.skipped_mods.items()))}


def fight_notes(lib: Library, results: Sequence[FightResult], hero_level: str,
                heroes: Sequence[str] = ()) -> list[str]:
    """What a reader of the fights' report must know to read it right: enemies met on no
    floor of the dungeon (no hero can be levelled for them), and heroes named (``heroes``,
    by id) that a run of the dungeon never starts with."""
    notes = []
    off = sorted({lib.enemies[e].name for e in {r.enemy for r in results}
                  if enemy_floor(lib, e) is None})
    if off and hero_level != "start":
        notes.append(f"{listed(off)} {'fights' if len(off) == 1 else 'fight'} on no floor "
                     f"of the dungeon: the heroes meet {'it' if len(off) == 1 else 'them'} "
                     "at their starting level, whatever --hero-level says")
    walked = fight_heroes(lib)
    strangers = [lib.heroes[h].name for h in dict.fromkeys(heroes) if h not in walked]
    if strangers:
        notes.append(f"{listed(strangers)} {'is' if len(strangers) == 1 else 'are'} not "
                     f"among the dungeon's heroes "
                     f"({listed([lib.heroes[h].name for h in walked])}), who fight when no "
                     "--hero is named")
    return notes


def build_report(results: Sequence[FightResult], seed: int, hero_level: str = "floor", *,
                 lib: Library | None = None, heroes: Sequence[str] = (),
                 enemies: Sequence[str] = ()) -> dict:
    """The whole report as plain data (JSON-ready; the same for the same seed and jobs).
    ``hero_level`` is the one the jobs were planned with (see :data:`HERO_LEVELS`).
    ``lib``, when given, is the content the fights played: the report then says which
    (:func:`content`), the heroes and enemies asked for (``heroes``, ``enemies``: ids, none
    for all), its notes (:func:`fight_notes`), each enemy's floor, and the cards' names.
    The tables of enemies, heroes and cards count the fights of every preset together
    (``pooled_presets``)."""
    presets = _group(results, lambda r: r.enemy_ai, by_difficulty)
    report: dict = {"seed": seed, "fights": len(results), "hero_bot": HERO_BOT,
                    "hero_level": hero_level}
    if lib is not None:
        report.update(content(lib))
        report["asked"] = {"heroes": list(heroes), "enemies": list(enemies)}
        report["notes"] = fight_notes(lib, results, hero_level, heroes)
    report["presets"] = presets
    report["compare"] = _compare(results)
    report["played_alike"] = played_alike(results)
    report["pooled_presets"] = list(presets)
    report["enemies"] = _group(results, lambda r: r.enemy)
    if lib is not None:
        for enemy, row in report["enemies"].items():
            row["floor"] = enemy_floor(lib, enemy)
    report["heroes"] = _group(results, lambda r: r.hero)
    names = {card.id: card.name for card in lib.equipment.values()} if lib else {}
    report["cards"] = _cards(results, names)
    return report


#: The columns of a table of fights: (header, key, format; see :func:`_grid`).
FIGHT_COLUMNS = (("fights", "fights", "d"), ("hero win", "hero_win_pct", ".1f%"),
                 ("enemy win", "enemy_win_pct", ".1f%"), ("±", "enemy_win_stderr", ".1f"),
                 ("draws", "draw_pct", ".1f%"), ("turns", "mean_turns", ".2f"),
                 ("hero HP", "mean_hero_hp", ".2f"), ("enemy HP", "mean_enemy_hp", ".2f"))
#: The columns of the card table (as :data:`FIGHT_COLUMNS`).
CARD_COLUMNS = (("fights held", "fights_held", "d"), ("fights used", "fights_used", "d"),
                ("uses", "uses", "d"), ("its side won", "win_pct_when_used", ".1f%"))
#: What the text reports' ± columns are.
STDERR_NOTE = "±: standard error, in points (a gap within two of them may be chance)"
#: How wide the text reports' prose is (their tables fit it too, but for long names).
WIDTH = 80


def display_names(library: Any) -> dict[str, str]:
    """The names players know the heroes and enemies by, by id (the report's keys)."""
    return {d.id: d.name for table in (library.heroes, library.enemies)
            for d in table.values()}


def _header(first: str, report: dict, notes: Sequence[str] = ()) -> list[str]:
    """A report's opening lines: ``first``, the content played (when the report says),
    and each note, folded to :data:`WIDTH`."""
    lines = [first]
    if "mods" in report:
        mods = ", ".join(f"{m['id']} {m['version']}" for m in report["mods"]) or "none"
        skipped = "; ".join(f"{mod} ({why})" for mod, why in report["skipped_mods"].items())
        lines.append(f"mods: {mods}" + (f"; skipped: {skipped}" if skipped else ""))
    lines += [f"note: {note}" for note in notes]
    return [folded for line in lines for folded in _fold(line)]


def _fold(text: str) -> list[str]:
    """A line of prose folded to :data:`WIDTH`, the lines after the first indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False) or [""]


def format_run_report(report: dict, names: Mapping[str, str] | None = None) -> str:
    """The runs' report as text tables for a terminal; ``names``: how to show the heroes'
    and enemies' ids (:func:`display_names`)."""
    out = _header(f"{report['runs']} runs, seed {report['seed']}, hero bot "
                  f"'{report['hero_bot']}', difficulty: {report['difficulty']}", report)
    out.append(f"runs won: {report['won_pct']:.1f}% ± {report['won_stderr']:.1f}")
    shown = names or {}
    heroes = {hero: {**row, "ended_most_by": _ended_most_text(row, shown)}
              for hero, row in report["heroes"].items()}
    out += _grid("hero", _named(heroes, names), (("runs", "runs", "d"),
                                                 ("runs won", "won_pct", ".1f%"),
                                                 ("±", "won_stderr", ".1f"),
                                                 ("fights won", "mean_fights_won", ".2f"),
                                                 ("level", "mean_level", ".2f"),
                                                 ("ended most by", "ended_most_by", "s")))
    out += _grid("floor", report["floors"], (("reached", "reached_pct", ".1f%"),
                                             ("ended there", "ended_pct", ".1f%")))
    out += _grid("enemy", _named(report["enemies"], names), (("fights", "fights", "d"),
                                                            ("runs ended", "runs_ended", "d"),
                                                            ("hero lost", "hero_lost_pct",
                                                             ".1f%")))
    if report["rewards"]:
        out += ["", *_fold("rewards taken: " + ", ".join(f"{kind} {n}" for kind, n in
                                                        report["rewards"].items()))]
    out += ["", STDERR_NOTE]
    return "\n".join(out)


def _ended_most_text(row: dict, names: Mapping[str, str]) -> str:
    """Who ended the most of a hero's runs, and how many: ``Bully 5``, or the two enemies
    that tie for the most, ``Dragon and Vampire 3 each``, or how many tie when more do,
    ``4 enemies 1 each`` (the JSON names them); ``-`` when none was lost."""
    most = [names.get(enemy, enemy) for enemy in row["ended_most_by"]]
    if not most:
        return "-"
    count = row["ended_by"][row["ended_most_by"][0]]
    if len(most) == 1:
        return f"{most[0]} {count}"
    return f"{listed(most) if len(most) == 2 else f'{len(most)} enemies'} {count} each"


def _named(rows: dict, names: Mapping[str, str] | None) -> dict:
    """``rows`` keyed by the names ``names`` gives their ids (an id it lacks stays)."""
    return {(names or {}).get(key, key): row for key, row in rows.items()}


def _cell(value: Any, spec: str) -> str:
    """A table's cell: ``value`` formatted by ``spec`` (``d``, ``.2f``, ``s``, or one of
    them and ``%``, which is printed after the number); ``-`` for None.

    >>> _cell(5.0, ".1f%"), _cell(12.98, ".2f"), _cell(7.6, ".2f"), _cell(None, ".1f%")
    ('5.0%', '12.98', '7.60', '-')
    """
    if value is None:
        return "-"
    suffix = "%" if spec.endswith("%") else ""
    return format(value, spec.removesuffix("%")) + suffix


def _pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded to ``width`` terminal cells (a wide character, an emoji, takes two:
    ``rich.cells.cell_len``), on the left when ``right``."""
    space = " " * max(0, width - cell_len(text))
    return space + text if right else text + space


def _grid(title: str, rows: dict, columns: Sequence[tuple[str, str, str]]) -> list[str]:
    """A blank line and a text table (nothing without rows): each row's name under
    ``title``, then per column ``(header, key, format)`` the row's value (:func:`_cell`),
    under the header: a number right-aligned, a text (``s``) left-aligned; each column as
    wide as its widest cell, in terminal cells."""
    if not rows:
        return []
    cells = {name: [_cell(row[key], spec) for _, key, spec in columns]
             for name, row in rows.items()}
    width = max(cell_len(name) for name in [title, *rows])
    widths = [max([cell_len(header)] + [cell_len(line[i]) for line in cells.values()])
              for i, (header, _, _) in enumerate(columns)]
    numbers = [spec != "s" for _, _, spec in columns]    # (text is left-aligned)
    out = []
    for name, line in [(title, [header for header, _, _ in columns]), *cells.items()]:
        out.append("  ".join([_pad(name, width)] + [_pad(cell, w, right)
                                                    for cell, w, right in zip(line, widths,
                                                                              numbers)])
                   .rstrip())
    return ["", *out]


def format_report(report: dict, names: Mapping[str, str] | None = None) -> str:
    """The report as text tables for a terminal; ``names``: how to show the heroes' and
    enemies' ids (:func:`display_names`)."""
    out = _header(f"{report['fights']} fights, seed {report['seed']}, hero bot "
                  f"'{report['hero_bot']}', hero level '{report['hero_level']}'", report,
                  report.get("notes", ()))
    out += _grid("enemy AI", report["presets"], FIGHT_COLUMNS)
    for alike in report.get("played_alike", ()):
        fights = report["presets"][alike[0]]["fights"]
        out += ["", *_fold(f"{listed(alike)} played all {fights} fights move for move alike, "
                           "hence the same rows (a turn small enough for each to search "
                           "whole gets the same best moves)")]
    compare = report["compare"]
    gains = compare.get("enemy_win_pct_gain", {})
    if len(gains) > 1:
        base, errors = compare["baseline"], compare["enemy_win_pct_gain_stderr"]
        out += ["", *_fold(f"enemy win rate against '{base}': " + ", ".join(
            f"{name} {gain:+.1f}" + (f" ± {errors[name]:.1f}" if errors[name] is not None
                                     else "") for name, gain in gains.items() if name != base)
            + " points")]
    out += ["", STDERR_NOTE]
    pooled = report["pooled_presets"]
    if len(pooled) > 1:
        out += ["", *_fold(f"tables below: {listed(pooled)} together (--ai PRESET: one alone)")]
    out += _grid("enemy", _named(report["enemies"], names), FIGHT_COLUMNS)
    out += _grid("hero", _named(report["heroes"], names), FIGHT_COLUMNS)
    cards = report["cards"]
    if cards:
        out += ["", "its side won: the share of the fights it was used in that its side won"]
        out += _grid("card (side:name)", {f"{row['side']}:{row['name']}": row
                                          for row in cards.values()}, CARD_COLUMNS)[1:]
    return "\n".join(out)


def results_csv(results: Sequence[FightResult]) -> str:
    """One row per fight; its ``cards`` cell lists every card a side held, by
    :func:`card_key`, with the times it was used: ``enemy:claw=3;hero:shield=0``."""
    return _csv(["index", "hero", "enemy", "enemy_ai", "seed", "winner", "turns", "hero_hp",
                 "enemy_hp", "cards"],
                ({**{k: v for k, v in asdict(r).items() if k != "play"},
                  "cards": ";".join(f"{k}={v}" for k, v in r.cards.items())}
                 for r in results))


def runs_csv(results: Sequence[RunResult]) -> str:
    """One row per run: its hero, seed, how it ended (``winner``: ``hero`` or ``enemy``, or
    ``draw`` when a drawn fight ended it, the words of the fights' CSV), and its fights and
    rewards."""
    return _csv(["index", "hero", "seed", "winner", "floor", "fights_won", "level", "hp",
                 "last_enemy", "fights", "rewards"],
                ({**{k: v for k, v in asdict(r).items() if k != "won"},
                  "winner": "hero" if r.won else
                  ("draw" if r.fights[-1][2] == "draw" else "enemy"),
                  "floor": r.floor, "fights_won": r.fights_won,
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
