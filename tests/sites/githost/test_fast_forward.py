"""The "Merge method" setting and fast-forward merges (web form and API share merge_mr)."""

from __future__ import annotations

from urllib.parse import quote

from flask.testing import FlaskClient
from lxml import html

from webenv.sites.githost.merge_requests import FAST_FORWARD_IMPOSSIBLE

PROJECT = "northwind/falcon-proxy"
REBASE = "Fast-forward merge is not possible. Rebase the source branch onto the target branch."


def use_fast_forward(post, conn, facts) -> None:
    response = post(f"/{PROJECT}/-/settings/merge_requests", {"merge_method": "ff"})
    assert response.status_code == 302
    assert facts.project(PROJECT)["merge_method"] == "ff"


def branch_with_commit(post, name: str, file: str = "README.md") -> None:
    assert post(f"/{PROJECT}/-/branches", {"branch_name": name, "ref": "main"}).status_code == 302
    response = post(
        f"/{PROJECT}/-/edit/{name}/{file}",
        {"content": f"# {name}\n", "commit_message": f"Change {file}", "branch_name": name},
    )
    assert response.status_code == 302


def open_mr(post, conn, facts, source: str) -> int:
    response = post(
        f"/{PROJECT}/-/merge_requests/new",
        {"source_branch": source, "target_branch": "main", "title": f"Merge {source}"},
    )
    assert response.status_code == 302, response.data
    return conn.execute(
        "SELECT iid FROM merge_requests WHERE project_id = ? AND source_branch = ?",
        (facts.project_id(PROJECT), source),
    ).fetchone()[0]


def test_settings_page_and_refusals(client: FlaskClient, auth, post, facts, check_page) -> None:
    assert FAST_FORWARD_IMPOSSIBLE == REBASE
    auth.login()
    page = client.get(f"/{PROJECT}/-/settings/merge_requests")
    assert page.status_code == 200
    check_page(page.data)
    tree = html.fromstring(page.data)
    assert tree.get_element_by_id("merge_method-merge").get("checked") is not None
    labels = [label.text_content() for label in tree.cssselect("fieldset label")]
    assert labels[0].startswith("Merge commit") and labels[1].startswith("Fast-forward merge")
    general = html.fromstring(client.get(f"/{PROJECT}/-/settings").data)
    assert general.cssselect(f'nav a[href="/{PROJECT}/-/settings/merge_requests"]')
    bad = post(f"/{PROJECT}/-/settings/merge_requests", {"merge_method": "rebase"})
    assert bad.status_code == 400 and b"Choose a merge method from the list." in bad.data
    missing = post(f"/{PROJECT}/-/settings/merge_requests", {})
    assert missing.status_code == 400
    assert facts.project(PROJECT)["merge_method"] == "merge"
    developer = facts.project_with_role("alex.chen", 30)
    assert client.get(f"/{developer}/-/settings/merge_requests").status_code == 403
    refused = post(f"/{developer}/-/settings/merge_requests", {"merge_method": "ff"})
    assert refused.status_code == 403
    assert facts.project(developer)["merge_method"] == "merge"


def test_fast_forward_moves_the_target_without_a_merge_commit(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    auth.login()
    use_fast_forward(post, conn, facts)
    branch_with_commit(post, "ff-ahead")
    source_head = facts.head(PROJECT, "ff-ahead")
    iid = open_mr(post, conn, facts, "ff-ahead")
    page = client.get(f"/{PROJECT}/-/merge_requests/{iid}").get_data(as_text=True)
    assert "Fast-forward merge without a merge commit." in page
    commits_before = conn.execute("SELECT COUNT(*) FROM commits").fetchone()[0]
    response = post(f"/{PROJECT}/-/merge_requests/{iid}/merge", {"delete_source_branch": "1"})
    assert response.status_code == 302
    assert facts.head(PROJECT) == source_head
    assert conn.execute("SELECT COUNT(*) FROM commits").fetchone()[0] == commits_before
    mr = conn.execute(
        "SELECT state, merge_commit_sha, source_sha FROM merge_requests"
        " WHERE project_id = ? AND iid = ?",
        (facts.project_id(PROJECT), iid),
    ).fetchone()
    assert mr == ("merged", None, source_head)
    merged = client.get(f"/{PROJECT}/-/merge_requests/{iid}").get_data(as_text=True)
    assert "Fast-forwarded main to" in merged and source_head[:8] in merged


def test_a_source_that_needs_a_rebase_is_refused(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    auth.login()
    use_fast_forward(post, conn, facts)
    branch_with_commit(post, "ff-behind", "README.md")
    response = post(
        f"/{PROJECT}/-/edit/main/config.yml",
        {"content": "port: 1\n", "commit_message": "Move main on", "branch_name": "main"},
    )
    assert response.status_code == 302
    main_head = facts.head(PROJECT)
    iid = open_mr(post, conn, facts, "ff-behind")
    page = html.fromstring(client.get(f"/{PROJECT}/-/merge_requests/{iid}").data)
    assert REBASE in page.cssselect("section.merge-box")[0].text_content()
    assert not page.cssselect(f'form[action="/{PROJECT}/-/merge_requests/{iid}/merge"]')
    refused = post(f"/{PROJECT}/-/merge_requests/{iid}/merge")
    assert refused.status_code == 409 and REBASE in refused.get_data(as_text=True)
    api = client.put(
        f"/api/v4/projects/{quote(PROJECT, safe='')}/merge_requests/{iid}/merge", json={}
    )
    assert api.status_code == 406 and REBASE in api.get_data(as_text=True)
    shown = client.get(f"/api/v4/projects/{quote(PROJECT, safe='')}/merge_requests/{iid}").json
    assert (shown["merge_status"], shown["merge_error"]) == ("cannot_be_merged", REBASE)
    project = client.get(f"/api/v4/projects/{quote(PROJECT, safe='')}").json
    assert project["merge_method"] == "ff"
    assert facts.head(PROJECT) == main_head
    state = conn.execute(
        "SELECT state FROM merge_requests WHERE project_id = ? AND iid = ?",
        (facts.project_id(PROJECT), iid),
    ).fetchone()[0]
    assert state == "opened"


def test_merge_commit_method_still_merges_diverged_branches(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    auth.login()
    branch_with_commit(post, "diverged", "README.md")
    post(
        f"/{PROJECT}/-/edit/main/config.yml",
        {"content": "port: 2\n", "commit_message": "Move main on", "branch_name": "main"},
    )
    before = facts.head(PROJECT)
    iid = open_mr(post, conn, facts, "diverged")
    assert post(f"/{PROJECT}/-/merge_requests/{iid}/merge").status_code == 302
    parents = conn.execute(
        "SELECT parent_sha, parent2_sha FROM commits WHERE project_id = ? AND sha = ?",
        (facts.project_id(PROJECT), facts.head(PROJECT)),
    ).fetchone()
    assert parents == (before, facts.head(PROJECT, "diverged"))
