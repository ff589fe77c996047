"""Reading and saving the back office's product form and mass updates.

A product is a ``products`` row (name, SKU, price, brand, description, category) with
its ``product_attributes`` (enabled, visibility, special price and dates) and
``stock_items`` (quantity, stock status) rows. A product is ``Configurable Product``
when it has size or colour options (its variants, edited as comma-separated lists), else
``Simple Product``. The functions here write
but never commit.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.clock import now_text
from ...core.slugs import slugify
from ..forms import LONG_TEXT_LIMIT, text
from ..listing import parse_amount
from .grid import parse_day

VISIBILITIES = ("Not Visible Individually", "Catalog", "Search", "Catalog, Search")
TYPE_SQL = (
    "CASE WHEN p.sizes != '' OR p.colours != '' THEN 'Configurable Product'"
    " ELSE 'Simple Product' END"
)
TYPES = ("Simple Product", "Configurable Product")
SKU = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
MAX_QTY = 1_000_000
MAX_PRICE_CENTS = 100_000_000
OPTION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ./-]{0,19}$")
MAX_OPTIONS = 12

FIELDS = (
    "name", "sku", "brand", "price", "special_price", "special_from", "special_to",
    "enabled", "visibility", "qty", "in_stock", "category_id", "description", "sizes", "colours",
)  # fmt: skip
"""The product form's fields."""


def load(db: sqlite3.Connection, product_id: int) -> sqlite3.Row | None:
    """A product with its attributes and stock (defaults where a row is missing)."""
    return db.execute(
        "SELECT p.*, COALESCE(a.enabled, 1) AS enabled,"
        " COALESCE(a.visibility, 'Catalog, Search') AS visibility, a.special_price_cents,"
        " a.special_from, a.special_to, COALESCE(s.qty, 0) AS qty,"
        f" COALESCE(s.is_in_stock, 0) AS in_stock, {TYPE_SQL} AS type"
        " FROM products p LEFT JOIN product_attributes a ON a.product_id = p.id"
        " LEFT JOIN stock_items s ON s.product_id = p.id WHERE p.id = ?",
        (product_id,),
    ).fetchone()


def form_values(product: sqlite3.Row) -> dict[str, str]:
    """The form's fields filled from a product (as :func:`load` returns it)."""

    def money(cents: int | None) -> str:
        return "" if cents is None else f"{cents // 100}.{cents % 100:02d}"

    return {
        "name": product["name"],
        "sku": product["sku"],
        "brand": product["brand"],
        "price": money(product["price_cents"]),
        "special_price": money(product["special_price_cents"]),
        "special_from": product["special_from"] or "",
        "special_to": product["special_to"] or "",
        "enabled": "1" if product["enabled"] else "0",
        "visibility": product["visibility"],
        "qty": str(product["qty"]),
        "in_stock": "1" if product["in_stock"] else "0",
        "category_id": str(product["category_id"]),
        "description": product["description"],
        "sizes": product["sizes"].replace(",", ", "),
        "colours": product["colours"].replace(",", ", "),
    }


def subcategories(db: sqlite3.Connection) -> list[sqlite3.Row]:
    """The categories a product can be in (the subcategories), as ``Top / Sub``."""
    return db.execute(
        "SELECT c.id, t.name || ' / ' || c.name AS path FROM categories c"
        " JOIN categories t ON t.id = c.parent_id ORDER BY t.position, c.position"
    ).fetchall()


def _money(
    form: Mapping[str, str], name: str, label: str, errors: dict[str, str], *, required: bool
) -> int | None:
    raw = form.get(name, "").strip()[:50]
    if not raw:
        if required:
            errors[name] = f"{label} is required."
        return None
    cents = parse_amount(raw)
    if cents is None or cents > MAX_PRICE_CENTS:
        errors[name] = f"{label} must be an amount in dollars, like 10 or 24.99."
        return None
    return cents


def _day(form: Mapping[str, str], name: str, label: str, errors: dict[str, str]) -> str | None:
    raw = form.get(name, "").strip()[:50]
    if not raw:
        return None
    day = parse_day(raw)
    if day is None:
        errors[name] = f"{label} must be a date like 2024-03-05 or 03/05/2024."
        return None
    return day.isoformat()


