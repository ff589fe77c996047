"""Link submissions store only http(s) URLs a browser can parse, in canonical form, and
pages render whatever URL is stored without a server error."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.urls import parse_url

REJECTED = [
    "http://[",
    "http://[x/",
    "http://[::1",
    "http://]/",
    "http://[::g]/",
    "https://[1.2.3.4]/",
    "http://example.com:99999/",
    "http://example.com:-1/",
    "http://example.com:abc/",
    "http://example.com:1:2/",
    "http://",
    "https:///",
    "http://exa mple.com/",
    "http://exa%41mple.com/",
    "http://a<b.example/",
    "http://a\x00b.example/",
    "http://example.com/\x00",
    "http://example.com/\x01x",
    "http://ex\tample.com/",
    "http://example.com/a\nb",
    "\x7fhttp://example.com/x\x7f/",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<b>x</b>",
    "vbscript:x",
    "ftp://example.com/",
    "file:///etc/passwd",
    "mailto:a@b.example",
    "about:blank",
    "//example.com/x",
    "/relative",
    "example.com",
    "www.example.com/page",
    "http//example.com",
    "http:/",
    "http://xn--ls8h.example\u0000/",
    "http://\u00ad/",
    "http://" + "a" * 300 + ".example/",
    "http://example.com/" + "x" * 2000,
]
ACCEPTED = {  # as typed -> as stored (canonical)
    "https://framelight.example/guides/exposure-bracketing": "https://framelight.example/guides/exposure-bracketing",
    "HTTP://Example.COM": "http://example.com/",
    "http://example.com:80/a": "http://example.com/a",
    "https://example.com:8443/a?b=c#d": "https://example.com:8443/a?b=c#d",
    "http://user:pa ss@example.com/": "http://user:pa%20ss@example.com/",
    "http://[::1]:8080/x": "http://[::1]:8080/x",
    "http://127.0.0.1/": "http://127.0.0.1/",
    "http://bücher.example/straße": "http://xn--bcher-kva.example/stra%C3%9Fe",
    "http:\\\\example.com\\a\\b": "http://example.com/a/b",
    "  https://example.com/a b  ": "https://example.com/a%20b",
    "https://example.com/a/../b/./c": "https://example.com/b/c",
}


def _form(url: str, title: str = "A link about things") -> dict[str, str]:
    return {"forum": "denver", "title": title, "url": url, "body": "Some words to keep."}


@pytest.mark.parametrize("url", REJECTED)
def test_unparseable_or_non_http_urls_are_rejected_and_the_form_is_kept(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, url: str
) -> None:
    auth.login()
    count = conn.execute("SELECT COUNT(*) FROM submissions").fetchone()[0]
    response = post("/submit", _form(url))
    assert response.status_code == 400
    page = html.fromstring(response.data)
    assert page.xpath("//input[@name='title']/@value") == ["A link about things"]
    assert page.xpath("//textarea[@name='body']/text()") == ["Some words to keep."]
    assert "URL must" in response.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM submissions").fetchone()[0] == count


@pytest.mark.parametrize(("typed", "stored"), list(ACCEPTED.items()))
def test_http_urls_are_stored_canonical_and_render(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, typed: str, stored: str
) -> None:
    auth.login()
    response = post("/submit", _form(typed))
    assert response.status_code in (302, 303)
    row = conn.execute("SELECT url, kind FROM submissions ORDER BY id DESC LIMIT 1").fetchone()
    assert tuple(row) == (stored, "link")
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    links = html.fromstring(page.data).xpath("//p[@class='link']/a/@href")
    assert links == [stored] and parse_url(links[0]) is not None


@pytest.mark.parametrize("url", REJECTED[:12])
def test_editing_a_link_checks_the_url_too(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, url: str
) -> None:
    auth.login()
    location = post("/submit", _form("https://example.com/ok")).headers["Location"]
    name, submission_id = location.split("/")[2:4]
    response = post(
        f"/f/{name}/{submission_id}/edit",
        {"title": "Edited title", "url": url, "body": "Edited body"},
    )
    assert response.status_code == 400
    assert 'value="Edited title"' in response.get_data(as_text=True)
    assert (
        conn.execute("SELECT url FROM submissions WHERE id = ?", (int(submission_id),)).fetchone()[
            0
        ]
        == "https://example.com/ok"
    )


@pytest.mark.parametrize(
    "stored",
    [
        "http://[x/",
        "http://[",
        "javascript:alert(1)",
        "http://a:99999/",
        "\x00",
        "http://\u00e9\x00/",
        "",
        "%",
    ],
)
def test_pages_render_any_stored_url(
    client: FlaskClient, conn: sqlite3.Connection, stored: str
) -> None:
    # A database written before URLs were checked may hold anything.
    row = conn.execute(
        "SELECT s.id, f.name FROM submissions s JOIN forums f"
        " ON f.id = s.forum_id WHERE s.kind = 'link' ORDER BY s.id LIMIT 1"
    ).fetchone()
    conn.execute("UPDATE submissions SET url = ? WHERE id = ?", (stored, row[0]))
    conn.commit()
    for page in [
        "/",
        f"/f/{row[1]}",
        "/?sort=new",
        f"/f/{row[1]}/{row[0]}",
        "/search?q=a",
        "/user/mark.wilson",
    ]:
        response = client.get(page, follow_redirects=True)
        assert response.status_code < 500, page
