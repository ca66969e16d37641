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
from tui_kit import fight_screen, hero_turn_or_end, key_line, screen_text, wait_until


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


def reader_text(app):
    """The screen's lines without the card reader's frame."""
    return "\n".join(line.strip("│ ") for line in screen_text(app))


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


def views(screen, row="#hero-cards"):
    return {w.card.name: w for w in screen.query(f"{row} CardView").results(CardView)}


async def test_a_button_face_says_used_or_used_up_and_six_fit_at_80_columns(home, lib):
    """Six buttons side by side at 80×24 (a card's text is nine cells wide): every mark
    shows whole on its card's first line."""
    six = ["Limit", "Buzzer", "Low Button", "Careful Button", "Pebble", "Wobbly Button"]
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, six)
        screen.session.fight.set_position(1, max_hp=99, hp=99)   # (it outlives the test)
        assert faces(screen) == {"Limit": "[not yet]", "Buzzer": "[ready]",
                                 "Low Button": "[not yet]", "Careful Button": "[ready]",
                                 "Pebble": "[ready]", "Wobbly Button": "[ready]"}
        await pilot.press("b", "b", "e")     # Buzzer twice (its two uses), Pebble once
        await pilot.pause()
        assert [m.action for m in screen.session.moves[-3:]] == ["use"] * 3
        said = faces(screen)
        assert said["Buzzer"] == "[used]" and said["Pebble"] == "[used up]"
        for name, view in views(screen).items():
            assert str(view.face_lines(view.content_size.width)[0]) == said[name], name
        text = "\n".join(screen_text(app))
        assert text.count("[not yet]") == 2 and text.count("[used up]") == 1
        assert text.count("[used]") == 1 and text.count("[ready]") == 2
        # the once-a-fight Limit, charged and used: used up for the fight
        screen.session.fight.set_position(0, card_vars={"Limit": {"charge": 5}})
        screen.refresh_view()
        await pilot.press("a")
        await pilot.pause()
        assert screen.session.moves[-1] == Move.use("Limit", 0)
        assert faces(screen)["Limit"] == "[used up]"
        # a used one says why on the message line, as before
        await pilot.press("b")
        await pilot.pause()
        assert "Buzzer has no uses left this turn." in str(
            screen.query_one("#message").render())


