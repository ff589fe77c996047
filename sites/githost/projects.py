"""A project's overview, stars, forks, settings, members and activity."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .. import SITES
from ..core.clock import now_text
from ..core.db import get_db
from ..core.urls import parse_url
from . import access, forms, listing, membership, repo
from .users import EVENT_COLUMNS, EVENT_TARGETS

bp = access.project_blueprint("projects", __name__)


def _back() -> Response:
    return redirect(url_for("projects.show"))


@dataclass(frozen=True)
class CloneUrls:
    """Where a project's repository is cloned from (GitLab's Clone box)."""

    ssh: str
    http: str


def clone_urls(full_path: str) -> CloneUrls:
    """Return the SSH (``git@<host>:<full_path>.git``) and HTTP clone URLs of a project."""
    base = str(current_app.config["SITE_URLS"].get("githost", SITES["githost"].base_url))
    url = parse_url(base)
    host = url.host if url is not None and url.host else SITES["githost"].host
    return CloneUrls(f"git@{host}:{full_path}.git", f"{base.rstrip('/')}/{full_path}.git")


@bp.route("")
def show() -> str:
    """The project page: details, star and fork buttons, root files and the README."""
    db = get_db()
    project = g.project
    head = repo.branch_head(db, project["id"], project["default_branch"])
    commit, readme, commit_count = None, None, 0
    folders: list[str] = []
    files: list[str] = []
    if head is not None:
        commit = repo.require_commit(db, project["id"], head)
        snapshot = repo.tree_files(db, commit["tree_id"])
        folders, files = repo.list_tree(snapshot, "")
        commit_count = repo.history_length(db, project["id"], head)
        for name in files:
            if name.lower() in ("readme.md", "readme"):
                readme = (name, repo.blob_content(db, snapshot[name]))
                break
    counts = db.execute(
        "SELECT (SELECT COUNT(*) FROM refs WHERE project_id = :id AND kind = 'branch'),"
        " (SELECT COUNT(*) FROM refs WHERE project_id = :id AND kind = 'tag'),"
        " (SELECT COUNT(*) FROM projects WHERE forked_from_id = :id)",
        {"id": project["id"]},
    ).fetchone()
    topics = [
        row[0]
        for row in db.execute(
            "SELECT name FROM topics WHERE project_id = ? ORDER BY name", (project["id"],)
        )
    ]
    starred = (
        g.user is not None
        and db.execute(
            "SELECT 1 FROM stars WHERE user_id = ? AND project_id = ?",
            (g.user["id"], project["id"]),
        ).fetchone()
        is not None
    )
    forked_from = None
    if project["forked_from_id"]:
        forked_from = db.execute(
            f"SELECT {access.PROJECT_COLUMNS} FROM projects p JOIN namespaces n ON"
            " n.id = p.namespace_id WHERE p.id = ?",
            (project["forked_from_id"],),
        ).fetchone()
        if forked_from is not None:
            role = access.role_in(forked_from["id"], g.user["id"] if g.user else None)
            if not access.can_see(forked_from, role):
                forked_from = None
    return render_template(
        "githost/project/show.html",
        commit=commit,
        folders=folders,
        files=files,
        readme=readme,
        commit_count=commit_count,
        branch_count=counts[0],
        tag_count=counts[1],
        fork_count=counts[2],
        topics=topics,
        starred=starred,
        forked_from=forked_from,
        clone=clone_urls(f"{project['namespace_path']}/{project['path']}"),
    )


@bp.route("/-/star", methods=("POST",))
def star() -> Response:
    """Star the project, or unstar it if the user already has."""
    access.require_user("star projects")
    db = get_db()
    project_id, user_id = g.project["id"], g.user["id"]
    if db.execute(
        "SELECT 1 FROM stars WHERE user_id = ? AND project_id = ?", (user_id, project_id)
    ).fetchone():
        db.execute("DELETE FROM stars WHERE user_id = ? AND project_id = ?", (user_id, project_id))
        message = "You unstarred this project."
    else:
        db.execute("INSERT INTO stars VALUES (?, ?, ?)", (user_id, project_id, now_text()))
        message = "You starred this project."
    db.execute(
        "UPDATE projects SET star_count = (SELECT COUNT(*) FROM stars WHERE project_id = ?)"
        " WHERE id = ?",
        (project_id, project_id),
    )
    db.commit()
    flash(message, "success")
    return _back()


@bp.route("/-/fork", methods=("POST",))
def fork() -> Response:
    """Fork the project into the signed-in user's namespace, with all branches and tags."""
    access.require_user("fork projects")
    db = get_db()
    source = g.project
    namespace = db.execute(
        "SELECT * FROM namespaces WHERE owner_id = ?", (g.user["id"],)
    ).fetchone()
    existing = db.execute(
        "SELECT 1 FROM projects WHERE namespace_id = ? AND path = ?",
        (namespace["id"], source["path"]),
    ).fetchone()
    if existing:
        flash(
            f"You already have a project named {namespace['path']}/{source['path']}; rename"
            " or delete it before forking this one.",
            "error",
        )
        return _back()
    moment = now_text()
    cursor = db.execute(
        "INSERT INTO projects (namespace_id, path, name, description, visibility, default_branch,"
        " language, forked_from_id, creator_id, created_at, last_activity_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            namespace["id"],
            source["path"],
            source["name"],
            source["description"],
            source["visibility"],
            source["default_branch"],
            source["language"],
            source["id"],
            g.user["id"],
            moment,
            moment,
        ),
    )
    fork_id = int(cursor.lastrowid or 0)
    db.execute(
        "INSERT INTO members VALUES (?, ?, ?, ?)", (fork_id, g.user["id"], access.OWNER, moment)
    )
    db.execute(
        "INSERT INTO commits (project_id, sha, tree_id, parent_sha, parent2_sha, author_id,"
        " author_name, author_email, message, created_at) SELECT ?, sha, tree_id, parent_sha,"
        " parent2_sha, author_id, author_name, author_email, message, created_at FROM commits"
        " WHERE project_id = ? ORDER BY id",
        (fork_id, source["id"]),
    )
    db.execute(
        "INSERT INTO refs SELECT ?, kind, name, commit_sha, message, created_at FROM refs"
        " WHERE project_id = ?",
        (fork_id, source["id"]),
    )
    db.execute(
        "INSERT INTO topics SELECT ?, name FROM topics WHERE project_id = ?",
        (fork_id, source["id"]),
    )
    access.record_event(fork_id, "created", "project", fork_id, source["name"])
    db.commit()
    flash(
        f"The project was successfully forked from {source['namespace_path']}/{source['path']}.",
        "success",
    )
    return redirect(url_for("projects.show", namespace=namespace["path"], project=source["path"]))


