"""Headless fights and the easy AI (the rule of thumb)."""
from __future__ import annotations

import random

import pytest

from dicey.ai.baseline import NOISE, PRESETS, choose_move, play_turn, preset
from dicey.rules.headless import format_log, run_fight
from dicey.rules.protocol import Move
from rules_kit import LIB, fighter, position, sample

WARRIOR = fighter("Warrior", hp=24, equipment=("sword", "shield", "dagger"))
FROG = fighter("Frog", hp=14, dice=2, equipment=("hammer", "shield"), kind="enemy")


def test_leftmost_card_gets_the_highest_die_that_fits():
    f = position([1, 3, 5], ["dagger", "sword"])
    assert choose_move(f, random.Random(0)).same_choice(Move.place(3, "Dagger"))


def test_release_only_with_an_otherwise_useless_die():
    f = position([6, 2], ["sword", "dagger"], shocked=["Sword"])
    assert choose_move(f, random.Random(0)).same_choice(Move.place(2, "Dagger"))
    f = position([6], ["sword", "dagger"], shocked=["Sword"])
    assert choose_move(f, random.Random(0)).same_choice(Move.release(6, "Sword"))


def test_a_release_takes_a_plain_die_before_a_burning_one_and_never_dies_for_it():
    # Releasing with a burning die costs 2 HP, as placing one does.
    f = position([2, 5], ["sword"], burning=[0], shocked=["Sword"])
    assert choose_move(f, random.Random(0)).same_choice(Move.release(5, "Sword"))
    f = position([2], ["sword"], burning=[0], shocked=["Sword"])
    assert choose_move(f, random.Random(0)).same_choice(Move.release(2, "Sword"))
    f = position([2], ["sword"], burning=[0], shocked=["Sword"], hp=2)
    assert choose_move(f, random.Random(0)).is_end


def test_ends_the_turn_when_nothing_fits():
    f = position([6], ["dagger"])
    assert choose_move(f, random.Random(0)).is_end


def plain_choice(fight, rng: random.Random | None) -> Move:
    """The rule of thumb written plainly: the first card that takes an affordable die, its
    best die (worth: the value, 3.5 for a blind die, 2.5 less for a burning one, plus noise
    drawn for each of its dice in turn, none without an rng: then the first of equals);
    else a release with the lowest die; else the end."""
    f = fight.current
    places = [m for m in fight.legal_moves() if m.action == "place"
              and (not f.dice[m.die_index].burning or f.hp > 2)]
    if places:
        card = min(m.card_index for m in places)

        def worth(m: Move) -> float:
            die = f.dice[m.die_index]
            return (3.5 if die.blind else die.value) - (2.5 if die.burning else 0.0)
        return max((m for m in places if m.card_index == card),
                   key=lambda m: worth(m) + (rng.random() * NOISE if rng else 0.0))
    releases = [m for m in fight.legal_moves() if m.action == "release"
                and (not f.dice[m.die_index].burning or f.hp > 2)]
    return min(releases, key=lambda m: (f.dice[m.die_index].burning, m.die, m.card_index)) \
        if releases else Move.end()


@pytest.mark.parametrize("seed", range(6))
def test_the_rule_of_thumb_is_its_plain_statement(library, seed):
    """Turns of real fights, every move the rule's and the rng drawn alike."""
    from dicey.rules.fight import Fight
    heroes, enemies = list(library.heroes.values()), list(library.enemies.values())
    chance, rng, moves = sample(seed), random.Random(seed), 0
    for enemy in enemies[seed % 3::3]:
        f = Fight.start(library, heroes[seed % len(heroes)], enemy, random.Random(seed))
        while not f.is_over and f.turn < 30:
            if f.turn_over:
                f.begin_turn(chance)
                continue
            state = rng.getstate()
            move = choose_move(f, rng)
            after = rng.getstate()
            rng.setstate(state)
            assert plain_choice(f, rng) == move and rng.getstate() == after
            assert choose_move(f, None) == plain_choice(f, None)
            f.apply(move, chance)
            moves += 1
    assert moves > 60


def test_play_turn_plays_until_the_turn_is_over():
    f = position([1, 3, 5], ["dagger", "sword", "shield"])
    events = play_turn(f, random.Random(0), sample(0))
    # Dagger (unlimited, leftmost) takes the 3, then the 1; the Sword takes the 5.
    assert [str(e.die) + " " + e.card for e in events if type(e).__name__ == "Placed"] == [
        "3 Dagger", "1 Dagger", "5 Sword"]
    assert f.turn_over and f.actor == 1 and f.fighters[1].hp == 20 - 3 - 1 - 5


def test_presets_registry():
    assert PRESETS["easy"] is choose_move and preset("easy") is choose_move
    with pytest.raises(KeyError, match="unknown AI preset 'eazy'.*did you mean 'easy'"):
        preset("eazy")


def test_a_headless_fight_is_deterministic_and_finishes():
    r1 = run_fight(LIB, WARRIOR, FROG, 5, choose_move, choose_move)
    r2 = run_fight(LIB, WARRIOR, FROG, 5, choose_move, choose_move)
    assert r1.events == r2.events and r1.outcome == r2.outcome
    assert r1.outcome.winner in (0, 1, None) and 1 <= r1.turns <= 60
    log = format_log(r1)
    assert log.splitlines()[0] == "Warrior vs Frog — Warrior goes first"
    assert "— turn 1: Warrior —" in log and "rolls" in log
    summary = r1.to_json()
    assert summary["turns"] == r1.turns and len(summary["events"]) == len(r1.events)
    assert {f["name"] for f in summary["fighters"]} == {"Warrior", "Frog"}


def test_different_seeds_give_different_fights():
    logs = {format_log(run_fight(LIB, WARRIOR, FROG, s, choose_move, choose_move))
            for s in range(5)}
    assert len(logs) == 5


def test_any_chooser_plugs_in():
    calls = []

    def passive(fight, rng):
        calls.append(fight.actor)
        return Move.end()

    r = run_fight(LIB, WARRIOR, FROG, 1, choose_move, passive)
    assert r.outcome.winner == 0 and set(calls) == {1}
