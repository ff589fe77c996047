"""What the sites' JSON APIs share: JSON answers and errors, JSON-only writes, form fields.

A site's API is a blueprint made by :func:`json_blueprint`:

- every error under its prefix — ``abort(404, "...")``, an unknown route, a 405 — answers
  ``{"message": "<description>"}`` with the error's status and headers (``Allow``...);
- a write (every method but GET, HEAD and OPTIONS) must say ``Content-Type:
  application/json`` (415 otherwise) and send a JSON object (400 otherwise; an empty body
  is an empty object, and needs no type unless it is a POST carrying a cookie, the one
  write another site's page can make without a CORS preflight). No cross-site HTML form
  can send that type (and the sites answer no CORS preflight), which is what makes a
  write carrying the session cookie safe without the forms' token: the blueprint is
  exempt from that check (:func:`webenv.sites.core.csrf.exempt`; the ``Origin`` check
  still applies);
- an API write calls the same function as the form's view, with the JSON body turned into
  form fields by :func:`form_fields` — the fields the request log records for it
  (:func:`webenv.requestlog.read_form`), so ``request_match`` reads an API write like the
  form post it stands for.

:func:`requested_page` and :func:`paged_response` page a list GitLab-style;
:func:`string_fields` and :func:`validation_error` read a form's text fields from a
JSON body and answer its field problems (422).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Flask, Response, abort, current_app, request
from flask.blueprints import BlueprintSetupState
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import BadRequest, HTTPException, UnsupportedMediaType

from . import csrf
from .db import INTEGER_RANGE, SAFE_METHODS

JSON_TYPE = "application/json"
_PREFIXES = "webenv_api_prefixes"
_BODY = "webenv_api_body"


def json_blueprint(name: str, import_name: str, url_prefix: str) -> Blueprint:
    """Return a blueprint for a JSON API under ``url_prefix`` (e.g. ``/api/v4``).

    Its writes must be JSON (:func:`require_json_writes`) and skip the form token; every
    request under its prefix (as registered, nesting included) answers errors as JSON.
    """
    bp = Blueprint(name, import_name, url_prefix=url_prefix)
    csrf.exempt(bp)
    bp.before_request(require_json_writes)

    def remember_prefix(state: BlueprintSetupState) -> None:
        prefix = (state.url_prefix or url_prefix).rstrip("/") + "/"
        state.app.extensions.setdefault(_PREFIXES, set()).add(prefix)

    bp.record(remember_prefix)
    return bp


def is_api_request(app: Flask | None = None) -> bool:
    """Whether the current request's path is under one of the app's API prefixes."""
    prefixes = (app or current_app).extensions.get(_PREFIXES, ())
    path = request.path.rstrip("/") + "/"
    return any(path.startswith(prefix) for prefix in prefixes)


def json_response(
    value: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> Response:
    """``value`` as a JSON response (keys in the order given; non-ASCII kept as is)."""
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    response = current_app.response_class(body, status=status, mimetype=JSON_TYPE)
    response.headers.update(headers or {})
    return response


def error_response(error: HTTPException) -> Response:
    """An HTTP error as ``{"message": ...}`` with its status (its headers, e.g. ``Allow``, kept)."""
    response = json_response({"message": error.description or error.name}, error.code or 500)
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def require_json_writes() -> None:
    """Refuse a write whose body is not a JSON object (415 wrong type, 400 malformed).

    An empty body is an empty object, and needs no ``Content-Type`` when no other site
    could have sent it with the user's cookie (:func:`_preflighted`). The parsed object is
    kept for :func:`body`.

    Raises:
        UnsupportedMediaType: The write's ``Content-Type`` is not ``application/json``.
        BadRequest: The body is not valid UTF-8 JSON, or not an object.
    """
    if request.method in SAFE_METHODS:
        return
    if not request.mimetype and not request.get_data(cache=True).strip() and _preflighted():
        setattr(request, _BODY, {})
        return
    if request.mimetype != JSON_TYPE:
        raise UnsupportedMediaType(
            f"{request.method} requests must send a JSON body with"
            f" 'Content-Type: {JSON_TYPE}' (this one's is {request.mimetype or 'missing'})."
        )
    raw = request.get_data(cache=True)
    data: Any = {}
    if raw.strip():
        try:
            data = json.loads(raw.decode("utf-8"), parse_int=_stored_int)
        except IntegerOutOfRange as exc:
            raise BadRequest(f"The request body holds {exc}.") from None
        except (UnicodeDecodeError, ValueError) as exc:
            # The first line of the decoder's message says where: "Expecting value: line 1 …".
            raise BadRequest(
                f"The request body is not valid JSON: {str(exc).splitlines()[0][:120]}"
            ) from None
        except RecursionError:
            raise BadRequest("The request body is nested too deeply.") from None
    if not isinstance(data, dict):
        raise BadRequest(f"The request body must be a JSON object, not {type(data).__name__}.")
    setattr(request, _BODY, data)


def _preflighted() -> bool:
    """Whether no other site's page could have sent this request with the user's cookie:
    it carries none (a token or nothing authenticates it), or its method makes a browser
    ask a CORS preflight first, which the sites never answer (only a cookie-carrying POST
    is a "simple" cross-site write)."""
    return request.method != "POST" or not request.cookies


class IntegerOutOfRange(ValueError):
    """A JSON integer that SQLite cannot hold (binding it raises ``OverflowError``)."""


def _stored_int(text: str) -> int:
    value = int(text)
    if value not in INTEGER_RANGE:
        shown = text if len(text) <= 24 else f"{text[:20]}... ({len(text)} digits)"
        raise IntegerOutOfRange(
            f"the integer {shown}, out of range (-2**63 to 2**63 - 1 are accepted)"
        )
    return value


def body() -> dict[str, Any]:
    """The current write's JSON object (a copy; empty for a GET)."""
    return dict(getattr(request, _BODY, {}))


