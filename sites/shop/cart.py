"""The shopping cart, coupons and checkout."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import format_date, now_text
from ..core.db import RowLike, get_db
from . import availability, forms, pricing
from .datagen import order_number
from .product import find_product, options, render_product

bp = Blueprint("cart", __name__)

ADDRESS_FIELDS = (
    # name, label, max length, autocomplete
    ("full_name", "Full name", 100, "name"),
    ("street", "Street address", 200, "street-address"),
    ("city", "City", 100, "address-level2"),
    ("state", "State", 50, "address-level1"),
    ("postcode", "ZIP code", 20, "postal-code"),
    ("country", "Country", 100, "country-name"),
    ("phone", "Phone", 30, "tel"),
)


@dataclass
class CartSummary:
    """A customer's cart with its money totals (standard shipping)."""

    lines: list[sqlite3.Row] = field(default_factory=list)
    subtotal: int = 0
    coupon: sqlite3.Row | None = None
    """The applied cart price rule, as :func:`find_coupon` returns it."""
    coupon_error: str | None = None
    discount: int = 0
    stock_problems: dict[int, str] = field(default_factory=dict)
    """Product id -> why the cart's quantity of it cannot be sold (checkout refuses)."""

    @property
    def quantity(self) -> int:
        """Number of units in the cart."""
        return sum(line["quantity"] for line in self.lines)

    def shipping(self, method: str = "standard") -> int:
        """Shipping cost of ``method`` for this cart."""
        return pricing.shipping_cents(method, self.subtotal - self.discount)

    def total(self, method: str = "standard") -> int:
        """Order total when shipping with ``method``."""
        return self.subtotal - self.discount + self.shipping(method)


@dataclass(frozen=True)
class CartTotals:
    """The header's mini-cart: units in the cart and their subtotal (cents)."""

    quantity: int
    subtotal: int


def cart_totals(user_id: int) -> CartTotals:
    """How many units are in a user's cart and what they cost on the world's date, as
    :func:`load_cart` counts them (lines of disabled products left out), in one query."""
    row = (
        get_db()
        .execute(
            "SELECT COALESCE(SUM(ci.quantity), 0),"
            f" COALESCE(SUM({availability.final_price_sql()} * ci.quantity), 0)"
            f" FROM cart_items ci{availability.join_products('p.id = ci.product_id')}"
            f" WHERE ci.user_id = ? AND {availability.ENABLED}",
            (user_id,),
        )
        .fetchone()
    )
    return CartTotals(int(row[0]), int(row[1]))


def in_cart(user_id: int, product_id: int) -> int:
    """How many units of a product the user's cart holds, over all its options."""
    row = (
        get_db()
        .execute(
            "SELECT COALESCE(SUM(quantity), 0) FROM cart_items"
            " WHERE user_id = ? AND product_id = ?",
            (user_id, product_id),
        )
        .fetchone()
    )
    return int(row[0])


COUPON_SQL = (
    "SELECT c.*, COALESCE(r.is_active, 1) AS is_active, r.from_date, r.category_id,"
    " k.name AS category_name FROM coupons c"
    " LEFT JOIN price_rule_settings r ON r.coupon_id = c.id"
    " LEFT JOIN categories k ON k.id = r.category_id WHERE c.code = ?"
)


def find_coupon(code: str) -> sqlite3.Row | None:
    """The cart price rule with coupon ``code`` and its settings (active, from, category)."""
    return get_db().execute(COUPON_SQL, (code,)).fetchone()


def eligible_subtotal(cart: CartSummary, coupon: RowLike) -> int:
    """The part of the cart's subtotal a rule discounts: items of its category, or all."""
    category = coupon["category_id"]
    return sum(
        line["line_total"]
        for line in cart.lines
        if category is None or category in (line["category_id"], line["parent_category_id"])
    )


def coupon_problem(coupon: RowLike, cart: CartSummary) -> str | None:
    """Why a cart price rule cannot apply to ``cart`` now, or None if it can.

    As in Magento: an inactive rule's code is not valid; a rule applies from its first
    day (the world's date) to its last; a rule limited to a category needs items of it.
    """
    code = coupon["code"]
    if not coupon["is_active"]:
        return f"The coupon code {code} is not valid."
    if coupon["from_date"] is not None and coupon["from_date"] > availability.world_day():
        return f"Coupon code {code} can be used from {format_date(coupon['from_date'])}."
    if coupon["category_id"] is not None and not eligible_subtotal(cart, coupon):
        return f"Coupon code {code} applies only to products in {coupon['category_name']}."
    return pricing.coupon_problem(coupon, cart.subtotal, now_text())


