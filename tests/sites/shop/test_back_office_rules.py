"""The storefront honours the back office: stock, status and visibility, special prices,
order documents, the search-term log and CMS pages (reviews: test_product.py)."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.shop import availability

NOW = "2024-06-15 12:00:00"


def _row(conn: sqlite3.Connection, sql: str, params: tuple = ()) -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(sql, params).fetchone()


@pytest.fixture
def plain(conn: sqlite3.Connection) -> sqlite3.Row:
    """A product without options whose subcategory lists it on its first page."""
    return _row(
        conn,
        "SELECT p.*, c.slug AS category_slug FROM products p JOIN categories c"
        " ON c.id = p.category_id WHERE p.sizes = '' AND p.colours = '' AND p.price_cents < 3000"
        " ORDER BY p.id LIMIT 1",
    )


def _set_stock(conn: sqlite3.Connection, product_id: int, qty: int, in_stock: int = 1) -> None:
    conn.execute(
        "UPDATE stock_items SET qty = ?, is_in_stock = ? WHERE product_id = ?",
        (qty, in_stock, product_id),
    )
    conn.commit()


def _set_attributes(conn: sqlite3.Connection, product_id: int, **values: object) -> None:
    assignments = ", ".join(f"{name} = ?" for name in values)
    conn.execute(
        f"UPDATE product_attributes SET {assignments} WHERE product_id = ?",
        (*values.values(), product_id),
    )
    conn.commit()


def _cart(conn: sqlite3.Connection) -> list[tuple]:
    return [
        tuple(row)
        for row in conn.execute(
            "SELECT product_id, quantity FROM cart_items WHERE user_id = 1 ORDER BY id"
        )
    ]


def _listed(client: FlaskClient, url: str) -> list[str]:
    tree = html.fromstring(client.get(url).data)
    return [link.text_content() for link in tree.cssselect(".product-card h2 a")]


def _search_url(product: sqlite3.Row) -> str:
    return f"/search?q={product['name'].replace(' ', '+')}"


def _category_url(product: sqlite3.Row, client: FlaskClient) -> str:
    """The page of the product's subcategory, sorted by name, that lists it."""
    for page in range(1, 30):
        url = f"/category/{product['category_slug']}?sort=name&page={page}"
        if product["name"] in _listed(client, url):
            return url
    raise AssertionError(f"{product['name']} is not listed")


# --- stock -------------------------------------------------------------------------------


@pytest.mark.parametrize(("qty", "in_stock"), [(0, 1), (25, 0)])
def test_an_out_of_stock_product_cannot_be_bought(
    client: FlaskClient, auth, post, conn, plain, check_page, qty: int, in_stock: int
) -> None:
    category = _category_url(plain, client)
    _set_stock(conn, plain["id"], qty, in_stock)
    auth.login()
    response = client.get(f"/product/{plain['slug']}")
    assert response.status_code == 200
    check_page(response.data)
    tree = html.fromstring(response.data)
    assert "Out of stock" in tree.cssselect(".product-facts")[0].text_content()
    assert not tree.xpath("//button[text()='Add to Cart']")
    assert tree.xpath("//button[text()='Add to Wish List']")
    card = [
        node
        for node in html.fromstring(client.get(category).data).cssselect(".product-card")
        if node.cssselect("h2 a")[0].text_content() == plain["name"]
    ]
    assert "Out of stock" in card[0].text_content()

    forged = post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    assert forged.status_code == 302
    assert forged.headers["Location"] == f"/product/{plain['slug']}"
    assert _cart(conn) == []
    page = client.get(forged.headers["Location"]).get_data(as_text=True)
    assert f"{plain['name']} is out of stock and cannot be added to your cart." in page


def test_an_in_stock_product_says_so(client: FlaskClient, plain) -> None:
    tree = html.fromstring(client.get(f"/product/{plain['slug']}").data)
    assert "In stock" in tree.cssselect(".product-facts")[0].text_content()
    assert tree.xpath("//button[text()='Add to Cart']")
    assert tree.cssselect("#quantity")[0].get("max") == "99"


