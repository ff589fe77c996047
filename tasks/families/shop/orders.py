"""Shop families over the task user's order history: aggregate by month, cancel an order."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    click,
    infeasible,
    infeasible_eval,
    money,
    sql_text,
    state_eval,
    stop,
)
from webenv.task_files.families.shop._common import (
    MONTHS,
    ORDERS_PER_PAGE,
    Order,
    orders,
    page_of,
    user_id,
)


def _to_page(page: int) -> list[dict[str, Any]]:
    """From the home page to page ``page`` of the order history, as a person clicks."""
    return [click("My Account"), click("My Orders"), *[click("Next page") for _ in range(page - 1)]]


def _month_orders(ctx: Context) -> tuple[str, list[int]] | None:
    """A month with at least two non-canceled orders and the positions of its orders."""
    by_month: dict[str, list[int]] = defaultdict(list)
    history = orders(ctx.data)
    for index, order in enumerate(history):
        by_month[order.month].append(index)
    months = sorted(
        m for m, idx in by_month.items() if sum(history[i].status != "Canceled" for i in idx) >= 2
    )
    if not months:
        return None
    month = ctx.rng.choice(months)
    return month, by_month[month]


def _month_aggregate(ctx: Context, measure: str) -> Draft | None:
    chosen = _month_orders(ctx)
    if chosen is None:
        return None
    month, positions = chosen
    history = orders(ctx.data)
    kept = [history[i] for i in positions if history[i].status != "Canceled"]
    if measure == "spend":
        answer, answer_type = money(sum(o.total_cents for o in kept)), "currency"
    else:
        answer, answer_type = str(sum(o.item_count for o in kept)), "number"
    # A person reads every page that lists an order of that month.
    steps = _to_page(page_of(max(positions), ORDERS_PER_PAGE))
    return Draft(
        values={"month": month},
        eval={
            "eval_types": ["string_match"],
            "answer_type": answer_type,
            "reference_answers": {"exact_match": answer},
        },
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_month(ctx: Context, values: dict[str, Any], measure: str) -> str:
    """Recompute from the order lines (not the orders' stored totals)."""
    name, year = values["month"].split()
    prefix = f"{year}-{MONTHS.index(name) + 1:02d}"
    rows = ctx.data.query(
        "shop",
        "SELECT o.id, o.discount_cents, o.shipping_cents, i.line_total_cents, i.quantity "
        "FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.user_id = ? "
        "AND substr(o.created_at, 1, 7) = ? AND o.status <> 'Canceled'",
        (user_id(ctx.data), prefix),
    )
    if measure == "items":
        return str(sum(row[4] for row in rows))
    extras = {row[0]: row[1:3] for row in rows}
    lines = sum(row[3] for row in rows)
    return money(lines + sum(shipping - discount for discount, shipping in extras.values()))


def _cancel(ctx: Context) -> Draft | None:
    history = orders(ctx.data)
    pending = [i for i, o in enumerate(history) if o.status == "Pending"]
    closed = [i for i, o in enumerate(history) if o.status in ("Shipped", "Complete")]
    feasible = ctx.rng.chance(0.6)
    pool = pending if feasible else closed
    if not pool:
        return None
    index = ctx.rng.choice(pool)
    order: Order = history[index]
    steps = [*_to_page(page_of(index, ORDERS_PER_PAGE)), click(f"View order {order.number}")]
    values = {"number": order.number}
    if not feasible:
        reason = f"Order {order.number} is {order.status} and can no longer be canceled."
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(reason)],
            answer="N/A",
        )
    uid = user_id(ctx.data)
    canceled = sum(o.status == "Canceled" for o in history)
    return Draft(
        values=values,
        eval=state_eval(
            "shop",
            [
                (f"SELECT status FROM orders WHERE number = {sql_text(order.number)}", "Canceled"),
                (
                    f"SELECT COUNT(*) FROM orders WHERE user_id = {uid} AND status = 'Canceled'",
                    canceled + 1,
                ),
            ],
        ),
        solution=[*steps, button("Cancel order"), stop()],
    )


def _confirm_cancel(ctx: Context, values: dict[str, Any]) -> str | None:
    """Only Pending orders can be canceled: N/A for any other status."""
    status = ctx.data.value(
        "shop", "SELECT status FROM orders WHERE number = ?", (values["number"],)
    )
    return None if status == "Pending" else "N/A"


FAMILIES = [
    Family(
        id="shop.spend-in-month",
        sites=("shop",),
        skills=("paginate", "aggregate"),
        intent_template="How much did I spend on orders placed in {{month}}, not counting "
        "canceled orders?",
        build=lambda ctx: _month_aggregate(ctx, "spend"),
        confirm=lambda ctx, values: _confirm_month(ctx, values, "spend"),
        length=(3, 8),
        kind="info",
    ),
    Family(
        id="shop.items-in-month",
        sites=("shop",),
        skills=("paginate", "aggregate"),
        intent_template="How many items did I order in {{month}} in total, leaving out "
        "canceled orders?",
        build=lambda ctx: _month_aggregate(ctx, "items"),
        confirm=lambda ctx, values: _confirm_month(ctx, values, "items"),
        split="test",
        length=(3, 8),
        kind="info",
    ),
    Family(
        id="shop.cancel-order",
        sites=("shop",),
        skills=("paginate",),
        intent_template="Cancel my order {{number}}.",
        build=_cancel,
        confirm=_confirm_cancel,
        length=(4, 10),
        kind="mixed",
    ),
]
