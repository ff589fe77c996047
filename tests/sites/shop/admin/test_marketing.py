"""Marketing and content: cart price rules the storefront cart applies, subscribers, CMS pages."""

from __future__ import annotations

import pytest

from .test_sales import grid_rows

RULE = {
    "description": "15% off summer",
    "code": "sun15",
    "kind": "percent",
    "amount": "15",
    "min_subtotal": "20",
    "expires_on": "07/31/2024",
}


@pytest.fixture(autouse=True)
def signed_in(staff) -> None:
    staff.login()


def test_rules_grid_lists_the_coupons(client, conn) -> None:
    total, rows = grid_rows(client, "/admin/marketing/price-rules")
    assert total == conn.execute("SELECT COUNT(*) FROM coupons").fetchone()[0]
    assert rows[0][1] == "SAVE10" and rows[0][3] == "10% off"


def test_a_new_rule_is_applied_by_the_storefront_cart(client, conn, admin_post, auth, post) -> None:
    assert admin_post("/admin/marketing/price-rules/new", RULE).status_code == 302
    row = conn.execute(
        "SELECT kind, amount, min_subtotal_cents, expires_at FROM coupons WHERE code = 'SUN15'"
    ).fetchone()
    assert tuple(row) == ("percent", 15, 2000, "2024-07-31 23:59:59")
    product_id = conn.execute(
        "SELECT id FROM products WHERE sizes = '' AND colours = '' AND price_cents > 2000"
    ).fetchone()[0]
    auth.login()
    assert post("/cart/add", {"product_id": str(product_id), "quantity": "1"}).status_code == 302
    response = post("/cart/coupon", {"coupon_code": "sun15"})
    assert response.status_code == 302
    assert b"15% off" in client.get("/cart").data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"code": "SAVE10"}, "already used by another rule"),
        ({"code": "no spaces"}, "Coupon Code must be 2 to 50"),
        ({"amount": "150"}, "whole percent from 1 to 100"),
        ({"kind": "fixed", "amount": "free"}, "amount in dollars"),
        ({"min_subtotal": "lots"}, "Minimum Subtotal must be"),
        ({"expires_on": "soon"}, "To must be a date"),
        ({"description": ""}, "Rule Name is required."),
    ],
)
def test_bad_rules_keep_the_form(conn, admin_post, changes, message) -> None:
    before = conn.execute("SELECT * FROM coupons").fetchall()
    response = admin_post("/admin/marketing/price-rules/2", {**RULE, **changes})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert conn.execute("SELECT * FROM coupons").fetchall() == before


def test_edit_a_rule(conn, admin_post) -> None:
    form = {**RULE, "code": "WELCOME5", "kind": "fixed", "amount": "7.50", "expires_on": ""}
    assert admin_post("/admin/marketing/price-rules/2", form).status_code == 302
    row = conn.execute("SELECT kind, amount, expires_at FROM coupons WHERE id = 2").fetchone()
    assert tuple(row) == ("fixed", 750, None)


def test_subscribers_grid(client, conn) -> None:
    subscribed = conn.execute("SELECT COUNT(*) FROM users WHERE newsletter = 1").fetchone()[0]
    total, rows = grid_rows(client, "/admin/marketing/newsletter-subscribers?status=Subscribed")
    assert total == subscribed > 0 and {row[4] for row in rows} == {"Subscribed"}


def test_cms_pages(client, conn, admin_post) -> None:
    total, rows = grid_rows(client, "/admin/content/pages?status=Disabled")
    assert total == 1 and rows[0][2] == "holiday-gift-guide"
    form = {"title": "FAQ", "url_key": "about-us", "content": "Answers.", "is_active": "1"}
    response = admin_post("/admin/content/pages/new", form)
    assert response.status_code == 400 and b"already used by another page" in response.data
    assert admin_post("/admin/content/pages/new", {**form, "url_key": "faq"}).status_code == 302
    page_id = conn.execute("SELECT id FROM cms_pages WHERE url_key = 'faq'").fetchone()[0]
    admin_post(f"/admin/content/pages/{page_id}", {**form, "url_key": "faq", "is_active": ""})
    assert (
        conn.execute("SELECT is_active FROM cms_pages WHERE id = ?", (page_id,)).fetchone()[0] == 0
    )
    assert admin_post(f"/admin/content/pages/{page_id}/delete").status_code == 302
    assert admin_post(f"/admin/content/pages/{page_id}/delete").status_code == 404


@pytest.mark.parametrize("url_key", ["help", "cart", "search", "checkout", "contact", "admin"])
def test_a_cms_page_cannot_take_a_storefront_path(client, conn, admin_post, url_key) -> None:
    """A CMS page at /help or /cart could never be shown (the storefront's own page answers
    there), so the form refuses the key and writes nothing."""
    before = conn.execute("SELECT COUNT(*) FROM cms_pages").fetchone()[0]
    form = {"title": "Shadowed", "url_key": url_key, "content": "Text.", "is_active": "1"}
    response = admin_post("/admin/content/pages/new", form)
    assert response.status_code == 400 and b"is a storefront path already" in response.data
    assert conn.execute("SELECT COUNT(*) FROM cms_pages").fetchone()[0] == before
    assert client.get(f"/{url_key}").status_code != 404  # the storefront serves it


def test_a_cms_page_url_key_beside_storefront_paths_is_served(client, admin_post) -> None:
    form = {"title": "Cart tips", "url_key": "cart-tips", "content": "Tips.", "is_active": "1"}
    assert admin_post("/admin/content/pages/new", form).status_code == 302
    assert b"Tips." in client.get("/cart-tips").data


def test_catalog_managers_are_refused_marketing_and_content(client, staff) -> None:
    staff.logout()
    staff.login("sam.patel")
    for url in ("/admin/marketing/price-rules", "/admin/content/pages"):
        assert client.get(url).status_code == 403
