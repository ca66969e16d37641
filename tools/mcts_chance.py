"""How well MCTS plays turns full of chance: its regret against the exact values.

    python tools/mcts_chance.py [--positions 40] [--iterations 300 1000 3000] [--seeds 4]

Makes seeded positions of the base game whose hands hold chance cards (a reroll, a split, a
coin flip, random damage) and that the exhaustive search still solves (at most ``--states``
states), solves each exactly, then runs pure MCTS (no memo, as the bench's ``mcts.regret``)
at each iteration budget with each seed. For each budget it prints:

* ``regret``: the mean of (exact best first move's value − exact value of the first move
  MCTS plays), and how often it is not 0;
* ``bias``: the mean of (MCTS's estimate of the move it plays − that move's exact value): a
  planner that reads the luckiest outcome's line as the move's worth shows it here.

The positions and every run are seeded: the same arguments print the same report. Figures
for the record of a change to MCTS come from here and from ``dicey bench``'s
``mcts.regret``; the tests check the reference positions.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from typing import Any, NamedTuple

from dicey.ai.mcts import MCTS
from dicey.ai.scenario import parse_scenario
from dicey.ai.score import Scorer
from dicey.ai.search import BudgetExceeded, Expectimax
from dicey.library import default_library
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

#: Base-game cards that meet a chance point, and cards that do not.
CHANCE_CARDS = ("Lockpick", "Lucky Coin", "Double or Nothing", "Dice Knife", "Lucky 7",
                "Wand of Chaos", "Crucible")
PLAIN_CARDS = ("Sword", "Dagger", "Spanner", "Hammer", "Shortbow", "Broadsword", "Poison Needle",
               "Shield", "Fireball", "Ice Spike", "Spear", "Whetstone", "Battle Wrench",
               "Snowball", "Magic Missile", "Healing Crystal", "Cosh", "Bump")
ACTORS = ("Gambler", "Ninja", "Knight", "Robot", "Witch")


class Position(NamedTuple):
    name: str
    fight: Fight
    exact: dict[Move, float]          # every first move's exact value
    states: int


def positions(library: Any, count: int, min_states: int, max_states: int, seed: int,
              say: Any) -> list[Position]:
    """``count`` seeded positions with chance cards that take ``min_states`` to
    ``max_states`` states to solve (fewer leave MCTS nothing to miss)."""
    rng = random.Random(seed)
    out: list[Position] = []
    tried = 0
    while len(out) < count and tried < count * 20:
        tried += 1
        cards = rng.sample(CHANCE_CARDS, rng.randint(1, 2)) + \
            rng.sample(PLAIN_CARDS, rng.randint(2, 3))
        rng.shuffle(cards)
        dice = sorted((rng.randint(1, 6) for _ in range(rng.randint(3, 5))), reverse=True)
        actor = rng.choice(ACTORS)
        scenario = parse_scenario({
            "actor": {"fighter": actor, "dice": dice, "equipment": cards},
            "opponent": {"fighter": "Warrior", "hp": (hp := rng.randint(8, 30))}})
        try:
            fight = scenario.fight(library)
        except ValueError:
            continue
        root = fight.copy(simulation=True, log=False)
        if len(root.legal_moves()) < 3:
            continue
        search = Expectimax(Scorer(root), max_states=max_states)
        try:
            search.value(root)
            exact = {move: search.q(root, move) for move in root.legal_moves()}
        except BudgetExceeded:
            continue
        if search.states < min_states:
            continue
        name = f"{actor} {dice} {', '.join(cards)} against a Warrior of {hp} HP"
        out.append(Position(name, fight, exact, search.states))
        say(f"  {len(out):3}. {search.states:6} states  {name}")
    return out


def run(position: Position, iterations: int, seed: int) -> tuple[float, float]:
    """Pure MCTS on ``position``: the regret and the bias of the move it plays."""
    root = position.fight.copy(simulation=True, log=False)
    tree = MCTS(root, Scorer(root), random.Random(seed))
    tree.run(iterations, None)
    played = tree.root.most_visited()[1]        # the move MCTS plays
    exact = position.exact
    return max(exact.values()) - exact[played.move], played.value - exact[played.move]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, nargs="+", default=[300, 1000, 3000])
    parser.add_argument("--seeds", type=int, default=4, help="MCTS runs per position")
    parser.add_argument("--states", type=int, default=60_000,
                        help="the most states a position may take to solve")
    parser.add_argument("--min-states", type=int, default=300,
                        help="the fewest states a position may take to solve")
    parser.add_argument("--seed", type=int, default=1, help="the positions' seed")
    parser.add_argument("--quiet", action="store_true", help="print the summary only")
    parser.add_argument("--detail", action="store_true",
                        help="print each position's mean regret at each budget too")
    args = parser.parse_args()
    for flag, value in (("--positions", args.positions), ("--seeds", args.seeds),
                        *(("--iterations", n) for n in args.iterations)):
        if value < 1:
            parser.error(f"{flag} must be at least 1, got {value}")
    library = default_library()

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    say("solving the positions:")
    found = positions(library, args.positions, args.min_states, args.states, args.seed, say)
    if not found:
        sys.exit(f"no position with chance cards takes {args.min_states:,} to "
                 f"{args.states:,} states to solve: widen --min-states or --states")
    print(f"{len(found)} positions with chance cards, solved exactly "
          f"({statistics.mean(p.states for p in found):,.0f} states each on average)")
    for iterations in args.iterations:
        regrets, biases = [], []
        for i, p in enumerate(found, 1):
            mine = []
            for seed in range(args.seeds):
                regret, bias = run(p, iterations, seed)
                mine.append(regret)
                biases.append(bias)
            regrets += mine
            if args.detail and any(mine):
                print(f"    {i:3}. regret {statistics.mean(mine):10.1f}  {p.name}")
        missed = sum(1 for r in regrets if r > 1e-9)
        print(f"{iterations:6} iterations: regret {statistics.mean(regrets):10.1f} "
              f"(not the best {missed}/{len(regrets)}), "
              f"bias {statistics.mean(biases):+10.1f} "
              f"(median {statistics.median(biases):+.1f})")


if __name__ == "__main__":
    main()
