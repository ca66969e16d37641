"""The help screen: every key of every screen (from :mod:`dicey.tui.keys`)."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import SECTIONS

ABOUT = ("Place dice on your cards to use them; each card says which dice it takes. "
         "Beat every enemy on five floors and the boss at the bottom. After each win, "
         "pick a reward. The run is saved after every fight and when you quit.")


def help_table() -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for title, keys in SECTIONS:
        table.add_row(Text(title, style="bold underline"), "")
        for key in keys:
            table.add_row(Text(key.shown, style="bold"), key.what)
        table.add_row("", "")
    return table


class HelpScreen(ModalScreen):
    """Every key, over whatever screen was showing (the game goes on underneath)."""

    BINDINGS = [Binding("escape", "close", show=False), Binding("question_mark", "close",
                                                                show=False),
                Binding("q", "close", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Text("Help — esc to close", style="bold"), id="help-title")
            yield Static(Text(ABOUT), id="help-about")
            with VerticalScroll(id="help-keys"):
                yield Static(help_table())

    def action_close(self) -> None:
        self.dismiss()
