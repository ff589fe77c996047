"""The GitLab-style API: the same writes, rows and refusals as the UI; tokens; pages; bad input.

Each comparison drives one fresh copy of the canonical world through the web forms
(the ``client``/``post`` fixtures) and another through ``/api/v4`` (the ``twin``), as
the same user, then compares the rows the two left behind.
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.sites.conftest import AuthActions, Site, csrf_token
from webenv.requestlog import read_form

PROJECT = "northwind/falcon-proxy"
API = "/api/v4"
TABLES = (
    "issues",
    "issue_labels",
    "issue_assignees",
    "merge_requests",
    "mr_labels",
    "mr_assignees",
    "mr_approvals",
    "notes",
    "todos",
    "events",
    "members",
    "labels",
    "milestones",
    "refs",
    "commits",
    "projects",
)


def rows(conn: sqlite3.Connection, tables: tuple[str, ...] = TABLES) -> dict[str, list[tuple]]:
    """Every row of ``tables``, sorted, to compare two worlds."""
    conn.row_factory = None
    return {table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall()) for table in tables}


@dataclass
class Twin:
    """A second app on its own fresh copy of the world, driven through the API."""

    app: Flask
    client: FlaskClient
    conn: sqlite3.Connection
    site: Site

    def login(self, username: str = "alex.chen") -> None:
        """Log the twin's client in through the sign-in form (a session cookie)."""
        AuthActions(self.client, self.site).login(username)

    def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> TestResponse:
        """Call the API with a JSON body (none for GET)."""
        data = None if body is None else json.dumps(body)
        return self.client.open(
            API + path,
            method=method,
            data=data,
            content_type="application/json" if data is not None else None,
            headers=headers or {},
        )


@pytest.fixture
def twin(site: Site, world_bytes: bytes) -> Twin:
    """A second world copy and app, for the API side of a comparison."""
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(world_bytes)
    app = site.create_app({"DATABASE": connection, "TESTING": True})
    return Twin(app, app.test_client(), connection, site)


def project_path(ref: str = PROJECT) -> str:
    """The URL-encoded project ``namespace%2Fpath``."""
    return quote(ref, safe="")


def first_open_issue(q: Callable[..., list[tuple]], facts: Any, assigned: bool = False) -> int:
    """The iid of the project's first open issue (unassigned by default)."""
    return q(
        "SELECT iid FROM issues WHERE project_id = ? AND state = 'opened' AND id"
        f" {'IN' if assigned else 'NOT IN'} (SELECT issue_id FROM issue_assignees)"
        " ORDER BY iid LIMIT 1",
        facts.project_id(PROJECT),
    )[0][0]


def label_ids(q: Callable[..., list[tuple]], facts: Any, names: list[str]) -> list[str]:
    """The ids (as form values) of the project's labels ``names``."""
    marks = ", ".join("?" * len(names))
    found = q(
        f"SELECT id FROM labels WHERE project_id = ? AND name IN ({marks}) ORDER BY id",
        facts.project_id(PROJECT),
        *names,
    )
    return [str(row[0]) for row in found]


def a_member(q: Callable[..., list[tuple]], facts: Any, role: int = 30) -> tuple[int, str]:
    """(id, username) of a member of the project with ``role`` other than alex.chen."""
    row = q(
        "SELECT u.id, u.username FROM members m JOIN users u ON u.id = m.user_id"
        " WHERE m.project_id = ? AND m.role = ? AND u.username != 'alex.chen'"
        " ORDER BY u.id LIMIT 1",
        facts.project_id(PROJECT),
        role,
    )
    return row[0]


# --- the same writes both ways ---------------------------------------------------------------


def test_creating_an_issue_gives_the_same_rows_both_ways(auth, post, conn, q, facts, twin):
    member_id, _ = a_member(q, facts)
    names = ["bug", "documentation"]
    auth.login()
    page = post(
        f"/{PROJECT}/-/issues/new",
        {
            "title": "Cache keys collide after a restart",
            "description": "Seen twice. cc @alex.chen",
            "assignee_id": str(member_id),
            "label_ids": label_ids(q, facts, names),
            "due_date": "2024-07-01",
        },
    )
    assert page.status_code == 302
    twin.login()
    response = twin.call(
        "POST",
        f"/projects/{project_path()}/issues",
        {
            "title": "Cache keys collide after a restart",
            "description": "Seen twice. cc @alex.chen",
            "assignee_ids": [member_id],
            "labels": "bug,documentation",
            "due_date": "2024-07-01",
        },
    )
    assert response.status_code == 201, response.json
    body = response.json
    assert body["title"] == "Cache keys collide after a restart"
    assert sorted(body["labels"]) == names
    assert [a["id"] for a in body["assignees"]] == [member_id]
    assert body["author"]["username"] == "alex.chen"
    assert body["web_url"] == f"http://git.test/{PROJECT}/-/issues/{body['iid']}"
    assert rows(conn.raw) == rows(twin.conn)


