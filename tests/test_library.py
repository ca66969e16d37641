"""Loading content and mods: order, overrides, and every mod-level failure reported, not fatal."""
from __future__ import annotations

import os
import textwrap
import tomllib
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey.library import load_library, order_mods, read_mod_toml

BASE = """
status "Poison" {
    kind: negative
    stacks: yes
    clears: never
    text: "Lose [stacks] HP at the start of your turn"
    on turn start { hurt_self(stacks); cure(poison, 1) }
}
status "Shield" { kind: positive; stacks: yes; clears: never; text: "Absorbs damage" }
equipment "Sword" {
    size: 2
    text: "Do [d] damage"
    on use { attack(d) }
}
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def mod(root: Path, name: str, dice: str = "", toml: str | None = None) -> Path:
    folder = root / name
    write(folder / "mod.toml", toml if toml is not None else
          f'name = "{name}"\nversion = "1.0.0"\napi = 1\n')
    if dice:
        write(folder / "cards.dice", dice)
    return folder


@pytest.fixture
def content(tmp_path: Path) -> Path:
    write(tmp_path / "content" / "base.dice", BASE)
    return tmp_path / "content"


def test_base_content_loads_clean(content):
    lib = load_library(content, use_mods=False)
    assert lib.errors == []
    assert set(lib.equipment) == {"sword"} and set(lib.statuses) == {"poison", "shield"}
    assert lib.card("sword").hooks["on use"].event == "on use"


def test_good_mod_loads_and_can_use_base_names(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "venom", 'equipment "Fang" { on use { attack(d); inflict(poison, 2) } }')
    lib = load_library(content, [mods])
    assert lib.errors == [] and [m.id for m in lib.mods] == ["venom"]
    assert lib.card("Fang").origin.mod == "venom"


def test_broken_mod_is_skipped_whole_and_the_rest_loads(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "good", 'equipment "Axe" { on use { attack(d) } }')
    mod(mods, "bad", 'equipment "Club" { on use { attack(d) } }\n'
                     'equipment "Mace" { on use { inflict(poisn) } }')
    lib = load_library(content, [mods])
    assert "axe" in lib.equipment
    assert "club" not in lib.equipment and "mace" not in lib.equipment
    assert "bad" in lib.skipped_mods
    (err,) = [d for d in lib.errors if "poisn" in d.message]
    assert err.path.endswith("cards.dice") and (err.line, err.column) == (2, 37)


def test_duplicate_ids_across_two_mods_name_both_places(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "alpha", 'equipment "Club" { on use { attack(d) } }')
    mod(mods, "beta", '\nequipment "Club" { on use { attack(d + 1) } }')
    lib = load_library(content, [mods])
    assert "alpha" in [m.id for m in lib.mods] and "beta" in lib.skipped_mods
    (err,) = lib.errors
    assert "duplicate equipment 'Club'" in err.message and "alpha" in err.message
    assert (err.line, err.column) == (2, 11)


def test_an_accented_name_has_the_id_of_its_letters_without_accents(content, tmp_path):
    # "Épée" had the id p_e: 'dicey cards epee' found nothing
    mods = tmp_path / "mods"
    mod(mods, "fr", 'equipment "Épée" { on use { attack(d) } }\n'
                    'enemy "Ｇｏｂｅｌｉｎ Ⅱ" { hp: 5; equipment: "Épée" }\n'
                    'equipment "Straße" { on use { attack(d) } }')
    lib = load_library(content, [mods])
    assert lib.errors == []
    assert set(lib.equipment) == {"sword", "epee", "strasse"} and set(lib.enemies) == {"gobelin_ii"}
    assert lib.card("epee") is lib.card("Épée") is lib.card("EPEE")
    assert lib.enemies["gobelin_ii"].equipment == ("epee",)


def test_accents_alone_do_not_tell_two_names_apart(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "fr", 'equipment "Epee" { on use { attack(d) } }\n'
                    'equipment "Épée" { on use { attack(d) } }')
    lib = load_library(content, [mods])
    (err,) = lib.errors
    assert err.message.startswith("duplicate equipment 'Épée': also declared at ")


def test_names_with_no_letter_are_refused_once_each_not_as_duplicates(content, tmp_path):
    # two emoji-only names both have the empty id: each was refused, and the second was
    # also called a duplicate of the first
    mods = tmp_path / "mods"
    mod(mods, "emoji", 'equipment "🔥🔥" { on use { attack(d) } }\n'
                       'equipment "💧" { on use { attack(d) } }\n'
                       f'equipment "{"Long" * 11}" {{ on use {{ attack(d) }} }}\n'
                       f'equipment "{"Long" * 11}" {{ on use {{ attack(d) }} }}')
    lib = load_library(content, [mods])
    assert [(e.line, e.message.split(":")[0]) for e in lib.errors] == [
        (1, "a name needs at least one letter a-z or digit 0-9"),
        (2, "a name needs at least one letter a-z or digit 0-9"),
        (3, "a name may be at most 40 characters long (this one has 44)"),
        (4, "a name may be at most 40 characters long (this one has 44)")]


def test_override_replaces_a_base_card(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "sharp", 'override equipment "Sword" { size: 1; on use { attack(d + 1) } }')
    lib = load_library(content, [mods])
    assert lib.errors == [] and lib.card("Sword").size == 1


def test_override_of_nothing_is_an_error(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "ghost", 'override equipment "Nothing" { on use { attack(d) } }')
    lib = load_library(content, [mods])
    assert "ghost" in lib.skipped_mods and "no such equipment" in lib.errors[0].message


def test_override_of_a_name_of_another_kind_says_what_it_is(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "ghost", 'override enemy "Sword" { hp: 3; equipment: "Sword" }')
    lib = load_library(content, [mods])
    assert lib.errors[0].message == ("'override' of enemy 'Sword', but there is no such "
                                     "enemy to replace (Sword is a card)")


@pytest.mark.parametrize("source, said", [
    ('override enemy "Warrior" { hp: 5; dice: 2; level: 1; equipment: "Sword"; text: "x" }',
     "'override' of enemy 'Warrior', but there is no such enemy to replace (Warrior is a "
     "hero)"),
    ('override hero "Frog" { hp: 5; dice: 2; equipment: "Sword" }',
     "'override' of hero 'Frog', but there is no such hero to replace (Frog is an enemy)")])
def test_an_override_of_a_hero_as_an_enemy_or_back_is_an_error(source, said, tmp_path):
    """A hero and an enemy share one space of ids (a plain redeclaration is a duplicate),
    and an override replaces one of its own kind: 'override enemy "Warrior"' was taken, and
    added an enemy Warrior beside the hero (a fight 'Warrior vs Warrior' then, and a card
    'held by the hero Warrior; the enemies Frog and Warrior')."""
    mods = tmp_path / "mods"
    mod(mods, "ghost", source)
    lib = load_library(mod_dirs=[mods])
    assert "ghost" in lib.skipped_mods and [e.message for e in lib.errors] == [said]
    assert not set(lib.heroes) & set(lib.enemies)


@pytest.mark.parametrize("toml, words", [
    (None, "missing mod.toml"),
    ('name = "x"\nversion = 1\napi = 1\n', "'version' must be a string"),
    ('name = "x"\nversion = "1.0"\napi = 2\n', "written for api 2"),
    ('name = "x"\nversion = "1.0"\n', "'api' is missing: write api = 1"),
    ('name = "x"\nversion = "1.0"\napi = "1"\n', "'api' must be an integer"),
    ('name = "x"\napi = 1\n', "'version' is missing: write version = \"1.0.0\""),
    ('version = "1.0"\napi = 1\n', "'name' is missing: write name = \"My Mod\""),
    ('name = "x" version', "invalid mod.toml"),
    ('name = "x"\nversion = "1.0"\napi = 1\nrequires = ["what?"]\n', "cannot read requirement"),
])
def test_bad_mod_toml_is_reported(tmp_path, toml, words):
    folder = tmp_path / "m"
    folder.mkdir()
    if toml is not None:
        (folder / "mod.toml").write_text(toml)
    info, problems = read_mod_toml(folder)
    assert info is None and any(words in p.message for p in problems)


@pytest.mark.parametrize("toml, words", [
    # TOML that tomllib reads but Python cannot hold: no RecursionError, no ValueError
    ('name = "x"\nversion = "1.0"\napi = 1\nx = ' + "[" * 5000 + "]" * 5000,
     "invalid mod.toml: arrays or tables nested too deeply"),
    ('name = "x"\nversion = "1.0"\napi = ' + "9" * 5000, "a number has too many digits"),
    ('name = "x"\nversion = "' + "9" * 5000 + '"\napi = 1', "'version' must be a string"),
    ('name = "x"\nversion = "' + "1." * 5000 + '0"\napi = 1', "'version' must be a string"),
    ('name = "x"\nversion = "1.0"\napi = 1\nrequires = ["y>=' + "9" * 5000 + '"]',
     "cannot read requirement 'y>=999"),
    ("# " + "x" * 200_000, "invalid mod.toml: file too large"),
], ids=["deep", "api-digits", "version-digits", "version-parts", "requires-digits", "large"])
def test_mod_toml_python_cannot_hold_is_reported(tmp_path, toml, words):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").write_text(toml)
    info, problems = read_mod_toml(folder)
    assert info is None and any(words in p.message for p in problems), problems
    assert all(len(p.message) < 200 for p in problems)


def test_a_mod_toml_with_a_byte_order_mark_is_read(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").write_bytes(b'\xef\xbb\xbfname = "M"\nversion = "1.0"\napi = 1\n')
    info, problems = read_mod_toml(folder)
    assert problems == [] and info.name == "M"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_the_look_at_what_mods_declare_passes_over_a_pipe(tmp_path, monkeypatch, cli):
    """A name no loaded mod knows is looked for in the mods near the working folder: a
    '.dice' there that is a named pipe was opened, which waits for a writer forever, and
    'dicey cards Nope' hung without a word."""
    import threading

    from dicey.library import declared_names
    folder = tmp_path / "mods" / "pipe"
    folder.mkdir(parents=True)
    (folder / "mod.toml").write_text('name = "Pipe"\nversion = "1.0.0"\napi = 1\n')
    os.mkfifo(folder / "cards.dice")
    (folder / "more.dice").write_text('equipment "Nope" { on use { attack(d) } }\n')
    monkeypatch.chdir(tmp_path)
    said = []
    looking = threading.Thread(target=lambda: said.append((declared_names(folder),
                                                           cli("cards", "Nope"))),
                               daemon=True)    # (were it to wait, the test ends all the same)
    looking.start()
    looking.join(timeout=60)
    assert said, "the look waited on the pipe"
    names, (code, out, err) = said[0]
    assert names == [("equipment", "Nope")]
    assert code == 2 and "Nope is declared in mods/pipe" in err


def test_one_unreadable_mod_toml_does_not_stop_the_others(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "deep", toml='name = "d"\nversion = "1.0"\napi = 1\nx = ' + "[" * 5000 + "]" * 5000)
    mod(mods, "fine", 'equipment "Club" { on use { attack(d) } }')
    lib = load_library(content, [mods])
    assert lib.skipped_mods == {"deep": "invalid mod.toml"} and "club" in lib.equipment


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_mod_toml_that_is_no_file_is_reported_as_such(tmp_path, kind):
    if kind == "pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("named pipes")
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").mkdir() if kind == "folder" else os.mkfifo(folder / "mod.toml")
    info, problems = read_mod_toml(folder)     # (a pipe is not opened: it would block)
    assert info is None and "cannot read mod.toml: not a regular file" in problems[0].message


def test_a_mods_path_that_is_a_file_says_so(content, tmp_path):
    loose = write(tmp_path / "notes.txt", "not a mod")
    lib = load_library(content, [loose, tmp_path / "gone"])
    assert [(d.path, d.message) for d in lib.diagnostics] == [
        (str(loose), "not a mod folder (a mod is a folder with a mod.toml and .dice files)"),
        (str(tmp_path / "gone"), "mod folder not found")]


def test_a_mods_folder_holding_no_mod_says_so(content, tmp_path):
    """``--mods DIR`` on a mod whose mod.toml is missing (or misnamed) loaded nothing,
    silently: DIR was read as a folder of mods that happens to hold none."""
    bare = tmp_path / "bare"
    write(bare / "cards.dice", 'equipment "Nomt" { slots: any; on use { attack(d) } }\n')
    (tmp_path / "empty").mkdir()
    lib = load_library(content, [bare, tmp_path / "empty"])
    assert [(d.path, d.message, d.severity) for d in lib.diagnostics] == [
        (str(bare / "mod.toml"), "missing mod.toml (every mod folder needs one): the .dice "
                                 "files beside it were not loaded", "error"),
        (str(tmp_path / "empty"), "no mods here (a mod is a folder with a mod.toml and .dice "
                                  "files)", "warning")]


def test_non_utf8_mod_toml(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").write_bytes(b"name = \"\xff\xfe\"\n")
    info, problems = read_mod_toml(folder)
    assert info is None and "UTF-8" in problems[0].message


def test_requires_order_missing_version_and_cycle(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "base2", 'equipment "Club" { on use { attack(d) } }')
    mod(mods, "addon", 'equipment "Spiked Club" { on use { attack(d) } }',
        'name = "addon"\nversion = "1.0"\napi = 1\nrequires = ["base2>=1.0"]\n')
    mod(mods, "needy", "", 'name = "needy"\nversion = "1.0"\napi = 1\nrequires = ["nope"]\n')
    mod(mods, "newer", "", 'name = "newer"\nversion = "1.0"\napi = 1\n'
                           'requires = ["base2>=2.0"]\n')
    mod(mods, "ying", "", 'name = "ying"\nversion = "1.0"\napi = 1\nrequires = ["yang"]\n')
    mod(mods, "yang", "", 'name = "yang"\nversion = "1.0"\napi = 1\nrequires = ["ying"]\n')
    lib = load_library(content, [mods])
    assert [m.id for m in lib.mods] == ["base2", "addon"]
    assert "not installed" in lib.skipped_mods["needy"]
    assert "base2 is version 1.0.0" in lib.skipped_mods["newer"]
    assert "cycle" in lib.skipped_mods["ying"] and "cycle" in lib.skipped_mods["yang"]


def test_a_mod_that_requires_a_broken_mod_says_it_did_not_load(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "broken", "", 'name = "broken"\nversion = "one"\napi = 1\n')
    mod(mods, "needs", "", 'name = "needs"\nversion = "1.0"\napi = 1\nrequires = ["broken"]\n')
    lib = load_library(content, [mods])
    assert lib.skipped_mods["broken"] == "invalid mod.toml"
    assert lib.skipped_mods["needs"] == "requires mod 'broken', which did not load (invalid mod.toml)"


def test_order_mods_is_by_dependency_then_id(tmp_path):
    infos = []
    for name, req in [("c", []), ("a", ["c"]), ("b", [])]:
        toml = f'name = "{name}"\nversion = "1.0"\napi = 1\nrequires = {req!r}\n'
        infos.append(read_mod_toml(mod(tmp_path, name, "", toml.replace("'", '"')))[0])
    ordered, failed = order_mods(infos)
    assert [m.id for m in ordered] == ["c", "a", "b"] and failed == {}


@pytest.mark.parametrize("data", [
    b"\x00\x01\x02binary",
    b"equipment \"X\" { text: \"\xff\" }",
    b"",
    b"}}}}{{{{",
])
def test_bad_files_in_content_never_raise(tmp_path, content, data):
    (content / "junk.dice").write_bytes(data)
    lib = load_library(content, use_mods=False)
    assert "sword" in lib.equipment           # the good file still loads
    if data:
        assert any(d.path.endswith("junk.dice") for d in lib.diagnostics)


def test_missing_content_folder_is_a_diagnostic(tmp_path):
    lib = load_library(tmp_path / "nowhere", use_mods=False)
    assert "content folder not found" in lib.diagnostics[0].message


def test_two_mods_overriding_one_card_warn_at_the_later_one(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "alpha", 'override equipment "Sword" { text: "t"; size: 1; on use { attack(d) } }')
    mod(mods, "beta",
        '\noverride equipment "Sword" { text: "t"; size: 2; on use { attack(d + 2) } }')
    lib = load_library(content, [mods])
    assert [m.id for m in lib.mods] == ["alpha", "beta"] and lib.errors == []
    assert lib.card("Sword").origin.mod == "beta"          # loaded later (by id), wins
    (warning,) = lib.diagnostics
    assert warning.severity == "warning" and warning.path.endswith("beta/cards.dice")
    assert (warning.line, warning.column) == (2, 20)
    assert "'Sword' is overridden by mod 'alpha' too" in warning.message
    assert "from mod 'beta', wins as it loads later" in warning.message
    assert lib.overrides == {("equipment", "sword"): "beta"}


def test_a_single_override_is_silent(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "sharp",
        'override equipment "Sword" { text: "t"; size: 1; on use { attack(d + 1) } }')
    mod(mods, "venom", 'equipment "Fang" { text: "t"; on use { attack(d); inflict(poison, 2) } }')
    assert load_library(content, [mods]).diagnostics == []


def test_overriding_the_override_of_a_required_mod_is_silent(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "zeta", 'override equipment "Sword" { text: "t"; size: 1; on use { attack(d) } }')
    mod(mods, "alpha",
        'override equipment "Sword" { text: "t"; size: 2; on use { attack(d + 2) } }',
        'name = "alpha"\nversion = "1.0"\napi = 1\nrequires = ["zeta"]\n')
    lib = load_library(content, [mods])
    assert lib.diagnostics == [] and lib.card("Sword").origin.mod == "alpha"


def test_a_single_mod_without_mod_toml_is_reported_as_missing_it(content, tmp_path):
    folder = tmp_path / "mods" / "loose"
    write(folder / "cards.dice", 'equipment "Club" { on use { attack(d) } }')
    lib = load_library(content, [], single_mods=[folder])
    (err,) = lib.errors
    assert err.path.endswith("loose/mod.toml") and "missing mod.toml" in err.message
    assert lib.skipped_mods == {"loose": "invalid mod.toml"} and "club" not in lib.equipment


def test_a_single_mod_brings_the_mods_it_requires_from_beside_it(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "venom", 'status "Venom" { kind: negative; stacks: yes; clears: never; '
                       'text: "Hurts" }\nequipment "Blank" { text: "no hooks: a warning" }')
    mod(mods, "fangs", 'equipment "Fang" { text: "t"; on use { inflict(venom, d) } }',
        'name = "fangs"\nversion = "1.0"\napi = 1\nrequires = ["venom>=1.0"]\n')
    mod(mods, "other", 'equipment "Other" { on use { attack(d) } }')
    lib = load_library(content, [], single_mods=[mods / "fangs"])
    assert [m.id for m in lib.mods] == ["venom", "fangs"] and "other" not in lib.equipment
    assert lib.required_mods == {"venom": "fangs"}
    assert lib.diagnostics == []          # the requirement's warning is not the mod's


def test_a_failing_requirement_of_a_single_mod_shows_why(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "venom", 'equipment "Drip" { on use { inflict(venon, d) } }')
    mod(mods, "fangs", 'equipment "Fang" { on use { attack(d) } }',
        'name = "fangs"\nversion = "1.0"\napi = 1\nrequires = ["venom"]\n')
    lib = load_library(content, [], single_mods=[mods / "fangs"])
    assert lib.mods == [] and set(lib.skipped_mods) == {"venom", "fangs"}
    assert any("venon" in d.message and "venom" in d.path for d in lib.errors)
    assert any("a required mod did not load" in d.message for d in lib.errors)


@pytest.mark.parametrize("line, words", [
    ("description = 7", "'description' must be a string"),
    ('description = ["a", "b"]', "'description' must be a string"),
    ('authors = [1, { a = 1 }]', "'authors' must be a list of strings"),
    ("authors = 3", "'authors' must be a list of strings"),
    ('name = "Frost\\u001b[2J"', "'name' must be a non-empty string without control characters"),
    ('description = "\\u001b]0;owned\\u0007"', "'description' must be a string without control"),
    # a control of writing direction shows a line backwards from where it runs
    ('authors = ["Ann\\u202eeoB"]', "'authors' must be a list of strings"),
    # nor a character that is none, which the graph's XML cannot hold
    ('name = "Frost\\ufffe"', "'name' must be a non-empty string without control characters, "
                             "line separators or noncharacters (it holds the noncharacter "
                             "'\\ufffe')"),
    ('description = "a\\u2028b"', "'description' must be a string without control characters, "
                                 "line separators or noncharacters (it holds the line "
                                 "separator '\\u2028')"),
    ('authors = ["Ann", "B\\u0007o"]',
     "'authors' must be a list of strings like [\"Ann\", \"Bo\"] (it holds the control "
     "character '\\x07')"),
    (f'name = "{"M" * 41}"', "'name' may be at most 40 characters long (this one has 41)"),
])
def test_every_field_of_mod_toml_of_the_wrong_type_is_reported(tmp_path, line, words):
    # a description of 7 or authors of [1, {a = 1}] used to load as the text "7" and "1"
    folder = tmp_path / "m"
    folder.mkdir()
    toml = 'name = "x"\nversion = "1.0"\napi = 1\n'
    key = line.split(" ")[0]
    toml = "\n".join(row for row in toml.splitlines() if not row.startswith(key)) + "\n"
    (folder / "mod.toml").write_text(toml + line + "\n")
    info, problems = read_mod_toml(folder)
    assert info is None and len(problems) == 1 and words in problems[0].message


def test_an_unknown_key_in_mod_toml_is_a_warning_that_suggests(tmp_path):
    # a misspelt 'requires' dropped the requirement without a word
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "x"\nversion = "1.0"\napi = 1\n'
                                     'requries = ["frostbite"]\n')
    info, problems = read_mod_toml(folder)
    assert info is not None and info.requires == ()
    (warning,) = problems
    assert warning.severity == "warning" and warning.message == (
        "unknown key 'requries' (did you mean 'requires'?); the keys are name, "
        "version, api, description, authors, requires")


_TOML_VALUES = st.sampled_from(['"x"', '""', '"1.0"', '"frostbite>=1.0"', "1", "-3", "1.5",
                                "true", "[]", '["a", "b"]', '[1, "a"]', "{ a = 1 }",
                                "1979-05-27", '"\\u001b[31m"', '"é 日本"'])


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.dictionaries(st.sampled_from(["name", "version", "api", "description",
                                               "authors", "requires", "extra"]),
                              _TOML_VALUES, max_size=3))
def test_any_mod_toml_loads_as_written_or_is_refused(tmp_path, fields):
    """Whatever each field holds: the mod is refused with an error, or what it reads is
    exactly what the file says, with no control character in it."""
    folder = tmp_path / "m"
    folder.mkdir(exist_ok=True)
    fields = {"name": '"x"', "version": '"1.0"', "api": "1", **fields}   # good, but these
    (folder / "mod.toml").write_text("".join(f"{k} = {v}\n" for k, v in fields.items()))
    info, problems = read_mod_toml(folder)
    data = tomllib.loads((folder / "mod.toml").read_text())
    if info is None:
        assert any(p.severity == "error" for p in problems)
        return
    assert all(p.severity == "warning" for p in problems)
    assert info.name == data["name"] and info.api == 1
    assert info.description == data.get("description", "")
    authors = data.get("authors", [])
    assert list(info.authors) == (authors if isinstance(authors, list) else [authors])
    texts = [info.name, info.description.replace("\n", " "), *info.authors]
    assert not any(unicodedata.category(c) == "Cc" for text in texts for c in text)


def test_a_description_may_run_over_lines(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "x"\nversion = "1.0"\napi = 1\n'
                                     'description = """Two\nlines"""\n')
    info, problems = read_mod_toml(folder)
    assert problems == [] and info.description == "Two\nlines"


@pytest.mark.parametrize("kind, words", [
    ("dangling", "cannot read file: a link to a file that is not there"),
    ("loop", "cannot read file: Too many levels of symbolic links"),
])
def test_a_mod_file_that_is_a_broken_link_fails_the_mod(content, tmp_path, kind, words):
    # it was passed over without a word: the mod loaded without that file's cards
    mods = tmp_path / "mods"
    folder = mod(mods, "linked", 'equipment "Club" { on use { attack(d) } }')
    link = folder / "more.dice"
    link.symlink_to(tmp_path / "gone.dice" if kind == "dangling" else link)
    mod(mods, "fine", 'equipment "Stick" { on use { attack(d) } }')
    lib = load_library(content, [mods])
    assert "linked" in lib.skipped_mods and "club" not in lib.equipment
    assert "stick" in lib.equipment
    (err,) = lib.errors
    assert err.path.endswith("more.dice") and err.message == words


def test_a_mod_with_no_dice_files_is_a_warning(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "hollow")
    (mods / "hollow" / "cards.dice.txt").write_text('equipment "Club" {}')
    lib = load_library(content, [mods])
    assert [m.id for m in lib.mods] == ["hollow"]
    (warning,) = lib.diagnostics
    assert warning.severity == "warning" and warning.path.endswith("mod.toml")
    assert warning.message == "mod 'hollow' has no .dice files: it adds nothing"


def test_two_mods_of_one_id_from_two_folders_are_not_merged_silently(content, tmp_path):
    # a mod's id is its folder's name: the second 'x' was dropped without a word, its
    # files not even read
    first = mod(tmp_path / "a", "x", 'equipment "From A" { on use { attack(d) } }')
    second = mod(tmp_path / "b", "x", 'equipment "From B" { on use { attack(d) } }')
    lib = load_library(content, [tmp_path / "a", tmp_path / "b"])
    assert [m.path for m in lib.mods] == [first] and "from_a" in lib.equipment
    assert "from_b" not in lib.equipment
    (err,) = lib.errors
    assert err.path == str(second / "mod.toml") and err.message == (
        f"mod 'x' not loaded: a mod of that id (its folder's name) is loaded from {first}")


def test_an_override_that_overfills_a_loaded_heros_grid_fails_its_mod(content, tmp_path):
    # the hero kept loading with a starting kit wider than its grid
    write(content / "hero.dice", 'hero "Knight" { hp: 9; equipment: "Sword", "Sword+", '
                                 '"Dagger"; grid: 5 }\n'
                                 'equipment "Dagger" { on use { attack(d) } }\n')
    mods = tmp_path / "mods"
    mod(mods, "heavy", '# heavier\noverride equipment "Dagger" { size: 2\n'
                       '    on use { attack(d) } }\n')
    mod(mods, "light", 'override equipment "Sword" { size: 1; on use { attack(d) } }\n')
    lib = load_library(content, [mods])
    assert [m.id for m in lib.mods] == ["light"] and "heavy" in lib.skipped_mods
    assert lib.card("Dagger").size == 1 and lib.card("Sword").size == 1
    (err,) = lib.errors
    assert (err.path.endswith("heavy/cards.dice"), err.line, err.column) == (True, 2, 20)
    assert err.message == ("this override makes hero 'Knight' (declared at "
                           f"{content / 'hero.dice'}:1) carry 6 grid spaces, but its grid "
                           "is 5 wide")


def test_a_bad_requirement_is_reported_at_the_mod_toml(tmp_path):
    # the requirement's text took the place of the file's name in the report
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "m"\nversion = "1.0"\napi = 1\n'
                                     'requires = ["what?", "x>=1.0"]\ndescription = 5\n')
    info, problems = read_mod_toml(folder)
    assert info is None and len(problems) == 2
    assert all(p.path == str(folder / "mod.toml") for p in problems), problems


def test_a_mod_whose_folder_name_has_capitals_can_be_required(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "Frost", 'equipment "Icicle" { on use { attack(d) } }')
    mod(mods, "snow", toml='name = "snow"\nversion = "1.0"\napi = 1\n'
                           'requires = ["Frost>=1.0"]\n')
    lib = load_library(content, [mods])
    assert lib.errors == [] and [m.id for m in lib.mods] == ["Frost", "snow"]


# ------------------------------------------------------------- extend dungeon

DUNGEON = """
enemy "Frog" { hp: 5; equipment: "Sword" }
enemy "Rat" { hp: 4; equipment: "Sword" }
dungeon "Cellar" {
    floor 1 { enemies: "Frog"; rewards: "Sword" }
    floor 2 { enemies: "Rat"; rewards: "Sword" }
    floor 3 { enemies: "Frog", "Rat"; rewards: "Sword" }
}
"""
#: A mod's enemy and card, and its extension of floor ``{floor}``.
EXTENSION = """
enemy "Yeti{tag}" {{ hp: 9; equipment: "Sword" }}
equipment "Icicle{tag}" {{ on use {{ attack(d) }} }}
extend dungeon {{
    floor {floor} {{
        enemies: "Yeti{tag}", "Frog"
        rewards: "Icicle{tag}", "Sword"
    }}
}}
"""


@pytest.fixture
def dungeon_content(tmp_path: Path) -> Path:
    write(tmp_path / "content" / "base.dice", BASE + DUNGEON)
    return tmp_path / "content"


def test_an_extension_adds_to_the_floor_of_the_dungeon_loaded_before_it(dungeon_content,
                                                                         tmp_path):
    mod(tmp_path / "mods", "frost", EXTENSION.format(tag="", floor=3))
    lib = load_library(dungeon_content, [tmp_path / "mods"])
    assert lib.errors == [] and lib.dungeon is lib.dungeons["cellar"]
    first, second, third = lib.dungeon.floors
    # after the floor's own names, each once: Frog and Sword are there already
    assert third.enemies == ("frog", "rat", "yeti") and third.rewards == ("sword", "icicle")
    assert (first, second) == load_library(dungeon_content, use_mods=False).dungeon.floors[:2]
    assert third.fights == 2 and lib.dungeon.origin.path.endswith("base.dice")
    (ext,) = lib.extensions
    assert ext.origin.mod == "frost" and ext.floors[0].enemies == ("yeti", "frog")


def test_an_extension_applies_to_a_dungeon_a_later_mod_brings(dungeon_content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "a_frost", EXTENSION.format(tag="", floor=2))
    mod(mods, "b_deep", 'dungeon "Deep" {\n    floor 1 { enemies: "Rat" }\n'
                        '    floor 2 { enemies: "Rat"; boss: "Frog" }\n}\n')
    lib = load_library(dungeon_content, [mods])
    assert lib.errors == [] and lib.dungeon.id == "deep"
    assert lib.dungeon.floors[1].enemies == ("rat", "yeti", "frog")
    assert lib.dungeon.floors[1].rewards == ("icicle", "sword")
    assert lib.dungeon.floors[1].boss == "frog"
    assert lib.dungeons["cellar"].floors[1].enemies == ("rat",)   # a run walks only Deep


def test_extensions_of_several_mods_all_apply_in_load_order(dungeon_content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "b", EXTENSION.format(tag=" B", floor=1))
    mod(mods, "a", EXTENSION.format(tag=" A", floor=1) + 'extend dungeon { floor 1 { '
                   'enemies: "Yeti A"; rewards: "Icicle A" } }\n')   # there already
    lib = load_library(dungeon_content, [mods])
    assert lib.errors == [] and [e.origin.mod for e in lib.extensions] == ["a", "a", "b"]
    assert lib.dungeon.floors[0].enemies == ("frog", "yeti_a", "yeti_b")
    assert lib.dungeon.floors[0].rewards == ("sword", "icicle_a", "icicle_b")


def test_a_bad_extension_fails_only_its_own_mod(dungeon_content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "a_good", EXTENSION.format(tag="", floor=1))
    mod(mods, "b_bad", 'enemy "Ogre" { hp: 9; equipment: "Sword" }\n'
                       'extend dungeon {\n    floor 2 { enemies: "Yetti", "Ogre" }\n}\n')
    lib = load_library(dungeon_content, [mods])
    (err,) = lib.errors
    assert err.path.endswith("b_bad/cards.dice") and (err.line, err.column) == (3, 24)
    assert err.message == "unknown enemy 'Yetti' (did you mean 'Yeti'?)"
    assert lib.skipped_mods == {"b_bad": "1 error"}
    assert [m.id for m in lib.mods] == ["a_good"]
    assert "ogre" not in lib.enemies and lib.dungeon.floors[1].enemies == ("rat",)
    assert lib.dungeon.floors[0].enemies == ("frog", "yeti")


def test_an_extension_of_a_floor_the_dungeon_lacks_fails_its_mod_at_that_floor(
        dungeon_content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "good", EXTENSION.format(tag="", floor=1))
    mod(mods, "deep", EXTENSION.format(tag=" Deep", floor=7))
    lib = load_library(dungeon_content, [mods])
    (err,) = lib.errors
    assert err.path.endswith("deep/cards.dice") and (err.line, err.column) == (5, 5)
    assert err.message.startswith("floor 7 is not in Cellar (") and \
        err.message.endswith("base.dice:18), the dungeon a run walks: it has 3 floors")
    assert "^" in lib.render_diagnostics()
    assert lib.skipped_mods == {"deep": "1 error"} and "yeti_deep" not in lib.enemies
    assert lib.dungeon.floors[0].enemies == ("frog", "yeti")


def test_a_floor_lacking_only_from_a_later_mods_dungeon_fails_the_extension_s_mod(
        dungeon_content, tmp_path):
    """Floor 3 is in the base game's dungeon when the mod loads, not in the one a later
    mod brings, which a run walks: the mod fails then, as it would for any error, and
    the game loads without it (and without the mod that requires it)."""
    mods = tmp_path / "mods"
    mod(mods, "a_frost", EXTENSION.format(tag="", floor=3))
    mod(mods, "b_short", 'dungeon "Short" {\n    floor 1 { enemies: "Rat" }\n}\n')
    mod(mods, "c_needs", 'equipment "Thaw" { on use { heal(d) } }\n',
        toml='name = "c"\nversion = "1.0"\napi = 1\nrequires = ["a_frost"]\n')
    lib = load_library(dungeon_content, [mods])
    assert [m.id for m in lib.mods] == ["b_short"] and lib.dungeon.id == "short"
    assert set(lib.skipped_mods) == {"a_frost", "c_needs"}
    assert lib.skipped_mods["a_frost"] == "1 error"
    err = next(d for d in lib.errors if d.path.endswith("a_frost/cards.dice"))
    assert (err.line, err.column) == (5, 5) and err.message.startswith(
        "floor 3 is not in Short (") and "b_short/cards.dice:1, mod b_short)" in err.message
    assert any("mod 'c_needs' not loaded: a required mod did not load" in d.message
               for d in lib.errors)
    assert "yeti" not in lib.enemies and "icicle" not in lib.equipment
    assert lib.dungeon.floors[0].enemies == ("rat",) and lib.extensions == []


def test_the_base_game_s_extension_of_a_floor_it_lacks_is_left_out(dungeon_content,
                                                                    tmp_path):
    loose = write(tmp_path / "loose.dice", EXTENSION.format(tag="", floor=9))
    lib = load_library(dungeon_content, use_mods=False, extra_files=[loose])
    (err,) = lib.errors
    assert (err.line, err.column) == (5, 5) and "floor 9 is not in Cellar" in err.message
    assert "yeti" in lib.enemies and lib.extensions == []   # the rest of the file loads


def test_an_extension_with_no_dungeon_loaded_is_a_warning(content, tmp_path):
    mod(tmp_path / "mods", "lost", 'extend dungeon {\n    floor 1 { rewards: "Sword" }\n}\n')
    lib = load_library(content, [tmp_path / "mods"])
    (warning,) = lib.diagnostics
    assert warning.severity == "warning" and "no dungeon is loaded" in warning.message
    assert [m.id for m in lib.mods] == ["lost"] and lib.dungeon is None


DEEP = 'dungeon "Deep" {\n' + "".join(f'    floor {n} {{ enemies: "Frog" }}\n'
                                       for n in range(1, 8)) + "}\n"


def test_an_extension_a_dungeon_of_another_mod_fits_gets_the_requires_hint(
        dungeon_content, tmp_path):
    """An extension with no dungeon to extend, or none with its floors, got no word of the
    mod beside it that declares one that has them (not loaded, or failed), as any other
    name does."""
    mods, content = tmp_path / "mods", write(tmp_path / "bare" / "base.dice", BASE).parent
    mod(mods, "lost", 'extend dungeon {\n    floor 7 { rewards: "Sword" }\n}\n')
    mod(mods, "deep", DEEP)
    hint = (" (Deep, a dungeon with floor 7, is declared in mod 'deep', which is not loaded: "
            "add \"deep\" to 'requires' in lost's mod.toml)")
    # Checked alone (dicey check mods/lost): the mod beside it is not loaded.
    lib = load_library(content, [], single_mods=[mods / "lost"])
    (warning,) = lib.diagnostics
    assert warning.message == f"no dungeon is loaded: this extension extends nothing{hint}"
    lib = load_library(dungeon_content, [], single_mods=[mods / "lost"])
    (error,) = lib.errors
    assert error.message.startswith("floor 7 is not in Cellar (") and \
        error.message.endswith(f"the dungeon a run walks: it has 3 floors{hint}")
    # The dungeon's mod (loaded first) failed: it did not load.
    mod(mods, "deep", DEEP + 'equipment "Bad" { on use { attack(nothing) } }\n')
    lib = load_library(dungeon_content, [mods])
    assert [e.message for e in lib.errors if e.message.startswith("floor 7")] == [
        error.message.replace("which is not loaded", "which did not load")]
    # A dungeon without the floor, or no mod's dungeon at all: no such hint.
    mod(mods, "deep", DEEP.replace("    floor 7", "    # floor 7"))
    lib = load_library(content, [], single_mods=[mods / "lost"])
    assert [d.message for d in lib.diagnostics] == [
        "no dungeon is loaded: this extension extends nothing"]


def test_an_extension_with_an_unknown_name_still_has_its_missing_floors_reported(
        dungeon_content, tmp_path):
    """Both errors of one block come in one pass: the modder fixes them together."""
    mods = tmp_path / "mods"
    mod(mods, "deep", 'extend dungeon {\n    floor 1 { enemies: "Yetti" }\n'
                      '    floor 7 { enemies: "Rat" }\n}\n')
    lib = load_library(dungeon_content, [mods])
    assert [(e.line, e.column) for e in lib.errors] == [(2, 24), (3, 5)]
    unknown, missing = lib.errors
    assert unknown.message == "unknown enemy 'Yetti'"
    assert missing.message.startswith("floor 7 is not in Cellar (")
    assert lib.skipped_mods == {"deep": "2 errors"} and lib.extensions == []
    assert lib.dungeon.floors[0].enemies == ("frog",)


BROKEN_BELLOWS = '''\
equipment "Bellows" {
    slots: even
    on use { attack(d) }

equipment "Torch" {
    slots: any
    on use { attack(d) }
}

enemy "Beetle" {
    hp: 10
    dice: 2
    equipment: "Bellows", "Torch"
}
'''


def test_a_declaration_that_does_not_parse_is_one_error_not_one_per_use(content, tmp_path):
    """A '}' left out: the error said 'unexpected end of file' in the middle of the file,
    and every use of the card was an 'unknown card' of its own, listed before it."""
    mod(tmp_path / "mods", "embers", BROKEN_BELLOWS)
    lib = load_library(content, [tmp_path / "mods"])
    (err,) = lib.errors
    assert (err.line, err.column) == (3, 25)
    assert err.message == "equipment 'Bellows' is not closed before the next declaration: " \
                          "a '}' may be missing"
    assert lib.skipped_mods == {"embers": "1 error"}


def test_the_base_game_s_unparsed_card_leaves_out_what_names_it(content, tmp_path):
    """In the base game (loaded as far as it can be) the fighter holding the card that did
    not parse is left out with a note, and the mods after it do not know the card."""
    loose = write(tmp_path / "loose.dice", BROKEN_BELLOWS)
    mod(tmp_path / "mods", "user", 'enemy "Moth" {\n    hp: 3\n    dice: 1\n'
                                   '    equipment: "Bellows"\n}\n')
    lib = load_library(content, [tmp_path / "mods"], extra_files=[loose])
    messages = [e.message for e in lib.errors]
    assert any(m.startswith("equipment 'Bellows' is not closed") for m in messages)
    assert "enemy 'Beetle' names equipment 'bellows', which did not load (see its errors)" \
        in messages
    assert "unknown card 'Bellows'" in messages                  # the mod's own error
    assert "torch" in lib.equipment and "beetle" not in lib.enemies and "moth" not in lib.enemies


def test_a_misspelt_requirement_is_answered_with_the_mod_beside_it(content, tmp_path):
    """Checking one mod (``dicey check mods/embers``), a requirement spelt 'frostbyte' was
    'not installed', with nothing said of the frostbite folder next to it."""
    mods = tmp_path / "mods"
    mod(mods, "frostbite", 'equipment "Icicle" { on use { attack(d) } }')
    embers = mod(mods, "embers", 'equipment "Ember" { on use { attack(d) } }',
                 'name = "embers"\nversion = "1.0"\napi = 1\nrequires = ["frostbyte"]\n')
    lib = load_library(content, mod_dirs=[], single_mods=[embers])
    assert lib.skipped_mods["embers"] == ("requires mod 'frostbyte', which is not installed "
                                          "(did you mean 'frostbite'?)")


def test_every_failing_requirement_is_said_and_a_capitalised_id_gets_the_one_meant(
        content, tmp_path):
    """Only the first requirement that failed was said; and 'BASE' for the mod 'base' had
    no did-you-mean (ids are lower case)."""
    mods = tmp_path / "mods"
    mod(mods, "base", 'equipment "Club" { on use { attack(d) } }')
    mod(mods, "needy", "", 'name = "needy"\nversion = "1.0"\napi = 1\n'
                           'requires = ["nothere", "base>=2.0", "BASE"]\n')
    lib = load_library(content, [mods])
    assert lib.skipped_mods["needy"] == (
        "requires mod 'nothere', which is not installed; requires base>=2.0, but base is "
        "version 1.0.0; requires mod 'BASE', which is not installed (did you mean 'base'?)")


# ------------------------------------------------ what an unzip or a tool leaves in a mod

def test_hidden_files_and_folders_in_a_mod_are_passed_over(content, tmp_path):
    """A mod unzipped on a Mac (``._cards.dice``, ``__MACOSX/``), under git (``.git/``) or
    open in an editor (``.cards.dice.swp.dice``) was refused whole: those files were read
    as the mod's and are no text."""
    mods = tmp_path / "mods"
    folder = mod(mods, "embers", 'equipment "Ember" { text: "t"; on use { attack(d) } }')
    binary = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X"
    for junk in ("._cards.dice", "__MACOSX/._cards.dice", ".git/x.dice", ".hidden/h.dice",
                 ".cards.swp.dice", "_drafts/old.dice"):
        (folder / junk).parent.mkdir(parents=True, exist_ok=True)
        (folder / junk).write_bytes(binary)
    write(folder / "more" / "club.dice", 'equipment "Club" { text: "t"; on use { attack(d) } }')
    lib = load_library(content, [mods])
    assert lib.diagnostics == [] and [m.id for m in lib.mods] == ["embers"]
    assert {"ember", "club"} <= set(lib.equipment)
    assert sorted(p.rsplit("/", 2)[-2:] == ["more", "club.dice"] or p.endswith("embers/cards.dice")
                  for p in lib.sources if "embers" in p) == [True, True]


