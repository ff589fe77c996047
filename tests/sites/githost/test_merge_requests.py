"""Merge requests: list, create, commits and changes, approve, merge, close, reopen, roles."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient
from lxml import html

from webenv.sites.githost import repo

PROJECT = "northwind/falcon-proxy"


def _open_mr(
    conn, facts, project: str = PROJECT, author_not_me: bool = True
) -> tuple[int, int, str]:
    row = conn.execute(
        "SELECT id, iid, source_branch FROM merge_requests WHERE project_id = ? AND"
        f" state = 'opened' {'AND author_id != 1' if author_not_me else ''} ORDER BY iid LIMIT 1",
        (facts.project_id(project),),
    ).fetchone()
    return row[0], row[1], row[2]


def test_list_filters_by_state(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(PROJECT)
    for state in ("opened", "merged", "closed"):
        count = conn.execute(
            "SELECT COUNT(*) FROM merge_requests WHERE project_id = ? AND state = ?",
            (project_id, state),
        ).fetchone()[0]
        page = client.get(f"/{PROJECT}/-/merge_requests?state={state}").get_data(as_text=True)
        if count:
            assert f"of {count} merge request" in page
        else:
            assert "No merge requests match" in page


def test_merged_mr_shows_commits_and_changes(client: FlaskClient, conn, facts) -> None:
    conn.row_factory = sqlite3.Row
    mr = conn.execute(
        "SELECT * FROM merge_requests WHERE project_id = ? AND state = 'merged' LIMIT 1",
        (facts.project_id(PROJECT),),
    ).fetchone()
    overview = client.get(f"/{PROJECT}/-/merge_requests/{mr['iid']}").get_data(as_text=True)
    assert "Merged by" in overview and mr["merge_commit_sha"][:8] in overview
    commits = html.fromstring(client.get(f"/{PROJECT}/-/merge_requests/{mr['iid']}/commits").data)
    expected = repo.commits_between(conn, mr["project_id"], mr["base_sha"], mr["source_sha"])
    assert len(commits.cssselect("ol.commit-list li")) == len(expected) > 0
    diffs = html.fromstring(client.get(f"/{PROJECT}/-/merge_requests/{mr['iid']}/diffs").data)
    assert diffs.cssselect("section.file-diff")


def test_create_merge_request(client, auth, post, conn, facts) -> None:
    auth.login()
    post(f"/{PROJECT}/-/branches", {"branch_name": "feature/new-thing", "ref": "main"})
    post(
        f"/{PROJECT}/-/edit/feature/new-thing/README.md",
        {
            "content": "# New\n",
            "commit_message": "Rewrite README",
            "branch_name": "feature/new-thing",
        },
    )
    form = html.fromstring(
        client.get(f"/{PROJECT}/-/merge_requests/new?source_branch=feature/new-thing").data
    )
    assert form.get_element_by_id("title").get("value") == "Rewrite README"
    response = post(
        f"/{PROJECT}/-/merge_requests/new",
        {
            "source_branch": "feature/new-thing",
            "target_branch": "main",
            "title": "Rewrite README",
            "description": "Shorter",
            "assignee_id": "1",
        },
    )
    assert response.status_code == 302
    iid = int(response.headers["Location"].rsplit("/", 1)[1])
    row = conn.execute(
        "SELECT state, author_id, source_branch, target_branch FROM merge_requests"
        " WHERE project_id = ? AND iid = ?",
        (facts.project_id(PROJECT), iid),
    ).fetchone()
    assert row == ("opened", 1, "feature/new-thing", "main")
    again = post(
        f"/{PROJECT}/-/merge_requests/new",
        {"source_branch": "feature/new-thing", "target_branch": "main", "title": "Again"},
    )
    assert again.status_code == 400 and b"already an open merge request" in again.data
    same = post(
        f"/{PROJECT}/-/merge_requests/new",
        {"source_branch": "main", "target_branch": "main", "title": "x"},
    )
    assert same.status_code == 400 and b"must be different" in same.data


def test_approve_and_merge_updates_target_branch(client, auth, post, conn, facts) -> None:
    auth.login()
    mr_id, iid, source = _open_mr(conn, facts)
    target_before = facts.head(PROJECT)
    source_head = facts.head(PROJECT, source)
    assert post(f"/{PROJECT}/-/merge_requests/{iid}/approve").status_code == 302
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM mr_approvals WHERE mr_id = ? AND user_id = 1", (mr_id,)
        ).fetchone()[0]
        == 1
    )
    page = client.get(f"/{PROJECT}/-/merge_requests/{iid}").get_data(as_text=True)
    assert "Revoke approval" in page and "Ready to merge." in page
    response = post(f"/{PROJECT}/-/merge_requests/{iid}/merge", {"delete_source_branch": "1"})
    assert response.status_code == 302
    target_after = facts.head(PROJECT)
    conn.row_factory = sqlite3.Row
    merge = repo.get_commit(conn, facts.project_id(PROJECT), target_after)
    assert (merge["parent_sha"], merge["parent2_sha"]) == (target_before, source_head)
    assert merge["message"].startswith(f"Merge branch '{source}' into 'main'")
    mr = conn.execute("SELECT * FROM merge_requests WHERE id = ?", (mr_id,)).fetchone()
    assert (mr["state"], mr["merged_by_id"], mr["merge_commit_sha"]) == ("merged", 1, target_after)
    assert not conn.execute(
        "SELECT 1 FROM refs WHERE project_id = ? AND name = ?", (mr["project_id"], source)
    ).fetchone()
    # Every file of the source branch is now on main.
    source_files = repo.tree_files(
        conn, repo.get_commit(conn, mr["project_id"], source_head)["tree_id"]
    )
    merged_files = repo.tree_files(conn, merge["tree_id"])
    added = {
        p: b
        for p, b in source_files.items()
        if p
        not in repo.tree_files(
            conn, repo.get_commit(conn, mr["project_id"], mr["base_sha"])["tree_id"]
        )
    }
    assert added and all(merged_files[p] == b for p, b in added.items())
    assert post(f"/{PROJECT}/-/merge_requests/{iid}/merge").status_code == 409


def test_guest_cannot_merge_or_approve(client, auth, post, conn, facts) -> None:
    auth.login()
    guest_project = facts.project_with_role("alex.chen", 10)
    row = conn.execute(
        "SELECT iid FROM merge_requests WHERE project_id = ? AND state = 'opened' LIMIT 1",
        (facts.project_id(guest_project),),
    ).fetchone()
    assert row, "the Guest project needs an open merge request"
    assert post(f"/{guest_project}/-/merge_requests/{row[0]}/merge").status_code == 403
    assert post(f"/{guest_project}/-/merge_requests/{row[0]}/approve").status_code == 403
    assert post(f"/{guest_project}/-/merge_requests/{row[0]}/close").status_code == 403
    assert client.get(f"/{guest_project}/-/merge_requests/new").status_code == 403
    page = client.get(f"/{guest_project}/-/merge_requests/{row[0]}").get_data(as_text=True)
    assert ">Merge<" not in page and ">Approve<" not in page


def test_reporter_cannot_push(client, auth, post, facts) -> None:
    auth.login()
    reporter_project = facts.project_with_role("alex.chen", 20)
    branch = facts.project(reporter_project)["default_branch"]
    assert client.get(f"/{reporter_project}/-/edit/{branch}/README.md").status_code == 403
    assert (
        post(f"/{reporter_project}/-/branches", {"branch_name": "x", "ref": branch}).status_code
        == 403
    )


def test_author_cannot_approve_own_merge_request(client, auth, post, conn, facts) -> None:
    auth.login()
    row = conn.execute(
        "SELECT n.path || '/' || p.path, m.iid FROM merge_requests m JOIN projects"
        " p ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE m.author_id = 1 AND m.state = 'opened' LIMIT 1"
    ).fetchone()
    assert post(f"/{row[0]}/-/merge_requests/{row[1]}/approve").status_code == 403


def test_close_and_reopen(client, auth, post, conn, facts) -> None:
    auth.login()
    mr_id, iid, _ = _open_mr(conn, facts)
    assert post(f"/{PROJECT}/-/merge_requests/{iid}/close").status_code == 302
    state, source_sha = conn.execute(
        "SELECT state, source_sha FROM merge_requests WHERE id = ?", (mr_id,)
    ).fetchone()
    assert state == "closed" and source_sha
    assert b"Reopen merge request" in client.get(f"/{PROJECT}/-/merge_requests/{iid}").data
    assert post(f"/{PROJECT}/-/merge_requests/{iid}/reopen").status_code == 302
    assert conn.execute("SELECT state FROM merge_requests WHERE id = ?", (mr_id,)).fetchone() == (
        "opened",
    )


def test_conflicting_merge_is_blocked(client, auth, post, conn, facts) -> None:
    auth.login()
    for branch, text in (("left", "left\n"), ("right", "right\n")):
        post(f"/{PROJECT}/-/branches", {"branch_name": branch, "ref": "main"})
        post(
            f"/{PROJECT}/-/edit/{branch}/config.yml",
            {"content": text, "commit_message": f"{branch} config", "branch_name": branch},
        )
    post(
        f"/{PROJECT}/-/merge_requests/new",
        {"source_branch": "left", "target_branch": "main", "title": "Left"},
    )
    iid = conn.execute(
        "SELECT MAX(iid) FROM merge_requests WHERE project_id = ?", (facts.project_id(PROJECT),)
    ).fetchone()[0]
    post(
        f"/{PROJECT}/-/edit/main/config.yml",
        {"content": "main\n", "commit_message": "main", "branch_name": "main"},
    )
    page = client.get(f"/{PROJECT}/-/merge_requests/{iid}").get_data(as_text=True)
    assert "conflicts in config.yml" in page
    response = post(f"/{PROJECT}/-/merge_requests/{iid}/merge")
    assert response.status_code == 409 and b"conflicting changes in config.yml" in response.data


def test_mr_comment_labels_and_assign(client, auth, post, conn, facts) -> None:
    auth.login()
    mr_id, iid, _ = _open_mr(conn, facts)
    assert (
        post(f"/{PROJECT}/-/merge_requests/{iid}/notes", {"body": "Looks good"}).status_code == 302
    )
    label = conn.execute(
        "SELECT id FROM labels WHERE project_id = ? LIMIT 1", (facts.project_id(PROJECT),)
    ).fetchone()[0]
    post(f"/{PROJECT}/-/merge_requests/{iid}/labels", {"label_ids": [str(label)]})
    post(f"/{PROJECT}/-/merge_requests/{iid}/assign", {"assignee_id": "1"})
    assert conn.execute("SELECT label_id FROM mr_labels WHERE mr_id = ?", (mr_id,)).fetchall() == [
        (label,)
    ]
    assert (1,) in conn.execute(
        "SELECT user_id FROM mr_assignees WHERE mr_id = ?", (mr_id,)
    ).fetchall()


def test_edit_merge_request(client, auth, post, conn, facts) -> None:
    auth.login()
    mr_id, iid, _ = _open_mr(conn, facts)
    assert (
        post(
            f"/{PROJECT}/-/merge_requests/{iid}/edit", {"title": "Better title", "description": ""}
        ).status_code
        == 302
    )
    assert conn.execute("SELECT title FROM merge_requests WHERE id = ?", (mr_id,)).fetchone() == (
        "Better title",
    )
    long = post(f"/{PROJECT}/-/merge_requests/{iid}/edit", {"title": "t" * 256})
    assert long.status_code == 400
