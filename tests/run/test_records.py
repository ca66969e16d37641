"""Records: every finished run is kept, each hero's runs tallied; a damaged records file is
reported, kept aside, and never stops a run from being recorded."""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.run import progress
from dicey.run.records import (MAX_RUNS, RecordBook, RunRecord, decode, encode, record_of,
                               tally)
from dicey.run.saves import SaveError
from dicey.run.state import SaveFormatError
from run_kit import LIB, play_run

DAY = date(2026, 11, 23)


@pytest.fixture
def book(tmp_path):
    return RecordBook(tmp_path / "home")


@pytest.fixture(scope="module")
def lost_run():
    state = play_run(LIB, progress.new_run(LIB, "weakling", 1))
    assert state.stage == "lost" and state.history
    return state


def sample(seed: int = 1, hero: str = "warrior", result: str = "lost", floor: int = 2):
    name = LIB.heroes[hero].name
    return RunRecord(hero, name, "The Pit", seed, result, floor, 5, 2, 3, 20,
                     "" if result == "won" else "Bully", "normal", "2026-11-23")


def test_a_lost_run_is_recorded_as_it_ended(lost_run):
    record = record_of(lost_run, LIB, DAY)
    last = lost_run.history[-1]
    assert (record.hero, record.hero_name, record.result) == ("weakling", "Weakling", "lost")
    assert record.floor == last.floor and record.floors == len(lost_run.schedule)
    assert record.ended_by == LIB.enemies[last.enemy].name
    assert record.fights_won == lost_run.fights_won and record.level == lost_run.hero.level
    assert record.turns == sum(f.turns for f in lost_run.history) > 0
    assert record.day == "2026-11-23" and record.seed == lost_run.seed


def test_a_won_run_names_no_enemy_and_its_difficulty(lost_run):
    won = replace(lost_run, stage="won", ai="hard",
                  history=lost_run.history[:-1] + (replace(lost_run.history[-1],
                                                           result="won"),))
    record = record_of(won, LIB, DAY)
    assert record.won and record.ended_by == "" and record.ai == "hard"


def test_a_run_under_way_has_no_record():
    with pytest.raises(ValueError, match="not over"):
        record_of(progress.new_run(LIB, "warrior", 1), LIB, DAY)


def test_runs_are_added_oldest_first_and_read_back(book):
    assert book.load().runs == () and book.load().problem is None
    book.add(sample(1))
    book.add(sample(2, "weakling", "won", 5))
    assert [r.seed for r in book.load().runs] == [1, 2]
    data = json.loads(book.path.read_text())
    assert data["format"] == "dicey-records" and data["version"] == 1


def test_the_oldest_runs_give_way(book, monkeypatch):
    monkeypatch.setattr("dicey.run.records.MAX_RUNS", 3)
    for seed in range(5):
        book.add(sample(seed))
    assert [r.seed for r in book.load().runs] == [2, 3, 4]
    assert MAX_RUNS == 1000


def test_each_hero_is_tallied_with_its_streak():
    runs = [sample(1, "weakling", "won", 5), sample(2, "warrior", "lost", 3),
            sample(3, "weakling", "lost", 2), sample(4, "weakling", "won", 5),
            sample(5, "weakling", "won", 5), sample(6, "warrior", "lost", 1)]
    rows = [(t.hero_name, t.runs, t.won, t.best_floor, t.streak) for t in tally(runs)]
    assert rows == [("Weakling", 4, 3, 5, 2), ("Warrior", 2, 0, 3, 0)]


