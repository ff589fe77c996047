"""Shop family that buys: find a product, put some in the cart, apply a coupon and check out
with a chosen address and shipping method. Coupons that have expired or need a bigger
subtotal make the instance infeasible."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    click,
    infeasible,
    infeasible_eval,
    search,
    sql_text,
    state_eval,
    stop,
    type_text,
)
from webenv.sites.core.clock import WORLD_NOW, stamp
from webenv.sites.shop import pricing
from webenv.task_files.families.shop._common import (
    can_buy,
    customers,
    on_first_search_page,
    user_id,
)

_COUPON_COLUMNS = ("code", "description", "kind", "amount", "min_subtotal_cents", "expires_at")


def _radio(label_part: str) -> dict[str, Any]:
    """Click the radio button whose label contains ``label_part``."""
    return {"do": "click", "role": "radio", "name_contains": label_part}


def _checkout(ctx: Context) -> Draft | None:
    username = ctx.rng.choice(customers(ctx.data))
    uid = user_id(ctx.data, username)
    if ctx.data.value(
        "shop",
        "SELECT COUNT(*) FROM cart_items WHERE user_id = ? OR (SELECT cart_coupon FROM users "
        "WHERE id = ?) IS NOT NULL",
        (uid, uid),
    ):
        return None  # the order would carry what is already in the cart
    addresses = ctx.data.query(
        "shop", "SELECT street, city FROM addresses WHERE user_id = ? ORDER BY id", (uid,)
    )
    cities = [city for _, city in addresses]
    unique = [(street, city) for street, city in addresses if cities.count(city) == 1]
    if not unique:
        return None
    street, city = ctx.rng.choice(unique)
    products = ctx.data.query(
        "shop",
        "SELECT id, name, price_cents FROM products WHERE sizes = '' AND colours = '' ORDER BY id",
    )
    product_id, name, price = ctx.rng.choice(products)
    if not on_first_search_page(ctx.data, name, product_id):
        return None
    quantity = ctx.rng.randint(1, 4)
    if not can_buy(ctx.data, product_id, quantity):
        return None  # fewer in stock than the quantity
    coupon = dict(
        zip(
            _COUPON_COLUMNS,
            ctx.rng.choice(
                ctx.data.query(
                    "shop", f"SELECT {', '.join(_COUPON_COLUMNS)} FROM coupons ORDER BY id"
                )
            ),
            strict=True,
        )
    )
    method = ctx.rng.choice(sorted(pricing.SHIPPING_METHODS))
    values = {
        "quantity": quantity,
        "product": name,
        "coupon": coupon["code"],
        "method": pricing.SHIPPING_METHODS[method].name.split()[0].lower(),
        "city": city,
        "customer": username,
    }
    subtotal = price * quantity
    steps = [
        search(name),
        click(name),
        type_text("Quantity", str(quantity), role="spinbutton"),
        button("Add to Cart"),
        click("My Cart"),
        type_text("Coupon code", coupon["code"]),
        button("Apply coupon"),
    ]
    problem = pricing.coupon_problem(coupon, subtotal, stamp(WORLD_NOW))
    if problem:
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(problem)],
            answer="N/A",
            login={"shop": username},
        )
    discount = pricing.discount_cents(coupon, subtotal)
    total = subtotal - discount + pricing.shipping_cents(method, subtotal - discount)
    count = ctx.data.value("shop", "SELECT COUNT(*) FROM orders WHERE user_id = ?", (uid,))
    latest = f"(SELECT MAX(id) FROM orders WHERE user_id = {uid})"
    steps += [
        click("Proceed to Checkout"),
        _radio(f"{street}, {city},"),
        _radio(pricing.SHIPPING_METHODS[method].name),
        button("Place Order"),
    ]
    return Draft(
        values=values,
        eval=state_eval(
            "shop",
            [
                (f"SELECT COUNT(*) FROM orders WHERE user_id = {uid}", count + 1),
                (
                    "SELECT coupon_code || '|' || shipping_method || '|' || ship_street || '|' "
                    f"|| item_count || '|' || total_cents FROM orders WHERE id = {latest}",
                    f"{coupon['code']}|{method}|{street}|{quantity}|{total}",
                ),
                (
                    "SELECT group_concat(product_id || 'x' || quantity) FROM order_items "
                    f"WHERE order_id = {latest}",
                    f"{product_id}x{quantity}",
                ),
                (
                    f"SELECT COUNT(*) FROM addresses WHERE user_id = {uid} AND street = "
                    f"{sql_text(street)}",
                    1,
                ),
            ],
        ),
        solution=[*steps, stop()],
        answer=name,
        login={"shop": username},
    )


def _confirm_checkout(ctx: Context, values: dict[str, Any]) -> str:
    """Whether the coupon applies, worked out in Python from its row (dates parsed, not
    compared as text): N/A when it cannot, else the product bought."""
    expires, minimum = ctx.data.query(
        "shop",
        "SELECT expires_at, min_subtotal_cents FROM coupons WHERE code = ?",
        (values["coupon"],),
    )[0]
    price = ctx.data.value(
        "shop", "SELECT price_cents FROM products WHERE name = ?", (values["product"],)
    )
    expired = expires is not None and datetime.fromisoformat(expires) < WORLD_NOW
    return "N/A" if expired or price * values["quantity"] < minimum else values["product"]


FAMILIES = [
    Family(
        id="shop.checkout-with-coupon",
        sites=("shop",),
        skills=("search", "form-fill"),
        intent_template="Buy {{quantity}} of the {{product}} with the coupon {{coupon}}, "
        "shipped by {{method}} shipping to my address in {{city}}.",
        build=_checkout,
        confirm=_confirm_checkout,
        split="test",
        length=(9, 13),
        kind="mixed",
    ),
]
