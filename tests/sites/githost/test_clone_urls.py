"""The project page's Clone box: "Clone with SSH" and "Clone with HTTPS" read-only fields."""

from __future__ import annotations

import sqlite3
from urllib.parse import quote

from flask.testing import FlaskClient
from lxml import html

from webenv.sites.githost import create_app

PROJECT = "northwind/falcon-proxy"


def clone_fields(body: bytes) -> dict[str, tuple[str, bool]]:
    tree = html.fromstring(body)
    box = tree.cssselect("section.clone")[0]
    return {
        label.text_content(): (
            tree.get_element_by_id(label.get("for")).get("value"),
            tree.get_element_by_id(label.get("for")).get("readonly") is not None,
        )
        for label in box.cssselect("label")
    }


def test_project_page_shows_ssh_and_https_clone_urls(client: FlaskClient, check_page) -> None:
    response = client.get(f"/{PROJECT}")
    check_page(response.data)
    assert clone_fields(response.data) == {
        "Clone with SSH": (f"git@git.test:{PROJECT}.git", True),
        "Clone with HTTPS": (f"http://git.test/{PROJECT}.git", True),
    }
    api = client.get(f"/api/v4/projects/{quote(PROJECT, safe='')}").json
    assert api["ssh_url_to_repo"] == f"git@git.test:{PROJECT}.git"
    assert api["http_url_to_repo"] == f"http://git.test/{PROJECT}.git"


def test_clone_urls_follow_the_configured_site_url(raw_conn: sqlite3.Connection) -> None:
    app = create_app(
        {
            "DATABASE": raw_conn,
            "TESTING": True,
            "SITE_URLS": {"githost": "http://127.0.0.1:8023/"},
        }
    )
    response = app.test_client().get(f"/{PROJECT}")
    assert clone_fields(response.data) == {
        "Clone with SSH": (f"git@127.0.0.1:{PROJECT}.git", True),
        "Clone with HTTPS": (f"http://127.0.0.1:8023/{PROJECT}.git", True),
    }
