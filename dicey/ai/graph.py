"""Decision graphs: what a plan looked at, as nodes and edges any exporter can draw.

A :class:`DecisionGraph` has three kinds of node — ``decision`` (a state where the planner
chooses a move), ``chance`` (a move whose result is random; its edges carry the outcomes'
probabilities) and ``leaf`` (the end of the turn, or of the fight) — and edges labelled in
words (``3 → Hammer``, ``release Spanner with 2``, ``end turn``, ``1/6``). Every node's
``value`` is the expected score of the whole turn for a line through it (a state reached
along several lines shows the first line's score so far). The ``chosen`` marks follow the
plan: the best move at every state the plan can reach.

Ids are given in breadth-first order from the root, children in move order, so the same
search gives the same ids. :meth:`DecisionGraph.capped` keeps the root, the chosen moves
first and then the best alternatives, and counts what it left out.
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Hashable, Sequence

from dicey.rules.fight import Fight
from dicey.rules.state import Fighter, dice_text

from .moves import Step, dice_lost_ending, likeliest_result, move_text
from .score import Scorer

if TYPE_CHECKING:
    from dicey.rules.protocol import Move

    from .mcts import MCTS, Node
    from .search import Expectimax


@dataclass
class GraphNode:
    id: str
    kind: str                       # "decision" | "chance" | "leaf"
    label: str
    value: float
    depth: int
    chosen: bool = False
    visits: int | None = None       # MCTS only


@dataclass
class GraphEdge:
    id: str
    source: str
    target: str
    label: str
    kind: str                       # "move" | "outcome"
    value: float | None = None      # a move's expected score
    probability: float | None = None
    chosen: bool = False
    visits: int | None = None
    ends_turn: bool = False         # the move ended the turn by itself (a card's end_turn())
    dice_lost: int | None = None    # then: the dice of the pool that went with the turn


@dataclass
class DecisionGraph:
    """A plan's graph. ``omitted_nodes``/``omitted_edges`` count what a cap left out."""

    title: str
    method: str
    root: str = "n0"
    nodes: dict[str, GraphNode] = field(default_factory=dict)
    edges: list[GraphEdge] = field(default_factory=list)
    omitted_nodes: int = 0
    omitted_edges: int = 0

    def add_node(self, kind: str, label: str, value: float, depth: int, **kw) -> GraphNode:
        node = GraphNode(f"n{len(self.nodes)}", kind, label, value, depth, **kw)
        self.nodes[node.id] = node
        return node

    def add_edge(self, source: str, target: str, kind: str, **kw) -> GraphEdge:
        edge = GraphEdge(f"e{len(self.edges)}", source, target, kind=kind, **kw)
        self.edges.append(edge)
        return edge

    def capped(self, max_nodes: int | None) -> "DecisionGraph":
        """At most ``max_nodes`` nodes, still connected to the root: the chosen moves first,
        then the best alternatives (highest value); the rest is counted as omitted."""
        if max_nodes is None or len(self.nodes) <= max_nodes:
            return self
        keep = self._best_first(max(1, max_nodes))
        out = DecisionGraph(self.title, self.method, self.root)
        out.nodes = {i: n for i, n in self.nodes.items() if i in keep}
        out.edges = [e for e in self.edges if e.source in keep and e.target in keep]
        out.omitted_nodes = self.omitted_nodes + len(self.nodes) - len(out.nodes)
        out.omitted_edges = self.omitted_edges + len(self.edges) - len(out.edges)
        return out

    def _best_first(self, limit: int) -> set[str]:
        out_edges: dict[str, list[GraphEdge]] = {}
        for edge in self.edges:
            out_edges.setdefault(edge.source, []).append(edge)
        keep: set[str] = set()
        frontier = [(0, 0.0, 0, self.root)]
        order = 1
        while frontier and len(keep) < limit:
            _, _, _, node_id = heapq.heappop(frontier)
            if node_id in keep:
                continue
            keep.add(node_id)
            for edge in out_edges.get(node_id, []):
                if edge.target not in keep:
                    rank = 0 if edge.chosen else 1
                    worth = -self.nodes[edge.target].value
                    heapq.heappush(frontier, (rank, worth, order, edge.target))
                    order += 1
        return keep


