"""Submission pages, comment threads, creating, editing, deleting and locking submissions."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.forum.datagen import slugify


def first(conn: sqlite3.Connection, sql: str, *params: object) -> sqlite3.Row | tuple:
    return conn.execute(sql, params).fetchone()


def page_url(conn: sqlite3.Connection, submission_id: int) -> str:
    forum, title = first(
        conn,
        "SELECT f.name, s.title FROM submissions s JOIN forums f"
        " ON f.id = s.forum_id WHERE s.id = ?",
        submission_id,
    )
    return f"/f/{forum}/{submission_id}/{slugify(title)}"


@pytest.fixture
def busy(conn: sqlite3.Connection) -> int:
    """The undeleted submission with the most comments in a forum mark.wilson does not moderate."""
    return first(
        conn,
        "SELECT s.id FROM submissions s JOIN forums f ON f.id = s.forum_id"
        " WHERE s.deleted = 0 AND s.locked = 0 AND f.name NOT IN ('cycling', 'coffee')"
        " ORDER BY s.comment_count DESC, s.id LIMIT 1",
    )[0]


@pytest.fixture
def own(conn: sqlite3.Connection) -> int:
    """mark.wilson's newest text submission."""
    return first(
        conn,
        "SELECT id FROM submissions WHERE user_id = 1 AND kind = 'text'"
        " ORDER BY created_at DESC LIMIT 1",
    )[0]


def test_submission_page(client: FlaskClient, conn: sqlite3.Connection, busy: int) -> None:
    row = first(
        conn,
        "SELECT s.title, s.score, s.comment_count, u.username FROM submissions s"
        " JOIN users u ON u.id = s.user_id WHERE s.id = ?",
        busy,
    )
    response = client.get(page_url(conn, busy))
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert tree.cssselect("h1")[0].text_content() == row[0]
    meta = tree.cssselect("article .meta")[0].text_content()
    assert f"{row[1]} points" in meta and f"by {row[3]}" in meta
    assert tree.cssselect("#comments-heading")[0].text_content() == f"{row[2]} comments"
    assert len(tree.cssselect("li.comment")) == row[2]


def test_comments_are_nested(client: FlaskClient, conn: sqlite3.Connection) -> None:
    deep = first(
        conn,
        "SELECT c.id, c.submission_id FROM comments c WHERE c.depth >= 3 ORDER BY c.id LIMIT 1",
    )
    tree = html.fromstring(client.get(page_url(conn, deep[1])).data)
    node = tree.cssselect(f"#comment-{deep[0]}")[0]
    assert len([a for a in node.iterancestors() if a.tag == "li"]) >= 3


@pytest.mark.parametrize(
    ("sort", "order"), [("top", "score DESC, created_at, id"), ("new", "created_at DESC, id DESC")]
)
def test_comment_sorts(
    client: FlaskClient, conn: sqlite3.Connection, busy: int, sort: str, order: str
) -> None:
    expected = [
        f"comment-{row[0]}"
        for row in conn.execute(
            "SELECT id FROM comments WHERE submission_id = ? AND parent_id IS NULL "
            f"ORDER BY {order}",
            (busy,),
        )
    ]
    tree = html.fromstring(client.get(page_url(conn, busy) + f"?sort={sort}").data)
    top_level = tree.cssselect("section.comments-section > ul.comments > li.comment")
    assert [li.get("id") for li in top_level] == expected


@pytest.mark.parametrize("suffix", ["", "/wrong-slug"])
def test_submission_url_redirects_to_canonical(
    client: FlaskClient, conn: sqlite3.Connection, busy: int, suffix: str
) -> None:
    forum = first(
        conn,
        "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id = ?",
        busy,
    )[0]
    response = client.get(f"/f/{forum}/{busy}{suffix}?sort=new")
    assert response.status_code == 302
    assert response.headers["Location"] == page_url(conn, busy) + "?sort=new"


def test_submission_in_wrong_forum_is_404(client: FlaskClient, conn: sqlite3.Connection) -> None:
    submission_id = first(conn, "SELECT id FROM submissions WHERE forum_id != 1 LIMIT 1")[0]
    assert client.get(f"/f/books/{submission_id}").status_code == 404
    assert client.get("/f/books/999999").status_code == 404


