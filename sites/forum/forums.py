"""Front page, the forum directory, forum pages, subscriptions and new forums."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.auth import login_required, safe_next
from ..core.clock import now_text
from ..core.db import get_db
from ..core.paging import query_args
from . import forms, listing
from .votes import user_votes

bp = Blueprint("forums", __name__)

FORUM_NAME = re.compile(r"^[a-z0-9_]{3,25}$")
DIRECTORY_SORTS = {
    "name": ("Name", "title COLLATE NOCASE, id"),
    "subscribers": ("Subscribers", "subscriber_count DESC, title COLLATE NOCASE, id"),
    "new": ("Newest", "created_at DESC, id DESC"),
}


def get_forum(name: str) -> sqlite3.Row:
    """Return the forum called ``name`` (any case) or abort with 404."""
    forum = get_db().execute("SELECT * FROM forums WHERE name = ?", (name.lower()[:50],)).fetchone()
    if forum is None:
        abort(404, f"There is no forum called '{name[:50]}'.")
    return forum


def is_moderator(forum_id: int) -> bool:
    """Return whether the logged-in user moderates the forum."""
    if g.user is None:
        return False
    return (
        get_db()
        .execute(
            "SELECT 1 FROM moderators WHERE forum_id = ? AND user_id = ?", (forum_id, g.user["id"])
        )
        .fetchone()
        is not None
    )


def is_subscribed(forum_id: int) -> bool:
    """Return whether the logged-in user subscribes to the forum."""
    if g.user is None:
        return False
    return (
        get_db()
        .execute(
            "SELECT 1 FROM subscriptions WHERE forum_id = ? AND user_id = ?",
            (forum_id, g.user["id"]),
        )
        .fetchone()
        is not None
    )


def _render_listing(template: str, page: listing.Listing, **context: object) -> str:
    votes = user_votes("submission", [row["id"] for row in page.submissions])
    return render_template(
        template, listing=page, votes=votes, sorts=listing.SORTS, ranges=listing.RANGES, **context
    )


@bp.route("/")
def front() -> str:
    """Show the submissions of the user's subscribed forums (every forum when anonymous)."""
    if g.user is None:
        page = listing.list_submissions(request.args, [], [])
        return _render_listing("forum/front.html", page, heading="All forums", subscribed=None)
    count = (
        get_db()
        .execute("SELECT COUNT(*) FROM subscriptions WHERE user_id = ?", (g.user["id"],))
        .fetchone()[0]
    )
    page = listing.list_submissions(
        request.args,
        ["s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id = ?)"],
        [g.user["id"]],
        default_sort=g.user["front_page_sort"],
    )
    return _render_listing("forum/front.html", page, heading="Your front page", subscribed=count)


@bp.route("/all")
def all_forums() -> str:
    """Show the submissions of every forum."""
    page = listing.list_submissions(request.args, [], [])
    return _render_listing("forum/front.html", page, heading="All forums", subscribed=None)


@bp.route("/forums")
def directory() -> str:
    """List every forum with its description and subscriber count."""
    sort = request.args.get("sort", "name")
    sort = sort if sort in DIRECTORY_SORTS else "name"
    db = get_db()
    forums = db.execute(f"SELECT * FROM forums ORDER BY {DIRECTORY_SORTS[sort][1]}").fetchall()
    subscribed: set[int] = set()
    if g.user is not None:
        subscribed = {
            row[0]
            for row in db.execute(
                "SELECT forum_id FROM subscriptions WHERE user_id = ?", (g.user["id"],)
            )
        }
    return render_template(
        "forum/directory.html",
        forums=forums,
        subscribed=subscribed,
        sort=sort,
        sorts=DIRECTORY_SORTS,
    )


@bp.route("/f/<name>")
def show(name: str) -> Response | str:
    """Show a forum's submissions, sorted by hot, new or top, with its sidebar."""
    forum = get_forum(name)
    if forum["name"] != name:
        return redirect(
            url_for(
                "forums.show", name=forum["name"], **query_args(request.args.to_dict(), ["name"])
            )
        )
    page = listing.list_submissions(request.args, ["s.forum_id = ?"], [forum["id"]])
    moderators = (
        get_db()
        .execute(
            "SELECT u.username FROM moderators m JOIN users u ON u.id = m.user_id"
            " WHERE m.forum_id = ? ORDER BY m.added_at, u.username",
            (forum["id"],),
        )
        .fetchall()
    )
    return _render_listing(
        "forum/forum.html",
        page,
        forum=forum,
        moderators=moderators,
        subscribed=is_subscribed(forum["id"]),
        moderator=is_moderator(forum["id"]),
    )


