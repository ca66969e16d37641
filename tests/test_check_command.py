"""``dicey check PATH``: a mod folder checked on its own says what the full check says of it,
and a path it cannot check is one line and exit 2 (``cli`` is the runner of conftest.py)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dicey.commands import check
from dicey.library import MODS_DIR, ROOT

TOML = 'name = "{0}"\nversion = "1.0.0"\napi = 1\n'
MISSING = "error: missing mod.toml (every mod folder needs one)"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def mods(tmp_path: Path) -> Path:
    """A mods folder: the bundled frostbite, and embers (cards using frostbite's status)
    without its mod.toml yet."""
    root = tmp_path / "mods"
    shutil.copytree(MODS_DIR / "frostbite", root / "frostbite")
    write(root / "embers" / "cards.dice",
          'equipment "Cold Ember" {\n    text: "Inflict [d] frostbite"\n'
          '    on use { inflict(frostbite, d) }\n}\n')
    return root


def test_a_folder_in_a_mods_folder_without_mod_toml_fails_as_in_the_full_check(cli, mods):
    code, out, err = cli("check", str(mods / "embers"))
    assert code == 1
    assert f"{mods / 'embers' / 'mod.toml'}: {MISSING}" in err
    assert "mod 'embers' skipped: invalid mod.toml" in out and "Traceback" not in err
    code, out, full = cli("check", "--mods", str(mods))
    assert code == 1 and f"{mods / 'embers' / 'mod.toml'}: {MISSING}" in full


def test_a_folder_in_the_games_mods_folder_without_mod_toml_fails(cli, tmp_path,
                                                                   monkeypatch):
    game_mods = tmp_path / "game" / "mods"          # alone there: no mod beside it
    write(game_mods / "draft" / "a.dice", 'equipment "Pebble" { on use { attack(1) } }\n')
    monkeypatch.setattr(check, "MODS_DIR", game_mods.resolve())
    code, out, err = cli("check", str(game_mods / "draft"))
    assert code == 1 and MISSING in err and "mod 'draft' skipped" in out


@pytest.mark.parametrize("kind", ["folder", "broken link", "pipe"])
def test_a_mod_toml_that_is_no_file_fails_its_mod_as_in_the_game(cli, tmp_path, kind):
    """It passed as a folder of loose files (0 errors), where every other command skips
    the mod for it."""
    import os
    mod = tmp_path / "h"
    write(mod / "c.dice", 'equipment "Pebble" { on use { attack(1) } }\n')
    toml = mod / "mod.toml"
    {"folder": toml.mkdir, "broken link": lambda: toml.symlink_to(tmp_path / "nowhere"),
     "pipe": lambda: os.mkfifo(toml)}[kind]()
    code, out, err = cli("check", str(mod))
    assert code == 1 and "mod 'h' skipped: invalid mod.toml" in out, out + err
    assert f"{toml}: error: cannot read mod.toml" in err
    code, out, err = cli("check", str(mod / "c.dice"))          # a file of it: its mod
    assert code == 1 and "mod 'h' skipped" in out
    code, out, err = cli("check", str(tmp_path))                 # the folder holding it
    assert code == 1 and "mod 'h' skipped" in out


def test_a_plain_folder_of_dice_files_is_still_checked_as_loose_files(cli, tmp_path):
    write(tmp_path / "x" / "a.dice", 'equipment "Pebble" { on use { attack(1) } }\n')
    write(tmp_path / "x" / "_parts" / "b.dice", 'equipment "Stone" { on use { attack(2) } }\n')
    code, out, err = cli("check", str(tmp_path / "x"))
    assert code == 0, err
    assert "(mods: none); 0 errors" in out and "mod.toml" not in err
    code, out, err = cli("check", str(tmp_path / "x" / "_parts"))   # a folder no game reads
    assert code == 0 and "mod.toml" not in err, err


def test_a_requirement_in_the_bundled_mods_but_not_given_says_how_to_load_it(cli, tmp_path):
    """A mod outside mods/ requiring frostbite was told frostbite 'is not installed', though
    the bundled mods/ has it (paths and --mods replace mods/, so it is not loaded)."""
    embers = tmp_path / "elsewhere" / "embers"
    write(embers / "mod.toml", TOML.format("embers") + 'requires = ["frostbite>=1.0"]\n')
    write(embers / "cards.dice", 'equipment "Cold Ember" { on use { inflict(frostbite, d) } }\n')
    said = ("mod 'embers' skipped: requires mod 'frostbite', which is in the bundled mods/ but "
            "not loaded with these paths: add mods/frostbite to the paths or to --mods")
    for argv in (["check", str(embers)], ["check", "--mods", str(embers)]):
        code, out, err = cli(*argv)
        assert code == 1 and said in out, out
        assert "not installed" not in out + err
    code, out, err = cli("check", str(embers), "--mods", str(MODS_DIR / "frostbite"))
    assert code == 0, err      # as the message says
    write(embers / "mod.toml", TOML.format("embers") + 'requires = ["frostbite>=2.0"]\n')
    code, out, err = cli("check", str(embers))
    assert code == 1
    assert ("mod 'embers' skipped: requires frostbite>=2.0, which is not loaded here; the one "
            "in the bundled mods/ (mods/frostbite) is version 1.0.0") in out


def test_the_bundled_requirement_is_named_by_a_path_that_works_from_where_it_is_run(
        cli, tmp_path, monkeypatch):
    """Run from outside the project, 'add mods/frostbite' named a folder that is not there:
    the path is the one a command run here can give."""
    embers = tmp_path / "embers"
    write(embers / "mod.toml", TOML.format("embers") + 'requires = ["frostbite>=1.0"]\n')
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("check", str(embers))
    assert code == 1
    assert f"add {(MODS_DIR / 'frostbite').resolve()} to the paths or to --mods" in out, out
    code, out, err = cli("check", str(embers), "--mods", str((MODS_DIR / "frostbite").resolve()))
    assert code == 0, err


def test_a_requirement_of_a_skipped_mod_is_not_said_to_be_loaded_for_it(cli, mods):
    """With embers skipped (frostbite too old), the summary read '(mods: frostbite 1.0.0
    (required by embers))' as if embers had loaded with it."""
    write(mods / "embers" / "mod.toml", TOML.format("embers") + 'requires = ["frostbite>=2.0"]\n')
    code, out, err = cli("check", str(mods / "embers"))
    assert code == 1
    assert "(mods: frostbite 1.0.0 (required by embers, which was skipped)); 1 error" in out
    assert "mod 'embers' skipped: requires frostbite>=2.0, but frostbite is version 1.0.0" in out


