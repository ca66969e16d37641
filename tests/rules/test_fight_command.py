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


# ------------------------------------------------- a fight of dicey sim, played again

def _fired(events: list[dict]) -> dict[str, int]:
    """Card uses by side and card id, as the sim counts them (a fury's second run is not a
    use; the sim lists the cards held and not used too, at 0)."""
    from dicey.lang.ast import make_id
    out: dict[str, int] = {}
    for e in events:
        if e["type"] == "Fired" and not e["again"]:
            key = f"{'hero' if e['side'] == 0 else 'enemy'}:{make_id(e['card'])}"
            out[key] = out.get(key, 0) + 1
    return dict(sorted(out.items()))


def _used(cards: dict[str, int]) -> dict[str, int]:
    """The sim's card counts as the log names the cards (an upgraded card by its card's
    id: the sim keys 'hero:crowbar+'), the cards never used left out."""
    out: dict[str, int] = {}
    for card, n in cards.items():
        if n:
            out[card.rstrip("+")] = out.get(card.rstrip("+"), 0) + n
    return dict(sorted(out.items()))


def test_a_sim_fight_plays_again_with_dicey_fight(capsys, library):
    """Every row of a sim's CSV (hero, enemy, enemy preset, seed), with the sim's hero bot
    and hero level, is the same fight in ``dicey fight``: winner, turns, HP, card uses."""
    from dicey import simulate

    checked = set()
    for level in simulate.HERO_LEVELS:
        jobs = simulate.plan_jobs(library, 3, 11, presets=("easy", "normal"), hero_level=level)
        for job in jobs:
            sim = simulate.run_job(job, library)
            code, out, err = run(capsys, "fight", job.enemy, "--hero", job.hero, "--seed",
                                 str(job.seed), "--ai", job.enemy_ai, "--hero-ai",
                                 simulate.HERO_BOT, "--hero-level", level, "--json")
            assert code == 0, err
            data = json.loads(out)
            winner = {0: "hero", 1: "enemy"}.get(data["winner_side"], "draw")
            assert (winner, data["turns"], data["fighters"][0]["hp"], data["fighters"][1]["hp"],
                    _fired(data["events"])) == \
                (sim.winner, sim.turns, sim.hero_hp, sim.enemy_hp, _used(sim.cards)), \
                (level, job)
            checked.add((level, job.enemy_ai, winner))
    # the rows differ: each level and preset, and fights won by either side
    assert len({(lv, ai) for lv, ai, _ in checked}) == 6
    assert {w for _, _, w in checked} >= {"hero", "enemy"}


def test_the_hero_level_sets_the_hero_up_as_the_sim_does(capsys, library):
    from dicey import simulate

    job = simulate.FightJob(0, "warrior", "dragon", "easy", 5, "floor")
    setup = simulate.hero_setup(library, job)
    assert setup is not None and setup.max_hp > library.heroes["warrior"].hp
    code, out, err = run(capsys, "fight", "Dragon", "--hero", "Warrior", "--seed", "5",
                         "--ai", "easy", "--hero-level", "floor", "--json")
    assert code == 0, err
    assert json.loads(out)["fighters"][0]["max_hp"] == setup.max_hp
    code, out, err = run(capsys, "fight", "Dragon", "--hero", "Warrior", "--seed", "5",
                         "--ai", "easy", "--json")            # the default: fresh
    assert json.loads(out)["fighters"][0]["max_hp"] == library.heroes["warrior"].hp


def test_hero_flags_need_a_hero(capsys):
    for flags in (["--hero-ai", "easy"], ["--hero-level", "floor"]):
        code, out, err = run(capsys, "fight", "Frog", "--vs", "Slime", *flags)
        assert code == 2 and f"{flags[0]} goes with a hero, not with --vs" in err
    code, out, err = run(capsys, "fight", "Frog", "--hero-ai", "hrad")
    assert code == 2 and "unknown AI preset 'hrad' (did you mean 'hard'?)" in err


