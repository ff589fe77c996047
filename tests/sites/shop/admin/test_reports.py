"""Reports agree with the data they summarise; bad ranges are reported, never fatal."""

from __future__ import annotations

import re

import pytest
from lxml import html

from .test_sales import grid_rows


@pytest.fixture(autouse=True)
def signed_in(staff) -> None:
    staff.login()


def table(client, url: str) -> list[list[str]]:
    response = client.get(url)
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    return [
        [cell.text_content().strip() for cell in row.cssselect("td")]
        for row in tree.cssselect("table.grid tbody tr")
    ]


def cents(text: str) -> int:
    return int(re.sub(r"[^\d-]", "", text))


def test_sales_by_month_and_status(client, conn) -> None:
    rows = table(
        client, "/admin/reports/sales?from=2024-01-01&to=05/31/2024&period=month&status=Complete"
    )
    expected = conn.execute(
        "SELECT substr(created_at, 1, 7), COUNT(*), SUM(total_cents) FROM orders"
        " WHERE status = 'Complete' AND created_at BETWEEN '2024-01-01' AND '2024-05-31 99'"
        " GROUP BY 1 ORDER BY 1"
    ).fetchall()
    assert [(row[0], int(row[1]), cents(row[6])) for row in rows[:-1]] == [
        tuple(row) for row in expected
    ]
    assert rows[-1][0] == "Total" and cents(rows[-1][6]) == sum(row[2] for row in expected)


def test_sales_by_year_leave_out_canceled_orders(client, conn) -> None:
    rows = table(client, "/admin/reports/sales?from=2022-01-01&to=2024-12-31&period=year")
    expected = conn.execute(
        "SELECT substr(created_at, 1, 4), COUNT(*) FROM orders WHERE status != 'Canceled'"
        " GROUP BY 1 ORDER BY 1"
    ).fetchall()
    assert [(row[0], int(row[1])) for row in rows[:-1]] == [tuple(row) for row in expected]


@pytest.mark.parametrize(
    ("query", "message"),
    [("from=someday", "From must be a date"), ("from=2024-05-01&to=2024-04-01", "must not be")],
)
def test_bad_ranges_are_reported(client, query, message) -> None:
    response = client.get(f"/admin/reports/sales?{query}&period=week&status=Lost")
    assert response.status_code == 200 and message in response.get_data(as_text=True)


def test_bestsellers_rank_by_quantity(client, conn) -> None:
    rows = table(client, "/admin/reports/bestsellers?from=2022-06-01&to=2024-06-15")
    expected = conn.execute(
        "SELECT oi.sku, SUM(oi.quantity) AS q, SUM(oi.line_total_cents) AS r FROM order_items oi"
        " JOIN orders o ON o.id = oi.order_id WHERE o.status != 'Canceled'"
        " GROUP BY oi.product_id ORDER BY q DESC, r DESC, oi.product_name LIMIT 10"
    ).fetchall()
    assert [(row[2], int(row[3])) for row in rows] == [(sku, q) for sku, q, _ in expected]


def test_customers_by_orders_count(client, conn) -> None:
    rows = table(client, "/admin/reports/customers?by=count&from=2022-06-01")
    top = conn.execute(
        "SELECT COUNT(*) FROM orders WHERE status != 'Canceled' GROUP BY user_id"
        " ORDER BY 1 DESC LIMIT 1"
    ).fetchone()[0]
    assert int(rows[0][3]) == top


@pytest.mark.parametrize(("by", "heading"), [("count", "Count"), ("total", "Total")])
def test_showing_a_new_range_keeps_the_customers_order(client, by, heading) -> None:
    page = html.fromstring(client.get(f"/admin/reports/customers?by={by}").data)
    form = page.cssselect("form.grid-filters")[0]
    fields = {field.name: field.value or "" for field in form.inputs if field.name}
    fields["from"] = "2023-01-01"
    response = client.get("/admin/reports/customers", query_string=fields)
    assert f"<h1>Customers by Orders {heading}</h1>" in response.get_data(as_text=True)


def test_low_stock_search_terms_and_review_reports(client, conn) -> None:
    low = conn.execute("SELECT COUNT(*) FROM stock_items WHERE qty < 10").fetchone()[0]
    assert grid_rows(client, "/admin/reports/low-stock")[0] == low > 0
    top = conn.execute("SELECT query FROM search_terms ORDER BY uses DESC, id DESC").fetchone()[0]
    assert grid_rows(client, "/admin/reports/search-terms")[1][0][0] == top
    many = conn.execute(
        "SELECT COUNT(*) FROM (SELECT product_id FROM reviews GROUP BY 1 HAVING COUNT(*) >= 10)"
    ).fetchone()[0]
    assert grid_rows(client, "/admin/reports/reviews-by-product?reviews_from=10")[0] == many
    assert grid_rows(client, "/admin/reports/reviews-by-customer")[0] > 0


def test_catalog_managers_are_refused_reports(client, staff) -> None:
    staff.logout()
    staff.login("sam.patel")
    assert client.get("/admin/reports/sales").status_code == 403
    assert client.get("/admin/reports/low-stock").status_code == 403
