"""The engine's side of :class:`dicey.lang.effects.Effects`: what a running script may do.

One :class:`FightEffects` is made per script run, bound to the fight, the script's owner
(``self``) and, for equipment, the card. Every call goes to the fight's mechanics
(:mod:`dicey.rules.combat`), so real play and the AI's simulations share one code path.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicey.lang.effects import CARD_FIELDS, CardRef, Value
from dicey.lang.errors import ScriptError

from .state import SHOCK_NEXT, UNLIMITED, WEAKEN_NEXT, CardState, pool_values

if TYPE_CHECKING:
    from .fight import Fight

#: What ``card.uses_left`` reads for a card with unlimited uses.
UNLIMITED_USES_VALUE = 99
#: Per side, the CardRef of each card index met so far (see card_ref).
CARD_REFS: tuple[list[CardRef], list[CardRef]] = ([], [])


def card_ref(side: int, index: int) -> CardRef:
    """The script value that names card ``index`` of ``side`` (one shared object each).

    >>> card_ref(1, 2) is card_ref(1, 2), card_ref(1, 2).handle
    (True, (1, 2))
    """
    refs = CARD_REFS[side]
    while len(refs) <= index:
        refs.append(CardRef((side, len(refs))))
    return refs[index]


class FightEffects:
    """Effects bound to ``owner`` (0/1) and, for a card's script, ``card`` (its index)."""

    __slots__ = ("fight", "owner", "card")

    def __init__(self, fight: "Fight", owner: int, card: int | None):
        self.fight = fight
        self.owner = owner
        self.card = card

    # -- changes -----------------------------------------------------------

    def damage(self, amount: int, dtype: str, *, to_self: bool, kind: str) -> int:
        if not (to_self or kind in _OWN_DAMAGE):   # (the common case: an attack)
            return self.fight._damage(self.owner, 1 - self.owner, amount, dtype, kind)
        fight = self.fight
        if self.card is None or not fight.log:
            return fight._damage(self.owner, self.owner, amount, dtype, kind)
        # A card's blow to its owner (hurt_self, recoil), which no line before explains:
        # the log names the card (in a fight that keeps one; the AI's copies do not).
        start, title = len(fight._events), fight.fighters[self.owner].cards[self.card].title
        lost = fight._damage(self.owner, self.owner, amount, dtype, kind)
        fight._name_causes(start, self.owner, title, attacks=False)
        return lost

    def heal(self, amount: int) -> int:
        return self.fight._heal(self.owner, amount)

    def add_status(self, status: str, stacks: int, *, to_self: bool) -> None:
        self.fight._add_status(self.owner if to_self else 1 - self.owner, status, stacks)

    def remove_status(self, status: str, stacks: int | None, *, to_self: bool) -> int:
        return self.fight._remove_status(self.owner if to_self else 1 - self.owner, status,
                                         stacks)

    def give_dice(self, values: tuple[int, ...], burning: bool = False) -> None:
        self.fight._give_dice(self.owner, tuple(values), burning)

    def set_dice(self, values: tuple[int, ...]) -> None:
        self.fight._set_dice(self.owner, tuple(values))

    def boost_countdowns(self, amount: int) -> None:
        self.fight._boost_countdowns(self.owner, amount)

    def extra_dice(self, count: int, to_self: bool = True, turns: int | None = None) -> None:
        self.fight._extra_dice(self.owner if to_self else 1 - self.owner, count, turns)

    def bonus(self, points: int) -> None:
        self.fight._bonus(self.owner, points)

    def say(self, text: str) -> None:
        self.fight._say(self.owner, str(text))

    def give_card(self, card: str | CardRef, to_self: bool = True,
                  turns: int | None = None) -> None:
        to = self.owner if to_self else 1 - self.owner
        if isinstance(card, CardRef):
            side, index = self._handle(card)
            self.fight._give_copy(to, side, index, turns)
        else:
            self.fight._give_card(to, card, turns)

    def mark_card(self, card: CardRef, mark: str) -> bool:
        return self.fight._mark_card(*self._handle(card), mark)

    def discard(self, card: CardRef) -> None:
        self.fight._discard(*self._handle(card))

    def take_card(self, card: CardRef, turns: int | None = None) -> None:
        side, index = self._handle(card)
        self.fight._take_card(self.owner, side, index, turns)

    def end_turn(self, to_self: bool = True) -> bool:
        return self.fight._ask_end(self.owner, self.card,
                                   self.owner if to_self else 1 - self.owner)

    def replace_with(self, card_id: str) -> None:
        if self.card is None:
            raise ScriptError("replace_with() only works in a card's script")
        self.fight._replace_card(self.owner, self.card, card_id)

    def replace_card(self, card: CardRef, card_id: str) -> None:
        self.fight._replace_card(*self._handle(card), card_id, check=True)

    # -- reads -------------------------------------------------------------

    def fighter_field(self, who: str, name: str) -> Value:
        side = self.owner if who == "self" else 1 - self.owner
        f = self.fight.fighters[side]
        if name == "hp":
            return f.hp
        if name == "max_hp":
            return f.max_hp
        if name == "dice_count":     # (for the fight: not those for a few rolls)
            return f.dice_count + f.extra
        if name == "level":
            return f.level
        if name == "name":
            return f.name
        if name == "cards_used":
            return f.cards_used
        if name == "dice":
            return pool_values(f.dice)
        if name == "cards":        # in play: not used up, not taken
            return tuple(card_ref(side, i) for i, c in enumerate(f.cards) if not c.gone)
        if name == "last_used":    # a list of 0 or 1 cards (the language has no null)
            return () if f.last_used < 0 else (card_ref(side, f.last_used),)
        if name == "used_this_turn":   # in order, a card used twice twice
            return tuple(card_ref(side, i) for i in f.used_turn)
        return f.statuses.get(name, 0)

    def card_field(self, card: CardRef, name: str) -> Value:
        side, index = self._handle(card)
        state = self.fight.fighters[side].cards[index]
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
        if name == "size":
            return state.defn.size
        if name == "shocked" or name == "weakened":
            return _marked(self.fight, side, state, name)
        if name == "button":
            return state.active.button
        if name in _KIND_FIELDS:
            return _KIND_FIELDS[name](state)
        # (the interpreter asks for a variable only through ``card``: see e_Field)
        running = self.fight._live_vars   # (definition, variables) of cards running a hook
        live = running.get((side, index)) if running else None
        variables: dict[str, Any] = live[1] if live is not None else dict(state.vars)
        if name in variables:
            return variables[name]
        raise ScriptError(f"a card has no field '{name}' (its fields: "
                          f"{', '.join(CARD_FIELDS)})")

    def _handle(self, card: CardRef) -> tuple[int, int]:
        """The side and index of a card value (one a card variable kept may name a place
        no longer there: a fault)."""
        if isinstance(card.handle, tuple):
            side, index = card.handle
            if not 0 <= index < len(self.fight.fighters[side].cards):
                raise ScriptError("that card is no longer in the fight")
            return side, index
        if self.card is None:
            raise ScriptError("'card' only exists in a card's script")
        return self.owner, self.card


