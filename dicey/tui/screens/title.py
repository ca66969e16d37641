"""The title screen: a new run, continue the saved one, help, quit; save problems reported."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicey.run.progress import current_enemy
from dicey.run.saves import UNLOADED_HINT, Loaded
from dicey.run.session import HERO, REPLAY_FAILURES, open_fight
from dicey.run.state import RunState

from ..keys import TITLE_KEYS
from ..widgets import Clipped, KeyBar, Menu, OneLine
from .base import DiceyScreen
from .heroes import HeroScreen
from .records import RecordsScreen

LOGO = r"""
 ____  _
|  _ \(_) ___ ___ _   _
| | | | |/ __/ _ \ | | |
| |_| | | (_|  __/ |_| |
|____/|_|\___\___|\__, |
                  |___/
"""


#: Said under a damaged save's report: nothing is lost by playing on.
KEPT = "The damaged file is kept: the next save moves it aside, as save.damaged.json."
#: Said too when the save is a run of content not loaded now (a mod missing).
UNLOADED = ("To go on with that run, start the game with the mods it was played with "
            "(--mods replaces the bundled ones): set aside, it goes on once renamed "
            "save.json.")


def mods_line(library: Any) -> str:
    """The mods that loaded, by the names and versions their ``mod.toml`` gives
    (``Mods: Frostbite 1.0.0, Rebalance 1.0.0``); empty when none did."""
    mods = getattr(library, "mods", ())
    return "Mods: " + ", ".join(f"{m.name} {m.version_text}" for m in mods) if mods else ""


def run_line(library: Any, state: RunState) -> str:
    """Where a saved run stands: ``Warrior, level 2, 18/28 HP — floor 2: next, Bully``; a
    fight saved part-way is said as it stands (``16/22 HP — floor 1: vs Frog, turn 3``),
    not as it began. Short enough for the title's menu at 80 columns."""
    hero = library.heroes[state.hero.id]
    enemy = library.enemies[current_enemy(state)].name
    hp = state.hero.hp
    where = {"fight": f"vs {enemy}", "reward": f"a reward for beating {enemy}"}.get(
        state.stage, f"next, {enemy}")
    if state.stage == "fight" and state.fight_moves:
        try:
            fight = open_fight(library, state).fight
        except REPLAY_FAILURES:   # said when it is continued: it starts again
            pass
        else:
            hp = fight.fighters[HERO].hp
            where += f", turn {fight.turn}"
    return (f"{hero.name}, level {state.hero.level}, {hp}/{state.hero.max_hp} HP"
            f" — floor {state.floor + 1}: {where}")


#: The cells the menu's continue line has at 80 columns (72, less its border and mark).
CONTINUE_CELLS = 68


def _continue_line(where: str) -> str:
    """The menu's continue line; one too long for it at 80 columns goes on after the
    dash on a line of its own (wrapped anywhere, it left 'turn' and its number apart).

    >>> _continue_line("Warrior, level 2, 18/28 HP — floor 2: next, Bully")
    'Continue: Warrior, level 2, 18/28 HP — floor 2: next, Bully'
    >>> print(_continue_line("Pickpocket, level 1, 41/80 HP — floor 1: vs Magpie, turn 17"))
    Continue: Pickpocket, level 1, 41/80 HP
    floor 1: vs Magpie, turn 17
    """
    line = f"Continue: {where}"
    return line if cell_len(line) <= CONTINUE_CELLS else line.replace(" — ", "\n", 1)


def tagline(library: Any, width: int) -> str:
    """The dungeon's name and its line: on one line when they fit ``width``, else each on
    its own (a line wrapped anywhere left a word alone under the rest).

    >>> from types import SimpleNamespace as NS
    >>> lib = NS(dungeon=NS(name="The Pit", text="Three floors down"))
    >>> tagline(lib, 80), tagline(lib, 20)
    ('The Pit: Three floors down', 'The Pit\\nThree floors down')
    """
    dungeon = library.dungeon
    if dungeon is None:
        return "no dungeon loaded"
    if not dungeon.text:
        return dungeon.name
    one = f"{dungeon.name}: {dungeon.text}"
    return one if cell_len(one) <= width - 2 else f"{dungeon.name}\n{dungeon.text}"


class TitleScreen(DiceyScreen):
    """New run, continue, help, quit."""

    KEYS = TITLE_KEYS

    def __init__(self) -> None:
        super().__init__()
        self.loaded = Loaded(None)
        self.confirming = False   # "new run" was asked once while a run is saved

    def compose(self) -> ComposeResult:
        with Center(id="logo-box"):
            yield Static(Text(LOGO.strip("\n")), id="logo")
        yield Clipped(id="tagline")
        with Center(), Vertical(id="title-body"):
            yield Menu(id="menu")
            mods = mods_line(self.dicey.library)
            line = OneLine(mods, id="title-mods")
            line.display = bool(mods)
            yield line
            yield Static(id="title-problem")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self._load()

    def on_resize(self) -> None:
        self._show_tagline()
        self.call_after_refresh(self.fit_logo)

    def _show_tagline(self) -> None:
        width = self.size.width or self.app.size.width
        self.query_one("#tagline", Clipped).update(Text(tagline(self.dicey.library, width)))

    def fit_logo(self) -> None:
        """The logo only when the screen has room for it and the rest: on a short screen
        it would push the menu's end and the notices under them off the bottom."""
        box = self.query_one("#logo-box")
        logo = self.query_one("#logo", Static)
        rest = sum(w.outer_size.height + w.styles.margin.height for w in self.children
                   if w.display and w is not box and not isinstance(w, KeyBar))
        tall = len(LOGO.strip("\n").splitlines()) + logo.styles.margin.height
        box.display = rest + tall <= self.size.height - 1   # (the key line)

    def on_screen_resume(self) -> None:
        self._load()

    def _load(self) -> None:
        self.confirming = False
        lib = self.dicey.library
        self.loaded = self.dicey.store.load(lib)
        self._show_tagline()
        menu = self.query_one("#menu", Menu)
        state = self.loaded.state
        cont = _continue_line(run_line(lib, state)) if state else \
            "Continue (the save does not read: see below)" if self.loaded.problem else \
            "Continue (no saved run)"
        menu.set_options([Option("New run", id="new"),
                          Option(cont, id="continue", disabled=state is None),
                          Option("Records", id="records"), Option("Help", id="help"),
                          Option("Quit", id="quit")],
                         highlighted=1 if state else 0)
        menu.focus()
        problem = self.loaded.problem
        if problem and not problem.endswith((".", "!", "?")):
            problem += "."                  # a sentence, as the one under it
        lines = [problem, KEPT] if problem else []
        if problem and UNLOADED_HINT in problem:
            lines.append(UNLOADED)
        self.query_one("#title-problem", Static).update(
            Text("\n".join(lines + list(self.dicey.config.notices))))
        self.call_after_refresh(self.fit_logo)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = {"new": self.action_new_run, "continue": self.action_continue_run,
                  "records": self.action_records, "help": self.action_help,
                  "quit": self.action_quit}[event.option.id]
        action()

    def action_new_run(self) -> None:
        """A new run (asking first when it would replace a saved one)."""
        if self.loaded.state is not None and not self.confirming:
            self.confirming = True
            self.query_one("#title-problem", Static).update(Text(
                "A new run replaces the saved one. Choose New run again to start it."))
            self.call_after_refresh(self.fit_logo)
            return
        self.confirming = False
        self.app.push_screen(HeroScreen())

    def action_records(self) -> None:
        self.app.push_screen(RecordsScreen())

    def action_continue_run(self) -> None:
        if self.loaded.state is not None:
            self.dicey.continue_run(self.loaded.state)
        elif self.loaded.problem:       # said below the menu: a key that did nothing at all
            self.dicey.notify("The saved run does not read (see below the menu): choose "
                              "New run to start one.", severity="warning")
        else:
            self.query_one("#title-problem", Static).update(Text(
                "There is no saved run to continue: choose New run to start one."))
            self.call_after_refresh(self.fit_logo)
