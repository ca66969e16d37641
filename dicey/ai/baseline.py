"""The ``easy`` AI: the old rule of thumb, one move at a time, and the registry of AI presets.

The rule: cards left to right; the first card that takes any die gets the best die for it
now (the highest that fits, with a little noise from the rng, plain dice before burning
ones); a shocked card is released only with a die no card could use otherwise; when
nothing fits, end the turn.

``PRESETS`` maps a preset name (what an enemy's ``ai:`` says) to a chooser
``(fight, rng) -> Move``. The planner adds ``normal`` and ``hard`` here; every module in
:mod:`dicey.ai` that registers a preset at import is loaded by :func:`load_presets`.

>>> sorted(PRESETS)[:1]
['easy']
"""
from __future__ import annotations

import importlib
import pkgutil
import random
from typing import Callable

from dicey.lang.chance import Chance
from dicey.lang.errors import did_you_mean
from dicey.rules.events import Event
from dicey.rules.fight import READY, Fight
from dicey.rules.protocol import Move

#: A chooser picks the next move of the fighter to act (it must not change ``fight``).
Chooser = Callable[[Fight, random.Random], Move]

#: How much random noise is added to a die's value when ranking it (< 1: mostly ties).
NOISE = 0.9
#: A turn played by :func:`play_turn` ends after this many moves whatever the chooser says.
MAX_MOVES_PER_TURN = 200


def choose_move(fight: Fight, rng: random.Random) -> Move:
    """The rule of thumb's next move (``Move.end()`` when nothing fits)."""
    moves = fight.legal_moves()
    places = [m for m in moves if m.action == "place" and _affordable(fight, m)]
    for card_index in sorted({m.card_index for m in places}):
        options = [m for m in places if m.card_index == card_index]
        return max(options, key=lambda m: _die_worth(fight, m) + rng.random() * NOISE)
    useful = {(m.die, _flags(fight, m)) for m in places}
    spare = [m for m in moves if m.action == "release" and (m.die, _flags(fight, m))
             not in useful]
    if spare:
        return min(spare, key=lambda m: (m.die, m.card_index))
    return Move.end()


def _flags(fight: Fight, move: Move) -> tuple[bool, bool]:
    die = fight.current.dice[move.die_index]
    return die.burning, die.blind


def _die_worth(fight: Fight, move: Move) -> float:
    die = fight.current.dice[move.die_index]
    value = 3.5 if die.blind else float(die.value)
    return value - (2.5 if die.burning else 0.0)


def _affordable(fight: Fight, move: Move) -> bool:
    """A burning die costs 2 HP: never worth dying for."""
    return not fight.current.dice[move.die_index].burning or fight.current.hp > 2


def play_turn(fight: Fight, rng: random.Random, chance: Chance,
              chooser: Chooser = choose_move) -> list[Event]:
    """Play the actor's whole turn (beginning it if needed); the events."""
    events: list[Event] = []
    if fight.phase == READY:
        events += fight.begin_turn(chance)
    moves = 0
    while not fight.turn_over:
        move = chooser(fight, rng) if moves < MAX_MOVES_PER_TURN else Move.end()
        events += fight.apply(move, chance)
        moves += 1
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


def preset(name: str) -> Chooser:
    """The chooser of a preset; KeyError naming the ones that exist."""
    presets = load_presets()
    if name not in presets:
        known = ", ".join(sorted(presets))
        raise KeyError(f"unknown AI preset '{name}'{did_you_mean(name, presets)} "
                       f"(available: {known})")
    return presets[name]
