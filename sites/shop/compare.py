"""The compare list: "Add to Compare" on product pages and listings, and the Compare
Products page at ``/catalog/product_compare`` with the products' attributes side by side.

Each customer has one list (``compare_items``); like the cart, it needs an account here
(Magento also keeps one per guest visitor).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.auth import login_required, safe_next
from ..core.clock import now_text
from ..core.db import get_db
from . import availability, specs
from .listing import listing_columns
from .product import find_product

bp = Blueprint("compare", __name__, url_prefix="/catalog/product_compare")

MAX_ITEMS = 5
"""The most products one list compares (the table stays readable)."""


def compare_products(user_id: int) -> list[sqlite3.Row]:
    """The products on a customer's compare list that have a page, in the order added."""
    return (
        get_db()
        .execute(
            f"SELECT c.id AS item_id, p.sku, p.sizes, p.colours, {listing_columns()}"
            f" FROM compare_items c{availability.join_products('p.id = c.product_id')}"
            f" WHERE c.user_id = ? AND {availability.HAS_PAGE} ORDER BY c.id",
            (user_id,),
        )
        .fetchall()
    )


def compare_list() -> list[sqlite3.Row]:
    """The logged-in customer's compare list ([] for a guest), for templates."""
    return compare_products(g.user["id"]) if g.get("user") is not None else []


@dataclass(frozen=True)
class CompareRow:
    """One row of the comparison table: a label and each product's value ("N/A": none)."""

    label: str
    values: tuple[str, ...]


def attribute_rows(products: list[sqlite3.Row]) -> list[CompareRow]:
    """The comparison table's attribute rows: brand, SKU, sizes, colours and every
    specification attribute one of the products has, in display order."""
    by_product: dict[int, dict[str, str]] = {product["id"]: {} for product in products}
    for product in products:
        for code, _label, value in specs.product_specs(product["id"]):
            by_product[product["id"]][code] = value
    rows = [
        CompareRow("Brand", tuple(product["brand"] for product in products)),
        CompareRow("SKU", tuple(product["sku"] for product in products)),
    ]
    for label, column in (("Sizes", "sizes"), ("Colours", "colours")):
        values = tuple(product[column].replace(",", ", ") or "N/A" for product in products)
        if any(value != "N/A" for value in values):
            rows.append(CompareRow(label, values))
    for code, (label, _filterable) in specs.ATTRIBUTES.items():
        values = tuple(by_product[product["id"]].get(code, "N/A") for product in products)
        if any(value != "N/A" for value in values):
            rows.append(CompareRow(label, values))
    return rows


def _product_id(field: str = "product_id") -> int:
    raw = request.form.get(field, "")
    if not (raw.isascii() and raw.isdigit() and len(raw) < 10):
        abort(404, "That product does not exist.")
    return int(raw)


def _back(default: str) -> str:
    """Where a compare form returns to: the page it was sent from, when on this site."""
    return safe_next(request.form.get("next")) or default


@bp.route("")
@login_required
def index() -> str:
    """The Compare Products page."""
    products = compare_products(g.user["id"])
    return render_template("shop/compare.html", products=products, rows=attribute_rows(products))


def add_product(user_id: int, product: sqlite3.Row) -> str | None:
    """Put ``product`` on the customer's compare list (no commit).

    Returns:
        Why it could not be added (the list is full), or None. A product already on
        the list stays as it is.
    """
    db = get_db()
    on_list = db.execute(
        "SELECT 1 FROM compare_items WHERE user_id = ? AND product_id = ?",
        (user_id, product["id"]),
    ).fetchone()
    if on_list is None and len(compare_products(user_id)) >= MAX_ITEMS:
        return (
            f"You can compare at most {MAX_ITEMS} products. Remove one from the comparison"
            " list first."
        )
    db.execute(
        "INSERT OR IGNORE INTO compare_items (user_id, product_id, added_at) VALUES (?, ?, ?)",
        (user_id, product["id"], now_text()),
    )
    return None


@bp.route("/add", methods=("POST",))
@login_required
def add() -> Response:
    """Add a product (``product_id``) to the compare list."""
    product = find_product(f"p.id = ? AND {availability.HAS_PAGE}", _product_id())
    if product is None:
        abort(404, "That product does not exist.")
    target = _back(url_for("product.show", slug=product["slug"]))
    problem = add_product(g.user["id"], product)
    if problem is not None:
        flash(problem, "error")
        return redirect(target)
    get_db().commit()
    flash(f"You added product {product['name']} to the comparison list.", "success")
    return redirect(target)


@bp.route("/remove", methods=("POST",))
@login_required
def remove() -> Response:
    """Take a product (``product_id``) off the compare list."""
    product_id = _product_id()
    db = get_db()
    row = db.execute(
        "SELECT p.name FROM compare_items c JOIN products p ON p.id = c.product_id"
        " WHERE c.user_id = ? AND c.product_id = ?",
        (g.user["id"], product_id),
    ).fetchone()
    if row is None:
        abort(404, "That product is not on your comparison list.")
    db.execute(
        "DELETE FROM compare_items WHERE user_id = ? AND product_id = ?",
        (g.user["id"], product_id),
    )
    db.commit()
    flash(f"You removed product {row['name']} from the comparison list.", "success")
    return redirect(_back(url_for("compare.index")))


@bp.route("/clear", methods=("POST",))
@login_required
def clear() -> Response:
    """Empty the compare list."""
    db = get_db()
    db.execute("DELETE FROM compare_items WHERE user_id = ?", (g.user["id"],))
    db.commit()
    flash("You cleared the comparison list.", "success")
    return redirect(_back(url_for("compare.index")))