def test_editing_closing_and_labelling_an_issue_gives_the_same_rows(
    auth, post, conn, q, facts, twin
):
    iid = first_open_issue(q, facts)
    member_id, _ = a_member(q, facts)
    milestone_id = q(
        "SELECT id FROM milestones WHERE project_id = ? ORDER BY id LIMIT 1",
        facts.project_id(PROJECT),
    )[0][0]
    auth.login()
    base = f"/{PROJECT}/-/issues/{iid}"
    for url, data in (
        (f"{base}/edit", {"title": "A clearer title", "description": "Now with steps."}),
        (f"{base}/labels", {"label_ids": label_ids(q, facts, ["bug"])}),
        (f"{base}/assign", {"assignee_id": str(member_id)}),
        (f"{base}/milestone", {"milestone_id": str(milestone_id)}),
        (f"{base}/due_date", {"due_date": "2024-08-01"}),
        (f"{base}/close", {}),
    ):
        assert post(url, data).status_code == 302, url
    twin.login()
    response = twin.call(
        "PUT",
        f"/projects/{facts.project_id(PROJECT)}/issues/{iid}",
        {
            "title": "A clearer title",
            "description": "Now with steps.",
            "labels": ["bug"],
            "assignee_ids": [member_id],
            "milestone_id": milestone_id,
            "due_date": "2024-08-01",
            "state_event": "close",
        },
    )
    assert response.status_code == 200, response.json
    assert response.json["state"] == "closed"
    assert response.json["milestone"]["id"] == milestone_id
    assert rows(conn.raw) == rows(twin.conn)


def test_comments_give_the_same_rows_and_are_listed(auth, post, conn, q, facts, twin):
    iid = first_open_issue(q, facts)
    auth.login()
    assert post(f"/{PROJECT}/-/issues/{iid}/notes", {"body": "Looking into it."}).status_code == 302
    twin.login()
    response = twin.call(
        "POST", f"/projects/{project_path()}/issues/{iid}/notes", {"body": "Looking into it."}
    )
    assert response.status_code == 201
    assert response.json["body"] == "Looking into it."
    assert response.json["noteable_type"] == "Issue" and response.json["system"] is False
    assert rows(conn.raw) == rows(twin.conn)
    listed = twin.call("GET", f"/projects/{project_path()}/issues/{iid}/notes?sort=desc")
    assert listed.json[0]["body"] == "Looking into it."


def _mergeable_mr(twin: Twin, facts: Any) -> int:
    listed = twin.call("GET", f"/projects/{facts.project_id(PROJECT)}/merge_requests?state=opened")
    for item in listed.json:
        detail = twin.call(
            "GET", f"/projects/{facts.project_id(PROJECT)}/merge_requests/{item['iid']}"
        )
        if detail.json["merge_status"] == "can_be_merged" and item["author"]["username"] != (
            "alex.chen"
        ):
            return int(item["iid"])
    raise AssertionError("no mergeable merge request by someone else")


def test_approving_and_merging_give_the_same_rows(auth, post, conn, facts, twin):
    twin.login()
    iid = _mergeable_mr(twin, facts)
    auth.login()
    base = f"/{PROJECT}/-/merge_requests/{iid}"
    assert post(f"{base}/approve", {}).status_code == 302
    assert post(f"{base}/merge", {"delete_source_branch": "1"}).status_code == 302
    approved = twin.call("POST", f"/projects/{project_path()}/merge_requests/{iid}/approve", {})
    assert approved.status_code == 201
    assert [a["user"]["username"] for a in approved.json["approved_by"]] == ["alex.chen"]
    merged = twin.call(
        "PUT",
        f"/projects/{project_path()}/merge_requests/{iid}/merge",
        {"should_remove_source_branch": True},
    )
    assert merged.status_code == 200, merged.json
    assert merged.json["state"] == "merged" and merged.json["merged_by"]["username"] == "alex.chen"
    assert rows(conn.raw) == rows(twin.conn)
    again = twin.call("PUT", f"/projects/{project_path()}/merge_requests/{iid}/merge", {})
    assert again.status_code == 405


