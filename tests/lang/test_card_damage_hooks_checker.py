"""What the checker says of ``on damage taken`` / ``on damage dealt`` on equipment and of
``card.upgraded``: accepted where they make sense, typed, and refused elsewhere with the
usual pointer and did-you-mean."""
from __future__ import annotations

import pytest

from lang_kit import errors, marked, problems


def probe(hook: str, kind: str = "equipment") -> str:
    """A declaration of ``kind`` with ``hook`` on line 3 (a card that is used besides)."""
    if kind == "equipment":
        return f'equipment "Probe" {{\n    text: "x"\n    {hook}\n    on use {{ attack(d) }}\n}}\n'
    return f'{kind} "Probe" {{\n    hp: 5\n    {hook}\n}}\n'


def test_equipment_may_have_the_damage_hooks_with_amount_a_number(symbols):
    source = ('equipment "Gauge" {\n    var charge = 0\n    text: "[charge]"\n'
              '    on use { attack(charge); charge = 0 }\n'
              '    on damage taken { charge += amount }\n'
              '    on damage dealt { if amount > 2 and not card.upgraded { heal(amount / 2) } }\n'
              '    upgraded { on damage taken { charge += 2 * amount } }\n'
              '    weakened { on damage dealt { say(card.upgraded) } }\n}\n')
    assert problems(source, symbols) == []


def test_used_upgraded_is_read_in_on_any_use_too(symbols):
    assert problems(probe("on any use { if used.upgraded { heal(1) } }"), symbols) == []


# (marked source, words of the message, suggestion or None)
ROWS = [
    (probe("«on damge taken { say(amount) }»"),
     "equipment cannot have the hook 'on damge taken'", "on damage taken"),
    (probe("«on damage received { say(amount) }»"),
     "equipment cannot have the hook 'on damage received'", "on damage taken"),
    (probe("«on damage done { say(amount) }»"),
     "equipment cannot have the hook 'on damage done'", "on damage dealt"),
    (probe("«when inflicted { say(inflicted) }»"),
     "equipment cannot have the hook 'when inflicted' (it is a hook of statuses)", None),
    (probe("«on outgoing damage { amount = 0 }»", "hero"),
     "a hero cannot have the hook 'on outgoing damage' (it is a hook of equipment and "
     "statuses)", None),
    (probe("«on damage taken { say(amount) }»", "enemy"),
     "an enemy cannot have the hook 'on damage taken' (it is a hook of equipment and "
     "statuses)", None),
    (probe("«on damage dealt { say(amount) }»", "hero"),
     "a hero cannot have the hook 'on damage dealt'", None),
    (probe("on damage taken { «amount = 0» }"), "cannot assign to 'amount'", None),
    (probe("on damage dealt { say(«amount + \"x\"») }"), "cannot add a number and a string",
     None),
    (probe("on turn end { attack(«amount») }"), "unknown name 'amount'", None),
    (probe("on damage taken { attack(«card.upgraded») }"),
     "attack() needs a number here, not true/false", None),
    (probe("on turn start { if card.«upgrade» { heal(1) } }"),
     "a card has no field 'upgrade'", "upgraded"),
    ('equipment "Probe" {\n    «var upgraded = 1»\n    on use { attack(d) }\n}\n',
     "'upgraded' cannot be a variable name", None),
]


@pytest.mark.parametrize("source, words, suggestion", ROWS)
def test_what_the_checker_says(symbols, source, words, suggestion):
    clean, line, column, end = marked(source)
    found = [p for p in errors(clean, symbols) if words in p.message]
    assert found, "\n".join(map(str, problems(clean, symbols))) or "no problems at all"
    diag = found[0]
    assert (diag.line, diag.column, diag.end_column) == (line, column, end), str(diag)
    if suggestion is None:
        assert "did you mean" not in diag.message
    else:
        assert f"(did you mean '{suggestion}'?)" in diag.message
