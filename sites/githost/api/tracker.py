"""API: issues, merge requests and their notes, in a project and across projects."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from typing import Any

from flask import abort, g, request
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...core import api as core_api
from ...core.db import get_db
from .. import access, issues, merge_requests, tracker
from ..tracker import ISSUE, MERGE_REQUEST, Kind
from . import serialize
from .base import (
    bool_param,
    bp,
    choice_param,
    created,
    int_list,
    int_param,
    load_project,
    name_list,
    paginated,
    params,
    require_user,
    user_ids,
)
from .projects import refuse

ORDERS = {
    "created_at": "i.created_at {0}, i.id {0}",
    "updated_at": "i.updated_at {0}, i.id {0}",
    "title": "lower(i.title) {0}, i.id {0}",
}
KINDS = {"issues": ISSUE, "merge_requests": MERGE_REQUEST}
STATES = {ISSUE: ("opened", "closed", "all"), MERGE_REQUEST: ("opened", "closed", "merged", "all")}


def _list(
    kind: Kind, project_id: int | None, extra: list[str], extra_params: list[Any]
) -> Response:
    """One page of issues or merge requests matching the query's filters.

    Query: ``state``, ``search``, ``author_username``, ``assignee_username`` (``None``
    for unassigned), ``reviewer_username`` (merge requests; ``None`` for none),
    ``labels`` (comma-separated, all required), ``milestone`` (a title or ``None``),
    ``iids[]``, ``order_by`` (created_at, updated_at, title) and ``sort`` (asc, desc).
    """
    fields = request.args
    state = choice_param(fields, "state", STATES[kind], "all")
    where, values = tracker.filter_conditions(
        kind,
        project_id=project_id,
        search=fields.get("search", "").strip()[:200],
        author=fields.get("author_username", "").strip()[:100],
        assignee=fields.get("assignee_username", "").strip()[:100],
        reviewer=fields.get("reviewer_username", "").strip()[:100] if kind is MERGE_REQUEST else "",
        labels=name_list(fields, "labels") or [],
        milestone=fields.get("milestone", "").strip()[:100],
    )
    where += extra
    values += extra_params
    if state != "all":
        where.append("i.state = ?")
        values.append(state)
    iids = int_list(fields, "iids")
    if iids is not None:
        where.append(f"i.iid IN ({', '.join('?' * len(iids))})" if iids else "0")
        values += iids
    order = choice_param(fields, "order_by", tuple(ORDERS), "created_at")
    sort = choice_param(fields, "sort", ("asc", "desc"), "desc")
    return paginated(
        f"{kind.table} i WHERE {' AND '.join(where) or '1'}",
        values,
        ORDERS[order].format(sort.upper()),
        "i.*",
        lambda rows: serialize.items(kind, rows),
    )


def _kind(section: str) -> Kind:
    kind = KINDS.get(section)
    if kind is None:
        abort(404, "404 Not Found")
    return kind


@bp.route("/projects/<project:ref>/<any(issues, merge_requests):section>")
def list_items(ref: str, section: str) -> Response:
    """The project's issues or merge requests (see :func:`_list` for the filters)."""
    project = load_project(ref)
    return _list(_kind(section), project["id"], [], [])


SCOPES = ("created_by_me", "assigned_to_me", "all")


@bp.route("/<any(issues, merge_requests):section>")
def list_my_items(section: str) -> Response:
    """Issues or merge requests in every project the caller can see.

    ``scope`` is ``created_by_me`` (the default), ``assigned_to_me`` or ``all``; the
    other filters are :func:`_list`'s.
    """
    kind = _kind(section)
    user = require_user()
    scope = choice_param(request.args, "scope", SCOPES, "created_by_me")
    clause, values = access.visible_clause()
    extra = [f"i.project_id IN (SELECT p.id FROM projects p WHERE {clause})"]
    if scope == "created_by_me":
        extra.append("i.author_id = ?")
        values.append(user["id"])
    elif scope == "assigned_to_me":
        extra.append(f"i.id IN (SELECT {kind.key} FROM {kind.assignee_table} WHERE user_id = ?)")
        values.append(user["id"])
    return _list(kind, None, extra, values)


