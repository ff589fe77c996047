"""Shop families over what a customer bought: total spend on one brand (in a year or
altogether), shipping paid or coupon savings in a month or a year, and the order that
included a product. Each instance logs in as a customer drawn from the world (the task user
among them), so the histories differ from task to task; the instantiation values record it
as ``customer`` (the intent says "my": the agent is logged in as them)."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import answer_eval, money, stop
from webenv.task_files.families.shop._common import (
    MONTHS,
    Order,
    customers,
    orders,
    to_order,
    user_id,
)


def _bought(ctx: Context, username: str) -> dict[str, list[tuple[Order, int]]]:
    """Product name -> [(order, line total)] over the customer's orders, newest first."""
    history = orders(ctx.data, username)
    by_number = {o.number: o for o in history}
    rows = ctx.data.query(
        "shop",
        "SELECT o.number, i.product_name, i.line_total_cents FROM order_items i "
        "JOIN orders o ON o.id = i.order_id WHERE o.user_id = ? ORDER BY i.id",
        (user_id(ctx.data, username),),
    )
    found: dict[str, list[tuple[Order, int]]] = {}
    for number, name, total in rows:
        found.setdefault(name, []).append((by_number[number], total))
    for lines in found.values():
        lines.sort(key=lambda line: history.index(line[0]))
    return found


def _customer_and_product(ctx: Context) -> tuple[str, str, list[tuple[Order, int]]] | None:
    """A customer with some history and a product they bought, preferring products bought
    more than once (so the answer needs more than one order)."""
    username = ctx.rng.choice(customers(ctx.data))
    bought = _bought(ctx, username)
    if len(orders(ctx.data, username)) < 3 or not bought:
        return None
    repeated = sorted(name for name, lines in bought.items() if len(lines) > 1)
    pool = repeated if repeated and ctx.rng.chance(0.6) else sorted(bought)
    name = ctx.rng.choice(pool)
    return username, name, bought[name]


def _visit(history: list[Order], wanted: list[Order]) -> list[dict[str, Any]]:
    """Open each wanted order's page in turn, through the order history."""
    steps: list[dict[str, Any]] = []
    for order in wanted:
        steps += to_order(history, order)
    return steps


# --- total spend on one brand, in a year or altogether ------------------------------------

_MAX_ORDERS_OPENED = 6


def _spend_on_brand(ctx: Context) -> Draft | None:
    username = ctx.rng.choice(customers(ctx.data))
    history = orders(ctx.data, username)
    rows = ctx.data.query(
        "shop",
        "SELECT o.number, p.brand, i.line_total_cents FROM order_items i JOIN orders o "
        "ON o.id = i.order_id JOIN products p ON p.id = i.product_id "
        "WHERE o.user_id = ? AND o.status <> 'Canceled' ORDER BY i.id",
        (user_id(ctx.data, username),),
    )
    if len(history) < 3 or not rows:
        return None
    by_number = {o.number: o for o in history}
    # A year, or (as often) the whole history.
    years = sorted({by_number[n].created_at[:4] for n, _, _ in rows})
    year = "" if ctx.rng.chance(0.6) else ctx.rng.choice(years)
    in_year = [r for r in rows if by_number[r[0]].created_at.startswith(year)]
    orders_of: dict[str, set[str]] = {}
    for number, b, _ in in_year:
        orders_of.setdefault(b, set()).add(number)
    # Prefer brands bought in more than one order that year (the answer spans orders).
    repeated = sorted(b for b, numbers in orders_of.items() if len(numbers) > 1)
    brand = ctx.rng.choice(repeated if repeated and ctx.rng.chance(0.7) else sorted(orders_of))
    lines = [(by_number[number], total) for number, b, total in in_year if b == brand]
    wanted = sorted({order for order, _ in lines}, key=history.index)
    if len(wanted) > _MAX_ORDERS_OPENED:
        return None
    answer = money(sum(total for _, total in lines))
    return Draft(
        values={
            "brand": brand,
            "period": f" in {year}" if year else "",
            "year": year,
            "customer": username,
        },
        eval=answer_eval(answer, "currency"),
        solution=[*_visit(history, wanted), stop(answer)],
        answer=answer,
        login={"shop": username},
    )


def _confirm_spend_on_brand(ctx: Context, values: dict[str, Any]) -> str:
    """Unit price times quantity in Python over every line of the customer's orders, the
    brand read from the product names (which start with it) and status and year filtered in
    Python (not the stored line totals)."""
    rows = ctx.data.query(
        "shop",
        "SELECT o.status, o.created_at, i.product_name, i.unit_price_cents, i.quantity "
        "FROM orders o, order_items i WHERE i.order_id = o.id AND o.user_id = "
        "(SELECT id FROM users WHERE username = ?)",
        (values["customer"],),
    )
    return money(
        sum(
            price * quantity
            for status, created, name, price, quantity in rows
            if status != "Canceled"
            and created.startswith(values["year"])
            and name.startswith(values["brand"] + " ")
        )
    )


