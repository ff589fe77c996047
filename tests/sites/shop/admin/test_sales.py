"""Sales: the orders, invoices and shipments grids, the order view and its actions."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html
from markupsafe import escape


@pytest.fixture(autouse=True)
def signed_in(staff) -> None:
    staff.login()


def grid_rows(client: FlaskClient, url: str) -> tuple[int, list[list[str]]]:
    """The grid's record count and the cells of its rows on the page."""
    response = client.get(url)
    assert response.status_code == 200, response.data[:500]
    tree = html.fromstring(response.data)
    count_text = tree.cssselect("p.result-count")[0].text_content()
    match = re.match(r"(\d+) records found", count_text)
    total = int(match.group(1)) if match else 0
    rows = [
        [cell.text_content().strip() for cell in row.cssselect("td")]
        for row in tree.cssselect("table.grid tbody tr")
    ]
    return total, rows


def test_orders_grid_lists_newest_first_twenty_a_page(client, conn) -> None:
    total, rows = grid_rows(client, "/admin/sales/orders")
    assert total == conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    newest = [
        row[0]
        for row in conn.execute(
            "SELECT number FROM orders ORDER BY created_at DESC, id DESC LIMIT 20"
        )
    ]
    assert [row[0] for row in rows] == newest


@pytest.mark.parametrize(
    ("query", "sql", "params"),
    [
        ("status=Complete", "o.status = ?", ["Complete"]),
        ("number=1001", "o.number LIKE ?", ["%1001%"]),
        ("ship_name=lopez", "o.ship_name LIKE ?", ["%lopez%"]),
        ("total_from=100&total_to=150.50", "o.total_cents BETWEEN ? AND ?", [10000, 15050]),
        (
            "created_from=2024-03-01&created_to=03/31/2024",
            "substr(o.created_at, 1, 10) BETWEEN ? AND ?",
            ["2024-03-01", "2024-03-31"],
        ),
        (
            "status=Canceled&total_from=50",
            "o.status = ? AND o.total_cents >= ?",
            ["Canceled", 5000],
        ),
    ],
)
def test_orders_grid_filters(client, conn: sqlite3.Connection, query, sql, params) -> None:
    expected = conn.execute(
        f"SELECT number FROM orders o WHERE {sql} ORDER BY created_at DESC, id DESC", params
    ).fetchall()
    total, rows = grid_rows(client, f"/admin/sales/orders?{query}&limit=200")
    assert total == len(expected) > 0
    assert [row[0] for row in rows] == [number for (number,) in expected][:200]


def test_bill_to_name_filter_reads_billing_details(client, conn) -> None:
    number, bill_name = conn.execute(
        "SELECT o.number, b.bill_name FROM orders o JOIN order_billing b ON b.order_id = o.id"
        " WHERE b.bill_name != o.ship_name ORDER BY o.id LIMIT 1"
    ).fetchone()
    _, rows = grid_rows(client, f"/admin/sales/orders?bill_name={bill_name}&limit=200")
    assert number in [row[0] for row in rows]
    assert all(row[2] == bill_name for row in rows)


def test_keyword_search_needs_every_word(client, conn) -> None:
    email, first, _last = conn.execute(
        "SELECT email, first_name, last_name FROM users WHERE id = 7"
    ).fetchone()
    expected = {number for (number,) in conn.execute("SELECT number FROM orders WHERE user_id = 7")}
    _, rows = grid_rows(client, f"/admin/sales/orders?search={email}&limit=200")
    assert expected <= {row[0] for row in rows}
    total, _ = grid_rows(client, f"/admin/sales/orders?search={first}+zzqqxx")
    assert total == 0


def test_sorting_and_paging(client, conn) -> None:
    totals = [
        cents
        for (cents,) in conn.execute("SELECT total_cents FROM orders ORDER BY total_cents, id")
    ]
    _, rows = grid_rows(client, "/admin/sales/orders?sort=total&dir=asc&limit=30&page=2")
    assert len(rows) == 30
    shown = [int(row[4].replace("$", "").replace(",", "").replace(".", "")) for row in rows]
    assert shown == totals[30:60]
    _, rows = grid_rows(client, "/admin/sales/orders?sort=total&dir=desc")
    assert int(rows[0][4].replace("$", "").replace(",", "").replace(".", "")) == totals[-1]
    assert client.get("/admin/sales/orders?page=999").status_code == 404


