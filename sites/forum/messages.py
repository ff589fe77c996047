"""Private messages between users: inbox, sent messages, reading and composing."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import paging
from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import get_db
from . import forms, listing

bp = Blueprint("messages", __name__, url_prefix="/messages")


def unread_count(user_id: int) -> int:
    """Return how many of the user's received messages are unread."""
    return (
        get_db()
        .execute(
            "SELECT COUNT(*) FROM messages WHERE recipient_id = ? AND read_at IS NULL", (user_id,)
        )
        .fetchone()[0]
    )


def _folder(column: str, other: str, template: str) -> str:
    db = get_db()
    total = db.execute(
        f"SELECT COUNT(*) FROM messages WHERE {column} = ?", (g.user["id"],)
    ).fetchone()[0]
    pages = listing.page_count(total)
    page = paging.page_number(request.args)
    paging.check_page(page, pages)
    rows = db.execute(
        f"SELECT m.*, u.username AS other FROM messages m JOIN users u ON u.id = m.{other}"
        f" WHERE m.{column} = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?",
        (g.user["id"], listing.PER_PAGE, (page - 1) * listing.PER_PAGE),
    ).fetchall()
    return render_template(template, messages=rows, page=page, pages=pages, total=total)


@bp.route("")
@login_required
def inbox() -> str:
    """List received messages, newest first."""
    return _folder("recipient_id", "sender_id", "forum/messages/inbox.html")


@bp.route("/sent")
@login_required
def sent() -> str:
    """List sent messages, newest first."""
    return _folder("sender_id", "recipient_id", "forum/messages/sent.html")


@bp.route("/<int:message_id>")
@login_required
def show(message_id: int) -> str:
    """Show one message to its sender or recipient; the recipient's copy becomes read."""
    db = get_db()
    message = db.execute(
        "SELECT m.*, s.username AS sender, r.username AS recipient FROM messages m"
        " JOIN users s ON s.id = m.sender_id JOIN users r ON r.id = m.recipient_id"
        " WHERE m.id = ?",
        (message_id,),
    ).fetchone()
    if message is None or g.user["id"] not in (message["sender_id"], message["recipient_id"]):
        abort(404, f"You have no message {message_id}.")
    if message["recipient_id"] == g.user["id"] and message["read_at"] is None:
        db.execute(
            "UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL",
            (now_text(), message_id),
        )
        db.commit()
    return render_template("forum/messages/show.html", message=message)


def _recipient(name: str, errors: dict[str, str]) -> sqlite3.Row | None:
    if "to" in errors:
        return None
    user = get_db().execute("SELECT * FROM users WHERE username = ?", (name.lower(),)).fetchone()
    if user is None:
        errors["to"] = f"There is no user called {name}."
    elif user["id"] == g.user["id"]:
        errors["to"] = "You cannot send a message to yourself."
    return user


@bp.route("/compose", methods=("GET", "POST"))
@login_required
def compose() -> Response | tuple[str, int]:
    """Write a message to another user (``?to=<username>&subject=...`` pre-fill the form)."""
    if request.method == "GET":
        form = {
            "to": request.args.get("to", "")[:30],
            "subject": request.args.get("subject", "")[: forms.SUBJECT_LIMIT],
        }
        return render_template("forum/messages/compose.html", form=form, errors={}), 200
    errors: dict[str, str] = {}
    to = forms.text(request.form, "to", "To", errors, max_length=30)
    subject = forms.text(request.form, "subject", "Subject", errors, max_length=forms.SUBJECT_LIMIT)
    body = forms.text(request.form, "body", "Message", errors, max_length=forms.MESSAGE_LIMIT)
    recipient = _recipient(to, errors)
    if errors or recipient is None:
        return render_template("forum/messages/compose.html", form=request.form, errors=errors), 400
    db = get_db()
    db.execute(
        "INSERT INTO messages (sender_id, recipient_id, subject, body, created_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (g.user["id"], recipient["id"], subject, body, now_text()),
    )
    db.commit()
    flash(f"Your message to {recipient['username']} has been sent.", "success")
    return redirect(url_for("messages.sent"))
