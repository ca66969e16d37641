"""Flags a user may get wrong in any way: each is refused with one line, or run; never a
traceback, an internal error, a hang or a run that fills the memory (``cli`` is the
in-process runner of ``tests/conftest.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicey import simulate
from dicey.commands import sim

ROOT = Path(__file__).resolve().parent.parent
FROG = str(ROOT / "scenarios" / "frog.toml")


@pytest.mark.parametrize("value", ["nan", "inf", "0", "-5", "1e400", "NaN"])
def test_plan_ms_takes_only_a_finite_positive_number_or_none(cli, value):
    code, out, err = cli("plan", FROG, "--ms", value)
    assert code == 2 and "argument --ms: expected a positive number or 'none'" in err
    assert out == "" and "Traceback" not in err


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "61", "1e308"])
def test_play_delay_takes_a_sensible_number_of_seconds(cli, value):
    # nan slipped past "< 0" and inf passed it: the game started and its enemy never moved
    code, out, err = cli("play", "--delay", value)
    assert code == 2 and "--delay must be 0 or more seconds, and at most 60" in err


@pytest.mark.parametrize("argv, words", [
    (["--fights", "1000000000"], "--fights must be at least 1 and at most 100,000"),
    (["--fights", "0"], "--fights must be at least 1 and at most 100,000"),
    (["--workers", "100000"], "--workers must be at least 1 and at most 64"),
    (["--workers", "-3"], "--workers must be at least 1 and at most 64"),
])
def test_sim_refuses_counts_that_would_fill_the_machine(cli, monkeypatch, argv, words):
    planned = []
    monkeypatch.setattr(simulate, "plan_jobs", lambda *a, **k: planned.append(a) or [])
    code, out, err = cli("sim", "--no-progress", *argv)
    assert code == 2 and words in err and planned == []    # refused before listing a job


def test_sim_starts_no_more_workers_than_it_has_fights(cli, monkeypatch):
    asked, real = [], simulate.simulate

    def fake(jobs, *, workers, **kwargs):
        asked.append((len(jobs), workers))
        return real(jobs, workers=1, lib=kwargs.get("lib"))

    monkeypatch.setattr(simulate, "simulate", fake)
    code, _, err = cli("sim", "--fights", "2", "--ai", "easy", "--enemy", "Frog", "--hero",
                       "Warrior", "--workers", "8", "--no-progress", "--hero-level", "start")
    assert code == 0, err
    assert asked == [(2, 2)]


def test_the_limits_are_what_the_messages_say():
    assert sim.MAX_FIGHTS == 100_000 and sim.MAX_WORKERS == 64


#: A path with a name longer than the system takes.
LONG = "/tmp/" + "a" * 300 + ".graphml"


@pytest.mark.parametrize("argv", [
    ["graph", FROG, "-o", LONG], ["plan", LONG], ["check", LONG],
    ["sim", "--fights", "1", "--json", LONG], ["bench", "--quick", "--json", LONG],
])
def test_a_path_the_system_refuses_is_one_line_that_names_it(cli, argv):
    """It was an 'internal error' (the catch-all's words), as for a bug of dicey's."""
    code, _, err = cli(*argv)
    assert code == 2 and "internal error" not in err and "Traceback" not in err
    assert "File name too long" in err and "a" * 300 in err


# Words a user might type: flags of every command, values of every kind, and paths that
# exist, do not, or cannot be written.
_WORDS = st.sampled_from([
    "--states", "--iterations", "--ms", "--seed", "--json", "--max-nodes", "-o", "--hero",
    "--vs", "--ai", "--mods", "--no-mods", "--bogus", "-h", "--",
    "0", "-1", "1", "3", "1e100", "nan", "none", "", " ", "abc", "Frog", "Warrior", "hard",
    "genius", "/", "/nonexistent/x.graphml", "/dev/null", FROG, str(ROOT / "mods"),
    str(ROOT / "content"), "\x00", "é", "-" * 3, LONG,
])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(command=st.sampled_from(["plan", "graph", "fight", "cards", "check"]),
       words=st.lists(_WORDS, max_size=6))
def test_any_flags_are_run_or_refused_in_one_line(cli, tmp_path, command, words):
    argv = [command, *words]
    if command in ("plan", "graph"):
        argv += ["--ms", "none", "--states", "200", "--iterations", "50"]
    if command == "graph":
        argv += ["-o", str(tmp_path / "g.graphml")]
    code, _, err = cli(*argv)
    assert code in (0, 1, 2), argv
    assert "Traceback" not in err and "internal error" not in err, (argv, err)


@pytest.mark.parametrize("argv", [
    ["fight", "frog", "--no-mods", "--mods", "mods/frostbite"],
    ["--no-mods", "cards", "Spear", "--mods", "mods/rebalance"],
    ["check", "--mods", "mods/rebalance", "--no-mods"],
])
def test_mods_and_no_mods_together_are_refused_not_one_of_them_dropped(cli, argv):
    code, out, err = cli(*argv)
    assert code == 2 and "not allowed with argument" in err and out == ""


def test_graph_says_the_expected_score_as_plan_does(cli, tmp_path):
    code, planned, _ = cli("plan", FROG)
    code2, wrote, _ = cli("graph", FROG, "-o", str(tmp_path / "frog.graphml"))
    assert code == code2 == 0
    score = wrote.rsplit("expected score ", 1)[1].strip()
    assert f"expected score {score}:" in planned and not score.endswith(".00")


@pytest.mark.parametrize("argv", [["plan", FROG], ["graph", FROG, "-o", "-"],
                                  ["fight", "Frog"], ["play"], ["sim", "--fights", "1"]],
                         ids=lambda argv: argv[0])
def test_every_seed_flag_takes_an_integer_of_zero_or_more(cli, monkeypatch, tmp_path, argv):
    """'--seed -1' was taken by plan, graph, fight, play and sim (and printed 'seed -1'),
    while a scenario's '[search] seed = -1' is refused: the same rule and words now."""
    import dicey.tui.app

    monkeypatch.setattr(dicey.tui.app, "DiceyApp", None)   # the game's screen never opens
    monkeypatch.chdir(tmp_path)                             # ('graph -o -' wrote a file '-')
    for value in ("-1", "-10000000000000000000000000000000000000", "x"):
        code, out, err = cli(*argv, "--seed", value)
        assert code == 2 and out == ""
        assert f"argument --seed: expected an integer ≥ 0, got '{value}'" in err


@pytest.mark.parametrize("value", ["1e-300", "0.001", "5e-3"])
def test_plan_ms_below_the_smallest_budget_is_refused(cli, value):
    code, out, err = cli("plan", FROG, "--ms", value)
    assert code == 2 and out == ""
    assert f"argument --ms: expected at least 0.01 ms (less ends the search before it " \
           f"begins), or 'none', got '{value}'" in err
