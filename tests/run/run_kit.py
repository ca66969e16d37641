"""A small hand-made dungeon for run tests: the rules tests' cards (``rules_kit``), three
enemies, two heroes and two floors with a boss, so runs are tested apart from the content.

``autoplay_fight`` plays a fight of a run to its end with the ``easy`` AI on both sides,
the way the game's screen plays it (through :class:`~dicey.run.session.FightSession`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from dicey.ai.baseline import choose_move
from dicey.lang.defs import DungeonDef, FighterDef, FloorDef, LevelDef
from dicey.run import progress
from dicey.run.session import FightSession, open_fight
from dicey.run.state import RunState
from rules_kit import Lib, fighter


def _heroes() -> dict[str, FighterDef]:
    warrior = replace(fighter("Warrior", hp=30, dice=3, equipment=("sword", "shield")),
                      grid=4)
    weakling = replace(fighter("Weakling", hp=3, dice=1, equipment=("dagger",)), grid=4)
    return {h.id: h for h in (warrior, weakling)}


def _enemies() -> dict[str, FighterDef]:
    frog = replace(fighter("Frog", hp=8, dice=2, equipment=("dagger",), kind="enemy"), xp=2)
    rat = replace(fighter("Rat", hp=6, dice=1, equipment=("dagger",), kind="enemy"), xp=1)
    dragon = replace(fighter("Dragon", hp=12, dice=2, equipment=("sword",), kind="enemy"),
                     xp=5)
    return {e.id: e for e in (frog, rat, dragon)}


def _dungeon() -> DungeonDef:
    floors = (FloorDef(1, 2, ("frog", "rat"), ("hammer", "rock", "dagger")),
              FloorDef(2, 1, ("rat",), ("broadsword", "spatula"), boss="dragon"))
    levels = (LevelDef(2, 2, hp=4, dice=1), LevelDef(3, 6, hp=4))
    return DungeonDef("the_pit", "The Pit", floors, ("warrior", "weakling"), levels, heal=10)


@dataclass
class RunLib(Lib):
    """A library-shaped object with heroes, enemies and a dungeon."""

    heroes: dict[str, FighterDef] = field(default_factory=_heroes)
    enemies: dict[str, FighterDef] = field(default_factory=_enemies)
    dungeons: dict[str, DungeonDef] = field(default_factory=lambda: {"the_pit": _dungeon()})

    @property
    def dungeon(self) -> DungeonDef:
        return self.dungeons["the_pit"]


LIB = RunLib()


def start_session(lib: Any, state: RunState, moves=()) -> FightSession:
    """The fight at the run's current place, replayed through ``moves``."""
    return open_fight(lib, replace(state, fight_moves=tuple(moves)))


def autoplay(session: FightSession, max_moves: int | None = None) -> FightSession:
    """Both sides play ``easy`` until the fight ends (or ``max_moves`` more moves)."""
    made = 0
    while not session.over and (max_moves is None or made < max_moves):
        session.play(session.next_ai_move(choose_move))
        made += 1
    return session


def finish(lib: Any, state: RunState, session: FightSession) -> RunState:
    f = session.fight
    return progress.finish_fight(lib, state, session.winner, f.outcome.turns,
                                 f.fighters[0].hp)


def play_run(lib: Any, state: RunState, reward: int = 0) -> RunState:
    """Play the run to its end: every fight by ``easy``, always taking offer ``reward``."""
    while not state.finished:
        if state.stage == "reward":
            state = progress.take_reward(lib, state, min(reward, len(state.offers) - 1))
            continue
        state = progress.enter_fight(state)
        state = finish(lib, state, autoplay(start_session(lib, state)))
    return state
