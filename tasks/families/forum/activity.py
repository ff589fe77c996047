"""Forum families: read sorted listings, follow authors, vote, reply and message."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    infeasible,
    infeasible_eval,
    ordinal,
    search,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.sites.core.clock import WORLD_NOW
from webenv.task_files.families.forum._common import (
    BODIES,
    PER_PAGE,
    RANGE_WORDS,
    RANGES,
    REPLIES,
    SUBJECTS,
    USER,
    Forum,
    forums,
    listing,
    on_first_search_page,
    open_forum,
    unique_title,
    user_id,
)
from webenv.task_files.families.forum._top import author_link, ranked_pick, top_values

# --- how many submissions has the author of the n-th top submission posted --------------


def _author_submissions(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    period = ctx.rng.choice(tuple(RANGES))
    ranked = ranked_pick(ctx, listing(ctx.data, forum, "top", RANGES[period]))
    if ranked is None:
        return None
    n, item = ranked
    count = ctx.data.value(
        "forum",
        "SELECT COUNT(*) FROM submissions s JOIN users u ON "
        "u.id = s.user_id WHERE u.username = ? AND s.deleted = 0",
        (item.author,),
    )
    steps = [
        *open_forum(forum),
        click("Top"),
        click(period),
        author_link(ctx, forum, period, n, item.author),
    ]
    answer = str(count)
    values = top_values(forum, period, n)
    return Draft(
        values=values,
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_author_submissions(ctx: Context, values: dict[str, Any]) -> str:
    """Recount in Python over every submission row."""
    forum = next(f for f in forums(ctx.data) if f.title == values["forum"])
    period = next(p for p, words in RANGE_WORDS.items() if words == values["period"])
    words = values["rank"].split()
    n = 1 if words[0] == "top-scoring" else [ordinal(i) for i in range(1, 6)].index(words[0]) + 1
    author = listing(ctx.data, forum, "top", RANGES[period])[n - 1].author
    rows = ctx.data.query(
        "forum", "SELECT u.username, s.deleted FROM submissions s JOIN users u ON u.id = s.user_id"
    )
    return str(sum(1 for name, deleted in rows if name == author and not deleted))


def _upvote_eval(ctx: Context, uid: int, submission_id: int) -> dict[str, Any]:
    """The state check of an upvote: that vote, and exactly one more vote by the user."""
    votes = ctx.data.value(
        "forum", "SELECT COUNT(*) FROM submission_votes WHERE user_id = ?", (uid,)
    )
    return state_eval(
        "forum",
        [
            (
                f"SELECT value FROM submission_votes WHERE user_id = {uid} AND submission_id = "
                f"{submission_id}",
                1,
            ),
            (f"SELECT COUNT(*) FROM submission_votes WHERE user_id = {uid}", votes + 1),
        ],
    )


# --- upvote the n-th newest submission -------------------------------------------------


def _upvote_newest(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    listed = listing(ctx.data, forum, "new")[:PER_PAGE]
    if len(listed) < 5:
        return None
    n = ctx.rng.randint(1, 5)
    item = listed[n - 1]
    uid = user_id(ctx.data)
    voted = ctx.data.value(
        "forum",
        "SELECT COUNT(*) FROM submission_votes WHERE user_id = ? AND submission_id = ?",
        (uid, item.id),
    )
    if (
        voted
        or not unique_title(listed, item)
        or sum(s.created_at == item.created_at for s in listed) > 1
    ):
        return None
    steps = [*open_forum(forum), click("New"), button(f"Upvote submission: {item.title}")]
    newest = "newest" if n == 1 else f"{ordinal(n)} newest"
    return Draft(
        answer=item.title,
        values={"rank": newest, "forum": forum.title},
        eval=_upvote_eval(ctx, uid, item.id),
        solution=[*steps, stop()],
    )


# --- upvote the most discussed of the newest submissions --------------------------------


def _upvote_most_discussed(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    window = ctx.rng.choice((5, 10, 15))
    newest = listing(ctx.data, forum, "new")
    listed = newest[:window]
    if len(listed) < window:
        return None
    counts = dict(
        ctx.data.query(
            "forum", "SELECT id, comment_count FROM submissions WHERE forum_id = ?", (forum.id,)
        )
    )
    ranked = sorted(listed, key=lambda s: -counts[s.id])
    best = ranked[0]
    uid = user_id(ctx.data)
    voted = ctx.data.value(
        "forum",
        "SELECT COUNT(*) FROM submission_votes WHERE user_id = ? AND submission_id = ?",
        (uid, best.id),
    )
    if (
        counts[best.id] == counts[ranked[1].id]
        or voted
        or not unique_title(listed, best)
        or (len(newest) > window and newest[window - 1].created_at == newest[window].created_at)
    ):
        return None  # a tie, an earlier vote, an ambiguous title or an unclear window
    steps = [*open_forum(forum), click("New"), button(f"Upvote submission: {best.title}")]
    return Draft(
        answer=best.title,
        values={"count": window, "forum": forum.title},
        eval=_upvote_eval(ctx, uid, best.id),
        solution=[*steps, stop()],
    )


# --- reply to the top comment of the top submission ------------------------------------


def _top_comment(ctx: Context, submission_id: int) -> tuple[int, str] | None:
    """The first top-level comment the submission page shows (comments sorted by Top)."""
    rows = ctx.data.query(
        "forum",
        "SELECT c.id, u.username, c.score, c.deleted, c.removed "
        "FROM comments c JOIN users u ON u.id = c.user_id WHERE "
        "c.submission_id = ? AND c.parent_id IS NULL ORDER BY c.score DESC, "
        "c.created_at, c.id",
        (submission_id,),
    )
    if len(rows) < 2 or rows[0][3] or rows[0][4] or rows[0][2] == rows[1][2]:
        return None  # none to choose from, a hidden comment, or a tie for the top
    return rows[0][0], rows[0][1]


def _reply_top_comment(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    ranked = ranked_pick(ctx, listing(ctx.data, forum, "top"), 1)
    if ranked is None or ranked[1].locked:
        return None
    item = ranked[1]
    top = _top_comment(ctx, item.id)
    if top is None:
        return None
    comment_id, _ = top
    text = ctx.rng.choice(REPLIES)
    uid = user_id(ctx.data)
    steps = [
        *open_forum(forum),
        click("Top"),
        click(item.title),
        click("Reply"),
        type_text("Reply", text),
        button("Post reply"),
    ]
    return Draft(
        answer=top[1],
        values={"forum": forum.title, "text": text},
        eval=state_eval(
            "forum",
            [
                (
                    # the body is selected, not filtered on, so lenient judges its text
                    "SELECT group_concat(body, ' | ') FROM comments "
                    f"WHERE parent_id = {comment_id} AND user_id = {uid} AND deleted = 0",
                    text,
                ),
                (
                    f"SELECT COUNT(*) FROM comments WHERE user_id = {uid}",
                    ctx.data.value(
                        "forum", "SELECT COUNT(*) FROM comments WHERE user_id = ?", (uid,)
                    )
                    + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


# --- open the profile of the top commenter ---------------------------------------------


def _open_top_commenter(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    period = ctx.rng.choice(tuple(RANGES))
    ranked = ranked_pick(ctx, listing(ctx.data, forum, "top", RANGES[period]))
    if ranked is None:
        return None
    n, item = ranked
    top = _top_comment(ctx, item.id)
    if top is None or top[1] in (item.author, USER):
        return None  # the commenter's link must be the first link with that name
    steps = [*open_forum(forum), click("Top"), click(period), click(item.title), click(top[1])]
    return Draft(
        values=top_values(forum, period, n),
        eval={"eval_types": ["url_match"], "reference_url": f"__FORUM__/user/{top[1]}"},
        solution=[*steps, stop()],
        answer=top[1],
    )


# --- message the author of the top comment ---------------------------------------------


def _message_top_commenter(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    listed = listing(ctx.data, forum, "top")[:PER_PAGE]
    if not listed:
        return None
    item = ctx.rng.choice(listed[:10])
    if not unique_title(listed, item):
        return None
    top = _top_comment(ctx, item.id)
    if top is None or top[1] in (item.author, USER):
        return None  # the commenter's link must be the first link with that name
    author = top[1]
    subject, body = ctx.rng.choice(SUBJECTS), ctx.rng.choice(BODIES)
    uid = user_id(ctx.data)
    steps = [
        *open_forum(forum),
        click("Top"),
        click(item.title),
        click(author),
        click("Send a message"),
        type_text("Subject", subject),
        type_text("Message", body),
        button("Send message"),
    ]
    return Draft(
        answer=author,
        values={"title": item.title, "forum": forum.title, "subject": subject, "body": body},
        eval=state_eval(
            "forum",
            [
                (
                    "SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.recipient_id WHERE "
                    f"m.sender_id = {uid} AND u.username = {sql_text(author)} AND "
                    f"{text_is('m.subject', subject)} AND {text_is('m.body', body)}",
                    1,
                ),
                (
                    f"SELECT COUNT(*) FROM messages WHERE sender_id = {uid}",
                    ctx.data.value(
                        "forum", "SELECT COUNT(*) FROM messages WHERE sender_id = ?", (uid,)
                    )
                    + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


# --- lock a submission (only in forums the user moderates) -----------------------------


def _lock(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    moderated = {
        row[0]
        for row in ctx.data.query(
            "forum", "SELECT forum_id FROM moderators WHERE user_id = ?", (uid,)
        )
    }
    everything = ctx.data.query("forum", "SELECT title FROM submissions WHERE deleted = 0")
    feasible = ctx.rng.chance(0.5)
    pool = [f for f in forums(ctx.data) if (f.id in moderated) == feasible]
    if not pool:
        return None
    forum: Forum = ctx.rng.choice(pool)
    listed = [s for s in listing(ctx.data, forum, "top")[:PER_PAGE] if not s.locked]
    if not listed:
        return None
    item = ctx.rng.choice(listed)
    if everything.count((item.title,)) != 1 or not on_first_search_page(
        ctx.data, item.title, item.id
    ):
        return None  # the search must list exactly one submission of that title, on page 1
    steps = [search(item.title), click(item.title)]
    values = {"title": item.title, "forum": forum.title}
    if not feasible:
        return Draft(
            values=values,
            eval=infeasible_eval(),
            answer="N/A",
            solution=[*steps, infeasible(f"I do not moderate {forum.title}, so I cannot lock it.")],
        )
    return Draft(
        values=values,
        solution=[*steps, button("Lock submission"), stop()],
        eval=state_eval(
            "forum",
            [
                (f"SELECT locked FROM submissions WHERE id = {item.id}", 1),
                (
                    "SELECT COUNT(*) FROM submissions WHERE locked = 1",
                    ctx.data.value("forum", "SELECT COUNT(*) FROM submissions WHERE locked = 1")
                    + 1,
                ),
            ],
        ),
    )


def _confirm_lock(ctx: Context, values: dict[str, Any]) -> str | None:
    """Feasible exactly when the task user is among the forum's listed moderators."""
    moderators = ctx.data.query(
        "forum",
        "SELECT u.username FROM moderators m JOIN users u ON "
        "u.id = m.user_id JOIN forums f ON f.id = m.forum_id WHERE "
        "f.title = ?",
        (values["forum"],),
    )
    return None if (USER,) in moderators else "N/A"


