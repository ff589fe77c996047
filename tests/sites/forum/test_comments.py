"""Replying to, editing, deleting and removing comments, and voting."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.forum.datagen import slugify


def first(conn: sqlite3.Connection, sql: str, *params: object) -> tuple:
    row = conn.execute(sql, params).fetchone()
    return tuple(row) if row is not None else ()


def permalink(conn: sqlite3.Connection, comment_id: int) -> str:
    forum, submission_id, title = first(
        conn,
        "SELECT f.name, s.id, s.title FROM comments c JOIN submissions s"
        " ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id WHERE c.id = ?",
        comment_id,
    )
    return f"/f/{forum}/{submission_id}/{slugify(title)}/comment/{comment_id}"


@pytest.fixture
def own(conn: sqlite3.Connection) -> int:
    """A visible comment by mark.wilson on an unlocked submission."""
    return first(
        conn,
        "SELECT c.id FROM comments c JOIN submissions s ON s.id = c.submission_id"
        " WHERE c.user_id = 1 AND c.deleted = 0 AND c.removed = 0 AND s.locked = 0"
        " AND s.deleted = 0 ORDER BY c.id LIMIT 1",
    )[0]


@pytest.fixture
def other(conn: sqlite3.Connection) -> int:
    """A visible comment by someone else in a forum mark.wilson does not moderate."""
    return first(
        conn,
        "SELECT c.id FROM comments c JOIN submissions s ON s.id = c.submission_id"
        " WHERE c.user_id != 1 AND c.deleted = 0 AND c.removed = 0 AND s.locked = 0"
        " AND s.deleted = 0 AND s.forum_id NOT IN (4, 17) ORDER BY c.id LIMIT 1",
    )[0]


@pytest.fixture
def moderated(conn: sqlite3.Connection) -> int:
    """A visible comment by someone else in Cycling, which mark.wilson moderates."""
    return first(
        conn,
        "SELECT c.id FROM comments c JOIN submissions s ON s.id = c.submission_id"
        " JOIN forums f ON f.id = s.forum_id WHERE f.name = 'cycling' AND c.user_id != 1"
        " AND c.deleted = 0 AND c.removed = 0 ORDER BY c.id DESC LIMIT 1",
    )[0]


def test_reply(client: FlaskClient, auth, post, conn: sqlite3.Connection, other: int) -> None:
    auth.login()
    parent_depth, submission_id = first(
        conn, "SELECT depth, submission_id FROM comments WHERE id = ?", other
    )
    count = first(conn, "SELECT comment_count FROM submissions WHERE id = ?", submission_id)[0]
    page = client.get(f"/comments/{other}/reply").get_data(as_text=True)
    assert '<label for="body">Reply</label>' in page and "Post reply" in page
    response = post(f"/comments/{other}/reply", {"body": "Thanks, that helped."})
    assert response.status_code == 302
    row = first(
        conn,
        "SELECT id, parent_id, depth, user_id, body, submission_id FROM comments"
        " ORDER BY id DESC LIMIT 1",
    )
    assert row[1:] == (other, parent_depth + 1, 1, "Thanks, that helped.", submission_id)
    assert response.headers["Location"] == permalink(conn, other) + f"#comment-{row[0]}"
    assert (
        first(conn, "SELECT comment_count FROM submissions WHERE id = ?", submission_id)[0]
        == count + 1
    )
    tree = html.fromstring(client.get(permalink(conn, other)).data)
    reply = tree.cssselect(f"#comment-{row[0]}")[0]
    assert reply.getparent().getparent().get("id") == f"comment-{other}"


def test_reply_chain_reaches_depth_three(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, other: int
) -> None:
    auth.login()
    parent = other
    for depth in range(4):
        post(f"/comments/{parent}/reply", {"body": f"Level {depth}"})
        parent = first(conn, "SELECT MAX(id) FROM comments")[0]
    assert (
        first(
            conn,
            "SELECT depth - (SELECT depth FROM comments WHERE id = ?) FROM comments WHERE id = ?",
            other,
            parent,
        )[0]
        == 4
    )
    tree = html.fromstring(client.get(permalink(conn, other)).data)
    node = tree.cssselect(f"#comment-{parent}")[0]
    assert len([a for a in node.iterancestors() if a.tag == "li"]) == 4


def test_edit_own_comment(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, own: int
) -> None:
    auth.login()
    assert client.get(f"/comments/{own}/edit").status_code == 200
    response = post(f"/comments/{own}/edit", {"body": "Corrected text."})
    assert response.status_code == 302 and response.headers["Location"] == permalink(conn, own)
    assert first(conn, "SELECT body, edited_at FROM comments WHERE id = ?", own) == (
        "Corrected text.",
        "2024-06-15 12:00:00",
    )
    tree = html.fromstring(client.get(permalink(conn, own)).data)
    node = tree.cssselect(f"#comment-{own}")[0]
    assert "edited just now" in node.cssselect(".meta")[0].text_content()
    assert node.cssselect(".comment-body")[0].text_content().strip() == "Corrected text."


def test_delete_own_comment(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, own: int
) -> None:
    auth.login()
    body = first(conn, "SELECT body FROM comments WHERE id = ?", own)[0]
    response = post(f"/comments/{own}/delete")
    assert response.status_code == 302
    assert first(conn, "SELECT deleted FROM comments WHERE id = ?", own)[0] == 1
    page = client.get(permalink(conn, own)).get_data(as_text=True)
    assert "[deleted]" in page and body not in page
    assert post(f"/comments/{own}/edit", {"body": "again"}).status_code == 404
    assert post(f"/vote/comment/{own}", {"direction": "up"}).status_code == 400


@pytest.mark.parametrize("action", ["edit", "delete"])
def test_others_comments_are_forbidden(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, other: int, action: str
) -> None:
    auth.login()
    before = first(conn, "SELECT body, deleted, edited_at FROM comments WHERE id = ?", other)
    response = post(f"/comments/{other}/{action}", {"body": "Hijacked"})
    assert response.status_code == 403
    assert b"You can only edit or delete your own comments." in response.data
    assert (
        first(conn, "SELECT body, deleted, edited_at FROM comments WHERE id = ?", other) == before
    )


def test_moderator_removes_comment(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, moderated: int
) -> None:
    auth.login()
    tree = html.fromstring(client.get(permalink(conn, moderated)).data)
    assert tree.cssselect(f"#comment-{moderated} button[aria-label^='Remove comment by']")
    response = post(f"/comments/{moderated}/remove")
    assert response.status_code == 302
    assert first(conn, "SELECT removed FROM comments WHERE id = ?", moderated)[0] == 1
    assert b"[removed by a moderator]" in client.get(permalink(conn, moderated)).data


def test_non_moderator_cannot_remove(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, other: int
) -> None:
    auth.login()
    assert b">Remove</button>" not in client.get(permalink(conn, other)).data
    response = post(f"/comments/{other}/remove")
    assert response.status_code == 403
    assert first(conn, "SELECT removed FROM comments WHERE id = ?", other)[0] == 0


def test_reply_to_removed_comment_is_forbidden(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    removed = first(conn, "SELECT id FROM comments WHERE removed = 1 LIMIT 1")[0]
    assert post(f"/comments/{removed}/reply", {"body": "x"}).status_code == 403


def test_unknown_comment_is_404(client: FlaskClient, auth, post) -> None:
    auth.login()
    assert client.get("/comments/999999/reply").status_code == 404
    assert post("/comments/999999/delete").status_code == 404


# --- votes ----------------------------------------------------------------------------


def _submission_state(conn: sqlite3.Connection, submission_id: int) -> tuple:
    return first(
        conn, "SELECT score, upvotes, downvotes, hot FROM submissions WHERE id = ?", submission_id
    )


@pytest.fixture
def unvoted(conn: sqlite3.Connection) -> int:
    """A submission in Books that mark.wilson has not voted on."""
    return first(
        conn,
        "SELECT id FROM submissions WHERE forum_id = 1 AND deleted = 0 AND id NOT"
        " IN (SELECT submission_id FROM submission_votes WHERE user_id = 1)"
        " ORDER BY id DESC LIMIT 1",
    )[0]


def test_vote_submission_new_change_withdraw(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, unvoted: int
) -> None:
    from webenv.sites.forum.votes import hot_rank

    auth.login()
    score, ups, downs, _ = _submission_state(conn, unvoted)
    created = first(conn, "SELECT created_at FROM submissions WHERE id = ?", unvoted)[0]
    response = post(f"/vote/submission/{unvoted}?next=/f/books", {"direction": "up"})
    assert response.status_code == 302 and response.headers["Location"] == "/f/books"
    assert _submission_state(conn, unvoted) == (
        score + 1,
        ups + 1,
        downs,
        hot_rank(score + 1, created),
    )
    assert first(
        conn, "SELECT value FROM submission_votes WHERE user_id = 1 AND submission_id = ?", unvoted
    ) == (1,)
    tree = html.fromstring(client.get("/f/books?sort=new").data)
    assert tree.cssselect(f"form[action^='/vote/submission/{unvoted}?'] button.voted")
    post(f"/vote/submission/{unvoted}", {"direction": "up"})  # the same vote again: no change
    assert _submission_state(conn, unvoted)[:3] == (score + 1, ups + 1, downs)
    post(f"/vote/submission/{unvoted}", {"direction": "down"})
    assert _submission_state(conn, unvoted)[:3] == (score - 1, ups, downs + 1)
    post(f"/vote/submission/{unvoted}", {"direction": "none"})
    assert _submission_state(conn, unvoted)[:3] == (score, ups, downs)
    assert first(
        conn,
        "SELECT COUNT(*) FROM submission_votes WHERE user_id = 1 AND submission_id = ?",
        unvoted,
    ) == (0,)


def test_vote_buttons_reflect_the_vote(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, unvoted: int
) -> None:
    auth.login()
    title = first(conn, "SELECT title FROM submissions WHERE id = ?", unvoted)[0]
    post(f"/vote/submission/{unvoted}", {"direction": "down"})
    forum_page = html.fromstring(client.get(f"/f/books/{unvoted}", follow_redirects=True).data)
    labels = [b.get("aria-label") for b in forum_page.cssselect("article form.vote button")]
    texts = [b.text_content() for b in forum_page.cssselect("article form.vote button")]
    assert labels == [f"Upvote submission: {title}", f"Remove downvote from submission: {title}"]
    assert texts == ["Upvote", "Remove downvote"]


def test_vote_comment(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, other: int
) -> None:
    auth.login()
    score = first(conn, "SELECT score FROM comments WHERE id = ?", other)[0]
    response = post(f"/vote/comment/{other}", {"direction": "down"})
    assert response.status_code == 302
    assert first(conn, "SELECT score FROM comments WHERE id = ?", other)[0] == score - 1
    post(f"/vote/comment/{other}", {"direction": "up"})
    assert first(conn, "SELECT score, upvotes - downvotes FROM comments WHERE id = ?", other) == (
        score + 1,
        score + 1,
    )
    assert (
        first(conn, "SELECT SUM(value) FROM comment_votes WHERE comment_id = ?", other)[0]
        == score + 1
    )


@pytest.mark.parametrize("direction", ["sideways", ""])
def test_bad_vote_direction(client: FlaskClient, auth, post, unvoted: int, direction: str) -> None:
    auth.login()
    assert post(f"/vote/submission/{unvoted}", {"direction": direction}).status_code == 400


def test_vote_requires_login(
    client: FlaskClient, post, conn: sqlite3.Connection, unvoted: int
) -> None:
    before = _submission_state(conn, unvoted)
    response = post(f"/vote/submission/{unvoted}", {"direction": "up"})
    assert response.status_code == 302 and response.headers["Location"].startswith("/login")
    assert _submission_state(conn, unvoted) == before


def test_vote_ignores_foreign_next(client: FlaskClient, auth, post, unvoted: int) -> None:
    auth.login()
    response = post(f"/vote/submission/{unvoted}?next=http://evil.test/", {"direction": "up"})
    assert response.headers["Location"].startswith(f"/f/books/{unvoted}/")
