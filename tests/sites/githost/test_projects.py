"""Visibility, the project page, stars, forks, new projects, settings, archive and members."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from lxml import html

PUBLIC = "northwind/falcon-proxy"


def _hidden(conn, visibility: str, member: bool) -> str:
    return conn.execute(
        "SELECT n.path || '/' || p.path FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
        f" WHERE p.visibility = ? AND p.id {'IN' if member else 'NOT IN'} (SELECT project_id FROM"
        " members WHERE user_id = 1) LIMIT 1",
        (visibility,),
    ).fetchone()[0]


@pytest.mark.parametrize(
    "suffix",
    [
        "",
        "/-/issues",
        "/-/tree/main",
        "/-/merge_requests/1",
        "/-/project_members",
        "/-/raw/main/README.md",
    ],
)
def test_private_project_is_404_for_non_members(client, auth, conn, suffix) -> None:
    private = _hidden(conn, "private", member=False)
    assert client.get(f"/{private}{suffix}").status_code == 404
    auth.login()
    assert client.get(f"/{private}{suffix}").status_code == 404
    mine = _hidden(conn, "private", member=True)
    assert client.get(f"/{mine}").status_code == 200


def test_internal_project_is_hidden_from_anonymous_users(client, auth, conn) -> None:
    internal = _hidden(conn, "internal", member=False)
    assert client.get(f"/{internal}").status_code == 404
    assert internal not in client.get("/explore?sort=name").get_data(as_text=True)
    auth.login()
    assert client.get(f"/{internal}").status_code == 200


def test_private_projects_do_not_leak_into_lists_and_search(client, auth, conn) -> None:
    private = _hidden(conn, "private", member=False)
    name = conn.execute(
        "SELECT p.name FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE n.path || '/' || p.path = ?",
        (private,),
    ).fetchone()[0]
    auth.login()
    page = client.get("/search", query_string={"q": name.split()[0]}).get_data(as_text=True)
    assert f'href="/{private}"' not in page
    issue_title = conn.execute(
        "SELECT i.title FROM issues i JOIN projects p ON p.id ="
        " i.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE"
        " n.path || '/' || p.path = ? LIMIT 1",
        (private,),
    ).fetchone()[0]
    results = client.get("/search", query_string={"q": issue_title, "scope": "issues"})
    assert f"/{private}/" not in results.get_data(as_text=True)


def test_project_page(client: FlaskClient, conn, facts) -> None:
    response = client.get(f"/{PUBLIC}")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert tree.cssselect("h1")[0].text_content() == "Falcon Proxy"
    assert tree.cssselect("section.readme h3")  # the README's "#" heading, shifted down
    links = [a.text_content() for a in tree.cssselect("ul.file-list a")]
    assert "README.md" in links and "LICENSE" in links
    stats = tree.cssselect("ul.stats")[0].text_content()
    assert "commits" in stats and "branches" in stats and "tags" in stats


def test_star_and_unstar(client, auth, post, conn, facts) -> None:
    auth.login()
    project_id = facts.project_id(PUBLIC)
    starred = conn.execute(
        "SELECT 1 FROM stars WHERE user_id = 1 AND project_id = ?", (project_id,)
    ).fetchone()
    before = conn.execute("SELECT star_count FROM projects WHERE id = ?", (project_id,)).fetchone()[
        0
    ]
    label = "Unstar" if starred else "Star"
    assert f">{label}<" in client.get(f"/{PUBLIC}").get_data(as_text=True)
    post(f"/{PUBLIC}/-/star")
    after = conn.execute("SELECT star_count FROM projects WHERE id = ?", (project_id,)).fetchone()[
        0
    ]
    assert after == before + (-1 if starred else 1)
    post(f"/{PUBLIC}/-/star")
    assert (
        conn.execute("SELECT star_count FROM projects WHERE id = ?", (project_id,)).fetchone()[0]
        == before
    )
    assert client.post(f"/{PUBLIC}/-/star").status_code == 400  # no CSRF token


def test_anonymous_cannot_star(client: FlaskClient, post) -> None:
    assert post(f"/{PUBLIC}/-/star").status_code == 403


def test_fork(client, auth, post, conn, facts) -> None:
    auth.login()
    response = post(f"/{PUBLIC}/-/fork")
    assert response.headers["Location"] == "/alex.chen/falcon-proxy"
    source, fork = facts.project_id(PUBLIC), facts.project_id("alex.chen/falcon-proxy")
    assert conn.execute("SELECT forked_from_id FROM projects WHERE id = ?", (fork,)).fetchone() == (
        source,
    )
    refs = "SELECT kind, name, commit_sha FROM refs WHERE project_id = ? ORDER BY kind, name"
    assert conn.execute(refs, (fork,)).fetchall() == conn.execute(refs, (source,)).fetchall()
    page = client.get("/alex.chen/falcon-proxy").get_data(as_text=True)
    assert "Forked from" in page
    assert "alex.chen" in client.get(f"/{PUBLIC}/-/forks").get_data(as_text=True)
    again = post(f"/{PUBLIC}/-/fork")
    assert again.status_code == 302
    assert b"already have a project" in client.get(again.headers["Location"]).data


def test_new_project(client, auth, post, conn) -> None:
    auth.login()
    form = html.fromstring(client.get("/projects/new").data)
    labels = {label.text_content() for label in form.cssselect("main label")}
    assert {"Project name", "Project slug", "Project namespace"} <= labels
    response = post(
        "/projects/new",
        {
            "name": "Sandbox Tool",
            "namespace_id": "1",
            "visibility": "private",
            "description": "Trying things",
            "initialize_with_readme": "1",
        },
    )
    assert response.headers["Location"] == "/alex.chen/sandbox-tool"
    page = client.get("/alex.chen/sandbox-tool").get_data(as_text=True)
    assert "Trying things" in page and "README.md" in page
    assert conn.execute(
        "SELECT visibility FROM projects WHERE path = 'sandbox-tool'"
    ).fetchone() == ("private",)
    clash = post(
        "/projects/new", {"name": "Sandbox Tool", "namespace_id": "1", "visibility": "public"}
    )
    assert clash.status_code == 400 and b"already has a project" in clash.data
    empty = post(
        "/projects/new", {"name": "Empty Repo", "namespace_id": "1", "visibility": "public"}
    )
    assert empty.status_code == 302
    assert b"repository for this project is empty" in client.get("/alex.chen/empty-repo").data
    foreign = post("/projects/new", {"name": "Other", "namespace_id": "2", "visibility": "public"})
    assert foreign.status_code == 400


def test_settings_require_maintainer(client, auth, post, facts) -> None:
    auth.login()
    developer = facts.project_with_role("alex.chen", 30)
    assert client.get(f"/{developer}/-/settings").status_code == 403
    assert post(f"/{developer}/-/settings", {"name": "x"}).status_code == 403
    assert "Settings" not in [
        a.text_content()
        for a in html.fromstring(client.get(f"/{developer}").data).cssselect("nav.project-nav a")
    ]


def test_update_settings(client, auth, post, conn, facts) -> None:
    auth.login()
    response = post(
        f"/{PUBLIC}/-/settings",
        {
            "name": "Falcon Proxy NG",
            "description": "New words",
            "visibility": "internal",
            "default_branch": "main",
            "topics": "Caching, proxy",
        },
    )
    assert response.status_code == 302
    assert conn.execute(
        "SELECT name, description, visibility FROM projects WHERE id = ?",
        (facts.project_id(PUBLIC),),
    ).fetchone() == ("Falcon Proxy NG", "New words", "internal")
    assert conn.execute(
        "SELECT name FROM topics WHERE project_id = ? ORDER BY name", (facts.project_id(PUBLIC),)
    ).fetchall() == [("caching",), ("proxy",)]
    bad = post(
        f"/{PUBLIC}/-/settings", {"name": "", "visibility": "secret", "default_branch": "nope"}
    )
    assert bad.status_code == 400
    text = bad.get_data(as_text=True)
    assert "Project name is required" in text and "Choose a visibility level" in text


def test_archive_makes_project_read_only(client, auth, post, conn, facts) -> None:
    auth.login()
    post(f"/{PUBLIC}/-/settings/archive", {"archived": "1"})
    assert conn.execute(
        "SELECT archived FROM projects WHERE id = ?", (facts.project_id(PUBLIC),)
    ).fetchone() == (1,)
    assert b"This project is archived" in client.get(f"/{PUBLIC}").data
    assert post(f"/{PUBLIC}/-/issues/new", {"title": "x"}).status_code == 403
    assert client.get(f"/{PUBLIC}/-/edit/main/README.md").status_code == 403
    post(f"/{PUBLIC}/-/settings/archive", {"archived": "0"})
    assert conn.execute(
        "SELECT archived FROM projects WHERE id = ?", (facts.project_id(PUBLIC),)
    ).fetchone() == (0,)


def test_members_add_change_remove(client, auth, post, conn, facts) -> None:
    auth.login()
    project_id = facts.project_id(PUBLIC)
    newcomer = conn.execute(
        "SELECT id, username FROM users WHERE id NOT IN (SELECT user_id FROM"
        " members WHERE project_id = ?) ORDER BY id LIMIT 1",
        (project_id,),
    ).fetchone()
    response = post(f"/{PUBLIC}/-/project_members", {"username": newcomer[1], "role": "Developer"})
    assert response.status_code == 302
    role = "SELECT role FROM members WHERE project_id = ? AND user_id = ?"
    assert conn.execute(role, (project_id, newcomer[0])).fetchone() == (30,)
    page = html.fromstring(client.get(f"/{PUBLIC}/-/project_members").data)
    assert page.cssselect(f'button[aria-label="Remove {newcomer[1]} from the project"]')
    post(f"/{PUBLIC}/-/project_members/{newcomer[0]}", {"role": "Reporter"})
    assert conn.execute(role, (project_id, newcomer[0])).fetchone() == (20,)
    post(f"/{PUBLIC}/-/project_members/{newcomer[0]}/remove")
    assert conn.execute(role, (project_id, newcomer[0])).fetchone() is None
    unknown = post(f"/{PUBLIC}/-/project_members", {"username": "nobody.here", "role": "Guest"})
    assert unknown.status_code == 400 and b"There is no user named nobody.here" in unknown.data
    owner = post(f"/{PUBLIC}/-/project_members", {"username": newcomer[1], "role": "Owner"})
    assert owner.status_code == 400 and b"Only an Owner" in owner.data


def test_only_maintainers_manage_members(client, auth, post, conn, facts) -> None:
    auth.login()
    developer = facts.project_with_role("alex.chen", 30)
    assert (
        post(f"/{developer}/-/project_members", {"username": "x", "role": "Guest"}).status_code
        == 403
    )
    member = conn.execute(
        "SELECT user_id FROM members WHERE project_id = ? AND user_id != 1 LIMIT 1",
        (facts.project_id(developer),),
    ).fetchone()[0]
    assert post(f"/{developer}/-/project_members/{member}/remove").status_code == 403
    assert post(f"/{developer}/-/project_members/{member}", {"role": "Guest"}).status_code == 403


def test_last_owner_cannot_leave(client, auth, post) -> None:
    auth.login()
    response = post("/alex.chen/quartz-lint/-/project_members/1", {"role": "Developer"})
    assert response.status_code == 400 and b"at least one Owner" in response.data


def _nav(page: bytes) -> tuple[dict[str, str], list[str], list[str]]:
    """The project navigation (label -> its open count, "" without one), the main
    navigation's labels and the account navigation's labels."""
    tree = html.fromstring(page)
    project = {
        li.cssselect("a")[0].text_content(): "".join(s.text_content() for s in li.cssselect("span"))
        for li in tree.cssselect("nav.project-nav li")
    }
    main = [a.text_content() for a in tree.cssselect("nav.main-nav a")]
    account = [e.text_content().strip() for e in tree.cssselect("nav.account-nav li")]
    return project, main, account


def test_navigation_follows_the_user_and_the_counts(client, auth, post, conn, facts) -> None:
    anonymous, main, account = _nav(client.get(f"/{PUBLIC}").data)
    assert "Settings" not in anonymous and "My issues" not in main and account == ["Sign in"]
    auth.login()
    project, main, account = _nav(client.get(f"/{PUBLIC}").data)
    assert "Settings" in project and "My issues" in main and "Sign out" in account
    opened = conn.execute(
        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'opened'",
        (facts.project_id(PUBLIC),),
    ).fetchone()[0]
    assert project["Issues"] == str(opened)
    assert post(f"/{PUBLIC}/-/issues/new", {"title": "Counted"}).status_code == 302
    after, _, _ = _nav(client.get(f"/{PUBLIC}/-/tags").data)
    assert after["Issues"] == str(opened + 1) and after["Tags"] == ""
    again, _, _ = _nav(client.get(f"/{PUBLIC}").data)
    assert again == {**project, "Issues": str(opened + 1)}
    auth.logout()
    assert _nav(client.get(f"/{PUBLIC}").data)[0] == {**anonymous, "Issues": str(opened + 1)}
