"""The storefront's REST API (/rest/V1): tokens, catalog, cart and checkout, the customer's
orders; the same cart and order through the API and through the pages give the same rows."""

from __future__ import annotations

import sqlite3

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webenv.sites.shop import availability

from .conftest import ApiClient, OtherWorld, table_rows

EMMA = "emma.lopez"
EMMA_EMAIL = "emma.lopez@example.org"
CART_TABLES = ("cart_items", "users")
ORDER_TABLES = ("orders", "order_items", "stock_items", "cart_items", "addresses", "users")


def _product(conn: sqlite3.Connection, where: str) -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(f"SELECT * FROM products WHERE {where} ORDER BY id LIMIT 1").fetchone()


@pytest.fixture
def plain(conn: sqlite3.Connection) -> sqlite3.Row:
    """A product without options costing less than $30."""
    return _product(conn, "sizes = '' AND colours = '' AND price_cents < 3000")


@pytest.fixture
def dressy(conn: sqlite3.Connection) -> sqlite3.Row:
    """A product with sizes and colours."""
    return _product(conn, "sizes != '' AND colours != ''")


def _options(product: sqlite3.Row) -> dict[str, object]:
    return {
        "extension_attributes": {
            "configurable_item_options": [
                {"option_id": "size", "option_value": product["sizes"].split(",")[0]},
                {"option_id": "colour", "option_value": product["colours"].split(",")[-1]},
            ]
        }
    }


# --- tokens and who is asking -----------------------------------------------------------


def test_a_customer_token_by_email_or_username_opens_customers_me(api: ApiClient) -> None:
    token = api.sign_in("customer", EMMA_EMAIL)
    assert len(token) == 32 and int(token, 16) >= 0
    me = api.get("/customers/me")
    assert me.status_code == 200 and me.mimetype == "application/json"
    body = me.get_json()
    assert (body["id"], body["email"], body["firstname"]) == (1, EMMA_EMAIL, "Emma")
    assert body["addresses"][0]["default_shipping"] is True
    assert api.sign_in("customer", EMMA) != token  # every request gives a new token


def test_tokens_are_the_same_in_every_run_of_a_world(
    api: ApiClient, other_world: OtherWorld
) -> None:
    assert api.sign_in("customer", EMMA) == other_world.api.sign_in("customer", EMMA)


@pytest.mark.parametrize(
    "body",
    [
        {"username": EMMA, "password": "wrong"},
        {"username": "nobody@example.org", "password": "webenv-demo"},
        {"username": "", "password": "webenv-demo"},
    ],
)
def test_bad_credentials_get_401_and_no_token(
    api: ApiClient, conn: sqlite3.Connection, body: dict[str, str]
) -> None:
    response = api.post("/integration/customer/token", body)
    assert response.status_code == 401
    assert "sign-in was incorrect" in response.get_json()["message"]
    assert conn.execute("SELECT COUNT(*) FROM api_tokens").fetchone()[0] == 0


def test_a_token_request_without_both_strings_is_a_400(api: ApiClient) -> None:
    response = api.post("/integration/customer/token", {"username": EMMA, "password": 5})
    assert response.status_code == 400


@pytest.mark.parametrize(
    "header", ["Bearer 0123456789abcdef0123456789abcdef", "Basic eA==", "Bearer"]
)
def test_an_unknown_or_malformed_token_is_a_401(api: ApiClient, header: str) -> None:
    response = api.get("/customers/me", headers={"Authorization": header})
    assert response.status_code == 401
    assert response.get_json()["message"].startswith("The consumer isn't authorized")


def test_customer_endpoints_need_a_customer(api: ApiClient) -> None:
    for path in ("/customers/me", "/carts/mine", "/carts/mine/totals", "/orders"):
        assert api.get(path).status_code == 401, path
    api.sign_in("admin", "admin")
    assert api.get("/customers/me").status_code == 401  # a staff token is not a customer


def test_logging_out_revokes_the_customers_tokens(api: ApiClient, auth) -> None:
    api.sign_in("customer", EMMA)
    assert api.get("/customers/me").status_code == 200
    auth.login()
    auth.logout()
    assert api.get("/customers/me").status_code == 401


