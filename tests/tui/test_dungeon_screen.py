"""The dungeon screen (the map): what the hero has equipped, said as a player reads it,
and the reward just taken said where the player lands."""
from __future__ import annotations

from dataclasses import replace

import pytest

from dicey.run.state import Reward
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.inventory import InventoryScreen
from test_reward_screen import reward_state, show
from tui_kit import kit_state, make_app, screen_text, tui_library, wait_until


async def test_the_equipped_line_counts_grid_spaces_in_words(home):
    """"Equipped (3/4): Sword, Shield" read as three cards of four (two are listed: the
    Sword takes two spaces); it says the grid's spaces, as the inventory does."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(4, equipment=("sword", "shield")))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        text = "\n".join(screen_text(app))
        assert "Equipped: Sword, Shield (3 of 4 grid spaces used)" in text
        assert "(3/4)" not in text


@pytest.mark.parametrize("key, said", [
    ("1", "Took: Rock (to the backpack: the grid has no room)"),
    ("2", "Took: Heal 10 HP (20 → 30 of 34)"),
    ("3", "Took: Sword → Sword+")])
async def test_a_reward_taken_by_its_number_is_said_on_the_map(home, key, said):
    """A number key takes its reward at once (as the keys say); the map then said nothing of
    what was taken. It says it, until the player opens another screen over the map."""
    lib = tui_library()
    offers = (Reward("card", "rock"), Reward("heal", amount=10), Reward("upgrade", "sword"))
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        state = reward_state(lib, offers, equipment=("sword", "shield", "dagger"))
        state = replace(state, hero=replace(state.hero, hp=20))
        await show(pilot, state)
        await pilot.press(key)
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        lines = screen_text(app)
        assert [line.strip() for line in lines].count(said) == 1, lines
        news = app.screen.query_one("#news")
        assert news.display and said in str(news.render())
        await pilot.press("i")                               # another screen, and back
        await wait_until(pilot, lambda: isinstance(app.screen, InventoryScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        assert not any("Took:" in line for line in screen_text(app))
        assert not app.screen.query_one("#news").display


async def test_a_map_longer_than_a_small_terminal_scrolls_by_keys(home):
    """At 60×18 the map of a hero with six cards ended at the equipped line: its backpack
    line was under the fold and only a mouse wheel could bring it up. pgdn (and ↓, end)
    scroll it (here a shorter map in a shorter terminal)."""
    app = make_app(home)
    async with app.run_test(size=(60, 12)) as pilot:
        state = kit_state(4, equipment=("sword", "shield"))
        app.continue_run(replace(state, hero=replace(state.hero, backpack=("rock",))))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        screen = app.screen
        assert screen.max_scroll_y > 0
        assert not any("Backpack" in line for line in screen_text(app))
        await pilot.press("pagedown")
        await pilot.pause()
        assert screen.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert any("Backpack" in line for line in screen_text(app))
        await pilot.press("home")
        await pilot.pause()
        assert screen.scroll_y == 0
