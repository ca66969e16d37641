"""Names and texts are shown as written, whatever brackets they hold.

Every name a modder gives — a hero, an enemy, a card, a status, the dungeon — reaches the
screen in titles, menus, tables, borders and notices. Textual and Rich read ``[…]`` in a
plain string as markup: ``[/]`` in a card's name stopped the game with a markup error, and
``[b]`` vanished into bold. Here every name and text of a whole run holds both."""
from __future__ import annotations

import random
from dataclasses import replace

from dicey.run.records import RecordBook
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.ending import EndScreen
from dicey.tui.screens.reward import RewardScreen
from run_kit import RunLib
from test_play_by_keys import play_fight_by_keys
from tui_kit import kit_state, make_app, screen_text, wait_until

MARK = "[/]"


def marked(name: str) -> str:
    return f"{MARK}{name} [b]"


def hostile_library() -> RunLib:
    """The run kit with a markup tag in every name and text."""
    lib = RunLib()

    def card(c):
        upgraded = card(c.upgraded) if c.upgraded else None
        return replace(c, name=marked(c.name), text=f"{c.text} [red]{MARK}",
                       upgraded=upgraded)

    lib.equipment = {k: card(c) for k, c in lib.equipment.items()}
    lib.statuses = {k: replace(s, name=marked(s.name), text=f"{s.text} {MARK}")
                    for k, s in lib.statuses.items()}
    lib.heroes = {k: replace(h, name=marked(h.name)) for k, h in lib.heroes.items()}
    lib.enemies = {k: replace(e, name=marked(e.name)) for k, e in lib.enemies.items()}
    lib.dungeons = {k: replace(d, name=marked(d.name)) for k, d in lib.dungeons.items()}
    return lib


def shows(app, text: str) -> bool:
    return any(text in line for line in screen_text(app))


async def test_a_whole_run_with_markup_in_every_name(home):
    lib = hostile_library()
    app = make_app(home, library=lib, seed=2)
    rng = random.Random(0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert shows(app, marked("The Pit"))
        await pilot.press("n")
        await pilot.pause()
        assert shows(app, marked("Warrior"))
        await pilot.press("1")
        read = False
        while not isinstance(app.screen, EndScreen):
            if isinstance(app.screen, DungeonScreen):
                assert shows(app, MARK)
                await pilot.press("i")               # the inventory, between fights
                await pilot.pause()
                assert shows(app, marked("Sword"))
                await pilot.press("escape")
                await pilot.press("enter")
            elif isinstance(app.screen, RewardScreen):
                assert shows(app, MARK)
                await pilot.press("2")
            else:
                if not read:                         # a card read whole, in a fight
                    await wait_until(pilot, lambda: shows(app, marked("Sword")))
                    await pilot.press("x")
                    await pilot.pause()
                    assert shows(app, f"[red]{MARK}")
                    await pilot.press("escape")
                    read = True
                await play_fight_by_keys(pilot, rng)
                await pilot.press("enter")
            await pilot.pause()
        assert shows(app, marked("Dragon")) or shows(app, marked("Warrior"))
        await pilot.press("enter")                   # back to the title
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
        await pilot.press("r")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RecordsScreen")
        assert shows(app, marked("Warrior"))
    [record] = RecordBook(home).load().runs
    assert record.hero_name == marked("Warrior")


async def test_a_notice_shows_a_path_as_written(tmp_path):
    """A notice quotes what a file or the game said: the notice that a save failed lost
    the ``[b]`` of the folder it named."""
    blocker = tmp_path / "[b]not-a-folder"
    blocker.write_text("")
    app = make_app(blocker / "home")
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        app.continue_run(kit_state(4))
        await pilot.pause()
        await pilot.press("q")                            # the save fails: a notice
        await wait_until(pilot, lambda: shows(app, "[b]not-a-folder"), "the notice")
        assert app.return_code is None
