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

from typing import Any, Sequence

from dicey.lang.defs import EquipmentDef, Slot
from dicey.rules.state import (DISCARDED, GIVEN, RETURNED, STOLEN, TAKEN, UNLIMITED,
                               CardState, Die, fresh_card, literal_value, slot_assignment)


#: What a button (a card that takes no die) shows where other cards show their slots.
PRESS = "[press]"

#: A button's face in a fight: it can be used now; its ``ready`` condition does not hold
#: yet (a button with a ``progress`` shows how far it has come instead: ``[3/8]``); no use
#: is left this turn; it is used up for the fight. Short: each fits a card of a row of six
#: at 80 columns (nine cells of text, which a progress longer than that keeps to by
#: showing ``[not yet]``).
READY, NOT_YET, USED, USED_UP = "[ready]", "[not yet]", "[used]", "[used up]"
#: The face of a card gone from the fight another way: taken by the opponent, discarded.
TAKEN_FACE, DISCARDED_FACE = "[taken]", "[gone]"

#: A button's ``progress`` as its fight reads it: so far, and the goal.
Progress = tuple[int, int]


def slot_line(card: CardState, ready: bool | None = None, progress: Progress | None = None
              ) -> str:
    """The card's slots as they stand: ``[any] [≤4]``, a placed die in its slot (``[5]``),
    ``[5 to go]`` for a countdown card (``[3 to go]`` once dice went in), then
    ``+2`` free and ``spare 6``. A button shows ``[press]``, or in a fight, where
    ``ready`` (whether its ``ready`` condition holds) is known, :func:`button_mark`
    (``progress``: how far it has come, when its fight could read it).

    >>> from dicey.lang.defs import EquipmentDef
    >>> button = fresh_card(EquipmentDef("b", "B", slots=(), button=True))
    >>> slot_line(button), slot_line(button, True), slot_line(button, False)
    ('[press]', '[ready]', '[not yet]')
    >>> slot_line(button, False, (3, 8)), slot_line(button, True, (8, 8))
    ('[3/8]', '[ready]')
    """
    act = card.active
    if act.button:
        return PRESS if ready is None else button_mark(card, ready, progress)
    if card.gone in (TAKEN, DISCARDED, RETURNED):   # no slots to fill: why it is gone
        return gone_face(card)
    if act.countdown is not None:   # short enough for a card at 80 columns
        return f"[{card.countdown} to go]"
    slots = card.slots
    shown = [f"[{s.label}]" for s in slots]
    where = slot_assignment(slots, card.placed) if card.placed else ()
    for value, slot in zip(card.placed, where or ()):
        shown[slot] = f"[{value}]"
    shown += [f"+{act.free}"] if act.free else []
    shown += [f"spare {', '.join(map(str, act.spares))}"] if act.spares else []
    shown += [f"total {act.total}"] if act.total is not None else []
    return " ".join(shown)


def button_mark(card: CardState, ready: bool, progress: Progress | None = None) -> str:
    """A button's face in a fight, ``ready`` telling whether its ``ready`` condition holds
    now: ``[used up]`` for the fight, ``[used]`` (no use left this turn), else ``[ready]``
    or ``[not yet]`` -- which says how far it has come (``[3/8]``) when its ``progress``
    is known and fits where ``[not yet]`` does. A shocked button shows what its condition
    says (its border says SHOCKED: released, it is as ready as that).

    >>> from dicey.lang.defs import EquipmentDef
    >>> button = fresh_card(EquipmentDef("b", "B", slots=(), button=True))
    >>> [button_mark(c, True) for c in (button, button._replace(shocked=True),
    ...                                 button._replace(uses_left=0),
    ...                                 button._replace(uses_left=0, gone=True))]
    ['[ready]', '[ready]', '[used]', '[used up]']
    >>> [button_mark(button, False, p) for p in ((0, 8), (12, 100), (1000, 5000), None)]
    ['[0/8]', '[12/100]', '[not yet]', '[not yet]']
    """
    if card.gone:
        return gone_face(card)
    if card.uses_left == 0:
        return USED
    if ready:
        return READY
    if progress is not None:
        shown = f"[{progress[0]}/{progress[1]}]"
        if len(shown) <= len(NOT_YET):
            return shown
    return NOT_YET


