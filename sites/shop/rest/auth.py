"""Who is asking the shop's REST API: an access token, or the site's login session.

As in Magento, ``POST /rest/V1/integration/customer/token`` (a customer's email or
username and password) and ``POST /rest/V1/integration/admin/token`` (a staff user's
username and password) answer a token as a JSON string; a request then sends
``Authorization: Bearer <token>``. Tokens are rows of ``api_tokens``: 32 hex digits
derived from the app's secret (which is per world seed) and the row's number, so the
same requests give the same tokens in every run. A token stays valid until its user
logs out (every log-out bumps the user's ``session_generation``, which the token
recorded) or, for staff, is disabled.

Without a token, the site's session cookie says who is asking: the storefront's
login for customer endpoints, the back office's staff login for staff endpoints, so
an agent signed in through the pages calls the API as itself. A token given is the
only identity considered; an unknown or revoked one is a 401 even with a cookie.
"""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
from typing import Literal

from flask import abort, current_app, g, request

from ...core import auth as core_auth
from ...core.clock import now_text
from ...core.db import get_db
from ..admin import roles, staff

Kind = Literal["customer", "admin"]
TOKEN_LENGTH = 32
UNAUTHORIZED = "The consumer isn't authorized to access this resource"
SIGN_IN_FAILURE = (
    "The account sign-in was incorrect or your account is disabled temporarily."
    " Please wait and try again later."
)
_OWNERS = {"customer": "users", "admin": "staff_users"}


def issue_token(kind: Kind, user: sqlite3.Row) -> str:
    """Store and return a new access token for ``user`` (a customer or staff row; no commit)."""
    db = get_db()
    token_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM api_tokens").fetchone()[0]
    key = current_app.secret_key
    secret = key.encode() if isinstance(key, str) else bytes(key or b"")
    message = f"api-token:{token_id}:{kind}:{user['id']}:{user['session_generation']}"
    token = hmac.new(secret, message.encode(), hashlib.sha256).hexdigest()[:TOKEN_LENGTH]
    db.execute(
        "INSERT INTO api_tokens (id, token, kind, user_id, generation, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (token_id, token, kind, user["id"], user["session_generation"], now_text()),
    )
    return token


def token_owner(token: str) -> tuple[Kind, sqlite3.Row] | None:
    """The kind and user row a still-valid token belongs to, or None."""
    if len(token) != TOKEN_LENGTH:
        return None
    db = get_db()
    row = db.execute("SELECT * FROM api_tokens WHERE token = ?", (token,)).fetchone()
    if row is None:
        return None
    kind: Kind = "admin" if row["kind"] == "admin" else "customer"
    user = db.execute(f"SELECT * FROM {_OWNERS[kind]} WHERE id = ?", (row["user_id"],)).fetchone()
    if user is None or user["session_generation"] != row["generation"]:
        return None
    if kind == "admin" and not user["is_active"]:
        return None
    return kind, user


def bearer_token() -> str | None:
    """The token of the request's ``Authorization: Bearer`` header (None without one).

    Raises:
        Unauthorized: the header is not a bearer token.
    """
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(401, f"{UNAUTHORIZED}: send 'Authorization: Bearer <token>'.")
    return token.strip()


def load_identity() -> None:
    """Set ``g.user`` (a customer) and ``g.staff`` for an API request.

    A bearer token decides alone; otherwise the session's customer login (already in
    ``g.user``) and staff login (read here, as the back office reads it) apply.

    Raises:
        Unauthorized: a token was sent that is unknown, revoked or its user's disabled.
    """
    token = bearer_token()
    if token is None:
        staff.load_staff()
        return
    owner = token_owner(token)
    if owner is None:
        abort(401, f"{UNAUTHORIZED}: the token is unknown or was revoked.")
    kind, user = owner
    g.user = user if kind == "customer" else None
    g.staff = user if kind == "admin" else None


def require_customer() -> sqlite3.Row:
    """The customer asking, or a 401."""
    if g.get("user") is None:
        abort(
            401,
            f"{UNAUTHORIZED}: sign in as a customer (a customer token or the storefront's login).",
        )
    user: sqlite3.Row = g.user
    return user


def require_staff(area: str) -> sqlite3.Row:
    """The staff user asking, whose role must open back-office ``area``; else 401 or 403."""
    user: sqlite3.Row | None = g.get("staff")
    if user is None:
        abort(
            401,
            f"{UNAUTHORIZED}: sign in as staff (an admin token or the back office's login).",
        )
    refused = roles.refusal(user["role"], area)
    if refused is not None:
        abort(403, refused)
    return user


def customer_token(username: str, password: str) -> str | None:
    """A new token for the customer with this email or username and password (no commit).

    The password is checked as the storefront's login form checks it.
    """
    db = get_db()
    if "@" in username:
        row = db.execute(
            "SELECT username FROM users WHERE email = ? COLLATE NOCASE ORDER BY id LIMIT 1",
            (username.strip(),),
        ).fetchone()
        username = row["username"] if row is not None else ""
    errors: dict[str, str] = {}
    user = core_auth.authenticate({"username": username, "password": password}, errors)
    return None if user is None else issue_token("customer", user)


def admin_token(username: str, password: str) -> str | None:
    """A new token for the active staff user with this username and password (no commit)."""
    errors: dict[str, str] = {}
    user = staff.authenticate({"username": username, "password": password}, errors)
    return None if user is None else issue_token("admin", user)
