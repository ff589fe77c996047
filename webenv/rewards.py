"""Rewards: the sparse verdict, or progress shaped by a task's subgoals.

``reward_mode="sparse"`` (the default) pays the validators' score when the agent answers
and 0 on every other step. ``reward_mode="progress"`` adds potential-based shaping (Ng,
Harada and Russell, 1999) with discount 1: with ``Phi(s)`` the fraction of the task's
subgoals that hold in state ``s`` and ``Phi = 0`` in the terminal state, each step pays::

    reward_t = verdict_t + Phi(s_{t+1}) - Phi(s_t)

so along any episode the shaping terms telescope to ``-Phi(s_0)``, which is 0 because a
subgoal that already holds at the start is dropped for the episode: every episode's
rewards sum to its sparse reward, and the optimal policy is unchanged.

Subgoals (:class:`webenv.tasks.Subgoal`) are judged by the validators on the live world,
in the env's ``validator_mode``. Every generated task gets them from the framework,
without per-family code (:func:`task_subgoals`):

- **pages**: the page the reference solution answers on (for tasks judged on an answer or
  a URL; the eval's own ``reference_url`` when it has one), and each page a
  state-changing request (a form post) is sent from. They are found by replaying the
  reference solution once, in process, on the env's own world (which is then restored),
  the first time a task is played in progress mode; the result is cached per task.
- **state**: each entry of the eval's ``state_match``, ``request_match`` and
  ``program_html`` checks, judged alone.

A family may declare more subgoals (``Draft.subgoals``, the task's ``subgoals`` field); a
declared subgoal replaces a derived one of the same name. Tasks that are not generated
use only their declared subgoals; a task with none (the curated tasks) falls back to
sparse rewards, and ``info["reward_components"]["mode"]`` says so.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from webenv.actions import ActionKind, parse_action
from webenv.browser.inprocess import InProcessBrowser
from webenv.errors import WebEnvError
from webenv.lru import LRU
from webenv.tasks import Subgoal, Task
from webenv.tools.solution import step_to_actions
from webenv.validators import EvalContext, EvalSpec, parse_eval_spec
from webenv.validators.evaluate import run_check
from webenv.world import World

REWARD_MODES = ("sparse", "progress")
"""The accepted ``reward_mode`` values."""
DERIVED_CACHE_SIZE = 4_096
"""Tasks whose derived subgoals a process remembers."""
_ENTRY_PARTS = (
    ("state_match", "state"),
    ("request_match", "requests"),
    ("program_html", "program_html"),
)
"""Eval types whose entries are separately-checkable subgoals, with the spec field."""
_ANSWER_PAGE_TYPES = ("string_match", "url_match", "program_html")
"""A task judged by one of these is read (or ends) on the page its solution answers on."""


@dataclass(frozen=True)
class SolutionPages:
    """Where a task's reference solution goes, replayed once in process.

    Attributes:
        answer: The URL the solution answers on (None if it did not get there).
        forms: The URLs it sent a state-changing request from, in order, without repeats.
        error: Why the replay stopped early ("" when it reached its answer).
    """

    answer: str | None
    forms: tuple[str, ...]
    error: str = ""


def solution_pages(task: Task, world: World) -> SolutionPages:
    """Replay ``task``'s reference solution in process on ``world`` and note its pages.

    The world is reset before and after, so whoever owns it sees no trace of the replay
    (call it before resetting the world for an episode). Steps are resolved by
    :func:`webenv.tools.solution.step_to_actions`, the reference-solution player's own.

    Returns:
        The pages; never raises for a solution that does not play (``error`` says why).
    """
    browser = InProcessBrowser(world)
    forms: list[str] = []
    step: dict[str, Any] = {}
    try:
        world.reset()
        cookies = world.login_cookies(task.login)
        browser.reset(task.start_url, cookies)
        for step in task.solution:
            for action in step_to_actions(step, browser.axtree_text()):
                parsed = parse_action(action)
                if parsed.kind == ActionKind.STOP:
                    return SolutionPages(browser.url, tuple(dict.fromkeys(forms)))
                before, seq = browser.url, world.request_log.seq
                browser.execute(parsed)
                if any(r.method != "GET" for r in world.request_log.since(seq)):
                    forms.append(before)
        error = "the solution ends without an answer"
    except (WebEnvError, KeyError) as exc:  # SolutionError, ActionError, WorldError
        error = f"solution step {step.get('do')!r}: {exc}"
    finally:
        browser.close()
        world.reset()
    return SolutionPages(None, tuple(dict.fromkeys(forms)), error)


def entry_subgoals(spec: EvalSpec) -> list[Subgoal]:
    """One subgoal per entry of the eval's state, request and page-content checks."""
    found = []
    for eval_type, field in _ENTRY_PARTS:
        if eval_type not in spec.eval_types:
            continue
        for index, entry in enumerate(getattr(spec, field) or ()):
            check = parse_eval_spec({"eval_types": [eval_type], field: [entry.to_dict()]})
            found.append(Subgoal(f"{field}[{index}]", check))
    return found


