"""Cross-site families between the forum and the shop: a number or a title read off a
forum's Top listing decides what goes into the cart or a review; a shop order's number, a
rating comparison or a wish-list price decides what is posted or sent on the forum."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    click,
    mentions_number,
    search,
    select,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.sites.shop.account import ORDER_STATUSES
from webenv.sites.shop.datagen import average_rating
from webenv.sites.shop.listing import SORTS as SHOP_SORTS
from webenv.task_files.families.forum._common import (
    PER_PAGE,
    forums,
)
from webenv.task_files.families.forum._common import USER as FORUM_USER
from webenv.task_files.families.forum._common import user_id as forum_user_id
from webenv.task_files.families.forum._top import read_top, top_again, top_pick, top_values
from webenv.task_files.families.shop._common import (
    STARS,
    can_buy,
    has_review,
    on_first_search_page,
    open_category,
    orders,
    pending_review_checks,
    subcategories,
)
from webenv.task_files.families.shop._common import USER as SHOP_USER
from webenv.task_files.families.shop._common import user_id as shop_user_id

_REVIEW_BODIES = (
    "Picked this up after reading the forum thread, and it lives up to it.",
    "Bought on a forum recommendation; solid, though not perfect.",
    "The forum was right about this one.",
    "Saw it discussed on the forum. Works as described.",
)


# --- shared: the n-th top submission of a period, and a plain shop product ----------------


def _plain_product(ctx: Context) -> tuple[int, str] | None:
    """A product without size or colour choices whose name no other product shares and
    whose name search lists it on the first page."""
    rows = ctx.data.query(
        "shop",
        "SELECT id, name FROM products WHERE sizes = '' AND colours = '' AND name IN "
        "(SELECT name FROM products GROUP BY name HAVING COUNT(*) = 1) ORDER BY id",
    )
    if not rows:
        return None
    product_id, name = ctx.rng.choice(rows)
    if not on_first_search_page(ctx.data, name, product_id):
        return None
    return product_id, name


# --- add to the cart as many as the n-th top submission has comments ---------------------


def _cart_by_comments(ctx: Context) -> Draft | None:
    picked = top_pick(ctx)
    product = _plain_product(ctx)
    if picked is None or product is None:
        return None
    forum, period, n, item = picked
    quantity = ctx.data.value(
        "forum", "SELECT comment_count FROM submissions WHERE id = ?", (item.id,)
    )
    if not 1 <= quantity <= 99:
        return None  # no comments (nothing to add) or more than one cart line holds
    product_id, name = product
    uid = shop_user_id(ctx.data)
    cart = ctx.data.query("shop", "SELECT product_id FROM cart_items WHERE user_id = ?", (uid,))
    if (product_id,) in cart:
        return None  # the cart already holds some: the quantity would add up
    if not can_buy(ctx.data, product_id, quantity):
        return None  # fewer in stock than the quantity
    steps = [
        *read_top(forum, period),
        click("Visit the shop"),
        search(name),
        click(name),
        type_text("Quantity", str(quantity), role="spinbutton"),
        button("Add to Cart"),
    ]
    return Draft(
        answer=quantity,
        values={**top_values(forum, period, n), "product": name},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT quantity FROM cart_items WHERE user_id = {uid} "
                    f"AND product_id = {product_id}",
                    quantity,
                ),
                (f"SELECT COUNT(*) FROM cart_items WHERE user_id = {uid}", len(cart) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_cart_by_comments(ctx: Context, values: dict[str, Any]) -> int:
    """Re-rank the forum in Python and count the submission's comment rows."""
    submission_id, _, _ = top_again(ctx, values)
    rows = ctx.data.query("forum", "SELECT submission_id FROM comments")
    return sum(1 for (sid,) in rows if sid == submission_id)


# --- review a product, titled after the n-th top submission -------------------------------


def _review_titled(ctx: Context) -> Draft | None:
    picked = top_pick(ctx)
    product = _plain_product(ctx)
    if picked is None or product is None:
        return None
    forum, period, n, item = picked
    product_id, name = product
    uid = shop_user_id(ctx.data)
    if has_review(ctx.data, uid, product_id):
        return None  # one review per product: I reviewed it already
    stars = ctx.rng.choice(sorted(STARS))
    body = ctx.rng.choice(_REVIEW_BODIES)
    steps = [
        *read_top(forum, period),
        click("Visit the shop"),
        search(name),
        click(name),
        select("Rating", STARS[stars]),
        type_text("Summary", item.title),
        type_text("Review", body),
        button("Submit review"),
    ]
    return Draft(
        answer=item.title,
        values={
            **top_values(forum, period, n),
            "product": name,
            "stars": STARS[stars],
            "body": body,
        },
        eval=state_eval(
            "shop",
            pending_review_checks(
                ctx.data,
                uid,
                product_id,
                f"rating = {stars} AND {text_is('title', item.title)} AND {text_is('body', body)}",
            ),
        ),
        solution=[*steps, stop()],
    )


