"""One site's database, for the env and for ``webenv serve`` alike.

A :class:`SiteDatabase` holds a bundled site's live data either in memory (the
pristine snapshot deserialized into one connection the site app shares behind a lock)
or in a WAL-mode file ``<dir>/<site>.sqlite3`` that the app opens per request, so
every committed write is on disk and a ``kill -9`` loses nothing acknowledged. Either
way it restores the pristine world, answers read-only SQL through one authorizer, looks
users up and makes their login cookies.

Each site's pristine database is generated once per process and world seed and kept
as SQLite's serialized bytes (:func:`pristine_snapshot`) in a bounded cache.
"""

from __future__ import annotations

import importlib
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from types import ModuleType
from typing import Any

from flask import Flask

from webenv import worldstore
from webenv.errors import WorldError
from webenv.sites import BACK_OFFICES, SITES, SiteSpec
from webenv.sites.core.auth import GENERATION_COLUMN, session_data, sign_session
from webenv.tablestate import (
    RequestTables,
    SchemaAnalyzer,
    TableState,
    TrackedConnection,
    analyzer_for,
)
from webenv.validators.state import register_sql_functions

READ_ONLY_ACTIONS = frozenset(
    {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
)
"""What a read-only query may do: select, read columns, call functions, recurse (CTEs)."""


def read_only_authorizer(action: int, *args: Any) -> int:
    """The one SQLite authorizer of read-only queries: anything but reading is denied."""
    return sqlite3.SQLITE_OK if action in READ_ONLY_ACTIONS else sqlite3.SQLITE_DENY


READ_SECONDS = 10.0
"""The longest a read-only query may run (a validator's or a test's): an unbounded
recursive CTE or a cross join of big tables is stopped, not waited for."""
READ_ROWS = 1_000_000
"""The most rows a read-only query may return."""
READ_VALUE_BYTES = 16 * 1024 * 1024
"""The longest string or blob a read-only query may make (SQLite's ``SQLITE_LIMIT_LENGTH``
while it runs): ``zeroblob(1e9)`` or ``printf('%.*c', 2e9, 'x')`` is one step of SQLite's
virtual machine, which the deadline cannot stop, and would take gigabytes."""
READ_BYTES = 64 * 1024 * 1024
"""The most text and blob bytes a read-only query may return in all."""
_PROGRESS_STEPS = 10_000
"""SQLite virtual-machine steps between two checks of the read's deadline."""


class _ReadBudget:
    """A progress handler that stops a read after :data:`READ_SECONDS`."""

    def __init__(self) -> None:
        self.deadline = time.monotonic() + READ_SECONDS
        self.expired = False

    def __call__(self) -> int:
        if time.monotonic() > self.deadline:
            self.expired = True
            return 1  # SQLite interrupts the statement
        return 0


def _bounded_rows(
    conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]
) -> tuple[list[tuple[Any, ...]], list[str]]:
    """Rows and column names of one read, within :data:`READ_SECONDS` and
    :data:`READ_ROWS`; the caller has set the read-only authorizer (and registered the
    validators' SQL functions on ``conn``).

    Raises:
        sqlite3.OperationalError: the query ran out of time or returned too many rows.
    """
    budget = _ReadBudget()
    conn.set_progress_handler(budget, _PROGRESS_STEPS)
    length = conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, READ_VALUE_BYTES)
    try:
        cursor = conn.execute(sql, params)
        rows: list[tuple[Any, ...]] = []
        size = 0
        for row in cursor:
            rows.append(tuple(row))
            size += sum(len(value) for value in row if isinstance(value, str | bytes))
            if size > READ_BYTES:
                raise sqlite3.OperationalError(
                    f"query returned more than {READ_BYTES // 2**20} MB of text and blobs "
                    "(the limit of a read-only query)"
                )
            if len(rows) > READ_ROWS:
                break
        columns = [column[0] for column in cursor.description or ()]
        cursor.close()
    except sqlite3.DataError as exc:  # a value past READ_VALUE_BYTES
        raise sqlite3.OperationalError(
            f"{exc} (a read-only query makes no string or blob over {READ_VALUE_BYTES // 2**20} MB)"
        ) from exc
    except sqlite3.OperationalError as exc:
        if budget.expired:
            raise sqlite3.OperationalError(
                f"query stopped after {READ_SECONDS:g} s (the limit of a read-only query)"
            ) from exc
        raise
    finally:
        conn.set_progress_handler(None, 0)
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, length)
    if len(rows) > READ_ROWS:
        raise sqlite3.OperationalError(
            f"query returned more than {READ_ROWS:,} rows (the limit of a read-only query)"
        )
    return rows, columns


