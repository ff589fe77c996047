"""The small pieces of product markup the storefront repeats on every tile and row.

Price, rating, stock and the "Add to Compare" button appear once per product on a
category, search or home page; as Jinja macros each call cost more than the markup it
returns, so they are Python template globals (registered in
:func:`webenv.sites.shop.create_app`) returning :class:`~markupsafe.Markup`, with every
value from the database escaped as the templates escaped it.
"""

from __future__ import annotations

from markupsafe import Markup

from ..core.db import RowLike
from .pricing import format_money


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
    label = Markup(' aria-label="Add to Compare {}"').format(product["name"]) if named else ""
    return Markup(
        '<button type="submit" name="product_id" value="{}" class="link-button"{}>'
        "Add to Compare</button>"
    ).format(product["id"], label)