def _confirm_review_titled(ctx: Context, values: dict[str, Any]) -> str:
    """The title of the submission re-ranked in Python."""
    return top_again(ctx, values)[1]


# --- reply under my newest forum submission with a shop order's number --------------------


def _reply_order_number(ctx: Context) -> Draft | None:
    status = ctx.rng.choice(ORDER_STATUSES)
    order = next((o for o in orders(ctx.data) if o.status == status), None)
    if order is None:
        return None
    uid = forum_user_id(ctx.data)
    mine = ctx.data.query(
        "forum",
        "SELECT s.id, s.title, s.forum_id, s.locked FROM submissions s WHERE s.user_id = ? "
        "AND s.deleted = 0 ORDER BY s.created_at DESC, s.id DESC",
        (uid,),
    )
    posted = sorted({forum_id for _, _, forum_id, _ in mine})
    if not posted:
        return None
    forum_id = ctx.rng.choice(posted)
    index = next(i for i, row in enumerate(mine) if row[2] == forum_id)
    submission_id, title, _, locked = mine[index]
    if locked or sum(row[1] == title for row in mine) > 1:
        return None  # a locked thread takes no comments; a shared title is ambiguous
    forum = next(f for f in forums(ctx.data) if f.id == forum_id)
    comments = ctx.data.value("forum", "SELECT COUNT(*) FROM comments WHERE user_id = ?", (uid,))
    steps = [
        click("My Account"),
        click("My Orders"),
        select("Status", status),
        button("Apply"),
        click("Community forum"),
        click(FORUM_USER),
        click(f"All submissions by {FORUM_USER}"),
        *[click("Next page") for _ in range(index // PER_PAGE)],
        click(title),
        type_text("Comment", f"Order {order.number}"),
        button("Post comment"),
    ]
    return Draft(
        answer=order.number,
        values={"status": status.lower(), "forum": forum.title},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM comments WHERE submission_id = {submission_id} AND "
                    f"user_id = {uid} AND parent_id IS NULL AND "
                    f"{mentions_number('body', order.number)} AND deleted = 0",
                    1,
                ),
                (f"SELECT COUNT(*) FROM comments WHERE user_id = {uid}", comments + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_reply_order_number(ctx: Context, values: dict[str, Any]) -> str:
    """The newest order with the status, picked in Python from the raw order rows."""
    rows = ctx.data.query(
        "shop",
        "SELECT o.id, o.number, o.created_at, o.status FROM orders o JOIN users u "
        "ON u.id = o.user_id WHERE u.username = ?",
        (SHOP_USER,),
    )
    matching = [r for r in rows if r[3].lower() == values["status"]]
    return max(matching, key=lambda r: (r[2], r[0]))[1]


# --- post the better-rated of two shop products to a forum ---------------------------------


_POST_BODIES = (
    "Compared a couple of options in the shop and this one has the better reviews.",
    "Rated higher than the alternative I looked at. Anyone here tried it?",
    "Thinking of buying this one. Reviews beat the other one I considered.",
)


def _post_better_rated(ctx: Context) -> Draft | None:
    category = ctx.rng.choice(subcategories(ctx.data))
    rated = ctx.data.query(
        "shop",
        "SELECT id, name, rating FROM products WHERE category_id = ? AND review_count > 0 AND "
        "name IN (SELECT name FROM products GROUP BY name HAVING COUNT(*) = 1) ORDER BY id",
        (category.id,),
    )
    if len(rated) < 2:
        return None
    first, second = ctx.rng.sample(rated, 2)
    if first[2] == second[2] or not all(
        on_first_search_page(ctx.data, name, pid) for pid, name, _ in (first, second)
    ):
        return None  # no better one, or a search that does not show the product at once
    better = max(first, second, key=lambda p: p[2])[1]
    forum = ctx.rng.choice(forums(ctx.data))
    body = ctx.rng.choice(_POST_BODIES)
    uid = forum_user_id(ctx.data)
    mine = ctx.data.value("forum", "SELECT COUNT(*) FROM submissions WHERE user_id = ?", (uid,))
    steps = [
        search(first[1]),
        click(first[1]),
        search(second[1]),
        click(second[1]),
        click("Community forum"),
        click("Submit"),
        select("Forum", forum.title),
        type_text("Title", better),
        type_text("Body", body),
        button("Create submission"),
    ]
    return Draft(
        answer=better,
        values={"first": first[1], "second": second[1], "forum": forum.title, "body": body},
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid} AND forum_id = "
                    f"{forum.id} AND kind = 'text' AND "
                    f"{text_is('title', better)} AND {text_is('body', body)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid}", mine + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_post_better_rated(ctx: Context, values: dict[str, Any]) -> str:
    """The displayed ratings recomputed from each product's review rows, not the stored one."""
    ratings = {}
    for name in (values["first"], values["second"]):
        stars = [
            rating
            for (rating,) in ctx.data.query(
                "shop",
                "SELECT r.rating FROM reviews r JOIN products p ON p.id = r.product_id "
                "WHERE p.name = ?",
                (name,),
            )
        ]
        ratings[name] = average_rating(sum(stars), len(stars))
    return max(ratings, key=ratings.__getitem__)


# --- message a forum user the cheapest or dearest item on my shop wish list ----------------


_EXTREMES = {"cheapest": min, "most expensive": max}
_GIFT_SUBJECTS = ("Gift idea", "Something I would like", "From my wish list")


def _message_wishlist_pick(ctx: Context) -> Draft | None:
    rows = ctx.data.query(
        "shop",
        "SELECT p.name, p.price_cents FROM wishlist_items w JOIN products p "
        "ON p.id = w.product_id WHERE w.user_id = ?",
        (shop_user_id(ctx.data),),
    )
    extreme = ctx.rng.choice(sorted(_EXTREMES))
    if len(rows) < 2:
        return None
    name, price = _EXTREMES[extreme](rows, key=lambda r: r[1])
    if sum(r[1] == price for r in rows) > 1:
        return None  # a tie for the cheapest or the dearest
    uid = forum_user_id(ctx.data)
    people = ctx.data.query("forum", "SELECT username FROM users WHERE id <> ? ORDER BY id", (uid,))
    (recipient,) = ctx.rng.choice(people)
    subject = ctx.rng.choice(_GIFT_SUBJECTS)
    sent = ctx.data.value("forum", "SELECT COUNT(*) FROM messages WHERE sender_id = ?", (uid,))
    steps = [
        click("My Account"),
        click("My Wish List"),
        click("Community forum"),
        click("Messages"),
        click("Compose"),
        type_text("To", recipient),
        type_text("Subject", subject),
        type_text("Message", name),
        button("Send message"),
    ]
    return Draft(
        answer=name,
        values={"user": recipient, "subject": subject, "extreme": extreme},
        eval=state_eval(
            "forum",
            [
                (
                    "SELECT COUNT(*) FROM messages m JOIN users u ON u.id = m.recipient_id "
                    f"WHERE m.sender_id = {uid} AND u.username = {sql_text(recipient)} AND "
                    f"{text_is('m.subject', subject)} AND "
                    f"{text_is('m.body', name)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM messages WHERE sender_id = {uid}", sent + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_message_wishlist_pick(ctx: Context, values: dict[str, Any]) -> str:
    """Rank the wish list in Python from the wish-list and product rows read separately."""
    wished = {
        pid
        for (pid,) in ctx.data.query(
            "shop",
            "SELECT w.product_id FROM wishlist_items w JOIN users u ON u.id = w.user_id "
            "WHERE u.username = ?",
            (SHOP_USER,),
        )
    }
    products = [
        (price, name)
        for pid, name, price in ctx.data.query("shop", "SELECT id, name, price_cents FROM products")
        if pid in wished
    ]
    products.sort()
    return products[0 if values["extreme"] == "cheapest" else -1][1]


# --- wish-list the dearest product within a budget read off a forum thread's score ---------


def _wishlist_within_score(ctx: Context) -> Draft | None:
    picked = top_pick(ctx)
    if picked is None:
        return None
    forum, period, n, item = picked
    category = ctx.rng.choice(subcategories(ctx.data))
    rows = ctx.data.query(
        "shop",
        "SELECT id, name, price_cents FROM products WHERE category_id = ? "
        "ORDER BY price_cents DESC, id",
        (category.id,),
    )
    kept = [r for r in rows if r[2] <= item.score * 100]
    if len(kept) < 2 or len(kept) == len(rows) or kept[0][2] == kept[1][2]:
        return None  # the budget must cut the list, leave a choice, and have no tie on top
    product_id, name, _ = kept[0]
    if sum(r[1] == name for r in rows) > 1:
        return None
    uid = shop_user_id(ctx.data)
    wished = ctx.data.query(
        "shop", "SELECT product_id FROM wishlist_items WHERE user_id = ?", (uid,)
    )
    if (product_id,) in wished:
        return None
    steps = [
        *read_top(forum, period),
        click("Visit the shop"),
        *open_category(category),
        type_text("Max price", str(item.score)),
        select("Sort by", SHOP_SORTS["price_desc"][0]),
        button("Apply"),
        click(name),
        button("Add to Wish List"),
    ]
    return Draft(
        answer=name,
        values={**top_values(forum, period, n), "category": category.name},
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT COUNT(*) FROM wishlist_items WHERE user_id = {uid} "
                    f"AND product_id = {product_id}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM wishlist_items WHERE user_id = {uid}", len(wished) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_wishlist_within_score(ctx: Context, values: dict[str, Any]) -> str:
    """The thread's score from its vote rows; the category's prices filtered in Python."""
    submission_id, _, _ = top_again(ctx, values)
    votes = ctx.data.query(
        "forum", "SELECT value FROM submission_votes WHERE submission_id = ?", (submission_id,)
    )
    budget = sum(v for (v,) in votes) * 100
    category = next(c for c in subcategories(ctx.data) if c.name == values["category"])
    rows = ctx.data.query(
        "shop", "SELECT name, price_cents FROM products WHERE category_id = ?", (category.id,)
    )
    return max((r for r in rows if r[1] <= budget), key=lambda r: r[1])[0]


FAMILIES = [
    Family(
        id="cross.cart-qty-from-forum-comments",
        sites=("forum", "shop"),
        skills=("sort", "filter", "form-fill", "cross-site"),
        intent_template="Look up the {{rank}} submission of {{period}} in the {{forum}} forum "
        "and note how many comments it has. Then add exactly that many of the shop's "
        '"{{product}}" to my cart.',
        build=_cart_by_comments,
        confirm=_confirm_cart_by_comments,
        length=(11, 11),
        kind="state",
    ),
    Family(
        id="cross.review-titled-after-forum-thread",
        sites=("forum", "shop"),
        skills=("sort", "filter", "form-fill", "cross-site"),
        intent_template='Review the shop\'s "{{product}}": rate it {{stars}}, write the body '
        '"{{body}}", and title the review exactly like the {{rank}} submission of {{period}} '
        "in the {{forum}} forum.",
        build=_review_titled,
        confirm=_confirm_review_titled,
        split="test",
        length=(13, 13),
        kind="state",
    ),
    Family(
        id="cross.reply-my-post-order-number",
        sites=("shop", "forum"),
        skills=("filter", "paginate", "form-fill", "cross-site"),
        intent_template="Under my most recent submission in the {{forum}} forum, post a "
        'top-level comment "Order " followed by the number of my most recent {{status}} '
        'shop order (like "Order 100123").',
        build=_reply_order_number,
        confirm=_confirm_reply_order_number,
        length=(11, 13),
        kind="state",
    ),
    Family(
        id="cross.post-better-rated-product",
        sites=("shop", "forum"),
        skills=("search", "compare", "form-fill", "cross-site"),
        intent_template='Of the shop\'s "{{first}}" and "{{second}}", find the one with the '
        "better customer rating and post it to the {{forum}} forum: a text submission titled "
        'with its exact name and the body "{{body}}".',
        build=_post_better_rated,
        confirm=_confirm_post_better_rated,
        length=(13, 13),
        kind="state",
    ),
    Family(
        id="cross.message-wishlist-pick",
        sites=("shop", "forum"),
        skills=("compare", "form-fill", "cross-site"),
        intent_template="On the forum, send {{user}} a private message with the subject "
        '"{{subject}}" whose text is just the name of the {{extreme}} item on my shop wish '
        "list.",
        build=_message_wishlist_pick,
        confirm=_confirm_message_wishlist_pick,
        split="test",
        length=(10, 10),
        kind="state",
    ),
    Family(
        id="cross.wishlist-within-forum-score",
        sites=("forum", "shop"),
        skills=("sort", "filter", "cross-site"),
        intent_template="My budget in dollars is the number of points of the {{rank}} "
        "submission of {{period}} in the {{forum}} forum. Add to my shop wish list the most "
        "expensive product in the {{category}} category that costs no more than that.",
        build=_wishlist_within_score,
        confirm=_confirm_wishlist_within_score,
        length=(13, 13),
        kind="state",
    ),
]
