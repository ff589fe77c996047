"""A ``webenv serve`` hub on a free local port, for the tests that talk to it over HTTP,
and a digest of its databases (to show a refused request changed nothing)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest

from webenv.serve import Hub


@contextmanager
def started_hub(
    tmp_path_factory: pytest.TempPathFactory, sites: Sequence[str] = ("shop",)
) -> Iterator[Hub]:
    """A started hub serving ``sites``, recording episodes in a fresh folder."""
    record = tmp_path_factory.mktemp("episodes")
    with Hub("127.0.0.1", 0, sites=list(sites), record_dir=record, quiet=True) as served:
        served.start()
        yield served


def hub_digest(hub: Hub) -> str:
    """A digest of every database the hub serves."""
    h = hashlib.sha256()
    for name, database in sorted(hub.world.databases.items()):
        h.update(name.encode())
        assert database.connection is not None
        h.update(database.connection.serialize())
    return h.hexdigest()
