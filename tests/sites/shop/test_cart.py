"""Cart, coupons and checkout."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html


def _product(conn: sqlite3.Connection, where: str) -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(f"SELECT * FROM products WHERE {where} ORDER BY id LIMIT 1").fetchone()


def _cart(conn: sqlite3.Connection, user_id: int = 1) -> list[tuple]:
    return [
        tuple(row)
        for row in conn.execute(
            "SELECT product_id, size, colour, quantity FROM cart_items WHERE "
            "user_id = ? ORDER BY id",
            (user_id,),
        )
    ]


@pytest.fixture
def plain(conn: sqlite3.Connection) -> sqlite3.Row:
    """A product without options costing less than $50."""
    return _product(conn, "sizes = '' AND colours = '' AND price_cents < 3000")


@pytest.fixture
def dressy(conn: sqlite3.Connection) -> sqlite3.Row:
    """A product with sizes and colours."""
    return _product(conn, "sizes != '' AND colours != ''")


def test_cart_requires_login(client: FlaskClient) -> None:
    response = client.get("/cart")
    assert response.status_code == 302
    assert response.headers["Location"] == "/account/login?next=/cart"


def test_anonymous_add_to_cart_goes_to_login(client: FlaskClient, post, plain) -> None:
    response = post(
        "/cart/add",
        {"product_id": plain["id"], "quantity": "1"},
        headers={"Referer": f"http://localhost/product/{plain['slug']}"},
    )
    assert response.status_code == 302
    assert response.headers["Location"] == f"/account/login?next=/product/{plain['slug']}"


def test_empty_cart(client: FlaskClient, auth) -> None:
    auth.login()
    response = client.get("/cart")
    assert response.status_code == 200
    assert b"Your cart is empty." in response.data


def test_add_to_cart(client: FlaskClient, auth, post, conn, plain) -> None:
    auth.login()
    response = post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/product/{plain['slug']}"
    assert _cart(conn) == [(plain["id"], "", "", 2)]
    post("/cart/add", {"product_id": plain["id"], "quantity": "3"})
    assert _cart(conn) == [(plain["id"], "", "", 5)]
    page = client.get("/cart").get_data(as_text=True)
    tree = html.fromstring(page)
    assert tree.cssselect("tbody tr td a")[0].text_content() == plain["name"]
    assert tree.cssselect("tbody input[name=quantity]")[0].get("value") == "5"
    subtotal = plain["price_cents"] * 5
    assert f"${subtotal // 100:,}.{subtotal % 100:02d}" in page
    assert "<summary>5 items</summary>" in page  # the header's mini-cart


def test_add_with_options(client: FlaskClient, auth, post, conn, dressy) -> None:
    auth.login()
    size, colour = dressy["sizes"].split(",")[1], dressy["colours"].split(",")[0]
    post("/cart/add", {"product_id": dressy["id"], "size": size, "colour": colour, "quantity": "1"})
    post(
        "/cart/add",
        {
            "product_id": dressy["id"],
            "size": dressy["sizes"].split(",")[0],
            "colour": colour,
            "quantity": "1",
        },
    )
    assert len(_cart(conn)) == 2
    page = client.get("/cart").get_data(as_text=True)
    assert f"Size: {size}, Colour: {colour}" in page


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"quantity": "0"}, "Quantity must be a whole number from 1 to 99."),
        ({"quantity": "-1"}, "Quantity must be a whole number from 1 to 99."),
        ({"quantity": "abc"}, "Quantity must be a whole number from 1 to 99."),
        ({"quantity": "100"}, "Quantity must be a whole number from 1 to 99."),
        ({"quantity": "1", "size": ""}, "Choose a size"),
        ({"quantity": "1", "colour": "Plaid"}, "Choose a colour"),
    ],
)
def test_add_to_cart_errors(client: FlaskClient, auth, post, conn, dressy, form, message) -> None:
    auth.login()
    data = {
        "product_id": dressy["id"],
        "size": dressy["sizes"].split(",")[0],
        "colour": dressy["colours"].split(",")[0],
        **form,
    }
    response = post("/cart/add", data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert b"<h1>" + dressy["name"].encode() in response.data
    assert _cart(conn) == []


def test_add_unknown_product(client: FlaskClient, auth, post) -> None:
    auth.login()
    assert post("/cart/add", {"product_id": "999999", "quantity": "1"}).status_code == 404
    assert post("/cart/add", {"product_id": "x", "quantity": "1"}).status_code == 404


def test_update_and_remove(client: FlaskClient, auth, post, conn, plain) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    item_id = conn.execute("SELECT id FROM cart_items WHERE user_id = 1").fetchone()[0]
    response = post(f"/cart/items/{item_id}/update", {"quantity": "4"})
    assert response.headers["Location"] == "/cart"
    assert _cart(conn)[0][3] == 4
    bad = post(f"/cart/items/{item_id}/update", {"quantity": "0"})
    assert bad.status_code == 400
    assert b"Quantity must be a whole number" in bad.data
    assert _cart(conn)[0][3] == 4
    response = post(f"/cart/items/{item_id}/remove")
    assert response.headers["Location"] == "/cart"
    assert _cart(conn) == []


def test_cannot_touch_another_users_cart(client: FlaskClient, auth, post, conn) -> None:
    other_item = conn.execute("SELECT id FROM cart_items WHERE user_id != 1").fetchone()[0]
    auth.login()
    assert post(f"/cart/items/{other_item}/update", {"quantity": "5"}).status_code == 404
    assert post(f"/cart/items/{other_item}/remove").status_code == 404
    assert conn.execute("SELECT 1 FROM cart_items WHERE id = ?", (other_item,)).fetchone()


@pytest.mark.parametrize(
    ("code", "discount"),
    [
        ("SAVE10", lambda subtotal: (subtotal * 10 + 50) // 100),
        ("save10", None),
        ("WELCOME5", lambda subtotal: 500),
    ],
)
def test_apply_coupon(client: FlaskClient, auth, post, conn, plain, code, discount) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "3"})
    response = post("/cart/coupon", {"coupon_code": code})
    assert response.status_code == 302
    assert conn.execute("SELECT cart_coupon FROM users WHERE id = 1").fetchone()[0] == code.upper()
    subtotal = plain["price_cents"] * 3
    off = (discount or (lambda s: (s * 10 + 50) // 100))(subtotal)
    page = client.get("/cart").get_data(as_text=True)
    assert f"Coupon {code.upper()} applied" in page
    assert f"-${off // 100}.{off % 100:02d}" in page
    post("/cart/coupon/remove")
    assert conn.execute("SELECT cart_coupon FROM users WHERE id = 1").fetchone()[0] is None


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("NOPE", "The coupon code NOPE is not valid."),
        ("SPRING15", "Coupon code SPRING15 has expired."),
        ("BIG25", "Coupon code BIG25 requires a subtotal of at least $150.00."),
        ("", "Enter a coupon code."),
        ("<b>x</b>", "The coupon code &lt;b&gt;x&lt;/b&gt; is not valid."),
    ],
)
def test_invalid_coupons(client: FlaskClient, auth, post, conn, plain, code, message) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    response = post("/cart/coupon", {"coupon_code": code})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert conn.execute("SELECT cart_coupon FROM users WHERE id = 1").fetchone()[0] is None


def test_checkout_with_empty_cart_redirects(client: FlaskClient, auth) -> None:
    auth.login()
    response = client.get("/checkout")
    assert response.headers["Location"] == "/cart"


def test_checkout_page(client: FlaskClient, auth, post, plain) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    response = client.get("/checkout")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    radios = tree.cssselect("input[name=address_id]")
    assert len(radios) >= 4 and radios[-1].get("value") == "new"
    assert radios[0].get("checked") is not None
    labels = [label.text_content() for label in tree.cssselect("fieldset label")]
    assert any(label.endswith("(default)") for label in labels)
    assert "Standard shipping (5-7 business days): $5.00" in labels
    assert "Express shipping (1-2 business days): $15.00" in labels
    assert tree.xpath("//button[text()='Place Order']")


def test_place_order_with_saved_address(client: FlaskClient, auth, post, conn, plain) -> None:
    auth.login()
    orders_before = conn.execute("SELECT COUNT(*), MAX(id) FROM orders").fetchone()
    post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    post("/cart/coupon", {"coupon_code": "SAVE10"})
    address_id = conn.execute(
        "SELECT id FROM addresses WHERE user_id = 1 AND is_default = 0 ORDER BY id"
    ).fetchone()[0]
    response = post("/checkout", {"address_id": str(address_id), "shipping_method": "express"})
    number = str(100000 + orders_before[1] + 1)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/account/orders/{number}"
    conn.row_factory = sqlite3.Row
    order = conn.execute("SELECT * FROM orders WHERE number = ?", (number,)).fetchone()
    subtotal = plain["price_cents"] * 2
    discount = (subtotal + 5) // 10
    assert (order["user_id"], order["status"], order["item_count"]) == (1, "Pending", 2)
    assert (order["subtotal_cents"], order["discount_cents"], order["shipping_cents"]) == (
        subtotal,
        discount,
        1500,
    )
    assert order["total_cents"] == subtotal - discount + 1500
    assert order["coupon_code"] == "SAVE10"
    assert order["created_at"] == "2024-06-15 12:00:00"
    address = conn.execute("SELECT * FROM addresses WHERE id = ?", (address_id,)).fetchone()
    assert order["ship_street"] == address["street"]
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM order_items WHERE order_id = ?", (order["id"],)
        ).fetchone()[0]
        == 1
    )
    assert _cart(conn) == []
    assert conn.execute("SELECT cart_coupon FROM users WHERE id = 1").fetchone()[0] is None
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f"Your order number is {number}" in page
    assert f"Order #{number}" in page


def test_place_order_with_new_address(client: FlaskClient, auth, post, conn) -> None:
    product = _product(conn, "sizes = '' AND colours = '' AND price_cents > 6000")
    auth.login()
    post("/cart/add", {"product_id": product["id"], "quantity": "1"})
    addresses = conn.execute("SELECT COUNT(*) FROM addresses WHERE user_id = 1").fetchone()[0]
    form = {
        "address_id": "new",
        "shipping_method": "standard",
        "full_name": "Ana Lopez",
        "street": "1 Test Road",
        "city": "Denver",
        "state": "CO",
        "postcode": "80202",
        "country": "United States",
        "phone": "(303) 555-0100",
        "save_address": "1",
    }
    response = post("/checkout", form)
    assert response.status_code == 302
    order = conn.execute(
        "SELECT ship_name, ship_city, shipping_cents FROM orders ORDER BY id DESC LIMIT 1"
    ).fetchone()
    assert tuple(order) == ("Ana Lopez", "Denver", 0)  # free standard shipping over $50
    assert conn.execute("SELECT COUNT(*) FROM addresses WHERE user_id = 1").fetchone()[0] == (
        addresses + 1
    )


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"address_id": "new", "shipping_method": "standard"}, "Full name is required."),
        (
            {"address_id": "99999", "shipping_method": "standard"},
            "Choose one of your saved addresses",
        ),
        ({"address_id": "", "shipping_method": "standard"}, "Choose one of your saved addresses"),
        ({"address_id": "1", "shipping_method": "drone"}, "Choose a shipping method"),
        (
            {
                "address_id": "new",
                "shipping_method": "standard",
                "full_name": "x" * 101,
                "street": "s",
                "city": "c",
                "state": "s",
                "postcode": "p",
                "country": "c",
                "phone": "p",
            },
            "Full name must be at most 100 characters",
        ),
    ],
)
def test_checkout_errors(client: FlaskClient, auth, post, conn, plain, form, message) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    count = conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    response = post("/checkout", form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == count
    assert len(_cart(conn)) == 1


def test_cannot_ship_to_another_users_address(client: FlaskClient, auth, post, conn, plain):
    other = conn.execute("SELECT id FROM addresses WHERE user_id = 2").fetchone()[0]
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    response = post("/checkout", {"address_id": str(other), "shipping_method": "standard"})
    assert response.status_code == 400
