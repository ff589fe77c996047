"""Shop-only fixtures (the CLI runner, staff logins to the back office, the REST API
client, a second world to compare with); the shared ones are in
``tests/sites/conftest.py``."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webenv.sites import shop
from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.templatecode import template_code

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@pytest.fixture
def runner(app: Flask) -> CliRunner:
    """A CLI runner for the shop's commands."""
    return app.test_cli_runner()


def admin_token(client: FlaskClient, page: str = "/admin") -> str:
    """The CSRF token of the client's session, read from a back-office page."""
    response = client.get(page)
    if response.status_code != 200:
        response = client.get("/admin/account")
    match = TOKEN.search(response.get_data(as_text=True))
    assert match, f"no csrf_token on {page}"
    return match.group(1)


class StaffActions:
    """Sign staff in and out of the back office through its forms."""

    def __init__(self, client: FlaskClient) -> None:
        self._client = client

    def login(
        self, username: str = "admin", password: str = DEMO_PASSWORD, next: str = ""
    ) -> TestResponse:
        """Submit the back office's sign-in form."""
        data = {"username": username, "password": password, "csrf_token": admin_token(self._client)}
        if next:
            data["next"] = next
        return self._client.post("/admin", data=data)

    def logout(self) -> TestResponse:
        """Submit the header's Sign Out form."""
        token = admin_token(self._client, "/admin/account")
        return self._client.post("/admin/logout", data={"csrf_token": token})


@pytest.fixture
def staff(client: FlaskClient) -> StaffActions:
    """Staff sign-in helper for ``client``."""
    return StaffActions(client)


@pytest.fixture
def admin_post(client: FlaskClient) -> Callable[..., TestResponse]:
    """``admin_post(url, data)``: a POST with the session's CSRF token added."""

    def submit(url: str, data: dict | None = None, **kwargs: object) -> TestResponse:
        form = dict(data or {})
        form.setdefault("csrf_token", admin_token(client, "/admin/account"))
        return client.post(url, data=form, **kwargs)

    return submit


class ApiClient:
    """Calls the shop's REST API (``/rest/V1``) with JSON, as a token's bearer or with the
    client's cookies."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token: str | None = None

    def headers(self) -> dict[str, str]:
        return {} if self.token is None else {"Authorization": f"Bearer {self.token}"}

    def call(self, method: str, path: str, body: object = None, **kwargs: Any) -> TestResponse:
        """``method`` ``/rest/V1`` + ``path``; a write sends ``body`` (default ``{}``) as JSON."""
        if method != "GET" and "data" not in kwargs:
            kwargs["json"] = {} if body is None else body
        headers = {**self.headers(), **kwargs.pop("headers", {})}
        return self.client.open(f"/rest/V1{path}", method=method, headers=headers, **kwargs)

    def get(self, path: str, **kwargs: Any) -> TestResponse:
        return self.call("GET", path, **kwargs)

    def post(self, path: str, body: object = None, **kwargs: Any) -> TestResponse:
        return self.call("POST", path, body, **kwargs)

    def put(self, path: str, body: object = None, **kwargs: Any) -> TestResponse:
        return self.call("PUT", path, body, **kwargs)

    def delete(self, path: str, **kwargs: Any) -> TestResponse:
        return self.call("DELETE", path, **kwargs)

    def sign_in(self, kind: str, username: str, password: str = DEMO_PASSWORD) -> str:
        """Get a ``customer`` or ``admin`` token and send it from now on."""
        response = self.post(
            f"/integration/{kind}/token", {"username": username, "password": password}
        )
        assert response.status_code == 200, response.get_json()
        self.token = response.get_json()
        return self.token


@pytest.fixture
def api(client: FlaskClient) -> ApiClient:
    """The REST API through ``client`` (its cookies too)."""
    return ApiClient(client)


@dataclass
class OtherWorld:
    """A second app on its own fresh copy of the canonical world, to do the same thing
    another way and compare the rows."""

    conn: sqlite3.Connection
    app: Flask
    client: FlaskClient
    api: ApiClient


@pytest.fixture
def other_world(world_bytes: bytes) -> Iterator[OtherWorld]:
    """The shop on a second fresh canonical world."""
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(world_bytes)
    app = shop.create_app({"DATABASE": connection, "TESTING": True})
    app.jinja_env.bytecode_cache = template_code  # as the test's own app has it
    client = app.test_client()
    yield OtherWorld(connection, app, client, ApiClient(client))
    connection.close()


def table_rows(conn: sqlite3.Connection, *tables: str) -> dict[str, list[tuple]]:
    """Every row of ``tables``, in id order, to compare two worlds."""
    return {
        table: [tuple(row) for row in conn.execute(f"SELECT * FROM {table} ORDER BY rowid")]
        for table in tables
    }
