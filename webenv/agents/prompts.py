"""Prompts for the LLM agent in two styles, and the AX text cut to a token budget.

- ``webarena``: WebArena's chain-of-thought prompt over the accessibility tree: the
  observation, URL, objective and previous action; the reply ends with the action in a
  code fence ("In summary, the next action I will perform is ```click [12]```").
- ``browsergym``: BrowserGym's generic-agent layout: goal, open tabs, AX tree, the
  action set from :func:`webenv.actions.describe_actions`, the past actions and the
  last error.

Both describe the actions with :func:`~webenv.actions.describe_actions`, so a prompt
never offers an action the parser would refuse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from webenv.actions import describe_actions
from webenv.errors import OptionError

PROMPT_STYLES = ("webarena", "browsergym")
CHARS_PER_TOKEN = 4
"""How many characters a token is taken to be when cutting text to a budget: an
estimate (English and AX text average about four per token with common BPE
vocabularies); no tokenizer is downloaded at run time."""
HISTORY_ACTIONS = 10
"""Past actions the BrowserGym-style prompt lists."""
SITE_DOCS_HEADING = "# Site documentation"
"""Heads the sites' help text (``info["site_docs"]``) at the end of the system prompt."""


def estimate_tokens(text: str) -> int:
    """The estimated token count of ``text`` (:data:`CHARS_PER_TOKEN`)."""
    return -(-len(text) // CHARS_PER_TOKEN)


def truncate_to_tokens(text: str, budget: int) -> str:
    """``text`` cut at a line boundary to about ``budget`` tokens, with a note saying
    how many lines were left out (``text`` itself when it fits)."""
    limit = budget * CHARS_PER_TOKEN
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    kept: list[str] = []
    used = 0
    for line in lines:
        if used + len(line) + 1 > limit:
            break
        kept.append(line)
        used += len(line) + 1
    if not kept:  # one very long first line: cut inside it
        kept = [lines[0][:limit]]
    left = len(lines) - len(kept)
    return "\n".join(kept) + f"\n[... {left} more lines cut to fit the {budget}-token budget]"


WEBARENA_SYSTEM = """\
You are an autonomous intelligent agent tasked with navigating a web browser. You will be \
given web-based tasks. These tasks will be accomplished through the use of specific actions \
you can issue.

Here's the information you'll have:
The user's objective: This is the task you're trying to complete.
The current web page's accessibility tree: This is a simplified representation of the \
webpage, providing key information.
The current web page's URL: This is the page you're currently navigating.
The open tabs: These are the tabs you have open.
The previous action: This is the action you just performed. It may be helpful to track \
your progress.

{actions}

To be successful, it is very important to follow the following rules:
1. You should only issue an action that is valid given the current observation.
2. You should only issue one action at a time.
3. You should follow the examples to reason step by step and then issue the next action.
4. Generate the action in the correct format. Start with a "In summary, the next action I \
will perform is" phrase, followed by the action inside ``````. For example, "In summary, the \
next action I will perform is ```click [1234]```".
5. Issue the stop action when you think you have achieved the objective. Don't generate \
anything after stop."""

WEBARENA_USER = """\
OBSERVATION:
{axtree}
URL: {url}
OPEN TABS:
{tabs}
OBJECTIVE: {goal}
PREVIOUS ACTION: {previous}{error}"""

BROWSERGYM_SYSTEM = """\
# Instructions
Review the current state of the page and all other information to find the best possible \
next action to accomplish your goal. Your answer will be interpreted and executed by a \
program, make sure to follow the formatting instructions."""

BROWSERGYM_USER = """\
# Goal
{goal}

# Currently open tabs
{tabs}

# Current page Accessibility Tree
URL: {url}
{axtree}

# Action Space
{actions}

Only a single action can be provided at once. Example:
```
click("12")
```

# History of past actions
{history}

# Error message from last action
{error}

# Next action
You will now think step by step and produce your next best action. Reflect on your past \
actions, any resulting error message, and the current state of the page before deciding \
on your next action. End your reply with the action alone in a code fence."""


def build_messages(
    style: str,
    obs: dict[str, Any],
    history: Sequence[str],
    *,
    obs_tokens: int,
    sites: Sequence[str] = (),
    site_docs: str = "",
) -> list[dict[str, str]]:
    """The chat messages for one step.

    Args:
        style: ``webarena`` or ``browsergym``.
        obs: The env's observation.
        history: This episode's actions so far, oldest first.
        obs_tokens: The AX text's token budget.
        sites: The task's sites, whose tool actions the action list describes.
        site_docs: The sites' help text (``info["site_docs"]`` of the reset, already cut
            to its budget); when given, it ends the system prompt under
            :data:`SITE_DOCS_HEADING`.

    Raises:
        OptionError: an unknown style.
    """
    axtree = truncate_to_tokens(str(obs.get("axtree", "")), obs_tokens)
    error = str(obs.get("last_action_error") or "")
    fields = {
        "axtree": axtree,
        "url": obs.get("url", ""),
        "tabs": obs.get("tabs", "") or "(one tab)",
        "goal": obs.get("goal", ""),
    }
    if style == "webarena":
        system = WEBARENA_SYSTEM.format(actions=describe_actions("webarena", sites))
        user = WEBARENA_USER.format(
            **fields,
            previous=history[-1] if history else "None",
            error=f"\nTHE PREVIOUS ACTION FAILED: {error}" if error else "",
        )
    elif style == "browsergym":
        system = BROWSERGYM_SYSTEM
        shown = history[-HISTORY_ACTIONS:]
        user = BROWSERGYM_USER.format(
            **fields,
            actions=describe_actions("browsergym", sites),
            history="\n".join(shown) if shown else "(none yet)",
            error=error or "(none)",
        )
    else:
        raise OptionError(
            f"prompt_style={style!r} is not accepted; use one of {', '.join(PROMPT_STYLES)}"
        )
    if site_docs:
        system += (
            f"\n\n{SITE_DOCS_HEADING}\nThe help pages of the websites in this task, written "
            f"for newcomers: where things are and how they work.\n\n{site_docs}"
        )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]
