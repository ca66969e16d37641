"""``dicey play [--hero H] [--seed N] [--ai PRESET] [--delay S]`` (and plain ``dicey``): the game.

A run through the dungeon in the terminal (Textual). ``--hero`` starts a new run with
that hero at once (unless a run is saved: the title offers it); ``--seed`` fixes the seed of
the session's new runs (the same seed, the same run);
``--ai`` is a new run's difficulty, the AI preset every enemy plays (by default each enemy
plays its own; the hero screen's ``d`` changes it); ``--delay`` sets the pause between the
enemy's moves. Saves go to ``$DICEY_HOME`` (or
``$XDG_DATA_HOME/dicey``, or ``~/.local/share/dicey``). The game needs a terminal: it reads
keys from standard input and draws on standard error, or on standard output when standard
error goes to a file (``dicey play 2> problems.txt``); with input, or both outputs, elsewhere
(a file, a pipe) it says so and exits 2.
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
import threading

from dicey.library import CONTENT_DIR, Library, display_path

from ._shared import check_preset, fail, find, library_from, seed_number


#: How the paths of the base game's files begin in diagnostics.
CONTENT = display_path(CONTENT_DIR) + os.sep

#: Longest pause between the enemy's moves, in seconds.
MAX_DELAY = 60


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a run through the dungeon (the default command)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hero", metavar="H", help="start a new run with this hero (unless a run is saved)")
    p.add_argument("--seed", type=seed_number, metavar="N", help="the new run's seed")
    p.add_argument("--ai", metavar="PRESET",
                   help="the new run's difficulty: every enemy plays this AI preset "
                        "(easy, normal, hard; default: each enemy its own)")
    p.add_argument("--delay", type=float, default=0.5, metavar="S",
                   help="seconds between the enemy's moves (default 0.5)")
    p.set_defaults(func=run)


def _notices(lib: Library, mod_dirs: list[str] | None = None) -> tuple[str, ...]:
    """Lines for the title screen about content that did not load; the check they point
    to loads the mods the game was given (``mod_dirs``: ``--mods``), not the bundled ones."""
    see = "run 'dicey check' to see why." if not mod_dirs else \
        "to see why, run: dicey check --mods " + " ".join(shlex.quote(str(d)) for d in mod_dirs)
    lines = [f"Mod '{mod}' was not loaded ({why}): {see}" for mod, why
             in sorted(lib.skipped_mods.items())]
    base = [d for d in lib.errors if d.path.startswith(CONTENT)]
    if base:
        lines.append(f"{len(base)} problem{'s' * (len(base) != 1)} in the content: run "
                     f"'dicey check' to see them.")
    return tuple(lines)


def _stranger(lib: Library, hero: str | None) -> tuple[str, ...]:
    """A line for the title screen when ``--hero`` names a hero the dungeon does not offer
    (the run starts with it; the hero screen never shows it)."""
    listed = lib.dungeon.heroes if lib.dungeon is not None else ()
    if hero is None or not listed or hero in listed:
        return ()
    names = ", ".join(lib.heroes[h].name for h in listed if h in lib.heroes)
    return (f"{lib.heroes[hero].name} is not among the dungeon's heroes ({names}): --hero "
            "starts its run, the hero screen does not offer it ('extend dungeon { heroes: "
            f"\"{lib.heroes[hero].name}\" }}' would).",)


#: What ``dicey play`` says when it has no terminal to draw in.
NO_TERMINAL = ("the game needs a terminal (standard {what} {verb}): run it in one; the "
               "headless commands 'dicey fight', 'dicey sim', 'dicey plan' and 'dicey graph' "
               "need none ('dicey --help' lists them)")


def no_terminal() -> str | None:
    """Why the game cannot start here (None when it can): it reads keys from standard
    input and draws on standard error, or on standard output when only that is a terminal
    (``dicey play 2> problems.txt``: :mod:`dicey.tui.driver`), so input and one of them
    must be a terminal. Without one (``dicey </dev/null >out.txt``, a script, CI) the app
    would write its escape codes into a file and wait for keys that never come. (Tests
    drive the app with Textual's Pilot, which needs no terminal: they never come through
    here.)"""
    from dicey.tui.driver import is_terminal
    missing = [] if is_terminal(sys.stdin) else ["input"]
    if not (is_terminal(sys.stdout) or is_terminal(sys.stderr)):
        missing.append("output")
    if not missing:
        return None
    return NO_TERMINAL.format(what=" and ".join(missing), verb="are not terminals"
                              if len(missing) > 1 else "is not a terminal")


def run(args: argparse.Namespace) -> int:
    # (a --mods path that names no mod stops here, before the game's screen opens: a run
    # must not start, or a saved one be set aside, without the mods meant)
    lib = library_from(args, report=False)
    if lib.dungeon is None or not lib.heroes:
        if lib.diagnostics:
            print(lib.render_diagnostics(), file=sys.stderr)
        return fail("the content declares no dungeon or no hero: nothing to play", 1)
    hero = None
    if args.hero:
        try:
            hero = find(lib, "hero", args.hero).id
        except KeyError as err:
            return fail(err.args[0])
    if not 0 <= args.delay <= MAX_DELAY:    # (also refuses nan and inf)
        return fail(f"--delay must be 0 or more seconds, and at most {MAX_DELAY}")
    if (why := check_preset(args.ai)):
        return fail(why)
    if (why := no_terminal()):
        return fail(why)
    from dicey.run.saves import SaveStore   # the game's modules load only to play
    from dicey.tui.app import DiceyApp, PlayConfig
    config = PlayConfig(enemy_delay=args.delay, seed=args.seed, hero=hero, ai=args.ai,
                        notices=_notices(lib, args.mods) + _stranger(lib, hero))
    app = DiceyApp(lib, SaveStore(), config)
    from dicey.tui.driver import quiet_lost_terminal, screen_driver
    if (driver := screen_driver()) is not None:   # standard error sent to a file
        app.driver_class = driver
    # (for the rest of the process: the output thread may fail as the game shuts down)
    threading.excepthook = quiet_lost_terminal(threading.excepthook)
    app.run()
    return app.return_code or 0