# ------------------------------------------------------------------ labels

def statuses_label(fighter: Fighter) -> str:
    return ", ".join(f"{s} {n}" for s, n in sorted(fighter.statuses.items()))


def state_label(fight: Fight, side: int) -> str:
    """Dice left, both fighters' HP and statuses (what a decision node shows)."""
    lines = [f"dice: {dice_text(fight.fighters[side].dice)}"]
    for f in (fight.fighters[side], fight.fighters[1 - side]):
        extra = statuses_label(f)
        lines.append(f"{f.name} {f.hp}/{f.max_hp} HP" + (f"; {extra}" if extra else ""))
    return "\n".join(lines)


def leaf_label(score: float, before: Fight, move: "Move", after: Fight, side: int) -> str:
    """An end-of-turn leaf's label (or an end-of-fight one's): its score, then what
    :func:`state_label` shows of ``after``, the state ``move`` (made in ``before``) led
    to, but for its dice: those the turn ended with (:func:`dice_at_end`)."""
    lines = state_label(after, side).split("\n")
    lines[0] = dice_at_end(before, move, after, side)
    return f"end: {score_text(score)}\n" + "\n".join(lines)


def dice_at_end(before: Fight, move: "Move", after: Fight, side: int) -> str:
    """What became of ``side``'s dice when ``move`` ended the turn or the fight: at an
    ``end turn``, the dice left unused (the state after it holds none: the turn put them
    away; they are what the score's ``dice left`` counts); at a move that ended the turn by
    itself (a card's ``end_turn()``), the dice lost with it; at a move that ended the
    fight, the dice still held.

    >>> from dicey.rules.protocol import Move
    >>> from dicey.rules.state import Die
    >>> class F:    # (a stand-in: a fight's fighters and their dice)
    ...     def __init__(self, *dice, over=False):
    ...         self.fighters = [type("", (), {"dice": [Die(v) for v in dice]})()]
    ...         self.is_over = over
    >>> dice_at_end(F(2, 4, 6), Move.end(), F(), 0)
    'dice left unused: 2, 4, 6'
    >>> dice_at_end(F(6, 1), Move.place(6, "Haymaker", 0), F(), 0)
    'dice lost with the turn: 1'
    >>> dice_at_end(F(3, 5), Move.place(3, "Sword", 0), F(5, over=True), 0)
    'dice left: 5'
    >>> dice_at_end(F(), Move.end(), F(), 0)
    'no dice left'
    """
    if move.is_end:
        dice, said = before.fighters[side].dice, "dice left unused"
    elif after.is_over:
        dice, said = after.fighters[side].dice, "dice left"
    else:     # (the die the move took is not among those lost: see dice_lost_ending)
        dice = [die for i, die in enumerate(before.fighters[side].dice)
                if move.action == "use" or i != move.die_index]
        said = "dice lost with the turn"
    return f"{said}: {dice_text(dice)}" if dice else "no dice left"


def probability_label(p: float) -> str:
    """A probability as a short fraction when it is one, else a percentage.

    >>> probability_label(1 / 6), probability_label(0.5), probability_label(0.123456)
    ('1/6', '1/2', '12.3%')
    """
    frac = Fraction(p).limit_denominator(216)
    if abs(float(frac) - p) < 1e-9:
        return f"{frac.numerator}/{frac.denominator}"
    return f"{100 * p:.1f}%"


