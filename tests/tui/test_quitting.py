"""Leaving the game: keys that reach it after q, while it closes, do nothing; a hint
searching then stops at once."""
from __future__ import annotations

import threading

from textual import events

from dicey.ai.planner import Budget, Hinter
from dicey.tui.screens.reward import RewardScreen
from test_reward_screen import reward_state
from tui_kit import base_game_state, into_fight, make_app, wait_until


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


#: A hand and a pool whose hint no budget here lets finish: splits, rerolls and seven dice.
BIG_TURN = ("dagger", "lockpick", "lucky_coin", "sword", "shield", "bump", "spatula",
            "poison_needle")


def a_long_search(library_hinter):
    """A hint-giver with the real hinter on a budget no turn fits (no clock: it would
    search for minutes), that notes each call and how it ended."""
    from dicey.run.brains import hero_hint
    calls, ends, done = [], [], threading.Event()

    def hint(fight, seed):
        calls.append(fight.key())
        try:
            found = hero_hint(fight, seed, library_hinter)
            ends.append(found.method)
            return found
        except BaseException as err:
            ends.append(type(err).__name__)
            raise
        finally:
            done.set()
    return hint, calls, ends, done


async def test_quitting_during_a_hint_search_stops_the_search(home, library):
    """q while the hint searches: the search stops where it stands (the game's quit
    waited for the search's round, up to 3 s, to end)."""
    hinter = Hinter(Budget(states=10**8, iterations=10**8, ms=None))
    hint, calls, ends, done = a_long_search(hinter)
    app = make_app(home, library=library, hints_for=lambda: hint)
    async with app.run_test(size=(100, 30)) as pilot:
        await into_fight(pilot, base_game_state(library, BIG_TURN, 7))
        await pilot.press("h")
        await wait_until(pilot, lambda: hinter.solved > 100, "the hint's search")
        await pilot.press("q")
    assert done.wait(120)          # (a search that did not stop would run for minutes)
    assert ends == ["Stopped"] and len(calls) == 1
    assert app.return_code == 0


async def test_a_move_during_a_hint_search_stops_the_search(home, library):
    hinter = Hinter(Budget(states=10**8, iterations=10**8, ms=None))
    hint, calls, ends, done = a_long_search(hinter)
    app = make_app(home, library=library, hints_for=lambda: hint)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, BIG_TURN, 7))
        await pilot.press("h")
        await wait_until(pilot, lambda: hinter.solved > 100, "the hint's search")
        await pilot.press("1", "a")                  # die 1 on the Dagger
        assert done.wait(120)
        assert ends == ["Stopped"] and len(calls) == 1
        assert len(screen.session.moves) == 1 and screen.hint_searching is None
