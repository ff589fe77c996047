"""Task model: JSON files checked against a shipped JSON Schema, loading and selection.

A task file holds one task object or a list of them. The format is a superset of
WebArena's task config (see ``webenv/data/task.schema.json``). Site URLs are written
as placeholders (``__SHOP__``, ``__FORUM__``, ``__GIT__``) and expanded by the world.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from webenv.actions.parsers import UNHOLDABLE_CHARS
from webenv.errors import JSON_ERRORS, TaskError
from webenv.files import read_file_text
from webenv.modalities import Modalities
from webenv.sites import BACK_OFFICES, SITES, expand_placeholders, login_site, site_for_host
from webenv.sites.core.urls import parse_url
from webenv.validators import EvalSpec, parse_eval_spec

SITE_NAMES = tuple(SITES)
TASK_GROUPS = (*SITE_NAMES, *BACK_OFFICES, "cross")
SPLITS = ("train", "test")
TEST_SHARE = 0.2
"""The share of each group's curated templates held out for testing."""
CURATED_WORLD_SEED = 0
"""The world the curated tasks are written against (and the only one they may run on)."""
_TEMPLATE_VAR = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
SUBGOAL_EVAL_TYPES = ("url_match", "program_html", "state_match", "request_match")
"""The checks a subgoal may use: anything judged on the world and the page, not the answer."""


