"""Catalog: the products grid and its mass actions, the product form, and categories."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...core.auth import safe_next
from ...core.db import get_db
from .. import media
from ..forms import text
from . import products
from .grid import Column, Filter, GridSpec, load_grid
from .staff import staff_required

bp = Blueprint("catalog", __name__, url_prefix="/catalog")

STATUS_SQL = "CASE WHEN COALESCE(a.enabled, 1) THEN 'Enabled' ELSE 'Disabled' END"
VISIBILITY_SQL = "COALESCE(a.visibility, 'Catalog, Search')"
QTY_SQL = "COALESCE(s.qty, 0)"

PRODUCTS_GRID = GridSpec(
    source=(
        "products p JOIN categories c ON c.id = p.category_id"
        " LEFT JOIN categories t ON t.id = c.parent_id"
        " LEFT JOIN product_attributes a ON a.product_id = p.id"
        " LEFT JOIN stock_items s ON s.product_id = p.id"
    ),
    select=(
        f"p.id, p.name, p.sku, p.price_cents, {QTY_SQL} AS qty, {STATUS_SQL} AS status,"
        f" {VISIBILITY_SQL} AS visibility, {products.TYPE_SQL} AS type,"
        " t.name || ' / ' || c.name AS category"
    ),
    columns=(
        Column("select", "Select"),
        Column("id", "ID", "p.id"),
        Column("thumbnail", "Thumbnail"),
        Column("name", "Name", "p.name"),
        Column("type", "Type", products.TYPE_SQL),
        Column("sku", "SKU", "p.sku"),
        Column("price", "Price", "p.price_cents"),
        Column("qty", "Quantity", QTY_SQL),
        Column("visibility", "Visibility", VISIBILITY_SQL),
        Column("status", "Status", STATUS_SQL),
        Column("category", "Category", "t.name || ' / ' || c.name"),
        Column("action", "Action"),
    ),
    filters=(
        Filter("name", "Name", "text", "p.name"),
        Filter("sku", "SKU", "text", "p.sku"),
        Filter("price", "Price", "money", "p.price_cents"),
        Filter("qty", "Quantity", "number", QTY_SQL),
        Filter("status", "Status", "choice", STATUS_SQL, ("Enabled", "Disabled")),
        Filter("visibility", "Visibility", "choice", VISIBILITY_SQL, products.VISIBILITIES),
        Filter("type", "Type", "choice", products.TYPE_SQL, products.TYPES),
    ),
    keyword_sql=("p.name", "p.sku", "p.brand", "c.name", "t.name"),
    default_sort="id",
    default_dir="asc",
    tiebreak="p.id",
    noun="products",
)

MASS_ACTIONS = {"enable": "Enable", "disable": "Disable", "update": "Update attributes"}
"""The products grid's mass actions by form value."""


@bp.route("/products")
@staff_required("catalog")
def products_grid() -> str:
    """The products grid, with a mass-action form around its rows."""
    return render_template(
        "admin/catalog/products.html",
        grid=load_grid(PRODUCTS_GRID, request.args),
        mass_actions=MASS_ACTIONS,
    )


def _render_form(
    product_id: int | None, form: Any, errors: dict[str, str], status: int
) -> tuple[str, int]:
    db = get_db()
    return render_template(
        "admin/catalog/product_form.html",
        product_id=product_id,
        product=products.load(db, product_id) if product_id is not None else None,
        form=form,
        errors=errors,
        categories=products.subcategories(db),
        visibilities=products.VISIBILITIES,
        photos=media.product_photos(product_id) if product_id is not None else [],
    ), status


def _save_form(product_id: int | None) -> Response | tuple[str, int]:
    db = get_db()
    errors: dict[str, str] = {}
    values = products.read_form(db, request.form, errors, product_id)
    if errors:
        return _render_form(product_id, request.form, errors, 400)
    saved = products.save(db, values, product_id)
    db.commit()
    flash("You saved the product.", "success")
    return redirect(url_for("admin.catalog.product_edit", product_id=saved))


@bp.route("/products/new", methods=("GET", "POST"))
@staff_required("catalog")
def product_new() -> Response | tuple[str, int]:
    """Add a simple product."""
    if request.method == "GET":
        defaults = {"enabled": "1", "visibility": "Catalog, Search", "in_stock": "1", "qty": "0"}
        return _render_form(None, defaults, {}, 200)
    return _save_form(None)


