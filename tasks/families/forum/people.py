"""Forum families about people: compare two forums' moderators by karma (or two top
authors by comment karma), answer a message in my inbox picked by who sent it or whether it
is still unread, count the forums a top author posts in, follow every forum a forum's
moderators run, and name the forum at some rank by subscribers among mine (or the others) in my
biography."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.forum._common import (
    PER_PAGE,
    REPLIES,
    SUBSCRIBER_RANKS,
    USER,
    Forum,
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

# --- which of two forums' moderators has more karma ----------------------------------------


def _sole_moderators(ctx: Context) -> list[tuple[Forum, int, str]]:
    """(forum, moderator id, moderator username) of forums with one moderator, not me."""
    rows = ctx.data.query(
        "forum",
        "SELECT m.forum_id, u.id, u.username FROM moderators m JOIN users u ON u.id = m.user_id",
    )
    by_forum: dict[int, list[tuple[int, str]]] = {}
    for forum_id, uid, name in rows:
        by_forum.setdefault(forum_id, []).append((uid, name))
    return [
        (forum, *by_forum[forum.id][0])
        for forum in forums(ctx.data)
        if len(by_forum.get(forum.id, ())) == 1 and by_forum[forum.id][0][1] != USER
    ]


def _karma(ctx: Context, uid: int) -> int:
    """Total karma as the profile shows it: scores of the user's undeleted content."""
    return int(
        ctx.data.value(
            "forum",
            "SELECT (SELECT COALESCE(SUM(score), 0) FROM submissions WHERE user_id = ? AND "
            "deleted = 0) + (SELECT COALESCE(SUM(score), 0) FROM comments WHERE user_id = ? "
            "AND deleted = 0 AND removed = 0)",
            (uid, uid),
        )
    )


