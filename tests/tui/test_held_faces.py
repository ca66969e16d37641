"""A card held for a while says until when on its face's bottom edge, as ``x`` names the
turn: one given for a while (``give_card(c, who, turns)``) or taken for a while
(``take_card(c, turns)``) ``goes after turn 3``, then ``goes after this turn``; one's own
card taken for a while is ``back after turn 4``; a face too narrow for ``this turn``
names it by its number, and one too narrow for that says ``to turn 3``."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.cells import cell_len

from dicey.lang.chance import SampleChance
from dicey.lang.defs import EquipmentDef, Slot
from dicey.rules.state import GIVEN, STOLEN, TAKEN, fresh_card
from dicey.tui import faces
from dicey.tui.widgets import TITLE_FRAME, CardRow, CardView
from test_reading_cards import body_text
from tui_kit import (base_game_state, hero_turn_or_end, into_fight, into_gambler, make_app,
                     screen_text)

#: A mod of the new shapes of card: the Armory gives a Hammer for this turn and the next.
PYRE = Path(__file__).resolve().parents[1] / "data" / "pyre"


@pytest.fixture(scope="module")
def pyre():
    from dicey.library import load_library
    return load_library(mod_dirs=[PYRE])


def claw(**kw):
    return fresh_card(EquipmentDef("claw", "Claw", slots=(Slot("any"),), **kw))


def edge(screen, side: int, index: int) -> str:
    """The bottom edge of ``side``'s ``index``-th card, as its row shows it."""
    row = screen.query_one("#hero-cards" if side == 0 else "#enemy-cards", CardRow)
    view = next(w for w in row.query(CardView) if w.index == index)
    if view.listed:
        return view.line(10_000).plain
    return str(view.border_subtitle)


def test_the_bottom_edge_says_until_when_a_card_is_held():
    given = claw()._replace(temporary=True, loan=(3, GIVEN))
    assert faces.card_tail(given, None, 1) == "goes after turn 3"
    assert faces.card_tail(given, None, 3) == "goes after this turn"
    lent = claw()._replace(temporary=STOLEN, loan=(4, 0))      # taken from the opponent
    assert faces.card_tail(lent, None, 4) == "goes after this turn"
    # one's own card, taken for a while: back then (that says taken, on a face [taken])
    husk = claw()._replace(gone=TAKEN)
    assert faces.card_tail(husk, None, 1, back=4) == "back after turn 4"
    assert faces.card_tail(husk, None, 1) == "taken"           # taken for the fight
    # a card of the kit's own, or one given for the fight, says nothing of it
    assert faces.card_tail(claw(), None, 1) == ""
    assert faces.card_tail(claw()._replace(temporary=True), None, 1) == ""
    assert faces.card_tail(given, None, 0) == ""                # outside a fight


def test_a_narrow_face_says_it_short_and_its_uses_and_marks_come_first():
    dagger = claw(uses=-1)._replace(temporary=True, loan=(13, GIVEN))
    assert faces.card_tail(dagger, None, 11) == "∞ goes after turn 13"
    assert faces.card_tail(dagger, 14, 11) == "∞ to turn 13"
    # in its last turn, the turn by its number where 'this turn' does not fit
    assert faces.card_tail(dagger, None, 13) == "∞ goes after this turn"
    assert faces.card_tail(dagger, 20, 13) == "∞ goes after turn 13"
    # the narrowest box of a row (16 cells): the uses go first
    narrowest = CardRow.MIN_BOX - TITLE_FRAME
    assert faces.card_tail(dagger, narrowest, 11) == "to turn 13"
    assert cell_len("to turn 99") <= narrowest
    # a shocked card keeps SHOCKED (nothing uses it until it is released)
    assert faces.card_tail(dagger._replace(shocked=True), narrowest, 11) == "SHOCKED"
    assert faces.card_tail(dagger._replace(shocked=True), 19, 11) == "to turn 13 SHOCKED"


def test_the_face_and_x_name_the_same_turn():
    given = claw()._replace(temporary=True, loan=(5, GIVEN))
    for turn, said in ((3, "turn 5"), (5, "this turn")):
        assert faces.held_line(given, turn) == f"goes after {said}"
        assert f"until the end of {said} " in dict(faces.card_details(given, turn=turn)[1])[
            "for now"]
    husk = claw()._replace(gone=TAKEN)
    assert faces.held_line(husk, 4, back=5) == "back after turn 5"
    assert "until the end of turn 5 " in dict(faces.card_details(
        husk, opponent="Mugger", turn=4, back=5)[1])["uses"]


