"""Shop families that read product listings: price ranges and counts under filters, the
n-th result of a sorted search, a brand's cheapest product in a category (absent brands
make infeasible variants) and the price gap between two named products."""

from __future__ import annotations

import re
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    ORDINALS,
    answer_eval,
    button,
    click,
    infeasible,
    infeasible_eval,
    money,
    ordinal,
    search,
    select,
    stop,
    type_text,
)
from webenv.sites.shop.listing import RATINGS, SORTS
from webenv.task_files.families.shop._common import (
    PRODUCTS_PER_PAGE,
    Category,
    Product,
    on_first_search_page,
    open_category,
    page_of,
    products_in,
    review_ratings,
    subcategories,
)
from webenv.task_files.families.shop.catalog import ordinal_index

_PRICE_ASC, _PRICE_DESC, _BY_NAME = (SORTS[key][0] for key in ("price_asc", "price_desc", "name"))


def _category_named(ctx: Context, name: str) -> Category:
    return next(c for c in subcategories(ctx.data) if c.name == name)


def _rated(stars: int) -> str:
    """The intent's rating clause (empty for any rating)."""
    return f" rated {stars} stars or higher" if stars else ""


def _rating_steps(stars: int) -> list[dict[str, Any]]:
    """Choose the "Minimum rating" filter (nothing for any rating)."""
    return [select("Minimum rating", dict(RATINGS)[str(stars)])] if stars else []


def _prices_rated(ctx: Context, category_name: str, stars: int) -> dict[str, int]:
    """Name -> price of a category's products whose rating, recomputed from the review rows,
    is at least ``stars``."""
    category = _category_named(ctx, category_name)
    ratings = review_ratings(ctx.data, category.id)
    prices = dict(
        ctx.data.query(
            "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
        )
    )
    return {name: prices[name] for name, rating in ratings.items() if rating >= stars}


# --- price range of a category under a rating filter ----------------------------------------


