"""A run through the dungeon, step by step: start, fight, experience and levels, reward, on
to the next floor, until the boss falls or the hero does.

Every function takes a :class:`~dicey.run.state.RunState` and returns a new one. All chance
is drawn from generators seeded by the run's seed and the place in the dungeon
(:func:`derived_rng`), never from a shared stream, so a run loaded from a save meets the same
enemies, the same fight seeds and the same reward offers as the run that was saved.

>>> derived_rng(7, "fight", 0, 1).random() == derived_rng(7, "fight", 0, 1).random()
True
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from dicey.ai.baseline import load_presets, preset
from dicey.lang.defs import DungeonDef, FighterDef, LevelDef
from dicey.lang.interp import MAX_INT
from dicey.rules.state import MAX_DICE, FighterSetup

from .rewards import apply_reward, make_offers
from .state import FightSummary, Hero, Reward, RunState, loaded_mods


class RunError(ValueError):
    """A run that cannot start or go on (an unknown hero, an empty dungeon, a bad step)."""


def derived_rng(seed: int, *place: Any) -> random.Random:
    """A generator for one place in the run (seeded by text: stable across processes)."""
    return random.Random("/".join(str(p) for p in (seed, *place)))


# ------------------------------------------------------------------ start

def dungeon_of(library: Any, state_or_id: RunState | str) -> DungeonDef:
    ident = state_or_id.dungeon if isinstance(state_or_id, RunState) else state_or_id
    try:
        return library.dungeons[ident]
    except KeyError:
        raise RunError(f"the dungeon '{ident}' is not in the loaded content") from None


def heroes_of(library: Any, dungeon: DungeonDef) -> list[FighterDef]:
    """The heroes a run of this dungeon may start with, in the dungeon's order."""
    ids = dungeon.heroes or tuple(library.heroes)
    return [library.heroes[h] for h in ids if h in library.heroes]


def draw_schedule(dungeon: DungeonDef, seed: int) -> tuple[tuple[str, ...], ...]:
    """Per floor, the enemies to fight in order: ``fights`` drawn from the floor's pool
    (no repeats while the pool lasts), then the boss."""
    floors = []
    for floor in dungeon.floors:
        rng = derived_rng(seed, "floor", floor.number)
        pool = list(floor.enemies)
        if len(pool) >= floor.fights:
            enemies = rng.sample(pool, floor.fights)
        else:
            enemies = [rng.choice(pool) for _ in range(floor.fights)] if pool else []
        enemies += [floor.boss] if floor.boss else []
        if not enemies:
            raise RunError(f"floor {floor.number} of {dungeon.name} has no enemy to fight")
        floors.append(tuple(enemies))
    if not floors:
        raise RunError(f"{dungeon.name} has no floors")
    return tuple(floors)


#: What each difficulty means, in the order the hero screen offers them (None: each
#: enemy's own ``ai:``; a preset a module registers comes after these).
DIFFICULTIES: dict[str | None, str] = {
    None: "each enemy plays its own AI",
    "easy": "every enemy plays easy (the rule of thumb)",
    "normal": "every enemy plays normal (plans its whole turn)",
    "hard": "every enemy plays hard (plans with bigger budgets)",
}


def difficulties() -> list[str | None]:
    """The difficulties a run may have, in order: None, then the AI presets."""
    presets = load_presets()
    known = [d for d in DIFFICULTIES if d is None or d in presets]
    return known + sorted(p for p in presets if p not in DIFFICULTIES)


def difficulty_label(ai: str | None) -> str:
    """A difficulty in words."""
    return DIFFICULTIES.get(ai, f"every enemy plays {ai}")