def test_the_login_session_cookie_authenticates_reads_and_json_writes(
    api: ApiClient, auth, plain: sqlite3.Row, conn: sqlite3.Connection
) -> None:
    auth.login()
    assert api.get("/customers/me").get_json()["email"] == EMMA_EMAIL
    # No CSRF token: a JSON body is something no cross-site form can send.
    added = api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 2}})
    assert added.status_code == 200, added.get_json()
    assert added.get_json()["qty"] == 2
    rows = conn.execute("SELECT product_id, quantity FROM cart_items WHERE user_id = 1").fetchall()
    assert [tuple(row) for row in rows] == [(plain["id"], 2)]


def test_a_write_without_a_json_content_type_is_a_415_and_writes_nothing(
    api: ApiClient, auth, plain: sqlite3.Row, conn: sqlite3.Connection
) -> None:
    auth.login()
    form = {"cartItem[sku]": plain["sku"], "cartItem[qty]": "1"}
    response = api.post("/carts/mine/items", data=form)
    assert response.status_code == 415
    assert "application/json" in response.get_json()["message"]
    response = api.post(
        "/carts/mine/items", data='{"cartItem": {}}', headers={"Content-Type": "text/plain"}
    )
    assert response.status_code == 415
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE user_id = 1").fetchone()[0] == 0


# --- bad input never gives a 500 or writes ------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ("{not json", 400, "not valid JSON"),
        ("[1, 2]", 400, "must be a JSON object"),
        ('{"cartItem": [1]}', 400, "cartItem must be a JSON object"),
        ('{"cartItem": {"sku": "NO-SUCH-SKU", "qty": 1}}', 404, "doesn't exist"),
        ('{"cartItem": {"sku": 12, "qty": 1}}', 404, "doesn't exist"),
        ('{"cartItem": {"sku": "{plain}", "qty": -1}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}", "qty": 0}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}", "qty": 2.5}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}", "qty": true}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}", "qty": "lots"}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}"}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}", "qty": 1e400}}', 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{plain}", "qty": "%s"}}' % ("9" * 5000), 400, "from 1 to 99"),
        ('{"cartItem": {"sku": "{dressy}", "qty": 1}}', 400, "Choose a size"),
        ('{"cartItem": {"sku": "{plain}", "qty": 1, "product_option": 3}}', 400, "JSON object"),
    ],
)
def test_bad_cart_items_are_refused_without_writing(
    api: ApiClient,
    conn: sqlite3.Connection,
    plain: sqlite3.Row,
    dressy: sqlite3.Row,
    body: str,
    status: int,
    says: str,
) -> None:
    api.sign_in("customer", EMMA)
    before = conn.total_changes
    text = body.replace("{plain}", plain["sku"]).replace("{dressy}", dressy["sku"])
    response = api.post(
        "/carts/mine/items", data=text, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == status, response.get_json()
    assert says in response.get_json()["message"]
    assert conn.total_changes == before


def test_more_than_in_stock_is_refused_both_ways(
    api: ApiClient, client: FlaskClient, auth, post, conn: sqlite3.Connection, plain
) -> None:
    conn.execute(
        "UPDATE stock_items SET qty = 3, is_in_stock = 1 WHERE product_id = ?", (plain["id"],)
    )
    conn.commit()
    api.sign_in("customer", EMMA)
    response = api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 4}})
    assert response.status_code == 400
    message = response.get_json()["message"]
    assert message == f"Only 3 of {plain['name']} are in stock; you asked for 4."
    auth.login()
    page = post("/cart/add", {"product_id": plain["id"], "quantity": "4"})
    assert page.status_code == 400 and message.encode() in page.data
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE user_id = 1").fetchone()[0] == 0


def test_unknown_routes_and_methods_are_json_404s(api: ApiClient) -> None:
    for method, path in (
        ("GET", "/no/such/thing"),
        ("PUT", "/categories"),
        ("GET", "/carts/mine/items/x"),
    ):
        response = api.call(method, path)
        assert response.status_code == 404, path
        assert response.get_json() == {"message": "Request does not match any route."}


# --- catalog ------------------------------------------------------------------------------


def _has_page_count(conn: sqlite3.Connection) -> int:
    return conn.execute(
        f"SELECT COUNT(*) FROM {availability.PRODUCTS} WHERE {availability.HAS_PAGE}"
    ).fetchone()[0]