def load_cart(user: RowLike) -> CartSummary:
    """Return the cart of ``user`` with subtotal, the applied coupon's discount and stock.

    Prices are what each product sells for on the world's date (a special price when
    one applies); lines of disabled products are left out, as Magento drops them.
    """
    db = get_db()
    summary = CartSummary()
    price = availability.final_price_sql()
    summary.lines = db.execute(
        "SELECT ci.id, ci.product_id, ci.size, ci.colour, ci.quantity, p.name, p.slug, p.sku,"
        f" {price} AS price_cents, p.price_cents AS regular_price_cents,"
        f" {price} * ci.quantity AS line_total,"
        f" COALESCE({availability.SALABLE_QTY}, 0) AS salable_qty,"
        f" {availability.HAS_PAGE} AS has_page, p.category_id,"
        " (SELECT parent_id FROM categories WHERE id = p.category_id) AS parent_category_id"
        f" FROM cart_items ci{availability.join_products('p.id = ci.product_id')}"
        f" WHERE ci.user_id = ? AND {availability.ENABLED} ORDER BY ci.id",
        (user["id"],),
    ).fetchall()
    summary.subtotal = sum(line["line_total"] for line in summary.lines)
    wanted: dict[int, int] = {}
    for line in summary.lines:
        wanted[line["product_id"]] = wanted.get(line["product_id"], 0) + line["quantity"]
    for line in summary.lines:
        problem = availability.stock_problem(
            line["name"], line["salable_qty"], wanted[line["product_id"]]
        )
        if problem is not None:
            summary.stock_problems[line["product_id"]] = problem
    if user["cart_coupon"]:
        summary.coupon = find_coupon(user["cart_coupon"])
        if summary.coupon is not None:
            summary.coupon_error = coupon_problem(summary.coupon, summary)
            if summary.coupon_error is None:
                summary.discount = pricing.discount_cents(
                    summary.coupon, eligible_subtotal(summary, summary.coupon)
                )
    return summary


def render_cart(
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    error_item: int | None = None,
    coupon_code: str = "",
) -> tuple[str, int]:
    """Render the cart page, optionally with a rejected form's errors."""
    return render_template(
        "shop/cart.html",
        cart=load_cart(g.user),
        errors=errors or {},
        error_item=error_item,
        coupon_code=coupon_code,
        methods=pricing.SHIPPING_METHODS,
    ), status


def own_item(user: RowLike, item_id: int) -> sqlite3.Row | None:
    """Line ``item_id`` of ``user``'s cart, with its product's ``name`` (None if not theirs)."""
    return (
        get_db()
        .execute(
            "SELECT ci.*, p.name FROM cart_items ci JOIN products p ON p.id = ci.product_id"
            " WHERE ci.id = ? AND ci.user_id = ?",
            (item_id, user["id"]),
        )
        .fetchone()
    )


def _own_item(item_id: int) -> sqlite3.Row:
    item = own_item(g.user, item_id)
    if item is None:
        abort(404, f"Your cart has no item {item_id}.")
    return item


def set_quantity(
    user: RowLike, item: RowLike, fields: Mapping[str, str], errors: dict[str, str]
) -> int | None:
    """Set the quantity of a cart line (as :func:`own_item` gives it) from ``fields`` (no commit).

    The quantity must be 1-99 and, with the cart's other lines of the product, within
    its salable quantity. Returns the new quantity, or None with ``errors["quantity"]``.
    """
    quantity = forms.quantity(fields, errors)
    if not errors:
        product = find_product("p.id = ?", item["product_id"])
        others = in_cart(user["id"], item["product_id"]) - item["quantity"]
        problem = availability.stock_problem(
            item["name"], product["salable_qty"] if product else 0, others + quantity
        )
        if problem is not None:
            errors["quantity"] = problem
    if errors:
        return None
    get_db().execute("UPDATE cart_items SET quantity = ? WHERE id = ?", (quantity, item["id"]))
    return quantity


def remove_item(item: RowLike) -> None:
    """Remove a cart line (as :func:`own_item` gives it) from its cart (no commit)."""
    get_db().execute("DELETE FROM cart_items WHERE id = ?", (item["id"],))


@bp.route("/cart")
@login_required
def view() -> tuple[str, int]:
    """Show the cart with totals, coupon form and checkout link."""
    return render_cart()


UNAVAILABLE = "product"
"""The :func:`add_item` error key: the product has no page (disabled or not visible)."""
OUT_OF_STOCK = "stock"
"""The :func:`add_item` error key: the product is out of stock."""


