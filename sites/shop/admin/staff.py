"""Staff sessions: the back office's own login, separate from the customers'.

A staff session lives under its own keys (:data:`STAFF_KEY`, :data:`GENERATION_KEY`) in
the site's signed session cookie, so a customer's login never grants the back office
and a staff login never makes anybody a customer. Staff users are rows of
``staff_users`` (generated with :data:`~webenv.sites.core.auth.DEMO_PASSWORD`); a
log-out bumps the user's ``session_generation``, ending every session it had.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Flask, abort, g, redirect, request, session, url_for

from ...core import forms
from ...core.auth import sign_session, verify_password
from ...core.db import get_db
from . import roles

STAFF_KEY = "staff_id"
"""The session key holding the logged-in staff user's id."""
GENERATION_KEY = "staff_gen"
"""The session key holding the staff user's session generation (absent for 0)."""
LOGIN_FAILURE = (
    "The account sign-in was incorrect or your account is disabled. Check the username"
    " and password and try again."
)
F = TypeVar("F", bound=Callable[..., Any])


def authenticate(form: Mapping[str, str], errors: dict[str, str]) -> sqlite3.Row | None:
    """The active staff user a login form names, or None with ``errors`` set.

    Args:
        form: The submitted form (``username``, ``password``).
        errors: Field name -> message; problems are added (``login`` for bad credentials
            or a disabled account, which get the same message).
    """
    username = forms.text(form, "username", "User Name", errors, max_length=100)
    password = form.get("password", "")
    if not password:
        errors["password"] = "Password is required."
    if errors:
        return None
    user = (
        get_db()
        .execute("SELECT * FROM staff_users WHERE username = ?", (username.lower(),))
        .fetchone()
    )
    if (
        user is None
        or not user["is_active"]
        or not verify_password(user["password_hash"], password[:200])
    ):
        errors["login"] = LOGIN_FAILURE
        return None
    return user


def session_data(staff_id: int, generation: int) -> dict[str, int]:
    """The session keys that log ``staff_id`` in at ``generation``."""
    data = {STAFF_KEY: staff_id}
    if generation:
        data[GENERATION_KEY] = generation
    return data


def log_in(user: sqlite3.Row) -> None:
    """Start a staff session for ``user`` (any customer session in the cookie is kept)."""
    session.pop(GENERATION_KEY, None)
    session.update(session_data(user["id"], user["session_generation"]))


def log_out() -> None:
    """End the staff session and every other session of the same staff user."""
    staff_id = session.pop(STAFF_KEY, None)
    session.pop(GENERATION_KEY, None)
    if staff_id is not None:
        db = get_db()
        db.execute(
            "UPDATE staff_users SET session_generation = session_generation + 1 WHERE id = ?",
            (staff_id,),
        )
        db.commit()


def load_staff() -> None:
    """Put the logged-in, active staff user's row (or None) in ``g.staff``.

    A staff session of a disabled user, or from before the user's last log-out, is
    dropped (the customer part of the session is kept).
    """
    staff_id = session.get(STAFF_KEY)
    g.staff = None
    if staff_id is None:
        return
    user = get_db().execute("SELECT * FROM staff_users WHERE id = ?", (staff_id,)).fetchone()
    if (
        user is None
        or not user["is_active"]
        or session.get(GENERATION_KEY, 0) != user["session_generation"]
    ):
        session.pop(STAFF_KEY, None)
        session.pop(GENERATION_KEY, None)
        return
    g.staff = user


def staff_required(area: str) -> Callable[[F], F]:
    """Guard a back-office view: staff only (else the login page), and only a role with ``area``.

    Args:
        area: A key of :data:`~webenv.sites.shop.admin.roles.AREAS`.

    Raises:
        ValueError: ``area`` is not a back-office area (a programming error, at import).
    """
    if area not in roles.AREAS:
        raise ValueError(f"unknown back-office area {area!r}; known: {', '.join(roles.AREAS)}")

    def decorate(view: F) -> F:
        @functools.wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            if g.staff is None:
                target = request.full_path if request.query_string else request.path
                if request.method != "GET":
                    target = url_for("admin.dashboard")
                return redirect(url_for("admin.login", next=target))
            refused = roles.refusal(g.staff["role"], area)
            if refused is not None:
                abort(403, refused)
            return view(*args, **kwargs)

        return wrapped  # type: ignore[return-value]

    return decorate


def make_staff_session_cookie(app: Flask, staff_id: int) -> tuple[str, str]:
    """The session cookie that logs ``staff_id`` in to the back office, without a request.

    Reads the staff user's current session generation from ``app``'s database (never
    writes). The env's staff task user logs in with it.

    Returns:
        ``(cookie name, signed cookie value)``.

    Raises:
        ValueError: there is no staff user ``staff_id``.
    """
    with app.app_context():
        row = (
            get_db()
            .execute("SELECT session_generation FROM staff_users WHERE id = ?", (staff_id,))
            .fetchone()
        )
    if row is None:
        raise ValueError(f"make_staff_session_cookie: no staff user with id {staff_id}")
    return sign_session(app, session_data(staff_id, row[0]))