def test_products_page_through_search_criteria(api: ApiClient, conn: sqlite3.Connection) -> None:
    response = api.get("/products?searchCriteria[pageSize]=5&searchCriteria[currentPage]=2")
    body = response.get_json()
    ids = [row[0] for row in conn.execute("SELECT id FROM products ORDER BY id LIMIT 5 OFFSET 5")]
    assert [item["id"] for item in body["items"]] == ids
    assert body["total_count"] == _has_page_count(conn)
    assert body["search_criteria"] == {"filter_groups": [], "page_size": 5, "current_page": 2}
    last = -(-body["total_count"] // 5)
    assert (
        api.get(
            f"/products?searchCriteria[pageSize]=5&searchCriteria[currentPage]={last + 1}"
        ).get_json()["items"]
        == []
    )
    assert len(api.get("/products").get_json()["items"]) == 20  # the default page size


def test_products_filter_groups_and_sort_orders(api: ApiClient, conn: sqlite3.Connection) -> None:
    query = (
        "searchCriteria[filterGroups][0][filters][0][field]=name"
        "&searchCriteria[filterGroups][0][filters][0][value]=%25mug%25"
        "&searchCriteria[filterGroups][0][filters][0][conditionType]=like"
        "&searchCriteria[filterGroups][0][filters][1][field]=name"
        "&searchCriteria[filterGroups][0][filters][1][value]=%25kettle%25"
        "&searchCriteria[filterGroups][0][filters][1][conditionType]=like"
        "&searchCriteria[filterGroups][1][filters][0][field]=price"
        "&searchCriteria[filterGroups][1][filters][0][value]=15"
        "&searchCriteria[filterGroups][1][filters][0][conditionType]=gteq"
        "&searchCriteria[sortOrders][0][field]=price&searchCriteria[sortOrders][0][direction]=DESC"
        "&searchCriteria[pageSize]=300"
    )
    body = api.get(f"/products?{query}").get_json()
    expected = conn.execute(
        "SELECT id FROM products WHERE (name LIKE '%mug%' OR name LIKE '%kettle%')"
        " AND price_cents >= 1500 ORDER BY price_cents DESC, id"
    ).fetchall()
    assert [item["id"] for item in body["items"]] == [row[0] for row in expected]
    assert body["total_count"] == len(expected) > 1
    assert body["search_criteria"]["sort_orders"] == [{"field": "price", "direction": "DESC"}]


@pytest.mark.parametrize(
    "query",
    [
        "searchCriteria[pageSize]=0",
        "searchCriteria[pageSize]=301",
        "searchCriteria[pageSize]=abc",
        "searchCriteria[currentPage]=-1",
        "searchCriteria[filterGroups][0][filters][0][field]=password_hash",
        "searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][conditionType]=regexp",
        "searchCriteria[filterGroups][0][filters][0][field]=price&searchCriteria[filterGroups][0][filters][0][value]=cheap",
        "searchCriteria[filterGroups][x][filters][0][field]=sku",
        "searchCriteria[sortOrders][0][field]=sku&searchCriteria[sortOrders][0][direction]=UP",
        "searchCriteria[sortOrders][0][field]=qty",
        "searchCriteria[nonsense]=1",
        "searchCriteria[filterGroups][0][filters][0][field]=price"
        "&searchCriteria[filterGroups][0][filters][0][value]=1e1000000000",
        "searchCriteria[filterGroups][0][filters][0][field]=status",
    ],
)
def test_malformed_search_criteria_are_400s(api: ApiClient, query: str) -> None:
    response = api.get(f"/products?{query}")
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["message"]


def test_hidden_and_disabled_products_are_invisible_both_ways(
    api: ApiClient, client: FlaskClient, auth, post, conn: sqlite3.Connection, plain, dressy
) -> None:
    conn.execute("UPDATE product_attributes SET enabled = 0 WHERE product_id = ?", (plain["id"],))
    conn.execute(
        "UPDATE product_attributes SET visibility = 'Not Visible Individually'"
        " WHERE product_id = ?",
        (dressy["id"],),
    )
    conn.commit()
    total = api.get("/products").get_json()["total_count"]
    assert (
        total
        == _has_page_count(conn)
        == conn.execute("SELECT COUNT(*) FROM products").fetchone()[0] - 2
    )
    api.sign_in("customer", EMMA)
    for product in (plain, dressy):
        assert api.get(f"/products/{product['sku']}").status_code == 404
        assert client.get(f"/product/{product['slug']}").status_code == 404
        added = api.post("/carts/mine/items", {"cartItem": {"sku": product["sku"], "qty": 1}})
        assert added.status_code == 404
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    assert conn.execute("SELECT COUNT(*) FROM cart_items WHERE user_id = 1").fetchone()[0] == 0


def test_a_customer_sees_a_special_price_only_while_it_applies(
    api: ApiClient, conn: sqlite3.Connection, plain: sqlite3.Row
) -> None:
    def special() -> dict[str, object]:
        item = api.get(f"/products/{plain['sku']}").get_json()
        codes = {a["attribute_code"]: a["value"] for a in item["custom_attributes"]}
        return {
            "final": item["extension_attributes"]["final_price"],
            "special": codes.get("special_price"),
        }

    cents = plain["price_cents"] - 100
    conn.execute(
        "UPDATE product_attributes SET special_price_cents = ?, special_from = '2024-07-01'"
        " WHERE product_id = ?",
        (cents, plain["id"]),
    )
    conn.commit()
    assert special() == {"final": plain["price_cents"] / 100, "special": None}
    conn.execute(
        "UPDATE product_attributes SET special_from = '2024-06-01' WHERE product_id = ?",
        (plain["id"],),
    )
    conn.commit()
    assert special() == {"final": cents / 100, "special": str(cents / 100)}


def test_the_category_tree_counts_what_the_category_pages_list(
    api: ApiClient, client: FlaskClient
) -> None:
    tree = api.get("/categories").get_json()
    top = tree["children_data"][0]
    assert (top["name"], top["level"], top["parent_id"]) == ("Electronics", 1, 0)
    assert top["product_count"] == sum(child["product_count"] for child in top["children_data"])
    page = client.get(f"/category/{top['url_key']}").get_data(as_text=True)
    assert f"of {top['product_count']}</p>" in page


# --- the same cart and order through the API and through the pages ------------------------


def test_the_same_cart_through_the_api_and_the_pages_gives_the_same_rows(
    client: FlaskClient,
    auth,
    post,
    conn: sqlite3.Connection,
    other_world: OtherWorld,
    plain,
    dressy,
) -> None:
    auth.login()
    post("/cart/add", {"product_id": plain["id"], "quantity": "1"})
    options = _options(dressy)["extension_attributes"]["configurable_item_options"]  # type: ignore[index]
    post(
        "/cart/add",
        {
            "product_id": dressy["id"],
            "quantity": "2",
            "size": options[0]["option_value"],
            "colour": options[1]["option_value"],
        },
    )
    line = conn.execute("SELECT id FROM cart_items WHERE user_id = 1 ORDER BY id").fetchone()[0]
    post(f"/cart/items/{line}/update", {"quantity": "3"})
    post("/cart/coupon", {"coupon_code": "save10"})

    api = other_world.api
    api.sign_in("customer", EMMA)
    assert api.post("/carts/mine").get_json() == 1
    assert (
        api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 1}}).status_code
        == 200
    )
    dressed = api.post(
        "/carts/mine/items",
        {"cartItem": {"sku": dressy["sku"], "qty": 2, "product_option": _options(dressy)}},
    )
    assert dressed.get_json()["product_option"] == _options(dressy)
    updated = api.put(f"/carts/mine/items/{line}", {"cartItem": {"qty": 3}})
    assert updated.get_json()["qty"] == 3
    assert api.put("/carts/mine/coupons/save10").get_json() is True
    assert api.get("/carts/mine/coupons").get_json() == "SAVE10"

    assert table_rows(other_world.conn, *CART_TABLES) == table_rows(conn, *CART_TABLES)
    totals = api.get("/carts/mine/totals").get_json()
    page = client.get("/cart").get_data(as_text=True)
    for amount in (totals["subtotal"], -totals["discount_amount"], totals["grand_total"]):
        assert f"${amount:,.2f}" in page
    assert [item["item_id"] for item in api.get("/carts/mine").get_json()["items"]] == [
        row[0] for row in conn.execute("SELECT id FROM cart_items WHERE user_id = 1 ORDER BY id")
    ]

    removed = conn.execute("SELECT MAX(id) FROM cart_items WHERE user_id = 1").fetchone()[0]
    post(f"/cart/items/{removed}/remove")
    post("/cart/coupon/remove")
    assert api.delete(f"/carts/mine/items/{removed}").get_json() is True
    assert api.delete("/carts/mine/coupons").get_json() is True
    assert table_rows(other_world.conn, *CART_TABLES) == table_rows(conn, *CART_TABLES)
    assert api.delete(f"/carts/mine/items/{removed}").status_code == 404


