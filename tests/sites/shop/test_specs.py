"""Product specifications: the More Information table and the Shop By filters."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient
from lxml import html


def test_product_page_shows_more_information(client: FlaskClient, conn: sqlite3.Connection) -> None:
    slug, product_id = conn.execute(
        "SELECT p.slug, p.id FROM products p JOIN categories c ON c.id = p.category_id"
        " WHERE c.name = 'Tableware' ORDER BY p.id LIMIT 1"
    ).fetchone()
    specs = dict(
        conn.execute(
            "SELECT a.label, s.value FROM product_specs s JOIN spec_attributes a"
            " ON a.code = s.attribute WHERE s.product_id = ?",
            (product_id,),
        ).fetchall()
    )
    assert {"Material", "Capacity", "Dimensions", "Weight"} <= set(specs)
    tree = html.fromstring(client.get(f"/product/{slug}").data)
    table = tree.cssselect("section.more-information table")[0]
    shown = {
        row.cssselect("th")[0].text_content(): row.cssselect("td")[0].text_content()
        for row in table.cssselect("tbody tr")
    }
    assert shown == specs


def _facets(tree: html.HtmlElement) -> dict[str, dict[str, int]]:
    facets: dict[str, dict[str, int]] = {}
    nav = tree.cssselect("nav.shop-by")[0]
    for heading in nav.cssselect("h3"):
        items = heading.getnext()
        if items is None or "facet" not in items.get("class", ""):
            continue
        facets[heading.text_content()] = {
            link.text.strip(): int(link.cssselect(".count")[0].text_content().strip("()"))
            for link in items.cssselect("a")
        }
    return facets


def test_filter_by_attribute_with_counts(client: FlaskClient, conn: sqlite3.Connection) -> None:
    tree = html.fromstring(client.get("/category/tableware").data)
    facets = _facets(tree)
    assert set(facets) == {"Material", "Capacity", "Pack Size", "Brand", "Colour"}
    value, count = max(facets["Material"].items(), key=lambda item: item[1])
    expected = conn.execute(
        "SELECT COUNT(*) FROM products p JOIN categories c ON c.id = p.category_id"
        " JOIN product_specs s ON s.product_id = p.id WHERE c.slug = 'tableware'"
        " AND s.attribute = 'material' AND s.value = ?",
        (value,),
    ).fetchone()[0]
    assert count == expected
    link = next(a for a in tree.cssselect("nav.shop-by a") if a.text.strip() == value)
    filtered = html.fromstring(client.get(link.get("href")).data)
    assert f"of {count}" in filtered.cssselect(".result-count")[0].text_content()
    assert "Material" not in _facets(filtered)  # chosen: shown under Now Shopping by
    chosen = filtered.cssselect(".chosen-filters li")[0].text_content()
    assert f"Material: {value}" in chosen
    # every listed product has the value, and the other facets count only those
    capacity = _facets(filtered)["Capacity"]
    assert sum(capacity.values()) == count
    for name in filtered.cssselect(".product-card h2 a"):
        (material,) = conn.execute(
            "SELECT s.value FROM products p JOIN product_specs s ON s.product_id = p.id"
            " AND s.attribute = 'material' WHERE p.name = ?",
            (name.text_content(),),
        ).fetchone()
        assert material == value
    # the filter survives the sort form (a hidden field) and combines with search
    assert filtered.cssselect(f'form.listing-controls input[name="material"][value="{value}"]')
    searched = html.fromstring(client.get("/search", query_string={"q": "mug"}).data)
    assert "Capacity" in _facets(searched)


def test_unknown_attribute_value_lists_nothing(client: FlaskClient) -> None:
    response = client.get("/category/tableware?material=Unobtainium")
    assert response.status_code == 200
    assert b"No products found" in response.data
