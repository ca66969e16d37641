"""The 28 reference cards of language.md, each doing what its table line says in a real fight.

Every row pins the Warrior (side 0) with one card and some dice against the Frog, plays the
moves, and compares what changed: HP dealt and lost, both sides' statuses, the dice left,
the AI bonus. Slot rules are checked by the moves a card refuses.
"""
from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from dicey.lang.chance import FixedChance, SampleChance
from dicey.rules import events as E
from dicey.rules.protocol import IllegalMoveError, Move

from content_kit import card_state, outcome, play, position


class Row(NamedTuple):
    name: str
    cards: tuple[str, ...]
    rolled: tuple[int, ...]
    moves: tuple[str, ...]
    expect: dict[str, Any]
    setup: dict[str, Any]


def row(name: str, rolled: tuple[int, ...], moves: tuple[str, ...], *, cards: tuple = (),
        setup: dict | None = None, **expect: Any) -> Row:
    """One table line: ``expect`` names fields of :class:`content_kit.Change`."""
    return Row(name, cards or (name,), rolled, moves, expect, setup or {})


ROWS = [
    row("Sword", (5,), ("5 → Sword",), dealt=5, lost=0, theirs={}),
    row("Dagger", (3, 2), ("3 → Dagger", "2 → Dagger"), dealt=5),
    row("Broadsword", (4,), ("4 → Broadsword",), dealt=6),
    row("Hammer", (5,), ("5 → Hammer",), dealt=5, theirs={}),
    row("Hammer", (6,), ("6 → Hammer",), dealt=6, theirs={"shock": 1}),
    row("Hex", (3,), ("3 → Hex",), dealt=0, theirs={"shock": 1}),
    row("Hex", (4,), ("4 → Hex",), dealt=0, theirs={"weaken": 1}),
    row("Boomerang", (4,), ("4 → Boomerang",), dealt=8, lost=4),
    row("Magic Missile", (2,), ("2 → Magic Missile",), dealt=5),
    row("Wooden Shield", (4,), ("4 → Wooden Shield",), dealt=0, mine={"shield": 4}),
    row("Leather Armor", (3,), ("3 → Leather Armor",), mine={"reduce": 1}),
    row("Poison Needle", (1, 2, 1), ("1 → Poison Needle", "2 → Poison Needle",
                                     "1 → Poison Needle"), dealt=0, theirs={"poison": 3}),
    row("Claw", (3,), ("3 → Claw",), dealt=3, theirs={"poison": 1}),
    row("Snowball", (5,), ("5 → Snowball",), dealt=5, theirs={"freeze": 1}),
    row("Fireball", (4,), ("4 → Fireball",), dealt=4, theirs={"burn": 1}),
    row("Spanner", (4, 5, 1), ("4 → Spanner", "5 → Spanner"), dice=[1, 3, 6], bonus=0),
    row("Spanner", (2, 3), ("2 → Spanner", "3 → Spanner"), dice=[5]),
    row("Spanner", (6, 2), ("6 → Spanner", "2 → Spanner"), dice=[2, 6], bonus=-1000),
    row("Bump", (3,), ("3 → Bump",), dice=[4]),
    row("Bump", (6,), ("6 → Bump",), dice=[1, 6]),
    row("Spatula", (2, 6), ("2 → Spatula",), dice=[5, 6]),
    row("Counterfeit", (4,), ("4 → Counterfeit",), dice=[4, 4]),
    row("Pea Shooter", (3, 2), ("3 → Pea Shooter", "2 → Pea Shooter"), dealt=2),
    row("Pea Shooter", (5, 5, 4), ("5 → Pea Shooter", "5 → Pea Shooter"), dealt=4,
        dice=[4]),
    row("Plasma Cannon", (6, 6, 6, 2), ("6 → Plasma Cannon",) * 3 + ("2 → Plasma Cannon",),
        dealt=10),
    row("Antidote", (2, 2), ("2 → Antidote", "2 → Antidote"), mine={"poison": 1},
        setup={"statuses": {"poison": 5}}),
    row("Healing Crystal", (3,), ("3 → Healing Crystal",), lost=-3, bonus=300,
        setup={"hp": 10}),
    # Only what it restores is worth something to the AI: one HP short, a 3 heals 1.
    row("Healing Crystal", (3,), ("3 → Healing Crystal",), lost=-1, bonus=100,
        setup={"hp": 23}),
    row("Healing Crystal", (3,), ("3 → Healing Crystal",), lost=0, bonus=0),
    row("Rock", (4,), ("4 → Rock",), dealt=4),
    row("Shriek", (2,), ("2 → Shriek",), dealt=0, theirs={"curse": 1}, bonus=1000),
]


@pytest.mark.parametrize("case", ROWS, ids=lambda r: f"{r.name}-{'-'.join(map(str, r.rolled))}")
def test_reference_card_does_what_the_table_says(lib, case: Row):
    fight = position(lib, case.cards, case.rolled, **case.setup)
    change = outcome(fight, *case.moves)
    got = {key: getattr(change, key) for key in case.expect}
    assert got == case.expect
    assert not change.of(E.ScriptFault)


