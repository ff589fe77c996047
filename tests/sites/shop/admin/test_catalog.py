"""Catalog: the products grid, product form, mass actions and categories."""

from __future__ import annotations

import sqlite3

import pytest

from .test_sales import grid_rows


@pytest.fixture(autouse=True)
def signed_in(staff) -> None:
    staff.login("sam.patel")  # a catalog manager: the catalog is theirs


PRODUCT_FORM = {
    "name": "Harbor Test Lantern",
    "sku": "HG-LANTERN-1",
    "brand": "Harbor",
    "price": "24.50",
    "special_price": "19.99",
    "special_from": "2024-06-01",
    "special_to": "06/30/2024",
    "enabled": "1",
    "visibility": "Catalog, Search",
    "qty": "12",
    "in_stock": "1",
    "category_id": "2",
    "description": "A lantern.",
    "sizes": "",
    "colours": "",
}


@pytest.mark.parametrize(
    ("query", "sql", "params"),
    [
        ("name=mug", "p.name LIKE ?", ["%mug%"]),
        ("sku=EL-1", "p.sku LIKE ?", ["%EL-1%"]),
        ("price_from=10&price_to=20", "p.price_cents BETWEEN ? AND ?", [1000, 2000]),
        ("qty_to=9", "s.qty <= ?", [9]),
        ("type=Configurable+Product", "(p.sizes != '' OR p.colours != '')", []),
        ("status=Enabled&visibility=Catalog%2C+Search", "a.enabled = 1", []),
    ],
)
def test_products_grid_filters(client, conn: sqlite3.Connection, query, sql, params) -> None:
    expected = [
        row[0]
        for row in conn.execute(
            "SELECT p.id FROM products p JOIN stock_items s ON s.product_id = p.id"
            f" JOIN product_attributes a ON a.product_id = p.id WHERE {sql} ORDER BY p.id",
            params,
        )
    ]
    total, rows = grid_rows(client, f"/admin/catalog/products?{query}&limit=200")
    assert total == len(expected) > 0
    assert [int(row[1]) for row in rows] == expected[:200]


def test_bad_quantity_filter_is_reported(client) -> None:
    response = client.get("/admin/catalog/products?qty_from=many")
    assert response.status_code == 200
    assert b"Quantity from must be a whole number" in response.data


def test_edit_a_product(client, conn, admin_post) -> None:
    response = admin_post("/admin/catalog/products/5", {**PRODUCT_FORM, "category_id": "3"})
    assert response.status_code == 302
    row = conn.execute(
        "SELECT p.name, p.sku, p.price_cents, p.category_id, a.special_price_cents,"
        " a.special_from, a.special_to, s.qty FROM products p"
        " JOIN product_attributes a ON a.product_id = p.id"
        " JOIN stock_items s ON s.product_id = p.id WHERE p.id = 5"
    ).fetchone()
    assert tuple(row) == (
        "Harbor Test Lantern", "HG-LANTERN-1", 2450, 3, 1999, "2024-06-01", "2024-06-30", 12,
    )  # fmt: skip
    page = client.get("/admin/catalog/products/5").get_data(as_text=True)
    assert 'value="19.99"' in page and 'value="HG-LANTERN-1"' in page


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": ""}, "name", "Product Name is required."),
        ({"price": "cheap"}, "price", "Price must be an amount in dollars"),
        ({"special_price": "30"}, "special_price", "must be lower than Price"),
        ({"special_from": "2024-07-01"}, "special_to", "must not be before"),
        ({"special_to": "someday"}, "special_to", "must be a date"),
        ({"qty": "-3"}, "qty", "Quantity must be a whole number"),
        ({"visibility": "Everywhere"}, "visibility", "Visibility must be one of"),
        ({"category_id": "1"}, "category_id", "Category must be one of"),
        ({"sku": "bad sku!"}, "sku", "SKU must be letters"),
        ({"sizes": "S, M, s"}, "sizes", "must not list an option twice"),
        ({"colours": "Red, <b>"}, "colours", "Each of the colours must be"),
    ],
)
def test_bad_product_fields_keep_the_form(conn, admin_post, changes, field, message) -> None:
    before = conn.execute("SELECT * FROM products WHERE id = 5").fetchone()
    response = admin_post("/admin/catalog/products/5", {**PRODUCT_FORM, **changes})
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert message in text and f'aria-describedby="{field}-error"' in text
    assert 'value="Harbor Test Lantern"' in text or field == "name"
    assert conn.execute("SELECT * FROM products WHERE id = 5").fetchone() == before


def test_a_sku_is_unique(conn, admin_post) -> None:
    taken = conn.execute("SELECT sku FROM products WHERE id = 9").fetchone()[0]
    response = admin_post("/admin/catalog/products/5", {**PRODUCT_FORM, "sku": taken})
    assert response.status_code == 400 and b"already used by another product" in response.data


