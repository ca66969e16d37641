"""``dicey check [PATH…]``: load and check content and mods, report every problem.

Exit 0 when clean (warnings allowed), 1 when problems were found, 2 when it could not run.
With no PATH it checks the base game and the mods; a PATH may be a mod folder (one with a
``mod.toml``), a folder of mods, or ``.dice`` files / folders of them (checked on top of the
base game, so they may use its statuses and cards).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dicey.library import CONTENT_DIR, load_library

from ._shared import fail


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="check content and mods for errors",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="*", metavar="PATH", help="mod folders or .dice files")
    p.set_defaults(func=run)


def _split(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """Mod folders (or folders of them) and loose .dice files (not the base game's own:
    it is always loaded, and loading its files again would make each a duplicate)."""
    mods, files = [], []
    for path in paths:
        if path.is_dir() and ((path / "mod.toml").is_file()
                              or any((c / "mod.toml").is_file() for c in path.iterdir())):
            mods.append(path)
        elif path.is_dir():
            files.extend(sorted(path.rglob("*.dice")))
        else:
            files.append(path)
    return mods, [f for f in files if not f.resolve().is_relative_to(CONTENT_DIR)]


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    if missing:
        return fail(f"no such file or folder: {missing[0]}")
    empty = [p for p in paths if p.is_dir() and not any(p.rglob("*.dice"))
             and not (p / "mod.toml").is_file()]
    if empty:   # checking nothing would print the base game's "0 errors" as if it passed
        return fail(f"no .dice files or mods in {empty[0]}")
    mods, files = _split(paths)
    if paths:
        mod_dirs = (mods + list(args.mods or [])) or []
        lib = load_library(mod_dirs=mod_dirs, use_mods=not args.no_mods and bool(mod_dirs),
                           extra_files=files)
    else:
        lib = load_library(mod_dirs=args.mods, use_mods=not args.no_mods)
    if lib.diagnostics:
        print(lib.render_diagnostics(), file=sys.stderr)
    errors = len(lib.errors)
    warnings = len(lib.diagnostics) - errors
    decls = sum(len(t) for t in (lib.equipment, lib.statuses, lib.enemies, lib.heroes,
                                 lib.dungeons))
    mods_text = ", ".join(f"{m.id} {m.version_text}" for m in lib.mods) or "none"
    print(f"{len(lib.sources)} files, {decls} declarations loaded (mods: {mods_text}); "
          f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    for mod, why in sorted(lib.skipped_mods.items()):
        print(f"mod '{mod}' skipped: {why}")
    return 1 if errors else 0
