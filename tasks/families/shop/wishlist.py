"""Shop families over the wish list: move one item to the cart, then prune another."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import click, state_eval, stop
from webenv.task_files.families.shop._common import user_id

# How an intent names an item, and how to pick it from (name, price, added, has options).
_WHICH = {
    "cheapest": lambda items: min(items, key=lambda i: i[2]),
    "most expensive": lambda items: max(items, key=lambda i: i[2]),
    "most recently added": lambda items: max(items, key=lambda i: i[3]),
    "earliest added": lambda items: min(items, key=lambda i: i[3]),
}
_KEYS = {
    "cheapest": lambda i: i[2],
    "most expensive": lambda i: i[2],
    "most recently added": lambda i: i[3][:10],
    "earliest added": lambda i: i[3][:10],
}


def _items(ctx: Context, uid: int) -> list[tuple[int, str, int, str, int, int]]:
    """(wish id, name, price, added, product id, has options) in the wish list's order."""
    return ctx.data.query(
        "shop",
        "SELECT w.id, p.name, p.price_cents, w.added_at, p.id, "
        "(p.sizes <> '' OR p.colours <> '') FROM wishlist_items w JOIN products p ON "
        "p.id = w.product_id WHERE w.user_id = ? ORDER BY w.id",
        (uid,),
    )


def _unique(items: list, which: str) -> Any | None:
    """The item ``which`` names, when nothing ties with it as the page shows it (prices,
    and added dates by day)."""
    chosen = _WHICH[which](items)
    key = _KEYS[which]
    return chosen if sum(key(i) == key(chosen) for i in items) == 1 else None


def _move_and_prune(ctx: Context) -> Draft | None:
    # Any customer with three or more wishes (the task user among them).
    username = ctx.rng.choice(
        [
            name
            for (name,) in ctx.data.query(
                "shop",
                "SELECT u.username FROM users u JOIN wishlist_items w ON w.user_id = u.id "
                "GROUP BY u.id HAVING COUNT(*) >= 3 ORDER BY u.username",
            )
        ]
        or [None]
    )
    if username is None:
        return None
    uid = user_id(ctx.data, username)
    items = _items(ctx, uid)
    move_by = ctx.rng.choice(sorted(_WHICH))
    moved = _unique(items, move_by)
    if moved is None or moved[5]:
        return None  # a tie, or a product whose options would need choosing first
    left = [i for i in items if i != moved]
    prune_by = ctx.rng.choice(sorted(w for w in _WHICH if w != move_by))
    pruned = _unique(left, prune_by)
    if pruned is None:
        return None
    cart = ctx.data.value("shop", "SELECT COUNT(*) FROM cart_items WHERE user_id = ?", (uid,))
    if ctx.data.value(
        "shop",
        "SELECT COUNT(*) FROM cart_items WHERE user_id = ? AND product_id = ?",
        (uid, moved[4]),
    ):
        return None
    steps = [
        click("My Account"),
        click("My Wish List"),
        click("Move to cart", role="button", nth=items.index(moved)),
        click("My Account"),
        click("My Wish List"),
        click("Remove", role="button", nth=left.index(pruned)),
    ]
    return Draft(
        answer=f"{moved[1]}|{pruned[1]}",
        values={"move": move_by, "prune": prune_by, "customer": username},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT quantity FROM cart_items WHERE user_id = {uid} AND "
                    f"product_id = {moved[4]}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM cart_items WHERE user_id = {uid}", cart + 1),
                (
                    "SELECT group_concat(product_id) FROM (SELECT product_id FROM "
                    f"wishlist_items WHERE user_id = {uid} ORDER BY product_id)",
                    ",".join(str(p) for p in sorted(i[4] for i in left if i != pruned)),
                ),
            ],
        ),
        solution=[*steps, stop()],
        login={"shop": username},
    )


def _confirm_move_and_prune(ctx: Context, values: dict[str, Any]) -> str:
    """Pick both items again in Python, from the wish-list rows and product prices read
    separately."""
    wishes = ctx.data.query(
        "shop",
        "SELECT product_id, added_at FROM wishlist_items WHERE user_id = ?",
        (user_id(ctx.data, values["customer"]),),
    )
    prices = {
        pid: (name, price)
        for pid, name, price in ctx.data.query("shop", "SELECT id, name, price_cents FROM products")
    }
    items = [(0, prices[p][0], prices[p][1], added, p, 0) for p, added in wishes]
    moved = _WHICH[values["move"]](items)
    pruned = _WHICH[values["prune"]]([i for i in items if i != moved])
    return f"{moved[1]}|{pruned[1]}"


FAMILIES = [
    Family(
        id="shop.wishlist-move-and-prune",
        sites=("shop",),
        skills=("compare",),
        intent_template="On my wish list, move the {{move}} item to my cart, then remove the "
        "{{prune}} item of those left.",
        build=_move_and_prune,
        confirm=_confirm_move_and_prune,
        length=(7, 7),
        kind="state",
    ),
]
