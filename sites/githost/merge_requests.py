"""Merge requests: list, create from a branch, commits, changes, approve, merge and close."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from flask import abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms, repo, tracker
from .repository import diff_page
from .tracker import MERGE_REQUEST

bp = access.project_blueprint("merge_requests", __name__)

FAST_FORWARD_IMPOSSIBLE = (
    "Fast-forward merge is not possible. Rebase the source branch onto the target branch."
)


@dataclass
class Status:
    """Where a merge request's branches stand and whether it can be merged."""

    source_sha: str | None
    target_sha: str | None
    base_sha: str | None
    conflicts: list[str]
    problem: str

    @property
    def mergeable(self) -> bool:
        """Whether the merge button may be used."""
        return not self.problem and not self.conflicts


def status(mr: sqlite3.Row) -> Status:
    """Compute a merge request's branch heads, merge base and merge problems."""
    db = get_db()
    project_id = g.project["id"]
    if mr["state"] != "opened":
        return Status(mr["source_sha"], None, mr["base_sha"], [], "")
    source = repo.branch_head(db, project_id, mr["source_branch"])
    target = repo.branch_head(db, project_id, mr["target_branch"])
    if source is None:
        return Status(
            None,
            target,
            None,
            [],
            f"The source branch {mr['source_branch']} does not exist any more.",
        )
    if target is None:
        return Status(
            source, None, None, [], f"The target branch {mr['target_branch']} does not exist."
        )
    base = repo.merge_base(db, project_id, source, target)
    if base == source:
        return Status(
            source,
            target,
            base,
            [],
            "The source branch has no changes that are not already in the target branch.",
        )
    if g.project["merge_method"] == "ff" and base != target:
        return Status(source, target, base, [], FAST_FORWARD_IMPOSSIBLE)
    commits = {sha: repo.require_commit(db, project_id, sha) for sha in (source, target)}
    base_files = (
        repo.tree_files(db, repo.require_commit(db, project_id, base)["tree_id"]) if base else {}
    )
    _merged, conflicts = repo.three_way_merge(
        base_files,
        repo.tree_files(db, commits[target]["tree_id"]),
        repo.tree_files(db, commits[source]["tree_id"]),
    )
    return Status(source, target, base, conflicts, "")


def _commits_and_diffs(
    mr: sqlite3.Row, state: Status, with_diffs: bool
) -> tuple[list, int, list[repo.FileDiff]]:
    """The merge request's commits, how many files it changes and, when ``with_diffs``
    (the Changes tab; the other tabs show only the count), their diffs."""
    db = get_db()
    if state.source_sha is None:
        return [], 0, []
    commits = repo.commits_between(db, g.project["id"], state.base_sha, state.source_sha)
    base = repo.get_commit(db, g.project["id"], state.base_sha) if state.base_sha else None
    source = repo.require_commit(db, g.project["id"], state.source_sha)
    old = repo.tree_files(db, base["tree_id"]) if base else {}
    new = repo.tree_files(db, source["tree_id"])
    if with_diffs:
        diffs = repo.diff_snapshots(db, old, new)
        return commits, len(diffs), diffs
    return commits, len(repo.changed_paths(old, new)), []


@bp.route("/-/merge_requests")
def index() -> str:
    """List the project's merge requests with filters and sorting."""
    context = tracker.list_items(MERGE_REQUEST)
    return render_template("githost/merge_requests/index.html", **context)


@bp.route("/-/merge_requests/new", methods=("GET", "POST"))
@login_required
def new() -> Response | tuple[str, int] | str:
    """Open a merge request from a source branch into a target branch."""
    require_create()
    db = get_db()
    branches = repo.branch_names(db, g.project["id"])
    if request.method == "GET":
        source = request.args.get("source_branch", "")
        form = {
            "source_branch": source if source in branches else "",
            "target_branch": request.args.get("target_branch", "") or g.project["default_branch"],
            "title": "",
            "description": "",
        }
        if form["source_branch"]:
            head = repo.require_commit(
                db, g.project["id"], repo.branch_head(db, g.project["id"], form["source_branch"])
            )
            form["title"] = head["message"].split("\n")[0] if head else ""
        return render_template(
            "githost/merge_requests/new.html",
            form=form,
            errors={},
            branches=branches,
            members=tracker.members(),
        )
    errors, iid = create_mr(request.form)
    if errors:
        return render_template(
            "githost/merge_requests/new.html",
            form=request.form,
            errors=errors,
            branches=branches,
            members=tracker.members(),
        ), 400
    db.commit()
    flash(f"Merge request !{iid} was created.", "success")
    return redirect(url_for("merge_requests.show", iid=iid))


