"""Customers: the customers grid, a customer's account, addresses, orders and reviews."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...core import forms as core_forms
from ...core.db import get_db
from ..cart import ADDRESS_FIELDS
from ..forms import text
from .datagen import CUSTOMER_GROUPS
from .grid import Column, Filter, GridSpec, load_grid
from .staff import staff_required

bp = Blueprint("customers", __name__, url_prefix="/customers")

NAME_SQL = "u.first_name || ' ' || u.last_name"
# The default address's phone, city and state (a customer may have none).
PHONE_SQL = "COALESCE(d.phone, '')"
CITY_SQL = "COALESCE(d.city, '')"
STATE_SQL = "COALESCE(d.state, '')"
GROUP_SQL = "COALESCE(g.name, 'General')"

CUSTOMERS_GRID = GridSpec(
    source=(
        "users u LEFT JOIN addresses d ON d.user_id = u.id AND d.is_default = 1"
        " LEFT JOIN customer_group_members m ON m.user_id = u.id"
        " LEFT JOIN customer_groups g ON g.id = m.group_id"
    ),
    select=(
        f"u.id, {NAME_SQL} AS name, u.email, {PHONE_SQL} AS phone, {CITY_SQL} AS city,"
        f" {STATE_SQL} AS state, u.created_at, {GROUP_SQL} AS customer_group"
    ),
    columns=(
        Column("id", "ID", "u.id"),
        Column("name", "Name", NAME_SQL),
        Column("email", "Email", "u.email"),
        Column("phone", "Phone", PHONE_SQL),
        Column("city", "City", CITY_SQL),
        Column("state", "State/Province", STATE_SQL),
        Column("group", "Group", GROUP_SQL),
        Column("created_at", "Customer Since", "u.created_at"),
        Column("action", "Action"),
    ),
    filters=(
        Filter("name", "Name", "text", NAME_SQL),
        Filter("email", "Email", "text", "u.email"),
        Filter("phone", "Phone", "text", PHONE_SQL),
        Filter("city", "City", "text", CITY_SQL),
        Filter("state", "State/Province", "text", STATE_SQL),
        Filter("group", "Group", "choice", GROUP_SQL, CUSTOMER_GROUPS),
        Filter("created", "Customer Since", "date", "u.created_at"),
    ),
    keyword_sql=(NAME_SQL, "u.email", "u.username", PHONE_SQL, CITY_SQL),
    default_sort="id",
    default_dir="asc",
    tiebreak="u.id",
    noun="customers",
)


@bp.route("")
@staff_required("customers")
def customers_grid() -> str:
    """The customers grid."""
    return render_template(
        "admin/customers/customers.html", grid=load_grid(CUSTOMERS_GRID, request.args)
    )


def _group(customer_id: int) -> str:
    """The name of the customer's group (General without a membership row)."""
    row = (
        get_db()
        .execute(
            "SELECT g.name FROM customer_group_members m JOIN customer_groups g"
            " ON g.id = m.group_id WHERE m.user_id = ?",
            (customer_id,),
        )
        .fetchone()
    )
    return str(row[0]) if row is not None else CUSTOMER_GROUPS[0]


def _customer(customer_id: int) -> Any:
    customer = get_db().execute("SELECT * FROM users WHERE id = ?", (customer_id,)).fetchone()
    if customer is None:
        abort(404, f"There is no customer with ID {customer_id}.")
    return customer


