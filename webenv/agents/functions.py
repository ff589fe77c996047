"""The action set as OpenAI function-calling tools, and a tool call back to an action.

:func:`action_functions` turns the one action table (WebArena verbs) and the sites' tool
actions (:mod:`webenv.actions.tools`) into the ``tools`` list of a chat-completions
request: ``[{"type": "function", "function": {"name", "description", "parameters"}}]``.
Site tools are functions named ``tool_<name>`` with their declared parameters; the
generic ``tool`` verb is left out. :func:`call_to_action` reads one ``tool_calls`` entry
back into an action string, through :func:`webenv.actions.parse_action`, so a call is
checked exactly like a written action.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from webenv.actions import ACTION_TABLE, API_METHODS, ActionError, ActionKind, parse_action
from webenv.actions.parsers import tool_action
from webenv.actions.tools import site_tools
from webenv.errors import JSON_ERRORS

TOOL_PREFIX = "tool_"
"""Function names of site tools start with this (``tool_open_forum``)."""

# The JSON Schema of each argument name of the WebArena rows of the action table.
_PARAMS: Mapping[str, dict[str, Any]] = {
    "id": {"type": "integer", "description": "The element's id (the number in brackets)."},
    "text": {"type": "string", "description": "The text to type."},
    "press_enter": {"type": "boolean", "description": "Press Enter afterwards (default true)."},
    "option": {"type": "string", "description": "The option's label."},
    "key": {"type": "string", "description": "A key or combination, e.g. Enter, Control+a."},
    "direction": {"type": "string", "enum": ["down", "up"]},
    "url": {"type": "string", "description": "An absolute URL of one of the sites."},
    "index": {"type": "integer", "description": "The tab's index, from 0."},
    "method": {"type": "string", "enum": list(API_METHODS)},
    "body": {"type": "string", "description": "The JSON body of a write, as JSON text."},
    "answer": {"type": "string", "description": "The answer; empty when none is asked for."},
}


def action_functions(sites: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The actions (and the tools of ``sites``) as OpenAI ``tools`` entries."""
    functions = []
    for row in ACTION_TABLE:
        if row.grammar != "webarena" or row.kind == ActionKind.TOOL:
            continue
        functions.append(
            _function(
                row.verb,
                row.description,
                {
                    "type": "object",
                    "properties": {name: dict(_PARAMS[name]) for name in row.params},
                    "required": list(row.params[: row.required]),
                },
            )
        )
    for tool in site_tools(sites):
        functions.append(_function(TOOL_PREFIX + tool.name, tool.description, tool.schema()))
    return functions


def _function(name: str, description: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {"name": name, "description": description, "parameters": parameters},
    }


def call_to_action(name: str, arguments: str | Mapping[str, Any] | None) -> str:
    """The action string a function call means (checked by the action parser).

    Args:
        name: The called function's name.
        arguments: Its arguments: JSON text (as OpenAI sends them) or a mapping.

    Raises:
        ActionError: an unknown function, arguments that are not a JSON object, or an
            action the parser refuses.
    """
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except JSON_ERRORS:
            raise ActionError(f"the arguments of {name[:40]} are not JSON") from None
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, Mapping):  # a JSON list, number or string
        raise ActionError(f"the arguments of {name[:40]} are not a JSON object")
    args = dict(arguments)
    if name.startswith(TOOL_PREFIX):
        return tool_action(name[len(TOOL_PREFIX) :], args).to_str()
    row = next(
        (
            r
            for r in ACTION_TABLE
            if r.grammar == "webarena" and r.verb == name and r.kind != "tool"
        ),
        None,
    )
    if row is None:
        raise ActionError(f"unknown function {name[:40]!r}: call one of the offered functions")
    unknown = [key for key in args if key not in row.params]
    if unknown:
        raise ActionError(f"{name} has no argument {unknown[0][:40]!r}: {row.signature}")
    parts = [row.verb]
    for param in row.params:
        if param not in args:
            break
        value = args[param]
        if isinstance(value, bool):
            value = int(value)
        elif not isinstance(value, str):
            value = json.dumps(value, ensure_ascii=False) if param == "body" else str(value)
        parts.append(f"[{value}]")
    action = " ".join(parts)
    parse_action(action)  # raises ActionError with the parser's message
    return action
