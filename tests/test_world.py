"""One world for agents and people: the site database, the request log, the registry.

The env and ``webenv serve`` share :class:`~webenv.world.World`; these tests pin what
they used to disagree on (serve's authorizer refused ``WITH RECURSIVE``), the
in-memory and file databases' common behaviour, and the one site registry.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import abort

from webenv import sitedb
from webenv.env import WebEnv
from webenv.errors import WorldError
from webenv.requestlog import RequestLog
from webenv.serve import Hub
from webenv.sitedb import SiteDatabase
from webenv.sites import PLACEHOLDERS, SITE_URLS, SITES, expand_placeholders, site_for_url
from webenv.sites.core.app import SITE_URLS as APP_DEFAULTS
from webenv.sites.core.db import get_db
from webenv.tasks import SITE_NAMES
from webenv.tools.webarena import DEFAULT_LOGIN, PLACEHOLDER_MAP
from webenv.validators import Evaluation, evaluate
from webenv.validators.context import DEFAULT_SITE_URLS, PLACEHOLDER_SITES
from webenv.world import World

TASK = "shop/order-total/0"
RECURSIVE = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) "
    "SELECT (SELECT sum(i) FROM n) || '|' || "
    "(SELECT count(*) FROM users WHERE username = 'emma.lopez')"
)
SPEC = {
    "eval_types": ["state_match"],
    "state": [{"site": "shop", "sql": RECURSIVE, "expected": "6|1"}],
}
WRITES = (
    "DELETE FROM orders",
    "UPDATE users SET email = 'x'",
    "DROP TABLE users",
    "CREATE TABLE t(x)",
    "PRAGMA journal_mode=DELETE",
    "ATTACH ':memory:' AS other",
)


@pytest.fixture(scope="module")
def env() -> Iterator[WebEnv]:
    environment = WebEnv(tasks=[TASK])
    environment.reset(options={"task_id": TASK})
    yield environment
    environment.close()


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    record = tmp_path_factory.mktemp("episodes")
    with Hub("127.0.0.1", 0, sites=["shop"], record_dir=record, quiet=True) as served:
        yield served


def _verdict(world: World) -> Evaluation:
    context = world.eval_context(
        answer=None,
        infeasible_reported=False,
        url="http://shop.test/",
        fetch_page=lambda url: None,
        users={"shop": "emma.lopez"},
        requests=[],
    )
    return evaluate(SPEC, context)


def test_a_state_check_gets_the_same_verdict_in_the_env_and_in_serve(env: WebEnv, hub: Hub) -> None:
    in_env, in_serve = _verdict(env.world), _verdict(hub.world)
    assert in_env.passed("lenient") and in_env.passed("strict"), in_env
    assert in_serve == in_env


def test_serve_queries_allow_recursive_ctes(hub: Hub) -> None:
    assert hub.query("shop", RECURSIVE) == [("6|1",)]


@pytest.mark.parametrize("persistent", [False, True], ids=["memory", "file"])
def test_the_one_query_path_reads_and_never_writes(tmp_path: Path, persistent: bool) -> None:
    database = SiteDatabase("shop", 0, tmp_path if persistent else None)
    try:
        assert database.query(RECURSIVE) == [("6|1",)]
        before = database.query("SELECT count(*) FROM orders")
        for sql in WRITES:
            with pytest.raises(sqlite3.DatabaseError):
                database.query(sql)
        assert database.query("SELECT count(*) FROM orders") == before
    finally:
        database.close()


@pytest.mark.parametrize("persistent", [False, True], ids=["memory", "file"])
def test_a_read_that_runs_away_is_stopped_with_a_clear_error(
    tmp_path: Path, persistent: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A task file's state SQL is anyone's: an unbounded recursive CTE hung the checker
    # (and an episode's last step) for ever, and a huge result filled memory.
    monkeypatch.setattr(sitedb, "READ_SECONDS", 0.2)
    monkeypatch.setattr(sitedb, "READ_ROWS", 50)
    database = SiteDatabase("shop", 0, tmp_path if persistent else None)
    try:
        slow = (
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000)"
            " SELECT count(*) FROM c"
        )
        start = time.monotonic()
        with pytest.raises(sqlite3.OperationalError, match=r"query stopped after 0\.2 s"):
            database.query(slow)
        assert time.monotonic() - start < 5
        with pytest.raises(sqlite3.OperationalError, match="more than 50 rows"):
            database.query("SELECT id FROM orders")
        assert database.query("SELECT id FROM orders LIMIT 50")  # the database still reads
        assert database.query(RECURSIVE) == [("6|1",)]
    finally:
        database.close()


@pytest.mark.parametrize("persistent", [False, True], ids=["memory", "file"])
def test_reset_restores_the_pristine_world(tmp_path: Path, persistent: bool) -> None:
    world = World(["shop"], db_dir=tmp_path if persistent else None)
    try:
        count = "SELECT count(*) FROM reviews"
        pristine = world.query("shop", count)
        database = world.database("shop")
        conn = database.connection or sqlite3.connect(database.path)
        conn.execute("DELETE FROM reviews")
        conn.commit()
        if database.connection is None:
            conn.close()
        assert world.query("shop", count) == [(0,)]
        world.reset()
        assert world.query("shop", count) == pristine
    finally:
        world.close()


@pytest.mark.parametrize("persistent", [False, True], ids=["memory", "file"])
def test_the_sites_enforce_foreign_keys_in_memory_and_in_files(
    tmp_path: Path, persistent: bool
) -> None:
    """A write that would leave rows pointing at nothing fails in an env's in-memory world
    as in a database file, before and after a reset, and loses nothing."""
    world = World(["shop"], db_dir=tmp_path if persistent else None)
    try:
        count = "SELECT count(*) FROM orders"
        pristine = world.query("shop", count)
        for _ in range(2):
            with world.lock, world.apps["shop"].app_context():
                db = get_db()
                with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
                    db.execute("DELETE FROM orders")
                db.rollback()
            assert world.query("shop", count) == pristine
            world.reset()
    finally:
        world.close()


@pytest.mark.parametrize("persistent", [False, True], ids=["memory", "file"])
@pytest.mark.parametrize("ending", ["response", "abort", "exception"])
def test_a_request_that_does_not_commit_leaves_nothing(
    tmp_path: Path, persistent: bool, ending: str
) -> None:
    """What a view wrote and did not commit is undone when its request ends, however it
    ends (an answer, an ``abort``, an exception), in memory as in a file: the next request
    on the env's shared connection cannot commit it."""
    world = World(["shop"], db_dir=tmp_path if persistent else None)
    try:
        newsletter = "SELECT newsletter FROM users WHERE username = 'emma.lopez'"
        pristine = world.query("shop", newsletter)
        app = world.apps["shop"]

        def write_then(how: str) -> str:
            get_db().execute(
                "UPDATE users SET newsletter = 1 - newsletter WHERE username = 'emma.lopez'"
            )
            if how == "abort":
                abort(400)
            if how == "exception":
                raise RuntimeError("the view failed")
            return "written, not committed"

        app.add_url_rule("/test-write-then/<how>", view_func=write_then)
        response = app.test_client().get(f"/test-write-then/{ending}", base_url="http://shop.test")
        assert response.status_code == {"response": 200, "abort": 400, "exception": 500}[ending]
        with app.app_context():
            get_db().commit()  # what the next writing request does
        assert world.query("shop", newsletter) == pristine
    finally:
        world.close()


