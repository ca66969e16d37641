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


async def test_the_fight_screen_shows_and_reads_a_taken_card_at_80x24(home):
    """The hero's card the enemy took: ``[taken]`` on its face, and ``x`` says by whom;
    the enemy's copy says whom it was taken from."""
    from dicey.rules.state import TAKEN as GONE_TAKEN
    from test_reading_cards import body_text
    from tui_kit import into_gambler, make_app, screen_text

    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        fight = screen.session.fight
        hero, enemy = fight.fighters
        first = hero.cards[0]
        hero.set_card(0, first._replace(gone=GONE_TAKEN))
        enemy.add_card(first._replace(temporary=STOLEN))
        screen.refresh_view()
        await pilot.pause()
        assert "[taken]" in "\n".join(screen_text(app))
        await pilot.press("x")
        assert f"taken by {enemy.name} for this fight" in body_text(app)
        assert screen._readable(1, len(enemy.cards) - 1).opponent == hero.name
        details = dict(faces.card_details(first._replace(temporary=STOLEN),
                                          opponent=hero.name)[1])
        assert details["for now"] == f"taken from {hero.name} for this fight"


async def test_a_card_taken_for_a_while_says_until_when(home):
    """``take_card(c, 1)``: the hero's copy, read whole (``x``), says it goes back at the
    end of this turn (not "for this fight"); the owner's place, that it comes back then."""
    from test_reading_cards import body_text
    from tui_kit import into_gambler, make_app

    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_gambler(pilot)
        fight = screen.session.fight
        hero, enemy = fight.fighters
        theirs = enemy.cards[0]
        enemy.set_card(0, theirs._replace(gone=TAKEN))
        hero.add_card(theirs._replace(temporary=STOLEN, loan=(fight.turn, 0)))
        screen.refresh_view()
        await pilot.pause()
        screen._put_cursor(0, len(hero.cards) - 1)
        await pilot.press("x")
        text = " ".join(body_text(app).split())
        assert f"taken from {enemy.name} until the end of this turn (turn {fight.turn}); " \
               "then it goes back" in text, text
        assert "for this fight" not in text
        # the owner's place, read, says when the card comes back
        owners = screen._readable(1, 0)
        title, lines = faces.card_details(owners.card, owners.key, owners.owner,
                                          opponent=owners.opponent, turn=owners.turn,
                                          back=owners.back)
        assert dict(lines)["uses"] == f"taken by {hero.name} until the end of this turn " \
            f"(turn {fight.turn}); then it comes back"
