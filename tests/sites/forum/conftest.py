"""Fixtures for the forum site: an in-memory canonical world, a client and logins."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.sites.forum import create_app
from webenv.sites.forum.datagen import generate
from werkzeug.test import TestResponse

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')
DEMO = "mark.wilson"


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
    """The forum app on a fresh canonical world."""
    return create_app({"DATABASE": conn, "TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the forum."""
    return app.test_client()


def csrf_token(client: FlaskClient) -> str:
    """Return the CSRF token of the client's session (from the login or settings form)."""
    response = client.get("/login")
    if response.status_code != 200:
        response = client.get("/settings")
    match = TOKEN.search(response.get_data(as_text=True))
    assert match, "no csrf_token field on the login or settings page"
    return match.group(1)


class AuthActions:
    """Log the test client in and out through the real forms."""

    def __init__(self, client: FlaskClient) -> None:
        self._client = client

    def login(self, username: str = DEMO, password: str = DEMO_PASSWORD,
              next: str = "") -> TestResponse:
        """Submit the login form."""
        data = {"username": username, "password": password,
                "csrf_token": csrf_token(self._client)}
        if next:
            data["next"] = next
        return self._client.post("/login", data=data)

    def logout(self) -> TestResponse:
        """Submit the header's log-out form."""
        return self._client.post("/logout", data={"csrf_token": csrf_token(self._client)})


@pytest.fixture
def auth(client: FlaskClient) -> AuthActions:
    """Login helper for ``client``."""
    return AuthActions(client)


@pytest.fixture
def post(client: FlaskClient) -> Callable[..., TestResponse]:
    """Return ``post(url, data)``: a POST with the session's CSRF token added."""

    def submit(url: str, data: dict | None = None, **kwargs: object) -> TestResponse:
        form = dict(data or {})
        form.setdefault("csrf_token", csrf_token(client))
        return client.post(url, data=form, **kwargs)

    return submit


@pytest.fixture
def one(conn: sqlite3.Connection) -> Callable[..., object]:
    """Return ``one(sql, *params)``: the first column of the first row."""

    def query(sql: str, *params: object) -> object:
        row = conn.execute(sql, params).fetchone()
        return None if row is None else row[0]

    return query