def test_a_file_world_keeps_committed_writes_across_worlds(tmp_path: Path) -> None:
    first = World(["shop"], db_dir=tmp_path)
    conn = sqlite3.connect(first.database("shop").path)
    conn.execute("UPDATE users SET newsletter = 1 - newsletter WHERE username = 'emma.lopez'")
    conn.commit()
    conn.close()
    changed = first.query("shop", "SELECT newsletter FROM users WHERE username = 'emma.lopez'")
    first.close()
    second = World(["shop"], db_dir=tmp_path)
    try:
        assert (
            second.query("shop", "SELECT newsletter FROM users WHERE username = 'emma.lopez'")
            == changed
        )
    finally:
        second.close()


def test_an_unusable_database_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "shop.sqlite3").write_bytes(b"not a database at all" * 100)
    with pytest.raises(WorldError, match="not a usable shop database"):
        World(["shop"], db_dir=tmp_path)


def test_users_and_login_cookies(env: WebEnv) -> None:
    world = env.world
    assert world.user_id("shop", "emma.lopez") > 0
    with pytest.raises(WorldError, match="no user"):
        world.user_id("shop", "nobody.here")
    with pytest.raises(WorldError, match="not part of this world"):
        world.query("forum", "SELECT 1")
    name, value = world.login_cookies({"shop": "emma.lopez"})["shop"]
    assert name and value and world.login_cookies({"shop": "emma.lopez"})["shop"] == (name, value)


def test_fetch_follows_redirects_as_the_user_without_logging(env: WebEnv) -> None:
    world = env.world
    logged = len(world.request_log)
    url, document = world.fetch("http://shop.test/account", {"shop": "emma.lopez"})
    assert url.startswith("http://shop.test/") and "emma" in document.text_content().lower()
    anonymous_url, _ = world.fetch("http://shop.test/account/orders")
    assert "/account/login" in anonymous_url
    assert len(world.request_log) == logged
    with pytest.raises(WorldError):
        world.fetch("http://elsewhere.example/")


