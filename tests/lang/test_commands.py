"""``dicey check`` and ``dicey cards`` on the language's edge cases: exit codes, every
problem reported in ``file:line:col`` form, and no traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run(cli):
    """The command line, asserting no traceback ever reaches the user."""
    def checked(*argv: str) -> tuple[int, str, str]:
        code, out, err = cli(*argv)
        assert "Traceback" not in out + err
        return code, out, err
    return checked


@pytest.mark.parametrize("path", ["content", "content/weapons.dice", "mods", "mods/frostbite"])
def test_checking_the_game_own_files_is_clean(run, path):
    """The base game is always loaded; naming its files must not make them duplicates."""
    code, out, err = run("check", str(ROOT / path))
    assert code == 0, err
    assert "0 errors" in out


def test_an_empty_folder_is_not_a_clean_check(run, tmp_path):
    code, _, err = run("check", str(tmp_path))
    assert code == 2 and "no .dice files or mods" in err


def test_all_problems_of_a_file_at_once(run, tmp_path):
    bad = tmp_path / "bad.dice"
    bad.write_text('equipment "One" {\n    on use { attak(d) }\n}\n'
                   'equipment "Two" {\n    slots: any, any, any, any\n    on use { attack(d) }\n}\n'
                   'equipment "Three" {\n    on use { inflict(posion) }\n}\n'
                   'equipment "Fine" {\n    on use { attack(d) }\n}\n')
    code, out, err = run("check", str(bad))
    assert code == 1 and "3 errors" in out
    lines = [line for line in err.splitlines() if ": error: " in line]
    assert [line.split(": error: ")[0] for line in lines] == [
        f"{bad}:2:14", f"{bad}:5:5", f"{bad}:9:22"]
    assert "did you mean 'attack'" in lines[0] and "did you mean 'poison'" in lines[2]


def test_a_syntax_error_and_a_check_error_in_two_files(run, tmp_path):
    (tmp_path / "a.dice").write_text('equipment "A" {\n    on use { attack(d }\n}\n')
    (tmp_path / "b.dice").write_text('enemy "B" {\n    hp: 5\n    equipment: "Swrod"\n}\n')
    code, _, err = run("check", str(tmp_path))
    assert code == 1
    assert f"{tmp_path / 'a.dice'}:2:23: error: unexpected '}}'" in err
    assert f"{tmp_path / 'b.dice'}:3:16: error: unknown card 'Swrod' (did you mean 'Sword'?)" in err


def test_cards_shows_the_random_flag_and_hooks(run):
    code, out, _ = run("cards", "--no-mods", "Lockpick")
    assert code == 0 and "random   yes" in out and "hooks    on use" in out
    code, out, _ = run("cards", "--no-mods", "sword")
    assert code == 0 and "random   no" in out and "defined  content/weapons.dice:" in out


def test_check_shows_the_first_hundred_errors_and_counts_the_rest(run, tmp_path):
    bad = tmp_path / "many.dice"
    bad.write_text("".join(f'equipment "Card {i}" {{\n    on use {{ attak(d); zap(d) }}\n}}\n'
                           for i in range(80)))
    code, out, err = run("check", str(bad))
    assert code == 1
    assert err.count(": error: ") == 100
    assert "… and 60 more errors not shown" in err
    assert "160 errors" in out
    # the first ones in the file are the ones shown
    assert "many.dice:2:" in err and "many.dice:200:" not in err


def _mod(folder: Path, **files: str) -> Path:
    """A mod in ``folder`` (its name the folder's) holding ``files`` (``cards="…"`` is
    ``cards.dice``)."""
    folder.mkdir()
    (folder / "mod.toml").write_text(f'name = "{folder.name}"\nversion = "1.0.0"\napi = 1\n')
    for name, text in files.items():
        (folder / f"{name}.dice").write_text(text)
    return folder


def test_a_file_of_a_mod_that_declares_nothing_is_warned_of(run, tmp_path):
    mod = _mod(tmp_path / "emod",
               cards='equipment "Zap" {\n    text: "t"; on use { attack(d) }\n}\n',
               notes="# nothing yet\n\n;\n# equipment \"Later\" { }\n", blank="")
    code, out, err = run("check", str(mod))
    assert code == 0, err
    warned = [line for line in err.splitlines() if "declares nothing" in line]
    assert len(warned) == 2, err
    assert all(": warning: this file declares nothing" in line for line in warned)
    assert {line.split(":")[0].rsplit("/", 1)[-1] for line in warned} == {"notes.dice",
                                                                          "blank.dice"}
    assert "0 errors, 2 warnings" in out


def _hero_mod(tmp_path: Path, **more: str) -> Path:
    return _mod(tmp_path / "hydra",
                cards='equipment "Claymore" {\n    text: "t"; on use { attack(d) }\n}\n'
                'hero "Hydra" { hp: 30; dice: 3; equipment: "Claymore" }\n', **more)


def test_a_hero_the_dungeon_does_not_offer_is_warned_of(run, tmp_path):
    code, out, err = run("check", str(_hero_mod(tmp_path)))
    assert code == 0, err
    (warning,) = [line for line in err.splitlines() if ": warning: " in line]
    assert warning.endswith("cards.dice:4:6: warning: hero 'Hydra' is not among the heroes of "
                            "the dungeon a run walks (The Dungeon: Warrior, Thief, Inventor): "
                            "a run cannot start with it; add it with 'extend dungeon { heroes: "
                            "\"Hydra\" }' (or override the dungeon)"), warning
    assert "0 errors, 1 warning" in out


def test_heroes_a_mods_override_of_the_dungeon_drops_are_one_warning_at_it(run, tmp_path):
    """The base game's heroes are not the modder's to change: the warning is the override's."""
    from dicey.library import load_library
    floors = "".join(f"    floor {n} {{ enemies: \"Frog\" }}\n" for n in range(1, 6))
    mod = _hero_mod(tmp_path, dungeon=f'override dungeon "The Dungeon" {{\n'
                                      f'    heroes: "Hydra"\n{floors}}}\n')
    assert load_library(mod_dirs=[mod]).errors == []
    code, out, err = run("check", str(mod))
    assert code == 0, err
    (warning,) = [line for line in err.splitlines() if ": warning: " in line]
    assert "content/" not in warning and "dungeon.dice:1:1: warning: dungeon 'The Dungeon' " \
        "of mod 'hydra'" in warning, warning
    assert "does not offer the heroes Warrior, Thief and Inventor" in warning
    assert "0 errors, 1 warning" in out


def test_extend_dungeon_adds_a_hero_to_those_a_run_may_start_with(run, tmp_path):
    from dicey.library import load_library
    from dicey.run.progress import heroes_of

    mod = _hero_mod(tmp_path, dungeon='extend dungeon {\n    heroes: "Hydra", "Thief"\n}\n')
    code, out, err = run("check", str(mod))
    assert (code, err) == (0, ""), err
    assert "0 errors, 0 warnings" in out
    lib = load_library(mod_dirs=[mod])
    assert [h.name for h in heroes_of(lib, lib.dungeon)] == ["Warrior", "Thief", "Inventor",
                                                            "Hydra"]