@dataclass(frozen=True)
class AddedItem:
    """What :func:`add_item` put in the cart."""

    item_id: int
    """The cart line (``cart_items.id``) that holds the units."""
    quantity: int
    """How many units were added."""


def add_item(
    user: RowLike, product: RowLike, fields: Mapping[str, str], errors: dict[str, str]
) -> AddedItem | None:
    """Add units of ``product`` to ``user``'s cart, within its stock (no commit).

    The one implementation of adding to the cart: the product page's form and the REST
    API call it. A product without a page (disabled, or Not Visible Individually) is
    refused under :data:`UNAVAILABLE`, one out of stock under :data:`OUT_OF_STOCK`;
    otherwise ``size`` and ``colour`` must be among the product's options and
    ``quantity`` 1-99, at most 99 on one line and no more than the salable quantity
    over all the cart's lines of the product.

    Args:
        user: The customer (``users`` row).
        product: The product as :func:`~webenv.sites.shop.product.find_product` gives it.
        fields: ``quantity``, ``size`` and ``colour`` (form fields).
        errors: Field name -> message; problems are added.

    Returns:
        The line and quantity added, or None with ``errors`` set.
    """
    db = get_db()
    if not find_product(f"p.id = ? AND {availability.HAS_PAGE}", product["id"]):
        errors[UNAVAILABLE] = f"{product['name']} is not available."
        return None
    if not product["in_stock"]:
        errors[OUT_OF_STOCK] = (
            f"{product['name']} is out of stock and cannot be added to your cart."
        )
        return None
    sizes, colours = options(product)
    size = fields.get("size", "") if sizes else ""
    colour = fields.get("colour", "") if colours else ""
    if sizes and size not in sizes:
        errors["size"] = f"Choose a size: {', '.join(sizes)}."
    if colours and colour not in colours:
        errors["colour"] = f"Choose a colour: {', '.join(colours)}."
    quantity = forms.quantity(fields, errors)
    existing = db.execute(
        "SELECT id, quantity FROM cart_items WHERE user_id = ? AND product_id = ? AND size = ?"
        " AND colour = ?",
        (user["id"], product["id"], size, colour),
    ).fetchone()
    if not errors and existing and existing["quantity"] + quantity > forms.MAX_QUANTITY:
        errors["quantity"] = (
            f"Your cart already has {existing['quantity']} of this item; at most "
            f"{forms.MAX_QUANTITY} fit in one order."
        )
    if not errors:
        problem = availability.stock_problem(
            product["name"], product["salable_qty"], in_cart(user["id"], product["id"]) + quantity
        )
        if problem is not None:
            errors["quantity"] = problem
    if errors:
        return None
    if existing:
        db.execute(
            "UPDATE cart_items SET quantity = quantity + ? WHERE id = ?", (quantity, existing["id"])
        )
        return AddedItem(existing["id"], quantity)
    cursor = db.execute(
        "INSERT INTO cart_items (user_id, product_id, size, colour, quantity, added_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (user["id"], product["id"], size, colour, quantity, now_text()),
    )
    return AddedItem(int(cursor.lastrowid or 0), quantity)


@bp.route("/cart/add", methods=("POST",))
@login_required
def add() -> Response | tuple[str, int]:
    """Add a product (with options and quantity) to the cart, within its stock.

    A product without a page (disabled, or Not Visible Individually) or out of stock is
    refused with a message, however the form was sent.
    """
    raw_id = request.form.get("product_id", "")
    product = None
    if raw_id.isascii() and raw_id.isdigit() and len(raw_id) < 10:
        product = find_product("p.id = ?", int(raw_id))
    if product is None:
        abort(404, "That product does not exist.")
    errors: dict[str, str] = {}
    added = add_item(g.user, product, request.form, errors)
    if UNAVAILABLE in errors:
        flash(errors[UNAVAILABLE], "error")
        return redirect(url_for("cart.view"))
    if OUT_OF_STOCK in errors:
        flash(errors[OUT_OF_STOCK], "error")
        return redirect(url_for("product.show", slug=product["slug"]))
    if added is None:
        return render_product(product, status=400, cart_errors=errors, form=request.form)
    get_db().commit()
    flash(f"You added {added.quantity} × {product['name']} to your cart.", "success")
    return redirect(url_for("product.show", slug=product["slug"]))


@bp.route("/cart/items/<int:item_id>/update", methods=("POST",))
@login_required
def update(item_id: int) -> Response | tuple[str, int]:
    """Change the quantity of a cart line (within the product's stock)."""
    item = _own_item(item_id)
    errors: dict[str, str] = {}
    quantity = set_quantity(g.user, item, request.form, errors)
    if quantity is None:
        return render_cart(status=400, errors=errors, error_item=item_id)
    get_db().commit()
    flash(f"Updated the quantity of {item['name']} to {quantity}.", "success")
    return redirect(url_for("cart.view"))


