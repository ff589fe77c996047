"""Home page, category pages and keyword search."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, render_template, request

from ..core.db import get_db
from . import listing

bp = Blueprint("catalog", __name__)


def top_categories() -> list[sqlite3.Row]:
    """Return the top-level categories in display order."""
    return (
        get_db()
        .execute("SELECT id, slug, name FROM categories WHERE parent_id IS NULL ORDER BY position")
        .fetchall()
    )


@bp.route("/")
def index() -> str:
    """Show featured products and every category with its subcategories."""
    db = get_db()
    featured = db.execute(
        f"SELECT {listing.LISTING_COLUMNS} FROM products p WHERE p.featured = 1"
        " ORDER BY p.review_count DESC, p.id LIMIT 8"
    ).fetchall()
    subcategories: dict[int, list[sqlite3.Row]] = {}
    for row in db.execute(
        "SELECT id, parent_id, slug, name FROM categories WHERE parent_id IS NOT NULL"
        " ORDER BY parent_id, position"
    ):
        subcategories.setdefault(row["parent_id"], []).append(row)
    return render_template("shop/index.html", featured=featured, subcategories=subcategories)


@bp.route("/category/<slug>")
def category(slug: str) -> str:
    """List a category's products (a top-level category includes its subcategories)."""
    db = get_db()
    current = db.execute("SELECT * FROM categories WHERE slug = ?", (slug,)).fetchone()
    if current is None:
        abort(404, f"There is no category '{slug}'.")
    parent = None
    if current["parent_id"] is None:
        children = db.execute(
            "SELECT id, slug, name FROM categories WHERE parent_id = ? ORDER BY position",
            (current["id"],),
        ).fetchall()
        ids = [child["id"] for child in children]
        siblings = children
    else:
        parent = db.execute(
            "SELECT id, slug, name FROM categories WHERE id = ?", (current["parent_id"],)
        ).fetchone()
        ids = [current["id"]]
        siblings = db.execute(
            "SELECT id, slug, name FROM categories WHERE parent_id = ? ORDER BY position",
            (parent["id"],),
        ).fetchall()
    marks = ", ".join("?" * len(ids)) or "NULL"
    page = listing.list_products(request.args, [f"p.category_id IN ({marks})"], ids)
    return render_template(
        "shop/category.html",
        category=current,
        parent=parent,
        siblings=siblings,
        listing=page,
        sorts=listing.SORTS,
        ratings=listing.RATINGS,
    )


def search_conditions(query: str) -> tuple[list[str], list[str]]:
    """The SQL conditions on products ``p`` a keyword search for ``query`` applies.

    A product matches when every word (the first ten) occurs in its name, brand, category
    or parent category. The one definition of a search match: the search page and the
    generated search-term log (``search_terms.num_results``) use it.

    Returns:
        ``(conditions, parameters)``; no conditions when ``query`` has no words.
    """
    where: list[str] = []
    params: list[str] = []
    for term in query.split()[:10]:
        escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where.append(
            "(p.name LIKE ? ESCAPE '\\' OR p.brand LIKE ? ESCAPE '\\' OR p.category_id IN"
            " (SELECT c.id FROM categories c LEFT JOIN categories t ON t.id = c.parent_id"
            " WHERE c.name LIKE ? ESCAPE '\\' OR t.name LIKE ? ESCAPE '\\'))"
        )
        params += [f"%{escaped}%"] * 4
    return where, params


@bp.route("/search")
def search() -> tuple[str, int] | str:
    """Find products whose name, brand or category contains every word of ``q``."""
    query = request.args.get("q", "").strip()
    if len(query) > listing.SEARCH_MAX_LENGTH:
        error = f"Search terms must be at most {listing.SEARCH_MAX_LENGTH} characters."
        return render_template(
            "shop/search.html",
            query=query[: listing.SEARCH_MAX_LENGTH],
            listing=None,
            error=error,
            sorts=listing.SORTS,
            ratings=listing.RATINGS,
        ), 400
    where, params = search_conditions(query)
    page = listing.list_products(request.args, where, params) if where else None
    return render_template(
        "shop/search.html",
        query=query,
        listing=page,
        error=None,
        sorts=listing.SORTS,
        ratings=listing.RATINGS,
    )