def _one(kind: Kind, item: sqlite3.Row) -> dict[str, Any]:
    fresh = get_db().execute(f"SELECT * FROM {kind.table} WHERE id = ?", (item["id"],)).fetchone()
    data = serialize.items(kind, [fresh])[0]
    if kind is MERGE_REQUEST:
        data.update(_merge_status(fresh))
    return data


def _merge_status(mr: sqlite3.Row) -> dict[str, Any]:
    state = merge_requests.status(mr)
    approvals = (
        get_db()
        .execute(
            "SELECT u.id, u.username, u.name FROM mr_approvals a JOIN users u ON u.id = a.user_id"
            " WHERE a.mr_id = ? ORDER BY a.created_at, u.username",
            (mr["id"],),
        )
        .fetchall()
    )
    if mr["state"] != "opened":
        merge_status = "merged" if mr["state"] == "merged" else "not_open"
    else:
        merge_status = "can_be_merged" if state.mergeable else "cannot_be_merged"
    return {
        "merge_status": merge_status,
        "has_conflicts": bool(state.conflicts),
        "merge_error": state.problem or None,
        "approved_by": [{"user": serialize.user(row)} for row in approvals],
    }


@bp.route("/projects/<project:ref>/<any(issues, merge_requests):section>/<int:iid>")
def get_item(ref: str, section: str, iid: int) -> Response:
    """One issue or merge request by its iid."""
    load_project(ref)
    kind = _kind(section)
    return core_api.json_response(_one(kind, tracker.get_item(kind, iid)))


# --- writes -----------------------------------------------------------------------------------


def _label_ids(names: list[str]) -> list[str]:
    """The ids (as form values) of ``g.project``'s labels named ``names`` (400 if unknown)."""
    by_name = {row["name"]: str(row["id"]) for row in tracker.labels()}
    unknown = [name for name in names if name not in by_name]
    if unknown:
        abort(400, f"This project has no label named {', '.join(unknown)}.")
    return [by_name[name] for name in names]


def _milestone_value(fields: MultiDict) -> str:
    value = int_param(fields, "milestone_id", minimum=0)
    return "" if not value else str(value)


def _run(action: Callable[[], object]) -> None:
    """Run a shared action; a problem it reports (:class:`tracker.Invalid`) is a 400."""
    try:
        action()
    except merge_requests.NotMergeable as problem:
        abort(406, str(problem))
    except tracker.Invalid as problem:
        abort(400, str(problem))


@bp.route("/projects/<project:ref>/issues", methods=("POST",))
def create_issue(ref: str) -> tuple[Response, int]:
    """Open an issue: ``title``, ``description``, ``labels``, ``assignee_ids``,
    ``milestone_id`` and ``due_date`` (the last four need Reporter+, as in the form)."""
    load_project(ref)
    issues.require_create()
    fields = params()
    assignee_ids = user_ids(fields, "assignee_ids") or []
    form = MultiDict(
        {
            "title": fields.get("title", ""),
            "description": fields.get("description", ""),
            "due_date": fields.get("due_date", ""),
            "milestone_id": _milestone_value(fields),
            "assignee_id": str(assignee_ids[0]) if assignee_ids else "",
        }
    )
    form.setlist("label_ids", _label_ids(name_list(fields, "labels") or []))
    errors, iid = issues.create_issue(form)
    if errors:
        refuse(errors)
    issue = tracker.get_item(ISSUE, iid)
    for user_id in assignee_ids[1:]:
        _run(partial(tracker.assign, ISSUE, issue, str(user_id)))
    get_db().commit()
    return created(_one(ISSUE, issue))


