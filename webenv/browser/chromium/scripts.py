"""The page scripts, shipped as ``.js`` files in this package, with their rules bound.

``inspect.js`` reports an action target's facts (and marks it with ``data-webenv-id`` for
Playwright's locators); ``serialize.js`` returns the DOM with form state. The rules they
apply are given as JSON from :mod:`webenv.axtree.rules`, so the page and the Python rules
cannot drift apart. The elements' ids themselves are numbered once, in Python, from CDP's
DOM (:func:`webenv.browser.chromium.axmap.number_dom`).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from webenv.axtree import rules

__all__ = ["ID_ATTR", "INSPECT_JS", "SERIALIZE_JS", "inspect_arguments"]

ID_ATTR = "data-webenv-id"


def _page_script(name: str) -> str:
    """The function expression in ``name``, a ``.js`` file shipped next to this module."""
    lines = resources.files(__package__).joinpath(name).read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):  # the file's leading comment
        lines.pop(0)
    return "\n".join(lines).strip()


_RULES = rules.js_table()
INSPECT_JS = _page_script("inspect.js")
"""A function declaration for CDP's ``Runtime.callFunctionOn`` on the target element."""
SERIALIZE_JS = _page_script("serialize.js")


def inspect_arguments(target: int, select_id: int | None) -> list[dict[str, Any]]:
    """The CDP call arguments of :data:`INSPECT_JS` for element ``target``."""
    return [{"value": _RULES}, {"value": target}, {"value": select_id}]
