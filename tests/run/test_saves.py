"""Saves: atomic, versioned, checked; a damaged save is reported and the last good one kept."""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicey.library import ModInfo
from dicey.rules.protocol import Move, MoveError
from dicey.run import progress, saves
from dicey.run.inventory import card_def, card_label
from dicey.run.rewards import describe_reward
from dicey.run.session import open_fight
from dicey.run.saves import SAVE_VERSION, SaveError, SaveStore, data_dir, decode, encode
from dicey.run.state import FightSummary, Reward, SaveFormatError, state_from_json, state_to_json
from run_kit import LIB, RunLib, play_run


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
    (lambda b: b.replace(b'"version": 1', b'"version": 99'), "a newer dicey (save version 99"),
    (lambda b: b.replace(b'"version": 1', b'"version": "1"'),
     'its save version is "1", not a whole number; this dicey reads version 1'),
    (lambda b: b.replace(b'"version": 1', b'"version": 0'),
     "its save version is 0; this dicey reads version 1"),
    (lambda b: b"[1, 2, 3]", "not a dicey save"),
    (lambda b: b"\xff\xfe", "not a UTF-8 text file (it is UTF-16 text"),
    (lambda b: b"", "does not read: the file is empty;"),
    (lambda b: b" \n\n", "does not read: the file is empty (blank space only);"),
    (lambda b: b[:5] + b"\x9c\x00\x81" + b[8:], "does not read: not a text file (byte 6 is "
                                              "not UTF-8 text);"),
    (lambda b: b"\0" * 300, "does not read: not a text file (byte 1 is a zero byte);"),
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


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc on this system")
@pytest.mark.parametrize("home", ["/proc", "/proc/dicey-home"])
def test_a_save_to_a_folder_the_system_refuses_says_it_cannot_be_written_there(home):
    """/proc exists but takes no new file; the system says 'No such file or directory',
    which reads wrong for a folder that is there."""
    with pytest.raises(SaveError) as raised:
        SaveStore(Path(home)).write(sample_state())
    said = str(raised.value)
    assert said == f"could not save to {home}/save.json: /proc is a folder no file can be " \
        "written in"
    assert "No such file" not in said


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
    (lambda d: d.update(fight_moves=[["jump", 1, "", -1, -1]]),
     "fight_moves[0]: unknown action 'jump' (one of place, release, use, end)"),
    (lambda d: d.update(fight_moves=[["use", 0, "Fury"]]), "fight_moves[0] should be"),
    (lambda d: d.update(offers=[{"kind": "gold", "card": "", "amount": 1}]), "kind should be"),
    (lambda d: d.update(history=[{"floor": 0}]), "run.history[0] has no"),
    (lambda d: d.update(ai="grandmaster"), "run.ai should be null or one of easy, hard, normal"),
    (lambda d: d.update(ai=3), "run.ai should be null or one of"),
    (lambda d: d.update(mods="embers"), "run.mods should be a list"),
    (lambda d: d.update(mods=[{"id": "embers"}]), "run.mods[0] has no 'version'"),
    (lambda d: d.update(mods=[{"id": 7, "version": "1.0"}]),
     "run.mods[0].id should be a string"),
    (lambda d: d.update(mods=[["embers", "1.0.0"]]), "run.mods[0] should be an object"),
])
def test_bad_run_fields_are_named(edit, message):
    data = state_to_json(sample_state())
    edit(data)
    with pytest.raises(SaveFormatError) as err:
        state_from_json(data)
    assert message in str(err.value)


refs = st.sampled_from(["sword", "sword+", "shield", "rock", "dagger"])
moves = st.builds(Move, st.sampled_from(["place", "release", "use", "end"]), st.integers(0, 6),
                  st.sampled_from(["Sword", "Pea Shooter", ""]), st.integers(-1, 9),
                  st.integers(-1, 9))
summaries = st.builds(FightSummary, st.integers(1, 5), st.sampled_from(["frog", "rat"]),
                      st.sampled_from(["won", "lost", "draw"]), st.integers(0, 60),
                      st.integers(0, 40), st.integers(0, 9), st.integers(1, 6)).map(
    # (a fight not won gives no experience)
    lambda f: f if f.result == "won" else replace(f, xp=0))


