"""Bad input never reaches the user as a traceback, never hangs, and never costs the rest
of the content: garbage, empty, huge, binary and deeply nested files, and broken mods."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import unicodedata
from pathlib import Path

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.lang import ast as A
from dicey.lang.errors import DiceSyntaxError, Diagnostic, render_all
from dicey.lang.parser import (MAX_SOURCE_BYTES, parse, parse_expr, parse_file,
                                parse_recovering)
from dicey.library import load_library

ROOT = Path(__file__).resolve().parents[2]
N = 10_000


def syntax_error(source: str) -> str:
    """The first diagnostic of a source that must not parse, as printed."""
    with pytest.raises(DiceSyntaxError) as caught:
        parse(source, "bad.dice")
    diag = caught.value.diagnostics[0]
    assert diag.path == "bad.dice" and diag.line >= 1 and diag.column >= 1
    return str(diag)


def content_folder(tmp_path: Path, **files: str) -> Path:
    """A base-game folder holding ``name.dice`` files with the given texts."""
    folder = tmp_path / "content"
    folder.mkdir()
    for name, text in files.items():
        (folder / f"{name}.dice").write_text(text, encoding="utf-8")
    return folder


def in_hook(body: str) -> str:
    return f'equipment "Deep" {{\n    on use {{ {body} }}\n}}\n'

# ---------------------------------------------------------------- garbage


@pytest.mark.parametrize("source", [
    "@@@ $$$", "}}}}{{{{", "equipment", 'equipment "A"', 'equipment "A" {', "{ }",
    '"just a string"', "equipment \"A\" { on use { ) } }", "\x7f\x1b[31m", "équipement \"A\" {}",
    "1 + 2", "on use { attack(d) }", 'equipment "A" { on use { attack(d) ',
])
def test_garbage_is_a_syntax_error_with_a_position(source):
    assert ": error: " in syntax_error(source)


def test_empty_and_blank_files_hold_nothing():
    for source in ("", "\n\n", "   \t", "# only a comment", ";;;\n;"):
        assert parse(source).decls == ()

# ------------------------------------------------------------------ size


def test_a_file_past_the_size_limit_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.dice"
    path.write_bytes(b"#" * (MAX_SOURCE_BYTES + 1))
    module, _, found = parse_file(path, "huge.dice")
    assert module.decls == () and "file too large" in found[0].message


@pytest.mark.parametrize("make", [
    lambda: "x" * 1_000_000,                                                  # junk
    lambda: "# " + "a" * 1_000_000 + '\nequipment "A" { on use { attack(d) } }\n',
    lambda: 'equipment "A" {\n    text: "' + "a" * 1_000_000 + '"\n    on use { attack(d) }\n}\n',
    lambda: "#\n" * 500_000 + 'equipment "A" { on use { attack(d) } }\n',   # 500,000 lines
], ids=["junk", "long-comment", "long-string", "many-lines"])
def test_a_one_megabyte_file_is_handled(tmp_path, make):
    source = make()
    assert len(source) >= 1_000_000
    path = tmp_path / "big.dice"
    path.write_text(source, encoding="utf-8")
    module, _, found = parse_file(path, "big.dice")
    if found:
        assert found[0].line >= 1
    else:
        assert [d.name for d in module.decls] == ["A"]


def test_recovery_reads_a_file_of_broken_declarations_a_bounded_number_of_times(monkeypatch):
    source = "equipment {\n" * 2_000
    fed = []
    real_parse = lark.Lark.parse

    def counting_parse(self, text, *args, **kwargs):
        fed.append(len(text))
        return real_parse(self, text, *args, **kwargs)

    monkeypatch.setattr(lark.Lark, "parse", counting_parse)
    with pytest.raises(DiceSyntaxError):
        parse(source)
    assert sum(fed) <= 4 * len(source)

# --------------------------------------------------------------- encoding


@pytest.mark.parametrize("data, words", [
    (b"\x00\x01\x02\x03binary", "not a text file"),
    (bytes(range(256)) * 4, "not a text file"),
    (b'equipment "Caf\xe9" { on use { attack(d) } }', "not valid UTF-8"),
    (b"\xff\xfe" + "equipment".encode("utf-16-le"), "not"),
    # as some editors save text: it was called "not a text file"
    ('equipment "A" {}\n'.encode("utf-16"), "not UTF-8 but UTF-16 text (save it as UTF-8)"),
    ('equipment "Ä" {}\n'.encode("utf-16-be"), "not UTF-8 but UTF-16 text (save it as UTF-8)"),
    ('equipment "Ä" {}\n'.encode("utf-16-le"), "not UTF-8 but UTF-16 text (save it as UTF-8)"),
])
def test_binary_and_non_utf8_files_are_reported(tmp_path, data, words):
    path = tmp_path / "odd.dice"
    path.write_bytes(data)
    module, _, found = parse_file(path, "odd.dice")
    assert module.decls == () and words in found[0].message


@pytest.mark.parametrize("data, line, excerpt", [
    (b'equipment "Caf\xe9" {}', "1:15", '    equipment "Caf\\xe9" {}\n'
                                         '                  ^^^^'),
    # columns count characters (not bytes, not the BOM); each bad byte shows as an escape
    ('\ufeff# café\nequipment "Ol'.encode() + b'\xe9\xe9" {} # caf\xc3\xa9',
     "2:14", '    equipment "Ol\\xe9\\xe9" {} # café\n'
             '                 ^^^^'),
    (b'equipment "A" {\n    text: "\xe2\x82"\n}', "2:12", '        text: "\\xe2\\x82"\n'
                                                        '               ^^^^^^^^'),
])
def test_a_non_utf8_file_quotes_its_line_with_the_bad_bytes_escaped(tmp_path, data, line,
                                                                     excerpt):
    path = tmp_path / "odd.dice"
    path.write_bytes(data)
    module, text, found = parse_file(path, "odd.dice")
    assert module.decls == () and len(found) == 1
    assert found[0].render(text) == f"odd.dice:{line}: error: not valid UTF-8 text\n{excerpt}"


def test_dicey_check_on_a_latin1_file_shows_the_line(cli, tmp_path):
    path = tmp_path / "latin1.dice"
    path.write_bytes(b'equipment "Caf\xe9" {}\n')
    code, _, err = cli("check", str(path))
    assert code == 1
    assert f'{path}:1:15: error: not valid UTF-8 text\n    equipment "Caf\\xe9" {{}}\n' \
           f'                  ^^^^' in err


def test_a_utf8_bom_is_fine(tmp_path):
    path = tmp_path / "bom.dice"
    path.write_bytes('\ufeffequipment "Café" { on use { attack(d) } }'.encode("utf-8"))
    module, _, found = parse_file(path)
    assert found == [] and module.decls[0].name == "Café"


@pytest.mark.parametrize("ends", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_every_line_ending_gives_the_same_lines(tmp_path, ends):
    # A file saved with old Mac line ends (a lone CR) used to be one line: its first
    # comment ran to the end of the file, and it silently declared nothing.
    source = ('# cards\nequipment "A" {\n    on use { attack(d) }\n}\n'
              'equipment "B" {\n    on use { attack(zz) }\n}\n').replace("\n", ends)
    path = tmp_path / "ends.dice"
    path.write_bytes(source.encode("utf-8"))
    lib = load_library(ROOT / "content", use_mods=False, extra_files=[path])
    assert "a" in lib.equipment and "b" not in lib.equipment
    assert [(d.line, d.column, d.message) for d in lib.errors] == [(6, 21, "unknown name 'zz'")]
    assert lib.render_diagnostics().endswith("\n        on use { attack(zz) }\n"
                                             "                        ^^")


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    import tracemalloc

    path = tmp_path / "huge.dice"
    with path.open("wb") as file:
        file.truncate(50_000_000)   # sparse: 50 MB of NUL bytes, none on disk
    tracemalloc.start()
    try:
        module, _, found = parse_file(path, "huge.dice")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert module.decls == () and "file too large (50,000,000 bytes" in found[0].message
    assert peak < 3 * MAX_SOURCE_BYTES


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_refused_not_waited_on(tmp_path):
    pipe = tmp_path / "pipe.dice"
    os.mkfifo(pipe)     # opening it to read would wait for a writer forever
    module, _, found = parse_file(pipe, "pipe.dice")
    assert module.decls == () and "not a regular file" in found[0].message


def test_rendering_every_problem_of_a_file_splits_it_into_lines_once():
    # 20,000 broken declarations in one file used to take minutes to print: each problem
    # split the whole file again to quote its line.
    class Source(str):
        splits = 0

        def split(self, *args, **kwargs):
            Source.splits += 1
            return super().split(*args, **kwargs)

    text = 'equipment "A" { on use { attack(zz) } }\n' * 2_000 + "# unique\n"
    diagnostics = [Diagnostic("many.dice", line, 34, "unknown name 'zz'", end_column=36)
                   for line in range(1, 2_001)]
    shown = render_all(diagnostics, {"many.dice": Source(text)})
    assert Source.splits <= 1 and shown.count("attack(zz)") == 2_000


def test_a_problem_on_a_megabyte_line_quotes_a_slice_of_it():
    line = "attack(zz); " * 100_000
    source = 'equipment "A" { on use { ' + line + "} }"
    found = Diagnostic("long.dice", 1, 26 + 12 * 50_000, "unknown name 'zz'").render(source)
    assert len(found) < 400 and "attack(zz)" in found
    quoted, carets = found.splitlines()[1:]
    assert quoted.startswith("    …") and quoted.endswith("…")      # cut: it says so
    at = carets.index("^")                                      # under its spot still
    assert carets.count("^") == 1 and quoted[at:at + len("attack(zz)")] == "attack(zz)"


def test_a_line_cut_at_its_end_says_so_and_its_carets_stop_at_the_cut():
    """A long equipment line was quoted cut mid-word ('"Lucky Co'), nothing saying so,
    over a run of 116 carets: the cut now ends with '…' and no caret goes past it."""
    cards = ", ".join(f'"Card {n}"' for n in range(20))
    source = f'hero "H" {{\n    equipment: {cards}\n}}\n'
    found = Diagnostic("h.dice", 2, 5, "the equipment takes 20 spaces",
                       end_column=5 + len(f"equipment: {cards}")).render(source)
    quoted, carets = found.splitlines()[1:]
    assert quoted.startswith("        equipment: ") and quoted.endswith("…")
    assert len(quoted) == 4 + 120 + 1 and carets == "    " + " " * 4 + "^" * 116

# ---------------------------------------------------------------- nesting

DEEP = [
    ("nested-ifs", in_hook("if true { " * N + "attack(1)" + " }" * N)),
    ("nested-parentheses-with-operators",
     in_hook("attack(" + "(1 + " * N + "1" + ")" * N + ")")),
    ("nested-calls", in_hook("attack(" + "abs(" * N + "1" + ")" * N + ")")),
    ("nested-lists", in_hook("say(" + "[" * N + "]" * N + ")")),
    ("plus-chain", in_hook("attack(" + " + ".join(["1"] * N) + ")")),
    ("minus-chain", in_hook("attack(" + "-" * N + "1)")),
    ("not-chain", in_hook("say(" + "not " * N + "true)")),
    ("field-chain", in_hook("say(self" + ".hp" * N + ")")),
    ("nested-sections", 'equipment "Deep" {\n' + "upgraded { " * N + "}" * N + "\n}"),
    ("unclosed-parentheses", in_hook("attack(" + "(" * N + "1")),
    ("unclosed-ifs", in_hook("if true { " * N)),
]


@pytest.mark.parametrize("source", [pytest.param(s, id=i) for i, s in DEEP])
def test_deep_nesting_is_a_clear_error(source):
    message = syntax_error(source)
    assert "nested too deeply" in message or "unexpected" in message


@pytest.mark.parametrize("minuses, found", [(95, None), (96, (3, 13))])
def test_too_deep_is_reported_at_the_first_node_past_the_limit(minuses, found):
    """One level past the limit (declaration, hook, statement, call, 96 minus signs and a
    number) is an error, in the first statement the walk meets (it walks a block's last
    first), at the outermost of the operators that make it too deep. At the limit the
    tree is kept."""
    minus = "-" * minuses
    source = in_hook(f"say({minus}1)\n        say({minus}2)")
    try:
        parse(source, "d.dice")
    except DiceSyntaxError as err:
        (diag,) = err.diagnostics
        assert "nested too deeply" in diag.message and (diag.line, diag.column) == found
    else:
        assert found is None


@pytest.mark.parametrize("terms, operator", [(150, " + "), (120, " * "), (101, " - ")])
def test_a_long_run_of_operators_says_what_the_levels_count_and_how_to_cut_it(terms, operator):
    # A flat sum of more than 100 terms was "nested too deeply", where nothing looks nested.
    chain = operator.join(["2"] * terms)
    with pytest.raises(DiceSyntaxError) as caught:
        parse(in_hook(f"say(1)\n        attack({chain})"), "d.dice")
    (diag,) = caught.value.diagnostics
    assert (diag.line, diag.column) == (3, 16)   # the expression's start
    assert diag.message == ("nested too deeply: more than 100 levels, 96 of them operators in "
                            "a row (each operator is a level: 'a + b + c' is two); split the "
                            "expression with 'let'")
    # as it says: cut in two, each part within the limit
    half = operator.join(["2"] * (terms // 2))
    parse(in_hook(f"let a = {half}\n        attack(a{operator}{half})"), "d.dice")


def test_deep_nesting_of_other_things_says_what_the_levels_count():
    diag = syntax_error(in_hook("attack(" + "abs(" * 100 + "1" + ")" * 100 + ")"))
    assert diag.endswith("nested too deeply (more than 100 levels of blocks, brackets or "
                         "operators)")


def test_redundant_parentheses_are_transparent():
    """10,000 parentheses around one number nest nothing: the AST is the number."""
    assert parse_expr("(" * N + "7" + ")" * N) == A.Int(7)


def test_deep_nesting_through_the_library_keeps_the_rest(tmp_path):
    deep = in_hook("attack(" + "-" * N + "1)")
    content = content_folder(tmp_path, deep=deep + 'equipment "Fine" { on use { attack(d) } }\n',
                             good='equipment "Good" { on use { attack(d) } }\n')
    lib = load_library(content, use_mods=False)
    assert set(lib.equipment) == {"fine", "good"}
    (err,) = lib.errors
    assert err.path.endswith("deep.dice") and "nested too deeply" in err.message

# -------------------------------------------------------------------- mods


def _mod(root: Path, name: str, toml: str | None, dice: str = "") -> None:
    folder = root / name
    folder.mkdir(parents=True)
    if toml is not None:
        (folder / "mod.toml").write_text(textwrap.dedent(toml))
    if dice:
        (folder / "cards.dice").write_text(dice)


@pytest.fixture
def bad_mods(tmp_path: Path) -> Path:
    """A mods folder with one good mod and one of each mod-level problem."""
    root = tmp_path / "mods"
    ok = 'name = "{0}"\nversion = "1.0"\napi = 1\n'
    _mod(root, "good", ok.format("good"), 'equipment "Pebble" { on use { attack(1) } }\n')
    _mod(root, "no_toml", None, 'equipment "Lost" { on use { attack(1) } }\n')
    _mod(root, "bad_toml", 'name = "bad" version = ', 'equipment "Bad" { on use { attack(1) } }\n')
    _mod(root, "future", 'name = "future"\nversion = "1.0"\napi = 99\n',
         'equipment "Future" { on use { attack(1) } }\n')
    _mod(root, "ying", ok.format("ying") + 'requires = ["yang"]\n',
         'equipment "Ying" { on use { attack(1) } }\n')
    _mod(root, "yang", ok.format("yang") + 'requires = ["ying>=1.0"]\n')
    _mod(root, "rival", ok.format("rival"), 'equipment "Pebble" { on use { attack(2) } }\n')
    _mod(root, "typo", ok.format("typo"), 'equipment "Typo" {\n    on use { attak(1) }\n}\n'
                                          'enemy "Typist" { hp: 3; equipment: "Typo" }\n')
    return root


def test_every_broken_mod_is_reported_and_the_rest_loads(bad_mods):
    lib = load_library(mod_dirs=[bad_mods])
    assert [m.id for m in lib.mods] == ["good"] and "pebble" in lib.equipment
    assert "sword" in lib.equipment                        # the base game is untouched
    assert set(lib.skipped_mods) == {"no_toml", "bad_toml", "future", "ying", "yang", "rival",
                                     "typo"}
    text = lib.render_diagnostics()
    for words in ("missing mod.toml", "invalid mod.toml", "written for api 99",
                  "requirement cycle", "duplicate equipment 'Pebble'",
                  "typo/cards.dice:2:14: error: unknown function 'attak'"):
        assert words in text, words
    for card in ("lost", "bad", "future", "ying", "typo"):
        assert card not in lib.equipment
    assert lib.skipped_mods["typo"] == "1 error"     # the card's, not one more per user


def test_dicey_check_reports_broken_mods_without_a_traceback(bad_mods):
    proc = subprocess.run([sys.executable, "-m", "dicey", "check", str(bad_mods)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "mods: good 1.0" in proc.stdout and "mod 'typo' skipped" in proc.stdout


def test_dicey_check_on_a_binary_file_exits_1_without_a_traceback(tmp_path):
    junk = tmp_path / "junk.dice"
    junk.write_bytes(bytes(range(256)))
    proc = subprocess.run([sys.executable, "-m", "dicey", "check", str(junk)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert f"{junk}: error: not a text file" in proc.stderr

# -------------------------------------------------------------- duplicates


def test_a_duplicate_in_the_base_game_keeps_the_first(tmp_path):
    content = content_folder(tmp_path, a='equipment "Club" { size: 2; on use { attack(d) } }\n'
                                         'equipment "club" { on use { attack(1) } }\n',
                             b='\nequipment "CLUB!" { on use { attack(2) } }\n')
    lib = load_library(content, use_mods=False)
    assert lib.card("Club").size == 2 and lib.card("Club").origin.path.endswith("a.dice")
    dupes = sorted((e.path[-6:], e.line, e.column) for e in lib.errors)
    assert dupes == [("a.dice", 2, 11), ("b.dice", 2, 11)]
    assert all("also declared at" in e.message and "a.dice:1" in e.message for e in lib.errors)


def test_a_mod_duplicating_a_base_card_names_both_places(tmp_path):
    root = tmp_path / "mods"
    _mod(root, "copycat", 'name = "copycat"\nversion = "1.0"\napi = 1\n',
         '# copy\nequipment "Hammer" { on use { attack(1) } }\n')
    lib = load_library(mod_dirs=[root])
    (err,) = lib.errors
    assert (err.line, err.column) == (2, 11) and "content/weapons.dice" in err.message
    assert "override equipment \"Hammer\"" in err.message and "copycat" in lib.skipped_mods


def test_declarations_with_check_errors_are_dropped_and_the_rest_loads(tmp_path):
    mixed = ('status "Poison" { kind: negative }\n'
             'equipment "Good" { on use { attack(d) } }\n'
             'equipment "Typo" { on use { attak(d) } }\n'
             'equipment "Status" { on use { inflict(posion) } }\n'
             'equipment "Card" { on use { give_card("Nothing") } }\n'
             'equipment "Hook" { on usee { attack(d) }\n on use { attack(d) } }\n'
             'equipment "Args" { on use { attack(d, fire, 1) } }\n'
             'equipment "Cancel" { on use { cancel } }\n'
             'equipment "Slots" { slots: countdown 3, any\n on use { attack(d) } }\n'
             'enemy "Foe" { hp: 5; equipment: "Good", "Typo" }\n'
             'equipment "Also Good" { on use { inflict(poison) } }\n')
    lib = load_library(content_folder(tmp_path, mixed=mixed), use_mods=False)
    assert set(lib.equipment) == {"good", "also_good"} and set(lib.statuses) == {"poison"}
    assert sorted(e.line for e in lib.errors) == [3, 4, 5, 6, 8, 9, 10, 12]
    # Foe names a card that did not load: it would fight holding a card that is not there.
    assert lib.enemies == {}
    assert "enemy 'Foe' names equipment 'typo', which did not load" in lib.errors[-1].message


def test_dropping_a_fighter_drops_the_dungeon_that_names_it(tmp_path):
    text = ('equipment "Broken" { on use { attak(d) } }\n'
            'enemy "Foe" { hp: 5; equipment: "Broken" }\n'
            'enemy "Friend" { hp: 5 }\n'
            'dungeon "Cave" { floor 1 { enemies: "Friend", "Foe" } }\n'
            'dungeon "Hill" { floor 1 { enemies: "Friend" } }\n')
    lib = load_library(content_folder(tmp_path, d=text), use_mods=False)
    assert set(lib.enemies) == {"friend"} and set(lib.dungeons) == {"hill"}
    assert [(e.line, e.column) for e in lib.errors] == [(1, 31), (2, 7), (4, 9)]

# ----------------------------------------------------- what reaches the terminal

ESC = "\x1b"


NONCHARACTER = ("(Unicode keeps it out of text: no screen shows it, no XML reader reads "
                "it)")
LINE_END = "(write \\n for a line end)"


@pytest.mark.parametrize("source, column, what", [
    (f'equipment "A{ESC}[2J" {{}}', 13, f"control character '\\x1b' {LINE_END}"),
    ('enemy "B" { hp: 5; text: "ti\x07tle" }', 29, f"control character '\\x07' {LINE_END}"),
    ('equipment "C" { on use { say("a\u202eb") } }', 32,    # reverses the text
     f"control character '\\u202e' {LINE_END}"),
    # no character at all: a name holding one made 'dicey graph' write XML nothing reads
    ('equipment "Non\ufffe" {}', 15, f"noncharacter '\\ufffe' {NONCHARACTER}"),
    ('enemy "E" { hp: 5; text: "\uffff" }', 27, f"noncharacter '\\uffff' {NONCHARACTER}"),
    ('equipment "F" { text: "a\ufdd0" }', 25, f"noncharacter '\\ufdd0' {NONCHARACTER}"),
    ('equipment "G" { text: "\U0010fffe" }', 24,
     f"noncharacter '\\U0010fffe' {NONCHARACTER}"),
    ('equipment "H" { text: "a\u2028b" }', 25, f"line separator '\\u2028' {LINE_END}"),
    ('equipment "I\u2029" {}', 13, f"paragraph separator '\\u2029' {LINE_END}"),
])
def test_a_string_may_not_hold_control_characters(source, column, what):
    # A card's name or text with an escape sequence reached every terminal that showed
    # it: dicey check, dicey cards, the fight log, the game's screens.
    with pytest.raises(DiceSyntaxError) as caught:
        parse(source, "c.dice")
    (diag,) = caught.value.diagnostics
    assert (diag.line, diag.column, diag.end_column) == (1, column, column + 1)
    assert diag.message == f"a string may not hold the {what}"
    assert diag.render(source).splitlines()[2].index("^") == 4 + column - 1


def test_a_line_holding_a_noncharacter_is_quoted_with_it_escaped():
    line = 'equipment "X" { on use { attak(d) } }  # \ufffe \u2028 \U0001ffff'
    shown = Diagnostic("c.dice", 1, 26, "unknown function 'attak'", end_column=31).render(line)
    assert shown.splitlines()[1] == ('    equipment "X" { on use { attak(d) } }  # \\ufffe '
                                     '\\u2028 \\U0001ffff')


@pytest.mark.parametrize("source, column, escape", [
    ('equipment "A" { text: "\\x1b[31m red" }', 24, "\\x"),
    ('equipment "B" { on use { say("ok \\\\ \\" \\n \\t then \\q") } }', 51, "\\q"),
    ('enemy "C:\\Games" { hp: 5 }', 10, "\\G"),
    ('equipment "D" { text: "caf\\u00e9" }', 27, "\\u"),
])
def test_a_string_takes_only_the_escapes_the_language_has(source, column, escape):
    # Any other escape lost its backslash without a word: "\x1b[31m" read "x1b[31m".
    with pytest.raises(DiceSyntaxError) as caught:
        parse(source, "c.dice")
    (diag,) = caught.value.diagnostics
    assert (diag.line, diag.column, diag.end_column) == (1, column, column + 2)
    assert diag.message == (f"unknown escape '{escape}' (strings take \\\", \\\\, \\n "
                            "and \\t)")
    assert diag.render(source).splitlines()[2] == " " * (4 + column - 1) + "^^"


def test_the_escapes_a_string_takes_read_as_their_characters():
    text = parse('equipment "A" { text: "\\"q\\" \\\\q \\n\\t." }').decls[0].members[0]
    assert text.items[0].value == '"q" \\q \n\t.'


@pytest.mark.parametrize("source, shown, cells, carets", [
    # control characters in a comment are shown escaped, the caret still under its spot
    (f"attack(zz) # {ESC}]0;owned\x07{ESC}[2J", "attack(zz) # \\x1b]0;owned\\x07\\x1b[2J", 7, 2),
    ("attack(zz) # a\rb", "attack(zz) # a\\rb", 7, 2),
    (f"say(1) # {ESC}[2J\n    attack(zz)", "    attack(zz)", 11, 2),
    (f"say(1) # {ESC}[2J; attack(zz)", "say(1) # \\x1b[2J; attack(zz)", 9 + 4 + 5 + 7, 2),
    # a tab is one column to the parser, and shown as one space
    ("\t\tsay(1);\tattack(zz)", "  say(1); attack(zz)", 2 + 7 + 1 + 7, 2),
    # wide characters take two cells of the terminal, combining marks none
    ("# ｗｉｄｅ 日本\n attack(zz)", " attack(zz)", 8, 2),
    ('say("ｗｉｄｅ"); attack(zz)', 'say("ｗｉｄｅ"); attack(zz)', 5 + 8 + 4 + 7, 2),
    ('say("e\u0301e\u0301"); attack(zz)', 'say("e\u0301e\u0301"); attack(zz)', 5 + 2 + 4 + 7, 2),
    ('say("日本"); attack(日本)', 'say("日本"); attack(日本)', 5 + 4 + 4 + 7, 4),
])
def test_the_quoted_line_is_safe_to_print_and_its_caret_lines_up(source, shown, cells, carets):
    at = source.rindex("attack(") + len("attack(")
    before = source[:at]
    line = before.count("\n") + 1
    column = at - (before.rfind("\n") + 1) + 1
    word = source[at:source.index(")", at)]
    diag = Diagnostic("c.dice", line, column, f"unknown name '{word}'",
                      end_column=column + len(word))
    assert diag.render(source) == (f"c.dice:{line}:{column}: error: unknown name '{word}'\n"
                                   f"    {shown}\n    {' ' * cells}{'^' * carets}")


def test_a_message_with_a_control_character_is_printed_escaped():
    diag = Diagnostic(f"odd{ESC}[2J.dice", 0, 0, f"unexpected '{ESC}[31m'")
    assert diag.render("") == "odd\\x1b[2J.dice: error: unexpected '\\x1b[31m'"
    assert str(diag) == diag.render()


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=120))
def test_any_text_renders_as_plain_lines_a_terminal_shows_as_they_are(text):
    """Whatever a file holds, each problem prints as its head line, then the source line
    and the caret line when it quotes one: no control character but the line ends."""
    module, found = parse_recovering(text, "fuzz.dice")
    for diag in found:
        shown = diag.render(text)
        lines = shown.split("\n")
        assert len(lines) in (1, 3)
        assert not any(unicodedata.category(c) == "Cc" for line in lines for c in line)
        if len(lines) == 3:
            assert set(lines[2].strip()) == {"^"}


_CARD = 'equipment "Pebble" {\n    on use { attack(d) }\n}\n'


@st.composite
def _file_bytes(draw) -> bytes:
    """Bytes a mod's .dice file might hold: a real card saved in some encoding, with some
    line ends, cut or spliced with junk; or junk alone."""
    text = draw(st.sampled_from([_CARD, _CARD.replace("d)", "zz)"), "",
                                 'enemy "Ö" { hp: 5; equipment: "Pebble" }\n']))
    text = text.replace("\n", draw(st.sampled_from(["\n", "\r\n", "\r"])))
    data = text.encode(draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"])))
    at = draw(st.integers(0, len(data)))
    return draw(st.one_of(
        st.just(data),
        st.binary(max_size=8).map(lambda junk: data[:at] + junk + data[at:]),
        st.just(data[:at]),
        st.binary(max_size=200)))


@settings(max_examples=60, deadline=None)
@given(data=_file_bytes())
def test_any_bytes_as_a_mod_file_load_or_are_reported_and_the_rest_loads(tmp_path_factory,
                                                                          data):
    """Whatever bytes a mod's file holds: the mod loads, or it is skipped with every problem
    in that file, each in file:line:col form with its line quoted; the base game and the
    other mods load all the same."""
    root = tmp_path_factory.mktemp("mods")
    ok = 'name = "{0}"\nversion = "1.0"\napi = 1\n'
    _mod(root, "odd", ok.format("odd"))
    (root / "odd" / "cards.dice").write_bytes(data)
    _mod(root, "good", ok.format("good"),
         'equipment "Feather" { text: "1 damage"; on use { attack(1) } }\n')
    lib = load_library(mod_dirs=[root])
    assert "feather" in lib.equipment and "sword" in lib.equipment
    assert [m.id for m in lib.mods] in (["good"], ["good", "odd"])
    if "odd" in lib.skipped_mods:
        assert lib.errors
    shown = lib.render_diagnostics()
    for diag in lib.diagnostics:
        assert diag.path.endswith("odd/cards.dice") and diag.message
        head = str(diag)
        assert head.startswith(diag.path + (f":{diag.line}:{diag.column}: " if diag.line
                                            else ": "))
        if diag.line:
            quoted = diag.render(lib.sources[diag.path]).split("\n")
            # (and a note's own three lines: the '{' a missing '}' leaves open)
            assert len(quoted) == (6 if diag.note else 3) and set(quoted[2].strip()) == {"^"}
            if diag.note:
                assert quoted[3].startswith(f"{diag.path}:{diag.note.line}:")
                assert set(quoted[5].strip()) == {"^"}
        assert head in shown


def test_a_caret_after_tabs_points_at_the_name_in_dicey_check(cli, tmp_path):
    path = tmp_path / "tabs.dice"
    path.write_text('equipment "A" {\n\ton use {\t\tattack(zz) }\n}\n')
    code, _, err = cli("check", str(path))
    assert code == 1 and f"{path}:2:19: error: unknown name 'zz'\n" \
                         "     on use {  attack(zz) }\n" \
                         "                      ^^\n" in err


def test_a_file_that_cannot_be_read_is_reported_and_the_rest_loads(tmp_path, monkeypatch):
    # (as root every file reads: the refusal is the operating system's, played here)
    from dicey.lang import parser

    content = content_folder(tmp_path, locked='equipment "Locked" { on use { attack(d) } }\n',
                             open_='equipment "Open" { on use { attack(d) } }\n')
    real_open = open

    def guarded(path, *args, **kwargs):
        if str(path).endswith("locked.dice"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(parser, "open", guarded, raising=False)
    lib = load_library(content, use_mods=False)
    assert set(lib.equipment) == {"open"}
    (err,) = lib.errors
    assert err.path.endswith("locked.dice") and err.message == "cannot read file: Permission denied"
