"""Slot kind ``doubles``: two slots that need equal dice."""
from rules_kit import kinds, play, position


def test_doubles_first_die_any_second_must_match():
    f = position([2, 4, 4, 5], ["antidote"], statuses={"poison": 9})
    assert sorted(m.die for m in f.legal_moves() if m.action == "place") == [2, 4, 5]
    play(f, "4 → Antidote")
    assert sorted(m.die for m in f.legal_moves() if m.action == "place") == [4]
    events = play(f, "4 → Antidote")
    assert "Fired" in kinds(events) and events[1].d == 8
    assert f.current.statuses.get("poison", 0) == 1


def test_doubles_card_holds_a_lone_die_until_the_turn_ends():
    f = position([3, 5], ["antidote"])
    play(f, "3 → Antidote")
    assert f.current.cards[0].placed == (3,)
    assert [m.action for m in f.legal_moves()] == ["end"]
