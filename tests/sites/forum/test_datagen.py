"""The generated world: determinism, volumes, consistency and the canonical facts tasks use."""

from __future__ import annotations

import sqlite3

import pytest

from webenv.sites.core.auth import DEMO_PASSWORD, verify_password
from webenv.sites.core.clock import WORLD_NOW
from webenv.sites.forum.datagen import generate
from webenv.sites.forum.votes import hot_rank


def _generate(seed: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    generate(conn, seed)
    return conn


def test_same_seed_gives_identical_bytes(world_bytes: bytes) -> None:
    assert _generate(0).serialize() == world_bytes


def test_other_seed_gives_other_world(world_bytes: bytes) -> None:
    conn = _generate(1)
    assert conn.serialize() != world_bytes
    assert conn.execute("SELECT COUNT(*) FROM submissions").fetchone()[0] >= 2000
    assert conn.execute("SELECT id FROM users WHERE username = 'mark.wilson'").fetchone() == (1,)


def test_generate_is_small(world_bytes: bytes) -> None:
    # Generation time is measured in benchmarks/, never asserted here.
    assert len(world_bytes) < 10_000_000


def test_generate_replaces_existing_tables(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM comments WHERE id > 10")
    conn.commit()
    generate(conn, 0)
    assert conn.execute("SELECT COUNT(*) FROM comments").fetchone()[0] >= 8000


@pytest.mark.parametrize(
    ("query", "minimum"),
    [
        ("SELECT COUNT(*) FROM forums", 30),
        ("SELECT COUNT(*) FROM users", 300),
        ("SELECT COUNT(*) FROM submissions", 2000),
        ("SELECT COUNT(*) FROM submissions WHERE kind = 'link'", 300),
        ("SELECT COUNT(*) FROM comments", 8000),
        ("SELECT COUNT(*) FROM comments WHERE depth >= 3", 100),
        ("SELECT COUNT(*) FROM submission_votes", 10000),
        ("SELECT COUNT(*) FROM comment_votes", 5000),
        ("SELECT COUNT(*) FROM messages", 500),
        ("SELECT COUNT(*) FROM subscriptions", 1000),
        ("SELECT COUNT(*) FROM submissions WHERE edited_at IS NOT NULL", 20),
        ("SELECT COUNT(*) FROM submissions WHERE deleted = 1", 10),
        ("SELECT COUNT(*) FROM submissions WHERE locked = 1", 10),
        ("SELECT COUNT(*) FROM comments WHERE edited_at IS NOT NULL", 100),
        ("SELECT COUNT(*) FROM comments WHERE deleted = 1", 50),
        ("SELECT COUNT(*) FROM comments WHERE removed = 1", 20),
        ("SELECT COUNT(*) FROM users WHERE biography != ''", 100),
    ],
)
def test_volumes(conn: sqlite3.Connection, query: str, minimum: int) -> None:
    assert conn.execute(query).fetchone()[0] >= minimum


def test_every_forum_has_moderators_subscribers_and_submissions(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT f.name, (SELECT COUNT(*) FROM moderators m WHERE m.forum_id = f.id),"
        " (SELECT COUNT(*) FROM submissions s WHERE s.forum_id = f.id) FROM forums f"
    ).fetchall()
    assert all(mods >= 1 and posts >= 20 for _, mods, posts in rows), rows


def test_topics_are_varied(conn: sqlite3.Connection) -> None:
    names = {row[0] for row in conn.execute("SELECT name FROM forums")}
    assert {
        "books",
        "cooking",
        "gardening",
        "cycling",
        "photography",
        "programming",
        "personalfinance",
        "movies",
        "music",
        "travel",
        "fitness",
        "history",
        "space",
        "games",
        "diy",
        "pets",
        "coffee",
        "portland",
    } <= names


@pytest.mark.parametrize(
    ("table", "votes", "column"),
    [
        ("submissions", "submission_votes", "submission_id"),
        ("comments", "comment_votes", "comment_id"),
    ],
)
def test_scores_match_votes(conn: sqlite3.Connection, table: str, votes: str, column: str) -> None:
    bad = conn.execute(
        f"SELECT COUNT(*) FROM {table} t WHERE score != upvotes - downvotes OR score !="
        f" (SELECT COALESCE(SUM(value), 0) FROM {votes} v WHERE v.{column} = t.id) OR upvotes !="
        f" (SELECT COUNT(*) FROM {votes} v WHERE v.{column} = t.id AND value = 1)"
    ).fetchone()[0]
    assert bad == 0


def test_denormalized_counts_match(conn: sqlite3.Connection) -> None:
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM submissions s WHERE comment_count !="
            " (SELECT COUNT(*) FROM comments c WHERE c.submission_id = s.id)"
        ).fetchone()[0]
        == 0
    )
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM forums f WHERE subscriber_count !="
            " (SELECT COUNT(*) FROM subscriptions s WHERE s.forum_id = f.id)"
        ).fetchone()[0]
        == 0
    )


