"""Dice a turn gains or loses for one's own later rolls, valued by what one's turns with them
are worth: the ``rolls`` term of the score, beyond ``ai.md``'s table.

``extra_dice(n)`` changes how many dice a fighter rolls for the rest of the fight, and
``extra_dice(n, self, turns)`` for its next ``turns`` rolls; dice given at one's own turn's
end (``give`` in an ``on turn end``: a card that keeps a die for next turn) wait for the
next roll, and one's own ``on turn start`` hooks may give dice as the next turn starts (a
card that keeps a die in a variable and gives it back then). A one-turn search sees none of
them: they come after the turn it plans and the opponent's coming one
(:mod:`dicey.ai.foresight` plays that turn with the dice the opponent will roll, so a die
taken from the opponent is seen). A card that cost its owner a die next turn (the
Kaleidoscope: both fighters roll one fewer) was worth only what it took from the opponent,
and a card that gave one for the rest of the fight was worth nothing unless its script said
what (``bonus``).

:class:`LaterRolls` prices a number of dice by what a turn with that many is worth to
``side``: the turn played by the rule of thumb (:func:`~dicey.ai.baseline.choose_move`) on a
copy of the turn's first position made ``side``'s turn with those dice (every card
refreshed, both fighters lent HP: a blow that would kill is worth its damage), priced by the
table's potential, the mean of :data:`SAMPLES` seeded rolls (the same values for every
number of dice, so that one more die is the same rolls and one more). A die given for the
roll is priced by itself, as it is: the turn with it less the turn without, so that a turn
plays a few dozen trial turns at most, however many ways its dice may be kept. The dice
one's own turn-start hooks would give are found by running them on a copy of the state
(:meth:`~dicey.rules.fight.Fight.dice_given_at_turn_start`: as if the next turn started
there, the opponent's coming turn left out), when a hook that may run then gives dice. A
state is worth, for each of ``side``'s next :data:`TURNS` rolls, ``percent`` per cent of
what that roll's dice are worth less what the roll's dice in the turn's first position are
worth, each roll's difference held within what the opponent's whole HP is worth (a bound the
search's ceiling can add).

The common case costs one comparison a state: a state whose fighter has the dice changes
the turn's first position had is worth nothing here (where a turn-start hook may give dice,
a state costs that look too, once per distinct state). Each roll's dice are played once per
turn.
"""
from __future__ import annotations

import random
from typing import Callable, Hashable

from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.state import MAX_DICE, Die

from .baseline import choose_move
from .charge import lent, lent_turn
from .foresight import plans_now

#: Rolls played for each number of dice.
SAMPLES = 8
#: One's next rolls a change of dice counts for: a change for the fight counts this many
#: turns (as ``holding`` counts a card gained for three: how many are left is not known).
TURNS = 3
#: The seed of the first sample (the i-th plays with ``SEED + i``), and of the chance the
#: turn-start hooks draw on.
SEED = 30_011