@dataclass(frozen=True)
class Subgoal:
    """One named part of a task that can hold or not in any state of an episode.

    ``reward_mode="progress"`` (:mod:`webenv.rewards`) shapes rewards with the fraction of
    a task's subgoals that hold. A subgoal is judged like the task itself, by the
    validators, on the live world: it holds when every check of ``check`` passes.

    Attributes:
        name: Unique within the task (``"page http://shop.test/orders/1"``, ``"state[0]"``).
        check: An eval spec without ``string_match`` (:data:`SUBGOAL_EVAL_TYPES`).
    """

    name: str
    check: EvalSpec

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (an item of a task's ``subgoals``)."""
        return {"name": self.name, "eval": self.check.to_dict()}


@dataclass(frozen=True)
class Task:
    """One task: where it starts, who is logged in, what to do and how it is judged."""

    task_id: str
    sites: tuple[str, ...]
    start_url: str
    intent: str
    eval: EvalSpec
    login: dict[str, str] = field(default_factory=dict)
    intent_template: str = ""
    instantiation_dict: dict[str, Any] = field(default_factory=dict)
    solution: tuple[dict[str, Any], ...] = ()
    source: str = ""
    family: str | None = None
    world_seed: int | None = None
    instance: int | None = None
    tags: tuple[str, ...] = ()
    subgoals: tuple[Subgoal, ...] = ()
    modalities: Modalities = field(default_factory=Modalities)
    """What the agent must or must not use (:mod:`webenv.modalities`)."""

    @property
    def group(self) -> str:
        """The folder the task lives in: a site name, a back office (``shop_admin``), or
        ``cross`` for cross-site tasks."""
        return self.task_id.split("/", 1)[0]

    @property
    def template_id(self) -> str:
        """The template a curated task instantiates: its id without the instance number
        (``shop/order-total/0`` -> ``shop/order-total``)."""
        head, _, tail = self.task_id.rpartition("/")
        return head if head and tail.isdigit() else self.task_id

    @property
    def generated(self) -> bool:
        """Whether a task family made this task (it records ``family``)."""
        return self.family is not None

    @property
    def split(self) -> str:
        """``train`` or ``test``, decided per template so no template is on both sides.

        A generated task is on its family's side (an unknown family raises
        :class:`TaskError`); a bundled curated task on its template's side
        (:func:`curated_test_templates`). A task from a file outside the package is
        ``test`` only if its template is a bundled test template: rank your own task set
        with :func:`split_templates` to split it the same way.
        """
        if self.family is not None:
            from webenv.families import family_split

            return family_split(self.family)
        return "test" if self.template_id in curated_test_templates() else "train"


def split_templates(template_ids: Iterable[str]) -> frozenset[str]:
    """The held-out (test) templates among ``template_ids``.

    Per group (the part before the first ``/``), templates are ranked by a CRC-32 of
    their id and the first ``ceil(TEST_SHARE * n)`` are test: deterministic, every
    group with templates has at least one on each side once it has two, and adding a
    template moves at most one other across the line.
    """
    by_group: dict[str, list[str]] = defaultdict(list)
    for template in dict.fromkeys(template_ids):
        by_group[template.split("/", 1)[0]].append(template)
    held_out: set[str] = set()
    for members in by_group.values():
        ranked = sorted(members, key=lambda t: (zlib.crc32(t.encode()), t))
        count = math.ceil(TEST_SHARE * len(ranked)) if len(ranked) > 1 else 0
        held_out.update(ranked[:count])
    return frozenset(held_out)


@cache
def curated_test_templates() -> frozenset[str]:
    """The bundled curated templates held out for testing (see :func:`split_templates`)."""
    return split_templates(task.template_id for task in bundled_tasks())


def instantiate(template: str, values: dict[str, Any]) -> str:
    """Fill ``{{name}}`` slots of an intent template.

    Raises:
        TaskError: if a slot has no value.
    """

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise TaskError(f"intent_template: no value for '{{{{{name}}}}}' in instantiation_dict")
        return str(values[name])

    return _TEMPLATE_VAR.sub(fill, template)


@cache
def task_schema() -> dict[str, Any]:
    """The JSON Schema every task object must satisfy."""
    text = resources.files("webenv").joinpath("data/task.schema.json").read_text("utf-8")
    return json.loads(text)


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(task_schema())


def _describe(error: jsonschema.ValidationError) -> str:
    where = ".".join(str(part) for part in error.absolute_path) or "(top level)"
    if error.validator == "enum":
        accepted = ", ".join(repr(v) for v in error.validator_value)
        return f"{where}: {error.instance!r} is not one of {accepted}"
    if error.validator == "additionalProperties":
        return f"{where}: {error.message}"
    return f"{where}: {error.message}"


MAX_INTENT_CHARS = 4_096
"""Longest intent: the env's ``goal`` observation holds this many characters."""


def _check_shown(source: str, field: str, text: str) -> None:
    """Refuse text an agent is shown (the intent, the start URL) that it cannot be shown."""
    bad = UNHOLDABLE_CHARS.search(text)
    if bad:
        raise TaskError(
            f"{source}: {field}: holds U+{ord(bad.group()):04X} at position {bad.start()}, a "
            "control character or lone surrogate no page or observation can carry; remove it"
        )


def parse_task(data: Any, source: str = "<task>") -> Task:
    """Validate one task object and build a :class:`Task`.

    Raises:
        TaskError: ``"<source>: <field>: <what was expected>"``.
    """
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        raise TaskError(f"{source}: {_describe(errors[0])}")
    template = data.get("intent_template", "")
    values = data.get("instantiation_dict", {})
    try:
        intent = data.get("intent") or instantiate(template, values)
    except TaskError as exc:
        raise TaskError(f"{source}: {exc}") from None
    if not intent:
        raise TaskError(f"{source}: intent: a task needs an intent or an intent_template")
    if template and data.get("intent") and instantiate(template, values) != intent:
        raise TaskError(
            f"{source}: intent: does not match intent_template filled with instantiation_dict"
        )
    if len(intent) > MAX_INTENT_CHARS:
        raise TaskError(
            f"{source}: intent: {len(intent)} characters; the goal observation holds at most "
            f"{MAX_INTENT_CHARS}"
        )
    _check_shown(source, "intent", intent)
    _check_shown(source, "start_url", data["start_url"])
    for key in data.get("login", {}):
        if login_site(key) not in data["sites"]:
            raise TaskError(
                f"{source}: login.{key}: its site {login_site(key)!r} is not listed in 'sites'"
            )
    try:
        spec = parse_eval_spec(data["eval"])
    except TaskError as exc:
        raise TaskError(f"{source}: {exc}") from None
    subgoals = _subgoals(data.get("subgoals", ()), source)
    state = [(f"eval.state[{i}]", entry) for i, entry in enumerate(spec.state or ())]
    state += [
        (f"subgoals[{j}].eval.state[{i}]", entry)
        for j, goal in enumerate(subgoals)
        for i, entry in enumerate(goal.check.state or ())
    ]
    for where, entry in state:
        if entry.site not in data["sites"]:
            raise TaskError(
                f"{source}: {where}.site: {entry.site!r} is not listed in 'sites' "
                "(the task's world would not host it)"
            )
    raw_modalities = data.get("modalities", {})
    modalities = Modalities(
        frozenset(raw_modalities.get("require", ())), frozenset(raw_modalities.get("forbid", ()))
    )
    both = sorted(modalities.require & modalities.forbid)
    if both:
        raise TaskError(f"{source}: modalities: {both[0]!r} is both required and forbidden")
    start = parse_url(expand_placeholders(data["start_url"]))
    if start is None or start.scheme not in ("http", "https"):
        raise TaskError(
            f"{source}: start_url: {data['start_url'][:100]!r} is not an absolute "
            "http(s) URL; write e.g. '__SHOP__/' or 'http://shop.test/cart'"
        )
    start_site = site_for_host(start.host or "")
    if start_site is not None and start_site.name not in data["sites"]:
        raise TaskError(
            f"{source}: start_url: its site {start_site.name!r} is not listed in 'sites' "
            "(the task's world would not host it)"
        )
    return Task(
        task_id=data["task_id"],
        sites=tuple(data["sites"]),
        start_url=data["start_url"],
        intent=intent,
        eval=spec,
        login=dict(data.get("login", {})),
        intent_template=template,
        instantiation_dict=dict(values),
        solution=tuple(data.get("solution", ())),
        source=source,
        family=data.get("family"),
        world_seed=data.get("world_seed"),
        instance=data.get("instance"),
        tags=tuple(data.get("tags", ())),
        subgoals=subgoals,
        modalities=modalities,
    )


def parse_subgoals(items: Any, where: str = "subgoals") -> tuple[Subgoal, ...]:
    """Parse the JSON form of a task's ``subgoals`` (a list of ``{"name", "eval"}``).

    Raises:
        TaskError: an item is malformed, a name repeats, or a check uses ``string_match``
            (a subgoal cannot depend on the answer); the message names the field.
    """
    if not isinstance(items, list | tuple):
        raise TaskError(f"{where}: must be a list, got {type(items).__name__}")
    parsed: list[Subgoal] = []
    for index, item in enumerate(items):
        here = f"{where}[{index}]"
        if not isinstance(item, dict) or set(item) != {"name", "eval"}:
            raise TaskError(f"{here}: expected an object with exactly 'name' and 'eval'")
        name = item["name"]
        if not isinstance(name, str) or not name:
            raise TaskError(f"{here}.name: must be a non-empty string")
        if any(goal.name == name for goal in parsed):
            raise TaskError(f"{here}.name: {name!r} names another subgoal too")
        check = parse_eval_spec(item["eval"], f"{here}.eval")
        wrong = [t for t in check.eval_types if t not in SUBGOAL_EVAL_TYPES]
        if wrong or not check.eval_types:
            raise TaskError(
                f"{here}.eval.eval_types: {list(check.eval_types)!r}; a subgoal uses one or "
                f"more of {', '.join(SUBGOAL_EVAL_TYPES)} (never the answer)"
            )
        parsed.append(Subgoal(name, check))
    return tuple(parsed)


def _subgoals(items: Any, source: str) -> tuple[Subgoal, ...]:
    try:
        return parse_subgoals(items)
    except TaskError as exc:
        raise TaskError(f"{source}: {exc}") from None


def load_task_file(path: str | Path) -> list[Task]:
    """Load every task in a JSON file (a task object or a list of them).

    Raises:
        TaskError: the file is unreadable, not JSON, a task in it is malformed, or two
            of its tasks share an id.
    """
    path = Path(path)
    try:
        data = json.loads(read_file_text(path), object_pairs_hook=_unique_keys)
    except OSError as exc:
        raise TaskError(f"{path}: cannot read: {exc.strerror}") from None
    except JSON_ERRORS as exc:
        raise TaskError(f"{path}: not valid JSON: {str(exc)[:200]}") from None
    items = data if isinstance(data, list) else [data]
    tasks = [
        parse_task(item, f"{path}[{i}]" if isinstance(data, list) else str(path))
        for i, item in enumerate(items)
    ]
    _check_unique(tasks)
    return tasks


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that names no key twice (``json`` would keep the last silently)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {key!r} appears twice in one object")
        data[key] = value
    return data


def load_tasks(source: str | Path) -> list[Task]:
    """Load tasks from a JSON file, or from every ``*.json`` file under a folder.

    Args:
        source: A task file (one task object or a list of them) or a folder searched
            recursively, files in name order.

    Returns:
        The tasks, in file order.

    Raises:
        TaskError: the path does not exist, a file is malformed, or two tasks share an id.
    """
    path = Path(source)
    if path.is_dir():
        files = sorted(path.rglob("*.json"))
        if not files:
            raise TaskError(f"{path}: no *.json task files in this folder")
    elif path.exists():
        files = [path]
    else:
        raise TaskError(f"{path}: no such task file or folder")
    tasks = [task for file in files for task in load_task_file(file)]
    _check_unique(tasks)
    return tasks


def _check_unique(tasks: Iterable[Task]) -> None:
    seen: dict[str, str] = {}
    for task in tasks:
        if task.task_id in seen:
            raise TaskError(
                f"{task.source}: task_id: {task.task_id!r} is also used in {seen[task.task_id]}"
            )
        seen[task.task_id] = task.source


@cache
def bundled_tasks() -> tuple[Task, ...]:
    """Every task shipped with the package, sorted by id.

    Raises:
        TaskError: a bundled file is malformed or two tasks share an id.
    """
    root = resources.files("webenv.task_files")
    tasks: list[Task] = []
    for group in TASK_GROUPS:
        folder = root.joinpath(group)
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json"):
                tasks += load_task_file(Path(str(entry)))
    _check_unique(tasks)
    return tuple(sorted(tasks, key=lambda t: t.task_id))


def get_task(task_id: str) -> Task:
    """The bundled task with this id.

    Raises:
        TaskError: no such task.
    """
    return find_task(bundled_tasks(), task_id)


def find_task(tasks: Iterable[Task], task_id: str, source: str | Path | None = None) -> Task:
    """The task with this id among ``tasks`` (the bundled ones, or those of the file
    ``source``).

    Raises:
        TaskError: no such task; the message names the file, or how to list the ids.
    """
    for task in tasks:
        if task.task_id == task_id:
            return task
    where = f" in {source}" if source is not None else "; `webenv tasks list` shows the ids"
    raise TaskError(f"unknown task_id {task_id!r}{where}")


def select_tasks(selection: str | Iterable[str | Task] | None) -> list[Task]:
    """Resolve a task selection to bundled tasks.

    Args:
        selection: ``None`` or ``"all"`` for every task; a group (``"shop"``, ``"forum"``,
            ``"githost"``, ``"cross"``); a group with a split (``"shop:train"``); a split
            alone (``"test"``); or an iterable of task ids and :class:`Task` objects (for
            tasks loaded from files outside the package).

    Raises:
        TaskError: the selection names nothing known or is empty.
    """
    tasks = bundled_tasks()
    if selection is None or selection == "all":
        chosen = list(tasks)
    elif isinstance(selection, str):
        group, _, split = selection.partition(":")
        if group in SPLITS and not split:
            group, split = "all", group
        if group != "all" and group not in TASK_GROUPS:
            raise TaskError(
                f"unknown task selection {selection!r}; accepted: a task id list, "
                f"'all', one of {', '.join(TASK_GROUPS)}, optionally ':train' or "
                "':test'"
            )
        if selection.endswith(":") or (split and split not in SPLITS):
            raise TaskError(f"unknown split {split!r} in {selection!r}; accepted: train, test")
        chosen = [
            t
            for t in tasks
            if (group == "all" or t.group == group) and (not split or t.split == split)
        ]
    else:
        chosen = _once([item if isinstance(item, Task) else get_task(item) for item in selection])
    if not chosen:
        raise TaskError(f"task selection {selection!r} contains no tasks")
    return chosen


def _once(tasks: list[Task]) -> list[Task]:
    """``tasks`` with each task id once (a task listed twice would be played, and
    counted, twice under one episode key).

    Raises:
        TaskError: two different tasks share an id.
    """
    kept: dict[str, Task] = {}
    for task in tasks:
        first = kept.setdefault(task.task_id, task)
        if first is not task and first != task:
            raise TaskError(
                f"task selection: two different tasks have the id {task.task_id!r} "
                f"({first.source or 'bundled'} and {task.source or 'bundled'})"
            )
    return list(kept.values())