def test_hot_rank_is_stored(conn: sqlite3.Connection) -> None:
    for score, created, hot in conn.execute(
        "SELECT score, created_at, hot FROM submissions ORDER BY id LIMIT 200"
    ):
        assert hot == hot_rank(score, created)


def test_hot_rank_prefers_score_and_recency() -> None:
    assert hot_rank(100, "2024-06-01 00:00:00") > hot_rank(10, "2024-06-01 00:00:00")
    assert hot_rank(10, "2024-06-02 00:00:00") > hot_rank(10, "2024-06-01 00:00:00")
    assert hot_rank(-10, "2024-06-01 00:00:00") < hot_rank(0, "2024-06-01 00:00:00")


def test_times_span_two_years_before_today(conn: sqlite3.Connection) -> None:
    now = WORLD_NOW.strftime("%Y-%m-%d %H:%M:%S")
    first, last = conn.execute(
        "SELECT MIN(created_at), MAX(created_at) FROM submissions"
    ).fetchone()
    assert first < "2022-07-01" and "2024-06-14" < last <= now
    assert conn.execute("SELECT MAX(created_at) FROM comments").fetchone()[0] <= now
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM comments c JOIN submissions s ON s.id = c.submission_id"
            " WHERE c.created_at < s.created_at"
        ).fetchone()[0]
        == 0
    )
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM comments c JOIN comments p ON p.id = c.parent_id"
            " WHERE c.created_at < p.created_at OR c.depth != p.depth + 1"
            " OR c.submission_id != p.submission_id"
        ).fetchone()[0]
        == 0
    )


def test_titles_are_unique_english_sentences(conn: sqlite3.Connection) -> None:
    total, distinct = conn.execute(
        "SELECT COUNT(*), COUNT(DISTINCT title) FROM submissions"
    ).fetchone()
    assert total == distinct
    for (title,) in conn.execute("SELECT title FROM submissions LIMIT 100"):
        assert title[0].isupper() and "{" not in title


def test_demo_user(conn: sqlite3.Connection) -> None:
    user = conn.execute(
        "SELECT id, biography, password_hash FROM users WHERE username = 'mark.wilson'"
    ).fetchone()
    assert user[0] == 1 and "cyclist" in user[1]
    assert verify_password(user[2], DEMO_PASSWORD)
    facts = {
        "submissions": "SELECT COUNT(*) FROM submissions WHERE user_id = 1",
        "comments": "SELECT COUNT(*) FROM comments WHERE user_id = 1",
        "subscriptions": "SELECT COUNT(*) FROM subscriptions WHERE user_id = 1",
        "received": "SELECT COUNT(*) FROM messages WHERE recipient_id = 1",
        "sent": "SELECT COUNT(*) FROM messages WHERE sender_id = 1",
        "votes": "SELECT COUNT(*) FROM submission_votes WHERE user_id = 1",
    }
    counts = {name: conn.execute(sql).fetchone()[0] for name, sql in facts.items()}
    assert counts["submissions"] >= 10 and counts["comments"] >= 5
    assert counts["subscriptions"] == 9 and counts["received"] >= 5 and counts["sent"] >= 3
    assert counts["votes"] >= 20
    moderates = {
        row[0]
        for row in conn.execute(
            "SELECT f.name FROM moderators m JOIN forums f ON f.id = m.forum_id WHERE m.user_id = 1"
        )
    }
    assert moderates == {"cycling", "coffee"}


def test_every_user_can_log_in(conn: sqlite3.Connection) -> None:
    for username, stored in conn.execute(
        "SELECT username, password_hash FROM users WHERE id IN (2, 150, 321)"
    ):
        assert verify_password(stored, DEMO_PASSWORD), username


def test_init_db_command(tmp_path) -> None:
    from webenv.sites.forum import create_app

    path = tmp_path / "forum.sqlite"
    app = create_app({"DATABASE": str(path)})
    result = app.test_cli_runner().invoke(args=["init-db", "--seed", "0"])
    assert "Generated world seed 0" in result.output
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM submissions").fetchone()[0] >= 2000
    conn.close()
