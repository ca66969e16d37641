"""How cards are written for people, as plain strings: slots (``[any] [≤4]``, ``[7 to go]``),
texts with ``d``, uses (``×2``, ``∞``, ``1/fight``) and the same in words. The game's screens
(:mod:`dicey.tui.faces` builds on this) and ``dicey cards`` write cards alike, from here.

>>> from dicey.lang.defs import EquipmentDef, Slot
>>> sword = fresh_card(EquipmentDef("sword", "Sword", slots=(Slot("any"), Slot("max", 4)),
...                                 text="Do [d] damage"))
>>> with_five = sword._replace(placed=(5,))
>>> slot_line(sword), slot_line(with_five), card_text(sword), card_text(with_five)
('[any] [≤4]', '[5] [≤4]', 'Do d damage', 'Do 5 damage')
"""
from __future__ import annotations

import re

from dicey.lang.defs import Slot
from dicey.rules.state import UNLIMITED, CardState, slot_assignment
from dicey.rules.state import fresh_card  # noqa: F401  (the examples use it)


#: What a button (a card that takes no die) shows where other cards show their slots.
PRESS = "[press]"


def slot_line(card: CardState, ready: bool | None = None) -> str:
    """The card's slots as they stand: ``[any] [≤4]``, a placed die in its slot (``[5]``),
    ``[5 to go]`` for a countdown card (``[3 to go]`` once dice went in), then
    ``+2`` free and ``spare 6``. A button shows ``[press]``, or in a fight, where
    ``ready`` is known, ``[ready]`` / ``[not ready]``.

    >>> from dicey.lang.defs import EquipmentDef
    >>> button = fresh_card(EquipmentDef("b", "B", slots=(), button=True))
    >>> slot_line(button), slot_line(button, True), slot_line(button, False)
    ('[press]', '[ready]', '[not ready]')
    """
    act = card.active
    if act.button:
        return PRESS if ready is None else "[ready]" if ready else "[not ready]"
    if act.countdown is not None:   # short enough for a card at 80 columns
        return f"[{card.countdown} to go]"
    slots = card.slots
    shown = [f"[{s.label}]" for s in slots]
    where = slot_assignment(slots, card.placed) if card.placed else ()
    for value, slot in zip(card.placed, where or ()):
        shown[slot] = f"[{value}]"
    shown += [f"+{act.free}"] if act.free else []
    shown += [f"spare {n}" for n in act.spares]
    shown += [f"total {act.total}"] if act.total is not None else []
    return " ".join(shown)


_TOKEN = re.compile(r"\[([A-Za-z_][A-Za-z0-9_]*)\]")


def card_text(card: CardState) -> str:
    """The card's text with ``[d]`` shown as the dice on it (``d`` while empty; a countdown
    card's N) and ``[NAME]`` as the card's variable."""
    act = card.active
    values = dict(card.vars)
    if act.countdown is not None:
        values["d"] = act.countdown
    elif card.placed:
        values["d"] = sum(card.placed) + act.free
    else:
        values.setdefault("d", "d")
    return _TOKEN.sub(lambda m: str(values.get(m.group(1), m.group(0))), act.text)


def uses_line(card: CardState) -> str:
    """What is left of the card this turn (or fight)."""
    act = card.active
    if card.gone:
        return "used up"
    if card.uses_left == UNLIMITED:
        return "∞"
    if card.uses_left == 0:
        return "used"
    per = "1/fight" if act.once_per_fight else "1 use" if act.single_use else ""
    if per:
        return per
    # A card used once a turn says nothing; one used more often counts down to its last.
    return f"×{card.uses_left}" if card.uses_left > 1 or (act.uses or 1) > 1 else ""


def marks(card: CardState) -> str:
    """``SHOCKED`` / ``weakened`` / ``upgraded`` words for the card's border."""
    words = ["SHOCKED"] if card.shocked else []
    words += ["weakened"] if card.weakened else []
    return " ".join(words)


def card_title(card: CardState, key: str = "") -> str:
    return f"{key} {card.title}" if key else card.title