# --- shipping paid or coupon savings in a month or a year --------------------------------------

# What an intent asks for: (words, the orders column summed).
_MEASURES = {"pay for shipping": "shipping_cents", "save with coupons": "discount_cents"}
_MAX_PERIOD_ORDERS = 10


def _costs_in_period(ctx: Context) -> Draft | None:
    username = ctx.rng.choice(customers(ctx.data))
    history = orders(ctx.data, username)
    kept = [o for o in history if o.status != "Canceled"]
    if len(history) < 3 or not kept:
        return None
    measure = ctx.rng.choice(sorted(_MEASURES))
    # A month, or a whole year (more orders to open).
    by_year = ctx.rng.chance(0.5)
    period = ctx.rng.choice(sorted({o.created_at[:4] if by_year else o.month for o in kept}))
    wanted = [o for o in kept if period in (o.created_at[:4], o.month)]
    if len(wanted) > _MAX_PERIOD_ORDERS:
        return None
    numbers = tuple(o.number for o in wanted)
    cents = ctx.data.value(
        "shop",
        f"SELECT SUM({_MEASURES[measure]}) FROM orders WHERE number IN "
        f"({', '.join('?' * len(numbers))})",
        numbers,
    )
    if not cents:
        return None  # nothing paid or saved: a poor question
    answer = money(cents)
    return Draft(
        values={"measure": measure, "period": period, "customer": username},
        eval=answer_eval(answer, "currency"),
        solution=[*_visit(history, wanted), stop(answer)],
        answer=answer,
        login={"shop": username},
    )


def _confirm_costs_in_period(ctx: Context, values: dict[str, Any]) -> str:
    """From each order's grand total, subtotal and one of shipping or discount, in Python
    over every order row of the customer (not the summed column itself)."""
    words = values["period"].split()  # "May 2023" or "2023"
    prefix = words[-1] + (f"-{MONTHS.index(words[0]) + 1:02d}" if len(words) == 2 else "")
    rows = ctx.data.query(
        "shop",
        "SELECT o.status, o.created_at, o.total_cents, o.subtotal_cents, o.discount_cents, "
        "o.shipping_cents FROM orders o, users u WHERE u.id = o.user_id AND u.username = ?",
        (values["customer"],),
    )
    shipping = values["measure"] == "pay for shipping"
    return money(
        sum(
            # total = subtotal - discount + shipping
            total - subtotal + discount if shipping else subtotal + ship - total
            for status, created, total, subtotal, discount, ship in rows
            if status != "Canceled" and created.startswith(prefix)
        )
    )


# --- open the order that included a product -------------------------------------------------


def _open_order_with(ctx: Context) -> Draft | None:
    chosen = _customer_and_product(ctx)
    if chosen is None:
        return None
    username, name, lines = chosen
    numbers = list(dict.fromkeys(order.number for order, _ in lines))
    if len(numbers) == 1:
        which, target = "", lines[0][0]
    elif ctx.rng.chance(0.5):
        which, target = "most recent ", lines[0][0]
    else:
        which, target = "earliest ", lines[-1][0]
    history = orders(ctx.data, username)
    return Draft(
        values={"which": which, "product": name, "customer": username},
        eval={
            "eval_types": ["url_match"],
            "reference_url": f"__SHOP__/account/orders/{target.number}",
        },
        solution=[*to_order(history, target), stop()],
        answer=target.number,
        login={"shop": username},
    )


def _confirm_open_order_with(ctx: Context, values: dict[str, Any]) -> str:
    """The order picked again in Python from the item and order rows."""
    login = values["customer"]
    rows = ctx.data.query(
        "shop",
        "SELECT o.number, o.created_at, o.id FROM orders o JOIN users u ON u.id = o.user_id "
        "WHERE u.username = ? AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id "
        "AND i.product_name = ?)",
        (login, values["product"]),
    )
    ordered = sorted(rows, key=lambda r: (r[1], r[2]))
    return (ordered[0] if values["which"].startswith("earliest") else ordered[-1])[0]


FAMILIES = [
    Family(
        id="shop.spend-on-brand",
        sites=("shop",),
        skills=("paginate", "aggregate"),
        intent_template="How much did I spend on {{brand}} products{{period}}, not counting "
        "canceled orders?",
        build=_spend_on_brand,
        confirm=_confirm_spend_on_brand,
        length=(4, 43),
        kind="info",
    ),
    Family(
        id="shop.order-costs-in-period",
        sites=("shop",),
        skills=("paginate", "aggregate"),
        intent_template="How much did I {{measure}} on my orders placed in {{period}}, leaving "
        "out canceled orders?",
        build=_costs_in_period,
        confirm=_confirm_costs_in_period,
        split="test",
        length=(4, 71),
        kind="info",
    ),
    Family(
        id="shop.open-order-with-product",
        sites=("shop",),
        skills=("paginate",),
        intent_template="Open the page of my {{which}}order that included {{product}}.",
        build=_open_order_with,
        confirm=_confirm_open_order_with,
        length=(4, 8),
        kind="navigation",
    ),
]
