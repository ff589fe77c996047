"""Shop families that act on what the order history shows: reorder an order's items,
review the dearest item of an order, count orders by status and year."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    infeasible,
    infeasible_eval,
    ordinal,
    select,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.shop._common import (
    ORDERS_PER_PAGE,
    STARS,
    can_buy,
    has_review,
    orders,
    page_of,
    pending_review_checks,
    to_order,
    user_id,
)

_REVIEW_TITLES = ("Does the job", "Better than expected", "Would buy again", "Just okay")
_REVIEW_BODIES = (
    "Arrived quickly and works exactly as described.",
    "Good value for the money, though the packaging was flimsy.",
    "I have used it every day since it arrived.",
    "Decent quality; I expected a little more for the price.",
)


def _lines(ctx: Context, number: str) -> list[tuple[int, str, int, int, str, str, str, str]]:
    """(product id, product name, unit price, quantity, size, colour, product sizes,
    product colours) of one order's lines, as the order page lists them."""
    return ctx.data.query(
        "shop",
        "SELECT i.product_id, i.product_name, i.unit_price_cents, i.quantity, i.size, "
        "i.colour, p.sizes, p.colours FROM order_items i JOIN orders o ON o.id = i.order_id "
        "JOIN products p ON p.id = i.product_id WHERE o.number = ? ORDER BY i.id",
        (number,),
    )


# --- reorder the n-th most recent completed order -----------------------------------------


def _reorder(ctx: Context) -> Draft | None:
    history = orders(ctx.data)
    complete = [o for o in history if o.status == "Complete"]
    n = ctx.rng.randint(1, min(8, len(complete)) or 1)
    if len(complete) < n:
        return None
    order = complete[n - 1]
    lines = _lines(ctx, order.number)
    names = [line[1] for line in lines]
    if not 2 <= len(lines) <= 4 or len(set(names)) < len(names):
        return None
    for *_, size, colour, sizes, colours in lines:
        if (size or "") not in ([*sizes.split(",")] if sizes else [""]) or (colour or "") not in (
            [*colours.split(",")] if colours else [""]
        ):
            return None  # the product's options changed since: the order cannot be repeated
    wanted: dict[int, int] = {}
    for line in lines:
        wanted[line[0]] = wanted.get(line[0], 0) + line[3]
    if not all(can_buy(ctx.data, pid, quantity) for pid, quantity in wanted.items()):
        return None  # a product no longer sold in that quantity
    uid = user_id(ctx.data)
    in_cart = ctx.data.value("shop", "SELECT COUNT(*) FROM cart_items WHERE user_id = ?", (uid,))
    if ctx.data.value(
        "shop",
        "SELECT COUNT(*) FROM cart_items WHERE user_id = ? AND product_id IN "
        f"({', '.join(str(line[0]) for line in lines)})",
        (uid,),
    ):
        return None
    to_order = [
        click("My Account"),
        click("My Orders"),
        select("Status", "Complete"),
        button("Apply"),
        click(f"View order {order.number}"),
    ]
    steps: list[dict[str, Any]] = []
    for _, name, _, quantity, size, colour, _, _ in lines:
        steps += [
            *to_order,
            click(name),
            *([select("Size", size)] if size else []),
            *([select("Colour", colour)] if colour else []),
            type_text("Quantity", str(quantity), role="spinbutton"),
            button("Add to Cart"),
        ]
    checks = [
        (
            f"SELECT quantity FROM cart_items WHERE user_id = {uid} AND product_id = {pid} "
            f"AND size = {sql_text(size)} AND colour = {sql_text(colour)}",
            quantity,
        )
        for pid, _, _, quantity, size, colour, _, _ in lines
    ]
    checks.append((f"SELECT COUNT(*) FROM cart_items WHERE user_id = {uid}", in_cart + len(lines)))
    return Draft(
        answer=order.number,
        values={"nth": ordinal(n) + " " if n > 1 else ""},
        eval=state_eval("shop", checks),
        solution=[*steps, stop()],
    )


