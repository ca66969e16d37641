"""Statuses that act on damage: shield, reduce, pierce, thorns, survive; types and traits."""
import random

from dicey.rules.fight import Fight
from rules_kit import LIB, fighter, play, position


def test_shield_absorbs_first_and_persists():
    f = position([5], ["sword"], opp_statuses={"shield": 3})
    events = play(f, "5 → Sword")
    dmg = next(e for e in events if type(e).__name__ == "Damaged")
    assert (dmg.amount, dmg.blocked) == (2, 3) and f.fighters[1].hp == 18
    assert "shield" not in f.fighters[1].statuses


def test_reduce_subtracts_per_instance():
    f = position([5, 3], ["sword", "dagger"], opp_statuses={"reduce": 2})
    play(f, "5 → Sword", "3 → Dagger")
    assert f.fighters[1].hp == 20 - 3 - 1


def test_pierce_card_and_pierce_status_skip_shield():
    f = position([4, 5], ["spear", "sword"], opp_statuses={"shield": 10},
                 statuses={"pierce": 1})
    play(f, "4 → Spear")
    assert f.fighters[1].hp == 16 and f.current.statuses["pierce"] == 1
    play(f, "5 → Sword")
    assert f.fighters[1].hp == 11 and "pierce" not in f.current.statuses
    assert f.fighters[1].statuses["shield"] == 10


def test_thorns_hurt_the_attacker_per_attack():
    f = position([3, 2], ["dagger"], opp_statuses={"thorns": 2})
    play(f, "3 → Dagger", "2 → Dagger")
    assert f.current.hp == 26


def test_survive_leaves_one_hp_once():
    f = position([6, 6], ["sword", "dagger"], opp_hp=4, opp_statuses={"survive": 1})
    play(f, "6 → Sword")
    assert f.fighters[1].hp == 1 and not f.is_over
    assert "survive" not in f.fighters[1].statuses


def test_recoil_hurts_the_owner_through_shield():
    f = position([4], ["boomerang"], statuses={"shield": 1})
    play(f, "4 → Boomerang")
    assert f.fighters[1].hp == 12 and f.current.hp == 27


def test_strong_halves_weak_doubles_immune_ignores():
    def hit(card, **traits):
        foe = fighter("Slime", hp=30, equipment=("sword",), kind="enemy", **traits)
        f = Fight.start(LIB, fighter(equipment=(card,)), foe, random.Random(1))
        f.set_position(0, dice=[5])
        play(f, f"5 → {f.current.cards[0].name}")
        return 30 - f.fighters[1].hp

    assert hit("fire_blade", strong=frozenset({"fire"})) == 2
    assert hit("fire_blade", weak=frozenset({"fire"})) == 10
    assert hit("ice_blade", immune=frozenset({"ice"})) == 0
    assert hit("sword", immune=frozenset({"ice"})) == 5


def test_knockout_ends_the_fight_at_once():
    f = position([6, 6], ["sword", "dagger"], opp_hp=5)
    events = play(f, "6 → Sword")
    assert f.is_over and f.outcome.winner == 0 and f.outcome.termination == "knockout"
    assert [type(e).__name__ for e in events][-2:] == ["Died", "FightEnded"]
    assert f.legal_moves() == [] and f.turn_over
