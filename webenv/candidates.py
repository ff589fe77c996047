"""Action candidates: every meaningful action on the current page, as action strings.

``WebEnv(candidates=True)`` puts :func:`page_candidates` in ``info["candidates"]`` after
every reset and step, so a policy can choose among executable actions instead of writing
them (see :class:`webenv.wrappers.DiscreteActions`). Each candidate is a WebArena-grammar
string that ``env.step`` accepts as is, without ``last_action_error``.

What is offered, in this order (deterministic for a page, a tab list and a task):

1. ``stop []`` - end the episode. Answers are left to the agent: an answer is computed
   from what the pages show, not from the goal, so no answer text is offered.
2. ``go_back`` / ``go_forward`` when the active tab's history allows them.
3. ``tab_focus [i]`` for every other open tab, ``new_tab`` while fewer than
   :data:`~webenv.browser.base.MAX_TABS` tabs are open, and ``close_tab`` when more than
   one tab is open (closing the only tab would just leave a blank page).
4. Page elements in accessibility-tree order, each by what the element is (the browser's
   :meth:`~webenv.browser.base.Browser.element_facts`, shared by both backends):

   - links that lead to a bundled site, and buttons, tabs, menu items, switches and
     disclosure triangles that a click activates (``click [id]``); a disabled control,
     a link to an unreachable host and a click that would only move the focus are left
     out;
   - checkboxes: ``check [id]`` when unticked, ``uncheck [id]`` when ticked; radio
     buttons: ``check [id]`` when not chosen;
   - selects: ``select [id] [label]`` for each option with a non-empty label;
   - text fields: ``type [id] [value] [1]`` then ``type [id] [value] [0]`` for each
     value of the field's kind (:func:`field_values`; a value only seen on an earlier
     page is offered once: ``[1]`` in a search box (a ``searchbox``, or a field named
     for search or filter), where typing is for submitting, else ``[0]``, one step of
     filling a form); when the field shows a value, the same for that value (as
     typing replaces it, a textarea's line breaks kept:
     :attr:`~webenv.browser.base.ElementFacts.value`) with a goal value appended after
     a space (edits such as "add ' [Solved]' to the title"); then ``type [id] [] [0]``
     (clear it).
5. Tool actions (:mod:`webenv.actions.tools`) of the task's sites: each tool with its
   required parameters filled from the values text fields get (a string parameter
   without ``enum``: the text values; an integer one: the number values; see below),
   at most :data:`MAX_TOOL_CANDIDATES` per tool, optional parameters at their defaults.
   API-backed tools are left out when the task forbids the API. They come last, so the
   page's candidates keep their positions.

Values to type come from the goal and from the episode's earlier pages, and the field's
kind decides which apply:

- every field gets :func:`goal_values` first (the task's slot values, quoted phrases,
  path parts, the logged-in usernames);
- a number field (a ``spinbutton``, or a field named for a price, quantity or amount)
  gets the goal's numbers instead, then numbers seen, then the counts 1-9;
- a date field (its name has the word "date") then gets dates seen, in ISO form;
- a username field ("Username") then gets usernames seen;
- any other text field then gets texts seen (names, amounts of money, identifiers),
  and each quoted phrase of the goal that begins a value (:func:`goal_prefixes`:
  ``"Order "``, ``"Price: $"``) completed by each of those texts.

Values seen are what :mod:`webenv.seen` read on the pages visited since reset, other
than the current one (a value is carried from one page to another): at most
:data:`MAX_SEEN_VALUES` per field and kind, the most recent page of each other site
first (what the agent read last there), then the other pages, most recent first.
Answers are not offered: ``stop []`` ends the episode and the answer text is the
agent's.

A ``click`` on a checkbox or radio button is offered in its ``check``/``uncheck`` form
only (the same effect), so a policy does not see one action twice.

Only strings that parse back to the intended action are offered. Candidates cover the
whole page, including elements past the end of an observation cut at ``max_obs_chars``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from webenv.actions import Action, ActionError, ActionKind, parse_action
from webenv.actions.parsers import tool_action
from webenv.actions.tools import site_tools
from webenv.axtree.rules import DISABLEABLE_TAGS
from webenv.browser.base import (
    ACTIVATABLE_TAGS,
    MAX_TABS,
    Browser,
    ElementFacts,
    loadable,
    reachable,
)
from webenv.seen import SeenPage, seen_values
from webenv.sites.core.urls import parse_url
from webenv.tasks import Task

CLICK_ROLES = frozenset(
    {
        "link",
        "button",
        "tab",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "switch",
        "DisclosureTriangle",
    }
)
"""Roles whose elements are offered a ``click`` (when the click does something)."""
NUMBER_FIELD_ROLES = frozenset({"spinbutton"})
"""Roles offered numbers rather than the goal's words."""
COUNTS = tuple(str(n) for n in range(1, 10))
"""Numbers every number field is offered besides the goal's."""
MAX_VALUE_CHARS = 200
"""Longest goal value offered for typing."""
MAX_SEEN_VALUES = 16
"""Most values seen on earlier pages offered to one field."""
MAX_TOOL_CANDIDATES = 8
"""Most candidates offered for one tool."""