def page_subgoals(spec: EvalSpec, pages: SolutionPages) -> list[Subgoal]:
    """The page subgoals of a task judged by ``spec`` whose solution went to ``pages``."""
    found = [
        Subgoal(f"form page {url}", EvalSpec(eval_types=("url_match",), reference_url=url))
        for url in pages.forms
    ]
    if "url_match" in spec.eval_types and spec.reference_url:
        answer = EvalSpec(
            eval_types=("url_match",), reference_url=spec.reference_url, url_note=spec.url_note
        )
        found.append(Subgoal(f"answer page {spec.reference_url}", answer))
    elif (
        pages.answer is not None
        and pages.answer not in pages.forms
        and any(t in spec.eval_types for t in _ANSWER_PAGE_TYPES)
    ):
        answer = EvalSpec(eval_types=("url_match",), reference_url=pages.answer)
        found.append(Subgoal(f"answer page {pages.answer}", answer))
    return found


@dataclass(frozen=True)
class TaskSubgoals:
    """A task's subgoals and a note on how they were found.

    Attributes:
        subgoals: Derived then declared, a declared one in place of a derived namesake.
        note: Empty, or why some could not be derived (the replay failed), or why there
            are none (the task is not generated and declares none).
    """

    subgoals: tuple[Subgoal, ...]
    note: str = ""


_DERIVED: LRU[str, TaskSubgoals] = LRU(DERIVED_CACHE_SIZE)


def task_subgoals(task: Task, world: World) -> TaskSubgoals:
    """The subgoals ``reward_mode="progress"`` shapes ``task``'s rewards with.

    A generated task (one with a ``family``) gets derived subgoals (see the module
    docstring) plus its declared ones; any other task only its declared ones. Derivation
    replays the reference solution on ``world`` (restoring it afterwards) the first time
    a task is seen; the result is cached per task (its id, world, start, solution and
    eval), up to :data:`DERIVED_CACHE_SIZE` tasks.

    Args:
        task: The task.
        world: The world the task is played on, switched to the task's world seed.

    Returns:
        The subgoals and a note; never raises.
    """
    if task.family is None:
        note = "" if task.subgoals else "the task declares no subgoals"
        return TaskSubgoals(task.subgoals, note)
    key = json.dumps(
        [
            task.task_id,
            task.world_seed,
            task.start_url,
            task.login,
            task.solution,
            task.eval.to_dict(),
            [goal.to_dict() for goal in task.subgoals],
        ],
        sort_keys=True,
        default=str,
    )
    return _DERIVED.get_or_make(key, lambda: _derive(task, world))


def _derive(task: Task, world: World) -> TaskSubgoals:
    pages = solution_pages(task, world)
    derived = [*page_subgoals(task.eval, pages), *entry_subgoals(task.eval)]
    declared = {goal.name: goal for goal in task.subgoals}
    merged = [declared.pop(goal.name, goal) for goal in derived] + list(declared.values())
    note = f"page subgoals incomplete: {pages.error}" if pages.error else ""
    return TaskSubgoals(tuple(merged), note)