def test_add_a_product(client, conn, admin_post) -> None:
    count = conn.execute("SELECT COUNT(*) FROM products").fetchone()[0]
    response = admin_post("/admin/catalog/products/new", PRODUCT_FORM)
    assert response.status_code == 302
    new_id = count + 1
    assert response.location == f"/admin/catalog/products/{new_id}"
    row = conn.execute("SELECT slug, price_cents FROM products WHERE id = ?", (new_id,)).fetchone()
    assert tuple(row) == ("harbor-test-lantern", 2450)
    assert client.get("/product/harbor-test-lantern").status_code == 200


def test_mass_disable_and_enable(client, conn, admin_post) -> None:
    response = admin_post(
        "/admin/catalog/products/mass",
        {"action": "disable", "ids": ["3", "4", "99999"], "next": "/admin/catalog/products?page=1"},
    )
    assert response.location == "/admin/catalog/products?page=1"
    disabled = conn.execute(
        "SELECT product_id FROM product_attributes WHERE enabled = 0"
    ).fetchall()
    assert [row[0] for row in disabled] == [3, 4]
    _, rows = grid_rows(client, "/admin/catalog/products?status=Disabled")
    assert [row[1] for row in rows] == ["3", "4"]
    admin_post("/admin/catalog/products/mass", {"action": "enable", "ids": ["3"]})
    assert (
        conn.execute("SELECT COUNT(*) FROM product_attributes WHERE enabled = 0").fetchone()[0] == 1
    )


def test_mass_actions_need_an_action_and_products(conn, admin_post) -> None:
    admin_post("/admin/catalog/products/mass", {"action": "explode", "ids": ["3"]})
    admin_post("/admin/catalog/products/mass", {"action": "disable"})
    assert (
        conn.execute("SELECT COUNT(*) FROM product_attributes WHERE enabled = 0").fetchone()[0] == 0
    )


def test_mass_update_attributes(conn, admin_post) -> None:
    page = admin_post("/admin/catalog/products/mass", {"action": "update", "ids": ["6", "7"]})
    assert page.status_code == 200 and b"Changing 2 products" in page.data
    bad = admin_post("/admin/catalog/products/mass-update", {"ids": ["6", "7"], "qty": "x"})
    assert bad.status_code == 400 and b"Quantity must be a whole number" in bad.data
    empty = admin_post("/admin/catalog/products/mass-update", {"ids": ["6", "7"]})
    assert empty.status_code == 400 and b"Choose at least one attribute" in empty.data
    prices = conn.execute("SELECT price_cents FROM products WHERE id IN (6, 7)").fetchall()
    response = admin_post(
        "/admin/catalog/products/mass-update",
        {"ids": ["6", "7"], "qty": "0", "in_stock": "0", "visibility": "Search"},
    )
    assert response.status_code == 302
    rows = conn.execute(
        "SELECT s.qty, s.is_in_stock, a.visibility FROM stock_items s"
        " JOIN product_attributes a USING (product_id) WHERE product_id IN (6, 7)"
    ).fetchall()
    assert [tuple(row) for row in rows] == [(0, 0, "Search")] * 2
    assert conn.execute("SELECT price_cents FROM products WHERE id IN (6, 7)").fetchall() == prices


def test_categories_list_and_edit(client, conn, admin_post) -> None:
    page = client.get("/admin/catalog/categories").get_data(as_text=True)
    name = conn.execute("SELECT name FROM categories WHERE id = 2").fetchone()[0]
    assert name in page
    bad = admin_post("/admin/catalog/categories/2", {"name": "", "description": "x"})
    assert bad.status_code == 400
    assert (
        admin_post(
            "/admin/catalog/categories/2", {"name": "Kettles", "description": "Hot."}
        ).status_code
        == 302
    )
    assert conn.execute("SELECT name FROM categories WHERE id = 2").fetchone()[0] == "Kettles"
    assert client.get("/admin/catalog/categories/9999").status_code == 404
    assert client.get("/admin/catalog/products/99999").status_code == 404


def test_add_a_colour_variant(client, conn, admin_post) -> None:
    product_id, colours, slug = conn.execute(
        "SELECT id, colours, slug FROM products WHERE colours != '' AND sizes = '' LIMIT 1"
    ).fetchone()
    form = {**PRODUCT_FORM, "colours": f"{colours.replace(',', ', ')}, Teal"}
    response = admin_post(f"/admin/catalog/products/{product_id}", form)
    assert response.status_code == 302
    stored = conn.execute("SELECT colours FROM products WHERE id = ?", (product_id,)).fetchone()[0]
    assert stored == f"{colours},Teal"
    _, rows = grid_rows(client, f"/admin/catalog/products?sku={PRODUCT_FORM['sku']}")
    assert rows[0][4] == "Configurable Product"
    assert b"Teal" in client.get(f"/product/{slug}").data
