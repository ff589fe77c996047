"""User pages: profile with biography and karma, submissions and comments."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, render_template, request

from ..core import paging
from ..core.db import get_db
from . import listing
from .votes import user_votes

bp = Blueprint("users", __name__, url_prefix="/user")

COMMENT_COLUMNS = (
    "c.id, c.body, c.score, c.created_at, c.edited_at, c.submission_id, s.title,"
    " f.name AS forum_name, f.title AS forum_title"
)
COMMENT_FROM = (
    "comments c JOIN submissions s ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id"
)


def get_user(username: str) -> sqlite3.Row:
    """Return the user called ``username`` or abort with 404."""
    user = (
        get_db()
        .execute("SELECT * FROM users WHERE username = ?", (username.lower()[:50],))
        .fetchone()
    )
    if user is None:
        abort(404, f"There is no user called '{username[:50]}'.")
    return user


def karma(user_id: int) -> tuple[int, int]:
    """Return (submission karma, comment karma): score sums of undeleted content."""
    db = get_db()
    posts = db.execute(
        "SELECT COALESCE(SUM(score), 0) FROM submissions WHERE user_id = ? AND deleted = 0",
        (user_id,),
    ).fetchone()[0]
    comments = db.execute(
        "SELECT COALESCE(SUM(score), 0) FROM comments WHERE user_id = ? AND deleted = 0"
        " AND removed = 0",
        (user_id,),
    ).fetchone()[0]
    return posts, comments


@bp.route("/<username>")
def profile(username: str) -> str:
    """Show a user's biography, karma, forums moderated and recent activity."""
    user = get_user(username)
    db = get_db()
    submission_count = db.execute(
        "SELECT COUNT(*) FROM submissions WHERE user_id = ? AND deleted = 0", (user["id"],)
    ).fetchone()[0]
    comment_count = db.execute(
        "SELECT COUNT(*) FROM comments WHERE user_id = ? AND deleted = 0 AND removed = 0",
        (user["id"],),
    ).fetchone()[0]
    submissions = db.execute(
        f"SELECT {listing.SUBMISSION_COLUMNS} FROM {listing.SUBMISSION_FROM}"
        " WHERE s.user_id = ? AND s.deleted = 0 ORDER BY s.created_at DESC, s.id DESC LIMIT 5",
        (user["id"],),
    ).fetchall()
    comments = db.execute(
        f"SELECT {COMMENT_COLUMNS} FROM {COMMENT_FROM} WHERE c.user_id = ? AND c.deleted = 0"
        " AND c.removed = 0 ORDER BY c.created_at DESC, c.id DESC LIMIT 5",
        (user["id"],),
    ).fetchall()
    moderates = db.execute(
        "SELECT f.name, f.title FROM moderators m JOIN forums f ON f.id = m.forum_id"
        " WHERE m.user_id = ? ORDER BY f.title",
        (user["id"],),
    ).fetchall()
    return render_template(
        "forum/user/profile.html",
        user=user,
        karma=karma(user["id"]),
        submission_count=submission_count,
        comment_count=comment_count,
        submissions=submissions,
        comments=comments,
        moderates=moderates,
    )


@bp.route("/<username>/submissions")
def submissions(username: str) -> str:
    """List a user's submissions, newest first."""
    user = get_user(username)
    page = listing.list_submissions(
        {**request.args.to_dict(), "sort": "new"}, ["s.user_id = ?"], [user["id"]]
    )
    votes = user_votes("submission", [row["id"] for row in page.submissions])
    return render_template("forum/user/submissions.html", user=user, listing=page, votes=votes)


@bp.route("/<username>/comments")
def comments(username: str) -> str:
    """List a user's comments, newest first."""
    user = get_user(username)
    db = get_db()
    where = "c.user_id = ? AND c.deleted = 0 AND c.removed = 0"
    total = db.execute(f"SELECT COUNT(*) FROM comments c WHERE {where}", (user["id"],)).fetchone()[
        0
    ]
    pages = listing.page_count(total)
    page = paging.page_number(request.args)
    paging.check_page(page, pages)
    rows = db.execute(
        f"SELECT {COMMENT_COLUMNS} FROM {COMMENT_FROM} WHERE {where}"
        " ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?",
        (user["id"], listing.PER_PAGE, (page - 1) * listing.PER_PAGE),
    ).fetchall()
    return render_template(
        "forum/user/comments.html", user=user, comments=rows, page=page, pages=pages, total=total
    )
