"""The maintainers' scripts in tools/: they load, and they say the right thing."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_compare_reads_changes_against_the_baseline(tmp_path, capsys):
    tool = load("bench_compare")
    before = {"baseline": {"tuple_ops_per_s": 100.0}, "rules": {"moves_per_s": 1000.0,
                                                                "copy_key_us": 4.0}}
    after = {"baseline": {"tuple_ops_per_s": 200.0}, "rules": {"moves_per_s": 2000.0,
                                                               "copy_key_us": 1.0}}
    rows = {line.split()[0]: line.split() for line in tool.compare(before, after)[1:-1]}
    assert rows["rules.moves_per_s"][-2:] == ["2.00x", "1.00x"]   # twice as fast, as the machine
    assert rows["rules.copy_key_us"][-2:] == ["0.25x", "0.50x"]
    (tmp_path / "a.json").write_text(json.dumps(after))
    assert tool.main(["--goals", str(tmp_path / "a.json")]) == 1     # moves short of 100k/s
    out = capsys.readouterr().out
    assert "MISS  rules.moves_per_s" in out and "met   rules.copy_key_us" in out


def _report(pace: float, **sections) -> dict:
    return {"profile": "full", "baseline": {"tuple_ops_per_s": pace}, **sections}


def test_bench_compare_normalises_timings_only(capsys):
    """Every rate and time is read against the machine's pace, whatever its path ends in;
    the AI's quality and the counts are not (they do not depend on the machine)."""
    tool = load("bench_compare")
    before = _report(100.0, fights={"per_s": 10.0, "per_s_2workers": 18.0, "fights": 16},
                     positions={"frog": {"ms": 2.0, "states": 7}},
                     load={"warm_ms": 50.0},
                     quality={"normal_minus_easy_points": 8.3, "normal_minus_easy_stderr": 5.0})
    after = _report(50.0, fights={"per_s": 5.0, "per_s_2workers": 9.0, "fights": 16},
                    positions={"frog": {"ms": 4.0, "states": 7}},
                    load={"warm_ms": 100.0},
                    quality={"normal_minus_easy_points": 8.4, "normal_minus_easy_stderr": 5.0})
    lines = tool.compare(before, after)
    rows = {line.split()[0]: line.split()[3:] for line in lines[1:-1]}
    for path in ("fights.per_s", "fights.per_s_2workers", "positions.frog.ms", "load.warm_ms"):
        assert rows[path][-1] == "1.00x", path         # half the pace on half as fast a machine
    for path in ("quality.normal_minus_easy_points", "quality.normal_minus_easy_stderr",
                 "fights.fights", "positions.frog.states"):
        assert len(rows[path]) == 1, path               # a change, no norm
    assert lines[-1].startswith("worse beyond noise: nothing")


def test_bench_compare_says_what_got_worse_beyond_noise():
    tool = load("bench_compare")
    before = _report(100.0, rules={"moves_per_s": 1000.0, "copy_us": 1.0},
                     turns={"p50_ms": 4.0},
                     quality={"normal_minus_easy_points": 14.0, "normal_minus_easy_stderr": 1.0})
    after = _report(100.0, rules={"moves_per_s": 700.0, "copy_us": 1.1},
                    turns={"p50_ms": 6.0},
                    quality={"normal_minus_easy_points": 9.0, "normal_minus_easy_stderr": 1.0})
    verdict = tool.compare(before, after)[-1]
    assert verdict.startswith("worse beyond noise: ")
    named = verdict.split(": ", 1)[1].split(" (")[0]
    assert "rules.moves_per_s 0.70x" in named and "turns.p50_ms 1.50x" in named
    assert "quality.normal_minus_easy_points -5.0 points" in named
    assert "copy_us" not in named                      # 10% slower: within the noise
    after["quality"]["normal_minus_easy_points"] = 12.0          # 2 points: within 2 stderr
    assert "quality" not in tool.compare(before, after)[-1].split(" (")[0]


def test_bench_compare_warns_of_another_profile_or_content():
    tool = load("bench_compare")
    full = _report(100.0, content={"mods": ["frostbite 1.0.0"], "declarations": 108})
    quick = {**full, "profile": "quick"}
    other = {**full, "content": {"mods": ["mycelium 0.1.0"], "declarations": 110}}
    assert not tool.warnings(full, full)
    assert tool.warnings(full, quick) == [
        "warning: the profiles differ (full before, quick after): samples and budgets "
        "differ too"]
    assert tool.warnings(full, other) == [
        "warning: the content differs (mods frostbite 1.0.0 before, mycelium 0.1.0 after)"]
    assert tool.compare(full, other)[0].startswith("warning: the content differs")
    older = {"profile": "full", "parse": {"declarations": 102}}     # reports before `content`
    assert "102 declarations before, 108 after" in tool.warnings(
        older, {"profile": "full", "parse": {"declarations": 108}})[0]