def site_module(name: str) -> ModuleType:
    """Import a bundled site's package.

    Raises:
        WorldError: the name is not a bundled site, or the site is not in this version.
    """
    if name not in SITES:
        raise WorldError(f"unknown site {name!r}; accepted: {', '.join(SITES)}")
    try:
        return importlib.import_module(SITES[name].module)
    except ModuleNotFoundError as exc:
        raise WorldError(f"site {name!r} is not bundled in this version ({exc})") from None


SNAPSHOT_CACHE_WORLDS = 4
"""Worlds per site the snapshot cache keeps besides the canonical world 0."""
MAX_WORLD_SCALE = 20
"""The largest world ``scale`` (size multiplier); 1 is the canonical size."""
_SNAPSHOTS: dict[str, OrderedDict[tuple[int, int], bytes]] = {}
"""Site -> (seed, scale) -> serialized pristine database, least recently used first."""
_SNAPSHOTS_LOCK = threading.Lock()


def check_scale(scale: object) -> int:
    """``scale`` as a world size multiplier.

    Raises:
        WorldError: it is not an integer from 1 to :data:`MAX_WORLD_SCALE`.
    """
    if isinstance(scale, bool) or not isinstance(scale, int) or not 1 <= scale <= MAX_WORLD_SCALE:
        raise WorldError(
            f"world scale {scale!r}: expected an integer from 1 to {MAX_WORLD_SCALE} "
            "(1 is the canonical size)"
        )
    return scale


def pristine_snapshot(site: str, seed: int = 0, scale: int = 1) -> bytes:
    """The serialized pristine database of ``site`` for world ``seed`` at ``scale``.

    Loaded from the machine's store of generated worlds (:mod:`webenv.worldstore`) or
    generated on first use, and kept in a bounded per-process cache: an LRU of the
    :data:`SNAPSHOT_CACHE_WORLDS` most recently used worlds per site, plus the
    canonical world 0 at scale 1 (which the curated tasks use), never evicted. A site
    database keeps a reference to its own snapshot, so eviction never forces a live env
    to regenerate on reset; sampling across many seeds costs one load (or, the first
    time on a machine, one generation) per site on each first touch or after eviction.
    A process that cycles through more worlds may raise :data:`SNAPSHOT_CACHE_WORLDS`
    (read at each insertion), paying memory (one serialized database per site and
    world) for load time.

    Args:
        site: The site's name.
        seed: The world seed.
        scale: The size multiplier (1 = the canonical size; see :func:`check_scale`).

    Raises:
        WorldError: the site is unknown or not bundled, or the scale is not accepted.
    """
    key = (seed, check_scale(scale))
    with _SNAPSHOTS_LOCK:
        cached = _SNAPSHOTS.setdefault(site, OrderedDict())
        snapshot = cached.get(key)
        if snapshot is not None:
            cached.move_to_end(key)
            return snapshot
    module = site_module(site)  # an unknown or unbundled site raises here
    snapshot = worldstore.load(module, seed, scale) or _generate(module, seed, scale)
    with _SNAPSHOTS_LOCK:
        cached = _SNAPSHOTS.setdefault(site, OrderedDict())
        snapshot = cached.setdefault(key, snapshot)
        cached.move_to_end(key)
        evictable = [other for other in cached if other != (0, 1)]
        for other in evictable[: max(0, len(evictable) - SNAPSHOT_CACHE_WORLDS)]:
            del cached[other]
    return snapshot


def _generate(module: ModuleType, seed: int, scale: int) -> bytes:
    """Run a site's data generator for world ``seed``; keep the result on disk too."""
    datagen = importlib.import_module(f"{module.__name__}.datagen")
    conn = sqlite3.connect(":memory:")
    try:
        if scale == 1:  # a site's generator takes ``scale`` only to offer larger worlds
            datagen.generate(conn, seed)
        else:
            datagen.generate(conn, seed, scale=scale)
        conn.commit()
        snapshot = conn.serialize()
    finally:
        conn.close()
    worldstore.store(module, seed, snapshot, scale)
    return snapshot


def evict_snapshot(site: str, seed: int, scale: int = 1) -> None:
    """Drop world ``seed`` (at ``scale``) of ``site`` from this process's cache (live envs
    keep theirs)."""
    with _SNAPSHOTS_LOCK:
        _SNAPSHOTS.get(site, OrderedDict()).pop((seed, scale), None)


