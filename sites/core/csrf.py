"""CSRF protection for the sites' POST forms.

Every POST must carry a ``csrf_token`` form field equal to the session's token,
which templates render with ``{{ csrf_token() }}``. Tokens are derived, not
drawn: an HMAC of the app's ``SECRET_KEY`` and the session — its user and the
user's session generation — so the same requests always give the same pages, and a
token dies with its session: logging in changes it, and logging out (which bumps the
generation) invalidates every token the user's sessions were given.
``app.config["CSRF_SESSION_KEYS"]`` names further session keys the token is bound to
when present (the shop's staff session). Set ``app.config["CSRF_DISABLED"]`` to skip
the check (tests that focus on something else). A JSON API's blueprint is
:func:`exempt`: its writes are judged by their ``Content-Type`` instead
(:mod:`~webenv.sites.core.api`).
"""

from __future__ import annotations

import hashlib
import hmac

from flask import Blueprint, Flask, current_app, g, request, session
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import BadRequest

from .auth import GENERATION_KEY
from .urls import parse_url

FIELD = "csrf_token"
_EXEMPT = "webenv_csrf_exempt"


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
    # A site with a second kind of session (the shop's staff) binds its keys too.
    for key in current_app.config.get("CSRF_SESSION_KEYS", ()):
        if key in session:
            bound += f":{key}={session[key]}"
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
    """Reject a POST from another origin or whose ``csrf_token`` does not match the session.

    Browsers send ``Origin`` with every POST they make from a page; one that names
    another host or port (or is ``null``, as from a sandboxed frame) is refused even
    with a valid token, which stops login CSRF (an anonymous visitor's token is not
    secret). A POST without ``Origin`` (an HTTP client, the in-process browser) is
    judged by its token alone.

    Raises:
        CSRFError: The POST came from another origin, or the token is missing or wrong.
    """
    if request.method != "POST" or current_app.config.get("CSRF_DISABLED"):
        return
    origin = request.headers.get("Origin")
    if origin is not None:
        sender, here = parse_url(origin), parse_url(request.host_url)
        if sender is None or here is None or sender.netloc != here.netloc:
            raise CSRFError(
                description="This form was sent from another site; it was not accepted."
            )
    exempt = current_app.extensions.get(_EXEMPT, ())
    if any(name in exempt for name in request.blueprints):
        return
    if not tokens_match(request.form.get(FIELD, ""), csrf_token()):
        raise CSRFError()


def tokens_match(sent: str, expected: str) -> bool:
    """Whether a posted token equals the expected one, compared in constant time.

    The comparison is of UTF-8 bytes: :func:`hmac.compare_digest` raises ``TypeError``
    on a ``str`` holding non-ASCII characters, and a form field may hold anything.
    An empty ``sent`` never matches.
    """
    return bool(sent) and hmac.compare_digest(
        sent.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass")
    )


def exempt(blueprint: Blueprint) -> None:
    """Skip the form token check for the views of ``blueprint`` (and its nested ones);
    the ``Origin`` check still applies.

    Only for JSON APIs that refuse a write without ``Content-Type: application/json``
    (which no cross-site form can send), as :func:`webenv.sites.core.api.json_blueprint`
    does.
    """

    def record(state: BlueprintSetupState) -> None:
        names = state.app.extensions.setdefault(_EXEMPT, set())
        names.add(state.name_prefix + ("." if state.name_prefix else "") + state.name)

    blueprint.record(record)


def init_app(app: Flask) -> None:
    """Check every POST and expose ``csrf_token()`` to templates."""
    app.before_request(check_csrf)
    app.add_template_global(csrf_token, "csrf_token")
