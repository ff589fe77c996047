"""Cross-site families: look something up in the shop (a category's prices, the wish
list, an order's status), then post or send a message about it on the forum."""

from __future__ import annotations

from typing import Any

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
    text_is,
    type_text,
)
from webenv.sites.shop.listing import SORTS
from webenv.task_files.families.forum._common import USER as FORUM_USER
from webenv.task_files.families.forum._common import forums
from webenv.task_files.families.forum._common import user_id as forum_user_id
from webenv.task_files.families.shop._common import (
    ORDERS_PER_PAGE,
    PRODUCTS_PER_PAGE,
    open_category,
    orders,
    page_of,
    subcategories,
)
from webenv.task_files.families.shop._common import user_id as shop_user_id


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
                    f"{forum.id} AND kind = 'text' AND "
                    f"{text_is('title', name)} AND {text_is('body', body)}",
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


# --- post the price of the wish list's newest item ----------------------------------------


def _wishlist_newest(ctx: Context) -> Draft | None:
    rows = ctx.data.query(
        "shop",
        "SELECT p.price_cents, w.added_at FROM wishlist_items w JOIN products p ON "
        "p.id = w.product_id WHERE w.user_id = ?",
        (shop_user_id(ctx.data),),
    )
    if len(rows) < 2:
        return None
    days = sorted((added[:10] for _, added in rows), reverse=True)
    if days[0] == days[1]:
        return None  # the page shows days: two items added on the newest day tie
    price = money(max(rows, key=lambda r: r[1])[0])
    forum = ctx.rng.choice(forums(ctx.data))
    title = ctx.rng.choice(_WISH_TITLES)
    body = f"Latest: ${price}"
    uid = forum_user_id(ctx.data)
    mine = ctx.data.value("forum", "SELECT COUNT(*) FROM submissions WHERE user_id = ?", (uid,))
    steps = [
        click("My Account"),
        click("My Wish List"),
        click("Community forum"),
        click("Submit"),
        select("Forum", forum.title),
        type_text("Title", title),
        type_text("Body", body),
        button("Create submission"),
    ]
    return Draft(
        answer=price,
        values={"forum": forum.title, "title": title},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid} AND forum_id = "
                    f"{forum.id} AND kind = 'text' AND {text_is('title', title)} "
                    f"AND {text_is('body', body)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid}", mine + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_wishlist_newest(ctx: Context, values: dict[str, Any]) -> str:
    """The newest wish-list item's price, picked in Python from rows read separately."""
    wished = ctx.data.query(
        "shop",
        "SELECT product_id, added_at FROM wishlist_items WHERE user_id = ?",
        (shop_user_id(ctx.data),),
    )
    prices = dict(ctx.data.query("shop", "SELECT id, price_cents FROM products"))
    newest = max(wished, key=lambda row: row[1])[0]
    return money(prices[newest])


_WISH_TITLES = ("My wish list so far", "Saving up for these", "What is on my wish list")


# --- tell a forum's moderator an order's status --------------------------------------------


