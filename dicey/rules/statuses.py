"""The core statuses as engine primitives, keyed by status id.

Only ``poison`` acts through its hook in ``content/statuses.dice``; the fifteen below act
here, at the moments ``rules.md`` gives. Their timing (``clears``) and stacking are read from
each status's :class:`~dicey.lang.defs.StatusDef`; :data:`CORE_DEFAULTS` only stands in when
a library lacks a declaration (tests with hand-made content).

Where each primitive acts:

======== =====================================================================
status   acts in
======== =====================================================================
lock     the roll: the first N dice cannot be used this turn (:func:`mark_roll`)
burn     the roll: the next N dice burn; placing one (or releasing with one) costs 2 HP,
         except on a ``fireproof`` card
freeze   the roll: the N highest dice become 1s (:func:`mark_roll`)
blind    the roll: N dice are hidden; each is drawn when placed (``Fight.apply``)
shock    turn start: N random eligible cards are shocked (:func:`card_mark_choices`)
weaken   turn start: N random eligible cards are weakened
curse    firing: 50% to fizzle, spending a stack (``Mechanics._fire``)
dodge    firing: the next ``cast: target`` card against the bearer does nothing
fury     firing: the next card's ``on use`` runs twice (held as it fires)
reequip  firing: the next card used gets its use back this turn (held as it fires)
shield   damage: absorbs point for point (``Mechanics._damage``)
reduce   damage: each instance −N
pierce   damage: the bearer's next attack ignores shield
thorns   damage: an attacker takes N per attack
survive  damage: the next fatal blow leaves 1 HP
======== =====================================================================

>>> d = [Die(6), Die(2), Die(5), Die(3)]
>>> d2, marks = mark_roll(d, {"lock": 1, "freeze": 1})
>>> [x.label for x in d2], marks
(['1 lock', '2', '5', '3'], [('lock', (6,)), ('freeze', (6,))])
"""
from __future__ import annotations

from typing import Iterable

from .state import CardState, Die

#: (kind, stacks add, clears) of the sixteen core statuses, as content declares them.
CORE_DEFAULTS: dict[str, tuple[str, bool, str]] = {
    "poison": ("negative", True, "never"),
    "burn": ("negative", True, "turn end"),
    "freeze": ("negative", True, "turn end"),
    "lock": ("negative", True, "turn end"),
    "blind": ("negative", True, "turn end"),
    "shock": ("negative", True, "turn end"),
    "weaken": ("negative", True, "turn end"),
    "curse": ("negative", True, "turn end"),
    "shield": ("positive", True, "never"),
    "reduce": ("positive", True, "turn start"),
    "dodge": ("positive", True, "turn start"),
    "fury": ("positive", True, "never"),
    "thorns": ("positive", True, "turn start"),
    "pierce": ("positive", True, "never"),
    "survive": ("positive", True, "never"),
    "reequip": ("positive", True, "never"),
}

#: No fighter holds more stacks of a status than this (Dicey Dungeons caps them at 9999):
#: inflicting more adds up to it.
STACK_CAP = 9999

#: The statuses that act on the roll, in the order they apply.
ROLL_STATUSES = ("lock", "burn", "freeze", "blind")
#: The card curses of step 4, in order.
CARD_MARKS = ("shock", "weaken")


def mark_roll(dice: list[Die], stacks: dict[str, int]) -> tuple[list[Die], list[tuple]]:
    """Apply lock, burn, freeze and blind (in that order) to a fresh roll.

    Lock takes the first N dice, burn the next N, freeze turns the N highest into 1s, blind
    hides N dice from the end that freeze did not touch (a blind die's value is drawn when
    it is placed, so it is stored as 0). Returns the new dice and ``(status, values)`` marks
    for the log.
    """
    out = list(dice)
    marks: list[tuple] = []
    n = len(out)
    locked = min(stacks.get("lock", 0), n)
    burning = min(stacks.get("burn", 0), n - locked)
    for i in range(locked):
        out[i] = out[i]._replace(locked=True)
    for i in range(locked, locked + burning):
        out[i] = out[i]._replace(burning=True)
    if locked:
        marks.append(("lock", tuple(d.value for d in out[:locked])))
    if burning:
        marks.append(("burn", tuple(d.value for d in out[locked:locked + burning])))
    frozen = _freeze(out, stacks.get("freeze", 0), marks)
    _blind(out, stacks.get("blind", 0), frozen, marks)
    return out, marks


def _freeze(out: list[Die], count: int, marks: list[tuple]) -> set[int]:
    if count <= 0:
        return set()
    order = sorted(range(len(out)), key=lambda i: (-out[i].value, i))[:count]
    marks.append(("freeze", tuple(out[i].value for i in order)))
    for i in order:
        out[i] = out[i]._replace(value=1)
    return set(order)


def _blind(out: list[Die], count: int, frozen: set[int], marks: list[tuple]) -> None:
    hidden = [i for i in range(len(out) - 1, -1, -1) if i not in frozen][:max(0, count)]
    if hidden:
        marks.append(("blind", tuple(out[i].value for i in hidden)))
    for i in hidden:
        out[i] = out[i]._replace(value=0, blind=True)


def card_mark_choices(cards: Iterable[CardState], mark: str) -> list[int]:
    """Indexes of the cards a ``shock``/``weaken`` stack may pick now.

    Eligible: not used up, not mid-countdown, not already shocked or weakened, not a
    button (it takes no die: weakened slots would not touch it, and a shock would only make
    its owner spend a die to release it) nor a card of spare dice only (never used), and
    not tagged ``<mark>avoid``/``<mark>immune``; cards tagged ``<mark>attract`` go first.
    """
    eligible, attract = [], []
    for i, card in enumerate(cards):
        act = card.active
        tags = act.tags
        if card.gone or card.shocked or card.weakened or act.button or act.spare_only:
            continue
        if act.countdown is not None and card.countdown < act.countdown:
            continue
        if f"{mark}avoid" in tags or f"{mark}immune" in tags:
            continue
        eligible.append(i)
        if f"{mark}attract" in tags:
            attract.append(i)
    return attract or eligible
