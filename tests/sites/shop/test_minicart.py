"""The header's mini-cart: units and subtotal without JavaScript (a <details> summary)."""

from __future__ import annotations

import re
import sqlite3

from flask.testing import FlaskClient

from webenv.sites.shop.pricing import format_money


def _minicart(body: str) -> str:
    match = re.search(r'<li class="minicart">(.*?)</li>', body, re.S)
    assert match is not None, "no mini-cart in the header"
    return match.group(1)


def test_guest_header_has_only_the_cart_link(client: FlaskClient) -> None:
    body = client.get("/").get_data(as_text=True)
    assert 'class="minicart"' not in body
    assert re.search(r'<a href="/cart">(<svg[^>]*>.*?</svg>)?My Cart</a>', body, re.S)


def test_empty_cart(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM cart_items WHERE user_id = 1")
    conn.commit()
    auth.login()
    mini = _minicart(client.get("/").get_data(as_text=True))
    assert "<summary>0 items</summary>" in mini
    assert "You have no items in your shopping cart." in mini


def test_counts_units_and_subtotal_after_adding(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, check_page
) -> None:
    conn.execute("DELETE FROM cart_items WHERE user_id = 1")
    conn.commit()
    auth.login()
    product_id, slug = conn.execute(
        "SELECT p.id, p.slug FROM products p JOIN stock_items s ON s.product_id = p.id"
        " LEFT JOIN product_attributes a ON a.product_id = p.id"
        " WHERE p.sizes = '' AND p.colours = '' AND s.qty > 5 AND s.is_in_stock = 1"
        " AND a.special_price_cents IS NULL AND COALESCE(a.enabled, 1) = 1"
        " AND COALESCE(a.visibility, 'Catalog, Search') = 'Catalog, Search' ORDER BY p.id LIMIT 1"
    ).fetchone()
    price = conn.execute("SELECT price_cents FROM products WHERE id = ?", (product_id,)).fetchone()[
        0
    ]
    assert post("/cart/add", {"product_id": product_id, "quantity": "3"}).status_code == 302
    response = client.get(f"/product/{slug}")
    check_page(response.data)
    mini = _minicart(response.get_data(as_text=True))
    assert "<summary>3 items</summary>" in mini
    assert f"Cart Subtotal: {format_money(3 * price)}" in mini
    assert 'href="/cart">View and Edit Cart' in mini
    assert 'href="/checkout">Proceed to Checkout' in mini
    cart = client.get("/cart").get_data(as_text=True)
    assert format_money(3 * price) in cart  # the cart page agrees


def test_one_item_is_singular(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM cart_items WHERE user_id = 1")
    conn.execute(
        "INSERT INTO cart_items (user_id, product_id, quantity, added_at)"
        " VALUES (1, 1, 1, '2024-06-15 10:00:00')"
    )
    conn.commit()
    auth.login()
    assert "<summary>1 item</summary>" in _minicart(client.get("/").get_data(as_text=True))
