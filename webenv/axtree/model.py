"""The accessibility tree: nodes, the tree with its id -> DOM maps, and its text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lxml.html import HtmlElement


@dataclass(slots=True, eq=False)
class AXNode:
    """One node of the accessibility tree.

    Attributes:
        node_id: The DOM id (see module docstring) of the element or text node.
        role: Chromium-style role name, e.g. ``link`` or ``StaticText``.
        name: Accessible name, whitespace collapsed.
        properties: States and properties, rendered in insertion order.
        children: Shown child nodes in tree order.
        element: The DOM element, or ``None`` for ``StaticText``.
    """

    node_id: int
    role: str
    name: str
    properties: dict[str, object]
    children: list[AXNode]
    element: HtmlElement | None

    def line(self) -> str:
        """Render this node as one line (without indentation)."""
        line = f"[{self.node_id}] {self.role} '{self.name}'"
        if self.properties:
            line += " " + " ".join(
                f"{key}: {_format_value(value)}" for key, value in self.properties.items()
            )
        return line

    def iter(self):
        """Yield this node and all its descendants in tree (pre-)order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def line_text(indent: str, nid: int, role: str, name: str, props: dict[str, object]) -> str:
    if props:
        return f"{indent}[{nid}] {role} '{name}' {_format_properties(props)}"
    return f"{indent}[{nid}] {role} '{name}'"


def _format_properties(props: dict[str, object]) -> str:
    return " ".join(
        [f"{k}: '{v}'" if v.__class__ is str else f"{k}: {v}" for k, v in props.items()]
    )


def _format_value(value: object) -> str:
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


@dataclass(eq=False)
class AXTree:
    """An accessibility tree plus the id -> DOM mappings needed to act on it.

    Attributes:
        root: The ``RootWebArea`` node (id of the root element, name = ``<title>``).
        elements: Every element's id -> element, including pruned and hidden ones.
        text_owners: Every numbered text node's id -> the element containing it.
    """

    root: AXNode
    elements: dict[int, HtmlElement]
    text_owners: dict[int, HtmlElement] = field(default_factory=dict)
    _lines: list[str] | None = field(default=None, init=False, repr=False)
    _reverse: dict[int, int] | None = field(default=None, init=False, repr=False)
    _nodes: dict[int, AXNode] | None = field(default=None, init=False, repr=False)

    @property
    def nodes(self) -> dict[int, AXNode]:
        """Shown nodes by id (computed on first use)."""
        if self._nodes is None:
            self._nodes = {node.node_id: node for node in self.root.iter()}
        return self._nodes

    def lines(self) -> list[str]:
        """All rendered lines, tab-indented by depth (cached)."""
        if self._lines is None:
            out: list[str] = []
            append = out.append
            indents = [""]

            def render(node: AXNode, depth: int) -> None:
                indent = indents[depth]
                props = node.properties
                if props:
                    append(
                        f"{indent}[{node.node_id}] {node.role} '{node.name}' "
                        + _format_properties(props)
                    )
                else:
                    append(f"{indent}[{node.node_id}] {node.role} '{node.name}'")
                children = node.children
                if children:
                    depth += 1
                    if depth == len(indents):
                        indents.append("\t" * depth)
                    for child in children:
                        if child.children or child.properties:
                            render(child, depth)
                        else:
                            append(f"{indents[depth]}[{child.node_id}] {child.role} '{child.name}'")

            try:
                render(self.root, 0)
            finally:
                render = None  # type: ignore[assignment]
            self._lines = out
        return self._lines

    def text(self, max_chars: int | None = None) -> str:
        """Render the tree as text.

        Args:
            max_chars: If given, cut the text at a line boundary so that the result,
                including a final ``... (truncated: N more lines)`` line, is at most
                this long (unless even the notice alone is longer).

        Returns:
            One node per line, indented with one tab per depth below the root.
        """
        lines = self.lines()
        full = "\n".join(lines)
        if max_chars is None or len(full) <= max_chars:
            return full
        budget = max_chars - len(f"\n... (truncated: {len(lines)} more lines)")
        used = -1  # no newline before the first line
        kept = 0
        for line in lines:
            cost = len(line) + 1
            if used + cost > budget:
                break
            used += cost
            kept += 1
        notice = f"... (truncated: {len(lines) - kept} more lines)"
        if kept == 0:
            return notice
        return "\n".join(lines[:kept]) + "\n" + notice

    def find(self, role: str, name: str, *, exact: bool = True) -> list[AXNode]:
        """Shown nodes with this role and name, in tree order.

        Args:
            role: Role to match exactly.
            name: Name to match.
            exact: If true the name must be equal; otherwise a case-insensitive
                substring match after whitespace collapsing.
        """
        if exact:
            return [n for n in self.root.iter() if n.role == role and n.name == name]
        wanted = " ".join(name.split()).casefold()
        return [n for n in self.root.iter() if n.role == role and wanted in n.name.casefold()]

    def element_id(self, element: HtmlElement) -> int | None:
        """The id of ``element`` in this tree, or ``None``."""
        if self._reverse is None:
            self._reverse = {id(el): i for i, el in self.elements.items()}
        i = self._reverse.get(id(element))
        if i is not None and self.elements[i] is element:
            return i
        return None


# A shown node as recorded by the main pass: (its line, node id, role, name, properties or
# None, element or None). The pass lists them in the tree's pre-order, so the lines are
# indented by one tab per depth.
Record = tuple[str, int, str, str, "dict[str, object] | None", "HtmlElement | None"]


class BuiltTree(AXTree):
    """A tree built from a document: its nodes are only created when first used.

    The main pass renders the lines (all an env step needs) along with the records;
    ``root`` (and everything using it) turns the records into :class:`AXNode` objects.
    """

    _records: list[Record]

    @classmethod
    def from_pass(
        cls,
        records: list[Record],
        elements: dict[int, HtmlElement],
        text_owners: dict[int, HtmlElement],
    ) -> BuiltTree:
        tree = cls.__new__(cls)  # no ``root`` yet: AXTree.__init__ would need it
        tree._records = records
        tree.elements = elements
        tree.text_owners = text_owners
        tree._lines = None
        tree._reverse = None
        tree._nodes = None
        return tree

    @cached_property
    def root(self) -> AXNode:  # type: ignore[override]
        root: AXNode | None = None
        parents: list[list[AXNode]] = []  # children lists of the current node's ancestors
        for line, nid, role, name, props, el in self._records:
            node = AXNode(nid, role, name, {} if props is None else props, [], el)
            depth = len(line) - len(line.lstrip("\t"))
            if depth:
                del parents[depth:]
                parents[-1].append(node)
            else:
                root = node
            parents.append(node.children)
        assert root is not None, "a pass always records the RootWebArea first"
        return root

    def lines(self) -> list[str]:
        if self._lines is None and "root" not in self.__dict__:
            # The nodes cannot have been changed yet: the lines are the records' lines.
            self._lines = list(map(itemgetter(0), self._records))
        return super().lines()


def element_id(tree_or_map: AXTree | Mapping[int, HtmlElement], element: HtmlElement) -> int | None:
    """Reverse lookup: the id of ``element`` in a tree or an id -> element map."""
    if isinstance(tree_or_map, AXTree):
        return tree_or_map.element_id(element)
    for i, el in tree_or_map.items():
        if el is element:
            return i
    return None