def _choice(
    form: Mapping[str, str], name: str, label: str, choices: Sequence[str], errors: dict[str, str]
) -> str:
    value = form.get(name, "")
    if value not in choices:
        errors[name] = f"{label} must be one of: {', '.join(choices)}."
    return value


def _quantity(form: Mapping[str, str], name: str, errors: dict[str, str]) -> int | None:
    raw = form.get(name, "").strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 10 and int(raw) <= MAX_QTY:
        return int(raw)
    errors[name] = f"Quantity must be a whole number from 0 to {MAX_QTY:,}."
    return None


def _options(form: Mapping[str, str], name: str, label: str, errors: dict[str, str]) -> str:
    """A comma-separated list of variant options, stored as ``a,b,c`` ('' for none)."""
    raw = form.get(name, "")[:500]
    options = [option.strip() for option in raw.split(",") if option.strip()]
    if len(options) > MAX_OPTIONS:
        errors[name] = f"{label} may list at most {MAX_OPTIONS} options."
    elif any(not OPTION.match(option) for option in options):
        errors[name] = (
            f"Each of the {label.lower()} must be 1 to 20 letters, digits, spaces, '.', '/' or"
            " '-', separated by commas."
        )
    elif len({option.lower() for option in options}) != len(options):
        errors[name] = f"{label} must not list an option twice."
    return ",".join(options)


def read_form(
    db: sqlite3.Connection, form: Mapping[str, str], errors: dict[str, str], product_id: int | None
) -> dict[str, Any]:
    """The product form's values, checked; problems in ``errors`` by field.

    Args:
        db: The shop database (SKU uniqueness and categories are checked against it).
        form: The submitted form.
        errors: Field name -> message.
        product_id: The product being edited, None for a new one.
    """
    values: dict[str, Any] = {
        "name": text(form, "name", "Product Name", errors, max_length=200),
        "sku": text(form, "sku", "SKU", errors, max_length=64),
        "brand": text(form, "brand", "Brand", errors, max_length=100),
        "description": text(
            form,
            "description",
            "Description",
            errors,
            max_length=LONG_TEXT_LIMIT,
            unix_newlines=True,
        ),
        "price_cents": _money(form, "price", "Price", errors, required=True),
        "special_price_cents": _money(
            form, "special_price", "Special Price", errors, required=False
        ),
        "special_from": _day(form, "special_from", "Special Price From", errors),
        "special_to": _day(form, "special_to", "Special Price To", errors),
        "enabled": _choice(form, "enabled", "Enable Product", ("0", "1"), errors) == "1",
        "visibility": _choice(form, "visibility", "Visibility", VISIBILITIES, errors),
        "qty": _quantity(form, "qty", errors),
        "in_stock": _choice(form, "in_stock", "Stock Status", ("0", "1"), errors) == "1",
        "sizes": _options(form, "sizes", "Sizes", errors),
        "colours": _options(form, "colours", "Colours", errors),
    }
    if "sku" not in errors:
        if not SKU.match(values["sku"]):
            errors["sku"] = (
                "SKU must be letters, digits, '-' or '_', starting with a letter or digit."
            )
        elif db.execute(
            "SELECT 1 FROM products WHERE sku = ? AND id != ?", (values["sku"], product_id or 0)
        ).fetchone():
            errors["sku"] = f"The SKU {values['sku']} is already used by another product."
    special, price = values["special_price_cents"], values["price_cents"]
    if special is not None and price is not None and special >= price:
        errors["special_price"] = "Special Price must be lower than Price."
    low, high = values["special_from"], values["special_to"]
    if low is not None and high is not None and low > high:
        errors["special_to"] = "Special Price To must not be before Special Price From."
    category = form.get("category_id", "")
    valid = {str(row["id"]) for row in subcategories(db)}
    if category not in valid:
        errors["category_id"] = "Category must be one of the listed categories."
    values["category_id"] = int(category) if category in valid else None
    return values


def _unique_slug(db: sqlite3.Connection, name: str) -> str:
    base = slugify(name, default="product")
    slug, counter = base, 1
    while db.execute("SELECT 1 FROM products WHERE slug = ?", (slug,)).fetchone():
        counter += 1
        slug = f"{base}-{counter}"
    return slug


