"""SSH keys in user settings: parsing a public key, adding, listing and deleting keys."""

from __future__ import annotations

import base64
import binascii
import hashlib
import sqlite3
from collections.abc import Mapping

from flask import g

from ..core.clock import now_text
from ..core.db import get_db
from . import forms

KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)
KEY_LIMIT = 8_000
PER_USER = 50


def fingerprint(key: str) -> str | None:
    """The ``SHA256:...`` fingerprint of an OpenSSH public key line, or None if it is not one.

    The key's base64 blob must decode and start with its own type name, as OpenSSH
    writes it.
    """
    parts = key.split()
    if len(parts) < 2 or parts[0] not in KEY_TYPES:
        return None
    try:
        blob = base64.b64decode(parts[1], validate=True)
    except (binascii.Error, ValueError):
        return None
    name = parts[0].encode()
    if blob[:4] != len(name).to_bytes(4, "big") or blob[4 : 4 + len(name)] != name:
        return None
    digest = base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
    return f"SHA256:{digest}"


def user_keys(user_id: int) -> list[sqlite3.Row]:
    """A user's SSH keys, newest first."""
    return (
        get_db()
        .execute("SELECT * FROM ssh_keys WHERE user_id = ? ORDER BY id DESC", (user_id,))
        .fetchall()
    )


def add(form: Mapping[str, str]) -> tuple[dict[str, str], int]:
    """Add an SSH key for the signed-in user from ``key`` and ``title`` (no commit).

    An empty title is the key's comment. Returns ``(errors, key id)``; nothing is
    written when there are errors.
    """
    errors: dict[str, str] = {}
    key = " ".join(forms.text(form, "key", "Key", errors, max_length=KEY_LIMIT).split())
    title = forms.text(form, "title", "Title", errors, max_length=255, required=False)
    found = fingerprint(key) if "key" not in errors else None
    if "key" not in errors and found is None:
        errors["key"] = (
            "Key must be an OpenSSH public key line such as 'ssh-ed25519 AAAAC3... you@host'"
            f" of type {', '.join(KEY_TYPES[:3])} or another OpenSSH type."
        )
    if not title and found is not None:
        title = " ".join(key.split()[2:])[:255]
        if not title:
            errors["title"] = "Title is required when the key has no comment."
    db = get_db()
    if found and db.execute("SELECT 1 FROM ssh_keys WHERE fingerprint = ?", (found,)).fetchone():
        errors["key"] = "This key has already been added (to this or another account)."
    if len(user_keys(g.user["id"])) >= PER_USER:
        errors["key"] = f"You already have {PER_USER} keys; delete one first."
    if errors:
        return errors, 0
    cursor = db.execute(
        "INSERT INTO ssh_keys (user_id, title, key, fingerprint, created_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (g.user["id"], title, key, found, now_text()),
    )
    return errors, int(cursor.lastrowid or 0)


def delete(key_id: int) -> sqlite3.Row | None:
    """Delete one of the signed-in user's keys (no commit); None if it is not theirs."""
    db = get_db()
    row = db.execute(
        "SELECT * FROM ssh_keys WHERE id = ? AND user_id = ?", (key_id, g.user["id"])
    ).fetchone()
    if row is not None:
        db.execute("DELETE FROM ssh_keys WHERE id = ?", (key_id,))
    return row
