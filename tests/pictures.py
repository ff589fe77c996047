"""Small picture files the upload tests send."""

from __future__ import annotations

import struct
import zlib


def png_bytes(width: int = 2, height: int = 1, rgb: bytes = b"\xff\x00\x00") -> bytes:
    """A valid RGB PNG of ``width`` x ``height`` pixels of one colour (red by default)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    rows = b"".join(b"\x00" + rgb * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
