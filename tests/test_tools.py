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
    rows = {line.split()[0]: line.split() for line in tool.compare(before, after)[1:]}
    assert rows["rules.moves_per_s"][-2:] == ["2.00x", "1.00x"]   # twice as fast, as the machine
    assert rows["rules.copy_key_us"][-2:] == ["0.25x", "0.50x"]
    (tmp_path / "a.json").write_text(json.dumps(after))
    assert tool.main(["--goals", str(tmp_path / "a.json")]) == 1     # moves short of 100k/s
    out = capsys.readouterr().out
    assert "MISS  rules.moves_per_s" in out and "met   rules.copy_key_us" in out


def test_profile_planner_loads():
    assert hasattr(load("profile_planner"), "main")
