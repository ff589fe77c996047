"""Sorting, time ranges and pagination of submission lists, and small display helpers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import NamedTuple
from urllib.parse import quote, urlencode

from flask import g, request
from markupsafe import Markup, escape

from ..core import images, paging
from ..core.clock import format_age, now, stamp
from ..core.csrf import csrf_token
from ..core.db import RowLike, get_db
from ..core.urls import parse_url
from .media import avatar_alt, image_type_sql, submission_image_url
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
    f" {image_type_sql('up')} AS image_type"
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
    url = _submission_url(request.script_root, row["forum_name"], row["id"], row["title"])
    return f"{url}?{urlencode(args)}" if args else url


def _submission_url(root: str, forum: str, submission_id: int, title: str) -> str:
    return f"{root}/f/{quote(forum)}/{submission_id}/{_slug(title)}"


def user_url(username: str) -> str:
    """Return the URL of a user's profile."""
    return _user_url(request.script_root, username)


@lru_cache(maxsize=4096)
def _user_url(root: str, username: str) -> str:
    return f"{root}/user/{quote(username)}"


def forum_url(name: str) -> str:
    """Return the URL of a forum's page."""
    return _forum_url(request.script_root, name)


@lru_cache(maxsize=1024)
def _forum_url(root: str, name: str) -> str:
    return f"{root}/f/{quote(name)}"


def vote_target() -> tuple[str, str]:
    """Return what the current page's vote forms' actions share: the root of the vote URLs
    and the quoted ``next`` (this page). A page of forms asks once (request lookups are
    costly) and hands it to each :func:`vote_form`."""
    back = g.get("vote_back")
    if back is None:
        back = g.vote_back = quote(request.full_path.rstrip("?"), safe="")
    return f"{request.script_root}/vote/", back


def vote_url(kind: str, item_id: int, target: tuple[str, str] | None = None) -> str:
    """Return the action of a vote form that comes back to the current page afterwards
    (``target``: the page's :func:`vote_target`, when the caller has it already)."""
    root, back = target or vote_target()
    return f"{root}{kind}/{item_id}?next={back}"


def avatar(username: str, size: int = 32) -> Markup:
    """Return the ``<img>`` of a user's avatar, ``size`` CSS pixels square."""
    return _avatar(request.script_root, username, size)


@lru_cache(maxsize=4096)
def _avatar(root: str, username: str, size: int) -> Markup:
    """:func:`avatar`, memoized: ``root`` is the request's script root, which
    ``images.avatar_url`` puts before the picture's path."""
    return images.picture_tag(images.avatar_url(username), avatar_alt(username), size, "avatar")


# Postmill's arrows beside the score. The stylesheet draws each arrow and hides the
# button's words, which stay its text (its name is the aria-label); the score beside the
# arrows is hidden from the AX tree, where the page's meta line says the points.
#
# The markup a listing or comment tree repeats per row is built here rather than in Jinja
# macros: a macro call costs more than the whole row's formatting. Values are escaped as
# Jinja's autoescaping does (markupsafe.escape), except integers (ids, scores), the CSRF
# token (hex digits) and the words of plural() and format_age(), which have nothing to
# escape.


def _vote_arrow(direction: str, vote: int, subject: Markup) -> str:
    up = direction == "up"
    words = "upvote" if up else "downvote"
    if vote == (1 if up else -1):
        return (
            f'<button type="submit" name="direction" value="none" class="vote-{direction} voted"'
            f' aria-label="Remove {words} from {subject}">Remove {words}</button>\n'
        )
    label = words.capitalize()
    return (
        f'<button type="submit" name="direction" value="{direction}" class="vote-{direction}"'
        f' aria-label="{label} {subject}">{label}</button>\n'
    )


def vote_form(
    kind: str,
    item_id: int,
    subject: str,
    vote: int,
    score: int,
    token: str | None = None,
    target: tuple[str, str] | None = None,
) -> Markup:
    """Return the up/down vote form of a submission or comment.

    Args:
        kind: ``"submission"`` or ``"comment"``.
        item_id: The submission's or comment's id.
        subject: What the buttons' names say they vote on.
        vote: The current user's vote on it: 1, -1 or 0.
        score: Its score, shown beside the arrows.
        token: The request's CSRF token, when the caller has it already (a list of forms).
        target: The page's :func:`vote_target`, likewise.
    """
    state = " upvoted" if vote == 1 else " downvoted" if vote == -1 else ""
    action = escape(vote_url(kind, item_id, target))
    return Markup(
        f'<form class="vote{state}" method="post" action="{action}">\n'
        f'<input type="hidden" name="csrf_token" value="{token or csrf_token()}">\n'
        f"{_vote_arrows(subject, vote)}"
        f'<span class="vote-score" aria-hidden="true">{score}</span>\n'
        "</form>\n"
    )


