"""Issues: list with filters, pages, creating, editing, comments, closing and the sidebar."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

from flask import abort, flash, g, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms, tracker
from .tracker import ISSUE

bp = access.project_blueprint("issues", __name__)


@bp.route("/-/issues")
def index() -> str:
    """List the project's issues with filters and sorting."""
    return render_template("githost/issues/index.html", **tracker.list_items(ISSUE))


def _form_context(form, errors, issue=None) -> dict:
    return {
        "form": form,
        "errors": errors,
        "issue": issue,
        "labels": tracker.labels(),
        "milestones": tracker.milestones(),
        "members": tracker.members(),
    }


def _validate(form) -> tuple[dict[str, str], str, str]:
    errors: dict[str, str] = {}
    title = forms.text(form, "title", "Title", errors)
    description = forms.text(
        form, "description", "Description", errors, max_length=forms.TEXT_LIMIT, required=False
    )
    return errors, title, description


def require_create() -> None:
    """Abort unless the current user may open an issue in ``g.project``."""
    access.require_user("create issues")
    access.require_writable("create issues")


def create_issue(form: MultiDict) -> tuple[dict[str, str], int]:
    """Open an issue in ``g.project`` from the new-issue form (does not commit).

    Fields: ``title``, ``description``; Reporters and up also ``assignee_id``,
    ``label_ids`` (several), ``milestone_id`` and ``due_date``.

    Returns:
        ``(errors, iid)``: field name -> message (nothing written), or no errors and the
        new issue's iid.
    """
    errors, title, description = _validate(form)
    manage = g.role >= access.REPORTER
    members = {str(row["id"]): row for row in tracker.members()}
    labels = {str(row["id"]): row for row in tracker.labels()}
    milestones = {str(row["id"]): row for row in tracker.milestones()}
    assignee = forms.choice(form, "assignee_id", "Assignee", members, errors, required=False)
    milestone = forms.choice(form, "milestone_id", "Milestone", milestones, errors, required=False)
    label_ids = sorted({value for value in form.getlist("label_ids") if value in labels}, key=int)
    due_date = forms.parse_date(form, "due_date", "Due date", errors)
    if not manage and (assignee or milestone or label_ids or due_date):
        errors["assignee_id"] = (
            "Only Reporters and higher can set assignees, labels, milestones or due dates."
        )
    if errors:
        return errors, 0
    db = get_db()
    moment = now_text()
    iid = db.execute(
        "SELECT COALESCE(MAX(iid), 0) + 1 FROM issues WHERE project_id = ?", (g.project["id"],)
    ).fetchone()[0]
    cursor = db.execute(
        "INSERT INTO issues (project_id, iid, title, description, state, author_id,"
        " milestone_id, due_date, created_at, updated_at) VALUES (?, ?, ?, ?, 'opened', ?, ?,"
        " ?, ?, ?)",
        (
            g.project["id"],
            iid,
            title,
            description,
            g.user["id"],
            int(milestone) if milestone else None,
            due_date,
            moment,
            moment,
        ),
    )
    issue_id = int(cursor.lastrowid or 0)
    db.executemany(
        "INSERT INTO issue_labels VALUES (?, ?)", [(issue_id, int(value)) for value in label_ids]
    )
    if assignee:
        db.execute("INSERT INTO issue_assignees VALUES (?, ?)", (issue_id, int(assignee)))
        access.add_todo(int(assignee), g.project["id"], "issue", issue_id, "assigned")
    access.mention_todos(description, g.project["id"], "issue", issue_id)
    access.record_event(g.project["id"], "opened", "issue", issue_id, title)
    return errors, iid