@bp.route("/cart/items/<int:item_id>/remove", methods=("POST",))
@login_required
def remove(item_id: int) -> Response:
    """Remove a line from the cart."""
    item = _own_item(item_id)
    remove_item(item)
    get_db().commit()
    flash(f"Removed {item['name']} from your cart.", "success")
    return redirect(url_for("cart.view"))


def apply_coupon_code(user: RowLike, code: str, errors: dict[str, str]) -> sqlite3.Row | None:
    """Apply coupon ``code`` (any letter case) to ``user``'s cart (no commit).

    Returns the coupon, or None with ``errors["coupon_code"]`` saying why it cannot
    apply (unknown, inactive, not yet or no longer valid, subtotal or category unmet).
    """
    code = code.strip()
    coupon = None
    if not code:
        errors["coupon_code"] = "Enter a coupon code."
    elif len(code) > 50:
        errors["coupon_code"] = "Coupon codes are at most 50 characters."
    else:
        coupon = find_coupon(code.upper())
        if coupon is None:
            errors["coupon_code"] = f"The coupon code {code} is not valid."
        else:
            problem = coupon_problem(coupon, load_cart(user))
            if problem:
                errors["coupon_code"] = problem
    if errors or coupon is None:
        return None
    get_db().execute("UPDATE users SET cart_coupon = ? WHERE id = ?", (coupon["code"], user["id"]))
    return coupon


def remove_coupon_code(user: RowLike) -> None:
    """Take the coupon off ``user``'s cart (no commit)."""
    get_db().execute("UPDATE users SET cart_coupon = NULL WHERE id = ?", (user["id"],))


@bp.route("/cart/coupon", methods=("POST",))
@login_required
def apply_coupon() -> Response | tuple[str, int]:
    """Apply a coupon code to the cart."""
    code = request.form.get("coupon_code", "")
    errors: dict[str, str] = {}
    coupon = apply_coupon_code(g.user, code, errors)
    if coupon is None:
        return render_cart(status=400, errors=errors, coupon_code=code.strip()[:50])
    get_db().commit()
    flash(f"Coupon {coupon['code']} applied: {pricing.describe_coupon(coupon)}.", "success")
    return redirect(url_for("cart.view"))


@bp.route("/cart/coupon/remove", methods=("POST",))
@login_required
def remove_coupon() -> Response:
    """Remove the coupon from the cart."""
    remove_coupon_code(g.user)
    get_db().commit()
    flash("The coupon was removed.", "success")
    return redirect(url_for("cart.view"))


def saved_addresses(user: RowLike) -> list[sqlite3.Row]:
    """``user``'s address book, the default address first (checkout's first choice)."""
    return (
        get_db()
        .execute(
            "SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id",
            (user["id"],),
        )
        .fetchall()
    )


def checkout_defaults(user: RowLike) -> dict[str, str]:
    """The checkout form as it opens: the first saved address (else a new one), standard
    shipping."""
    addresses = saved_addresses(user)
    return {
        "address_id": str(addresses[0]["id"]) if addresses else "new",
        "shipping_method": "standard",
        "country": "United States",
    }


def _render_checkout(
    cart: CartSummary,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    form: Mapping[str, str] | None = None,
) -> tuple[str, int]:
    return render_template(
        "shop/checkout.html",
        cart=cart,
        addresses=saved_addresses(g.user),
        errors=errors or {},
        form=checkout_defaults(g.user) if form is None else form,
        methods=pricing.SHIPPING_METHODS,
        address_fields=ADDRESS_FIELDS,
    ), status


def checkout_problems(cart: CartSummary) -> list[str]:
    """Why ``cart`` cannot go to checkout at all (empty, or more than is in stock), or []."""
    if not cart.lines:
        return ["Your cart is empty. Add products before checking out."]
    return [problem + " Change your cart to continue." for problem in cart.stock_problems.values()]


SOLD_OUT = "stock"
"""The :func:`place_order` error key: an item sold out while the order was placed."""


