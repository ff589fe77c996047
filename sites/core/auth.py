"""Users, passwords and logins shared by the bundled sites.

Every site has a ``users`` table with ``id``, ``username``, ``password_hash`` and
``session_generation`` (bumped by :func:`log_out`, which ends every session of the user).
Generated users all share :data:`DEMO_PASSWORD`. Password hashes are
deterministic (the salt is the username) so a world seed gives identical bytes.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Flask, current_app, flash, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from . import forms
from .db import get_db
from .urls import parse_url

DEMO_PASSWORD = "webenv-demo"
"""The password of every generated user."""

ITERATIONS = 1000
GENERATION_COLUMN = "session_generation"
"""The ``users`` column counting the user's log-outs; a session carries the value it began at."""
GENERATION_KEY = "gen"
"""The session key holding the generation (absent for generation 0)."""
_C0_AND_SPACE = "".join(chr(c) for c in range(0x21))
_TAB_OR_NEWLINE = re.compile(r"[\t\n\r]")
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


def authenticate(
    form: Mapping[str, str],
    errors: dict[str, str],
    *,
    failure: str = "Incorrect username or password.",
) -> sqlite3.Row | None:
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
    user = (
        get_db().execute("SELECT * FROM users WHERE username = ?", (username.lower(),)).fetchone()
    )
    if user is None or not verify_password(user["password_hash"], password[:200]):
        errors["login"] = failure
        return None
    return user


_SAME_SITE_BASE = "http://same-site.invalid/"
"""The base a redirect target is resolved against: only paths on it are followed."""


def safe_next(target: object) -> str | None:
    """The one check of a user-supplied redirect target (login, vote, subscribe ``next``).

    ``target`` is normalised the way a browser reads a ``Location`` header (surrounding
    spaces and control characters stripped, tabs and newlines removed, backslashes read
    as slashes) with :func:`~webenv.sites.core.urls.parse_url`, so ``/%09/evil.example/``
    decoded from a query (a tab between the slashes) is the other host
    ``//evil.example/`` and is refused. Only a path on this site is accepted.
    Never raises.

    Args:
        target: The submitted target (anything; only a string can be accepted).

    Returns:
        The canonical, percent-encoded ``/path?query#fragment`` to redirect to, or None
        when ``target`` is not a same-site path (the caller falls back to its default page).
    """
    if not isinstance(target, str) or not target:
        return None
    url = parse_url(target, _SAME_SITE_BASE)
    if url is None or url.origin != _SAME_SITE_BASE.rstrip("/") or url.path.startswith("//"):
        return None
    normalised = target.strip(_C0_AND_SPACE).replace("\\", "/")
    normalised = _TAB_OR_NEWLINE.sub("", normalised)
    if not normalised.startswith("/") or normalised.startswith("//"):
        return None
    return url.path_and_query + ("" if url.fragment is None else f"#{url.fragment}")


def login_page(
    template: str,
    home_endpoint: str,
    *,
    welcome: Callable[[sqlite3.Row], str] | None = None,
    failure: str = "Incorrect username or password.",
) -> Response | tuple[str, int]:
    """The login view every site shares: show the form, log in, go where the user was going.

    ``next`` (query or form) is checked with :func:`safe_next`. A logged-in visitor is
    sent on at once. The template gets ``next``, ``errors`` and ``form`` and renders
    the ``login_form`` macro of ``core/_macros.html``.

    Args:
        template: The site's login template.
        home_endpoint: Where to go when there is no valid ``next``.
        welcome: Makes the flash message shown after logging in (none when None).
        failure: The message for an unknown user or a wrong password.
    """
    target = safe_next(request.values.get("next"))
    if request.method == "GET":
        if g.user is not None:
            return redirect(target or url_for(home_endpoint))
        return render_template(template, next=target or "", errors={}, form={}), 200
    errors: dict[str, str] = {}
    user = authenticate(request.form, errors, failure=failure)
    if user is None:
        return render_template(template, next=target or "", errors=errors, form=request.form), 400
    log_in(user["id"])
    if welcome is not None:
        flash(welcome(user), "success")
    return redirect(target or url_for(home_endpoint))


