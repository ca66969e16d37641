"""The AI's score of a turn: the one table of weights, and how a turn is scored with it.

A turn is scored from its start to its end (the weights of the Dicey Dungeons AI, ``ai.md``):

=================  =========  ==============================================
key                default    what earns it
=================  =========  ==============================================
``damage``         100        per HP the opponent lost
``poison``         90         per poison stack on the opponent
``negative_status`` 50        per stack of another negative status on the opponent
``positive_status`` 40        per stack of a positive status gained
``card_used``      10         per card fired (not one whose script failed, nor a use
                              of a card used without end that spent no die)
``countdown``      10         per countdown point taken off
``unused_pip``     5          per pip of the dice left unused at the end
``move``           -1         per move (place or release)
``healing``        1          per HP gained (and -1 per HP lost)
``opponent_dead``  1,000,000  the opponent at 0 HP
``self_dead``      -1,000,000 oneself at 0 HP
``outlook``        50         per HP of margin in the opponent's coming turn that
                              the turn's statuses make (beyond the table)
``fatal``          5,000      per unit of probability that the opponent is dead by
                              the end of its coming turn, less the same for oneself
                              (beyond the table)
``charge``         60         per cent of what a countdown card's firing is worth,
                              by the share of its countdown done (beyond the table)
``reserve``        10         per once-a-fight or single-use card of one's own not
                              spent yet (beyond the table)
``holding``        300        per cent of what a turn with a card gained this turn
                              (taken, given) is worth, for the rest of the fight
                              (beyond the table)
``rolls``          100        per cent of what one's next three turns gain or lose
                              by the dice the turn changed for one's rolls
                              (``extra_dice``, dice given at one's turn's end
                              or as one's next starts; beyond the table)
=================  =========  ==============================================

The terms beyond the table are the project's own: what a dodge, a reduce, thorns, a lock or a shock
will do in the opponent's turn, and whether a fighter lives through it
(:mod:`dicey.ai.foresight`); what a countdown card's progress is worth
(:mod:`dicey.ai.charge`). A card the turn gains (taken, given) is worth what a turn with it
is worth, ``holding`` per cent of it, for the rest of the fight (:mod:`dicey.ai.holding`).
Dice gained or lost for one's later rolls are worth what one's turns with them are worth
(:mod:`dicey.ai.rolls`).
An enemy with ``score { outlook: 0; fatal: 0; charge: 0; reserve: 0; holding: 0; rolls: 0 }``
plays by the table alone.

A card that may be used without end (``FightRules.endless``: no number of uses, and a
button or a card that may give dice back) earns ``card_used`` only for a use that spent a
die (``Fight._watched``): a use that gives back what it took, or takes nothing, could be
repeated to the turn's move limit for 10 a round.

``bonus(n)`` in a card adds ``n``. Statuses count both ways: a status weighs the same on
oneself with the opposite sign (curing one's poison earns 90 a stack, stripping the
opponent's shield 40). A status that will be gone before it can matter is not counted:
one's own statuses that clear at one's turn end, and the opponent's that clear at the
opponent's turn start (their dodge spent or not, it goes).

The score is split so that a search can memoise on the state alone (:mod:`dicey.ai.search`):

* a **potential** Φ(state) — HP, statuses, deaths — that depends only on the state's key;
* **step rewards** — cards used, countdown, moves, bonus — read from the fight's per-turn
  counters, earned by each move;
* at the turn's end, the unused dice (counted on the pool *before* it is discarded).

A turn's score is Σ step rewards + Φ(end) + unused pips − Φ(start).

>>> w = Weights()
>>> w.damage, w.move, w.self_dead
(100, -1, -1000000)
>>> w.with_overrides({"damage": 120}).damage
120
>>> Weights().with_overrides({"damge": 1})
Traceback (most recent call last):
...
ValueError: unknown AI score key 'damge' (did you mean 'damage'?)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any, Collection, Mapping, NamedTuple

from dicey.lang import ast as A
from dicey.lang.ast import upgrade_ref
from dicey.lang.checker import MAX_CARDS
from dicey.lang.errors import did_you_mean
from dicey.lang.interp import CARD_CALLS
from dicey.rules.fight import MAX_MOVES_PER_TURN, Fight
from dicey.rules.state import MAX_DICE, UNLIMITED, CardState, fresh_card
from dicey.rules.statuses import CORE_DEFAULTS, STACK_CAP

from .charge import Charge
from .foresight import LENT_HP, Outlook, plans_now
from .holding import Holding
from .rolls import LaterRolls


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights of ``ai.md``'s table (an enemy's ``score { … }`` overrides some)."""

    damage: int = 100
    poison: int = 90
    negative_status: int = 50
    positive_status: int = 40
    card_used: int = 10
    countdown: int = 10
    unused_pip: int = 5
    move: int = -1
    healing: int = 1
    opponent_dead: int = 1_000_000
    self_dead: int = -1_000_000
    outlook: int = 50
    fatal: int = 5_000
    charge: int = 60
    reserve: int = 10
    holding: int = 300
    rolls: int = 100
    #: Points a stack of the statuses named (``score { rot: 0 }``), as (id, points):
    #: before the status's own ``score`` and its kind's weight. ``poison`` is here when
    #: the block sets it.
    statuses: tuple[tuple[str, int], ...] = ()

    def with_overrides(self, overrides: Mapping[str, int],
                       statuses: Collection[str] = ()) -> "Weights":
        """These weights with some replaced: a key is a weight of the table or one of
        ``statuses`` (status ids: its points a stack); ValueError for any other."""
        table: dict[str, int] = {}
        own = dict(self.statuses)
        for key, value in overrides.items():
            if key in WEIGHT_KEYS:
                table[key] = int(value)
            elif key not in statuses:
                raise ValueError(f"unknown AI score key '{key}'"
                                 f"{did_you_mean(key, [*WEIGHT_KEYS, *statuses])}")
            if key == "poison" or key not in WEIGHT_KEYS:
                own[key] = int(value)
        return replace(self, **table, statuses=tuple(sorted(own.items())))

    @classmethod
    def for_fighter(cls, defn: Any, statuses: Collection[str] = ()) -> "Weights":
        """The default weights with a fighter's ``score { … }`` overrides applied
        (``statuses``: the status ids it may name)."""
        overrides = getattr(defn, "score", None) or {}
        return cls().with_overrides(overrides, statuses) if overrides else DEFAULT_WEIGHTS


