"""One env's private copy of the bundled sites: databases, apps, URLs, request log, reset.

Each site's pristine database is generated once per process and world seed, kept as
SQLite's serialized bytes, and restored into the env's own in-memory connection on
every reset (``Connection.deserialize``): no regeneration, no disk, no shared state.
"""

from __future__ import annotations

import importlib
import io
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Request

from webenv.errors import WorldError
from webenv.sites.core.auth import make_session_cookie
from webenv.sites.core.clock import WORLD_NOW


@dataclass(frozen=True)
class SiteSpec:
    """How a bundled site is named, addressed and built."""

    name: str
    host: str
    placeholder: str
    module: str

    @property
    def base_url(self) -> str:
        return f"http://{self.host}"


SITES: dict[str, SiteSpec] = {
    spec.name: spec
    for spec in (
        SiteSpec("shop", "shop.test", "__SHOP__", "webenv.sites.shop"),
        SiteSpec("forum", "forum.test", "__FORUM__", "webenv.sites.forum"),
        SiteSpec("githost", "git.test", "__GIT__", "webenv.sites.githost"),
    )
}
PLACEHOLDERS: dict[str, str] = {spec.placeholder: spec.base_url for spec in SITES.values()}
SITE_URLS: dict[str, str] = {spec.name: spec.base_url for spec in SITES.values()}




def expand_placeholders(text: str) -> str:
    """Replace ``__SHOP__``-style placeholders with the sites' base URLs."""
    for placeholder, url in PLACEHOLDERS.items():
        text = text.replace(placeholder, url)
    return text


def site_for_url(url: str) -> SiteSpec | None:
    """The bundled site serving ``url``, or None for any other host."""
    host = (urlsplit(url).hostname or "").lower()
    for spec in SITES.values():
        if spec.host == host:
            return spec
    return None


def _site_module(name: str) -> ModuleType:
    if name not in SITES:
        raise WorldError(f"unknown site {name!r}; accepted: {', '.join(SITES)}")
    try:
        return importlib.import_module(SITES[name].module)
    except ModuleNotFoundError as exc:
        raise WorldError(f"site {name!r} is not bundled in this version ({exc})") from None


@cache
def pristine_snapshot(site: str, seed: int = 0) -> bytes:
    """The serialized pristine database of ``site`` for world ``seed`` (cached per process)."""
    module = _site_module(site)
    datagen = importlib.import_module(f"{module.__name__}.datagen")
    conn = sqlite3.connect(":memory:")
    try:
        datagen.generate(conn, seed)
        conn.commit()
        return conn.serialize()
    finally:
        conn.close()


def log_form(fields: MultiDict) -> dict[str, Any]:
    """Form fields as a request-log entry holds them: one value as a string, several as a list."""
    return {name: (values[0] if len(values) == 1 else values) for name, values in fields.lists()}


def read_form(environ: dict[str, Any], limit: int = 2 * 1024 * 1024) -> dict[str, Any]:
    """A WSGI request's form fields in :func:`log_form` shape; the body stays readable.

    Bodies over ``limit`` bytes and malformed ones log no fields (the app still sees them).
    """
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return {}
    if length <= 0 or length > limit:
        return {}
    body = environ["wsgi.input"].read(length)
    environ["wsgi.input"] = io.BytesIO(body)
    try:
        return log_form(Request(dict(environ, **{"wsgi.input": io.BytesIO(body)})).form)
    except Exception:  # a malformed body is the app's problem, not the log's
        return {}


def _deny_writes(action: int, *args: Any) -> int:
    read_actions = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION,
                    sqlite3.SQLITE_RECURSIVE}
    return sqlite3.SQLITE_OK if action in read_actions else sqlite3.SQLITE_DENY


class World:
    """The sites one env owns.

    Args:
        sites: names of the sites to host (``shop``, ``forum``, ``githost``).
        seed: the world seed; 0 is the canonical world curated tasks are written against.
    """

    def __init__(self, sites: Iterable[str], seed: int = 0) -> None:
        self.seed = seed
        self.sites: tuple[str, ...] = tuple(dict.fromkeys(sites))
        self.request_log: list[dict[str, Any]] = []
        # Serializes everything that touches the databases: the env's own calls (reset,
        # queries) and, on the Chromium backend, the loopback server's request threads,
        # which may still be answering the previous page when the env resets.
        self.lock = threading.RLock()
        self._connections: dict[str, sqlite3.Connection] = {}
        # conn.total_changes when the database was last restored: a site whose count is
        # unchanged saw no writes, so reset can skip it.
        self._pristine_changes: dict[str, int] = {}
        self._login_cookies: dict[tuple[str, str], tuple[str, str]] = {}
        self.apps: dict[str, Flask] = {}
        for name in self.sites:
            module = _site_module(name)
            conn = sqlite3.connect(":memory:", check_same_thread=False)
            conn.deserialize(pristine_snapshot(name, seed))
            self._connections[name] = conn
            self._pristine_changes[name] = conn.total_changes
            self.apps[name] = module.create_app({
                "DATABASE": conn,
                "SECRET_KEY": f"webenv-{name}-world-{seed}",
                "NOW": WORLD_NOW.isoformat(),
                "SITE_URLS": dict(SITE_URLS),
            })

    def reset(self) -> None:
        """Restore every written-to site database to its pristine state; clear the request log."""
        with self.lock:
            for name, conn in self._connections.items():
                conn.rollback()
                if conn.total_changes != self._pristine_changes[name]:
                    conn.deserialize(pristine_snapshot(name, self.seed))
                    self._pristine_changes[name] = conn.total_changes
            self.request_log.clear()

    def app_for_host(self, host: str) -> Flask | None:
        """The Flask app serving ``host`` in this world, or None."""
        for name in self.sites:
            if SITES[name].host == host:
                return self.apps[name]
        return None

    def log_request(self, method: str, url: str, form: dict[str, Any], status: int) -> None:
        """Append one page request to the request log that ``request_match`` reads."""
        self.request_log.append({"method": method, "url": url, "form": form, "status": status})

    def user_id(self, site: str, username: str) -> int:
        """The id of ``username`` in ``site``'s users table.

        Raises:
            WorldError: the site is not hosted or the user does not exist.
        """
        rows = self.query(site, "SELECT id FROM users WHERE username = ?", (username,))
        if not rows:
            raise WorldError(f"site {site!r} has no user {username!r}")
        return int(rows[0][0])

    def login_cookie(self, site: str, username: str) -> tuple[str, str]:
        """A session cookie (name, value) that logs ``username`` in on ``site``.

        Cached: a pristine user's id and the app's secret never change, so resets need
        no query.
        """
        key = (site, username)
        if key not in self._login_cookies:
            self._login_cookies[key] = make_session_cookie(self.apps[site],
                                                           self.user_id(site, username))
        return self._login_cookies[key]

    def query(self, site: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run read-only SQL on ``site``'s live database.

        Raises:
            WorldError: the site is not hosted here.
            sqlite3.Error: the SQL is invalid or tries to write.
        """
        if site not in self._connections:
            raise WorldError(f"site {site!r} is not part of this world ({', '.join(self.sites)})")
        conn = self._connections[site]
        with self.lock:
            conn.set_authorizer(_deny_writes)
            try:
                return [tuple(row) for row in conn.execute(sql, params).fetchall()]
            finally:
                conn.set_authorizer(None)

    def close(self) -> None:
        """Close the databases. Safe to call twice."""
        with self.lock:
            for conn in self._connections.values():
                conn.close()
            self._connections.clear()
            self.apps.clear()