def _moderator_status(ctx: Context) -> Draft | None:
    history = orders(ctx.data)
    # Most orders are Complete: draw the others half the time so the answer is not a guess.
    others = [i for i, o in enumerate(history) if o.status != "Complete"]
    pool_index = others if others and ctx.rng.chance(0.5) else range(len(history))
    index = ctx.rng.choice(list(pool_index))
    order = history[index]
    pool = _sole_moderators(ctx)
    if not pool:
        return None
    forum, moderator = ctx.rng.choice(pool)
    subject = f"Order {order.number}"
    uid = forum_user_id(ctx.data)
    sent = ctx.data.value("forum", "SELECT COUNT(*) FROM messages WHERE sender_id = ?", (uid,))
    steps = [
        click("My Account"),
        click("My Orders"),
        *[click("Next page") for _ in range(page_of(index, ORDERS_PER_PAGE) - 1)],
        click(f"View order {order.number}"),
        click("Community forum"),
        click("Forums"),
        click(forum.title),
        click(moderator),
        click("Send a message"),
        type_text("Subject", subject),
        type_text("Message", order.status),
        button("Send message"),
    ]
    return Draft(
        answer=order.status,
        values={"forum": forum.title, "number": order.number},
        eval=state_eval(
            "forum",
            [
                (
                    "SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.recipient_id "
                    f"WHERE m.sender_id = {uid} AND u.username = {sql_text(moderator)} AND "
                    f"{text_is('m.subject', subject)} AND "
                    f"{text_is('m.body', order.status)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM messages WHERE sender_id = {uid}", sent + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_moderator_status(ctx: Context, values: dict[str, Any]) -> str:
    """The order's status read by its number alone."""
    return ctx.data.value("shop", "SELECT status FROM orders WHERE number = ?", (values["number"],))


# --- tell a forum's moderator the cheapest product of a category ----------------------------


def _sole_moderators(ctx: Context) -> list[tuple[Any, str]]:
    """(forum, moderator username) of forums with exactly one moderator who is not me."""
    found = []
    for forum in forums(ctx.data):
        mods = ctx.data.query(
            "forum",
            "SELECT u.username FROM moderators m JOIN users u ON u.id = m.user_id "
            "WHERE m.forum_id = ?",
            (forum.id,),
        )
        if len(mods) == 1 and mods[0][0] != FORUM_USER:
            found.append((forum, mods[0][0]))
    return found


def _moderator_cheapest(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    rows = ctx.data.query(
        "shop",
        "SELECT name, price_cents FROM products WHERE category_id = ? ORDER BY price_cents, id",
        (category.id,),
    )
    if len(rows) < 2 or rows[0][1] == rows[1][1]:
        return None  # a tie for the cheapest
    name = rows[0][0]
    pool = _sole_moderators(ctx)
    if not pool:
        return None
    forum, moderator = ctx.rng.choice(pool)
    subject = f"Cheapest in {category.name}"
    uid = forum_user_id(ctx.data)
    sent = ctx.data.value("forum", "SELECT COUNT(*) FROM messages WHERE sender_id = ?", (uid,))
    steps = [
        *open_category(category),
        select("Sort by", SORTS["price_asc"][0]),
        button("Apply"),
        click("Community forum"),
        click("Forums"),
        click(forum.title),
        click(moderator),
        click("Send a message"),
        type_text("Subject", subject),
        type_text("Message", name),
        button("Send message"),
    ]
    return Draft(
        answer=name,
        values={"forum": forum.title, "category": category.name, "subject": subject},
        eval=state_eval(
            "forum",
            [
                (
                    "SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.recipient_id "
                    f"WHERE m.sender_id = {uid} AND u.username = {sql_text(moderator)} AND "
                    f"{text_is('m.subject', subject)} AND "
                    f"{text_is('m.body', name)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM messages WHERE sender_id = {uid}", sent + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_moderator_cheapest(ctx: Context, values: dict[str, Any]) -> str:
    """The cheapest product of the category, found by name and ranked in Python."""
    category = next(c for c in subcategories(ctx.data) if c.name == values["category"])
    rows = ctx.data.query(
        "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
    )
    return min(rows, key=lambda r: r[1])[0]


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
    Family(
        id="cross.post-wishlist-newest-price",
        sites=("shop", "forum"),
        skills=("compare", "cross-site", "form-fill"),
        intent_template="Find the item I added to my shop wish list most recently and post its "
        'price in the {{forum}} forum: title "{{title}}", body "Latest: $" followed by the '
        'price (like "Latest: $12.34").',
        build=_wishlist_newest,
        confirm=_confirm_wishlist_newest,
        length=(9, 9),
        kind="state",
    ),
    Family(
        id="cross.tell-moderator-order-status",
        sites=("shop", "forum"),
        skills=("paginate", "cross-site", "form-fill"),
        intent_template="Send the moderator of the {{forum}} forum a message with the subject "
        '"Order {{number}}" whose text is just the current status of my shop order '
        "{{number}}.",
        build=_moderator_status,
        confirm=_confirm_moderator_status,
        split="test",
        length=(11, 17),
        kind="state",
    ),
    Family(
        id="cross.tell-moderator-cheapest",
        sites=("shop", "forum"),
        skills=("sort", "cross-site", "form-fill"),
        intent_template="Send the moderator of the {{forum}} forum a message with the subject "
        '"{{subject}}" whose text is just the name of the cheapest product in the shop\'s '
        "{{category}} category.",
        build=_moderator_cheapest,
        confirm=_confirm_moderator_cheapest,
        length=(13, 13),
        kind="state",
    ),
]
