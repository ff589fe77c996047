"""A forum's n-th submission of its Top listing over a period: drawn for an instance, and
found again from the raw rows to confirm it (shared by forum and cross-site families)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from webenv.families import Context
from webenv.families.steps import click, ordinal
from webenv.sites.core.clock import WORLD_NOW
from webenv.task_files.families.forum._common import (
    PER_PAGE,
    RANGE_WORDS,
    RANGES,
    Forum,
    Submission,
    forums,
    listing,
    open_forum,
    unique_title,
)

TOP_RANKS = 3
"""The deepest rank drawn (all on the listing's first page)."""


def rank_words(n: int) -> str:
    """``1 -> 'top-scoring'``, ``2 -> 'second highest-scoring'``."""
    return "top-scoring" if n == 1 else f"{ordinal(n)} highest-scoring"


def rank_of(words: str) -> int:
    """The rank :func:`rank_words` wrote."""
    first = words.split()[0]
    return 1 if first == "top-scoring" else [ordinal(i) for i in range(1, 16)].index(first) + 1


def top_pick(ctx: Context) -> tuple[Forum, str, int, Submission] | None:
    """(forum, period label, 1-based rank, submission): a forum's n-th submission of its Top
    listing over a period, with no score tie at that rank and a title unique on the page;
    None when the draw has no such submission."""
    forum = ctx.rng.choice(forums(ctx.data))
    period = ctx.rng.choice(tuple(RANGES))
    ranked = ranked_pick(ctx, listing(ctx.data, forum, "top", RANGES[period]))
    if ranked is None:
        return None
    n, item = ranked
    return forum, period, n, item


def ranked_pick(
    ctx: Context, listed: list[Submission], top: int = TOP_RANKS
) -> tuple[int, Submission] | None:
    """(1-based rank n <= ``top``, submission) drawn from a score-ordered listing; None when
    the listing is empty, the score ties at that rank or the title is not unique on the
    page."""
    if not listed:
        return None
    n = ctx.rng.randint(1, min(top, len(listed)))
    item = listed[n - 1]
    if sum(s.score == item.score for s in listed) > 1 or not unique_title(listed[:PER_PAGE], item):
        return None
    return n, item


def top_values(forum: Forum, period: str, n: int) -> dict[str, str]:
    """The intent slots naming the pick: ``rank``, ``period`` and ``forum``."""
    return {"rank": rank_words(n), "period": RANGE_WORDS[period], "forum": forum.title}


def read_top(forum: Forum, period: str) -> list[dict[str, Any]]:
    """Steps from any forum page to a forum's Top listing over a period."""
    return [*open_forum(forum), click("Top"), click(period)]


def author_link(ctx: Context, forum: Forum, period: str, n: int, author: str) -> dict[str, Any]:
    """The click on the n-th Top submission's author link over a period (on the listing
    the author's link follows each title, so earlier links with the same name belong to
    higher-ranked submissions by the same person)."""
    listed = listing(ctx.data, forum, "top", RANGES[period])[:n]
    return click(author, nth=sum(s.author == author for s in listed) - 1)


def top_again(ctx: Context, values: dict[str, Any]) -> tuple[int, str, int]:
    """(id, title, author id) of the submission :func:`top_values` names, re-ranked in
    Python from the forum's raw rows (the period's cut-off from the world's clock, not the
    listing query)."""
    forum_id = ctx.data.value("forum", "SELECT id FROM forums WHERE title = ?", (values["forum"],))
    period = next(p for p, words in RANGE_WORDS.items() if words == values["period"])
    days = RANGES[period]
    rows = ctx.data.query(
        "forum",
        "SELECT id, title, score, created_at, deleted, user_id FROM submissions WHERE forum_id = ?",
        (forum_id,),
    )
    kept = [r for r in rows if not r[4]]
    if days is not None:
        cutoff = WORLD_NOW - timedelta(days=days)
        kept = [r for r in kept if datetime.fromisoformat(r[3]) >= cutoff]
    kept.sort(key=lambda r: (r[2], r[3], r[0]), reverse=True)
    chosen = kept[rank_of(values["rank"]) - 1]
    return chosen[0], chosen[1], chosen[5]
