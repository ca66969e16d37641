"""The engine's side of :class:`dicey.lang.effects.Effects`: what a running script may do.

One :class:`FightEffects` is made per script run, bound to the fight, the script's owner
(``self``) and, for equipment, the card. Every call goes to the fight's mechanics
(:mod:`dicey.rules.combat`), so real play and the AI's simulations share one code path.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicey.lang.effects import CardRef, Value
from dicey.lang.errors import ScriptError

from .state import UNLIMITED, pool_values

if TYPE_CHECKING:
    from .fight import Fight

#: What ``card.uses_left`` reads for a card with unlimited uses.
UNLIMITED_USES_VALUE = 99


class FightEffects:
    """Effects bound to ``owner`` (0/1) and, for a card's script, ``card`` (its index)."""

    __slots__ = ("fight", "owner", "card")

    def __init__(self, fight: "Fight", owner: int, card: int | None):
        self.fight = fight
        self.owner = owner
        self.card = card

    # -- changes -----------------------------------------------------------

    def damage(self, amount: int, dtype: str, *, to_self: bool, kind: str) -> int:
        dst = self.owner if (to_self or kind in ("hurt", "recoil")) else 1 - self.owner
        return self.fight._damage(self.owner, dst, amount, dtype, kind)

    def heal(self, amount: int) -> int:
        return self.fight._heal(self.owner, amount)

    def add_status(self, status: str, stacks: int, *, to_self: bool) -> None:
        self.fight._add_status(self.owner if to_self else 1 - self.owner, status, stacks)

    def remove_status(self, status: str, stacks: int | None, *, to_self: bool) -> int:
        return self.fight._remove_status(self.owner if to_self else 1 - self.owner, status,
                                         stacks)

    def give_dice(self, values: tuple[int, ...]) -> None:
        self.fight._give_dice(self.owner, tuple(values))

    def set_dice(self, values: tuple[int, ...]) -> None:
        self.fight._set_dice(self.owner, tuple(values))

    def boost_countdowns(self, amount: int) -> None:
        self.fight._boost_countdowns(self.owner, amount)

    def extra_dice(self, count: int) -> None:
        self.fight._extra_dice(self.owner, count)

    def bonus(self, points: int) -> None:
        self.fight._bonus(self.owner, points)

    def say(self, text: str) -> None:
        self.fight._say(self.owner, str(text))

    def give_card(self, card_id: str) -> None:
        self.fight._give_card(self.owner, card_id)

    def replace_with(self, card_id: str) -> None:
        if self.card is None:
            raise ScriptError("replace_with() only works in a card's script")
        self.fight._replace_card(self.owner, self.card, card_id)

    # -- reads -------------------------------------------------------------

    def fighter_field(self, who: str, name: str) -> Value:
        side = self.owner if who == "self" else 1 - self.owner
        f = self.fight.fighters[side]
        if name == "hp":
            return f.hp
        if name == "max_hp":
            return f.max_hp
        if name == "dice_count":
            return f.dice_count + f.extra
        if name == "level":
            return f.level
        if name == "name":
            return f.name
        if name == "cards_used":
            return f.cards_used
        if name == "dice":
            return pool_values(f.dice)
        return f.statuses.get(name, 0)

    def card_field(self, card: CardRef, name: str) -> Value:
        side, index = self._handle(card)
        cards = self.fight.fighters[side].cards
        if not 0 <= index < len(cards):
            raise ScriptError("that card is no longer in the fight")
        state = cards[index]
        if name == "times_used":
            return state.times_used
        if name == "uses_left":
            return UNLIMITED_USES_VALUE if state.uses_left == UNLIMITED else state.uses_left
        if name == "name":
            return state.defn.name
        if name == "id":
            return state.defn.id
        if name == "upgraded":
            return state.upgraded
        running = self.fight._live_vars   # (definition, variables) of cards running a hook
        live = running.get((side, index)) if running else None
        variables: dict[str, Any] = live[1] if live is not None else dict(state.vars)
        if name in variables:
            return variables[name]
        raise ScriptError(f"card '{state.defn.name}' has no field '{name}'")

    def _handle(self, card: CardRef) -> tuple[int, int]:
        if isinstance(card.handle, tuple):
            return card.handle
        if self.card is None:
            raise ScriptError("'card' only exists in a card's script")
        return self.owner, self.card