# ------------------------------------------------------- a mod.toml that is no file

@pytest.mark.parametrize("kind, why", [
    ("folder", "not a regular file (a folder, a device or a pipe)"),
    ("pipe", "not a regular file (a folder, a device or a pipe)"),
    ("device", "not a regular file (a folder, a device or a pipe)"),
    ("loop", "Too many levels of symbolic links"),
    ("broken", "a link to a file that is not there"),
])
def test_a_mods_mod_toml_that_is_no_file_is_reported_as_such(content, tmp_path, kind, why):
    """It was "missing mod.toml" (and a folder named mod.toml made its mod a folder of
    mods, whose one mod was 'mod.toml'): the same words as for a .dice file now."""
    if kind == "pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("named pipes")
    mods = tmp_path / "mods"
    folder = mods / "frosty"
    write(folder / "cards.dice", 'equipment "Icicle" { on use { attack(d) } }')
    toml = folder / "mod.toml"
    {"folder": lambda: toml.mkdir(), "pipe": lambda: os.mkfifo(toml),
     "device": lambda: toml.symlink_to("/dev/null"), "loop": lambda: toml.symlink_to(toml),
     "broken": lambda: toml.symlink_to(folder / "gone.toml")}[kind]()
    for roots in ([mods], [folder]):       # a folder of mods, or the mod itself
        lib = load_library(content, roots)
        assert [(d.path, d.message) for d in lib.diagnostics] == [
            (str(toml), f"cannot read mod.toml: {why}")]
        assert lib.skipped_mods == {"frosty": "invalid mod.toml"}


