"""The reward after a won fight: one of three (a card, an upgrade, a heal), with news of
levels gained and a preview of the card on offer, as tall as its face."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicey.rules.state import fresh_card
from dicey.run.inventory import card_def
from dicey.run.rewards import apply_reward, describe_reward
from dicey.run.state import Hero, Reward

from ..keys import REWARD_KEYS
from ..widgets import PREVIEW_UNIT, CardRow, KeyBar, Menu
from .base import RunScreen
from .card import read_cards
from .inventory import InventoryScreen


def taken_line(library: Any, hero: Hero, reward: Reward, where: str = "") -> str:
    """What the map says of the reward ``hero`` just took (``where``: where a card went,
    as the offer said).

    >>> from types import SimpleNamespace as NS
    >>> taken_line(NS(equipment={}), Hero("w", 7, 20, 2), Reward("heal", amount=10))
    'Took: Heal 10 HP (7 → 17 of 20)'
    """
    said = describe_reward(library, hero, reward)
    if reward.kind != "heal":           # (the offer's line without its verb: Take, Upgrade)
        said = said.split(" ", 1)[1]
    return f"Took: {said}{where}"


class RewardScreen(RunScreen):
    """Pick one reward; the run moves on to the next fight."""

    KEYS = REWARD_KEYS

    def compose(self) -> ComposeResult:
        yield Static(id="screen-title")
        yield Static(id="news")
        yield Menu(id="offers")
        yield CardRow(0, lettered=False, unit=PREVIEW_UNIT, id="offer-preview")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self.query_one("#screen-title", Static).update(self._title())
        news = self.query_one("#news", Static)
        news.update(Text("\n".join(self.run_state.news)))
        news.display = bool(self.run_state.news)   # (no gap where there is no news)
        self._fill()

    def on_screen_resume(self) -> None:
        self._fill()

    def _title(self) -> Text:
        last = self.run_state.history[-1]
        enemy = self.dicey.library.enemies[last.enemy].name
        text = Text(f"Victory over {enemy}!", style="bold")
        text.append(f" +{last.xp} XP · {self.run_state.hero.hp}/{self.run_state.hero.max_hp} HP"
                    " · choose one reward:")
        return text

    def _fill(self) -> None:
        lib, state = self.dicey.library, self.run_state
        menu = self.query_one("#offers", Menu)
        current = min(menu.highlighted or 0, len(state.offers) - 1)
        menu.set_options([Option(f"{i + 1} {describe_reward(lib, state.hero, r)}"
                                 f"{self._where_it_goes(r)}")
                          for i, r in enumerate(state.offers)], highlighted=current)
        menu.focus()
        self._preview(menu.highlighted or 0)

    def _where_it_goes(self, reward: Reward) -> str:
        """`` (to the backpack: …)`` for a card that will not be in the next fight, as the
        grid has no room for it."""
        if reward.kind == "heal":
            return ""
        hero = self.run_state.hero
        after = apply_reward(self.dicey.library, hero, reward)
        if len(after.backpack) > len(hero.backpack):
            return " (to the backpack: the grid has no room)"
        return ""

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option_index)

    def _preview(self, index: int) -> None:
        offers = self.run_state.offers
        cards = []
        if 0 <= index < len(offers) and offers[index].card:
            cards = self._preview_cards(offers[index])
        self.query_one("#offer-preview", CardRow).show(cards)
        self.call_after_refresh(self.fit_preview)   # (once the cards have their widths)

    def fit_preview(self) -> None:
        """The preview as tall as the card's face (an upgrade: the taller of the two),
        so the whole card shows; on a screen too short for that, what the screen leaves
        it above the key line (a face cut short ends with ``…``)."""
        row = self.query_one("#offer-preview", CardRow)
        row.fit_height(self.size.height - row.region.y - 1)   # (1: the key line)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_preview)

    def _preview_cards(self, reward: Reward) -> list:
        lib = self.dicey.library
        if reward.kind == "upgrade":
            return [fresh_card(card_def(lib, reward.card)),
                    fresh_card(card_def(lib, reward.card + "+"), upgraded=True)]
        return [fresh_card(card_def(lib, reward.card))]

    def action_choose(self, index: int) -> None:
        """Take reward ``index`` (a number key takes it at once: the map then says what
        was taken)."""
        offers = self.run_state.offers
        if 0 <= index < len(offers):
            reward = offers[index]
            took = taken_line(self.dicey.library, self.run_state.hero, reward,
                              self._where_it_goes(reward))
            self.dicey.take_reward(index, took)

    def action_read_card(self) -> None:
        """The card on offer read whole (an upgrade: the card, then → its upgrade)."""
        cards = self.query_one("#offer-preview", CardRow).cards
        if cards:
            read_cards(self.app, cards)
        else:
            self.notify("This reward is not a card: there is no card to read.")

    def action_inventory(self) -> None:
        self.app.push_screen(InventoryScreen())
