"""Memoised pristine pages (webenv.browser.pagecache): the same observations, on and off."""

from __future__ import annotations

import pytest

from tests.replays import ROOMY_CACHE, page_cache_pages, record_episode
from webenv.browser.pagecache import page_cache
from webenv.env import WebEnv
from webenv.families import families, generate
from webenv.tasks import select_tasks
from webenv.tools.solution import play_solution


def _generated_sample():
    tasks = []
    for family_id in sorted(families()):
        task = next((t for i in range(20) if (t := generate(family_id, 3, i)) is not None), None)
        if task is not None:
            tasks.append(task)
    return tasks


@pytest.mark.slow
def test_generated_reference_solutions_see_the_same_pages_with_the_cache_on_and_off():
    """One instance of every family (the curated tasks' check is in test_bundled_tasks)."""
    tasks = _generated_sample()
    env = WebEnv(tasks="gen", world_seeds=[3])
    try:
        with page_cache_pages(0):
            off = [record_episode(env, task) for task in tasks]
        page_cache.clear()
        with page_cache_pages(ROOMY_CACHE):
            cold = [record_episode(env, task) for task in tasks]
            warm = [record_episode(env, task) for task in tasks]  # served from the cache
    finally:
        env.close()
    assert page_cache.stats()["hits"] > len(tasks)
    assert all(episode.solved for episode in off)
    for a, b, c in zip(off, cold, warm, strict=True):
        assert a == b == c, a.task_id


def test_a_typed_value_on_a_memoised_page_stays_in_its_env():
    page_cache.clear()
    first, second = WebEnv(tasks="shop"), WebEnv(tasks="shop")
    try:
        (task,) = select_tasks(["shop/order-total/0"])
        obs, _ = first.reset(options={"task_id": task.task_id})
        clean = obs["axtree"]
        box = next(
            line.split("]")[0].strip(" \t[")
            for line in clean.splitlines()
            if "searchbox" in line or "textbox" in line
        )
        obs, *_ = first.step(f"type [{box}] [memo leak] [0]")
        assert "memo leak" in obs["axtree"]
        again, _ = second.reset(options={"task_id": task.task_id})
        assert again["axtree"] == clean  # the shared document was never written
        assert page_cache.stats()["hits"] >= 1
        obs, *_ = first.step(f"goto [{obs['url']}]")  # the page loaded afresh
        assert obs["axtree"] == clean
    finally:
        first.close()
        second.close()


def test_a_written_world_is_never_served_from_the_cache_until_reset():
    page_cache.clear()
    env = WebEnv(tasks="shop")
    try:
        (task,) = select_tasks(["shop/subscribe-newsletter/0"])
        result = play_solution(env, task)  # writes to the shop's database
        assert result.solved
        assert env.world.pristine_state() is None
        hits = page_cache.stats()["hits"]
        env.step("goto [http://shop.test/]")
        assert page_cache.stats()["hits"] == hits  # a write since reset: asked of the app
        env.reset(options={"task_id": task.task_id})
        assert env.world.pristine_state() is not None
    finally:
        env.close()


def test_worlds_of_other_seeds_do_not_share_pages():
    page_cache.clear()
    envs = [WebEnv(tasks="gen", world_seeds=[seed]) for seed in (5, 6)]
    try:
        pages = []
        for env in envs:
            env.reset(seed=0)
            obs, *_ = env.step("goto [http://shop.test/]")
            pages.append(obs["axtree"])
        assert page_cache.stats()["hits"] == 0 or pages[0] != pages[1]
        assert pages[0] != pages[1]
    finally:
        for env in envs:
            env.close()


def test_a_search_is_a_write_never_cached_and_undone_by_reset():
    page_cache.clear()
    env = WebEnv(tasks="shop")
    uses = "SELECT uses FROM search_terms WHERE query = 'harbor'"
    try:
        (task,) = select_tasks(["shop/order-total/0"])
        env.reset(options={"task_id": task.task_id})
        before = env.world.query("shop", uses)
        for _ in range(2):
            env.step("goto [http://shop.test/search?q=harbor]")
            assert env.world.pristine_state() is None  # the search-term log was written
        assert env.world.query("shop", uses) == [(before[0][0] + 2,)]
        assert page_cache.stats()["hits"] == 0
        env.reset(options={"task_id": task.task_id})
        assert env.world.pristine_state() is not None
        assert env.world.query("shop", uses) == before
    finally:
        env.close()
