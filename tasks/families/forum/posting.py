"""Forum families that post, edit and rearrange subscriptions, and one that totals a
user's points in a forum by paging through their submissions."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    infeasible,
    infeasible_eval,
    ordinal,
    select,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.forum._common import (
    BODIES,
    PER_PAGE,
    SUBSCRIBER_RANKS,
    USER,
    Forum,
    Submission,
    by_subscribers,
    forums,
    open_forum,
    subscriber_rank,
    user_id,
)
from webenv.task_files.families.forum._top import (
    author_link,
    read_top,
    top_again,
    top_pick,
    top_values,
)

_TITLES = (
    "Looking for advice before I start",
    "What I learned after one year",
    "Beginner question about equipment",
    "Recommendations for this weekend?",
    "Small win I wanted to share",
    "Is this normal or should I worry?",
)
_SUFFIXES = (" [Update]", " [Solved]", " (edited)")


# --- post a submission, then edit its title ----------------------------------------------


def _post_then_edit(ctx: Context) -> Draft | None:
    forum = ctx.rng.choice(forums(ctx.data))
    title = ctx.rng.choice(_TITLES)
    body = ctx.rng.choice(BODIES)
    suffix = ctx.rng.choice(_SUFFIXES)
    uid = user_id(ctx.data)
    if ctx.data.value(
        "forum",
        "SELECT COUNT(*) FROM submissions WHERE user_id = ? AND title LIKE ?",
        (uid, title + "%"),
    ):
        return None  # the user already has a post by that title: the check would be ambiguous
    mine = ctx.data.value("forum", "SELECT COUNT(*) FROM submissions WHERE user_id = ?", (uid,))
    steps = [
        *open_forum(forum),
        click("Submit"),
        select("Forum", forum.title),
        type_text("Title", title),
        type_text("Body", body),
        button("Create submission"),
        click("Edit submission"),
        type_text("Title", title + suffix),
        button("Save changes"),
    ]
    return Draft(
        values={"forum": forum.title, "title": title, "body": body, "suffix": suffix.strip()},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid} AND forum_id = "
                    f"{forum.id} AND kind = 'text' AND deleted = 0 AND "
                    f"{text_is('title', title + suffix)} AND {text_is('body', body)} "
                    "AND edited_at IS NOT NULL",
                    1,
                ),
                (f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid}", mine + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


# --- drop the smallest subscription, add the biggest missing one -------------------------


def _subscriptions(ctx: Context) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(title, subscribers) of forums the user is and is not subscribed to, by the
    directory's stored subscriber counts."""
    uid = user_id(ctx.data)
    rows = ctx.data.query(
        "forum",
        "SELECT f.title, f.subscriber_count, EXISTS (SELECT 1 FROM subscriptions s WHERE "
        "s.forum_id = f.id AND s.user_id = ?) FROM forums f ORDER BY f.subscriber_count",
        (uid,),
    )
    inside = [(t, n) for t, n, sub in rows if sub]
    outside = [(t, n) for t, n, sub in rows if not sub]
    return inside, outside


def _swap(ctx: Context) -> Draft | None:
    inside, outside = _subscriptions(ctx)
    drop_by = ctx.rng.choice(SUBSCRIBER_RANKS)
    add_by = ctx.rng.choice(SUBSCRIBER_RANKS)
    dropped, added = by_subscribers(inside, drop_by), by_subscribers(outside, add_by)
    if dropped is None or added is None:
        return None  # too few forums on a side, or a tie at the rank
    drop, add = dropped[0], added[0]
    uid = user_id(ctx.data)
    ids = dict(ctx.data.query("forum", "SELECT title, id FROM forums"))
    steps = [
        click("Forums"),
        click("Sort by subscribers"),
        button(f"Unsubscribe from {drop}"),
        button(f"Subscribe to {add}"),
    ]
    return Draft(
        answer=f"{drop}|{add}",
        values={"drop_by": drop_by, "add_by": add_by},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid} "
                    f"AND forum_id = {ids[drop]}",
                    0,
                ),
                (
                    f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid} "
                    f"AND forum_id = {ids[add]}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid}", len(inside)),
            ],
        ),
        solution=[*steps, stop()],
    )


def _nth_by_count(forum_ids: set[int], counts: dict[int, int], which: str) -> int:
    """The forum at the rank ``which`` names, ranked in Python by the recounted rows."""
    n, most = subscriber_rank(which)
    return sorted(forum_ids, key=lambda f: counts.get(f, 0), reverse=most)[n - 1]


