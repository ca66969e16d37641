"""The opponent's coming turn, as the end of a turn leaves it: the ``outlook`` and ``fatal``
terms of the score, beyond ``ai.md``'s table.

The table scores a turn by what it did: damage, statuses by the stack, cards used. What it
cannot see is what a status does *after* the turn, in the opponent's: a dodge spoils the
opponent's next card whatever its dice, a reduce takes a point off each of its hits,
thorns hurt it for each attack, a lock or a freeze takes dice from it, a shock or a weaken
spoils its cards. By the stack a dodge weighs what a point of shield weighs.

:class:`Outlook` plays the opponent's next turn with the rule of thumb
(:func:`dicey.ai.baseline.choose_move`) from a few fixed rolls, once for each set of such
statuses a turn's end can leave, and counts the HP each side loses in it:

* ``outlook`` points per HP of margin (the opponent's mean loss less one's own), against
  the same turn played without those statuses: a state that leaves none is worth 0 here;
* ``fatal`` points per unit of probability that the opponent is dead by the end of its
  turn, less the same for oneself being dead by then (or of one's poison at one's next
  turn start), with the state's own HP, shield and poison: a shield that keeps a fighter
  alive is worth its life, one that does not is worth its table price.

A status that only takes dice or cards from the opponent (:data:`TAKES_OPTIONS`) is worth at
least what its absence is: the rule of thumb that plays a trial may do better with a card
shocked (one it would have wasted a die on), the opponent it stands for would not. Other
statuses are left to the trial: a burning die that charges the opponent's limit break does
help it.

Shield and poison are left to the table: a point of shield absorbs a point of damage and a
stack of poison is a point of damage, just what their weights price (so the Frog's check, a
Sword against a Shield, is the table's alone while neither side is in danger).

A card of one's own may act in the opponent's turn too (:data:`THEIR_TURN`: a trap that
answers a blow, a field that stings each card the opponent uses), with what the turn left on
it: ``armed = d``. When the planner holds such a card (:func:`answers`), a trial also carries
what each one holds at the turn's end (its variables, its countdown, whether it is weakened or
gone), so that setting a trap is worth what it takes back. A library without one pays
nothing for it: the trials are keyed as before.

The terms read only what a state's key holds (statuses, HP, cards), so the search may
memoise on it; the rolls are fixed, so a plan is reproducible.
"""
from __future__ import annotations

import random
from typing import Any, Hashable

from dicey.lang.builtins import BUILTINS
from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from dicey.rules.state import RETURNED, TAKEN, CardState

from .baseline import choose_move

#: Rolls the opponent's coming turn is played from (the same rolls for every set of
#: statuses, so that their differences are not noise).
SAMPLES = 4
#: Seed of the first sampled roll (fixed: a plan is reproducible).
SEED = 20_011
#: Statuses whose worth the table's weights already give (see the module docstring).
PRICED = frozenset({"shield", "poison"})
#: The statuses that only take dice or cards from their bearer in its turn (a lock, a shock,
#: a weaken): whatever it does with them, it could do without them.
TAKES_OPTIONS = frozenset({"lock", "shock", "weaken"})
#: HP a fighter is lent in a trial (here, and a countdown's firing in :mod:`.charge`), so
#: the damage it would take is never cut short and no trial ends the fight.
LENT_HP = 1_000

#: The hooks that change a blow's amount: they act by setting it, whatever they call.
SHAPES = frozenset({"on incoming damage", "on outgoing damage"})
#: The hooks of a card that run in its owner's opponent's turn: the opponent's roll, its
#: blows, the damage they do, the cards it uses (and the blows a card of one's own answers
#: with).
THEIR_TURN = frozenset({"on attacked", "on damage taken", "on damage dealt",
                        "on opponent use", "on roll", *SHAPES})
#: The built-ins that change nothing the coming turn measures (a log line, points for the
#: planner): a hook that calls only these, the pure ones and none that acts (``min``,
#: ``roll``), only keeps count (a limit break's charge).
SILENT = frozenset({"say", "bonus"})

#: One sampled coming turn: (damage ``side`` takes before any shield, HP the opponent loses).
Turn = tuple[int, int]