@bp.route("/-/issues/new", methods=("GET", "POST"))
@login_required
def new() -> Response | tuple[str, int] | str:
    """Create an issue; Reporters and up can also set assignee, labels, milestone, due date."""
    require_create()
    if request.method == "GET":
        return render_template("githost/issues/form.html", **_form_context({"label_ids": []}, {}))
    form = request.form
    errors, iid = create_issue(form)
    if errors:
        context = _form_context(form, errors)
        context["form"] = {**form.to_dict(), "label_ids": form.getlist("label_ids")}
        return render_template("githost/issues/form.html", **context), 400
    get_db().commit()
    flash(f"Issue #{iid} was created.", "success")
    return redirect(url_for("issues.show", iid=iid))


@bp.route("/-/issues/<int:iid>")
def show(iid: int) -> str:
    """Show an issue with its description, comments and details."""
    issue = tracker.get_item(ISSUE, iid)
    return render_template("githost/issues/show.html", issue=issue, **tracker.sidebar(ISSUE, issue))


def editable(issue: sqlite3.Row) -> sqlite3.Row:
    """Abort unless the current user may edit ``issue`` (its author or Reporter+)."""
    access.require_user("edit issues")
    access.require_writable("edit issues")
    if g.role < access.REPORTER and issue["author_id"] != g.user["id"]:
        abort(
            403,
            "Only the issue's author or project members with the Reporter role or higher"
            " can change this issue.",
        )
    return issue


def _editable(iid: int) -> sqlite3.Row:
    access.require_user("edit issues")
    return editable(tracker.get_item(ISSUE, iid))


def update_issue(issue: sqlite3.Row, form: Mapping[str, str]) -> dict[str, str]:
    """Change an issue's ``title`` and ``description`` from the edit form (no commit).

    Returns:
        Field name -> message; empty when saved.
    """
    errors, title, description = _validate(form)
    if errors:
        return errors
    db = get_db()
    if title != issue["title"]:
        tracker.system_note(ISSUE, issue, f"changed title from {issue['title']} to {title}")
    if description != issue["description"]:
        tracker.system_note(ISSUE, issue, "changed the description")
    db.execute(
        "UPDATE issues SET title = ?, description = ?, updated_at = ? WHERE id = ?",
        (title, description, now_text(), issue["id"]),
    )
    return errors


@bp.route("/-/issues/<int:iid>/edit", methods=("GET", "POST"))
@login_required
def edit(iid: int) -> Response | tuple[str, int] | str:
    """Edit an issue's title and description."""
    issue = _editable(iid)
    if request.method == "GET":
        return render_template("githost/issues/form.html", **_form_context(dict(issue), {}, issue))
    errors = update_issue(issue, request.form)
    if errors:
        return render_template(
            "githost/issues/form.html", **_form_context(request.form, errors, issue)
        ), 400
    get_db().commit()
    flash(f"Issue #{iid} was updated.", "success")
    return redirect(url_for("issues.show", iid=iid))


@bp.route("/-/issues/<int:iid>/notes", methods=("POST",))
def comment(iid: int) -> Response | tuple[str, int]:
    """Add a comment to an issue."""
    tracker.require_comment()
    issue = tracker.get_item(ISSUE, iid)
    body, errors = tracker.comment_errors(request.form)
    if errors:
        return render_template(
            "githost/issues/show.html",
            issue=issue,
            comment_errors=errors,
            comment_body=body,
            **tracker.sidebar(ISSUE, issue),
        ), 400
    tracker.add_comment(ISSUE, issue, body)
    get_db().commit()
    flash("Your comment has been added.", "success")
    return redirect(url_for("issues.show", iid=iid))


def set_state(issue: sqlite3.Row, state: str) -> str:
    """Close (``closed``) or reopen (``opened``) an issue the user may edit (no commit).

    Raises:
        tracker.Invalid: The issue is already in that state.
    """
    editable(issue)
    verb = "closed" if state == "closed" else "reopened"
    if issue["state"] == state:
        raise tracker.Invalid(
            f"Issue #{issue['iid']} is already {'closed' if state == 'closed' else 'open'}."
        )
    db = get_db()
    moment = now_text()
    db.execute(
        "UPDATE issues SET state = ?, closed_at = ?, updated_at = ? WHERE id = ?",
        (state, moment if state == "closed" else None, moment, issue["id"]),
    )
    tracker.system_note(ISSUE, issue, verb)
    access.record_event(g.project["id"], verb, "issue", issue["id"], issue["title"])
    if state == "closed":
        db.execute(
            "UPDATE todos SET state = 'done' WHERE target_type = 'issue' AND"
            " target_id = ? AND user_id = ?",
            (issue["id"], g.user["id"]),
        )
    return f"Issue #{issue['iid']} was {verb}."