def test_bench_compare_goals_of_a_quick_report_are_indicative(tmp_path, capsys):
    tool = load("bench_compare")
    quick = tmp_path / "quick.json"
    quick.write_text(json.dumps({"profile": "quick", "turns": {"p50_ms": 3.0}}))
    tool.main(["--goals", str(quick)])
    out = capsys.readouterr().out
    assert out.startswith("note: a quick report: the goals are set for full runs")
    assert "met   turns.p50_ms" in out
    try:
        tool.main(["--help"])
    except SystemExit:
        pass
    help_text = capsys.readouterr().out
    assert "issues" not in help_text and "performance goals" in help_text


def test_bench_goals_have_one_home():
    """The goals bench_compare checks are the table dicey bench prints its figures with."""
    from dicey.ai import bench

    tool = load("bench_compare")
    assert tool.goals is bench.goals and not hasattr(tool, "GOALS")


def test_profile_planner_loads():
    assert hasattr(load("profile_planner"), "main")


# ------------------------------------------------------------------ cards_doc

MODS = TOOLS.parent / "mods"


def test_cards_doc_for_mods_writes_stdout_not_the_projects_page(capsys, monkeypatch, tmp_path):
    tool = load("cards_doc")
    page = tmp_path / "cards.md"
    page.write_text("the project's page\n")
    monkeypatch.setattr(tool, "DEFAULT_OUTPUT", page)
    mod = next(p for p in MODS.iterdir() if (p / "mod.toml").is_file())
    assert tool.main(["--mods", str(mod)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Cards\n") and f"mod {mod.name}" in out
    assert page.read_text() == "the project's page\n"         # left alone
    assert tool.main(["--mods", str(mod), "-o", str(tmp_path / "mine.md")]) == 0
    assert (tmp_path / "mine.md").read_text(encoding="utf-8") == out


def test_cards_doc_says_the_mods_it_could_not_load_and_writes_nothing(capsys, tmp_path):
    tool = load("cards_doc")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "mod.toml").write_text('name = "Broken"\nversion = "1.0.0"\napi = 1\n')
    (broken / "cards.dice").write_text('enemy "Husk" { hp: 0; equipment: "Sword" }\n')
    out_file = tmp_path / "cards.md"
    for folder in (broken, tmp_path / "missing"):
        assert tool.main(["--mods", str(folder), "-o", str(out_file)]) == 1
        err = capsys.readouterr().err
        assert "error" in err and "nothing written" in err and not out_file.exists()
    assert tool.main(["--mods", str(broken), "-o", str(out_file)]) == 1
    assert "'hp' must be from 1" in capsys.readouterr().err


def test_cards_doc_check_names_its_flags(capsys, tmp_path):
    tool = load("cards_doc")
    stale = tmp_path / "stale page.md"
    stale.write_text("old\n")
    assert tool.main(["--no-mods", "--check", "-o", str(stale)]) == 1
    err = capsys.readouterr().err
    assert f"is out of date: run python tools/cards_doc.py --no-mods -o '{stale}'" in err
    try:
        tool.main(["--no-mods", "--check"])        # no page to compare a mod's with
    except SystemExit as exc:
        assert exc.code == 2
    assert "needs -o FILE" in capsys.readouterr().err


def test_cards_doc_output_flag_has_help(capsys):
    tool = load("cards_doc")
    try:
        tool.main(["--help"])
    except SystemExit:
        pass
    help_text = " ".join(capsys.readouterr().out.split())
    assert "-o FILE, --output FILE the file to write" in help_text


def test_mcts_chance_makes_seeded_solved_positions_and_reads_the_regret(library):
    tool = load("mcts_chance")
    found = tool.positions(library, 2, 50, 2_000, seed=1, say=lambda text: None)
    again = tool.positions(library, 2, 50, 2_000, seed=1, say=lambda text: None)
    assert [p.name for p in found] == [p.name for p in again] and len(found) == 2
    for p in found:
        assert any(card in p.name for card in tool.CHANCE_CARDS)
        assert 50 <= p.states <= 2_000
        root = p.fight.copy(simulation=True, log=False)
        assert set(p.exact) == set(root.legal_moves())
        regret, bias = tool.run(p, 60, seed=0)
        assert regret >= 0 and regret <= max(p.exact.values()) - min(p.exact.values())
        assert tool.run(p, 60, seed=0) == (regret, bias)


def test_mcts_chance_refuses_an_empty_budget_with_a_message(capsys, monkeypatch):
    import pytest

    tool = load("mcts_chance")
    monkeypatch.setattr("sys.argv", ["mcts_chance.py", "--iterations", "1000", "0"])
    with pytest.raises(SystemExit) as stopped:
        tool.main()
    assert stopped.value.code == 2
    assert "--iterations must be at least 1, got 0" in capsys.readouterr().err
