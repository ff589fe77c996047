"""API: projects, members, labels, milestones and users."""

from __future__ import annotations

from typing import Any

from flask import abort, g, request
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ...core import api as core_api
from ...core.db import get_db
from .. import access, dashboard, listing, planning, projects, sshkeys
from . import serialize
from .base import (
    bool_param,
    bp,
    choice_param,
    created,
    int_param,
    load_project,
    paginated,
    params,
    require_user,
)

PROJECT_ORDERS = {
    "id": "p.id",
    "name": "lower(p.name)",
    "path": "p.path",
    "created_at": "p.created_at",
    "updated_at": "p.last_activity_at",
    "last_activity_at": "p.last_activity_at",
    "star_count": "p.star_count",
}


def refuse(errors: dict[str, str], code: int = 400) -> None:
    """Abort with the form's problems as one message (nothing was written).

    A problem saying something already exists (a label name, a member) is a conflict:
    409 instead of ``code``.
    """
    message = " ".join(errors.values())
    abort(409 if " already " in message else code, message)


@bp.route("/projects")
def list_projects() -> Response:
    """Projects the caller can see; ``search``, ``owned``, ``membership``, ``starred``,
    ``visibility``, ``archived``, ``order_by`` and ``sort`` filter and order them."""
    fields = request.args
    clause, values = access.visible_clause()
    conditions = [clause]
    search = fields.get("search", "").strip()[:200]
    if search:
        condition, search_values = dashboard.project_search_clause(search)
        conditions.append(condition)
        values += search_values
    for flag, condition in (
        ("owned", "p.id IN (SELECT project_id FROM members WHERE user_id = ? AND role = 50)"),
        ("starred", "p.id IN (SELECT project_id FROM stars WHERE user_id = ?)"),
    ):
        if bool_param(fields, flag):
            conditions.append(condition)
            values.append(require_user()["id"])
    if bool_param(fields, "membership"):
        condition, member_values = access.member_projects(require_user()["id"])
        conditions.append(condition)
        values += member_values
    if fields.get("visibility"):
        visibility = choice_param(fields, "visibility", tuple(access.VISIBILITIES), "")
        conditions.append("p.visibility = ?")
        values.append(visibility)
    if fields.get("archived"):
        conditions.append("p.archived = ?")
        values.append(int(bool_param(fields, "archived")))
    order = choice_param(fields, "order_by", tuple(PROJECT_ORDERS), "created_at")
    sort = choice_param(fields, "sort", ("asc", "desc"), "desc")
    return paginated(
        "projects p JOIN namespaces n ON n.id = p.namespace_id WHERE " + " AND ".join(conditions),
        values,
        f"{PROJECT_ORDERS[order]} {sort.upper()}, p.id {sort.upper()}",
        access.PROJECT_COLUMNS,
        serialize.projects,
    )


@bp.route("/projects/<project:ref>")
def get_project(ref: str) -> Response:
    """One project by id or ``namespace%2Fpath`` (404 when the caller cannot see it)."""
    return core_api.json_response(serialize.project(load_project(ref)))


# --- members ------------------------------------------------------------------------------------

MEMBER_COLUMNS = "u.id, u.username, u.name, m.role, m.created_at"


@bp.route("/projects/<project:ref>/members")
def list_members(ref: str) -> Response:
    """The project's members, by username (``query`` filters by name or username)."""
    project = load_project(ref)
    where, values = "m.project_id = ?", [project["id"]]
    query = request.args.get("query", "").strip()[:100]
    if query:
        where += " AND (u.username LIKE ? ESCAPE '\\' OR u.name LIKE ? ESCAPE '\\')"
        values += [listing.like(query)] * 2
    return paginated(
        f"members m JOIN users u ON u.id = m.user_id WHERE {where}",
        values,
        "u.username",
        MEMBER_COLUMNS,
        lambda rows: [serialize.member(row) for row in rows],
    )


