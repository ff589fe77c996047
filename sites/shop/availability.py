"""What the storefront may show and sell, from the back office's product settings.

The back office keeps, beside each ``products`` row, its ``product_attributes``
(enabled, visibility, special price with dates) and ``stock_items`` (quantity, stock
status). The storefront honours them as Magento's does:

- a disabled product is nowhere on the storefront: no page, listing, search result,
  wish-list entry or cart line (Magento drops a disabled product's quote items; here
  its lines are hidden from the cart and deleted with it when an order is placed);
- visibility ``Catalog`` lists a product in categories and on the home page, ``Search``
  in search results, ``Catalog, Search`` in both; only ``Not Visible Individually``
  products have no page;
- a product is in stock when its stock status is In Stock and its quantity is above 0
  (a product without a stock row has none); out of stock, it cannot be bought, and no
  cart line may hold more than the quantity in stock;
- a special price applies from its first to its last day inclusive, on the world's
  date, and only when it is below the regular price;
- placing an order takes its items from stock (a product sold out goes Out of Stock)
  and canceling it puts them back, as Magento's default inventory settings do.

Every storefront query reads products through :data:`PRODUCTS` (``p`` with its
attributes ``pa`` and stock ``si``) and these conditions, so the rules live here once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Final

from ..core.clock import now

STATE_JOINS: Final = (
    " LEFT JOIN product_attributes pa ON pa.product_id = p.id"
    " LEFT JOIN stock_items si ON si.product_id = p.id"
)
"""The joins that give products ``p`` their attributes ``pa`` and stock ``si``."""
PRODUCTS: Final = f"products p{STATE_JOINS}"
"""The storefront's product source: ``p`` joined to its attributes ``pa`` and stock ``si``."""


def join_products(on: str) -> str:
    """``JOIN`` products ``p`` ``ON`` a condition, with their attributes and stock."""
    return f" JOIN products p ON {on}{STATE_JOINS}"


_VISIBILITY = "COALESCE(pa.visibility, 'Catalog, Search')"
ENABLED: Final = "COALESCE(pa.enabled, 1) = 1"
"""SQL: the product is enabled (a product without attributes is)."""
IN_CATALOG: Final = f"({ENABLED} AND {_VISIBILITY} IN ('Catalog', 'Catalog, Search'))"
"""SQL: the product is listed in its categories and may be featured on the home page."""
IN_SEARCH: Final = f"({ENABLED} AND {_VISIBILITY} IN ('Search', 'Catalog, Search'))"
"""SQL: the product is found by the storefront's search."""
HAS_PAGE: Final = f"({ENABLED} AND {_VISIBILITY} != 'Not Visible Individually')"
"""SQL: the product has its own page (and shows in wish lists, as Magento's do)."""
SALABLE_QTY: Final = "(CASE WHEN COALESCE(si.is_in_stock, 0) = 1 THEN COALESCE(si.qty, 0) END)"
"""SQL: how many units may be sold (0 or NULL when out of stock)."""
IN_STOCK: Final = f"(COALESCE({SALABLE_QTY}, 0) > 0)"
"""SQL: the product is in stock."""


def world_day() -> str:
    """The world's date, ``YYYY-MM-DD`` (the day special prices are judged on)."""
    return now().date().isoformat()


def special_active_sql(day: str) -> str:
    """SQL: the product's special price applies on ``day`` (``YYYY-MM-DD``).

    The day is written into the SQL as a literal (it is a formatted date, never user
    input) so the expression composes into any query without positional parameters.
    """
    if len(day) != 10 or not day.replace("-", "").isdigit():
        raise ValueError(f"not a YYYY-MM-DD day: {day!r}")
    return (
        "(pa.special_price_cents IS NOT NULL AND pa.special_price_cents < p.price_cents"
        f" AND (pa.special_from IS NULL OR pa.special_from <= '{day}')"
        f" AND (pa.special_to IS NULL OR pa.special_to >= '{day}'))"
    )


def final_price_sql(day: str | None = None) -> str:
    """SQL: what the product sells for on ``day`` (default: the world's date), in cents."""
    active = special_active_sql(day or world_day())
    return f"(CASE WHEN {active} THEN pa.special_price_cents ELSE p.price_cents END)"


def product_columns(day: str | None = None) -> str:
    """The availability columns every storefront product row carries.

    ``final_price_cents`` (what it sells for), ``salable_qty`` (units that may be sold,
    0 when out of stock) and ``in_stock`` (1 or 0), for products ``p`` of :data:`PRODUCTS`.
    """
    return (
        f"{final_price_sql(day)} AS final_price_cents,"
        f" COALESCE({SALABLE_QTY}, 0) AS salable_qty, {IN_STOCK} AS in_stock"
    )


def stock_problem(name: str, salable_qty: int, quantity: int) -> str | None:
    """Why ``quantity`` units of the product ``name`` cannot be sold, or None if they can."""
    if salable_qty <= 0:
        return f"{name} is out of stock."
    if quantity > salable_qty:
        verb = "is" if salable_qty == 1 else "are"
        return f"Only {salable_qty} of {name} {verb} in stock; you asked for {quantity}."
    return None


def take_from_stock(db: sqlite3.Connection, items: Iterable[tuple[int, int]]) -> int | None:
    """Take ``(product id, quantity)`` items from stock (no commit); a product sold out
    goes Out of Stock.

    Each update is conditional, so two orders placed at once never sell one unit twice.

    Returns:
        None when every item was taken, else the id of the first product without that
        many in stock (the caller rolls back).
    """
    for product_id, quantity in items:
        sold = db.execute(
            "UPDATE stock_items SET qty = qty - ?1, is_in_stock = (qty - ?1 > 0 AND is_in_stock)"
            " WHERE product_id = ?2 AND is_in_stock = 1 AND qty >= ?1",
            (quantity, product_id),
        )
        if sold.rowcount != 1:
            return product_id
    return None


def return_to_stock(db: sqlite3.Connection, order_id: int) -> None:
    """Put a canceled order's items back in stock (no commit).

    A product that had sold out is In Stock again; one without a stock row gets one.
    """
    for product_id, quantity in db.execute(
        "SELECT product_id, SUM(quantity) FROM order_items WHERE order_id = ? GROUP BY product_id",
        (order_id,),
    ).fetchall():
        db.execute("INSERT OR IGNORE INTO stock_items VALUES (?, 0, 0)", (product_id,))
        db.execute(
            "UPDATE stock_items SET qty = qty + ?, is_in_stock = 1 WHERE product_id = ?",
            (quantity, product_id),
        )
