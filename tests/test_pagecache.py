"""Memoised pages (webenv.browser.pagecache): the same observations on and off, after writes."""

from __future__ import annotations

import pytest

from tests.replays import ROOMY_CACHE, page_cache_pages, record_episode
from webenv.browser import pagecache
from webenv.browser.pagecache import page_cache
from webenv.env import WebEnv
from webenv.families import families, generate
from webenv.tasks import select_tasks


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


def test_a_write_from_outside_a_request_stops_the_cache_until_reset():
    page_cache.clear()
    env = WebEnv(tasks="shop")
    try:
        (task,) = select_tasks(["shop/order-total/0"])
        env.reset(options={"task_id": task.task_id})
        env.step("goto [http://shop.test/]")
        shop = env.world.database("shop").connection
        assert shop is not None
        shop.execute("UPDATE products SET name = 'Renamed ' || name")
        shop.commit()
        assert env.world.page_state() is None  # no request explains the change
        hits = page_cache.stats()["hits"]
        env.step("goto [http://shop.test/]")
        assert page_cache.stats()["hits"] == hits  # asked of the app
        env.reset(options={"task_id": task.task_id})
        assert env.world.page_state() is not None
    finally:
        env.close()


ADMIN_TASK = "shop_admin/top-search-term/0"
DASHBOARD = "http://shop.test/admin/dashboard"
"""The back office's dashboard lists the last search terms: it reads what a search writes."""


def _walk(env: WebEnv, task_id: str, urls: list[str]) -> list[str]:
    """Reset to ``task_id``, then go to each URL; the observations' trees."""
    obs, _ = env.reset(options={"task_id": task_id})
    trees = [obs["axtree"]]
    for url in urls:
        obs, *_ = env.step(f"goto [{url}]")
        assert not obs["last_action_error"], obs["last_action_error"]
        trees.append(obs["axtree"])
    return trees


def _uncached_walk(task_id: str, urls: list[str], monkeypatch) -> list[str]:
    with monkeypatch.context() as patch:
        patch.setattr(pagecache, "PAGE_CACHE_PAGES", 0)
        env = WebEnv(tasks=task_id.split("/")[0])
        try:
            return _walk(env, task_id, urls)
        finally:
            env.close()


def test_a_page_that_does_not_read_the_written_table_is_served_after_the_write(monkeypatch):
    urls = ["http://shop.test/", "http://shop.test/search?q=harbor", "http://shop.test/"]
    expected = _uncached_walk("shop/order-total/0", urls, monkeypatch)
    page_cache.clear()
    env = WebEnv(tasks="shop")
    try:
        _walk(env, "shop/order-total/0", urls[:2])
        assert env.world.pristine_state() is None  # the search wrote its term
        hits = page_cache.stats()["hits"]
        obs, *_ = env.step(f"goto [{urls[2]}]")
        assert page_cache.stats()["hits"] == hits + 1
        assert obs["axtree"] == expected[-1]
    finally:
        env.close()


def test_a_page_that_reads_the_written_table_is_asked_again(monkeypatch):
    urls = [DASHBOARD, "http://shop.test/search?q=quokka+lamp", DASHBOARD]
    expected = _uncached_walk(ADMIN_TASK, urls, monkeypatch)
    page_cache.clear()
    env = WebEnv(tasks="shop_admin")
    try:
        _, first, _ = _walk(env, ADMIN_TASK, urls[:2])  # the dashboard, stored; a search
        assert "quokka lamp" not in first
        hits = page_cache.stats()["hits"]
        obs, *_ = env.step(f"goto [{DASHBOARD}]")
        assert page_cache.stats()["hits"] == hits  # it read search_terms: asked again
        assert "quokka lamp" in obs["axtree"]
        assert obs["axtree"] == expected[-1]
        obs, *_ = env.step(f"goto [{DASHBOARD}]")
        assert page_cache.stats()["hits"] == hits + 1  # stored again, for the new term
        assert obs["axtree"] == expected[-1]
    finally:
        env.close()


def test_envs_with_the_same_write_history_share_pages_and_others_do_not():
    page_cache.clear()
    envs = [WebEnv(tasks="shop_admin") for _ in range(3)]
    try:
        same = ["http://shop.test/search?q=quokka+lamp", DASHBOARD]
        first = _walk(envs[0], ADMIN_TASK, same)
        hits = page_cache.stats()["hits"]
        second = _walk(envs[1], ADMIN_TASK, same)
        assert page_cache.stats()["hits"] == hits + 2  # the start page and the dashboard
        assert second == first
        hits = page_cache.stats()["hits"]
        other = _walk(envs[2], ADMIN_TASK, ["http://shop.test/search?q=wombat+mug", DASHBOARD])
        assert page_cache.stats()["hits"] == hits + 1  # the start page only
        assert "wombat mug" in other[-1] and "quokka lamp" not in other[-1]
    finally:
        for env in envs:
            env.close()


def test_restore_state_to_a_written_state_serves_that_state_s_pages(monkeypatch):
    urls = ["http://shop.test/search?q=quokka+lamp", DASHBOARD]
    expected = _uncached_walk(ADMIN_TASK, urls, monkeypatch)
    page_cache.clear()
    env = WebEnv(tasks="shop_admin")
    try:
        _walk(env, ADMIN_TASK, urls[:1])
        saved = env.save_state()
        obs, *_ = env.step(f"goto [{DASHBOARD}]")
        assert obs["axtree"] == expected[-1]
        pristine = _walk(env, ADMIN_TASK, [DASHBOARD])[-1]  # a reset: no quokka lamp
        assert "quokka lamp" not in pristine
        env.restore_state(saved)
        hits = page_cache.stats()["hits"]
        obs, *_ = env.step(f"goto [{DASHBOARD}]")
        assert page_cache.stats()["hits"] == hits + 1
        assert obs["axtree"] == expected[-1]
        env.restore_state(saved)
        obs, *_ = env.step("goto [http://shop.test/search?q=wombat+mug]")
        obs, *_ = env.step(f"goto [{DASHBOARD}]")
        assert "wombat mug" in obs["axtree"]
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
