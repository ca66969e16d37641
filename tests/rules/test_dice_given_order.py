"""Dice given at once join the pool lowest first: a Lockpick's split of a 3 is a 1 and a 2
in either order, one state to the AI, and the hint numbers the dice by their places, so
the places must not be left to the split's order."""
from __future__ import annotations

import random

from button_kit import button_fight
from dicey.ai.moves import likeliest_result
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move


def test_a_split_s_dice_take_the_same_places_whatever_its_order(library):
    seen = set()
    for seed in range(24):
        fight = button_fight(library, ["Lockpick", "Sword"], [3, 5])
        fight.log = True
        events = fight.apply(Move.parse("3 → Lockpick"), SampleChance(random.Random(seed)))
        seen.add(next(e.dice for e in events if type(e).__name__ == "DiceGiven"))
        assert [d.value for d in fight.fighters[0].dice] == [5, 1, 2], seed
    assert seen == {(1, 2)}                 # said as they join
    # the line a hint follows has the dice where the game puts them
    fight = button_fight(library, ["Lockpick", "Sword"], [3, 5])
    after = likeliest_result(fight, Move.parse("3 → Lockpick"))
    assert [d.value for d in after.fighters[0].dice] == [5, 1, 2]


def test_a_die_given_joins_at_the_end_and_dice_given_at_once_lowest_first(library):
    fight = button_fight(library, ["Bump", "Bump"], [6, 2])
    fight.apply(Move.parse("2 → Bump"), SampleChance(random.Random(0)))
    assert [d.value for d in fight.fighters[0].dice] == [6, 3]
    fight.apply(Move.parse("6 → Bump"), SampleChance(random.Random(0)))   # give([6, 1])
    assert [d.value for d in fight.fighters[0].dice] == [3, 1, 6]
