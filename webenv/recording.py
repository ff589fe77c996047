"""Episode recording to JSONL, so validator studies need no re-running.

Each env process appends one JSON object per episode to
``<record_dir>/episodes-<pid>.jsonl``: the task, every action with the URL it led to
and its error, the final answer, both verdicts and the reward. Episodes that end
without an answer (truncated, or reset midway) are written with ``"ended": "unfinished"``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webenv.validators import Evaluation


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

    def start(self, task_id: str, seed: int | None, start_url: str) -> None:
        """Begin a new episode (writing out an unfinished previous one)."""
        self.flush_unfinished()
        self._count += 1
        self._episode = {
            "episode": f"{os.getpid()}-{self._count}",
            "task_id": task_id,
            "seed": seed,
            "backend": self.backend,
            "start_url": start_url,
        }
        self._steps = []

    def step(self, action: str, url: str, error: str) -> None:
        """Record one action and where it left the browser."""
        if self._episode is not None:
            self._steps.append({"action": action[:2000], "url": url, "error": error})

    def finish(self, answer: str, infeasible: bool, evaluation: Evaluation, reward: float) -> None:
        """Write the episode with its answer and both verdicts."""
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
                    "lenient": False,
                    "strict": False,
                    "validation": None,
                }
            )

    def _write(self, record: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._episode = None
        self._steps = []
