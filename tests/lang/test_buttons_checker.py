"""Buttons (``slots: none``) and their ``ready`` condition, as the checker sees them: each
problem at its ``line:col`` (the span marked ``«…»``), and what a clean button checks to."""
from __future__ import annotations

import pytest

from dicey.lang.parser import parse, parse_expr
from dicey.lang.printer import print_module
from lang_kit import errors, expect_error, marked, problems


def button(*lines: str, use: str = "attack(2)") -> str:
    """A button card with these member lines (one a line, from line 3 on)."""
    members = "".join(f"    {line}\n" for line in lines)
    return (f'# a button\nequipment "Probe" {{\n{members}    text: "x"\n'
            f'    on use {{\n        {use}\n    }}\n}}\n')


# (id, marked source, words the message holds)
ROWS = [
    ("none-mixed-with-a-slot", button("slots: «none», any"),
     "'slots: none' makes a button, which takes no die: it cannot be mixed with other slots"),
    ("none-mixed-after-a-slot", button("slots: max 3, «none»"), "cannot be mixed"),
    ("none-mixed-with-free", button("slots: «none», free 2"), "cannot be mixed"),
    ("none-mixed-with-a-countdown", button("slots: «none», countdown 4"), "cannot be mixed"),
    ("none-with-a-total", button("slots: none", "«total: 5»"),
     "a button takes no die: it cannot have a 'total'"),
    ("none-twice", button("slots: none, «none»"), "'none' is written twice"),
    ("none-with-a-number", button("slots: «none 2»"), "'none' takes no number"),
    ("d-in-a-button", button("slots: none", use="attack(«d»)"),
     "'d' is not known here: a button takes no die"),
    ("dice-in-a-button", button("slots: none", use="attack(len(«dice»))"),
     "'dice' is not known here: a button takes no die"),
    ("d-in-another-hook-of-a-button",
     button("slots: none", "on turn start { attack(«d») }"),
     "'d' is not known here: a button takes no die"),
    ("ready-on-a-dice-card", button("slots: any", "«ready: turn > 2»"),
     "'ready' is only for a button (a card with 'slots: none')"),
    ("ready-on-a-card-without-slots", button("«ready: true»"),
     "'ready' is only for a button"),
    ("ready-not-a-condition", button("slots: none", "ready: «self.hp + 1»"),
     "'ready' must be a condition (true or false), not a number"),
    ("ready-a-string", button("slots: none", 'ready: «"yes"»'),
     "'ready' must be a condition (true or false), not a string"),
    ("ready-rolls", button("slots: none", "ready: «roll»(1, 6) > 3"),
     "'ready' cannot call roll(), a chance point"),
    ("ready-chance", button("slots: none", "ready: «chance»(50)"),
     "'ready' cannot call chance(), a chance point"),
    ("ready-pick-inside", button("slots: none", "ready: self.hp > 3 and «pick»([1, 2]) == 1"),
     "'ready' cannot call pick(), a chance point"),
    ("ready-heals", button("slots: none", "ready: «heal»(2) > 0"),
     "'ready' cannot call heal(): it only reads the fight"),
    ("ready-reads-d", button("slots: none", "ready: «d» > 3"),
     "'d' is not known in 'ready': a button takes no die"),
    ("ready-reads-dice", button("slots: none", "ready: len(«dice») > 3"),
     "'dice' is not known in 'ready'"),
    ("ready-reads-simulation", button("slots: none", "ready: not «simulation»"),
     "'simulation' is not known in 'ready'"),
    ("ready-unknown-name", button("slots: none", "ready: «chrage» > 3"),
     "unknown name 'chrage'"),
    ("ready-unknown-card-field", button("slots: none", "ready: card.«chrage» > 3"),
     "a card has no field 'chrage'"),
    ("ready-in-a-status", 'status "Probe" {\n    text: "x"\n    «ready: true»\n}\n',
     "unknown property 'ready' for a status"),
]


@pytest.mark.parametrize("source, words", [pytest.param(*row[1:], id=row[0]) for row in ROWS])
def test_button_error(source, words, symbols):
    expect_error(source, words, symbols)


LIMIT_BREAK = '''equipment "Probe" {
    slots: none
    once per fight
    var charge = 0
    ready: charge >= 6 and card.uses_left > 0 and self.hp < self.max_hp and turn > 1
    text: "Charge: [charge]/6"
    on damage taken { charge += amount }
    on use { attack(8) }
    upgraded { ready: charge >= 4 }
}
'''


def test_a_clean_button_checks_to_a_button_with_its_condition(symbols):
    from dicey.lang.checker import check_decl, collect_symbols

    module = parse(LIMIT_BREAK, "t.dice")
    defn, found = check_decl(module.decls[0], "t.dice",
                             collect_symbols(module.decls, symbols))
    assert found == [] and defn is not None
    assert defn.button and defn.slots == () and defn.countdown is None
    assert defn.ready == parse_expr(
        "charge >= 6 and card.uses_left > 0 and self.hp < self.max_hp and turn > 1")
    assert defn.ready_text == ("charge >= 6 and card.uses_left > 0 and self.hp < "
                               "self.max_hp and turn > 1")
    # an upgraded block changes the condition, and stays a button
    assert defn.upgraded.button and defn.upgraded.ready_text == "charge >= 4"
    plain = check_decl(parse('equipment "P" {\n    on use { attack(d) }\n}').decls[0],
                       "t.dice", symbols)[0]
    assert not plain.button and plain.ready is None and plain.ready_text == ""


def test_a_button_without_ready_and_its_other_hooks_check_clean(symbols):
    source = button("slots: none", "uses: 2", "on turn start { let d = 3\n gain(shield, d) }")
    assert errors(source, symbols) == []


def test_ready_is_a_name_elsewhere(symbols):
    """``ready`` is a keyword only where a member starts: a variable, a tag and a field
    may be called so."""
    source = button("slots: none", "var ready = 2", "tags: ready", "ready: ready > 1",
                    use="attack(ready + card.ready)")
    assert errors(source, symbols) == []


def test_a_ready_condition_prints_and_parses_back():
    module = parse(LIMIT_BREAK)
    assert parse(print_module(module)) == module
    assert "ready: charge >= 6 and card.uses_left > 0" in print_module(module)


@pytest.mark.parametrize("lines, warned", [
    (("slots: none", "«uses: unlimited»", "cast: self"), True),
    (("slots: none", "uses: unlimited", "ready: turn > 3"), False),   # it may wait
    (("slots: none", "uses: unlimited", "once per fight"), False),
    (("slots: none", "uses: 3"), False),
])
def test_a_button_that_can_be_used_without_end_is_warned_of(symbols, lines, warned):
    """An enemy's always-ready unlimited button was pressed 200 times a turn (the turn's
    limit of moves), and 'dicey check' said nothing."""
    source = button(*lines, use="gain(shield, 1)")
    clean, line, column, _ = marked(source) if "«" in source else (source, 0, 0, 0)
    found = [p for p in problems(clean, symbols) if "without end" in p.message]
    assert bool(found) == warned, found
    if warned:
        assert found[0].severity == "warning" and (found[0].line, found[0].column) == (line, column)
        assert "limit of moves" in found[0].message
