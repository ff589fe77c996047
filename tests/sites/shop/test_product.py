"""Product pages and reviews."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

SLUG = "ember-porcelain-coffee-mug"
REVIEW_SLUG = "ember-stoneware-coffee-mug"  # not yet reviewed by emma.lopez


def _product(conn: sqlite3.Connection, where: str = "1") -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(f"SELECT * FROM products WHERE {where} ORDER BY id LIMIT 1").fetchone()


def test_product_page(client: FlaskClient, conn: sqlite3.Connection) -> None:
    product = _product(conn, f"slug = '{SLUG}'")
    response = client.get(f"/product/{SLUG}")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert [h.text_content() for h in tree.cssselect("h1")] == [product["name"]]
    page = response.get_data(as_text=True)
    assert product["sku"] in page
    assert "$65.00" in page
    assert f"{product['rating']:.1f} out of 5 ({product['review_count']} reviews)" in page
    assert product["description"] in page
    assert len(tree.cssselect(".review")) == product["review_count"]
    assert tree.xpath("//button[text()='Add to Cart']")
    assert tree.xpath("//button[text()='Add to Wish List']")
    assert tree.cssselect("label[for=quantity]")[0].text_content() == "Quantity"
    assert b"Log in to write a review" in response.data


def test_product_options(client: FlaskClient, conn: sqlite3.Connection) -> None:
    product = _product(conn, "sizes != '' AND colours != ''")
    tree = html.fromstring(client.get(f"/product/{product['slug']}").data)
    sizes = [o.get("value") for o in tree.cssselect("#size option")][1:]
    colours = [o.get("value") for o in tree.cssselect("#colour option")][1:]
    assert sizes == product["sizes"].split(",")
    assert colours == product["colours"].split(",")
    assert tree.cssselect("label[for=size]")[0].text_content() == "Size"
    assert tree.cssselect("label[for=colour]")[0].text_content() == "Colour"


def test_product_without_options(client: FlaskClient, conn: sqlite3.Connection) -> None:
    product = _product(conn, "sizes = '' AND colours = ''")
    tree = html.fromstring(client.get(f"/product/{product['slug']}").data)
    assert not tree.cssselect("#size") and not tree.cssselect("#colour")


def test_unknown_product_is_404(client: FlaskClient) -> None:
    assert client.get("/product/not-a-product").status_code == 404


def test_review_requires_login(client: FlaskClient, post) -> None:
    response = post(
        f"/product/{REVIEW_SLUG}/reviews",
        {"rating": "5", "title": "t", "body": "b"},
        headers={"Referer": f"http://localhost/product/{REVIEW_SLUG}"},
    )
    assert response.status_code == 302
    assert response.headers["Location"] == f"/account/login?next=/product/{REVIEW_SLUG}"


def test_a_written_review_awaits_moderation(
    client: FlaskClient, auth, post, staff, admin_post, conn: sqlite3.Connection
) -> None:
    auth.login()
    before = _product(conn, f"slug = '{REVIEW_SLUG}'")
    page = client.get(f"/product/{REVIEW_SLUG}").get_data(as_text=True)
    assert "Submit review" in page
    response = post(
        f"/product/{REVIEW_SLUG}/reviews",
        {"rating": "5", "nickname": "Emma L.", "title": "Lovely mug", "body": "Keeps coffee hot."},
    )
    assert response.status_code == 302
    assert response.headers["Location"] == f"/product/{REVIEW_SLUG}"
    queued = conn.execute(
        "SELECT id, rating, title, body, created_at, status FROM review_queue"
        " WHERE user_id = 1 AND product_id = ?",
        (before["id"],),
    ).fetchall()
    assert [tuple(row)[1:] for row in queued] == [
        (5, "Lovely mug", "Keeps coffee hot.", "2024-06-15 12:00:00", "Pending")
    ]
    published = conn.execute(
        "SELECT COUNT(*) FROM reviews WHERE user_id = 1 AND product_id = ?", (before["id"],)
    ).fetchone()[0]
    assert published == 0
    pending = _product(conn, f"slug = '{REVIEW_SLUG}'")
    assert (pending["review_count"], pending["rating_total"]) == (
        before["review_count"],
        before["rating_total"],
    )
    page = client.get(f"/product/{REVIEW_SLUG}").get_data(as_text=True)
    assert "You submitted your review for moderation." in page
    assert "Lovely mug" not in page
    assert "Your review of this product is awaiting moderation." in page
    again = post(
        f"/product/{REVIEW_SLUG}/reviews",
        {"rating": "4", "nickname": "E", "title": "x", "body": "y"},
    )
    assert again.status_code == 400
    assert b"Your review of this product is awaiting moderation." in again.data

    staff.login("sam.patel")
    approved = admin_post(
        "/admin/reviews/mass", {"action": "Approved", "keys": [f"queued:{queued[0][0]}"]}
    )
    assert approved.status_code == 302
    after = _product(conn, f"slug = '{REVIEW_SLUG}'")
    assert after["review_count"] == before["review_count"] + 1
    assert after["rating_total"] == before["rating_total"] + 5
    page = client.get(f"/product/{REVIEW_SLUG}").get_data(as_text=True)
    assert "Lovely mug" in page
    assert "Rated 5 out of 5 by Emma L. on Jun 15, 2024" in page
    assert "You have already reviewed this product." in page


def test_rejected_reviews_stay_off_the_product_page(
    client: FlaskClient, conn: sqlite3.Connection
) -> None:
    rows = conn.execute(
        "SELECT p.slug, q.title, q.status FROM review_queue q"
        " JOIN products p ON p.id = q.product_id"
        " WHERE q.title NOT IN (SELECT title FROM reviews WHERE product_id = q.product_id)"
        " ORDER BY q.id"
    ).fetchall()
    assert {row[2] for row in rows} == {"Pending", "Not Approved"}
    for slug, title, _status in rows[:6]:
        tree = html.fromstring(client.get(f"/product/{slug}").data)
        assert title not in [h.text_content() for h in tree.cssselect(".review h3")]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (
            {"rating": "6", "nickname": "E", "title": "t", "body": "b"},
            "Rating must be from 1 to 5 stars.",
        ),
        (
            {"rating": "", "nickname": "E", "title": "t", "body": "b"},
            "Rating must be from 1 to 5 stars.",
        ),
        ({"rating": "3", "nickname": "E", "title": "", "body": "b"}, "Summary is required."),
        ({"rating": "3", "nickname": "E", "title": "t", "body": "   "}, "Review is required."),
        ({"rating": "3", "nickname": " ", "title": "t", "body": "b"}, "Nickname is required."),
        ({"rating": "3", "title": "t", "body": "b"}, "Nickname is required."),
        (
            {"rating": "3", "nickname": "n" * 51, "title": "t", "body": "b"},
            "Nickname must be at most 50 characters",
        ),
        (
            {"rating": "3", "nickname": "E", "title": "t" * 201, "body": "b"},
            "Summary must be at most 200 characters",
        ),
        (
            {"rating": "3", "nickname": "E", "title": "t", "body": "b" * 5001},
            "Review must be at most 5,000 characters; you entered 5,001.",
        ),
    ],
)
def test_review_validation(client: FlaskClient, auth, post, conn, form, message) -> None:
    auth.login()
    count = conn.execute("SELECT COUNT(*) FROM review_queue").fetchone()[0]
    response = post(f"/product/{REVIEW_SLUG}/reviews", form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM review_queue").fetchone()[0] == count


def test_hostile_review_is_escaped(
    client: FlaskClient, auth, post, staff, admin_post, conn: sqlite3.Connection
) -> None:
    auth.login()
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    post(
        f"/product/{REVIEW_SLUG}/reviews",
        {
            "rating": "1",
            "nickname": '<script>alert("n")</script>',
            "title": hostile,
            "body": hostile,
        },
    )
    (queued,) = conn.execute("SELECT MAX(id) FROM review_queue").fetchone()
    staff.login()
    approved = admin_post(
        "/admin/reviews/mass", {"action": "Approved", "keys": [f"queued:{queued}"]}
    )
    assert approved.status_code == 302
    page = client.get(f"/product/{REVIEW_SLUG}").get_data(as_text=True)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
    assert "by &lt;script&gt;alert(&#34;n&#34;)&lt;/script&gt; on" in page


def test_huge_request_is_rejected_cleanly(client: FlaskClient, auth, post) -> None:
    auth.login()
    response = post(
        f"/product/{REVIEW_SLUG}/reviews", {"rating": "1", "title": "t", "body": "x" * 2_000_000}
    )
    assert response.status_code == 413
    assert b"<h1>413" in response.data