def _confirm_swap(ctx: Context, values: dict[str, Any]) -> str:
    """Recount subscribers from the subscription rows, not the stored counts."""
    uid = user_id(ctx.data)
    counts: dict[int, int] = {}
    mine: set[int] = set()
    for forum_id, member in ctx.data.query("forum", "SELECT forum_id, user_id FROM subscriptions"):
        counts[forum_id] = counts.get(forum_id, 0) + 1
        if member == uid:
            mine.add(forum_id)
    titles = dict(ctx.data.query("forum", "SELECT id, title FROM forums"))
    drop = _nth_by_count(mine, counts, values["drop_by"])
    add = _nth_by_count(set(titles) - mine, counts, values["add_by"])
    return f"{titles[drop]}|{titles[add]}"


# --- total points of the top poster's submissions in that forum ---------------------------


_PICK_TRIES = 8


def _first_fitting(ctx: Context, build: Any) -> Draft | None:
    """``build(ctx, forum, period, n, submission)`` on up to :data:`_PICK_TRIES` (seeded)
    draws of a forum's n-th Top submission over a period: the first draft any draw
    supports, so a world with few fitting forums still yields instances."""
    for _ in range(_PICK_TRIES):
        pick = top_pick(ctx)
        if pick is not None:
            built = build(ctx, *pick)
            if built is not None:
                return built
    return None


def _author_points(ctx: Context) -> Draft | None:
    return _first_fitting(ctx, _author_points_in)


