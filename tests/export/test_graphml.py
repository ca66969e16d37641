"""GraphML export: valid GraphML under the yFiles layer, read back by networkx, stable."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest

from dicey.ai.planner import Budget, plan_turn
from dicey.export.graphml import GRAPHML_NS, Y_NS, graphml_bytes, write_graphml
from graphml_schema import Schema, set_aside_yfiles, validate

ROOT = Path(__file__).resolve().parents[2]
#: The GraphML schema (graphdrawing.org's files), kept with the tests so that a clone
#: anywhere runs them; the product spec's copy, when it sits beside the project, must match.
XSD = ROOT / "tests" / "data" / "graphml-xsd"
SPEC_XSD = ROOT.parent / "shared" / "data" / "graphml-xsd"
COUNTED = Budget(ms=None)


@pytest.fixture(scope="module")
def schema() -> Schema:
    return Schema(XSD)


@pytest.fixture(scope="module")
def handyman_plan(library):
    from dicey.ai.scenario import load_scenario
    scenario = load_scenario(ROOT / "scenarios" / "handyman.toml")
    return plan_turn(scenario.fight(library), budget=COUNTED, seed=scenario.seed, graph=True)


@pytest.mark.skipif(not SPEC_XSD.is_dir(), reason="the product spec is not beside the project")
def test_the_schema_kept_with_the_tests_is_the_spec_s():
    for spec_file in SPEC_XSD.iterdir():
        assert (XSD / spec_file.name).read_bytes() == spec_file.read_bytes(), spec_file.name


def test_the_validator_catches_what_the_schema_forbids(schema):
    bad = ET.fromstring(f'<graphml xmlns="{GRAPHML_NS}"><graph><node id="a"/>'
                        '<edge source="a" target="b"/><data key="nokey"/><bogus/></graph>'
                        '</graphml>')
    problems = " | ".join(validate(bad, schema))
    for expected in ("edgedefault", "refers to nothing", "bogus"):
        assert expected in problems


@pytest.mark.parametrize("method", ["exhaustive", "mcts"])
def test_graphml_validates_once_the_yfiles_layer_is_set_aside(schema, library, method):
    from dicey.ai.scenario import load_scenario
    scenario = load_scenario(ROOT / "scenarios" / "poison.toml")
    budget = COUNTED if method == "exhaustive" else Budget(states=20, iterations=150, ms=None)
    plan = plan_turn(scenario.fight(library), budget=budget, graph=True)
    assert plan.method == method
    root = ET.fromstring(graphml_bytes(plan.graph))
    assert root.find(f".//{{{Y_NS}}}ShapeNode") is not None
    assert root.find(f".//{{{Y_NS}}}PolyLineEdge/{{{Y_NS}}}EdgeLabel") is not None
    assert validate(set_aside_yfiles(root), schema) == []


def test_networkx_reads_it_back_with_its_labels(handyman_plan, tmp_path):
    path = tmp_path / "handyman.graphml"
    info = write_graphml(handyman_plan.graph, path)
    g = nx.read_graphml(path)
    assert (g.number_of_nodes(), g.number_of_edges()) == (info.nodes, info.edges)
    root = handyman_plan.graph.root
    assert g.nodes[root]["kind"] == "decision" and "dice:" in g.nodes[root]["label"]
    chosen = [(u, v, d) for u, v, d in g.edges(data=True) if d["chosen"] and u == root]
    assert [d["label"] for _, _, d in chosen] == [str(handyman_plan.moves[0])]
    kinds = {d["kind"] for _, d in g.nodes(data=True)}
    assert {"decision", "leaf"} <= kinds


def test_same_plan_same_bytes(library):
    from dicey.ai.scenario import load_scenario
    scenario = load_scenario(ROOT / "scenarios" / "handyman.toml")
    outputs = [graphml_bytes(plan_turn(scenario.fight(library), budget=COUNTED, seed=7,
                                       graph=True).graph) for _ in range(2)]
    assert outputs[0] == outputs[1]


def test_a_cap_keeps_the_chosen_line_and_says_what_it_left_out(handyman_plan, tmp_path,
                                                               schema):
    full = handyman_plan.graph
    info = write_graphml(full, tmp_path / "capped.graphml", max_nodes=12)
    assert info.nodes == 12 and info.omitted_nodes == len(full.nodes) - 12
    assert info.omitted_edges > 0 and "left out" in info.describe()
    g = nx.read_graphml(tmp_path / "capped.graphml")
    # the whole chosen line from the root to the end of the turn is still there
    node, steps = full.root, 0
    while True:
        nxt = [v for _, v, d in g.out_edges(node, data=True) if d["chosen"]]
        if not nxt:
            break
        node, steps = nxt[0], steps + 1
    assert g.nodes[node]["kind"] == "leaf" and steps == len(handyman_plan.moves)
    assert g.graph["omitted_nodes"] == info.omitted_nodes
    root = set_aside_yfiles(ET.parse(tmp_path / "capped.graphml").getroot())
    assert validate(root, schema) == []


# ------------------------------------------------------------ moves that end the turn

#: A blow that ends the turn on a coin's tails only: its chance node's outcomes differ.
COIN_BLOW = '''
equipment "Coin Blow" {
    slots: any
    text: "Do [d] damage; on tails your turn ends"
    on use { attack(d); if chance(50) { end_turn() } }
}
'''


@pytest.fixture(scope="module")
def enders(tmp_path_factory):
    from cards_in_play_kit import CARDS
    from button_kit import library_with
    return library_with(tmp_path_factory.mktemp("enders"), "enders.dice", CARDS + COIN_BLOW)


def _ending_edges(g: nx.DiGraph) -> list[tuple[str, dict]]:
    return sorted((d["label"], d) for _, _, d in g.edges(data=True) if d["ends_turn"])


def test_a_move_that_ends_the_turn_is_marked_in_label_style_and_data(enders, tmp_path,
                                                                     schema):
    from cards_in_play_kit import cards_fight
    plan = plan_turn(cards_fight(enders, ["Haymaker", "Sword"], [6, 3]), budget=COUNTED,
                     graph=True)
    path = tmp_path / "haymaker.graphml"
    write_graphml(plan.graph, path)
    g = nx.read_graphml(path)
    # Every edge says whether it ends the turn, as networkx reads it; those that do, how
    # many dice went with the turn: Haymaker first loses the other die, after the Sword none.
    assert all(isinstance(d["ends_turn"], bool) for _, _, d in g.edges(data=True))
    ends = _ending_edges(g)
    assert [label for label, _ in ends] == ["3 → Haymaker · ends turn",
                                           "3 → Haymaker · ends turn, 1 die lost",
                                           "6 → Haymaker · ends turn",
                                           "6 → Haymaker · ends turn, 1 die lost"]
    assert [d["dice_lost"] for _, d in ends] == [0, 1, 0, 1]
    assert all("dice_lost" not in d for _, _, d in g.edges(data=True) if not d["ends_turn"])
    for u, v, d in g.edges(data=True):
        # each leads to the end of the turn; a plain "end turn" is not marked
        assert g.nodes[v]["kind"] == "leaf" or not d["ends_turn"]
        assert not (d["label"] == "end turn" and d["ends_turn"])
    chosen = [d for _, _, d in g.edges(data=True) if d["chosen"]]
    assert [d["ends_turn"] for d in chosen] == [False, True]
    # yEd: a bar for an arrowhead on those edges only; orange off the chosen line
    root = ET.parse(path).getroot()
    arrows = {}
    for edge in root.iter(f"{{{GRAPHML_NS}}}edge"):
        label = edge.find(f".//{{{Y_NS}}}EdgeLabel").text
        style = edge.find(f".//{{{Y_NS}}}LineStyle").get("color")
        arrows[label] = (edge.find(f".//{{{Y_NS}}}Arrows").get("target"), style)
    assert arrows["6 → Haymaker · ends turn"] == ("t_shape", "#C00000")
    assert arrows["6 → Haymaker · ends turn, 1 die lost"] == ("t_shape", "#C55A11")
    assert arrows["3 → Sword"][0] == "standard"
    assert validate(set_aside_yfiles(root), schema) == []
    again = plan_turn(cards_fight(enders, ["Haymaker", "Sword"], [6, 3]), budget=COUNTED,
                      graph=True)
    assert graphml_bytes(again.graph) == path.read_bytes()


def test_a_chance_move_is_marked_on_the_outcomes_that_end_the_turn(enders):
    from cards_in_play_kit import cards_fight
    plan = plan_turn(cards_fight(enders, ["Coin Blow", "Sword"], [5, 2]), budget=COUNTED,
                     graph=True)
    graph = plan.graph
    chance = [n for n in graph.nodes.values() if n.kind == "chance"]
    assert chance
    for node in chance:
        into = [e for e in graph.edges if e.target == node.id]
        out = [e for e in graph.edges if e.source == node.id]
        # heads or tails: one outcome ends the turn, the other does not; the move itself,
        # which does not always end it, is not marked
        assert sorted(e.ends_turn for e in out) == [False, True]
        assert [e.ends_turn for e in into] == [False]
        ended = [e for e in out if e.ends_turn][0]
        assert ended.label.startswith("1/2 · ends turn") and \
            graph.nodes[ended.target].kind == "leaf"


def test_mcts_and_greedy_graphs_mark_the_move_that_ends_the_turn(enders):
    from cards_in_play_kit import cards_fight
    for budget, preset in ((Budget(states=1, iterations=200, ms=None), "normal"),
                           (COUNTED, "easy")):
        plan = plan_turn(cards_fight(enders, ["Haymaker", "Sword"], [6, 3]), preset=preset,
                         budget=budget, graph=True)
        assert plan.method == ("mcts" if preset == "normal" else "greedy")
        marked = [e for e in plan.graph.edges if e.ends_turn]
        assert marked and all(e.label.startswith(("6 → Haymaker", "3 → Haymaker"))
                              for e in marked)
        # the plan's line ends with the card, Haymaker after the Sword: no die lost
        chosen = [e for e in plan.graph.edges if e.chosen]
        assert [e.ends_turn for e in chosen] == [False, True]
        assert chosen[-1].label.endswith("Haymaker · ends turn") and chosen[-1].dice_lost == 0
        assert all(plan.graph.nodes[e.target].kind == "leaf"
                   for e in plan.graph.edges if e.ends_turn)


def _leaf_dice(graph, label: str) -> list[str]:
    """The dice lines of the leaves the edges labelled ``label`` lead to."""
    return sorted(graph.nodes[e.target].label.split("\n")[1] for e in graph.edges
                  if e.label == label and graph.nodes[e.target].kind == "leaf")


def test_a_leaf_says_which_dice_the_turn_ended_with(enders):
    """An 'end turn' leaf said 'dice: no dice' (the state after the turn holds none) while
    its points were for the dice left unused: it names them now, as a move that ends the
    turn by itself names the dice lost with it."""
    from cards_in_play_kit import cards_fight
    graph = plan_turn(cards_fight(enders, ["Haymaker", "Sword"], [6, 3]), budget=COUNTED,
                      graph=True).graph
    assert _leaf_dice(graph, "end turn") == ["dice left unused: 3", "dice left unused: 6",
                                            "dice left unused: 6, 3"]
    assert _leaf_dice(graph, "6 → Haymaker · ends turn, 1 die lost") == [
        "dice lost with the turn: 3"]
    assert _leaf_dice(graph, "6 → Haymaker · ends turn") == ["no dice left"]
    assert not [n for n in graph.nodes.values() if "dice: no dice" in n.label
                and n.kind == "leaf"]
    for preset in ("easy", "normal"):   # the rule of thumb's one line too: the Sword takes one
        plan = plan_turn(cards_fight(enders, ["Sword"], [6, 3]), preset=preset,
                         budget=COUNTED, graph=True)
        leaves = [n.label.split("\n")[1] for n in plan.graph.nodes.values()
                  if n.kind == "leaf" and n.chosen]
        assert leaves == ["dice left unused: 3"], (preset, leaves)


def test_an_mcts_graph_marks_the_line_the_plan_prints(library):
    """The chosen marks of an open-loop tree followed each node's most visited child, a
    move of any outcome; the plan's line makes its choices in the likeliest outcome of
    each chance point. On chance.toml the graph marked 6 → Sword, 2 → Lucky Coin,
    6 → Lockpick while the plan said 6 → Sword, 2 → Lucky Coin, 1 → Lucky Coin: the marks
    now follow the plan's line as far as the tree holds it."""
    from dicey.ai.scenario import SCENARIO_DIR, load_scenario
    scenario = load_scenario(SCENARIO_DIR / "chance.toml")
    plan = plan_turn(scenario.fight(library), budget=Budget(states=20, iterations=5000,
                                                             ms=None),
                     seed=scenario.seed, graph=True)
    assert plan.method == "mcts"
    chosen = [e for e in plan.graph.edges if e.chosen]
    ids = {plan.graph.root}          # the marks make one path from the root
    for edge in chosen:
        assert edge.source in ids
        ids.add(edge.target)
    said = [str(m) for m in plan.moves]
    assert len(chosen) >= 3 and [e.label.split(" · ")[0] for e in chosen] == \
        said[:len(chosen)]
