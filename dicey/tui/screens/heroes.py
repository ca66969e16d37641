"""Choosing a hero: each hero's HP, dice and starting cards, previewed as cards; and the
run's difficulty."""
from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicey.lang.defs import FighterDef
from dicey.rules.state import fresh_card
from dicey.run.progress import difficulties, difficulty_label, heroes_of

from ..faces import counted
from ..keys import HERO_KEYS, HERO_NUMBERS
from ..widgets import CardRow, Clipped, KeyBar, Menu
from .base import RunScreen
from .card import read_cards


#: The blank lines a screen with the room keeps above the kit (dicey.tcss).
SPACED = 2


class HeroScreen(RunScreen):
    """A list of heroes; the highlighted one's kit is shown beside it."""

    KEYS = HERO_KEYS

    def __init__(self) -> None:
        super().__init__()
        self.ai: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text("Choose your hero", style="bold"), id="screen-title")
        yield Static(id="hero-ai")
        with Horizontal(id="hero-body"):
            yield Menu(id="hero-list")
            with Vertical(id="hero-preview"):
                yield Clipped(id="hero-info")
        # The kit under the list, as wide as the screen: beside it, four cards at 80
        # columns cut their names ('Electro…') and their texts short.
        yield CardRow(0, lettered=False, id="hero-kit")
        yield KeyBar(self.KEYS)

    @property
    def heroes(self) -> list[FighterDef]:
        lib = self.dicey.library
        return heroes_of(lib, lib.dungeon) if lib.dungeon is not None else []

    def on_mount(self) -> None:
        self.ai = self.dicey.config.ai
        self._show_ai()
        menu = self.query_one("#hero-list", Menu)
        # The hero of --hero first, when it started no run (a save was there).
        ids = [h.id for h in self.heroes]
        first = ids.index(self.dicey.config.hero) if self.dicey.config.hero in ids else 0
        menu.set_options([Option(f"{i + 1} {h.name}", id=h.id)
                          for i, h in enumerate(self.heroes)], highlighted=first)
        menu.focus()
        self._preview(first)
        count = min(len(self.heroes), 9)     # the key line names the heroes there are
        numbers = replace(HERO_NUMBERS, shown="1" if count == 1 else f"1-{count}")
        self.query_one(KeyBar).show_keys(numbers if k is HERO_NUMBERS else k
                                         for k in self.KEYS)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option_index)

    def _preview(self, index: int) -> None:
        if not 0 <= index < len(self.heroes):
            return
        hero = self.heroes[index]
        lib = self.dicey.library
        info = Text(hero.name, style="bold")
        dice = counted(hero.dice, "die", "dice")
        info.append(f"\n{hero.hp} HP · {dice} · grid {hero.grid} wide\n")
        info.append(hero.text)
        self.query_one("#hero-info", Clipped).update(info)
        cards = [fresh_card(lib.equipment[c]) for c in hero.equipment if c in lib.equipment]
        self.query_one("#hero-kit", CardRow).show(cards)
        self.call_after_refresh(self.fit_kit)

    def fit_kit(self) -> None:
        """The kit as tall as its tallest face, so every card shows whole; on a screen too
        short for that, what the screen leaves it (a face cut short ends with ``…``). A kit
        listed (boxes would cut its names: five cards or more at 80 columns) takes a line
        a card, in one column when the screen has the lines, else in as few as fit."""
        kit = self.query_one("#hero-kit", CardRow)
        if not kit.cards or not kit.size.width:
            return
        # The blank lines under the heroes, then under the title, go when a listed kit
        # needs them: 12 cards at 80×24 in one column, their texts whole, not two columns
        # of "Do d…".
        gaps = [self.query_one(f"#{name}").styles.margin.bottom
                for name in ("screen-title", "hero-body")]
        snug = self.size.height - (kit.region.y - sum(gaps)) - 1    # (1: the key line)
        kit.list_within(snug)
        short = max(0, min(SPACED, kit.list_lines - (snug - SPACED))) \
            if kit.has_class("-list") else 0
        self.set_class(short > 0, "-snug")
        self.set_class(short > 1, "-snugger")
        kit.fit_height(snug - SPACED + short)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_kit)

    def _show_ai(self) -> None:
        line = Text("Difficulty: ", style="bold")
        line.append(difficulty_label(self.ai), style="")
        line.append("   d to change", style="dim")
        self.query_one("#hero-ai", Static).update(line)

    def action_difficulty(self) -> None:
        """The next difficulty, round and round."""
        order = difficulties()
        at = order.index(self.ai) if self.ai in order else -1
        self.ai = order[(at + 1) % len(order)]
        self._show_ai()

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.heroes):
            self.dicey.new_run(self.heroes[index].id, self.ai)

    def action_read_card(self) -> None:
        kit = self.query_one("#hero-kit", CardRow)
        read_cards(self.app, kit.cards)

    def action_back(self) -> None:
        self.app.pop_screen()