# --- independent confirmations ---------------------------------------------------------


def _forum_rows(ctx: Context, title: str) -> list[tuple[Any, ...]]:
    """Every submission row of a forum (by title), deleted ones too, in id order."""
    return ctx.data.query(
        "forum",
        "SELECT s.id, s.title, s.created_at, s.deleted, u.username "
        "FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u "
        "ON u.id = s.user_id WHERE f.title = ? ORDER BY s.id",
        (title,),
    )


def _votes(ctx: Context, table: str, key: str) -> dict[int, int]:
    """Scores recomputed from the vote rows: item id -> sum of votes."""
    return dict(ctx.data.query("forum", f"SELECT {key}, SUM(value) FROM {table} GROUP BY {key}"))


def _nth_newest(rows: list[tuple[Any, ...]], n: int) -> tuple[Any, ...]:
    live = sorted((r for r in rows if not r[3]), key=lambda r: (r[2], r[0]), reverse=True)
    return live[n - 1]


def _confirm_upvote_newest(ctx: Context, values: dict[str, Any]) -> str:
    """The n-th newest live submission, sorted in Python."""
    words = values["rank"].split()
    n = 1 if words[0] == "newest" else [ordinal(i) for i in range(1, 6)].index(words[0]) + 1
    return _nth_newest(_forum_rows(ctx, values["forum"]), n)[1]


