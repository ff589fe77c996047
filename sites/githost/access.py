"""Who may see and change what: visibility, member roles and the project URL prefix.

Visibility: public projects are visible to everyone, internal ones to any signed-in
user, private ones only to their members (everyone else gets a 404, so a private
project's existence does not leak). Roles: Guest < Reporter < Developer <
Maintainer < Owner; :func:`require` aborts with 403 below the needed role.

Membership is GitLab's: a user's role in a project is the higher of their direct
membership (``members``) and their membership of the group the project belongs to
(``group_members``), so a group's members reach all its projects.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Blueprint, abort, current_app, g

from ..core.clock import now_text
from ..core.db import get_db

GUEST, REPORTER, DEVELOPER, MAINTAINER, OWNER = 10, 20, 30, 40, 50
ROLES = {
    GUEST: "Guest",
    REPORTER: "Reporter",
    DEVELOPER: "Developer",
    MAINTAINER: "Maintainer",
    OWNER: "Owner",
}
ROLE_BY_NAME = {name: value for value, name in ROLES.items()}
VISIBILITIES = {
    "private": "Private: only project members can see it",
    "internal": "Internal: any signed-in user can see it",
    "public": "Public: anyone can see it, without signing in",
}
VISIBILITY_ORDER = ("private", "internal", "public")
"""Visibility levels from the most to the least restricted."""


def visibility_error(namespace: sqlite3.Row, visibility: str) -> str:
    """Why a project of ``visibility`` may not live in ``namespace`` ('' when it may).

    As in GitLab, a project in a group is no more visible than the group.
    """
    limit = namespace["visibility"]
    allowed = VISIBILITY_ORDER[: VISIBILITY_ORDER.index(limit) + 1]
    if visibility in allowed:
        return ""
    return (
        f"Visibility level {visibility} is not allowed in the {limit} group"
        f" {namespace['path']}; choose {' or '.join(allowed)}."
    )


RESERVED = {
    "users",
    "dashboard",
    "search",
    "explore",
    "projects",
    "groups",
    "static",
    "help",
    "admin",
    "api",
    "-",
    "new",
    "media",
    "favicon.ico",
    "robots.txt",
}

PROJECT_COLUMNS = (
    "p.*, n.path AS namespace_path, n.name AS namespace_name, n.kind AS namespace_kind"
)


MEMBER_PROJECTS = (
    "SELECT project_id FROM members WHERE user_id = ? UNION SELECT gp.id FROM projects gp"
    " JOIN group_members gm ON gm.namespace_id = gp.namespace_id WHERE gm.user_id = ?"
)
"""SQL selecting the ids of projects a user (both ``?``) is a member of, directly or by group."""

EFFECTIVE_MEMBERS = (
    "SELECT user_id, MAX(role) AS role, MIN(created_at) AS created_at,"
    " MAX(direct) AS direct FROM (SELECT user_id, role, created_at, 1 AS direct FROM members"
    " WHERE project_id = :project UNION ALL SELECT gm.user_id, gm.role, gm.created_at, 0"
    " FROM group_members gm JOIN projects ep ON ep.namespace_id = gm.namespace_id"
    " WHERE ep.id = :project) GROUP BY user_id"
)
"""SQL of project ``:project``'s members with their effective role (direct or by group);
``direct`` is 1 for users with a membership of the project itself."""


def member_projects(user_id: int, alias: str = "p") -> tuple[str, list[Any]]:
    """Return an SQL condition (and params) on ``alias``: the user is a member, or in its group."""
    return f"{alias}.id IN ({MEMBER_PROJECTS})", [user_id, user_id]


def visible_clause(alias: str = "p") -> tuple[str, list[Any]]:
    """Return an SQL condition (and params) selecting projects the current user may see."""
    user = g.get("user")
    if user is None:
        return f"{alias}.visibility = 'public'", []
    member, params = member_projects(user["id"], alias)
    return f"({alias}.visibility IN ('public', 'internal') OR {member})", params


def role_in(project_id: int, user_id: int | None) -> int:
    """Return a user's effective role in a project (0 when not a member).

    The higher of the user's own membership of the project and their membership of
    the project's group.
    """
    if user_id is None:
        return 0
    row = (
        get_db()
        .execute(
            f"SELECT role FROM ({EFFECTIVE_MEMBERS}) WHERE user_id = :user",
            {"project": project_id, "user": user_id},
        )
        .fetchone()
    )
    return int(row[0]) if row else 0


def project_members(project_id: int) -> list[sqlite3.Row]:
    """A project's members (direct and through its group) with their effective roles.

    Rows have ``id``, ``username``, ``name``, ``role``, ``created_at`` and ``direct``
    (1 when the user is a member of the project itself), highest role first.
    """
    return (
        get_db()
        .execute(
            "SELECT u.id, u.username, u.name, e.role, e.created_at, e.direct FROM"
            f" ({EFFECTIVE_MEMBERS}) e JOIN users u ON u.id = e.user_id"
            " ORDER BY e.role DESC, u.username",
            {"project": project_id},
        )
        .fetchall()
    )


def group_role(namespace_id: int, user_id: int | None) -> int:
    """Return a user's role in a group (0 when not a member)."""
    if user_id is None:
        return 0
    row = (
        get_db()
        .execute(
            "SELECT role FROM group_members WHERE namespace_id = ? AND user_id = ?",
            (namespace_id, user_id),
        )
        .fetchone()
    )
    return int(row[0]) if row else 0


