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


@dataclass(frozen=True)
class BackOffice:
    """A site's staff area: its own accounts, login, URL placeholder and task group.

    A back office is served by its site's app under ``path`` (the shop's is
    ``http://shop.test/admin``), so it shares the site's host, database and session
    cookie. Its staff accounts are not the site's users: a task logs a staff user in with
    the back office's name as the ``login`` key (``{"shop_admin": "admin"}``), beside or
    instead of a site user, and its tasks form their own group (``tasks/shop_admin/``).

    Attributes:
        name: The task group and ``login`` key (``shop_admin``).
        site: The site that serves it (``shop``).
        path: Where on the site it lives (``/admin``).
        placeholder: The URL placeholder tasks write (``__SHOP_ADMIN__``).
        module: The package with its ``session_data(staff_id, generation)``.
        accounts: The table of its staff accounts (``username``, ``id``,
            ``session_generation`` columns).
        task_user: The staff user its tasks log in as.
        title: The name it shows.
    """

    name: str
    site: str
    path: str
    placeholder: str
    module: str
    accounts: str
    task_user: str
    title: str

    @property
    def base_url(self) -> str:
        """The canonical base URL, ``http://<host><path>`` (no trailing slash)."""
        return SITES[self.site].base_url + self.path


BACK_OFFICES: dict[str, BackOffice] = {
    office.name: office
    for office in (
        BackOffice(
            "shop_admin",
            "shop",
            "/admin",
            "__SHOP_ADMIN__",
            "webenv.sites.shop.admin.staff",
            "staff_users",
            "admin",
            "Harbor Goods Admin",
        ),
    )
}
"""Every site's back office by name (today the shop's)."""

LOGIN_KEYS: tuple[str, ...] = (*SITE_NAMES, *BACK_OFFICES)
"""What a task's ``login`` may name: a site (its users) or a back office (its staff)."""


def login_site(key: str) -> str:
    """The site a ``login`` key logs in on: the site itself, or a back office's site.

    Raises:
        KeyError: ``key`` is neither a site nor a back office.
    """
    if key in SITES:
        return key
    return BACK_OFFICES[key].site


def login_base_url(key: str) -> str:
    """Where a ``login`` key's pages are: a site's base URL or a back office's
    (``http://shop.test/admin``).

    Raises:
        KeyError: ``key`` is neither a site nor a back office.
    """
    return SITES[key].base_url if key in SITES else BACK_OFFICES[key].base_url


def login_placeholder(key: str) -> str:
    """A ``login`` key's URL placeholder: a site's (``__SHOP__``) or a back office's
    (``__SHOP_ADMIN__``).

    Raises:
        KeyError: ``key`` is neither a site nor a back office.
    """
    return SITES[key].placeholder if key in SITES else BACK_OFFICES[key].placeholder


def logins_on(login: Mapping[str, str], site: str) -> dict[str, str]:
    """The accounts of ``login`` (login key -> username) that log in on ``site``: its
    user and its back offices' staff (keys naming nothing known are left out)."""
    return {
        key: user for key, user in login.items() if key in LOGIN_KEYS and login_site(key) == site
    }


PLACEHOLDERS: dict[str, str] = {
    **{spec.placeholder: spec.base_url for spec in SITES.values()},
    **{office.placeholder: office.base_url for office in BACK_OFFICES.values()},
}
"""Placeholder -> canonical base URL (sites' and back offices')."""


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
