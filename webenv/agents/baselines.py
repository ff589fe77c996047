"""Built-in reference agents: ``random`` (a floor) and ``oracle`` (a ceiling)."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from webenv.agents.protocol import TaskInfo
from webenv.errors import SolutionError
from webenv.tools.solution import step_to_actions


class RandomAgent:
    """Picks uniformly among the page's executable actions (``info["candidates"]``).

    Seeded per episode from :attr:`TaskInfo.seed`, so a run is reproducible whatever the
    number of workers. Answers (``stop``/``send_msg_to_user`` candidates) are among the
    choices, so most episodes end by answering something.
    """

    wants_candidates = True

    def __init__(self) -> None:
        self._rng = random.Random(0)

    def reset(self, task_info: TaskInfo) -> None:
        """Reseed from the episode's seed."""
        self._rng = random.Random(task_info.seed)

    def act(self, obs: dict[str, Any], info: dict[str, Any]) -> str:
        """A uniformly drawn candidate.

        Raises:
            SolutionError: the env gave no ``candidates`` (it was made without
                ``candidates=True``) or none at all.
        """
        candidates = info.get("candidates")
        if not candidates:
            raise SolutionError(
                "the random agent needs info['candidates']; make the env with candidates=True"
            )
        return str(self._rng.choice(candidates))


class OracleAgent:
    """Plays the task's reference solution, one action per step.

    Each solution step is resolved against the page the agent is shown, with the same
    :func:`webenv.tools.solution.step_to_actions` that ``webenv tasks check`` uses, so
    the oracle scores 100 % exactly when the task checker passes.
    """

    def __init__(self) -> None:
        self._steps: deque[dict[str, Any]] = deque()
        self._pending: deque[str] = deque()
        self._task_id = ""

    def reset(self, task_info: TaskInfo) -> None:
        """Queue the task's reference solution.

        Raises:
            SolutionError: the task has no reference solution.
        """
        if not task_info.task.solution:
            raise SolutionError(f"task {task_info.task.task_id} has no reference solution")
        self._task_id = task_info.task.task_id
        self._steps = deque(task_info.task.solution)
        self._pending = deque()

    def act(self, obs: dict[str, Any], info: dict[str, Any]) -> str:
        """The next action of the reference solution on this page.

        Raises:
            SolutionError: the solution is used up, or a step's element is not on the page.
        """
        while not self._pending:
            if not self._steps:
                raise SolutionError(
                    f"the reference solution of {self._task_id} ended without an answer"
                )
            self._pending.extend(step_to_actions(self._steps.popleft(), obs["axtree"]))
        return self._pending.popleft()
