"""Queries the shop families share: the task user's orders, the category tree and its products."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webenv.families import DEFAULT_LOGINS, WorldData, like_pattern
from webenv.sites.shop import availability
from webenv.sites.shop.account import ORDERS_PER_PAGE
from webenv.sites.shop.datagen import average_rating
from webenv.sites.shop.listing import PER_PAGE as PRODUCTS_PER_PAGE

USER = DEFAULT_LOGINS["shop"]

STARS = {5: "5 stars", 4: "4 stars", 3: "3 stars", 2: "2 stars", 1: "1 star"}
"""The review form's rating labels by number of stars."""
__all__ = ["ORDERS_PER_PAGE", "PRODUCTS_PER_PAGE", "USER"]
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


@dataclass(frozen=True)
class Order:
    """One of the task user's orders, in the order history's order (newest first)."""

    number: str
    created_at: str
    status: str
    item_count: int
    total_cents: int

    @property
    def month(self) -> str:
        """``'March 2024'``."""
        return f"{MONTHS[int(self.created_at[5:7]) - 1]} {self.created_at[:4]}"


def user_id(data: WorldData, username: str = USER) -> int:
    """A customer's id (the task user's by default)."""
    return int(data.value("shop", "SELECT id FROM users WHERE username = ?", (username,)))


def can_buy(data: WorldData, product_id: int, quantity: int = 1) -> bool:
    """Whether the storefront sells ``quantity`` units of a product (it has a page and
    that many in stock), so a task that adds them to a cart can be done."""
    salable = data.value(
        "shop",
        f"SELECT COALESCE({availability.SALABLE_QTY}, 0) FROM {availability.PRODUCTS}"
        f" WHERE p.id = ? AND {availability.HAS_PAGE}",
        (product_id,),
    )
    return salable is not None and salable >= quantity


def has_review(data: WorldData, uid: int, product_id: int) -> bool:
    """Whether the customer has a published review of the product or one awaiting
    moderation: the storefront then takes no other."""
    return bool(
        data.value(
            "shop",
            "SELECT (SELECT COUNT(*) FROM reviews WHERE user_id = ?1 AND product_id = ?2)"
            " + (SELECT COUNT(*) FROM review_queue WHERE user_id = ?1 AND product_id = ?2"
            " AND status = 'Pending')",
            (uid, product_id),
        )
    )


def pending_review_checks(
    data: WorldData, uid: int, product_id: int, match: str
) -> list[tuple[str, Any]]:
    """State checks that the customer submitted one review of the product, now Pending.

    Args:
        data: The world's data (for the customer's queued reviews before the task).
        uid: The customer's id.
        product_id: The reviewed product.
        match: A SQL condition on the review's ``rating``, ``title`` and ``body``.
    """
    before = data.value("shop", "SELECT COUNT(*) FROM review_queue WHERE user_id = ?", (uid,))
    return [
        (
            f"SELECT COUNT(*) FROM review_queue WHERE user_id = {uid} AND product_id ="
            f" {product_id} AND status = 'Pending' AND {match}",
            1,
        ),
        (f"SELECT COUNT(*) FROM review_queue WHERE user_id = {uid}", before + 1),
    ]


def orders(data: WorldData, username: str = USER) -> list[Order]:
    """A customer's orders (the task user's by default) as the order history lists them
    (newest first)."""
    rows = data.query(
        "shop",
        "SELECT number, created_at, status, item_count, total_cents "
        "FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC",
        (user_id(data, username),),
    )
    return [Order(*row) for row in rows]


def customers(data: WorldData) -> list[str]:
    """Every customer's username, sorted (the task user among them)."""
    return [name for (name,) in data.query("shop", "SELECT username FROM users ORDER BY username")]


def to_order(history: list[Order], order: Order) -> list[dict[str, Any]]:
    """From any shop page to an order's page through the (paged) order history."""
    from webenv.families.steps import click

    page = page_of(history.index(order), ORDERS_PER_PAGE)
    return [
        click("My Account"),
        click("My Orders"),
        *[click("Next page") for _ in range(page - 1)],
        click(f"View order {order.number}"),
    ]


def page_of(index: int, per_page: int) -> int:
    """The 1-based page that shows the 0-based list position ``index``."""
    return index // per_page + 1


def on_first_search_page(data: WorldData, query: str, product_id: int) -> bool:
    """Whether the shop's search for ``query`` lists the product on its first page (every
    word in the name, brand or category name, featured first; sites/shop/catalog.py)."""
    where, params = [], []
    for term in query.split()[:10]:
        where.append(
            "(p.name LIKE ? ESCAPE '\\' OR p.brand LIKE ? ESCAPE '\\' OR "
            "p.category_id IN (SELECT c.id FROM categories c LEFT JOIN categories t "
            "ON t.id = c.parent_id WHERE c.name LIKE ? ESCAPE '\\' OR "
            "t.name LIKE ? ESCAPE '\\'))"
        )
        params += [like_pattern(term)] * 4
    rows = data.query(
        "shop",
        f"SELECT p.id FROM products p WHERE {' AND '.join(where) or '1'} "
        "ORDER BY p.featured DESC, p.review_count DESC, p.id LIMIT ?",
        (*params, PRODUCTS_PER_PAGE),
    )
    return (product_id,) in rows


@dataclass(frozen=True)
class Category:
    """A subcategory and the top-level category it sits under."""

    id: int
    name: str
    parent: str


def subcategories(data: WorldData) -> list[Category]:
    """Every subcategory with its parent's name, in menu order."""
    rows = data.query(
        "shop",
        "SELECT c.id, c.name, t.name FROM categories c JOIN categories t "
        "ON t.id = c.parent_id ORDER BY t.position, c.position",
    )
    return [Category(*row) for row in rows]


def open_category(category: Category) -> list[dict]:
    """Steps from any shop page to a subcategory's listing: top menu, then the subcategory."""
    from webenv.families.steps import click

    return [click(category.parent), click(category.name)]


@dataclass(frozen=True)
class Product:
    """A product as a listing shows it."""

    id: int
    name: str
    price_cents: int
    rating: float
    review_count: int
    colours: tuple[str, ...]
    sizes: tuple[str, ...]


def products_in(data: WorldData, category: Category) -> list[Product]:
    """The products of a subcategory, by id."""
    rows = data.query(
        "shop",
        "SELECT id, name, price_cents, rating, review_count, colours, sizes "
        "FROM products WHERE category_id = ? ORDER BY id",
        (category.id,),
    )
    return [
        Product(
            id=row[0],
            name=row[1],
            price_cents=row[2],
            rating=row[3],
            review_count=row[4],
            colours=tuple(c for c in row[5].split(",") if c),
            sizes=tuple(s for s in row[6].split(",") if s),
        )
        for row in rows
    ]


def review_ratings(data: WorldData, category_id: int) -> dict[str, float]:
    """Displayed ratings recomputed from the review rows (not the products' stored rating)."""
    rows = data.query(
        "shop",
        "SELECT p.name, r.rating FROM products p LEFT JOIN reviews r "
        "ON r.product_id = p.id WHERE p.category_id = ?",
        (category_id,),
    )
    totals: dict[str, list[int]] = {}
    for name, rating in rows:
        totals.setdefault(name, [])
        if rating is not None:
            totals[name].append(rating)
    return {name: average_rating(sum(r), len(r)) for name, r in totals.items()}