def test_a_coupon_refused_on_the_page_is_refused_by_the_api(
    api: ApiClient, auth, post, plain, conn: sqlite3.Connection
) -> None:
    api.sign_in("customer", EMMA)
    api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 1}})
    for code in ("SPRING15", "BIG25", "NOPE"):
        response = api.put(f"/carts/mine/coupons/{code}")
        assert response.status_code == 400
        auth.login()
        page = post("/cart/coupon", {"coupon_code": code})
        assert page.status_code == 400
        assert response.get_json()["message"].encode() in page.data
    assert conn.execute("SELECT cart_coupon FROM users WHERE id = 1").fetchone()[0] is None


def _fill_cart_both_ways(post, api: ApiClient, plain: sqlite3.Row, dressy: sqlite3.Row) -> None:
    post("/cart/add", {"product_id": plain["id"], "quantity": "2"})
    post(
        "/cart/add",
        {
            "product_id": dressy["id"],
            "quantity": "1",
            "size": dressy["sizes"].split(",")[0],
            "colour": dressy["colours"].split(",")[-1],
        },
    )
    post("/cart/coupon", {"coupon_code": "SAVE10"})
    api.sign_in("customer", EMMA)
    api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 2}})
    api.post(
        "/carts/mine/items",
        {"cartItem": {"sku": dressy["sku"], "qty": 1, "product_option": _options(dressy)}},
    )
    api.put("/carts/mine/coupons/SAVE10")


