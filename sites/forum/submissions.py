"""Submission pages with threaded comments; creating, editing, deleting and locking."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.datastructures import FileStorage
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from ..core.paging import query_args
from . import forms, media
from .forums import get_forum, is_moderator
from .listing import CommentTree, submission_url
from .votes import hot_rank, slugify, user_votes

bp = Blueprint("submissions", __name__)

COMMENT_SORTS = {
    "top": ("Top", "c.score DESC, c.created_at, c.id"),
    "new": ("New", "c.created_at DESC, c.id DESC"),
}


def get_submission(name: str, submission_id: int) -> sqlite3.Row:
    """Return a submission with its forum and author names, or abort with 404."""
    row = (
        get_db()
        .execute(
            "SELECT s.*, f.name AS forum_name, f.title AS forum_title, u.username"
            " FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u "
            "ON u.id = s.user_id"
            " WHERE s.id = ?",
            (submission_id,),
        )
        .fetchone()
    )
    if row is None or row["forum_name"] != name.lower():
        abort(404, f"There is no submission {submission_id} in the forum '{name[:50]}'.")
    return row


def own_submission(name: str, submission_id: int) -> sqlite3.Row:
    """Return the logged-in user's undeleted submission, or abort with 403/404."""
    row = get_submission(name, submission_id)
    if row["deleted"]:
        abort(404, "That submission has been deleted.")
    if row["user_id"] != g.user["id"]:
        abort(403, "You can only edit or delete your own submissions.")
    return row


def comment_tree(submission_id: int, sort: str, root: int | None = None) -> tuple[list, dict]:
    """Return (top-level comments, parent id -> children) of a submission.

    Args:
        submission_id: The submission.
        sort: A key of :data:`COMMENT_SORTS`, applied to every level.
        root: When given, only this comment and its descendants (a permalink).
    """
    rows = (
        get_db()
        .execute(
            "SELECT c.*, u.username FROM comments c JOIN users u ON u.id = c.user_id"
            f" WHERE c.submission_id = ? ORDER BY {COMMENT_SORTS[sort][1]}",
            (submission_id,),
        )
        .fetchall()
    )
    children: dict[int | None, list[sqlite3.Row]] = {}
    for row in rows:
        children.setdefault(row["parent_id"], []).append(row)
    if root is None:
        return children.get(None, []), children
    return [row for row in rows if row["id"] == root], children


def render_submission(
    submission: sqlite3.Row,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    form: Mapping[str, str] | None = None,
    root: int | None = None,
) -> tuple[str, int]:
    """Render a submission page (or one comment's thread when ``root`` is given)."""
    sort = request.args.get("sort", "top")
    sort = sort if sort in COMMENT_SORTS else "top"
    top_level, children = comment_tree(submission["id"], sort, root)
    if root is not None and not top_level:
        abort(404, f"There is no comment {root} on this submission.")
    ids = [row["id"] for rows in children.values() for row in rows]
    moderator = is_moderator(submission["forum_id"])
    return render_template(
        "forum/submission.html",
        submission=submission,
        comments=top_level,
        comment_tree=CommentTree(submission, children, user_votes("comment", ids), moderator),
        submission_vote=user_votes("submission", [submission["id"]]).get(submission["id"], 0),
        moderator=moderator,
        sort=sort,
        sorts=COMMENT_SORTS,
        root=root,
        errors=errors or {},
        form=form or {},
    ), status


@bp.route("/f/<name>/<int:submission_id>")
@bp.route("/f/<name>/<int:submission_id>/<slug>")
def show(name: str, submission_id: int, slug: str = "") -> Response | tuple[str, int]:
    """Show a submission and its comments (``?sort=top|new``)."""
    submission = get_submission(name, submission_id)
    if slug != slugify(submission["title"]) or name != submission["forum_name"]:
        return redirect(submission_url(submission, **query_args(request.args.to_dict())))
    return render_submission(submission)


@bp.route("/f/<name>/<int:submission_id>/<slug>/comment/<int:comment_id>")
def permalink(name: str, submission_id: int, slug: str, comment_id: int) -> tuple[str, int]:
    """Show one comment and its replies under the submission."""
    return render_submission(get_submission(name, submission_id), root=comment_id)


@bp.route("/f/<name>/<int:submission_id>/comment", methods=("POST",))
@login_required
def comment(name: str, submission_id: int) -> Response | tuple[str, int]:
    """Post a top-level comment on a submission."""
    submission = get_submission(name, submission_id)
    comment_id, errors = post_comment(request.form, submission=submission)
    if comment_id is None:
        return render_submission(submission, status=400, errors=errors, form=request.form)
    flash("Your comment has been posted.", "success")
    return redirect(submission_url(submission) + f"#comment-{comment_id}")


