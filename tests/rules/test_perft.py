"""Perft: fixed positions → legal moves, move sequences, distinct states (tests/data/perft)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from dicey.rules.perft import perft
from rules_kit import LIB, fighter, position

import random
from dicey.rules.fight import Fight

PERFT = Path(__file__).resolve().parent.parent / "data" / "perft"
FILES = sorted(PERFT.glob("*.toml"))


def load(path: Path, content_library) -> tuple[Fight, dict]:
    data = tomllib.loads(path.read_text())
    lib = LIB if data.get("library", "kit") == "kit" else content_library()
    actor, opp = dict(data["actor"]), dict(data["opponent"])
    a = fighter("Actor", equipment=())
    b = fighter("Opponent", equipment=(), kind="enemy")
    f = Fight.start(lib, a, b, random.Random(0))
    f.set_position(1, **opp)
    f.set_position(0, **actor)
    return f, data["expect"]


@pytest.fixture(scope="module")
def content_library():
    def get():
        from dicey.library import default_library
        return default_library()
    return get


def test_there_are_perft_files():
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_counts(path, content_library):
    f, expect = load(path, content_library)
    before = f.key()
    got = perft(f)
    assert f.key() == before   # the walk never touches the position itself
    assert {k: getattr(got, k) for k in expect} == expect


def test_frog_counts_by_hand():
    got = perft(position([1, 3], ["sword", "shield"]))
    assert (got.moves, got.paths, got.states, got.end_states) == (5, 9, 7, 7)
