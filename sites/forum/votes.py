"""Votes on submissions and comments, and the "hot" ranking they feed.

A user has at most one vote per item: +1 (up) or -1 (down). Voting the same way
again is refused as a no-op by the caller's choice of direction: the forms send
``up``, ``down`` or ``none`` (withdraw). Scores are denormalized on the item and
always equal the sum of its votes.
"""

from __future__ import annotations

import math
import sqlite3
from datetime import datetime
from functools import partial

from flask import Blueprint, abort, flash, g, redirect, request
from werkzeug.wrappers import Response

from ..core import slugs
from ..core.auth import login_required, safe_next
from ..core.clock import now_text
from ..core.db import get_db

bp = Blueprint("votes", __name__)

HOT_EPOCH = datetime(2020, 1, 1)
HOT_SECONDS_PER_DECADE = 45000
"""A tenfold score is worth as much as being this many seconds newer."""

DIRECTIONS = {"up": 1, "down": -1, "none": 0}


slugify = partial(slugs.slugify, max_words=8, default="submission")
"""A submission's URL slug: the first eight lower-case words of its title, hyphenated."""


def hot_rank(score: int, created_at: str) -> int:
    """Return the "hot" ranking key of a submission (larger is hotter).

    Reddit's formula: the order of magnitude of the score plus the age, so the
    ranking never depends on the clock, only on the score and creation time.
    Rounded to an integer so platforms' maths libraries cannot disagree.
    """
    created = datetime.fromisoformat(created_at)
    seconds = int((created - HOT_EPOCH).total_seconds())
    sign = (score > 0) - (score < 0)
    order = round(math.log10(max(abs(score), 1)) * HOT_SECONDS_PER_DECADE)
    return sign * order + seconds


def apply_vote(kind: str, item_id: int, user_id: int, value: int) -> None:
    """Record ``user_id``'s vote on an item and update its denormalized score.

    Args:
        kind: ``"submission"`` or ``"comment"``.
        item_id: The submission or comment id.
        user_id: The voter.
        value: 1 (up), -1 (down) or 0 (withdraw the vote).
    """
    db = get_db()
    table, votes, column = (
        ("submissions", "submission_votes", "submission_id")
        if kind == "submission"
        else ("comments", "comment_votes", "comment_id")
    )
    row = db.execute(
        f"SELECT value FROM {votes} WHERE user_id = ? AND {column} = ?", (user_id, item_id)
    ).fetchone()
    old = row["value"] if row else 0
    if old == value:
        return
    if value == 0:
        db.execute(f"DELETE FROM {votes} WHERE user_id = ? AND {column} = ?", (user_id, item_id))
    elif row:
        db.execute(
            f"UPDATE {votes} SET value = ?, voted_at = ? WHERE user_id = ? AND {column} = ?",
            (value, now_text(), user_id, item_id),
        )
    else:
        db.execute(
            f"INSERT INTO {votes} (user_id, {column}, value, voted_at) VALUES (?, ?, ?, ?)",
            (user_id, item_id, value, now_text()),
        )
    ups = (value == 1) - (old == 1)
    downs = (value == -1) - (old == -1)
    db.execute(
        f"UPDATE {table} SET upvotes = upvotes + ?, downvotes = downvotes + ?,"
        f" score = score + ? WHERE id = ?",
        (ups, downs, value - old, item_id),
    )
    if kind == "submission":
        item = db.execute(
            "SELECT score, created_at FROM submissions WHERE id = ?", (item_id,)
        ).fetchone()
        db.execute(
            "UPDATE submissions SET hot = ? WHERE id = ?",
            (hot_rank(item["score"], item["created_at"]), item_id),
        )


def user_votes(kind: str, ids: list[int]) -> dict[int, int]:
    """Return the logged-in user's votes on some items: id -> +1 or -1."""
    if g.user is None or not ids:
        return {}
    votes, column = (
        ("submission_votes", "submission_id")
        if kind == "submission"
        else ("comment_votes", "comment_id")
    )
    marks = ", ".join("?" * len(ids))
    rows = (
        get_db()
        .execute(
            f"SELECT {column}, value FROM {votes} WHERE user_id = ? AND {column} IN ({marks})",
            (g.user["id"], *ids),
        )
        .fetchall()
    )
    return {row[0]: row[1] for row in rows}


def _direction() -> int:
    direction = request.form.get("direction", "")
    if direction not in DIRECTIONS:
        abort(400, "The vote must be 'up', 'down' or 'none'.")
    return DIRECTIONS[direction]


def _back(default: str) -> Response:
    return redirect(safe_next(request.values.get("next")) or default)


def vote_on_submission(submission_id: int, value: int) -> sqlite3.Row:
    """Record the logged-in user's vote (1, 0 or -1) on a submission and commit.

    The one implementation of voting on submissions: the vote form and the JSON API
    call it.

    Returns:
        The submission's ``id``, ``title`` and forum ``name``.

    Raises:
        NotFound: there is no such submission.
        BadRequest: the submission is deleted.
    """
    row = (
        get_db()
        .execute(
            "SELECT s.id, s.title, s.deleted, f.name FROM submissions s JOIN forums f"
            " ON f.id = s.forum_id WHERE s.id = ?",
            (submission_id,),
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no submission {submission_id}.")
    if row["deleted"]:
        abort(400, "You cannot vote on a deleted submission.")
    apply_vote("submission", submission_id, g.user["id"], value)
    get_db().commit()
    return row


def vote_on_comment(comment_id: int, value: int) -> sqlite3.Row:
    """Record the logged-in user's vote (1, 0 or -1) on a comment and commit.

    The one implementation of voting on comments: the vote form and the JSON API call it.

    Returns:
        The comment's ``id`` and ``submission_id``, the submission's ``title`` and the
        forum's ``name``.

    Raises:
        NotFound: there is no such comment.
        BadRequest: the comment is deleted or removed.
    """
    row = (
        get_db()
        .execute(
            "SELECT c.id, c.deleted, c.removed, c.submission_id, s.title, f.name FROM comments c"
            " JOIN submissions s ON s.id = c.submission_id JOIN forums f ON f.id = s.forum_id"
            " WHERE c.id = ?",
            (comment_id,),
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no comment {comment_id}.")
    if row["deleted"] or row["removed"]:
        abort(400, "You cannot vote on a deleted or removed comment.")
    apply_vote("comment", comment_id, g.user["id"], value)
    get_db().commit()
    return row


@bp.route("/vote/submission/<int:submission_id>", methods=("POST",))
@login_required
def vote_submission(submission_id: int) -> Response:
    """Vote on a submission (``direction`` = up, down or none) and go back."""
    value = _direction()
    row = vote_on_submission(submission_id, value)
    flash(_vote_message(value, "submission"), "success")
    return _back(f"/f/{row['name']}/{submission_id}/{slugify(row['title'])}")


@bp.route("/vote/comment/<int:comment_id>", methods=("POST",))
@login_required
def vote_comment(comment_id: int) -> Response:
    """Vote on a comment (``direction`` = up, down or none) and go back."""
    value = _direction()
    row = vote_on_comment(comment_id, value)
    flash(_vote_message(value, "comment"), "success")
    return _back(
        f"/f/{row['name']}/{row['submission_id']}/{slugify(row['title'])}/comment/{comment_id}"
    )


def _vote_message(value: int, what: str) -> str:
    if value == 1:
        return f"You upvoted the {what}."
    if value == -1:
        return f"You downvoted the {what}."
    return f"Your vote on the {what} was removed."
