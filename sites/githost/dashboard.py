"""Project lists, the to-do list, global search and creating a project."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import slugs
from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms, listing, repo, tracker

bp = Blueprint("dashboard", __name__)

PROJECT_SORTS = {
    "updated": ("Last updated", "p.last_activity_at DESC, p.id"),
    "created": ("Newest", "p.created_at DESC, p.id"),
    "name": ("Name", "lower(p.name), n.path"),
    "stars": ("Most stars", "p.star_count DESC, p.last_activity_at DESC, p.id"),
}
SEARCH_SCOPES = {"projects": "Projects", "issues": "Issues", "merge_requests": "Merge requests"}
SEARCH_LIMIT = 200
TODO_ACTIONS = {
    "assigned": "assigned you",
    "mentioned": "mentioned you on",
    "review_requested": "requested your review of",
}
PATH_RULE = "lower-case letters, digits, '.', '_' or '-', starting with a letter or digit"


def project_search_clause(query: str) -> tuple[str, list[str]]:
    """The SQL condition (and params) of a project list's filter: name, description or namespace."""
    return (
        "(p.name LIKE ? ESCAPE '\\' OR p.description LIKE ? ESCAPE '\\'"
        " OR n.path LIKE ? ESCAPE '\\')",
        [listing.like(query)] * 3,
    )


def _project_list(where: str, params: list, tab: str, title: str) -> str:
    sort = request.args.get("sort", "updated")
    sort = sort if sort in PROJECT_SORTS else "updated"
    query = request.args.get("filter", "").strip()[:100]
    clause, visible_params = access.visible_clause()
    conditions = [clause, where] if where else [clause]
    values = [*visible_params, *params]
    if query:
        condition, query_values = project_search_clause(query)
        conditions.append(condition)
        values += query_values
    page = listing.paginate(
        "projects p JOIN namespaces n ON n.id = p.namespace_id WHERE " + " AND ".join(conditions),
        values,
        PROJECT_SORTS[sort][1],
        access.PROJECT_COLUMNS,
    )
    return render_template(
        "githost/projects.html",
        page=page,
        tab=tab,
        title=title,
        sort=sort,
        sorts=PROJECT_SORTS,
        query=query,
    )


@bp.route("/")
def home() -> str:
    """Your projects when signed in; otherwise every public project."""
    if g.user is None:
        return _project_list("", [], "explore", "Explore projects")
    return _project_list(*access.member_projects(g.user["id"]), "yours", "Your projects")


@bp.route("/explore")
def explore() -> str:
    """Every project the current user may see."""
    return _project_list("", [], "explore", "Explore projects")


@bp.route("/dashboard/projects/starred")
@login_required
def starred() -> str:
    """Projects the signed-in user has starred."""
    return _project_list(
        "p.id IN (SELECT project_id FROM stars WHERE user_id = ?)",
        [g.user["id"]],
        "starred",
        "Starred projects",
    )


# --- to-do list ---------------------------------------------------------------------------


@bp.route("/dashboard/todos")
@login_required
def todos() -> str:
    """The signed-in user's to-dos: pending by default, or done ones with ``?state=done``."""
    state = "done" if request.args.get("state") == "done" else "pending"
    page = listing.paginate(
        "todos t JOIN projects p ON p.id = t.project_id JOIN namespaces n ON"
        " n.id = p.namespace_id JOIN users a ON a.id = t.author_id"
        " WHERE t.user_id = ? AND t.state = ?",
        [g.user["id"], state],
        "t.created_at DESC, t.id DESC",
        "t.*, p.name AS project_name, p.path AS project_path, n.path AS namespace_path,"
        " a.name AS author_name, a.username AS author_username,"
        " CASE t.target_type WHEN 'issue' THEN (SELECT iid FROM issues WHERE id = t.target_id)"
        " ELSE (SELECT iid FROM merge_requests WHERE id = t.target_id) END AS target_iid,"
        " CASE t.target_type WHEN 'issue' THEN (SELECT title FROM issues WHERE id = t.target_id)"
        " ELSE (SELECT title FROM merge_requests WHERE id = t.target_id) END AS target_title,"
        " CASE t.target_type WHEN 'issue' THEN (SELECT state FROM issues WHERE id = t.target_id)"
        " ELSE (SELECT state FROM merge_requests WHERE id = t.target_id) END AS target_state",
    )
    return render_template("githost/todos.html", page=page, state=state, actions=TODO_ACTIONS)


@bp.route("/dashboard/todos/<int:todo_id>/done", methods=("POST",))
@login_required
def todo_done(todo_id: int) -> Response:
    """Mark one of the signed-in user's to-dos as done."""
    db = get_db()
    todo = db.execute(
        "SELECT * FROM todos WHERE id = ? AND user_id = ?", (todo_id, g.user["id"])
    ).fetchone()
    if todo is None:
        abort(404, f"You have no to-do {todo_id}.")
    db.execute("UPDATE todos SET state = 'done' WHERE id = ?", (todo_id,))
    db.commit()
    flash("To-do marked as done.", "success")
    return redirect(url_for("dashboard.todos"))