@bp.route("/<int(max=999999999):customer_id>")
@staff_required("customers")
def customer_view(customer_id: int) -> str:
    """A customer's account, addresses, orders and reviews."""
    customer = _customer(customer_id)
    db = get_db()
    return render_template(
        "admin/customers/view.html",
        customer=customer,
        group=_group(customer_id),
        addresses=db.execute(
            "SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id",
            (customer_id,),
        ).fetchall(),
        orders=db.execute(
            "SELECT o.number, o.created_at, o.total_cents, CASE WHEN h.order_id IS NOT NULL"
            " THEN 'On Hold' ELSE o.status END AS status FROM orders o"
            " LEFT JOIN order_holds h ON h.order_id = o.id WHERE o.user_id = ?"
            " ORDER BY o.created_at DESC, o.id DESC",
            (customer_id,),
        ).fetchall(),
        reviews=db.execute(
            "SELECT r.*, p.name AS product FROM reviews r JOIN products p ON p.id = r.product_id"
            " WHERE r.user_id = ? ORDER BY r.created_at DESC, r.id DESC",
            (customer_id,),
        ).fetchall(),
    )


@bp.route("/<int(max=999999999):customer_id>/edit", methods=("GET", "POST"))
@staff_required("customers")
def customer_edit(customer_id: int) -> Response | tuple[str, int]:
    """Edit a customer's name, email and newsletter subscription."""
    customer = _customer(customer_id)
    if request.method == "GET":
        return render_template(
            "admin/customers/edit.html",
            customer=customer,
            form={**dict(customer), "group": _group(customer_id)},
            errors={},
            groups=CUSTOMER_GROUPS,
        ), 200
    errors: dict[str, str] = {}
    first = text(request.form, "first_name", "First Name", errors, max_length=100)
    last = text(request.form, "last_name", "Last Name", errors, max_length=100)
    email = core_forms.email(request.form, errors)
    newsletter = request.form.get("newsletter") == "1"
    group = request.form.get("group", "")
    if group not in CUSTOMER_GROUPS:
        errors["group"] = f"Group must be one of: {', '.join(CUSTOMER_GROUPS)}."
    if errors:
        form = {**request.form.to_dict(), "newsletter": int(newsletter)}
        return render_template(
            "admin/customers/edit.html",
            customer=customer,
            form=form,
            errors=errors,
            groups=CUSTOMER_GROUPS,
        ), 400
    db = get_db()
    db.execute(
        "UPDATE users SET first_name = ?, last_name = ?, email = ?, newsletter = ? WHERE id = ?",
        (first, last, email, int(newsletter), customer_id),
    )
    db.execute(
        "INSERT OR REPLACE INTO customer_group_members (user_id, group_id)"
        " SELECT ?, id FROM customer_groups WHERE name = ?",
        (customer_id, group),
    )
    db.commit()
    flash("You saved the customer.", "success")
    return redirect(url_for("admin.customers.customer_view", customer_id=customer_id))


@bp.route(
    "/<int(max=999999999):customer_id>/addresses/<int(max=999999999):address_id>",
    methods=("GET", "POST"),
)
@staff_required("customers")
def address_edit(customer_id: int, address_id: int) -> Response | tuple[str, int]:
    """Edit one of a customer's saved addresses."""
    customer = _customer(customer_id)
    db = get_db()
    address = db.execute(
        "SELECT * FROM addresses WHERE id = ? AND user_id = ?", (address_id, customer_id)
    ).fetchone()
    if address is None:
        abort(404, f"Customer {customer_id} has no address {address_id}.")
    if request.method == "GET":
        return render_template(
            "admin/customers/address.html",
            customer=customer,
            address=address,
            form=dict(address),
            errors={},
            fields=ADDRESS_FIELDS,
        ), 200
    errors: dict[str, str] = {}
    values = {
        name: text(request.form, name, label, errors, max_length=limit)
        for name, label, limit, _ in ADDRESS_FIELDS
    }
    if errors:
        return render_template(
            "admin/customers/address.html",
            customer=customer,
            address=address,
            form=request.form,
            errors=errors,
            fields=ADDRESS_FIELDS,
        ), 400
    assignments = ", ".join(f"{name} = ?" for name, *_ in ADDRESS_FIELDS)
    db.execute(f"UPDATE addresses SET {assignments} WHERE id = ?", (*values.values(), address_id))
    db.commit()
    flash("You saved the address.", "success")
    return redirect(url_for("admin.customers.customer_view", customer_id=customer_id))