def test_the_same_order_through_the_api_and_the_checkout_gives_the_same_rows(
    auth, post, conn: sqlite3.Connection, other_world: OtherWorld, plain, dressy
) -> None:
    auth.login()
    _fill_cart_both_ways(post, other_world.api, plain, dressy)
    placed = post("/checkout", {"address_id": "2", "shipping_method": "express"})
    assert placed.status_code == 302
    response = other_world.api.post(
        "/carts/mine/payment-information",
        {
            "paymentMethod": {"method": "checkmo"},
            "addressInformation": {
                "shipping_method_code": "express",
                "shipping_address": {"customer_address_id": 2},
            },
        },
    )
    assert response.status_code == 200, response.get_json()
    order_id = response.get_json()
    assert table_rows(other_world.conn, *ORDER_TABLES) == table_rows(conn, *ORDER_TABLES)
    order = other_world.api.get(f"/orders/{order_id}").get_json()
    row = conn.execute("SELECT * FROM orders WHERE id = ?", (order_id,)).fetchone()
    assert order["increment_id"] == row["number"] and order["status"] == "pending"
    assert order["grand_total"] == row["total_cents"] / 100
    assert order["discount_amount"] == -row["discount_cents"] / 100 < 0
    assert (
        order["extension_attributes"]["shipping_assignments"][0]["shipping"]["method"] == "express"
    )


def test_a_new_address_saved_at_checkout_is_the_same_both_ways(
    auth, post, conn: sqlite3.Connection, other_world: OtherWorld, plain, dressy
) -> None:
    auth.login()
    _fill_cart_both_ways(post, other_world.api, plain, dressy)
    address = {
        "full_name": "Emma Q Lopez", "street": "1 Elm Street", "city": "Reno", "state": "NV",
        "postcode": "89501", "country": "United States", "phone": "(775) 555-0100",
    }  # fmt: skip
    post(
        "/checkout",
        {"address_id": "new", "shipping_method": "standard", "save_address": "1", **address},
    )
    response = other_world.api.post(
        "/carts/mine/payment-information",
        {
            "paymentMethod": {"method": "checkmo"},
            "addressInformation": {
                "shipping_address": {
                    "firstname": "Emma",
                    "lastname": "Q Lopez",
                    "street": ["1 Elm Street"],
                    "city": "Reno",
                    "region": {"region": "NV"},
                    "postcode": "89501",
                    "country_id": "US",
                    "telephone": "(775) 555-0100",
                    "save_in_address_book": 1,
                }
            },
        },
    )
    assert response.status_code == 200, response.get_json()
    assert table_rows(other_world.conn, *ORDER_TABLES) == table_rows(conn, *ORDER_TABLES)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({}, "Payment Method"),
        ({"paymentMethod": {"method": "free"}}, "Payment Method"),
        (
            {
                "paymentMethod": {"method": "checkmo"},
                "addressInformation": {"shipping_method_code": "drone"},
            },
            "shipping method",
        ),
        (
            {
                "paymentMethod": {"method": "checkmo"},
                "addressInformation": {"shipping_address": {"customer_address_id": 99999}},
            },
            "saved addresses",
        ),
        (
            {
                "paymentMethod": {"method": "checkmo"},
                "addressInformation": {"shipping_address": {"firstname": "A"}},
            },
            "is required",
        ),
        ({"paymentMethod": {"method": "checkmo"}, "addressInformation": []}, "JSON object"),
    ],
)
def test_a_refused_checkout_writes_nothing(
    api: ApiClient, conn: sqlite3.Connection, plain, body: dict, says: str
) -> None:
    api.sign_in("customer", EMMA)
    api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 1}})
    before = table_rows(conn, *ORDER_TABLES)
    response = api.post("/carts/mine/payment-information", body)
    assert response.status_code == 400
    assert says in response.get_json()["message"]
    assert table_rows(conn, *ORDER_TABLES) == before