def slot_words(card: CardState) -> str:
    """What the card takes, in words (its slots as they stand now, placed dice too).

    >>> from dicey.lang.defs import EquipmentDef, Slot
    >>> slot_words(fresh_card(EquipmentDef("s", "S", slots=(Slot("max", 4), Slot("any")),
    ...                                    free=2)))
    'a die of 4 or less, and any die; 2 is added to them'
    >>> slot_words(fresh_card(EquipmentDef("l", "L", slots=(Slot("doubles"),) * 2, total=7)))
    'two equal dice (doubles); they must add up to 7'
    >>> slot_words(fresh_card(EquipmentDef("t", "T", slots=(Slot("even"),) * 3))._replace(
    ...     placed=(4,)))
    'a 4 (placed), and two even dice'
    """
    act = card.active
    if act.button:
        return button_words(card)
    if act.countdown is not None:
        return (f"{card.countdown} to go (it counts down from {act.countdown}): pour dice in, "
                "each takes its value off; at 0 the card fires by itself")
    slots = card.slots
    where = slot_assignment(slots, card.placed) if card.placed else None
    holding = dict(zip(where or (), card.placed))
    said: list[list] = []   # [a Slot and how many in a row] or [words]
    pairs = [i for i, s in enumerate(slots) if s.kind == "doubles"]
    for i, slot in enumerate(slots):
        if slot.kind == "doubles":
            if pairs.index(i) % 2 == 0:   # a pair of doubles slots, said once
                pair = pairs[pairs.index(i):pairs.index(i) + 2]
                shown = [holding[j] for j in pair if j in holding]
                said.append(["two equal dice (doubles)" if not shown else
                             f"a {shown[0]} (placed) and another {shown[0]}"
                             if len(shown) == 1 else f"two {shown[0]}s (placed)"])
        elif i in holding:
            said.append([f"a {holding[i]} (placed)"])
        elif said and said[-1][0] == slot:   # the same slot again: said once, counted
            said[-1][1] += 1
        else:
            said.append([slot, 1])
    words = [_slot_words(*part) if len(part) == 2 else part[0] for part in said]
    takes = ", and ".join(words) if len(words) < 3 else \
        ", ".join(words[:-1]) + ", and " + words[-1]
    extra = [f"{act.free} is added to {'it' if len(slots) == 1 else 'them'}"] if act.free \
        else []
    extra += [f"it holds a spare die of {n} each turn" for n in act.spares]
    extra += [f"they must add up to {act.total}"] if act.total is not None else []
    return "; ".join([takes or "no dice", *extra])


def button_words(card: CardState) -> str:
    """What a button takes (no die), in words.

    >>> from dicey.lang.defs import EquipmentDef
    >>> button_words(fresh_card(EquipmentDef("b", "B", slots=(), button=True)))
    'no die: a button, used by a move of its own'
    """
    return "no die: a button, used by a move of its own"


def ready_words(card: CardState) -> str:
    """When a button may be used, in words (its ``ready`` condition as written).

    >>> from dicey.lang.defs import EquipmentDef
    >>> ready_words(fresh_card(EquipmentDef("b", "B", slots=(), button=True,
    ...                                     ready_text="charge >= 8")))
    'when charge >= 8'
    >>> ready_words(fresh_card(EquipmentDef("b", "B", slots=(), button=True)))
    'whenever it has uses left'
    """
    ready = card.active.ready_text
    return f"when {ready}" if ready else "whenever it has uses left"


def _count(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _slot_words(slot: Slot, n: int = 1) -> str:
    """``n`` dice for such slots, in words: ``a die of 4 or less``, ``two even dice``."""
    k, a, b = slot.kind, slot.a, slot.b
    if n == 1:
        return {"any": "any die", "even": "an even die", "odd": "an odd die",
                "exact": f"a {a}", "max": f"a die of {a} or less",
                "min": f"a die of {a} or more", "range": f"a die from {a} to {b}"}[k]
    many = _count(n)
    return {"any": f"any {many} dice", "even": f"{many} even dice", "odd": f"{many} odd dice",
            "exact": f"{many} {a}s", "max": f"{many} dice of {a} or less",
            "min": f"{many} dice of {a} or more", "range": f"{many} dice from {a} to {b}"}[k]


def uses_words(card: CardState, in_fight: bool = True) -> str:
    """How often the card can be used and, ``in_fight``, what is left of it, in words.

    >>> from dicey.lang.defs import EquipmentDef
    >>> bow = fresh_card(EquipmentDef("b", "Bow", uses=2))
    >>> uses_words(bow), uses_words(bow._replace(uses_left=0)), uses_words(bow, False)
    ('twice a turn (2 left this turn)', 'twice a turn (none left this turn)', 'twice a turn')
    """
    act = card.active
    used = in_fight and card.uses_left == 0
    if card.gone and in_fight:
        return "used up: gone for the rest of the fight"
    if card.uses_left == UNLIMITED:
        return "as often as you like"
    if act.once_per_fight:
        return "once per fight" + (" (used)" if used else "")
    if act.single_use:
        return "once, then it is gone for the fight" + (" (used)" if used else "")
    per = act.uses or 1
    times = {1: "once", 2: "twice"}.get(per, f"{per} times") + " a turn"
    if not in_fight:
        return times
    return f"{times} ({card.uses_left or 'none'} left this turn)"


def counted(n: int, one: str, many: str) -> str:
    """``n`` things, said as English says them.

    >>> counted(1, "die", "dice"), counted(3, "die", "dice"), counted(0, "fight", "fights")
    ('1 die', '3 dice', '0 fights')
    """
    return f"{n} {one if n == 1 else many}"