def field_text(value: Any) -> str:
    """One JSON scalar as a form field's text: numbers as digits, booleans as true/false."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def form_fields(data: Mapping[str, Any]) -> MultiDict:
    """A JSON object as the form fields it stands for.

    Nested objects and lists of objects are named the way forms name nested fields
    (``{"cartItem": {"sku": "X", "qty": 2}}`` -> ``cartItem[sku]=X``, ``cartItem[qty]=2``);
    a list of scalars gives one value per item, and an empty list one empty value (the
    field sent empty, not left out); scalars are as :func:`field_text` gives.

    Args:
        data: A request's JSON object.

    Returns:
        The fields, in the body's order.
    """
    fields: MultiDict = MultiDict()

    def walk(name: str, item: Any) -> None:
        if isinstance(item, dict):
            for key, child in item.items():
                walk(f"{name}[{key}]" if name else str(key), child)
        elif isinstance(item, list) and any(isinstance(child, dict | list) for child in item):
            for index, child in enumerate(item):
                walk(f"{name}[{index}]", child)
        elif isinstance(item, list):
            for child in item:
                fields.add(name, field_text(child))
            if not item:  # sent, and empty: "labels": [] clears them, as "labels": "" does
                fields.add(name, "")
        else:
            fields.add(name, field_text(item))

    walk("", data)
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
    return json_response({"message": first, "errors": dict(errors)}, 422), 422


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
    response = json_response(items)
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
    base = current_app.config["SITE_URLS"].get(current_app.config["SITE"], request.host_url)
    return f"{base.rstrip('/')}{request.path}?{query}"


def iso_time(stamp: str | None) -> str | None:
    """A database time (``YYYY-MM-DD HH:MM:SS``, the world's clock) in ISO 8601."""
    return None if stamp is None else stamp.replace(" ", "T")
