"""Reviews: the all-reviews and pending-reviews grids, moderation, edits and mass updates.

A published (Approved) review is a ``reviews`` row, the storefront's; a review awaiting
moderation (Pending) or rejected (Not Approved) is a ``review_queue`` row. Changing a
review's status moves it between the two, and every change keeps the product's
``review_count``, ``rating_total`` and ``rating`` equal to its published reviews'.
A review is addressed as ``<kind>/<id>``: ``published/12`` or ``queued/3``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...core.auth import safe_next
from ...core.db import get_db
from ..datagen import average_rating
from ..forms import LONG_TEXT_LIMIT, text
from .grid import Column, Filter, GridSpec, load_grid
from .staff import staff_required

bp = Blueprint("reviews", __name__, url_prefix="/reviews")

APPROVED, PENDING, NOT_APPROVED = "Approved", "Pending", "Not Approved"
STATUSES = (APPROVED, PENDING, NOT_APPROVED)
KINDS = ("published", "queued")
# Each branch joins its product by primary key: a join on the union itself would scan it
# once per product.
_COLUMNS = (
    "r.id, r.product_id, r.user_id, r.rating, r.title, r.body, r.created_at,"
    " p.name AS product, p.sku, r.nickname"
)
_JOINED = " r JOIN products p ON p.id = r.product_id"
_PUBLISHED = f"SELECT 'published' AS kind, {_COLUMNS}, 'Approved' AS status FROM reviews{_JOINED}"
_QUEUED = f"SELECT 'queued' AS kind, {_COLUMNS}, r.status FROM review_queue{_JOINED}"


def _spec(pending_only: bool) -> GridSpec:
    filters = [
        Filter("created", "Created", "date", "v.created_at"),
        Filter("title", "Title", "text", "v.title"),
        Filter("nickname", "Nickname", "text", "v.nickname"),
        Filter("product", "Product", "text", "v.product"),
        Filter("rating", "Rating", "choice", "CAST(v.rating AS TEXT)", ("1", "2", "3", "4", "5")),
    ]
    if not pending_only:
        filters.insert(0, Filter("status", "Status", "choice", "v.status", STATUSES))
    return GridSpec(
        source=(
            f"({_QUEUED} WHERE r.status = 'Pending') v"
            if pending_only
            else f"({_PUBLISHED} UNION ALL {_QUEUED}) v"
        ),
        select=(
            "v.kind, v.id, v.created_at, v.status, v.title, v.body, v.rating,"
            " v.nickname, v.product, v.sku"
        ),
        columns=(
            Column("select", "Select"),
            Column("created_at", "Created", "v.created_at"),
            Column("status", "Status", "v.status"),
            Column("title", "Title", "v.title"),
            Column("nickname", "Nickname", "v.nickname"),
            Column("review", "Review"),
            Column("rating", "Rating", "v.rating"),
            Column("product", "Product", "v.product"),
            Column("sku", "SKU", "v.sku"),
            Column("action", "Action"),
        ),
        filters=tuple(filters),
        keyword_sql=("v.title", "v.body", "v.nickname", "v.product"),
        default_sort="created_at",
        default_dir="desc",
        tiebreak="v.kind DESC, v.id",
        noun="reviews",
    )


ALL_REVIEWS = _spec(pending_only=False)
PENDING_REVIEWS = _spec(pending_only=True)


def _grid(spec: GridSpec, heading: str) -> str:
    return render_template(
        "admin/reviews/grid.html",
        grid=load_grid(spec, request.args),
        heading=heading,
        statuses=STATUSES,
    )


@bp.route("")
@staff_required("reviews")
def all_reviews() -> str:
    """Every review, published or not."""
    return _grid(ALL_REVIEWS, "All Reviews")


@bp.route("/pending")
@staff_required("reviews")
def pending_reviews() -> str:
    """The reviews awaiting moderation."""
    return _grid(PENDING_REVIEWS, "Pending Reviews")


def load(db: sqlite3.Connection, kind: str, review_id: int) -> sqlite3.Row | None:
    """A review with its status, product and nickname (None when there is none)."""
    if kind not in KINDS:
        return None
    table, status = ("reviews", "'Approved'") if kind == "published" else ("review_queue", "status")
    return db.execute(
        f"SELECT r.id, r.product_id, r.user_id, r.rating, r.title, r.body, r.created_at,"
        f" {status} AS status, ? AS kind, p.name AS product, r.nickname"
        f" FROM {table} r JOIN products p ON p.id = r.product_id WHERE r.id = ?",
        (kind, review_id),
    ).fetchone()


def _recount(db: sqlite3.Connection, product_id: int) -> None:
    count, total = db.execute(
        "SELECT COUNT(*), COALESCE(SUM(rating), 0) FROM reviews WHERE product_id = ?",
        (product_id,),
    ).fetchone()
    db.execute(
        "UPDATE products SET review_count = ?, rating_total = ?, rating = ? WHERE id = ?",
        (count, total, average_rating(total, count), product_id),
    )


def save(db: sqlite3.Connection, review: sqlite3.Row, changes: Mapping[str, Any]) -> str | None:
    """Apply ``changes`` (``status``, ``rating``, ``title``, ``body``) to a review.

    Returns:
        Why it cannot be done (None when it was done; the caller commits).
    """
    values = {key: changes.get(key, review[key]) for key in ("status", "rating", "title", "body")}
    fields = (values["rating"], values["title"], values["body"])
    if review["kind"] == "published" and values["status"] == APPROVED:
        db.execute(
            "UPDATE reviews SET rating = ?, title = ?, body = ? WHERE id = ?",
            (*fields, review["id"]),
        )
    elif review["kind"] == "published":
        db.execute("DELETE FROM reviews WHERE id = ?", (review["id"],))
        db.execute(
            "INSERT INTO review_queue (product_id, user_id, rating, title, body, created_at,"
            " status, nickname) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                review["product_id"],
                review["user_id"],
                *fields,
                review["created_at"],
                values["status"],
                review["nickname"],
            ),
        )
    elif values["status"] == APPROVED:
        if db.execute(
            "SELECT 1 FROM reviews WHERE product_id = ? AND user_id = ?",
            (review["product_id"], review["user_id"]),
        ).fetchone():
            return (
                f"{review['nickname']} already has a published review of {review['product']};"
                " delete or reject that one first."
            )
        db.execute("DELETE FROM review_queue WHERE id = ?", (review["id"],))
        db.execute(
            "INSERT INTO reviews (product_id, user_id, rating, title, body, created_at,"
            " nickname) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                review["product_id"],
                review["user_id"],
                *fields,
                review["created_at"],
                review["nickname"],
            ),
        )
    else:
        db.execute(
            "UPDATE review_queue SET rating = ?, title = ?, body = ?, status = ? WHERE id = ?",
            (*fields, values["status"], review["id"]),
        )
    _recount(db, review["product_id"])
    return None


def delete(db: sqlite3.Connection, review: sqlite3.Row) -> None:
    """Delete a review (the caller commits)."""
    table = "reviews" if review["kind"] == "published" else "review_queue"
    db.execute(f"DELETE FROM {table} WHERE id = ?", (review["id"],))
    _recount(db, review["product_id"])


def edit_values(review: sqlite3.Row) -> dict[str, str]:
    """The edit form's fields filled from a review (as :func:`load` gives it)."""
    return {
        "status": review["status"],
        "rating": str(review["rating"]),
        "title": review["title"],
        "body": review["body"],
    }


