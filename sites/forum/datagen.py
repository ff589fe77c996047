"""Deterministic generation of the forum's world.

``generate(conn, seed)`` creates the tables from ``schema.sql`` and fills them:
34 forums on varied topics with moderators and subscribers, 320+ users, about
2,400 submissions and 8,000+ threaded comments over the two years before the
world's today, per-user votes with consistent scores, edits, deletions,
moderator removals, locked threads and private messages. Every random draw comes
from :class:`~webenv.sites.core.rng.Rng`, so the same seed gives byte-identical
databases. Seed 0 is the canonical world that curated tasks are written against;
its default task user is ``mark.wilson`` (``users.id`` 1).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import resources

from ..core import images
from ..core.auth import DEMO_PASSWORD, hash_password
from ..core.clock import WORLD_NOW, stamp
from ..core.rng import Rng
from . import words
from .media import image_alt
from .votes import hot_rank, slugify

DEMO_USERNAME = "mark.wilson"
"""The default task user (``users.id`` 1)."""

DEMO_BIOGRAPHY = (
    "Weekend cyclist and pour-over enthusiast from Portland. I moderate the Cycling and "
    "Coffee forums, so send me a message if you have questions about either."
)
DEMO_SUBSCRIPTIONS = (
    "books",
    "coffee",
    "cooking",
    "cycling",
    "hiking",
    "personalfinance",
    "photography",
    "portland",
    "programming",
)
DEMO_MODERATES = ("cycling", "coffee")
DEMO_SUBMISSIONS = (
    # forum, days ago, kind
    ("cycling", 700, "text"),
    ("coffee", 610, "text"),
    ("portland", 520, "link"),
    ("cycling", 430, "text"),
    ("photography", 365, "text"),
    ("books", 290, "text"),
    ("coffee", 200, "link"),
    ("programming", 150, "text"),
    ("cycling", 95, "text"),
    ("personalfinance", 60, "text"),
    ("hiking", 21, "text"),
    ("cycling", 6, "link"),
    ("coffee", 2, "text"),
)

USER_COUNT = 320
"""Users besides the demo user."""

SUBMISSION_COUNT = 2400
HISTORY_DAYS = 730
RECENT_DAYS = (7, 7, 30, 30)
MAX_COMMENTS = 40
MAX_DEPTH = 6
MESSAGE_COUNT = 700
EMAIL_DOMAINS = ("example.com", "example.org", "example.net")


def with_article(noun: str) -> str:
    """Return ``noun`` with "a" or "an" before it."""
    return f"{'an' if noun[0].lower() in 'aeiou' else 'a'} {noun}"


@dataclass
class _User:
    id: int
    username: str
    created_at: datetime
    activity: float
    favourite: int = 0


@dataclass
class _Submission:
    id: int
    forum: int
    user: int
    kind: str
    title: str
    url: str
    body: str
    created_at: datetime
    quality: float
    comments: list[_Comment] = field(default_factory=list)
    score: int = 0
    ups: int = 0
    downs: int = 0
    locked: int = 0
    deleted: int = 0
    edited_at: datetime | None = None
    subject: _Subject | None = None


@dataclass
class _Comment:
    id: int
    submission: _Submission
    parent: _Comment | None
    user: int
    body: str
    created_at: datetime
    depth: int
    score: int = 0
    ups: int = 0
    downs: int = 0
    deleted: int = 0
    removed: int = 0
    edited_at: datetime | None = None


@dataclass(frozen=True)
class _Subject:
    """What one thread is about: its title, body and comments share these words."""

    thing: str
    activity: str


class _Writer:
    """Fills sentence templates with a topic's words (a thread's subject when given)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def subject(self, topic: words.Topic) -> _Subject:
        """Draw what a new thread in ``topic`` is about."""
        return _Subject(self.rng.choice(topic.things), self.rng.choice(topic.activities))

    def fill(
        self, template: str, topic: words.Topic, year: int = 2024, subject: _Subject | None = None
    ) -> str:
        rng = self.rng
        about = subject or self.subject(topic)
        other = rng.choice([thing for thing in topic.things if thing != about.thing])
        values: dict[str, str] = {
            "thing": about.thing,
            "a_thing": with_article(about.thing),
            "other": other,
            "an_other": with_article(other),
            "activity": about.activity,
            "Activity": about.activity[0].upper() + about.activity[1:],
            "season": rng.choice(words.SEASONS),
            "duration": rng.choice(words.DURATIONS),
            "price": rng.choice(words.PRICES),
            "year": str(year),
            "forum": topic.title,
            "job": rng.choice(words.JOBS),
            "n": str(rng.randint(2, 12)),
            "when": rng.choice(words.MOMENTS),
        }
        person = rng.choice(words.PEOPLE)
        values["person"], values["Person"] = person, person[0].upper() + person[1:]
        return template.format(**values)

    def text_body(self, topic: words.Topic, subject: _Subject) -> str:
        rng = self.rng
        first = [self.fill(rng.choice(words.OPENERS), topic, subject=subject)]
        first += rng.sample(topic.remarks, rng.randint(0, 2))
        paragraphs = [" ".join(first)]
        if rng.chance(0.5):
            paragraphs.append(self.fill(rng.choice(words.BODY_DETAILS), topic, subject=subject))
        paragraphs.append(self.fill(rng.choice(words.CLOSERS), topic, subject=subject))
        return "\n\n".join(paragraphs)

    def comment(self, topic: words.Topic, reply: bool, subject: _Subject) -> str:
        rng = self.rng
        openers = words.REPLY_OPENERS if reply else words.COMMENT_OPENERS
        parts = [self.fill(rng.choice(openers), topic, subject=subject)]
        if rng.chance(0.55):
            parts.append(rng.choice(topic.remarks))
        parts.append(self.fill(rng.choice(words.EXPERIENCES), topic, subject=subject))
        if rng.chance(0.3):
            parts.append(self.fill(rng.choice(words.FOLLOW_UPS), topic, subject=subject))
        text = " ".join(dict.fromkeys(parts))
        if rng.chance(0.12):
            extra = rng.choice(topic.remarks)
            if extra not in text:
                text += "\n\n" + extra
        return text


