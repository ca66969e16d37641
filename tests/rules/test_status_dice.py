"""Statuses that act on the roll: lock, burn, freeze, blind (in that order)."""
from dicey.lang.chance import FixedChance
from rules_kit import fight, kinds, play, position, sample


def rolled(statuses, dice=4, path=(5, 1, 3, 0)):
    """Turn start with a fixed roll: path indexes the D6 outcomes (0 → a 1)."""
    f = fight(("sword", "shield"), dice=dice)
    f.set_position(0, statuses=statuses)
    events = f.begin_turn(FixedChance(path))
    return f, events


def test_roll_without_statuses():
    f, _ = rolled({})
    assert [d.value for d in f.current.dice] == [6, 2, 4, 1]


def test_lock_takes_the_first_dice_and_they_cannot_be_used():
    f, events = rolled({"lock": 1})
    assert [d.locked for d in f.current.dice] == [True, False, False, False]
    assert 6 not in {m.die for m in f.legal_moves()}
    assert "DiceMarked" in kinds(events)


def test_burn_takes_the_next_dice_and_costs_two_hp():
    f, _ = rolled({"lock": 1, "burn": 2})
    assert [(d.locked, d.burning) for d in f.current.dice] == [
        (True, False), (False, True), (False, True), (False, False)]
    events = play(f, "2 → Sword")
    assert f.current.hp == 28 and f.fighters[1].hp == 18
    assert any(type(e).__name__ == "Damaged" and e.kind == "burn" for e in events)


def test_burning_die_ignores_shield():
    f = position([3], ["sword"], burning=[0], statuses={"shield": 5})
    play(f, "3 → Sword")
    assert f.current.hp == 28 and f.current.statuses["shield"] == 5


def test_freeze_turns_the_highest_dice_into_ones():
    f, _ = rolled({"freeze": 2})
    assert [d.value for d in f.current.dice] == [1, 2, 1, 1]


def test_blind_die_is_drawn_when_placed():
    f, _ = rolled({"blind": 1})
    assert f.current.dice[-1].blind and f.current.dice[-1].value == 0
    assert f.move_is_random(next(m for m in f.legal_moves() if m.die == 0))
    events = play(f, "0 → Sword", chance=FixedChance([4]))
    assert kinds(events)[:2] == ["Revealed", "Placed"] and f.fighters[1].hp == 15


def test_blind_die_that_does_not_fit_stays_revealed():
    f = position([2], ["magic_missile"], blind=[0])
    events = play(f, "0 → Magic Missile", chance=FixedChance([2]))   # a 3: odd
    assert kinds(events) == ["Revealed"] and not events[0].fits
    assert f.current.dice[0].value == 3 and not f.current.dice[0].blind


def test_dice_statuses_clear_at_the_end_of_the_bearers_turn():
    f, _ = rolled({"lock": 1, "burn": 1, "freeze": 1, "blind": 1})
    play(f, "end")
    assert f.fighters[0].statuses == {}


def test_a_burning_die_can_freeze_and_stays_burning():
    # rules.md step 3 applies lock, burn, freeze, blind in that order and says nothing of
    # fire melting ice: the highest die, burning, becomes a burning 1.
    f, events = rolled({"burn": 1, "freeze": 1})
    assert [(d.value, d.burning) for d in f.current.dice] == [
        (1, True), (2, False), (4, False), (1, False)]
    assert [e.status for e in events if type(e).__name__ == "DiceMarked"] == ["burn", "freeze"]


def test_blind_never_hides_a_frozen_die():
    f, _ = rolled({"freeze": 1, "blind": 3})
    assert [(d.value, d.blind) for d in f.current.dice] == [
        (1, False), (0, True), (0, True), (0, True)]


def test_the_roll_is_dice_plus_extra_and_never_more_than_24():
    f = fight(("sword",), dice=20)
    f.fighters[0].add_extra_dice(3)
    events = f.begin_turn(sample(1))
    assert len(next(e for e in events if type(e).__name__ == "Rolled").dice) == 23
    g = fight(("sword",), dice=24)
    g.fighters[0].add_extra_dice(3)
    assert len(g.begin_turn(sample(1))[1].dice) == 24
