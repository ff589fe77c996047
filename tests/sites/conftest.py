"""Fixtures shared by the three sites' tests, and the markup checks every page passes.

A test's site is the folder it sits in (``tests/sites/shop`` tests the shop; see
:data:`SITES`). The fixtures give it the canonical world, generated once per
session, a fresh in-memory copy of it per test, the app, a client, logins
through the real forms, CSRF-aware posts and a ``check_page`` function.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from lxml import html
from werkzeug.test import TestResponse

from webenv.axtree import build_axtree
from webenv.sitedb import pristine_snapshot
from webenv.sites import SITES as REGISTRY
from webenv.sites import forum, githost, shop
from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.sites.forum import datagen as forum_data
from webenv.sites.githost import datagen as githost_data
from webenv.sites.shop import datagen as shop_data
from webenv.templatecode import template_code

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


@dataclass(frozen=True)
class Site:
    """What the shared fixtures need to know about one site.

    Attributes:
        name: The site's folder (``shop``, ``forum``, ``githost``).
        create_app: The site's ``create_app``.
        generate: The site's data generator.
        user: The username :meth:`AuthActions.login` logs in by default.
        login_url: The login form's URL.
        logout_url: The log-out form's action.
        token_pages: Pages to read the session's CSRF token from: the first,
            or the second when the first does not answer 200.
        sign_out_before_login: Whether :meth:`AuthActions.login` signs out first.
        aria_label_names: Whether an ``aria-label`` alone names a button or link
            on this site's pages (see :func:`check_markup`).
    """

    name: str
    create_app: Callable[[dict[str, Any]], Flask]
    generate: Callable[[sqlite3.Connection, int], None]
    user: str
    login_url: str
    logout_url: str
    token_pages: tuple[str, str]
    sign_out_before_login: bool = False
    aria_label_names: bool = True


SITES = {
    "shop": Site(
        name="shop",
        create_app=shop.create_app,
        generate=shop_data.generate,
        user=REGISTRY["shop"].task_user,
        login_url="/account/login",
        logout_url="/account/logout",
        token_pages=("/account/login", "/product/ember-porcelain-coffee-mug"),
    ),
    "forum": Site(
        name="forum",
        create_app=forum.create_app,
        generate=forum_data.generate,
        user=REGISTRY["forum"].task_user,
        login_url="/login",
        logout_url="/logout",
        token_pages=("/login", "/settings"),
        aria_label_names=False,
    ),
    "githost": Site(
        name="githost",
        create_app=githost.create_app,
        generate=githost_data.generate,
        user=REGISTRY["githost"].task_user,
        login_url="/users/sign_in",
        logout_url="/users/sign_out",
        token_pages=("/users/sign_in", "/groups"),
        sign_out_before_login=True,
    ),
}


def canonical_world(name: str) -> bytes:
    """Return the serialized canonical world (seed 0) of a site, generated once per process.

    The env's own cache (:func:`webenv.sitedb.pristine_snapshot`), so the site tests and
    any env or world made in the same process share one generation per site.
    """
    return pristine_snapshot(name, 0)


@pytest.fixture
def site(request: pytest.FixtureRequest) -> Site:
    """The site under test: the one named by the test's folder, or the test's parameter.

    Tests of every site (in ``tests/sites`` itself) parametrize it indirectly:
    ``@pytest.mark.parametrize("site", ["shop", "forum", "githost"], indirect=True)``.
    """
    return SITES[getattr(request, "param", None) or request.path.parent.name]


@pytest.fixture
def world_bytes(site: Site) -> bytes:
    """The site's canonical world (seed 0), generated once per test session."""
    return canonical_world(site.name)


@pytest.fixture
def raw_conn(world_bytes: bytes) -> Iterator[sqlite3.Connection]:
    """A fresh in-memory copy of the canonical world, as the app sees it."""
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(world_bytes)
    yield connection
    connection.close()


@pytest.fixture
def conn(raw_conn: sqlite3.Connection) -> sqlite3.Connection:
    """The test's connection to the app's database."""
    return raw_conn


@pytest.fixture
def app(site: Site, raw_conn: sqlite3.Connection) -> Flask:
    """The site's app on a fresh canonical world, with the process's compiled templates
    as a :class:`~webenv.world.World`'s apps have them (:mod:`webenv.templatecode`)."""
    app = site.create_app({"DATABASE": raw_conn, "TESTING": True})
    app.jinja_env.bytecode_cache = template_code
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the site."""
    return app.test_client()


def csrf_token(client: FlaskClient, site: Site) -> str:
    """Return the CSRF token of the client's session, read from one of ``site.token_pages``."""
    first, second = site.token_pages
    response = client.get(first)
    if response.status_code != 200:
        response = client.get(second)
    match = TOKEN.search(response.get_data(as_text=True))
    assert match, f"no csrf_token field on {first} or {second}"
    return match.group(1)