def _draw_moment(rng: Rng, start: datetime, end: datetime) -> datetime:
    seconds = max(int((end - start).total_seconds()), 1)
    return start + timedelta(seconds=rng.randint(0, seconds - 1))


def _users(rng: Rng) -> list[_User]:
    users = [_User(1, DEMO_USERNAME, datetime(2021, 5, 3, 19, 42, 10), 1.0)]
    taken = {DEMO_USERNAME}
    start, end = datetime(2020, 1, 1), WORLD_NOW - timedelta(days=20)
    while len(users) < USER_COUNT + 1:
        first, last = rng.choice(words.FIRST_NAMES), rng.choice(words.LAST_NAMES)
        style = rng.weighted(("dotted", "initial", "handle"), (6, 2, 2))
        if style == "dotted":
            username = f"{first}.{last}".lower()
        elif style == "initial":
            username = f"{first}{last[0]}{rng.randint(1, 99)}".lower()
        else:
            username = f"{rng.choice(words.HANDLE_WORDS)}_{first}".lower()
        if username in taken:
            continue
        taken.add(username)
        users.append(
            _User(
                len(users) + 1,
                username,
                _draw_moment(rng, start, end),
                0.15 + 4 * rng.random() ** 3,
            )
        )
    return users


def _biography(rng: Rng, writer: _Writer, user: _User) -> str:
    if user.id == 1:
        return DEMO_BIOGRAPHY
    if not rng.chance(0.6):
        return ""
    topic = words.TOPICS[user.favourite]
    sentences = rng.sample(words.BIO_SENTENCES, rng.randint(1, 2))
    return " ".join(writer.fill(sentence, topic) for sentence in sentences)


def _forums(rng: Rng, users: list[_User]) -> tuple[list[tuple], list[tuple]]:
    forums: list[tuple] = []
    moderators: list[tuple] = []
    early = [user for user in users if user.created_at < datetime(2021, 6, 1)]
    for forum_id, topic in enumerate(words.TOPICS, start=1):
        if topic.name in DEMO_MODERATES and topic.name == DEMO_MODERATES[0]:
            creator = users[0]
        else:
            creator = rng.choice(early[1:])
        created = _draw_moment(rng, creator.created_at, datetime(2021, 9, 1))
        forums.append(
            (forum_id, topic.name, topic.title, topic.description, creator.id, stamp(created))
        )
        mods = {creator.id: created}
        if topic.name in DEMO_MODERATES:
            mods.setdefault(
                1, _draw_moment(rng, max(created, users[0].created_at), datetime(2022, 3, 1))
            )
        for _ in range(rng.randint(0, 2)):
            helper = rng.choice(users[1:])
            if helper.id not in mods:
                mods[helper.id] = _draw_moment(
                    rng, max(created, helper.created_at), WORLD_NOW - timedelta(days=60)
                )
        for user_id, added in sorted(mods.items()):
            moderators.append((forum_id, user_id, stamp(added)))
    return forums, moderators


