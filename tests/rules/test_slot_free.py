"""Slot kind ``free N``: no die, adds N to d."""
from rules_kit import play, position


def test_free_adds_to_d():
    f = position([3], ["broadsword"])
    events = play(f, "3 → Broadsword")
    assert events[1].d == 5 and f.fighters[1].hp == 15
