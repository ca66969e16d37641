"""``dicey fight``: the log, the JSON summary, and clear errors (real content)."""
from __future__ import annotations

import json

from dicey.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def an_enemy(library) -> str:
    return next(iter(library.enemies.values())).name


def test_fight_prints_a_readable_log(capsys, library):
    enemy = an_enemy(library)
    code, out, err = run(capsys, "fight", enemy, "--seed", "3", "--ai", "easy")
    assert code == 0, err
    assert "— turn 1:" in out and " rolls " in out and out.strip().splitlines()[-1].startswith(
        "result: ")


def test_fight_json_summary(capsys, library):
    enemy = an_enemy(library)
    code, out, err = run(capsys, "fight", enemy, "--seed", "4", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert {"winner", "turns", "fighters", "events", "termination"} <= set(data)
    assert data["fighters"][1]["name"] == enemy
    assert 1 <= data["turns"] <= 60 and data["events"][0]["type"] == "FightStarted"
    code2, out2, _ = run(capsys, "fight", enemy, "--seed", "4", "--json")
    assert out2 == out   # same seed, same fight


def test_enemy_against_enemy(capsys, library):
    names = [e.name for e in library.enemies.values()]
    code, out, err = run(capsys, "fight", names[0], "--vs", names[-1], "--seed", "2")
    assert code == 0, err
    assert out.startswith(f"{names[-1]} vs {names[0]}")


def test_a_mirror_match_tells_the_two_apart(capsys):
    code, out, err = run(capsys, "fight", "frog", "--vs", "frog", "--seed", "2", "--ai", "easy")
    assert code == 0, err
    assert out.startswith("Frog 1 vs Frog 2") and "Frog 1 puts" in out and "Frog 2 puts" in out


def test_unknown_enemy_and_preset_are_clear_errors(capsys, library):
    code, out, err = run(capsys, "fight", "Nobody At All")
    assert code == 2 and "unknown enemy 'Nobody At All'" in err and "Traceback" not in err
    code, out, err = run(capsys, "fight", an_enemy(library), "--ai", "brilliant")
    assert code == 2 and "unknown AI preset 'brilliant'" in err and "easy" in err


def test_every_enemy_can_be_fought_to_the_end(library):
    from dicey.ai.baseline import choose_move
    from dicey.commands.fight import _default_hero
    from dicey.rules.headless import run_fight
    hero = _default_hero(library)
    for i, enemy in enumerate(library.enemies.values()):
        record = run_fight(library, hero, enemy, i, choose_move, choose_move)
        faults = [e.describe() for e in record.events if type(e).__name__ == "ScriptFault"]
        assert record.outcome.turns <= 60 and not faults, (enemy.name, faults)