def require_create() -> None:
    """Abort unless the current user may open merge requests in ``g.project`` (Developer+)."""
    access.require(access.DEVELOPER, "create merge requests")
    access.require_writable("create merge requests")


def create_mr(form: Mapping[str, str]) -> tuple[dict[str, str], int]:
    """Open a merge request from the new-merge-request form (no commit).

    Fields: ``source_branch``, ``target_branch``, ``title``, ``description``,
    ``assignee_id`` and ``reviewer_id`` (optional, members).

    Returns:
        ``(errors, iid)``; nothing is written when there are errors.
    """
    require_create()
    db = get_db()
    branches = repo.branch_names(db, g.project["id"])
    errors: dict[str, str] = {}
    source = forms.choice(form, "source_branch", "Source branch", tuple(branches), errors)
    target = forms.choice(form, "target_branch", "Target branch", tuple(branches), errors)
    title = forms.text(form, "title", "Title", errors)
    description = forms.text(
        form, "description", "Description", errors, max_length=forms.TEXT_LIMIT, required=False
    )
    members = {str(row["id"]): row for row in tracker.members()}
    assignee = forms.choice(form, "assignee_id", "Assignee", members, errors, required=False)
    reviewer = forms.choice(form, "reviewer_id", "Reviewer", members, errors, required=False)
    if source and target and source == target:
        errors["target_branch"] = "The source and target branches must be different."
    elif source and target:
        source_head = repo.branch_head(db, g.project["id"], source)
        target_head = repo.branch_head(db, g.project["id"], target)
        if (
            source_head
            and target_head
            and repo.is_ancestor(db, g.project["id"], source_head, target_head)
        ):
            errors["source_branch"] = f"{source} has no commits that are not already in {target}."
        elif db.execute(
            "SELECT iid FROM merge_requests WHERE project_id = ? AND state = 'opened'"
            " AND source_branch = ? AND target_branch = ?",
            (g.project["id"], source, target),
        ).fetchone():
            errors["source_branch"] = (
                f"There is already an open merge request from {source} into {target}."
            )
    if errors:
        return errors, 0
    moment = now_text()
    iid = db.execute(
        "SELECT COALESCE(MAX(iid), 0) + 1 FROM merge_requests WHERE project_id = ?",
        (g.project["id"],),
    ).fetchone()[0]
    cursor = db.execute(
        "INSERT INTO merge_requests (project_id, iid, title, description, state, author_id,"
        " source_branch, target_branch, created_at, updated_at) VALUES (?, ?, ?, ?, 'opened', ?,"
        " ?, ?, ?, ?)",
        (g.project["id"], iid, title, description, g.user["id"], source, target, moment, moment),
    )
    mr_id = int(cursor.lastrowid or 0)
    for people, user_id in ((tracker.MR_ASSIGNEES, assignee), (tracker.REVIEWERS, reviewer)):
        if user_id:
            db.execute(f"INSERT INTO {people.table} VALUES (?, ?)", (mr_id, int(user_id)))
            access.add_todo(int(user_id), g.project["id"], "merge_request", mr_id, people.todo)
    access.mention_todos(description, g.project["id"], "merge_request", mr_id)
    access.record_event(g.project["id"], "opened", "merge_request", mr_id, title)
    return errors, iid


def _approvals(mr: sqlite3.Row) -> list[sqlite3.Row]:
    return (
        get_db()
        .execute(
            "SELECT u.id, u.username, u.name, a.created_at FROM mr_approvals a JOIN users u ON"
            " u.id = a.user_id WHERE a.mr_id = ? ORDER BY a.created_at, u.username",
            (mr["id"],),
        )
        .fetchall()
    )


