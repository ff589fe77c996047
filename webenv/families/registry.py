"""The one family registry, task generation and the split rules.

Family definitions live in the task tree (``tasks/families/<site>/*.py``, installed as
``webenv.task_files.families.<site>``); each module lists its families in ``FAMILIES``.

Generated tasks record where they came from in the task's ``family``, ``world_seed``
and ``instance`` fields, and in the task id (``<group>/<family id>/w<seed>-i<instance>``);
:func:`generated_from` reads either.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from webenv.errors import TaskError
from webenv.families.model import Context, Draft, Family, world_data
from webenv.sites import BACK_OFFICES, login_placeholder
from webenv.sites.core.rng import Rng
from webenv.tasks import Task, instantiate, parse_task, select_tasks
from webenv.world import SITES

FAMILY_PACKAGE = "webenv.task_files.families"
# World seeds held out for testing: no training world is drawn from this range.
TEST_WORLD_SEEDS = range(10_000, 20_000)
# The world seeds a training selection draws from by default (any seed outside
# TEST_WORLD_SEEDS is a training world; these are the default pool).
TRAIN_WORLD_SEEDS = range(0, TEST_WORLD_SEEDS.start)
MAX_SEED = 2**31 - 1
"""Largest world seed or instance seed."""
# Seeds in canonical form only (ASCII digits, no leading zero), so each task has one id.
_GENERATED_ID = re.compile(
    r"^[a-z_]+/(?P<family>[a-z0-9_.-]+)/w(?P<seed>0|[1-9][0-9]*)-i(?P<instance>0|[1-9][0-9]*)$"
)
# Each site's task user (the one curated tasks log in as), from the site's own data
# generator, and each back office's staff task user.
DEFAULT_LOGINS: dict[str, str] = {
    **{
        site: importlib.import_module(f"{spec.module}.datagen").DEMO_USERNAME
        for site, spec in SITES.items()
    },
    **{name: office.task_user for name, office in BACK_OFFICES.items()},
}
GROUPS = (*SITES, *BACK_OFFICES, "cross")
"""What a family's id may start with: a site, a back office or ``cross``."""


@cache
def families() -> dict[str, Family]:
    """Every bundled family by id (sorted), from the modules under ``tasks/families``.

    Raises:
        TaskError: two families share an id.
    """
    found: dict[str, Family] = {}
    root = resources.files(FAMILY_PACKAGE)
    for folder in sorted(root.iterdir(), key=lambda e: e.name):
        if not folder.is_dir() or folder.name.startswith("_"):
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".py") or entry.name.startswith("_"):
                continue
            module = importlib.import_module(f"{FAMILY_PACKAGE}.{folder.name}.{entry.name[:-3]}")
            for family in getattr(module, "FAMILIES", ()):
                if family.id in found:
                    raise TaskError(f"family id {family.id!r} is defined twice")
                found[family.id] = family
    return dict(sorted(found.items()))


def get_family(family_id: str) -> Family:
    """The family with this id.

    Raises:
        TaskError: no such family.
    """
    try:
        return families()[family_id]
    except KeyError:
        raise TaskError(
            f"unknown family {family_id!r}; `webenv tasks families` lists them"
        ) from None


def select_families(selection: str | list[str]) -> list[Family]:
    """Families by a selection: ``gen`` / ``gen:train`` / ``gen:test`` / ``shop:gen`` /
    ``shop:gen:test`` or a list of family ids.

    Raises:
        TaskError: the selection names nothing known or is empty.
    """
    if not isinstance(selection, str):
        return [get_family(family_id) for family_id in dict.fromkeys(selection)]
    parts = selection.split(":")
    group = parts.pop(0) if parts and parts[0] != "gen" else "all"
    if not parts or parts.pop(0) != "gen":
        raise TaskError(
            f"family selection {selection!r}: expected 'gen', 'gen:train', "
            "'gen:test', '<site>:gen' or '<site>:gen:<split>'"
        )
    split = parts.pop(0) if parts else None
    if parts or split not in (None, "train", "test"):
        raise TaskError(f"family selection {selection!r}: the split must be train or test")
    if group != "all" and group not in GROUPS:
        raise TaskError(
            f"family selection {selection!r}: unknown group {group!r}; accepted: "
            f"{', '.join(GROUPS)}"
        )
    chosen = [
        f
        for f in families().values()
        if (group == "all" or f.group == group) and (not split or f.split == split)
    ]
    if not chosen:
        raise TaskError(f"family selection {selection!r} contains no families")
    return chosen