def test_members_labels_and_milestones_give_the_same_rows(auth, post, conn, q, facts, twin):
    outsider = q(
        "SELECT id, username FROM users WHERE id NOT IN"
        " (SELECT user_id FROM members WHERE project_id = ?) ORDER BY id LIMIT 1",
        facts.project_id(PROJECT),
    )[0]
    leaving, _ = a_member(q, facts, role=20)
    auth.login()
    members = f"/{PROJECT}/-/project_members"
    assert post(members, {"username": outsider[1], "role": "Developer"}).status_code == 302
    assert post(f"{members}/{leaving}/remove", {}).status_code == 302
    label = {"name": "needs-triage", "color": "#aabbcc", "description": "New reports"}
    assert post(f"/{PROJECT}/-/labels/new", label).status_code == 302
    milestone = {"title": "Autumn release", "start_date": "2024-09-01", "due_date": "2024-10-01"}
    assert post(f"/{PROJECT}/-/milestones/new", milestone).status_code == 302
    twin.login()
    ref = f"/projects/{project_path()}"
    added = twin.call("POST", f"{ref}/members", {"user_id": outsider[0], "access_level": 30})
    assert added.status_code == 201 and added.json["access_level"] == 30
    assert twin.call("DELETE", f"{ref}/members/{leaving}", {}).status_code == 204
    made = twin.call("POST", f"{ref}/labels", label)
    assert made.status_code == 201 and made.json["name"] == "needs-triage"
    planned = twin.call("POST", f"{ref}/milestones", milestone)
    assert planned.status_code == 201 and planned.json["due_date"] == "2024-10-01"
    assert rows(conn.raw) == rows(twin.conn)
    duplicate = twin.call("POST", f"{ref}/members", {"user_id": outsider[0], "access_level": 30})
    assert duplicate.status_code == 409
    assert twin.call("POST", f"{ref}/labels", label).status_code == 409


# --- the same refusals both ways ------------------------------------------------------------


def test_a_reporter_cannot_manage_members_either_way(auth, post, q, facts, twin):
    reporter = q(
        "SELECT u.username, n.path || '/' || p.path FROM members m JOIN users u ON"
        " u.id = m.user_id JOIN projects p ON p.id = m.project_id JOIN namespaces n ON"
        " n.id = p.namespace_id WHERE m.role = 20 AND p.archived = 0 ORDER BY m.project_id,"
        " u.id LIMIT 1"
    )[0]
    before = rows(twin.conn, ("members",))
    auth.login(reporter[0])
    page = post(f"/{reporter[1]}/-/project_members", {"username": "alex.chen", "role": "Guest"})
    twin.login(reporter[0])
    response = twin.call(
        "POST",
        f"/projects/{project_path(reporter[1])}/members",
        {"username": "alex.chen", "access_level": 10},
    )
    assert page.status_code == response.status_code == 403
    assert "Maintainer role or higher" in response.json["message"]
    assert rows(twin.conn, ("members",)) == before


def test_a_guest_cannot_label_issues_either_way(auth, post, conn, q, facts, twin):
    guest, path = q(
        "SELECT u.username, n.path || '/' || p.path FROM members m JOIN users u ON"
        " u.id = m.user_id JOIN projects p ON p.id = m.project_id JOIN namespaces n ON"
        " n.id = p.namespace_id WHERE m.role = 10 AND p.archived = 0 AND EXISTS (SELECT 1"
        " FROM issues i WHERE i.project_id = p.id) AND EXISTS (SELECT 1 FROM labels l WHERE"
        " l.project_id = p.id) ORDER BY m.project_id, u.id LIMIT 1"
    )[0]
    iid, label = q(
        "SELECT i.iid, l.name FROM issues i JOIN labels l ON l.project_id = i.project_id"
        " WHERE i.project_id = ? ORDER BY i.iid, l.id LIMIT 1",
        facts.project_id(path),
    )[0]
    before = rows(twin.conn)
    auth.login(guest)
    label_id = q(
        "SELECT id FROM labels WHERE project_id = ? AND name = ?", facts.project_id(path), label
    )[0][0]
    page = post(f"/{path}/-/issues/{iid}/labels", {"label_ids": [str(label_id)]})
    twin.login(guest)
    response = twin.call(
        "PUT", f"/projects/{project_path(path)}/issues/{iid}", {"add_labels": label}
    )
    assert page.status_code == response.status_code == 403
    assert "Reporter role or higher" in response.json["message"]
    assert rows(conn.raw) == rows(twin.conn) == before


