"""Serve one env's world on loopback so a real browser reaches it under the usual URLs.

A single threaded WSGI server bound to ``127.0.0.1:0`` acts as the browser's HTTP proxy:
Chromium sends every request in absolute form (``GET http://shop.test/cart HTTP/1.1``)
and the proxy dispatches it by host to the world's Flask app, so pages keep the same
URLs as in the in-process backend (``http://shop.test/...``). The proxy never opens a
connection of its own: any other host, any ``CONNECT`` tunnel (https) and any request
addressed to the proxy itself gets a 403 page and is remembered in
:attr:`SiteProxy.blocked` (the last 100), so nothing leaves the machine.

Requests are served one at a time under ``world.lock``, the lock the env also takes to
reset or query the world: the world's SQLite connections are shared by all of its apps,
and a late request for the previous page must never meet a database being restored.
Document requests (navigations, form submissions and the ``api`` action's calls, not
stylesheets or favicons) are
appended to ``world.request_log`` in the same shape as the in-process backend:
``method``, ``url``, ``form``, ``status``. The sites' static files (a stylesheet) are
served as cacheable, so Chromium asks for them once, not on every page.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlunsplit

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

from webenv.browser.apipage import API_ACCEPT
from webenv.world import SITES, World, read_form

__all__ = ["STATIC_CACHE_CONTROL", "SiteProxy"]

STATIC_CACHE_CONTROL = "max-age=31536000, immutable"

_BLOCKED_PAGE = (
    b"<!doctype html><html><head><title>Blocked</title></head><body><main>"
    b"<h1>Not reachable offline</h1><p>Only this env's sites are reachable.</p>"
    b"</main></body></html>"
)


class _QuietHandler(WSGIRequestHandler):
    """Werkzeug's request handler without per-request logging."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        return None

    def log(self, type: str, message: str, *args: Any) -> None:
        return None


class _Server(ThreadedWSGIServer):
    """A threaded WSGI server whose connection threads are joined (bounded) on close."""

    daemon_threads = True

    def __init__(self, app: Any) -> None:
        super().__init__("127.0.0.1", 0, app, handler=_QuietHandler)
        self._conn_threads: list[threading.Thread] = []
        self._conn_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self.process_request_thread,
            args=(request, client_address),
            daemon=True,
            name="webenv-proxy-conn",
        )
        with self._conn_lock:
            self._conn_threads = [t for t in self._conn_threads if t.is_alive()]
            self._conn_threads.append(thread)
        thread.start()

    def join_connections(self, timeout: float) -> None:
        with self._conn_lock:
            threads = list(self._conn_threads)
        for thread in threads:
            thread.join(timeout)


def _is_document_request(environ: dict[str, Any]) -> bool:
    """Whether a request loads a page (what the in-process backend fetches and logs)."""
    dest = environ.get("HTTP_SEC_FETCH_DEST")
    if dest:
        return dest in ("document", "iframe", "frame")
    accept = environ.get("HTTP_ACCEPT", "")
    return accept.startswith(("text/html", API_ACCEPT)) or environ.get(
        "REQUEST_METHOD", "GET"
    ) not in ("GET", "HEAD")


def _is_static(app: Any, environ: dict[str, Any], status: str) -> bool:
    """Whether a response is a 200, or a 304 to a revalidation, for a file under the app's
    static URL path (a 304 with Flask's ``no-cache`` would make the browser's cached copy
    need a revalidation on every page from then on)."""
    prefix = getattr(app, "static_url_path", None)
    return (
        bool(prefix)
        and environ.get("REQUEST_METHOD") == "GET"
        and status.startswith(("200", "304"))
        and (environ.get("PATH_INFO") or "").startswith(f"{prefix}/")
    )


class SiteProxy:
    """A loopback HTTP proxy serving ``world``'s sites by host name.

    Args:
        world: the env's world; its apps answer, its ``request_log`` records.
    """

    def __init__(self, world: World) -> None:
        self.world = world
        self.lock = world.lock  # one lock for the world's databases, shared with the env
        self.blocked: deque[str] = deque(maxlen=100)
        self.requests = 0
        self._hosts = {SITES[site].host: site for site in world.sites}
        self._server: _Server | None = _Server(self._dispatch)
        self.port: int = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="webenv-proxy",
            daemon=True,
        )
        self._thread.start()

    @property
    def address(self) -> str:
        """``http://127.0.0.1:PORT``, for Chromium's ``--proxy-server``."""
        return f"http://127.0.0.1:{self.port}"

    def _dispatch(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST", "").rsplit(":", 1)[0].lower()
        site = self._hosts.get(host)
        app = self.world.apps.get(site) if site else None
        method = environ.get("REQUEST_METHOD", "GET")
        if app is None or method == "CONNECT" or environ.get("REQUEST_URI", "").startswith("/"):
            with self.lock:
                self.blocked.append(environ.get("REQUEST_URI", "") or host)
            start_response(
                "403 Forbidden",
                [
                    ("Content-Type", "text/html; charset=utf-8"),
                    ("Content-Length", str(len(_BLOCKED_PAGE))),
                ],
            )
            return [_BLOCKED_PAGE]
        log = _is_document_request(environ)
        form = read_form(environ) if log else {}
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        with self.lock:
            self.requests += 1
            result = app(environ, capture)
            try:
                data = b"".join(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
            if log:
                path = environ.get("PATH_INFO", "/") or "/"
                raw = environ.get("REQUEST_URI", "")
                raw_path = raw.split("://", 1)[-1].partition("/")[2].partition("?")[0]
                self.world.log_request(
                    method,
                    urlunsplit(
                        (
                            "http",
                            host,
                            "/" + raw_path if raw else path,
                            environ.get("QUERY_STRING", ""),
                            "",
                        )
                    ),
                    form,
                    int(captured["status"].split()[0]),
                )
        dropped: tuple[str, ...] = ("content-length", "transfer-encoding", "connection")
        static = not log and _is_static(app, environ, captured["status"])
        if static:
            dropped = (*dropped, "cache-control", "expires")
        headers = [(k, v) for k, v in captured["headers"] if k.lower() not in dropped]
        if static:
            # The package's static files do not change while the env lives: cached, they
            # cost no request per page. (Flask sends none, so a browser would keep a copy
            # only for a tenth of the file's age, seconds after a fresh checkout.)
            headers.append(("Cache-Control", STATIC_CACHE_CONTROL))
        headers.append(("Content-Length", str(len(data))))
        start_response(captured["status"], headers)
        return [data]

    def close(self) -> None:
        """Stop serving and release the socket. Safe to call twice."""
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        self._thread.join(5)
        server.server_close()
        server.join_connections(5)
