"""Whole runs played by bots: the reward the bot picks, and a run walked to its end."""
from __future__ import annotations

import random

import pytest

from dicey.ai.baseline import choose_move
from dicey.run.autoplay import HEAL_BELOW, choose_reward, play_run
from dicey.run.state import Hero, Reward

CARD, UPGRADE, HEAL = Reward("card", "rock"), Reward("upgrade", "sword"), \
    Reward("heal", amount=10)


@pytest.mark.parametrize("hp, offers, pick", [
    (10, (CARD, UPGRADE, HEAL), 2),          # hurt: the heal
    (29, (CARD, UPGRADE, HEAL), 0),          # well: the card
    (29, (UPGRADE, CARD, HEAL), 1),          # the card wherever it is offered
    (29, (UPGRADE, HEAL), 0),                # no card: the upgrade
    (10, (UPGRADE, CARD), 1),                # hurt, but no heal offered
    (29, (HEAL,), 0),
])
def test_the_bot_heals_when_hurt_else_takes_a_card_else_upgrades(hp, offers, pick):
    assert (hp < HEAL_BELOW * 30) == (hp == 10)      # 10 of 30 is hurt, 29 is not
    assert choose_reward(Hero("warrior", hp, 30, 2), offers) == pick


@pytest.mark.parametrize("hp, offers, pick", [
    (10, (CARD, UPGRADE, HEAL), 2),          # hurt: the heal
    (29, (CARD, UPGRADE, HEAL), 1),          # well: the upgrade
    (29, (CARD, CARD, HEAL), 0),             # no upgrade: a card
    (29, (HEAL,), 0),
])
def test_for_the_rule_of_thumb_the_bot_upgrades_before_taking_a_card(hp, offers, pick):
    assert choose_reward(Hero("warrior", hp, 30, 2), offers, cards_first=False) == pick


def test_a_card_that_would_go_to_the_backpack_is_passed_over(library):
    # The Warrior's grid is 6 wide; Sword, Shield and Bandage take 4 of it, two Daggers
    # the rest. A Broadsword (2) would go to the backpack: the bot takes the upgrade, or
    # the heal when none is offered.
    full = Hero("warrior", 29, 30, 2, equipment=("sword", "shield", "bandage", "dagger",
                                                 "dagger"))
    big = Reward("card", "broadsword")
    assert choose_reward(full, (big, UPGRADE, HEAL), library) == 1
    assert choose_reward(full, (big, HEAL), library) == 1
    roomy = Hero("warrior", 29, 30, 2, equipment=("dagger",))
    assert choose_reward(roomy, (big, HEAL), library) == 0


def rule_of_thumb(fight, rng: random.Random):
    return choose_move(fight, rng)


@pytest.mark.parametrize("hero, seed", [("warrior", 3), ("thief", 8)])
def test_a_run_is_walked_to_its_end_as_the_game_walks_it(library, hero, seed):
    record = play_run(library, hero, seed, rule_of_thumb, lambda preset: rule_of_thumb,
                      ai="easy")
    state, history = record.state, record.state.history
    assert state.finished and history
    assert all(f.result == "won" for f in history[:-1])     # the run goes on after a win
    assert record.won == (history[-1].result == "won")
    assert len(record.rewards) == sum(f.result == "won" for f in history) - record.won
    floors = [f.floor for f in history]
    assert floors == sorted(floors) and floors[0] == 1
    assert history == play_run(library, hero, seed, rule_of_thumb,
                               lambda preset: rule_of_thumb, ai="easy").state.history