class AuthActions:
    """Log the test client in and out through the real forms."""

    def __init__(self, client: FlaskClient, site: Site) -> None:
        self._client = client
        self._site = site

    def login(
        self, username: str | None = None, password: str = DEMO_PASSWORD, next: str = ""
    ) -> TestResponse:
        """Submit the login form (as the site's default user unless ``username`` is given)."""
        if self._site.sign_out_before_login:
            self.logout()
        data = {
            "username": self._site.user if username is None else username,
            "password": password,
            "csrf_token": csrf_token(self._client, self._site),
        }
        if next:
            data["next"] = next
        return self._client.post(self._site.login_url, data=data)

    def logout(self) -> TestResponse:
        """Submit the header's log-out form."""
        token = csrf_token(self._client, self._site)
        return self._client.post(self._site.logout_url, data={"csrf_token": token})


@pytest.fixture
def auth(client: FlaskClient, site: Site) -> AuthActions:
    """Login helper for ``client``."""
    return AuthActions(client, site)


@pytest.fixture
def post(client: FlaskClient, site: Site) -> Callable[..., TestResponse]:
    """Return ``post(url, data)``: a POST with the session's CSRF token added."""

    def submit(url: str, data: dict | None = None, **kwargs: object) -> TestResponse:
        form = dict(data or {})
        form.setdefault("csrf_token", csrf_token(client, site))
        return client.post(url, data=form, **kwargs)

    return submit


class TagBalance(HTMLParser):
    """Records tags closed out of order or never closed."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()


def check_markup(body: bytes, *, aria_label_names: bool = True) -> None:
    """Assert the markup and accessibility rules every page follows.

        Tags balance; no newline follows ``<pre>``/``<textarea>``; the page has
        ``lang="en"``, a title, one ``h1`` and the header, nav, main and footer
        landmarks; every visible control has a label; ids are unique; tables have
        ``thead``/``tbody`` and column headers; buttons and links have a name (text, or
    an image's alt text); every image has alt text and a reserved size; POST
        forms carry the CSRF token and no form nests in another; no ``<div>`` or
        ``<ul>`` opens right inside a ``<p>``; there are no scripts.

        Args:
            body: The page's HTML.
            aria_label_names: Whether an ``aria-label`` alone names a button or link
                (otherwise it needs visible text).
    """
    text = body.decode()
    balance = TagBalance()
    balance.feed(text)
    assert balance.problems == [] and balance.stack == []
    assert not re.search(r"<(pre|textarea)[^>]*>\n", text), "newline after <pre>/<textarea>"
    tree = html.fromstring(body)
    assert tree.get("lang") == "en"
    assert tree.findtext(".//title").strip()
    assert len(tree.cssselect("h1")) == 1
    for landmark in ("header", "nav", "main", "footer"):
        assert tree.cssselect(landmark), landmark
    labels = {label.get("for") for label in tree.cssselect("label")}
    for control in tree.cssselect("input, select, textarea"):
        if control.get("type") == "hidden":
            continue
        assert control.get("id") in labels, html.tostring(control)
    ids = [node.get("id") for node in tree.cssselect("[id]")]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    for table in tree.cssselect("table"):
        assert table.cssselect("thead") and table.cssselect("tbody")
        assert all(th.get("scope") == "col" for th in table.cssselect("thead th"))
    for node in tree.cssselect("button, a"):
        named = (
            node.text_content().strip()
            or (aria_label_names and node.get("aria-label"))
            or any((image.get("alt") or "").strip() for image in node.iter("img"))
        )
        assert named, html.tostring(node)
    for image in tree.iter("img"):
        assert (image.get("alt") or "").strip(), html.tostring(image)
        assert image.get("width") and image.get("height"), html.tostring(image)
    for form in tree.cssselect("form[method=post]"):
        assert form.cssselect("input[name=csrf_token]"), html.tostring(form)
    for form in tree.cssselect("form"):
        assert not list(form.iterdescendants("form"))
    assert "<script" not in text.lower()
    assert "<p><div" not in text and "<p><ul" not in text


def ax_images(body: bytes) -> list[str]:
    """The names of the ``image`` nodes in a page's accessibility tree (in-process builder)."""
    return [
        node.name for node in build_axtree(html.fromstring(body)).find("image", "", exact=False)
    ]


@pytest.fixture
def page_images() -> Callable[[bytes], list[str]]:
    """Return ``page_images(body)``: :func:`ax_images`."""
    return ax_images


@pytest.fixture
def check_page(site: Site) -> Callable[[bytes], None]:
    """Return ``check_page(body)``: :func:`check_markup` with the site's options."""
    return functools.partial(check_markup, aria_label_names=site.aria_label_names)
