"""Git hosting: user avatars and project avatars."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient

from webenv.sites.core import images
from webenv.sites.githost import datagen


def test_every_project_page_shows_its_avatar(
    client: FlaskClient, conn: sqlite3.Connection, auth, page_images
) -> None:
    auth.login()
    projects = conn.execute(
        "SELECT n.path, p.path, p.name FROM projects p JOIN namespaces n"
        " ON n.id = p.namespace_id ORDER BY p.id"
    ).fetchall()
    assert projects
    for namespace, path, name in projects:
        response = client.get(f"/{namespace}/{path}")
        if response.status_code == 404:  # a private project the user is not a member of
            continue
        names = page_images(response.data)
        assert f"Project avatar of {name}" in names, (namespace, path)
        assert f"Project avatar of {name}" in page_images(
            client.get(f"/{namespace}/{path}/-/issues").data
        )


def test_lists_and_dashboard_show_project_avatars(client: FlaskClient, auth, page_images) -> None:
    explore = page_images(client.get("/explore").data)
    assert explore and all(name.startswith("Project avatar of ") for name in explore)
    auth.login()
    home = page_images(client.get("/").data)
    assert any(name.startswith("Project avatar of ") for name in home)


def test_user_avatars_on_profiles_and_issues(
    client: FlaskClient, conn: sqlite3.Connection, auth, page_images
) -> None:
    auth.login()
    username, name = conn.execute("SELECT username, name FROM users ORDER BY id LIMIT 1").fetchone()
    assert page_images(client.get(f"/{username}").data)[0] == f"Avatar of {username}"
    served = client.get(f"/media/avatars/{username}.svg")
    assert served.status_code == 200 and served.mimetype == "image/svg+xml"
    assert b">" + images.initials(name).encode() + b"<" in served.data
    namespace, path, iid, author = conn.execute(
        "SELECT n.path, p.path, i.iid, u.username FROM issues i JOIN projects p"
        " ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id JOIN users u"
        " ON u.id = i.author_id WHERE p.visibility = 'public' ORDER BY i.id LIMIT 1"
    ).fetchone()
    issue = client.get(f"/{namespace}/{path}/-/issues/{iid}").data
    assert f"Avatar of {author}" in page_images(issue)


def test_project_avatars_of_private_projects_are_not_served_to_strangers(
    client: FlaskClient, conn: sqlite3.Connection
) -> None:
    private = conn.execute("SELECT id FROM projects WHERE visibility = 'private'").fetchone()
    public = conn.execute("SELECT id FROM projects WHERE visibility = 'public'").fetchone()
    assert client.get(f"/media/projects/{private[0]}.svg").status_code == 404
    served = client.get(f"/media/projects/{public[0]}.svg")
    assert served.status_code == 200 and served.mimetype == "image/svg+xml"
    assert "max-age=" in served.headers["Cache-Control"]


def test_a_new_user_without_a_stored_colour_gets_one_from_the_name(
    client: FlaskClient, conn: sqlite3.Connection
) -> None:
    username = conn.execute("SELECT username FROM users ORDER BY id LIMIT 1").fetchone()[0]
    before = client.get(f"/media/avatars/{username}.svg").data
    conn.execute("DELETE FROM avatars")
    conn.commit()
    after = client.get(f"/media/avatars/{username}.svg").data
    expected = images.stable_choice(username, images.AVATAR_COLOURS)
    assert images.PALETTE[expected].encode() in after
    assert after.startswith(b"<svg") and before.startswith(b"<svg")


def _avatars(seed: int) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    datagen.generate(conn, seed)
    return conn.execute("SELECT * FROM avatars UNION ALL SELECT * FROM project_avatars").fetchall()


def test_avatars_are_the_same_for_a_seed_and_differ_across_seeds() -> None:
    first = _avatars(0)
    assert first == _avatars(0)
    assert first != _avatars(1)