def _set_subscription(name: str, subscribe: bool) -> Response:
    forum = get_forum(name)
    db = get_db()
    if subscribe and not is_subscribed(forum["id"]):
        db.execute(
            "INSERT INTO subscriptions (user_id, forum_id, subscribed_at) VALUES (?, ?, ?)",
            (g.user["id"], forum["id"], now_text()),
        )
        db.execute(
            "UPDATE forums SET subscriber_count = subscriber_count + 1 WHERE id = ?", (forum["id"],)
        )
    elif not subscribe and is_subscribed(forum["id"]):
        db.execute(
            "DELETE FROM subscriptions WHERE user_id = ? AND forum_id = ?",
            (g.user["id"], forum["id"]),
        )
        db.execute(
            "UPDATE forums SET subscriber_count = subscriber_count - 1 WHERE id = ?", (forum["id"],)
        )
    db.commit()
    if subscribe:
        flash(f"You are now subscribed to {forum['title']}.", "success")
    else:
        flash(f"You have unsubscribed from {forum['title']}.", "success")
    target = safe_next(request.values.get("next"))
    return redirect(target or url_for("forums.show", name=forum["name"]))


@bp.route("/f/<name>/subscribe", methods=("POST",))
@login_required
def subscribe(name: str) -> Response:
    """Subscribe the logged-in user to a forum."""
    return _set_subscription(name, True)


@bp.route("/f/<name>/unsubscribe", methods=("POST",))
@login_required
def unsubscribe(name: str) -> Response:
    """Unsubscribe the logged-in user from a forum."""
    return _set_subscription(name, False)


def forum_fields(form: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """A forum form's ``title``, ``description`` and ``sidebar``, and field name -> problem."""
    errors: dict[str, str] = {}
    values = {
        "title": forms.text(form, "title", "Title", errors, max_length=forms.FORUM_TITLE_LIMIT),
        "description": forms.text(
            form, "description", "Description", errors, max_length=forms.DESCRIPTION_LIMIT
        ),
        "sidebar": forms.text(
            form, "sidebar", "Sidebar", errors, max_length=forms.SIDEBAR_LIMIT, required=False
        ),
    }
    return values, errors


@bp.route("/create_forum", methods=("GET", "POST"))
@login_required
def create() -> Response | tuple[str, int]:
    """Create a forum; its creator becomes its moderator and first subscriber."""
    if request.method == "GET":
        return render_template("forum/create_forum.html", form={}, errors={}), 200
    name_errors: dict[str, str] = {}
    name = forms.text(request.form, "name", "Name", name_errors, max_length=25).lower()
    if "name" not in name_errors and not FORUM_NAME.match(name):
        name_errors["name"] = (
            "Name must be 3 to 25 characters: lower-case letters, digits or underscores."
        )
    db = get_db()
    if (
        "name" not in name_errors
        and db.execute("SELECT 1 FROM forums WHERE name = ?", (name,)).fetchone()
    ):
        name_errors["name"] = f"A forum called {name} already exists."
    values, errors = forum_fields(request.form)
    errors = {**name_errors, **errors}
    if errors:
        return render_template("forum/create_forum.html", form=request.form, errors=errors), 400
    stamp = now_text()
    cursor = db.execute(
        "INSERT INTO forums (name, title, description, sidebar, created_by, created_at,"
        " subscriber_count) VALUES (?, ?, ?, ?, ?, ?, 1)",
        (name, values["title"], values["description"], values["sidebar"], g.user["id"], stamp),
    )
    forum_id = cursor.lastrowid
    db.execute(
        "INSERT INTO moderators (forum_id, user_id, added_at) VALUES (?, ?, ?)",
        (forum_id, g.user["id"], stamp),
    )
    db.execute(
        "INSERT INTO subscriptions (user_id, forum_id, subscribed_at) VALUES (?, ?, ?)",
        (g.user["id"], forum_id, stamp),
    )
    db.commit()
    flash(f"The forum {values['title']} has been created. You are its moderator.", "success")
    return redirect(url_for("forums.show", name=name))


@bp.route("/f/<name>/edit", methods=("GET", "POST"))
@login_required
def edit(name: str) -> Response | tuple[str, int]:
    """Edit a forum's title, description and sidebar (its moderators only)."""
    forum = get_forum(name)
    if not is_moderator(forum["id"]):
        abort(403, f"Only moderators of {forum['title']} can edit the forum.")
    if request.method == "GET":
        return render_template(
            "forum/edit_forum.html", forum=forum, form=dict(forum), errors={}
        ), 200
    values, errors = forum_fields(request.form)
    if errors:
        return render_template(
            "forum/edit_forum.html", forum=forum, form=request.form, errors=errors
        ), 400
    db = get_db()
    db.execute(
        "UPDATE forums SET title = ?, description = ?, sidebar = ? WHERE id = ?",
        (values["title"], values["description"], values["sidebar"], forum["id"]),
    )
    db.commit()
    flash("The forum has been updated.", "success")
    return redirect(url_for("forums.show", name=forum["name"]))
