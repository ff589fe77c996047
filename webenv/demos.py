"""Expert demonstrations: reference solutions played through the env and recorded.

:func:`write_demos` is what ``webenv demos`` runs. Each task's reference solution is played
by the reference-solution player (:func:`webenv.tools.solution.play_solution`) through an
ordinary :class:`~webenv.env.WebEnv` with ``reward_mode="progress"``, ``record_obs=True``
and (optionally) ``candidates=True``; the env's own recorder writes the episodes, so a
demonstration is an episode record in the documented format (``webenv-episode/1``,
``docs/episode-format.md``): observations, actions, candidates, rewards with their
components (``verdict`` is the sparse reward, ``verdict + shaping`` the progress reward)
and both verdicts.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from webenv.env import MAX_INSTANCE_TRIES, WebEnv
from webenv.errors import OptionError
from webenv.families import default_world_seeds, generate, select_sources
from webenv.files import json_text
from webenv.tasks import Task
from webenv.tools.solution import play_solution


def demo_tasks(
    selection: str | list[str], count: int, world_seeds: Sequence[int] | None = None
) -> list[Task]:
    """``count`` distinct tasks of a selection, in a fixed order.

    Fixed tasks (curated ids or selections) come first, each once. Then families take
    turns, and each family the worlds in order: the ``i``-th family task is family
    ``i % F`` on world ``world_seeds[(i // F) % W]``, with the first instance (from 0,
    at most :data:`~webenv.env.MAX_INSTANCE_TRIES` tries) that the world supports and whose
    intent is new. Deterministic in the arguments.

    Args:
        selection: As the env's ``tasks`` (``"gen:train"``, ``"shop"``, ids...).
        count: How many tasks (fewer when a fixed selection holds fewer and has no
            families).
        world_seeds: The worlds families are drawn on (default: as the env's default).

    Raises:
        TaskError: The selection names nothing known.
        OptionError: ``count`` is below 1.
    """
    if count < 1:
        raise OptionError(f"count={count!r} is not accepted; use the number of tasks (>= 1)")
    fixed, families = select_sources(selection)
    chosen = list(fixed[:count])
    if not families:
        return chosen
    seeds = world_seeds if world_seeds is not None else default_world_seeds(families)
    next_instance: dict[tuple[str, int], int] = {}
    intents = {task.intent for task in chosen}
    turn = 0
    misses = 0
    while len(chosen) < count and misses < len(families) * len(seeds):
        family = families[turn % len(families)]
        seed = int(seeds[(turn // len(families)) % len(seeds)])
        turn += 1
        start = next_instance.get((family.id, seed), 0)
        found = None
        for instance in range(start, start + MAX_INSTANCE_TRIES):
            task = generate(family.id, seed, instance)
            if task is not None and task.intent not in intents:
                found, next_instance[(family.id, seed)] = task, instance + 1
                break
        else:
            next_instance[(family.id, seed)] = start + MAX_INSTANCE_TRIES
        if found is None:
            misses += 1
            continue
        misses = 0
        intents.add(found.intent)
        chosen.append(found)
    return chosen


@dataclass
class DemoRun:
    """What :func:`write_demos` wrote.

    Attributes:
        written: Episodes written (solved reference solutions).
        failed: ``(task id, error)`` of reference solutions that did not solve their task
            (left out of the file).
    """

    written: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)


def write_demos(
    tasks: Sequence[Task],
    out: str | Path,
    *,
    backend: str = "inprocess",
    candidates: bool = False,
    progress: Callable[[int, Task], None] | None = None,
) -> DemoRun:
    """Play each task's reference solution and write the episodes to ``out`` (JSONL).

    Episodes are numbered ``0, 1, ...`` in task order (the ``episode`` field), so the file
    is the same for the same arguments. ``out`` is replaced.

    Args:
        tasks: The tasks (see :func:`demo_tasks`).
        out: The JSONL file to write.
        backend: ``"inprocess"`` or ``"chromium"``.
        candidates: Record each observation's action candidates.
        progress: Called with the index and task before each episode.

    Returns:
        How many episodes were written and which solutions failed.
    """
    run = DemoRun()
    out = Path(out)
    with tempfile.TemporaryDirectory(prefix="webenv-demos-") as folder:
        env = WebEnv(
            tasks=list(tasks),
            backend=backend,
            candidates=candidates,
            reward_mode="progress",
            record_dir=folder,
            record_obs=True,
        )
        solved: set[str] = set()
        try:
            for index, task in enumerate(tasks):
                if progress is not None:
                    progress(index, task)
                result = play_solution(env, task)
                if result.solved:
                    solved.add(task.task_id)
                else:
                    run.failed.append((task.task_id, result.error))
        finally:
            env.close()  # writes out a last unfinished episode, which is dropped below
        records = [
            json.loads(line)
            for path in sorted(Path(folder).glob("episodes-*.jsonl"))
            for line in path.read_text("utf-8").splitlines()
        ]
    with out.open("w", encoding="utf-8") as file:
        for record in records:
            if record["ended"] != "answered" or record["task_id"] not in solved:
                continue
            record["episode"] = str(run.written)
            file.write(json_text(record) + "\n")
            run.written += 1
    return run
