"""Shared fixtures: the loaded base game (once per session) and the repository's paths.

Hypothesis runs under the ``ci`` profile unless ``HYPOTHESIS_PROFILE`` names another: the
same examples on every run (``derandomize``), so a CI failure reproduces anywhere. Use
``HYPOTHESIS_PROFILE=explore`` to search fresh examples locally.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from mods_kit import extra_mods

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter) -> None:
    """Said under the results: mods beside the bundled ones, whose cards and enemies change
    what the tests of the game's figures see (they fail then, for no fault of the game's)."""
    extra = extra_mods()
    if extra:
        terminalreporter.write_line(
            f"NOTE: mods/ holds {', '.join(extra)} besides the bundled mods; the tests measure "
            "the game as it ships: move those mods out of mods/ to run them", yellow=True)


@pytest.fixture(scope="session")
def library():
    """The base game and bundled mods (shared: tests must not mutate it)."""
    from dicey.library import default_library

    return default_library()


@pytest.fixture(scope="session")
def base_library():
    """The base game alone."""
    from dicey.library import default_library

    return default_library(use_mods=False)


@pytest.fixture
def cli(capsys):
    """``cli(*argv)``: the ``dicey`` command line run in-process; (exit code, stdout, stderr)."""
    from dicey.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            code = main(list(argv))
        except SystemExit as exc:   # argparse exits on bad flags
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err
    return run
