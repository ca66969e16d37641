"""The ``dicey`` command line: exit codes, error forms, and no tracebacks for bad input
(``cli`` is the in-process runner of ``tests/conftest.py``)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_check_base_game_is_clean(cli):
    code, out, err = cli("check")
    assert code == 0, err
    assert "0 errors" in out


def test_check_reports_file_line_col_and_exits_1(cli, tmp_path):
    bad = tmp_path / "bad.dice"
    bad.write_text('equipment "Frosty" {\n    on use { inflict(frostbyte, 2) }\n}\n')
    code, out, err = cli("check", str(bad))
    assert code == 1
    assert f"{bad}:2:22: error: unknown" in err and "frostbyte" in err
    assert "^^^^^^^^^" in err and "Traceback" not in err


def test_check_a_mod_folder(cli, tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "tiny"\nversion = "1.0"\napi = 1\n')
    (folder / "c.dice").write_text('equipment "Pebble" { on use { attack(1) } }\n')
    code, out, err = cli("check", str(folder))
    assert code == 0, err
    assert "tiny 1.0" in out


def test_check_missing_path_exits_2(cli):
    code, out, err = cli("check", "/no/such/place.dice")
    assert code == 2 and "no such file" in err


def test_cards_lists_and_shows_one(cli):
    code, out, _ = cli("cards", "--no-mods")
    assert code == 0 and "Hammer" in out and "Pea Shooter" in out
    code, out, _ = cli("cards", "pea shooter")
    assert code == 0 and "[5 to go]" in out and "defined  content/" in out


def test_cards_unknown_name_suggests(cli):
    # exit 2, as fight and sim give for a name they do not know; the card's own name
    code, _, err = cli("cards", "hamer")
    assert code == 2 and err.endswith("unknown card 'hamer' (did you mean 'Hammer'?)\n")
    assert cli("cards", "pea shoter")[2].endswith("(did you mean 'Pea Shooter'?)\n")


@pytest.mark.parametrize("argv", [["check", "--bogus"], ["nosuchcommand"], ["cards", "a", "b"]])
def test_bad_flags_exit_2_without_traceback(cli, argv):
    code, _, err = cli(*argv)
    assert code == 2 and "usage:" in err and "Traceback" not in err


def test_python_dash_m_is_the_same_program():
    proc = subprocess.run([sys.executable, "-m", "dicey", "--help"], capture_output=True,
                          text=True, cwd=Path(__file__).parent.parent, timeout=60)
    assert proc.returncode == 0 and "check" in proc.stdout and "cards" in proc.stdout


def test_version_says_the_package_version(cli):
    from dicey import __version__
    from importlib.metadata import version

    code, out, err = cli("--version")
    assert (code, out, err) == (0, f"dicey {__version__}\n", "")
    assert __version__ == version("dicey")   # the package and pyproject.toml agree


def test_content_flags_may_come_before_the_command(cli, tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "tiny"\nversion = "1.0"\napi = 1\n')
    (folder / "c.dice").write_text('equipment "Pebble" { on use { attack(1) } }\n')
    code, out, err = cli("--mods", str(folder), "cards", "pebble")
    assert code == 0, err
    assert "Pebble" in out
    assert cli("--no-mods", "cards", "pebble")[0] == 2     # the base game has no Pebble


@pytest.mark.parametrize("argv", [
    ["sim", "--fights", "1", "--json", "{tmp}/no/such/folder/report.json"],
    ["sim", "--fights", "1", "--csv", "{tmp}"],
    ["bench", "--smoke", "--json", "{tmp}/missing/figures.json"],
])
def test_long_runs_check_their_output_paths_before_they_start(cli, tmp_path, argv):
    code, out, err = cli(*(word.format(tmp=tmp_path) for word in argv))
    assert code == 2 and "cannot write" in err and "Traceback" not in err
    assert out == ""                    # refused at once: nothing was run, nothing is lost


def test_a_stray_word_is_reported_by_its_command_with_its_usage(cli):
    code, _, err = cli("sim", "--ai", "easy", "easy")
    assert code == 2 and "dicey sim: error: unrecognized arguments: easy" in err
    assert "usage: dicey sim" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--bogus"], ["--no-mods", "--verbose"]])
def test_a_stray_flag_with_no_command_is_reported_by_dicey(cli, argv):
    """It was 'dicey play: error', of a command the user never typed."""
    code, _, err = cli(*argv)
    assert code == 2 and f"dicey: error: unrecognized arguments: {argv[-1]} (with no " \
        "command, dicey plays the game; 'dicey --help' lists the commands)" in err


def test_a_word_that_mods_took_is_named_when_the_command_misses_it(cli, tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    code, _, err = cli("fight", "--mods", str(folder), "Evil Rat")
    assert code == 2 and "the following arguments are required: ENEMY" in err
    assert "'Evil Rat' was read as a mod folder" in err and "Traceback" not in err
    code, _, err = cli("fight", "--seed", "3")            # no --mods: the plain message
    assert code == 2 and "read as a mod folder" not in err


@pytest.mark.parametrize("stage", ["build_parser", "command_first"])
def test_ctrl_c_while_the_command_starts_is_one_line(cli, monkeypatch, stage):
    # Ctrl-C pressed at once (while the commands are imported or the flags read) showed a
    # traceback: only the command's own run was guarded.
    from dicey import cli as module

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, stage, interrupted)
    code, out, err = cli("sim", "--fights", "1")
    assert (code, out, err) == (130, "", "interrupted\n")


def test_an_error_quoting_a_files_text_prints_its_escapes_escaped(cli, tmp_path):
    scenario = tmp_path / "s.toml"
    scenario.write_text('[actor]\nfighter = "Fr\\u001b[2Jog"\n[opponent]\nfighter = "Warrior"\n')
    code, out, err = cli("plan", str(scenario))
    assert code == 2 and "\x1b" not in err
    assert err == (f"dicey: error: {scenario}:2:1: [actor] fighter: unknown fighter "
                   "'Fr\\x1b[2Jog' (did you mean 'Frog'?)\n"
                   '    fighter = "Fr\\u001b[2Jog"\n'
                   "    ^^^^^^^\n")


@pytest.mark.parametrize("argv, words", [
    (["fight", "Frog", "--hero", "Frog"], "unknown hero 'Frog' (Frog is an enemy)"),
    (["fight", "Warrior"], "unknown enemy 'Warrior' (Warrior is a hero)"),
    (["fight", "Frog", "--vs", "Thief"], "unknown enemy 'Thief' (Thief is a hero)"),
    (["fight", "Frog", "--hero", ""],              # not the default hero
     "unknown hero '' (available: Inventor, Thief, Warrior)"),
    (["sim", "--hero", "Rat", "--fights", "1"], "unknown hero 'Rat' (Rat is an enemy)"),
])
def test_a_fighter_of_the_other_kind_is_named_as_such(cli, argv, words):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and err == f"dicey: error: {words}\n"


@pytest.mark.parametrize("argv, flag", [
    (["fight", "Frog", "--mods", ""], "--mods"),
    (["check", ""], "PATH"),
    (["check", "content", ""], "PATH"),
])
def test_an_empty_path_is_refused_not_read_as_the_current_folder(cli, argv, flag):
    # '' is the current folder to Python: every folder in it was read as a mod
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert f"argument {flag}: an empty path" in err.splitlines()[-1]


def test_the_games_title_names_a_mod_that_did_not_load(tmp_path):
    # it said "1 problem(s) in the content: run 'dicey check'", and dicey check found none
    from dicey.commands import play
    from dicey.library import load_library

    broken = tmp_path / "mods" / "broken"           # a mod's problems are not the content's
    broken.mkdir(parents=True)
    (broken / "mod.toml").write_text('name = "b"\nversion = "1.0"\napi = 1\n')
    (broken / "b.dice").write_text('equipment "B" { on use { attak(d) } }\n')
    lib = load_library(mod_dirs=[tmp_path / "mods"])
    assert play._notices(lib) == ("Mod 'broken' was not loaded (1 error): run 'dicey check' to see why.",)
    # given with --mods, the check to run loads the same folders (plain dicey check loads
    # the bundled mods, and found nothing wrong)
    mods = str(tmp_path / "my mods")
    (tmp_path / "mods").rename(mods)
    lib = load_library(mod_dirs=[mods])
    assert play._notices(lib, [mods]) == (
        f"Mod 'broken' was not loaded (1 error): to see why, run: dicey check --mods '{mods}'",)


def test_sim_refuses_one_file_for_both_reports(cli, tmp_path):
    # the CSV was written over the JSON report at the end of the run
    out = tmp_path / "report"
    code, stdout, err = cli("sim", "--fights", "1", "--json", str(out), "--csv",
                            str(tmp_path / "." / "report"), "--no-progress")
    assert code == 2 and stdout == "" and not out.exists()
    assert err == f"dicey: error: --json and --csv name the same file ({out})\n"


def test_sim_reads_a_preset_named_twice_once(cli, monkeypatch):
    from dicey import simulate

    asked = []
    monkeypatch.setattr(simulate, "plan_jobs", lambda *a, **k: asked.append(a[5]) or [])
    cli("sim", "--fights", "1", "--ai", "easy", "--ai", "easy", "--ai", "hard")
    assert asked == [["easy", "hard"]]


@pytest.mark.parametrize("argv, kind", [
    (["graph", "{scenario}", "-o", "{scenario}", "--ms", "none"], ".toml"),
    (["graph", "{root}/scenarios/frog.toml", "-o", "{dice}", "--ms", "none"], ".dice"),
    (["sim", "--fights", "1", "--json", "{scenario}"], ".toml"),
    (["sim", "--fights", "1", "--csv", "{dice}"], ".dice"),
    (["bench", "--quick", "--json", "{dice}"], ".dice"),
])
def test_a_report_never_overwrites_a_scenario_or_a_dice_file(cli, tmp_path, argv, kind):
    # 'dicey graph frog.toml -o frog.toml' wrote the graph over the scenario
    root = Path(__file__).resolve().parent.parent
    scenario, dice = tmp_path / "frog.toml", tmp_path / "cards.dice"
    scenario.write_text((root / "scenarios" / "frog.toml").read_text())
    dice.write_text('equipment "A" { on use { attack(d) } }\n')
    before = scenario.read_bytes(), dice.read_bytes()
    code, out, err = cli(*(w.format(scenario=scenario, dice=dice, root=root) for w in argv))
    target = scenario if kind == ".toml" else dice
    assert code == 2 and out == "" and (scenario.read_bytes(), dice.read_bytes()) == before
    assert err == (f"dicey: error: cannot write {target}: it is a {kind} file, not a report "
                   "(name another file)\n")


HEROES = "Inventor, Thief, Warrior"


@pytest.mark.parametrize("argv, words", [
    # a name close to one: that one; else every hero (there are few)
    (["play", "--hero", "nobody"], f"unknown hero 'nobody' (available: {HEROES})"),
    (["play", "--hero", "warior"], "unknown hero 'warior' (did you mean 'Warrior'?)"),
    (["fight", "Frog", "--hero", "nobody"], f"unknown hero 'nobody' (available: {HEROES})"),
    (["sim", "--hero", "nobody", "--fights", "1"],
     f"unknown hero 'nobody' (available: {HEROES})"),
    (["sim", "--runs", "1", "--hero", "nobody"], f"unknown hero 'nobody' (available: {HEROES})"),
    (["fight", "frgo"], "unknown enemy 'frgo' (did you mean 'Frog'?)"),
    (["fight", "Frog", "--vs", "slim"], "unknown enemy 'slim' (did you mean 'Slime'?)"),
    # many cards: the command that lists them
    (["cards", "nosuch"], "unknown card 'nosuch' (80 cards: 'dicey cards' lists them)"),
    (["cards", "swrod"], "unknown card 'swrod' (did you mean 'Sword'?)"),
    # AI presets the same way, whichever command takes them
    (["play", "--ai", "impossible"], "unknown AI preset 'impossible' (available: easy, hard, "
                                     "normal)"),
    (["fight", "Frog", "--ai", "impossible"], "unknown AI preset 'impossible' (available: "
                                              "easy, hard, normal)"),
    (["sim", "--ai", "impossible"], "unknown AI preset 'impossible' (available: easy, hard, "
                                    "normal)"),
    (["fight", "Frog", "--ai", "hrad"], "unknown AI preset 'hrad' (did you mean 'hard'?)"),
    (["sim", "--runs", "1", "--hero-ai", "nromal"],
     "unknown AI preset 'nromal' (did you mean 'normal'?)"),
])
def test_an_unknown_name_is_told_the_name_meant_or_the_names_there_are(cli, argv, words):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and err == f"dicey: error: {words}\n"


@pytest.mark.parametrize("argv", [["fight", "nobody"], ["fight", "Frog", "--vs", "nobody"],
                                  ["sim", "--enemy", "nobody", "--fights", "1"]])
def test_an_unknown_enemy_is_told_every_enemy(cli, library, argv):
    # no command lists the enemies: the error does, all of them
    code, out, err = cli(*argv)
    names = sorted((e.name for e in library.enemies.values()), key=str.lower)
    assert code == 2 and out == ""
    assert err == f"dicey: error: unknown enemy 'nobody' (available: {', '.join(names)})\n"



#: Every command, with arguments that would make it run (bench and play stop before).
EVERY_COMMAND = [("fight", "Frog"), ("sim", "--fights", "2"), ("cards", "Sword"),
                 ("plan", str(ROOT / "scenarios" / "frog.toml")), ("check",),
                 ("bench", "--smoke"), ("graph", str(ROOT / "scenarios" / "frog.toml"), "-o",
                                        "-"), ("play", "--hero", "Warrior")]


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: c[0])
def test_a_mods_path_that_names_no_mod_stops_every_command(cli, tmp_path, monkeypatch,
                                                           command):
    """'--mods /tmp/nonexist' printed its error, then ran on the base game alone and exited
    0: a report made without the mod that was asked for, nothing in it to say so. An empty
    folder only got a warning, and 'dicey play' started the game without the mods (a saved
    run of them set aside). The README's rule, for every command: exit 2, one line."""
    import dicey.tui.app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(dicey.tui.app, "DiceyApp", None)   # the game's screen never opens
    loose = tmp_path / "cards.dice"
    loose.write_text('equipment "Loose" { on use { attack(d) } }\n')
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / ".hidden").mkdir()                  # passed over, as in any mods folder
    for wrong, why in ((tmp_path / "nowhere", "mod folder not found"),
                       (loose, "not a mod folder (a mod is a folder with a mod.toml and "
                               ".dice files)"),
                       (empty, "no mods here (a mod is a folder with a mod.toml and .dice "
                               "files)")):
        code, out, err = cli(*command, "--mods", str(wrong))
        assert code == 2 and out == "", err
        assert err == f"dicey: error: --mods {wrong}: {why}; nothing was run\n"


