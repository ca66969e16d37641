"""Poison (from its hook) and mod statuses acting only through their hooks."""
import random

from dicey.lang.defs import StatusDef
from dicey.rules.fight import Fight
from dicey.rules.statuses import STACK_CAP
from rules_kit import PyScript, Lib, fighter, kinds, play, sample


def test_poison_hurts_at_turn_start_ignoring_shield_then_drops_one():
    f = Fight.start(Lib(), fighter(equipment=("sword",)), fighter("Frog"), random.Random(1))
    f.set_position(0, statuses={"poison": 3, "shield": 5})
    f.begin_turn(sample(1))
    assert f.current.hp == 27 and f.current.statuses == {"poison": 2, "shield": 5}


def test_poison_can_kill_before_the_roll():
    f = Fight.start(Lib(), fighter(equipment=("sword",)), fighter("Frog"), random.Random(1))
    f.set_position(0, hp=2, statuses={"poison": 3})
    events = f.begin_turn(sample(1))
    assert f.is_over and f.outcome.winner == 1 and "Rolled" not in kinds(events)


def mod_lib(log):
    lib = Lib()

    def hook(event, fn=None):
        def run(ctx):
            log.append((event, {k: v for k, v in ctx.names.items()
                                if k in ("stacks", "amount", "inflicted")}))
            if fn:
                return fn(ctx)
        return PyScript(run, event=event)

    def halve(ctx):
        ctx.names["amount"] = ctx.names["amount"] // 2

    lib.statuses["frost"] = StatusDef("frost", "Frost", "negative", True, "turn end", hooks={
        "when inflicted": hook("when inflicted"),
        "on turn start": hook("on turn start"),
        "on turn end": hook("on turn end"),
        "on any use": hook("on any use"),
        "on incoming damage": hook("on incoming damage", halve),
        "on damage taken": hook("on damage taken"),
        "on damage dealt": hook("on damage dealt"),
        "on removed": hook("on removed"),
    })
    return lib


def test_mod_status_hooks_run_at_their_moments():
    log = []
    lib = mod_lib(log)
    f = Fight.start(lib, fighter(equipment=("sword", "dagger")), fighter("Frog"),
                    random.Random(1))
    f.set_position(1, statuses={})
    f.set_position(0, dice=[6, 3])
    f.fighters[0].statuses["frost"] = 1
    f.fighters[1].statuses["frost"] = 2
    play(f, "6 → Sword")
    # the target halves the incoming 6; both sides' damage hooks see the HP removed
    assert f.fighters[1].hp == 27
    assert ("on incoming damage", {"stacks": 2, "amount": 6}) in log
    assert ("on damage taken", {"stacks": 2, "amount": 3}) in log
    assert ("on damage dealt", {"stacks": 1, "amount": 3}) in log
    assert ("on any use", {"stacks": 1}) in log
    log.clear()
    play(f, "end")
    assert [e for e, _ in log] == ["on turn end", "on removed"]   # clears at turn end
    log.clear()
    f.begin_turn(sample(1))
    assert log[0] == ("on turn start", {"stacks": 2})


def test_when_inflicted_sees_the_stacks_added():
    log = []
    lib = mod_lib(log)
    f = Fight.start(lib, fighter(), fighter("Frog"), random.Random(1))
    f._open(sample(0))
    f._add_status(1, "frost", 2)
    f._add_status(1, "frost", 3)
    f._close()
    assert [n["inflicted"] for e, n in log if e == "when inflicted"] == [2, 3]
    assert f.fighters[1].statuses["frost"] == 5


def test_non_stacking_status_takes_the_max():
    lib = Lib()
    lib.statuses["aura"] = StatusDef("aura", "Aura", "positive", False, "never")
    f = Fight.start(lib, fighter(), fighter("Frog"), random.Random(1))
    f._open(sample(0))
    f._add_status(0, "aura", 3)
    f._add_status(0, "aura", 2)
    f._close()
    assert f.fighters[0].statuses["aura"] == 3


def test_clear_timing_comes_from_the_status_def():
    f = Fight.start(Lib(), fighter(), fighter("Frog"), random.Random(1))
    f.set_position(0, statuses={"reduce": 1, "dodge": 1, "thorns": 1, "shield": 2,
                                "curse": 1, "fury": 1})
    f.begin_turn(sample(1))
    assert f.current.statuses == {"shield": 2, "curse": 1, "fury": 1}
    play(f, "end")
    assert f.fighters[0].statuses == {"shield": 2, "fury": 1}


def test_a_fighter_at_zero_hp_dies_at_its_turn_start():
    # rules.md step 2: whatever brought it there (a pinned position, a run's hero at 0),
    # a fighter at 0 HP dies before its roll.
    f = Fight.start(Lib(), fighter(equipment=("sword",)), fighter("Frog"), random.Random(1))
    f.set_position(0, hp=0)
    events = f.begin_turn(sample(1))
    assert f.is_over and f.outcome.winner == 1 and f.outcome.termination == "knockout"
    assert kinds(events)[-2:] == ["Died", "FightEnded"] and "Rolled" not in kinds(events)
    assert f.legal_moves() == []


def test_stacks_stop_at_9999():
    # As in Dicey Dungeons, a status holds at most 9999 stacks, so a script reading one
    # never meets a number past the language's limits.
    f = Fight.start(Lib(), fighter(), fighter("Frog"), random.Random(1))
    f._open(sample(0))
    f._add_status(1, "shield", 9000)
    f._add_status(1, "shield", 900_000)
    f._add_status(1, "poison", 1_000_000)
    events = f._close()
    assert f.fighters[1].statuses == {"shield": STACK_CAP, "poison": STACK_CAP} and \
        STACK_CAP == 9999
    assert [(e.old, e.new) for e in events] == [(0, 9000), (9000, 9999), (0, 9999)]
    f._open(sample(0))
    f._add_status(1, "shield", 5)
    assert f._close() == []