def _render(mr: sqlite3.Row, tab: str, status_code: int = 200, **extra) -> tuple[str, int]:
    state = status(mr)
    commits, diff_count, diffs = _commits_and_diffs(mr, state, tab == "diffs")
    shown, page, pages = diff_page(diffs) if tab == "diffs" else ([], 1, 1)
    approvals = _approvals(mr)
    merged_by = None
    if mr["merged_by_id"]:
        merged_by = (
            get_db()
            .execute("SELECT username, name FROM users WHERE id = ?", (mr["merged_by_id"],))
            .fetchone()
        )
    user_id = g.user["id"] if g.user else None
    context = tracker.sidebar(MERGE_REQUEST, mr)
    context.update(
        mr=mr,
        tab=tab,
        status=state,
        commits=commits,
        diff_count=diff_count,
        shown=shown,
        page=page,
        pages=pages,
        approvals=approvals,
        merged_by=merged_by,
        approved_by_me=any(row["id"] == user_id for row in approvals),
        can_approve=g.role >= access.DEVELOPER
        and user_id != mr["author_id"]
        and mr["state"] == "opened"
        and not g.project["archived"],
        can_merge=g.role >= access.DEVELOPER
        and mr["state"] == "opened"
        and not g.project["archived"],
        can_close=g.user is not None
        and not g.project["archived"]
        and (g.role >= access.DEVELOPER or user_id == mr["author_id"]),
    )
    context.update(extra)
    return render_template("githost/merge_requests/show.html", **context), status_code


@bp.route("/-/merge_requests/<int:iid>")
def show(iid: int) -> tuple[str, int]:
    """The merge request's overview: description, approvals, merge box and comments."""
    return _render(tracker.get_item(MERGE_REQUEST, iid), "overview")


@bp.route("/-/merge_requests/<int:iid>/commits")
def commits(iid: int) -> tuple[str, int]:
    """The merge request's commits."""
    return _render(tracker.get_item(MERGE_REQUEST, iid), "commits")


@bp.route("/-/merge_requests/<int:iid>/diffs")
def diffs(iid: int) -> tuple[str, int]:
    """The merge request's changes."""
    return _render(tracker.get_item(MERGE_REQUEST, iid), "diffs")


def _back(iid: int) -> Response:
    return redirect(url_for("merge_requests.show", iid=iid))


def open_mr(mr: sqlite3.Row, action: str) -> sqlite3.Row:
    """Abort unless the user is signed in, the project writable and ``mr`` open (409)."""
    access.require_user(action)
    access.require_writable(action)
    if mr["state"] != "opened":
        abort(409, f"Merge request !{mr['iid']} is {mr['state']}; you cannot {action}.")
    return mr


def approve_mr(mr: sqlite3.Row) -> str:
    """Approve ``mr`` as the current user (Developers and up, not its author; no commit)."""
    open_mr(mr, "approve this merge request")
    access.require(access.DEVELOPER, "approve merge requests")
    if mr["author_id"] == g.user["id"]:
        abort(403, "You cannot approve your own merge request.")
    db = get_db()
    if not db.execute(
        "SELECT 1 FROM mr_approvals WHERE mr_id = ? AND user_id = ?", (mr["id"], g.user["id"])
    ).fetchone():
        db.execute(
            "INSERT INTO mr_approvals VALUES (?, ?, ?)", (mr["id"], g.user["id"], now_text())
        )
        tracker.system_note(MERGE_REQUEST, mr, "approved this merge request")
        access.record_event(g.project["id"], "approved", "merge_request", mr["id"], mr["title"])
        db.execute(
            "UPDATE todos SET state = 'done' WHERE target_type = 'merge_request' AND"
            " target_id = ? AND user_id = ?",
            (mr["id"], g.user["id"]),
        )
        tracker.touch(MERGE_REQUEST, mr)
    return f"You approved merge request !{mr['iid']}."


def unapprove_mr(mr: sqlite3.Row) -> str:
    """Withdraw the current user's approval of ``mr`` (no commit)."""
    open_mr(mr, "revoke an approval")
    db = get_db()
    if db.execute(
        "DELETE FROM mr_approvals WHERE mr_id = ? AND user_id = ?", (mr["id"], g.user["id"])
    ).rowcount:
        tracker.system_note(MERGE_REQUEST, mr, "unapproved this merge request")
        tracker.touch(MERGE_REQUEST, mr)
    return f"You revoked your approval of merge request !{mr['iid']}."


