"""Task model: JSON files checked against a shipped JSON Schema, loading and selection.

A task file holds one task object or a list of them. The format is a superset of
WebArena's task config (see ``webenv/data/task.schema.json``). Site URLs are written
as placeholders (``__SHOP__``, ``__FORUM__``, ``__GIT__``) and expanded by the world.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from webenv.errors import TaskError
from webenv.sites import SITES, expand_placeholders
from webenv.sites.core.urls import parse_url
from webenv.validators import EvalSpec, parse_eval_spec

SITE_NAMES = tuple(SITES)
TASK_GROUPS = (*SITE_NAMES, "cross")
SPLITS = ("train", "test")
_TEMPLATE_VAR = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")




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

    @property
    def group(self) -> str:
        """The folder the task lives in: a site name, or ``cross`` for cross-site tasks."""
        return self.task_id.split("/", 1)[0]

    @property
    def split(self) -> str:
        """``test`` for a stable fifth of the tasks (by a CRC of the id), else ``train``."""
        return "test" if zlib.crc32(self.task_id.encode()) % 5 == 0 else "train"


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
        raise TaskError(f"{source}: intent: does not match intent_template filled with "
                        "instantiation_dict")
    for site in data.get("login", {}):
        if site not in data["sites"]:
            raise TaskError(f"{source}: login.{site}: site is not listed in 'sites'")
    try:
        spec = parse_eval_spec(data["eval"])
    except TaskError as exc:
        raise TaskError(f"{source}: {exc}") from None
    start = parse_url(expand_placeholders(data["start_url"]))
    if start is None or start.scheme not in ("http", "https"):
        raise TaskError(f"{source}: start_url: {data['start_url'][:100]!r} is not an absolute "
                        "http(s) URL; write e.g. '__SHOP__/' or 'http://shop.test/cart'")
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
    )


def load_task_file(path: str | Path) -> list[Task]:
    """Load every task in a JSON file (a task object or a list of them).

    Raises:
        TaskError: the file is unreadable, not JSON, or a task in it is malformed.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise TaskError(f"{path}: cannot read: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TaskError(f"{path}: not valid JSON: {exc}") from None
    items = data if isinstance(data, list) else [data]
    return [parse_task(item, f"{path}[{i}]" if isinstance(data, list) else str(path))
            for i, item in enumerate(items)]


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
            raise TaskError(f"{task.source}: task_id: {task.task_id!r} is also used in "
                            f"{seen[task.task_id]}")
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
    for task in bundled_tasks():
        if task.task_id == task_id:
            return task
    raise TaskError(f"unknown task_id {task_id!r}; `webenv tasks list` shows the ids")


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
            raise TaskError(f"unknown task selection {selection!r}; accepted: a task id list, "
                            f"'all', one of {', '.join(TASK_GROUPS)}, optionally ':train' or "
                            "':test'")
        if split and split not in SPLITS:
            raise TaskError(f"unknown split {split!r} in {selection!r}; accepted: train, test")
        chosen = [t for t in tasks if (group == "all" or t.group == group)
                  and (not split or t.split == split)]
    else:
        chosen = [item if isinstance(item, Task) else get_task(item) for item in selection]
    if not chosen:
        raise TaskError(f"task selection {selection!r} contains no tasks")
    return chosen
