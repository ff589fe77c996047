"""The generated world: determinism, volumes and the canonical facts tasks rely on."""

from __future__ import annotations

import sqlite3

import pytest

from webenv.sites.core.auth import DEMO_PASSWORD, verify_password
from webenv.sites.shop.datagen import generate


def _generate(seed: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    generate(conn, seed)
    return conn


def test_same_seed_gives_identical_bytes(world_bytes: bytes) -> None:
    conn = _generate(0)
    assert conn.serialize() == world_bytes


def test_other_seed_gives_other_world(world_bytes: bytes) -> None:
    conn = _generate(1)
    assert conn.serialize() != world_bytes
    assert conn.execute("SELECT COUNT(*) FROM products").fetchone()[0] >= 500


def test_generate_replaces_existing_tables(conn: sqlite3.Connection, world_bytes: bytes) -> None:
    conn.execute("DELETE FROM orders WHERE id > 10")
    conn.commit()
    generate(conn, 0)
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] > 500


@pytest.mark.parametrize(
    ("query", "minimum"),
    [
        ("SELECT COUNT(*) FROM products", 500),
        ("SELECT COUNT(*) FROM categories WHERE parent_id IS NULL", 8),
        ("SELECT COUNT(*) FROM categories WHERE parent_id IS NOT NULL", 30),
        ("SELECT COUNT(*) FROM users WHERE username != 'emma.lopez'", 50),
        ("SELECT COUNT(*) FROM orders", 500),
        ("SELECT COUNT(*) FROM reviews", 1000),
        ("SELECT COUNT(*) FROM coupons", 3),
    ],
)
def test_volumes(conn: sqlite3.Connection, query: str, minimum: int) -> None:
    assert conn.execute(query).fetchone()[0] >= minimum


def test_every_top_category_has_subcategories_with_products(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT t.name, COUNT(DISTINCT c.id), COUNT(p.id) FROM categories t"
        " JOIN categories c ON c.parent_id = t.id JOIN products p ON p.category_id = c.id"
        " WHERE t.parent_id IS NULL GROUP BY t.id"
    ).fetchall()
    assert len(rows) >= 8
    assert all(subs >= 3 and products >= 30 for _, subs, products in rows)


def test_reviews_per_product_are_bounded(conn: sqlite3.Connection) -> None:
    most = conn.execute(
        "SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM reviews GROUP BY product_id)"
    ).fetchone()[0]
    assert most <= 15
    assert conn.execute("SELECT COUNT(*) FROM products WHERE review_count = 0").fetchone()[0] > 0


def test_product_rating_columns_match_reviews(conn: sqlite3.Connection) -> None:
    mismatches = conn.execute(
        "SELECT COUNT(*) FROM products p WHERE review_count !="
        " (SELECT COUNT(*) FROM reviews r WHERE r.product_id = p.id) OR rating_total !="
        " (SELECT COALESCE(SUM(rating), 0) FROM reviews r WHERE r.product_id = p.id)"
    ).fetchone()[0]
    assert mismatches == 0


def test_order_totals_add_up(conn: sqlite3.Connection) -> None:
    bad = conn.execute(
        "SELECT COUNT(*) FROM orders o WHERE total_cents != subtotal_cents - discount_cents"
        " + shipping_cents OR subtotal_cents != (SELECT SUM(line_total_cents) FROM order_items"
        " i WHERE i.order_id = o.id) OR item_count != (SELECT SUM(quantity) FROM order_items i"
        " WHERE i.order_id = o.id)"
    ).fetchone()[0]
    assert bad == 0


def test_orders_span_two_years_with_every_status(conn: sqlite3.Connection) -> None:
    first, last = conn.execute("SELECT MIN(created_at), MAX(created_at) FROM orders").fetchone()
    assert first < "2022-08-01" and last.startswith("2024-06")
    assert last <= "2024-06-15 12:00:00"
    statuses = {row[0] for row in conn.execute("SELECT DISTINCT status FROM orders")}
    assert statuses == {"Pending", "Processing", "Shipped", "Complete", "Canceled"}


def test_recent_orders_are_more_often_open(conn: sqlite3.Connection) -> None:
    open_recent = conn.execute(
        "SELECT COUNT(*) FROM orders WHERE created_at >= '2024-06-13'"
        " AND status IN ('Pending', 'Processing')"
    ).fetchone()[0]
    open_old = conn.execute(
        "SELECT COUNT(*) FROM orders WHERE created_at < '2024-05-01'"
        " AND status IN ('Pending', 'Processing', 'Shipped')"
    ).fetchone()[0]
    assert open_recent > 0 and open_old == 0


def test_demo_user(conn: sqlite3.Connection) -> None:
    user = conn.execute(
        "SELECT id, first_name, last_name, newsletter, cart_coupon, password_hash FROM users"
        " WHERE username = 'emma.lopez'"
    ).fetchone()
    assert user[:5] == (1, "Emma", "Lopez", 0, None)
    assert verify_password(user[5], DEMO_PASSWORD)
    count, statuses, first, last = conn.execute(
        "SELECT COUNT(*), COUNT(DISTINCT status), MIN(created_at), MAX(created_at) FROM orders"
        " WHERE user_id = 1"
    ).fetchone()
    assert count >= 40 and statuses >= 3
    months = (int(last[:4]) - int(first[:4])) * 12 + int(last[5:7]) - int(first[5:7])
    assert months >= 18
    assert conn.execute("SELECT COUNT(*) FROM addresses WHERE user_id = 1").fetchone()[0] >= 3
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM addresses WHERE user_id = 1 AND is_default = 1"
        ).fetchone()[0]
        == 1
    )
    assert conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE user_id = 1").fetchone()[0] >= 3
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE user_id = 1").fetchone()[0] == 0


def test_every_user_has_exactly_one_default_address(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT u.id, (SELECT COUNT(*) FROM addresses a WHERE a.user_id = u.id AND is_default)"
        " FROM users u"
    ).fetchall()
    assert all(defaults == 1 for _, defaults in rows)


def test_names_slugs_and_skus_are_unique(conn: sqlite3.Connection) -> None:
    for column in ("name", "slug", "sku"):
        distinct = conn.execute(f"SELECT COUNT(DISTINCT {column}) FROM products").fetchone()[0]
        assert distinct == conn.execute("SELECT COUNT(*) FROM products").fetchone()[0]


def test_coupons(conn: sqlite3.Connection) -> None:
    coupons = {
        row[0]: row[1:]
        for row in conn.execute("SELECT code, kind, amount, expires_at FROM coupons")
    }
    assert coupons["SAVE10"] == ("percent", 10, None)
    assert coupons["WELCOME5"] == ("fixed", 500, None)
    assert coupons["SPRING15"][2] < "2024-06-15"


def test_init_db_command(tmp_path) -> None:
    from webenv.sites.shop import create_app

    path = tmp_path / "shop.sqlite"
    app = create_app({"DATABASE": str(path)})
    result = app.test_cli_runner().invoke(args=["init-db", "--seed", "0"])
    assert "Generated world seed 0" in result.output
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM products").fetchone()[0] >= 500
    conn.close()
