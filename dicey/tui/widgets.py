"""The fight's widgets: a fighter's bar, dice, cards, the rows they sit in, the log, the key
line.

Attributes down, messages up: a screen hands each widget a new frozen view (a
:class:`FighterView`, a :class:`~dicey.rules.state.Die`, a
:class:`~dicey.rules.state.CardState`) whenever the fight changes, and a click on a die or
a card comes back as a message. Colours come from component classes styled in
``dicey.tcss``; the game's state is never kept in CSS classes (only the cursor, which is
the interface's own state, is a class).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.css.scalar import Scalar, Unit
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from dicey.rules.combat import FightRules
from dicey.rules.events import Event
from dicey.rules.state import CardState, Die, Fighter, dice_text

from . import faces
from .keys import Key, fit_key_bar


@dataclass(frozen=True)
class FighterView:
    """What the screen shows of a fighter."""

    name: str
    hp: int
    max_hp: int
    dice_count: int
    level: int
    statuses: str
    dice: tuple[Die, ...] = ()
    acting: bool = False
    coming: str = ""        # the next roll's dice besides its own (faces.next_roll)

    @classmethod
    def of(cls, fighter: Fighter, acting: bool, rules: FightRules) -> "FighterView":
        """The view of ``fighter``; its statuses in the content's order, by their names."""
        ordered = {s: fighter.statuses[s] for s in rules.ordered(fighter.statuses)}
        return cls(fighter.name, fighter.hp, fighter.max_hp, fighter.dice_count + fighter.extra,
                   fighter.level, faces.status_line(ordered, rules.statuses),
                   tuple(fighter.dice), acting,
                   faces.next_roll(fighter.extra_for, fighter.waiting))


class FighterBar(Widget):
    """Name, HP bar, HP, dice, level, statuses; the dice in hand while acting. One line
    when it fits; else the HP bar graphic goes (the HP stay as numbers) and the rest wraps
    between its parts (never inside ``poison 2``)."""

    COMPONENT_CLASSES = {"fighter-bar--name", "fighter-bar--hp", "fighter-bar--hp-low",
                         "fighter-bar--status", "fighter-bar--acting"}
    view: reactive[FighterView | None] = reactive(None, layout=True)

    def __init__(self, view: FighterView | None = None, *, show_hand: bool = False,
                 id: str | None = None):
        super().__init__(id=id)
        self.show_hand = show_hand
        self.set_reactive(FighterBar.view, view)

    def _parts(self, graphic: bool) -> list[Text]:
        """The bar's parts, each never broken: the name (and HP bar), HP, dice and level,
        each status, the dice rolled."""
        v = self.view
        if v is None:
            return []
        style = self.get_component_rich_style
        low = v.hp * 3 <= v.max_hp
        first = Text()
        first.append(("▶ " if v.acting else "  ") + v.name, style("fighter-bar--name"))
        if graphic:
            first.append(f"  {faces.hp_bar(v.hp, v.max_hp)} ",
                         style("fighter-bar--hp-low" if low else "fighter-bar--hp"))
        first.append(f"{v.hp}/{v.max_hp} HP" if graphic else f"  {v.hp}/{v.max_hp} HP")
        parts = [first, Text(faces.counted(v.dice_count, "die", "dice")), Text(f"lvl {v.level}")]
        parts += [Text(status, style("fighter-bar--status"))
                  for status in v.statuses.split(" · ") if status]
        if v.coming:
            parts.append(Text(v.coming))
        if self.show_hand and v.acting and v.dice:
            # (a label and a colon: 'to play 3', a die's face, read as a count of dice)
            rolled = Text("dice to play: " if len(v.dice) > 1 else "die to play: ")
            rolled.append(dice_text(v.dice), style("fighter-bar--acting"))
            parts.append(rolled)
        return parts

    def lines(self, width: int) -> Text:
        """The bar at ``width`` cells: one line if it fits with the HP bar graphic, else
        without it, wrapped between parts (a line goes on indented)."""
        sep = " · "
        parts = self._parts(graphic=True)
        if sum(p.cell_len for p in parts) + len(sep) * (len(parts) - 1) > width:
            parts = self._parts(graphic=False)
        text, used = Text(), 0
        for i, part in enumerate(parts):
            if i and used + len(sep) + part.cell_len > width:
                text.append("\n   ")
                used = 3
            elif i:
                text.append(sep)
                used += len(sep)
            text.append_text(part)
            used += part.cell_len
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width).split("\n")) if self.view is not None else 1

    def render(self) -> Text:
        return self.lines(self.content_size.width or self.app.size.width)


class DieView(Widget):
    """One of the hero's dice in a box: its number (its key, which it keeps while it is in
    the tray: :mod:`dicey.tui.dice_numbers`) on top, its face and marks inside (``5 burn``;
    just the initials when the tray is crowded: ``5 b``, in a box with no sides, which
    leaves the room for a number of two digits)."""

    COMPONENT_CLASSES = {"die-view--face", "die-view--burning", "die-view--locked"}
    die: reactive[Die] = reactive(Die(1))
    compact: reactive[bool] = reactive(False)

    @dataclass
    class Picked(Message):
        index: int

    def __init__(self, index: int, die: Die, number: int | None = None):
        super().__init__()
        self.index = index
        """Its place in the tray (what a click picks)."""
        self.set_reactive(DieView.die, die)
        self.show_number(index + 1 if number is None else number)

    def show_number(self, number: int) -> None:
        """Its number on its box: its key, the number typed."""
        self.number = number
        self.border_title = str(number)

    def render(self) -> Text:
        d = self.die
        name = "die-view--locked" if d.locked else "die-view--burning" if d.burning else \
            "die-view--face"
        return Text(faces.die_label(d, short=self.compact), self.get_component_rich_style(name),
                    justify="center")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index))


