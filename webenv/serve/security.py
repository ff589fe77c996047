"""What ``webenv serve`` does for safety on every response: allowed hosts, headers, banner.

- :func:`host_allowed`: only requests whose ``Host`` names ``localhost``,
  ``127.0.0.1``, ``[::1]``, the bound interface or the ``--public-host`` are answered;
  any other gets 400, so a page that DNS-rebinds its own name to
  127.0.0.1 cannot drive the portal (press Start with reset) or the sites.
- :data:`SECURITY_HEADERS`: sent with every portal response.
- :class:`RequestHandler`: the HTTP server's banner says ``webenv`` and nothing about
  Werkzeug's or Python's version, and a stalled or trickling client is cut off.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterable
from typing import Any

from werkzeug.serving import WSGIRequestHandler

from webenv.sites.core.security import LOOPBACK_HOSTS, host_name
from webenv.sites.core.security import SECURITY_HEADERS as SITE_SECURITY_HEADERS

SECURITY_HEADERS: dict[str, str] = {
    **SITE_SECURITY_HEADERS,
    "Content-Security-Policy": "object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
}
"""Headers every portal response carries: the sites' own, with a CSP for the portal's page."""


def allowed_host_names(*extra: str | None) -> frozenset[str]:
    """The host names a server answers to: :data:`LOOPBACK_HOSTS` plus ``extra`` (the
    ``--public-host``, the bound interface; wildcard addresses are skipped)."""
    names = set(LOOPBACK_HOSTS)
    for name in extra:
        if name and name.strip("[]") not in ("0.0.0.0", "::", ""):
            bare = name.strip("[]")
            canonical = host_name(f"[{bare}]" if ":" in bare else bare)
            if canonical:
                names.add(canonical)
    return frozenset(names)


def host_allowed(header: str, allowed: Iterable[str]) -> bool:
    """Whether a request's ``Host`` header (port ignored) names one of ``allowed``."""
    name = host_name(header)
    return name is not None and name in allowed


class RequestHandler(WSGIRequestHandler):
    """The server's request handler: a ``Server`` header without version numbers, and a
    connection that sends nothing for ``timeout`` seconds (a request line, headers or a
    body shorter than its ``Content-Length``) is closed, so a stalled client does not hold
    its thread for ever; nor does one that trickles a byte now and then (slowloris): a
    request not over within ``request_deadline`` seconds has its connection shut."""

    server_version = "webenv"
    sys_version = ""
    timeout = 30
    request_deadline = 120

    def version_string(self) -> str:
        return self.server_version

    def handle_one_request(self) -> None:
        cutoff = threading.Timer(self.request_deadline, self._cut_off)
        cutoff.daemon = True
        cutoff.start()
        try:
            super().handle_one_request()
        finally:
            cutoff.cancel()

    def _cut_off(self) -> None:
        """End a request past its deadline: its blocked read returns, its thread ends."""
        self.close_connection = True
        with contextlib.suppress(OSError):  # already closed by the client or the server
            self.connection.shutdown(socket.SHUT_RDWR)


class QuietRequestHandler(RequestHandler):
    """:class:`RequestHandler` that does not log each request to stderr."""

    def log_request(self, *args: Any, **kwargs: Any) -> None:
        pass
