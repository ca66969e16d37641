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
