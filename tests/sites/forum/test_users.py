"""Login, registration, profiles, karma, biography, settings, messages and search."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.auth import DEMO_PASSWORD, verify_password


def first(conn: sqlite3.Connection, sql: str, *params: object) -> tuple:
    row = conn.execute(sql, params).fetchone()
    return tuple(row) if row is not None else ()


def facts(response) -> dict[str, str]:
    tree = html.fromstring(response.data)
    return {
        dt.text_content(): dd.text_content()
        for dt, dd in zip(tree.cssselect("dl dt"), tree.cssselect("dl dd"), strict=True)
    }


# --- login, logout, registration -------------------------------------------------------


def test_login_page(client: FlaskClient) -> None:
    tree = html.fromstring(client.get("/login").data)
    labels = {label.get("for"): label.text_content() for label in tree.cssselect("main label")}
    assert labels == {"username": "Username", "password": "Password"}


def test_login_and_logout(client: FlaskClient, auth) -> None:
    response = auth.login()
    assert response.status_code == 302 and response.headers["Location"] == "/"
    page = client.get("/").get_data(as_text=True)
    assert 'href="/user/mark.wilson">mark.wilson</a>' in page and "Log out" in page
    response = auth.logout()
    assert response.headers["Location"] == "/"
    assert b"Log in" in client.get("/").data
    assert client.get("/messages").status_code == 302


def test_login_redirects_to_next(client: FlaskClient, auth) -> None:
    assert auth.login(next="/messages/sent").headers["Location"] == "/messages/sent"
    assert client.get("/login").headers["Location"] == "/"


@pytest.mark.parametrize("target", ["http://evil.test/", "//evil.test/"])
def test_login_ignores_foreign_next(auth, target: str) -> None:
    assert auth.login(next=target).headers["Location"] == "/"


@pytest.mark.parametrize(
    ("username", "password", "message"),
    [
        ("mark.wilson", "wrong", "Incorrect username or password."),
        ("nobody", DEMO_PASSWORD, "Incorrect username or password."),
        ("", "", "Username is required."),
        ("x" * 500, "y", "Username must be at most 100 characters"),
    ],
)
def test_login_failure(auth, username: str, password: str, message: str) -> None:
    response = auth.login(username, password)
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_register(client: FlaskClient, post, conn: sqlite3.Connection) -> None:
    response = post(
        "/register",
        {
            "username": "New.Reader",
            "email": "new@example.com",
            "password": "longenough",
            "confirm_password": "longenough",
        },
    )
    assert response.status_code == 302 and response.headers["Location"] == "/"
    row = first(
        conn, "SELECT email, biography, password_hash FROM users WHERE username = 'new.reader'"
    )
    assert row[:2] == ("new@example.com", "") and verify_password(row[2], "longenough")
    assert b"Your front page" in client.get("/").data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"username": "mark.wilson"}, "The username mark.wilson is already taken."),
        ({"username": "a b"}, "Username must be 3 to 30 characters"),
        ({"email": "nope"}, "Email must be an address like name@example.com."),
        ({"password": "short", "confirm_password": "short"}, "at least 8 characters"),
        ({"confirm_password": "different1"}, "The two passwords do not match."),
    ],
)
def test_register_errors(post, changes: dict, message: str) -> None:
    form = {
        "username": "someone",
        "email": "s@example.com",
        "password": "longenough",
        "confirm_password": "longenough",
        **changes,
    }
    response = post("/register", form)
    assert response.status_code == 400 and message in response.get_data(as_text=True)


# --- profiles ----------------------------------------------------------------------------


def test_profile_facts_and_karma(client: FlaskClient, conn: sqlite3.Connection) -> None:
    posts = first(
        conn,
        "SELECT COALESCE(SUM(score), 0), COUNT(*) FROM submissions"
        " WHERE user_id = 1 AND deleted = 0",
    )
    comments = first(
        conn,
        "SELECT COALESCE(SUM(score), 0), COUNT(*) FROM comments"
        " WHERE user_id = 1 AND deleted = 0 AND removed = 0",
    )
    response = client.get("/user/mark.wilson")
    found = facts(response)
    assert found["Karma"] == str(posts[0] + comments[0])
    assert found["Submission karma"] == str(posts[0])
    assert found["Comment karma"] == str(comments[0])
    assert found["Submissions"] == str(posts[1]) and found["Comments"] == str(comments[1])
    assert found["Member since"] == "May 3, 2021"
    page = response.get_data(as_text=True)
    assert "Weekend cyclist and pour-over enthusiast" in page
    assert ">Cycling</a>" in page and ">Coffee</a>" in page


def test_user_listings(client: FlaskClient, conn: sqlite3.Connection) -> None:
    count = first(conn, "SELECT COUNT(*) FROM submissions WHERE user_id = 1 AND deleted = 0")[0]
    tree = html.fromstring(client.get("/user/mark.wilson/submissions").data)
    assert len(tree.cssselect("ol.submission-list > li")) == min(count, 25)
    newest = first(
        conn, "SELECT title FROM submissions WHERE user_id = 1 ORDER BY created_at DESC LIMIT 1"
    )[0]
    assert tree.cssselect("ol.submission-list h2 a")[0].text_content() == newest
    comments = first(
        conn, "SELECT COUNT(*) FROM comments WHERE user_id = 1 AND deleted = 0 AND removed = 0"
    )[0]
    page = client.get("/user/mark.wilson/comments").get_data(as_text=True)
    assert f"{comments} comments, newest first" in page
    assert client.get("/user/nobody-here").status_code == 404


def test_send_message_link_on_other_profiles(client: FlaskClient, auth) -> None:
    auth.login()
    assert (
        b'href="/messages/compose?to=sara.morgan">Send a message'
        in client.get("/user/sara.morgan").data
    )
    assert b"Edit biography" in client.get("/user/mark.wilson").data


# --- biography and settings --------------------------------------------------------------


def test_edit_biography(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    assert b"Weekend cyclist" in client.get("/settings/biography").data
    response = post("/settings/biography", {"biography": "Now into gravel riding."})
    assert response.status_code == 302 and response.headers["Location"] == "/user/mark.wilson"
    assert first(conn, "SELECT biography FROM users WHERE id = 1") == ("Now into gravel riding.",)
    assert b"Now into gravel riding." in client.get("/user/mark.wilson").data
    post("/settings/biography", {"biography": ""})
    assert b"No biography yet." in client.get("/user/mark.wilson").data


def test_biography_too_long(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    response = post("/settings/biography", {"biography": "b" * 1001})
    assert response.status_code == 400
    assert b"Biography must be at most 1,000 characters; you entered 1,001." in response.data
    assert "cyclist" in first(conn, "SELECT biography FROM users WHERE id = 1")[0]


def test_settings(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    response = post("/settings", {"email": "mark@example.org", "front_page_sort": "top"})
    assert response.status_code == 302 and response.headers["Location"] == "/settings"
    assert first(conn, "SELECT email, front_page_sort FROM users WHERE id = 1") == (
        "mark@example.org",
        "top",
    )
    bad = post("/settings", {"email": "x", "front_page_sort": "sideways"})
    assert bad.status_code == 400
    assert b"Default front page sort must be Hot, New or Top." in bad.data


def test_change_password(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    wrong = post(
        "/settings/password",
        {
            "current_password": "nope",
            "new_password": "newpass123",
            "confirm_password": "newpass123",
        },
    )
    assert wrong.status_code == 400 and b"The current password is incorrect." in wrong.data
    right = post(
        "/settings/password",
        {
            "current_password": DEMO_PASSWORD,
            "new_password": "newpass123",
            "confirm_password": "newpass123",
        },
    )
    assert right.status_code == 302
    assert verify_password(
        first(conn, "SELECT password_hash FROM users WHERE id = 1")[0], "newpass123"
    )


# --- messages ----------------------------------------------------------------------------


def test_inbox_and_sent(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    received = conn.execute(
        "SELECT u.username, m.subject FROM messages m JOIN users u ON u.id = m.sender_id"
        " WHERE recipient_id = 1 ORDER BY m.created_at DESC, m.id DESC"
    ).fetchall()
    tree = html.fromstring(client.get("/messages").data)
    rows = [
        [td.text_content() for td in tr.cssselect("td")[:2]] for tr in tree.cssselect("tbody tr")
    ]
    assert rows == [[row[0], row[1]] for row in received]
    sent = first(conn, "SELECT COUNT(*) FROM messages WHERE sender_id = 1")[0]
    tree = html.fromstring(client.get("/messages/sent").data)
    assert len(tree.cssselect("tbody tr")) == sent


def test_reading_marks_message_read(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    unread = first(
        conn, "SELECT COUNT(*) FROM messages WHERE recipient_id = 1 AND read_at IS NULL"
    )[0]
    assert unread >= 1
    assert f"({unread} unread)".encode() in client.get("/").data
    message_id, subject = first(
        conn, "SELECT id, subject FROM messages WHERE recipient_id = 1 AND read_at IS NULL LIMIT 1"
    )
    page = client.get(f"/messages/{message_id}").get_data(as_text=True)
    assert f"<h1>{subject}</h1>" in page and ">Reply</a>" in page
    assert first(conn, "SELECT read_at FROM messages WHERE id = ?", message_id) == (
        "2024-06-15 12:00:00",
    )


def test_others_messages_are_hidden(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    message_id = first(
        conn, "SELECT id FROM messages WHERE sender_id != 1 AND recipient_id != 1 LIMIT 1"
    )[0]
    assert client.get(f"/messages/{message_id}").status_code == 404


def test_compose(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    page = client.get("/messages/compose?to=sara.morgan&subject=Hello").get_data(as_text=True)
    assert 'value="sara.morgan"' in page and 'value="Hello"' in page
    response = post(
        "/messages/compose",
        {"to": "Sara.Morgan", "subject": "Ride on Sunday?", "body": "Want to join the group ride?"},
    )
    assert response.status_code == 302 and response.headers["Location"] == "/messages/sent"
    row = first(
        conn,
        "SELECT m.sender_id, u.username, m.subject, m.body, m.read_at FROM messages"
        " m JOIN users u ON u.id = m.recipient_id ORDER BY m.id DESC LIMIT 1",
    )
    assert row == (1, "sara.morgan", "Ride on Sunday?", "Want to join the group ride?", None)
    assert b"Ride on Sunday?" in client.get("/messages/sent").data


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (
            {"to": "nobody.here", "subject": "s", "body": "b"},
            "There is no user called nobody.here.",
        ),
        (
            {"to": "mark.wilson", "subject": "s", "body": "b"},
            "You cannot send a message to yourself.",
        ),
        ({"to": "sara.morgan", "subject": "", "body": "b"}, "Subject is required."),
        (
            {"to": "sara.morgan", "subject": "s", "body": "b" * 5001},
            "Message must be at most 5,000 characters",
        ),
    ],
)
def test_compose_errors(client: FlaskClient, auth, post, form: dict, message: str) -> None:
    auth.login()
    response = post("/messages/compose", form)
    assert response.status_code == 400 and message in response.get_data(as_text=True)


# --- search -------------------------------------------------------------------------------


def test_search_submissions(client: FlaskClient, conn: sqlite3.Connection) -> None:
    total = first(
        conn,
        "SELECT COUNT(*) FROM submissions WHERE deleted = 0 AND (title LIKE"
        " '%grinder%' OR body LIKE '%grinder%')",
    )[0]
    response = client.get("/search?q=grinder")
    assert f"{total} submissions and".encode() in response.data
    tree = html.fromstring(response.data)
    assert all(
        "grinder" in a.text_content().lower() or True
        for a in tree.cssselect("ol.submission-list h2 a")
    )
    assert len(tree.cssselect("ol.submission-list > li")) == min(total, 25)


def test_search_comments_in_one_forum(client: FlaskClient, conn: sqlite3.Connection) -> None:
    total = first(
        conn,
        "SELECT COUNT(*) FROM comments c JOIN submissions s ON s.id ="
        " c.submission_id JOIN forums f ON f.id = s.forum_id WHERE f.name = 'coffee'"
        " AND c.deleted = 0 AND c.removed = 0 AND c.body LIKE '%espresso%'",
    )[0]
    response = client.get("/search?q=espresso&type=comments&forum=coffee")
    assert f"and {total} comments match".encode() in response.data
    tree = html.fromstring(response.data)
    bodies = [
        li.cssselect(".comment-body")[0].text_content().lower()
        for li in tree.cssselect("li.comment-summary")
    ]
    assert bodies and all("espresso" in body for body in bodies)


@pytest.mark.parametrize(
    ("query", "status", "text"),
    [
        ("", 200, "Type words into the search box"),
        ("zzqqxx", 200, "No submissions found."),
        ("a" * 201, 400, "Search terms must be at most 200 characters."),
        ("100%_", 200, "No submissions found."),
    ],
)
def test_search_edge_cases(client: FlaskClient, query: str, status: int, text: str) -> None:
    response = client.get("/search", query_string={"q": query})
    assert response.status_code == status and text in response.get_data(as_text=True)


def like_matches(text: str, term: str) -> bool:
    """SQLite's ``LIKE '%term%'`` with the term's wildcards escaped: a substring match
    that ignores the case of ASCII letters only (bytes.lower() lowers nothing else)."""
    return term.encode().lower() in text.encode().lower()


SEARCH_ID = {
    "submissions": re.compile(r'<h2><a href="/f/[^/"]+/(\d+)/'),
    "comments": re.compile(r'/comment/(\d+)">'),
}


@pytest.mark.parametrize(
    "query",
    ["the", "THE night", "%", "_", "a_b", "50%", "\\", "'", '"', "é", "É", "ß", "日本", "k"],
)
@pytest.mark.parametrize("forum", ["", "movies"])
def test_search_finds_what_like_finds(
    client: FlaskClient, conn: sqlite3.Connection, query: str, forum: str
) -> None:
    """Both counts, and the ids on the first pages of both kinds, newest first, are what
    a plain reading of every row finds (hostile terms: wildcards, quotes, non-ASCII)."""
    terms = query.split()
    submissions = [
        (row[0], row[1])
        for row in conn.execute(
            "SELECT s.id, s.created_at, s.title, s.body FROM submissions s JOIN forums f"
            " ON f.id = s.forum_id WHERE s.deleted = 0 AND (? = '' OR f.name = ?)",
            (forum, forum),
        )
        if all(like_matches(row[2], t) or like_matches(row[3], t) for t in terms)
    ]
    comments = [
        (row[0], row[1])
        for row in conn.execute(
            "SELECT c.id, c.created_at, c.body FROM comments c JOIN submissions s"
            " ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id"
            " WHERE c.deleted = 0 AND c.removed = 0 AND (? = '' OR f.name = ?)",
            (forum, forum),
        )
        if all(like_matches(row[2], t) for t in terms)
    ]
    expected = {"submissions": submissions, "comments": comments}

    def words(count: int, word: str) -> str:
        return f"{count} {word}" + ("" if count == 1 else "s")

    counts = (
        f'<p class="sort-state">{words(len(submissions), "submission")} and'
        f" {words(len(comments), 'comment')} match."
    )
    for kind, matches in expected.items():
        newest = [item_id for item_id, _ in sorted(matches, key=lambda m: (m[1], m[0]))[::-1]]
        for page in (1, 2):
            args = {"q": query, "type": kind, "forum": forum, "page": page}
            response = client.get("/search", query_string=args)
            shown = newest[(page - 1) * 25 : page * 25]
            if not shown and page > 1:
                assert response.status_code == 404
                continue
            body = response.get_data(as_text=True)
            assert response.status_code == 200 and counts in body
            assert [int(i) for i in SEARCH_ID[kind].findall(body)] == shown
