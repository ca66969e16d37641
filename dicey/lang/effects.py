"""The effects protocol: everything a script can do to a fight, and nothing more.

The interpreter never touches game state itself. Each run of a hook gets an object that
implements :class:`Effects`, bound to one owner (``self``), one opponent (``target``) and,
for equipment, one card. The rules engine implements it for real play and for the AI's
simulations alike; :class:`RecordingEffects` implements it for tests.

Runtime values a script can hold: ``int``, ``bool``, ``str`` (strings, status ids and
damage types), ``tuple`` (lists), and the two references below.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Union


@dataclass(frozen=True, slots=True)
class FighterRef:
    """``self`` or ``target`` as a value: fields are read through :meth:`Effects.fighter_field`."""

    who: str  # "self" | "target"


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card as a value (``card``, ``used``); ``handle`` is the engine's own key for it."""

    handle: Any = None


Value = Union[int, bool, str, tuple, FighterRef, CardRef]

#: Kinds of damage a script can deal (``kind`` argument of :meth:`Effects.damage`).
DAMAGE_KINDS = ("attack", "pierce", "hurt", "recoil")
#: Damage types (the optional second argument of ``attack``/``pierce``).
DAMAGE_TYPES = ("normal", "fire", "ice", "shock", "poison")
#: Fields every fighter has, besides one field per status id.
FIGHTER_FIELDS = ("hp", "max_hp", "dice_count", "level", "name", "cards_used", "dice", "cards",
                  "last_used", "used_this_turn")
#: Fields every card has, besides its ``var``s.
CARD_FIELDS = ("times_used", "uses_left", "name", "id", "upgraded", "size", "shocked",
               "weakened", "button", "single_use", "once_per_fight", "countdown", "slots",
               "max_die", "temporary")


class Effects(Protocol):
    """What the engine offers a running script. Amounts arrive already range-checked (≥ 0)."""

    def damage(self, amount: int, dtype: str, *, to_self: bool, kind: str) -> int:
        """Deal damage; ``kind`` is attack (dodge, shield, reduce, thorns apply), pierce
        (an attack ignoring shield), hurt (to self, ignoring shield) or recoil (to self).
        Returns the HP actually removed."""

    def heal(self, amount: int) -> int:
        """Heal the owner up to max HP; returns the HP actually restored."""

    def add_status(self, status: str, stacks: int, *, to_self: bool) -> None:
        """Add stacks of a status to the owner (``gain``) or the target (``inflict``)."""

    def remove_status(self, status: str, stacks: int | None, *, to_self: bool) -> int:
        """Remove stacks (None: all) from the owner (``cure``) or target (``strip``)."""

    def give_dice(self, values: tuple[int, ...], burning: bool = False) -> None:
        """New dice (1..6) for the owner, usable this turn; burning ones if ``burning``."""

    def set_dice(self, values: tuple[int, ...]) -> None:
        """The owner's unused dice (those ``self.dice`` lists) become dice of these values
        (1..6), in order: the i-th keeps the burning mark of the i-th it replaces."""

    def boost_countdowns(self, amount: int) -> None:
        """Reduce every countdown of the owner by ``amount``."""

    def extra_dice(self, count: int, to_self: bool = True, turns: int | None = None) -> None:
        """The owner (``to_self``) or the target rolls ``count`` more dice (fewer, below 0)
        each turn for the rest of the fight, or (``turns`` ≥ 1) in its next ``turns``
        rolls only; no roll has fewer than 0 dice, nor more than the cap."""

    def bonus(self, points: int) -> None:
        """Add to the AI's score for this move; no effect on the fight."""

    def say(self, text: str) -> None:
        """A line in the fight log."""

    def give_card(self, card: str | CardRef, to_self: bool = True,
                  turns: int | None = None) -> None:
        """A temporary card for the owner (``to_self``) or the target, for this fight or
        (``turns`` ≥ 1) until the end of its holder's ``turns``-th turn from now: the card
        of that name or id (``"Sword+"``: the upgraded Sword), or a fresh copy of a card
        in play (upgraded if it is)."""

    def mark_card(self, card: CardRef, mark: str) -> bool:
        """Shock or weaken (``mark``: ``"shock"``/``"weaken"``) a card in play, of either
        side, for its owner's turn under way or next; whether it was marked."""

    def discard(self, card: CardRef) -> None:
        """A card in play, of either side, is gone for the rest of the fight."""

    def take_card(self, card: CardRef, turns: int | None = None) -> None:
        """The owner takes the opponent's card in play for the rest of the fight, or
        (``turns`` ≥ 1) until the end of the owner's ``turns``-th turn from now."""

    def end_turn(self, to_self: bool = True) -> bool:
        """End the owner's turn (``to_self``) or the opponent's once the move under way is
        done; whether it will end (it is that fighter's move)."""

    def replace_with(self, card_id: str) -> None:
        """Turn the running card into another card."""

    def replace_card(self, card: CardRef, card_id: str) -> None:
        """Turn a card in play, of either side, into another card, in its place."""

    def fighter_field(self, who: str, name: str) -> Value:
        """A field of ``self``/``target``: one of FIGHTER_FIELDS or a status id (its stacks)."""

    def card_field(self, card: CardRef, name: str) -> Value:
        """A field of a card: one of CARD_FIELDS or one of its vars."""


