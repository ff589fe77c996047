"""Sorting, time ranges and pagination of submission lists, and small display helpers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from functools import lru_cache
from urllib.parse import quote, urlencode

from flask import g, request
from markupsafe import Markup, escape

from ..core import images, paging
from ..core.clock import now, stamp
from ..core.csrf import csrf_token
from ..core.db import RowLike, get_db
from ..core.urls import parse_url
from .media import avatar_alt
from .votes import slugify

PER_PAGE = 25

SORTS: dict[str, tuple[str, str]] = {
    # value: (label, ORDER BY)
    "hot": ("Hot", "s.hot DESC, s.id DESC"),
    "new": ("New", "s.created_at DESC, s.id DESC"),
    "top": ("Top", "s.score DESC, s.created_at DESC, s.id DESC"),
}

RANGES: dict[str, tuple[str, int | None]] = {
    # value: (label, days)
    "day": ("Past day", 1),
    "week": ("Past week", 7),
    "month": ("Past month", 30),
    "year": ("Past year", 365),
    "all": ("All time", None),
}

# ``image_alt`` (NULL unless an image post) and ``image_type`` save the listing one picture
# query per row.
SUBMISSION_COLUMNS = (
    "s.id, s.kind, s.title, s.url, s.score, s.comment_count, s.locked, s.deleted,"
    " s.created_at, s.edited_at, f.name AS forum_name, u.username, i.alt AS image_alt,"
    " COALESCE(up.content_type, 'image/svg+xml') AS image_type"
)
SUBMISSION_FROM = (
    "submissions s JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id"
    " LEFT JOIN submission_images i ON i.submission_id = s.id"
    " LEFT JOIN uploads up ON up.id = i.upload_id"
)


def page_count(total: int) -> int:
    """Return how many pages ``total`` items fill (at least 1)."""
    return paging.page_count(total, PER_PAGE)


@dataclass
class Listing:
    """One page of submissions and the choices that produced it."""

    submissions: list = field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    sort: str = "hot"
    range: str = "all"

    @property
    def first(self) -> int:
        """1-based position of the first submission on the page."""
        return (self.page - 1) * PER_PAGE + 1


def list_submissions(
    args: Mapping[str, str],
    where: list[str],
    params: list,
    default_sort: str = "hot",
    *,
    page: int | None = None,
    per_page: int = PER_PAGE,
) -> Listing:
    """Return a page of undeleted submissions matching ``where``, sorted as asked.

    Args:
        args: The query string: ``sort`` (hot, new, top), ``t`` (day, week,
            month, year, all; only with top) and ``page``.
        where: SQL conditions on submissions ``s`` that always apply.
        params: Parameters for ``where``.
        default_sort: The sort used when ``sort`` is missing or unknown.
        page: The page to show instead of ``args``'s (the JSON API's); a page past the
            last is then empty, not an error.
        per_page: Submissions per page.

    Raises:
        NotFound: ``args``'s ``page`` is past the last page.
    """
    listing = Listing()
    sort = args.get("sort", default_sort)
    listing.sort = sort if sort in SORTS else default_sort
    where, params = ["s.deleted = 0", *where], list(params)
    if listing.sort == "top":
        time_range = args.get("t", "all")
        listing.range = time_range if time_range in RANGES else "all"
        days = RANGES[listing.range][1]
        if days is not None:
            where.append("s.created_at >= ?")
            params.append(stamp(now() - timedelta(days=days)))
    clause = " AND ".join(where)
    db = get_db()
    listing.total = db.execute(
        f"SELECT COUNT(*) FROM submissions s WHERE {clause}", params
    ).fetchone()[0]
    listing.pages = paging.page_count(listing.total, per_page)
    if page is None:
        listing.page = paging.page_number(args)
        paging.check_page(listing.page, listing.pages)
    else:
        listing.page = page
    listing.submissions = db.execute(
        f"SELECT {SUBMISSION_COLUMNS} FROM {SUBMISSION_FROM} WHERE {clause}"
        f" ORDER BY {SORTS[listing.sort][1]} LIMIT ? OFFSET ?",
        [*params, per_page, (listing.page - 1) * per_page],
    ).fetchall()
    return listing


# Listings build hundreds of links per page; these helpers format the few hot URL
# shapes directly instead of going through url_for (routing builds cost ~20 us each).


@lru_cache(maxsize=8192)
def _slug(title: str) -> str:
    return slugify(title)


def submission_url(row: RowLike, /, **args: object) -> str:
    """Return the canonical URL of a submission row (needs ``forum_name``, ``id``, ``title``)."""
    url = f"{request.script_root}/f/{quote(row['forum_name'])}/{row['id']}/{_slug(row['title'])}"
    return f"{url}?{urlencode(args)}" if args else url


def user_url(username: str) -> str:
    """Return the URL of a user's profile."""
    return f"{request.script_root}/user/{quote(username)}"


