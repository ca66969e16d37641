"""Balance simulation: deterministic reports whatever the worker count, mods, bad input."""
from __future__ import annotations

import dataclasses
import json
import textwrap
from collections import Counter
from pathlib import Path
from typing import Sequence

import pytest
from rich.cells import cell_len

from dicey import simulate
from dicey.library import load_library


@pytest.fixture
def stray_mod(tmp_path) -> Path:
    """A mod with an enemy on no floor of the dungeon (its own, and no extension)."""
    folder = tmp_path / "stray"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "stray"\nversion = "1.0"\napi = 1\n')
    (folder / "stray.dice").write_text('enemy "Stray" { hp: 6; equipment: "Sword"; ai: easy }\n')
    return folder


def test_jobs_give_each_preset_the_same_pairings_and_seeds(library):
    jobs = simulate.plan_jobs(library, 4, 9, ["Warrior"], ["Frog", "Rat"], ["easy", "normal"])
    easy, normal = jobs[:4], jobs[4:]
    assert [(j.hero, j.enemy, j.seed) for j in easy] == [(j.hero, j.enemy, j.seed)
                                                          for j in normal]
    assert [j.enemy for j in easy] == ["frog", "rat", "frog", "rat"]
    assert [j.index for j in jobs] == list(range(8))


def test_a_few_fights_meet_every_enemy_and_hero_and_enough_meet_every_pairing(library):
    heroes, enemies = sorted(library.heroes), sorted(library.enemies)
    few = simulate.plan_jobs(library, len(enemies), 1)
    assert sorted(j.enemy for j in few) == enemies
    per_hero = Counter(j.hero for j in few)
    assert set(per_hero) == set(heroes) and max(per_hero.values()) - min(per_hero.values()) <= 1
    every = simulate.plan_jobs(library, len(heroes) * len(enemies), 1)
    assert Counter((j.hero, j.enemy) for j in every) == Counter(
        {(h, e): 1 for h in heroes for e in enemies})


def test_unknown_names_are_key_errors_with_suggestions(library):
    with pytest.raises(KeyError, match="did you mean 'Frog'"):
        simulate.plan_jobs(library, 2, 1, enemies=["frgo"])


def test_report_is_identical_for_one_and_two_workers(library):
    jobs = simulate.plan_jobs(library, 4, 5, ["Thief"], ["Frog", "Slime"], ["easy", "normal"])
    one = simulate.simulate(jobs, workers=1, lib=library)
    two = simulate.simulate(jobs, workers=2)
    assert one == two
    assert simulate.build_report(one, 5) == simulate.build_report(two, 5)


def test_report_counts_fights_cards_and_compares_presets(library):
    jobs = simulate.plan_jobs(library, 3, 2, ["Warrior"], ["Frog"], ["easy", "normal"])
    results = simulate.simulate(jobs, lib=library)
    report = simulate.build_report(results, 2)
    assert report["fights"] == 6
    assert set(report["presets"]) == {"easy", "normal"}
    assert report["presets"]["easy"]["fights"] == 3
    row = report["presets"]["normal"]
    assert row["hero_win_pct"] + row["enemy_win_pct"] + row["draw_pct"] == pytest.approx(100)
    assert report["compare"]["baseline"] == "easy"
    assert "enemy:sword" in report["cards"] and "hero:sword" in report["cards"]
    used = report["cards"]["enemy:sword"]
    assert 1 <= used["fights_used"] <= used["fights_held"] == 6
    assert used["uses"] >= used["fights_used"]
    text = simulate.format_report(report)
    assert "enemy AI" in text and "normal" in text and "its side won" in text
    # the tables name fighters as players know them, where they gave ids (fire_imp)
    named = simulate.format_report(report, simulate.display_names(library))
    rows = {line.split("  ")[0].strip() for line in named.splitlines()}
    assert {library.enemies[e].name for e in report["enemies"]} <= rows
    assert {library.heroes[h].name for h in report["heroes"]} <= rows
    assert simulate.results_csv(results).count("\n") == 7   # header and six fights


