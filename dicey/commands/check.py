"""``dicey check [PATH…]``: load and check content and mods, report every problem.

Exit 0 when clean (warnings allowed), 1 when problems were found, 2 when it could not run:
a PATH that does not exist, a file that is not a ``.dice`` file, a folder with nothing to check,
a mod to check with ``--no-mods`` (which would leave it out), a ``--mods`` path that names no
mod (as for every command).

With no PATH it checks the base game and the mods, as the game loads them. A PATH may be:

- a mod folder, checked on top of the base game and of the mods it requires, found beside it
  as the game finds them in the mods folder they share (``mods/embers`` with ``requires =
  ["frostbite>=1.0"]`` loads ``mods/frostbite`` first; their problems are shown only when
  they fail to load). A folder is a mod folder when it has a ``mod.toml``, or when it sits in
  a mods folder: the game's ``mods/`` or one beside another folder that has a ``mod.toml``
  (and its name does not start with ``.`` or ``_``, as the game skips those). The game reads
  every such folder as a mod, so one with no ``mod.toml`` fails here as it fails there;
- a folder of mods (one holding a folder with a ``mod.toml``): each mod in it;
- a ``.dice`` file of a mod (in a folder with a ``mod.toml``, or below one): its mod, as above;
- other ``.dice`` files, or any other folder of them: loose files, checked on top of the base
  game (so they may use its statuses and cards).

A ``mod.toml`` that is no file (a folder, a pipe, a link that leads nowhere) makes a mod
folder all the same, as it does for the game, which reports it and leaves the mod out.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from dicey.cli import path_word
from dicey.lang.ast import Pos
from dicey.lang.errors import Diagnostic
from dicey.library import (CONTENT_DIR, MODS_DIR, Library, dice_files, has_mod_toml,
                           heroes_not_offered, is_skipped, load_library, resolved)

from ._shared import fail, mods_stop


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="check content and mods for errors",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="*", metavar="PATH", type=path_word,
                   help="mod folders or .dice files")
    p.set_defaults(func=run)


def _subfolders(folder: Path) -> list[Path]:
    """The folders in ``folder`` (none when it cannot be read)."""
    try:
        return [p for p in folder.iterdir() if p.is_dir()]
    except OSError:
        return []


def _has_mods(folder: Path) -> bool:
    """Whether ``folder`` holds a mod folder (one with a ``mod.toml``)."""
    return any(has_mod_toml(p) for p in _subfolders(folder))


def _is_mod(folder: Path) -> bool:
    """Whether the game reads ``folder`` as a mod: it has a ``mod.toml``, or it sits in a
    mods folder (the game's ``mods/``, or beside another folder with a ``mod.toml``), holds
    no mods itself and its name does not start with ``.`` or ``_``."""
    if has_mod_toml(folder):
        return True
    here = resolved(folder)
    if is_skipped(here) or _has_mods(folder):
        return False
    return here.parent == MODS_DIR or any(has_mod_toml(p)
                                          for p in _subfolders(here.parent) if p != here)


def _split(paths: list[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """Mod folders, folders of mods and loose .dice files (not the base game's own: it is
    always loaded, and loading its files again would make each a duplicate)."""
    mods, folders, files = [], [], []
    for path in paths:
        if path.is_dir() and _is_mod(path):
            mods.append(path)
        elif path.is_dir() and _has_mods(path):
            folders.append(path)
        elif path.is_dir():
            files.extend(dice_files(path))
        elif (mod := _mod_of(path)) is not None:
            if mod not in mods:
                mods.append(mod)
        else:
            files.append(path)
    return mods, folders, [f for f in files if not resolved(f).is_relative_to(CONTENT_DIR)]


def _mod_of(file: Path) -> Path | None:
    """The mod folder (the nearest with a ``mod.toml``) a file belongs to, if any: it is
    checked as part of its mod, with the statuses and cards its other files declare."""
    for folder in resolved(file).parents:
        if has_mod_toml(folder):
            return folder
    return None


def _bad_path(paths: list[Path]) -> str | None:
    """The line saying why one of ``paths`` cannot be checked (None when all can be)."""
    for path in paths:
        if not path.exists() and path.is_symlink():
            return (f"dicey: error: {path} is a link that leads nowhere (to a missing file, "
                    "or round in a loop)")
        if not path.exists():
            return f"dicey: error: no such file or folder: {path}"
        if not path.is_dir() and path.suffix != ".dice":
            return str(Diagnostic(str(path), 0, 0, "not a .dice file (dicey check takes mod "
                                  "folders, folders of .dice files and .dice files)"))
        if path.is_dir() and not _is_mod(path) and not _has_mods(path) \
                and not dice_files(path):
            # checking nothing would print the base game's "0 errors" as if it passed
            return f"dicey: error: no .dice files or mods in {path}"
    return None


def _mods_text(lib: Library) -> str:
    """The mods loaded, in load order; one loaded as a requirement says whose (and that
    that mod was skipped, when it was)."""
    def why(mod_id: str) -> str:
        if mod_id not in lib.required_mods:
            return ""
        by = lib.required_mods[mod_id]
        return f" (required by {by}{', which was skipped' * (by in lib.skipped_mods)})"
    return ", ".join(f"{m.id} {m.version_text}{why(m.id)}" for m in lib.mods) or "none"


#: A file's text that declares nothing: blank lines, ``;`` and comments only.
_NOTHING = re.compile(r"(\s|;|#[^\n]*)*")


def _empty_files(lib: Library) -> list[Diagnostic]:
    """A warning for each file read that declares nothing (empty, or comments only): a
    mod's file left empty by mistake, or one whose declarations were commented out."""
    troubled = {d.path for d in lib.diagnostics}
    return [Diagnostic(path, 0, 0, "this file declares nothing (it is empty or holds only "
                       "comments)", "warning")
            for path, text in lib.sources.items()
            if path not in troubled and _NOTHING.fullmatch(text)]


def _heroes_not_offered(lib: Library) -> list[Diagnostic]:
    """A warning at each hero the dungeon a run walks does not offer: it lists its
    ``heroes`` and not this one (a mod's new hero, which the hero screen never shows). The
    heroes a mod's ``override dungeon`` drops are one warning at that override
    (:func:`dicey.library.heroes_not_offered`): their files are no modder's to change."""
    blamed, heroes = heroes_not_offered(lib)
    if not heroes:
        return blamed
    dungeon = lib.dungeon
    listed = ", ".join(lib.heroes[h].name for h in dungeon.heroes if h in lib.heroes)
    return blamed + [Diagnostic.at(hero.origin.path, _name_at(lib, hero),
                                   f"hero '{hero.name}' is not among the heroes of the dungeon "
                                   f"a run walks ({dungeon.name}: {listed}): a run cannot "
                                   "start with it; add it with 'extend dungeon { heroes: "
                                   f"\"{hero.name}\" }}' (or override the dungeon)", "warning")
                     for hero in heroes]


def _name_at(lib: Library, defn: Any) -> Pos:
    """Where a declaration's quoted name stands (on its first line), else where it starts."""
    pos = defn.origin.pos
    lines = lib.sources.get(defn.origin.path, "").split("\n")
    line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
    at = line.find(f'"{defn.name}"', pos.column - 1)
    if at < 0:
        return pos
    return Pos(pos.line, at + 1, pos.line, at + len(defn.name) + 3)


#: The most errors, and apart the most warnings, shown in one run (a file of thousands of
#: broken declarations would bury the first ones); the summary still counts all of them.
MAX_SHOWN = 100


def _shown(lib: Library, problems: list[Diagnostic], most: int = MAX_SHOWN) -> str:
    """``problems`` (in the files of ``lib``) rendered syntax errors first, then in file
    order (:meth:`Library.in_order`), the first ``most`` errors and the first ``most``
    warnings, and a line saying how many more there are."""
    shown: list[str] = []
    counts = {"error": 0, "warning": 0}
    for problem in lib.in_order(problems):
        counts[problem.severity] = counts.get(problem.severity, 0) + 1
        if counts[problem.severity] <= most:
            shown.append(lib.render(problem))
    more = [f"{n - most:,} more {kind}{'s' * (n - most != 1)}"
            for kind, n in counts.items() if n > most]
    if more:
        shown.append(f"… and {' and '.join(more)} not shown (dicey check shows the first "
                     f"{most} errors and the first {most} warnings: fix these and check again)")
    return "\n".join(shown)


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    bad = _bad_path(paths)
    if bad:
        print(bad, file=sys.stderr)
        return 2
    mods, folders, files = _split(paths)
    if args.no_mods and (mods or folders):
        return fail(f"--no-mods leaves out the mods it was asked to check "
                    f"({', '.join(str(p) for p in mods + folders)}): drop --no-mods")
    if paths:
        mod_dirs = folders + list(args.mods or [])
        lib = load_library(mod_dirs=mod_dirs, use_mods=not args.no_mods
                           and bool(mods or mod_dirs), extra_files=files, single_mods=mods)
    else:
        lib = load_library(mod_dirs=args.mods, use_mods=not args.no_mods)
    if (stop := mods_stop(lib)):    # a --mods path that names no mod: as every command
        return fail(stop)
    problems = lib.diagnostics + _empty_files(lib) + _heroes_not_offered(lib)
    if problems:
        print(_shown(lib, problems), file=sys.stderr)
    errors = len(lib.errors)
    warnings = len(problems) - errors
    decls = sum(len(t) for t in (lib.equipment, lib.statuses, lib.enemies, lib.heroes,
                                 lib.dungeons))
    extensions = len(lib.extensions)
    also = f" and {extensions} dungeon extension{'s' * (extensions != 1)}" if extensions else ""
    skipped = _skipped_files(lib)
    loaded = len(lib.sources) - sum(len(files) for files in skipped.values())
    print(f"{loaded} file{'s' * (loaded != 1)}, {decls} declarations{also} loaded (mods: "
          f"{_mods_text(lib)}); {errors} error{'s' * (errors != 1)}, "
          f"{warnings} warning{'s' * (warnings != 1)}")
    for mod, why in sorted(lib.skipped_mods.items()):
        files = len(skipped.get(mod, ()))
        read = f" ({files} file{'s' * (files != 1)} checked, not loaded)" if files else ""
        print(f"mod '{mod}' skipped: {why}{read}")
    return 1 if errors else 0


def _skipped_files(lib: Library) -> dict[str, list[str]]:
    """The files read (each checked, its problems shown) of each mod that was skipped, by
    mod id: none of their declarations is loaded. A file belongs to the nearest folder
    above it with a ``mod.toml``, the mod of that folder's name."""
    loaded = {resolved(mod.path) for mod in lib.mods}
    skipped: dict[str, list[str]] = {}
    for shown in lib.sources:
        folder = _mod_of(Path(shown))
        if folder is not None and resolved(folder) not in loaded \
                and folder.name in lib.skipped_mods:
            skipped.setdefault(folder.name, []).append(shown)
    return skipped
