"""One world site served over HTTP: the WSGI wrapper ``webenv serve`` puts around it.

A :class:`HostedSite` answers with the site app of a :class:`~webenv.world.World`,
holding the site database's lock while an in-memory database answers, and

- logs every request in the world's request log, with the canonical URL
  (``http://shop.test/cart``) whatever local address the person used, so request
  checks judge people and agents alike;
- answers ``/__webenv__/login?token=...``, a portal-signed link that logs the task's
  user in and redirects to the task's start page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Request

from webenv.errors import WorldError
from webenv.requestlog import read_form
from webenv.sites import login_site
from webenv.sites.core.auth import safe_next
from webenv.sites.core.urls import parse_url
from webenv.world import World

INTERNAL_PREFIX = "/__webenv__/"
LOGIN_PATH = INTERNAL_PREFIX + "login"
LOGIN_TOKEN_MAX_AGE = 24 * 3600
_UNLOGGED_PREFIXES = ("/static/", "/favicon.ico")


class HostedSite:
    """A world's site served for people on one port.

    Args:
        world: The world whose site this is.
        name: The site (``shop``, ``forum``, ``githost``).
        base_url: Where it is served, e.g. ``http://127.0.0.1:8001``.
        secret: The server's signing secret (for login links).
    """

    def __init__(self, world: World, name: str, base_url: str, secret: str) -> None:
        self.world = world
        self.database = world.database(name)
        self.spec = self.database.spec
        self.base_url = base_url.rstrip("/")
        parsed = parse_url(self.base_url)
        self.port = parsed.port if parsed is not None and parsed.port is not None else 80
        self._serializer = URLSafeTimedSerializer(secret, salt=f"webenv-serve-login:{name}")

    @property
    def name(self) -> str:
        """The site's name."""
        return self.spec.name

    @property
    def app(self) -> Flask:
        """The site's app as the world serves it."""
        return self.world.apps[self.name]

    @property
    def db_path(self) -> Path:
        """The database file (meaningful only for persistent worlds)."""
        return self.database.path

    def reset(self) -> None:
        """Restore the site's database to the pristine world."""
        self.world.reset([self.name], clear_log=False)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Read-only SQL on the live database (see :meth:`SiteDatabase.query`)."""
        return self.database.query(sql, params)

    def user_id(self, username: str) -> int | None:
        """The id of ``username`` on this site, or None."""
        return self.database.user_id(username)

    # -- URLs ----------------------------------------------------------------------------

    def canonical(self, path_and_query: str) -> str:
        """``/cart?x=1`` (or a request line's absolute URL) -> ``http://shop.test/cart?x=1``."""
        parsed = parse_url(path_and_query, self.spec.base_url)
        if parsed is None or not parsed.is_special:
            return self.spec.base_url + "/"
        return self.spec.base_url + parsed.path_and_query

    def local(self, url: str) -> str:
        """A URL on this site (canonical or local) as served here."""
        parsed = parse_url(url)
        if parsed is None:
            return self.base_url + "/"
        fragment = f"#{parsed.fragment}" if parsed.fragment is not None else ""
        return self.base_url + parsed.path_and_query + fragment

    def login_link(self, accounts: Mapping[str, str], next_path: str) -> str:
        """A link that logs ``accounts`` (login key -> username, as in a task's ``login``:
        this site's user, its back offices' staff) in on this site and opens ``next_path``."""
        token = self._serializer.dumps({"login": dict(accounts), "next": next_path})
        return f"{self.base_url}{LOGIN_PATH}?token={token}"

    # -- WSGI ----------------------------------------------------------------------------

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") or "/"
        if path == LOGIN_PATH:
            return self._login(environ, start_response)
        method = environ.get("REQUEST_METHOD", "GET").upper()
        form = read_form(environ)
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            captured["status"] = int(status.split(" ", 1)[0])
            captured["mimetype"] = next(
                (v.split(";")[0].strip() for k, v in headers if k.lower() == "content-type"), ""
            )
            return start_response(status, headers, exc_info)

        with self.database.app_lock():
            result = self.app(environ, capture)
            try:
                body = b"".join(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
        if not path.startswith(_UNLOGGED_PREFIXES):
            query = environ.get("QUERY_STRING", "")
            target = environ.get("REQUEST_URI") or path + (f"?{query}" if query else "")
            self.world.request_log.record(
                method,
                self.canonical(target),
                form,
                captured.get("status", 500),
                captured.get("mimetype", ""),
            )
        return [body]

    def _login(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        token = Request(environ).args.get("token", "")
        cookie: tuple[str, str] | None = None
        try:
            data = self._serializer.loads(token, max_age=LOGIN_TOKEN_MAX_AGE)
            accounts = {str(key): str(user) for key, user in dict(data["login"]).items()}
            target = str(data.get("next") or "/")
            if accounts and all(login_site(key) == self.name for key in accounts):
                cookie = self.world.login_cookies(accounts)[self.name]
        except (BadSignature, KeyError, TypeError, ValueError, WorldError):
            cookie, target = None, "/"
        if cookie is None:
            body = b"This login link is invalid or expired; start the task again from the portal."
            start_response(
                "400 Bad Request",
                [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))],
            )
            return [body]
        target = safe_next(target) or "/"
        name, value = cookie
        start_response(
            "303 See Other",
            [
                ("Location", target),
                ("Set-Cookie", f"{name}={value}; Path=/; HttpOnly; SameSite=Lax"),
                ("Content-Length", "0"),
            ],
        )
        return [b""]
