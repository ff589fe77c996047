"""What the sites' JSON APIs share: JSON errors, JSON bodies and GitLab-style paging.

A site with an API sets ``app.config["API_PREFIX"]`` (the forum's is ``/api/``).
Under it every error is ``{"message": "..."}`` with the HTTP status (the app's error
handler asks :func:`is_api_request`), writes must send a JSON object with
``Content-Type: application/json`` (415 otherwise), and the form CSRF token is not
asked for: a cross-site form cannot send that content type, so the session cookie
alone cannot be abused to write.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import abort, current_app, request
from flask.wrappers import Response
from werkzeug.exceptions import HTTPException, MethodNotAllowed

DEFAULT_PER_PAGE = 20
"""Items per page when ``per_page`` is not given (GitLab's default)."""
MAX_PER_PAGE = 100
"""The most items per page (larger ``per_page`` values are cut to it, as GitLab does)."""
_MAX_PAGE_DIGITS = 6


def is_api_request() -> bool:
    """Whether the current request is under the app's ``API_PREFIX``."""
    prefix = current_app.config.get("API_PREFIX")
    return isinstance(prefix, str) and bool(prefix) and (request.path + "/").startswith(prefix)


def json_response(
    data: object, status: int = 200, headers: Mapping[str, str] | None = None
) -> Response:
    """``data`` as an ``application/json`` response (UTF-8, keys in the order given)."""
    body = json.dumps(data, ensure_ascii=False, indent=None, separators=(",", ":"))
    response = Response(body, status=status, mimetype="application/json")
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def api_error(error: HTTPException) -> Response:
    """The JSON form of an HTTP error: ``{"message": ...}`` and its status code."""
    code = error.code or 500
    message = error.description or error.name
    response = json_response({"message": message}, code)
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def json_body() -> dict[str, Any]:
    """The request's JSON object.

    Raises:
        UnsupportedMediaType: the body is not sent as ``application/json`` (415).
        BadRequest: the body is not a JSON object (400).
    """
    if request.mimetype != "application/json":
        abort(415, "Send the body as JSON with the header Content-Type: application/json.")
    try:
        data = json.loads(request.get_data(cache=True) or b"null")
    except (ValueError, RecursionError):
        abort(400, "The body is not valid JSON.")
    if not isinstance(data, dict):
        abort(400, 'The body must be a JSON object, e.g. {"title": "..."}.')
    return data


def string_fields(body: Mapping[str, Any], names: Iterable[str]) -> dict[str, str]:
    """The string fields ``names`` of a JSON body, as a form would send them.

    A missing or ``null`` field is ``""`` (the form's own rules then say whether it is
    required).

    Raises:
        BadRequest: a field is present but not a string (400).
    """
    fields: dict[str, str] = {}
    for name in names:
        value = body.get(name)
        if value is None:
            fields[name] = ""
        elif isinstance(value, str):
            fields[name] = value
        else:
            abort(400, f"{name} must be a string, not {type(value).__name__}.")
    return fields


def validation_error(errors: Mapping[str, str]) -> Response:
    """A 422 response for a form's field problems: the first as the message, all in ``errors``."""
    first = next(iter(errors.values()), "The request is not valid.")
    return json_response({"message": first, "errors": dict(errors)}, 422)


@dataclass(frozen=True)
class Page:
    """One page of a list, GitLab-style: 1-based ``page`` of ``per_page`` items."""

    page: int
    per_page: int

    @property
    def offset(self) -> int:
        """How many items come before this page."""
        return (self.page - 1) * self.per_page


def requested_page(default_per_page: int = DEFAULT_PER_PAGE) -> Page:
    """The ``page`` and ``per_page`` the query asks for (``per_page`` cut to 100).

    Raises:
        BadRequest: either is not a positive whole number (400).
    """
    numbers = []
    for name, default in (("page", 1), ("per_page", default_per_page)):
        text = request.args.get(name, "")
        if not text:
            numbers.append(default)
            continue
        if not (text.isascii() and text.isdigit()) or len(text) > _MAX_PAGE_DIGITS or not int(text):
            abort(400, f"{name} must be a positive whole number, got {text[:20]!r}.")
        numbers.append(int(text))
    return Page(numbers[0], min(numbers[1], MAX_PER_PAGE))


def paged_response(items: list[Any], page: Page, total: int) -> Response:
    """A JSON list with GitLab's paging headers.

    ``X-Total``, ``X-Total-Pages``, ``X-Page``, ``X-Per-Page``, ``X-Next-Page`` and
    ``X-Prev-Page`` (empty when there is none) and a ``Link`` header with the
    ``prev``/``next``/``first``/``last`` URLs. A page past the last is an empty list.
    """
    pages = max(1, -(-total // page.per_page))
    following = page.page + 1 if page.page < pages else None
    previous = page.page - 1 if 1 < page.page <= pages + 1 else None
    headers = {
        "X-Total": str(total),
        "X-Total-Pages": str(pages),
        "X-Page": str(page.page),
        "X-Per-Page": str(page.per_page),
        "X-Next-Page": str(following or ""),
        "X-Prev-Page": str(previous or ""),
    }
    links = []
    for rel, number in (("prev", previous), ("next", following), ("first", 1), ("last", pages)):
        if number is not None:
            links.append(f'<{_page_url(number, page.per_page)}>; rel="{rel}"')
    headers["Link"] = ", ".join(links)
    return json_response(items, 200, headers)


def _page_url(number: int, per_page: int) -> str:
    args = [(k, v) for k, v in request.args.items(multi=True) if k not in ("page", "per_page")]
    query = urlencode([*args, ("page", str(number)), ("per_page", str(per_page))])
    return f"{request.host_url.rstrip('/')}{request.path}?{query}"


def iso_time(stamp: str | None) -> str | None:
    """A database time (``YYYY-MM-DD HH:MM:SS``, the world's clock) in ISO 8601."""
    return None if stamp is None else stamp.replace(" ", "T")
