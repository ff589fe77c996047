"""Creating tags at /-/tags/new (GitLab's New tag form) and deleting them."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from lxml import html

MAINTAINED = "northwind/falcon-proxy"


def tag(conn, facts, name: str) -> tuple | None:
    return conn.execute(
        "SELECT commit_sha, message FROM refs WHERE project_id = ? AND kind = 'tag' AND name = ?",
        (facts.project_id(MAINTAINED), name),
    ).fetchone()


def test_new_tag_from_a_branch_is_listed_first(
    client: FlaskClient, auth, post, conn, facts, check_page
) -> None:
    auth.login()
    tags_page = client.get(f"/{MAINTAINED}/-/tags")
    assert b'href="/northwind/falcon-proxy/-/tags/new"' in tags_page.data
    form = client.get(f"/{MAINTAINED}/-/tags/new")
    assert form.status_code == 200
    check_page(form.data)
    page = html.fromstring(form.data)
    assert page.get_element_by_id("ref").get("value") == "main"
    response = post(
        f"/{MAINTAINED}/-/tags/new",
        {"tag_name": "v9.9.0", "ref": "main", "message": "Release 9.9"},
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/{MAINTAINED}/-/tags")
    assert tag(conn, facts, "v9.9.0") == (facts.head(MAINTAINED), "Release 9.9")
    listed = html.fromstring(client.get(f"/{MAINTAINED}/-/tags").data)
    first = listed.cssselect("tbody tr")[0]
    assert first.cssselect("td a")[0].text_content() == "v9.9.0"
    assert "Release 9.9" in first.text_content()
    assert client.get(f"/{MAINTAINED}/-/tree/v9.9.0").status_code == 200


def test_lightweight_tag_from_a_commit_sha(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    old = conn.execute(
        "SELECT sha FROM commits WHERE project_id = ? ORDER BY id LIMIT 1",
        (facts.project_id(MAINTAINED),),
    ).fetchone()[0]
    response = post(f"/{MAINTAINED}/-/tags/new", {"tag_name": "first", "ref": old[:10]})
    assert response.status_code == 302
    assert tag(conn, facts, "first") == (old, "")


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"tag_name": ""}, "Tag name is required"),
        ({"tag_name": "v 1"}, "Tag name invalid"),
        ({"tag_name": "v1..2"}, "Tag name invalid"),
        ({"tag_name": "-v1"}, "Tag name invalid"),
        ({"tag_name": "v1.lock"}, "Tag name invalid"),
        ({"tag_name": "release/.hidden"}, "Tag name invalid"),
        ({"ref": "no-such-branch"}, "Target no-such-branch is invalid"),
        ({"ref": "main/README.md"}, "is invalid"),
        ({"ref": ""}, "Create from is required"),
        ({"message": "m" * 2001}, "Message must be at most 2,000 characters"),
    ],
)
def test_new_tag_rejects_bad_input(client: FlaskClient, auth, post, conn, form, message) -> None:
    auth.login()
    before = conn.execute("SELECT COUNT(*) FROM refs WHERE kind = 'tag'").fetchone()[0]
    response = post(f"/{MAINTAINED}/-/tags/new", {"tag_name": "v9.0", "ref": "main", **form})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM refs WHERE kind = 'tag'").fetchone()[0] == before


def test_duplicate_tag_is_refused(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    existing = conn.execute(
        "SELECT name, commit_sha FROM refs WHERE project_id = ? AND kind = 'tag' LIMIT 1",
        (facts.project_id(MAINTAINED),),
    ).fetchone()
    response = post(f"/{MAINTAINED}/-/tags/new", {"tag_name": existing[0], "ref": "main"})
    assert response.status_code == 400
    assert f"Tag {existing[0]} already exists." in response.get_data(as_text=True)
    assert tag(conn, facts, existing[0])[0] == existing[1]


def test_delete_tag(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    name = conn.execute(
        "SELECT name FROM refs WHERE project_id = ? AND kind = 'tag' LIMIT 1",
        (facts.project_id(MAINTAINED),),
    ).fetchone()[0]
    response = post(f"/{MAINTAINED}/-/tags/{name}/delete")
    assert response.status_code == 302
    assert tag(conn, facts, name) is None
    assert post(f"/{MAINTAINED}/-/tags/{name}/delete").status_code == 404


def test_reporters_and_anonymous_users_cannot_tag(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    reporter_project = facts.project_with_role("alex.chen", 20)
    public = facts.project(MAINTAINED)["visibility"] == "public"
    assert client.get(f"/{MAINTAINED}/-/tags/new").status_code == (403 if public else 404)
    auth.login()
    tags = html.fromstring(client.get(f"/{reporter_project}/-/tags").data)
    assert not tags.cssselect('a[href$="/-/tags/new"]') and not tags.cssselect("tbody form")
    assert client.get(f"/{reporter_project}/-/tags/new").status_code == 403
    before = conn.execute("SELECT COUNT(*) FROM refs WHERE kind = 'tag'").fetchone()[0]
    response = post(f"/{reporter_project}/-/tags/new", {"tag_name": "v7", "ref": "main"})
    assert response.status_code == 403
    project_id = facts.project_id(reporter_project)
    row = conn.execute(
        "SELECT name FROM refs WHERE project_id = ? AND kind = 'tag' LIMIT 1", (project_id,)
    ).fetchone()
    if row is not None:
        assert post(f"/{reporter_project}/-/tags/{row[0]}/delete").status_code == 403
    assert conn.execute("SELECT COUNT(*) FROM refs WHERE kind = 'tag'").fetchone()[0] == before
