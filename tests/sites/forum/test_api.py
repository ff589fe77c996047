"""The forum's JSON API: the same writes and refusals as the forms, paging and bad input.

Each write is made once through the API (on the ``client`` fixture's world) and once
through the form (on a second copy of the canonical world, :func:`ui`), and the rows it
leaves are compared.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.sites.forum.datagen import slugify

SUBMISSION = 43  # a submission in f/baking
TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@dataclass
class Side:
    """One world with a logged-in client."""

    client: FlaskClient
    conn: sqlite3.Connection

    def rows(self, sql: str, *params: object) -> list[tuple]:
        return [tuple(row) for row in self.conn.execute(sql, params).fetchall()]

    def token(self) -> str:
        match = TOKEN.search(self.client.get("/settings").get_data(as_text=True))
        assert match
        return match.group(1)

    def form(self, url: str, data: dict[str, str]) -> TestResponse:
        return self.client.post(url, data={**data, "csrf_token": self.token()})


def login(client: FlaskClient, username: str = "mark.wilson") -> None:
    page = client.get("/login").get_data(as_text=True)
    match = TOKEN.search(page)
    assert match
    response = client.post(
        "/login",
        data={"username": username, "password": DEMO_PASSWORD, "csrf_token": match.group(1)},
    )
    assert response.status_code == 302


@pytest.fixture
def api(client: FlaskClient, conn: sqlite3.Connection) -> Side:
    """The API side: the site fixtures' app, logged in through the form."""
    login(client)
    return Side(client, conn)


@pytest.fixture
def ui(site, world_bytes: bytes) -> Iterator[Side]:
    """The form side: a second app on its own copy of the canonical world, logged in."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.deserialize(world_bytes)
    client = site.create_app({"DATABASE": conn, "TESTING": True}).test_client()
    login(client)
    yield Side(client, conn)
    conn.close()


def comment_form(side: Side, submission_id: int) -> str:
    """The action of a submission's comment form."""
    forum = side.rows(
        "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id = ?",
        submission_id,
    )[0][0]
    return f"/f/{forum}/{submission_id}/comment"


def submission_path(side: Side, submission_id: int) -> str:
    forum, title = side.rows(
        "SELECT f.name, s.title FROM submissions s JOIN forums f ON f.id = s.forum_id"
        " WHERE s.id = ?",
        submission_id,
    )[0]
    return f"/f/{forum}/{submission_id}/{slugify(title)}"


# -- writes: the same rows both ways -------------------------------------------------


def test_creating_a_submission_writes_the_same_row_both_ways(api: Side, ui: Side):
    fields = {"title": "Rye or wheat sourdough?", "url": "", "body": "Which do you prefer?"}
    response = api.client.post("/api/submissions", json={"forum": "baking", **fields})
    assert response.status_code == 201 and response.mimetype == "application/json"
    created = response.get_json()
    assert created["forum"] == "baking" and created["author"] == "mark.wilson"
    assert created["body"] == "Which do you prefer?" and created["kind"] == "text"
    ui.form("/submit", {"forum": "baking", **fields})
    sql = "SELECT * FROM submissions ORDER BY id DESC LIMIT 1"
    assert api.rows(sql) == ui.rows(sql)
    assert api.rows(sql)[0][0] == created["id"]


def test_link_submission_and_the_forms_url_rule(api: Side, ui: Side):
    good = {"forum": "books", "title": "A reading list", "url": "https://example.org/list"}
    assert api.client.post("/api/submissions", json=good).status_code == 201
    ui.form("/submit", good)
    sql = "SELECT forum_id, kind, title, url FROM submissions ORDER BY id DESC LIMIT 1"
    assert (
        api.rows(sql) == ui.rows(sql) == [(api.rows(sql)[0][0], "link", *list(good.values())[1:])]
    )
    bad = api.client.post("/api/submissions", json={**good, "url": "javascript:alert(1)"})
    assert bad.status_code == 422 and "url" in bad.get_json()["errors"]
    form = ui.form("/submit", {**good, "url": "javascript:alert(1)"})
    assert form.status_code == 400
    assert bad.get_json()["errors"]["url"] in form.get_data(as_text=True)