@settings(max_examples=60, deadline=None)
@given(hp=st.integers(1, 30),     # (a run goes on only while the hero stands)
       equipment=st.lists(refs, min_size=1, max_size=4).filter(   # in the Warrior's grid
           lambda refs: sum(card_def(LIB, r).size for r in refs) <= 4),
       backpack=st.lists(refs, max_size=3), fight_moves=st.lists(moves, max_size=6),
       history=st.lists(summaries, max_size=4), heal=st.integers(0, 20),
       news=st.lists(st.text(max_size=12), max_size=2),
       mods=st.lists(st.tuples(st.text(max_size=8), st.text(max_size=8)), max_size=3))
def test_any_run_survives_a_save(hp, equipment, backpack, fight_moves, history, heal, news,
                                 mods):
    base = sample_state()
    hero = replace(base.hero, hp=min(hp, base.hero.max_hp), equipment=tuple(equipment),
                   backpack=tuple(backpack))
    state = replace(base, hero=hero, fight_moves=tuple(fight_moves),
                    history=tuple(history) + base.history,   # a reward follows a won fight
                    offers=(Reward("card", "rock"), Reward("heal", amount=heal)),
                    news=tuple(news), mods=tuple(mods))
    assert decode(encode(state), LIB) == state


def embers_lib(version: tuple[int, ...] = (1, 0, 0), *others: str) -> RunLib:
    """The kit's content as if the mod 'embers' (and mods ``others``, 1.0.0) were loaded."""
    lib = RunLib()
    lib.mods = [ModInfo(mod, Path(mod), mod.title(), (1, 0, 0) if mod != "embers" else
                        version, 1) for mod in ("embers",) + others]
    return lib


def test_a_run_records_the_mods_it_is_played_with():
    lib = embers_lib((1, 0, 0), "frostbite")
    state = progress.new_run(lib, "warrior", 1)
    assert state.mods == (("embers", "1.0.0"), ("frostbite", "1.0.0"))
    assert json.loads(encode(state))["run"]["mods"] == [
        {"id": "embers", "version": "1.0.0"}, {"id": "frostbite", "version": "1.0.0"}]
    assert decode(encode(state), lib) == state
    assert progress.new_run(LIB, "warrior", 1).mods == ()           # no mods loaded
    data = state_to_json(state)
    del data["mods"]                              # a save from before runs recorded them
    assert state_from_json(data).mods == ()


def test_a_save_names_the_mods_loaded_when_it_is_written(tmp_path):
    """A run started without a mod and continued with it may hold the mod's cards from
    then on: the save says the mods of the game that wrote it."""
    store = SaveStore(tmp_path, library=embers_lib())
    store.write(sample_state())
    assert decode(store.path.read_bytes()).mods == (("embers", "1.0.0"),)
    store.finish(replace(sample_state(), stage="won"))
    assert decode(store.last_run.read_bytes()).mods == (("embers", "1.0.0"),)


def test_a_run_of_content_not_loaded_names_the_mods_it_was_played_with(tmp_path):
    """The playtest's save from a removed mod: the message could not say which mod."""
    played = embers_lib((1, 0, 0), "frostbite")
    state = sample_state()
    state = replace(state, hero=replace(state.hero, backpack=("tinderbox",)),
                    mods=saves.loaded_mods(played))
    SaveStore(tmp_path).write(state)
    problem = SaveStore(tmp_path).load(embers_lib((1, 0, 0))).problem   # frostbite gone
    assert "does not read: its card 'tinderbox' is not loaded (was a mod removed?); it was " \
           "played with mods: embers 1.0.0, frostbite 1.0.0 (not loaded now)" in problem
    problem = SaveStore(tmp_path).load(LIB).problem                     # no mods at all
    assert problem.split("does not read: ")[1].startswith(
        "its card 'tinderbox' is not loaded (was a mod removed?); it was played with mods: "
        "embers 1.0.0 (not loaded now), frostbite 1.0.0 (not loaded now); ")
    assert saves.UNLOADED_HINT in problem       # (the title screen's advice follows it)
    # The same mods loaded: the card went from one of them; nothing more to say of mods.
    assert problem_of(state, played) == "its card 'tinderbox' is not loaded (was a mod " \
                                        "removed?)"


