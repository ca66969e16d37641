"""The one small protocol the UI, the exhaustive search and MCTS all speak to a fight.

A state answers ``legal_moves()``, ``apply(move, chance)``, ``copy()``, ``key()`` and
whether the turn or the fight is over; chance is a :class:`dicey.lang.chance.Chance`
passed in (sampled in play, enumerated by the AI). Moves are small value objects that
print as they parse:

>>> m = Move.parse("3 → Hammer")
>>> m, str(m)
(Move.place(3, 'Hammer'), '3 → Hammer')
>>> Move.parse(str(Move.release(2, "Spanner"))) == Move.release(2, "Spanner")
True
>>> Move.parse("end turn").is_end
True
>>> Move.parse("use Second Wind"), str(Move.use("Second Wind"))
(Move.use('Second Wind'), 'use Second Wind')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Hashable, Protocol, Sequence

from dicey.lang.chance import Chance


class MoveError(ValueError):
    """A move that cannot be read or cannot be made."""


class InvalidMoveError(MoveError):
    """Text that is not a move."""


class IllegalMoveError(MoveError):
    """A well-formed move that the position does not allow."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the fighter whose turn it is.

    ``action`` is ``"place"`` (put die ``die`` on ``card``), ``"release"`` (spend die
    ``die`` to release the shocked ``card``), ``"use"`` (use the button ``card``, a card
    that takes no die: ``die`` is 0) or ``"end"``. ``die`` is the die's *value*
    and ``card`` the card's display name: that is what a person reads. ``die_index`` and
    ``card_index`` say exactly which die and which card in the state (equal dice and
    identical cards are one choice: the state picks the canonical one).
    """

    action: str
    die: int = 0
    card: str = ""
    die_index: int = -1
    card_index: int = -1

    @classmethod
    def place(cls, die: int, card: str, die_index: int = -1, card_index: int = -1) -> "Move":
        return cls("place", die, card, die_index, card_index)

    @classmethod
    def release(cls, die: int, card: str, die_index: int = -1, card_index: int = -1) -> "Move":
        return cls("release", die, card, die_index, card_index)

    @classmethod
    def use(cls, card: str, card_index: int = -1) -> "Move":
        return cls("use", 0, card, -1, card_index)

    @classmethod
    def end(cls) -> "Move":
        return cls("end")

    @property
    def is_end(self) -> bool:
        return self.action == "end"

    def __str__(self) -> str:
        return self.said()

    def said(self, card: str | None = None) -> str:
        """The move in words, its card called ``card`` (its name as the move holds it by
        default; ``Dagger+`` for an upgraded one, say)."""
        card = self.card if card is None else card
        if self.action == "place":
            return f"{self.die} → {card}"
        if self.action == "release":
            return f"release {card} with {self.die}"
        if self.action == "use":
            return f"use {card}"
        return "end turn"

    def __repr__(self) -> str:
        if self.action == "end":
            return "Move.end()"
        if self.action == "use":
            return f"Move.use({self.card!r})"
        return f"Move.{self.action}({self.die}, {self.card!r})"

    def same_choice(self, other: "Move") -> bool:
        """Equal as a person reads it (action, die value, card), whatever the indexes."""
        return (self.action, self.die, self.card) == (other.action, other.die, other.card)

    def to_json(self) -> dict:
        if self.action == "end":
            return {"action": "end"}
        if self.action == "use":
            return {"action": "use", "card": self.card}
        return {"action": self.action, "die": self.die, "card": self.card}

    _PLACE = re.compile(r"^\s*(\d)\s*(?:→|->)\s*(.+?)\s*$")
    _RELEASE = re.compile(r"^\s*release\s+(.+?)\s+with\s+(\d)\s*$", re.I)
    _USE = re.compile(r"^\s*use\s+(.+?)\s*$", re.I)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read ``3 → Hammer`` (or ``3 -> Hammer``), ``release Spanner with 2``,
        ``use Second Wind``, ``end turn``."""
        if text.strip().lower() in ("end", "end turn"):
            return cls.end()
        m = cls._PLACE.match(text)
        if m:
            return cls.place(int(m.group(1)), m.group(2))
        m = cls._RELEASE.match(text)
        if m:
            return cls.release(int(m.group(2)), m.group(1))
        m = cls._USE.match(text)
        if m:
            return cls.use(m.group(1))
        raise InvalidMoveError(f"not a move: {text!r} (try '3 → Sword', "
                               "'release Spanner with 2', 'use Second Wind' or 'end turn')")


class GameState(Protocol):
    """What search and UI need from a fight state (implemented by dicey.rules.fight.Fight)."""

    def legal_moves(self) -> Sequence[Move]:
        """Distinct legal moves of the fighter to act (equal dice/cards reduced to one);
        ``Move.end()`` is always among them while the fight is not over."""

    def apply(self, move: Move, chance: Chance) -> list:
        """Make ``move`` in place, drawing any chance outcome from ``chance``; returns the
        events it caused. Raises IllegalMoveError for a move not legal here."""

    def copy(self) -> "GameState":
        """An independent copy (cheap: hand-written, never deepcopy)."""

    def key(self) -> Hashable:
        """A canonical key: equal for positions that play the same."""

    def move_is_random(self, move: Move) -> bool:
        """Whether applying ``move`` may meet a chance point (so the AI must enumerate)."""

    @property
    def turn_over(self) -> bool:
        """The current fighter's turn has ended (or the fight is over)."""

    @property
    def is_over(self) -> bool:
        """The fight has ended (a fighter at 0 HP, or the turn limit)."""
