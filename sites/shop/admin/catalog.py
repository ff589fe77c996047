"""Catalog: the products grid."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from .grid import Column, Filter, GridSpec, load_grid
from .staff import staff_required

bp = Blueprint("catalog", __name__, url_prefix="/catalog")

PRODUCTS_GRID = GridSpec(
    source=(
        "products p JOIN categories c ON c.id = p.category_id"
        " LEFT JOIN categories t ON t.id = c.parent_id"
    ),
    select=(
        "p.id, p.name, p.sku, p.price_cents, p.brand, c.name AS category,"
        " t.name AS top_category, p.review_count, p.rating"
    ),
    columns=(
        Column("id", "ID", "p.id"),
        Column("name", "Name", "p.name"),
        Column("sku", "SKU", "p.sku"),
        Column("price", "Price", "p.price_cents"),
        Column("brand", "Brand", "p.brand"),
        Column("category", "Category", "c.name"),
        Column("reviews", "Reviews", "p.review_count"),
    ),
    filters=(
        Filter("name", "Name", "text", "p.name"),
        Filter("sku", "SKU", "text", "p.sku"),
        Filter("price", "Price", "money", "p.price_cents"),
        Filter("brand", "Brand", "text", "p.brand"),
    ),
    keyword_sql=("p.name", "p.sku", "p.brand", "c.name"),
    default_sort="id",
    default_dir="asc",
    tiebreak="p.id",
    noun="products",
)


@bp.route("/products")
@staff_required("catalog")
def products() -> str:
    """The products grid."""
    return render_template(
        "admin/catalog/products.html", grid=load_grid(PRODUCTS_GRID, request.args)
    )