#: The weights of the table an enemy's ``score { … }`` block may set (and status ids).
WEIGHT_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Weights) if f.name != "statuses")
#: The project's table.
DEFAULT_WEIGHTS = Weights()


class Scorer:
    """Scores the turns of one side of one fight's rules with one set of weights.

    ``side`` is the fighter whose turn is planned. Status weights are worked out once per
    status id (a status's kind and when it clears come from the fight's rules).
    """

    __slots__ = ("side", "weights", "_rules", "_own", "_opp", "_outlook", "_charge",
                 "_reserve", "_holding", "_held", "_rolls", "_ceiling", "reach")

    def __init__(self, fight: Fight, side: int | None = None, weights: Weights | None = None):
        self.side = fight.actor if side is None else side
        self.weights = w = weights or Weights.for_fighter(fight.fighters[self.side].defn,
                                                           fight.rules.statuses)
        self._rules = fight.rules
        self._own: dict[str, int] = {}
        self._opp: dict[str, int] = {}
        # Spending a card kept for once a fight earns ``card_used`` like any card: so that
        # only what it does pays for spending it, each one not spent is worth as much.
        # Most fighters hold none: then nothing is counted.
        self._reserve = w.reserve if any(_kept(c) for c in
                                         fight.fighters[self.side].cards) else 0
        outlook = Outlook(fight, self.side, w.outlook, w.fatal)
        self._outlook = outlook if outlook.active else None
        charge = Charge(fight, self.side, w.charge, self.table_potential)
        self._charge = charge if charge.active else None
        holding = Holding(fight, self.side, w.holding, self.table_potential)
        self._holding = holding if holding.active else None
        self._held = holding.held
        scripts = _scripts(fight) if plans_now(fight, self.side) else None
        found = _own_scripts(fight, self.side) if scripts is None else scripts.found
        rolls = LaterRolls(fight, self.side, w.rolls, self.table_potential, w.damage,
                           starts=any(_gives_at_start(owner, script, self.side)
                                      for owner, script, _ in found))
        # (the base game's turns mostly change no one's rolls: then nothing to look at)
        self._rolls = rolls if rolls.active and (scripts is None or any(
            _changes_rolls(owner, script, self.side) for owner, script, _ in found)) \
            else None
        ceiling = Ceiling(fight, self, scripts)
        self._ceiling = ceiling if ceiling.active else None
        #: A value below every :meth:`ceiling` of the turn (inf: no ceiling at all): a
        #: search compares a move's value with it before asking for a state's ceiling.
        self.reach = ceiling.reach

    # ------------------------------------------------------------ statuses

    def status_weight(self, status: str, own: bool) -> int:
        """Points per stack of ``status`` on oneself (``own``) or on the opponent."""
        table = self._own if own else self._opp
        hit = table.get(status)
        if hit is None:
            hit = table[status] = self._status_weight(status, own)
        return hit

    def _status_weight(self, status: str, own: bool) -> int:
        rules, w = self._rules, self.weights
        gone_before_it_matters = "turn end" if own else "turn start"
        if rules.clears(status) == gone_before_it_matters:
            return 0
        positive = rules.kind(status) == "positive"
        worth = dict(w.statuses).get(status)            # the fighter's score { rot: … }
        if worth is None:                               # the status's own score: …
            defn = rules.statuses.get(status)
            worth = defn.score if defn is not None else None
        if worth is None:                               # the table's, by its kind
            worth = (w.positive_status if positive else
                     w.poison if status == "poison" else w.negative_status)
        return (worth if own else -worth) if positive else (-worth if own else worth)

    # ------------------------------------------------------------- the parts

    def potential(self, fight: Fight) -> float:
        """Φ: what a state is worth to ``side`` (HP, statuses, a fighter at 0 HP), what it
        leaves to the opponent's coming turn (:mod:`dicey.ai.foresight`), what its
        countdowns are worth (:mod:`dicey.ai.charge`), the cards the turn gained
        (:mod:`dicey.ai.holding`) and the dice it changed for later rolls
        (:mod:`dicey.ai.rolls`)."""
        value = self.table_potential(fight)
        if self._outlook is not None:
            value += self._outlook.value(fight)
        if self._charge is not None:
            value += self._charge.value(fight)
        # (every state's end: a length against a number while no card was gained)
        if self._holding is not None and len(fight.fighters[self.side].cards) != self._held:
            value += self._holding.value(fight)
        if self._rolls is not None:
            value += self._rolls.value(fight)
        return value

    def parts(self, fight: Fight) -> dict[str, float]:
        """:meth:`potential` by what earns it (:data:`PARTS`; their sum is the potential):
        for a person reading why a plan was chosen, not for the search."""
        w = self.weights
        own, opp = fight.fighters[self.side], fight.fighters[1 - self.side]
        statuses = [sum(self.status_weight(s, mine) * n for s, n in f.statuses.items())
                    for f, mine in ((own, True), (opp, False))]
        held = self._holding is not None and len(own.cards) != self._held
        return {"damage": -w.damage * opp.hp, "HP": w.healing * own.hp,
                "own statuses": statuses[0], "opponent's statuses": statuses[1],
                "win or loss": (w.opponent_dead if opp.hp <= 0 else 0)
                + (w.self_dead if own.hp <= 0 else 0),
                "cards kept": self._reserve * sum(1 for card in own.cards if _kept(card)),
                "coming turn": self._outlook.value(fight) if self._outlook else 0.0,
                "countdowns' charge": self._charge.value(fight) if self._charge else 0.0,
                "cards gained": self._holding.value(fight) if held else 0.0,
                "later rolls": self._rolls.value(fight) if self._rolls else 0.0}

    def transition_parts(self, before: Fight, after: Fight) -> dict[str, float]:
        """:meth:`transition` by what earns it (:data:`PARTS`; their sum is the
        transition's reward): the step's counters, and when the move ended the turn the
        end's worth as :meth:`leaf` counts it."""
        w = self.weights
        parts = dict.fromkeys(PARTS, 0.0)
        parts.update({
            "bonus": after.turn_bonus - before.turn_bonus,
            "cards used": w.card_used * (after.turn_cards_used - before.turn_cards_used),
            "countdown": w.countdown * (after.turn_countdown - before.turn_countdown),
            "moves": w.move * (after.turn_moves - before.turn_moves)})
        if not after.turn_over:
            return parts
        own, opp = after.fighters[self.side], after.fighters[1 - self.side]
        if after.is_over and opp.hp <= 0 < own.hp:        # :meth:`won`
            parts.update({"damage": -w.damage * opp.hp, "HP": w.healing * own.hp,
                          "win or loss": w.opponent_dead})
            parts["bonus"] -= after.turn_bonus
            parts["cards used"] -= w.card_used * after.turn_cards_used
            parts["countdown"] -= w.countdown * after.turn_countdown
            return parts
        parts.update(self.parts(after))
        if after.is_over:
            parts["dice left"] = self.unused(after)
        elif after.turn_moves == before.turn_moves:
            parts["dice left"] = self.unused(before)
        return parts

    def table_potential(self, fight: Fight) -> float:
        """The part of Φ the table prices: HP, statuses, a fighter at 0 HP."""
        w = self.weights
        own, opp = fight.fighters[self.side], fight.fighters[1 - self.side]
        value = w.healing * own.hp - w.damage * opp.hp
        for status, stacks in own.statuses.items():
            value += self.status_weight(status, True) * stacks
        for status, stacks in opp.statuses.items():
            value += self.status_weight(status, False) * stacks
        if opp.hp <= 0:
            value += w.opponent_dead
        if own.hp <= 0:
            value += w.self_dead
        if self._reserve:
            value += self._reserve * sum(1 for card in own.cards if _kept(card))
        return value

    def unused(self, fight: Fight) -> float:
        """The unused dice of ``side`` in this state (a blind die counts its mean, 3.5)."""
        pips = 0.0
        for die in fight.fighters[self.side].dice:
            if not die.locked:
                pips += 3.5 if die.blind else die.value
        return pips * self.weights.unused_pip

    def step(self, before: Fight, after: Fight) -> float:
        """The rewards a move earned: bonus, cards used, countdown and the move itself."""
        return self.counted(before.counters(), after)

    def counted(self, counters: tuple[int, int, int, int], after: Fight) -> float:
        """:meth:`step` from the counters the state before had (``Fight.counters()``)."""
        w = self.weights
        bonus, moves, cards, countdown = counters
        return ((after.turn_bonus - bonus)
                + w.card_used * (after.turn_cards_used - cards)
                + w.countdown * (after.turn_countdown - countdown)
                + w.move * (after.turn_moves - moves))

    def leaf(self, before: Fight, after: Fight) -> float:
        """What a turn's end is worth: Φ(end) and the dice left unused. After ``end turn``
        the pool is gone, so the dice are counted on ``before``; a fight that ended
        mid-turn keeps its pool. A move that ended the turn (a card's ``end_turn()``: a
        move was counted) lost its dice: they count nothing, as in :meth:`made`."""
        if after.is_over:
            return self.over(after)
        if after.turn_moves != before.turn_moves:
            return self.potential(after)
        return self.potential(after) + self.unused(before)

    def over(self, after: Fight) -> float:
        """What a state in which the fight ended is worth: :meth:`won` if ``side`` won it,
        else its potential and the dice left (a fight that ends mid-turn keeps its pool)."""
        if after.fighters[1 - self.side].hp <= 0 < after.fighters[self.side].hp:
            return self.won(after)
        return self.potential(after) + self.unused(after)

    def won(self, after: Fight) -> float:
        """What a fight won in this turn is worth: the win and one's HP, and nothing that
        stops mattering with the fight — statuses on either side, the dice left, the
        coming turn — nor what the moves before the winning blow earned (cards used,
        countdown, bonus: taken back here, from the turn's counters, so that every line
        that wins from a state is worth the same but for its moves and the HP it leaves).
        Without it a line that shielded, rerolled and used spare cards before the blow
        outscored the blow alone, and a hint padded a sure kill with chance moves."""
        w = self.weights
        own, opp = after.fighters[self.side], after.fighters[1 - self.side]
        return (w.opponent_dead + w.healing * own.hp - w.damage * opp.hp
                - after.turn_bonus - w.card_used * after.turn_cards_used
                - w.countdown * after.turn_countdown)

    def transition(self, before: Fight, after: Fight) -> float:
        """A move's reward, with the leaf's worth when the move ended the turn."""
        reward = self.step(before, after)
        if after.turn_over:
            reward += self.leaf(before, after)
        return reward

    def made(self, counters: tuple[int, int, int, int], unused: float, after: Fight) -> float:
        """:meth:`transition` when the state before is gone (a move made in place): its
        counters, and its :meth:`unused` dice when the move was ``end turn``."""
        reward = self.counted(counters, after)
        if after.turn_over:
            reward += self.over(after) if after.is_over else self.potential(after) + unused
        return reward

    def quiet_end(self, fight: Fight) -> float:
        """What ending the turn is worth when :meth:`Fight.end_is_quiet`: nothing the
        potential reads changes (the statuses that clear weigh nothing), so it is the
        state's potential and its unused dice."""
        return self.potential(fight) + self.unused(fight)

    def ceiling(self, fight: Fight) -> float:
        """The most any line of the rest of the turn from ``fight`` (a decision state of
        the turn this scorer was made for) can be worth, as :meth:`Expectimax.value
        <dicey.ai.search.Expectimax.value>` counts it (future step rewards and the end's
        worth); inf when it cannot be proven (see :class:`Ceiling`)."""
        ceiling = self._ceiling
        return float("inf") if ceiling is None else ceiling.bound(fight)

    def sure_win(self, fight: Fight) -> float | None:
        """:meth:`ceiling` when only a move that wins the fight at once can reach it (see
        :meth:`Ceiling.sure_win`), else None."""
        ceiling = self._ceiling
        return None if ceiling is None else ceiling.sure_win(fight)

    def turn_score(self, start: Fight, before_end: Fight, end: Fight) -> float:
        """The score of a whole turn: ``start`` as it began, ``before_end`` the state the
        turn was ended from (or the same as ``end`` when the fight ended mid-turn)."""
        return self.step(start, end) + self.leaf(before_end, end) - self.potential(start)


