"""DOM (lxml.html) -> accessibility tree -> WebArena-style text.

The tree follows HTML-AAM role mapping and a simplified accname computation with
Chromium's role names, and is rendered one node per line::

    [0] RootWebArea 'Page title'
        [3] link 'My Orders'
        [7] textbox 'Search' focused: True required: False

(children are indented with one tab per depth; shown here with spaces)

Node ids
--------
Ids number the DOM in pre-order over element nodes *and* text nodes that are not
whitespace-only, starting at the document's root element (``<html>``) = 0.
``<head>`` and everything hidden is numbered too; comments and processing
instructions are not (but text after them is). In lxml terms: number the element,
then its ``.text`` if non-blank, then each child recursively followed by that
child's ``.tail`` if non-blank. Two details matter for reproducing the numbering
in another backend (a DOM ``TreeWalker`` with ``SHOW_ELEMENT | SHOW_TEXT``):

* "whitespace-only" means every character is in JavaScript's ``\\s`` class
  (``JS_WHITESPACE`` below), i.e. ``/^\\s*$/.test(node.data)``;
* text nodes whose parent is a ``<textarea>`` are *not* numbered: that text is the
  control's value, which the in-process browser edits in place, and numbering it
  would shift every later id when typing into an empty textarea.

Element ids map to elements in :attr:`AXTree.elements`; text-node ids map to the
element containing the text in :attr:`AXTree.text_owners`.

Decisions beyond HTML-AAM (documented here once)
------------------------------------------------
* Unnamed layout nodes (generic, paragraph, LabelText, group, rowgroup, form,
  region, legend, LineBreak) and ``none``/``presentation`` are pruned; their
  children are promoted. ``<body>`` is always pruned.
* A ``StaticText`` is dropped when its text equals the name of its nearest shown
  ancestor, and also when that ancestor took its name from its content (link,
  button, heading, cell, option, ...) and the text is part of that name - such text
  is already in the name.
* ``<img>``/``<svg>`` with no accessible name are not shown.
* ``required`` is always shown on textbox/searchbox/spinbutton (WebArena style);
  on combobox/listbox/checkbox/radio only when true. ``focused`` always comes
  first. Property order: focused, expanded/checked/selected, disabled, required,
  value.
* ``value`` is shown for textbox/searchbox/spinbutton when non-empty, whitespace
  collapsed; password values are masked with ``•``.
* A closed ``<dialog>`` (no ``open`` attribute) is hidden, as in browsers.
* ``caption`` is named from its content.

Speed
-----
The tree is built on every env step, so the builder is one pass over the DOM that
numbers, names and renders at once: most elements take a fast path decided by their tag
alone, lines are rendered as nodes are found, and :class:`AXNode` objects are only created
when ``AXTree.root`` is first used. Only ``lxml.etree`` APIs are used, so documents from
``lxml.html`` and from ``lxml.etree.HTMLParser`` give the same tree.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lxml.html import HtmlElement

__all__ = [
    "JS_WHITESPACE",
    "AXNode",
    "AXTree",
    "assign_ids",
    "build_axtree",
    "element_id",
    "is_hidden",
]

# JavaScript's \s: what a DOM TreeWalker filter using /^\s*$/ treats as blank.
JS_WHITESPACE = (
    "\t\n\v\f\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)

# Elements whose whole subtree is never shown.
_HIDDEN_TAGS = frozenset(
    {
        "head", "script", "style", "template", "noscript", "title", "meta", "link",
        "base", "datalist", "param", "source", "track", "area",
    }
)  # fmt: skip

# Attributes that may change visibility, role, name or state of any element.
_GLOBAL_ATTRS = frozenset(
    {
        "hidden", "aria-hidden", "style", "role", "aria-label", "aria-labelledby",
        "title", "aria-expanded", "aria-checked", "aria-selected", "aria-disabled",
        "aria-required",
    }
)  # fmt: skip

# Attributes read by _Builder.aria_states.
_ARIA_STATE_ATTRS = frozenset(
    {"aria-expanded", "aria-checked", "aria-selected", "aria-disabled", "aria-required"}
)

# Roles pruned (children promoted) when they have no accessible name.
_LAYOUT_ROLES = frozenset(
    {
        "generic", "paragraph", "LabelText", "group", "rowgroup", "form", "region",
        "legend", "LineBreak",
    }
)  # fmt: skip

# Roles always pruned, named or not.
_PRESENTATIONAL = frozenset({"none", "presentation"})

# Roles whose name is computed from their content.
_NAME_FROM_CONTENT = frozenset(
    {
        "link", "button", "heading", "option", "cell", "gridcell", "columnheader",
        "rowheader", "DisclosureTriangle", "tab", "menuitem", "menuitemcheckbox",
        "menuitemradio", "treeitem", "caption", "tooltip", "switch", "checkbox",
        "radio",
    }
)  # fmt: skip

# Elements named by the content of their first child of a given tag.
_NAMING_CHILD = {"fieldset": "legend", "table": "caption", "figure": "figcaption", "svg": "title"}

_TEXT_ENTRY_ROLES = frozenset({"textbox", "searchbox", "spinbutton"})

# Tag -> role for tags whose role does not depend on attributes or ancestors.
_SIMPLE_ROLES: dict[str, str] = {
    "article": "article",
    "aside": "complementary",
    "blockquote": "blockquote",
    "body": "generic",
    "br": "LineBreak",
    "button": "button",
    "caption": "caption",
    "dd": "definition",
    "details": "group",
    "dl": "DescriptionList",
    "dt": "term",
    "fieldset": "group",
    "figure": "figure",
    "form": "form",
    "h1": "heading",
    "h2": "heading",
    "h3": "heading",
    "h4": "heading",
    "h5": "heading",
    "h6": "heading",
    "hr": "separator",
    "label": "LabelText",
    "legend": "legend",
    "li": "listitem",
    "main": "main",
    "menu": "list",
    "meter": "meter",
    "nav": "navigation",
    "ol": "list",
    "optgroup": "group",
    "option": "option",
    "p": "paragraph",
    "progress": "progressbar",
    "search": "search",
    "section": "region",
    "summary": "DisclosureTriangle",
    "table": "table",
    "tbody": "rowgroup",
    "td": "cell",
    "textarea": "textbox",
    "tfoot": "rowgroup",
    "thead": "rowgroup",
    "tr": "row",
    "ul": "list",
}

_INPUT_ROLES: dict[str, str] = {
    "text": "textbox",
    "email": "textbox",
    "password": "textbox",
    "tel": "textbox",
    "url": "textbox",
    "search": "searchbox",
    "number": "spinbutton",
    "checkbox": "checkbox",
    "radio": "radio",
    "range": "slider",
    "submit": "button",
    "button": "button",
    "reset": "button",
    "image": "button",
    "file": "button",
    "color": "button",
}

# ARIA role tokens that Chromium names differently.
_ARIA_ROLE_ALIASES: dict[str, str] = {
    "img": "image",
    "directory": "list",
    "presentation": "none",
}

_KNOWN_ARIA_ROLES = frozenset(
    {
        "alert", "alertdialog", "application", "article", "banner", "blockquote",
        "button", "caption", "cell", "checkbox", "code", "columnheader", "combobox",
        "complementary", "contentinfo", "definition", "deletion", "dialog", "directory",
        "document", "emphasis", "feed", "figure", "form", "generic", "grid", "gridcell",
        "group", "heading", "img", "image", "insertion", "link", "list", "listbox",
        "listitem", "log", "main", "mark", "marquee", "math", "menu", "menubar",
        "menuitem", "menuitemcheckbox", "menuitemradio", "meter", "navigation", "none",
        "note", "option", "paragraph", "presentation", "progressbar", "radio",
        "radiogroup", "region", "row", "rowgroup", "rowheader", "scrollbar", "search",
        "searchbox", "separator", "slider", "spinbutton", "status", "strong",
        "subscript", "superscript", "switch", "tab", "table", "tablist", "tabpanel",
        "term", "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid",
        "treeitem",
    }
)  # fmt: skip

# Elements that make header/footer lose their landmark role.
_SECTIONING = frozenset({"article", "aside", "main", "nav", "section"})

# Attributes that may hide an element (besides ``open`` on ``dialog``).
_HIDING_ATTRS = frozenset({"hidden", "aria-hidden", "style", "type"})

# Elements treated as block-level when concatenating text for names.
_BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
        "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "caption",
    }
)  # fmt: skip

# Per-tag handling flags for the main pass.
_HIDDEN = 1  # never shown, subtree only numbered
_LEAF = 2  # content not shown as children (controls, replaced elements)
_SECTIONING_TAG = 4  # header/footer inside lose their landmark role
_CONTROL = 8  # may be disabled
_NATIVE_NAME = 16  # has a host-language naming rule
_SPECIAL_ROLE = 32  # role depends on attributes or ancestors
_SPECIAL_CHILDREN = 64  # children need special handling (see _Builder.visit)
_PLAIN = 128  # pruned when it has no global attributes (generic/paragraph/... roles)

_TAG_INFO: dict[str, int] = dict.fromkeys(_HIDDEN_TAGS, _HIDDEN)
for _tag, _role in _SIMPLE_ROLES.items():
    _plain = _role in ("generic", "paragraph", "group", "rowgroup", "form", "legend", "LineBreak")
    _TAG_INFO[_tag] = _PLAIN if _plain else 0
for _tag in _SECTIONING:
    _TAG_INFO[_tag] = _SECTIONING_TAG
_TAG_INFO.update(
    {
        "input": _SPECIAL_CHILDREN | _LEAF | _CONTROL | _NATIVE_NAME | _SPECIAL_ROLE,
        "select": _SPECIAL_CHILDREN | _LEAF | _CONTROL | _NATIVE_NAME | _SPECIAL_ROLE,
        "textarea": _SPECIAL_CHILDREN | _LEAF | _CONTROL | _NATIVE_NAME,
        "option": _SPECIAL_CHILDREN | _LEAF | _CONTROL,
        "img": _SPECIAL_CHILDREN | _LEAF | _NATIVE_NAME | _SPECIAL_ROLE,
        "svg": _SPECIAL_CHILDREN | _LEAF | _NATIVE_NAME | _SPECIAL_ROLE,
        "button": _CONTROL | _NATIVE_NAME,
        "fieldset": _CONTROL | _NATIVE_NAME,
        "optgroup": _CONTROL | _NATIVE_NAME,
        "table": _NATIVE_NAME,
        "figure": _NATIVE_NAME,
        "a": _SPECIAL_ROLE,
        "th": _SPECIAL_ROLE,
        "header": _SPECIAL_ROLE,
        "footer": _SPECIAL_ROLE,
        "dialog": _SPECIAL_ROLE,
        "label": _SPECIAL_CHILDREN,
        "details": _SPECIAL_CHILDREN,
    }
)
del _tag, _role, _plain

_STATEFUL_ROLES = frozenset(
    {"textbox", "searchbox", "spinbutton", "checkbox", "radio", "combobox", "listbox",
     "DisclosureTriangle"}
)  # fmt: skip

# The fast path of the main pass, for elements with no attribute in _GLOBAL_ATTRS that are not
# focused: tag -> (role, or None when pruned; name from content; special handling), or None
# for tags that need the general path. Special handling:
_FAST_LINK = 1  # ``a``: a link only with ``href`` (else pruned)
_FAST_SECTIONING = 2  # header/footer inside lose their landmark role
_FAST_LABEL = 3  # ``label``: names the controls inside
_PRUNED = (None, False, 0)


class _FastTags(dict):
    """The fast path's table: a tag not listed is generic, so pruned when unnamed."""

    def __missing__(self, tag: str) -> tuple[None, bool, int]:
        if len(self) < 1000:  # remembers the (few) unknown tags of the pages seen
            self[tag] = _PRUNED
        return _PRUNED


