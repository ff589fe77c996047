"""Reports: sales by period, bestsellers, products ordered, customers by orders, low stock,
search terms and reviews by product or customer (Magento's Reports menu)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta

from flask import Blueprint, render_template, request

from ...core.clock import now
from ...core.db import get_db
from .datagen import LOW_STOCK_QTY
from .grid import Column, Filter, GridSpec, load_grid, parse_day
from .orders import STATUSES
from .staff import staff_required

bp = Blueprint("reports", __name__, url_prefix="/reports")

PERIODS = {"day": ("Day", 10), "month": ("Month", 7), "year": ("Year", 4)}
"""Period -> (label, length of the ``created_at`` prefix that groups by it)."""
DEFAULT_DAYS = 30


@dataclass
class ReportRange:
    """The date range, period and order status a report covers, read from the query."""

    start: str = ""
    end: str = ""
    period: str = "day"
    status: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def where(self) -> tuple[str, list[str]]:
        """SQL conditions on orders ``o`` and their parameters."""
        clause = "substr(o.created_at, 1, 10) BETWEEN ? AND ?"
        params = [self.start, self.end]
        if self.status == "On Hold":
            clause += " AND o.id IN (SELECT order_id FROM order_holds)"
        elif self.status:
            clause += " AND o.status = ? AND o.id NOT IN (SELECT order_id FROM order_holds)"
            params.append(self.status)
        else:
            clause += " AND o.status != 'Canceled'"
        return clause, params


def read_range(args: Mapping[str, str]) -> ReportRange:
    """The report's range: ``from`` and ``to`` (default: the last 30 days), ``period``
    (day, month, year) and ``status`` (default: every status but Canceled)."""
    today = now().date()
    report = ReportRange()
    days: dict[str, date] = {"from": today - timedelta(days=DEFAULT_DAYS - 1), "to": today}
    for name, label in (("from", "From"), ("to", "To")):
        text = args.get(name, "").strip()[:50]
        if text:
            day = parse_day(text)
            if day is None:
                report.errors[name] = f"{label} must be a date like 2024-03-05 or 03/05/2024."
            else:
                days[name] = day
    if days["from"] > days["to"]:
        report.errors["to"] = "To must not be before From."
        days["to"] = days["from"]
    report.start, report.end = days["from"].isoformat(), days["to"].isoformat()
    period = args.get("period", "day")
    report.period = period if period in PERIODS else "day"
    status = args.get("status", "")
    report.status = status if status in STATUSES else ""
    return report


def _render(template: str, report: ReportRange, **context: object) -> str:
    return render_template(
        f"admin/reports/{template}",
        report=report,
        periods=PERIODS,
        statuses=STATUSES,
        **context,
    )


@bp.route("/sales")
@staff_required("reports")
def sales() -> str:
    """Orders and totals by day, month or year over a date range, of one status or all."""
    report = read_range(request.args)
    clause, params = report.where
    length = PERIODS[report.period][1]
    rows = (
        get_db()
        .execute(
            f"SELECT substr(o.created_at, 1, {length}) AS period, COUNT(*) AS orders,"
            " SUM(o.item_count) AS items, SUM(o.subtotal_cents) AS subtotal,"
            " SUM(o.discount_cents) AS discount, SUM(o.shipping_cents) AS shipping,"
            " SUM(o.total_cents) AS total,"
            " SUM(CASE WHEN i.id IS NOT NULL THEN i.total_cents ELSE 0 END) AS invoiced"
            f" FROM orders o LEFT JOIN invoices i ON i.order_id = o.id WHERE {clause}"
            " GROUP BY period ORDER BY period",
            params,
        )
        .fetchall()
    )
    totals = {
        key: sum(row[key] for row in rows)
        for key in ("orders", "items", "subtotal", "discount", "shipping", "total", "invoiced")
    }
    return _render("sales.html", report, rows=rows, totals=totals)


def _products_ordered(report: ReportRange, limit: int | None) -> list:
    clause, params = report.where
    return (
        get_db()
        .execute(
            "SELECT oi.product_name AS name, oi.sku, SUM(oi.quantity) AS quantity,"
            " SUM(oi.line_total_cents) AS revenue FROM order_items oi"
            f" JOIN orders o ON o.id = oi.order_id WHERE {clause}"
            " GROUP BY oi.product_id ORDER BY quantity DESC, revenue DESC, name"
            + (" LIMIT ?" if limit else ""),
            [*params, limit] if limit else params,
        )
        .fetchall()
    )


@bp.route("/bestsellers")
@staff_required("reports")
def bestsellers() -> str:
    """The ten products ordered most over the range."""
    report = read_range(request.args)
    return _render(
        "products.html", report, heading="Bestsellers", rows=_products_ordered(report, 10)
    )


@bp.route("/products-ordered")
@staff_required("reports")
def products_ordered() -> str:
    """Every product ordered over the range, most ordered first."""
    report = read_range(request.args)
    return _render(
        "products.html", report, heading="Ordered Products", rows=_products_ordered(report, None)
    )


@bp.route("/customers")
@staff_required("reports")
def customers() -> str:
    """Customers by order total and count over the range."""
    report = read_range(request.args)
    clause, params = report.where
    order = "orders DESC, total DESC" if request.args.get("by") == "count" else "total DESC"
    rows = (
        get_db()
        .execute(
            "SELECT u.first_name || ' ' || u.last_name AS name, u.email, COUNT(*) AS orders,"
            " SUM(o.total_cents) AS total FROM orders o JOIN users u ON u.id = o.user_id"
            f" WHERE {clause} GROUP BY u.id ORDER BY {order}, name",
            params,
        )
        .fetchall()
    )
    by = "count" if request.args.get("by") == "count" else "total"
    return _render("customers.html", report, rows=rows, by=by)


LOW_STOCK = GridSpec(
    source=(
        "(SELECT p.id, p.name, p.sku, COALESCE(s.qty, 0) AS qty FROM products p"
        " LEFT JOIN stock_items s ON s.product_id = p.id"
        f" WHERE COALESCE(s.qty, 0) < {LOW_STOCK_QTY}) v"
    ),
    select="v.id, v.name, v.sku, v.qty",
    columns=(
        Column("name", "Product", "v.name"),
        Column("sku", "SKU", "v.sku"),
        Column("qty", "Quantity", "v.qty"),
    ),
    filters=(Filter("name", "Product", "text", "v.name"), Filter("sku", "SKU", "text", "v.sku")),
    keyword_sql=("v.name", "v.sku"),
    default_sort="qty",
    default_dir="asc",
    tiebreak="v.id",
    noun="products",
)

SEARCH_TERMS = GridSpec(
    source="search_terms t",
    select="t.id, t.query, t.num_results, t.uses, t.updated_at",
    columns=(
        Column("query", "Search Query", "t.query"),
        Column("results", "Results", "t.num_results"),
        Column("uses", "Uses", "t.uses"),
        Column("updated_at", "Last Used", "t.updated_at"),
    ),
    filters=(
        Filter("query", "Search Query", "text", "t.query"),
        Filter("results", "Results", "number", "t.num_results"),
        Filter("uses", "Uses", "number", "t.uses"),
    ),
    keyword_sql=("t.query",),
    default_sort="uses",
    default_dir="desc",
    tiebreak="t.id",
    noun="search terms",
)

REVIEWS_BY_PRODUCT = GridSpec(
    source=(
        "(SELECT p.id, p.name, p.sku, COUNT(r.id) AS reviews, ROUND(AVG(r.rating), 2) AS average,"
        " MAX(r.created_at) AS last_review FROM products p JOIN reviews r ON r.product_id = p.id"
        " GROUP BY p.id) v"
    ),
    select="v.id, v.name, v.sku, v.reviews, v.average, v.last_review",
    columns=(
        Column("name", "Product", "v.name"),
        Column("sku", "SKU", "v.sku"),
        Column("reviews", "Reviews", "v.reviews"),
        Column("average", "Average Rating", "v.average"),
        Column("last_review", "Last Review", "v.last_review"),
    ),
    filters=(
        Filter("name", "Product", "text", "v.name"),
        Filter("reviews", "Reviews", "number", "v.reviews"),
    ),
    keyword_sql=("v.name", "v.sku"),
    default_sort="reviews",
    default_dir="desc",
    tiebreak="v.id",
    noun="products",
)

REVIEWS_BY_CUSTOMER = GridSpec(
    source=(
        "(SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email,"
        " COUNT(r.id) AS reviews, ROUND(AVG(r.rating), 2) AS average FROM users u"
        " JOIN reviews r ON r.user_id = u.id GROUP BY u.id) v"
    ),
    select="v.id, v.name, v.email, v.reviews, v.average",
    columns=(
        Column("name", "Customer", "v.name"),
        Column("email", "Email", "v.email"),
        Column("reviews", "Reviews", "v.reviews"),
        Column("average", "Average Rating", "v.average"),
    ),
    filters=(
        Filter("name", "Customer", "text", "v.name"),
        Filter("reviews", "Reviews", "number", "v.reviews"),
    ),
    keyword_sql=("v.name", "v.email"),
    default_sort="reviews",
    default_dir="desc",
    tiebreak="v.id",
    noun="customers",
)

GRID_REPORTS = {
    "low-stock": ("Low Stock", LOW_STOCK),
    "search-terms": ("Search Terms", SEARCH_TERMS),
    "reviews-by-product": ("Reviews by Products", REVIEWS_BY_PRODUCT),
    "reviews-by-customer": ("Reviews by Customers", REVIEWS_BY_CUSTOMER),
}
"""The reports that are grids, by URL name: (heading, grid)."""


@bp.route(f"/<any({', '.join(repr(name) for name in GRID_REPORTS)}):name>")
@staff_required("reports")
def grid_report(name: str) -> str:
    """Low stock, search terms, reviews by product or by customer."""
    heading, spec = GRID_REPORTS[name]
    return render_template(
        "admin/reports/grid.html", heading=heading, grid=load_grid(spec, request.args)
    )
