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
import textwrap
from dataclasses import replace
from typing import Any

from dicey.ai.graph import probability_label, score_text, state_label
from dicey.ai.moves import LineStep, ended_text, line_steps, move_text
from dicey.ai.explain import Explained, Unexplained, apportioned, explain
from dicey.ai.planner import Budget, Plan, _num, plan_turn
from dicey.ai.score import PARTS
from dicey.ai.scenario import MIN_MS, Scenario, ScenarioError, read_scenario
from dicey.rules.fight import Fight
from dicey.rules.state import SHOCK_NEXT, WEAKEN_NEXT

from dicey.lang.ast import make_id, upgrade_ref
from dicey.lang.errors import printable
from dicey.notation import counted, next_roll

from ._shared import enclosing_mod, fail, library_from, seed_number, unloaded_hint


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


def _moves(text: str) -> int:
    """A move cap, or 'none' (0: no cap)."""
    if text.lower() == "none":
        return 0
    try:
        return _positive(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected a positive integer or 'none', got "
                                         f"{text!r}") from None


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
    group.add_argument("--moves", type=_moves, metavar="N",
                       help="exhaustive search: at most N moves applied (then MCTS; "
                            "'none': no cap)")
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
    for name in ("states", "iterations"):
        if getattr(args, name) is not None:
            budget = replace(budget, **{name: getattr(args, name)})
    if args.moves is not None:
        budget = replace(budget, moves=args.moves or None)    # 0: 'none', no cap
    if args.ms is not None:
        budget = replace(budget, ms=args.ms or None)     # 0: 'none', no clock
    scenario = replace(scenario, budget=budget)
    lib = library_from(args, mod_of=args.scenario)
    try:
        fight = scenario.fight(lib)
    except ScenarioError as err:   # a name it uses may be a mod's that is not loaded
        err.hint = unloaded_hint(lib, scenario_names(scenario, lib),
                                 [mod] if (mod := enclosing_mod(args.scenario)) else [])
        raise
    seed = scenario.seed if args.seed is None else args.seed
    plan = plan_turn(fight, preset=scenario.preset, budget=scenario.budget, seed=seed,
                     graph=graph, keep_search=getattr(args, "explain", False))
    return scenario, fight, plan