def gone_face(card: CardState) -> str:
    """The face of a card gone for the fight: ``[used up]``, ``[taken]`` (by the
    opponent) or ``[gone]`` (discarded).

    >>> from dicey.lang.defs import EquipmentDef
    >>> rock = fresh_card(EquipmentDef("rock", "Rock"))
    >>> [gone_face(rock._replace(gone=g)) for g in (True, TAKEN, DISCARDED, RETURNED)]
    ['[used up]', '[taken]', '[gone]', '[gone]']
    """
    return TAKEN_FACE if card.gone == TAKEN else DISCARDED_FACE \
        if card.gone in (DISCARDED, RETURNED) else USED_UP


def gone_words(card: CardState, opponent: str = "", back: int = 0, turn: int = 0) -> str:
    """Why a card is gone for the fight, in words (``opponent``: the other fighter's name,
    who took it; ``back``: for a card taken for a while, the turn at whose end it comes
    back, said from turn ``turn``).

    >>> from dicey.lang.defs import EquipmentDef
    >>> rock = fresh_card(EquipmentDef("rock", "Rock"))
    >>> [gone_words(rock._replace(gone=g), "Magpie") for g in (True, TAKEN, DISCARDED)]
    ['used up: gone for the rest of the fight', 'taken by Magpie for this fight', \
'discarded: gone for the rest of the fight']
    >>> gone_words(rock._replace(gone=TAKEN), "Mugger", back=5, turn=4)
    'taken by Mugger until the end of turn 5 (in 1 turn); then it comes back'
    """
    if card.gone == TAKEN:
        taker = opponent or "the opponent"
        if back:
            return f"taken by {taker} until the end of {_turn_words(back, turn)}; then it " \
                "comes back"
        return f"taken by {taker} for this fight"
    if card.gone == DISCARDED:
        return "discarded: gone for the rest of the fight"
    if card.gone == RETURNED:
        return "gone back to its owner: it was taken for a while" \
            if card.temporary == STOLEN else "gone: it was given for a while"
    return "used up: gone for the rest of the fight"


def temporary_words(card: CardState, opponent: str = "", turn: int = 0) -> str:
    """How a card given or taken in this fight came (``""`` for one of the kit's own); one
    taken for a while (its ``loan``), until when, said from turn ``turn``.

    >>> from dicey.lang.defs import EquipmentDef
    >>> rock = fresh_card(EquipmentDef("rock", "Rock"))
    >>> temporary_words(rock._replace(temporary=STOLEN), "Rat"), temporary_words(rock)
    ('taken from Rat for this fight', '')
    >>> lent = rock._replace(temporary=STOLEN, loan=(5, 0))
    >>> temporary_words(lent, "Mugger", 5)
    'taken from Mugger until the end of this turn (turn 5); then it goes back'
    >>> temporary_words(lent, "Mugger", 3)
    'taken from Mugger until the end of turn 5 (in 2 turns); then it goes back'
    >>> temporary_words(rock._replace(temporary=True, loan=(5, GIVEN)), "", 5)
    'given until the end of this turn (turn 5); then it goes'
    """
    if card.temporary == STOLEN:
        owner = opponent or "the opponent"
        if card.loan:
            return f"taken from {owner} until the end of {_turn_words(card.loan[0], turn)}; " \
                "then it goes back"
        return f"taken from {owner} for this fight"
    if card.temporary and card.loan:
        return f"given until the end of {_turn_words(card.loan[0], turn)}; then it goes"
    return "given during this fight; gone after it" if card.temporary else ""


