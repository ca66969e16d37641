"""Slot kinds ``max N`` and ``min N``."""
from rules_kit import play, position


def placeable(f, card):
    return sorted(m.die for m in f.legal_moves() if m.action == "place" and m.card == card)


def test_max_takes_values_up_to_n():
    assert placeable(position([1, 2, 3, 4, 5, 6], ["dagger"]), "Dagger") == [1, 2, 3]


def test_min_takes_values_from_n():
    assert placeable(position([1, 2, 3, 4, 5, 6], ["min_card"]), "Min Card") == [4, 5, 6]


def test_max_card_with_unlimited_uses_fires_again_and_again():
    f = position([1, 2, 3], ["dagger"])
    play(f, "3 → Dagger", "2 → Dagger", "1 → Dagger")
    assert f.fighters[1].hp == 14 and f.turn_cards_used == 3
