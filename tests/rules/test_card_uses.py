"""Uses per turn and unlimited, once per fight, single use, ``cast: self``."""
from rules_kit import fight, play, position, sample


def test_uses_per_turn_refill_at_the_owners_next_turn():
    f = position([1, 2, 2, 1], ["poison_needle"])
    play(f, "2 → Poison Needle", "2 → Poison Needle", "1 → Poison Needle")
    assert f.current.cards[0].uses_left == 0 and f.fighters[1].statuses["poison"] == 3
    assert [m.action for m in f.legal_moves()] == ["end"]
    play(f, "end")
    f.begin_turn(sample(1))
    play(f, "end")
    f.begin_turn(sample(2))
    assert f.current.cards[0].uses_left == 3


def test_single_use_card_is_gone_after_use():
    f = position([3, 4], ["rock"])
    play(f, "4 → Rock")
    card = f.current.cards[0]
    assert card.gone and [m.action for m in f.legal_moves()] == ["end"]
    play(f, "end")
    f.begin_turn(sample(1))
    play(f, "end")
    f.begin_turn(sample(2))
    assert f.current.cards[0].gone


def test_once_per_fight_card_cannot_fire_again():
    f = position([3, 4], ["once_card"])
    play(f, "4 → Once Card")
    assert f.current.cards[0].gone and f.current.cards[0].times_used == 1


def test_cast_self_cannot_be_dodged_cast_target_can():
    f = position([4, 3], ["shield", "sword"], opp_statuses={"dodge": 1})
    play(f, "4 → Shield")
    assert f.current.statuses["shield"] == 4 and f.fighters[1].statuses["dodge"] == 1
    events = play(f, "3 → Sword")
    assert any(type(e).__name__ == "Dodged" for e in events)
    assert f.fighters[1].hp == 20 and "dodge" not in f.fighters[1].statuses


def test_identical_cards_are_one_choice():
    f = position([4], ["sword", "sword"])
    assert len([m for m in f.legal_moves() if m.action == "place"]) == 1
    play(f, "4 → Sword")
    # the used Sword differs from the fresh one now: no move for it (die spent anyway)
    assert f.current.cards[0].times_used + f.current.cards[1].times_used == 1


def test_times_used_counts_across_turns():
    f = fight(("sword",))
    f.set_position(0, dice=[3])
    play(f, "3 → Sword", "end")
    f.begin_turn(sample(1))
    play(f, "end")
    f.set_position(0, dice=[2])
    play(f, "2 → Sword")
    assert f.current.cards[0].times_used == 2
