"""The cards' texts say what the cards do: an upgrade that takes other dice says so in its
own text (Lucky Charm+, Dragon Scales+), and Sticky Fingers says it passes buttons by."""
from __future__ import annotations

import random

from dicey.lang.chance import SampleChance
from dicey.rules.fight import Fight
from dicey.rules.protocol import Move


def test_no_upgrade_keeps_a_text_that_says_its_cards_old_dice(library):
    """The base game and the bundled mods (``library``): no upgrade that takes other dice
    than its card still says the card's (dicey check's warning)."""
    assert [d.message for d in library.diagnostics
            if "its text is the card's own" in d.message] == []


def test_the_two_upgrades_that_did_say_their_new_dice(base_library):
    charm = base_library.card("Lucky Charm").upgraded
    scales = base_library.card("Dragon Scales").upgraded
    assert "a 1 or 2:" in charm.text and "Never weakened" in charm.text
    assert not scales.text.lower().startswith("odd")


def test_sticky_fingers_says_it_passes_buttons_by_as_it_does(base_library):
    """Its text says so, and it does: against a button bigger than any other card (a
    limit break is size 1 like the rest, so the leftmost card that is not a button goes)."""
    lib = base_library
    for card in (lib.card("Sticky Fingers"), lib.card("Sticky Fingers").upgraded):
        assert "not a button" in card.text
    fight = Fight.start(lib, lib.hero("Thief"), lib.enemy("Frog"), random.Random(0))
    fight.set_position(1, equipment=["Fury", "Sword"])
    fight.set_position(0, equipment=["Sticky Fingers"], dice=[6])
    fight.apply(Move.parse("6 → Sticky Fingers"), SampleChance(random.Random(0)))
    assert [c.title for c in fight.fighters[0].cards if not c.gone][-1] == "Sword"
