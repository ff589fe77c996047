"""Marketing and Content: cart price rules (the storefront's coupons), newsletter
subscribers and CMS pages."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect
from werkzeug.wrappers import Response

from ...core.clock import now_text
from ...core.db import get_db
from ..forms import text
from ..listing import parse_amount
from .grid import Column, Filter, GridSpec, load_grid, parse_day
from .staff import staff_required

bp = Blueprint("marketing", __name__)

COUPON_CODE = re.compile(r"^[A-Z0-9][A-Z0-9_-]{1,49}$")
URL_KEY = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
KINDS = {"percent": "Percent of cart subtotal", "fixed": "Fixed amount discount"}

RULE_SETTINGS = (
    "LEFT JOIN price_rule_settings r ON r.coupon_id = c.id"
    " LEFT JOIN categories k ON k.id = r.category_id"
)
RULE_STATUS_SQL = "CASE WHEN COALESCE(r.is_active, 1) THEN 'Active' ELSE 'Inactive' END"
RULES_GRID = GridSpec(
    source=f"coupons c {RULE_SETTINGS}",
    select=(
        "c.id, c.code, c.description, c.kind, c.amount, c.min_subtotal_cents, c.expires_at,"
        f" r.from_date, k.name AS category_name, {RULE_STATUS_SQL} AS status"
    ),
    columns=(
        Column("id", "ID", "c.id"),
        Column("code", "Coupon Code", "c.code"),
        Column("description", "Rule", "c.description"),
        Column("discount", "Discount"),
        Column("min_subtotal", "Minimum Subtotal", "c.min_subtotal_cents"),
        Column("category", "Category"),
        Column("from_date", "From", "COALESCE(r.from_date, '')"),
        Column("expires_at", "To", "COALESCE(c.expires_at, '9999')"),
        Column("status", "Status", RULE_STATUS_SQL),
        Column("action", "Action"),
    ),
    filters=(
        Filter("code", "Coupon Code", "text", "c.code"),
        Filter("description", "Rule", "text", "c.description"),
        Filter("status", "Status", "choice", RULE_STATUS_SQL, ("Active", "Inactive")),
    ),
    keyword_sql=("c.code", "c.description"),
    default_sort="id",
    default_dir="asc",
    tiebreak="c.id",
    noun="rules",
)

SUBSCRIBERS_GRID = GridSpec(
    source="users u",
    select="u.id, u.email, u.first_name, u.last_name, u.newsletter",
    columns=(
        Column("id", "Customer ID", "u.id"),
        Column("email", "Email", "u.email"),
        Column("first_name", "First Name", "u.first_name"),
        Column("last_name", "Last Name", "u.last_name"),
        Column("status", "Status"),
    ),
    filters=(
        Filter("email", "Email", "text", "u.email"),
        Filter(
            "status",
            "Status",
            "choice",
            "CASE WHEN u.newsletter THEN 'Subscribed' ELSE 'Unsubscribed' END",
            ("Subscribed", "Unsubscribed"),
        ),
    ),
    keyword_sql=("u.email", "u.first_name || ' ' || u.last_name"),
    default_sort="id",
    default_dir="asc",
    tiebreak="u.id",
    noun="subscribers",
)

PAGES_GRID = GridSpec(
    source="cms_pages c",
    select="c.id, c.title, c.url_key, c.is_active, c.created_at, c.updated_at",
    columns=(
        Column("id", "ID", "c.id"),
        Column("title", "Title", "c.title"),
        Column("url_key", "URL Key", "c.url_key"),
        Column("status", "Status", "c.is_active"),
        Column("created_at", "Created", "c.created_at"),
        Column("updated_at", "Modified", "c.updated_at"),
        Column("action", "Action"),
    ),
    filters=(
        Filter("title", "Title", "text", "c.title"),
        Filter("url_key", "URL Key", "text", "c.url_key"),
        Filter(
            "status",
            "Status",
            "choice",
            "CASE WHEN c.is_active THEN 'Enabled' ELSE 'Disabled' END",
            ("Enabled", "Disabled"),
        ),
    ),
    keyword_sql=("c.title", "c.url_key", "c.content"),
    default_sort="id",
    default_dir="asc",
    tiebreak="c.id",
    noun="pages",
)


def rule_categories(db: sqlite3.Connection) -> list[sqlite3.Row]:
    """The categories a rule may be limited to: each top-level one, then its subcategories."""
    return db.execute(
        "SELECT c.id, CASE WHEN t.id IS NULL THEN c.name ELSE t.name || ' / ' || c.name END"
        " AS path FROM categories c LEFT JOIN categories t ON t.id = c.parent_id"
        " ORDER BY COALESCE(t.position, c.position), t.id IS NOT NULL, c.position"
    ).fetchall()


@bp.route("/marketing/price-rules")
@staff_required("marketing")
def price_rules() -> str:
    """The cart price rules grid."""
    return render_template(
        "admin/marketing/rules.html", grid=load_grid(RULES_GRID, request.args), kinds=KINDS
    )


@bp.route("/marketing/newsletter-subscribers")
@staff_required("marketing")
def subscribers() -> str:
    """The customers and whether each is subscribed to the newsletter."""
    return render_template(
        "admin/marketing/subscribers.html", grid=load_grid(SUBSCRIBERS_GRID, request.args)
    )


def read_rule(
    db: sqlite3.Connection, form: Mapping[str, str], errors: dict[str, str], rule_id: int | None
) -> dict[str, Any]:
    """A cart price rule form's values, checked (problems in ``errors`` by field)."""
    code = text(form, "code", "Coupon Code", errors, max_length=50).upper()
    if "code" not in errors:
        if not COUPON_CODE.match(code):
            errors["code"] = "Coupon Code must be 2 to 50 letters, digits, '-' or '_'."
        elif db.execute(
            "SELECT 1 FROM coupons WHERE code = ? AND id != ?", (code, rule_id or 0)
        ).fetchone():
            errors["code"] = f"The coupon code {code} is already used by another rule."
    kind = form.get("kind", "")
    if kind not in KINDS:
        errors["kind"] = "Apply must be a percent of the subtotal or a fixed amount."
    raw = form.get("amount", "").strip()[:20]
    amount: int | None = None
    if kind == "percent":
        amount = int(raw) if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= 100 else None
        if amount is None:
            errors["amount"] = "Discount Amount must be a whole percent from 1 to 100."
    else:
        amount = parse_amount(raw) if raw else None
        if amount is None or amount == 0:
            errors.setdefault("amount", "Discount Amount must be an amount in dollars, like 5.")
    raw_min = form.get("min_subtotal", "").strip()[:20]
    minimum = parse_amount(raw_min) if raw_min else 0
    if minimum is None:
        errors["min_subtotal"] = "Minimum Subtotal must be an amount in dollars, like 25."
    raw_to = form.get("expires_on", "").strip()[:50]
    expires = parse_day(raw_to) if raw_to else None
    if raw_to and expires is None:
        errors["expires_on"] = "To must be a date like 2024-03-05 or 03/05/2024."
    raw_from = form.get("from_on", "").strip()[:50]
    starts = parse_day(raw_from) if raw_from else None
    if raw_from and starts is None:
        errors["from_on"] = "From must be a date like 2024-03-05 or 03/05/2024."
    elif starts is not None and expires is not None and starts > expires:
        errors["from_on"] = "From must not be after To."
    active = form.get("is_active", "1")
    if active not in ("0", "1"):
        errors["is_active"] = "Active must be Yes or No."
    category = form.get("category_id", "")
    valid = {str(row["id"]) for row in rule_categories(db)}
    if category and category not in valid:
        errors["category_id"] = "Category must be Any category or one of the listed categories."
    return {
        "code": code,
        "description": text(form, "description", "Rule Name", errors, max_length=200),
        "kind": kind,
        "amount": amount,
        "min_subtotal_cents": minimum,
        "expires_at": f"{expires.isoformat()} 23:59:59" if expires else None,
        "is_active": int(active == "1"),
        "from_date": starts.isoformat() if starts else None,
        "category_id": int(category) if category in valid else None,
    }