def test_link_submission_shows_its_url(client: FlaskClient, conn: sqlite3.Connection) -> None:
    submission_id, url = first(
        conn, "SELECT id, url FROM submissions WHERE kind = 'link' AND deleted = 0 LIMIT 1"
    )
    tree = html.fromstring(client.get(page_url(conn, submission_id)).data)
    assert tree.cssselect("p.link a")[0].get("href") == url


def test_permalink_shows_one_thread(client: FlaskClient, conn: sqlite3.Connection) -> None:
    comment_id, submission_id = first(
        conn,
        "SELECT p.id, p.submission_id FROM comments p WHERE p.parent_id IS NULL AND"
        " (SELECT COUNT(*) FROM comments c WHERE c.parent_id = p.id) >= 2 LIMIT 1",
    )
    response = client.get(page_url(conn, submission_id) + f"/comment/{comment_id}")
    tree = html.fromstring(response.data)
    top = tree.cssselect("section.comments-section > ul.comments > li.comment")
    assert [li.get("id") for li in top] == [f"comment-{comment_id}"]
    assert b"single comment's thread" in response.data
    assert client.get(page_url(conn, submission_id) + "/comment/999999").status_code == 404


@pytest.mark.parametrize(
    ("form", "kind"),
    [
        ({"title": "Favourite paperback of the year", "body": "Mine is a mystery series."}, "text"),
        (
            {"title": "A great review site", "url": "https://reviews.example/books", "body": ""},
            "link",
        ),
        ({"title": "Title only", "body": ""}, "text"),
    ],
)
def test_submit(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, form: dict, kind: str
) -> None:
    auth.login()
    assert b'<option value="books" selected>' in client.get("/f/books/submit").data
    response = post("/submit", {"forum": "books", **form})
    assert response.status_code == 302
    row = first(
        conn,
        "SELECT id, forum_id, user_id, kind, title, url, body, score, comment_count"
        " FROM submissions ORDER BY id DESC LIMIT 1",
    )
    assert tuple(row[1:]) == (1, 1, kind, form["title"], form.get("url", ""), form["body"], 0, 0)
    assert response.headers["Location"] == f"/f/books/{row[0]}/{slugify(form['title'])}"
    assert form["title"].encode() in client.get("/f/books?sort=new").data


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"forum": "books", "title": ""}, "Title is required."),
        ({"forum": "books", "title": "   "}, "Title is required."),
        ({"forum": "books", "title": "x" * 301}, "Title must be at most 300 characters"),
        (
            {"forum": "books", "title": "ok", "body": "y" * 10001},
            "Body must be at most 10,000 characters; you entered 10,001.",
        ),
        ({"forum": "books", "title": "ok", "url": "ftp://x"}, "URL must be a web address"),
        (
            {"forum": "books", "title": "ok", "url": "https://" + "a" * 2000},
            "URL must be at most 2,000 characters",
        ),
        ({"forum": "nope", "title": "ok"}, "Choose the forum to post in."),
    ],
)
def test_submit_errors(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, form: dict, message: str
) -> None:
    auth.login()
    before = first(conn, "SELECT COUNT(*) FROM submissions")[0]
    response = post("/submit", form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert first(conn, "SELECT COUNT(*) FROM submissions")[0] == before


def test_submit_requires_login(client: FlaskClient) -> None:
    response = client.get("/f/books/submit")
    assert response.status_code == 302
    assert response.headers["Location"] == "/login?next=/f/books/submit"


def test_edit_own_submission(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, own: int
) -> None:
    auth.login()
    forum = first(
        conn,
        "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id = ?",
        own,
    )[0]
    assert client.get(f"/f/{forum}/{own}/edit").status_code == 200
    response = post(f"/f/{forum}/{own}/edit", {"title": "A better title", "body": "New body."})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/f/{forum}/{own}/a-better-title"
    row = first(conn, "SELECT title, body, edited_at FROM submissions WHERE id = ?", own)
    assert tuple(row) == ("A better title", "New body.", "2024-06-15 12:00:00")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "edited just now" in page and "New body." in page


def test_delete_own_submission(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, own: int
) -> None:
    auth.login()
    url = page_url(conn, own)
    title = first(conn, "SELECT title FROM submissions WHERE id = ?", own)[0]
    forum = url.split("/")[2]
    response = post(f"/f/{forum}/{own}/delete")
    assert response.status_code == 302 and response.headers["Location"] == f"/f/{forum}"
    assert first(conn, "SELECT deleted FROM submissions WHERE id = ?", own)[0] == 1
    page = client.get(url).get_data(as_text=True)
    assert "<h1>[deleted]</h1>" in page and "deleted by its author" in page
    assert title not in client.get(f"/f/{forum}?sort=new").get_data(as_text=True)
    assert post(f"/f/{forum}/{own}/comment", {"body": "hi"}).status_code == 403


def test_others_submissions_are_forbidden(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, busy: int
) -> None:
    auth.login()
    forum = page_url(conn, busy).split("/")[2]
    before = tuple(first(conn, "SELECT title, deleted FROM submissions WHERE id = ?", busy))
    assert client.get(f"/f/{forum}/{busy}/edit").status_code == 403
    response = post(f"/f/{forum}/{busy}/edit", {"title": "Hijacked"})
    assert response.status_code == 403
    assert b"You can only edit or delete your own submissions." in response.data
    assert post(f"/f/{forum}/{busy}/delete").status_code == 403
    assert tuple(first(conn, "SELECT title, deleted FROM submissions WHERE id = ?", busy)) == before
    assert b"Edit submission" not in client.get(page_url(conn, busy)).data


def test_comment_on_submission(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, busy: int
) -> None:
    auth.login()
    count = first(conn, "SELECT comment_count FROM submissions WHERE id = ?", busy)[0]
    forum = page_url(conn, busy).split("/")[2]
    response = post(f"/f/{forum}/{busy}/comment", {"body": "Great thread, thanks!"})
    assert response.status_code == 302
    row = first(
        conn,
        "SELECT id, submission_id, parent_id, user_id, body, depth, score"
        " FROM comments ORDER BY id DESC LIMIT 1",
    )
    assert tuple(row[1:]) == (busy, None, 1, "Great thread, thanks!", 0, 0)
    assert response.headers["Location"] == page_url(conn, busy) + f"#comment-{row[0]}"
    assert first(conn, "SELECT comment_count FROM submissions WHERE id = ?", busy)[0] == count + 1
    page = client.get(page_url(conn, busy) + "?sort=new").get_data(as_text=True)
    assert "Great thread, thanks!" in page


@pytest.mark.parametrize(
    ("body", "message"), [("", "Comment is required."), ("z" * 10001, "at most 10,000 characters")]
)
def test_comment_errors(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, busy: int, body: str, message: str
) -> None:
    auth.login()
    forum = page_url(conn, busy).split("/")[2]
    response = post(f"/f/{forum}/{busy}/comment", {"body": body})
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_moderator_locks_and_unlocks(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    submission_id = first(
        conn,
        "SELECT id FROM submissions WHERE forum_id = 4 AND locked = 0"
        " AND deleted = 0 AND user_id != 1 ORDER BY id DESC LIMIT 1",
    )[0]
    url = page_url(conn, submission_id)
    auth.login()
    assert b">Lock submission</button>" in client.get(url).data
    response = post(f"/f/cycling/{submission_id}/lock")
    assert response.status_code == 302 and response.headers["Location"] == url
    assert first(conn, "SELECT locked FROM submissions WHERE id = ?", submission_id)[0] == 1
    page = client.get(url).get_data(as_text=True)
    assert "This submission is locked. New comments cannot be posted." in page
    assert 'name="body"' not in page and ">Reply</a>" not in page
    assert post(f"/f/cycling/{submission_id}/comment", {"body": "late"}).status_code == 403
    comment_id = first(
        conn, "SELECT id FROM comments WHERE submission_id = ? LIMIT 1", submission_id
    )
    if comment_id:
        assert post(f"/comments/{comment_id[0]}/reply", {"body": "late"}).status_code == 403
    post(f"/f/cycling/{submission_id}/unlock")
    assert first(conn, "SELECT locked FROM submissions WHERE id = ?", submission_id)[0] == 0


def test_non_moderator_cannot_lock(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, busy: int
) -> None:
    auth.login()
    forum = page_url(conn, busy).split("/")[2]
    assert b"Lock submission" not in client.get(page_url(conn, busy)).data
    response = post(f"/f/{forum}/{busy}/lock")
    assert response.status_code == 403
    assert first(conn, "SELECT locked FROM submissions WHERE id = ?", busy)[0] == 0


def test_anonymous_sees_login_link_not_forms(
    client: FlaskClient, conn: sqlite3.Connection, busy: int
) -> None:
    page = client.get(page_url(conn, busy)).get_data(as_text=True)
    assert "Log in to comment" in page and "Upvote" not in page and 'name="body"' not in page