_FAST_TAGS: dict[str, tuple[str | None, bool, int] | None] = _FastTags()
for _tag, _info in _TAG_INFO.items():
    _role = _SIMPLE_ROLES.get(_tag, "generic")
    if _info & ~(_PLAIN | _SECTIONING_TAG) or _role in _STATEFUL_ROLES:
        _FAST_TAGS[_tag] = None
    else:
        _shown = not _info & _PLAIN and _role not in _LAYOUT_ROLES
        _FAST_TAGS[_tag] = (
            _role if _shown else None,
            _role in _NAME_FROM_CONTENT,
            _FAST_SECTIONING if _info & _SECTIONING_TAG else 0,
        )
_FAST_TAGS["a"] = ("link", True, _FAST_LINK)
_FAST_TAGS["label"] = (None, False, _FAST_LABEL)  # LabelText, unnamed without attributes
del _tag, _info, _role, _shown


_TEXTLIKE_INPUTS = frozenset({"text", "email", "password", "tel", "url", "search", "number", ""})


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


def _line(indent: str, nid: int, role: str, name: str, props: dict[str, object]) -> str:
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
                render = None  # noqa: F841 - break the closure's self-reference cycle
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
_Record = tuple[str, int, str, str, "dict[str, object] | None", "HtmlElement | None"]


