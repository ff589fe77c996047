"""The back office's own sign-in, roles, CSRF, redirects and headers."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webenv.sites.core.security import SECURITY_HEADERS
from webenv.sites.shop.admin.staff import make_staff_session_cookie

from ..conftest import admin_token

ADMIN_ONLY = [
    "/admin/dashboard",
    "/admin/sales/orders",
    "/admin/sales/orders/100652",
    "/admin/sales/orders/100652/ship",
    "/admin/sales/orders/100652/address/billing",
    "/admin/sales/invoices",
    "/admin/sales/shipments",
    "/admin/customers",
    "/admin/customers/1",
]


def test_anonymous_visitors_are_sent_to_the_sign_in_form(client: FlaskClient) -> None:
    response = client.get("/admin/sales/orders?status=Pending")
    assert response.status_code == 302
    assert response.location == "/admin?next=/admin/sales/orders?status%3DPending"
    page = client.get(response.location)
    assert page.status_code == 200
    assert b"Sign in" in page.data
    assert b'value="/admin/sales/orders?status=Pending"' in page.data


def test_sign_in_goes_where_the_user_was_going(client: FlaskClient, staff) -> None:
    response = staff.login(next="/admin/sales/invoices")
    assert response.status_code == 302
    assert response.location == "/admin/sales/invoices"
    assert client.get("/admin/sales/invoices").status_code == 200


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/admin", "/\t/evil.example", "/account"]
)
def test_sign_in_never_leaves_the_back_office(client: FlaskClient, staff, target: str) -> None:
    response = staff.login(next=target)
    assert response.location == "/admin/dashboard"


@pytest.mark.parametrize(
    ("username", "password"),
    [("admin", "wrong-password"), ("nobody", "webenv-demo"), ("lee.morgan", "webenv-demo")],
)
def test_bad_credentials_and_disabled_accounts_are_refused(
    client: FlaskClient, staff, username: str, password: str
) -> None:
    response = staff.login(username, password)
    assert response.status_code == 400
    assert b"sign-in was incorrect or your account is disabled" in response.data
    assert client.get("/admin/dashboard").status_code == 302


def test_empty_fields_get_field_errors(client: FlaskClient) -> None:
    response = client.post("/admin", data={"csrf_token": admin_token(client)})
    assert response.status_code == 400
    assert b"User Name is required." in response.data
    assert b"Password is required." in response.data


def test_a_customer_session_never_grants_the_back_office(client: FlaskClient, auth) -> None:
    auth.login()
    assert client.get("/account").status_code == 200
    assert client.get("/admin/dashboard").status_code == 302
    assert client.get("/admin/sales/orders").status_code == 302


def test_customers_cannot_sign_in_to_the_back_office(client: FlaskClient, staff) -> None:
    assert staff.login("emma.lopez").status_code == 400


def test_a_staff_session_is_no_customer_session(client: FlaskClient, staff) -> None:
    staff.login()
    assert client.get("/account").status_code == 302


def test_administrators_open_every_area(client: FlaskClient, staff) -> None:
    staff.login()
    for url in [*ADMIN_ONLY, "/admin/catalog/products"]:
        assert client.get(url).status_code == 200, url


def test_catalog_managers_are_refused_sales_and_the_dashboard(client: FlaskClient, staff) -> None:
    response = staff.login("sam.patel")
    assert response.location == "/admin/catalog/products"
    assert client.get("/admin/catalog/products").status_code == 200
    for url in ADMIN_ONLY:
        response = client.get(url)
        assert response.status_code == 403, url
        assert b"Catalog Managers" in response.data
    menu = client.get("/admin/catalog/products").get_data(as_text=True)
    assert "/admin/sales/orders" not in menu and "/admin/dashboard" not in menu


def test_catalog_managers_cannot_act_on_orders(
    client: FlaskClient, staff, admin_post, conn
) -> None:
    staff.login("sam.patel")
    for url, data in [
        ("/admin/sales/orders/100652/hold", {}),
        ("/admin/sales/orders/100652/comment", {"comment": "hi"}),
        ("/admin/sales/orders/100652/address/shipping", {"full_name": "X"}),
    ]:
        assert admin_post(url, data).status_code == 403, url
    assert conn.execute("SELECT COUNT(*) FROM order_holds").fetchone()[0] == 0


def test_posts_need_the_sessions_token(client: FlaskClient, staff, conn) -> None:
    staff.login()
    response = client.post("/admin/sales/orders/100652/hold", data={"csrf_token": "0" * 64})
    assert response.status_code == 400
    response = client.post("/admin/sales/orders/100652/hold")
    assert response.status_code == 400
    assert conn.execute("SELECT COUNT(*) FROM order_holds").fetchone()[0] == 0


def test_signing_in_changes_the_token(client: FlaskClient, staff) -> None:
    anonymous = admin_token(client)
    staff.login()
    assert admin_token(client, "/admin/account") != anonymous


def test_sign_out_ends_every_session_of_the_user(app: Flask, client: FlaskClient, staff) -> None:
    staff.login()
    other = app.test_client()
    StaffLogin = type(staff)
    StaffLogin(other).login()
    assert other.get("/admin/dashboard").status_code == 200
    response = staff.logout()
    assert response.location == "/admin"
    assert client.get("/admin/dashboard").status_code == 302
    assert other.get("/admin/dashboard").status_code == 302


def test_security_headers_on_back_office_pages(client: FlaskClient, staff) -> None:
    for response in (client.get("/admin"), (staff.login(), client.get("/admin/sales/orders"))[1]):
        for name, value in SECURITY_HEADERS.items():
            assert response.headers[name] == value


def test_staff_cookie_signs_in_without_the_form(app: Flask, client: FlaskClient) -> None:
    name, value = make_staff_session_cookie(app, 1)
    client.set_cookie(name, value, domain="localhost")
    assert client.get("/admin/dashboard").status_code == 200
    with pytest.raises(ValueError, match="no staff user"):
        make_staff_session_cookie(app, 999)


def test_pages_are_deterministic(app: Flask, staff, client: FlaskClient) -> None:
    staff.login()
    other = app.test_client()
    type(staff)(other).login()
    for url in ("/admin/dashboard", "/admin/sales/orders/100652"):
        assert client.get(url).data == other.get(url).data


def test_storefront_pages_are_unchanged_for_customers(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "/admin" not in page


def test_a_signed_in_visit_to_the_sign_in_page_goes_on(client: FlaskClient, staff) -> None:
    staff.login()
    assert client.get("/admin?next=/admin/sales/invoices").location == "/admin/sales/invoices"
    assert client.get("/admin?next=/account").location == "/admin/dashboard"
    assert client.get("/admin").location == "/admin/dashboard"
