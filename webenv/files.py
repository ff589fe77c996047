"""Reading a file a user names (a task file, a corpus, labels, run records): regular files
only, so a FIFO never blocks and ``/dev/zero`` is not read until memory runs out."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from webenv.errors import NotARegularFile


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
