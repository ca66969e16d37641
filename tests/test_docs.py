"""The docs stay true: the modding tutorial's mod is written out and followed step by step,
every built-in of the language is in the language reference, and the rules page names
every event and places every core status."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from dicey.lang.builtins import BUILTINS
from dicey.rules import events
from dicey.rules.statuses import CORE_DEFAULTS

DOCS = Path(__file__).resolve().parent.parent / "docs"
ROOT_MODS = DOCS.parent / "mods"
FILE_BLOCK = re.compile(r"<!-- file: (?P<path>[^ ]+) -->\n```[a-z]*\n(?P<body>.*?)```", re.S)


@pytest.fixture(scope="module")
def tutorial_mod(tmp_path_factory) -> Path:
    """The files of docs/modding.md, written where the tutorial says."""
    root = tmp_path_factory.mktemp("tutorial")
    blocks = FILE_BLOCK.findall((DOCS / "modding.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 5
    for path, body in blocks:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    return root / "mods" / "embers"


def test_tutorial_mod_checks_clean(cli, tutorial_mod):
    code, out, err = cli("check", str(tutorial_mod))
    assert code == 0, err
    assert "embers 1.0.0" in out and "0 errors, 0 warnings" in out
    assert "1 dungeon extension loaded" in out


def test_tutorial_extension_puts_the_beetle_on_floor_2(tutorial_mod):
    from dicey.library import load_library

    lib = load_library(mod_dirs=[tutorial_mod])
    floor = lib.dungeon.floors[1]
    assert floor.enemies[-1] == "fire_beetle" and floor.rewards[-2:] == ("tinderbox", "bellows")


def test_tutorial_mistake_gives_the_error_shown(cli, tutorial_mod, tmp_path):
    broken = tmp_path / "embers"
    broken.mkdir()
    for f in tutorial_mod.iterdir():
        text = f.read_text(encoding="utf-8")
        (broken / f.name).write_text(text.replace("inflict(kindling, d)", "inflict(kindlin, d)"))
    code, out, err = cli("check", str(broken))
    assert code == 1
    assert "cards.dice:4:22: error: unknown status 'kindlin' (did you mean 'kindling'?)" in err
    # (the tutorial's mod has more files by now than at step 5)
    skipped = r"mod 'embers' skipped: 1 error \(\d files checked, not loaded\)"
    assert re.search(skipped, out), out
    doc = (DOCS / "modding.md").read_text(encoding="utf-8")
    assert "cards.dice:4:22: error: unknown status 'kindlin' (did you mean 'kindling'?)" in doc
    assert re.search(skipped, doc)


def _broken_copy(tutorial_mod: Path, into: Path, file: str, old: str, new: str) -> Path:
    """The tutorial's mod copied into ``into``/embers with ``old`` replaced in ``file``."""
    broken = into / "embers"
    broken.mkdir(parents=True)
    for f in tutorial_mod.iterdir():
        text = f.read_text(encoding="utf-8")
        if f.name == file:
            assert old in text
            text = text.replace(old, new)
        (broken / f.name).write_text(text, encoding="utf-8")
    return broken


def _errors(cli, *argv: str) -> tuple[int, str, list[str]]:
    """``dicey check``'s exit code, summary and error lines (each without its quote)."""
    code, out, err = cli("check", *argv)
    return code, out, [line for line in err.splitlines() if ": error: " in line]


def test_a_missing_brace_in_the_tutorial_is_the_one_error_not_four_it_causes(
        cli, tutorial_mod, tmp_path):
    # kindling.dice's last hook loses its '}': the status Kindling does not parse, and
    # cards.dice's uses of it (kindling, target.kindling) are no errors of their own
    broken = _broken_copy(tutorial_mod, tmp_path, "kindling.dice",
                          "cure(kindling, 1) }", "cure(kindling, 1)")
    code, out, lines = _errors(cli, str(broken))
    assert code == 1 and len(lines) == 1 and lines[0].endswith(
        "kindling.dice:8:2: error: unexpected end of file: the '{' of 'on turn start' at 7:19 "
        "is not closed (a '}' is missing before line 8)")
    assert "1 error, 0 warnings" in out and "mod 'embers' skipped: 1 error" in out


