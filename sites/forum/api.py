"""The forum's JSON API under ``/api/``, in Postmill's spirit.

Reads are open to everyone, as the pages are; writes act as the user of the session
cookie (log in through the site first; 401 otherwise), send a JSON object with
``Content-Type: application/json`` (415 otherwise) and go through the very functions
the forms call (:func:`~webenv.sites.forum.submissions.create_submission`,
:func:`~webenv.sites.forum.submissions.post_comment`,
:func:`~webenv.sites.forum.votes.vote_on_submission`,
:func:`~webenv.sites.forum.votes.vote_on_comment`), so every rule and refusal is the
form's. Errors are ``{"message": ...}`` (:mod:`~webenv.sites.core.api`); field
problems are 422 with every field's message in ``errors``. Lists are paged with
``page``/``per_page`` and GitLab's ``X-Total``... headers. Endpoints are listed in
``docs/api.md``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from flask import abort, g, request
from werkzeug.wrappers import Response

from ..core.api import (
    body,
    iso_time,
    json_blueprint,
    json_response,
    paged_response,
    requested_page,
    string_fields,
    validation_error,
)
from ..core.db import get_db
from . import listing
from .comments import get_comment
from .forums import DIRECTORY_SORTS, get_forum
from .submissions import COMMENT_SORTS, comment_tree, create_submission, post_comment
from .users import get_user, karma
from .votes import user_votes, vote_on_comment, vote_on_submission

bp = json_blueprint("api", __name__, "/api")

Answer = Response | tuple[Response, int]
"""A view's answer: a response, or one with its status."""

_SUBMISSION = (
    "SELECT s.*, f.name AS forum_name, u.username FROM submissions s"
    " JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id WHERE s.id = ?"
)


def _user_required() -> None:
    if g.user is None:
        abort(401, "Log in first: the API acts as the user of the forum's session cookie.")


def _id(value: str, what: str) -> int:
    if not (value.isascii() and value.isdigit()) or len(value) > 12:
        abort(404, f"There is no {what} {value[:20]!r}.")
    return int(value)


def _site_url(path: str) -> str:
    return request.host_url.rstrip("/") + path


def _forum_json(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "name": row["name"],
        "title": row["title"],
        "description": row["description"],
        "sidebar": row["sidebar"],
        "subscriber_count": row["subscriber_count"],
        "created_at": iso_time(row["created_at"]),
        "web_url": _site_url(listing.forum_url(row["name"])),
    }


def _submission_json(row: sqlite3.Row, full: bool = False) -> dict[str, Any]:
    gone = bool(row["deleted"])
    data: dict[str, Any] = {
        "id": row["id"],
        "forum": row["forum_name"],
        "title": "[deleted]" if gone else row["title"],
        "kind": row["kind"],
        "url": "" if gone else row["url"],
        "author": None if gone else row["username"],
        "score": row["score"],
        "comment_count": row["comment_count"],
        "locked": bool(row["locked"]),
        "deleted": gone,
        "created_at": iso_time(row["created_at"]),
        "edited_at": iso_time(row["edited_at"]),
        "web_url": _site_url(listing.submission_url(row)),
    }
    if full:
        data["body"] = "" if gone else row["body"]
        data["upvotes"] = row["upvotes"]
        data["downvotes"] = row["downvotes"]
        data["my_vote"] = user_votes("submission", [row["id"]]).get(row["id"], 0)
    return data


def _comment_json(row: sqlite3.Row, my_vote: int) -> dict[str, Any]:
    hidden = bool(row["deleted"] or row["removed"])
    body = "[deleted]" if row["deleted"] else "[removed by a moderator]" if hidden else row["body"]
    return {
        "id": row["id"],
        "submission_id": row["submission_id"],
        "parent_id": row["parent_id"],
        "depth": row["depth"],
        "author": None if row["deleted"] else row["username"],
        "body": body,
        "score": row["score"],
        "deleted": bool(row["deleted"]),
        "removed": bool(row["removed"]),
        "created_at": iso_time(row["created_at"]),
        "edited_at": iso_time(row["edited_at"]),
        "my_vote": my_vote,
    }