def run(args: argparse.Namespace) -> int:
    try:
        scenario, fight, plan = planned(args)
    except (ScenarioError, ValueError) as err:
        return failed(err)
    why = explained(fight, plan, scenario.budget) if args.explain else None
    if args.json:
        data = plan.to_json()
        steps = line_steps(fight, plan.moves)
        by_chance = False
        for said, (_, cut, chance) in zip(data["moves"], steps):
            if by_chance:             # the line past a random move: one outcome's
                said["follows_chance"] = True
            if cut is not None:       # a card that ends the turn by itself
                said.update(ends_turn=True, dice_lost=cut)
            if chance is not None:
                said["chance"] = {"outcomes": chance.outcomes,
                                  "probability": _num(chance.probability)
                                  if chance.probability is not None else None,
                                  "followed": chance.said}
                by_chance = True
        data["line_probability"] = _num(line_probability(steps))
        if why is not None:
            data["explain"] = explain_json(why)
        json.dump({"scenario": scenario.name, **data}, sys.stdout,
                  ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(describe(scenario, fight, plan))
        if why is not None:
            print(why_text(fight, why))
    return 0


#: The names of :data:`PARTS` in ``--explain``'s table (its columns) and in its JSON (the
#: keys of each move's ``parts``): docs/ai.md §4 says each.
PART_HEADS = {"damage": "damage", "HP": "HP", "own statuses": "own status",
              "opponent's statuses": "their status", "win or loss": "win/loss",
              "cards kept": "kept", "coming turn": "next turn", "countdowns' charge": "charge",
              "cards gained": "gained", "later rolls": "rolls", "bonus": "bonus",
              "cards used": "cards", "countdown": "countdown", "moves": "moves",
              "dice left": "dice left"}

#: What the table's columns a reader cannot place hold, said under it when shown
#: (``{cards}``: the cards whose scripts call ``bonus()``).
LEGEND = {
    "win/loss": "+1,000,000 for the opponent at 0 HP, -1,000,000 for one's own; a turn "
                "that wins is worth the win and the HP, and its statuses, cards and dice count "
                "nothing, so a winning row's status columns take back the stacks the turn "
                "started with: not a cost of the move",
    "kept": "once-a-fight and single-use cards left unspent (reserve)",
    "next turn": "the opponent's coming turn as this turn leaves it (outlook, fatal)",
    "charge": "the countdowns' charge at the turn's end less at its start: negative where a "
              "countdown fires (the charge spent; what the firing did is in the other "
              "columns)",
    "gained": "cards gained this turn and kept for the fight (holding)",
    "rolls": "one's next three turns with the dice the turn changed for them (extra_dice, "
             "dice given at the turn's end or as the next starts)",
    "bonus": "the points bonus() gave{cards}",
    "cards": "cards used",
    "countdown": "countdown points taken off",
    "dice left": "the pips of the dice left unused at the turn's end",
}


def explained(fight: Fight, plan: Plan, budget: Budget) -> list[Explained] | str:
    """Every first move split by what earns it, or why the turn is not explained."""
    if plan.method == "mcts":
        return ("not explained: the plan is MCTS's estimate, the turn being larger than "
                "the exhaustive search's budget (--states, --moves raise it)")
    if plan.method == "greedy":
        return ("not explained: the plan is the rule of thumb's (the easy preset, or no "
                "time left to search: --ms), not the search's")
    try:        # (the plan's own search, followed: the turn is not solved again)
        return explain(fight, budget, search=plan.search)
    except Unexplained as err:
        return f"not explained: {err}"


def explain_json(why: list[Explained] | str) -> dict[str, Any]:
    """``--json``'s ``explain``: one shape whether or not the plan is explained —
    ``explained``, ``reason`` (why not, else null) and ``first_moves``, each with its
    ``parts`` under the table's column names (those not 0), which add up to its
    ``expected_score`` to the last of its four decimals (:func:`apportioned`)."""
    if isinstance(why, str):
        return {"explained": False, "reason": why.removeprefix("not explained: "),
                "first_moves": []}
    rows = []
    for e in why:
        units = apportioned({p: w for p, w in e.parts.items() if abs(w) > 1e-9},
                            e.value, 4)
        rows.append({**e.move.to_json(), "text": str(e.move), "expected_score": _num(e.value),
                     "parts": {PART_HEADS[p]: _num(n / 10_000) for p, n in units.items() if n}})
    return {"explained": True, "reason": None, "first_moves": rows}


def _cents_text(cents: int) -> str:
    """A score in cents as :func:`score_text` shows a score."""
    return score_text(cents / 100)


def why_text(fight: Fight, why: list[Explained] | str) -> str:
    """Every first move's parts as a table: a row a move, best first; a column a part
    that some move has, and the total, each row's parts rounded so that they add up to
    its total as printed; under it, what the columns a reader cannot place hold."""
    if isinstance(why, str):
        return why
    parts = [part for part in PARTS if any(abs(e.parts[part]) > 1e-9 for e in why)]
    heads = [PART_HEADS[part] for part in parts] + ["total"]
    rows = []
    for e in why:
        cents = apportioned({part: e.parts[part] for part in parts}, e.value)
        rows.append((move_text(fight, e.move),
                     [_cents_text(cents[part]) for part in parts]
                     + [_cents_text(sum(cents.values()))]))
    label = max(len(said) for said, _ in rows)
    widths = [max(len(head), *(len(cells[i]) for _, cells in rows))
              for i, head in enumerate(heads)]
    lines = ["why (each first move's expected score, by what earns it):",
             "  " + " " * label + "".join(f"  {h:>{w}}" for h, w in zip(heads, widths))]
    lines += ["  " + f"{said:<{label}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths))
              for said, cells in rows]
    return "\n".join(lines + legend(fight, heads))


def legend(fight: Fight, heads: list[str]) -> list[str]:
    """A line for each column of ``heads`` a reader cannot place (:data:`LEGEND`)."""
    named = bonus_cards(fight)
    cards = f" ({', '.join(named)})" if named else ""
    return [line for head in heads if head in LEGEND
            for line in textwrap.wrap(f"{head}: {LEGEND[head].format(cards=cards)}", 88,
                                      initial_indent="  ", subsequent_indent="    ")]


def bonus_cards(fight: Fight) -> list[str]:
    """The cards in the fight whose scripts call ``bonus()`` (the actor's first; a script
    that does not say what it calls is not named)."""
    names = []
    for side in (fight.actor, 1 - fight.actor):
        for card in fight.fighters[side].cards:
            if not card.gone and any("bonus" in (getattr(script, "calls", None) or ())
                                     for script in card.active.hooks.values()):
                names.append(card.title)
    return list(dict.fromkeys(names))


def failed(err: ValueError) -> int:
    """``dicey: error: …`` for each problem of a scenario (or the one bad input), in file
    order, then the hint at the mod its unknown names may be in (``dicey: hint: …``); the
    exit code."""
    for problem in getattr(err, "errors", [err]):
        code = fail(str(problem))
    if (hint := getattr(err, "hint", "")):
        print(printable(f"dicey: hint: {hint}"), file=sys.stderr)
    return code


def scenario_names(scenario: Scenario, lib: Any) -> list[tuple[str, str]]:
    """The names a scenario uses that ``lib`` does not know, as ``(kind, name)``: its
    fighters, the statuses it pins, the cards it names (equipment, marks, countdowns,
    variables, loans)."""
    names: list[tuple[str, str]] = []
    known = {"fighter": {**lib.heroes, **lib.enemies}, "status": lib.statuses,
             "card": lib.equipment}
    for spec in (scenario.actor, scenario.opponent):
        said = [("fighter", spec.get("fighter"))]
        said += [("status", name) for name in _keys(spec.get("statuses"))]
        for key in ("equipment", "shocked", "weakened", "used_this_turn", "countdowns",
                    "vars", "borrowed", "last_used"):
            value = spec.get(key)
            said += [("card", name) for name in
                     ([value] if isinstance(value, str) else _keys(value))]
        names += [(kind, name) for kind, name in said if isinstance(name, str)
                  and make_id(upgrade_ref(name)[0]) not in known[kind]]
    return names


def _keys(value: Any) -> list[Any]:
    """A scenario key's names: a table's keys, a list's items (else none)."""
    return list(value) if isinstance(value, (dict, list)) else []


def describe(scenario: Scenario, fight: Fight, plan: Plan) -> str:
    """The plan as a person reads it."""
    # (the title is the scenario's, the name its file's: what a terminal would act on in
    # either is shown escaped, as everywhere else)
    lines = [printable(f"{scenario.title or scenario.name}: {plan.actor} to move, "
                       f"turn {fight.turn}")]
    lines += ["  " + line for line in state_label(fight, fight.actor).split("\n")]
    lines += ["  " + line for line in pinned_setup(scenario, fight)]
    lines += ["  " + line for line in pinned_cards(fight, pinned_vars(scenario, fight))]
    lines += [printable(f"  {f.name}'s {words}") for f in fight.fighters
              if (words := next_roll(f.extra_for, f.waiting))]
    lines.append(f"plan ({_how(plan)}), {score_words(plan)}:")
    lines += ["  " + line for line in plan_lines(line_steps(fight, plan.moves))]
    lines.append("first moves (estimates from sampled lines; the most visited is played):"
                 if plan.method == "mcts" else "first moves:")
    firsts = [move_text(fight, f.move) for f in plan.first_moves]
    width = max(map(len, firsts))
    for first, said in zip(plan.first_moves, firsts):
        visits = f"  ({first.visits} visits)" if first.visits is not None else ""
        lines.append(f"  {said:<{width}}  {score_text(first.value):>10}{visits}")
    return "\n".join(lines)


def score_words(plan: Plan) -> str:
    """What a plan's score is, and the score: an exhaustive (or forced) plan's is exact,
    ``expected score 358``; MCTS's is an estimate from sampled lines, backed up as a max
    (it may stand above or below the exact value), ``estimated score 144609``; the rule
    of thumb's is the score of its line along the likeliest outcomes."""
    words = {"mcts": "estimated score (sampled lines: not exact)",
             "greedy": "score along the likeliest outcomes"}.get(plan.method, "expected score")
    return f"{words} {score_text(plan.expected_score)}"


def plan_lines(steps: list[LineStep]) -> list[str]:
    """The plan's moves, numbered, as :func:`describe` prints them: a move whose result
    is random says so and which outcome the line follows past it (its likeliest), and a
    line under them says from which step on the line is that outcome's, and how often
    (the AI plans the rest again when the dice fall otherwise)."""
    lines, after = [], None
    for i, (text, cut, chance) in enumerate(steps, 1):
        said = ended_text(text, cut)
        if chance is not None:
            said += f" · {chance_text(chance)}"
            after = after or (i + 1 if i < len(steps) else None)
        lines.append(f"{i}. {said}")
    if after is not None:
        which = f"step {after}" if after == len(steps) else f"steps {after}–{len(steps)}"
        p = line_probability(steps)
        often = f" ({probability_label(p)} of the time)" if p is not None else ""
        lines.append(f"{which} follow{'s' * (after == len(steps))} those outcomes{often}; "
                     "on others the AI plans again")
    return lines


def chance_text(chance) -> str:
    """A random move's outcomes and the one a plan's line follows, in words.

    >>> from dicey.ai.moves import ChanceTaken
    >>> chance_text(ChanceTaken(2, 0.5, ("1", "4")))
    'by chance (2 outcomes): the line follows the one that gives 1, 4 (1/2)'
    >>> chance_text(ChanceTaken(3, 0.5, ()))
    'by chance (3 outcomes): the line follows the likeliest (1/2)'
    >>> chance_text(ChanceTaken(None, None, ()))
    'by chance (too many outcomes to count): the line follows one drawn'

    (The count comes first: "the one of 2 outcomes that gives 1, 3 (2/3)" read as if
    each of the two were a half.)
    """
    of = f"{chance.outcomes} outcomes" if chance.outcomes is not None else \
        "too many outcomes to count"
    which = f"the one that {chance.said}" if chance.given else chance.said
    p = f" ({probability_label(chance.probability)})" if chance.probability is not None else ""
    return f"by chance ({of}): the line follows {which}{p}"


def line_probability(steps: list[LineStep]) -> float | None:
    """How often the dice fall as a line follows them: the product of the probabilities
    of the outcomes it takes (1 for a line with no random move; None when an outcome was
    drawn from too many to count)."""
    p = 1.0
    for step in steps:
        if step.chance is not None:
            if step.chance.probability is None:
                return None
            p *= step.chance.probability
    return p


def _sides(scenario: Scenario, fight: Fight) -> list[tuple[int, dict[str, Any]]]:
    """Each fighter's side with its table of the scenario, the actor first."""
    return [(fight.actor, scenario.actor), (1 - fight.actor, scenario.opponent)]


def pinned_setup(scenario: Scenario, fight: Fight) -> list[str]:
    """The dice a turn and the level a scenario pins a fighter to (``dice_count``,
    ``level``: they decide the turns the planner foresees), a line a fighter pinned so."""
    lines = []
    for side, spec in _sides(scenario, fight):
        f = fight.fighters[side]
        said = ([f"rolls {counted(f.dice_count, 'die', 'dice')} a turn"]
                if "dice_count" in spec else []) + \
            ([f"level {f.level}"] if "level" in spec else [])
        if said:
            lines.append(printable(f"{f.name}: {', '.join(said)}"))
    return lines


def pinned_vars(scenario: Scenario, fight: Fight) -> dict[int, dict[str, tuple[str, ...]]]:
    """The card variables a scenario pins (``vars``): side → card id → their names."""
    return {side: {make_id(card): tuple(values) for card, values in spec.get("vars",
                                                                            {}).items()}
            for side, spec in _sides(scenario, fight)}


def _var_text(value: Any) -> str:
    """A card variable's value as a scenario writes it: ``true``, ``3``, ``"armed"``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


def pinned_cards(fight: Fight, pinned: dict[int, dict[str, tuple[str, ...]]] | None = None
                 ) -> list[str]:
    """What the position holds of each fighter's cards beyond dice, HP and statuses: the
    marks (the actor's for this turn, the other's for its next turn), countdowns, the
    variables ``pinned`` names (side → card id → variables), cards borrowed and the
    cards used this turn (the other's: in its turn just played), one line a fighter that
    has any.

    (A scenario pins them: ``shocked``, ``weakened``, ``countdowns``, ``vars``,
    ``borrowed``, ``used_this_turn``, ``cards_used``; a plan that does not show them reads
    wrong.)"""
    pinned = pinned or {}
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
            values = dict(card.vars)
            said += [f"{name} = {_var_text(values[name])}"
                     for name in pinned.get(side, {}).get(card.defn.id, ())
                     if name in values]
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
