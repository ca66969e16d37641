"""The fight screen's layout: every enemy card can be read in full (the card cursor goes
onto the enemy's cards, read-only), and the cards keep their natural height while the log
takes the room that is left, at every size and across resizes."""
from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region

from dicey.rules.state import Outcome
from dicey.tui import faces
from dicey.tui.screens.card import CardScreen
from dicey.tui.widgets import CardRow, CardView, FightLog, KeyBar
from tui_kit import fight_screen, hero_turn_or_end, into_gambler, make_app, screen_text, \
    wait_until


def shown(widget) -> str:
    """What ``widget`` shows on screen, its lines joined by spaces."""
    lines = widget.render_lines(Region(0, 0, *widget.outer_size))
    text = " ".join("".join(s.text for s in line) for line in lines)
    return " ".join(text.strip("╭╮╰╯─│┏┓┗┛━┃ ").split())


def face_shown(card: CardView) -> list[str]:
    """The lines of a card's face as shown, inside its border."""
    lines = card.render_lines(Region(0, 0, *card.outer_size))[1:-1]
    return ["".join(s.text for s in line)[1:-1].strip() for line in lines]


def message(screen) -> str:
    return shown(screen.query_one("#message"))


def face_lines(app, card: CardView) -> int:
    """How many lines the card's whole face takes at its width (slots, then text)."""
    face = Text(faces.slot_line(card.card) + "\n" + faces.card_text(card.card))
    return len(face.wrap(app.console, card.content_size.width))


def cursor_on(screen) -> tuple[int, int] | None:
    """(side, index) of the card under the cursor, as the screen shows it."""
    marked = [(c.side, c.index) for c in screen.query(CardView) if c.has_class("-cursor")]
    assert len(marked) <= 1
    return marked[0] if marked else None


# ----------------------------------------------------------- the enemy's cards

async def test_every_enemy_card_can_be_read_in_full_at_80x24(home):
    """The Gambler's texts do not fit their faces at 80×24; ↑ from the hero's first card
    goes up onto the enemy's cards, and the message line shows each one whole."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        enemy = screen.session.fight.fighters[1]
        assert any(face_lines(app, c) > c.content_size.height
                   for c in screen.query("#enemy-cards CardView"))   # (the faces are cut)
        await pilot.press("down")
        assert cursor_on(screen) == (0, 0)
        read = []
        for _ in enemy.cards:
            await pilot.press("up")
            side, i = cursor_on(screen)
            assert side == 1
            assert message(screen) == f"Gambler's {faces.card_line(enemy.cards[i])}"
            read.append(i)
        assert read == [3, 2, 1, 0]
        await pilot.press("up")                        # the top left card: it stays there
        assert cursor_on(screen) == (1, 0)


async def test_the_card_cursor_walks_your_cards_then_up_onto_the_enemys(home):
    """As playing.md says: the first ↑ or ↓ lands on your first card; ↓ walks your cards
    left to right and stops at your last (it wrapped onto the enemy's row at the top of the
    screen), ↑ walks back and from your first card goes up onto the enemy's row."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        mine = len(screen.session.fight.fighters[0].cards)
        await pilot.press("up")                        # (it landed on your last card)
        assert cursor_on(screen) == (0, 0)
        for i in range(1, mine):
            await pilot.press("down")
            assert cursor_on(screen) == (0, i)
        await pilot.press("down")                      # past your last card: stays
        assert cursor_on(screen) == (0, mine - 1)
        for _ in range(mine):
            await pilot.press("up")
        assert cursor_on(screen) == (1, 3)             # up onto the enemy's row
        await pilot.press("down")                      # and back down to your first
        assert cursor_on(screen) == (0, 0)


