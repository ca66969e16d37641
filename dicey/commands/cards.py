"""``dicey cards [NAME]``: list the equipment cards, or show one in full."""
from __future__ import annotations

import argparse

from dicey.lang.defs import EquipmentDef

from ._shared import fail, library_from


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cards", help="list cards, or show one card",
                       description=__doc__)
    p.add_argument("name", nargs="?", help="a card's name or id")
    p.set_defaults(func=run)


def slot_text(card: EquipmentDef) -> str:
    """The card's slots as the UI draws them: ``[any] [≤4]``, ``[countdown 5]``."""
    if card.countdown is not None:
        return f"[countdown {card.countdown}]"
    parts = [f"[{s.label}]" for s in card.slots]
    parts += [f"[free {n}]" for n in ([card.free] if card.free else [])]
    parts += [f"[spare {n}]" for n in card.spares]
    if card.total is not None:
        parts.append(f"total {card.total}")
    return " ".join(parts)


def uses_text(card: EquipmentDef) -> str:
    if card.single_use:
        return "single use"
    if card.once_per_fight:
        return "once per fight"
    return "unlimited" if card.uses is None else f"{card.uses}/turn"


def version_text(card: EquipmentDef, other: EquipmentDef) -> str:
    """The card's upgraded or weakened version in one line: its size, slots and uses (each
    marked with what the card's own was, where it differs), its text, and whether its
    scripts differ."""
    def part(now: str, was: str) -> str:
        return now if now == was else f"{now} (was {was.removeprefix('size ')})"

    line = ", ".join([part(f"size {other.size}", f"size {card.size}"),
                      part(slot_text(other), slot_text(card)),
                      part(uses_text(other), uses_text(card))])
    line += f" — {other.text}"
    if _hook_places(other) != _hook_places(card):
        line += "  (its own scripts)"
    return line


def _hook_places(card: EquipmentDef) -> dict:
    """Where each of the card's hooks is written (a version that keeps a hook keeps it)."""
    return {name: getattr(script, "pos", None) for name, script in card.hooks.items()}


def describe(card: EquipmentDef) -> str:
    """Everything about one card, as ``dicey cards NAME`` prints it."""
    lines = [f"{card.name}  ({card.id})",
             f"  size     {card.size}",
             f"  slots    {slot_text(card)}",
             f"  uses     {uses_text(card)}",
             f"  cast     {card.cast}",
             f"  random   {'yes' if card.is_random else 'no'}"]
    if card.tags:
        lines.append(f"  tags     {', '.join(sorted(card.tags))}")
    if card.vars:
        lines.append(f"  vars     {', '.join(name for name, _ in card.vars)}")
    lines.append(f"  hooks    {', '.join(card.hooks) or 'none'}")
    lines.append(f"  text     {card.text}")
    for label, other in (("upgraded", card.upgraded), ("weakened", card.weakened)):
        if other is not None:
            lines.append(f"  {label} {version_text(card, other)}")
    if card.origin is not None:
        where = f" (mod {card.origin.mod})" if card.origin.mod else ""
        lines.append(f"  defined  {card.origin}{where}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    lib = library_from(args)
    if args.name:
        try:
            print(describe(lib.card(args.name)))
        except KeyError as err:
            return fail(err.args[0])
        return 0
    cards = sorted(lib.equipment.values(), key=lambda c: c.name.lower())
    width = max((len(c.name) for c in cards), default=4)
    print(f"{'card':<{width}}  size  {'slots':<24} {'uses':<14} random  from")
    for c in cards:
        origin = c.origin.mod if c.origin and c.origin.mod else "base"
        print(f"{c.name:<{width}}  {c.size:>4}  {slot_text(c):<24} {uses_text(c):<14} "
              f"{'yes' if c.is_random else 'no':<6}  {origin}")
    print(f"{len(cards)} cards")
    return 0
