"""What each request read and wrote, per table, and a state token per table.

The page cache (:mod:`webenv.browser.pagecache`) may serve a page after a write as long
as the page read none of the tables written since it was stored. This module gives it
the two facts it needs:

- **Which tables a statement reads and writes.** SQLite's authorizer reports every
  table a statement may read or write, including the base tables of views, the tables
  read by CTEs, what triggers read and write, and the rows foreign-key actions change,
  but it is called when a statement is *prepared*, and Python's statement cache reuses
  prepared statements. So each distinct SQL text is prepared once (as ``EXPLAIN``, which
  runs nothing) on a :class:`SchemaAnalyzer`: an empty connection with the same schema
  and an authorizer, shared by every database of that schema in the process. The live
  connection is a :class:`TrackedConnection`, which, while a request is recorded, notes
  the analysis of each SQL text it runs (a dict lookup).
- **Table state tokens** (:class:`TableState`). A table's token is None while it is as
  the pristine snapshot has it, else a digest of every writing request to its database
  since the restore, in order, taken at the table's last write. The sites are
  deterministic (fixed clock; no ``random()`` in SQL, no wall clock), so equal tokens of
  one (site, seed, scale) mean equal contents.

Anything the analysis cannot follow makes the database *untracked* until its next
restore (and its pages uncacheable): a statement that is not a plain read or
insert/update/delete (DDL, ``PRAGMA``, ``ATTACH``), ``random()``, a script, a blob
handle, a request that cannot be described, or a change of ``total_changes`` that no
recorded statement explains (a write from outside a recorded request).
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Self

from webenv.lru import LRU

__all__ = [
    "OPAQUE",
    "RequestTables",
    "SchemaAnalyzer",
    "StatementTables",
    "TableState",
    "TrackedConnection",
    "analyzer_for",
]

_READ_WRITE = {
    sqlite3.SQLITE_INSERT: "write",
    sqlite3.SQLITE_UPDATE: "write",
    sqlite3.SQLITE_DELETE: "write",
    sqlite3.SQLITE_READ: "read",
}
_HARMLESS = frozenset(
    {
        sqlite3.SQLITE_SELECT,
        sqlite3.SQLITE_FUNCTION,
        sqlite3.SQLITE_RECURSIVE,
        sqlite3.SQLITE_TRANSACTION,
        sqlite3.SQLITE_SAVEPOINT,
    }
)
"""Authorizer actions that neither touch a table nor escape the analysis."""
NONDETERMINISTIC_FUNCTIONS = frozenset({"random", "randomblob"})
"""SQL functions whose results are not a function of the database and the request."""

ANALYSES_PER_SCHEMA = 50_000
"""Distinct SQL texts an analyzer remembers before it starts over."""
SCHEMAS = 16
"""Analyzers (one per distinct schema) the process keeps."""


@dataclass(frozen=True)
class StatementTables:
    """The tables one SQL statement may read and write."""

    reads: frozenset[str]
    writes: frozenset[str]
    opaque: bool = False
    """It does something the analysis cannot follow (the database becomes untracked)."""


OPAQUE = StatementTables(frozenset(), frozenset(), opaque=True)


class SchemaAnalyzer:
    """Prepares SQL on an empty copy of one schema to learn the tables it touches.

    Args:
        schema: The ``CREATE`` statements of the schema, in creation order.
        foreign_keys: Whether the live connection enforces foreign keys (their actions
            are statements' writes only then).
    """

    def __init__(self, schema: Iterable[str], foreign_keys: bool) -> None:
        self._conn = sqlite3.connect(":memory:", check_same_thread=False, cached_statements=0)
        self._conn.execute(f"PRAGMA foreign_keys={int(foreign_keys)}")
        for sql in schema:
            try:
                self._conn.execute(sql)
            except sqlite3.OperationalError as exc:
                # a virtual table's shadow tables exist once the virtual table does
                if "already exists" not in str(exc):
                    raise
        self._seen: list[tuple[int, str | None, str | None]] = []
        self._conn.set_authorizer(self._authorize)
        self._memo: dict[str, StatementTables] = {}
        self._lock = threading.Lock()

    def _authorize(
        self, action: int, arg1: str | None, arg2: str | None, db: str | None, source: str | None
    ) -> int:
        self._seen.append((action, arg1, arg2))
        return sqlite3.SQLITE_OK

    def tables(self, sql: str, parameters: Any = None) -> StatementTables:
        """The tables ``sql`` reads and writes (:data:`OPAQUE` if it cannot be followed).

        Args:
            sql: One SQL statement.
            parameters: Its parameters, if known (the statement is only prepared; without
                them, the binding fails after the authorizer has seen everything).
        """
        found = self._memo.get(sql)
        if found is not None:
            return found
        with self._lock:
            self._seen.clear()
            try:
                self._conn.execute(f"EXPLAIN {sql}", () if parameters is None else parameters)
            except sqlite3.ProgrammingError:
                if not self._seen:  # not even prepared: several statements, say
                    self._seen.append((-1, None, None))
            except sqlite3.Error:
                self._seen.append((-1, None, None))
            found = self._classify(self._seen)
            self._seen.clear()
            if len(self._memo) >= ANALYSES_PER_SCHEMA:
                self._memo.clear()
            self._memo[sql] = found
        return found

    @staticmethod
    def _classify(seen: list[tuple[int, str | None, str | None]]) -> StatementTables:
        reads: set[str] = set()
        writes: set[str] = set()
        for action, arg1, arg2 in seen:
            kind = _READ_WRITE.get(action)
            if kind == "read" and arg1 is not None:
                reads.add(arg1)
            elif kind == "write" and arg1 is not None:
                writes.add(arg1)
            elif (
                action == sqlite3.SQLITE_FUNCTION and arg2 in NONDETERMINISTIC_FUNCTIONS
            ) or action not in _HARMLESS:
                return OPAQUE
        return StatementTables(frozenset(reads), frozenset(writes))


_ANALYZERS: LRU[tuple[tuple[str, ...], bool], SchemaAnalyzer] = LRU(SCHEMAS)


def analyzer_for(conn: sqlite3.Connection) -> SchemaAnalyzer | None:
    """The process's analyzer of ``conn``'s schema; None if it has temporary objects
    (made at run time, so not part of a site's fixed schema)."""
    if conn.execute("SELECT count(*) FROM sqlite_temp_master").fetchone()[0]:
        return None
    schema = tuple(
        row[0]
        for row in conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"
            " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
        )
    )
    key = (schema, bool(conn.execute("PRAGMA foreign_keys").fetchone()[0]))
    return _ANALYZERS.get_or_make(key, lambda: SchemaAnalyzer(*key))


class TrackedConnection(sqlite3.Connection):
    """A connection that notes the tables of every statement it runs while recording.

    Pass as ``factory=`` to :func:`sqlite3.connect`. Every way to run SQL on it —
    ``execute``, ``executemany``, ``executescript`` and the same on its cursors — is
    seen; a blob handle or a script is noted as :data:`OPAQUE`.
    """

    analyzer: SchemaAnalyzer | None = None
    """The analyzer of this connection's schema (set by its owner before recording)."""
    recorded: list[StatementTables] | None = None
    """What the statements run since recording began touch; None: not recording."""

    def note(self, sql: str, parameters: Any = None) -> None:
        """Record ``sql``'s tables (while recording)."""
        recorded = self.recorded
        if recorded is not None:
            analyzer = self.analyzer
            recorded.append(OPAQUE if analyzer is None else analyzer.tables(sql, parameters))

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if self.recorded is not None:
            self.note(sql, parameters)
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        if self.recorded is not None:
            self.note(sql)
        return super().executemany(sql, parameters)

    def executescript(self, sql_script: str, /) -> sqlite3.Cursor:
        if self.recorded is not None:
            self.recorded.append(OPAQUE)
        return super().executescript(sql_script)

    def cursor(self, factory: Any = None) -> sqlite3.Cursor:  # type: ignore[override]
        return super().cursor(factory or _TrackedCursor)

    def blobopen(self, *args: Any, **kwargs: Any) -> sqlite3.Blob:
        if self.recorded is not None:
            self.recorded.append(OPAQUE)
        return super().blobopen(*args, **kwargs)


class _TrackedCursor(sqlite3.Cursor):
    """A cursor of a :class:`TrackedConnection` (its statements are noted too).

    ``Connection.execute`` runs its statement on a cursor without calling the cursor's
    ``execute``, so nothing is noted twice.
    """

    def execute(self, sql: str, parameters: Any = (), /) -> Self:
        conn = self.connection
        if isinstance(conn, TrackedConnection) and conn.recorded is not None:
            conn.note(sql, parameters)
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Any, /) -> Self:
        conn = self.connection
        if isinstance(conn, TrackedConnection) and conn.recorded is not None:
            conn.note(sql)
        return super().executemany(sql, parameters)

    def executescript(self, sql_script: str, /) -> sqlite3.Cursor:
        conn = self.connection
        if isinstance(conn, TrackedConnection) and conn.recorded is not None:
            conn.recorded.append(OPAQUE)
        return super().executescript(sql_script)


