"""The servers: every bundled site and the portal, each on its own local port.

A :class:`Hub` loads a :class:`~webenv.world.World` (in memory, or persistent WAL files
``<db dir>/<site>.sqlite3`` with every committed write on disk), binds one threaded
WSGI server per site plus one for the portal, and serves the world's sites through
:class:`~webenv.serve.hosted.HostedSite` and the portal app.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from werkzeug.serving import BaseWSGIServer, make_server

from webenv.errors import ServeError, WorldError
from webenv.serve.portal import create_portal
from webenv.serve.security import QuietRequestHandler, RequestHandler
from webenv.serve.served import ServedWorld, available_sites, load_secret
from webenv.sites import SITES
from webenv.sites.core.security import host_name
from webenv.world import World

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _Lazy:
    """A WSGI callable whose target is set after the socket is bound."""

    def __init__(self) -> None:
        self.target: WSGIApp | None = None

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        assert self.target is not None
        return self.target(environ, start_response)


def plan_ports(port: int, count: int) -> list[int]:
    """Ports for the portal and ``count`` sites: ``port, port+1, ...``; all 0 for ``port=0``."""
    if port == 0:
        return [0] * (count + 1)
    if not 0 < port <= 65535 - count:
        raise ServeError(f"--port {port} leaves no room for {count} site ports after it")
    return [port + i for i in range(count + 1)]


def _load_world(
    names: list[str], seed: int, db_dir: Path | None, explicit: bool, skipped: dict[str, str]
) -> World:
    world = World([], seed, db_dir=db_dir)
    try:
        for name in names:
            try:
                world.add_site(name)
            except WorldError as exc:
                # A database file that cannot be used is always fatal (exc has no cause);
                # a site whose code fails to load is skipped unless it was asked for.
                if explicit or exc.__cause__ is None:
                    raise ServeError(str(exc)) from exc
                skipped[name] = f"failed to load ({exc})"
        if not world.sites:
            raise ServeError(
                "no bundled site can be served: "
                + "; ".join(f"{k}: {v}" for k, v in skipped.items())
            )
    except BaseException:
        world.close()
        raise
    return world


class Hub(ServedWorld):
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
            binding every interface); requests naming another host than it or a loopback
            name get 400.
        sites: Only these sites (default: every bundled site that imports).
        seed: World seed (0 is the canonical world the bundled tasks are written for).
        quiet: Do not log each request to stderr.

    Raises:
        ServeError: a site or a port cannot be served.
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 8000,
        *,
        db_dir: str | Path | None = None,
        record_dir: str | Path | None = None,
        public_host: str | None = None,
        sites: Iterable[str] | None = None,
        seed: int = 0,
        quiet: bool = False,
    ) -> None:
        public = public_host or ("localhost" if host in ("0.0.0.0", "::", "") else host)
        if host_name(f"[{public}]" if ":" in public else public) is None:
            raise ServeError(
                f"{public!r} is not a host name or IP address; links between the sites "
                "would not open (give --public-host a name such as localhost)"
            )
        try:
            if host:  # "" listens on every interface
                socket.getaddrinfo(host, None)
        except OSError as exc:  # werkzeug would print this and blame the port
            raise ServeError(
                f"--host {host}: not an address to listen on ({exc.strerror})"
            ) from None
        directory = Path(db_dir).resolve() if db_dir is not None else None
        if directory is not None:
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:  # a FIFO or device there, a read-only parent
                raise ServeError(
                    f"--db {db_dir}: cannot make the folder ({exc.strerror})"
                ) from None
        wanted = None if sites is None else list(sites)
        names, self.skipped = available_sites(wanted)
        self._servers: list[BaseWSGIServer] = []
        self._threads: list[threading.Thread] = []
        world = _load_world(names, seed, directory, wanted is not None, self.skipped)
        self.seed = seed
        try:
            ports = plan_ports(port, len(SITES))
            handler = QuietRequestHandler if quiet else RequestHandler
            lazies = [_Lazy() for _ in range(len(world.sites) + 1)]
            site_ports = [ports[1 + list(SITES).index(name)] for name in world.sites]
            for lazy, wanted_port in zip(lazies, [ports[0], *site_ports], strict=True):
                try:
                    server = make_server(
                        host, wanted_port, lazy, threaded=True, request_handler=handler
                    )
                except SystemExit:  # werkzeug exits when the address is taken
                    raise ServeError(
                        f"cannot listen on {host}:{wanted_port}; choose another "
                        "--port (the sites use the ports after it)"
                    ) from None
                self._servers.append(server)
            self.port = self._servers[0].server_port
            url_host = f"[{public}]" if ":" in public else public
            base_urls = {
                name: f"http://{url_host}:{server.server_port}"
                for name, server in zip(world.sites, self._servers[1:], strict=True)
            }
            super().__init__(
                world,
                base_urls,
                load_secret(directory),
                host=host,
                public_host=public,
                db_dir=directory,
                record_dir=Path(record_dir or directory or "webenv-episodes"),
            )
            for lazy, site in zip(lazies[1:], self.sites.values(), strict=True):
                lazy.target = site
            self.portal = create_portal(self)
            lazies[0].target = self.portal
        except BaseException:
            self.close()
            world.close()
            raise

    @property
    def portal_url(self) -> str:
        """The portal's address."""
        url_host = f"[{self.public_host}]" if ":" in self.public_host else self.public_host
        return f"http://{url_host}:{self.port}/"

    def start(self) -> None:
        """Serve every socket from background threads."""
        for server in self._servers:
            thread = threading.Thread(
                target=server.serve_forever, name=f"serve:{server.port}", daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def close(self) -> None:
        """Stop the servers and close the databases. Safe to call twice."""
        # Stop every serve_forever loop at once (each takes up to its poll interval).
        stoppers = [
            threading.Thread(target=server.shutdown)
            for server, _ in zip(self._servers, self._threads, strict=False)
        ]
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
        world = getattr(self, "world", None)
        if world is not None:
            world.close()

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