def problem_of(state, lib) -> str:
    with pytest.raises(SaveFormatError) as err:
        decode(encode(state), lib)
    return str(err.value)


def test_a_run_that_does_not_fit_a_mods_new_version_names_both_versions():
    state = replace(sample_state(), mods=(("embers", "1.0.0"),))
    state = replace(state, hero=replace(state.hero, equipment=("sword",) * 3))
    assert problem_of(state, embers_lib((1, 2, 0))) == (
        "its hero's equipment takes 6 grid spaces; the hero 'warrior' has 4 (was a mod "
        "changed?); it was played with mods: embers 1.0.0 (1.2.0 loaded now)")
    state = replace(state, hero=replace(state.hero, equipment=("sword",), level=4))
    assert problem_of(state, embers_lib((1, 2, 0))) == (
        "run.hero.level is 4; the dungeon 'the_pit' has levels up to 3 (was a mod "
        "changed?); it was played with mods: embers 1.0.0 (1.2.0 loaded now)")


def test_a_runs_difficulty_is_saved_and_a_save_without_one_has_none():
    state = replace(sample_state(), ai="hard")
    assert decode(encode(state), LIB).ai == "hard"
    data = state_to_json(sample_state())
    del data["ai"]                               # a save from before runs had a difficulty
    assert state_from_json(data).ai is None


# ------------------------------------------------- damaged saves, whatever the damage

def test_a_file_far_too_large_is_reported_without_being_read(store, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 4000)
    store.write(sample_state(1))
    store.write(sample_state(2))
    huge = b'{"format": "dicey-save", "run": [' + b"1," * 3000 + b"1]}"
    store.path.write_bytes(huge)
    loaded = store.load(LIB)
    assert "too large to be a save (over 4,000 bytes)" in loaded.problem
    assert loaded.state == sample_state(1)
    store.write(sample_state(3))                             # set aside, not lost
    assert store.damaged.read_bytes() == huge


def test_a_save_from_a_newer_dicey_says_so(store):
    store.folder.mkdir(parents=True)
    data = json.loads(encode(sample_state()))
    data["version"] = SAVE_VERSION + 1
    store.path.write_text(json.dumps(data))
    problem = store.load(LIB).problem
    assert f"written by a newer dicey (save version {SAVE_VERSION + 1}" in problem


def test_damaged_saves_set_aside_never_replace_one_another(store):
    store.folder.mkdir(parents=True)
    for text in ("first damage", "second damage", "third damage"):
        store.path.write_text(text)
        store.write(sample_state())
    kept = {p.name: p.read_text() for p in store.folder.glob("save.damaged*")}
    assert kept == {"save.damaged.json": "first damage", "save.damaged.2.json": "second damage",
                    "save.damaged.3.json": "third damage"}


def test_a_damaged_backup_is_set_aside_not_written_over_nor_deleted(store):
    store.folder.mkdir(parents=True)
    store.path.write_text("damaged save")
    store.backup.write_text("damaged backup")
    store.write(sample_state(1))           # the damaged save goes aside
    store.write(sample_state(2))           # the backup would be written over here
    store.path.write_text("damaged again")
    store.backup.write_text("and its backup")
    store.finish(replace(sample_state(3), stage="lost", offers=()))   # both would be deleted
    kept = sorted(p.read_text() for p in store.folder.glob("save.damaged*"))
    assert kept == ["and its backup", "damaged again", "damaged backup", "damaged save"]
    assert not store.path.exists() and not store.backup.exists()


def test_a_save_holding_a_run_that_is_over_is_not_continued(store):
    good = sample_state(1)
    store.write(good)
    store.write(replace(sample_state(2), stage="lost", offers=()))
    loaded = store.load(LIB)
    assert "the run in it is over" in loaded.problem and loaded.state == good


