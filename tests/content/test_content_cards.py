"""The base game's other cards: variables, cancels, dodges, passive hooks, chance, new cards."""
from __future__ import annotations

import pytest

from dicey.lang.chance import FixedChance
from dicey.rules import events as E
from dicey.rules.protocol import Move

from content_kit import card_state, next_turn, outcome, play, position


def test_charge_blade_remembers_its_charge_between_uses(lib):
    fight = position(lib, ["Charge Blade"], [3])
    hits = [outcome(fight, "3 → Charge Blade").dealt]
    for _ in range(2):
        fight.set_position(0, dice=[3])
        hits.append(outcome(fight, "3 → Charge Blade").dealt)
    assert hits == [3, 4, 5]


def test_blunderbuss_misfires_on_a_low_die_and_doubles_a_high_one(lib):
    low = outcome(position(lib, ["Blunderbuss"], [2]), "2 → Blunderbuss")
    assert low.dealt == 0 and low.of(E.Cancelled) and low.of(E.Said)
    high = outcome(position(lib, ["Blunderbuss"], [4]), "4 → Blunderbuss")
    assert high.dealt == 8 and not high.of(E.Cancelled)


def test_net_tangles_even_when_dodged(lib):
    change = outcome(position(lib, ["Net"], [3], opp_statuses={"dodge": 1}), "3 → Net")
    assert change.of(E.Dodged) and change.dealt == 0
    assert change.theirs == {"lock": 1}


def test_a_dodge_does_not_stop_a_card_cast_on_oneself(lib):
    change = outcome(position(lib, ["Shield"], [3], opp_statuses={"dodge": 1}), "3 → Shield")
    assert change.mine == {"shield": 3} and change.theirs == {"dodge": 1}


def test_battle_standard_shields_for_every_other_card_used(lib):
    fight = position(lib, ["Battle Standard", "Sword"], [2, 5])
    change = outcome(fight, "2 → Battle Standard", "5 → Sword")
    assert change.mine == {"shield": 3} and change.dealt == 5


def test_pressure_gauge_hurts_whenever_a_die_goes_into_a_countdown(lib):
    fight = position(lib, ["Pea Shooter", "Pressure Gauge"], [3, 4])
    change = outcome(fight, "3 → Pea Shooter", "4 → Pressure Gauge")
    assert change.dealt == 2
    assert card_state(fight, "Pressure Gauge").countdown == 6


def test_conjure_blade_gives_a_dagger_for_the_fight(lib):
    fight = position(lib, ["Conjure Blade"], [5, 2])
    change = outcome(fight, "5 → Conjure Blade", "2 → Dagger")
    assert change.of(E.CardGiven) and change.dealt == 2
    assert card_state(fight, "Dagger").temporary


def test_unlit_torch_turns_into_a_torch(lib):
    fight = position(lib, ["Unlit Torch"], [4, 6])
    change = outcome(fight, "4 → Unlit Torch")
    assert change.of(E.CardReplaced) and change.dealt == 0
    assert [c.defn.name for c in fight.fighters[0].cards] == ["Torch"]
    fight.set_position(0, dice=[6])
    assert outcome(fight, "6 → Torch").theirs == {"burn": 1}


def test_vampire_fangs_heal_what_they_take(lib):
    change = outcome(position(lib, ["Vampire Fangs"], [4], hp=10), "4 → Vampire Fangs")
    assert (change.dealt, change.lost) == (4, -4)
    shielded = outcome(position(lib, ["Vampire Fangs"], [4], hp=10,
                                opp_statuses={"shield": 3}), "4 → Vampire Fangs")
    assert (shielded.dealt, shielded.lost) == (1, -1)


def test_spear_ignores_shield_and_acid_melts_it(lib):
    spear = outcome(position(lib, ["Spear"], [4], opp_statuses={"shield": 5}), "4 → Spear")
    assert spear.dealt == 4 and spear.theirs == {"shield": 5}
    acid = outcome(position(lib, ["Acid Flask"], [3], opp_statuses={"shield": 5}),
                   "3 → Acid Flask")
    assert acid.dealt == 1 and acid.theirs == {}