def next_roll(extra_for: Sequence[tuple[int, int]], waiting: Sequence[Die]) -> str:
    """What a fighter's next roll has besides its dice: those ``extra_dice`` gave or took
    for a few rolls, and the dice given outside its turn, which wait for it ("" if none).

    >>> next_roll([(-1, 1)], []), next_roll([(2, 3)], [Die(6), Die(2, burning=True)])
    ('next roll: 1 die fewer', 'next roll: 2 dice more, + 6, 2 burn')
    >>> next_roll([(1, 2), (-1, 1)], [])
    ''
    """
    parts = []
    n = sum(count for count, _ in extra_for)
    if n:
        parts.append(f"{counted(abs(n), 'die', 'dice')} {'more' if n > 0 else 'fewer'}")
    if waiting:
        parts.append("+ " + ", ".join(d.label for d in waiting))
    return "next roll: " + ", ".join(parts) if parts else ""


def held_line(card: CardState, turn: int, back: int = 0) -> str:
    """Until when a card in play is held, in a few words for its face's bottom edge, said
    from turn ``turn`` as :func:`temporary_words` and :func:`gone_words` say it: one
    given or taken for a while (its ``loan``) ``goes after this turn`` or ``goes after turn
    5``; one's own card taken for a while (``back``: the turn at whose end it comes back)
    is ``back after turn 5``. Any other card (or outside a fight, ``turn`` 0): ``""``.

    >>> from dicey.lang.defs import EquipmentDef
    >>> rock = fresh_card(EquipmentDef("rock", "Rock"))
    >>> given = rock._replace(temporary=True, loan=(5, GIVEN))
    >>> held_line(given, 5), held_line(given, 3), held_line(rock, 3)
    ('goes after this turn', 'goes after turn 5', '')
    >>> held_line(rock._replace(gone=TAKEN), 4, back=5)
    'back after turn 5'
    """
    return next(iter(held_lines(card, turn, back)), "")


def held_lines(card: CardState, turn: int, back: int = 0) -> tuple[str, ...]:
    """:func:`held_line`'s words and, from the longest, the shorter ones a narrower face
    says the same with: the turn by its number, then ``to turn 5`` (``()`` for a card not
    held for a while).

    >>> from dicey.lang.defs import EquipmentDef
    >>> rock = fresh_card(EquipmentDef("rock", "Rock"))
    >>> held_lines(rock._replace(temporary=True, loan=(5, GIVEN)), 5)
    ('goes after this turn', 'goes after turn 5', 'to turn 5')
    >>> held_lines(rock._replace(temporary=STOLEN, loan=(5, 0)), 3)
    ('goes after turn 5', 'to turn 5')
    """
    if not turn or (card.gone and card.gone != TAKEN):
        return ()
    end = back if card.gone else card.loan[0] if card.loan else 0
    if not end:
        return ()
    went = "back" if card.gone else "goes"
    return tuple(dict.fromkeys((f"{went} after {_turn_name(end, turn)}",
                                f"{went} after turn {end}", f"to turn {end}")))


def _turn_name(end: int, turn: int) -> str:
    """Turn ``end`` named from turn ``turn``: ``this turn``, ``turn 5``."""
    return "this turn" if end <= turn else f"turn {end}"


def _turn_words(back: int, turn: int) -> str:
    """Turn ``back`` said from turn ``turn``: ``this turn (turn 5)``, ``turn 5 (in 2
    turns)``."""
    ahead = f"turn {back}" if back <= turn else f"in {counted(back - turn, 'turn', 'turns')}"
    return f"{_turn_name(back, turn)} ({ahead})"


_TOKEN = re.compile(r"\[([A-Za-z_][A-Za-z0-9_]*)\]")