def test_quality_figures_compare_presets_on_the_same_fights(library):
    figures = simulate.quality_figures(library, 4, seed=3)
    rates = figures["enemy_win_pct"]
    assert set(rates) == {"easy", "normal"} and figures["fights_per_preset"] == 4
    assert figures["normal_minus_easy_points"] == pytest.approx(rates["normal"] - rates["easy"],
                                                                abs=0.11)
    assert figures["normal_minus_easy_stderr"] >= 0
    assert simulate.quality_figures(library, 4, seed=3, workers=2) == figures


def test_floor_setup_brings_the_hero_to_the_enemys_floor_at_its_level(library, stray_mod):
    first = simulate.floor_setup(library, "warrior", "frog")         # floor 1
    boss = simulate.floor_setup(library, "warrior", "dragon")        # floor 5
    hero = library.heroes["warrior"]
    assert first.level == hero.level and first.max_hp == hero.hp
    assert boss.level > first.level and boss.max_hp > first.max_hp
    assert boss.hp == boss.max_hp and boss.dice >= first.dice
    assert boss.equipment is None                    # the starting kit
    stray = load_library(mod_dirs=[stray_mod])
    assert simulate.floor_setup(stray, "warrior", "stray") is None   # on no floor


def test_an_enemy_a_mod_extends_a_floor_with_is_met_at_that_floor(library):
    """The Ice Wraith is on floor 3 by frostbite's ``extend dungeon``: a hero meets it
    levelled as for the floor's own enemies, and with the rewards of floors 1 and 2."""
    assert simulate.enemy_floor(library, "ice_wraith") == 3
    assert simulate.floor_setup(library, "warrior", "ice_wraith") == \
        simulate.floor_setup(library, "warrior", "snowman")
    assert simulate.run_setup(library, "thief", "ice_wraith", seed=7) == \
        simulate.run_setup(library, "thief", "snowman", seed=7)


def test_run_setup_adds_a_runs_rewards_to_the_floor_setup(library):
    from dicey.run.inventory import width_of

    floor = simulate.floor_setup(library, "thief", "dragon")
    kit = simulate.run_setup(library, "thief", "dragon", seed=7)
    start = tuple(library.heroes["thief"].equipment)
    assert (kit.level, kit.hp, kit.max_hp, kit.dice) == \
        (floor.level, floor.hp, floor.max_hp, floor.dice)
    # Every starting card is upgraded first (an upgrade is taken whenever offered), and
    # the fitted cards fit the grid.
    assert [ref.rstrip("+") for ref in kit.equipment[:len(start)]] == list(start)
    assert all(ref.endswith("+") for ref in kit.equipment[:len(start)])
    assert width_of(library, kit.equipment) <= library.heroes["thief"].grid
    # Floor 1 comes with nothing: no fight was won before it.
    assert simulate.run_setup(library, "thief", "rat", seed=7).equipment == start
    # The same seed, the same kit; the offers follow the seed.
    assert simulate.run_setup(library, "thief", "dragon", seed=7) == kit
    kits = {simulate.run_setup(library, "inventor", "knight", seed=s).equipment
            for s in range(6)}
    assert len(kits) > 1


def test_sim_with_the_run_hero_level_plays_and_says_so(library, cli):
    jobs = simulate.plan_jobs(library, 2, 3, ["Warrior"], ["Knight"], ["easy"],
                              hero_level="run")
    assert {j.hero_level for j in jobs} == {"run"}
    results = simulate.simulate(jobs, lib=library)
    starting = set(library.heroes["warrior"].equipment)      # ids (an upgrade is "sword+")
    used = {card.split(":", 1)[1] for r in results for card, n in r.cards.items()
            if card.startswith("hero:") and n}
    assert used - starting, "the hero fought with a card a run gave it"
    code, out, err = cli("sim", "--fights", "1", "--ai", "easy", "--enemy", "knight",
                         "--hero", "warrior", "--workers", "1", "--hero-level", "run")
    assert code == 0, err
    assert "hero level 'run'" in out
    with pytest.raises(ValueError, match="unknown hero level 'top'"):
        simulate.plan_jobs(library, 1, 1, hero_level="top")


