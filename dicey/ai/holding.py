"""Cards a turn gains, valued for the rest of the fight: the ``holding`` term of the score,
beyond ``ai.md``'s table.

A card taken from the opponent (Sticky Fingers) or given (Copycat) stays for the rest of the
fight, but a one-turn search sees only this turn and the opponent's coming one
(:mod:`dicey.ai.foresight`, which plays that turn with the cards the opponent will hold): what
the card will do in one's own later turns is not seen, so a steal was worth only the blow it
spares in the opponent's next turn.

:class:`Holding` prices a card by what one turn with it is worth to its holder: the card
placed with one die (the card alone in the hand), each of the six values in turn (a value the
card does not take is worth nothing), every chance outcome weighed, priced by the table's
potential on a copy of the turn's first position where it is the planner's (both fighters
lent HP: a blow that would kill is worth its damage) — the mean of the six. A state is worth
``percent`` (the score's ``holding`` weight) per cent of that for each card in the planner's
hand that the turn's first position did not hold (not used up).

The common case costs a comparison a state: a fighter's cards are a list that only grows in a
fight (a card taken, used up or discarded keeps its place), so a state whose list is as long as
the turn's first position's gained nothing. Each kind of card is priced once per turn.
"""
from __future__ import annotations

from typing import Callable

from dicey.rules.fight import Fight
from dicey.rules.state import CardState

from .charge import firing_worth
from .foresight import plans_now

class Holding:
    """The cards ``side`` gains in its turn from ``origin``, priced (see the module)."""

    __slots__ = ("origin", "side", "percent", "table", "held", "_worths")

    def __init__(self, origin: Fight, side: int, percent: float,
                 table: Callable[[Fight], float]):
        self.origin, self.side, self.percent, self.table = origin, side, percent, table
        #: How many cards ``side`` holds at the turn's start (None: the term is off).
        self.held = len(origin.fighters[side].cards) \
            if percent and plans_now(origin, side) else None
        self._worths: dict[tuple[str, bool], float] = {}

    @property
    def active(self) -> bool:
        return self.held is not None

    def value(self, fight: Fight) -> float:
        """The cards gained since the turn's start, for ``side`` in ``fight``."""
        total = 0.0
        for card in fight.fighters[self.side].cards[self.held:]:
            if not card.gone:
                total += self.worth(card)
        return total * self.percent / 100

    def worth(self, card: CardState) -> float:
        """What a turn with ``card`` is worth to ``side`` (by kind: once per turn)."""
        key = (card.ident, card.upgraded)
        hit = self._worths.get(key)
        if hit is None:
            hit = self._worths[key] = self._measure(card)
        return hit

    def _measure(self, card: CardState) -> float:
        # The card alone in the hand: a card identical to one held would not be offered
        # a move of its own (identical cards are one choice).
        trial = self.origin.copy(simulation=True, log=False)
        trial.fighters[self.side].set_cards([card._replace(placed=(), burnt=0, shocked=False,
                                                           weakened=False, gone=False)])
        worths = [firing_worth(trial, self.side, 0, die, self.table) for die in range(1, 7)]
        return max(0.0, sum(w for w in worths if w is not None) / 6)