def _confirm_reorder(ctx: Context, values: dict[str, Any]) -> str:
    """The order's number, re-sorted in Python from every order row of the user."""
    n = (
        1
        if not values["nth"]
        else next(i for i in range(1, 16) if ordinal(i) == values["nth"].strip())
    )
    rows = ctx.data.query(
        "shop",
        "SELECT number, created_at, id, status FROM orders WHERE user_id = ?",
        (user_id(ctx.data),),
    )
    complete = sorted(
        (r for r in rows if r[3] == "Complete"), key=lambda r: (r[1], r[2]), reverse=True
    )
    return complete[n - 1][0]


# --- review the dearest item of an order --------------------------------------------------


def _review(ctx: Context) -> Draft | None:
    history = [o for o in orders(ctx.data)]
    order = ctx.rng.choice(history)
    lines = sorted(_lines(ctx, order.number), key=lambda line: -line[2])
    if len(lines) < 2 or lines[0][2] == lines[1][2]:
        return None  # a single item, or a tie for the dearest
    product_id, name = lines[0][0], lines[0][1]
    uid = user_id(ctx.data)
    reviewed = has_review(ctx.data, uid, product_id)
    stars = ctx.rng.choice(sorted(STARS))
    title = ctx.rng.choice(_REVIEW_TITLES)
    body = ctx.rng.choice(_REVIEW_BODIES)
    values = {"number": order.number, "stars": STARS[stars], "title": title, "body": body}
    steps = [*to_order(orders(ctx.data), order), click(name)]
    if reviewed:
        reason = f"I have already reviewed {name}, and the shop takes one review per product."
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(reason)],
            answer="N/A",
        )
    match = f"rating = {stars} AND {text_is('title', title)} AND {text_is('body', body)}"
    return Draft(
        answer=name,
        values=values,
        eval=state_eval("shop", pending_review_checks(ctx.data, uid, product_id, match)),
        solution=[
            *steps,
            select("Rating", STARS[stars]),
            type_text("Summary", title),
            type_text("Review", body),
            button("Submit review"),
            stop(),
        ],
    )


def _confirm_review(ctx: Context, values: dict[str, Any]) -> str:
    """The dearest line by line total / quantity in Python; N/A if already reviewed."""
    rows = ctx.data.query(
        "shop",
        "SELECT i.product_id, i.product_name, i.line_total_cents, i.quantity FROM order_items i "
        "JOIN orders o ON o.id = i.order_id WHERE o.number = ?",
        (values["number"],),
    )
    product_id, name, *_ = max(rows, key=lambda r: r[2] / r[3])
    uid = user_id(ctx.data)
    mine = {
        pid
        for (pid,) in ctx.data.query(
            "shop", "SELECT product_id FROM reviews WHERE user_id = ?", (uid,)
        )
    }
    mine |= {
        pid
        for pid, status in ctx.data.query(
            "shop", "SELECT product_id, status FROM review_queue WHERE user_id = ?", (uid,)
        )
        if status == "Pending"
    }
    return "N/A" if product_id in mine else name


# --- how many orders of a year had some status ---------------------------------------------


