"""What a modder following docs/modding.md met with ``dicey check``: a hook that always
runs past its budget is refused (it is not a card that fizzles), an unclosed ``{`` is
named where it opened, the summary says what was loaded and what was skipped, and paths
are printed as they were given (``cli`` is the runner of conftest.py)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

TOML = 'name = "{0}"\nversion = "1.0.0"\napi = 1\n'


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def mod(root: Path, name: str, **files: str) -> Path:
    """A mod folder ``root/name`` with a mod.toml and ``files`` (name without .dice: text)."""
    write(root / name / "mod.toml", TOML.format(name.title()))
    for file, text in files.items():
        write(root / name / f"{file}.dice", text)
    return root / name


LOOP = ('equipment "Loop" { slots: any; text: "loops"; on use { repeat 100 { repeat 100 '
        '{ repeat 100 { attack(1) } } } } }\n'
        'enemy "Evil" { hp: 10; dice: 3; level: 1; equipment: "Loop" }\n')


def test_a_hook_that_always_runs_past_its_budget_is_an_error_and_its_mod_is_skipped(
        cli, tmp_path):
    """It was a warning and the mod loaded: in play the script landed thousands of blows
    before the budget stopped it, a one-use kill of a 48-HP Dragon."""
    evil = mod(tmp_path / "mods", "evil", cards=LOOP)
    code, out, err = cli("check", str(evil))
    assert code == 1
    assert "cards.dice:1:56: error: 'on use' takes at least 3,020,201 steps" in err
    assert "do what its first 10,000 steps do (what it did stands) and then fault" in err
    assert "mod 'evil' skipped: 1 error" in out
    code, out, err = cli("fight", "Evil", "--vs", "Dragon", "--mods", str(tmp_path / "mods"),
                         "--seed", "1")
    assert code != 0 and "defeated" not in out


def test_a_hook_that_only_may_run_past_its_budget_still_loads(cli, tmp_path):
    maybe = mod(tmp_path / "mods", "maybe", cards=LOOP.replace("repeat 100 {", "repeat d {", 1))
    code, out, err = cli("check", str(maybe))
    assert code == 0, err
    assert "0 errors" in out and "(mods: maybe 1.0.0)" in out


def test_an_unclosed_brace_is_named_by_dicey_check(cli, tmp_path, monkeypatch):
    mod(tmp_path / "mods", "embers", cards='equipment "Tinderbox" {\n    slots: max 3\n'
        '    text: "Inflict [d] poison"\n    on use { inflict(poison, d)\n'
        '    upgraded { slots: max 4 }\n}\n')
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("check", "mods/embers")
    assert code == 1
    assert err.splitlines() == [
        "mods/embers/cards.dice:5:14: error: unexpected '{': the '{' of 'on use' at 4:12 is "
        "not closed (a '}' is missing before line 5)",
        "        upgraded { slots: max 4 }",
        "                 ^",
        "mods/embers/cards.dice:4:12: note: the '{' that is not closed",
        "        on use { inflict(poison, d)",
        "               ^"]


def _summary(out: str) -> tuple[int, list[str]]:
    """The files the summary says were loaded, and the lines about skipped mods."""
    lines = out.splitlines()
    return int(lines[0].split(" file")[0]), lines[1:]


def test_the_summary_counts_the_files_loaded_and_says_those_of_a_skipped_mod(cli, tmp_path):
    """'14 files, 111 declarations loaded (mods: none); 1 error' counted the three files
    of the mod that was skipped."""
    root = tmp_path / "mods"
    good = mod(root, "good", a='equipment "Feather" { text: "1"; on use { attack(1) } }\n')
    bad = mod(root, "bad", a='equipment "Quill" { text: "1"; on use { attack(1) } }\n',
              b='equipment "Ink" { text: "1"; on use { inflict(inq, 1) } }\n',
              c='equipment "Nib" { text: "1"; on use { attack(1) } }\n')
    _, out, _ = cli("check", "--no-mods")
    base, _ = _summary(out)
    code, out, _ = cli("check", str(good), str(bad))
    assert code == 1
    files, skipped = _summary(out)
    assert files == base + 1 and "(mods: good 1.0.0)" in out
    assert skipped == ["mod 'bad' skipped: 1 error (3 files checked, not loaded)"]
    code, out, _ = cli("check", str(good))
    assert code == 0 and _summary(out) == (base + 1, [])


def test_paths_are_printed_as_given_or_whole_not_from_the_games_folder(cli, tmp_path,
                                                                        monkeypatch):
    """From a folder of one's own, a relative path to the bundled rebalance printed as
    'mods/rebalance/spear.dice', a path from the game's folder, not from here."""
    from dicey.library import MODS_DIR
    here = tmp_path / "work"
    mod(here / "mods", "spears", spear='override equipment "Spear" { slots: any\n'
        '    text: "x"; on use { attack(d) } }\n')
    monkeypatch.chdir(here)
    rebalance = Path(os.path.relpath(MODS_DIR / "rebalance", here))
    assert str(rebalance).startswith("..")
    code, out, err = cli("check", "mods/spears", str(rebalance))
    assert code == 0, err
    whole = (MODS_DIR / "rebalance" / "spear.dice").resolve()
    assert err.startswith("mods/spears/spear.dice:1:20: warning: equipment 'Spear' is "
                          f"overridden by mod 'rebalance' too ({whole}:3)"), err
