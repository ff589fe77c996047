"""Actions back to text: the canonical action string and the action-set description."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from webenv.actions.model import (
    ACTION_TABLE,
    ELEMENT_KINDS,
    GRAMMARS,
    MAX_KEY_CHARS,
    MAX_TEXT_CHARS,
    MAX_URL_CHARS,
    ActionKind,
)
from webenv.actions.tools import describe_tools
from webenv.errors import OptionError

if TYPE_CHECKING:
    from webenv.actions.model import Action


def format_action(action: Action) -> str:
    """The canonical string of ``action`` (WebArena style where it can express it).

    ``parse_action(format_action(action)) == action`` for every parsed action.
    """
    kind = action.kind
    text = action.text or ""
    if kind in ELEMENT_KINDS:
        return f"{kind} [{action.target}]"
    if kind == ActionKind.TYPE:
        return f"type [{action.target}] [{text}] [{1 if action.press_enter else 0}]"
    if kind == ActionKind.SELECT:
        return f"select [{action.target}] [{text}]"
    if kind == ActionKind.PRESS:
        if action.target is not None:
            return f"press({str(action.target)!r}, {text!r})"
        return f"press [{text}]"
    if kind in (ActionKind.SCROLL, ActionKind.GOTO):
        return f"{kind} [{text}]"
    if kind == ActionKind.API:
        body = f" [{action.body}]" if action.body is not None else ""
        return f"api [{action.method}] [{text}]{body}"
    if kind == ActionKind.TOOL:
        return f"tool [{text}] [{action.body or '{}'}]"
    if kind == ActionKind.TAB_FOCUS:
        return f"tab_focus [{action.tab_index}]"
    if kind == ActionKind.STOP:
        if action.infeasible:
            return f"report_infeasible({text!r})"
        return f"stop [{text}]"
    return str(kind)


_INTRO = {
    "webarena": (
        "Actions (WebArena style, one per step; arguments in square brackets; a text "
        "argument runs to the last ']' so it may contain brackets):"
    ),
    "browsergym": (
        "Actions (BrowserGym style, one Python-like call per step with string or number "
        "literals, positional or keyword):"
    ),
}


def describe_actions(grammar: str = "webarena", sites: Iterable[str] = ()) -> str:
    """Describe the action set for a prompt: each action's signature, what it does, an
    example, and the tools of ``sites``.

    Generated from the one action table and the sites' tool data, so it always matches
    what :func:`webenv.actions.parse_action` accepts.

    Args:
        grammar: ``"webarena"`` (``click [12]``) or ``"browsergym"`` (``click("12")``).
        sites: Site names (``"forum"``...) whose tools (:mod:`webenv.actions.tools`) are
            listed after the actions; none by default.

    Returns:
        Several lines of text: an introduction, one block per action, the tools, and the
        limits.

    Raises:
        OptionError: ``grammar`` is not one of the two grammars.
    """
    if grammar not in GRAMMARS:
        raise OptionError(
            f"unknown action grammar {grammar!r}; accepted: {', '.join(map(repr, GRAMMARS))}"
        )
    lines = [_INTRO[grammar], ""]
    for row in ACTION_TABLE:
        if row.grammar != grammar:
            continue
        lines.append(row.signature)
        lines.append(f"    {row.description}")
        lines.append(f"    Example: {row.example}")
    tools = describe_tools(sites)
    if tools:
        lines += ["", "Tools for the tool action (name(parameters), what each does):", *tools]
    lines += [
        "",
        "Element ids are the numbers in square brackets in the observation. Limits: "
        f"{MAX_TEXT_CHARS} characters of text, {MAX_URL_CHARS} of URL, {MAX_KEY_CHARS} of "
        "key name. A malformed or impossible action changes nothing and the next "
        "observation's last_action_error says why.",
    ]
    return "\n".join(lines)