def _resealed(state, edit) -> bytes:
    """A save of ``state`` edited by hand and given a matching checksum."""
    run = state_to_json(state)
    edit(run)
    return json.dumps({"format": "dicey-save", "version": SAVE_VERSION,
                       "checksum": saves._checksum(run), "run": run}).encode()


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(history=[]), "does not end with a won fight"),
    (lambda d: d["history"][-1].update(result="lost"), "does not end with a won fight"),
    (lambda d: d.update(offers=[]), "run.offers is empty"),
    (lambda d: d.update(stage="won", offers=[], history=[]), "does not end with a won fight"),
    (lambda d: d["schedule"].append(["rat"]), "it lists 3 floors; the dungeon 'the_pit' has 2"),
    (lambda d: d["history"][-1].update(enemy="yeti"), "enemy 'yeti' is not loaded"),
    (lambda d: d.update(offers=[{"kind": "upgrade", "card": "hammer", "amount": 0}]),
     "upgrade of 'hammer', which the hero cannot upgrade"),
    (lambda d: d.update(offers=[{"kind": "upgrade", "card": "sword+", "amount": 0}]),
     "upgrade of 'sword+'"),
    # A card reward naming no card read, and Continue then failed on the reward screen.
    (lambda d: d.update(offers=[{"kind": "card", "card": "", "amount": 0}]),
     "it offers a card reward that names no card"),
    (lambda d: d.update(offers=[{"kind": "upgrade", "card": "", "amount": 0}]),
     "it offers an upgrade reward that names no card"),
    (lambda d: d["hero"].update(equipment=["sword"] * 30),
     "its hero's equipment takes 60 grid spaces; the hero 'warrior' has 4 (was a mod changed?)"),
    (lambda d: d["hero"].update(equipment=["sword", "dagger", "shield", "rock"]),
     "takes 5 grid spaces; the hero 'warrior' has 4"),
    # A hero with no card, or no die, where its declaration starts it with some (it was
    # accepted, and its fights were turns of nothing).
    (lambda d: d["hero"].update(equipment=[]),
     "its hero has no card equipped (a run keeps one equipped at least)"),
    (lambda d: d["hero"].update(dice=0),
     "run.hero.dice is 0, but the hero 'warrior' starts with 3 and no level takes dice "
     "away (was a mod changed?)"),
    (lambda d: d["hero"].update(backpack=["dagger+"]),
     "its card 'dagger+' is an upgrade of 'Dagger', which has none (was a mod changed?)"),
    (lambda d: d.update(stage="map", offers=[]) or d["hero"].update(hp=0),
     "its hero has 0 HP in a run at stage 'map' (a run ends when the hero falls)"),
    # A level no run of the dungeon reaches, or one its experience does not (it was
    # accepted, and the fight screen showed 'lvl 999999').
    (lambda d: d["hero"].update(level=999_999),
     "run.hero.level is 999,999; the dungeon 'the_pit' has levels up to 3 (was a mod "
     "changed?)"),
    (lambda d: d["hero"].update(level=4), "has levels up to 3"),
    (lambda d: d["hero"].update(xp=99_999), "run.hero.xp is 99,999, more than the 1 its "
                                            "fights won gave"),
    (lambda d: d["history"][-1].update(xp=0), "run.hero.xp is 1, more than the 0"),
    # A fight not won that gave experience (accepted before).
    (lambda d: d["history"].insert(0, dict(d["history"][-1], result="lost", xp=1)),
     "run.history[0].xp is 1, but a fight not won gives none (it was lost)"),
])
def test_a_run_that_does_not_hang_together_is_refused(edit, message):
    """Edited with care (the checksum made to match), a save can still not fit the game."""
    with pytest.raises(SaveFormatError, match=re.escape(message)):
        decode(_resealed(sample_state(), edit), LIB)


def test_every_level_and_experience_a_run_reaches_reads_back():
    """The checks of level and experience refuse no run the game plays: one run per
    seed, to its end, each state on the way saved and read back."""
    reached = set()
    for seed in range(6):
        state = progress.new_run(LIB, "warrior", seed)
        while not state.finished:
            assert decode(encode(state), LIB) == state
            reached.add(state.hero.level)
            state = _step(state, seed)
        assert decode(encode(state), LIB) == state
        reached.add(state.hero.level)
    assert reached == {1, 2, 3}


def _step(state, reward):
    """The run one stage on: a fight won or lost by ``easy``, or offer ``reward`` taken."""
    from run_kit import autoplay, finish, start_session
    if state.stage == "reward":
        return progress.take_reward(LIB, state, min(reward, len(state.offers) - 1))
    state = progress.enter_fight(state)
    return finish(LIB, state, autoplay(start_session(LIB, state)))


