"""Merge-request reviewers, the Reviewer filter and the dashboard's scopes."""

from __future__ import annotations

import pytest
from lxml import html

PROJECT = "northwind/falcon-proxy"


def _iids(body: bytes) -> list[str]:
    return [
        a.get("href").rsplit("/", 1)[1]
        for a in html.fromstring(body).cssselect("ul.item-list .item-title a")
    ]


def _open_mr(q, project_id: int) -> tuple[int, int]:
    return q(
        "SELECT id, iid FROM merge_requests WHERE project_id = ? AND state = 'opened'"
        " ORDER BY iid LIMIT 1",
        project_id,
    )[0]


def test_pristine_reviewers_show_on_the_mr_page_and_in_the_api(client, auth, q, check_page):
    mr_id, iid, project_id = q(
        "SELECT r.mr_id, m.iid, m.project_id FROM mr_reviewers r JOIN merge_requests m ON"
        " m.id = r.mr_id JOIN projects p ON p.id = m.project_id WHERE p.visibility = 'public'"
        " ORDER BY r.mr_id LIMIT 1"
    )[0]
    path = q(
        "SELECT n.path || '/' || p.path FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE p.id = ?",
        project_id,
    )[0][0]
    reviewers = [
        row[0]
        for row in q(
            "SELECT u.username FROM mr_reviewers r JOIN users u ON u.id = r.user_id"
            " WHERE r.mr_id = ? ORDER BY u.username",
            mr_id,
        )
    ]
    page = client.get(f"/{path}/-/merge_requests/{iid}")
    check_page(page.data)
    section = html.fromstring(page.data).cssselect("section[aria-labelledby=reviewers-heading]")[0]
    assert [t.strip().lstrip("@") for t in section.xpath(".//li/text()") if t.strip()] == reviewers
    api = client.get(f"/api/v4/projects/{project_id}/merge_requests/{iid}")
    assert [r["username"] for r in api.json["reviewers"]] == reviewers


def test_request_and_remove_review_from_the_sidebar(client, auth, post, q, facts) -> None:
    project_id = facts.project_id(PROJECT)
    mr_id, iid = _open_mr(q, project_id)
    member_id, username = q(
        "SELECT u.id, u.username FROM members m JOIN users u ON u.id = m.user_id WHERE"
        " m.project_id = ? AND u.id != 1 AND u.id NOT IN (SELECT user_id FROM mr_reviewers"
        " WHERE mr_id = ?) ORDER BY u.id LIMIT 1",
        project_id,
        mr_id,
    )[0]
    auth.login()
    url = f"/{PROJECT}/-/merge_requests/{iid}"
    assert post(f"{url}/reviewers", {"reviewer_id": str(member_id)}).status_code == 302
    assert (member_id,) in q("SELECT user_id FROM mr_reviewers WHERE mr_id = ?", mr_id)
    assert q(
        "SELECT action, state FROM todos WHERE user_id = ? AND target_type = 'merge_request'"
        " AND target_id = ? ORDER BY id DESC LIMIT 1",
        member_id,
        mr_id,
    ) == [("review_requested", "pending")]
    assert f"requested review from @{username}" in client.get(url).get_data(as_text=True)
    listed = client.get(
        f"/{PROJECT}/-/merge_requests", query_string={"reviewer_username": username}
    )
    assert str(iid) in _iids(listed.data)
    assert post(f"{url}/reviewers/remove", {"user_id": str(member_id)}).status_code == 302
    assert (member_id,) not in q("SELECT user_id FROM mr_reviewers WHERE mr_id = ?", mr_id)
    assert f"removed review request for @{username}" in client.get(url).get_data(as_text=True)