def test_a_mod_checked_alone_loads_the_mods_it_requires_from_beside_it(cli, mods):
    write(mods / "embers" / "mod.toml", TOML.format("embers") + 'requires = ["frostbite>=1.0"]\n')
    write(mods / "unrelated" / "mod.toml", TOML.format("unrelated"))
    write(mods / "unrelated" / "bad.dice", 'equipment "Bad" { on use { inflict(nope) } }\n')
    code, out, err = cli("check", str(mods / "embers"))
    assert code == 0, err
    assert "(mods: frostbite 1.0.0 (required by embers), embers 1.0.0); 0 errors" in out
    assert "not installed" not in err and "unrelated" not in out + err


def test_a_required_mod_that_fails_is_shown_with_the_mod_that_needs_it(cli, mods):
    write(mods / "embers" / "mod.toml", TOML.format("embers") + 'requires = ["frostbite"]\n')
    write(mods / "frostbite" / "broken.dice", 'equipment "Icicle" { on use { atack(d) } }\n')
    code, out, err = cli("check", str(mods / "embers"))
    assert code == 1
    assert "broken.dice:1:31: error: unknown" in err and "atack" in err
    assert "mod 'embers' skipped: a required mod did not load" in out


def test_two_mods_overriding_one_card_is_a_warning(cli, mods):
    spear = (MODS_DIR / "rebalance" / "spear.dice").read_text(encoding="utf-8")
    shutil.copytree(MODS_DIR / "rebalance", mods / "rebalance")
    write(mods / "embers" / "mod.toml", TOML.format("embers") + 'requires = ["frostbite"]\n')
    write(mods / "embers" / "spear.dice", spear)
    code, out, err = cli("check", "--mods", str(mods))
    assert code == 0, err
    assert "0 errors, 1 warning" in out
    assert (f"{mods / 'rebalance' / 'spear.dice'}:3:20: warning: equipment 'Spear' is "
            "overridden by mod 'embers' too") in err
    assert "from mod 'rebalance', wins as it loads later" in err


