"""Where the run asks the AI: the planner when it is installed, ``easy`` without it."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from dicey.ai.baseline import choose_move
from dicey.run import brains, progress
from dicey.run.brains import EnemyDecision, GraphUnavailable
from run_kit import LIB, start_session


@pytest.fixture
def no_planner(monkeypatch):
    monkeypatch.setattr(brains, "planner", lambda: None)


def hero_turn():
    return start_session(LIB, progress.enter_fight(progress.new_run(LIB, "warrior", 4)))


def test_with_the_planner_enemies_plan_and_keep_their_plan():
    chooser = brains.enemy_chooser("normal")
    session = hero_turn()
    move = chooser(session.fight.copy(), random.Random(0))
    assert move in session.fight.legal_moves() or any(
        move.same_choice(m) for m in session.fight.legal_moves())
    assert brains.last_plan(chooser) is not None


def test_an_unknown_preset_plays_easy():
    chooser = brains.enemy_chooser("grandmaster")
    assert chooser(hero_turn().fight.copy(), random.Random(0)) is not None


def test_without_the_planner_enemies_play_easy(no_planner):
    chooser = brains.enemy_chooser("hard")
    assert chooser is choose_move and brains.last_plan(chooser) is None


def test_without_the_planner_the_hint_is_easys_next_move(no_planner):
    fight = hero_turn().fight
    hint = brains.hero_hint(fight, seed=3)
    assert hint.moves == [choose_move(fight.copy(), random.Random(3))]
    assert hint.describe().startswith("Hint: ") and "expected" not in hint.describe()


def test_the_hint_is_a_line_from_the_position():
    fight = hero_turn().fight
    hint = brains.hero_hint(fight)
    assert hint.moves and any(hint.moves[0].same_choice(m) for m in fight.legal_moves())
    assert hint.expected is not None


def test_graphs_need_an_enemy_turn_and_the_planner(tmp_path, monkeypatch):
    with pytest.raises(GraphUnavailable, match="no enemy turn yet"):
        brains.write_decision_graph(None, tmp_path / "g.graphml")
    decision = EnemyDecision(hero_turn().fight.copy(), "normal", 1)
    monkeypatch.setattr(brains, "planner", lambda: None)
    with pytest.raises(GraphUnavailable, match="no decision graph yet"):
        brains.write_decision_graph(decision, tmp_path / "g.graphml")
    assert not (tmp_path / "g.graphml").exists()


def test_a_decision_without_a_graph_is_planned_again_to_draw_it(tmp_path):
    decision = EnemyDecision(hero_turn().fight.copy(), "normal", 1)
    path = brains.write_decision_graph(decision, tmp_path / "graphs" / "g.graphml")
    assert nx.read_graphml(path).number_of_nodes() >= 2


def test_optional_modules_that_exist_but_break_are_not_hidden(monkeypatch, tmp_path):
    assert brains._optional("dicey.no_such_module") is None
    (tmp_path / "half_installed.py").write_text("import a_dependency_that_is_missing\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="a_dependency_that_is_missing"):
        brains._optional("half_installed")