def change_password(form: Mapping[str, str]) -> dict[str, str]:
    """Change the logged-in user's password from a form, after checking the current one.

    Fields: ``current_password``, ``new_password`` and ``confirm_password``.

    Returns:
        Field name -> message; empty when the new password was saved (and committed).
    """
    errors: dict[str, str] = {}
    if not verify_password(g.user["password_hash"], form.get("current_password", "")[:200]):
        errors["current_password"] = "The current password is incorrect."
    password = forms.new_password(form, errors, "new_password", "confirm_password", "New password")
    if errors:
        return errors
    db = get_db()
    db.execute(
        "UPDATE users SET password_hash = ? WHERE id = ?",
        (hash_password(password, g.user["username"]), g.user["id"]),
    )
    db.commit()
    return errors


def _local_referrer() -> str | None:
    """Return the path of the referring page when it is on this site."""
    referrer = parse_url(request.referrer or "")
    here = parse_url(request.host_url)
    if referrer is None or here is None or referrer.origin != here.origin:
        return None
    return safe_next(referrer.path_and_query)


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
    """Put the logged-in user's row (or None) in ``g.user``.

    A session whose generation is not the user's current one (the user logged out since
    the cookie was issued) is cleared: the visitor is anonymous.
    """
    user_id = session.get("user_id")
    if user_id is None:
        g.user = None
        return
    user = get_db().execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    if user is None or session.get(GENERATION_KEY, 0) != user[GENERATION_COLUMN]:
        session.clear()
        user = None
    g.user = user


def session_data(user_id: int, generation: int) -> dict[str, int]:
    """The session keys that log ``user_id`` in at session ``generation``."""
    # Generation 0, every pristine user's, is left out: the cookie of a user who never
    # logged out is the same bytes as before session generations existed.
    data = {"user_id": user_id}
    if generation:
        data[GENERATION_KEY] = generation
    return data


def log_in(user_id: int) -> None:
    """Start a fresh session for ``user_id``, at the user's current session generation."""
    row = (
        get_db()
        .execute(f"SELECT {GENERATION_COLUMN} FROM users WHERE id = ?", (user_id,))
        .fetchone()
    )
    session.clear()
    session.update(session_data(user_id, row[0] if row is not None else 0))


def log_out() -> None:
    """End the current session and every other session of its user.

    Bumps the user's session generation, so any cookie issued before (one captured
    by someone else included) no longer logs anybody in, and clears this session.
    """
    user_id = session.get("user_id")
    if user_id is not None:
        db = get_db()
        db.execute(
            f"UPDATE users SET {GENERATION_COLUMN} = {GENERATION_COLUMN} + 1 WHERE id = ?",
            (user_id,),
        )
        db.commit()
    session.clear()


def session_generation(app: Flask, user_id: int) -> int:
    """The current session generation of ``user_id`` in ``app``'s database (0 if none)."""
    with app.app_context():
        row = (
            get_db()
            .execute(f"SELECT {GENERATION_COLUMN} FROM users WHERE id = ?", (user_id,))
            .fetchone()
        )
    return int(row[0]) if row is not None else 0


def make_session_cookie(app: Flask, user_id: int, generation: int | None = None) -> tuple[str, str]:
    """Return the session cookie that logs ``user_id`` in, without a request or a write.

    Every user's session generation is 0 in a pristine world and only a log-out
    changes it, so a cookie built in a pristine world stays valid across resets
    (the env builds it once and caches it).

    Args:
        app: A site app created by its ``create_app``.
        user_id: The ``users.id`` to log in.
        generation: The user's ``session_generation``; None reads the current one from
            the app's database (a read, never a write).

    Returns:
        ``(cookie name, signed cookie value)``.
    """
    if generation is None:
        generation = session_generation(app, user_id)
    return sign_session(app, session_data(user_id, generation))


def sign_session(app: Flask, data: dict[str, Any]) -> tuple[str, str]:
    """The session cookie ``(name, signed value)`` of ``app`` holding ``data``, without a
    request (the env and ``webenv serve`` log users in with it)."""
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    if serializer is None:
        raise RuntimeError("sign_session: the app has no SECRET_KEY")
    return app.config["SESSION_COOKIE_NAME"], serializer.dumps(data)


def init_app(app: Flask, *, login_endpoint: str) -> None:
    """Load ``g.user`` before every request and set where logins happen.

    Args:
        app: The site's Flask application.
        login_endpoint: The endpoint :func:`login_required` redirects to.
    """
    app.config["LOGIN_ENDPOINT"] = login_endpoint
    app.before_request(load_logged_in_user)