@pytest.mark.parametrize(
    "url", ["/admin/sales/orders", "/admin/catalog/products", "/admin/customers"]
)
def test_per_page_offers_every_page_size_and_keeps_the_choice(client, url) -> None:
    tree = html.fromstring(client.get(f"{url}?limit=50").data)
    options = tree.cssselect("select[name=limit] option")
    assert [option.get("value") for option in options] == ["20", "30", "50", "100", "200"]
    assert [option.get("value") for option in options if option.get("selected") is not None] == [
        "50"
    ]


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("total_from=lots", "total_from", "Grand Total from must be an amount in dollars"),
        ("created_to=yesterday", "created_to", "Purchase Date to must be a date"),
        ("created_from=2024-05-01&created_to=2024-04-01", "created_to", "must not be before"),
        ("status=Lost", "status", "Status must be one of"),
        ("search=" + "x" * 300, "search", "Keywords must be at most 200"),
    ],
)
def test_bad_filter_values_are_reported_and_ignored(client, query, field, message) -> None:
    response = client.get(f"/admin/sales/orders?{query}&sort=nope&dir=up&limit=7")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert message in text
    assert f'id="f-{field}" ' in text and 'aria-invalid="true"' in text


def test_status_filter_finds_orders_on_hold(client, admin_post) -> None:
    admin_post("/admin/sales/orders/100652/hold")
    _, rows = grid_rows(client, "/admin/sales/orders?status=On+Hold")
    assert [(row[0], row[5]) for row in rows] == [("100652", "On Hold")]


def _order(conn: sqlite3.Connection, status: str) -> str:
    return conn.execute(
        "SELECT number FROM orders WHERE status = ? ORDER BY id DESC LIMIT 1", (status,)
    ).fetchone()[0]


def _status(conn: sqlite3.Connection, number: str) -> str:
    return conn.execute("SELECT status FROM orders WHERE number = ?", (number,)).fetchone()[0]


def test_order_view_shows_items_totals_addresses_and_history(client, conn) -> None:
    number = _order(conn, "Complete")
    page = client.get(f"/admin/sales/orders/{number}").get_data(as_text=True)
    order = conn.execute("SELECT * FROM orders WHERE number = ?", (number,)).fetchone()
    for item in conn.execute(
        "SELECT product_name, sku FROM order_items WHERE order_id = ?", (order[0],)
    ):
        assert str(escape(item[0])) in page
        assert item[1] in page
    shipment = conn.execute(
        "SELECT carrier, tracking_number FROM shipments WHERE order_id = ?", (order[0],)
    ).fetchone()
    assert shipment[1] in page and shipment[0] in page
    assert "Order placed." in page and "Delivered to the customer." in page
    assert "Payment Method" in page and "Grand Total" in page


def test_pending_order_lifecycle(client, conn, admin_post) -> None:
    number = _order(conn, "Pending")
    assert admin_post(f"/admin/sales/orders/{number}/hold").status_code == 302
    page = client.get(f"/admin/sales/orders/{number}").get_data(as_text=True)
    assert "<dd>On Hold</dd>" in page and "Order put on hold." in page
    response = admin_post(f"/admin/sales/orders/{number}/invoice")
    assert response.status_code == 400
    assert b"is on hold; release it from hold first" in response.data
    assert admin_post(f"/admin/sales/orders/{number}/unhold").status_code == 302
    assert _status(conn, number) == "Pending"
    assert admin_post(f"/admin/sales/orders/{number}/invoice").status_code == 302
    assert _status(conn, number) == "Processing"
    response = admin_post(f"/admin/sales/orders/{number}/cancel")
    assert response.status_code == 400 and b"can no longer be canceled" in response.data
    response = admin_post(
        f"/admin/sales/orders/{number}/ship",
        {"carrier": "UPS", "tracking_number": "1Z999AA10123456784", "comment": "Fragile"},
    )
    assert response.status_code == 302
    assert _status(conn, number) == "Complete"
    shipment = conn.execute(
        "SELECT s.carrier, s.tracking_number FROM shipments s JOIN orders o"
        " ON o.id = s.order_id WHERE o.number = ?",
        (number,),
    ).fetchone()
    assert tuple(shipment) == ("UPS", "1Z999AA10123456784")
    history = [
        row[0]
        for row in conn.execute(
            "SELECT h.author FROM order_status_history h JOIN orders o ON o.id = h.order_id"
            " WHERE o.number = ? AND h.author != ''",
            (number,),
        )
    ]
    assert history == ["admin"] * 4
    _, rows = grid_rows(client, f"/admin/sales/shipments?order_number={number}")
    assert rows[0][6] == "1Z999AA10123456784"
    _, rows = grid_rows(client, f"/admin/sales/invoices?order_number={number}")
    assert len(rows) == 1


def test_ship_before_invoice_then_invoice_completes(conn, admin_post) -> None:
    number = _order(conn, "Pending")
    admin_post(
        f"/admin/sales/orders/{number}/ship", {"carrier": "DHL", "tracking_number": "123456"}
    )
    assert _status(conn, number) == "Processing"
    admin_post(f"/admin/sales/orders/{number}/invoice")
    assert _status(conn, number) == "Complete"


def test_cancel_a_pending_order(conn, admin_post) -> None:
    number = _order(conn, "Pending")
    assert admin_post(f"/admin/sales/orders/{number}/cancel").status_code == 302
    assert _status(conn, number) == "Canceled"


