"""Moves as the planner keeps them: a choice that means the same in any equal position.

A :class:`~dicey.rules.protocol.Move` names its die and card by index in one state. Two
positions with equal keys hold the same dice and cards, but maybe in another order (dice
leave the pool in the order they were spent), so a plan remembers each move as a
:data:`Choice` — action, die value and flags, the card's state — and finds the matching
legal move in the position it meets. Equal dice and identical cards were already one choice
(:meth:`Fight.legal_moves`).
"""
from __future__ import annotations

import random
from typing import Callable, Hashable, NamedTuple

from dicey.lang.chance import SampleChance, TooManyOutcomes
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move

Choice = tuple


def choice_key(fight: Fight, move: Move) -> Choice:
    """What a move means in ``fight`` independently of die indexes: the action, the die's
    value and flags, and the card's :func:`~dicey.rules.state.code` (its state, not its
    place); a use move, which takes no die, only the action and the card's code.

    >>> choice_key(None, Move.end())
    ('end',)
    """
    if move.action == "end":
        return _END
    f = fight.fighters[fight.actor]
    return _choice(move, f.dice, f.card_codes())


def legal_choices(fight: Fight) -> list[tuple[Choice, Move]]:
    """Every legal move with its :func:`choice_key` (what MCTS asks at every node)."""
    f = fight.fighters[fight.actor]
    dice, codes = f.dice, f.card_codes()
    return [(_choice(move, dice, codes), move) for move in fight.legal_moves()]


_END: Choice = ("end",)


def _choice(move: Move, dice: list, codes: list[int]) -> Choice:
    action = move.action
    if action == "end":
        return _END
    if action == "use":        # a button: no die, only the card
        return (action, codes[move.card_index])
    die = dice[move.die_index]
    return (move.action, move.die, die.burning, die.blind, codes[move.card_index])


def match_move(fight: Fight, choice: Choice) -> Move | None:
    """The legal move of ``fight`` that makes ``choice`` (None if there is none)."""
    for key, move in legal_choices(fight):
        if key == choice:
            return move
    return None


class Step(NamedTuple):
    """One move of a plan: the move as planned, its choice, the key it should lead to."""

    move: Move
    choice: Choice
    expect: Hashable


def likeliest(outcomes: list[tuple[float, Fight]]) -> Fight:
    """The most probable outcome (the first of equals)."""
    best = outcomes[0]
    for outcome in outcomes[1:]:
        if outcome[0] > best[0]:
            best = outcome
    return best[1]


def move_text(fight: Fight, move: Move) -> str:
    """``move`` in words, its card as it reads in ``fight`` (``4 → Dagger+``: a move holds
    the card's name, which an upgrade keeps)."""
    if move.is_end:
        return str(move)
    cards = fight.fighters[fight.actor].cards
    if 0 <= move.card_index < len(cards) and cards[move.card_index].defn.name == move.card:
        return move.said(cards[move.card_index].title)
    return str(move)


def line_texts(fight: Fight, moves: list[Move]) -> list[str]:
    """Each move of a line in words (:func:`move_text`), in the state the line reaches; a
    move that ends the turn by itself (a card that calls ``end_turn()``) says so, and
    whether dice are lost with it."""
    return [ended_text(text, cut) for text, cut, _ in line_steps(fight, moves)]


def ended_text(text: str, cut: int | None) -> str:
    """A line's move in words (``text``) and, when it ends the turn by itself (``cut``:
    the dice lost with it, see :func:`dice_lost_ending`), that it does.

    >>> ended_text("6 → Haymaker", 1), ended_text("3 → Sword", None)
    ('6 → Haymaker (ends the turn; the dice left are lost)', '3 → Sword')
    """
    return text + ("" if cut is None else " (ends the turn; the dice left are lost)"
                   if cut else " (ends the turn)")


class ChanceTaken(NamedTuple):
    """The outcome a line follows past a move whose result is random: of how many
    (``outcomes``; None when too many to count: one was drawn, see
    :func:`likeliest_result`), its probability (None then too) and the dice it gave the
    mover (``given``, as the game writes them; empty when it gave none)."""

    outcomes: int | None
    probability: float | None
    given: tuple[str, ...]

    @property
    def said(self) -> str:
        """The outcome followed, in words: ``gives 1, 4``, or else ``the likeliest``.

        >>> ChanceTaken(2, 0.5, ("1", "4")).said, ChanceTaken(3, 0.5, ()).said
        ('gives 1, 4', 'the likeliest')
        >>> ChanceTaken(None, None, ()).said
        'one drawn'
        """
        if self.given:
            return f"gives {', '.join(self.given)}"
        return "the likeliest" if self.outcomes is not None else "one drawn"


