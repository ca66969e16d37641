"""The inventory: the equipment grid (within its width) and the backpack; move and swap
cards between fights."""
from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.scalar import Scalar
from textual.widgets import Static
from textual.widgets.option_list import Option

from dicey.rules.state import fresh_card
from dicey.run import inventory as inv
from dicey.run.progress import set_hero
from dicey.run.state import Hero, split_ref

from .. import faces
from ..keys import INVENTORY_KEYS
from ..widgets import PREVIEW_UNIT, CardRow, KeyBar, Menu
from .base import DiceyModal
from .card import read_cards

LISTS = ("#equipped", "#backpack")

#: The least height of the lists, their borders included, beside a tall preview: three
#: cards show (the list scrolls to the one picked).
LIST_LEAST = 5


class InventoryScreen(DiceyModal):
    """Two lists side by side; enter moves a card across, ``s`` twice swaps two cards."""

    KEYS = INVENTORY_KEYS

    def __init__(self) -> None:
        super().__init__()
        self.marked: tuple[str, int] | None = None   # a card picked for a swap
        self.box_lines: int | None = None
        """The box's height (None: as ``dicey.tcss`` has it); :meth:`fit_preview` makes it
        taller for a tall card."""

    def compose(self) -> ComposeResult:
        with Vertical(id="inventory-box"):
            # Each list's title over it, in the same columns (one line padded with spaces
            # put 'Backpack' over neither list once the screen was not 80 wide).
            with Horizontal(id="inventory-titles"):
                yield Static(id="grid-title")
                yield Static(Text("Backpack", style="bold"), id="backpack-title")
            with Horizontal(id="inventory-lists"):
                yield Menu(id="equipped")
                yield Menu(id="backpack")
            yield CardRow(0, lettered=False, unit=PREVIEW_UNIT, id="inventory-preview")
            yield Static(id="inventory-message")
            yield KeyBar(self.KEYS)

    @property
    def hero(self) -> Hero:
        assert self.dicey.state is not None
        return self.dicey.state.hero

    def on_mount(self) -> None:
        self._fill()
        self.query_one("#equipped", Menu).focus()

    def _fill(self) -> None:
        lib, hero = self.dicey.library, self.hero
        used, width = inv.width_of(lib, hero.equipment), inv.grid_width(lib, hero)
        self.query_one("#grid-title", Static).update(Text(
            f"Grid: {used} of {width} spaces used", style="bold"))
        for name, refs in (("#equipped", hero.equipment), ("#backpack", hero.backpack)):
            menu = self.query_one(name, Menu)
            keep = min(menu.highlighted or 0, len(refs) - 1) if refs else None
            menu.set_options([Option(self._label(name, i, ref)) for i, ref in enumerate(refs)]
                             or [Option("(empty)", disabled=True)], highlighted=keep)
        self._preview()

    def _label(self, where: str, index: int, ref: str) -> str:
        lib = self.dicey.library
        mark = "» " if self.marked == (where, index) else ""
        return f"{mark}{inv.card_label(lib, ref)} (size {inv.card_def(lib, ref).size})"

    def _focused(self) -> tuple[str, int | None]:
        name = "#backpack" if self.query_one("#backpack", Menu).has_focus else "#equipped"
        return name, self.query_one(name, Menu).highlighted

    def _preview(self) -> None:
        name, index = self._focused()
        refs = self.hero.equipment if name == "#equipped" else self.hero.backpack
        cards = []
        if index is not None and index < len(refs):
            defn = inv.card_def(self.dicey.library, refs[index])
            cards = [fresh_card(defn, upgraded=split_ref(refs[index])[1])]
        self.query_one("#inventory-preview", CardRow).show(cards)
        self.call_after_refresh(self.fit_preview)   # (once the card has its width)

    def fit_preview(self) -> None:
        """The preview as tall as the card's face, so the whole card shows; the lists
        take the rest of the box, :data:`LIST_LEAST` lines at least (they scroll). A face
        too tall for the box makes the box taller, as far as :meth:`tallest_box` lets
        it (a face cut short ends with ``…``); the box stays that tall while the inventory
        is open, so it does not jump as the cards are picked one after the other."""
        box = self.query_one("#inventory-box")
        row = self.query_one("#inventory-preview", CardRow)
        others = sum(w.outer_size.height for w in box.children
                     if w.display and w is not row and w.id != "inventory-lists")
        fixed = box.styles.gutter.height + others + LIST_LEAST
        need = row.natural_height()
        if self.box_lines is None:     # (as dicey.tcss has it)
            self.box_lines = box.styles.height.cells if box.styles.height else 0
        self.box_lines = min(max(self.box_lines or 0, need + fixed), self.tallest_box())
        if box.styles.height != Scalar.from_number(self.box_lines):
            box.styles.height = self.box_lines
        row.fit_height(self.box_lines - fixed, need)

    def tallest_box(self) -> int:
        """The box's greatest height: the screen less the header of the screen under it
        (the dungeon's name and seed, the reward's title), above the box, and as many
        lines under it, for the box stands in the middle. A card with a mod's very long
        text made the box the whole screen, and the header was gone while it was open."""
        under = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        headers = under.query("#screen-title") if under is not None else ()
        header = max((w.outer_size.height for w in headers if w.display), default=1)
        return max(1, self.size.height - 2 * max(1, header))

    def on_resize(self) -> None:
        """The box as ``dicey.tcss`` has it again, then as tall as the card picked
        needs on the new screen."""
        self.box_lines = None
        self.query_one("#inventory-box").styles.height = None
        self.call_after_refresh(self.fit_preview)

    def on_option_list_option_highlighted(self) -> None:
        self._preview()

    def on_descendant_focus(self) -> None:
        self._preview()

    def say(self, text: str) -> None:
        self.query_one("#inventory-message", Static).update(Text(text))
        self.call_after_refresh(self.fit_preview)   # (a longer message leaves it less)

    def _change(self, make: Callable[[], Hero]) -> None:
        try:
            hero = make()
        except inv.InventoryError as err:
            self.say(faces.sentence(str(err)))
            return
        self.dicey.commit(set_hero(self.dicey.state, hero))
        self.marked = None
        self.say("")
        self._fill()

    def action_move_card(self) -> None:
        name, index = self._focused()
        if index is None:
            return
        lib = self.dicey.library
        if name == "#equipped":
            self._change(lambda: inv.unequip(lib, self.hero, index))
        else:
            self._change(lambda: inv.equip(lib, self.hero, index))

    def on_option_list_option_selected(self) -> None:
        self.action_move_card()

    def action_swap(self) -> None:
        name, index = self._focused()
        if index is None:
            return
        if self.marked is None or self.marked[0] == name:
            self.marked = (name, index)
            self.say("Now pick a card in the other list and press s to swap.")
            self._fill()
            return
        pair = {name: index, self.marked[0]: self.marked[1]}
        self._change(lambda: inv.swap(self.dicey.library, self.hero, pair["#equipped"],
                                      pair["#backpack"]))

    def action_read_card(self) -> None:
        """The picked card read whole (←→ there: the other cards of its list)."""
        name, index = self._focused()
        refs = self.hero.equipment if name == "#equipped" else self.hero.backpack
        lib = self.dicey.library
        cards = [fresh_card(inv.card_def(lib, r), upgraded=split_ref(r)[1]) for r in refs]
        read_cards(self.app, cards, index or 0)

    def action_other_list(self) -> None:
        name, _ = self._focused()
        self.query_one(LISTS[1 - LISTS.index(name)], Menu).focus()

    def action_close(self) -> None:
        self.dismiss()