def visible_group_clause(alias: str = "n") -> tuple[str, list[Any]]:
    """Return an SQL condition (and params) on namespace ``alias``: a group the user may see.

    Public groups are visible to everyone, internal ones to anyone signed in, private
    ones only to their members (everyone else gets a 404).
    """
    user = g.get("user")
    if user is None:
        return f"{alias}.visibility = 'public'", []
    return (
        f"({alias}.visibility IN ('public', 'internal') OR {alias}.id IN"
        " (SELECT namespace_id FROM group_members WHERE user_id = ?))",
        [user["id"]],
    )


def can_see(project: sqlite3.Row, role: int) -> bool:
    """Return whether the current user may see ``project`` given their role in it."""
    if project["visibility"] == "public":
        return True
    if project["visibility"] == "internal":
        return g.get("user") is not None
    return role > 0


def find_project(namespace: str, path: str) -> sqlite3.Row | None:
    """Return the project at ``namespace/path`` with its namespace columns, or None."""
    return (
        get_db()
        .execute(
            f"SELECT {PROJECT_COLUMNS} FROM projects p JOIN namespaces n ON n.id = p.namespace_id"
            " WHERE n.path = ? AND p.path = ?",
            (namespace, path),
        )
        .fetchone()
    )


def load_project(namespace: str, path: str) -> tuple[sqlite3.Row, int]:
    """Return ``(project, current user's role)`` or abort with 404 if it is not visible."""
    project = find_project(namespace, path)
    user = g.get("user")
    role = role_in(project["id"], user["id"] if user else None) if project else 0
    if project is None or not can_see(project, role):
        abort(
            404, f"The project {namespace}/{path} does not exist or you do not have access to it."
        )
    return project, role


def require(role: int, action: str) -> None:
    """Abort with 403 unless the current user has at least ``role`` in ``g.project``."""
    if g.get("user") is None:
        abort(403, f"You must sign in to {action}.")
    if g.role < role:
        have = ROLES.get(g.role, "not a member")
        abort(
            403,
            f"You need the {ROLES[role]} role or higher to {action}; your role in this"
            f" project is {have}.",
        )


def require_writable(action: str) -> None:
    """Abort with 403 when ``g.project`` is archived."""
    if g.project["archived"]:
        abort(403, f"This project is archived and read-only; you cannot {action}.")


def require_user(action: str) -> None:
    """Abort with 403 when nobody is signed in (for POSTs; GET pages use login_required)."""
    if g.get("user") is None:
        abort(403, f"You must sign in to {action}.")


def _expects_namespace(endpoint: str) -> bool:
    """Whether ``endpoint``'s rules take a namespace, remembered per app (its rules are
    fixed once it serves; werkzeug scans them on every ``url_for``)."""
    known: dict[str, bool] = current_app.extensions.setdefault("githost_namespace_endpoints", {})
    expects = known.get(endpoint)
    if expects is None:
        expects = known[endpoint] = current_app.url_map.is_endpoint_expecting(endpoint, "namespace")
    return expects


def project_blueprint(name: str, import_name: str) -> Blueprint:
    """Return a blueprint whose routes live under ``/<namespace>/<project>``.

    Before each of its requests the project is loaded into ``g.project`` (404 when the
    user may not see it) and the user's role into ``g.role``; ``url_for`` fills in the
    namespace and project of the current page by itself.
    """
    bp = Blueprint(name, import_name, url_prefix="/<namespace>/<project>")

    @bp.url_value_preprocessor
    def pull_project(endpoint: str | None, values: dict[str, Any] | None) -> None:
        if values is not None:
            g.project_key = (values.pop("namespace", ""), values.pop("project", ""))

    @bp.before_request
    def load() -> None:
        g.project, g.role = load_project(*g.project_key)

    @bp.url_defaults
    def add_project(endpoint: str, values: dict[str, Any]) -> None:
        project = g.get("project")
        if project is None or "namespace" in values:
            return
        if _expects_namespace(endpoint):
            values["namespace"] = project["namespace_path"]
            values["project"] = project["path"]

    return bp


def record_event(
    project_id: int,
    action: str,
    target_type: str = "",
    target_id: int | None = None,
    title: str = "",
) -> None:
    """Add an entry by the current user to the activity feed and bump the project's activity."""
    db = get_db()
    moment = now_text()
    db.execute(
        "INSERT INTO events (project_id, author_id, action, target_type, target_id,"
        " target_title, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (project_id, g.user["id"], action, target_type, target_id, title, moment),
    )
    db.execute("UPDATE projects SET last_activity_at = ? WHERE id = ?", (moment, project_id))


def add_todo(user_id: int, project_id: int, target_type: str, target_id: int, action: str) -> None:
    """Give ``user_id`` a pending to-do about a target (not for the acting user)."""
    if user_id == g.user["id"]:
        return
    get_db().execute(
        "INSERT INTO todos (user_id, project_id, target_type, target_id, action, author_id,"
        " state, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)",
        (user_id, project_id, target_type, target_id, action, g.user["id"], now_text()),
    )


def mention_todos(body: str, project_id: int, target_type: str, target_id: int) -> None:
    """Create 'mentioned' to-dos for every ``@username`` in ``body`` who can see the project."""
    db = get_db()
    seen: set[str] = set()
    for word in body.split():
        if not word.startswith("@"):
            continue
        username = word[1:].rstrip(".,:;!?)").lower()
        if not username or username in seen:
            continue
        seen.add(username)
        row = db.execute("SELECT id FROM users WHERE username = ?", (username,)).fetchone()
        if row is None:
            continue
        project = db.execute(
            "SELECT visibility FROM projects WHERE id = ?", (project_id,)
        ).fetchone()
        if project["visibility"] == "private" and not role_in(project_id, row[0]):
            continue
        add_todo(row[0], project_id, target_type, target_id, "mentioned")
