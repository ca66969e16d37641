"""Reading a card whole (``x``): any card — the hero's, the enemy's, one on offer, one in the
inventory — however long its text, at 80×24 too; the message line cuts a long card and
says so."""
from __future__ import annotations

from dataclasses import replace

from textual.containers import VerticalScroll
from textual.geometry import Region

from dicey.run import progress
from dicey.run.state import Reward
from dicey.rules.protocol import Move
from dicey.tui import faces
from dicey.tui.keys import CARD_DETAIL_KEYS, key_bar
from dicey.tui.screens.card import CardScreen
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.help import HelpScreen
from dicey.tui.screens.reward import RewardScreen
from dicey.tui.widgets import CardView
from tui_kit import SAGA, fight_screen, into_gambler, kit_state, make_app, saga_library, \
    wait_until


def screen_lines(widget) -> list[str]:
    """The lines ``widget`` shows now, as text."""
    lines = widget.render_lines(Region(0, 0, *widget.outer_size))
    return ["".join(s.text for s in line).rstrip() for line in lines]


def on_screen(app) -> str:
    """Everything the terminal shows now, as text (the screens on top of one another)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(s.text for s in strip) for strip in strips)


def body_text(app) -> str:
    """All of the card screen's body (scrolled or not), its lines joined by spaces."""
    details = app.screen.query_one("#card-details")
    return " ".join(" ".join(screen_lines(details)).split())


def message(screen) -> list[str]:
    return [line.strip() for line in screen_lines(screen.query_one("#message")) if line.strip()]


async def test_a_card_longer_than_the_message_line_is_read_whole_at_80x24(home):
    app = make_app(home, library=saga_library())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        await pilot.press("tab")                         # the Gambler's Lucky 7
        lines = message(screen)
        assert len(lines) == 3 and lines[-1].endswith("… x reads it all")
        assert "THE END" not in " ".join(lines)

        await pilot.press("x")
        assert isinstance(app.screen, CardScreen)
        box = app.screen.query_one("#card-box")
        assert box.region.right <= 80 and box.region.bottom <= 24
        title = " ".join(screen_lines(app.screen.query_one("#card-title")))
        assert "Gambler's Lucky 7" in title
        text = body_text(app)
        assert " ".join(faces.card_text(screen.session.fight.fighters[1].cards[0])
                        .split()) in text
        assert "the mod 'sagas'" in text

        # Too long for 80×24: the body scrolls, and its last line can be brought into view.
        body = app.screen.query_one("#card-body", VerticalScroll)
        # (the box is fitted after its first refresh: on a busy machine, later)
        await wait_until(pilot, lambda: body.max_scroll_y > 0, "the card's body")
        assert "the mod 'sagas'" not in on_screen(app)   # (the last line of the body)
        for _ in range(60):                              # (its room settles as it is laid out)
            if body.scroll_y >= body.max_scroll_y:
                break
            await pilot.press("down")
            await pilot.pause()
        await pilot.pause()                              # (drawn before it is read)
        shown = on_screen(app)
        assert "the mod 'sagas'" in shown and "END" in shown

        await pilot.press("escape")
        assert app.screen is screen and screen.session.moves == []


async def test_x_reads_the_card_under_the_cursor_and_arrows_go_through_every_card(home):
    app = make_app(home, library=saga_library())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        hero, enemy = screen.session.fight.fighters
        await pilot.press("x")                           # no cursor yet: your first card
        assert isinstance(app.screen, CardScreen)
        assert (screen.cursor_side, screen.card_cursor) == (0, 0)
        assert app.screen.readable.card is hero.cards[0]
        assert app.screen.readable.key == "a"
        await pilot.press("right")                       # your Shield; the cursor follows
        assert app.screen.readable.card.name == "Shield"
        assert (screen.cursor_side, screen.card_cursor) == (0, 1)
        await pilot.press("right")                       # round to the enemy's first
        assert app.screen.readable.owner == "Gambler"
        assert app.screen.readable.card.name == enemy.cards[0].name
        assert (screen.cursor_side, screen.card_cursor) == (1, 0)
        assert app.screen.query_one("#card-box").border_subtitle == \
            f"1 of {len(enemy.cards) + len(hero.cards)}"
        await pilot.press("left", "enter")               # enter closes too
        assert app.screen is screen
        assert (screen.cursor_side, screen.card_cursor) == (0, 1)

        await pilot.press("tab", "down", "enter")        # enter on an enemy's card reads it
        assert isinstance(app.screen, CardScreen)
        assert app.screen.readable.card.name == enemy.cards[2].name
        await pilot.press("x")
        assert app.screen is screen and screen.session.moves == []


