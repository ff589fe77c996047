"""The page scripts, shipped as ``.js`` files in this package, with their rules bound.

``number.js`` (run by ``inspect.js``) numbers the document like :mod:`webenv.axtree.ids`
and writes each element's id into ``data-webenv-id``; ``inspect.js`` reports an action
target's facts; ``serialize.js`` returns the DOM with form state. The rules they apply
are given as JSON from :mod:`webenv.axtree.rules`, so the page and the Python rules
cannot drift apart.
"""

from __future__ import annotations

import json
from importlib import resources

from webenv.axtree import rules

__all__ = ["ID_ATTR", "INSPECT_JS", "SERIALIZE_JS"]

ID_ATTR = "data-webenv-id"


def _page_script(name: str) -> str:
    """The function expression in ``name``, a ``.js`` file shipped next to this module."""
    lines = resources.files(__package__).joinpath(name).read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):  # the file's leading comment
        lines.pop(0)
    return "\n".join(lines).strip()


_RULES_JSON = json.dumps(rules.js_table(), sort_keys=True)
INSPECT_JS = (
    f"(id) => ({_page_script('inspect.js')})({_RULES_JSON}, id, {_page_script('number.js')})"
)
SERIALIZE_JS = _page_script("serialize.js")
