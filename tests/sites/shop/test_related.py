"""The product page's "Related Products" block."""

from __future__ import annotations

import re
import sqlite3

from flask.testing import FlaskClient

from webenv.sites.shop.product import RELATED_COUNT


def _related(body: str) -> list[str]:
    section = body.split('<h2 id="related-heading">Related Products</h2>', 1)[1]
    section = section.split("</section>", 1)[0]
    return re.findall(r'<a href="/product/([^"]+)">', section)


def test_related_products_share_the_category_and_type_first(
    client: FlaskClient, conn: sqlite3.Connection, check_page
) -> None:
    product_id, slug, category_id, name = conn.execute(
        "SELECT id, slug, category_id, name FROM products WHERE id = 5"
    ).fetchone()
    response = client.get(f"/product/{slug}")
    check_page(response.data)
    body = response.get_data(as_text=True)
    related = _related(body)
    assert len(related) == RELATED_COUNT
    assert slug not in related
    rows = {
        row[0]: row[1:]
        for row in conn.execute(
            f"SELECT slug, category_id, name FROM products"
            f" WHERE slug IN ({', '.join('?' * len(related))})",
            related,
        )
    }
    assert all(rows[item][0] == category_id for item in related)
    kind = name.rsplit(" ", 1)[-1]
    same_kind = conn.execute(
        "SELECT COUNT(*) FROM products WHERE category_id = ? AND id != ? AND name LIKE ?",
        (category_id, product_id, f"% {kind}"),
    ).fetchone()[0]
    firsts = [rows[item][1].endswith(f" {kind}") for item in related]
    assert firsts == sorted(firsts, reverse=True)
    assert sum(firsts) == min(same_kind, RELATED_COUNT)
    assert _related(client.get(f"/product/{slug}").get_data(as_text=True)) == related
    for item in related:
        assert client.get(f"/product/{item}").status_code == 200


def test_disabled_products_are_not_related(client: FlaskClient, conn: sqlite3.Connection) -> None:
    slug = conn.execute("SELECT slug FROM products WHERE id = 5").fetchone()[0]
    first = _related(client.get(f"/product/{slug}").get_data(as_text=True))[0]
    conn.execute(
        "INSERT OR REPLACE INTO product_attributes (product_id, enabled)"
        " SELECT id, 0 FROM products WHERE slug = ?",
        (first,),
    )
    conn.commit()
    assert first not in _related(client.get(f"/product/{slug}").get_data(as_text=True))
