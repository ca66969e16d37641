"""What the screens look like at 80×24, and a fight at 120×40 (pytest-textual-snapshot;
update with ``pytest tests/tui --snapshot-update`` after a deliberate change, and look at
the result)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from dicey.run import progress
from tui_kit import fight_screen, gambler_state, hero_turn_or_end, kit_state, make_app, \
    saga_library, wait_until

SIZE = (80, 24)


def app_at(home, state=None, **config):
    app = make_app(home, seed=4, **config)
    if state is None:
        return app, None

    async def show(pilot):
        app.continue_run(state)
        await wait_until(pilot, lambda: type(app.screen).__name__ != "TitleScreen")
        await pilot.pause()
    return app, show


def test_title(snap_compare, home):
    app, _ = app_at(home)
    assert snap_compare(app, terminal_size=SIZE)


def test_hero_choice(snap_compare, home):
    app, _ = app_at(home)
    assert snap_compare(app, terminal_size=SIZE, press=["n"])


def test_dungeon_map(snap_compare, home):
    state = replace(kit_state(4, hp=21, xp=1, backpack=("rock",)), step=1,
                    history=(progress.FightSummary(1, "rat", "won", 2, 21, 1, 1),))
    app, show = app_at(home, state)
    assert snap_compare(app, terminal_size=SIZE, run_before=show)


def test_fight(snap_compare, home):
    app, _ = app_at(home)

    async def into_fight(pilot):
        await pilot.press("n", "1", "enter", "2", "b")   # a die on the Shield
        await hero_turn_or_end(pilot)
        await pilot.press("T")                            # the turn ends, no question
        await hero_turn_or_end(pilot)
        await pilot.press("2")                            # the cursor on die 2
        fight_screen(app)
    assert snap_compare(app, terminal_size=SIZE, run_before=into_fight)


def test_fight_after_a_die_is_played(snap_compare, home):
    """Die 2 played: the others keep their numbers (1 and 3: a gap between), and the key
    line says so (``1, 3 die``)."""
    app, _ = app_at(home)

    async def play_die_2(pilot):
        await pilot.press("n", "1", "enter", "2", "a")  # die 2 (a 5) on the Sword
        await pilot.press("3")                            # the cursor on die 3
        assert [m.die for m in fight_screen(app).session.moves] == [5]
    assert snap_compare(app, terminal_size=SIZE, run_before=play_die_2)


def test_fight_with_marked_dice_and_cards(snap_compare, home):
    """Burning, locked and blind dice; a shocked and a weakened card; statuses."""
    app, _ = app_at(home)

    async def marked(pilot):
        await pilot.press("n", "1", "enter")
        screen = fight_screen(app)
        screen.session.fight.set_position(1, statuses={"poison": 2, "thorns": 1})
        screen.session.fight.set_position(0, dice=[5, 3, 2, 6], burning=[0], locked=[1],
                                          blind=[2], shocked=["Sword"], weakened=["Shield"],
                                          statuses={"shield": 3})
        screen.refresh_view()
        await pilot.press("4", "down")
    assert snap_compare(app, terminal_size=SIZE, run_before=marked)


def test_fight_with_cards_held_for_a_while(snap_compare, home):
    """The hero given a Hammer for 2 turns and holding the Gambler's Lucky 7 for this one,
    the Gambler the hero's Sword for 2 of its turns: the hero's boxes say until when on
    their bottom edges, short (``to turn 3``); the Gambler's list, in words (``goes after
    turn 4``, ``back after this turn``)."""
    import random

    from dicey.lang.chance import SampleChance
    app, show = app_at(home, gambler_state())

    async def lent(pilot):
        await show(pilot)
        screen = fight_screen(app)
        fight = screen.session.fight
        fight._open(SampleChance(random.Random(0)))
        fight._give_card(0, "hammer", 2)
        fight._take_card(0, 1, 0, 1)
        fight._take_card(1, 0, 0, 2)
        fight._close()
        screen.refresh_view()
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=lent)


def test_fight_without_colour(snap_compare, home, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = app_at(home)

    async def into_fight(pilot):
        await pilot.press("n", "1", "enter")
        await hero_turn_or_end(pilot)
    assert snap_compare(app, terminal_size=SIZE, run_before=into_fight)


def test_reading_an_enemy_card_without_colour(snap_compare, home, monkeypatch):
    """The Gambler's faces are cut short (…); the card cursor on one of them (a heavy
    border, without colour too) and the message line shows it whole."""
    monkeypatch.setenv("NO_COLOR", "1")
    app, show = app_at(home, gambler_state())

    async def read(pilot):
        await show(pilot)
        await pilot.press("tab", "down", "down")
    assert snap_compare(app, terminal_size=SIZE, run_before=read)


def test_reading_a_long_card_whole(snap_compare, home):
    """``x`` on the Gambler's Lucky 7, whose modded text (1,258 characters) no face and no
    message line can hold: the card screen over the fight, its text scrolling."""
    app, show = app_at(home, gambler_state(), library=saga_library())

    async def read(pilot):
        await show(pilot)
        await pilot.press("tab", "x")
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=read)


def test_fight_at_120x40(snap_compare, home):
    """The cards as tall as their faces; the log below takes the rest."""
    app, show = app_at(home, gambler_state())
    assert snap_compare(app, terminal_size=(120, 40), run_before=show)


def test_reward(snap_compare, home):
    state = progress.finish_fight(make_app(home).library, progress.enter_fight(kit_state(4)),
                                  0, 3, 17)
    app, show = app_at(home, state)
    assert snap_compare(app, terminal_size=SIZE, run_before=show)


def test_dungeon_map_after_a_reward_taken_by_its_number(snap_compare, home):
    """The map says what the number key took (here 2: the upgrade)."""
    state = progress.finish_fight(make_app(home).library, progress.enter_fight(kit_state(4)),
                                  0, 3, 17)
    app, show = app_at(home, state)

    async def take_the_second(pilot):
        await show(pilot)
        await pilot.press("2")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "DungeonScreen")
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=take_the_second)


def test_inventory(snap_compare, home):
    state = kit_state(4, equipment=("sword+", "shield", "rock"), backpack=("dagger", "hammer"))
    app, show = app_at(home, state)

    async def open_inventory(pilot):
        await show(pilot)
        await pilot.press("i", "tab", "down")
    assert snap_compare(app, terminal_size=SIZE, run_before=open_inventory)


@pytest.mark.parametrize("hero", ["warrior", "weakling"])
def test_end_of_a_run(snap_compare, home, hero):
    from run_kit import play_run
    app, _ = app_at(home)
    state = play_run(app.library, progress.new_run(app.library, hero, 4))
    app, show = app_at(home, state)
    assert snap_compare(app, terminal_size=SIZE, run_before=show)


def test_help_over_a_fight(snap_compare, home):
    app, _ = app_at(home)
    assert snap_compare(app, terminal_size=SIZE, press=["n", "1", "enter", "question_mark"])


def test_compact_title_with_a_run_to_continue(snap_compare, home):
    """60×18 with a run saved and notices under the menu: the title is compact, and its
    continue line is one line, so all five items show."""
    from dicey.run.saves import SaveStore
    SaveStore(home).write(kit_state(4))
    notices = ("Mod 'frost' was not loaded (1 error): run 'dicey check --mods mods/frost' "
               "to see why.", "Mod 'sagas' was not loaded (2 errors): run 'dicey check "
               "--mods mods/sagas' to see why.", "Mod 'gold' was not loaded (1 error): run "
               "'dicey check --mods mods/gold' to see why.",
               "2 problems in the content: run 'dicey check' to see them.")
    app = make_app(home, seed=4, notices=notices)

    async def compact(pilot):
        await pilot.pause()
        await pilot.pause()
        from tui_kit import screen_text
        assert app.screen.has_class("-compact"), "\n".join(screen_text(app))
        assert app.screen.query_one("#menu").max_scroll_y == 0
    assert snap_compare(app, terminal_size=(60, 18), run_before=compact)