#: What a score is made of, as :meth:`Scorer.parts` and :meth:`Scorer.transition_parts`
#: split it (``dicey plan --explain``).
PARTS: tuple[str, ...] = ("damage", "HP", "own statuses", "opponent's statuses",
                          "win or loss", "cards kept", "coming turn", "countdowns' charge",
                          "cards gained", "later rolls", "bonus", "cards used", "countdown",
                          "moves", "dice left")


def _kept(card: Any) -> bool:
    """Whether a card is one a fight lets its owner use once (once a fight, or single use)
    and it is not spent yet."""
    return not card.gone and (card.defn.once_per_fight or card.defn.single_use)


#: The built-in that changes how many dice a fighter rolls (the ``rolls`` term: its worth
#: is held within :attr:`LaterRolls.most <dicey.ai.rolls.LaterRolls.most>`).
EXTRA_DICE = "extra_dice"
#: The built-ins that give dice: given at one's own turn's end, they wait for one's next roll.
GIVES_DICE = frozenset({"give", "set_dice"})


def _changes_rolls(owner: int | None, script: Any, side: int) -> bool:
    """Whether ``script`` may change ``side``'s later rolls in its turn (the ``rolls``
    term): ``extra_dice`` anywhere, or dice given by a hook of ``side``'s own turn's end (a
    card's, its fighter's or a status's), which wait for its next roll, or of its next
    turn's start (:func:`_gives_at_start`)."""
    return EXTRA_DICE in script.calls or (
        script.event == "on turn end" and owner in (side, None)
        and not script.calls.isdisjoint(GIVES_DICE)) or _gives_at_start(owner, script, side)


