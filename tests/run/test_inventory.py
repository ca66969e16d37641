"""The equipment grid (sizes add up to the hero's grid width) and the backpack."""
from __future__ import annotations

import pytest

from dicey.run import inventory as inv
from dicey.run.inventory import InventoryError
from dicey.run.state import Hero
from run_kit import LIB

# Warrior's grid is 4 wide; the Sword is size 2 (its upgrade size 1), the rest size 1.


def hero(equipment=("sword", "shield"), backpack=()) -> Hero:
    return Hero("warrior", 30, 30, 3, equipment=tuple(equipment), backpack=tuple(backpack))


def test_widths_and_labels():
    assert inv.width_of(LIB, ["sword", "shield"]) == 3
    assert inv.width_of(LIB, ["sword+", "shield"]) == 2
    assert inv.card_label(LIB, "sword+") == "Sword+" and inv.card_label(LIB, "pea_shooter") == \
        "Pea Shooter"
    assert inv.grid_width(LIB, hero()) == 4


def test_equip_fits_or_says_why_not():
    h = inv.equip(LIB, hero(backpack=["rock", "broadsword"]), 0)
    assert h.equipment == ("sword", "shield", "rock") and h.backpack == ("broadsword",)
    with pytest.raises(InventoryError, match=r"^Broadsword takes 1 grid space and the grid "
                                             r"is full \(4 of 4 taken\): take a card off, or "
                                             r"swap it for one$"):
        inv.equip(LIB, h, 0)
    roomy = hero(["sword", "shield"], ["sword"])              # 3 of 4 taken: 1 free
    with pytest.raises(InventoryError, match=r"^Sword takes 2 grid spaces and the grid has "
                                             r"1 free \(3 of 4 taken\)"):
        inv.equip(LIB, roomy, 0)


def test_unequip_keeps_at_least_one_card():
    h = inv.unequip(LIB, hero(), 0)
    assert h.equipment == ("shield",) and h.backpack == ("sword",)
    with pytest.raises(InventoryError, match="at least one"):
        inv.unequip(LIB, h, 0)


def test_swap_exchanges_places_when_the_grid_allows():
    h = inv.swap(LIB, hero(["sword", "shield"], ["rock", "dagger"]), 0, 1)
    assert h.equipment == ("dagger", "shield") and h.backpack == ("rock", "sword")
    wide = hero(["rock", "shield", "dagger", "spatula"], ["sword"])
    with pytest.raises(InventoryError, match=r"^Sword takes 2 grid spaces, and Rock frees "
                                             r"only 1 grid space$"):
        inv.swap(LIB, wide, 0, 0)


def test_bad_indexes_are_refused():
    with pytest.raises(InventoryError, match="no backpack card number 1"):
        inv.equip(LIB, hero(), 0)
    with pytest.raises(InventoryError, match="no equipped card number 9"):
        inv.unequip(LIB, hero(), 8)


def test_new_cards_go_to_the_grid_or_the_backpack():
    h = inv.add_card(LIB, hero(), "rock")
    assert h.equipment == ("sword", "shield", "rock")
    h = inv.add_card(LIB, h, "dagger")
    assert h.backpack == ("dagger",)


def test_upgrades_change_the_card_in_place():
    h = inv.upgrade_card(LIB, hero(["sword", "shield"], ["sword"]), "sword")
    assert h.equipment == ("sword+", "shield") and h.backpack == ("sword",)
    assert inv.upgradable(LIB, h) == ["sword"]
    h = inv.upgrade_card(LIB, h, "sword")
    assert h.backpack == ("sword+",) and inv.upgradable(LIB, h) == []
    with pytest.raises(InventoryError, match="already upgraded"):
        inv.upgrade_card(LIB, h, "sword+")
    with pytest.raises(InventoryError, match="holds no Rock"):
        inv.upgrade_card(LIB, h, "rock")