class Outlook:
    """The opponent's coming turn as seen from ``side``'s turn in ``origin``.

    Each trial starts from ``origin``, puts in the statuses of the state being valued
    (shield and poison taken out) and lends ``side`` HP, ends ``side``'s turn and plays the
    opponent's from a fixed roll. The HP and dice of the state being valued do not change
    what a trial measures, nor do its cards but the opponent's (a card taken, one
    discarded) and those of ``side``'s that act in the opponent's turn (:func:`answers`:
    a trap set): that keeps the trials few, one set per pair of status lists and what
    those cards carry. :meth:`value` turns them into points (see the module docstring).
    """

    __slots__ = ("origin", "side", "outlook", "fatal", "samples", "_turns", "_values",
                 "_bare", "_opp_cards", "_cards_of", "_answering", "_carried", "_opp_dice")

    def __init__(self, origin: Fight, side: int, outlook: float, fatal: float,
                 samples: int = SAMPLES):
        self.origin = origin
        self.side = side
        self.outlook = outlook
        self.fatal = fatal
        self.samples = samples
        self._turns: dict[Hashable, list[Turn]] = {}
        self._values: dict[Hashable, float] = {}
        #: The code of the opponent's cards in ``origin`` (Fighter.key): a state whose
        #: opponent holds other cards (one taken from it, one discarded) has its coming
        #: turn played with those.
        self._opp_cards = origin.fighters[1 - side].key()[4]
        self._cards_of: dict[int, tuple] = {}     # such a code: the cards
        #: The opponent's dice gained or lost in ``origin`` (extra_dice), and those it was
        #: given for its turn: a state where a script changed them has its coming turn
        #: rolled with as many dice as it says, and the dice given.
        self._opp_dice = _dice_changes(origin.fighters[1 - side])
        #: The places of ``side``'s cards that act in the opponent's turn (None: none,
        #: and the trials are keyed as they always were), and by the code of ``side``'s
        #: cards what those carry (None: what they carry in ``origin``).
        mine = origin.fighters[side].cards
        self._answering = tuple(i for i, card in enumerate(mine) if answers(card)) or None
        self._carried: dict[int | None, tuple | None] = {}
        if self._answering is not None:
            self._carried[None] = _carried(mine, self._answering)
        wanted = samples > 0 and (outlook or fatal)
        self._bare = _mean_margin(self._turns_for((), ())) \
            if wanted and plans_now(origin, side) else None

    @property
    def active(self) -> bool:
        """Whether the outlook adds anything: its weights are not 0 and ``origin`` is
        ``side``'s turn to plan."""
        return self._bare is not None

    def value(self, fight: Fight) -> float:
        """The coming turn's worth for ``side`` in ``fight``: 0 when the outlook is off or
        ``origin`` is not ``side``'s turn to plan."""
        if self._bare is None:
            return 0.0
        me, them = fight.fighters[self.side], fight.fighters[1 - self.side]
        cards = them._cards_code     # (Fighter.key's last code, kept: the search asked
        if cards is None:            # this state's key before its worth)
            cards = them.key()[4]
        dice = (them.extra, them.extra_for, them.waiting)   # (_dice_changes, inlined)
        key = (self._acting(me.statuses, "turn end"), self._acting(them.statuses, "turn start"),
               me.hp, me.statuses.get("shield", 0), me.statuses.get("poison", 0),
               them.hp, them.statuses.get("poison", 0),
               None if cards == self._opp_cards else cards,
               None if dice == self._opp_dice else dice)
        # The search's hot path (every state's end): where no card of ``side``'s acts in
        # the opponent's turn (the base game), this one test a state is all it costs.
        if self._answering is not None:
            key += (self._carries(me),)
        hit = self._values.get(key)
        if hit is None:
            if key[7] is not None:
                self._cards_of.setdefault(cards, tuple(them.cards))
            hit = self._values[key] = self._worth(*key)
        return hit

    def _carries(self, me) -> tuple | None:
        """What ``side``'s cards that act in the opponent's turn carry in a state whose
        fighter is ``me`` (None: what they carry in ``origin``), by the code of its cards
        (known: the search asked the state's key first)."""
        code = me._cards_code
        if code is None:
            code = me.key()[4]
        hit = self._carried.get(code, False)
        if hit is False:
            carried = _carried(me.cards, self._answering)
            hit = self._carried[code] = None if carried == self._carried[None] else carried
        return hit

    def _worth(self, own: tuple, opp: tuple, hp: int, shield: int, poison: int,
               opp_hp: int, opp_poison: int, cards: int | None, dice: tuple | None,
               carried: tuple | None = None) -> float:
        turns = self._turns_for(own, opp, cards, carried, dice)
        margin = _mean_margin(turns) - self._bare \
            if (own or opp or cards or carried or dice) else 0.0
        fates = [_fate(taken, lost, hp, shield, poison, opp_hp, opp_poison)
                 for taken, lost in turns]
        worth = self.outlook * margin + self.fatal * sum(fates) / len(fates)
        # A status that only takes dice or cards from the opponent never makes its turn
        # better for it than the same turn without it (whatever it does shocked, it could
        # do unshocked), though the rule of thumb that plays the trial may do better with
        # it (a shocked card it would have wasted a die on): such statuses are worth at
        # least what their absence is.
        kept = tuple(s for s in opp if s[0] not in TAKES_OPTIONS)
        if kept != opp:
            worth = max(worth, self._worth(own, kept, hp, shield, poison, opp_hp,
                                           opp_poison, cards, dice, carried))
        return worth

    def _acting(self, statuses: dict[str, int], gone_at: str) -> tuple[tuple[str, int], ...]:
        """The statuses that may act in the opponent's turn and that the table does not
        price, sorted: not those that clear at ``gone_at`` (one's own at one's turn end,
        the opponent's at its turn start), which are gone before then."""
        clears = self.origin.rules.clears
        return tuple(sorted((s, n) for s, n in statuses.items()
                            if s not in PRICED and clears(s) != gone_at))

    def _turns_for(self, own: tuple, opp: tuple, cards: int | None = None,
                   carried: tuple | None = None, dice: tuple | None = None) -> list[Turn]:
        """The sampled coming turns with these statuses (and, when not None, the code of
        the opponent's cards, what ``side``'s cards that act in that turn carry, and the
        dice the opponent gained or lost, other than in ``origin``)."""
        key = (own, opp, cards) if carried is None and dice is None else \
            (own, opp, cards, carried, dice)
        turns = self._turns.get(key)
        if turns is None:
            held = None if cards is None else self._cards_of[cards]
            turns = self._turns[key] = [
                self._play(dict(own), dict(opp), held, SEED + i, carried, dice)
                for i in range(self.samples)]
        return turns

    def _play(self, own: dict[str, int], opp: dict[str, int], cards: tuple | None,
              seed: int, carried: tuple | None = None, dice: tuple | None = None) -> Turn:
        side, other = self.side, 1 - self.side
        trial = self.origin.copy(simulation=True, log=False)
        me = trial.fighters[side]
        trial.set_position(side, statuses=own, max_hp=me.max_hp + LENT_HP,
                           hp=me.hp + LENT_HP)
        trial.set_position(other, statuses=opp)
        if cards is not None:     # (cards are values: the trial may change its list)
            trial.fighters[other].set_cards(list(cards))
        if dice is not None:
            trial.fighters[other].set_dice_changes(*dice)
        hp = (trial.fighters[side].hp, trial.fighters[other].hp)
        chance, rng = SampleChance(random.Random(seed)), random.Random(seed)
        trial.apply(Move.end(), chance)
        if carried is not None:   # (after the end: its hooks ran in the state valued)
            me = trial.fighters[side]
            for index, vars, countdown, weakened, gone in carried:
                if index >= len(me.cards) or me.cards[index].gone in (TAKEN, RETURNED):
                    continue          # a card held for a while, gone back at the end
                me.set_card(index, me.cards[index]._replace(
                    vars=vars, countdown=countdown, weakened=weakened, gone=gone))
        if not trial.is_over:
            trial.begin_turn(chance)
        while not trial.turn_over:   # (the rules end a turn at its move limit)
            trial.apply(choose_move(trial, rng), chance)
        return hp[0] - trial.fighters[side].hp, hp[1] - trial.fighters[other].hp