# ------------------------------------------------- mod.toml errors where they are

def test_a_toml_syntax_error_in_mod_toml_quotes_its_line_with_a_caret(content, tmp_path):
    """tomllib's raw words ("Illegal character '\\n' (at line 1, column 10)"), the position
    twice and no source line: now as a .dice error is shown."""
    mods = tmp_path / "mods"
    mod(mods, "open", toml='name = "Open\nversion = "1.0"\napi = 1\n')
    mod(mods, "twice", toml='name = "T"\nversion = "1.0"\napi = 1\nname = "U"\n')
    lib = load_library(content, [mods])
    shown = lib.render_diagnostics().split("\n")
    assert shown == [
        f"{mods / 'open' / 'mod.toml'}:1:13: error: invalid mod.toml: the line ends inside a "
        "string (a closing quote is missing)",
        '    name = "Open',
        "                ^",
        f"{mods / 'twice' / 'mod.toml'}:4:11: error: invalid mod.toml: a key given twice (or a "
        "table and a key of the same name)",
        '    name = "U"',
        "              ^"]


def test_a_field_error_in_mod_toml_names_its_line(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "v", toml='# my mod\nname = "V"\n  "version" = "v1"\napi = 1\nrequries = []\n')
    lib = load_library(content, [mods])
    path = str(mods / "v" / "mod.toml")
    assert [(d.path, d.line, d.column, d.end_column, d.severity) for d in lib.diagnostics] == [
        (path, 5, 1, 9, "warning"), (path, 3, 3, 12, "error")]
    assert lib.render_diagnostics().split("\n")[1:3] == ['      "version" = "v1"',
                                                          "      ^^^^^^^^^"]