def _gives_at_start(owner: int | None, script: Any, side: int) -> bool:
    """Whether ``script`` is a hook of ``side``'s next turn's start (a card's, its
    fighter's or a status's) that may give it dice: what it gives then depends on what
    the turn left (a die kept in a card's variable), and is priced as the dice waiting
    for the roll are. (A script that does not say what it calls may.)"""
    if script.event != "on turn start" or owner not in (side, None):
        return False
    calls = getattr(script, "calls", None)
    return calls is None or not calls.isdisjoint(GIVES_DICE)


def _own_scripts(origin: Fight, side: int) -> list[tuple[int | None, Any, None]]:
    """The hooks of ``side``'s fighter, of its cards in play and of every status: where
    :func:`_scripts` cannot say every script that may run, those a hook of its own turn's
    start may be."""
    f = origin.fighters[side]
    hooks = [*f.defn.hooks.values(), *(script for card in f.cards
                                       for variant in _variants(card)
                                       for script in variant.hooks.values())]
    return [(side, script, None) for script in hooks] + \
        [(None, script, None) for status in origin.rules.statuses.values()
         for script in status.hooks.values()]


def _variants(card: CardState) -> Collection[Any]:
    """The definitions a card in play may act by: its own, its weakened block, and the
    one it acts by now (each once)."""
    return {id(v): v for v in (card.defn, card.defn.weakened, card.active)
            if v is not None}.values()


