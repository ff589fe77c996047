"""SQLite access shared by the bundled sites.

``app.config["DATABASE"]`` is either an open :class:`sqlite3.Connection` owned by
the caller (the environment keeps each world's databases in memory) or a
filesystem path. A passed connection is returned as-is and never closed; a path
is opened once per application context and closed when the context ends.

With a path, several requests may run at once (``webenv serve --db`` answers each in
its own thread and connection). Every request that may write — any method but GET,
HEAD and OPTIONS — therefore runs in one ``BEGIN IMMEDIATE`` transaction from its
first query: its checks and writes are atomic (a double-submitted form sees the first
submission's rows instead of failing on a UNIQUE constraint or losing an update).
Views commit once their writes are done; anything uncommitted is rolled back when the
context ends. A passed connection is serialized by its owner.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

import click
from flask import Flask, current_app, g, has_request_context, request

RowLike = sqlite3.Row | Mapping[str, Any]
"""A database row or any mapping with the same keys (what row-reading helpers accept)."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Request methods that never write, so need no write transaction."""

INTEGER_RANGE = range(-(2**63), 2**63)
"""The integers SQLite stores (binding another raises ``OverflowError``): URL ids and JSON
numbers outside it are refused before they reach a query."""

BUSY_TIMEOUT = 30.0
"""Seconds a request waits for another request's write transaction on a database file."""


def get_db() -> sqlite3.Connection:
    """Return the site's database connection for the current app context.

    Returns:
        A connection whose ``row_factory`` is :class:`sqlite3.Row`.
    """
    database = current_app.config["DATABASE"]
    if isinstance(database, sqlite3.Connection):
        if database.row_factory is not sqlite3.Row:
            database.row_factory = sqlite3.Row
        return database
    if "db" not in g:
        conn = sqlite3.connect(database, timeout=BUSY_TIMEOUT)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        if not current_app.extensions.get("webenv_db_upgraded"):
            upgrade(conn)
            current_app.extensions["webenv_db_upgraded"] = True
        if has_request_context() and request.method not in SAFE_METHODS:
            conn.execute("BEGIN IMMEDIATE")
        g.db = conn
    return g.db


ADDED_COLUMNS = (
    ("users", "session_generation", "INTEGER NOT NULL DEFAULT 0"),
    (
        "projects",
        "merge_method",
        "TEXT NOT NULL DEFAULT 'merge' CHECK (merge_method IN ('merge', 'ff'))",
    ),
)
"""Columns added to the sites' schemas since their first release: (table, column, type)."""


def upgrade(conn: sqlite3.Connection) -> None:
    """Add the :data:`ADDED_COLUMNS` a database file written by an older version lacks.

    Safe to call on an up-to-date database (it then writes nothing) and when several
    processes call it at once.
    """
    for table, column, declaration in ADDED_COLUMNS:
        names = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if names and column not in names:
            try:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            except sqlite3.OperationalError as exc:  # another process added it first
                if "duplicate column" not in str(exc):
                    raise
    if conn.in_transaction:
        conn.commit()


def note_pending_writes() -> None:
    """Before a request: note whether the shared connection already holds uncommitted
    writes (made outside any request, as tests do), which its end must leave alone."""
    database = current_app.config["DATABASE"]
    g.db_pending = isinstance(database, sqlite3.Connection) and database.in_transaction


def close_db(exc: BaseException | None = None) -> None:
    """Close a per-context connection; roll back a shared one left mid-transaction.

    What a request wrote and did not commit is undone however it ended — an exception,
    or an answer such as ``abort``'s error page after a write — as closing a file's
    connection discards it: the env's shared in-memory connection must not keep it for
    the next request to commit.
    """
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()
        return
    if exc is not None or not g.pop("db_pending", True):
        rollback_request()


def rollback_request() -> None:
    """Undo the current request's uncommitted writes, on whichever connection it uses."""
    conn = g.get("db") or current_app.config.get("DATABASE")
    if isinstance(conn, sqlite3.Connection) and conn.in_transaction:
        conn.rollback()


def init_app(app: Flask, generate: Callable[[sqlite3.Connection, int], None] | None = None) -> None:
    """Wire the database into ``app``.

    Args:
        app: The site's Flask application.
        generate: The site's data generator; when given, an ``init-db`` command
            (``flask --app ... init-db --seed 0``) fills a path database with it.
    """
    app.before_request(note_pending_writes)
    app.teardown_appcontext(close_db)
    if generate is None:
        return

    @app.cli.command("init-db")
    @click.option("--seed", default=0, show_default=True, help="World seed.")
    def init_db_command(seed: int) -> None:
        """Create the tables and generate the world's data."""
        generate(get_db(), seed)
        click.echo(f"Generated world seed {seed}.")
