"""The bundled sites served over HTTP for people: databases, request log, servers.

A :class:`Hub` binds one threaded WSGI server per site (plus one for the portal) and
wraps every site app in a :class:`HostedSite`, which

- owns the site's database: an in-memory copy of the pristine snapshot shared by the
  server threads behind one lock, or a file ``<db dir>/<site>.sqlite3`` in WAL mode
  that the site opens per request (so every acknowledged write is on disk);
- logs every request in the same shape as the in-process browser
  (``method``, canonical ``url`` such as ``http://shop.test/cart``, ``form``, ``status``)
  so request checks judge people and agents alike;
- answers ``/__webenv__/login?token=...``, a portal-signed link that logs the task's
  user in and redirects to the task's start page.
"""

from __future__ import annotations

import importlib
import os
import secrets
import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

from flask import Flask
from itsdangerous import BadSignature, URLSafeTimedSerializer
from lxml import html
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server
from werkzeug.test import Client
from werkzeug.wrappers import Request

from webenv.errors import ServeError
from webenv.sites.core.auth import make_session_cookie
from webenv.sites.core.clock import WORLD_NOW
from webenv.world import SITES, SiteSpec, pristine_snapshot, read_form

INTERNAL_PREFIX = "/__webenv__/"
LOGIN_PATH = INTERNAL_PREFIX + "login"
LOGIN_TOKEN_MAX_AGE = 24 * 3600
MAX_LOGGED_BODY = 2 * 1024 * 1024
LOG_LIMIT = 50_000
MAX_REDIRECTS = 10
_UNLOGGED_PREFIXES = ("/static/", "/favicon.ico")

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]




@dataclass(frozen=True)
class LoggedRequest:
    """One HTTP request a hosted site answered."""

    seq: int
    site: str
    method: str
    url: str
    form: dict[str, Any]
    status: int
    mimetype: str

    def as_log_entry(self) -> dict[str, Any]:
        """The entry shape validators read (as the in-process browser logs it)."""
        return {"method": self.method, "url": self.url, "form": self.form,
                "status": self.status}


class RequestLog:
    """A bounded, thread-safe log of the requests every hosted site answered."""

    def __init__(self, limit: int = LOG_LIMIT) -> None:
        self._lock = threading.Lock()
        self._entries: deque[LoggedRequest] = deque(maxlen=limit)
        self._seq = 0

    @property
    def seq(self) -> int:
        """The sequence number of the newest entry (0 when nothing was logged)."""
        with self._lock:
            return self._seq

    def append(self, site: str, method: str, url: str, form: dict[str, Any], status: int,
               mimetype: str) -> None:
        """Log one answered request."""
        with self._lock:
            self._seq += 1
            self._entries.append(LoggedRequest(self._seq, site, method, url, form, status,
                                               mimetype))

    def since(self, seq: int, sites: Iterable[str] | None = None) -> list[LoggedRequest]:
        """The entries after ``seq``, oldest first, optionally only for ``sites``."""
        wanted = None if sites is None else set(sites)
        with self._lock:
            return [e for e in self._entries
                    if e.seq > seq and (wanted is None or e.site in wanted)]

    def last_page(self, seq: int, sites: Iterable[str]) -> str | None:
        """The canonical URL of the last HTML page a site served after ``seq``, if any."""
        for entry in reversed(self.since(seq, sites)):
            if entry.method == "GET" and entry.status == 200 and entry.mimetype == "text/html":
                return entry.url
        return None


def _deny_writes(action: int, *args: Any) -> int:
    read_actions = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION}
    return sqlite3.SQLITE_OK if action in read_actions else sqlite3.SQLITE_DENY


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


