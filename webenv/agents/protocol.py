"""The agent protocol: what ``webenv run`` drives, and what it tells an agent per episode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from webenv.tasks import Task


@dataclass(frozen=True)
class TaskInfo:
    """What an agent learns when an episode starts.

    Attributes:
        task: The task being played (its intent, sites, start URL; the reference
            solution is there too, for oracles and imitation: a fair agent ignores it).
        seed: The episode's seed: derived from the run's seed and ``key`` only, so an
            agent seeded with it acts the same whichever worker plays the episode.
        key: The episode's key in ``episodes.jsonl`` (``<task id>#<repeat>``).
        info: The ``info`` dict ``env.reset`` returned (``task_id``, ``intent``,
            ``world_seed``; ``family`` and ``instance`` for generated tasks; ``candidates``
            when the agent asked for them).
    """

    task: Task
    seed: int
    key: str
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class AgentStep:
    """What one ``act`` call cost, for agents that call a model (all zero otherwise).

    Attributes:
        prompt_tokens: Tokens in the prompt(s) sent for this step (every attempt).
        completion_tokens: Tokens in the completion(s).
        latency: Seconds spent waiting for the model, retries and back-off included.
        attempts: Requests sent (1 when the first one succeeded).
        reply: The model's raw reply (the text the action was extracted from).
        note: Why the action is what it is when that is not obvious (e.g. no action was
            found in the reply), else "".
    """

    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency: float = 0.0
    attempts: int = 0
    reply: str = ""
    note: str = ""


@runtime_checkable
class Agent(Protocol):
    """A web agent ``webenv run`` can score.

    ``reset`` is called once per episode with a :class:`TaskInfo`; ``act`` once per
    step with the observation (``axtree``, ``url``, ``goal``, ``tabs``,
    ``last_action_error``) and the env's ``info``, and returns one action string in
    either grammar (``click [12]``, ``fill("7", "mug")``, ``stop [42]``...). An
    exception from either fails that episode (recorded with the error), never the run.

    Optional members, read with ``getattr``:

    - ``close()``: called once when the worker is done with the agent;
    - ``wants_candidates: bool``: the env adds ``info["candidates"]`` (the page's
      executable actions) when True;
    - ``last_step: AgentStep | None``: what the last ``act`` cost (tokens, latency),
      recorded with the step.
    """

    def reset(self, task_info: TaskInfo) -> None:
        """Start a new episode."""
        ...

    def act(self, obs: dict[str, Any], info: dict[str, Any]) -> str:
        """The next action for this observation."""
        ...
