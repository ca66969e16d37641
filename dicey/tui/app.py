"""The Textual application: a run through the dungeon, screen by screen.

:class:`DiceyApp` holds the loaded library, the save store and the run (a frozen
:class:`~dicey.run.state.RunState`, replaced at every step and saved after every fight, at
the end of every turn of a fight and on quit). The screens render it and call back here to
move the run on: the title, the hero choice, the dungeon map, the fight, the reward, the
end of the run, with the inventory and help on top. The title stays at the bottom of the
screen stack; the run's screens replace one another above it.
"""
from __future__ import annotations

import asyncio
import random
import signal
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.notifications import Notify
from textual.screen import Screen

from dicey.run import progress
from dicey.run.brains import HintGiver, enemy_chooser, hero_hints
from dicey.run.records import RecordBook, record_of
from dicey.run.saves import SaveError, SaveStore
from dicey.run.session import REPLAY_FAILURES, Chooser, FightSession, open_fight
from dicey.run.state import RunState

from .screens.base import RunScreen
from .screens.dungeon import DungeonScreen
from .screens.ending import EndScreen
from .screens.fight import FightScreen
from .screens.reward import RewardScreen
from .screens.title import TitleScreen
from .widgets import KeyBar

#: The theme: ANSI colours, so the terminal's own 16-colour palette is used.
THEME = "ansi-dark"


#: Said on the title when ``--hero`` meets a saved run.
KEPT_RUN = ("A run is saved, so --hero started none: continue it, or choose New run twice "
            "to replace it.")
#: Said on the title when ``--hero`` meets a save that does not read (the reason is above).
UNREAD_RUN = ("A run is saved but does not read, so --hero started none: New run starts "
              "one, and the save is kept aside.")


@dataclass
class PlayConfig:
    """How the game plays (tests set the delay to 0 and may script the enemy)."""

    enemy_delay: float = 0.5
    """Seconds between the enemy's moves (thinking time counts towards it)."""
    chooser_for: Callable[[str], Chooser] = enemy_chooser
    """A fresh enemy chooser for an AI preset name (one per fight)."""
    hints_for: Callable[[], HintGiver] = hero_hints
    """A fresh hint-giver (one per fight: the turn's hints share what they solved)."""
    seed: int | None = None
    """The seed of the next new run (None: a fresh random seed)."""
    hero: str | None = None
    """Start a new run with this hero at once, skipping the title."""
    ai: str | None = None
    """The difficulty a new run starts with: the AI preset every enemy plays (None: each
    enemy's own ``ai:``); the hero screen changes it."""
    notices: tuple[str, ...] = field(default=())
    """Lines for the title screen (mods that did not load)."""


#: Said on the key line when saving on quit failed: what q does now, where a notice
#: stacked under others could fall off a short screen.
QUIT_UNSAVED = "NOT SAVED: q again quits and loses the run · any other key plays on"
#: The keys that quit (and save, on a run's screen).
QUIT_KEYS = frozenset({"q", "ctrl+q", "ctrl+c"})


#: The signals that save the run and end the game: the terminal closing, the system stopping.
HANG_UPS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


