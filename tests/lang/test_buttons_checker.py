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
    # `progress: SO_FAR, GOAL`, read as `ready` is
    ("progress-on-a-dice-card", button("slots: any", "«progress: 1, 2»"),
     "'progress' is only for a button (a card with 'slots: none')"),
    ("progress-one-number", button("slots: none", "«progress: 3»"),
     "'progress' takes two numbers, how far the button has come and its goal"),
    ("progress-three-numbers", button("slots: none", "«progress: 1, 2, 3»"), "not 3"),
    ("progress-a-condition", button("slots: none", "progress: «self.hp > 3», 8"),
     "'progress' must be whole numbers (so far, goal), not true/false"),
    ("progress-a-string-goal", button("slots: none", 'progress: 1, «"eight"»'),
     "'progress' must be whole numbers (so far, goal), not a string"),
    ("progress-a-boolean-variable", button("slots: none", "var armed = false",
                                           "progress: «armed», 1"),
     "'progress' must be whole numbers"),
    ("progress-rolls", button("slots: none", "progress: «roll»(1, 6), 6"),
     "'progress' cannot call roll(), a chance point"),
    ("progress-heals", button("slots: none", "progress: 1, «heal»(2)"),
     "'progress' cannot call heal(): it only reads the fight"),
    ("progress-reads-d", button("slots: none", "progress: «d», 6"),
     "'d' is not known in 'progress': a button takes no die"),
    ("progress-reads-burning", button("slots: none", "progress: 1 + «burning», 6"),
     "'burning' is not known in 'progress'"),
    ("progress-reads-dice", button("slots: none", "progress: len(«dice»), 6"),
     "'dice' is not known in 'progress'"),
    ("progress-reads-simulation", button("slots: none", "progress: «simulation», 6"),
     "'simulation' is not known in 'progress'"),
    ("progress-unknown-name", button("slots: none", "progress: «chrage», 6"),
     "unknown name 'chrage'"),
    ("progress-in-a-status", 'status "Probe" {\n    text: "x"\n    «progress: 1, 2»\n}\n',
     "unknown property 'progress' for a status"),
    # a base card that takes dice, which only its upgraded block makes a button: the block
    # is blamed, and the message says it is the upgraded version
    ("d-kept-by-an-upgraded-button",
     'equipment "Probe" {\n    slots: any\n    text: "x"\n    on use { attack(d) }\n'
     '    upgraded { «slots: none» }\n}\n',
     "'d' is not known once Probe is upgraded: its upgraded version is a button (this "
     "'slots: none'), which takes no die, and it keeps the base card's 'on use', which "
     "reads 'd' at line 4:21 (give 'upgraded' an 'on use' of its own)"),
    ("dice-in-an-upgraded-buttons-own-hook",
     'equipment "Probe" {\n    slots: any\n    text: "x"\n    on use { attack(1) }\n'
     '    upgraded {\n        slots: none\n        on turn start { attack(len(«dice»)) }\n'
     '    }\n}\n',
     "'dice' is not known here: the upgraded version of Probe is a button ('slots: none' at "
     "line 6), which takes no die"),
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


GAUGE = '''equipment "Probe" {
    slots: none
    once per fight
    var charge = 0
    ready: charge >= 6
    progress: min(charge, 6), 6
    text: "Charge: [charge]/6"
    on damage taken { charge += amount }
    on use { attack(8) }
    upgraded {
        ready: charge >= 4
        progress: card.charge, 2 * 2
    }
}
'''


def test_a_clean_progress_checks_to_its_two_expressions_and_prints_back(symbols):
    from dicey.lang.checker import check_decl, collect_symbols

    module = parse(GAUGE, "t.dice")
    defn, found = check_decl(module.decls[0], "t.dice",
                             collect_symbols(module.decls, symbols))
    assert found == [] and defn is not None
    assert defn.progress == (parse_expr("min(charge, 6)"), parse_expr("6"))
    assert defn.progress_text == ("min(charge, 6)", "6")
    assert defn.upgraded.progress_text == ("card.charge", "2 * 2")   # an upgrade changes it
    assert parse(print_module(module)) == module
    assert "    progress: min(charge, 6), 6\n" in print_module(module)
    plain = check_decl(parse(LIMIT_BREAK).decls[0], "t.dice",
                       collect_symbols(parse(LIMIT_BREAK).decls, symbols))[0]
    assert plain.progress is None and plain.progress_text == ("", "")


def test_progress_is_a_name_elsewhere(symbols):
    source = button("slots: none", "var progress = 2", "tags: progress",
                    "progress: progress, card.progress + 1", use="attack(progress)")
    assert errors(source, symbols) == []


def test_an_upgraded_button_blamed_once_even_when_also_weakened(symbols):
    """The base card's hook is checked once for the upgraded button: the weakened upgrade
    (the upgraded block and the weakened one on top) says nothing more."""
    source = ('equipment "Probe" {\n    slots: any\n    text: "x"\n    on use { attack(d) }\n'
              '    upgraded { slots: none }\n    weakened { text: "y" }\n}\n')
    found = errors(source, symbols)
    assert len(found) == 1 and found[0].line == 5 and "once Probe is upgraded" in \
        found[0].message
