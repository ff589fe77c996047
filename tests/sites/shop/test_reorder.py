"""Reorder: the customer's order view puts the order's items into the cart again."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient


def _cart(conn: sqlite3.Connection, user_id: int = 1) -> list[tuple]:
    return [
        tuple(row)
        for row in conn.execute(
            "SELECT product_id, size, colour, quantity FROM cart_items WHERE user_id = ?"
            " ORDER BY product_id, size, colour",
            (user_id,),
        )
    ]


def _lines(conn: sqlite3.Connection, number: str) -> list[tuple]:
    return sorted(
        tuple(row)
        for row in conn.execute(
            "SELECT product_id, size, colour, quantity FROM order_items"
            " WHERE order_id = (SELECT id FROM orders WHERE number = ?)",
            (number,),
        )
    )


def _order_with_lines(conn: sqlite3.Connection, lines: int) -> str:
    return conn.execute(
        "SELECT o.number FROM orders o WHERE o.user_id = 1"
        " AND (SELECT COUNT(*) FROM order_items WHERE order_id = o.id) = ? ORDER BY o.id LIMIT 1",
        (lines,),
    ).fetchone()[0]


def _stock_everything(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM cart_items WHERE user_id = 1")
    conn.execute("UPDATE stock_items SET qty = 500, is_in_stock = 1")
    conn.execute("DELETE FROM product_attributes")
    conn.commit()


def test_reorder_fills_the_cart(
    client: FlaskClient, conn: sqlite3.Connection, auth, post, check_page
) -> None:
    _stock_everything(conn)
    number = _order_with_lines(conn, 2)
    auth.login()
    page = client.get(f"/account/orders/{number}")
    check_page(page.data)
    assert b">Reorder</button>" in page.data
    response = post(f"/account/orders/{number}/reorder")
    assert response.status_code == 302
    assert response.headers["Location"] == "/cart"
    assert _cart(conn) == _lines(conn, number)
    body = client.get("/cart").get_data(as_text=True)
    assert f"You added to your cart from order #{number}:" in body
    post(f"/account/orders/{number}/reorder")  # twice: the quantities add up
    assert _cart(conn) == [(*line[:3], 2 * line[3]) for line in _lines(conn, number)]


def test_unavailable_items_are_named_and_left_out(
    client: FlaskClient, conn: sqlite3.Connection, auth, post
) -> None:
    _stock_everything(conn)
    number = _order_with_lines(conn, 3)
    lines = _lines(conn, number)
    disabled, sold_out, kept = (line[0] for line in lines)
    conn.execute("INSERT INTO product_attributes (product_id, enabled) VALUES (?, 0)", (disabled,))
    conn.execute(
        "UPDATE stock_items SET qty = 0, is_in_stock = 0 WHERE product_id = ?", (sold_out,)
    )
    conn.commit()
    names = dict(
        conn.execute(
            "SELECT product_id, product_name FROM order_items"
            " WHERE order_id = (SELECT id FROM orders WHERE number = ?)",
            (number,),
        ).fetchall()
    )
    auth.login()
    post(f"/account/orders/{number}/reorder")
    assert _cart(conn) == [line for line in lines if line[0] == kept]
    body = client.get("/cart").get_data(as_text=True).replace("&amp;", "&")
    assert f"Some items of order #{number} could not be added to your cart." in body
    assert f"{names[disabled]} is not available." in body
    assert f"{names[sold_out]} is out of stock" in body
    assert names[kept] in body.split("You added to your cart", 1)[1]


def test_nothing_available_adds_nothing(
    client: FlaskClient, conn: sqlite3.Connection, auth, post
) -> None:
    _stock_everything(conn)
    number = _order_with_lines(conn, 1)
    conn.execute("UPDATE stock_items SET qty = 0, is_in_stock = 0")
    conn.commit()
    auth.login()
    post(f"/account/orders/{number}/reorder")
    assert _cart(conn) == []
    assert "You added to your cart" not in client.get("/cart").get_data(as_text=True)


def test_cannot_reorder_someone_elses_order(
    client: FlaskClient, conn: sqlite3.Connection, auth, post
) -> None:
    _stock_everything(conn)
    other = conn.execute("SELECT number FROM orders WHERE user_id = 2 LIMIT 1").fetchone()[0]
    auth.login()
    assert post(f"/account/orders/{other}/reorder").status_code == 404
    assert _cart(conn) == []


def test_reorder_needs_login_and_csrf(client: FlaskClient, conn: sqlite3.Connection, auth) -> None:
    number = _order_with_lines(conn, 1)
    assert client.post(f"/account/orders/{number}/reorder").status_code in (302, 400)
    auth.login()
    before = _cart(conn)
    assert client.post(f"/account/orders/{number}/reorder").status_code == 400
    assert _cart(conn) == before