def read_edit(form: Mapping[str, str], errors: dict[str, str]) -> dict[str, Any]:
    """The edit form's ``status``, ``rating``, ``title`` and ``body``, checked for :func:`save`."""
    status = form.get("status", "")
    if status not in STATUSES:
        errors["status"] = f"Status must be one of: {', '.join(STATUSES)}."
    rating = form.get("rating", "")
    stars = int(rating) if rating in ("1", "2", "3", "4", "5") else 0
    if not stars:
        errors["rating"] = "Rating must be a whole number of stars from 1 to 5."
    title = text(form, "title", "Summary of Review", errors, max_length=200)
    body = text(form, "body", "Review", errors, max_length=LONG_TEXT_LIMIT, unix_newlines=True)
    return {"status": status, "rating": stars, "title": title, "body": body}


def _review(kind: str, review_id: int) -> sqlite3.Row:
    review = load(get_db(), kind, review_id)
    if review is None:
        abort(404, f"There is no review {kind[:20]}/{review_id}.")
    return review


def _render_edit(review: sqlite3.Row, form: Any, errors: dict[str, str], status: int) -> Any:
    return render_template(
        "admin/reviews/edit.html", review=review, form=form, errors=errors, statuses=STATUSES
    ), status


@bp.route("/<kind>/<int(max=999999999):review_id>", methods=("GET", "POST"))
@staff_required("reviews")
def review_edit(kind: str, review_id: int) -> Response | tuple[str, int]:
    """Edit a review: status, rating, title and text."""
    review = _review(kind, review_id)
    if request.method == "GET":
        return _render_edit(review, dict(review), {}, 200)
    errors: dict[str, str] = {}
    changes = read_edit(request.form, errors)
    if errors:
        return _render_edit(review, request.form, errors, 400)
    db = get_db()
    refused = save(db, review, changes)
    if refused is not None:
        return _render_edit(review, request.form, {"status": refused}, 400)
    db.commit()
    flash("You saved the review.", "success")
    return redirect(url_for("admin.reviews.all_reviews"))


@bp.route("/<kind>/<int(max=999999999):review_id>/delete", methods=("POST",))
@staff_required("reviews")
def review_delete(kind: str, review_id: int) -> Response:
    """Delete a review."""
    review = _review(kind, review_id)
    db = get_db()
    delete(db, review)
    db.commit()
    flash("The review has been deleted.", "success")
    return redirect(url_for("admin.reviews.all_reviews"))


def _selected(db: sqlite3.Connection) -> list[sqlite3.Row]:
    found = []
    for key in request.form.getlist("keys")[:500]:
        kind, _, number = key.partition(":")
        if number.isascii() and number.isdigit() and len(number) < 10:
            review = load(db, kind, int(number))
            if review is not None:
                found.append(review)
    return found


@bp.route("/mass", methods=("POST",))
@staff_required("reviews")
def reviews_mass() -> Response:
    """Update the status of, or delete, the selected reviews."""
    db = get_db()
    target = safe_next(request.form.get("next"))
    back = (
        target
        if target is not None and target.startswith("/admin/reviews")
        else url_for("admin.reviews.all_reviews")
    )
    action = request.form.get("action", "")
    reviews = _selected(db)
    if action not in (*STATUSES, "delete"):
        flash(f"Choose an action: {', '.join(STATUSES)} or Delete.", "error")
        return redirect(back)
    if not reviews:
        flash("Select at least one review.", "error")
        return redirect(back)
    refused = []
    for review in reviews:
        if action == "delete":
            delete(db, review)
        else:
            problem = save(db, review, {"status": action})
            if problem is not None:
                refused.append(problem)
    db.commit()
    done = len(reviews) - len(refused)
    flash(f"A total of {done} record(s) have been updated.", "success")
    for problem in refused:
        flash(problem, "error")
    return redirect(back)