def test_review_request_refusals(client, auth, post, q, facts) -> None:
    project_id = facts.project_id(PROJECT)
    _, iid = _open_mr(q, project_id)
    url = f"/{PROJECT}/-/merge_requests/{iid}"
    before = q("SELECT * FROM mr_reviewers ORDER BY 1, 2")
    assert post(f"{url}/reviewers", {"reviewer_id": "1"}).status_code == 403  # signed out
    auth.login()
    outsider = q(
        "SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM members WHERE project_id = ?)"
        " AND id NOT IN (SELECT gm.user_id FROM group_members gm JOIN projects p ON"
        " p.namespace_id = gm.namespace_id WHERE p.id = ?) LIMIT 1",
        project_id,
        project_id,
    )[0][0]
    bad = post(f"{url}/reviewers", {"reviewer_id": str(outsider)}, follow_redirects=True)
    assert "Choose a reviewer from the project&#39;s members." in bad.get_data(as_text=True)
    assert post(f"{url}/reviewers/remove", {"user_id": str(outsider)}).status_code == 404
    # a user id past SQLite's integers: a 400 page (was an OverflowError, a 500)
    huge = post(f"{url}/reviewers/remove", {"user_id": "9" * 25})
    assert huge.status_code == 400
    assert "A number in the request is out of range" in huge.get_data(as_text=True)
    guest_project = facts.project_with_role("alex.chen", 10)
    _, guest_iid = _open_mr(q, facts.project_id(guest_project))
    refused = post(f"/{guest_project}/-/merge_requests/{guest_iid}/reviewers", {"reviewer_id": "1"})
    assert refused.status_code == 403
    assert q("SELECT * FROM mr_reviewers ORDER BY 1, 2") == before


def test_new_mr_with_a_reviewer(client, auth, post, q, facts) -> None:
    project_id = facts.project_id(PROJECT)
    auth.login()
    form = client.get(f"/{PROJECT}/-/merge_requests/new").get_data(as_text=True)
    assert 'id="reviewer_id"' in form
    branch = q(
        "SELECT r.name FROM refs r WHERE r.project_id = ? AND r.kind = 'branch' AND r.name NOT IN"
        " (SELECT source_branch FROM merge_requests WHERE project_id = ? AND state = 'opened')"
        " AND r.commit_sha != (SELECT commit_sha FROM refs WHERE project_id = ? AND kind ="
        " 'branch' AND name = 'main') ORDER BY r.name",
        project_id,
        project_id,
        project_id,
    )
    reviewer = q(
        "SELECT user_id FROM members WHERE project_id = ? AND user_id != 1 ORDER BY user_id",
        project_id,
    )[0][0]
    for (name,) in branch:
        response = post(
            f"/{PROJECT}/-/merge_requests/new",
            {
                "source_branch": name,
                "target_branch": "main",
                "title": "Review me",
                "reviewer_id": str(reviewer),
            },
        )
        if response.status_code == 302:
            break
    else:
        pytest.fail("no branch with changes to open a merge request from")
    mr_id = q("SELECT id FROM merge_requests WHERE title = 'Review me'")[0][0]
    assert q("SELECT user_id FROM mr_reviewers WHERE mr_id = ?", mr_id) == [(reviewer,)]
    assert q("SELECT COUNT(*) FROM mr_assignees WHERE mr_id = ?", mr_id) == [(0,)]
    bad = post(
        f"/{PROJECT}/-/merge_requests/new",
        {"source_branch": name, "target_branch": "main", "title": "x", "reviewer_id": "999"},
    )
    assert bad.status_code == 400 and "Choose a reviewer from the list." in bad.get_data(
        as_text=True
    )


def test_dashboard_review_requests(client, auth, q, check_page) -> None:
    expected = q(
        "SELECT COUNT(*) FROM merge_requests WHERE state = 'opened' AND id IN"
        " (SELECT mr_id FROM mr_reviewers WHERE user_id = 1)"
    )[0][0]
    assert expected
    auth.login()
    page = client.get("/dashboard/merge_requests?reviewer_username=alex.chen")
    check_page(page.data)
    tree = html.fromstring(page.data)
    assert tree.findtext(".//h1") == "Merge requests where my review is requested"
    assert len(tree.cssselect("ul.item-list li")) == min(expected, 20)
    assert f"{expected} open merge request" in tree.text_content()
    tabs = [a.text_content() for a in tree.cssselect("nav.tabs a")]
    assert tabs == ["Assigned to me", "Created by me"]


@pytest.mark.parametrize(
    ("url", "title", "sql"),
    [
        (
            "/dashboard/issues",
            "Issues assigned to me",
            "SELECT COUNT(*) FROM issues WHERE state = 'opened' AND id IN"
            " (SELECT issue_id FROM issue_assignees WHERE user_id = 1)",
        ),
        (
            "/dashboard/issues?author_username=alex.chen",
            "Issues created by me",
            "SELECT COUNT(*) FROM issues WHERE state = 'opened' AND author_id = 1",
        ),
        (
            "/dashboard/merge_requests?author_username=alex.chen",
            "Merge requests created by me",
            "SELECT COUNT(*) FROM merge_requests WHERE state = 'opened' AND author_id = 1",
        ),
    ],
)
def test_dashboard_scopes(client, auth, q, check_page, url, title, sql) -> None:
    auth.login()
    page = client.get(url)
    check_page(page.data)
    tree = html.fromstring(page.data)
    assert tree.findtext(".//h1") == title
    count = q(sql)[0][0]
    assert count and f"{count} open " in tree.text_content()
    assert tree.cssselect("nav.tabs span[aria-current=page]")


