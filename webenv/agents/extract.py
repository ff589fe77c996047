"""Finding the action in a model's free-text reply.

Models wrap actions in code fences, backticks, "Action:" lines or prose ("so I will
click [12] now"). :func:`extract_action` tries, from the most to the least explicit,
every place an action may be, and returns the first text that the env's own parser
(:func:`webenv.actions.parse_action`) accepts, preferring what comes last (the decision
follows the reasoning).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from webenv.actions import ACTION_TABLE, MAX_ACTION_CHARS, ActionError, parse_action

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n?(.*?)```", re.DOTALL)
_INLINE = re.compile(r"`([^`\n]+)`")
_PREFIX = re.compile(
    r"^\s*(?:[-*>]\s*)?(?:\*\*)?(?:next\s+)?action(?:\s*\d+)?(?:\*\*)?\s*[:=]\s*(?:\*\*)?",
    re.IGNORECASE,
)
_VERBS = sorted({row.verb for row in ACTION_TABLE}, key=len, reverse=True)
_VERB_START = re.compile(
    r"(?<![\w.])(" + "|".join(map(re.escape, _VERBS)) + r")\b\s*[\[(]?", re.IGNORECASE
)
_CLOSERS = "])"
MAX_READ_CHARS = 50_000
"""How much of a reply is read, from its end (where the decision is): a reply of
megabytes would otherwise cost minutes of searching."""
MAX_CANDIDATES = 500
"""Distinct texts parsed before a reply is judged to hold no action (a real reply gives
tens), and a hundred times as many looked at: "click ] click ] ..." repeats millions."""


def _accepts(text: str) -> bool:
    try:
        parse_action(text)
    except ActionError:
        return False
    return True


def _cleaned(text: str) -> str:
    text = _PREFIX.sub("", text.strip()).strip()
    return text.strip("*\"'“”").strip()


def _candidates(reply: str) -> Iterator[str]:
    fences = list(_FENCE.finditer(reply))
    for fence in reversed(fences):
        body = fence.group(2).strip()
        yield body
        for line in reversed(body.splitlines()):
            yield line
    for inline in reversed(list(_INLINE.finditer(reply))):
        yield inline.group(1)
    lines = [line for line in reply.splitlines() if line.strip()]
    for line in reversed(lines):
        if _PREFIX.match(line):
            yield line
    for line in reversed(lines):
        yield line
        # An action inside prose: from a verb to the end of the line, then to each
        # closing bracket (the last first), so trailing words are dropped.
        for verb in reversed(list(_VERB_START.finditer(line))):
            # Longer than an action can be, a tail is refused whatever its end; cut one
            # past the limit, it is still refused, and its prefixes are the same.
            tail = line[verb.start() : verb.start() + MAX_ACTION_CHARS + 1]
            yield tail
            ends = [i for i, ch in enumerate(tail) if ch in _CLOSERS]
            for end in reversed(ends):
                yield tail[: end + 1]
            bare = tail.split()[0].rstrip(".,;:!")
            if not ends and "_" in bare and bare in _VERBS:
                yield bare  # go_back, new_tab...: no argument, and not an English word


def extract_action(reply: str) -> str | None:
    """The action in ``reply``, as text the env accepts, or None if there is none.

    Args:
        reply: A model's reply.

    Returns:
        The action text (stripped of fences, backticks and "Action:" prefixes).
    """
    if not isinstance(reply, str) or not reply.strip():
        return None
    seen: set[str] = set()
    for tried, candidate in enumerate(_candidates(reply[-MAX_READ_CHARS:])):
        if tried >= 100 * MAX_CANDIDATES or len(seen) >= MAX_CANDIDATES:
            break
        text = _cleaned(candidate)
        if not text or text in seen:
            continue
        seen.add(text)
        if _accepts(text):
            return text
    return None
