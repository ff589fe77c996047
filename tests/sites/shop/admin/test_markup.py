"""Every back-office page passes the sites' markup and accessibility checks."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

ADMIN_PAGES = [
    "/admin/dashboard",
    "/admin/account",
    "/admin/sales/orders",
    "/admin/sales/orders?status=Complete&total_from=x&sort=total&dir=asc&page=2&limit=30",
    "/admin/sales/orders/100652",
    "/admin/sales/orders/100001",
    "/admin/sales/orders/100652/address/shipping",
    "/admin/sales/invoices?search=1001",
    "/admin/sales/shipments?carrier=UPS",
    "/admin/sales/orders?search=zzqqxx",
    "/admin/catalog/products?price_from=10&price_to=20&qty_from=x",
    "/admin/catalog/products/1",
    "/admin/catalog/products/new",
    "/admin/catalog/categories",
    "/admin/catalog/categories/2",
    "/admin/sales/orders/999999",
    "/admin/customers?city=x&created_from=bad",
    "/admin/customers/1",
    "/admin/customers/1/edit",
    "/admin/customers/1/addresses/1",
    "/admin/reviews?rating=9",
    "/admin/marketing/price-rules",
    "/admin/marketing/price-rules/1",
    "/admin/marketing/price-rules/new",
    "/admin/marketing/newsletter-subscribers",
    "/admin/content/pages",
    "/admin/content/pages/1",
    "/admin/content/pages/new",
    "/admin/reports/sales?from=bad&period=month",
    "/admin/reports/bestsellers",
    "/admin/reports/products-ordered",
    "/admin/reports/customers?by=count",
    "/admin/reports/low-stock",
    "/admin/reports/search-terms",
    "/admin/reports/reviews-by-product",
    "/admin/reports/reviews-by-customer",
    "/admin/reviews/pending",
    "/admin/reviews/published/1",
    "/admin/reviews/queued/1",
]


def test_sign_in_page(client: FlaskClient, check_page) -> None:
    check_page(client.get("/admin").data)


@pytest.mark.parametrize("url", ADMIN_PAGES)
def test_administrator_pages(client: FlaskClient, staff, check_page, url: str) -> None:
    staff.login()
    check_page(client.get(url).data)


def test_ship_form_of_a_pending_order(client: FlaskClient, staff, check_page, conn) -> None:
    staff.login()
    number = conn.execute("SELECT number FROM orders WHERE status = 'Pending'").fetchone()[0]
    check_page(client.get(f"/admin/sales/orders/{number}/ship").data)


def test_refused_page(client: FlaskClient, staff, check_page) -> None:
    staff.login("sam.patel")
    response = client.get("/admin/sales/orders")
    assert response.status_code == 403
    check_page(response.data)


def test_mass_update_form(client: FlaskClient, staff, check_page, admin_post) -> None:
    staff.login()
    response = admin_post("/admin/catalog/products/mass", {"action": "update", "ids": ["1"]})
    check_page(response.data)