def _sidebars(seed: int) -> dict[str, str]:
    """Each forum's sidebar Markdown by forum name, from its own random stream."""
    writer = _Writer(Rng(f"forum-sidebars:{seed}"))
    rng = writer.rng
    sidebars = {}
    for topic in words.TOPICS:
        subject = writer.subject(topic)
        rules = [rng.choice(words.SIDEBAR_TOPIC_RULES), *rng.sample(words.SIDEBAR_RULES, 2)]
        thread = rng.choice(words.SIDEBAR_THREADS).replace("{weekday}", rng.choice(words.WEEKDAYS))
        paragraphs = [
            writer.fill(rng.choice(words.SIDEBAR_INTROS), topic, subject=subject),
            rng.choice(topic.remarks),
            "Rules:\n"
            + "\n".join(
                f"{number}. {writer.fill(rule, topic, subject=subject)}"
                for number, rule in enumerate(rules, start=1)
            ),
            writer.fill(thread, topic, subject=writer.subject(topic)),
        ]
        sidebars[topic.name] = "\n\n".join(paragraphs)
    return sidebars


def _subscriptions(rng: Rng, users: list[_User]) -> list[tuple]:
    names = [topic.name for topic in words.TOPICS]
    weights = [topic.popularity for topic in words.TOPICS]
    rows: list[tuple] = []
    for user in users:
        if user.id == 1:
            chosen = [names.index(name) for name in DEMO_SUBSCRIPTIONS]
        else:
            wanted = rng.weighted((1, 2, 3, 5, 8, 12), (1, 3, 4, 4, 2, 1))
            picked: dict[int, None] = {}
            while len(picked) < wanted:
                picked[names.index(rng.weighted(names, weights))] = None
            chosen = sorted(picked)
        user.favourite = chosen[0] if user.id == 1 else rng.choice(chosen)
        for index in chosen:
            moment = _draw_moment(rng, user.created_at, WORLD_NOW - timedelta(days=1))
            rows.append((user.id, index + 1, stamp(moment)))
    return rows


def _title(
    writer: _Writer, topic: words.Topic, kind: str, year: int, taken: set[str]
) -> tuple[str, _Subject]:
    """A title no other submission has, and the subject it is about."""
    templates = words.LINK_TITLES if kind == "link" else words.TEXT_TITLES
    for attempt in range(400):
        subject = writer.subject(topic)
        title = writer.fill(writer.rng.choice(templates), topic, year, subject)
        if attempt >= 100:  # a large world uses up the plain titles
            title = f"{title} (part {attempt - 98})"
        if title not in taken:
            taken.add(title)
            return title, subject
    raise RuntimeError(f"cannot make a new title in {topic.name}")  # pragma: no cover


def _submissions(
    rng: Rng, writer: _Writer, users: list[_User], scale: int = 1
) -> list[_Submission]:
    start = WORLD_NOW - timedelta(days=HISTORY_DAYS)
    span = (WORLD_NOW - timedelta(hours=1) - start).total_seconds()
    topic_weights = [topic.popularity for topic in words.TOPICS]
    forum_ids = list(range(1, len(words.TOPICS) + 1))
    user_weights = [0.0] + [user.activity for user in users[1:]]
    plan: list[tuple[datetime, int, int, str]] = []
    # Every forum has some activity in the last week and month, so "top of the
    # week" and similar listings are never empty by chance.
    recent = [(forum, days) for forum in forum_ids for days in RECENT_DAYS]
    for _ in range(SUBMISSION_COUNT * scale - len(DEMO_SUBMISSIONS) - len(recent)):
        recent.append((rng.weighted(forum_ids, topic_weights), 0))
    for forum, days in recent:
        if days:
            created = WORLD_NOW - timedelta(seconds=rng.randint(3600, days * 86400))
        else:
            created = start + timedelta(seconds=int(span * rng.random() ** 0.75))
        author = rng.weighted(users, user_weights)
        while author.created_at > created:
            author = rng.weighted(users, user_weights)
        plan.append((created, forum, author.id, "link" if rng.chance(0.3) else "text"))
    names = [topic.name for topic in words.TOPICS]
    for name, days, kind in DEMO_SUBMISSIONS:
        created = WORLD_NOW - timedelta(
            days=days, hours=rng.randint(1, 10), minutes=rng.randint(0, 59)
        )
        plan.append((created, names.index(name) + 1, 1, kind))
    plan.sort()
    taken: set[str] = set()
    submissions: list[_Submission] = []
    for created, forum, user, kind in plan:
        topic = words.TOPICS[forum - 1]
        title, subject = _title(writer, topic, kind, created.year, taken)
        url = body = ""
        if kind == "link":
            url = f"https://{rng.choice(topic.domains)}/{created.year}/{slugify(title)}"
            if rng.chance(0.5):
                body = writer.fill(rng.choice(words.LINK_BLURBS), topic, subject=subject)
        else:
            body = writer.text_body(topic, subject)
        submission = _Submission(
            len(submissions) + 1, forum, user, kind, title, url, body, created, rng.random()
        )
        submission.subject = subject
        submissions.append(submission)
    return submissions


