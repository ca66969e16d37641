"""The end of a run: its summary scrolls with ↑↓, and the key line says so when it must."""
from __future__ import annotations

from dataclasses import replace

from textual.containers import VerticalScroll

from dicey.run import progress
from dicey.tui.keys import END_KEYS, END_SCROLLING_BAR, TITLE_KEYS, key_bar
from dicey.tui.screens.ending import EndScreen
from run_kit import play_run
from tui_kit import LIB, key_line, make_app, screen_text, wait_until


def long_run():
    """A finished run with a summary of 30 fights: longer than a screen of 24 lines."""
    state = play_run(LIB, progress.new_run(LIB, "warrior", 4))
    fights = tuple(replace(state.history[0], floor=1 + n // 10) for n in range(29))
    return replace(state, history=fights + state.history[-1:])


async def test_the_key_line_says_the_summary_scrolls_when_it_does(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(long_run())
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        assert key_line(app) == key_bar(END_SCROLLING_BAR)
        assert "↑↓ scroll" in key_line(app)
        summary = app.screen.query_one("#end-summary", VerticalScroll)
        await pilot.press("down", "down")                # and they do scroll it
        await pilot.pause()
        assert summary.scroll_y > 0
        await pilot.resize_terminal(80, 50)              # the whole summary fits: not said
        await wait_until(pilot, lambda: key_line(app) == key_bar(END_KEYS), "the key line")
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: key_line(app) == key_bar(END_SCROLLING_BAR),
                         "the key line")


async def test_a_short_summary_does_not_say_it_scrolls(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(play_run(LIB, progress.new_run(LIB, "warrior", 4)))
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        assert key_line(app) == key_bar(END_KEYS)
        assert "scroll" not in key_line(app)
        await pilot.press("enter")                       # the title's keys, back on top
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
        await pilot.pause()
        assert screen_text(app)[-1].strip() == key_bar(TITLE_KEYS)


async def test_at_60_columns_the_summary_keeps_its_headers_whole(home):
    """At 60 columns the columns' padding left too little room: the headers were cut
    ('resu…', 'tur…', 'lev…') and 'HP after' took two lines. The columns close up."""
    app = make_app(home)
    async with app.run_test(size=(60, 18)) as pilot:
        app.continue_run(play_run(LIB, progress.new_run(LIB, "warrior", 4)))
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        rows = screen_text(app)
        header = next(row for row in rows if "floor" in row)
        assert header.split() == ["floor", "enemy", "result", "turns", "HP", "left", "XP",
                                  "level"]
        assert not any("…" in row for row in rows)
        await pilot.resize_terminal(80, 24)                # room again: 2 cells each side
        await pilot.pause()
        header = next(row for row in screen_text(app) if "floor" in row)
        assert "result    turns" in header


async def test_one_fight_and_one_die_are_said_in_the_singular(home):
    """'1 fights won' at the end of a run lost in its second fight; '1 dice' for an enemy
    of one die on the map and in its bar."""
    from dicey.tui.screens.dungeon import DungeonScreen
    from tui_kit import kit_state, tui_library
    state = play_run(LIB, progress.new_run(LIB, "warrior", 4))
    state = replace(state, history=state.history[:1] + (replace(state.history[1],
                                                                 result="lost"),),
                    stage="lost")
    assert state.fights_won == 1
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(state)
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        assert "· 1 fight won ·" in "\n".join(screen_text(app))

    lib = tui_library()
    lib.enemies["frog"] = replace(lib.enemies["frog"], dice=1)
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(4))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.pause()
        assert app.library.enemies[progress.current_enemy(app.state)].id == "frog"
        assert "Frog · 8 HP · 1 die" in "\n".join(screen_text(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
        await pilot.pause()
        assert "· 1 die ·" in "\n".join(screen_text(app))