async def test_the_card_read_follows_the_fight(home):
    """Dice put on the card being read show at once (the enemy plays while it is read)."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        screen.session.fight.set_position(0, dice=[5, 2])
        screen.refresh_view()
        await pilot.press("x")
        assert "uses once a turn (1 left this turn)" in body_text(app)
        screen.session.play(Move.place(5, "Sword", 0, 0))
        screen.refresh_view()
        await pilot.pause()
        assert "uses once a turn (none left this turn)" in body_text(app)


async def test_the_hero_kit_a_reward_and_the_inventory_read_their_cards_whole(home):
    lib = saga_library()
    lib.heroes["warrior"] = replace(lib.heroes["warrior"], equipment=("lucky_7", "shield"))
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "x")                      # the Warrior's first card
        assert isinstance(app.screen, CardScreen)
        assert SAGA.split()[-1] == "END" and "THE END" in body_text(app)
        assert "left this turn" not in body_text(app)    # (not in a fight)
        await pilot.press("escape", "escape")

        state = progress.finish_fight(lib, progress.enter_fight(kit_state(4)), 0, 3, 17)
        hurt = replace(state.hero, hp=state.hero.max_hp - 5)   # (full HP: no heal offered)
        app.continue_run(replace(state, hero=hurt, offers=state.offers[:2] + (
            Reward("heal", amount=10),)))
        await wait_until(pilot, lambda: isinstance(app.screen, RewardScreen))
        offer = app.state.offers[0]
        await pilot.press("x")
        assert app.screen.readable.card.defn.id == offer.card
        await pilot.press("escape", "down", "down", "x")  # a heal: no card to read
        assert isinstance(app.screen, RewardScreen)

        app.continue_run(replace(kit_state(4, equipment=("sword", "lucky_7")), stage="map"))
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        await pilot.press("i", "down", "x")
        assert app.screen.readable.card.name == "Lucky 7"
        assert "THE END" in body_text(app)
        await pilot.press("left")
        assert app.screen.readable.card.name == "Sword"


async def test_the_key_is_on_the_key_bar_and_in_help(home):
    app = make_app(home, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        bar = screen_lines(screen.query_one("KeyBar"))[0]
        assert bar.strip() == key_bar(screen._key_line()) and "x read" in bar
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        helped = " ".join(" ".join(screen_lines(app.screen.query_one("#help-keys Static")))
                          .split())
        assert "Reading a card" in helped
        for key in CARD_DETAIL_KEYS:
            assert f"{key.shown} {' '.join(key.help.split())[:20]}" in helped


async def test_a_click_on_a_card_face_still_reads_it_on_the_message_line(home):
    app = make_app(home, library=saga_library())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        card = next(c for c in screen.query(CardView) if c.side == 1 and c.index == 0)
        await pilot.click(card)
        assert message(screen)[-1].endswith("x reads it all")


async def test_a_box_that_leaves_only_a_strip_beside_it_takes_the_whole_width(home):
    """At 80 columns the 76-column card and help boxes left two columns of the screen
    underneath on each side: cut ends of its lines. There, a box fills the width; where
    there is room beside it, it keeps its own."""
    for width, fills in ((80, True), (87, True), (88, False), (120, False)):
        app = make_app(home)
        async with app.run_test(size=(width, 30)) as pilot:
            await pilot.press("n", "x")                  # the Warrior's first card
            assert isinstance(app.screen, CardScreen)
            await pilot.pause()
            box = app.screen.query_one("#card-box").region
            assert (box.x, box.width) == ((0, width) if fills else ((width - 76) // 2, 76))
            await pilot.press("escape", "question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.pause()
            assert app.screen.query_one("#help-box").region.width == (width if fills else 76)
