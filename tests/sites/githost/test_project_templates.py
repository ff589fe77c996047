"""New project › Create from template: built-in templates give a repository with files."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.githost import repo
from webenv.sites.githost.project_templates import TEMPLATES


def project_files(conn, path: str) -> dict[str, str]:
    conn.row_factory = sqlite3.Row
    project = conn.execute(
        "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
        " WHERE n.path || '/' || p.path = ?",
        (path,),
    ).fetchone()
    head = repo.branch_head(conn, project["id"], "main")
    commit = repo.require_commit(conn, project["id"], head)
    files = {
        p: repo.blob_content(conn, b) for p, b in repo.tree_files(conn, commit["tree_id"]).items()
    }
    conn.row_factory = None
    return files


def test_template_list_links_each_template(client: FlaskClient, auth, check_page) -> None:
    assert client.get("/projects/new/templates").status_code == 302  # sign in first
    auth.login()
    blank = html.fromstring(client.get("/projects/new").data)
    assert blank.cssselect('a[href="/projects/new/templates"]')[0].text_content() == (
        "Create from template"
    )
    response = client.get("/projects/new/templates")
    check_page(response.data)
    page = html.fromstring(response.data)
    assert [h.text_content() for h in page.cssselect("main h2")] == [
        "Python package",
        "Static site",
        "Flask app",
    ]
    uses = [a.get("href") for a in page.cssselect('a[aria-label^="Use template"]')]
    assert uses == [f"/projects/new?template={key}" for key in TEMPLATES]
    form = client.get("/projects/new?template=flask-app")
    check_page(form.data)
    tree = html.fromstring(form.data)
    assert tree.cssselect("h1")[0].text_content() == "Create from template"
    assert tree.cssselect('input[name="template"]')[0].get("value") == "flask-app"
    assert not tree.cssselect("#initialize_with_readme")
    assert client.get("/projects/new?template=rails").status_code == 404


@pytest.mark.parametrize("key", list(TEMPLATES))
def test_creating_from_a_template_commits_its_files(
    client: FlaskClient, auth, post, conn, key
) -> None:
    auth.login()
    response = post(
        "/projects/new",
        {
            "template": key,
            "name": "Weather Station",
            "namespace_id": "1",
            "visibility": "private",
            "description": "Reads the sensors on the roof.",
        },
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/alex.chen/weather-station"
    files = project_files(conn, "alex.chen/weather-station")
    expected = TEMPLATES[key].render(
        "Weather Station", "weather-station", "Reads the sensors on the roof."
    )
    assert files == {path: repo.normalize_content(text) for path, text in expected.items()}
    assert files["README.md"].startswith("# Weather Station\n\nReads the sensors on the roof.\n")
    assert not any("__" in path and "__init__" not in path for path in files)
    assert not any("__NAME__" in text or "__PACKAGE__" in text for text in files.values())
    if key == "python-package":
        assert "src/weather_station/__init__.py" in files
        assert 'name = "weather_station"' in files["pyproject.toml"]
    commit = conn.execute(
        "SELECT c.message, c.parent_sha, c.author_id, p.language FROM commits c"
        " JOIN projects p ON p.id = c.project_id WHERE p.path = 'weather-station'"
    ).fetchall()
    assert commit == [("Initial commit", None, 1, TEMPLATES[key].language)]
    page = client.get("/alex.chen/weather-station").get_data(as_text=True)
    assert "1 commit" in page and "README.md" in page


def test_bad_template_and_bad_fields_write_nothing(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    before = conn.execute("SELECT COUNT(*) FROM projects").fetchone()[0]
    unknown = post(
        "/projects/new",
        {"template": "rails", "name": "Rails App", "namespace_id": "1", "visibility": "public"},
    )
    assert unknown.status_code == 400
    assert b"Choose a project template from the list." in unknown.data
    no_name = post(
        "/projects/new",
        {"template": "static-site", "name": "", "namespace_id": "1", "visibility": "public"},
    )
    assert no_name.status_code == 400
    kept = html.fromstring(no_name.data)
    assert kept.cssselect('input[name="template"]')[0].get("value") == "static-site"
    assert conn.execute("SELECT COUNT(*) FROM projects").fetchone()[0] == before


def test_package_name_is_a_python_identifier() -> None:
    files = TEMPLATES["python-package"].render("3D Tools", "3d-tools.v2", "")
    assert "src/pkg_3d_tools_v2/__init__.py" in files
    assert "3D Tools, created from the Python package template." in files["README.md"]