def _price_range(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    stars = ctx.rng.choice((0, 0, 2, 3, 4))
    kept = [p for p in products_in(ctx.data, category) if p.rating >= stars]
    prices = sorted({p.price_cents for p in kept})
    if len(prices) < 2:
        return None
    answer = [money(prices[0]), money(prices[-1])]
    steps = [
        *open_category(category),
        *_rating_steps(stars),
        select("Sort by", _PRICE_ASC),
        button("Apply"),
        select("Sort by", _PRICE_DESC),
        button("Apply"),
    ]
    return Draft(
        values={"category": category.name, "rated": _rated(stars), "stars": stars},
        # Both prices must be in the answer, however it joins them ("$5.00 - $9.00").
        eval={
            "eval_types": ["string_match"],
            "answer_type": "list",
            "reference_answers": {"must_include": answer},
        },
        solution=[*steps, stop(", ".join(answer))],
        answer=answer,
    )


def _confirm_price_range(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Lowest and highest price in Python over ratings recomputed from the reviews."""
    prices = _prices_rated(ctx, values["category"], values["stars"]).values()
    return [money(min(prices)), money(max(prices))]


# --- how many products in a price band --------------------------------------------------------


def _count_in_band(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    products = products_in(ctx.data, category)
    if len(products) < 4:
        return None
    first, second = sorted(ctx.rng.sample([p.price_cents for p in products], 2))
    low, high = first // 100, -(-second // 100)  # whole dollars around two real prices
    if low >= high:
        return None
    stars = ctx.rng.choice((0, 0, 3, 4))
    kept = [p for p in products if low * 100 <= p.price_cents <= high * 100 and p.rating >= stars]
    if not kept:
        return None
    answer = str(len(kept))
    steps = [
        *open_category(category),
        type_text("Min price", str(low)),
        type_text("Max price", str(high)),
        *_rating_steps(stars),
        button("Apply"),
    ]
    return Draft(
        values={
            "category": category.name,
            "low": low,
            "high": high,
            "rated": _rated(stars),
            "stars": stars,
        },
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_count_in_band(ctx: Context, values: dict[str, Any]) -> str:
    """Count in Python over every product of the category, ratings from the reviews."""
    prices = _prices_rated(ctx, values["category"], values["stars"]).values()
    return str(sum(values["low"] * 100 <= p <= values["high"] * 100 for p in prices))


# --- the n-th result of a sorted search --------------------------------------------------------


_WORD = re.compile(r"^[A-Za-z]{4,}$")


def _search_terms(ctx: Context) -> list[str]:
    """Words of product names (not brand words) that a shopper might search for."""
    rows = ctx.data.query("shop", "SELECT name, brand FROM products")
    words = {
        word for name, brand in rows for word in name[len(brand) :].split() if _WORD.match(word)
    }
    return sorted(words)


def _matches(ctx: Context, term: str) -> list[tuple[int, str, int]]:
    """(id, name, price) of every product the shop's search for one word lists: the word in
    the name, the brand, the category's or its parent's name (compared in Python)."""
    rows = ctx.data.query(
        "shop",
        "SELECT p.id, p.name, p.brand, p.price_cents, c.name, coalesce(t.name, '') "
        "FROM products p JOIN categories c ON c.id = p.category_id "
        "LEFT JOIN categories t ON t.id = c.parent_id",
    )
    needle = term.lower()
    return [
        (pid, name, price)
        for pid, name, brand, price, cat, parent in rows
        if any(needle in text.lower() for text in (name, brand, cat, parent))
    ]


def _nth_in_search(ctx: Context) -> Draft | None:
    term = ctx.rng.choice(_search_terms(ctx))
    found = ctx.data.query(
        "shop",
        "SELECT p.id, p.name, p.price_cents FROM products p WHERE p.name LIKE ? OR "
        "p.brand LIKE ? OR p.category_id IN (SELECT c.id FROM categories c LEFT JOIN "
        "categories t ON t.id = c.parent_id WHERE c.name LIKE ? OR t.name LIKE ?)",
        (f"%{term}%",) * 4,
    )
    if len(found) < 3:
        return None
    dearest = ctx.rng.chance(0.5)
    ranked = sorted(found, key=lambda r: (-r[2] if dearest else r[2], r[0]))
    n = ctx.rng.randint(1, min(len(ranked), len(ORDINALS)))
    _, name, price = ranked[n - 1]
    if sum(r[2] == price for r in ranked) > 1:
        return None  # a price tie makes "the n-th" ambiguous
    word = "most expensive" if dearest else "cheapest"
    rank = word if n == 1 else f"{ordinal(n)} {word}"
    steps = [
        search(term),
        select("Sort by", _PRICE_DESC if dearest else _PRICE_ASC),
        button("Apply"),
        *[click("Next page") for _ in range(page_of(n - 1, PRODUCTS_PER_PAGE) - 1)],
    ]
    return Draft(
        values={"term": term, "rank": rank},
        eval=answer_eval(name, "string"),
        solution=[*steps, stop(name)],
        answer=name,
    )


def _confirm_nth_in_search(ctx: Context, values: dict[str, Any]) -> str:
    """Rank in Python over every product the search matches (matched in Python)."""
    first = values["rank"].split()[0]
    n = 1 if first in ("most", "cheapest") else ordinal_index(first)
    dearest = "expensive" in values["rank"]
    ranked = sorted(_matches(ctx, values["term"]), key=lambda r: -r[2] if dearest else r[2])
    return ranked[n - 1][1]


# --- a brand's cheapest product in a category (or none) ---------------------------------------


def _brand_cheapest(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    listed = sorted(products_in(ctx.data, category), key=lambda p: (p.price_cents, p.id))
    brands = dict(
        ctx.data.query(
            "shop", "SELECT id, brand FROM products WHERE category_id = ?", (category.id,)
        )
    )
    here = sorted(set(brands.values()))
    elsewhere = sorted(
        brand
        for (brand,) in ctx.data.query("shop", "SELECT DISTINCT brand FROM products")
        if brand not in here
    )
    feasible = ctx.rng.chance(0.7)
    if not (here if feasible else elsewhere):
        return None
    brand = ctx.rng.choice(here if feasible else elsewhere)
    values = {"brand": brand, "category": category.name}
    if not feasible:
        by_name = sorted(listed, key=lambda p: (p.name, p.id))
        pages = page_of(len(by_name) - 1, PRODUCTS_PER_PAGE)
        steps = [
            *open_category(category),
            select("Sort by", _BY_NAME),
            button("Apply"),
            *[click("Next page") for _ in range(pages - 1)],
        ]
        reason = f"{category.name} has no {brand} products."
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(reason)],
            answer="N/A",
        )
    index, target = next((i, p) for i, p in enumerate(listed) if brands[p.id] == brand)
    answer = money(target.price_cents)
    steps = [
        *open_category(category),
        select("Sort by", _PRICE_ASC),
        button("Apply"),
        *[click("Next page") for _ in range(page_of(index, PRODUCTS_PER_PAGE) - 1)],
    ]
    return Draft(
        values=values,
        eval=answer_eval(answer, "currency"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_brand_cheapest(ctx: Context, values: dict[str, Any]) -> str:
    """From the product names (a product's name starts with its brand), in Python; N/A when
    the category has none of the brand's products."""
    category = _category_named(ctx, values["category"])
    prices = [
        p.price_cents
        for p in products_in(ctx.data, category)
        if p.name.startswith(values["brand"] + " ")
    ]
    return money(min(prices)) if prices else "N/A"


# --- how much more one product costs than another -----------------------------------------------


def _searchable_pair(ctx: Context) -> tuple[Product, Product] | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    products = products_in(ctx.data, category)
    if len(products) < 2:
        return None
    first, second = ctx.rng.sample(products, 2)
    if not all(on_first_search_page(ctx.data, p.name, p.id) for p in (first, second)):
        return None  # a search that does not show the product at once
    return first, second


def _price_gap(ctx: Context) -> Draft | None:
    pair = _searchable_pair(ctx)
    if pair is None or pair[0].price_cents == pair[1].price_cents:
        return None
    first, second = pair
    answer = money(abs(first.price_cents - second.price_cents))
    steps = [search(first.name), click(first.name), search(second.name), click(second.name)]
    return Draft(
        values={"first": first.name, "second": second.name},
        eval=answer_eval(answer, "currency"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_price_gap(ctx: Context, values: dict[str, Any]) -> str:
    """The two prices looked up by name and subtracted in Python."""
    low, high = sorted(
        ctx.data.value("shop", "SELECT price_cents FROM products WHERE name = ?", (name,))
        for name in (values["first"], values["second"])
    )
    return money(high - low)


FAMILIES = [
    Family(
        id="shop.price-range-in-category",
        sites=("shop",),
        skills=("sort", "filter"),
        intent_template="What is the price range of {{category}} products{{rated}}? Give the "
        "lowest and the highest price.",
        build=_price_range,
        confirm=_confirm_price_range,
        split="test",
        length=(7, 8),
        kind="info",
    ),
    Family(
        id="shop.count-in-price-band",
        sites=("shop",),
        skills=("filter", "form-fill"),
        intent_template="How many {{category}} products{{rated}} cost between ${{low}} and "
        "${{high}}, both included?",
        build=_count_in_band,
        confirm=_confirm_count_in_band,
        length=(6, 7),
        kind="info",
    ),
    Family(
        id="shop.nth-in-sorted-search",
        sites=("shop",),
        skills=("search", "sort", "paginate"),
        intent_template='Of all the products a search for "{{term}}" finds, which is the {{rank}}?',
        build=_nth_in_search,
        confirm=_confirm_nth_in_search,
        length=(5, 6),
        kind="info",
    ),
    Family(
        id="shop.brand-cheapest-in-category",
        sites=("shop",),
        skills=("sort", "paginate"),
        intent_template="What is the price of the cheapest {{brand}} product in {{category}}?",
        build=_brand_cheapest,
        confirm=_confirm_brand_cheapest,
        split="test",
        length=(5, 8),
        kind="mixed",
    ),
    Family(
        id="shop.price-gap",
        sites=("shop",),
        skills=("search", "compare"),
        intent_template="What is the difference in price between the {{first}} and the {{second}}?",
        build=_price_gap,
        confirm=_confirm_price_gap,
        length=(7, 7),
        kind="info",
    ),
]