def test_paired_stderr_is_zero_when_presets_agree_and_grows_with_disagreement():
    same = [True, False, True, False]
    assert simulate.paired_stderr(same, same) == 0
    assert simulate.paired_stderr([True] * 4, [False] * 4) == 0      # always 1 apart
    some = simulate.paired_stderr([True, False, False, False], [False] * 4)
    more = simulate.paired_stderr([True, True, False, False], [False] * 4)
    assert 0 < some < more


def test_sim_command_writes_json_and_csv(cli, tmp_path):
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    code, out, err = cli("sim", "--fights", "2", "--ai", "easy", "--enemy", "frog",
                         "--hero", "warrior", "--workers", "1", "--json", str(out_json),
                         "--csv", str(out_csv))
    assert code == 0, err
    report = json.loads(out_json.read_text())
    assert report["fights"] == 2 and list(report["enemies"]) == ["frog"]
    assert out_csv.read_text().startswith("index,hero,enemy,enemy_ai")
    assert "2 fights, seed 1" in out


@pytest.mark.parametrize("argv, words", [
    (["sim", "--ai", "genius"], "unknown AI preset 'genius'"),
    (["sim", "--enemy", "frgo"], "did you mean 'Frog'"),
    (["sim", "--fights", "0"], "at least 1"),
    (["sim", "--runs", "0"], "--runs must be at least 1"),
    (["sim", "--runs", "2", "--enemy", "frog"], "--enemy does not go with --runs"),
    (["sim", "--runs", "2", "--fights", "3"], "--fights does not go with --runs"),
    (["sim", "--runs", "2", "--hero-level", "run"], "--hero-level does not go with --runs"),
    (["sim", "--runs", "2", "--ai", "easy", "--ai", "hard"], "--ai names one preset"),
    (["sim", "--runs", "2", "--hero-ai", "genius"], "unknown AI preset 'genius'"),
    (["sim", "--runs", "2", "--hero", "theif"], "did you mean 'Thief'"),
    (["sim", "--hero-ai", "normal"], "--hero-ai goes with --runs"),
    # a folder that takes no file whatever it says: found before the fights, not after
    (["sim", "--fights", "1", "--json", "/proc/report.json"], "cannot write /proc/report.json"),
])
def test_sim_bad_input_is_a_clear_error(cli, argv, words):
    code, _, err = cli(*argv)
    assert code == 2 and words in err and "Traceback" not in err


def test_broken_mod_is_reported_and_the_sim_runs_on_the_rest(cli, tmp_path):
    mods = tmp_path / "mods"
    good = mods / "good"
    good.mkdir(parents=True)
    (good / "mod.toml").write_text('name = "good"\nversion = "1.0"\napi = 1\n')
    (good / "toad.dice").write_text(textwrap.dedent('''
        enemy "Toad" { hp: 6; dice: 2; equipment: "Sword"; ai: easy }
    '''))
    bad = mods / "bad"
    bad.mkdir()
    (bad / "mod.toml").write_text('name = "bad"\nversion = "1.0"\napi = 1\n')
    (bad / "cards.dice").write_text('equipment "Oops" { on use { attack(dd) } }\n')
    code, out, err = cli("sim", "--mods", str(mods), "--fights", "2", "--ai", "easy",
                         "--enemy", "Toad", "--hero", "Warrior", "--workers", "2")
    assert code == 0, err
    assert "unknown name 'dd'" in err and "mod 'bad' skipped" in err
    assert "Toad" in out and "2 fights" in out


def test_example_mod_enemy_fights_to_the_end(library):
    jobs = simulate.plan_jobs(library, 2, 4, ["Warrior"], ["Ice Wraith"], ["normal"])
    results = simulate.simulate(jobs, lib=library)
    assert all(r.winner in ("hero", "enemy", "draw") and r.turns >= 1 for r in results)
    assert any(card.startswith("enemy:") and n for r in results for card, n in r.cards.items())


def test_card_docs_cover_every_loaded_card(library):
    import importlib.util

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("cards_doc", root / "tools" / "cards_doc.py")
    cards_doc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cards_doc)
    page = cards_doc.render(library)
    for card in library.equipment.values():
        assert f"| **{card.name}** |" in page
    assert "Frog (enemy)" in page.split("| **Shield** |")[1].split("\n")[0]
    assert (root / "docs" / "cards.md").read_text(encoding="utf-8") == page, \
        "docs/cards.md is out of date: run python tools/cards_doc.py"