def _states():
    """A run on the map, mid-fight and at a reward."""
    fresh = progress.new_run(LIB, "warrior", 3)
    fighting = replace(progress.enter_fight(fresh), fight_moves=(Move.end(),))
    return [fresh, fighting, sample_state(2)]


def _assert_playable(state) -> None:
    """What the game's screens do with a continued run works (a saved fight that no longer
    replays is started again, which the game does on MoveError, ValueError or KeyError)."""
    dungeon = progress.dungeon_of(LIB, state)
    assert len(state.schedule) == len(dungeon.floors) and not state.finished
    assert state.hero.hp > 0 and state.hero.dice <= 24
    assert sum(card_def(LIB, r).size for r in state.hero.equipment) <= \
        LIB.heroes[state.hero.id].grid
    LIB.heroes[state.hero.id], LIB.enemies[progress.current_enemy(state)]
    progress.is_boss_fight(LIB, state)
    for f in state.history:
        LIB.enemies[f.enemy]
    for ref in state.hero.equipment + state.hero.backpack:
        card_label(LIB, ref), card_def(LIB, ref)
    if state.stage == "map":
        progress.enter_fight(state)
    elif state.stage == "reward":                # "Victory over <the last enemy>!"
        LIB.enemies[state.history[-1].enemy]
        for i, offer in enumerate(state.offers):
            describe_reward(LIB, state.hero, offer)
            progress.take_reward(LIB, state, i)
    else:
        try:
            open_fight(LIB, state)
        except (MoveError, ValueError, KeyError):
            open_fight(LIB, replace(state, fight_moves=()))


@settings(max_examples=150, deadline=None)
@given(which=st.integers(0, 2), data=st.data())
def test_any_damage_to_the_bytes_is_reported_and_nothing_is_lost(which, data):
    """Cut short, bytes changed, garbage: the save is reported (never an exception), the
    file stays as it was, and the previous save is offered."""
    with tempfile.TemporaryDirectory() as folder:
        _damage_the_bytes(SaveStore(folder), which, data)


def _damage_the_bytes(store, which, data):
    good, latest = sample_state(1), _states()[which]
    store.write(good)
    store.write(latest)
    original = store.path.read_bytes()
    damage = data.draw(st.sampled_from(["cut", "flip", "garbage", "insert"]))
    if damage == "cut":
        damaged = original[:data.draw(st.integers(0, len(original) - 1))]
    elif damage == "flip":
        at = data.draw(st.integers(0, len(original) - 1))
        damaged = original[:at] + bytes([original[at] ^ data.draw(st.integers(1, 255))]) + \
            original[at + 1:]
    elif damage == "insert":
        at = data.draw(st.integers(0, len(original)))
        damaged = original[:at] + data.draw(st.binary(min_size=1, max_size=20)) + original[at:]
    else:
        damaged = data.draw(st.binary(max_size=300))
    store.path.write_bytes(damaged)
    loaded = store.load(LIB)
    assert store.path.read_bytes() == damaged                       # reading changes nothing
    if loaded.problem is None:               # a change JSON does not see (spaces, say)
        assert loaded.state == latest
    else:
        assert str(store.path) in loaded.problem and loaded.from_backup
        assert loaded.state == good


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from([10 ** 7, -10 ** 30]) |
    st.sampled_from(
        ["", "map", "fight", "reward", "won", "frog", "rat", "dragon", "sword", "sword+",
         "hammer", "upgrade", "heal", "card", "place", "end", "Sword"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["kind", "card", "amount", "floor", "enemy", "result", "hp"]), inner,
        max_size=4),
    max_leaves=8)


def _at(value, path):
    for key in path:
        value = value[key]
    return value


def _paths(value, path=()):
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    for key, inner in items:
        yield from _paths(inner, path + (key,))


@settings(max_examples=300, deadline=None)
@given(which=st.integers(0, 2), data=st.data())
def test_any_edit_with_a_matching_checksum_is_refused_or_playable(which, data):
    """A save edited anywhere, with any JSON, and resealed: either it is reported with a
    reason (and the backup offered), or the run it holds can be played on."""
    with tempfile.TemporaryDirectory() as folder:
        _edit_and_reseal(SaveStore(folder), which, data)


