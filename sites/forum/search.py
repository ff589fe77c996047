"""Search over submissions and comments."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..core import paging
from ..core.db import get_db
from . import listing
from .users import COMMENT_COLUMNS, COMMENT_FROM
from .votes import user_votes

bp = Blueprint("search", __name__)

SEARCH_MAX_LENGTH = 200
KINDS = {"submissions": "Submissions", "comments": "Comments"}


def _like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


@bp.route("/search")
def search() -> tuple[str, int]:
    """Find submissions (title or body) or comments containing every word of ``q``.

    ``type`` is ``submissions`` (the default) or ``comments``; ``forum`` limits the
    search to one forum. Results are newest first.
    """
    query = request.args.get("q", "").strip()
    kind = request.args.get("type", "submissions")
    kind = kind if kind in KINDS else "submissions"
    forum_name = request.args.get("forum", "")[:50]
    db = get_db()
    forums = db.execute("SELECT name, title FROM forums ORDER BY title COLLATE NOCASE").fetchall()
    forum = next((row for row in forums if row["name"] == forum_name), None)
    context = {
        "query": query[:SEARCH_MAX_LENGTH],
        "kind": kind,
        "kinds": KINDS,
        "forums": forums,
        "forum": forum["name"] if forum else "",
        "error": None,
        "results": None,
        "votes": {},
        "counts": {},
    }
    if len(query) > SEARCH_MAX_LENGTH:
        context["error"] = f"Search terms must be at most {SEARCH_MAX_LENGTH} characters."
        return render_template("forum/search.html", **context), 400
    terms = query.split()[:10]
    if not terms:
        return render_template("forum/search.html", **context), 200
    post_where, post_params = ["s.deleted = 0"], []
    comment_where, comment_params = ["c.deleted = 0", "c.removed = 0"], []
    for term in terms:
        post_where.append("(s.title LIKE ? ESCAPE '\\' OR s.body LIKE ? ESCAPE '\\')")
        post_params += [_like(term)] * 2
        comment_where.append("c.body LIKE ? ESCAPE '\\'")
        comment_params.append(_like(term))
    if forum:
        post_where.append("f.name = ?")
        post_params.append(forum["name"])
        comment_where.append("f.name = ?")
        comment_params.append(forum["name"])
    post_clause, comment_clause = " AND ".join(post_where), " AND ".join(comment_where)
    counts = {
        "submissions": db.execute(
            f"SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id"
            f" WHERE {post_clause}",
            post_params,
        ).fetchone()[0],
        "comments": db.execute(
            f"SELECT COUNT(*) FROM {COMMENT_FROM} WHERE {comment_clause}", comment_params
        ).fetchone()[0],
    }
    pages = listing.page_count(counts[kind])
    page = paging.page_number(request.args)
    paging.check_page(page, pages)
    offset = (page - 1) * listing.PER_PAGE
    if kind == "submissions":
        results = db.execute(
            f"SELECT {listing.SUBMISSION_COLUMNS} FROM {listing.SUBMISSION_FROM}"
            f" WHERE {post_clause} ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?",
            [*post_params, listing.PER_PAGE, offset],
        ).fetchall()
        context["votes"] = user_votes("submission", [row["id"] for row in results])
    else:
        results = db.execute(
            f"SELECT {COMMENT_COLUMNS}, u.username FROM {COMMENT_FROM}"
            f" JOIN users u ON u.id = c.user_id WHERE {comment_clause}"
            " ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?",
            [*comment_params, listing.PER_PAGE, offset],
        ).fetchall()
    context.update(results=results, counts=counts, page=page, pages=pages)
    return render_template("forum/search.html", **context), 200
