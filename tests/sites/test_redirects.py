"""Every endpoint that redirects to a user-supplied target, on every site, fed hostile targets.

A redirect may only go to a path on the same site (after the normalisation browsers
apply to a ``Location``: tabs and newlines removed, backslashes read as slashes);
anything else falls back to the endpoint's default page, and no target gives a 5xx.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient
from lxml import html
from werkzeug.test import TestResponse

from webenv.sites.core.auth import safe_next
from webenv.sites.core.urls import parse_url

ALL_SITES = ["shop", "forum", "githost"]
ORIGIN = "http://localhost"
EVIL = "evil.example"

# Ways of writing "another host" that browsers accept in a Location header: two slashes
# (either kind) with tabs and newlines anywhere, after leading spaces or control characters.
_SLASHES = ["/", "\\"]
_VANISHING = ["", "\t", "\n", "\r", "\r\n"]
_OTHER_HOSTS = sorted(
    {
        *(
            f"{a}{x}{b}{y}{EVIL}/"
            for a, x, b, y in itertools.product(_SLASHES, _VANISHING, _SLASHES, _VANISHING)
        ),
        *(f"{p}//{EVIL}/" for p in [" ", "\t", "\x00", "\x01", "\x1f", "\n", "\x7f"]),
        "\ufeff//evil.example/",
        f"///{EVIL}/",
        f"\\\\{EVIL}",
        f"\\/{EVIL}",
        f"/\\/{EVIL}",
        f"/.//{EVIL}/",
        f"/./\t/{EVIL}/",
        f"/x/..//{EVIL}/",
        f"/%2e//{EVIL}/",
        f"//{EVIL}@localhost/",
        f"http://{EVIL}/",
        f"HTTP://{EVIL}/",
        f"https:{EVIL}",
        f"https:/{EVIL}",
        f"http:\\\\{EVIL}",
        f"//user:pass@{EVIL}/",
        f"http://localhost@{EVIL}/",
        f"ftp://{EVIL}/",
        f"//{EVIL}:80/",
        "//[::1]/",
        "//127.0.0.1/",
        "//ＥＶＩＬ.example/",
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "\tjavascript:alert(1)",
        "java\nscript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:x",
        "mailto:a@b.example",
        "about:blank",
        "http://[",
        "http://[::1",
        "http://]/",
        "http://[x/",
        "http://localhost:99999/",
        "http://localhost:-1/",
        "http://localhost:abc/",
        "http://",
        "http:",
        "//",
        "///",
        "x",
        "relative/path",
        "?q=1",
        "#top",
        "évil",
        "\u2028/x",
        "<script>",
        "'\"><b>",
    }
)
_SAME_SITE = [  # accepted, percent-encoded where needed
    "/\n",
    "/%0A/x",
    "/%09/evil.example/",
    "/\x00/x",
    "/ünïcödé/€?q=ü#ß",
    "/a b",
    "/" + "a" * 4_000,
    "/x?next=//evil.example/",
    "/\x7f",
    "/a/../../b",
    "/%2F%2Fevil.example/",
    "\x00/evil.example",
    "\t/x",
    "/\x0b/evil.example/",
    "/\x0c/x",
    "/\udfff",
]
_NOT_URLS = [
    "",
    " ",
    "\t\n",
    "\x00",
    "%",
    "%%",
    "\ud800",
    "/" + "a" * 20_000,
    "/?" + "q" * 10_000,
]  # the last two are over-long

HOSTILE = [*_OTHER_HOSTS, *_SAME_SITE, *_NOT_URLS]
"""Redirect targets an attacker might send; every endpoint gets all of them."""

REFUSED = [*_OTHER_HOSTS, *_NOT_URLS]
"""The targets no endpoint may follow (they fall back to the default page)."""

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')
_LOCATION_CHARS = re.compile(r"^[\x21-\x7e]*$")


def _checked_location(response: TestResponse, default: str | None) -> str | None:
    """Assert ``response`` is not a 5xx and any redirect stays on the site; return it."""
    assert response.status_code < 500, response.status_code
    location = response.headers.get("Location")
    if location is None:
        return None
    assert _LOCATION_CHARS.match(location), repr(location)
    url = parse_url(location, f"{ORIGIN}/")
    assert url is not None and url.origin == ORIGIN, location
    return location


def _fire(send: Callable[[str], TestResponse], default: str) -> None:
    """Send every hostile target; refused ones must land on ``default``."""
    refused = set(REFUSED)
    for target in HOSTILE:
        response = send(target)
        location = _checked_location(response, default)
        if target in refused:
            assert location == default, (target, location)
        elif location is not None:
            assert location == (safe_next(_query(target)["next"]) or default), (target, location)


def _query(target: str) -> dict[str, str]:
    return {"next": target.encode("utf-8", "surrogatepass").decode("utf-8", "replace")}


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_login_next_is_validated(site, client: FlaskClient, auth, post) -> None:
    # Anonymous: the form renders, its hidden ``next`` holds only a same-site path.
    for target in HOSTILE:
        response = client.get(site.login_url, query_string=_query(target))
        assert response.status_code == 200, repr(target)
        kept = html.fromstring(response.data).xpath("//input[@name='next']/@value")[0]
        assert kept == (safe_next(_query(target)["next"]) or ""), (target, kept)
    # Logging in with ``next`` set, through the real form.
    default = auth.login().headers["Location"]
    assert parse_url(default, f"{ORIGIN}/").origin == ORIGIN
    token = TOKEN.search(client.get(site.token_pages[1]).get_data(as_text=True)).group(1)
    _fire(
        lambda t: client.post(
            site.login_url,
            data={
                "username": site.user,
                "password": "webenv-demo",
                "csrf_token": token,
                **_query(t),
            },
        ),
        default,
    )
    # Already logged in: the login page sends the user on at once.
    _fire(lambda t: client.get(site.login_url, query_string=_query(t)), default)


@pytest.mark.parametrize("site", ["forum"], indirect=True)
@pytest.mark.parametrize(
    ("action", "default"),
    [
        ("/vote/submission/1", "/f/denver/1/"),
        ("/vote/comment/2", None),
        ("/f/gardening/subscribe", "/f/gardening"),
        ("/f/gardening/unsubscribe", "/f/gardening"),
    ],
)
def test_forum_vote_and_subscribe_next_is_validated(
    client: FlaskClient, auth, post, action: str, default: str | None
) -> None:
    auth.login()
    expected = post(action, {"direction": "up"}).headers["Location"]
    if default is not None:
        assert expected.startswith(default)
    token = TOKEN.search(client.get("/settings").get_data(as_text=True)).group(1)
    _fire(
        lambda t: client.post(action, data={"direction": "up", "csrf_token": token, **_query(t)}),
        expected,
    )
    _fire(
        lambda t: client.post(
            action, data={"direction": "none", "csrf_token": token}, query_string=_query(t)
        ),
        expected,
    )


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_login_required_ignores_foreign_and_malformed_referrers(
    site, app, client: FlaskClient
) -> None:
    app.config["CSRF_DISABLED"] = True  # an anonymous POST reaches login_required
    private = {
        "shop": "/cart/add",
        "forum": "/vote/submission/1",
        "githost": "/dashboard/todos/mark_all_done",
    }[site.name]
    for referrer in [
        "http://[",
        "http://]/",
        "http://evil.example/x",
        "//evil.example/",
        "http://localhost:99999/",
        "javascript:alert(1)",
        "\x00",
        "/\t/x",
        "http://localhost/\t/evil.example/",
        "http://localhost/ok?a=1",
    ]:
        response = client.post(private, headers={"Referer": referrer})
        location = _checked_location(response, None)
        assert location is not None and response.status_code in (302, 303)
        target = parse_url(location, f"{ORIGIN}/")
        assert target.path == site.login_url
        sent = dict(pair.split("=", 1) for pair in (target.query or "").split("&") if pair)
        assert sent.get("next") in ("%2F", "/", "%2Fok%3Fa%3D1", "/ok?a%3D1"), sent


@pytest.mark.parametrize("site", ["githost"], indirect=True)
def test_githost_ref_switch_stays_on_the_site(client: FlaskClient) -> None:
    for target in HOSTILE:
        for field in ("ref", "path"):
            args = {"ref": "main", "path": "", "view": "tree"}
            args[field] = _query(target)["next"]
            response = client.get("/northwind/falcon-proxy/-/refs/switch", query_string=args)
            _checked_location(response, None)


@pytest.mark.parametrize("target", HOSTILE)
def test_safe_next_never_raises_and_returns_a_same_site_path(target: str) -> None:
    result = safe_next(target)
    if target in REFUSED:
        assert result is None
    else:
        assert result is not None and result.startswith("/") and not result.startswith("//")
        assert _LOCATION_CHARS.match(result)
        assert parse_url(result, "http://x.test/").origin == "http://x.test"
