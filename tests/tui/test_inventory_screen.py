"""The inventory by keys: unequip, equip, swap, and moves the grid does not allow."""
from __future__ import annotations

from dicey.run.saves import SaveStore
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.inventory import InventoryScreen
from tui_kit import kit_state, make_app, wait_until


def message(app) -> str:
    return str(app.screen.query_one("#inventory-message").render())


async def test_cards_move_between_the_grid_and_the_backpack(home):
    """The kit's Warrior has a grid 4 wide; the Sword is size 2, the other cards size 1."""
    app = make_app(home)
    state = kit_state(equipment=("sword", "shield"), backpack=("rock", "broadsword"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i")
        assert isinstance(app.screen, InventoryScreen)

        await pilot.press("down", "enter")               # the Shield off the grid
        assert app.state.hero.equipment == ("sword",)
        assert app.state.hero.backpack == ("rock", "broadsword", "shield")

        await pilot.press("tab", "enter")                # the Rock onto it
        assert app.state.hero.equipment == ("sword", "rock")

        await pilot.press("s", "tab", "s")               # Broadsword ⇄ Sword
        assert app.state.hero.equipment == ("broadsword", "rock")
        assert app.state.hero.backpack == ("sword", "shield")

        await pilot.press("tab", "enter")                # the Sword fills the grid
        assert app.state.hero.equipment == ("broadsword", "rock", "sword")
        await pilot.press("enter")                       # the Shield does not fit
        assert "needs 5 grid spaces; the grid has 4" in message(app)
        assert app.state.hero.backpack == ("shield",)

        await pilot.press("escape")
        assert isinstance(app.screen, DungeonScreen)
    assert SaveStore(home).load().state.hero == app.state.hero     # every change saved


async def test_the_last_card_stays_equipped(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(equipment=("dagger",)))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i", "enter")
        assert "at least one card" in message(app).lower()
        assert app.state.hero.equipment == ("dagger",)