def test_loose_files_say_an_unknown_name_follows_from_the_file_that_did_not_parse(
        cli, tutorial_mod, tmp_path):
    # checked as loose files (each declaration loads on its own), the uses stay errors:
    # the syntax error comes first, and each use says where its name is declared
    broken = _broken_copy(tutorial_mod, tmp_path, "kindling.dice",
                          "cure(kindling, 1) }", "cure(kindling, 1)")
    (broken / "mod.toml").unlink()   # (a file in a mod is checked as part of its mod)
    code, out, lines = _errors(cli, str(broken / "cards.dice"), str(broken / "kindling.dice"))
    assert code == 1 and len(lines) == 5 and "kindling.dice:8:2: error: unexpected end of file" in lines[0]
    follow = f"(Kindling is declared in {broken / 'kindling.dice'}, which did not parse: fix " \
             "that first)"
    assert sum(line.endswith(follow) for line in lines[1:]) == 4
    assert sum("unknown status 'kindling'" in line for line in lines) == 2
    assert sum("a fighter has no field 'kindling'" in line for line in lines) == 2


def test_a_name_a_broken_head_may_declare_is_marked_as_following_from_it(
        cli, tutorial_mod, tmp_path):
    # the head itself is broken (an unclosed name): what the file declares cannot be told
    broken = _broken_copy(tutorial_mod, tmp_path, "kindling.dice",
                          'status "Kindling" {', 'status "Kindling {')
    code, out, lines = _errors(cli, str(broken))
    assert code == 1 and "kindling.dice:1:8: error: unterminated string" in lines[0]
    follow = f"({broken / 'kindling.dice'} did not parse and may declare it: fix that first)"
    assert len(lines) == 5 and all(line.endswith(follow) for line in lines[1:])
    # A good copy beside it (a backup) declares Kindling: the file that did not parse
    # still comes first, not "add 'embers_old' to requires".
    shutil.copytree(tutorial_mod, tmp_path / "embers_old")
    code, out, lines = _errors(cli, str(broken))
    assert len(lines) == 5 and all(line.endswith(follow) for line in lines[1:]), lines


def test_tutorial_cards_fight_plan_graph_and_sim(cli, tutorial_mod, tmp_path):
    mods = ("--mods", str(tutorial_mod))
    code, out, err = cli("cards", "Tinderbox", *mods)
    # (the path before it is as long as the temporary folder's: the line may wrap)
    assert code == 0 and "(mod embers)" in " ".join(out.split()), err
    code, out, err = cli("fight", "Fire Beetle", "--seed", "2", *mods)
    assert code == 0 and "Fire Beetle" in out and "result:" in out, err
    scenario = str(tutorial_mod / "beetle.toml")
    code, out, err = cli("plan", scenario, *mods)
    assert code == 0 and "Tinderbox" in out, err
    graph = tmp_path / "beetle.graphml"
    code, out, err = cli("graph", scenario, "-o", str(graph), *mods)
    assert code == 0 and graph.read_text(encoding="utf-8").startswith("<?xml"), err
    code, out, err = cli("sim", "--enemy", "Fire Beetle", "--fights", "2", "--ai",
                         "easy", "--workers", "1", *mods)
    assert code == 0 and "Fire Beetle" in out, err
    assert "on no floor" not in out + err   # on floor 2, by the mod's extension


def test_every_builtin_is_in_the_language_reference():
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    missing = [name for name in BUILTINS if f"`{name}(" not in text]
    assert missing == []


def test_the_language_reference_says_the_grids_limits_as_the_checker_has_them():
    from dicey.lang.checker import MAX_CARDS, MAX_GRID
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith("| `grid` |")]
    assert f"from 1 to {MAX_GRID}" in row and f"{MAX_CARDS} on a side" in row


