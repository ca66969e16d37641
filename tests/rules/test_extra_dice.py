"""``extra_dice(n, who, turns)``: more dice or fewer (``n`` below 0), for the owner or the
opponent, each turn of the fight or in its next ``turns`` rolls only (the Kaleidoscope:
"both fighters roll 1 fewer die next turn")."""
from __future__ import annotations

import random

from button_kit import library_fixture
from dicey.ai.foresight import Outlook
from dicey.lang.chance import FixedChance
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from lang_kit import card, expect_error, problems, symbols_of

CARDS = '''
equipment "Kaleidoscope" {
    slots: 6
    text: "Both fighters roll 1 fewer die next turn"
    on use { extra_dice(-1, self, 1); extra_dice(-1, target, 1) }
    upgraded { slots: even }
}

equipment "Tripod" {
    slots: any
    cast: self
    text: "Roll 1 more die in each of your next 2 turns"
    on use { extra_dice(1, self, 2) }
}

equipment "Anchor" {
    slots: any
    text: "The opponent rolls [d] fewer dice each turn"
    on use { extra_dice(-d, target) }
}

equipment "Snare" {
    slots: any
    text: "The opponent rolls [d] fewer dice next turn"
    on use { extra_dice(-d, target, 1) }
}

equipment "Broken Dial" {
    slots: any
    text: "?"
    on use { extra_dice(1, self, d - 6) }
}
'''


lib = library_fixture("extra", CARDS)


def ready(lib, mine, dice) -> Fight:
    """The Warrior (two dice a turn) to move with ``dice`` against a Frog (two dice)."""
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=list(mine), dice=list(dice))
    fight.set_position(1, equipment=["Sword"], hp=40, max_hp=40)
    fight.log = True
    return fight


def play(fight: Fight, *moves: str) -> list:
    events: list = []
    for move in moves:
        events += fight.apply(Move.parse(move), FixedChance())
    return events


def rolls(fight: Fight, turns: int) -> list[int]:
    """How many dice each of the next ``turns`` turns rolls (each ended at once)."""
    counts = []
    for _ in range(turns):
        play(fight, "end")
        events = fight.begin_turn(FixedChance())
        [rolled] = [e for e in events if isinstance(e, E.Rolled)]
        counts.append(len(rolled.dice))
    return counts


def test_the_kaleidoscope_takes_a_die_from_each_fighters_next_roll(lib):
    fight = ready(lib, ["Kaleidoscope"], [6])
    events = play(fight, "6 → Kaleidoscope")
    assert [e.describe() for e in events if isinstance(e, E.ExtraDice)] == [
        "Warrior will roll 1 fewer die on its next roll",
        "Frog will roll 1 fewer die on its next roll"]
    # the Frog's turn, the Warrior's, then both as they were
    assert rolls(fight, 4) == [1, 1, 2, 2]


def test_more_dice_for_two_rolls(lib):
    fight = ready(lib, ["Tripod"], [3])
    play(fight, "3 → Tripod")
    assert rolls(fight, 6) == [2, 3, 2, 3, 2, 2]


def test_fewer_dice_for_the_fight_never_below_none(lib):
    fight = ready(lib, ["Anchor"], [1])
    play(fight, "1 → Anchor")
    assert rolls(fight, 3) == [1, 2, 1]
    fight = ready(lib, ["Anchor"], [6])
    events = play(fight, "6 → Anchor")
    # the Frog rolls two: it can lose two, and says so
    assert [e.describe() for e in events if isinstance(e, E.ExtraDice)] == [
        "Frog will roll 2 fewer dice each turn (not 6: a roll has 0 to 24 dice)"]
    assert rolls(fight, 3) == [0, 2, 0]


def test_a_roll_is_held_to_none_and_the_losses_of_one_roll_are_kept_whole(lib):
    # 6 fewer for one roll, then 1 more for the fight: the next roll has none (not −4),
    # the one after, three
    fight = ready(lib, ["Snare", "Snare"], [6, 1])
    play(fight, "6 → Snare")
    assert fight.fighters[1].extra_for == ((-6, 1),)
    fight.fighters[1].add_extra_dice(1)
    assert rolls(fight, 3) == [0, 2, 3]


def test_a_change_for_a_few_rolls_is_part_of_the_position(lib):
    a, b = ready(lib, ["Snare"], [2]), ready(lib, ["Snare"], [2])
    assert a.key() == b.key()
    play(a, "2 → Snare")
    b.fighters[1].add_extra_dice(-2, 1)
    b.fighters[0].dice = a.fighters[0].dice
    assert a.fighters[1].key() == b.fighters[1].key()
    c = ready(lib, ["Snare"], [2])
    c.fighters[1].add_extra_dice(-2, 2)
    assert c.fighters[1].key() != a.fighters[1].key()
    # two changes for as many rolls are one
    d = ready(lib, ["Snare"], [2])
    d.fighters[1].add_extra_dice(-1, 1)
    d.fighters[1].add_extra_dice(-1, 1)
    assert d.fighters[1].extra_for == ((-2, 1),)


def test_turns_worked_out_below_1_is_a_fault(lib):
    fight = ready(lib, ["Broken Dial"], [3])
    events = play(fight, "3 → Broken Dial")
    [fault] = [e for e in events if isinstance(e, E.ScriptFault)]
    assert "extra_dice()'s turns is a whole number of turns, at least 1, not -3" in \
        fault.message


def test_the_coming_turn_is_played_with_the_dice_the_opponent_lost(lib):
    fight = ready(lib, ["Snare", "Sword"], [6, 6])
    root = fight.copy(simulation=True, log=False)
    outlook = Outlook(root, 0, outlook=50, fatal=5_000)
    [(_, snared)] = root.outcomes(next(m for m in root.legal_moves()
                                       if m.card == "Snare" and m.die == 6))
    # the Frog rolls no die in its coming turn: it deals no damage, which is worth more
    # than the same state with its dice as they were
    assert outlook.value(snared) > outlook.value(root)
    assert snared.fighters[1].extra_for == ((-6, 1),)


def test_the_checker_reads_the_new_arguments(library):
    symbols = symbols_of(library)
    assert problems(CARDS, symbols) == []
    expect_error(card("extra_dice(1, self, «0»)"),
                 "extra_dice() changes the next roll at least, not 0", symbols)
    expect_error(card('extra_dice(1, «"me"»)'),
                 "extra_dice() needs a fighter here, not a string", symbols)
    [warning] = problems('''equipment "Idle" {
    slots: any
    text: "?"
    on use { extra_dice(0) }
}''', symbols)
    assert warning.severity == "warning" and "extra_dice(0) changes no roll" in \
        warning.message