async def test_a_cut_card_face_ends_with_an_ellipsis(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        cut = [c for c in screen.query("#enemy-cards CardView")
               if face_lines(app, c) > c.content_size.height]
        assert cut and all(face_shown(c)[-1].endswith("…") for c in cut)
        whole = [c for c in screen.query(CardView) if c not in cut]
        assert whole and not any("…" in "".join(face_shown(c)) for c in whole)


async def test_the_enemys_cards_are_read_only(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        session = screen.session
        await wait_until(pilot, lambda: session.hero_to_act, "the hero's turn")
        await pilot.press("down", "up")                # the Gambler's last card
        assert cursor_on(screen) == (1, 3)
        await pilot.press("enter")                     # reads it whole; plays nothing
        assert session.moves == []
        assert isinstance(app.screen, CardScreen)
        assert app.screen.readable.card.name == "Magic Missile"
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("a")                         # a letter plays on the hero's card
        assert cursor_on(screen) == (0, 0) and len(session.moves) == 1
        card = next(c for c in screen.query(CardView) if c.side == 1 and c.index == 1)
        await pilot.click(card)                        # a click reads it
        assert cursor_on(screen) == (1, 1) and len(session.moves) == 1
        assert message(screen) == f"Gambler's {faces.card_line(card.card)}"


async def test_tab_takes_the_card_cursor_to_the_other_side(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        await pilot.press("tab")
        assert cursor_on(screen) == (1, 0)
        await pilot.press("down", "tab")               # the enemy's second card, then yours
        assert cursor_on(screen) == (0, 1)
        await pilot.press("tab")
        assert cursor_on(screen) == (1, 1)
        assert message(screen).startswith("Gambler's Lockpick:")


async def test_a_read_card_is_shown_as_it_changes(home):
    """The message line follows the card under the cursor while the enemy plays on it."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        await pilot.press("tab")
        f = screen.session.fight
        f.set_position(1, dice=[3, 4])
        f.fighters[1].cards[0] = f.fighters[1].cards[0]._replace(placed=(3,))
        screen.refresh_view()
        await pilot.pause()
        assert message(screen) == f"Gambler's {faces.card_line(f.fighters[1].cards[0])}"
        assert "[3]" in message(screen)


async def test_your_turn_says_what_to_do_though_the_cursor_is_on_an_enemy_card(home):
    """An enemy card read when the turn ends: the hero's next turn still begins with what
    to do (it showed that card: "Gambler's Lucky 7: …"); the cursor stays on it, and a
    hero's card under the cursor is still shown as it was."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        await pilot.press("tab")                        # the Gambler's first card
        assert cursor_on(screen) == (1, 0) and message(screen).startswith("Gambler's")
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        assert screen.session.hero_to_act and screen.session.fight.turn == 3
        assert message(screen).startswith("Pick a die (1-")
        assert cursor_on(screen) == (1, 0)
        await pilot.press("tab")                        # your own card: it stays shown
        assert cursor_on(screen) == (0, 0)
        mine = message(screen)
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        assert screen.session.fight.turn == 5 and message(screen) == mine


# ------------------------------------------------------------------ the room

def check_layout(screen, width: int, height: int) -> None:
    """Each card row is as tall as its tallest card's face (when there is room for both
    rows' faces), every card in a row as tall as the row, and the log fills the rest."""
    app = screen.app
    assert screen.size == (width, height)
    log, keys = screen.query_one(FightLog), screen.query_one(KeyBar)
    for row in screen.query(CardRow):
        cards = [c for c in row.query(CardView) if c.display]
        assert {c.outer_size.height for c in cards} == {row.size.height}
        need = max(face_lines(app, c) for c in cards)
        assert all(c.content_size.height == need for c in cards), (row.id, need)
    laid = [w for w in screen.children if w.display and w is not keys]
    assert sum(w.outer_size.height for w in laid) == height - keys.outer_size.height
    assert log.region.bottom == keys.region.y == height - 1
    assert log.size.height >= 4


@pytest.mark.parametrize("size", [(120, 40), (100, 30), (160, 50)])
async def test_cards_keep_their_height_and_the_log_gets_the_rest(home, size):
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        screen = await into_gambler(pilot)
        check_layout(screen, *size)


async def test_the_layout_follows_a_resize(home):
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        log = screen.query_one(FightLog)
        assert log.region.bottom == 23 and log.size.height >= 4
        for size in [(120, 40), (100, 30), (160, 50)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            check_layout(screen, *size)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        rows = [r.size.height for r in screen.query(CardRow)]
        assert sum(rows) == 11 and log.region.bottom == 23 and log.size.height == 4


async def _a_long_log(pilot):
    """A fight some turns in, its log longer than the screen."""
    await pilot.press("n", "1", "enter")
    screen = fight_screen(pilot.app)
    for _ in range(4):
        await hero_turn_or_end(pilot)
        await pilot.press("T")
    await hero_turn_or_end(pilot)
    log = screen.query_one(FightLog)
    assert log.max_scroll_y > 0 and log.is_vertical_scroll_end
    return screen, log


async def test_the_log_keeps_showing_its_last_line_across_resizes(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, log = await _a_long_log(pilot)
        for size in [(40, 12), (20, 6), (80, 24), (120, 40), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert log.is_vertical_scroll_end, size


async def test_a_log_scrolled_back_stays_there_across_a_resize(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, log = await _a_long_log(pilot)
        await pilot.press("pageup")
        assert not log.is_vertical_scroll_end and not log.following
        await pilot.press("pagedown", "pagedown", "pagedown", "pagedown")
        assert log.following
        await pilot.press("pageup")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not log.is_vertical_scroll_end
        log.add_line("new")                    # a new line: back to the end, as ever
        await pilot.pause()
        assert log.following and log.is_vertical_scroll_end


def _log_text(log: FightLog) -> tuple[str, int]:
    """The log's lines as shown, joined, and the widest of them."""
    lines = [strip.text.rstrip() for strip in log.lines]
    return " ".join(line.strip() for line in lines), max(map(cell_len, lines), default=0)


async def test_the_lines_written_before_the_log_knew_its_size_are_shown_once(home):
    """The fight's first lines are written before the log is laid out: the log holds them
    back until it knows its width. They were kept twice then (once as written, once as
    written out), and the first resize showed them twice."""
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(pilot.app)
        log = screen.query_one(FightLog)
        await pilot.pause()
        first = [line.plain for line in log._written]
        assert first and first[0].endswith("goes first")
        for size in [(100, 24), (70, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            text = [strip.text.strip() for strip in log.lines]
            assert text.count(first[0].strip()) == 1, size
            assert [line.plain for line in log._written][:len(first)] == first
            assert sum(1 for line in log._written if line.plain == first[0]) == 1


@pytest.mark.parametrize("size", [(60, 18), (80, 24)])
async def test_a_long_log_line_is_wrapped_at_the_log_s_width_and_again_on_a_resize(
        home, size):
    """At 60 columns a long hint was wrapped at 78 cells, then cut at the log's 58: words
    went missing from the line the message line sends the player to. Lines written at one
    width are wrapped again at another."""
    words = " ".join(f"word{i}" for i in range(60))
    app = make_app(home, seed=4)
    async with app.run_test(size=size) as pilot:
        screen = await into_gambler(pilot)
        log = screen.query_one(FightLog)
        log.add_line(words)
        await pilot.pause()
        for width in (size[0], 100, 60):
            if width != size[0]:
                await pilot.resize_terminal(width, size[1])
                await pilot.pause()
            text, widest = _log_text(log)
            assert words in text and widest <= log.scrollable_content_region.width, width


async def test_a_crowded_fighter_bar_still_shows_everything_at_80_columns(home):
    """Four statuses and the dice the enemy rolled are more than one line of 80 columns:
    the bar drops its HP bar graphic (the HP stay as numbers), then takes a second line;
    the log gives up the room."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        f = screen.session.fight
        statuses = {"shield": 5, "thorns": 1, "poison": 2, "burn": 3, "reduce": 1}
        f.set_position(1, dice=[3, 5, 3, 4], statuses=statuses)
        f.set_position(0, statuses={"poison": 1, "weaken": 2, "shield": 12, "fury": 1,
                                    "dodge": 1, "thorns": 3})
        screen.refresh_view()
        await pilot.pause()
        await pilot.pause()
        enemy_bar = shown(screen.query_one("#enemy-bar"))
        for word in ["Gambler", "20/20 HP", "shield 5", "thorns 1", "poison 2", "burn 3",
                     "reduce 1", "dice to play: 3, 5, 3, 4"]:
            assert word in enemy_bar, word
        hero_bar = shown(screen.query_one("#hero-bar"))
        for word in ["Warrior", "HP", "poison 1", "weaken 2", "shield 12", "fury 1",
                     "dodge 1", "thorns 3"]:
            assert word in hero_bar, word
        log, keys = screen.query_one(FightLog), screen.query_one(KeyBar)
        assert log.region.bottom == keys.region.y == 23 and log.size.height >= 4


async def test_help_and_the_inventory_fit_a_terminal_smaller_than_80x24(home):
    """Shrunk below 80×24, help's box (its title saying how to close it) and the
    inventory's stay on screen; help scrolls."""
    from dicey.tui.screens.dungeon import DungeonScreen
    from tui_kit import kit_state
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(kit_state(4))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        for key, box in (("question_mark", "#help-box"), ("i", "#inventory-box")):
            await pilot.press(key)
            await pilot.resize_terminal(60, 16)
            await pilot.pause()
            region = app.screen.query_one(box).region
            assert region.x >= 0 and region.y >= 0 and region.right <= 60 and \
                region.bottom <= 16, (box, region)
            await pilot.resize_terminal(80, 24)
            await pilot.press("escape")


async def test_a_long_enemy_name_is_cut_in_the_header_not_what_follows_it(home):
    """A name of 40 characters (the most a mod may give) leaves the header's turn, its
    'thinking' and who won on the line: the name is cut there, and the enemy's bar below
    has it whole."""
    from tui_kit import GAMBLER, tui_library
    name = "The Gambler Who Never Leaves the Table X"
    assert len(name) == 40
    lib = tui_library()
    lib.enemies[GAMBLER[0]] = replace(lib.enemies[GAMBLER[0]], name=name)
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        header = screen.query_one("#fight-header")
        f = screen.session.fight
        for actor, thinking, ending in ((1, True, "'s turn — thinking"), (1, False, "'s turn")):
            f.actor, screen.thinking = actor, thinking
            screen.refresh_view()
            await pilot.pause()
            line = shown(header).rstrip()
            assert line.startswith("Floor 1/") and line.split(" · ")[-1].startswith("The Gam")
            assert ending in line and "…" in line and cell_len(line) <= 78, line
        # who won, said to the player either way (a loss read "The Gam… wins.")
        for winner, said in ((1, "You lose: The Gam"), (0, "You win!")):
            f.outcome = Outcome(winner, "knockout", f.turn)
            screen.refresh_view()
            await pilot.pause()
            line = shown(header).rstrip()
            assert line.split(" · ")[-1].startswith(said) and cell_len(line) <= 78, line
            assert line.endswith("wins.") == (winner == 1), line
        f.outcome = None
        assert name in shown(screen.query_one("#enemy-bar"))
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert name + "'s turn" in shown(header)


async def test_a_two_line_message_on_a_60x18_screen_does_not_push_it_past_its_bottom(home):
    """At 60×18 the first turn's message takes two lines: with both rows of cards at their
    least, the screen was one line too tall; it scrolled (a scrollbar took two columns)
    and the key line covered the log's last line. The log gives up a line instead."""
    app = make_app(home)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        await hero_turn_or_end(pilot)
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#message").size.height == 2
        log, keys = screen.query_one(FightLog), screen.query_one(KeyBar)
        assert screen.max_scroll_y == 0 and screen.size.width == 60
        assert log.region.bottom == keys.region.y == 17 and log.outer_size.height == 3
        await pilot.press("1", "a")                      # the message goes: room again
        await pilot.pause()
        await pilot.pause()
        assert screen.max_scroll_y == 0 and log.outer_size.height >= 4


async def test_a_cut_card_name_keeps_the_plus_of_its_upgrade(home):
    """Six cards in a row cut long names, and the border took the '+' with the name's end:
    an upgraded card looked like a plain one. In a fight they are listed now, each name
    whole with its '+'; a box that still cuts a name (a reward's preview of the upgrade)
    keeps the '+', and no space before the '…' ('Block …')."""
    from dataclasses import replace as changed

    from dicey.run import progress
    from dicey.run.state import Reward
    from dicey.tui.screens.reward import RewardScreen
    from dicey.tui.widgets import CardView
    from tui_kit import kit_state, tui_library
    lib = tui_library()
    sword = lib.equipment["sword"]
    lib.equipment["sword"] = changed(sword, name="Sword of the Long Name",
                                     upgraded=changed(sword.upgraded,
                                                      name="Sword of the Long Name"))
    state = kit_state(4)
    state = changed(state, hero=changed(state.hero, equipment=("sword+",) * 6))
    app = make_app(home, library=lib)
    async with app.run_test(size=(100, 30)) as pilot:
        app.continue_run(progress.enter_fight(state))
        await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
        await pilot.pause()
        assert app.screen.query_one("#hero-cards").has_class("-list")
        text = "\n".join(screen_text(app))
        assert all(f"{key} Sword of the Long Name+" in text for key in "abcdef"), text

    reward = progress.finish_fight(lib, progress.enter_fight(kit_state(4)), 0, 3, 17)
    reward = changed(reward, offers=(Reward("upgrade", "sword"), Reward("heal", amount=5)))
    app = make_app(home, library=lib)
    async with app.run_test(size=(50, 24)) as pilot:
        app.continue_run(reward)
        await wait_until(pilot, lambda: isinstance(app.screen, RewardScreen))
        await pilot.pause()
        await pilot.pause()
        seen = set()
        for width in range(50, 23, -1):         # (each cut of the name, one at a space)
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            await pilot.pause()
            views = [v for v in app.screen.query("#offer-preview CardView") if v.display]
            titles = [str(v.border_title) for v in views]
            assert len(titles) == 2 and titles[1].endswith("+"), titles
            assert not any(" …" in t for t in titles), titles
            assert "Sword of …" not in "\n".join(screen_text(app))     # (as drawn)
            # every cell the border leaves the title is used (the border and padding were
            # taken off twice: 'a Cr…+' where 'a Crowbar+' fitted)
            room = [v.outer_size.width - 6 for v in views]  # (a cut keeps no space before …)
            assert all(r - 2 <= len(t) <= r if "…" in t else len(t) <= r
                       for t, r in zip(titles, room)), (titles, room)
            seen.update(titles)
        assert "Sword of…" in seen and "Sword of…+" in seen, seen


async def test_a_shocked_card_says_so_whole(home):
    """Six cards at 80 columns: '×2 SHOCKED' did not fit a card's bottom border, which cut
    it to '×2 SHO…'. Listed now (boxes would cut the names), the line says it whole; a
    box with room keeps both."""
    from dataclasses import replace as changed

    from dicey.run import progress
    from dicey.tui.widgets import CardView
    from tui_kit import kit_state, tui_library
    lib = tui_library()
    state = kit_state(4)
    state = changed(state, hero=changed(state.hero, equipment=("lockpick",) * 6))
    for width in (80, 160):
        app = make_app(home, library=lib)
        async with app.run_test(size=(width, 30)) as pilot:
            app.continue_run(progress.enter_fight(state))
            await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
            screen = app.screen
            await pilot.pause()
            hero = screen.session.fight.fighters[0]
            hero.cards[0] = hero.cards[0]._replace(shocked=True, uses_left=2)
            screen.refresh_view()
            await pilot.pause()
            row = screen.query_one("#hero-cards")
            assert row.has_class("-list") == (width == 80)
            if width == 80:
                line = next(r for r in screen_text(app) if "a Lockpick" in r)
                assert "×2 SHOCKED" in line, line
            else:
                view = list(row.query(CardView))[0]
                assert str(view.border_subtitle) == "×2 SHOCKED"


async def test_more_dice_than_the_row_holds_show_around_the_cursor(home):
    """A mod's hero may roll 24 dice: 13 fitted 80 columns, and → went on to dice no one
    could see. The row shows those around the cursor, and says how many lie beyond."""
    from dicey.tui.widgets import DiceTray, DieView
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        screen.session.fight.set_position(0, dice=[(n % 6) + 1 for n in range(24)])
        screen.refresh_view()
        await pilot.pause()
        tray = screen.query_one(DiceTray)

        def visible():
            return [d for d in tray.query(DieView) if d.display]

        room = (tray.content_size.width - 2 * DiceTray.BEYOND) // DiceTray.NARROW
        before, after = tray.query_one(".beyond-before"), tray.query_one(".beyond-after")
        assert 1 < room < 24 and len(visible()) == room
        assert [d.index for d in visible()] == list(range(room))
        assert (str(before.render()), str(after.render())) == ("", f"{24 - room}›")
        for _ in range(20):
            await pilot.press("right")
        shown_now = [d.index for d in visible()]
        assert len(shown_now) == room and shown_now[-1] == 20
        assert [d.index for d in tray.query(DieView) if d.has_class("-cursor")] == [20]
        assert (str(before.render()), str(after.render())) == (f"‹{21 - room}", "3›")
        await pilot.pause()
        await wait_until(pilot, lambda: f"‹{21 - room}" in screen_text(app)[tray.region.y + 1],
                         "the count of the dice before")
        await pilot.press("left")          # inside the window: it stays where it is
        assert [d.index for d in visible()] == shown_now
        await pilot.press("1")             # the first die: the window goes back to it
        assert [d.index for d in visible()] == list(range(room))
        screen.session.fight.set_position(0, dice=[1, 2, 3])
        screen.refresh_view()
        await pilot.pause()
        assert len(visible()) == 3 and not before.display and not after.display


async def test_more_cards_than_a_row_holds_show_around_the_card_cursor(home):
    """Cards taken and given add up: from about 20 a row showed empty boxes, and cards past
    the 20th were not on the screen at all. A crowded row lists its cards, a line each in
    columns; the lines that do not fit show around the cursor, a line at a time."""
    from dicey.tui.widgets import CardRow
    app = make_app(home)
    async with app.run_test(size=(80, 20)) as pilot:
        screen = await into_gambler(pilot)
        screen.session.fight.set_position(0, equipment=["dagger", "rock"] * 12)
        screen.refresh_view()
        await pilot.pause()
        await pilot.pause()
        row = screen.query_one("#hero-cards", CardRow)

        def visible():
            return [c.index for c in row.query(CardView) if c.display]

        columns = row.query_one(".window-items").styles.grid_size_columns
        lines = row.content_size.height
        assert row.has_class("-list") and columns > 1 and lines * columns < 24
        room = lines * columns
        assert visible() == list(range(room))
        after = row.query_one(".beyond-after")
        assert str(after.render()) == f"↓{24 - room}"     # (a list's: the cards below)
        await pilot.press("down")                      # onto your first card
        for _ in range(22):
            await pilot.press("down")
        await pilot.pause()
        assert cursor_on(screen) == (0, 22) and 22 in visible()
        first = visible()[0]
        assert first % columns == 0 and len(visible()) == 24 - first   # the last lines
        assert str(row.query_one(".beyond-before").render()) == f"↑{first}"
        assert not after.display or str(after.render()) == ""
        enemy = screen.query_one("#enemy-cards", CardRow)     # (4 cards: all of them)
        assert not enemy.query_one(".beyond-before").display
        assert len([c for c in enemy.query(CardView) if c.display]) == 4


async def test_the_key_line_names_the_card_keys_there_are(home):
    """With seven cards it said 'a-i card', though g and h play no card."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        screen.session.fight.set_position(0, equipment=["dagger"] * 7)
        screen.refresh_view()
        await pilot.pause()
        assert "a-f, i card" in shown(screen.query_one(KeyBar))
        await pilot.press("1")
        await pilot.press("j")
        assert message(screen) == "There is no card j: your cards are a-f, i."


async def test_pgup_and_pgdn_page_a_short_log_by_the_lines_it_shows(home, library):
    """At 80×24 a hero of 12 cards leaves the log 3 lines: pgup and pgdn move it by those
    3 lines (a playtest saw it move one line a key)."""
    from tui_kit import base_game_state, into_fight
    app = make_app(home, library=library)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, ("dagger",) * 12, 7))
        log = screen.query_one(FightLog)
        for n in range(30):
            log.add_line(f"line {n}")
        await pilot.pause()
        shown = log.scrollable_content_region.height
        assert shown == 3 and log.is_vertical_scroll_end
        end = log.scroll_y
        for key, at in [("pageup", end - 3), ("pageup", end - 6), ("pagedown", end - 3)]:
            await pilot.press(key)
            await pilot.pause()
            assert log.scroll_y == at, key