@pytest.mark.parametrize(
    ("status", "action", "message"),
    [
        ("Canceled", "invoice", "is canceled; it cannot be invoiced"),
        ("Canceled", "ship", "is canceled; it cannot be shipped"),
        ("Canceled", "cancel", "is canceled; it cannot be canceled again"),
        ("Canceled", "hold", "is canceled; it cannot be put on hold"),
        ("Complete", "hold", "only Pending or Processing orders can be held"),
        ("Complete", "invoice", "already has invoice"),
        ("Shipped", "ship", "was already shipped"),
        ("Shipped", "cancel", "can no longer be canceled"),
        ("Pending", "unhold", "is not on hold"),
    ],
)
def test_illegal_actions_are_form_errors(conn, admin_post, status, action, message) -> None:
    number = _order(conn, status)
    before = conn.execute("SELECT COUNT(*) FROM order_status_history").fetchone()[0]
    response = admin_post(f"/admin/sales/orders/{number}/{action}", {"carrier": "UPS"})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert _status(conn, number) == status
    assert conn.execute("SELECT COUNT(*) FROM order_status_history").fetchone()[0] == before


def test_unknown_orders_and_actions_are_404(client, admin_post) -> None:
    assert client.get("/admin/sales/orders/999999").status_code == 404
    assert admin_post("/admin/sales/orders/100652/refund").status_code == 404
    assert client.get("/admin/sales/orders/100652/address/home").status_code == 404


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"carrier": "Pigeon", "tracking_number": "123456"}, "carrier", "Carrier must be one of"),
        ({"carrier": "UPS", "tracking_number": ""}, "tracking_number", "is required"),
        ({"carrier": "UPS", "tracking_number": "<b>1</b>"}, "tracking_number", "letters, digits"),
    ],
)
def test_bad_shipments_keep_the_form(conn, admin_post, data, field, message) -> None:
    number = _order(conn, "Processing")
    response = admin_post(f"/admin/sales/orders/{number}/ship", data)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert message in text and f'aria-describedby="{field}-error"' in text
    assert _status(conn, number) == "Processing"


def test_comment_with_customer_notification(client, conn, admin_post) -> None:
    response = admin_post(
        "/admin/sales/orders/100652/comment", {"comment": "Called the customer.", "notify": "1"}
    )
    assert response.status_code == 302
    row = conn.execute(
        "SELECT comment, is_customer_notified, author FROM order_status_history"
        " WHERE order_id = 652 ORDER BY id DESC LIMIT 1"
    ).fetchone()
    assert tuple(row) == ("Called the customer.", 1, "admin")
    response = admin_post("/admin/sales/orders/100652/comment", {"comment": "  "})
    assert response.status_code == 400 and b"Comment is required." in response.data


@pytest.mark.parametrize("kind", ["billing", "shipping"])
def test_edit_an_order_address(client, conn, admin_post, kind) -> None:
    url = f"/admin/sales/orders/100652/address/{kind}"
    form = {
        "full_name": "Ana Diaz",
        "street": "1 Main St",
        "city": "Austin",
        "state": "TX",
        "postcode": "73301",
        "country": "United States",
        "phone": "(512) 555-0100",
    }
    bad = admin_post(url, {**form, "city": ""})
    assert bad.status_code == 400 and b"City is required." in bad.data
    assert b'value="Ana Diaz"' in bad.data
    assert admin_post(url, form).status_code == 302
    prefix = "bill" if kind == "billing" else "ship"
    table = "order_billing b" if kind == "billing" else "orders b"
    key = "b.order_id" if kind == "billing" else "b.id"
    row = conn.execute(
        f"SELECT {prefix}_name, {prefix}_city FROM {table} WHERE {key} = 652"
    ).fetchone()
    assert tuple(row) == ("Ana Diaz", "Austin")
    assert b"Ana Diaz" in client.get("/admin/sales/orders/100652").data


def test_an_order_without_billing_details_is_billed_to_its_shipping_address(
    client, conn, admin_post
) -> None:
    conn.execute("DELETE FROM order_billing WHERE order_id = 652")
    ship_name = conn.execute("SELECT ship_name FROM orders WHERE id = 652").fetchone()[0]
    page = client.get("/admin/sales/orders/100652/address/billing").get_data(as_text=True)
    assert f'value="{escape(ship_name)}"' in page
    assert "Check / Money order" in client.get("/admin/sales/orders/100652").get_data(as_text=True)
    form = {
        "full_name": "Bo Li",
        "street": "2 Elm St",
        "city": "Reno",
        "state": "NV",
        "postcode": "89501",
        "country": "United States",
        "phone": "(775) 555-0101",
    }
    assert admin_post("/admin/sales/orders/100652/address/billing", form).status_code == 302
    row = conn.execute(
        "SELECT payment_method, bill_name FROM order_billing WHERE order_id = 652"
    ).fetchone()
    assert tuple(row) == ("Check / Money order", "Bo Li")
