"""Customer accounts: login, registration, orders, addresses, wish list and settings."""

from __future__ import annotations

import re
import sqlite3

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import forms as core_forms
from ..core.auth import (
    change_password,
    hash_password,
    log_in,
    log_out,
    login_page,
    login_required,
)
from ..core.clock import now_text
from ..core.db import get_db
from . import availability, forms
from .cart import ADDRESS_FIELDS, add_item, in_cart
from .product import find_product, options

bp = Blueprint("account", __name__, url_prefix="/account")

ORDER_STATUSES = ("Pending", "Processing", "Shipped", "Complete", "Canceled")
ORDERS_PER_PAGE = 10
USERNAME = re.compile(r"^[a-z0-9._-]{3,30}$")


# --- login, logout, registration -------------------------------------------------------


@bp.route("/login", methods=("GET", "POST"))
def login() -> Response | tuple[str, int]:
    """Log a customer in and send them where they were going."""
    return login_page(
        "shop/account/login.html",
        "account.dashboard",
        welcome=lambda user: f"Welcome back, {user['first_name']}!",
    )


@bp.route("/logout", methods=("POST",))
def logout() -> Response:
    """Log the customer out."""
    log_out()
    flash("You have been logged out.", "success")
    return redirect(url_for("catalog.index"))


@bp.route("/register", methods=("GET", "POST"))
def register() -> Response | tuple[str, int] | str:
    """Create a customer account and log it in."""
    if request.method == "GET":
        return render_template("shop/account/register.html", errors={}, form={})
    errors: dict[str, str] = {}
    username = forms.text(request.form, "username", "Username", errors, max_length=30).lower()
    if "username" not in errors and not USERNAME.match(username):
        errors["username"] = (
            "Username must be 3 to 30 characters: lower-case letters, digits, '.', '_' or '-'."
        )
    email = core_forms.email(request.form, errors)
    first_name = forms.text(request.form, "first_name", "First name", errors, max_length=100)
    last_name = forms.text(request.form, "last_name", "Last name", errors, max_length=100)
    password = core_forms.new_password(
        request.form, errors, "password", "confirm_password", "Password"
    )
    db = get_db()
    if (
        "username" not in errors
        and db.execute("SELECT 1 FROM users WHERE username = ?", (username,)).fetchone()
    ):
        errors["username"] = f"The username {username} is already taken."
    if errors:
        return render_template("shop/account/register.html", errors=errors, form=request.form), 400
    cursor = db.execute(
        "INSERT INTO users (username, password_hash, first_name, last_name, email, newsletter,"
        " created_at) VALUES (?, ?, ?, ?, ?, 0, ?)",
        (username, hash_password(password, username), first_name, last_name, email, now_text()),
    )
    db.commit()
    log_in(int(cursor.lastrowid or 0))
    flash("Thank you for registering! Your account has been created.", "success")
    return redirect(url_for("account.dashboard"))


# --- dashboard and orders -------------------------------------------------------------


def _default_address() -> sqlite3.Row | None:
    return (
        get_db()
        .execute("SELECT * FROM addresses WHERE user_id = ? AND is_default = 1", (g.user["id"],))
        .fetchone()
    )


@bp.route("")
@login_required
def dashboard() -> str:
    """Show contact details, default address and recent orders."""
    recent = (
        get_db()
        .execute(
            "SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 5",
            (g.user["id"],),
        )
        .fetchall()
    )
    return render_template("shop/account/dashboard.html", recent=recent, address=_default_address())


