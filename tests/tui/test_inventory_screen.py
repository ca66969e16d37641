"""The inventory by keys: unequip, equip, swap, and moves the grid does not allow; its
lists' titles."""
from __future__ import annotations

from dicey.run.saves import SaveStore
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.inventory import InventoryScreen
from tui_kit import kit_state, make_app, screen_text, wait_until


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
        assert message(app) == "Shield takes 1 grid space and the grid is full (4 of 4 " \
                               "taken): take a card off, or swap it for one."
        shown = " ".join(line.strip(" │") for line in screen_text(app))
        assert "take a card off, or swap it for one." in shown   # whole: it was cut
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


async def test_each_lists_title_stands_over_it_at_any_width(home):
    """One title line padded with spaces put 'Backpack' over neither list once the screen
    was not 80 columns wide; each list has its title over it now, whole at 60 columns."""
    app = make_app(home)
    async with app.run_test(size=(60, 20)) as pilot:
        app.continue_run(kit_state())
        await pilot.pause()
        await pilot.press("i")
        await wait_until(pilot, lambda: isinstance(app.screen, InventoryScreen))
        await pilot.pause()
        for width in (60, 120):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            for title, listed in (("#grid-title", "#equipped"), ("#backpack-title", "#backpack")):
                title, listed = app.screen.query_one(title), app.screen.query_one(listed)
                assert listed.region.x <= title.region.x < listed.region.x + 3
                assert title.region.right <= listed.region.right
            grid = app.screen.query_one("#grid-title")
            text = str(grid.render())
            assert text.startswith("Grid: ") and text.endswith("spaces used")
            assert grid.content_size.width >= len(text)          # (not cut)
