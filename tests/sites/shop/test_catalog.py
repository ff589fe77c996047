"""Home page, category pages, sorting, filters, pagination and search."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

PAGINATION = 'nav[aria-label="Pagination"] a'


def _names(response) -> list[str]:
    tree = html.fromstring(response.data)
    return [link.text_content() for link in tree.cssselect(".product-card h2 a")]


def _prices(response) -> list[int]:
    tree = html.fromstring(response.data)
    prices = tree.cssselect(".product-card .price")
    return [int(re.sub(r"[^\d]", "", price.text_content())) for price in prices]


def test_home(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<h1>Welcome to Harbor Goods</h1>" in page
    assert "Featured products" in page
    tree = html.fromstring(response.data)
    nav = tree.cssselect('nav[aria-label="Categories"] a')
    assert len(nav) >= 8
    assert [a.text_content() for a in nav][:2] == ["Electronics", "Home & Kitchen"]
    assert len(tree.cssselect(".product-card")) == 8
    assert tree.cssselect('a[href="/category/headphones"]')


def test_top_category_includes_subcategories(client: FlaskClient, conn: sqlite3.Connection) -> None:
    response = client.get("/category/electronics")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert tree.cssselect("h1")[0].text_content() == "Electronics"
    total = conn.execute(
        "SELECT COUNT(*) FROM products p JOIN categories c ON c.id = p.category_id"
        " JOIN categories t ON t.id = c.parent_id WHERE t.slug = 'electronics'"
    ).fetchone()[0]
    assert f"Items 1-12 of {total}" in response.get_data(as_text=True)
    assert len(tree.cssselect(".product-card")) == 12
    subnav = [a.text_content() for a in tree.cssselect('nav[aria-label="Subcategories"] a')]
    assert "Headphones" in subnav


def test_subcategory_breadcrumb(client: FlaskClient) -> None:
    response = client.get("/category/headphones")
    tree = html.fromstring(response.data)
    crumbs = [a.text_content() for a in tree.cssselect('nav[aria-label="Breadcrumb"] a')]
    assert crumbs == ["Home", "Electronics"]


def test_unknown_category_is_404(client: FlaskClient) -> None:
    response = client.get("/category/no-such-thing")
    assert response.status_code == 404
    assert b"There is no category" in response.data


def test_pagination_links(client: FlaskClient) -> None:
    first = client.get("/category/clothing")
    tree = html.fromstring(first.data)
    links = {a.text_content(): a.get("href") for a in tree.cssselect(PAGINATION)}
    assert "Previous page" not in links
    assert links["Next page"] == "/category/clothing?page=2"
    assert "Page 2" in links
    second = client.get(links["Next page"])
    assert second.status_code == 200
    assert set(_names(first)).isdisjoint(_names(second))
    tree = html.fromstring(second.data)
    links = {a.text_content(): a.get("href") for a in tree.cssselect(PAGINATION)}
    assert links["Previous page"] == "/category/clothing?page=1"
    assert tree.cssselect('[aria-current="page"]')[-1].text_content() == "Page 2"


def test_page_past_the_end_is_404(client: FlaskClient) -> None:
    assert client.get("/category/clothing?page=99").status_code == 404


@pytest.mark.parametrize("page", ["abc", "0", "-1", "²"])
def test_bad_page_numbers_show_page_one(client: FlaskClient, page: str) -> None:
    response = client.get(f"/category/clothing?page={page}")
    assert response.status_code == 200
    assert b"Items 1-12 of" in response.data


@pytest.mark.parametrize(
    ("sort", "check"),
    [
        ("price_asc", lambda prices, names: prices == sorted(prices)),
        ("price_desc", lambda prices, names: prices == sorted(prices, reverse=True)),
        ("name", lambda prices, names: names == sorted(names)),
    ],
)
def test_sorting(client: FlaskClient, sort: str, check) -> None:
    response = client.get(f"/category/home-kitchen?sort={sort}")
    assert check(_prices(response), _names(response))
    tree = html.fromstring(response.data)
    assert tree.cssselect("#sort option[selected]")[0].get("value") == sort


def test_sort_by_rating(client: FlaskClient, conn: sqlite3.Connection) -> None:
    response = client.get("/category/books?sort=rating")
    best = conn.execute(
        "SELECT p.name FROM products p JOIN categories c ON c.id = p.category_id"
        " JOIN categories t ON t.id = c.parent_id WHERE t.slug = 'books'"
        " ORDER BY rating DESC, review_count DESC, p.id LIMIT 1"
    ).fetchone()[0]
    assert _names(response)[0] == best


def test_sort_keeps_filters_in_pagination(client: FlaskClient) -> None:
    response = client.get("/category/clothing?sort=price_asc&min_price=20")
    tree = html.fromstring(response.data)
    next_link = next(
        a
        for a in tree.cssselect('nav[aria-label="Pagination"] a')
        if a.text_content() == "Next page"
    )
    assert next_link.get("href") == "/category/clothing?sort=price_asc&min_price=20&page=2"


def test_price_and_rating_filters(client: FlaskClient) -> None:
    response = client.get("/category/electronics?min_price=50&max_price=$100.00&min_rating=3")
    assert response.status_code == 200
    prices = _prices(response)
    assert prices and all(5000 <= price <= 10000 for price in prices)
    tree = html.fromstring(response.data)
    for text in tree.cssselect(".product-card .rating"):
        assert float(text.text_content().split()[0]) >= 3
    assert tree.cssselect("#min_price")[0].get("value") == "50"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("min_price=abc", "Min price must be an amount in dollars"),
        ("max_price=1e9", "Max price must be an amount in dollars"),
        ("min_price=50&max_price=10", "Max price must not be lower than Min price"),
    ],
)
def test_bad_filters_are_explained(client: FlaskClient, query: str, message: str) -> None:
    response = client.get(f"/category/electronics?{query}")
    assert response.status_code == 200
    assert message in response.get_data(as_text=True)


def test_no_matching_products(client: FlaskClient) -> None:
    response = client.get("/category/electronics?min_price=100000")
    assert b"No products found" in response.data


def test_search(client: FlaskClient) -> None:
    response = client.get("/search?q=coffee+mug")
    assert response.status_code == 200
    names = _names(response)
    assert names and all("Coffee Mug" in name for name in names)
    assert b'Search results for "coffee mug"' in response.data
    tree = html.fromstring(response.data)
    assert tree.cssselect("#search-q")[0].get("value") == "coffee mug"
    assert tree.cssselect('form.listing-controls input[name="q"]')[0].get("value") == "coffee mug"


def test_search_matches_brand_and_category(client: FlaskClient) -> None:
    assert "Nimbus Bluetooth Headset" in _names(client.get("/search?q=nimbus+headset"))
    response = client.get("/search?q=grocery&sort=price_asc")
    assert b"Items 1-12 of" in response.data


def test_search_paginates_and_sorts(client: FlaskClient) -> None:
    response = client.get("/search?q=set&sort=price_desc&page=2")
    assert response.status_code == 200
    prices = _prices(response)
    assert prices == sorted(prices, reverse=True)
    assert b"Previous page" in response.data


@pytest.mark.parametrize("query", ["zzzzqq", "%", "_", "100%_\\"])
def test_search_without_results(client: FlaskClient, query: str) -> None:
    response = client.get("/search", query_string={"q": query})
    assert response.status_code == 200
    assert b"No products found" in response.data


def test_empty_search(client: FlaskClient) -> None:
    response = client.get("/search?q=")
    assert response.status_code == 200
    assert b"Type a product name" in response.data


def test_overlong_search_is_rejected(client: FlaskClient) -> None:
    response = client.get("/search", query_string={"q": "a" * 5000})
    assert response.status_code == 400
    assert b"at most 200 characters" in response.data


def test_search_input_is_escaped(client: FlaskClient) -> None:
    response = client.get("/search", query_string={"q": "<script>alert(1)</script>"})
    assert b"<script>alert(1)</script>" not in response.data
    assert b"&lt;script&gt;" in response.data