@bp.route("/dashboard/todos/mark_all_done", methods=("POST",))
@login_required
def todos_all_done() -> Response:
    """Mark every pending to-do of the signed-in user as done."""
    db = get_db()
    count = db.execute(
        "UPDATE todos SET state = 'done' WHERE user_id = ? AND state = 'pending'", (g.user["id"],)
    ).rowcount
    db.commit()
    flash(f"Marked {count} to-do{'' if count == 1 else 's'} as done.", "success")
    return redirect(url_for("dashboard.todos"))


# --- your work across projects ---------------------------------------------------------


SCOPES = {
    "assignee_username": ("Assigned to me", "assigned to me"),
    "author_username": ("Created by me", "created by me"),
    "reviewer_username": ("Review requests", "where my review is requested"),
}
"""Dashboard scopes: the query argument, its tab's name and the page title's ending."""


def _my_items(kind: tracker.Kind) -> str:
    """Open issues or merge requests in every visible project, filtered like GitLab's dashboard.

    Query arguments: ``assignee_username``, ``author_username`` and, for merge
    requests, ``reviewer_username``; with none of them, the signed-in user's assigned
    items.
    """
    names = [
        name for name in SCOPES if kind is tracker.MERGE_REQUEST or name != "reviewer_username"
    ]
    filters = {name: request.args.get(name, "").strip()[:100] for name in names}
    if not any(filters.values()):
        filters["assignee_username"] = g.user["username"]
    where, params = tracker.filter_conditions(
        kind,
        project_id=None,
        author=filters["author_username"],
        assignee=filters["assignee_username"],
        reviewer=filters.get("reviewer_username", ""),
    )
    clause, visible_params = access.visible_clause()
    page = listing.paginate(
        f"{kind.table} i JOIN projects p ON p.id = i.project_id JOIN namespaces n ON"
        f" n.id = p.namespace_id WHERE i.state = 'opened' AND {clause} AND " + " AND ".join(where),
        [*visible_params, *params],
        "i.updated_at DESC, i.id DESC",
        "i.*, p.name AS project_name, p.path AS project_path, n.path AS namespace_path",
    )
    mine = [name for name in names if filters[name] == g.user["username"]]
    scope = mine[0] if len(mine) == 1 and sum(map(bool, filters.values())) == 1 else ""
    noun = "Issues" if kind is tracker.ISSUE else "Merge requests"
    title = f"{noun} {SCOPES[scope][1]}" if scope else noun
    return render_template(
        "githost/my_work.html",
        page=page,
        kind=kind.table,
        title=title,
        scope=scope,
        scopes={name: SCOPES[name][0] for name in names},
    )


@bp.route("/dashboard/issues")
@login_required
def my_issues() -> str:
    """Open issues assigned to (or created by) the signed-in user, in every project."""
    return _my_items(tracker.ISSUE)


@bp.route("/dashboard/merge_requests")
@login_required
def my_merge_requests() -> str:
    """Open merge requests assigned to, created by or awaiting review from the signed-in user."""
    return _my_items(tracker.MERGE_REQUEST)


# --- search ---------------------------------------------------------------------------------


@bp.route("/search")
def search() -> tuple[str, int] | str:
    """Search projects, issues or merge requests the current user may see."""
    query = request.args.get("q", "").strip()
    scope = request.args.get("scope", "projects")
    scope = scope if scope in SEARCH_SCOPES else "projects"
    if len(query) > SEARCH_LIMIT:
        return render_template(
            "githost/search.html",
            query=query[:SEARCH_LIMIT],
            scope=scope,
            page=None,
            scopes=SEARCH_SCOPES,
            error=f"Search terms must be at most {SEARCH_LIMIT} characters.",
        ), 400
    page = None
    terms = query.split()[:10]
    if terms:
        clause, params = access.visible_clause()
        if scope == "projects":
            conditions = [clause]
            for term in terms:
                conditions.append(
                    "(p.name LIKE ? ESCAPE '\\' OR p.description LIKE ? ESCAPE '\\'"
                    " OR n.path LIKE ? ESCAPE '\\' OR p.path LIKE ? ESCAPE '\\')"
                )
                params += [listing.like(term)] * 4
            page = listing.paginate(
                "projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
                + " AND ".join(conditions),
                params,
                "p.star_count DESC, p.last_activity_at DESC, p.id",
                access.PROJECT_COLUMNS,
            )
        else:
            table = "issues" if scope == "issues" else "merge_requests"
            conditions = [clause]
            for term in terms:
                conditions.append(
                    "(i.title LIKE ? ESCAPE '\\' OR i.description LIKE ? ESCAPE '\\')"
                )
                params += [listing.like(term)] * 2
            page = listing.paginate(
                f"{table} i JOIN projects p ON p.id = i.project_id JOIN namespaces n ON"
                " n.id = p.namespace_id WHERE " + " AND ".join(conditions),
                params,
                "i.updated_at DESC, i.id DESC",
                "i.*, p.name AS project_name, p.path AS project_path, n.path AS namespace_path",
            )
    return render_template(
        "githost/search.html", query=query, scope=scope, page=page, scopes=SEARCH_SCOPES, error=None
    )