def test_the_rules_page_names_every_event_and_every_core_status():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    kinds = {cls.__name__ for cls in vars(events).values()
             if isinstance(cls, type) and issubclass(cls, events.Event)
             and cls is not events.Event}
    listed = set(re.findall(r"`([A-Z][A-Za-z]+)`", text.split("## Events", 1)[1]
                            .split("##", 1)[0]))
    assert listed == kinds
    table = text.split("## Statuses", 1)[1].split("|---|---|", 1)[1].split("##", 1)[0]
    placed = {name for row in re.findall(r"^\| [^|]+ \| ([a-z, ]+) \|$", table, re.M)
              for name in row.split(", ")}
    assert placed == set(CORE_DEFAULTS)


#: Keys of the sim's JSON that are names (presets, ids, floors, kinds), not fields.
_NAMED = {"presets", "enemy_win_pct_gain", "enemy_win_pct_gain_stderr", "enemies", "heroes",
          "cards", "skipped_mods", "floors", "ended_by", "rewards"}


def _fields(data, found: set[str]) -> set[str]:
    """Every field name in a JSON value (the keys of a ``_NAMED`` map are names: only the
    fields of their values count)."""
    if isinstance(data, list):
        for item in data:
            _fields(item, found)
    elif isinstance(data, dict):
        for key, value in data.items():
            found.add(key)
            for item in (value.values() if key in _NAMED and isinstance(value, dict)
                         else [value]):
                _fields(item, found)
    return found


def test_the_sim_reference_names_every_key_and_column_the_sim_writes(cli, tmp_path):
    import json

    text = (DOCS / "sim.md").read_text(encoding="utf-8")
    assert "docs/sim.md" in (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert "(sim.md)" in (DOCS / "modding.md").read_text(encoding="utf-8")
    for argv in (["--fights", "2", "--ai", "easy", "--ai", "normal", "--enemy", "Frog"],
                 ["--runs", "2", "--ai", "easy"]):
        csv_path = tmp_path / "out.csv"
        code, out, err = cli("sim", *argv, "--workers", "1", "--no-progress", "--json", "-",
                             "--csv", str(csv_path))
        assert code == 0, err
        keys = _fields(json.loads(out), set())
        columns = csv_path.read_text(encoding="utf-8").splitlines()[0].split(",")
        assert len(keys) > 10 and len(columns) > 8
        missing = [name for name in sorted(keys | set(columns)) if f"`{name}`" not in text]
        assert missing == [], f"docs/sim.md does not describe {missing}"


def test_the_plan_sample_of_the_ai_page_is_what_dicey_plan_prints(cli):
    """docs/ai.md §4 shows `dicey plan scenarios/frog.toml` as it prints (the time aside),
    and says that an MCTS plan's expected score is an estimate."""
    page = (DOCS / "ai.md").read_text(encoding="utf-8")
    section = page.split("## 4. Reading `dicey plan`", 1)[1].split("\n## 5.", 1)[0]
    sample = section.split("```\n", 2)[1].split("```", 1)[0]
    command, *shown = sample.rstrip("\n").splitlines()
    assert command == "$ dicey plan scenarios/frog.toml"
    code, out, err = cli("plan", str(DOCS.parent / "scenarios" / "frog.toml"))
    assert code == 0, err
    no_time = re.compile(r"\d+(\.\d+)? ms")
    assert [no_time.sub("T ms", line) for line in out.rstrip("\n").splitlines()] == \
        [no_time.sub("T ms", line) for line in shown]
    assert "MCTS plan's" in section and "estimate" in section


# ------------------------------------------------ modding.md: a payoff in a later turn

def _plan(cli, tutorial_mod: Path, scenario: str) -> list[str]:
    code, out, err = cli("plan", str(tutorial_mod / scenario), "--mods", str(tutorial_mod))
    assert code == 0, err
    return [line.strip() for line in out.splitlines()]


def _shown_plan(plan: list[str], shown: list[str]) -> None:
    """``plan`` is the plan the page shows (``shown``, its numbered lines)."""
    assert plan[plan.index(shown[0]):plan.index(shown[0]) + len(shown)] == shown
    doc = (DOCS / "modding.md").read_text(encoding="utf-8")
    assert "\n".join(f"  {line}" for line in shown) in doc


def test_the_ember_jar_is_played_for_the_die_it_gives_next_turn(cli, tutorial_mod):
    """modding.md's Ember Jar keeps a die for next turn and gives it back as that turn
    starts: the planner prices the die by what its next turns are worth with it, with no
    ``bonus``, and plays the plan the page shows."""
    assert "bonus" not in (tutorial_mod / "jar.dice").read_text(encoding="utf-8")
    _shown_plan(_plan(cli, tutorial_mod, "jar.toml"),
                ["1. 6 → Ember Jar", "2. 6 → Sword", "3. end turn"])


def test_the_slow_fuse_is_played_for_what_it_says_it_is_worth(cli, tutorial_mod):
    """The Slow Fuse's blow comes as its owner's next turn starts, out of the planner's
    sight: its ``if simulation { bonus(50 * lit) }`` gets it played, with the plan the page
    shows."""
    _shown_plan(_plan(cli, tutorial_mod, "fuse.toml"),
                ["1. 6 → Slow Fuse", "2. 6 → Sword", "3. end turn"])


def test_without_its_bonus_the_slow_fuse_is_left_out(cli, tutorial_mod, tmp_path):
    """What the page says of the card without the bonus: the 6 is left unused."""
    bare = _broken_copy(tutorial_mod, tmp_path, "fuse.dice",
                        "if simulation { bonus(50 * lit) }", "")
    plan = _plan(cli, bare, "fuse.toml")
    assert "1. 6 → Sword" in plan and "2. end turn" in plan
    assert not any(re.match(r"\d+\. .*Slow Fuse", line) for line in plan)   # (first moves
    #                                                         list it, with its lower score)


def test_the_ember_jar_gives_its_die_back_next_turn(tutorial_mod):
    import random

    from dicey.lang.chance import SampleChance
    from dicey.library import load_library
    from dicey.rules.fight import Fight
    from dicey.rules.protocol import Move
    lib = load_library(mod_dirs=[tutorial_mod])
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=["Ember Jar", "Sword"], dice=[5, 2])
    chance = SampleChance(random.Random(0))
    for move in ("5 → Ember Jar", "end"):
        fight.apply(Move.parse(move), chance)
    fight.begin_turn(chance)                  # the Frog's
    while not fight.turn_over:
        fight.apply(Move.parse("end"), chance)
    fight.log = True
    said = [e.describe() for e in fight.begin_turn(chance)]   # the Warrior's again
    assert "Warrior's Ember Jar acts (on turn start)" in said and "Warrior gets a 5" in said


