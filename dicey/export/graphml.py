"""Decision graphs as GraphML: yEd draws them, networkx, igraph and Gephi read them.

Two layers in one file:

* plain GraphML ``<data>`` keys with ``attr.name``/``attr.type`` — ``label``, ``kind``,
  ``value``, ``depth``, ``chosen``, ``visits`` on nodes; ``label``, ``kind``, ``value``,
  ``probability``, ``chosen``, ``visits``, ``ends_turn`` (on every edge) and ``dice_lost``
  (on an edge that ends the turn) on edges; ``title``, ``method`` and what a cap left out
  on the graph — for any GraphML reader;
* the yFiles extension (``yfiles.type`` keys holding ``y:ShapeNode`` with ``y:NodeLabel``,
  ``y:PolyLineEdge`` with ``y:EdgeLabel``) so yEd opens it with labels, shapes, colours and
  a first layered layout (one row per depth).

The look is two replaceable decorators (OpenSpiel's treeviz style): ``node_style(node)``
and ``edge_style(edge)`` return a :class:`NodeStyle` / :class:`EdgeStyle`. By default
decision states are blue rectangles, chance nodes yellow diamonds, leaves green rounded
boxes; the chosen line is drawn thick and red; a move that ends the turn by itself (a
card's ``end_turn()``) ends in a bar instead of an arrowhead, dark orange off the chosen
line, and its label says ``· ends turn``. Set aside the ``y:`` elements and the
``yfiles.type`` attributes and the file is plain GraphML (``graphml.xsd``). Same graph →
byte-identical file.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable

from dicey.ai.graph import DecisionGraph, GraphEdge, GraphNode, score_text

GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
Y_NS = "http://www.yworks.com/xml/graphml"
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATION = (f"{GRAPHML_NS} "
                   "http://www.yworks.com/xml/schema/graphml/1.1/ygraphml.xsd")

#: Plain data keys: (id, for, attr.name, attr.type).
NODE_KEYS = (("label", "string"), ("kind", "string"), ("value", "double"),
             ("depth", "int"), ("chosen", "boolean"), ("visits", "int"))
EDGE_KEYS = (("label", "string"), ("kind", "string"), ("value", "double"),
             ("probability", "double"), ("chosen", "boolean"), ("visits", "int"),
             ("ends_turn", "boolean"), ("dice_lost", "int"))
GRAPH_KEYS = (("title", "string"), ("method", "string"), ("omitted_nodes", "int"),
              ("omitted_edges", "int"))

#: Layout of the first drawing: pixels per character and line, gaps between boxes.
CHAR_W, LINE_H, GAP_X, GAP_Y = 7.0, 15.0, 30.0, 70.0


@dataclass(frozen=True)
class NodeStyle:
    shape: str           # a yEd shape: rectangle, roundrectangle, diamond, hexagon, ellipse…
    fill: str            # "#RRGGBB"
    border: str
    border_width: float


@dataclass(frozen=True)
class EdgeStyle:
    color: str
    width: float
    line: str            # "line" | "dashed" | "dotted"
    arrow: str = "standard"   # a yEd arrowhead: standard, t_shape (a bar), delta, circle…


@dataclass(frozen=True)
class GraphMLInfo:
    """What :func:`write_graphml` wrote."""

    path: str
    nodes: int
    edges: int
    omitted_nodes: int
    omitted_edges: int

    def describe(self) -> str:
        text = f"{self.path}: {_nodes_edges(self.nodes, self.edges, ', ')}"
        if self.omitted_nodes or self.omitted_edges:
            text += (f" ({_nodes_edges(self.omitted_nodes, self.omitted_edges, ' and ')} left "
                     "out by the cap)")
        return text


def _nodes_edges(nodes: int, edges: int, joint: str) -> str:
    """>>> _nodes_edges(1, 0, ", "), _nodes_edges(2, 1, " and ")
    ('1 node, 0 edges', '2 nodes and 1 edge')
    """
    return f"{nodes} node{'s' * (nodes != 1)}{joint}{edges} edge{'s' * (edges != 1)}"


_SHAPES = {"decision": ("rectangle", "#CCE0FF"), "chance": ("diamond", "#FFE699"),
           "leaf": ("roundrectangle", "#D5E8D4")}


def default_node_style(node: GraphNode) -> NodeStyle:
    """Shape and fill by kind; the chosen line gets a thick red border."""
    shape, fill = _SHAPES.get(node.kind, ("rectangle", "#FFFFFF"))
    if node.chosen:
        return NodeStyle(shape, fill, "#C00000", 3.0)
    return NodeStyle(shape, fill, "#404040", 1.0)


def default_edge_style(edge: GraphEdge) -> EdgeStyle:
    """Red and thick on the chosen line; chance outcomes dashed; a move that ends the turn
    by itself ends in a bar (yEd's ``t_shape``), and is dark orange off the chosen line."""
    line = "dashed" if edge.kind == "outcome" else "line"
    arrow = "t_shape" if edge.ends_turn else "standard"
    if edge.chosen:
        return EdgeStyle("#C00000", 3.0, line, arrow)
    if edge.ends_turn:
        return EdgeStyle("#C55A11", 2.0, line, arrow)
    return EdgeStyle("#808080", 1.0, line)


def write_graphml(graph: DecisionGraph, path: str | Path | BinaryIO, *,
                  max_nodes: int | None = None,
                  node_style: Callable[[GraphNode], NodeStyle] = default_node_style,
                  edge_style: Callable[[GraphEdge], EdgeStyle] = default_edge_style
                  ) -> GraphMLInfo:
    """Write ``graph`` (capped at ``max_nodes``, see :meth:`DecisionGraph.capped`) to the
    file at ``path``, or to ``path`` itself when it is an open binary stream (standard
    output: the info's path is then ``stdout``)."""
    shown = graph.capped(max_nodes)
    data = graphml_bytes(shown, node_style=node_style, edge_style=edge_style)
    if isinstance(path, (str, Path)):
        Path(path).write_bytes(data)
        where = str(path)
    else:
        path.write(data)
        path.flush()
        where = "stdout"
    return GraphMLInfo(where, len(shown.nodes), len(shown.edges), shown.omitted_nodes,
                       shown.omitted_edges)


def graphml_bytes(graph: DecisionGraph, *,
                  node_style: Callable[[GraphNode], NodeStyle] = default_node_style,
                  edge_style: Callable[[GraphEdge], EdgeStyle] = default_edge_style) -> bytes:
    """The GraphML document of ``graph`` (no cap), UTF-8."""
    ET.register_namespace("", GRAPHML_NS)
    ET.register_namespace("y", Y_NS)
    ET.register_namespace("xsi", XSI_NS)
    root = ET.Element(_g("graphml"), {f"{{{XSI_NS}}}schemaLocation": SCHEMA_LOCATION})
    _declare_keys(root)
    g = ET.SubElement(root, _g("graph"), {"id": "G", "edgedefault": "directed"})
    _graph_data(g, graph)
    positions = _layout(graph)
    for node in graph.nodes.values():
        _node(g, node, node_style(node), positions[node.id])
    for edge in graph.edges:
        _edge(g, edge, edge_style(edge))
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True) + b"\n"