def ending(label: str, cut: int | None) -> dict:
    """An edge's label and marks for a move that ended the turn by itself (``cut``: the
    dice lost with it, see :func:`~dicey.ai.moves.dice_lost_ending`; None for any other
    move): ``add_edge``'s ``label``, ``ends_turn`` and ``dice_lost``.

    >>> ending("6 → Haymaker", 1)["label"], ending("3 → Sword", None)
    ('6 → Haymaker · ends turn, 1 die lost', {'label': '3 → Sword'})
    """
    if cut is None:
        return {"label": label}
    lost = f", {cut} {'die' if cut == 1 else 'dice'} lost" if cut else ""
    return {"label": f"{label} · ends turn{lost}", "ends_turn": True, "dice_lost": cut}


def score_text(value: float) -> str:
    """A score as people read it: whole numbers without decimals.

    >>> score_text(358.0), score_text(237.25)
    ('358', '237.25')
    """
    return f"{value:.0f}" if abs(value - round(value)) < 1e-9 else f"{value:.2f}"


# ------------------------------------------------------- from the exhaustive search

def from_search(search: "Expectimax", root: Fight, scorer: Scorer, title: str
                ) -> DecisionGraph:
    """The graph of a finished exhaustive search (it must have been run with ``record``)."""
    assert search.records is not None, "the search did not record its graph"
    return _SearchGraph(search, root, scorer, title).build()


class _SearchGraph:
    def __init__(self, search: "Expectimax", root: Fight, scorer: Scorer, title: str):
        self.search, self.root, self.scorer = search, root, scorer
        self.base = scorer.potential(root)
        self.graph = DecisionGraph(title, "exhaustive")
        self.ids: dict[Hashable, str] = {}
        self.chosen: set[Hashable] = set()
        self.queue: deque[tuple[Hashable, int]] = deque()

    def score_at(self, fight: Fight) -> float:
        """The turn's expected score for a line at this decision state."""
        key = fight.key()
        return self.search.memo[key] - self.base + self.scorer.step(self.root, fight)

    def build(self) -> DecisionGraph:
        root_key = self.root.key()
        self.chosen.add(root_key)
        self._decision(root_key, 0)
        while self.queue:
            key, depth = self.queue.popleft()
            self._expand(key, depth)
        return self.graph

    def _decision(self, key: Hashable, depth: int) -> str:
        hit = self.ids.get(key)
        if hit is None:
            fight = self.search.records[key].fight
            node = self.graph.add_node("decision", state_label(fight, self.scorer.side),
                                       self.score_at(fight), depth)
            hit = self.ids[key] = node.id
            self.queue.append((key, depth))
        return hit

    def _expand(self, key: Hashable, depth: int) -> None:
        record = self.search.records[key]
        node = self.graph.nodes[self.ids[key]]
        node.chosen = key in self.chosen
        if not record.moves:
            return
        best = max(range(len(record.moves)), key=lambda i: (record.moves[i][1], -i))
        for i, (move, q, outcomes) in enumerate(record.moves):
            chosen = node.chosen and i == best
            value = q - self.base + self.scorer.step(self.root, record.fight)
            source = node.id
            said = move_text(record.fight, move)
            cuts = [dice_lost_ending(record.fight, move, child) for _, child, _, _ in outcomes]
            if len(outcomes) > 1:
                chance = self.graph.add_node("chance", f"{said}\n{len(outcomes)} outcomes",
                                             value, depth + 1, chosen=chosen)
                # the move ends the turn whatever the outcome: its edge says so too
                every = cuts[0] if None not in cuts else None
                self.graph.add_edge(source, chance.id, "move", value=value, chosen=chosen,
                                    **ending(said, every))
                source = chance.id
            for (p, child, child_key, _), cut in zip(outcomes, cuts):
                target = self._target(record.fight, move, child, child_key, depth + 1, chosen)
                if len(outcomes) == 1:
                    self.graph.add_edge(source, target, "move", value=value, probability=p,
                                        chosen=chosen, **ending(said, cut))
                else:
                    self.graph.add_edge(source, target, "outcome", probability=p,
                                        chosen=chosen, **ending(probability_label(p), cut))

    def _target(self, parent: Fight, move: "Move", child: Fight, child_key: Hashable | None,
                depth: int, chosen: bool) -> str:
        if child_key is None:
            score = self.scorer.turn_score(self.root, parent, child)
            label = leaf_label(score, parent, move, child, self.scorer.side)
            return self.graph.add_node("leaf", label, score, depth, chosen=chosen).id
        if chosen:
            self.chosen.add(child_key)
        return self._decision(child_key, depth)


