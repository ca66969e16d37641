"""A countdown card's progress, valued by what the card does when it fires: the ``charge``
term of the score, beyond ``ai.md``'s table.

The table pays 10 points for each countdown point taken off, whichever the card: three
points off a card that does 8 damage when it fires weigh what three points off a card that
does 1 weigh, and less than one point of damage now. So a planner spends its dice on damage
now and lets its machines idle, or fires a countdown card's side effect again and again
without ever winding the card itself.

:class:`Charge` fires each of ``side``'s countdown cards once, on a copy of the turn's first
position (the card's countdown pinned at 1, a die placed on it, every chance outcome weighed
by its probability), and measures what that firing is worth with the table's potential (both
fighters lent HP, so a firing that would kill is worth its damage, not a fight). A state is
then worth, for each such card, ``charge`` per cent of its firing's worth times the share of
its countdown already done. A card that fires gives its damage and starts again from the top:
the share it had is what the damage replaces.

Like every term of the potential it reads only what a state's key holds (the cards'
countdowns), and the firings are played once per turn, from the turn's first position.
"""
from __future__ import annotations

from typing import Callable

from dicey.lang.chance import TooManyOutcomes
from dicey.rules.fight import Fight
from dicey.rules.state import Fighter

from .foresight import LENT_HP, plans_now

#: Chance outcomes a firing may branch into before it is not measured (worth 0).
MAX_OUTCOMES = 256


class Charge:
    """``side``'s countdown cards in ``origin``, and what each one's firing is worth.

    ``table`` is the table's potential of a state for ``side`` (HP and statuses, no term
    beyond the table); ``percent`` is the ``charge`` weight.
    """

    __slots__ = ("side", "percent", "worths")

    def __init__(self, origin: Fight, side: int, percent: float,
                 table: Callable[[Fight], float]):
        self.side = side
        self.percent = percent
        #: (card index, card id, countdown length, firing's worth) per countdown card.
        self.worths: tuple[tuple[int, str, int, float], ...] = ()
        if percent and plans_now(origin, side):
            self.worths = tuple(w for w in (_worth(origin, side, i, table)
                                            for i in range(len(origin.fighters[side].cards)))
                                if w is not None)

    @property
    def active(self) -> bool:
        """Whether the term adds anything: a weight that is not 0 and some countdown card
        whose firing is worth something."""
        return bool(self.worths)

    def value(self, fight: Fight) -> float:
        """The countdowns' worth for ``side`` in ``fight``."""
        cards = fight.fighters[self.side].cards
        total = 0.0
        for index, ident, length, worth in self.worths:
            if index < len(cards):
                card = cards[index]
                if card.ident == ident and not card.gone:
                    total += worth * (length - card.countdown) / length
        return total * self.percent / 100


def _worth(origin: Fight, side: int, index: int, table: Callable[[Fight], float]
           ) -> tuple[int, str, int, float] | None:
    """What firing card ``index`` is worth, or None for a card that is not a countdown
    card, is used up, cannot take a die now (shocked) or does nothing worth having."""
    card = origin.fighters[side].cards[index]
    length = card.active.countdown
    if length is None or card.gone:
        return None

    def pinned(mine: Fighter) -> None:
        mine.set_card(index, mine.cards[index]._replace(countdown=1))

    worth = firing_worth(origin, side, index, 1, table, pinned)
    return (index, card.ident, length, worth) if worth is not None and worth > 0 else None


def lent(origin: Fight) -> Fight:
    """A copy of ``origin`` (a planner's) with both fighters lent :data:`LENT_HP`: a trial
    whose blows are worth their damage and end no fight."""
    trial = origin.copy(simulation=True, log=False)
    for who in (0, 1):
        f = trial.fighters[who]
        trial.set_position(who, max_hp=f.max_hp + LENT_HP, hp=f.hp + LENT_HP)
    return trial


def lent_turn(origin: Fight, side: int, dice: list[int], **marks: list[int]) -> Fight:
    """A copy of ``origin`` made ``side``'s turn with ``dice`` (``marks``: the indexes of
    those ``burning``, ``locked``, ``blind``), every card refreshed, both fighters lent
    :data:`LENT_HP` (:func:`lent`)."""
    trial = lent(origin)
    trial.set_position(side, dice=dice, **marks)
    return trial


def firing_worth(origin: Fight, side: int, index: int, die: int,
                 table: Callable[[Fight], float],
                 prepare: Callable[[Fighter], None] | None = None) -> float | None:
    """What ``side``'s card ``index`` does placed with a ``die``, priced by ``table`` (the
    mean over every chance outcome), on a copy of ``origin`` made ``side``'s turn with
    that one die, both fighters lent HP (a firing that would kill is worth its damage, not
    a fight); ``prepare`` may change ``side``'s fighter first. None when the card cannot
    take that die, or branches into too many outcomes to weigh."""
    trial = lent_turn(origin, side, [die])
    if prepare is not None:
        prepare(trial.fighters[side])
    move = next((m for m in trial.legal_moves()
                 if m.action == "place" and m.card_index == index), None)
    if move is None:
        return None
    before = table(trial)
    try:
        outcomes = trial.outcomes(move, limit=MAX_OUTCOMES)
    except TooManyOutcomes:
        return None
    return sum(float(p) * (table(child) - before) for p, child in outcomes)