def test_eval_context_carries_the_request_log(env: WebEnv) -> None:
    world = env.world
    world.log_request("GET", "http://shop.test/cart", {}, 200)
    context = world.eval_context(
        answer="x",
        infeasible_reported=False,
        url="http://shop.test/cart",
        fetch_page=lambda url: None,
        users={"shop": "emma.lopez"},
    )
    assert context.requests[-1] == {
        "method": "GET",
        "url": "http://shop.test/cart",
        "form": {},
        "status": 200,
    }
    assert context.site_urls == PLACEHOLDERS and context.users == {"shop": "emma.lopez"}
    assert context.query("shop", "SELECT 1") == [(1,)]


def test_the_request_log_reads_like_a_list() -> None:
    log = RequestLog()
    log.record("POST", "http://forum.test/submit", {"title": "x"}, 302)
    log.append({"method": "GET", "url": "http://elsewhere.example/", "form": {}, "status": 200})
    assert log == [
        {
            "method": "POST",
            "url": "http://forum.test/submit",
            "form": {"title": "x"},
            "status": 302,
        },
        {"method": "GET", "url": "http://elsewhere.example/", "form": {}, "status": 200},
    ]
    assert [r.site for r in log.since(0)] == ["forum", ""]
    assert [e["status"] for e in log] == [302, 200]


# -- the site registry --------------------------------------------------------------------


def test_one_registry_every_reader_agrees_with() -> None:
    assert list(SITES) == ["shop", "forum", "githost"]
    assert DEFAULT_SITE_URLS == PLACEHOLDERS
    assert {spec.placeholder: name for name, spec in SITES.items()} == {
        placeholder: site
        for placeholder, site in PLACEHOLDER_SITES.items()
        if placeholder != "__SHOP_ADMIN__"
    }
    assert PLACEHOLDER_SITES["__SHOP_ADMIN__"] == "shop"
    assert PLACEHOLDERS["__SHOP_ADMIN__"] == "http://shop.test/admin"
    assert APP_DEFAULTS == SITE_URLS and "git" not in APP_DEFAULTS
    assert tuple(SITES) == SITE_NAMES
    assert set(PLACEHOLDER_MAP.values()) == {spec.placeholder for spec in SITES.values()}
    assert {"shop": SITES["shop"].task_user} == DEFAULT_LOGIN


def test_every_app_gets_the_githost_key_and_its_title(env: WebEnv, hub: Hub) -> None:
    world = World(["githost"])
    try:
        app = world.apps["githost"]
        assert set(app.config["SITE_URLS"]) == set(SITES)
        assert app.config["SITE_NAME"] == SITES["githost"].title
    finally:
        world.close()
    served = hub.sites["shop"].app.config["SITE_URLS"]
    assert served["shop"] == hub.sites["shop"].base_url and "git" not in served


def test_placeholders_expand_in_one_place() -> None:
    text = "__SHOP__/a __FORUM__/b __GIT__/c __OTHER__/d"
    assert expand_placeholders(text) == (
        "http://shop.test/a http://forum.test/b http://git.test/c __OTHER__/d"
    )
    assert expand_placeholders("__GIT__/x", {"__GIT__": "http://127.0.0.1:9"}) == (
        "http://127.0.0.1:9/x"
    )
    assert site_for_url("HTTP://GIT.TEST/x") == SITES["githost"]
    assert site_for_url("http://[") is None and site_for_url("http://git.test.evil/") is None


@pytest.mark.parametrize("persistent", [False, True], ids=["memory", "file"])
def test_a_login_follows_the_users_live_session_generation(
    tmp_path: Path, persistent: bool
) -> None:
    database = SiteDatabase("shop", 0, tmp_path if persistent else None)
    conn = database.connection or sqlite3.connect(database.path)
    try:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(users)")]
        if "session_generation" not in columns:  # sites that end sessions at log-out have it
            conn.execute(
                "ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0"
            )
            conn.commit()
        user_id = database.user_id("emma.lopez")
        assert database.user_session("emma.lopez") == (user_id, 0)
        conn.execute("UPDATE users SET session_generation = 2 WHERE username = 'emma.lopez'")
        conn.commit()
        assert database.user_session("emma.lopez") == (user_id, 2)  # not a remembered answer
        assert database.user_session("nobody.here") is None
    finally:
        if database.connection is None:
            conn.close()
        database.close()
