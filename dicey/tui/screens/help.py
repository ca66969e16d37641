"""The help screen: every key of every screen (from :mod:`dicey.tui.keys`)."""
from __future__ import annotations

from typing import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import HELP_BOX_KEYS, LEGEND, SECTIONS, Key, bindings
from ..widgets import KeyBar

ABOUT = ("Place dice on your cards to use them: each card says which dice it takes. "
         "Beat every enemy, floor by floor, and the boss at the bottom. After each win, "
         "pick a reward. The run is saved as you play, and when you quit or close the "
         "terminal: Continue goes on where you left it.")


def help_table(first: Sequence[Key] = ()) -> Table:
    """Every screen's keys, those of ``first`` (the screen open now) first."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    sections = sorted(SECTIONS, key=lambda section: section[1] is not first)
    rows = [(title, [(key.shown, key.help) for key in keys]) for title, keys in sections]
    for title, lines in rows + [("Reading cards and dice", list(LEGEND))]:
        table.add_row(Text(title, style="bold underline"), "")
        for shown, what in lines:
            table.add_row(Text(shown, style="bold"), what)
        table.add_row("", "")
    return table


class HelpScreen(ModalScreen):
    """Every key, over whatever screen was showing (the game goes on underneath); the keys
    of the screen underneath come first."""

    KEYS = HELP_BOX_KEYS
    BINDINGS = bindings(HELP_BOX_KEYS)

    def __init__(self, first: Sequence[Key] = ()):
        super().__init__()
        self.first = first

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Text("Help", style="bold"), id="help-title")
            yield Static(Text(ABOUT), id="help-about")
            with VerticalScroll(id="help-keys"):
                yield Static(help_table(self.first))
            yield KeyBar(self.KEYS)

    def action_close(self) -> None:
        self.dismiss()
