"""The offers after a won fight: a card, an upgrade and a heal, with a card in the place of
an upgrade when nothing can be upgraded and of a heal that would heal nothing, for every
hero (hurt or at full HP, something to upgrade or not) and every size of reward pool."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dicey.run import progress
from dicey.run.rewards import describe_reward, make_offers
from run_kit import LIB, RunLib

#: The warrior of the kit holds a sword (which has an upgrade) and a shield (which has none).
WARRIOR = progress.new_run(LIB, "warrior", 1).hero
POOLS = {0: (), 1: ("hammer",), 2: ("hammer", "rock"), 3: ("hammer", "rock", "dagger"),
         4: ("hammer", "rock", "dagger", "spatula")}


def lib_with(rewards: tuple[str, ...], heal: int = 10) -> RunLib:
    """The kit's library with floor 1 offering ``rewards`` and a heal of ``heal`` HP."""
    lib = RunLib()
    dungeon = lib.dungeon
    floors = (replace(dungeon.floors[0], rewards=rewards),) + dungeon.floors[1:]
    lib.dungeons = {dungeon.id: replace(dungeon, floors=floors, heal=heal)}
    return lib


def hero(full: bool, can_upgrade: bool):
    sword = "sword" if can_upgrade else "sword+"
    return replace(WARRIOR, hp=WARRIOR.max_hp if full else WARRIOR.max_hp - 5,
                   equipment=(sword, "shield"))


# (HP full, something to upgrade) → the kinds offered, by the number of cards in the pool.
EXPECTED = {
    (False, True): {0: "upgrade heal", 1: "card upgrade heal", 2: "card upgrade heal"},
    (False, False): {0: "heal", 1: "card heal", 2: "card card heal", 3: "card card heal"},
    (True, True): {0: "upgrade", 1: "card upgrade", 2: "card upgrade card",
                   3: "card upgrade card"},
    # The playtest's case: a level just gained, every card upgraded. A heal would heal
    # nothing, so three cards, or as many as the pool has (the heal only when there is
    # nothing else at all).
    (True, False): {0: "heal", 1: "card", 2: "card card", 3: "card card card",
                    4: "card card card"},
}
CASES = [(full, up, size, kinds) for (full, up), by_size in EXPECTED.items()
         for size, kinds in by_size.items()]


@pytest.mark.parametrize("full, can_upgrade, size, kinds", CASES)
def test_the_offers_for_each_hero_and_pool(full, can_upgrade, size, kinds):
    lib, someone = lib_with(POOLS[size]), hero(full, can_upgrade)
    for seed in range(12):
        offers = make_offers(lib, lib.dungeon, 0, someone, random.Random(seed))
        assert " ".join(o.kind for o in offers) == kinds
        cards = [o.card for o in offers if o.kind == "card"]
        assert len(set(cards)) == len(cards) and set(cards) <= set(POOLS[size])
        assert [o.card for o in offers if o.kind == "upgrade"] == (["sword"] if can_upgrade
                                                                   else [])


def test_no_offer_heals_nothing_while_anything_else_can_be_offered():
    for (full, can_upgrade), by_size in EXPECTED.items():
        for size in by_size:
            someone, lib = hero(full, can_upgrade), lib_with(POOLS[size])
            offers = make_offers(lib, lib.dungeon, 0, someone, random.Random(3))
            idle = [o for o in offers if o.kind == "heal" and someone.hp == someone.max_hp]
            assert not idle or len(offers) == 1, (full, can_upgrade, size)


def test_when_the_pool_runs_dry_of_new_cards_it_offers_ones_the_hero_holds():
    """The kit's floor pool is hammer, rock and dagger; a hero holding two of them, with
    nothing to upgrade and full HP, is offered the third and then the two it holds."""
    lib = lib_with(("hammer", "rock", "dagger"))
    someone = replace(hero(True, False), backpack=("hammer", "rock"))
    for seed in range(12):
        offers = make_offers(lib, lib.dungeon, 0, someone, random.Random(seed))
        assert [o.kind for o in offers] == ["card"] * 3
        assert offers[0].card == "dagger"            # the one not held, first
        assert {o.card for o in offers[1:]} == {"hammer", "rock"}


