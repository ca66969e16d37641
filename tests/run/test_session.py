"""A fight of a run: recorded moves, replays, and a run saved mid-dungeon that continues
identically."""
from __future__ import annotations

from dataclasses import replace

from dicey.rules.protocol import Move
from dicey.run import progress
from dicey.run.saves import SaveStore
from dicey.rules.fight import MAX_MOVES_PER_TURN
from dicey.run.session import FightSession
from run_kit import LIB, autoplay, finish, play_run, start_session


def fight_state(seed: int = 3):
    return progress.enter_fight(progress.new_run(LIB, "warrior", seed))


def test_the_first_turn_begins_at_once():
    session = start_session(LIB, fight_state())
    assert session.hero_to_act and not session.enemy_to_act
    kinds = [type(e).__name__ for e in session.events]
    assert kinds[:2] == ["FightStarted", "TurnStarted"] and "Rolled" in kinds


def test_a_move_records_itself_and_begins_the_next_turn():
    session = start_session(LIB, fight_state())
    events = session.play(Move.end())
    assert session.moves == [Move.end()] and session.enemy_to_act
    assert [type(e).__name__ for e in events][:2] == ["TurnEnded", "TurnStarted"]


def test_a_replay_is_the_same_fight_event_for_event():
    for cut in (0, 1, 3, 6):
        state = fight_state(7)
        played = autoplay(start_session(LIB, state), max_moves=cut)
        again = start_session(LIB, state, played.moves)
        assert again.fight.key() == played.fight.key()
        assert [e.to_json() for e in again.events] == [e.to_json() for e in played.events]
        assert autoplay(again).events == autoplay(played).events


def test_the_ai_generator_depends_only_on_the_place_in_the_fight():
    a = start_session(LIB, fight_state())
    b = start_session(LIB, fight_state())
    assert a.ai_rng().random() == b.ai_rng().random()
    a.play(Move.end())
    assert a.ai_rng().random() != b.ai_rng().random()


def test_a_runaway_chooser_is_stopped():
    session = start_session(LIB, fight_state())
    session.fight.turn_moves = MAX_MOVES_PER_TURN
    assert session.next_ai_move(lambda fight, rng: Move.place(1, "Sword")).is_end


def test_the_chooser_gets_a_copy():
    session = start_session(LIB, fight_state())
    seen = []
    session.next_ai_move(lambda fight, rng: seen.append(fight) or Move.end())
    assert seen[0] is not session.fight and seen[0].key() == session.fight.key()


def _continue(state, store: SaveStore | None):
    """Play the run on; with a store, save and load before every step."""
    while not state.finished:
        if store is not None:
            store.write(state)
            state = store.load(LIB).state
        if state.stage == "reward":
            state = progress.take_reward(LIB, state, 0)
        elif state.stage == "map":
            state = progress.enter_fight(state)
        else:
            session = autoplay(start_session(LIB, state, state.fight_moves), max_moves=3)
            if session.over:
                state = finish(LIB, state, session)
            else:
                state = replace(state, fight_moves=tuple(session.moves))
    return state


def test_a_run_saved_mid_dungeon_and_mid_fight_continues_identically(tmp_path):
    for seed in (1, 2, 3):
        start = progress.new_run(LIB, "warrior", seed)
        straight = play_run(LIB, start)
        assert _continue(start, None) == straight
        assert _continue(start, SaveStore(tmp_path / str(seed))) == straight


def test_fight_session_without_setup_uses_the_declared_fighters():
    session = FightSession(LIB, LIB.heroes["warrior"], LIB.enemies["rat"], 9)
    assert session.fight.fighters[0].hp == 30 and session.winner is None