@pytest.mark.parametrize("toml, at", [
    # a dotted key makes a table of the name: at the key
    ('name.first = "V"\nversion = "1.0"\napi = 1\n', (1, 1, 5, "    ^^^^")),
    # a table's header: at its name
    ('name = "V"\nversion = "1.0"\napi = 1\n\n[authors]\nfirst = "Ann"\n',
     (5, 2, 9, "     ^^^^^^^")),
    ('name = "V"\nversion = "1.0"\napi = 1\n[[ authors ]]\nname = "Ann"\n',
     (4, 4, 11, "       ^^^^^^^")),
    # a requirement that does not read: at the string itself, on its own line
    ('name = "V"\nversion = "1.0"\napi = 1\nrequires = [\n  "frostbite>=1.0",\n'
     '  "bad one!",\n]\n', (6, 3, 13, "      ^^^^^^^^^^")),
])
def test_a_field_error_in_mod_toml_is_at_its_key_however_written(content, tmp_path, toml, at):
    """A dotted key, a table's header or a requirement over lines named the file alone."""
    mods = tmp_path / "mods"
    mod(mods, "v", toml=toml)
    lib = load_library(content, [mods])
    (error,) = lib.errors
    assert (error.line, error.column, error.end_column) == at[:3]
    assert lib.render(error).split("\n")[2] == at[3]