async def test_ready_stands_out_from_the_other_marks_even_with_no_color(home, lib,
                                                                        monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Buzzer", "Low Button"])
        shown = views(screen)

        def mark_style(name):
            """The style the terminal gets for the card's mark (after the app's filters:
            NO_COLOR drops colours)."""
            view = shown[name]
            strip = view.render_line(0)           # (its content's first line: the mark)
            for line_filter in app._filters:
                strip = strip.apply_filter(line_filter, view.background_colors[1])
            return next(seg.style for seg in strip if seg.text.strip().startswith("["))
        ready, not_yet, slots = (mark_style(n) for n in ("Buzzer", "Low Button", "Sword"))
        assert ready.reverse and ready.bold
        assert not not_yet.reverse and not slots.reverse
        assert ready.color is None or ready.color.is_default   # (no colour left)
        text = list(shown["Buzzer"].render_line(1))         # the card's text: not reversed
        assert "Do 1 damage" in "".join(seg.text for seg in text)
        assert not any(seg.style and seg.style.reverse for seg in text)


async def test_a_button_turning_ready_is_said_once(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Limit", "Buzzer", "Low Button"])
        fight = screen.session.fight

        def message():
            return str(screen.query_one("#message").render())
        assert "ready" not in message()     # the Buzzer is ready from the start: no news
        fight.set_position(1, equipment=["Limit"])             # the enemy's: not said
        fight.set_position(1, card_vars={"Limit": {"charge": 5}})
        fight.set_position(0, card_vars={"Limit": {"charge": 5}})
        screen.refresh_view()
        await pilot.pause()
        assert message() == "Limit is ready."
        assert faces(screen)["Limit"] == "[ready]"
        screen.say("something else")
        screen.refresh_view()                                  # no longer news
        await pilot.pause()
        assert message() == "something else"
        fight.set_position(0, hp=10, card_vars={"Limit": {"charge": 0}})
        screen.refresh_view()                                  # one turns ready, one not
        await pilot.pause()
        assert message() == "Low Button is ready."
        assert faces(screen)["Limit"] == "[not yet]"
        fight.set_position(0, hp=40, card_vars={"Limit": {"charge": 0}})   # two at once
        screen.refresh_view()
        fight.set_position(0, hp=10, card_vars={"Limit": {"charge": 9}})
        screen.refresh_view()
        await pilot.pause()
        assert message() == "Limit and Low Button are ready."
        # one shocked: it is ready once released, and the message says so
        fight.set_position(0, hp=40, shocked=["Low Button"])
        screen.refresh_view()
        fight.set_position(0, hp=10)
        screen.refresh_view()
        await pilot.pause()
        assert faces(screen)["Low Button"] == "[ready]"
        assert message() == "Low Button is ready (SHOCKED: release it first)."


async def test_not_ready_and_the_reader_speak_to_a_player(home, lib):
    """The message for a button not ready and the card read whole: the condition as
    written, after words for a player; whether it is ready now; how to use it; what its
    upgrade changes."""
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 40)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Limit"])
        await pilot.press("down", "down")      # the card cursor on the Limit:
        await pilot.pause()                    # the message line shows its face's mark
        assert str(screen.query_one("#message").render()).startswith(
            "b Limit: [not yet] Charge 0/5")
        await pilot.press("b")
        await pilot.pause()
        message = str(screen.query_one("#message").render())
        assert message == "Limit is not ready yet (ready when charge >= 5; charge is 0 now)."
        await pilot.press("x")
        await pilot.pause()
        text = reader_text(app)
        assert "ready    not ready yet (ready when charge >= 5; charge is 0 now)" in text
        assert "takes    no die: a button; press b or click it to use it" in text
        assert "a move of its own" not in text
        assert "upgrade  Limit+: [press] · ready when charge >= 3 (was charge >= 5)" in text
        assert "slots    [not yet]" in text
        screen.session.fight.set_position(0, card_vars={"Limit": {"charge": 5}})
        screen.refresh_view()                  # the reader follows the fight
        await pilot.pause()
        text = reader_text(app)
        assert "ready    ready now (when charge >= 5)" in text
        assert "slots    [ready]" in text


async def test_the_key_line_names_no_die_once_the_dice_are_spent(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Buzzer"])
        screen.session.fight.set_position(0, dice=[3])
        screen.refresh_view()
        await pilot.pause()
        assert key_line(app).startswith("1 die  a-b card")
        await pilot.press("1", "a")            # the last die on the Sword: the Buzzer is left
        await pilot.pause()
        assert screen.session.moves[-1].action == "place"
        assert not screen.session.fight.fighters[0].dice
        assert key_line(app).startswith("a-b card  x read")
        await pilot.press("b", "b")            # the Buzzer's two uses: nothing is left
        await pilot.pause()
        assert key_line(app).startswith("x read  t end turn")


async def test_a_reward_preview_shows_a_limit_break_charge_at_its_start(home, lib):
    from dicey.run.state import Reward
    from dicey.tui.screens.reward import RewardScreen

    state = progress.new_run(lib, "warrior", 11)
    state = progress.finish_fight(lib, progress.enter_fight(state), 0, 3, 17)
    offers = (Reward("card", "fury"), Reward("heal", amount=10), Reward("card", "barricade"))
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_run(replace(state, offers=offers))
        await wait_until(pilot, lambda: isinstance(app.screen, RewardScreen))
        await pilot.pause()
        preview = [w for w in app.screen.query("#offer-preview CardView") if w.display]
        assert [w.card.name for w in preview] == ["Fury"]
        face = str(preview[0].face())
        assert "(0/8)" in face and "[charge]" not in face


def test_the_upgrade_line_shows_the_fresh_card_variables_and_the_new_condition(lib):
    from dicey.rules.state import fresh_card
    from dicey.tui import faces

    fury = fresh_card(lib.equipment["fury"])._replace(vars=(("charge", 8),))
    said = dict(faces.card_details(fury, "a", ready=True)[1])
    assert said["ready"] == "ready now (when charge >= 8)"
    assert said["upgrade"].startswith("Fury+: [press] · ready when charge >= 6 (was "
                                      "charge >= 8) · Limit break: charges as you lose HP "
                                      "(0/6)")
    assert "[charge]" not in said["upgrade"]
    assert "scripts of its own" not in said["upgrade"]    # (the text says what it does)


async def test_six_cards_at_80_columns_show_a_limit_break_charge_on_its_face(home, lib):
    """The text of a card of a row of six is cut long before a limit break's "(3/8)": the
    mark says it where ``[not yet]`` would stand, whole on the card's first line; a
    progress that faults as it is read shows nothing (the mark stays as it would be)."""
    six = ["Sword", "Fury", "Unlucky Roll", "Barricade", "Gauge", "Broken Gauge"]
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, six)
        fight = screen.session.fight
        fight.set_position(1, max_hp=99, hp=99)
        fight.set_position(0, card_vars={"Fury": {"charge": 3}, "Gauge": {"charge": 4}})
        screen.refresh_view()
        await pilot.pause()
        assert faces(screen) == {"Sword": "[any]", "Fury": "[3/8]", "Unlucky Roll": "[0/8]",
                                 "Barricade": "[ready]", "Gauge": "[4/5]",
                                 "Broken Gauge": "[ready]"}
        for name, view in views(screen).items():
            assert str(view.face_lines(view.content_size.width)[0]) == faces(screen)[name]
        text = "\n".join(screen_text(app))
        assert text.count("[3/8]") == 1 and text.count("[0/8]") == 1 and "[4/5]" in text
        # charged: ready; once used, used up (the progress is no longer shown)
        fight.set_position(0, card_vars={"Fury": {"charge": 8}})
        screen.refresh_view()
        await pilot.pause()
        assert faces(screen)["Fury"] == "[ready]"
        await pilot.press("b")
        await pilot.pause()
        assert screen.session.moves[-1] == Move.use("Fury", 1)
        assert faces(screen)["Fury"] == "[used up]"


async def test_the_reader_says_how_far_a_button_has_come(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 40)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Gauge"])
        screen.session.fight.set_position(0, card_vars={"Gauge": {"charge": 2}})
        screen.refresh_view()
        await pilot.press("down", "down")
        await pilot.pause()
        assert str(screen.query_one("#message").render()).startswith("b Gauge: [2/5] Do 8")
        await pilot.press("x")
        await pilot.pause()
        text = reader_text(app)
        assert "slots    [2/5]" in text
        assert "ready    not ready yet: 2 of 5 so far (ready when charge >= 5)" in text


async def test_a_button_used_is_one_line_of_the_log(home, lib):
    app = DiceyApp(lib, SaveStore(home), PlayConfig(enemy_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, app, lib, ["Sword", "Buzzer"])
        await pilot.press("b")
        await pilot.pause()
        lines = [str(line.text) for line in screen.query_one("#log").lines]
        assert [line.strip() for line in lines if "Buzzer" in line] == ["Warrior uses Buzzer"]