def new_run(library: Any, hero_id: str, seed: int, dungeon_id: str | None = None,
            ai: str | None = None) -> RunState:
    """A fresh run: the hero as declared, at the first fight of the first floor; ``ai``
    the preset every enemy plays (None: each enemy's own). The run records the mods
    ``library`` loaded."""
    dungeon = library.dungeon if dungeon_id is None else dungeon_of(library, dungeon_id)
    if dungeon is None:
        raise RunError("the loaded content declares no dungeon")
    defn = library.heroes.get(hero_id)
    if defn is None:
        raise RunError(f"unknown hero '{hero_id}'")
    if ai is not None:
        try:
            preset(ai)
        except KeyError as err:
            raise RunError(err.args[0]) from None
    hero = Hero(defn.id, defn.hp, defn.hp, defn.dice, defn.level, 0, defn.equipment)
    return RunState(seed, dungeon.id, hero, draw_schedule(dungeon, seed), ai=ai,
                    mods=loaded_mods(library))


# ------------------------------------------------------------------ a fight

def current_enemy(state: RunState) -> str:
    """The id of the enemy of the next (or current) fight."""
    return state.schedule[state.floor][state.step]


def is_boss_fight(library: Any, state: RunState) -> bool:
    return dungeon_of(library, state).floors[state.floor].boss == current_enemy(state) and \
        state.step == len(state.schedule[state.floor]) - 1


def fight_seed(state: RunState) -> int:
    """The seed of the fight at the run's current place."""
    return derived_rng(state.seed, "fight", state.floor, state.step).getrandbits(32)


def hero_setup(state: RunState) -> FighterSetup:
    """How the hero enters the next fight (HP, dice, level and cards carried so far)."""
    h = state.hero
    return FighterSetup(hp=h.hp, max_hp=h.max_hp, dice=h.dice, level=h.level,
                        equipment=h.equipment)


def enter_fight(state: RunState) -> RunState:
    if state.stage != "map":
        raise RunError(f"cannot start a fight while the run is at '{state.stage}'")
    return replace(state, stage="fight", fight_moves=(), news=())


def finish_fight(library: Any, state: RunState, winner: int | None, turns: int,
                 hero_hp: int) -> RunState:
    """The run after the current fight ended (``winner`` 0: the hero, 1: the enemy, None:
    a draw, which ends the run like a loss). A win gives the enemy's experience, maybe
    levels, and then the reward offers, or victory after the last fight."""
    if state.stage != "fight":
        raise RunError("no fight is under way")
    enemy = library.enemies[current_enemy(state)]
    result = {0: "won", 1: "lost"}.get(winner, "draw")  # type: ignore[arg-type]
    hp = max(0, min(hero_hp, state.hero.max_hp))
    xp = enemy.xp if result == "won" else 0
    hero, news = gain_experience(replace(state.hero, hp=hp),
                                 dungeon_of(library, state).levels, xp)
    summary = FightSummary(state.floor + 1, enemy.id, result, turns, hp, xp, hero.level)
    state = replace(state, hero=hero, fight_moves=(), history=state.history + (summary,),
                    news=news)
    if result != "won":
        return replace(state, stage="lost")
    if _is_last_fight(state):
        return replace(state, stage="won")
    rng = derived_rng(state.seed, "reward", state.floor, state.step)
    offers = make_offers(library, dungeon_of(library, state), state.floor, hero, rng)
    return pass_empty_reward(replace(state, stage="reward", offers=offers))


def _is_last_fight(state: RunState) -> bool:
    return state.floor == len(state.schedule) - 1 and \
        state.step == len(state.schedule[state.floor]) - 1


# ------------------------------------------------------------ experience

