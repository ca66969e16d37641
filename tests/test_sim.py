"""Balance simulation: deterministic reports whatever the worker count, mods, bad input."""
from __future__ import annotations

import json
import textwrap
from collections import Counter
from pathlib import Path

import pytest

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
    starting = {library.equipment[c].name for c in library.heroes["warrior"].equipment}
    used = {card.split(":", 1)[1] for r in results for card in r.cards if card.startswith("hero:")}
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
    assert any(card.startswith("enemy:") for r in results for card in r.cards)


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
