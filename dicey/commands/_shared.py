"""Helpers the sub-commands share: loading the library from the common flags, errors."""
from __future__ import annotations

import os
import sys
from argparse import Namespace
from pathlib import Path

from dicey.lang.errors import printable
from dicey.library import Library, load_library


def library_from(args: Namespace, *, report: bool = True) -> Library:
    """The library the ``--mods``/``--no-mods`` flags ask for; mod problems go to stderr."""
    lib = load_library(mod_dirs=args.mods, use_mods=not args.no_mods)
    if report and lib.diagnostics:
        print(lib.render_diagnostics(), file=sys.stderr)
        for mod, why in sorted(lib.skipped_mods.items()):
            print(f"dicey: mod '{mod}' skipped ({why})", file=sys.stderr)
    return lib


def fail(message: str, code: int = 2) -> int:
    """Print ``dicey: error: message`` to stderr and return the exit code."""
    print(printable(f"dicey: error: {message}"), file=sys.stderr)
    return code


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
    return None
