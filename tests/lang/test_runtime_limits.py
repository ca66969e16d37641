"""Runtime limits: the step budget, integer range, division by zero, list and string sizes,
dice values, and more than 24 dice in a real fight. Each is a ``ScriptError`` carrying its
position; no other exception ever leaves a script, and in a fight the card fizzles and the
fight goes on."""
from __future__ import annotations

import random

import pytest

from dicey.lang.chance import FixedChance, SampleChance
from dicey.lang.errors import ScriptError
from dicey.lang.interp import MAX_NESTING, MAX_STEPS, CORE_STATUSES, Scope, compile_stmts
from dicey.lang.parser import parse_stmts
from dicey.library import load_library
from dicey.rules import events as E
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move
from lang_kit import fault, run

# ------------------------------------------------------------------- steps


def test_a_script_of_exactly_the_budget_runs():
    # 1 (outer repeat) + 99 × (1 turn + 1 inner repeat + 99 turns) = 10,000 steps
    result, _ = run("repeat 99 { repeat 99 { } }")
    assert result.steps == MAX_STEPS


@pytest.mark.parametrize("source", [
    "repeat 99 { repeat 99 { } }",
    "attack(1)\nfor x in [1, 2, 3] { if x > 1 { say(x) } else { say(0) } }\nlet z = 2",
    "repeat 3 { attack(1)\nstop }\nattack(2)",
])
def test_the_checkers_count_of_steps_is_the_runs_when_its_branches_cost_the_same(source):
    from dicey.lang.interp import min_steps
    assert min_steps(parse_stmts(source)) == run(source)[0].steps


@pytest.mark.parametrize("source, warned", [
    ("repeat 100 {\n    repeat 100 { inflict(poison, d) }\n}", "error"),
    ("for a in [1, 2, 3, 4, 5] { repeat 100 { repeat 100 { } } }", "error"),
    ("repeat 100 {\n    repeat 100 { if d > 5 { stop }\n attack(1) }\n}", "warning"),
    ("repeat d { repeat 100 { repeat 100 { } } }", None),          # d may be 0
    ("repeat 99 { repeat 99 { } }", None),                        # exactly the budget
    ("repeat 98 { if d > 7 { stop } else { repeat 99 { } } }", None),   # within it anyway
    ("repeat 100 {\n    if d > 3 { stop } elif d > 1 { say(1) } else { stop }\n"
     "    repeat 100 { } }", "warning"),                        # one branch goes on
])
def test_the_checker_refuses_a_hook_that_always_runs_past_its_budget(source, warned):
    # (warned: the problem's severity; a warning where a 'stop' may come first)
    """Nested loops whose turns multiply past 10,000 steps passed 'dicey check' without a
    word, then with a warning: the card then faulted every time it was used, after landing
    what its first 10,000 steps did (thousands of blows). The bound is a proven lower one,
    so it is an error; a hook that only may run past it is left to the run."""
    from dicey.lang.checker import check_decl, collect_symbols
    from dicey.lang.parser import parse
    decl = parse(f'equipment "Storm" {{ slots: any; on use {{\n{source}\n}} }}').decls[0]
    problems = check_decl(decl, "storm.dice", collect_symbols([decl], None))[1]
    said = [p for p in problems if "past a script's budget" in p.message]
    assert [p.severity for p in said] == ([warned] if warned else []), problems
    if warned:
        assert said[0].line == 2 and "takes at least" in said[0].message
        assert "do what its first 10,000 steps do" in said[0].message
        assert "then fault" in said[0].message
        if warned == "error":
            assert "each time it runs" in said[0].message
            assert "budget" in fault(source, d=6).message        # and the run says so too
        else:   # it may stop first, or not
            assert "each time no 'stop' (or 'cancel') ends it first" in said[0].message
            assert "budget" in fault(source, d=2).message
            run(source, d=6)


def test_one_step_past_the_budget_faults():
    err = fault("repeat 99 {\n    repeat 100 { }\n}")
    assert "past its budget of 10,000 steps" in err.message and err.pos.line == 2


@pytest.mark.parametrize("source", [
    "repeat 100 { repeat 100 { repeat 100 { say(1) } } }",
    "repeat 100 { repeat 100 { repeat 100 { } } }",
    "for a in shuffle(combine(144)) { for b in combine(144) { for c in combine(144) { } } }",
    "let n = 0\nrepeat 100 { repeat 100 { n += 1 } }",
])
def test_nested_loops_stop_at_the_budget(source):
    assert "budget" in fault(source).message

# ------------------------------------------------------------------ values


@pytest.mark.parametrize("source, words, line", [
    ("let x = 1000\nx *= 1000\nx *= 2", "number out of range: 2000000", 3),
    ("let x = 1000000\nx += 1", "number out of range: 1000001", 2),
    ("let x = -1000000\nx -= 1", "number out of range: -1000001", 2),
    ("attack(sum([600000, 600000]))", "out of range", 1),
    ("bonus(1000 * 1000 * 10)", "out of range", 1),
    ("attack(1000000000000000000000000000000)", "out of range", 1),
    ("let z = 0\nattack(d / z)", "division by zero", 2),
    ("attack(d % (d - 4))", "modulo by zero", 1),
    ("let xs = []\nrepeat 101 { xs += [1] }", "repeat count 101", 2),
    ("let xs = combine(144)\nrepeat 5 { xs = xs + xs }", "list too long (192 items", 2),
    ('let s = "0123456789"\nrepeat 7 { s += s }', "string too long (1280 characters", 2),
    ("give(7)", "a die must be 1 to 6, not 7", 1),
    ("give([3, 0])", "a die must be 1 to 6, not 0", 1),
    ("give(d - 10)", "a die must be 1 to 6, not -6", 1),
    ("give(combine(145))", "more than 24 dice", 1),
])
def test_value_limits(source, words, line):
    err = fault(source)
    assert words in err.message and err.pos.line == line