@bp.route("/-/merge_requests/<int:iid>/approve", methods=("POST",))
def approve(iid: int) -> Response:
    """Approve the merge request (Developers and up, not its author)."""
    access.require_user("approve this merge request")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(MERGE_REQUEST, mr, lambda: approve_mr(mr))


@bp.route("/-/merge_requests/<int:iid>/unapprove", methods=("POST",))
def unapprove(iid: int) -> Response:
    """Withdraw the current user's approval."""
    access.require_user("revoke an approval")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(MERGE_REQUEST, mr, lambda: unapprove_mr(mr))


class NotMergeable(tracker.Invalid):
    """The branches cannot be merged (conflicts, nothing to merge, a missing branch)."""


def merge_mr(mr: sqlite3.Row, delete_source_branch: bool) -> str:
    """Merge ``mr``'s source branch into its target (no commit).

    With the project's merge method "Merge commit" the target gets a merge commit; with
    "Fast-forward merge" the target branch moves to the source's head (which
    :func:`status` has checked is ahead of it) and no commit is made.

    Raises:
        NotMergeable: What stops the merge.
    """
    open_mr(mr, "merge this merge request")
    access.require(access.DEVELOPER, "merge merge requests")
    state = status(mr)
    if not state.mergeable:
        raise NotMergeable(
            state.problem
            or "The branches have conflicting changes in " + ", ".join(state.conflicts) + "."
        )
    db = get_db()
    project_id = g.project["id"]
    assert state.source_sha and state.target_sha
    source = repo.require_commit(db, project_id, state.source_sha)
    moment = now_text()
    merge_commit = None
    if g.project["merge_method"] != "ff":
        merge_commit = _merge_commit(mr, state, source, moment)
    db.execute(
        "UPDATE refs SET commit_sha = ? WHERE project_id = ? AND kind = 'branch' AND name = ?",
        (merge_commit or source["sha"], project_id, mr["target_branch"]),
    )
    db.execute(
        "UPDATE merge_requests SET state = 'merged', source_sha = ?, base_sha = ?,"
        " merge_commit_sha = ?, merged_by_id = ?, merged_at = ?, updated_at = ? WHERE id = ?",
        (source["sha"], state.base_sha, merge_commit, g.user["id"], moment, moment, mr["id"]),
    )
    if delete_source_branch and mr["source_branch"] != g.project["default_branch"]:
        db.execute(
            "DELETE FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
            (project_id, mr["source_branch"]),
        )
    tracker.system_note(MERGE_REQUEST, mr, "merged")
    access.record_event(project_id, "merged", "merge_request", mr["id"], mr["title"])
    db.execute(
        "UPDATE todos SET state = 'done' WHERE target_type = 'merge_request' AND target_id = ?",
        (mr["id"],),
    )
    return f"Merge request !{mr['iid']} was merged into {mr['target_branch']}."


def _merge_commit(mr: sqlite3.Row, state: Status, source: sqlite3.Row, moment: str) -> str:
    """Write the merge commit of ``mr``'s source into its target and return its sha."""
    db = get_db()
    project_id = g.project["id"]
    target = repo.require_commit(db, project_id, state.target_sha)
    base = repo.get_commit(db, project_id, state.base_sha) if state.base_sha else None
    merged, _conflicts = repo.three_way_merge(
        repo.tree_files(db, base["tree_id"]) if base else {},
        repo.tree_files(db, target["tree_id"]),
        repo.tree_files(db, source["tree_id"]),
    )
    message = (
        f"Merge branch '{mr['source_branch']}' into '{mr['target_branch']}'\n\n"
        f"{mr['title']}\n\nSee merge request !{mr['iid']}"
    )
    return repo.RepoWriter(db).commit(
        project_id,
        merged,
        [target["sha"], source["sha"]],
        (g.user["id"], g.user["name"], g.user["email"]),
        message,
        moment,
    )


@bp.route("/-/merge_requests/<int:iid>/merge", methods=("POST",))
def merge(iid: int) -> Response | tuple[str, int]:
    """Merge the source branch into the target branch with a merge commit."""
    access.require_user("merge this merge request")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    try:
        message = merge_mr(mr, bool(request.form.get("delete_source_branch")))
    except NotMergeable as problem:
        return _render(mr, "overview", 409, merge_error=str(problem))
    get_db().commit()
    flash(message, "success")
    return _back(iid)


