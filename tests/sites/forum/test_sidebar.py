"""Forum sidebars: the Markdown "Sidebar" field of the create-forum and edit-forum forms."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.forum import words
from webenv.sites.forum.datagen import _sidebars


def sidebar_of(conn: sqlite3.Connection, name: str) -> str:
    return conn.execute("SELECT sidebar FROM forums WHERE name = ?", (name,)).fetchone()[0]


def sidebar_text(client: FlaskClient, name: str) -> str:
    """The text of the rendered sidebar Markdown on a forum's page."""
    tree = html.fromstring(client.get(f"/f/{name}").data)
    (block,) = tree.cssselect("aside.sidebar .sidebar-text")
    return " ".join(block.text_content().split())


def test_every_pristine_forum_has_a_sidebar_in_its_own_words(conn: sqlite3.Connection) -> None:
    rows = dict(conn.execute("SELECT name, sidebar FROM forums").fetchall())
    assert set(rows) == {topic.name for topic in words.TOPICS}
    for topic in words.TOPICS:
        sidebar = rows[topic.name]
        assert sidebar.count("\n1. ") == 1 and "\n3. " in sidebar
        assert any(thing in sidebar for thing in topic.things), topic.name
        assert any(remark in sidebar for remark in topic.remarks), topic.name
        assert "Weekly thread: every " in sidebar
    assert len(set(rows.values())) == len(rows)
    assert _sidebars(0) == rows
    assert _sidebars(1) != rows


def test_forum_page_renders_the_sidebar_markdown(
    client: FlaskClient, conn: sqlite3.Connection, check_page
) -> None:
    response = client.get("/f/coffee")
    check_page(response.data)
    tree = html.fromstring(response.data)
    (block,) = tree.cssselect("aside.sidebar .sidebar-text")
    assert block.cssselect("strong")[0].text_content() == "Coffee"
    stored = sidebar_of(conn, "coffee")
    rules = [line.split(". ", 1)[1] for line in stored.splitlines() if line[:2] in ("1.", "2.")]
    assert [li.text_content() for li in block.cssselect("ol > li")][:2] == rules