def cached_snapshot_seeds(site: str) -> tuple[int, ...]:
    """The world seeds whose canonical-size ``site`` snapshot is cached, least recently
    used first."""
    with _SNAPSHOTS_LOCK:
        return tuple(seed for seed, scale in _SNAPSHOTS.get(site, ()) if scale == 1)


def _fsync_directory(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_database_file(snapshot: bytes, path: Path) -> None:
    """Replace ``path`` atomically with a WAL-mode database holding ``snapshot``.

    The copy is built beside the target and renamed over it, so a crash leaves either
    the old file or the new one, never half of each.
    """
    tmp = path.with_name(path.name + ".new")
    for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        leftover.unlink(missing_ok=True)
    source = sqlite3.connect(":memory:")
    target = sqlite3.connect(tmp)
    try:
        source.deserialize(snapshot)
        source.backup(target)
        target.execute("PRAGMA journal_mode=WAL")
        target.commit()
    finally:
        target.close()
        source.close()
    with open(tmp, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    _fsync_directory(path.parent)


class SiteDatabase:
    """A bundled site's live database: in memory, or a WAL file on disk.

    Args:
        name: The site (``shop``, ``forum``, ``githost``).
        seed: The world seed of the pristine snapshot.
        directory: Keep the database in ``directory/<name>.sqlite3`` (created from the
            pristine snapshot when missing, reused with every committed write when
            present); None keeps it in memory.
        lock: The lock serializing everything that touches an in-memory database (the
            world's, shared by its sites); a new one by default.
        scale: The world's size multiplier (1, the default, is the canonical size).

    Raises:
        WorldError: the site is unknown, the scale is not accepted, or the file is not a
            usable database.
    """

    def __init__(
        self,
        name: str,
        seed: int = 0,
        directory: Path | None = None,
        lock: threading.RLock | None = None,
        *,
        scale: int = 1,
    ) -> None:
        site_module(name)
        self.spec: SiteSpec = SITES[name]
        self.seed = seed
        self.scale = check_scale(scale)
        self.directory = directory
        self.lock = lock if lock is not None else threading.RLock()
        self._memory: sqlite3.Connection | None = None
        # conn.total_changes when the in-memory database was last restored: unchanged
        # means no writes since, so a reset can skip it.
        self._pristine_changes = 0
        self._pristine_users: dict[tuple[str, str], tuple[int, int]] = {}
        self._generation_columns: dict[str, bool] = {}
        self.tables = TableState()
        """The tables' state tokens (:mod:`webenv.tablestate`), kept by :meth:`begin_request`
        and :meth:`end_request`."""
        # conn.total_changes after the last recorded request: anything else means a write
        # no recorded statement explains.
        self._tracked_changes = 0
        # The analyzer of the pristine snapshot's schema, which is every tracked content's:
        # a statement that changes the schema leaves the database untracked.
        self._analyzer: SchemaAnalyzer | None = None
        snapshot = pristine_snapshot(name, seed, self.scale)
        # Held here so a reset never regenerates after the cache evicted this world.
        self._snapshot = snapshot
        if directory is None:
            self._memory = sqlite3.connect(
                ":memory:", check_same_thread=False, factory=TrackedConnection
            )
            register_sql_functions(self._memory)  # for the validators' reads
            self._memory.deserialize(snapshot)
            self._memory.execute("PRAGMA foreign_keys=ON")  # as a database file's requests do
            self._pristine_changes = self._memory.total_changes
            self._analyzer = analyzer_for(self._memory)
            self._loaded(None)
        elif not self.path.exists():
            write_database_file(snapshot, self.path)
        else:
            self._check_file()

    @property
    def name(self) -> str:
        """The site's name."""
        return self.spec.name

    @property
    def persistent(self) -> bool:
        """Whether the database is a file that keeps every committed write."""
        return self.directory is not None

    @property
    def path(self) -> Path:
        """The database file (meaningful only for a persistent database)."""
        return (self.directory or Path(".")) / f"{self.spec.name}.sqlite3"

    @property
    def app_database(self) -> sqlite3.Connection | str:
        """What the site app's ``DATABASE`` setting gets: the connection or the file path."""
        return self._memory if self._memory is not None else str(self.path)

    @property
    def connection(self) -> sqlite3.Connection | None:
        """The live in-memory connection the site app shares (None for a file database)."""
        return self._memory

    def app_lock(self) -> AbstractContextManager[Any]:
        """Hold this while the site app answers: in memory, the app shares one connection."""
        return self.lock if self._memory is not None else nullcontext()

    def _check_file(self) -> None:
        conn = sqlite3.connect(self.path)
        try:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            conn.execute("SELECT count(*) FROM users").fetchone()
        except sqlite3.DatabaseError as exc:
            raise WorldError(
                f"{self.path} is not a usable {self.name} database ({exc}); "
                "move it away to start from the pristine world"
            ) from None
        finally:
            conn.close()
        if mode != "wal":
            raise WorldError(f"{self.path}: cannot switch to WAL mode (got {mode!r})")

    def reset(self) -> None:
        """Restore the pristine world (an unwritten in-memory database is left as it is)."""
        with self.lock:
            if self._memory is not None:
                self._memory.rollback()
                # untracked: maybe a change total_changes does not count (DDL)
                if not self.pristine or not self.tables.tracked:
                    self._memory.deserialize(self._snapshot)
                    self._pristine_changes = self._memory.total_changes
                # pristine content; if left as it was, a write statement since changed no row
                self._loaded(None)
                return
            source = sqlite3.connect(":memory:")
            target = sqlite3.connect(self.path, timeout=30)
            try:
                source.deserialize(self._snapshot)
                source.backup(target)
            finally:
                target.close()
                source.close()

    def save(self) -> bytes | None:
        """The in-memory database's current content for :meth:`restore`: None while it
        is pristine (the snapshot it was restored from says it all), else its bytes.

        Raises:
            WorldError: the database is a file or closed.
        """
        with self.lock:
            if self._memory is None:
                raise WorldError(f"the {self.name} database is a file or closed; it has no state")
            return None if self.pristine else self._memory.serialize()

    def restore(self, saved: bytes | None, tables: TableState | None = None) -> None:
        """Put back what :meth:`save` returned (of this database, on the same seed).

        Args:
            saved: What :meth:`save` returned.
            tables: What :meth:`save_tables` returned with it; None: the tables of a
                pristine ``saved`` are pristine, those of other content untracked.
        """
        with self.lock:
            if self._memory is None:
                raise WorldError(f"the {self.name} database is a file or closed; it has no state")
            self._memory.rollback()
            if saved is None:
                if not self.pristine or not self.tables.tracked:
                    self._memory.deserialize(self._snapshot)
                    self._pristine_changes = self._memory.total_changes
                self._loaded(tables)
                return
            self._memory.deserialize(saved)
            self._pristine_changes = -1  # written to: the next reset restores the snapshot
            self._pristine_users.clear()
            self._generation_columns.clear()
            self._loaded(tables if tables is not None else TableState(tracked=False))

    def switch_seed(self, seed: int) -> None:
        """Hold world ``seed``'s pristine database from now on (in memory only): the same
        connection, so the site app that shares it needs no rebuilding.

        Raises:
            WorldError: the database is a file (``webenv serve --db``) or closed.
        """
        with self.lock:
            if self._memory is None:
                raise WorldError(
                    f"the {self.name} database is a file or closed; only an "
                    "in-memory database switches world seed"
                )
            snapshot = pristine_snapshot(self.name, seed, self.scale)
            self._memory.rollback()
            self._memory.deserialize(snapshot)
            self.seed = seed
            self._snapshot = snapshot
            self._pristine_changes = self._memory.total_changes
            self._pristine_users.clear()
            self._generation_columns.clear()
            self._analyzer = analyzer_for(self._memory)
            self._loaded(None)

    def save_tables(self) -> TableState:
        """A copy of the tables' state tokens, to pass to :meth:`restore` with :meth:`save`."""
        return self.tables.copy()

    def _loaded(self, tables: TableState | None) -> None:
        """Take ``tables`` as the state of the content just loaded (None: pristine)."""
        assert isinstance(self._memory, TrackedConnection)
        self.tables.set(tables)
        self._tracked_changes = self._memory.total_changes
        self._memory.analyzer = self._analyzer

    @property
    def tracked(self) -> bool:
        """Whether :attr:`tables` describes the content: in memory, and every write since
        the restore came from a request :meth:`end_request` accounted for."""
        memory = self._memory
        if memory is None or not self.tables.tracked:
            return False
        if memory.total_changes != self._tracked_changes:
            self.tables.tracked = False  # written from outside a recorded request
            return False
        return True

    def begin_request(self) -> None:
        """Start recording the tables the site app's statements touch (in memory only)."""
        memory = self._memory
        if not isinstance(memory, TrackedConnection) or not self.tracked:
            return
        memory.recorded = []

    def end_request(self, describe: Callable[[], bytes | None]) -> RequestTables | None:
        """Stop recording; advance the tables' tokens by what the request wrote.

        Args:
            describe: Returns everything the request sent (method, URL, headers, cookies,
                body) as bytes that differ whenever the requests differ, or None if it
                cannot be described; called only if the request wrote.

        Returns:
            The tables the request read and whether it wrote; None if the database is
            (now) untracked.
        """
        memory = self._memory
        if not isinstance(memory, TrackedConnection) or memory.recorded is None:
            return None
        recorded, memory.recorded = memory.recorded, None
        reads: set[str] = set()
        writes: set[str] = set()
        for statement in recorded:
            if statement.opaque:
                self.tables.tracked = False
                return None
            reads |= statement.reads
            writes |= statement.writes
        if not writes and memory.total_changes != self._tracked_changes:
            self.tables.tracked = False  # a write no recorded statement explains
            return None
        if writes:
            request = describe()
            if request is None:
                self.tables.tracked = False
                return None
            self.tables.wrote(writes, request)
            self._tracked_changes = memory.total_changes
        return RequestTables(frozenset(reads | writes), bool(writes))

    @property
    def pristine(self) -> bool:
        """Whether the in-memory database saw no write since it was restored."""
        return self._memory is not None and self._memory.total_changes == self._pristine_changes

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run read-only SQL on the live database.

        Raises:
            WorldError: the database is closed.
            sqlite3.Error: the SQL is invalid or tries to write, runs longer than
                :data:`READ_SECONDS` or returns more than :data:`READ_ROWS` rows.
        """
        return self._read(sql, params)[0]

    def _read(
        self, sql: str, params: tuple[Any, ...] = ()
    ) -> tuple[list[tuple[Any, ...]], list[str]]:
        """Rows and column names of read-only SQL: the one query path and authorizer."""
        with self.lock:
            if self._memory is not None:
                conn = self._memory
                conn.set_authorizer(read_only_authorizer)
                try:
                    return _bounded_rows(conn, sql, params)
                finally:
                    conn.set_authorizer(None)
            if self.directory is None:
                raise WorldError(f"the {self.name} database is closed")
        conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            register_sql_functions(conn)
            conn.set_authorizer(read_only_authorizer)
            return _bounded_rows(conn, sql, params)
        finally:
            conn.close()

    def user_session(self, username: str, accounts: str = "users") -> tuple[int, int] | None:
        """``(id, session generation)`` of ``username`` in the live ``accounts`` table
        (``users``, or a back office's staff table), or None.

        The generation (how often the user logged out, which ends their sessions) is 0
        for tables without a ``session_generation`` column. A pristine database's answers
        are remembered: the env's resets then need no query.
        """
        key = (accounts, username)
        with self.lock:
            pristine = self.pristine
            if pristine and key in self._pristine_users:
                return self._pristine_users[key]
            if accounts not in self._generation_columns:
                columns = self._read(f"SELECT * FROM {accounts} LIMIT 0")[1]
                self._generation_columns[accounts] = GENERATION_COLUMN in columns
            generation = GENERATION_COLUMN if self._generation_columns[accounts] else "0"
            rows = self.query(
                f"SELECT id, {generation} FROM {accounts} WHERE username = ?", (username,)
            )
        if not rows:
            return None
        found = (int(rows[0][0]), int(rows[0][1] or 0))
        if pristine:
            self._pristine_users[key] = found
        return found

    def user_id(self, username: str) -> int | None:
        """The id of ``username`` in the live users table, or None."""
        found = self.user_session(username)
        return None if found is None else found[0]

    def login_cookie(self, app: Flask, login: Mapping[str, str]) -> tuple[str, str]:
        """A session cookie ``(name, value)`` that logs in, on ``app``, every account of
        ``login`` valid for its current session generation.

        Args:
            app: This site's app.
            login: Login key -> username, for keys on this site: the site's name (a
                user) and its back offices' names (a staff user), as in a task's
                ``login``; one cookie holds them all.

        Raises:
            WorldError: an account does not exist, or a key is not of this site.
        """
        data: dict[str, Any] = {}
        for key, username in login.items():
            office = BACK_OFFICES.get(key)
            if key != self.name and (office is None or office.site != self.name):
                raise WorldError(f"{key!r} does not log in on site {self.name!r}")
            accounts = office.accounts if office is not None else "users"
            found = self.user_session(username, accounts)
            if found is None:
                kind = "staff user" if office is not None else "user"
                raise WorldError(f"site {self.name!r} has no {kind} {username!r}")
            if office is None:
                data.update(session_data(*found))
            else:
                data.update(importlib.import_module(office.module).session_data(*found))
        return sign_session(app, data)

    def close(self) -> None:
        """Close the in-memory connection. Safe to call twice."""
        with self.lock:
            if self._memory is not None:
                self._memory.close()
                self._memory = None