_LINE = re.compile(r"^\t*\[(\d+)\] (\S+) '")
_NAME = re.compile(r"(.*?)'(?= [\w-]+: |$)")
_VALUE = re.compile(r" value: '(.*)'$")
_CHECKED = re.compile(r"' (?:focused: \w+ )?checked: (True|False|'mixed')")
_QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”")
_CURRENCY = "$€£"
_DATE_FIELD = re.compile(r"\bdate\b", re.IGNORECASE)
_NUMBER_FIELD = re.compile(r"\b(?:price|quantity|qty|amount)\b", re.IGNORECASE)
_SEARCH_FIELD = re.compile(r"\b(?:search|filter)", re.IGNORECASE)
_USERNAME_FIELD = re.compile(r"\buser ?name\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def goal_values(task: Task) -> list[str]:
    """The texts offered for typing into text fields, from the task's goal.

    In order, without repeats: the task's slot values (``instantiation_dict``; list values
    give each item), the phrases quoted in the intent, the parts of each ``a / b`` path
    value (``"Team / Project"`` also gives ``"Project"`` and ``"Team"``), and the
    usernames the task logs in as. Values are whitespace-collapsed; empty ones and ones
    longer than :data:`MAX_VALUE_CHARS` are dropped.
    """
    found: list[str] = []
    for value in task.instantiation_dict.values():
        found.extend(_flat(value))
    for match in _QUOTED.finditer(task.intent):
        found.append(match.group(1) or match.group(2))
    for value in list(found):
        if " / " in value:
            found.extend(reversed(value.split(" / ")))
    found.extend(task.login.values())
    values = (" ".join(str(v).split()) for v in found)
    return list(dict.fromkeys(v for v in values if v and len(v) <= MAX_VALUE_CHARS))


def _flat(value: Any) -> Iterable[str]:
    if isinstance(value, list | tuple):
        for item in value:
            yield from _flat(item)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield str(value)


def number_values(values: Iterable[str]) -> list[str]:
    """The numbers offered to a number field: the goal's numbers, then 1-9."""
    return list(dict.fromkeys([*_numbers_in(values), *COUNTS]))


def _numbers_in(values: Iterable[str]) -> list[str]:
    return [m.group(0) for value in values for m in _NUMBER.finditer(value)]


def _field_name(rest: str) -> str:
    """A field's name from its line's text after the role and the opening quote."""
    name = _NAME.match(rest)
    return "" if name is None else name.group(1)


def goal_prefixes(task: Task) -> list[str]:
    """Phrases quoted in the intent that begin a value rather than being one.

    A quoted phrase that ends in a space or a currency sign (``"Order "``, ``"Price: $"``)
    is the start of a text the agent completes with a value it reads on a page ("a
    comment "Order " followed by the order number").
    """
    found = (m.group(1) or m.group(2) for m in _QUOTED.finditer(task.intent))
    prefixes = (p for p in found if p.strip() and (p[-1].isspace() or p[-1] in _CURRENCY))
    return list(dict.fromkeys(p for p in prefixes if len(p) < MAX_VALUE_CHARS))


@dataclass(frozen=True)
class FieldValues:
    """The texts offered to each kind of text field on one page."""

    goal: list[str]
    """The goal's own values (:func:`goal_values`), which are also appended to a field's
    shown value."""
    text: list[str]
    number: list[str]
    date: list[str]
    username: list[str]
    seen: frozenset[str]
    """The values that only earlier pages gave (offered once per field: with Enter in a
    search box, else without)."""


def field_values(task: Task, seen: Sequence[SeenPage] = (), host: str = "") -> FieldValues:
    """The texts offered for typing into each kind of field.

    Args:
        task: The episode's task: :func:`goal_values` come first for every kind.
        seen: The episode's earlier pages, oldest first (:mod:`webenv.seen`).
        host: The host of the page with the fields (it decides the order of ``seen``:
            :func:`~webenv.seen.seen_values`).

    Returns:
        For text fields, the goal values, then up to :data:`MAX_SEEN_VALUES` texts seen
        (most recent page first), then each of :func:`goal_prefixes` completed by each of
        those texts (for a prefix ending in a currency sign, by the amounts in that
        currency, without the sign). For number fields, :func:`number_values` with up to
        :data:`MAX_SEEN_VALUES` numbers seen before the counts 1-9. For date fields (a text
        field whose name has the word "date"), the goal values, then up to
        :data:`MAX_SEEN_VALUES` dates seen, in ISO form.
    """
    goal = goal_values(task)
    texts = seen_values(seen, "texts", MAX_SEEN_VALUES, host)
    composed = [
        prefix + (text[1:] if prefix[-1] in _CURRENCY else text)
        for prefix in goal_prefixes(task)
        for text in texts
        if prefix[-1] not in _CURRENCY or text[0] == prefix[-1]
    ]
    goal_numbers = _numbers_in(goal)
    numbers_seen = seen_values(seen, "numbers", MAX_SEEN_VALUES, host)
    numbers = [*goal_numbers, *numbers_seen, *COUNTS]
    dates = seen_values(seen, "dates", MAX_SEEN_VALUES, host)
    handles = seen_values(seen, "handles", MAX_SEEN_VALUES, host)
    from_goal = {*goal, *goal_numbers, *COUNTS}
    return FieldValues(
        goal=goal,
        seen=frozenset({*texts, *composed, *numbers_seen, *dates, *handles} - from_goal),
        text=_usable([*goal, *texts, *composed]),
        number=_usable(numbers),
        date=_usable([*goal, *dates]),
        username=_usable([*goal, *handles]),
    )


def _usable(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(v for v in values if v and len(v) <= MAX_VALUE_CHARS))


def page_candidates(browser: Browser, task: Task, seen: Sequence[SeenPage] = ()) -> list[str]:
    """Every meaningful action on the browser's active page for ``task``.

    Args:
        browser: The env's browser, on the page the agent sees.
        task: The episode's task (its goal supplies the texts to type).
        seen: The episode's earlier pages, oldest first (their values are offered for
            typing too; see :func:`field_values`).

    Returns:
        Action strings in the order the module docstring gives; each executes without
        ``last_action_error``.
    """
    actions: list[Action] = [Action(ActionKind.STOP, text="")]
    back, forward = browser.history_moves()
    if back:
        actions.append(Action(ActionKind.GO_BACK))
    if forward:
        actions.append(Action(ActionKind.GO_FORWARD))
    count = len(browser.tabs)
    actions += [
        Action(ActionKind.TAB_FOCUS, tab_index=i) for i in range(count) if i != browser.active
    ]
    if count < MAX_TABS:
        actions.append(Action(ActionKind.NEW_TAB))
    if count > 1:
        actions.append(Action(ActionKind.CLOSE_TAB))
    url = parse_url(browser.url)
    values = field_values(task, seen, url.host if url is not None and url.host else "")
    for line in browser.axtree_text().splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        role = match.group(2)
        if role == "StaticText":
            continue
        target = int(match.group(1))
        facts = browser.element_facts(target)
        if facts is None or facts.hidden:
            continue
        fill, name = values.text, ""
        if facts.is_text_field:
            name = _field_name(line[match.end() :])
            if role in NUMBER_FIELD_ROLES or _NUMBER_FIELD.search(name):
                fill = values.number
            elif _DATE_FIELD.search(name):
                fill = values.date
            elif _USERNAME_FIELD.search(name):
                fill = values.username
        search = role == "searchbox" or _SEARCH_FIELD.search(name) is not None
        actions += _element_actions(
            browser, target, role, facts, line, fill, values.goal, values.seen, search
        )
    actions += tool_candidates(task, browser.world.sites, values)
    return [text for text in map(_checked_string, actions) if text is not None]


def tool_candidates(task: Task, hosted: Iterable[str], values: FieldValues) -> list[Action]:
    """The tool actions offered for ``task``: its sites' tools (see the module docstring)."""
    sites = [site for site in task.sites if site in set(hosted)]
    actions: list[Action] = []
    for tool in site_tools(sites):
        if tool.uses_api and "api" in task.modalities.forbid:
            continue
        if not tool.uses_api and "ui" in task.modalities.forbid:
            continue
        choices: list[list[Any]] = []
        for param in tool.params:
            if not param.required:
                continue
            if param.enum:
                choices.append(list(param.enum))
            elif param.type == "integer":
                choices.append([int(v) for v in values.number if v.isdigit()])
            else:
                choices.append(list(values.text))
        for combination in itertools.islice(itertools.product(*choices), MAX_TOOL_CANDIDATES):
            required = [param.name for param in tool.params if param.required]
            params = dict(zip(required, combination, strict=True))
            try:
                actions.append(tool_action(tool.name, params))
            except ActionError:  # e.g. an over-long value
                continue
    return actions


def _element_actions(
    browser: Browser,
    target: int,
    role: str,
    facts: ElementFacts,
    line: str,
    values: list[str],
    goal: list[str],
    seen: frozenset[str] = frozenset(),
    search: bool = False,
) -> list[Action]:
    """The actions offered on one shown element: ``values`` to type into a text field
    (those in ``seen`` once: with Enter in a ``search`` box, else without) and ``goal``
    values to append to what it shows."""
    if facts.is_text_field:
        if facts.disabled or facts.readonly:
            return []
        shown = _VALUE.search(line)
        # The tree shows whether there is a value (masked for a password); the facts give
        # it as typing replaces it: the tree collapses a textarea's line breaks.
        current = facts.value if shown is not None and "•" not in shown.group(1) else ""
        # Appending to a number field would not be a number.
        appended = [] if facts.type == "number" else [f"{current} {v}" for v in goal if current]
        texts = [*values, *appended]
        typed = [
            Action(ActionKind.TYPE, target=target, text=text, press_enter=enter)
            for text in texts
            for enter in ((True, False) if text not in seen else (search,))
        ]
        return [*typed, Action(ActionKind.TYPE, target=target, text="")]
    if facts.is_checkable:
        if facts.disabled:
            return []
        checked = _CHECKED.search(line)
        if checked is not None and checked.group(1) == "True":
            return [] if facts.type == "radio" else [Action(ActionKind.UNCHECK, target=target)]
        return [Action(ActionKind.CHECK, target=target)]
    if facts.tag == "select":
        if facts.disabled:
            return []
        labels = dict.fromkeys(option.label for option in facts.options if option.label)
        return [Action(ActionKind.SELECT, target=target, text=label) for label in labels]
    if role in CLICK_ROLES and _click_does_something(browser, facts):
        return [Action(ActionKind.CLICK, target=target)]
    return []


def _click_does_something(browser: Browser, facts: ElementFacts) -> bool:
    """Whether a click on the element follows a reachable link or activates a control."""
    if facts.disabled and facts.tag in DISABLEABLE_TAGS:
        return False
    if facts.link is not None:
        url = parse_url(facts.link, base=browser.url)
        return url is not None and reachable(loadable(url), browser.world.sites)
    return facts.tag in ACTIVATABLE_TAGS


def _checked_string(action: Action) -> str | None:
    """``action`` as a string, or None when the string would not parse back to it."""
    text = action.to_str()
    try:
        return text if parse_action(text) == action else None
    except ActionError:
        return None


def solution_misses(env: Any, task: Task) -> list[str]:
    """Play ``task``'s reference solution as candidates; say where a step is not one.

    Resets ``env`` (a ``WebEnv`` with ``candidates=True`` whose task set holds ``task``)
    to the task and takes each solution step in its candidate form (``type [id] [text]
    [1|0]`` for a fill with or without Enter, ``check``/``uncheck`` for a click on a
    checkbox or radio button, ``stop []`` for any answer, since answers are left to the
    agent); the step is played as the solution writes it. A click on a radio button that
    is already chosen changes nothing, so it is played but not looked for.

    Returns:
        One line per step whose candidate form was not offered, or that failed; empty
        when every step was among the candidates when it was taken.
    """
    from webenv.tools.solution import find_element, step_to_actions

    misses: list[str] = []
    obs, info = env.reset(options={"task_id": task.task_id})
    for number, step in enumerate(task.solution, 1):
        do = step["do"]
        try:
            actions = step_to_actions(step, obs["axtree"])
            if do in ("stop", "report_infeasible"):
                wanted = "stop []"
            elif do == "api":
                wanted = ""  # an API call is written, like an answer: not a candidate
            elif do == "type":
                enter = 1 if step.get("enter", False) else 0
                target = find_element(obs["axtree"], step)
                wanted = f"type [{target}] [{step.get('text', '')}] [{enter}]"
            elif do in ("goto", "press", "hover", "scroll"):
                wanted = actions[0]
            elif do == "click" and step.get("role") in ("checkbox", "radio"):
                target = find_element(obs["axtree"], step)
                ticked = f"[{target}] {step['role']} " in obs["axtree"] and any(
                    line.lstrip("\t").startswith(f"[{target}] ") and "checked: True" in line
                    for line in obs["axtree"].splitlines()
                )
                # Choosing the chosen radio button changes nothing: no candidate to find.
                noop = ticked and step["role"] == "radio"
                wanted = "" if noop else f"{'uncheck' if ticked else 'check'} [{target}]"
            else:
                wanted = parse_action(actions[0]).to_str()
        except (ActionError, KeyError, ValueError) as exc:
            return [*misses, f"step {number} ({do}): {exc}"]
        except Exception as exc:  # a SolutionError: the step names nothing on the page
            return [*misses, f"step {number} ({do}): {type(exc).__name__}: {exc}"]
        if wanted and wanted not in info["candidates"]:
            misses.append(f"step {number}: {wanted!r} not among {len(info['candidates'])}")
        for action in actions:
            obs, _, terminated, truncated, info = env.step(action)
            if obs["last_action_error"]:
                return [*misses, f"step {number} {action!r}: {obs['last_action_error']}"]
            if terminated or truncated:
                return misses
    return misses
