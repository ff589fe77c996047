"""Labels and milestones: list, create, edit, delete, close and reopen."""

from __future__ import annotations

from flask.testing import FlaskClient
from lxml import html

PROJECT = "northwind/falcon-proxy"


def test_labels_page_counts_open_issues(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(PROJECT)
    expected = conn.execute(
        "SELECT COUNT(*) FROM issue_labels x JOIN issues i ON i.id = x.issue_id JOIN labels l ON"
        " l.id = x.label_id WHERE l.project_id = ? AND l.name = 'bug' AND i.state = 'opened'",
        (project_id,),
    ).fetchone()[0]
    tree = html.fromstring(client.get(f"/{PROJECT}/-/labels").data)
    assert tree.cssselect(f'a[aria-label="{expected} open issues labelled bug"]')


def test_create_edit_delete_label(client, auth, post, conn, facts) -> None:
    auth.login()
    project_id = facts.project_id(PROJECT)
    assert (
        post(
            f"/{PROJECT}/-/labels/new",
            {"name": "needs-design", "color": "#AABBCC", "description": "UX input"},
        ).status_code
        == 302
    )
    label_id, color = conn.execute(
        "SELECT id, color FROM labels WHERE project_id = ? AND name = 'needs-design'", (project_id,)
    ).fetchone()
    assert color == "#aabbcc"
    duplicate = post(f"/{PROJECT}/-/labels/new", {"name": "needs-design", "color": "#000000"})
    assert duplicate.status_code == 400 and b"already exists" in duplicate.data
    bad = post(f"/{PROJECT}/-/labels/new", {"name": "x", "color": "red"})
    assert bad.status_code == 400 and b"hex colour" in bad.data
    post(f"/{PROJECT}/-/labels/{label_id}/edit", {"name": "design", "color": "#123456"})
    assert conn.execute("SELECT name FROM labels WHERE id = ?", (label_id,)).fetchone() == (
        "design",
    )
    assert b'aria-label="Edit label design"' in client.get(f"/{PROJECT}/-/labels").data
    post(f"/{PROJECT}/-/labels/{label_id}/delete")
    assert conn.execute("SELECT 1 FROM labels WHERE id = ?", (label_id,)).fetchone() is None


def test_guest_cannot_manage_labels(client, auth, post, facts) -> None:
    auth.login()
    guest = facts.project_with_role("alex.chen", 10)
    assert post(f"/{guest}/-/labels/new", {"name": "x", "color": "#000000"}).status_code == 403
    assert client.get(f"/{guest}/-/milestones/new").status_code == 403


def test_milestones_list_create_close_reopen(client, auth, post, conn, facts) -> None:
    auth.login()
    project_id = facts.project_id(PROJECT)
    open_count = conn.execute(
        "SELECT COUNT(*) FROM milestones WHERE project_id = ? AND state = 'active'", (project_id,)
    ).fetchone()[0]
    tree = html.fromstring(client.get(f"/{PROJECT}/-/milestones").data)
    assert len(tree.cssselect("tbody tr")) == open_count
    response = post(
        f"/{PROJECT}/-/milestones/new",
        {
            "title": "v3.0",
            "description": "Big one",
            "start_date": "2024-07-01",
            "due_date": "2024-09-30",
        },
    )
    assert response.status_code == 302
    milestone_id = int(response.headers["Location"].rsplit("/", 1)[1])
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Milestone v3.0" in page and "Sep 30, 2024" in page
    post(f"/{PROJECT}/-/milestones/{milestone_id}/close")
    assert conn.execute(
        "SELECT state FROM milestones WHERE id = ?", (milestone_id,)
    ).fetchone() == ("closed",)
    closed = client.get(f"/{PROJECT}/-/milestones?state=closed").get_data(as_text=True)
    assert "v3.0" in closed
    post(f"/{PROJECT}/-/milestones/{milestone_id}/reopen")
    assert conn.execute(
        "SELECT state FROM milestones WHERE id = ?", (milestone_id,)
    ).fetchone() == ("active",)
    post(f"/{PROJECT}/-/milestones/{milestone_id}/edit", {"title": "v3.1", "due_date": ""})
    assert conn.execute(
        "SELECT title, due_date FROM milestones WHERE id = ?", (milestone_id,)
    ).fetchone() == ("v3.1", None)


def test_milestone_form_errors(client, auth, post) -> None:
    auth.login()
    backwards = post(
        f"/{PROJECT}/-/milestones/new",
        {"title": "x", "start_date": "2024-07-02", "due_date": "2024-07-01"},
    )
    assert backwards.status_code == 400 and b"must not be before" in backwards.data
    bad = post(f"/{PROJECT}/-/milestones/new", {"title": "x", "due_date": "31/12/2024"})
    assert bad.status_code == 400 and b"Due date must be a date" in bad.data
    long = post(f"/{PROJECT}/-/milestones/new", {"title": "t" * 101})
    assert long.status_code == 400 and b"Title must be at most 100" in long.data


def test_milestone_page_lists_its_issues(client, conn, facts) -> None:
    row = conn.execute(
        "SELECT m.id, COUNT(i.id) FROM milestones m JOIN issues i ON"
        " i.milestone_id = m.id WHERE m.project_id = ? GROUP BY m.id LIMIT 1",
        (facts.project_id(PROJECT),),
    ).fetchone()
    tree = html.fromstring(client.get(f"/{PROJECT}/-/milestones/{row[0]}").data)
    assert len(tree.cssselect("ul.item-list li")) >= min(row[1], 1)