def _comments(
    rng: Rng, writer: _Writer, users: list[_User], submissions: list[_Submission]
) -> list[_Comment]:
    weights = [user.activity for user in users]
    comments: list[_Comment] = []
    for submission in submissions:
        topic = words.TOPICS[submission.forum - 1]
        if submission.quality > 0.88:
            count = int(rng.random() ** 1.5 * MAX_COMMENTS)
        else:
            count = int(rng.random() ** 3 * 11)
        if submission.user == 1:
            count = max(count, 3)
        for _ in range(count):
            parent: _Comment | None = None
            if submission.comments and rng.chance(0.55):
                candidates = [c for c in submission.comments[-8:] if c.depth < MAX_DEPTH]
                parent = rng.choice(candidates) if candidates else None
            after = parent.created_at if parent else submission.created_at
            delay = timedelta(minutes=5 + int(rng.random() ** 3 * 4000))
            created = after + delay
            if created >= WORLD_NOW:
                continue
            author = rng.weighted(users, weights)
            if author.created_at > created:
                continue
            comment = _Comment(
                0,
                submission,
                parent,
                author.id,
                writer.comment(
                    topic, parent is not None, submission.subject or writer.subject(topic)
                ),
                created,
                parent.depth + 1 if parent else 0,
            )
            submission.comments.append(comment)
            comments.append(comment)
    comments.sort(key=lambda c: (c.created_at, c.submission.id, c.depth))
    for comment_id, comment in enumerate(comments, start=1):
        comment.id = comment_id
    return comments


def _votes(
    rng: Rng, users: list[_User], submissions: list[_Submission], comments: list[_Comment]
) -> tuple[list[tuple], list[tuple]]:
    submission_votes: list[tuple] = []
    comment_votes: list[tuple] = []
    voters = users[1:]
    for submission in submissions:
        popularity = words.TOPICS[submission.forum - 1].popularity
        count = int(submission.quality**3 * 45 * popularity / 2) + rng.randint(0, 4)
        count += len(submission.comments) // 2
        up_chance = 0.45 + 0.5 * submission.quality
        for user in rng.sample(voters, min(count, len(voters))):
            if user.created_at > submission.created_at or user.id == submission.user:
                continue
            value = 1 if rng.chance(up_chance) else -1
            moment = min(submission.created_at + timedelta(minutes=rng.randint(2, 6000)), WORLD_NOW)
            submission_votes.append((user.id, submission.id, value, stamp(moment)))
            submission.score += value
            submission.ups += value == 1
            submission.downs += value == -1
    for comment in comments:
        count = int(rng.random() ** 2.5 * 14)
        up_chance = 0.5 + 0.4 * rng.random()
        for user in rng.sample(voters, count):
            if user.id == comment.user:
                continue
            value = 1 if rng.chance(up_chance) else -1
            moment = min(comment.created_at + timedelta(minutes=rng.randint(2, 3000)), WORLD_NOW)
            comment_votes.append((user.id, comment.id, value, stamp(moment)))
            comment.score += value
            comment.ups += value == 1
            comment.downs += value == -1
    return submission_votes, comment_votes


