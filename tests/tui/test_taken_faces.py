"""A card taken (or discarded) in a fight reads as such, not as used up: its face, its
border's uses, and the reader's lines for both the victim's place and the thief's copy."""
from __future__ import annotations

import pytest

from dicey.lang.defs import EquipmentDef, Slot
from dicey.rules.state import DISCARDED, STOLEN, TAKEN, fresh_card
from dicey.tui import faces


def card(**kw):
    kw.setdefault("slots", (Slot("any"),))
    return fresh_card(EquipmentDef(kw.pop("id", "c"), kw.pop("name", "Claw"), **kw))


@pytest.mark.parametrize("gone, face, uses", [
    (True, "[any]", "used up"), (TAKEN, "[taken]", "taken"), (DISCARDED, "[gone]", "discarded"),
])
def test_a_gone_cards_face_says_why(gone, face, uses):
    claw = card()._replace(gone=gone)
    assert faces.slot_line(claw) == face and faces.uses_line(claw) == uses


def test_a_taken_button_shows_taken():
    fury = card(slots=(), button=True)._replace(gone=TAKEN)
    assert faces.slot_line(fury, True) == "[taken]"
    assert faces.readiness(fury, True) == "taken by the opponent for this fight"


def test_the_reader_says_who_took_it_and_whom_from():
    victims = dict(faces.card_details(card()._replace(gone=TAKEN), "a", opponent="Magpie")[1])
    assert victims["uses"] == "taken by Magpie for this fight"
    thiefs = dict(faces.card_details(card()._replace(temporary=STOLEN), owner="Magpie",
                                     opponent="Rat")[1])
    assert thiefs["for now"] == "taken from Rat for this fight"
    given = dict(faces.card_details(card()._replace(temporary=True))[1])
    assert given["for now"] == "given during this fight; gone after it"
    used = dict(faces.card_details(card()._replace(gone=True))[1])
    assert used["uses"] == "used up: gone for the rest of the fight"
