"""CSRF protection for the sites' POST forms.

Every POST must carry a ``csrf_token`` form field equal to the session's token,
which templates render with ``{{ csrf_token() }}``. Tokens are derived, not
drawn: an HMAC of the app's ``SECRET_KEY`` and the session's user, so the same
requests always give the same pages. Logging in or out changes the token.
Set ``app.config["CSRF_DISABLED"]`` to skip the check (tests that focus on
something else).
"""

from __future__ import annotations

import hashlib
import hmac

from flask import Flask, current_app, g, request, session
from werkzeug.exceptions import BadRequest

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
    cached = g.get("_csrf_token")
    if cached is not None and cached[0] == user:
        return cached[1]
    key = current_app.secret_key
    if isinstance(key, str):
        key = key.encode()
    if not key:
        raise RuntimeError("csrf_token: the app has no SECRET_KEY")
    token = hmac.new(key, f"csrf:{user}".encode(), hashlib.sha256).hexdigest()
    g._csrf_token = (user, token)
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
