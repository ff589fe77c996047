"""The shop's back office at ``/admin``: staff login, dashboard, sales and catalog.

One parent blueprint (``admin``) loads the staff session, renders back-office error
pages and holds the login and dashboard; each area is a nested blueprint
(``admin.sales``, ``admin.catalog``). Pages are plain server-rendered forms, modelled on
the Magento 2 admin. Which staff role may open which area is
:mod:`~webenv.sites.shop.admin.roles`.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, redirect, render_template, request, url_for
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ...core.auth import safe_next
from ...core.help import help_blueprint
from . import (
    catalog,
    contact,
    customers,
    dashboard,
    marketing,
    reports,
    reviews,
    roles,
    sales,
    staff,
)

bp = Blueprint("admin", __name__, url_prefix="/admin")
bp.before_request(staff.load_staff)
bp.register_blueprint(sales.bp)
bp.register_blueprint(catalog.bp)
bp.register_blueprint(customers.bp)
bp.register_blueprint(contact.bp)
bp.register_blueprint(reviews.bp)
bp.register_blueprint(reports.bp)
bp.register_blueprint(marketing.bp)
bp.register_blueprint(help_blueprint("shop_admin", "admin/base.html"))
bp.add_url_rule("/dashboard", "dashboard", dashboard.dashboard)


@bp.record_once
def _bind_csrf_to_staff(state: BlueprintSetupState) -> None:
    # A staff login or log-out changes the forms' CSRF token, as a customer's does.
    state.app.config.setdefault("CSRF_SESSION_KEYS", (staff.STAFF_KEY, staff.GENERATION_KEY))


@bp.context_processor
def _admin_layout() -> dict[str, Any]:
    user = g.get("staff")
    return {"admin_menu": roles.menu(user["role"]) if user is not None else []}


@bp.errorhandler(HTTPException)
def _error_page(error: HTTPException) -> tuple[str, int]:
    if not hasattr(g, "staff"):
        g.staff = None
    return render_template("admin/error.html", error=error), error.code or 500


def _home() -> str:
    """The first page the logged-in staff user's role may open."""
    allowed = roles.menu(g.staff["role"])
    return url_for(allowed[0].endpoint) if allowed else url_for("admin.account")


@bp.route("", methods=("GET", "POST"))
def login() -> Response | tuple[str, int]:
    """The back office's sign-in form; a signed-in staff user goes to the dashboard."""
    target = safe_next(request.values.get("next"))
    if target is not None and target != "/admin" and not target.startswith("/admin/"):
        target = None  # sign-in leads only to back-office pages
    if request.method == "GET":
        if g.staff is not None:
            return redirect(target or _home())
        return render_template("admin/login.html", next=target or "", errors={}, form={}), 200
    errors: dict[str, str] = {}
    user = staff.authenticate(request.form, errors)
    if user is None:
        return render_template(
            "admin/login.html", next=target or "", errors=errors, form=request.form
        ), 400
    staff.log_in(user)
    g.staff = user
    return redirect(target or _home())


@bp.route("/")
def slash() -> Response:
    """``/admin/`` is the back office's front door too (``__SHOP_ADMIN__/`` in tasks)."""
    query = request.query_string.decode("latin-1")
    return redirect(url_for("admin.login") + (f"?{query}" if query else ""))


@bp.route("/logout", methods=("POST",))
def logout() -> Response:
    """Sign the staff user out (every session of theirs ends)."""
    staff.log_out()
    return redirect(url_for("admin.login"))


@bp.route("/account")
def account() -> Response | str:
    """The signed-in staff user's account: name, email and role."""
    if g.staff is None:
        return redirect(url_for("admin.login", next=request.path))
    return render_template("admin/account.html")
