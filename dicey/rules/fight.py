"""A fight between two fighters: the turn, the moves, copying and hashing.

:class:`Fight` implements :class:`dicey.rules.protocol.GameState`. A fighter's turn, in the
order of ``rules.md``:

1. **reset** — cards refill their uses and drop placed dice, shock/weaken marks go, the
   statuses that clear at the fighter's turn start go (``begin_turn``);
2. **start-of-turn statuses** — ``on turn start`` status hooks (poison); a fighter at 0 HP
   dies here (poison, or a position pinned at 0 HP);
3. **roll** — ``dice + extra`` dice through the chance source, then lock, burn, freeze and
   blind; ``spare`` dice of the cards join the pool;
4. **card curses** — each shock stack, then each weaken stack, marks one random eligible card;
5. **``on turn start``** hooks of the cards, then of the fighter;
6. **actions** — :meth:`Fight.apply` of place / release / use moves (firing: see
   :mod:`dicey.rules.combat`; a button, a card that takes no die, is used by a move of its
   own when its ``ready`` condition holds, and fires with ``d = 0``);
7. **end** (``apply(Move.end())``) — ``on turn end`` hooks (cards, fighter, statuses),
   unused dice discarded, statuses that clear at turn end go; then the other fighter is to
   act and ``begin_turn`` starts its turn. After turn 60 the fight is a draw.

Every step returns typed events (:mod:`dicey.rules.events`). The AI copies a fight with
:meth:`Fight.copy` (cheap: cards and dice are shared immutable tuples, and each fighter's
lists and statuses are shared until a move changes them) and memoises on :meth:`Fight.key`.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any, Hashable, Iterable, Mapping, Sequence

from dicey.lang.ast import make_id
from dicey.lang.chance import Chance, FixedChance, SampleChance, enumerate_outcomes, uniform
from dicey.lang.defs import EquipmentDef, FighterDef
from dicey.lang.errors import ScriptError, did_you_mean, did_you_mean_named

from . import events as E
from .combat import D6, FightRules, Mechanics, card_ref, rules_for
from .effects import FightEffects
from .protocol import IllegalMoveError, Move
from .state import (BUTTON, GIVES_BONUS, KEYS_MORE, MAX_DICE, READS_LAST, SHOCK_NEXT,
                    WEAKEN_NEXT, CardState, Die, Fighter, FighterSetup, Outcome, card_slots,
                    code, emptied, fresh_card, marked, refreshed, released, slots_fit)
from .statuses import CARD_MARKS, card_mark_choices, mark_roll

#: A fight that reaches this many turns (both fighters' turns counted) is a draw.
MAX_TURNS = 60
#: A turn has at most this many place and release moves: then only ending it is legal. A
#: card that gives its die back (``give(d)``) could otherwise be played for ever.
MAX_MOVES_PER_TURN = 200
#: The probability of a move that meets no chance point.
CERTAIN = Fraction(1)
#: Phases: waiting for ``begin_turn``, in the actor's turn, or finished.
READY, ACTING, OVER = "ready", "acting", "over"
#: The phase while a turn starts, after its reset (a mark a script sets on the actor's card
#: then is for this turn: see Combat._mark_card); begin_turn ends it.
STARTING = "starting"
#: The phase while a turn ends (its ``on turn end`` hooks): the turn is over, and a mark a
#: script sets on the actor's card then is for its next turn.
ENDING = "ending"


class Fight(Mechanics):
    """The state of one fight (see the module docstring for the turn).

    Public attributes: ``fighters`` (two :class:`~dicey.rules.state.Fighter`), ``actor``
    (0/1, the fighter to act), ``turn`` (1-based, each fighter's turn counts), ``phase``,
    ``outcome`` (an :class:`~dicey.rules.state.Outcome` or None), ``simulation`` (passed to
    scripts; true in the AI's copies), and per-turn counters the AI's score reads:
    ``turn_bonus`` (sum of ``bonus(n)``), ``turn_moves`` (place/release moves),
    ``turn_cards_used`` and ``turn_countdown`` (countdown points taken off this turn).
    """

    __slots__ = ("rules", "fighters", "actor", "turn", "phase", "outcome", "simulation", "log",
                 "turn_bonus", "turn_moves", "turn_cards_used", "turn_countdown",
                 "start_events", "_events", "_pending", "_fires", "_ending", "_live_vars",
                 "_chance", "_legal", "_faults", "_answering", "_shaping")
    # (``_answering`` is set only while an ``on attacked`` hook runs, ``_shaping`` while an
    # ``on outgoing damage`` or ``on incoming damage`` one does, each read with a default:
    # a copy, made between moves, never holds them, so copy() pays nothing for them)

    # ---------------------------------------------------------------- start

    @classmethod
    def start(cls, library: Any, first: FighterDef, second: FighterDef, rng: random.Random,
              *, hero_state: FighterSetup | None = None,
              second_state: FighterSetup | None = None, simulation: bool = False) -> "Fight":
        """A new fight: ``first`` (the hero, side 0) against ``second`` (side 1).

        The first fighter acts first unless only the second ``goes first``. ``hero_state``
        and ``second_state`` override a fighter's HP, max HP, dice and equipment. The
        ``on fight start`` hooks run here (their events are ``fight.start_events``); the
        first turn starts with :meth:`begin_turn`.
        """
        rules = rules_for(library)
        fight = cls._blank(rules, simulation)
        fight.fighters = [_build(rules, 0, first, hero_state),
                          _build(rules, 1, second, second_state)]
        fight.actor = 1 if second.goes_first and not first.goes_first else 0
        fight._open(SampleChance(rng))
        fight._emit(E.FightStarted, first.name, second.name, fight.actor)
        for side in (0, 1):
            f = fight.fighters[side]
            f.set_cards([c._replace(vars=fight._init_vars(side, c.defn)) if c.defn.vars else c
                         for c in f.cards])
        for side in (0, 1):
            fight._cards_hook(side, "on fight start")
            fight._fighter_hook(side, "on fight start")
        fight._settle()
        fight.start_events = tuple(fight._close())
        return fight

    @classmethod
    def _blank(cls, rules: FightRules, simulation: bool) -> "Fight":
        fight = cls.__new__(cls)
        fight.rules = rules
        fight.fighters = []
        fight.actor = 0
        fight.turn = 1
        fight.phase = READY
        fight.outcome = None
        fight.simulation = simulation
        fight.log = True
        fight.turn_bonus = fight.turn_moves = fight.turn_cards_used = fight.turn_countdown = 0
        fight.start_events = ()
        fight._events = []
        fight._pending = ()
        fight._fires = 0
        fight._ending = False
        fight._live_vars = None
        fight._chance = None
        fight._legal = None
        fight._faults = None
        return fight

    def _open(self, chance: Chance) -> None:
        """Start a public call (a turn start, a move…): its scratch state is made here,
        not in :meth:`copy`, as most copies the AI makes are never played on."""
        self._events = []
        self._pending = ()
        self._fires = 0
        self._chance = chance
        self._legal = None       # the position is about to change

    def _close(self) -> list[E.Event]:
        events, self._events = self._events, []
        self._chance = None
        if self.log:   # (the AI's copies keep no log: nothing more for them)
            events = self._with_faults(events)
        return events

    # ------------------------------------------------------------ properties

    @property
    def library(self) -> Any:
        return self.rules.library

    @property
    def current(self) -> Fighter:
        """The fighter to act."""
        return self.fighters[self.actor]

    @property
    def opponent(self) -> Fighter:
        return self.fighters[1 - self.actor]

    @property
    def turn_over(self) -> bool:
        return self.phase != ACTING

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    # ------------------------------------------------------------ the turn

    def begin_turn(self, chance: Chance) -> list[E.Event]:
        """Steps 1–5 of the actor's turn; the roll and card curses draw from ``chance``."""
        if self.phase != READY:
            raise IllegalMoveError("the fight is over" if self.outcome else
                                   "a turn is already under way")
        self._open(chance)
        side = self.actor
        f = self.fighters[side]
        self.turn_bonus = self.turn_moves = self.turn_cards_used = self.turn_countdown = 0
        self._emit(E.TurnStarted, self.turn, side, f.name)
        self._reset(side)
        self.phase = STARTING
        self._status_hooks(side, "on turn start")
        for who in (side, 1 - side):   # a fighter at 0 HP dies here, however it got there
            if self.fighters[who].hp <= 0 and not self._stopped:
                self._knockout(who)
        for step in (self._roll, self._mark_cards, self._turn_start_hooks):
            if self._stopped:
                break
            step(side)
        self._settle()
        if self.outcome is None:
            self.phase = ACTING
        return self._close()

    def dice_given_at_turn_start(self, side: int, chance: Chance) -> tuple[Die, ...]:
        """The dice ``side``'s own hooks give it as its next turn starts, were that turn to
        start from this position: its statuses' ``on turn start`` (step 2), then its cards'
        and its own (step 5), run here without the roll (so not the dice rolled, nor spare
        dice, nor those waiting for the roll), and without the opponent's turn between.

        A look ahead (the AI prices a card that keeps a die for its owner's next turn by
        it): it changes this fight, which it leaves part-way through that turn's start, so
        call it on a copy."""
        self._open(chance)
        self.actor = side
        self._reset(side)
        self.phase = STARTING
        self._status_hooks(side, "on turn start")
        if not self._stopped:
            self._turn_start_hooks(side)
        self._settle()
        self._close()
        return tuple(self.fighters[side].dice)

    def _reset(self, side: int) -> None:
        f = self.fighters[side]
        f.set_cards([refreshed(c) for c in f.cards])
        f.cards_used = 0
        f.new_turn()
        f.set_dice([])
        self._clear_statuses(side, "turn start")

    def _roll(self, side: int) -> None:
        f = self.fighters[side]
        values = tuple(self._chance.choose(D6) for _ in range(f.dice_to_roll()))
        f.rolled()
        self._emit(E.Rolled, side, f.name, values)
        dice, marks = mark_roll([Die(v) for v in values], f.statuses)
        for status, marked in marks:
            self._emit(E.DiceMarked, side, f.name, status, marked)
        lost: list[int] = []        # dice past the pool's cap
        for card in f.cards:
            spares = card.active.spares if not card.gone else ()
            if spares:
                kept = spares[:MAX_DICE - len(dice)]
                lost += spares[len(kept):]
                if kept:
                    dice.extend(Die(v) for v in kept)
                    self._emit(E.SpareDice, side, f.name, card.title, tuple(kept))
        # Dice given before the roll (a status's ``on turn start``), then those that
        # waited for it (given outside the turn): they join, as far as the cap allows.
        for given, said in ((f.dice, False), (f.take_waiting(), True)) \
                if f.dice or f.waiting else ():      # (most rolls: neither)
            kept = given[:MAX_DICE - len(dice)]
            lost += [d.value for d in given[len(kept):]]
            dice.extend(kept)
            for burning in (False, True) if said and self.log else ():
                waited = tuple(d.value for d in kept if d.burning == burning)
                if waited:      # (not ``values``: what on roll hears, below)
                    self._events.append(E.DiceGiven(side, f.name, waited, burning))
        if lost:
            self._emit(E.DiceLost, side, f.name, tuple(lost))
        f.set_dice(dice)
        if self.rules.rolls_heard:
            self._roll_heard(side, values)

    def _mark_cards(self, side: int) -> None:
        f = self.fighters[side]
        for mark in CARD_MARKS:
            for _ in range(f.statuses.get(mark, 0)):
                choices = card_mark_choices(f.cards, mark)
                if not choices:
                    break
                # Identical cards are one outcome (weighted), so the AI branches less.
                outcomes = uniform([f.cards[i].key() for i in choices])
                pick = self._chance.choose(outcomes)
                i = next(i for i in choices if f.cards[i].key() == pick)
                f.set_card(i, marked(f.cards[i], mark))
                self._emit(E.CardMarked, side, f.name, f.cards[i].title, mark)

    def _turn_start_hooks(self, side: int) -> None:
        self._cards_hook(side, "on turn start")
        self._fighter_hook(side, "on turn start")

    def _end_turn(self, cut: bool = False) -> None:
        """The actor's turn ends (``cut``: by a card's ``end_turn()``, not its own move)."""
        side = self.actor
        f = self.fighters[side]
        # Its turn is over as its turn-end hooks run: a card they mark is marked for its
        # next turn (one store a turn end; every exit below sets the phase again).
        self.phase = ENDING
        self._cards_hook(side, "on turn end")
        self._fighter_hook(side, "on turn end")
        self._status_hooks(side, "on turn end")
        # _settle and _stopped, inlined: the search ends a turn in state after state.
        if self._pending:
            self._settle()
        if self.outcome is not None and not self._ending:
            return
        unused = tuple(d.value for d in f.dice if not d.locked) if self.log else ()
        f.set_dice([])
        for i, card in enumerate(f.cards):   # card by card: the others keep their codes
            if card.placed:
                f.change_card(i, emptied, None)
        self._clear_statuses(side, "turn end")
        if self.rules.lends:     # (a library that holds no card for a while: one look)
            self._give_back(side)
        if self.log:
            self._events.append(E.TurnEnded(self.turn, side, f.name, unused, cut))
        if self.outcome is not None and not self._ending:
            return
        if self.turn >= MAX_TURNS:
            self._finish(None, "turn limit")
            return
        self.actor = 1 - side
        self.turn += 1
        self.phase = READY

    def _finish(self, winner: int | None, termination: str) -> None:
        self.outcome = Outcome(winner, termination, self.turn)
        self.phase = OVER
        self._pending = ()
        self._ending = True
        try:
            for side in (0, 1):
                self._cards_hook(side, "on fight end")
                self._fighter_hook(side, "on fight end")
        finally:
            self._ending = False
        who = None if winner is None else self.fighters[winner].name
        self._emit(E.FightEnded, winner, who, termination, self.turn)

    # ----------------------------------------------------------- the moves

    def legal_moves(self) -> list[Move]:
        """Distinct legal moves: equal dice (value and flags) are one choice, identical
        cards are one choice; ``Move.end()`` comes last. Empty outside a turn."""
        if self.phase != ACTING:
            return []
        if self.turn_moves >= MAX_MOVES_PER_TURN:
            return [Move.end()]
        f = self.fighters[self.actor]
        dice = _distinct_dice(tuple(f.dice))   # (number of the list, the distinct dice)
        codes = f.card_codes()
        # The moves are a function of the pool's distinct dice (with their indexes: moves
        # name dice by index) and of the cards' codes: the AI meets the same few pools and
        # hands in state after state, so each list is made once per library (a card's code
        # stands for its state, and the library for its definition).
        table = self.rules.legal_table
        key = (dice[0], *codes)
        hit = table.get(key)
        if hit is None:
            moves: list[Move] = []
            seen: set[int] = set()
            for ci, (card, cc) in enumerate(zip(f.cards, codes)):
                if card.gone or (not card.shocked and card.uses_left == 0) or cc in seen:
                    continue
                seen.add(cc)
                if card.shocked:
                    action, takes = "release", _ANY_DIE
                else:
                    action, takes = "place", _takes(card)
                name = card.defn.name
                for di, die in dice[1]:
                    if (0 if die.blind else die.value) in takes:
                        moves.append(_move(action, die.value, name, di, ci))
            moves.append(END)
            if len(table) >= _TABLE_SIZE:
                table.clear()
            hit = table[key] = tuple(moves)
        # A button's use move is not in the table: whether it is ready depends on what the
        # codes do not hold (HP, statuses, the turn). Read afresh, only for a fighter
        # holding a button (one look-up in a set the fighter keeps: the common case).
        events = f._card_events
        if BUTTON in (events if events is not None else f.card_events()):
            hit = self._with_uses(f, codes, hit)
        # Remembered (see apply), kept by copies until the position changes.
        self._legal = hit
        return list(hit)

    def _with_uses(self, f: Fighter, codes: list[int], moves: tuple[Move, ...]
                   ) -> tuple[Move, ...]:
        """``moves`` (ending with END) with a use move for each usable button before END
        (identical buttons: one choice)."""
        uses = []
        seen: set[int] = set()
        for ci, card in enumerate(f.cards):
            if card.active.button and codes[ci] not in seen:
                seen.add(codes[ci])      # (an identical one is ready alike: asked once)
                if self._usable(f.side, ci):
                    uses.append(_move("use", 0, card.defn.name, -1, ci))
        return (*moves[:-1], *uses, END) if uses else moves

    def _usable(self, side: int, ci: int) -> bool:
        """Whether button ``ci`` of ``side`` may be used now: not gone, not shocked, uses
        left, and its ``ready`` condition holds."""
        card = self.fighters[side].cards[ci]
        return not card.gone and not card.shocked and card.uses_left != 0 and \
            self.ready(side, ci)

    def ready(self, side: int, ci: int) -> bool:
        """Whether the ``ready`` condition of card ``ci`` of ``side`` holds now (true for
        a card without one). A condition that faults as it is read (a division by zero,
        say) does not hold (a fight that keeps a log says why, once: see
        :meth:`_read_fault`); one that is not a true/false value neither."""
        card = self.fighters[side].cards[ci]
        script = card.active.ready
        if script is None:
            return True
        names = {"card": card_ref(side, ci), "turn": self.turn}
        try:   # the checker made sure it meets no chance point and has no effect
            value = script.evaluate(FightEffects(self, side, ci), _NO_CHANCE, names,
                                    dict(card.vars))
        except ScriptError as err:
            if self.log:   # (the AI's copies keep no log: nothing to say, nothing to pay)
                self._read_fault(side, ci, err, "ready")
            return False
        return value is True

    def progress(self, side: int, ci: int) -> tuple[int, int] | None:
        """How far button ``ci`` of ``side`` has come towards being ready, and its goal,
        as its ``progress`` says (``(3, 8)``); None for a card without one, and for one
        that faults as it is read (said once, as a ``ready`` that faults is) or gives
        something other than two whole numbers. Read only to show the card: never by the
        search."""
        card = self.fighters[side].cards[ci]
        scripts = card.active.progress
        if scripts is None:
            return None
        names = {"card": card_ref(side, ci), "turn": self.turn}
        fx = FightEffects(self, side, ci)
        try:   # as ready's: no chance point, no effect
            values = [script.evaluate(fx, _NO_CHANCE, names, dict(card.vars))
                      for script in scripts]
        except ScriptError as err:
            if self.log:
                self._read_fault(side, ci, err, "progress")
            return None
        if any(type(v) is not int for v in values):
            return None
        return values[0], values[1]

    def _read_fault(self, side: int, ci: int, err: ScriptError, what: str) -> None:
        """A button's ``ready`` or ``progress`` (``what``) faulted as it was read: a
        ScriptFault event, once a fight for each card and expression (its moves are listed
        and its face shown again and again), given with the events of the next public call
        (:meth:`_with_faults`). Only a fight that keeps a log comes here; its copies
        (which have no ``_faults`` until they meet one) say their own."""
        faults = getattr(self, "_faults", None)
        if faults is None:
            faults = self._faults = (set(), [])
        card = self.fighters[side].cards[ci]
        seen, pending = faults
        if (side, ci, card.defn.id, what) not in seen and not self._stopped:
            seen.add((side, ci, card.defn.id, what))
            pending.append(E.ScriptFault(side, self.fighters[side].name,
                                         self._fault_where(err, ("", card.defn.name, what)),
                                         err.message))

    def _with_faults(self, events: list[E.Event]) -> list[E.Event]:
        """``events`` of a public call of a fight that keeps a log, with the faults met
        reading buttons since the last call before them, and after them those the acting
        fighter's buttons meet as the position now is (read here, so that a fight whose
        moves are chosen on copies, as ``dicey fight``'s are, says them too)."""
        held = self._take_faults()
        if self.phase == ACTING:
            side = self.actor
            f = self.fighters[side]
            events_of = f._card_events
            if BUTTON in (events_of if events_of is not None else f.card_events()):
                for ci, card in enumerate(f.cards):
                    if card.active.button and not card.gone:
                        self.ready(side, ci)
                        self.progress(side, ci)
        after = self._take_faults()
        return [*held, *events, *after] if held or after else events

    def _take_faults(self) -> list[E.Event]:
        """The ScriptFault events of buttons' readings not given yet (see _read_fault)."""
        faults = getattr(self, "_faults", None)
        if not faults or not faults[1]:
            return []
        taken = faults[1][:]
        faults[1].clear()
        return taken

    def apply(self, move: Move, chance: Chance) -> list[E.Event]:
        """Make ``move`` in place (chance points draw from ``chance``); its events."""
        if self.phase != ACTING:
            raise IllegalMoveError(f"cannot play {move}: " + ("the fight is over" if
                                   self.outcome else "the turn has not begun"))
        action = move.action
        if action == "end":
            self._open(chance)
            self._end_turn()
            return self._close()
        if self.turn_moves >= MAX_MOVES_PER_TURN:
            raise IllegalMoveError(f"cannot play {move}: a turn has at most "
                                   f"{MAX_MOVES_PER_TURN} moves; only ending it is legal")
        legal = self._legal
        if legal is not None and move in legal:
            # One of the moves legal_moves() gave for this position (or the one it was
            # copied from), or one equal to it: legal, and its indexes are this position's.
            # The search makes every move it applies this way (the very object, which the
            # look meets by identity), so the checks of _locate are made once.
            di, ci = move.die_index, move.card_index
        else:
            di, ci = self._locate(move)
        # _open and _close, inlined: every move of every search comes through here. The
        # event list is made only for a fight that logs (see _emit): the search's are not.
        log = self.log
        if log:
            self._events = []
        self._pending, self._fires, self._chance = (), 0, chance
        self._legal = None
        if action != "release" and \
                self.fighters[self.actor].cards[ci].ident in self.rules.endless_ids:
            self._watched(action, di, ci)     # (hot path: a card used without end)
        elif action == "place":
            self._place(di, ci)
        elif action == "release":
            self._release(di, ci)
        else:
            self._use(ci)
        if self._pending and self._settle():
            # A script called end_turn() (its mark was in the queue): the turn ends with
            # this move. The common move has nothing queued, and pays nothing for this.
            self.turn_moves += 1
            if log:   # said where the turn ends: after the move's last firing (fury's)
                events = self._events
                cut = [e for e in events if type(e) is E.TurnCut]
                self._events = [e for e in events if type(e) is not E.TurnCut] + cut[:1]
            if self.phase == ACTING:
                self._end_turn(cut=True)
        else:
            self.turn_moves += 1
        self._chance = None
        if not log:
            return []
        events, self._events = self._events, []
        if self.outcome is not None and any(type(e) is E.TurnCut for e in events):
            # a card that was to end the turn ended the fight: no turn ends with it
            events = [e for e in events if type(e) is not E.TurnCut]
        return self._with_faults(events)

    def _watched(self, action: str, di: int, ci: int) -> None:
        """A place or a use of a card that may be used without end in a turn
        (:attr:`FightRules.endless`: used without limit, giving dice back or a button).

        Such a use earns the AI's ``card_used`` only when it spent a die: when its owner
        holds fewer dice (in the pool and on the card) after it than before. A use that
        gives back what it took (a burning die rerolled burning by a fireproof card) or
        takes nothing (a button) can be repeated to the turn's move limit, and the
        planner was paid 10 for each round (``card_used`` pays for a card spent: a card
        of uses, or a die).

        A use of an :attr:`FightRules.idle` card (where no script reads a count of uses)
        is not counted either (:meth:`_idle`)."""
        f = self.fighters[self.actor]
        card = f.cards[ci]
        act = card.active
        if id(act) not in self.rules.endless:       # (a variant that is not: Crucible+)
            if action == "place":
                self._place(di, ci)
            else:
                self._use(ci)
            return
        held, counted = len(f.dice) + len(card.placed), self.turn_cards_used
        if id(act) in self.rules.idle:
            self._idle(action, di, ci)
        elif action == "place":
            self._place(di, ci)
        else:
            self._use(ci)
        if self.turn_cards_used != counted and len(f.dice) + len(f.cards[ci].placed) >= held:
            self.turn_cards_used = counted

    def _idle(self, action: str, di: int, ci: int) -> None:
        """A place or a use of an :attr:`FightRules.idle` card: its use is not counted
        (the fighter's ``cards_used``, the card's ``times_used``), which no script of the
        fight reads. So a position it leads back to is the position it left, not one
        with other counts: the AI's search meets a loop there (``Expectimax.value``) and
        not a new state each round to the turn's move limit (a card that gives its die
        back, a burning die rerolled into burning dice)."""
        f = self.fighters[self.actor]
        card = f.cards[ci]
        counted, times = f.cards_used, card.times_used
        if action == "place":
            self._place(di, ci)
        else:
            self._use(ci)
        after = f.cards[ci]
        if after.defn is card.defn and after.times_used == times + 1 and \
                f.cards_used == counted + 1:
            f.set_card(ci, after._replace(times_used=times))
            f.cards_used = counted

    def _locate(self, move: Move) -> tuple[int, int]:
        """The die and card a move means (its indexes, or the canonical equal ones)."""
        f = self.fighters[self.actor]
        action = move.action
        if action == "use":
            return -1, self._locate_use(move)
        if action != "place" and action != "release":
            raise IllegalMoveError(f"unknown action in {move!r}")
        di, ci = move.die_index, move.card_index
        dice, cards = f.dice, f.cards
        if 0 <= di < len(dice) and 0 <= ci < len(cards):   # the move generator's own
            die, card = dice[di], cards[ci]
            if die.value == move.die and card.defn.name == move.card and \
                    _legal(action, die, card):
                return di, ci
        wanted = make_id(move.card)
        cards = [i for i, c in enumerate(f.cards) if c.defn.name == move.card
                 or c.defn.id == wanted]
        if 0 <= move.card_index < len(f.cards) and move.card_index in cards:
            cards = [move.card_index]
        dice = sorted((i for i, d in enumerate(f.dice) if d.value == move.die and not d.locked),
                      key=lambda i: (f.dice[i].burning, f.dice[i].blind, i))
        if 0 <= move.die_index < len(f.dice) and move.die_index in dice:
            dice = [move.die_index]
        for ci in cards:
            for di in dice:
                if _legal(move.action, f.dice[di], f.cards[ci]):
                    return di, ci
        raise IllegalMoveError(self._why_illegal(move, cards, dice))

    def _locate_use(self, move: Move) -> int:
        """The button a use move means (its index, or the first equal usable one)."""
        f = self.fighters[self.actor]
        wanted = make_id(move.card)
        cards = [i for i, c in enumerate(f.cards) if c.defn.name == move.card
                 or c.defn.id == wanted]
        if move.card_index in cards:
            cards.remove(move.card_index)
            cards.insert(0, move.card_index)
        for ci in cards:
            if f.cards[ci].active.button and self._usable(self.actor, ci):
                return ci
        if not cards:
            raise IllegalMoveError(self._why_illegal(move, cards, []))
        card = f.cards[cards[0]]
        if not card.active.button:
            why = "it takes dice (place one on it)"
        elif card.gone:
            why = "it is used up for this fight"
        elif card.shocked:
            why = "it is shocked (release it with a die first)"
        elif card.uses_left == 0:
            why = "it has no uses left this turn"
        else:
            why = "it is not ready" + (f" (ready when {card.active.ready_text})"
                                       if card.active.ready_text else "")
        raise IllegalMoveError(f"cannot {move}: {why}")

    def _why_illegal(self, move: Move, cards: list[int], dice: list[int]) -> str:
        f = self.fighters[self.actor]
        if not cards:
            names = [c.defn.name for c in f.cards]
            return f"{move}: no card '{move.card}'{did_you_mean(move.card, names)}"
        card = f.cards[cards[0]]
        if card.active.button and not card.shocked:
            return f"{move}: {card.title} takes no die (a button: 'use {card.name}')"
        if not dice:
            return f"{move}: no usable die showing {move.die}"
        return f"{move} is not legal here"

    def _place(self, di: int, ci: int) -> None:
        side = self.actor
        f = self.fighters[side]
        die = f.dice[di]
        if die.blind:
            card = f.cards[ci]
            value = self._chance.choose(D6)
            fits = _accepts(card, Die(value))
            self._emit(E.Revealed, side, f.name, value, card.title, fits)
            if not fits:   # shown, but the card does not take it: it stays in the pool
                f.put_die(di, Die(value, burning=die.burning))
                return
            die = Die(value, burning=die.burning)
        f.take_die(di)
        burns = die.burning and "fireproof" not in f.cards[ci].active.tags
        if self.log:
            self._events.append(E.Placed(side, f.name, die.value, f.cards[ci].title,
                                         die.burning, die.burning and not burns))
        if burns:
            self._damage(side, side, 2, "fire", "burn", "burn")
            if self._stopped:
                return
        card = f.cards[ci]
        defn = card.defn       # card.active, inlined: every move comes here
        act = defn.weakened if card.weakened and defn.weakened is not None else defn
        if act.countdown is not None:
            self._pour(side, ci, die.value)
            if "on countdown" in f.card_events():   # the names are made only for a hook
                self._cards_hook(side, "on countdown", {"d": die.value, "dice": (die.value,),
                                                        "burning": int(die.burning)})
            return
        if not card.placed:
            placed: tuple[int, ...] = (die.value,)
            count = 1
        else:
            placed = tuple(sorted(card.placed + (die.value,)))
            count = len(placed)
        if count < len(act.slots):   # weakened slots are as many as the card's own
            if die.burning:    # the card keeps count (the script's `burning`)
                f.set_card(ci, card._replace(placed=placed, burnt=card.burnt + 1))
            else:
                f.change_card(ci, CardState.with_placed, placed)
        else:                  # full: it fires at once, with the dice off it
            burning = card.burnt + die.burning
            if card.placed:
                card = f.change_card(ci, emptied, None)
            self._fire(side, ci, placed, card, act, burning)

    def _release(self, di: int, ci: int) -> None:
        """Spend a die to release a shocked card. Releasing is placing a die on the card:
        a burning die costs its owner 2 HP here as anywhere (a blind die stays unseen)."""
        side = self.actor
        f = self.fighters[side]
        die = f.take_die(di)
        card = f.change_card(ci, released, None)
        burns = die.burning and "fireproof" not in card.active.tags
        if self.log:
            self._events.append(E.Released(side, f.name, die.value, card.title, die.burning,
                                           die.burning and not burns))
        if burns:
            self._damage(side, side, 2, "fire", "burn", "burn")

    def _use(self, ci: int) -> None:
        """Use a button: it fires as a card whose slots are full fires, with no dice."""
        side = self.actor
        f = self.fighters[side]
        card = f.cards[ci]   # (its Fired event says it: "Warrior uses Fury")
        self._fire(side, ci, (), card, card.active, 0)

    def move_is_random(self, move: Move) -> bool:
        """Whether ``move`` may meet a chance point (conservative: never a false 'no')."""
        if self.phase != ACTING:
            return False
        if move.is_end:
            return self._side_random(self.actor)
        try:
            di, ci = self._locate(move)
        except IllegalMoveError:
            return False
        f = self.fighters[self.actor]
        if move.action == "use":
            return self._firing_random(f, f.cards[ci])
        die, card = f.dice[di], f.cards[ci]
        if move.action == "release":   # no die is drawn; a burning one hurts its owner
            return die.burning and self._burn_random(f)
        if die.blind:
            return True
        fires = card.active.countdown is not None or \
            len(card.placed) + 1 >= len(card_slots(card))
        if not fires:
            return die.burning and self._burn_random(f)
        return self._firing_random(f, card)

    def _firing_random(self, f: Fighter, card: CardState) -> bool:
        """Whether firing ``card`` of the actor ``f`` may meet a chance point."""
        cursed = f.statuses.get("curse", 0) and "curseavoid" not in card.active.tags \
            and "curseattract" not in card.active.tags
        return bool(cursed) or self._side_random(self.actor) or self._statuses_random()

    def outcomes(self, move: Move, *, min_probability: Fraction | float = 0,
                 limit: int = 4096) -> list[tuple[Fraction, "Fight"]]:
        """Every distinct result of ``move`` with its exact probability (OpenSpiel's
        ``chance_outcomes``), each a new fight; this one is not changed.

        Results with equal keys and equal per-turn counters are merged (the counters are
        what a scorer reads besides the key). A move that meets no chance point has one
        result of probability 1 (found by making it once: asking :meth:`move_is_random`
        first would cost as much). ``min_probability`` and ``limit`` are passed to
        :func:`~dicey.lang.chance.enumerate_outcomes` (which raises ``TooManyOutcomes``).
        """
        child, probe = self.copy(), FixedChance()
        child.apply(move, probe)
        if not probe.met:          # no chance point on the way: one certain result
            return [(CERTAIN, child)]

        def run(source: Chance) -> Fight:
            result = self.copy()
            result.apply(move, source)
            return result

        merged: dict[Hashable, list] = {}
        for p, result in enumerate_outcomes(run, limit=limit, min_probability=min_probability,
                                            first=(probe, child)):   # the probe's path
            key = (result.key(), result.counters())
            slot = merged.get(key)
            if slot is None:
                merged[key] = [p, result]
            else:
                slot[0] += p
        return [(p, child) for p, child in merged.values()]

    def end_is_quiet(self) -> bool:
        """Whether ending the turn now runs no script and ends no fight: no ``on turn end``
        hook on the actor's cards, the actor or its statuses, no ``on removed`` hook on a
        status that clears at turn end, not the last turn. Then the end changes only what
        the turn end always changes (the pool goes, turn-end statuses clear, the other
        fighter is to act), and a planner may score it without making it. A card it took
        for a while (``take_card(c, turns)``) or given for a while (``give_card(c, who,
        turns)``) makes no end quiet: it may go then."""
        if self.phase != ACTING or self.turn >= MAX_TURNS:
            return False
        f = self.fighters[self.actor]
        if "on turn end" in f.defn.hooks:
            return False
        if self.rules.lends and any(c.loan for c in f.cards):
            return False
        if any("on turn end" in c.active.hooks for c in f.cards if not c.gone):
            return False
        rules = self.rules
        return not any(rules.hook(s, "on turn end") is not None or
                       (rules.clears(s) == "turn end" and rules.hook(s, "on removed")
                        is not None) for s in f.statuses)

    def counters(self) -> tuple[int, int, int, int]:
        """The per-turn counters: ``(turn_bonus, turn_moves, turn_cards_used,
        turn_countdown)``."""
        return self.turn_bonus, self.turn_moves, self.turn_cards_used, self.turn_countdown

    def all_moves(self) -> list[Move]:
        """Every legal move without symmetry reduction: one per usable die *index* and card
        *index* (equal dice and identical cards each count), ``Move.end()`` last. What a
        naive search branches on; :meth:`legal_moves` is the reduced set."""
        if self.phase != ACTING:
            return []
        if self.turn_moves >= MAX_MOVES_PER_TURN:
            return [Move.end()]
        f = self.fighters[self.actor]
        moves = [Move(("release" if card.shocked else "place"), die.value, card.name, di, ci)
                 for ci, card in enumerate(f.cards) for di, die in enumerate(f.dice)
                 if _legal("release" if card.shocked else "place", die, card)]
        moves += [Move.use(card.name, ci) for ci, card in enumerate(f.cards)
                  if card.active.button and self._usable(self.actor, ci)]
        moves.append(Move.end())
        return moves

    def _burn_random(self, f: Fighter) -> bool:
        """Whether the 2 HP a burning die costs ``f`` may meet a chance point: a status's
        hook, or, when the burn may end the fight, an ``on fight end`` hook."""
        return self._statuses_random() or f.hp <= 2 and (self._side_random(0) or
                                                          self._side_random(1))

    def _side_random(self, side: int) -> bool:
        f = self.fighters[side]
        return any(c.active.is_random for c in f.cards) or self._statuses_random() or \
            any(getattr(s, "is_random", False) for s in f.defn.hooks.values())

    def _statuses_random(self) -> bool:
        rand = self.rules.status_random
        return any(rand(s) for f in self.fighters for s in f.statuses)

    # ------------------------------------------------------ copy and key

    def copy(self, *, simulation: bool | None = None, log: bool | None = None) -> "Fight":
        """An independent copy. ``simulation`` sets the copy's flag (what scripts read as
        ``simulation``); ``log=False`` makes a copy that records no events (its moves
        return empty lists: a planner has no use for them). Both default to this fight's."""
        c = Fight.__new__(Fight)
        c.rules = self.rules
        a, b = self.fighters
        c.fighters = [a.copy(), b.copy()]
        c.actor = self.actor
        c.turn = self.turn
        c.phase = self.phase
        c.outcome = self.outcome
        c.simulation = self.simulation if simulation is None else simulation
        c.log = self.log if log is None else log
        c.turn_bonus = self.turn_bonus
        c.turn_moves = self.turn_moves
        c.turn_cards_used = self.turn_cards_used
        c.turn_countdown = self.turn_countdown
        c.start_events = self.start_events
        c._ending = False
        c._live_vars = None          # made when a card with variables runs a hook
        c._legal = self._legal
        return c

    def key(self) -> Hashable:
        """Canonical position: equal dice and identical cards are interchangeable. The
        per-turn counters (bonus, moves, cards used, countdown) are not part of it: they
        are what a path earned, not what the position is (but the bonus, where a script
        may give one: a win takes it back, so it makes what the state is worth). A flat
        tuple of thirteen small values (see :func:`dicey.rules.state.code`; two more where
        a script reads ``last_used`` or ``used_this_turn``, and the turn's bonus where a
        script may call ``bonus()``): cheap to hash and to keep."""
        a, b = self.fighters
        # Fighter.key, inlined for both: the search asks the key of every state it makes,
        # and the codes are most often all there but the dice's, which every move makes
        # stale (key() makes the missing others).
        if a._dice_code is None:
            a._dice_code = code(a._dice_sum)
        if b._dice_code is None:
            b._dice_code = code(b._dice_sum)
        if a._status_code is None or a._cards_code is None:
            a.key()
        if b._status_code is None or b._cards_code is None:
            b.key()
        # Which cards each fighter used (last, and this turn) are part of the key only when
        # a script may read them (a card that reads last_used or used_this_turn, held by
        # either, or a status's or a fighter's hook that does; the cards used this turn
        # only where a script of the library may read a count of uses, as
        # used_this_turn is: FightRules.counts_read), and the turn's bonus only
        # when a script may call bonus() (a win takes back what its path earned, see
        # dicey.ai.score.Scorer.won: then what a state is worth depends on it); elsewhere,
        # states that differ only by them are one.
        # (A try costs nothing until it raises: the fighters' card events are most often
        # known, and a look in None raises.)
        key = (self.actor, self.turn, self.phase,
               a.hp, a.cards_used, a._dice_code, a._status_code, a._cards_code,
               b.hp, b.cards_used, b._dice_code, b._status_code, b._cards_code)
        try:
            if KEYS_MORE in a._card_events or KEYS_MORE in b._card_events or \
                    self.rules.keys_more:
                rules = self.rules
                if READS_LAST in a._card_events or READS_LAST in b._card_events or \
                        rules.last_read:
                    # (the card used last alone where no script reads the turn's list)
                    key += (a.used, b.used) if rules.counts_read else \
                        (a.used[-1], b.used[-1])
                if GIVES_BONUS in a._card_events or GIVES_BONUS in b._card_events or \
                        rules.bonus_given:
                    key += (self.turn_bonus,)
        except TypeError:       # not known yet: worked out (and kept) once
            a.card_events()
            b.card_events()
            return self.key()
        return key

    # -------------------------------------------------------- positions

    def set_position(self, side: int, *, hp: int | None = None, max_hp: int | None = None,
                     dice: Sequence[int] | None = None, burning: Iterable[int] = (),
                     locked: Iterable[int] = (), blind: Iterable[int] = (),
                     shocked: Iterable[str] = (), weakened: Iterable[str] = (),
                     countdowns: Mapping[str, int] | None = None,
                     card_vars: Mapping[str, Mapping[str, Any]] | None = None,
                     statuses: Mapping[str, int] | None = None,
                     equipment: Sequence[str] | None = None, turn: int | None = None,
                     next_roll: Sequence[int] | None = None,
                     next_roll_dice: int | None = None) -> None:
        """Pin a position for a scenario (no hooks run, no events).

        ``equipment`` replaces the cards (names; ``"Sword+"`` is upgraded); ``statuses``
        replaces the statuses; ``shocked``/``weakened`` mark cards by name (once per
        mention): of the fighter in its turn (after ``dice``), for this turn; of any other
        (the fighter not to act, or either before a turn starts), for its next turn, as
        ``shock_card``/``weaken_card`` would mark it then, one mark a card (a card weakened
        so acts weakened from now on too: its hooks that run before then are its
        ``weakened`` block's);
        ``countdowns`` sets what is left of countdown cards; ``card_vars`` sets
        variables of cards by name (``{"Fury": {"charge": 8}}``: every card of that name).
        Giving ``dice``
        makes ``side`` the actor in the middle of its turn (after step 5), with those dice;
        ``burning``/``locked``/``blind`` are indexes into ``dice`` (a blind die's value is
        unknown to its owner: it is drawn when placed). ``next_roll`` sets the dice given
        for its next roll (given outside its turn, they wait for it), ``next_roll_dice`` the
        dice more (fewer, below 0) that roll has, as ``extra_dice(n, who, 1)`` leaves them.
        Raises ValueError for bad input.
        """
        f = self.fighters[side]
        self._legal = None
        if equipment is not None:
            setup = FighterSetup(equipment=tuple(equipment))
            f.set_cards([_card(self.rules, n, up) for n, up in setup.cards() or []])
            f.set_cards([c._replace(vars=self._init_vars_quiet(side, c)) for c in f.cards])
            f.last_used = -1
        if max_hp is not None:
            f.set_max_hp(max(1, max_hp))
        if hp is not None:
            f.hp = max(0, min(hp, f.max_hp))
        f.hp = min(f.hp, f.max_hp)
        if statuses is not None:
            f.set_statuses({k: int(v) for k, v in statuses.items() if int(v) > 0})
        if dice is not None:
            self._pin_turn(side, dice, set(burning), set(locked), set(blind))
        for name in shocked:
            self._pin_mark(side, name, "shock")
        for name in weakened:
            self._pin_mark(side, name, "weaken")
        for name, left in (countdowns or {}).items():
            self._pin_countdown(f, name, left)
        for name, values in (card_vars or {}).items():
            self._pin_vars(f, name, values)
        if next_roll is not None:
            _check_values("next_roll", next_roll)
            f.set_dice_changes(f.extra, f.extra_for, tuple(sorted(map(Die, next_roll))))
        if next_roll_dice is not None:
            f.set_dice_changes(f.extra, ((next_roll_dice, 1),) if next_roll_dice else (),
                               f.waiting)
        if turn is not None:
            self.turn = max(1, turn)

    def _init_vars_quiet(self, side: int, card: CardState) -> tuple:
        self._open(FixedChance())
        try:
            return self._init_vars(side, card.defn)
        finally:
            self._close()

    def _pin_turn(self, side: int, dice: Sequence[int], burning: set, locked: set,
                  blind: set) -> None:
        _check_values("dice", dice)
        bad = [i for i in burning | locked | blind if not 0 <= i < len(dice)]
        if bad:
            raise ValueError(f"die index {bad[0]} is out of range (there are {len(dice)} dice)")
        f = self.fighters[side]
        f.set_cards([refreshed(c) for c in f.cards])
        f.cards_used = 0
        f.new_turn()
        f.set_dice([Die(0 if i in blind else v, i in burning, i in locked, i in blind)
                    for i, v in enumerate(dice)])
        self.fighters[1 - side].set_dice([])
        self.actor = side
        self.phase = ACTING
        self.outcome = None
        self.turn_bonus = self.turn_moves = self.turn_cards_used = self.turn_countdown = 0

    def _pin_mark(self, side: int, name: str, mark: str) -> None:
        f = self.fighters[side]
        flag = "shocked" if mark == "shock" else "weakened"
        named = [c for c in f.cards if _names(c, name)]
        if named and all(c.active.spare_only for c in named):
            raise ValueError(f"cannot mark '{name}' {flag}: it is a card of spare dice only, "
                             "never used, so no rule marks it")
        if self.marks_now(side):
            for i, c in enumerate(f.cards):
                if _names(c, name) and not getattr(c, flag):
                    f.set_card(i, marked(c, mark))
                    return
            raise ValueError(f"cannot mark '{name}' {flag}: {_no_card(f, name)}")
        for i, c in enumerate(f.cards):
            if _names(c, name) and not c.gone and c.shocked not in (SHOCK_NEXT, WEAKEN_NEXT):
                # For its next turn; marked now first, which only a weakened card keeps (a
                # shock now would stop nothing: its owner places no die before then).
                f.set_card(i, marked(marked(c, mark), mark, now=False))
                return
        why = _no_card(f, name) if not any(_names(c, name) and not c.gone for c in f.cards) \
            else f"each such card of {f.name} is marked for that turn already (a card " \
                 "holds one mark for its next turn: shocked or weakened)"
        raise ValueError(f"cannot mark '{name}' {flag} for its next turn: {why}")

    @staticmethod
    def _pin_countdown(f: Fighter, name: str, left: int) -> None:
        for i, c in enumerate(f.cards):
            if _names(c, name) and c.active.countdown is not None:
                f.set_card(i, c._replace(countdown=max(1, min(left, c.active.countdown))))
                return
        raise ValueError(f"no countdown card '{name}': {_no_card(f, name)}")

    @staticmethod
    def _pin_vars(f: Fighter, name: str, values: Mapping[str, Any]) -> None:
        cards = [i for i, c in enumerate(f.cards) if _names(c, name)]
        if not cards:
            raise ValueError(f"cannot set variables of '{name}': {_no_card(f, name)}")
        for i in cards:
            card = f.cards[i]
            own = dict(card.vars)
            for var in values:
                if var not in own:
                    have = ", ".join(own) or "none"
                    raise ValueError(f"{card.defn.name} has no variable '{var}'"
                                     f"{did_you_mean(var, list(own))} (its variables: {have})")
            f.set_card(i, card._replace(vars=tuple({**own, **values}.items())))

    def __repr__(self) -> str:
        a, b = self.fighters
        return (f"<Fight turn {self.turn} {self.phase} actor={self.actor} "
                f"{a.name} {a.hp}/{a.max_hp} vs {b.name} {b.hp}/{b.max_hp}>")


# ------------------------------------------------------------------ helpers

def _build(rules: FightRules, side: int, defn: FighterDef, setup: FighterSetup | None
           ) -> Fighter:
    setup = setup or FighterSetup()
    max_hp = setup.max_hp if setup.max_hp is not None else defn.hp
    hp = min(setup.hp if setup.hp is not None else max_hp, max_hp)
    names = setup.cards()
    if names is None:   # the definition's own kit ("sword+" is the upgraded Sword)
        names = FighterSetup(equipment=defn.equipment).cards() or []
    cards = [_card(rules, name, up) for name, up in names]
    dice = setup.dice if setup.dice is not None else defn.dice
    level = setup.level if setup.level is not None else defn.level
    return Fighter(side, defn, max(0, hp), max(1, max_hp), max(0, min(dice, MAX_DICE)), level,
                   cards)


def _card(rules: FightRules, name: str, upgraded: bool) -> CardState:
    defn = rules.card(name)
    if upgraded and defn.upgraded is not None:
        defn = defn.upgraded
    return fresh_card(defn, upgraded=upgraded)




def _names(card: CardState, name: str) -> bool:
    return card.defn.name == name or card.defn.id == make_id(name)


def _no_card(f: Fighter, name: str) -> str:
    held = {c.defn.id: c.defn for c in f.cards}
    return f"{f.name} has no such card{did_you_mean_named(name, held)}"


class _NoChance(Chance):
    """What a ``ready`` condition is read with: the checker made sure it reaches no chance
    point (one that did would fault, and the card would not be ready)."""

    def choose(self, outcomes: Any) -> Any:
        raise ScriptError("'ready' met a chance point")


_NO_CHANCE = _NoChance()

#: Moves are small immutable values: each one is made once and shared.
_MOVES: dict[tuple[str, int, str, int, int], Move] = {}
END = Move.end()


def _move(action: str, value: int, card: str, die_index: int, card_index: int) -> Move:
    key = (action, value, card, die_index, card_index)
    hit = _MOVES.get(key)
    if hit is None:
        hit = _MOVES[key] = Move(action, value, card, die_index, card_index)
    return hit


#: A pool's distinct usable dice, with a number for them, by the pool (_distinct_dice).
_DISTINCT: dict[tuple[Die, ...], tuple[int, tuple[tuple[int, Die], ...]]] = {}
#: The same, by the list of distinct dice: pools that differ only in dice the list leaves
#: out (locked ones, a second equal die after the first) share one number, so one entry in
#: the legal-move table.
_LISTS: dict[tuple[tuple[int, Die], ...], tuple[int, tuple[tuple[int, Die], ...]]] = {}
_POOL_NUMBERS = itertools.count()
#: The tables above are dropped when they reach this size (a cache, not a record).
_TABLE_SIZE = 50_000


def _distinct_dice(dice: tuple[Die, ...]) -> tuple[int, tuple[tuple[int, Die], ...]]:
    """One (index, die) per distinct usable die, highest first, plain before burning, and
    a number that stands for that list (never for another). Pools recur (the AI meets
    each many times): each is sorted once."""
    hit = _DISTINCT.get(dice)
    if hit is None:
        seen: dict[Die, int] = {}
        for i, d in enumerate(dice):
            if not d.locked and d not in seen:
                seen[d] = i
        distinct = tuple(sorted(((i, d) for d, i in seen.items()),
                                key=lambda p: (-p[1].value, p[1].burning, p[1].blind)))
        if len(_DISTINCT) >= _TABLE_SIZE:
            _DISTINCT.clear()
        if len(_LISTS) >= _TABLE_SIZE:
            _LISTS.clear()
        hit = _LISTS.get(distinct)
        if hit is None:
            hit = _LISTS[distinct] = (next(_POOL_NUMBERS), distinct)
        _DISTINCT[dice] = hit
    return hit


def _accepts(card: CardState, die: Die) -> bool:
    """Whether ``die`` may go on ``card`` now (not shocked/used up: the caller checks)."""
    return (0 if die.blind else die.value) in _takes(card)


_ANY_DIE = frozenset(range(0, 7))
_NO_DIE: frozenset[int] = frozenset()


def _takes(card: CardState) -> frozenset[int]:
    """The die values ``card`` takes now; 0 stands for a blind die (its value unknown: any
    card with a free slot takes it)."""
    defn = card.defn        # card.active, inlined: every move asks this of every card
    act = defn.weakened if card.weakened and defn.weakened is not None else defn
    if act.countdown is not None:
        return _ANY_DIE if card.countdown > 0 else _NO_DIE
    hit = _ACCEPTED.get((id(act), card.weakened, card.placed))
    return _accepted_values(card, act) if hit is None else hit


#: (id of the acting definition, weakened, dice placed) → the values the card takes.
_ACCEPTED: dict[tuple[int, bool, tuple[int, ...]], frozenset[int]] = {}
#: Keeps each definition in _ACCEPTED alive, so its id is never reused for another.
_ACCEPTED_DEFS: dict[int, EquipmentDef] = {}


def _accepted_values(card: CardState, act: EquipmentDef) -> frozenset[int]:
    """The values (1..6) a die may have to go on ``card`` now (computed once per case)."""
    key = (id(act), card.weakened, card.placed)
    hit = _ACCEPTED.get(key)
    if hit is None:
        _ACCEPTED_DEFS[id(act)] = act
        slots = card_slots(card)
        if len(card.placed) >= len(slots):
            hit = _NO_DIE
        else:
            hit = frozenset([0] + [v for v in range(1, 7) if slots_fit(
                slots, act.total, tuple(sorted(card.placed + (v,))))])
        _ACCEPTED[key] = hit
    return hit


def _legal(action: str, die: Die, card: CardState) -> bool:
    if die.locked or card.gone:
        return False
    if action == "release":
        return card.shocked
    return not card.shocked and card.uses_left != 0 and \
        (0 if die.blind else die.value) in _takes(card)


def _check_values(what: str, values: Sequence[int]) -> None:
    """ValueError unless ``values`` (a position's ``what``) are dice a pool may hold."""
    if len(values) > MAX_DICE or any(not 1 <= v <= 6 for v in values):
        raise ValueError(f"{what} must be at most {MAX_DICE} values from 1 to 6")