def save(db: sqlite3.Connection, values: Mapping[str, Any], product_id: int | None) -> int:
    """Store a checked product form (a new product when ``product_id`` is None); its id."""
    if product_id is None:
        cursor = db.execute(
            "INSERT INTO products (category_id, sku, slug, name, brand, price_cents, description,"
            " sizes, colours, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                values["category_id"], values["sku"], _unique_slug(db, values["name"]),
                values["name"], values["brand"], values["price_cents"], values["description"],
                values["sizes"], values["colours"], now_text(),
            ),
        )  # fmt: skip
        product_id = int(cursor.lastrowid or 0)
    else:
        db.execute(
            "UPDATE products SET category_id = ?, sku = ?, name = ?, brand = ?, price_cents = ?,"
            " description = ?, sizes = ?, colours = ? WHERE id = ?",
            (
                values["category_id"], values["sku"], values["name"], values["brand"],
                values["price_cents"], values["description"], values["sizes"], values["colours"],
                product_id,
            ),
        )  # fmt: skip
    db.execute(
        "INSERT OR REPLACE INTO product_attributes VALUES (?, ?, ?, ?, ?, ?)",
        (
            product_id, int(values["enabled"]), values["visibility"],
            values["special_price_cents"], values["special_from"], values["special_to"],
        ),
    )  # fmt: skip
    db.execute(
        "INSERT OR REPLACE INTO stock_items VALUES (?, ?, ?)",
        (product_id, values["qty"], int(values["in_stock"])),
    )
    return product_id


def selected_ids(db: sqlite3.Connection, form: Mapping[str, Any]) -> list[int]:
    """The existing product ids a mass-action form selected (``ids``; unknown ones dropped)."""
    getlist = getattr(form, "getlist", None)
    raw = getlist("ids") if getlist is not None else form.get("ids", [])
    wanted = sorted(
        {
            int(value)
            for value in raw[:1000]
            if value.isascii() and value.isdigit() and len(value) < 10
        }
    )
    if not wanted:
        return []
    marks = ", ".join("?" * len(wanted))
    return [row[0] for row in db.execute(f"SELECT id FROM products WHERE id IN ({marks})", wanted)]


MASS_FIELDS = ("price", "enabled", "visibility", "qty", "in_stock")
"""What the mass Update Attributes form may change (an empty field changes nothing)."""


def read_mass_update(form: Mapping[str, str], errors: dict[str, str]) -> dict[str, Any]:
    """The attributes a mass update changes (only the fields filled in), checked."""
    changes: dict[str, Any] = {}
    if form.get("price", "").strip():
        changes["price_cents"] = _money(form, "price", "Price", errors, required=True)
    if form.get("enabled", ""):
        changes["enabled"] = _choice(form, "enabled", "Enable Product", ("0", "1"), errors) == "1"
    if form.get("visibility", ""):
        changes["visibility"] = _choice(form, "visibility", "Visibility", VISIBILITIES, errors)
    if form.get("qty", "").strip():
        changes["qty"] = _quantity(form, "qty", errors)
    if form.get("in_stock", ""):
        changes["in_stock"] = _choice(form, "in_stock", "Stock Status", ("0", "1"), errors) == "1"
    if not changes and not errors:
        errors["changes"] = "Choose at least one attribute to change."
    return changes


def apply_changes(db: sqlite3.Connection, ids: Sequence[int], changes: Mapping[str, Any]) -> None:
    """Apply checked mass-update ``changes`` to the products ``ids``."""
    for product_id in ids:
        db.execute(
            "INSERT OR IGNORE INTO product_attributes (product_id) VALUES (?)", (product_id,)
        )
        db.execute("INSERT OR IGNORE INTO stock_items VALUES (?, 0, 0)", (product_id,))
        if "price_cents" in changes:
            db.execute(
                "UPDATE products SET price_cents = ? WHERE id = ?",
                (changes["price_cents"], product_id),
            )
        for column in ("enabled", "visibility"):
            if column in changes:
                db.execute(
                    f"UPDATE product_attributes SET {column} = ? WHERE product_id = ?",
                    (changes[column], product_id),
                )
        for column, target in (("qty", "qty"), ("in_stock", "is_in_stock")):
            if column in changes:
                db.execute(
                    f"UPDATE stock_items SET {target} = ? WHERE product_id = ?",
                    (changes[column], product_id),
                )