def _member(user_id: int) -> dict[str, Any]:
    row = (
        get_db()
        .execute(
            f"SELECT {MEMBER_COLUMNS} FROM members m JOIN users u ON u.id = m.user_id"
            " WHERE m.project_id = ? AND m.user_id = ?",
            (g.project["id"], user_id),
        )
        .fetchone()
    )
    if row is None:
        abort(404, "404 Member Not Found")
    return serialize.member(row)


def role_form(fields: MultiDict) -> dict[str, str]:
    """The member form's ``role`` for the ``access_level`` parameter (400 if missing or unknown)."""
    level = int_param(fields, "access_level")
    if level is None:
        abort(400, "access_level is missing.")
    if level not in access.ROLES:
        abort(400, f"access_level must be one of {', '.join(map(str, access.ROLES))}.")
    return {"role": access.ROLES[level]}


def member_username(fields: MultiDict) -> str:
    """The username of the user a member request names by ``user_id`` or ``username``.

    Aborts with 404 for an unknown ``user_id`` and 400 when neither is given.
    """
    user_id = int_param(fields, "user_id")
    if user_id is not None:
        row = get_db().execute("SELECT username FROM users WHERE id = ?", (user_id,)).fetchone()
        if row is None:
            abort(404, "404 User Not Found")
        return str(row["username"])
    username = fields.get("username", "")
    if not username:
        abort(400, "user_id is missing.")
    return str(username)


@bp.route("/projects/<project:ref>/members", methods=("POST",))
def add_member(ref: str) -> tuple[Response, int]:
    """Add a user (``user_id`` or ``username``) with an ``access_level`` (Maintainer+)."""
    load_project(ref)
    fields = params()
    form = {"username": member_username(fields), **role_form(fields)}
    errors, _message = projects.add_member(form)
    if errors:
        refuse(errors)
    db = get_db()
    db.commit()
    target = db.execute(
        "SELECT id FROM users WHERE username = ?", (form["username"].lstrip("@").lower(),)
    ).fetchone()
    return created(_member(target["id"]))


@bp.route("/projects/<project:ref>/members/<int:user_id>", methods=("PUT",))
def change_member(ref: str, user_id: int) -> Response:
    """Change a member's ``access_level`` (Maintainer+; only Owners touch Owners)."""
    load_project(ref)
    errors, _message = projects.change_member_role(user_id, role_form(params()))
    if errors:
        refuse(errors, 403)
    get_db().commit()
    return core_api.json_response(_member(user_id))


@bp.route("/projects/<project:ref>/members/<int:user_id>", methods=("DELETE",))
def remove_member(ref: str, user_id: int) -> tuple[str, int]:
    """Remove a member (Maintainer+; the last Owner stays)."""
    load_project(ref)
    errors, _message = projects.remove_member(user_id)
    if errors:
        refuse(errors, 403)
    get_db().commit()
    return "", 204


# --- labels and milestones ------------------------------------------------------------------


@bp.route("/projects/<project:ref>/labels")
def list_labels(ref: str) -> Response:
    """The project's labels, by name (``search`` filters)."""
    project = load_project(ref)
    where, values = "project_id = ?", [project["id"]]
    search = request.args.get("search", "").strip()[:100]
    if search:
        where += " AND name LIKE ? ESCAPE '\\'"
        values.append(listing.like(search))
    return paginated(
        f"labels WHERE {where}",
        values,
        "name, id",
        "*",
        lambda rows: [serialize.label(row) for row in rows],
    )


@bp.route("/projects/<project:ref>/labels", methods=("POST",))
def create_label(ref: str) -> tuple[Response, int]:
    """Create a label from ``name``, ``color`` and ``description`` (Reporter+)."""
    load_project(ref)
    planning.require_manage("labels")
    fields = params()
    errors, label_id = planning.save_label(fields, None)
    if errors:
        refuse(errors)
    get_db().commit()
    row = get_db().execute("SELECT * FROM labels WHERE id = ?", (label_id,)).fetchone()
    return created(serialize.label(row))


