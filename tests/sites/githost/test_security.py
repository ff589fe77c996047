"""CSRF, escaping, over-long input, determinism, markup quality, page sizes and speed."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.auth import make_session_cookie
from webenv.sites.githost import create_app

P = "/northwind/falcon-proxy"
ANONYMOUS_PAGES = [
    "/",
    "/explore",
    "/explore?sort=name&page=2",
    "/groups",
    "/northwind",
    "/alex.chen",
    "/users/sign_in",
    "/search?q=cache",
    "/search?q=fails&scope=issues",
    "/search?q=add&scope=merge_requests",
    "/nobody",
    P,
    f"{P}/-/tree/main",
    f"{P}/-/tree/main/src",
    f"{P}/-/blob/main/README.md",
    f"{P}/-/commits/main",
    f"{P}/-/commits/main/README.md",
    f"{P}/-/branches",
    f"{P}/-/tags",
    f"{P}/-/compare",
    f"{P}/-/issues",
    f"{P}/-/issues?state=all",
    f"{P}/-/issues/1",
    f"{P}/-/merge_requests",
    f"{P}/-/merge_requests/1",
    f"{P}/-/merge_requests/1/commits",
    f"{P}/-/merge_requests/1/diffs",
    f"{P}/-/labels",
    f"{P}/-/milestones",
    f"{P}/-/project_members",
    f"{P}/-/activity",
    f"{P}/-/forks",
]
USER_PAGES = [
    "/",
    "/dashboard/todos",
    "/dashboard/todos?state=done",
    "/dashboard/issues",
    "/dashboard/merge_requests",
    "/dashboard/projects/starred",
    "/projects/new",
    P,
    f"{P}/-/issues/new",
    f"{P}/-/issues/2",
    f"{P}/-/issues/2/edit",
    f"{P}/-/merge_requests/new",
    f"{P}/-/merge_requests/2",
    f"{P}/-/merge_requests/2/edit",
    f"{P}/-/settings",
    f"{P}/-/project_members",
    f"{P}/-/labels",
    f"{P}/-/labels/new",
    f"{P}/-/milestones/new",
    f"{P}/-/edit/main/README.md",
    f"{P}/-/new/main",
    f"{P}/-/branches",
    f"{P}/-/compare?from=main&to=main",
    f"{P}/-/tree/main",
]


@pytest.mark.parametrize("url", ANONYMOUS_PAGES)
def test_anonymous_pages_are_accessible(client: FlaskClient, url: str, check_page) -> None:
    check_page(client.get(url).data)


@pytest.mark.parametrize("url", USER_PAGES)
def test_user_pages_are_accessible(client: FlaskClient, auth, url: str, check_page) -> None:
    auth.login()
    response = client.get(url)
    assert response.status_code == 200, url
    check_page(response.data)


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/explore",
        f"{P}",
        f"{P}/-/issues",
        f"{P}/-/merge_requests",
        f"{P}/-/tree/main",
        f"{P}/-/commits/main",
        "/alex.chen",
        f"{P}/-/issues/1",
        f"{P}/-/merge_requests/1",
    ],
)
def test_pages_are_small(client: FlaskClient, auth, url: str) -> None:
    auth.login()
    tree = html.fromstring(client.get(url).data)
    assert len(list(tree.iter())) < 400, url


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/users/sign_in", {"username": "alex.chen", "password": "webenv-demo"}),
        (f"{P}/-/star", {}),
        (f"{P}/-/issues/1/notes", {"body": "hi"}),
    ],
)
def test_post_without_csrf_token_is_rejected(client: FlaskClient, url: str, data: dict) -> None:
    response = client.post(url, data=data)
    assert response.status_code == 400
    assert b"security token is missing or does not match" in response.data


def test_stale_csrf_token_is_rejected(client: FlaskClient, auth, conn) -> None:
    page = client.get("/users/sign_in").get_data(as_text=True)
    anonymous = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)
    auth.login()
    before = conn.execute("SELECT COUNT(*) FROM stars").fetchone()[0]
    assert client.post(f"{P}/-/star", data={"csrf_token": anonymous}).status_code == 400
    assert client.post(f"{P}/-/star", data={"csrf_token": "0" * 64}).status_code == 400
    assert conn.execute("SELECT COUNT(*) FROM stars").fetchone()[0] == before


def test_hostile_input_is_escaped(client: FlaskClient, auth, post, check_page) -> None:
    auth.login()
    evil = '<img src=x onerror=alert(1)> "quoted" & <b>bold</b> ```\n<script>x</script>\n```'
    response = post(f"{P}/-/issues/new", {"title": evil, "description": evil})
    iid = response.headers["Location"].rsplit("/", 1)[1]
    post(f"{P}/-/issues/{iid}/notes", {"body": evil})
    post(f"{P}/-/labels/new", {"name": "<i>x</i>", "color": "#000000"})
    for url in (
        f"{P}/-/issues/{iid}",
        f"{P}/-/issues",
        f"{P}/-/labels",
        "/search?q=<img src=x>&scope=issues",
    ):
        text = client.get(url).get_data(as_text=True)
        assert "<img src=x" not in text and "<script>x" not in text and "<i>x</i>" not in text, url
        check_page(text.encode())


def test_markdown_is_escaped_and_limited() -> None:
    from webenv.sites.core.markdown import render

    out = str(render("# Title\n\n- a **b** `<c>`\n1. one\n\n```\n<x>\n```\ntext <y>", 1))
    assert out == (
        "<h2>Title</h2>\n<ul><li>a <strong>b</strong> <code>&lt;c&gt;</code></li></ul>\n"
        '<ol><li>one</li></ol>\n<pre class="code-block"><code>&lt;x&gt;</code></pre>\n'
        "<p>text &lt;y&gt;</p>"
    )


@pytest.mark.parametrize(
    ("url", "data", "message"),
    [
        (f"{P}/-/issues/1/notes", {"body": "x" * 10_001}, "Comment must be at most 10,000"),
        (f"{P}/-/labels/new", {"name": "n" * 101, "color": "#000000"}, "Title must be at most 100"),
        (
            f"{P}/-/project_members",
            {"username": "u" * 101, "role": "Guest"},
            "Username must be at most 100",
        ),
        (
            "/projects/new",
            {"name": "n" * 101, "namespace_id": "1", "visibility": "public"},
            "Project name must be at most 100",
        ),
        (
            f"{P}/-/settings",
            {
                "name": "ok",
                "description": "d" * 2001,
                "visibility": "public",
                "default_branch": "main",
            },
            "Project description must be at most 2,000",
        ),
    ],
)
def test_over_long_input_gets_a_form_error(client, auth, post, url, data, message) -> None:
    auth.login()
    response = post(url, data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_huge_request_body_is_413(client: FlaskClient, auth, post) -> None:
    auth.login()
    response = post(f"{P}/-/issues/new", {"title": "x", "description": "y" * 3_000_000})
    assert response.status_code == 413


@pytest.mark.parametrize(
    "url", [f"{P}/-/star", f"{P}/-/fork", f"{P}/-/issues/1/close", f"{P}/-/merge_requests/1/merge"]
)
def test_get_on_post_only_routes_is_405(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 405 and b"<h1>405" in response.data


@pytest.mark.parametrize(
    "url",
    [
        f"{P}/-/issues?page=abc",
        f"{P}/-/issues?sort=evil;drop",
        f"{P}/-/issues?state=%00",
        f"{P}/-/tree/main/%2e%2e/etc",
        "/search?scope=users&q=a",
        f"{P}/-/commit/" + "g" * 50,
        f"{P}/-/compare?from={'x' * 5000}&to=main",
    ],
)
def test_odd_query_strings_never_500(client: FlaskClient, url: str) -> None:
    assert client.get(url).status_code < 500


def test_session_cookie_logs_in_without_a_request(app, client: FlaskClient) -> None:
    name, value = make_session_cookie(app, 1)
    client.set_cookie(name, value)
    assert b"Sign out" in client.get("/").data


def _journey(world_bytes: bytes) -> list[tuple[int, bytes, list[str]]]:
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.deserialize(world_bytes)
    client = create_app({"DATABASE": conn, "TESTING": True}).test_client()

    def token() -> str:
        page = client.get("/groups").get_data(as_text=True)
        if "csrf_token" not in page:
            page = client.get("/users/sign_in").get_data(as_text=True)
        return re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)

    responses = [
        client.get("/"),
        client.post(
            "/users/sign_in",
            data={"username": "alex.chen", "password": "webenv-demo", "csrf_token": token()},
        ),
        client.get(f"{P}/-/issues?state=all&page=2"),
        client.post(f"{P}/-/issues/new", data={"title": "Same", "csrf_token": token()}),
        client.post(
            f"{P}/-/edit/main/README.md",
            data={
                "content": "# Same\n",
                "commit_message": "Same",
                "branch_name": "main",
                "csrf_token": token(),
            },
        ),
        client.get(f"{P}/-/commits/main"),
        client.post(f"{P}/-/merge_requests/1/approve", data={"csrf_token": token()}),
        client.get("/dashboard/todos"),
    ]
    result = [(r.status_code, r.data, r.headers.getlist("Set-Cookie")) for r in responses]
    conn.close()
    return result


def test_same_requests_give_identical_responses(world_bytes: bytes) -> None:
    first, second = _journey(world_bytes), _journey(world_bytes)
    assert first == second
    assert [status for status, _, _ in first][:6] == [200, 302, 200, 302, 302, 200]