class DiceyApp(App):
    """Dicey in the terminal."""

    CSS_PATH = "dicey.tcss"
    TITLE = "Dicey"
    ENABLE_COMMAND_PALETTE = False
    #: Leaving by ctrl+q or ctrl+c saves, as q does.
    BINDINGS = [Binding("ctrl+q", "save_quit", show=False, priority=True),
                Binding("ctrl+c", "save_quit", show=False, priority=True)]

    def __init__(self, library: Any, store: SaveStore | None = None,
                 config: PlayConfig | None = None):
        # ANSI colours from the start: with NO_COLOR, Textual then drops colours (rather
        # than turning the ANSI theme's colours into black on black).
        super().__init__(ansi_color=True)
        self.library = library
        self.store = store or SaveStore()
        if self.store.library is None:   # a save of other content is set aside, not lost
            self.store.library = library
        self.records = RecordBook(self.store.folder)
        self.config = config or PlayConfig()
        self.state: RunState | None = None
        self._unsaved_exit = False
        """Saving on quit failed: the next key, if it quits, leaves without saving (the
        key line says so); any other key plays on and disarms it."""
        self.leaving = False
        """The game is closing: keys and clicks that reach it now are dropped."""
        self._signals: list[int] = []   # the signals whose handler is :meth:`hang_up`

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.leaving = True
        self._unwatch_signals()
        super().exit(*args, **kwargs)

    async def on_event(self, event: events.Event) -> None:
        # Keys typed fast after q arrive with it: one that opened a screen (i: the
        # inventory) in the closing app crashed it.
        if self.leaving and isinstance(event, events.InputEvent):
            return
        if self._unsaved_exit and (isinstance(event, events.MouseDown) or isinstance(
                event, events.Key) and event.key not in QUIT_KEYS):
            self._disarm_quit()
        await super().on_event(event)

    def on_mount(self) -> None:
        self._watch_signals()
        self.theme = THEME
        hero = self.config.hero
        if hero is not None:
            # A saved run is not set aside by a flag: the title offers it (or says why it
            # does not read: a mod not loaded, say), and says why no run started.
            loaded = self.store.load(self.library)
            if loaded.state is not None or loaded.problem is not None:
                hero = None
                notice = KEPT_RUN if loaded.state is not None else UNREAD_RUN
                self.config = replace(self.config, notices=self.config.notices + (notice,))
        self.push_screen(TitleScreen())
        if hero is not None:
            self.new_run(hero)

    # ------------------------------------------------------------ the run

    def notify(self, message: str, *, markup: bool = False, **how: Any) -> None:
        """A notice, read as plain text unless told: it quotes what a file, a mod or the
        game said, and a path or a name may hold brackets."""
        super().notify(message, markup=markup, **how)

    def _on_notify(self, event: Notify) -> None:
        """A notice that is shown already (saving failed again, say) replaces its copy
        rather than stacking another: on a short screen a stack pushed the newest notices
        off the bottom. (Textual's own handler shows the new one after this.)"""
        for shown in list(self._notifications):
            if shown.message == event.notification.message:
                self._unnotify(shown, refresh=False)

    def new_run(self, hero_id: str, ai: str | None = None) -> None:
        """Start a run with that hero; ``ai`` its difficulty (None: the config's)."""
        seed = self.config.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2 ** 31)
        try:
            state = progress.new_run(self.library, hero_id, seed,
                                     ai=ai if ai is not None else self.config.ai)
        except progress.RunError as err:
            self.notify(str(err), severity="error")
            return
        self.commit(state)
        self.show_stage()

    def continue_run(self, state: RunState) -> None:
        """Go on with a saved run. A saved fight that no longer replays (the content
        changed under it) starts again from its beginning, and the player is told. A run
        saved at a reward stage with nothing to gain goes on to the map, as a fight won now
        does (and is saved so)."""
        passed = progress.pass_empty_reward(state)
        if passed is not state:
            self.commit(passed)
        state = passed
        self.state = state
        try:
            screen = self._stage_screen(state)
        except REPLAY_FAILURES as err:
            self.notify(f"The saved fight could not be replayed ({err}); it starts again.",
                        severity="warning", timeout=10)
            self.state = replace(state, fight_moves=())
            screen = self._stage_screen(self.state)
        self._show(screen)

    def commit(self, state: RunState) -> bool:
        """Take ``state`` as the run and save it; False (and a notice) if saving failed.
        A run that ended goes into the records too (a records file that cannot be written
        is said, and the run is saved all the same)."""
        self.state = state
        try:
            if state.finished:
                self.store.finish(state)
            else:
                self.store.write(state)
        except SaveError as err:
            self.notify(str(err), severity="error", timeout=10)
            return False
        if state.finished:
            try:
                self.records.add(record_of(state, self.library))
            except SaveError as err:
                self.notify(str(err), severity="warning", timeout=10)
        return True

    def begin_fight(self) -> None:
        assert self.state is not None
        self.commit(progress.enter_fight(self.state))
        self.show_stage()

    def finish_fight(self, session: FightSession) -> None:
        assert self.state is not None and session.fight.outcome is not None
        f = session.fight
        self.commit(progress.finish_fight(self.library, self.state, session.winner,
                                          f.outcome.turns, f.fighters[0].hp))
        self.show_stage()

    def take_reward(self, index: int, took: str = "") -> None:
        """Take offer ``index``; ``took`` (what was taken, in words) is said on the map."""
        assert self.state is not None
        self.commit(progress.take_reward(self.library, self.state, index))
        screen = self._stage_screen(self.state)
        if isinstance(screen, DungeonScreen):
            screen.took = took
        self._show(screen)

    def show_stage(self) -> None:
        """Show the screen for where the run stands."""
        assert self.state is not None
        self._show(self._stage_screen(self.state))

    def _show(self, screen: Screen) -> None:
        """Show a screen of the run (replacing the run's last screen, if one is shown)."""
        if isinstance(self.screen, RunScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _stage_screen(self, state: RunState) -> Screen:
        if state.stage == "fight":
            return FightScreen(open_fight(self.library, state))
        if state.stage == "reward":
            return RewardScreen()
        if state.finished:
            return EndScreen()
        return DungeonScreen()

    def back_to_title(self) -> None:
        self.state = None
        while isinstance(self.screen, RunScreen) or self.screen.is_modal:
            self.pop_screen()

    def save_fight(self, moves: list) -> None:
        """Save the fight under way as it stands (at each turn's end): a terminal closed
        mid-fight loses at most the turn being played. Continuing replays ``moves``."""
        if self.state is not None and self.state.stage == "fight":
            self.commit(replace(self.state, fight_moves=tuple(moves)))

    def save_and_quit(self) -> None:
        """Save the run (with the fight under way, if any) and leave. If saving fails, stay
        and say so (a notice says why, the key line what q does now); asked again at once,
        leave without saving."""
        if not self._save_as_it_stands() and not self._unsaved_exit:
            self._unsaved_exit = True
            self._key_bars_warn(QUIT_UNSAVED)
            return
        self.exit()

    def _disarm_quit(self) -> None:
        self._unsaved_exit = False
        self._key_bars_warn(None)

    def _key_bars_warn(self, warning: str | None) -> None:
        for bar in self.screen.query(KeyBar):
            bar.warn(warning)

    def hang_up(self) -> None:
        """The terminal closed (SIGHUP) or the system stops the game (SIGTERM): the run is
        saved as q saves it, the fight's moves so far and all, and the game ends. Nobody is
        there to be told if saving fails."""
        self._save_as_it_stands()
        self.exit()

    def _save_as_it_stands(self) -> bool:
        """Save the run with every move of the fight under way; False if saving failed
        (True when there is nothing to save)."""
        if self.state is None or self.state.finished:
            return True
        state = self.state
        fights = [s for s in self.screen_stack if isinstance(s, FightScreen)]
        if fights:
            state = replace(state, fight_moves=tuple(fights[-1].session.moves))
        return self.commit(state)

    def _watch_signals(self) -> None:
        """Save on the signals that end a terminal program without a key pressed."""
        loop = asyncio.get_running_loop()
        for number in HANG_UPS:
            try:
                loop.add_signal_handler(number, self.hang_up)
            except (NotImplementedError, RuntimeError, ValueError):
                return   # not here (Windows, or not the main thread): q still saves
            self._signals.append(number)

    def _unwatch_signals(self) -> None:
        if not self._signals:
            return
        loop = asyncio.get_running_loop()
        while self._signals:
            loop.remove_signal_handler(self._signals.pop())

    def action_save_quit(self) -> None:
        self.save_and_quit()

    def graph_folder(self) -> Path:
        return self.store.folder / "graphs"