@lru_cache(maxsize=4096)
def _vote_arrows(subject: str, vote: int) -> str:
    """Both arrows of a vote form, each on its line (an item is on many pages)."""
    name = escape(subject)
    return f"{_vote_arrow('up', vote, name)}\n{_vote_arrow('down', vote, name)}\n"


def age(value: str, reference: datetime | None = None) -> Markup:
    """Return a ``<time>`` element saying how long before ``reference`` (the world time
    by default) database timestamp ``value`` was."""
    words = format_age(value, reference)
    return Markup(f'<time datetime="{escape(value.replace(" ", "T"))}">{words}</time>')


class _Item(NamedTuple):
    """What a row of :func:`submission_list` shows, less its vote form (a memo key)."""

    id: int
    kind: str
    title: str
    url: str
    score: int
    comment_count: int
    locked: int
    created_at: str
    edited_at: str | None
    forum_name: str
    username: str
    image_alt: str | None
    image_type: str


@lru_cache(maxsize=4096)
def _submission_item(root: str, reference: datetime, show_forum: bool, s: _Item) -> str:
    """The ``<li>`` of a listing's row up to its vote form: a function of the row, the
    request's script root (its URLs' prefix), the world time the age is told against and
    ``show_forum``, all in the memo's key. A submission is on many pages."""
    url = escape(_submission_url(root, s.forum_name, s.id, s.title))
    title = escape(s.title)
    parts = ['  <li class="submission">\n    ']
    if s.image_alt is not None:
        parts.append(
            images.picture_tag(
                submission_image_url(s.id, s.image_type), s.image_alt, 96, "post-picture", 64
            )
        )
    parts.append(f'\n    <h2><a href="{url}">{title}</a>')
    if s.kind == "link":
        parts.append(f" <small>({escape(domain(s.url))})</small>")
    parts.append(
        f'</h2>\n    <p class="meta">{_avatar(root, s.username, 20)}'
        f"{plural(s.score, 'point')} · submitted"
        f" {format_age(s.created_at, reference)} by"
        f' <a href="{escape(_user_url(root, s.username))}">{escape(s.username)}</a>'
    )
    if show_forum:
        forum = s.forum_name
        parts.append(f' to <a href="{escape(_forum_url(root, forum))}">f/{escape(forum)}</a>')
    if s.edited_at:
        parts.append(" · edited")
    if s.locked:
        parts.append(" · locked")
    parts.append(f' · <a href="{url}#comments">{plural(s.comment_count, "comment")}</a></p>\n')
    return "".join(parts)


def submission_list(
    submissions: list[RowLike], votes: Mapping[int, int], show_forum: bool = True, start: int = 1
) -> Markup:
    """Return the ``<ol>`` of a page of submissions, as listings and search results show it.

    Args:
        submissions: Rows with :data:`SUBMISSION_COLUMNS`.
        votes: The current user's votes by submission id.
        show_forum: Whether each row links the submission's forum.
        start: The number of the first row.
    """
    logged_in = bool(g.get("user"))
    token = csrf_token() if logged_in else None
    target = vote_target() if logged_in else None
    root, reference = request.script_root, now()
    parts = [f'<ol class="submission-list" start="{escape(start)}">\n']
    for s in submissions:
        item = _Item._make([s[name] for name in _Item._fields])
        parts.append(_submission_item(root, reference, show_forum, item))
        if logged_in:
            parts.append(
                vote_form(
                    "submission",
                    s["id"],
                    "submission: " + s["title"],
                    votes.get(s["id"], 0),
                    s["score"],
                    token,
                    target,
                )
            )
        parts.append("  </li>\n")
    parts.append("</ol>\n")
    return Markup("".join(parts))


class _Comment(NamedTuple):
    """What :func:`comment_summary` shows of a comment (a memo key); ``username`` is None
    when the author is not shown."""

    id: int
    body: str
    score: int
    created_at: str
    edited_at: str | None
    submission_id: int
    title: str
    forum_name: str
    username: str | None


def comment_summary(c: RowLike, show_author: bool = False) -> Markup:
    """Return the ``<li>`` of a comment in a list of comments (a profile, search results).

    Args:
        c: A row with ``users.COMMENT_COLUMNS`` (and ``username`` with ``show_author``).
        show_author: Whether to name and link the comment's author.
    """
    fields = [c[name] for name in _Comment._fields[:-1]]
    comment = _Comment._make([*fields, c["username"] if show_author else None])
    return _comment_summary(request.script_root, now(), comment)


