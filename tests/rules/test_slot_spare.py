"""Slot kind ``spare N``: the card holds a usable die of value N each turn."""
from rules_kit import fight, kinds, sample


def test_spare_die_joins_the_pool_at_the_roll():
    f = fight(("spare_card", "sword"))
    events = f.begin_turn(sample(5))
    assert "SpareDice" in kinds(events)
    values = [d.value for d in f.current.dice]
    assert len(values) == 4 and values[-1] == 6


def test_no_spare_once_the_card_is_gone():
    f = fight(("spare_card",), dice=0)
    f.begin_turn(sample(1))
    assert [d.value for d in f.current.dice] == [6]
