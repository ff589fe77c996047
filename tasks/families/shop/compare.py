"""Shop family comparing named products by price, then buying the cheapest."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, click, search, state_eval, stop, type_text
from webenv.task_files.families.shop._common import (
    can_buy,
    on_first_search_page,
    subcategories,
    user_id,
)


def _cheapest_of_three(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    rows = ctx.data.query(
        "shop",
        "SELECT id, name, price_cents FROM products WHERE category_id = ? AND sizes = '' "
        "AND colours = '' ORDER BY id",
        (category.id,),
    )
    if len(rows) < 3:
        return None
    picked = ctx.rng.sample(rows, 3)
    prices = sorted(price for _, _, price in picked)
    names = [name for _, name, _ in picked]
    shared = ctx.data.value(
        "shop",
        f"SELECT COUNT(*) FROM products WHERE name IN ({', '.join('?' * len(names))})",
        tuple(names),
    )
    if prices[0] == prices[1] or shared != 3:
        return None  # a tie for the cheapest, or a name two products share
    if not all(on_first_search_page(ctx.data, name, pid) for pid, name, _ in picked):
        return None  # a search that does not show the product at once
    cheapest_id, cheapest, _ = min(picked, key=lambda p: p[2])
    quantity = ctx.rng.randint(2, 4)
    uid = user_id(ctx.data)
    cart = ctx.data.query("shop", "SELECT product_id FROM cart_items WHERE user_id = ?", (uid,))
    if (cheapest_id,) in cart or not can_buy(ctx.data, cheapest_id, quantity):
        return None
    steps = [step for name in names for step in (search(name), click(name))]
    steps += [
        search(cheapest),
        click(cheapest),
        type_text("Quantity", str(quantity), role="spinbutton"),
        button("Add to Cart"),
    ]
    return Draft(
        answer=cheapest,
        values={"first": names[0], "second": names[1], "third": names[2], "quantity": quantity},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT quantity FROM cart_items WHERE user_id = {uid} "
                    f"AND product_id = {cheapest_id}",
                    quantity,
                ),
                (f"SELECT COUNT(*) FROM cart_items WHERE user_id = {uid}", len(cart) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_cheapest_of_three(ctx: Context, values: dict[str, Any]) -> str:
    """The cheapest by the price each product page would show, looked up by name."""
    names = [values["first"], values["second"], values["third"]]
    prices = {
        name: ctx.data.value("shop", "SELECT price_cents FROM products WHERE name = ?", (name,))
        for name in names
    }
    return min(names, key=prices.__getitem__)


FAMILIES = [
    Family(
        id="shop.cart-cheapest-of-three",
        sites=("shop",),
        skills=("search", "compare", "form-fill"),
        intent_template="Which is cheapest: {{first}}, {{second}} or {{third}}? Add "
        "{{quantity}} of the cheapest one to my cart.",
        build=_cheapest_of_three,
        confirm=_confirm_cheapest_of_three,
        split="test",
        length=(15, 15),
        kind="state",
    ),
]
