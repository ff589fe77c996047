"""Signing in and out, user profiles, following users, groups and the ``/<namespace>`` pages."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, flash, g, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ..core.auth import log_out, login_page
from ..core.clock import now, now_text
from ..core.db import get_db
from . import access, listing
from .groups import load_group

bp = Blueprint("users", __name__)

EVENT_COLUMNS = (
    "e.*, p.name AS project_name, p.path AS project_path, n.path AS namespace_path,"
    " CASE e.target_type WHEN 'issue' THEN (SELECT iid FROM issues WHERE id = e.target_id)"
    " WHEN 'merge_request' THEN (SELECT iid FROM merge_requests WHERE id = e.target_id)"
    " END AS target_iid,"
    " CASE WHEN e.target_title != '' THEN e.target_title WHEN e.target_type = 'issue' THEN"
    " (SELECT title FROM issues WHERE id = e.target_id) WHEN e.target_type = 'merge_request'"
    " THEN (SELECT title FROM merge_requests WHERE id = e.target_id) ELSE '' END AS title"
)
EVENT_TARGETS = {
    "issue": "issue",
    "merge_request": "merge request",
    "branch": "branch",
    "tag": "tag",
    "project": "project",
}


@bp.route("/users/sign_in", methods=("GET", "POST"))
def sign_in() -> Response | tuple[str, int]:
    """Sign a user in with username and password and send them where they were going."""
    return login_page(
        "githost/sign_in.html", "dashboard.home", failure="Invalid username or password."
    )


@bp.route("/users/sign_out", methods=("POST",))
def sign_out() -> Response:
    """Sign the user out."""
    log_out()
    flash("You have been signed out.", "success")
    return redirect(url_for("dashboard.explore"))


@bp.route("/groups")
def groups() -> str:
    """List every group the user may see with its number of visible projects and members."""
    clause, params = access.visible_clause()
    visible, group_params = access.visible_group_clause()
    rows = (
        get_db()
        .execute(
            "SELECT n.*, (SELECT COUNT(*) FROM projects p WHERE p.namespace_id = n.id AND "
            f"{clause}) AS project_count, (SELECT COUNT(*) FROM group_members m WHERE"
            " m.namespace_id = n.id) AS member_count FROM namespaces n WHERE n.kind = 'group'"
            f" AND {visible} ORDER BY n.name",
            [*params, *group_params],
        )
        .fetchall()
    )
    return render_template("githost/groups.html", groups=rows)


def _namespace_projects(namespace_id: int) -> list[sqlite3.Row]:
    clause, params = access.visible_clause()
    return (
        get_db()
        .execute(
            f"SELECT {access.PROJECT_COLUMNS} FROM projects p JOIN namespaces n ON"
            f" n.id = p.namespace_id WHERE p.namespace_id = ? AND {clause} ORDER BY p.name",
            [namespace_id, *params],
        )
        .fetchall()
    )


@bp.route("/<namespace>")
def namespace(namespace: str) -> str:
    """Show a user's profile or a group's page."""
    row = get_db().execute("SELECT * FROM namespaces WHERE path = ?", (namespace,)).fetchone()
    if row is None:
        abort(404, f"There is no user or group named {namespace}.")
    if row["kind"] == "group":
        return _group(namespace)
    return _profile(row)


def _group(path: str) -> str:
    group, role = load_group(path)
    members = (
        get_db()
        .execute(
            "SELECT u.username, u.name, m.role FROM group_members m JOIN users u "
            "ON u.id = m.user_id"
            " WHERE m.namespace_id = ? ORDER BY m.role DESC, u.username",
            (group["id"],),
        )
        .fetchall()
    )
    return render_template(
        "githost/group.html",
        group=group,
        projects=_namespace_projects(group["id"]),
        members=members,
        group_role=role,
    )


def _profile(namespace: sqlite3.Row) -> str:
    db = get_db()
    user = db.execute("SELECT * FROM users WHERE id = ?", (namespace["owner_id"],)).fetchone()
    clause, params = access.visible_clause()
    member_of = db.execute(
        f"SELECT {access.PROJECT_COLUMNS}, m.role AS member_role FROM members m JOIN projects p"
        " ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id WHERE m.user_id = ?"
        f" AND p.namespace_id != ? AND {clause} ORDER BY p.last_activity_at DESC, p.id",
        [user["id"], namespace["id"], *params],
    ).fetchall()
    year_ago = now().replace(year=now().year - 1).strftime("%Y-%m-%d %H:%M:%S")
    contributions = db.execute(
        "SELECT e.action, e.target_type, COUNT(*) AS n FROM events e JOIN projects p ON"
        f" p.id = e.project_id WHERE e.author_id = ? AND e.created_at >= ? AND {clause}"
        " GROUP BY e.action, e.target_type ORDER BY n DESC, e.action, e.target_type",
        [user["id"], year_ago, *params],
    ).fetchall()
    activity = listing.paginate(
        "events e JOIN projects p ON p.id = e.project_id JOIN namespaces n ON"
        f" n.id = p.namespace_id WHERE e.author_id = ? AND {clause}",
        [user["id"], *params],
        "e.created_at DESC, e.id DESC",
        EVENT_COLUMNS,
    )
    starred = db.execute("SELECT COUNT(*) FROM stars WHERE user_id = ?", (user["id"],)).fetchone()[
        0
    ]
    me = g.get("user")
    return render_template(
        "githost/profile.html",
        follow_counts=follow_counts(user["id"]),
        following_them=me is not None and is_following(me["id"], user["id"]),
        profile=user,
        projects=_namespace_projects(namespace["id"]),
        member_of=member_of,
        contributions=contributions,
        contribution_total=sum(row["n"] for row in contributions),
        activity=activity,
        starred=starred,
        targets=EVENT_TARGETS,
    )


# --- following -----------------------------------------------------------------------------

FOLLOW_LISTS = {
    "followers": ("Followers", "f.followee_id = ?", "f.follower_id"),
    "following": ("Following", "f.follower_id = ?", "f.followee_id"),
}


def _user_or_404(username: str) -> sqlite3.Row:
    user = get_db().execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()
    if user is None:
        abort(404, f"There is no user named {username}.")
    return user


def follow_counts(user_id: int) -> dict[str, int]:
    """How many people follow ``user_id`` (``followers``) and how many they follow."""
    row = (
        get_db()
        .execute(
            "SELECT (SELECT COUNT(*) FROM follows WHERE followee_id = :id),"
            " (SELECT COUNT(*) FROM follows WHERE follower_id = :id)",
            {"id": user_id},
        )
        .fetchone()
    )
    return {"followers": row[0], "following": row[1]}


def is_following(follower_id: int, followee_id: int) -> bool:
    """Whether ``follower_id`` follows ``followee_id``."""
    return (
        get_db()
        .execute(
            "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?",
            (follower_id, followee_id),
        )
        .fetchone()
        is not None
    )


def set_following(username: str, follow: bool) -> str:
    """Follow or unfollow ``username`` as the current user (no commit).

    Returns:
        The message to show. Aborts with 403 when nobody is signed in or the user
        would follow themselves, 404 when there is no such user.
    """
    access.require_user("follow users")
    user = _user_or_404(username)
    if user["id"] == g.user["id"]:
        abort(403, "You cannot follow yourself.")
    db = get_db()
    if follow:
        db.execute(
            "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
            (g.user["id"], user["id"], now_text()),
        )
        return f"You are now following {user['name']}."
    db.execute(
        "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", (g.user["id"], user["id"])
    )
    return f"You are no longer following {user['name']}."


@bp.route("/users/<username>/<any(follow, unfollow):action>", methods=("POST",))
def follow(username: str, action: str) -> Response:
    """Follow or unfollow a user from their profile."""
    message = set_following(username, action == "follow")
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("users.namespace", namespace=username))


@bp.route("/users/<username>/<any(followers, following):which>")
def follows(username: str, which: str) -> str:
    """The people who follow a user, or whom the user follows."""
    user = _user_or_404(username)
    title, condition, other = FOLLOW_LISTS[which]
    page = listing.paginate(
        f"follows f JOIN users u ON u.id = {other} WHERE {condition}",
        [user["id"]],
        "f.created_at DESC, u.username",
        "u.username, u.name, u.bio, f.created_at",
    )
    return render_template(
        "githost/follows.html",
        profile=user,
        page=page,
        which=which,
        title=title,
        counts=follow_counts(user["id"]),
    )