def test_a_list_of_exactly_the_limit_is_fine():
    result, fx = run("let xs = []\nrepeat 100 { xs += [1] }\nsay(len(xs))")
    assert fx.calls == [("say", "100")]


def test_deep_values_fault_cleanly():
    """A list nested thousands deep is a fault when shown or compared, not a crash."""
    err = fault("let x = []\nrepeat 60 { repeat 60 { x = [x] } }\nsay(x == [x])")
    assert isinstance(err, ScriptError)


class ExplodingEffects:
    """Effects that fail the way a buggy engine might."""

    def damage(self, *args, **kwargs):
        raise KeyError("no such fighter")

    def fighter_field(self, who, name):
        raise ZeroDivisionError("engine bug")


@pytest.mark.parametrize("source", ["attack(1)", "say(self.hp)"])
def test_a_misbehaving_effect_still_leaves_as_a_script_error(source):
    script = compile_stmts(parse_stmts(source), scope=Scope(statuses=CORE_STATUSES))
    with pytest.raises(ScriptError) as caught:
        script.run(ExplodingEffects(), FixedChance())
    assert "internal error" in caught.value.message

# ------------------------------------------------------------ a real fight

FAULTY_CARDS = """
equipment "Fountain" {
    on use {
        give(combine(144))
    }
}
equipment "Divider" {
    on use { attack(d / (d - d)) }
}
equipment "Looper" {
    on use { repeat d { repeat 100 { repeat 100 { attack(0) } } } }
}
"""


def _library_with(tmp_path_factory, name: str, source: str):
    """The base game and ``source`` as the file ``NAME.dice``, loaded clean."""
    path = tmp_path_factory.mktemp(name) / f"{name}.dice"
    path.write_text(source)
    lib = load_library(use_mods=False, extra_files=[path])
    assert lib.errors == [], lib.render_diagnostics()
    return lib


@pytest.fixture(scope="module")
def faulty_library(tmp_path_factory):
    return _library_with(tmp_path_factory, "faulty", FAULTY_CARDS)


@pytest.mark.parametrize("card, line, words", [
    ("Fountain", 4, "more than 24 dice in a pool"),
    ("Divider", 8, "division by zero"),
    ("Looper", 11, "script ran past its budget of 10,000 steps"),
])
def test_a_faulting_card_fizzles_and_the_fight_goes_on(faulty_library, card, line, words):
    lib = faulty_library
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=[card, "Sword"], dice=[3, 5])
    frog_hp = fight.fighters[1].hp
    chance = SampleChance(random.Random(0))
    events = fight.apply(Move.parse(f"3 → {card}"), chance)
    (faults,) = [e for e in events if isinstance(e, E.ScriptFault)]
    assert words in faults.message and f"faulty.dice:{line}:" in faults.where
    assert any(isinstance(e, E.Fizzled) for e in events)
    assert [d.value for d in fight.fighters[0].dice] == [5]        # no dice were added
    fight.apply(Move.parse("5 → Sword"), chance)
    assert fight.fighters[1].hp == frog_hp - 5 and not fight.is_over

# ---------------------------------------------------- hooks setting each other off

CASCADES = """
status "Echo" {
    kind: negative
    stacks: yes
    clears: never
    on damage taken { heal(2); repeat 2 { hurt_self(1) } }
}
status "Ripple" {
    kind: negative
    stacks: yes
    clears: never
    on damage taken { hurt_self(1) }
}
equipment "Spark" { on use { inflict(echo); attack(1) } }
equipment "Drop" { on use { inflict(ripple); attack(1) } }
"""


@pytest.fixture(scope="module")
def cascade_library(tmp_path_factory):
    return _library_with(tmp_path_factory, "cascade", CASCADES)


class _Expired(BaseException):
    """Not an Exception: a script's run turns every Exception into a fault of the script."""


@pytest.fixture
def deadline():
    """Fail a test still running after 60 seconds (a cascade used to run for hours)."""
    import signal

    def expired(*_):
        raise _Expired("still running after 60 s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _use(lib, card):
    fight = Fight.start(lib, lib.hero("Warrior"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(0, equipment=[card], dice=[3])
    fight.fighters[1].hp = fight.fighters[1].max_hp = 9999
    return fight, fight.apply(Move.parse(f"3 → {card}"), SampleChance(random.Random(0)))


def test_hooks_that_set_each_other_off_share_the_budget_of_the_script_that_began_it(
        cascade_library, deadline):
    # Each hook ran on a budget of its own: two hurts a hook made 2 ** depth of them, to
    # the depth Python allows (hours, and gigabytes of log).
    fight, events = _use(cascade_library, "Spark")
    hurts = [e for e in events if isinstance(e, E.Damaged)]
    assert 0 < len(hurts) <= MAX_STEPS
    faults = {e.message for e in events if isinstance(e, E.ScriptFault)}
    assert faults and all("budget of 10,000 steps" in m or "one another" in m for m in faults)
    assert not fight.is_over                                   # and the fight goes on


def test_a_chain_of_hooks_stops_at_the_nesting_limit(cascade_library, deadline):
    fight, events = _use(cascade_library, "Drop")
    hurts = [e for e in events if isinstance(e, E.Damaged)]
    (fault,) = [e for e in events if isinstance(e, E.ScriptFault)]
    assert fault.message == (f"hooks set one another off more than {MAX_NESTING} deep "
                             "(each hook's effects ran the next)")
    assert len(hurts) == MAX_NESTING + 1               # the attack, then one hurt a level
