"""Choosing a hero: the kit on show is read whole at 80×24, names and texts."""
from __future__ import annotations

from dataclasses import replace

from dicey.tui.screens.heroes import HeroScreen
from tui_kit import GAMBLER, key_line, make_app, tui_library, wait_until


def kit_of_four():
    """The kit's library with a hero of four cards whose texts are the longest the kit
    has (the Gambler's), as the base game's Inventor has four."""
    lib = tui_library()
    lib.heroes["weakling"] = replace(lib.heroes["weakling"], equipment=GAMBLER[2], grid=6)
    return lib


async def test_a_hero_of_four_cards_shows_each_name_and_text_whole_at_80x24(home):
    """Beside the hero list the kit had 55 columns: four cards cut their names and texts
    short ('Poison Ne…') with the screen's lower half empty."""
    app = make_app(home, library=kit_of_four())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, HeroScreen))
        await pilot.press("down")                         # the Weakling, four cards
        await pilot.pause()
        await pilot.pause()
        cards = [c for c in app.screen.query("#hero-kit CardView") if c.display]
        assert [c.card.name for c in cards] == ["Lucky 7", "Lockpick", "Poison Needle",
                                                "Magic Missile"]
        for card in cards:
            assert "…" not in str(card.render()), card.card.name
            assert card.region.width >= len(card.card.name) + 6   # (╭─ name ─╮)
            assert card.region.bottom < 24                       # above the key line

        await pilot.press("up")                           # back to the Warrior: two cards
        await pilot.pause()
        await pilot.pause()
        cards = [c for c in app.screen.query("#hero-kit CardView") if c.display]
        assert len(cards) == 2 and all("…" not in str(c.render()) for c in cards)


async def test_the_key_line_names_as_many_numbers_as_there_are_heroes(home):
    """It said '1-9 start with hero N' over a list of two heroes."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, HeroScreen))
        await pilot.pause()
        assert len(app.screen.heroes) == 2
        bar = key_line(app)
        assert bar.startswith("1-2 start with hero N  x read") and "1-9" not in bar


async def test_a_long_hero_text_ends_with_an_ellipsis_and_the_kit_stays_on_screen(home):
    """A mod's hero of a thousand characters of text pushed its kit off the screen."""
    lib = tui_library()
    long = " ".join(["A wanderer from the hills who trusts no one and no die."] * 18)
    lib.heroes["weakling"] = replace(lib.heroes["weakling"], text=long)
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, HeroScreen))
        await pilot.press("down")                         # the Weakling
        await pilot.pause()
        await pilot.pause()
        info = app.screen.query_one("#hero-info")
        assert info.region.height == 6 and str(info.render()).endswith("…")
        cards = [c for c in app.screen.query("#hero-kit CardView") if c.display]
        assert cards and all(c.region.bottom < 24 for c in cards)
        assert app.screen.max_scroll_y == 0


async def test_q_on_the_hero_screen_quits_and_keeps_the_saved_run(home):
    """q did nothing on the hero screen (esc, then q on the title, quit). It quits now; no
    run begins, and the run saved stays as it was."""
    first = make_app(home, seed=7, hero="weakling")
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: first.state is not None)
        await pilot.press("q")
    saved = (home / "save.json").read_bytes()
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "n")            # (a run is saved: New run asks twice)
        await wait_until(pilot, lambda: isinstance(app.screen, HeroScreen))
        assert key_line(app).endswith("? help  q quit")
        await pilot.press("q")
    assert app.return_code == 0 and app.state is None
    assert (home / "save.json").read_bytes() == saved