def _moderator_karma(ctx: Context) -> Draft | None:
    pool = _sole_moderators(ctx)
    if len(pool) < 2:
        return None
    first, second = ctx.rng.sample(pool, 2)
    if first[1] == second[1]:
        return None  # one person moderates both
    karma = {name: _karma(ctx, uid) for _, uid, name in (first, second)}
    if karma[first[2]] == karma[second[2]]:
        return None  # a tie
    answer = max(karma, key=karma.__getitem__)
    steps = [*open_forum(first[0]), click(first[2]), *open_forum(second[0]), click(second[2])]
    return Draft(
        values={"first": first[0].title, "second": second[0].title},
        eval=answer_eval(answer, "string"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_moderator_karma(ctx: Context, values: dict[str, Any]) -> str:
    """Karma rebuilt from the vote rows (not the stored scores) of each moderator's content."""
    totals: dict[str, int] = {}
    for title in (values["first"], values["second"]):
        (uid, name), *_ = ctx.data.query(
            "forum",
            "SELECT u.id, u.username FROM moderators m JOIN users u ON u.id = m.user_id "
            "JOIN forums f ON f.id = m.forum_id WHERE f.title = ?",
            (title,),
        )
        posts = ctx.data.query(
            "forum",
            "SELECT v.value FROM submission_votes v JOIN submissions s ON s.id = v.submission_id "
            "WHERE s.user_id = ? AND s.deleted = 0",
            (uid,),
        )
        comments = ctx.data.query(
            "forum",
            "SELECT v.value FROM comment_votes v JOIN comments c ON c.id = v.comment_id "
            "WHERE c.user_id = ? AND c.deleted = 0 AND c.removed = 0",
            (uid,),
        )
        totals[name] = sum(v for (v,) in posts) + sum(v for (v,) in comments)
    return max(totals, key=totals.__getitem__)


# --- reply to a message in my inbox --------------------------------------------------------


def _inbox(ctx: Context) -> list[tuple[int, str, str, str | None]]:
    """(id, sender, subject, read_at) of my received messages, newest first (as listed)."""
    return ctx.data.query(
        "forum",
        "SELECT m.id, u.username, m.subject, m.read_at FROM messages m JOIN users u "
        "ON u.id = m.sender_id WHERE m.recipient_id = ? ORDER BY m.created_at DESC, m.id DESC",
        (user_id(ctx.data),),
    )


def _pick_message(
    inbox: list[tuple[int, str, str, str | None]], which: str
) -> tuple[int, str, str, str | None] | None:
    """The message ``which`` names: ``oldest unread``, ``newest unread`` or ``from <user>``
    (the newest from that sender)."""
    if which.endswith("unread"):
        unread = [m for m in inbox if m[3] is None]
        if not unread:
            return None
        return unread[0] if which.startswith("newest") else unread[-1]
    sender = which.removeprefix("latest from ")
    return next((m for m in inbox if m[1] == sender), None)


def _reply_subject(subject: str) -> str:
    return subject if subject.startswith("Re: ") else f"Re: {subject}"


def _reply_message(ctx: Context) -> Draft | None:
    inbox = _inbox(ctx)
    senders = sorted({m[1] for m in inbox})
    if not inbox:
        return None
    # Half the instances pick by unread status, half by sender (there are more senders).
    if ctx.rng.chance(0.5):
        which = ctx.rng.choice(("oldest unread", "newest unread"))
    else:
        which = f"latest from {ctx.rng.choice(senders)}"
    picked = _pick_message(inbox, which)
    if picked is None:
        return None
    index = inbox.index(picked)
    page = index // PER_PAGE
    on_page = inbox[page * PER_PAGE : index + 1]
    nth = sum(m[2] == picked[2] for m in on_page) - 1  # earlier links with the same subject
    text = ctx.rng.choice(REPLIES)
    uid = user_id(ctx.data)
    sent = ctx.data.value("forum", "SELECT COUNT(*) FROM messages WHERE sender_id = ?", (uid,))
    steps = [
        click("Messages"),
        *[click("Next page") for _ in range(page)],
        click(picked[2], nth=nth),
        click("Reply"),
        type_text("Message", text),
        button("Send message"),
    ]
    wording = {
        "oldest unread": "the oldest unread message in my inbox",
        "newest unread": "the newest unread message in my inbox",
    }.get(which, f"the most recent message {picked[1]} sent me")
    return Draft(
        answer=f"{picked[1]}: {picked[2]}",
        values={"message": wording, "text": text},
        eval=state_eval(
            "forum",
            [
                (
                    "SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.recipient_id "
                    f"WHERE m.sender_id = {uid} AND u.username = {sql_text(picked[1])} AND "
                    f"{text_is('m.subject', _reply_subject(picked[2]))} AND "
                    f"{text_is('m.body', text)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM messages WHERE sender_id = {uid}", sent + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_reply_message(ctx: Context, values: dict[str, Any]) -> str:
    """The message picked in Python from every message row (sorted here, not in SQL)."""
    uid = user_id(ctx.data)
    names = dict(ctx.data.query("forum", "SELECT id, username FROM users"))
    rows = ctx.data.query(
        "forum", "SELECT id, sender_id, recipient_id, subject, created_at, read_at FROM messages"
    )
    mine = sorted((r for r in rows if r[2] == uid), key=lambda r: (r[4], r[0]), reverse=True)
    wording = values["message"]
    if wording.startswith(("the oldest unread", "the newest unread")):
        unread = [r for r in mine if r[5] is None]
        chosen = unread[0] if wording.startswith("the newest") else unread[-1]
    else:
        sender = wording.removeprefix("the most recent message ").removesuffix(" sent me")
        chosen = next(r for r in mine if names[r[1]] == sender)
    return f"{names[chosen[1]]}: {chosen[3]}"


# --- in how many forums has the author of a top submission posted --------------------------


def _author_forums(ctx: Context) -> Draft | None:
    picked = top_pick(ctx)
    if picked is None:
        return None
    forum, period, n, item = picked
    rows = ctx.data.query(
        "forum",
        "SELECT COUNT(*), COUNT(DISTINCT s.forum_id) FROM submissions s JOIN users u "
        "ON u.id = s.user_id WHERE u.username = ? AND s.deleted = 0",
        (item.author,),
    )
    count, distinct = rows[0]
    steps = [
        *read_top(forum, period),
        author_link(ctx, forum, period, n, item.author),
        click(f"All submissions by {item.author}"),
        *[click("Next page") for _ in range((count - 1) // PER_PAGE)],
    ]
    answer = str(distinct)
    return Draft(
        values=top_values(forum, period, n),
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_author_forums(ctx: Context, values: dict[str, Any]) -> str:
    """The author re-ranked from raw rows; their forums collected in Python."""
    _, _, author = top_again(ctx, values)
    rows = ctx.data.query("forum", "SELECT user_id, forum_id, deleted FROM submissions")
    return str(len({f for uid, f, deleted in rows if uid == author and not deleted}))


# --- subscribe to every forum a forum's moderator moderates --------------------------------


def _subscribe_moderated(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    mine = {
        forum_id
        for (forum_id,) in ctx.data.query(
            "forum", "SELECT forum_id FROM subscriptions WHERE user_id = ?", (uid,)
        )
    }
    rows = ctx.data.query(
        "forum",
        "SELECT m.forum_id, m.user_id, u.username FROM moderators m JOIN users u "
        "ON u.id = m.user_id ORDER BY u.username",
    )
    mods: dict[int, list[tuple[int, str]]] = {}
    moderated: dict[int, set[int]] = {}
    for forum_id, mod, name in rows:
        mods.setdefault(forum_id, []).append((mod, name))
        moderated.setdefault(mod, set()).add(forum_id)
    everything = forums(ctx.data)
    forum = ctx.rng.choice(everything)
    team = mods.get(forum.id, [])
    theirs = set().union(*(moderated[mod] for mod, _ in team))
    if not team or uid in {mod for mod, _ in team} or not theirs - mine:
        return None  # no moderators, I am one of them, or nothing left to follow
    targets = [f for f in everything if f.id in theirs - mine]
    # Each moderator's profile lists the forum among those they moderate: back through it.
    visits = [step for _, name in team for step in (click(name), click(forum.title))]
    steps = [
        *open_forum(forum),
        *visits[:-1],
        click("Forums"),
        *[button(f"Subscribe to {f.title}") for f in targets],
    ]
    return Draft(
        answer=len(targets),
        values={"forum": forum.title},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid} AND forum_id IN "
                    f"({', '.join(map(str, sorted(theirs)))})",
                    len(theirs),
                ),
                (
                    f"SELECT COUNT(*) FROM subscriptions WHERE user_id = {uid}",
                    len(mine) + len(targets),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_subscribe_moderated(ctx: Context, values: dict[str, Any]) -> int:
    """How many of the moderators' forums I still lack, from the raw rows in Python."""
    uid = user_id(ctx.data)
    titles = dict(ctx.data.query("forum", "SELECT id, title FROM forums"))
    rows = ctx.data.query("forum", "SELECT forum_id, user_id FROM moderators")
    team = {mod for forum_id, mod in rows if titles[forum_id] == values["forum"]}
    subscribed = ctx.data.query("forum", "SELECT user_id, forum_id FROM subscriptions")
    have = {forum_id for who, forum_id in subscribed if who == uid}
    return len({forum_id for forum_id, mod in rows if mod in team} - have)


# --- which of two top authors has more comment karma ----------------------------------------


def _comment_karma(ctx: Context, username: str) -> int:
    """Comment karma as the profile shows it: scores of undeleted, unremoved comments."""
    return int(
        ctx.data.value(
            "forum",
            "SELECT COALESCE(SUM(c.score), 0) FROM comments c JOIN users u ON u.id = c.user_id "
            "WHERE u.username = ? AND c.deleted = 0 AND c.removed = 0",
            (username,),
        )
    )


def _compare_comment_karma(ctx: Context) -> Draft | None:
    first, second = top_pick(ctx), top_pick(ctx)
    if first is None or second is None or first[0] == second[0]:
        return None
    authors = (first[3].author, second[3].author)
    karma = [_comment_karma(ctx, name) for name in authors]
    if authors[0] == authors[1] or karma[0] == karma[1]:
        return None  # one person, or a tie
    answer = authors[0] if karma[0] > karma[1] else authors[1]
    steps = [
        *read_top(first[0], first[1]),
        author_link(ctx, *first[:3], authors[0]),
        *read_top(second[0], second[1]),
        author_link(ctx, *second[:3], authors[1]),
    ]
    a, b = (top_values(*pick[:3]) for pick in (first, second))
    return Draft(
        values={
            f"{key}_{tag}": value for tag, v in (("a", a), ("b", b)) for key, value in v.items()
        },
        eval=answer_eval(answer, "string"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_compare_comment_karma(ctx: Context, values: dict[str, Any]) -> str:
    """Both authors re-ranked from raw rows; comment karma summed from comment vote rows."""
    names = dict(ctx.data.query("forum", "SELECT id, username FROM users"))
    totals = {}
    for tag in ("a", "b"):
        _, _, author = top_again(
            ctx, {k: values[f"{k}_{tag}"] for k in ("rank", "period", "forum")}
        )
        votes = ctx.data.query(
            "forum",
            "SELECT v.value FROM comment_votes v JOIN comments c ON c.id = v.comment_id "
            "WHERE c.user_id = ? AND c.deleted = 0 AND c.removed = 0",
            (author,),
        )
        totals[names[author]] = sum(v for (v,) in votes)
    return max(totals, key=totals.__getitem__)


# --- put the biggest or smallest of my forums in my biography -------------------------------

_BIO_AMONG = ("I am subscribed to", "I am not subscribed to")
_BIO_LEADS = (
    "Mostly found in ",
    "You can find me in ",
    "Home forum: ",
    "Usually posting in ",
    "Say hi in ",
    "My favourite corner: ",
    "Lurking in ",
    "Ask me anything in ",
)


def _bio_forum(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    among = ctx.rng.choice(_BIO_AMONG)
    rows = ctx.data.query(
        "forum",
        "SELECT f.title, f.subscriber_count FROM forums f WHERE EXISTS (SELECT 1 FROM "
        "subscriptions s WHERE s.forum_id = f.id AND s.user_id = ?) = ?",
        (uid, int(among == _BIO_AMONG[0])),
    )
    which = ctx.rng.choice(SUBSCRIBER_RANKS)
    picked = by_subscribers(rows, which)
    if picked is None:
        return None  # too few subscriptions, or a tie at the rank
    title = picked[0]
    lead = ctx.rng.choice(_BIO_LEADS)
    biography = f"{lead}{title}"
    steps = [
        click("Forums"),
        click("Sort by subscribers"),
        click(title),
        click("Settings"),
        click("Edit biography"),
        type_text("Biography", biography),
        button("Save biography"),
    ]
    return Draft(
        answer=title,
        values={"lead": lead, "which": which, "among": among},
        eval=state_eval(
            "forum", [(f"SELECT trim(biography) FROM users WHERE id = {uid}", biography)]
        ),
        solution=[*steps, stop()],
    )


def _confirm_bio_forum(ctx: Context, values: dict[str, Any]) -> str:
    """Subscribers counted from the subscription rows, the extreme picked in Python."""
    uid = user_id(ctx.data)
    titles = dict(ctx.data.query("forum", "SELECT id, title FROM forums"))
    rows = ctx.data.query("forum", "SELECT user_id, forum_id FROM subscriptions")
    mine = {forum_id for who, forum_id in rows if who == uid}
    chosen = mine if values["among"] == _BIO_AMONG[0] else set(titles) - mine
    counts = {f: sum(1 for _, forum_id in rows if forum_id == f) for f in chosen}
    n, most = subscriber_rank(values["which"])
    return titles[sorted(counts, key=counts.__getitem__, reverse=most)[n - 1]]


FAMILIES = [
    Family(
        id="forum.compare-moderator-karma",
        sites=("forum",),
        skills=("compare",),
        intent_template="Who has more karma: the moderator of the {{first}} forum or the "
        "moderator of the {{second}} forum? Answer with the username.",
        build=_moderator_karma,
        confirm=_confirm_moderator_karma,
        length=(7, 7),
        kind="info",
    ),
    Family(
        id="forum.reply-inbox-message",
        sites=("forum",),
        skills=("filter", "form-fill"),
        intent_template='Reply to {{message}} with the text "{{text}}", keeping the subject '
        "the Reply link suggests.",
        build=_reply_message,
        confirm=_confirm_reply_message,
        split="test",
        length=(6, 7),
        kind="state",
    ),
    Family(
        id="forum.top-author-forum-count",
        sites=("forum",),
        skills=("sort", "filter", "paginate", "aggregate"),
        intent_template="In how many different forums has the author of the {{rank}} "
        "submission of {{period}} in the {{forum}} forum posted submissions?",
        build=_author_forums,
        confirm=_confirm_author_forums,
        length=(7, 12),
        kind="info",
    ),
    Family(
        id="forum.subscribe-moderator-forums",
        sites=("forum",),
        skills=("form-fill",),
        intent_template="Subscribe me to every forum moderated by any of the moderators of the "
        "{{forum}} forum, that forum included (I may already follow some of them).",
        build=_subscribe_moderated,
        confirm=_confirm_subscribe_moderated,
        length=(5, 18),
        kind="state",
    ),
    Family(
        id="forum.compare-top-authors-comment-karma",
        sites=("forum",),
        skills=("sort", "filter", "compare"),
        intent_template="Who has more comment karma: the author of the {{rank_a}} submission "
        "of {{period_a}} in the {{forum_a}} forum, or the author of the {{rank_b}} submission "
        "of {{period_b}} in the {{forum_b}} forum? Answer with the username.",
        build=_compare_comment_karma,
        confirm=_confirm_compare_comment_karma,
        split="test",
        length=(11, 11),
        kind="info",
    ),
    Family(
        id="forum.biography-subscribed-forum",
        sites=("forum",),
        skills=("sort", "compare", "form-fill"),
        intent_template='Set my forum biography to exactly "{{lead}}" followed by the title of '
        "the forum with the {{which}} subscribers among the forums {{among}}.",
        build=_bio_forum,
        confirm=_confirm_bio_forum,
        length=(8, 8),
        kind="state",
    ),
]