def _confirm_most_discussed(ctx: Context, values: dict[str, Any]) -> str:
    """Among the newest, the one with the most comment rows (not the stored count)."""
    rows = _forum_rows(ctx, values["forum"])
    window = [_nth_newest(rows, i) for i in range(1, values["count"] + 1)]
    counts = dict(
        ctx.data.query(
            "forum", "SELECT submission_id, COUNT(*) FROM comments GROUP BY submission_id"
        )
    )
    return max(window, key=lambda r: counts.get(r[0], 0))[1]


def _top_comment_author(ctx: Context, submission_id: int) -> str:
    """The top-level comment with the most net votes (from the vote rows), by author."""
    scores = _votes(ctx, "comment_votes", "comment_id")
    rows = ctx.data.query(
        "forum",
        "SELECT c.id, c.created_at, u.username FROM comments c JOIN "
        "users u ON u.id = c.user_id WHERE c.submission_id = ? AND "
        "c.parent_id IS NULL",
        (submission_id,),
    )
    return min(rows, key=lambda r: (-scores.get(r[0], 0), r[1], r[0]))[2]


def _confirm_reply_top(ctx: Context, values: dict[str, Any]) -> str:
    scores = _votes(ctx, "submission_votes", "submission_id")
    live = [r for r in _forum_rows(ctx, values["forum"]) if not r[3]]
    top = max(live, key=lambda r: scores.get(r[0], 0))
    return _top_comment_author(ctx, top[0])