def test_private_projects_are_404_for_outsiders_in_the_ui_and_the_api(client, auth, q, twin):
    path, project_id = q(
        "SELECT n.path || '/' || p.path, p.id FROM projects p JOIN namespaces n ON"
        " n.id = p.namespace_id WHERE p.visibility = 'private' AND p.id NOT IN"
        " (SELECT project_id FROM members WHERE user_id = 1) ORDER BY p.id LIMIT 1"
    )[0]
    auth.login()
    assert client.get(f"/{path}").status_code == 404
    assert client.get(f"/{path}/-/issues").status_code == 404
    twin.login()
    for url in (
        f"/projects/{project_id}",
        f"/projects/{project_path(path)}",
        f"/projects/{project_id}/issues",
        f"/projects/{project_id}/members",
    ):
        response = twin.call("GET", url)
        assert response.status_code == 404, url
        assert response.json == {"message": "404 Project Not Found"}
    listed = twin.call("GET", "/projects?per_page=100&visibility=private")
    assert project_id not in [p["id"] for p in listed.json]
    write = twin.call("POST", f"/projects/{project_id}/issues", {"title": "Hello"})
    assert write.status_code == 404


def test_anonymous_callers_see_public_projects_only_and_cannot_write(client, q, facts):
    public = q("SELECT COUNT(*) FROM projects WHERE visibility = 'public'")[0][0]
    response = client.get(f"{API}/projects")
    assert response.status_code == 200 and int(response.headers["X-Total"]) == public
    assert client.get(f"{API}/user").status_code == 401
    write = client.post(
        f"{API}/projects/{facts.project_id(PROJECT)}/issues", json={"title": "Anonymous"}
    )
    assert write.status_code == 401


# --- tokens -----------------------------------------------------------------------------------


def _create_token(post, name: str = "ci", scopes: tuple[str, ...] = ("api",), **extra: str):
    return post(
        "/-/user_settings/personal_access_tokens",
        {"name": name, "scopes": list(scopes), **extra},
    )


def _token_in(page: TestResponse) -> str:
    text = page.get_data(as_text=True)
    start = text.index('id="new-token-value" value="') + len('id="new-token-value" value="')
    return text[start : text.index('"', start)]


def test_a_token_is_shown_once_stored_hashed_and_works_until_revoked(
    client, auth, post, q, check_page
):
    auth.login()
    page = _create_token(post)
    assert page.status_code == 200
    check_page(page.data)
    token = _token_in(page)
    assert token.startswith("glpat-") and len(token) == 26
    listing = client.get("/-/user_settings/personal_access_tokens")
    check_page(listing.data)
    assert token not in listing.get_data(as_text=True)
    assert "ci" in listing.get_data(as_text=True)
    stored = q("SELECT token_digest, scopes, user_id FROM personal_access_tokens")
    assert len(stored) == 1 and token not in stored[0][0] and stored[0][1:] == ("api", 1)
    auth.logout()
    for headers, query in (({"PRIVATE-TOKEN": token}, ""), ({}, f"?private_token={token}")):
        me = client.get(f"{API}/user{query}", headers=headers)
        assert me.status_code == 200 and me.json["username"] == "alex.chen"
    bearer = client.get(f"{API}/user", headers={"Authorization": f"Bearer {token}"})
    assert bearer.json["username"] == "alex.chen"
    auth.login()
    token_id = q("SELECT id FROM personal_access_tokens")[0][0]
    revoked = post(f"/-/user_settings/personal_access_tokens/{token_id}/revoke", {})
    assert revoked.status_code == 302
    auth.logout()
    refused = client.get(f"{API}/user", headers={"PRIVATE-TOKEN": token})
    assert refused.status_code == 401 and "message" in refused.json
    assert (
        client.get(f"{API}/projects", headers={"PRIVATE-TOKEN": "glpat-wrong"}).status_code == 401
    )


def test_tokens_are_deterministic_per_world_and_sequence(site, world_bytes):
    def tokens(secret: str) -> list[str]:
        connection = sqlite3.connect(":memory:", check_same_thread=False)
        connection.deserialize(world_bytes)
        app = site.create_app({"DATABASE": connection, "TESTING": True, "SECRET_KEY": secret})
        client = app.test_client()
        AuthActions(client, site).login()
        made = []
        for name in ("one", "two"):
            form = {"name": name, "scopes": ["api"], "csrf_token": csrf_token(client, site)}
            made.append(
                _token_in(client.post("/-/user_settings/personal_access_tokens", data=form))
            )
        return made

    first = tokens("webenv-githost-world-0")
    assert first == tokens("webenv-githost-world-0")
    assert len(set(first)) == 2
    assert set(first).isdisjoint(tokens("webenv-githost-world-1"))


