"""Generated worlds on disk, shared by every process of a machine.

Generating a site's world for a new seed takes about a second (the forum and Git
hosting; the shop a fifth of that). Sampling tasks across world seeds, many vector-env
workers and repeated test runs would pay it again and again, so each generated pristine
database is also kept as a file, and any process loads it in a fraction of that time.

A file is named by site, world seed, world scale (size multiplier; omitted at 1) and
**generator version**: a digest of the source
of the site's package and of ``sites/core`` (everything its data generator can import)
and of the Python and SQLite versions. Any change to the generator gives new names, so a
stale world is never loaded; files of old versions age out of the bounded store.

Files are zlib-compressed SQLite serializations (zlib's checksum catches a damaged
file, which is then regenerated), written to a temporary name and renamed into place,
so concurrent writers and a killed process never leave a partial file.

Where: ``$WEBENV_CACHE_DIR`` if set (an empty value turns the store off), else
``$XDG_CACHE_HOME/webenv/worlds`` (``~/.cache/webenv/worlds``). Size: at most
``$WEBENV_CACHE_MB`` megabytes (default 1024, about 180 worlds of all three sites); the
least recently used files go first. Nothing here ever raises for an unusable
directory: the store is an optimisation, and without it worlds are generated as before.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import sqlite3
import sys
import tempfile
import zlib
from pathlib import Path
from types import ModuleType

__all__ = [
    "DEFAULT_LIMIT_MB",
    "generator_version",
    "load",
    "store",
    "store_dir",
    "write_atomically",
]

DEFAULT_LIMIT_MB = 1024
_SOURCE_SUFFIXES = (".py", ".sql", ".json", ".txt")


def store_dir() -> Path | None:
    """The folder worlds are kept in, or None when the store is turned off."""
    configured = os.environ.get("WEBENV_CACHE_DIR")
    if configured is not None:
        return Path(configured).expanduser() if configured.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "webenv" / "worlds"


def _limit_bytes() -> int:
    try:
        megabytes = float(os.environ.get("WEBENV_CACHE_MB", DEFAULT_LIMIT_MB))
    except ValueError:
        megabytes = DEFAULT_LIMIT_MB
    return max(0, int(megabytes * 1024 * 1024))


def generator_version(site: ModuleType) -> str:
    """A digest of everything that decides a site's generated data (16 hex digits).

    Args:
        site: the site's package (``webenv.sites.shop``, ...).
    """
    return _digest(Path(site.__file__ or "").resolve().parent)


@functools.cache
def _digest(package: Path) -> str:
    runtime = f"{sys.version_info[:2]} {sqlite3.sqlite_version}"
    digest = hashlib.sha256(runtime.encode())
    for folder in (package.parent / "core", package):
        for path in sorted(folder.rglob("*")):
            if path.suffix in _SOURCE_SUFFIXES and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(folder)).encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _path(folder: Path, site: ModuleType, seed: int, scale: int) -> Path:
    name = site.__name__.rpartition(".")[2]
    world = str(seed) if scale == 1 else f"{seed}x{scale}"
    return folder / f"{name}-{world}-{generator_version(site)}.sqlite.z"


def load(site: ModuleType, seed: int, scale: int = 1) -> bytes | None:
    """The stored pristine database of ``site`` (its package) for world ``seed`` at
    ``scale`` (the size multiplier), or None."""
    folder = store_dir()
    if folder is None:
        return None
    path = _path(folder, site, seed, scale)
    try:
        snapshot = zlib.decompress(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, zlib.error):  # unreadable or damaged: regenerate and overwrite
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: evicted last
    return snapshot


def store(site: ModuleType, seed: int, snapshot: bytes, scale: int = 1) -> None:
    """Keep ``snapshot`` (world ``seed`` at ``scale``) for later processes (best effort),
    then bound the store's size."""
    folder = store_dir()
    if folder is None:
        return
    try:
        write_atomically(_path(folder, site, seed, scale), zlib.compress(snapshot, 1))
        _evict(folder, _limit_bytes())
    except OSError:
        return


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new one, whole.

    Creates the folder if needed; raises ``OSError`` when it cannot write.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".partial-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _evict(folder: Path, limit: int) -> None:
    """Delete the least recently used worlds until the store holds at most ``limit``."""
    entries = []
    for path in folder.glob("*.sqlite.z"):
        with contextlib.suppress(OSError):
            status = path.stat()
            entries.append((status.st_mtime, status.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries, key=lambda entry: entry[0]):
        if total <= limit:
            break
        with contextlib.suppress(OSError):
            path.unlink()
            total -= size
