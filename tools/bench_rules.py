"""Rules-engine benchmarks: moves applied per second, copy + key cost, headless fights per second.

``measure(quick)`` returns a dict the ``dicey bench`` command merges into its report::

    {"moves_per_s": …, "copy_us": …, "key_us": …, "copy_key_us": …,
     "fights_per_s": …, "fights_per_s_2workers": …, "fights": N, "moves": N, "positions": N}

Positions are the turn starts of seeded headless fights (the default hero against every
enemy, easy AI on both sides), so the figures follow the real content. Run as a script to
print them: ``python tools/bench_rules.py [--quick]``.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from dicey.ai.baseline import choose_move
from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.headless import run_fight


def _pairs(library: Any) -> list[tuple[Any, Any]]:
    """(hero, enemy) for every enemy; enemy against enemy if there is no hero."""
    enemies = list(library.enemies.values())
    heroes = list(library.heroes.values())
    if not enemies:
        raise ValueError("the library declares no enemy to fight")
    first = heroes[0] if heroes else enemies[0]
    return [(first, e) for e in enemies]


def _positions(library: Any, count: int) -> list[Fight]:
    """Turn-start positions (the actor to move) from seeded fights."""
    out: list[Fight] = []
    pairs = _pairs(library)
    seed = 0
    while len(out) < count:
        a, b = pairs[seed % len(pairs)]
        rng = random.Random(seed)
        chance = SampleChance(rng)
        fight = Fight.start(library, a, b, rng)
        while not fight.is_over and len(out) < count:
            fight.begin_turn(chance)
            if not fight.turn_over:
                out.append(fight.copy(simulation=True))
            while not fight.turn_over:
                fight.apply(choose_move(fight, rng), chance)
        seed += 1
    return out


def _moves_per_s(positions: list[Fight], rounds: int) -> tuple[float, int]:
    """Apply every legal move of every position (on copies), timing ``apply`` alone."""
    chance = SampleChance(random.Random(0))
    spent, moves = 0.0, 0
    for _ in range(rounds):
        for pos in positions:
            for move in pos.legal_moves():
                child = pos.copy()
                t = time.perf_counter()
                child.apply(move, chance)
                spent += time.perf_counter() - t
                moves += 1
    return moves / spent if spent else 0.0, moves


def _copy_key_us(positions: list[Fight], rounds: int) -> dict[str, float]:
    n = rounds * len(positions)
    t = time.perf_counter()
    for _ in range(rounds):
        for pos in positions:
            pos.copy()
    copy_s = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(rounds):
        for pos in positions:
            pos.key()
    key_s = time.perf_counter() - t
    return {"copy_us": copy_s / n * 1e6, "key_us": key_s / n * 1e6,
            "copy_key_us": (copy_s + key_s) / n * 1e6}


def _fights(library: Any, seeds: range) -> int:
    pairs = _pairs(library)
    for seed in seeds:
        a, b = pairs[seed % len(pairs)]
        run_fight(library, a, b, seed, choose_move, choose_move)
    return len(seeds)


def _fights_default_library(seeds: range) -> int:
    from dicey.library import default_library
    return _fights(default_library(), seeds)


def _fights_per_s_2workers(count: int) -> float:
    half = count // 2
    with ProcessPoolExecutor(2) as pool:
        pool.submit(_fights_default_library, range(0, 1)).result()   # warm both up
        pool.submit(_fights_default_library, range(1, 2)).result()
        t = time.perf_counter()
        done = sum(f.result() for f in [pool.submit(_fights_default_library, range(0, half)),
                                        pool.submit(_fights_default_library,
                                                    range(half, count))])
        return done / (time.perf_counter() - t)


def measure(quick: bool = False, library: Any = None) -> dict[str, float | int]:
    """The rules figures (``library``: the default game unless given)."""
    own = library is None
    if own:
        from dicey.library import default_library
        library = default_library()
    positions = _positions(library, 40 if quick else 200)
    rounds = 1 if quick else 3
    moves_per_s, moves = _moves_per_s(positions, rounds)
    out: dict[str, float | int] = {"moves_per_s": moves_per_s, "moves": moves,
                                   "positions": len(positions)}
    out.update(_copy_key_us(positions, 20 if quick else 200))
    fights = 20 if quick else 200
    t = time.perf_counter()
    _fights(library, range(fights))
    out["fights_per_s"] = fights / (time.perf_counter() - t)
    out["fights"] = fights
    if own:
        out["fights_per_s_2workers"] = _fights_per_s_2workers(fights)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(json.dumps(measure(args.quick), indent=1))


if __name__ == "__main__":
    main()