def test_a_read_api_token_reads_but_cannot_write(client, auth, post, q, facts):
    auth.login()
    token = _token_in(_create_token(post, "reader", ("read_api",)))
    auth.logout()
    headers = {"PRIVATE-TOKEN": token}
    assert (
        client.get(f"{API}/projects/{facts.project_id(PROJECT)}", headers=headers).status_code
        == 200
    )
    before = q("SELECT COUNT(*) FROM issues")
    write = client.post(
        f"{API}/projects/{facts.project_id(PROJECT)}/issues", json={"title": "x"}, headers=headers
    )
    assert write.status_code == 403 and "insufficient_scope" in write.json["message"]
    assert q("SELECT COUNT(*) FROM issues") == before


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"name": "", "scopes": ["api"]}, "Token name is required"),
        ({"name": "x", "scopes": []}, "Choose at least one scope"),
        ({"name": "x", "scopes": ["sudo"]}, "Choose at least one scope"),
        ({"name": "x", "scopes": ["api"], "expires_at": "2024-06-15"}, "must be after today"),
        ({"name": "x", "scopes": ["api"], "expires_at": "June 1"}, "must be a date"),
    ],
)
def test_bad_token_forms_are_refused_without_a_token(auth, post, q, form, field):
    auth.login()
    page = post("/-/user_settings/personal_access_tokens", form)
    assert page.status_code == 400 and field in page.get_data(as_text=True)
    assert q("SELECT COUNT(*) FROM personal_access_tokens") == [(0,)]


def test_an_expired_token_is_refused(client, auth, post, conn):
    auth.login()
    token = _token_in(_create_token(post, expires_at="2024-06-16"))
    auth.logout()
    assert client.get(f"{API}/user", headers={"PRIVATE-TOKEN": token}).status_code == 200
    conn.execute("UPDATE personal_access_tokens SET expires_at = '2024-06-15'")
    conn.commit()
    assert client.get(f"{API}/user", headers={"PRIVATE-TOKEN": token}).status_code == 401


def test_the_profile_settings_show_on_the_profile_and_in_the_api(client, auth, post, check_page):
    auth.login()
    form = client.get("/-/user_settings/profile")
    assert form.status_code == 200
    check_page(form.data)
    saved = post(
        "/-/user_settings/profile",
        {"status_message": "On call", "website_url": "https://example.org/me", "bio": "Caches."},
    )
    assert saved.status_code == 302
    profile = client.get("/alex.chen").get_data(as_text=True)
    assert "On call" in profile and "https://example.org/me" in profile
    me = client.get(f"{API}/user").json
    assert (me["status_message"], me["website_url"], me["bio"]) == (
        "On call",
        "https://example.org/me",
        "Caches.",
    )
    bad = post("/-/user_settings/profile", {"website_url": "javascript:alert(1)"})
    assert bad.status_code == 400 and client.get(f"{API}/user").json["bio"] == "Caches."


# --- reads, pagination and bad input --------------------------------------------------------


