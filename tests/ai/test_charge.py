"""A countdown card's progress in the score: worth a share of what its firing does."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dicey.ai.charge import Charge
from dicey.ai.score import Scorer, Weights
from dicey.ai.search import Expectimax
from dicey.rules.fight import Fight
from rules_kit import LIB, card, fault, fight

#: The table alone, as ai.md gives it.
TABLE = Weights(outlook=0, fatal=0, charge=0)
#: The table and the countdowns' charge.
CHARGED = Weights(outlook=0, fatal=0)
MACHINES = ["Crowbar", "Electromagnet", "Pressure Gauge"]


def robot(library, dice, equipment, *, countdowns=None, warrior_hp=24) -> Fight:
    f = Fight.start(library, library.hero("Warrior"), library.enemy("Robot"), random.Random(3))
    f.set_position(0, hp=warrior_hp, statuses={})
    f.set_position(1, hp=30, dice=dice, equipment=equipment, countdowns=countdowns)
    return f.copy(simulation=True, log=False)


def charge_of(root: Fight, percent: int = 60) -> Charge:
    return Charge(root, 1, percent, Scorer(root, weights=TABLE).table_potential)


def best_line(root: Fight, weights: Weights) -> list[str]:
    search = Expectimax(Scorer(root, weights=weights))
    return [str(step.move) for step in search.best_line(root)]


def test_each_countdown_card_is_worth_what_its_firing_does(library):
    root = robot(library, [5], MACHINES)
    # Electromagnet: 4 damage, and the Pressure Gauge's 1 for a die put in a countdown;
    # Pressure Gauge: 8 damage and its own 1. The Crowbar has no countdown.
    assert charge_of(root).worths == ((1, "electromagnet", 7, 500.0),
                                      (2, "pressure_gauge", 10, 900.0))


def test_a_firing_that_would_kill_is_worth_its_damage_not_the_fight(library):
    dying = robot(library, [5], MACHINES, warrior_hp=2)
    assert charge_of(dying).worths == charge_of(robot(library, [5], MACHINES)).worths


def test_progress_is_worth_the_share_of_the_countdown_done(library):
    fresh = robot(library, [5], MACHINES)
    wound = robot(library, [5], MACHINES, countdowns={"Electromagnet": 3})
    charge = charge_of(fresh)
    assert charge.value(fresh) == 0
    assert charge.value(wound) == pytest.approx(0.6 * 500 * 4 / 7)


def test_the_crowbar_winds_both_machines_before_one_is_fed(library):
    root = robot(library, [5], MACHINES)
    # by the table, 5 points off the Electromagnet and a point of damage beat 5 off both
    assert best_line(root, TABLE) == ["5 → Electromagnet", "end turn"]
    assert best_line(root, CHARGED) == ["5 → Crowbar", "end turn"]


def test_a_sword_hit_now_keeps_the_machines_progress(library):
    root = robot(library, [4, 3], ["Sword", "Electromagnet"])
    # 4 + 3 fire the Electromagnet (4 damage) and leave it at the top again; the Sword does
    # the same 4 and keeps 3 points of progress
    assert best_line(root, TABLE) == ["4 → Electromagnet", "3 → Electromagnet", "end turn"]
    assert best_line(root, CHARGED)[:2] == ["4 → Sword", "3 → Electromagnet"]


def test_a_zero_weight_or_no_countdown_card_switches_it_off(library):
    root = robot(library, [5], MACHINES)
    assert not charge_of(root, percent=0).active
    assert not charge_of(robot(library, [5], ["Crowbar", "Sword"])).active
    plain = Scorer(root, weights=Weights(outlook=0, fatal=0, charge=0))
    charged = Scorer(root, weights=CHARGED)
    wound = robot(library, [5], MACHINES, countdowns={"Pressure Gauge": 2})
    assert charged.potential(wound) - plain.potential(wound) == pytest.approx(0.6 * 900 * 0.8)


def test_it_is_off_when_it_is_not_the_sides_turn(library):
    root = robot(library, [5], MACHINES)
    assert not Charge(root, 0, 60, Scorer(root, 0, TABLE).table_potential).active


def test_every_countdown_card_of_the_game_and_its_mods_is_priced(library):
    countdowns = [c for c in library.equipment.values() if c.countdown is not None]
    assert len(countdowns) >= 4
    for defn in countdowns:
        for name in (defn.name, defn.name + "+") if defn.upgraded else (defn.name,):
            root = robot(library, [3], ["Sword", name])
            (index, ident, length, worth), = charge_of(root).worths
            assert (index, ident) == (1, defn.id)
            assert length == root.fighters[1].cards[1].active.countdown
            assert 0 < worth < 10_000, name         # damage priced, no fight won


def test_a_countdown_card_whose_script_faults_is_worth_nothing_and_plans_go_on():
    broken = card("Broken Gauge", (), fault(), countdown=3)
    lib = replace(LIB, equipment={**LIB.equipment, broken.id: broken})
    f = fight(("broken_gauge", "sword"), ("sword",), lib=lib)
    f.set_position(0, dice=[2, 5])
    root = f.copy(simulation=True, log=False)
    assert not Charge(root, 0, 60, Scorer(root, 0, TABLE).table_potential).active
    assert best_line(root, Weights())[-1] == "end turn"
