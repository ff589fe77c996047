"""Labels and milestones: list, create, edit, delete labels; close and reopen milestones."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

from flask import abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms, listing

bp = access.project_blueprint("planning", __name__)

MILESTONE_STATES = (("active", "Open"), ("closed", "Closed"), ("all", "All"))


def _can_manage() -> bool:
    return g.role >= access.REPORTER and not g.project["archived"]


def require_manage(what: str) -> None:
    """Abort unless the current user may manage labels or milestones (Reporter+)."""
    access.require(access.REPORTER, f"manage {what}")
    access.require_writable(f"manage {what}")


# --- labels -----------------------------------------------------------------------------------


@bp.route("/-/labels")
def labels() -> str:
    """List the project's labels with how many open issues and merge requests use them."""
    rows = (
        get_db()
        .execute(
            "SELECT l.*, (SELECT COUNT(*) FROM issue_labels x JOIN issues i ON i.id = x.issue_id"
            " WHERE x.label_id = l.id AND i.state = 'opened') AS open_issues,"
            " (SELECT COUNT(*) FROM mr_labels x JOIN merge_requests m ON m.id = x.mr_id"
            " WHERE x.label_id = l.id AND m.state = 'opened') AS open_mrs"
            " FROM labels l WHERE l.project_id = ? ORDER BY l.name",
            (g.project["id"],),
        )
        .fetchall()
    )
    return render_template("githost/planning/labels.html", labels=rows, can_manage=_can_manage())


