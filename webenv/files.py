"""Reading a file a user names (a task file, a corpus, labels, run records): regular files
only, so a FIFO never blocks and ``/dev/zero`` is not read until memory runs out; and
JSON text for the files webenv writes that always encodes as UTF-8."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from webenv.errors import NotARegularFile


def json_text(value: Any, *, indent: int | None = None) -> str:
    """``value`` as JSON, non-ASCII text kept as itself, that can be written as UTF-8.

    A lone surrogate (an agent's action or a reply such as ``'\\udc80'``) cannot be
    encoded as UTF-8, so ``json.dumps(..., ensure_ascii=False)`` would fail to write; it
    is written as its JSON escape instead, which reads back as the same string.
    """
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def read_file_bytes(path: str | Path) -> bytes:
    """The bytes of the regular file at ``path``.

    Raises:
        NotARegularFile: ``path`` is a FIFO, a device, a socket or a folder (an ``OSError``).
        OSError: it cannot be opened or read.
    """
    # O_NONBLOCK: opening a FIFO no one writes to returns at once instead of waiting.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(str(path))
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def read_file_text(path: str | Path) -> str:
    """The text of the regular file at ``path``, decoded as UTF-8.

    Raises:
        NotARegularFile: as :func:`read_file_bytes`.
        OSError: it cannot be opened or read.
        UnicodeDecodeError: it is not UTF-8 (a ``ValueError``).
    """
    return read_file_bytes(path).decode("utf-8")
