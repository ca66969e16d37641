"""``dicey play`` (and plain ``dicey``): bad flags are reported before the game starts."""
from __future__ import annotations

import asyncio
import sys

import pytest

from dicey.ai.baseline import choose_move
from dicey.cli import main
from dicey.commands import play
from dicey.lang.errors import Diagnostic
from dicey.library import Library
from dicey.tui.screens.dungeon import DungeonScreen
from dicey.tui.screens.heroes import HeroScreen
from dicey.tui.screens.title import TitleScreen
from tui_kit import LIB, make_app, wait_until


def run(capsys, *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:   # argparse exits on bad flags
        code = exc.code
    return code, capsys.readouterr().err


def test_an_unknown_hero_is_named(capsys, home):
    code, err = run(capsys, "play", "--hero", "wariror")
    assert code == 2 and "unknown hero 'wariror'" in err and "(did you mean 'Warrior'?)" in err
    assert "Traceback" not in err


def test_a_negative_delay_is_refused(capsys, home):
    code, err = run(capsys, "--delay", "-1")           # flags alone mean `play`
    assert code == 2 and "--delay must be 0 or more" in err


def test_an_unknown_ai_preset_is_named(capsys, home):
    code, err = run(capsys, "play", "--ai", "nromal")
    assert code == 2 and "unknown AI preset 'nromal'" in err and "normal" in err


def test_a_bad_seed_is_refused_by_the_parser(capsys, home):
    code, err = run(capsys, "play", "--seed", "soon")
    assert code == 2 and "argument --seed: expected an integer ≥ 0, got 'soon'" in err


def test_content_without_a_dungeon_cannot_be_played(capsys, home, tmp_path, monkeypatch):
    from dicey import library
    empty = tmp_path / "content"
    empty.mkdir()
    monkeypatch.setattr(library, "CONTENT_DIR", empty)
    code, err = run(capsys, "play", "--no-mods")
    assert code == 1 and "nothing to play" in err


BASE_ERROR = Diagnostic("content/weapons.dice", 3, 1, "unknown status 'frostbyte'")
MOD_ERROR = Diagnostic("mods/frost/cards.dice", 2, 1, "unknown status 'chill'")


@pytest.mark.parametrize("skipped, problems, expected", [
    ({}, [], ()),
    ({"frost": "1 error"}, [MOD_ERROR], ("Mod 'frost' was not loaded (1 error): run 'dicey check' to see why.",)),
    ({}, [BASE_ERROR, MOD_ERROR], ("1 problem in the content: run 'dicey check' to see "
                                   "them.",)),
])
def test_title_notices_name_what_did_not_load(skipped, problems, expected):
    lib = Library(skipped_mods=skipped, diagnostics=problems)
    assert play._notices(lib) == expected


def test_a_hero_the_dungeon_does_not_offer_is_said_on_the_title():
    from dataclasses import replace
    from dicey.lang.defs import DungeonDef
    lib = Library(heroes={"warrior": replace(LIB.heroes["warrior"]),
                          "hydra": replace(LIB.heroes["warrior"], id="hydra", name="Hydra")},
                  dungeons={"pit": DungeonDef("pit", "The Pit", (), ("warrior",), ())})
    assert play._stranger(lib, "warrior") == () and play._stranger(lib, None) == ()
    (line,) = play._stranger(lib, "hydra")
    assert line.startswith("Hydra is not among the dungeon's heroes (Warrior): --hero starts")
    assert "extend dungeon { heroes: \"Hydra\" }" in line


async def test_a_hero_given_up_front_starts_a_run_at_once(home):
    app = make_app(home, seed=7, hero="weakling")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        assert (app.state.seed, app.state.hero.id) == (7, "weakling")
        await pilot.press("q")
    assert app.return_code == 0


async def test_a_hero_given_up_front_does_not_throw_away_a_saved_run(home):
    """The title guards a saved run (New run twice); the flag went past it, and the run
    was gone after one move. Now the title offers the run, and says why no new one began."""
    first = make_app(home, seed=7, hero="weakling")
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(first.screen, DungeonScreen))
        await pilot.press("q")
    saved = (home / "save.json").read_bytes()
    app = make_app(home, seed=8, hero="weakling")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.state is None
        shown = str(app.screen.query_one("#title-problem").text)
        assert "A run is saved, so --hero started none" in shown
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        assert app.state.seed == 7
        await pilot.press("q")
    assert (home / "save.json").read_bytes() == saved


