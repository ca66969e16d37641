"""Statuses that act when a card fires: curse, dodge, fury, reequip."""
from dicey.lang.chance import FixedChance, enumerate_outcomes
import random

from dicey.rules.fight import Fight
from rules_kit import Lib, card, fighter, kinds, play, position, sample


def test_curse_is_a_fifty_fifty_chance_point():
    f = position([4], ["sword"], statuses={"curse": 1})
    move = next(m for m in f.legal_moves() if m.action == "place")
    assert f.move_is_random(move)

    def run(chance):
        g = f.copy()
        g.apply(move, chance)
        return g.fighters[1].hp, g.current.statuses.get("curse", 0)

    got = sorted((float(p), v) for p, v in enumerate_outcomes(run))
    assert got == [(0.5, (16, 1)), (0.5, (20, 0))]


def test_fizzle_spends_dice_and_use():
    f = position([4, 5], ["sword"], statuses={"curse": 1})
    events = play(f, "4 → Sword", chance=FixedChance([0]))
    assert "Fizzled" in kinds(events) and f.current.cards[0].uses_left == 0
    assert [d.value for d in f.current.dice] == [5]


def test_dodge_spends_a_stack_and_the_card_does_nothing():
    f = position([6], ["sword"], opp_statuses={"dodge": 2})
    events = play(f, "6 → Sword")
    assert "Dodged" in kinds(events) and f.fighters[1].hp == 20
    assert f.fighters[1].statuses["dodge"] == 1


def test_fury_runs_on_use_twice_once():
    f = position([5, 3], ["sword", "dagger"], statuses={"fury": 1})
    events = play(f, "5 → Sword")
    # the second hit is said to be the card's again (it read as a glitch), and the fury
    # it spent after it (the effect, then the loss that explains it)
    assert kinds(events) == ["Placed", "Fired", "Damaged", "Fired", "StatusChanged",
                             "Damaged"]
    assert events[3].describe() == "Warrior uses Sword again (fury)"
    assert f.fighters[1].hp == 10 and "fury" not in f.current.statuses
    play(f, "3 → Dagger")
    assert f.fighters[1].hp == 7


def test_reequip_keeps_the_use():
    f = position([5, 3], ["sword"], statuses={"reequip": 1})
    play(f, "5 → Sword")
    assert f.current.cards[0].uses_left == 1
    play(f, "3 → Sword")
    assert f.fighters[1].hp == 12 and f.current.cards[0].uses_left == 0


def _kit_with(*cards):
    lib = Lib()
    for c in cards:
        lib.equipment[c.id] = c
    return lib


def _pinned(lib, names, dice, **statuses):
    f = Fight.start(lib, fighter(equipment=names), fighter("Frog"), random.Random(1))
    f.set_position(0, dice=dice, statuses=statuses)
    return f


def test_a_card_that_gives_fury_is_not_itself_the_next_card():
    # "the next card used fires twice": the card that grants fury fires once, and the
    # stack waits for the card after it.
    rally = card("Rally", on_use=lambda c: (c.gain("fury"), c.attack(c.d)))
    f = _pinned(_kit_with(rally), ("rally", "sword"), [3, 4])
    events = play(f, "3 → Rally")
    assert f.fighters[1].hp == 27 and f.current.statuses == {"fury": 1}
    assert kinds(events).count("StatusChanged") == 1
    play(f, "4 → Sword")
    assert f.fighters[1].hp == 19 and "fury" not in f.current.statuses


def test_a_card_fired_while_holding_fury_spends_it_even_if_it_grants_more():
    rally = card("Rally", on_use=lambda c: (c.gain("fury"), c.attack(c.d)))
    f = _pinned(_kit_with(rally), ("rally",), [3], fury=1)
    play(f, "3 → Rally")
    assert f.fighters[1].hp == 24 and f.current.statuses == {"fury": 2}


def test_a_card_that_gives_reequip_does_not_keep_its_own_use():
    refit = card("Refit", on_use=lambda c: c.gain("reequip"), cast="self")
    f = _pinned(_kit_with(refit), ("refit", "sword"), [3, 4, 5])
    play(f, "3 → Refit")
    assert f.current.cards[0].uses_left == 0 and f.current.statuses == {"reequip": 1}
    play(f, "4 → Sword")
    assert f.current.cards[1].uses_left == 1 and "reequip" not in f.current.statuses
    play(f, "5 → Sword")
    assert f.fighters[1].hp == 21


def _crystal(name="Crystal Sword", **flags):
    """A Crystal Sword: once a fight, 3 times its die."""
    return card(name, on_use=lambda c: c.attack(3 * c.d), **flags)


def _turn_over_and_back(f):
    play(f, "end turn")
    f.begin_turn(sample(1))      # the Frog's turn: it ends it at once
    play(f, "end turn")
    f.begin_turn(sample(2))


def test_reequip_gives_a_once_a_fight_card_one_more_use_that_turn():
    """As in Dicey Dungeons: reequip brings a once-per-battle card back for one more use,
    in that turn only."""
    f = _pinned(_kit_with(_crystal(once_per_fight=True)), ("crystal_sword",), [5, 4],
                reequip=1)
    play(f, "5 → Crystal Sword")
    sword = f.current.cards[0]
    assert not sword.gone and sword.uses_left == 1 and "reequip" not in f.current.statuses
    play(f, "4 → Crystal Sword")
    assert f.fighters[1].hp == 30 - 15 - 12 and f.current.cards[0].gone


def test_a_once_a_fight_card_reequip_kept_is_used_up_at_the_next_turn_start():
    f = _pinned(_kit_with(_crystal(once_per_fight=True), _crystal("Shard", single_use=True)),
                ("crystal_sword", "shard"), [5, 4], reequip=2)
    play(f, "5 → Crystal Sword", "4 → Shard")
    assert not any(c.gone for c in f.current.cards)        # each has its one more use
    f.fighters[1].statuses.clear()
    _turn_over_and_back(f)
    assert [c.gone for c in f.fighters[0].cards] == [True, True]
    assert not any(m.action == "place" for m in f.legal_moves())


def test_reequip_still_passes_over_cannotreuse():
    f = _pinned(_kit_with(_crystal(once_per_fight=True, tags=frozenset({"cannotreuse"}))),
                ("crystal_sword",), [5, 4], reequip=1)
    play(f, "5 → Crystal Sword")
    assert f.current.cards[0].gone and f.current.statuses == {"reequip": 1}