def _update_common(kind: Kind, item: sqlite3.Row, fields: MultiDict) -> None:
    """Apply ``labels``, ``add_labels``, ``remove_labels``, ``assignee_ids``,
    ``reviewer_ids`` (merge requests) and ``milestone_id`` from a PUT through the
    sidebar's actions."""
    current = [row["name"] for row in tracker.labels_of(kind, [item["id"]]).get(item["id"], [])]
    labels = name_list(fields, "labels")
    added, removed = name_list(fields, "add_labels"), name_list(fields, "remove_labels")
    if labels is not None or added is not None or removed is not None:
        wanted = list(labels if labels is not None else current)
        wanted += [name for name in added or [] if name not in wanted]
        wanted = [name for name in wanted if name not in (removed or [])]
        ids = _label_ids(wanted)
        if sorted(wanted) != sorted(current):
            _run(lambda: tracker.set_labels(kind, item, ids))
    people = [("assignee_ids", tracker.assignees(kind))]
    if kind is MERGE_REQUEST:
        people.append(("reviewer_ids", tracker.REVIEWERS))
    for name, who in people:
        chosen = user_ids(fields, name)
        if chosen is not None:
            _run(partial(tracker.set_people, kind, item, who, chosen))
    if "milestone_id" in fields:
        value = _milestone_value(fields)
        if value != str(item["milestone_id"] or ""):
            _run(lambda: tracker.set_milestone(kind, item, value))


def _text_changes(item: sqlite3.Row, fields: MultiDict) -> dict[str, str] | None:
    if "title" not in fields and "description" not in fields:
        return None
    return {
        "title": fields.get("title", item["title"]),
        "description": fields.get("description", item["description"]),
    }


STATE_EVENTS = ("close", "reopen")


@bp.route("/projects/<project:ref>/issues/<int:iid>", methods=("PUT",))
def update_issue(ref: str, iid: int) -> Response:
    """Change an issue: ``title``, ``description``, ``state_event`` (close, reopen),
    ``labels``/``add_labels``/``remove_labels``, ``assignee_ids``, ``milestone_id``
    (0 removes it) and ``due_date`` (empty removes it). All or nothing."""
    load_project(ref)
    issue = tracker.get_item(ISSUE, iid)
    fields = params()
    issues.editable(issue)
    text = _text_changes(issue, fields)
    if text is not None:
        errors = issues.update_issue(issue, text)
        if errors:
            refuse(errors)
        issue = tracker.get_item(ISSUE, iid)
    _update_common(ISSUE, issue, fields)
    if "due_date" in fields and (fields["due_date"] or None) != issue["due_date"]:
        _run(lambda: issues.set_due_date(issue, {"due_date": fields["due_date"]}))
    if fields.get("state_event"):
        event = choice_param(fields, "state_event", STATE_EVENTS, "")
        state = "closed" if event == "close" else "opened"
        if state != issue["state"]:
            _run(lambda: issues.set_state(issue, state))
    get_db().commit()
    return core_api.json_response(_one(ISSUE, issue))


@bp.route("/projects/<project:ref>/merge_requests", methods=("POST",))
def create_merge_request(ref: str) -> tuple[Response, int]:
    """Open a merge request: ``source_branch``, ``target_branch``, ``title``,
    ``description``, ``assignee_id``/``assignee_ids`` and ``reviewer_ids`` (Developer+,
    as in the form)."""
    load_project(ref)
    fields = params()
    assignee = int_param(fields, "assignee_id")
    assignee_ids = user_ids(fields, "assignee_ids") or ([assignee] if assignee else [])
    form = MultiDict(
        {
            "source_branch": fields.get("source_branch", ""),
            "target_branch": fields.get("target_branch", "") or g.project["default_branch"],
            "title": fields.get("title", ""),
            "description": fields.get("description", ""),
            "assignee_id": str(assignee_ids[0]) if assignee_ids else "",
        }
    )
    errors, iid = merge_requests.create_mr(form)
    if errors:
        refuse(errors)
    mr = tracker.get_item(MERGE_REQUEST, iid)
    for user_id in assignee_ids[1:]:
        _run(partial(tracker.assign, MERGE_REQUEST, mr, str(user_id)))
    reviewer_ids = user_ids(fields, "reviewer_ids")
    if reviewer_ids:
        _run(partial(tracker.set_people, MERGE_REQUEST, mr, tracker.REVIEWERS, reviewer_ids))
    if name_list(fields, "labels"):
        ids = _label_ids(name_list(fields, "labels") or [])
        _run(lambda: tracker.set_labels(MERGE_REQUEST, mr, ids))
    get_db().commit()
    return created(_one(MERGE_REQUEST, mr))


