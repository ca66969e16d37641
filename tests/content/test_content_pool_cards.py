"""The cards that read and rewrite their owner's dice pool (``self.dice``, ``set_dice``) and
the one that knows its die was burning (``burning``, ``fireproof``): each card's effect in a
real fight, its upgraded and weakened versions, and the AI planning a turn with it."""
from __future__ import annotations

import pytest

from dicey.ai.planner import Budget, plan_turn
from dicey.rules import events as E
from dicey.rules.protocol import IllegalMoveError, Move

from content_kit import card_state, next_turn, outcome, position


def labels(fight, side: int = 0) -> list[str]:
    return [d.label for d in fight.fighters[side].dice]


def legal(fight) -> set[str]:
    return {str(m) for m in fight.legal_moves()}


# ---------------------------------------------------------------------- Megabump

def test_megabump_adds_one_to_every_other_die_and_a_six_stays_a_six(lib):
    fight = position(lib, ["Megabump"], [3, 2, 6, 5], burning=[3])
    change = outcome(fight, "3 → Megabump")
    assert labels(fight) == ["3", "6", "6 burn"]          # the burning 5 is a burning 6
    assert [(e.old, e.new) for e in change.of(E.DiceSet)] == [((2, 6, 5), (3, 6, 6))]
    assert change.lost == 0 and change.dealt == 0


def test_megabump_upgraded_bumps_its_own_die_too(lib):
    fight = position(lib, ["Megabump+"], [3, 2, 6])
    outcome(fight, "3 → Megabump")
    assert labels(fight) == ["3", "6", "4"]


def test_megabump_weakened_takes_no_6(lib):
    fight = position(lib, ["Megabump"], [6, 2], weakened=["Megabump"])
    assert legal(fight) == {"2 → Megabump", "end turn"}


def test_megabump_leaves_locked_and_blind_dice_alone(lib):
    fight = position(lib, ["Megabump"], [1, 2, 3, 4], locked=[2], blind=[3])
    outcome(fight, "1 → Megabump")
    assert labels(fight) == ["3", "3 lock", "?"]


# ------------------------------------------------------------------------- Focus

def test_focus_turns_its_die_and_every_other_into_6s_once_per_fight(lib):
    fight = position(lib, ["Focus", "Sword"], [1, 2, 3], locked=[2])
    outcome(fight, "1 → Focus")
    assert labels(fight) == ["6", "3 lock", "6"]
    assert outcome(fight, "6 → Sword").dealt == 6
    next_turn(fight)
    assert card_state(fight, "Focus").gone
    fight.set_position(0, dice=[2])
    with pytest.raises(IllegalMoveError):
        outcome(fight, "2 → Focus")


def test_focus_is_never_shocked_nor_weakened(lib):
    fight = position(lib, ["Focus", "Sword"], [3])
    next_turn(fight, lambda: fight.set_position(0, statuses={"shock": 2, "weaken": 2}))
    focus, sword = card_state(fight, "Focus"), card_state(fight, "Sword")
    assert not focus.shocked and not focus.weakened and (sword.shocked or sword.weakened)


# ------------------------------------------------------------------ Clone Device

def test_clone_device_copies_every_other_die_and_the_copies_do_not_burn(lib):
    fight = position(lib, ["Clone Device"], [1, 2, 3], burning=[1])
    outcome(fight, "1 → Clone Device")
    assert labels(fight) == ["2 burn", "3", "2", "3"]


def test_clone_device_copies_no_more_than_a_pool_holds(lib):
    fight = position(lib, ["Clone Device"], [1] + [2] * 15)
    change = outcome(fight, "1 → Clone Device")
    assert labels(fight) == ["2"] * 24 and not change.of(E.ScriptFault)


def test_clone_device_upgraded_is_size_1(lib):
    assert lib.card("Clone Device").size == 2 and lib.card("Clone Device").upgraded.size == 1


# ----------------------------------------------------------------- Battle Wrench

