"""Rough balance, counted over seeded fights with the rule-of-thumb AI on both sides: a new
hero wins most floor-1 fights, and the boss beats most heroes who reach it.

These are counts of wins over fixed seeds (deterministic), not timings. ``dicey sim`` gives
the full report; these only catch content changes that break the dungeon's difficulty curve.
"""
from __future__ import annotations

import pytest

from dicey.ai.baseline import choose_move
from dicey.rules.headless import run_fight
from dicey.rules.state import FighterSetup

SEEDS = range(20)


def wins(lib, hero, enemy, setup: FighterSetup | None = None) -> int:
    """How many of the seeded fights the hero wins."""
    return sum(run_fight(lib, hero, enemy, seed, choose_move, choose_move,
                         hero_state=setup).outcome.winner == 0 for seed in SEEDS)


def level_setup(lib, hero, xp: int) -> FighterSetup:
    """The hero's max HP and dice once it has ``xp`` experience (its starting kit)."""
    reached = [lv for lv in lib.dungeon.levels if lv.xp <= xp]
    return FighterSetup(max_hp=hero.hp + sum(lv.hp for lv in reached),
                        dice=hero.dice + sum(lv.dice for lv in reached))


@pytest.mark.parametrize("hero", ["Warrior", "Thief", "Inventor"])
def test_a_new_hero_wins_most_floor_one_fights(lib, hero):
    for enemy in lib.dungeon.floors[0].enemies:
        assert wins(lib, lib.hero(hero), lib.enemies[enemy]) >= 0.6 * len(SEEDS), enemy


@pytest.mark.parametrize("hero", ["Warrior", "Thief", "Inventor"])
def test_the_boss_beats_most_heroes_at_the_top_level(lib, hero):
    dungeon = lib.dungeon
    boss = lib.enemies[dungeon.floors[-1].boss]
    setup = level_setup(lib, lib.hero(hero), dungeon.levels[-1].xp)   # the top level
    assert wins(lib, lib.hero(hero), boss, setup) <= 0.4 * len(SEEDS)
