"""Action grammar: one parser for WebArena-style and BrowserGym-style actions.

- :mod:`webenv.actions.model`: :class:`ActionKind`, :class:`Action`, the limits and
  the one action table both grammars are read from;
- :mod:`webenv.actions.parsers`: :func:`parse_action` for both grammars;
- :mod:`webenv.actions.printer`: the canonical action string and
  :func:`describe_actions` for prompts.
"""

from webenv.actions.model import (
    ACTION_TABLE,
    API_METHODS,
    KINDS,
    MAX_ACTION_CHARS,
    MAX_BODY_CHARS,
    MAX_KEY_CHARS,
    MAX_TEXT_CHARS,
    MAX_URL_CHARS,
    Action,
    ActionKind,
    ActionSpec,
)
from webenv.actions.parsers import parse_action
from webenv.actions.printer import describe_actions, format_action
from webenv.errors import ActionError

__all__ = [
    "ACTION_TABLE",
    "API_METHODS",
    "KINDS",
    "MAX_ACTION_CHARS",
    "MAX_BODY_CHARS",
    "MAX_KEY_CHARS",
    "MAX_TEXT_CHARS",
    "MAX_URL_CHARS",
    "Action",
    "ActionError",
    "ActionKind",
    "ActionSpec",
    "describe_actions",
    "format_action",
    "parse_action",
]