# ------------------------------------------------------------------ parts

def _g(tag: str) -> str:
    return f"{{{GRAPHML_NS}}}{tag}"


def _y(tag: str) -> str:
    return f"{{{Y_NS}}}{tag}"


def _declare_keys(root: ET.Element) -> None:
    for domain, keys in (("graph", GRAPH_KEYS), ("node", NODE_KEYS), ("edge", EDGE_KEYS)):
        for name, kind in keys:
            ET.SubElement(root, _g("key"), {"id": f"{domain[0]}_{name}", "for": domain,
                                            "attr.name": name, "attr.type": kind})
    ET.SubElement(root, _g("key"), {"id": "y_node", "for": "node",
                                    "yfiles.type": "nodegraphics"})
    ET.SubElement(root, _g("key"), {"id": "y_edge", "for": "edge",
                                    "yfiles.type": "edgegraphics"})


def _data(parent: ET.Element, key: str, value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float):
        text = repr(round(value, 6))
    else:
        text = str(value)
    ET.SubElement(parent, _g("data"), {"key": key}).text = text


def _graph_data(g: ET.Element, graph: DecisionGraph) -> None:
    for name, value in (("title", graph.title), ("method", graph.method),
                        ("omitted_nodes", graph.omitted_nodes),
                        ("omitted_edges", graph.omitted_edges)):
        _data(g, f"g_{name}", value)


