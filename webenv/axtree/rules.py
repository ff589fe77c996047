"""The accessibility rules: roles, names, states and hiding, as tables and predicates.

The one place these facts live. :mod:`webenv.axtree.build` applies them to an lxml
document; the Chromium backend applies them on top of Chromium's own tree and ships them
to its page scripts as JSON (:func:`js_table`), so every backend shows, hides and names
the same things.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lxml.html import HtmlElement

# JavaScript's \s: what a DOM TreeWalker filter using /^\s*$/ treats as blank.
JS_WHITESPACE = (
    "\t\n\v\f\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)

# Elements whose whole subtree is never shown.
HIDDEN_TAGS = frozenset(
    {
        "head", "script", "style", "template", "noscript", "title", "meta", "link",
        "base", "datalist", "param", "source", "track", "area",
    }
)  # fmt: skip

# Attributes that may change visibility, role, name or state of any element.
GLOBAL_ATTRS = frozenset(
    {
        "hidden", "aria-hidden", "style", "role", "aria-label", "aria-labelledby",
        "title", "aria-expanded", "aria-checked", "aria-selected", "aria-disabled",
        "aria-required",
    }
)  # fmt: skip

# ARIA state attributes shown as properties: (attribute, property), in property order.
ARIA_STATES = (
    ("aria-expanded", "expanded"),
    ("aria-checked", "checked"),
    ("aria-selected", "selected"),
)

# Attributes read by the builder's aria_states.
ARIA_STATE_ATTRS = frozenset({*(attr for attr, _ in ARIA_STATES), "aria-disabled", "aria-required"})

# Roles pruned (children promoted) when they have no accessible name.
LAYOUT_ROLES = frozenset(
    {
        "generic", "paragraph", "LabelText", "group", "rowgroup", "form", "region",
        "legend", "LineBreak",
    }
)  # fmt: skip

# Roles always pruned, named or not.
PRESENTATIONAL = frozenset({"none", "presentation"})

# Roles whose name is computed from their content.
NAME_FROM_CONTENT = frozenset(
    {
        "link", "button", "heading", "option", "cell", "gridcell", "columnheader",
        "rowheader", "DisclosureTriangle", "tab", "menuitem", "menuitemcheckbox",
        "menuitemradio", "treeitem", "caption", "tooltip", "switch", "checkbox",
        "radio",
    }
)  # fmt: skip

# Elements named by the content of their first child of a given tag.
NAMING_CHILD = {"fieldset": "legend", "table": "caption", "figure": "figcaption", "svg": "title"}

TEXT_ENTRY_ROLES = frozenset({"textbox", "searchbox", "spinbutton"})

# Tag -> role for tags whose role does not depend on attributes or ancestors.
SIMPLE_ROLES: dict[str, str] = {
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

INPUT_ROLES: dict[str, str] = {
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


def input_role(type_attr: str | None) -> str | None:
    """The role of an ``<input>`` whose ``type`` attribute is ``type_attr`` (an unknown
    type, such as ``date``, is a textbox), or ``None`` for a hidden one (never shown)."""
    kind = (type_attr or "").strip().lower()
    return None if kind == "hidden" else INPUT_ROLES.get(kind, "textbox")


# ARIA role tokens that Chromium names differently.
ARIA_ROLE_ALIASES: dict[str, str] = {
    "img": "image",
    "directory": "list",
    "presentation": "none",
}

KNOWN_ARIA_ROLES = frozenset(
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
SECTIONING = frozenset({"article", "aside", "main", "nav", "section"})

# Attributes that may hide an element (besides ``open`` on ``dialog``).
HIDING_ATTRS = frozenset({"hidden", "aria-hidden", "style", "type"})

# Elements treated as block-level when concatenating text for names.
BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
        "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "caption",
    }
)  # fmt: skip

# Roles whose native states (checked, expanded, value, ...) are shown.
STATEFUL_ROLES = frozenset(
    {"textbox", "searchbox", "spinbutton", "checkbox", "radio", "combobox", "listbox",
     "DisclosureTriangle"}
)  # fmt: skip

# Tags whose role depends on their attributes or ancestors (the builder's special_role).
CONTEXT_ROLE_TAGS = frozenset(
    {"a", "input", "select", "th", "header", "footer", "dialog", "img", "svg"}
)


def tag_role(tag: str) -> str | None:
    """The role the rules give ``tag`` by itself, or ``None`` when attributes or ancestors decide.

    (A tag with no role of its own is ``generic``; ARIA ``role`` attributes come first.)
    """
    if tag in CONTEXT_ROLE_TAGS:
        return None
    return SIMPLE_ROLES.get(tag, "generic")


# ``<input type>`` values (lower-cased; "" = no type) of one-line text fields.
TEXT_INPUT_TYPES = frozenset({"text", "email", "password", "tel", "url", "search", "number", ""})

# Elements whose content is not shown as children (controls, replaced elements).
LEAF_TAGS = frozenset({"input", "select", "textarea", "option", "img", "svg"})

# Elements that can be disabled (``disabled`` attribute; a fieldset disables its content).
DISABLEABLE_TAGS = frozenset(
    {"input", "select", "textarea", "option", "button", "fieldset", "optgroup"}
)

# The element whose text content is its value: that text is neither numbered nor shown.
VALUE_TEXT_TAG = "textarea"

# The order in which properties are shown.
PROPERTY_ORDER = ("focused", "expanded", "checked", "selected", "disabled", "required", "value")


def collapse(text: str) -> str:
    """``text`` with runs of whitespace made one space, stripped (how names are shown)."""
    return " ".join(text.split())


def style_hidden(style: str) -> bool:
    """Whether an inline ``style`` hides its element (``display: none``, ``visibility: hidden``)."""
    s = style.replace(" ", "").lower()
    return "display:none" in s or "visibility:hidden" in s


def hidden_by_itself(el: HtmlElement) -> bool:
    """Hidden by tag or attributes (not by ancestors)."""
    tag = el.tag
    return tag in HIDDEN_TAGS or hidden_by_attrs(el, tag, el.keys())


def is_hidden(element: HtmlElement) -> bool:
    """Whether the tree leaves ``element`` out as hidden.

    Hidden by its own tag or attributes, an ancestor's, or a closed ``<details>`` it is in
    (outside that details' ``<summary>``).
    """
    child = None
    node = element
    while node is not None:
        if hidden_by_itself(node):
            return True
        if (
            node.tag == "details"
            and child is not None
            and child.tag != "summary"
            and node.get("open") is None
        ):
            return True
        child, node = node, node.getparent()
    return False


def hidden_by_attrs(el: HtmlElement, tag: str, keys: list[str]) -> bool:
    """Hidden by attributes (``keys`` are the element's attribute names)."""
    if tag == "dialog" and "open" not in keys:
        return True
    if not keys or HIDING_ATTRS.isdisjoint(keys):
        return False
    if "hidden" in keys:
        return True
    if "aria-hidden" in keys and el.get("aria-hidden").strip().lower() == "true":
        return True
    if "style" in keys and style_hidden(el.get("style")):
        return True
    return tag == "input" and "type" in keys and el.get("type").strip().lower() == "hidden"


def js_table() -> dict[str, Any]:
    """The rules the page scripts need, as JSON-ready data (see ``webenv/browser/*.js``)."""
    return {
        "hiddenTags": sorted(HIDDEN_TAGS),
        "valueTextTag": VALUE_TEXT_TAG,
    }