def test_a_mod_toml_not_utf8_is_at_its_first_bad_bytes(content, tmp_path):
    mods = tmp_path / "mods"
    folder = mod(mods, "v", toml="")
    (folder / "mod.toml").write_bytes(b'name = "V"\nversion = "1.0"\ndescription = "Caf\xe9"\n')
    lib = load_library(content, [mods])
    (error,) = lib.errors
    assert str(error) == f"{folder / 'mod.toml'}:3:19: error: invalid mod.toml: not valid " \
        "UTF-8 text"
    assert lib.render(error).split("\n")[1:] == ['    description = "Caf\\xe9"',
                                                 "                      ^^^^"]


def test_a_missing_field_names_the_file_alone(tmp_path):
    folder = tmp_path / "m"
    write(folder / "mod.toml", 'name = "x"\napi = 1\n[table]\nversion = "1.0"\n')
    info, problems = read_mod_toml(folder)
    assert info is None
    assert [(p.line, p.message) for p in problems if p.severity == "error"] == [
        (0, "'version' is missing: write version = \"1.0.0\"")]


# ------------------------------------------------------------ mod ids

@pytest.mark.parametrize("folder", ["My Mod", "a.b", "Émod", "x\x1b[31m", "caf\udce9"])
def test_a_mod_folder_whose_name_is_no_id_is_refused_saying_what_it_must_be(
        content, tmp_path, folder):
    """Any folder name was a mod id, though 'requires' could never name such a mod; a
    name with an escape went raw to the terminal, one not UTF-8 into JSON as a lone
    surrogate."""
    mods = tmp_path / "mods"
    try:
        bad = mod(mods, folder, 'equipment "Odd" { on use { attack(d) } }',
                  'name = "Odd"\nversion = "1.0"\napi = 1\n')
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses that name")
    mod(mods, "good-one_2", 'equipment "Fine" { on use { attack(d) } }')
    lib = load_library(content, [mods])
    assert [m.id for m in lib.mods] == ["good-one_2"] and "odd" not in lib.equipment
    shown = {"x\x1b[31m": "x\\x1b[31m", "caf\udce9": "caf\\xe9"}.get(folder, folder)
    assert lib.skipped_mods == {shown: "its folder's name is not a mod id"}
    (error,) = lib.errors
    path = os.fsencode(bad / "mod.toml").decode("utf-8", "backslashreplace")
    assert error.path == path and error.message == (
        f"mod '{shown}' not loaded: a mod's id is its folder's name, so that 'requires' can "
        "name it: rename the folder with letters A-Z and a-z, digits, '_' and '-' only (no "
        "spaces, dots or accents)")
    text = lib.render_diagnostics()
    assert "\x1b" not in text and "\x1b" not in "".join(lib.skipped_mods)
    text.encode("utf-8")          # no lone surrogate in what is printed or written as JSON
    "".join(lib.skipped_mods).encode("utf-8")


