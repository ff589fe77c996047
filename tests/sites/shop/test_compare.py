"""The compare list: Add to Compare, the Compare Products page, remove and clear."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient

from webenv.sites.shop.compare import MAX_ITEMS


def _listed(conn: sqlite3.Connection, user_id: int = 1) -> list[int]:
    return [
        row[0]
        for row in conn.execute(
            "SELECT product_id FROM compare_items WHERE user_id = ? ORDER BY id", (user_id,)
        )
    ]


def _products(conn: sqlite3.Connection, count: int) -> list[tuple]:
    """Enabled, visible products with a weight: (id, slug, name, weight)."""
    return conn.execute(
        "SELECT p.id, p.slug, p.name, s.value FROM products p"
        " JOIN product_specs s ON s.product_id = p.id AND s.attribute = 'weight'"
        " LEFT JOIN product_attributes a ON a.product_id = p.id"
        " WHERE COALESCE(a.enabled, 1) = 1"
        " AND COALESCE(a.visibility, 'Catalog, Search') = 'Catalog, Search'"
        " ORDER BY p.id LIMIT ?",
        (count,),
    ).fetchall()


def test_compare_needs_an_account(client: FlaskClient, post) -> None:
    response = client.get("/catalog/product_compare")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/account/login")
    assert post("/catalog/product_compare/add", {"product_id": "1"}).status_code == 302


def test_add_two_and_compare_their_attributes(
    client: FlaskClient, conn: sqlite3.Connection, auth, post, check_page
) -> None:
    auth.login()
    (first, first_slug, first_name, first_weight), (second, _, second_name, second_weight) = (
        _products(conn, 2)
    )
    page = client.get(f"/product/{first_slug}")
    assert b">Add to Compare</button>" in page.data
    response = post(
        "/catalog/product_compare/add", {"product_id": first, "next": f"/product/{first_slug}"}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == f"/product/{first_slug}"
    after = client.get(f"/product/{first_slug}").get_data(as_text=True)
    assert f"You added product {first_name} to the comparison list." in after
    assert 'in your <a href="/catalog/product_compare">comparison list</a>' in after
    post("/catalog/product_compare/add", {"product_id": second})
    post("/catalog/product_compare/add", {"product_id": second})  # already there: no change
    assert _listed(conn) == [first, second]
    compare = client.get("/catalog/product_compare")
    assert compare.status_code == 200
    check_page(compare.data)
    body = compare.get_data(as_text=True)
    assert "<h1>Compare Products</h1>" in body
    weights = body.split('<th scope="row">Weight</th>', 1)[1].split("</tr>", 1)[0]
    assert weights == f"<td>{first_weight}</td><td>{second_weight}</td>"
    table = body[body.index("<table") :]
    assert table.index(first_name) < table.index(second_name)
    for label in ("Price", "Rating", "Brand", "SKU"):
        assert f'<th scope="row">{label}</th>' in body


def test_remove_and_clear(client: FlaskClient, conn: sqlite3.Connection, auth, post) -> None:
    auth.login()
    ids = [row[0] for row in _products(conn, 3)]
    for product_id in ids:
        post("/catalog/product_compare/add", {"product_id": product_id})
    response = post("/catalog/product_compare/remove", {"product_id": ids[1]})
    assert response.headers["Location"] == "/catalog/product_compare"
    assert _listed(conn) == [ids[0], ids[2]]
    assert "from the comparison list." in client.get("/catalog/product_compare").get_data(
        as_text=True
    )
    assert post("/catalog/product_compare/remove", {"product_id": ids[1]}).status_code == 404
    post("/catalog/product_compare/clear")
    assert _listed(conn) == []
    body = client.get("/catalog/product_compare").get_data(as_text=True)
    assert "You cleared the comparison list." in body
    assert "You have no items to compare." in body


def test_refusals_write_nothing(client: FlaskClient, conn: sqlite3.Connection, auth, post) -> None:
    auth.login()
    assert post("/catalog/product_compare/add", {"product_id": "abc"}).status_code == 404
    assert post("/catalog/product_compare/add", {"product_id": "999999"}).status_code == 404
    assert post("/catalog/product_compare/add", {}).status_code == 404
    hidden = conn.execute(
        "INSERT OR REPLACE INTO product_attributes (product_id, enabled) VALUES (7, 0)"
    )
    conn.commit()
    assert hidden.rowcount == 1
    assert post("/catalog/product_compare/add", {"product_id": "7"}).status_code == 404
    assert client.post("/catalog/product_compare/add", data={"product_id": "1"}).status_code == 400
    off_site = post("/catalog/product_compare/add", {"product_id": "1", "next": "//evil.example/"})
    assert off_site.headers["Location"].startswith("/product/")
    assert _listed(conn) == [1]


def test_the_list_is_limited(client: FlaskClient, conn: sqlite3.Connection, auth, post) -> None:
    auth.login()
    ids = [row[0] for row in _products(conn, MAX_ITEMS + 1)]
    for product_id in ids:
        post("/catalog/product_compare/add", {"product_id": product_id})
    assert _listed(conn) == ids[:MAX_ITEMS]
    assert f"You can compare at most {MAX_ITEMS} products." in client.get("/").get_data(
        as_text=True
    )


def test_lists_are_per_customer(client: FlaskClient, conn: sqlite3.Connection, auth, post) -> None:
    auth.login()
    post("/catalog/product_compare/add", {"product_id": "1"})
    other = conn.execute("SELECT username FROM users WHERE id = 2").fetchone()[0]
    auth.logout()
    auth.login(other)
    assert "You have no items to compare." in client.get("/catalog/product_compare").get_data(
        as_text=True
    )
    assert post("/catalog/product_compare/remove", {"product_id": "1"}).status_code == 404
    assert _listed(conn, 1) == [1]


def test_listing_buttons_and_sidebar(
    client: FlaskClient, conn: sqlite3.Connection, auth, post, check_page
) -> None:
    auth.login()
    response = client.get("/category/headphones")
    check_page(response.data)
    body = response.get_data(as_text=True)
    assert body.count(">Add to Compare</button>") >= 2
    assert "Compare Products</h2>" not in body
    product_id, name = conn.execute(
        "SELECT id, name FROM products WHERE category_id ="
        " (SELECT id FROM categories WHERE slug = 'headphones') ORDER BY id LIMIT 1"
    ).fetchone()
    assert f'aria-label="Add to Compare {name}"' in body
    back = post(
        "/catalog/product_compare/add",
        {"product_id": product_id, "next": "/category/headphones?sort=name"},
    )
    assert back.headers["Location"] == "/category/headphones?sort=name"
    sidebar = client.get("/category/headphones").get_data(as_text=True)
    assert '<h2 id="compare-sidebar-heading">Compare Products</h2>' in sidebar
    assert 'href="/catalog/product_compare">Compare</a>' in sidebar
