"""The dungeon map: floors done and to come, the next enemy, the hero's progress."""
from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from dicey.run import progress
from dicey.run.inventory import card_label, grid_width, width_of
from dicey.run.state import RunState

from ..faces import counted
from ..keys import MAP_KEYS
from ..widgets import KeyBar
from .base import RunScreen
from .inventory import InventoryScreen


def floor_lines(library: Any, state: RunState) -> Text:
    """One line per floor: beaten enemies ticked, the next one marked, later floors
    as counts (and their boss)."""
    text = Text()
    dungeon = progress.dungeon_of(library, state)
    for i, enemies in enumerate(state.schedule):
        floor = dungeon.floors[i]
        text.append(f"Floor {floor.number}  ", style="bold" if i == state.floor else "")
        if i < state.floor:
            text.append("cleared ✓")
        elif i == state.floor:
            text.append(_current_floor(library, enemies, state.step, floor.boss))
        else:
            fights = len(enemies) - (1 if floor.boss else 0)
            text.append(f"{fights} fight{'s' if fights != 1 else ''}" + (f", then the boss: "
                                               f"{library.enemies[floor.boss].name}"
                                               if floor.boss else ""))
        text.append("\n")
    return text


def _current_floor(library: Any, enemies: Sequence[str], step: int, boss: str | None) -> Text:
    text = Text()
    for j, enemy in enumerate(enemies):
        name = library.enemies[enemy].name
        boss_mark = " (boss)" if boss and j == len(enemies) - 1 else ""
        if j < step:
            text.append(f"✓ {name}  ")
        elif j == step:
            text.append(f"▶ {name}{boss_mark}  ", style="bold reverse")
        else:
            text.append(f"· {name}{boss_mark}  ")
    return text


def hero_lines(library: Any, state: RunState) -> Text:
    h = state.hero
    defn = library.heroes[h.id]
    nxt = progress.next_level(h, progress.dungeon_of(library, state).levels)
    xp = f"XP {h.xp}" + (f" (level {nxt.level} at {nxt.xp})" if nxt else " (the top level)")
    text = Text(f"{defn.name}", style="bold")
    dice = counted(h.dice, "die", "dice")
    text.append(f" · level {h.level} · {h.hp}/{h.max_hp} HP · {dice} · {xp}\n")
    used, width = width_of(library, h.equipment), grid_width(library, h)
    # (the grid's spaces, not its cards: a size-2 card takes two; said as the inventory
    # says it, after the cards, so "3/4" is not read as three cards of four)
    text.append("Equipped: " + (", ".join(card_label(library, r) for r in h.equipment)
                                or "nothing")
                + f" ({used} of {width} grid spaces used)")
    if h.backpack:
        text.append("\nBackpack: " + ", ".join(card_label(library, r) for r in h.backpack))
    return text


class DungeonScreen(RunScreen):
    """Where the run stands, and the way into the next fight."""

    KEYS = MAP_KEYS

    def __init__(self, took: str = "") -> None:
        """``took``: the reward just taken, said (in the news' place) until the player
        leaves the screen or opens another over it."""
        super().__init__()
        self.took = took

    def compose(self) -> ComposeResult:
        yield Static(id="screen-title")
        yield Static(id="news")
        yield Static(id="floors")
        yield Static(id="next-fight")
        yield Static(id="hero-progress")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self.refresh_view()

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def on_screen_suspend(self) -> None:
        self.took = ""                  # (said once: back from the inventory, it is old)

    def refresh_view(self) -> None:
        lib, state = self.dicey.library, self.run_state
        dungeon = progress.dungeon_of(lib, state)
        title = Text(dungeon.name, style="bold")
        if state.ai is not None:
            title.append(f" · {progress.difficulty_label(state.ai)}", style="")
        title.append(f" · seed {state.seed}", style="")   # (the same seed, the same run)
        self.query_one("#screen-title", Static).update(title)
        # (news on the map: the fight just won, when it had no reward to choose from; the
        # reward just taken)
        news = self.query_one("#news", Static)
        lines = state.news + ((self.took,) if self.took else ())
        news.update(Text("\n".join(lines)))
        news.display = bool(lines)
        self.query_one("#floors", Static).update(floor_lines(lib, state))
        enemy = lib.enemies[progress.current_enemy(state)]
        boss = " — the boss" if progress.is_boss_fight(lib, state) else ""
        left = len(state.schedule[state.floor]) - state.step
        dice = counted(enemy.dice, "die", "dice")
        nxt = Text(f"Next: {enemy.name}{boss} · {enemy.hp} HP · {dice}", style="bold")
        nxt.append(f"   ({left} fight{'s' if left != 1 else ''} left on this floor)", style="")
        if enemy.text:
            nxt.append(f"\n{enemy.text}", style="")
        self.query_one("#next-fight", Static).update(nxt)
        self.query_one("#hero-progress", Static).update(hero_lines(lib, state))

    def action_fight(self) -> None:
        self.dicey.begin_fight()

    def action_inventory(self) -> None:
        self.app.push_screen(InventoryScreen())
