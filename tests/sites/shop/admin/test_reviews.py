"""Reviews: grids, moderation and edits keep the products' rating columns right."""

from __future__ import annotations

import sqlite3

import pytest

from .test_sales import grid_rows


@pytest.fixture(autouse=True)
def signed_in(staff) -> None:
    staff.login("sam.patel")  # catalog managers moderate reviews too


def product_columns_match_reviews(conn: sqlite3.Connection) -> bool:
    return (
        conn.execute(
            "SELECT COUNT(*) FROM products p WHERE review_count !="
            " (SELECT COUNT(*) FROM reviews r WHERE r.product_id = p.id) OR rating_total !="
            " (SELECT COALESCE(SUM(rating), 0) FROM reviews r WHERE r.product_id = p.id)"
        ).fetchone()[0]
        == 0
    )


def test_grids_count_every_review_and_the_pending_ones(client, conn) -> None:
    published = conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0]
    queued = conn.execute("SELECT COUNT(*) FROM review_queue").fetchone()[0]
    pending = conn.execute("SELECT COUNT(*) FROM review_queue WHERE status = 'Pending'").fetchone()[
        0
    ]
    assert grid_rows(client, "/admin/reviews")[0] == published + queued
    total, rows = grid_rows(client, "/admin/reviews/pending?limit=200")
    assert total == pending > 0
    assert {row[2] for row in rows} == {"Pending"}
    total, rows = grid_rows(client, "/admin/reviews?status=Approved&rating=5&limit=200")
    expected = conn.execute("SELECT COUNT(*) FROM reviews WHERE rating = 5").fetchone()[0]
    assert total == expected and {row[6] for row in rows} == {"5"}


def test_approve_a_pending_review(client, conn, admin_post) -> None:
    review = conn.execute(
        "SELECT q.id, q.product_id, q.title, p.slug, p.review_count FROM review_queue q"
        " JOIN products p ON p.id = q.product_id WHERE q.status = 'Pending' ORDER BY q.id LIMIT 1"
    ).fetchone()
    before = client.get(f"/product/{review[3]}").get_data(as_text=True)
    response = admin_post(
        "/admin/reviews/mass",
        {"action": "Approved", "keys": [f"queued:{review[0]}"], "next": "/admin/reviews/pending"},
    )
    assert response.location == "/admin/reviews/pending"
    assert conn.execute("SELECT 1 FROM review_queue WHERE id = ?", (review[0],)).fetchone() is None
    count = conn.execute("SELECT review_count FROM products WHERE id = ?", (review[1],)).fetchone()[
        0
    ]
    assert count == review[4] + 1
    assert product_columns_match_reviews(conn)
    after = client.get(f"/product/{review[3]}").get_data(as_text=True)
    assert review[2] in after and after != before


def test_unpublish_edit_and_delete(conn, admin_post) -> None:
    review_id, product_id = conn.execute("SELECT id, product_id FROM reviews LIMIT 1").fetchone()
    response = admin_post(
        f"/admin/reviews/published/{review_id}",
        {"status": "Not Approved", "rating": "2", "title": "Edited", "body": "Edited body."},
    )
    assert response.status_code == 302
    assert conn.execute("SELECT 1 FROM reviews WHERE id = ?", (review_id,)).fetchone() is None
    queued = conn.execute(
        "SELECT id, status, rating, title FROM review_queue WHERE product_id = ? ORDER BY id DESC",
        (product_id,),
    ).fetchone()
    assert tuple(queued[1:]) == ("Not Approved", 2, "Edited")
    assert product_columns_match_reviews(conn)
    assert admin_post(f"/admin/reviews/queued/{queued[0]}/delete").status_code == 302
    assert conn.execute("SELECT 1 FROM review_queue WHERE id = ?", (queued[0],)).fetchone() is None


def test_editing_a_published_review_updates_the_rating(conn, admin_post) -> None:
    review_id = conn.execute("SELECT id FROM reviews WHERE rating < 5 LIMIT 1").fetchone()[0]
    admin_post(
        f"/admin/reviews/published/{review_id}",
        {"status": "Approved", "rating": "5", "title": "Better", "body": "Better now."},
    )
    assert conn.execute("SELECT rating FROM reviews WHERE id = ?", (review_id,)).fetchone()[0] == 5
    assert product_columns_match_reviews(conn)


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"status": "Maybe"}, "Status must be one of"),
        ({"rating": "6"}, "Rating must be a whole number of stars"),
        ({"title": ""}, "Summary of Review is required."),
        ({"body": "x" * 5001}, "Review must be at most 5,000 characters"),
    ],
)
def test_bad_review_fields_keep_the_form(conn, admin_post, form, message) -> None:
    before = conn.execute("SELECT * FROM reviews WHERE id = 1").fetchone()
    data = {"status": "Approved", "rating": "4", "title": "T", "body": "B", **form}
    response = admin_post("/admin/reviews/published/1", data)
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert conn.execute("SELECT * FROM reviews WHERE id = 1").fetchone() == before


def test_approving_a_second_review_of_the_same_product_is_refused(conn, admin_post) -> None:
    queued_id, product_id, user_id = conn.execute(
        "SELECT id, product_id, user_id FROM review_queue ORDER BY id LIMIT 1"
    ).fetchone()
    conn.execute(
        "INSERT INTO reviews (product_id, user_id, rating, title, body, created_at, nickname)"
        " VALUES (?, ?, 3, 'Mine', 'Mine.', '2024-06-01 10:00:00', 'Me')",
        (product_id, user_id),
    )
    response = admin_post(
        f"/admin/reviews/queued/{queued_id}",
        {"status": "Approved", "rating": "3", "title": "T", "body": "B"},
    )
    assert response.status_code == 400
    assert b"already has a published review" in response.data
    assert conn.execute("SELECT 1 FROM review_queue WHERE id = ?", (queued_id,)).fetchone()


def test_mass_delete_and_bad_mass_requests(conn, admin_post) -> None:
    ids = [row[0] for row in conn.execute("SELECT id FROM review_queue ORDER BY id LIMIT 2")]
    admin_post("/admin/reviews/mass", {"action": "explode", "keys": [f"queued:{ids[0]}"]})
    admin_post("/admin/reviews/mass", {"action": "delete", "keys": ["queued:x", "nope:1"]})
    assert (
        conn.execute("SELECT COUNT(*) FROM review_queue WHERE id IN (?, ?)", ids).fetchone()[0] == 2
    )
    admin_post("/admin/reviews/mass", {"action": "delete", "keys": [f"queued:{i}" for i in ids]})
    assert (
        conn.execute("SELECT COUNT(*) FROM review_queue WHERE id IN (?, ?)", ids).fetchone()[0] == 0
    )


def test_unknown_reviews_are_404(client) -> None:
    assert client.get("/admin/reviews/published/999999").status_code == 404
    assert client.get("/admin/reviews/other/1").status_code == 404
