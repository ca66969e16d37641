"""Leaving the game: keys that reach it after q, while it closes, do nothing."""
from __future__ import annotations

from textual import events

from dicey.tui.screens.reward import RewardScreen
from test_reward_screen import reward_state
from tui_kit import make_app, wait_until


async def test_a_key_typed_right_after_q_does_not_crash_the_closing_game(home):
    """A player typing fast presses ``i`` just after ``q``: both keys arrive together, and
    the inventory began to open in the closing game and crashed it with a traceback."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(reward_state(app.library))
        await wait_until(pilot, lambda: isinstance(app.screen, RewardScreen))
        await pilot.pause()
        for key in "qi":     # (in one go, as a terminal delivers two keys typed fast)
            app.post_message(events.Key(key, key))
        await pilot.pause()
    assert app._exception is None
    assert app.return_code == 0
