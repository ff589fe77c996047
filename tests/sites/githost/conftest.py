"""Git-hosting-only fixtures; the shared ones are in ``tests/sites/conftest.py``."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest


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
def conn(raw_conn: sqlite3.Connection) -> TestConnection:
    """The test's connection to the app's database (rows are tuples)."""
    return TestConnection(raw_conn)


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
        return self.conn.execute("SELECT id FROM users WHERE username = ?", (username,)).fetchone()[
            0
        ]

    def project_with_role(self, username: str, role: int) -> str:
        """Return ``namespace/path`` of a project where ``username`` has exactly ``role``."""
        row = self.conn.execute(
            "SELECT n.path || '/' || p.path FROM members m JOIN projects p ON p.id = m.project_id"
            " JOIN namespaces n ON n.id = p.namespace_id JOIN users u ON u.id = m.user_id"
            " WHERE u.username = ? AND m.role = ? AND p.forked_from_id IS NULL"
            " AND p.archived = 0 ORDER BY p.id LIMIT 1",
            (username, role),
        ).fetchone()
        assert row, f"{username} has no project with role {role}"
        return row[0]

    def project_id(self, full_path: str) -> int:
        """The id of the project at ``namespace/path``."""
        namespace, path = full_path.split("/")
        return self.conn.execute(
            "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
            " WHERE n.path = ? AND p.path = ?",
            (namespace, path),
        ).fetchone()[0]

    def project(self, full_path: str) -> sqlite3.Row:
        """The project row at ``namespace/path``."""
        self.conn.row_factory = sqlite3.Row
        return self.conn.execute(
            "SELECT * FROM projects WHERE id = ?", (self.project_id(full_path),)
        ).fetchone()

    def head(self, full_path: str, branch: str | None = None) -> str:
        """The sha a branch (default: the default branch) of a project points at."""
        project = self.project(full_path)
        return self.conn.execute(
            "SELECT commit_sha FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
            (project["id"], branch or project["default_branch"]),
        ).fetchone()[0]


@pytest.fixture
def facts(conn: TestConnection) -> Facts:
    """Look-ups in the test's database."""
    return Facts(conn)
