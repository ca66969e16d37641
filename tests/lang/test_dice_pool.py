"""The dice pool in the language: the fighter field ``dice`` and ``set_dice(xs)``, their
static types in the checker and their limits in the interpreter."""
from __future__ import annotations

import pytest

from dicey.lang.effects import RecordingEffects
from dicey.lang.errors import ScriptError
from lang_kit import calls, card, errors, problems, run, value


def test_the_dice_field_is_a_list_the_checker_types():
    assert errors(card("for v in self.dice { attack(v) }; set_dice(target.dice)")) == []
    (err,) = errors(card("attack(self.dice + 1)"))
    assert "cannot add a list and a number" in err.message


@pytest.mark.parametrize("body, words", [
    ("set_dice(3)", "set_dice() needs a list here, not a number"),
    ("set_dice(self.hp)", "set_dice() needs a list here, not a number"),
    ("set_dice()", "set_dice(xs) takes 1 argument, not 0"),
    ("set_dice([1], [2])", "set_dice(xs) takes 1 argument, not 2"),
    ("set_dice([1, 7])", "set_dice() always fails here: a die must be 1 to 6, not 7"),
    ("set_dice([0])", "set_dice() always fails here: a die must be 1 to 6, not 0"),
    ("set_dice([true])", "set_dice() always fails here: a die must be a number"),
    ("let x = self.dice * 2", "'*' needs a number, not a list"),
    ("if self.dice > 3 { stop }", "'>' needs a number or a string, not a list"),
])
def test_misuse_is_a_static_error(body, words):
    found = errors(card(body))
    assert any(words in e.message for e in found), [e.message for e in found]


def test_set_dice_passes_the_values_and_returns_how_many():
    result, fx = run("let n = set_dice([6, 6, 1])\nsay(n)")
    assert fx.calls == [("set_dice", (6, 6, 1)), ("say", "3")]
    assert calls("set_dice([])") == [("set_dice", ())]


def test_a_script_reads_the_pool_and_rewrites_it():
    fx = RecordingEffects()
    fx.fighters["self"]["dice"] = (2, 5, 6)
    run("let up = []\nfor v in self.dice { up = up + [min(v + 1, 6)] }\nset_dice(up)", fx=fx)
    assert fx.calls == [("set_dice", (3, 6, 6))] and fx.fighters["self"]["dice"] == (3, 6, 6)
    assert value("len(self.dice)") == 0


@pytest.mark.parametrize("source, words", [
    ("set_dice([0])", "a die must be 1 to 6, not 0"),
    ("set_dice([3, 7])", "a die must be 1 to 6, not 7"),
    ("set_dice([-d])", "a die must be 1 to 6, not -4"),
    ("set_dice([true])", "a die must be a number, not true/false"),
    ("set_dice([[1]])", "a die must be a number, not a list"),
    ("set_dice(d)", "set_dice()'s argument must be a list, not a number"),
    ("let xs = []\nrepeat 100 { xs = xs + [6] }\nset_dice(xs)",
     "set_dice() of 100 dice: a pool holds at most 24"),
    ("let xs = []\nrepeat 100 { xs = xs + [6] }\nset_dice(xs + [6])", "list too long"),
])
def test_hostile_arguments_fault_before_any_die_changes(source, words):
    fx = RecordingEffects()
    with pytest.raises(ScriptError) as caught:
        run(source, fx=fx)
    assert words in caught.value.message and caught.value.pos is not None
    assert fx.calls == []


def test_exactly_the_pool_limit_passes_to_the_engine():
    assert calls("set_dice(combine(144))") == [("set_dice", (6,) * 24)]


def test_burning_is_a_number_in_equipment_hooks_only():
    assert errors(card("attack(1 + burning)", "\n    tags: fireproof")) == []
    (err,) = errors(card("attack(burning + [1])"))
    assert "cannot add a number and a list" in err.message
    (err,) = errors('status "Embers" {\n    on turn start { hurt_self(burning) }\n}\n')
    assert "unknown name 'burning'" in err.message


def test_fireproof_is_a_tag_the_engine_knows():
    found = problems(card("attack(1)", ' text: "t"\n    tags: firepoof'))
    assert [p.severity for p in found] == ["warning"]
    assert "did you mean 'fireproof'" in found[0].message
    assert problems(card("attack(1)", ' text: "t"\n    tags: fireproof')) == []
