"""Home page, category pages and keyword search."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, render_template, request

from ..core.clock import now_text
from ..core.db import get_db
from . import availability, listing

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
        f"SELECT {listing.listing_columns()} FROM {availability.PRODUCTS}"
        f" WHERE p.featured = 1 AND {availability.IN_CATALOG}"
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
    page = listing.list_products(
        request.args, [f"p.category_id IN ({marks})", availability.IN_CATALOG], ids
    )
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

    A product matches when it is visible in search (:data:`availability.IN_SEARCH`) and
    every word (the first ten) occurs in its name, brand, category or parent category.
    The one definition of a search match: the search page and the search-term log
    (``search_terms.num_results``, generated and written by each search) use it.

    Returns:
        ``(conditions, parameters)`` on products ``p`` of :data:`availability.PRODUCTS`;
        no conditions when ``query`` has no words.
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
    if where:
        where.append(availability.IN_SEARCH)
    return where, params


def log_search(query: str, found: int) -> None:
    """Count a search for ``query`` in the search-term log, as Magento does (no commit).

    A query already logged (whatever its letter case) gets one more use; a new one is
    added. Either way ``num_results`` becomes ``found`` (how many products the search
    finds now, :func:`search_matches`) and ``updated_at`` the world time.
    """
    db = get_db()
    moment = now_text()
    updated = db.execute(
        "UPDATE search_terms SET uses = uses + 1, num_results = ?, updated_at = ?"
        " WHERE id = (SELECT MIN(id) FROM search_terms WHERE query = ? COLLATE NOCASE)",
        (found, moment, query),
    )
    if updated.rowcount == 0:
        db.execute(
            "INSERT INTO search_terms (query, num_results, uses, updated_at) VALUES (?, ?, 1, ?)",
            (query, found, moment),
        )


def search_matches(where: list[str], params: list[str]) -> list[int]:
    """The ids of the products matching :func:`search_conditions` ``(where, params)``.

    The search page matches once and lists, filters and counts these ids, instead of
    running the name, brand and category comparisons over every product in each query.
    """
    return [
        row[0]
        for row in get_db().execute(
            f"SELECT p.id FROM {availability.PRODUCTS} WHERE {' AND '.join(where)}", params
        )
    ]


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
    page = None
    if where:
        found = search_matches(where, params)
        # Bound one by one: a json_each(?) list crashed SQLite 3.40 (segfault) once the
        # world's database had been restored from its snapshot (deserialize) under it.
        marks = ", ".join("?" * len(found)) or "NULL"
        page = listing.list_products(request.args, [f"p.id IN ({marks})"], found)
        log_search(query, len(found))
        get_db().commit()
    return render_template(
        "shop/search.html",
        query=query,
        listing=page,
        error=None,
        sorts=listing.SORTS,
        ratings=listing.RATINGS,
    )