#: The kinds of damage a script deals its own fighter (``hurt_self``, ``recoil``).
_OWN_DAMAGE = ("hurt", "recoil")


class StatusEffects(FightEffects):
    """Effects of a status's hook (its bearer is ``owner``): a blow it strikes says so to
    the damage hooks (their ``source`` is the status's id)."""

    __slots__ = ("status",)

    def __init__(self, fight: "Fight", owner: int, status: str):
        super().__init__(fight, owner, None)
        self.status = status

    def damage(self, amount: int, dtype: str, *, to_self: bool, kind: str) -> int:
        own = to_self or kind in _OWN_DAMAGE
        return self.fight._damage(self.owner, self.owner if own else 1 - self.owner,
                                  amount, dtype, kind, self.status)


def _marked(fight: "Fight", side: int, card: CardState, mark: str) -> bool:
    """``card.shocked``/``card.weakened`` (``mark``) of a card of ``side``: in its owner's
    turn under way (its start or its moves), the card's mark of that turn; at any other
    time (the other fighter's turn, a turn's end, between turns), the mark it will have at
    its owner's next turn as far as it is set already (``shock_card``/``weaken_card``):
    the marks of the turn it played go at that turn's start, and a status's stacks mark
    cards at random only then."""
    if fight.marks_now(side):
        return card.shocked is True if mark == "shocked" else card.weakened
    return card.shocked == (SHOCK_NEXT if mark == "shocked" else WEAKEN_NEXT)


def _max_die(card: CardState) -> int:
    """The highest die value the card takes now: a countdown takes any (6), a button
    none (0), else what one of its slots takes."""
    if card.active.countdown is not None:
        return 6
    return next((v for v in range(6, 0, -1) if any(s.accepts(v) for s in card.slots)), 0)


#: The card fields that say what a card is, so a script can choose one by it.
_KIND_FIELDS = {
    "single_use": lambda c: c.active.single_use,
    "once_per_fight": lambda c: c.active.once_per_fight,
    "countdown": lambda c: c.countdown if c.active.countdown is not None else 0,
    "slots": lambda c: 0 if c.active.button else len(c.slots),
    "max_die": lambda c: 0 if c.active.button else _max_die(c),
    "temporary": lambda c: bool(c.temporary),
}
