"""Help explains the statuses a fighter's bar shows (``poison 3``), from the texts the
content gives them, a mod's statuses too: the bars named them and nothing said what they
did."""
from __future__ import annotations

from dataclasses import replace

from dicey.tui.screens.help import status_lines
from tui_kit import make_app, screen_text, tui_library, wait_until


def library_with_texts():
    lib = tui_library()
    lib.statuses = dict(lib.statuses)
    lib.statuses["poison"] = replace(lib.statuses["poison"],
                                     text="Lose [stacks] HP at the start of your turn")
    lib.statuses["shield"] = replace(lib.statuses["shield"], text="Blocks the next [stacks] "
                                                                  "damage [b]")
    return lib


def test_status_lines_say_n_for_the_stacks_and_leave_out_statuses_without_a_text():
    lines = status_lines(library_with_texts())
    assert lines == [("Poison", "Lose N HP at the start of your turn"),
                     ("Shield", "Blocks the next N damage [b]")]
    assert status_lines(None) == []


async def test_the_help_box_ends_with_the_statuses(home):
    app = make_app(home, library=library_with_texts())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.press("end")                      # (the help's foot, however long)
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert "Statuses" in shown and "the number after a status's name on a bar" in shown
        assert "Lose N HP at the start of your turn" in shown
        assert "Blocks the next N damage [b]" in shown            # as written
