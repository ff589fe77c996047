"""The small pieces of product markup the storefront repeats on every tile and row.

A product grid's tile, and its price, rating, stock and "Add to Compare" button,
appear once per product on a category, search or home page; as Jinja macros each call
cost more than the markup it returns, so they are Python template globals (registered in
:func:`webenv.sites.shop.create_app`) returning :class:`~markupsafe.Markup`, with every
value from the database escaped as the templates escaped it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from flask import url_for
from markupsafe import Markup, escape

from ..core.clock import format_date
from ..core.db import RowLike
from ..core.fragments import fragments, remember
from ..core.icons import icon
from ..core.images import picture_tag
from .media import main_photos
from .pricing import format_money

_STAR = icon("star")


def price_block(product: RowLike) -> Markup:
    """A product's price: the special price with the regular one struck out, when it has one.

    Args:
        product: A row with ``price_cents`` and ``final_price_cents``
            (:func:`webenv.sites.shop.availability.product_columns`).
    """
    final, regular = product["final_price_cents"], product["price_cents"]
    if final < regular:
        return Markup(
            f'<span class="price special-price">Special Price {format_money(final)}</span>\n'
            f'<span class="old-price">Regular Price <s>{format_money(regular)}</s></span>'
        )
    return Markup(f'<span class="price">{format_money(regular)}</span>')


def rating_text(rating: float, count: int) -> str:
    """``4.5 out of 5 (12 reviews)``, or ``No reviews yet`` when ``count`` is 0."""
    if not count:
        return "No reviews yet"
    return f"{rating:.1f} out of 5 ({count} review{'' if count == 1 else 's'})"


def stock_text(product: RowLike) -> Markup:
    """``In stock`` or ``Out of stock``, from the row's ``in_stock``."""
    if product["in_stock"]:
        return Markup('<span class="stock in-stock">In stock</span>')
    return Markup('<span class="stock out-of-stock">Out of stock</span>')


def compare_button(product: RowLike, named: bool = False) -> Markup:
    """The "Add to Compare" submit button of a compare form (``compare_form`` in the
    templates) for ``product``; ``named`` adds the product's name to its accessible name,
    for lists where many such buttons share a page."""
    label = f' aria-label="Add to Compare {escape(product["name"])}"' if named else ""
    return Markup(
        f'<button type="submit" name="product_id" value="{escape(product["id"])}"'
        f' class="link-button"{label}>Add to Compare</button>'
    )


def product_tiles(products: Sequence[RowLike]) -> Markup:
    """The ``<ul>`` of a product grid (``product_grid`` in the templates): a
    :func:`product_card` a product, with the main photos of them all in one query; each
    tile is kept by the values it shows (:mod:`~webenv.sites.core.fragments`), as products
    recur from list to list.

    Args:
        products: Listing rows (:func:`webenv.sites.shop.listing.listing_columns`).
    """
    photos = main_photos(product["id"] for product in products)
    memo = fragments("shop product card")
    tiles = "".join(
        f"{remember(memo, _card_key(product, photos), partial(product_card, product, photos))}\n"
        for product in products
    )
    return Markup(f'<ul class="product-grid">\n{tiles}</ul>')


def _card_key(product: RowLike, photos: Mapping[int, tuple[str, str]]) -> tuple[object, ...]:
    """Every value :func:`product_card` shows: a tile is built once per app and key."""
    return (
        product["id"],
        product["slug"],
        product["name"],
        product["price_cents"],
        product["final_price_cents"],
        product["rating"],
        product["review_count"],
        product["in_stock"],
        photos.get(product["id"]),
    )


def product_card(product: RowLike, photos: Mapping[int, tuple[str, str]]) -> Markup:
    """One tile of a product grid (:func:`product_tiles`): main photo, name linked to
    the product page, price, rating, stock when out of it, and the compare button.

    Args:
        product: A listing row (:func:`webenv.sites.shop.listing.listing_columns`).
        photos: The grid's main photos, product id to (URL, alt text)
            (:func:`webenv.sites.shop.media.main_photos`).
    """
    photo = photos.get(product["id"])
    image = "" if photo is None else picture_tag(photo[0], photo[1], 120, "thumbnail")
    url = url_for("product.show", slug=product["slug"])
    rating = escape(rating_text(product["rating"], product["review_count"]))
    stock = "" if product["in_stock"] else f"<p>{stock_text(product)}</p>"
    return Markup(
        f'  <li class="product-card">\n{image}'
        f'    <h2><a href="{escape(url)}">{escape(product["name"])}</a></h2>\n'
        f"    <p>{price_block(product)}</p>\n"
        f'    <p class="rating">{_STAR}{rating}</p>\n'
        f"{stock}    {compare_button(product, named=True)}\n"
        "  </li>"
    )


def review_list(reviews: Sequence[RowLike]) -> Markup:
    """The ``<ul>`` of a product page's reviews: each one's title, rating, nickname,
    date and text (a product page lists all of them, some ten on average).

    Args:
        reviews: ``reviews`` rows, in the order to show them.
    """
    items = "".join(
        "    <li>\n"
        '      <article class="review">\n'
        f"        <h3>{escape(review['title'])}</h3>\n"
        f'        <p class="review-meta">Rated {escape(review["rating"])} out of 5 by'
        f" {escape(review['nickname'])} on {escape(format_date(review['created_at']))}</p>\n"
        f"        <p>{escape(review['body'])}</p>\n"
        "      </article>\n"
        "    </li>\n"
        for review in reviews
    )
    return Markup(f'<ul class="review-list">\n{items}  </ul>')
