"""Cross-site families: look a product up in the shop's catalogue, then post about it on
the forum."""

from __future__ import annotations

from typing import Any

from webenv.sites.shop.listing import SORTS
from webenv.task_files.families.forum._common import forums
from webenv.task_files.families.forum._common import user_id as forum_user_id
from webenv.task_files.families.shop._common import (
    PRODUCTS_PER_PAGE,
    open_category,
    subcategories,
)

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    click,
    money,
    ordinal,
    select,
    sql_text,
    state_eval,
    stop,
    type_text,
)


def _nth_dearest(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    rows = ctx.data.query(
        "shop",
        "SELECT name, price_cents FROM products WHERE category_id = ? "
        "ORDER BY price_cents DESC, id",
        (category.id,),
    )
    n = ctx.rng.randint(1, 3)
    if len(rows) <= n or n > PRODUCTS_PER_PAGE:
        return None
    prices = [price for _, price in rows]
    if prices.count(prices[n - 1]) > 1:
        return None  # a tie: "the n-th most expensive" would be ambiguous
    name, price = rows[n - 1]
    if sum(r[0] == name for r in rows) > 1:
        return None
    forum = ctx.rng.choice(forums(ctx.data))
    body = f"Price: ${money(price)}"
    uid = forum_user_id(ctx.data)
    mine = ctx.data.value("forum", "SELECT COUNT(*) FROM submissions WHERE user_id = ?", (uid,))
    steps = [
        *open_category(category),
        select("Sort by", SORTS["price_desc"][0]),
        button("Apply"),
        click("Community forum"),
        click("Submit"),
        select("Forum", forum.title),
        type_text("Title", name),
        type_text("Body", body),
        button("Create submission"),
    ]
    return Draft(
        answer=name,
        values={
            "nth": f"{ordinal(n)} " if n > 1 else "",
            "category": category.name,
            "forum": forum.title,
        },
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid} AND forum_id = "
                    f"{forum.id} AND kind = 'text' AND lower(trim(title)) = "
                    f"lower({sql_text(name)}) AND trim(body) = {sql_text(body)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid}", mine + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_nth_dearest(ctx: Context, values: dict[str, Any]) -> str:
    """Rank the category's products by price in Python (category found by name)."""
    n = (
        1
        if not values["nth"]
        else next(i for i in range(1, 16) if ordinal(i) == values["nth"].strip())
    )
    category = next(c for c in subcategories(ctx.data) if c.name == values["category"])
    rows = ctx.data.query(
        "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
    )
    return sorted(rows, key=lambda r: -r[1])[n - 1][0]


FAMILIES = [
    Family(
        id="cross.post-nth-dearest-product",
        sites=("shop", "forum"),
        skills=("sort", "cross-site", "form-fill"),
        intent_template="Find the {{nth}}most expensive product in the shop's {{category}} "
        "category and post about it in the {{forum}} forum: use the product's name as the "
        'title and "Price: $" followed by its price (like "Price: $12.99") as the body.',
        build=_nth_dearest,
        confirm=_confirm_nth_dearest,
        length=(11, 11),
        kind="state",
    ),
]