def comment_refusal(submission: sqlite3.Row) -> str | None:
    """Why the logged-in user cannot comment on ``submission``, or None."""
    if submission["deleted"]:
        return "You cannot comment on a deleted submission."
    if submission["locked"]:
        return "This submission is locked; new comments cannot be posted."
    return None


def reply_refusal(parent: sqlite3.Row) -> str | None:
    """Why the logged-in user cannot reply to ``parent`` (a ``comments.get_comment`` row)."""
    if parent["locked"] or parent["submission_deleted"]:
        return "This submission is locked; new comments cannot be posted."
    if parent["deleted"] or parent["removed"]:
        return "You cannot reply to a deleted or removed comment."
    return None


def post_comment(
    form: Mapping[str, str],
    *,
    submission: sqlite3.Row | None = None,
    parent: sqlite3.Row | None = None,
) -> tuple[int | None, dict[str, str]]:
    """Post the logged-in user's comment (field ``body``) after checking the rules.

    The one implementation of commenting: the comment and reply forms and the JSON API
    call it.

    Args:
        form: The submitted fields.
        submission: The submission (a :func:`get_submission` row) for a top-level comment.
        parent: The comment replied to (a ``comments.get_comment`` row) for a reply.

    Returns:
        (the new comment's id, {}) or (None, field name -> message).

    Raises:
        Forbidden: the submission is deleted or locked, or the parent is deleted or removed.
    """
    refusal = reply_refusal(parent) if parent is not None else None
    if parent is None:
        assert submission is not None, "post_comment needs a submission or a parent"
        refusal = comment_refusal(submission)
    if refusal:
        abort(403, refusal)
    errors: dict[str, str] = {}
    label = "Reply" if parent is not None else "Comment"
    body = forms.text(form, "body", label, errors, max_length=forms.COMMENT_LIMIT)
    if errors:
        return None, errors
    if parent is not None:
        return add_comment(parent["submission_id"], parent["id"], parent["depth"] + 1, body), {}
    assert submission is not None
    return add_comment(submission["id"], None, 0, body), {}


def add_comment(submission_id: int, parent_id: int | None, depth: int, body: str) -> int:
    """Insert the logged-in user's comment, bump the comment count and commit."""
    db = get_db()
    cursor = db.execute(
        "INSERT INTO comments (submission_id, parent_id, user_id, body, depth, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (submission_id, parent_id, g.user["id"], body, depth, now_text()),
    )
    db.execute(
        "UPDATE submissions SET comment_count = comment_count + 1 WHERE id = ?", (submission_id,)
    )
    db.commit()
    return int(cursor.lastrowid or 0)


def _forum_choices() -> list[sqlite3.Row]:
    return (
        get_db().execute("SELECT name, title FROM forums ORDER BY title COLLATE NOCASE").fetchall()
    )


def submission_fields(form: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """A submission form's ``title``, ``url`` and ``body``, and field name -> problem."""
    errors: dict[str, str] = {}
    values = {
        "title": forms.text(form, "title", "Title", errors, max_length=forms.TITLE_LIMIT),
        "url": forms.url(form, "url", "URL", errors, required=False),
        "body": forms.text(
            form, "body", "Body", errors, max_length=forms.BODY_LIMIT, required=False
        ),
    }
    return values, errors


def create_submission(
    forum_name: str, form: Mapping[str, str], files: Mapping[str, FileStorage] | None = None
) -> tuple[int | None, dict[str, str]]:
    """Create the logged-in user's link (with ``url``), text or image submission in a forum.

    The one implementation of submitting: the submit form and the JSON API call it. An
    image post is a text submission with a picture: an uploaded ``image`` file or one of
    the user's pictures (``reuse_image``; see :func:`~.media.read_picture`).

    Args:
        forum_name: The forum's name (any case).
        form: The submitted ``title``, ``url``, ``body`` and ``reuse_image``.
        files: The submitted files (``image``), if any.

    Returns:
        (the new submission's id, {}) or (None, field name -> message); nothing is
        written on a problem.
    """
    values, errors = submission_fields(form)
    picture = media.read_picture(form, files, errors)
    if picture is not None and values["url"]:
        errors["url"] = "An image post has no URL: leave the URL empty or remove the image."
    db = get_db()
    forum = db.execute("SELECT * FROM forums WHERE name = ?", (forum_name.lower()[:50],)).fetchone()
    if forum is None:
        errors["forum"] = "Choose the forum to post in."
    if errors:
        return None, errors
    stamp = now_text()
    cursor = db.execute(
        "INSERT INTO submissions (forum_id, user_id, kind, title, url, body, hot, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            forum["id"],
            g.user["id"],
            "link" if values["url"] else "text",
            values["title"],
            values["url"],
            values["body"],
            hot_rank(0, stamp),
            stamp,
        ),
    )
    submission_id = int(cursor.lastrowid or 0)
    if picture is not None:
        media.attach_picture(submission_id, values["title"], picture)
    db.commit()
    return submission_id, {}


