"""The AI and cards that end their owner's turn (``end_turn()``) or take the opponent's
cards: the planner, MCTS, the rule of thumb, ``dicey plan`` and the decision graph all
see that the turn is over after such a move."""
from __future__ import annotations

import json
import random

import pytest

from cards_in_play_kit import cards_fight, cards_library
from dicey.ai.baseline import choose_move, play_turn
from dicey.ai.planner import Budget, plan_turn
from dicey.lang.chance import SampleChance
from dicey.rules.protocol import Move

COUNTED = Budget(ms=None)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    return cards_library(tmp_path_factory.mktemp("cards"))


def test_the_planner_stops_its_plan_at_the_card_that_ends_the_turn(lib):
    # Sword first (the 3), then Haymaker with the 6 (14 damage): the turn ends there.
    fight = cards_fight(lib, ["Haymaker", "Sword"], [6, 3])
    plan = plan_turn(fight, budget=COUNTED)
    assert plan.method == "exhaustive"
    assert [str(m) for m in plan.moves] == ["3 → Sword", "6 → Haymaker"]
    assert not any(m.is_end for m in plan.moves)
    # Each first move's value is what is left of the turn after it: Haymaker first
    # leaves the 3 unused, and loses the Sword's 3 damage.
    values = {str(f.move): f.value for f in plan.first_moves}
    assert values["3 → Sword"] > values["6 → Haymaker"]


def test_mcts_stops_its_line_at_the_card_that_ends_the_turn(lib):
    fight = cards_fight(lib, ["Haymaker", "Sword"], [6, 3])
    plan = plan_turn(fight, budget=Budget(states=1, iterations=300, ms=None))
    assert plan.method == "mcts"
    assert plan.moves[-1].card == "Haymaker" and not any(m.is_end for m in plan.moves)


def test_the_planner_steals_when_stealing_wins_the_fight(lib):
    # No weapon of its own but Sticky Fingers: take the Frog's Sword, finish it with the 5.
    fight = cards_fight(lib, ["Sticky Fingers", "Shield"], [6, 5], opp=["Sword", "Shield"])
    fight.set_position(1, hp=5)
    plan = plan_turn(fight, budget=COUNTED)
    assert [str(m) for m in plan.moves] == ["6 → Sticky Fingers", "5 → Sword"]
    best = max(plan.first_moves, key=lambda f: f.value)
    assert best.move.card == "Sticky Fingers"


def test_the_planner_steals_the_weapon_that_would_kill_it_next_turn(lib):
    """Nothing to play the stolen Greataxe with this turn: the table saw no gain in the
    steal, and kept its 6 unused (30 points) while the Greataxe was to kill it. The coming
    turn is now played with the cards the opponent will hold."""
    fight = cards_fight(lib, ["Sticky Fingers", "Dagger"], [6, 1], opp=["Greataxe", "Shield"])
    fight.set_position(0, hp=6)
    plan = plan_turn(fight, budget=COUNTED)
    assert [str(m) for m in plan.moves][:2] in (["6 → Sticky Fingers", "1 → Dagger"],
                                                ["1 → Dagger", "6 → Sticky Fingers"])
    values = {str(f.move): f.value for f in plan.first_moves}
    assert values["6 → Sticky Fingers"] > values["end turn"] + 1000


def test_the_rule_of_thumb_plays_the_turn_ending_card_last(lib):
    fight = cards_fight(lib, ["Haymaker", "Sword"], [6, 3])
    assert choose_move(fight, random.Random(0)).card == "Sword"
    plan = plan_turn(fight, preset="easy", budget=COUNTED)
    assert [m.card for m in plan.moves] == ["Sword", "Haymaker"]
    # Played out: the turn ends with Haymaker and its highest die (no end move needed).
    fight = cards_fight(lib, ["Haymaker", "Rock"], [2, 5, 4])
    events = play_turn(fight, random.Random(0), SampleChance(random.Random(0)))
    used = [e.card for e in events if type(e).__name__ == "Fired"]
    assert used[-1] == "Haymaker" and fight.actor == 1


def test_the_decision_graph_ends_at_the_turn_ending_move(lib):
    fight = cards_fight(lib, ["Haymaker", "Sword"], [6, 3])
    graph = plan_turn(fight, budget=COUNTED, graph=True).graph
    chosen = [e for e in graph.edges if e.chosen]
    assert [e.label for e in chosen][-1].startswith("6 → Haymaker")
    assert graph.nodes[chosen[-1].target].kind == "leaf"
    mcts = plan_turn(fight, budget=Budget(states=1, iterations=200, ms=None), graph=True)
    ends = [graph_node for e in mcts.graph.edges if e.label.startswith("6 → Haymaker")
            for graph_node in [mcts.graph.nodes[e.target]]]
    assert ends and all(n.kind == "leaf" for n in ends)


def test_dicey_plan_shows_a_plan_that_ends_with_the_card(cli, tmp_path):
    scenario = tmp_path / "haymaker.toml"
    scenario.write_text('[actor]\nfighter = "Warrior"\ndice = [6, 3]\n'
                        'equipment = ["Haymaker", "Sword"]\n[opponent]\nfighter = "Frog"\n'
                        'hp = 30\nmax_hp = 30\n', encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0, err
    assert "1. 3 → Sword" in out and "\n  3. " not in out   # (not "3.1 ms")
    assert "2. 6 → Haymaker (ends the turn)\n" in out
    # With four 6s and one card to take each, the fourth 6 goes with the turn: said so.
    scenario.write_text('[actor]\nfighter = "Warrior"\ndice = [6, 6, 6, 6]\n'
                        'equipment = ["Headcount", "Shield", "Haymaker"]\n[opponent]\n'
                        'fighter = "Frog"\nhp = 40\nmax_hp = 40\n', encoding="utf-8")
    code, out, err = cli("plan", str(scenario), "--no-mods")
    assert code == 0, err
    assert "3. 6 → Haymaker (ends the turn; the dice left are lost)" in out
    code, out, err = cli("plan", str(scenario), "--no-mods", "--json")
    moves = json.loads(out)["moves"]
    assert moves[-1] == {"action": "place", "die": 6, "card": "Haymaker", "ends_turn": True,
                         "dice_lost": 1}
    assert all("ends_turn" not in m for m in moves[:-1])
