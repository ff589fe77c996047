"""Playing one episode with one agent on one env, into its ``episodes.jsonl`` record.

:class:`EpisodeRunner` is what every worker owns (a process of the local pool, a Ray
actor, or the calling process): an agent and, made on first use, an env. Whatever the
agent does, ``run`` returns a record: an exception in ``reset`` or ``act`` ends that
episode with the error written down.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from webenv import MAX_EPISODE_STEPS
from webenv.actions import MAX_ACTION_CHARS
from webenv.agents import Agent, AgentSpec, AgentStep, TaskInfo, make_agent
from webenv.run.plan import EpisodeSpec, difficulty
from webenv.tasks import Task

OBSERVATION_KEYS = ("axtree", "url", "tabs", "last_action_error")
"""The observation keys a step records (``goal`` is the task's intent, recorded once)."""
MAX_REPLY_CHARS = 20_000
"""Longest model reply a step keeps."""
AGENT_ERRORS: tuple[type[BaseException], ...] = (Exception, SystemExit)
"""What an agent's own code may raise and fail only its episode: ``sys.exit()`` in an
agent is its failure, not the run's (Ctrl-C, ``KeyboardInterrupt``, still stops the run)."""


@dataclass(frozen=True)
class EnvOptions:
    """How a worker makes its env (``WebEnv`` keyword arguments)."""

    tasks: str | tuple[str, ...]
    world_seeds: tuple[int, ...] | None = None
    backend: str = "inprocess"
    max_obs_chars: int = 60_000
    screenshots: bool = False
    site_docs: bool = False


def task_fields(task: Task) -> dict[str, Any]:
    """The record's description of a task: what the summary groups episodes by."""
    return {
        "task_id": task.task_id,
        "intent": task.intent,
        "site": task.group,
        "sites": list(task.sites),
        "family": task.family or "curated",
        "world_seed": task.world_seed if task.world_seed is not None else 0,
        "instance": task.instance,
        "eval_types": list(task.eval.eval_types),
        "difficulty": difficulty(task),
        "split": task.split,
    }


def _error_text(where: str, exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    place = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    try:
        message = " ".join(str(exc).split()) or type(exc).__name__
    except Exception:  # an exception whose __str__ itself raises
        message = type(exc).__name__
    return f"{where} raised {type(exc).__name__}{place}: {message}"


class AgentFailed(Exception):
    """The agent raised where the harness reads it; the message is the episode's error."""


def _agent_attribute(agent: Any, name: str, default: Any) -> Any:
    """``agent.name`` (``default`` when it has none).

    Raises:
        AgentFailed: reading it raised (a property of the agent's).
    """
    try:
        return getattr(agent, name, default)
    except AGENT_ERRORS as exc:
        raise AgentFailed(_error_text(f"agent.{name}", exc)) from exc


@dataclass
class EpisodeRunner:
    """A worker's agent and env; plays episodes one at a time.

    Attributes:
        agent_spec: The agent to build (once, on first use).
        env_options: The env to make (once, and again after the env itself failed).
        max_steps: Steps before an episode is cut off and judged as it stands.
        record_dir: Where screenshots go (with ``env_options.screenshots``).
    """

    agent_spec: AgentSpec
    env_options: EnvOptions
    max_steps: int = MAX_EPISODE_STEPS
    record_dir: str | None = None
    _agent: Agent | None = field(default=None, init=False)
    _env: Any = field(default=None, init=False)

    def _make_env(self) -> Any:
        from webenv.env import WebEnv

        options = self.env_options
        return WebEnv(
            tasks=options.tasks if isinstance(options.tasks, str) else list(options.tasks),
            world_seeds=list(options.world_seeds) if options.world_seeds else None,
            backend=options.backend,
            max_obs_chars=options.max_obs_chars,
            screenshot=options.screenshots,
            site_docs=options.site_docs,
            candidates=bool(_agent_attribute(self._agent, "wants_candidates", False)),
        )

    def prepare(self) -> None:
        """Build the agent and the env ahead of the first episode; a failure is left
        for that episode to record."""
        with contextlib.suppress(*AGENT_ERRORS):
            if self._agent is None:
                self._agent = make_agent(self.agent_spec)
            if self._env is None:
                self._env = self._make_env()

    def run(self, spec: EpisodeSpec) -> dict[str, Any]:
        """Play one episode; never raises for what the agent or the env does."""
        started = time.perf_counter()
        record: dict[str, Any] = {
            "key": spec.key,
            "task_id": spec.task_id,
            "repeat": spec.repeat,
            "seed": spec.seed,
            "agent": self.agent_spec.name,
            "steps": [],
            "ended": "error",
            "answer": None,
            "reward": 0.0,
            "lenient": False,
            "strict": False,
            "validation": None,
            "error": None,
        }
        try:
            self._play(spec, record)
        except AgentFailed as exc:
            record["error"] = str(exc)
        except Exception as exc:
            record["error"] = _error_text("the harness", exc)
            self._drop_env()
        record["seconds"] = round(time.perf_counter() - started, 4)
        costs = [*record["steps"], record.get("failed_act") or {}]
        record["prompt_tokens"] = sum(c.get("prompt_tokens", 0) for c in costs)
        record["completion_tokens"] = sum(c.get("completion_tokens", 0) for c in costs)
        return record

    def _play(self, spec: EpisodeSpec, record: dict[str, Any]) -> None:
        if self._agent is None:
            try:
                self._agent = make_agent(self.agent_spec)
            except AGENT_ERRORS as exc:
                record["error"] = _error_text(f"building agent {self.agent_spec.name!r}", exc)
                return
        agent = self._agent
        if self._env is None:
            self._env = self._make_env()
        env = self._env
        obs, info = env.reset(seed=spec.seed, options={"task_id": spec.task_id})
        task: Task = env.task
        record.update(task_fields(task))
        try:
            agent.reset(TaskInfo(task, spec.seed, spec.key, dict(info)))
        except AGENT_ERRORS as exc:
            record["error"] = _error_text("agent.reset", exc)
            return
        steps: list[dict[str, Any]] = record["steps"]
        for index in range(self.max_steps):
            # Taken before the agent sees them: an agent may change what it is given.
            seen = {key: obs[key] for key in OBSERVATION_KEYS}
            pixels = obs.get("screenshot")  # what the agent saw, like ``seen``
            before = time.perf_counter()
            try:
                action = agent.act(obs, info)
                if not isinstance(action, str):
                    raise TypeError(f"act() returned a {type(action).__name__}, not a str")
                action = str(action)  # a str subclass's own methods are not trusted
            except AGENT_ERRORS as exc:
                record["error"] = _error_text("agent.act", exc)
                spent = None
                with contextlib.suppress(AgentFailed):  # act's error is the one to report
                    spent = _agent_attribute(agent, "last_step", None)
                if isinstance(spent, AgentStep) and spent.attempts:
                    # What the failed call cost (e.g. every retry of a failing endpoint).
                    record["failed_act"] = {
                        "prompt_tokens": spent.prompt_tokens,
                        "completion_tokens": spent.completion_tokens,
                        "attempts": spent.attempts,
                        "latency": round(spent.latency, 5),
                    }
                break
            acted = time.perf_counter()
            usage = _agent_attribute(agent, "last_step", None)
            if not isinstance(usage, AgentStep):
                usage = AgentStep()
            try:
                obs, reward, terminated, _, info = env.step(action)
            except Exception as exc:
                record["error"] = _error_text("env.step", exc)
                self._drop_env()
                return
            step = {
                "index": index,
                "observation": seen,
                # The env refuses an action past its limit; the record keeps its start.
                "action": action[: MAX_ACTION_CHARS + 1],
                "error": obs["last_action_error"],
                "reward": float(reward),
                "agent_seconds": round(acted - before, 5),
                "env_seconds": round(time.perf_counter() - acted, 5),
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
                "latency": round(usage.latency, 5),
                "attempts": usage.attempts,
                "reply": usage.reply[:MAX_REPLY_CHARS],
                "note": usage.note,
            }
            if self.record_dir is not None and pixels is not None:
                step["screenshot"] = self._save_screenshot(spec, index, pixels)
            steps.append(step)
            if terminated:
                record.update(
                    ended="answered",
                    answer=info.get("answer"),
                    infeasible=bool(info.get("infeasible")),
                    reward=float(reward),
                )
                self._judged(record, info["validation"])
                return
        record["final_url"] = obs["url"]
        if record["error"] is None:
            record["ended"] = "truncated"
        self._judged(record, env.judge_unanswered())

    @staticmethod
    def _judged(record: dict[str, Any], validation: dict[str, Any]) -> None:
        record["validation"] = validation
        record["lenient"] = bool(validation["lenient"]["passed"])
        record["strict"] = bool(validation["strict"]["passed"])
        if record["ended"] == "error":
            # An agent that raised did not finish: its episode fails whatever the state.
            record["lenient"] = record["strict"] = False

    def _save_screenshot(self, spec: EpisodeSpec, index: int, pixels: Any) -> str:
        from pathlib import Path

        from PIL import Image

        name = f"screenshots/{spec.seed:010d}-{index:03d}.png"
        path = Path(self.record_dir or ".") / name
        path.parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(pixels).save(path)
        return name

    def _drop_env(self) -> None:
        env, self._env = self._env, None
        if env is not None:
            # A broken env may fail to close; the next episode makes a new one.
            with contextlib.suppress(Exception):
                env.close()

    def close(self) -> None:
        """Close the env and the agent (if it has ``close``)."""
        self._drop_env()
        agent, self._agent = self._agent, None
        close_agent(agent)


def close_agent(agent: Any) -> None:
    """Call the agent's ``close`` if it has one; its failure to close loses nothing."""
    close = getattr(agent, "close", None)
    if callable(close):
        with contextlib.suppress(*AGENT_ERRORS):
            close()