def test_the_cart_never_holds_more_than_the_stock(
    client: FlaskClient, auth, post, conn, plain
) -> None:
    _set_stock(conn, plain["id"], 3)
    auth.login()
    assert (
        html.fromstring(client.get(f"/product/{plain['slug']}").data)
        .cssselect("#quantity")[0]
        .get("max")
        == "3"
    )
    too_many = post("/cart/add", {"product_id": plain["id"], "quantity": "4"})
    assert too_many.status_code == 400
    assert f"Only 3 of {plain['name']} are in stock; you asked for 4." in too_many.get_data(
        as_text=True
    )
    assert _cart(conn) == []
    assert post("/cart/add", {"product_id": plain["id"], "quantity": "2"}).status_code == 302
    again = post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    assert again.status_code == 400
    assert "you asked for 4" in again.get_data(as_text=True)
    (item_id,) = conn.execute("SELECT id FROM cart_items WHERE user_id = 1").fetchone()
    update = post(f"/cart/items/{item_id}/update", {"quantity": "5"})
    assert update.status_code == 400
    assert "you asked for 5" in update.get_data(as_text=True)
    assert post(f"/cart/items/{item_id}/update", {"quantity": "3"}).status_code == 302
    assert _cart(conn) == [(plain["id"], 3)]


def test_checkout_refuses_a_cart_the_stock_no_longer_covers(
    client: FlaskClient, auth, post, conn, plain, check_page
) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "4"})
    _set_stock(conn, plain["id"], 2)
    cart = client.get("/cart")
    check_page(cart.data)
    assert "Only 2 in stock" in cart.get_data(as_text=True)
    response = client.get("/checkout")
    assert response.status_code == 302 and response.headers["Location"] == "/cart"
    orders = conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    address = conn.execute("SELECT id FROM addresses WHERE user_id = 1").fetchone()[0]
    placed = post("/checkout", {"address_id": str(address), "shipping_method": "standard"})
    assert placed.status_code == 302 and placed.headers["Location"] == "/cart"
    assert "you asked for 4" in client.get("/cart").get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] == orders
    assert _cart(conn) == [(plain["id"], 4)]


def test_placing_an_order_takes_its_items_from_stock(
    client: FlaskClient, auth, post, conn, plain
) -> None:
    other = _row(
        conn,
        "SELECT p.id, s.qty FROM products p JOIN stock_items s ON s.product_id = p.id"
        " WHERE p.sizes = '' AND p.colours = '' AND p.id != ? AND s.qty >= 20 ORDER BY p.id",
        (plain["id"],),
    )
    _set_stock(conn, plain["id"], 2)
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    post("/cart/add", {"product_id": other["id"], "quantity": "3"})
    address = conn.execute("SELECT id FROM addresses WHERE user_id = 1").fetchone()[0]
    placed = post("/checkout", {"address_id": str(address), "shipping_method": "standard"})
    assert placed.status_code == 302 and placed.headers["Location"].startswith("/account/orders/")
    stock = dict(
        ((row[0], (row[1], row[2])))
        for row in conn.execute(
            "SELECT product_id, qty, is_in_stock FROM stock_items WHERE product_id IN (?, ?)",
            (plain["id"], other["id"]),
        )
    )
    assert stock == {plain["id"]: (0, 0), other["id"]: (other["qty"] - 3, 1)}
    assert "Out of stock" in client.get(f"/product/{plain['slug']}").get_data(as_text=True)


# --- enabled and visibility ----------------------------------------------------------------