def forum_url(name: str) -> str:
    """Return the URL of a forum's page."""
    return f"{request.script_root}/f/{quote(name)}"


def vote_url(kind: str, item_id: int) -> str:
    """Return the action of a vote form that comes back to the current page afterwards."""
    back = g.get("vote_back")
    if back is None:
        back = g.vote_back = quote(request.full_path.rstrip("?"), safe="")
    return f"{request.script_root}/vote/{kind}/{item_id}?next={back}"


def avatar(username: str, size: int = 32) -> Markup:
    """Return the ``<img>`` of a user's avatar, ``size`` CSS pixels square."""
    return images.picture_tag(images.avatar_url(username), avatar_alt(username), size, "avatar")


# Postmill's arrows beside the score. The stylesheet draws each arrow and hides the
# button's words, which stay its text (its name is the aria-label); the score beside the
# arrows is hidden from the AX tree, where the page's meta line says the points. Built in
# Python: listings and comment trees place one per row, and a Jinja macro call costs more
# than the whole form's formatting.
_VOTE_FORM = Markup(
    '<form class="vote%s" method="post" action="%s">\n'
    '<input type="hidden" name="csrf_token" value="%s">\n'
    "%s\n%s\n"
    '<span class="vote-score" aria-hidden="true">%s</span>\n'
    "</form>\n"
)
_VOTED_ARROW = Markup(
    '<button type="submit" name="direction" value="none" class="vote-%s voted"'
    ' aria-label="Remove %s from %s">Remove %s</button>\n'
)
_ARROW = Markup(
    '<button type="submit" name="direction" value="%s" class="vote-%s"'
    ' aria-label="%s %s">%s</button>\n'
)


def _vote_arrow(direction: str, vote: int, subject: str) -> Markup:
    up = direction == "up"
    words = "upvote" if up else "downvote"
    if vote == (1 if up else -1):
        return _VOTED_ARROW % (direction, words, subject, words)
    label = words.capitalize()
    return _ARROW % (direction, direction, label, subject, label)


def vote_form(kind: str, item_id: int, subject: str, vote: int, score: int) -> Markup:
    """Return the up/down vote form of a submission or comment.

    Args:
        kind: ``"submission"`` or ``"comment"``.
        item_id: The submission's or comment's id.
        subject: What the buttons' names say they vote on.
        vote: The current user's vote on it: 1, -1 or 0.
        score: Its score, shown beside the arrows.
    """
    state = " upvoted" if vote == 1 else " downvoted" if vote == -1 else ""
    return _VOTE_FORM % (
        Markup(state),
        vote_url(kind, item_id),
        csrf_token(),
        _vote_arrow("up", vote, subject),
        _vote_arrow("down", vote, subject),
        score,
    )


def domain(url: str) -> str:
    """Return the host name of a link submission's URL (``""`` if it has none); never raises."""
    parsed = parse_url(url)
    host = parsed.host if parsed is not None else ""
    return host.removeprefix("www.")


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """Return ``"1 comment"`` / ``"3 comments"``."""
    word = singular if count == 1 else (plural_form or f"{singular}s")
    return f"{count} {word}"


def paragraphs(text: str) -> Markup:
    """Render plain text as escaped ``<p>`` paragraphs split on blank lines."""
    blocks = [block.strip() for block in text.replace("\r\n", "\n").split("\n\n")]
    parts = []
    for block in blocks:
        if block:
            lines = [str(escape(line)) for line in block.split("\n")]
            parts.append("<p>" + "<br>".join(lines) + "</p>")
    return Markup("\n".join(parts))
