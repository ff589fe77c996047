"""A world: the bundled sites' databases and apps, one request log, reset and checks.

The env owns one :class:`World` (in-memory databases, restored from the pristine
snapshots on every reset: no regeneration, no disk, no shared state) and
``webenv serve`` wraps one for HTTP (in memory, or persistent WAL files with
``--db``). Both read state, log requests and build the validators' context here, so a
check judges agents and people alike.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from lxml import html
from werkzeug.test import Client

from webenv.errors import WorldError
from webenv.requestlog import LoggedRequest, RequestLog, log_form, log_json, read_form
from webenv.sitedb import SiteDatabase, check_scale, pristine_snapshot, site_module
from webenv.sites import (
    LOGIN_KEYS,
    PLACEHOLDERS,
    SITE_URLS,
    SITES,
    SiteSpec,
    expand_placeholders,
    login_site,
    logins_on,
    site_for_url,
)
from webenv.sites.core.clock import WORLD_NOW
from webenv.sites.core.urls import parse_url
from webenv.tablestate import TableState
from webenv.templatecode import template_code
from webenv.validators import EvalContext

__all__ = [
    "MAX_REDIRECTS",
    "PLACEHOLDERS",
    "SITES",
    "SITE_URLS",
    "SiteSpec",
    "World",
    "WorldError",
    "WorldState",
    "expand_placeholders",
    "log_form",
    "log_json",
    "pristine_snapshot",
    "read_form",
    "site_for_url",
]

MAX_REDIRECTS = 10
"""Redirects :meth:`World.fetch` follows before giving up."""

_REDIRECTS = (301, 302, 303, 307, 308)


_site_module = site_module  # the name webenv.tools.parity imports


@dataclass(frozen=True)
class WorldState:
    """A world's saved state (:meth:`World.save_state`); restore it any number of times."""

    seed: int
    databases: dict[str, bytes | None]
    """Site -> serialized database, or None for a pristine one."""
    request_log: tuple[int, tuple[LoggedRequest, ...]]
    tables: dict[str, TableState]
    """Site -> its tables' state tokens (:mod:`webenv.tablestate`)."""
    scale: int = 1
    """The world's size multiplier (a state restores only into a world of its size)."""

    @property
    def nbytes(self) -> int:
        """The memory the saved databases hold."""
        return sum(len(saved) for saved in self.databases.values() if saved is not None)