def test_the_rules_page_lists_where_it_differs_from_dicey_dungeons_as_the_rules_are(
        base_library):
    """Each difference the page lists holds in the engine and the content it names."""
    from dicey.rules.fight import MAX_TURNS
    from dicey.rules.state import MAX_DICE
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    differs = text.split("## Where this differs from Dicey Dungeons", 1)[1]
    assert "Shield stays until damage uses it up" in differs
    assert base_library.statuses["shield"].clears == "never"
    assert CORE_DEFAULTS["shield"][2] == "never"
    assert f"turn {MAX_TURNS} is a draw" in differs
    assert f"at most {MAX_DICE} dice in a pool" in differs
    heroes = base_library.heroes.values()
    assert not any(base_library.equipment[c].button for h in heroes for c in h.equipment)
    assert "base game's heroes start without a limit break" in differs


# ------------------------------------------------ a mod kept outside the game's mods/

def test_a_mod_kept_elsewhere_is_named_where_its_names_are_unknown(cli, tutorial_mod,
                                                                   monkeypatch):
    """Followed from another folder, the tutorial's 'dicey check mods/embers' worked and
    then 'dicey cards Tinderbox', 'dicey fight "Fire Beetle"' and 'dicey sim' said only
    'unknown …': the game loads its own mods/, not ./mods. Each now names the mod near
    the working folder that declares the name, and the flag that loads it."""
    monkeypatch.chdir(tutorial_mod.parent.parent)          # beside mods/embers
    hint = ("is declared in mods/embers, a mod that is not loaded: add --mods mods/embers "
            "(without --mods, the game loads the mods in ")
    for argv, name in ((["cards", "Tinderbox"], "Tinderbox"),
                       (["cards", "Tinderbox+"], "Tinderbox"),     # (the mod's name,
                       (["fight", "Fire Beetle"], "Fire Beetle"),
                       (["fight", "Frog", "--vs", "fire beetle"], "Fire Beetle"),  # spelt so)
                       (["sim", "--enemy", "Fire Beetle", "--fights", "1"], "Fire Beetle")):
        code, out, err = cli(*argv)
        assert code == 2 and out == "", err
        assert f"; {name} {hint}" in err and err.count("\n") == 1, err
    for argv in (["cards", "Kindling"], ["cards", "Kindling", "--status"]):   # a status
        code, out, err = cli(*argv)
        assert code == 2 and f"; Kindling {hint}" in err and err.count("\n") == 1, err
    code, out, err = cli("cards", "Tinderbox", "--mods", str(ROOT_MODS / "frostbite"))
    assert "Tinderbox is declared in mods/embers, a mod not among the --mods given (add " \
           "mods/embers to them)" in err
    code, out, err = cli("cards", "Tinderbox", "--no-mods")
    assert "a mod that --no-mods leaves out (--mods mods/embers instead loads it)" in err
    code, out, err = cli("cards", "Tinderbox", "--mods", "mods/embers")   # as the hint says
    assert code == 0 and out.startswith("Tinderbox  (tinderbox)"), err
    # a name no mod near declares is answered as before, without a hint
    code, out, err = cli("cards", "Nosuch")
    assert err == "dicey: error: unknown card 'Nosuch' (80 cards: 'dicey cards' lists them)\n"



