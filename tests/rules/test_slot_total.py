"""``total: N``: the placed dice must sum to exactly N."""
from rules_kit import play, position


def placeable(f):
    return sorted(m.die for m in f.legal_moves() if m.action == "place")


def test_total_limits_the_second_die():
    f = position([1, 2, 5, 6], ["lucky_7"])
    assert placeable(f) == [1, 2, 5, 6]
    play(f, "5 → Lucky 7")
    assert placeable(f) == [2]
    play(f, "2 → Lucky 7")
    assert f.fighters[1].hp == 13


def test_total_rejects_a_die_that_cannot_reach_it():
    f = position([1, 1], ["lucky_7"])
    play(f, "1 → Lucky 7")
    assert placeable(f) == []