class LineStep(NamedTuple):
    """One move of a line as :func:`line_steps` reads it: the move in words, the dice
    lost with it when it ends the turn by itself (else None), and, when its result is
    random, the outcome the line follows (else None)."""

    text: str
    cut: int | None
    chance: ChanceTaken | None


def line_steps(fight: Fight, moves: list[Move]) -> list[LineStep]:
    """Each move of a line in words, in the state the line reaches, with, for a move that
    ends the turn by itself, how many dice are lost with it (None for any other), and, for
    a move whose result is random, the outcome the line follows (its likeliest: what
    :func:`follow` follows, and the planner's lines)."""
    out: list[LineStep] = []
    state = fight
    for move in moves:
        text, cut, chance = move_text(state, move), None, None
        if not move.is_end and not state.turn_over:
            before = state
            state, chance = _followed(state, move)
            cut = dice_lost_ending(before, move, state)
        out.append(LineStep(text, cut, chance))
    return out


def _followed(fight: Fight, move: Move) -> tuple[Fight, ChanceTaken | None]:
    """:func:`likeliest_result` of ``move``, and what it is among the others when the
    move's result is random (None when certain)."""
    try:
        outcomes = fight.outcomes(move)
    except TooManyOutcomes:
        after = likeliest_result(fight, move)
        return after, ChanceTaken(None, None, _given(fight, move, after))
    after = likeliest(outcomes)
    if len(outcomes) == 1:
        return after, None
    p = next(p for p, result in outcomes if result is after)
    return after, ChanceTaken(len(outcomes), float(p), _given(fight, move, after))


def _given(before: Fight, move: Move, after: Fight) -> tuple[str, ...]:
    """The dice the mover holds after ``move`` that it did not hold before (the die the
    move took set aside), as the game writes them, in the order they are held."""
    side = before.actor
    left = list(before.fighters[side].dice)
    if move.action != "use" and 0 <= move.die_index < len(left):
        del left[move.die_index]
    given = []
    for die in after.fighters[side].dice:
        if die in left:
            left.remove(die)
        else:
            given.append(die.label)
    return tuple(given)


def dice_lost_ending(before: Fight, move: Move, after: Fight) -> int | None:
    """When ``move``, made in ``before``, ended the turn by itself in ``after`` (a card
    whose script calls ``end_turn()``), the dice of the pool that go with the turn; None
    when it did not: ``end turn`` itself, a move after which the turn goes on, a move that
    ended the fight. The one place the AI's lines, plans and graphs ask this.

    >>> dice_lost_ending(None, Move.end(), None) is None
    True
    """
    if move.is_end or not after.turn_over or after.is_over:
        return None
    return max(0, len(before.fighters[before.actor].dice) - (move.action != "use"))


#: The seed of the draw that stands for a move whose outcomes are too many to count.
DRAW_SEED = 0


def likeliest_result(fight: Fight, move: Move) -> Fight:
    """The likeliest result of ``move`` in ``fight`` (``fight`` is not changed). A move
    with more outcomes than can be counted (a card that rolls five dice: 7,776 ways) has
    none likelier than the others: one is drawn, with a fixed seed, so that the same
    position gives the same line."""
    try:
        return likeliest(fight.outcomes(move))
    except TooManyOutcomes:
        drawn = fight.copy()
        drawn.apply(move, SampleChance(random.Random(DRAW_SEED)))
        return drawn


def follow(root: Fight, pick: Callable[[Fight], Move]) -> list[Step]:
    """The line ``pick`` plays from ``root`` to the end of the turn, each move's likeliest
    outcome taken (``root`` is not changed). A move back to a state already on the line (a
    loop, see :meth:`dicey.ai.search.Expectimax.value`) is followed by the end of the turn."""
    line: list[Step] = []
    fight, seen = root, set()
    while not fight.turn_over:
        key = fight.key()
        move = Move.end() if key in seen else pick(fight)
        seen.add(key)
        after = likeliest_result(fight, move)
        line.append(Step(move, choice_key(fight, move), after.key()))
        fight = after
    return line