def test_pagination_headers_follow_gitlab(client, q, facts):
    project_id = facts.project_id(PROJECT)
    total = q("SELECT COUNT(*) FROM issues WHERE project_id = ?", project_id)[0][0]
    response = client.get(f"{API}/projects/{project_id}/issues?per_page=5&page=2")
    headers = response.headers
    pages = -(-total // 5)
    assert (headers["X-Total"], headers["X-Total-Pages"]) == (str(total), str(pages))
    assert (headers["X-Page"], headers["X-Per-Page"]) == ("2", "5")
    assert (headers["X-Prev-Page"], headers["X-Next-Page"]) == ("1", "3")
    assert len(response.json) == 5
    links = headers["Link"]
    assert 'page=1&per_page=5>; rel="prev"' in links and 'rel="next"' in links
    assert f'page={pages}&per_page=5>; rel="last"' in links
    assert links.startswith(f"<http://git.test{API}/projects/{project_id}/issues?")
    everything = client.get(f"{API}/projects/{project_id}/issues?per_page=1000")
    assert everything.headers["X-Per-Page"] == "100"
    default = client.get(f"{API}/projects/{project_id}/issues")
    assert default.headers["X-Per-Page"] == "20" and len(default.json) == min(20, total)
    past = client.get(f"{API}/projects/{project_id}/issues?page=999")
    assert past.status_code == 200 and past.json == [] and past.headers["X-Next-Page"] == ""
    second = client.get(f"{API}/projects/{project_id}/issues?per_page=5&page=2").json
    ordered = client.get(f"{API}/projects/{project_id}/issues?per_page=10").json
    assert ordered[5:] == second


def test_issue_filters_match_the_database(client, q, facts):
    project_id = facts.project_id(PROJECT)
    response = client.get(
        f"{API}/projects/{project_id}/issues?state=opened&labels=bug&per_page=100"
    )
    expected = q(
        "SELECT i.iid FROM issues i WHERE i.project_id = ? AND i.state = 'opened' AND i.id IN"
        " (SELECT issue_id FROM issue_labels x JOIN labels l ON l.id = x.label_id"
        " WHERE l.name = 'bug') ORDER BY i.created_at DESC, i.id DESC",
        project_id,
    )
    assert [item["iid"] for item in response.json] == [row[0] for row in expected]
    assert all("bug" in item["labels"] for item in response.json)


def test_my_issues_scopes(client, auth, q):
    auth.login()
    assigned = client.get(f"{API}/issues?scope=assigned_to_me&state=opened&per_page=100")
    expected = q(
        "SELECT COUNT(*) FROM issues WHERE state = 'opened' AND id IN"
        " (SELECT issue_id FROM issue_assignees WHERE user_id = 1)"
    )[0][0]
    assert int(assigned.headers["X-Total"]) == expected
    assert all("alex.chen" in [a["username"] for a in item["assignees"]] for item in assigned.json)
    mine = client.get(f"{API}/issues?per_page=100")
    assert all(item["author"]["username"] == "alex.chen" for item in mine.json)


def test_projects_search_and_membership(client, auth, q):
    auth.login()
    mine = client.get(f"{API}/projects?membership=true&per_page=100")
    expected = q("SELECT COUNT(*) FROM members WHERE user_id = 1")[0][0]
    assert int(mine.headers["X-Total"]) == expected
    found = client.get(f"{API}/projects?search=falcon&order_by=name&sort=asc").json
    assert found and all("falcon" in p["path_with_namespace"] + p["name"].lower() for p in found)
    by_path = client.get(f"{API}/projects/{project_path()}").json
    assert by_path["path_with_namespace"] == PROJECT


@pytest.mark.parametrize(
    "url",
    [
        "/projects?page=0",
        "/projects?page=abc",
        "/projects?per_page=-1",
        "/projects?order_by=password",
        "/projects?visibility=secret",
        "/projects/1/issues?state=maybe",
        "/projects/1/issues?iids[]=x",
        "/projects?owned=perhaps",
    ],
)
def test_malformed_query_parameters_are_400(client, url):
    response = client.get(API + url)
    assert response.status_code == 400 and response.is_json and response.json["message"]


def test_unknown_things_are_json_404s(client):
    for url in ("/nothing", "/projects/99999999999999999999999", "/projects/1/issues/999999"):
        response = client.get(API + url)
        assert response.status_code == 404 and response.is_json, url


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        ("title=Hello", "application/x-www-form-urlencoded", 415),
        ('{"title": "Hello"', "application/json", 400),
        ('["title"]', "application/json", 400),
        (b"\xff\xfe", "application/json", 400),
        ('{"title": ""}', "application/json", 400),
        ('{"title": "Hi", "labels": "no-such-label"}', "application/json", 400),
        ('{"title": "Hi", "due_date": "soon"}', "application/json", 400),
        ('{"title": "Hi", "milestone_id": "x"}', "application/json", 400),
        ('{"title": {"nested": "object"}}', "application/json", 400),
        ('{"title": "Hi", "labels": [["bug"]]}', "application/json", 400),
        ("[" * 100_000 + "]" * 100_000, "application/json", 400),
    ],
)
def test_bad_writes_are_refused_and_write_nothing(
    auth, client, facts, conn, body, content_type, status
):
    auth.login()
    before = rows(conn.raw)
    response = client.post(
        f"{API}/projects/{facts.project_id(PROJECT)}/issues", data=body, content_type=content_type
    )
    assert response.status_code == status and response.is_json
    assert rows(conn.raw) == before


def test_a_put_is_all_or_nothing(auth, client, conn, q, facts):
    iid = first_open_issue(q, facts)
    auth.login()
    before = rows(conn.raw)
    response = client.put(
        f"{API}/projects/{facts.project_id(PROJECT)}/issues/{iid}",
        json={"title": "Changed", "labels": "bug", "assignee_ids": [999999]},
    )
    assert response.status_code == 400
    assert rows(conn.raw) == before


def test_cookie_writes_need_no_form_token_but_other_origins_are_refused(auth, client, facts):
    auth.login()
    url = f"{API}/projects/{facts.project_id(PROJECT)}/issues"
    made = client.post(url, json={"title": "From a script"})
    assert made.status_code == 201
    foreign = client.post(
        url, json={"title": "From elsewhere"}, headers={"Origin": "http://evil.example"}
    )
    assert foreign.status_code == 400