def is_family_selection(selection: object) -> bool:
    """Whether a string selection names families (it has a ``gen`` part: ``gen``,
    ``gen:test``, ``shop:gen``...)."""
    return isinstance(selection, str) and "gen" in selection.split(":")


def select_sources(
    selection: str | Iterable[str | Task] | None, sites: Iterable[str] | None = None
) -> tuple[list[Task], list[Family]]:
    """Resolve an env's ``tasks=`` selection to fixed tasks and families.

    Args:
        selection: a curated selection (see :func:`webenv.tasks.select_tasks`); a family
            selection (:func:`select_families`: ``gen``, ``gen:train``, ``gen:test``,
            ``shop:gen``, ``shop:gen:test``); or a list mixing task ids, :class:`Task`
            objects and family ids.
        sites: the sites an env id is for: ``gen``, ``gen:train`` and ``gen:test`` keep
            only the families that use no other site (default: every site).

    Returns:
        ``(fixed tasks, families)``; at least one is non-empty.

    Raises:
        TaskError: the selection names nothing known or is empty.
    """
    if isinstance(selection, str) or selection is None:
        if not is_family_selection(selection):
            return select_tasks(selection), []
        assert isinstance(selection, str)
        chosen = select_families(selection)
        if sites is not None and selection.split(":")[0] == "gen":
            allowed = set(sites)
            chosen = [f for f in chosen if set(f.areas) <= allowed]
            if not chosen:
                raise TaskError(
                    f"task selection {selection!r} has no families on the sites "
                    f"{', '.join(sorted(allowed))}"
                )
        return [], chosen
    items = list(selection)
    if not items:
        raise TaskError("task selection [] contains no tasks")
    # A family id has no '/' (``shop.spend-in-month``); a task id has (``shop/x/0``).
    is_family = [isinstance(item, str) and "/" not in item for item in items]
    fixed = [item for item, family in zip(items, is_family, strict=True) if not family]
    chosen = [  # each family once: one listed twice would play its instances twice
        get_family(family_id)
        for family_id in dict.fromkeys(
            str(item) for item, family in zip(items, is_family, strict=True) if family
        )
    ]
    return (select_tasks(fixed) if fixed else []), chosen


def default_world_seeds(chosen: Iterable[Family]) -> range:
    """The world seeds families are drawn on unless ``world_seeds`` says otherwise: the
    held-out worlds (:data:`TEST_WORLD_SEEDS`) when every family is a test family, else
    the training worlds (:data:`TRAIN_WORLD_SEEDS`)."""
    chosen = list(chosen)
    if chosen and all(family.split == "test" for family in chosen):
        return TEST_WORLD_SEEDS
    return TRAIN_WORLD_SEEDS


def world_split(world_seed: int) -> str:
    """``test`` for the held-out world seeds (:data:`TEST_WORLD_SEEDS`), else ``train``."""
    return "test" if world_seed in TEST_WORLD_SEEDS else "train"


def family_split(family_id: str) -> str:
    """The split a family belongs to (held-out families are ``test``)."""
    return get_family(family_id).split


def task_id_for(family: Family, world_seed: int, instance: int) -> str:
    """The id of one generated task."""
    return f"{family.group}/{family.id}/w{world_seed}-i{instance}"


def generated_from(task: Task | str) -> tuple[str, int, int] | None:
    """``(family id, world seed, instance)`` of a generated task (or its id), else None."""
    if isinstance(task, Task) and task.family is not None:
        if task.world_seed is None or task.instance is None:
            return None
        return task.family, task.world_seed, task.instance
    task_id = task if isinstance(task, str) else task.task_id
    match = _GENERATED_ID.match(task_id)
    if match is None:
        return None
    seed, instance = int(match["seed"]), int(match["instance"])
    if seed > MAX_SEED or instance > MAX_SEED:
        return None
    return match["family"], seed, instance