def _rule_form(rule: sqlite3.Row | None, form: Any, errors: dict[str, str], status: int) -> Any:
    return render_template(
        "admin/marketing/rule_form.html",
        rule=rule,
        form=form,
        errors=errors,
        kinds=KINDS,
        categories=rule_categories(get_db()),
    ), status


def _rule_values(rule: sqlite3.Row) -> dict[str, str]:
    minimum = rule["min_subtotal_cents"]
    amount = rule["amount"]
    return {
        "code": rule["code"],
        "description": rule["description"],
        "kind": rule["kind"],
        "amount": str(amount)
        if rule["kind"] == "percent"
        else f"{amount // 100}.{amount % 100:02d}",
        "min_subtotal": f"{minimum // 100}.{minimum % 100:02d}",
        "expires_on": (rule["expires_at"] or "")[:10],
        "from_on": rule["from_date"] or "",
        "is_active": "1" if rule["is_active"] else "0",
        "category_id": "" if rule["category_id"] is None else str(rule["category_id"]),
    }


@bp.route("/marketing/price-rules/new", methods=("GET", "POST"))
@bp.route("/marketing/price-rules/<int(max=999999999):rule_id>", methods=("GET", "POST"))
@staff_required("marketing")
def rule_edit(rule_id: int | None = None) -> Response | tuple[str, int]:
    """Add or edit a cart price rule: coupon code, discount, minimum subtotal, end date."""
    db = get_db()
    rule = None
    if rule_id is not None:
        rule = db.execute(
            "SELECT c.*, COALESCE(r.is_active, 1) AS is_active, r.from_date, r.category_id"
            f" FROM coupons c {RULE_SETTINGS} WHERE c.id = ?",
            (rule_id,),
        ).fetchone()
        if rule is None:
            abort(404, f"There is no cart price rule with ID {rule_id}.")
    if request.method == "GET":
        values = _rule_values(rule) if rule is not None else {"kind": "percent", "is_active": "1"}
        return _rule_form(rule, values, {}, 200)
    errors: dict[str, str] = {}
    values = read_rule(db, request.form, errors, rule_id)
    if errors:
        return _rule_form(rule, request.form, errors, 400)
    if rule_id is None:
        cursor = db.execute(
            "INSERT INTO coupons (code, description, kind, amount, min_subtotal_cents, expires_at)"
            " VALUES (:code, :description, :kind, :amount, :min_subtotal_cents, :expires_at)",
            values,
        )
        rule_id = int(cursor.lastrowid or 0)
    else:
        db.execute(
            "UPDATE coupons SET code = :code, description = :description, kind = :kind,"
            " amount = :amount, min_subtotal_cents = :min_subtotal_cents,"
            " expires_at = :expires_at WHERE id = :id",
            {**values, "id": rule_id},
        )
    db.execute(
        "INSERT OR REPLACE INTO price_rule_settings VALUES (?, ?, ?, ?)",
        (rule_id, values["is_active"], values["from_date"], values["category_id"]),
    )
    db.commit()
    flash("You saved the rule.", "success")
    return redirect(url_for("admin.marketing.price_rules"))