# ------------------------------------------------------------------ from a line

def from_line(root: Fight, line: list["Step"], scorer: Scorer, title: str,
              value: float) -> DecisionGraph:
    """A plan that was not searched (the rule of thumb's): its one line, every node chosen,
    each move's likeliest outcome. As in a searched graph, a node's value is the turn's
    score for the line through it: here ``value``, the line's own score."""
    graph = DecisionGraph(title, "greedy")
    state = root
    node = graph.add_node("decision", state_label(root, scorer.side), value, 0, chosen=True)
    for depth, step in enumerate(line, 1):
        after = likeliest_result(state, step.move)
        if after.turn_over:
            label = leaf_label(value, state, step.move, after, scorer.side)
            nxt = graph.add_node("leaf", label, value, depth, chosen=True)
        else:
            nxt = graph.add_node("decision", state_label(after, scorer.side), value, depth,
                                 chosen=True)
        cut = None if step.move.is_end else dice_lost_ending(state, step.move, after)
        graph.add_edge(node.id, nxt.id, "move", value=value, chosen=True,
                       **ending(move_text(state, step.move), cut))
        node, state = nxt, after
    return graph


# ------------------------------------------------------------------ from MCTS

def from_mcts(mcts: "MCTS", scorer: Scorer, title: str,
              line: Sequence[Any] = ()) -> DecisionGraph:
    """The open-loop tree of an MCTS run: one node per sequence of choices. The chosen
    marks follow ``line`` (the plan's steps, :meth:`MCTS.best_line`: its choices, made in
    the likeliest outcome of each chance point) as far as the tree has its choices; with
    none, the most visited child at each node."""
    graph = DecisionGraph(title, "mcts")
    base = scorer.potential(mcts.root_state)
    root = graph.add_node("decision", state_label(mcts.root_state, scorer.side),
                          mcts.root.value - base, 0, chosen=True, visits=mcts.root.visits)
    choices = [step.choice for step in line]
    queue: deque[tuple["Node", str, int, bool]] = deque([(mcts.root, root.id, 0, True)])
    while queue:
        tree_node, node_id, depth, chosen = queue.popleft()
        if choices:
            best = (choices[depth], None) if depth < len(choices) else None
        else:
            best = tree_node.most_visited()
        for key, child in tree_node.children.items():
            on_plan = chosen and best is not None and key == best[0]
            # The end, or a move that ended the turn (a kill, a card's end_turn()) where
            # the node kept its state (no chance point on the way).
            ended = child.move is not None and child.move.is_end or \
                child.state is not None and child.state.turn_over
            kind = "leaf" if ended else "decision"
            worth = child.value - base
            label = f"{child.move}\nvisits {child.visits}, estimate {score_text(worth)}"
            added = graph.add_node(kind, label, worth, depth + 1, chosen=on_plan,
                                   visits=child.visits)
            # Known where the node kept its state: no chance point on the way (an open-loop
            # node after one stands for many states, the turn over in some of them).
            cut = None if tree_node.state is None or child.state is None else \
                dice_lost_ending(tree_node.state, child.move, child.state)
            graph.add_edge(node_id, added.id, "move", value=worth, chosen=on_plan,
                           visits=child.visits, **ending(str(child.move), cut))
            queue.append((child, added.id, depth + 1, on_plan))
    return graph
