"""Shock and weaken: random eligible cards at turn start; releasing a shocked card."""
from dicey.lang.chance import FixedChance, enumerate_outcomes
from rules_kit import fight, kinds, play, position, sample, texts


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


def test_releasing_with_a_burning_die_costs_two_hp():
    # Releasing is placing a die on the shocked card: a burning die costs its 2 HP there
    # too, through shield, and the log says so.
    f = position([5, 3], ["spatula", "sword"], burning=[0], shocked=["Spatula"],
                 statuses={"shield": 4})
    events = play(f, "release Spatula with 5")
    assert kinds(events) == ["Released", "Damaged"]
    assert f.current.hp == 28 and f.current.statuses["shield"] == 4
    assert texts(events)[0] == "Warrior spends a 5 to release Spatula (burning: 2 HP)"
    assert not f.current.cards[0].shocked


def test_a_burning_release_can_end_the_fight():
    f = position([5], ["spatula"], burning=[0], shocked=["Spatula"], hp=2)
    events = play(f, "release Spatula with 5")
    assert f.is_over and f.outcome.winner == 1
    assert kinds(events)[-2:] == ["Died", "FightEnded"]


def test_a_plain_or_blind_die_releases_for_free():
    f = position([4, 2], ["spatula", "sword"], blind=[0], shocked=["Spatula"])
    events = play(f, "release Spatula with 0")
    assert kinds(events) == ["Released"] and f.current.hp == 30
    assert texts(events) == ["Warrior spends a ? to release Spatula"]


def test_weaken_passes_over_used_up_and_mid_countdown_cards():
    f = fight(("rock", "plasma_cannon", "sword"))
    f.set_position(0, countdowns={"Plasma Cannon": 12}, statuses={"weaken": 3})
    f.fighters[0].set_card(0, f.fighters[0].cards[0]._replace(gone=True))
    events = f.begin_turn(sample(4))
    assert [c.weakened for c in f.current.cards] == [False, False, True]
    assert kinds(events).count("CardMarked") == 1


# ------------------------------------------------ marks a position pins (set_position)

def marks(cards) -> list[tuple[str, object, bool]]:
    return [(c.name, c.shocked, c.weakened) for c in cards]


def test_a_pinned_mark_of_the_fighter_in_its_turn_is_for_this_turn():
    f = position([2, 5], ["sword", "shield"], shocked=["Sword"], weakened=["Shield"])
    assert marks(f.fighters[0].cards) == [("Sword", True, False), ("Shield", False, True)]
    play(f, "end")
    f.begin_turn(sample(1))
    play(f, "end")
    f.begin_turn(sample(2))                     # its next turn: the marks went
    assert marks(f.fighters[0].cards) == [("Sword", False, False), ("Shield", False, False)]


def test_a_pinned_mark_of_the_fighter_not_to_act_is_for_its_next_turn():
    from dicey.rules.state import SHOCK_NEXT, WEAKEN_NEXT
    f = position([2], ["sword"], opp_cards=("sword", "shield", "dagger"))
    f.set_position(1, shocked=["Sword"], weakened=["Shield"])
    frog = f.fighters[1]
    # As shock_card/weaken_card mark it in the other fighter's turn (a weakened card acts
    # weakened from now on too: see test_card_damage_hooks).
    assert marks(frog.cards) == [("Sword", SHOCK_NEXT, False), ("Shield", WEAKEN_NEXT, True),
                                 ("Dagger", False, False)]
    g = f.copy()
    g._mark_card(1, 0, "shock")                 # (what shock_card(c) does now)
    assert g.fighters[1].cards[0] == frog.cards[0]
    play(f, "end")
    f.begin_turn(sample(1))                     # the Frog's turn: marked
    assert f.actor == 1 and marks(frog.cards) == [
        ("Sword", True, False), ("Shield", False, True), ("Dagger", False, False)]
    assert {m.action for m in f.legal_moves() if m.card == "Sword"} == {"release"}


def test_a_pinned_mark_before_a_turn_starts_is_for_that_turn():
    f = fight(("sword", "shield"))
    assert f.turn_over and f.actor == 0        # no turn under way yet: the hero's comes
    f.set_position(0, shocked=["Sword"], weakened=["Shield"])
    f.begin_turn(sample(1))
    assert marks(f.fighters[0].cards) == [("Sword", True, False), ("Shield", False, True)]


def test_a_card_holds_one_pinned_mark_for_its_next_turn():
    import pytest
    f = position([2], ["sword"], opp_cards=("sword", "shield"))
    with pytest.raises(ValueError, match=r"cannot mark 'Sword' weakened for its next turn: "
                                         r"each such card of Frog is marked for that turn "
                                         r"already \(a card holds one mark"):
        f.set_position(1, shocked=["Sword"], weakened=["Sword"])
    with pytest.raises(ValueError, match=r"cannot mark 'Swrod' shocked for its next turn: "
                                         r"Frog has no such card \(did you mean 'Sword'"):
        f.set_position(1, shocked=["Swrod"])
    # In its turn, a card may be shocked and weakened at once, as a status marks it.
    f = position([2], ["sword"], shocked=["Sword"], weakened=["Sword"])
    assert marks(f.fighters[0].cards) == [("Sword", True, True)]
