"""CMS pages the back office writes, served at ``/<url key>`` as Magento serves them."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, render_template

from ..core.db import get_db

bp = Blueprint("cms", __name__)


def footer_pages() -> list[sqlite3.Row]:
    """The enabled CMS pages, linked from every storefront page's footer."""
    return (
        get_db()
        .execute("SELECT title, url_key FROM cms_pages WHERE is_active = 1 ORDER BY id")
        .fetchall()
    )


@bp.route("/<url_key>")
def page(url_key: str) -> str:
    """Show an enabled CMS page; a disabled or unknown one is not found."""
    row = (
        get_db()
        .execute("SELECT * FROM cms_pages WHERE url_key = ? AND is_active = 1", (url_key,))
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no page '{url_key[:100]}'.")
    return render_template("shop/cms_page.html", page=row)
