"""WebShopAdmin-v0: the shop's back office as an env, its staff logins, in the env and serve."""

from __future__ import annotations

import gymnasium as gym
import pytest

import webenv
from webenv.errors import TaskError, WorldError
from webenv.serve import Hub
from webenv.sites import BACK_OFFICES, PLACEHOLDERS, expand_placeholders
from webenv.tasks import parse_task, select_tasks
from webenv.tools.solution import play_solution

from .test_serve import Visitor, open_start_page, start_task

ADMIN_TASK = {
    "task_id": "shop_admin/test/0",
    "sites": ["shop"],
    "login": {"shop_admin": "admin", "shop": "emma.lopez"},
    "start_url": "__SHOP_ADMIN__/",
    "intent": "Open the dashboard.",
    "eval": {"eval_types": ["url_match"], "reference_url": "__SHOP_ADMIN__/dashboard"},
    "solution": [{"do": "stop", "answer": ""}],
}


@pytest.fixture(scope="module")
def env():
    env = gym.make("WebShopAdmin-v0")
    yield env
    env.close()


def test_the_back_office_is_a_placeholder_a_login_key_and_a_task_group() -> None:
    office = BACK_OFFICES["shop_admin"]
    assert PLACEHOLDERS["__SHOP_ADMIN__"] == "http://shop.test/admin" == office.base_url
    assert (
        expand_placeholders("__SHOP_ADMIN__/sales/orders") == "http://shop.test/admin/sales/orders"
    )
    assert expand_placeholders("__SHOP__/") == "http://shop.test/"
    tasks = select_tasks("shop_admin")
    assert tasks and all(t.group == "shop_admin" and t.sites == ("shop",) for t in tasks)
    ids = {t.task_id for t in tasks}
    assert not {t.task_id for t in select_tasks("shop")} & ids
    assert ids <= {t.task_id for t in select_tasks("all")}
    assert webenv.ENV_IDS["WebShopAdmin-v0"] == "shop_admin"


def test_an_admin_episode_starts_signed_in_as_the_staff_user(env) -> None:
    obs, info = env.reset(seed=0)
    assert info["task_id"].startswith("shop_admin/")
    assert obs["url"].startswith("http://shop.test/admin/")
    assert "button 'Sign Out'" in obs["axtree"] and "link 'Sales'" in obs["axtree"]


def test_one_cookie_signs_in_a_customer_and_a_staff_user_together(env) -> None:
    world = env.unwrapped.world
    task = parse_task(ADMIN_TASK)
    cookies = world.login_cookies(task.login)
    assert list(cookies) == ["shop"]  # one site, one session cookie for both accounts
    _, admin_page = world.fetch("http://shop.test/admin/dashboard", task.login)
    assert "Lifetime Sales" in admin_page.text_content()
    _, account = world.fetch("http://shop.test/account", task.login)
    assert "Emma" in account.text_content()
    _, as_customer = world.fetch("http://shop.test/admin/dashboard", {"shop": "emma.lopez"})
    assert "Lifetime Sales" not in as_customer.text_content()  # customers are not staff
    both = gym.make("WebShopAdmin-v0", tasks=[task])
    try:
        obs, _ = both.reset(seed=0)
        assert obs["url"] == "http://shop.test/admin/dashboard"
        result = play_solution(both, task)
        assert result.solved, result.error
    finally:
        both.close()


def test_a_restricted_role_is_refused_sales_in_the_env(env) -> None:
    world = env.unwrapped.world
    _, page = world.fetch("http://shop.test/admin/sales/orders", {"shop_admin": "sam.patel"})
    assert "does not have access to Sales" in page.text_content()
    _, page = world.fetch("http://shop.test/admin/catalog/products", {"shop_admin": "sam.patel"})
    assert "Products" in page.text_content()


def test_unknown_accounts_and_keys_are_clear_errors(env) -> None:
    world = env.unwrapped.world
    with pytest.raises(WorldError, match=r"no staff user 'emma\.lopez'"):
        world.login_cookies({"shop_admin": "emma.lopez"})
    with pytest.raises(WorldError, match="no user 'admin'"):
        world.login_cookies({"shop": "admin"})
    with pytest.raises(WorldError, match="cannot log in on 'warehouse'"):
        world.login_cookies({"warehouse": "admin"})
    with pytest.raises(TaskError, match=r"login\.shop_admin: its site 'shop' is not listed"):
        parse_task({**ADMIN_TASK, "sites": ["forum"], "login": {"shop_admin": "admin"}})


def test_serve_logs_the_staff_user_in_from_the_portal(tmp_path) -> None:
    task_id = select_tasks("shop_admin")[0].task_id
    with Hub("127.0.0.1", 0, sites=["shop"], record_dir=tmp_path, quiet=True) as hub:
        hub.start()
        visitor = Visitor()
        page = open_start_page(visitor, start_task(visitor, hub, task_id))
        assert page.status == 200
        assert "/admin/" in page.url and "Sign Out" in page.text