def test_a_name_another_mod_declares_says_which_and_suggests_requires(content, tmp_path):
    mods = tmp_path / "mods"
    # "adder" loads before "zoo" (by id) and names its hero and status without requires.
    mod(mods, "adder", 'enemy "Thug" { hp: 5; dice: 1; level: 1; equipment: "Claw" }\n'
                       'equipment "Pin" { on use { inflict(stun_lock, d) } }\n')
    mod(mods, "zoo", 'status "Stun Lock" { kind: negative; text: "Stuck" }\n'
                     'equipment "Claw" { on use { attack(d) } }\n')
    lib = load_library(content, [mods])
    said = sorted(d.message for d in lib.errors)
    assert said == [
        "unknown card 'Claw' (Claw is declared in mod 'zoo', which loads after this one: "
        "add \"zoo\" to 'requires' in adder's mod.toml)",
        "unknown status 'stun_lock' (Stun Lock is declared in mod 'zoo', which loads after "
        "this one: add \"zoo\" to 'requires' in adder's mod.toml)"]
    # Checked alone, the mod beside it is not loaded: the hint says so.
    lib = load_library(content, [], single_mods=[mods / "adder"])
    assert [d.message for d in lib.errors if "Claw" in d.message] == [
        "unknown card 'Claw' (Claw is declared in mod 'zoo', which is not loaded: add "
        "\"zoo\" to 'requires' in adder's mod.toml)"]
    # A name no mod declares gets no such hint.
    mod(mods, "adder", 'equipment "Pin" { on use { give_card("Nothing") } }\n')
    lib = load_library(content, [mods])
    assert [d.message for d in lib.errors] == ["unknown card 'Nothing'"]


