"""The help screen: every key of every screen (from :mod:`dicey.tui.keys`)."""
from __future__ import annotations

from typing import Any, Sequence

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


#: How many stacks a status has, in its text: said as N, the number on the bar.
_STACKS = "[stacks]"


def status_lines(library: Any) -> list[tuple[str, str]]:
    """Every loaded status (the base game's and the mods'), by name, with its text: what
    a fighter's bar shows as ``poison 3`` means. ``[stacks]`` in a text is N, the number
    after the name."""
    statuses = getattr(library, "statuses", {}).values()
    lines = [(s.name, s.text.replace(_STACKS, "N")) for s in statuses if s.text]
    return sorted(lines, key=lambda line: line[0].lower())


def help_table(first: Sequence[Key] = (), statuses: Sequence[tuple[str, str]] = ()) -> Table:
    """Every screen's keys, those of ``first`` (the screen open now) first; then how to
    read cards and dice, and the ``statuses`` (name, text) a fighter may carry."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    sections = sorted(SECTIONS, key=lambda section: section[1] is not first)
    rows = [(title, [(key.shown, key.help) for key in keys]) for title, keys in sections]
    rows.append(("Reading cards and dice", list(LEGEND)))
    if statuses:
        rows.append(("Statuses", [("N", "the number after a status's name on a bar"),
                                  *statuses]))
    for title, lines in rows:
        table.add_row(Text(title, style="bold underline"), "")
        for shown, what in lines:   # (Text: a mod's status may hold brackets)
            table.add_row(Text(shown, style="bold"), Text(what))
        table.add_row("", "")
    return table


class Boxed(ModalScreen):
    """A screen that shows one box (``BOX``, a selector) over the screen underneath. Where
    the box would leave a strip narrower than ``SIDE`` columns beside it, it takes the
    whole width: a strip that thin shows only the cut ends of the lines underneath."""

    BOX = ""
    SIDE = 6

    def on_resize(self) -> None:
        box = self.query_one(self.BOX)
        natural = box.styles.base.width         # the style sheet's
        if natural is None or not natural.is_cells:
            return
        narrow = self.size.width < natural.value + 2 * self.SIDE
        box.styles.width = "100%" if narrow else None     # None: the style sheet's again


class HelpScreen(Boxed):
    """Every key, over whatever screen was showing (the game goes on underneath); the keys
    of the screen underneath come first."""

    KEYS = HELP_BOX_KEYS
    BINDINGS = bindings(HELP_BOX_KEYS)
    BOX = "#help-box"

    def __init__(self, first: Sequence[Key] = ()):
        super().__init__()
        self.first = first

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Text("Help", style="bold"), id="help-title")
            yield Static(Text(ABOUT), id="help-about")
            with VerticalScroll(id="help-keys"):
                yield Static(help_table(self.first, status_lines(getattr(self.app, "library",
                                                                         None))))
            yield KeyBar(self.KEYS)

    def action_close(self) -> None:
        self.dismiss()
