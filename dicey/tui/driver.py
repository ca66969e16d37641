"""Where the game's screen is drawn.

Textual draws on standard error (``sys.__stderr__``), which leaves standard output free. A
player who keeps the game's warnings in a file (``dicey play 2> problems.txt``) would then
get a blank terminal, the screen written into the file. So when standard error is not a
terminal and standard output is, the screen is drawn on standard output.
"""
from __future__ import annotations

import sys
from typing import Any, Callable


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (False for a closed or replaced stream)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def screen_driver() -> type | None:
    """The Textual driver that draws on standard output, when standard error is not a
    terminal and standard output is (on a POSIX system: Windows's driver draws on standard
    output already); None when Textual's own choice draws on the terminal."""
    if sys.platform == "win32" or is_terminal(sys.__stderr__) or \
            not is_terminal(sys.__stdout__):
        return None
    from textual.drivers.linux_driver import LinuxDriver

    class StdoutDriver(LinuxDriver):
        """Textual's driver, drawing on standard output."""

        def __init__(self, app: Any, **kwargs: Any) -> None:
            super().__init__(app, **kwargs)
            self._file = sys.__stdout__

    return StdoutDriver


#: The name of the thread Textual writes the screen from.
OUTPUT_THREAD = "textual-output"


def quiet_lost_terminal(hook: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A ``threading.excepthook`` that passes over the error of Textual's output thread
    when the terminal went away under it (an ``OSError``: the window closed, ``tmux
    kill-session``) and hands every other to ``hook``. The game saves the run as the
    terminal goes; the output thread's traceback in a player's ``2> problems.txt`` said
    nothing of use."""
    def excepthook(args: Any) -> Any:
        thread = getattr(args, "thread", None)
        if isinstance(args.exc_value, OSError) and thread is not None and \
                thread.name == OUTPUT_THREAD:
            return None
        return hook(args)
    return excepthook
