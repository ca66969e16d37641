"""The base game loads clean and has what a run needs: cards, enemies, heroes, a dungeon."""
from __future__ import annotations

from statistics import mean

from dicey.lang.ast import make_id
from dicey.rules.statuses import CORE_DEFAULTS

#: The cards of language.md's reference table.
REFERENCE_CARDS = [
    "Sword", "Dagger", "Broadsword", "Hammer", "Hex", "Boomerang", "Magic Missile",
    "Wooden Shield", "Leather Armor", "Poison Needle", "Claw", "Snowball", "Fireball",
    "Spanner", "Lockpick", "Bump", "Spatula", "Counterfeit", "Lucky 7", "Pea Shooter",
    "Plasma Cannon", "Crowbar", "Antidote", "Healing Crystal", "Rock", "Electromagnet",
    "Shriek", "Hall of Mirrors",
]


def test_base_game_loads_without_a_single_diagnostic(lib):
    assert lib.diagnostics == [], lib.render_diagnostics()


def test_every_reference_card_is_declared(lib):
    missing = [name for name in REFERENCE_CARDS if make_id(name) not in lib.equipment]
    assert missing == []


def test_the_counts_the_game_promises(lib):
    dungeon = lib.dungeon
    assert len(lib.equipment) >= 40
    assert len(lib.enemies) >= 12
    assert len(lib.heroes) == 3
    assert [f.number for f in dungeon.floors] == [1, 2, 3, 4, 5]
    assert all(2 <= f.fights <= 3 for f in dungeon.floors)
    assert dungeon.floors[-1].boss is not None
    assert all(f.boss is None for f in dungeon.floors[:-1])


def test_the_core_statuses_are_declared_as_the_engine_expects(lib):
    # The sixteen core ones, and the base game's own, each acting through its hook alone:
    # Daze (thievery.dice) and Diamond Dust (magic.dice).
    assert set(lib.statuses) == set(CORE_DEFAULTS) | {"daze", "diamond_dust"}
    for sid, (kind, stacks, clears) in CORE_DEFAULTS.items():
        status = lib.statuses[sid]
        assert (status.kind, status.stacks, status.clears) == (kind, stacks, clears), sid
        assert status.text
    hooked = {sid for sid, s in lib.statuses.items() if s.hooks}
    assert hooked == {"poison", "daze", "diamond_dust"}


def test_every_card_has_text_and_most_have_an_upgrade(lib):
    assert [c.name for c in lib.equipment.values() if not c.text.strip()] == []
    upgraded = [c for c in lib.equipment.values() if c.upgraded is not None]
    assert len(upgraded) >= 0.8 * len(lib.equipment)
    assert any(c.weakened is not None for c in lib.equipment.values())


def test_the_frog_and_the_handyman_carry_their_kits(lib):
    frog, handy = lib.enemy("Frog"), lib.enemy("Handyman")
    assert frog.equipment == ("sword", "shield")
    assert handy.equipment == ("spanner", "hammer", "pea_shooter")
    sword, shield = lib.card("Sword"), lib.card("Shield")
    assert (sword.size, [s.kind for s in sword.slots], sword.cast) == (2, ["any"], "target")
    assert ([s.kind for s in shield.slots], shield.cast) == (["any"], "self")
    assert "warrior" in lib.heroes


def test_every_name_a_fighter_or_the_dungeon_uses_exists(lib):
    for fighter in [*lib.enemies.values(), *lib.heroes.values()]:
        assert fighter.equipment, fighter.name
        assert set(fighter.equipment) <= set(lib.equipment), fighter.name
    dungeon = lib.dungeon
    for floor in dungeon.floors:
        assert set(floor.enemies) <= set(lib.enemies)
        assert set(floor.rewards) <= set(lib.equipment) and len(floor.rewards) >= 3
        assert floor.boss is None or floor.boss in lib.enemies
    assert set(dungeon.heroes) == set(lib.heroes)


def test_every_enemy_appears_in_the_dungeon_once(lib):
    floors = lib.dungeon.floors
    placed = [e for f in floors for e in f.enemies] + [f.boss for f in floors if f.boss]
    assert sorted(placed) == sorted(lib.enemies)


def test_heroes_have_distinct_kits_that_fit_their_grid(lib):
    kits = [frozenset(h.equipment) for h in lib.heroes.values()]
    assert len(set(kits)) == len(kits)
    assert all(not (a & b) for i, a in enumerate(kits) for b in kits[i + 1:])
    for hero in lib.heroes.values():
        assert sum(lib.equipment[c].size for c in hero.equipment) <= hero.grid


def test_enemies_grow_floor_by_floor_to_the_boss(lib):
    floors = lib.dungeon.floors
    hp = [mean(lib.enemies[e].hp for e in f.enemies) for f in floors]
    dice = [mean(lib.enemies[e].dice for e in f.enemies) for f in floors]
    levels = [mean(lib.enemies[e].level for e in f.enemies) for f in floors]
    assert hp == sorted(hp) and hp[-1] > hp[0]
    assert dice == sorted(dice) and dice[-1] > dice[0]
    assert levels == sorted(levels)
    boss = lib.enemies[floors[-1].boss]
    assert boss.hp > max(lib.enemies[e].hp for e in floors[-1].enemies)


def test_levels_give_hp_and_dice_at_rising_xp(lib):
    levels = lib.dungeon.levels
    assert [lv.level for lv in levels] == list(range(2, 2 + len(levels)))
    xp = [lv.xp for lv in levels]
    assert xp == sorted(set(xp))
    assert all(lv.hp > 0 for lv in levels) and sum(lv.dice for lv in levels) >= 1


def test_the_language_is_exercised(lib):
    """The base game uses the features a modder will look for examples of."""
    hooks = {event for c in lib.equipment.values() for event in c.hooks}
    assert {"on use", "before use", "on dodged", "on any use", "on countdown"} <= hooks
    kinds = {s.kind for c in lib.equipment.values() for s in c.slots}
    assert {"any", "even", "odd", "exact", "max", "min", "range", "doubles"} <= kinds
    cards = lib.equipment.values()
    assert any(c.vars for c in cards) and any(c.free for c in cards)
    assert any(c.spares for c in cards) and any(c.total for c in cards)
    assert any(c.countdown for c in cards) and any(c.single_use for c in cards)
    assert any(c.once_per_fight for c in cards) and any(c.uses is None for c in cards)
    traits = [e for e in lib.enemies.values() if e.strong or e.weak or e.immune]
    assert len(traits) >= 4
    assert any(e.goes_first for e in lib.enemies.values())
    assert any(e.score for e in lib.enemies.values())
    assert any(e.hooks for e in lib.enemies.values())