#: The built-in that fires countdowns from a script (each card the owner winds fired, and
#: its points taken off, beyond what a move's die does): bounded only in a firing hook of
#: one of the actor's cards that is no countdown card (so that a boost fires no boost), by
#: how often it may run a move (see :func:`_scripts`). (``bonus`` is bounded as a status's
#: stacks are, from what it says and how often it may run: a card's firing hooks only. A
#: card brought into play — ``take_card``, ``give_card``, ``replace_with`` — is bounded
#: when what it may be is known: see :func:`_scripts`.)
BOOST = "boost_countdowns"
#: The built-ins that add a status (``inflict`` to the target, ``gain`` to the owner).
STATUS_CALLS = frozenset({"inflict", "gain"})
#: The built-ins that raise their owner's HP.
HEALS = frozenset({"heal", "drain"})
#: The hooks of a card that run only when it fires (at most once a move: the engine fires
#: the card a move places or uses, or whose countdown that die ran out; fury runs ``on
#: use`` once more).
FIRING_HOOKS = frozenset({"before use", "on use", "on dodged"})
#: Cards a move fires at most, and the countdown it takes off at most (a die's 6), but
#: for what its boosts fire (:data:`BOOST`: counted apart).
FIRES_A_MOVE, COUNTDOWN_A_MOVE = 2, 6


