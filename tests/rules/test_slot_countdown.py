"""Slot kind ``countdown N``: dice subtract; at 0 the card fires with d = N; progress
persists across turns and resets after firing; overflow is lost."""
from rules_kit import fight, kinds, play, position, sample


def test_dice_pour_into_the_countdown_and_progress_persists():
    f = position([3, 1], ["plasma_cannon"])
    play(f, "3 → Plasma Cannon", "1 → Plasma Cannon")
    assert f.current.cards[0].countdown == 16 and f.turn_countdown == 4
    play(f, "end")
    assert f.fighters[0].cards[0].countdown == 16


def test_reaching_zero_fires_with_d_n_and_resets_overflow_lost():
    f = position([6, 6], ["pea_shooter"])
    events = play(f, "6 → Pea Shooter")
    fired = [e for e in events if type(e).__name__ == "Fired"]
    assert fired and fired[0].d == 5 and f.fighters[1].hp == 18
    assert f.current.cards[0].countdown == 5 and f.turn_countdown == 5
    play(f, "6 → Pea Shooter")   # unlimited uses: it takes dice again
    assert f.fighters[1].hp == 16


def test_countdown_with_one_use_takes_no_dice_after_firing():
    f = position([6, 6, 6, 6], ["plasma_cannon"], countdowns={"Plasma Cannon": 6})
    play(f, "6 → Plasma Cannon")
    assert f.fighters[1].hp == 10
    assert [m.action for m in f.legal_moves()] == ["end"]


def test_boost_countdowns_fires_a_card_that_reaches_zero():
    f = position([5], ["crowbar", "pea_shooter"], countdowns={"Pea Shooter": 3})
    events = play(f, "5 → Crowbar")
    assert kinds(events).count("Fired") == 2 and f.fighters[1].hp == 18


def test_mid_countdown_cards_are_never_shocked():
    f = fight(("plasma_cannon",))
    f.set_position(0, countdowns={"Plasma Cannon": 10}, statuses={"shock": 1})
    f.begin_turn(sample(2))
    assert not f.current.cards[0].shocked


def test_boosting_winds_no_card_that_has_no_use_left_this_turn():
    # Plasma Cannon has one use a turn: once it has fired, a boost cannot fire it again
    # (nor wind it: it takes no dice either until its owner's next turn).
    f = position([6, 6], ["crowbar", "plasma_cannon"], countdowns={"Plasma Cannon": 2})
    f.fighters[0].set_card(0, f.fighters[0].cards[0]._replace(uses_left=2))
    play(f, "6 → Crowbar")
    assert f.fighters[1].hp == 10 and f.current.cards[1].countdown == 20
    events = play(f, "6 → Crowbar")
    assert f.fighters[1].hp == 10 and f.current.cards[1].countdown == 20
    assert "CountdownChanged" not in kinds(events)


def test_boosting_winds_no_shocked_card():
    f = position([4], ["crowbar", "pea_shooter"], shocked=["Pea Shooter"])
    play(f, "4 → Crowbar")
    assert f.current.cards[1].countdown == 5 and f.fighters[1].hp == 20
