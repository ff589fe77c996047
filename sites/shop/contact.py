"""The storefront's Contact Us form at ``/contact``, as Magento's ``contact`` module has it.

Messages are stored in ``contact_messages``; staff read them in the back office
(:mod:`webenv.sites.shop.admin.customers`, Customers > Contact Messages).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import forms as core_forms
from ..core.clock import now_text
from ..core.db import RowLike, get_db
from . import forms

bp = Blueprint("contact", __name__, url_prefix="/contact")

THANKS = (
    "Thanks for contacting us with your comments and questions. We'll respond to you very soon."
)
"""The message shown after sending (Magento's)."""


def send_message(
    user: RowLike | None, fields: Mapping[str, str], errors: dict[str, str]
) -> int | None:
    """Store a contact message from the form's ``fields`` (no commit).

    ``name``, ``email`` and ``comment`` are required, ``telephone`` optional.

    Args:
        user: The logged-in customer who sends it, or None for a guest.
        fields: The submitted form.
        errors: Field name -> message; problems are added.

    Returns:
        The new message's id, or None with ``errors`` set (nothing written).
    """
    name = forms.text(fields, "name", "Name", errors, max_length=100)
    email = core_forms.email(fields, errors)
    telephone = forms.text(
        fields, "telephone", "Phone Number", errors, max_length=30, required=False
    )
    comment = forms.text(
        fields,
        "comment",
        "What's on your mind?",
        errors,
        max_length=forms.LONG_TEXT_LIMIT,
        unix_newlines=True,
    )
    if errors:
        return None
    cursor = get_db().execute(
        "INSERT INTO contact_messages (user_id, name, email, telephone, comment, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (user["id"] if user is not None else None, name, email, telephone, comment, now_text()),
    )
    return int(cursor.lastrowid or 0)


def _defaults() -> dict[str, str]:
    """The form as it opens: a logged-in customer's name and email filled in."""
    if g.user is None:
        return {}
    return {"name": f"{g.user['first_name']} {g.user['last_name']}", "email": g.user["email"]}


def _render(form: Mapping[str, str], errors: dict[str, str], status: int) -> tuple[str, int]:
    return render_template("shop/contact.html", form=form, errors=errors), status


@bp.route("")
def form() -> tuple[str, int]:
    """The Contact Us page and its "Write Us" form."""
    return _render(_defaults(), {}, 200)


@bp.route("/index/post", methods=("POST",))
def post() -> Response | tuple[str, int]:
    """Send the Contact Us form; a problem shows the form again with what was typed."""
    errors: dict[str, str] = {}
    if send_message(g.user, request.form, errors) is None:
        return _render(request.form, errors, 400)
    get_db().commit()
    flash(THANKS, "success")
    return redirect(url_for("contact.form"))
