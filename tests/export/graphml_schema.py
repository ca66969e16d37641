"""A small validator for the part of XML Schema the GraphML schema files use.

No XSD library ships with the project, so this reads ``graphml.xsd`` (with the structure
schema it redefines) and checks a document against the rules those files state: which
elements exist and where (sequence, choice, minOccurs/maxOccurs), which attributes each
allows or requires and their simple types (enumerations, NMTOKEN, boolean, long,
nonNegativeInteger), mixed content, and the identity constraints (``xs:key``,
``xs:unique``, ``xs:keyref`` with the simple selectors the schema uses). Before checking,
:func:`set_aside_yfiles` removes the yFiles extension (``y:`` elements, ``yfiles.*``
attributes) and the ``xsi:`` attributes every schema processor accepts.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

XS = "{http://www.w3.org/2001/XMLSchema}"
G = "http://graphml.graphdrawing.org/xmlns"
UNBOUNDED = 10**9


@dataclass
class Particle:
    kind: str                       # "element" | "sequence" | "choice"
    name: str = ""                  # element name (kind "element")
    items: list["Particle"] = field(default_factory=list)
    min: int = 1
    max: int = 1


@dataclass
class ComplexType:
    model: Particle | None
    attributes: dict[str, tuple[str, bool]]        # name → (type, required)
    mixed: bool


@dataclass
class Constraint:
    kind: str                       # "key" | "unique" | "keyref"
    name: str
    selector: str
    fields: list[str]
    refer: str = ""


class Schema:
    """The GraphML schema, read from ``folder`` (``graphml.xsd.xml`` and what it uses)."""

    def __init__(self, folder: Path):
        structure = ET.parse(folder / "graphml-structure.xsd.xml").getroot()
        main = ET.parse(folder / "graphml.xsd.xml").getroot()
        self.simple: dict[str, tuple[str, list[str]]] = {}
        self.groups: dict[str, list[ET.Element]] = {}
        self.types: dict[str, ET.Element] = {}
        self.elements: dict[str, ET.Element] = {}
        for root in (structure, main):
            self._collect(root)
        for group in main.iter(f"{XS}redefine"):     # a redefinition adds to the original
            for child in group:
                if child.tag == f"{XS}attributeGroup":
                    name = child.get("name")
                    extra = [a for a in child if a.get("ref") != name]
                    self.groups[name] = self.groups.get(name, []) + extra

    def _collect(self, root: ET.Element) -> None:
        for child in root:
            name = child.get("name")
            if child.tag == f"{XS}simpleType":
                restriction = child.find(f"{XS}restriction")
                self.simple[name] = (restriction.get("base"),
                                     [e.get("value") for e in restriction.findall(
                                         f"{XS}enumeration")])
            elif child.tag == f"{XS}attributeGroup":
                self.groups.setdefault(name, list(child))
            elif child.tag == f"{XS}complexType":
                self.types[name] = child
            elif child.tag == f"{XS}element":
                self.elements[name] = child

    # ------------------------------------------------------------ types

    def complex(self, name: str) -> ComplexType:
        node = self.types[name]
        mixed = node.get("mixed") == "true"
        attributes: dict[str, tuple[str, bool]] = {}
        model = None
        content = node.find(f"{XS}complexContent")
        if content is not None:
            mixed = mixed or content.get("mixed") == "true"
            extension = content.find(f"{XS}extension")
            base = self.complex(extension.get("base"))
            model, attributes = base.model, dict(base.attributes)
            mixed = mixed or base.mixed
            node = extension
        for child in node:
            if child.tag in (f"{XS}sequence", f"{XS}choice"):
                model = self._particle(child)
        self._attributes(node, attributes)
        return ComplexType(model, attributes, mixed)

    def _attributes(self, node: ET.Element, out: dict[str, tuple[str, bool]]) -> None:
        for child in node:
            if child.tag == f"{XS}attribute":
                name = child.get("name") or child.get("ref")
                out[name] = (child.get("type", "xs:string"), child.get("use") == "required")
            elif child.tag == f"{XS}attributeGroup":
                self._attributes_of_group(child.get("ref"), out, set())

    def _attributes_of_group(self, name: str, out: dict, seen: set) -> None:
        if name in seen:
            return
        seen.add(name)
        for child in self.groups.get(name, []):
            if child.tag == f"{XS}attribute":
                out[child.get("name") or child.get("ref")] = (
                    child.get("type", "xs:string"), child.get("use") == "required")
            elif child.tag == f"{XS}attributeGroup":
                self._attributes_of_group(child.get("ref"), out, seen)

    def _particle(self, node: ET.Element) -> Particle:
        low = int(node.get("minOccurs", "1"))
        high = node.get("maxOccurs", "1")
        high = UNBOUNDED if high == "unbounded" else int(high)
        if node.tag == f"{XS}element":
            return Particle("element", node.get("ref"), min=low, max=high)
        kind = "sequence" if node.tag == f"{XS}sequence" else "choice"
        items = [self._particle(c) for c in node
                 if c.tag in (f"{XS}element", f"{XS}sequence", f"{XS}choice")]
        return Particle(kind, items=items, min=low, max=high)

    def constraints(self, element: str) -> list[Constraint]:
        out = []
        for node in self.elements[element]:
            kind = node.tag.replace(XS, "")
            if kind in ("key", "unique", "keyref"):
                out.append(Constraint(kind, node.get("name"),
                                      node.find(f"{XS}selector").get("xpath"),
                                      [f.get("xpath") for f in node.findall(f"{XS}field")],
                                      (node.get("refer") or "").split(":")[-1]))
        return out


# ------------------------------------------------------------ validation

def set_aside_yfiles(root: ET.Element) -> ET.Element:
    """Remove the yFiles extension and the xsi: attributes (in place); returns ``root``."""
    for parent in root.iter():
        for child in list(parent):
            if not child.tag.startswith(f"{{{G}}}"):
                parent.remove(child)
        for name in list(parent.attrib):
            if name.startswith("{") or name.startswith("yfiles."):
                del parent.attrib[name]
    return root


def validate(root: ET.Element, schema: Schema) -> list[str]:
    """Every rule of the schema ``root`` breaks (an empty list: valid)."""
    problems: list[str] = []
    if root.tag != f"{{{G}}}graphml":
        return [f"the root is {root.tag}, not graphml"]
    _check(root, schema, problems)
    for element in ("graphml", "graph", "node", "edge", "data", "key"):
        for scope in root.iter(f"{{{G}}}{element}"):
            _identity(scope, schema.constraints(element), problems)
    return problems


def _local(tag: str) -> str:
    return tag.split("}")[-1]


def _check(node: ET.Element, schema: Schema, problems: list[str]) -> None:
    name = _local(node.tag)
    if not node.tag.startswith(f"{{{G}}}") or name not in schema.elements:
        problems.append(f"unknown element {node.tag}")
        return
    type_name = schema.elements[name].get("type")
    if type_name == "xs:string":
        if len(node):
            problems.append(f"<{name}> may hold text only")
        return
    ctype = schema.complex(type_name)
    _check_attributes(node, name, ctype, schema, problems)
    if not ctype.mixed and (node.text or "").strip():
        problems.append(f"<{name}> may not hold text")
    children = [_local(c.tag) for c in node]
    if ctype.model is None:
        if children:
            problems.append(f"<{name}> must be empty, has {children}")
    elif len(children) not in _ends(ctype.model, children, 0):
        problems.append(f"<{name}> children {children} do not fit its content model")
    for child in node:
        _check(child, schema, problems)


def _check_attributes(node: ET.Element, name: str, ctype: ComplexType, schema: Schema,
                      problems: list[str]) -> None:
    for attr, (_kind, required) in ctype.attributes.items():
        if required and attr not in node.attrib:
            problems.append(f"<{name}> lacks the required attribute {attr}")
    for attr, value in node.attrib.items():
        if attr not in ctype.attributes:
            problems.append(f"<{name}> has an attribute the schema does not allow: {attr}")
        elif not _valid_value(ctype.attributes[attr][0], value, schema):
            problems.append(f"<{name} {attr}={value!r}> is not a valid "
                            f"{ctype.attributes[attr][0]}")


_PATTERNS = {"xs:NMTOKEN": r"[\w.\-:]+", "xs:boolean": r"true|false|1|0",
             "xs:long": r"[+-]?\d+", "xs:nonNegativeInteger": r"\+?\d+", "xs:string": r".*"}


def _valid_value(kind: str, value: str, schema: Schema) -> bool:
    if kind in schema.simple:
        base, allowed = schema.simple[kind]
        return (not allowed or value in allowed) and _valid_value(base, value, schema)
    pattern = _PATTERNS.get(kind, r".*")
    return re.fullmatch(pattern, value, re.S) is not None


def _ends(p: Particle, children: list[str], start: int) -> set[int]:
    """Every index where matching ``p`` from ``start`` can stop."""
    reached, frontier = ({start} if p.min == 0 else set()), {start}
    for count in range(1, min(p.max, len(children) + 1) + 1):
        frontier = {end for i in frontier for end in _once(p, children, i)}
        if count >= p.min:
            reached |= frontier
        if not frontier:
            break
    return reached


def _once(p: Particle, children: list[str], start: int) -> set[int]:
    if p.kind == "element":
        return {start + 1} if start < len(children) and children[start] == p.name else set()
    if p.kind == "choice":
        return {end for item in p.items for end in _ends(item, children, start)}
    positions = {start}
    for item in p.items:
        positions = {end for i in positions for end in _ends(item, children, i)}
    return positions


def _select(scope: ET.Element, xpath: str) -> list[ET.Element]:
    if xpath.startswith(".//g:"):
        return list(scope.iter(f"{{{G}}}{xpath[5:]}"))[1 if _local(scope.tag) == xpath[5:]
                                                       else 0:]
    if xpath.startswith("./g:"):
        return scope.findall(f"{{{G}}}{xpath[4:]}")
    raise ValueError(f"selector not supported: {xpath}")


def _identity(scope: ET.Element, constraints: list[Constraint], problems: list[str]) -> None:
    keys: dict[str, set] = {}
    for c in constraints:
        values = []
        for el in _select(scope, c.selector):
            fields = tuple(el.get(f[1:]) for f in c.fields)
            if c.kind == "key" and None in fields:
                problems.append(f"{c.name}: a <{_local(el.tag)}> lacks {c.fields}")
            if None not in fields:
                values.append(fields)
        if c.kind in ("key", "unique") and len(values) != len(set(values)):
            problems.append(f"{c.name}: duplicate values in <{_local(scope.tag)}>")
        keys[c.name] = set(values)
    for c in constraints:
        if c.kind == "keyref":
            known = keys.get(c.refer, set())
            for el in _select(scope, c.selector):
                value = tuple(el.get(f[1:]) for f in c.fields)
                if None not in value and value not in known:
                    problems.append(f"{c.name}: {value} refers to nothing")
