"""The fight: both fighters, their cards, the hero's dice, the log, and the enemy thinking in
a thread while the screen stays live.

The player picks a die (its number, or the arrows) and plays it on a card (the card's
letter, a click, or the card cursor and enter); on a shocked card that releases it. The
card cursor also goes onto the enemy's cards, to read them (the message line shows the card
under it, cut at three lines); nothing is played there. ``x`` (or enter on an enemy's card)
opens the card under the cursor whole (:class:`~.card.CardScreen`), however long its text.
The enemy's turn runs in a thread worker: each of its moves is asked of the chooser on a
copy of the fight (:meth:`dicey.run.session.FightSession.ask`) and comes back as a message,
at most one per ``enemy_delay`` seconds. Meanwhile help opens, the log scrolls and cards
can be read.

Each row of cards is as tall as its tallest card's face, and the log takes the rest of the
screen; on a screen too short for both rows' faces, the rows share what the log leaves
them (a face cut short ends with ``…``, and the card cursor reads it).
"""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Hashable

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.css.scalar import Scalar
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from dicey.ai.moves import dice_lost_ending, likeliest_result
from dicey.ai.planner import stopping
from dicey.ai.search import Stopped
from dicey.lang.chance import FixedChance, TooManyOutcomes
from dicey.lang.defs import FighterDef
from dicey.rules.fight import Fight
from dicey.rules.events import StatusChanged, TurnCut, listed
from dicey.rules.protocol import IllegalMoveError, Move
from dicey.rules.state import CardState, ends_turn, refreshed
from dicey.run import progress
from dicey.run.brains import EnemyDecision, GraphUnavailable, last_plan, write_decision_graph
from dicey.run.session import ENEMY, HERO, FightSession

from .. import faces
from ..dice_numbers import after_move, die_keys
from ..faces import CARD_KEYS
from ..keys import FIGHT_CARD, FIGHT_DIE, FIGHT_KEYS, FIGHT_OVER_BAR, FIGHT_YOUR_TURN, Key
from ..widgets import CardRow, CardView, DiceTray, DieView, FighterBar, FighterView, FightLog, \
    KeyBar, LEAST_CARD
from .base import RunScreen
from .card import CardScreen, Readable

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

#: The digit keys (a die's number).
DIGITS = frozenset("0123456789")

#: The longest pause, in seconds, between a die's number's two digits: a digit that comes
#: later starts a number of its own (die 1, a thought, then 2: die 2, not die 12).
NUMBER_PAUSE = 1.0

#: How many searches a hint may take in all: a guess (the search ran out of its budget,
#: the hint preset's 3 s clock) is shown and searched on, from all the last one solved,
#: until it is exact or this many have run (12 s at most).
HINT_ROUNDS = 4

#: The most outcomes of a random move the turn-ender question weighs (more: it asks
#: "may" when the card calls ``end_turn()`` or the first outcome ends the turn).
OUTCOMES_WEIGHED = 512

#: The log's height, its top border included, when the screen has the room for the rest
#: (its min-height in ``dicey.tcss``); on a screen too short for even the rows' least, it
#: gives up lines down to ``LOG_LEAST`` rather than push the screen past its bottom.
LOG_LINES, LOG_LEAST = 4, 2


def share_rows(room: int, enemy: int, hero: int) -> tuple[int, int]:
    """The heights of the enemy's and the hero's rows of cards, which need ``enemy`` and
    ``hero`` rows and may take ``room`` together: what they need if it fits, else each
    at least half the room (or what it needs, if less); the hero's row gets an odd row.

    >>> share_rows(20, 6, 5), share_rows(11, 9, 4), share_rows(11, 4, 9), share_rows(11, 9, 9)
    ((6, 5), (7, 4), (4, 7), (5, 6))
    """
    if enemy + hero > room:
        half = room // 2
        if enemy <= half:
            hero = room - enemy
        elif hero <= room - half:
            enemy = room - hero
        else:
            enemy, hero = half, room - half
    return max(enemy, LEAST_CARD), max(hero, LEAST_CARD)


#: The enemy's moves in a turn that are paced (``--delay``); the rest go ten times faster:
#: a mod's enemy may make up to 200 moves a turn, minutes at the full pace.
PACED_MOVES = 12


def enemy_pause(delay: float, moves_made: int) -> float:
    """The least time between two of the enemy's moves, ``moves_made`` of them made in
    this turn: ``delay`` for the first :data:`PACED_MOVES`, a tenth of it after.

    >>> enemy_pause(0.5, 0), enemy_pause(0.5, 12), enemy_pause(0.0, 40)
    (0.5, 0.05, 0.0)
    """
    return delay if moves_made < PACED_MOVES else delay / 10


def line_dice(position: Fight, moves: list[Move], numbers: list[int], highest: int
              ) -> tuple[list[int | None], list[tuple[list, list[int]] | None]]:
    """For each move of the hero's line from ``position`` (its dice numbered ``numbers``,
    the turn's highest number ``highest``), in the state the line reaches (each move's
    likeliest result, as ``dicey plan`` follows a line): the dice lost when it ends the
    turn by itself (None: it does not; :func:`dicey.ai.moves.dice_lost_ending`), and the
    hero's dice it is played from with their numbers (None past the turn's end); both
    stop at a move that cannot be made (the lists are then shorter than the line)."""
    cuts: list[int | None] = []
    pools: list[tuple[list, list[int]] | None] = []
    state = position
    for move in moves:
        if move.is_end or state.turn_over:
            cuts.append(None)
            pools.append(None)
            continue
        pool = list(state.fighters[HERO].dice)
        try:
            after = likeliest_result(state, move)
        except IllegalMoveError:
            break
        cuts.append(dice_lost_ending(state, move, after))
        pools.append((pool, numbers))
        if not after.turn_over:
            numbers, highest = after_move(pool, numbers, move, after.fighters[HERO].dice,
                                          highest)
        state = after
    return cuts, pools