def test_a_name_short_for_one_a_mod_declares_is_pointed_to_it(cli, tutorial_mod,
                                                              monkeypatch):
    """'dicey fight beetle' said only "did you mean 'Bully'?": the hint at a mod not
    loaded took whole names alone. A word of a name the mod declares, or a slip of one,
    now names it too."""
    monkeypatch.chdir(tutorial_mod.parent.parent)          # beside mods/embers
    for argv, typed, meant in ((["fight", "beetle"], "beetle", "Fire Beetle"),
                               (["cards", "Tindrbox"], "Tindrbox", "Tinderbox"),
                               (["cards", "kindlin", "--status"], "kindlin", "Kindling")):
        code, out, err = cli(*argv)
        assert code == 2 and out == "", err
        assert f"; '{typed}' may be {meant}, declared in mods/embers, a mod that is not " \
               "loaded: add --mods mods/embers" in err, err
    code, out, err = cli("cards", "Beetle")         # an enemy's word: not a card's name
    assert "may be" not in err, err
    from dicey.commands._shared import _meant
    assert _meant("wraith", ["Ice Wraith", "Frost Fang"]) == "Ice Wraith"
    assert _meant("ice wrath", ["Ice Wraith"]) == "Ice Wraith"
    assert _meant("wraith", ["Ice Wraith", "Fire Wraith"]) is None    # a word of two
    assert _meant("rat", ["Ice Wraith"]) is None and _meant("", ["Ice Wraith"]) is None

def test_a_broken_mod_near_is_said_not_to_have_loaded(cli, tutorial_mod, tmp_path,
                                                      monkeypatch):
    broken = tmp_path / "mods" / "embers"
    shutil.copytree(tutorial_mod, broken)
    cards = broken / "cards.dice"
    cards.write_text(cards.read_text(encoding="utf-8").replace("inflict(kindling, d)",
                                                               "inflict(kindlin, d)"))
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("cards", "Bellows", "--mods", "mods")
    assert code == 2
    assert err.splitlines()[-1].endswith(
        "Bellows is declared in mods/embers, a mod that did not load (its problems are "
        "above; 'dicey check mods/embers')"), err


