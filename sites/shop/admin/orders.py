"""What staff may do to an order, and doing it: Magento's order state rules.

An order's status is ``orders.status``, shown as ``On Hold`` while it has an
``order_holds`` row. The rules (Magento 2's ``canCancel``, ``canHold``, ``canInvoice``,
``canShip``): nothing but a comment or an address change happens to an order on hold;
a canceled order takes no invoice or shipment; an invoiced order can no longer be
canceled; an order is invoiced once and shipped once, in either order; invoiced and
shipped it is Complete. Every change writes a status-history entry and ``updated_at``.
The functions here write but never commit: the view commits once its checks passed.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...core.clock import now_text
from ..availability import return_to_stock
from ..cart import ADDRESS_FIELDS
from ..forms import LONG_TEXT_LIMIT, text
from .datagen import CARRIERS, DEFAULT_PAYMENT, invoice_number, shipment_number

ON_HOLD = "On Hold"
STATUSES = ("Pending", "Processing", "Shipped", "Complete", "Canceled", ON_HOLD)
"""Every status the back office shows (the storefront's five and On Hold)."""
TRACKING = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$")
ADDRESS_KINDS = {"billing": "bill_", "shipping": "ship_"}
"""An order's address kinds and their column prefix."""


@dataclass(frozen=True)
class OrderState:
    """An order with what decides which actions it allows."""

    order: sqlite3.Row
    held: bool
    invoice: sqlite3.Row | None
    shipment: sqlite3.Row | None

    @property
    def status(self) -> str:
        """The status staff see: ``On Hold`` while held, else the order's."""
        return ON_HOLD if self.held else str(self.order["status"])


def load_state(db: sqlite3.Connection, number: str) -> OrderState | None:
    """The order numbered ``number`` and its hold, invoice and shipment (None if no such order)."""
    order = db.execute("SELECT * FROM orders WHERE number = ?", (number,)).fetchone()
    if order is None:
        return None
    order_id = order["id"]
    held = db.execute("SELECT 1 FROM order_holds WHERE order_id = ?", (order_id,)).fetchone()
    return OrderState(
        order=order,
        held=held is not None,
        invoice=db.execute("SELECT * FROM invoices WHERE order_id = ?", (order_id,)).fetchone(),
        shipment=db.execute("SELECT * FROM shipments WHERE order_id = ?", (order_id,)).fetchone(),
    )


def problem(state: OrderState, action: str) -> str | None:
    """Why ``action`` (cancel, hold, unhold, invoice, ship) cannot be done now, or None."""
    number, status = state.order["number"], state.order["status"]
    if action == "unhold":
        return None if state.held else f"Order #{number} is not on hold."
    if state.held:
        return f"Order #{number} is on hold; release it from hold first."
    if status == "Canceled":
        return f"Order #{number} is canceled; it cannot be {_PAST[action]}."
    if action == "cancel":
        if state.invoice is not None or state.shipment is not None:
            done = "invoiced" if state.invoice is not None else "shipped"
            return f"Order #{number} has been {done}; it can no longer be canceled."
        return None
    if action == "hold":
        if status not in ("Pending", "Processing"):
            return f"Order #{number} is {status}; only Pending or Processing orders can be held."
        return None
    if action == "invoice" and state.invoice is not None:
        return f"Order #{number} already has invoice #{state.invoice['number']}."
    if action == "ship" and state.shipment is not None:
        return f"Order #{number} was already shipped (shipment #{state.shipment['number']})."
    return None


_PAST = {
    "cancel": "canceled again",
    "hold": "put on hold",
    "invoice": "invoiced",
    "ship": "shipped",
}


def _record(
    db: sqlite3.Connection,
    state: OrderState,
    status: str,
    comment: str,
    author: str,
    notified: bool = False,
) -> None:
    order_id = state.order["id"]
    stamp = now_text()
    db.execute(
        "INSERT INTO order_status_history (order_id, status, comment, is_customer_notified,"
        " author, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        (order_id, status, comment, int(notified), author, stamp),
    )
    db.execute("UPDATE orders SET updated_at = ? WHERE id = ?", (stamp, order_id))


def _set_status(db: sqlite3.Connection, state: OrderState, status: str) -> None:
    db.execute("UPDATE orders SET status = ? WHERE id = ?", (status, state.order["id"]))


def cancel(db: sqlite3.Connection, state: OrderState, author: str) -> str:
    """Cancel the order, putting its items back in stock; returns the success message."""
    _set_status(db, state, "Canceled")
    return_to_stock(db, state.order["id"])
    _record(db, state, "Canceled", "Order canceled.", author)
    return f"You canceled order #{state.order['number']}."


def hold(db: sqlite3.Connection, state: OrderState, author: str) -> str:
    """Put the order on hold; returns the success message."""
    db.execute(
        "INSERT INTO order_holds (order_id, held_at) VALUES (?, ?)", (state.order["id"], now_text())
    )
    _record(db, state, ON_HOLD, "Order put on hold.", author)
    return f"You put order #{state.order['number']} on hold."


def unhold(db: sqlite3.Connection, state: OrderState, author: str) -> str:
    """Release the order from hold; returns the success message."""
    db.execute("DELETE FROM order_holds WHERE order_id = ?", (state.order["id"],))
    _record(db, state, state.order["status"], "Order released from hold.", author)
    return f"You released order #{state.order['number']} from hold."


def invoice(db: sqlite3.Connection, state: OrderState, author: str) -> str:
    """Invoice the whole order (payment captured); returns the success message."""
    order = state.order
    next_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM invoices").fetchone()[0]
    number = invoice_number(next_id)
    db.execute(
        "INSERT INTO invoices VALUES (?, ?, ?, 'Paid', ?, ?)",
        (next_id, number, order["id"], order["total_cents"], now_text()),
    )
    status = "Complete" if state.shipment is not None else "Processing"
    _set_status(db, state, status)
    _record(db, state, status, f"Invoice #{number} created; payment captured.", author)
    return f"You created invoice #{number} for order #{order['number']}."


def read_shipment(form: Mapping[str, str], errors: dict[str, str]) -> tuple[str, str, str]:
    """The ``carrier``, ``tracking_number`` and optional ``comment`` of a ship form."""
    carrier = form.get("carrier", "")
    if carrier not in CARRIERS:
        errors["carrier"] = f"Carrier must be one of: {', '.join(CARRIERS)}."
    tracking = text(form, "tracking_number", "Tracking number", errors, max_length=40)
    if "tracking_number" not in errors and not TRACKING.match(tracking):
        errors["tracking_number"] = (
            "Tracking number must be 3 to 40 letters, digits, spaces or hyphens."
        )
    comment = text(
        form,
        "comment",
        "Shipment comment",
        errors,
        max_length=LONG_TEXT_LIMIT,
        required=False,
        unix_newlines=True,
    )
    return carrier, tracking, comment


def ship(
    db: sqlite3.Connection,
    state: OrderState,
    author: str,
    carrier: str,
    tracking: str,
    comment: str,
) -> str:
    """Ship every item of the order with ``carrier``; returns the success message."""
    order = state.order
    next_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM shipments").fetchone()[0]
    number = shipment_number(next_id)
    db.execute(
        "INSERT INTO shipments VALUES (?, ?, ?, ?, ?, ?, ?)",
        (next_id, number, order["id"], carrier, tracking, order["item_count"], now_text()),
    )
    status = "Complete" if state.invoice is not None else "Processing"
    _set_status(db, state, status)
    note = f"Shipment #{number} sent with {carrier}, tracking number {tracking}."
    _record(db, state, status, f"{note} {comment}" if comment else note, author, notified=True)
    return f"You created shipment #{number} for order #{order['number']}."


def add_comment(
    db: sqlite3.Connection,
    state: OrderState,
    author: str,
    form: Mapping[str, str],
    errors: dict[str, str],
) -> str | None:
    """Add the form's ``comment`` (and ``notify`` flag) to the history; the message, or None."""
    comment = text(
        form, "comment", "Comment", errors, max_length=LONG_TEXT_LIMIT, unix_newlines=True
    )
    if errors:
        return None
    notify = form.get("notify") == "1"
    _record(db, state, state.status, comment, author, notified=notify)
    return "You added a comment to the order." + (" The customer was notified." if notify else "")


def address(state: OrderState, billing: sqlite3.Row | None, kind: str) -> dict[str, str]:
    """The order's ``kind`` address as ``ADDRESS_FIELDS`` names (billing falls back to shipping)."""
    source, prefix = state.order, "ship_"
    if kind == "billing" and billing is not None:
        source, prefix = billing, "bill_"
    return {
        name: str(source[prefix + ("name" if name == "full_name" else name)])
        for name, *_ in ADDRESS_FIELDS
    }


def payment_method(billing: sqlite3.Row | None) -> str:
    """How the order was paid (:data:`DEFAULT_PAYMENT` when it has no billing details)."""
    return str(billing["payment_method"]) if billing is not None else DEFAULT_PAYMENT


def read_address(form: Mapping[str, str], errors: dict[str, str]) -> dict[str, str]:
    """An address form's values by ``ADDRESS_FIELDS`` name, problems in ``errors``."""
    return {
        name: text(form, name, label, errors, max_length=limit)
        for name, label, limit, _ in ADDRESS_FIELDS
    }


def save_address(
    db: sqlite3.Connection,
    state: OrderState,
    billing: sqlite3.Row | None,
    kind: str,
    values: Mapping[str, str],
    author: str,
) -> str:
    """Store the order's ``kind`` address; returns the success message."""
    columns = ["name" if name == "full_name" else name for name, *_ in ADDRESS_FIELDS]
    ordered = [values[name] for name, *_ in ADDRESS_FIELDS]
    order_id = state.order["id"]
    if kind == "shipping":
        assignments = ", ".join(f"ship_{column} = ?" for column in columns)
        db.execute(f"UPDATE orders SET {assignments} WHERE id = ?", (*ordered, order_id))
    else:
        names = ", ".join(f"bill_{column}" for column in columns)
        db.execute(
            f"INSERT OR REPLACE INTO order_billing (order_id, payment_method, {names})"
            f" VALUES (?, ?, {', '.join('?' * len(columns))})",
            (order_id, payment_method(billing), *ordered),
        )
    _record(db, state, state.status, f"The {kind} address was changed.", author)
    return f"You saved the {kind} address of order #{state.order['number']}."


ACTIONS: dict[str, Callable[[sqlite3.Connection, OrderState, str], str]] = {
    "cancel": cancel,
    "hold": hold,
    "unhold": unhold,
    "invoice": invoice,
}
"""The one-click order actions by URL name (shipping has its own form)."""