@dataclass(frozen=True)
class RequestTables:
    """What one recorded request touched in one database."""

    reads: frozenset[str]
    """Tables it read (and wrote: a write's outcome may depend on the rows it meets)."""
    wrote: bool
    """Whether it ran a statement that writes (whether or not a row changed)."""


@dataclass
class TableState:
    """The state tokens of one database's tables (see the module docstring)."""

    tokens: dict[str, bytes] = field(default_factory=dict)
    """Table -> digest of the write history at its last write; absent: pristine. The one
    dict object lives as long as its database (readers may keep a reference)."""
    history: bytes = b""
    """Digest of every writing request since the restore (empty: none)."""
    tracked: bool = True
    """Whether the tokens are known to describe the contents (else nothing is cached)."""

    def copy(self) -> TableState:
        """An independent copy (for a saved state)."""
        return TableState(dict(self.tokens), self.history, self.tracked)

    def set(self, other: TableState | None) -> None:
        """Take ``other``'s tokens in place (None: pristine and tracked)."""
        self.tokens.clear()
        if other is None:
            self.history, self.tracked = b"", True
        else:
            self.tokens.update(other.tokens)
            self.history, self.tracked = other.history, other.tracked

    def wrote(self, tables: Iterable[str], request: bytes) -> None:
        """Advance the history by one writing ``request`` that wrote ``tables``."""
        self.history = hashlib.sha256(self.history + b"\0" + request).digest()
        for table in tables:
            self.tokens[table] = self.history
