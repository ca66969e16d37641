"""The fight ends the moment a fighter is at 0 HP: whoever gets there first loses, and
nothing after that moment happens (rules.md, step 6; language.md, the damage built-ins)."""
import random

from dicey.lang.chance import FixedChance
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from rules_kit import Lib, PyScript, card, fighter, kinds, play, position, sample


def _kit_with(*cards):
    lib = Lib()
    for c in cards:
        lib.equipment[c.id] = c
    return lib


def test_a_boomerang_that_kills_does_not_come_back():
    # attack(2d) then recoil(d): the target is at 0 first, so the recoil never lands,
    # even on an owner it would have killed.
    f = position([5], ["boomerang"], hp=3, opp_hp=10)
    events = play(f, "5 → Boomerang")
    assert f.outcome.winner == 0 and f.current.hp == 3
    assert kinds(events).count("Damaged") == 1 and kinds(events)[-2:] == ["Died", "FightEnded"]


def test_an_owner_that_falls_first_loses_and_its_attack_never_lands():
    # hurt_self then attack: both would be at 0, but the owner gets there first.
    reckless = card("Reckless", on_use=lambda c: (c.hurt_self(5), c.attack(c.d)))
    f = Fight.start(_kit_with(reckless), fighter(equipment=("reckless",)),
                    fighter("Frog", hp=20), random.Random(1))
    f.set_position(1, hp=3)
    f.set_position(0, hp=5, dice=[6])
    play(f, "6 → Reckless")
    assert f.outcome.winner == 1 and f.fighters[1].hp == 3 and f.fighters[0].hp == 0


def test_thorns_do_not_answer_a_killing_blow():
    f = position([6], ["sword"], hp=1, opp_hp=6, opp_statuses={"thorns": 5})
    play(f, "6 → Sword")
    assert f.outcome.winner == 0 and f.fighters[0].hp == 1


def test_thorns_can_kill_the_attacker():
    f = position([3], ["sword"], hp=2, opp_statuses={"thorns": 2})
    events = play(f, "3 → Sword")
    assert f.outcome.winner == 1 and f.fighters[1].hp == 17
    assert [e.kind for e in events if type(e).__name__ == "Damaged"] == ["attack", "thorns"]


def test_a_burning_die_that_kills_its_owner_fires_nothing():
    f = position([6], ["sword"], burning=[0], hp=2, opp_hp=6)
    events = play(f, "6 → Sword")
    assert f.outcome.winner == 1 and f.fighters[1].hp == 6 and "Fired" not in kinds(events)


def test_poison_kills_at_the_turn_start_before_anything_else():
    f = Fight.start(Lib(), fighter(equipment=("sword",)), fighter("Frog"), random.Random(1))
    f.set_position(0, hp=3, statuses={"poison": 3, "shield": 9})
    events = f.begin_turn(sample(1))
    assert f.outcome.winner == 1 and f.outcome.termination == "knockout"
    assert kinds(events) == ["TurnStarted", "Damaged", "Died", "FightEnded"]
    assert f.fighters[0].statuses["poison"] == 3   # its −1 never comes


def test_nothing_changes_after_the_knockout():
    # the rest of the killing card's script runs into a fight that is over
    after = card("After", on_use=lambda c: (c.attack(c.d), c.gain("shield", 5),
                                            c.give(3), c.inflict("poison", 2)))
    f = Fight.start(_kit_with(after), fighter(equipment=("after",)), fighter("Frog"),
                    random.Random(1))
    f.set_position(1, hp=4)
    f.set_position(0, dice=[6])
    events = play(f, "6 → After")
    assert f.is_over and kinds(events) == ["Placed", "Fired", "Damaged", "Died",
                                           "FightEnded"]
    assert f.fighters[0].statuses == {} and f.fighters[1].statuses == {}
    assert f.fighters[0].dice == [] and f.legal_moves() == []


def test_a_burn_that_may_end_the_fight_is_random_when_a_fight_end_hook_is():
    # The burn kills, the fight ends, and an `on fight end` hook meets a chance point: the
    # move must not be said certain (the AI would skip its outcomes).
    omen = card("Omen", on_use=lambda c: None, hooks={
        "on fight end": PyScript(lambda c: c.roll(1, 6), True, "on fight end")})
    lib = _kit_with(omen)
    for cards, move in ((("lucky_7", "omen"), "5 → Lucky 7"),
                        (("spatula", "omen"), "release Spatula with 5")):
        f = Fight.start(lib, fighter(equipment=cards), fighter("Frog"), random.Random(1))
        f.set_position(0, hp=2, dice=[5], burning=[0], shocked=["Spatula"] if
                       "spatula" in cards else ())
        chance = FixedChance()
        f.copy().apply(Move.parse(move), chance)
        assert chance.met and f.move_is_random(Move.parse(move)), move
        f.set_position(0, hp=3)
        assert not f.move_is_random(Move.parse(move)), move


def test_a_fight_end_hook_cannot_kill_the_winner():
    # The loser's parting shot hits for 50: the winner is left at 1 HP, still the winner
    # (a hero at 0 HP used to walk on into the next fight).
    spite = card("Spite", on_use=lambda c: None, hooks={
        "on fight end": PyScript(lambda c: c.attack(50), False, "on fight end")})
    lib = _kit_with(spite)
    f = Fight.start(lib, fighter(equipment=("sword",)), fighter("Frog", equipment=("spite",)),
                    random.Random(1))
    f.set_position(1, hp=3)
    f.set_position(0, hp=10, dice=[6])
    events = play(f, "6 → Sword")
    assert f.outcome.winner == 0 and f.fighters[0].hp == 1 and f.fighters[1].hp == 0
    assert [e.amount for e in events if type(e).__name__ == "Damaged"] == [3, 9]


def test_a_card_that_ends_the_fight_counts_its_use():
    # the finished fight shows the killing card spent, as any card used
    f = position([4], ["rock"], opp_hp=4)
    play(f, "4 → Rock")
    assert f.outcome.winner == 0
    assert f.fighters[0].cards[0].gone and f.fighters[0].cards_used == 1
    assert f.turn_cards_used == 1