def context(family: Family, world_seed: int, instance: int, scale: int = 1) -> Context:
    """The build context of one instance (its RNG depends only on the three keys; it
    reads world ``world_seed`` at size multiplier ``scale``)."""
    return Context(
        family.id,
        world_seed,
        instance,
        world_data(world_seed, scale),
        Rng(f"{family.id}/{world_seed}/{instance}"),
    )


def draft(family_id: str, world_seed: int, instance: int, scale: int = 1) -> Draft | None:
    """The family's draft of one instance, or None when the world cannot support it.

    ``scale`` is the world's size multiplier (1, the canonical size, by default).

    Raises:
        TaskError: unknown family, negative seeds, or the family's code failed.
    """
    family = get_family(family_id)
    if world_seed < 0 or instance < 0:
        raise TaskError(
            f"world seed and instance must be non-negative (got {world_seed}, {instance})"
        )
    try:
        return family.build(context(family, world_seed, instance, scale))
    except TaskError:
        raise
    except Exception as exc:  # a bug in the family: say which instance, never half a task
        raise TaskError(
            f"family {family_id} failed on world {world_seed}, instance "
            f"{instance}: {type(exc).__name__}: {exc}"
        ) from exc


def generate_json(
    family_id: str, world_seed: int, instance: int, scale: int = 1
) -> dict[str, Any] | None:
    """One generated task as task JSON, or None when the world cannot support it.

    Deterministic in (family, world seed, instance, world scale); ``scale`` is the size
    multiplier of the world it is generated on (and must be played on).

    Raises:
        TaskError: unknown family or negative seeds.
    """
    family = get_family(family_id)
    built = draft(family_id, world_seed, instance, scale)
    if built is None:
        return None
    login = (
        built.login
        if built.login is not None
        else {area: DEFAULT_LOGINS[area] for area in family.areas}
    )
    data: dict[str, Any] = {
        "task_id": task_id_for(family, world_seed, instance),
        "sites": list(family.sites),
        "login": login,
        "start_url": built.start_url or f"{login_placeholder(family.areas[0])}/",
        "intent_template": family.intent_template,
        "instantiation_dict": dict(built.values),
        "intent": instantiate(family.intent_template, built.values),
        "family": family.id,
        "world_seed": world_seed,
        "instance": instance,
        "tags": [f"split:{family.split}", *(f"skill:{skill}" for skill in family.skills)],
        "eval": built.eval,
    }
    if built.subgoals:
        data["subgoals"] = built.subgoals
    data["solution"] = built.solution
    return data


def generate(family_id: str, world_seed: int, instance: int, scale: int = 1) -> Task | None:
    """One generated task, or None when the world cannot support this instance.

    ``scale`` is the size multiplier of the world it is generated on (and played on).

    Raises:
        TaskError: unknown family, negative seeds, or (a bug in the family) a task the
            schema rejects.
    """
    data = generate_json(family_id, world_seed, instance, scale)
    if data is None:
        return None
    return parse_task(data, f"family {family_id} (world {world_seed}, instance {instance})")


def generate_many(
    family_id: str, world_seed: int, count: int, *, start: int = 0, max_tries: int | None = None
) -> list[Task]:
    """Up to ``count`` tasks of one family on one world, trying instances from ``start``.

    Instances the world cannot support are skipped; at most ``max_tries`` instances
    (default ``10 * count``) are tried. Tasks with the same intent as an earlier one are
    dropped, so the result holds distinct instances.
    """
    tasks: list[Task] = []
    intents: set[str] = set()
    tries = max_tries if max_tries is not None else 10 * count
    for instance in range(start, start + tries):
        if len(tasks) >= count:
            break
        task = generate(family_id, world_seed, instance)
        if task is not None and task.intent not in intents:
            intents.add(task.intent)
            tasks.append(task)
    return tasks