def close_mr(mr: sqlite3.Row) -> str:
    """Close ``mr`` without merging (its author or Developers and up; no commit)."""
    open_mr(mr, "close this merge request")
    if g.role < access.DEVELOPER and mr["author_id"] != g.user["id"]:
        abort(403, "Only the author or Developers and higher can close a merge request.")
    state = status(mr)
    moment = now_text()
    get_db().execute(
        "UPDATE merge_requests SET state = 'closed', source_sha = ?, base_sha = ?,"
        " closed_at = ?, updated_at = ? WHERE id = ?",
        (state.source_sha, state.base_sha, moment, moment, mr["id"]),
    )
    tracker.system_note(MERGE_REQUEST, mr, "closed")
    access.record_event(g.project["id"], "closed", "merge_request", mr["id"], mr["title"])
    return f"Merge request !{mr['iid']} was closed."


def reopen_mr(mr: sqlite3.Row) -> str:
    """Reopen a closed ``mr`` whose source branch still exists (no commit).

    Raises:
        tracker.Invalid: The source branch is gone.
    """
    access.require_user("reopen merge requests")
    access.require_writable("reopen merge requests")
    if mr["state"] != "closed":
        abort(
            409, f"Merge request !{mr['iid']} is {mr['state']}; only closed ones can be reopened."
        )
    if g.role < access.DEVELOPER and mr["author_id"] != g.user["id"]:
        abort(403, "Only the author or Developers and higher can reopen a merge request.")
    db = get_db()
    if not repo.branch_head(db, g.project["id"], mr["source_branch"]):
        raise tracker.Invalid(f"The source branch {mr['source_branch']} no longer exists.")
    db.execute(
        "UPDATE merge_requests SET state = 'opened', source_sha = NULL, base_sha = NULL,"
        " closed_at = NULL, updated_at = ? WHERE id = ?",
        (now_text(), mr["id"]),
    )
    tracker.system_note(MERGE_REQUEST, mr, "reopened")
    access.record_event(g.project["id"], "reopened", "merge_request", mr["id"], mr["title"])
    return f"Merge request !{mr['iid']} was reopened."


@bp.route("/-/merge_requests/<int:iid>/close", methods=("POST",))
def close(iid: int) -> Response:
    """Close the merge request without merging (its author or Developers and up)."""
    access.require_user("close this merge request")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(MERGE_REQUEST, mr, lambda: close_mr(mr))


@bp.route("/-/merge_requests/<int:iid>/reopen", methods=("POST",))
def reopen(iid: int) -> Response:
    """Reopen a closed merge request whose source branch still exists."""
    access.require_user("reopen merge requests")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(MERGE_REQUEST, mr, lambda: reopen_mr(mr))


@bp.route("/-/merge_requests/<int:iid>/notes", methods=("POST",))
def comment(iid: int) -> Response | tuple[str, int]:
    """Add a comment to the merge request."""
    tracker.require_comment()
    mr = tracker.get_item(MERGE_REQUEST, iid)
    body, errors = tracker.comment_errors(request.form)
    if errors:
        return _render(mr, "overview", 400, comment_errors=errors, comment_body=body)
    tracker.add_comment(MERGE_REQUEST, mr, body)
    get_db().commit()
    flash("Your comment has been added.", "success")
    return _back(iid)


@bp.route("/-/merge_requests/<int:iid>/edit", methods=("GET", "POST"))
@login_required
def edit(iid: int) -> Response | tuple[str, int] | str:
    """Edit the merge request's title and description, and (Reporter+) its reviewers."""
    mr = editable_mr(tracker.get_item(MERGE_REQUEST, iid))
    can_manage = g.role >= access.REPORTER
    members = tracker.members() if can_manage else []
    if request.method == "GET":
        current = tracker.people_of(tracker.REVIEWERS, [mr["id"]]).get(mr["id"], [])
        return render_template(
            "githost/merge_requests/edit.html",
            mr=mr,
            form=dict(mr),
            errors={},
            members=members,
            reviewer_ids=[row["id"] for row in current],
        )
    chosen = request.form.getlist("reviewer_ids")
    member_ids = {str(row["id"]) for row in members}
    errors = {}
    if any(value not in member_ids for value in chosen):
        errors["reviewer_ids"] = "Choose reviewers from the project's members."
    else:
        errors = update_mr(mr, request.form)
    if errors:
        return render_template(
            "githost/merge_requests/edit.html",
            mr=mr,
            form=request.form,
            errors=errors,
            members=members,
            reviewer_ids=[int(value) for value in chosen if value.isdigit()],
        ), 400
    if can_manage:
        tracker.set_people(MERGE_REQUEST, mr, tracker.REVIEWERS, [int(v) for v in chosen])
    get_db().commit()
    flash(f"Merge request !{iid} was updated.", "success")
    return _back(iid)