def test_sim_says_when_an_enemy_is_on_no_floor_so_its_hero_level_cannot_apply(cli, stray_mod):
    mods = ("--mods", str(stray_mod))
    code, out, err = cli("sim", "--fights", "2", "--ai", "easy", "--enemy", "Stray",
                         "--enemy", "Frog", "--workers", "1", "--no-progress", *mods)
    assert code == 0, err
    # in the report (a saved report keeps it) and its JSON, not on stderr alone
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert notes and notes[0].startswith("note: Stray fights on no floor of the dungeon")
    assert "Frog" not in " ".join(notes) and "note:" not in err
    code, out, err = cli("sim", "--fights", "2", "--ai", "easy", "--enemy", "Stray",
                         "--workers", "1", "--no-progress", "--hero-level", "start", *mods)
    assert code == 0 and "note:" not in out + err
    code, out, err = cli("sim", "--fights", "2", "--ai", "easy", "--enemy", "Ice Wraith",
                         "--workers", "1", "--no-progress")
    assert code == 0 and "note:" not in out + err   # frostbite puts it on floor 3


# ----------------------------------------------------------------------- runs

def test_runs_share_out_the_heroes_and_refuse_an_unknown_one(library):
    jobs = simulate.plan_runs(library, 5, 2, hero_ai="easy")
    assert [j.hero for j in jobs] == ["warrior", "thief", "inventor", "warrior", "thief"]
    assert len({j.seed for j in jobs}) == 5 and [j.index for j in jobs] == list(range(5))
    assert simulate.plan_runs(library, 5, 2) == simulate.plan_runs(library, 5, 2)
    assert {j.hero for j in simulate.plan_runs(library, 3, 2, ["Thief"])} == {"thief"}
    with pytest.raises(KeyError, match="did you mean 'Thief'"):
        simulate.plan_runs(library, 1, 1, ["theif"])


def test_run_report_is_the_same_for_one_and_two_workers_and_adds_up(library):
    jobs = simulate.plan_runs(library, 4, 3, hero_ai="easy", ai="easy")
    one = simulate.simulate_runs(jobs, workers=1, lib=library)
    two = simulate.simulate_runs(jobs, workers=2)
    floors = len(library.dungeon.floors)
    report = simulate.build_run_report(one, 3, floors, "easy", "easy")
    assert report == simulate.build_run_report(two, 3, floors, "easy", "easy")
    lost = [r for r in one if not r.won]
    assert report["runs"] == 4 and report["difficulty"] == "easy"
    reached = [row["reached_pct"] for row in report["floors"].values()]
    assert reached[0] == 100.0 and reached == sorted(reached, reverse=True)
    ended = sum(row["ended_pct"] for row in report["floors"].values())
    assert ended == pytest.approx(100.0 - report["won_pct"], abs=0.5)
    assert sum(row["runs_ended"] for row in report["enemies"].values()) == len(lost)
    for hero, row in report["heroes"].items():     # who ended each hero's lost runs
        assert sum(row["ended_by"].values()) == sum(r.hero == hero for r in lost)
        assert row["ended_most_by"] == [] if not row["ended_by"] else \
            row["ended_most_by"][0] == next(iter(row["ended_by"]))
    assert sum(row["fights"] for row in report["enemies"].values()) == \
        sum(len(r.fights) for r in one)
    assert sum(report["rewards"].values()) == sum(len(r.rewards) for r in one)
    text = simulate.format_run_report(report)
    assert text.startswith("4 runs, seed 3, hero bot 'easy', difficulty: easy")
    assert "floor  reached  ended there" in text and "ended most by" in text


