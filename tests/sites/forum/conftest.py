"""Forum-only fixtures; the shared ones are in ``tests/sites/conftest.py``."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest


@pytest.fixture
def one(conn: sqlite3.Connection) -> Callable[..., object]:
    """Return ``one(sql, *params)``: the first column of the first row."""

    def query(sql: str, *params: object) -> object:
        row = conn.execute(sql, params).fetchone()
        return None if row is None else row[0]

    return query
