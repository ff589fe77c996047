"""What the sites' JSON APIs share: JSON errors, JSON-only writes and their form fields.

A site's API is a blueprint made by :func:`json_blueprint`. Its writes (every method but
GET, HEAD and OPTIONS) must send ``Content-Type: application/json`` (415 otherwise): a
cross-site HTML form cannot, so a write authenticated by the session cookie needs no
form token (:func:`~webenv.sites.core.csrf.exempt`; the ``Origin`` check still applies).
Every error under the API's prefix, routing errors included, is JSON
``{"message": "..."}`` with the HTTP status.

:func:`requested_page` and :func:`paged_response` page a list GitLab-style;
:func:`string_fields` and :func:`validation_error` read a form's text fields from a
JSON body and answer its field problems (422).

An API write calls the same function as the form's view, with the JSON body turned into
form fields by :func:`form_fields` — the same fields the request log records
(:func:`webenv.requestlog.read_form`), so ``request_match`` reads an API write like a
form post.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Flask, abort, current_app, jsonify, request
from flask.blueprints import BlueprintSetupState
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import BadRequest, HTTPException, UnsupportedMediaType
from werkzeug.wrappers import Response

from . import csrf
from .db import SAFE_METHODS

JSON_TYPE = "application/json"
_PREFIXES = "webenv_api_prefixes"
_BODY = "webenv_api_body"


def json_blueprint(name: str, import_name: str, url_prefix: str) -> Blueprint:
    """Return a blueprint for a JSON API under ``url_prefix`` (e.g. ``/api/v4``).

    Its writes must be JSON (:func:`require_json_writes`), skip the form token and
    answer errors as JSON, as every request under ``url_prefix`` does.
    """
    bp = Blueprint(name, import_name, url_prefix=url_prefix)
    csrf.exempt(bp)
    bp.before_request(require_json_writes)

    def remember_prefix(state: BlueprintSetupState) -> None:
        state.app.extensions.setdefault(_PREFIXES, set()).add(url_prefix.rstrip("/") + "/")

    bp.record_once(remember_prefix)
    return bp


def is_api_request(app: Flask | None = None) -> bool:
    """Whether the current request's path is under one of the app's API prefixes."""
    prefixes = (app or current_app).extensions.get(_PREFIXES, ())
    path = request.path.rstrip("/") + "/"
    return any(path.startswith(prefix) for prefix in prefixes)


def error_response(error: HTTPException) -> tuple[Response, int]:
    """An HTTP error as JSON ``{"message": description}`` with its status (and headers)."""
    code = error.code or 500
    response = jsonify({"message": error.description or error.name})
    if code == 405 and isinstance(error.valid_methods, list | tuple | set):  # type: ignore[attr-defined]
        response.headers["Allow"] = ", ".join(sorted(error.valid_methods))  # type: ignore[attr-defined]
    return response, code


def require_json_writes() -> None:
    """Refuse a write whose body is not a JSON object (415 wrong type, 400 malformed).

    An empty body is an empty object. Each field must be a string, number, boolean,
    null or a flat list of those (the shapes a form field can take). The parsed object
    is kept for :func:`body`.

    Raises:
        UnsupportedMediaType: The write's ``Content-Type`` is not ``application/json``.
        BadRequest: The body is not valid UTF-8 JSON, not an object, or has a nested field.
    """
    if request.method in SAFE_METHODS:
        return
    if request.mimetype != JSON_TYPE:
        raise UnsupportedMediaType(
            f"Send the request body as JSON with Content-Type: {JSON_TYPE}"
            f" (this request's Content-Type is {request.mimetype or 'missing'})."
        )
    raw = request.get_data(cache=True)
    if not raw.strip():
        data: Any = {}
    else:
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise BadRequest(f"The request body is not valid JSON: {exc}.") from None
        except RecursionError:
            raise BadRequest("The request body is nested too deeply.") from None
    if not isinstance(data, dict):
        raise BadRequest("The request body must be a JSON object.")
    for name, value in data.items():
        items = value if isinstance(value, list) else [value]
        if any(isinstance(item, dict | list) for item in items):
            raise BadRequest(f"{name} must be a string, number, boolean, null or a list of those.")
    setattr(request, _BODY, data)


def body() -> dict[str, Any]:
    """The current write's JSON object (empty for a GET)."""
    return getattr(request, _BODY, {})


def field_text(value: Any) -> str:
    """One JSON value as a form field's text: numbers as digits, booleans as true/false."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return json.dumps(value)
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def form_fields(data: Mapping[str, Any]) -> MultiDict:
    """A JSON object as form fields: a list gives one value per item, others one value.

    Args:
        data: A request's JSON object.

    Returns:
        The fields, each value as :func:`field_text` gives it.
    """
    fields: MultiDict = MultiDict()
    for name, value in data.items():
        if isinstance(value, list):
            for item in value:
                fields.add(str(name), field_text(item))
        else:
            fields.add(str(name), field_text(value))
    return fields


def string_fields(data: Mapping[str, Any], names: Iterable[str]) -> dict[str, str]:
    """The text fields ``names`` of a JSON body, as a form would send them.

    A missing or ``null`` field is ``""`` (the form's own rules then say whether it is
    required).

    Raises:
        BadRequest: a field is present but not a string (400).
    """
    fields: dict[str, str] = {}
    for name in names:
        value = data.get(name)
        if value is None:
            fields[name] = ""
        elif isinstance(value, str):
            fields[name] = value
        else:
            abort(400, f"{name} must be a string, not {type(value).__name__}.")
    return fields


def validation_error(errors: Mapping[str, str]) -> tuple[Response, int]:
    """A 422 answer for a form's field problems: the first as the message, all in ``errors``."""
    first = next(iter(errors.values()), "The request is not valid.")
    return jsonify({"message": first, "errors": dict(errors)}), 422


DEFAULT_PER_PAGE = 20
"""Items per page when ``per_page`` is not given (GitLab's default)."""
MAX_PER_PAGE = 100
"""The most items per page (a larger ``per_page`` is cut to it, as GitLab does)."""
_MAX_PAGE_DIGITS = 6


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
    response = jsonify(items)
    headers = response.headers
    headers["X-Total"] = str(total)
    headers["X-Total-Pages"] = str(pages)
    headers["X-Page"] = str(page.page)
    headers["X-Per-Page"] = str(page.per_page)
    headers["X-Next-Page"] = str(following or "")
    headers["X-Prev-Page"] = str(previous or "")
    links = []
    for rel, number in (("prev", previous), ("next", following), ("first", 1), ("last", pages)):
        if number is not None:
            links.append(f'<{_page_url(number, page.per_page)}>; rel="{rel}"')
    headers["Link"] = ", ".join(links)
    return response


def _page_url(number: int, per_page: int) -> str:
    args = [(k, v) for k, v in request.args.items(multi=True) if k not in ("page", "per_page")]
    query = urlencode([*args, ("page", str(number)), ("per_page", str(per_page))])
    return f"{request.host_url.rstrip('/')}{request.path}?{query}"


def iso_time(stamp: str | None) -> str | None:
    """A database time (``YYYY-MM-DD HH:MM:SS``, the world's clock) in ISO 8601."""
    return None if stamp is None else stamp.replace(" ", "T")