@pytest.mark.parametrize("damage, why", [
    (lambda d: b"{ broken", "not readable JSON (Expecting property name enclosed in double "
                            "quotes: line 1 column 3 (char 2))"),
    (lambda d: b"\xff\xfe", "not a UTF-8 text file (it is UTF-16 text: save it as UTF-8)"),
    (lambda d: b"\x89PNG\r\n", "not a text file (byte 1 is not UTF-8 text)"),
    (lambda d: b"", "the file is empty"),
    (lambda d: b"[]", "not a records file"),
    (lambda d: d.replace(b'"version": 1', b'"version": 9'), "newer version"),
    (lambda d: d.replace(b'"result": "lost"', b'"result": "draw"'), "should be won or lost"),
    (lambda d: d.replace(b'"floor": 2', b'"floor": 9'), "past its dungeon's last floor"),
    (lambda d: d.replace(b'"seed": 1', b'"seed": "one"'), "seed should be a whole number"),
    (lambda d: d.replace(b'"Warrior"', b'"' + b"W" * 500 + b'"'), "short line of text"),
    (lambda d: d.replace(b'"Bully"', b'"\\u001b[2J"'), "short line of text"),
    (lambda d: b"[" * 100_000, "not a records file (its JSON is nested too deeply)"),
    (lambda d: d.replace(b'"floors": 5', b'"floors": 1000000000000000'),
     "floors should be at most 1,000,000"),
    (lambda d: d.replace(b'"Warrior"', b'"  "'), "hero_name is empty"),
    (lambda d: d.replace(b'"day": "', b'"day": "someday'), "day should be a date (YYYY-MM-DD)"),
    (lambda d: b"[" + b"9" * 5000 + b"]", "not a records file (a number in it has too many "
                                          "digits)"),
])
def test_a_damaged_records_file_is_reported_and_kept_aside(book, damage, why):
    book.add(sample(1))
    book.path.write_bytes(damage(book.path.read_bytes()))
    damaged = book.path.read_bytes()
    found = book.load()
    assert found.runs == () and why in found.problem and str(book.path) in found.problem
    assert book.path.read_bytes() == damaged           # reading never moves or deletes
    book.add(sample(2))
    assert book.damaged.read_bytes() == damaged
    assert [r.seed for r in book.load().runs] == [2]


def test_a_second_damaged_file_is_kept_beside_the_first(book):
    for text, kept in (("first", "records.damaged.json"), ("second", "records.damaged.2.json")):
        book.folder.mkdir(exist_ok=True)
        book.path.write_text(text)
        found = book.load()
        assert found.kept_as.name == kept and f"as {kept}," in found.kept
        book.add(sample(1))
    assert book.damaged.read_text() == "first"
    assert (book.folder / "records.damaged.2.json").read_text() == "second"


def test_a_records_file_that_cannot_be_written_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError, match="could not record the run"):
        RecordBook(blocker / "home").add(sample())


def test_a_folder_in_place_of_the_file_is_reported(book):
    book.path.mkdir(parents=True)
    assert "cannot be read" in book.load().problem


texts = st.text(st.characters(codec="utf-8"), max_size=40)
records = st.builds(RunRecord, texts, texts, texts, st.integers(-2**63, 2**63),
                    st.sampled_from(["won", "lost"]), st.integers(1, 9), st.just(9),
                    st.integers(1, 99), st.integers(0, 99), st.integers(0, 10**6), texts,
                    st.sampled_from(["", "easy", "normal", "hard"]), st.just("2026-11-23"))


@settings(max_examples=60, deadline=None)
@given(st.lists(records, max_size=5))
def test_records_read_back_as_written_or_are_refused_whole(runs):
    data = encode(runs)
    try:
        assert decode(data) == runs
    except SaveFormatError as err:         # a name no player could be shown
        if "is empty" in str(err):
            assert any(not getattr(r, k).strip() for r in runs
                       for k in ("hero", "hero_name", "dungeon"))
            return
        assert "short line of text" in str(err)
        assert any(not getattr(r, k).isprintable() for r in runs
                   for k in ("hero", "hero_name", "dungeon", "ended_by"))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20).map(lambda doc: json.dumps(doc).encode()))
def test_any_bytes_read_as_records_or_are_refused_with_a_reason(data):
    try:
        decode(data)
    except SaveFormatError as err:
        assert str(err)


def test_a_records_file_far_too_large_is_reported_without_being_read(book, monkeypatch):
    monkeypatch.setattr("dicey.run.saves.MAX_SAVE_BYTES", 4000)
    book.add(sample(1))
    book.path.write_bytes(b"[" + b"1," * 3000 + b"1]")
    assert "too large to be a records file (over 4,000 bytes)" in book.load().problem
