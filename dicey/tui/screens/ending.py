"""The end of a run: victory or defeat, and the run's summary fight by fight."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from dicey.run.inventory import card_label
from dicey.run.state import RunState

from ..faces import counted
from ..keys import END_KEYS, END_SCROLLING_BAR
from ..widgets import KeyBar
from .base import RunScreen


def headline(library: Any, state: RunState) -> str:
    if state.stage == "won":
        last = library.enemies[state.history[-1].enemy].name
        return f"VICTORY — {last} is defeated and the dungeon is yours!"
    last = state.history[-1] if state.history else None
    if last is None:
        return "DEFEAT"
    enemy = library.enemies[last.enemy].name
    how = "held you to a draw" if last.result == "draw" else "defeated you"
    return f"DEFEAT — {enemy} {how} on floor {last.floor}."


#: ("HP left": at the fight's end, before the level-up or the heal that may follow it)
COLUMNS = ("floor", "enemy", "result", "turns", "HP left", "XP", "level")


def summary_table(library: Any, state: RunState, width: int | None = None) -> Table:
    """The run fight by fight; its columns 2 cells apart on each side, or 1 when that
    would not fit ``width`` (at 60 columns the headers were cut: 'resu…', 'lev…')."""
    rows = [(str(f.floor), library.enemies[f.enemy].name, f.result, str(f.turns), str(f.hp),
             f"+{f.xp}", str(f.level)) for f in state.history]
    natural = sum(max(cell_len(text) for text in column) for column in zip(COLUMNS, *rows))
    pad = 2 if width is None or natural + 4 * len(COLUMNS) <= width else 1
    table = Table(box=None, padding=(0, pad), show_edge=False)
    for column in COLUMNS:
        table.add_column(column, justify="right" if column != "enemy" else "left")
    for row in rows:
        table.add_row(*map(Text, row))    # (Text: a plain string is read as markup)
    return table


class EndScreen(RunScreen):
    """Victory or defeat, with the summary; enter goes back to the title."""

    KEYS = END_KEYS

    def compose(self) -> ComposeResult:
        lib, state = self.dicey.library, self.run_state
        h = state.hero
        yield Static(Text(headline(lib, state), style="bold"), id="screen-title")
        yield Static(Text(
            f"{lib.heroes[h.id].name} · level {h.level} · {h.hp}/{h.max_hp} HP · "
            f"{counted(state.fights_won, 'fight', 'fights')} won · seed {state.seed}\nCards: "
            + ", ".join(card_label(lib, r) for r in h.equipment + h.backpack)), id="end-hero")
        with VerticalScroll(id="end-summary"):
            yield Static(summary_table(lib, state), id="end-table")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self.fit_table()
        self.call_after_refresh(self.fit_keys)

    def on_resize(self) -> None:
        self.fit_table()
        self.call_after_refresh(self.fit_keys)

    def fit_table(self) -> None:
        """The summary as wide as the screen leaves it (its scrollbar's room kept)."""
        summary = self.query_one("#end-summary", VerticalScroll)
        width = (self.size.width or self.app.size.width) - summary.styles.gutter.width - \
            summary.styles.scrollbar_size_vertical
        self.query_one("#end-table", Static).update(
            summary_table(self.dicey.library, self.run_state, width))

    def fit_keys(self) -> None:
        """The key line says that ↑↓ scroll the summary when it is longer than its room."""
        self.fit_scroll_keys(self.query_one("#end-summary"), END_SCROLLING_BAR)

    def action_title(self) -> None:
        self.dicey.back_to_title()
