"""Shop families that fill the cart or the wish list with several products found on one
filtered, sorted listing: the n cheapest well-rated products of a category, and every
product of a brand in a category."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, click, select, state_eval, stop
from webenv.sites.shop.listing import RATINGS, SORTS
from webenv.task_files.families.shop._common import (
    PRODUCTS_PER_PAGE,
    customers,
    open_category,
    products_in,
    review_ratings,
    subcategories,
    user_id,
)

_BACK = {"do": "go_back"}


def _back_to_listing() -> list[dict[str, Any]]:
    """From a product page just posted to, back to the listing it was opened from (the page
    after the post, the product page, then the listing)."""
    return [_BACK, _BACK]


# --- the n cheapest well-rated products, to the cart ------------------------------------------


def _cart_n_cheapest(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    stars = ctx.rng.choice((3, 4))
    listed = sorted(
        (p for p in products_in(ctx.data, category) if p.rating >= stars),
        key=lambda p: (p.price_cents, p.id),
    )
    n = ctx.rng.randint(2, 3)
    if len(listed) < n:
        return None
    chosen = listed[:n]
    if len(listed) > n and listed[n].price_cents == chosen[-1].price_cents:
        return None  # a tie for the last place
    if any(p.sizes or p.colours for p in chosen):
        return None  # options would need choosing
    username = ctx.rng.choice(customers(ctx.data))
    uid = user_id(ctx.data, username)
    if ctx.data.value("shop", "SELECT COUNT(*) FROM cart_items WHERE user_id = ?", (uid,)):
        return None
    steps = [
        *open_category(category),
        select("Sort by", SORTS["price_asc"][0]),
        select("Minimum rating", dict(RATINGS)[str(stars)]),
        button("Apply"),
    ]
    for index, product in enumerate(chosen):
        steps += [click(product.name), button("Add to Cart")]
        if index < n - 1:
            steps += _back_to_listing()
    expected = ",".join(f"{p.id}x1" for p in sorted(chosen, key=lambda p: p.id))
    return Draft(
        values={
            "n": n,
            "category": category.name,
            "stars": stars,
            "customer": username,
        },
        eval=state_eval(
            "shop",
            [
                (
                    "SELECT group_concat(product_id || 'x' || quantity) FROM (SELECT product_id, "
                    f"quantity FROM cart_items WHERE user_id = {uid} ORDER BY product_id)",
                    expected,
                ),
            ],
        ),
        solution=[*steps, stop()],
        answer=sorted(p.name for p in chosen),
        login={"shop": username},
    )


def _confirm_cart_n_cheapest(ctx: Context, values: dict[str, Any]) -> list[str]:
    """The n cheapest by ratings recomputed from the review rows, in Python."""
    category = next(c for c in subcategories(ctx.data) if c.name == values["category"])
    ratings = review_ratings(ctx.data, category.id)
    prices = dict(
        ctx.data.query(
            "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
        )
    )
    kept = sorted((prices[name], name) for name, r in ratings.items() if r >= values["stars"])
    return sorted(name for _, name in kept[: values["n"]])


# --- every product of a brand in a category, to the wish list -----------------------------------


def _wishlist_brand(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    brands = dict(
        ctx.data.query(
            "shop", "SELECT id, brand FROM products WHERE category_id = ?", (category.id,)
        )
    )
    by_name = sorted(products_in(ctx.data, category), key=lambda p: (p.name, p.id))
    counts = {b: list(brands.values()).count(b) for b in set(brands.values())}
    pool = sorted(b for b, k in counts.items() if 2 <= k <= 4)
    if not pool:
        return None
    brand = ctx.rng.choice(pool)
    chosen = [p for p in by_name if brands[p.id] == brand]
    if by_name.index(chosen[-1]) >= PRODUCTS_PER_PAGE:
        return None  # the brand runs onto the next page
    username = ctx.rng.choice(customers(ctx.data))
    uid = user_id(ctx.data, username)
    wished = {
        pid
        for (pid,) in ctx.data.query(
            "shop", "SELECT product_id FROM wishlist_items WHERE user_id = ?", (uid,)
        )
    }
    missing = [p for p in chosen if p.id not in wished]
    if not missing:
        return None
    steps = [*open_category(category), select("Sort by", SORTS["name"][0]), button("Apply")]
    for index, product in enumerate(missing):
        steps += [click(product.name), button("Add to Wish List")]
        if index < len(missing) - 1:
            steps += _back_to_listing()
    ids = ", ".join(str(p.id) for p in chosen)
    return Draft(
        values={"brand": brand, "category": category.name, "customer": username},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT COUNT(*) FROM wishlist_items WHERE user_id = {uid} AND "
                    f"product_id IN ({ids})",
                    len(chosen),
                ),
                (
                    f"SELECT COUNT(*) FROM wishlist_items WHERE user_id = {uid}",
                    len(wished) + len(missing),
                ),
            ],
        ),
        solution=[*steps, stop()],
        answer=sorted(p.name for p in chosen),
        login={"shop": username},
    )


def _confirm_wishlist_brand(ctx: Context, values: dict[str, Any]) -> list[str]:
    """The category's products whose name starts with the brand, in Python."""
    rows = ctx.data.query(
        "shop",
        "SELECT p.name FROM products p JOIN categories c ON c.id = p.category_id "
        "WHERE c.name = ? AND c.parent_id IS NOT NULL",
        (values["category"],),
    )
    return sorted(name for (name,) in rows if name.startswith(values["brand"] + " "))


FAMILIES = [
    Family(
        id="shop.cart-n-cheapest-rated",
        sites=("shop",),
        skills=("sort", "filter"),
        intent_template="Add one each of the {{n}} cheapest {{category}} products rated "
        "{{stars}} stars or higher to my cart.",
        build=_cart_n_cheapest,
        confirm=_confirm_cart_n_cheapest,
        length=(12, 16),
        kind="state",
    ),
    Family(
        id="shop.wishlist-brand-in-category",
        sites=("shop",),
        skills=("sort", "compare"),
        intent_template="Add every {{brand}} product in {{category}} to my wish list.",
        build=_wishlist_brand,
        confirm=_confirm_wishlist_brand,
        split="test",
        length=(7, 19),
        kind="state",
    ),
]