@lru_cache(maxsize=4096)
def _comment_summary(root: str, reference: datetime, c: _Comment) -> Markup:
    """:func:`comment_summary`'s ``<li>``: a function of the comment, the request's script
    root (its URLs' prefix) and the world time its age is told against."""
    if c.username is not None:
        author = (
            f'{_avatar(root, c.username, 20)}<a href="{escape(_user_url(root, c.username))}">'
            f"{escape(c.username)}</a> commented"
        )
    else:
        author = "Commented"
    link = _submission_url(root, c.forum_name, c.submission_id, c.title)
    forum = c.forum_name
    edited = " · edited" if c.edited_at else ""
    return Markup(
        f'<li class="comment-summary">\n  <p class="meta">{author} {age(c.created_at, reference)}'
        f' on <a href="{escape(link)}/comment/{c.id}">{escape(c.title)}</a>'
        f' in <a href="{escape(_forum_url(root, forum))}">f/{escape(forum)}</a>'
        f" · {plural(c.score, 'point')}{edited}</p>\n"
        f'  <div class="comment-body">{paragraphs(c.body)}</div>\n</li>\n'
    )


@dataclass
class CommentTree:
    """What a submission page's comment tree shows beside the comments themselves.

    Attributes:
        submission: The submission row (``id``, ``user_id``, ``deleted``, ``locked``,
            ``forum_name``, ``title``).
        children: Comment rows by parent id (None for the top level).
        votes: The current user's votes by comment id.
        moderator: Whether the current user moderates the submission's forum.
    """

    submission: RowLike
    children: Mapping[int | None, list[RowLike]]
    votes: Mapping[int, int]
    moderator: bool

    def render(self, rows: list[RowLike]) -> Markup:
        """Return the ``<ul>`` of comments ``rows`` and, nested, their replies."""
        user = g.get("user")
        submission = self.submission
        gone = submission["deleted"]
        can_comment = user and not gone and not submission["locked"]
        user_id = user["id"] if user else None
        token = csrf_token() if user or self.moderator else ""
        csrf_input = f'<input type="hidden" name="csrf_token" value="{token}">'
        target = vote_target() if user else None
        root, reference = request.script_root, now()
        comments_root = f"{escape(root)}/comments/"
        permalink_root = f"{escape(submission_url(submission))}/comment/"
        parts = ['<ul class="comments">\n']
        for c in rows:
            hidden = c["deleted"] or c["removed"]
            comment_id = c["id"]
            username = escape(c["username"])
            parts.append(f'  <li class="comment" id="comment-{comment_id}">\n    <p class="meta">')
            if c["deleted"]:
                parts.append("[deleted]")
            else:
                parts.append(
                    f"{_avatar(root, c['username'], 24)}"
                    f'<a href="{escape(_user_url(root, c["username"]))}">{username}</a>'
                )
                if submission["user_id"] == c["user_id"] and not gone:
                    parts.append(" (submitter)")
            if not hidden:
                parts.append(f" · {plural(c['score'], 'point')}")
            parts.append(f" · {age(c['created_at'], reference)}")
            if c["edited_at"] and not hidden:
                parts.append(f" · edited {format_age(c['edited_at'], reference)}")
            parts.append("</p>\n")
            if c["deleted"]:
                parts.append('    <p class="gone">[deleted]</p>\n')
            elif c["removed"]:
                parts.append('    <p class="gone">[removed by a moderator]</p>\n')
            else:
                parts.append(
                    f'    <div class="comment-body">{paragraphs(c["body"])}</div>\n'
                    '    <div class="comment-actions">\n'
                    f'      <a href="{permalink_root}{comment_id}">Permalink</a>\n'
                )
                if can_comment:
                    parts.append(f'<a href="{comments_root}{comment_id}/reply">Reply</a>')
                if user and user_id == c["user_id"]:
                    parts.append(
                        f'      <a href="{comments_root}{comment_id}/edit">Edit</a>\n'
                        f'      <form method="post" action="{comments_root}{comment_id}/delete">\n'
                        f"        {csrf_input}\n"
                        '        <button type="submit">Delete</button>\n'
                        "      </form>\n"
                    )
                if self.moderator:
                    parts.append(
                        f'      <form method="post" action="{comments_root}{comment_id}/remove">\n'
                        f"        {csrf_input}\n"
                        '        <button type="submit"'
                        f' aria-label="Remove comment by {username}">Remove</button>\n'
                        "      </form>\n"
                    )
                if user:
                    parts.append(
                        vote_form(
                            "comment",
                            c["id"],
                            "comment by " + c["username"],
                            self.votes.get(c["id"], 0),
                            c["score"],
                            token,
                            target,
                        )
                    )
                parts.append("    </div>\n")
            replies = self.children.get(c["id"])
            if replies:
                parts.append(f"    {self.render(replies)}\n")
            parts.append("  </li>\n")
        parts.append("</ul>\n")
        return Markup("".join(parts))


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
