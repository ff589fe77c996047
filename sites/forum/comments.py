"""Replying to, editing, deleting and (for moderators) removing comments."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, flash, g, redirect, render_template, request
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from . import forms
from .forums import is_moderator
from .listing import submission_url
from .submissions import post_comment, reply_refusal

bp = Blueprint("comments", __name__, url_prefix="/comments")


def get_comment(comment_id: int) -> sqlite3.Row:
    """Return a comment with its submission's title, forum and lock state, or 404."""
    row = (
        get_db()
        .execute(
            "SELECT c.*, u.username, s.title, s.locked, s.deleted AS submission_deleted,"
            " s.forum_id, f.name AS forum_name FROM comments c JOIN users u ON u.id = c.user_id"
            " JOIN submissions s ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id"
            " WHERE c.id = ?",
            (comment_id,),
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no comment {comment_id}.")
    return row


def comment_url(comment: sqlite3.Row) -> str:
    """Return the permalink of a comment row from :func:`get_comment`."""
    return (
        submission_url(
            {
                "forum_name": comment["forum_name"],
                "id": comment["submission_id"],
                "title": comment["title"],
            }
        )
        + f"/comment/{comment['id']}"
    )


def _own_comment(comment_id: int) -> sqlite3.Row:
    comment = get_comment(comment_id)
    if comment["deleted"] or comment["removed"]:
        abort(404, "That comment has been deleted or removed.")
    if comment["user_id"] != g.user["id"]:
        abort(403, "You can only edit or delete your own comments.")
    return comment


@bp.route("/<int:comment_id>/reply", methods=("GET", "POST"))
@login_required
def reply(comment_id: int) -> Response | tuple[str, int]:
    """Reply to a comment."""
    parent = get_comment(comment_id)
    if request.method == "GET":
        refusal = reply_refusal(parent)
        if refusal:
            abort(403, refusal)
        return render_template("forum/reply.html", parent=parent, form={}, errors={}), 200
    new_id, errors = post_comment(request.form, parent=parent)
    if new_id is None:
        return render_template(
            "forum/reply.html", parent=parent, form=request.form, errors=errors
        ), 400
    flash("Your reply has been posted.", "success")
    return redirect(comment_url(parent) + f"#comment-{new_id}")


@bp.route("/<int:comment_id>/edit", methods=("GET", "POST"))
@login_required
def edit(comment_id: int) -> Response | tuple[str, int]:
    """Edit one's own comment."""
    comment = _own_comment(comment_id)
    if request.method == "GET":
        return render_template(
            "forum/edit_comment.html", comment=comment, form={"body": comment["body"]}, errors={}
        ), 200
    errors: dict[str, str] = {}
    body = forms.text(request.form, "body", "Comment", errors, max_length=forms.COMMENT_LIMIT)
    if errors:
        return render_template(
            "forum/edit_comment.html", comment=comment, form=request.form, errors=errors
        ), 400
    db = get_db()
    db.execute(
        "UPDATE comments SET body = ?, edited_at = ? WHERE id = ?", (body, now_text(), comment_id)
    )
    db.commit()
    flash("Your comment has been updated.", "success")
    return redirect(comment_url(comment))


@bp.route("/<int:comment_id>/delete", methods=("POST",))
@login_required
def delete(comment_id: int) -> Response:
    """Delete one's own comment; it is shown as [deleted] and its replies stay."""
    comment = _own_comment(comment_id)
    db = get_db()
    db.execute("UPDATE comments SET deleted = 1 WHERE id = ?", (comment_id,))
    db.commit()
    flash("Your comment has been deleted.", "success")
    return redirect(comment_url(comment))


@bp.route("/<int:comment_id>/remove", methods=("POST",))
@login_required
def remove(comment_id: int) -> Response:
    """Remove a comment from a forum one moderates."""
    comment = get_comment(comment_id)
    if not is_moderator(comment["forum_id"]):
        abort(403, "Only the forum's moderators can remove comments.")
    db = get_db()
    db.execute("UPDATE comments SET removed = 1 WHERE id = ?", (comment_id,))
    db.commit()
    flash("The comment has been removed.", "success")
    return redirect(comment_url(comment))
