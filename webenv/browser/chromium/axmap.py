"""Chromium's accessibility tree (CDP) mapped to the in-process model's ids, roles and text.

``DOM.getDocument`` is numbered in Python exactly like :mod:`webenv.axtree.ids`, so every
CDP AX node maps to its element id through ``backendDOMNodeId``; :class:`TreeBuilder`
then applies the in-process rules (:mod:`webenv.axtree.rules`) on top of Chromium's roles,
names and states and gives :class:`webenv.axtree.AXNode` objects, rendered by the same
:class:`webenv.axtree.AXTree` renderer as the in-process backend. Where the two differ the
in-process text wins (the parity target, measured by ``webenv parity``). Known remaining
differences: ``focused`` after clicking a non-focusable element, and pages whose CSS
hides or generates content (the in-process model reads only inline styles; no bundled
site relies on either).

No Playwright here: the mapping works on CDP's plain JSON.
"""

from __future__ import annotations

from typing import Any

from webenv.axtree import AXNode, AXTree, rules

__all__ = ["DomInfo", "TreeBuilder", "collapse", "document_node", "number_dom"]

# Chromium role -> the rules' role, for roles Chromium spells differently.
_ROLE_ALIASES = {
    **rules.ARIA_ROLE_ALIASES,
    "Abbr": "generic",
    "Section": "region",
    "sectionheader": "heading",
    "sectionfooter": "generic",
}


def collapse(text: str) -> str:
    return " ".join(text.split())


class DomInfo:
    """What the observation needs to know about one numbered DOM node."""

    __slots__ = ("attrs", "node_id", "parent", "tag", "text")

    def __init__(
        self,
        node_id: int,
        tag: str | None,
        attrs: dict[str, str],
        text: str | None,
        parent: int | None = None,
    ) -> None:
        self.node_id = node_id
        self.tag = tag
        self.attrs = attrs
        self.text = text
        self.parent = parent
        """The parent element's backend node id (None for ``<html>``)."""


def number_dom(document: dict[str, Any]) -> dict[int, DomInfo]:
    """Number a CDP ``DOM.getDocument`` tree like :mod:`webenv.axtree`.

    Returns:
        backendNodeId -> info for every numbered element and text node.
    """
    out: dict[int, DomInfo] = {}
    root = next((c for c in document.get("children", []) if c.get("nodeType") == 1), None)
    if root is None:
        return out
    counter = 0
    stack: list[tuple[dict[str, Any], int | None]] = [(root, None)]
    while stack:
        node, parent = stack.pop()
        kind = node.get("nodeType")
        if kind == 1:
            flat = node.get("attributes", [])
            attrs = dict(zip(flat[::2], flat[1::2], strict=False))
            tag = node.get("localName") or node.get("nodeName", "").lower()
            children = node.get("children", [])
            if tag == rules.VALUE_TEXT_TAG:
                children = [c for c in children if c.get("nodeType") != 3]
            backend = node["backendNodeId"]
            out[backend] = DomInfo(counter, tag, attrs, None, parent)
            counter += 1
            stack.extend((child, backend) for child in reversed(children))
        elif kind == 3:
            value = node.get("nodeValue", "")
            if value.strip(rules.JS_WHITESPACE):
                out[node["backendNodeId"]] = DomInfo(counter, None, {}, value, parent)
                counter += 1
    return out


