"""Customers: the grid, a customer's page, account and address edits; role limits."""

from __future__ import annotations

import pytest

from .test_sales import grid_rows


@pytest.fixture(autouse=True)
def signed_in(staff) -> None:
    staff.login()


@pytest.mark.parametrize(
    ("query", "sql", "params"),
    [
        ("name=lopez", "u.first_name || ' ' || u.last_name LIKE ?", ["%lopez%"]),
        ("email=example.org", "u.email LIKE ?", ["%example.org%"]),
        ("phone=555-01", "d.phone LIKE ?", ["%555-01%"]),
        ("search=emma", "(u.first_name || ' ' || u.last_name LIKE ? OR u.email LIKE ?"
         " OR u.username LIKE ? OR d.phone LIKE ? OR d.city LIKE ?)", ["%emma%"] * 5),
    ],
)  # fmt: skip
def test_customers_grid_filters(client, conn, query, sql, params) -> None:
    expected = [
        row[0]
        for row in conn.execute(
            "SELECT u.id FROM users u LEFT JOIN addresses d ON d.user_id = u.id"
            f" AND d.is_default = 1 WHERE {sql} ORDER BY u.id",
            params,
        )
    ]
    total, rows = grid_rows(client, f"/admin/customers?{query}&limit=200")
    assert total == len(expected) > 0
    assert [int(row[0]) for row in rows] == expected


def test_customer_page_lists_orders_and_reviews(client, conn) -> None:
    page = client.get("/admin/customers/1").get_data(as_text=True)
    for (number,) in conn.execute("SELECT number FROM orders WHERE user_id = 1"):
        assert number in page
    assert page.count("<address>") == 4


def test_edit_account_and_address(client, conn, admin_post) -> None:
    bad = admin_post(
        "/admin/customers/2/edit",
        {"first_name": "Ann", "last_name": "", "email": "nope", "group": "VIP"},
    )
    assert bad.status_code == 400
    assert b"Last Name is required." in bad.data and b"Email must be an address" in bad.data
    assert b"Group must be one of" in bad.data
    good = admin_post(
        "/admin/customers/2/edit",
        {
            "first_name": "Ann",
            "last_name": "Lee",
            "email": "ann@example.com",
            "newsletter": "1",
            "group": "Wholesale",
        },
    )
    assert good.status_code == 302
    row = conn.execute("SELECT first_name, email, newsletter FROM users WHERE id = 2").fetchone()
    assert tuple(row) == ("Ann", "ann@example.com", 1)
    assert (
        conn.execute(
            "SELECT g.name FROM customer_group_members m"
            " JOIN customer_groups g ON g.id = m.group_id WHERE m.user_id = 2"
        ).fetchone()[0]
        == "Wholesale"
    )
    _, rows = grid_rows(client, "/admin/customers?group=Wholesale&limit=200")
    assert "2" in [row[0] for row in rows] and {row[6] for row in rows} == {"Wholesale"}
    address_id = conn.execute("SELECT id FROM addresses WHERE user_id = 2").fetchone()[0]
    url = f"/admin/customers/2/addresses/{address_id}"
    form = dict(
        full_name="Ann Lee", street="5 Oak Ave", city="Boise", state="ID", postcode="83702",
        country="United States", phone="(208) 555-0102",
    )  # fmt: skip
    assert admin_post(url, {**form, "phone": ""}).status_code == 400
    assert admin_post(url, form).status_code == 302
    assert conn.execute("SELECT city FROM addresses WHERE id = ?", (address_id,)).fetchone()[0] == (
        "Boise"
    )
    assert client.get("/admin/customers/1/addresses/9999").status_code == 404


def test_catalog_managers_are_refused_customers(client, staff) -> None:
    staff.logout()
    staff.login("sam.patel")
    for url in ("/admin/customers", "/admin/customers/1", "/admin/customers/1/edit"):
        assert client.get(url).status_code == 403
