"""Back-office families over the order grid: find an order by number, hold it or read it."""

from __future__ import annotations

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
    type_text,
)

HOLDABLE = ("Pending", "Processing")
"""The statuses an order can be put on hold in (Magento's rule, the admin's too)."""


def _find_order(number: str) -> list[dict[str, Any]]:
    """From the dashboard to the order grid filtered to the order, as staff do."""
    return [click("Sales"), type_text("ID", number), button("Apply Filters")]


def _order(ctx: Context, statuses: tuple[str, ...]) -> tuple[str, str] | None:
    """A random order (number, status) among those not on hold with one of ``statuses``."""
    marks = ", ".join("?" * len(statuses))
    rows = ctx.data.query(
        "shop",
        f"SELECT number, status FROM orders WHERE status IN ({marks})"
        " AND id NOT IN (SELECT order_id FROM order_holds) ORDER BY number",
        statuses,
    )
    if not rows:
        return None
    number, status = ctx.rng.choice(rows)
    return str(number), str(status)


def _hold(ctx: Context) -> Draft | None:
    feasible = ctx.rng.chance(0.7)
    chosen = _order(ctx, HOLDABLE if feasible else ("Complete", "Canceled"))
    if chosen is None:
        return None
    number, status = chosen
    values = {"number": number}
    if not feasible:
        reason = f"Order #{number} is {status}; only Pending or Processing orders can be held."
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*_find_order(number), click(f"View order {number}"), infeasible(reason)],
            answer="N/A",
        )
    order = f"(SELECT id FROM orders WHERE number = {sql_text(number)})"
    return Draft(
        values=values,
        eval=state_eval(
            "shop",
            [
                (f"SELECT COUNT(*) FROM order_holds WHERE order_id = {order}", 1),
                (f"SELECT status FROM orders WHERE id = {order}", status),
            ],
        ),
        solution=[*_find_order(number), click(f"View order {number}"), button("Hold"), stop()],
    )


def _confirm_hold(ctx: Context, values: dict[str, Any]) -> str | None:
    """Holdable (Pending or Processing, not held): feasible; anything else: N/A."""
    status = ctx.data.value(
        "shop", "SELECT status FROM orders WHERE number = ?", (values["number"],)
    )
    return None if status in HOLDABLE else "N/A"


def _grand_total(ctx: Context) -> Draft | None:
    chosen = _order(ctx, ("Pending", "Processing", "Shipped", "Complete", "Canceled"))
    if chosen is None:
        return None
    number, _ = chosen
    total = ctx.data.value("shop", "SELECT total_cents FROM orders WHERE number = ?", (number,))
    answer = money(int(total))
    return Draft(
        values={"number": number},
        eval={
            "eval_types": ["string_match"],
            "answer_type": "currency",
            "reference_answers": {"exact_match": answer},
        },
        solution=[*_find_order(number), stop(answer)],
        answer=answer,
    )


def _confirm_grand_total(ctx: Context, values: dict[str, Any]) -> str:
    """Recomputed from the order's lines, shipping and discount (not its stored total)."""
    lines = ctx.data.value(
        "shop",
        "SELECT SUM(i.line_total_cents) FROM order_items i JOIN orders o ON o.id = i.order_id"
        " WHERE o.number = ?",
        (values["number"],),
    )
    shipping, discount = ctx.data.query(
        "shop",
        "SELECT shipping_cents, discount_cents FROM orders WHERE number = ?",
        (values["number"],),
    )[0]
    return money(int(lines) + int(shipping) - int(discount))


FAMILIES = [
    Family(
        id="shop_admin.hold-order",
        sites=("shop",),
        skills=("filter",),
        intent_template="In the back office, put order #{{number}} on hold.",
        build=_hold,
        confirm=_confirm_hold,
        length=(5, 6),
        kind="mixed",
    ),
    Family(
        id="shop_admin.order-grand-total",
        sites=("shop",),
        skills=("filter",),
        intent_template="What is the grand total of order #{{number}}? Look it up in the "
        "back office.",
        build=_grand_total,
        confirm=_confirm_grand_total,
        split="test",
        length=(4, 4),
        kind="info",
    ),
]
"""Task family definitions."""