def _demo_votes(
    rng: Rng,
    submissions: list[_Submission],
    comments: list[_Comment],
    submission_votes: list[tuple],
    comment_votes: list[tuple],
) -> None:
    """The demo user votes on recent items in the forums he follows."""
    names = [topic.name for topic in words.TOPICS]
    followed = {names.index(name) + 1 for name in DEMO_SUBSCRIPTIONS}
    recent = [
        s
        for s in submissions
        if s.forum in followed and s.user != 1 and s.created_at >= datetime(2024, 1, 1)
    ]
    for submission in rng.sample(recent, 40):
        value = 1 if rng.chance(0.85) else -1
        moment = min(submission.created_at + timedelta(hours=rng.randint(1, 30)), WORLD_NOW)
        submission_votes.append((1, submission.id, value, stamp(moment)))
        submission.score += value
        submission.ups += value == 1
        submission.downs += value == -1
    pool = [c for s in recent for c in s.comments if c.user != 1]
    for comment in rng.sample(pool, 25):
        value = 1 if rng.chance(0.8) else -1
        moment = min(comment.created_at + timedelta(hours=rng.randint(1, 30)), WORLD_NOW)
        comment_votes.append((1, comment.id, value, stamp(moment)))
        comment.score += value
        comment.ups += value == 1
        comment.downs += value == -1


def _alterations(rng: Rng, submissions: list[_Submission], comments: list[_Comment]) -> None:
    """Edits, deletions, moderator removals and locked threads."""
    for submission in submissions:
        age = WORLD_NOW - submission.created_at
        if submission.kind == "text" and rng.chance(0.06):
            submission.edited_at = submission.created_at + min(
                timedelta(minutes=rng.randint(10, 2000)), age / 2
            )
            if rng.chance(0.5):
                submission.body += "\n\nEdit: thanks for all the replies, this helped a lot!"
        if submission.user != 1 and rng.chance(0.02):
            submission.deleted = 1
        elif age > timedelta(days=30) and rng.chance(0.015):
            submission.locked = 1
    for comment in comments:
        roll = rng.random()
        if roll < 0.03 and comment.user != 1:
            comment.deleted = 1
        elif roll < 0.04 and comment.user != 1:
            comment.removed = 1
        elif roll < 0.09:
            age = WORLD_NOW - comment.created_at
            comment.edited_at = comment.created_at + min(
                timedelta(minutes=rng.randint(5, 600)), age / 2
            )
            if rng.chance(0.5):
                comment.body += " Edit: fixed a typo."


def _messages(rng: Rng, writer: _Writer, users: list[_User]) -> list[tuple]:
    weights = [user.activity for user in users]
    drafts: list[tuple] = []
    start = WORLD_NOW - timedelta(days=HISTORY_DAYS)
    plan: list[tuple[_User, _User]] = []
    for _ in range(MESSAGE_COUNT - 14):
        sender, recipient = rng.weighted(users[1:], weights[1:]), rng.choice(users[1:])
        if sender.id != recipient.id:
            plan.append((sender, recipient))
    plan += [(rng.choice(users[1:]), users[0]) for _ in range(9)]
    plan += [(users[0], rng.choice(users[1:])) for _ in range(5)]
    unread = {len(plan) - 6, len(plan) - 7}  # two of the demo user's messages arrive today
    for index, (sender, recipient) in enumerate(plan):
        topic = words.TOPICS[sender.favourite]
        if index in unread:
            created = WORLD_NOW - timedelta(minutes=rng.randint(30, 600))
        else:
            created = _draw_moment(
                rng,
                max(start, sender.created_at, recipient.created_at),
                WORLD_NOW - timedelta(minutes=30),
            )
        subject = writer.fill(rng.choice(words.MESSAGE_SUBJECTS), topic)
        body = writer.fill(rng.choice(words.MESSAGE_BODIES), topic)
        read_at = None
        if index in unread:
            pass
        elif WORLD_NOW - created > timedelta(days=3) or rng.chance(0.3):
            read_at = stamp(min(created + timedelta(minutes=rng.randint(5, 3000)), WORLD_NOW))
        drafts.append((stamp(created), sender.id, recipient.id, subject, body, read_at))
    drafts.sort()
    return [
        (index, sender, recipient, subject, body, created, read_at)
        for index, (created, sender, recipient, subject, body, read_at) in enumerate(
            drafts, start=1
        )
    ]


IMAGE_POST_SHARE = 0.12
"""About this share of text submissions are image posts."""

IMAGE_COLOURS = ("Blue", "Teal", "Green", "Orange", "Red", "Purple", "Navy", "Mustard", "Pink")


def _pictures(
    seed: int, users: list[_User], submissions: list[_Submission]
) -> tuple[list[tuple], list[tuple]]:
    """Avatar and image-post rows, from their own random stream (other tables keep theirs)."""
    rng = Rng(f"forum-images:{seed}")
    avatars = [(user.id, rng.choice(images.AVATAR_COLOURS)) for user in users]
    pictures = []
    for s in submissions:
        if s.kind == "text" and rng.chance(IMAGE_POST_SHARE):
            motif, colour = rng.choice(images.SCENES), rng.choice(IMAGE_COLOURS)
            pictures.append((s.id, motif, colour, image_alt(motif, colour, s.title), s.id))
    return avatars, pictures


