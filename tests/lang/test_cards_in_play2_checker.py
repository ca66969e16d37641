"""Cards in play, round two, as the checker and the interpreter see them: a card named
with ``+``, the fields of a card value (typed, and only a card's own hooks read its
variables), the built-ins shock_card, weaken_card, discard and give_card's side."""
from __future__ import annotations

import pytest

from lang_kit import errors, expect_error, fault
from test_cards_in_play_checker import card


GOOD = [
    'give_card("Sword+")',
    'give_card("Sword +")',
    'replace_with("Shield+")',
    "for c in target.cards { if c.size > 1 { attack(c.times_used) } }",
    "attack(target.cards[0].size)",
    "say(card.name)",
    "for c in target.cards { if c.max_die >= 5 and c.slots == 1 { shock_card(c) } }",
    "for c in self.cards { if c.temporary or c.single_use { give_card(c, target) } }",
    "attack(weaken_card(target.cards[0]) + card.countdown)",
    "for c in target.cards { if c.once_per_fight { discard(c) } }",
    'give_card("Rock", target)\ngive_card(card, self)',
]


@pytest.mark.parametrize("use", GOOD)
def test_round_two_checks_clean(use, symbols):
    assert errors(card(use), symbols) == []


FIELDS = ("its fields: times_used, uses_left, name, id, upgraded, size, shocked, "
          "weakened, button, single_use, once_per_fight, countdown, slots, max_die, "
          "temporary")

ROWS = [
    ("an-upgrade-of-a-card-with-none", card('give_card(«"Focus+"»)'),
     "'Focus+': Focus has no upgrade"),
    ("replace-with-an-upgrade-of-none", card('replace_with(«"Torch+"»)'),
     "'Torch+': Torch has no upgrade"),
    ("two-upgrades", card('give_card(«"Sword++"»)'),
     "'Sword++': a card has one upgrade (write \"Sword+\")"),
    ("an-unknown-upgrade", card('give_card(«"Swrod+"»)'), "unknown card 'Swrod+'"),
    ("another-cards-variable", card("for c in target.cards { if c.«charge» > 3 { stop } }"),
     f"a card has no field 'charge' ({FIELDS})"),
    ("an-unknown-field-of-a-listed-card", card("attack(self.cards[0].«bogus»)"),
     f"a card has no field 'bogus' ({FIELDS})"),
    ("shock-a-name", card('shock_card(«"Sword"»)'),
     "shock_card() needs a card here, not a string"),
    ("discard-a-fighter", card("discard(«target»)"), "discard() needs a card here, not a fighter"),
    ("give-to-a-card", card("give_card(card, «card»)"),
     "give_card() needs a fighter here, not a card"),
    ("give-to-four", card('«give_card("Rock", target, 1, 2)»'),
     "give_card(c, [who], [turns]) takes 1 to 3 arguments, not 4"),
    ("a-field-is-a-bool", card("attack(«card.single_use + 1»)"), "cannot add true/false and a number"),
    ("last-used-loop", card("for c in target.last_used { say(c.«nme») }"),
     "a card has no field 'nme' (did you mean 'name'?)"),
]


@pytest.mark.parametrize("source, words", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_round_two_errors(source, words, symbols):
    expect_error(source, words, symbols)


def test_another_card_value_shows_only_the_card_fields_at_run_time():
    error = fault("for c in [] + target.cards { say(c.charge) }")
    assert error.message == f"a card has no field 'charge' ({FIELDS})"