def test_sim_runs_command_writes_json_and_csv(cli, tmp_path):
    out_json, out_csv = tmp_path / "runs.json", tmp_path / "runs.csv"
    code, out, err = cli("sim", "--runs", "3", "--ai", "easy", "--workers", "1",
                         "--json", str(out_json), "--csv", str(out_csv))
    assert code == 0, err
    report = json.loads(out_json.read_text())
    assert report["runs"] == 3 and report["difficulty"] == "easy"
    assert set(report["heroes"]) == {"warrior", "thief", "inventor"}
    rows = out_csv.read_text().splitlines()
    assert rows[0].startswith("index,hero,seed,winner,floor") and len(rows) == 4
    assert out.startswith("3 runs, seed 1, hero bot 'easy', difficulty: easy")


# ----------------------------------------------------------- the report's fields

@pytest.fixture
def odd_mod(tmp_path) -> Path:
    """A mod whose enemy holds a card it can never use (three 6s on one die), and cards
    named with the CSV's separators and an emoji; and a hero the dungeon does not list."""
    folder = tmp_path / "mods" / "odd"
    folder.mkdir(parents=True)
    (folder / "mod.toml").write_text('name = "odd"\nversion = "2.1"\napi = 1\n')
    (folder / "odd.dice").write_text(textwrap.dedent('''
        equipment "Salt, \\"Pepper\\"; a=b" { slots: any; text: "Do [d] damage"
                                             on use { attack(d) } }
        equipment "Blade 🔥" { slots: any; text: "Do [d] damage"; on use { attack(d) } }
        equipment "Idle Shell" { slots: 6, 6, 6; text: "Do [d] damage"
                                 on use { attack(d) } }
        enemy "Quirk" { hp: 8; dice: 1; ai: easy
                        equipment: "Salt, \\"Pepper\\"; a=b", "Blade 🔥", "Idle Shell" }
        hero "Wanderer" { hp: 30; dice: 3; equipment: "Sword" }
    '''), encoding="utf-8")
    return folder


def _fights(preset: str, enemy_wins: Sequence[bool], enemy: str = "frog",
            turns: Sequence[int] = ()) -> list[simulate.FightResult]:
    """Made-up results, one per entry of ``enemy_wins``: fight ``i`` has seed ``i``."""
    return [simulate.FightResult(i, "warrior", enemy, preset, i, "enemy" if won else "hero",
                                 turns[i] if turns else 5, 0 if won else 3, 2 if won else 0)
            for i, won in enumerate(enemy_wins)]


def _quirk_sim(cli, odd_mod: Path, folder: Path, fights: int) -> tuple[str, dict, list[dict]]:
    """The Warrior against the odd mod's Quirk: the text, the JSON and the CSV's rows."""
    import csv

    out_json, out_csv = folder / "r.json", folder / "r.csv"
    code, out, err = cli("sim", "--mods", str(odd_mod.parent), "--fights", str(fights), "--ai",
                         "easy", "--enemy", "Quirk", "--hero", "Warrior", "--workers", "1",
                         "--no-progress", "--json", str(out_json), "--csv", str(out_csv))
    assert code == 0, err
    with out_csv.open(encoding="utf-8", newline="") as rows:
        return out, json.loads(out_json.read_text()), list(csv.DictReader(rows))


def test_a_card_held_but_never_used_has_a_row_saying_so(cli, odd_mod, tmp_path):
    out, report, _ = _quirk_sim(cli, odd_mod, tmp_path, 4)
    cards = report["cards"]
    assert cards["enemy:idle_shell"] == {"side": "enemy", "name": "Idle Shell",
                                         "fights_held": 4, "fights_used": 0, "uses": 0,
                                         "win_pct_when_used": None}
    # every card of both kits, used or not, held in every fight
    warrior = {f"hero:{c}" for c in load_library().heroes["warrior"].equipment}
    assert set(cards) == warrior | {"enemy:idle_shell", "enemy:blade", "enemy:salt_pepper_a_b"}
    assert all(row["fights_held"] == 4 >= row["fights_used"] for row in cards.values())
    line = next(line for line in out.splitlines() if line.startswith("enemy:Idle Shell"))
    assert line.split()[-4:] == ["4", "0", "0", "-"]
    assert "fights held  fights used  uses  its side won" in out