@bp.route("/products/<int(max=999999999):product_id>", methods=("GET", "POST"))
@staff_required("catalog")
def product_edit(product_id: int) -> Response | tuple[str, int]:
    """Edit a product: name, SKU, prices, status, visibility, stock, category, description."""
    product = products.load(get_db(), product_id)
    if product is None:
        abort(404, f"There is no product with ID {product_id}.")
    if request.method == "GET":
        return _render_form(product_id, products.form_values(product), {}, 200)
    return _save_form(product_id)


def _back_to_grid() -> str:
    target = safe_next(request.form.get("next"))
    if target is not None and target.startswith("/admin/catalog/products"):
        return target
    return url_for("admin.catalog.products_grid")


@bp.route("/products/mass", methods=("POST",))
@staff_required("catalog")
def products_mass() -> Response | tuple[str, int]:
    """Enable or disable the selected products, or open Update Attributes for them."""
    db = get_db()
    action = request.form.get("action", "")
    ids = products.selected_ids(db, request.form)
    if action not in MASS_ACTIONS:
        flash(f"Choose an action: {', '.join(MASS_ACTIONS.values())}.", "error")
        return redirect(_back_to_grid())
    if not ids:
        flash("Select at least one product.", "error")
        return redirect(_back_to_grid())
    if action == "update":
        return _render_mass_update(ids, {}, {}, 200)
    products.apply_changes(db, ids, {"enabled": action == "enable"})
    db.commit()
    flash(f"A total of {len(ids)} record(s) have been updated.", "success")
    return redirect(_back_to_grid())


def _render_mass_update(
    ids: list[int], form: Any, errors: dict[str, str], status: int
) -> tuple[str, int]:
    return render_template(
        "admin/catalog/mass_update.html",
        ids=ids,
        form=form,
        errors=errors,
        visibilities=products.VISIBILITIES,
    ), status


@bp.route("/products/mass-update", methods=("POST",))
@staff_required("catalog")
def products_mass_update() -> Response | tuple[str, int]:
    """Apply Update Attributes to the selected products."""
    db = get_db()
    ids = products.selected_ids(db, request.form)
    if not ids:
        flash("Select at least one product.", "error")
        return redirect(url_for("admin.catalog.products_grid"))
    errors: dict[str, str] = {}
    changes = products.read_mass_update(request.form, errors)
    if errors:
        return _render_mass_update(ids, request.form, errors, 400)
    products.apply_changes(db, ids, changes)
    db.commit()
    flash(f"A total of {len(ids)} record(s) were updated.", "success")
    return redirect(url_for("admin.catalog.products_grid"))


@bp.route("/categories")
@staff_required("catalog")
def categories() -> str:
    """The category tree with each category's product count."""
    rows = (
        get_db()
        .execute(
            "SELECT c.id, c.name, c.parent_id, c.slug, t.name AS parent,"
            " (SELECT COUNT(*) FROM products p WHERE p.category_id = c.id OR p.category_id IN"
            "  (SELECT id FROM categories k WHERE k.parent_id = c.id)) AS products"
            " FROM categories c LEFT JOIN categories t ON t.id = c.parent_id"
            " ORDER BY COALESCE(t.position, c.position), c.parent_id IS NOT NULL, c.position"
        )
        .fetchall()
    )
    return render_template("admin/catalog/categories.html", categories=rows)


@bp.route("/categories/<int(max=999999999):category_id>", methods=("GET", "POST"))
@staff_required("catalog")
def category_edit(category_id: int) -> Response | tuple[str, int]:
    """Edit a category's name and description."""
    db = get_db()
    category = db.execute("SELECT * FROM categories WHERE id = ?", (category_id,)).fetchone()
    if category is None:
        abort(404, f"There is no category with ID {category_id}.")
    if request.method == "GET":
        return render_template(
            "admin/catalog/category_form.html", category=category, form=dict(category), errors={}
        ), 200
    errors: dict[str, str] = {}
    name = text(request.form, "name", "Category Name", errors, max_length=100)
    description = text(
        request.form, "description", "Description", errors, max_length=1000, unix_newlines=True
    )
    if errors:
        return render_template(
            "admin/catalog/category_form.html", category=category, form=request.form, errors=errors
        ), 400
    db.execute(
        "UPDATE categories SET name = ?, description = ? WHERE id = ?",
        (name, description, category_id),
    )
    db.commit()
    flash("You saved the category.", "success")
    return redirect(url_for("admin.catalog.categories"))