def test_create_forum_with_a_sidebar(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    check_page(client.get("/create_forum").data)
    sidebar = "Welcome, tea people!\r\n\r\n- Be kind\r\n- Post photos of your cups\r\n"
    response = post(
        "/create_forum",
        {
            "name": "tea_lovers",
            "title": "Tea Lovers",
            "description": "All tea.",
            "sidebar": sidebar,
        },
    )
    assert response.status_code == 302
    assert (
        sidebar_of(conn, "tea_lovers")
        == "Welcome, tea people!\n\n- Be kind\n- Post photos of your cups"
    )
    tree = html.fromstring(client.get("/f/tea_lovers").data)
    items = [li.text_content() for li in tree.cssselect("aside .sidebar-text ul > li")]
    assert items == ["Be kind", "Post photos of your cups"]


def test_create_forum_without_a_sidebar_shows_none(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    post("/create_forum", {"name": "plain_forum", "title": "Plain", "description": "Plain."})
    assert sidebar_of(conn, "plain_forum") == ""
    assert not html.fromstring(client.get("/f/plain_forum").data).cssselect(".sidebar-text")


def test_moderator_edits_the_sidebar(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    forum_page = html.fromstring(client.get("/f/cycling").data)
    assert [a.get("href") for a in forum_page.cssselect("aside a") if a.text == "Edit forum"] == [
        "/f/cycling/edit"
    ]
    form = client.get("/f/cycling/edit")
    assert form.status_code == 200
    check_page(form.data)
    textarea = html.fromstring(form.data).get_element_by_id("sidebar")
    assert textarea.text_content() == sidebar_of(conn, "cycling")
    response = post(
        "/f/cycling/edit",
        {
            "title": "Cycling",
            "description": "Road, gravel, commuting and bike maintenance.",
            "sidebar": "## Group rides\n\nEvery **Sunday** at 8 am from the bridge.",
        },
    )
    assert response.status_code == 302 and response.headers["Location"] == "/f/cycling"
    assert sidebar_of(conn, "cycling") == (
        "## Group rides\n\nEvery **Sunday** at 8 am from the bridge."
    )
    page = client.get("/f/cycling")
    check_page(page.data)
    tree = html.fromstring(page.data)
    assert [h.text_content() for h in tree.cssselect("aside .sidebar-text h4")] == ["Group rides"]
    assert sidebar_text(client, "cycling") == "Group rides Every Sunday at 8 am from the bridge."
    assert b"The forum has been updated." in page.data


def test_a_moderator_who_did_not_create_the_forum_may_edit_it(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    assert (
        conn.execute(
            "SELECT f.created_by FROM forums f JOIN moderators m ON m.forum_id = f.id"
            " JOIN users u ON u.id = m.user_id"
            " WHERE f.name = 'cycling' AND u.username = 'grace.price'"
        ).fetchone()[0]
        == 1
    )
    auth.login("grace.price")
    response = post(
        "/f/cycling/edit", {"title": "Cycling", "description": "Bikes.", "sidebar": "Ride on."}
    )
    assert response.status_code == 302
    assert tuple(
        conn.execute(
            "SELECT title, description, sidebar FROM forums WHERE name = 'cycling'"
        ).fetchone()
    ) == ("Cycling", "Bikes.", "Ride on.")


def test_markup_in_the_sidebar_is_shown_as_text(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    hostile = '<script>alert(1)</script> [home](javascript:alert(1)) <img src=x onerror="y">'
    post("/f/coffee/edit", {"title": "Coffee", "description": "Beans.", "sidebar": hostile})
    page = client.get("/f/coffee").get_data(as_text=True)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'href="javascript' not in page


@pytest.mark.parametrize("username", ["lucy.okafor", None])
def test_only_moderators_may_edit_a_forum(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, username: str | None
) -> None:
    before = tuple(conn.execute("SELECT * FROM forums WHERE name = 'books'").fetchone())
    if username is not None:
        assert not conn.execute(
            "SELECT 1 FROM moderators m JOIN users u ON u.id = m.user_id"
            " JOIN forums f ON f.id = m.forum_id WHERE f.name = 'books' AND u.username = ?",
            (username,),
        ).fetchone()
        auth.login(username)
    else:
        auth.login()  # mark.wilson moderates cycling and coffee, not books
    assert client.get("/f/books/edit").status_code == 403
    response = post("/f/books/edit", {"title": "Mine", "description": "Mine.", "sidebar": "Mine"})
    assert response.status_code == 403
    assert b"Only moderators of Books can edit the forum." in response.data
    assert tuple(conn.execute("SELECT * FROM forums WHERE name = 'books'").fetchone()) == before
    page = client.get("/f/books").get_data(as_text=True)
    assert "Edit forum" not in page


def test_editing_needs_a_login(client: FlaskClient, post, conn: sqlite3.Connection) -> None:
    response = client.get("/f/cycling/edit")
    assert response.status_code == 302 and response.headers["Location"].startswith("/login?next=")
    response = post("/f/cycling/edit", {"title": "X", "description": "X.", "sidebar": "X"})
    assert response.status_code == 302 and response.headers["Location"].startswith("/login")
    assert sidebar_of(conn, "cycling") != "X"
    assert "Edit forum" not in client.get("/f/cycling").get_data(as_text=True)


def test_editing_an_unknown_forum_is_404(client: FlaskClient, auth) -> None:
    auth.login()
    assert client.get("/f/nosuchforum/edit").status_code == 404


def test_edit_without_the_form_token_writes_nothing(
    client: FlaskClient, auth, conn: sqlite3.Connection
) -> None:
    auth.login()
    before = sidebar_of(conn, "cycling")
    response = client.post(
        "/f/cycling/edit", data={"title": "Cycling", "description": "D.", "sidebar": "Forged"}
    )
    assert response.status_code == 400
    assert sidebar_of(conn, "cycling") == before


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        (
            {"title": "Cycling", "description": "D.", "sidebar": "x" * 1501},
            "sidebar",
            "Sidebar must be at most 1,500 characters; you entered 1,501.",
        ),
        ({"title": "", "description": "D.", "sidebar": "S"}, "title", "Title is required."),
        (
            {"title": "T", "description": " ", "sidebar": "S"},
            "description",
            "Description is required.",
        ),
        ({"description": "D.", "sidebar": "S"}, "title", "Title is required."),
    ],
)
def test_edit_errors_rerender_the_form_and_write_nothing(
    client: FlaskClient,
    auth,
    post,
    conn: sqlite3.Connection,
    check_page,
    form: dict,
    field: str,
    message: str,
) -> None:
    auth.login()
    before = tuple(conn.execute("SELECT * FROM forums WHERE name = 'cycling'").fetchone())
    response = post("/f/cycling/edit", form)
    assert response.status_code == 400
    check_page(response.data)
    tree = html.fromstring(response.data)
    assert tree.get_element_by_id(f"{field}-error").text_content() == message
    assert tree.get_element_by_id(field).get("aria-invalid") == "true"
    assert tuple(conn.execute("SELECT * FROM forums WHERE name = 'cycling'").fetchone()) == before


def test_create_forum_with_an_over_long_sidebar_is_refused(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    response = post(
        "/create_forum",
        {"name": "long_one", "title": "Long", "description": "Long.", "sidebar": "y" * 1501},
    )
    assert response.status_code == 400
    assert b"Sidebar must be at most 1,500 characters" in response.data
    assert conn.execute("SELECT COUNT(*) FROM forums WHERE name = 'long_one'").fetchone()[0] == 0


def test_api_forum_carries_the_sidebar(client: FlaskClient, conn: sqlite3.Connection) -> None:
    forum = client.get("/api/forums/coffee").get_json()
    assert forum["sidebar"] == sidebar_of(conn, "coffee")
    listed = {f["name"]: f["sidebar"] for f in client.get("/api/forums?per_page=100").get_json()}
    assert listed["books"] == sidebar_of(conn, "books")
