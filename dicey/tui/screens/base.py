"""What every screen of a run shares: the app it belongs to, the run, help and quitting."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from dicey.run.state import RunState

from ..keys import Key, bindings
from ..widgets import KeyBar
from .help import HelpScreen

if TYPE_CHECKING:
    from ..app import DiceyApp


class Keyed:
    """A screen whose ``KEYS`` (:mod:`dicey.tui.keys`) make its bindings."""

    KEYS: tuple[Key, ...] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        if "KEYS" in cls.__dict__:      # before Textual reads the class's bindings
            cls.BINDINGS = bindings(cls.KEYS)
        super().__init_subclass__(**kwargs)


class DiceyScreen(Keyed, Screen):
    """A full screen of the game (help shows its keys first)."""

    @property
    def dicey(self) -> "DiceyApp":
        return self.app  # type: ignore[return-value]

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.KEYS))

    def action_quit(self) -> None:
        self.app.exit()

    def fit_scroll_keys(self, scroller: Widget, scrolling: tuple[Key, ...]) -> None:
        """The key line as ``scrolling`` says (↑↓ named) when ``scroller`` is longer than
        its room, else as the screen's ``KEYS``: a key is shown only when it does
        something."""
        self.query_one(KeyBar).show_keys(scrolling if scroller.max_scroll_y > 0
                                         else self.KEYS)


class RunScreen(DiceyScreen):
    """A screen of the run (hero choice, map, fight, reward, end): these replace one
    another above the title."""

    @property
    def run_state(self) -> RunState:
        state = self.dicey.state
        assert state is not None, "a run screen is shown only during a run"
        return state

    def action_save_quit(self) -> None:
        self.dicey.save_and_quit()


class DiceyModal(Keyed, ModalScreen):
    """A screen over another (help, inventory)."""

    @property
    def dicey(self) -> "DiceyApp":
        return self.app  # type: ignore[return-value]