def _submission_row(submission_id: str) -> sqlite3.Row:
    number = _id(submission_id, "submission")
    row = get_db().execute(_SUBMISSION, (number,)).fetchone()
    if row is None:
        abort(404, f"There is no submission {number}.")
    return row


def _listing(where: list[str], params: list[Any]) -> Response:
    sort = request.args.get("sort", "hot")
    if sort not in listing.SORTS:
        abort(400, f"sort must be one of {', '.join(listing.SORTS)}, got {sort[:20]!r}.")
    time_range = request.args.get("t", "all")
    if time_range not in listing.RANGES:
        abort(400, f"t must be one of {', '.join(listing.RANGES)}, got {time_range[:20]!r}.")
    page = requested_page(listing.PER_PAGE)
    found = listing.list_submissions(
        {"sort": sort, "t": time_range}, where, params, page=page.page, per_page=page.per_page
    )
    return paged_response([_submission_json(row) for row in found.submissions], page, found.total)


# -- forums ----------------------------------------------------------------------------


@bp.get("/forums")
def forums() -> Response:
    """Every forum (``sort`` = name, subscribers or new; paged)."""
    sort = request.args.get("sort", "name")
    if sort not in DIRECTORY_SORTS:
        abort(400, f"sort must be one of {', '.join(DIRECTORY_SORTS)}, got {sort[:20]!r}.")
    page = requested_page()
    db = get_db()
    total = db.execute("SELECT COUNT(*) FROM forums").fetchone()[0]
    rows = db.execute(
        f"SELECT * FROM forums ORDER BY {DIRECTORY_SORTS[sort][1]} LIMIT ? OFFSET ?",
        (page.per_page, page.offset),
    ).fetchall()
    return paged_response([_forum_json(row) for row in rows], page, total)


@bp.get("/forums/<name>")
def forum(name: str) -> Response:
    """One forum, with its moderators."""
    row = get_forum(name)
    moderators = [
        m["username"]
        for m in get_db().execute(
            "SELECT u.username FROM moderators m JOIN users u ON u.id = m.user_id"
            " WHERE m.forum_id = ? ORDER BY m.added_at, u.username",
            (row["id"],),
        )
    ]
    return json_response({**_forum_json(row), "moderators": moderators})


@bp.get("/forums/<name>/submissions")
def forum_submissions(name: str) -> Response:
    """A forum's submissions (``sort`` = hot, new or top; ``t`` with top; paged)."""
    return _listing(["s.forum_id = ?"], [get_forum(name)["id"]])


# -- submissions -----------------------------------------------------------------------


@bp.route("/submissions", methods=("GET", "POST"))
def submissions() -> Answer:
    """GET: every forum's submissions, as ``/all``. POST: create one (as the submit form)."""
    if request.method == "GET":
        return _listing([], [])
    _user_required()
    fields = string_fields(body(), ("forum", "title", "url", "body"))
    submission_id, errors = create_submission(fields["forum"], fields)
    if submission_id is None:
        return validation_error(errors)
    return json_response(_submission_json(_submission_row(str(submission_id)), full=True)), 201


@bp.get("/submissions/<submission_id>")
def submission(submission_id: str) -> Response:
    """One submission with its body and the user's vote."""
    return json_response(_submission_json(_submission_row(submission_id), full=True))


