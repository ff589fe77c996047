"""The back office's data grids: filters, keyword search, sorting, paging and page size.

A grid is declared once (:class:`GridSpec`: its SQL source, columns and filters) and
read from the query string by :func:`load_grid`, the way Magento's admin grids work
but with plain GET forms. Query arguments: each filter's name (``<name>_from`` and
``<name>_to`` for ranges), ``search`` (keywords: every word must occur in one of the
keyword columns), ``sort`` and ``dir`` (``asc``/``desc``), ``page`` and ``limit``
(:data:`PAGE_SIZES`). An unusable value is reported next to its field and ignored;
it never fails the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

from ...core.db import get_db
from ...core.paging import check_page, page_count, page_number
from ..listing import parse_amount

PAGE_SIZES = (20, 30, 50, 100, 200)
"""The page sizes a grid offers (Magento's)."""
DEFAULT_PAGE_SIZE = 20
KEYWORD_MAX_LENGTH = 200
FILTER_MAX_LENGTH = 100
DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y")
"""What a date filter accepts: ``2024-03-05`` or ``03/05/2024``."""

FilterKind = Literal["text", "choice", "money", "date", "number"]
_INTEGER = re.compile(r"^-?\d{1,9}$")


@dataclass(frozen=True)
class Column:
    """A grid column.

    Attributes:
        key: The ``sort`` value that orders by it.
        label: The header text.
        order_by: The SQL expression it sorts by; None when it cannot be sorted.
    """

    key: str
    label: str
    order_by: str | None = None


@dataclass(frozen=True)
class Filter:
    """A grid filter.

    Attributes:
        name: The query argument (ranges use ``<name>_from`` and ``<name>_to``).
        label: The field's label.
        kind: ``text`` (contains, any case), ``choice`` (equals one of ``choices``),
            ``money`` (a dollar range), ``date`` (a day range) or ``number`` (an
            integer range).
        sql: The SQL expression filtered.
        choices: The values a ``choice`` filter offers.
    """

    name: str
    label: str
    kind: FilterKind
    sql: str
    choices: tuple[str, ...] = ()

    @property
    def is_range(self) -> bool:
        """Whether the filter takes a from-to pair."""
        return self.kind in ("money", "date", "number")

    @property
    def args(self) -> tuple[str, ...]:
        """The query arguments the filter reads."""
        return (f"{self.name}_from", f"{self.name}_to") if self.is_range else (self.name,)


@dataclass(frozen=True)
class GridSpec:
    """What a grid shows and how it may be narrowed.

    Attributes:
        source: The SQL ``FROM`` clause with its joins (without ``FROM``).
        select: The selected expressions.
        columns: The columns in display order.
        filters: The filters in display order.
        keyword_sql: The expressions keyword search looks in.
        default_sort: The ``key`` of the column sorted by default.
        default_dir: ``asc`` or ``desc``.
        tiebreak: The SQL expression that orders equal rows (a unique column).
        noun: What a row is, plural (``orders``), for the result count.
    """

    source: str
    select: str
    columns: tuple[Column, ...]
    filters: tuple[Filter, ...]
    keyword_sql: tuple[str, ...]
    default_sort: str
    default_dir: Literal["asc", "desc"]
    tiebreak: str
    noun: str


@dataclass
class Grid:
    """One page of a grid and the choices that produced it."""

    spec: GridSpec
    rows: list = field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    limit: int = DEFAULT_PAGE_SIZE
    sort: str = ""
    direction: str = "asc"
    keyword: str = ""
    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def first(self) -> int:
        """1-based position of the page's first row (0 when empty)."""
        return 0 if not self.total else (self.page - 1) * self.limit + 1

    @property
    def last(self) -> int:
        """1-based position of the page's last row."""
        return min(self.page * self.limit, self.total)

    @property
    def page_sizes(self) -> tuple[int, ...]:
        """The page sizes the grid's Per page control offers."""
        return PAGE_SIZES

    @property
    def filtered(self) -> bool:
        """Whether any filter or keyword narrows the grid."""
        return bool(self.keyword or any(self.values.values()))


def parse_day(text: str) -> date | None:
    """Read a day typed as ``2024-03-05`` or ``03/05/2024`` (None when it is neither)."""
    for layout in DATE_FORMATS:
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    return None


def _bound(flt: Filter, text: str) -> int | str | None:
    """The SQL value of one end of a range filter, or None when ``text`` is unusable."""
    if flt.kind == "money":
        return parse_amount(text)
    if flt.kind == "number":
        return int(text) if _INTEGER.match(text) else None
    day = parse_day(text)
    return None if day is None else day.isoformat()


_RANGE_HELP = {
    "money": "an amount in dollars, like 10 or 24.99",
    "number": "a whole number",
    "date": "a date like 2024-03-05 or 03/05/2024",
}


def _apply_filter(
    flt: Filter, grid: Grid, args: Mapping[str, str], where: list[str], params: list
) -> None:
    if not flt.is_range:
        text = args.get(flt.name, "").strip()
        if len(text) > FILTER_MAX_LENGTH:
            grid.errors[flt.name] = f"{flt.label} must be at most {FILTER_MAX_LENGTH} characters."
            text = text[:FILTER_MAX_LENGTH]
        grid.values[flt.name] = text
        if not text or flt.name in grid.errors:
            return
        if flt.kind == "choice":
            if text not in flt.choices:
                grid.errors[flt.name] = f"{flt.label} must be one of: {', '.join(flt.choices)}."
                return
            where.append(f"{flt.sql} = ?")
            params.append(text)
            return
        escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where.append(f"{flt.sql} LIKE ? ESCAPE '\\'")
        params.append(f"%{escaped}%")
        return
    bounds: list[int | str | None] = []
    for arg, op, end in ((f"{flt.name}_from", ">=", "from"), (f"{flt.name}_to", "<=", "to")):
        text = args.get(arg, "").strip()[:FILTER_MAX_LENGTH]
        grid.values[arg] = text
        if not text:
            bounds.append(None)
            continue
        value = _bound(flt, text)
        bounds.append(value)
        if value is None:
            grid.errors[arg] = f"{flt.label} {end} must be {_RANGE_HELP[flt.kind]}."
            continue
        expression = f"substr({flt.sql}, 1, 10)" if flt.kind == "date" else flt.sql
        where.append(f"{expression} {op} ?")
        params.append(value)
    low, high = bounds
    if low is not None and high is not None and low > high:  # type: ignore[operator]
        grid.errors[f"{flt.name}_to"] = f"{flt.label} to must not be before {flt.label} from."


def load_grid(spec: GridSpec, args: Mapping[str, str]) -> Grid:
    """Read a grid's filters, keywords, sort and page from the query and fetch its page.

    Args:
        spec: The grid.
        args: The query string.

    Returns:
        The grid page; unusable values are in ``Grid.errors`` (by query argument) and
        were ignored.

    Raises:
        NotFound: ``page`` is past the last page.
    """
    grid = Grid(spec=spec)
    where: list[str] = []
    params: list = []
    for flt in spec.filters:
        _apply_filter(flt, grid, args, where, params)

    keyword = args.get("search", "").strip()
    if len(keyword) > KEYWORD_MAX_LENGTH:
        grid.errors["search"] = f"Keywords must be at most {KEYWORD_MAX_LENGTH} characters."
        keyword = keyword[:KEYWORD_MAX_LENGTH]
    grid.keyword = keyword
    for word in keyword.split()[:10]:
        escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where.append(
            "(" + " OR ".join(f"{column} LIKE ? ESCAPE '\\'" for column in spec.keyword_sql) + ")"
        )
        params.extend([f"%{escaped}%"] * len(spec.keyword_sql))

    sortable = {column.key: column.order_by for column in spec.columns if column.order_by}
    sort = args.get("sort", "")
    grid.sort = sort if sort in sortable else spec.default_sort
    direction = args.get("dir", "")
    grid.direction = direction if direction in ("asc", "desc") else spec.default_dir
    if sort not in sortable:
        grid.direction = spec.default_dir if not direction else grid.direction

    limit = args.get("limit", "")
    grid.limit = int(limit) if limit in {str(size) for size in PAGE_SIZES} else DEFAULT_PAGE_SIZE

    clause = " AND ".join(where) or "1"
    db = get_db()
    grid.total = db.execute(
        f"SELECT COUNT(*) FROM {spec.source} WHERE {clause}", params
    ).fetchone()[0]
    grid.pages = page_count(grid.total, grid.limit)
    grid.page = page_number(args)
    check_page(grid.page, grid.pages)
    order = (
        f"{sortable[grid.sort]} {grid.direction.upper()}, {spec.tiebreak} {grid.direction.upper()}"
    )
    grid.rows = db.execute(
        f"SELECT {spec.select} FROM {spec.source} WHERE {clause} ORDER BY {order} LIMIT ? OFFSET ?",
        [*params, grid.limit, (grid.page - 1) * grid.limit],
    ).fetchall()
    return grid