def test_battle_wrench_adds_its_die_and_every_other_together(lib):
    fight = position(lib, ["Battle Wrench"], [4, 5, 3, 2], burning=[1])
    change = outcome(fight, "4 → Battle Wrench")
    assert labels(fight) == ["6 burn", "6", "2"] and change.bonus == 0


def test_battle_wrench_tells_the_ai_when_it_gains_nothing(lib):
    change = outcome(position(lib, ["Battle Wrench"], [4, 6, 6]), "4 → Battle Wrench")
    assert change.dice == [4, 6, 6] and change.bonus == -1000


def test_battle_wrench_takes_up_to_4_and_upgraded_any_die(lib):
    assert legal(position(lib, ["Battle Wrench"], [5, 4])) == {"4 → Battle Wrench",
                                                                "end turn"}
    assert legal(position(lib, ["Battle Wrench+"], [5])) == {"5 → Battle Wrench",
                                                             "end turn"}


# -------------------------------------------------------------------- Throw Dice

def test_throw_dice_hits_harder_with_a_burning_die_which_costs_no_hp_there(lib):
    plain = outcome(position(lib, ["Throw Dice"], [6]), "6 → Throw Dice")
    assert (plain.dealt, plain.lost) == (1, 0)
    fight = position(lib, ["Throw Dice", "Sword"], [6, 3], burning=[0, 1])
    burning = outcome(fight, "6 → Throw Dice")
    assert (burning.dealt, burning.lost) == (2, 0)
    assert burning.of(E.Placed)[0].describe() == \
        "Warrior puts 6 on Throw Dice (burning, fireproof)"
    elsewhere = outcome(fight, "3 → Sword")               # anywhere else it burns
    assert (elsewhere.dealt, elsewhere.lost) == (3, 2)


def test_throw_dice_upgraded_does_one_more(lib):
    fight = position(lib, ["Throw Dice+"], [2, 4], burning=[1])
    assert [outcome(fight, m).dealt for m in ("2 → Throw Dice", "4 → Throw Dice")] == [2, 3]


# ------------------------------------------------------------------------ the AI

FAST = Budget(states=20_000, iterations=200, ms=None)


def plan(fight) -> list[str]:
    return [str(m) for m in plan_turn(fight, budget=FAST, seed=1).moves]


@pytest.mark.parametrize("cards, dice, dealt", [
    # Nothing fits the Greataxe (4 or more) until Focus makes 6s of everything.
    (["Focus", "Greataxe"], [1, 2, 3], 9),
    # The Wrench makes one 6 of 2 + 3 + 1 for the Greataxe.
    (["Battle Wrench", "Greataxe"], [2, 3, 1], 9),
])
def test_the_ai_reworks_the_pool_before_the_card_that_needs_it(lib, cards, dice, dealt):
    fight = position(lib, cards, dice)
    moves = plan(fight)
    assert moves[0].endswith(f"→ {cards[0]}") and moves[1] == "6 → Greataxe"
    assert outcome(fight, *moves).dealt == dealt


def test_the_ai_throws_the_burning_die_and_swings_the_plain_one(lib):
    fight = position(lib, ["Sword", "Throw Dice"], [5, 4], burning=[0])
    moves = plan(fight)
    assert sorted(moves[:2]) == ["4 → Sword", "5 → Throw Dice"]
    change = outcome(fight, *moves)
    assert (change.dealt, change.lost) == (6, 0)


def test_the_ai_plays_megabump_before_the_card_that_needs_the_bigger_die(lib):
    # Ice Spike takes 4 or more: Megabump on the 1 makes the 3 a 4.
    fight = position(lib, ["Megabump", "Ice Spike"], [1, 3])
    moves = plan(fight)
    assert moves[:2] == ["1 → Megabump", "4 → Ice Spike"]
    assert outcome(fight, *moves).dealt == 4


def test_the_ai_copies_the_dice_before_spending_them(lib):
    fight = position(lib, ["Clone Device", "Dagger"], [1, 3])
    moves = plan(fight)
    assert moves[0] == "1 → Clone Device"
    assert outcome(fight, *moves).dealt == 6             # two 3s on the Dagger
