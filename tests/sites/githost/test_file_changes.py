"""Renaming (moving) a file on the edit page and deleting a file from its blob page."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.githost import repo

MAINTAINED = "northwind/falcon-proxy"


def snapshot(conn, facts, branch: str = "main") -> dict[str, int]:
    conn.row_factory = sqlite3.Row
    head = repo.get_commit(conn, facts.project_id(MAINTAINED), facts.head(MAINTAINED, branch))
    files = repo.tree_files(conn, head["tree_id"])
    conn.row_factory = None
    return files


def head_commit(conn, facts, branch: str = "main") -> tuple:
    return conn.execute(
        "SELECT parent_sha, message, author_id FROM commits WHERE project_id = ? AND sha = ?",
        (facts.project_id(MAINTAINED), facts.head(MAINTAINED, branch)),
    ).fetchone()


def test_rename_moves_the_file_in_one_commit(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    before_head = facts.head(MAINTAINED)
    before = snapshot(conn, facts)
    page = html.fromstring(client.get(f"/{MAINTAINED}/-/edit/main/config.yml").data)
    assert page.get_element_by_id("file_path").get("value") == "config.yml"
    content = client.get(f"/{MAINTAINED}/-/raw/main/config.yml").get_data(as_text=True)
    response = post(
        f"/{MAINTAINED}/-/edit/main/config.yml",
        {
            "file_path": "conf/settings.yml",
            "content": content,
            "commit_message": "Move config.yml into conf/",
            "branch_name": "main",
        },
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/-/blob/main/conf/settings.yml")
    after = snapshot(conn, facts)
    assert "config.yml" not in after and after["conf/settings.yml"] == before["config.yml"]
    assert {k: v for k, v in after.items() if k != "conf/settings.yml"} == {
        k: v for k, v in before.items() if k != "config.yml"
    }
    assert head_commit(conn, facts) == (before_head, "Move config.yml into conf/", 1)
    assert (
        client.get(f"/{MAINTAINED}/-/raw/main/conf/settings.yml").get_data(as_text=True) == content
    )
    assert client.get(f"/{MAINTAINED}/-/raw/main/config.yml").status_code == 404


def test_rename_and_edit_together_on_a_new_branch(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    auth.login()
    main_before = facts.head(MAINTAINED)
    response = post(
        f"/{MAINTAINED}/-/edit/main/README.md",
        {
            "file_path": "docs/README.md",
            "content": "# Moved\n",
            "commit_message": "Move the readme",
            "branch_name": "move-readme",
        },
    )
    assert response.status_code == 302
    assert facts.head(MAINTAINED) == main_before
    files = snapshot(conn, facts, "move-readme")
    assert "README.md" not in files
    assert client.get(f"/{MAINTAINED}/-/raw/move-readme/docs/README.md").data == b"# Moved\n"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("", "File path is required"),
        ("../etc/passwd", "File path may contain"),
        ("a//./b", "File path may contain"),
        ("README.md", "already exists"),
        ("src", "already exists"),
        ("README.md/inner.yml", "A parent folder of that path is a file"),
    ],
)
def test_rename_refuses_bad_or_taken_paths(
    client: FlaskClient, auth, post, facts, path, message
) -> None:
    auth.login()
    before = facts.head(MAINTAINED)
    response = post(
        f"/{MAINTAINED}/-/edit/main/config.yml",
        {"file_path": path, "content": "x\n", "commit_message": "Move", "branch_name": "main"},
    )
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert facts.head(MAINTAINED) == before


def test_delete_file_commits_and_redirects_to_the_folder(
    client: FlaskClient, auth, post, conn, facts, check_page
) -> None:
    auth.login()
    before_head = facts.head(MAINTAINED)
    before = snapshot(conn, facts)
    path = sorted(p for p in before if p.startswith("src/") and p.count("/") >= 2)[0]
    folder = path.rsplit("/", 1)[0]
    blob = html.fromstring(client.get(f"/{MAINTAINED}/-/blob/main/{path}").data)
    assert blob.cssselect(f'a[aria-label="Delete {path}"]')
    form = client.get(f"/{MAINTAINED}/-/delete/main/{path}")
    assert form.status_code == 200
    check_page(form.data)
    name = path.rsplit("/", 1)[1]
    assert html.fromstring(form.data).get_element_by_id("commit_message").text == f"Delete {name}"
    response = post(
        f"/{MAINTAINED}/-/delete/main/{path}",
        {"commit_message": f"Delete {name}", "branch_name": "main"},
    )
    assert response.status_code == 302
    after = snapshot(conn, facts)
    assert set(before) - set(after) == {path} and len(after) == len(before) - 1
    assert head_commit(conn, facts) == (before_head, f"Delete {name}", 1)
    remaining = [p for p in after if p.startswith(folder + "/")]
    target = folder if remaining else ""
    assert response.headers["Location"].endswith(
        f"/-/tree/main/{target}" if target else "/-/tree/main"
    )
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The file has been successfully deleted." in page


def test_deleting_the_last_file_of_a_folder_goes_up(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    auth.login()
    post(
        f"/{MAINTAINED}/-/new/main",
        {
            "file_name": "lonely/only.txt",
            "content": "x\n",
            "commit_message": "Add",
            "branch_name": "main",
        },
    )
    response = post(
        f"/{MAINTAINED}/-/delete/main/lonely/only.txt",
        {"commit_message": "Remove it", "branch_name": "main"},
    )
    assert response.headers["Location"].endswith(f"/{MAINTAINED}/-/tree/main")
    assert not any(p.startswith("lonely/") for p in snapshot(conn, facts))


def test_delete_refusals(client: FlaskClient, auth, post, conn, facts) -> None:
    public = facts.project(MAINTAINED)["visibility"] == "public"
    assert client.get(f"/{MAINTAINED}/-/delete/main/README.md").status_code == (
        403 if public else 404
    )
    auth.login()
    before = facts.head(MAINTAINED)
    blank = post(
        f"/{MAINTAINED}/-/delete/main/README.md", {"commit_message": "", "branch_name": "main"}
    )
    assert blank.status_code == 400 and b"Commit message is required" in blank.data
    bad_branch = post(
        f"/{MAINTAINED}/-/delete/main/README.md", {"commit_message": "x", "branch_name": "a..b"}
    )
    assert bad_branch.status_code == 400 and b"Branch name may contain" in bad_branch.data
    assert (
        post(
            f"/{MAINTAINED}/-/delete/main/no-such-file.txt",
            {"commit_message": "x", "branch_name": "main"},
        ).status_code
        == 404
    )
    tag = conn.execute(
        "SELECT name FROM refs WHERE project_id = ? AND kind = 'tag' LIMIT 1",
        (facts.project_id(MAINTAINED),),
    ).fetchone()[0]
    assert client.get(f"/{MAINTAINED}/-/delete/{tag}/README.md").status_code == 400
    assert facts.head(MAINTAINED) == before
    reporter_project = facts.project_with_role("alex.chen", 20)
    blob = html.fromstring(client.get(f"/{reporter_project}/-/blob/main/README.md").data)
    assert not blob.cssselect('a[aria-label="Delete README.md"]')
    refused = post(
        f"/{reporter_project}/-/delete/main/README.md",
        {"commit_message": "x", "branch_name": "main"},
    )
    assert refused.status_code == 403
