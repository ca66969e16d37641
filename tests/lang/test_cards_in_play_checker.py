"""The cards in play and turn control, as the checker and the interpreter see them: the
fighter fields ``cards`` and ``last_used`` (lists of cards), the new card fields, and the
built-ins ``give_card`` (a name or a card), ``take_card`` and ``end_turn``."""
from __future__ import annotations

import pytest

from dicey.lang.effects import CardRef
from lang_kit import calls, errors, expect_error, fault, value


def card(use: str, *lines: str) -> str:
    """A card whose ``on use`` is ``use`` (line 4), with these member lines before."""
    members = "".join(f"    {line}\n" for line in lines)
    return (f'# a card\nequipment "Probe" {{\n    text: "x"\n    on use {{ {use} }}\n'
            f'{members}}}\n')


GOOD = [
    "for c in target.cards { if c.size == 2 and not c.shocked { take_card(c) } }",
    "for c in target.last_used { give_card(c) }",
    'give_card("Sword")',
    'give_card(pick(["Sword", "Shield"]))',
    "if len(self.cards) > 3 { end_turn() }",
    "let n = end_turn()\nattack(n)",
    "if target.cards[0].button or target.cards[0].weakened { stop }",
    "for c in self.cards { if c == card { say(c.name) } }",
    "attack(len(target.cards) + count(target.last_used, card))",
]


@pytest.mark.parametrize("use", GOOD)
def test_cards_in_play_check_clean(use, symbols):
    assert errors(card(use), symbols) == []


# (id, marked source, words the message holds)
ROWS = [
    ("last-used-read-as-a-card", card("attack(target.last_used.«size»)"),
     "a list has no fields ('.size'): last_used is a list of 0 or 1 cards"),
    ("cards-read-as-a-card", card("say(self.cards.«name»)"),
     "cards is a list of the cards it has in play"),
    ("take-a-name", card('take_card(«"Sword"»)'), "take_card() needs a card here, not a string"),
    ("take-a-fighter", card("take_card(«target»)"), "take_card() needs a card here, not a fighter"),
    ("take-nothing", card("«take_card()»"),
     "take_card(c, [turns]) takes 1 to 2 arguments, not 0"),
    ("take-this-card", card("take_card(«card»)"),
     "take_card() takes one of the opponent's cards (target.cards, target.last_used): "
     "'card' is this card, the owner's own"),
    ("take-the-card-used", card("attack(1)", "on any use { take_card(«used») }"),
     "'used' is the owner's own card just used"),
    ("give-a-number", card("give_card(«3»)"), "give_card() needs a string or a card here"),
    ("give-an-unknown-card", card('give_card(«"Swrod"»)'), "unknown card 'Swrod'"),
    ("end-turn-with-a-number", card("end_turn(«1»)"),
     "end_turn() needs a fighter here, not a number"),
    ("end-turn-with-two-arguments", card("«end_turn(self, target)»"),
     "end_turn([who]) takes 0 to 1 arguments, not 2"),
    ("a-card-field-misspelt", card("attack(card.«sizes»)"), "a card has no field 'sizes'"),
    ("a-fighter-field-misspelt", card("say(target.«last_use»)"),
     "a fighter has no field 'last_use' (did you mean 'last_used'?)"),
    ("end-turn-in-ready", card("attack(1)", "slots: none", "ready: «end_turn»() > 0"),
     "end_turn()"),
    ("a-card-var-named-like-a-card-field", card("attack(1)", "«var size = 2»"),
     "a field every card has (card.size)"),
]


@pytest.mark.parametrize("source, words", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_cards_in_play_errors(source, words, symbols):
    expect_error(source, words, symbols)


def test_the_new_fields_have_types(symbols):
    """``size`` is a number, the marks are true/false: used as the other, the checker
    says so."""
    assert errors(card("if card.size + 1 > 2 { attack(1) }"), symbols) == []
    assert [e.message for e in errors(card('attack(card.shocked + "x")'), symbols)] == [
        "cannot add true/false and a string"]


# ------------------------------------------------------------ the interpreter

def test_card_values_and_calls_reach_the_effects():
    theirs = CardRef(("target", 0))
    assert calls("for c in target.last_used { give_card(c) }") == [("give_card", theirs)]
    assert calls("take_card(target.cards[0])\nend_turn()") == [
        ("take_card", theirs), ("end_turn",)]
    assert calls('give_card("Sword")') == [("give_card", "Sword")]
    assert value("len(self.cards)") == 1 and value("target.last_used") == (theirs,)
    assert value("target.cards[0].name") == "Shield"
    assert value("[card.size, card.shocked, card.weakened, card.button]") == (
        1, False, False, False)
    assert value("end_turn()") == 1


@pytest.mark.parametrize("source, words", [
    ("take_card(3)", "take_card() needs a card (one of target.cards), not a number"),
    ("take_card(target)", "take_card() needs a card (one of target.cards), not a fighter"),
    ("give_card(self)", "give_card() needs a card or a card's name, not a fighter"),
    ("give_card(target.last_used)", "give_card() needs a card or a card's name, not a list"),
])
def test_a_wrong_value_at_run_time_is_a_fault(source, words):
    assert fault(source).message == words


@pytest.mark.parametrize("hook", ["on turn start", "on turn end", "on fight start"])
def test_end_turn_where_it_does_nothing_is_a_warning(hook, symbols):
    from lang_kit import problems
    source = card("attack(d)", f"{hook} {{ if self.hp < 5 {{ end_turn() }} }}")
    found = problems(source, symbols)
    assert [(p.severity, p.line, p.message) for p in found] == [
        ("warning", 5, f"end_turn() does nothing in '{hook}': a script ends a turn only in "
                       "a fighter's own moves")]
    assert problems(card("attack(d)", "on damage taken { end_turn() }"), symbols) == []


def test_a_card_says_its_name():
    from lang_kit import said
    assert said("for c in target.cards { say(c) }\nsay(card)") == ["Shield", "Sword"]