def test_dashboard_does_not_show_invisible_projects(client, auth, q) -> None:
    author, hidden = q(
        "SELECT u.username, COUNT(*) FROM issues i JOIN projects p ON p.id = i.project_id"
        " JOIN users u ON u.id = i.author_id WHERE i.state = 'opened' AND"
        " p.visibility = 'private' AND p.id NOT IN (SELECT project_id FROM members WHERE"
        " user_id = 1) AND p.namespace_id NOT IN (SELECT namespace_id FROM group_members WHERE"
        " user_id = 1) GROUP BY u.id ORDER BY COUNT(*) DESC LIMIT 1"
    )[0]
    visible = q(
        "SELECT COUNT(*) FROM issues i JOIN projects p ON p.id = i.project_id JOIN users u ON"
        " u.id = i.author_id WHERE i.state = 'opened' AND u.username = ? AND (p.visibility !="
        " 'private' OR p.id IN (SELECT project_id FROM members WHERE user_id = 1))",
        author,
    )[0][0]
    auth.login()
    page = client.get("/dashboard/issues", query_string={"author_username": author})
    text = html.fromstring(page.data).text_content()
    assert hidden and (f"{visible} open " in text if visible else "No open issues" in text)


def _reviewer_ids(q, mr_id: int) -> list[int]:
    return [
        row[0] for row in q("SELECT user_id FROM mr_reviewers WHERE mr_id = ? ORDER BY 1", mr_id)
    ]


def test_edit_form_sets_reviewers(client, auth, post, q, facts, check_page) -> None:
    project_id = facts.project_id(PROJECT)
    mr_id, iid = _open_mr(q, project_id)
    members = [
        row[0]
        for row in q(
            "SELECT user_id FROM members WHERE project_id = ? AND user_id != 1 ORDER BY user_id",
            project_id,
        )
    ]
    auth.login()
    url = f"/{PROJECT}/-/merge_requests/{iid}/edit"
    form = client.get(url)
    check_page(form.data)
    checked = [
        int(box.get("value"))
        for box in html.fromstring(form.data).cssselect("input[name=reviewer_ids][checked]")
    ]
    assert checked == _reviewer_ids(q, mr_id)
    title = q("SELECT title FROM merge_requests WHERE id = ?", mr_id)[0][0]
    wanted = members[:2]
    response = post(url, {"title": title, "reviewer_ids": [str(i) for i in wanted]})
    assert response.status_code == 302
    assert _reviewer_ids(q, mr_id) == wanted
    refused = post(url, {"title": "Changed", "reviewer_ids": ["999"]})
    assert refused.status_code == 400
    assert "Choose reviewers from the project" in refused.get_data(as_text=True)
    assert _reviewer_ids(q, mr_id) == wanted
    assert q("SELECT title FROM merge_requests WHERE id = ?", mr_id) == [(title,)]
    assert post(url, {"title": title}).status_code == 302  # none ticked: no reviewers
    assert _reviewer_ids(q, mr_id) == []


def test_api_reviewer_ids_and_filter(client, auth, q, facts) -> None:
    project_id = facts.project_id(PROJECT)
    mr_id, iid = _open_mr(q, project_id)
    member = q(
        "SELECT user_id FROM members WHERE project_id = ? AND user_id != 1 ORDER BY user_id",
        project_id,
    )[0][0]
    auth.login()
    api = f"/api/v4/projects/{project_id}/merge_requests"
    response = client.put(f"{api}/{iid}", json={"reviewer_ids": [member, 1]})
    assert response.status_code == 200
    assert sorted(r["id"] for r in response.json["reviewers"]) == sorted([member, 1])
    assert _reviewer_ids(q, mr_id) == sorted([member, 1])
    mine = client.get(api, query_string={"reviewer_username": "alex.chen", "state": "opened"})
    assert iid in [item["iid"] for item in mine.json]
    bad = client.put(f"{api}/{iid}", json={"reviewer_ids": [999]})
    assert bad.status_code == 400
    assert _reviewer_ids(q, mr_id) == sorted([member, 1])