def generate(conn: sqlite3.Connection, seed: int = 0, *, scale: int = 1) -> None:
    """Create the forum's tables and fill them with the world of ``seed``.

    Args:
        conn: An empty (or disposable) database; existing forum tables are dropped.
        seed: The world seed; 0 is the canonical world tasks are written against.
        scale: Size multiplier: ``scale`` times as many submissions (and so comments).
    """
    rng = Rng(f"forum:{seed}")
    users_rng, forums_rng, posts_rng = rng.fork("users"), rng.fork("forums"), rng.fork("posts")
    comments_rng, votes_rng, extra_rng = rng.fork("comments"), rng.fork("votes"), rng.fork("extra")
    conn.executescript(resources.files(__package__).joinpath("schema.sql").read_text())

    users = _users(users_rng)
    forums, moderators = _forums(forums_rng, users)
    subscriptions = _subscriptions(forums_rng, users)
    # Text has its own streams, so rewording never moves the threads' times and sizes.
    post_text_rng, comment_text_rng = rng.fork("post text"), rng.fork("comment text")
    submissions = _submissions(posts_rng, _Writer(post_text_rng), users, scale)
    comments = _comments(comments_rng, _Writer(comment_text_rng), users, submissions)
    submission_votes, comment_votes = _votes(votes_rng, users, submissions, comments)
    _demo_votes(votes_rng, submissions, comments, submission_votes, comment_votes)
    _alterations(extra_rng, submissions, comments)
    messages = _messages(extra_rng, _Writer(extra_rng), users)
    bio_writer = _Writer(users_rng)

    conn.executemany(
        "INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
        [
            (
                user.id,
                user.username,
                hash_password(DEMO_PASSWORD, user.username),
                f"{user.username}@{users_rng.choice(EMAIL_DOMAINS)}",
                _biography(users_rng, bio_writer, user),
                "hot" if user.id == 1 else users_rng.weighted(("hot", "new", "top"), (8, 1, 1)),
                stamp(user.created_at),
            )
            for user in users
        ],
    )
    counts: dict[int, int] = {}
    for _user, forum_id, _ in subscriptions:
        counts[forum_id] = counts.get(forum_id, 0) + 1
    sidebars = _sidebars(seed)
    conn.executemany(
        "INSERT INTO forums (id, name, title, description, created_by, created_at,"
        " subscriber_count, sidebar) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(*forum, counts.get(forum[0], 0), sidebars[forum[1]]) for forum in forums],
    )
    conn.executemany("INSERT INTO moderators VALUES (?, ?, ?)", moderators)
    conn.executemany("INSERT INTO subscriptions VALUES (?, ?, ?)", subscriptions)
    conn.executemany(
        "INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                s.id,
                s.forum,
                s.user,
                s.kind,
                s.title,
                s.url,
                s.body,
                s.score,
                s.ups,
                s.downs,
                hot_rank(s.score, stamp(s.created_at)),
                len(s.comments),
                s.locked,
                s.deleted,
                stamp(s.created_at),
                stamp(s.edited_at) if s.edited_at else None,
            )
            for s in submissions
        ],
    )
    conn.executemany(
        "INSERT INTO comments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                c.id,
                c.submission.id,
                c.parent.id if c.parent else None,
                c.user,
                c.body,
                c.score,
                c.ups,
                c.downs,
                c.depth,
                c.deleted,
                c.removed,
                stamp(c.created_at),
                stamp(c.edited_at) if c.edited_at else None,
            )
            for c in comments
        ],
    )
    conn.executemany("INSERT INTO submission_votes VALUES (?, ?, ?, ?)", submission_votes)
    conn.executemany("INSERT INTO comment_votes VALUES (?, ?, ?, ?)", comment_votes)
    conn.executemany("INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?, ?)", messages)
    avatars, pictures = _pictures(seed, users, submissions)
    conn.executemany("INSERT INTO avatars VALUES (?, ?)", avatars)
    conn.executemany(
        "INSERT INTO submission_images (submission_id, motif, colour, alt, variant)"
        " VALUES (?, ?, ?, ?, ?)",
        pictures,
    )
    conn.commit()
