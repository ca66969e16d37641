"""What scripts reach through the engine's Effects: vars, bonus, cards, dice, fields."""
from dicey.lang.effects import CardRef
from dicey.rules.effects import FightEffects
import random

from dicey.rules.fight import Fight
from rules_kit import Lib, card, fighter, kinds, play, position


def test_card_vars_persist_across_uses():
    f = position([1, 2], ["counter"])
    assert f.current.cards[0].var_dict == {"hits": 0}
    play(f, "1 → Counter")
    assert f.current.cards[0].var_dict == {"hits": 1}


def test_bonus_counts_for_the_actor_only():
    f = position([3], ["bonus_card"])
    play(f, "3 → Bonus Card")
    assert f.turn_bonus == 500 and f.turn_moves == 1 and f.turn_cards_used == 1


def test_give_dice_join_the_pool():
    f = position([2], ["spatula"])
    events = play(f, "2 → Spatula")
    assert "DiceGiven" in kinds(events) and [d.value for d in f.current.dice] == [5]


def test_give_card_and_replace_with():
    f = position([2, 3, 4], ["gift_card", "shape_shifter"])
    play(f, "2 → Gift Card")
    assert [c.name for c in f.current.cards] == ["Gift Card", "Shape Shifter", "Rock"]
    assert f.current.cards[2].temporary
    play(f, "3 → Shape Shifter")
    assert f.current.cards[1].name == "Sword" and f.current.cards[1].uses_left == 1
    play(f, "4 → Rock")
    assert f.fighters[1].hp == 16


def test_fields_read_through_effects():
    f = position([2, 3], ["sword", "dagger"], statuses={"shield": 4}, opp_statuses={"poison": 2})
    fx = FightEffects(f, 0, 1)
    assert fx.fighter_field("self", "shield") == 4
    assert fx.fighter_field("target", "poison") == 2
    assert fx.fighter_field("target", "hp") == 20
    assert fx.fighter_field("self", "dice_count") == 3
    assert fx.card_field(CardRef(None), "name") == "Dagger"
    assert fx.card_field(CardRef(None), "uses_left") == 99
    assert fx.card_field(CardRef((0, 0)), "uses_left") == 1


def test_heal_stops_at_max_hp_and_says_what_it_healed():
    mend = card("Mend", on_use=lambda c: c.fx.heal(c.d),
                cast="self")
    lib = Lib()
    lib.equipment["mend"] = mend
    f = Fight.start(lib, fighter(hp=30, equipment=("mend", "mend")), fighter("Frog"),
                    random.Random(1))
    f.set_position(0, hp=27, dice=[5, 4])
    events = play(f, "5 → Mend")
    assert f.current.hp == 30 and [(e.amount, e.hp) for e in events
                                   if type(e).__name__ == "Healed"] == [(3, 30)]
    events = play(f, "4 → Mend")
    assert f.current.hp == 30 and "Healed" not in kinds(events)



def test_a_card_given_past_a_sides_limit_fizzles():
    from dicey.lang.checker import MAX_CARDS
    f = position([2], ["gift_card"] + ["rock"] * (MAX_CARDS - 1))
    events = play(f, "2 → Gift Card")
    assert len(f.current.cards) == MAX_CARDS
    assert any("more than 24 cards" in e.describe() for e in events)


def test_a_card_given_takes_the_place_of_one_given_and_used_up():
    """A hand dealt each turn (the Jester's deck, a spellbook's spells): each card played
    leaves room for the next, and 25 turns of it never reach the side's 24 cards."""
    from dicey.rules.protocol import Move
    from rules_kit import sample
    lib = Lib()
    lib.equipment["dealer"] = card("Dealer", on_use=lambda c: c.fx.give_card("boop"))
    lib.equipment["boop"] = card("Boop", on_use=lambda c: c.attack(1), single_use=True)
    f = Fight.start(lib, fighter(equipment=("dealer",)), fighter("Frog", hp=99),
                    random.Random(1))
    for turn in range(25):
        f.set_position(0, dice=[3, 4])
        events = play(f, "3 → Dealer")
        assert "ScriptFault" not in kinds(events)
        assert [c.name for c in f.current.cards] == ["Dealer", "Boop"]
        assert not f.current.cards[1].gone and f.current.cards[1].times_used == 0
        play(f, "4 → Boop", "end turn")
        assert f.fighters[0].cards[1].gone
        f.begin_turn(sample(turn))
        f.apply(Move.end(), sample(turn))
        f.begin_turn(sample(turn))
    assert f.fighters[1].hp == 99 - 25


def test_a_card_given_for_good_keeps_its_place():
    """Only a card used up makes room: a Dagger conjured for the fight stays."""
    f = position([2, 3, 4], ["gift_card", "gift_card"])
    play(f, "2 → Gift Card", "3 → Gift Card")
    assert [c.name for c in f.current.cards] == ["Gift Card", "Gift Card", "Rock", "Rock"]