def place_order(
    user: RowLike, cart: CartSummary, fields: Mapping[str, str], errors: dict[str, str]
) -> str | None:
    """Place ``user``'s order for ``cart`` from the checkout form's ``fields`` (no commit).

    The one implementation of checkout: the checkout page and the REST API's
    ``payment-information`` call it, on a cart without :func:`checkout_problems`.
    ``address_id`` is one of the user's saved addresses or ``new`` with the
    :data:`ADDRESS_FIELDS` (``save_address`` stores it in the address book);
    ``shipping_method`` is a key of :data:`~webenv.sites.shop.pricing.SHIPPING_METHODS`;
    a coupon that no longer applies must be removed first. Prices, the discount and
    shipping are the cart's (:func:`load_cart`); the items are taken from stock and the
    cart is emptied.

    Returns:
        The new order's number, or None with ``errors`` by field, or under
        :data:`SOLD_OUT` when an item sold out meanwhile (nothing was written: the
        transaction is rolled back).
    """
    db = get_db()
    choice = fields.get("address_id", "")
    address: dict[str, str] = {}
    if choice == "new":
        for name, label, limit, _ in ADDRESS_FIELDS:
            address[name] = forms.text(fields, name, label, errors, max_length=limit)
    else:
        row = None
        if choice.isascii() and choice.isdigit() and len(choice) < 10:
            row = db.execute(
                "SELECT * FROM addresses WHERE id = ? AND user_id = ?",
                (int(choice), user["id"]),
            ).fetchone()
        if row is None:
            errors["address_id"] = "Choose one of your saved addresses or enter a new address."
        else:
            address = {name: row[name] for name, *_ in ADDRESS_FIELDS}
    method = fields.get("shipping_method", "")
    if method not in pricing.SHIPPING_METHODS:
        errors["shipping_method"] = "Choose a shipping method: Standard or Express."
    if cart.coupon_error:
        errors["coupon"] = cart.coupon_error + " Remove it from your cart to continue."
    if errors:
        return None

    stamp = now_text()
    if choice == "new" and fields.get("save_address"):
        has_default = db.execute(
            "SELECT 1 FROM addresses WHERE user_id = ? AND is_default = 1", (user["id"],)
        ).fetchone()
        db.execute(
            "INSERT INTO addresses (user_id, full_name, street, city, state, postcode, country,"
            " phone, is_default) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                user["id"],
                *(address[name] for name, *_ in ADDRESS_FIELDS),
                0 if has_default else 1,
            ),
        )
    order_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM orders").fetchone()[0]
    number = order_number(order_id)
    db.execute(
        "INSERT INTO orders (id, number, user_id, status, created_at, updated_at, item_count,"
        " subtotal_cents, discount_cents, shipping_cents, total_cents, coupon_code,"
        " shipping_method, ship_name, ship_street, ship_city, ship_state, ship_postcode,"
        " ship_country, ship_phone)"
        " VALUES (?, ?, ?, 'Pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            order_id,
            number,
            user["id"],
            stamp,
            stamp,
            cart.quantity,
            cart.subtotal,
            cart.discount,
            cart.shipping(method),
            cart.total(method),
            cart.coupon["code"] if cart.coupon is not None and cart.discount else None,
            method,
            *(address[name] for name, *_ in ADDRESS_FIELDS),
        ),
    )
    db.executemany(
        "INSERT INTO order_items (order_id, product_id, product_name, sku, size, colour,"
        " unit_price_cents, quantity, line_total_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                order_id,
                line["product_id"],
                line["name"],
                line["sku"],
                line["size"],
                line["colour"],
                line["price_cents"],
                line["quantity"],
                line["line_total"],
            )
            for line in cart.lines
        ],
    )
    short = availability.take_from_stock(
        db, ((line["product_id"], line["quantity"]) for line in cart.lines)
    )
    if short is not None:
        db.rollback()
        name = next(line["name"] for line in cart.lines if line["product_id"] == short)
        errors[SOLD_OUT] = f"{name} is no longer in stock in that quantity."
        return None
    db.execute("DELETE FROM cart_items WHERE user_id = ?", (user["id"],))
    db.execute("UPDATE users SET cart_coupon = NULL WHERE id = ?", (user["id"],))
    return number


@bp.route("/checkout", methods=("GET", "POST"))
@login_required
def checkout() -> Response | tuple[str, int]:
    """Choose an address and shipping method, review the order and place it."""
    cart = load_cart(g.user)
    problems = checkout_problems(cart)
    if problems:
        for problem in problems:
            flash(problem, "error")
        return redirect(url_for("cart.view"))
    if request.method == "GET":
        return _render_checkout(cart)
    errors: dict[str, str] = {}
    number = place_order(g.user, cart, request.form, errors)
    if SOLD_OUT in errors:
        flash(errors[SOLD_OUT], "error")
        return redirect(url_for("cart.view"))
    if number is None:
        return _render_checkout(cart, status=400, errors=errors, form=request.form)
    get_db().commit()
    flash(f"Thank you for your order! Your order number is {number}.", "success")
    return redirect(url_for("account.order_detail", number=number))
