"""CSRF, escaping, determinism, markup quality and accessibility of every page kind."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.auth import make_session_cookie
from webenv.sites.forum import create_app

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'

ANONYMOUS_PAGES = [
    "/",
    "/all",
    "/forums",
    "/forums?sort=subscribers",
    "/f/books",
    "/f/books?sort=top&t=week",
    "/f/books?sort=new&page=2",
    "/f/cycling/{submission}",
    "/f/cycling/{submission}?sort=new",
    "/user/mark.wilson",
    "/user/mark.wilson/submissions",
    "/user/mark.wilson/comments",
    "/search?q=coffee",
    "/search?q=grinder&type=comments",
    "/search",
    "/login",
    "/register",
    "/f/nope",
]
USER_PAGES = [
    "/",
    "/forums",
    "/f/cycling",
    "/f/cycling/{submission}",
    "/f/cycling/{submission}/edit",
    "/f/books/submit",
    "/submit",
    "/create_forum",
    "/messages",
    "/messages/sent",
    "/messages/compose",
    "/messages/{message}",
    "/settings",
    "/settings/biography",
    "/user/mark.wilson",
    "/user/sara.morgan",
    "/comments/{comment}/reply",
    "/comments/{comment}/edit",
    "/search?q=bike",
]


@pytest.fixture
def ids(conn: sqlite3.Connection) -> dict[str, int]:
    """Ids for the page URLs: mark.wilson's Cycling submission, a comment and a message."""
    submission = conn.execute(
        "SELECT id FROM submissions WHERE user_id = 1 AND forum_id = 4"
        " AND deleted = 0 ORDER BY id DESC LIMIT 1"
    ).fetchone()[0]
    comment = conn.execute(
        "SELECT id FROM comments WHERE user_id = 1 AND deleted = 0 ORDER BY id LIMIT 1"
    ).fetchone()[0]
    message = conn.execute("SELECT id FROM messages WHERE recipient_id = 1 LIMIT 1").fetchone()[0]
    return {"submission": submission, "comment": comment, "message": message}


@pytest.mark.parametrize("url", ANONYMOUS_PAGES)
def test_anonymous_pages_are_accessible(
    client: FlaskClient, ids: dict, url: str, check_page
) -> None:
    check_page(client.get(url.format(**ids), follow_redirects=True).data)


@pytest.mark.parametrize("url", USER_PAGES)
def test_user_pages_are_accessible(
    client: FlaskClient, auth, ids: dict, url: str, check_page
) -> None:
    auth.login()
    response = client.get(url.format(**ids), follow_redirects=True)
    assert response.status_code == 200
    check_page(response.data)


def test_biggest_thread_is_accessible(
    client: FlaskClient, auth, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    forum, submission = conn.execute(
        "SELECT f.name, s.id FROM submissions s JOIN forums f ON f.id = s.forum_id"
        " WHERE f.name = 'cycling' ORDER BY comment_count DESC LIMIT 1"
    ).fetchone()
    check_page(client.get(f"/f/{forum}/{submission}", follow_redirects=True).data)


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/f/programming",
        "/f/books?sort=top",
        "/all?page=3",
        "/search?q=the",
        "/forums",
        "/user/mark.wilson/submissions",
    ],
)
def test_listing_pages_are_small(client: FlaskClient, auth, url: str) -> None:
    auth.login()
    tree = html.fromstring(client.get(url).data)
    assert len(list(tree.iter())) <= 450, url  # each submission shows its author's avatar


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/login", {"username": "mark.wilson", "password": "webenv-demo"}),
        ("/register", {"username": "someone"}),
    ],
)
def test_post_without_csrf_token_is_rejected(client: FlaskClient, url: str, data: dict) -> None:
    response = client.post(url, data=data)
    assert response.status_code == 400
    assert b"security token is missing or does not match" in response.data


def test_csrf_tokens(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    page = client.get("/login").get_data(as_text=True)
    anonymous = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)
    auth.login()
    for token in ("0" * 64, anonymous):
        bad = client.post("/settings/biography", data={"biography": "x", "csrf_token": token})
        assert bad.status_code == 400
        bad = client.post("/f/chess/subscribe", data={"csrf_token": token})
        assert bad.status_code == 400
    assert "cyclist" in conn.execute("SELECT biography FROM users WHERE id = 1").fetchone()[0]
    assert conn.execute("SELECT COUNT(*) FROM subscriptions WHERE user_id = 1").fetchone()[0] == 9


