"""Every card and every die has a key, shown on it: cards past the 19th take the letters
with shift (``A`` is the 20th), and a die past the ninth its two digits typed in a row
(``1`` ``2``: die 12), which its box shows; the key line names them all."""
from __future__ import annotations

import pytest

from dicey.tui.faces import CARD_KEYS
from dicey.tui.widgets import CardView, DieView
from dicey.tui.screens.fight import NUMBER_PAUSE
from tui_kit import Clock, base_game_state, into_fight, key_line, make_app, screen_text

#: 24 cards (as many as a fighter may hold): Headcount is the 20th (``A``), Haymaker the
#: 24th (``E``).
CARDS = ("dagger",) * 19 + ("headcount", "dagger", "dagger", "dagger", "haymaker")


def die_titles(screen) -> list[str]:
    return [str(d.border_title) for d in screen.query(DieView) if d.display]


async def test_the_twentieth_card_and_on_have_keys(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        assert "a-f, i-p, r-s, u-w, A-E card" in key_line(app)
        made = len(screen.session.moves)
        await pilot.press("1", "E")                      # the 24th: Haymaker asks first
        assert len(screen.session.moves) == made
        assert "press E again" in str(screen.query_one("#message").render())
        await pilot.press("1", "A")                      # shift-a: the 20th card
        move = screen.session.moves[made]
        assert (move.card, move.card_index) == ("Headcount", 19)
        view = next(c for c in screen.query("#hero-cards CardView") if c.index == 19)
        # (the row, too narrow for 24 cards, lists them: the card played by its key shows)
        assert view.display and view.key == "A"
        assert any("A Headcount" in line for line in screen_text(app))   # its key on it
        await pilot.press("up", *["down"] * 23)          # the cursor on the last card
        text = "\n".join(screen_text(app))
        assert "A Headcount" in text and "E Haymaker" in text
        await pilot.press("1", "E")     # (no other card takes the dice left: played at once)
        assert screen.session.moves[made + 1].card_index == 23


async def test_every_card_key_is_its_own(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, CARDS, 3))
        keys = [c.key for c in sorted(screen.query("#hero-cards CardView"),
                                      key=lambda c: c.index)]
        assert keys == list(CARD_KEYS[:24]) and len(set(keys)) == 24


async def test_dice_past_nine_show_their_numbers_and_take_two_digits(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("dagger", "headcount"), 12))
        screen.clock = Clock()                           # (the keys come with no pause)
        assert die_titles(screen) == [str(n) for n in range(1, 13)]   # all 12, at 80 cells
        assert key_line(app).startswith("1-12 die  a-b card")
        await pilot.press("1", "2")
        assert screen.die_cursor == 11
        await pilot.press("1", "0")
        assert screen.die_cursor == 9
        await pilot.press("1", "5")                      # no die 15: the 5 is die 5
        assert screen.die_cursor == 4
        await pilot.press("7", "1")                      # no die 71: die 1
        assert screen.die_cursor == 0
        await pilot.press("1", "left", "2")              # a key between: two numbers
        assert screen.die_cursor == 1
        await pilot.press("1", "1", "b")
        made = len(screen.session.moves)
        assert screen.session.moves[made - 1].die_index == 10
        await pilot.press("0")
        assert "There is no die 0" in str(screen.query_one("#message").render())


async def test_a_digit_after_a_pause_starts_a_number_of_its_own(home, library):
    """Die 1, a thought, then 2: die 2, not die 12; the second digit of a number typed
    without such a pause goes on with it."""
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("dagger", "headcount"), 12))
        screen.clock = clock = Clock()
        await pilot.press("1")
        assert screen.die_cursor == 0
        clock.advance(NUMBER_PAUSE + 0.5)
        await pilot.press("2")
        assert screen.die_cursor == 1                    # die 2
        clock.advance(NUMBER_PAUSE * 5)
        await pilot.press("1")
        clock.advance(NUMBER_PAUSE / 2)                  # soon enough: one number
        await pilot.press("1")
        assert screen.die_cursor == 10                   # die 11
        clock.advance(NUMBER_PAUSE / 2)      # (a third digit: no die 111, a number of its own)
        await pilot.press("1")
        assert screen.die_cursor == 0
        clock.advance(NUMBER_PAUSE + 0.5)
        await pilot.press("0")                           # too late for die 10: die 0
        assert "There is no die 0" in str(screen.query_one("#message").render())
        assert screen.die_cursor == 0
        made = len(screen.session.moves)
        await pilot.press("1")
        clock.advance(NUMBER_PAUSE + 0.5)
        await pilot.press("2", "b")                      # die 2 on the Headcount
        assert screen.session.moves[made].die_index == 1


async def test_a_tray_of_24_dice_windows_around_the_picked_one(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("dagger", "headcount"), 24))
        screen.clock = Clock()
        assert key_line(app).startswith("1-24 die")
        await pilot.press("2", "4")
        assert screen.die_cursor == 23
        titles = die_titles(screen)
        assert titles[-1] == "24" and titles == [str(n) for n in
                                                 range(25 - len(titles), 25)]
        assert any("24" in line and "─" in line for line in screen_text(app))