@pytest.mark.parametrize("name", ["README.md", "pyproject.toml"])
def test_a_file_that_is_not_dice_is_one_line_and_exit_2(cli, name):
    code, out, err = cli("check", str(ROOT / name))
    assert code == 2 and out == ""
    assert err == (f"{ROOT / name}: error: not a .dice file (dicey check takes mod folders, "
                   "folders of .dice files and .dice files)\n")


@pytest.mark.parametrize("path", ["/nonexistent.dice", "/no/such/folder"])
def test_a_path_that_does_not_exist_exits_2(cli, path):
    code, out, err = cli("check", path)
    assert code == 2 and err == f"dicey: error: no such file or folder: {path}\n"



def test_a_folder_named_like_a_dice_file_is_not_read_as_one(cli, tmp_path):
    write(tmp_path / "x" / "a.dice", 'equipment "Pebble" { on use { attack(1) } }\n')
    (tmp_path / "x" / "old.dice").mkdir()
    code, out, err = cli("check", str(tmp_path / "x"))
    assert code == 0 and "cannot read" not in err, err
    (tmp_path / "y.dice").mkdir()
    code, _, err = cli("check", str(tmp_path / "y.dice"))
    assert code == 2 and "no .dice files or mods in" in err


def test_no_mods_with_a_mod_to_check_is_refused(cli, mods):
    code, out, err = cli("check", str(mods / "frostbite"), "--no-mods")
    assert code == 2 and out == ""
    assert "--no-mods leaves out the mods it was asked to check" in err
    assert cli("check", str(mods / "frostbite"))[0] == 0


@pytest.mark.parametrize("target", ["gone.dice", "self.dice"])
def test_a_link_that_leads_nowhere_is_named_as_such(cli, tmp_path, target):
    link = tmp_path / "self.dice"
    link.symlink_to(tmp_path / target)
    code, out, err = cli("check", str(link))
    assert code == 2 and err == (f"dicey: error: {link} is a link that leads nowhere (to a "
                                 "missing file, or round in a loop)\n")


@pytest.mark.parametrize("inside", ["cards.dice", "more/deeper.dice"])
def test_a_file_of_a_mod_is_checked_as_part_of_its_mod(cli, mods, inside):
    # checked alone, it did not see the status its mod declares in another file:
    # a clean mod was reported with six errors
    path = write(mods / "frostbite" / inside, 'equipment "Rime" {\n    text: "Chill"\n'
                                              '    on use { inflict(frostbite, d) }\n}\n') \
        if inside != "cards.dice" else mods / "frostbite" / "cards.dice"
    code, out, err = cli("check", str(path))
    assert (code, err) == (0, "") and "mods: frostbite 1.0.0" in out


def test_a_file_of_a_mod_with_a_problem_is_reported_in_its_mod(cli, mods):
    path = write(mods / "frostbite" / "extra.dice", 'equipment "Rime" {\n'
                                                     '    on use { inflict(frostbyte, d) }\n}\n')
    code, out, err = cli("check", str(path))
    assert code == 1 and f"{path}:2:22: error: unknown status 'frostbyte'" in err
    assert "mod 'frostbite' skipped" in out