def test_a_card_given_in_a_fight_counts_as_held_from_then_on(library, monkeypatch):
    """Besides each side's kit, a card a script gives (CardGiven) or turns another into
    (CardReplaced) is held from then on, and its uses are its own."""
    from dicey.rules import events, headless

    job = simulate.FightJob(0, "warrior", "frog", "easy", 3)
    real = simulate.run_job(job, library)
    assert set(real.cards) >= {"enemy:sword", "enemy:shield", "hero:sword", "hero:bandage"}
    run_fight = headless.run_fight

    def given(*args, **kwargs):
        record = run_fight(*args, **kwargs)
        extra = (events.CardGiven(1, "Frog", "Hammer"),
                 events.CardReplaced(0, "Warrior", "Sword", "Spear"),
                 events.Fired(0, "Warrior", "Spear", 3, (3,)))
        return dataclasses.replace(record, events=record.events + extra)

    monkeypatch.setattr(headless, "run_fight", given)
    result = simulate.run_job(job, library)
    assert result.cards["enemy:hammer"] == 0 and result.cards["hero:spear"] == 1
    assert {k: v for k, v in result.cards.items()
            if k not in ("enemy:hammer", "hero:spear")} == real.cards


def test_fights_share_out_the_dungeons_heroes_not_every_loaded_one(cli, odd_mod, library):
    lib = load_library(mod_dirs=[odd_mod.parent])
    assert "wanderer" in lib.heroes
    jobs = simulate.plan_jobs(lib, 30, 1, enemies=["Frog"])
    assert {j.hero for j in jobs} == {"inventor", "thief", "warrior"}
    # the bundled content's heroes are all the dungeon's: the bench's figures stay
    assert simulate.fight_heroes(library) == sorted(library.heroes)
    # --hero may still name any loaded hero, and the report says it is not the dungeon's
    code, out, err = cli("sim", "--mods", str(odd_mod.parent), "--fights", "1", "--ai", "easy",
                         "--enemy", "Frog", "--hero", "Wanderer", "--workers", "1",
                         "--no-progress", "--json", "-")
    assert code == 0, err
    report = json.loads(out)
    assert list(report["heroes"]) == ["wanderer"] and report["asked"]["heroes"] == ["wanderer"]
    assert any("Wanderer is not among the dungeon's heroes" in n for n in report["notes"])
    # no dungeon lists heroes: every loaded one fights
    from types import SimpleNamespace as NS
    bare = NS(heroes={"b": NS(id="b"), "a": NS(id="a")}, dungeon=NS(heroes=()))
    assert simulate.fight_heroes(bare) == ["a", "b"]
    listing = NS(heroes=bare.heroes, dungeon=NS(heroes=("b",)))
    assert simulate.fight_heroes(listing) == ["b"]


def test_the_report_names_the_mods_loaded_and_skipped(cli, odd_mod, tmp_path):
    bad = odd_mod.parent / "bad"
    bad.mkdir()
    (bad / "mod.toml").write_text('name = "bad"\nversion = "0.3"\napi = 1\n')
    (bad / "x.dice").write_text('enemy "Oops" { hp: 0; equipment: "Sword" }\n')
    out_json = tmp_path / "r.json"
    code, out, err = cli("sim", "--mods", str(odd_mod.parent), "--fights", "1", "--ai", "easy",
                         "--enemy", "Frog", "--workers", "1", "--no-progress",
                         "--json", str(out_json))
    assert code == 0, err
    report = json.loads(out_json.read_text())
    assert report["mods"] == [{"id": "odd", "version": "2.1"}]
    assert list(report["skipped_mods"]) == ["bad"]
    assert out.splitlines()[1] == f"mods: odd 2.1; skipped: bad ({report['skipped_mods']['bad']})"
    code, out, err = cli("sim", "--no-mods", "--runs", "1", "--ai", "easy", "--workers", "1",
                         "--no-progress", "--json", "-")
    assert code == 0 and json.loads(out)["mods"] == [] and "mods: none" in err