class FightScreen(RunScreen):
    """One fight of the run."""

    KEYS = FIGHT_KEYS

    @dataclass
    class EnemyChose(Message, bubble=False):
        """The enemy's chooser answered (``error``: it failed, and the turn ends)."""

        move: Move
        position: Hashable
        error: str | None = None

    @dataclass
    class Said(Message, bubble=False):
        """A line for the message area, from a worker (a hint, a graph written); a line
        about a ``position`` is dropped once the fight has moved on."""

        text: str
        position: Hashable | None = None
        hint: bool | None = None
        """For a hint: whether it is the last word on ``position`` (exact, or a guess
        whose searches are all done); None for any other line."""
        card: int | None = None
        """For a hint: the hero's card its first move is on (None: none)."""

    def __init__(self, session: FightSession):
        super().__init__()
        self.session = session
        self.die_cursor = 0
        self.card_cursor: int | None = None
        """The card under the cursor, on ``cursor_side``'s row (None: no cursor)."""
        self.cursor_side = HERO
        self.reading = False
        """The message line shows the card under the cursor (and follows it as it
        changes)."""
        self.waiting_note = False
        """The message line says to wait for your turn (cleared when it comes)."""
        self.said_text = ""
        """What :meth:`say` last put on the message line."""
        self.thinking = False
        self.spin = 0
        self.decision: EnemyDecision | None = None
        self.chooser: Callable | None = None
        self.details: CardScreen | None = None
        """The card screen opened from here, while it is open (it follows the fight)."""
        self.saved_moves = len(session.moves)
        """The moves the save holds (those a continued fight replayed, at first): a turn
        that ends after them saves the fight."""
        self.buttons_seen: dict[tuple[int, str], str] | None = None
        """The hero's buttons' faces (``[ready]``…) as last shown, by place and name (None:
        not shown yet): one that turns ``[ready]`` is announced."""
        self.played: int | None = None
        """The hero's card last played on (by its key or a click): a crowded row shows
        it, when there is no card cursor to show."""
        self.typed = ""
        """The digits typed just before (a die's number past 9 takes two: ``1`` ``2``)."""
        self.last_key_digit = False
        self.clock: Callable[[], float] = time.monotonic
        """The time in seconds, as the keys' pauses are measured (tests set a clock of
        their own)."""
        self.last_digit_at = 0.0
        """When :meth:`on_key` saw the last digit key (:attr:`clock`)."""
        self.digit_goes_on: deque[bool] = deque()
        """For each digit key seen by :meth:`on_key` whose action has not run yet: whether
        the key just before it was a digit too, at most :data:`NUMBER_PAUSE` before it
        (so it may be a number's second digit). A key's action runs after the screen has
        seen the keys that came with it (keys that arrive in one read: a paste, a
        terminal multiplexer), so the number is ended by the order of the keys, not of
        the actions."""
        self.die_numbers: list[int] = []
        """The numbers on the hero's dice, in the tray's order: each keeps its number while
        it is in the tray (:mod:`dicey.tui.dice_numbers`); new numbers each turn."""
        self.numbers_turn = -1
        """The turn :attr:`die_numbers` are for."""
        self.highest_number = 0
        """The highest number the turn has given a die (a die that comes gets the next)."""
        self.confirming: tuple[Move, Hashable] | None = None
        """A move that would end the turn with dice (or a button) left to use, and the
        position it was asked in, while the message line asks to confirm it
        (:meth:`_turn_ender`)."""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="fight-header")
        yield FighterBar(id="enemy-bar", show_hand=True)
        yield CardRow(ENEMY, id="enemy-cards")
        yield CardRow(HERO, id="hero-cards")
        yield FighterBar(id="hero-bar")
        yield DiceTray(id="dice")
        yield Static(id="message")
        yield FightLog(id="log")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self.chooser = self.dicey.config.chooser_for(self.run_state.ai or self.enemy.ai)
        self.hints = self.dicey.config.hints_for()
        self.hints_given: dict[Hashable, str] = {}
        """The last word of the hint on each position asked about (said again at once)."""
        self.hint_searching: Hashable | None = None
        """The position a hint is being searched for (a second ``h`` waits for it)."""
        self.query_one(FightLog).add_events(self.session.events)
        self.set_interval(0.12, self._tick)
        if self.session.hero_to_act:
            self._number_turn_so_far()
        self.refresh_view()
        if self.session.hero_to_act:      # (a continued fight too: what is left to do)
            self.say(self._what_to_do())
        self._carry_on()

    def _what_to_do(self) -> str:
        """What the message line says as the hero's turn begins."""
        dice, cards = self._keys_in_play()
        if not self.session.fight.fighters[HERO].cards:   # (a mod's hero may have none)
            return "You have no cards to play dice on: t ends the turn; ? helps."
        return self._nothing_left() or f"Pick a die ({dice}), then a card ({cards}) to play " \
            "it on; ↑↓ read the cards, ? helps."

    def _keys_in_play(self) -> tuple[str, str]:
        """The keys of the hero's dice and of the cards a die may go on now: ``1-3``,
        ``a-e`` (``1``, ``a`` for one); the dice by their numbers (``2-3`` once die 1 is
        played)."""
        hero = self.session.fight.fighters[HERO]
        # (the cards a die may go on: not one gone, nor one of spare dice only)
        places = [i for i, c in enumerate(hero.cards) if not c.gone and not c.active.spare_only]
        return die_keys(self._numbers()) or "1", faces.card_keys(len(hero.cards), places)

    def _number_turn_so_far(self) -> None:
        """A turn under way as the screen opens (a run continued mid-turn): its dice get
        the numbers its moves left them, as the screen that played them gave them."""
        made = self.session.turn_so_far()
        if not made:
            return
        numbers = list(range(1, len(made[0][0]) + 1))
        highest = len(numbers)
        for before, move, after in made:
            if not move.is_end:
                numbers, highest = after_move(before, numbers, move, after, highest)
        self.die_numbers, self.highest_number = numbers, highest
        self.numbers_turn = self.session.fight.turn

    def _numbers(self) -> list[int]:
        """The numbers of the hero's dice now (:attr:`die_numbers`): 1, 2, 3… as a turn
        begins (or whenever the tray holds what they do not count)."""
        f = self.session.fight
        dice = f.fighters[HERO].dice
        if self.numbers_turn != f.turn or len(self.die_numbers) != len(dice):
            self.numbers_turn = f.turn
            self.die_numbers = list(range(1, len(dice) + 1))
            self.highest_number = len(dice)
        return self.die_numbers

    def _key_line(self) -> tuple[Key, ...]:
        """The fight's keys that do something now: in the hero's turn, the die and card
        keys named as the hero has them (``1-3``, ``a-c``; none once nothing is left to
        play, and no die key once the dice are spent, though a button is left to use); in
        the enemy's, none of the turn's own keys (reading, the graph, help and quitting
        still work)."""
        hidden: tuple[Key, ...] = ()
        if not self.session.hero_to_act:
            hidden = FIGHT_YOUR_TURN
        elif self._nothing_left():
            hidden = (FIGHT_DIE, FIGHT_CARD)
        elif not self.session.fight.fighters[HERO].dice:
            hidden = (FIGHT_DIE,)
        dice, cards = self._keys_in_play()
        shown = {FIGHT_DIE: dice, FIGHT_CARD: cards}
        return tuple(replace(k, shown=shown[k]) if k in shown else k for k in self.KEYS
                     if k not in hidden)

    @property
    def enemy(self) -> FighterDef:
        return self.session.fight.fighters[ENEMY].defn

    # ------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        f = self.session.fight
        hero, enemy = f.fighters
        acting = None if f.is_over else f.actor
        self.query_one("#enemy-bar", FighterBar).view = FighterView.of(enemy, acting == ENEMY,
                                                                       f.rules)
        self.query_one("#hero-bar", FighterBar).view = FighterView.of(hero, acting == HERO,
                                                                      f.rules)
        self.query_one("#enemy-cards", CardRow).show(self._cards(ENEMY), self._cursor_on(ENEMY),
                                                     self._ready(ENEMY), self._progress(ENEMY),
                                                     turn=f.turn, backs=self._backs(ENEMY))
        hero_cards, hero_ready = self._cards(HERO), self._ready(HERO)
        self.query_one("#hero-cards", CardRow).show(hero_cards, self._cursor_on(HERO),
                                                    hero_ready, self._progress(HERO),
                                                    near=self.played, turn=f.turn,
                                                    backs=self._backs(HERO))
        dice = hero.dice if self.session.hero_to_act else []
        self.die_cursor = min(self.die_cursor, max(0, len(dice) - 1))
        self.query_one("#dice", DiceTray).show(dice, self.die_cursor if dice else None,
                                               self._numbers() if dice else None)
        self.query_one("#fight-header", Static).update(self._header())
        self.query_one(KeyBar).show_keys(FIGHT_OVER_BAR if f.is_over else self._key_line())
        if self.reading:
            self._read_card()
        self._announce_ready(hero_cards, hero_ready)
        self.fit_card_rows()
        if self.details is not None and self.details.is_attached:
            self.details.show_card()

    def _cursor_on(self, side: int) -> int | None:
        return self.card_cursor if self.cursor_side == side else None

    def fit_card_rows(self) -> None:
        """Each row of cards as tall as its tallest face, if the screen has the room; the
        log takes the rest (see :func:`share_rows`)."""
        rows = self.query_one("#enemy-cards", CardRow), self.query_one("#hero-cards", CardRow)
        room = self._room_for_cards()
        needs = [r.natural_height() for r in rows]
        heights = share_rows(room, *needs)
        # A listed row given fewer lines than it asks for lists in more columns and may
        # leave lines: it keeps those it uses, and the other row gets the rest, as far as
        # it needs them (60×18: the Inventor's four cards in two lines).
        used = [r.lines_at(h) for r, h in zip(rows, heights)]
        if used != list(heights):
            heights = tuple(
                u if u < h else max(LEAST_CARD, min(need, room - other))
                for need, u, h, other in zip(needs, used, heights, reversed(used)))
        for row, height in zip(rows, heights):
            if row.styles.height != Scalar.from_number(height):
                row.styles.height = height
        log = self.query_one(FightLog)
        least = max(LOG_LEAST, LOG_LINES - max(0, sum(heights) - room))
        if log.styles.min_height != Scalar.from_number(least):
            log.styles.min_height = least

    def _room_for_cards(self) -> int:
        """The screen's height less the other widgets' (their heights in ``dicey.tcss``)
        and the log's least. The message line counts two lines: a one-line message
        leaves its second to the log; a fighter's bar counts the lines it takes."""
        message = self.query_one("#message", Static)
        size = self.size if self.size.width else self.app.size
        taken = 0
        for w in self.children:
            if w.display and w is not message and not isinstance(w, (CardRow, FightLog)):
                if isinstance(w, FighterBar):   # (one line, or two when crowded)
                    height = w.get_content_height(size, size, size.width -
                                                  w.styles.gutter.width)
                else:
                    height = w.styles.height.cells if w.styles.height else None
                taken += (height or 1) + w.styles.margin.height
        lines = message.get_content_height(size, size, size.width - message.styles.gutter.width)
        most = message.styles.max_height.cells if message.styles.max_height else None
        lines = min(lines, most) if most else lines
        return size.height - taken - max(lines, 2) - LOG_LINES

    def on_resize(self) -> None:
        self.query_one("#fight-header", Static).update(self._header())
        self.call_after_refresh(self.fit_card_rows)   # once the cards have their widths

    def _header(self) -> Text:
        state, f = self.run_state, self.session.fight
        dungeon = progress.dungeon_of(self.dicey.library, state)
        place = (f"Floor {state.floor + 1}/{len(dungeon.floors)} · fight {state.step + 1}/"
                 f"{len(state.schedule[state.floor])}"
                 + (" (boss)" if progress.is_boss_fight(self.dicey.library, state) else "")
                 + f" · turn {f.turn}")
        text = Text(place + " · ")
        width = (self.size.width or self.app.size.width) - 2   # the header's padding
        text.append(self._whose_turn(width - text.cell_len), style="bold")
        return text

    def _whose_turn(self, cells: int) -> str:
        """Whose turn it is, or who won, in ``cells`` cells: a long enemy name is cut
        (the enemy's bar below has it whole)."""
        s = self.session
        if s.over and s.winner != ENEMY:
            return "You win!" if s.winner == HERO else "A draw: the fight is over."
        if s.hero_to_act and not s.over:
            return "Your turn"
        if s.over:
            line = "You lose: {} wins."
        else:
            spinner = f" — thinking {SPINNER[self.spin % len(SPINNER)]}" if self.thinking \
                else ""
            line = "{}'s turn" + spinner
        room = cells - cell_len(line.format(""))
        return line.format(faces.shorten(self.enemy.name, room))

    def _tick(self) -> None:
        if self.thinking:
            self.spin += 1
            self.query_one("#fight-header", Static).update(self._header())

    def say(self, text: str, until_your_turn: bool = False) -> None:
        """``text`` on the message line; ``until_your_turn``: a note about the enemy's turn
        (wait…), cleared when yours begins."""
        self.reading = False
        self.said_text = text
        self.waiting_note = until_your_turn
        self.confirming = None    # (a question asked there is no longer shown)
        self.query_one("#message", Static).update(Text(text))
        if self.is_mounted:
            self.fit_card_rows()

    # ----------------------------------------------------- the hero's moves

    def _not_your_turn(self) -> bool:
        """Whether the hero cannot act now; if so the message line says why (a key for
        your turn pressed during the enemy's, or after the fight, did nothing, unsaid)."""
        if self.session.hero_to_act:
            return False
        if self.session.over:
            self.say("The fight is over: press enter to go on.")
        else:
            self.say("Wait for your turn.", until_your_turn=True)
        return True

    def on_screen_resume(self) -> None:
        """Back from a screen opened over this one (the card view): digits its keys took
        never reach :meth:`action_digit`."""
        self.digit_goes_on.clear()
        self.typed, self.last_key_digit = "", False

    def on_key(self, event: events.Key) -> None:
        """Before the key's own action: a key other than a digit ends a die's number, and
        so does a pause of more than :data:`NUMBER_PAUSE` (:attr:`digit_goes_on`); a key
        other than the one asked for (the card's, or enter) answers no to the question
        :meth:`_turn_ender` asked (and then does what it does)."""
        digit = event.key in DIGITS
        if digit:
            now = self.clock()
            self.digit_goes_on.append(self.last_key_digit and
                                      now - self.last_digit_at <= NUMBER_PAUSE)
            self.last_digit_at = now
        self.last_key_digit = digit
        if self.confirming is not None and event.key not in self._yes_keys():
            self._not_played()

    def _yes_keys(self) -> tuple[str, ...]:
        """The keys that answer yes to the question asked (:attr:`confirming`): to end
        the turn, ``t`` again, ``y`` (or ``T``, which never asks); to play a card, its key
        again or enter."""
        move = self.confirming[0] if self.confirming else None
        if move is None:
            return ()
        return ("t", "y", "T") if move.is_end else ("enter", CARD_KEYS[move.card_index])

    def _not_played(self) -> None:
        """No to the question :meth:`_turn_ender` or :meth:`_end_question` asked (if one is
        asked)."""
        if self.confirming is None:
            return
        if self.confirming[0].is_end:
            self.say("The turn goes on.")
        else:
            card = self._cards(HERO)[self.confirming[0].card_index]
            self.say(f"{card.title} was not played.")

    def action_digit(self, digit: int) -> None:
        """A digit key: the die of that number (the number on its box, which it keeps
        while it is in the tray); a digit typed right after another (within
        :data:`NUMBER_PAUSE`) is the number's second digit when the hero has a die of that
        number (``1`` ``2``: die 12)."""
        if not (self.digit_goes_on.popleft() if self.digit_goes_on else False):
            self.typed = ""       # (another key, or a click, came between)
        numbers = self._numbers() if self.session.hero_to_act else []
        top = max(numbers, default=0)
        number = int(self.typed + str(digit)) if self.typed else digit
        if self.typed and number not in numbers:
            number = digit       # (no such die: the digit starts a number of its own)
        self.typed = str(number) if number * 10 <= top else ""
        if self._not_your_turn():
            return
        if number in numbers:
            self.action_pick_die(numbers.index(number))
            return
        dice = die_keys(numbers)
        if number == 0:
            self.say(f"There is no die 0: a die's key is the number on its box ({dice})."
                     if len(numbers) > 1 else "There is no die 0.")
        elif not numbers:
            self.say(f"There is no die {number}: you have none left: press t to end the "
                     "turn.")
        else:   # (a number not in the tray did nothing, unsaid)
            said = f"Die {number} is played" if number <= self.highest_number else \
                f"There is no die {number}"
            self.say(f"{said}: " + (f"your dice are {dice}." if len(numbers) > 1 else
                                    f"your die is {dice}."))

    def action_pick_die(self, index: int) -> None:
        dice = self.session.fight.fighters[HERO].dice
        if self._not_your_turn():
            return
        if 0 <= index < len(dice):
            self.die_cursor = index
            self.refresh_view()

    def action_move_die(self, step: int) -> None:
        dice = self.session.fight.fighters[HERO].dice
        if not self._not_your_turn() and dice:
            self.action_pick_die((self.die_cursor + step) % len(dice))

    def action_move_card(self, step: int) -> None:
        """The card cursor to the next (↓) or the previous (↑) card, in reading order: the
        enemy's cards, then yours; ↑ from your first card goes up onto the enemy's row (its
        last card), ↓ from the enemy's last card back down to your first. It stops at
        both ends (it wrapped from your last card onto the enemy's first, at the top of the
        screen). With no cursor yet, either key starts on your first card."""
        ring = self._ring()
        if not self.session.fight.fighters[HERO].cards:
            return
        if self.card_cursor is None or (self.cursor_side, self.card_cursor) not in ring:
            at = ring.index((HERO, 0))
        else:
            at = min(max(ring.index((self.cursor_side, self.card_cursor)) + step, 0),
                     len(ring) - 1)
        self._put_cursor(*ring[at])

    def _ring(self) -> list[tuple[int, int]]:
        """Every card, in reading order: the enemy's, then yours."""
        f = self.session.fight
        return [(ENEMY, i) for i in range(len(f.fighters[ENEMY].cards))] + \
            [(HERO, i) for i in range(len(f.fighters[HERO].cards))]

    def action_other_cards(self) -> None:
        """The card cursor to the other side's row (to the enemy's cards first)."""
        side = ENEMY if self.card_cursor is None or self.cursor_side == HERO else HERO
        cards = self.session.fight.fighters[side].cards
        if cards:
            self._put_cursor(side, min(self.card_cursor or 0, len(cards) - 1))

    def _put_cursor(self, side: int, index: int) -> None:
        self.cursor_side, self.card_cursor = side, index
        self.reading = True
        self.refresh_view()

    def _cards(self, side: int) -> list[CardState]:
        """``side``'s cards as shown: in the other side's turn, as its own next turn will
        have them (uses back, no dice, no marks: what its last turn left is no longer so
        by then, and 'used' read as if the card could not be used again). A fight over
        stays as its last turn showed it: the side that ended it as it stands, the other
        without the marks of its turn before."""
        f = self.session.fight
        cards = f.fighters[side].cards
        if f.actor == side:
            return list(cards)
        return [refreshed(card) for card in cards]

    def _ready(self, side: int) -> list[bool | None]:
        """For each of ``side``'s cards that is a button, whether its ``ready`` condition
        holds now (None for the others: their faces show their slots). Its face says the
        rest (:func:`dicey.notation.button_mark`): used up, no use left (as shown:
        :meth:`_cards`); a shocked one shows what its condition says, and SHOCKED."""
        f = self.session.fight
        return [f.ready(side, i) if card.active.button else None
                for i, card in enumerate(f.fighters[side].cards)]

    def _progress(self, side: int) -> list[tuple[int, int] | None]:
        """For each of ``side``'s cards that is a button with a ``progress``, how far it
        has come (so far, goal; None for the others, and for one whose progress could not
        be read): its face shows it while it is not ready (``[3/8]``)."""
        f = self.session.fight
        return [f.progress(side, i) if card.active.button else None
                for i, card in enumerate(f.fighters[side].cards)]

    def _announce_ready(self, cards: list[CardState], ready: list[bool | None]) -> None:
        """The message line says which of the hero's buttons turned ``[ready]`` from
        ``[not yet]`` since the screen last showed them (``Fury is ready.``), once; the
        buttons the fight starts (or a continued fight goes on) with are not news."""
        faces_now = {(i, card.name): faces.slot_line(card, r)
                     for i, (card, r) in enumerate(zip(cards, ready)) if r is not None}
        before, self.buttons_seen = self.buttons_seen, faces_now
        if before is None:
            return
        turned = [cards[i] for (i, name), face in faces_now.items()
                  if face == faces.READY and before.get((i, name)) == faces.NOT_YET]
        if turned:
            shocked = [c.name for c in turned if c.shocked]
            note = "" if not shocked else " (SHOCKED: release it first)" if len(turned) == 1 \
                else f" ({listed(shocked)} {'is' if len(shocked) == 1 else 'are'} SHOCKED: " \
                     f"release {'it' if len(shocked) == 1 else 'them'} first)"
            self.say(f"{listed([c.name for c in turned])} "
                     f"{'is' if len(turned) == 1 else 'are'} ready{note}.")

    def _backs(self, side: int) -> list[int]:
        """For each of ``side``'s cards taken for a while, the turn at whose end it comes
        back (0 for the others): the taker's copy holds it."""
        f = self.session.fight
        lent = {c.loan[1]: c.loan[0] for c in f.fighters[1 - side].cards
                if c.loan and c.loan[1] >= 0}
        return [lent.get(i, 0) if card.gone else 0
                for i, card in enumerate(f.fighters[side].cards)]

    def _readable(self, side: int, index: int) -> Readable:
        card = self._cards(side)[index]
        ready, progress = self._ready(side)[index], self._progress(side)[index]
        f = self.session.fight
        opponent = f.fighters[1 - side].name
        back = self._backs(side)[index]
        if side == HERO:
            return Readable(card, CARD_KEYS[index] if index < len(CARD_KEYS) else "",
                            ready=ready, progress=progress, opponent=opponent, turn=f.turn,
                            back=back)
        return Readable(card, owner=self.enemy.name, ready=ready, progress=progress,
                        opponent=opponent, turn=f.turn, back=back)

    def _read_card(self) -> None:
        """The card under the cursor on the message line (its face may cut it); a card too
        long for the message line's three lines is cut there, and says that ``x`` reads
        it whole."""
        i = self.card_cursor
        if i is None or i >= len(self.session.fight.fighters[self.cursor_side].cards):
            return
        r = self._readable(self.cursor_side, i)
        self.say(self._fit_message(faces.card_line(r.card, r.key, r.owner, r.ready,
                                                   r.progress, r.turn, r.back)))
        self.reading = True

    def _fit_message(self, line: str, tail: str = "… x reads it all") -> str:
        """``line`` as it fits the message line; cut, and ended with ``tail``, if it does
        not."""
        message = self.query_one("#message", Static)
        width = max(1, message.content_size.width or
                    self.app.size.width - message.styles.gutter.width)
        most = message.styles.max_height.cells if message.styles.max_height else None

        def fits(text: str) -> bool:
            return most is None or len(Text(text).wrap(self.app.console, width)) <= most
        if fits(line):
            return line
        words = line.split(" ")
        # (at most three lines' worth of words: the search starts there)
        kept = len(" ".join(words)[:width * (most or 1)].split(" "))
        while kept > 0 and not fits(" ".join(words[:kept]) + " " + tail):
            kept -= 1
        return " ".join(words[:kept]) + " " + tail

    def action_read_card(self) -> None:
        """The card under the cursor, read whole (no cursor yet: your first card)."""
        if self.card_cursor is None or (self.cursor_side, self.card_cursor) not in \
                self._ring():
            if not self.session.fight.fighters[HERO].cards:
                return
            self._put_cursor(HERO, 0)
        ring = self._ring()

        def moved(at: int) -> None:
            self._put_cursor(*ring[at] if at < len(ring) else ring[-1])

        def cards() -> list[Readable]:
            ring[:] = self._ring()
            return [self._readable(side, i) for side, i in ring]

        def closed(_: object = None) -> None:
            self.details = None
        self.details = CardScreen(cards, ring.index((self.cursor_side, self.card_cursor)),
                                  moved=moved)
        self.app.push_screen(self.details, closed)

    def action_enter(self) -> None:
        if self.confirming is not None and self.confirming[1] == self.session.fight.key():
            self._play(self.confirming[0])   # (yes to the question of _turn_ender)
        elif self.session.over:
            self.dicey.finish_fight(self.session)
        elif self.card_cursor is not None and self.cursor_side == ENEMY:
            self.action_read_card()   # an enemy's card is only read
        elif self.card_cursor is not None:
            self.action_play_on(self.card_cursor)
        elif self.session.hero_to_act:
            self.say(f"Pick a card: its letter ({self._keys_in_play()[1]}), or ↑↓ then "
                     "enter.")

    def action_play_on(self, card_index: int) -> None:
        """Play the die under the cursor on card ``card_index`` (release it if shocked);
        use it, if it is a button (it takes no die)."""
        hero = self.session.fight.fighters[HERO]
        if self._not_your_turn():
            return
        if card_index >= len(hero.cards):   # (a letter past your cards did nothing, unsaid)
            key = CARD_KEYS[card_index]
            if not hero.cards:
                said = f"There is no card {key}: you have no cards."
            else:
                said = f"There is no card {key}: your cards are " \
                    f"{faces.card_keys(len(hero.cards))}." if len(hero.cards) > 1 else \
                    f"There is no card {key}: your card is {CARD_KEYS[0]}."
            if key == "i":     # (i opens the inventory on the map and on a reward)
                said += " The inventory opens only between fights."
            self.say(said)
            return
        card = hero.cards[card_index]
        self.played = card_index
        if card.active.button and not card.shocked:
            if self.card_cursor is not None:
                self.cursor_side, self.card_cursor = HERO, card_index
            self._play_or_ask(Move.use(card.name, card_index), self._why_not_use(card_index))
            return
        if not hero.dice:
            self.say("No dice left: press t to end the turn.")
            return
        die = hero.dice[self.die_cursor]
        make = Move.release if card.shocked else Move.place
        if self.card_cursor is not None:   # a cursor shown follows the play
            self.cursor_side, self.card_cursor = HERO, card_index
        self._play_or_ask(make(die.value, card.name, self.die_cursor, card_index),
                          self._why_not(card_index))

    def _play_or_ask(self, move: Move, why_not: str) -> None:
        """Play ``move``; one that would end the turn with dice or a button left to use is
        played only once asked for again (:meth:`_turn_ender`; ending the turn itself:
        :meth:`_end_question`)."""
        position = self.session.fight.key()
        if self.confirming != (move, position):
            question = self._end_question() if move.is_end else self._turn_ender(move)
            if question:
                self.say(question)
                self.confirming = (move, position)
                self.refresh_view()   # (the cursor may have moved to the card)
                return
        self._play(move, why_not=why_not)

    def _turn_ender(self, move: Move) -> str:
        """The question to ask before ``move`` when it would end the turn while other dice
        could still be used on other cards, or another button could be used: ``""`` when
        it would not (no die left that another card takes and no other button usable, a
        move after which the turn goes on, a blow that ends the fight); "may" when only
        some of its outcomes do. Whatever ends it is asked about: the card's own
        ``end_turn()``, a status (Daze), an opponent's card answering the move
        (``end_turn(target)``); the question names it when the move's events do, and says
        what is lost (the dice left, the buttons usable)."""
        f = self.session.fight
        hero = f.fighters[HERO]
        card = hero.cards[move.card_index]
        # Whether to ask: a die another card could take now (equal dice: one move for them
        # all; identical cards too, so a twin of this card counts) would be lost; those
        # only this card takes are lost however it is played. So would a button usable now
        # other than this card (legal_moves lists one use for identical buttons: each of
        # them counts, a twin of this one too).
        codes = hero.card_codes()
        mine = codes[move.card_index]
        twin = codes.count(mine) > 1
        legal = f.legal_moves()
        usable = {hero.dice[m.die_index] for m in legal
                  if m.action in ("place", "release") and (twin or codes[m.card_index] != mine)}
        pressable = {codes[m.card_index] for m in legal if m.action == "use"}
        buttons = [c for i, c in enumerate(hero.cards)
                   if i != move.card_index and codes[i] in pressable]
        if not buttons and not any(d in usable for i, d in enumerate(hero.dice)
                                   if i != move.die_index or move.action == "use"):
            return ""
        child, probe = f.copy(log=True), FixedChance()
        try:
            events = child.apply(move, probe)
        except IllegalMoveError:
            return ""             # (_play says why)
        ended = child.turn_over and not child.is_over
        if not probe.met:         # (most moves: one certain result, the one just made)
            ending = 1 if ended else 0
        else:
            try:
                ending = sum(p for p, after in f.outcomes(move, limit=OUTCOMES_WEIGHED)
                             if after.turn_over and not after.is_over)
            except TooManyOutcomes:   # (too many rolls to weigh: it may, if one does)
                ending = None if ended or ends_turn(card.active) else 0
        if ending == 0:
            return ""
        ends, will = ("ends your turn", "will") if ending == 1 else ("may end your turn",
                                                                     "would")
        cause = self._turn_ender_cause(events, card.title)
        if cause:
            said = f"{cause} {ends}"
        elif move.action == "use":
            said = f"Using {card.title} {ends}"
        elif move.action == "release":
            said = f"Releasing {card.title} with the {move.die} {ends}"
        else:
            said = f"Playing the {move.die} on {card.title} {ends}"
        # Every die left goes with the turn (as dicey plan counts them).
        lost = self._lost(len(hero.dice) - (move.action != "use"), buttons)
        it = "it" if cause == card.title else card.title
        return (f"{said}: {lost} left {will} be lost — press "
                f"{CARD_KEYS[move.card_index]} again (or enter) to play {it}.")

    def _turn_ender_cause(self, events: list, title: str) -> str:
        """What ends the hero's turn in a move's ``events`` (a card of ``title``), as the
        question names it: the card (``Haymaker``), another card (``Mugger's
        Counterpunch``: its owner's name comes with it), a status (``Daze``), or ``""``
        when the events do not say (a path of a random move on which the turn goes on)."""
        cut = next((e for e in events if type(e) is TurnCut and e.side == HERO), None)
        if cut is None:
            return ""
        if cut.card:
            return cut.card
        # A status's script (no card): the hero's status that went down just before.
        statuses = self.session.fight.rules.statuses
        gone = [e.status for e in events[:events.index(cut)]
                if type(e) is StatusChanged and e.side == HERO and e.new < e.old]
        if not gone:
            return ""
        status = statuses.get(gone[-1])
        return status.name if status else gone[-1].replace("_", " ").capitalize()

    def on_die_view_picked(self, message: DieView.Picked) -> None:
        self._not_played()       # (a click is no key: on_key did not see it)
        self.typed, self.last_key_digit = "", False
        self.action_pick_die(message.index)

    def on_card_view_picked(self, message: CardView.Picked) -> None:
        self.last_key_digit = False   # (a click ends a die's number, as a key does)
        if self.confirming is not None and (message.side, message.index) != \
                (HERO, self.confirming[0].card_index):
            self._not_played()
        if message.side == HERO:
            self.action_play_on(message.index)
        else:
            self._put_cursor(ENEMY, message.index)

    def action_end_turn(self) -> None:
        """``t``: end the turn; with dice or a button left that could still be played, it
        asks first (:meth:`_end_question`): ``t`` again or ``y`` ends it."""
        if not self._not_your_turn():
            self._play_or_ask(Move.end(), "")

    def action_end_turn_now(self) -> None:
        """``T``: end the turn at once, whatever is left (no question)."""
        if not self._not_your_turn():
            self._play(Move.end())

    def action_yes(self) -> None:
        """``y``: yes to ending the turn, when that was asked (any other time, nothing)."""
        if self.confirming is not None and self.confirming[0].is_end and \
                self.confirming[1] == self.session.fight.key():
            self._play(self.confirming[0])

    def _end_question(self) -> str:
        """The question ``t`` asks when a die or a button could still be played (``""``
        when nothing could: it ends the turn at once)."""
        f = self.session.fight
        legal = f.legal_moves()
        if len(legal) <= 1:       # (end turn alone)
            return ""
        hero = f.fighters[HERO]
        codes = hero.card_codes()
        pressable = {codes[m.card_index] for m in legal if m.action == "use"}
        buttons = [c for i, c in enumerate(hero.cards) if codes[i] in pressable]
        return f"Ending the turn now: {self._lost(len(hero.dice), buttons)} left will be " \
            "lost — press t again (or y) to end it, any other key plays on (T ends the " \
            "turn without asking)."

    @staticmethod
    def _lost(dice: int, buttons: list[CardState]) -> str:
        """What a turn ended now loses: ``2 dice and the Lucky Button``."""
        lost = [faces.counted(dice, "die", "dice")] if dice else []
        if buttons:
            lost.append(f"the {buttons[0].title}" if len(buttons) == 1 else
                        f"{len(buttons)} buttons")
        return " and ".join(lost)

    def _why_not_use(self, card_index: int) -> str:
        card = self.session.fight.fighters[HERO].cards[card_index]
        if card.gone:
            return f"{card.name} is used up."
        if card.uses_left == 0:
            return f"{card.name} has no uses left this turn."
        progress = self.session.fight.progress(HERO, card_index)
        return f"{card.name} is {faces.readiness(card, False, progress)}."

    def _why_not(self, card_index: int) -> str:
        hero = self.session.fight.fighters[HERO]
        die, card = hero.dice[self.die_cursor], hero.cards[card_index]
        if die.locked:
            return "That die is locked this turn."
        if card.gone:
            return f"{card.name} is used up."
        if card.uses_left == 0:
            return f"{card.name} has no uses left this turn."
        return f"{card.name} does not take a {faces.die_label(die)} ({faces.slot_line(card)})."

    def _play(self, move: Move, why_not: str = "") -> None:
        f = self.session.fight
        before, numbers, turn = list(f.fighters[HERO].dice), self._numbers(), f.turn
        try:
            events = self.session.play(move)
        except IllegalMoveError as err:
            self.say(why_not or str(err))
            self.refresh_view()   # (the cursor may have moved to the card)
            return
        f = self.session.fight
        if f.turn == turn and not move.is_end:   # the dice left keep their numbers
            self.die_numbers, self.highest_number = after_move(
                before, numbers, move, f.fighters[HERO].dice, self.highest_number)
        # A hint still searching is for the position just left: it stops (what it solved
        # stays with the turn's hints).
        self.workers.cancel_group(self, "hint")
        self.hint_searching = None
        note = self._nothing_left()
        self.say(note)
        self.reading = not note and self.card_cursor is not None   # (the card as it is now)
        self.query_one(FightLog).add_events(events)
        self.refresh_view()
        self._carry_on()

    def _nothing_left(self) -> str:
        if self.session.hero_to_act and len(self.session.fight.legal_moves()) == 1:
            return "Nothing left to play: t ends the turn."
        return ""

    # ----------------------------------------------------- the enemy's turn

    def _carry_on(self) -> None:
        """After any move: the run is saved if a turn just ended; the enemy thinks if it
        is to act."""
        moves = self.session.moves
        if len(moves) > self.saved_moves and moves[-1].action == "end" and \
                not self.session.over:
            self.saved_moves = len(moves)
            self.dicey.save_fight(moves)
        if self.session.enemy_to_act and not self.thinking:
            self._think()
        elif self.session.over:
            self.say("Press enter to go on.")

    def _think(self) -> None:
        f = self.session.fight
        if self.decision is None or self.decision.position.turn != f.turn:
            # The turn's first question; the preset the chooser plays (unknown ones: easy).
            preset = getattr(self.chooser, "preset", self.enemy.ai)
            self.decision = EnemyDecision(f.copy(), preset, self.session.seed + f.turn)
        self.thinking = True
        self.refresh_view()
        self._ask_enemy(self.session.ask(self.chooser), f.key(),
                        enemy_pause(self.dicey.config.enemy_delay, f.turn_moves))

    @work(thread=True, exclusive=True, group="enemy", exit_on_error=False)
    def _ask_enemy(self, question: Callable[[], Move], position: Hashable,
                   pause: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        try:
            move, error = question(), None
        except Exception as err:   # a failing AI ends its turn; the game goes on
            move, error = Move.end(), f"{type(err).__name__}: {err}"
        wait = pause - (time.monotonic() - started)
        if wait > 0:
            worker.cancelled_event.wait(wait)
        if not worker.is_cancelled:
            self.post_message(self.EnemyChose(move, position, error))

    def on_fight_screen_enemy_chose(self, message: EnemyChose) -> None:
        self.thinking = False
        if not self.session.enemy_to_act or self.session.fight.key() != message.position:
            self._carry_on()   # an answer about a position that is gone: ask again
            return
        log = self.query_one(FightLog)
        if message.error:
            log.add_line(f"{self.enemy.name}'s AI failed ({message.error}); it ends its turn",
                         ENEMY)
        if self.decision is not None and self.decision.plan is None:
            self.decision.plan = last_plan(self.chooser)
        try:
            events = self.session.play(message.move)
        except IllegalMoveError as err:
            log.add_line(f"{self.enemy.name}'s AI chose an illegal move ({err}); it ends "
                         "its turn", ENEMY)
            events = self.session.play(Move.end())
        log.add_events(events)
        reading_enemy = self.reading and self.cursor_side == ENEMY
        if self.session.hero_to_act and (reading_enemy or not self.reading and (
                self.waiting_note or not self.said_text)):
            # Your turn now ("wait" no longer holds): what to do, as at the first (unless
            # the line shows one of your cards under the cursor, or a worker's news: a
            # graph); an enemy's card read in its turn gives way (the cursor stays on it).
            self.say(self._what_to_do())
        self.refresh_view()
        self._carry_on()

    # ------------------------------------------------------- hint and graph

    def action_hint(self) -> None:
        if not self.session.over and not self.session.hero_to_act:
            self.say("Hints are for your turn.", until_your_turn=True)
            return
        if self._not_your_turn():
            return
        key = self.session.fight.key()
        if key in self.hints_given:       # (the last word on this position: said again)
            self.on_fight_screen_said(self.Said(self.hints_given[key], key, True))
            return
        if self.hint_searching == key:
            self.say("Still thinking about a hint…")
            return
        self.hint_searching = key
        self.say("Thinking about a hint…")
        self._find_hint(self.session.fight.copy(), self.session.seed,
                        (list(self._numbers()), self.highest_number))

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _find_hint(self, position: Fight, seed: int, numbers: tuple[list[int], int]) -> None:
        """The hint for ``position``; a guess (its search ran out of budget) is shown
        and asked for again, up to :data:`HINT_ROUNDS` times in all, each going on where
        the last stopped, until it is exact — unless the hero moves meanwhile (the
        search stops: :meth:`_play`)."""
        key = position.key()
        worker = get_current_worker()
        # The worker cancelled (a move, the screen left, the game quit) stops the search
        # under way at once, not at the end of its round: the plans look at its event.
        with stopping(worker.cancelled_event):
            self._hint_rounds(position, seed, key, worker, numbers)

    def _hint_rounds(self, position: Fight, seed: int, key: Hashable, worker: Any,
                     numbers: tuple[list[int], int]) -> None:
        guess = None   # the first guess: shown until the line is exact (a player may be
        #                following it; later guesses differ as chance draws them)
        for round_ in range(1, HINT_ROUNDS + 1):
            if worker.is_cancelled:
                return
            try:
                hint = self.hints(position, seed)
                rough = hint.method == "mcts"
                if rough and guess is not None and round_ < HINT_ROUNDS:
                    continue                      # (the guess shown stands)
                guess = (guess or hint) if rough else hint
                cuts, pools = line_dice(position, guess.moves, *numbers)
                final = not rough or round_ == HINT_ROUNDS
                text = faces.hint_line(guess.moves, position.fighters[HERO].cards,
                                       guess.chance, rough=rough, cuts=cuts,
                                       searching=not final, pools=pools)
            except Stopped:            # (the worker was cancelled: nobody waits for it)
                return
            except Exception as err:   # a hint that fails must not end the game
                final, text = True, f"No hint: {type(err).__name__}: {err}"
            if worker.is_cancelled:
                return
            first = guess.moves[0] if guess is not None and guess.moves else None
            card = first.card_index if first is not None and first.card_index >= 0 and \
                first.action != "end" else None
            self.post_message(self.Said(text, key, final, card))
            if final:
                return

    def action_graph(self) -> None:
        f = self.session.fight
        name = f"{self.enemy.id}-turn{self.decision.position.turn if self.decision else f.turn}"
        self.say("Drawing the enemy's decision graph…")
        self._write_graph(self.decision, self.dicey.graph_folder() / f"{name}.graphml")

    @work(thread=True, exclusive=True, group="graph", exit_on_error=False)
    def _write_graph(self, decision: EnemyDecision | None, path: Path) -> None:
        try:
            text = f"Decision graph written to {write_decision_graph(decision, path)}"
        except GraphUnavailable as err:
            text = faces.sentence(str(err))
        except OSError as err:     # the data folder: a file, full, not ours
            text = f"Could not write the graph to {path}: {err.strerror or err}."
        except Exception as err:   # an export that fails must not end the game
            text = f"Could not write the graph: {type(err).__name__}: {err}"
        self.post_message(self.Said(text))

    def on_fight_screen_said(self, message: Said) -> None:
        """A worker's line on the message line; one too long for it (a long hint, a long
        path) is cut there and written whole to the log."""
        if message.hint:
            self.hints_given[message.position] = message.text
            if self.hint_searching == message.position:
                self.hint_searching = None
        if message.position is None or message.position == self.session.fight.key():
            # (a guess still searching goes to the log once it is the last word)
            shown = self._fit_message(message.text, "… (all of it is in the log)"
                                      if message.hint is not False else "…")
            if shown != message.text and message.hint is not False:
                self.query_one(FightLog).add_line(message.text)
            self.say(shown)
            if message.card is not None:
                self._bring_into_view(message.card)

    def _bring_into_view(self, card: int) -> None:
        """A crowded row that lists the hero's cards scrolls to ``card`` (the one a hint
        names) when it is out of sight and no card cursor holds the row where it is."""
        if self._cursor_on(HERO) is not None:
            return
        row = self.query_one("#hero-cards", CardRow)
        if any(w.index == card and w.display for w in row.query(CardView)):
            return
        self.played = card
        self.refresh_view()

    # ------------------------------------------------------------ the rest

    def action_scroll_log(self, pages: int) -> None:
        self.query_one(FightLog).page(pages)
