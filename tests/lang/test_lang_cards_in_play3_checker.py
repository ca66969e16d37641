"""Cards in play, round three, as the checker and the interpreter see them: the fighter
field ``used_this_turn`` (a list of cards), ``take_card(c, turns)`` and ``end_turn(who)``,
and what the engine learns of a script by walking it (whether it may end its owner's turn,
reads which cards a fighter used, takes a card for a while)."""
from __future__ import annotations

import pytest

from dicey.lang.effects import CardRef
from dicey.lang.interp import ends_turn, reads_last_used, script_facts, turn_endings
from dicey.lang.parser import parse_stmts
from lang_kit import calls, errors, expect_error, fault, problems, value
from test_cards_in_play_checker import card

GOOD = [
    "for c in self.used_this_turn { if c.name == card.name { attack(1) } }",
    "attack(len(target.used_this_turn) + count(self.used_this_turn, card))",
    "for c in target.cards { take_card(c, 2) }",
    "for c in target.cards { take_card(c, len(self.cards)) }",
    "end_turn(self)",
    "let n = end_turn(self)\nattack(n)",
]


@pytest.mark.parametrize("use", GOOD)
def test_round_three_checks_clean(use, symbols):
    assert problems(card(use), symbols) == []


# (id, marked source, words the message holds)
ROWS = [
    ("used-this-turn-read-as-a-card", card("say(self.used_this_turn.«name»)"),
     "a list has no fields ('.name'): used_this_turn is a list of the cards it used this "
     "turn, in order"),
    ("a-used-card-field-misspelt",
     card("for c in target.used_this_turn { say(c.«nme») }"), "a card has no field 'nme'"),
    ("used-this-turn-is-a-list", card("attack(«self.used_this_turn + 1»)"),
     "cannot add a list and a number"),
    ("a-fighter-field-misspelt", card("say(target.«used_this_trun»)"),
     "a fighter has no field 'used_this_trun' (did you mean 'used_this_turn'?)"),
    ("take-for-no-turn", card("for c in target.cards { take_card(c, «0») }"),
     "take_card() takes a card for 1 turn at least, not 0 (leave turns out to take it for "
     "the fight)"),
    ("take-for-minus-turns", card("for c in target.cards { take_card(c, «-2») }"),
     "take_card() takes a card for 1 turn at least, not -2"),
    ("take-for-a-word", card('for c in target.cards { take_card(c, «"two"») }'),
     "take_card() needs a number here, not a string"),
    ("take-with-three", card("for c in target.cards { «take_card(c, 1, 2)» }"),
     "take_card(c, [turns]) takes 1 to 2 arguments, not 3"),
    ("end-turn-of-a-card", card("for c in target.cards { end_turn(«c») }"),
     "end_turn() needs a fighter here, not a card"),
]