def test_the_log_is_printed_as_the_fight_goes(capsys, monkeypatch, library):
    """Each turn's lines are out before the next move is chosen (a slow turn is seen
    being played), and the whole log is the fight's, as ``--json`` and run_fight play it."""
    from dicey.commands import fight as command
    from dicey.rules.headless import format_log, run_fight

    made, seen = command._chooser, []

    def watched(name, fighter):
        inner = made(name, fighter)

        def choose(fight, rng):
            seen.append((fight.turn, capsys.readouterr().out))   # what is out so far
            return inner(fight, rng)
        return choose

    monkeypatch.setattr(command, "_chooser", watched)
    code, out, err = run(capsys, "fight", "Bully", "--seed", "3", "--ai", "easy")
    assert code == 0, err
    printed = ""
    for turn, text in seen:
        printed += text
        assert f"— turn {turn}:" in printed       # this turn's start is out already
    assert len({turn for turn, _ in seen}) > 3
    printed += out
    hero = command._default_hero(library)
    record = run_fight(library, hero, library.enemy("Bully"), 3, made("easy", hero),
                       made("easy", hero))
    assert printed.rstrip("\n").splitlines()[:-1] == format_log(record).splitlines()
    assert printed.rstrip("\n").splitlines()[-1] == (
        f"result: {record.winner_name} after {record.turns} turns (" + ", ".join(
            f"{n} {h}/{m} HP" for n, h, m in zip(record.names, record.hp, record.max_hp)) + ")")


def test_a_hero_level_for_an_enemy_on_no_floor_is_said_to_be_the_start(capsys, tmp_path):
    folder = tmp_path / "stray"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "stray"\nversion = "1.0"\napi = 1\n')
    (folder / "stray.dice").write_text('enemy "Stray" { hp: 6; equipment: "Sword"; ai: easy }\n')
    code, out, err = run(capsys, "fight", "Stray", "--hero-level", "floor", "--mods",
                         str(folder))
    assert code == 0, err
    assert "note: Stray fights on no floor of the dungeon: the hero meets it at its " \
           "starting level" in err
    code, out, err = run(capsys, "fight", "Frog", "--hero-level", "floor")
    assert code == 0 and "note:" not in err


BUTTON_MOD = '''
equipment "Cracked Button" {
    slots: none
    once per fight
    cast: self
    ready: 10 / (self.hp - self.hp) > 0
    text: "Never ready: its condition divides by zero"
    on use { gain(shield, 1) }
}

enemy "Bunker" {
    hp: 12; dice: 2; level: 1
    equipment: "Sword", "Barricade", "Cracked Button"
}
'''


def test_a_button_is_one_line_and_a_faulting_ready_one_error_in_the_log(capsys, tmp_path):
    """A button's use is one line ("Bunker uses Barricade"), and a ``ready`` that faults
    is said once in the fight, though the AI chooses each move on copies of it."""
    mod = tmp_path / "bunker"
    mod.mkdir()
    (mod / "mod.toml").write_text('name = "Bunker"\nversion = "1.0.0"\napi = 1\n')
    (mod / "bunker.dice").write_text(BUTTON_MOD)
    code, out, err = run(capsys, "fight", "Bunker", "--seed", "1", "--ai", "easy",
                         "--mods", str(mod))
    assert code == 0, err
    lines = out.splitlines()
    assert [line.strip() for line in lines if "Barricade" in line] == ["Bunker uses Barricade"]
    assert "presses" not in out
    faults = [line.strip() for line in lines if "script error" in line]
    assert len(faults) == 1 and "bunker.dice:6:" in faults[0], out
    assert faults[0].endswith("(Cracked Button, ready): division by zero")


def test_a_fight_won_in_its_first_turn_lasts_1_turn(capsys, tmp_path):
    folder = tmp_path / "pebble"
    folder.mkdir()
    (folder / "mod.toml").write_text('name = "pebble"\nversion = "1.0"\napi = 1\n')
    (folder / "pebble.dice").write_text('enemy "Pebble" { hp: 1; equipment: "Sword" }\n')
    code, out, err = run(capsys, "fight", "Pebble", "--hero", "Warrior", "--mods", str(folder))
    assert code == 0, err
    assert out.splitlines()[-1].startswith("result: Warrior after 1 turn (Warrior ")