def _render_submit(form: Mapping[str, str], errors: dict[str, str], status: int) -> tuple[str, int]:
    return render_template(
        "forum/submit.html",
        forums=_forum_choices(),
        your_images=media.your_images(),
        image_limit_kb=media.IMAGE_LIMIT // 1024,
        form=form,
        errors=errors,
    ), status


@bp.route("/submit", methods=("GET", "POST"))
@bp.route("/f/<name>/submit", methods=("GET", "POST"))
@login_required
def submit(name: str = "") -> Response | tuple[str, int]:
    """Create a link submission (with a URL), a text submission (without) or an image post."""
    if name:
        get_forum(name)
    chosen = request.values.get("forum", name).lower()[:50]
    if request.method == "GET":
        return _render_submit({"forum": chosen}, {}, 200)
    submission_id, errors = create_submission(chosen, request.form, request.files)
    if submission_id is None:
        return _render_submit(request.form, errors, 400)
    flash("Your submission has been created.", "success")
    return redirect(
        url_for(
            "submissions.show",
            name=chosen,
            submission_id=submission_id,
            slug=slugify(request.form.get("title", "").strip()),
        )
    )


@bp.route("/f/<name>/<int:submission_id>/edit", methods=("GET", "POST"))
@login_required
def edit(name: str, submission_id: int) -> Response | tuple[str, int]:
    """Edit the title, URL and body of one's own submission."""
    submission = own_submission(name, submission_id)
    if request.method == "GET":
        return render_template(
            "forum/edit_submission.html", submission=submission, form=dict(submission), errors={}
        ), 200
    values, errors = submission_fields(request.form)
    if submission["kind"] == "link" and not values["url"] and "url" not in errors:
        errors["url"] = "URL is required for a link submission."
    if errors:
        return render_template(
            "forum/edit_submission.html", submission=submission, form=request.form, errors=errors
        ), 400
    db = get_db()
    db.execute(
        "UPDATE submissions SET title = ?, url = ?, body = ?, edited_at = ? WHERE id = ?",
        (
            values["title"],
            values["url"] if submission["kind"] == "link" else "",
            values["body"],
            now_text(),
            submission_id,
        ),
    )
    media.retitle_picture(submission_id, values["title"])
    db.commit()
    flash("Your submission has been updated.", "success")
    return redirect(
        url_for(
            "submissions.show",
            name=submission["forum_name"],
            submission_id=submission_id,
            slug=slugify(values["title"]),
        )
    )


@bp.route("/f/<name>/<int:submission_id>/delete", methods=("POST",))
@login_required
def delete(name: str, submission_id: int) -> Response:
    """Delete one's own submission (its comments stay readable)."""
    submission = own_submission(name, submission_id)
    db = get_db()
    db.execute("UPDATE submissions SET deleted = 1 WHERE id = ?", (submission_id,))
    db.commit()
    flash("Your submission has been deleted.", "success")
    return redirect(url_for("forums.show", name=submission["forum_name"]))


def _set_lock(name: str, submission_id: int, locked: bool) -> Response:
    submission = get_submission(name, submission_id)
    if not is_moderator(submission["forum_id"]):
        abort(403, f"Only moderators of {submission['forum_title']} can lock submissions.")
    db = get_db()
    db.execute("UPDATE submissions SET locked = ? WHERE id = ?", (int(locked), submission_id))
    db.commit()
    flash(
        "The submission has been locked." if locked else "The submission has been unlocked.",
        "success",
    )
    return redirect(submission_url(submission))


@bp.route("/f/<name>/<int:submission_id>/lock", methods=("POST",))
@login_required
def lock(name: str, submission_id: int) -> Response:
    """Lock a submission so no new comments can be posted (moderators only)."""
    return _set_lock(name, submission_id, True)


@bp.route("/f/<name>/<int:submission_id>/unlock", methods=("POST",))
@login_required
def unlock(name: str, submission_id: int) -> Response:
    """Unlock a submission (moderators only)."""
    return _set_lock(name, submission_id, False)
