"""CSRF, determinism, markup quality and accessibility of every page kind."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.auth import make_session_cookie
from webenv.sites.shop import create_app

ANONYMOUS_PAGES = [
    "/",
    "/category/electronics",
    "/category/headphones?sort=price_desc",
    "/search?q=jacket",
    "/search?q=qqqqzz",
    "/search",
    "/product/ember-porcelain-coffee-mug",
    "/account/login",
    "/account/register",
    "/category/nope",
]
USER_PAGES = [
    "/",
    "/cart",
    "/account",
    "/account/orders",
    "/account/orders?status=Complete&page=2",
    "/account/orders/100652",
    "/account/addresses",
    "/account/addresses/new",
    "/account/addresses/1/edit",
    "/account/wishlist",
    "/account/details",
    "/account/newsletter",
    "/product/ember-stoneware-coffee-mug",
    "/product/ember-porcelain-coffee-mug",
]


@pytest.mark.parametrize("url", ANONYMOUS_PAGES)
def test_anonymous_pages_are_accessible(client: FlaskClient, url: str, check_page) -> None:
    check_page(client.get(url).data)


@pytest.mark.parametrize("url", USER_PAGES)
def test_user_pages_are_accessible(client: FlaskClient, auth, url: str, check_page) -> None:
    auth.login()
    response = client.get(url)
    assert response.status_code == 200
    check_page(response.data)


def test_filled_cart_and_checkout_are_accessible(
    client: FlaskClient, auth, post, check_page
) -> None:
    auth.login()
    post("/cart/add", {"product_id": "1", "quantity": "1", "colour": "Navy"})
    post("/cart/coupon", {"coupon_code": "SAVE10"})
    for url in ("/cart", "/checkout"):
        response = client.get(url)
        assert response.status_code == 200
        check_page(response.data)


def test_pages_are_small(client: FlaskClient) -> None:
    # A broad search lists every brand, size and colour of its results in Shop By
    # (about 130 elements on "set") and an Add to Compare button per product.
    for url in ("/", "/category/electronics", "/search?q=set"):
        tree = html.fromstring(client.get(url).data)
        assert len(list(tree.iter())) < 500, url


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/account/login", {"username": "emma.lopez", "password": "webenv-demo"}),
        ("/account/register", {"username": "someone"}),
    ],
)
def test_post_without_csrf_token_is_rejected(client: FlaskClient, url: str, data: dict) -> None:
    response = client.post(url, data=data)
    assert response.status_code == 400
    assert b"security token is missing or does not match" in response.data


def test_csrf_tokens(client: FlaskClient, auth, conn: sqlite3.Connection) -> None:
    page = client.get("/account/login").get_data(as_text=True)
    anonymous = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)
    auth.login()
    bad = client.post("/account/newsletter", data={"newsletter": "1", "csrf_token": "0" * 64})
    assert bad.status_code == 400
    stale = client.post("/account/newsletter", data={"newsletter": "1", "csrf_token": anonymous})
    assert stale.status_code == 400
    assert conn.execute("SELECT newsletter FROM users WHERE id = 1").fetchone()[0] == 0
    page = client.get("/account/newsletter").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)
    assert token != anonymous
    good = client.post("/account/newsletter", data={"newsletter": "1", "csrf_token": token})
    assert good.status_code == 302


def test_csrf_can_be_disabled(conn: sqlite3.Connection) -> None:
    app = create_app({"DATABASE": conn, "TESTING": True, "CSRF_DISABLED": True})
    client = app.test_client()
    response = client.post(
        "/account/login", data={"username": "emma.lopez", "password": "webenv-demo"}
    )
    assert response.status_code == 302


def test_session_cookie_logs_in_without_a_request(app, client: FlaskClient) -> None:
    name, value = make_session_cookie(app, 1)
    client.set_cookie(name, value)
    assert b"Hello, Emma" in client.get("/account").data
    assert make_session_cookie(app, 1) == (name, value)


def test_tampered_session_cookie_is_anonymous(app, client: FlaskClient) -> None:
    name, value = make_session_cookie(app, 1)
    client.set_cookie(name, value[:-2] + "xx")
    assert client.get("/account").status_code == 302


def _journey(world_bytes: bytes) -> list[tuple[int, bytes, list[str]]]:
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.deserialize(world_bytes)
    client = create_app({"DATABASE": conn, "TESTING": True}).test_client()

    def token() -> str:
        page = client.get("/product/ember-porcelain-coffee-mug").get_data(as_text=True)
        return re.search(r'name="csrf_token" value="([0-9a-f]+)"', page).group(1)

    responses = [
        client.get("/"),
        client.post(
            "/account/login",
            data={"username": "emma.lopez", "password": "webenv-demo", "csrf_token": token()},
        ),
        client.get("/account/orders?page=2"),
        client.post(
            "/cart/add",
            data={"product_id": "3", "quantity": "2", "colour": "Black", "csrf_token": token()},
        ),
        client.get("/cart"),
        client.post(
            "/checkout",
            data={"address_id": "1", "shipping_method": "standard", "csrf_token": token()},
        ),
        client.get("/account/orders"),
    ]
    result = [(r.status_code, r.data, r.headers.getlist("Set-Cookie")) for r in responses]
    conn.close()
    return result


def test_same_requests_give_identical_responses(world_bytes: bytes) -> None:
    first, second = _journey(world_bytes), _journey(world_bytes)
    assert first == second
    assert [status for status, _, _ in first] == [200, 302, 200, 302, 200, 302, 200]


@pytest.mark.parametrize(
    "url", ["/product/x/reviews", "/account/logout", "/cart/add", "/account/wishlist/add"]
)
def test_get_on_post_only_routes_is_405(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 405
    assert b"<h1>405" in response.data
