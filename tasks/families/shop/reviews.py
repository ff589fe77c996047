"""Shop families over product reviews: which reviewers of a product mention a word, and
reviewing the product of a brand a customer ordered most recently (infeasible when they
have already reviewed it)."""

from __future__ import annotations

import re
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    infeasible,
    infeasible_eval,
    search,
    select,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.shop._common import (
    STARS,
    Order,
    customers,
    has_review,
    on_first_search_page,
    orders,
    pending_review_checks,
    to_order,
    user_id,
)

# --- reviewers who mention a word ---------------------------------------------------------------


def _reviews_of(ctx: Context, product_id: int) -> list[tuple[str, str, str]]:
    """(reviewer as the page shows them, title, body), newest first as the page lists them."""
    rows = ctx.data.query(
        "shop",
        "SELECT r.nickname, r.title, r.body FROM reviews r"
        " WHERE r.product_id = ? ORDER BY r.created_at DESC, r.id DESC",
        (product_id,),
    )
    return [(nickname, title, body) for nickname, title, body in rows]


def _mentions(word: str, title: str, body: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", f"{title} {body}", re.IGNORECASE) is not None


def _reviewers_mentioning(ctx: Context) -> Draft | None:
    rows = ctx.data.query(
        "shop", "SELECT id, name FROM products WHERE review_count >= 3 ORDER BY id"
    )
    if not rows:
        return None
    product_id, name = ctx.rng.choice(rows)
    reviews = _reviews_of(ctx, product_id)
    words = sorted(
        {
            w.lower()
            for _, title, body in reviews
            for w in re.findall(r"[A-Za-z]{5,}", f"{title} {body}")
        }
    )
    word = ctx.rng.choice(words)
    who = [reviewer for reviewer, title, body in reviews if _mentions(word, title, body)]
    if not 1 <= len(who) <= 4 or len(who) == len(reviews) or len(set(who)) < len(who):
        return None  # too many to list, everyone, or two reviewers the page shows alike
    if not on_first_search_page(ctx.data, name, product_id):
        return None
    return Draft(
        values={"product": name, "word": word},
        eval=answer_eval(who, "list"),
        solution=[search(name), click(name), stop(", ".join(who))],
        answer=who,
    )


def _confirm_reviewers_mentioning(ctx: Context, values: dict[str, Any]) -> list[str]:
    """Tokenize every review of the product in Python (no regex word boundaries)."""
    rows = ctx.data.query(
        "shop",
        "SELECT r.nickname, r.title, r.body, r.created_at, r.id FROM reviews r, products p"
        " WHERE p.id = r.product_id AND p.name = ?",
        (values["product"],),
    )
    rows.sort(key=lambda r: (r[3], r[4]), reverse=True)
    found = []
    for nickname, title, body, *_ in rows:
        tokens = "".join(c if c.isalpha() else " " for c in f"{title} {body}".lower()).split()
        if values["word"] in tokens:
            found.append(nickname)
    return found


# --- review the product of a brand I ordered most recently --------------------------------------

_TITLES = (
    "Solid choice",
    "Happy with it",
    "Not what I hoped",
    "Great value",
    "Works as promised",
    "Could be better",
)
_BODIES = (
    "It does what it says and has held up well so far.",
    "The quality is fine for the price, but shipping took a while.",
    "I would recommend it to a friend without hesitation.",
    "It looked different from the photos, though it works.",
    "Exactly what I needed; I use it every week.",
    "Sturdy, simple and easy to clean.",
)
_MAX_ORDERS_OPENED = 5


def _latest_of_brand(
    ctx: Context, username: str, brand: str
) -> tuple[list[Order], tuple[int, str] | None]:
    """The orders a person opens, newest first, until one includes a product of ``brand``,
    and that product ((id, name); None when no order has one, or that order has two)."""
    history = orders(ctx.data, username)
    opened: list[Order] = []
    for order in history:
        opened.append(order)
        lines = ctx.data.query(
            "shop",
            "SELECT DISTINCT i.product_id, i.product_name FROM order_items i JOIN orders o "
            "ON o.id = i.order_id JOIN products p ON p.id = i.product_id "
            "WHERE o.number = ? AND p.brand = ?",
            (order.number, brand),
        )
        if lines:
            return opened, (lines[0] if len(lines) == 1 else None)
    return opened, None


def _review_latest_brand(ctx: Context) -> Draft | None:
    username = ctx.rng.choice(customers(ctx.data))
    uid = user_id(ctx.data, username)
    brands = [
        brand
        for (brand,) in ctx.data.query(
            "shop",
            "SELECT DISTINCT p.brand FROM orders o JOIN order_items i ON i.order_id = o.id "
            "JOIN products p ON p.id = i.product_id WHERE o.user_id = ? ORDER BY p.brand",
            (uid,),
        )
    ]
    if not brands:
        return None
    brand = ctx.rng.choice(brands)
    opened, found = _latest_of_brand(ctx, username, brand)
    if found is None or len(opened) > _MAX_ORDERS_OPENED:
        return None  # two of the brand's products in one order, or too deep in the history
    product_id, name = found
    history = orders(ctx.data, username)
    steps = [step for order in opened for step in to_order(history, order)]
    steps.append(click(name))
    stars = ctx.rng.choice(sorted(STARS))
    title, body = ctx.rng.choice(_TITLES), ctx.rng.choice(_BODIES)
    values = {
        "brand": brand,
        "stars": STARS[stars],
        "title": title,
        "body": body,
        "customer": username,
    }
    if has_review(ctx.data, uid, product_id):
        reason = f"I have already reviewed {name}; the shop takes one review per product."
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(reason)],
            answer="N/A",
            login={"shop": username},
        )
    match = f"rating = {stars} AND {text_is('title', title)} AND {text_is('body', body)}"
    return Draft(
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
        answer=name,
        login={"shop": username},
    )