@bp.route("/-/forks")
def forks() -> str:
    """List the forks of this project that the user may see."""
    clause, params = access.visible_clause()
    page = listing.paginate(
        "projects p JOIN namespaces n ON n.id = p.namespace_id WHERE p.forked_from_id = ? AND "
        + clause,
        [g.project["id"], *params],
        "p.created_at DESC, p.id",
        access.PROJECT_COLUMNS,
    )
    return render_template("githost/project/forks.html", page=page)


@bp.route("/-/activity")
def activity() -> str:
    """The project's activity feed, newest first."""
    page = listing.paginate(
        "events e JOIN projects p ON p.id = e.project_id JOIN namespaces n ON"
        " n.id = p.namespace_id WHERE e.project_id = ?",
        [g.project["id"]],
        "e.created_at DESC, e.id DESC",
        EVENT_COLUMNS,
    )
    authors = {
        row["id"]: row
        for row in get_db().execute(
            "SELECT id, username, name FROM users WHERE id IN (SELECT author_id FROM events WHERE"
            " project_id = ?)",
            (g.project["id"],),
        )
    }
    return render_template(
        "githost/project/activity.html", page=page, authors=authors, targets=EVENT_TARGETS
    )


# --- settings -------------------------------------------------------------------------------


def _topics_text() -> str:
    return ", ".join(
        row[0]
        for row in get_db().execute(
            "SELECT name FROM topics WHERE project_id = ? ORDER BY name", (g.project["id"],)
        )
    )


def _settings_form() -> dict[str, str]:
    """The general settings form filled with the project's current values."""
    return {
        "name": g.project["name"],
        "description": g.project["description"],
        "visibility": g.project["visibility"],
        "default_branch": g.project["default_branch"],
        "topics": _topics_text(),
    }


def _render_settings(
    form: Mapping[str, str], errors: dict[str, str], status: int = 200
) -> tuple[str, int]:
    return render_template(
        "githost/project/settings.html",
        form=form,
        errors=errors,
        branches=repo.branch_names(get_db(), g.project["id"]),
        visibilities=access.VISIBILITIES,
        full_path=_full_path(),
    ), status


def _full_path() -> str:
    return f"{g.project['namespace_path']}/{g.project['path']}"


