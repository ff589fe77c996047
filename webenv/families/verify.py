"""Play generated tasks through the public env API and confirm their answers independently.

Used by the tests, the benchmark and (later) ``webenv tasks check --generated``. Each
instance is checked three ways:

1. its reference solution, played through ``WebEnv.step()``, passes both the lenient
   and the strict verdict;
2. the family's ``confirm`` recomputes the answer by an independent route and agrees
   (answer and infeasible families);
3. an agent that does nothing (answers at once with an empty message) fails, so a
   state check is not already true on the pristine world.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from webenv.env import WebEnv
from webenv.families.registry import (
    context,
    draft,
    generate_many,
    generated_from,
    get_family,
)
from webenv.tasks import Task
from webenv.tools.solution import play_solution


@dataclass
class InstanceCheck:
    """The verdict on one generated instance."""

    family: str
    world_seed: int
    instance: int
    task_id: str
    intent: str
    solved: bool
    steps: int
    confirmed: bool
    idle_fails: bool
    error: str = ""

    @property
    def ok(self) -> bool:
        """All three checks passed."""
        return self.solved and self.confirmed and self.idle_fails


def _confirmed(family_id: str, world_seed: int, instance: int, task: Task) -> tuple[bool, str]:
    family = get_family(family_id)
    built = draft(family_id, world_seed, instance)
    if built is None or family.confirm is None:
        return True, ""
    refs = task.eval.reference_answers
    approaches = dict(refs.approaches()) if refs else {}
    # The answer a family states: its exact match, or the items an answer must include.
    reference = approaches.get("exact_match", approaches.get("must_include"))
    if (
        "string_match" in task.eval.eval_types
        and task.eval.answer_type != "infeasible"
        and reference != built.answer
    ):
        return False, f"the eval expects {reference!r} but the draft's answer is {built.answer!r}"
    again = family.confirm(context(family, world_seed, instance), built.values)
    if again != built.answer:
        return False, f"confirm: recomputed {again!r}, the task says {built.answer!r}"
    return True, ""


def _idle_fails(env: WebEnv, task: Task) -> bool:
    env.reset(options={"task_id": task.task_id})
    _, _, terminated, _, info = env.step('send_msg_to_user("")')
    verdicts = info.get("validation", {})
    return terminated and not verdicts.get("lenient", {}).get("passed", True)


def check_world(
    family_ids: Iterable[str], world_seed: int, per_family: int, *, start: int = 0
) -> list[InstanceCheck]:
    """Generate up to ``per_family`` distinct instances of each family on one world (see
    :func:`~webenv.families.registry.generate_many`) and check each.

    All instances of one world share one env (one world build per call).
    """
    chosen: list[tuple[str, int, Task]] = []
    for family_id in family_ids:
        for task in generate_many(family_id, world_seed, per_family, start=start):
            origin = generated_from(task)
            assert origin is not None  # generated ids always parse
            chosen.append((family_id, origin[2], task))
    if not chosen:
        return []
    tasks: Any = [task for _, _, task in chosen]  # WebEnv accepts Task objects (select_tasks)
    env = WebEnv(tasks=tasks)  # generated tasks are played on their own world
    results = []
    try:
        for family_id, instance, task in chosen:
            played = play_solution(env, task)
            confirmed, why = _confirmed(family_id, world_seed, instance, task)
            idle = _idle_fails(env, task)
            error = "; ".join(
                part for part in (played.error, why, "" if idle else "an idle agent passes") if part
            )
            results.append(
                InstanceCheck(
                    family_id,
                    world_seed,
                    instance,
                    task.task_id,
                    task.intent,
                    played.solved,
                    played.steps,
                    confirmed,
                    idle,
                    error,
                )
            )
    finally:
        env.close()
    return results