# --- creating a project ------------------------------------------------------------------


def creatable_namespaces() -> list:
    """Namespaces the signed-in user may create projects in: their own and groups they run."""
    return (
        get_db()
        .execute(
            "SELECT * FROM namespaces WHERE owner_id = ? UNION ALL SELECT n.* FROM namespaces n"
            " JOIN group_members m ON m.namespace_id = n.id WHERE m.user_id = ? AND m.role >= ?"
            " ORDER BY kind DESC, path",
            (g.user["id"], g.user["id"], access.MAINTAINER),
        )
        .fetchall()
    )


def slugify(name: str) -> str:
    """Return a project path made from a name (``.``, ``_`` and ``-`` stay)."""
    return slugs.slugify(name, keep="._-", drop_apostrophes=False)


@bp.route("/projects/new", methods=("GET", "POST"))
@login_required
def new_project() -> Response | tuple[str, int] | str:
    """Create a project in one of the user's namespaces, optionally with a README."""
    namespaces = creatable_namespaces()
    if request.method == "GET":
        return render_template(
            "githost/new_project.html",
            namespaces=namespaces,
            errors={},
            form={
                "visibility": "private",
                "namespace_id": next(
                    (
                        str(row["id"])
                        for row in namespaces
                        if str(row["id"]) == request.args.get("namespace_id")
                    ),
                    str(namespaces[0]["id"]),
                ),
                "initialize_with_readme": "1",
            },
            visibilities=access.VISIBILITIES,
        )
    errors: dict[str, str] = {}
    form = request.form
    name = forms.display_name(form, "name", "Project name", errors)
    path = forms.text(form, "path", "Project slug", errors, max_length=100, required=False)
    path = path or slugify(name)
    if "path" not in errors and path and not forms.PATH.match(path):
        errors["path"] = f"Project slug must use {PATH_RULE}."
    choices = {str(row["id"]): row for row in namespaces}
    namespace_id = forms.choice(form, "namespace_id", "Project namespace", choices, errors)
    visibility = forms.choice(form, "visibility", "Visibility level", access.VISIBILITIES, errors)
    if namespace_id and visibility:
        problem = access.visibility_error(choices[namespace_id], visibility)
        if problem:
            errors["visibility"] = problem
    description = forms.text(
        form, "description", "Project description", errors, max_length=2000, required=False
    )
    db = get_db()
    if (
        namespace_id
        and path
        and "path" not in errors
        and db.execute(
            "SELECT 1 FROM projects WHERE namespace_id = ? AND path = ?", (int(namespace_id), path)
        ).fetchone()
    ):
        errors["path"] = (
            f"The namespace {choices[namespace_id]['path']} already has a project"
            f" with the slug {path}."
        )
    if errors:
        return render_template(
            "githost/new_project.html",
            namespaces=namespaces,
            errors=errors,
            form=form,
            visibilities=access.VISIBILITIES,
        ), 400
    moment = now_text()
    cursor = db.execute(
        "INSERT INTO projects (namespace_id, path, name, description, visibility, default_branch,"
        " language, creator_id, created_at, last_activity_at) VALUES (?, ?, ?, ?, ?, 'main', '',"
        " ?, ?, ?)",
        (int(namespace_id), path, name, description, visibility, g.user["id"], moment, moment),
    )
    project_id = int(cursor.lastrowid or 0)
    db.execute(
        "INSERT INTO members VALUES (?, ?, ?, ?)", (project_id, g.user["id"], access.OWNER, moment)
    )
    if form.get("initialize_with_readme"):
        writer = repo.RepoWriter(db)
        readme = f"# {name}\n\n{description or 'A new project.'}\n"
        sha = writer.commit(
            project_id,
            {"README.md": writer.blob(readme)},
            [],
            (g.user["id"], g.user["name"], g.user["email"]),
            "Initial commit",
            moment,
        )
        db.execute(
            "INSERT INTO refs VALUES (?, 'branch', 'main', ?, '', ?)", (project_id, sha, moment)
        )
    access.record_event(project_id, "created", "project", project_id, name)
    db.commit()
    flash(f"Project '{name}' was successfully created.", "success")
    namespace_path = choices[namespace_id]["path"]
    return redirect(url_for("projects.show", namespace=namespace_path, project=path))
