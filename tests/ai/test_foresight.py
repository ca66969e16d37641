"""The opponent's coming turn in the score: what a status does there, whether one lives."""
from __future__ import annotations

import random

from dicey.ai.foresight import Outlook
from dicey.ai.score import Scorer, Weights
from dicey.ai.search import Expectimax
from dicey.rules.fight import Fight
from rules_kit import fighter, position

#: The table alone, as ai.md gives it.
TABLE = Weights(outlook=0, fatal=0, charge=0)


def best_first_move(fight: Fight, weights: Weights | None = None) -> str:
    root = fight.copy(simulation=True, log=False)
    return str(Expectimax(Scorer(root, weights=weights)).best_move(root))


def ninja_against_warrior(library, dice, equipment) -> Fight:
    fight = Fight.start(library, library.hero("Warrior"), library.enemy("Ninja"),
                        random.Random(3))
    fight.set_position(0, hp=24, statuses={})
    fight.set_position(1, hp=20, dice=dice, equipment=equipment)
    return fight


def test_a_dodge_is_worth_the_card_it_spoils(library):
    f = ninja_against_warrior(library, [1], ["Dagger", "Smoke Bomb"])
    # by the stack a dodge weighs 40, a 1 on the Dagger 100
    assert best_first_move(f, TABLE) == "1 → Dagger"
    # but it spoils the Warrior's next Sword, whatever its dice
    assert best_first_move(f) == "1 → Smoke Bomb"
    root = f.copy(simulation=True, log=False)
    outlook = Outlook(root, 1, outlook=50, fatal=5_000)
    [(_, dodging)] = root.outcomes(next(m for m in root.legal_moves()
                                        if m.card == "Smoke Bomb"))
    assert outlook.value(root) == 0 and outlook.value(dodging) > 100


def test_a_shield_that_keeps_it_alive_is_worth_its_life():
    # 3 HP against a Sword and three dice: without a shield it is all but dead next turn
    f = position([4], ["sword", "shield"], hp=3)
    assert best_first_move(f, TABLE) == "4 → Sword"
    assert best_first_move(f) == "4 → Shield"


def test_the_frog_check_is_the_tables_while_nobody_is_in_danger():
    f = position([1, 3], ["sword", "shield"])
    root = f.copy(simulation=True, log=False)
    with_outlook, table = Scorer(root), Scorer(root, weights=TABLE)
    for s in (with_outlook, table):
        s.potential(root)
    assert with_outlook.potential(root) == table.potential(root)
    assert best_first_move(f) == best_first_move(f, TABLE) == "3 → Sword"


def test_the_coming_turn_is_played_from_fixed_rolls():
    f = position([2, 5], ["sword", "shield"], hp=4, statuses={"thorns": 1})
    a, b = Scorer(f.copy()), Scorer(f.copy())
    assert a.potential(f) == b.potential(f)
    outlook = Outlook(f, 0, outlook=50, fatal=5_000, samples=3)
    assert outlook.active and outlook.value(f) != 0
    assert len(outlook._turns[((), (), None)]) == 3


def test_no_outlook_when_its_weights_are_0_or_it_is_not_that_sides_turn():
    f = position([2, 5], ["sword", "shield"], hp=4, statuses={"thorns": 1})
    assert not Outlook(f, 0, outlook=0, fatal=0).active
    assert not Outlook(f, 1, outlook=50, fatal=5_000).active     # side 1 is not acting
    assert Scorer(f, weights=TABLE).potential(f) == Scorer(f, weights=TABLE).potential(f)


def test_an_enemy_may_play_by_the_table_alone():
    brute = fighter("Brute", kind="enemy", score={"outlook": 0, "fatal": 0})
    w = Weights.for_fighter(brute)
    assert (w.outlook, w.fatal, w.damage) == (0, 0, 100)
