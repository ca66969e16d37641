"""``dicey cards [NAME]``: list the equipment cards, or show one in full.

Cards are written as the game draws them: their slots as on the card's face (``[≤4]``,
``+2``, ``[7 to go]``), their uses as on its bottom edge (``×2``, ``∞``, ``1 use``,
``1/fight``) and their text with ``d`` for the dice on them; the list ends with a legend.
One card is shown as the game's card box reads it (slots in words too, uses in words),
then what a modder needs: dodging, chance, tags, variables, scripts, who carries it and
the file it comes from.
"""
from __future__ import annotations

import argparse
import re
import textwrap

from rich.cells import cell_len

from dicey.lang.defs import EquipmentDef
from dicey.library import Library
from dicey.notation import (card_text, progress_words, ready_words, slot_line, slot_words,
                            uses_line, uses_words, version_line)
from dicey.rules.events import listed
from dicey.rules.state import fresh_card

from ._shared import fail, find, library_from


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cards", help="list cards, or show one card",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("name", nargs="?", help="a card's name or id")
    p.set_defaults(func=run)


#: What the list's notation means, in the game's words (docs/playing.md, "A fight").
LEGEND = """\
slots   [≤4] 4 or less · [≥3] 3 or more · [2-4] 2 to 4 · [6] exactly 6
        [=] [=] doubles (both dice equal) · +2 adds 2 to the dice
        total 7 the dice must add up to 7 · spare 1 a spare die of 1 each turn
        [7 to go] a countdown: pour dice in, and at 0 it fires by itself
        [press] a button: it takes no die; use it (when it is ready)
uses    ×2 twice a turn · ∞ as often as you like · 1/fight once per fight
        1 use once, then it is gone for the fight
random  what it does depends on chance
'dicey cards NAME' shows one card whole."""


def slot_text(card: EquipmentDef) -> str:
    """The card's slots as its face shows them: ``[any] [≤4]``, ``[any] +2``, ``[7 to go]``."""
    return slot_line(fresh_card(card))


def uses_text(card: EquipmentDef) -> str:
    """How often the card can be used, as its bottom edge says it (``×2``, ``∞``, ``1 use``,
    ``1/fight``), or ``once a turn`` where the edge says nothing."""
    return uses_line(fresh_card(card)) or "once a turn"


def _dodging(card: EquipmentDef) -> str:
    if card.cast == "self":
        return "cannot be dodged: it is aimed at its owner (cast: self)"
    return "a dodge stops it: it is aimed at the opponent (cast: target)"


def _carried_by(card: EquipmentDef, lib: Library | None) -> str | None:
    """The heroes who start with the card and the enemies who carry it, in words."""
    if lib is None:
        return None
    said = []
    for what, table in (("hero", lib.heroes), ("enemy", lib.enemies)):
        names = sorted((f.name for f in table.values() if card.id in f.equipment),
                       key=str.lower)
        if names:
            plural = {"hero": "heroes", "enemy": "enemies"}[what]
            said.append(f"the {what if len(names) == 1 else plural} {listed(names)}")
    return "; ".join(said) or None


def _rewarded(card: EquipmentDef, lib: Library | None) -> str | None:
    dungeon = lib.dungeon if lib is not None else None
    floors = [str(f.number) for f in dungeon.floors if card.id in f.rewards] if dungeon else []
    if not floors:
        return None
    return f"offered after fights on floor{'s' if len(floors) > 1 else ''} {listed(floors)}"


def describe(card: EquipmentDef, lib: Library | None = None) -> str:
    """Everything about one card, as ``dicey cards NAME`` prints it: first as the game's
    card box reads it, then what a modder needs (``lib`` tells who carries the card)."""
    state = fresh_card(card)
    lines = [("slots", slot_line(state)), ("takes", slot_words(state))]
    if card.button:
        lines.append(("ready", ready_words(state)))
    if progress_words(state):
        lines.append(("progress", "{}, shown on its face in a fight until it is ready "
                                  "([{}/{}])".format(progress_words(state),
                                                     *card.progress_text)))
    lines += [("uses", uses_words(state, False)), ("size", str(card.size)),
              ("text", card_text(state, as_written=True) or "(no text)")]
    if card.upgraded is not None:
        lines.append(("upgrade", version_line(card, card.upgraded, f"{card.name}+", as_written=True)))
    weak = state._replace(weakened=True)
    weakened = version_line(card, weak.active, state=weak, as_written=True)
    same = version_line(card, card, as_written=True)
    lines.append(("weakened", "never: shock and weaken pass a button by" if card.button
                  else "the same" if weakened == same else weakened))
    lines.append(("dodge", _dodging(card)))
    lines.append(("random", "yes: what it does depends on chance" if card.is_random
                  else "no"))
    if card.tags:
        lines.append(("tags", ", ".join(sorted(card.tags))))
    if card.vars:
        lines.append(("vars", ", ".join(name for name, _ in card.vars)))
    lines.append(("hooks", ", ".join(card.hooks) or "none"))
    if (who := _carried_by(card, lib)):
        lines.append(("held by", who))
    if (floors := _rewarded(card, lib)):
        lines.append(("reward", floors))
    if card.origin is not None:
        where = f"mod {card.origin.mod}" if card.origin.mod else "base game"
        lines.append(("defined", f"{card.origin} ({where})"))
    width = max(len(label) for label, _ in lines) + 1
    out = [f"{card.name}  ({card.id})"]
    for label, text in lines:
        out.append(textwrap.fill(text, 79, initial_indent=f"  {label:<{width}}",
                                 subsequent_indent=" " * (width + 2),
                                 break_on_hyphens=False, break_long_words=False,
                                 expand_tabs=False))   # a tab reads as one space
    if any(label in ("text", "upgrade", "weakened") and re.search(r"\bd\b", text)
           for label, text in lines):
        out.append("  (d is the total of the dice on the card)")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    lib = library_from(args)
    if args.name:
        try:
            print(describe(find(lib, "card", args.name), lib))
        except KeyError as err:
            return fail(err.args[0])
        return 0
    cards = sorted(lib.equipment.values(), key=lambda c: c.name.lower())
    width = max((cell_len(c.name) for c in cards), default=4)
    slots = max((cell_len(slot_text(c)) for c in cards), default=5)
    uses = max((len(uses_text(c)) for c in cards), default=4)
    print(f"{'card':<{width}}  size  {'slots':<{slots}}  {'uses':<{uses}}  random  from")
    for c in cards:   # (padded by the cells a name takes: an emoji or a wide letter takes 2)
        origin = c.origin.mod if c.origin and c.origin.mod else "base"
        print(f"{_pad(c.name, width)}  {c.size:>4}  {_pad(slot_text(c), slots)}  "
              f"{uses_text(c):<{uses}}  {'yes' if c.is_random else 'no':<6}  {origin}")
    print(f"{len(cards)} cards")
    print(LEGEND)
    return 0


def _pad(text: str, width: int) -> str:
    """``text`` and the spaces that make it ``width`` terminal cells wide."""
    return text + " " * (width - cell_len(text))
