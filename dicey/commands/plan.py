"""``dicey plan SCENARIO.toml [--json] [--explain] [--states N] [--moves N] [--iterations N]
[--ms N] [--seed N]``.

Plan one turn of a pinned position (a scenario file, see ``docs/ai.md``): prints the plan,
its expected score, every first move's expected score (and visits, for MCTS), how the plan
was found and what it cost. ``--explain`` adds, for the best first moves, what their
expected scores are made of (damage, statuses, the coming turn, the dice left…).
``--json`` prints one JSON object instead. Flags override the scenario's ``[search]``
table; ``--ms none`` turns the clock off (reproducible plans).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import replace
from typing import Any

from dicey.ai.graph import score_text, state_label
from dicey.ai.moves import line_steps, line_texts, move_text
from dicey.ai.explain import Explained, Unexplained, explain
from dicey.ai.planner import Budget, Plan, _num, plan_turn
from dicey.ai.score import PARTS
from dicey.ai.scenario import MIN_MS, Scenario, ScenarioError, read_scenario
from dicey.rules.fight import Fight
from dicey.rules.state import SHOCK_NEXT, WEAKEN_NEXT

from dicey.lang.errors import printable
from dicey.notation import counted

from ._shared import fail, library_from, seed_number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plan", help="plan one turn of a scenario and show why",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", metavar="SCENARIO.toml", help="the position to plan")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--explain", action="store_true",
                   help="say what each first move's expected score is made of")
    add_search_flags(p)
    p.set_defaults(func=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def _ms(text: str) -> float:
    if text.lower() == "none":
        return 0.0          # no clock
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected milliseconds or 'none', got {text!r}") \
            from None
    if not 0 < value < math.inf:    # (nan too)
        raise argparse.ArgumentTypeError(f"expected a positive number or 'none', got {text!r}")
    if value < MIN_MS:
        raise argparse.ArgumentTypeError(f"expected at least {MIN_MS} ms (less ends the "
                                         f"search before it begins), or 'none', got {text!r}")
    return value


def add_search_flags(p: argparse.ArgumentParser) -> None:
    """The budget and seed flags ``plan`` and ``graph`` share."""
    group = p.add_argument_group("search (override the scenario's [search])")
    group.add_argument("--states", type=_positive, metavar="N",
                       help="exhaustive search: at most N distinct states")
    group.add_argument("--moves", type=_positive, metavar="N",
                       help="exhaustive search: at most N moves applied (then MCTS)")
    group.add_argument("--iterations", type=_positive, metavar="N",
                       help="MCTS fallback: at most N iterations")
    group.add_argument("--ms", type=_ms, metavar="N",
                       help=f"time budget in milliseconds, at least {MIN_MS} ('none': no "
                            "clock)")
    group.add_argument("--seed", type=seed_number, metavar="N", help="the planner's seed")


def planned(args: argparse.Namespace, *, graph: bool = False) -> tuple[Scenario, Fight, Plan]:
    """Load the scenario the flags name, pin its position and plan it (ScenarioError or
    ValueError for bad input: a ScenarioError holds every problem of the file, those of
    its keys as read and those the library finds)."""
    scenario = read_scenario(args.scenario)
    budget = scenario.budget
    for name in ("states", "moves", "iterations"):
        if getattr(args, name) is not None:
            budget = replace(budget, **{name: getattr(args, name)})
    if args.ms is not None:
        budget = replace(budget, ms=args.ms or None)     # 0: 'none', no clock
    scenario = replace(scenario, budget=budget)
    fight = scenario.fight(library_from(args))
    seed = scenario.seed if args.seed is None else args.seed
    plan = plan_turn(fight, preset=scenario.preset, budget=scenario.budget, seed=seed,
                     graph=graph)
    return scenario, fight, plan


def run(args: argparse.Namespace) -> int:
    try:
        scenario, fight, plan = planned(args)
    except (ScenarioError, ValueError) as err:
        return failed(err)
    why = explained(fight, plan, scenario.budget) if args.explain else None
    if args.json:
        data = plan.to_json()
        for said, (_, cut) in zip(data["moves"], line_steps(fight, plan.moves)):
            if cut is not None:       # a card that ends the turn by itself
                said.update(ends_turn=True, dice_lost=cut)
        if why is not None:
            data["explain"] = why if isinstance(why, str) else [
                {**e.move.to_json(), "text": str(e.move), "expected_score": _num(e.value),
                 "parts": {part: _num(worth) for part, worth in e.parts.items() if worth}}
                for e in why]
        json.dump({"scenario": scenario.name, **data}, sys.stdout,
                  ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(describe(scenario, fight, plan))
        if why is not None:
            print(why_text(fight, why))
    return 0


#: The column heads of ``--explain``'s table, for :data:`PARTS` (docs/ai.md §4 says each).
PART_HEADS = {"damage": "damage", "HP": "HP", "own statuses": "own status",
              "opponent's statuses": "their status", "win or loss": "win/loss",
              "cards kept": "kept", "coming turn": "next turn", "countdowns' charge": "charge",
              "cards gained": "gained", "bonus": "bonus", "cards used": "cards",
              "countdown": "countdown", "moves": "moves", "dice left": "dice left"}


def explained(fight: Fight, plan: Plan, budget: Budget) -> list[Explained] | str:
    """Every first move split by what earns it, or why the turn is not explained."""
    if plan.method == "mcts":
        return ("not explained: the plan is MCTS's estimate, the turn being larger than "
                "the exhaustive search's budget (--states, --moves raise it)")
    if plan.method == "greedy":
        return ("not explained: the plan is the rule of thumb's (the easy preset, or no "
                "time left to search: --ms), not the search's")
    try:
        return explain(fight, budget)
    except Unexplained as err:
        return f"not explained: {err}"


def why_text(fight: Fight, why: list[Explained] | str) -> str:
    """Every first move's parts as a table: a row a move, best first; a column a part
    that some move has, and the total."""
    if isinstance(why, str):
        return why
    parts = [part for part in PARTS if any(abs(e.parts[part]) > 1e-9 for e in why)]
    heads = [PART_HEADS[part] for part in parts] + ["total"]
    rows = [(move_text(fight, e.move),
             [score_text(e.parts[part]) for part in parts] + [score_text(e.value)])
            for e in why]
    label = max(len(said) for said, _ in rows)
    widths = [max(len(head), *(len(cells[i]) for _, cells in rows))
              for i, head in enumerate(heads)]
    lines = ["why (each first move's expected score, by what earns it):",
             "  " + " " * label + "".join(f"  {h:>{w}}" for h, w in zip(heads, widths))]
    lines += ["  " + f"{said:<{label}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths))
              for said, cells in rows]
    return "\n".join(lines)


def failed(err: ValueError) -> int:
    """``dicey: error: …`` for each problem of a scenario (or the one bad input), in file
    order; the exit code."""
    for problem in getattr(err, "errors", [err]):
        code = fail(str(problem))
    return code


def describe(scenario: Scenario, fight: Fight, plan: Plan) -> str:
    """The plan as a person reads it."""
    # (the title is the scenario's, the name its file's: what a terminal would act on in
    # either is shown escaped, as everywhere else)
    lines = [printable(f"{scenario.title or scenario.name}: {plan.actor} to move, "
                       f"turn {fight.turn}")]
    lines += ["  " + line for line in state_label(fight, fight.actor).split("\n")]
    lines += ["  " + line for line in pinned_cards(fight)]
    lines.append(f"plan ({_how(plan)}), expected score {score_text(plan.expected_score)}:")
    lines += [f"  {i}. {said}" for i, said in enumerate(line_texts(fight, plan.moves), 1)]
    lines.append("first moves:")
    firsts = [move_text(fight, f.move) for f in plan.first_moves]
    width = max(map(len, firsts))
    for first, said in zip(plan.first_moves, firsts):
        visits = f"  ({first.visits} visits)" if first.visits is not None else ""
        lines.append(f"  {said:<{width}}  {score_text(first.value):>10}{visits}")
    return "\n".join(lines)


def pinned_cards(fight: Fight) -> list[str]:
    """What the position holds of each fighter's cards beyond dice, HP and statuses: the
    marks (the actor's for this turn, the other's for its next turn), countdowns, cards
    borrowed and the cards used this turn (the other's: in its turn just played), one
    line a fighter that has any.

    (A scenario pins them: ``shocked``, ``weakened``, ``countdowns``, ``borrowed``,
    ``used_this_turn``, ``cards_used``; a plan that does not show them reads wrong.)"""
    lines = []
    for side in (fight.actor, 1 - fight.actor):
        f, other = fight.fighters[side], fight.fighters[1 - side]
        acting = side == fight.actor
        parts = []
        for card in f.cards:
            if card.gone:
                continue
            said = []
            if acting and card.shocked is True:
                said.append("shocked")
            if acting and card.weakened:
                said.append("weakened")
            if card.shocked == SHOCK_NEXT:
                said.append("shocked for its next turn")
            if card.shocked == WEAKEN_NEXT:
                said.append("weakened for its next turn")
            if card.active.countdown is not None:
                said.append(f"{card.countdown} to count down")
            if card.loan:
                said.append(f"borrowed from {other.name}, back at the end of turn "
                            f"{card.loan[0]}")
            if said:
                parts.append(f"{card.title} {', '.join(said)}")
        used = [f.cards[i].title for i in f.used_turn]
        if used or f.cards_used:
            when = "this turn" if acting else "in its turn just played"
            fired = f" ({counted(f.cards_used, 'card', 'cards')} used)" \
                if f.cards_used != len(used) else ""
            parts.append(f"used {when}: {', '.join(used) or 'none'}{fired}")
        if parts:
            lines.append(printable(f"{f.name}'s cards: {'; '.join(parts)}"))
    return lines


def _how(plan: Plan) -> str:
    parts: list[Any] = [plan.method]
    if plan.states:
        parts.append(counted(plan.states, "state", "states"))
    if plan.iterations:
        parts.append(counted(plan.iterations, "iteration", "iterations"))
    parts.append(f"{counted(plan.nodes, 'move', 'moves')} played, {plan.elapsed_ms:.1f} ms, "
                 f"seed {plan.seed}")
    if plan.budget_hit:
        parts.append("budget hit")
    return ", ".join(parts)
