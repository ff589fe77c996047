"""Shop families over the catalogue: sort and filter listings, compare products, act on
the n-th item of a sorted list."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    ordinal,
    search,
    select,
    sql_text,
    state_eval,
    stop,
    type_text,
)
from webenv.sites.shop.listing import RATINGS, SORTS
from webenv.task_files.families.shop._common import (
    PRODUCTS_PER_PAGE,
    Category,
    can_buy,
    on_first_search_page,
    open_category,
    page_of,
    products_in,
    review_ratings,
    subcategories,
    user_id,
)


def _category(ctx: Context, name: str) -> Category:
    return next(c for c in subcategories(ctx.data) if c.name == name)


def _stars_label(stars: int) -> str:
    """The "Minimum rating" option for ``stars``."""
    return dict(RATINGS)[str(stars)]


# --- n-th cheapest product with a minimum rating ----------------------------------------


def _nth_cheapest(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    stars = ctx.rng.choice((2, 3, 4))
    listed = sorted(
        (p for p in products_in(ctx.data, category) if p.rating >= stars),
        key=lambda p: (p.price_cents, p.id),
    )
    if len(listed) < 2:
        return None
    n = ctx.rng.randint(1, min(len(listed), 5))
    target = listed[n - 1]
    if sum(p.price_cents == target.price_cents for p in listed) > 1:
        return None  # a price tie makes "the n-th cheapest" ambiguous
    rank = "cheapest" if n == 1 else f"{ordinal(n)} cheapest"
    steps = [
        *open_category(category),
        select("Sort by", SORTS["price_asc"][0]),
        select("Minimum rating", _stars_label(stars)),
        button("Apply"),
        *[click("Next page") for _ in range(page_of(n - 1, PRODUCTS_PER_PAGE) - 1)],
    ]
    return Draft(
        values={"category": category.name, "stars": stars, "rank": rank},
        eval=answer_eval(target.name, "string"),
        solution=[*steps, stop(target.name)],
        answer=target.name,
    )


def _confirm_nth_cheapest(ctx: Context, values: dict[str, Any]) -> str:
    category = _category(ctx, values["category"])
    ratings = review_ratings(ctx.data, category.id)
    prices = dict(
        ctx.data.query(
            "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
        )
    )
    kept = sorted(
        (prices[name], name) for name, rating in ratings.items() if rating >= values["stars"]
    )
    n = 1 if values["rank"] == "cheapest" else ordinal_index(values["rank"].split()[0])
    return kept[n - 1][1]


def ordinal_index(word: str) -> int:
    """``'third' -> 3``."""
    return [ordinal(i) for i in range(1, 16)].index(word) + 1


# --- compare two products' ratings ------------------------------------------------------


def _compare(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    rated = [p for p in products_in(ctx.data, category) if p.review_count]
    if len(rated) < 2:
        return None
    first = ctx.rng.choice(rated)
    second = ctx.rng.choice([p for p in rated if p.id != first.id])
    if first.rating == second.rating or not all(
        on_first_search_page(ctx.data, p.name, p.id) for p in (first, second)
    ):
        return None  # no better one, or a search that does not show the product at once
    better = first if first.rating > second.rating else second
    steps = [search(first.name), click(first.name), search(second.name), click(second.name)]
    return Draft(
        values={"first": first.name, "second": second.name},
        eval=answer_eval(better.name, "string"),
        solution=[*steps, stop(better.name)],
        answer=better.name,
    )


def _confirm_compare(ctx: Context, values: dict[str, Any]) -> str:
    ratings: dict[str, float] = {}
    for name in (values["first"], values["second"]):
        category_id = ctx.data.value(
            "shop", "SELECT category_id FROM products WHERE name = ?", (name,)
        )
        ratings[name] = review_ratings(ctx.data, category_id)[name]
    return max(ratings, key=ratings.__getitem__)


# --- best-rated product under a price, to the wish list ---------------------------------


def _wishlist_best(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    products = products_in(ctx.data, category)
    limit = -(-ctx.rng.choice(products).price_cents // 100)  # whole dollars, rounded up
    kept = sorted(
        (p for p in products if p.price_cents <= limit * 100),
        key=lambda p: (-p.rating, -p.review_count, p.id),
    )
    if len(kept) < 3 or kept[0].rating == kept[1].rating:
        return None  # too few to choose from, or a tie for best
    best = kept[0]
    uid = user_id(ctx.data)
    wished = ctx.data.query(
        "shop", "SELECT product_id FROM wishlist_items WHERE user_id = ?", (uid,)
    )
    if (best.id,) in wished:
        return None
    steps = [
        *open_category(category),
        type_text("Max price", str(limit)),
        select("Sort by", SORTS["rating"][0]),
        button("Apply"),
        click(best.name),
        button("Add to Wish List"),
    ]
    return Draft(
        values={"category": category.name, "max_price": limit},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT COUNT(*) FROM wishlist_items WHERE user_id = {uid} "
                    f"AND product_id = {best.id}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM wishlist_items WHERE user_id = {uid}", len(wished) + 1),
            ],
        ),
        solution=[*steps, stop()],
        answer=best.name,
    )


def _confirm_wishlist_best(ctx: Context, values: dict[str, Any]) -> str:
    """The best-rated product under the limit, with ratings recomputed from the reviews."""
    category = _category(ctx, values["category"])
    ratings = review_ratings(ctx.data, category.id)
    prices = dict(
        ctx.data.query(
            "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
        )
    )
    kept = [name for name in ratings if prices[name] <= values["max_price"] * 100]
    return max(kept, key=ratings.__getitem__)


# --- cheapest product in a colour, to the cart -------------------------------------------


def _cart_cheapest_colour(ctx: Context) -> Draft | None:
    categories = [
        c
        for c in subcategories(ctx.data)
        if any(p.colours and not p.sizes for p in products_in(ctx.data, c))
    ]
    if not categories:
        return None
    category = ctx.rng.choice(categories)
    listed = sorted(products_in(ctx.data, category), key=lambda p: (p.price_cents, p.id))
    colour = ctx.rng.choice(sorted({c for p in listed for c in p.colours}))
    having = [p for p in listed if colour in p.colours]
    target = having[0]
    misses = listed[: listed.index(target)]
    if (
        target.sizes
        or len(misses) > 4
        or listed.index(target) >= PRODUCTS_PER_PAGE
        or sum(p.price_cents == target.price_cents for p in having) > 1
    ):
        return None
    uid = user_id(ctx.data)
    in_cart = ctx.data.value("shop", "SELECT COUNT(*) FROM cart_items WHERE user_id = ?", (uid,))
    if ctx.data.value(
        "shop",
        "SELECT COUNT(*) FROM cart_items WHERE user_id = ? AND product_id = ? AND colour = ?",
        (uid, target.id, colour),
    ):
        return None
    quantity = ctx.rng.randint(1, 3)
    if not can_buy(ctx.data, target.id, quantity):
        return None  # fewer in stock than the quantity
    steps = [*open_category(category), select("Sort by", SORTS["price_asc"][0]), button("Apply")]
    for product in misses:  # open each cheaper product, see it lacks the colour, go back
        steps += [click(product.name), {"do": "go_back"}]
    steps += [
        click(target.name),
        select("Colour", colour),
        type_text("Quantity", str(quantity), role="spinbutton"),
        button("Add to Cart"),
    ]
    return Draft(
        answer=target.name,
        values={"quantity": quantity, "category": category.name, "colour": colour},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT quantity FROM cart_items WHERE user_id = {uid} AND product_id = "
                    f"{target.id} AND colour = {sql_text(colour)}",
                    quantity,
                ),
                (f"SELECT COUNT(*) FROM cart_items WHERE user_id = {uid}", in_cart + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_cheapest_colour(ctx: Context, values: dict[str, Any]) -> str:
    """The cheapest product of the category whose colour list names the colour."""
    category = _category(ctx, values["category"])
    rows = ctx.data.query(
        "shop",
        "SELECT name, price_cents, colours FROM products WHERE category_id = ?",
        (category.id,),
    )
    having = [
        (price, name)
        for name, price, colours in rows
        if values["colour"] in [c.strip() for c in colours.split(",")]
    ]
    return min(having)[1]


# --- open the n-th best-rated product's page --------------------------------------------


def _open_nth_rated(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    listed = sorted(
        products_in(ctx.data, category), key=lambda p: (-p.rating, -p.review_count, p.id)
    )
    n = ctx.rng.randint(1, min(3, len(listed)))
    target = listed[n - 1]
    if not target.review_count or sum(p.rating == target.rating for p in listed) > 1:
        return None  # unrated, or a tie on the displayed rating
    slug = ctx.data.value("shop", "SELECT slug FROM products WHERE id = ?", (target.id,))
    rank = "best-rated" if n == 1 else f"{ordinal(n)} best-rated"
    steps = [
        *open_category(category),
        select("Sort by", SORTS["rating"][0]),
        button("Apply"),
        click(target.name),
    ]
    return Draft(
        values={"rank": rank, "category": category.name},
        eval={"eval_types": ["url_match"], "reference_url": f"__SHOP__/product/{slug}"},
        solution=[*steps, stop()],
        answer=slug,
    )


def _confirm_open_nth_rated(ctx: Context, values: dict[str, Any]) -> str:
    """The n-th product by ratings recomputed from the reviews (ties were excluded)."""
    category = _category(ctx, values["category"])
    ratings = review_ratings(ctx.data, category.id)
    words = values["rank"].split()
    n = 1 if words[0] == "best-rated" else ordinal_index(words[0])
    name = sorted(ratings, key=lambda k: -ratings[k])[n - 1]
    return ctx.data.value("shop", "SELECT slug FROM products WHERE name = ?", (name,))


FAMILIES = [
    Family(
        id="shop.nth-cheapest-rated",
        sites=("shop",),
        skills=("sort", "filter"),
        intent_template="Among {{category}} products rated {{stars}} stars or higher, which "
        "is the {{rank}}?",
        build=_nth_cheapest,
        confirm=_confirm_nth_cheapest,
        length=(6, 8),
        kind="info",
    ),
    Family(
        id="shop.compare-ratings",
        sites=("shop",),
        skills=("search", "compare"),
        intent_template="Which has the better customer rating: the {{first}} or the {{second}}?",
        build=_compare,
        confirm=_confirm_compare,
        length=(7, 7),
        kind="info",
    ),
    Family(
        id="shop.wishlist-best-under-price",
        sites=("shop",),
        skills=("sort", "filter", "form-fill"),
        intent_template="Add the best-rated {{category}} product that costs at most "
        "${{max_price}} to my wish list.",
        build=_wishlist_best,
        confirm=_confirm_wishlist_best,
        split="test",
        length=(8, 8),
        kind="state",
    ),
    Family(
        id="shop.cart-cheapest-in-colour",
        sites=("shop",),
        skills=("sort", "compare", "form-fill"),
        intent_template="Add {{quantity}} of the cheapest {{category}} product that comes in "
        "{{colour}} to my cart, in {{colour}}.",
        build=_cart_cheapest_colour,
        confirm=_confirm_cheapest_colour,
        length=(8, 18),
        kind="state",
    ),
    Family(
        id="shop.open-nth-rated-product",
        sites=("shop",),
        skills=("sort",),
        intent_template="Open the product page of the {{rank}} product in {{category}}.",
        build=_open_nth_rated,
        confirm=_confirm_open_nth_rated,
        length=(6, 6),
        kind="navigation",
    ),
]
