"""Product photos, thumbnails and category banners."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.shop import datagen, pictures

SLUG = "ember-porcelain-coffee-mug"


def photos_of(conn: sqlite3.Connection, slug: str) -> list[sqlite3.Row]:
    conn.row_factory = sqlite3.Row
    return conn.execute(
        "SELECT i.* FROM product_images i JOIN products p ON p.id = i.product_id"
        " WHERE p.slug = ? ORDER BY i.position",
        (slug,),
    ).fetchall()


def test_every_product_has_two_to_four_views_front_first(conn: sqlite3.Connection) -> None:
    counts = conn.execute(
        "SELECT p.id, COUNT(i.id), MIN(i.position), MAX(i.position) FROM products p"
        " LEFT JOIN product_images i ON i.product_id = p.id GROUP BY p.id"
    ).fetchall()
    assert counts and all(2 <= n <= 4 and low == 1 and high == n for _, n, low, high in counts)
    fronts = conn.execute("SELECT DISTINCT view FROM product_images WHERE position = 1")
    assert [row[0] for row in fronts] == ["front"]
    views = {row[0] for row in conn.execute("SELECT view FROM product_images")}
    assert views == set(pictures.VIEWS)


def test_photos_show_the_products_colours_and_type(conn: sqlite3.Connection) -> None:
    conn.row_factory = sqlite3.Row
    rows = conn.execute(
        "SELECT p.name, p.colours, i.colour, i.kind, i.view, i.alt FROM product_images i"
        " JOIN products p ON p.id = i.product_id"
    ).fetchall()
    for row in rows:
        if row["colours"]:
            assert row["colour"] in row["colours"].split(","), row["name"]
        assert row["kind"] in pictures.SHAPES
        assert row["alt"].endswith(f", {row['view']} view")
        assert row["colour"].lower() in row["alt"].lower()
    mugs = [row for row in rows if row["name"].endswith("Coffee Mug")]
    assert mugs and {row["kind"] for row in mugs} == {"mug"}
    shirts = [row for row in rows if row["name"].endswith("T-Shirt")]
    assert shirts and {row["kind"] for row in shirts} == {"top"}
    assert any(" ground coffee in a" in row["alt"].lower() for row in rows)


def test_kinds_of_product_nouns() -> None:
    assert pictures.kind_for("Coffee Mug", "Home & Kitchen") == "mug"
    assert pictures.kind_for("Basmati Rice", "Grocery") == "pack"  # not a yoga "mat"
    assert pictures.kind_for("Beard Oil", "Beauty & Personal Care") == "bottle"  # not "ear"
    assert pictures.kind_for("Bookshelf Speakers", "Electronics") == "speaker"
    assert pictures.kind_for("Something New", "Books") == "book"
    assert pictures.describe("Noise-Cancelling", "USB-C Cable") == "noise-cancelling USB-C cable"
    assert pictures.alt_text("porcelain coffee mug", "mug", "Blue", "side") == (
        "Blue porcelain coffee mug, side view"
    )


@pytest.mark.parametrize("kind", sorted(pictures.SHAPES))
def test_every_kind_draws_every_view(kind: str) -> None:
    drawn = {view: pictures.render(kind, "Teal", "Beige", view) for view in pictures.VIEWS}
    assert len(set(drawn.values())) == len(pictures.VIEWS)
    assert all(data.startswith(b"<svg") for data in drawn.values())
    assert pictures.render(kind, "Red", "Beige", "front") != drawn["front"]


def test_product_page_gallery(client: FlaskClient, conn: sqlite3.Connection, page_images) -> None:
    photos = photos_of(conn, SLUG)
    body = client.get(f"/product/{SLUG}").data
    tree = html.fromstring(body)
    (main,) = tree.cssselect(".gallery .shown-photo img")
    assert main.get("alt") == photos[0]["alt"]
    assert main.get("src") == f"/media/products/{photos[0]['id']}.svg"
    assert tree.cssselect(".gallery .photo-count")[0].text_content() == f"Photo 1 of {len(photos)}"
    thumbs = tree.cssselect(".gallery-thumbnails a")
    assert [a.get("href") for a in thumbs] == [
        f"/product/{SLUG}?photo={n}" for n in range(1, len(photos) + 1)
    ]
    related = [img.get("alt") for img in tree.cssselect(".related-products img")]
    assert len(related) == 4  # each related product's main photo
    assert page_images(body) == [photos[0]["alt"], *(photo["alt"] for photo in photos), *related]

    second = html.fromstring(client.get(f"/product/{SLUG}?photo=2").data)
    assert second.cssselect(".gallery .shown-photo img")[0].get("alt") == photos[1]["alt"]
    assert second.cssselect(".gallery-thumbnails a[aria-current]")[0].get("href").endswith("=2")
    for bad in ("0", "99", "x", "-1", "2" * 50):
        page = html.fromstring(client.get(f"/product/{SLUG}?photo={bad}").data)
        assert page.cssselect(".gallery .shown-photo img")[0].get("alt") == photos[0]["alt"]


def test_one_product_page_of_every_kind_shows_its_photos(
    client: FlaskClient, conn: sqlite3.Connection, page_images, check_page
) -> None:
    slugs = conn.execute(
        "SELECT MIN(p.slug) FROM products p JOIN product_images i ON i.product_id = p.id"
        " GROUP BY i.kind"
    ).fetchall()
    assert len(slugs) > 25
    for (slug,) in slugs:
        response = client.get(f"/product/{slug}")
        assert response.status_code == 200
        check_page(response.data)
        names = page_images(response.data)
        assert names and all(name.strip() for name in names)
        assert names[0] == photos_of(conn, slug)[0]["alt"]


def test_photo_urls_serve_cacheable_svg(client: FlaskClient, conn: sqlite3.Connection) -> None:
    for photo in photos_of(conn, SLUG):
        response = client.get(f"/media/products/{photo['id']}.svg")
        assert response.status_code == 200
        assert response.mimetype == "image/svg+xml"
        assert "max-age=" in response.headers["Cache-Control"]
        assert response.data == pictures.render(
            photo["kind"], photo["colour"], photo["backdrop"], photo["view"]
        )
    assert client.get("/media/products/999999.svg").status_code == 404


def test_listings_cart_and_back_office_show_thumbnails(
    client: FlaskClient, conn: sqlite3.Connection, auth, post, staff, page_images
) -> None:
    conn.row_factory = sqlite3.Row
    main = {
        row["product_id"]: row["alt"]
        for row in conn.execute("SELECT product_id, alt FROM product_images WHERE position = 1")
    }
    for url in ("/", "/category/tableware", "/search?q=mug"):
        tree = html.fromstring(client.get(url).data)
        cards = tree.cssselect(".product-card")
        assert cards, url
        assert all(card.cssselect("img.thumbnail")[0].get("alt") for card in cards)
    listed = page_images(client.get("/search?q=mug").data)
    assert listed and all(name.endswith(", front view") for name in listed)

    product = conn.execute("SELECT * FROM products WHERE slug = ?", (SLUG,)).fetchone()
    auth.login()
    post("/cart/add", {"product_id": product["id"], "colour": "Grey", "quantity": "1"})
    assert main[product["id"]] in page_images(client.get("/cart").data)

    staff.login()
    grid = client.get(f"/admin/catalog/products?sku={product['sku']}").data
    assert page_images(grid) == [main[product["id"]]]
    edit = client.get(f"/admin/catalog/products/{product['id']}").data
    assert page_images(edit) == [photo["alt"] for photo in photos_of(conn, SLUG)]


def test_category_pages_show_their_banner(
    client: FlaskClient, conn: sqlite3.Connection, page_images
) -> None:
    for slug, name in conn.execute("SELECT slug, name FROM categories WHERE id IN (1, 2)"):
        body = client.get(f"/category/{slug}").data
        assert page_images(body)[0] == f"{name} category banner"
        response = client.get(f"/media/categories/{slug}.svg")
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert client.get("/media/categories/no-such-category.svg").status_code == 404


def _world(seed: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    datagen.generate(conn, seed, back_office=False)
    return conn


def _drawn(conn: sqlite3.Connection) -> list[bytes]:
    rows = conn.execute(
        "SELECT kind, colour, backdrop, view FROM product_images WHERE product_id <= 40 ORDER BY id"
    )
    return [pictures.render(*row) for row in rows]


def test_photos_are_the_same_for_a_seed_and_differ_across_seeds_and_products() -> None:
    first, again, other = _drawn(_world(0)), _drawn(_world(0)), _drawn(_world(1))
    assert first == again
    assert first != other
    fronts = _world(0).execute(
        "SELECT kind, colour, backdrop, view FROM product_images WHERE position = 1"
    )
    drawn = [pictures.render(*row) for row in fronts]
    assert len(set(drawn)) > 0.8 * len(drawn)
