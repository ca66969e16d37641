"""Helpers the sub-commands share: loading the library from the common flags, errors."""
from __future__ import annotations

import difflib
import os
import shlex
import sys
from argparse import ArgumentTypeError, Namespace
from pathlib import Path
from typing import Any, Iterable

from dicey.lang.ast import make_id, upgrade_ref
from dicey.lang.errors import did_you_mean_upgrade, printable
from dicey.library import (MODS_DIR, Library, declared_names, has_mod_toml, is_skipped,
                           load_library, resolved)
from dicey.rules.events import listed


class CommandError(Exception):
    """A command that cannot go on: ``dicey: error: MESSAGE`` and exit ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def library_from(args: Namespace, *, report: bool = True, mod_of: str | None = None
                 ) -> Library:
    """The library the ``--mods``/``--no-mods`` flags ask for; mod problems go to stderr
    (unless not ``report``: the game shows them on its title screen).

    ``mod_of``: a file a command reads (a scenario) that may sit in a mod folder: that mod
    is loaded too, with the mods it requires found beside it, on top of what the flags ask
    for (not with ``--no-mods``): a scenario kept in its mod plays that mod's fighters and
    cards wherever the mod is kept (see :func:`enclosing_mod`).

    A ``--mods`` path that names no mod (it is not there, it is not a folder, or it is a
    folder with no mod in it) is a mistake in the command line, not in a mod: every
    command stops with :class:`CommandError` (exit 2) before it runs, rather than run
    without the mods meant (see :func:`mods_stop`). A mod with errors is reported and left
    out, and the rest still runs."""
    own = enclosing_mod(mod_of) if mod_of is not None and not args.no_mods else None
    lib = load_library(mod_dirs=args.mods, use_mods=not args.no_mods,
                       single_mods=[own] if own is not None else ())
    if (stop := mods_stop(lib)):
        raise CommandError(stop)
    if report and lib.diagnostics:
        print(lib.render_diagnostics(), file=sys.stderr)
        for mod, why in sorted(lib.skipped_mods.items()):
            print(f"dicey: mod '{mod}' skipped ({why})", file=sys.stderr)
    return lib


def enclosing_mod(path: str | Path) -> Path | None:
    """The mod folder a file sits in, at any depth (the nearest folder above it with a
    ``mod.toml``: ``mods/embers/beetle.toml`` is in ``mods/embers``), as reached from the
    path given; None when it is in none."""
    folder = Path(path).parent
    for above in [folder, *folder.parents]:
        if is_skipped(above.name) and above.name not in ("", ".", ".."):
            continue          # (a folder passed over is no mod's: .git, __MACOSX)
        if has_mod_toml(above):
            return above
    if not folder.is_absolute():     # ('beetle.toml' from inside the mod: '.' has no parents)
        try:
            return enclosing_mod(resolved(Path(path)))
        except OSError:
            return None
    return None


#: The most folders looked into for the mods near the working folder (the hint at an
#: unknown name: see :func:`unloaded_hint`), so that one run from a large folder stays quick.
MAX_NEARBY = 200

#: The kinds of declaration each kind of name the commands look up may be.
DECLARED_AS = {"card": ("equipment",), "status": ("status",), "hero": ("hero",),
               "enemy": ("enemy",), "fighter": ("hero", "enemy")}


def nearby_mods(first: Iterable[Path] = ()) -> list[Path]:
    """Mod folders a modder may mean without loading them: ``first``, then the working
    folder when it is a mod, the mods in it and those one folder down (``./embers``,
    ``./mods/embers``), passing over the folders a mods folder passes over."""
    found = [folder for folder in first if has_mod_toml(folder)]
    here = Path(".")
    looked = 0
    todo = [(here, 0)]
    while todo and looked < MAX_NEARBY:
        folder, depth = todo.pop(0)
        looked += 1
        if has_mod_toml(folder):
            found.append(folder)
            continue            # (a mod's own folders are no mods)
        if depth == 2:
            continue
        try:
            inside = sorted(p for p in folder.iterdir() if p.is_dir() and not is_skipped(p))
        except OSError:
            continue
        todo += [(p, depth + 1) for p in inside]
    seen, unique = set(), []
    for folder in found:
        try:
            key = resolved(folder)
        except OSError:
            continue
        if key not in seen:
            seen.add(key)
            unique.append(folder)
    return unique


def unloaded_hint(lib: Library, names: Iterable[tuple[str, str]],
                  near: Iterable[Path] = ()) -> str:
    """A hint at why names the library does not know are unknown, when a mod near the
    working folder (or among ``near``) that is not loaded declares them: which mod, and the
    ``--mods`` that loads it; "" when no such mod declares any. ``names``: ``(kind,
    name)``, kind one of :data:`DECLARED_AS` (a quick look at the mods' text: see
    :func:`~dicey.library.declared_names`)."""
    wanted = [(kind, name) for kind, name in dict.fromkeys(names)]
    if not wanted:
        return ""
    loaded = {resolved(m.path) for m in lib.mods}
    said = []
    mods = [(folder, {(kind, make_id(name)): name for kind, name in declared_names(folder)})
            for folder in nearby_mods(near) if resolved(folder) not in loaded]
    for folder, declared in mods:
        held = {name: declared[key] for kind, name in wanted for k in DECLARED_AS[kind]
                if (key := (k, make_id(upgrade_ref(name)[0]))) in declared}
        if not held:
            continue
        wanted = [(kind, name) for kind, name in wanted if name not in held]
        named = list(dict.fromkeys(held.values()))      # (as the mod spells them)
        said.append(f"{listed(named)} {'is' if len(named) == 1 else 'are'} "
                    f"{_declared_in(folder, lib)}")
    for kind, name in wanted:       # no mod declares it: a name it may be short for
        for folder, declared in mods:
            meant = _meant(name, [n for (k, _), n in declared.items()
                                  if k in DECLARED_AS[kind]])
            if meant:
                said.append(f"'{name}' may be {meant}, {_declared_in(folder, lib)}")
                break
    return "; ".join(said)


def _meant(name: str, names: list[str]) -> str | None:
    """The one of ``names`` that ``name`` is likely short for or a slip of: a whole word
    or words of it (``wraith`` for Ice Wraith), else the closest spelling; None when
    none is near."""
    word = make_id(upgrade_ref(name)[0])
    if not word:
        return None
    by_id = {make_id(n): n for n in names}
    within = [n for key, n in sorted(by_id.items()) if f"_{word}_" in f"_{key}_"]
    if len(within) == 1:
        return within[0]
    close = difflib.get_close_matches(word, sorted(by_id), n=1, cutoff=0.8)
    return by_id[close[0]] if close else None


def _declared_in(folder: Path, lib: Library) -> str:
    """``declared in mods/x, a mod that…``: where a name is declared, and why that mod is
    not loaded (:func:`_why_not_loaded`)."""
    shown = shlex.quote(_shown(folder))
    return f"declared in {shown}, {_why_not_loaded(folder, shown, lib)}"


def _why_not_loaded(folder: Path, shown: str, lib: Library) -> str:
    """Why the mod in ``folder`` (``shown`` as typed) is not loaded, and what loads it, as
    the content flags the library was loaded with stand."""
    mods, use_mods = lib.mod_flags
    no_mods = not use_mods
    if folder.name in lib.skipped_mods:
        return f"a mod that did not load (its problems are above; 'dicey check {shown}')"
    if no_mods:
        return f"a mod that --no-mods leaves out (--mods {shown} instead loads it)"
    if mods is not None:
        return f"a mod not among the --mods given (add {shown} to them)"
    return (f"a mod that is not loaded: add --mods {shown} (without --mods, the game loads "
            f"the mods in {MODS_DIR} only; with it, those named only)")


def _shown(folder: Path) -> str:
    """A folder as a command run here would name it: relative to the working folder when
    below it, else whole."""
    try:
        return str(resolved(folder).relative_to(resolved(Path.cwd()))) or "."
    except (ValueError, OSError):
        return str(resolved(folder))


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
        if (hint := unloaded_hint(lib, [(what, name)])):
            message += f"; {hint}"
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
