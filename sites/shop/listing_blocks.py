"""The markup of a product list's page (a category page, search results, the home page's
featured products): its sort and filter controls, the results with their pagination, the
product grid in its compare form, and the compare sidebar.

Category pages are most of what a visitor of the shop sees, and as Jinja macros these
pieces cost more than the rest of the page's template; they are Python template globals
(registered in :func:`webenv.sites.shop.create_app`) returning
:class:`~markupsafe.Markup`, every value escaped as the macros escaped it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from flask import request, url_for
from markupsafe import Markup, escape

from ..core.csrf import csrf_token
from ..core.db import RowLike
from ..core.fragments import fragment
from ..core.paging import pagination_links
from .blocks import product_tiles
from .listing import Listing

__all__ = [
    "compare_form",
    "compare_sidebar",
    "listing_controls",
    "listing_results",
    "product_grid",
    "subcategory_nav",
]


def _options(choices: Iterable[tuple[object, object]], chosen: object) -> str:
    return "".join(
        f'      <option value="{escape(value)}"{" selected" if value == chosen else ""}>'
        f"{escape(label)}</option>\n"
        for value, label in choices
    )


def _price_box(listing: Listing, name: str, label: str, value: str) -> str:
    invalid = (
        f' aria-invalid="true" aria-describedby="{name}-error"' if listing.errors.get(name) else ""
    )
    return (
        '  <div class="control">\n'
        f'    <label for="{name}">{label}</label>\n'
        f'    <input type="text" id="{name}" name="{name}" value="{escape(value)}"'
        f' inputmode="decimal" size="7"{invalid}>\n'
        "  </div>\n"
    )


def listing_controls(
    listing: Listing,
    sorts: Mapping[str, tuple[str, str]],
    ratings: Iterable[tuple[str, str]],
    query: str | None = None,
) -> Markup:
    """The list's form: sort order, price range and minimum rating, keeping the search
    ``query`` (when one) and the chosen attribute filters, and the filters' errors.

    Args:
        listing: The list shown.
        sorts: Sort value -> (label, ORDER BY).
        ratings: (value, label) of each minimum rating.
        query: The search's text (search results only).
    """
    hidden = "" if query is None else f'  <input type="hidden" name="q" value="{escape(query)}">\n'
    hidden += "".join(
        f'  <input type="hidden" name="{escape(code)}" value="{escape(value)}">\n'
        for code, value in listing.chosen.items()
    )
    sort_options = _options(((value, label) for value, (label, _) in sorts.items()), listing.sort)
    errors = "".join(
        f'  <p class="field-error" id="{escape(name)}-error">{escape(message)}</p>\n'
        for name, message in listing.errors.items()
    )
    return Markup(
        f'<form class="listing-controls" method="get" action="{escape(request.path)}">\n'
        f"{hidden}"
        '  <div class="control">\n'
        '    <label for="sort">Sort by</label>\n'
        '    <select id="sort" name="sort">\n'
        f"{sort_options}"
        "    </select>\n"
        "  </div>\n"
        f"{_price_box(listing, 'min_price', 'Min price', listing.min_price)}"
        f"{_price_box(listing, 'max_price', 'Max price', listing.max_price)}"
        '  <div class="control">\n'
        '    <label for="min_rating">Minimum rating</label>\n'
        '    <select id="min_rating" name="min_rating">\n'
        f"{_options(ratings, listing.min_rating)}"
        "    </select>\n"
        "  </div>\n"
        '  <button type="submit">Apply</button>\n'
        f"{errors}"
        "</form>\n"
    )


def compare_form(content: Markup) -> Markup:
    """The form that adds the product of the "Add to Compare" button pressed in ``content``
    (:func:`~webenv.sites.shop.blocks.compare_button`) to the compare list, and comes back
    to this page."""
    back = request.full_path if request.query_string else request.path
    return Markup(
        f'<form action="{escape(url_for("compare.add"))}" method="post" class="compare-form">\n'
        f'  <input type="hidden" name="csrf_token" value="{escape(csrf_token())}">\n'
        f'  <input type="hidden" name="next" value="{escape(back)}">\n'
        f"  {content}\n"
        "</form>"
    )


def product_grid(products: Sequence[RowLike]) -> Markup:
    """The grid of ``products`` (:func:`~webenv.sites.shop.blocks.product_tiles`) in its
    :func:`compare_form`."""
    return compare_form(Markup(f"{product_tiles(products)}\n"))


def listing_results(listing: Listing, empty_message: str) -> Markup:
    """The list's count, grid and pagination, or ``empty_message`` when it is empty."""
    if not listing.total:
        return Markup(f'<p class="empty">{escape(empty_message)}</p>\n')
    return Markup(
        f'<p class="result-count">Items {escape(listing.first)}-{escape(listing.last)}'
        f" of {escape(listing.total)}</p>\n"
        f"{product_grid(listing.products)}\n"
        f"{pagination_links(listing.page, listing.pages)}\n"
    )


def compare_sidebar(items: Sequence[RowLike]) -> Markup:
    """The sidebar's "Compare Products" block (Magento's) listing the customer's compare
    list, when it has any products (``slug``, ``name``)."""
    if not items:
        return Markup("")
    links = "".join(
        f'    <li><a href="{escape(url_for("product.show", slug=item["slug"]))}">'
        f"{escape(item['name'])}</a></li>\n"
        for item in items
    )
    count = len(items)
    return Markup(
        '<section class="compare-sidebar" aria-labelledby="compare-sidebar-heading">\n'
        '  <h2 id="compare-sidebar-heading">Compare Products</h2>\n'
        f"  <p>{count} item{'' if count == 1 else 's'}</p>\n"
        "  <ul>\n"
        f"{links}"
        "  </ul>\n"
        f'  <p><a href="{escape(url_for("compare.index"))}">Compare</a></p>\n'
        "</section>\n"
    )


def subcategory_nav(
    category: RowLike, parent: RowLike | None, siblings: Sequence[RowLike]
) -> Markup:
    """A category page's "Subcategories" navigation: the parent's (or the top category's)
    name and its subcategories, this one marked as the current page; kept by the values
    it shows (:mod:`~webenv.sites.core.fragments`), as every sibling and filtered page
    shows the same one.

    Args:
        category: The category shown (``id``, ``name``).
        parent: Its parent (``name``), or None for a top category.
        siblings: The subcategories listed (``id``, ``slug``, ``name``).
    """
    heading = parent["name"] if parent else category["name"]
    items = tuple((item["id"], item["slug"], item["name"]) for item in siblings)
    key = (category["id"], heading, items)
    return fragment(
        "shop subcategories", key, lambda: _subcategory_nav(category["id"], heading, items)
    )


def _subcategory_nav(
    current: object, heading: object, items: Sequence[tuple[object, str, object]]
) -> Markup:
    links = "".join(
        f'      <li><span aria-current="page">{escape(name)}</span></li>\n'
        if item_id == current
        else f'      <li><a href="{escape(url_for("catalog.category", slug=slug))}">'
        f"{escape(name)}</a></li>\n"
        for item_id, slug, name in items
    )
    return Markup(
        '<nav class="subcategory-nav" aria-label="Subcategories">\n'
        f"    <h2>{escape(heading)}</h2>\n"
        "    <ul>\n"
        f"{links}"
        "    </ul>\n"
        "  </nav>"
    )