class Ceiling:
    """A true upper bound of what the rest of a turn can be worth from a decision state:
    what lets a search stop trying moves once one reaches it (a sure win at its best).

    The value a search gives a state is the future step rewards plus the worth of the
    turn's end (:class:`Scorer`). A line that wins is worth, by :meth:`Scorer.won`,
    ``opponent_dead + healing·HP kept − damage·(the opponent's HP: 0) − C + move·m``, where
    ``C`` is what the turn's counters had earned at the state (bonus, cards used,
    countdown: taken back) and ``m`` the moves the line makes (one at least, unless ending
    the turn wins: a hook at its end). Any other line is worth its end's potential and the
    rewards on the way. The bound is the larger of the two:

    * a win: the HP kept is at most the state's, or the max HP (which no script changes
      in a fight) while a script that heals may still run; the opponent's HP is exactly
      0 (damage never takes HP below 0); ending the turn counts only when it is not quiet
      (:meth:`Fight.end_is_quiet`: else it runs nothing and ends no fight);
    * any other line: each term of the potential at its most — one's HP as above, the
      opponent's between 0 and its max HP; a status's stacks as the turn began plus what
      the scripts may add to that fighter this turn (``inflict`` to the opponent, ``gain``
      to oneself: a card's firing hooks run at most twice a move, fury's, and no more
      often than its uses left; the stacks of each call bounded from what it says, ``d``
      at most what the card's dice can make; any other hook, or stacks it cannot bound:
      the engine's cap); the kept cards as the turn began; the coming turn's margin
      within the HP its trials can move, and ``fatal`` once; each countdown card's firing
      once; the later rolls' dice at their most, when a script may change them;
      both deaths' weights when both fall — plus the dice left (the pool's cap of
      sixes) and what each move left can earn (two cards fired, a die's countdown).

    It holds for the states of the turn it was made for (others: inf), and only for
    content it can prove it for: no script of either fighter (its own, its cards') or of
    any status calls ``boost_countdowns`` but a firing hook of the actor's cards that are
    no countdown cards (each boost a move may make then adds what firing each of one's
    countdown cards and taking off each one's length earns), every card that may come
    into play is known (:func:`_scripts`: taken from the opponent, or given or changed
    into by a constant name; each one a side may gain worth at most the dearest's
    ``holding`` price, for each place left under the cap of a side's cards), every
    ``bonus`` is bounded (a firing hook of the actor's card, its points from what it
    says, as a status's stacks are: the other lines may earn that much more), and every
    script says what it calls (a hand-made test card does not).
    Else it is not active. The compiled scripts tell
    (:func:`dicey.lang.interp.script_calls`).
    """

    __slots__ = ("active", "reach", "turn", "side", "win", "other", "per_move", "heals",
                 "max_hp", "healing", "move", "card_used", "countdown")

    def __init__(self, origin: Fight, scorer: Scorer, scripts: "_Scripts | None"):
        """``scripts``: :func:`_scripts` of ``origin`` (None: not bounded, or not the turn
        to plan)."""
        self.active = False
        self.reach = float("inf")
        side = self.side = scorer.side
        if scripts is None or not plans_now(origin, side):
            return
        facts = scripts.found
        w = scorer.weights
        own, opp = origin.fighters[side], origin.fighters[1 - side]
        self.turn = (origin.turn, origin.actor)
        self.heals = _Heals(side)
        # Reequip keeps a card's use: then its uses do not bound its firings.
        reequip = "reequip" in own.statuses or any(
            func in STATUS_CALLS and status in (None, "reequip") and
            (owner is None or (owner == side) == (func == "gain"))
            for owner, script, _ in facts for func, status, _, _ in script.adds)
        adds: list[tuple[int, str | None, float]] = []     # (fighter, status, stacks)
        bonus = 0.0                     # the most points bonus() may add (either fighter's)
        for owner, script, card in facts:
            if owner is None or owner == side:
                if not script.calls.isdisjoint(HEALS):     # (a card brought may heal
                    self.heals.add(None if id(card) in scripts.brought else card,   # any
                                   script.event)                             # time)
            runs = _runs(origin, owner, card, script.event, reequip, scripts.boosts)
            for func, status, amount, times in script.adds:
                if func not in STATUS_CALLS and func != "bonus":   # (brings, boosts:
                    continue                                        # below)
                stacks = _most(amount, card, runs * times)
                if func == "bonus":
                    bonus += stacks
                    continue
                for to in ((0, 1) if owner is None else (owner,)):
                    adds.append((to if func == "gain" else 1 - to, status, stacks))
        if bonus == math.inf:           # points of any size: nothing bounds a line
            return
        self.max_hp = own.max_hp
        self.healing, self.move = w.healing, w.move
        self.card_used, self.countdown = w.card_used, w.countdown
        self.win = float(w.opponent_dead)
        # Every term of a line that does not win but one's HP and the moves left.
        other = max(0, -w.damage) * opp.max_hp
        other += max(0, w.self_dead, w.opponent_dead + w.self_dead)
        for status in {*scorer._rules.statuses, *CORE_DEFAULTS, *own.statuses,
                       *opp.statuses}:
            for fighter, mine in ((own, True), (opp, False)):
                weight = scorer.status_weight(status, mine)
                if weight > 0:
                    stacks = fighter.statuses.get(status, 0) + sum(
                        n for to, added, n in adds
                        if to == fighter.side and (added is None or added == status))
                    other += weight * min(stacks, STACK_CAP)
        if scorer._reserve > 0:         # (a card brought may be one kept: any of a side)
            other += scorer._reserve * (MAX_CARDS if scripts.brings else
                                        sum(1 for card in own.cards if _kept(card)))
        holding = scorer._holding
        if holding is not None and w.holding > 0:
            # Each card past the turn's first ones, at most a side's cap, at the most a
            # card that may come to ``side`` is worth.
            worths = [holding.worth(card) for to, card in scripts.gained
                      if to is None or to == side]
            if worths:
                other += max(worths) * w.holding / 100 * max(0, MAX_CARDS - holding.held)
        if scorer._rolls is not None:   # (on only where a script may change the rolls)
            other += scorer._rolls.most     # (each later roll's worth is held within it)
        if scorer._outlook is not None:
            other += abs(w.outlook) * (LENT_HP + 2 * (own.max_hp + opp.max_hp)) + \
                abs(w.fatal)
        if scorer._charge is not None:
            other += sum(abs(worth * w.charge) / 100 for *_, worth in scorer._charge.worths)
        other += max(0, w.unused_pip) * 6 * MAX_DICE
        self.other = other + bonus      # (a win takes the turn's bonus back: not there)
        self.per_move = max(0, w.card_used) * FIRES_A_MOVE + \
            max(0, w.countdown) * COUNTDOWN_A_MOVE + max(0, w.move)
        if scripts.boosts:
            # Each boost fires each of one's countdown cards once at most, and takes off
            # at most what is left of each (a card brought may be one: then a full side).
            winds = [c for c in own.cards if not c.gone and _countdown(c)]
            if scripts.brings:
                winds = [c for _, _, c in facts if c is not None and _countdown(c)]
                winds = [max(winds, key=_countdown)] * MAX_CARDS if winds else []
            self.per_move += scripts.boosts * (
                max(0, w.card_used) * len(winds) +
                max(0, w.countdown) * sum(_countdown(c) for c in winds))
        # Below every bound of the turn: the least a win can be (its HP at 1, the most
        # the counters can have earned by then), and the least of any other line's.
        most_counted = self.per_move * (MAX_MOVES_PER_TURN + 1)
        self.reach = max(self.win + min(w.healing, w.healing * own.max_hp) +
                         min(0, w.move) - most_counted, other)
        self.active = True

    def bound(self, fight: Fight) -> float:
        """The bound for ``fight``, a decision state of the turn (inf for another turn)."""
        if (fight.turn, fight.actor) != self.turn:
            return float("inf")
        hp = self.max_hp if self.heals.possible(fight) else fight.fighters[self.side].hp
        healing, move = self.healing, self.move
        left = MAX_MOVES_PER_TURN - fight.turn_moves       # moves left before the end
        counted = (fight.turn_bonus + self.card_used * fight.turn_cards_used +
                   self.countdown * fight.turn_countdown)
        moves = max(move, move * left)                     # a win in 1 to ``left`` moves
        if not fight.end_is_quiet():                       # or by ending the turn now
            moves = max(moves, 0)
        win = self.win + max(healing * hp, healing) - counted + moves
        other = self.other + max(healing * hp, 0) + self.per_move * (left + 1)
        return win if win > other else other

    def sure_win(self, fight: Fight) -> float | None:
        """The bound for ``fight`` when only a move that wins at once can reach it: a
        line of two moves or more earns a move's weight (negative) less, ending the turn
        now wins nothing (a quiet end), any other line is below it, and the HP a win
        keeps is the state's (nothing may heal first; else a heal and a blow would be
        worth more than the blow alone); None otherwise."""
        if self.move >= 0 or fight.turn_moves >= MAX_MOVES_PER_TURN or \
                (fight.turn, fight.actor) != self.turn or self.heals.possible(fight) and \
                fight.fighters[self.side].hp < self.max_hp or not fight.end_is_quiet():
            return None
        bound = self.bound(fight)
        other = self.other + max(self.healing * fight.fighters[self.side].hp, 0) + \
            self.per_move * (MAX_MOVES_PER_TURN - fight.turn_moves + 1)
        return bound if bound > other else None