class _BuiltTree(AXTree):
    """A tree built from a document: its nodes are only created when first used.

    The main pass renders the lines (all an env step needs) along with the records;
    ``root`` (and everything using it) turns the records into :class:`AXNode` objects.
    """

    _records: list[_Record]

    @classmethod
    def from_pass(
        cls,
        records: list[_Record],
        elements: dict[int, HtmlElement],
        text_owners: dict[int, HtmlElement],
    ) -> _BuiltTree:
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
        root = None
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


def _root_element(document) -> HtmlElement:
    getroot = getattr(document, "getroot", None)
    if getroot is not None:  # an ElementTree
        return getroot()
    return document.getroottree().getroot()


def assign_ids(document) -> dict[int, HtmlElement]:
    """Number the document (see module docstring) and return id -> element.

    Args:
        document: The root element or its ElementTree (any element of the tree
            works: numbering always starts at the tree's root).
    """
    root = _root_element(document)
    builder = _Builder(root, None, {})
    builder.count(root)
    return builder.elements


def build_axtree(document: HtmlElement, *, focused: HtmlElement | None = None) -> AXTree:
    """Build the accessibility tree of a parsed page.

    Args:
        document: The root element (or any element, or the ElementTree) of the page.
        focused: The element that has keyboard focus, if any.

    Returns:
        The tree, with every element and text node numbered.
    """
    root = _root_element(document)
    builder = _Builder(root, focused, {})
    return builder.build()


def _collapse(text: str) -> str:
    return " ".join(text.split())


class _TextCache(dict):
    """Text node content -> its collapsed form, or ``None`` if it is blank (not numbered).

    Pages are rebuilt on every step and mostly repeat their texts (and their whitespace
    between tags), so looking them up is cheaper than stripping and splitting them again.
    """

    def __missing__(self, text: str) -> str | None:
        value = " ".join(text.split()) if text.strip(JS_WHITESPACE) else None
        if len(text) <= 200:
            if len(self) >= 20_000:
                self.clear()
            self[text] = value
        return value


_COLLAPSED = _TextCache()


def _style_hidden(style: str) -> bool:
    s = style.replace(" ", "").lower()
    return "display:none" in s or "visibility:hidden" in s


