"""The buttons of the reward pools (``content/limits.dice``): the limit breaks charge as
their owner loses HP and are ready when full, once a fight; the Barricade needs no charge."""
from __future__ import annotations

import pytest

from content_kit import card_state, outcome, play, position


def hurt(fight, amount: int) -> None:
    """The Frog hits the hero for ``amount`` (no shield: all of it is lost)."""
    fight._damage(1, 0, amount, "normal", "attack")


def uses(fight) -> list[str]:
    return [str(m) for m in fight.legal_moves() if m.action == "use"]


@pytest.mark.parametrize("card, full", [("Fury", 8), ("Fury+", 6), ("Unlucky Roll", 8),
                                        ("Unlucky Roll+", 8)])
def test_a_limit_break_charges_to_its_mark_and_is_ready_there(lib, card, full):
    """Fury+ is ready at 6: its charge stopped at 8 all the same, and its face read
    '(8/6)'."""
    name = card.rstrip("+")
    fight = position(lib, [card, "Sword"], [3], hp=30)
    hurt(fight, full - 1)
    assert card_state(fight, name).vars == (("charge", full - 1),) and uses(fight) == []
    hurt(fight, 5)
    assert card_state(fight, name).vars == (("charge", full),)   # no more than its mark
    assert uses(fight) == [f"use {name}"]
    assert f"({full}/{full})" in card_state(fight, name).defn.text.replace("[charge]", str(full))


def test_fury_makes_the_next_card_fire_twice_and_is_spent(lib):
    fight = position(lib, ["Fury", "Sword"], [3], hp=30, card_vars={"Fury": {"charge": 8}})
    change = outcome(fight, "use Fury", "3 → Sword")
    assert change.dealt == 6 and card_state(fight, "Fury").gone and uses(fight) == []


def test_unlucky_roll_gives_four_ones_and_its_upgrade_five(lib):
    for card, ones in (("Unlucky Roll", 4), ("Unlucky Roll+", 5)):
        fight = position(lib, [card], [6], card_vars={"Unlucky Roll": {"charge": 8}})
        play(fight, "use Unlucky Roll")
        assert sorted(d.value for d in fight.fighters[0].dice) == [1] * ones + [6]


def test_the_barricade_is_ready_at_once_and_once_a_fight(lib):
    fight = position(lib, ["Barricade"], [2])
    change = outcome(fight, "use Barricade")
    assert change.mine.get("shield") == 3 and uses(fight) == []
    upgraded = position(lib, ["Barricade+"], [2])
    assert outcome(upgraded, "use Barricade").mine.get("shield") == 5


@pytest.mark.parametrize("card, full", [("Fury", 8), ("Fury+", 6), ("Unlucky Roll", 8),
                                        ("Unlucky Roll+", 8)])
def test_a_limit_break_shows_its_charge_as_its_progress(lib, card, full):
    """Its face shows the charge towards its mark ([3/8]): at 80 columns its text is cut
    before its "(3/8)"."""
    fight = position(lib, [card, "Sword"], [3], hp=30)
    assert fight.progress(0, 0) == (0, full) and fight.progress(0, 1) is None
    hurt(fight, 3)
    assert fight.progress(0, 0) == (3, full)
    hurt(fight, 20)
    assert fight.progress(0, 0) == (full, full) and uses(fight)


def test_every_button_that_charges_shows_its_progress(lib):
    """A button with a variable to charge (content and bundled mods) says how far it is."""
    for card in lib.equipment.values():
        if card.button and card.vars:
            assert card.progress is not None, card.name