@dataclass
class RecordingEffects:
    """An :class:`Effects` that records every call, for tests and the REPL.

    >>> fx = RecordingEffects()
    >>> fx.damage(3, "normal", to_self=False, kind="attack")
    3
    >>> fx.calls
    [('damage', 3, 'normal', False, 'attack')]
    """

    fighters: dict[str, dict[str, Value]] = field(default_factory=lambda: {
        "self": {"hp": 20, "max_hp": 24, "dice_count": 3, "level": 1, "name": "Warrior",
                 "cards_used": 0, "dice": (), "cards": (CardRef(),), "last_used": (),
                 "used_this_turn": ()},
        "target": {"hp": 12, "max_hp": 12, "dice_count": 2, "level": 1, "name": "Frog",
                   "cards_used": 0, "dice": (), "cards": (CardRef(("target", 0)),),
                   "last_used": (CardRef(("target", 0)),),
                   "used_this_turn": (CardRef(("target", 0)),)},
    })
    cards: dict[Any, dict[str, Value]] = field(default_factory=lambda: {
        None: {"times_used": 0, "uses_left": 1, "name": "Sword", "id": "sword",
               "upgraded": False, "size": 1, "shocked": False, "weakened": False,
               "button": False, "single_use": False, "once_per_fight": False,
               "countdown": 0, "slots": 1, "max_die": 6, "temporary": False},
        ("target", 0): {"times_used": 1, "uses_left": 0, "name": "Shield", "id": "shield",
                        "upgraded": False, "size": 1, "shocked": False, "weakened": False,
                        "button": False, "single_use": False, "once_per_fight": False,
                        "countdown": 0, "slots": 1, "max_die": 6, "temporary": False}})
    calls: list[tuple] = field(default_factory=list)

    def damage(self, amount: int, dtype: str, *, to_self: bool, kind: str) -> int:
        self.calls.append(("damage", amount, dtype, to_self, kind))
        who = self.fighters["self" if to_self else "target"]
        removed = min(int(who["hp"]), amount)
        who["hp"] = int(who["hp"]) - removed
        return removed

    def heal(self, amount: int) -> int:
        self.calls.append(("heal", amount))
        me = self.fighters["self"]
        gained = max(0, min(amount, int(me["max_hp"]) - int(me["hp"])))
        me["hp"] = int(me["hp"]) + gained
        return gained

    def add_status(self, status: str, stacks: int, *, to_self: bool) -> None:
        self.calls.append(("add_status", status, stacks, to_self))
        who = self.fighters["self" if to_self else "target"]
        who[status] = int(who.get(status, 0)) + stacks

    def remove_status(self, status: str, stacks: int | None, *, to_self: bool) -> int:
        self.calls.append(("remove_status", status, stacks, to_self))
        who = self.fighters["self" if to_self else "target"]
        have = int(who.get(status, 0))
        gone = have if stacks is None else min(have, stacks)
        who[status] = have - gone
        return gone

    def give_dice(self, values: tuple[int, ...], burning: bool = False) -> None:
        self.calls.append(("give_dice", tuple(values), burning) if burning else
                          ("give_dice", tuple(values)))

    def set_dice(self, values: tuple[int, ...]) -> None:
        self.calls.append(("set_dice", tuple(values)))
        self.fighters["self"]["dice"] = tuple(values)

    def boost_countdowns(self, amount: int) -> None:
        self.calls.append(("boost_countdowns", amount))

    def extra_dice(self, count: int, to_self: bool = True, turns: int | None = None) -> None:
        self.calls.append(_as_written("extra_dice", count, to_self, turns))

    def bonus(self, points: int) -> None:
        self.calls.append(("bonus", points))

    def say(self, text: str) -> None:
        self.calls.append(("say", text))

    def give_card(self, card: str | CardRef, to_self: bool = True,
                  turns: int | None = None) -> None:
        self.calls.append(_as_written("give_card", card, to_self, turns))

    def mark_card(self, card: CardRef, mark: str) -> bool:
        self.calls.append((f"{mark}_card", card))
        return True

    def discard(self, card: CardRef) -> None:
        self.calls.append(("discard", card))

    def take_card(self, card: CardRef, turns: int | None = None) -> None:
        self.calls.append(("take_card", card) if turns is None else
                          ("take_card", card, turns))

    def end_turn(self, to_self: bool = True) -> bool:
        self.calls.append(("end_turn",) if to_self else ("end_turn", "target"))
        return True

    def replace_with(self, card_id: str) -> None:
        self.calls.append(("replace_with", card_id))

    def replace_card(self, card: CardRef, card_id: str) -> None:
        self.calls.append(("replace_card", card, card_id))

    def fighter_field(self, who: str, name: str) -> Value:
        return self.fighters[who].get(name, 0)

    def card_field(self, card: CardRef, name: str) -> Value:
        return self.cards.get(card.handle, {}).get(name, 0)


def _as_written(func: str, first: Any, to_self: bool, turns: int | None) -> tuple:
    """A call of ``func(first[, who][, turns])`` as a script writes it, what it leaves out
    left out: ``("give_card", "Rock")``, ``("give_card", "Rock", "target", 2)``."""
    who = "self" if to_self else "target"
    if turns is not None:
        return (func, first, who, turns)
    return (func, first) if to_self else (func, first, who)