class _Heals:
    """Which scripts may raise the planner's HP: its own hooks and the statuses'
    (``always``), and its cards' by id: by any hook, or only when fired (not once the card
    has no use left this turn)."""

    __slots__ = ("side", "always", "hooked", "fired")

    def __init__(self, side: int):
        self.side = side
        self.always = False
        self.hooked: set[str] = set()
        self.fired: set[str] = set()

    def add(self, card: Any, event: str) -> None:
        if card is None:
            self.always = True
        else:
            (self.fired if event in FIRING_HOOKS else self.hooked).add(card.ident)

    def possible(self, fight: Fight) -> bool:
        """Whether some script may still raise the planner's HP this turn."""
        if self.always:
            return True
        if not self.hooked and not self.fired:
            return False
        return any(not card.gone and (card.ident in self.hooked or
                                      card.ident in self.fired and card.uses_left != 0)
                   for card in fight.fighters[self.side].cards)


class _Scripts(NamedTuple):
    """What :func:`_scripts` finds: every script that may run, as (its owner, None for a
    status's or a card's that either fighter may hold; the script; the card it is a hook
    of, or None); the cards a fighter may gain this turn (given or taken: priced by
    ``holding``), each with the fighter who may hold it (None: either); and whether any
    card may come into play (given, taken, or a card changed into another)."""

    found: list[tuple[int | None, Any, Any]]
    gained: list[tuple[int | None, CardState]]
    brings: bool
    #: The cards brought into play, as ``found`` holds them (by ``id``).
    brought: frozenset[int]
    #: How many times ``boost_countdowns`` may run in one move at most (the card a move
    #: fires, twice with fury: each call its firing hooks make).
    boosts: int


def _scripts(origin: Fight) -> _Scripts | None:
    """Every script that may run in ``origin``'s fight (see :class:`_Scripts`); None when
    one calls what :class:`Ceiling` cannot bound, or does not say what it calls.

    A card that may come into play is known, and its scripts are among those that may
    run: a card taken is one of the opponent's in play (``take_card``: a card value of
    the opponent's, by its signature) or one brought into play, a card given or changed
    into is the one named (``give_card("Dagger")``, ``replace_with("Torch")``), and so on
    for what those bring in turn. A card given by a card value (``give_card(c)``: a copy
    of any card in play, or a name worked out) or changed into a name worked out may be
    any card of the library: None then. A card brought may fire as often as a move
    allows, whatever its uses (it comes with uses of its own), and its owner is the
    fighter whose script brought it (either, for a status's, or a card given to
    ``who``).

    ``boost_countdowns`` is bounded in a firing hook of the actor's cards that is not a
    countdown card: it winds the actor's countdowns only, and fires none that boosts."""
    found: list[tuple[int | None, Any, Any]] = []
    gained: list[tuple[int | None, CardState]] = []
    brought: dict[tuple[int | None, str, bool], CardState] = {}
    copies: list[CardState] = []        # (as found holds them)
    takers: set[int | None] = set()

    def add(side: int | None, card: CardState) -> None:
        for variant in _variants(card):
            found.extend((side, script, card) for script in variant.hooks.values())
            exprs = (variant.ready, *(variant.progress or ()))   # (a button's)
            found.extend((side, script, card) for script in exprs if script is not None)

    def bring(side: int | None, card: CardState, gain: bool) -> None:
        key = (side, card.ident, card.upgraded)
        if key in brought:
            return
        brought[key] = card
        if gain:
            gained.append((side, card))
        copy = card._replace(uses_left=UNLIMITED, gone=False)
        copies.append(copy)
        add(side, copy)
        for taker in list(takers):      # (a card brought may be taken in turn)
            bring(taker, card, True)

    def take(taker: int | None) -> None:
        takers.add(taker)
        for side in ((0, 1) if taker is None else (1 - taker,)):
            for card in origin.fighters[side].cards:
                if not card.gone:
                    bring(taker, card, True)
        for card in list(brought.values()):
            bring(taker, card, True)

    for f in origin.fighters:
        found.extend((f.side, script, None) for script in f.defn.hooks.values())
        for card in f.cards:
            add(f.side, card)
    for status in origin.rules.statuses.values():
        found.extend((None, script, None) for script in status.hooks.values())
    brings = False
    boosts = 0
    i = 0
    while i < len(found):           # (found grows with the scripts of the cards brought)
        owner, script, card = found[i]
        i += 1
        calls = getattr(script, "calls", None)
        if calls is None:
            return None
        if BOOST in calls:
            if owner != origin.actor or card is None or script.event not in FIRING_HOOKS \
                    or _countdown(card):
                return None
            boosts += 2 * sum(times for func, _, _, times in script.adds if func == BOOST)
        if calls.isdisjoint(CARD_CALLS):
            continue
        brings = True
        for func, name, second, _ in script.adds:
            if func == "take_card":
                if owner not in takers:
                    take(owner)
            elif func in CARD_CALLS:
                named = _named(origin, name)
                if named is None:
                    return None
                to = owner if func == "replace_with" or second is None else None
                bring(to, named, func == "give_card")
    return _Scripts(found, gained, brings, frozenset(map(id, copies)), boosts)


