"""The API blueprint, who the caller is, the project in the URL, parameters and pages."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from flask import abort, g, request
from werkzeug.datastructures import MultiDict
from werkzeug.routing import BaseConverter
from werkzeug.wrappers import Response

from ...core import api as core_api
from ...core.db import SAFE_METHODS, get_db
from .. import access, tokens

PREFIX = "/api/v4"

bp = core_api.json_blueprint("api", __name__, PREFIX)


class ProjectRef(BaseConverter):
    """A project in a URL: its numeric id or its URL-encoded ``namespace%2Fpath``."""

    regex = r"\d+|[^/]+/[^/]+"


@bp.record_once
def _add_converter(state: Any) -> None:
    state.app.url_map.converters["project"] = ProjectRef


def _token() -> str | None:
    header = request.headers.get("PRIVATE-TOKEN")
    if header is not None:
        return header.strip()
    if "private_token" in request.args:
        return request.args.get("private_token", "").strip()
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


@bp.before_request
def authenticate() -> None:
    """Act as the token's user when a token is sent (401 if it is not valid).

    Without a token the session's user (or nobody) calls. A write needs a caller
    (401) allowed to write (403 for a ``read_api`` token).
    """
    value = _token()
    can_write = g.user is not None
    if value is not None:
        caller = tokens.authenticate(value)
        if caller is None:
            abort(401, "401 Unauthorized: the access token is invalid, expired or revoked.")
        g.user, can_write = caller.user, caller.can_write
    if request.method not in SAFE_METHODS:
        if g.user is None:
            abort(401, "401 Unauthorized: sign in or send a personal access token.")
        if not can_write:
            abort(403, "403 Forbidden: insufficient_scope (this token has read_api only).")


@bp.after_request
def roll_back_refused_writes(response: Response) -> Response:
    """Undo anything a refused write did before it was refused."""
    db = get_db()
    if response.status_code >= 400 and db.in_transaction:
        db.rollback()
    return response


def require_user() -> sqlite3.Row:
    """The caller, or 401 for an anonymous request."""
    if g.user is None:
        abort(401, "401 Unauthorized: sign in or send a personal access token.")
    return g.user


def load_project(ref: str) -> sqlite3.Row:
    """Load the project ``ref`` names into ``g.project`` and the caller's role into ``g.role``.

    Aborts with 404 when it does not exist or the caller may not see it (as the UI does).
    """
    if ref.isdigit():
        project = (
            get_db()
            .execute(
                f"SELECT {access.PROJECT_COLUMNS} FROM projects p JOIN namespaces n"
                " ON n.id = p.namespace_id WHERE p.id = ?",
                (int(ref),) if len(ref) < 19 else (0,),
            )
            .fetchone()
        )
    else:
        namespace, _, path = ref.partition("/")
        project = access.find_project(namespace, path)
    role = access.role_in(project["id"], g.user["id"] if g.user else None) if project else 0
    if project is None or not access.can_see(project, role):
        abort(404, "404 Project Not Found")
    g.project, g.role = project, role
    return project


# --- parameters -------------------------------------------------------------------------------


def params() -> MultiDict:
    """The request's parameters as form fields: the JSON body's, then the query string's."""
    data = core_api.body()
    for name, value in data.items():
        items = value if isinstance(value, list) else [value]
        if any(isinstance(item, dict | list) for item in items):
            abort(400, f"{name} must be a string, number, boolean, null or a list of those.")
    fields = core_api.form_fields(data)
    for name, values in request.args.lists():
        if name not in fields and name != "private_token":
            fields.setlist(name, values)
    return fields


def int_param(fields: MultiDict, name: str, *, minimum: int = 1) -> int | None:
    """An optional whole-number parameter (400 when malformed or below ``minimum``)."""
    value = fields.get(name)
    if value is None or value == "":
        return None
    if not (value.isascii() and value.isdigit() and len(value) < 10) or int(value) < minimum:
        abort(400, f"{name} must be a whole number of at least {minimum}; got {value[:40]!r}.")
    return int(value)


def int_list(fields: MultiDict, name: str) -> list[int] | None:
    """A list of ids sent as a JSON array, repeated ``name[]`` or comma-separated text."""
    if name not in fields and f"{name}[]" not in fields:
        return None
    values: list[str] = []
    for raw in [*fields.getlist(name), *fields.getlist(f"{name}[]")]:
        values += [part.strip() for part in raw.split(",") if part.strip()]
    if not all(value.isascii() and value.isdigit() and len(value) < 10 for value in values):
        abort(400, f"{name} must be a list of numeric ids.")
    return [int(value) for value in values]


def user_ids(fields: MultiDict, name: str) -> list[int] | None:
    """Users named by id as GitLab's ``assignee_ids``/``reviewer_ids`` are: a list, where
    an empty value or 0 means nobody (None when absent)."""
    ids = int_list(fields, name)
    return None if ids is None else [user_id for user_id in ids if user_id != 0]


def name_list(fields: MultiDict, name: str) -> list[str] | None:
    """A list of names sent as a JSON array or comma-separated text (None when absent)."""
    if name not in fields:
        return None
    names: list[str] = []
    for raw in fields.getlist(name):
        names += [part.strip() for part in raw.split(",") if part.strip()]
    return names


def choice_param(fields: MultiDict, name: str, options: Sequence[str], default: str) -> str:
    """A parameter that must be one of ``options`` (400 otherwise)."""
    value = fields.get(name) or default
    if value not in options:
        abort(400, f"{name} must be one of {', '.join(options)}; got {value[:40]!r}.")
    return value


def bool_param(fields: MultiDict, name: str) -> bool:
    """A boolean parameter: true/false, 1/0 (400 otherwise; absent is false)."""
    value = (fields.get(name) or "false").lower()
    if value not in ("true", "false", "1", "0"):
        abort(400, f"{name} must be true or false; got {value[:40]!r}.")
    return value in ("true", "1")


# --- pagination -------------------------------------------------------------------------------


def paginated(
    sql_from: str, sql_params: Sequence[Any], order: str, columns: str, render: Any
) -> Response:
    """Answer one page of ``SELECT columns FROM sql_from ORDER BY order`` as a JSON list.

    ``page`` (default 1) and ``per_page`` (default 20, at most 100) come from the query;
    the response has GitLab's paging headers (:func:`~webenv.sites.core.api.paged_response`).
    A page past the last is empty.

    Args:
        sql_from: Everything after ``FROM`` up to ``ORDER BY``.
        sql_params: Its parameters.
        order: The ``ORDER BY`` clause (make it total, for stable pages).
        columns: The selected columns.
        render: Turns the page's rows into the list to answer.
    """
    page = core_api.requested_page()
    db = get_db()
    total = db.execute(f"SELECT COUNT(*) FROM {sql_from}", list(sql_params)).fetchone()[0]
    rows = db.execute(
        f"SELECT {columns} FROM {sql_from} ORDER BY {order} LIMIT ? OFFSET ?",
        [*sql_params, page.per_page, page.offset],
    ).fetchall()
    return core_api.paged_response(render(rows), page, total)


def created(payload: Any) -> tuple[Response, int]:
    """A 201 answer with ``payload`` as JSON."""
    return core_api.json_response(payload), 201