def test_the_summary_counts_dungeon_extensions_and_a_file_of_one_is_checked_in_its_mod(
        cli, mods):
    code, out, err = cli("check", str(mods / "frostbite"))
    assert code == 0 and err == "", err
    assert "declarations and 1 dungeon extension loaded (mods: frostbite 1.0.0)" in out
    code, out, err = cli("check", str(mods / "frostbite" / "dungeon.dice"))
    assert code == 0 and "1 dungeon extension loaded" in out, err
    code, out, _ = cli("check", "--no-mods")
    assert code == 0 and "declarations loaded (mods: none)" in out   # none: not named
    write(mods / "frostbite" / "dungeon.dice",
          'extend dungeon {\n    floor 3 { enemies: "Ice Wrath" }\n}\n')
    code, out, err = cli("check", str(mods / "frostbite"))
    assert code == 1 and "mod 'frostbite' skipped: 1 error" in out
    assert err == (f"{mods / 'frostbite' / 'dungeon.dice'}:2:24: error: unknown enemy "
                   "'Ice Wrath' (did you mean 'Ice Wraith'?)\n"
                   '        floor 3 { enemies: "Ice Wrath" }\n'
                   "                           ^^^^^^^^^^^\n")


@pytest.mark.parametrize("toml, said", [
    # a TOML syntax error: tomllib's position
    ('name = "Embers\nversion = "1.0"\napi = 1\n',
     ["1:15: error: invalid mod.toml: the line ends inside a string (a closing quote is "
      "missing)", '    name = "Embers', "                  ^"]),
    # a value of the wrong type: its key
    ('name = "Embers"\nversion = "1.0"\napi = "one"\n',
     ["3:1: error: 'api' must be an integer (the language's major version, 1)",
      '    api = "one"', "    ^^^"]),
    # an unknown key: a warning at it
    ('name = "Embers"\nversion = "1.0"\napi = 1\nauthor = "Ann"\nrequires = ["frostbite"]\n',
     ["4:1: warning: unknown key 'author' (did you mean 'authors'?); the keys are name, "
      "version, api, description, authors, requires", '    author = "Ann"', "    ^^^^^^"]),
])
def test_a_mod_toml_problem_is_shown_at_its_line_with_a_caret(cli, mods, toml, said):
    """dicey check gave a mod.toml's problems no line and no caret (the other commands
    did): now as for a .dice file."""
    toml_path = write(mods / "embers" / "mod.toml", toml)
    code, out, err = cli("check", str(mods / "embers"))
    assert code == (0 if "warning" in said[0] else 1), err
    lines = err.splitlines()
    at = lines.index(f"{toml_path}:{said[0]}")
    assert lines[at + 1:at + 3] == said[1:]


# ---------------------------------------------------- an upgrade whose text says the old dice

CHARMS = '''equipment "Charm" {
    slots: 1
    text: "A 1: gain 3 shield"
    on use { gain(shield, 3) }
    upgraded {
        slots: max 2
    }
}

equipment "Knife" {
    slots: max 3
    text: "Do [d] damage"
    on use { attack(d) }
    upgraded { slots: max 4 }
}

equipment "Scale" {
    slots: odd
    text: "Odd: gain [d] shield"
    on use { gain(shield, d) }
    upgraded {
        slots: any
        text: "Gain [d] shield"
    }
}
'''


def test_an_upgrade_taking_other_dice_with_its_cards_text_that_says_them_is_a_warning(
        cli, tmp_path):
    """Lucky Charm+ took [≤2] and still said "a 1": the upgrade's text says what it
    does no more. Dagger+ ([≤4], "Do [d] damage") says nothing of its dice: no warning;
    nor does an upgrade with a text of its own."""
    path = write(tmp_path / "charms" / "charms.dice", CHARMS)
    write(tmp_path / "charms" / "mod.toml", TOML.format("charms"))
    code, out, err = cli("check", str(tmp_path / "charms"))
    assert code == 0 and "0 errors, 1 warning" in out, (out, err)
    assert (f"{path}:6:9: warning: 'Charm+' takes [≤2] where 'Charm' takes [1], but its "
            "text is the card's own, which says 'a 1': give the upgrade a text of its own"
            ) in err
    assert "            slots: max 2\n            ^^^^^\n" in err   # (quoted, indented)
    assert "Knife" not in err and "Scale" not in err