MILESTONE_STATES = {"active": "active", "closed": "closed"}


@bp.route("/projects/<project:ref>/milestones")
def list_milestones(ref: str) -> Response:
    """The project's milestones, soonest due first (``state``, ``search`` and ``title``)."""
    project = load_project(ref)
    fields = MultiDict(request.args)
    where, values = "project_id = ?", [project["id"]]
    if fields.get("state"):
        where += " AND state = ?"
        values.append(choice_param(fields, "state", tuple(MILESTONE_STATES), "active"))
    if fields.get("title"):
        where += " AND title = ?"
        values.append(fields["title"])
    search = fields.get("search", "").strip()[:100]
    if search:
        where += " AND (title LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')"
        values += [listing.like(search)] * 2
    return paginated(
        f"milestones WHERE {where}",
        values,
        "due_date IS NULL, due_date, title, id",
        "*",
        lambda rows: [serialize.milestone(row) for row in rows],
    )


@bp.route("/projects/<project:ref>/milestones", methods=("POST",))
def create_milestone(ref: str) -> tuple[Response, int]:
    """Create a milestone from ``title``, ``description``, ``start_date``, ``due_date``."""
    load_project(ref)
    planning.require_manage("milestones")
    errors, milestone_id = planning.save_milestone(params(), None)
    if errors:
        refuse(errors)
    get_db().commit()
    row = get_db().execute("SELECT * FROM milestones WHERE id = ?", (milestone_id,)).fetchone()
    return created(serialize.milestone(row))


# --- users ----------------------------------------------------------------------------------


@bp.route("/user")
def current_user() -> Response:
    """The caller (401 when anonymous), with e-mail and profile fields."""
    return core_api.json_response(serialize.user_detail(require_user(), with_email=True))


@bp.route("/users")
def list_users() -> Response:
    """Users by id; ``username`` picks one, ``search`` matches username or name."""
    where, values = "1 = 1", []
    username = request.args.get("username", "").strip()
    if username:
        where += " AND username = ?"
        values.append(username.lstrip("@").lower())
    search = request.args.get("search", "").strip()[:100]
    if search:
        where += " AND (username LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')"
        values += [listing.like(search)] * 2
    return paginated(
        f"users WHERE {where}",
        values,
        "id",
        "id, username, name",
        lambda rows: [serialize.user(row) for row in rows],
    )


@bp.route("/users/<int:user_id>")
def get_user(user_id: int) -> Response:
    """One user."""
    row = get_db().execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    if row is None:
        abort(404, "404 User Not Found")
    return core_api.json_response(serialize.user_detail(row, with_email=False))


def _keys(user_id: int) -> Response:
    return paginated(
        "ssh_keys WHERE user_id = ?",
        [user_id],
        "id",
        "*",
        lambda rows: [serialize.ssh_key(row) for row in rows],
    )


@bp.route("/user/keys")
def my_keys() -> Response:
    """The caller's SSH keys."""
    return _keys(require_user()["id"])


@bp.route("/users/<int:user_id>/keys")
def user_keys(user_id: int) -> Response:
    """A user's public SSH keys."""
    return _keys(user_id)


@bp.route("/user/keys", methods=("POST",))
def add_key() -> tuple[Response, int]:
    """Add an SSH key (``key``, optional ``title``) for the caller."""
    require_user()
    errors, key_id = sshkeys.add(params())
    if errors:
        refuse(errors)
    db = get_db()
    db.commit()
    return created(
        serialize.ssh_key(db.execute("SELECT * FROM ssh_keys WHERE id = ?", (key_id,)).fetchone())
    )


@bp.route("/user/keys/<int:key_id>", methods=("DELETE",))
def delete_key(key_id: int) -> tuple[str, int]:
    """Delete one of the caller's SSH keys (404 if it is not theirs)."""
    require_user()
    if sshkeys.delete(key_id) is None:
        abort(404, "404 Key Not Found")
    get_db().commit()
    return "", 204