def _edit_and_reseal(store, which, data):
    good = sample_state(1)
    store.write(good)
    store.write(good)                                       # the backup
    run = state_to_json(_states()[which])
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(run) if p]
        edit = data.draw(st.sampled_from(["replace", "delete", "empty", "drop one"]))
        if edit in ("empty", "drop one"):          # lists and objects cut short
            paths = [p for p in paths if _at(run, p) and isinstance(_at(run, p), (list, dict))]
            if not paths:
                continue
            path = data.draw(st.sampled_from(paths))
            inner = _at(run, path)
            if edit == "empty":
                inner.clear()
            else:
                key = data.draw(st.sampled_from(list(inner.keys() if isinstance(inner, dict)
                                                     else range(len(inner)))))
                del inner[key]
            continue
        path = data.draw(st.sampled_from(paths))
        parent = _at(run, path[:-1])
        if edit == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(json_values)
    store.path.write_bytes(json.dumps({"format": "dicey-save", "version": SAVE_VERSION,
                                       "checksum": saves._checksum(run), "run": run}).encode())
    loaded = store.load(LIB)
    if loaded.problem is not None:
        assert loaded.from_backup and loaded.state == good
    else:
        _assert_playable(loaded.state)


# ------------------------------------------- JSON that Python's reader cannot hold

@pytest.mark.parametrize("damage, why", [
    # Python refuses to read an integer of more than 4,300 digits (a ValueError of its own)
    (lambda b: b.replace(b'"seed": 2', b'"seed": ' + b"9" * 5000, 1), "too many digits"),
    (lambda b: b'{"format": "dicey-save", "run": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
     "nested too deeply"),
], ids=["huge-number", "deep-nesting"])
def test_json_too_big_for_python_is_reported_and_set_aside(store, damage, why):
    good = sample_state(1)
    store.write(good)
    store.write(sample_state(2))
    damaged = damage(store.path.read_bytes())
    store.path.write_bytes(damaged)
    loaded = store.load(LIB)
    assert why in loaded.problem and loaded.from_backup and loaded.state == good
    store.write(sample_state(3))                            # the next save sets it aside
    assert store.damaged.read_bytes() == damaged and decode(store.backup.read_bytes()) == good


def test_a_save_with_a_byte_order_mark_reads(store):
    # as an editor may leave it after a look at the file
    store.write(sample_state(1))
    store.path.write_bytes(b"\xef\xbb\xbf" + store.path.read_bytes())
    assert store.load(LIB).state == sample_state(1)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_save_that_is_a_named_pipe_is_refused_not_waited_on(store):
    store.write(sample_state(1))
    store.write(sample_state(2))
    store.path.unlink()
    os.mkfifo(store.path)           # opening it to read would wait for a writer forever
    loaded = store.load(LIB)
    assert "not a regular file" in loaded.problem and loaded.state == sample_state(1)


@pytest.mark.parametrize("field, value", [
    ("hp", 10 ** 30), ("max_hp", 10 ** 7), ("xp", 10 ** 12), ("level", 10 ** 9), ("dice", 10 ** 7),
    ("dice", 1000),    # loaded, and 24 rolled with nothing said
])
def test_hero_numbers_no_run_can_reach_are_refused(field, value):
    def edit(run):
        run["hero"][field] = value
        if field == "hp":
            run["hero"]["max_hp"] = value
    with pytest.raises(SaveFormatError, match=re.escape(f"run.hero.{field} should be at most")):
        decode(_resealed(sample_state(), edit), LIB)


def test_a_data_folder_that_cannot_be_looked_into_is_a_problem_not_a_crash(tmp_path):
    """A name longer than the system takes (or a folder on the way that may not be
    entered): Path.exists raises; the title says why, and nothing is written."""
    store = SaveStore(tmp_path / ("a" * 300))
    loaded = store.load(LIB)
    assert loaded.state is None
    assert loaded.problem.startswith(f"{store.path} does not read: cannot be read (")
    assert "the backup does not read either" in loaded.problem
    with pytest.raises(SaveError, match="could not save to"):
        store.write(sample_state(1))


