"""The back office's REST API (/rest/V1): staff tokens and roles, order actions, product
updates and customer search, against the back-office pages."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from flask.testing import FlaskClient

from webenv.sites.shop.admin import products

from ..conftest import ApiClient, OtherWorld, table_rows

ORDER_TABLES = (
    "orders",
    "invoices",
    "shipments",
    "order_status_history",
    "order_holds",
    "stock_items",
)
PRODUCT_TABLES = ("products", "product_attributes", "stock_items")
PENDING = (652, "100652")
"""A Pending order of the canonical world, neither invoiced nor shipped."""


def _order_rows(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    return table_rows(conn, *ORDER_TABLES)


# --- tokens, sessions and roles -----------------------------------------------------------


def test_staff_tokens_for_active_staff_only(api: ApiClient, conn: sqlite3.Connection) -> None:
    assert len(api.sign_in("admin", "sam.patel")) == 32
    for body in (
        {"username": "lee.morgan", "password": "webenv-demo"},
        {"username": "admin", "password": "x"},
    ):
        response = api.post("/integration/admin/token", body)
        assert response.status_code == 401
    assert (
        api.post(
            "/integration/admin/token", {"username": "emma.lopez", "password": "webenv-demo"}
        ).status_code
        == 401
    )
    rows = conn.execute("SELECT kind, user_id FROM api_tokens").fetchall()
    assert [tuple(row) for row in rows] == [("admin", 3)]


def test_a_customer_token_opens_no_staff_endpoint(api: ApiClient) -> None:
    api.sign_in("customer", "emma.lopez")
    assert api.put("/products/EL-39984", {"product": {"price": 1}}).status_code == 401
    assert api.get("/customers/search").status_code == 401
    assert api.post(f"/order/{PENDING[0]}/invoice").status_code == 401


def test_logging_out_of_the_back_office_revokes_the_staff_users_tokens(
    api: ApiClient, staff
) -> None:
    api.sign_in("admin", "admin")
    assert api.get("/orders").status_code == 200
    staff.login()
    staff.logout()
    assert api.get("/orders").status_code == 401


def test_the_staff_session_cookie_authenticates_staff_endpoints(
    api: ApiClient, staff, conn: sqlite3.Connection
) -> None:
    assert api.get("/orders").status_code == 401
    staff.login()
    body = api.get("/orders?searchCriteria[pageSize]=3").get_json()
    assert body["total_count"] == conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    newest = conn.execute(
        "SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 3"
    ).fetchall()
    assert [item["entity_id"] for item in body["items"]] == [row[0] for row in newest]
    assert "status_histories" in body["items"][0]
    response = api.post(f"/orders/{PENDING[0]}/hold")  # no CSRF token: a JSON write
    assert response.status_code == 200 and response.get_json() is True


@pytest.mark.parametrize(
    ("method", "path", "page", "form"),
    [
        ("GET", "/orders", "/admin/sales/orders", None),
        ("GET", f"/orders/{PENDING[0]}", f"/admin/sales/orders/{PENDING[1]}", None),
        ("POST", f"/order/{PENDING[0]}/invoice", f"/admin/sales/orders/{PENDING[1]}/invoice", {}),
        ("POST", f"/orders/{PENDING[0]}/cancel", f"/admin/sales/orders/{PENDING[1]}/cancel", {}),
        ("GET", "/customers/search", "/admin/customers", None),
        ("GET", "/customers/1", "/admin/customers/1", None),
    ],
)
def test_a_catalog_manager_is_refused_the_same_both_ways(
    api: ApiClient,
    client: FlaskClient,
    staff,
    admin_post,
    conn: sqlite3.Connection,
    method: str,
    path: str,
    page: str,
    form: dict | None,
) -> None:
    before = table_rows(conn, *ORDER_TABLES, "api_tokens")
    api.sign_in("admin", "sam.patel")
    refused = api.call(method, path)
    assert refused.status_code == 403
    message = refused.get_json()["message"]
    assert message == (
        "Your role (Catalog Managers) does not have access to "
        f"{'Sales' if 'order' in path else 'Customers'}. Ask an administrator for access."
    )
    api.token = None
    staff.login("sam.patel")
    shown = client.get(page) if form is None else admin_post(page, form)
    assert shown.status_code == 403
    assert message in shown.get_data(as_text=True)
    after = table_rows(conn, *ORDER_TABLES, "api_tokens")
    assert after["api_tokens"] != before["api_tokens"]
    assert {t: after[t] for t in ORDER_TABLES} == {t: before[t] for t in ORDER_TABLES}


# --- order actions: the same rows both ways -----------------------------------------------


def test_invoice_and_ship_give_the_same_rows_both_ways(
    staff, admin_post, conn: sqlite3.Connection, other_world: OtherWorld
) -> None:
    order_id, number = PENDING
    staff.login()
    assert admin_post(f"/admin/sales/orders/{number}/invoice").status_code == 302
    shipped = admin_post(
        f"/admin/sales/orders/{number}/ship",
        {"carrier": "FedEx", "tracking_number": "FX-1234-5678", "comment": "Left at the door."},
    )
    assert shipped.status_code == 302
    api = other_world.api
    api.sign_in("admin", "admin")
    invoice_id = api.post(f"/order/{order_id}/invoice", {"capture": True}).get_json()
    shipment = api.post(
        f"/order/{order_id}/ship",
        {
            "notify": True,
            "tracks": [{"carrier_code": "fedex", "title": "FedEx", "track_number": "FX-1234-5678"}],
            "comment": {"comment": "Left at the door.", "is_visible_on_front": 1},
        },
    )
    assert shipment.status_code == 200, shipment.get_json()
    assert _order_rows(other_world.conn) == _order_rows(conn)
    order = api.get(f"/orders/{order_id}").get_json()
    assert order["status"] == "complete"
    assert order["extension_attributes"]["invoices"][0]["entity_id"] == invoice_id
    track = order["extension_attributes"]["shipments"][0]["tracks"][0]
    assert (track["title"], track["track_number"]) == ("FedEx", "FX-1234-5678")
    assert order["status_histories"][0]["extension_attributes"]["author"] == "admin"


@pytest.mark.parametrize("action", ["cancel", "hold"])
def test_cancel_and_hold_give_the_same_rows_both_ways(
    staff, admin_post, conn: sqlite3.Connection, other_world: OtherWorld, action: str
) -> None:
    order_id, number = PENDING
    staff.login()
    admin_post(f"/admin/sales/orders/{number}/{action}")
    admin_post(
        f"/admin/sales/orders/{number}/comment", {"comment": "Called the customer.", "notify": "1"}
    )
    api = other_world.api
    api.sign_in("admin", "admin")
    assert api.post(f"/orders/{order_id}/{action}").get_json() is True
    comment = {"statusHistory": {"comment": "Called the customer.", "is_customer_notified": 1}}
    assert api.post(f"/orders/{order_id}/comments", comment).get_json() is True
    assert _order_rows(other_world.conn) == _order_rows(conn)
    expected = "canceled" if action == "cancel" else "holded"
    assert api.get(f"/orders/{order_id}").get_json()["status"] == expected


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("cancel", "cancel"),
        ("cancel", "invoice"),
        ("invoice", "cancel"),
        ("hold", "invoice"),
        ("invoice", "invoice"),
    ],
)
def test_a_refused_action_is_refused_the_same_both_ways(
    api: ApiClient, staff, admin_post, conn: sqlite3.Connection, first: str, then: str
) -> None:
    order_id, number = PENDING
    api.sign_in("admin", "admin")
    path = {"invoice": f"/order/{order_id}/invoice"}.get(then, f"/orders/{order_id}/{then}")
    assert (
        api.post(
            {"invoice": f"/order/{order_id}/invoice"}.get(first, f"/orders/{order_id}/{first}")
        ).status_code
        == 200
    )
    before = _order_rows(conn)
    refused = api.post(path)
    assert refused.status_code == 400
    staff.login()
    page = admin_post(f"/admin/sales/orders/{number}/{then}")
    assert page.status_code == 400
    assert refused.get_json()["message"] in page.get_data(as_text=True)
    assert _order_rows(conn) == before


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({}, "Carrier must be one of"),
        ({"tracks": [{"title": "Pigeon", "track_number": "ABC123"}]}, "Carrier must be one of"),
        ({"tracks": [{"title": "UPS", "track_number": "!"}]}, "Tracking number"),
        ({"tracks": [{"title": "UPS"}]}, "Tracking number is required"),
        ({"tracks": {"title": "UPS"}}, "tracks must be a list"),
        ({"tracks": ["UPS"]}, "must be a JSON object"),
        (
            {"tracks": [{"title": "UPS", "track_number": "1Z 999"}], "comment": "x"},
            "comment must be a JSON object",
        ),
    ],
)
def test_a_bad_shipment_is_refused_without_writing(
    api: ApiClient, conn: sqlite3.Connection, body: dict, says: str
) -> None:
    api.sign_in("admin", "admin")
    before = conn.total_changes
    response = api.post(f"/order/{PENDING[0]}/ship", body)
    assert response.status_code == 400
    assert says in response.get_json()["message"]
    assert conn.total_changes == before


def test_unknown_orders_are_404s(api: ApiClient) -> None:
    api.sign_in("admin", "admin")
    for method, path in (
        ("GET", "/orders/999999"),
        ("POST", "/order/999999/invoice"),
        ("POST", "/orders/0/cancel"),
    ):
        assert api.call(method, path).status_code == 404, path
    assert api.post(f"/orders/{PENDING[0]}/explode").status_code == 404


def test_staff_filter_orders_by_status_date_and_total(
    api: ApiClient, conn: sqlite3.Connection
) -> None:
    api.sign_in("admin", "admin")
    api.post(f"/orders/{PENDING[0]}/hold")

    def ids(query: str) -> tuple[int, list[int]]:
        body = api.get(f"/orders?{query}&searchCriteria[pageSize]=300").get_json()
        return body["total_count"], [item["entity_id"] for item in body["items"]]

    group = "searchCriteria[filterGroups][{}][filters][0][{}]={}"
    held = "&".join(group.format(0, k, v) for k, v in (("field", "status"), ("value", "holded")))
    expected = [
        row[0] for row in conn.execute("SELECT order_id FROM order_holds ORDER BY order_id DESC")
    ]
    assert sorted(ids(held)[1], reverse=True) == expected and PENDING[0] in expected
    query = "&".join(
        [
            *(
                group.format(0, k, v)
                for k, v in (
                    ("field", "created_at"),
                    ("value", "2024-03-01"),
                    ("conditionType", "from"),
                )
            ),
            *(
                group.format(1, k, v)
                for k, v in (
                    ("field", "created_at"),
                    ("value", "2024-03-31 23:59:59"),
                    ("conditionType", "to"),
                )
            ),
            *(
                group.format(2, k, v)
                for k, v in (("field", "grand_total"), ("value", "100"), ("conditionType", "gt"))
            ),
        ]
    )
    rows = conn.execute(
        "SELECT id FROM orders WHERE created_at BETWEEN '2024-03-01' AND '2024-03-31 23:59:59'"
        " AND total_cents > 10000 ORDER BY created_at DESC, id DESC"
    ).fetchall()
    assert ids(query) == (len(rows), [row[0] for row in rows])
    assert len(rows) > 0


# --- products -----------------------------------------------------------------------------


def test_a_product_update_gives_the_same_rows_as_the_product_form(
    staff, admin_post, conn: sqlite3.Connection, other_world: OtherWorld
) -> None:
    conn.row_factory = sqlite3.Row
    product = products.load(conn, 5)
    assert product is not None
    form = products.form_values(product)
    staff.login("sam.patel")
    changes = {
        "price": "12.50", "enabled": "0", "qty": "7", "in_stock": "1", "visibility": "Search",
        "special_price": "9.99", "special_from": "2024-06-01", "description": "New text.",
    }  # fmt: skip
    assert admin_post("/admin/catalog/products/5", {**form, **changes}).status_code == 302
    api = other_world.api
    api.sign_in("admin", "sam.patel")
    body = {
        "product": {
            "price": 12.5,
            "status": 2,
            "visibility": 3,
            "extension_attributes": {"stock_item": {"qty": 7, "is_in_stock": True}},
            "custom_attributes": [
                {"attribute_code": "special_price", "value": 9.99},
                {"attribute_code": "special_from_date", "value": "2024-06-01"},
                {"attribute_code": "description", "value": "New text."},
            ],
        }
    }
    response = api.put(f"/products/{product['sku']}", body)
    assert response.status_code == 200, response.get_json()
    assert table_rows(other_world.conn, *PRODUCT_TABLES) == table_rows(conn, *PRODUCT_TABLES)
    shown = response.get_json()
    assert (shown["price"], shown["status"], shown["visibility"]) == (12.5, 2, 3)
    assert shown["extension_attributes"]["stock_item"] == {"qty": 7, "is_in_stock": True}
    # Staff still read the disabled product; the storefront no longer has it.
    assert api.get(f"/products/{product['sku']}").status_code == 200
    api.token = None
    assert api.get(f"/products/{product['sku']}").status_code == 404


@pytest.mark.parametrize(
    ("product", "status", "says"),
    [
        ({"price": "cheap"}, 400, "Price must be an amount in dollars"),
        ({"price": -5}, 400, "Price must be an amount in dollars"),
        ({"price": 12.345}, 400, "Price must be an amount in dollars"),
        ({"price": None}, 400, "Price is required"),
        ({"status": 3}, 400, "status must be 1"),
        ({"status": True}, 400, "status must be 1"),
        ({"visibility": [1]}, 400, "visibility must be"),
        ({"weight": 2}, 400, "product has no 'weight'"),
        (
            {"extension_attributes": {"stock_item": {"qty": -1}}},
            400,
            "Quantity must be a whole number",
        ),
        ({"extension_attributes": {"stock_item": {"qty": "9" * 5000}}}, 400, "Quantity must be"),
        ({"extension_attributes": {"stock_item": []}}, 400, "stock_item must be a JSON object"),
        (
            {"custom_attributes": [{"attribute_code": "special_price", "value": 999999}]},
            400,
            "Special Price must be lower",
        ),
        (
            {"custom_attributes": [{"attribute_code": "color", "value": "red"}]},
            400,
            "custom_attributes may set",
        ),
        ({"sku": "EL-76033"}, 400, "already used by another product"),
        ({"name": ""}, 400, "Product Name is required"),
    ],
)
def test_bad_product_updates_are_refused_without_writing(
    api: ApiClient, conn: sqlite3.Connection, product: dict[str, Any], status: int, says: str
) -> None:
    api.sign_in("admin", "admin")
    before = conn.total_changes
    response = api.put("/products/EL-39984", {"product": product})
    assert response.status_code == status, response.get_json()
    assert says in response.get_json()["message"]
    assert conn.total_changes == before


def test_updating_an_unknown_sku_is_a_404(api: ApiClient) -> None:
    api.sign_in("admin", "admin")
    assert api.put("/products/NO-SUCH", {"product": {"price": 1}}).status_code == 404


# --- customers ----------------------------------------------------------------------------


def test_staff_search_customers(api: ApiClient, conn: sqlite3.Connection) -> None:
    api.sign_in("admin", "admin")
    query = (
        "searchCriteria[filterGroups][0][filters][0][field]=email"
        "&searchCriteria[filterGroups][0][filters][0][value]=%25.org"
        "&searchCriteria[filterGroups][0][filters][0][conditionType]=like"
        "&searchCriteria[sortOrders][0][field]=lastname"
    )
    body = api.get(f"/customers/search?{query}&searchCriteria[pageSize]=300").get_json()
    rows = conn.execute(
        "SELECT id FROM users WHERE email LIKE '%.org' ORDER BY last_name, id"
    ).fetchall()
    assert [item["id"] for item in body["items"]] == [row[0] for row in rows]
    assert body["total_count"] == len(rows) > 0
    one = api.get("/customers/1").get_json()
    assert (one["email"], one["extension_attributes"]["username"]) == (
        "emma.lopez@example.org",
        "emma.lopez",
    )
    assert api.get("/customers/999999").status_code == 404


# --- reviews ------------------------------------------------------------------------------

REVIEW_TABLES = ("reviews", "review_queue", "products")


def _pending(conn: sqlite3.Connection) -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(
        "SELECT * FROM review_queue WHERE status = 'Pending' ORDER BY id LIMIT 1"
    ).fetchone()


def test_approving_a_review_gives_the_same_rows_both_ways(
    staff, admin_post, conn: sqlite3.Connection, other_world: OtherWorld
) -> None:
    review = _pending(conn)
    staff.login("sam.patel")
    form = {
        "status": "Approved",
        "rating": str(review["rating"]),
        "title": review["title"],
        "body": "Edited.",
    }
    assert admin_post(f"/admin/reviews/queued/{review['id']}", form).status_code == 302
    api = other_world.api
    api.sign_in("admin", "sam.patel")
    response = api.put(
        f"/reviews/queued/{review['id']}", {"review": {"status": "Approved", "detail": "Edited."}}
    )
    assert response.status_code == 200, response.get_json()
    assert table_rows(other_world.conn, *REVIEW_TABLES) == table_rows(conn, *REVIEW_TABLES)
    published = other_world.conn.execute("SELECT MAX(id) FROM reviews").fetchone()[0]
    assert api.delete(f"/reviews/published/{published}").get_json() is True
    admin_post(f"/admin/reviews/published/{published}/delete")
    assert table_rows(other_world.conn, *REVIEW_TABLES) == table_rows(conn, *REVIEW_TABLES)


def test_staff_list_reviews_by_status(api: ApiClient, conn: sqlite3.Connection) -> None:
    api.sign_in("admin", "sam.patel")
    query = (
        "searchCriteria[filterGroups][0][filters][0][field]=status"
        "&searchCriteria[filterGroups][0][filters][0][value]=pending&searchCriteria[pageSize]=300"
    )
    body = api.get(f"/reviews?{query}").get_json()
    rows = conn.execute("SELECT id FROM review_queue WHERE status = 'Pending'").fetchall()
    assert body["total_count"] == len(rows) > 0
    assert sorted(item["id"] for item in body["items"]) == sorted(
        f"queued/{row[0]}" for row in rows
    )
    assert (
        api.get("/reviews").get_json()["total_count"]
        == conn.execute(
            "SELECT (SELECT COUNT(*) FROM reviews) + (SELECT COUNT(*) FROM review_queue)"
        ).fetchone()[0]
    )


@pytest.mark.parametrize(
    ("review", "says"),
    [
        ({"status": "Great"}, "Status must be one of"),
        ({"rating": 6}, "Rating must be a whole number"),
        ({"rating": "x"}, "Rating must be a whole number"),
        ({"title": ""}, "Summary of Review is required"),
    ],
)
def test_bad_review_changes_are_refused_without_writing(
    api: ApiClient, conn: sqlite3.Connection, review: dict, says: str
) -> None:
    pending = _pending(conn)
    api.sign_in("admin", "admin")
    before = conn.total_changes
    response = api.put(f"/reviews/queued/{pending['id']}", {"review": review})
    assert response.status_code == 400
    assert says in response.get_json()["message"]
    assert conn.total_changes == before


def test_reviews_need_a_moderator(api: ApiClient, conn: sqlite3.Connection) -> None:
    pending = _pending(conn)
    assert api.get("/reviews").status_code == 401
    api.sign_in("customer", "emma.lopez")
    assert (
        api.put(f"/reviews/queued/{pending['id']}", {"review": {"status": "Approved"}}).status_code
        == 401
    )
    api.sign_in("admin", "admin")
    assert api.put("/reviews/queued/999999", {"review": {"status": "Approved"}}).status_code == 404
    assert api.delete("/reviews/other/1").status_code == 404