def load_secret(db_dir: Path | None) -> str:
    """The server's signing secret: kept in ``<db dir>/secret.key`` so sessions survive
    restarts, or fresh for every run without a database directory."""
    if db_dir is None:
        return secrets.token_hex(32)
    path = db_dir / "secret.key"
    try:
        text = path.read_text("ascii").strip()
        if len(text) >= 32:
            return text
    except (OSError, UnicodeDecodeError):
        pass
    text = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(text + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return text


@dataclass
class HostedSite:
    """One bundled site served for people: its app, database, lock and request logging.

    Args:
        spec: The site's entry in :data:`webenv.world.SITES`.
        log: The hub's request log.
        db_dir: Directory of persistent database files, or None for in-memory worlds.
        seed: The world seed of the pristine snapshot.
    """

    spec: SiteSpec
    log: RequestLog
    db_dir: Path | None = None
    seed: int = 0
    app: Flask | None = None
    base_url: str = ""
    port: int = 0
    lock: threading.RLock = field(default_factory=threading.RLock)
    _memory: sqlite3.Connection | None = None
    _serializer: URLSafeTimedSerializer | None = None

    def __post_init__(self) -> None:
        self.module = importlib.import_module(self.spec.module)
        self.snapshot = pristine_snapshot(self.spec.name, self.seed)
        try:
            if self.db_dir is None:
                self._memory = sqlite3.connect(":memory:", check_same_thread=False)
                self._memory.deserialize(self.snapshot)
            elif not self.db_path.exists():
                write_database_file(self.snapshot, self.db_path)
            else:
                self._check_file()
            # Build the app once now, so a site that cannot start is found before any port
            # is bound; configure() builds the served one once every site's URL is known.
            self.configure("http://127.0.0.1:0", {}, secrets.token_hex(16))
        except BaseException:
            self.close()
            raise

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def db_path(self) -> Path:
        """The database file (meaningful only with a database directory)."""
        return (self.db_dir or Path(".")) / f"{self.spec.name}.sqlite3"

    def _check_file(self) -> None:
        conn = sqlite3.connect(self.db_path)
        try:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            conn.execute("SELECT count(*) FROM users").fetchone()
        except sqlite3.DatabaseError as exc:
            raise ServeError(f"{self.db_path} is not a usable {self.name} database ({exc}); "
                             "move it away to start from the pristine world") from None
        finally:
            conn.close()
        if mode != "wal":
            raise ServeError(f"{self.db_path}: cannot switch to WAL mode (got {mode!r})")

    def configure(self, base_url: str, site_urls: dict[str, str], secret: str) -> None:
        """Create the site app, now that every site's public URL is known."""
        self.base_url = base_url.rstrip("/")
        database: sqlite3.Connection | str = (self._memory if self._memory is not None
                                              else str(self.db_path))
        self.app = self.module.create_app({
            "DATABASE": database,
            "SECRET_KEY": f"{secret}:{self.name}",
            "NOW": WORLD_NOW.isoformat(),
            "SITE_URLS": dict(site_urls),
            # Cookies ignore ports: every site on one host needs its own cookie name.
            "SESSION_COOKIE_NAME": f"webenv_{self.name}_session",
        })
        self._serializer = URLSafeTimedSerializer(secret, salt=f"webenv-serve-login:{self.name}")

    # -- database ------------------------------------------------------------------------

    def reset(self) -> None:
        """Restore the site's database to the pristine world."""
        with self.lock:
            if self._memory is not None:
                if self._memory.in_transaction:
                    self._memory.rollback()
                self._memory.deserialize(self.snapshot)
                return
            source = sqlite3.connect(":memory:")
            target = sqlite3.connect(self.db_path, timeout=30)
            try:
                source.deserialize(self.snapshot)
                source.backup(target)
            finally:
                target.close()
                source.close()

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run read-only SQL on the live database.

        Raises:
            sqlite3.Error: the SQL is invalid or tries to write.
        """
        with self.lock:
            if self._memory is not None:
                conn = self._memory
                conn.set_authorizer(_deny_writes)
                try:
                    return [tuple(row) for row in conn.execute(sql, params).fetchall()]
                finally:
                    conn.set_authorizer(None)
            conn = sqlite3.connect(f"{self.db_path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                conn.set_authorizer(_deny_writes)
                return [tuple(row) for row in conn.execute(sql, params).fetchall()]
            finally:
                conn.close()

    def user_id(self, username: str) -> int | None:
        """The id of ``username`` on this site, or None."""
        rows = self.query("SELECT id FROM users WHERE username = ?", (username,))
        return int(rows[0][0]) if rows else None

    def close(self) -> None:
        """Close the in-memory database. Safe to call twice."""
        with self.lock:
            if self._memory is not None:
                self._memory.close()
                self._memory = None

    # -- URLs ----------------------------------------------------------------------------

    def canonical(self, path_and_query: str) -> str:
        """``/cart?x=1`` -> ``http://shop.test/cart?x=1``."""
        parts = urlsplit(path_and_query)
        return urlunsplit(("http", self.spec.host, parts.path or "/", parts.query, ""))

    def local(self, url: str) -> str:
        """A canonical (``http://shop.test/...``) URL as served here."""
        parts = urlsplit(url)
        return self.base_url + urlunsplit(("", "", parts.path or "/", parts.query,
                                           parts.fragment))

    def login_link(self, username: str, next_path: str) -> str:
        """A link that logs ``username`` in on this site and opens ``next_path``."""
        assert self._serializer is not None, "configure() first"
        token = self._serializer.dumps({"user": username, "next": next_path})
        return f"{self.base_url}{LOGIN_PATH}?token={token}"

    # -- fetching pages as a user, for program_html checks ----------------------------

    def fetch(self, url: str, username: str | None) -> tuple[str, html.HtmlElement]:
        """GET a canonical URL as ``username`` without logging it; follow redirects.

        Returns:
            The final canonical URL and its parsed document.
        """
        assert self.app is not None, "configure() first"
        client = Client(self.app, use_cookies=True)
        if username is not None:
            user_id = self.user_id(username)
            if user_id is not None:
                name, value = make_session_cookie(self.app, user_id)
                client.set_cookie(name, value, domain=self.spec.host)
        for _ in range(MAX_REDIRECTS + 1):
            parts = urlsplit(url)
            path = urlunsplit(("", "", parts.path or "/", parts.query, ""))
            with self.lock if self._memory is not None else nullcontext():
                response = client.get(path, base_url=f"http://{self.spec.host}")
                body = response.get_data()
                location = response.headers.get("Location")
                status = response.status_code
                mimetype = response.mimetype
                response.close()
            if status in (301, 302, 303, 307, 308) and location:
                url = urljoin(url, location)
                if (urlsplit(url).hostname or "") != self.spec.host:
                    break
                continue
            if mimetype == "text/html" and body.strip():
                return url, html.document_fromstring(body)
            document = html.document_fromstring("<html><body><pre></pre></body></html>")
            document.find(".//pre").text = body.decode("utf-8", errors="replace")
            return url, document
        raise ServeError(f"too many redirects (or a redirect off the site) from {url[:80]!r}")

    # -- WSGI ----------------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") or "/"
        if path == LOGIN_PATH:
            return self._login(environ, start_response)
        method = environ.get("REQUEST_METHOD", "GET").upper()
        form = read_form(environ, MAX_LOGGED_BODY) if method == "POST" else {}
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            captured["status"] = int(status.split(" ", 1)[0])
            captured["mimetype"] = next(
                (v.split(";")[0].strip() for k, v in headers if k.lower() == "content-type"), "")
            return start_response(status, headers, exc_info)

        assert self.app is not None, "configure() first"
        with self.lock if self._memory is not None else nullcontext():
            result = self.app(environ, capture)
            try:
                body = b"".join(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
        if not path.startswith(_UNLOGGED_PREFIXES):
            query = environ.get("QUERY_STRING", "")
            self.log.append(self.name, method, self.canonical(path + (f"?{query}" if query
                                                                      else "")),
                            form, captured.get("status", 500), captured.get("mimetype", ""))
        return [body]

    def _login(self, environ: dict[str, Any], start_response: Callable[..., Any]
               ) -> Iterable[bytes]:
        assert self.app is not None and self._serializer is not None
        token = Request(environ).args.get("token", "")
        try:
            data = self._serializer.loads(token, max_age=LOGIN_TOKEN_MAX_AGE)
            user_id = self.user_id(str(data["user"]))
            target = str(data.get("next") or "/")
        except (BadSignature, KeyError, TypeError):
            user_id, target = None, "/"
        if user_id is None:
            body = b"This login link is invalid or expired; start the task again from the portal."
            start_response("400 Bad Request", [("Content-Type", "text/plain; charset=utf-8"),
                                               ("Content-Length", str(len(body)))])
            return [body]
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        name, value = make_session_cookie(self.app, user_id)
        start_response("303 See Other", [
            ("Location", target),
            ("Set-Cookie", f"{name}={value}; Path=/; HttpOnly; SameSite=Lax"),
            ("Content-Length", "0"),
        ])
        return [b""]


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: Any, **kwargs: Any) -> None:
        pass


class _Lazy:
    """A WSGI callable whose target is set after the socket is bound."""

    def __init__(self) -> None:
        self.target: WSGIApp | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        assert self.target is not None
        return self.target(environ, start_response)


def available_sites(names: Iterable[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """Which bundled sites can be served.

    Returns:
        The importable site names (in :data:`SITES` order) and, for the others, why not.
    """
    wanted = list(SITES) if names is None else list(names)
    unknown = [n for n in wanted if n not in SITES]
    if unknown:
        raise ServeError(f"unknown site {unknown[0]!r}; accepted: {', '.join(SITES)}")
    ok: list[str] = []
    skipped: dict[str, str] = {}
    for name in SITES:
        if name not in wanted:
            continue
        try:
            importlib.import_module(SITES[name].module)
        except ImportError as exc:
            skipped[name] = f"not bundled in this version ({exc})"
            continue
        ok.append(name)
    return ok, skipped


def plan_ports(port: int, count: int) -> list[int]:
    """Ports for the portal and ``count`` sites: ``port, port+1, ...``; all 0 for ``port=0``."""
    if port == 0:
        return [0] * (count + 1)
    if not 0 < port <= 65535 - count:
        raise ServeError(f"--port {port} leaves no room for {count} site ports after it")
    return [port + i for i in range(count + 1)]


class Hub:
    """Every served site plus the portal, on local ports.

    Args:
        host: Interface to bind (``127.0.0.1``; ``0.0.0.0`` in a container).
        port: The portal's port; sites take the next ports in :data:`SITES` order (shop
            ``port+1``, forum ``port+2``, githost ``port+3`` when all are bundled); 0 picks
            free ports for everything (tests).
        db_dir: Keep each site's database in ``db_dir/<site>.sqlite3`` across restarts;
            None serves fresh in-memory worlds.
        record_dir: Where people's episodes are appended as JSONL.
        public_host: Host name used in links (defaults to ``host``, or ``localhost`` when
            binding every interface).
        sites: Only these sites (default: every bundled site that imports).
        seed: World seed (0 is the canonical world the bundled tasks are written for).
        quiet: Do not log each request to stderr.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, *,
                 db_dir: str | Path | None = None, record_dir: str | Path | None = None,
                 public_host: str | None = None, sites: Iterable[str] | None = None,
                 seed: int = 0, quiet: bool = False) -> None:
        self.host = host
        self.public_host = public_host or ("localhost" if host in ("0.0.0.0", "::", "")
                                           else host)
        self.db_dir = Path(db_dir).resolve() if db_dir is not None else None
        if self.db_dir is not None:
            self.db_dir.mkdir(parents=True, exist_ok=True)
        self.record_dir = Path(record_dir or self.db_dir or "webenv-episodes")
        self.seed = seed
        self.log = RequestLog()
        sites = None if sites is None else list(sites)
        names, self.skipped = available_sites(sites)
        self.secret = load_secret(self.db_dir)
        self.sites: dict[str, HostedSite] = {}
        self._servers: list[BaseWSGIServer] = []
        self._threads: list[threading.Thread] = []
        try:
            for name in names:
                try:
                    self.sites[name] = HostedSite(SITES[name], self.log, self.db_dir, seed)
                except ServeError:
                    raise
                except Exception as exc:  # a half-built site must not take the others down
                    if sites is not None:
                        raise ServeError(f"site {name!r} cannot be served: "
                                         f"{type(exc).__name__}: {exc}") from exc
                    self.skipped[name] = f"failed to load ({type(exc).__name__}: {exc})"
            if not self.sites:
                raise ServeError("no bundled site can be served: "
                                 + "; ".join(f"{k}: {v}" for k, v in self.skipped.items()))
            ports = plan_ports(port, len(SITES))
            handler = _QuietHandler if quiet else None
            lazies = [_Lazy() for _ in range(len(self.sites) + 1)]
            site_ports = [ports[1 + list(SITES).index(name)] for name in self.sites]
            for lazy, wanted in zip(lazies, [ports[0], *site_ports], strict=True):
                try:
                    server = make_server(host, wanted, lazy, threaded=True,
                                         request_handler=handler)
                except SystemExit:  # werkzeug exits when the address is taken
                    raise ServeError(f"cannot listen on {host}:{wanted}; choose another "
                                     "--port (the sites use the ports after it)") from None
                self._servers.append(server)
            self.port = self._servers[0].server_port
            for site, server in zip(self.sites.values(), self._servers[1:], strict=True):
                site.port = server.server_port
            urls = {name: f"http://{self._url_host()}:{site.port}"
                    for name, site in self.sites.items()}
            site_urls = dict(urls)
            if "githost" in site_urls:
                site_urls["git"] = site_urls["githost"]
            for name, site in self.sites.items():
                site.configure(urls[name], site_urls, self.secret)
                lazies[1 + list(self.sites).index(name)].target = site

            from webenv.serve.portal import create_portal

            self.portal = create_portal(self)
            lazies[0].target = self.portal
        except BaseException:
            self.close()
            raise

    def _url_host(self) -> str:
        return f"[{self.public_host}]" if ":" in self.public_host else self.public_host

    @property
    def portal_url(self) -> str:
        return f"http://{self._url_host()}:{self.port}/"

    def site_for_url(self, url: str) -> HostedSite | None:
        """The hosted site a URL points at: canonical (``http://shop.test/``) or local
        (any host name, matched by this server's port)."""
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
        try:
            port = parts.port
        except ValueError:
            return None
        for site in self.sites.values():
            if host == site.spec.host or (port is not None and port == site.port):
                return site
        return None

    def to_canonical(self, url: str) -> str:
        """A local URL (``http://127.0.0.1:8001/cart``) as ``http://shop.test/cart``."""
        site = self.site_for_url(url)
        if site is None:
            return url.strip()
        parts = urlsplit(url.strip())
        return urlunsplit(("http", site.spec.host, parts.path or "/", parts.query,
                           parts.fragment))

    def to_local(self, url: str) -> str:
        """A canonical URL (``http://shop.test/cart``) as served here."""
        site = self.site_for_url(url)
        return site.local(url) if site is not None else url

    def localize(self, text: str) -> str:
        """Replace ``__SHOP__``-style placeholders with this server's site URLs."""
        for site in self.sites.values():
            text = text.replace(site.spec.placeholder, site.base_url)
        return text

    def canonicalize_text(self, text: str) -> str:
        """Replace this server's site base URLs inside free text with canonical ones."""
        for site in self.sites.values():
            local = f":{site.port}"
            for host in {self.public_host, "localhost", "127.0.0.1", self.host}:
                text = text.replace(f"http://{host}{local}", site.spec.base_url)
        return text

    def query(self, site: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Read-only SQL on a served site's live database."""
        if site not in self.sites:
            raise ServeError(f"site {site!r} is not served here ({', '.join(self.sites)})")
        return self.sites[site].query(sql, params)

    def start(self) -> None:
        """Serve every socket from background threads."""
        for server in self._servers:
            thread = threading.Thread(target=server.serve_forever, name=f"serve:{server.port}",
                                      daemon=True)
            thread.start()
            self._threads.append(thread)

    def close(self) -> None:
        """Stop the servers and close the databases. Safe to call twice."""
        # Stop every serve_forever loop at once (each takes up to its poll interval).
        stoppers = [threading.Thread(target=server.shutdown)
                    for server, _ in zip(self._servers, self._threads, strict=False)]
        for stopper in stoppers:
            stopper.start()
        for stopper in stoppers:
            stopper.join(timeout=10)
        for thread in self._threads:
            thread.join(timeout=10)
        for server in self._servers:
            server.server_close()
        self._servers.clear()
        self._threads.clear()
        for site in self.sites.values():
            site.close()

    def __enter__(self) -> Hub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def describe(self) -> Iterator[str]:
        """Lines telling a person where everything is."""
        yield f"portal   {self.portal_url}"
        for name, site in self.sites.items():
            where = site.db_path if self.db_dir is not None else "in memory, pristine per task"
            yield f"{name:8} {site.base_url}/   (database: {where})"
        for name, why in self.skipped.items():
            yield f"{name:8} not served: {why}"
        yield f"episodes {self.record_dir.resolve()}/episodes-{os.getpid()}.jsonl"
