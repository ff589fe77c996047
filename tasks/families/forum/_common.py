"""Queries the forum families share: forums, listings in the site's own orders."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from webenv.families import DEFAULT_LOGINS, WorldData, like_pattern
from webenv.families.steps import ORDINALS
from webenv.sites.core.clock import WORLD_NOW
from webenv.sites.forum.listing import PER_PAGE
from webenv.sites.forum.listing import RANGES as SITE_RANGES

USER = DEFAULT_LOGINS["forum"]
__all__ = ["PER_PAGE", "USER"]
# The Top-listing ranges the families use: link label -> days (None: all time).
RANGES = {
    label: days for key, (label, days) in SITE_RANGES.items() if key in ("month", "year", "all")
}
# How an intent names each range.
RANGE_WORDS = {"Past month": "the past month", "Past year": "the past year", "All time": "all time"}
SUBJECTS = (
    "Quick question",
    "About your comment",
    "Thanks!",
    "Following up",
    "Loved your comment",
    "A question about your post",
)
BODIES = (
    "Thanks for the helpful comment, it answered my question.",
    "Could you share a little more detail about this?",
    "I had the same experience. Happy to compare notes sometime.",
    "Great point. Do you have a source I could read?",
    "This was really useful, thank you for taking the time.",
)
REPLIES = (
    "Thanks, this is really helpful.",
    "Good point, I had not thought of that.",
    "Agreed. Same thing happened to me last year.",
    "Could you say more about how you did it?",
    "Saving this for later, thanks!",
)


@dataclass(frozen=True)
class Forum:
    """A forum: URL name and the title the directory links by."""

    id: int
    name: str
    title: str


@dataclass(frozen=True)
class Submission:
    """A listed (not deleted) submission."""

    id: int
    title: str
    author: str
    score: int
    created_at: str
    locked: int


def user_id(data: WorldData) -> int:
    """The task user's id."""
    return int(data.value("forum", "SELECT id FROM users WHERE username = ?", (USER,)))


def forums(data: WorldData) -> list[Forum]:
    """Every forum, in directory order."""
    rows = data.query(
        "forum", "SELECT id, name, title FROM forums ORDER BY title COLLATE NOCASE, id"
    )
    return [Forum(*row) for row in rows]


_ORDERS = {
    "top": "s.score DESC, s.created_at DESC, s.id DESC",
    "new": "s.created_at DESC, s.id DESC",
}


def listing(data: WorldData, forum: Forum, sort: str, days: int | None = None) -> list[Submission]:
    """A forum's listing in the site's order (``top`` or ``new``), optionally by age."""
    where = "s.forum_id = ? AND s.deleted = 0"
    params: list[Any] = [forum.id]
    if days is not None:
        where += " AND s.created_at >= ?"
        params.append((WORLD_NOW - timedelta(days=days)).strftime("%Y-%m-%d %H:%M:%S"))
    rows = data.query(
        "forum",
        "SELECT s.id, s.title, u.username, s.score, s.created_at, s.locked "
        "FROM submissions s JOIN users u ON u.id = s.user_id "
        f"WHERE {where} ORDER BY {_ORDERS[sort]}",
        tuple(params),
    )
    return [Submission(*row) for row in rows]


def unique_title(items: list[Submission], item: Submission) -> bool:
    """True when no other submission in ``items`` shares ``item``'s title."""
    return sum(s.title == item.title for s in items) == 1


def on_first_search_page(data: WorldData, query: str, submission_id: int) -> bool:
    """Whether the forum's submission search for ``query`` lists the submission on its
    first page (every word in the title or body, newest first; sites/forum/search.py)."""
    where, params = ["s.deleted = 0"], []
    for term in query.split()[:10]:
        where.append("(s.title LIKE ? ESCAPE '\\' OR s.body LIKE ? ESCAPE '\\')")
        params += [like_pattern(term)] * 2
    rows = data.query(
        "forum",
        f"SELECT s.id FROM submissions s WHERE {' AND '.join(where)} "
        "ORDER BY s.created_at DESC, s.id DESC LIMIT ?",
        (*params, PER_PAGE),
    )
    return (submission_id,) in rows


def open_forum(forum: Forum) -> list[dict]:
    """Steps from any forum page to a forum's listing, through the forum directory."""
    from webenv.families.steps import click

    return [click("Forums"), click(forum.title)]


# How intents rank forums by subscribers ("the forum with the second most subscribers").
SUBSCRIBER_RANKS = ("most", "second most", "third most", "fewest", "second fewest", "third fewest")


def subscriber_rank(which: str) -> tuple[int, bool]:
    """``(1-based rank, counting from the most)`` of a :data:`SUBSCRIBER_RANKS` phrase."""
    words = which.split()
    return (1 if len(words) == 1 else ORDINALS.index(words[0]) + 1), words[-1] == "most"


def by_subscribers(rows: list[tuple[str, int]], which: str) -> tuple[str, int] | None:
    """The ``(title, subscribers)`` row at the rank ``which`` names, or None when there
    are too few rows or its count ties another (the pick would be ambiguous)."""
    n, most = subscriber_rank(which)
    ordered = sorted(rows, key=lambda r: r[1], reverse=most)
    if len(ordered) <= n:
        return None  # "the third fewest" of three is the most: ask only with one to spare
    item = ordered[n - 1]
    return None if sum(r[1] == item[1] for r in rows) > 1 else item
