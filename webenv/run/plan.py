"""Which episodes a run plays, in a fixed order, and what each is grouped by."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from webenv.errors import OptionError
from webenv.families import default_world_seeds, generate_many, select_sources
from webenv.tasks import CURATED_WORLD_SEED, Task

DIFFICULTIES = (("easy", 3), ("medium", 8), ("hard", None))
"""Difficulty by the reference solution's length in steps: at most 3, at most 8, more."""


@dataclass(frozen=True)
class EpisodeSpec:
    """One episode to play.

    Attributes:
        key: ``<task id>#<repeat>``, unique in a run (the resume key).
        task_id: A curated id or a generated one (``shop/shop.cancel-order/w3-i1``).
        repeat: Which repetition of a curated task (0 for generated instances, which
            differ by instance instead).
        seed: The episode's seed (env reset and agent), from the run seed and ``key``.
    """

    key: str
    task_id: str
    repeat: int
    seed: int


def episode_seed(run_seed: int, key: str) -> int:
    """A 31-bit seed that depends only on the run's seed and the episode's key."""
    digest = hashlib.sha256(f"{run_seed}/{key}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


def difficulty(task: Task) -> str:
    """``easy``, ``medium`` or ``hard`` by the length of the task's reference solution
    (:data:`DIFFICULTIES`); ``unknown`` without one."""
    length = len(task.solution)
    if not length:
        return "unknown"
    for name, most in DIFFICULTIES:
        if most is None or length <= most:
            return name
    return "hard"  # unreachable: the last row has no bound


def plan_episodes(
    selection: str | Sequence[str],
    *,
    world_seeds: Sequence[int] | None = None,
    episodes: int = 1,
    seed: int = 0,
) -> list[EpisodeSpec]:
    """The run's episodes in their fixed order.

    Curated tasks are played ``episodes`` times each (repeats differ only by seed, which
    matters for stochastic agents). Each task family gives ``episodes`` distinct
    instances on each world of ``world_seeds`` (default: the first world of the
    family split's default worlds, 0 for training and 10000 for held-out families).

    Args:
        selection: An env ``tasks=`` selection (``all``, ``shop``, ``gen:test``, ids...).
        world_seeds: Worlds for task families.
        episodes: Repeats per curated task; instances per family and world.
        seed: The run's seed (each episode's seed derives from it).

    Raises:
        TaskError: the selection names nothing known.
        OptionError: ``world_seeds`` without any task family, or ``episodes`` < 1.
    """
    if isinstance(episodes, bool) or not isinstance(episodes, int) or episodes < 1:
        raise OptionError(f"episodes={episodes!r} is not accepted; use an integer >= 1")
    fixed, families = select_sources(selection if isinstance(selection, str) else list(selection))
    if world_seeds is not None and not families and set(world_seeds) != {CURATED_WORLD_SEED}:
        raise OptionError(
            "--world-seeds picks the worlds task families are generated on; this "
            "selection has only curated tasks (tied to world 0): add families, e.g. "
            "--tasks gen:test"
        )
    specs: list[EpisodeSpec] = []

    def add(task_id: str, repeat: int) -> None:
        key = f"{task_id}#{repeat}"
        specs.append(EpisodeSpec(key, task_id, repeat, episode_seed(seed, key)))

    for task in fixed:
        for repeat in range(episodes):
            add(task.task_id, repeat)
    worlds = list(dict.fromkeys(world_seeds)) if world_seeds is not None else None
    for family in families:
        for world in worlds if worlds is not None else [default_world_seeds([family])[0]]:
            for task in generate_many(family.id, world, episodes):
                add(task.task_id, 0)
    return specs
