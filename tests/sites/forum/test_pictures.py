"""Forum avatars and image posts."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core import images
from webenv.sites.forum import datagen


def image_post(conn: sqlite3.Connection) -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(
        "SELECT s.id, s.title, f.name AS forum, i.* FROM submission_images i"
        " JOIN submissions s ON s.id = i.submission_id JOIN forums f ON f.id = s.forum_id"
        " WHERE s.deleted = 0 ORDER BY s.id LIMIT 1"
    ).fetchone()


def test_image_posts_and_avatars_are_generated(conn: sqlite3.Connection) -> None:
    users, avatars = conn.execute(
        "SELECT (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM avatars)"
    ).fetchone()
    assert users == avatars
    total, pictured = conn.execute(
        "SELECT COUNT(*), COUNT(i.submission_id) FROM submissions s"
        " LEFT JOIN submission_images i ON i.submission_id = s.id"
    ).fetchone()
    assert 0.05 * total < pictured < 0.2 * total
    kinds = conn.execute(
        "SELECT DISTINCT s.kind FROM submissions s JOIN submission_images i"
        " ON i.submission_id = s.id"
    ).fetchall()
    assert kinds == [("text",)]
    for motif, colour, title, alt in conn.execute(
        "SELECT i.motif, i.colour, s.title, i.alt FROM submission_images i"
        " JOIN submissions s ON s.id = i.submission_id"
    ):
        assert motif in images.SCENES
        assert alt == datagen.image_alt(motif, colour, title) and title in alt


def test_every_forum_listing_shows_avatars(
    client: FlaskClient, conn: sqlite3.Connection, page_images
) -> None:
    for (name,) in conn.execute("SELECT name FROM forums ORDER BY id"):
        names = page_images(client.get(f"/f/{name}").data)
        assert any(name.startswith("Avatar of ") for name in names), name
    front = page_images(client.get("/").data)
    assert any(name.startswith("Avatar of ") for name in front)


def test_image_post_shows_its_picture(
    client: FlaskClient, conn: sqlite3.Connection, page_images, check_page
) -> None:
    post = image_post(conn)
    response = client.get(f"/f/{post['forum']}/{post['id']}", follow_redirects=True)
    assert response.status_code == 200
    check_page(response.data)
    tree = html.fromstring(response.data)
    (picture,) = tree.cssselect(".submission-full img.post-picture")
    assert picture.get("alt") == post["alt"]
    assert post["alt"] in page_images(response.data)
    served = client.get(picture.get("src"))
    assert served.status_code == 200 and served.mimetype == "image/svg+xml"
    assert served.data == images.scene(post["motif"], post["colour"], post["id"])


def test_comments_and_profiles_show_avatars(
    client: FlaskClient, conn: sqlite3.Connection, page_images
) -> None:
    submission, forum, commenter = conn.execute(
        "SELECT s.id, f.name, u.username FROM comments c JOIN submissions s"
        " ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id JOIN users u"
        " ON u.id = c.user_id WHERE c.deleted = 0 AND s.deleted = 0 ORDER BY c.id LIMIT 1"
    ).fetchone()
    assert f"Avatar of {commenter}" in page_images(
        client.get(f"/f/{forum}/{submission}", follow_redirects=True).data
    )
    assert page_images(client.get(f"/user/{commenter}").data)[0] == f"Avatar of {commenter}"
    served = client.get(f"/media/avatars/{commenter}.svg")
    assert served.status_code == 200 and served.mimetype == "image/svg+xml"
    assert b">" + images.initials(commenter).encode() + b"<" in served.data
    assert client.get("/media/avatars/nobody-here.svg").status_code == 404


def test_a_deleted_image_posts_picture_is_gone(
    client: FlaskClient, conn: sqlite3.Connection
) -> None:
    post = image_post(conn)
    conn.execute("UPDATE submissions SET deleted = 1 WHERE id = ?", (post["id"],))
    conn.commit()
    assert client.get(f"/media/posts/{post['id']}.svg").status_code == 404
    assert client.get("/media/posts/999999.svg").status_code == 404


def _pictures(seed: int) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    datagen.generate(conn, seed)
    rows = conn.execute("SELECT * FROM submission_images ORDER BY submission_id").fetchall()
    rows += conn.execute("SELECT * FROM avatars ORDER BY user_id").fetchall()
    return rows


def test_pictures_are_the_same_for_a_seed_and_differ_across_seeds() -> None:
    first = _pictures(0)
    assert first == _pictures(0)
    assert first != _pictures(1)
