"""Response hardening every bundled site shares: allowed hosts and security headers.

The application factory installs both. A request whose ``Host`` header names a host
that is not allowed gets 400 before any view (or database) runs, so a page on another
origin that DNS-rebinds a name to a served site cannot drive it. Every response carries
the standard security headers; the sites load nothing from other origins and run no
scripts, and only the Git hosting's label badges use inline ``style`` attributes.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, abort, current_app, request

from .urls import parse_url

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""Host names every site answers to besides its own."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
"""Same-origin resources only; no framing by any page."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "same-origin",
}
"""Headers added to every response of every site."""


def host_name(host: str) -> str | None:
    """The lower-case host name of a ``Host`` header (without its port), or None if invalid.

    IPv6 literals keep their brackets (``[::1]``); the name is canonicalised the way
    :func:`~webenv.sites.core.urls.parse_url` does (punycode, lower case).
    """
    url = parse_url(f"http://{host}/") if host and "/" not in host and "@" not in host else None
    return None if url is None else url.host


def allowed_hosts(app: Flask) -> frozenset[str]:
    """The host names ``app`` answers to (ports are not compared).

    ``ALLOWED_HOSTS`` in the app's config (an iterable of host names) when set;
    otherwise the loopback names, the sites' default hosts given to :func:`init_app`
    and the hosts of the configured ``SITE_URLS``. Computed once per config value.
    """
    configured = app.config.get("ALLOWED_HOSTS")
    site_urls = app.config.get("SITE_URLS") or {}
    cache_key = (repr(configured), repr(site_urls))
    cached = app.extensions.get("webenv_allowed_hosts")
    if cached is not None and cached[0] == cache_key:
        return cached[1]
    names: list[str]
    if isinstance(configured, str):
        names = [configured]
    elif configured is not None:
        names = [str(name) for name in configured]
    else:
        urls = [*app.extensions.get("webenv_default_site_urls", ()), *site_urls.values()]
        parsed = (parse_url(url) for url in urls)
        names = [*LOOPBACK_HOSTS, *(url.host for url in parsed if url is not None)]
    hosts = frozenset(name for name in map(host_name, names) if name)
    app.extensions["webenv_allowed_hosts"] = (cache_key, hosts)
    return hosts


def check_host() -> None:
    """Reject a request whose ``Host`` is not one of :func:`allowed_hosts` with 400."""
    raw = request.environ.get("HTTP_HOST") or request.environ.get("SERVER_NAME", "")
    if host_name(str(raw)) not in allowed_hosts(current_app):
        abort(400, "This site does not answer to that host name.")


def add_security_headers(response: Response) -> Response:
    """Add :data:`SECURITY_HEADERS` to ``response`` (keeping any the view set)."""
    headers = response.headers
    present = {name.lower() for name in headers.keys()}  # one pass, not one per header
    for name, value in SECURITY_HEADERS.items():
        if name.lower() not in present:
            headers.add(name, value)
    return response


def init_app(app: Flask, default_site_urls: Iterable[str] = ()) -> None:
    """Check the ``Host`` of every request (before anything else) and harden every response.

    Call it before any other ``before_request`` hook is registered.

    Args:
        app: The site's Flask application.
        default_site_urls: The sites' default base URLs (``http://shop.test`` …), whose
            hosts are allowed unless ``ALLOWED_HOSTS`` says otherwise.
    """
    app.extensions["webenv_default_site_urls"] = tuple(default_site_urls)
    app.before_request(check_host)
    app.after_request(add_security_headers)
