"""Creating groups, group members, and the project access a group membership grants."""

from __future__ import annotations

import pytest

GROUP = "northwind"  # alex.chen is one of its Maintainers
PRIVATE_GROUP = "meridian-mobile"  # has private projects; alex.chen is not in it


def _private_group_project(q, group: str = PRIVATE_GROUP) -> str:
    """A private project of ``group``."""
    return q(
        "SELECT n.path || '/' || p.path FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE n.path = ? AND p.visibility = 'private' ORDER BY p.id LIMIT 1",
        group,
    )[0][0]


def _outsider(q, group: str, project: str = "") -> tuple[int, str]:
    """A user who is neither in ``group`` nor a member of ``project``."""
    return q(
        "SELECT u.id, u.username FROM users u WHERE u.id NOT IN (SELECT user_id FROM members m"
        " JOIN projects p ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE n.path || '/' || p.path = ?) AND u.id NOT IN (SELECT user_id FROM group_members"
        " gm JOIN namespaces n ON n.id = gm.namespace_id WHERE n.path = ?) ORDER BY u.id LIMIT 1",
        project,
        group,
    )[0]


def _group_owner(q, group: str = GROUP) -> str:
    return q(
        "SELECT u.username FROM group_members gm JOIN users u ON u.id = gm.user_id JOIN"
        " namespaces n ON n.id = gm.namespace_id WHERE n.path = ? AND gm.role = 50"
        " ORDER BY u.id LIMIT 1",
        group,
    )[0][0]


def test_create_group(client, auth, post, q, check_page) -> None:
    auth.login()
    form = client.get("/groups/new")
    assert form.status_code == 200
    check_page(form.data)
    response = post(
        "/groups/new",
        {
            "name": "Platform Team",
            "path": "",
            "visibility": "internal",
            "description": "Shared tooling",
        },
    )
    assert response.status_code == 302 and response.headers["Location"] == "/platform-team"
    row = q(
        "SELECT n.name, n.kind, n.visibility, n.description, gm.user_id, gm.role FROM namespaces n"
        " JOIN group_members gm ON gm.namespace_id = n.id WHERE n.path = 'platform-team'"
    )
    assert row == [("Platform Team", "group", "internal", "Shared tooling", 1, 50)]
    page = client.get("/platform-team")
    assert page.status_code == 200 and "Platform Team" in page.get_data(as_text=True)
    check_page(page.data)
    assert "Platform Team" in client.get("/groups").get_data(as_text=True)


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        ({"name": "", "visibility": "public"}, "name", "is required"),
        ({"name": "Team", "path": "Bad Path", "visibility": "public"}, "path", "must use"),
        ({"name": "Team", "path": "alex.chen", "visibility": "public"}, "path", "already taken"),
        ({"name": "Team", "path": GROUP, "visibility": "public"}, "path", "already taken"),
        ({"name": "Team", "path": "explore", "visibility": "public"}, "path", "reserved"),
        ({"name": "Team", "visibility": "secret"}, "visibility", "from the list"),
        ({"name": "!Team", "visibility": "public"}, "name", "must start with a letter"),
    ],
)
def test_create_group_refusals(client, auth, post, q, form, field, message) -> None:
    auth.login()
    before = q("SELECT COUNT(*) FROM namespaces")
    response = post("/groups/new", form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert q("SELECT COUNT(*) FROM namespaces") == before


def test_create_group_needs_sign_in(client, post) -> None:
    assert client.get("/groups/new").status_code == 302
    assert post("/groups/new", {"name": "Team", "visibility": "public"}).status_code in (302, 403)


def test_group_members_page(client, auth, check_page) -> None:
    page = client.get(f"/groups/{GROUP}/-/group_members")
    assert page.status_code == 200
    check_page(page.data)
    assert "Invite member" not in page.get_data(as_text=True)  # anonymous: read only
    auth.login()  # alex.chen is a Maintainer of northwind, not an Owner
    assert "Invite member" not in client.get(f"/groups/{GROUP}/-/group_members").get_data(
        as_text=True
    )


def test_group_owner_adds_changes_and_removes_a_member(client, auth, post, q, check_page) -> None:
    group = PRIVATE_GROUP
    project = _private_group_project(q)
    user_id, username = _outsider(q, group, project)
    owner = _group_owner(q, group)
    auth.login(username)
    assert client.get(f"/{project}").status_code == 404
    auth.login(owner)
    members = client.get(f"/groups/{group}/-/group_members")
    assert "Invite member" in members.get_data(as_text=True)
    check_page(members.data)
    added = post(f"/groups/{group}/-/group_members", {"username": username, "role": "Reporter"})
    assert added.status_code == 302
    assert q(
        "SELECT gm.role FROM group_members gm JOIN namespaces n ON n.id = gm.namespace_id"
        " WHERE n.path = ? AND gm.user_id = ?",
        group,
        user_id,
    ) == [(20,)]

    # The group role reaches the group's private project: a Reporter sees it but cannot
    # edit files (Developer+), and appears as an inherited member.
    auth.login(username)
    assert client.get(f"/{project}").status_code == 200
    assert client.get(f"/{project}/-/issues/new").status_code == 200
    assert client.get(f"/{project}/-/merge_requests/new").status_code == 403
    inherited = client.get(f"/{project}/-/project_members").get_data(as_text=True)
    assert "Inherited from group" in inherited and f"@{username}" in inherited

    auth.login(owner)
    changed = post(f"/groups/{group}/-/group_members/{user_id}", {"role": "Developer"})
    assert changed.status_code == 302
    auth.login(username)
    assert client.get(f"/{project}/-/merge_requests/new").status_code == 200

    auth.login(owner)
    removed = post(f"/groups/{group}/-/group_members/{user_id}/remove")
    assert removed.status_code == 302
    assert q(
        "SELECT COUNT(*) FROM group_members gm JOIN namespaces n ON n.id = gm.namespace_id"
        " WHERE n.path = ? AND gm.user_id = ?",
        group,
        user_id,
    ) == [(0,)]
    auth.login(username)
    assert client.get(f"/{project}").status_code == 404


def test_only_group_owners_manage_members(client, auth, post, q) -> None:
    user_id, username = _outsider(q, GROUP)
    auth.login()  # a Maintainer of the group
    refused = post(f"/groups/{GROUP}/-/group_members", {"username": username, "role": "Guest"})
    assert refused.status_code == 403
    member_id = q(
        "SELECT gm.user_id FROM group_members gm JOIN namespaces n ON n.id = gm.namespace_id"
        " WHERE n.path = ? AND gm.role = 30 ORDER BY gm.user_id LIMIT 1",
        GROUP,
    )[0][0]
    assert post(f"/groups/{GROUP}/-/group_members/{member_id}", {"role": "Guest"}).status_code == (
        403
    )
    assert post(f"/groups/{GROUP}/-/group_members/{member_id}/remove").status_code == 403
    assert q(
        "SELECT COUNT(*) FROM group_members gm JOIN namespaces n ON n.id = gm.namespace_id"
        " WHERE n.path = ? AND gm.user_id = ?",
        GROUP,
        user_id,
    ) == [(0,)]
    assert q(
        "SELECT gm.role FROM group_members gm JOIN namespaces n ON n.id = gm.namespace_id"
        " WHERE n.path = ? AND gm.user_id = ?",
        GROUP,
        member_id,
    ) == [(30,)]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"username": "nobody.here", "role": "Guest"}, "There is no user named"),
        ({"username": "alex.chen", "role": "Guest"}, "already a member of this group"),
        ({"username": "", "role": "Guest"}, "is required"),
        ({"username": "PLACEHOLDER", "role": "Boss"}, "from the list"),
    ],
)
def test_group_member_refusals(client, auth, post, q, form, message) -> None:
    owner = _group_owner(q)
    _, outsider = _outsider(q, GROUP)
    form = {**form, "username": outsider if form["username"] == "PLACEHOLDER" else form["username"]}
    auth.login(owner)
    before = q("SELECT * FROM group_members ORDER BY 1, 2")
    response = post(f"/groups/{GROUP}/-/group_members", form)
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert q("SELECT * FROM group_members ORDER BY 1, 2") == before


