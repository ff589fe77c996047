"""API: groups and their members, and following users (GitLab's ``/groups`` and ``/users``)."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import abort
from werkzeug.wrappers import Response

from ...core import api as core_api
from ...core.db import get_db
from .. import access, groups, users
from . import serialize
from .base import bp, created, paginated, params, require_user
from .projects import MEMBER_COLUMNS, member_username, refuse, role_form


def _group(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "name": row["name"],
        "path": row["path"],
        "full_path": row["path"],
        "full_name": row["name"],
        "description": row["description"],
        "visibility": row["visibility"],
        "parent_id": None,
        "avatar_url": None,
        "created_at": serialize.moment(row["created_at"]),
        "web_url": f"{serialize.base_url()}/{row['path']}",
    }


def _load(ref: str) -> tuple[sqlite3.Row, int]:
    """The group ``ref`` names (its id or URL-encoded path) and the caller's role in it."""
    return groups.load_group(int(ref) if ref.isdigit() and len(ref) < 19 else ref)


@bp.route("/groups")
def list_groups() -> Response:
    """The groups the caller can see, by name."""
    visible, values = access.visible_group_clause()
    return paginated(
        f"namespaces n WHERE n.kind = 'group' AND {visible}",
        values,
        "lower(n.name), n.id",
        "n.*",
        lambda rows: [_group(row) for row in rows],
    )


@bp.route("/groups/<ref>")
def get_group(ref: str) -> Response:
    """One group (404 when the caller may not see it)."""
    row, _role = _load(ref)
    return core_api.json_response(_group(row))


@bp.route("/groups", methods=("POST",))
def create_group() -> tuple[Response, int]:
    """Create a group owned by the caller: ``name``, ``path``, ``visibility``, ``description``."""
    require_user()
    fields = params()
    form = {name: fields.get(name, "") for name in ("name", "path", "description")}
    form["visibility"] = fields.get("visibility", "private")
    errors, path = groups.create_group(form)
    if errors:
        refuse(errors)
    get_db().commit()
    row, _role = groups.load_group(path)
    return created(_group(row))


@bp.route("/groups/<ref>/members")
def list_group_members(ref: str) -> Response:
    """The group's members, by username."""
    row, _role = _load(ref)
    return paginated(
        "group_members m JOIN users u ON u.id = m.user_id WHERE m.namespace_id = ?",
        [row["id"]],
        "u.username",
        MEMBER_COLUMNS,
        lambda rows: [serialize.member(member) for member in rows],
    )


def _member(group_id: int, user_id: int) -> dict[str, Any]:
    row = (
        get_db()
        .execute(
            f"SELECT {MEMBER_COLUMNS} FROM group_members m JOIN users u ON u.id = m.user_id"
            " WHERE m.namespace_id = ? AND m.user_id = ?",
            (group_id, user_id),
        )
        .fetchone()
    )
    if row is None:
        abort(404, "404 Member Not Found")
    return serialize.member(row)


@bp.route("/groups/<ref>/members", methods=("POST",))
def add_group_member(ref: str) -> tuple[Response, int]:
    """Add a user (``user_id`` or ``username``) with an ``access_level`` (group Owners)."""
    group, role = _load(ref)
    fields = params()
    errors, added, _message = groups.add_member(
        group, role, {"username": member_username(fields), **role_form(fields)}
    )
    if errors or added is None:
        refuse(errors)
    get_db().commit()
    return created(_member(group["id"], added or 0))


@bp.route("/groups/<ref>/members/<int:user_id>", methods=("PUT",))
def change_group_member(ref: str, user_id: int) -> Response:
    """Change a member's ``access_level`` (group Owners; the last Owner stays)."""
    group, role = _load(ref)
    errors, _message = groups.change_member_role(group, role, user_id, role_form(params()))
    if errors:
        refuse(errors, 403)
    get_db().commit()
    return core_api.json_response(_member(group["id"], user_id))


@bp.route("/groups/<ref>/members/<int:user_id>", methods=("DELETE",))
def remove_group_member(ref: str, user_id: int) -> tuple[str, int]:
    """Remove a member (group Owners; the last Owner stays)."""
    group, role = _load(ref)
    errors, _message = groups.remove_member(group, role, user_id)
    if errors:
        refuse(errors, 403)
    get_db().commit()
    return "", 204


# --- following --------------------------------------------------------------------------------


def _username(user_id: int) -> str:
    row = get_db().execute("SELECT username FROM users WHERE id = ?", (user_id,)).fetchone()
    if row is None:
        abort(404, "404 User Not Found")
    return str(row["username"])


@bp.route("/users/<int:user_id>/<any(follow, unfollow):action>", methods=("POST",))
def follow_user(user_id: int, action: str) -> tuple[Response, int]:
    """Follow or unfollow a user as the caller; answers with that user."""
    require_user()
    users.set_following(_username(user_id), action == "follow")
    get_db().commit()
    row = get_db().execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    return core_api.json_response(serialize.user_detail(row, with_email=False)), (
        201 if action == "follow" else 200
    )


@bp.route("/users/<int:user_id>/<any(followers, following):which>")
def list_follows(user_id: int, which: str) -> Response:
    """The users following ``user_id``, or whom ``user_id`` follows."""
    _username(user_id)
    _title, condition, other = users.FOLLOW_LISTS[which]
    return paginated(
        f"follows f JOIN users u ON u.id = {other} WHERE {condition}",
        [user_id],
        "f.created_at DESC, u.username",
        "u.id, u.username, u.name",
        lambda rows: [serialize.user(row) for row in rows],
    )
