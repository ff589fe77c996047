"""Product pages and customer reviews."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core.auth import login_required
from ..core.clock import now_text
from ..core.db import RowLike, get_db
from . import availability, forms, media, specs
from .datagen import default_nickname
from .listing import listing_columns

bp = Blueprint("product", __name__, url_prefix="/product")

RELATED_COUNT = 4
"""How many products the "Related Products" block shows."""

NICKNAME_LIMIT = 50

REVIEW_RATINGS = ((5, "5 stars"), (4, "4 stars"), (3, "3 stars"), (2, "2 stars"), (1, "1 star"))


def find_product(where: str, value: object) -> sqlite3.Row | None:
    """The product ``p`` where ``where`` holds for ``value``, with its availability columns.

    Args:
        where: One SQL condition with one ``?``, such as ``p.slug = ?``.
        value: Its parameter.
    """
    return (
        get_db()
        .execute(
            f"SELECT p.*, {availability.product_columns()} FROM {availability.PRODUCTS}"
            f" WHERE {where}",
            (value,),
        )
        .fetchone()
    )


def get_product(slug: str) -> sqlite3.Row:
    """Return the product with ``slug`` if it has a page on the storefront, else abort with 404.

    A disabled or Not Visible Individually product has no page, as if it did not exist.
    """
    product = find_product(f"p.slug = ? AND {availability.HAS_PAGE}", slug)
    if product is None:
        abort(404, f"There is no product '{slug}'.")
    return product


def related_products(product: RowLike) -> list[sqlite3.Row]:
    """Up to :data:`RELATED_COUNT` other products of the same category with a page: first
    those of the same type (the last word of the name: another mug for a mug), then the
    closest in price; ties by id, so every load shows the same ones."""
    kind = product["name"].rsplit(" ", 1)[-1]
    return (
        get_db()
        .execute(
            f"SELECT {listing_columns()} FROM {availability.PRODUCTS}"
            f" WHERE p.category_id = ? AND p.id != ? AND {availability.HAS_PAGE}"
            " ORDER BY p.name LIKE '% ' || ? DESC, ABS(p.price_cents - ?), p.id LIMIT ?",
            (product["category_id"], product["id"], kind, product["price_cents"], RELATED_COUNT),
        )
        .fetchall()
    )


def review_state(product_id: int, user_id: int) -> str | None:
    """``'published'`` or ``'pending'`` when the customer has such a review of the product."""
    db = get_db()
    if db.execute(
        "SELECT 1 FROM reviews WHERE product_id = ? AND user_id = ?", (product_id, user_id)
    ).fetchone():
        return "published"
    if db.execute(
        "SELECT 1 FROM review_queue WHERE product_id = ? AND user_id = ? AND status = 'Pending'",
        (product_id, user_id),
    ).fetchone():
        return "pending"
    return None


def options(product: RowLike) -> tuple[list[str], list[str]]:
    """Return a product's (sizes, colours) choices."""
    sizes = product["sizes"].split(",") if product["sizes"] else []
    colours = product["colours"].split(",") if product["colours"] else []
    return sizes, colours


def render_product(
    product: sqlite3.Row,
    *,
    status: int = 200,
    cart_errors: dict[str, str] | None = None,
    review_errors: dict[str, str] | None = None,
    form: Mapping[str, str] | None = None,
) -> tuple[str, int]:
    """Render a product page, optionally with a rejected form's values and errors."""
    db = get_db()
    category = db.execute(
        "SELECT c.name, c.slug, t.name AS parent_name, t.slug AS parent_slug FROM categories c"
        " LEFT JOIN categories t ON t.id = c.parent_id WHERE c.id = ?",
        (product["category_id"],),
    ).fetchone()
    reviews = db.execute(
        "SELECT r.* FROM reviews r WHERE r.product_id = ? ORDER BY r.created_at DESC, r.id DESC",
        (product["id"],),
    ).fetchall()
    own_review: str | None = None
    in_wishlist = in_compare = False
    if g.user is not None:
        own_review = review_state(product["id"], g.user["id"])
        in_wishlist = (
            db.execute(
                "SELECT 1 FROM wishlist_items WHERE user_id = ? AND product_id = ?",
                (g.user["id"], product["id"]),
            ).fetchone()
            is not None
        )
        in_compare = (
            db.execute(
                "SELECT 1 FROM compare_items WHERE user_id = ? AND product_id = ?",
                (g.user["id"], product["id"]),
            ).fetchone()
            is not None
        )
    sizes, colours = options(product)
    photos = media.product_photos(product["id"])
    return render_template(
        "shop/product.html",
        product=product,
        category=category,
        reviews=reviews,
        sizes=sizes,
        colours=colours,
        specs=specs.product_specs(product["id"]),
        photos=photos,
        photo=selected_photo(len(photos)),
        related=related_products(product),
        own_review=own_review,
        in_wishlist=in_wishlist,
        in_compare=in_compare,
        review_ratings=REVIEW_RATINGS,
        nickname=default_nickname(g.user["first_name"], g.user["last_name"]) if g.user else "",
        cart_errors=cart_errors or {},
        review_errors=review_errors or {},
        form=form or {},
    ), status


def selected_photo(count: int) -> int:
    """The gallery position the ``photo`` query argument names (1 when absent or invalid)."""
    raw = request.args.get("photo", "1")
    position = int(raw) if raw.isdigit() and len(raw) < 4 else 1
    return position if 1 <= position <= count else 1


@bp.route("/<slug>")
def show(slug: str) -> tuple[str, int]:
    """Show a product with its options, reviews and purchase forms."""
    return render_product(get_product(slug))


@bp.route("/<slug>/reviews", methods=("POST",))
@login_required
def add_review(slug: str) -> Response | tuple[str, int]:
    """Submit the logged-in customer's review of a product for moderation.

    As in Magento, a customer's review is Pending (a ``review_queue`` row) and shows on
    the product page only once staff approve it in the back office.
    """
    product = get_product(slug)
    db = get_db()
    errors: dict[str, str] = {}
    raw_rating = request.form.get("rating", "")
    rating = int(raw_rating) if raw_rating in {"1", "2", "3", "4", "5"} else 0
    if not rating:
        errors["rating"] = "Rating must be from 1 to 5 stars."
    nickname = forms.text(request.form, "nickname", "Nickname", errors, max_length=NICKNAME_LIMIT)
    title = forms.text(request.form, "title", "Summary", errors, max_length=200)
    body = forms.text(request.form, "body", "Review", errors, max_length=forms.LONG_TEXT_LIMIT)
    state = review_state(product["id"], g.user["id"])
    if state == "published":
        errors["review"] = "You have already reviewed this product."
    elif state == "pending":
        errors["review"] = "You have already submitted a review of this product for moderation."
    if errors:
        return render_product(product, status=400, review_errors=errors, form=request.form)
    # One statement that checks and writes, so a double-submitted form queues one review.
    db.execute(
        "INSERT INTO review_queue (product_id, user_id, rating, title, body, created_at, status,"
        " nickname) SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'Pending', ?7 WHERE NOT EXISTS"
        " (SELECT 1 FROM reviews WHERE product_id = ?1 AND user_id = ?2) AND NOT EXISTS"
        " (SELECT 1 FROM review_queue"
        " WHERE product_id = ?1 AND user_id = ?2 AND status = 'Pending')",
        (product["id"], g.user["id"], rating, title, body, now_text(), nickname),
    )
    db.commit()
    flash("You submitted your review for moderation.", "success")
    return redirect(url_for("product.show", slug=slug))