@bp.route("/content/pages")
@staff_required("content")
def pages() -> str:
    """The CMS pages grid."""
    return render_template("admin/marketing/pages.html", grid=load_grid(PAGES_GRID, request.args))


def _page_form(page: sqlite3.Row | None, form: Any, errors: dict[str, str], status: int) -> Any:
    return render_template(
        "admin/marketing/page_form.html", page=page, form=form, errors=errors
    ), status


def storefront_path_taken(url_key: str) -> bool:
    """Whether ``/<url_key>`` is served by another storefront page than a CMS page (the
    cart, the search, the help section ...), so a CMS page there could never be shown."""
    adapter = current_app.url_map.bind("localhost")
    try:
        endpoint, _ = adapter.match(f"/{url_key}", method="GET")
    except RequestRedirect:
        return True  # a section such as /help/, reached by adding the slash
    except HTTPException:
        return True  # a path that only another method serves
    return endpoint != "cms.page"


@bp.route("/content/pages/new", methods=("GET", "POST"))
@bp.route("/content/pages/<int(max=999999999):page_id>", methods=("GET", "POST"))
@staff_required("content")
def page_edit(page_id: int | None = None) -> Response | tuple[str, int]:
    """Add or edit a CMS page: title, URL key, content, enabled."""
    db = get_db()
    page = None
    if page_id is not None:
        page = db.execute("SELECT * FROM cms_pages WHERE id = ?", (page_id,)).fetchone()
        if page is None:
            abort(404, f"There is no CMS page with ID {page_id}.")
    if request.method == "GET":
        return _page_form(page, dict(page) if page is not None else {"is_active": 1}, {}, 200)
    errors: dict[str, str] = {}
    title = text(request.form, "title", "Page Title", errors, max_length=200)
    url_key = text(request.form, "url_key", "URL Key", errors, max_length=100).lower()
    if "url_key" not in errors:
        if not URL_KEY.match(url_key):
            errors["url_key"] = "URL Key must be lower-case letters and digits joined by hyphens."
        elif storefront_path_taken(url_key):
            errors["url_key"] = (
                f"The URL key {url_key} is a storefront path already (/{url_key}); choose another."
            )
        elif db.execute(
            "SELECT 1 FROM cms_pages WHERE url_key = ? AND id != ?", (url_key, page_id or 0)
        ).fetchone():
            errors["url_key"] = f"The URL key {url_key} is already used by another page."
    content = text(request.form, "content", "Content", errors, max_length=20000, unix_newlines=True)
    active = int(request.form.get("is_active") == "1")
    if errors:
        form = {**request.form.to_dict(), "is_active": active}
        return _page_form(page, form, errors, 400)
    if page_id is None:
        db.execute(
            "INSERT INTO cms_pages (title, url_key, content, is_active, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (title, url_key, content, active, now_text(), now_text()),
        )
    else:
        db.execute(
            "UPDATE cms_pages SET title = ?, url_key = ?, content = ?, is_active = ?,"
            " updated_at = ? WHERE id = ?",
            (title, url_key, content, active, now_text(), page_id),
        )
    db.commit()
    flash("You saved the page.", "success")
    return redirect(url_for("admin.marketing.pages"))


@bp.route("/content/pages/<int(max=999999999):page_id>/delete", methods=("POST",))
@staff_required("content")
def page_delete(page_id: int) -> Response:
    """Delete a CMS page."""
    db = get_db()
    if db.execute("DELETE FROM cms_pages WHERE id = ?", (page_id,)).rowcount == 0:
        abort(404, f"There is no CMS page with ID {page_id}.")
    db.commit()
    flash("You deleted the page.", "success")
    return redirect(url_for("admin.marketing.pages"))
