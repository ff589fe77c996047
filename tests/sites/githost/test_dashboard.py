"""Signing in, project lists, profiles, groups, the to-do list and global search."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.auth import DEMO_PASSWORD


def test_sign_in_page_labels(client: FlaskClient) -> None:
    tree = html.fromstring(client.get("/users/sign_in").data)
    labels = {label.get("for"): label.text_content() for label in tree.cssselect("main label")}
    assert labels == {"username": "Username", "password": "Password"}


def test_sign_in_and_out(client: FlaskClient, auth) -> None:
    response = auth.login()
    assert response.status_code == 302 and response.headers["Location"] == "/"
    page = client.get("/").get_data(as_text=True)
    assert "Your projects" in page and "Sign out" in page and "Alex Chen" in page
    assert auth.logout().headers["Location"] == "/explore"
    assert "Sign in" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("username", "password"),
    [("alex.chen", "wrong"), ("nobody", DEMO_PASSWORD), ("", ""), ("x" * 500, "y")],
)
def test_sign_in_failure(client: FlaskClient, auth, username, password) -> None:
    response = auth.login(username, password)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert (
        "Invalid username or password." in page
        or "is required" in page
        or "at most 100 characters" in page
    )


def test_sign_in_redirects_to_next_but_not_elsewhere(client: FlaskClient, auth) -> None:
    assert auth.login(next="/dashboard/todos").headers["Location"] == "/dashboard/todos"
    assert auth.login(next="//evil.test/").headers["Location"] == "/"


def test_login_required_pages_redirect(client: FlaskClient) -> None:
    response = client.get("/dashboard/todos")
    assert response.status_code == 302
    assert response.headers["Location"] == "/users/sign_in?next=/dashboard/todos"


def test_home_lists_my_projects(client: FlaskClient, auth, conn) -> None:
    auth.login()
    count = conn.execute("SELECT COUNT(*) FROM members WHERE user_id = 1").fetchone()[0]
    page = client.get("/").get_data(as_text=True)
    assert f"of {count} projects" in page
    starred = conn.execute("SELECT COUNT(*) FROM stars WHERE user_id = 1").fetchone()[0]
    assert f"of {starred} projects" in client.get("/dashboard/projects/starred").get_data(
        as_text=True
    )


def test_explore_sort_and_filter(client: FlaskClient, conn) -> None:
    top = conn.execute(
        "SELECT name FROM projects WHERE visibility = 'public' ORDER BY"
        " star_count DESC, last_activity_at DESC, id LIMIT 1"
    ).fetchone()[0]
    tree = html.fromstring(client.get("/explore?sort=stars").data)
    assert tree.cssselect("ul.project-list h2 a")[0].text_content().endswith(top)
    filtered = html.fromstring(client.get("/explore?filter=proxy").data)
    items = filtered.cssselect("ul.project-list li")
    assert items and all("proxy" in item.text_content().lower() for item in items)


def test_profile(client: FlaskClient, conn) -> None:
    response = client.get("/alex.chen")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert tree.cssselect("h1")[0].text_content() == "Alex Chen"
    text = tree.text_content()
    assert "Personal projects" in text and "Contributions in the last year" in text
    assert tree.cssselect("ol.events li")
    assert client.get("/no-such-user").status_code == 404


def test_profile_hides_private_projects_from_strangers(client: FlaskClient, conn) -> None:
    private = conn.execute(
        "SELECT path FROM projects WHERE namespace_id = 1 AND visibility = 'private' LIMIT 1"
    ).fetchone()[0]
    assert f"/alex.chen/{private}" not in client.get("/alex.chen").get_data(as_text=True)


def test_groups_and_group_page(client: FlaskClient, conn) -> None:
    tree = html.fromstring(client.get("/groups").data)
    assert len(tree.cssselect("tbody tr")) >= 10
    page = html.fromstring(client.get("/northwind").data)
    assert page.cssselect("h1")[0].text_content() == "Northwind"
    assert page.cssselect("ul.project-list li") and page.cssselect("table.data tbody tr")


def test_todos_list_and_mark_done(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    pending = conn.execute(
        "SELECT COUNT(*) FROM todos WHERE user_id = 1 AND state = 'pending'"
    ).fetchone()[0]
    page = client.get("/dashboard/todos")
    tree = html.fromstring(page.data)
    assert f"To-Do List ({pending})" in " ".join(
        tree.cssselect("nav.main-nav")[0].text_content().split()
    )
    assert len(tree.cssselect("ul.todo-list > li")) == min(pending, 20)
    todo_id = conn.execute(
        "SELECT id FROM todos WHERE user_id = 1 AND state = 'pending'"
        " ORDER BY created_at DESC, id DESC LIMIT 1"
    ).fetchone()[0]
    assert post(f"/dashboard/todos/{todo_id}/done").status_code == 302
    assert conn.execute("SELECT state FROM todos WHERE id = ?", (todo_id,)).fetchone() == ("done",)
    other = conn.execute("SELECT id FROM todos WHERE user_id != 1 LIMIT 1").fetchone()[0]
    assert post(f"/dashboard/todos/{other}/done").status_code == 404
    post("/dashboard/todos/mark_all_done")
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM todos WHERE user_id = 1 AND state = 'pending'"
        ).fetchone()[0]
        == 0
    )
    assert b"You have no pending to-dos" in client.get("/dashboard/todos").data
    assert client.get("/dashboard/todos?state=done").status_code == 200


@pytest.mark.parametrize("scope", ["projects", "issues", "merge_requests"])
def test_search_scopes(client: FlaskClient, auth, scope) -> None:
    auth.login()
    response = client.get("/search", query_string={"q": "api", "scope": scope})
    assert response.status_code == 200
    assert b"result" in response.data


def test_search_issue_titles(client: FlaskClient, conn) -> None:
    count = conn.execute(
        "SELECT COUNT(*) FROM issues i JOIN projects p ON p.id = i.project_id WHERE"
        " p.visibility = 'public' AND (i.title LIKE '%thread-safe%' OR i.description LIKE"
        " '%thread-safe%')"
    ).fetchone()[0]
    page = client.get("/search?q=thread-safe&scope=issues").get_data(as_text=True)
    assert f"{count} results" in page


def test_search_limits_and_empty_results(client: FlaskClient) -> None:
    assert client.get("/search?q=" + "x" * 201).status_code == 400
    assert b"couldn't find any projects" in client.get("/search?q=qqqzzz").data
    assert client.get("/search").status_code == 200