async def burst(pilot, *keys: str) -> None:
    """``keys`` arriving in one read (as from a paste, a macro or a terminal multiplexer):
    all queued before the app handles the first."""
    from textual import events
    for key in keys:
        event = events.Key(key, key)
        event.set_sender(pilot.app)
        pilot.app._driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


async def test_a_card_key_in_the_same_burst_as_a_digit_ends_the_number(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("dagger", "headcount"), 24))
        screen.clock = clock = Clock()
        made = len(screen.session.moves)
        await burst(pilot, "1", "a")                     # die 1 (a 3) on the Dagger
        assert screen.session.moves[made].die_index == 0
        # The dice keep their numbers: die 1 is gone, die 2 is the first in the tray.
        await pilot.press("7")                           # a number of its own: die 7
        assert screen.die_cursor == 5                    # (not die 17)
        await burst(pilot, "1", "4", "a")                # both digits in one read: die 14
        assert screen.session.moves[made + 1].die_index == 12
        await burst(pilot, "left", "2")                  # a key between: a number of its own
        assert screen.die_cursor == 0
        clock.advance(NUMBER_PAUSE + 0.5)       # (a burst after a pause: a number of its own)
        await burst(pilot, "1", "5")
        assert screen._numbers()[screen.die_cursor] == 15 and screen.die_cursor == 12


def titles_cut(screen) -> list[str]:
    """The titles of the hero's cards shown that their borders cut (a title gets the
    card's width less the corners, the lines and the spaces around it)."""
    from rich.cells import cell_len
    from dicey.tui.widgets import TITLE_FRAME
    return [str(v.border_title) for v in screen.query("#hero-cards CardView")
            if v.display and cell_len(str(v.border_title)) > v.outer_size.width - TITLE_FRAME]


async def test_ten_cards_too_many_for_boxes_are_listed_with_their_names_whole(home, library):
    """At 120 columns, ten Headcounts would be 12 cells each (``a Head…``), and a row of
    boxes wide enough for ``a Headcount`` showed six of them: now the row lists all ten,
    a line each, every name whole; at 80 columns too."""
    from dicey.tui.faces import CARD_KEYS
    app = make_app(home, library=library)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("headcount",) * 10, 3))
        for width in (120, 80):
            await pilot.resize_terminal(width, 24 if width == 80 else 40)
            await pilot.pause()
            await pilot.pause()
            assert screen.query_one("#hero-cards").has_class("-list")
            shown = [v for v in screen.query("#hero-cards CardView") if v.display]
            assert len(shown) == 10
            text = "\n".join(screen_text(app))
            assert all(f"{key} Headcount" in text for key in CARD_KEYS[:10]), text


async def test_a_name_one_cell_short_takes_it_from_a_shorter_one(home, library):
    """Five cards at 82 columns get 16 or 17 cells: 'e Lucky Coin' needs 18 and takes a
    cell a Rock's short name leaves; at 80 columns the Rocks have none to lend (a box is
    16 cells at the least), so the row lists the cards rather than cut the name."""
    app = make_app(home, library=library)
    async with app.run_test(size=(82, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(
            library, ("rock", "rock", "rock", "rock", "lucky_coin"), 3))
        await pilot.pause()
        views = sorted((v for v in screen.query("#hero-cards CardView") if v.display),
                       key=lambda v: v.index)
        assert len(views) == 5 and titles_cut(screen) == []
        assert [v.outer_size.width for v in views] == [16, 16, 16, 16, 18]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#hero-cards").has_class("-list")
        assert "e Lucky Coin" in "\n".join(screen_text(app))


async def test_a_weakened_cards_mark_reads_whole_where_the_row_has_room(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(
            library, ("rock", "rock", "rock", "dagger", "shield", "hammer"), 3))
        hero = screen.session.fight.fighters[0]
        hero.set_card(0, hero.cards[0]._replace(weakened=True))
        screen.refresh_view()
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(screen_text(app))
        assert " weakened " in text and "weaken…" not in text, text
        assert titles_cut(screen) == []


@pytest.mark.parametrize("width, listed", [(83, True), (84, False)])
async def test_an_upgraded_cards_plus_counts_in_what_its_title_needs(home, library, width,
                                                                     listed):
    """Five upgraded cards (a run's late grid) need 84 columns for boxes with their titles
    whole, the '+' of each counted ('c Lucky Coin+' needs 19): at 83 the row lists them
    rather than cut one; at 84 they are boxes, none cut, the row's width used."""
    cards = ("shield+", "sword+", "lucky_coin+", "snowball+", "bandage+")
    app = make_app(home, library=library)
    async with app.run_test(size=(width, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, cards, 4, enemy="rat"))
        await pilot.pause()
        row = screen.query_one("#hero-cards")
        assert row.has_class("-list") == listed
        views = sorted(screen.query("#hero-cards CardView"), key=lambda w: w.index)
        if listed:
            assert "c Lucky Coin+" in "\n".join(screen_text(app))
            return
        titles = [str(w.border_title) for w in views]
        assert titles[2] == "c Lucky Coin+" and not any("…" in t for t in titles)
        assert all(w.outer_size.width >= len(str(w.border_title)) + 6 for w in views)
        assert sum(w.outer_size.width for w in views) == width
