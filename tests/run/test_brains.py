"""Where the run asks the AI: the enemy's chooser, the hint, the decision graph."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from dicey.ai.baseline import choose_move
from dicey.run import brains, progress
from dicey.rules.protocol import Move
from dicey.run.brains import EnemyDecision, GraphUnavailable
from run_kit import LIB, start_session


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
    fight = hero_turn().fight
    assert chooser.preset == "easy"
    assert chooser(fight.copy(), random.Random(0)) == choose_move(fight.copy(), random.Random(0))
    assert brains.last_plan(chooser) is None


def test_the_hint_is_a_line_from_the_position():
    fight = hero_turn().fight
    hint = brains.hero_hint(fight)
    assert hint.moves and any(hint.moves[0].same_choice(m) for m in fight.legal_moves())
    assert hint.expected is not None


def test_graphs_need_an_enemy_turn(tmp_path):
    with pytest.raises(GraphUnavailable, match="no enemy turn yet"):
        brains.write_decision_graph(None, tmp_path / "g.graphml")
    assert not (tmp_path / "g.graphml").exists()


def test_a_decision_without_a_graph_is_planned_again_to_draw_it(tmp_path):
    decision = EnemyDecision(hero_turn().fight.copy(), "normal", 1)
    path = brains.write_decision_graph(decision, tmp_path / "graphs" / "g.graphml")
    assert nx.read_graphml(path).number_of_nodes() >= 2


def test_the_hint_stops_at_a_move_left_to_chance():
    """The plan goes on past a random card with its likeliest result: as advice, that
    named dice the player would not have. The hint stops there, and says it did."""
    from rules_kit import fight, sample

    position = fight(("dice_bag", "sword"))
    position.begin_turn(sample(1))
    bag = next(m for m in position.legal_moves() if m.card == "Dice Bag")
    after = position.outcomes(bag)
    assert len(after) == 6                                # a die of 1-6 joins the pool
    sword = next(m for m in after[0][1].legal_moves() if m.card == "Sword")
    line = [bag, sword, Move.end()]
    assert brains.certain_part(position, line) == ([bag], True)
    assert brains.certain_part(position, [bag]) == ([bag], False)   # nothing was cut
    certain = next(m for m in position.legal_moves() if m.card == "Sword")
    assert brains.certain_part(position, [certain, Move.end()]) == ([certain, Move.end()],
                                                                    False)
    assert len(position.fighters[0].dice) == 3                       # left as it was