def _node_text(node: GraphNode) -> str:
    if node.kind == "decision":
        return f"{node.label}\nexpected {score_text(node.value)}"
    return node.label


def _size(text: str) -> tuple[float, float]:
    lines = text.split("\n")
    return max(len(line) for line in lines) * CHAR_W + 16, len(lines) * LINE_H + 12


def _layout(graph: DecisionGraph) -> dict[str, tuple[float, float]]:
    """One row per depth, nodes side by side in id order."""
    rows: dict[int, list[GraphNode]] = {}
    for node in graph.nodes.values():
        rows.setdefault(node.depth, []).append(node)
    width = max((_size(_node_text(n))[0] for n in graph.nodes.values()), default=100.0)
    height = max((_size(_node_text(n))[1] for n in graph.nodes.values()), default=40.0)
    return {n.id: (i * (width + GAP_X), depth * (height + GAP_Y))
            for depth, row in rows.items() for i, n in enumerate(row)}


def _node(g: ET.Element, node: GraphNode, style: NodeStyle, at: tuple[float, float]) -> None:
    el = ET.SubElement(g, _g("node"), {"id": node.id})
    text = _node_text(node)
    for name, value in (("label", text), ("kind", node.kind), ("value", node.value),
                        ("depth", node.depth), ("chosen", node.chosen),
                        ("visits", node.visits)):
        _data(el, f"n_{name}", value)
    shape = ET.SubElement(ET.SubElement(el, _g("data"), {"key": "y_node"}), _y("ShapeNode"))
    w, h = _size(text)
    ET.SubElement(shape, _y("Geometry"), {"x": f"{at[0]:.1f}", "y": f"{at[1]:.1f}",
                                          "width": f"{w:.1f}", "height": f"{h:.1f}"})
    ET.SubElement(shape, _y("Fill"), {"color": style.fill, "transparent": "false"})
    ET.SubElement(shape, _y("BorderStyle"), {"color": style.border, "type": "line",
                                             "width": f"{style.border_width:.1f}"})
    ET.SubElement(shape, _y("NodeLabel"), {"alignment": "center", "autoSizePolicy":
                                           "content", "fontSize": "12"}).text = text
    ET.SubElement(shape, _y("Shape"), {"type": style.shape})


def _edge(g: ET.Element, edge: GraphEdge, style: EdgeStyle) -> None:
    el = ET.SubElement(g, _g("edge"), {"id": edge.id, "source": edge.source,
                                        "target": edge.target})
    for name, value in (("label", edge.label), ("kind", edge.kind), ("value", edge.value),
                        ("probability", edge.probability), ("chosen", edge.chosen),
                        ("visits", edge.visits), ("ends_turn", edge.ends_turn),
                        ("dice_lost", edge.dice_lost)):
        _data(el, f"e_{name}", value)
    line = ET.SubElement(ET.SubElement(el, _g("data"), {"key": "y_edge"}), _y("PolyLineEdge"))
    ET.SubElement(line, _y("LineStyle"), {"color": style.color, "type": style.line,
                                          "width": f"{style.width:.1f}"})
    ET.SubElement(line, _y("Arrows"), {"source": "none", "target": style.arrow})
    ET.SubElement(line, _y("EdgeLabel"), {"fontSize": "11"}).text = edge.label
