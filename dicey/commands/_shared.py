"""Helpers the sub-commands share: loading the library from the common flags, errors."""
from __future__ import annotations

import os
import sys
from argparse import ArgumentTypeError, Namespace
from pathlib import Path
from typing import Any, Iterable

from dicey.lang.ast import upgrade_ref
from dicey.lang.errors import did_you_mean_upgrade, printable
from dicey.library import Library, load_library


class CommandError(Exception):
    """A command that cannot go on: ``dicey: error: MESSAGE`` and exit ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def library_from(args: Namespace, *, report: bool = True) -> Library:
    """The library the ``--mods``/``--no-mods`` flags ask for; mod problems go to stderr
    (unless not ``report``: the game shows them on its title screen).

    A ``--mods`` path that names no mod (it is not there, it is not a folder, or it is a
    folder with no mod in it) is a mistake in the command line, not in a mod: every
    command stops with :class:`CommandError` (exit 2) before it runs, rather than run
    without the mods meant (see :func:`mods_stop`). A mod with errors is reported and left
    out, and the rest still runs."""
    lib = load_library(mod_dirs=args.mods, use_mods=not args.no_mods)
    if (stop := mods_stop(lib)):
        raise CommandError(stop)
    if report and lib.diagnostics:
        print(lib.render_diagnostics(), file=sys.stderr)
        for mod, why in sorted(lib.skipped_mods.items()):
            print(f"dicey: mod '{mod}' skipped ({why})", file=sys.stderr)
    return lib


def mods_stop(lib: Library) -> str | None:
    """Why a command must not run with this library (None when it may): the ``--mods``
    paths that name no mod, each with why, in one line."""
    wrong = lib.unusable_mod_paths
    if not wrong:
        return None
    # a word that is no path (a card's name after the folders) was likely meant so
    meant = next((w for w in wrong if os.sep not in w and not Path(w).exists()), None)
    said = "; ".join(f"--mods {path}: {why}" for path, why in wrong.items())
    return f"{said}; nothing was run" + (f" ({mods_took(meant)})" if meant else "")


def seed_number(text: str) -> int:
    """A ``--seed`` as argparse takes it: an integer ≥ 0, as a scenario's ``[search] seed``
    (and with its words).

    >>> seed_number("7")
    7
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise ArgumentTypeError(f"expected an integer ≥ 0, got {text!r}")
    return value


def mods_took(word: str) -> str:
    """Why a word meant as an argument went missing: ``--mods`` took it."""
    return (f"'{word}' was read as a mod folder: --mods takes every word after it, so put "
            "--mods after the other arguments")


def fail(message: str, code: int = 2) -> int:
    """Print ``dicey: error: message`` to stderr and return the exit code."""
    print(printable(f"dicey: error: {message}"), file=sys.stderr)
    return code


#: The most cards an error lists; past it, it says that ``dicey cards`` lists them.
MAX_LISTED = 24

#: Each kind of name the command line takes: its plural, and the command that lists it.
KINDS = {"hero": ("heroes", None), "enemy": ("enemies", None),
         "card": ("cards", "dicey cards")}


def choices(what: str, names: Iterable[str]) -> str:
    """What ``what`` names there are, for an error: ``available: A, B, C``, or, when there
    are many and a command lists them, how many and that command.

    >>> choices("hero", ["Warrior", "thief"])
    'available: thief, Warrior'
    >>> choices("card", [f"Card {i}" for i in range(30)])
    "30 cards: 'dicey cards' lists them"
    >>> choices("enemy", [])
    'no enemies are loaded'
    """
    names = sorted(set(names), key=lambda n: (n.lower(), n))
    plural, lister = KINDS[what]
    if not names:
        return f"no {plural} are loaded"
    if lister and len(names) > MAX_LISTED:
        return f"{len(names)} {plural}: '{lister}' lists them"
    return "available: " + ", ".join(names)


def find(lib: Library, what: str, name: str) -> Any:
    """The hero, enemy or card (``what``) called ``name``; else KeyError, whose message is
    ``unknown hero 'X'`` and then, in brackets, the name meant (``did you mean 'Y'?``; for
    a card's upgrade misspelt, the upgrade meant: ``'Sword+'``), or what X is instead
    (``Frog is an enemy``), or else the names there are. A name ending in ``+`` is a
    card's upgrade: the card is returned, once it is known to have one."""
    table = {"hero": lib.heroes, "enemy": lib.enemies, "card": lib.equipment}[what]
    base, upgraded = upgrade_ref(name.strip())
    try:
        found = {"hero": lib.hero, "enemy": lib.enemy, "card": lib.card}[what](name)
    except KeyError as err:
        message = err.args[0]
        if upgraded and what == "card" and (meant := did_you_mean_upgrade(
                base, {i: c for i, c in table.items() if c.upgraded is not None})):
            raise KeyError(f"unknown card '{name}'{meant}") from None
        if message == f"unknown {what} '{name}'":   # nothing close and nothing else
            message += f" ({choices(what, (d.name for d in table.values()))})"
        raise KeyError(message) from None
    if upgraded:    # an upgrade: a card's only, and a card that has one, only one
        if what == "card" and base.endswith("+"):
            raise KeyError(f"'{name}': a card has one upgrade (write \"{found.name}+\")")
        if what != "card":
            raise KeyError(f"unknown {what} '{name}' (a {what} has no upgrade: "
                           f"{found.name})")
        if found.upgraded is None:
            raise KeyError(f"'{name}': {found.name} has no upgrade")
    return found


def check_preset(name: str | None) -> str | None:
    """Why ``name`` is no AI preset (None when it is one, or None): ``unknown AI preset 'X'``
    and the preset meant, or else the presets there are."""
    if name is None:
        return None
    from dicey.ai.baseline import load_presets, unknown_preset   # (loaded only when asked for)

    known = load_presets()
    return None if name in known else unknown_preset(name, known)


#: The output path that means standard output (``--json -``, ``-o -``).
STDOUT = Path("-")

#: Files a report is never written over: the game's content, mods and scenarios.
PRECIOUS = (".dice", ".toml")


def unwritable(*paths: Path | None) -> str | None:
    """Why one of these output files could not be written (None when all can be).

    Commands that write files ask before they start, so that a typo in an output path is
    reported at once instead of losing the run's results, or a file the output would have
    replaced (a ``.dice`` or ``.toml`` file: ``dicey graph frog.toml -o frog.toml``).
    """
    for path in paths:
        if path is None:
            continue
        folder = path.parent
        if path.is_dir():
            return f"cannot write {path}: it is a folder"
        if path.suffix in PRECIOUS and path.is_file():   # a typo must not cost a mod's file
            return f"cannot write {path}: it is a {path.suffix} file, not a report (name " \
                   "another file)"
        if not folder.is_dir():
            return f"cannot write {path}: no such folder {folder}"
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            return f"cannot write {path}: permission denied"
        why = _try_writing(path)
        if why:
            return f"cannot write {path}: {why}"
    return None


def _try_writing(path: Path) -> str | None:
    """Why ``path`` cannot be opened for writing, found by opening it (a folder may take
    no file whatever its permissions say: ``/proc``); None when it can. Nothing is
    changed: an existing file is opened to append and left as it was, a new one removed."""
    existed = path.exists()
    try:
        with open(path, "ab"):
            pass
    except OSError as err:
        return err.strerror or str(err)
    if not existed:
        path.unlink(missing_ok=True)
    return None
