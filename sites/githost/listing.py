"""Pagination and URL helpers shared by the lists."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

from flask import request

from ..core.db import get_db
from ..core.paging import check_page, page_count, page_number

PER_PAGE = 20


@dataclass
class Page:
    """One page of rows and where it sits in the whole list."""

    rows: list = field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    per_page: int = PER_PAGE

    @property
    def first(self) -> int:
        """1-based position of the first row (0 when empty)."""
        return 0 if not self.total else (self.page - 1) * self.per_page + 1

    @property
    def last(self) -> int:
        """1-based position of the last row on the page."""
        return min(self.page * self.per_page, self.total)


def paginate(
    sql_from: str, params: Sequence, order: str, columns: str = "*", per_page: int = PER_PAGE
) -> Page:
    """Run ``SELECT columns FROM <sql_from> ORDER BY <order>`` one page at a time.

    Args:
        sql_from: Everything after ``FROM`` up to (not including) ``ORDER BY``.
        params: Parameters for ``sql_from``.
        order: The ORDER BY clause.
        columns: The selected columns.
        per_page: Rows per page.

    Raises:
        NotFound: ``?page=`` is past the last page.
    """
    db = get_db()
    page = Page(per_page=per_page)
    page.total = db.execute(f"SELECT COUNT(*) FROM {sql_from}", list(params)).fetchone()[0]
    page.pages = page_count(page.total, per_page)
    page.page = page_number(request.args)
    check_page(page.page, page.pages)
    page.rows = db.execute(
        f"SELECT {columns} FROM {sql_from} ORDER BY {order} LIMIT ? OFFSET ?",
        [*params, per_page, (page.page - 1) * per_page],
    ).fetchall()
    return page


def paginate_list(items: Sequence, per_page: int = PER_PAGE) -> Page:
    """Paginate an in-memory sequence with ``?page=``."""
    page = Page(per_page=per_page, total=len(items))
    page.pages = page_count(page.total, per_page)
    page.page = page_number(request.args)
    check_page(page.page, page.pages)
    page.rows = list(items[(page.page - 1) * per_page : page.page * per_page])
    return page


def like(term: str) -> str:
    """Return ``%term%`` with LIKE wildcards escaped (use with ``ESCAPE '\\'``)."""
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def rows_by(rows: Sequence[sqlite3.Row], key: str) -> dict:
    """Group rows into lists by a column."""
    grouped: dict = {}
    for row in rows:
        grouped.setdefault(row[key], []).append(row)
    return grouped