def test_an_empty_cart_or_one_over_stock_cannot_be_ordered(
    api: ApiClient, conn: sqlite3.Connection, plain
) -> None:
    api.sign_in("customer", EMMA)
    pay = {"paymentMethod": {"method": "checkmo"}}
    assert "cart is empty" in api.post("/carts/mine/payment-information", pay).get_json()["message"]
    api.post("/carts/mine/items", {"cartItem": {"sku": plain["sku"], "qty": 2}})
    conn.execute("UPDATE stock_items SET qty = 1 WHERE product_id = ?", (plain["id"],))
    conn.commit()
    response = api.post("/carts/mine/payment-information", pay)
    assert response.status_code == 400 and "Only 1 of" in response.get_json()["message"]
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM orders WHERE user_id = 1 AND created_at = '2024-06-15 12:00:00'"
        ).fetchone()[0]
        == 0
    )


# --- the customer's orders -----------------------------------------------------------------


def test_a_customer_lists_and_reads_only_their_own_orders(
    api: ApiClient, client: FlaskClient, auth, conn: sqlite3.Connection
) -> None:
    api.sign_in("customer", EMMA)
    body = api.get("/orders?searchCriteria[pageSize]=10").get_json()
    own = conn.execute(
        "SELECT id FROM orders WHERE user_id = 1 ORDER BY created_at DESC, id DESC"
    ).fetchall()
    assert body["total_count"] == len(own)
    assert [item["entity_id"] for item in body["items"]] == [row[0] for row in own[:10]]
    assert {item["customer_id"] for item in body["items"]} == {1}
    theirs = conn.execute("SELECT id, number FROM orders WHERE user_id != 1 LIMIT 1").fetchone()
    assert api.get(f"/orders/{theirs[0]}").status_code == 404
    auth.login()
    assert client.get(f"/account/orders/{theirs[1]}").status_code == 404
    assert api.get(f"/orders/{own[0][0]}").status_code == 200
    assert "status_histories" not in api.get(f"/orders/{own[0][0]}").get_json()


def test_a_customer_filters_orders_by_status(api: ApiClient, conn: sqlite3.Connection) -> None:
    api.sign_in("customer", EMMA)
    query = (
        "searchCriteria[filterGroups][0][filters][0][field]=status"
        "&searchCriteria[filterGroups][0][filters][0][value]=complete"
    )
    body = api.get(f"/orders?{query}").get_json()
    count = conn.execute(
        "SELECT COUNT(*) FROM orders WHERE user_id = 1 AND status = 'Complete'"
    ).fetchone()[0]
    assert body["total_count"] == count > 0
    assert {item["status"] for item in body["items"]} == {"complete"}


def test_api_reads_write_nothing(api: ApiClient, conn: sqlite3.Connection, app: Flask) -> None:
    api.sign_in("customer", EMMA)
    before = conn.total_changes
    for path in (
        "/products",
        "/products/EL-39984",
        "/categories",
        "/customers/me",
        "/carts/mine",
        "/carts/mine/totals",
        "/orders",
        "/orders/1",
    ):
        assert api.get(path).status_code in (200, 404), path
    assert conn.total_changes == before
