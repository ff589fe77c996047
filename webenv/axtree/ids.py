"""Node ids: the numbering of the DOM that every backend reproduces (see :mod:`webenv.axtree`)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from webenv.axtree.rules import JS_WHITESPACE, VALUE_TEXT_TAG

if TYPE_CHECKING:
    from lxml.html import HtmlElement


def root_element(document) -> HtmlElement:
    """The root element of ``document`` (an ElementTree, or any element of the tree)."""
    getroot = getattr(document, "getroot", None)
    if getroot is not None:  # an ElementTree
        return getroot()
    return document.getroottree().getroot()


def assign_ids(document) -> dict[int, HtmlElement]:
    """Number the document (see :mod:`webenv.axtree`) and return id -> element.

    Args:
        document: The root element or its ElementTree (any element of the tree
            works: numbering always starts at the tree's root).
    """
    root = root_element(document)
    numbering = Numbering(root)
    numbering.count(root)
    return numbering.elements


class Numbering:
    """Numbers elements and non-blank text nodes in document order.

    Attributes:
        root: The document's root element (id 0).
        elements: id -> element, for every element numbered so far.
        text_owners: id -> the element containing the text, for every numbered text node.
        ids: The first element numbered with each ``id`` attribute value.
    """

    def __init__(self, root: HtmlElement) -> None:
        self.root = root
        self.elements: dict[int, HtmlElement] = {}
        self.text_owners: dict[int, HtmlElement] = {}
        self.next_id = itertools.count().__next__
        self.ids: dict[str, HtmlElement] = {}

    def number(self, el: HtmlElement) -> int:
        """Give ``el`` the next id (the main pass inlines this)."""
        nid = self.next_id()
        self.elements[nid] = el
        ident = el.get("id")
        if ident is not None:
            self.ids.setdefault(ident, el)
        return nid

    def count(self, el: HtmlElement) -> None:
        """Number ``el`` and its subtree."""
        self.number(el)
        self.count_inner(el)

    def count_inner(self, el: HtmlElement) -> None:
        """Number ``el``'s text and descendants (not ``el`` itself)."""
        next_id = self.next_id
        owners = self.text_owners
        text = el.text
        if text and text.strip(JS_WHITESPACE) and el.tag != VALUE_TEXT_TAG:
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
