"""Saves: atomic, versioned, checked; a damaged save is reported and the last good one kept."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.rules.protocol import Move
from dicey.run import progress
from dicey.run.saves import SAVE_VERSION, SaveError, SaveStore, data_dir, decode, encode
from dicey.run.state import FightSummary, Reward, SaveFormatError, state_from_json, state_to_json
from run_kit import LIB, play_run


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "home")


def sample_state(seed: int = 1):
    state = progress.finish_fight(LIB, progress.enter_fight(progress.new_run(LIB, "warrior",
                                                                             seed)), 0, 3, 21)
    return replace(state, fight_moves=(Move.place(5, "Sword", 2, 0), Move.end()))


def test_a_save_reads_back_as_the_same_run(store):
    state = sample_state()
    store.write(state)
    assert store.load(LIB).state == state
    data = json.loads(store.path.read_text())
    assert data["format"] == "dicey-save" and data["version"] == SAVE_VERSION


def test_writing_leaves_no_temporary_files_and_keeps_the_previous_save(store):
    first, second = sample_state(1), sample_state(2)
    store.write(first)
    assert not store.backup.exists()
    store.write(second)
    assert sorted(p.name for p in store.folder.iterdir()) == ["save.json", "save.json.bak"]
    assert decode(store.backup.read_bytes()) == first
    assert decode(store.path.read_bytes()) == second


@pytest.mark.parametrize("damage, why", [
    (lambda b: b[: len(b) // 2], "not readable JSON"),
    (lambda b: b.replace(b'"hp": 21', b'"hp": 29'), "checksum does not match"),
    (lambda b: b.replace(b'"version": 1', b'"version": 99'), "save version 99"),
    (lambda b: b"[1, 2, 3]", "not a dicey save"),
    (lambda b: b"\xff\xfe", "not readable JSON"),
])
def test_a_damaged_save_is_reported_and_the_backup_offered(store, damage, why):
    good, latest = sample_state(1), sample_state(2)
    store.write(good)
    store.write(latest)
    store.path.write_bytes(damage(store.path.read_bytes()))
    loaded = store.load(LIB)
    assert loaded.from_backup and loaded.state == good
    assert why in loaded.problem and "previous save is offered" in loaded.problem


def test_the_damaged_file_is_kept_and_the_good_backup_survives_the_next_save(store):
    good = sample_state(1)
    store.write(good)
    store.write(sample_state(2))
    store.path.write_text("{ broken")
    continued = store.load(LIB).state
    store.write(replace(continued, news=("on we go",)))
    assert store.damaged.read_text() == "{ broken"
    assert decode(store.backup.read_bytes()) == good        # never replaced by the damage
    assert store.load(LIB).state.news == ("on we go",)


def test_damaged_without_a_backup_reports_and_offers_nothing(store):
    store.folder.mkdir(parents=True)
    store.path.write_text("nonsense")
    loaded = store.load(LIB)
    assert loaded.state is None and "no earlier save" in loaded.problem
    assert store.path.read_text() == "nonsense"             # reading never deletes


def test_no_save_is_not_a_problem(store):
    assert store.load(LIB).state is None and store.load(LIB).problem is None


def test_content_that_is_no_longer_loaded_is_reported(store):
    state = sample_state()
    hero = replace(state.hero, equipment=state.hero.equipment + ("moon_blade",))
    store.write(replace(state, hero=hero))
    loaded = store.load(LIB)
    assert loaded.state is None and "card 'moon_blade' is not loaded" in loaded.problem


def test_a_finished_run_is_kept_as_the_last_run(store):
    store.write(sample_state(1))
    store.write(sample_state(2))
    done = play_run(LIB, progress.new_run(LIB, "warrior", 1))
    store.finish(done)
    assert not store.path.exists() and not store.backup.exists()
    assert decode(store.last_run.read_bytes(), LIB) == done


def test_a_save_that_cannot_be_written_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError, match="could not save"):
        SaveStore(blocker / "home").write(sample_state())


def test_where_saves_go():
    assert str(data_dir({"DICEY_HOME": "/a", "XDG_DATA_HOME": "/b"})) == "/a"
    assert str(data_dir({"XDG_DATA_HOME": "/b"})) == "/b/dicey"
    assert str(data_dir({})).endswith(".local/share/dicey")


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.pop("seed"), "run has no 'seed'"),
    (lambda d: d.update(stage="resting"), "run.stage should be one of"),
    (lambda d: d["hero"].update(hp="lots"), "run.hero.hp should be a whole number"),
    (lambda d: d["hero"].update(hp=True), "run.hero.hp should be a whole number"),
    (lambda d: d["hero"].update(hp=99), "above max_hp"),
    (lambda d: d["hero"].update(equipment=[1]), "list of strings"),
    (lambda d: d.update(floor=7), "past the end"),
    (lambda d: d.update(schedule=[[]]), "at least one enemy"),
    (lambda d: d.update(fight_moves=[["jump", 1, "", -1, -1]]), "fight_moves[0] should be"),
    (lambda d: d.update(offers=[{"kind": "gold", "card": "", "amount": 1}]), "kind should be"),
    (lambda d: d.update(history=[{"floor": 0}]), "run.history[0] has no"),
    (lambda d: d.update(ai="grandmaster"), "run.ai should be null or one of easy, hard, normal"),
    (lambda d: d.update(ai=3), "run.ai should be null or one of"),
])
def test_bad_run_fields_are_named(edit, message):
    data = state_to_json(sample_state())
    edit(data)
    with pytest.raises(SaveFormatError) as err:
        state_from_json(data)
    assert message in str(err.value)


refs = st.sampled_from(["sword", "sword+", "shield", "rock", "dagger"])
moves = st.builds(Move, st.sampled_from(["place", "release", "end"]), st.integers(0, 6),
                  st.sampled_from(["Sword", "Pea Shooter", ""]), st.integers(-1, 9),
                  st.integers(-1, 9))
summaries = st.builds(FightSummary, st.integers(1, 5), st.sampled_from(["frog", "rat"]),
                      st.sampled_from(["won", "lost", "draw"]), st.integers(0, 60),
                      st.integers(0, 40), st.integers(0, 9), st.integers(1, 6))


@settings(max_examples=60, deadline=None)
@given(hp=st.integers(0, 30), equipment=st.lists(refs, min_size=1, max_size=4),
       backpack=st.lists(refs, max_size=3), fight_moves=st.lists(moves, max_size=6),
       history=st.lists(summaries, max_size=4), heal=st.integers(0, 20),
       news=st.lists(st.text(max_size=12), max_size=2))
def test_any_run_survives_a_save(hp, equipment, backpack, fight_moves, history, heal, news):
    base = sample_state()
    hero = replace(base.hero, hp=min(hp, base.hero.max_hp), equipment=tuple(equipment),
                   backpack=tuple(backpack))
    state = replace(base, hero=hero, fight_moves=tuple(fight_moves), history=tuple(history),
                    offers=(Reward("card", "rock"), Reward("heal", amount=heal)),
                    news=tuple(news))
    assert decode(encode(state), LIB) == state


def test_a_runs_difficulty_is_saved_and_a_save_without_one_has_none():
    state = replace(sample_state(), ai="hard")
    assert decode(encode(state), LIB).ai == "hard"
    data = state_to_json(sample_state())
    del data["ai"]                               # a save from before runs had a difficulty
    assert state_from_json(data).ai is None