def test_whetstone_lets_the_next_attack_through_shield(lib):
    fight = position(lib, ["Whetstone", "Sword"], [1, 5], opp_statuses={"shield": 5})
    change = outcome(fight, "1 → Whetstone", "5 → Sword")
    assert change.dealt == 5 and change.mine == {}


def test_war_cry_makes_the_next_card_work_twice(lib):
    change = outcome(position(lib, ["War Cry", "Sword"], [6, 4]), "6 → War Cry", "4 → Sword")
    assert change.dealt == 8 and change.mine == {}


def test_encore_lets_a_card_be_used_again(lib):
    fight = position(lib, ["Encore", "Sword"], [5, 3, 4])
    change = outcome(fight, "5 → Encore", "3 → Sword", "4 → Sword")
    assert change.dealt == 7


def test_spiked_shield_and_smoke_bomb_and_lucky_charm(lib):
    assert outcome(position(lib, ["Spiked Shield"], [3]), "3 → Spiked Shield").mine == \
        {"shield": 3, "thorns": 1}
    assert outcome(position(lib, ["Smoke Bomb"], [2]), "2 → Smoke Bomb").mine == {"dodge": 1}
    assert outcome(position(lib, ["Lucky Charm"], [1]), "1 → Lucky Charm").mine == \
        {"survive": 1}


def test_sling_holds_a_one_every_turn(lib):
    fight = position(lib, ["Sling"], [5])
    events = next_turn(fight)
    spare = [e for e in events if isinstance(e, E.SpareDice)]
    assert [(e.card, e.dice) for e in spare] == [("Sling", (1,))]
    assert 1 in [d.value for d in fight.fighters[0].dice]
    assert outcome(position(lib, ["Sling"], [2]), "2 → Sling").dealt == 3


def test_bolas_take_doubles_and_lock(lib):
    fight = position(lib, ["Bolas"], [3, 3])
    change = outcome(fight, "3 → Bolas", "3 → Bolas")
    assert change.dealt == 6 and change.theirs == {"lock": 1}


def test_shortbow_takes_two_to_four_twice_a_turn(lib):
    fight = position(lib, ["Shortbow"], [2, 4, 5])
    assert {m.die for m in fight.legal_moves() if not m.is_end} == {2, 4}
    assert outcome(fight, "2 → Shortbow", "4 → Shortbow").dealt == 8


def test_greataxe_and_inferno_want_big_dice(lib):
    fight = position(lib, ["Greataxe"], [3, 4])
    assert {m.die for m in fight.legal_moves() if not m.is_end} == {4}
    assert outcome(fight, "4 → Greataxe").dealt == 7
    inferno = outcome(position(lib, ["Inferno"], [5]), "5 → Inferno")
    assert inferno.dealt == 5 and inferno.theirs == {"burn": 2}


def test_double_or_nothing_is_a_fair_coin(lib):
    results = []
    for path in (0, 1):
        fight = position(lib, ["Double or Nothing"], [4])
        assert fight.move_is_random(Move.parse("4 → Double or Nothing"))
        results.append(outcome(fight, "4 → Double or Nothing", chance=FixedChance([path])).dealt)
    assert sorted(results) == [0, 8]


def test_dice_knife_adds_one_to_three(lib):
    dealt = set()
    for path in range(3):
        fight = position(lib, ["Dice Knife"], [2])
        dealt.add(outcome(fight, "2 → Dice Knife", chance=FixedChance([path])).dealt)
    assert dealt == {3, 4, 5}


def test_wand_of_chaos_picks_an_element_and_its_status(lib):
    statuses = []
    for path in range(3):
        fight = position(lib, ["Wand of Chaos"], [3])
        change = outcome(fight, "3 → Wand of Chaos", chance=FixedChance([path]))
        assert change.dealt == 3
        statuses.append(change.theirs)
    assert sorted(map(sorted, statuses)) == [["burn"], ["freeze"], ["shock"]]