class LaterRolls:
    """The dice ``side`` gains or loses for its later rolls in its turn from ``origin``,
    priced (see the module). ``table`` is the table's potential of a state for ``side``;
    ``percent`` is the ``rolls`` weight."""

    __slots__ = ("origin", "side", "percent", "table", "base", "cap", "starts", "_first",
                 "_worths", "_given")

    def __init__(self, origin: Fight, side: int, percent: float,
                 table: Callable[[Fight], float], damage: float, starts: bool = False):
        self.origin, self.side, self.percent, self.table = origin, side, percent, table
        #: Whether a turn-start hook of ``side``'s may give it dice (then each state's are
        #: looked for: :meth:`given`).
        self.starts = starts
        self._given: dict[Hashable, tuple[Die, ...]] = {}
        me = origin.fighters[side]
        #: The dice changes of ``side`` in ``origin`` (None: the term is off).
        self.base = (me.extra, me.extra_for, self.given(origin)) \
            if percent and plans_now(origin, side) else None
        #: The most a roll's difference may be worth, either way: the opponent's whole HP.
        self.cap = abs(damage) * origin.fighters[1 - side].max_hp
        self._first = _counts(me.dice_count, me.extra, me.extra_for)
        self._worths: dict[tuple[int, tuple[Die, ...]], float] = {}

    @property
    def active(self) -> bool:
        return self.base is not None

    @property
    def most(self) -> float:
        """The most :meth:`value` can be, either way."""
        return abs(self.percent) / 100 * TURNS * self.cap

    def value(self, fight: Fight) -> float:
        """The dice ``side``'s later rolls gained or lost since the turn's start."""
        me = fight.fighters[self.side]
        waiting = self.given(fight) if self.starts else me.waiting   # (most: no look)
        if (me.extra, me.extra_for, waiting) == self.base:
            return 0.0
        total = 0.0
        counts = _counts(me.dice_count, me.extra, me.extra_for)
        for roll, (now, first) in enumerate(zip(counts, self._first)):
            given, given_first = (waiting, self.base[2]) if roll == 0 else ((), ())
            if now != first or given != given_first:
                gain = self._roll(now, given) - self._roll(first, given_first)
                total += max(-self.cap, min(self.cap, gain))
        return total * self.percent / 100

    def given(self, fight: Fight) -> tuple[Die, ...]:
        """The dice ``side``'s next roll gets beyond those it rolls (but for spare dice): those
        waiting for it, and those its own turn-start hooks would give (when
        :attr:`starts`), sorted."""
        waiting = fight.fighters[self.side].waiting
        if not self.starts:
            return waiting
        key = fight.key()
        hit = self._given.get(key)
        if hit is None:
            trial = lent(fight)     # (the hooks after poison's run, whatever the HP)
            chance = SampleChance(random.Random(SEED))
            hit = trial.dice_given_at_turn_start(self.side, chance)
            hit = self._given[key] = tuple(sorted((*waiting, *hit))[:MAX_DICE])
        return hit

    def _roll(self, count: int, given: tuple[Die, ...]) -> float:
        """What a roll of ``count`` dice and the dice ``given`` is worth: each die given
        priced by itself (the turn with it less the turn without), so that a turn prices a
        few dozen rolls at most, however many ways its dice may be kept."""
        plain = self.worth(count)
        return plain + sum(self.worth(count, (die,)) - plain for die in given)

    def worth(self, count: int, given: tuple[Die, ...] = ()) -> float:
        """What a turn of ``side``'s is worth to it with ``count`` dice rolled and the dice
        ``given`` for the roll (once per turn)."""
        key = (count, given)
        hit = self._worths.get(key)
        if hit is None:
            hit = self._worths[key] = sum(
                self._play(count, given, SEED + i) for i in range(SAMPLES)) / SAMPLES
        return hit

    def _play(self, count: int, given: tuple[Die, ...], seed: int) -> float:
        rng = random.Random(seed)
        rolled = [rng.randint(1, 6) for _ in range(MAX_DICE)][:count]
        # (a blind die's value is drawn when it is placed: any stands for it here)
        values = ([d.value or 1 for d in given] + rolled)[:MAX_DICE]    # (the pool's cap)
        trial = lent_turn(self.origin, self.side, values,
                          burning=[i for i, d in enumerate(given) if d.burning],
                          locked=[i for i, d in enumerate(given) if d.locked],
                          blind=[i for i, d in enumerate(given) if d.blind])
        before = self.table(trial)
        chance = SampleChance(rng)
        while not trial.turn_over:    # (the rules end a turn at its move limit)
            trial.apply(choose_move(trial, rng), chance)
        return self.table(trial) - before


def _counts(dice_count: int, extra: int, extra_for: tuple[tuple[int, int], ...]
            ) -> list[int]:
    """How many dice each of the next :data:`TURNS` rolls has (as
    :meth:`~dicey.rules.state.Fighter.dice_to_roll` counts the next)."""
    out = []
    for roll in range(1, TURNS + 1):
        n = dice_count + extra + sum(c for c, rolls in extra_for if rolls >= roll)
        out.append(0 if n < 0 else MAX_DICE if n > MAX_DICE else n)
    return out
