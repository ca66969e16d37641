"""Weakened cards (their ``weakened`` block, else stricter slots) and upgraded cards."""
import random

from dicey.rules.fight import Fight
from dicey.rules.state import FighterSetup
from rules_kit import LIB, fighter, play, position


def placeable(f, card):
    return sorted(m.die for m in f.legal_moves() if m.action == "place" and m.card == card)


def test_weakened_card_without_block_gets_stricter_slots():
    f = position([1, 2, 3, 4, 5, 6], ["sword", "dagger", "magic_missile", "min_card"],
                 weakened=["Sword", "Dagger", "Magic Missile", "Min Card"])
    assert placeable(f, "Sword") == [1, 2, 3, 4, 5]
    assert placeable(f, "Dagger") == [1, 2]
    assert placeable(f, "Magic Missile") == [6]
    assert placeable(f, "Min Card") == [5, 6]


def test_weakened_block_replaces_slots_and_hooks():
    f = position([1, 6], ["weak_blade"], weakened=["Weak Blade"])
    assert placeable(f, "Weak Blade") == [1]
    play(f, "1 → Weak Blade")
    assert f.fighters[1].hp == 19


def test_weakness_lasts_one_turn():
    from rules_kit import sample
    f = position([6], ["sword"], weakened=["Sword"])
    play(f, "end")
    f.begin_turn(sample(1))
    play(f, "end")
    f.begin_turn(sample(2))
    assert not f.current.cards[0].weakened


def test_upgraded_card_uses_its_upgraded_definition():
    f = Fight.start(LIB, fighter(), fighter("Frog"), random.Random(1),
                    hero_state=FighterSetup(equipment=("Sword+",)))
    card = f.fighters[0].cards[0]
    assert card.upgraded and card.defn.size == 1
    f.set_position(0, dice=[4])
    play(f, "4 → Sword")
    assert f.fighters[1].hp == 25


def test_the_log_names_an_upgraded_card_as_its_face_does():
    # "Warrior uses Sword" for a card that shows "Sword+"; moves still name it "Sword"
    f = Fight.start(LIB, fighter(), fighter("Frog"), random.Random(1),
                    hero_state=FighterSetup(equipment=("Sword+",)))
    f.set_position(0, dice=[4])
    lines = [e.describe() for e in play(f, "4 → Sword")]
    assert "Warrior puts 4 on Sword+" in lines and "Warrior uses Sword+ (d = 4)" in lines


def test_setup_overrides_hp_max_hp_and_dice():
    f = Fight.start(LIB, fighter(hp=30, dice=3), fighter("Frog"), random.Random(1),
                    hero_state=FighterSetup(hp=12, max_hp=40, dice=5))
    w = f.fighters[0]
    assert (w.hp, w.max_hp, w.dice_count) == (12, 40, 5)


def test_a_countdown_s_firing_does_not_name_a_d_it_was_not_given():
    """'Inventor uses Electromagnet (d = 7)' read as the dice poured in (5 and 4): a
    countdown fires with no dice on it, and the 7 is its length."""
    from dicey.rules.events import Fired
    assert Fired(0, "Inventor", "Electromagnet", 7).describe() == "Inventor uses Electromagnet"
    assert Fired(0, "Warrior", "Sword", 5, (5,)).describe() == "Warrior uses Sword (d = 5)"