def test_a_disabled_product_vanishes_from_the_storefront(
    client: FlaskClient, auth, post, conn, check_page
) -> None:
    home = html.fromstring(client.get("/").data)
    name = home.cssselect(".product-card h2 a")[0].text_content()
    product = _row(
        conn,
        "SELECT p.*, c.slug AS category_slug FROM products p JOIN categories c"
        " ON c.id = p.category_id WHERE p.name = ?",
        (name,),
    )
    category = _category_url(product, client)
    auth.login()
    post("/wishlist/add", {"product_id": product["id"]})
    if not product["sizes"] and not product["colours"]:
        post("/cart/add", {"product_id": product["id"], "quantity": "2"})
    else:
        conn.execute(
            "INSERT INTO cart_items (user_id, product_id, size, colour, quantity, added_at)"
            " VALUES (1, ?, ?, ?, 2, ?)",
            (product["id"], product["sizes"].split(",")[0], product["colours"].split(",")[0], NOW),
        )
        conn.commit()
    assert name in client.get("/cart").get_data(as_text=True)

    _set_attributes(conn, product["id"], enabled=0)
    assert client.get(f"/product/{product['slug']}").status_code == 404
    assert name not in _listed(client, "/")
    assert name not in _listed(client, category)
    assert name not in _listed(client, _search_url(product))
    cart = client.get("/cart")
    check_page(cart.data)
    assert name not in cart.get_data(as_text=True)
    assert name not in client.get("/account/wishlist").get_data(as_text=True)
    forged = post("/cart/add", {"product_id": product["id"], "quantity": "1"})
    assert forged.status_code == 302 and forged.headers["Location"] == "/cart"
    assert f"{name} is not available." in client.get("/cart").get_data(as_text=True)
    # Hidden, not lost: enabled again, the cart line is back (Magento would have dropped it).
    _set_attributes(conn, product["id"], enabled=1)
    assert name in client.get("/cart").get_data(as_text=True)


@pytest.mark.parametrize(
    ("visibility", "in_category", "in_search", "has_page"),
    [
        ("Catalog, Search", True, True, True),
        ("Catalog", True, False, True),
        ("Search", False, True, True),
        ("Not Visible Individually", False, False, False),
    ],
)
def test_visibility_decides_where_a_product_shows(
    client: FlaskClient,
    conn,
    plain,
    visibility: str,
    in_category: bool,
    in_search: bool,
    has_page: bool,
) -> None:
    category = _category_url(plain, client)
    _set_attributes(conn, plain["id"], visibility=visibility)
    assert (plain["name"] in _listed(client, category)) is in_category
    assert (plain["name"] in _listed(client, _search_url(plain))) is in_search
    assert client.get(f"/product/{plain['slug']}").status_code == (200 if has_page else 404)


# --- special prices ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("special_from", "special_to", "applies"),
    [
        (None, None, True),
        ("2024-06-01", "2024-06-15", True),  # the last day counts
        ("2024-06-15", None, True),
        ("2024-06-16", None, False),  # not yet
        (None, "2024-06-14", False),  # over
    ],
)
def test_a_special_price_applies_on_its_days(
    client: FlaskClient,
    auth,
    post,
    conn,
    plain,
    check_page,
    special_from: str | None,
    special_to: str | None,
    applies: bool,
) -> None:
    regular, special = plain["price_cents"], plain["price_cents"] - 500
    _set_attributes(
        conn,
        plain["id"],
        special_price_cents=special,
        special_from=special_from,
        special_to=special_to,
    )
    response = client.get(f"/product/{plain['slug']}")
    check_page(response.data)
    facts = html.fromstring(response.data).cssselect(".product-facts")[0].text_content()
    money = f"${special // 100}.{special % 100:02d}"
    old = f"${regular // 100}.{regular % 100:02d}"
    if applies:
        assert f"Special Price {money}" in facts and f"Regular Price {old}" in facts
        assert html.fromstring(response.data).cssselect(".product-facts s")[0].text == old
    else:
        assert money not in facts and "Regular Price" not in facts and old in facts

    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    charged = special if applies else regular
    cart = client.get("/cart").get_data(as_text=True)
    total = 2 * charged
    assert f"${total // 100}.{total % 100:02d}" in cart
    address = conn.execute("SELECT id FROM addresses WHERE user_id = 1").fetchone()[0]
    placed = post("/checkout", {"address_id": str(address), "shipping_method": "express"})
    number = placed.headers["Location"].rpartition("/")[2]
    order = _row(conn, "SELECT * FROM orders WHERE number = ?", (number,))
    item = _row(conn, "SELECT * FROM order_items WHERE order_id = ?", (order["id"],))
    assert (item["unit_price_cents"], item["line_total_cents"]) == (charged, 2 * charged)
    assert order["subtotal_cents"] == 2 * charged
    assert order["total_cents"] == 2 * charged + 1500


