"""The review form's Nickname: pre-filled, stored, shown on the review and in moderation."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient


def _slug(conn: sqlite3.Connection) -> str:
    """A product the task user has not reviewed."""
    return conn.execute(
        "SELECT slug FROM products"
        " WHERE id NOT IN (SELECT product_id FROM reviews WHERE user_id = 1)"
        " AND id NOT IN (SELECT product_id FROM review_queue WHERE user_id = 1) ORDER BY id LIMIT 1"
    ).fetchone()[0]


def test_form_has_nickname_summary_and_review(
    client: FlaskClient, conn: sqlite3.Connection, auth, check_page
) -> None:
    auth.login()
    response = client.get(f"/product/{_slug(conn)}")
    check_page(response.data)
    body = response.get_data(as_text=True)
    assert '<label for="review-nickname">Nickname</label>' in body
    assert 'name="nickname" maxlength="50" required value="Emma L."' in body
    assert '<label for="review-title">Summary</label>' in body
    assert '<label for="review-body">Review</label>' in body


def test_generated_reviews_show_their_nickname(
    client: FlaskClient, conn: sqlite3.Connection
) -> None:
    slug, nickname = conn.execute(
        "SELECT p.slug, r.nickname FROM reviews r JOIN products p ON p.id = r.product_id"
        " ORDER BY r.id LIMIT 1"
    ).fetchone()
    first, last = conn.execute(
        "SELECT u.first_name, u.last_name FROM reviews r JOIN users u ON u.id = r.user_id"
        " ORDER BY r.id LIMIT 1"
    ).fetchone()
    assert nickname == f"{first} {last[0]}."
    assert f"out of 5 by {nickname} on" in client.get(f"/product/{slug}").get_data(as_text=True)


def test_nickname_is_stored_moderated_and_shown(
    client: FlaskClient, conn: sqlite3.Connection, auth, post, staff, admin_post, check_page
) -> None:
    slug = _slug(conn)
    auth.login()
    response = post(
        f"/product/{slug}/reviews",
        {"rating": "4", "nickname": "CoffeeFan", "title": "Good", "body": "Does the job."},
    )
    assert response.status_code == 302
    queued_id, nickname = conn.execute(
        "SELECT id, nickname FROM review_queue WHERE user_id = 1 ORDER BY id DESC LIMIT 1"
    ).fetchone()
    assert nickname == "CoffeeFan"
    staff.login()
    grid = client.get("/admin/reviews/pending?nickname=CoffeeFan")
    check_page(grid.data)
    assert "CoffeeFan" in grid.get_data(as_text=True)
    approved = admin_post(
        "/admin/reviews/mass", {"action": "Approved", "keys": [f"queued:{queued_id}"]}
    )
    assert approved.status_code == 302
    published = conn.execute(
        "SELECT id, nickname FROM reviews WHERE user_id = 1 ORDER BY id DESC LIMIT 1"
    ).fetchone()
    assert published[1] == "CoffeeFan"
    page = client.get(f"/product/{slug}").get_data(as_text=True)
    assert "out of 5 by CoffeeFan on" in page
    rejected = admin_post(
        "/admin/reviews/mass", {"action": "Not Approved", "keys": [f"published:{published[0]}"]}
    )
    assert rejected.status_code == 302
    assert (
        conn.execute(
            "SELECT nickname FROM review_queue WHERE user_id = 1 ORDER BY id DESC LIMIT 1"
        ).fetchone()[0]
        == "CoffeeFan"
    )


def test_bad_nickname_writes_nothing(
    client: FlaskClient, conn: sqlite3.Connection, auth, post
) -> None:
    slug = _slug(conn)
    auth.login()
    count = conn.execute("SELECT COUNT(*) FROM review_queue").fetchone()[0]
    response = post(
        f"/product/{slug}/reviews", {"rating": "4", "nickname": "", "title": "Good", "body": "Ok."}
    )
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "Nickname is required." in body
    assert 'value="Good"' in body  # what was typed is kept
    assert conn.execute("SELECT COUNT(*) FROM review_queue").fetchone()[0] == count
