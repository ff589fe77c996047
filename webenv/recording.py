"""Episode recording to JSONL: one JSON object per episode, format ``webenv-episode/1``.

Each env process appends to ``<record_dir>/episodes-<pid>.jsonl``; ``webenv serve``
records people's episodes the same way and ``webenv demos`` writes expert trajectories in
this format. The format is documented in ``docs/episode-format.md`` and versioned by the
``format`` field (:data:`FORMAT`); a reader should check it.

An episode holds the task, every step (the action, the URL it led to, its error, its
reward and, in ``reward_mode="progress"``, the reward components), the final answer, both
verdicts and the final reward. With ``record_obs=True`` it also holds the observation the
reset produced (``start``) and the one each step produced (``obs``), with the action
candidates when the env offers them. Episodes that end without an answer are written with
``"ended": "truncated"`` (a time limit judged them) or ``"ended": "unfinished"`` (reset
or closed midway).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webenv.files import json_text
from webenv.validators import Evaluation

FORMAT = "webenv-episode/1"
"""The record format's name and version, written in every record's ``format`` field."""
OBSERVATION_KEYS = ("axtree", "url", "tabs", "last_action_error")
"""The observation keys a record keeps (the goal is the episode's ``intent``)."""
MAX_RECORDED_ACTION_CHARS = 2_000


def observation_record(
    obs: dict[str, Any], candidates: Sequence[str] | None = None
) -> dict[str, Any]:
    """An observation as a record stores it: its text keys, and the candidates if given."""
    record: dict[str, Any] = {key: obs[key] for key in OBSERVATION_KEYS if key in obs}
    if candidates is not None:
        record["candidates"] = list(candidates)
    return record


@dataclass
class EpisodeRecorder:
    """Collects one episode at a time and appends it to the env process's JSONL file."""

    directory: Path
    backend: str = "inprocess"
    _count: int = 0
    _episode: dict[str, Any] | None = None
    _steps: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = self.directory / f"episodes-{os.getpid()}.jsonl"

    def start(
        self,
        task_id: str,
        seed: int | None,
        start_url: str,
        *,
        intent: str | None = None,
        world_seed: int | None = None,
        family: str | None = None,
        instance: int | None = None,
        reward_mode: str = "sparse",
        validator_mode: str = "lenient",
        subgoals: Sequence[str] | None = None,
        obs: dict[str, Any] | None = None,
        candidates: Sequence[str] | None = None,
    ) -> None:
        """Begin a new episode (writing out an unfinished previous one).

        Every record has the same fields whoever writes it (an env, ``webenv serve``);
        what a writer does not know is null.

        Args:
            task_id: The task played.
            seed: The reset's seed.
            start_url: Where the episode starts.
            intent: The goal.
            world_seed: The world played.
            family: The family of a generated task.
            instance: The instance seed of a generated task.
            reward_mode: ``sparse`` or ``progress``.
            validator_mode: The mode the rewards use.
            subgoals: The episode's subgoal names (progress mode).
            obs: The reset's observation, to record as ``start`` (``record_obs``).
            candidates: The reset's action candidates, recorded with ``obs``.
        """
        self.flush_unfinished()
        self._count += 1
        self._episode = {
            "format": FORMAT,
            "episode": f"{os.getpid()}-{self._count}",
            "task_id": task_id,
            "seed": seed,
            "backend": self.backend,
            "start_url": start_url,
            "intent": intent,
            "world_seed": world_seed,
            "family": family,
            "instance": instance,
            "reward_mode": reward_mode,
            "validator_mode": validator_mode,
            "subgoals": None if subgoals is None else list(subgoals),
        }
        if obs is not None:
            self._episode["start"] = observation_record(obs, candidates)
        self._steps = []

    def step(
        self,
        action: str,
        url: str,
        error: str,
        *,
        reward: float = 0.0,
        components: dict[str, Any] | None = None,
        obs: dict[str, Any] | None = None,
        candidates: Sequence[str] | None = None,
    ) -> None:
        """Record one action, where it left the browser, its reward and (optionally) the
        observation it produced."""
        if self._episode is None:
            return
        step: dict[str, Any] = {
            "action": action[:MAX_RECORDED_ACTION_CHARS],
            "url": url,
            "error": error,
            "reward": reward,
        }
        if components is not None:
            step["reward_components"] = dict(components)
        if obs is not None:
            step["obs"] = observation_record(obs, candidates)
        self._steps.append(step)

    def finish(self, answer: str, infeasible: bool, evaluation: Evaluation, reward: float) -> None:
        """Write the episode with its answer, both verdicts and its (sparse) reward."""
        if self._episode is None:
            return
        self._write(
            {
                **self._episode,
                "ended": "answered",
                "steps": self._steps,
                "answer": answer,
                "infeasible": infeasible,
                "reward": reward,
                "return": _return(self._steps),
                "lenient": evaluation.lenient.passed,
                "strict": evaluation.strict.passed,
                "validation": evaluation.to_dict(),
            }
        )

    def truncate(
        self, evaluation: Evaluation, extra: float, components: dict[str, Any] | None
    ) -> None:
        """Write the episode as truncated by a time limit, with the verdict on its final
        state; ``extra`` and ``components`` correct the last step's reward (progress
        mode's terminal potential)."""
        if self._episode is None:
            return
        if self._steps:
            last = self._steps[-1]
            last["reward"] += extra
            if components is not None:
                last["reward_components"] = dict(components)
        self._write(
            {
                **self._episode,
                "ended": "truncated",
                "steps": self._steps,
                "answer": None,
                "infeasible": False,
                "reward": 0.0,
                "return": _return(self._steps),
                "lenient": evaluation.lenient.passed,
                "strict": evaluation.strict.passed,
                "validation": evaluation.to_dict(),
            }
        )

    def flush_unfinished(self) -> None:
        """Write the current episode as unfinished, if there is one."""
        if self._episode is not None:
            self._write(
                {
                    **self._episode,
                    "ended": "unfinished",
                    "steps": self._steps,
                    "answer": None,
                    "infeasible": False,
                    "reward": 0.0,
                    "return": _return(self._steps),
                    "lenient": False,
                    "strict": False,
                    "validation": None,
                }
            )

    def _write(self, record: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json_text(record) + "\n")
        self._episode = None
        self._steps = []


def _return(steps: Sequence[dict[str, Any]]) -> float:
    """The sum of the steps' rewards."""
    return sum(step.get("reward", 0.0) for step in steps)