@pytest.mark.parametrize("source, words", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_round_three_errors(source, words, symbols):
    expect_error(source, words, symbols)


def warnings(source: str, symbols) -> list[tuple[int, int, str]]:
    return [(p.line, p.column, p.message) for p in problems(source, symbols)
            if p.severity == "warning"]


@pytest.mark.parametrize("hook", ["on use", "before use", "on dodged", "on countdown"])
def test_end_turn_target_where_the_targets_turn_is_never_under_way_warns(hook, symbols):
    source = (f'equipment "Probe" {{\n    slots: any\n    text: "x"\n'
              f'    {hook} {{ attack(1); end_turn(target) }}\n}}\n')
    column = len(f"    {hook} {{ attack(1); ") + 1
    assert warnings(source, symbols) == [
        (4, column, f"end_turn(target) does nothing in '{hook}': it runs in its owner's "
                    "own move, never in the target's turn")]


@pytest.mark.parametrize("source", [
    # A blow in the other fighter's move: its turn may be cut.
    card("attack(1)", "on damage taken { end_turn(target) }"),
    # A countdown may be wound to 0 (and fire) in the other fighter's move.
    'equipment "Probe" {\n    slots: countdown 4\n    text: "x"\n'
    '    on use { end_turn(target) }\n}\n',
    # A status's hook on any use: its bearer's cards may fire in the other's move too.
    'status "Probe" {\n    kind: negative\n    text: "x"\n'
    '    on any use { end_turn(target) }\n}\n',
    # Its own turn: end_turn(self) in a card's use is end_turn().
    card("end_turn(self)"),
])
def test_end_turn_target_where_it_may_act_does_not_warn(source, symbols):
    assert problems(source, symbols) == []


def test_end_turn_of_either_fighter_outside_moves_warns(symbols):
    source = card("attack(1)", "on turn end { end_turn(target) }")
    assert [w[2] for w in warnings(source, symbols)] == [
        "end_turn() does nothing in 'on turn end': a script ends a turn only in a "
        "fighter's own moves"]


# ------------------------------------------------------------ the interpreter

def test_the_new_arguments_reach_the_effects():
    theirs = CardRef(("target", 0))
    assert calls("take_card(target.cards[0], 2)\nend_turn(target)\nend_turn(self)") == [
        ("take_card", theirs, 2), ("end_turn", "target"), ("end_turn",)]
    assert value("end_turn(target)") == 1
    assert value("target.used_this_turn") == (theirs,)
    assert value("len(self.used_this_turn)") == 0


@pytest.mark.parametrize("source, words", [
    ("take_card(target.cards[0], 0)",
     "take_card()'s turns is a whole number of turns, at least 1, not 0"),
    ("take_card(target.cards[0], true)",
     "take_card()'s turns is a whole number of turns, at least 1, not true/false"),
    ("take_card(target.cards[0], [1][0] - 3)",
     "take_card()'s turns is a whole number of turns, at least 1, not -2"),
    ("end_turn([self][0].name)",
     "end_turn()'s argument is a fighter (self or target), not a string"),
    ("end_turn(target.cards[0])",
     "end_turn()'s argument is a fighter (self or target), not a card"),
])
def test_a_wrong_argument_at_run_time_is_a_fault(source, words):
    assert fault(source).message == words


@pytest.mark.parametrize("source, facts, endings", [
    # (random, ends its owner's turn, reads the cards used, takes for a while, ends a turn,
    # the counts of uses it reads: 0 none, 1 its own card's times_used, 2 another);
    # the turns it ends: (whose, for certain)
    ("end_turn()", (False, True, False, False, True, 0), (("own", True),)),
    ("end_turn(self)", (False, True, False, False, True, 0), (("own", True),)),
    ("end_turn(target)", (False, False, False, False, True, 0), (("other", True),)),
    ("let who = [self]\nend_turn(who[0])", (False, True, False, False, True, 0),
     (("some", True),)),
    ("if chance(50) { end_turn() }\nend_turn(target)", (True, True, False, False, True, 0),
     (("own", False), ("other", True))),
    ("say(len(self.used_this_turn))", (False, False, True, False, False, 2), ()),
    ("for c in target.last_used { say(c) }", (False, False, True, False, False, 0), ()),
    ("for c in target.cards { take_card(c, 1) }", (False, False, False, True, False, 0), ()),
    ("for c in target.cards { take_card(c) }", (False, False, False, False, False, 0), ()),
    ("say(card.times_used)", (False, False, False, False, False, 1), ()),
    ("for c in self.cards { say(c.times_used) }", (False, False, False, False, False, 2), ()),
    ("say(card.times_used + self.cards_used)", (False, False, False, False, False, 2), ()),
])
def test_a_scripts_walk_tells_what_the_engine_asks(source, facts, endings):
    stmts = parse_stmts(source)
    assert script_facts(stmts) == facts
    assert (ends_turn(stmts), reads_last_used(stmts)) == facts[1:3]
    assert turn_endings(stmts) == endings
