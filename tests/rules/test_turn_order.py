"""The turn runs in the exact order of rules.md, each step reporting itself."""
import random

from dicey.lang.chance import FixedChance
from dicey.lang.defs import FighterDef
from dicey.rules.fight import MAX_TURNS, Fight
from dicey.rules.protocol import IllegalMoveError, Move
from rules_kit import LIB, Lib, PyScript, card, fighter, kinds, play, sample

import pytest


def traced_lib(log):
    lib = Lib()

    def note(tag):
        return PyScript(lambda ctx: log.append(tag), event=tag)

    lib.equipment["clock"] = card("Clock", hooks={
        "on turn start": note("card turn start"), "on turn end": note("card turn end"),
        "on fight start": note("card fight start"), "on any use": note("card any use")},
        on_use=lambda ctx: log.append("on use"))
    return lib, note


def test_begin_turn_steps_in_order():
    log = []
    lib, note = traced_lib(log)
    hero = FighterDef("hero", "warrior", "Warrior", 30, 2, equipment=("clock", "sword"),
                      hooks={"on turn start": note("fighter turn start")})
    f = Fight.start(lib, hero, fighter("Frog"), random.Random(1))
    assert log == ["card fight start"]
    f.set_position(0, statuses={"poison": 1, "lock": 1, "shock": 1, "reduce": 1})
    events = f.begin_turn(FixedChance([3, 4]))
    assert kinds(events) == [
        "TurnStarted",
        "StatusChanged",              # 1. reduce clears at turn start
        "Damaged", "StatusChanged",   # 2. poison: hurt, then −1
        "Rolled", "DiceMarked",       # 3. roll, lock
        "CardMarked",                 # 4. shock
    ]
    assert log[1:] == ["card turn start", "fighter turn start"]   # 5.
    assert f.phase == "acting" and f.turn_moves == 0


def test_end_turn_steps_in_order_and_flips_the_actor():
    log = []
    lib, _ = traced_lib(log)
    f = Fight.start(lib, fighter(equipment=("clock",)), fighter("Frog"), random.Random(1))
    f.set_position(0, dice=[4, 2], statuses={"curse": 1})
    events = play(f, "end")
    assert log[-1] == "card turn end"
    assert kinds(events) == ["StatusChanged", "TurnEnded"] and events[-1].unused == (4, 2)
    assert f.actor == 1 and f.turn == 2 and f.phase == "ready" and f.current.name == "Frog"
    assert f.fighters[0].dice == []


def test_firing_order_before_on_use_then_any_use():
    log = []
    lib, _ = traced_lib(log)
    f = Fight.start(lib, fighter(equipment=("clock", "sword")), fighter("Frog"),
                    random.Random(1))
    f.set_position(0, dice=[3])
    log.clear()
    play(f, "3 → Clock")
    assert log == ["on use", "card any use"]


def test_moves_outside_a_turn_are_illegal():
    f = Fight.start(LIB, fighter(), fighter("Frog"), random.Random(1))
    assert f.turn_over and f.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        f.apply(Move.end(), sample(0))
    f.begin_turn(sample(0))
    with pytest.raises(IllegalMoveError):
        f.begin_turn(sample(0))
    with pytest.raises(IllegalMoveError):
        f.apply(Move.place(3, "Nothing"), sample(0))


def test_goes_first_decides_the_first_actor():
    fast = fighter("Bat", kind="enemy", goes_first=True)
    assert Fight.start(LIB, fighter(), fast, random.Random(1)).actor == 1
    assert Fight.start(LIB, fighter(), fighter("Frog"), random.Random(1)).actor == 0


def test_sixty_turns_is_a_draw():
    f = Fight.start(LIB, fighter(equipment=()), fighter("Frog", equipment=()),
                    random.Random(1))
    chance = sample(1)
    while not f.is_over:
        f.begin_turn(chance)
        f.apply(Move.end(), chance)
    assert f.outcome.winner is None and f.outcome.termination == "turn limit"
    assert f.outcome.turns == MAX_TURNS == f.turn


def test_what_a_cards_other_hooks_do_is_logged_as_theirs():
    """Dice a card gives at turn start came into the log as "Warrior gets a 6", with
    nothing to say where from: a CardActed line names the card first. A hook that does
    nothing logs nothing, and a card's use has its own Fired line."""
    lib, _ = traced_lib([])
    lib.equipment["lamp"] = card("Lamp", hooks={
        "on turn start": PyScript(lambda ctx: ctx.give(6), event="on turn start")})
    lib.equipment["idle"] = card("Idle", hooks={
        "on turn start": PyScript(lambda ctx: None, event="on turn start")})
    hero = FighterDef("hero", "warrior", "Warrior", 30, 2, equipment=("idle", "lamp"))
    f = Fight.start(lib, hero, fighter("Frog"), random.Random(1))
    events = f.begin_turn(FixedChance([3, 4]))
    assert kinds(events)[-2:] == ["CardActed", "DiceGiven"]
    assert events[-2].describe() == "Warrior's Lamp acts (on turn start)"
    assert kinds(events).count("CardActed") == 1