def test_api_writes_are_logged_with_their_fields():
    data = json.dumps(
        {"title": "T", "labels": ["a", "b"], "milestone_id": 3, "confidential": False}
    )
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "PUT",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.input": io.BytesIO(data.encode()),
    }
    assert read_form(environ) == {
        "title": "T",
        "labels": ["a", "b"],
        "milestone_id": "3",
        "confidential": "false",
    }
    assert environ["wsgi.input"].read() == data.encode()
    environ.update(REQUEST_METHOD="GET", **{"wsgi.input": io.BytesIO(data.encode())})
    assert read_form(environ) == {}


def test_api_gets_write_nothing(client, auth, conn, facts):
    auth.login()
    before = rows(conn.raw)
    project_id = facts.project_id(PROJECT)
    for url in (
        "/projects",
        f"/projects/{project_id}",
        f"/projects/{project_id}/issues",
        f"/projects/{project_id}/merge_requests/1",
        f"/projects/{project_id}/issues/1/notes",
        f"/projects/{project_id}/members",
        f"/projects/{project_id}/labels",
        f"/projects/{project_id}/milestones",
        "/user",
        "/users?username=alex.chen",
        "/issues?scope=all",
    ):
        response = client.get(API + url)
        assert response.status_code == 200, url
        assert response.mimetype == "application/json"
    assert rows(conn.raw) == before


# --- SSH keys ---------------------------------------------------------------------------------

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJF8tIo7qkdT5pIwHMtjlfC1NyxPGh+vhramBcrg5WpJ alex@laptop"
FINGERPRINT = "SHA256:gs3vxOxALWGlUWGVjlGzr2nW9PhigXRr32jqbw8/nmM"
"""What ``ssh-keygen -lf`` prints for :data:`KEY`."""


def test_ssh_keys_are_added_listed_and_deleted_the_same_both_ways(
    client, auth, post, conn, check_page, twin
):
    auth.login()
    page = client.get("/-/user_settings/ssh_keys")
    check_page(page.data)
    assert post("/-/user_settings/ssh_keys", {"key": KEY}).status_code == 302
    listed = client.get("/-/user_settings/ssh_keys")
    check_page(listed.data)
    assert FINGERPRINT in listed.get_data(as_text=True)
    assert "alex@laptop" in listed.get_data(as_text=True)
    twin.login()
    added = twin.call("POST", "/user/keys", {"key": KEY})
    assert added.status_code == 201
    assert (added.json["fingerprint"], added.json["title"]) == (FINGERPRINT, "alex@laptop")
    assert rows(conn.raw, ("ssh_keys",)) == rows(twin.conn, ("ssh_keys",))
    assert [k["fingerprint"] for k in twin.call("GET", "/user/keys").json] == [FINGERPRINT]
    again = post("/-/user_settings/ssh_keys", {"key": KEY, "title": "again"})
    assert again.status_code == 400 and "already been added" in again.get_data(as_text=True)
    assert twin.call("POST", "/user/keys", {"key": KEY}).status_code == 409
    key_id = added.json["id"]
    assert post(f"/-/user_settings/ssh_keys/{key_id}/delete", {}).status_code == 302
    assert twin.call("DELETE", f"/user/keys/{key_id}", {}).status_code == 204
    assert rows(conn.raw, ("ssh_keys",)) == rows(twin.conn, ("ssh_keys",)) == {"ssh_keys": []}


@pytest.mark.parametrize(
    "key",
    [
        "",
        "not a key",
        "ssh-ed25519 not-base64!!",
        "ssh-rsa " + KEY.split()[1],
        "ssh-dss AAAAB3NzaC1kc3MAAACBAP",
    ],
)
def test_malformed_ssh_keys_are_refused(auth, post, q, key):
    auth.login()
    page = post("/-/user_settings/ssh_keys", {"key": key, "title": "t"})
    assert page.status_code == 400
    assert q("SELECT COUNT(*) FROM ssh_keys") == [(0,)]


def test_someone_elses_ssh_key_cannot_be_deleted(client, auth, post, q, twin):
    auth.login()
    assert post("/-/user_settings/ssh_keys", {"key": KEY}).status_code == 302
    key_id = q("SELECT id FROM ssh_keys")[0][0]
    auth.login("jonas.rahman")
    assert post(f"/-/user_settings/ssh_keys/{key_id}/delete", {}).status_code == 404
    assert q("SELECT COUNT(*) FROM ssh_keys") == [(1,)]