def test_one_wrong_mods_path_among_good_ones_stops_a_command(cli, tmp_path):
    code, out, err = cli("cards", "Sword", "--mods", str(ROOT / "mods" / "frostbite"),
                         str(tmp_path / "gone"))
    assert code == 2 and out == ""
    assert err == f"dicey: error: --mods {tmp_path / 'gone'}: mod folder not found; " \
                  "nothing was run\n"


def test_mods_given_twice_are_both_loaded(cli):
    """'--mods A --mods B' loaded B alone: the second flag replaced the first."""
    code, out, err = cli("check", "--mods", str(ROOT / "mods" / "frostbite"),
                         "--mods", str(ROOT / "mods" / "rebalance"))
    assert code == 0, err
    assert "(mods: frostbite 1.0.0, rebalance 1.0.0)" in out + err


def test_a_card_name_taken_by_mods_is_said_to_be_so(cli):
    """'dicey cards --mods DIR NAME': the name went into --mods, and the error said only
    that no mod folder was there."""
    code, out, err = cli("cards", "--mods", str(ROOT / "mods" / "frostbite"), "Frost Fang")
    assert code == 2 and out == ""
    assert "'Frost Fang' was read as a mod folder: --mods takes every word after it" in err


def test_a_mod_folder_named_with_an_escape_never_reaches_the_terminal_raw(cli, tmp_path):
    """A good mod in a folder named 'x<ESC>[31m' went out raw in check's summary."""
    odd = tmp_path / "mods" / "x\x1b[31m"
    odd.mkdir(parents=True)
    (odd / "mod.toml").write_text('name = "X"\nversion = "1.0"\napi = 1\n')
    (odd / "c.dice").write_text('equipment "Pebble" { on use { attack(1) } }\n')
    code, out, err = cli("check", "--mods", str(tmp_path / "mods"))
    assert code == 1 and "\x1b" not in out + err
    assert "mod 'x\\x1b[31m' skipped: its folder's name is not a mod id" in out


def test_plan_shows_the_pinned_marks_of_the_cards(cli):
    """handyman.toml pins every card shocked: dicey plan showed dice, HP and statuses
    only."""
    code, out, _ = cli("plan", str(ROOT / "scenarios" / "handyman.toml"), "--ms", "none")
    assert code == 0
    assert out.splitlines()[4] == ("  Handyman's cards: Spanner shocked; Hammer shocked; "
                                   "Pea Shooter shocked, 3 to count down")


def test_plan_shows_the_cards_used_this_turn_and_the_opponents_marks(cli, tmp_path):
    scenario = tmp_path / "late.toml"
    scenario.write_text('[actor]\nfighter = "Frog"\ndice = [1]\nused_this_turn = ["Sword"]\n'
                        'cards_used = 2\n[opponent]\nfighter = "Warrior"\n'
                        'weakened = ["Sword"]\n[search]\nms = "none"\n')
    code, out, _ = cli("plan", str(scenario))
    assert code == 0
    assert out.splitlines()[4:6] == [
        "  Frog's cards: used this turn: Sword (2 cards used)",
        "  Warrior's cards: Sword weakened for its next turn"]