REFUSED = [
    ("Dagger", 4), ("Magic Missile", 3), ("Wooden Shield", 5), ("Leather Armor", 4),
    ("Poison Needle", 3), ("Claw", 4), ("Snowball", 2), ("Fireball", 5), ("Healing Crystal", 4),
    ("Shriek", 3), ("Hall of Mirrors", 5),
]


@pytest.mark.parametrize("name, die", REFUSED)
def test_slots_refuse_the_dice_the_table_rules_out(lib, name, die):
    fight = position(lib, [name], [die])
    assert fight.legal_moves() == [Move.end()]
    with pytest.raises(IllegalMoveError):
        play(fight, f"{die} → {name}")


def test_dagger_has_unlimited_uses_and_poison_needle_three(lib):
    fight = position(lib, ["Dagger", "Poison Needle"], [1, 1, 1, 1, 2, 2, 2, 2])
    play(fight, *["1 → Dagger"] * 4, *["2 → Poison Needle"] * 3)
    assert fight.fighters[1].hp == 12 - 4 and fight.fighters[1].statuses == {"poison": 3}
    with pytest.raises(IllegalMoveError):
        play(fight, "2 → Poison Needle")


def test_lockpick_splits_a_die_into_two_that_add_up(lib):
    for path in range(4):
        fight = position(lib, ["Lockpick"], [5])
        assert fight.move_is_random(Move.parse("5 → Lockpick"))
        change = outcome(fight, "5 → Lockpick", chance=FixedChance([path]))
        assert len(change.dice) == 2 and sum(change.dice) == 5, change.dice
        assert all(1 <= v <= 6 for v in change.dice)


def test_lockpick_every_split_of_a_six_is_reachable(lib):
    seen = set()
    for seed in range(60):
        fight = position(lib, ["Lockpick"], [6])
        seen.add(tuple(outcome(fight, "6 → Lockpick",
                               chance=SampleChance(random.Random(seed))).dice))
    assert seen == {(1, 5), (2, 4), (3, 3)}


def test_lucky_7_takes_two_dice_adding_to_7_and_gives_one_back(lib):
    backs = set()
    for path in (0, 1):
        fight = position(lib, ["Lucky 7"], [3, 4])
        change = outcome(fight, "3 → Lucky 7", "4 → Lucky 7", chance=FixedChance([path]))
        assert change.dealt == 7 and len(change.dice) == 1
        backs.add(change.dice[0])
    assert backs == {3, 4}
    fight = position(lib, ["Lucky 7"], [3, 5])
    play(fight, "3 → Lucky 7")
    with pytest.raises(IllegalMoveError):
        play(fight, "5 → Lucky 7")


def test_crowbar_takes_d_off_every_countdown(lib):
    fight = position(lib, ["Crowbar", "Pea Shooter", "Plasma Cannon"], [4])
    change = outcome(fight, "4 → Crowbar")
    assert card_state(fight, "Pea Shooter").countdown == 1
    assert card_state(fight, "Plasma Cannon").countdown == 16
    assert change.dealt == 0


def test_crowbar_fires_a_countdown_it_finishes(lib):
    fight = position(lib, ["Crowbar", "Pea Shooter"], [6], countdowns={"Pea Shooter": 3})
    change = outcome(fight, "6 → Crowbar")
    assert change.dealt == 2 and card_state(fight, "Pea Shooter").countdown == 5


def test_antidote_needs_doubles(lib):
    fight = position(lib, ["Antidote"], [2, 3], statuses={"poison": 4})
    play(fight, "2 → Antidote")
    with pytest.raises(IllegalMoveError):
        play(fight, "3 → Antidote")


def test_rock_is_gone_after_one_throw(lib):
    fight = position(lib, ["Rock"], [4, 5])
    play(fight, "4 → Rock")
    assert card_state(fight, "Rock").gone
    assert fight.legal_moves() == [Move.end()]


def test_electromagnet_hits_harder_each_time_it_fires(lib):
    fight = position(lib, ["Electromagnet"], [6, 1])
    first = outcome(fight, "6 → Electromagnet", "1 → Electromagnet")
    fight.set_position(0, dice=[5, 2])
    second = outcome(fight, "5 → Electromagnet", "2 → Electromagnet")
    assert (first.dealt, second.dealt) == (4, 6)


def test_hall_of_mirrors_adds_a_die_in_play_and_in_the_planner_s_copies_alike(lib):
    """The planner sees the die it adds (dicey.ai.rolls): no bonus stands in for it."""
    fight = position(lib, ["Hall of Mirrors"], [6])
    thinking = fight.copy(simulation=True)
    real = outcome(fight, "6 → Hall of Mirrors")
    assert fight.fighters[0].extra == 1 and real.bonus == 0
    assert real.of(E.ExtraDice)
    imagined = outcome(thinking, "6 → Hall of Mirrors")
    assert thinking.fighters[0].extra == 1 and imagined.bonus == 0
    fight.set_position(0, dice=[6])
    assert fight.legal_moves() == [Move.end()]     # once per fight
