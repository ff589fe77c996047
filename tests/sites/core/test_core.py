"""Shared site helpers: database, RNG, clock, passwords, login and CSRF."""

from __future__ import annotations

import sqlite3
from datetime import datetime

import pytest
from flask import Flask, g, session

from webenv.sites.core import auth, clock, csrf, db, slugs
from webenv.sites.core import session as core_session
from webenv.sites.core.rng import Rng


def test_rng_sequence_is_pinned() -> None:
    # Fixed values: if these change, every generated world changes.
    rng = Rng(0)
    assert [rng.randint(1, 100) for _ in range(5)] == [85, 76, 43, 26, 52]
    assert rng.random() == 0.4049341374504143
    assert Rng("shop:0").random() == 0.09258227249778683


def test_rng_operations_stay_in_range() -> None:
    rng = Rng(42)
    assert {rng.randint(3, 5) for _ in range(200)} == {3, 4, 5}
    assert all(2.0 <= rng.uniform(2, 3) < 3.0 for _ in range(100))
    assert rng.choice("abc") in "abc"
    assert {rng.weighted("ab", (1, 0)) for _ in range(50)} == {"a"}
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    picked = rng.sample(range(10), 10)
    assert sorted(picked) == list(range(10))
    with pytest.raises(ValueError):
        rng.sample([1], 2)
    with pytest.raises(ValueError):
        rng.randint(5, 4)
    with pytest.raises(IndexError):
        rng.choice([])


def test_rng_forks_are_independent_and_reproducible() -> None:
    a, b = Rng(1), Rng(1)
    assert a.fork("x").random() == b.fork("x").random()
    assert Rng(1).fork("x").random() != Rng(1).fork("y").random()


@pytest.fixture
def app() -> Flask:
    app = Flask(__name__)
    app.config.update(SECRET_KEY="k", TESTING=True)
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.executescript(
        "CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT UNIQUE, password_hash TEXT,"
        " session_generation INTEGER NOT NULL DEFAULT 0);"
        "INSERT INTO users VALUES (1, 'ann', 'x', 0);"
    )
    app.config["DATABASE"] = conn
    db.init_app(app)
    core_session.init_app(app)
    auth.init_app(app, login_endpoint="login")
    csrf.init_app(app)
    clock.init_app(app)

    @app.route("/login")
    def login() -> str:
        return "login page"

    @app.route("/private", methods=("GET", "POST"))
    @auth.login_required
    def private() -> str:
        return f"hello {g.user['username']} {csrf.csrf_token()}"

    @app.route("/as/<int:user_id>", methods=("POST",))
    def log_in_as(user_id: int) -> str:
        auth.log_in(user_id)
        return "ok"

    return app


def test_passed_connection_is_shared_and_never_closed(app: Flask) -> None:
    with app.app_context():
        conn = db.get_db()
        assert conn is app.config["DATABASE"] and conn.row_factory is sqlite3.Row
    assert app.config["DATABASE"].execute("SELECT 1").fetchone()[0] == 1


def test_path_database_is_opened_per_context(tmp_path) -> None:
    app = Flask(__name__)
    app.config["DATABASE"] = str(tmp_path / "site.sqlite")
    db.init_app(app)
    with app.app_context():
        conn = db.get_db()
        assert db.get_db() is conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    with pytest.raises(sqlite3.ProgrammingError):
        conn.execute("SELECT 1")


def test_clock_filters(app: Flask) -> None:
    with app.app_context():
        assert clock.now() == clock.WORLD_NOW
        assert clock.format_date("2024-06-03 14:05:00") == "Jun 3, 2024"
        assert clock.format_datetime("2024-06-03 14:05:00") == "Jun 3, 2024, 2:05 PM"
        assert clock.format_age("2024-06-12 12:00:00") == "3 days ago"
        assert clock.format_age("2024-06-14 11:00:00") == "yesterday"
        assert clock.format_age("2024-06-15 11:58:00") == "2 minutes ago"
        assert clock.format_age("2024-03-01 12:00:00") == "3 months ago"
        assert clock.format_age("2022-06-01 12:00:00") == "2 years ago"
        app.config["NOW"] = "2030-01-01T00:00:00"
        assert clock.now() == datetime(2030, 1, 1)


@pytest.mark.parametrize("password", ["webenv-demo", "", "ünïcödé", "x" * 1000])
def test_password_hashing(password: str) -> None:
    stored = auth.hash_password(password, "ann")
    assert stored == auth.hash_password(password, "ann")
    assert stored.startswith("pbkdf2:sha256:1000$ann$")
    assert auth.verify_password(stored, password)
    assert not auth.verify_password(stored, password + "!")
    assert not auth.verify_password("garbage", password)


def test_login_required_redirects_with_next(app: Flask) -> None:
    client = app.test_client()
    response = client.get("/private?x=1")
    assert response.headers["Location"] == "/login?next=/private?x%3D1"


@pytest.mark.parametrize("target", ["/ok", "/a?b=c"])
def test_safe_next_accepts_local_paths(target: str) -> None:
    assert auth.safe_next(target) == target