#: Cells of a card's top border that its title never takes: the corners, a line on each
#: side and a space on each side of the title.
TITLE_FRAME = 6


class CardView(Widget):
    """An equipment card: key and name on top, slots, text, uses and marks below."""

    COMPONENT_CLASSES = {"card-view--slots", "card-view--ready", "card-view--text",
                         "card-view--gone"}
    card: reactive[CardState | None] = reactive(None)
    #: For a button in a fight, whether its ``ready`` condition holds (None: not known, or
    #: not a button): its face says ``[ready]``, ``[not yet]``, ``[used]`` or ``[used up]``
    #: where others show slots (:func:`dicey.notation.button_mark`); ``[ready]`` stands out.
    ready: reactive[bool | None] = reactive(None)
    #: For such a button, how far it has come (so far, goal) as its ``progress`` says
    #: (None: it has none, or it could not be read): ``[3/8]`` where ``[not yet]`` stands.
    progress: reactive[tuple[int, int] | None] = reactive(None)
    #: In a fight, its turn (0: not in one), from which the bottom edge says until when a
    #: card held for a while is held (``goes after turn 5``: :func:`dicey.tui.faces.card_tail`).
    turn: reactive[int] = reactive(0)
    #: For one's own card taken for a while, the turn at whose end it comes back (0: none).
    back: reactive[int] = reactive(0)

    @dataclass
    class Picked(Message):
        index: int
        side: int

    def __init__(self, index: int, card: CardState, side: int, key: str = "",
                 unit: int | None = None):
        super().__init__()
        self.index, self.side, self.key, self.unit = index, side, key, unit
        self.listed = 0
        """In a row that lists its cards (:class:`CardRow`, a line each): the cells of the
        titles' column, each title padded to them so that the slots line up; 0 in a row
        of boxes."""
        self.list_heads = 0
        """In a listed row: the cells of the slots' column (slots, uses and marks), padded
        to them so that the texts line up."""
        self.set_reactive(CardView.card, card)
        self.watch_card(card)

    def watch_card(self, card: CardState | None) -> None:
        if card is None:
            return
        self._show_borders()
        # In a row that shares its width, cards are equal, so names keep room at 80
        # columns; a preview row shows a card's grid size as its width.
        self.styles.width = "1fr" if self.unit is None else card.active.size * self.unit

    def on_resize(self) -> None:
        self._show_borders()

    def watch_turn(self) -> None:
        self._show_tail()

    def watch_back(self) -> None:
        self._show_tail()

    def _show_borders(self) -> None:
        """Both borders' words (:meth:`_show_name`, :meth:`_show_tail`)."""
        self._show_name()
        self._show_tail()

    def _show_tail(self) -> None:
        """The uses, until when a card held for a while is held, and the marks on the
        bottom border, as they fit (:func:`dicey.tui.faces.card_tail`: the marks alone at
        the last, the border cutting 'SHOCKED' to 'SHO…')."""
        card = self.card
        if card is None:
            return
        width = self.outer_size.width
        self.border_subtitle = Text(faces.card_tail(card, width - TITLE_FRAME if width else None,
                                                    self.turn, self.back))

    def _show_name(self) -> None:
        """The key and name on the border, cut to the card's width (no space before the
        ``…``) keeping the ``+`` of an upgraded card (the border cut it off with the name's
        end). As Text: a plain string there is read as markup, and a card's name is the
        modder's to write."""
        card = self.card
        if card is None:
            return
        title = faces.card_title(card, self.key)
        if self.outer_size.width:
            # (cut here, not by the border: it left a space before the … of 'Block …')
            title = _cut_title(card, title, self.outer_size.width - TITLE_FRAME)
        self.border_title = Text(title)

    def face(self) -> Text:
        """The whole face, unwrapped: the slots, then the text."""
        card = self.card
        if card is None:
            return Text("")
        style = self.get_component_rich_style
        gone = card.gone or card.uses_left == 0
        slots = faces.slot_line(card, self.ready, self.progress)
        text = Text(style=style("card-view--slots"))
        # (a span of its own: the text's style is the whole face's, which would reverse
        # the card's text too)
        text.append(slots, style("card-view--ready") if card.active.button and
                    slots == faces.READY else None)
        text.append("\n")
        text.append(faces.card_text(card), style("card-view--gone" if gone
                                                  else "card-view--text"))
        return text

    def face_lines(self, width: int) -> list[Text]:
        """The face wrapped to ``width`` cells on word boundaries: a word longer than the
        line (``opponent's`` on a small face) is cut with ``…``, not broken across two
        lines (``x`` reads the card whole)."""
        return wrap_words(self.face(), self.app.console, width)

    def natural_height(self, width: int | None = None) -> int:
        """The height, borders included, that shows the whole face when the text is
        ``width`` cells wide (by default: as wide as it is now)."""
        width = self.content_size.width if width is None else width
        return len(self.face_lines(width)) + self.styles.gutter.height

    def render(self) -> Text:
        """The face as it fits; a face cut short ends with ``…`` (the card cursor shows
        the whole card on the message line). Listed: the card on one line."""
        width, height = self.content_size
        if self.listed:
            return self.line(width)
        return cut_lines(self.face_lines(width), width, height)

    def line(self, width: int) -> Text:
        """The card on one line of ``width`` cells, as a row that lists its cards shows
        it: its title (key and name, in a column :attr:`listed` cells wide: a longer name
        is cut there with ``…``), its slots as on its face, its uses and marks, then as
        much of its text as fits (cut after a whole word with ``…``: the card cursor, or
        ``x``, reads it whole)."""
        card = self.card
        if card is None:
            return Text("")
        title = _cut_title(card, faces.card_title(card, self.key), self.listed)
        slots, text = _split_face(self.face())
        line = Text()
        line.append(title, style="bold")
        line.pad_right(max(0, self.listed - cell_len(title)) + 1)
        line.append_text(slots)
        tail = faces.card_tail(card, None, self.turn, self.back)
        if tail:
            line.append(f" {tail}")
        if text.plain:
            line.pad_right(max(0, self.listed + 1 + self.list_heads - line.cell_len) + 2)
            line.append_text(text)
        if line.cell_len <= width:
            return line
        return cut_lines(wrap_words(line, self.app.console, width), width, 1)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index, self.side))


