"""Buttons on the fight screen: a button's face says whether it is ready (no die slot), its
letter (or enter on it) uses it, one not ready says when it will be, and help says how."""
from __future__ import annotations

from dataclasses import replace

import pytest

from button_kit import button_library
from dicey.rules.protocol import Move
from dicey.run import progress
from dicey.run.saves import SaveStore
from dicey.tui.app import DiceyApp, PlayConfig
from dicey.tui.widgets import CardView
from tui_kit import fight_screen, hero_turn_or_end, screen_text, wait_until


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return button_library(tmp_path_factory.mktemp("buttons"))


def button_run(library, equipment):
    state = progress.new_run(library, "warrior", 11)
    hero = replace(state.hero, equipment=tuple(equipment), hp=40, max_hp=40)
    return progress.enter_fight(replace(state, hero=hero))


async def into_fight(pilot, app, library, equipment):
    app.continue_run(button_run(library, equipment))
    await wait_until(pilot, lambda: type(app.screen).__name__ == "FightScreen")
    await hero_turn_or_end(pilot)
    await pilot.pause()
    return fight_screen(app)


def faces(screen):
    return {w.card.name: str(w.face()).split("\n")[0]
            for w in screen.query("#hero-cards CardView").results(CardView)}


async def test_a_button_shows_ready_and_its_letter_uses_it(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Buzzer", "Low Button"])
        assert faces(screen) == {"Sword": "[any]", "Buzzer": "[ready]",
                                 "Low Button": "[not yet]"}
        assert any("[ready]" in line for line in screen_text(app))
        session = screen.session
        made = len(session.moves)
        frog = session.fight.fighters[1].hp
        await pilot.press("b")
        await pilot.pause()
        assert session.moves[made:] == [Move.use("Buzzer", 1)]
        assert session.fight.fighters[1].hp == frog - 1
        assert session.fight.fighters[0].cards[1].uses_left == 1
        # a button not ready: nothing is played, and the message says when it will be
        await pilot.press("c")
        await pilot.pause()
        assert len(session.moves) == made + 1
        message = str(screen.query_one("#message").render())
        assert "Low Button is not ready yet (ready when self.hp <= 10)." in message
        # once it is, its face says so, and enter on it (the card cursor) uses it
        session.fight.set_position(0, hp=10)
        screen.refresh_view()
        await pilot.pause()
        assert faces(screen)["Low Button"] == "[ready]"
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert session.moves[-1] == Move.use("Low Button", 2)


async def test_a_button_is_used_with_no_dice_left(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Buzzer"])
        session = screen.session
        session.fight.fighters[0].set_dice([])     # the dice all spent
        screen.refresh_view()
        await pilot.press("a")                     # the Sword: no die to play
        await pilot.pause()
        assert "No dice left" in str(screen.query_one("#message").render())
        await pilot.press("b")                     # the button needs none
        await pilot.pause()
        assert session.moves[-1] == Move.use("Buzzer", 1)


async def test_help_says_how_to_use_a_button(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 60)) as pilot:
        await into_fight(pilot, app, lib, ["Sword", "Buzzer"])
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(" ".join(screen_text(app)).replace("│", " ").split())
        assert "a button ([ready]) is used at once, with no die" in text
    # and the legend of the cards' notation, further down the help
    from dicey.tui.keys import LEGEND
    assert ("[ready] [not yet]", "a button: it takes no die; its key (or enter on it) "
            "uses it when it is ready; not yet: x says when it will be") in LEGEND
    assert ("[used] [used up]", "a button with no use left this turn · used up for the "
            "fight") in LEGEND


def test_a_button_read_whole_says_it_takes_no_die_and_when_it_is_ready(lib):
    from dicey.rules.state import fresh_card
    from dicey.tui import faces

    limit = fresh_card(lib.equipment["limit"])._replace(vars=(("charge", 3),))
    title, lines = faces.card_details(limit, "b", ready=False)
    said = dict(lines)
    assert title == "b Limit"
    assert said["slots"] == "[not yet]"
    assert said["takes"] == "no die: a button; press b or click it to use it"
    assert said["ready"] == "not ready yet (ready when charge >= 5; charge is 3 now)"
    assert said["so far"] == "charge 3"
    assert faces.card_line(limit, "b").startswith("b Limit: [press] Charge 3/5")
    sword = dict(faces.card_details(fresh_card(lib.equipment["sword"]))[1])
    assert "ready" not in sword


async def test_a_shocked_button_shows_its_readiness_and_its_key_releases_it(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Buzzer"])
        session = screen.session
        hero = session.fight.fighters[0]
        hero.set_card(1, hero.cards[1]._replace(shocked=True))
        screen.refresh_view()
        await pilot.pause()
        assert faces(screen)["Buzzer"] == "[ready]"           # ready, once released:
        buzzer = [w for w in screen.query("#hero-cards CardView").results(CardView)
                  if w.card.name == "Buzzer"][0]
        assert "SHOCKED" in str(buzzer.border_subtitle)       # the border says so
        await pilot.press("1", "b")
        await pilot.pause()
        assert session.moves[-1].action == "release" and not hero.cards[1].shocked
        assert faces(screen)["Buzzer"] == "[ready]"
        await pilot.press("b")
        await pilot.pause()
        assert session.moves[-1] == Move.use("Buzzer", 1)
