"""A run from the first fight to the boss: schedule, seeds, experience, levels, rewards."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dicey.lang.defs import LevelDef
from dicey.run import progress
from dicey.run.progress import RunError
from dicey.run.rewards import make_offers
from dicey.run.saves import decode, encode
from dicey.run.state import Hero
from run_kit import LIB, RunLib, autoplay, finish, play_run, start_session


def new(seed: int = 1, hero: str = "warrior"):
    return progress.new_run(LIB, hero, seed)


def test_schedule_draws_each_floors_fights_then_the_boss():
    state = new()
    first, second = state.schedule
    assert len(first) == 2 and set(first) == {"frog", "rat"}   # no repeats while the pool lasts
    assert len(second) == 2 and second[-1] == "dragon"
    assert progress.current_enemy(state) == first[0]


def test_the_same_seed_gives_the_same_run_and_other_seeds_differ():
    assert new(5) == new(5)
    schedules = {new(seed).schedule for seed in range(20)}
    seeds = {progress.fight_seed(new(seed)) for seed in range(20)}
    assert len(schedules) > 1 and len(seeds) == 20


def test_each_fight_has_its_own_seed():
    state = new()
    later = replace(state, step=1)
    assert progress.fight_seed(state) != progress.fight_seed(later)
    assert progress.fight_seed(later) == progress.fight_seed(replace(new(), step=1))


def test_a_new_run_starts_from_the_heros_declaration():
    hero = new().hero
    assert (hero.hp, hero.max_hp, hero.dice, hero.level, hero.xp) == (30, 30, 3, 1, 0)
    assert hero.equipment == ("sword", "shield") and hero.backpack == ()


def test_a_run_may_have_a_difficulty_among_the_presets():
    assert progress.new_run(LIB, "warrior", 3).ai is None
    assert progress.new_run(LIB, "warrior", 3, ai="easy").ai == "easy"
    with pytest.raises(progress.RunError, match="unknown AI preset 'expert'"):
        progress.new_run(LIB, "warrior", 3, ai="expert")
    order = progress.difficulties()
    assert order[:4] == [None, "easy", "normal", "hard"]
    assert all(progress.difficulty_label(d) for d in order)


def test_unknown_hero_is_refused():
    with pytest.raises(RunError, match="unknown hero 'nobody'"):
        progress.new_run(LIB, "nobody", 1)


def test_a_won_fight_gives_experience_and_three_offers():
    state = progress.enter_fight(new())
    enemy = LIB.enemies[progress.current_enemy(state)]
    after = progress.finish_fight(LIB, state, 0, 3, 25)
    assert after.stage == "reward" and after.hero.hp <= after.hero.max_hp
    assert after.hero.xp == enemy.xp
    assert [o.kind for o in after.offers] == ["card", "upgrade", "heal"]
    assert after.offers[0].card in LIB.dungeon.floors[0].rewards
    assert after.offers[1].card == "sword"            # the only card with an upgrade
    assert after.history[-1].result == "won" and after.history[-1].turns == 3


def test_offers_are_drawn_from_the_seed():
    def offers(seed):
        state = progress.enter_fight(new(seed))
        return progress.finish_fight(LIB, state, 0, 3, 25).offers
    assert offers(3) == offers(3)
    assert len({offers(seed)[0].card for seed in range(30)}) > 1


def test_without_anything_to_upgrade_a_second_card_is_offered():
    state = progress.enter_fight(replace(new(), hero=replace(new().hero,
                                                             equipment=("sword+", "shield"))))
    after = progress.finish_fight(LIB, state, 0, 3, 25)
    kinds = [o.kind for o in after.offers]
    assert kinds == ["card", "card", "heal"] and after.offers[0] != after.offers[1]


def test_an_upgrade_is_of_a_card_in_the_grid_before_one_in_the_backpack():
    """The same backpack card was offered four fights running while the cards fought with
    waited; one from the backpack is offered only when none in the grid can be, and says
    where it is."""
    from dicey.run.rewards import describe_reward
    lib = RunLib()
    lib.equipment["shield"] = replace(lib.equipment["shield"],
                                      upgraded=replace(lib.equipment["shield"], size=1))
    hero = replace(new().hero, equipment=("shield",), backpack=("sword",))
    for seed in range(20):
        (upgrade,) = [o for o in make_offers(lib, lib.dungeon, 0, hero, random.Random(seed))
                      if o.kind == "upgrade"]
        assert upgrade.card == "shield"
    packed = replace(hero, equipment=("shield+",))
    (upgrade,) = [o for o in make_offers(lib, lib.dungeon, 0, packed, random.Random(1))
                  if o.kind == "upgrade"]
    assert upgrade.card == "sword"
    assert describe_reward(lib, packed, upgrade).endswith("(in the backpack)")


def test_with_full_hp_a_second_card_is_offered_where_the_heal_would_heal_nothing():
    hero = new().hero
    full = make_offers(LIB, LIB.dungeon, 0, hero, random.Random(5))
    hurt = make_offers(LIB, LIB.dungeon, 0, replace(hero, hp=hero.max_hp - 1),
                       random.Random(5))
    assert [o.kind for o in full] == ["card", "upgrade", "card"]
    assert [o.kind for o in hurt] == ["card", "upgrade", "heal"]
    assert full[:2] == hurt[:2] and full[2] != full[0]     # the same draws from the seed


def test_levels_add_hp_and_dice():
    hero = Hero("warrior", 10, 30, 3)
    levels = (LevelDef(2, 2, hp=4, dice=1), LevelDef(3, 6, hp=4))
    hero, news = progress.gain_experience(hero, levels, 7)    # two levels at once
    assert (hero.level, hero.max_hp, hero.hp, hero.dice) == (3, 38, 38, 4)   # healed full
    assert news == ("Level 2! +4 max HP, +1 die, HP restored",
                    "Level 3! +4 max HP, HP restored")
    assert progress.next_level(hero, levels) is None


def test_levels_stop_where_a_save_stops():
    """A mod hero with 24 dice, or a dungeon of many levels: the run held 25 dice (or HP
    past the language's largest number), and its every save after was refused."""
    many = tuple(LevelDef(n, n, hp=999, dice=6) for n in range(2, 1200))
    hero, news = progress.gain_experience(Hero("warrior", 10, 30, 24, equipment=("sword",)),
                                          many, 10 ** 6)
    assert (hero.dice, hero.max_hp, hero.hp, hero.xp) == (24, 1_000_000, 1_000_000, 1_000_000)
    assert news[0] == "Level 2! +999 max HP, HP restored (24 dice: the most a hero rolls)"
    assert news[-1] == "Level 1199! HP restored (24 dice: the most a hero rolls)"
    lib = RunLib()
    lib.dungeons = {"the_pit": replace(lib.dungeon, levels=many)}
    won = progress.FightSummary(1, "frog", "won", 3, 30, 10 ** 6, 1199)  # (xp from a mod)
    state = replace(new(), hero=hero, history=(won,))
    assert decode(encode(state), lib) == state


def test_losing_or_a_draw_ends_the_run():
    state = progress.enter_fight(new())
    lost = progress.finish_fight(LIB, state, 1, 4, 0)
    assert lost.stage == "lost" and lost.finished and lost.hero.hp == 0
    assert lost.history[-1].result == "lost" and lost.hero.xp == 0
    draw = progress.finish_fight(LIB, state, None, 60, 9)
    assert draw.stage == "lost" and draw.history[-1].result == "draw"


def test_taking_rewards_walks_floor_by_floor_to_the_boss():
    state = new()
    places = []
    for _ in range(3):
        state = progress.finish_fight(LIB, progress.enter_fight(state), 0, 2, 20)
        state = progress.take_reward(LIB, state, 2)
        places.append((state.floor, state.step))
    assert places == [(0, 1), (1, 0), (1, 1)]
    assert progress.is_boss_fight(LIB, state)
    won = progress.finish_fight(LIB, progress.enter_fight(state), 0, 5, 20)
    assert won.stage == "won" and won.offers == () and won.fights_won == 4


def test_rewards_change_the_hero():
    state = progress.finish_fight(LIB, progress.enter_fight(new()), 0, 2, 12)
    card, upgrade, heal = (progress.take_reward(LIB, state, i).hero for i in range(3))
    assert state.offers[0].card in card.equipment + card.backpack
    assert "sword+" in upgrade.equipment and "sword" not in upgrade.equipment
    assert heal.hp == min(heal.max_hp, state.hero.hp + 10)


def test_steps_out_of_order_are_refused():
    state = new()
    with pytest.raises(RunError):
        progress.take_reward(LIB, state, 0)
    with pytest.raises(RunError):
        progress.finish_fight(LIB, state, 0, 1, 1)
    reward = progress.finish_fight(LIB, progress.enter_fight(state), 0, 2, 12)
    with pytest.raises(RunError, match="no reward number 4"):
        progress.take_reward(LIB, reward, 3)
    with pytest.raises(RunError):
        progress.enter_fight(reward)


def test_a_whole_run_plays_to_an_end_the_same_way_twice():
    won = play_run(LIB, new(2))
    assert won.stage == "won" and won == play_run(LIB, new(2))
    assert [f.enemy for f in won.history] == [e for floor in won.schedule for e in floor]
    lost = play_run(LIB, new(2, "weakling"))
    assert lost.stage == "lost" and len(lost.history) >= 1


def test_hero_hp_carries_from_fight_to_fight():
    state = progress.enter_fight(new(4))
    session = autoplay(start_session(LIB, state))
    after = finish(LIB, state, session)
    assert after.history[-1].hp == session.fight.fighters[0].hp
    assert session.fight.fighters[0].hp <= after.hero.hp   # a level may add HP
    setup = progress.hero_setup(after)
    assert (setup.hp, setup.max_hp, setup.dice) == (after.hero.hp, after.hero.max_hp,
                                                    after.hero.dice)
