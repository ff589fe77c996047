"""Reference solutions: resolve role/name steps against the live observation and play them.

A solution step names an element the way a person would (``{"do": "click", "role":
"link", "name": "My Orders"}``); the player finds it in the current accessibility-tree
text, turns it into an ordinary action string and sends it through ``env.step``, so a
solved task proves the public API, the site and the validators agree.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gymnasium as gym

from webenv.actions.parsers import api_action, tool_action
from webenv.errors import ActionError, SolutionError
from webenv.tasks import Task
from webenv.validators import Evaluation
from webenv.world import expand_placeholders


@dataclass
class SolutionResult:
    """The outcome of playing one task's reference solution."""

    task_id: str
    solved: bool
    lenient: bool = False
    strict: bool = False
    steps: int = 0
    error: str = ""
    validation: Evaluation | None = None


def _line_matches(rest: str, role: str, name: str | None, contains: str | None) -> bool:
    prefix = f"{role} '"
    if not rest.startswith(prefix):
        return False
    if name is not None:
        exact = f"{role} '{name}'"
        return rest == exact or (rest.startswith(exact + " ") and ": " in rest[len(exact) :])
    return contains is None or contains.casefold() in rest[len(prefix) :].casefold()


def find_element(axtree: str, step: dict[str, Any]) -> int:
    """The id of the element a solution step names in ``axtree`` text.

    Raises:
        SolutionError: no element (or not the ``nth``) matches.
    """
    role, name, contains = step.get("role"), step.get("name"), step.get("name_contains")
    if not role:
        raise SolutionError(f"step {step!r} needs a 'role'")
    found = []
    for line in axtree.splitlines():
        text = line.lstrip("\t")
        if not text.startswith("["):
            continue
        node_id, _, rest = text[1:].partition("] ")
        if node_id.isdigit() and _line_matches(rest, role, name, contains):
            found.append(int(node_id))
    nth = step.get("nth", 0)
    if len(found) <= nth:
        wanted = f"{role} named {name!r}" if name is not None else f"{role} containing {contains!r}"
        raise SolutionError(f"no {wanted} (#{nth}) on the page; {len(found)} found")
    return found[nth]


def step_to_actions(step: dict[str, Any], axtree: str) -> list[str]:
    """The action strings that carry out one solution step on the current page."""
    do = step["do"]
    if do == "stop":
        return [f"send_msg_to_user({json.dumps(step.get('answer', ''))})"]
    if do == "report_infeasible":
        return [f"report_infeasible({json.dumps(step.get('answer', ''))})"]
    if do == "goto":
        return [f"goto [{expand_placeholders(step['url'])}]"]
    if do in ("go_back", "go_forward"):
        return [do]
    if do == "api":
        body = step.get("body")
        url = expand_placeholders(step["url"])
        return [api_action(step.get("method", "GET"), url, body).to_str()]
    if do == "tool":
        return [tool_action(step["tool"], step.get("params", {})).to_str()]
    if do == "press" and "role" not in step:
        return [f"press [{step.get('key', 'Enter')}]"]
    element = find_element(axtree, step)
    if do == "type":
        actions = [f'fill("{element}", {json.dumps(step.get("text", ""))})']
        if step.get("enter", False):
            actions.append("press [Enter]")
        return actions
    if do == "select":
        return [f'select_option("{element}", {json.dumps(step.get("option", ""))})']
    if do == "press":
        return [f'press("{element}", {json.dumps(step.get("key", "Enter"))})']
    return [f"{do} [{element}]"]


def play_solution(
    env: gym.Env,
    task: Task,
    *,
    on_step: Callable[[str, dict[str, str]], None] | None = None,
) -> SolutionResult:
    """Reset ``env`` to ``task`` and play its reference solution through ``env.step``.

    Args:
        env: an env whose task set contains ``task``.
        task: the task to solve.
        on_step: called with each action string and the observation it produced.

    Returns:
        Whether the episode ended with both the lenient and the strict verdict passing.
    """
    result = SolutionResult(task.task_id, solved=False)
    if not task.solution:
        result.error = "the task has no solution"
        return result
    obs, _ = env.reset(options={"task_id": task.task_id})
    info: dict[str, Any] = {}
    terminated = truncated = False
    for step in task.solution:
        try:
            actions = step_to_actions(step, obs["axtree"])
        except (SolutionError, KeyError, ActionError) as exc:
            result.error = f"step {result.steps + 1} ({step.get('do')}): {exc}"
            return result
        for action in actions:
            obs, _, terminated, truncated, info = env.step(action)
            result.steps += 1
            if on_step is not None:
                on_step(action, obs)
            if obs["last_action_error"]:
                result.error = f"step {result.steps} {action!r}: {obs['last_action_error']}"
                return result
            if terminated or truncated:
                break
        if terminated or truncated:
            break
    if not terminated:
        result.error = "the solution ended without an answer (add a final 'stop' step)"
        return result
    evaluation = Evaluation.from_dict(info["validation"])
    result.validation = evaluation
    result.lenient = evaluation.lenient.passed
    result.strict = evaluation.strict.passed
    result.solved = result.lenient and result.strict
    if not result.solved:
        failed = [*evaluation.lenient.failed(), *evaluation.strict.failed()]
        result.error = "; ".join(f"{c.type}: {c.explanation}" for c in failed[:3])
    return result
