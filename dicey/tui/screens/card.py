"""A card read whole, over the screen it was opened from: its name and owner, its slots
(as on its face, and in words), its uses, its marks, its size, its whole text however long,
its upgrade and the mod it comes from (:func:`dicey.tui.faces.card_details`).

A card's face in a row of cards has only the room the row gives it (``…`` ends a face cut
short); this screen has no such limit: a long text wraps and scrolls. ``←`` ``→`` read the
other cards of the screen underneath (in a fight, the card cursor follows), and what is
read is asked again whenever that screen changes, so a card read during the enemy's turn
shows the dice the enemy puts on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.widgets import Static

from dicey.rules.state import CardState

from .. import faces
from ..keys import CARD_DETAIL_KEYS, CARD_SCROLL, CARD_STEP
from ..widgets import KeyBar
from .base import DiceyModal
from .help import Boxed


@dataclass(frozen=True)
class Readable:
    """A card as a screen shows it: its key there (``a``…), its owner, if not the
    hero's (an enemy's name) and, for a button in a fight, whether its ``ready``
    condition holds and how far it has come (its ``progress``, when it has one)."""

    card: CardState
    key: str = ""
    owner: str = ""
    ready: bool | None = None
    progress: tuple[int, int] | None = None
    opponent: str = ""       # the other side's name (who took the card, or whom from)
    turn: int = 0            # the fight's turn (how long a card taken for a while stays)
    back: int = 0            # one's own card taken for a while: the turn it comes back at


def details_table(readable: Readable, in_fight: bool = True) -> tuple[str, Table]:
    """The card's title and its details as a two-column grid (labels, then wrapped text)."""
    title, lines = faces.card_details(readable.card, readable.key, readable.owner, in_fight,
                                      readable.ready, readable.progress, readable.opponent,
                                      readable.turn, readable.back)
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for label, text in lines:
        table.add_row(Text(label, style="bold"), Text(text))
    return title, table


def read_cards(app: App, cards: Sequence[CardState], at: int = 0) -> None:
    """Open the card screen on ``cards`` (cards shown outside a fight: a hero's kit, a
    reward, the inventory's), at the ``at``-th."""
    if cards:
        fixed = [Readable(card) for card in cards]
        app.push_screen(CardScreen(lambda: fixed, at, in_fight=False))


class CardScreen(DiceyModal, Boxed):
    """One card of a list, read whole; ``←`` ``→`` go through the list."""

    KEYS = CARD_DETAIL_KEYS
    BOX = "#card-box"

    def __init__(self, cards: Callable[[], Sequence[Readable]], at: int = 0, *,
                 in_fight: bool = True, moved: Callable[[int], None] | None = None):
        """``cards`` gives the cards that can be read, as they are now; ``at`` is the one
        to show; ``moved(i)`` is told when ``←`` ``→`` show the i-th."""
        super().__init__()
        self.cards = cards
        self.at = at
        self.in_fight = in_fight
        self.moved = moved

    def compose(self) -> ComposeResult:
        with Vertical(id="card-box"):
            yield Static(id="card-title")
            with VerticalScroll(id="card-body"):
                yield Static(id="card-details")
            yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self.query_one("#card-body", VerticalScroll).focus()
        self.show_card()

    @property
    def readable(self) -> Readable | None:
        cards = self.cards()
        if not cards:
            return None
        self.at = min(self.at, len(cards) - 1)
        return cards[self.at]

    def show_card(self) -> None:
        """Show the card at ``at`` as it is now (the screen underneath calls this when its
        cards change)."""
        readable, cards = self.readable, self.cards()
        if readable is None:
            self.dismiss()
            return
        title, table = details_table(readable, self.in_fight)
        self.query_one("#card-title", Static).update(Text(title, style="bold"))
        self.query_one("#card-details", Static).update(table)
        box = self.query_one("#card-box", Vertical)
        box.border_subtitle = f"{self.at + 1} of {len(cards)}" if len(cards) > 1 else ""
        self.call_after_refresh(self.fit_body)

    def fit_body(self) -> None:
        """The body no taller than the screen leaves it (the box grows with a short card
        and stops at the screen's edge; past it, the body scrolls)."""
        box, body = self.query_one("#card-box", Vertical), self.query_one("#card-body")
        others = sum(w.outer_size.height + w.styles.margin.height for w in box.children
                     if w is not body and w.display)
        room = self.size.height - box.styles.gutter.height - box.styles.margin.height - others
        room = max(3, room)
        if body.styles.max_height != Scalar.from_number(room):
            body.styles.max_height = room
        self.fit_keys(self.query_one("#card-details").outer_size.height > room)

    def fit_keys(self, scrolls: bool) -> None:
        """The key line names ←→ only when there are other cards to read, and ↑↓ only
        when the text scrolls (it is longer than the box)."""
        hidden = {CARD_STEP} if len(self.cards()) < 2 else set()
        if not scrolls:
            hidden.add(CARD_SCROLL)
        self.query_one(KeyBar).show_keys(k for k in self.KEYS if k not in hidden)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_body)

    def action_step(self, step: int) -> None:
        cards = self.cards()
        if len(cards) < 2:
            return
        self.at = (self.at + step) % len(cards)
        self.query_one("#card-body", VerticalScroll).scroll_home(animate=False)
        self.show_card()
        if self.moved is not None:
            self.moved(self.at)

    def action_close(self) -> None:
        self.dismiss()