def test_last_group_owner_stays(client, auth, post, q) -> None:
    auth.login()
    post("/groups/new", {"name": "Solo", "visibility": "private"})
    group_id = q("SELECT id FROM namespaces WHERE path = 'solo'")[0][0]
    demote = post("/groups/solo/-/group_members/1", {"role": "Developer"})
    assert demote.status_code == 400 and "at least one Owner" in demote.get_data(as_text=True)
    leave = post("/groups/solo/-/group_members/1/remove")
    assert leave.status_code == 400
    assert q("SELECT role FROM group_members WHERE namespace_id = ?", group_id) == [(50,)]
    assert post("/groups/solo/-/group_members/2/remove").status_code == 404


def test_private_group_is_404_for_outsiders(client, auth, post, q) -> None:
    auth.login()
    post("/groups/new", {"name": "Hidden Team", "visibility": "private"})
    assert client.get("/hidden-team").status_code == 200
    assert client.get("/groups/hidden-team/-/group_members").status_code == 200
    other = q("SELECT username FROM users WHERE id = 2")[0][0]
    auth.login(other)
    assert client.get("/hidden-team").status_code == 404
    assert client.get("/groups/hidden-team/-/group_members").status_code == 404
    assert "Hidden Team" not in client.get("/groups").get_data(as_text=True)
    refused = post("/groups/hidden-team/-/group_members", {"username": other, "role": "Owner"})
    assert refused.status_code == 404