def _is_hidden(el: HtmlElement) -> bool:
    """Hidden by tag or attributes (not by ancestors)."""
    tag = el.tag
    return tag in _HIDDEN_TAGS or _hidden_by_attrs(el, tag, el.keys())


def is_hidden(element: HtmlElement) -> bool:
    """Whether the tree leaves ``element`` out as hidden.

    Hidden by its own tag or attributes, an ancestor's, or a closed ``<details>`` it is in
    (outside that details' ``<summary>``).
    """
    child = None
    node = element
    while node is not None:
        if _is_hidden(node):
            return True
        if node.tag == "details" and child is not None and child.tag != "summary" \
                and node.get("open") is None:
            return True
        child, node = node, node.getparent()
    return False


def _hidden_by_attrs(el: HtmlElement, tag: str, keys: list[str]) -> bool:
    """Hidden by attributes (``keys`` are the element's attribute names)."""
    if tag == "dialog" and "open" not in keys:
        return True
    if not keys or _HIDING_ATTRS.isdisjoint(keys):
        return False
    if "hidden" in keys:
        return True
    if "aria-hidden" in keys and el.get("aria-hidden").strip().lower() == "true":
        return True
    if "style" in keys and _style_hidden(el.get("style")):
        return True
    return tag == "input" and "type" in keys and el.get("type").strip().lower() == "hidden"


def _control_value(el: HtmlElement) -> str:
    """The value an embedded control contributes to its ancestor's name."""
    tag = el.tag
    if tag == "textarea":
        return el.text or ""
    if tag == "select":
        selected = None
        first = None
        for opt in el.iter("option"):
            if first is None:
                first = opt
            if opt.get("selected") is not None:
                selected = opt
        opt = selected if selected is not None else first
        if opt is None:
            return ""
        return opt.get("label") or "".join(opt.itertext())
    itype = (el.get("type") or "").strip().lower()
    if itype in _TEXTLIKE_INPUTS:
        return el.get("value") or ""
    if itype in ("submit", "reset", "button"):
        return el.get("value") or {"submit": "Submit", "reset": "Reset"}.get(itype, "")
    return ""


def _collect_text(el: HtmlElement, parts: list[str], exclude: HtmlElement | None) -> None:
    text = el.text
    if text and el.tag != "textarea":
        parts.append(text)
    for child in el:
        tag = child.tag
        if tag.__class__ is str and child is not exclude and tag not in _HIDDEN_TAGS:
            keys = child.keys()
            if _hidden_by_attrs(child, tag, keys):
                pass  # contributes nothing but its tail
            elif "aria-label" in keys and child.get("aria-label").strip():
                parts.append(f" {child.get('aria-label')} ")
            elif tag == "img":
                alt = child.get("alt")
                if alt:
                    parts.append(f" {alt} ")
            elif tag in ("input", "select", "textarea"):
                value = _control_value(child)
                if value:
                    parts.append(f" {value} ")
            elif tag in _BLOCK_TAGS:
                parts.append(" ")
                _collect_text(child, parts, exclude)
                parts.append(" ")
            elif len(child):
                _collect_text(child, parts, exclude)
            else:
                text = child.text  # a leaf, as _collect_text(child, parts, exclude) would do
                if text:
                    parts.append(text)
        tail = child.tail
        if tail:
            parts.append(tail)


def _content_text(el: HtmlElement, exclude: HtmlElement | None = None) -> str:
    """Concatenated, whitespace-collapsed text of ``el``'s shown content."""
    if not len(el):
        text = el.text
        return " ".join(text.split()) if text else ""
    parts: list[str] = []
    _collect_text(el, parts, exclude)
    return " ".join("".join(parts).split())