def test_a_scenario_in_a_mod_folder_plays_that_mod_from_anywhere(cli, tutorial_mod,
                                                                  tmp_path, monkeypatch):
    """'dicey plan mods/embers/beetle.toml' said 'unknown fighter Fire Beetle' and
    'unknown status kindling' unless the mod was in the game's own mods/: the scenario
    that sits in a mod now loads that mod (and the bundled mods still load)."""
    monkeypatch.chdir(tmp_path)                          # a folder with no mod in it
    scenario = str(tutorial_mod / "beetle.toml")
    code, out, err = cli("plan", scenario)
    assert code == 0 and "1. 2 → Tinderbox" in out and err == "", err
    code, out, err = cli("graph", scenario, "-o", "-")
    assert code == 0 and "Tinderbox" in out, err
    monkeypatch.chdir(tutorial_mod)                      # from inside the mod
    code, out, err = cli("plan", "beetle.toml", "--json")
    assert code == 0 and json.loads(out)["moves"][0]["card"] == "Tinderbox", err
    deeper = tutorial_mod / "positions"
    deeper.mkdir(exist_ok=True)
    shutil.copy(tutorial_mod / "beetle.toml", deeper / "beetle.toml")
    code, out, err = cli("plan", "positions/beetle.toml")
    assert code == 0 and "Tinderbox" in out, err
    # --no-mods loads the base game alone: the errors, then the hint
    code, out, err = cli("plan", "beetle.toml", "--no-mods")
    assert code == 2
    assert err.splitlines()[-1] == ("dicey: hint: Fire Beetle and Kindling are declared in "
                                    "., a mod that --no-mods leaves out (--mods . instead "
                                    "loads it)")


def test_a_scenario_kept_apart_from_its_mod_is_pointed_to_it(cli, tutorial_mod, tmp_path,
                                                             monkeypatch):
    apart = tmp_path / "beetle.toml"
    shutil.copy(tutorial_mod / "beetle.toml", apart)
    monkeypatch.chdir(tutorial_mod.parent.parent)
    code, out, err = cli("plan", str(apart))
    assert code == 2 and "unknown fighter 'Fire Beetle'" in err and \
        "unknown status 'kindling'" in err
    assert err.splitlines()[-1].startswith(
        "dicey: hint: Fire Beetle and Kindling are declared in mods/embers, a mod that is "
        "not loaded: add --mods mods/embers (")
    code, out, err = cli("plan", str(apart), "--mods", "mods/embers")
    assert code == 0 and "Tinderbox" in out, err


EXAMPLE_BLOCK = re.compile(r"<!-- example -->\n```[a-z]*\n(?P<body>.*?)```", re.S)


def test_the_tutorials_examples_check_clean(cli, tmp_path):
    """Each block marked as an example in modding.md checks clean on top of the base game,
    as a file of its own."""
    blocks = EXAMPLE_BLOCK.findall((DOCS / "modding.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 4
    for i, body in enumerate(blocks):
        path = tmp_path / f"example{i}.dice"
        path.write_text(body, encoding="utf-8")
        code, out, err = cli("check", str(path))
        assert code == 0 and "0 errors, 0 warnings" in out, (body, err)


def test_the_mods_the_game_ships_are_those_the_tests_expect(tmp_path):
    """The tests measure the game with its bundled mods; a modder's own in mods/ (the
    tutorial's embers) is named in pytest's header, as modding.md §1 says."""
    from dicey.library import MODS_DIR
    from mods_kit import BUNDLED_MODS, MODS, extra_mods
    assert MODS == MODS_DIR
    shipped = sorted(p.name for p in MODS_DIR.iterdir() if (p / "mod.toml").is_file())
    assert [m for m in shipped if m not in extra_mods()] == sorted(BUNDLED_MODS)
    (tmp_path / "embers").mkdir()
    (tmp_path / "embers" / "mod.toml").write_text('name = "Embers"\n')
    (tmp_path / "_old").mkdir()
    (tmp_path / "frostbite").mkdir()
    (tmp_path / "frostbite" / "mod.toml").write_text('name = "Frostbite"\n')
    assert extra_mods(tmp_path) == ["embers"]
    assert "pytest` says why under its results" in \
        (DOCS / "modding.md").read_text(encoding="utf-8").replace("\n", " ")