class World:
    """The sites one env (or one ``webenv serve``) owns.

    Args:
        sites: names of the sites to host (``shop``, ``forum``, ``githost``).
        seed: the world seed; 0 is the canonical world curated tasks are written against.
        db_dir: keep each site's database in ``db_dir/<site>.sqlite3`` with every
            committed write (``webenv serve --db``); None keeps them in memory.
        scale: the world's size multiplier: 1 (the default) is the canonical size that
            curated tasks are written against; 10 has ten times as many products,
            submissions (and comments) and projects (and issues).

    Raises:
        WorldError: a site is unknown or cannot be loaded, or the scale is not an
            integer from 1 to :data:`~webenv.sitedb.MAX_WORLD_SCALE`.
    """

    def __init__(
        self,
        sites: Iterable[str],
        seed: int = 0,
        *,
        db_dir: Path | None = None,
        scale: int = 1,
    ) -> None:
        self.scale = check_scale(scale)
        self.seed = seed
        self.db_dir = db_dir
        self.sites: tuple[str, ...] = ()
        self.request_log = RequestLog()
        # Serializes everything that touches the in-memory databases: the env's own calls
        # (reset, queries) and the server threads (the Chromium backend's loopback
        # servers, webenv serve), which may still be answering when the env resets.
        self.lock = threading.RLock()
        self.databases: dict[str, SiteDatabase] = {}
        self.apps: dict[str, Flask] = {}
        self._login_cookies: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[str, str]] = {}
        self._secret: str | None = None
        self._site_urls: dict[str, str] = dict(SITE_URLS)
        self._app_config: dict[str, Any] = {}
        try:
            for name in dict.fromkeys(sites):
                self.add_site(name)
        except BaseException:
            self.close()
            raise

    # -- building ------------------------------------------------------------------------

    def add_site(self, name: str) -> None:
        """Host one more site (its database, then its app).

        Raises:
            WorldError: the site is unknown or already hosted, its database file is not
                usable (no ``__cause__``), or its code fails to load (the original error
                as ``__cause__``).
        """
        if name in self.databases:
            raise WorldError(f"site {name!r} is already part of this world")
        database: SiteDatabase | None = None
        try:
            database = SiteDatabase(name, self.seed, self.db_dir, self.lock, scale=self.scale)
            app = self._create_app(database)
        except BaseException as exc:
            if database is not None:
                database.close()
            if isinstance(exc, WorldError) or not isinstance(exc, Exception):
                raise
            raise WorldError(f"site {name!r} fails to load: {type(exc).__name__}: {exc}") from exc
        self.databases[name] = database
        self.apps[name] = app
        self.sites = (*self.sites, name)

    def configure(
        self,
        *,
        site_urls: Mapping[str, str] | None = None,
        secret: str | None = None,
        **app_config: Any,
    ) -> None:
        """Rebuild every site app with other settings (``webenv serve`` does, once ports
        are known).

        Args:
            site_urls: Site name -> base URL the pages link to (default: canonical).
            secret: Signing secret; each site's key is ``<secret>:<site>`` (default: the
                deterministic ``webenv-<site>-world-<seed>``).
            **app_config: More app settings, the same for every site. A value that is a
                callable is called with the site's name.
        """
        self._site_urls = dict(SITE_URLS if site_urls is None else site_urls)
        self._secret = secret
        self._app_config = dict(app_config)
        self._login_cookies.clear()
        for name, database in self.databases.items():
            self.apps[name] = self._create_app(database)

    def _secret_key(self, name: str) -> str:
        """The signing secret of ``name``'s app: per world seed unless configured."""
        if self._secret is None:
            return f"webenv-{name}-world-{self.seed}"
        return f"{self._secret}:{name}"

    def _create_app(self, database: SiteDatabase) -> Flask:
        name = database.name
        config: dict[str, Any] = {
            "DATABASE": database.app_database,
            "SECRET_KEY": self._secret_key(name),
            "NOW": WORLD_NOW.isoformat(),
            "SITE_URLS": dict(self._site_urls),
        }
        for key, value in self._app_config.items():
            config[key] = value(name) if callable(value) else value
        app = site_module(name).create_app(config)
        app.jinja_env.bytecode_cache = template_code
        return app

    # -- state ---------------------------------------------------------------------------

    def database(self, site: str) -> SiteDatabase:
        """The database of a hosted site.

        Raises:
            WorldError: the site is not part of this world.
        """
        database = self.databases.get(site)
        if database is None:
            raise WorldError(f"site {site!r} is not part of this world ({', '.join(self.sites)})")
        return database

    def reset(self, sites: Iterable[str] | None = None, *, clear_log: bool = True) -> None:
        """Restore written-to site databases to their pristine state; clear the request log.

        Args:
            sites: Only these sites (default: all of them).
            clear_log: Also forget the request log (the env does; ``webenv serve``, whose
                log spans every person's tasks, does not).
        """
        with self.lock:
            for name in self.sites if sites is None else sites:
                self.database(name).reset()
            if clear_log:
                self.request_log.clear()

    def switch_seed(self, seed: int) -> None:
        """Play world ``seed`` from now on.

        Each hosted site whose database holds another seed loads that seed's pristine
        snapshot (the bounded cache of :func:`pristine_snapshot`; generated on first use)
        into its connection, and its app's signing secret follows the seed; the apps are
        not rebuilt. Sites already on ``seed`` are left as they are. The request log is
        cleared.

        Raises:
            WorldError: the seed is negative, or a site that must switch keeps its
                database on disk (``webenv serve --db``).
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise WorldError(f"world seed {seed!r}: expected an integer >= 0")
        with self.lock:
            stale = [name for name in self.sites if self.databases[name].seed != seed]
            if stale and self.db_dir is not None:
                raise WorldError("a world kept on disk cannot switch world seed")
            self.seed = seed
            for name in stale:
                self.databases[name].switch_seed(seed)
                self.apps[name].config["SECRET_KEY"] = self._secret_key(name)
            if stale:
                self._login_cookies.clear()
            self.request_log.clear()

    def save_state(self) -> WorldState:
        """Everything a restore needs to put the world back: each database's content
        (nothing for a pristine one) and the request log.

        Raises:
            WorldError: a database is kept on disk (``webenv serve --db``).
        """
        with self.lock:
            return WorldState(
                self.seed,
                {name: database.save() for name, database in self.databases.items()},
                self.request_log.save(),
                {name: database.save_tables() for name, database in self.databases.items()},
                self.scale,
            )

    def state_problem(self, state: object) -> str | None:
        """What makes ``state`` something :meth:`save_state` of a world of these sites and
        size did not return (checked before anything is restored), or None."""
        if not isinstance(state, WorldState):
            return f"its world is a {type(state).__name__}, not a WorldState"
        if isinstance(state.seed, bool) or not isinstance(state.seed, int) or state.seed < 0:
            return f"its world seed is {state.seed!r}, not an integer >= 0"
        if not isinstance(state.databases, dict) or set(state.databases) != set(self.sites):
            return f"its world is not of the sites {', '.join(self.sites)}"
        if not all(saved is None or isinstance(saved, bytes) for saved in state.databases.values()):
            return "its world's databases are not the bytes save_state() keeps"
        if not isinstance(state.tables, dict) or not isinstance(state.request_log, tuple):
            return "its world's table states or request log are not what save_state() keeps"
        return None

    def restore_state(self, state: WorldState) -> None:
        """Put the world back as :meth:`save_state` found it.

        Raises:
            WorldError: the state is of another world seed, size or set of sites.
        """
        if (
            state.seed != self.seed
            or state.scale != self.scale
            or set(state.databases) != set(self.databases)
        ):
            raise WorldError(
                f"a state of world {state.seed} at scale {state.scale} "
                f"({', '.join(state.databases)}) cannot be restored into world {self.seed} "
                f"at scale {self.scale} ({', '.join(self.databases)})"
            )
        with self.lock:
            for name, saved in state.databases.items():
                self.databases[name].restore(saved, state.tables.get(name))
            self.request_log.restore(state.request_log)
            self._login_cookies.clear()

    def pristine_state(self) -> tuple[tuple[str, int, int], ...] | None:
        """:meth:`page_state` while, besides, every database is pristine (no write since
        its restore); None otherwise."""
        state = self.page_state()
        if state is None or not all(self.databases[name].pristine for name in self.sites):
            return None
        return state

    def page_state(self) -> tuple[tuple[str, int, int], ...] | None:
        """(site, seed, scale) of each hosted site while its pages are reproducible from
        that, the tables' state tokens (:attr:`table_tokens`), the cookies and the URL.

        That is while the apps run with the default, seed-derived settings (never
        reconfigured by :meth:`configure`) and every database is in memory and tracked
        (:attr:`SiteDatabase.tracked`). None otherwise.
        """
        if self._secret is not None or self._app_config or self._site_urls != SITE_URLS:
            return None
        state = []
        for name in self.sites:
            database = self.databases[name]
            if not database.tracked:
                return None
            state.append((name, database.seed, database.scale))
        return tuple(state)

    @property
    def table_tokens(self) -> dict[str, dict[str, bytes]]:
        """Site -> table -> state token (absent: pristine), live: the dicts change in place."""
        return {name: database.tables.tokens for name, database in self.databases.items()}

    def database_for_host(self, host: str) -> SiteDatabase | None:
        """The database of the hosted site serving ``host``, or None."""
        for name in self.sites:
            if SITES[name].host == host:
                return self.databases[name]
        return None

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
        user_id = self.database(site).user_id(username)
        if user_id is None:
            raise WorldError(f"site {site!r} has no user {username!r}")
        return user_id

    def login_cookies(self, login: Mapping[str, str]) -> dict[str, tuple[str, str]]:
        """Site -> the session cookie ``(name, value)`` that logs ``login``'s accounts in.

        Args:
            login: Login key -> username, as a task's ``login``: a site's name logs in
                one of its users, a back office's name (``shop_admin``) one of its staff;
                a site's users and staff share its one cookie.

        Cached while the database is pristine: a pristine account's id and session
        generation and the app's secret never change, so resets need no query.

        Raises:
            WorldError: a key names no hosted site or back office, or an account does
                not exist.
        """
        by_site: dict[str, dict[str, str]] = {}
        for key, username in login.items():
            if key not in LOGIN_KEYS:
                raise WorldError(f"cannot log in on {key!r}; accepted: {', '.join(LOGIN_KEYS)}")
            by_site.setdefault(login_site(key), {})[key] = username
        cookies: dict[str, tuple[str, str]] = {}
        for site, accounts in by_site.items():
            cached = (site, tuple(sorted(accounts.items())))
            database = self.database(site)
            with self.lock:
                pristine = database.pristine
                cookie = self._login_cookies.get(cached) if pristine else None
                if cookie is None:
                    cookie = database.login_cookie(self.apps[site], accounts)
                    if pristine:
                        self._login_cookies[cached] = cookie
            cookies[site] = cookie
        return cookies

    def query(self, site: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run read-only SQL on ``site``'s live database.

        Raises:
            WorldError: the site is not hosted here.
            sqlite3.Error: the SQL is invalid or tries to write.
        """
        return self.database(site).query(sql, params)

    # -- pages ---------------------------------------------------------------------------

    def fetch(
        self, url: str, login: Mapping[str, str] | None = None
    ) -> tuple[str, html.HtmlElement]:
        """GET a canonical URL as ``login``'s accounts without logging it, following
        redirects.

        Args:
            url: A canonical URL on a hosted site (``http://shop.test/cart``).
            login: A task's ``login`` (login key -> username); its accounts on the URL's
                site are logged in (None or none there: nobody).

        Returns:
            The final canonical URL and its parsed document (a non-HTML body is shown in
            a ``<pre>``).

        Raises:
            WorldError: the URL is not on a hosted site, the user does not exist, or the
                redirects go round or off the site.
        """
        parsed = parse_url(url)
        spec = site_for_url(url)
        if parsed is None or spec is None or spec.name not in self.apps:
            raise WorldError(f"{url[:80]!r} is not on a site of this world")
        database, app = self.databases[spec.name], self.apps[spec.name]
        client = Client(app, use_cookies=True)
        accounts = logins_on(login or {}, spec.name)
        if accounts:
            name, value = database.login_cookie(app, accounts)
            client.set_cookie(name, value, domain=spec.host)
        for _ in range(MAX_REDIRECTS + 1):
            with database.app_lock():
                # Absolute, so a path starting with "//" is not read as a host.
                response = client.get(
                    spec.base_url.rstrip("/") + parsed.path_and_query, base_url=spec.base_url
                )
                body = response.get_data()
                location = response.headers.get("Location")
                status, mimetype = response.status_code, response.mimetype
                response.close()
            if status in _REDIRECTS and location:
                target = parse_url(location, parsed)
                if target is None or target.host != spec.host:
                    break
                parsed = target
                continue
            if mimetype == "text/html" and body.strip():
                return str(parsed.without_fragment()), html.document_fromstring(body)
            document = html.document_fromstring("<html><body><pre></pre></body></html>")
            document.find(".//pre").text = body.decode("utf-8", errors="replace")
            return str(parsed.without_fragment()), document
        raise WorldError(f"too many redirects (or a redirect off the site) from {url[:80]!r}")

    # -- checks --------------------------------------------------------------------------

    def eval_context(
        self,
        *,
        answer: str | None,
        infeasible_reported: bool,
        url: str,
        fetch_page: Callable[[str], Any],
        users: Mapping[str, str],
        requests: Iterable[Mapping[str, Any]] | None = None,
        truncated: bool = False,
        intent: str = "",
    ) -> EvalContext:
        """The validators' view of this world at the end of an episode.

        Args:
            answer: The final answer (None if there is none).
            infeasible_reported: Whether the task was reported infeasible.
            url: The final canonical URL of the active page.
            fetch_page: ``url`` or ``"last"`` -> parsed DOM as the task's user sees it.
            users: Site name -> logged-in username.
            requests: The episode's request-log entries (default: the whole log).
            truncated: The episode ended without an answer (answer checks fail).
            intent: The task's intent (what a count's answer counts).

        Returns:
            The context :func:`webenv.validators.evaluate` judges.
        """
        return EvalContext(
            answer=answer,
            infeasible_reported=infeasible_reported,
            url=url,
            fetch_page=fetch_page,
            query=self.query,
            requests=[dict(e) for e in (self.request_log if requests is None else requests)],
            users=dict(users),
            site_urls=dict(PLACEHOLDERS),
            truncated=truncated,
            intent=intent,
        )

    def close(self) -> None:
        """Close the databases. Safe to call twice."""
        with self.lock:
            for database in self.databases.values():
                database.close()
            self.databases.clear()
            self.apps.clear()
