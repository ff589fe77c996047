"""A world served for people: its hosted sites and the mapping between their addresses.

:class:`ServedWorld` is what the portal works with: a :class:`~webenv.world.World`
(in memory, or persistent WAL files with ``--db``), one :class:`HostedSite` per site,
and the translation between the canonical URLs tasks and checks use
(``http://shop.test/cart``) and the local ones people's browsers see
(``http://127.0.0.1:8001/cart``). It binds no socket: :class:`~webenv.serve.hub.Hub`
does.
"""

from __future__ import annotations

import importlib
import os
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from webenv.errors import ServeError
from webenv.requestlog import RequestLog
from webenv.serve.hosted import HostedSite
from webenv.serve.security import allowed_host_names
from webenv.sites import BACK_OFFICES, SITES, expand_placeholders
from webenv.sites.core.urls import parse_url
from webenv.world import World


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


def available_sites(names: Iterable[str] | None = None) -> tuple[list[str], dict[str, str]]:
    """Which bundled sites can be served.

    Returns:
        The importable site names (in :data:`~webenv.sites.SITES` order) and, for the
        others, why not.

    Raises:
        ServeError: a name is not a bundled site.
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


class ServedWorld:
    """A world whose sites are served at local base URLs.

    Args:
        world: The world (its sites' apps are rebuilt here for serving).
        base_urls: Site name -> local base URL, e.g. ``{"shop": "http://127.0.0.1:8001"}``.
        secret: The server's signing secret.
        host: The bound interface.
        public_host: The host name links use.
        db_dir: The persistent databases' directory, or None.
        record_dir: Where people's episodes are appended.
    """

    def __init__(
        self,
        world: World,
        base_urls: dict[str, str],
        secret: str,
        *,
        host: str,
        public_host: str,
        db_dir: Path | None,
        record_dir: Path,
    ) -> None:
        self.world = world
        self.secret = secret
        self.host = host
        self.public_host = public_host
        self.db_dir = db_dir
        self.record_dir = record_dir
        self.allowed_hosts = allowed_host_names(public_host, host)
        world.configure(
            site_urls=base_urls,
            secret=secret,
            # Cookies ignore ports: every site on one host needs its own cookie name.
            SESSION_COOKIE_NAME=lambda name: f"webenv_{name}_session",
            # The world's own page checks (World.fetch) use the sites' canonical hosts;
            # ".test" is a reserved name, so no outside page can rebind to one.
            ALLOWED_HOSTS=sorted(self.allowed_hosts | {SITES[name].host for name in world.sites}),
        )
        self.sites: dict[str, HostedSite] = {
            name: HostedSite(world, name, base_urls[name], secret) for name in world.sites
        }
        self.placeholders = {site.spec.placeholder: site.base_url for site in self.sites.values()}
        self.placeholders.update(
            (office.placeholder, self.sites[office.site].base_url + office.path)
            for office in BACK_OFFICES.values()
            if office.site in self.sites
        )

    @property
    def log(self) -> RequestLog:
        """The world's request log (every site, every person)."""
        return self.world.request_log

    def site_for_url(self, url: str) -> HostedSite | None:
        """The hosted site a URL points at: canonical (``http://shop.test/``) or local
        (any host name, matched by this server's port)."""
        parsed = parse_url(url)
        if parsed is None:
            return None
        for site in self.sites.values():
            if parsed.host == site.spec.host or (
                parsed.port is not None and parsed.port == site.port
            ):
                return site
        return None

    def to_canonical(self, url: str) -> str:
        """A local URL (``http://127.0.0.1:8001/cart``) as ``http://shop.test/cart``."""
        site = self.site_for_url(url)
        parsed = parse_url(url)
        if site is None or parsed is None:
            return url.strip()
        fragment = f"#{parsed.fragment}" if parsed.fragment is not None else ""
        return site.spec.base_url + parsed.path_and_query + fragment

    def to_local(self, url: str) -> str:
        """A canonical URL (``http://shop.test/cart``) as served here."""
        site = self.site_for_url(url)
        return site.local(url) if site is not None else url

    def localize(self, text: str) -> str:
        """Replace ``__SHOP__``-style placeholders with this server's site URLs."""
        return expand_placeholders(text, self.placeholders)

    def canonicalize_text(self, text: str) -> str:
        """Replace this server's site base URLs inside free text with canonical ones."""
        for site in self.sites.values():
            local = f":{site.port}"
            for host in {self.public_host, "localhost", "127.0.0.1", self.host}:
                text = text.replace(f"http://{host}{local}", site.spec.base_url)
        return text

    def query(self, site: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Read-only SQL on a served site's live database.

        Raises:
            ServeError: the site is not served here.
            sqlite3.Error: the SQL is invalid or tries to write.
        """
        if site not in self.sites:
            raise ServeError(f"site {site!r} is not served here ({', '.join(self.sites)})")
        return self.world.query(site, sql, params)
