"""The records, from the title: how each hero has done, and the latest runs."""
from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from dicey.run.records import Records, RunRecord, tally
from dicey.run.saves import folder_unusable

from ..keys import RECORDS_KEYS, RECORDS_SCROLLING_BAR
from ..widgets import KeyBar
from .base import DiceyScreen

#: The latest runs listed under the heroes' tallies (the file keeps more).
LATEST = 50


def outcome(record: RunRecord) -> str:
    """``won``, or ``lost on floor 3 (Witch)``: where the run ended, and who ended it."""
    if record.won:
        return "won"
    by = f" ({record.ended_by})" if record.ended_by else ""
    return f"lost on floor {record.floor}{by}"


#: Narrower than this, the latest runs leave out their fights won and enemy AI.
WIDE = 76


def unkept(why: str) -> str:
    """What the records screen says when the data folder cannot be used (``why``: as
    :func:`dicey.run.saves.folder_unusable` says it), as the title says it of saves."""
    return f"Runs cannot be recorded: {why}. The runs that end now are not kept."


def records_view(records: Records, width: int = WIDE, unusable: str = "") -> RenderableType:
    """The heroes' tallies and the latest runs, newest first; or what stands in for them.
    In fewer than :data:`WIDE` cells, the latest runs show their day, hero, result and
    level only. ``unusable``: why the data folder cannot be used (said first, and then
    no run is said to be kept)."""
    parts: list[RenderableType] = []
    if unusable:
        parts += [Text(unkept(unusable)), Text()]
    if records.problem:
        parts += [Text(f"{records.problem}.\n{records.kept}"), Text()]
    if not records.runs:
        # (a records file that did not read: runs have ended, none can be shown)
        first = "No run to show." if records.problem else "No run has ended yet."
        parts.append(Text(first if unusable else
                          f"{first} Every run that ends{' from now on' * bool(records.problem)}"
                          ", won or lost, is kept here."))
        return Group(*parts)
    heroes = _table("hero", "<", "runs", ">", "won", ">", "best floor", ">", "streak", ">")
    for t in tally(records.runs):
        heroes.add_row(Text(t.hero_name), str(t.runs), str(t.won), str(t.best_floor),
                       str(t.streak))
    wide = width >= WIDE
    latest = _table("day", "<", "hero", "<", "result", "<", "level", ">",
                    *(("fights won", ">", "enemy AI", "<") if wide else ()))
    for r in reversed(records.runs[-LATEST:]):
        row = [r.day, r.hero_name, outcome(r), str(r.level)]
        row += [str(r.fights_won), r.ai or "their own"] if wide else []
        latest.add_row(*map(Text, row))   # (Text: a plain string is read as markup)
    shown = min(len(records.runs), LATEST)
    title = f"The latest {shown} runs" if shown > 1 else "The latest run"
    return Group(*parts, heroes, Text(), Text(title, style="bold"), latest)


def _table(*columns: str) -> Table:
    """A borderless table of ``name, "<" or ">"`` pairs: columns set left or right."""
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    for name, side in zip(columns[::2], columns[1::2]):
        table.add_column(name, justify="left" if side == "<" else "right", no_wrap=True,
                         overflow="ellipsis")
    return table


class RecordsScreen(DiceyScreen):
    """The records, over the title; esc goes back."""

    KEYS = RECORDS_KEYS

    def __init__(self) -> None:
        super().__init__()
        self.records = Records()
        self.unusable = ""
        """Why the data folder cannot be used ('' when it can)."""

    def compose(self) -> ComposeResult:
        self.records = self.dicey.records.load()
        self.unusable = folder_unusable(self.dicey.records.folder)
        yield Static(Text("Records", style="bold"), id="screen-title")
        with VerticalScroll(id="records-body"):
            yield Static(id="records-table")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The records as the screen's width allows, and ↑↓ named when they scroll."""
        width = (self.size.width or self.app.size.width) - 2     # the body's padding
        self.query_one("#records-table", Static).update(records_view(self.records, width,
                                                                       self.unusable))
        self.call_after_refresh(self.fit_scroll_keys, self.query_one("#records-body"),
                                RECORDS_SCROLLING_BAR)

    def action_back(self) -> None:
        self.app.pop_screen()