def starting_vars(card: EquipmentDef) -> dict[str, Any]:
    """The card's variables as a fight starts them, those set to a value as written
    (``var charge = 0``); one that a fight works out (``var top = self.max_hp``) is not
    known outside one.

    >>> from dicey.lang.ast import Int
    >>> starting_vars(EquipmentDef("f", "F", vars=(("charge", Int(0)),)))
    {'charge': 0}
    """
    known = {}
    for name, expr in card.vars:
        ok, value = literal_value(expr)
        if ok:
            known[name] = value
    return known


def card_text(card: CardState) -> str:
    """The card's text with ``[d]`` shown as the dice on it (``d`` while empty; a countdown
    card's N) and ``[NAME]`` as the card's variable, outside a fight as a fight starts it
    (``(0/8)`` for a limit break's ``([charge]/8)``): what the fight screen shows. A
    variable a fight works out (``var top = self.max_hp``) is shown by its name outside
    one, as ``d`` is.

    >>> from dicey.lang.ast import Int, Name
    >>> jar = EquipmentDef("j", "Jar", text="Keep [d] ([kept] kept, [top] top)",
    ...                    vars=(("kept", Int(0)), ("top", Name("hp"))))
    >>> card_text(fresh_card(jar))
    'Keep d (0 kept, top top)'
    """
    act = card.active
    values = {name: name for name, _ in act.vars}
    values.update(starting_vars(act))
    values.update(card.vars)
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
        return {TAKEN: "taken", DISCARDED: "discarded"}.get(card.gone, "used up")
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


def button_words(card: CardState, key: str = "", owner: str = "") -> str:
    """What a button takes (no die), and how it is used, in words: by its key (``key``,
    when known) or a click; an ``owner``'s (an enemy's) by its owner.

    >>> from dicey.lang.defs import EquipmentDef
    >>> button = fresh_card(EquipmentDef("b", "B", slots=(), button=True))
    >>> button_words(button)
    'no die: a button; press its key or click it to use it'
    >>> button_words(button, "b"), button_words(button, owner="Frog")
    ('no die: a button; press b or click it to use it', 'no die: a button; Frog uses it')
    """
    if owner:
        return f"no die: a button; {owner} uses it"
    return f"no die: a button; press {key or 'its key'} or click it to use it"


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


def progress_words(card: CardState) -> str:
    """How a button says how far it has come (its ``progress`` as written), or "".

    >>> from dicey.lang.defs import EquipmentDef
    >>> progress_words(fresh_card(EquipmentDef("b", "B", slots=(), button=True,
    ...                                        progress_text=("charge", "8"))))
    'charge of 8'
    """
    so_far, goal = card.active.progress_text
    return f"{so_far} of {goal}" if so_far else ""


def readiness(card: CardState, ready: bool | None, progress: Progress | None = None) -> str:
    """Whether a button can be used now, in words for a player, ``ready`` telling whether
    its ``ready`` condition holds (None: not in a fight; then :func:`ready_words`, and
    the card's ``progress`` as written). The condition is said as written (a modder's card
    may have any), after the player's words, with how far the button has come
    (``progress``, when its fight read it) or else the card's number variables the
    condition reads as they are now.

    >>> from dicey.lang.defs import EquipmentDef
    >>> fury = fresh_card(EquipmentDef("f", "Fury", slots=(), button=True,
    ...                                ready_text="charge >= 8"), vars=(("charge", 3),))
    >>> readiness(fury, False)
    'not ready yet (ready when charge >= 8; charge is 3 now)'
    >>> readiness(fury._replace(vars=(("charge", 8),)), True)
    'ready now (when charge >= 8)'
    >>> readiness(fury._replace(shocked=True), True)
    'ready once released: it is SHOCKED (when charge >= 8)'
    >>> readiness(fury._replace(uses_left=0, gone=True), True), readiness(fury, None)
    ('used up for this fight', 'when charge >= 8')
    >>> readiness(fury, False, (3, 8))
    'not ready yet: 3 of 8 so far (ready when charge >= 8)'
    """
    if ready is None:
        shown = progress_words(card)
        return ready_words(card) + (f"; its face shows {shown}" if shown else "")
    if card.gone:
        return gone_words(card).split(":")[0] + ("" if card.gone == TAKEN else
                                                 " for this fight")
    if card.uses_left == 0:
        return "used: no uses left this turn"
    condition = card.active.ready_text
    if ready:
        return ("ready once released: it is SHOCKED" if card.shocked else "ready now") + \
            (f" ({ready_words(card)})" if condition else "")
    if progress is not None:
        return f"not ready yet: {progress[0]} of {progress[1]} so far" + \
            (f" (ready {ready_words(card)})" if condition else "")
    if not condition:   # (none: ready whenever it has uses left, so not shown here)
        return "not ready yet"
    now = "; ".join(f"{name} is {value}" for name, value in card.vars
                    if isinstance(value, int) and not isinstance(value, bool) and
                    re.search(rf"\b{re.escape(name)}\b", condition))
    return f"not ready yet (ready {ready_words(card)}" + (f"; {now} now" if now else "") + ")"


