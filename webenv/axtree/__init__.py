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

Modules
-------
:mod:`~webenv.axtree.rules` (the rules, shared with the Chromium backend and its page
scripts), :mod:`~webenv.axtree.ids` (numbering), :mod:`~webenv.axtree.model` (nodes,
tree, text) and :mod:`~webenv.axtree.build` (the single pass).
"""

from webenv.axtree.build import build_axtree
from webenv.axtree.ids import assign_ids
from webenv.axtree.model import AXNode, AXTree, element_id
from webenv.axtree.rules import JS_WHITESPACE, is_hidden

__all__ = [
    "JS_WHITESPACE",
    "AXNode",
    "AXTree",
    "assign_ids",
    "build_axtree",
    "element_id",
    "is_hidden",
]
