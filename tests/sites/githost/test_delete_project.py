"""Deleting a project: Settings › General › Advanced › Delete project (Owners only)."""

from __future__ import annotations

import sqlite3
from urllib.parse import quote

from flask.testing import FlaskClient
from lxml import html

from tests.sites.conftest import SITES, AuthActions, csrf_token

OWNED = "alex.chen/quartz-lint"
MAINTAINED = "northwind/falcon-proxy"


def tables_with_project_id(conn) -> list[str]:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return [
        table
        for table in tables
        if any(col[1] == "project_id" for col in conn.execute(f"PRAGMA table_info({table})"))
    ]


def test_owner_deletes_a_project_and_everything_in_it(
    client: FlaskClient, auth, post, conn, facts, check_page
) -> None:
    project_id = facts.project_id(OWNED)
    issue_ids = [
        r[0] for r in conn.execute("SELECT id FROM issues WHERE project_id = ?", (project_id,))
    ]
    mr_ids = [
        r[0]
        for r in conn.execute("SELECT id FROM merge_requests WHERE project_id = ?", (project_id,))
    ]
    assert issue_ids and mr_ids
    # Someone else forks it first: the fork must survive the deletion.
    auth.login("andrei.bauer")
    assert post(f"/{OWNED}/-/fork").status_code == 302
    fork = conn.execute(
        "SELECT id FROM projects WHERE forked_from_id = ?", (project_id,)
    ).fetchone()
    assert fork
    auth.login()
    settings = client.get(f"/{OWNED}/-/settings")
    check_page(settings.data)
    tree = html.fromstring(settings.data)
    label = tree.cssselect('label[for="confirm_path"]')[0].text_content()
    assert label == f"Enter the following to confirm: {OWNED}"
    response = post(f"/{OWNED}/-/settings/delete", {"confirm_path": OWNED})
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert f"Project &#39;{OWNED}&#39; was deleted." in client.get("/").get_data(as_text=True)
    assert conn.execute("SELECT 1 FROM projects WHERE id = ?", (project_id,)).fetchone() is None
    for table in tables_with_project_id(conn):
        count = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE project_id = ?", (project_id,))
        assert count.fetchone()[0] == 0, table
    marks = ", ".join("?" * len(issue_ids))
    for table in ("issue_labels", "issue_assignees"):
        left = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE issue_id IN ({marks})", issue_ids)
        assert left.fetchone()[0] == 0, table
    marks = ", ".join("?" * len(mr_ids))
    for table in ("mr_labels", "mr_assignees", "mr_approvals"):
        left = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE mr_id IN ({marks})", mr_ids)
        assert left.fetchone()[0] == 0, table
    assert conn.execute("SELECT forked_from_id FROM projects WHERE id = ?", fork).fetchone() == (
        None,
    )
    assert client.get(f"/{OWNED}").status_code == 404
    assert client.get(f"/{OWNED}/-/issues").status_code == 404
    assert client.get(f"/api/v4/projects/{quote(OWNED, safe='')}").status_code == 404
    for page in ("/", "/explore", "/search?q=quartz"):
        links = html.fromstring(client.get(page).data).cssselect("a")
        assert not [a for a in links if a.get("href") == f"/{OWNED}"], page
    assert client.get("/dashboard/todos").status_code == 200


def test_wrong_confirmation_deletes_nothing(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    for typed in ("", "quartz-lint", f"{OWNED}x", "alex.chen/Quartz-Lint"):
        response = post(f"/{OWNED}/-/settings/delete", {"confirm_path": typed})
        assert response.status_code == 400
        assert f"Enter {OWNED} exactly to confirm" in response.get_data(as_text=True)
    assert post(f"/{OWNED}/-/settings/delete", {}).status_code == 400
    assert conn.execute(
        "SELECT 1 FROM projects WHERE id = ?", (facts.project_id(OWNED),)
    ).fetchone()


def test_only_owners_may_delete(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    settings = html.fromstring(client.get(f"/{MAINTAINED}/-/settings").data)
    assert not settings.cssselect('form[action$="/-/settings/delete"]')
    refused = post(f"/{MAINTAINED}/-/settings/delete", {"confirm_path": MAINTAINED})
    assert refused.status_code == 403
    developer = facts.project_with_role("alex.chen", 30)
    assert post(f"/{developer}/-/settings/delete", {"confirm_path": developer}).status_code == 403
    auth.logout()
    anonymous = post(f"/{OWNED}/-/settings/delete", {"confirm_path": OWNED})
    assert anonymous.status_code == 403
    for path in (MAINTAINED, developer, OWNED):
        assert conn.execute(
            "SELECT 1 FROM projects WHERE id = ?", (facts.project_id(path),)
        ).fetchone()


def test_deleting_from_a_database_file_with_foreign_keys_on(raw_conn, tmp_path) -> None:
    """``webenv serve`` keeps worlds in files, where foreign keys are enforced; an older
    file (without the merge_method column) is upgraded when the app opens it."""
    path = tmp_path / "githost.sqlite"
    target = sqlite3.connect(path)
    raw_conn.backup(target)
    target.execute("ALTER TABLE projects DROP COLUMN merge_method")
    target.commit()
    target.close()
    app = SITES["githost"].create_app({"DATABASE": str(path), "TESTING": True})
    client = app.test_client()
    AuthActions(client, SITES["githost"]).login()
    token = csrf_token(client, SITES["githost"])
    response = client.post(
        f"/{OWNED}/-/settings/delete", data={"confirm_path": OWNED, "csrf_token": token}
    )
    assert response.status_code == 302
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA foreign_key_check").fetchall() == []
    gone = check.execute(
        "SELECT COUNT(*) FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE n.path || '/' || p.path = ?",
        (OWNED,),
    ).fetchone()
    assert gone == (0,)
    assert check.execute("SELECT DISTINCT merge_method FROM projects").fetchall() == [("merge",)]
    check.close()