def test_a_requirement_beside_a_mod_given_alone_is_said_to_be_there(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "zoo", 'equipment "Claw" { on use { attack(d) } }\n')
    mod(mods, "adder", 'equipment "Pin" { on use { give_card("Claw") } }\n',
        'name = "adder"\nversion = "1.0"\napi = 1\nrequires = ["zoo"]\n')
    lib = load_library(content, [mods / "adder"])
    assert lib.skipped_mods["adder"] == ("requires mod 'zoo', which is beside it but not "
                                         "loaded (give the folder that holds both, or each "
                                         "of them)")
    lib = load_library(content, [mods / "adder", mods / "zoo"])
    assert [m.id for m in lib.mods] == ["zoo", "adder"] and lib.errors == []


def test_heroes_an_override_of_the_dungeon_drops_are_blamed_on_it(content, tmp_path):
    from dicey.library import heroes_not_offered
    write(content / "heroes.dice", 'hero "Knight" { hp: 30; dice: 2; equipment: "Sword" }\n'
          'hero "Monk" { hp: 30; dice: 2; equipment: "Sword" }\n'
          'enemy "Frog" { hp: 5; equipment: "Sword" }\n'
          'dungeon "Cellar" { heroes: "Knight", "Monk"; floor 1 { enemies: "Frog" } }\n')
    mods = tmp_path / "mods"
    mod(mods, "den", 'hero "Solo" { hp: 30; dice: 2; equipment: "Sword" }\n'
                     'hero "Spare" { hp: 30; dice: 2; equipment: "Sword" }\n'
                     'override dungeon "Cellar" {\n    heroes: "Solo"\n'
                     '    floor 1 { enemies: "Frog" }\n}\n')
    lib = load_library(content, [mods])
    assert lib.errors == []
    blamed, heroes = heroes_not_offered(lib)
    (warning,) = blamed
    assert warning.path.endswith("den/cards.dice") and warning.line == 3
    assert warning.severity == "warning"
    assert warning.message == (
        "dungeon 'Cellar' of mod 'den', the one a run walks, does not offer the heroes "
        "Knight and Monk, declared outside this mod: a run cannot start with them; list "
        "them in its 'heroes' if they should be offered")
    assert [hero.name for hero in heroes] == ["Spare"]    # the mod's own: warned at it
    # The base game's dungeon: a mod's hero it does not offer is the hero's to warn of.
    lib = load_library(content, [])
    assert heroes_not_offered(lib) == ([], [])
    mod(mods, "den", 'hero "Solo" { hp: 30; dice: 2; equipment: "Sword" }\n')
    lib = load_library(content, [mods])
    blamed, heroes = heroes_not_offered(lib)
    assert blamed == [] and [hero.name for hero in heroes] == ["Solo"]