def _confirm_review_latest_brand(ctx: Context, values: dict[str, Any]) -> str:
    """The newest order line whose product name starts with the brand (names carry their
    brand), picked in Python; N/A when the customer already reviewed it."""
    rows = ctx.data.query(
        "shop",
        "SELECT i.product_id, i.product_name, o.created_at, o.id FROM order_items i, orders o, "
        "users u WHERE o.id = i.order_id AND u.id = o.user_id AND u.username = ?",
        (values["customer"],),
    )
    mine = [r for r in rows if r[1].startswith(values["brand"] + " ")]
    product_id, name, *_ = max(mine, key=lambda r: (r[2], r[3]))
    reviewed = ctx.data.query(
        "shop",
        "SELECT 1 FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.username = ? "
        "AND r.product_id = ? UNION ALL SELECT 1 FROM review_queue q JOIN users u"
        " ON u.id = q.user_id WHERE u.username = ? AND q.product_id = ? AND q.status = 'Pending'",
        (values["customer"], product_id, values["customer"], product_id),
    )
    return "N/A" if reviewed else name


FAMILIES = [
    Family(
        id="shop.reviewers-mentioning-word",
        sites=("shop",),
        skills=("search",),
        intent_template='Which reviewers of the {{product}} mention the word "{{word}}" in '
        "their review? List them as the shop shows their names.",
        build=_reviewers_mentioning,
        confirm=_confirm_reviewers_mentioning,
        length=(4, 4),
        kind="info",
    ),
    Family(
        id="shop.review-latest-of-brand",
        sites=("shop",),
        skills=("paginate", "form-fill"),
        intent_template="Review the {{brand}} product I ordered most recently: {{stars}}, "
        'titled "{{title}}", saying "{{body}}".',
        build=_review_latest_brand,
        confirm=_confirm_review_latest_brand,
        length=(5, 42),
        kind="mixed",
    ),
]
