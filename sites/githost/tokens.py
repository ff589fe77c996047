"""Personal access tokens: creating, listing, revoking and authenticating API callers.

A token's value is drawn with :class:`~webenv.sites.core.rng.Rng` from the app's secret
(per world seed) and the token's id, so the same world and the same creation sequence
give the same tokens. Only a SHA-256 digest of the value is stored; the value itself is
shown once, when it is created.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app, g

from ..core.clock import now, now_text
from ..core.db import RowLike, get_db
from ..core.rng import Rng
from . import forms

PREFIX = "glpat-"
"""What every token starts with (GitLab's personal access token prefix)."""

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
LENGTH = 20
SCOPES = {
    "api": "api: full read and write access to the API",
    "read_api": "read_api: read-only access to the API",
}
MAX_ACTIVE = 50
"""Most unrevoked tokens a user may hold."""


@dataclass(frozen=True)
class Caller:
    """Who an API request acts as, and whether it may write."""

    user: sqlite3.Row
    can_write: bool


def digest(value: str) -> str:
    """The stored form of a token value."""
    return hashlib.sha256(value.encode()).hexdigest()


def _value(token_id: int) -> str:
    key = current_app.secret_key
    secret = key.decode() if isinstance(key, bytes) else str(key)
    rng = Rng(f"{secret}:personal-access-token:{token_id}")
    return PREFIX + "".join(rng.choice(ALPHABET) for _ in range(LENGTH))


def scopes_of(row: RowLike) -> list[str]:
    """A token row's scopes as a list, in :data:`SCOPES` order."""
    chosen = str(row["scopes"]).split(",")
    return [scope for scope in SCOPES if scope in chosen]


def is_active(row: RowLike) -> bool:
    """Whether a token row may be used today: not revoked and not expired."""
    expires = row["expires_at"]
    return not row["revoked"] and (not expires or now().date().isoformat() < str(expires))


def user_tokens(user_id: int) -> list[sqlite3.Row]:
    """A user's tokens, newest first."""
    return (
        get_db()
        .execute(
            "SELECT * FROM personal_access_tokens WHERE user_id = ? ORDER BY id DESC", (user_id,)
        )
        .fetchall()
    )


def create(form: Mapping[str, str], scopes: list[str]) -> tuple[dict[str, str], str]:
    """Create a token for the signed-in user from the token form (does not commit).

    Args:
        form: Fields ``name`` and ``expires_at`` (optional, ``YYYY-MM-DD``, after today).
        scopes: The chosen scopes (at least one of :data:`SCOPES`).

    Returns:
        ``(errors, value)``: field name -> message, or no errors and the new token's value.
    """
    errors: dict[str, str] = {}
    name = forms.text(form, "name", "Token name", errors, max_length=100)
    expires = forms.parse_date(form, "expires_at", "Expiration date", errors)
    if expires and expires <= now().date().isoformat():
        errors["expires_at"] = f"Expiration date must be after today ({now().date()})."
    chosen = [scope for scope in SCOPES if scope in scopes]
    if not chosen or set(scopes) - set(SCOPES):
        errors["scopes"] = f"Choose at least one scope from: {', '.join(SCOPES)}."
    db = get_db()
    active = sum(is_active(row) for row in user_tokens(g.user["id"]))
    if active >= MAX_ACTIVE:
        errors["name"] = f"You already have {MAX_ACTIVE} active tokens; revoke one first."
    if errors:
        return errors, ""
    token_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM personal_access_tokens").fetchone()[
        0
    ]
    value = _value(token_id)
    db.execute(
        "INSERT INTO personal_access_tokens (id, user_id, name, scopes, token_digest, expires_at,"
        " revoked, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
        (token_id, g.user["id"], name, ",".join(chosen), digest(value), expires, now_text()),
    )
    return errors, value


def revoke(token_id: int) -> sqlite3.Row | None:
    """Revoke one of the signed-in user's tokens (does not commit); None if not theirs."""
    db = get_db()
    row = db.execute(
        "SELECT * FROM personal_access_tokens WHERE id = ? AND user_id = ?",
        (token_id, g.user["id"]),
    ).fetchone()
    if row is not None:
        db.execute("UPDATE personal_access_tokens SET revoked = 1 WHERE id = ?", (token_id,))
    return row


def authenticate(value: str) -> Caller | None:
    """The caller a token value names, or None when it is unknown, revoked or expired."""
    if not value.startswith(PREFIX) or len(value) > 100:
        return None
    db = get_db()
    row = db.execute(
        "SELECT * FROM personal_access_tokens WHERE token_digest = ?", (digest(value),)
    ).fetchone()
    if row is None or not is_active(row):
        return None
    user = db.execute("SELECT * FROM users WHERE id = ?", (row["user_id"],)).fetchone()
    return Caller(user, "api" in scopes_of(row))