def test_listings_sort_and_filter_by_the_price_charged(client: FlaskClient, conn, plain) -> None:
    url = f"/category/{plain['category_slug']}?sort=price_asc"
    cheapest = _listed(client, url)[0]
    if cheapest == plain["name"]:
        pytest.fail("pick a product that is not already the cheapest")
    _set_attributes(conn, plain["id"], special_price_cents=1)
    assert _listed(client, url)[0] == plain["name"]
    assert plain["name"] in _listed(client, f"/category/{plain['category_slug']}?max_price=0.01")


def test_the_final_price_sql_rejects_anything_but_a_day() -> None:
    assert "'2024-06-15'" in availability.final_price_sql("2024-06-15")
    with pytest.raises(ValueError, match="not a YYYY-MM-DD day"):
        availability.final_price_sql("2024-06-15' OR 1 --")


# --- invoices and shipments ------------------------------------------------------------------


def test_an_order_page_shows_its_invoice_and_shipment(
    client: FlaskClient, auth, conn, check_page
) -> None:
    order = _row(
        conn,
        "SELECT o.number, i.number AS invoice, s.number AS shipment, s.carrier,"
        " s.tracking_number FROM orders o JOIN invoices i ON i.order_id = o.id"
        " JOIN shipments s ON s.order_id = o.id WHERE o.user_id = 1 AND o.status = 'Shipped'"
        " ORDER BY o.id LIMIT 1",
    )
    auth.login()
    response = client.get(f"/account/orders/{order['number']}")
    check_page(response.data)
    tree = html.fromstring(response.data)
    assert [h.text_content() for h in tree.cssselect("h2")][-2:] == ["Invoices", "Shipments"]
    shipment = [td.text_content() for td in tree.cssselect("#shipments-heading + table td")]
    assert shipment[0] == f"Shipment #{order['shipment']}"
    assert shipment[2:4] == [order["carrier"], order["tracking_number"]]
    invoice = tree.cssselect("#invoices-heading + table td")[0].text_content()
    assert invoice == f"Invoice #{order['invoice']}"


def test_a_pending_order_has_no_documents_yet(client: FlaskClient, auth, conn) -> None:
    number = conn.execute(
        "SELECT number FROM orders WHERE user_id = 1 AND status = 'Pending'"
    ).fetchone()[0]
    auth.login()
    tree = html.fromstring(client.get(f"/account/orders/{number}").data)
    assert not tree.cssselect("#invoices-heading") and not tree.cssselect("#shipments-heading")


# --- the search-term log -----------------------------------------------------------------------


def test_each_search_is_logged(client: FlaskClient, conn) -> None:
    known = _row(conn, "SELECT * FROM search_terms WHERE num_results > 0 ORDER BY id LIMIT 1")
    response = client.get(f"/search?q={known['query'].upper()}&sort=name")
    assert response.status_code == 200
    after = _row(conn, "SELECT * FROM search_terms WHERE id = ?", (known["id"],))
    found = html.fromstring(response.data).cssselect(".result-count")[0].text_content()
    assert found.endswith(f"of {after['num_results']}")
    assert (after["query"], after["uses"], after["updated_at"]) == (
        known["query"],
        known["uses"] + 1,
        NOW,
    )
    count = conn.execute("SELECT COUNT(*) FROM search_terms").fetchone()[0]
    client.get("/search?q=zebra+quilt")
    client.get("/search?q=zebra+quilt&page=1")
    new = _row(conn, "SELECT * FROM search_terms WHERE query = 'zebra quilt'")
    assert (new["num_results"], new["uses"], new["updated_at"]) == (0, 2, NOW)
    client.get("/search?q=+")
    client.get("/search?q=" + "x" * 201)
    assert conn.execute("SELECT COUNT(*) FROM search_terms").fetchone()[0] == count + 1


