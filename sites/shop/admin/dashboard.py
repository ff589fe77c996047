"""The back office's dashboard: Magento's lifetime sales, last orders and top lists."""

from __future__ import annotations

from flask import render_template

from ...core.db import get_db
from .staff import staff_required

LIST_LENGTH = 5
"""Rows in each of the dashboard's lists."""

SALES_STATUSES = ("Pending", "Processing", "Shipped", "Complete")
"""Orders that count as sales (every status but Canceled)."""


@staff_required("dashboard")
def dashboard() -> str:
    """Lifetime sales, average order, last orders, search terms, bestsellers, most viewed
    products and new customers."""
    db = get_db()
    marks = ", ".join("?" * len(SALES_STATUSES))
    lifetime, orders = db.execute(
        f"SELECT COALESCE(SUM(total_cents), 0), COUNT(*) FROM orders WHERE status IN ({marks})",
        SALES_STATUSES,
    ).fetchone()
    last_orders = db.execute(
        "SELECT o.number, o.item_count, o.total_cents, u.first_name || ' ' || u.last_name AS"
        " customer FROM orders o JOIN users u ON u.id = o.user_id"
        " ORDER BY o.created_at DESC, o.id DESC LIMIT ?",
        (LIST_LENGTH,),
    ).fetchall()
    last_terms = db.execute(
        "SELECT query, num_results, uses FROM search_terms ORDER BY updated_at DESC, id DESC"
        " LIMIT ?",
        (LIST_LENGTH,),
    ).fetchall()
    top_terms = db.execute(
        "SELECT query, num_results, uses FROM search_terms ORDER BY uses DESC, query LIMIT ?",
        (LIST_LENGTH,),
    ).fetchall()
    bestsellers = db.execute(
        "SELECT p.name, p.sku, p.price_cents, SUM(oi.quantity) AS quantity FROM order_items oi"
        " JOIN orders o ON o.id = oi.order_id JOIN products p ON p.id = oi.product_id"
        f" WHERE o.status IN ({marks}) GROUP BY p.id ORDER BY quantity DESC, p.name LIMIT ?",
        (*SALES_STATUSES, LIST_LENGTH),
    ).fetchall()
    most_viewed = db.execute(
        "SELECT p.name, p.sku, p.price_cents, v.views FROM product_views v"
        " JOIN products p ON p.id = v.product_id ORDER BY v.views DESC, p.name LIMIT ?",
        (LIST_LENGTH,),
    ).fetchall()
    new_customers = db.execute(
        "SELECT u.first_name || ' ' || u.last_name AS name, u.email, u.created_at,"
        " (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id) AS orders"
        " FROM users u ORDER BY u.created_at DESC, u.id DESC LIMIT ?",
        (LIST_LENGTH,),
    ).fetchall()
    return render_template(
        "admin/dashboard.html",
        lifetime_cents=lifetime,
        average_cents=(lifetime + orders // 2) // orders if orders else 0,
        last_orders=last_orders,
        last_terms=last_terms,
        top_terms=top_terms,
        bestsellers=bestsellers,
        most_viewed=most_viewed,
        new_customers=new_customers,
    )
