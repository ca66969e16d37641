"""Helpers the sub-commands share: loading the library from the common flags, errors."""
from __future__ import annotations

import sys
from argparse import Namespace

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
    print(f"dicey: error: {message}", file=sys.stderr)
    return code
