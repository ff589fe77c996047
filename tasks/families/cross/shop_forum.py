"""Cross-site families: read something in the shop, then act on the forum."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    amount_is,
    button,
    click,
    money,
    search,
    select,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.forum._common import BODIES, forums
from webenv.task_files.families.forum._common import on_first_search_page as forum_search_ok
from webenv.task_files.families.forum._common import user_id as forum_user_id
from webenv.task_files.families.shop._common import USER, orders
from webenv.task_files.families.shop._common import on_first_search_page as shop_search_ok

_STATUSES = ("Complete", "Shipped", "Processing", "Pending")


# --- post about the dearest item of my latest order with some status ---------------------


def _post_latest_product(ctx: Context) -> Draft | None:
    history = orders(ctx.data)
    status = ctx.rng.choice(_STATUSES)
    latest = next((o for o in history if o.status == status), None)
    if latest is None:
        return None
    lines = ctx.data.query(
        "shop",
        "SELECT i.product_name, i.unit_price_cents FROM order_items i "
        "JOIN orders o ON o.id = i.order_id WHERE o.number = ? "
        "ORDER BY i.unit_price_cents DESC",
        (latest.number,),
    )
    if len({name for name, _ in lines}) > 1 and lines[0][1] == lines[1][1]:
        return None  # two different products share the highest unit price
    product = lines[0][0]
    forum = ctx.rng.choice(forums(ctx.data))
    body = ctx.rng.choice(BODIES)
    uid = forum_user_id(ctx.data)
    steps = [
        click("My Account"),
        click("My Orders"),
        select("Status", status),
        button("Apply"),
        click(f"View order {latest.number}"),
        click("Community forum"),
        click("Submit"),
        select("Forum", forum.title),
        type_text("Title", product),
        type_text("Body", body),
        button("Create submission"),
    ]
    return Draft(
        answer=product,
        values={"status": status.lower(), "forum": forum.title, "body": body},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid} "
                    f"AND forum_id = {forum.id} "
                    f"AND kind = 'text' AND {text_is('title', product)} AND "
                    f"{text_is('body', body)}",
                    1,
                ),
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid}",
                    ctx.data.value(
                        "forum", "SELECT COUNT(*) FROM submissions WHERE user_id = ?", (uid,)
                    )
                    + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_latest_product(ctx: Context, values: dict[str, Any]) -> str:
    """From the order lines, in Python: the newest order with the status, its dearest line."""
    rows = ctx.data.query(
        "shop",
        "SELECT o.id, o.created_at, o.status, i.product_name, "
        "i.unit_price_cents FROM orders o JOIN order_items i ON "
        "i.order_id = o.id JOIN users u ON u.id = o.user_id WHERE "
        "u.username = ?",
        (USER,),
    )
    matching = [r for r in rows if r[2].lower() == values["status"]]
    newest = max(matching, key=lambda r: (r[1], r[0]))[0]
    return max((r for r in matching if r[0] == newest), key=lambda r: r[4])[3]


# --- answer a forum thread with a shop price ---------------------------------------------


def _comment_price(ctx: Context) -> Draft | None:
    products = ctx.data.query("shop", "SELECT id, name, price_cents FROM products ORDER BY id")
    product_id, name, price = ctx.rng.choice(products)
    threads = ctx.data.query(
        "forum",
        "SELECT id, title FROM submissions WHERE deleted = 0 AND "
        "locked = 0 AND title IN (SELECT title FROM submissions WHERE "
        "deleted = 0 GROUP BY title HAVING COUNT(*) = 1) ORDER BY id",
    )
    if not threads:
        return None
    thread_id, title = ctx.rng.choice(threads)
    if not (
        shop_search_ok(ctx.data, name, product_id) and forum_search_ok(ctx.data, title, thread_id)
    ):
        return None  # a search would not list it on its first page
    uid = forum_user_id(ctx.data)
    amount = money(price)
    steps = [
        search(name),
        click(name),
        click("Community forum"),
        search(title),
        click(title),
        type_text("Comment", f"${amount}"),
        button("Post comment"),
    ]
    return Draft(
        values={"title": title, "product": name},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM comments WHERE submission_id = {thread_id} "
                    f"AND user_id = {uid} AND parent_id IS NULL AND "
                    f"{amount_is('body', f'${amount}')} AND deleted = 0",
                    1,
                ),
                (
                    f"SELECT COUNT(*) FROM comments WHERE user_id = {uid}",
                    ctx.data.value(
                        "forum", "SELECT COUNT(*) FROM comments WHERE user_id = ?", (uid,)
                    )
                    + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


# --- message someone the total of my latest order with some status ---------------------


def _message_order_total(ctx: Context) -> Draft | None:
    status = ctx.rng.choice(_STATUSES)
    latest = next((o for o in orders(ctx.data) if o.status == status), None)
    if latest is None:
        return None
    uid = forum_user_id(ctx.data)
    people = ctx.data.query("forum", "SELECT username FROM users WHERE id <> ? ORDER BY id", (uid,))
    (recipient,) = ctx.rng.choice(people)
    subject = ctx.rng.choice(("My order", "Order total", "What I paid"))
    amount = money(latest.total_cents)
    steps = [
        click("My Account"),
        click("My Orders"),
        select("Status", status),
        button("Apply"),
        click("Community forum"),
        click("Messages"),
        click("Compose"),
        type_text("To", recipient),
        type_text("Subject", subject),
        type_text("Message", f"${amount}"),
        button("Send message"),
    ]
    return Draft(
        answer=amount,
        values={"status": status.lower(), "user": recipient, "subject": subject},
        eval=state_eval(
            "forum",
            [
                (
                    "SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.recipient_id WHERE "
                    f"m.sender_id = {uid} AND u.username = {sql_text(recipient)} AND "
                    f"{text_is('m.subject', subject)} AND "
                    f"{amount_is('m.body', f'${amount}')}",
                    1,
                ),
                (
                    f"SELECT COUNT(*) FROM messages WHERE sender_id = {uid}",
                    ctx.data.value(
                        "forum", "SELECT COUNT(*) FROM messages WHERE sender_id = ?", (uid,)
                    )
                    + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_order_total(ctx: Context, values: dict[str, Any]) -> str:
    """The newest order with the status, its total rebuilt from its lines."""
    rows = ctx.data.query(
        "shop",
        "SELECT o.id, o.created_at, o.status, o.discount_cents, "
        "o.shipping_cents, i.line_total_cents FROM orders o JOIN order_items "
        "i ON i.order_id = o.id JOIN users u ON u.id = o.user_id WHERE "
        "u.username = ?",
        (USER,),
    )
    matching = [r for r in rows if r[2].lower() == values["status"]]
    newest = max(matching, key=lambda r: (r[1], r[0]))
    lines = sum(r[5] for r in matching if r[0] == newest[0])
    return money(lines - newest[3] + newest[4])


FAMILIES = [
    Family(
        id="cross.post-latest-order-product",
        sites=("shop", "forum"),
        skills=("filter", "form-fill", "cross-site"),
        intent_template="Find the item with the highest unit price in my most recent "
        "{{status}} shop order, then post a text submission to the {{forum}} "
        "forum titled with that product's exact name and with the body "
        '"{{body}}"',
        build=_post_latest_product,
        confirm=_confirm_latest_product,
        length=(12, 12),
        kind="state",
    ),
    Family(
        id="cross.comment-shop-price",
        sites=("shop", "forum"),
        skills=("search", "form-fill", "cross-site"),
        intent_template='Reply to the forum submission "{{title}}" with a top-level comment '
        "that gives only the shop's current price of the {{product}}, "
        "written like $12.34.",
        build=_comment_price,
        confirm=None,
        split="test",
        length=(10, 10),
        kind="state",
    ),
    Family(
        id="cross.message-order-total",
        sites=("shop", "forum"),
        skills=("filter", "form-fill", "cross-site"),
        intent_template="On the forum, send {{user}} a private message with the subject "
        '"{{subject}}" that says only the grand total of my most recent '
        "{{status}} shop order, written like $12.34.",
        build=_message_order_total,
        confirm=_confirm_order_total,
        length=(12, 12),
        kind="state",
    ),
]