@bp.route("/-/settings", methods=("GET", "POST"))
def settings() -> Response | tuple[str, int]:
    """Edit the project's name, description, visibility, default branch and topics."""
    access.require(access.MAINTAINER, "change this project's settings")
    db = get_db()
    branches = repo.branch_names(db, g.project["id"])
    if request.method == "GET":
        return _render_settings(_settings_form(), {})
    access.require_writable("change its settings (unarchive it first)")
    errors: dict[str, str] = {}
    form = request.form
    name = forms.display_name(form, "name", "Project name", errors)
    description = forms.text(
        form, "description", "Project description", errors, max_length=2000, required=False
    )
    visibility = forms.choice(form, "visibility", "Visibility level", access.VISIBILITIES, errors)
    default_branch = g.project["default_branch"]
    if branches:
        default_branch = forms.choice(
            form, "default_branch", "Default branch", tuple(branches), errors
        )
    topics_text = forms.text(form, "topics", "Topics", errors, max_length=500, required=False)
    topics = sorted({t.strip().lower() for t in topics_text.split(",") if t.strip()})
    if any(len(topic) > 50 for topic in topics):
        errors["topics"] = "Each topic must be at most 50 characters."
    if errors:
        return _render_settings(form, errors, 400)
    db.execute(
        "UPDATE projects SET name = ?, description = ?, visibility = ?, default_branch = ?"
        " WHERE id = ?",
        (name, description, visibility, default_branch, g.project["id"]),
    )
    db.execute("DELETE FROM topics WHERE project_id = ?", (g.project["id"],))
    db.executemany("INSERT INTO topics VALUES (?, ?)", [(g.project["id"], t) for t in topics])
    access.record_event(g.project["id"], "updated settings of", "project", g.project["id"], name)
    db.commit()
    flash(f"Project '{name}' was successfully updated.", "success")
    return redirect(url_for("projects.settings"))


MERGE_METHODS = {
    "merge": "Merge commit: every merge creates a merge commit.",
    "ff": "Fast-forward merge: no merge commits are created; merging needs a source branch"
    " that is ahead of the target branch.",
}


@bp.route("/-/settings/merge_requests", methods=("GET", "POST"))
def merge_request_settings() -> Response | tuple[str, int] | str:
    """The Merge requests settings: the project's merge method."""
    access.require(access.MAINTAINER, "change this project's settings")
    if request.method == "GET":
        form = {"merge_method": g.project["merge_method"]}
        return render_template(
            "githost/project/merge_settings.html", form=form, errors={}, methods=MERGE_METHODS
        )
    access.require_writable("change its settings (unarchive it first)")
    errors: dict[str, str] = {}
    method = forms.choice(request.form, "merge_method", "Merge method", MERGE_METHODS, errors)
    if errors:
        return render_template(
            "githost/project/merge_settings.html",
            form=request.form,
            errors=errors,
            methods=MERGE_METHODS,
        ), 400
    db = get_db()
    db.execute("UPDATE projects SET merge_method = ? WHERE id = ?", (method, g.project["id"]))
    access.record_event(
        g.project["id"], "updated settings of", "project", g.project["id"], g.project["name"]
    )
    db.commit()
    flash(f"Project '{g.project['name']}' was successfully updated.", "success")
    return redirect(url_for("projects.merge_request_settings"))


@bp.route("/-/settings/archive", methods=("POST",))
def archive() -> Response:
    """Archive the project (read-only) or, with ``archived=0``, unarchive it."""
    access.require(access.MAINTAINER, "archive this project")
    archived = 0 if request.form.get("archived") == "0" else 1
    db = get_db()
    db.execute("UPDATE projects SET archived = ? WHERE id = ?", (archived, g.project["id"]))
    access.record_event(
        g.project["id"],
        "archived" if archived else "unarchived",
        "project",
        g.project["id"],
        g.project["name"],
    )
    db.commit()
    flash("Project archived." if archived else "Project unarchived.", "success")
    return redirect(url_for("projects.settings"))


@bp.route("/-/settings/delete", methods=("POST",))
def delete() -> Response | tuple[str, int]:
    """Delete the project (Owners only), confirmed by typing its full path."""
    access.require(access.OWNER, "delete this project")
    full_path = _full_path()
    if request.form.get("confirm_path", "").strip() != full_path:
        errors = {
            "confirm_path": f"Enter {full_path} exactly to confirm that you want to delete"
            " this project."
        }
        return _render_settings(_settings_form(), errors, 400)
    delete_project(g.project["id"])
    get_db().commit()
    flash(f"Project '{full_path}' was deleted.", "success")
    return redirect(url_for("dashboard.home"))