# --- CMS pages ------------------------------------------------------------------------------


def test_enabled_cms_pages_are_served_and_linked(client: FlaskClient, conn, check_page) -> None:
    response = client.get("/about-us")
    assert response.status_code == 200
    check_page(response.data)
    tree = html.fromstring(response.data)
    assert tree.cssselect("h1")[0].text_content() == "About Us"
    assert "since 2019" in tree.cssselect("main")[0].text_content()
    links = {
        a.text_content(): a.get("href")
        for a in html.fromstring(client.get("/").data).cssselect("footer nav a")
    }
    enabled = conn.execute("SELECT title, url_key FROM cms_pages WHERE is_active = 1").fetchall()
    assert links == {**{title: f"/{key}" for title, key in enabled}, "Contact Us": "/contact"}
    assert "Holiday Gift Guide" not in links
    assert client.get("/holiday-gift-guide").status_code == 404
    assert client.get("/no-such-page").status_code == 404
    conn.execute("UPDATE cms_pages SET is_active = 0 WHERE url_key = 'about-us'")
    conn.commit()
    assert client.get("/about-us").status_code == 404
    assert "About Us" not in client.get("/").get_data(as_text=True)


# --- cart price rules --------------------------------------------------------------------------


def _rule(**changes: str) -> dict[str, str]:
    return {
        "description": "Summer sale",
        "code": "JUNE20",
        "kind": "percent",
        "amount": "20",
        "min_subtotal": "",
        "expires_on": "",
        "from_on": "",
        "is_active": "1",
        "category_id": "",
        **changes,
    }


def _two_categories(conn: sqlite3.Connection) -> tuple[sqlite3.Row, sqlite3.Row]:
    """Two cheap option-less products of different top-level categories."""
    first = _row(
        conn,
        "SELECT p.id, p.price_cents, c.parent_id AS top, t.name AS top_name FROM products p"
        " JOIN categories c ON c.id = p.category_id JOIN categories t ON t.id = c.parent_id"
        " WHERE p.sizes = '' AND p.colours = '' ORDER BY p.id LIMIT 1",
    )
    second = _row(
        conn,
        "SELECT p.id, p.price_cents, c.parent_id AS top FROM products p"
        " JOIN categories c ON c.id = p.category_id WHERE p.sizes = '' AND p.colours = ''"
        " AND c.parent_id != ? ORDER BY p.id LIMIT 1",
        (first["top"],),
    )
    return first, second


def test_a_rule_limited_to_a_category_discounts_only_its_items(
    client: FlaskClient, auth, post, staff, admin_post, conn, check_page
) -> None:
    first, second = _two_categories(conn)
    staff.login()
    saved = admin_post("/admin/marketing/price-rules/new", _rule(category_id=str(first["top"])))
    assert saved.status_code == 302
    settings = conn.execute(
        "SELECT r.is_active, r.from_date, r.category_id FROM price_rule_settings r"
        " JOIN coupons c ON c.id = r.coupon_id WHERE c.code = 'JUNE20'"
    ).fetchone()
    assert tuple(settings) == (1, None, first["top"])
    grid = client.get("/admin/marketing/price-rules")
    check_page(grid.data)
    assert first["top_name"] in grid.get_data(as_text=True)
    auth.login()
    post("/cart/add", {"product_id": second["id"], "quantity": "1"})
    refused = post("/cart/coupon", {"coupon_code": "june20"})
    assert refused.status_code == 400
    assert f"applies only to products in {first['top_name']}" in refused.get_data(as_text=True)
    post("/cart/add", {"product_id": first["id"], "quantity": "1"})
    assert post("/cart/coupon", {"coupon_code": "june20"}).status_code == 302
    discount = (first["price_cents"] * 20 + 50) // 100
    cart = client.get("/cart").get_data(as_text=True)
    assert f"-${discount // 100}.{discount % 100:02d}" in cart


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"is_active": "0"}, "The coupon code JUNE20 is not valid."),
        ({"from_on": "2024-06-16"}, "Coupon code JUNE20 can be used from Jun 16, 2024."),
    ],
)
def test_an_inactive_or_future_rule_does_not_apply(
    client: FlaskClient, auth, post, staff, admin_post, conn, plain, changes, message
) -> None:
    staff.login()
    assert admin_post("/admin/marketing/price-rules/new", _rule(**changes)).status_code == 302
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    refused = post("/cart/coupon", {"coupon_code": "JUNE20"})
    assert refused.status_code == 400
    assert message in refused.get_data(as_text=True)
    assert conn.execute("SELECT cart_coupon FROM users WHERE id = 1").fetchone()[0] is None


