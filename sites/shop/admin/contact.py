"""Contact messages: the grid of what customers sent with the storefront's Contact Us
form, and one message's page (Customers > Contact Messages)."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ...core.db import get_db
from .grid import Column, Filter, GridSpec, load_grid
from .staff import staff_required

bp = Blueprint("contact", __name__, url_prefix="/customers/contact-messages")

CONTACT_GRID = GridSpec(
    source="contact_messages m",
    select="m.id, m.name, m.email, m.telephone, m.comment, m.created_at, m.user_id",
    columns=(
        Column("id", "ID", "m.id"),
        Column("created_at", "Received", "m.created_at"),
        Column("name", "Name", "m.name"),
        Column("email", "Email", "m.email"),
        Column("telephone", "Phone Number", "m.telephone"),
        Column("comment", "Comment"),
        Column("action", "Action"),
    ),
    filters=(
        Filter("name", "Name", "text", "m.name"),
        Filter("email", "Email", "text", "m.email"),
        Filter("comment", "Comment", "text", "m.comment"),
        Filter("received", "Received", "date", "m.created_at"),
    ),
    keyword_sql=("m.name", "m.email", "m.telephone", "m.comment"),
    default_sort="created_at",
    default_dir="desc",
    tiebreak="m.id",
    noun="contact messages",
)


@bp.route("")
@staff_required("customers")
def messages_grid() -> str:
    """The contact messages grid, the newest first."""
    return render_template(
        "admin/customers/contact_messages.html", grid=load_grid(CONTACT_GRID, request.args)
    )


@bp.route("/<int(max=999999999):message_id>")
@staff_required("customers")
def message_view(message_id: int) -> str:
    """One contact message in full, with the customer account that sent it."""
    message = (
        get_db()
        .execute(
            "SELECT m.*, u.first_name, u.last_name FROM contact_messages m"
            " LEFT JOIN users u ON u.id = m.user_id WHERE m.id = ?",
            (message_id,),
        )
        .fetchone()
    )
    if message is None:
        abort(404, f"There is no contact message with ID {message_id}.")
    return render_template("admin/customers/contact_message.html", message=message)
