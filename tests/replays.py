"""Reference solutions played and recorded step by step, with the page cache on or off.

Shared by the tests that compare whole episodes (``test_bundled_tasks.py`` for the
curated tasks, ``test_pagecache.py`` for a sample of generated ones).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import gymnasium as gym

from webenv.browser import pagecache
from webenv.tasks import Task
from webenv.tools.solution import play_solution

ROOMY_CACHE = 100_000
"""Enough pages that a test's whole run stays cached (nothing evicted between replays)."""


@dataclass(frozen=True)
class Episode:
    """One play of a task's reference solution: every step, then the requests it made."""

    task_id: str
    solved: bool
    error: str
    steps: tuple[tuple[str, dict[str, str]], ...]
    """(action, observation after it) for each step."""
    requests: tuple[dict[str, Any], ...]
    """The world's request log at the end, as validators read it (cleared at each reset)."""


def record_episode(env: gym.Env, task: Task) -> Episode:
    """Reset ``env`` to ``task``, play its solution and keep what each step showed."""
    steps: list[tuple[str, dict[str, str]]] = []
    result = play_solution(env, task, on_step=lambda action, obs: steps.append((action, obs)))
    log = env.unwrapped.world.request_log.entries()
    return Episode(task.task_id, result.solved, result.error, tuple(steps), tuple(log))


@contextmanager
def page_cache_pages(pages: int) -> Iterator[None]:
    """Run the block with the process's page cache holding at most ``pages`` (0: off)."""
    before = pagecache.PAGE_CACHE_PAGES
    pagecache.PAGE_CACHE_PAGES = pages
    try:
        yield
    finally:
        pagecache.PAGE_CACHE_PAGES = before