def test_a_rule_switched_off_after_it_was_applied_stops_the_checkout(
    client: FlaskClient, auth, post, staff, admin_post, conn, plain
) -> None:
    auth.login()
    staff.login()  # after the customer's login, which starts a new session
    admin_post("/admin/marketing/price-rules/new", _rule(from_on="2024-06-15"))
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    assert post("/cart/coupon", {"coupon_code": "JUNE20"}).status_code == 302
    (rule_id,) = conn.execute("SELECT id FROM coupons WHERE code = 'JUNE20'").fetchone()
    form = client.get(f"/admin/marketing/price-rules/{rule_id}").get_data(as_text=True)
    assert 'value="2024-06-15"' in form
    assert (
        admin_post(f"/admin/marketing/price-rules/{rule_id}", _rule(is_active="0")).status_code
        == 302
    )
    assert "The coupon code JUNE20 is not valid." in client.get("/cart").get_data(as_text=True)
    address = conn.execute("SELECT id FROM addresses WHERE user_id = 1").fetchone()[0]
    placed = post("/checkout", {"address_id": str(address), "shipping_method": "standard"})
    assert placed.status_code == 400
    assert b"Remove it from your cart to continue." in placed.data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"from_on": "someday"}, "From must be a date"),
        ({"from_on": "2024-08-01", "expires_on": "2024-07-01"}, "From must not be after To."),
        ({"is_active": "maybe"}, "Active must be Yes or No."),
        ({"category_id": "99999"}, "Category must be Any category"),
    ],
)
def test_bad_rule_settings_keep_the_form(staff, admin_post, conn, changes, message) -> None:
    staff.login()
    response = admin_post("/admin/marketing/price-rules/new", _rule(**changes))
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM price_rule_settings").fetchone()[0] == 0


def test_canceling_an_order_puts_its_items_back_in_stock(
    client: FlaskClient, auth, post, staff, admin_post, conn, plain
) -> None:
    _set_stock(conn, plain["id"], 2)
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    address = conn.execute("SELECT id FROM addresses WHERE user_id = 1").fetchone()[0]
    placed = post("/checkout", {"address_id": str(address), "shipping_method": "standard"})
    number = placed.headers["Location"].rpartition("/")[2]
    stock = "SELECT qty, is_in_stock FROM stock_items WHERE product_id = ?"
    assert tuple(conn.execute(stock, (plain["id"],)).fetchone()) == (0, 0)
    assert post(f"/account/orders/{number}/cancel").status_code == 302
    assert tuple(conn.execute(stock, (plain["id"],)).fetchone()) == (2, 1)

    # The back office's Cancel does the same for an order a customer placed.
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    placed = post("/checkout", {"address_id": str(address), "shipping_method": "standard"})
    number = placed.headers["Location"].rpartition("/")[2]
    assert tuple(conn.execute(stock, (plain["id"],)).fetchone()) == (1, 1)
    staff.login()
    assert admin_post(f"/admin/sales/orders/{number}/cancel").status_code == 302
    status = conn.execute("SELECT status FROM orders WHERE number = ?", (number,)).fetchone()
    assert status[0] == "Canceled"
    assert tuple(conn.execute(stock, (plain["id"],)).fetchone()) == (2, 1)