@bp.route("/orders")
@login_required
def orders() -> str:
    """List the customer's orders, newest first, optionally of one status."""
    status = request.args.get("status", "")
    where, params = "user_id = ?", [g.user["id"]]
    if status in ORDER_STATUSES:
        where += " AND status = ?"
        params.append(status)
    else:
        status = ""
    db = get_db()
    total = db.execute(f"SELECT COUNT(*) FROM orders WHERE {where}", params).fetchone()[0]
    pages = max(1, -(-total // ORDERS_PER_PAGE))
    page_text = request.args.get("page", "1")
    page = (
        int(page_text)
        if page_text.isascii() and page_text.isdigit() and len(page_text) < 7 and int(page_text) > 0
        else 1
    )
    if page > pages:
        abort(404, f"Page {page} does not exist; there are {pages} pages.")
    rows = db.execute(
        f"SELECT * FROM orders WHERE {where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
        [*params, ORDERS_PER_PAGE, (page - 1) * ORDERS_PER_PAGE],
    ).fetchall()
    return render_template(
        "shop/account/orders.html",
        orders=rows,
        status=status,
        statuses=ORDER_STATUSES,
        page=page,
        pages=pages,
        total=total,
        first=(page - 1) * ORDERS_PER_PAGE + 1,
    )


def _own_order(number: str) -> sqlite3.Row:
    order = (
        get_db()
        .execute("SELECT * FROM orders WHERE number = ? AND user_id = ?", (number, g.user["id"]))
        .fetchone()
    )
    if order is None:
        abort(404, f"You have no order number {number}.")
    return order


@bp.route("/orders/<number>")
@login_required
def order_detail(number: str) -> str:
    """Show one of the customer's orders, with its invoice and shipment once there are."""
    order = _own_order(number)
    db = get_db()
    items = db.execute(
        f"SELECT oi.*, p.slug, {availability.HAS_PAGE} AS has_page FROM order_items oi"
        f"{availability.join_products('p.id = oi.product_id')}"
        " WHERE oi.order_id = ? ORDER BY oi.id",
        (order["id"],),
    ).fetchall()
    invoices = db.execute(
        "SELECT * FROM invoices WHERE order_id = ? ORDER BY id", (order["id"],)
    ).fetchall()
    shipments = db.execute(
        "SELECT * FROM shipments WHERE order_id = ? ORDER BY id", (order["id"],)
    ).fetchall()
    return render_template(
        "shop/account/order_detail.html",
        order=order,
        items=items,
        invoices=invoices,
        shipments=shipments,
    )


@bp.route("/orders/<number>/cancel", methods=("POST",))
@login_required
def cancel_order(number: str) -> Response:
    """Cancel a Pending order; its items go back in stock."""
    order = _own_order(number)
    if order["status"] != "Pending":
        flash(f"Order {number} is {order['status']} and can no longer be canceled.", "error")
        return redirect(url_for("account.order_detail", number=number))
    db = get_db()
    db.execute(
        "UPDATE orders SET status = 'Canceled', updated_at = ? WHERE id = ?",
        (now_text(), order["id"]),
    )
    availability.return_to_stock(db, order["id"])
    db.commit()
    flash(f"Order {number} has been canceled.", "success")
    return redirect(url_for("account.order_detail", number=number))


def reorder_items(user: sqlite3.Row, order_id: int) -> tuple[list[str], list[str]]:
    """Put the items of one of ``user``'s orders into their cart again (no commit).

    Each line goes through :func:`~webenv.sites.shop.cart.add_item` with its size, colour
    and quantity, so a product without a page, out of stock, short of stock or no longer
    offered in that option is left out.

    Returns:
        The names of the products added, and a sentence naming each left out and why.
    """
    added: list[str] = []
    skipped: list[str] = []
    for line in (
        get_db()
        .execute("SELECT * FROM order_items WHERE order_id = ? ORDER BY id", (order_id,))
        .fetchall()
    ):
        product = find_product("p.id = ?", line["product_id"])
        errors: dict[str, str] = {}
        fields = {
            "size": line["size"],
            "colour": line["colour"],
            "quantity": str(line["quantity"]),
        }
        if product is None or add_item(user, product, fields, errors) is None:
            name = line["product_name"]
            why = next(iter(errors.values()), f"{name} is not available.")
            skipped.append(why if name in why else f"{name}: {why}")
        else:
            added.append(line["product_name"])
    return added, skipped


@bp.route("/orders/<number>/reorder", methods=("POST",))
@login_required
def reorder(number: str) -> Response:
    """Put the order's items (those still available) into the cart and go to the cart."""
    order = _own_order(number)
    added, skipped = reorder_items(g.user, order["id"])
    get_db().commit()
    if added:
        flash(f"You added to your cart from order #{number}: {', '.join(added)}.", "success")
    if skipped:
        flash(
            f"Some items of order #{number} could not be added to your cart. {' '.join(skipped)}",
            "error",
        )
    return redirect(url_for("cart.view"))


# --- address book ---------------------------------------------------------------------


def _own_address(address_id: int) -> sqlite3.Row:
    address = (
        get_db()
        .execute("SELECT * FROM addresses WHERE id = ? AND user_id = ?", (address_id, g.user["id"]))
        .fetchone()
    )
    if address is None:
        abort(404, f"Your address book has no address {address_id}.")
    return address


@bp.route("/addresses")
@login_required
def addresses() -> str:
    """List the customer's saved addresses."""
    rows = (
        get_db()
        .execute(
            "SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id",
            (g.user["id"],),
        )
        .fetchall()
    )
    return render_template("shop/account/addresses.html", addresses=rows)


def _address_form() -> tuple[dict[str, str], dict[str, str]]:
    errors: dict[str, str] = {}
    values = {
        name: forms.text(request.form, name, label, errors, max_length=limit)
        for name, label, limit, _ in ADDRESS_FIELDS
    }
    return values, errors


def _render_address_form(
    address: sqlite3.Row | None, form: object, errors: dict[str, str], status: int = 200
) -> tuple[str, int]:
    return render_template(
        "shop/account/address_form.html",
        address=address,
        form=form,
        errors=errors,
        fields=ADDRESS_FIELDS,
    ), status


@bp.route("/addresses/new", methods=("GET", "POST"))
@login_required
def address_new() -> Response | tuple[str, int]:
    """Add an address to the address book."""
    if request.method == "GET":
        return _render_address_form(None, {"country": "United States"}, {})
    values, errors = _address_form()
    if errors:
        return _render_address_form(None, request.form, errors, 400)
    db = get_db()
    make_default = bool(request.form.get("is_default")) or _default_address() is None
    if make_default:
        db.execute("UPDATE addresses SET is_default = 0 WHERE user_id = ?", (g.user["id"],))
    db.execute(
        "INSERT INTO addresses (user_id, full_name, street, city, state, postcode, country, phone,"
        " is_default) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (g.user["id"], *values.values(), int(make_default)),
    )
    db.commit()
    flash("The address has been saved.", "success")
    return redirect(url_for("account.addresses"))


@bp.route("/addresses/<int:address_id>/edit", methods=("GET", "POST"))
@login_required
def address_edit(address_id: int) -> Response | tuple[str, int]:
    """Edit a saved address."""
    address = _own_address(address_id)
    if request.method == "GET":
        return _render_address_form(address, dict(address), {})
    values, errors = _address_form()
    if errors:
        return _render_address_form(address, request.form, errors, 400)
    db = get_db()
    db.execute(
        "UPDATE addresses SET full_name = ?, street = ?, city = ?, state = ?, postcode = ?,"
        " country = ?, phone = ? WHERE id = ?",
        (*values.values(), address_id),
    )
    if request.form.get("is_default") and not address["is_default"]:
        _make_default(address_id)
    db.commit()
    flash("The address has been updated.", "success")
    return redirect(url_for("account.addresses"))


def _make_default(address_id: int) -> None:
    db = get_db()
    db.execute("UPDATE addresses SET is_default = 0 WHERE user_id = ?", (g.user["id"],))
    db.execute("UPDATE addresses SET is_default = 1 WHERE id = ?", (address_id,))


@bp.route("/addresses/<int:address_id>/default", methods=("POST",))
@login_required
def address_default(address_id: int) -> Response:
    """Make a saved address the default shipping address."""
    _own_address(address_id)
    _make_default(address_id)
    get_db().commit()
    flash("Your default address has been changed.", "success")
    return redirect(url_for("account.addresses"))


@bp.route("/addresses/<int:address_id>/delete", methods=("POST",))
@login_required
def address_delete(address_id: int) -> Response:
    """Delete a saved address; another one becomes the default if needed."""
    address = _own_address(address_id)
    db = get_db()
    db.execute("DELETE FROM addresses WHERE id = ?", (address_id,))
    if address["is_default"]:
        db.execute(
            "UPDATE addresses SET is_default = 1 WHERE id = (SELECT MIN(id) FROM addresses"
            " WHERE user_id = ?)",
            (g.user["id"],),
        )
    db.commit()
    flash("The address has been deleted.", "success")
    return redirect(url_for("account.addresses"))


# --- wish list ------------------------------------------------------------------------


@bp.route("/wishlist")
@login_required
def wishlist() -> str:
    """List the products on the customer's wish list (those the storefront shows)."""
    items = (
        get_db()
        .execute(
            f"SELECT w.id, w.added_at, p.name, p.slug, p.price_cents,"
            f" {availability.product_columns()} FROM wishlist_items w"
            f"{availability.join_products('p.id = w.product_id')}"
            f" WHERE w.user_id = ? AND {availability.HAS_PAGE} ORDER BY w.id",
            (g.user["id"],),
        )
        .fetchall()
    )
    return render_template("shop/account/wishlist.html", items=items)


@bp.route("/wishlist/add", methods=("POST",))
@login_required
def wishlist_add() -> Response:
    """Add a product to the wish list."""
    raw_id = request.form.get("product_id", "")
    db = get_db()
    product = None
    if raw_id.isascii() and raw_id.isdigit() and len(raw_id) < 10:
        product = find_product(f"p.id = ? AND {availability.HAS_PAGE}", int(raw_id))
    if product is None:
        abort(404, "That product does not exist.")
    db.execute(
        "INSERT OR IGNORE INTO wishlist_items (user_id, product_id, added_at) VALUES (?, ?, ?)",
        (g.user["id"], product["id"], now_text()),
    )
    db.commit()
    flash(f"{product['name']} has been added to your wish list.", "success")
    return redirect(url_for("product.show", slug=product["slug"]))


def _own_wish(item_id: int) -> sqlite3.Row:
    item = (
        get_db()
        .execute(
            "SELECT w.id, p.id AS product_id, p.name, p.slug, p.sizes, p.colours,"
            f" {availability.product_columns()} FROM wishlist_items w"
            f"{availability.join_products('p.id = w.product_id')}"
            f" WHERE w.id = ? AND w.user_id = ? AND {availability.HAS_PAGE}",
            (item_id, g.user["id"]),
        )
        .fetchone()
    )
    if item is None:
        abort(404, f"Your wish list has no item {item_id}.")
    return item


@bp.route("/wishlist/<int:item_id>/remove", methods=("POST",))
@login_required
def wishlist_remove(item_id: int) -> Response:
    """Remove a product from the wish list."""
    item = _own_wish(item_id)
    db = get_db()
    db.execute("DELETE FROM wishlist_items WHERE id = ?", (item_id,))
    db.commit()
    flash(f"{item['name']} has been removed from your wish list.", "success")
    return redirect(url_for("account.wishlist"))


@bp.route("/wishlist/<int:item_id>/move-to-cart", methods=("POST",))
@login_required
def wishlist_move(item_id: int) -> Response:
    """Move a wish-list product into the cart (products with options need a choice first)."""
    item = _own_wish(item_id)
    sizes, colours = options(item)
    if sizes or colours:
        flash(f"Choose options for {item['name']}, then add it to your cart.", "error")
        return redirect(url_for("product.show", slug=item["slug"]))
    problem = availability.stock_problem(
        item["name"], item["salable_qty"], in_cart(g.user["id"], item["product_id"]) + 1
    )
    if problem is not None:
        flash(problem, "error")
        return redirect(url_for("account.wishlist"))
    db = get_db()
    existing = db.execute(
        "SELECT id FROM cart_items WHERE user_id = ? AND product_id = ? AND size = ''"
        " AND colour = ''",
        (g.user["id"], item["product_id"]),
    ).fetchone()
    if existing:
        db.execute(
            "UPDATE cart_items SET quantity = MIN(quantity + 1, ?) WHERE id = ?",
            (forms.MAX_QUANTITY, existing["id"]),
        )
    else:
        db.execute(
            "INSERT INTO cart_items (user_id, product_id, size, colour, quantity, added_at)"
            " VALUES (?, ?, '', '', 1, ?)",
            (g.user["id"], item["product_id"], now_text()),
        )
    db.execute("DELETE FROM wishlist_items WHERE id = ?", (item_id,))
    db.commit()
    flash(f"{item['name']} has been moved to your cart.", "success")
    return redirect(url_for("account.wishlist"))


# --- account details, password, newsletter --------------------------------------------


def _render_details(
    form: object, errors: dict[str, str], password_errors: dict[str, str], status: int = 200
) -> tuple[str, int]:
    return render_template(
        "shop/account/details.html", form=form, errors=errors, password_errors=password_errors
    ), status


@bp.route("/details", methods=("GET", "POST"))
@login_required
def details() -> Response | tuple[str, int]:
    """Edit the customer's name and email."""
    if request.method == "GET":
        return _render_details(dict(g.user), {}, {})
    errors: dict[str, str] = {}
    first_name = forms.text(request.form, "first_name", "First name", errors, max_length=100)
    last_name = forms.text(request.form, "last_name", "Last name", errors, max_length=100)
    email = core_forms.email(request.form, errors)
    if errors:
        return _render_details(request.form, errors, {}, 400)
    db = get_db()
    db.execute(
        "UPDATE users SET first_name = ?, last_name = ?, email = ? WHERE id = ?",
        (first_name, last_name, email, g.user["id"]),
    )
    db.commit()
    flash("Your account details have been saved.", "success")
    return redirect(url_for("account.details"))


@bp.route("/password", methods=("POST",), endpoint="change_password")
@login_required
def password() -> Response | tuple[str, int]:
    """Change the customer's password after checking the current one."""
    errors = change_password(request.form)
    if errors:
        return _render_details(dict(g.user), {}, errors, 400)
    flash("Your password has been changed.", "success")
    return redirect(url_for("account.details"))


@bp.route("/newsletter", methods=("GET", "POST"))
@login_required
def newsletter() -> Response | str:
    """Subscribe to or unsubscribe from the newsletter."""
    if request.method == "GET":
        return render_template("shop/account/newsletter.html")
    subscribed = 1 if request.form.get("newsletter") else 0
    db = get_db()
    db.execute("UPDATE users SET newsletter = ? WHERE id = ?", (subscribed, g.user["id"]))
    db.commit()
    if subscribed:
        flash("You are now subscribed to the newsletter.", "success")
    else:
        flash("You are not subscribed to the newsletter.", "success")
    return redirect(url_for("account.newsletter"))