@pytest.mark.parametrize("target", [None, "", "http://x.test/", "//x.test", "/\\x.test", "x"])
def test_safe_next_rejects_others(target: str | None) -> None:
    assert auth.safe_next(target) is None


def test_session_cookie_and_csrf(app: Flask) -> None:
    client = app.test_client()
    name, value = auth.make_session_cookie(app, 1)
    client.set_cookie(name, value)
    page = client.get("/private").get_data(as_text=True)
    user, token = page.split()[1:]
    assert user == "ann"
    assert client.post("/private", data={"csrf_token": token}).status_code == 200
    response = client.post("/private", data={"csrf_token": "bad"})
    assert response.status_code == 400
    assert client.post("/private").status_code == 400
    app.config["CSRF_DISABLED"] = True
    assert client.post("/private").status_code == 200


def test_session_cookies_are_deterministic(app: Flask) -> None:
    cookies = []
    for _ in range(2):
        client = app.test_client()
        with app.test_request_context():
            token = csrf.csrf_token()
        response = client.post("/as/1", data={"csrf_token": token})
        cookies.append(response.headers["Set-Cookie"])
        with client:
            client.get("/login")
            assert session.get("user_id") is None or session["user_id"] == 1
    assert cookies[0] == cookies[1]
    assert cookies[0].split(";")[0].split("=", 1)[1] == auth.make_session_cookie(app, 1)[1]


def test_a_session_read_twice_is_a_fresh_copy_each_request(app: Flask) -> None:
    # The interface keeps the data of cookies it has read: a view that changes its
    # session (a flash message, a log-out) must not change what the next request with the
    # same cookie sees, and a forged cookie is never accepted from the memo.
    @app.route("/mutate")
    def mutate() -> str:
        before = dict(session)
        session["user_id"] = 99
        session.setdefault("_flashes", []).append(("message", "hi"))
        return repr(sorted(before.items()))

    name, value = auth.make_session_cookie(app, 1)
    seen = []
    for _ in range(3):
        client = app.test_client(use_cookies=False)
        seen.append(client.get("/mutate", headers={"Cookie": f"{name}={value}"}).get_data())
    assert seen[0] == seen[1] == seen[2] == b"[('user_id', 1)]"
    forged = client.get("/private", headers={"Cookie": f"{name}={value[:-2]}xx"})
    assert forged.status_code == 302
    assert client.get("/private", headers={"Cookie": f"{name}={value}"}).status_code == 200


@pytest.mark.parametrize(
    ("kwargs", "title", "slug"),
    [
        ({}, "Don't Panic: A Guide!", "dont-panic-a-guide"),
        ({"drop_apostrophes": False}, "Don't panic", "don-t-panic"),
        ({"max_words": 3, "default": "submission"}, "One two three four", "one-two-three"),
        ({"max_words": 3, "default": "submission"}, "¿¡!", "submission"),
        (
            {"keep": "._-", "drop_apostrophes": False},
            "  My.Project_Name -v2. ",
            "my.project_name--v2",
        ),
        ({}, "Ünïcode  ---  words", "n-code-words"),
        ({}, "", ""),
    ],
)
def test_slugify(kwargs: dict, title: str, slug: str) -> None:
    assert slugs.slugify(title, **kwargs) == slug


def test_stamp_is_the_database_format() -> None:
    assert clock.stamp(datetime(2024, 6, 3, 14, 5, 9)) == "2024-06-03 14:05:09"
    app = Flask(__name__)
    with app.app_context():
        assert clock.now_text() == clock.stamp(clock.WORLD_NOW)


def test_old_database_files_gain_the_session_generation_column(tmp_path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT)")
        conn.execute("INSERT INTO users VALUES (1, 'ann')")
    conn.close()
    app = Flask(__name__)
    app.config["DATABASE"] = str(path)
    db.init_app(app)
    with app.app_context():
        row = db.get_db().execute("SELECT session_generation FROM users").fetchone()
        assert row[0] == 0
    with sqlite3.connect(path) as conn:  # an up-to-date file is left alone
        db.upgrade(conn)
        assert conn.total_changes == 0
    conn.close()


def test_parse_url_shares_parses_and_still_never_raises() -> None:
    from webenv.sites.core.urls import URL, _parse, parse_url

    base = parse_url("http://forum.test/f/books/")
    assert isinstance(base, URL)
    first = parse_url("../a b?q=1#x", base)
    assert str(first) == "http://forum.test/f/a%20b?q=1#x"
    assert parse_url("../a b?q=1#x", base) is first  # shared, and immutable
    assert parse_url("../a b?q=1#x", "http://forum.test/f/books/") == first
    assert _parse.__wrapped__("../a b?q=1#x", base) == first  # what the memo holds
    assert parse_url("/x", ["not", "a", "base"]) is None  # type: ignore[arg-type]
    assert parse_url(["unhashable"]) is None
    assert parse_url("x" * 9000) is None
