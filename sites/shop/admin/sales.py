"""Sales: the orders grid, the order view and its actions, invoices and shipments."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...core.db import get_db
from ..cart import ADDRESS_FIELDS
from . import orders
from .datagen import CARRIERS
from .grid import Column, Filter, GridSpec, load_grid
from .staff import staff_required

bp = Blueprint("sales", __name__, url_prefix="/sales")

STATUS_SQL = "CASE WHEN h.order_id IS NOT NULL THEN 'On Hold' ELSE o.status END"
BILL_NAME_SQL = "COALESCE(b.bill_name, o.ship_name)"

ORDERS_GRID = GridSpec(
    source=(
        "orders o JOIN users u ON u.id = o.user_id"
        " LEFT JOIN order_billing b ON b.order_id = o.id"
        " LEFT JOIN order_holds h ON h.order_id = o.id"
    ),
    select=(
        f"o.number, o.created_at, {BILL_NAME_SQL} AS bill_name, o.ship_name, o.total_cents,"
        f" {STATUS_SQL} AS status, u.email"
    ),
    columns=(
        Column("number", "ID", "o.number"),
        Column("created_at", "Purchase Date", "o.created_at"),
        Column("bill_name", "Bill-to Name", BILL_NAME_SQL),
        Column("ship_name", "Ship-to Name", "o.ship_name"),
        Column("total", "Grand Total", "o.total_cents"),
        Column("status", "Status", STATUS_SQL),
        Column("action", "Action"),
    ),
    filters=(
        Filter("number", "ID", "text", "o.number"),
        Filter("status", "Status", "choice", STATUS_SQL, orders.STATUSES),
        Filter("created", "Purchase Date", "date", "o.created_at"),
        Filter("bill_name", "Bill-to Name", "text", BILL_NAME_SQL),
        Filter("ship_name", "Ship-to Name", "text", "o.ship_name"),
        Filter("total", "Grand Total", "money", "o.total_cents"),
    ),
    keyword_sql=(
        "o.number",
        BILL_NAME_SQL,
        "o.ship_name",
        "u.email",
        "u.first_name || ' ' || u.last_name",
    ),
    default_sort="created_at",
    default_dir="desc",
    tiebreak="o.id",
    noun="orders",
)

INVOICES_GRID = GridSpec(
    source=(
        "invoices i JOIN orders o ON o.id = i.order_id"
        " LEFT JOIN order_billing b ON b.order_id = o.id"
    ),
    select=(
        f"i.number, i.created_at, o.number AS order_number, o.created_at AS order_date,"
        f" {BILL_NAME_SQL} AS bill_name, i.status, i.total_cents"
    ),
    columns=(
        Column("number", "Invoice", "i.number"),
        Column("created_at", "Invoice Date", "i.created_at"),
        Column("order_number", "Order #", "o.number"),
        Column("order_date", "Order Date", "o.created_at"),
        Column("bill_name", "Bill-to Name", BILL_NAME_SQL),
        Column("status", "Status", "i.status"),
        Column("total", "Amount", "i.total_cents"),
    ),
    filters=(
        Filter("number", "Invoice", "text", "i.number"),
        Filter("order_number", "Order #", "text", "o.number"),
        Filter("created", "Invoice Date", "date", "i.created_at"),
        Filter("bill_name", "Bill-to Name", "text", BILL_NAME_SQL),
        Filter("total", "Amount", "money", "i.total_cents"),
    ),
    keyword_sql=("i.number", "o.number", BILL_NAME_SQL),
    default_sort="created_at",
    default_dir="desc",
    tiebreak="i.id",
    noun="invoices",
)

SHIPMENTS_GRID = GridSpec(
    source="shipments s JOIN orders o ON o.id = s.order_id",
    select=(
        "s.number, s.created_at, o.number AS order_number, o.created_at AS order_date,"
        " o.ship_name, s.carrier, s.tracking_number, s.total_qty"
    ),
    columns=(
        Column("number", "Shipment", "s.number"),
        Column("created_at", "Ship Date", "s.created_at"),
        Column("order_number", "Order #", "o.number"),
        Column("order_date", "Order Date", "o.created_at"),
        Column("ship_name", "Ship-to Name", "o.ship_name"),
        Column("carrier", "Carrier", "s.carrier"),
        Column("tracking_number", "Tracking Number", "s.tracking_number"),
        Column("total_qty", "Total Quantity", "s.total_qty"),
    ),
    filters=(
        Filter("number", "Shipment", "text", "s.number"),
        Filter("order_number", "Order #", "text", "o.number"),
        Filter("created", "Ship Date", "date", "s.created_at"),
        Filter("ship_name", "Ship-to Name", "text", "o.ship_name"),
        Filter("carrier", "Carrier", "choice", "s.carrier", CARRIERS),
        Filter("tracking_number", "Tracking Number", "text", "s.tracking_number"),
    ),
    keyword_sql=("s.number", "o.number", "o.ship_name", "s.tracking_number"),
    default_sort="created_at",
    default_dir="desc",
    tiebreak="s.id",
    noun="shipments",
)


@bp.route("/orders")
@staff_required("sales")
def orders_grid() -> str:
    """The orders grid."""
    return render_template("admin/sales/orders.html", grid=load_grid(ORDERS_GRID, request.args))


@bp.route("/invoices")
@staff_required("sales")
def invoices() -> str:
    """The invoices grid."""
    return render_template("admin/sales/invoices.html", grid=load_grid(INVOICES_GRID, request.args))


@bp.route("/shipments")
@staff_required("sales")
def shipments() -> str:
    """The shipments grid."""
    return render_template(
        "admin/sales/shipments.html", grid=load_grid(SHIPMENTS_GRID, request.args)
    )


def _state(number: str) -> orders.OrderState:
    state = orders.load_state(get_db(), number[:20])
    if state is None:
        abort(404, f"There is no order #{number[:20]}.")
    return state


def _billing(state: orders.OrderState) -> sqlite3.Row | None:
    return (
        get_db()
        .execute("SELECT * FROM order_billing WHERE order_id = ?", (state.order["id"],))
        .fetchone()
    )


def _render_view(
    state: orders.OrderState,
    errors: dict[str, str] | None = None,
    status: int = 200,
    form: Any = None,
) -> tuple[str, int]:
    db = get_db()
    order_id = state.order["id"]
    billing = _billing(state)
    return render_template(
        "admin/sales/order_view.html",
        state=state,
        order=state.order,
        customer=db.execute(
            "SELECT * FROM users WHERE id = ?", (state.order["user_id"],)
        ).fetchone(),
        items=db.execute(
            "SELECT * FROM order_items WHERE order_id = ? ORDER BY id", (order_id,)
        ).fetchall(),
        history=db.execute(
            "SELECT * FROM order_status_history WHERE order_id = ?"
            " ORDER BY created_at DESC, id DESC",
            (order_id,),
        ).fetchall(),
        billing_address=orders.address(state, billing, "billing"),
        shipping_address=orders.address(state, billing, "shipping"),
        payment_method=orders.payment_method(billing),
        allowed={
            action: orders.problem(state, action) is None
            for action in ("cancel", "hold", "unhold", "invoice", "ship")
        },
        errors=errors or {},
        form=form or {},
    ), status


@bp.route("/orders/<number>")
@staff_required("sales")
def order_view(number: str) -> tuple[str, int]:
    """One order: items, totals, addresses, payment and shipping, history and actions."""
    return _render_view(_state(number))


@bp.route("/orders/<number>/<action>", methods=("POST",))
@staff_required("sales")
def order_action(number: str, action: str) -> Response | tuple[str, int]:
    """Cancel, hold, release or invoice an order (a refused action is a form error)."""
    perform = orders.ACTIONS.get(action)
    if perform is None:
        abort(404, f"There is no order action {action[:30]!r}.")
    state = _state(number)
    refused = orders.problem(state, action)
    if refused is not None:
        return _render_view(state, {"action": refused}, 400)
    db = get_db()
    flash(perform(db, state, g.staff["username"]), "success")
    db.commit()
    return redirect(url_for("admin.sales.order_view", number=state.order["number"]))


@bp.route("/orders/<number>/comment", methods=("POST",))
@staff_required("sales")
def order_comment(number: str) -> Response | tuple[str, int]:
    """Add a comment to the order's history, optionally notifying the customer."""
    state = _state(number)
    errors: dict[str, str] = {}
    db = get_db()
    message = orders.add_comment(db, state, g.staff["username"], request.form, errors)
    if message is None:
        return _render_view(state, errors, 400, request.form)
    db.commit()
    flash(message, "success")
    return redirect(url_for("admin.sales.order_view", number=state.order["number"]))


