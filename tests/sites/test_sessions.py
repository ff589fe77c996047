"""Sessions, CSRF tokens, cookies, security headers and allowed hosts on every site."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webenv.sites.core.auth import make_session_cookie
from webenv.sites.core.security import SECURITY_HEADERS

ALL_SITES = ["shop", "forum", "githost"]
TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')
PRIVATE = {"shop": "/account", "forum": "/settings", "githost": "/dashboard/todos"}
"""A page only a logged-in user sees (anonymous visitors are sent to the login page)."""
PAGES = {
    "shop": ["/", "/product/ember-porcelain-coffee-mug", "/static/shop.css", "/no-such-page"],
    "forum": ["/", "/f/denver", "/static/forum.css", "/no-such-page"],
    "githost": [
        "/explore",
        "/northwind/falcon-proxy/-/raw/main/README.md",
        "/static/githost.css",
        "/no-such-page",
    ],
}


def _logged_in(client: FlaskClient, site) -> bool:
    response = client.get(PRIVATE[site.name])
    return response.status_code == 200


def _session_cookie(client: FlaskClient, app: Flask) -> str:
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    return cookie.value


def _token(client: FlaskClient, site) -> str:
    match = TOKEN.search(client.get(site.token_pages[1]).get_data(as_text=True))
    assert match
    return match.group(1)


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_logout_ends_every_session_of_the_user(site, app: Flask, client: FlaskClient, auth) -> None:
    auth.login()
    assert _logged_in(client, site)
    captured = _session_cookie(client, app)
    other = app.test_client()  # the same user in a second browser
    other.set_cookie(app.config["SESSION_COOKIE_NAME"], captured)
    assert _logged_in(other, site)
    auth.logout()
    assert not _logged_in(client, site)
    replay = app.test_client()
    replay.set_cookie(app.config["SESSION_COOKIE_NAME"], captured)
    assert not _logged_in(replay, site)  # a cookie captured before the logout is dead
    assert not _logged_in(other, site)
    auth.login()  # logging in again starts a new, working session
    assert _logged_in(client, site) and _session_cookie(client, app) != captured


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_csrf_token_is_bound_to_the_session(site, app: Flask, client: FlaskClient, auth) -> None:
    auth.login()
    first = _token(client, site)
    auth.logout()
    auth.login()
    second = _token(client, site)
    assert first != second
    # The old session's token does not work in the new session.
    response = client.post(site.logout_url, data={"csrf_token": first})
    assert response.status_code == 400 and _logged_in(client, site)


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_pristine_login_cookie_needs_no_write_and_survives_a_reset(
    site, app: Flask, raw_conn: sqlite3.Connection, world_bytes: bytes, auth
) -> None:
    user_id = raw_conn.execute("SELECT id FROM users WHERE username = ?", (site.user,)).fetchone()[
        0
    ]
    changes = raw_conn.total_changes
    name, value = make_session_cookie(app, user_id)
    assert raw_conn.total_changes == changes
    assert make_session_cookie(app, user_id) == (name, value)  # deterministic
    visitor = app.test_client()
    visitor.set_cookie(name, value)
    assert _logged_in(visitor, site)
    # The user logs out in another browser: the precomputed cookie dies with the session ...
    auth.login()
    auth.logout()
    assert not _logged_in(visitor, site)
    # ... and lives again once the world is restored, as an env reset does.
    raw_conn.deserialize(world_bytes)
    visitor.set_cookie(name, value)
    assert _logged_in(visitor, site)


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_session_cookie_is_httponly_and_samesite_lax(site, client: FlaskClient, auth) -> None:
    response = auth.login()
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_every_response_has_the_security_headers(site, client: FlaskClient, auth) -> None:
    def answer(response) -> tuple[str, int, dict[str, str | None]]:
        with response:  # static files are streamed: close them
            return (
                response.request.path,
                response.status_code,
                {name: response.headers.get(name) for name in SECURITY_HEADERS},
            )

    answers = [answer(client.get(page)) for page in PAGES[site.name]]
    answers.append(answer(client.get(site.login_url, headers={"Host": "evil.example"})))
    answers.append(answer(client.post(site.logout_url)))  # no CSRF token: 400
    answers.append(answer(auth.login()))  # a redirect
    answers.extend(answer(client.get(page)) for page in PAGES[site.name])
    assert {status for _, status, _ in answers} >= {200, 302, 400, 404}
    for path, _, headers in answers:
        assert headers == SECURITY_HEADERS, path
    policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("localhost", True),
        ("localhost:5000", True),
        ("127.0.0.1:8001", True),
        ("[::1]:8001", True),
        ("LOCALHOST", True),
        ("shop.test", True),
        ("forum.test", True),
        ("git.test", True),
        ("evil.example", False),
        ("shop.test.evil.example", False),
        ("evil.example:80", False),
        ("a b", False),
        ("[", False),
        ("localhost:99999", False),
        ("user@localhost", False),
        ("localhost/x", False),
        ("\u00e9vil.example", False),
        ("127.0.0.2", False),
    ],
)
def test_requests_for_other_hosts_get_400(
    site, client: FlaskClient, host: str, allowed: bool
) -> None:
    environ = {"HTTP_HOST": host}
    response = client.get("/", environ_overrides=environ)
    assert response.status_code < 500
    assert (response.status_code != 400) == allowed, (host, response.status_code)


@pytest.mark.parametrize("site", ["shop"], indirect=True)
def test_allowed_hosts_come_from_the_config(site, app: Flask, client: FlaskClient) -> None:
    app.config["ALLOWED_HOSTS"] = ["portal.example", "192.168.1.5"]
    assert client.get("/", headers={"Host": "portal.example:8001"}).status_code == 200
    assert client.get("/", headers={"Host": "192.168.1.5"}).status_code == 200
    assert client.get("/", headers={"Host": "localhost"}).status_code == 400
    app.config["SITE_URLS"] = {**app.config["SITE_URLS"], "shop": "http://public.example:9"}
    del app.config["ALLOWED_HOSTS"]
    assert client.get("/", headers={"Host": "public.example:9"}).status_code == 200
    assert client.get("/", headers={"Host": "localhost"}).status_code == 200


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_login_cookie_built_after_a_logout_uses_the_current_generation(
    site, app: Flask, raw_conn: sqlite3.Connection, auth
) -> None:
    user_id = raw_conn.execute("SELECT id FROM users WHERE username = ?", (site.user,)).fetchone()[
        0
    ]
    auth.login()
    auth.logout()
    assert (
        raw_conn.execute(
            "SELECT session_generation FROM users WHERE id = ?", (user_id,)
        ).fetchone()[0]
        == 1
    )
    for generation, works in [(None, True), (1, True), (0, False)]:
        visitor = app.test_client()
        visitor.set_cookie(*make_session_cookie(app, user_id, generation))
        assert _logged_in(visitor, site) == works, generation


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
@pytest.mark.parametrize(
    ("origin", "accepted"),
    [
        (None, True),
        ("http://localhost", True),
        ("https://localhost", True),
        ("http://evil.example", False),
        ("null", False),
        ("http://localhost:8001", False),
        ("http://[", False),
        ("", False),
        ("http://localhost.evil.example", False),
    ],
)
def test_posts_from_another_origin_are_refused(
    site, client: FlaskClient, origin: str | None, accepted: bool
) -> None:
    page = client.get(site.login_url).get_data(as_text=True)
    token = TOKEN.search(page).group(1)  # an anonymous visitor's token: not a secret
    headers = {} if origin is None else {"Origin": origin}
    response = client.post(
        site.login_url,
        headers=headers,
        data={"csrf_token": token, "username": site.user, "password": "webenv-demo"},
    )
    assert response.status_code == (302 if accepted else 400), origin