def holds(subgoal: Subgoal, context: EvalContext, mode: str) -> bool:
    """Whether every check of ``subgoal`` passes on ``context`` in ``mode``."""
    return all(
        run_check(eval_type, subgoal.check, context, mode).passed
        for eval_type in subgoal.check.eval_types
    )


def _components(
    mode: str, verdict: float, shaping: float, potential: float, reached: Sequence[str]
) -> dict[str, Any]:
    return {
        "mode": mode,
        "verdict": verdict,
        "shaping": shaping,
        "potential": potential,
        "subgoals": list(reached),
    }


class ProgressShaping:
    """The shaping of one episode in ``reward_mode="progress"``.

    Built at reset, after the episode's world and page are ready; each step then reports
    the verdict it earned (0.0 before the end) and gets the reward and its components.

    Args:
        found: The task's subgoals (:func:`task_subgoals`).
        context: Returns the validators' view of the current state (no answer); its
            argument says whether a subgoal reads the request log.
        mode: The validator mode subgoals are judged in.
    """

    def __init__(
        self, found: TaskSubgoals, context: Callable[[bool], EvalContext], mode: str
    ) -> None:
        self._context = context
        self.mode = mode
        start = self._holding(found.subgoals)
        self.subgoals = tuple(goal for goal in found.subgoals if goal.name not in start)
        self.dropped = tuple(sorted(start))
        self.note = found.note
        if not self.subgoals:
            self.note = self.note or "every subgoal already holds at the start"
        self.potential = 0.0
        # The shaping paid so far, summed as a caller sums rewards (left to right): the
        # terminal step pays it back, so the float sum of an episode's rewards is its
        # verdict exactly, not up to rounding (in exact arithmetic it is the potential).
        self._paid = 0.0

    def copy(self, context: Callable[[bool], EvalContext]) -> ProgressShaping:
        """This shaping as it stands, judging on ``context`` (an env's snapshot or clone)."""
        twin = copy.copy(self)
        twin._context = context
        return twin

    @property
    def shaped(self) -> bool:
        """Whether the episode has subgoals to shape with (else rewards are sparse)."""
        return bool(self.subgoals)

    def _holding(self, subgoals: Sequence[Subgoal]) -> list[str]:
        if not subgoals:
            return []
        context = self._context(any("request_match" in goal.check.eval_types for goal in subgoals))
        return [goal.name for goal in subgoals if holds(goal, context, self.mode)]

    def start(self) -> dict[str, Any]:
        """The components at reset: potential 0, nothing reached yet, and the subgoals."""
        info = _components(self._label, 0.0, 0.0, 0.0, [])
        if self.note:
            info["note"] = self.note
        return info

    @property
    def _label(self) -> str:
        return "progress" if self.shaped else "sparse"

    def step(self, verdict: float, *, terminal: bool) -> tuple[float, dict[str, Any]]:
        """The reward of a step that earned ``verdict`` and its components.

        Args:
            verdict: The sparse reward of the step (the validators' score when the agent
                answered, else 0.0).
            terminal: The step ended the episode: the next potential is 0.
        """
        reached = self._holding(self.subgoals)
        potential = len(reached) / len(self.subgoals) if self.subgoals else 0.0
        shaping = -self._paid if terminal else potential - self.potential
        self._paid = 0.0 if terminal else self._paid + shaping
        self.potential = 0.0 if terminal else potential
        components = _components(self._label, verdict, shaping, self.potential, reached)
        return verdict + shaping, components

    def end(self, last: dict[str, Any] | None) -> tuple[float, dict[str, Any]]:
        """End the episode without an answer (truncation) after a step with components
        ``last``: the extra reward that takes the potential to 0, and the step's
        components corrected for it."""
        extra = -self._paid
        self._paid = self.potential = 0.0
        components = dict(last) if last is not None else self.start()
        components["shaping"] = components.get("shaping", 0.0) + extra
        components["potential"] = 0.0
        return extra, components
