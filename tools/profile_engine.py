"""Profile the rules engine alone: moves applied, copies and keys, as the AI makes them.

    python tools/profile_engine.py [--positions 200] [--rounds 5]
    python tools/profile_engine.py --calls        # Python calls per move (cProfile)
    python tools/profile_engine.py --ops          # bytecodes per move, per function

Takes ``--positions`` seeded enemy turn starts (``dicey.ai.bench.enemy_turns``), copies
each as the search does (no event log) and applies every legal move to a fresh copy,
``--rounds`` times; prints the CPU time per move, per copy and per key of a state a move
just made (the figures ``dicey bench`` calls ``rules.*``, on more positions and rounds,
so a change shows through the machine's noise). To compare two versions of the code on a
busy machine, run them alternately, the old one from a copy of the tree put first on
``PYTHONPATH``: the counts (``--calls``, ``--ops``) are the same under any load.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any

from dicey.ai.bench import enemy_turns
from dicey.lang.chance import SampleChance
from dicey.library import default_library

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the tools beside this one
from profile_planner import count_bytecodes  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="enemy turn starts")
    parser.add_argument("--rounds", type=int, default=5, help="times every move is made")
    parser.add_argument("--calls", action="store_true", help="count Python calls per move")
    parser.add_argument("--ops", action="store_true", help="count bytecodes per move")
    parser.add_argument("--top", type=int, default=25, help="functions listed by --calls/--ops")
    args = parser.parse_args(argv)
    positions = [f.copy(simulation=True, log=False)
                 for f in enemy_turns(default_library(), args.positions)]
    for pos in positions:
        pos.key()                   # as the search does before it makes the children
    apply_all(positions, 1)         # the engine's tables fill, as in a game
    if args.calls:
        return print_calls(positions, args.top)
    if args.ops:
        return print_ops(positions, args.top)
    print_times(positions, args.rounds)


def moves_of(positions: list[Any]) -> list[tuple[Any, Any]]:
    """Every (position, legal move) pair."""
    return [(pos, move) for pos in positions for move in pos.legal_moves()]


def pace(n: int = 100_000) -> float:
    """CPU seconds of a fixed pure-Python loop (``dicey bench``'s baseline): figures are
    also shown in these units, which the machine's changes of speed move much less."""
    start = time.process_time()
    acc = 0
    for i in range(n):
        acc ^= hash((i, i + 1, "x"))
    return time.process_time() - start


def apply_all(positions: list[Any], rounds: int) -> tuple[int, float, float]:
    """Every legal move made on a fresh copy, ``rounds`` times: the moves a round, and the
    CPU seconds the copies and the moves took in the fastest round (the machine's noise
    only ever adds).

    Each copy is dropped at once (as the search drops most of its children): holding
    thousands alive would time the garbage collector instead.
    """
    chance = SampleChance(random.Random(0))
    pairs = moves_of(positions)
    clock = time.process_time
    copying = applying = float("inf")
    for _ in range(rounds):
        start = clock()
        for pos, _ in pairs:
            pos.copy()
        copied = clock()
        for pos, move in pairs:
            pos.copy().apply(move, chance)
        done = clock()
        copying = min(copying, copied - start)
        applying = min(applying, done - copied - (copied - start))
    return len(pairs), copying, applying


def key_seconds(positions: list[Any], rounds: int) -> float:
    """The CPU seconds the keys of the states the moves make took, in the fastest round
    (each round makes them anew, untimed: a key asked again is cheaper)."""
    chance = SampleChance(random.Random(0))
    pairs = moves_of(positions)
    best = float("inf")
    for _ in range(rounds):
        children = [pos.copy() for pos, _ in pairs]
        for child, (_, move) in zip(children, pairs):
            child.apply(move, chance)
        start = time.process_time()
        for child in children:
            child.key()
        best = min(best, time.process_time() - start)
    return best


def print_times(positions: list[Any], rounds: int) -> None:
    base = min(pace() for _ in range(3))
    moves, copying, applying = apply_all(positions, rounds)
    keying = key_seconds(positions, rounds)
    base = min(base, *(pace() for _ in range(3)))
    figures = {"move": applying / moves, "copy": copying / moves, "key": keying / moves}
    figures["copy + key"] = figures["copy"] + figures["key"]
    print(f"{moves:,} moves a round, best of {rounds} rounds: {moves / applying:,.0f} moves/s; "
          f"baseline loop {base * 1000:.1f} ms")
    for name, seconds in figures.items():
        print(f"  {name:<11}{seconds * 1e6:7.2f} µs  {seconds / base * 1e6:7.1f} per "
              "million baseline")


def make_children(pairs: list[tuple[Any, Any]]) -> list[Any]:
    """The state each (position, move) makes, on a copy (what ``--calls`` and ``--ops``
    count: a copy and a move, nothing else)."""
    chance = SampleChance(random.Random(0))
    children = []
    for pos, move in pairs:
        child = pos.copy()
        child.apply(move, chance)
        children.append(child)
    return children


def print_calls(positions: list[Any], top: int) -> None:
    pairs = moves_of(positions)
    moves = len(pairs)
    profiler = cProfile.Profile()
    profiler.runcall(make_children, pairs)
    stats = pstats.Stats(profiler)
    calls = sum(entry[1] for entry in stats.stats.values())   # type: ignore[attr-defined]
    print(f"{moves:,} moves (copy and apply): {calls / moves:.1f} Python calls a move")
    stats.sort_stats("ncalls").print_stats(top)


def print_ops(positions: list[Any], top: int) -> None:
    pairs = moves_of(positions)
    moves = len(pairs)
    _, ops = count_bytecodes(lambda: make_children(pairs))
    total = sum(ops.values())
    print(f"{moves:,} moves (copy and apply): {total / moves:,.0f} bytecodes a move")
    for where, count in ops.most_common(top):
        print(f"{count / moves:>10,.1f} {100 * count / total:5.1f}%  {where}")


if __name__ == "__main__":
    main()
