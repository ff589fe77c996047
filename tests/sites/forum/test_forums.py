"""Front page, directory, forum listings (sorts, time ranges, pagination) and subscriptions."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html


def titles(response) -> list[str]:
    """The submission titles listed on a page, in order."""
    tree = html.fromstring(response.data)
    return [a.text_content() for a in tree.cssselect("ol.submission-list > li h2 a")]


def expected_titles(
    conn: sqlite3.Connection, where: str, order: str, params=(), offset: int = 0
) -> list[str]:
    return [
        row[0]
        for row in conn.execute(
            "SELECT s.title FROM submissions s JOIN forums f ON f.id = s.forum_id "
            "WHERE s.deleted = 0"
            f" AND {where} ORDER BY {order} LIMIT 25 OFFSET {offset}",
            params,
        )
    ]


@pytest.mark.parametrize(
    ("query", "order", "since"),
    [
        ("", "s.hot DESC, s.id DESC", None),
        ("?sort=hot", "s.hot DESC, s.id DESC", None),
        ("?sort=new", "s.created_at DESC, s.id DESC", None),
        ("?sort=top", "s.score DESC, s.created_at DESC, s.id DESC", None),
        ("?sort=top&t=all", "s.score DESC, s.created_at DESC, s.id DESC", None),
        ("?sort=top&t=year", "s.score DESC, s.created_at DESC, s.id DESC", "2023-06-16 12:00:00"),
        ("?sort=top&t=month", "s.score DESC, s.created_at DESC, s.id DESC", "2024-05-16 12:00:00"),
        ("?sort=top&t=week", "s.score DESC, s.created_at DESC, s.id DESC", "2024-06-08 12:00:00"),
        ("?sort=bogus", "s.hot DESC, s.id DESC", None),
    ],
)
def test_forum_sorts_and_time_ranges(
    client: FlaskClient, conn: sqlite3.Connection, query: str, order: str, since: str | None
) -> None:
    response = client.get(f"/f/books{query}")
    assert response.status_code == 200
    where = "f.name = 'books'" + (" AND s.created_at >= ?" if since else "")
    expected = expected_titles(conn, where, order, (since,) if since else ())
    assert titles(response) == expected
    assert expected


def test_top_of_the_day_can_be_empty(client: FlaskClient) -> None:
    response = client.get("/f/chess?sort=top&t=day")
    page = response.get_data(as_text=True)
    assert "Sorted by Top, Past day" in page
    assert "No submissions match" in page or titles(response)


def test_time_range_links_appear_only_for_top(client: FlaskClient) -> None:
    assert b"Past week" not in client.get("/f/books").data
    tree = html.fromstring(client.get("/f/books?sort=top").data)
    links = [a.text_content() for a in tree.cssselect("nav.sort-tabs a")]
    assert links == [
        "Hot",
        "New",
        "Top",
        "Past day",
        "Past week",
        "Past month",
        "Past year",
        "All time",
    ]


def test_pagination(client: FlaskClient, conn: sqlite3.Connection) -> None:
    total = conn.execute(
        "SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id"
        " WHERE f.name = 'books' AND deleted = 0"
    ).fetchone()[0]
    pages = -(-total // 25)
    page2 = client.get("/f/books?sort=new&page=2")
    assert titles(page2) == expected_titles(
        conn, "f.name = 'books'", "s.created_at DESC, s.id DESC", offset=25
    )
    text = page2.get_data(as_text=True)
    assert f"{total} submissions, page 2 of {pages}" in text
    assert 'href="/f/books?sort=new&amp;page=3"' in text and "Previous page" in text
    assert client.get(f"/f/books?page={pages + 1}").status_code == 404
    assert titles(client.get("/f/books?page=abc")) == titles(client.get("/f/books"))


def test_skipped_page_numbers_show_an_ellipsis(client: FlaskClient) -> None:
    # "1 ... 8 9 10 11 12 ... 95", never "1 8 9 10 11 12 95".
    page = client.get("/all?sort=new&page=10")
    links = html.fromstring(page.get_data()).cssselect("nav.pagination li")
    shown = [" ".join(li.text_content().split()) for li in links]
    middle = [f"Page {n}" for n in range(8, 13)]
    assert shown[:9] == ["Previous page", "Page 1", "…", *middle, "…"], shown
    assert shown[-2].startswith("Page ") and shown[-1] == "Next page"


def test_anonymous_front_page_shows_every_forum(
    client: FlaskClient, conn: sqlite3.Connection
) -> None:
    response = client.get("/")
    assert b"<h1>All forums</h1>" in response.data
    assert titles(response) == expected_titles(conn, "1", "s.hot DESC, s.id DESC")


def test_front_page_shows_subscriptions(
    client: FlaskClient, auth, conn: sqlite3.Connection
) -> None:
    auth.login()
    response = client.get("/?sort=new")
    assert b"Your front page" in response.data
    assert b"the 9 forums you subscribe to" in response.data
    expected = expected_titles(
        conn,
        "s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id = 1)",
        "s.created_at DESC, s.id DESC",
    )
    assert titles(response) == expected
    forums = set(re.findall(r'to <a href="/f/([a-z]+)">', response.get_data(as_text=True)))
    subscribed = {
        row[0]
        for row in conn.execute(
            "SELECT f.name FROM subscriptions s JOIN forums f ON f.id = s.forum_id"
            " WHERE s.user_id = 1"
        )
    }
    assert forums <= subscribed


def test_front_page_uses_default_sort_setting(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    post("/settings", {"email": "mark@example.com", "front_page_sort": "new"})
    assert b"Sorted by New." in client.get("/").data


def test_all_page(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    response = client.get("/all?sort=top")
    order = "s.score DESC, s.created_at DESC, s.id DESC"
    assert titles(response) == expected_titles(conn, "1", order)


def test_directory(client: FlaskClient, conn: sqlite3.Connection) -> None:
    tree = html.fromstring(client.get("/forums").data)
    rows = tree.cssselect("table tbody tr")
    assert len(rows) == conn.execute("SELECT COUNT(*) FROM forums").fetchone()[0]
    cells = [td.text_content().strip() for td in rows[0].cssselect("td")]
    first = conn.execute(
        "SELECT title, description, subscriber_count FROM forums"
        " ORDER BY title COLLATE NOCASE LIMIT 1"
    ).fetchone()
    assert cells == [first[0], first[1], str(first[2])]
    by_subscribers = html.fromstring(client.get("/forums?sort=subscribers").data)
    counts = [
        int(tr.cssselect("td")[2].text_content()) for tr in by_subscribers.cssselect("tbody tr")
    ]
    assert counts == sorted(counts, reverse=True)


def test_forum_sidebar(client: FlaskClient, conn: sqlite3.Connection) -> None:
    page = client.get("/f/cycling").get_data(as_text=True)
    count = conn.execute("SELECT subscriber_count FROM forums WHERE name = 'cycling'").fetchone()[0]
    assert f"{count} subscribers" in page
    assert "Road, gravel, commuting and bike maintenance." in page
    assert 'href="/user/mark.wilson">mark.wilson</a></li>' in page


def test_forum_name_is_case_insensitive(client: FlaskClient) -> None:
    response = client.get("/f/Books?sort=new")
    assert response.status_code == 302
    assert response.headers["Location"] == "/f/books?sort=new"


def test_unknown_forum_is_404(client: FlaskClient) -> None:
    response = client.get("/f/nosuchforum")
    assert response.status_code == 404
    assert b"There is no forum called" in response.data


@pytest.mark.parametrize("forum", ["chess", "knitting"])
def test_subscribe_and_unsubscribe(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, forum: str
) -> None:
    auth.login()
    before = conn.execute(
        "SELECT subscriber_count FROM forums WHERE name = ?", (forum,)
    ).fetchone()[0]
    response = post(f"/f/{forum}/subscribe")
    assert response.status_code == 302 and response.headers["Location"] == f"/f/{forum}"
    assert (
        conn.execute("SELECT subscriber_count FROM forums WHERE name = ?", (forum,)).fetchone()[0]
        == before + 1
    )
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM subscriptions s JOIN forums f ON f.id = s.forum_id"
            " WHERE user_id = 1 AND f.name = ?",
            (forum,),
        ).fetchone()[0]
        == 1
    )
    assert b">Unsubscribe</button>" in client.get(f"/f/{forum}").data
    post(f"/f/{forum}/subscribe")  # twice is harmless
    assert (
        conn.execute("SELECT subscriber_count FROM forums WHERE name = ?", (forum,)).fetchone()[0]
        == before + 1
    )
    response = post(f"/f/{forum}/unsubscribe", {"next": "/forums"})
    assert response.headers["Location"] == "/forums"
    assert (
        conn.execute("SELECT subscriber_count FROM forums WHERE name = ?", (forum,)).fetchone()[0]
        == before
    )


def test_directory_subscribe_buttons(client: FlaskClient, auth) -> None:
    auth.login()
    tree = html.fromstring(client.get("/forums").data)
    labels = {b.get("aria-label") for b in tree.cssselect("tbody button")}
    assert "Unsubscribe from Cycling" in labels and "Subscribe to Chess" in labels


def test_subscribe_requires_login(client: FlaskClient, post) -> None:
    response = post("/f/chess/subscribe")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


def test_create_forum(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    assert client.get("/create_forum").status_code == 200
    response = post(
        "/create_forum",
        {
            "name": "tea_lovers",
            "title": "Tea Lovers",
            "description": "Loose leaf, bags and everything tea.",
        },
    )
    assert response.status_code == 302 and response.headers["Location"] == "/f/tea_lovers"
    forum_id, created_by, count = conn.execute(
        "SELECT id, created_by, subscriber_count FROM forums WHERE name = 'tea_lovers'"
    ).fetchone()
    assert created_by == 1 and count == 1
    assert [
        tuple(row)
        for row in conn.execute("SELECT user_id FROM moderators WHERE forum_id = ?", (forum_id,))
    ] == [(1,)]
    page = client.get("/f/tea_lovers").get_data(as_text=True)
    assert "You are a moderator of this forum." in page and "There are no" not in page


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (
            {"name": "books", "title": "More books", "description": "x"},
            "A forum called books already exists.",
        ),
        ({"name": "a b", "title": "T", "description": "x"}, "Name must be 3 to 25 characters"),
        ({"name": "", "title": "T", "description": "x"}, "Name is required."),
        ({"name": "okname", "title": "", "description": "x"}, "Title is required."),
        (
            {"name": "okname", "title": "T" * 101, "description": "x"},
            "Title must be at most 100 characters; you entered 101.",
        ),
    ],
)
def test_create_forum_errors(client: FlaskClient, auth, post, form: dict, message: str) -> None:
    auth.login()
    response = post("/create_forum", form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_listing_rows_follow_writes_and_the_script_root(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    """A listing row is memoized by what it shows: a vote's new score and a new comment
    show at once, and the same rows under another script root link under it."""
    auth.login()
    submission_id, score, comments = conn.execute(
        "SELECT s.id, s.score, s.comment_count FROM submissions s JOIN forums f"
        " ON f.id = s.forum_id WHERE f.name = 'chess' AND s.deleted = 0 AND s.locked = 0"
        " AND NOT EXISTS (SELECT 1 FROM submission_votes v WHERE v.submission_id = s.id"
        " AND v.user_id = 1) ORDER BY s.created_at DESC, s.id DESC LIMIT 1"
    ).fetchone()

    def row(base_url: str = "http://localhost") -> str:
        page = client.get("/f/chess?sort=new", base_url=base_url).get_data(as_text=True)
        items = re.findall(r'<li class="submission">.*?</li>', page, re.S)
        assert f"/f/chess/{submission_id}/" in items[0]
        return items[0]

    def points(count: int) -> str:
        return f"{count} point{'' if count == 1 else 's'} · submitted"

    assert points(score) in row()
    post(f"/vote/submission/{submission_id}", {"direction": "up"})
    assert points(score + 1) in row()
    post(f"/f/chess/{submission_id}/comment", {"body": "A fresh comment."})
    count = conn.execute(
        "SELECT comment_count FROM submissions WHERE id = ?", (submission_id,)
    ).fetchone()[0]
    assert count == comments + 1 and f">{count} comment" in row()
    prefixed = row("http://localhost/prefix")
    hrefs = re.findall(r'(?:href|src)="([^"]*)"', prefixed)
    assert hrefs and all(href.startswith("/prefix/") for href in hrefs)
    assert not any(href.startswith("/prefix/") for href in re.findall(r'href="([^"]*)"', row()))