def test_csrf_can_be_disabled(conn: sqlite3.Connection) -> None:
    app = create_app({"DATABASE": conn, "TESTING": True, "CSRF_DISABLED": True})
    response = app.test_client().post(
        "/login", data={"username": "mark.wilson", "password": "webenv-demo"}
    )
    assert response.status_code == 302


def test_session_cookie_logs_in_without_a_request(app, client: FlaskClient) -> None:
    name, value = make_session_cookie(app, 1)
    client.set_cookie(name, value)
    assert b'href="/user/mark.wilson">mark.wilson</a>' in client.get("/").data


def test_tampered_session_cookie_is_anonymous(app, client: FlaskClient) -> None:
    name, value = make_session_cookie(app, 1)
    client.set_cookie(name, value[:-2] + "xx")
    assert client.get("/messages").status_code == 302


def test_hostile_text_is_escaped(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    response = post("/submit", {"forum": "books", "title": HOSTILE, "body": HOSTILE})
    submission_url = response.headers["Location"]
    forum, submission_id = submission_url.split("/")[2:4]
    post(f"/f/{forum}/{submission_id}/comment", {"body": HOSTILE})
    post("/settings/biography", {"biography": HOSTILE})
    post("/messages/compose", {"to": "sara.morgan", "subject": HOSTILE, "body": HOSTILE})
    message_id = conn.execute("SELECT MAX(id) FROM messages").fetchone()[0]
    escaped = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"
    for url in (
        submission_url,
        "/f/books?sort=new",
        "/user/mark.wilson",
        "/messages/sent",
        f"/messages/{message_id}",
        "/search?q=script",
        "/search?q=" + HOSTILE,
    ):
        page = client.get(url).get_data(as_text=True)
        assert "<script" not in page.lower() and "<img src=x" not in page, url
        assert escaped in page or url.startswith("/search?q=<"), url
        check_page(page.encode())


def test_huge_form_is_rejected_without_a_crash(client: FlaskClient, auth) -> None:
    auth.login()
    response = client.post("/submit", data={"title": "x" * 2_000_000})
    assert response.status_code == 413


def _journey(world_bytes: bytes) -> list[tuple[int, bytes, list[str]]]:
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.deserialize(world_bytes)
    client = create_app({"DATABASE": conn, "TESTING": True}).test_client()

    def token() -> str:
        page = client.get("/login").get_data(as_text=True)
        if 'name="csrf_token"' not in page:
            page = client.get("/settings").get_data(as_text=True)
        return re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)

    responses = [
        client.get("/"),
        client.post(
            "/login",
            data={"username": "mark.wilson", "password": "webenv-demo", "csrf_token": token()},
        ),
        client.get("/"),
        client.post(
            "/submit", data={"forum": "books", "title": "Same every time", "csrf_token": token()}
        ),
        client.get("/f/books?sort=new"),
        client.post("/f/books/subscribe", data={"csrf_token": token()}),
        client.get("/f/books"),
    ]
    result = [(r.status_code, r.data, r.headers.getlist("Set-Cookie")) for r in responses]
    conn.close()
    return result


def test_same_requests_give_identical_responses(world_bytes: bytes) -> None:
    first, second = _journey(world_bytes), _journey(world_bytes)
    assert first == second
    assert [status for status, _, _ in first] == [200, 302, 200, 302, 200, 302, 200]


@pytest.mark.parametrize(
    "url",
    [
        "/logout",
        "/vote/submission/1",
        "/comments/1/remove",
        "/comments/1/delete",
        "/f/books/subscribe",
    ],
)
def test_get_on_post_only_routes_is_405(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 405
    assert b"<h1>405" in response.data


def test_clock_comes_from_config(conn: sqlite3.Connection) -> None:
    later = create_app({"DATABASE": conn, "TESTING": True, "NOW": "2025-06-15T12:00:00"})
    page = later.test_client().get("/user/mark.wilson").get_data(as_text=True)
    assert "1 year ago" in page