def test_lucky_coin_rerolls_a_die_twice_a_turn(lib):
    fight = position(lib, ["Lucky Coin"], [1, 1, 1])
    change = outcome(fight, "1 → Lucky Coin", chance=FixedChance([5]))
    assert change.dice == [1, 1, 6]
    play(fight, "1 → Lucky Coin")
    assert [m for m in fight.legal_moves() if not m.is_end] == []


def test_lightning_rod_draws_the_shock(lib):
    fight = position(lib, ["Sword", "Lightning Rod", "Shield"], [1])
    next_turn(fight, meanwhile=lambda: fight.set_position(0, statuses={"shock": 1}))
    assert [c.defn.name for c in fight.fighters[0].cards if c.shocked] == ["Lightning Rod"]


@pytest.mark.parametrize("card, die, enemy, dealt", [
    ("Fireball", 4, "Snowman", 8),       # weak to fire
    ("Snowball", 5, "Snowman", 0),       # immune to ice
    ("Fireball", 4, "Fire Imp", 2),      # strong against fire
    ("Snowball", 3, "Fire Imp", 6),      # weak to ice
    ("Hammer", 5, "Robot", 10),          # weak to shock
    ("Torch", 4, "Dragon", 2),           # strong against fire
    ("Sword", 4, "Snowman", 4),          # plain damage: no trait applies
])
def test_typed_damage_meets_the_enemies_traits(lib, card, die, enemy, dealt):
    change = outcome(position(lib, [card], [die], enemy=enemy), f"{die} → {card}")
    assert change.dealt == dealt


def test_poison_does_nothing_to_the_slime(lib):
    change = outcome(position(lib, ["Claw"], [2], enemy="Slime"), "2 → Claw")
    assert change.dealt == 2 and change.theirs == {}


def test_bat_swarm_bites_once_per_pip(lib):
    assert outcome(position(lib, ["Bat Swarm"], [5]), "5 → Bat Swarm").dealt == 5
    armoured = outcome(position(lib, ["Bat Swarm"], [5], opp_statuses={"reduce": 1}),
                       "5 → Bat Swarm")
    assert armoured.dealt == 0
    thorny = outcome(position(lib, ["Bat Swarm"], [4], opp_statuses={"thorns": 1}),
                     "4 → Bat Swarm")
    assert (thorny.dealt, thorny.lost) == (4, 4)


@pytest.mark.parametrize("card, die, opp_statuses, dealt, theirs", [
    ("Sword+", 4, {}, 6, {}),
    ("Claw+", 2, {}, 2, {"poison": 2}),
    ("Blunderbuss+", 2, {}, 4, {}),
    ("Acid Flask+", 2, {"shield": 9}, 2, {}),
    ("Magic Missile+", 2, {}, 7, {}),
])
def test_upgraded_cards_do_better(lib, card, die, opp_statuses, dealt, theirs):
    name = card.rstrip("+")
    change = outcome(position(lib, [card], [die], opp_statuses=opp_statuses),
                     f"{die} → {name}")
    assert (change.dealt, change.theirs) == (dealt, theirs)


def test_upgrades_keep_a_cards_variables_and_can_shrink_it(lib):
    fight = position(lib, ["Charge Blade+", "Hammer+"], [3, 3])
    assert card_state(fight, "Hammer").defn.size == 1
    play(fight, "3 → Charge Blade")
    fight.set_position(0, dice=[3])
    assert outcome(fight, "3 → Charge Blade").dealt == 5


def test_weakened_cards_use_their_weakened_block(lib):
    fire = position(lib, ["Fireball"], [4, 6], weakened=["Fireball"])
    assert {m.die for m in fire.legal_moves() if not m.is_end} == {6}
    assert outcome(fire, "6 → Fireball").theirs == {}
    boomerang = position(lib, ["Boomerang"], [4], weakened=["Boomerang"])
    assert outcome(boomerang, "4 → Boomerang").dealt == 4
