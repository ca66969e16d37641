"""The title screen in a terminal narrower than 80 columns."""
from __future__ import annotations

import os

import pytest

from tui_kit import make_app, screen_text


async def test_the_menu_stays_on_a_narrow_screen(home):
    """The menu was 72 columns wide whatever the terminal: at 60 its right side, and the
    end of the continue line, ran off the screen."""
    app = make_app(home)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert 0 < menu.region.right <= 60
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        assert menu.region.width == 72                   # as wide as ever, given the room


def library_with(*mods: str):
    """The game's content with these mods, as ``dicey play --mods mods/…`` loads it."""
    from argparse import Namespace

    from dicey.commands._shared import library_from
    from dicey.library import ROOT
    return library_from(Namespace(mods=[str(ROOT / "mods" / m) for m in mods], no_mods=False),
                        report=False)


def mods_line(app) -> str:
    return str(app.screen.query_one("#title-mods").render())


async def test_the_title_names_the_mods_that_loaded(home):
    """``--mods mods/frostbite``: the title says so, by the name and version of its
    mod.toml; two mods, at 40 columns, are cut to one line that ends with …"""
    app = make_app(home, library=library_with("frostbite"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert mods_line(app) == "Mods: Frostbite 1.0.0"
        assert "Mods: Frostbite 1.0.0" in "\n".join(screen_text(app))

    app = make_app(home, library=library_with("frostbite", "rebalance"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert mods_line(app) == "Mods: Frostbite 1.0.0, Rebalance 1.0.0"
        await pilot.resize_terminal(36, 24)
        await pilot.pause()
        line = app.screen.query_one("#title-mods")
        assert line.region.height == 1 and line.region.right <= 36
        assert mods_line(app).endswith("…") and mods_line(app).startswith("Mods: Frostbite")
        assert len(mods_line(app)) == line.content_size.width


async def test_no_mods_no_line(home):
    app = make_app(home, library=library_with())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#title-mods").display
        assert not any("Mods:" in row for row in screen_text(app))


async def test_on_a_short_screen_the_logo_gives_way_to_the_menu_and_the_notices(home):
    """At 60×18 the logo pushed the end of the menu, the mods and the notice of a mod that
    did not load off the bottom (the screen scrolled); now the logo goes, and comes back
    when there is room."""
    notice = "Mod 'frost' was not loaded (1 error)."
    app = make_app(home, library=library_with("frostbite"), notices=(notice,))
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = "\n".join(screen_text(app))
        assert "Quit" in text and "Mods: Frostbite 1.0.0" in text and notice in text
        assert app.screen.max_scroll_y == 0
        assert not app.screen.query_one("#logo-box").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#logo-box").display
        assert notice in "\n".join(screen_text(app)) and app.screen.max_scroll_y == 0


async def test_on_a_wide_screen_the_menu_is_centred_under_the_logo(home):
    """At 100 columns the logo and the tagline were centred, the menu and the lines under
    it stood on the left (4 columns in)."""
    notice = "Mod 'frost' was not loaded (1 error): run 'dicey check' to see why."
    app = make_app(home, library=library_with("frostbite"), notices=(notice,))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        menu, logo = screen.query_one("#menu"), screen.query_one("#logo")
        assert menu.region.width == 72 and menu.region.x == (100 - 72) // 2
        assert abs((menu.region.x + menu.region.right) - (logo.region.x + logo.region.right)) <= 1
        for line in ("#title-mods", "#title-problem"):       # in the menu's column
            assert screen.query_one(line).region.x == menu.region.x


async def test_the_dungeon_s_line_breaks_after_its_name_on_a_narrow_screen(home):
    """At 60 columns 'The Pit: …' wrapped anywhere, and a word could stand alone under
    the rest; now the name and the line are each on a line of their own."""
    from dataclasses import replace

    from tui_kit import tui_library
    lib = tui_library()
    long = "Three floors of monsters, and a dragon at the very bottom"
    lib.dungeons = {k: replace(d, text=long) for k, d in lib.dungeons.items()}
    app = make_app(home, library=lib)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app)]
        assert lines[lines.index("The Pit") + 1] == long
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert f"The Pit: {long}" in [line.strip() for line in screen_text(app)]


async def test_a_long_dungeon_line_ends_with_an_ellipsis_and_leaves_the_menu_whole(home):
    """A mod's dungeon line of a thousand characters pushed the menu off an 80×24 screen,
    which scrolled with the dungeon's name out of sight; now it stops at three lines."""
    from dataclasses import replace

    from tui_kit import tui_library
    lib = tui_library()
    long = " ".join(["Down past the old mill and the river where nobody goes."] * 18)
    lib.dungeons = {k: replace(d, text=long) for k, d in lib.dungeons.items()}
    app = make_app(home, library=lib)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        lines = [line.strip() for line in screen_text(app)]
        name = lines.index("The Pit")
        shown = lines[name + 1:name + 4]
        assert shown[-1].endswith("…") and lines[name + 4] == ""
        assert all(part in long for part in " ".join(shown).rstrip("…").split())
        assert screen.max_scroll_y == 0
        assert screen.query_one("#menu").region.bottom < 23     # above the key line


async def test_a_long_continue_line_goes_on_after_its_dash(home):
    """A long hero line and a fight under way: 'turn 7' went alone onto a second line."""
    from dataclasses import replace

    from dicey.run.saves import SaveStore
    from tui_kit import gambler_state
    # (a save's level is one its experience reaches: the Gambler's name makes it long)
    state = gambler_state(max_hp=1_000_000, hp=1_000_000)
    SaveStore(home).write(replace(state, stage="map"))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app)
        top = next(i for i, line in enumerate(lines) if "Continue: Warrior" in line)
        assert lines[top].rstrip(" │").endswith("Warrior, level 1, 1000000/1000000 HP")
        assert lines[top + 1].strip(" │").startswith("floor 1: next, ")
        assert "Records" in lines[top + 2]


def test_a_data_folder_that_cannot_be_written_is_named(tmp_path, monkeypatch):
    """A folder no file can be made in (as root every folder is writable, so the trial
    write is refused here by hand); a folder not made yet is judged by the one it would
    be made in."""
    import tempfile

    from dicey.tui.screens.title import folder_problem
    assert folder_problem(tmp_path / "a" / "b") == ""
    refused, make = str(tmp_path), tempfile.mkstemp

    def mkstemp(*args, dir=None, **kwargs):
        if str(dir) == refused:
            raise PermissionError(13, "Permission denied")
        return make(*args, dir=dir, **kwargs)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    said = folder_problem(tmp_path / "a" / "b")
    assert said.startswith(f"Runs cannot be saved: {tmp_path} is a folder no file can be "
                           "written in.")
    assert list(tmp_path.iterdir()) == []          # (nothing left behind, nothing made)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc on this system")
def test_a_folder_the_system_refuses_though_its_permissions_allow_is_named(tmp_path):
    """/proc lets everyone 'write' by its permission bits (os.access says yes for root)
    but takes no new file: the trial write finds it out, for the folder and for one not
    made yet inside it; a folder that can be written in leaves no trial file behind."""
    from pathlib import Path

    from dicey.tui.screens.title import folder_problem
    for home in (Path("/proc"), Path("/proc/dicey-home")):
        assert folder_problem(home).startswith(
            "Runs cannot be saved: /proc is a folder no file can be written in.")
    assert folder_problem(tmp_path) == "" and list(tmp_path.iterdir()) == []


def save_of_a_dungeon_not_loaded(home) -> None:
    """A run of the kit's dungeon with a mod's hero ('Sneak'): neither is loaded in
    the game's content."""
    from dataclasses import replace

    from dicey.run import progress
    from dicey.run.saves import SaveStore
    from tui_kit import tui_library
    modded = tui_library()
    modded.heroes["sneak"] = replace(modded.heroes["warrior"], id="sneak", name="Sneak")
    SaveStore(home).write(progress.new_run(modded, "sneak", 3))


async def read_the_lines_under_the_menu(pilot, app) -> list[str]:
    """Every line under the menu, paged through with pgdn as far as they go; each page
    says how many lines lie beyond it, above and below."""
    from dicey.tui.widgets import PagedLines
    lines = app.screen.query_one("#title-problem", PagedLines)
    seen: list[str] = []
    for _ in range(20):
        rows = str(lines.render()).split("\n")
        assert len(rows) <= lines.content_size.height
        above, shown, below = lines.window(*lines.content_size)
        assert (above > 0) == rows[0].startswith(f"▲ {above} line")
        assert (below > 0) == rows[-1].startswith(f"▼ {below} more line")
        assert above <= len(seen)                           # (no line skipped)
        seen[above:] = [str(t) for t in shown]
        if not below:
            return seen
        await pilot.press("pagedown")
        await pilot.pause()
    raise AssertionError("pgdn never reached the last line")


async def test_the_lines_under_the_menu_are_paged_when_they_do_not_fit(home):
    """A save of a dungeon that is not loaded, --hero's notice, a mod that did not load
    and a problem in the content, and the line c adds: at 80×24 the last lines hid under
    the key line (at 60×18 half of them). Now they end above it, the last row says how
    many more there are, and pgdn pages through every one of them (the menu keeps its
    place)."""
    from dicey.tui.widgets import PagedLines
    save_of_a_dungeon_not_loaded(home)
    notice = "Mod 'frost' was not loaded (1 error): run 'dicey check' to see why."
    problems = "2 problems in the content: run 'dicey check' to see them."
    others = tuple(f"Mod 'frost{i}' was not loaded (1 error): run 'dicey check' to see why."
                   for i in range(2, 6))      # (more than a compact screen holds)
    for width, height in ((80, 24), (60, 18)):
        app = make_app(home, library=library_with("rebalance"), hero="thief",
                       notices=(notice, problems, *others))
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            await pilot.pause()
            lines = app.screen.query_one("#title-problem", PagedLines)
            assert app.screen.max_scroll_y == 0
            assert lines.region.bottom <= height - 1            # above the key line
            every = [str(t) for t in lines.lines(lines.content_size.width)]
            assert len(every) > lines.region.height               # (more than fit)
            shown = screen_text(app)
            assert "The saved run cannot be continued" in "\n".join(shown)
            assert shown[lines.region.bottom - 1].strip().startswith("▼ ")
            assert "Quit" in "\n".join(shown)
            assert await read_the_lines_under_the_menu(pilot, app) == every
            text = " ".join(every)
            for said in ("dungeon 'the_pit', not loaded (was a mod removed?)",
                         "renamed save.json, it goes on", notice, problems,
                         "--hero started none"):
                assert said in text
            assert app.screen.query_one("#menu").highlighted == 0   # (pgdn paged only)
            await pilot.press("pageup")
            await pilot.pause()
            assert lines.top < len(every) - lines.region.height + 1
            await pilot.press("q")


async def _notices_shown(pilot, app) -> tuple[str, bool]:
    """The lines under the menu as shown (joined, each stripped), and whether any is a
    paging sign."""
    from dicey.tui.widgets import PagedLines
    await pilot.pause()
    await pilot.pause()
    lines = app.screen.query_one("#title-problem", PagedLines)
    rows = [row.strip() for row in str(lines.render()).split("\n")]
    return " ".join(rows), any(row.startswith(("▲", "▼")) for row in rows)


DAMAGED_AND_A_MOD = "Mod 'frost' was not loaded (1 error): run 'dicey check' to see why."


@pytest.fixture
def user_home():
    """A data folder whose path is as long as a player's (``/home/ann/.local/share/dicey``
    is 28 characters; a test's own folder is three times that, and a notice quotes it)."""
    import shutil
    import tempfile
    from pathlib import Path
    top = Path(tempfile.mkdtemp(prefix="d", dir="/tmp"))
    yield top / "ann/.local/share/dicey"
    shutil.rmtree(top)


async def test_at_60x18_a_damaged_save_and_a_mod_s_notice_are_read_whole(user_home):
    """At 60×18 the title showed its notices two or three lines at a time (paged): now the
    screen turns compact (the dungeon's name alone, the menu without its box) and every
    notice is read whole; at 80×24 and 120×40 the title is as it was (the menu's box, the
    dungeon's line, and at 120×40 the logo)."""
    home = user_home
    home.mkdir(parents=True, exist_ok=True)
    (home / "save.json").write_text("{ broken")
    for width, height in ((60, 18), (80, 24), (120, 40)):
        app = make_app(home, library=library_with("frostbite"), notices=(DAMAGED_AND_A_MOD,))
        async with app.run_test(size=(width, height)) as pilot:
            shown, paged = await _notices_shown(pilot, app)
            text = "\n".join(screen_text(app))
            assert not paged and app.screen.max_scroll_y == 0, (width, shown)
            for said in ("save.json does not read", "there is no earlier save to fall back on.",
                         "The damaged file is kept: the next save moves it aside, as "
                         "save.damaged.json.", DAMAGED_AND_A_MOD):
                assert said in shown, (width, said)
            assert "Quit" in text and "Mods: Frostbite 1.0.0" in text
            compact = width == 60
            assert app.screen.has_class("-compact") == compact
            assert ("╭" in text) != compact                     # the menu's box
            assert ("Five floors of monsters" in text) != compact       # the dungeon's line
            assert app.screen.query_one("#logo-box").display == (width == 120)
            await pilot.resize_terminal(80, 24)                 # room again: as it was
            await pilot.pause()
            await pilot.pause()
            assert not app.screen.has_class("-compact") and "╭" in "\n".join(screen_text(app))


async def test_notices_that_do_not_fit_are_paged_a_notice_at_a_time(home):
    """When even a compact screen cannot hold them all, pgdn starts a page at the first
    notice it did not show whole (it began a page in the middle of one), and pgup goes
    back to whole ones."""
    from dicey.tui.widgets import PagedLines
    notices = tuple(f"Mod 'frost{i}' was not loaded (1 error): run 'dicey check' to see why, "
                    "and what it would have added." for i in range(8))
    app = make_app(home, library=library_with(), notices=notices)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        await pilot.pause()
        lines = app.screen.query_one("#title-problem", PagedLines)
        width = lines.content_size.width
        starts, every = lines.starts(width), lines.lines(width)
        assert len(every) > lines.content_size.height and starts[1] == 2   # 2 lines each
        tops = [lines.top]
        for key in ["pagedown"] * 5 + ["pageup"] * 5:
            await pilot.press(key)
            await pilot.pause()
            tops.append(lines.window(*lines.content_size)[0])
        assert tops[0] == 0 and max(tops) > 0
        last = len(every) - (lines.content_size.height - 1)          # (the last page)
        assert all(top in starts or top == last for top in tops), tops
        assert tops[-1] == 0
        shown, _ = await _notices_shown(pilot, app)
        assert notices[0] in shown


async def test_at_60x18_a_run_to_continue_and_a_damaged_save_show_all_five_items(user_home):
    """A damaged save.json, the run before it offered, a mod's notice, at 60×18: the
    compact menu's continue line ('Warrior, level 1, 24/24 HP — floor 1: next, Rat') wrapped
    to two lines and one of the five items hid behind a scrollbar. Now it is one line,
    without the level; at 60×24, boxed, it goes on after its dash ('floor' and its number
    were wrapped apart); at 80×24 it is whole on one line."""
    from dicey.run import progress
    from dicey.run.saves import SaveStore
    from dicey.tui.widgets import Menu
    home = user_home
    home.mkdir(parents=True, exist_ok=True)
    lib = library_with("frostbite")
    run = progress.new_run(lib, "warrior", 3)
    store = SaveStore(home)
    store.write(run)
    store.write(run)                                # (the first is kept as save.json.bak)
    (home / "save.json").write_text("{ broken")
    where = f"floor 1: next, {lib.enemies[progress.current_enemy(run)].name}"
    items = ("New run", "Continue: Warrior", "Records", "Help", "Quit")
    for width, height, compact in ((60, 18, True), (60, 24, False), (80, 24, False)):
        app = make_app(home, library=lib, notices=(DAMAGED_AND_A_MOD,))
        async with app.run_test(size=(width, height)) as pilot:
            shown, paged = await _notices_shown(pilot, app)
            assert app.screen.has_class("-compact") == compact, (width, height)
            assert "the previous save is offered instead" in shown and not paged
            menu = app.screen.query_one("#menu", Menu)
            assert menu.max_scroll_y == 0, (width, height)              # no scrollbar
            rows = [row.strip(" │▶") for row in screen_text(app)[menu.region.y:
                                                                  menu.region.bottom]]
            lines = [row for row in rows if row and not row.startswith(("╭", "╰"))]
            assert [any(line.startswith(item) for line in lines) for item in items] == \
                [True] * 5, (width, lines)
            cont = next(line for line in lines if line.startswith("Continue"))
            if compact:
                assert cont == f"Continue: Warrior, 24/24 HP — {where}", cont
                assert len(lines) == 5
            elif width == 60:
                assert cont == "Continue: Warrior, level 1, 24/24 HP", cont
                assert where in lines
            else:
                assert cont == f"Continue: Warrior, level 1, 24/24 HP — {where}", cont


def test_a_save_and_a_backup_of_a_mod_not_loaded_name_both_files():
    """Both a run of a mod hero not loaded now: the notice named save.damaged.json only,
    and the save after it moved the backup to save.damaged.2.json unsaid."""
    from dicey.run.saves import UNLOADED_HINT
    from dicey.tui.screens.title import kept_notice
    problem = f"its hero 'hoarder' is not loaded{UNLOADED_HINT}"
    both = kept_notice(problem, ["save.damaged.json", "save.damaged.2.json"])
    assert "as save.damaged.json (the newer) and save.damaged.2.json;" in both
    assert "renamed save.json, one goes on" in both
    one = kept_notice(problem, ["save.damaged.json"])
    assert "as save.damaged.json;" in one and "2.json" not in one


async def test_new_run_asks_first_over_a_saved_run_of_mods_not_loaded(home):
    """A whole run of a mod not loaded now (the game started without its --mods): New run
    and a hero key set it aside at once, where a run that reads is asked about twice.
    New run asks first now, and says how to go on with the saved run; any other key takes
    the question back."""
    from dicey.tui.screens.heroes import HeroScreen
    from dicey.tui.screens.title import SETS_ASIDE, TitleScreen
    from tui_kit import wait_until
    save_of_a_dungeon_not_loaded(home)
    saved = (home / "save.json").read_bytes()
    app = make_app(home, library=library_with("rebalance"))

    def said() -> str:
        return str(app.screen.query_one("#title-problem").text)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.loaded.state is None                   # (it does not read)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and said().startswith(SETS_ASIDE)
        await pilot.press("down")                                # another key: taken back
        await pilot.pause()
        assert SETS_ASIDE not in said()
        await pilot.press("n")                                   # asked again
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and said().startswith(SETS_ASIDE)
        await pilot.press("n")                                   # the second n: the heroes
        await wait_until(pilot, lambda: isinstance(app.screen, HeroScreen))
        await pilot.press("q")
    assert (home / "save.json").read_bytes() == saved            # nothing moved yet
