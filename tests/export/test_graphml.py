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