def version_line(card: EquipmentDef, other: EquipmentDef, title: str = "",
                 state: CardState | None = None, scripts: bool = True) -> str:
    """The card's upgraded (or weakened) version ``other`` in one line
    (``Sword+: [any] · Do d+2 damage``), each change marked with what the card's own was
    (``size 1 (was 2)``, ``ready when charge >= 6 (was charge >= 8)``), and, with
    ``scripts``, whether it runs scripts of its own (``state``: the version as a card,
    by default a fresh one).

    >>> from dataclasses import replace
    >>> from dicey.lang.defs import EquipmentDef
    >>> fury = EquipmentDef("f", "Fury", slots=(), button=True, ready_text="charge >= 8",
    ...                     text="Charge")
    >>> version_line(fury, replace(fury, ready_text="charge >= 6"), "Fury+")
    'Fury+: [press] · ready when charge >= 6 (was charge >= 8) · Charge'
    """
    state = state or fresh_card(other)
    base = fresh_card(card)

    def part(now: str, was: str) -> str:
        return now if now == was else f"{now} (was {was})"

    parts = [part(slot_line(state), slot_line(base))]
    if other.ready_text != card.ready_text:
        parts.append(part(f"ready when {other.ready_text or 'it has uses left'}",
                          card.ready_text or "it has uses left"))
    if other.size != card.size:
        parts.append(f"size {part(str(other.size), str(card.size))}")
    if uses_words(state, False) != uses_words(base, False):
        parts.append(part(uses_words(state, False), uses_words(base, False)))
    parts.append(card_text(state) or "(no text)")
    if scripts and _hook_places(other) != _hook_places(card):
        parts.append("scripts of its own")
    return (f"{title}: " if title else "") + " · ".join(parts)


def _hook_places(card: EquipmentDef) -> dict:
    """Where each of the card's hooks is written (a version that keeps a hook keeps it)."""
    return {name: getattr(script, "pos", None) for name, script in card.hooks.items()}


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


def uses_words(card: CardState, in_fight: bool = True, opponent: str = "", back: int = 0,
               turn: int = 0) -> str:
    """How often the card can be used and, ``in_fight``, what is left of it, in words (a
    card gone: why, :func:`gone_words`, with ``opponent``, ``back`` and ``turn``).

    >>> from dicey.lang.defs import EquipmentDef
    >>> bow = fresh_card(EquipmentDef("b", "Bow", uses=2))
    >>> uses_words(bow), uses_words(bow._replace(uses_left=0)), uses_words(bow, False)
    ('twice a turn (2 left this turn)', 'twice a turn (none left this turn)', 'twice a turn')
    """
    act = card.active
    used = in_fight and card.uses_left == 0
    if card.gone and in_fight:
        return gone_words(card, opponent, back, turn)
    if act.spare_only:
        return "never: it holds its spare dice, and nothing takes a die"
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
