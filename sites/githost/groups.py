"""Creating groups and managing their members (``/groups/new`` and ``group_members``).

A group's members reach every project of the group with their group role (see
:mod:`.access`). As in GitLab, only a group's Owners manage its members; anyone
signed in may create a group and becomes its Owner.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from . import access, dashboard, forms, membership

bp = Blueprint("groups", __name__)

GROUP_VISIBILITIES = {
    "private": "Private: only group members can see the group; its projects are private",
    "internal": "Internal: any signed-in user can see the group; its projects are not public",
    "public": "Public: anyone can see the group, without signing in",
}


def load_group(ref: str | int) -> tuple[sqlite3.Row, int]:
    """Return ``(group, current user's role in it)``, or abort with 404 if it is not visible.

    Args:
        ref: The group's path, or its namespace id.
    """
    column = "id" if isinstance(ref, int) else "path"
    visible, params = access.visible_group_clause()
    group = (
        get_db()
        .execute(
            f"SELECT * FROM namespaces n WHERE n.{column} = ? AND n.kind = 'group' AND {visible}",
            (ref, *params),
        )
        .fetchone()
    )
    if group is None:
        abort(404, f"The group {ref} does not exist or you do not have access to it.")
    user = g.get("user")
    return group, access.group_role(group["id"], user["id"] if user else None)


@bp.route("/groups/new", methods=("GET", "POST"))
@login_required
def new() -> Response | tuple[str, int] | str:
    """Create a group; its creator becomes its Owner."""
    if request.method == "GET":
        return render_template(
            "githost/new_group.html",
            form={"visibility": "private"},
            errors={},
            visibilities=GROUP_VISIBILITIES,
        )
    errors, path = create_group(request.form)
    if errors:
        return render_template(
            "githost/new_group.html",
            form=request.form,
            errors=errors,
            visibilities=GROUP_VISIBILITIES,
        ), 400
    get_db().commit()
    flash(f"Group '{request.form['name'].strip()}' was successfully created.", "success")
    return redirect(url_for("users.namespace", namespace=path))


def create_group(form: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Create a group from the new-group form, owned by the current user (no commit).

    Fields: ``name``, ``path`` (the group URL; made from the name when empty),
    ``visibility`` and ``description``.

    Returns:
        ``(errors, path)``; nothing is written when there are errors.
    """
    access.require_user("create groups")
    errors: dict[str, str] = {}
    name = forms.display_name(form, "name", "Group name", errors)
    path = forms.text(form, "path", "Group URL", errors, max_length=100, required=False)
    path = path or dashboard.slugify(name)
    db = get_db()
    if "path" not in errors and path:
        if not forms.PATH.match(path):
            errors["path"] = f"Group URL must use {dashboard.PATH_RULE}."
        elif path in access.RESERVED:
            errors["path"] = f"{path} is a reserved name; choose another group URL."
        elif db.execute("SELECT 1 FROM namespaces WHERE path = ?", (path,)).fetchone():
            errors["path"] = f"The URL {path} is already taken by a user or group."
    visibility = forms.choice(form, "visibility", "Visibility level", GROUP_VISIBILITIES, errors)
    description = forms.text(
        form, "description", "Group description", errors, max_length=2000, required=False
    )
    if errors:
        return errors, ""
    moment = now_text()
    cursor = db.execute(
        "INSERT INTO namespaces (path, name, kind, owner_id, description, created_at, visibility)"
        " VALUES (?, ?, 'group', NULL, ?, ?, ?)",
        (path, name, description, moment, visibility),
    )
    db.execute(
        "INSERT INTO group_members (namespace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
        (cursor.lastrowid, g.user["id"], access.OWNER, moment),
    )
    return errors, path


# --- members ------------------------------------------------------------------------------


def _roster(group: sqlite3.Row, role: int) -> membership.Roster:
    return membership.Roster("group_members", "namespace_id", group["id"], "group", role)


def _require_owner(role: int, action: str) -> None:
    """Abort with 403 unless the current user is an Owner of the group."""
    access.require_user(action)
    if role < access.OWNER:
        have = access.ROLES.get(role, "not a member")
        abort(
            403,
            f"You need the Owner role to {action}; your role in this group is {have}.",
        )


def _render_members(
    group: sqlite3.Row,
    role: int,
    errors: dict[str, str] | None = None,
    form: Mapping[str, str] | None = None,
    status: int = 200,
) -> tuple[str, int]:
    return render_template(
        "githost/group_members.html",
        group=group,
        members=_roster(group, role).rows(),
        manage=role >= access.OWNER,
        errors=errors or {},
        form=form or {},
    ), status


def add_member(
    group: sqlite3.Row, role: int, form: Mapping[str, str]
) -> tuple[dict[str, str], int | None, str]:
    """Add the user named in ``username`` with the ``role`` named in the form (no commit).

    Args:
        group: The group's namespace row.
        role: The current user's role in the group (only Owners may; 403 otherwise).
        form: ``username`` and ``role``.

    Returns:
        ``(errors, the added user's id, message)``; nothing is written when there are errors.
    """
    _require_owner(role, "invite group members")
    errors, user, role_name = _roster(group, role).add(form)
    if errors or user is None:
        return errors, None, ""
    return errors, user["id"], f"{user['name']} was added to the group as {role_name}."


def change_member_role(
    group: sqlite3.Row, role: int, user_id: int, form: Mapping[str, str]
) -> tuple[dict[str, str], str]:
    """Give member ``user_id`` the ``role`` named in the form (Owners only; no commit).

    Returns:
        ``(errors, message)``; nothing is written when there are errors (404 when
        ``user_id`` is not a member).
    """
    _require_owner(role, "change group members' roles")
    errors, member, role_name = _roster(group, role).change(user_id, form)
    return errors, "" if errors else f"{member['name']} is now a {role_name}."


def remove_member(group: sqlite3.Row, role: int, user_id: int) -> tuple[dict[str, str], str]:
    """Remove member ``user_id``; they lose the group's projects (Owners only; no commit).

    Returns:
        ``(errors, message)``; nothing is written when there are errors (404 when
        ``user_id`` is not a member).
    """
    _require_owner(role, "remove group members")
    errors, member = _roster(group, role).remove(user_id)
    return errors, "" if errors else f"{member['name']} was removed from the group."


@bp.route("/groups/<group>/-/group_members", methods=("GET", "POST"))
def members(group: str) -> Response | tuple[str, int]:
    """List the group's members; its Owners can invite someone with a role."""
    row, role = load_group(group)
    if request.method == "GET":
        return _render_members(row, role)
    errors, _user_id, message = add_member(row, role, request.form)
    if errors:
        return _render_members(row, role, errors, request.form, 400)
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("groups.members", group=group))


@bp.route("/groups/<group>/-/group_members/<int:user_id>", methods=("POST",))
def change_role(group: str, user_id: int) -> Response | tuple[str, int]:
    """Change a group member's role (Owners only)."""
    row, role = load_group(group)
    errors, message = change_member_role(row, role, user_id, request.form)
    if errors:
        return _render_members(row, role, errors, {}, 400)
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("groups.members", group=group))


@bp.route(
    "/groups/<group>/-/group_members/<int:user_id>/remove",
    methods=("POST",),
    endpoint="remove_member",
)
def remove_member_view(group: str, user_id: int) -> Response | tuple[str, int]:
    """Remove a member from the group (Owners only); they lose the group's projects."""
    row, role = load_group(group)
    errors, message = remove_member(row, role, user_id)
    if errors:
        return _render_members(row, role, errors, {}, 400)
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("groups.members", group=group))
