"""webenv: an offline web-agent gym.

Importing the package registers the Gymnasium ids ``WebShop-v0``, ``WebForum-v0``,
``WebGit-v0`` and ``WebSuite-v0`` (those whose sites are bundled in this version).
It stays cheap: the env, the sites and the validators are imported on first use of
the names below, and the browser stack only when ``backend="chromium"`` is asked for.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from gymnasium.envs.registration import WrapperSpec, register, registry

from webenv.errors import (
    ActionError,
    BrowserStackMissing,
    OptionError,
    ServeError,
    SolutionError,
    TaskError,
    WebEnvError,
    WorldError,
)

if TYPE_CHECKING:
    from webenv.actions import Action, ActionKind, describe_actions, parse_action
    from webenv.env import WebEnv
    from webenv.tasks import Task, load_tasks
    from webenv.validators import Verdict, check_answer

try:
    __version__ = version("webenv")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "ENV_IDS",
    "MAX_EPISODE_STEPS",
    "Action",
    "ActionError",
    "ActionKind",
    "BrowserStackMissing",
    "OptionError",
    "ServeError",
    "SolutionError",
    "Task",
    "TaskError",
    "Verdict",
    "WebEnv",
    "WebEnvError",
    "WorldError",
    "__version__",
    "check_answer",
    "describe_actions",
    "load_tasks",
    "parse_action",
]

# Public name -> the module that defines it, imported on first use (PEP 562).
_LAZY = {
    "WebEnv": "webenv.env",
    "Action": "webenv.actions",
    "ActionKind": "webenv.actions",
    "describe_actions": "webenv.actions",
    "parse_action": "webenv.actions",
    "Task": "webenv.tasks",
    "load_tasks": "webenv.tasks",
    "check_answer": "webenv.validators",
    "Verdict": "webenv.validators",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'webenv' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


MAX_EPISODE_STEPS = 50

ENV_IDS: dict[str, str] = {
    "WebShop-v0": "shop",
    "WebShopAdmin-v0": "shop_admin",
    "WebForum-v0": "forum",
    "WebGit-v0": "githost",
    "WebSuite-v0": "all",
}
"""Env id -> its task selection: a site's tasks, a back office's (the shop's admin tasks,
logged in as staff), or all of them."""

for _env_id, _tasks in ENV_IDS.items():
    if _env_id not in registry:
        register(
            id=_env_id,
            entry_point="webenv.env:WebEnv",
            # ``sites`` scopes tasks="gen" / "gen:train" / "gen:test" to the id's sites.
            kwargs={"tasks": _tasks, "sites": None if _tasks == "all" else [_tasks]},
            max_episode_steps=MAX_EPISODE_STEPS,
            # Outside TimeLimit: a truncated episode gets a verdict (no answer).
            additional_wrappers=(
                WrapperSpec("TruncationVerdict", "webenv.wrappers:TruncationVerdict", {}),
            ),
        )
