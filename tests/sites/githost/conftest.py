"""Fixtures for the Git-hosting site: an in-memory canonical world, a client and logins."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.sites.githost import create_app
from webenv.sites.githost.datagen import generate
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


class TestConnection:
    """The test's view of the app's connection: plain tuples unless told otherwise.

    The app sets ``row_factory = sqlite3.Row`` on the connection it is given; tests
    compare with tuples, so every ``execute`` here uses this object's own
    ``row_factory`` (None by default; set it to ``sqlite3.Row`` for the repo helpers).
    """

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw
        self.row_factory: type | None = None

    def execute(self, sql: str, params: object = ()) -> sqlite3.Cursor:
        self.raw.row_factory = self.row_factory
        return self.raw.execute(sql, params)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.raw, name)


@pytest.fixture
def raw_conn(world_bytes: bytes) -> Iterator[sqlite3.Connection]:
    """A fresh in-memory copy of the canonical world, as the app sees it."""
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(world_bytes)
    yield connection
    connection.close()


@pytest.fixture
def conn(raw_conn: sqlite3.Connection) -> TestConnection:
    """The test's connection to the app's database (rows are tuples)."""
    return TestConnection(raw_conn)


@pytest.fixture
def app(raw_conn: sqlite3.Connection) -> Flask:
    """The Git-hosting app on a fresh canonical world."""
    return create_app({"DATABASE": raw_conn, "TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the site."""
    return app.test_client()


def csrf_token(client: FlaskClient) -> str:
    """Return the current session's CSRF token (from the header's sign-out or sign-in form)."""
    response = client.get("/users/sign_in")
    if response.status_code != 200:
        response = client.get("/groups")
    match = TOKEN.search(response.get_data(as_text=True))
    assert match, "no csrf_token field found"
    return match.group(1)


class AuthActions:
    """Sign the test client in and out through the real forms."""

    def __init__(self, client: FlaskClient) -> None:
        self._client = client

    def login(self, username: str = "alex.chen", password: str = DEMO_PASSWORD,
              next: str = "") -> TestResponse:
        """Submit the sign-in form."""
        self._client.post("/users/sign_out", data={"csrf_token": csrf_token(self._client)})
        data = {"username": username, "password": password,
                "csrf_token": csrf_token(self._client)}
        if next:
            data["next"] = next
        return self._client.post("/users/sign_in", data=data)

    def logout(self) -> TestResponse:
        """Submit the header's sign-out form."""
        return self._client.post("/users/sign_out", data={"csrf_token": csrf_token(self._client)})


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
def q(conn: TestConnection) -> Callable[..., list[tuple]]:
    """Return ``q(sql, *params)``: rows of a query on the test's database."""

    def query(sql: str, *params: object) -> list[tuple]:
        return [tuple(row) for row in conn.execute(sql, params).fetchall()]

    return query


class Facts:
    """Look-ups in the test's database that tests use to find their subjects."""

    def __init__(self, conn: TestConnection) -> None:
        self.conn = TestConnection(conn.raw)

    def user_id(self, username: str) -> int:
        """The id of ``username``."""
        return self.conn.execute("SELECT id FROM users WHERE username = ?",
                                 (username,)).fetchone()[0]

    def project_with_role(self, username: str, role: int) -> str:
        """Return ``namespace/path`` of a project where ``username`` has exactly ``role``."""
        row = self.conn.execute(
            "SELECT n.path || '/' || p.path FROM members m JOIN projects p ON p.id = m.project_id"
            " JOIN namespaces n ON n.id = p.namespace_id JOIN users u ON u.id = m.user_id"
            " WHERE u.username = ? AND m.role = ? AND p.forked_from_id IS NULL"
            " AND p.archived = 0 ORDER BY p.id LIMIT 1", (username, role)).fetchone()
        assert row, f"{username} has no project with role {role}"
        return row[0]

    def project_id(self, full_path: str) -> int:
        """The id of the project at ``namespace/path``."""
        namespace, path = full_path.split("/")
        return self.conn.execute(
            "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
            " WHERE n.path = ? AND p.path = ?", (namespace, path)).fetchone()[0]

    def project(self, full_path: str) -> sqlite3.Row:
        """The project row at ``namespace/path``."""
        self.conn.row_factory = sqlite3.Row
        return self.conn.execute("SELECT * FROM projects WHERE id = ?",
                                 (self.project_id(full_path),)).fetchone()

    def head(self, full_path: str, branch: str | None = None) -> str:
        """The sha a branch (default: the default branch) of a project points at."""
        project = self.project(full_path)
        return self.conn.execute(
            "SELECT commit_sha FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
            (project["id"], branch or project["default_branch"])).fetchone()[0]


@pytest.fixture
def facts(conn: TestConnection) -> Facts:
    """Look-ups in the test's database."""
    return Facts(conn)