def test_a_save_that_cannot_be_read_is_reported_and_the_backup_offered(store, monkeypatch):
    store.write(sample_state(1))
    store.write(sample_state(2))
    real_open = open

    def guarded(path, *args, **kwargs):
        if str(path) == str(store.path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(saves, "open", guarded, raising=False)
    loaded = store.load(LIB)
    assert "cannot be read (Permission denied)" in loaded.problem
    assert loaded.from_backup and loaded.state == sample_state(1)


def test_a_run_of_content_not_loaded_is_set_aside_not_written_over(tmp_path):
    """A run played with a mod, the game started without it (``--mods`` replaces the
    bundled mods): the run reads as a problem, and the next save used to take it for a
    good one, rotate it into the backup and write over that: the run was gone. The store
    knows the content now, and sets the run aside as it does a damaged save."""
    from dicey.library import load_library
    with_mods, without = load_library(), load_library(use_mods=False)
    run = progress.new_run(with_mods, "warrior", 1)
    run = replace(run, schedule=run.schedule[:-1] + (("ice_wraith",),))   # frostbite's
    SaveStore(tmp_path / "home", library=with_mods).write(run)
    played = (tmp_path / "home" / "save.json").read_bytes()

    store = SaveStore(tmp_path / "home", library=without)
    loaded = store.load(without)
    assert loaded.state is None and saves.UNLOADED_HINT in loaded.problem
    assert loaded.problem.endswith("(was a mod removed?); it was played with mods: frostbite "
                                   "1.0.0 (not loaded now), rebalance 1.0.0 (not loaded now); "
                                   "there is no earlier save to fall back on")
    store.write(progress.new_run(without, "warrior", 2))
    store.write(progress.new_run(without, "warrior", 3))
    assert store.damaged.read_bytes() == played
    back = SaveStore(tmp_path / "back", library=with_mods)
    back.folder.mkdir()
    back.path.write_bytes(store.damaged.read_bytes())     # renamed save.json: it goes on
    assert back.load(with_mods).state == run


def test_a_data_folder_that_is_a_file_is_said_to_be_one(tmp_path):
    """It said 'File exists'."""
    (tmp_path / "home").write_text("not a folder")
    with pytest.raises(SaveError, match=r"home is a file, not a folder \(is DICEY_HOME"):
        SaveStore(tmp_path / "home").write(sample_state())


def test_a_fight_in_which_a_button_was_used_saves_and_replays(store, base_library):
    """A use move is saved with the run's fight and replayed as it was made."""
    state = progress.enter_fight(progress.new_run(base_library, "warrior", 5))
    hero = replace(state.hero, equipment=state.hero.equipment + ("barricade",))
    state = replace(state, hero=hero)
    session = open_fight(base_library, state)
    while not session.hero_to_act:
        session.play(session.next_ai_move(lambda fight, rng: fight.legal_moves()[-1]))
    (use,) = [m for m in session.fight.legal_moves() if m.action == "use"]
    session.play(use)
    shield = session.fight.fighters[0].statuses["shield"]
    state = replace(state, fight_moves=tuple(session.moves))
    store.write(state)
    again = store.load(base_library).state
    assert again == state and Move.use("Barricade", use.card_index) in again.fight_moves
    replayed = open_fight(base_library, again)
    hero_cards = replayed.fight.fighters[0].cards
    assert [c.gone for c in hero_cards if c.defn.id == "barricade"] == [True]
    assert replayed.fight.fighters[0].statuses["shield"] == shield >= 3


@pytest.mark.parametrize("kept_before, backup", [(0, False), (0, True), (2, False), (2, True)])
def test_kept_as_names_where_the_saves_to_come_keep_the_damaged_files(tmp_path, kept_before,
                                                                       backup):
    """The names the title tells a player are the ones the saves then use: the first free
    of save.damaged.json, .2, .3…, the save first and a damaged backup after it."""
    store = SaveStore(tmp_path, library=LIB)
    for path in saves.free_names(store.damaged, kept_before):
        path.write_text("kept before")
    store.path.write_text("garbage")
    if backup:
        store.backup.write_text("more garbage")
    loaded = store.load(LIB)
    names = store.kept_as(loaded)
    assert len(names) == len(loaded.unread) == (2 if backup else 1)
    store.write(progress.new_run(LIB, "warrior", 1))
    store.write(progress.new_run(LIB, "warrior", 2))
    assert [path.read_text() for path in names] == ["garbage", "more garbage"][:len(names)]
