"""Issues: list filters and sorting, create, edit, comment, close, reopen, assign, label."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

PROJECT = "northwind/falcon-proxy"


def _ids(response) -> list[str]:
    tree = html.fromstring(response.data)
    return [p.text_content().split(" · ")[0].strip() for p in tree.cssselect("ul.item-list p.meta")]


def _open_issue(conn, facts, assigned: bool = False) -> tuple[int, int]:
    row = conn.execute(
        "SELECT id, iid FROM issues WHERE project_id = ? AND state = 'opened' AND"
        f" id {'IN' if assigned else 'NOT IN'} (SELECT issue_id FROM issue_assignees) ORDER BY iid"
        " LIMIT 1",
        (facts.project_id(PROJECT),),
    ).fetchone()
    return row[0], row[1]


def test_list_defaults_to_open_issues_newest_first(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(PROJECT)
    expected = [
        f"#{row[0]}"
        for row in conn.execute(
            "SELECT iid FROM issues WHERE project_id = ? AND state = 'opened'"
            " ORDER BY created_at DESC, iid DESC LIMIT 20",
            (project_id,),
        )
    ]
    response = client.get(f"/{PROJECT}/-/issues")
    assert _ids(response) == expected
    count = conn.execute(
        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'opened'", (project_id,)
    ).fetchone()[0]
    assert f"Open {count}" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("args", "where"),
    [
        ({"state": "closed"}, "i.state = 'closed'"),
        ({"state": "all"}, "1"),
        (
            {"label": "bug"},
            "i.state = 'opened' AND i.id IN (SELECT issue_id FROM issue_labels x"
            " JOIN labels l ON l.id = x.label_id WHERE l.name = 'bug')",
        ),
        (
            {"assignee_username": "alex.chen", "state": "all"},
            "i.id IN (SELECT issue_id FROM issue_assignees WHERE user_id = 1)",
        ),
        (
            {"assignee_username": "None"},
            "i.state = 'opened' AND i.id NOT IN (SELECT issue_id FROM issue_assignees)",
        ),
        (
            {"search": "performance", "state": "all"},
            "(i.title LIKE '%performance%' OR i.description LIKE '%performance%')",
        ),
        ({"milestone": "None", "state": "closed"}, "i.state = 'closed' AND i.milestone_id IS NULL"),
    ],
)
def test_filters(client: FlaskClient, conn, facts, args, where) -> None:
    project_id = facts.project_id(PROJECT)
    expected = [
        f"#{row[0]}"
        for row in conn.execute(
            f"SELECT iid FROM issues i WHERE project_id = ? AND {where}"
            " ORDER BY created_at DESC, iid DESC LIMIT 20",
            (project_id,),
        )
    ]
    assert _ids(client.get(f"/{PROJECT}/-/issues", query_string=args)) == expected


def test_filter_by_author_and_milestone(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(PROJECT)
    author, milestone = conn.execute(
        "SELECT u.username, m.title FROM issues i JOIN users u ON u.id = i.author_id JOIN"
        " milestones m ON m.id = i.milestone_id WHERE i.project_id = ? LIMIT 1",
        (project_id,),
    ).fetchone()
    expected = [
        f"#{row[0]}"
        for row in conn.execute(
            "SELECT i.iid FROM issues i JOIN users u ON u.id = i.author_id JOIN milestones m ON"
            " m.id = i.milestone_id WHERE i.project_id = ? AND u.username = ? AND m.title = ?"
            " ORDER BY i.created_at DESC, i.iid DESC",
            (project_id, author, milestone),
        )
    ]
    got = _ids(
        client.get(
            f"/{PROJECT}/-/issues",
            query_string={"author_username": author, "milestone": milestone, "state": "all"},
        )
    )
    assert got == expected and got


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("created_asc", "created_at, iid"),
        ("updated_desc", "updated_at DESC, iid DESC"),
        ("due_date", "due_date IS NULL, due_date, iid"),
    ],
)
def test_sorting(client: FlaskClient, conn, facts, sort, order) -> None:
    expected = [
        f"#{row[0]}"
        for row in conn.execute(
            f"SELECT iid FROM issues WHERE project_id = ? ORDER BY {order} LIMIT 20",
            (facts.project_id(PROJECT),),
        )
    ]
    response = client.get(f"/{PROJECT}/-/issues", query_string={"state": "all", "sort": sort})
    assert _ids(response) == expected


def test_pagination(client: FlaskClient) -> None:
    first = _ids(client.get(f"/{PROJECT}/-/issues?state=all"))
    second = _ids(client.get(f"/{PROJECT}/-/issues?state=all&page=2"))
    assert len(first) == 20 and second and not set(first) & set(second)
    assert client.get(f"/{PROJECT}/-/issues?page=99").status_code == 404


def test_issue_page(client: FlaskClient, conn, facts) -> None:
    issue_id, iid = _open_issue(conn, facts, assigned=True)
    response = client.get(f"/{PROJECT}/-/issues/{iid}")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    title = conn.execute("SELECT title FROM issues WHERE id = ?", (issue_id,)).fetchone()[0]
    assert tree.cssselect("h1")[0].text_content() == title
    assert tree.cssselect("aside.sidebar")
    assert client.get(f"/{PROJECT}/-/issues/99999").status_code == 404


def test_create_issue_with_labels_assignee_milestone(client, auth, post, conn, facts) -> None:
    auth.login()
    project_id = facts.project_id(PROJECT)
    labels = [
        str(row[0])
        for row in conn.execute(
            "SELECT id FROM labels WHERE project_id = ? AND name IN ('bug', 'documentation')",
            (project_id,),
        )
    ]
    milestone = conn.execute(
        "SELECT id FROM milestones WHERE project_id = ? AND state = 'active' LIMIT 1", (project_id,)
    ).fetchone()[0]
    response = post(
        f"/{PROJECT}/-/issues/new",
        {
            "title": "Crash when <script>alert(1)</script> is a title",
            "description": "## Steps\n\n1. do it\n2. see @alex.chen",
            "label_ids": labels,
            "assignee_id": "1",
            "milestone_id": str(milestone),
            "due_date": "2024-07-01",
        },
    )
    assert response.status_code == 302
    iid = int(response.headers["Location"].rsplit("/", 1)[1])
    issue = conn.execute(
        "SELECT id, state, author_id, milestone_id, due_date FROM issues WHERE"
        " project_id = ? AND iid = ?",
        (project_id, iid),
    ).fetchone()
    assert issue[1:] == ("opened", 1, milestone, "2024-07-01")
    assert (
        len(conn.execute("SELECT * FROM issue_labels WHERE issue_id = ?", (issue[0],)).fetchall())
        == 2
    )
    assert conn.execute(
        "SELECT user_id FROM issue_assignees WHERE issue_id = ?", (issue[0],)
    ).fetchall() == [(1,)]
    page = client.get(f"/{PROJECT}/-/issues/{iid}").get_data(as_text=True)
    assert "&lt;script&gt;" in page and "<script>" not in page
    assert "<h3>Steps</h3>" in page


def test_create_issue_errors(client, auth, post) -> None:
    auth.login()
    empty = post(f"/{PROJECT}/-/issues/new", {"title": " "})
    assert empty.status_code == 400 and b"Title is required" in empty.data
    long = post(f"/{PROJECT}/-/issues/new", {"title": "x" * 300})
    assert long.status_code == 400 and b"Title must be at most 255 characters" in long.data
    huge = post(f"/{PROJECT}/-/issues/new", {"title": "ok", "description": "y" * 10_001})
    assert huge.status_code == 400 and b"Description must be at most 10,000" in huge.data
    date = post(f"/{PROJECT}/-/issues/new", {"title": "ok", "due_date": "tomorrow"})
    assert date.status_code == 400 and b"Due date must be a date" in date.data


def test_anonymous_cannot_create_issues(client: FlaskClient) -> None:
    response = client.get(f"/{PROJECT}/-/issues/new")
    assert response.status_code == 302 and "/users/sign_in" in response.headers["Location"]


def test_edit_issue(client, auth, post, conn, facts) -> None:
    auth.login()
    issue_id, iid = _open_issue(conn, facts)
    response = post(f"/{PROJECT}/-/issues/{iid}/edit", {"title": "Renamed", "description": "New"})
    assert response.status_code == 302
    assert conn.execute(
        "SELECT title, description, updated_at FROM issues WHERE id = ?", (issue_id,)
    ).fetchone() == ("Renamed", "New", "2024-06-15 12:00:00")


def test_comment_and_mention_creates_todo(client, auth, post, conn, facts) -> None:
    auth.login()
    issue_id, iid = _open_issue(conn, facts)
    mentioned = conn.execute(
        "SELECT u.username, u.id FROM members m JOIN users u ON u.id = m.user_id WHERE"
        " m.project_id = ? AND u.id != 1 LIMIT 1",
        (facts.project_id(PROJECT),),
    ).fetchone()
    response = post(
        f"/{PROJECT}/-/issues/{iid}/notes", {"body": f"Ping @{mentioned[0]}, see `code`"}
    )
    assert response.status_code == 302
    assert (
        conn.execute(
            "SELECT body FROM notes WHERE target_type = 'issue' AND target_id = ?"
            " ORDER BY id DESC LIMIT 1",
            (issue_id,),
        )
        .fetchone()[0]
        .startswith("Ping")
    )
    assert conn.execute(
        "SELECT action, state FROM todos WHERE user_id = ? AND target_id = ?"
        " ORDER BY id DESC LIMIT 1",
        (mentioned[1], issue_id),
    ).fetchone() == ("mentioned", "pending")
    empty = post(f"/{PROJECT}/-/issues/{iid}/notes", {"body": ""})
    assert empty.status_code == 400 and b"Comment is required" in empty.data


def test_close_and_reopen(client, auth, post, conn, facts) -> None:
    auth.login()
    issue_id, iid = _open_issue(conn, facts)
    assert post(f"/{PROJECT}/-/issues/{iid}/close").status_code == 302
    assert conn.execute(
        "SELECT state, closed_at FROM issues WHERE id = ?", (issue_id,)
    ).fetchone() == ("closed", "2024-06-15 12:00:00")
    page = client.get(f"/{PROJECT}/-/issues/{iid}").get_data(as_text=True)
    assert "Reopen issue" in page and "closed" in page
    assert post(f"/{PROJECT}/-/issues/{iid}/reopen").status_code == 302
    assert conn.execute(
        "SELECT state, closed_at FROM issues WHERE id = ?", (issue_id,)
    ).fetchone() == ("opened", None)


def test_assign_to_me_and_unassign(client, auth, post, conn, facts) -> None:
    auth.login()
    issue_id, iid = _open_issue(conn, facts)
    page = html.fromstring(client.get(f"/{PROJECT}/-/issues/{iid}").data)
    assert [b.text_content() for b in page.cssselect("aside button")].count("Assign to me") == 1
    assert post(f"/{PROJECT}/-/issues/{iid}/assign", {"assignee_id": "1"}).status_code == 302
    assert conn.execute(
        "SELECT user_id FROM issue_assignees WHERE issue_id = ?", (issue_id,)
    ).fetchall() == [(1,)]
    assert b"Unassign alex.chen" in client.get(f"/{PROJECT}/-/issues/{iid}").data
    assert post(f"/{PROJECT}/-/issues/{iid}/unassign", {"user_id": "1"}).status_code == 302
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM issue_assignees WHERE issue_id = ?", (issue_id,)
        ).fetchone()[0]
        == 0
    )


def test_assign_someone_else_gives_them_a_todo(client, auth, post, conn, facts) -> None:
    auth.login()
    issue_id, iid = _open_issue(conn, facts)
    other = conn.execute(
        "SELECT user_id FROM members WHERE project_id = ? AND user_id != 1 LIMIT 1",
        (facts.project_id(PROJECT),),
    ).fetchone()[0]
    post(f"/{PROJECT}/-/issues/{iid}/assign", {"assignee_id": str(other)})
    assert conn.execute(
        "SELECT action FROM todos WHERE user_id = ? AND target_id = ? AND state = 'pending'",
        (other, issue_id),
    ).fetchone() == ("assigned",)
    outsider = post(f"/{PROJECT}/-/issues/{iid}/assign", {"assignee_id": "999"})
    assert outsider.status_code == 302
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM issue_assignees WHERE issue_id = ?", (issue_id,)
        ).fetchone()[0]
        == 1
    )


def test_labels_milestone_and_due_date(client, auth, post, conn, facts) -> None:
    auth.login()
    project_id = facts.project_id(PROJECT)
    issue_id, iid = _open_issue(conn, facts)
    label_ids = [
        str(row[0])
        for row in conn.execute(
            "SELECT id FROM labels WHERE project_id = ? ORDER BY name LIMIT 2", (project_id,)
        )
    ]
    post(f"/{PROJECT}/-/issues/{iid}/labels", {"label_ids": label_ids})
    assert sorted(
        str(r[0])
        for r in conn.execute("SELECT label_id FROM issue_labels WHERE issue_id = ?", (issue_id,))
    ) == sorted(label_ids)
    post(f"/{PROJECT}/-/issues/{iid}/labels", {"label_ids": label_ids[:1]})
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM issue_labels WHERE issue_id = ?", (issue_id,)
        ).fetchone()[0]
        == 1
    )
    milestone = conn.execute(
        "SELECT id FROM milestones WHERE project_id = ? LIMIT 1", (project_id,)
    ).fetchone()[0]
    post(f"/{PROJECT}/-/issues/{iid}/milestone", {"milestone_id": str(milestone)})
    post(f"/{PROJECT}/-/issues/{iid}/due_date", {"due_date": "2024-08-01"})
    assert conn.execute(
        "SELECT milestone_id, due_date FROM issues WHERE id = ?", (issue_id,)
    ).fetchone() == (milestone, "2024-08-01")
    notes = [
        row[0]
        for row in conn.execute(
            "SELECT body FROM notes WHERE target_id = ? AND target_type = 'issue' AND system = 1",
            (issue_id,),
        )
    ]
    assert any(note.startswith("added ~") for note in notes)
    assert any(note.startswith("changed milestone") for note in notes)


def test_reporter_can_label_but_guest_cannot(client, auth, post, conn, facts) -> None:
    auth.login()
    guest_project = facts.project_with_role("alex.chen", 10)
    project_id = facts.project_id(guest_project)
    iid = conn.execute(
        "SELECT iid FROM issues WHERE project_id = ? AND author_id != 1 LIMIT 1", (project_id,)
    ).fetchone()[0]
    assert post(f"/{guest_project}/-/issues/{iid}/labels", {"label_ids": []}).status_code == 403
    assert post(f"/{guest_project}/-/issues/{iid}/close").status_code == 403
    assert post(f"/{guest_project}/-/issues/{iid}/assign", {"assignee_id": "1"}).status_code == 403
    page = client.get(f"/{guest_project}/-/issues/{iid}").get_data(as_text=True)
    assert "Assign to me" not in page and "Close issue" not in page
    assert post(f"/{guest_project}/-/issues/{iid}/notes", {"body": "hi"}).status_code == 302
    reporter_project = facts.project_with_role("alex.chen", 20)
    iid = conn.execute(
        "SELECT iid FROM issues WHERE project_id = ? LIMIT 1", (facts.project_id(reporter_project),)
    ).fetchone()[0]
    assert post(f"/{reporter_project}/-/issues/{iid}/labels", {"label_ids": []}).status_code == 302


def test_authors_can_close_their_own_issue(client, auth, post, conn, facts) -> None:
    auth.login()
    guest_project = facts.project_with_role("alex.chen", 10)
    response = post(f"/{guest_project}/-/issues/new", {"title": "Mine"})
    assert response.status_code == 302
    iid = response.headers["Location"].rsplit("/", 1)[1]
    assert post(f"/{guest_project}/-/issues/{iid}/close").status_code == 302
    sneaky = post(f"/{guest_project}/-/issues/new", {"title": "x", "assignee_id": "1"})
    assert sneaky.status_code == 400


def test_dashboard_issues_lists_my_open_assignments(client, auth, conn) -> None:
    auth.login()
    count = conn.execute(
        "SELECT COUNT(*) FROM issue_assignees a JOIN issues i ON i.id ="
        " a.issue_id WHERE a.user_id = 1 AND i.state = 'opened'"
    ).fetchone()[0]
    page = client.get("/dashboard/issues").get_data(as_text=True)
    assert f"{count} open issues" in page


def test_row_factory_is_left_usable(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT 1").fetchone()[0] == 1
