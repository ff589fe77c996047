"""Hostile numbers a site could not store: every route with an integer in its path, and
JSON integers in API bodies, answer 404 / 400 instead of a 500 (``OverflowError`` when a
view binds a number past SQLite's 64-bit range into a query)."""

from __future__ import annotations

import re

import pytest
from werkzeug.routing import IntegerConverter

from webenv.env import WebEnv
from webenv.sites.core.db import INTEGER_RANGE

HUGE = str(INTEGER_RANGE[-1] + 1)  # 9223372036854775808: one past what SQLite stores
HOSTS = {"shop": "http://shop.test", "forum": "http://forum.test", "githost": "http://git.test"}
SAMPLE = {"ProjectRef": "northwind/falcon-proxy"}  # a value each other converter takes


@pytest.fixture(scope="module")
def env():
    made = WebEnv(tasks="all")
    made.reset(options={"task_id": "cross/bio-project-count/0"})  # logged in on all three
    yield made
    made.close()


def _paths(app, number: str) -> list[str]:
    """Every GET route with an integer in its path, the integers set to ``number``."""
    paths = []
    for rule in app.url_map.iter_rules():
        converters = rule._converters
        if "GET" not in (rule.methods or ()) or not any(
            isinstance(conv, IntegerConverter) for conv in converters.values()
        ):
            continue
        path = rule.rule
        for name, conv in converters.items():
            value = number if isinstance(conv, IntegerConverter) else "x"
            value = SAMPLE.get(type(conv).__name__, value)
            path = re.sub(rf"<(?:[^:<>]+:)?{name}>", value, path)
        paths.append(path)
    return paths


@pytest.mark.parametrize("site", sorted(HOSTS))
def test_every_integer_route_refuses_an_id_past_sqlite_with_a_page_not_a_500(env, site):
    paths = _paths(env.world.apps[site], HUGE)
    assert len(paths) >= 5  # the sweep reaches the site's id routes
    for path in paths:
        obs, *_ = env.step(f"goto [{HOSTS[site]}{path}]")
        assert obs["last_action_error"] == "", path
        assert env.world.request_log.since(0)[-1].status != 500, path
    # the largest storable id is still an id: routed to its view (a 404: no such row)
    for path in _paths(env.world.apps[site], str(INTEGER_RANGE[-1]))[:10]:
        env.step(f"goto [{HOSTS[site]}{path}]")
        assert env.world.request_log.since(0)[-1].status != 500, path


@pytest.mark.parametrize(
    "call",
    [
        "api [POST] [http://forum.test/api/submissions/2392/comments] "
        '[{"body": "hi", "parent_id": %s}]',
        'api [POST] [http://forum.test/api/submissions/2392/vote] [{"choice": %s}]',
        "api [POST] [http://git.test/api/v4/projects/1/issues] "
        '[{"title": "t", "milestone_id": %s}]',
        'api [PUT] [http://git.test/api/v4/projects/1/issues/1] [{"assignee_ids": [-%s]}]',
        "api [POST] [http://shop.test/rest/V1/carts/mine/items] "
        '[{"cartItem": {"sku": "EL-39984", "qty": %s}}]',
    ],
)
def test_an_api_integer_past_sqlite_is_a_400_that_changes_nothing(env, call):
    before = env.world.request_log.since(0)
    written = _rows(env)
    obs, *_ = env.step(call % ("9" * 30))
    assert obs["last_action_error"] == ""
    assert "Status: 400 Bad Request" in obs["axtree"]
    assert "out of range (-2**63 to 2**63 - 1 are accepted)" in obs["axtree"]
    assert len(env.world.request_log.since(0)) == len(before) + 1
    assert _rows(env) == written


def _rows(env) -> list[list[tuple]]:
    """The rows those calls would write."""
    return [
        env.world.query(site, f"SELECT * FROM {table} ORDER BY 1")
        for site, table in (
            ("forum", "comments"),
            ("forum", "submission_votes"),
            ("githost", "issues"),
            ("shop", "cart_items"),
        )
    ]


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("http://shop.test//product/summit-cork-dumbbell-set", "Summit Cork Dumbbell Set"),
        ("http://forum.test//f/programming", "Programming"),
        ("http://git.test//explore", "Explore projects"),
    ],
)
def test_a_path_starting_with_two_slashes_is_that_path(env, url, title):
    """The in-process browser (and World.fetch) handed werkzeug '//product/...' as a bare
    path, which it reads as a host ('product'): the site answered '/summit-...' (a 404)
    or '/' instead of the page a server would (a base URL joined to '/x' gives such
    URLs)."""
    obs, *_ = env.step(f"goto [{url}]")
    assert obs["last_action_error"] == ""
    assert env.world.request_log.since(0)[-1].status == 200
    assert obs["axtree"].startswith(f"[0] RootWebArea '{title}")
    final, document = env.world.fetch(url, env.task.login)
    assert final == url and title in document.findtext(".//title")