def gain_experience(hero: Hero, levels: tuple[LevelDef, ...], xp: int
                    ) -> tuple[Hero, tuple[str, ...]]:
    """The hero with ``xp`` more experience and every level it reaches; the news lines.
    Each level adds its max HP and dice and, as in Dicey Dungeons, restores the hero's HP
    to the full. The dice stop at 24 (the most a fighter rolls), max HP and experience at
    1,000,000 (the language's largest number): a dungeon may declare levels past them, and
    a save holds no more (:func:`dicey.run.saves.decode`).

    >>> h, news = gain_experience(Hero("w", 5, 20, 2), (LevelDef(2, 3, hp=4, dice=1),), 3)
    >>> (h.level, h.hp, h.max_hp, h.dice), news
    ((2, 24, 24, 3), ('Level 2! +4 max HP, +1 die, HP restored',))
    >>> h, news = gain_experience(Hero("w", 5, 20, 24), (LevelDef(2, 3, hp=4, dice=1),), 3)
    >>> h.dice, news
    (24, ('Level 2! +4 max HP, HP restored (24 dice: the most a hero rolls)',))
    """
    hero = replace(hero, xp=min(MAX_INT, hero.xp + xp))
    news: list[str] = []
    for level in sorted(levels, key=lambda lv: lv.level):
        if level.level > hero.level and hero.xp >= level.xp:
            max_hp = min(MAX_INT, hero.max_hp + level.hp)
            dice = min(MAX_DICE, hero.dice + level.dice)
            news.append(_level_news(level.level, max_hp - hero.max_hp, dice - hero.dice,
                                    capped=dice < hero.dice + level.dice))
            hero = replace(hero, level=level.level, max_hp=max_hp, hp=max_hp, dice=dice)
    return hero, tuple(news)


def _level_news(level: int, hp: int, dice: int, capped: bool = False) -> str:
    gains = [f"+{hp} max HP"] if hp else []
    gains += [f"+{dice} {'die' if dice == 1 else 'dice'}"] if dice else []
    most = f" ({MAX_DICE} dice: the most a hero rolls)" if capped else ""
    return f"Level {level}! " + ", ".join(gains + ["HP restored"]) + most


def next_level(hero: Hero, levels: tuple[LevelDef, ...]) -> LevelDef | None:
    """The next level the hero can reach, if any."""
    ahead = [lv for lv in levels if lv.level > hero.level]
    return min(ahead, key=lambda lv: lv.level) if ahead else None


# ---------------------------------------------------------------- rewards

def take_reward(library: Any, state: RunState, index: int) -> RunState:
    """Take offer ``index`` and walk on to the next fight."""
    if state.stage != "reward":
        raise RunError("there is no reward to take")
    if not 0 <= index < len(state.offers):
        raise RunError(f"there is no reward number {index + 1}")
    hero = apply_reward(library, state.hero, state.offers[index])
    return _advance(replace(state, hero=hero, offers=(), news=()))


#: Said (with the news of the fight) when a won fight's reward stage is passed by.
NOTHING_TO_GAIN = ("Nothing to gain from this fight: no reward card left on this floor, "
                   "no card to upgrade, and a heal would heal nothing.")


def gains_nothing(hero: Hero, offers: tuple[Reward, ...]) -> bool:
    """Whether taking any of ``offers`` leaves ``hero`` as it is: the one offer of a floor
    with no reward cards, for a hero with nothing to upgrade, is a heal, and at full HP
    (or with a dungeon's ``heal`` of 0) it heals nothing
    (:func:`~dicey.run.rewards.make_offers`).

    >>> gains_nothing(Hero("w", 20, 20, 2), (Reward("heal", amount=10),))
    True
    >>> gains_nothing(Hero("w", 19, 20, 2), (Reward("heal", amount=10),))
    False
    """
    return all(o.kind == "heal" and min(hero.max_hp, hero.hp + o.amount) <= hero.hp
               for o in offers)


def pass_empty_reward(state: RunState) -> RunState:
    """The run past its reward stage, on to the next fight, when the stage has nothing to
    gain (:func:`gains_nothing`): the player is not asked to choose a useless heal, and
    the news say why there was no reward. Any other run as it is. A save written at such
    a stage (before it was passed by) goes on the same way once loaded."""
    if state.stage != "reward" or not gains_nothing(state.hero, state.offers):
        return state
    return _advance(replace(state, offers=(), news=state.news + (NOTHING_TO_GAIN,)))


def _advance(state: RunState) -> RunState:
    if state.step + 1 < len(state.schedule[state.floor]):
        return replace(state, step=state.step + 1, stage="map")
    return replace(state, floor=state.floor + 1, step=0, stage="map")


def set_hero(state: RunState, hero: Hero) -> RunState:
    """The run with the hero's cards rearranged (inventory), allowed between fights."""
    if state.stage not in ("map", "reward"):
        raise RunError("cards can only be rearranged between fights")
    return replace(state, hero=hero)
