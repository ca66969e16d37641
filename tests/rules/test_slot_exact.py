"""Slot kind ``N``: exactly that value."""
from rules_kit import play, position


def test_exact_takes_only_its_value():
    f = position([1, 2, 3, 3, 4, 6], ["exact_card"])
    places = [m for m in f.legal_moves() if m.action == "place"]
    assert [m.die for m in places] == [3]   # two 3s are one choice
    play(f, "3 → Exact Card")
    assert f.fighters[1].hp == 17