def test_new_project_in_a_group_i_maintain(client, auth, post, q) -> None:
    auth.login()
    group_id = q("SELECT id FROM namespaces WHERE path = ?", GROUP)[0][0]
    assert "New project" in client.get(f"/{GROUP}").get_data(as_text=True)
    form = client.get(f"/projects/new?namespace_id={group_id}").get_data(as_text=True)
    assert f'<option value="{group_id}" selected>' in form
    response = post(
        "/projects/new",
        {"name": "Team Tools", "namespace_id": str(group_id), "visibility": "private"},
    )
    assert response.status_code == 302 and response.headers["Location"] == f"/{GROUP}/team-tools"
    # Another group member reaches it through the group, with their group role.
    developer = q(
        "SELECT u.username FROM group_members gm JOIN users u ON u.id = gm.user_id"
        " WHERE gm.namespace_id = ? AND gm.role = 30 AND gm.user_id != 1 LIMIT 1",
        group_id,
    )[0][0]
    auth.login(developer)
    assert client.get(f"/{GROUP}/team-tools").status_code == 200
    assert f"/{GROUP}/team-tools" in client.get("/").get_data(as_text=True)


def test_cannot_create_projects_in_a_group_as_developer(client, auth, post, q) -> None:
    group_id = q("SELECT id FROM namespaces WHERE path = 'kestrel-cloud'")[0][0]  # Developer
    auth.login()
    response = post(
        "/projects/new", {"name": "Nope", "namespace_id": str(group_id), "visibility": "private"}
    )
    assert response.status_code == 400
    assert q("SELECT COUNT(*) FROM projects WHERE path = 'nope'") == [(0,)]


def test_groups_api_creates_groups_and_manages_members(client, auth, q) -> None:
    auth.login()
    made = client.post("/api/v4/groups", json={"name": "Api Team", "visibility": "private"})
    assert made.status_code == 201 and made.json["path"] == "api-team"
    group_id = made.json["id"]
    assert client.get("/api/v4/groups/api-team").json["id"] == group_id
    assert "api-team" in [g["path"] for g in client.get("/api/v4/groups?per_page=100").json]
    user_id = q("SELECT id FROM users WHERE id != 1 ORDER BY id LIMIT 1")[0][0]
    added = client.post(
        f"/api/v4/groups/{group_id}/members", json={"user_id": user_id, "access_level": 30}
    )
    assert added.status_code == 201 and added.json["access_level"] == 30
    assert (
        client.post(
            f"/api/v4/groups/{group_id}/members", json={"user_id": user_id, "access_level": 30}
        ).status_code
        == 409
    )
    changed = client.put(f"/api/v4/groups/{group_id}/members/{user_id}", json={"access_level": 40})
    assert changed.status_code == 200 and changed.json["access_level"] == 40
    listed = client.get(f"/api/v4/groups/{group_id}/members").json
    assert sorted((m["id"], m["access_level"]) for m in listed) == [(1, 50), (user_id, 40)]
    assert client.delete(f"/api/v4/groups/{group_id}/members/{user_id}", json={}).status_code == 204
    assert q("SELECT user_id FROM group_members WHERE namespace_id = ?", group_id) == [(1,)]
    assert (
        client.delete(f"/api/v4/groups/{group_id}/members/1", json={}).status_code == 403
    )  # last Owner
    auth.logout()
    assert client.get("/api/v4/groups/api-team").status_code == 404  # private
    assert client.post("/api/v4/groups", json={"name": "Nope"}).status_code == 401


def test_groups_api_refuses_non_owners(client, auth, q) -> None:
    auth.login()  # a Maintainer of northwind
    user_id = _outsider(q, GROUP)[0]
    refused = client.post(
        f"/api/v4/groups/{GROUP}/members", json={"user_id": user_id, "access_level": 10}
    )
    assert refused.status_code == 403
    assert q(
        "SELECT COUNT(*) FROM group_members WHERE user_id = ? AND namespace_id ="
        " (SELECT id FROM namespaces WHERE path = ?)",
        user_id,
        GROUP,
    ) == [(0,)]
    bad = client.post("/api/v4/groups", json={"name": "x", "path": "Bad Path"})
    assert bad.status_code == 400


def test_a_private_group_holds_only_private_projects(client, auth, post, q) -> None:
    auth.login()
    post("/groups/new", {"name": "Quiet", "visibility": "private"})
    group_id = q("SELECT id FROM namespaces WHERE path = 'quiet'")[0][0]
    refused = post(
        "/projects/new", {"name": "Loud", "namespace_id": str(group_id), "visibility": "public"}
    )
    assert refused.status_code == 400
    assert "Visibility level public is not allowed in the private group quiet" in (
        refused.get_data(as_text=True)
    )
    assert q("SELECT COUNT(*) FROM projects WHERE path = 'loud'") == [(0,)]
    made = post(
        "/projects/new", {"name": "Loud", "namespace_id": str(group_id), "visibility": "private"}
    )
    assert made.status_code == 302