@bp.route("/projects/<project:ref>/merge_requests/<int:iid>", methods=("PUT",))
def update_merge_request(ref: str, iid: int) -> Response:
    """Change a merge request: ``title``, ``description``, ``state_event`` (close,
    reopen), labels, ``assignee_ids``, ``reviewer_ids`` and ``milestone_id``. All or
    nothing."""
    load_project(ref)
    mr = tracker.get_item(MERGE_REQUEST, iid)
    fields = params()
    text = _text_changes(mr, fields)
    if text is not None:
        errors = merge_requests.update_mr(mr, text)
        if errors:
            refuse(errors)
        mr = tracker.get_item(MERGE_REQUEST, iid)
    _update_common(MERGE_REQUEST, mr, fields)
    if fields.get("state_event"):
        event = choice_param(fields, "state_event", STATE_EVENTS, "")
        if event == "close" and mr["state"] != "closed":
            _run(lambda: merge_requests.close_mr(mr))
        elif event == "reopen" and mr["state"] != "opened":
            _run(lambda: merge_requests.reopen_mr(mr))
    get_db().commit()
    return core_api.json_response(_one(MERGE_REQUEST, mr))


@bp.route("/projects/<project:ref>/merge_requests/<int:iid>/merge", methods=("PUT",))
def merge(ref: str, iid: int) -> Response:
    """Merge (Developer+): 405 if not open, 406 if the branches cannot be merged.

    ``should_remove_source_branch`` deletes the source branch, as the form's box does.
    """
    load_project(ref)
    mr = tracker.get_item(MERGE_REQUEST, iid)
    fields = params()
    if mr["state"] != "opened":
        abort(405, f"405 Method Not Allowed: merge request !{iid} is {mr['state']}.")
    remove = bool_param(fields, "should_remove_source_branch")
    _run(lambda: merge_requests.merge_mr(mr, remove))
    get_db().commit()
    return core_api.json_response(_one(MERGE_REQUEST, mr))


@bp.route(
    "/projects/<project:ref>/merge_requests/<int:iid>/<any(approve, unapprove):action>",
    methods=("POST",),
)
def approve(ref: str, iid: int, action: str) -> tuple[Response, int]:
    """Approve the merge request, or withdraw the caller's approval."""
    load_project(ref)
    mr = tracker.get_item(MERGE_REQUEST, iid)
    if action == "approve":
        _run(lambda: merge_requests.approve_mr(mr))
    else:
        _run(lambda: merge_requests.unapprove_mr(mr))
    get_db().commit()
    return created(_one(MERGE_REQUEST, mr))


# --- notes ------------------------------------------------------------------------------------


@bp.route("/projects/<project:ref>/<any(issues, merge_requests):section>/<int:iid>/notes")
def list_notes(ref: str, section: str, iid: int) -> Response:
    """An item's comments and system notes (``sort`` asc or desc by creation)."""
    load_project(ref)
    kind = _kind(section)
    item = tracker.get_item(kind, iid)
    sort = choice_param(request.args, "sort", ("asc", "desc"), "desc").upper()
    return paginated(
        "notes n JOIN users u ON u.id = n.author_id WHERE n.target_type = ? AND n.target_id = ?",
        [kind.name, item["id"]],
        f"n.created_at {sort}, n.id {sort}",
        "n.*, u.username, u.name",
        lambda rows: [serialize.note(row, kind, iid) for row in rows],
    )


@bp.route(
    "/projects/<project:ref>/<any(issues, merge_requests):section>/<int:iid>/notes",
    methods=("POST",),
)
def create_note(ref: str, section: str, iid: int) -> tuple[Response, int]:
    """Comment (``body``) on an issue or merge request."""
    load_project(ref)
    kind = _kind(section)
    tracker.require_comment()
    item = tracker.get_item(kind, iid)
    body, errors = tracker.comment_errors(params())
    if errors:
        refuse(errors)
    tracker.add_comment(kind, item, body)
    db = get_db()
    db.commit()
    row = db.execute(
        "SELECT n.*, u.username, u.name FROM notes n JOIN users u ON u.id = n.author_id"
        " WHERE n.target_type = ? AND n.target_id = ? AND n.system = 0 AND n.author_id = ?"
        " ORDER BY n.id DESC LIMIT 1",
        (kind.name, item["id"], g.user["id"]),
    ).fetchone()
    return created(serialize.note(row, kind, iid))