def _count_status_year(ctx: Context) -> Draft | None:
    history = orders(ctx.data)
    status = ctx.rng.choice(("Complete", "Canceled", "Complete"))
    chosen = [o for o in history if o.status == status]
    years = sorted({o.created_at[:4] for o in chosen})
    if not years:
        return None
    year = ctx.rng.choice(years)
    positions = [i for i, o in enumerate(chosen) if o.created_at[:4] == year]
    answer = str(len(positions))
    pages = page_of(positions[-1], ORDERS_PER_PAGE)
    steps = [
        click("My Account"),
        click("My Orders"),
        select("Status", status),
        button("Apply"),
        *[click("Next page") for _ in range(pages - 1)],
    ]
    return Draft(
        values={"status": status.lower(), "year": year},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_count_status_year(ctx: Context, values: dict[str, Any]) -> str:
    """Count in Python from every order row of the user."""
    rows = ctx.data.query(
        "shop", "SELECT status, created_at FROM orders WHERE user_id = ?", (user_id(ctx.data),)
    )
    return str(
        sum(
            1
            for status, created in rows
            if status.lower() == values["status"] and created.startswith(values["year"])
        )
    )


# --- the order of a year with the most items ---------------------------------------------


# How an intent names the order it asks for: (words, key over Order, key over line sums).
_EXTREMES = {
    "the most items": lambda o: -o.item_count,
    "the fewest items": lambda o: o.item_count,
    "the highest grand total": lambda o: -o.total_cents,
    "the lowest grand total": lambda o: o.total_cents,
}


def _most_items(ctx: Context) -> Draft | None:
    history = orders(ctx.data)
    years = sorted({o.created_at[:4] for o in history})
    year = ctx.rng.choice(years)
    which = ctx.rng.choice(sorted(_EXTREMES))
    key = _EXTREMES[which]
    positions = [i for i, o in enumerate(history) if o.created_at[:4] == year]
    chosen = sorted((history[i] for i in positions), key=key)
    if len(chosen) < 3 or key(chosen[0]) == key(chosen[1]):
        return None  # too few to compare, or a tie
    answer = chosen[0].number
    steps = [
        click("My Account"),
        click("My Orders"),
        *[click("Next page") for _ in range(page_of(positions[-1], ORDERS_PER_PAGE) - 1)],
    ]
    return Draft(
        values={"year": year, "which": which},
        eval=answer_eval(answer, "string"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_most_items(ctx: Context, values: dict[str, Any]) -> str:
    """Recompute each order's item count and grand total in Python from its lines,
    discount and shipping (not the orders' stored counts and totals)."""
    rows = ctx.data.query(
        "shop",
        "SELECT o.number, o.discount_cents, o.shipping_cents, i.quantity, i.line_total_cents "
        "FROM orders o JOIN order_items i ON i.order_id = o.id "
        "WHERE o.user_id = ? AND substr(o.created_at, 1, 4) = ?",
        (user_id(ctx.data), values["year"]),
    )
    items: dict[str, int] = {}
    totals: dict[str, int] = {}
    for number, discount, shipping, quantity, line in rows:
        items[number] = items.get(number, 0) + quantity
        totals[number] = totals.get(number, shipping - discount) + line
    measure = items if "items" in values["which"] else totals
    pick = max if values["which"].split()[1] in ("most", "highest") else min
    return pick(measure, key=measure.__getitem__)


FAMILIES = [
    Family(
        id="shop.reorder-completed-order",
        sites=("shop",),
        skills=("filter", "form-fill"),
        intent_template="Add every item of my {{nth}}most recent completed order to my cart "
        "again, in the same quantities.",
        build=_reorder,
        confirm=_confirm_reorder,
        length=(17, 42),
        kind="state",
    ),
    Family(
        id="shop.review-dearest-in-order",
        sites=("shop",),
        skills=("paginate", "compare", "form-fill"),
        intent_template="Review the most expensive item of my order {{number}}: {{stars}}, "
        'titled "{{title}}", saying "{{body}}".',
        build=_review,
        confirm=_confirm_review,
        length=(5, 14),
        kind="mixed",
    ),
    Family(
        id="shop.count-orders-status-year",
        sites=("shop",),
        skills=("filter", "paginate", "aggregate"),
        intent_template="How many of my orders placed in {{year}} are {{status}}?",
        build=_count_status_year,
        confirm=_confirm_count_status_year,
        split="test",
        length=(5, 10),
        kind="info",
    ),
    Family(
        id="shop.extreme-order-in-year",
        sites=("shop",),
        skills=("paginate", "compare"),
        intent_template="Which of my orders placed in {{year}} has {{which}}? Give the order "
        "number.",
        build=_most_items,
        confirm=_confirm_most_items,
        length=(3, 10),
        kind="info",
    ),
]
