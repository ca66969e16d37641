"""Slot kind ``A..B`` (inclusive)."""
from rules_kit import position


def test_range_takes_values_inside_it():
    f = position([1, 2, 3, 4, 5, 6], ["range_card"])
    assert sorted(m.die for m in f.legal_moves() if m.action == "place") == [2, 3, 4]