async def test_a_hero_given_up_front_does_not_set_aside_a_save_that_does_not_read(home):
    """A save of content not loaded now (a mod left out): with --hero a new run began and
    the old one went to save.damaged.json without a word. Now the title says why."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "save.json").write_text("{ not a save")
    app = make_app(home, seed=8, hero="weakling")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.state is None
        shown = str(app.screen.query_one("#title-problem").text)
        assert "save.json does not read" in shown
        assert "A run is saved but does not read, so --hero started none" in shown
        await pilot.press("q")
    assert (home / "save.json").read_text() == "{ not a save"
    assert not (home / "save.damaged.json").exists()


async def test_new_run_after_a_hero_given_up_front_starts_on_that_hero(home):
    """--hero met a save that does not read; the title says New run starts one, and the
    hero screen then started on the first hero (the Warrior), not the one asked for."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "save.json").write_text("{ not a save")
    app = make_app(home, seed=8, hero="weakling")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, HeroScreen))
        await pilot.pause()
        menu = app.screen.query_one("#hero-list")
        assert [h.id for h in app.screen.heroes].index("weakling") > 0
        assert menu.highlighted_option.id == "weakling"
        assert menu.prompts[menu.highlighted].endswith("Weakling")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        assert app.state.hero.id == "weakling"


