"""Users, passwords and logins shared by the bundled sites.

Every site has a ``users`` table with ``id``, ``username`` and ``password_hash``.
Generated users all share :data:`DEMO_PASSWORD`. Password hashes are
deterministic (the salt is the username) so a world seed gives identical bytes.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import Flask, current_app, g, redirect, request, session, url_for

from . import forms
from .db import get_db

DEMO_PASSWORD = "webenv-demo"
"""The password of every generated user."""

ITERATIONS = 1000
F = TypeVar("F", bound=Callable[..., Any])


def hash_password(password: str, salt: str) -> str:
    """Hash a password with PBKDF2-SHA256, storing the salt in the result.

    Args:
        password: The clear-text password.
        salt: The salt; the sites use the username so hashes are reproducible.

    Returns:
        ``"pbkdf2:sha256:<iterations>$<salt>$<hex digest>"``.
    """
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), ITERATIONS)
    return f"pbkdf2:sha256:{ITERATIONS}${salt}${digest.hex()}"


def verify_password(stored: str, password: str) -> bool:
    """Check ``password`` against a hash made by :func:`hash_password`."""
    try:
        method, salt, expected = stored.split("$", 2)
        _, algorithm, iterations = method.split(":")
        digest = hashlib.pbkdf2_hmac(algorithm, password.encode(), salt.encode(), int(iterations))
    except ValueError:
        return False
    return hmac.compare_digest(digest.hex(), expected)


def authenticate(form: Mapping[str, str], errors: dict[str, str], *,
                 failure: str = "Incorrect username or password.") -> sqlite3.Row | None:
    """The user a login form's ``username`` and ``password`` name, or None with ``errors`` set.

    Args:
        form: The submitted login form.
        errors: Field name -> message; problems are added (``login`` for bad credentials).
        failure: The message for an unknown user or a wrong password.
    """
    username = forms.text(form, "username", "Username", errors, max_length=100)
    password = form.get("password", "")
    if not password:
        errors["password"] = "Password is required."
    if errors:
        return None
    user = get_db().execute("SELECT * FROM users WHERE username = ?",
                            (username.lower(),)).fetchone()
    if user is None or not verify_password(user["password_hash"], password[:200]):
        errors["login"] = failure
        return None
    return user


def safe_next(target: str | None) -> str | None:
    """Return ``target`` if it is a local path to redirect to after login, else None."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    return target


def _local_referrer() -> str | None:
    """Return the path of the referring page when it is on this site."""
    if not request.referrer:
        return None
    parts = urlsplit(request.referrer)
    if parts.netloc and parts.netloc != request.host:
        return None
    return safe_next(parts.path + (f"?{parts.query}" if parts.query else ""))


def login_required(view: F) -> F:
    """Redirect anonymous users to the site's login page, with ``?next=`` set."""

    @functools.wraps(view)
    def wrapped_view(*args: Any, **kwargs: Any) -> Any:
        if g.user is None:
            if request.method == "GET":
                target = request.full_path if request.query_string else request.path
            else:
                target = _local_referrer() or "/"
            login = url_for(current_app.config["LOGIN_ENDPOINT"], next=target)
            return redirect(login)
        return view(*args, **kwargs)

    return wrapped_view  # type: ignore[return-value]


def load_logged_in_user() -> None:
    """Put the logged-in user's row (or None) in ``g.user``."""
    user_id = session.get("user_id")
    if user_id is None:
        g.user = None
        return
    g.user = get_db().execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()


def log_in(user_id: int) -> None:
    """Start a fresh session for ``user_id``."""
    session.clear()
    session["user_id"] = user_id


def make_session_cookie(app: Flask, user_id: int) -> tuple[str, str]:
    """Return the session cookie that logs ``user_id`` in, without a request.

    Args:
        app: A site app created by its ``create_app``.
        user_id: The ``users.id`` to log in.

    Returns:
        ``(cookie name, signed cookie value)``.
    """
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    if serializer is None:
        raise RuntimeError("make_session_cookie: the app has no SECRET_KEY")
    return app.config["SESSION_COOKIE_NAME"], serializer.dumps({"user_id": user_id})


def init_app(app: Flask, *, login_endpoint: str) -> None:
    """Load ``g.user`` before every request and set where logins happen.

    Args:
        app: The site's Flask application.
        login_endpoint: The endpoint :func:`login_required` redirects to.
    """
    app.config["LOGIN_ENDPOINT"] = login_endpoint
    app.before_request(load_logged_in_user)