class _Builder:
    """One pass over the DOM numbering nodes and building AX nodes."""

    def __init__(
        self,
        root: HtmlElement,
        focused: HtmlElement | None,
        elements: dict[int, HtmlElement],
    ) -> None:
        self.root = root
        self.focused = focused
        self.elements = elements
        self.text_owners: dict[int, HtmlElement] = {}
        self.next_id = itertools.count().__next__
        # Every node in document order. Holding them keeps their Python proxies alive for the
        # whole pass: lxml would otherwise create proxies again for nodes visited more than once
        # (names from content, label and id lookups), which is slow for lxml.html elements.
        self.everything = list(root.iter())
        # The first element with each id among those numbered so far (the root excepted), so
        # all elements before the one being visited; every element once ``_all_ids`` is set.
        self.ids: dict[str, HtmlElement] = {}
        self._all_ids = False
        self._labels_for: dict[str, list[HtmlElement]] | None = None
        self.visit = None  # the main pass's visit function, set during build()
        self.records: list[_Record] = []

    def add_node(
        self,
        indent: str,
        nid: int,
        role: str,
        name: str,
        props: dict[str, object],
        el: HtmlElement | None,
    ) -> None:
        self.records.append((_line(indent, nid, role, name, props), nid, role, name, props, el))

    # -- numbering ----------------------------------------------------------------------

    def number(self, el: HtmlElement) -> int:
        """Give ``el`` the next id (the main pass inlines this)."""
        nid = self.next_id()
        self.elements[nid] = el
        ident = el.get("id")
        if ident is not None:
            self.ids.setdefault(ident, el)
        return nid

    def count(self, el: HtmlElement) -> None:
        """Number ``el`` and its subtree without building nodes."""
        self.number(el)
        self.count_inner(el)

    def count_inner(self, el: HtmlElement) -> None:
        """Number ``el``'s text and descendants (not ``el`` itself)."""
        next_id = self.next_id
        owners = self.text_owners
        text = el.text
        if text and text.strip(JS_WHITESPACE) and el.tag != "textarea":
            owners[next_id()] = el
        if not len(el):
            return
        count = self.count
        for child in el:
            if child.tag.__class__ is str:
                count(child)
            tail = child.tail
            if tail and tail.strip(JS_WHITESPACE):
                owners[next_id()] = el

    # -- lookups ----------------------------------------------------------------------

    def _by_id(self, ident: str, current: HtmlElement) -> HtmlElement | None:
        """The first element with id ``ident`` (the root only if no other has it).

        ``current`` is the element being visited: the elements before it in document order
        are in ``self.ids`` already, and its descendants come right after it.
        """
        found = self.ids.get(ident)
        if found is None and not self._all_ids:
            for el in current.iterdescendants("*"):
                if el.get("id") == ident:
                    return el
            ids = self.ids
            for el in self.everything[1:]:
                if el.tag.__class__ is str:
                    value = el.get("id")
                    if value is not None:
                        ids.setdefault(value, el)
            if self.root.get("id") is not None:
                ids.setdefault(self.root.get("id"), self.root)
            self._all_ids = True
            found = ids.get(ident)
        return found

    def _labels(self, ident: str) -> list[HtmlElement]:
        if self._labels_for is None:
            labels: dict[str, list[HtmlElement]] = {}
            for label in self.root.iter("label"):
                target = label.get("for")
                if target:
                    labels.setdefault(target, []).append(label)
            self._labels_for = labels
        return self._labels_for.get(ident, [])

    # -- names ------------------------------------------------------------------------

    def labelledby_name(self, value: str, el: HtmlElement) -> str:
        parts = []
        for ident in value.split():
            ref = self._by_id(ident, el)
            if ref is None:
                continue
            label = ref.get("aria-label")
            if label and label.strip():
                parts.append(label)
            elif ref.tag == "img":
                parts.append(ref.get("alt") or "")
            else:
                parts.append(_content_text(ref))
        return _collapse(" ".join(parts))

    def control_label(self, el: HtmlElement, wrapping: HtmlElement | None) -> str:
        """Name of a form control from ``<label for>`` and a wrapping ``<label>``."""
        ident = el.get("id")
        labels = self._labels(ident) if ident else []
        parts = [_content_text(label, el) for label in labels]
        if wrapping is not None and all(label is not wrapping for label in labels):
            target = wrapping.get("for")
            if not target or target == ident:
                parts.append(_content_text(wrapping, el))
        return _collapse(" ".join(parts))

    # -- the main pass ------------------------------------------------------------------

    def build(self) -> AXTree:
        """Run the single pass over the document and return the tree."""
        root = self.root
        elements = self.elements
        owners = self.text_owners
        next_id = self.next_id
        focused = self.focused
        add = self.records.append
        ids = self.ids
        count_inner = self.count_inner
        tag_info = _TAG_INFO.get
        simple_role = _SIMPLE_ROLES.get
        attrs_disjoint = _GLOBAL_ATTRS.isdisjoint
        fast_tags = _FAST_TAGS
        layout_roles = _LAYOUT_ROLES
        collapsed = _COLLAPSED

        def children(el, pname, pfc, flags, label, indent):
            """Visit the text and children of a shown (possibly pruned) element."""
            text = el.text
            if text and (s := collapsed[text]) is not None:
                tid = next_id()
                owners[tid] = el
                if s and s != pname and not (pfc and s in pname):
                    line = f"{indent}[{tid}] StaticText '{s}'"
                    add((line, tid, "StaticText", s, None, None))
            for child in el:
                visit(child, pname, pfc, flags, label, indent)
                tail = child.tail
                if tail and (s := collapsed[tail]) is not None:
                    tid = next_id()
                    owners[tid] = el
                    if s and s != pname and not (pfc and s in pname):
                        line = f"{indent}[{tid}] StaticText '{s}'"
                        add((line, tid, "StaticText", s, None, None))

        def visit(el, pname, pfc, flags, label, indent):
            """Number ``el`` and its subtree and record its shown nodes.

            ``pname``/``pfc``: the nearest shown ancestor's name and whether it came from
            content; ``flags``: 1 = inside sectioning content, 2 = disabled; ``label``: the
            enclosing ``<label>``; ``indent``: the indentation of the next shown node's line.
            """
            tag = el.tag
            if tag.__class__ is not str:  # comment or processing instruction
                return
            nid = next_id()  # nid = self.number(el), inlined
            elements[nid] = el
            keys = el.keys()
            if "id" in keys:
                ids.setdefault(el.get("id"), el)
            fast = fast_tags[tag]
            if fast is not None and (not keys or attrs_disjoint(keys)) and el is not focused:
                # Fast path: the role and the name follow from the tag alone.
                role, from_content, special = fast
                if special:
                    if special == _FAST_LINK:
                        if "href" not in keys:
                            role = None
                    elif special == _FAST_SECTIONING:
                        flags |= 1
                    else:
                        label = el
                if role is None:
                    pass  # an unnamed layout element (div, span, p, section, ...): pruned
                elif not from_content:
                    add((f"{indent}[{nid}] {role} ''", nid, role, "", None, el))
                    indent += "\t"
                    pname = ""
                    pfc = False
                elif len(el):
                    pname = _content_text(el)
                    pfc = bool(pname)
                    add((f"{indent}[{nid}] {role} '{pname}'", nid, role, pname, None, el))
                    indent += "\t"
                else:
                    # A leaf named by its text: the text is numbered but not shown.
                    text = el.text
                    if not text:
                        name = ""
                    elif (name := collapsed[text]) is not None:
                        owners[next_id()] = el
                    else:  # blank text is not numbered (but "\ufeff" is a name)
                        name = _collapse(text)
                    add((f"{indent}[{nid}] {role} '{name}'", nid, role, name, None, el))
                    return
            else:
                info = tag_info(tag, _PLAIN)
                if info & _HIDDEN:
                    count_inner(el)
                    return
                if keys and not attrs_disjoint(keys):
                    res = self.global_attrs(el, keys, info)
                    if res is None:  # hidden
                        count_inner(el)
                        return
                    role, name = res
                    if role == "none":
                        if info & _SECTIONING_TAG:
                            flags |= 1
                        children(el, pname, pfc, flags, label, indent)
                        return
                    aria_states = True
                else:
                    role = name = None
                    aria_states = False

                if role is None:
                    if tag == "a":
                        role = "link" if "href" in keys else "generic"
                    else:
                        role = simple_role(tag)
                        if role is None:
                            if info & _SPECIAL_ROLE:
                                role = self.special_role(el, tag, keys, flags)
                                if role is None:  # input type=hidden, closed dialog
                                    count_inner(el)
                                    return
                            else:
                                role = "generic"
                elif tag == "dialog" and "open" not in keys:
                    count_inner(el)
                    return
                if info & _SECTIONING_TAG:
                    flags |= 1

                props: dict[str, object] = {}
                if el is focused:
                    props["focused"] = True
                if info & _CONTROL:
                    if "disabled" in keys:
                        if tag == "fieldset":
                            flags |= 2
                        else:
                            props["disabled"] = True
                    elif flags & 2 and tag != "fieldset":
                        props["disabled"] = True
                from_content = False
                if name is None:
                    if info & _NATIVE_NAME:
                        name, from_content = self.native_name(el, tag, role, keys, label)
                    elif role in _NAME_FROM_CONTENT:
                        name = _content_text(el)
                        if name:
                            from_content = True
                        elif "title" in keys:
                            name = _collapse(el.get("title") or "")
                    elif "title" in keys:
                        name = _collapse(el.get("title") or "")
                    else:
                        name = ""
                if aria_states and not _ARIA_STATE_ATTRS.isdisjoint(keys):
                    self.aria_states(el, keys, props)
                if role in _STATEFUL_ROLES:
                    self.states(el, tag, role, keys, props)
                if (name or role not in layout_roles) and not (
                    tag == "body" or (not name and role == "image")
                ):
                    add((_line(indent, nid, role, name, props), nid, role, name, props, el))
                    indent += "\t"
                    pname = name
                    pfc = from_content

                if info & _SPECIAL_CHILDREN:
                    if info & _LEAF:
                        if tag == "select":
                            self.select_children(el, role == "combobox", bool(flags & 2), indent)
                        else:
                            count_inner(el)
                        return
                    if tag == "label":
                        label = el
                    elif tag == "details" and "open" not in keys:
                        self.closed_details_children(el, pname, pfc, flags, label, indent)
                        return

            text = el.text
            if text and (s := collapsed[text]) is not None:
                tid = next_id()
                owners[tid] = el
                if s and s != pname and not (pfc and s in pname):
                    line = f"{indent}[{tid}] StaticText '{s}'"
                    add((line, tid, "StaticText", s, None, None))
            if len(el):  # iterating over no children still costs
                for child in el:
                    visit(child, pname, pfc, flags, label, indent)
                    tail = child.tail
                    if tail and (s := collapsed[tail]) is not None:
                        tid = next_id()
                        owners[tid] = el
                        if s and s != pname and not (pfc and s in pname):
                            line = f"{indent}[{tid}] StaticText '{s}'"
                            add((line, tid, "StaticText", s, None, None))

        self.visit = visit
        rid = next_id()
        elements[rid] = root
        title_el = None  # root.find("head/title"), else root.find(".//title"), but faster
        for head in root.iterchildren("head"):
            title_el = next(head.iterchildren("title"), None)
            if title_el is not None:
                break
        else:
            title_el = next(root.iterdescendants("title"), None)
        title = _content_text(title_el) if title_el is not None else ""
        add((f"[{rid}] RootWebArea '{title}'", rid, "RootWebArea", title, None, root))
        try:
            children(root, title, False, 0, None, "\t")
        finally:
            # The closures reference each other (and this builder): break the cycles so
            # the memory is freed by reference counting, without the GC.
            self.visit = None
            visit = children = None  # noqa: F841
        return _BuiltTree.from_pass(self.records, elements, owners)

    def global_attrs(
        self, el: HtmlElement, keys: list[str], info: int
    ) -> tuple[str | None, str | None] | None:
        """Apply hiding, ``role`` and ARIA naming attributes.

        Returns:
            ``None`` if the element is hidden, else ``(explicit role, ARIA name)``;
            either may be ``None``. The role ``"none"`` means presentational.
        """
        get = el.get
        if "hidden" in keys:
            return None
        if "aria-hidden" in keys and get("aria-hidden").strip().lower() == "true":
            return None
        if "style" in keys and _style_hidden(get("style")):
            return None
        role = None
        if "role" in keys:
            for token in get("role").split():
                token = token.lower()
                if token in _KNOWN_ARIA_ROLES:
                    role = _ARIA_ROLE_ALIASES.get(token, token)
                    break
            if role == "none" and (
                info & (_LEAF | _CONTROL) or "href" in keys or "tabindex" in keys
            ):
                role = None  # focusable and replaced elements keep their native role
        name = None
        if "aria-labelledby" in keys:
            value = get("aria-labelledby")
            if value:
                name = self.labelledby_name(value, el) or None
        if name is None and "aria-label" in keys:
            value = get("aria-label")
            if value.strip():
                name = _collapse(value)
        return role, name

    def special_role(self, el: HtmlElement, tag: str, keys: list[str], flags: int) -> str | None:
        """Native role of tags whose role depends on attributes or ancestors.

        Returns ``None`` for elements that are hidden by their attributes.
        """
        get = el.get
        if tag == "a":
            return "link" if "href" in keys else "generic"
        if tag == "input":
            itype = (get("type") or "").strip().lower()
            if itype == "hidden":
                return None
            return _INPUT_ROLES.get(itype, "textbox")
        if tag == "select":
            size = (get("size") or "").strip()
            if "multiple" in keys or (size.isdigit() and int(size) > 1):
                return "listbox"
            return "combobox"
        if tag == "th":
            scope = (get("scope") or "").strip().lower()
            return "rowheader" if scope in ("row", "rowgroup") else "columnheader"
        if tag == "header":
            return "generic" if flags & 1 else "banner"
        if tag == "footer":
            return "generic" if flags & 1 else "contentinfo"
        if tag == "dialog":
            return "dialog" if "open" in keys else None
        if tag in ("img", "svg"):
            return "image"
        return "generic"

    def states(
        self, el: HtmlElement, tag: str, role: str, keys: list[str], props: dict[str, object]
    ) -> None:
        """Add native states of form controls and disclosure triangles."""
        if role in _TEXT_ENTRY_ROLES:
            self.text_entry_states(el, tag, keys, props)
        elif role == "checkbox" or role == "radio":
            if tag == "input":
                props["checked"] = "checked" in keys
                _move_last(props, "disabled")
            if "required" in keys:
                props["required"] = True
        elif role == "combobox":
            props.setdefault("expanded", False)
            _move_last(props, "disabled")
            if "required" in keys:
                props["required"] = True
        elif role == "listbox":
            if "required" in keys:
                props["required"] = True
        elif role == "DisclosureTriangle" and tag == "summary":
            parent = el.getparent()
            props["expanded"] = (
                parent is not None and parent.tag == "details" and "open" in parent.keys()
            )

    def native_name(
        self,
        el: HtmlElement,
        tag: str,
        role: str,
        keys: list[str],
        label: HtmlElement | None,
    ) -> tuple[str, bool]:
        """Name from the host language, content or tooltip (after ARIA naming)."""
        get = el.get
        if tag == "input":
            itype = (get("type") or "").strip().lower()
            if itype in ("submit", "reset", "button"):
                value = get("value")
                if value is not None:
                    return _collapse(value), False
                return {"submit": "Submit", "reset": "Reset"}.get(itype, ""), False
            if itype == "image":
                for attr in ("alt", "value", "title"):
                    value = get(attr)
                    if value and value.strip():
                        return _collapse(value), False
                return "Submit", False
            name = self.control_label(el, label)
            if not name:
                for attr in ("title", "placeholder"):
                    value = get(attr)
                    if value and value.strip():
                        return _collapse(value), False
            return name, False
        if tag in ("select", "textarea"):
            name = self.control_label(el, label)
            if not name:
                for attr in ("title", "placeholder"):
                    value = get(attr)
                    if value and value.strip():
                        return _collapse(value), False
            return name, False
        if tag == "button" and "id" in keys:
            name = self.control_label(el, None)
            if name:
                return name, False
        if tag == "img":
            alt = get("alt")
            if alt is not None:
                return _collapse(alt), False
        elif tag in _NAMING_CHILD:
            wanted = _NAMING_CHILD[tag]
            for child in el:
                if child.tag == wanted:
                    name = _content_text(child)
                    if name:
                        return name, False
                    break
        elif tag == "optgroup":
            value = get("label")
            if value and value.strip():
                return _collapse(value), False
        if role in _NAME_FROM_CONTENT:
            name = _content_text(el)
            if name:
                return name, True
        if "title" in keys:
            value = get("title")
            if value and value.strip():
                return _collapse(value), False
        return "", False

    def aria_states(self, el: HtmlElement, keys: list[str], props: dict[str, object]) -> None:
        get = el.get
        for attr, key in (
            ("aria-expanded", "expanded"),
            ("aria-checked", "checked"),
            ("aria-selected", "selected"),
        ):
            if attr in keys:
                value = get(attr).strip().lower()
                if value in ("true", "false"):
                    props[key] = value == "true"
                elif value == "mixed" and key == "checked":
                    props[key] = "mixed"
        if "aria-disabled" in keys and get("aria-disabled").strip().lower() == "true":
            props["disabled"] = True
        if "aria-required" in keys:
            value = get("aria-required").strip().lower()
            if value in ("true", "false"):
                props["required"] = value == "true"

    def text_entry_states(
        self, el: HtmlElement, tag: str, keys: list[str], props: dict[str, object]
    ) -> None:
        _move_last(props, "disabled")
        if "required" in keys:
            props["required"] = True
        else:
            props.setdefault("required", False)
            _move_last(props, "required")
        if tag == "textarea":
            value = el.text
        elif tag == "input":
            value = el.get("value")
        else:
            value = None
        if value:
            value = _collapse(value)
            if value:
                if tag == "input" and (el.get("type") or "").strip().lower() == "password":
                    value = "\u2022" * len(value)
                props["value"] = value

    def select_children(self, el: HtmlElement, single: bool, disabled: bool, indent: str) -> None:
        """Number a ``<select>``'s content and emit its options and groups."""
        selected = None
        if single:
            first = None
            for opt in el.iter("option"):
                if opt.get("selected") is not None:
                    selected = opt
                elif first is None and opt.get("disabled") is None:
                    parent = opt.getparent()
                    if not (
                        parent is not None
                        and parent.tag == "optgroup"
                        and "disabled" in parent.keys()
                    ):
                        first = opt
            if selected is None:
                selected = first
        next_id = self.next_id
        owners = self.text_owners
        text = el.text
        if text and text.strip(JS_WHITESPACE):
            owners[next_id()] = el
        for child in el:
            tag = child.tag
            if tag == "option":
                self.option(child, single, selected, disabled, indent)
            elif tag == "optgroup" and not _is_hidden(child):
                gid = self.number(child)
                name = _collapse(child.get("label") or "")
                gdisabled = disabled or "disabled" in child.keys()
                props: dict[str, object] = {"disabled": True} if gdisabled else {}
                if name:
                    self.add_node(indent, gid, "group", name, props, child)
                    gindent = indent + "\t"
                else:
                    gindent = indent
                gtext = child.text
                if gtext and gtext.strip(JS_WHITESPACE):
                    owners[next_id()] = child
                for sub in child:
                    if sub.tag == "option":
                        self.option(sub, single, selected, gdisabled, gindent)
                    elif sub.tag.__class__ is str:
                        self.count(sub)
                    tail = sub.tail
                    if tail and tail.strip(JS_WHITESPACE):
                        owners[next_id()] = child
            elif tag.__class__ is str:
                self.count(child)
            tail = child.tail
            if tail and tail.strip(JS_WHITESPACE):
                owners[next_id()] = el

    def option(
        self,
        el: HtmlElement,
        single: bool,
        selected: HtmlElement | None,
        disabled: bool,
        indent: str,
    ) -> None:
        oid = self.number(el)
        if not _is_hidden(el):
            label = el.get("label")
            name = _collapse(label) if label else _collapse("".join(el.itertext()))
            is_selected = el is selected if single else el.get("selected") is not None
            props: dict[str, object] = {}
            if el is self.focused:
                props["focused"] = True
            props["selected"] = is_selected
            if disabled or el.get("disabled") is not None:
                props["disabled"] = True
            self.add_node(indent, oid, "option", name, props, el)
        self.count_inner(el)

    def closed_details_children(
        self,
        el: HtmlElement,
        pname: str,
        pfc: bool,
        flags: int,
        label: HtmlElement | None,
        indent: str,
    ) -> None:
        """Children of a closed ``<details>``: only its first ``<summary>`` is shown."""
        next_id = self.next_id
        owners = self.text_owners
        text = el.text
        if text and text.strip(JS_WHITESPACE):
            owners[next_id()] = el
        summary_seen = False
        for child in el:
            tag = child.tag
            if tag == "summary" and not summary_seen:
                summary_seen = True
                self.visit(child, pname, pfc, flags, label, indent)
            elif tag.__class__ is str:
                self.count(child)
            tail = child.tail
            if tail and tail.strip(JS_WHITESPACE):
                owners[next_id()] = el


def _move_last(props: dict[str, object], key: str) -> None:
    """Move ``key`` (if present) to the end of ``props`` to keep a stable order."""
    if key in props:
        props[key] = props.pop(key)