@bp.route("/submissions/<submission_id>/comments", methods=("GET", "POST"))
def submission_comments(submission_id: str) -> Answer:
    """GET: the comments in thread order (``sort`` = top or new), not paged. POST: comment
    (``body``; ``parent_id`` to reply), as the comment and reply forms."""
    row = _submission_row(submission_id)
    if request.method == "GET":
        sort = request.args.get("sort", "top")
        if sort not in COMMENT_SORTS:
            abort(400, f"sort must be one of {', '.join(COMMENT_SORTS)}, got {sort[:20]!r}.")
        top_level, children = comment_tree(row["id"], sort)
        ordered: list[sqlite3.Row] = []
        stack = list(reversed(top_level))
        while stack:
            comment = stack.pop()
            ordered.append(comment)
            stack.extend(reversed(children.get(comment["id"], [])))
        votes = user_votes("comment", [c["id"] for c in ordered])
        return json_response([_comment_json(c, votes.get(c["id"], 0)) for c in ordered])
    _user_required()
    data = body()
    fields = string_fields(data, ("body",))
    parent_id = data.get("parent_id")
    if parent_id is None:
        comment_id, errors = post_comment(fields, submission=row)
    else:
        if not isinstance(parent_id, int) or isinstance(parent_id, bool):
            abort(400, "parent_id must be a comment id (a number).")
        parent = get_comment(parent_id)
        if parent["submission_id"] != row["id"]:
            abort(422, f"Comment {parent_id} is not on submission {row['id']}.")
        comment_id, errors = post_comment(fields, parent=parent)
    if comment_id is None:
        return validation_error(errors)
    created = get_comment(comment_id)
    return json_response(_comment_json(created, 0)), 201


def _choice() -> int:
    choice = body().get("choice")
    if not isinstance(choice, int) or isinstance(choice, bool) or choice not in (1, 0, -1):
        abort(400, "choice must be 1 (upvote), 0 (withdraw the vote) or -1 (downvote).")
    return choice


@bp.post("/submissions/<submission_id>/vote")
def vote_submission(submission_id: str) -> Response:
    """Vote on a submission: ``{"choice": 1|0|-1}``, as the vote buttons."""
    return _vote("submission", submission_id, vote_on_submission, "submissions")


@bp.post("/comments/<comment_id>/vote")
def vote_comment(comment_id: str) -> Response:
    """Vote on a comment: ``{"choice": 1|0|-1}``, as the vote buttons."""
    return _vote("comment", comment_id, vote_on_comment, "comments")


def _vote(kind: str, raw_id: str, vote: Callable[[int, int], Any], table: str) -> Response:
    """Cast the caller's ``{"choice"}`` on one ``kind``, as its vote buttons do; its score."""
    _user_required()
    number = _id(raw_id, kind)
    choice = _choice()
    vote(number, choice)
    row = (
        get_db()
        .execute(f"SELECT score, upvotes, downvotes FROM {table} WHERE id = ?", (number,))
        .fetchone()
    )
    return json_response({"id": number, **dict(row), "my_vote": choice})


# -- users -----------------------------------------------------------------------------


@bp.get("/users/<username>")
def user(username: str) -> Response:
    """A user's public profile: biography, karma, counts and forums moderated."""
    row = get_user(username)
    db = get_db()
    posts, comments = karma(row["id"])
    moderates = [
        m[0]
        for m in db.execute(
            "SELECT f.name FROM moderators m JOIN forums f ON f.id = m.forum_id"
            " WHERE m.user_id = ? ORDER BY f.title",
            (row["id"],),
        )
    ]
    return json_response(
        {
            "id": row["id"],
            "username": row["username"],
            "biography": row["biography"],
            "created_at": iso_time(row["created_at"]),
            "submission_karma": posts,
            "comment_karma": comments,
            "submission_count": db.execute(
                "SELECT COUNT(*) FROM submissions WHERE user_id = ? AND deleted = 0", (row["id"],)
            ).fetchone()[0],
            "comment_count": db.execute(
                "SELECT COUNT(*) FROM comments WHERE user_id = ? AND deleted = 0 AND removed = 0",
                (row["id"],),
            ).fetchone()[0],
            "moderates": moderates,
            "web_url": _site_url(listing.user_url(row["username"])),
        }
    )


@bp.route("/<path:rest>", methods=("GET", "POST", "PUT", "DELETE", "PATCH"))
def unknown(rest: str) -> Response:
    """Any other path under ``/api/``: a JSON 404."""
    abort(404, f"There is no API endpoint /api/{rest[:80]}; see the forum's API docs.")