def delete_project(project_id: int) -> None:
    """Remove a project and every row that belongs to it (no commit).

    What belongs to it is read off the schema's foreign keys: rows that reference the
    project, then rows that reference those (an issue's labels, a merge request's
    approvals), so a table added later is covered too. Forks of the project stay, no
    longer marked as forks; blobs and trees stay, since forks share them.
    """
    db = get_db()
    db.execute("UPDATE projects SET forked_from_id = NULL WHERE forked_from_id = ?", (project_id,))
    _delete_rows(_references(), "projects", "id = ?", [project_id], ())


def _references() -> dict[str, list[tuple[str, str]]]:
    """Table -> the ``(table, column)`` pairs whose foreign keys point at its ``id``."""
    db = get_db()
    found: dict[str, list[tuple[str, str]]] = {}
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        # The PRAGMA statement, not the pragma_foreign_key_list() table-valued function:
        # with a bound table name, that function crashed SQLite 3.40 (Debian 12) on a
        # database restored by deserialize().
        quoted = table.replace('"', '""')
        for key in db.execute(f'PRAGMA foreign_key_list("{quoted}")'):
            if key["to"] in (None, "id") and key["table"] != table:
                found.setdefault(key["table"], []).append((table, key["from"]))
    return found


def _delete_rows(
    references: dict[str, list[tuple[str, str]]],
    table: str,
    where: str,
    params: list,
    path: tuple[str, ...],
) -> None:
    """Delete ``table``'s rows matching ``where`` after the rows that reference them."""
    for child, column in references.get(table, []):
        if child not in path:
            condition = f"{column} IN (SELECT id FROM {table} WHERE {where})"
            _delete_rows(references, child, condition, params, (*path, table))
    get_db().execute(f"DELETE FROM {table} WHERE {where}", params)


# --- members --------------------------------------------------------------------------------


def _roster() -> membership.Roster:
    return membership.Roster("members", "project_id", g.project["id"], "project", g.role)


def _render_members(
    errors: dict[str, str] | None = None, form: dict | None = None, status: int = 200
) -> tuple[str, int]:
    inherited = [row for row in access.project_members(g.project["id"]) if not row["direct"]]
    return render_template(
        "githost/project/members.html",
        members=_roster().rows(),
        inherited=inherited,
        errors=errors or {},
        form=form or {},
    ), status


@bp.route("/-/project_members", methods=("GET", "POST"))
def members() -> Response | tuple[str, int]:
    """List the members; Maintainers and Owners can invite someone with a role."""
    if request.method == "GET":
        return _render_members()
    errors, message = add_member(request.form)
    if errors:
        return _render_members(errors, request.form, 400)
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("projects.members"))


def require_manage_members(action: str = "manage members") -> None:
    """Abort unless the current user may manage ``g.project``'s members (Maintainer+)."""
    access.require(access.MAINTAINER, action)
    access.require_writable("manage its members")


def add_member(form: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Add a user (``username``) with a ``role`` name to ``g.project`` (no commit).

    Returns:
        ``(errors, message)``; nothing is written when there are errors.
    """
    require_manage_members()
    errors, user, role_name = _roster().add(form)
    if errors or user is None:
        return errors, ""
    access.record_event(
        g.project["id"],
        f"added {user['username']} as {role_name} to",
        "project",
        g.project["id"],
        g.project["name"],
    )
    return errors, f"{user['name']} was added to the project as {role_name}."


@bp.route("/-/project_members/<int:user_id>", methods=("POST",))
def change_role(user_id: int) -> Response | tuple[str, int]:
    """Change a member's role."""
    errors, message = change_member_role(user_id, request.form)
    if errors:
        return _render_members(errors, {}, 400)
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("projects.members"))


def change_member_role(user_id: int, form: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Give member ``user_id`` of ``g.project`` the ``role`` named in the form (no commit).

    Returns:
        ``(errors, message)``; nothing is written when there are errors. 404 when
        ``user_id`` is not a member.
    """
    require_manage_members("change members' roles")
    errors, member, role_name = _roster().change(user_id, form)
    return errors, "" if errors else f"{member['name']} is now a {role_name}."


@bp.route("/-/project_members/<int:user_id>/remove", methods=("POST",), endpoint="remove_member")
def remove_member_view(user_id: int) -> Response | tuple[str, int]:
    """Remove a member from the project."""
    errors, message = remove_member(user_id)
    if errors:
        return _render_members(errors, {}, 400)
    get_db().commit()
    flash(message, "success")
    return redirect(url_for("projects.members"))


def remove_member(user_id: int) -> tuple[dict[str, str], str]:
    """Remove member ``user_id`` from ``g.project`` (no commit; 404 if not a member).

    Returns:
        ``(errors, message)``; nothing is written when there are errors.
    """
    require_manage_members("remove members")
    errors, member = _roster().remove(user_id)
    return errors, "" if errors else f"{member['name']} was removed from the project."
