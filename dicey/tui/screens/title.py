"""The title screen: a new run, continue the saved one, help, quit; save problems reported."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.css.scalar import Scalar
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dicey.run.progress import current_enemy, finish_fight, pass_empty_reward
from dicey.run.saves import Loaded, folder_unusable, of_mods_not_loaded
from dicey.run.session import HERO, REPLAY_FAILURES, open_fight
from dicey.run.state import RunState

from ..faces import shorten
from ..keys import TITLE_KEYS
from ..widgets import Clipped, KeyBar, Menu, OneLine, PagedLines, wrap_words
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


#: Said under a damaged save's report: nothing is lost by playing on ({} the name the
#: file will have, the first free one).
KEPT = "The damaged file is kept: the next save moves it aside, as {}."
#: Said instead when both the save and its backup are damaged: the next save moves the
#: save aside, the one after it the backup.
KEPT_BOTH = "The damaged files are kept: the next saves move them aside, as {} and {}."
#: Said instead when the save is a run of content not loaded now (a mod missing): one
#: sentence, as short as it can be, for the lines under the menu are few at 80×24.
UNLOADED = ("The file is kept: the next save moves it aside, as {}; renamed "
            "save.json, it goes on in a game started with its mods (--mods replaces the "
            "bundled ones).")
#: The same, when the backup is a run of content not loaded now too: the next saves move
#: both aside, the save first (the newer run: the one to rename).
UNLOADED_BOTH = ("The files are kept: the next saves move them aside, as {} (the newer) and "
                 "{}; renamed save.json, one goes on in a game started with its mods "
                 "(--mods replaces the bundled ones).")


def kept_notice(problem: str, names: list[str]) -> str:
    """What becomes of the damaged save files ``names`` (as the save store will name them,
    save.json's first): said under the ``problem``."""
    if of_mods_not_loaded(problem):
        return UNLOADED_BOTH.format(*names[:2]) if len(names) > 1 else \
            UNLOADED.format(names[0])
    return KEPT_BOTH.format(*names) if len(names) > 1 else KEPT.format(names[0])


#: Said above a damaged save's report when Continue is chosen (a notice over the report
#: covered the lines it pointed to).
UNREAD_CONTINUE = "The saved run cannot be continued (why is just below): choose New run " \
    "to start one."
#: Said when New run would replace a saved run.
REPLACES = "A new run replaces the saved one. Choose New run again (n or enter) to start it."
#: Said when New run would set aside a saved run that is whole but of mods not loaded now.
SETS_ASIDE = ("A new run sets the saved one aside (to go on with it, quit and start the "
              "game with its mods). Choose New run again (n or enter) to start it.")


def folder_problem(folder: Path) -> str:
    """Why no run can be saved in ``folder`` ('' when one can): a file where it, or a
    folder above it, should be; a folder not writable. Said on the title at once, rather
    than when the first save fails in the middle of a run.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as f:
    ...     print(folder_problem(Path(f.name)).replace(f.name, "F")[:63])
    Runs cannot be saved: F is a file, not a folder (is DICEY_HOME
    >>> with tempfile.TemporaryDirectory() as d:
    ...     folder_problem(Path(d) / "new" / "home")
    ''
    """
    why = folder_unusable(folder)
    return f"Runs cannot be saved: {why}. You can play, but quitting loses the run." \
        if why else ""


def mods_line(library: Any) -> str:
    """The mods that loaded, by the names and versions their ``mod.toml`` gives
    (``Mods: Frostbite 1.0.0, Rebalance 1.0.0``); empty when none did."""
    mods = getattr(library, "mods", ())
    return "Mods: " + ", ".join(f"{m.name} {m.version_text}" for m in mods) if mods else ""


def run_line(library: Any, state: RunState, short: bool = False) -> str:
    """Where a saved run stands: ``Warrior, level 2, 18/28 HP — floor 2: next, Bully``; a
    fight saved part-way is said as it stands (``16/22 HP — floor 1: vs Frog, turn 3``),
    not as it began, and one saved at its "press enter to go on" as it ended (``won
    against Frog: rewards next``). Short enough for the title's menu at 80 columns;
    ``short``: without the level (``Warrior, 18/28 HP — floor 2: next, Bully``), for a
    compact title."""
    hero = library.heroes[state.hero.id]
    state = pass_empty_reward(state)    # (continued, it goes on to the next fight)
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
            where = _fight_line(library, state, enemy, fight)
    level = "" if short else f", level {state.hero.level}"
    return f"{hero.name}{level}, {hp}/{state.hero.max_hp} HP — floor {state.floor + 1}: {where}"


def _fight_line(library: Any, state: RunState, enemy: str, fight: Any) -> str:
    """A fight saved part-way, as it stands: under way (``vs Frog, turn 3``) or over, at
    its "press enter to go on" (``won against Frog: rewards next``)."""
    if fight.outcome is None:
        return f"vs {enemy}, turn {fight.turn}"
    if fight.outcome.winner == HERO:
        last = state.floor == len(state.schedule) - 1 and \
            state.step == len(state.schedule[state.floor]) - 1
        if last:
            return f"won against {enemy}: the run is won"
        after = finish_fight(library, state, HERO, fight.outcome.turns,
                             fight.fighters[HERO].hp)
        return f"won against {enemy}: " + ("rewards next" if after.stage == "reward"
                                           else "nothing to gain, on to the next fight")
    return (f"lost to {enemy}" if fight.outcome.winner is not None
            else f"a draw with {enemy}") + ": the run ends"


#: The cells the menu's continue line has at 80 columns (72, less its border, its padding
#: and the mark).
CONTINUE_CELLS = 66
#: The widest the menu's column (``#title-body``) is, and the most lines the dungeon's
#: line takes (``#tagline``), as dicey.tcss sets them.
TITLE_COLUMN = 80
TAGLINE_MOST = 4
#: The menu's widest, and its margins (``#menu`` in dicey.tcss), boxed and on a compact
#: title.
MENU_WIDTH, BOXED_MARGINS, COMPACT_MARGINS = 72, 8, 2


def _continue_line(where: str, cells: int = CONTINUE_CELLS) -> str:
    """The menu's continue line; one too long for its ``cells`` goes on after the dash on
    a line of its own (wrapped anywhere, it left 'turn' and its number apart, and at 60
    columns 'floor' and its number).

    >>> _continue_line("Warrior, level 2, 18/28 HP — floor 2: next, Bully")
    'Continue: Warrior, level 2, 18/28 HP — floor 2: next, Bully'
    >>> print(_continue_line("Pickpocket, level 1, 41/80 HP — floor 1: vs Magpie, turn 17"))
    Continue: Pickpocket, level 1, 41/80 HP
    floor 1: vs Magpie, turn 17
    """
    line = f"Continue: {where}"
    return line if cell_len(line) <= cells else line.replace(" — ", "\n", 1)


def compact_continue_line(where: str, cells: int) -> str:
    """The continue line of a compact title (60×18): one line of ``cells`` at most, cut
    with ``…`` when longer, so that the menu's five lines all show (wrapped, it hid one
    behind a scrollbar).

    >>> compact_continue_line("Juggler, 30/30 HP — floor 1: vs Rat", 60)
    'Continue: Juggler, 30/30 HP — floor 1: vs Rat'
    >>> compact_continue_line("Juggler, 30/30 HP — floor 1: vs Rat", 30)
    'Continue: Juggler, 30/30 HP —…'
    """
    return shorten(f"Continue: {where}", cells)


def tagline(library: Any, width: int, compact: bool = False) -> str:
    """The dungeon's name and its line: on one line when they fit ``width``, else each on
    its own (a line wrapped anywhere left a word alone under the rest); the name alone
    when ``compact`` (a screen with no line to spare).

    >>> from types import SimpleNamespace as NS
    >>> lib = NS(dungeon=NS(name="The Pit", text="Three floors down"))
    >>> tagline(lib, 80), tagline(lib, 20), tagline(lib, 80, compact=True)
    ('The Pit: Three floors down', 'The Pit\\nThree floors down', 'The Pit')
    """
    dungeon = library.dungeon
    if dungeon is None:
        return "no dungeon loaded"
    if not dungeon.text or compact:
        return dungeon.name
    one = f"{dungeon.name}: {dungeon.text}"
    return one if cell_len(one) <= width - 2 else f"{dungeon.name}\n{dungeon.text}"


class TitleScreen(DiceyScreen):
    """New run, continue, help, quit."""

    KEYS = TITLE_KEYS

    def __init__(self) -> None:
        super().__init__()
        self.loaded = Loaded(None)
        self.confirming = False
        """New run was asked once while a run is saved (and the line asks again): any
        other key takes the question back."""
        self.lines: list[str] = []
        """What the lines under the menu say: the data folder's problem, the save's, the
        notices of the game's start (mods that did not load)."""
        self.answer = ""
        """A line above them that answers the last key (New run's question, why Continue
        did nothing); the next key takes it away."""

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
            yield PagedLines(id="title-problem")
        yield KeyBar(self.KEYS)

    def on_mount(self) -> None:
        self._load()

    def on_resize(self) -> None:
        self._show_tagline()
        self._show_menu()           # (the continue line fits the menu's width)
        self.call_after_refresh(self.fit_logo)

    def _show_tagline(self) -> None:
        width = self.size.width or self.app.size.width
        self.query_one("#tagline", Clipped).update(
            Text(tagline(self.dicey.library, width, self.has_class("-compact"))))

    def fit_logo(self) -> None:
        """What the screen's height allows, the least needed going first: the logo goes
        when the menu and the notices under it would not fit with it (it would push them
        off the bottom); then, when they still do not fit, the screen turns compact (the
        dungeon's name alone, the menu without its box, the column wider: 60×18 with a
        damaged save shows each notice whole). The notices take the room left; when they
        need more, they are paged (:class:`~dicey.tui.widgets.PagedLines` says how many
        more lines there are), a notice at a time where one fits."""
        box = self.query_one("#logo-box")
        logo = self.query_one("#logo", Static)
        lines = self.query_one("#title-problem", PagedLines)
        width = self.size.width or self.app.size.width
        column = min(width, TITLE_COLUMN)              # (#title-body: at most 80 wide)
        said = bool(self.lines or self.answer)
        # the lines other than the logo and the notices: the tagline and its margin, the
        # menu (and its box), the mods' line and its margin, the notices' margin, the keys
        tag = min(TAGLINE_MOST, len(wrap_words(Text(tagline(self.dicey.library, width)),
                                               self.app.console, width)))
        menu = self.query_one("#menu", Menu).size.height
        mods = 2 if self.query_one("#title-mods").display else 0
        normal = tag + 1 + menu + 2 + mods + 1 + 1
        compact = 1 + menu + mods + 1 + 1
        wanted = len(lines.lines(column - 8)) if said else 0
        tall = len(LOGO.strip("\n").splitlines()) + logo.styles.margin.height
        box.display = normal + wanted + tall <= self.size.height
        small = not box.display and normal + wanted > self.size.height
        room = max(1, self.size.height - (compact if small else normal)
                   - (tall if box.display else 0))
        if lines.styles.max_height != Scalar.from_number(room):
            lines.styles.max_height = room
        if small != self.has_class("-compact"):
            self.set_class(small, "-compact")
            self._show_tagline()
            self._show_menu()

    def on_screen_resume(self) -> None:
        self._load()

    def _load(self) -> None:
        self.confirming = False
        lib = self.dicey.library
        self.loaded = self.dicey.store.load(lib)
        self._show_tagline()
        state = self.loaded.state
        self._show_menu(highlighted=1 if state else 0)
        self.query_one("#menu", Menu).focus()
        problem = self.loaded.problem
        if problem and not problem.endswith((".", "!", "?")):
            problem += "."                  # a sentence, as the one under it
        names = [path.name for path in self.dicey.store.kept_as(self.loaded)]
        lines = [problem, kept_notice(problem, names)] if problem else []
        folder = folder_problem(self.dicey.store.folder)
        self.lines = ([folder] if folder else []) + lines + list(self.dicey.config.notices)
        self._say()

    def _show_menu(self, highlighted: int | None = None) -> None:
        """The menu's lines (the one ``highlighted``; by default the one that is): on a
        compact title, the continue line on one line, without the hero's level."""
        menu = self.query_one("#menu", Menu)
        if highlighted is None:
            highlighted = menu.highlighted
        state, lib = self.loaded.state, self.dicey.library
        if state is None:
            cont = "Continue (the save does not read: see below)" if self.loaded.problem \
                else "Continue (no saved run)"
        elif self.has_class("-compact"):
            # (2: a scrollbar's room; a line that filled the menu to its edge wrapped once
            # a scrollbar showed)
            cont = compact_continue_line(run_line(lib, state, short=True),
                                         self._menu_cells(COMPACT_MARGINS, 2 + 2))
        else:
            cont = _continue_line(run_line(lib, state), self._menu_cells(BOXED_MARGINS, 4))
        menu.set_options([Option("New run", id="new"),
                          Option(cont, id="continue", disabled=state is None),
                          Option("Records", id="records"), Option("Help", id="help"),
                          Option("Quit", id="quit")], highlighted=highlighted)

    def _menu_cells(self, margins: int, frame: int) -> int:
        """The cells a line of the menu has: its column less its ``margins``, the
        ``frame`` inside it (border, padding) and the mark."""
        column = min(self.size.width or self.app.size.width, TITLE_COLUMN)
        return min(column - margins, MENU_WIDTH) - frame - 2

    def _say(self, first: str = "") -> None:
        """The lines under the menu, ``first`` above them (an answer to the last key, until
        the next)."""
        self.answer = first
        self.query_one("#title-problem", PagedLines).update(
            Text("\n".join(([first] if first else []) + self.lines)))
        self.call_after_refresh(self.fit_logo)

    def on_key(self, event: events.Key) -> None:
        """Before the key's own action: the answer to the key before goes; a key other
        than New run's takes back the question :meth:`action_new_run` asked (as the
        fight's turn-ender question is). pgup and pgdn page the lines under the menu
        (and nothing else: the menu, which has the focus, would move to its ends)."""
        pages = {"pageup": -1, "pagedown": 1}.get(event.key)
        if pages is not None:
            event.stop()        # (bindings are looked up once a key has gone up past here)
            self.action_page_lines(pages)
            return
        if self.confirming:
            option = self.query_one("#menu", Menu).highlighted_option
            if event.key == "n" or event.key == "enter" and option is not None and \
                    option.id == "new":
                return
            self.confirming = False
        if self.answer:
            self._say()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = {"new": self.action_new_run, "continue": self.action_continue_run,
                  "records": self.action_records, "help": self.action_help,
                  "quit": self.action_quit}[event.option.id]
        action()

    def action_new_run(self) -> None:
        """A new run (asking first when it would replace a saved one, or set aside a
        saved run of mods not loaded now: a run a missing ``--mods`` left unread)."""
        unloaded = of_mods_not_loaded(self.loaded.problem)
        if (self.loaded.state is not None or unloaded) and not self.confirming:
            self.confirming = True
            self._say(REPLACES if self.loaded.state is not None else SETS_ASIDE)
            # (the cursor goes to New run: the enter that answers takes it, not Continue)
            menu = self.query_one("#menu", Menu)
            menu.highlighted = menu.get_option_index("new")
            return
        self.confirming = False
        self.app.push_screen(HeroScreen())

    def action_page_lines(self, pages: int) -> None:
        self.query_one("#title-problem", PagedLines).page(pages)

    def action_records(self) -> None:
        self.app.push_screen(RecordsScreen())

    def action_continue_run(self) -> None:
        if self.loaded.state is not None:
            self.dicey.continue_run(self.loaded.state)
        elif self.loaded.problem:       # said below the menu, but c did nothing at all
            self._say(UNREAD_CONTINUE)
        else:
            self._say("There is no saved run to continue: choose New run to start one.")
