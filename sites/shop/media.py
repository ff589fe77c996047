"""Pictures served by the shop: product photos and category banners (``/media/…``).

Each is drawn from its database row (:mod:`~webenv.sites.shop.pictures`,
:mod:`~webenv.sites.core.images`); no files are read.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from ..core import images
from ..core.db import get_db
from . import pictures

bp = Blueprint("media", __name__, url_prefix="/media")


@bp.route("/products/<int:image_id>.svg")
def product_image(image_id: int) -> Response:
    """One product photo."""
    row = get_db().execute("SELECT * FROM product_images WHERE id = ?", (image_id,)).fetchone()
    if row is None:
        abort(404, "There is no such photo.")
    return images.svg_response(
        pictures.render(row["kind"], row["colour"], row["backdrop"], row["view"])
    )


@bp.route("/categories/<slug>.svg")
def category_banner(slug: str) -> Response:
    """A category's banner."""
    row = (
        get_db()
        .execute(
            "SELECT c.name, b.background, b.accent FROM categories c"
            " JOIN category_banners b ON b.category_id = c.id WHERE c.slug = ?",
            (slug,),
        )
        .fetchone()
    )
    if row is None:
        abort(404, "There is no such banner.")
    return images.svg_response(images.banner(row["name"], row["background"], row["accent"]))


def product_photos(product_id: int) -> list[sqlite3.Row]:
    """A product's photos in gallery order (the main photo first)."""
    return (
        get_db()
        .execute(
            "SELECT id, position, view, colour, alt FROM product_images WHERE product_id = ?"
            " ORDER BY position",
            (product_id,),
        )
        .fetchall()
    )


def main_photos(product_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """The main photos of products (listings, cart and back office thumbnails): product id
    to (URL, alt text), one query for a whole listing; a product without photos is absent."""
    ids = list(product_ids)
    if not ids:
        return {}
    rows = (
        get_db()
        .execute(
            "SELECT product_id, id, alt FROM product_images WHERE position = 1 AND product_id"
            f" IN ({', '.join('?' * len(ids))})",
            ids,
        )
        .fetchall()
    )
    root = request.script_root
    return {row[0]: (f"{root}/media/products/{row[1]}.svg", row[2]) for row in rows}


def category_banner_row(category_id: int) -> sqlite3.Row | None:
    """A category's banner row (its alt text), if it has one."""
    return (
        get_db()
        .execute("SELECT alt FROM category_banners WHERE category_id = ?", (category_id,))
        .fetchone()
    )