async def test_the_difficulty_is_chosen_on_the_hero_screen_and_every_enemy_plays_it(home):
    asked = []

    def chooser_for(preset):
        asked.append(preset)
        return choose_move

    app = make_app(home, seed=3, chooser=chooser_for, ai="easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        line = lambda: str(app.screen.query_one("#hero-ai").render())   # noqa: E731
        assert "every enemy plays easy" in line()
        await pilot.press("d")
        assert "every enemy plays normal" in line()
        await pilot.press("d", "d")
        assert "each enemy plays its own AI" in line()      # round again to the start
        await pilot.press("d", "d", "d", "1")
        await wait_until(pilot, lambda: isinstance(app.screen, DungeonScreen))
        assert app.state.ai == "hard"
        assert "every enemy plays hard" in str(app.screen.query_one("#screen-title").render())
        await pilot.press("enter")
        await wait_until(pilot, lambda: asked)
        assert asked == ["hard"]                     # not the kit enemy's own ``ai:``
        await pilot.press("q")


@pytest.mark.parametrize("argv", [[], ["--no-mods"]])
def test_dicey_alone_starts_the_game(monkeypatch, capsys, home, argv):
    """'dicey' with nothing after it printed the usage and exited 2: the README, the usage
    line and docs/playing.md all say it starts the game."""
    from dicey.tui.app import DiceyApp
    started = []
    monkeypatch.setattr(DiceyApp, "run", lambda app: started.append(app))
    monkeypatch.setattr(play, "no_terminal", lambda: None)    # (pytest's streams are none)
    assert main(argv) == 0
    assert len(started) == 1 and "usage" not in capsys.readouterr().out


class _Stream:
    def __init__(self, tty: bool):
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def _terminals(monkeypatch, stdin: bool, stdout: bool, stderr: bool) -> None:
    """Make the game see these streams as terminals or not (capsys holds sys.stdout and
    sys.stderr: whether they are terminals is asked through dicey.tui.driver)."""
    from dicey.tui import driver
    monkeypatch.setattr("sys.stdin", _Stream(stdin))
    monkeypatch.setattr(driver, "is_terminal", lambda stream: {
        id(sys.stdin): stdin, id(sys.stdout): stdout, id(sys.stderr): stderr,
        id(sys.__stdout__): stdout, id(sys.__stderr__): stderr}.get(id(stream), False))


@pytest.mark.parametrize("stdin, stdout, stderr, said", [
    (False, False, False, "standard input and output are not terminals"),
    (True, False, False, "standard output is not a terminal"),
    (False, True, True, "standard input is not a terminal")])
@pytest.mark.parametrize("argv", [[], ["play", "--hero", "Thief"]])
def test_without_a_terminal_the_game_says_it_needs_one(monkeypatch, capsys, home, argv,
                                                       stdin, stdout, stderr, said):
    """'dicey </dev/null >out.txt' started the app, filled out.txt with escape codes and
    the logo, and never returned: it waited for keys no one could press. Now it says it
    needs a terminal, names the commands that need none, and exits 2, the screen never
    opened."""
    from dicey.tui.app import DiceyApp
    started = []
    monkeypatch.setattr(DiceyApp, "run", lambda app: started.append(app))
    real = capsys.readouterr
    _terminals(monkeypatch, stdin, stdout, stderr)
    assert main(argv) == 2
    err = real().err
    assert started == []
    assert err.startswith(f"dicey: error: the game needs a terminal ({said})")
    assert "'dicey fight', 'dicey sim', 'dicey plan' and 'dicey graph'" in err


@pytest.mark.parametrize("stdout, stderr, on_stdout", [(True, True, False),
                                                        (False, True, False),
                                                        (True, False, True)])
def test_the_screen_is_drawn_where_the_terminal_is(monkeypatch, home, stdout, stderr,
                                                   on_stdout):
    """Textual draws on standard error: 'dicey play 2> problems.txt' gave a blank terminal,
    the screen written into the file. With standard error sent away and standard output a
    terminal, the screen is drawn on standard output; '> out.txt' keeps Textual's own."""
    from dicey.tui.app import DiceyApp
    started = []
    monkeypatch.setattr(DiceyApp, "run", lambda app: started.append(app))
    _terminals(monkeypatch, True, stdout, stderr)
    assert main(["play", "--hero", "Thief"]) == 0
    (app,) = started
    drawn_on_stdout = app.driver_class.__name__ == "StdoutDriver"
    assert drawn_on_stdout == on_stdout
    if on_stdout:
        async def made():          # (a driver is made in the app's event loop)
            return app.driver_class(app)._file
        assert asyncio.run(made()) is sys.__stdout__


def test_a_stream_that_cannot_say_is_no_terminal():
    class Closed:
        def isatty(self):
            raise ValueError("I/O operation on closed file")
    from dicey.tui.driver import is_terminal
    assert not is_terminal(Closed()) and not is_terminal(None)
    assert is_terminal(_Stream(True))


def test_the_output_thread_s_error_when_the_terminal_goes_is_not_printed(monkeypatch, home):
    """Closing the terminal under the game (tmux kill-session) made Textual's output thread
    fail writing to it, and its traceback went to 'dicey play 2> problems.txt'. The game
    saves the run as the terminal goes: that error is passed over, and no other."""
    import threading

    from dicey.tui.app import DiceyApp
    from dicey.tui.driver import OUTPUT_THREAD
    monkeypatch.setattr(DiceyApp, "run", lambda app: None)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    _terminals(monkeypatch, True, True, True)
    heard = []
    threading.excepthook = heard.append
    assert main(["play", "--hero", "Thief"]) == 0

    def fail_in(name: str, error: BaseException) -> None:
        def run() -> None:
            raise error
        thread = threading.Thread(target=run, name=name)
        thread.start()
        thread.join()

    fail_in(OUTPUT_THREAD, OSError(5, "Input/output error"))
    assert heard == []
    fail_in(OUTPUT_THREAD, RuntimeError("a bug"))           # not the terminal's going
    fail_in("worker", OSError(5, "Input/output error"))     # nor another thread's
    assert [type(args.exc_value) for args in heard] == [RuntimeError, OSError]