def test_an_override_of_what_another_mod_declares_gets_the_same_hint(content, tmp_path):
    mods = tmp_path / "mods"
    # "adder" loads before "zoo" (by id) and overrides zoo's card without requires.
    mod(mods, "adder", 'equipment "Pin" { on use { attack(d) } }\n'
                       'override equipment "Claw" { on use { attack(d) } }\n'
                       'override status "Sore" { kind: negative; text: "Ow" }\n')
    mod(mods, "zoo", 'equipment "Claw" { on use { attack(d) } }\n')
    lib = load_library(content, [mods])
    said = [(d.line, d.column, d.end_column, d.message) for d in lib.errors]
    assert said == [
        (2, 20, 26, "'override' of equipment 'Claw', but there is no such equipment to replace "
                "(Claw is declared in mod 'zoo', which loads after this one: add \"zoo\" to "
                "'requires' in adder's mod.toml)"),
        (3, 17, 23, "'override' of status 'Sore', but there is no such status to replace")]
    assert "adder" in lib.skipped_mods and "claw" in lib.equipment   # zoo's, loaded
    # Checked alone, the mod beside it is not loaded: the hint says so.
    lib = load_library(content, [], single_mods=[mods / "adder"])
    assert [d.message for d in lib.errors if "Claw" in d.message] == [
        "'override' of equipment 'Claw', but there is no such equipment to replace (Claw is "
        "declared in mod 'zoo', which is not loaded: add \"zoo\" to 'requires' in adder's "
        "mod.toml)"]
    # Required, it loads first and the override replaces its card.
    mod(mods, "adder", toml='name = "adder"\nversion = "1.0.0"\napi = 1\nrequires = ["zoo"]\n')
    write(mods / "adder" / "cards.dice", 'override equipment "Claw" { on use { attack(d) } }\n')
    lib = load_library(content, [mods])
    assert not lib.errors and lib.overrides[("equipment", "claw")] == "adder"


def test_an_extension_naming_what_a_later_mod_declares_gets_the_hint(content, tmp_path):
    # 'extend dungeon' names no declaration of its own (it extends the dungeon a run
    # walks); the names in it get the hint as any other list's.
    mods = tmp_path / "mods"
    mod(mods, "adder", 'extend dungeon { heroes: "Bard"\n'
                       '  floor 1 { enemies: "Thug"; rewards: "Claw" } }\n')
    mod(mods, "zoo", 'enemy "Thug" { hp: 5; dice: 1; level: 1; equipment: "Claw" }\n'
                     'equipment "Claw" { on use { attack(d) } }\n'
                     'hero "Bard" { hp: 20; dice: 2; equipment: "Claw" }\n')
    lib = load_library(content, [mods])
    hint = " is declared in mod 'zoo', which loads after this one: add \"zoo\" to " \
           "'requires' in adder's mod.toml)"
    assert sorted((d.line, d.message) for d in lib.errors) == [
        (1, f"unknown hero 'Bard' (Bard{hint}"), (2, f"unknown card 'Claw' (Claw{hint}"),
        (2, f"unknown enemy 'Thug' (Thug{hint}")]


def test_an_override_of_a_name_near_one_loaded_suggests_it(content, tmp_path):
    mods = tmp_path / "mods"
    mod(mods, "typo", 'override equipment "Swrod" { on use { attack(d) } }\n'
                      'override status "Sword" { kind: positive; text: "x" }\n')
    lib = load_library(content, [mods])
    assert [d.message for d in lib.errors] == [
        "'override' of equipment 'Swrod', but there is no such equipment to replace (did you "
        "mean 'Sword'?)",
        "'override' of status 'Sword', but there is no such status to replace (Sword is a "
        "card)"]