def test_changing_a_role_gives_the_same_rows_and_owners_are_protected(
    auth, post, conn, q, facts, twin
):
    member_id, _ = a_member(q, facts, role=20)
    owner = q(
        "SELECT user_id FROM members WHERE project_id = ? AND role = 50 ORDER BY user_id LIMIT 1",
        facts.project_id(PROJECT),
    )
    auth.login()
    members = f"/{PROJECT}/-/project_members"
    assert post(f"{members}/{member_id}", {"role": "Developer"}).status_code == 302
    twin.login()
    ref = f"/projects/{project_path()}/members"
    changed = twin.call("PUT", f"{ref}/{member_id}", {"access_level": 30})
    assert changed.status_code == 200 and changed.json["access_level"] == 30
    assert rows(conn.raw) == rows(twin.conn)
    promoted = twin.call("PUT", f"{ref}/{member_id}", {"access_level": 50})
    page = post(f"{members}/{member_id}", {"role": "Owner"})
    assert promoted.status_code == 403 and page.status_code == 400
    assert "Only an Owner" in promoted.json["message"]
    if owner:
        assert twin.call("DELETE", f"{ref}/{owner[0][0]}", {}).status_code == 403
    assert twin.call("PUT", f"{ref}/{member_id}", {"access_level": 35}).status_code == 400
    assert twin.call("PUT", f"{ref}/999999", {"access_level": 30}).status_code == 404
    assert rows(conn.raw) == rows(twin.conn)


def test_my_merge_requests_scope(client, auth, q):
    auth.login()
    assigned = client.get(f"{API}/merge_requests?scope=assigned_to_me&state=opened")
    expected = q(
        "SELECT COUNT(*) FROM merge_requests WHERE state = 'opened' AND id IN"
        " (SELECT mr_id FROM mr_assignees WHERE user_id = 1)"
    )[0][0]
    assert int(assigned.headers["X-Total"]) == expected
    assert all(item["state"] == "opened" for item in assigned.json)


@pytest.mark.parametrize("cleared", [[], "", [0], 0, "0"])
def test_an_empty_assignee_list_unassigns_everyone(auth, client, q, facts, cleared):
    """As GitLab's ``assignee_ids``: an empty list, an empty value or 0 unassigns all;
    leaving the field out leaves the assignees as they are."""
    iid = first_open_issue(q, facts)
    member_id, _ = a_member(q, facts)
    url = f"{API}/projects/{facts.project_id(PROJECT)}/issues/{iid}"
    auth.login()
    assert client.put(url, json={"assignee_ids": [member_id]}).status_code == 200
    kept = client.put(url, json={"title": "Still assigned"})
    assert kept.status_code == 200 and [a["id"] for a in kept.json["assignees"]] == [member_id]
    response = client.put(url, json={"assignee_ids": cleared})
    assert response.status_code == 200, response.json
    assert response.json["assignees"] == [] and response.json["assignee"] is None


def test_an_issue_opened_with_assignee_0_has_no_assignee(auth, client, facts):
    auth.login()
    response = client.post(
        f"{API}/projects/{facts.project_id(PROJECT)}/issues",
        json={"title": "Nobody on it yet", "assignee_ids": [0]},
    )
    assert response.status_code == 201, response.json
    assert response.json["assignees"] == []


def test_a_bodyless_write_needs_no_content_type_unless_a_cookie_could_have_sent_it(
    client, auth, post, q, facts
):
    """``curl -X POST -H 'PRIVATE-TOKEN: ...' .../follow`` and a bodyless DELETE work as on
    GitLab; a bodyless POST carrying the session cookie, which another site's page could
    send without a CORS preflight, still has to say JSON (415)."""
    me = "(SELECT id FROM users WHERE username = 'alex.chen')"
    other = q(
        f"SELECT id FROM users WHERE id != {me} AND id NOT IN "
        f"(SELECT followee_id FROM follows WHERE follower_id = {me}) ORDER BY id LIMIT 1"
    )[0][0]
    follows = f"SELECT COUNT(*) FROM follows WHERE followee_id = ? AND follower_id = {me}"
    auth.login()
    token = _token_in(_create_token(post))
    refused = client.post(f"{API}/users/{other}/follow")
    assert refused.status_code == 415 and refused.is_json
    assert q(follows, other) == [(0,)]
    auth.logout()
    client.delete_cookie("session")
    made = client.post(f"{API}/users/{other}/follow", headers={"PRIVATE-TOKEN": token})
    assert made.status_code == 201, made.json
    assert q(follows, other) == [(1,)]
    text = client.post(
        f"{API}/users/{other}/unfollow",
        headers={"PRIVATE-TOKEN": token},
        data="x=1",
        content_type="application/x-www-form-urlencoded",
    )
    assert text.status_code == 415  # a body must still be JSON
