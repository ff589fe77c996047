"""Who may see and change what: visibility, member roles and the project URL prefix.

Visibility: public projects are visible to everyone, internal ones to any signed-in
user, private ones only to their members (everyone else gets a 404, so a private
project's existence does not leak). Roles: Guest < Reporter < Developer <
Maintainer < Owner; :func:`require` aborts with 403 below the needed role.
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


def visible_clause(alias: str = "p") -> tuple[str, list[Any]]:
    """Return an SQL condition (and params) selecting projects the current user may see."""
    user = g.get("user")
    if user is None:
        return f"{alias}.visibility = 'public'", []
    return (
        f"({alias}.visibility IN ('public', 'internal') OR {alias}.id IN"
        " (SELECT project_id FROM members WHERE user_id = ?))",
        [user["id"]],
    )


def role_in(project_id: int, user_id: int | None) -> int:
    """Return a user's role in a project (0 when not a member)."""
    if user_id is None:
        return 0
    row = (
        get_db()
        .execute(
            "SELECT role FROM members WHERE project_id = ? AND user_id = ?", (project_id, user_id)
        )
        .fetchone()
    )
    return int(row[0]) if row else 0


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
        if current_app.url_map.is_endpoint_expecting(endpoint, "namespace"):
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
