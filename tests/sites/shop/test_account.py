"""Login, registration, orders, addresses, wish list, details and newsletter."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.auth import DEMO_PASSWORD, verify_password


def test_login_page(client: FlaskClient) -> None:
    response = client.get("/account/login")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    labels = {label.get("for"): label.text_content() for label in tree.cssselect("main form label")}
    assert labels == {"username": "Username", "password": "Password"}


def test_login_and_logout(client: FlaskClient, auth) -> None:
    response = auth.login()
    assert response.status_code == 302
    assert response.headers["Location"] == "/account"
    with client:
        page = client.get("/").get_data(as_text=True)
        assert "Hello, Emma" in page and "Log out" in page
        from flask import g, session

        assert session["user_id"] == 1 and g.user["username"] == "emma.lopez"
    response = auth.logout()
    assert response.headers["Location"] == "/"
    assert b"Log in" in client.get("/").data
    assert client.get("/account").status_code == 302


def test_login_redirects_to_next(client: FlaskClient, auth) -> None:
    response = auth.login(next="/account/orders?status=Complete")
    assert response.headers["Location"] == "/account/orders?status=Complete"


@pytest.mark.parametrize("target", ["http://evil.test/", "//evil.test/", "javascript:alert(1)"])
def test_login_ignores_foreign_next(client: FlaskClient, auth, target: str) -> None:
    assert auth.login(next=target).headers["Location"] == "/account"


@pytest.mark.parametrize(
    ("username", "password"),
    [("emma.lopez", "wrong"), ("nobody", DEMO_PASSWORD), ("", ""), ("x" * 500, "y")],
)
def test_login_failure(client: FlaskClient, auth, username: str, password: str) -> None:
    response = auth.login(username, password)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert (
        "Incorrect username or password." in page
        or "is required" in page
        or ("at most 100 characters" in page)
    )


def test_every_generated_user_can_log_in(client: FlaskClient, auth, conn) -> None:
    username = conn.execute("SELECT username FROM users WHERE id = 17").fetchone()[0]
    assert auth.login(username).status_code == 302


def test_register(client: FlaskClient, post, conn: sqlite3.Connection) -> None:
    form = {
        "first_name": "Zed",
        "last_name": "Ng",
        "email": "zed@example.com",
        "username": "Zed.Ng",
        "password": "longenough",
        "confirm_password": "longenough",
    }
    response = post("/account/register", form)
    assert response.status_code == 302
    assert response.headers["Location"] == "/account"
    row = conn.execute(
        "SELECT first_name, email, newsletter, password_hash FROM users WHERE username = 'zed.ng'"
    ).fetchone()
    assert row[:3] == ("Zed", "zed@example.com", 0)
    assert verify_password(row[3], "longenough")
    assert b"Hello, Zed" in client.get("/account").data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"username": "emma.lopez"}, "The username emma.lopez is already taken."),
        ({"username": "a b"}, "Username must be 3 to 30 characters"),
        ({"email": "not-an-email"}, "Email must be an address like name@example.com."),
        (
            {"password": "short", "confirm_password": "short"},
            "Password must be at least 8 characters.",
        ),
        ({"confirm_password": "different!"}, "The two passwords do not match."),
        ({"first_name": ""}, "First name is required."),
        ({"last_name": "L" * 101}, "Last name must be at most 100 characters"),
    ],
)
def test_register_errors(client: FlaskClient, post, conn, changes, message) -> None:
    form = {
        "first_name": "Zed",
        "last_name": "Ng",
        "email": "zed@example.com",
        "username": "zed",
        "password": "longenough",
        "confirm_password": "longenough",
        **changes,
    }
    count = conn.execute("SELECT COUNT(*) FROM users").fetchone()[0]
    response = post("/account/register", form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM users").fetchone()[0] == count


@pytest.mark.parametrize(
    "url",
    [
        "/account",
        "/account/orders",
        "/account/orders/100001",
        "/account/addresses",
        "/account/addresses/new",
        "/account/wishlist",
        "/account/details",
        "/account/newsletter",
        "/checkout",
    ],
)
def test_account_pages_require_login(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login?next=")


def test_dashboard(client: FlaskClient, auth) -> None:
    auth.login()
    page = client.get("/account").get_data(as_text=True)
    assert "<h1>My Account</h1>" in page
    assert "You are not subscribed to the newsletter." in page
    assert page.count(">View order<") == 5


def test_order_history(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    total = conn.execute("SELECT COUNT(*) FROM orders WHERE user_id = 1").fetchone()[0]
    response = client.get("/account/orders")
    tree = html.fromstring(response.data)
    headers = [th.text_content() for th in tree.cssselect("thead th")]
    assert headers == ["Order", "Date", "Status", "Items", "Total", "Actions"]
    rows = tree.cssselect("tbody tr")
    assert len(rows) == 10
    latest = conn.execute(
        "SELECT number, status FROM orders WHERE user_id = 1 ORDER BY created_at DESC LIMIT 1"
    ).fetchone()
    cells = [td.text_content() for td in rows[0].cssselect("td")]
    assert cells[0] == latest[0] and cells[2] == latest[1] and cells[5] == "View order"
    assert f"Orders 1-10 of {total}" in response.get_data(as_text=True)
    last_page = -(-total // 10)
    response = client.get(f"/account/orders?page={last_page}")
    assert len(html.fromstring(response.data).cssselect("tbody tr")) == total - 10 * (last_page - 1)


@pytest.mark.parametrize("status", ["Pending", "Processing", "Shipped", "Complete", "Canceled"])
def test_order_history_filter(client: FlaskClient, auth, conn, status: str) -> None:
    auth.login()
    expected = conn.execute(
        "SELECT COUNT(*) FROM orders WHERE user_id = 1 AND status = ?", (status,)
    ).fetchone()[0]
    tree = html.fromstring(client.get(f"/account/orders?status={status}").data)
    rows = tree.cssselect("tbody tr")
    assert len(rows) == min(expected, 10)
    assert all(row.cssselect("td")[2].text_content() == status for row in rows)
    assert tree.cssselect("#status option[selected]")[0].get("value") == status


def test_order_detail(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    conn.row_factory = sqlite3.Row
    order = conn.execute(
        "SELECT * FROM orders WHERE user_id = 1 AND discount_cents > 0 ORDER BY id LIMIT 1"
    ).fetchone()
    items = conn.execute("SELECT * FROM order_items WHERE order_id = ?", (order["id"],)).fetchall()
    response = client.get(f"/account/orders/{order['number']}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f"<h1>Order #{order['number']}</h1>" in page
    assert order["status"] in page and order["ship_street"] in page
    for item in items:
        assert item["product_name"] in page
    total = order["total_cents"]
    assert f"${total // 100:,}.{total % 100:02d}" in page
    assert f"Discount ({order['coupon_code']})" in page


def test_cannot_view_another_users_order(client: FlaskClient, auth, conn) -> None:
    number = conn.execute("SELECT number FROM orders WHERE user_id != 1").fetchone()[0]
    auth.login()
    response = client.get(f"/account/orders/{number}")
    assert response.status_code == 404
    assert client.get("/account/orders/nonsense").status_code == 404


def test_cancel_pending_order(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    number = conn.execute(
        "SELECT number FROM orders WHERE user_id = 1 AND status = 'Pending'"
    ).fetchone()[0]
    assert b"Cancel order" in client.get(f"/account/orders/{number}").data
    response = post(f"/account/orders/{number}/cancel")
    assert response.headers["Location"] == f"/account/orders/{number}"
    assert tuple(
        conn.execute("SELECT status, updated_at FROM orders WHERE number = ?", (number,)).fetchone()
    ) == ("Canceled", "2024-06-15 12:00:00")
    complete = conn.execute(
        "SELECT number FROM orders WHERE user_id = 1 AND status = 'Complete'"
    ).fetchone()[0]
    post(f"/account/orders/{complete}/cancel")
    assert (
        conn.execute("SELECT status FROM orders WHERE number = ?", (complete,)).fetchone()[0]
        == "Complete"
    )


def test_address_book(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    auth.login()
    count = conn.execute("SELECT COUNT(*) FROM addresses WHERE user_id = 1").fetchone()[0]
    tree = html.fromstring(client.get("/account/addresses").data)
    assert len(tree.cssselect("article.address-card")) == count
    assert tree.cssselect("article h2")[0].text_content() == "Default address"
    assert len(tree.xpath("//button[text()='Set as default']")) == count - 1


ADDRESS = {
    "full_name": "Emma Lopez",
    "street": "9 New Street",
    "city": "Boston",
    "state": "MA",
    "postcode": "02110",
    "country": "United States",
    "phone": "(617) 555-0101",
}


def test_add_address(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    response = post("/account/addresses/new", {**ADDRESS, "is_default": "1"})
    assert response.headers["Location"] == "/account/addresses"
    rows = conn.execute(
        "SELECT street, is_default FROM addresses WHERE user_id = 1 AND is_default = 1"
    ).fetchall()
    assert [tuple(row) for row in rows] == [("9 New Street", 1)]


def test_add_address_errors(client: FlaskClient, auth, post) -> None:
    auth.login()
    response = post("/account/addresses/new", {**ADDRESS, "city": "", "street": "s" * 300})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "City is required." in page and "Street address must be at most 200" in page


def test_edit_address(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    address_id = conn.execute(
        "SELECT id FROM addresses WHERE user_id = 1 AND is_default = 0"
    ).fetchone()[0]
    form = html.fromstring(client.get(f"/account/addresses/{address_id}/edit").data)
    assert form.cssselect("#city")[0].get("value")
    response = post(f"/account/addresses/{address_id}/edit", {**ADDRESS, "city": "Salem"})
    assert response.status_code == 302
    assert (
        conn.execute("SELECT city FROM addresses WHERE id = ?", (address_id,)).fetchone()[0]
        == "Salem"
    )


def test_set_default_and_delete_address(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    old_default, other = (
        row[0]
        for row in conn.execute(
            "SELECT id FROM addresses WHERE user_id = 1 ORDER BY is_default DESC, id LIMIT 2"
        )
    )
    post(f"/account/addresses/{other}/default")
    assert [
        tuple(row)
        for row in conn.execute("SELECT id FROM addresses WHERE user_id = 1 AND is_default = 1")
    ] == [(other,)]
    post(f"/account/addresses/{other}/delete")
    assert conn.execute("SELECT 1 FROM addresses WHERE id = ?", (other,)).fetchone() is None
    defaults = conn.execute(
        "SELECT COUNT(*) FROM addresses WHERE user_id = 1 AND is_default = 1"
    ).fetchone()[0]
    assert defaults == 1
    assert old_default


def test_cannot_touch_another_users_address(client: FlaskClient, auth, post, conn) -> None:
    other = conn.execute("SELECT id FROM addresses WHERE user_id = 2").fetchone()[0]
    auth.login()
    assert client.get(f"/account/addresses/{other}/edit").status_code == 404
    assert post(f"/account/addresses/{other}/edit", ADDRESS).status_code == 404
    assert post(f"/account/addresses/{other}/delete").status_code == 404
    assert post(f"/account/addresses/{other}/default").status_code == 404
    assert conn.execute("SELECT 1 FROM addresses WHERE id = ?", (other,)).fetchone()


def test_wishlist(client: FlaskClient, auth, post, conn: sqlite3.Connection) -> None:
    auth.login()
    count = conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE user_id = 1").fetchone()[0]
    tree = html.fromstring(client.get("/account/wishlist").data)
    assert len(tree.cssselect("tbody tr")) == count
    product_id, slug = conn.execute(
        "SELECT id, slug FROM products WHERE sizes = '' AND colours = '' AND id NOT IN"
        " (SELECT product_id FROM wishlist_items WHERE user_id = 1) ORDER BY id LIMIT 1"
    ).fetchone()
    response = post("/account/wishlist/add", {"product_id": str(product_id)})
    assert response.headers["Location"] == f"/product/{slug}"
    assert b"This product is in your" in client.get(f"/product/{slug}").data
    post("/account/wishlist/add", {"product_id": str(product_id)})  # twice is harmless
    item_id = conn.execute(
        "SELECT id FROM wishlist_items WHERE user_id = 1 AND product_id = ?", (product_id,)
    ).fetchone()[0]
    assert (
        conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE user_id = 1").fetchone()[0]
        == count + 1
    )
    response = post(f"/account/wishlist/{item_id}/move-to-cart")
    assert response.headers["Location"] == "/account/wishlist"
    assert [
        tuple(row)
        for row in conn.execute("SELECT product_id, quantity FROM cart_items WHERE user_id = 1")
    ] == [(product_id, 1)]
    first = conn.execute("SELECT id FROM wishlist_items WHERE user_id = 1").fetchone()[0]
    post(f"/account/wishlist/{first}/remove")
    assert (
        conn.execute("SELECT COUNT(*) FROM wishlist_items WHERE user_id = 1").fetchone()[0]
        == count - 1
    )


def test_move_to_cart_needs_options(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    product_id, slug = conn.execute(
        "SELECT id, slug FROM products WHERE sizes != '' ORDER BY id LIMIT 1"
    ).fetchone()
    post("/account/wishlist/add", {"product_id": str(product_id)})
    item_id = conn.execute(
        "SELECT id FROM wishlist_items WHERE user_id = 1 AND product_id = ?", (product_id,)
    ).fetchone()[0]
    response = post(f"/account/wishlist/{item_id}/move-to-cart")
    assert response.headers["Location"] == f"/product/{slug}"
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE user_id = 1").fetchone()[0] == 0


def test_cannot_touch_another_users_wishlist(client: FlaskClient, auth, post, conn) -> None:
    other = conn.execute("SELECT id FROM wishlist_items WHERE user_id != 1").fetchone()[0]
    auth.login()
    assert post(f"/account/wishlist/{other}/remove").status_code == 404
    assert post(f"/account/wishlist/{other}/move-to-cart").status_code == 404


def test_account_details(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    tree = html.fromstring(client.get("/account/details").data)
    assert tree.cssselect("#first_name")[0].get("value") == "Emma"
    response = post(
        "/account/details",
        {"first_name": "Emmy", "last_name": "Lopez", "email": "emmy@example.com"},
    )
    assert response.headers["Location"] == "/account/details"
    assert tuple(conn.execute("SELECT first_name, email FROM users WHERE id = 1").fetchone()) == (
        "Emmy",
        "emmy@example.com",
    )
    bad = post("/account/details", {"first_name": "", "last_name": "L", "email": "x"})
    assert bad.status_code == 400
    assert b"First name is required." in bad.data


def test_change_password(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    wrong = post(
        "/account/password",
        {
            "current_password": "nope",
            "new_password": "newpass123",
            "confirm_password": "newpass123",
        },
    )
    assert wrong.status_code == 400
    assert b"The current password is incorrect." in wrong.data
    response = post(
        "/account/password",
        {
            "current_password": DEMO_PASSWORD,
            "new_password": "newpass123",
            "confirm_password": "newpass123",
        },
    )
    assert response.status_code == 302
    auth.logout()
    assert auth.login(password=DEMO_PASSWORD).status_code == 400
    assert auth.login(password="newpass123").status_code == 302


def test_newsletter(client: FlaskClient, auth, post, conn) -> None:
    auth.login()
    tree = html.fromstring(client.get("/account/newsletter").data)
    assert tree.cssselect("label[for=newsletter]")[0].text_content() == "Subscribe to newsletter"
    assert tree.cssselect("#newsletter")[0].get("checked") is None
    response = post("/account/newsletter", {"newsletter": "1"})
    assert response.headers["Location"] == "/account/newsletter"
    assert conn.execute("SELECT newsletter FROM users WHERE id = 1").fetchone()[0] == 1
    assert b"You are now subscribed" in client.get("/account/newsletter").data
    post("/account/newsletter", {})
    assert conn.execute("SELECT newsletter FROM users WHERE id = 1").fetchone()[0] == 0