def _named(origin: Fight, ref: str | None) -> CardState | None:
    """The card a constant name means (``"Sword+"``: the upgraded Sword), as it comes into
    play; None for no name, or one the library does not know."""
    if ref is None:
        return None
    name, upgraded = upgrade_ref(ref)
    try:
        defn = origin.rules.card(name)
    except ValueError:
        return None
    if upgraded:
        if defn.upgraded is None:
            return None
        defn = defn.upgraded
    return fresh_card(defn, upgraded=upgraded, temporary=True)


def _runs(origin: Fight, owner: int | None, card: Any, event: str, reequip: bool,
          boosts: int = 0) -> float:
    """How many times a hook may run in the rest of ``origin``'s turn (inf: not known):
    only a firing hook is bounded — of one of the actor's cards by the moves left (a
    countdown card: once more for each of the ``boosts`` a move may make) or the card's
    uses left (a boost fires no card past them), fury: twice each, unless ``reequip``
    may keep a use; and of the other fighter's, never: its cards fire in its own turns (a
    card placed or used, a countdown its dice ran out; a boost winds its owner's only,
    and only the actor's cards boost: :func:`_scripts`)."""
    if card is None or owner is None or event not in FIRING_HOOKS:
        return math.inf
    if owner != origin.actor:
        return 0
    fires = MAX_MOVES_PER_TURN + 1
    if boosts and _countdown(card):
        fires *= 1 + boosts
    if card.uses_left != UNLIMITED and not reequip:
        fires = min(fires, card.uses_left)
    return 2 * fires


def _countdown(card: Any) -> int:
    """The longest countdown a card may have (as it is, upgraded or weakened); 0 for a
    card that is no countdown card."""
    return max((v.countdown or 0 for v in (card.defn, card.defn.weakened, card.active)
                if v is not None), default=0)


def _most(amount: Any, card: Any, times: float) -> float:
    """The most stacks a call adds over ``times`` runs (inf: not known)."""
    if times == 0:
        return 0
    if amount is None or times == math.inf:
        return math.inf
    dice = _dice_most(card)
    most = _interval(amount, dice)
    if most is None:
        return math.inf
    return max(0, most[1]) * times


def _dice_most(card: Any) -> int | None:
    """The most ``d`` can be for a card's firing (its dice, free pips and spares, or its
    countdown's size); None outside a card."""
    if card is None:
        return None
    most = 0
    for v in (card.defn, card.defn.weakened, card.active):
        if v is not None:
            most = max(most, 6 * (len(v.slots) + len(v.spares)) + v.free,
                       v.countdown or 0, v.total or 0)
    return most


def _interval(expr: Any, dice: int | None) -> tuple[float, float] | None:
    """The least and most an integer expression can be (None: not known): numbers, the
    card's ``d`` (1 to ``dice``), + - * and unary minus, min and max of two."""
    kind = type(expr)
    if kind is A.Int:
        return expr.value, expr.value
    if kind is A.Name:
        return (0, dice) if expr.id == "d" and dice is not None else None
    if kind is A.UnaryOp and expr.op == "-":
        inner = _interval(expr.operand, dice)
        return None if inner is None else (-inner[1], -inner[0])
    if kind is A.BinOp and expr.op in ("+", "-", "*"):
        a, b = _interval(expr.left, dice), _interval(expr.right, dice)
        if a is None or b is None:
            return None
        if expr.op == "+":
            return a[0] + b[0], a[1] + b[1]
        if expr.op == "-":
            return a[0] - b[1], a[1] - b[0]
        ends = [x * y for x in a for y in b]
        return min(ends), max(ends)
    if kind is A.Call and expr.func in ("min", "max") and len(expr.args) == 2:
        a, b = _interval(expr.args[0], dice), _interval(expr.args[1], dice)
        if expr.func == "min":
            if a is None and b is None:
                return None
            if a is None or b is None:
                known = a or b
                return -math.inf, known[1]
            return min(a[0], b[0]), min(a[1], b[1])
        if a is None or b is None:
            return None
        return max(a[0], b[0]), max(a[1], b[1])
    return None