def editable_mr(mr: sqlite3.Row) -> sqlite3.Row:
    """Abort unless the current user may edit ``mr`` (its author or Developer+)."""
    access.require_user("edit merge requests")
    access.require_writable("edit merge requests")
    if g.role < access.DEVELOPER and mr["author_id"] != g.user["id"]:
        abort(403, "Only the author or Developers and higher can edit a merge request.")
    return mr


def update_mr(mr: sqlite3.Row, form: Mapping[str, str]) -> dict[str, str]:
    """Change ``mr``'s ``title`` and ``description`` from the edit form (no commit)."""
    editable_mr(mr)
    errors: dict[str, str] = {}
    title = forms.text(form, "title", "Title", errors)
    description = forms.text(
        form, "description", "Description", errors, max_length=forms.TEXT_LIMIT, required=False
    )
    if not errors:
        get_db().execute(
            "UPDATE merge_requests SET title = ?, description = ?, updated_at = ? WHERE id = ?",
            (title, description, now_text(), mr["id"]),
        )
    return errors


@bp.route("/-/merge_requests/<int:iid>/assign", methods=("POST",))
def assign(iid: int) -> Response:
    """Assign a member (``assignee_id``) to the merge request."""
    access.require_user("assign merge requests")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(
        MERGE_REQUEST,
        mr,
        lambda: tracker.assign(MERGE_REQUEST, mr, request.form.get("assignee_id", "")),
    )


@bp.route("/-/merge_requests/<int:iid>/unassign", methods=("POST",))
def unassign(iid: int) -> Response:
    """Remove an assignee (``user_id``)."""
    access.require_user("unassign merge requests")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(
        MERGE_REQUEST,
        mr,
        lambda: tracker.unassign(MERGE_REQUEST, mr, request.form.get("user_id", "")),
    )


@bp.route("/-/merge_requests/<int:iid>/labels", methods=("POST",))
def set_labels(iid: int) -> Response:
    """Replace the merge request's labels with the checked ``label_ids``."""
    access.require_user("label merge requests")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(
        MERGE_REQUEST,
        mr,
        lambda: tracker.set_labels(MERGE_REQUEST, mr, request.form.getlist("label_ids")),
    )


@bp.route("/-/merge_requests/<int:iid>/milestone", methods=("POST",))
def set_milestone(iid: int) -> Response:
    """Set or remove the merge request's milestone."""
    access.require_user("change milestones")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(
        MERGE_REQUEST,
        mr,
        lambda: tracker.set_milestone(MERGE_REQUEST, mr, request.form.get("milestone_id", "")),
    )


@bp.route("/-/merge_requests/<int:iid>/reviewers", methods=("POST",))
def request_review(iid: int) -> Response:
    """Request a review from a member (``reviewer_id``)."""
    access.require_user("request reviews")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(
        MERGE_REQUEST,
        mr,
        lambda: tracker.add_person(
            MERGE_REQUEST, mr, request.form.get("reviewer_id", ""), tracker.REVIEWERS
        ),
    )


@bp.route("/-/merge_requests/<int:iid>/reviewers/remove", methods=("POST",))
def remove_reviewer(iid: int) -> Response:
    """Remove a reviewer (``user_id``)."""
    access.require_user("remove reviewers")
    mr = tracker.get_item(MERGE_REQUEST, iid)
    return tracker.form_action(
        MERGE_REQUEST,
        mr,
        lambda: tracker.remove_person(
            MERGE_REQUEST, mr, request.form.get("user_id", ""), tracker.REVIEWERS
        ),
    )
