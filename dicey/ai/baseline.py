"""The ``easy`` AI: the old rule of thumb, one move at a time, and the registry of AI presets.

The rule: cards left to right; the first card that takes any die gets the best die for it
now (the highest that fits, with a little noise from the rng, plain dice before burning
ones), and a ready button (a card that takes no die) is used when its turn in that order
comes; a shocked card is released only with a die no card could use otherwise; a card
whose use may change nothing (one that gives its die back) is not used twice in a row;
when nothing fits, end the turn.

``PRESETS`` maps a preset name (what an enemy's ``ai:`` says) to a chooser
``(fight, rng) -> Move``. The planner adds ``normal`` and ``hard`` here; every module in
:mod:`dicey.ai` that registers a preset at import is loaded by :func:`load_presets`.

>>> sorted(PRESETS)[:1]
['easy']
"""
from __future__ import annotations

import importlib
import math
import pkgutil
import random
from typing import Callable

from dicey.lang.chance import Chance
from dicey.lang.errors import did_you_mean
from dicey.rules.events import Event
from dicey.rules.fight import READY, Fight
from dicey.rules.state import ENDS_TURN, Fighter, ends_turn
from dicey.rules.protocol import Move

#: A chooser picks the next move of the fighter to act (it must not change ``fight``).
Chooser = Callable[[Fight, random.Random], Move]

#: How much random noise is added to a die's value when ranking it (< 1: mostly ties).
NOISE = 0.9


def choose_move(fight: Fight, rng: random.Random | None) -> Move:
    """The rule of thumb's next move (``Move.end()`` when nothing fits).

    Every playout and every coming turn the planner imagines runs this, so it is one pass
    over the legal moves, which come card by card in the cards' order: the first card that
    takes a die it can afford is the one, and its best die the move (each die's worth drawn
    with its noise in that order). A burning die costs 2 HP: never worth dying for.

    ``rng=None`` is the rule without its noise (the first of equal dice): a function of
    the state alone, as MCTS's playouts use it."""
    moves = fight.legal_moves()
    f = fight.current
    dice, rich = f.dice, f.hp > 2
    best, best_worth, card = None, -math.inf, -1
    release = None
    # A card that may end the turn (end_turn()) is played last, when no other takes a
    # die: the dice left then are lost. Most fighters hold none (one look in a set).
    last = None
    if ENDS_TURN in f.card_events():
        moves, last = _without_enders(f, moves)
    # A card whose use may change nothing (FightRules.idle: one that gives its die back) is
    # not used twice in a row: fed the 1 it gives back, it would go round to the turn's
    # move limit. Most libraries hold none (one look at an empty set).
    if fight.rules.idle and len(f.used) > 1 and \
            id(f.cards[f.used[-1]].active) in fight.rules.idle:
        again = f.used[-1]
        moves = [move for move in moves if move.card_index != again or move.is_end]
    for move in moves:
        action = move.action
        if action == "place":
            die = dice[move.die_index]
            if die.burning and not rich:
                continue
            if card < 0:
                card = move.card_index
            elif move.card_index != card:
                break
            value = 3.5 if die.blind else float(die.value)
            worth = value - (2.5 if die.burning else 0.0)
            if rng is not None:
                worth += rng.random() * NOISE
            if worth > best_worth:
                best, best_worth = move, worth
        elif action == "release":
            burning = dice[move.die_index].burning
            if burning and not rich:
                continue
            rank = (burning, move.die, move.card_index)
            if release is None or rank < release[0]:
                release = (rank, move)
    # Use moves come last but the end (legal_moves), one per ready button, in the cards'
    # order: the first is used if no card before it takes a die. (A fighter without a
    # button has none: one look at the move before the end.)
    if len(moves) > 1 and moves[-2].action == "use":
        first = len(moves) - 2
        while first > 0 and moves[first - 1].action == "use":
            first -= 1
        if best is None or moves[first].card_index < card:
            return moves[first]
    if best is not None:
        return best
    # No card takes a die: a shocked card is released with the lowest die, a plain one
    # before a burning one (releasing with a burning die costs 2 HP too); then a card
    # that ends the turn.
    if release is not None:
        return release[1]
    if last is None or last.action == "place" and dice[last.die_index].burning and not rich:
        return Move.end()
    return last


def _without_enders(f: Fighter, moves: list[Move]) -> tuple[list[Move], Move | None]:
    """``moves`` but those that place a die on (or use) a card that may end the turn, and
    the one of those to make when nothing else is left: on the first such card, its
    highest plain die."""
    enders = {i for i, c in enumerate(f.cards) if not c.gone and ends_turn(c.active)}
    kept, last = [], None
    for move in moves:
        if move.card_index not in enders or move.action == "release":
            kept.append(move)
        elif last is None or (move.card_index == last.card_index and move.action == "place"
                              and _rank(f, move) > _rank(f, last)):
            last = move
    return kept, last


def _rank(f: Fighter, move: Move) -> tuple[bool, int]:
    die = f.dice[move.die_index]
    return not die.burning, die.value


def play_turn(fight: Fight, rng: random.Random, chance: Chance,
              chooser: Chooser = choose_move) -> list[Event]:
    """Play the actor's whole turn (beginning it if needed); the events."""
    events: list[Event] = []
    if fight.phase == READY:
        events += fight.begin_turn(chance)
    while not fight.turn_over:   # (past its move limit a turn has only the end to play)
        events += fight.apply(chooser(fight, rng), chance)
    return events


PRESETS: dict[str, Chooser] = {"easy": choose_move}


def load_presets() -> dict[str, Chooser]:
    """Every registered preset, after importing the other :mod:`dicey.ai` modules (which
    add theirs to :data:`PRESETS` when imported)."""
    import dicey.ai as package
    for module in pkgutil.iter_modules(package.__path__):
        if not module.name.startswith("_") and module.name != "baseline":
            importlib.import_module(f"{package.__name__}.{module.name}")
    return PRESETS


def unknown_preset(name: str, known=None) -> str:
    """What to say of a preset name that is none (``known``: the presets there are, by
    default every registered one): the one meant, or else those there are.

    >>> unknown_preset("nromal")
    "unknown AI preset 'nromal' (did you mean 'normal'?)"
    >>> unknown_preset("genius", ["easy", "normal"])
    "unknown AI preset 'genius' (available: easy, normal)"
    """
    known = sorted(load_presets() if known is None else known)
    close = did_you_mean(name, known) or f" (available: {', '.join(known)})"
    return f"unknown AI preset '{name}'{close}"


def preset(name: str) -> Chooser:
    """The chooser of a preset; KeyError naming the one meant or the ones that exist."""
    presets = load_presets()
    if name not in presets:
        raise KeyError(unknown_preset(name, presets))
    return presets[name]