def test_the_tables_say_they_pool_the_presets(library):
    results = simulate.simulate(simulate.plan_jobs(library, 2, 1, ["Warrior"], ["Frog"],
                                                   ["easy", "normal"]), lib=library)
    report = simulate.build_report(results, 1)
    assert report["pooled_presets"] == ["easy", "normal"]
    assert report["enemies"]["frog"]["fights"] == 4
    assert "tables below: easy and normal together" in simulate.format_report(report)
    alone = simulate.build_report([r for r in results if r.enemy_ai == "easy"], 1)
    assert alone["pooled_presets"] == ["easy"]
    assert "together" not in simulate.format_report(alone)


def test_the_presets_gain_comes_from_the_counts_with_its_paired_stderr():
    """5 wins in 30 against 1: 13.33 points, where the rounded rates gave 16.7 - 3.3."""
    easy = [i < 1 for i in range(30)]
    normal = [i < 5 for i in range(30)]
    results = _fights("easy", easy) + [dataclasses.replace(r, index=r.index + 30)
                                       for r in _fights("normal", normal)]
    report = simulate.build_report(results, 1)
    compare = report["compare"]
    assert compare["enemy_win_pct_gain"]["normal"] == 13.3
    assert compare["enemy_win_pct_gain_stderr"]["normal"] == \
        simulate.paired_stderr(normal, easy) > 0
    assert "normal +13.3 ± 6.3 points" in simulate.format_report(report)
    # presets that did not meet the same fights have no paired error
    other = [dataclasses.replace(r, seed=r.seed + 100) for r in results[30:]]
    assert simulate.build_report(results[:30] + other, 1)["compare"][
        "enemy_win_pct_gain_stderr"]["normal"] is None


def test_win_rates_carry_their_standard_error_even_at_0_and_100_percent():
    few = _fights("easy", [False] * 9, "rat") + [
        dataclasses.replace(r, index=r.index + 9) for r in _fights("easy", [True, False] * 50)]
    report = simulate.build_report(few, 1)
    rat, frog = report["enemies"]["rat"], report["enemies"]["frog"]
    assert rat["enemy_win_pct"] == 0.0 and rat["enemy_win_stderr"] == 8.3
    assert frog["enemy_win_stderr"] == 4.9        # √(p(1 − p)/n), near enough, for many
    header = next(line for line in simulate.format_report(report).splitlines()
                  if line.startswith("enemy  "))
    assert header.split()[:6] == ["enemy", "fights", "hero", "win", "enemy", "win"]
    assert header.split()[6] == "±"


def test_each_column_has_one_number_of_decimals_and_names_pad_by_terminal_cells():
    results = _fights("easy", [True, False, False], "frog", turns=[7, 8, 8]) + [
        dataclasses.replace(r, index=r.index + 3)
        for r in _fights("easy", [True, False], "rat", turns=[7, 8])]
    results[0].cards, results[3].cards = {"enemy:blade": 1}, {"enemy:sword": 2}
    report = simulate.build_report(results, 1)
    report["cards"]["enemy:blade"]["name"] = "Blade 🔥"
    lines = simulate.format_report(report).splitlines()
    table = lines[lines.index(next(l for l in lines if l.startswith("enemy  "))):][:3]
    assert [row.split()[6] for row in table[1:]] == ["7.67", "7.50"]   # turns
    assert [row.split()[7:] for row in table[1:]] == [["2.00", "0.67"], ["1.50", "1.00"]]
    cards = [line for line in lines if line.startswith("enemy:")]
    assert len(cards) == 2 and len({cell_len(line) for line in cards}) == 1