def _dice_changes(f: Any) -> tuple[int, tuple[tuple[int, int], ...], tuple]:
    """The dice a fighter gained or lost by ``extra_dice`` (for the fight, for a few
    rolls), and those given outside its turn, which wait for its roll."""
    return f.extra, f.extra_for, f.waiting


def plans_now(origin: Fight, side: int) -> bool:
    """Whether ``origin`` is ``side``'s turn to plan (the fight on, the turn under way):
    the only position the score's terms beyond the table are worked out from."""
    return origin.outcome is None and origin.actor == side and not origin.turn_over


def answers(card: CardState) -> bool:
    """Whether ``card`` may act in its owner's opponent's turn: a hook of it (as it is,
    or weakened) that runs then (:data:`THEIR_TURN`) calls a built-in that changes the
    fight (not :data:`SILENT`), or does not say what it calls, or changes the blows
    (:data:`SHAPES`). Fury, whose ``on damage taken`` only counts, does not; a Bear Trap,
    whose hook strikes back, does."""
    for variant in (card.defn, card.defn.weakened):
        if variant is None:
            continue
        for event, script in variant.hooks.items():
            if event not in THEIR_TURN:
                continue
            calls = getattr(script, "calls", None)
            if event in SHAPES or calls is None or any(BUILTINS[c].effect for c in calls - SILENT
                                    if c in BUILTINS):
                return True
    return False


def _carried(cards: list[CardState], places: tuple[int, ...]) -> tuple:
    """What the cards at ``places`` carry into the opponent's turn: (place, variables,
    countdown, weakened, gone) each (a place past the list: a card not held)."""
    return tuple((i, cards[i].vars, cards[i].countdown, cards[i].weakened, cards[i].gone)
                 for i in places if i < len(cards))


def _mean_margin(turns: list[Turn]) -> float:
    """The opponent's mean HP loss less one's own damage taken.

    >>> _mean_margin([(4, 0), (0, 2)])
    -1.0
    """
    return sum(lost - taken for taken, lost in turns) / len(turns)


def _fate(taken: int, lost: int, hp: int, shield: int, poison: int, opp_hp: int,
          opp_poison: int) -> int:
    """1 if the opponent is dead by the end of its turn (its poison first), -1 if oneself
    is by then or dies of one's poison at one's next turn start, else 0.

    >>> _fate(taken=5, lost=0, hp=6, shield=0, poison=0, opp_hp=9, opp_poison=0)
    0
    >>> _fate(taken=5, lost=0, hp=6, shield=0, poison=1, opp_hp=9, opp_poison=0)
    -1
    >>> _fate(taken=9, lost=2, hp=6, shield=0, poison=0, opp_hp=9, opp_poison=7)
    1
    """
    if opp_poison + lost >= opp_hp:
        return 1
    left = hp - max(0, taken - shield)
    return -1 if left <= 0 or poison >= left else 0
