"""The example mods: both load clean, the override replaces the base card, and the new
status, its cards and its enemy work in real fights, the enemy on floor 3 of a run."""
from __future__ import annotations

import random
from dataclasses import replace

from dicey.ai.baseline import choose_move
from dicey.library import MODS_DIR, load_library, read_mod_toml
from dicey.rules import events as E
from dicey.run import progress
from dicey.run.session import open_fight
from dicey.rules.fight import Fight
from dicey.rules.headless import run_fight

from content_kit import outcome, position

EXAMPLE_MODS = {"frostbite", "rebalance"}


def test_the_example_mods_load_clean(library):
    assert library.errors == [], library.render_diagnostics()
    assert EXAMPLE_MODS <= {m.id for m in library.mods}
    assert library.skipped_mods == {}


def test_each_mod_toml_says_what_the_mod_is():
    for mod_id in EXAMPLE_MODS:
        info, problems = read_mod_toml(MODS_DIR / mod_id)
        assert problems == [] and info is not None
        assert info.api == 1 and info.description and info.authors and info.name


def test_each_mod_loads_alone_on_the_base_game():
    for mod_id in EXAMPLE_MODS:
        lib = load_library(mod_dirs=[MODS_DIR / mod_id])
        assert lib.errors == [] and [m.id for m in lib.mods] == [mod_id]


def test_rebalance_overrides_the_spear(library, base_library):
    spear, base = library.card("Spear"), base_library.card("Spear")
    assert spear.origin.mod == "rebalance" and base.origin.mod is None
    change = outcome(position(library, ["Spear"], [4], opp_statuses={"shield": 5}), "4 → Spear")
    assert change.dealt == 5 and change.theirs == {"shield": 5}


def test_frostbite_is_a_new_status_with_three_cards_and_an_enemy(library):
    status = library.status("Frostbite")
    assert status.origin.mod == "frostbite" and status.kind == "negative"
    users = [c for c in library.equipment.values() if c.origin.mod == "frostbite"]
    assert len(users) >= 3
    wraith = library.enemy("Ice Wraith")
    assert set(wraith.equipment) <= {c.id for c in users}


def test_frostbite_makes_each_card_used_cost_one_hp(library):
    fight = position(library, ["Sword", "Shield"], [3, 2], statuses={"frostbite": 2})
    change = outcome(fight, "3 → Sword", "2 → Shield")
    assert change.lost == 2 and "frostbite" not in change.mine
    assert change.dealt == 3 and change.mine == {"shield": 2}


def test_frost_fang_cold_snap_and_hypothermia(library):
    fang = outcome(position(library, ["Frost Fang"], [3]), "3 → Frost Fang")
    assert fang.dealt == 3 and fang.theirs == {"frostbite": 1}
    snap = outcome(position(library, ["Cold Snap"], [6]), "6 → Cold Snap")
    assert snap.theirs == {"frostbite": 3}
    cold = outcome(position(library, ["Hypothermia"], [2], opp_statuses={"frostbite": 3}),
                   "2 → Hypothermia")
    assert cold.dealt == 8
    cocoa = outcome(position(library, ["Hot Cocoa"], [3], hp=10,
                             statuses={"frostbite": 4}), "3 → Hot Cocoa")
    assert cocoa.mine == {} and cocoa.lost == -3


def test_the_ice_wraith_is_immune_to_ice():
    lib = load_library(mod_dirs=[MODS_DIR / "frostbite"])
    change = outcome(position(lib, ["Snowball"], [5], enemy="Ice Wraith"), "5 → Snowball")
    assert change.dealt == 0


def test_the_ice_wraith_fights_every_hero_to_the_end(library):
    wraith = library.enemy("Ice Wraith")
    for seed, hero in enumerate(library.heroes.values()):
        record = run_fight(library, hero, wraith, seed, choose_move, choose_move)
        assert record.outcome.termination == "knockout"
        assert not [e for e in record.events if isinstance(e, E.ScriptFault)]
        assert any(isinstance(e, E.StatusChanged) and e.status == "frostbite"
                   for e in record.events)


def test_mod_content_starts_a_fight_like_base_content(library):
    fight = Fight.start(library, library.hero("Warrior"), library.enemy("Ice Wraith"),
                        random.Random(5))
    assert [c.defn.name for c in fight.fighters[1].cards] == ["Frost Fang", "Cold Snap",
                                                             "Hypothermia"]


def test_frostbite_puts_the_ice_wraith_and_its_cards_on_floor_3(library, base_library):
    floor, base = library.dungeon.floors[2], base_library.dungeon.floors[2]
    assert floor.enemies == base.enemies + ("ice_wraith",)
    assert floor.rewards == base.rewards + ("frost_fang", "cold_snap")
    assert library.dungeon.floors[:2] + library.dungeon.floors[3:] == \
        base_library.dungeon.floors[:2] + base_library.dungeon.floors[3:]
    (ext,) = library.extensions
    assert ext.origin.mod == "frostbite" and ext.origin.path == "mods/frostbite/dungeon.dice"


def test_a_seeded_run_meets_the_ice_wraith_on_floor_3(library, base_library):
    seed = 5
    state = progress.new_run(library, "warrior", seed)
    assert "ice_wraith" in state.schedule[2]
    assert not any("ice_wraith" in progress.new_run(base_library, "warrior", s).schedule[2]
                   for s in range(20))
    # the run at that fight, as a save made on the way there holds it
    state = progress.enter_fight(replace(state, floor=2, step=state.schedule[2].index(
        "ice_wraith")))
    session = open_fight(library, state)
    assert session.fight.fighters[1].name == "Ice Wraith"
    while not session.over:
        session.play(session.next_ai_move(choose_move))
    state = progress.finish_fight(library, state, session.winner, session.fight.outcome.turns,
                                  session.fight.fighters[0].hp)
    assert (state.history[-1].floor, state.history[-1].enemy) == (3, "ice_wraith")
    assert any(isinstance(e, E.StatusChanged) and e.status == "frostbite"
               for e in session.events)


def test_floor_3_of_a_run_offers_the_frostbite_cards(library):
    from dicey.run.rewards import make_offers

    hero = progress.new_run(library, "thief", 1).hero
    offered = {offer.card for seed in range(30)
               for offer in make_offers(library, library.dungeon, 2, hero, random.Random(seed))}
    assert {"frost_fang", "cold_snap"} <= offered
