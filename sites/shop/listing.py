"""Sorting, filtering and pagination of product lists (category pages and search)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import quote_plus

from flask import current_app, request, url_for
from markupsafe import Markup, escape

from ..core.db import get_db
from ..core.paging import check_page, page_count, page_number, query_args, url_with
from . import availability, specs, words

PER_PAGE = 12

SORTS: dict[str, tuple[str, str]] = {
    # value: (label, ORDER BY)
    "featured": ("Featured", "p.featured DESC, p.review_count DESC, p.id"),
    "price_asc": ("Price: Low to High", "final_price_cents, p.id"),
    "price_desc": ("Price: High to Low", "final_price_cents DESC, p.id"),
    "name": ("Name: A to Z", "p.name, p.id"),
    "rating": ("Rating: High to Low", "p.rating DESC, p.review_count DESC, p.id"),
}

RATINGS: tuple[tuple[str, str], ...] = (
    ("", "Any rating"),
    ("4", "4 stars & up"),
    ("3", "3 stars & up"),
    ("2", "2 stars & up"),
    ("1", "1 star & up"),
)

_AMOUNT = re.compile(r"^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$")
SEARCH_MAX_LENGTH = 200


def listing_columns() -> str:
    """The columns of a product in a list (price and stock as they are on the world's date)."""
    return (
        "p.id, p.slug, p.name, p.brand, p.price_cents, p.rating, p.review_count,"
        f" {availability.product_columns()}"
    )


def parse_amount(text: str) -> int | None:
    """Parse a dollar amount such as ``24``, ``24.5`` or ``$24.99`` into cents."""
    match = _AMOUNT.match(text.strip().replace(",", ""))
    if match is None:
        return None
    cents = (match.group(2) or "0").ljust(2, "0")
    return int(match.group(1)) * 100 + int(cents)


@dataclass(frozen=True)
class ProductFilter:
    """An attribute category and search pages filter by (layered navigation).

    Attributes:
        code: The query parameter (``?material=Oak``, ``?brand=Lumen``).
        label: The heading in "Shop By" and the "Now Shopping by" chips.
        column: The ``products`` column that holds the value; None for a specification
            attribute (``product_specs`` rows).
        listed: Whether ``column`` lists several comma-separated choices (sizes, colours).
    """

    code: str
    label: str
    column: str | None = None
    listed: bool = False

    def condition(self, value: str) -> tuple[str, list[str]]:
        """The SQL condition on products ``p`` that have ``value``, and its parameters."""
        if self.column is None:
            return (
                "EXISTS (SELECT 1 FROM product_specs s"
                " WHERE s.product_id = p.id AND s.attribute = ? AND s.value = ?)",
                [self.code, value],
            )
        if self.listed:
            return f"instr(',' || p.{self.column} || ',', ',' || ? || ',') > 0", [value]
        return f"p.{self.column} = ?", [value]


FILTERS: dict[str, ProductFilter] = {
    item.code: item
    for item in (
        *(ProductFilter(code, specs.ATTRIBUTES[code][0]) for code in specs.FILTERABLE),
        ProductFilter("brand", "Brand", "brand"),
        ProductFilter("size", "Size", "sizes", listed=True),
        ProductFilter("colour", "Colour", "colours", listed=True),
    )
}
"""The filters of category and search pages, in "Shop By" order."""

_SIZE_ORDER = {
    size: position
    for position, size in enumerate(
        dict.fromkeys(
            [
                *words.SIZE_SCALES["clothing"],
                *words.SIZE_SCALES["kids"],
                *words.SIZE_SCALES["shoes"],
            ]
        )
    )
}


def _option_order(code: str) -> Callable[[FacetOption], tuple[float, str]]:
    """The sort key of a filter's values: sizes small to large, quantities by amount
    (:func:`~webenv.sites.shop.specs.value_order`), other text alphabetically."""
    if code == "size":
        return lambda option: (float(_SIZE_ORDER.get(option.value, len(_SIZE_ORDER))), option.value)
    return lambda option: specs.value_order(str(option.value))


@dataclass(frozen=True)
class FacetOption:
    """One value of a filterable attribute and how many listed products have it."""

    value: str
    count: int


@dataclass(frozen=True)
class Facet:
    """A filterable attribute of the listed products (layered navigation)."""

    code: str
    label: str
    options: tuple[FacetOption, ...]


@dataclass
class Listing:
    """One page of a product list and the choices that produced it."""

    products: list = field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    sort: str = "featured"
    min_price: str = ""
    max_price: str = ""
    min_rating: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    chosen: dict[str, str] = field(default_factory=dict)
    """Attribute code -> the value the list is filtered by (``?material=Oak``)."""
    facets: list[Facet] = field(default_factory=list)
    """The filterable attributes not chosen yet, with the values the list offers."""

    def label(self, code: str) -> str:
        """The display label of a filter (``material`` -> ``Material``)."""
        return FILTERS[code].label

    @property
    def first(self) -> int:
        """1-based position of the first product on the page (0 when empty)."""
        return 0 if not self.total else (self.page - 1) * PER_PAGE + 1

    @property
    def last(self) -> int:
        """1-based position of the last product on the page."""
        return min(self.page * PER_PAGE, self.total)


_URL_SAFE = "!$'()*,/:;?@"
"""What werkzeug leaves unquoted in a built URL's query values (``werkzeug.urls._urlencode``)."""
_MARK = "facetvaluemark"
"""Stands for a facet value in the one URL :func:`_facet_urls` builds (quotes to itself)."""


def _facet_urls(facet: Facet) -> list[str]:
    """The URL of this page filtered by each value of ``facet``, on its first page.

    Each is what ``url_with(**{facet.code: value, "page": None})``
    (:func:`webenv.sites.core.paging.url_with`) returns: werkzeug builds one URL with a
    stand-in value and each value's URL is that one with the stand-in replaced by the
    value as werkzeug quotes it (``urllib.parse.quote_plus`` with its safe characters);
    "Shop By" links dozens of values a page, each a URL build of its own before. Should
    the stand-in occur elsewhere in the URL, each value's URL is built by werkzeug.
    """
    view_args = request.view_args or {}
    path_args = request.url_rule.arguments if request.url_rule is not None else ()
    args = query_args(request.args.to_dict(), {*view_args, *path_args})
    args.pop("page", None)
    endpoint = request.endpoint or current_app.config["HOME_ENDPOINT"]
    args[facet.code] = _MARK
    pattern = url_for(endpoint, **view_args, **args)
    if pattern.count(_MARK) == 1:
        head, tail = pattern.split(_MARK)
        return [f"{head}{quote_plus(option.value, _URL_SAFE)}{tail}" for option in facet.options]
    urls = []
    for option in facet.options:
        args[facet.code] = option.value
        urls.append(url_for(endpoint, **view_args, **args))
    return urls


def shop_by(listing: Listing) -> Markup:
    """The "Shop By" sidebar (layered navigation) of a category or search page: the chosen
    filters, each with its remove link, and each facet's values with their counts, each
    linking this page filtered by it; empty when the list has neither.

    A template global (:func:`webenv.sites.shop.create_app`) in place of a Jinja macro,
    whose loop cost more than its links; every value is escaped as autoescaping did.
    """
    if not (listing.chosen or listing.facets):
        return Markup("")
    parts = [
        '<nav class="shop-by" aria-labelledby="shop-by-heading">\n'
        '  <h2 id="shop-by-heading">Shop By</h2>\n'
    ]
    if listing.chosen:
        parts.append('  <h3>Now Shopping by</h3>\n  <ul class="chosen-filters">\n')
        for code, value in listing.chosen.items():
            label, shown = escape(listing.label(code)), escape(value)
            remove = escape(url_with(**{code: None, "page": None}))
            parts.append(
                f'    <li>{label}: {shown} <a href="{remove}"'
                f' aria-label="Remove {label} {shown}">Remove</a></li>\n'
            )
        clear = escape(url_with(page=None, **dict.fromkeys(listing.chosen)))
        parts.append(f'  </ul>\n  <p><a href="{clear}">Clear All</a></p>\n')
    for facet in listing.facets:
        parts.append(f'  <h3>{escape(facet.label)}</h3>\n  <ul class="facet">\n')
        for option, url in zip(facet.options, _facet_urls(facet), strict=True):
            parts.append(
                f'    <li><a href="{escape(url)}">{escape(option.value)}'
                f' <span class="count">({option.count})</span></a></li>\n'
            )
        parts.append("  </ul>\n")
    parts.append("</nav>\n")
    return Markup("".join(parts))


def list_products(args: Mapping[str, str], where: list[str], params: list) -> Listing:
    """Return a page of products matching ``where`` and the request's filters.

    Args:
        args: The query string (``sort``, ``page``, ``min_price``, ``max_price``,
            ``min_rating``, and a value for any code of :data:`FILTERS` such as
            ``material`` or ``brand``). Unusable values are reported in ``Listing.errors`` and
            ignored; an attribute value no product has simply lists nothing.
        where: SQL conditions on products ``p`` of :data:`availability.PRODUCTS` that
            always apply (which products the list may show, among them).
        params: Parameters for ``where``.

    Raises:
        NotFound: ``page`` is past the last page.
    """
    # Each ``get`` of a missing key from a MultiDict raises (and catches) a KeyError.
    args = dict(args.items())
    listing = Listing()
    where, params = list(where), list(params)
    sort = args.get("sort", "featured")
    listing.sort = sort if sort in SORTS else "featured"

    price = availability.final_price_sql()
    for name, label, op in (("min_price", "Min price", ">="), ("max_price", "Max price", "<=")):
        text = args.get(name, "").strip()[:50]
        setattr(listing, name, text)
        if not text:
            continue
        cents = parse_amount(text)
        if cents is None:
            listing.errors[name] = f"{label} must be an amount in dollars, like 10 or 24.99."
            continue
        where.append(f"{price} {op} ?")
        params.append(cents)
    low, high = parse_amount(listing.min_price or "x"), parse_amount(listing.max_price or "x")
    if low is not None and high is not None and low > high:
        listing.errors["max_price"] = "Max price must not be lower than Min price."

    rating = args.get("min_rating", "")
    if rating in {value for value, _ in RATINGS if value}:
        listing.min_rating = rating
        where.append("p.rating >= ?")
        params.append(int(rating))

    for code, product_filter in FILTERS.items():
        value = args.get(code, "").strip()[:100]
        if value:
            listing.chosen[code] = value
            condition, values = product_filter.condition(value)
            where.append(condition)
            params += values

    clause = " AND ".join(where) or "1"
    db = get_db()
    listing.facets, listed = _facets(clause, params, listing.chosen)
    if listed is None:
        listed = db.execute(
            f"SELECT COUNT(*) FROM {availability.PRODUCTS} WHERE {clause}", params
        ).fetchone()[0]
    listing.total = listed
    listing.pages = page_count(listing.total, PER_PAGE)
    listing.page = page_number(args)
    check_page(listing.page, listing.pages)
    listing.products = db.execute(
        f"SELECT {listing_columns()} FROM {availability.PRODUCTS} WHERE {clause}"
        f" ORDER BY {SORTS[listing.sort][1]} LIMIT ? OFFSET ?",
        [*params, PER_PAGE, (listing.page - 1) * PER_PAGE],
    ).fetchall()
    return listing


def _facets(clause: str, params: list, chosen: Mapping[str, str]) -> tuple[list[Facet], int | None]:
    """The filters not in ``chosen``, with value counts among the products matching
    ``clause``, in :data:`FILTERS` order; values in their natural order (``250 ml``
    before ``1 L``, ``S`` before ``M``).

    Returns:
        The facets, and how many products match ``clause`` when the column filters'
        query read them all (None when every column filter is chosen: not counted).
    """
    open_filters = [item for code, item in FILTERS.items() if code not in chosen]
    counts: dict[str, Counter[str]] = {item.code: Counter() for item in open_filters}
    spec_codes = [item.code for item in open_filters if item.column is None]
    db = get_db()
    if spec_codes:
        marks = ", ".join("?" * len(spec_codes))
        # CROSS JOIN keeps SQLite's join order: the listed products first, then their
        # specs by primary key. Left to choose, it walks every product's specs of these
        # attributes (idx_product_specs_value) and looks each product up: 3x slower.
        for code, value, count in db.execute(
            f"SELECT s.attribute, s.value, COUNT(*) FROM {availability.PRODUCTS}"
            " CROSS JOIN product_specs s ON s.product_id = p.id"
            f" WHERE {clause} AND s.attribute IN ({marks}) GROUP BY s.attribute, s.value",
            [*params, *spec_codes],
        ):
            counts[code][value] = count
    columns = [item for item in open_filters if item.column is not None]
    listed = None
    if columns:
        selected = ", ".join(f"p.{item.column}" for item in columns)
        rows = db.execute(
            f"SELECT {selected} FROM {availability.PRODUCTS} WHERE {clause}", params
        ).fetchall()
        listed = len(rows)
        # Counted a column at a time (no column: no rows); a listed column's values are
        # its rows' choices, joined and split again. Empty values and choices count not.
        for item, values in zip(columns, zip(*rows, strict=True), strict=False):
            found = counts[item.code]
            found.update(",".join(values).split(",") if item.listed else values)
            for value in [value for value in found if not value]:
                del found[value]
    facets = [
        Facet(
            item.code,
            item.label,
            tuple(
                sorted(
                    (FacetOption(value, count) for value, count in counts[item.code].items()),
                    key=_option_order(item.code),
                )
            ),
        )
        for item in open_filters
        if counts[item.code]
    ]
    return facets, listed