def test_json_and_csv_go_to_stdout_for_a_dash(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ("sim", "--fights", "2", "--ai", "easy", "--enemy", "Frog", "--hero", "Warrior",
            "--workers", "1", "--no-progress")
    code, out, err = cli(*argv, "--json", "-")
    assert code == 0, err
    assert json.loads(out)["fights"] == 2 and "2 fights, seed 1" in err
    code, out, err = cli(*argv, "--csv", "-", "--json", "r.json")
    assert code == 0, err
    assert out.startswith("index,hero,enemy") and len(out.splitlines()) == 3
    assert json.loads((tmp_path / "r.json").read_text())["fights"] == 2
    assert not (tmp_path / "-").exists()
    code, out, err = cli(*argv, "--csv", "-", "--json", "-")
    assert code == 2 and "cannot both write to stdout" in err


def test_the_csv_cards_cell_reads_back_whatever_the_cards_names(cli, odd_mod, tmp_path):
    _, _, rows = _quirk_sim(cli, odd_mod, tmp_path, 3)
    assert len(rows) == 3
    lib = load_library(mod_dirs=[odd_mod.parent])
    for row in rows:
        cells = dict(item.split("=") for item in row["cards"].split(";"))
        assert all(key.count(":") == 1 for key in cells)
        assert cells["enemy:salt_pepper_a_b"].isdigit() and cells["enemy:idle_shell"] == "0"
        assert {key.split(":")[1] for key in cells} <= set(lib.equipment)


def test_runs_csv_says_who_won_in_the_fights_csvs_words_and_ties_are_all_named():
    won = simulate.RunResult(0, "thief", 1, True, 6, 9, [(5, "dragon", "won")])
    lost = simulate.RunResult(1, "thief", 2, False, 2, 0, [(2, "bully", "lost")])
    drawn = simulate.RunResult(2, "thief", 3, False, 2, 4, [(2, "vampire", "draw")])
    rows = simulate.runs_csv([won, lost, drawn]).splitlines()
    assert rows[0].split(",")[3] == "winner"
    assert [row.split(",")[3] for row in rows[1:]] == ["hero", "enemy", "draw"]
    report = simulate.build_run_report([won, lost, drawn, lost, drawn], 1, 5)
    row = report["heroes"]["thief"]
    assert row["ended_most_by"] == ["bully", "vampire"]
    text = simulate.format_run_report(report, {"bully": "Bully", "vampire": "Vampire"})
    assert "Bully and Vampire 2 each" in text


def test_presets_are_listed_from_the_easiest_whatever_order_they_were_asked_in():
    """The preset rows came by name, easy, hard, normal: now by difficulty, in the table,
    the JSON, the gains and the line that says the tables pool them."""
    results = []
    for preset in ("hard", "normal", "easy"):        # (asked for hardest first)
        results += [dataclasses.replace(r, index=r.index + len(results))
                    for r in _fights(preset, [True, False, False])]
    report = simulate.build_report(results, 1)
    assert list(report["presets"]) == report["pooled_presets"] == ["easy", "normal", "hard"]
    assert list(report["compare"]["enemy_win_pct_gain"]) == ["easy", "normal", "hard"]
    text = simulate.format_report(report)
    table = [line.split()[0] for line in text.split("enemy AI")[1].splitlines()[1:4]]
    assert table == ["easy", "normal", "hard"]
    assert "tables below: easy, normal and hard together" in text
    without_easy = simulate.build_report([r for r in results if r.enemy_ai != "easy"], 1)
    assert without_easy["compare"]["baseline"] == "normal"


def test_presets_that_played_every_fight_alike_are_said_to_have(library):
    """'hard' and 'normal' gave byte-identical rows against a small enemy, unexplained: a
    reader took it that 'hard' did nothing. Every fight is played move for move alike (each
    turn is searched whole by both), and the report now says so; 'easy' plays otherwise."""
    jobs = simulate.plan_jobs(library, 3, 1, ["Warrior"], ["Frog"], ["easy", "normal", "hard"])
    results = simulate.simulate(jobs, lib=library)
    assert len({r.play for r in results}) > 1 and all(len(r.play) == 16 for r in results)
    report = simulate.build_report(results, 1)
    assert report["played_alike"] == [["normal", "hard"]]
    assert report["presets"]["normal"] == report["presets"]["hard"]
    text = " ".join(simulate.format_report(report).split())
    assert "normal and hard played all 3 fights move for move alike, hence the same rows" \
        in text
    # one fight played otherwise, and they are not alike: the rows may still agree
    changed = [dataclasses.replace(r, play="0" * 16) if r.enemy_ai == "hard" and r.seed ==
               results[-1].seed else r for r in results]
    assert simulate.build_report(changed, 1)["played_alike"] == []
    assert "move for move" not in simulate.format_report(simulate.build_report(changed, 1))
    assert "play" not in simulate.results_csv(results).splitlines()[0].split(",")