def test_a_comment_and_a_reply_write_the_same_rows_both_ways(api: Side, ui: Side):
    body = {"body": "Mine is fifteen years old and still fine."}
    response = api.client.post(f"/api/submissions/{SUBMISSION}/comments", json=body)
    assert response.status_code == 201
    comment = response.get_json()
    assert comment["parent_id"] is None and comment["depth"] == 0
    ui.form(comment_form(ui, SUBMISSION), body)
    reply = {"body": "Good to know!", "parent_id": comment["id"]}
    response = api.client.post(f"/api/submissions/{SUBMISSION}/comments", json=reply)
    assert response.status_code == 201 and response.get_json()["depth"] == 1
    ui.form(f"/comments/{comment['id']}/reply", {"body": "Good to know!"})
    sql = "SELECT * FROM comments ORDER BY id DESC LIMIT 2"
    assert api.rows(sql) == ui.rows(sql)
    counts = "SELECT comment_count FROM submissions WHERE id = ?"
    assert api.rows(counts, SUBMISSION) == ui.rows(counts, SUBMISSION)


@pytest.mark.parametrize(("choice", "direction"), [(1, "up"), (-1, "down"), (0, "none")])
def test_votes_write_the_same_rows_both_ways(api: Side, ui: Side, choice: int, direction: str):
    comment = api.rows("SELECT id FROM comments WHERE submission_id = ? LIMIT 1", SUBMISSION)[0][0]
    for path, form in ((f"submissions/{SUBMISSION}", f"submission/{SUBMISSION}"),
                       (f"comments/{comment}", f"comment/{comment}")):  # fmt: skip
        api.client.post(f"/api/{path}/vote", json={"choice": 1})
        ui.form(f"/vote/{form}", {"direction": "up"})
        response = api.client.post(f"/api/{path}/vote", json={"choice": choice})
        assert response.status_code == 200 and response.get_json()["my_vote"] == choice
        ui.form(f"/vote/{form}", {"direction": direction})
    for table in ("submission_votes", "comment_votes"):
        sql = f"SELECT * FROM {table} WHERE user_id = 1 ORDER BY 2"
        assert api.rows(sql) == ui.rows(sql)
    sql = "SELECT score, upvotes, downvotes, hot FROM submissions WHERE id = ?"
    assert api.rows(sql, SUBMISSION) == ui.rows(sql, SUBMISSION)


# -- refusals: the same both ways ----------------------------------------------------


def locked_submission(side: Side) -> int:
    return side.rows("SELECT id FROM submissions WHERE locked = 1 AND deleted = 0 LIMIT 1")[0][0]


def test_a_locked_submission_refuses_comments_both_ways(api: Side, ui: Side):
    locked = locked_submission(api)
    before = api.rows("SELECT COUNT(*) FROM comments")
    response = api.client.post(f"/api/submissions/{locked}/comments", json={"body": "hi"})
    form = ui.form(comment_form(ui, locked), {"body": "hi"})
    assert response.status_code == form.status_code == 403
    assert response.get_json()["message"] in form.get_data(as_text=True)
    assert (
        api.rows("SELECT COUNT(*) FROM comments")
        == before
        == ui.rows("SELECT COUNT(*) FROM comments")
    )


def test_a_deleted_submission_refuses_votes_both_ways(api: Side, ui: Side):
    gone = api.rows("SELECT id FROM submissions WHERE deleted = 1 LIMIT 1")[0][0]
    response = api.client.post(f"/api/submissions/{gone}/vote", json={"choice": 1})
    form = ui.form(f"/vote/submission/{gone}", {"direction": "up"})
    assert response.status_code == form.status_code == 400
    assert response.get_json()["message"] == "You cannot vote on a deleted submission."


def test_a_reply_to_a_comment_of_another_submission_is_refused(api: Side):
    other = api.rows("SELECT id FROM comments WHERE submission_id != ? LIMIT 1", SUBMISSION)[0][0]
    response = api.client.post(
        f"/api/submissions/{SUBMISSION}/comments", json={"body": "x", "parent_id": other}
    )
    assert response.status_code == 422


def test_anonymous_writes_are_401_and_change_nothing(client: FlaskClient, conn):
    before = conn.execute("SELECT COUNT(*) FROM submissions").fetchone()
    response = client.post("/api/submissions", json={"forum": "baking", "title": "x"})
    assert response.status_code == 401 and "Log in" in response.get_json()["message"]
    assert client.post(f"/api/submissions/{SUBMISSION}/vote", json={"choice": 1}).status_code == 401
    assert conn.execute("SELECT COUNT(*) FROM submissions").fetchone() == before


# -- bad input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "status"),
    [
        ({"data": "title=x", "content_type": "application/x-www-form-urlencoded"}, 415),
        ({"data": "{not json", "content_type": "application/json"}, 400),
        ({"data": "[1, 2]", "content_type": "application/json"}, 400),
        ({"json": {"forum": "baking", "title": 7}}, 400),
        ({"json": {"forum": "baking", "title": ""}}, 422),
        ({"json": {"forum": "no_such_forum", "title": "x"}}, 422),
        ({"json": {"forum": "baking", "title": "x" * 301}}, 422),
    ],
)
def test_bad_bodies_are_refused_without_writing(api: Side, kwargs, status):
    before = api.rows("SELECT COUNT(*) FROM submissions")
    response = api.client.post("/api/submissions", **kwargs)
    assert response.status_code == status
    assert response.mimetype == "application/json" and response.get_json()["message"]
    assert api.rows("SELECT COUNT(*) FROM submissions") == before


