"""The title screen in a terminal narrower than 80 columns."""
from __future__ import annotations

from tui_kit import make_app


async def test_the_menu_stays_on_a_narrow_screen(home):
    """The menu was 72 columns wide whatever the terminal: at 60 its right side, and the
    end of the continue line, ran off the screen."""
    app = make_app(home)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert 0 < menu.region.right <= 60
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        assert menu.region.width == 72                   # as wide as ever, given the room