def _label_or_404(label_id: int) -> sqlite3.Row:
    row = (
        get_db()
        .execute(
            "SELECT * FROM labels WHERE id = ? AND project_id = ?", (label_id, g.project["id"])
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no label {label_id} in this project.")
    return row


def save_label(form: Mapping[str, str], label: sqlite3.Row | None) -> tuple[dict[str, str], int]:
    """Create a label (``label`` None) or change one from the label form (no commit).

    Fields: ``name``, ``color`` (``#rrggbb``) and ``description``.

    Returns:
        ``(errors, label id)``; nothing is written when there are errors.
    """
    errors: dict[str, str] = {}
    name = forms.text(form, "name", "Title", errors, max_length=100)
    description = forms.text(
        form, "description", "Description", errors, max_length=500, required=False
    )
    color = forms.text(form, "color", "Background color", errors, max_length=7)
    if color and "color" not in errors and not forms.COLOR.match(color):
        errors["color"] = "Background color must be a hex colour like #428bca."
    db = get_db()
    clash = db.execute(
        "SELECT id FROM labels WHERE project_id = ? AND name = ?", (g.project["id"], name)
    ).fetchone()
    if name and clash and (label is None or clash[0] != label["id"]):
        errors["name"] = f"A label named {name} already exists in this project."
    if errors:
        return errors, 0
    if label is None:
        cursor = db.execute(
            "INSERT INTO labels (project_id, name, color, description) VALUES (?, ?, ?, ?)",
            (g.project["id"], name, color.lower(), description),
        )
        return errors, int(cursor.lastrowid or 0)
    db.execute(
        "UPDATE labels SET name = ?, color = ?, description = ? WHERE id = ?",
        (name, color.lower(), description, label["id"]),
    )
    return errors, label["id"]


def _label_form(label: sqlite3.Row | None) -> Response | tuple[str, int] | str:
    if request.method == "GET":
        form = dict(label) if label else {"color": "#428bca"}
        return render_template(
            "githost/planning/label_form.html", label=label, form=form, errors={}
        )
    errors, _label_id = save_label(request.form, label)
    if errors:
        return render_template(
            "githost/planning/label_form.html", label=label, form=request.form, errors=errors
        ), 400
    get_db().commit()
    name = request.form.get("name", "").strip()
    flash(f"Label {name} was {'created' if label is None else 'updated'}.", "success")
    return redirect(url_for("planning.labels"))


@bp.route("/-/labels/new", methods=("GET", "POST"))
def new_label() -> Response | tuple[str, int] | str:
    """Create a label."""
    require_manage("labels")
    return _label_form(None)


@bp.route("/-/labels/<int:label_id>/edit", methods=("GET", "POST"))
def edit_label(label_id: int) -> Response | tuple[str, int] | str:
    """Edit a label's title, description and colour."""
    require_manage("labels")
    return _label_form(_label_or_404(label_id))


@bp.route("/-/labels/<int:label_id>/delete", methods=("POST",))
def delete_label(label_id: int) -> Response:
    """Delete a label and remove it from every issue and merge request."""
    require_manage("labels")
    label = _label_or_404(label_id)
    db = get_db()
    db.execute("DELETE FROM issue_labels WHERE label_id = ?", (label_id,))
    db.execute("DELETE FROM mr_labels WHERE label_id = ?", (label_id,))
    db.execute("DELETE FROM labels WHERE id = ?", (label_id,))
    db.commit()
    flash(f"Label {label['name']} was deleted.", "success")
    return redirect(url_for("planning.labels"))


# --- milestones -------------------------------------------------------------------------------


MILESTONE_COLUMNS = (
    "m.*, (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id) AS issue_count,"
    " (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id AND i.state = 'closed')"
    " AS closed_count,"
    " (SELECT COUNT(*) FROM merge_requests r WHERE r.milestone_id = m.id) AS mr_count"
)


@bp.route("/-/milestones")
def milestones() -> str:
    """List milestones: open (default), closed or all."""
    state = request.args.get("state", "active")
    state = state if state in dict(MILESTONE_STATES) else "active"
    where, params = "m.project_id = ?", [g.project["id"]]
    if state != "all":
        where += " AND m.state = ?"
        params.append(state)
    page = listing.paginate(
        f"milestones m WHERE {where}",
        params,
        "m.due_date IS NULL, m.due_date, m.title",
        MILESTONE_COLUMNS,
    )
    return render_template(
        "githost/planning/milestones.html",
        page=page,
        state=state,
        states=MILESTONE_STATES,
        can_manage=_can_manage(),
    )


def _milestone_or_404(milestone_id: int) -> sqlite3.Row:
    row = (
        get_db()
        .execute(
            f"SELECT {MILESTONE_COLUMNS} FROM milestones m WHERE m.id = ? AND m.project_id = ?",
            (milestone_id, g.project["id"]),
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no milestone {milestone_id} in this project.")
    return row


@bp.route("/-/milestones/<int:milestone_id>")
def milestone(milestone_id: int) -> str:
    """Show a milestone with its progress and its open and closed issues."""
    row = _milestone_or_404(milestone_id)
    db = get_db()
    issues = {
        state: db.execute(
            "SELECT iid, title, state FROM issues WHERE milestone_id = ? AND state = ?"
            " ORDER BY iid LIMIT 20",
            (milestone_id, state),
        ).fetchall()
        for state in ("opened", "closed")
    }
    mrs = db.execute(
        "SELECT iid, title, state FROM merge_requests WHERE milestone_id = ? ORDER BY iid LIMIT 20",
        (milestone_id,),
    ).fetchall()
    return render_template(
        "githost/planning/milestone.html",
        milestone=row,
        issues=issues,
        mrs=mrs,
        can_manage=_can_manage(),
    )


def save_milestone(form: Mapping[str, str], row: sqlite3.Row | None) -> tuple[dict[str, str], int]:
    """Create a milestone (``row`` None) or change one from the milestone form (no commit).

    Fields: ``title``, ``description``, ``start_date`` and ``due_date`` (``YYYY-MM-DD``).

    Returns:
        ``(errors, milestone id)``; nothing is written when there are errors.
    """
    errors: dict[str, str] = {}
    title = forms.text(form, "title", "Title", errors, max_length=100)
    description = forms.text(
        form, "description", "Description", errors, max_length=forms.TEXT_LIMIT, required=False
    )
    start = forms.parse_date(form, "start_date", "Start date", errors)
    due = forms.parse_date(form, "due_date", "Due date", errors)
    if start and due and due < start:
        errors["due_date"] = "Due date must not be before the start date."
    db = get_db()
    clash = db.execute(
        "SELECT id FROM milestones WHERE project_id = ? AND title = ?", (g.project["id"], title)
    ).fetchone()
    if title and clash and (row is None or clash[0] != row["id"]):
        errors["title"] = f"A milestone titled {title} already exists in this project."
    if errors:
        return errors, 0
    if row is None:
        cursor = db.execute(
            "INSERT INTO milestones (project_id, title, description, state, start_date, due_date,"
            " created_at) VALUES (?, ?, ?, 'active', ?, ?, ?)",
            (g.project["id"], title, description, start, due, now_text()),
        )
        return errors, int(cursor.lastrowid or 0)
    db.execute(
        "UPDATE milestones SET title = ?, description = ?, start_date = ?, due_date = ?"
        " WHERE id = ?",
        (title, description, start, due, row["id"]),
    )
    return errors, row["id"]


def _milestone_form(row: sqlite3.Row | None) -> Response | tuple[str, int] | str:
    if request.method == "GET":
        form = dict(row) if row else {}
        return render_template(
            "githost/planning/milestone_form.html", milestone=row, form=form, errors={}
        )
    errors, milestone_id = save_milestone(request.form, row)
    if errors:
        return render_template(
            "githost/planning/milestone_form.html", milestone=row, form=request.form, errors=errors
        ), 400
    get_db().commit()
    title = request.form.get("title", "").strip()
    flash(f"Milestone {title} was {'created' if row is None else 'updated'}.", "success")
    return redirect(url_for("planning.milestone", milestone_id=milestone_id))


@bp.route("/-/milestones/new", methods=("GET", "POST"))
def new_milestone() -> Response | tuple[str, int] | str:
    """Create a milestone."""
    require_manage("milestones")
    return _milestone_form(None)


@bp.route("/-/milestones/<int:milestone_id>/edit", methods=("GET", "POST"))
def edit_milestone(milestone_id: int) -> Response | tuple[str, int] | str:
    """Edit a milestone's title, description and dates."""
    require_manage("milestones")
    return _milestone_form(_milestone_or_404(milestone_id))


def _set_milestone_state(milestone_id: int, state: str) -> Response:
    require_manage("milestones")
    row = _milestone_or_404(milestone_id)
    db = get_db()
    db.execute("UPDATE milestones SET state = ? WHERE id = ?", (state, milestone_id))
    db.commit()
    flash(
        f"Milestone {row['title']} was {'closed' if state == 'closed' else 'reopened'}.", "success"
    )
    return redirect(url_for("planning.milestone", milestone_id=milestone_id))


@bp.route("/-/milestones/<int:milestone_id>/close", methods=("POST",))
def close_milestone(milestone_id: int) -> Response:
    """Close a milestone."""
    return _set_milestone_state(milestone_id, "closed")


@bp.route("/-/milestones/<int:milestone_id>/reopen", methods=("POST",))
def reopen_milestone(milestone_id: int) -> Response:
    """Reopen a closed milestone."""
    return _set_milestone_state(milestone_id, "active")
