"""Small card faces (six cards as narrow as their names allow: 108 columns, for at 80 they are
listed) wrap on word boundaries: a word longer than the
face's line is cut with ``…`` (never broken across two lines: ``opponent'`` then ``s``),
and a face cut short ends with ``…`` after a whole word."""
from __future__ import annotations

from textual.geometry import Region

from dicey.tui import faces
from tui_kit import base_game_state, into_fight, make_app

SIX = ("haymaker", "sticky_fingers", "dagger", "headcount", "lockpick", "poison_needle")


def face_shown(card) -> list[str]:
    """The lines of a card's face as shown, inside its border."""
    lines = card.render_lines(Region(0, 0, *card.outer_size))[1:-1]
    return ["".join(s.text for s in line)[1:-1].strip() for line in lines]


async def test_small_faces_break_lines_between_words(home, library):
    app = make_app(home, library=library)
    async with app.run_test(size=(108, 24)) as pilot:
        screen = await into_fight(pilot, base_game_state(library, SIX, 3))
        assert not screen.query_one("#hero-cards").has_class("-list")
        checked = cut = 0
        for view in screen.query("#hero-cards CardView"):
            whole = (faces.slot_line(view.card) + " " + faces.card_text(view.card)).split()
            lines = [line for line in face_shown(view) if line]
            words = [w for line in lines for w in line.split()]
            for i, word in enumerate(words):
                if word in whole:
                    continue
                # else: a word cut with '…' (one too long for the line, or the last one
                # shown, glued to the '…' of a face cut short)
                assert word.endswith("…"), (view.card.name, word, lines)
                stem = word[:-1]
                assert any(w.startswith(stem) for w in whole), (view.card.name, word)
            if len(faces.card_text(view.card)) > sum(len(line) for line in lines):
                assert lines[-1].endswith("…"), (view.card.name, lines)
                cut += 1
            checked += 1
        assert checked == 6 and cut >= 3          # (the faces are small: half are cut)
        sticky = next(v for v in screen.query("#hero-cards CardView")
                      if v.card.name == "Sticky Fingers")
        shown = face_shown(sticky)
        # (its name short, the card has a cell to spare: the possessive reads whole)
        assert any("opponent's" in line.split() for line in shown), shown
        assert not any(line.endswith("opponent'") for line in shown)
