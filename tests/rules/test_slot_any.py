"""Slot kind ``any``: every value fits; one die fills the card and fires it with d = die."""
from rules_kit import kinds, play, position


def placeable(f, card="Sword"):
    return sorted(m.die for m in f.legal_moves() if m.action == "place" and m.card == card)


def test_any_takes_every_value():
    assert placeable(position([1, 2, 3, 4, 5, 6], ["sword"])) == [1, 2, 3, 4, 5, 6]


def test_any_fires_with_d_equal_to_the_die():
    f = position([4, 2], ["sword"])
    events = play(f, "4 → Sword")
    assert kinds(events)[:3] == ["Placed", "Fired", "Damaged"]
    assert events[1].d == 4 and f.fighters[1].hp == 16
    assert [d.value for d in f.current.dice] == [2]


def test_a_used_card_takes_no_more_dice():
    f = position([4, 2], ["sword"])
    play(f, "4 → Sword")
    assert placeable(f) == []
