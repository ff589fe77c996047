"""The single pass that numbers a document and builds its accessibility tree.

See :mod:`webenv.axtree` for what the tree shows and :mod:`webenv.axtree.rules` for the
rules applied. Most elements take a fast path decided by their tag alone
(``_FAST_TAGS``); the others go through :meth:`_Builder.build`'s general path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webenv.axtree.ids import Numbering, root_element
from webenv.axtree.model import AXTree, BuiltTree, Record, line_text
from webenv.axtree.rules import (
    ARIA_ROLE_ALIASES,
    ARIA_STATE_ATTRS,
    ARIA_STATES,
    BLOCK_TAGS,
    CONTEXT_ROLE_TAGS,
    DISABLEABLE_TAGS,
    GLOBAL_ATTRS,
    HIDDEN_TAGS,
    JS_WHITESPACE,
    KNOWN_ARIA_ROLES,
    LAYOUT_ROLES,
    LEAF_TAGS,
    NAME_FROM_CONTENT,
    NAMING_CHILD,
    SECTIONING,
    SIMPLE_ROLES,
    STATEFUL_ROLES,
    TEXT_ENTRY_ROLES,
    TEXT_INPUT_TYPES,
    collapse,
    hidden_by_attrs,
    hidden_by_itself,
    input_role,
    style_hidden,
)

if TYPE_CHECKING:
    from lxml.html import HtmlElement

# Per-tag handling flags for the main pass.
_HIDDEN = 1  # never shown, subtree only numbered
_LEAF = 2  # content not shown as children (controls, replaced elements)
_SECTIONING_TAG = 4  # header/footer inside lose their landmark role
_CONTROL = 8  # may be disabled
_NATIVE_NAME = 16  # has a host-language naming rule
_SPECIAL_ROLE = 32  # role depends on attributes or ancestors
_SPECIAL_CHILDREN = 64  # children need special handling (see _Builder.visit)
_PLAIN = 128  # pruned when it has no global attributes (generic/paragraph/... roles)

_TAG_INFO: dict[str, int] = dict.fromkeys(HIDDEN_TAGS, _HIDDEN)
for _tag, _role in SIMPLE_ROLES.items():
    _plain = _role in ("generic", "paragraph", "group", "rowgroup", "form", "legend", "LineBreak")
    _TAG_INFO[_tag] = _PLAIN if _plain else 0
for _tag in SECTIONING:
    _TAG_INFO[_tag] = _SECTIONING_TAG
_TAG_INFO.update(
    {
        "input": _NATIVE_NAME,
        "select": _NATIVE_NAME,
        "textarea": _NATIVE_NAME,
        "option": 0,
        "img": _NATIVE_NAME,
        "svg": _NATIVE_NAME,
        "button": _NATIVE_NAME,
        "fieldset": _NATIVE_NAME,
        "optgroup": _NATIVE_NAME,
        "table": _NATIVE_NAME,
        "figure": _NATIVE_NAME,
        "a": 0,
        "th": 0,
        "header": 0,
        "footer": 0,
        "dialog": 0,
        "label": _SPECIAL_CHILDREN,
        "details": _SPECIAL_CHILDREN,
    }
)
for _tag in LEAF_TAGS:
    _TAG_INFO[_tag] |= _LEAF | _SPECIAL_CHILDREN
for _tag in DISABLEABLE_TAGS:
    _TAG_INFO[_tag] |= _CONTROL
for _tag in CONTEXT_ROLE_TAGS:
    _TAG_INFO[_tag] |= _SPECIAL_ROLE
del _tag, _role, _plain

# The fast path of the main pass, for elements with no attribute in GLOBAL_ATTRS that are not
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
    _role = SIMPLE_ROLES.get(_tag, "generic")
    if _info & ~(_PLAIN | _SECTIONING_TAG) or _role in STATEFUL_ROLES:
        _FAST_TAGS[_tag] = None
    else:
        _shown = not _info & _PLAIN and _role not in LAYOUT_ROLES
        _FAST_TAGS[_tag] = (
            _role if _shown else None,
            _role in NAME_FROM_CONTENT,
            _FAST_SECTIONING if _info & _SECTIONING_TAG else 0,
        )
_FAST_TAGS["a"] = ("link", True, _FAST_LINK)
_FAST_TAGS["label"] = (None, False, _FAST_LABEL)  # LabelText, unnamed without attributes
del _tag, _info, _role, _shown


def build_axtree(document: HtmlElement, *, focused: HtmlElement | None = None) -> AXTree:
    """Build the accessibility tree of a parsed page.

    Args:
        document: The root element (or any element, or the ElementTree) of the page.
        focused: The element that has keyboard focus, if any.

    Returns:
        The tree, with every element and text node numbered.
    """
    root = root_element(document)
    tree = _Builder(root, focused).build()
    if tree is None:  # a button's <label for> came after it: build again knowing them all
        tree = _Builder(root, focused, all_labels=True).build()
        assert tree is not None
    return tree


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
    if itype in TEXT_INPUT_TYPES:
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
        if tag.__class__ is str and child is not exclude and tag not in HIDDEN_TAGS:
            keys = child.keys()
            if hidden_by_attrs(child, tag, keys):
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
            elif tag in BLOCK_TAGS:
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


class _Builder(Numbering):
    """One pass over the DOM numbering nodes and building AX nodes."""

    def __init__(
        self, root: HtmlElement, focused: HtmlElement | None, *, all_labels: bool = False
    ) -> None:
        super().__init__(root)
        self.focused = focused
        # ``ids`` holds the first element with each id among those numbered so far (the root
        # excepted), so all elements before the one being visited; every element once
        # ``_all_ids`` is set.
        self._all_ids = False
        # Finding every <label> costs a walk over the whole document (lxml's tag filters are
        # slow), so the pass notes the labels it numbers and names a control from those before
        # it; ``_asked`` keeps those controls (see ``_late_labels``). With ``all_labels`` the
        # document is searched at the first control instead.
        self._labels_for: dict[str, list[HtmlElement]] | None = None
        self._all_labels = all_labels
        self._labels_seen: list[HtmlElement] = []
        self._asked: list[tuple[str, int, HtmlElement, HtmlElement | None, int]] = []
        # the main pass's visit and children functions, set during build()
        self.visit: Callable[..., Any] | None = None
        self.children: Callable[..., Any] | None = None
        self.records: list[Record] = []

    def add_node(
        self,
        indent: str,
        nid: int,
        role: str,
        name: str,
        props: dict[str, object],
        el: HtmlElement | None,
    ) -> None:
        self.records.append((line_text(indent, nid, role, name, props), nid, role, name, props, el))

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
            for el in self.root.iterdescendants("*"):
                value = el.get("id")
                if value is not None:
                    ids.setdefault(value, el)
            if self.root.get("id") is not None:
                ids.setdefault(self.root.get("id"), self.root)
            self._all_ids = True
            found = ids.get(ident)
        return found

    def count(self, el: HtmlElement) -> None:
        """Number ``el`` and its subtree (noting a ``<label>``, see ``_labels``)."""
        if el.tag == "label":
            self._labels_seen.append(el)
        self.number(el)
        self.count_inner(el)

    def _labels(self, ident: str) -> list[HtmlElement]:
        """The ``<label for=ident>`` elements, in document order (so far, see ``__init__``)."""
        if not self._all_labels:
            return [label for label in self._labels_seen if label.get("for") == ident]
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
        return collapse(" ".join(parts))

    def control_label(self, el: HtmlElement, wrapping: HtmlElement | None) -> str:
        """Name of a form control from ``<label for>`` and a wrapping ``<label>``."""
        ident = el.get("id")
        labels = self._labels(ident) if ident else []
        if ident and not self._all_labels:
            # the control's record comes next (controls named here are always shown)
            self._asked.append((ident, len(labels), el, wrapping, len(self.records)))
        parts = [_content_text(label, el) for label in labels]
        if wrapping is not None and all(label is not wrapping for label in labels):
            target = wrapping.get("for")
            if not target or target == ident:
                parts.append(_content_text(wrapping, el))
        return collapse(" ".join(parts))

    # -- the main pass ------------------------------------------------------------------

    def build(self) -> AXTree | None:  # noqa: C901 - the single DOM pass is inlined for speed
        """Run the single pass over the document and return the tree.

        Returns ``None`` if a control was named before a ``<label>`` for it was seen (see
        ``_labels``): the tree is then built again with ``all_labels``.
        """
        root = self.root
        elements = self.elements
        owners = self.text_owners
        next_id = self.next_id
        focused = self.focused
        add = self.records.append
        ids = self.ids
        general = self.general_node
        count_inner = self.count_inner
        labels_seen = self._labels_seen
        global_attrs_in = GLOBAL_ATTRS.intersection
        attrs_disjoint = GLOBAL_ATTRS.isdisjoint
        fast_tags = _FAST_TAGS
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

        def visit(el, pname, pfc, flags, label, indent):  # noqa: C901 - the single DOM pass is inlined for speed
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
                        labels_seen.append(el)
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
                        name = collapse(text)
                    add((f"{indent}[{nid}] {role} '{name}'", nid, role, name, None, el))
                    return
            else:
                if tag == "label":
                    labels_seen.append(el)
                if ("aria-hidden" in keys and el.get("aria-hidden").strip().lower() == "true") or (
                    tag == "input"
                    and "type" in keys
                    and "role" not in keys
                    and el.get("type").strip().lower() == "hidden"
                ):
                    # Hidden whatever the rest (see global_attrs and special_role): the icons
                    # and form tokens every page has many of only number their subtree.
                    count_inner(el)
                    return
                if (
                    "aria-label" in keys
                    and (fast is not None or tag == "button")
                    and el is not focused
                    and tag != "body"
                    and len(global_attrs_in(keys)) == 1
                    and (name := el.get("aria-label")).strip()
                ):
                    # Named by aria-label alone (the icon buttons and landmarks of every
                    # page): what general_node decides, without its steps.
                    name = collapse(name)
                    props = None
                    if tag == "a":
                        role = "link" if "href" in keys else "generic"
                    else:
                        role = SIMPLE_ROLES.get(tag, "generic")
                        if fast is None:  # a button
                            if flags & 2 or "disabled" in keys:
                                props = {"disabled": True}
                        elif fast[2] == _FAST_SECTIONING:
                            flags |= 1
                        elif fast[2] == _FAST_LABEL:
                            label = el
                    add((line_text(indent, nid, role, name, props), nid, role, name, props, el))
                    indent += "\t"
                    pname = name
                    pfc = False
                else:
                    state = general(el, tag, keys, nid, pname, pfc, flags, label, indent)
                    if state is None:  # the subtree is done (hidden, pruned or a leaf)
                        return
                    pname, pfc, flags, label, indent = state

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
        self.children = children
        rid = next_id()
        elements[rid] = root
        if root.tag == "label":
            labels_seen.append(root)
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
            self.visit = self.children = None
            visit = children = None  # type: ignore[assignment]
        if self._asked and not self._late_labels():
            return None
        return BuiltTree.from_pass(self.records, elements, owners)

    def _late_labels(self) -> bool:
        """Rename the controls that a ``<label for>`` after them also names.

        Returns ``False`` if that is not enough (a button: its name decides which of its
        texts are shown), so the tree must be built again with ``all_labels``.
        """
        counts: dict[str, int] = {}
        for label in self._labels_seen:
            target = label.get("for")
            if target:
                counts[target] = counts.get(target, 0) + 1
        late = [asked for asked in self._asked if counts.get(asked[0], 0) != asked[1]]
        if not late:
            return True
        self._all_labels = True
        records = self.records
        for _ident, _count, control, wrapping, index in late:
            if control.tag == "button" or index >= len(records):
                return False
            line, nid, role, _name, props, el = records[index]
            if el is not control:
                return False
            name = self.native_name(el, el.tag, role, el.keys(), wrapping)[0]
            indent = line[: len(line) - len(line.lstrip("\t"))]
            records[index] = (
                line_text(indent, nid, role, name, props or {}),
                nid,
                role,
                name,
                props,
                el,
            )
        return True

    # -- the general path -----------------------------------------------------------

    def general_node(  # noqa: C901 - the single DOM pass is inlined for speed
        self,
        el: HtmlElement,
        tag: str,
        keys: list[str],
        nid: int,
        pname: str,
        pfc: bool,
        flags: int,
        label: HtmlElement | None,
        indent: str,
    ) -> tuple[str, bool, int, HtmlElement | None, str] | None:
        """Record a node that the fast path cannot decide (attributes, focus, controls).

        Takes the main pass's state (see ``visit``) and returns it for ``el``'s children, or
        ``None`` when ``el``'s subtree is already done (hidden, presentational or a leaf).
        """
        info = _TAG_INFO.get(tag, _PLAIN)
        if info & _HIDDEN:
            self.count_inner(el)
            return None
        resolved = self.resolve_role(el, tag, keys, info, flags)
        if resolved is None:  # hidden
            self.count_inner(el)
            return None
        role, name, aria_states = resolved
        if info & _SECTIONING_TAG:
            flags |= 1
        if role == "none":
            self.children(el, pname, pfc, flags, label, indent)  # type: ignore[misc]
            return None
        props: dict[str, object] = {}
        if el is self.focused:
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
            name, from_content = self.name(el, tag, role, keys, info, label)
        if aria_states and not ARIA_STATE_ATTRS.isdisjoint(keys):
            self.aria_states(el, keys, props)
        if role in STATEFUL_ROLES:
            self.states(el, tag, role, keys, props)
        if (name or role not in LAYOUT_ROLES) and not (
            tag == "body" or (not name and role == "image")
        ):
            self.records.append(
                (line_text(indent, nid, role, name, props), nid, role, name, props, el)
            )
            indent += "\t"
            pname = name
            pfc = from_content
        if info & _SPECIAL_CHILDREN:
            if info & _LEAF:
                if tag == "select":
                    self.select_children(el, role == "combobox", bool(flags & 2), indent)
                else:
                    self.count_inner(el)
                return None
            if tag == "label":
                label = el
            elif tag == "details" and "open" not in keys:
                self.closed_details_children(el, pname, pfc, flags, label, indent)
                return None
        return pname, pfc, flags, label, indent

    def resolve_role(
        self, el: HtmlElement, tag: str, keys: list[str], info: int, flags: int
    ) -> tuple[str, str | None, bool] | None:
        """``(role, ARIA name or None, whether ARIA states apply)``, or ``None`` if hidden."""
        if keys and not GLOBAL_ATTRS.isdisjoint(keys):
            res = self.global_attrs(el, keys, info)
            if res is None:
                return None
            role, name = res
            if role is not None:
                if tag == "dialog" and "open" not in keys and role != "none":
                    return None
                return role, name, True
            aria_states = True
        else:
            name = None
            aria_states = False
        if tag == "a":
            role = "link" if "href" in keys else "generic"
        else:
            role = SIMPLE_ROLES.get(tag)
            if role is None:
                if info & _SPECIAL_ROLE:
                    role = self.special_role(el, tag, keys, flags)
                    if role is None:  # input type=hidden, closed dialog
                        return None
                else:
                    role = "generic"
        return role, name, aria_states

    def name(
        self,
        el: HtmlElement,
        tag: str,
        role: str,
        keys: list[str],
        info: int,
        label: HtmlElement | None,
    ) -> tuple[str, bool]:
        """The name (and whether it came from content) when ARIA gave none."""
        if info & _NATIVE_NAME:
            return self.native_name(el, tag, role, keys, label)
        if role in NAME_FROM_CONTENT:
            name = _content_text(el)
            if name:
                return name, True
        if "title" in keys:
            return collapse(el.get("title") or ""), False
        return "", False

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
        if "style" in keys and style_hidden(get("style")):
            return None
        role = None
        if "role" in keys:
            for token in get("role").split():
                token = token.lower()
                if token in KNOWN_ARIA_ROLES:
                    role = ARIA_ROLE_ALIASES.get(token, token)
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
                name = collapse(value)
        return role, name

    def special_role(self, el: HtmlElement, tag: str, keys: list[str], flags: int) -> str | None:
        """Native role of tags whose role depends on attributes or ancestors.

        Returns ``None`` for elements that are hidden by their attributes.
        """
        get = el.get
        if tag == "a":
            return "link" if "href" in keys else "generic"
        if tag == "input":
            return input_role(get("type"))
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
        if role in TEXT_ENTRY_ROLES:
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

    def native_name(  # noqa: C901 - accname's steps, in the standard's order
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
                    return collapse(value), False
                return {"submit": "Submit", "reset": "Reset"}.get(itype, ""), False
            if itype == "image":
                for attr in ("alt", "value", "title"):
                    value = get(attr)
                    if value and value.strip():
                        return collapse(value), False
                return "Submit", False
            name = self.control_label(el, label)
            if not name:
                for attr in ("title", "placeholder"):
                    value = get(attr)
                    if value and value.strip():
                        return collapse(value), False
            return name, False
        if tag in ("select", "textarea"):
            name = self.control_label(el, label)
            if not name:
                for attr in ("title", "placeholder"):
                    value = get(attr)
                    if value and value.strip():
                        return collapse(value), False
            return name, False
        if tag == "button" and "id" in keys:
            name = self.control_label(el, None)
            if name:
                return name, False
        if tag == "img":
            alt = get("alt")
            if alt is not None:
                return collapse(alt), False
        elif tag in NAMING_CHILD:
            wanted = NAMING_CHILD[tag]
            for child in el:
                if child.tag == wanted:
                    name = _content_text(child)
                    if name:
                        return name, False
                    break
        elif tag == "optgroup":
            value = get("label")
            if value and value.strip():
                return collapse(value), False
        if role in NAME_FROM_CONTENT:
            name = _content_text(el)
            if name:
                return name, True
        if "title" in keys:
            value = get("title")
            if value and value.strip():
                return collapse(value), False
        return "", False

    def aria_states(self, el: HtmlElement, keys: list[str], props: dict[str, object]) -> None:
        get = el.get
        for attr, key in ARIA_STATES:
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
            value = collapse(value)
            if value:
                if tag == "input" and (el.get("type") or "").strip().lower() == "password":
                    value = "\u2022" * len(value)
                props["value"] = value

    def select_children(self, el: HtmlElement, single: bool, disabled: bool, indent: str) -> None:  # noqa: C901 - the single DOM pass is inlined for speed
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
            elif tag == "optgroup" and not hidden_by_itself(child):
                gid = self.number(child)
                name = collapse(child.get("label") or "")
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
        if not hidden_by_itself(el):
            label = el.get("label")
            if label:
                name = collapse(label)
            elif len(el):
                name = collapse("".join(el.itertext()))
            else:
                name = collapse(el.text or "")
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
                self.visit(child, pname, pfc, flags, label, indent)  # type: ignore[misc]
            elif tag.__class__ is str:
                self.count(child)
            tail = child.tail
            if tail and tail.strip(JS_WHITESPACE):
                owners[next_id()] = el


def _move_last(props: dict[str, object], key: str) -> None:
    """Move ``key`` (if present) to the end of ``props`` to keep a stable order."""
    if key in props:
        props[key] = props.pop(key)