class TreeBuilder:
    """Chromium's CDP AX nodes -> in-process :class:`AXNode` objects."""

    def __init__(self, ax_nodes: list[dict[str, Any]], dom: dict[int, DomInfo]) -> None:
        self.nodes = {node["nodeId"]: node for node in ax_nodes}
        self.dom: dict[Any, DomInfo] = dom  # keyed by CDP's backend node ids
        self.root = ax_nodes[0] if ax_nodes else None

    def build(self) -> AXTree:
        root = self.root
        root_info = self.dom.get(root.get("backendDOMNodeId")) if root else None
        title = collapse(_value(root.get("name"))) if root else ""
        node = AXNode(
            0 if root_info is None else root_info.node_id, "RootWebArea", title, {}, [], None
        )
        if root is not None:
            for child_id in root.get("childIds", []):
                self.visit(self.nodes.get(child_id), node.children, title, False)
        return AXTree(root=node, elements={})

    def children(self, ax: dict[str, Any], out: list[AXNode], pname: str, pfc: bool) -> None:
        nodes = self.nodes
        for child_id in ax.get("childIds", []):
            self.visit(nodes.get(child_id), out, pname, pfc)

    def visit(self, ax: dict[str, Any] | None, out: list[AXNode], pname: str, pfc: bool) -> None:
        if ax is None:
            return
        role = _value(ax.get("role"))
        info = self.dom.get(ax.get("backendDOMNodeId"))
        if info is not None and info.text is not None:
            if _shown_text(ax):
                text = collapse(info.text)
                if text and text != pname and not (pfc and text in pname):
                    out.append(AXNode(info.node_id, "StaticText", text, {}, [], None))
            return
        if role == "InlineTextBox":
            return
        if ax.get("ignored") or info is None or info.tag is None:
            if info is not None and info.tag in rules.LEAF_TAGS and info.tag != "select":
                return
            self.children(ax, out, pname, pfc)
            return
        tag = info.tag
        role = self.role(ax, role, info)
        if role == "none":
            self.children(ax, out, pname, pfc)
            return
        name = collapse(_value(ax.get("name")))
        from_content = _named_from_contents(ax)
        if from_content and role not in rules.NAME_FROM_CONTENT:
            name, from_content = "", False  # in-process names these roles only from markup
        elif not name and role in rules.NAME_FROM_CONTENT and tag not in rules.LEAF_TAGS:
            name = collapse(" ".join(self.content_text(ax)))
            from_content = bool(name)
        if (
            (not name and role in rules.LAYOUT_ROLES)
            or tag == "body"
            or (not name and role == "image")
        ):
            if tag not in rules.LEAF_TAGS:
                self.children(ax, out, pname, pfc)
            return
        node = AXNode(info.node_id, role, name, self.properties(ax, role, info), [], None)
        out.append(node)
        if tag == "select":
            self.options(ax, node.children)
        elif tag not in rules.LEAF_TAGS:
            self.children(ax, node.children, name, from_content)

    def content_text(self, ax: dict[str, Any]) -> list[str]:
        """Name from content over the AX subtree, for roles Chromium leaves unnamed.

        Chromium does not name e.g. a cell from a button inside it; the in-process model
        does (a named descendant contributes its name, others their text).
        """
        parts: list[str] = []
        for child_id in ax.get("childIds", []):
            child = self.nodes.get(child_id)
            if child is None:
                continue
            role = _value(child.get("role"))
            info = self.dom.get(child.get("backendDOMNodeId"))
            if info is not None and info.text is not None:
                if _shown_text(child):
                    parts.append(info.text)
            elif role == "InlineTextBox" or info is None:
                continue
            elif (
                not child.get("ignored")
                and collapse(_value(child.get("name")))
                and not (_named_from_contents(child))
            ):
                parts.append(collapse(_value(child.get("name"))))
            elif info.tag not in rules.LEAF_TAGS:
                parts.extend(self.content_text(child))
        return parts

    def options(self, ax: dict[str, Any], out: list[AXNode]) -> None:
        """A select's options and named option groups, whatever Chromium wraps them in."""
        for child_id in ax.get("childIds", []):
            child = self.nodes.get(child_id)
            if child is None:
                continue
            info = self.dom.get(child.get("backendDOMNodeId"))
            if info is None:
                self.options(child, out)
                continue
            tag = info.tag
            if tag == "option" and not child.get("ignored"):
                name = collapse(_value(child.get("name")))
                out.append(
                    AXNode(
                        info.node_id,
                        "option",
                        name,
                        self.properties(child, "option", info),
                        [],
                        None,
                    )
                )
            elif tag == "optgroup" and not child.get("ignored"):
                name = collapse(info.attrs.get("label", ""))
                if name:
                    group = AXNode(
                        info.node_id, "group", name, self.properties(child, "group", info), [], None
                    )
                    out.append(group)
                    self.options(child, group.children)
                else:
                    self.options(child, out)
            elif tag != "option":
                self.options(child, out)

    @staticmethod
    def role(ax: dict[str, Any], role: str, info: DomInfo) -> str:
        role = _ROLE_ALIASES.get(role, role)
        tag = info.tag or ""
        explicit = info.attrs.get("role")
        if explicit and explicit.split()[0].lower() == role.lower():
            return role
        mapped = rules.tag_role(tag)
        if mapped is not None:
            role = mapped
        if tag == "input":  # by the in-process rules (Chromium calls a date field Date)
            role = rules.input_role(info.attrs.get("type")) or role
        return role

    def properties(self, ax: dict[str, Any], role: str, info: DomInfo) -> dict[str, object]:
        raw = {p["name"]: _value(p.get("value")) for p in ax.get("properties", [])}
        attrs = info.attrs
        props: dict[str, object] = {}
        if raw.get("focused") is True:
            props["focused"] = True
        for attr, key in rules.ARIA_STATES:
            value = (attrs.get(attr) or "").strip().lower()
            if value in ("true", "false"):
                props[key] = value == "true"
            elif value == "mixed" and key == "checked":
                props[key] = "mixed"
        if role in ("combobox",) or (role == "DisclosureTriangle" and info.tag == "summary"):
            props["expanded"] = raw.get("expanded") is True
        if role in ("checkbox", "radio") and info.tag == "input":
            props["checked"] = raw.get("checked") in (True, "true")
        if role == "option":
            props["selected"] = raw.get("selected") is True
        if raw.get("disabled") is True:
            props["disabled"] = True
        if role in rules.TEXT_ENTRY_ROLES:
            props["required"] = raw.get("required") is True or "required" in attrs
            value = collapse(str(_value(ax.get("value")) or ""))
            if value:
                if (attrs.get("type") or "").lower() == "password":
                    value = "\u2022" * len(value)
                props["value"] = value
        elif role in ("combobox", "listbox", "checkbox", "radio") and (
            raw.get("required") is True or "required" in attrs
        ):
            props["required"] = True
        elif (attrs.get("aria-required") or "").strip().lower() in ("true", "false"):
            props["required"] = attrs["aria-required"].strip().lower() == "true"
        return {key: props[key] for key in rules.PROPERTY_ORDER if key in props}


def _value(field: dict[str, Any] | None) -> Any:
    if not field:
        return ""
    return field.get("value", "")


def _shown_text(ax: dict[str, Any]) -> bool:
    """Whether an AX node of a DOM text node is shown as ``StaticText``.

    Chromium marks the text of a ``<label for>`` presentational (it went into the
    control's name); the in-process model shows it, so it is kept.
    """
    if not ax.get("ignored"):
        return _value(ax.get("role")) == "StaticText"
    reasons = {reason.get("name") for reason in ax.get("ignoredReasons", [])}
    return reasons == {"presentationalRole"}


def _named_from_contents(ax: dict[str, Any]) -> bool:
    for source in (ax.get("name") or {}).get("sources", []):
        if "value" in source and not source.get("superseded"):
            return source.get("type") == "contents"
    return False


def document_node(ax_nodes: list[dict[str, Any]]) -> int | None:
    """The backend node id of the document an AX tree (CDP nodes, root first) is of."""
    return ax_nodes[0].get("backendDOMNodeId") if ax_nodes else None