def _confirm_message_top(ctx: Context, values: dict[str, Any]) -> str:
    rows = [r for r in _forum_rows(ctx, values["forum"]) if r[1] == values["title"] and not r[3]]
    return _top_comment_author(ctx, rows[0][0])


def _confirm_open_top_commenter(ctx: Context, values: dict[str, Any]) -> str:
    period = next(p for p, words in RANGE_WORDS.items() if words == values["period"])
    words = values["rank"].split()
    n = 1 if words[0] == "top-scoring" else [ordinal(i) for i in range(1, 6)].index(words[0]) + 1
    scores = _votes(ctx, "submission_votes", "submission_id")
    days = RANGES[period]
    live = [r for r in _forum_rows(ctx, values["forum"]) if not r[3]]
    if days is not None:
        start = (WORLD_NOW - timedelta(days=days)).strftime("%Y-%m-%d %H:%M:%S")
        live = [r for r in live if r[2] >= start]
    ranked = sorted(live, key=lambda r: -scores.get(r[0], 0))
    return _top_comment_author(ctx, ranked[n - 1][0])


FAMILIES = [
    Family(
        id="forum.author-submission-count",
        sites=("forum",),
        skills=("sort", "filter"),
        intent_template="How many submissions has the author of the {{rank}} submission of "
        "{{period}} in the {{forum}} forum posted in total?",
        build=_author_submissions,
        confirm=_confirm_author_submissions,
        length=(6, 6),
    ),
    Family(
        id="forum.upvote-newest",
        sites=("forum",),
        skills=("sort",),
        intent_template="Upvote the {{rank}} submission in the {{forum}} forum.",
        build=_upvote_newest,
        confirm=_confirm_upvote_newest,
        length=(5, 5),
        kind="state",
    ),
    Family(
        id="forum.upvote-most-discussed",
        sites=("forum",),
        skills=("sort", "compare"),
        intent_template="Of the {{count}} newest submissions in the {{forum}} forum, upvote "
        "the one with the most comments.",
        build=_upvote_most_discussed,
        confirm=_confirm_most_discussed,
        length=(5, 5),
        kind="state",
    ),
    Family(
        id="forum.reply-top-comment",
        sites=("forum",),
        skills=("sort", "form-fill"),
        intent_template="Open the top-scoring submission of all time in the {{forum}} forum "
        'and reply to its highest-scoring comment with "{{text}}"',
        build=_reply_top_comment,
        confirm=_confirm_reply_top,
        split="test",
        length=(8, 8),
        kind="state",
    ),
    Family(
        id="forum.message-top-commenter",
        sites=("forum",),
        skills=("sort", "form-fill"),
        intent_template="Send a private message to whoever wrote the highest-scoring comment "
        'on "{{title}}" in the {{forum}} forum, with the subject '
        '"{{subject}}" and the message "{{body}}"',
        build=_message_top_commenter,
        confirm=_confirm_message_top,
        length=(10, 10),
        kind="state",
    ),
    Family(
        id="forum.open-top-commenter-profile",
        sites=("forum",),
        skills=("sort",),
        intent_template="Open the profile of whoever wrote the highest-scoring comment on the "
        "{{rank}} submission of {{period}} in the {{forum}} forum.",
        build=_open_top_commenter,
        confirm=_confirm_open_top_commenter,
        split="test",
        length=(7, 7),
        kind="navigation",
    ),
    Family(
        id="forum.lock-submission",
        sites=("forum",),
        skills=("search",),
        intent_template='Lock the submission "{{title}}" in the {{forum}} forum.',
        build=_lock,
        confirm=_confirm_lock,
        length=(4, 5),
        kind="mixed",
    ),
]
