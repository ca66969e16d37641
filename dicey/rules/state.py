"""The pieces of a fight's state: dice, cards, fighters, the setup a run passes in, the outcome.

Everything here is built for the AI, which copies and hashes states hundreds of thousands of
times per turn: dice and cards are immutable tuples (a copy of a fighter shares them), a
fighter is a ``__slots__`` object with a hand-written :meth:`Fighter.copy` (which shares
its lists and statuses with the copy until one of the two changes them), and
:meth:`Fighter.key` is a canonical, hashable summary in which equal dice and identical cards
are interchangeable.

>>> Die(3), Die(5, burning=True).label, dice_text([Die(2), Die(4, locked=True), Die(0, blind=True)])
(Die(value=3, burning=False, locked=False, blind=False), '5 burn', '2, 4 lock, ?')
>>> slots_fit((Slot("doubles"), Slot("doubles")), None, (4, 4)), slots_fit((Slot("doubles"), Slot("doubles")), None, (4, 3))
(True, False)
>>> slots_fit((Slot("any"), Slot("any")), 7, (6,)), slots_fit((Slot("any"), Slot("any")), 7, (6, 2))
(True, False)
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, NamedTuple

from dicey.lang.ast import Bool, Int, ListExpr, Str, upgrade_ref
from dicey.lang.defs import EquipmentDef, FighterDef, Slot
# No pool holds more dice than the language's limit (a script that would pass it faults).
from dicey.lang.interp import MAX_DICE as MAX_DICE
#: ``uses_left`` of a card with unlimited uses.
UNLIMITED = -1
#: Why a card is gone (``CardState.gone``, true for each): used up (``True``), taken by
#: the opponent (``take_card``), discarded (``discard``), or held for a while and its time
#: up (the place a card given or taken for a while leaves: it went to nobody, or back).
USED_UP, TAKEN, DISCARDED, RETURNED = 1, 2, 3, 4
#: ``CardState.temporary`` of a card taken from the opponent (a card given is ``True``).
STOLEN = 2
#: The owner's place in ``CardState.loan`` of a card given for a while: it has none, and
#: goes to nobody when its time is up.
GIVEN = -1
#: A shock or weaken mark set outside its owner's turn (``shock_card``, ``weaken_card``):
#: it holds for the owner's next turn, from its start (:func:`refreshed` turns it into the
#: mark itself). Both are kept in ``CardState.shocked`` (a card has one mark at most), so
#: ``weakened`` stays true only while the card acts weakened.
SHOCK_NEXT, WEAKEN_NEXT = 2, 3


class Die(NamedTuple):
    """One die in a pool. ``value`` is 0 while the die is blind (drawn when it is placed)."""

    value: int
    burning: bool = False
    locked: bool = False
    blind: bool = False

    @property
    def usable(self) -> bool:
        return not self.locked

    @property
    def marks(self) -> tuple[str, ...]:
        """What sets it apart, in words: ``("burn",)``, ``("burn", "lock")``, or none."""
        return (("burn",) if self.burning else ()) + (("lock",) if self.locked else ())

    @property
    def label(self) -> str:
        """How the game writes it, on screen, in a plan and in a graph: ``5``, ``5 burn``,
        ``5 lock``, ``?`` (blind)."""
        return " ".join(("?" if self.blind else str(self.value), *self.marks))


def pool_values(dice: Iterable[Die]) -> tuple[int, ...]:
    """What a script reads as a fighter's ``dice``: the values of the dice it can place and
    see, in pool order (a locked die is left out, and a blind one, whose value is drawn
    only when it is placed).

    >>> pool_values([Die(2), Die(4, locked=True), Die(0, blind=True), Die(5, burning=True)])
    (2, 5)
    """
    return tuple(d.value for d in dice if not d.locked and not d.blind)


def dice_text(dice: Iterable[Die]) -> str:
    """Dice as the game lists them (``2, 4 burn, ?``), or ``no dice``."""
    return ", ".join(d.label for d in dice) or "no dice"


class CardState(NamedTuple):
    """One equipment card in a fight: its definition and its per-fight state.

    ``defn`` is the card as fitted (already the ``upgraded`` variant when upgraded);
    ``placed`` holds the values of the dice on it, sorted (which slot holds which die is
    :func:`slot_assignment`'s business); ``countdown`` is what is left of a countdown card;
    ``loan``, for a card taken for a while (``take_card(c, turns)``), the turn at whose end
    it goes back and its place on its owner's side; for a card given for a while
    (``give_card(c, who, turns)``), the turn at whose end it goes and :data:`GIVEN`.
    """

    defn: EquipmentDef
    ident: str = ""                    # defn.id (the key starts here: see key())
    uses_left: int = 1                 # UNLIMITED for unlimited uses
    placed: tuple[int, ...] = ()
    countdown: int = 0
    shocked: int = False               # True, or a mark for the next turn: SHOCK_NEXT…
    weakened: bool = False
    times_used: int = 0
    gone: int = False                  # used up (True), TAKEN or DISCARDED
    vars: tuple[tuple[str, Any], ...] = ()
    upgraded: bool = False
    temporary: int = False             # given (True) or taken (STOLEN) in this fight
    burnt: int = 0                     # how many of the dice in ``placed`` were burning
    loan: tuple[int, int] | tuple[()] = ()   # for a while: (turn, owner's place or GIVEN)

    @property
    def name(self) -> str:
        return self.defn.name

    @property
    def title(self) -> str:
        """The name as players see it: ``Sword+`` when upgraded (moves name the card by
        :attr:`name`)."""
        return self.defn.name + "+" if self.upgraded else self.defn.name

    @property
    def active(self) -> EquipmentDef:
        """The definition that acts now: the ``weakened`` block while weakened, if any."""
        if self.weakened and self.defn.weakened is not None:
            return self.defn.weakened
        return self.defn

    @property
    def slots(self) -> tuple[Slot, ...]:
        """The die slots that apply now (stricter while weakened without a block)."""
        return card_slots(self)

    @property
    def is_countdown(self) -> bool:
        return self.active.countdown is not None

    @property
    def var_dict(self) -> dict[str, Any]:
        return dict(self.vars)

    def key(self) -> tuple:
        """Hashable state (every field but the definition object, which ``ident`` names);
        identical cards have equal keys."""
        return self[1:]

    # The AI's simulations change cards millions of times: these three changes, the
    # common ones, are made by slicing the tuple (``_replace`` costs several times more).

    def with_placed(self, placed: tuple[int, ...]) -> "CardState":
        """This card holding these dice.

        >>> fresh_card(EquipmentDef("rock", "Rock")).with_placed((3,)).placed
        (3,)
        """
        return tuple.__new__(CardState, self[:_PLACED] + (placed,) + self[_PLACED + 1:])

    def with_countdown(self, left: int) -> "CardState":
        """This card with ``left`` to go on its countdown."""
        return tuple.__new__(CardState, self[:_COUNTDOWN] + (left,) + self[_COUNTDOWN + 1:])

    def after_use(self, uses_left: int, gone: bool) -> "CardState":
        """This card once used: ``uses_left``, ``gone``, and one more time used.

        >>> c = fresh_card(EquipmentDef("rock", "Rock")).after_use(0, True)
        >>> c.uses_left, c.times_used, c.gone
        (0, 1, True)
        """
        return tuple.__new__(CardState, self[:_USES] + (uses_left,) + self[_USES + 1:_TIMES]
                             + (self[_TIMES] + 1, gone) + self[_GONE + 1:])


def used_up(card: CardState) -> bool:
    """Whether firing ``card`` now uses it up for good (single use, once per fight, or
    already gone)."""
    act = card.active
    return card.gone or act.single_use or act.once_per_fight


def fired(card: CardState, uses_left: int) -> CardState:
    """``card`` once fired, with ``uses_left`` uses left (one argument, for
    :meth:`Fighter.change_card`)."""
    return card.after_use(uses_left, used_up(card))


def kept_use(card: CardState, uses_left: int) -> CardState:
    """``card`` once fired while its owner held reequip: counted as used, its use kept,
    not used up even if it is used once a fight (for :meth:`Fighter.change_card`)."""
    return card.after_use(uses_left, card.gone)


def released(card: CardState, _: None = None) -> CardState:
    """``card`` no longer shocked (for :meth:`Fighter.change_card`)."""
    return card._replace(shocked=False)


_PLACED, _COUNTDOWN, _USES, _TIMES, _GONE = (
    CardState._fields.index(name) for name in ("placed", "countdown", "uses_left",
                                               "times_used", "gone"))
assert _GONE == _TIMES + 1, "after_use slices times_used and gone together"


def fresh_card(defn: EquipmentDef, *, upgraded: bool = False, temporary: bool = False,
               vars: tuple[tuple[str, Any], ...] = ()) -> CardState:
    """A card as it enters a fight."""
    return CardState(defn, defn.id, uses_for(defn), (), defn.countdown or 0, vars=vars,
                     upgraded=upgraded, temporary=temporary)


def uses_for(defn: EquipmentDef) -> int:
    return UNLIMITED if defn.uses is None else defn.uses


def refreshed(card: CardState) -> CardState:
    """A card at its owner's turn start: uses back, no dice on it, no marks. A card used
    once a fight (or once at all) that reequip kept for one more use last turn is used up
    now, whether or not that use was made."""
    if card.times_used and not card.gone and (card.defn.once_per_fight or
                                               card.defn.single_use):
        return card._replace(uses_left=0, placed=(), shocked=False, weakened=False,
                             gone=True, burnt=0)
    uses = uses_for(card.defn)
    if card.uses_left == uses and not card.placed and not card.shocked and not card.weakened:
        return card
    fresh = card._replace(uses_left=uses, placed=(), shocked=False, weakened=False, burnt=0)
    if card.shocked == SHOCK_NEXT:     # chosen in the other fighter's turn, for this one
        return marked(fresh, "shock")
    if card.shocked == WEAKEN_NEXT:
        return marked(fresh, "weaken")
    return fresh


def marked(card: CardState, mark: str, now: bool = True) -> CardState:
    """``card`` shocked or weakened (``mark``: ``"shock"``/``"weaken"``) for this turn, or
    for its owner's next turn (``now`` false: :data:`SHOCK_NEXT`, :data:`WEAKEN_NEXT`). A
    card weakened that has not been used this turn takes the uses of its ``weakened``
    block.

    >>> rock = fresh_card(EquipmentDef("rock", "Rock"))
    >>> marked(rock, "shock").shocked, marked(rock, "weaken", now=False).shocked
    (True, 3)
    >>> later = refreshed(marked(rock, "weaken", now=False))
    >>> later.shocked, later.weakened
    (False, True)
    """
    if not now:
        return card._replace(shocked=SHOCK_NEXT if mark == "shock" else WEAKEN_NEXT)
    if mark == "shock":
        return card._replace(shocked=True)
    weak = card.defn.weakened
    fresh = card.uses_left == uses_for(card.defn)
    uses = uses_for(weak) if weak is not None and fresh else card.uses_left
    return card._replace(weakened=True, uses_left=uses)


def emptied(card: CardState, _: None = None) -> CardState:
    """``card`` with no dice on it (for :meth:`Fighter.change_card`).

    >>> c = fresh_card(EquipmentDef("rock", "Rock"))._replace(placed=(3, 4), burnt=1)
    >>> emptied(c).placed, emptied(c).burnt
    ((), 0)
    """
    return card.with_placed(()) if not card.burnt else card._replace(placed=(), burnt=0)


# ------------------------------------------------------------------ slots

_WEAK_SLOTS: dict[int, tuple[EquipmentDef, tuple[Slot, ...]]] = {}
_FIT: dict[tuple, bool] = {}


def card_slots(card: CardState) -> tuple[Slot, ...]:
    """The slots a card offers now (weakened: its block's, or each slot made stricter)."""
    act = card.active
    if not card.weakened or act is not card.defn:
        return act.slots
    hit = _WEAK_SLOTS.get(id(act))
    if hit is None or hit[0] is not act:   # keep the def alive so its id is never reused
        hit = (act, tuple(s.weakened() for s in act.slots))
        _WEAK_SLOTS[id(act)] = hit
    return hit[1]


def slots_fit(slots: tuple[Slot, ...], total: int | None, values: tuple[int, ...]) -> bool:
    """Whether dice of these values can sit in these slots together (a perfect placement
    exists: each die in a slot accepting it, ``doubles`` pairs equal, and a ``total``
    still reachable by the slots left)."""
    key = (slots, total, values)
    hit = _FIT.get(key)
    if hit is None:
        hit = _FIT[key] = _fit(slots, total, values)
    return hit


def _fit(slots: tuple[Slot, ...], total: int | None, values: tuple[int, ...]) -> bool:
    if len(values) > len(slots):
        return False
    if total is not None:
        left = len(slots) - len(values)
        if not sum(values) + left <= total <= sum(values) + 6 * left:
            return False
    return slot_assignment(slots, values) is not None


def doubles_pairs(slots: tuple[Slot, ...]) -> list[tuple[int, int]]:
    """The slot index pairs that must hold equal dice (consecutive ``doubles`` slots)."""
    idx = [i for i, s in enumerate(slots) if s.kind == "doubles"]
    return [(idx[i], idx[i + 1]) for i in range(0, len(idx) - 1, 2)]


def slot_assignment(slots: tuple[Slot, ...], values: tuple[int, ...]) -> tuple[int, ...] | None:
    """For each die value, the slot it sits in (None when no placement fits).

    >>> slot_assignment((Slot("max", 3), Slot("any")), (5, 2))
    (1, 0)
    """
    pairs = doubles_pairs(slots)
    for perm in itertools.permutations(range(len(slots)), len(values)):
        if not all(slots[s].accepts(v) for s, v in zip(perm, values)):
            continue
        at = {s: v for s, v in zip(perm, values)}
        if all(at.get(a, at.get(b)) == at.get(b, at.get(a)) for a, b in pairs):
            return perm
    return None


# --------------------------------------------------------------- var values

def literal_value(expr: Any) -> tuple[bool, Any]:
    """``(True, value)`` for a literal ``var`` initialiser (most are), else ``(False, None)``."""
    if isinstance(expr, (Int, Bool, Str)):
        return True, expr.value
    if isinstance(expr, ListExpr):
        items = [literal_value(e) for e in expr.items]
        if all(ok for ok, _ in items):
            return True, tuple(v for _, v in items)
    return False, None


# ------------------------------------------------------------------- codes

#: Every sub-state a key has met (dice, statuses, cards, sets of cards) → its number.
_CODES: dict[Any, int] = {}


def code(part: Any) -> int:
    """A small int that stands for a hashable part of a state, the same for equal parts
    for the life of the process.

    Keys made of codes are small: the AI keeps one per state it has solved, hundreds of
    thousands a turn, and a key that held the dice and card tuples themselves weighs over
    a kilobyte. The table grows with the distinct parts met (a few per state at most), not
    with how often they are met. Codes are never written anywhere: a key means nothing
    outside the process that made it.

    >>> code(("sword", 1)) == code(("sword", 1)) != code(("sword", 2))
    True
    """
    hit = _CODES.get(part)
    if hit is None:
        # setdefault and next() are each one step for the interpreter: a planner thread
        # and the game's thread meeting a new part at once still give it one number.
        hit = _CODES.setdefault(part, next(_NUMBERS))
    return hit


_NUMBERS = itertools.count()

# The AI makes the same few changes to the same parts in state after state. These tables
# give the result of a change to a part whose code is known, with the result's code, so
# each is made and coded once, and the key of a state a move just made hashes no card
# and sorts nothing. They are caches (cleared when full): codes themselves never change.

#: (card's code, change, its argument) → (the card after the change, its code, whether
#: its hooks may differ: see _hooks_differ).
_CHANGED: dict[tuple[int, Any, Any], tuple["CardState", int, bool]] = {}
#: (code of a fighter's cards, a card's code, that card's new code) → the new cards code.
_SWAPPED: dict[tuple[int, int, int], int] = {}
#: (code of a fighter's cards, a card's code, change, its argument) → what _CHANGED and
#: _SWAPPED give for it, with the new cards code: a move's change in one look-up.
_MOVED: dict[tuple[int, int, Any, Any], tuple["CardState", int, bool, int]] = {}
#: (statuses code, status, stacks) → the statuses code after the change.
_RESTACKED: dict[tuple[int, str, int], int] = {}
#: A table is emptied when it reaches this size.
TABLE_SIZE = 50_000


def _hooks_differ(old: "CardState", new: "CardState") -> bool:
    """Whether a card's hooks may differ after a change (what :meth:`Fighter.card_events`
    sums up goes stale)."""
    return old.defn is not new.defn or old.weakened != new.weakened or old.gone != new.gone


def _remember(table: dict, key: Any, value: Any) -> Any:
    """Put ``value`` in a cache table (emptied first when full); return it."""
    if len(table) >= TABLE_SIZE:
        table.clear()
    table[key] = value
    return value


# ---------------------------------------------------------------- fighters

#: What :meth:`Fighter.card_events` holds when some card of the fighter is a button (no
#: hook has this name: hooks start with ``on``, ``before`` or ``when``).
BUTTON = "button"
_HOLDS_BUTTON = frozenset({BUTTON})
#: In :meth:`Fighter.card_events`: some card may call ``end_turn()``.
ENDS_TURN = "ends turn"
_HOLDS_ENDER = frozenset({ENDS_TURN})
#: In :meth:`Fighter.card_events`: some card reads a fighter's ``last_used`` or
#: ``used_this_turn`` (the cards it used: the key of a fight then holds them).
READS_LAST = "reads last_used"
#: In :meth:`Fighter.card_events`: some card may call ``bonus()`` (what a turn's path
#: earned then counts: the key of a fight holds the turn's bonus).
GIVES_BONUS = "gives a bonus"
#: In :meth:`Fighter.card_events` with :data:`READS_LAST` or :data:`GIVES_BONUS`: the key
#: of a fight holds more than the position (one look tells a fight's key it is the short one).
KEYS_MORE = "keys more"
_HOLDS_READER = frozenset({READS_LAST, KEYS_MORE})
_HOLDS_GIVER = frozenset({GIVES_BONUS, KEYS_MORE})


def ends_turn(defn: EquipmentDef) -> bool:
    """Whether a card (as it acts now) has a hook that may call ``end_turn()``."""
    return any(getattr(script, "ends_turn", False) for script in defn.hooks.values())


def gives_bonus(script: Any) -> bool:
    """Whether a compiled script may call ``bonus()`` (one whose calls are not known may)."""
    calls = getattr(script, "calls", None)
    return calls is None or "bonus" in calls


def card_gives_bonus(defn: EquipmentDef) -> bool:
    """Whether a card (as it acts now) has a hook that may call ``bonus()``."""
    return any(gives_bonus(script) for script in defn.hooks.values())


def reads_last(defn: EquipmentDef) -> bool:
    """Whether a card (as it acts now) has a hook or a ``ready`` condition that reads a
    fighter's ``last_used`` or ``used_this_turn``."""
    return getattr(defn.ready, "reads_last", False) or any(
        getattr(script, "reads_last", False) for script in defn.hooks.values())

#: The containers of a fighter a copy shares (see Fighter.copy), as bits of ``_shared``.
_SHARED_DICE, _SHARED_CARDS, _SHARED_STATUSES = 1, 2, 4
_SHARED_ALL = _SHARED_DICE | _SHARED_CARDS | _SHARED_STATUSES

class Fighter:
    """One side of a fight. ``side`` is 0 or 1; ``statuses`` maps status id → stacks (> 0).

    Anyone may read the fields; the rules engine changes ``dice``, ``cards``, ``statuses``,
    ``max_hp``, ``dice_count``, ``extra``, ``extra_for`` and ``waiting`` only through the
    methods below, because
    :meth:`key` keeps the codes of those parts from one call to the next and each change
    must drop the codes it makes stale (``hp`` and ``cards_used`` are read afresh), and
    because a copy shares the dice, the cards and the statuses until one side changes
    them (:meth:`copy`). Read them, do not keep them: a change may replace them.
    """

    __slots__ = ("side", "defn", "name", "hp", "max_hp", "dice_count", "extra", "extra_for",
                 "waiting", "level",
                 "dice", "statuses", "cards", "cards_used", "used",
                 "_dice_sum", "_dice_code", "_card_codes", "_cards_code", "_status_code",
                 "_card_events", "_shared")

    def __init__(self, side: int, defn: FighterDef, hp: int, max_hp: int, dice_count: int,
                 level: int, cards: list[CardState]):
        self.side = side
        self.defn = defn
        self.name = defn.name
        self.hp = hp
        self.max_hp = max_hp
        self.dice_count = dice_count
        self.extra = 0                 # extra_dice(n) gained (or lost) this fight
        #: extra_dice(n, who, turns) still to come: (dice, rolls left) pairs, one per
        #: count of rolls left, sorted (equal positions, equal keys)
        self.extra_for: tuple[tuple[int, int], ...] = ()
        #: dice given outside its turn, sorted: they join its pool at its next roll
        self.waiting: tuple[Die, ...] = ()
        self.level = level
        self.dice: list[Die] = []
        self.statuses: dict[str, int] = {}
        self.cards = cards
        self.cards_used = 0            # cards fired this turn
        # The cards it used, by their index: the one used last before this turn (-1: none),
        # then those used this turn, in order (see last_used, used_turn). One tuple, as a
        # copy copies it: the search copies fighters more than it fires cards.
        self.used: tuple[int, ...] = (-1,)
        self._dice_sum = 0                          # the dice as a number: see _die_bit
        self._dice_code: int | None = None          # code of _dice_sum
        self._card_codes: list[int | None] = [None] * len(cards)   # per card, in order
        self._cards_code: int | None = None         # code of the sorted card codes
        self._status_code: int | None = None        # code of statuses, max HP, dice count
        self._card_events: frozenset[str] | None = None   # see card_events()
        self._shared = 0               # containers shared with a copy: see copy()

    def copy(self) -> "Fighter":
        """An equal fighter that changes apart from this one.

        The copy and this fighter share the dice, the statuses and the cards (with their
        codes) until one of the two changes them: ``_shared`` marks them, on both, and
        each change method takes its own container first (hence the rule above: they
        change only through these methods). The AI copies a fight for each move it
        tries, and the move changes one or two of the eight containers: copying them all
        was a third of a copy's cost.
        """
        f = Fighter.__new__(Fighter)
        f.side = self.side
        f.defn = self.defn
        f.name = self.name
        f.hp = self.hp
        f.max_hp = self.max_hp
        f.dice_count = self.dice_count
        f.extra = self.extra
        f.extra_for = self.extra_for        # (tuples: shared)
        f.waiting = self.waiting
        f.level = self.level
        f.dice = self.dice
        f.statuses = self.statuses
        f.cards = self.cards
        f._card_codes = self._card_codes
        f._shared = self._shared = _SHARED_ALL
        f.cards_used = self.cards_used
        f.used = self.used                  # (a tuple: shared)
        f._dice_sum = self._dice_sum        # a copy is equal: its codes hold too
        f._dice_code = self._dice_code
        f._cards_code = self._cards_code
        f._status_code = self._status_code
        f._card_events = self._card_events
        return f

    def _own(self, part: int) -> None:
        """Take a private copy of the containers of ``part`` (one of the _SHARED_ bits)
        before a change, if they are shared with a copy (see :meth:`copy`)."""
        if part == _SHARED_DICE:
            self.dice = self.dice.copy()
        elif part == _SHARED_CARDS:
            self.cards = self.cards.copy()
            self._card_codes = self._card_codes.copy()
        else:
            self.statuses = self.statuses.copy()
        self._shared &= ~part

    # ------------------------------------------------------------- the key

    def key(self) -> tuple[int, int, int, int, int]:
        """``(hp, cards used, dice code, statuses code, cards code)``: equal for fighters
        that play the same (equal dice and identical cards interchangeable). The statuses
        code covers max HP, dice count and extra dice too. See :func:`code`.

        The codes are kept between calls: the AI asks for the key of every state it
        makes, and a move changes a die and a card or two, seldom the rest.
        """
        dice = self._dice_code
        if dice is None:
            dice = self._dice_code = code(self._dice_sum)
        statuses = self._status_code
        if statuses is None:
            statuses = self._status_code = self._statuses_code()
        cards = self._cards_code
        if cards is None:
            cards = self._cards_code = code(tuple(sorted(self.card_codes())))
        return self.hp, self.cards_used, dice, statuses, cards

    def _statuses_code(self) -> int:
        return code((self.max_hp, self.dice_count, self.extra, self.extra_for, self.waiting,
                     tuple(sorted(self.statuses.items()))))

    def card_codes(self) -> list[int]:
        """Each card's :func:`code`, in order: equal for identical cards (same definition
        id and the same state). The list is the fighter's own: read it, do not keep it."""
        codes = self._card_codes
        if None in codes:
            cards = self.cards
            for i, c in enumerate(codes):
                if c is None:
                    codes[i] = code(cards[i][1:])
        return codes  # type: ignore[return-value]

    def card_events(self) -> frozenset[str]:
        """The hooks (``"on any use"``…) that some card of this fighter has now, and
        :data:`BUTTON` when one of them is a button, :data:`ENDS_TURN` when one may end
        its owner's turn, :data:`READS_LAST` when one reads ``last_used``, :data:`GIVES_BONUS`
        when one may call ``bonus()`` (and :data:`KEYS_MORE` with either): most hooks are
        on no card, and most fighters hold no button;
        the engine (and the AI's rule of thumb) asks before going through the cards."""
        events = self._card_events
        if events is None:
            live = [c.active for c in self.cards if not c.gone]
            events = frozenset().union(*(a.hooks for a in live))
            if any(a.button for a in live):
                events |= _HOLDS_BUTTON
            if any(ends_turn(a) for a in live):
                events |= _HOLDS_ENDER
            if any(reads_last(a) for a in live):
                events |= _HOLDS_READER
            if any(card_gives_bonus(a) for a in live):
                events |= _HOLDS_GIVER
            events = self._card_events = events
        return events

    # --------------------------------------------------------- the changes

    def set_dice(self, dice: list[Die]) -> None:
        self.dice = dice
        self._shared &= ~_SHARED_DICE
        self._dice_sum = sum(_die_bit(d) for d in dice)
        self._dice_code = None

    def take_die(self, index: int) -> Die:
        """Take a die out of the pool."""
        shared = self._shared
        if shared & _SHARED_DICE:      # _own, inlined: every move takes a die
            dice = self.dice = self.dice.copy()
            self._shared = shared & ~_SHARED_DICE
        else:
            dice = self.dice
        die = dice[index]
        del dice[index]                # (pop() is a call)
        self._dice_sum -= _DIE_BITS[die]   # every move takes a die: a look-up, not a call
        self._dice_code = None
        return die

    def put_die(self, index: int, die: Die) -> None:
        """Replace the die at ``index``."""
        if self._shared & _SHARED_DICE:
            self._own(_SHARED_DICE)
        self._dice_sum += _die_bit(die) - _die_bit(self.dice[index])
        self.dice[index] = die
        self._dice_code = None

    def add_dice(self, dice: Iterable[Die]) -> None:
        if self._shared & _SHARED_DICE:
            self._own(_SHARED_DICE)
        start = len(self.dice)
        self.dice.extend(dice)
        self._dice_sum += sum(map(_DIE_BITS.__getitem__, self.dice[start:]))
        self._dice_code = None

    def set_card(self, index: int, card: CardState) -> None:
        if self._shared & _SHARED_CARDS:
            self._own(_SHARED_CARDS)
        if _hooks_differ(self.cards[index], card):
            self._card_events = None
        self.cards[index] = card
        self._card_codes[index] = None
        self._cards_code = None

    def change_card(self, index: int, change: Callable[[CardState, Any], CardState],
                    arg: Any) -> CardState:
        """Make card ``index`` ``change(card, arg)`` and return it; for the common changes
        (``CardState.with_placed``, ``CardState.with_countdown``, :func:`fired`,
        :func:`released`), whose results the tables above keep when the cards' codes are
        known."""
        shared = self._shared
        if shared & _SHARED_CARDS:     # _own, inlined: most moves change a card
            self.cards = self.cards.copy()
            codes = self._card_codes = self._card_codes.copy()
            self._shared = shared & ~_SHARED_CARDS
        else:
            codes = self._card_codes
        cards = self.cards
        card = cards[index]
        whole = self._cards_code
        if whole is not None:          # then every card's code is known (see card_codes)
            hit = _MOVED.get((whole, codes[index], change, arg))
            # Codes name a card's definition by its id: the card made must hold this one.
            if hit is not None and hit[0][0] is card[0]:
                new, codes[index], hooks_differ, self._cards_code = hit
                cards[index] = new
                if hooks_differ:
                    self._card_events = None
                return new
        return self._change_card(index, change, arg)

    def _change_card(self, index: int, change: Callable[[CardState, Any], CardState],
                     arg: Any) -> CardState:
        """:meth:`change_card` when _MOVED has not the change (its containers owned)."""
        card = self.cards[index]
        codes = self._card_codes
        old = codes[index]
        if old is None:                # not coded (a fight nobody asked a key of)
            new = change(card, arg)
            self.set_card(index, new)
            return new
        hit = _CHANGED.get((old, change, arg))
        if hit is None or hit[0][0] is not card[0]:
            new = change(card, arg)
            hit = _remember(_CHANGED, (old, change, arg),
                            (new, code(new[1:]), _hooks_differ(card, new)))
        new, new_code, hooks_differ = hit
        self.cards[index] = new
        codes[index] = new_code
        if hooks_differ:
            self._card_events = None
        whole = self._cards_code
        if whole is not None:
            swap = (whole, old, new_code)
            hit = _SWAPPED.get(swap)
            self._cards_code = hit if hit is not None else _remember(
                _SWAPPED, swap, code(tuple(sorted(codes))))
            _remember(_MOVED, (whole, old, change, arg),
                      (new, new_code, hooks_differ, self._cards_code))
        return new

    def set_cards(self, cards: list[CardState]) -> None:
        self.cards = cards
        self._card_codes = [None] * len(cards)
        self._shared &= ~_SHARED_CARDS
        self._cards_code = None
        self._card_events = None

    def add_card(self, card: CardState) -> None:
        if self._shared & _SHARED_CARDS:
            self._own(_SHARED_CARDS)
        self.cards.append(card)
        self._card_codes.append(None)
        self._cards_code = None
        self._card_events = None

    def set_stacks(self, status: str, stacks: int) -> None:
        """Set a status's stacks (0 or less: the status goes)."""
        if stacks < 0:
            stacks = 0
        shared = self._shared
        if shared & _SHARED_STATUSES:  # _own, inlined: attacks change shields
            self.statuses = self.statuses.copy()
            self._shared = shared & ~_SHARED_STATUSES
        if stacks:
            self.statuses[status] = stacks
        else:
            self.statuses.pop(status, None)
        old = self._status_code
        if old is not None:
            change = (old, status, stacks)
            hit = _RESTACKED.get(change)
            self._status_code = hit if hit is not None else _remember(
                _RESTACKED, change, self._statuses_code())

    def set_statuses(self, statuses: dict[str, int]) -> None:
        self.statuses = statuses
        self._shared &= ~_SHARED_STATUSES
        self._status_code = None

    def set_max_hp(self, max_hp: int) -> None:
        self.max_hp = max_hp
        self._status_code = None

    def add_extra_dice(self, count: int, rolls: int | None = None) -> None:
        """``count`` more dice (fewer, below 0) at each roll, or at the next ``rolls``."""
        if rolls is None:
            self.extra += count
        else:
            self._set_extra_for(self.extra_for + ((count, rolls),))
        self._status_code = None

    def set_dice_changes(self, extra: int, extra_for: tuple[tuple[int, int], ...],
                         waiting: tuple[Die, ...]) -> None:
        """The dice gained or lost by ``extra_dice``, and those given outside its turn, as
        another fighter's (a trial's)."""
        self.extra, self.extra_for, self.waiting = extra, extra_for, waiting
        self._status_code = None

    def wait_dice(self, dice: Iterable[Die]) -> None:
        """Dice given outside its turn: they wait for its next roll."""
        self.waiting = tuple(sorted((*self.waiting, *dice)))
        self._status_code = None

    def take_waiting(self) -> tuple[Die, ...]:
        """The dice that waited for this roll (none wait after)."""
        waiting = self.waiting
        if waiting:
            self.waiting = ()
            self._status_code = None
        return waiting

    def dice_to_roll(self) -> int:
        """How many dice its next roll has (0 to MAX_DICE)."""
        n = self.dice_count + self.extra
        for count, _ in self.extra_for:
            n += count
        return 0 if n < 0 else MAX_DICE if n > MAX_DICE else n

    def rolled(self) -> None:
        """A roll made: the dice given or taken for a few rolls have one roll fewer."""
        if self.extra_for:
            self._set_extra_for((count, rolls - 1) for count, rolls in self.extra_for
                                if rolls > 1)
            self._status_code = None

    def _set_extra_for(self, pairs: Iterable[tuple[int, int]]) -> None:
        by_rolls: dict[int, int] = {}
        for count, rolls in pairs:
            by_rolls[rolls] = by_rolls.get(rolls, 0) + count
        self.extra_for = tuple(sorted((count, rolls) for rolls, count in by_rolls.items()
                                      if count))

    def forget_place(self, index: int) -> None:
        """Card place ``index`` now holds another card, or none: ``last_used`` and
        ``used_turn`` name cards by their place, and no longer name it (its uses stay
        counted, as -1: the card used last may be none)."""
        if index in self.used:
            self.used = tuple(-1 if i == index else i for i in self.used)

    def new_turn(self) -> None:
        """Its turn starts: no card used this turn yet (the one used last stays)."""
        self.used = self.used[-1:]

    @property
    def last_used(self) -> int:
        """The index of the card it used last this fight (-1: none, or a card whose place
        now holds another)."""
        return self.used[-1]

    @last_used.setter
    def last_used(self, index: int) -> None:
        """Set the card used last (a pinned position): no card used this turn then."""
        self.used = (index,)

    @property
    def used_turn(self) -> tuple[int, ...]:
        """The indexes of the cards it used this turn (in its other fighter's turn: in its
        turn just played), in order, a card used twice twice."""
        return tuple(i for i in self.used[1:] if i >= 0)

    # --------------------------------------------------------------- reads

    def status(self, status_id: str) -> int:
        return self.statuses.get(status_id, 0)

    @property
    def usable_dice(self) -> list[Die]:
        return [d for d in self.dice if not d.locked]

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def card_named(self, name: str, start: int = 0) -> int:
        """Index of the first card (from ``start``) with this name or id, or -1."""
        for i in range(start, len(self.cards)):
            c = self.cards[i].defn
            if c.name == name or c.id == name:
                return i
        return -1

    def __repr__(self) -> str:
        return f"<Fighter {self.name} {self.hp}/{self.max_hp}>"


def _die_bit(die: Die) -> int:
    """A die's share of a pool's number: a pool is a multiset of at most 24 dice of 56
    kinds (value 0..6 and three flags), so five bits a kind hold its count, and the sum
    over the pool is the same for equal pools in any order — kept as dice come and go,
    where sorting the pool for every key cost more.

    >>> _die_bit(Die(1)) + _die_bit(Die(3)) == _die_bit(Die(3)) + _die_bit(Die(1))
    True
    """
    return 1 << 5 * (die.value << 3 | die.burning << 2 | die.locked << 1 | die.blind)


#: A plain die, and a burning one, of each value (0..6), shared: dice are values.
PLAIN_DICE = tuple(Die(v) for v in range(7))
BURNING_DICE = tuple(Die(v, burning=True) for v in range(7))

#: Every kind of die's :func:`_die_bit`.
_DIE_BITS = {die: _die_bit(die) for die in itertools.starmap(Die, itertools.product(
    range(7), (False, True), (False, True), (False, True)))}


@dataclass(frozen=True)
class FighterSetup:
    """How a fighter enters a fight when it is not fresh from its definition (a hero
    mid-run, a scenario). ``None`` keeps the definition's value. ``equipment`` lists card
    names or ids; a trailing ``+`` fits the card's upgraded version (``"Sword+"``).

    >>> FighterSetup(hp=12, equipment=("Sword+", "Shield")).cards()
    [('Sword', True), ('Shield', False)]
    """

    hp: int | None = None
    max_hp: int | None = None
    dice: int | None = None
    level: int | None = None
    equipment: tuple[str, ...] | None = None

    def cards(self) -> list[tuple[str, bool]] | None:
        if self.equipment is None:
            return None
        return [upgrade_ref(n) for n in self.equipment]


# ----------------------------------------------------------------- outcome

@dataclass(frozen=True, slots=True)
class Outcome:
    """How a fight ended (python-chess style: a value, not a flag soup).

    >>> Outcome(None, "turn limit", 60).result()
    'draw'
    """

    winner: int | None
    """The side that won (0 or 1), or None for a draw."""
    termination: str
    """``"knockout"`` (a fighter reached 0 HP) or ``"turn limit"`` (a draw)."""
    turns: int
    """The turn the fight ended on (1-based)."""

    def result(self) -> str:
        return "draw" if self.winner is None else f"side {self.winner} wins"
