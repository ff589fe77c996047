"""Issues: list with filters, pages, creating, editing, comments, closing and the sidebar."""

from __future__ import annotations

from flask import abort, flash, g, redirect, render_template, request, url_for
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


@bp.route("/-/issues/new", methods=("GET", "POST"))
@login_required
def new() -> Response | tuple[str, int] | str:
    """Create an issue; Reporters and up can also set assignee, labels, milestone, due date."""
    access.require_writable("create issues")
    if request.method == "GET":
        return render_template("githost/issues/form.html", **_form_context({"label_ids": []}, {}))
    form = request.form
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
        context = _form_context(form, errors)
        context["form"] = {**form.to_dict(), "label_ids": form.getlist("label_ids")}
        return render_template("githost/issues/form.html", **context), 400
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
    db.commit()
    flash(f"Issue #{iid} was created.", "success")
    return redirect(url_for("issues.show", iid=iid))


@bp.route("/-/issues/<int:iid>")
def show(iid: int) -> str:
    """Show an issue with its description, comments and details."""
    issue = tracker.get_item(ISSUE, iid)
    return render_template("githost/issues/show.html", issue=issue, **tracker.sidebar(ISSUE, issue))


def _editable(iid: int):
    access.require_user("edit issues")
    access.require_writable("edit issues")
    issue = tracker.get_item(ISSUE, iid)
    if g.role < access.REPORTER and issue["author_id"] != g.user["id"]:
        abort(
            403,
            "Only the issue's author or project members with the Reporter role or higher"
            " can change this issue.",
        )
    return issue


@bp.route("/-/issues/<int:iid>/edit", methods=("GET", "POST"))
@login_required
def edit(iid: int) -> Response | tuple[str, int] | str:
    """Edit an issue's title and description."""
    issue = _editable(iid)
    if request.method == "GET":
        return render_template("githost/issues/form.html", **_form_context(dict(issue), {}, issue))
    errors, title, description = _validate(request.form)
    if errors:
        return render_template(
            "githost/issues/form.html", **_form_context(request.form, errors, issue)
        ), 400
    db = get_db()
    if title != issue["title"]:
        tracker.system_note(ISSUE, issue, f"changed title from {issue['title']} to {title}")
    if description != issue["description"]:
        tracker.system_note(ISSUE, issue, "changed the description")
    db.execute(
        "UPDATE issues SET title = ?, description = ?, updated_at = ? WHERE id = ?",
        (title, description, now_text(), issue["id"]),
    )
    db.commit()
    flash(f"Issue #{iid} was updated.", "success")
    return redirect(url_for("issues.show", iid=iid))


@bp.route("/-/issues/<int:iid>/notes", methods=("POST",))
def comment(iid: int) -> Response | tuple[str, int]:
    """Add a comment to an issue."""
    access.require_user("comment")
    access.require_writable("comment")
    issue = tracker.get_item(ISSUE, iid)
    body, errors = tracker.comment_errors(ISSUE)
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


def _set_state(iid: int, state: str) -> Response:
    issue = _editable(iid)
    verb = "closed" if state == "closed" else "reopened"
    if issue["state"] == state:
        flash(f"Issue #{iid} is already {'closed' if state == 'closed' else 'open'}.", "error")
        return redirect(url_for("issues.show", iid=iid))
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
    db.commit()
    flash(f"Issue #{iid} was {verb}.", "success")
    return redirect(url_for("issues.show", iid=iid))


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
    return tracker.assign(ISSUE, tracker.get_item(ISSUE, iid), request.form.get("assignee_id", ""))


@bp.route("/-/issues/<int:iid>/unassign", methods=("POST",))
def unassign(iid: int) -> Response:
    """Remove an assignee (``user_id``) from the issue."""
    access.require_user("unassign issues")
    return tracker.unassign(ISSUE, tracker.get_item(ISSUE, iid), request.form.get("user_id", ""))


@bp.route("/-/issues/<int:iid>/labels", methods=("POST",))
def set_labels(iid: int) -> Response:
    """Replace the issue's labels with the checked ``label_ids``."""
    access.require_user("label issues")
    return tracker.set_labels(
        ISSUE, tracker.get_item(ISSUE, iid), request.form.getlist("label_ids")
    )


@bp.route("/-/issues/<int:iid>/milestone", methods=("POST",))
def set_milestone(iid: int) -> Response:
    """Set or remove the issue's milestone (``milestone_id``)."""
    access.require_user("change milestones")
    return tracker.set_milestone(
        ISSUE, tracker.get_item(ISSUE, iid), request.form.get("milestone_id", "")
    )


@bp.route("/-/issues/<int:iid>/due_date", methods=("POST",))
def set_due_date(iid: int) -> Response:
    """Set or clear the issue's due date (``due_date``, YYYY-MM-DD)."""
    access.require_user("change due dates")
    issue = tracker.get_item(ISSUE, iid)
    tracker.require_manage(ISSUE)
    errors: dict[str, str] = {}
    due = forms.parse_date(request.form, "due_date", "Due date", errors)
    if errors:
        flash(errors["due_date"], "error")
        return redirect(url_for("issues.show", iid=iid))
    db = get_db()
    db.execute(
        "UPDATE issues SET due_date = ?, updated_at = ? WHERE id = ?",
        (due, now_text(), issue["id"]),
    )
    tracker.system_note(ISSUE, issue, f"changed due date to {due}" if due else "removed due date")
    db.commit()
    flash(f"Due date set to {due}." if due else "Due date removed.", "success")
    return redirect(url_for("issues.show", iid=iid))
