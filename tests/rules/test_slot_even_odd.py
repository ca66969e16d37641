"""Slot kinds ``even`` and ``odd``."""
from rules_kit import play, position


def placeable(f, card):
    return sorted(m.die for m in f.legal_moves() if m.action == "place" and m.card == card)


def test_even_takes_even_values_only():
    f = position([1, 2, 3, 4, 5, 6], ["magic_missile"])
    assert placeable(f, "Magic Missile") == [2, 4, 6]
    play(f, "2 → Magic Missile")
    assert f.fighters[1].hp == 15   # attack 5 whatever the die


def test_odd_takes_odd_values_only():
    f = position([1, 2, 3, 4, 5, 6], ["odd_card"])
    assert placeable(f, "Odd Card") == [1, 3, 5]


def test_an_illegal_placement_is_refused():
    import pytest
    from dicey.rules.protocol import IllegalMoveError
    f = position([3], ["magic_missile"])
    with pytest.raises(IllegalMoveError):
        play(f, "3 → Magic Missile")
    assert [d.value for d in f.current.dice] == [3]
