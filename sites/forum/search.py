"""Search over submissions and comments."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

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
    forums = db.execute(
        "SELECT id, name, title FROM forums ORDER BY title COLLATE NOCASE"
    ).fetchall()
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
    comment_source = "comments c"
    if forum:
        # the forum's id stands for its (unique) name: no join of forums to filter
        forum_id = forum["id"]
        post_where.append("s.forum_id = ?")
        post_params.append(forum_id)
        comment_source += " JOIN submissions s ON s.id = c.submission_id"
        comment_where.append("s.forum_id = ?")
        comment_params.append(forum_id)
    matches = {
        "submissions": _Matches("submissions s", "s", " AND ".join(post_where), post_params),
        "comments": _Matches(comment_source, "c", " AND ".join(comment_where), comment_params),
    }
    page = paging.page_number(request.args)
    # One scan of the shown kind gives its page and its total; the other is only counted.
    ids, total = matches[kind].page(db, page)
    counts = {name: total if name == kind else other.count(db) for name, other in matches.items()}
    pages = listing.page_count(counts[kind])
    paging.check_page(page, pages)
    if kind == "submissions":
        results = _by_id(
            db, ids, f"SELECT {listing.SUBMISSION_COLUMNS} FROM {listing.SUBMISSION_FROM}", "s"
        )
        context["votes"] = user_votes("submission", ids)
    else:
        results = _by_id(
            db,
            ids,
            f"SELECT {COMMENT_COLUMNS}, u.username FROM {COMMENT_FROM}"
            " JOIN users u ON u.id = c.user_id",
            "c",
        )
    context.update(results=results, counts=counts, page=page, pages=pages)
    return render_template("forum/search.html", **context), 200


@dataclass(frozen=True)
class _Matches:
    """The undeleted submissions or comments a search matches: ``SELECT ... FROM source
    WHERE clause``, newest first (``alias`` is the searched table's alias in ``source``)."""

    source: str
    alias: str
    clause: str
    params: list

    def count(self, db: sqlite3.Connection) -> int:
        """How many rows match."""
        sql = f"SELECT COUNT(*) FROM {self.source} WHERE {self.clause}"
        return int(db.execute(sql, self.params).fetchone()[0])

    def page(self, db: sqlite3.Connection, page: int) -> tuple[list[int], int]:
        """The ids of page ``page`` of the matches, newest first, and how many match.

        One scan: each row of the page carries the count of every match. An empty first
        page means none match; an empty later page says nothing of the count (it is past
        the last), so the count is then asked for.
        """
        a = self.alias
        rows = db.execute(
            f"SELECT {a}.id, COUNT(*) OVER () FROM {self.source} WHERE {self.clause}"
            f" ORDER BY {a}.created_at DESC, {a}.id DESC LIMIT ? OFFSET ?",
            [*self.params, listing.PER_PAGE, (page - 1) * listing.PER_PAGE],
        ).fetchall()
        if not rows:
            return [], 0 if page == 1 else self.count(db)
        return [row[0] for row in rows], int(rows[0][1])


def _by_id(db: sqlite3.Connection, ids: list[int], select: str, alias: str) -> list:
    """The rows of ``select`` whose ``alias.id`` is in ``ids``, in the order of ``ids``."""
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    rows = db.execute(f"{select} WHERE {alias}.id IN ({marks})", ids).fetchall()
    order = {item_id: index for index, item_id in enumerate(ids)}
    return sorted(rows, key=lambda row: order[row["id"]])