@pytest.mark.parametrize("choice", [2, "1", True, None, 1.0])
def test_a_vote_choice_must_be_1_0_or_minus_1(api: Side, choice):
    response = api.client.post(f"/api/submissions/{SUBMISSION}/vote", json={"choice": choice})
    assert response.status_code == 400
    assert api.rows(
        "SELECT COUNT(*) FROM submission_votes WHERE submission_id = ? AND user_id = 1", SUBMISSION
    ) == [(0,)]


@pytest.mark.parametrize(
    "url",
    [
        "/api/submissions/abc",
        "/api/submissions/99999999",
        "/api/submissions/" + "9" * 40,
        "/api/forums/nope",
        "/api/users/nobody",
        "/api/nothing/here",
        "/api/comments/1/vote",  # GET on a POST-only endpoint
    ],
)
def test_unknown_things_are_json_errors_never_500(client: FlaskClient, url: str):
    response = client.get(url)
    assert response.status_code in (404, 405)
    assert response.mimetype == "application/json" and response.get_json()["message"]


@pytest.mark.parametrize(
    "query", ["page=0", "page=x", "per_page=-1", "page=" + "9" * 30, "sort=best", "t=decade"]
)
def test_bad_paging_and_sorting_are_400(client: FlaskClient, query: str):
    response = client.get(f"/api/forums/baking/submissions?{query}")
    assert response.status_code == 400 and response.get_json()["message"]


# -- reads and paging ---------------------------------------------------------------


def test_forum_listing_pages_with_gitlab_headers(client: FlaskClient, conn):
    total = conn.execute(
        "SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id"
        " WHERE f.name = 'baking' AND s.deleted = 0"
    ).fetchone()[0]
    response = client.get("/api/forums/baking/submissions?sort=new&per_page=5&page=2")
    assert response.status_code == 200
    headers = response.headers
    assert headers["X-Total"] == str(total)
    assert headers["X-Total-Pages"] == str(-(-total // 5))
    assert (headers["X-Page"], headers["X-Per-Page"]) == ("2", "5")
    assert (headers["X-Prev-Page"], headers["X-Next-Page"]) == ("1", "3")
    assert 'rel="next"' in headers["Link"] and "page=3" in headers["Link"]
    items = response.get_json()
    newest = conn.execute(
        "SELECT s.id FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name ="
        " 'baking' AND s.deleted = 0 ORDER BY s.created_at DESC, s.id DESC LIMIT 5 OFFSET 5"
    ).fetchall()
    assert [item["id"] for item in items] == [row[0] for row in newest]
    past = client.get("/api/forums/baking/submissions?page=999")
    assert past.status_code == 200 and past.get_json() == []
    assert past.headers["X-Next-Page"] == ""


def test_per_page_is_capped_at_100(client: FlaskClient):
    response = client.get("/api/submissions?per_page=500")
    assert response.headers["X-Per-Page"] == "100" and len(response.get_json()) == 100


def test_a_submission_its_comments_and_a_user(api: Side):
    detail = api.client.get(f"/api/submissions/{SUBMISSION}").get_json()
    (title,) = api.rows("SELECT title FROM submissions WHERE id = ?", SUBMISSION)[0]
    assert detail["title"] == title
    assert detail["web_url"] == f"http://localhost{submission_path(api, SUBMISSION)}"
    assert detail["created_at"].count("T") == 1
    comments = api.client.get(f"/api/submissions/{SUBMISSION}/comments").get_json()
    assert (
        len(comments)
        == api.rows("SELECT COUNT(*) FROM comments WHERE submission_id = ?", SUBMISSION)[0][0]
    )
    seen: set[int] = set()
    for comment in comments:  # thread order: every reply after its parent
        assert comment["parent_id"] is None or comment["parent_id"] in seen
        seen.add(comment["id"])
    user = api.client.get("/api/users/mark.wilson").get_json()
    assert user["username"] == "mark.wilson" and "coffee" in user["moderates"]


def test_reads_do_not_write(client: FlaskClient, conn):
    before = conn.execute("SELECT total_changes()").fetchone()[0]
    for url in ("/api/forums", "/api/forums/books", "/api/submissions", "/api/users/mark.wilson"):
        assert client.get(url).status_code == 200
    assert conn.execute("SELECT total_changes()").fetchone()[0] == before