def _author_points_in(
    ctx: Context, forum: Forum, period: str, n: int, item: Submission
) -> Draft | None:
    rows = ctx.data.query(
        "forum",
        "SELECT f.id, s.score FROM submissions s JOIN users u ON u.id = s.user_id JOIN "
        "forums f ON f.id = s.forum_id WHERE u.username = ? AND s.deleted = 0 "
        "ORDER BY s.created_at DESC, s.id DESC",
        (item.author,),
    )
    positions = [i for i, (forum_id, _) in enumerate(rows) if forum_id == forum.id]
    if len(positions) < 2:
        return None
    answer = str(sum(rows[i][1] for i in positions))
    pages = positions[-1] // PER_PAGE + 1
    steps = [
        *read_top(forum, period),
        author_link(ctx, forum, period, n, item.author),
        click(f"All submissions by {item.author}"),
        *[click("Next page") for _ in range(pages - 1)],
    ]
    return Draft(
        values=top_values(forum, period, n),
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_author_points(ctx: Context, values: dict[str, Any]) -> str:
    """The submission re-ranked from raw rows (:func:`top_again`), then its author's
    points in that forum summed in Python from vote rows."""
    _, _, author = top_again(ctx, values)
    forum_id = ctx.data.value("forum", "SELECT id FROM forums WHERE title = ?", (values["forum"],))
    votes: dict[int, int] = {}
    for submission_id, value in ctx.data.query(
        "forum", "SELECT submission_id, value FROM submission_votes"
    ):
        votes[submission_id] = votes.get(submission_id, 0) + value
    posts = ctx.data.query(
        "forum", "SELECT id, user_id, forum_id FROM submissions WHERE deleted = 0"
    )
    return str(sum(votes.get(p[0], 0) for p in posts if p[1] == author and p[2] == forum_id))


FAMILIES = [
    Family(
        id="forum.post-then-edit",
        sites=("forum",),
        skills=("form-fill",),
        intent_template='Post a submission titled "{{title}}" in {{forum}} with the body '
        '"{{body}}", then edit it to add " {{suffix}}" to the end of its title.',
        build=_post_then_edit,
        confirm=None,
        length=(11, 11),
        kind="state",
    ),
    Family(
        id="forum.swap-subscription",
        sites=("forum",),
        skills=("sort", "compare"),
        intent_template="Unsubscribe from the forum with the {{drop_by}} subscribers among "
        "those I am subscribed to, and subscribe to the forum with the {{add_by}} subscribers "
        "among those I am not subscribed to.",
        build=_swap,
        confirm=_confirm_swap,
        length=(5, 5),
        kind="state",
    ),
    Family(
        id="forum.top-author-points-in-forum",
        sites=("forum",),
        skills=("sort", "paginate", "aggregate"),
        intent_template="Find the author of the {{rank}} submission of {{period}} in {{forum}} "
        "and tell me the total points of all the submissions they have posted in {{forum}}.",
        build=_author_points,
        confirm=_confirm_author_points,
        split="test",
        length=(7, 12),
        kind="info",
    ),
]


# --- subscribe to the forum the top author posts in most ---------------------------------


def _author_favourite(ctx: Context) -> Draft | None:
    return _first_fitting(ctx, _author_favourite_in)


def _author_favourite_in(
    ctx: Context, forum: Forum, period: str, n: int, item: Submission
) -> Draft | None:
    author = item.author
    rows = ctx.data.query(
        "forum",
        "SELECT f.title FROM submissions s JOIN users u ON u.id = s.user_id JOIN forums f "
        "ON f.id = s.forum_id WHERE u.username = ? AND s.deleted = 0 "
        "ORDER BY s.created_at DESC, s.id DESC",
        (author,),
    )
    counts: dict[str, int] = {}
    for (title,) in rows:
        counts[title] = counts.get(title, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
        return None  # one forum only, or a tie for the most
    favourite = ranked[0][0]
    uid = user_id(ctx.data)
    ids = dict(ctx.data.query("forum", "SELECT title, id FROM forums"))
    subscribed = {
        f
        for (f,) in ctx.data.query(
            "forum", "SELECT forum_id FROM subscriptions WHERE user_id = ?", (uid,)
        )
    }
    if ids[favourite] in subscribed:
        return None
    steps = [
        *read_top(forum, period),
        author_link(ctx, forum, period, n, author),
        click(f"All submissions by {author}"),
        *[click("Next page") for _ in range((len(rows) - 1) // PER_PAGE)],
        click("Forums"),
        button(f"Subscribe to {favourite}"),
    ]
    return Draft(
        answer=favourite,
        values=top_values(forum, period, n),
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid} "
                    f"AND forum_id = {ids[favourite]}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid}", len(subscribed) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_author_favourite(ctx: Context, values: dict[str, Any]) -> str:
    """The submission re-ranked from raw rows (:func:`top_again`), then its author's
    forums counted in Python."""
    _, _, best_author = top_again(ctx, values)
    posts = ctx.data.query(
        "forum", "SELECT id, user_id, forum_id, created_at FROM submissions WHERE deleted = 0"
    )
    counts: dict[int, int] = {}
    for _, author, where, _ in posts:
        if author == best_author:
            counts[where] = counts.get(where, 0) + 1
    titles = dict(ctx.data.query("forum", "SELECT id, title FROM forums"))
    return titles[max(counts, key=counts.__getitem__)]


FAMILIES.append(
    Family(
        id="forum.subscribe-top-author-favourite",
        sites=("forum",),
        skills=("sort", "paginate", "aggregate"),
        intent_template="Find the author of the {{rank}} submission of {{period}} in {{forum}}, "
        "work out which forum they have posted the most submissions in, and subscribe me to "
        "that forum.",
        build=_author_favourite,
        confirm=_confirm_author_favourite,
        length=(9, 14),
        kind="state",
    )
)


# --- edit one of my comments picked by points or age ---------------------------------------

_NOTES = (
    "thanks for the replies",
    "fixed a typo",
    "see my newer post",
    "this worked for me",
    "added a link",
    "clarified the second point",
    "still looking for answers",
    "updated after testing",
)
_WHICH_COMMENT = (
    "my comment with the most points",
    "my newest comment",
    "my second newest comment",
    "my third newest comment",
    "my oldest comment",
    "my second oldest comment",
    "my third oldest comment",
)


def _comment_rank(which: str) -> tuple[int, bool]:
    """``(1-based rank, from the newest)`` of an age phrase of :data:`_WHICH_COMMENT`."""
    words = which.split()
    n = 1 if len(words) == 3 else [ordinal(i) for i in (1, 2, 3)].index(words[1]) + 1
    return n, words[-2] == "newest"


def _edit_my_comment(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    rows = ctx.data.query(
        "forum",
        "SELECT c.id, c.body, c.score, s.title FROM comments c JOIN submissions s ON "
        "s.id = c.submission_id WHERE c.user_id = ? AND c.deleted = 0 AND c.removed = 0 "
        "ORDER BY c.created_at DESC, c.id DESC",
        (uid,),
    )
    if len(rows) < 3:
        return None
    which = ctx.rng.choice(_WHICH_COMMENT)
    if which == _WHICH_COMMENT[0]:
        index = max(range(len(rows)), key=lambda i: rows[i][2])
        if sum(r[2] == rows[index][2] for r in rows) > 1:
            return None  # a tie for the most points
    else:
        n, newest = _comment_rank(which)
        index = n - 1 if newest else len(rows) - n
    comment_id, body, _, title = rows[index]
    if sum(r[3] == title for r in rows) > 1:
        return None  # two of my comments sit under the same title: the link is ambiguous
    note = ctx.rng.choice(_NOTES)
    new_body = f"{body} (Edit: {note})"
    steps = [
        click(USER),
        click(f"All comments by {USER}"),
        *[click("Next page") for _ in range(index // PER_PAGE)],
        click(title),
        click("Edit"),
        type_text("Comment", new_body),
        button("Save changes"),
    ]
    return Draft(
        answer=str(comment_id),
        values={"which": which, "note": note},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT {text_is('body', new_body)} AND edited_at IS NOT NULL "
                    f"FROM comments WHERE id = {comment_id}",
                    1,
                ),
                (
                    f"SELECT COUNT(*) FROM comments WHERE user_id = {uid}",
                    ctx.data.value(
                        "forum", "SELECT COUNT(*) FROM comments WHERE user_id = ?", (uid,)
                    ),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_edit_my_comment(ctx: Context, values: dict[str, Any]) -> str:
    """Pick the comment again in Python, with points recomputed from the vote rows."""
    uid = user_id(ctx.data)
    mine = ctx.data.query(
        "forum",
        "SELECT id, created_at FROM comments WHERE user_id = ? AND deleted = 0 AND removed = 0",
        (uid,),
    )
    votes: dict[int, int] = {}
    for comment_id, value in ctx.data.query("forum", "SELECT comment_id, value FROM comment_votes"):
        votes[comment_id] = votes.get(comment_id, 0) + value
    if values["which"] == _WHICH_COMMENT[0]:
        chosen = max(mine, key=lambda c: votes.get(c[0], 0))
    else:
        n, newest = _comment_rank(values["which"])
        chosen = sorted(mine, key=lambda c: (c[1], c[0]), reverse=newest)[n - 1]
    return str(chosen[0])


FAMILIES.append(
    Family(
        id="forum.edit-my-comment",
        sites=("forum",),
        skills=("sort", "paginate", "form-fill"),
        intent_template='Find {{which}} and edit it to add " (Edit: {{note}})" '
        "at the end of its text.",
        build=_edit_my_comment,
        confirm=_confirm_edit_my_comment,
        length=(7, 9),
        kind="state",
    )
)


# --- delete my newest submission in a forum (infeasible where I never posted) --------------


def _delete_newest_mine(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    mine = ctx.data.query(
        "forum",
        "SELECT s.id, s.title, s.forum_id FROM submissions s WHERE s.user_id = ? AND "
        "s.deleted = 0 ORDER BY s.created_at DESC, s.id DESC",
        (uid,),
    )
    if not mine:
        return None
    posted = {forum_id for _, _, forum_id in mine}
    everything = forums(ctx.data)
    feasible = ctx.rng.chance(0.7)
    pool = [f for f in everything if (f.id in posted) == feasible]
    if not pool:
        return None
    forum = ctx.rng.choice(pool)
    pages = (len(mine) - 1) // PER_PAGE + 1
    browse = [click(USER), click(f"All submissions by {USER}")]
    which = ctx.rng.choice(("most recent", "oldest"))
    values = {"which": which, "forum": forum.title}
    if not feasible:
        reason = f"I have no submissions in {forum.title}, so there is nothing to delete."
        steps = [*browse, *[click("Next page") for _ in range(pages - 1)]]
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(reason)],
            answer="N/A",
        )
    here = [i for i, row in enumerate(mine) if row[2] == forum.id]
    index = here[0] if which == "most recent" else here[-1]
    submission_id, title, _ = mine[index]
    if sum(row[1] == title for row in mine) > 1:
        return None  # two of my posts share the title: the link would be ambiguous
    steps = [
        *browse,
        *[click("Next page") for _ in range(index // PER_PAGE)],
        click(title),
        button("Delete submission"),
    ]
    return Draft(
        answer=title,
        values=values,
        eval=state_eval(
            "forum",
            [
                (f"SELECT deleted FROM submissions WHERE id = {submission_id}", 1),
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid} AND deleted = 1",
                    1
                    + ctx.data.value(
                        "forum",
                        "SELECT COUNT(*) FROM submissions WHERE user_id = ? AND deleted = 1",
                        (uid,),
                    ),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_delete_newest_mine(ctx: Context, values: dict[str, Any]) -> str:
    """My newest (oldest) post in that forum, picked in Python from my submission rows."""
    uid = user_id(ctx.data)
    forum_id = ctx.data.value("forum", "SELECT id FROM forums WHERE title = ?", (values["forum"],))
    rows = ctx.data.query(
        "forum",
        "SELECT id, title, created_at, forum_id, deleted, user_id FROM submissions "
        "WHERE forum_id = ?",
        (forum_id,),
    )
    mine = [r for r in rows if r[5] == uid and not r[4]]
    pick = max if values["which"] == "most recent" else min
    return pick(mine, key=lambda r: (r[2], r[0]))[1] if mine else "N/A"


FAMILIES.append(
    Family(
        id="forum.delete-my-newest-in-forum",
        sites=("forum",),
        skills=("paginate",),
        intent_template="Delete my {{which}} submission in the {{forum}} forum.",
        build=_delete_newest_mine,
        confirm=_confirm_delete_newest_mine,
        split="test",
        length=(3, 8),
        kind="mixed",
    )
)
