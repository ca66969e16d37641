"""The fighters' own hooks, the poison status, and every pairing fought to the end."""
from __future__ import annotations

import random

import pytest

from dicey.ai.baseline import choose_move
from dicey.lang.chance import SampleChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.headless import run_fight
from dicey.rules.protocol import Move
from dicey.rules.statuses import CORE_DEFAULTS

from content_kit import next_turn, position


def test_poison_hurts_at_turn_start_then_wanes(lib):
    fight = position(lib, ["Sword"], [1])
    events = next_turn(fight, meanwhile=lambda: fight.set_position(0, statuses={"poison": 3}))
    hurt = [e for e in events if isinstance(e, E.Damaged) and e.side == 0]
    assert [(e.amount, e.kind) for e in hurt] == [(3, "hurt")]
    assert fight.fighters[0].statuses == {"poison": 2}


def test_poison_goes_through_shield(lib):
    fight = position(lib, ["Sword"], [1])
    next_turn(fight, meanwhile=lambda: fight.set_position(0, statuses={"poison": 2,
                                                                        "shield": 5}))
    assert fight.fighters[0].hp == 22 and fight.fighters[0].statuses["shield"] == 5


def test_the_knight_comes_to_a_fight_behind_a_shield(lib):
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Knight"), random.Random(0))
    assert fight.fighters[1].statuses == {"shield": 6}


def test_the_dragon_is_enraged_below_half_hp(lib):
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Dragon"), random.Random(0))
    chance = SampleChance(random.Random(0))
    fight.set_position(1, hp=fight.fighters[1].max_hp // 2 - 1)
    fight.begin_turn(chance)
    fight.apply(fight.legal_moves()[-1], chance)      # the Warrior ends its turn
    events = fight.begin_turn(chance)
    assert fight.fighters[1].statuses.get("fury") == 1
    assert any(isinstance(e, E.Said) for e in events)


def test_the_dragon_is_calm_above_half_hp(lib):
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Dragon"), random.Random(0))
    chance = SampleChance(random.Random(0))
    fight.begin_turn(chance)
    fight.apply(fight.legal_moves()[-1], chance)
    fight.begin_turn(chance)
    assert "fury" not in fight.fighters[1].statuses


def test_the_ninja_goes_first(lib):
    fight = Fight.start(lib, lib.hero("Thief"), lib.enemy("Ninja"), random.Random(0))
    assert fight.actor == 1


@pytest.mark.parametrize("hero", ["Warrior", "Thief", "Inventor"])
def test_every_enemy_fights_every_hero_to_the_end_without_a_fault(lib, hero):
    for seed, enemy in enumerate(lib.enemies.values()):
        record = run_fight(lib, lib.hero(hero), enemy, seed, choose_move, choose_move)
        faults = [e.describe() for e in record.events if isinstance(e, E.ScriptFault)]
        assert faults == [] and record.outcome.termination == "knockout", (enemy.name, faults)


def test_enemies_fight_each_other_to_the_end(lib):
    enemies = list(lib.enemies.values())
    for seed, (a, b) in enumerate(zip(enemies, enemies[1:] + enemies[:1])):
        record = run_fight(lib, a, b, seed, choose_move, choose_move)
        assert not [e for e in record.events if isinstance(e, E.ScriptFault)], (a.name, b.name)
        assert record.turns <= 60


def test_each_core_status_lasts_as_rules_md_says(lib):
    # Reduce, dodge and thorns go at the bearer's turn start; burn, freeze, lock, blind,
    # shock, weaken and curse at its turn end; shield, fury, pierce, survive and reequip
    # stay; poison stays and loses one stack at each of the bearer's turn starts.
    f = Fight.start(lib, lib.heroes["warrior"], lib.enemies["frog"], random.Random(1))
    f.set_position(0, statuses={s: 2 for s in CORE_DEFAULTS})
    f.begin_turn(SampleChance(random.Random(1)))
    kept = {"poison": 1, "burn": 2, "freeze": 2, "lock": 2, "blind": 2, "shock": 2,
            "weaken": 2, "curse": 2, "shield": 2, "fury": 2, "pierce": 2, "survive": 2,
            "reequip": 2}
    assert f.fighters[0].statuses == kept
    f.apply(Move.end(), SampleChance(random.Random(2)))
    assert f.fighters[0].statuses == {"poison": 1, "shield": 2, "fury": 2, "pierce": 2,
                                      "survive": 2, "reequip": 2}
