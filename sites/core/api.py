"""What the sites' JSON APIs share: JSON errors, JSON bodies, and why they need no CSRF token.

A site's API is a blueprint set up with :func:`init_blueprint`:

- every error it raises (``abort(404, "...")`` included) answers
  ``{"message": "<description>"}`` with the error's status;
- a write (POST, PUT, PATCH, DELETE) must say ``Content-Type: application/json``, or
  it is refused with 415 before the view runs. No cross-site HTML form can send that
  type (and the sites answer no CORS preflight), which is what makes a write carrying
  the site's session cookie safe without the forms' CSRF token: the blueprint is
  exempt from that check (:func:`webenv.sites.core.csrf.exempt`);
- :func:`json_body` reads the body once: malformed JSON, or JSON that is not an
  object, is a 400; an empty body is an empty object (an action without parameters).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, request
from werkzeug.exceptions import HTTPException

from . import csrf

JSON_MIMETYPE = "application/json"
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods that may write, so must carry a JSON body's content type."""


def json_response(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """``value`` as a JSON response (keys in the order given; non-ASCII kept as is)."""
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    response = current_app.response_class(body, status=status, mimetype=JSON_MIMETYPE)
    response.headers.update(headers or {})
    return response


def error_response(error: HTTPException) -> Response:
    """An HTTP error as ``{"message": ...}`` with its status (its headers, e.g. ``Allow``, kept)."""
    response = json_response({"message": error.description or error.name}, error.code or 500)
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def check_content_type() -> None:
    """Refuse a write whose ``Content-Type`` is not JSON (415)."""
    if request.method in WRITE_METHODS and request.mimetype != JSON_MIMETYPE:
        abort(
            415,
            f"{request.method} requests must send a JSON body with"
            f" 'Content-Type: {JSON_MIMETYPE}'.",
        )


def json_body() -> dict[str, Any]:
    """The request's JSON body as an object (read once per request).

    Raises:
        BadRequest: the body is not valid JSON, or not a JSON object.
    """
    cached = g.get("_json_body")
    if cached is not None:
        return dict(cached)
    raw = request.get_data(cache=True)
    if not raw.strip():
        value: Any = {}
    else:
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            # The first line of the decoder's message says where: "Expecting value: line 1 …".
            abort(400, f"The request body is not valid JSON: {str(exc).splitlines()[0][:120]}")
        if not isinstance(value, dict):
            abort(400, f"The request body must be a JSON object, not {type(value).__name__}.")
    g._json_body = value
    return dict(value)


def init_blueprint(blueprint: Blueprint) -> None:
    """Make ``blueprint`` a JSON API: JSON errors, JSON writes only, no form token check."""
    csrf.exempt(blueprint)
    blueprint.before_request(check_content_type)
    blueprint.register_error_handler(HTTPException, error_response)
