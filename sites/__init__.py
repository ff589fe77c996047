"""The bundled websites: shop, forum and Git hosting (installed as ``webenv.sites``).

This module is also the one registry of the sites: :data:`SITES` says, for each, its
name, host, URL placeholder, package, task user and title. Everything that needs one of
these facts (the world, the tasks, the validators, the WebArena importer, the sites'
shared app factory, ``webenv serve``, the tests) reads it here. It imports nothing
heavy, so reading the registry does not load Flask or a site.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .core.urls import parse_url


@dataclass(frozen=True)
class SiteSpec:
    """How a bundled site is named, addressed and built.

    Attributes:
        name: The short name (``shop``): task groups, ``login`` keys, ``SITE_URLS`` keys.
        host: The canonical host name (``shop.test``).
        placeholder: The URL placeholder tasks write (``__SHOP__``).
        module: The site's package (``webenv.sites.shop``).
        task_user: The user most tasks log in as (and imported tasks default to).
        title: The name the site shows (``SITE_NAME``).
    """

    name: str
    host: str
    placeholder: str
    module: str
    task_user: str
    title: str

    @property
    def base_url(self) -> str:
        """The canonical base URL, ``http://<host>`` (no trailing slash)."""
        return f"http://{self.host}"


SITES: dict[str, SiteSpec] = {
    spec.name: spec
    for spec in (
        SiteSpec(
            "shop", "shop.test", "__SHOP__", "webenv.sites.shop", "emma.lopez", "Harbor Goods"
        ),
        SiteSpec("forum", "forum.test", "__FORUM__", "webenv.sites.forum", "mark.wilson", "Agora"),
        SiteSpec("githost", "git.test", "__GIT__", "webenv.sites.githost", "alex.chen", "GitHost"),
    )
}
"""Every bundled site by name, in their canonical order (shop, forum, githost)."""

SITE_NAMES: tuple[str, ...] = tuple(SITES)
"""The site names in canonical order."""

SITE_URLS: dict[str, str] = {spec.name: spec.base_url for spec in SITES.values()}
"""Site name -> canonical base URL (the sites' default ``SITE_URLS`` config)."""

PLACEHOLDERS: dict[str, str] = {spec.placeholder: spec.base_url for spec in SITES.values()}
"""Placeholder -> canonical base URL."""


def expand_placeholders(text: str, base_urls: Mapping[str, str] | None = None) -> str:
    """Replace ``__SHOP__``-style placeholders in ``text`` with base URLs.

    The one placeholder expansion: the world, ``webenv serve`` and the validators call it.

    Args:
        text: Text that may contain placeholders.
        base_urls: Placeholder -> base URL; default :data:`PLACEHOLDERS` (the canonical
            ``http://shop.test`` URLs). ``webenv serve`` passes its local URLs.

    Returns:
        ``text`` with every known placeholder replaced.
    """
    for placeholder, url in (PLACEHOLDERS if base_urls is None else base_urls).items():
        if placeholder in text:
            text = text.replace(placeholder, url)
    return text


def site_for_host(host: str) -> SiteSpec | None:
    """The bundled site whose canonical host is ``host`` (case-insensitive), or None."""
    host = host.lower().rstrip(".")
    for spec in SITES.values():
        if spec.host == host:
            return spec
    return None


def site_for_url(url: str) -> SiteSpec | None:
    """The bundled site serving ``url`` (canonical host), or None for any other URL."""
    parsed = parse_url(url)
    return site_for_host(parsed.host or "") if parsed is not None else None
