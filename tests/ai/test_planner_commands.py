"""``dicey plan``, ``dicey graph`` and ``dicey bench`` from the command line."""
from __future__ import annotations

import json


from planner_kit import SCENARIOS

ROOT = SCENARIOS.parent


def test_plan_shows_the_plan_and_every_first_move(cli):
    code, out, err = cli("plan", str(SCENARIOS / "frog.toml"))
    assert code == 0, err
    assert "1. 3 → Sword" in out and "2. 1 → Shield" in out and "expected score 358" in out
    assert "first moves:" in out and "1 → Sword" in out and "238" in out


def test_plan_and_graph_name_an_upgraded_card_as_it_reads(cli, tmp_path):
    """'4 → Dagger' for a Dagger+ read as a move the plain Dagger [≤3] cannot make."""
    scenario = tmp_path / "upgraded.toml"
    scenario.write_text('[actor]\nfighter = "Warrior"\ndice = [4, 2]\n'
                        'equipment = ["Dagger+", "Shield"]\n[opponent]\nfighter = "Frog"\n',
                        encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0, err
    assert "4 → Dagger+" in out and "4 → Dagger " not in out + " "
    graph = tmp_path / "upgraded.graphml"
    code, _, err = cli("graph", str(scenario), "-o", str(graph), "--no-mods")
    text = graph.read_text(encoding="utf-8")
    assert code == 0 and "→ Dagger+" in text and "→ Dagger<" not in text, err


def test_plan_json_is_the_same_for_the_same_seed(cli):
    args = ("plan", str(SCENARIOS / "handyman.toml"), "--json", "--seed", "3")
    _, first, _ = cli(*args)
    _, second, _ = cli(*args)

    def without_timing(text: str) -> str:
        return "\n".join(line for line in text.splitlines() if '"elapsed_ms"' not in line)
    assert without_timing(first) == without_timing(second)      # byte for byte
    a = json.loads(first)
    assert a["elapsed_ms"] >= 0 and a["method"] == "exhaustive" and a["seed"] == 3
    assert {"moves", "expected_score", "first_moves", "states", "nodes", "iterations",
            "budget_hit"} <= set(a)


def test_plan_flags_override_the_budget(cli):
    code, out, err = cli("plan", str(SCENARIOS / "countdown.toml"), "--json",
                         "--states", "25", "--iterations", "120", "--ms", "none")
    data = json.loads(out)
    assert code == 0 and data["method"] == "mcts" and data["budget_hit"]
    assert data["states"] == 25 and data["iterations"] == 120


def test_an_mcts_plan_calls_its_score_an_estimate(cli, tmp_path):
    """MCTS's score is backed up from sampled lines as a max (on chance.toml it read
    144,609 where the exact value is 46,998): the text calls it an estimate, and so does
    dicey graph; an exhaustive plan's is the expected score."""
    args = (str(SCENARIOS / "countdown.toml"), "--states", "25", "--iterations", "120",
            "--ms", "none")
    code, out, err = cli("plan", *args)
    assert code == 0 and "budget hit), estimated score (sampled lines: not exact) " in out
    assert "expected score" not in out and "first moves (estimates from sampled" in out
    code, out, err = cli("graph", *args, "-o", str(tmp_path / "g.graphml"))
    assert code == 0 and "mcts plan, estimated score (sampled lines: not exact) " in out
    code, out, err = cli("plan", *args[:1])
    assert code == 0 and "), expected score " in out and "estimated" not in out


def test_graph_writes_graphml(cli, tmp_path):
    out_file = tmp_path / "frog.graphml"
    code, out, err = cli("graph", str(SCENARIOS / "frog.toml"), "-o", str(out_file),
                         "--max-nodes", "5")
    assert code == 0, err
    assert out_file.read_text(encoding="utf-8").startswith("<?xml")
    assert "5 nodes" in out and "left out" in out


def test_bad_input_is_a_clear_error_and_no_traceback(cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[actor]\nfighter = "Nobody"\ndice = [1]\n[opponent]\nfighter = "Frog"\n')
    for argv in (("plan", str(bad)), ("plan", str(tmp_path / "none.toml")),
                 ("graph", str(bad), "-o", str(tmp_path / "x.graphml"))):
        code, out, err = cli(*argv)
        assert code == 2 and err.startswith("dicey: error: ") and "Traceback" not in err
    code, _, err = cli("plan", str(SCENARIOS / "frog.toml"), "--states", "0")
    assert code == 2 and "positive integer" in err
    code, _, err = cli("graph", str(SCENARIOS / "frog.toml"), "-o",
                       str(tmp_path / "no" / "dir" / "x.graphml"))
    assert code == 2 and "cannot write" in err


def test_bench_reports_every_figure(cli, tmp_path):
    out_file = tmp_path / "bench.json"
    code, out, err = cli("bench", "--smoke", "--json", str(out_file))
    assert code == 0, err
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert {"parse", "load", "positions", "mcts", "turns", "fights", "rules",
            "baseline", "quality"} <= set(data)
    assert data["quality"]["fights_per_preset"] == 2
    assert {"cards_per_s"} <= set(data["parse"]) and {"cold_ms", "warm_ms"} <= set(data["load"])
    for figures in data["positions"].values():
        assert {"states", "naive_nodes", "states_per_s", "ms", "method",
                "expected_score", "memo_bytes_per_state"} <= set(figures)
    assert {"iterations_per_s", "regret"} <= set(data["mcts"])
    assert {"p50_ms", "p99_ms", "max_ms"} <= set(data["turns"])
    assert {"per_s", "per_s_2workers"} <= set(data["fights"])
    assert {"moves_per_s", "copy_us", "key_us", "fights_per_s"} <= set(data["rules"])
    assert "tuple_ops_per_s" in data["baseline"]


def test_plan_and_graph_of_a_scenario_with_a_button(cli, tmp_path):
    """A hero with a button in a scenario: the plan uses it, as 'use Barricade'."""
    scenario = tmp_path / "press.toml"
    scenario.write_text('[actor]\nfighter = "Warrior"\ndice = [2]\n'
                        'equipment = ["Sword", "Barricade+"]\n[opponent]\nfighter = "Frog"\n'
                        '[search]\nms = "none"\n', encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--no-mods", "--json")
    assert code == 0, err
    plan = json.loads(out)
    assert {"action": "use", "card": "Barricade"} in plan["moves"]
    assert [f["text"] for f in plan["first_moves"]].count("use Barricade") == 1
    code, out, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0 and ". use Barricade+" in out, err
    graph = tmp_path / "press.graphml"
    code, _, err = cli("graph", str(scenario), "-o", str(graph), "--no-mods")
    assert code == 0 and "use Barricade+" in graph.read_text(encoding="utf-8"), err


def test_graph_counts_in_words(cli, tmp_path):
    code, out, err = cli("graph", str(SCENARIOS / "frog.toml"), "-o",
                         str(tmp_path / "one.graphml"), "--max-nodes", "1")
    assert code == 0, err
    assert ": 1 node, 0 edges (" in out and "1 nodes" not in out


def _declarations(lib) -> int:
    return sum(len(t) for t in (lib.equipment, lib.statuses, lib.enemies, lib.heroes,
                                lib.dungeons))


def test_bench_measures_the_content_the_flags_load(cli, tmp_path, base_library):
    """--no-mods and --mods hold for every section, the parse and load figures too, and
    the report says which content it measured."""
    from dicey.library import load_library

    out_file = tmp_path / "bench.json"
    code, out, err = cli("bench", "--smoke", "--no-mods", "--json", str(out_file))
    assert code == 0, err
    data = json.loads(out_file.read_text(encoding="utf-8"))
    base = _declarations(base_library)
    assert data["parse"]["declarations"] == base
    assert data["content"] == {"mods": [], "declarations": base}
    assert out.startswith(f"content: the base game alone ({base} declarations)\n")
    frost = ROOT / "mods" / "frostbite"
    code, out, err = cli("bench", "--smoke", "--mods", str(frost), "--json", str(out_file))
    assert code == 0, err
    data = json.loads(out_file.read_text(encoding="utf-8"))
    with_frost = _declarations(load_library(mod_dirs=[frost]))
    assert with_frost > base and data["parse"]["declarations"] == with_frost
    assert data["content"]["mods"] == ["frostbite 1.0.0"]
    assert out.startswith("content: the base game and mods frostbite 1.0.0 (")


def test_bench_prints_each_goal_and_whether_it_is_met(cli):
    from dicey.ai.bench import GOALS
    from dicey.commands.bench import render

    code, out, err = cli("bench", "--smoke", "--no-mods")
    assert code == 0, err
    judged = [line for line in out.splitlines() if "(goal " in line]
    assert len(judged) >= len(GOALS)
    assert all(line.endswith((": met, indicative)", ": not met, indicative)",
                              ": not measured, indicative)")) for line in judged)
    assert "  p50_ms: " in out and "(goal ≤ 50: " in out.split("  p50_ms: ")[1].split("\n")[0]
    last = out.rstrip("\n").splitlines()[-1]
    assert last.startswith("goals: ") and "a smoke run: the goals are set for full runs" in last
    full = render({"profile": "full", "turns": {"p50_ms": 60.0, "p99_ms": 100.0},
                   "rules": {"moves_per_s": 150_000.0}})
    assert "p50_ms: 60.0   (goal ≤ 50: not met)" in full
    assert "p99_ms: 100.0   (goal ≤ 500: met)" in full
    assert "moves_per_s: 150,000.0   (goal ≥ 100,000: met)" in full
    assert full.splitlines()[-1].startswith("goals: 2 of 3 met") and "indicative" not in full
    code, out, err = cli("bench", "--help")
    assert "as a table" not in out and "outline" in out and "goal" in out


def test_graph_to_stdout_writes_graphml_there_and_no_file(cli, tmp_path, monkeypatch):
    """'-o -' wrote a file named '-' in the current folder ('sim --json -' means stdout)."""
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("graph", str(SCENARIOS / "frog.toml"), "-o", "-", "--ms", "none")
    assert code == 0, err
    assert out.startswith("<?xml") and out.rstrip().endswith("</graphml>")
    assert err.startswith("wrote stdout: ") and "nodes" in err
    assert list(tmp_path.iterdir()) == []


def test_plan_shows_a_scenario_files_name_without_what_drives_the_terminal(cli, tmp_path):
    """The title is refused at load when it holds a control character; the file's name
    (the heading when there is no title) is shown escaped, as every other name is."""
    odd = tmp_path / "x\x1b[2J\x07.toml"
    odd.write_text((SCENARIOS / "frog.toml").read_text(encoding="utf-8").replace(
        "title =", "# title ="), encoding="utf-8")
    code, out, err = cli("plan", str(odd), "--ms", "none")
    assert code == 0, err
    assert out.startswith("x\\x1b[2J\\x07: ") and "\x1b" not in out and "\x07" not in out
    (titled := tmp_path / "titled.toml").write_text(
        'title = "\\u001b[31mRED\\u009b2J"\n' + odd.read_text(encoding="utf-8"),
        encoding="utf-8")
    code, out, err = cli("plan", str(titled))
    assert code == 2 and out == "" and "\x1b" not in err and "\x9b" not in err
    assert err == f"dicey: error: {titled}:1:1: title: control characters are not allowed " \
                  "(an escape sequence or a bell would drive the terminal that shows it)\n" \
                  '    title = "\\u001b[31mRED\\u009b2J"\n    ^^^^^\n'   # (the escapes as written)


def test_the_plan_line_says_one_state_not_one_states():
    from types import SimpleNamespace

    from dicey.commands.plan import _how
    one = SimpleNamespace(method="greedy", states=1, iterations=1, nodes=1, elapsed_ms=0.25,
                          seed=0, budget_hit=False)
    assert _how(one) == "greedy, 1 state, 1 iteration, 1 move played, 0.2 ms, seed 0"


def test_plan_and_graph_report_every_problem_of_a_scenario_at_once(cli, tmp_path):
    """Two mistakes were met one run at a time."""
    scenario = tmp_path / "two.toml"
    scenario.write_text('[actor]\nfighter = "Frog"\ndice = [1]\nshocked = ["Swrod"]\n'
                        '[opponent]\nfighter = "Warior"\n', encoding="utf-8")
    for command in (("plan",), ("graph", "-o", str(tmp_path / "two.graphml"))):
        code, out, err = cli(command[0], str(scenario), *command[1:], "--no-mods")
        assert code == 2 and out == ""
        assert err.splitlines() == [
            f"dicey: error: {scenario}:4:12: [actor] shocked: Frog has no card 'Swrod' (did "
            "you mean 'Sword'?) (its cards: Sword, Shield)",
            '    shocked = ["Swrod"]',
            "               ^^^^^^^",
            f"dicey: error: {scenario}:6:11: [opponent] fighter: unknown fighter 'Warior' "
            "(did you mean 'Warrior'?)",
            '    fighter = "Warior"',
            "              ^^^^^^^^"]


#: The playtest's position: the Thief's 5 on Lockpick splits it (1 and 4, or 2 and 3).
LOCKPICK = ('[actor]\nfighter = "Thief"\ndice = [5, 3]\n'
            '[opponent]\nfighter = "Rat"\nhp = 6\n[search]\nseed = 0\n')


def test_a_plan_says_where_its_line_follows_a_chance_outcome(cli, tmp_path):
    """'3. 4 → Lockpick' read as if the 4 were certain: it is one of the splits of the 5
    the step before, as the 3 of step 4 is of the 4's. Each random move now says which of
    its outcomes the line follows, and a line under the plan from which step on the line
    is those outcomes' and how often (as the hint and the graph's chance nodes say)."""
    scenario = tmp_path / "lockpick.toml"
    scenario.write_text(LOCKPICK, encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0, err
    plan = out.split("first moves:")[0].splitlines()
    steps = [line.strip() for line in plan if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert steps == [
        "1. 3 → Dagger",
        "2. 5 → Lockpick · by chance (2 outcomes): the line follows the one that gives "
        "1, 4 (1/2)",
        "3. 4 → Lockpick · by chance (2 outcomes): the line follows the one that gives "
        "1, 3 (2/3)",
        "4. 3 → Dagger"]
    assert plan[-1].strip() == ("steps 3–4 follow those outcomes (1/3 of the time); on "
                                "others the AI plans again")
    code, out, err = cli("plan", str(scenario), "--no-mods", "--json")
    data = json.loads(out)
    assert [m.get("chance") for m in data["moves"]] == [
        None, {"outcomes": 2, "probability": 0.5, "followed": "gives 1, 4"},
        {"outcomes": 2, "probability": 0.6667, "followed": "gives 1, 3"}, None]
    assert [m.get("follows_chance", False) for m in data["moves"]] == [False, False, True,
                                                                        True]
    assert data["line_probability"] == 0.3333


def test_a_plan_without_chance_says_nothing_of_it(cli):
    code, out, err = cli("plan", str(SCENARIOS / "frog.toml"), "--json")
    data = json.loads(out)
    assert data["line_probability"] == 1
    assert not [m for m in data["moves"] if "chance" in m or "follows_chance" in m]
    code, out, err = cli("plan", str(SCENARIOS / "frog.toml"))
    assert "by chance" not in out and "those outcomes" not in out


def test_plan_shows_what_the_opponents_next_roll_has_besides_its_dice(cli, tmp_path):
    path = tmp_path / "next.toml"
    path.write_text('[actor]\nfighter = "Warrior"\ndice = [3, 5]\n'
                    '[opponent]\nfighter = "Frog"\nnext_roll = [6, 2]\nnext_roll_dice = -1\n')
    code, out, _ = cli("plan", str(path), "--seed", "1")
    assert code == 0
    assert "  Frog's next roll: 1 die fewer, + 2, 6\n" in out
