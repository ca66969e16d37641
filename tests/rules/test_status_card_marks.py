"""Shock and weaken: random eligible cards at turn start; releasing a shocked card."""
from dicey.lang.chance import FixedChance, enumerate_outcomes
from rules_kit import fight, kinds, play, position, sample


def test_shock_marks_a_card_and_a_die_releases_it():
    f = position([2, 5], ["sword", "dagger"], shocked=["Sword"])
    moves = f.legal_moves()
    assert {m.action for m in moves if m.card == "Sword"} == {"release"}
    events = play(f, "release Sword with 2")
    assert kinds(events) == ["Released"] and not f.current.cards[0].shocked
    assert [d.value for d in f.current.dice] == [5]
    play(f, "5 → Sword")
    assert f.fighters[1].hp == 15


def test_each_stack_marks_one_card_chosen_through_chance():
    f = fight(("sword", "shield", "dagger"))
    f.set_position(0, statuses={"shock": 1})

    def run(chance):
        g = f.copy()
        g.begin_turn(chance)
        return tuple(c.shocked for c in g.current.cards)

    outcomes = {v for _, v in enumerate_outcomes(run)}
    assert outcomes == {(True, False, False), (False, True, False), (False, False, True)}


def test_identical_cards_are_one_chance_outcome():
    f = fight(("sword", "sword"), dice=0)
    f.set_position(0, statuses={"weaken": 1})
    chance = FixedChance()
    f.begin_turn(chance)
    assert len(chance.met) == 1 and len(chance.met[0]) == 1


def test_marks_go_at_the_bearers_next_turn():
    f = position([1], ["sword"], shocked=["Sword"])
    play(f, "end")
    assert f.fighters[0].cards[0].shocked is True   # mark stays visible until reset
    f.begin_turn(sample(1))
    play(f, "end")
    f.begin_turn(sample(2))
    assert not f.current.cards[0].shocked


def test_more_stacks_than_cards_mark_every_card_once():
    f = fight(("sword", "shield"))
    f.set_position(0, statuses={"shock": 5})
    events = f.begin_turn(sample(3))
    assert kinds(events).count("CardMarked") == 2
