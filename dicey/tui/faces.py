"""How the game's pieces read on screen, as plain strings: card slots and text, uses, dice,
HP bars and statuses. The widgets colour these; everything a player must know is in the
words and symbols themselves, so the game reads the same in 16 colours or with
``NO_COLOR``.

>>> from dicey.lang.defs import EquipmentDef, Slot
>>> from dicey.rules.state import fresh_card
>>> sword = fresh_card(EquipmentDef("sword", "Sword", slots=(Slot("any"), Slot("max", 4)),
...                                 text="Do [d] damage"))
>>> with_five = sword._replace(placed=(5,))
>>> slot_line(sword), slot_line(with_five), card_text(sword), card_text(with_five)
('[any] [≤4]', '[5] [≤4]', 'Do d damage', 'Do 5 damage')
>>> hp_bar(5, 20, 8), die_label(Die(4, burning=True)), die_label(Die(0, blind=True))
('██░░░░░░', '4 burn', '?')
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Sequence

from dicey.rules.protocol import Move
from dicey.rules.state import UNLIMITED, CardState, Die, slot_assignment

#: Keys that pick a hero's cards, in order (g, h, q, t and x are other commands).
CARD_KEYS = "abcdefijklmnoprsuvw"


def slot_line(card: CardState) -> str:
    """The card's slots as they stand: ``[any] [≤4]``, a placed die in its slot (``[5]``),
    ``[5 to go]`` for a countdown card (``[3 to go]`` once dice went in), then
    ``+2`` free and ``spare 6``."""
    act = card.active
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
    name = card.name + ("+" if card.upgraded else "")
    return f"{key} {name}" if key else name


def move_label(move: Move, cards: Sequence[CardState]) -> str:
    """A move as the fight screen shows it: the die's face, then the card's key and title
    as on the card (``5 → a Sword+``), ``?`` for a blind die (the planner knows it as 0).

    >>> from dicey.lang.defs import EquipmentDef
    >>> from dicey.rules.state import fresh_card
    >>> sword = fresh_card(EquipmentDef("sword", "Sword"), upgraded=True)
    >>> [move_label(m, [sword]) for m in (Move.place(5, "Sword", 0, 0),
    ...                                   Move.release(0, "Sword", 1, 0), Move.end())]
    ['5 → a Sword+', 'release a Sword+ with ?', 'end turn']
    """
    if move.is_end:
        return "end turn"
    die = str(move.die) if move.die else "?"
    card = move.card
    if 0 <= move.card_index < len(cards) and cards[move.card_index].name == move.card:
        card = card_title(cards[move.card_index], CARD_KEYS[move.card_index]
                          if move.card_index < len(CARD_KEYS) else "")
    return f"release {card} with {die}" if move.action == "release" else f"{die} → {card}"


def card_line(card: CardState, key: str = "", owner: str = "") -> str:
    """The whole card on one line (a card's face may be too small for its name and text):
    ``b Torch: [any] Do d fire damage. On a 5 or 6, set 1 die burning · ∞``; an
    ``owner``'s card is said to be theirs: ``Frog's Tongue: [≤3] Do d damage``."""
    tail = [t for t in (uses_line(card), marks(card)) if t]
    whose = f"{owner}'{'' if owner.endswith('s') else 's'} " if owner else ""
    return f"{whose}{card_title(card, key)}: {slot_line(card)} {card_text(card)}" + \
        "".join(f" · {t}" for t in tail)


def die_label(die: Die, short: bool = False) -> str:
    """The die's face and its marks: ``5``, ``4 burn``, ``2 lock``, ``?`` (blind); with
    ``short``, the marks' initials (``4 b``)."""
    face = "?" if die.blind else str(die.value)
    words = [w for w, on in (("burn", die.burning), ("lock", die.locked)) if on]
    return " ".join([face, *(w[0] if short else w for w in words)])


def hp_bar(hp: int, max_hp: int, width: int = 10) -> str:
    filled = 0 if max_hp <= 0 else round(width * max(0, min(hp, max_hp)) / max_hp)
    if hp > 0:
        filled = max(1, filled)
    return "█" * filled + "░" * (width - filled)


def status_line(statuses: Mapping[str, int], names: Mapping[str, Any] | None = None) -> str:
    """``shield 3 · poison 1`` in the given order (names from the library when known)."""
    def name(sid: str) -> str:
        defn = (names or {}).get(sid)
        return getattr(defn, "name", sid).lower()
    return " · ".join(f"{name(s)} {n}" for s, n in statuses.items() if n > 0)


def dice_line(dice: Iterable[Die]) -> str:
    return " ".join(die_label(d) for d in dice)
