"""CSRF protection for the sites' POST forms.

Every POST must carry a ``csrf_token`` form field equal to the session's token,
which templates render with ``{{ csrf_token() }}``. Tokens are derived, not
drawn: an HMAC of the app's ``SECRET_KEY`` and the session — its user and the
user's session generation — so the same requests always give the same pages, and a
token dies with its session: logging in changes it, and logging out (which bumps the
generation) invalidates every token the user's sessions were given.
Set ``app.config["CSRF_DISABLED"]`` to skip the check (tests that focus on
something else).
"""

from __future__ import annotations

import hashlib
import hmac

from flask import Flask, current_app, g, request, session
from werkzeug.exceptions import BadRequest

from .auth import GENERATION_KEY

FIELD = "csrf_token"


class CSRFError(BadRequest):
    """A POST arrived without the session's CSRF token."""

    description = (
        "The form's security token is missing or does not match your session. "
        "Go back, reload the page and submit the form again."
    )


def csrf_token() -> str:
    """Return the CSRF token of the current session (computed once per request and user)."""
    user = session.get("user_id", "anonymous")
    generation = session.get(GENERATION_KEY, 0)
    # Generation 0 (a user who never logged out) keeps the token pristine pages carry.
    bound = f"{user}:{generation}" if generation else f"{user}"
    cached = g.get("_csrf_token")
    if cached is not None and cached[0] == bound:
        return cached[1]
    key = current_app.secret_key
    if isinstance(key, str):
        key = key.encode()
    if not key:
        raise RuntimeError("csrf_token: the app has no SECRET_KEY")
    token = hmac.new(key, f"csrf:{bound}".encode(), hashlib.sha256).hexdigest()
    g._csrf_token = (bound, token)
    return token


def check_csrf() -> None:
    """Reject a POST whose ``csrf_token`` field does not match the session.

    Raises:
        CSRFError: The token is missing or wrong.
    """
    if request.method != "POST" or current_app.config.get("CSRF_DISABLED"):
        return
    sent = request.form.get(FIELD, "")
    if not sent or not hmac.compare_digest(sent, csrf_token()):
        raise CSRFError()


def init_app(app: Flask) -> None:
    """Check every POST and expose ``csrf_token()`` to templates."""
    app.before_request(check_csrf)
    app.add_template_global(csrf_token, "csrf_token")