def test_a_dungeon_that_heals_nothing_offers_a_card_in_the_heals_place():
    lib = lib_with(POOLS[3], heal=0)
    offers = make_offers(lib, lib.dungeon, 0, hero(False, True), random.Random(2))
    assert [o.kind for o in offers] == ["card", "upgrade", "card"]


def test_offers_that_need_no_extra_card_draw_as_before():
    """The third card is drawn only when it is needed: the other offers (and what a
    generator shared across fights draws next) are those of the seed as it was."""
    lib = lib_with(POOLS[3])
    for full, can_upgrade in [(False, True), (True, True), (False, False)]:
        rng = random.Random(9)
        make_offers(lib, lib.dungeon, 0, hero(full, can_upgrade), rng)
        after = rng.random()
        rng = random.Random(9)
        rng.sample(["hammer", "rock", "dagger"], 2)
        if can_upgrade:
            rng.choice(["sword"])
        assert rng.random() == after


def test_a_level_gained_with_every_card_upgraded_offers_three_cards():
    """The playtest's run: a win that brings a level (HP refilled) when every card is
    upgraded offered 'Heal 10 HP (48 → 48 of 48)'."""
    state = progress.new_run(LIB, "warrior", 4)
    state = replace(state, hero=replace(state.hero, xp=1, equipment=("sword+", "shield")))
    state = progress.enter_fight(state)
    state = progress.finish_fight(LIB, state, 0, 3, 2)
    assert state.hero.level == 2 and state.hero.hp == state.hero.max_hp
    assert [o.kind for o in state.offers] == ["card", "card", "card"]
    lines = [describe_reward(LIB, state.hero, o) for o in state.offers]
    assert all(line.startswith("Take ") for line in lines), lines


def won_with_nothing_to_gain(lib: RunLib, hp_left: int | None = None):
    """The first fight of a run of ``lib``, won by a warrior whose every card is upgraded,
    left with ``hp_left`` HP (None: full)."""
    start = progress.new_run(lib, "warrior", 1)
    start = replace(start, hero=replace(start.hero, equipment=("sword+", "shield")))
    fight = progress.enter_fight(start)
    hp = start.hero.max_hp if hp_left is None else hp_left
    return start, progress.finish_fight(lib, fight, 0, 3, hp)


def test_a_reward_stage_with_nothing_to_gain_is_passed_by():
    """A floor with no reward cards, a hero at full HP with nothing to upgrade: the one
    offer was a heal of nothing, shown as a choice. Now the run goes on to the next fight
    and its news say why there was no reward; hurt, the heal is offered as ever."""
    lib = lib_with(())
    start, after = won_with_nothing_to_gain(lib)
    assert after.stage == "map" and after.offers == ()
    assert (after.floor, after.step) == (0, 1)
    assert after.news[-1] == progress.NOTHING_TO_GAIN
    assert after.hero.hp == after.hero.max_hp and after.hero.equipment == ("sword+", "shield")
    assert after.history[-1].result == "won" and after.hero.xp > start.hero.xp

    _, hurt = won_with_nothing_to_gain(lib, hp_left=start.hero.max_hp - 3)
    assert hurt.stage == "reward" and [o.kind for o in hurt.offers] == ["heal"]
    assert (hurt.floor, hurt.step) == (0, 0)

    _, healless = won_with_nothing_to_gain(lib_with((), heal=0), start.hero.max_hp - 3)
    assert healless.stage == "map" and healless.news[-1] == progress.NOTHING_TO_GAIN

    _, offered = won_with_nothing_to_gain(lib_with(POOLS[1]))      # a card to take
    assert offered.stage == "reward" and [o.kind for o in offered.offers] == ["card"]


def test_a_save_at_a_reward_stage_with_nothing_to_gain_goes_on():
    """A run saved at such a stage (as the game saved it before it passed it by) is
    passed on to the map when it goes on, as if the fight had been won now; the next
    fight starts from there and the news go with it."""
    from dicey.run.saves import decode, encode
    lib = lib_with(())
    _, passed = won_with_nothing_to_gain(lib)
    at_stage = replace(passed, stage="reward", step=0, news=passed.news[:-1],
                       offers=(progress.Reward("heal", amount=10),))
    loaded = decode(encode(at_stage), lib)
    assert loaded.stage == "reward"
    assert progress.pass_empty_reward(loaded) == passed
    assert progress.pass_empty_reward(passed) is passed          # (anything else as it is)
    assert progress.enter_fight(passed).news == ()