def _cut_title(card: CardState, title: str, room: int) -> str:
    """A card's ``title`` (key and name) in ``room`` cells: cut with ``…`` and no space
    before it, an upgraded card's ``+`` kept (``a Extraordinarily Lo…+``)."""
    if cell_len(title) <= room:
        return title
    return faces.shorten(title[:-1], room - 1) + "+" if card.upgraded else \
        faces.shorten(title, room)


def _split_face(face: Text) -> tuple[Text, Text]:
    """A card's face (:meth:`CardView.face`) as its slots' line and its text, styles kept."""
    slots, *rest = face.split("\n", allow_blank=True)
    return slots, rest[0] if rest else Text("")


def sync_children(row: Widget, items: Sequence[Any], make: Callable[[int, Any], Widget],
                  update: Callable[[Widget, Any], None]) -> None:
    """Show ``items`` in ``row``: existing children get new values, missing ones are
    mounted, extra ones hidden (widgets are reused, so the row never flickers)."""
    children = list(row.children)
    for i, item in enumerate(items):
        if i < len(children):
            children[i].display = True
            update(children[i], item)
        else:
            row.mount(make(i, item))
    for extra in children[len(items):]:
        extra.display = False


class Windowed(Horizontal):
    """A row of items that, when they do not all fit, shows those around a cursor, and
    says at each end how many more lie beyond (``‹3``, ``5›``). The items go in its inner
    row (:attr:`items`), which :func:`sync_children` fills."""

    #: Cells each end's count of the items beyond takes (``‹23 ``).
    BEYOND = 4
    #: The marks of the counts beyond each end: a row's (``‹3``, ``5›``).
    MARKS = ("‹{}", "{}›")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.first = 0     # the first item shown when they do not all fit

    def compose(self) -> ComposeResult:
        yield Static(classes="beyond beyond-before")
        yield Horizontal(classes="window-items")
        yield Static(classes="beyond beyond-after")

    @property
    def items(self) -> Horizontal | None:
        """The inner row (None until the row is composed)."""
        rows = self.query(".window-items")
        return rows.first(Horizontal) if rows else None

    def marks(self) -> tuple[str, str]:
        """The marks of the counts beyond each end (:data:`MARKS`)."""
        return self.MARKS

    def window(self, count: int, room: int, cursor: int | None, step: int = 1) -> range:
        """The items to show so that ``room`` of ``count`` show, the cursor among them
        (the window moves only as far as the cursor asks); the counts at the ends said.
        ``step``: the items in a line of a grid (``room`` is a number of whole lines), so
        the window starts at a line's first item and moves a line at a time."""
        first = self.first
        if cursor is not None:
            first = min(first, cursor - cursor % step)
            first = max(first, -(-(cursor - room + 1) // step) * step)
        last_first = -(-max(0, count - room) // step) * step   # (the last lines, whole)
        self.first = first = max(0, min(first - first % step, last_first))
        last = min(count, first + room)
        before, after = self.marks()
        for which, text in (("before", before.format(first) if first else ""),
                            ("after", after.format(count - last) if last < count else "")):
            label = self.query_one(f".beyond-{which}", Static)
            label.display = room < count
            label.update(text)
        return range(first, last)


class DiceTray(Windowed):
    """The hero's dice in a row; the one under the cursor is marked. When they do not fit
    at full width, every die gets narrower and shows its marks as initials; when even
    that does not fit (a mod's hero may roll 24), the row shows the dice around the
    cursor (:class:`Windowed`)."""

    #: Cells a die takes at full width and crowded (its box and the gap after it).
    FULL, NARROW = 9, 6

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.shown: Sequence[Die] = ()
        self.cursor: int | None = None
        self.numbers: Sequence[int] | None = None

    def show(self, dice: Sequence[Die], cursor: int | None,
             numbers: Sequence[int] | None = None) -> None:
        """``dice`` with the ``numbers`` on their boxes (their places from 1 if None)."""
        self.shown, self.cursor, self.numbers = dice, cursor, numbers
        row = self.items
        if row is None:    # not composed yet: its first resize shows them
            return
        numbered = list(zip(dice, numbers or range(1, len(dice) + 1)))

        def update(w: DieView, item: tuple[Die, int]) -> None:
            w.die = item[0]
            w.show_number(item[1])
        sync_children(row, numbered, lambda i, item: DieView(i, *item), update)
        width = self.content_size.width     # (0: not laid out yet)
        crowded = 0 < width < len(dice) * self.FULL
        room = len(dice)
        if crowded and width < len(dice) * self.NARROW:
            room = max(1, (width - 2 * self.BEYOND) // self.NARROW)
        shown = self.window(len(dice), room, cursor)
        for w in row.query(DieView):
            w.set_class(w.index == cursor, "-cursor")
            w.set_class(crowded, "-compact")
            w.compact = crowded
            w.styles.width = (self.NARROW if crowded else self.FULL) - 1
            if w.index < len(dice):
                w.display = w.index in shown

    def on_resize(self) -> None:
        self.show(self.shown, self.cursor, self.numbers)


#: The least height of a row of cards: the borders and a line of the face.
LEAST_CARD = 3

#: The width of a size-1 card shown outside a fight (hero kits, rewards, the inventory).
PREVIEW_UNIT = 24


def share_card_widths(total: int, needs: Sequence[int], least: int) -> list[int]:
    """The widths of cards sharing ``total`` cells, each title (key and name; or its marks,
    if longer) needing ``needs`` cells: equal shares, then a card whose title is cut takes
    cells from those with more than their titles and ``least`` need, the nearest to whole
    first (a name one cell short is whole, not cut for want of the cell a neighbour does
    not use).

    >>> share_card_widths(80, [14, 13, 12, 12, 12, 20], 12)
    [14, 13, 12, 12, 12, 17]
    >>> share_card_widths(26, [12, 12], 12)
    [13, 13]
    """
    base, extra = divmod(total, len(needs)) if needs else (0, 0)
    widths = [base + (i < extra) for i in range(len(needs))]
    spare = [max(0, w - max(need, least)) for w, need in zip(widths, needs)]
    for i in sorted(range(len(needs)), key=lambda i: needs[i] - widths[i]):
        while widths[i] < needs[i] and any(spare):
            j = max(range(len(spare)), key=spare.__getitem__)
            spare[j] -= 1
            widths[j] -= 1
            widths[i] += 1
    return widths


class CardRow(Windowed):
    """A fighter's cards side by side, in boxes when every box has room for its title (key
    and name) whole and a face at least :data:`MIN_BOX` cells wide; else (a hero of 5 or
    more cards at 80 columns, the Witch's five, any row at 60 columns with long names)
    listed: a line each (:meth:`CardView.line`: the name whole, the slots, the uses, the
    text as it fits), in as many columns as the lines allow, as tall as the screen lets
    the row be; lines that do not fit show around the card cursor, scrolled a line of the
    list at a time (:class:`Windowed`). A row of boxes cut names to a few letters
    (``Stat…``) and texts to two words: a list reads better there."""

    #: The fewest cells a box takes (its face then 12 cells wide: a few words a line).
    MIN_BOX = 16
    #: Cells between two columns of a listed row, and before its first (``dicey.tcss``).
    LIST_GAP, LIST_INSET = 2, 1
    #: The lines a listed row takes when its columns allow (a row of boxes' usual height):
    #: no more columns than that needs, so that each line has room for its text. A screen
    #: with more room sets :attr:`list_most` higher (the hero screen: a column, its lines
    #: as wide as the screen, when the screen is tall enough).
    LIST_LINES = 6
    #: The most cells a listed row's titles' column takes (key and name): a third of
    #: the row's width, this at the least. One very long name would take the texts' room
    #: on every line, and the columns': a title longer than that does not widen the
    #: column, it is cut to the others' width (to :data:`LIST_TITLE_LEAST` at the least)
    #: with ``…`` (the card cursor, or ``x``, reads it whole).
    LIST_TITLE_MOST, LIST_TITLE_LEAST = 22, 16
    #: The fewest cells a listed line's text keeps when the texts of its column of the
    #: list start in one column (after the column's widest slots): a column too narrow
    #: for that starts each text after its own slots, words before a tidy edge.
    LIST_TEXT_LEAST = 16
    #: A listed row's counts of the lines beyond: above it, at its top; below, at its
    #: bottom (a list scrolls up and down: ``‹6`` in the middle read as a card's).
    LIST_MARKS = ("↑{}", "↓{}")

    def __init__(self, side: int, *, lettered: bool | None = None, unit: int | None = None,
                 id: str | None = None):
        """``lettered``: cards show their keys (the hero's, in a fight); ``unit``: a size-1
        card's width in cells (None: the row's width is shared out equally)."""
        super().__init__(id=id)
        self.side = side
        self.lettered = side == 0 if lettered is None else lettered
        self.unit = unit
        self._shown: tuple[Sequence[CardState], int | None, Sequence, Sequence,
                           int | None, int, Sequence[int]] = ((), None, (), (), None, 0, ())
        self.list_lines = 0
        """The lines every card takes when the row lists them (0: boxes, not a list)."""
        self.list_most = self.LIST_LINES
        """The most lines a listed row takes before it adds a column."""
        self._list_size = (0, 1, 0)
        """A listed row's cards, the cells each line needs but for its text, its width."""

    @property
    def cards(self) -> list[CardState]:
        """The cards shown, in order (those a crowded row has scrolled past too)."""
        return list(self._shown[0])

    def show(self, cards: Sequence[CardState], cursor: int | None = None,
             ready: Sequence[bool | None] = (),
             progress: Sequence[tuple[int, int] | None] = (),
             near: int | None = None, turn: int = 0, backs: Sequence[int] = ()) -> None:
        """Show ``cards`` (``cursor``: the card under the card cursor; ``ready``: for each
        card that is a button, whether it is ready, and ``progress``, how far it has come,
        as its face says; ``near``: with no cursor, a card a crowded row shows, the one
        last played by its key; ``turn``: the fight's, and ``backs``: for each card of the
        side's own taken for a while, the turn it comes back at (0 for the others), for
        the bottom edge of a card held for a while: ``goes after turn 5``)."""
        self._shown = (cards, cursor, ready, progress, near, turn, backs)
        row = self.items
        if row is None:    # not composed yet: it shows them when it is
            return
        keys = faces.CARD_KEYS if self.lettered else ""

        def at(values: Sequence, i: int) -> Any:
            return values[i] if i < len(values) else None

        def make(i: int, card: CardState) -> CardView:
            view = CardView(i, card, self.side, keys[i] if i < len(keys) else "", self.unit)
            view.set_reactive(CardView.ready, at(ready, i))
            view.set_reactive(CardView.progress, at(progress, i))
            view.set_reactive(CardView.turn, turn)
            view.set_reactive(CardView.back, at(backs, i) or 0)
            view._show_tail()
            return view

        def update(w: Widget, card: CardState) -> None:
            w.key = keys[w.index] if w.index < len(keys) else ""
            w.ready, w.progress = at(ready, w.index), at(progress, w.index)
            w.turn, w.back = turn, at(backs, w.index) or 0
            w.card = card

        sync_children(row, cards, make, update)
        for w in row.query(CardView):
            w.set_class(w.index == cursor, "-cursor")
        self.fit_units()
        self._fit_window()

    def on_mount(self) -> None:
        if self._shown[0]:
            self.call_after_refresh(lambda: self.show(*self._shown))

    def _fit_window(self) -> None:
        """The cards in boxes, or listed (:meth:`_fit_list`) when boxes do not fit."""
        cards, cursor, near = self._shown[0], self._shown[1], self._shown[4]
        width = self.content_size.width
        listed = False
        if self.unit is None and width:
            # Boxes each as wide as its title needs (key and name whole) and MIN_BOX at the
            # least, if the row has the room; else the row lists its cards.
            keys = faces.CARD_KEYS if self.lettered else ""
            # (a card's marks, its bottom edge's words when all do not fit, read whole too)
            needs = [max(cell_len(faces.card_title(c, keys[i] if i < len(keys) else "")),
                         cell_len(faces.marks(c))) + TITLE_FRAME for i, c in enumerate(cards)]
            listed = sum(max(need, self.MIN_BOX) for need in needs) > width
        self.set_class(listed, "-list")
        if listed:
            self._fit_list(width - self.LIST_INSET)
            return
        self.list_lines = 0
        for w in self.query(CardView):
            if w.listed:
                w.listed = w.list_heads = 0
                w.refresh()
        shown = self.window(len(cards), len(cards), near if cursor is None else cursor)
        views = sorted((w for w in self.query(CardView) if w.index < len(cards)),
                       key=lambda w: w.index)
        for w in views:
            w.display = w.index in shown
        if self.unit is None and width:
            widths = share_card_widths(width, [needs[i] for i in shown], self.MIN_BOX)
            for w, cells in zip((w for w in views if w.display), widths):
                w.styles.width = cells

    def _fit_list(self, width: int) -> None:
        """The cards listed, a line each, in as many columns as :attr:`list_most` lines
        need (as the row's height needs, when it is given fewer), as far as the longest
        line's title, slots, uses and marks allow (the texts get what is left); the lines
        the row's height holds, around the card cursor."""
        cards, cursor, near = self._shown[0], self._shown[1], self._shown[4]
        views = sorted((w for w in self.query(CardView) if w.index < len(cards)),
                       key=lambda w: w.index)
        keys = faces.CARD_KEYS if self.lettered else ""
        widths = [cell_len(faces.card_title(c, keys[i] if i < len(keys) else ""))
                  for i, c in enumerate(cards)]
        most = max(self.LIST_TITLE_MOST, width // 3)
        titles = max([w for w in widths if w <= most]
                     + [min(max(widths), self.LIST_TITLE_LEAST)])
        ready, progress, _, turn, backs = self._shown[2:]
        needs = [cell_len(" ".join(t for t in (
            faces.slot_line(c, ready[i] if i < len(ready) else None,
                            progress[i] if i < len(progress) else None),
            faces.card_tail(c, None, turn, backs[i] if i < len(backs) else 0)) if t))
            for i, c in enumerate(cards)]
        heads = max(needs)
        self._list_size = (len(cards), titles + 1 + heads + self.LIST_GAP, width)
        # (the lines the row asks for: given fewer, it adds columns, not the other way)
        self.list_lines = -(-len(cards) // self._columns(self.list_most))
        height = self.content_size.height or self.list_lines
        cols = self._columns(height)
        lines = -(-len(cards) // cols)
        items = self.items
        if items is not None and items.styles.grid_size_columns != cols:
            items.styles.grid_size_columns = cols
        shown = self.window(len(cards), cols * min(lines, height),
                            near if cursor is None else cursor, step=cols)
        # the texts of a column of the list start in one column, after its widest slots,
        # where that leaves them room
        room = (width - self.LIST_GAP * (cols - 1)) // cols - titles - 1 - 2
        column_heads = [most if room - most >= self.LIST_TEXT_LEAST else 0
                        for most in (max(needs[c::cols]) for c in range(cols))]
        for w in views:
            w.display = w.index in shown
            heads = column_heads[w.index % cols]
            if (w.listed, w.list_heads) != (titles, heads):
                w.listed, w.list_heads = titles, heads
                w.refresh()
            w.styles.width = "1fr"

    def marks(self) -> tuple[str, str]:
        """A listed row's counts say the lines beyond, up and down (:data:`LIST_MARKS`)."""
        return self.LIST_MARKS if self.has_class("-list") else self.MARKS

    def _columns(self, height: int) -> int:
        """The columns of a listed row ``height`` lines tall: as few as list the cards in
        :attr:`list_most` lines; given fewer lines (60×18), more, as far as the width
        allows, rather than cards out of sight; else as it scrolls (the counts at its
        ends take their cells)."""
        count, need, width = self._list_size

        def columns(cells: int, most: int) -> int:
            return max(1, min(-(-count // max(1, most)), (cells + self.LIST_GAP) // need))
        cols = columns(width, self.list_most)
        if -(-count // cols) > height:
            cols = columns(width, height)
            if -(-count // cols) > height:
                cols = columns(width - 2 * self.BEYOND, height)
        return cols

    def lines_at(self, height: int) -> int:
        """The lines the row shows when ``height`` tall: a listed row that adds columns to
        fit may leave some (boxes take them all)."""
        if not self.list_lines or height <= 0:
            return height
        return min(height, -(-self._list_size[0] // self._columns(height)))

    def list_within(self, lines: int) -> None:
        """A listed row may take up to ``lines`` lines (at least :data:`LIST_LINES`) before
        it adds a column: the fewer the columns, the more of each card's text shows."""
        most = max(self.LIST_LINES, lines)
        if most != self.list_most:
            self.list_most = most
            if self.items is not None:
                self._fit_window()

    def fit_units(self) -> None:
        """A preview row (one with a ``unit``) whose cards are wider than the row at their
        sizes gets a smaller unit, so every card shows (an upgrade's two size-2 cards at 80
        columns)."""
        if self.unit is None:
            return
        cards = [w for w in self.query(CardView) if w.display and w.card is not None]
        total = sum(w.card.active.size for w in cards)
        room = self.size.width
        unit = self.unit if not room or total * self.unit <= room else max(1, room // total)
        for w in cards:
            w.unit = unit
            w.styles.width = w.card.active.size * unit

    def on_resize(self) -> None:
        self.fit_units()
        if self.items is not None:
            self._fit_window()

    def fit_height(self, room: int, need: int | None = None) -> None:
        """As tall as ``need`` (by default :meth:`natural_height`: every face whole) if
        ``room`` allows, else ``room`` (a face cut short ends with ``…``), though never
        less than a card's borders and a line; no height at all with no card to show."""
        need = self.natural_height() if need is None else need
        height = max(LEAST_CARD, min(need, room)) if need else 0
        if self.styles.height != Scalar.from_number(height):
            self.styles.height = height

    def natural_height(self) -> int:
        """The height that shows the whole face of every card shown (the tallest's).
        Cards not laid out yet are taken to share the row's width equally. A row that
        lists its cards: the lines that list them all."""
        if self.list_lines:
            return self.list_lines
        cards = [w for w in self.query(CardView) if w.display]
        if not cards:
            return 0
        share = (self.size.width or self.app.size.width) // len(cards)

        def inner(w: CardView) -> int:
            """The card's content width: as :meth:`_fit_window` set it (the layout may
            not have caught up yet), else as laid out."""
            width = w.styles.width
            if width is not None and width.unit == Unit.CELLS:
                return int(width.value) - w.styles.gutter.width
            return w.content_size.width or share - w.styles.gutter.width
        return max(w.natural_height(inner(w)) for w in cards)


class FightLog(RichLog, can_focus=False):
    """The fight's events, one line each, coloured by who they are about. It never takes
    the focus (the arrows pick dice and cards); the fight screen scrolls it (:meth:`page`),
    and so does the mouse wheel. A log showing its last line keeps showing it when the
    screen is resized; one scrolled back stays where the player left it."""

    COMPONENT_CLASSES = {"fight-log--hero", "fight-log--enemy", "fight-log--turn"}
    #: The lines kept (the oldest give way).
    MAX_LINES = 2000

    def __init__(self, *, id: str | None = None):
        # min_width: a line is wrapped at the log's width, however narrow (RichLog's
        # default wrapped at 78 cells and then cut at the log's 58, at 60 columns).
        super().__init__(id=id, wrap=True, markup=False, highlight=False,
                         max_lines=self.MAX_LINES, min_width=1)
        self.following = True
        """The log shows its last line (new lines scroll it there, as they always do)."""
        self._written: deque[Text] = deque(maxlen=self.MAX_LINES)
        """The lines as written, to wrap again at a new width."""
        self._wrapped_at = 0
        """The width the lines shown were wrapped at (0: none yet)."""

    def write(self, content: Any, *args: Any, **kwargs: Any) -> "FightLog":
        self._written.append(content)
        super().write(content, *args, **kwargs)
        self.following = True
        return self

    def clear(self) -> "FightLog":
        self._written.clear()
        super().clear()
        return self

    def add_events(self, evs: Iterable[Event]) -> None:
        for event in evs:
            self.write(self._line(event))

    def add_line(self, line: str, side: int | None = None) -> None:
        name = {0: "fight-log--hero", 1: "fight-log--enemy"}.get(side, "fight-log--turn")
        self.write(Text(line, self.get_component_rich_style(name)))

    def page(self, pages: int) -> None:
        """Scroll a page down (``pages`` > 0) or up."""
        (self.scroll_page_down if pages > 0 else self.scroll_page_up)(animate=False)
        self._note_where()

    def _note_where(self) -> None:
        self.following = self.is_vertical_scroll_end

    def on_mouse_scroll_down(self) -> None:
        self.call_after_refresh(self._note_where)

    def on_mouse_scroll_up(self) -> None:
        self.call_after_refresh(self._note_where)

    def on_resize(self, event: events.Resize) -> None:
        # RichLog's own handler (stopped here) writes the lines held back until the size
        # is known through write(), which would keep them twice in _written: a later
        # width would show them twice. They are written here as RichLog writes them.
        event.prevent_default()
        if event.size.width and not self._size_known:
            self._size_known = True
            while self._deferred_renders:
                RichLog.write(self, *self._deferred_renders.popleft())
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at:
            # Lines wrapped at another width would be cut (or leave half the log blank):
            # they are wrapped again at this one.
            if self._wrapped_at and self._written:
                following = self.following
                where = self.scroll_y / max(1, self.max_scroll_y)   # (a log scrolled back
                RichLog.clear(self)                                  # stays as far back)
                for line in list(self._written):
                    RichLog.write(self, line, scroll_end=following)
                self.following = following
                if not following:
                    self.call_after_refresh(
                        lambda: self.scroll_to(y=round(where * self.max_scroll_y),
                                               animate=False))
            self._wrapped_at = width
        if self.following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def _line(self, event: Event) -> Text:
        side = getattr(event, "side", None)
        if type(event).__name__ in ("TurnStarted", "FightStarted", "FightEnded"):
            return Text(event.describe(), self.get_component_rich_style("fight-log--turn"))
        name = "fight-log--hero" if side == 0 else "fight-log--enemy"
        return Text("  " + event.describe(), self.get_component_rich_style(name))


class Menu(OptionList):
    """A list to choose from; the highlighted line is marked ``▶`` as well as coloured, so
    it shows without colour too."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self._prompts: list[str] = []

    @property
    def prompts(self) -> tuple[str, ...]:
        """The options' prompts as given, without their marks."""
        return tuple(self._prompts)

    def set_options(self, options: Sequence[Option], highlighted: int | None = 0) -> None:
        """Show these options (their prompts as plain text) with one highlighted."""
        self._prompts = [str(o.prompt) for o in options]
        self.clear_options()
        self.add_options([Option(self._marked(i, highlighted), id=o.id, disabled=o.disabled)
                          for i, o in enumerate(options)])
        self.highlighted = highlighted

    def on_resize(self) -> None:
        """A list made shorter (the inventory's, beside a taller preview) keeps its
        highlighted line in view."""
        self.call_after_refresh(self.scroll_to_highlight)
        self.call_after_refresh(self.show_beyond)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        for i in range(min(len(self._prompts), self.option_count)):
            self.replace_option_prompt_at_index(i, self._marked(i, highlighted))
        self.call_after_refresh(self.show_beyond)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.show_beyond()

    def beyond(self) -> tuple[int, int]:
        """The options out of sight above the list's window and below it, an option cut
        by an edge counted with those beyond it."""
        lines = self._lines    # (OptionList's (option, line in it) for each line: 8.2 series)
        height = self.scrollable_content_region.height
        if not lines or height <= 0 or len(lines) <= height:
            return 0, 0
        top = min(max(0, round(self.scroll_y)), len(lines) - 1)
        bottom = min(top + height, len(lines)) - 1
        first, into = lines[top]
        last, at = lines[bottom]
        above = first + (1 if into else 0)
        below = self.option_count - last - (1 if at == self._heights[last] - 1 else 0)
        return above, below

    def show_beyond(self) -> None:
        """The counts of the options out of sight, on the list's border: ``↑3`` at its
        top, ``↓4`` at its foot (as a listed row of cards counts its lines beyond)."""
        above, below = self.beyond()
        self.border_title = f"↑{above}" if above else None
        self.border_subtitle = f"↓{below}" if below else None

    def _marked(self, index: int, highlighted: int | None) -> Table:
        """The prompt after its mark, a line too long for the menu wrapped under the
        prompt's own first letter, not under the mark."""
        line = Table.grid()
        line.add_column(width=2, no_wrap=True)
        line.add_column(ratio=1)
        line.add_row("▶ " if index == highlighted else "  ", Text(self._prompts[index]))
        return line


def wrap_words(text: Text, console: Any, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` cells on word boundaries; a word longer than a line
    is cut with ``…`` (the text goes on after it).

    >>> from rich.console import Console
    >>> [str(t) for t in wrap_words(Text("Steal the opponent's card"), Console(), 9)]
    ['Steal the', 'opponent…', 'card']
    """
    lines = list(text.wrap(console, max(1, width), overflow="ellipsis"))
    for line in lines:
        line.rstrip()
    return lines


def cut_lines(lines: list[Text], width: int, height: int) -> Text:
    """Wrapped ``lines`` as ``height`` rows of ``width`` cells show them: when there are
    more, the last one shown ends with ``…``, after its last whole word that leaves the
    room for it (0: no limit).

    >>> str(cut_lines([Text("Do d x 2"), Text("+ 2 damage."), Text("Your turn")], 11,
    ...               2)).splitlines()
    ['Do d x 2', '+ 2…']
    """
    if 0 < height < len(lines):
        lines = lines[:height]
        last = lines[-1]
        last.rstrip()
        if not last.plain.endswith("…"):     # (a word cut already says so)
            if last.cell_len + 1 > width:
                words = last.plain[:len(last.plain) - (last.cell_len + 1 - width)]
                space = words.rfind(" ")
                last.truncate(space if space > 0 else max(0, width - 1))
                last.rstrip()
            last.append("…")
    return Text("\n").join(lines)


class Clipped(Widget):
    """Text wrapped to the widget's width, as tall as it needs up to its ``max-height``:
    text longer than that ends with ``…`` instead of pushing the rest of the screen away
    (a mod's hero or dungeon may say a thousand characters)."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self.text = Text()

    def update(self, text: Text | str) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        return wrap_words(self.text, self.app.console, width)   # (text-align: CSS)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        width, height = self.content_size
        return cut_lines(self._lines(width), width, height)


class PagedLines(Widget):
    """Text wrapped to the widget's width (each line of it a paragraph) in the rows the
    widget has: when they do not all fit, a last row says how many lines are below
    (``▼ 3 more lines: pgdn``) and, once paged down, a first row how many above, so
    nothing is hidden without a sign. Its content height is the lines' own (the screen
    caps it with ``max-height`` to the room it has)."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self.text = Text()
        self.top = 0
        """The first wrapped line shown (0: from the start)."""

    def update(self, text: Text | str) -> None:
        """New lines, shown from their start."""
        self.text = Text(text) if isinstance(text, str) else text
        self.top = 0
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        """The text wrapped to ``width`` cells (none when there is no text)."""
        return [line for paragraph in self._paragraphs(width) for line in paragraph]

    def _paragraphs(self, width: int) -> list[list[Text]]:
        """Each paragraph (a line of the text) wrapped to ``width`` cells."""
        if not self.text.plain:
            return []
        # (a word longer than the line, a path, is folded onto the next: every letter shows)
        paragraphs = [list(part.wrap(self.app.console, max(1, width), overflow="fold"))
                      or [Text()] for part in self.text.split("\n", allow_blank=True)]
        for paragraph in paragraphs:
            for line in paragraph:
                line.rstrip()
        return paragraphs

    def starts(self, width: int) -> list[int]:
        """The wrapped line each paragraph starts at."""
        at, found = 0, []
        for paragraph in self._paragraphs(width):
            found.append(at)
            at += len(paragraph)
        return found

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def window(self, width: int, height: int) -> tuple[int, list[Text], int]:
        """How many lines are above the rows shown, the lines shown, how many below."""
        lines = self.lines(width)
        if height <= 0 or len(lines) <= height:
            self.top = 0
            return 0, lines, 0
        # (paged to the end: a sign above and the last lines; under 3 rows, no paging)
        self.top = max(0, min(self.top, len(lines) - (height - 1))) if height >= 3 else 0
        rows = height - (self.top > 0)
        if self.top + rows < len(lines):
            rows -= 1                           # (the sign below)
        return self.top, lines[self.top:self.top + rows], len(lines) - self.top - rows

    def page(self, pages: int) -> None:
        """A page down (``pages`` > 0) or up: as many lines as the rows show, less the
        lines of a paragraph cut at the page's edge: a page down starts at the first
        paragraph not shown whole, a page up at the first one it shows whole (a paragraph
        is read whole where it fits the rows; one taller than them is paged by lines)."""
        width, height = self.content_size
        above, shown, _ = self.window(width, height)
        step = max(1, len(shown))
        starts = self.starts(width)
        for _ in range(abs(pages)):
            if pages > 0:
                hidden = above + step       # (the first line not shown)
                cut = max((s for s in starts if s <= hidden), default=hidden)
                above = cut if cut > above else hidden
            else:
                back = max(0, above - step)
                above = min((s for s in starts if back <= s < above), default=back)
        self.top = max(0, above)
        self.refresh()

    def render(self) -> Text:
        width, height = self.content_size
        above, shown, below = self.window(width, height)
        rows = [Text(faces.shorten(f"▲ {_lines(above)} above: pgup", width), style="dim")
                ] if above else []
        rows += shown
        if below:
            rows.append(Text(faces.shorten(f"▼ {_lines(below, 'more ')}: pgdn", width),
                             style="dim"))
        return Text("\n").join(rows)

    def on_mouse_scroll_down(self) -> None:
        self.page(1)

    def on_mouse_scroll_up(self) -> None:
        self.page(-1)


def _lines(count: int, more: str = "") -> str:
    return f"{count} {more}line" + ("" if count == 1 else "s")


class OneLine(Widget):
    """A line of text that never wraps: cut with ``…`` when it is wider than the widget."""

    text: reactive[str] = reactive("")

    def __init__(self, text: str = "", *, id: str | None = None):
        super().__init__(id=id)
        self.set_reactive(OneLine.text, text)

    def render(self) -> Text:
        return Text(faces.shorten(self.text, self.content_size.width or self.app.size.width))


class KeyBar(Widget):
    """One line of the keys that work on this screen; on a narrow screen the last keys give
    way to ``…`` before ``? help`` (:func:`~dicey.tui.keys.fit_key_bar`).

    It shows only while its screen is the one on top: under a box (the inventory, a card
    read whole, help) its keys do nothing, and the box shows its own."""

    def __init__(self, keys: Iterable[Key], *, id: str | None = None):
        super().__init__(id=id)
        self.keys = tuple(keys)
        self.warning: str | None = None
        """A line shown instead of the keys (what a key does now that it did not: q after
        saving failed), until :meth:`warn` takes it back."""

    def render(self) -> Text:
        cells = self.content_size.width or self.app.size.width
        if self.warning is not None:
            return Text(faces.shorten(self.warning, cells), style="bold")
        return Text(fit_key_bar(self.keys, cells))

    def warn(self, warning: str | None) -> None:
        """Show ``warning`` instead of the keys (None: the keys again)."""
        self.warning = warning
        self.set_class(warning is not None, "-warning")
        self.refresh()

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self._screen_changed()

    def _screen_changed(self, _: object = None) -> None:
        # (hidden, not removed: the screen underneath keeps its layout)
        self.visible = self.screen is self.app.screen

    def show_keys(self, keys: Iterable[Key]) -> None:
        """Show these keys instead (the screen's keys that still do something)."""
        keys = tuple(keys)
        if keys != self.keys:
            self.keys = keys
            self.refresh()