def _set_state(iid: int, state: str) -> Response:
    issue = _editable(iid)
    return tracker.form_action(ISSUE, issue, lambda: set_state(issue, state))


@bp.route("/-/issues/<int:iid>/close", methods=("POST",))
def close(iid: int) -> Response:
    """Close an issue."""
    return _set_state(iid, "closed")


@bp.route("/-/issues/<int:iid>/reopen", methods=("POST",))
def reopen(iid: int) -> Response:
    """Reopen a closed issue."""
    return _set_state(iid, "opened")


@bp.route("/-/issues/<int:iid>/assign", methods=("POST",))
def assign(iid: int) -> Response:
    """Assign a member (``assignee_id``) to the issue."""
    access.require_user("assign issues")
    issue = tracker.get_item(ISSUE, iid)
    return tracker.form_action(
        ISSUE, issue, lambda: tracker.assign(ISSUE, issue, request.form.get("assignee_id", ""))
    )


@bp.route("/-/issues/<int:iid>/unassign", methods=("POST",))
def unassign(iid: int) -> Response:
    """Remove an assignee (``user_id``) from the issue."""
    access.require_user("unassign issues")
    issue = tracker.get_item(ISSUE, iid)
    return tracker.form_action(
        ISSUE, issue, lambda: tracker.unassign(ISSUE, issue, request.form.get("user_id", ""))
    )


@bp.route("/-/issues/<int:iid>/labels", methods=("POST",))
def set_labels(iid: int) -> Response:
    """Replace the issue's labels with the checked ``label_ids``."""
    access.require_user("label issues")
    issue = tracker.get_item(ISSUE, iid)
    return tracker.form_action(
        ISSUE, issue, lambda: tracker.set_labels(ISSUE, issue, request.form.getlist("label_ids"))
    )


@bp.route("/-/issues/<int:iid>/milestone", methods=("POST",))
def set_milestone(iid: int) -> Response:
    """Set or remove the issue's milestone (``milestone_id``)."""
    access.require_user("change milestones")
    issue = tracker.get_item(ISSUE, iid)
    return tracker.form_action(
        ISSUE,
        issue,
        lambda: tracker.set_milestone(ISSUE, issue, request.form.get("milestone_id", "")),
    )


def set_due_date(issue: sqlite3.Row, form: Mapping[str, str]) -> str:
    """Set or clear an issue's due date from the ``due_date`` field (no commit).

    Raises:
        tracker.Invalid: The date is malformed.
    """
    tracker.require_manage(ISSUE)
    errors: dict[str, str] = {}
    due = forms.parse_date(form, "due_date", "Due date", errors)
    if errors:
        raise tracker.Invalid(errors["due_date"])
    get_db().execute(
        "UPDATE issues SET due_date = ?, updated_at = ? WHERE id = ?",
        (due, now_text(), issue["id"]),
    )
    tracker.system_note(ISSUE, issue, f"changed due date to {due}" if due else "removed due date")
    return f"Due date set to {due}." if due else "Due date removed."


@bp.route("/-/issues/<int:iid>/due_date", methods=("POST",), endpoint="set_due_date")
def set_due_date_view(iid: int) -> Response:
    """Set or clear the issue's due date (``due_date``, YYYY-MM-DD)."""
    access.require_user("change due dates")
    issue = tracker.get_item(ISSUE, iid)
    return tracker.form_action(ISSUE, issue, lambda: set_due_date(issue, request.form))
