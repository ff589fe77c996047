"""Fixtures for the shop site: an in-memory canonical world, a client and logins."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.sites.shop import create_app
from webenv.sites.shop.datagen import generate
from werkzeug.test import TestResponse

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@pytest.fixture(scope="session")
def world_bytes() -> bytes:
    """The canonical world (seed 0), generated once per test session."""
    conn = sqlite3.connect(":memory:")
    generate(conn, 0)
    data = conn.serialize()
    conn.close()
    return data


@pytest.fixture
def conn(world_bytes: bytes) -> Iterator[sqlite3.Connection]:
    """A fresh in-memory copy of the canonical world."""
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(world_bytes)
    yield connection
    connection.close()


@pytest.fixture
def app(conn: sqlite3.Connection) -> Flask:
    """The shop app on a fresh canonical world."""
    return create_app({"DATABASE": conn, "TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the shop."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask):
    """A CLI runner for the shop's commands."""
    return app.test_cli_runner()


def csrf_token(client: FlaskClient, url: str = "/account/login") -> str:
    """Return the CSRF token from a form on ``url`` (a product page if ``url`` redirects)."""
    response = client.get(url)
    if response.status_code != 200:
        response = client.get("/product/ember-porcelain-coffee-mug")
    match = TOKEN.search(response.get_data(as_text=True))
    assert match, f"no csrf_token field on {url}"
    return match.group(1)


class AuthActions:
    """Log the test client in and out through the real forms."""

    def __init__(self, client: FlaskClient) -> None:
        self._client = client

    def login(
        self, username: str = "emma.lopez", password: str = DEMO_PASSWORD, next: str = ""
    ) -> TestResponse:
        """Submit the login form."""
        token = csrf_token(self._client, "/account/login")
        data = {"username": username, "password": password, "csrf_token": token}
        if next:
            data["next"] = next
        return self._client.post("/account/login", data=data)

    def logout(self) -> TestResponse:
        """Submit the header's log-out form."""
        token = csrf_token(self._client, "/")
        return self._client.post("/account/logout", data={"csrf_token": token})


@pytest.fixture
def auth(client: FlaskClient) -> AuthActions:
    """Login helper for ``client``."""
    return AuthActions(client)


@pytest.fixture
def post(client: FlaskClient) -> Callable[..., TestResponse]:
    """Return ``post(url, data)``: a POST with the session's CSRF token added."""

    def submit(url: str, data: dict | None = None, **kwargs: object) -> TestResponse:
        form = dict(data or {})
        form.setdefault("csrf_token", csrf_token(client, "/product/ember-porcelain-coffee-mug"))
        return client.post(url, data=form, **kwargs)

    return submit
