"""``dicey graph SCENARIO.toml -o OUT.graphml [--max-nodes N]`` (``-o -``: to stdout).

Plan one turn of a scenario (as ``dicey plan`` does, with the same search flags) and write
its decision graph as GraphML for yEd (labels, shapes, colours, a first layout; apply
Layout → Hierarchical for a tidier one). Decision states are blue rectangles, chance nodes
yellow diamonds, ends of turn green rounded boxes; the chosen line is thick and red; a
move that ends the turn by itself (a card's ``end_turn()``) says ``· ends turn`` and ends in
a bar (the ``ends_turn`` and ``dice_lost`` data keys).
``--max-nodes`` keeps the chosen line and the best alternatives and says how much it left
out. ``-o -`` writes the GraphML to stdout, and what was written to stderr.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dicey.ai.scenario import ScenarioError
from dicey.export.graphml import write_graphml

from ._shared import STDOUT, fail, unwritable
from .plan import _positive, add_search_flags, failed, planned, score_words


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("graph", help="export a plan's decision graph as GraphML (yEd)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", metavar="SCENARIO.toml", help="the position to plan")
    p.add_argument("-o", "--output", required=True, type=Path, metavar="OUT.graphml",
                   help="the file to write ('-': to stdout)")
    p.add_argument("--max-nodes", type=_positive, metavar="N",
                   help="keep at most N nodes (the chosen line first)")
    add_search_flags(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    to_stdout = args.output == STDOUT
    if not to_stdout and (why := unwritable(args.output)):
        return fail(why)
    try:
        _, _, plan = planned(args, graph=True)
    except (ScenarioError, ValueError) as err:
        return failed(err)
    if plan.graph is None:       # a forced or greedy plan: nothing was searched
        return fail(f"the {plan.method} plan has no decision graph to export")
    try:
        info = write_graphml(plan.graph, sys.stdout.buffer if to_stdout else args.output,
                             max_nodes=args.max_nodes)
    except BrokenPipeError:
        raise                   # (stdout closed early, '| head': not an error of the file's)
    except OSError as err:
        return fail(f"cannot write {args.output}: {err.strerror or err}")
    print(f"wrote {info.describe()}; {plan.method} plan, {score_words(plan)}",
          file=sys.stderr if to_stdout else sys.stdout)
    return 0
