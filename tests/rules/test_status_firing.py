"""Statuses that act when a card fires: curse, dodge, fury, reequip."""
from dicey.lang.chance import FixedChance, enumerate_outcomes
from dicey.rules.protocol import Move
from rules_kit import kinds, play, position


def test_curse_is_a_fifty_fifty_chance_point():
    f = position([4], ["sword"], statuses={"curse": 1})
    move = next(m for m in f.legal_moves() if m.action == "place")
    assert f.move_is_random(move)

    def run(chance):
        g = f.copy()
        g.apply(move, chance)
        return g.fighters[1].hp, g.current.statuses.get("curse", 0)

    got = sorted((float(p), v) for p, v in enumerate_outcomes(run))
    assert got == [(0.5, (16, 1)), (0.5, (20, 0))]


def test_fizzle_spends_dice_and_use():
    f = position([4, 5], ["sword"], statuses={"curse": 1})
    events = play(f, "4 → Sword", chance=FixedChance([0]))
    assert "Fizzled" in kinds(events) and f.current.cards[0].uses_left == 0
    assert [d.value for d in f.current.dice] == [5]


def test_dodge_spends_a_stack_and_the_card_does_nothing():
    f = position([6], ["sword"], opp_statuses={"dodge": 2})
    events = play(f, "6 → Sword")
    assert "Dodged" in kinds(events) and f.fighters[1].hp == 20
    assert f.fighters[1].statuses["dodge"] == 1


def test_fury_runs_on_use_twice_once():
    f = position([5, 3], ["sword", "dagger"], statuses={"fury": 1})
    play(f, "5 → Sword")
    assert f.fighters[1].hp == 10 and "fury" not in f.current.statuses
    play(f, "3 → Dagger")
    assert f.fighters[1].hp == 7


def test_reequip_keeps_the_use():
    f = position([5, 3], ["sword"], statuses={"reequip": 1})
    play(f, "5 → Sword")
    assert f.current.cards[0].uses_left == 1
    play(f, "3 → Sword")
    assert f.fighters[1].hp == 12 and f.current.cards[0].uses_left == 0
