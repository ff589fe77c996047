"""Every shipped task: solved by its own solution, the same pages with the page cache on
and off, reference answers agree with the data, and doing nothing does not pass."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

import pytest

from tests.replays import ROOMY_CACHE, Episode, page_cache_pages, record_episode
from webenv.browser.pagecache import page_cache
from webenv.env import WebEnv
from webenv.tasks import Task, bundled_tasks
from webenv.validators import check_answer
from webenv.world import World

TASKS = bundled_tasks()
GROUPS = sorted({task.group for task in TASKS})


Closable = TypeVar("Closable", WebEnv, World)


@contextmanager
def one_each(make: Callable[[str], Closable]) -> Iterator[Callable[[str], Closable]]:
    """Give ``get(key)``: ``make(key)`` on first use, the same object after; all closed at
    the end."""
    made: dict[str, Closable] = {}

    def get(key: str) -> Closable:
        if key not in made:
            made[key] = make(key)
        return made[key]

    try:
        yield get
    finally:
        for thing in made.values():
            thing.close()


@pytest.fixture(scope="module")
def envs():
    """One env per task group for the module."""
    with one_each(lambda group: WebEnv(tasks=group)) as env:
        yield env


@pytest.fixture(scope="module")
def worlds():
    """One world per site for the module."""
    with one_each(lambda site: World([site])) as world:
        yield world


def ids(task: Task) -> str:
    return task.task_id


@dataclass
class Plays:
    """One task's reference solution played with the page cache on (the default), and
    the two replays the cache check adds: with the cache off, and from the filled cache."""

    on: Episode
    off: Episode | None = None
    warm: Episode | None = None
    warm_hits: int = 0


@pytest.fixture(scope="module")
def played(envs) -> Iterator[Callable[[Task, bool], Plays]]:
    """Each task's plays, made once and shared by the tests that check them.

    The cache is roomy for the module, so a task's pages are still there for its warm
    replay whichever tests ran in between; ``replays=False`` plays only what the
    solution test needs (the cache check runs in the full suite, not in test-fast).
    """
    made: dict[str, Plays] = {}

    def plays(task: Task, replays: bool) -> Plays:
        env = envs(task.group)
        if task.task_id not in made:
            made[task.task_id] = Plays(on=record_episode(env, task))
        done = made[task.task_id]
        if replays and done.off is None:
            with page_cache_pages(0):
                done.off = record_episode(env, task)
            hits = page_cache.stats()["hits"]
            done.warm = record_episode(env, task)
            done.warm_hits = int(page_cache.stats()["hits"] - hits)
        return done

    page_cache.clear()
    with page_cache_pages(ROOMY_CACHE):
        yield plays
    page_cache.clear()


@pytest.mark.parametrize("task", TASKS, ids=ids)
def test_solution_solves_the_task_in_both_modes(played, task):
    on = played(task, False).on
    assert on.solved, on.error


@pytest.mark.slow
@pytest.mark.parametrize("task", TASKS, ids=ids)
def test_solution_sees_the_same_pages_with_the_page_cache_on_and_off(played, task):
    """Step by step the same observations and requests: cache off, filling it, served
    from it (the same env, reset between plays)."""
    plays = played(task, True)
    assert plays.off is not None and plays.off.solved, plays.off
    assert plays.warm_hits >= 1  # the replay was served from the cache
    assert plays.off == plays.on == plays.warm


@pytest.mark.parametrize("task", TASKS, ids=ids)
def test_answering_at_once_fails(envs, task):
    env = envs(task.group)
    env.reset(options={"task_id": task.task_id})
    _, reward, terminated, _, info = env.step("stop [42]")
    assert terminated and reward == 0.0
    assert not info["validation"]["lenient"]["passed"]
    assert not info["validation"]["strict"]["passed"]


ANSWER_TASKS = [
    t for t in TASKS if "string_match" in t.eval.eval_types and t.eval.answer_type != "infeasible"
]


@pytest.mark.parametrize("task", ANSWER_TASKS, ids=ids)
def test_reference_answer_agrees_with_the_pristine_database(worlds, task):
    spec = task.eval
    assert spec.reference_sql, "answer tasks must say how the answer is derived"
    site, sql = spec.reference_sql.site, spec.reference_sql.sql
    rows = worlds(site).query(site, sql)
    assert rows and all(row[0] is not None for row in rows), f"no value from: {sql}"
    assert spec.reference_answers
    reference = spec.reference_answers.exact_match
    if spec.answer_type == "list":
        assert sorted(str(row[0]) for row in rows) == sorted(reference)
        return
    assert len(rows) == 1, f"expected one row, got {len(rows)}"
    verdict = check_answer(str(rows[0][0]), spec, mode="lenient")
    assert verdict.passed, verdict.explanation


def test_enough_shop_tasks_of_every_kind():
    shop = [t for t in TASKS if t.group == "shop"]
    assert len(shop) >= 40
    kinds = {kind for t in shop for kind in t.eval.eval_types}
    assert kinds == {"string_match", "url_match", "program_html", "state_match", "request_match"}
    assert sum(t.eval.answer_type == "infeasible" for t in shop) >= 3


@pytest.mark.parametrize("group", ["forum", "githost"])
def test_enough_site_tasks(group):
    tasks = [t for t in TASKS if t.group == group]
    assert len(tasks) >= 40
    assert sum(t.eval.answer_type == "infeasible" for t in tasks) >= 3


def test_back_office_tasks_include_infeasible_ones_and_a_restricted_role():
    admin = [t for t in TASKS if t.group == "shop_admin"]
    assert len(admin) >= 60
    assert sum(t.eval.answer_type == "infeasible" for t in admin) >= 3
    staff = {t.login["shop_admin"] for t in admin}
    assert {"admin", "sam.patel"} <= staff  # an administrator and a catalog manager
    kinds = {kind for t in admin for kind in t.eval.eval_types}
    assert {"string_match", "state_match", "program_html", "request_match"} <= kinds


def test_cross_site_tasks_span_sites_and_log_in_everywhere():
    cross = [t for t in TASKS if t.group == "cross"]
    assert len(cross) >= 12
    for task in cross:
        assert len(task.sites) >= 2, task.task_id
        assert set(task.login) == set(task.sites), task.task_id
        checked = {check.site for check in task.eval.state or ()}
        visited = {step["url"].split("__")[1] for step in task.solution if step["do"] == "goto"}
        assert len(checked | visited) >= 2, task.task_id