@bp.route("/orders/<number>/ship", methods=("GET", "POST"))
@staff_required("sales")
def order_ship(number: str) -> Response | tuple[str, int]:
    """The new-shipment form: carrier, tracking number and an optional comment."""
    state = _state(number)
    refused = orders.problem(state, "ship")
    if refused is not None:
        return _render_view(state, {"action": refused}, 400)
    errors: dict[str, str] = {}
    if request.method == "GET":
        return _render_ship(state, {}, errors, 200)
    carrier, tracking, comment = orders.read_shipment(request.form, errors)
    if errors:
        return _render_ship(state, request.form, errors, 400)
    db = get_db()
    flash(orders.ship(db, state, g.staff["username"], carrier, tracking, comment), "success")
    db.commit()
    return redirect(url_for("admin.sales.order_view", number=state.order["number"]))


def _render_ship(
    state: orders.OrderState, form: Any, errors: dict[str, str], status: int
) -> tuple[str, int]:
    items = (
        get_db()
        .execute("SELECT * FROM order_items WHERE order_id = ? ORDER BY id", (state.order["id"],))
        .fetchall()
    )
    return render_template(
        "admin/sales/ship.html",
        order=state.order,
        items=items,
        carriers=CARRIERS,
        form=form,
        errors=errors,
    ), status


@bp.route("/orders/<number>/address/<kind>", methods=("GET", "POST"))
@staff_required("sales")
def order_address(number: str, kind: str) -> Response | tuple[str, int]:
    """Edit the order's billing or shipping address."""
    if kind not in orders.ADDRESS_KINDS:
        abort(404, f"An order has no {kind[:30]!r} address; it has billing and shipping.")
    state = _state(number)
    billing = _billing(state)
    if request.method == "GET":
        values: Any = orders.address(state, billing, kind)
        return _render_address(state, kind, values, {}, 200)
    errors: dict[str, str] = {}
    values = orders.read_address(request.form, errors)
    if errors:
        return _render_address(state, kind, request.form, errors, 400)
    db = get_db()
    flash(orders.save_address(db, state, billing, kind, values, g.staff["username"]), "success")
    db.commit()
    return redirect(url_for("admin.sales.order_view", number=state.order["number"]))


def _render_address(
    state: orders.OrderState, kind: str, form: Any, errors: dict[str, str], status: int
) -> tuple[str, int]:
    return render_template(
        "admin/sales/address.html",
        order=state.order,
        kind=kind,
        fields=ADDRESS_FIELDS,
        form=form,
        errors=errors,
    ), status