async def test_a_hammer_from_the_armory_says_when_it_goes(home, pyre):
    """The Armory (tests/data/pyre) played with a 4: a Hammer for this turn and the next,
    its face ``goes after turn N`` (N: this turn and 2); in that turn, ``goes after this
    turn``; after it, the Hammer is gone."""
    app = make_app(home, library=pyre)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(pyre, ("armory", "sword"), 3))
        fight = screen.session.fight
        assert edge(screen, 0, 1) == ""                           # the kit's own Sword
        fight.set_position(0, dice=[4, 3, 5])
        screen.refresh_view()
        await pilot.press("1", "a")                               # the 4 on the Armory
        hammer = fight.fighters[0].cards[2]
        first = fight.turn
        assert hammer.name == "Hammer" and hammer.loan == (first + 2, GIVEN)
        assert edge(screen, 0, 2) == f"goes after turn {first + 2}"
        assert f"goes after turn {first + 2}" in "\n".join(screen_text(app))
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        assert fight.turn == first + 2 and fight.fighters[0].cards[2].name == "Hammer"
        assert edge(screen, 0, 2) == "goes after this turn"
        screen._put_cursor(0, 2)                                  # read: the same turn
        await pilot.pause()
        message = " ".join(str(screen.query_one("#message").render()).split())
        assert message.endswith("goes after this turn"), message
        await pilot.press("x")
        assert f"given until the end of this turn (turn {fight.turn}); then it goes" in \
            " ".join(body_text(app).split())
        await pilot.press("escape")
        await pilot.press("T")
        await hero_turn_or_end(pilot)
        assert [c.name for c in fight.fighters[0].cards] == ["Armory", "Sword"]


async def test_a_card_taken_for_a_while_says_when_it_goes_back_on_both_sides(home):
    """The enemy takes the hero's Sword for 2 of its turns; the hero takes the enemy's
    Lucky 7 for this turn: the taker's copies ``goes after…``, the places they left ``back
    after…`` where a box has room for that (at 120 columns, or three boxes at 80); a box
    without says ``to turn 4`` (the narrowest, of five at 80), and a row that lists its
    cards (the Gambler's, at 80) the long words."""
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await into_gambler(pilot)
        fight = screen.session.fight
        turn = fight.turn
        fight._open(SampleChance(random.Random(0)))
        fight._take_card(0, 1, 0, 1)               # the hero takes Lucky 7, for this turn
        fight._take_card(1, 0, 0, 2)               # the Gambler takes the Sword, 2 turns
        fight._close()
        screen.refresh_view()
        await pilot.pause()
        hero, enemy = fight.fighters
        assert hero.cards[-1].name == "Lucky 7" and enemy.cards[-1].name == "Sword"
        # four boxes of 30 cells: the long words
        assert edge(screen, 0, len(hero.cards) - 1) == "goes after this turn"
        assert edge(screen, 0, 0) == f"back after turn {turn + 3}"
        # five of 24: 'back after this turn' (20 cells) says the turn by its number
        assert edge(screen, 1, len(enemy.cards) - 1) == f"goes after turn {turn + 3}"
        assert edge(screen, 1, 0) == f"back after turn {turn}"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        # the hero's three boxes at 80 columns have room for the long words too
        assert edge(screen, 0, 0) == f"back after turn {turn + 3}"
        assert edge(screen, 0, 2) == "goes after this turn"
        # the Gambler's row lists its cards: the long words, on the line
        lines = [" ".join(edge(screen, 1, i).split()) for i in (0, len(enemy.cards) - 1)]
        assert lines[0].startswith("Lucky 7 [taken] back after this turn Two dice"), lines
        assert lines[1].startswith(f"Sword [any] goes after turn {turn + 3} Do d"), lines
        # five boxes of 16 cells (the narrowest a row has): ten cells for the words
        fight._open(SampleChance(random.Random(0)))
        fight._give_card(0, "hammer", 2)
        fight._give_card(0, "rock", 1)
        fight._close()
        screen.refresh_view()
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert [edge(screen, 0, i) for i in range(5)] == [
            f"to turn {turn + 3}", "", f"to turn {turn}", f"to turn {turn + 2}",
            f"to turn {turn}"], shown
        assert f"╰── to turn {turn + 3} ─╯" in shown and "e Rock" in shown
