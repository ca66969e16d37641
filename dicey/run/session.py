"""One fight of a run as the player meets it: the engine's fight, its seeded chance, the
moves made so far and every event, with the next turn begun automatically.

The session records each move as it was made (with its die and card indexes; a move
without them resolves the same way again from the same position), so a fight saved halfway
is rebuilt by :meth:`FightSession.replay`: the same seed and the same moves give the same
fight, event for event, without asking the AI again. The enemy's choices draw from a
generator derived from the fight's seed, the turn and the move number
(:meth:`FightSession.ai_rng`), so they do not depend on when the fight was saved.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from dicey.lang.chance import SampleChance
from dicey.lang.defs import FighterDef
from dicey.rules.events import Event
from dicey.rules.fight import MAX_MOVES_PER_TURN, READY, Fight
from dicey.rules.protocol import Move, MoveError
from dicey.rules.state import Die, FighterSetup

from . import progress
from .state import RunState

#: The side the player controls.
HERO, ENEMY = 0, 1
#: What replaying a saved fight raises when the content changed under it (a card gone or
#: changed, so a saved move is no longer legal).
REPLAY_FAILURES = (MoveError, ValueError, KeyError)

Chooser = Callable[[Fight, random.Random], Move]


class FightSession:
    """A fight under way: ``fight`` (the engine's state), ``events`` (all so far) and
    ``moves`` (all so far, both sides, in order)."""

    def __init__(self, library: Any, hero: FighterDef, enemy: FighterDef, seed: int,
                 setup: FighterSetup | None = None):
        self.seed = seed
        self._start = (library, hero, enemy, seed, setup)     # (turn_so_far replays it)
        rng = random.Random(seed)
        self.chance = SampleChance(rng)
        self.fight = Fight.start(library, hero, enemy, rng, hero_state=setup)
        self.events: list[Event] = list(self.fight.start_events)
        self.moves: list[Move] = []
        self.events += self._next_turn()

    @classmethod
    def replay(cls, library: Any, hero: FighterDef, enemy: FighterDef, seed: int,
               setup: FighterSetup | None, moves: Iterable[Move]) -> "FightSession":
        """The session after ``moves`` (as :attr:`moves` recorded them) from the start."""
        session = cls(library, hero, enemy, seed, setup)
        for move in moves:
            session.play(move)
        return session

    def turn_so_far(self) -> list[tuple[list[Die], Move, list[Die]]]:
        """The moves the fighter to act has made this turn, each with its dice before and
        after it (what a screen opened on a turn under way, a run continued, needs to
        number the dice as they were numbered), replayed from the start: [] at a turn's
        beginning."""
        now = self.fight
        if now.turn_moves == 0 or now.is_over:
            return []
        replay = FightSession(*self._start)
        out = []
        for move in self.moves:
            f = replay.fight
            mine = f.turn == now.turn and f.actor == now.actor
            before = list(f.fighters[f.actor].dice) if mine else []
            replay.play(move)
            if mine:
                out.append((before, move, list(replay.fight.fighters[now.actor].dice)))
        return out

    def _next_turn(self) -> list[Event]:
        if self.fight.phase == READY and not self.fight.is_over:
            return self.fight.begin_turn(self.chance)
        return []

    # ------------------------------------------------------------ playing

    def play(self, move: Move) -> list[Event]:
        """Make ``move`` for the fighter to act (IllegalMoveError if it cannot be made);
        the events it caused, the next turn's beginning included."""
        events = self.fight.apply(move, self.chance)
        self.moves.append(move)
        events += self._next_turn()
        self.events += events
        return events

    def ai_rng(self) -> random.Random:
        """The generator for the actor's next choice (fixed by the seed and the place)."""
        f = self.fight
        return random.Random(f"{self.seed}/ai/{f.turn}/{f.turn_moves}")

    def ask(self, chooser: Chooser) -> Callable[[], Move]:
        """A question for ``chooser`` about the actor's next move, posed now: the call it
        returns works on a copy of the fight taken now, so it may run in another thread
        while this session is read. Past :data:`MAX_MOVES_PER_TURN` the answer is
        ``end turn``."""
        if self.fight.turn_moves >= MAX_MOVES_PER_TURN:
            return Move.end
        position, rng = self.fight.copy(), self.ai_rng()
        return lambda: chooser(position, rng)

    def next_ai_move(self, chooser: Chooser) -> Move:
        """What ``chooser`` plays next for the actor (asked and answered at once)."""
        return self.ask(chooser)()

    # ------------------------------------------------------------ reading

    @property
    def over(self) -> bool:
        return self.fight.is_over

    @property
    def actor(self) -> int:
        return self.fight.actor

    @property
    def hero_to_act(self) -> bool:
        return not self.fight.turn_over and self.fight.actor == HERO

    @property
    def enemy_to_act(self) -> bool:
        return not self.fight.turn_over and self.fight.actor == ENEMY

    @property
    def winner(self) -> int | None:
        outcome = self.fight.outcome
        return None if outcome is None else outcome.winner


def open_fight(library: Any, state: RunState) -> FightSession:
    """The fight at the run's current place, with the moves already made in it replayed."""
    hero = library.heroes[state.hero.id]
    enemy = library.enemies[progress.current_enemy(state)]
    return FightSession.replay(library, hero, enemy, progress.fight_seed(state),
                               progress.hero_setup(state), state.fight_moves)
