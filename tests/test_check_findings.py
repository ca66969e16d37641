"""What a modder following docs/modding.md met with ``dicey check``: a hook that always
runs past its budget is refused (it is not a card that fizzles), an unclosed ``{`` is
named where it opened, the summary says what was loaded and what was skipped, and paths
are printed as they were given (``cli`` is the runner of conftest.py)."""
from __future__ import annotations

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
