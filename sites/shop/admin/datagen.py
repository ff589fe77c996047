"""Deterministic generation of the back office's data, after the storefront's.

:func:`generate` runs at the end of :func:`webenv.sites.shop.datagen.generate`. It only
reads the storefront's tables and draws from its own random stream (``shop-admin:<seed>``),
so every storefront row is the same with or without it. It writes staff users, billing
details, order status histories, invoices, shipments, the search-term log, product view
counts, product attributes (status, visibility, special price), stock, reviews awaiting
moderation, CMS pages, customer groups and Contact Us messages.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

from ...core.auth import DEMO_PASSWORD, hash_password
from ...core.clock import WORLD_NOW, stamp
from ...core.rng import Rng
from .. import words
from . import roles

STAFF = (
    # username, first name, last name, role, active
    ("admin", "Jordan", "Reyes", roles.ADMINISTRATORS, 1),
    ("olivia.hart", "Olivia", "Hart", roles.ADMINISTRATORS, 1),
    ("sam.patel", "Sam", "Patel", roles.CATALOG_MANAGERS, 1),
    ("lee.morgan", "Lee", "Morgan", roles.CATALOG_MANAGERS, 0),
)
"""The staff users of every world (password :data:`~webenv.sites.core.auth.DEMO_PASSWORD`)."""

STAFF_TASK_USER = "admin"
"""The staff user admin tasks log in as (an administrator)."""

CARRIERS = ("UPS", "USPS", "FedEx", "DHL")
"""The carriers a shipment may name."""

PAYMENT_METHODS = ("Credit Card", "PayPal", "Check / Money order")
"""How an order may be paid; an order without billing details shows :data:`DEFAULT_PAYMENT`."""
DEFAULT_PAYMENT = "Check / Money order"

INVOICE_BASE = 200000
SHIPMENT_BASE = 300000
SEARCH_TERM_COUNT = 80
CUSTOMER_GROUPS = ("General", "Wholesale", "Retailer")
"""The customer groups by id order (1 is General, every customer's default)."""
QUEUED_REVIEWS = 32
"""Reviews written but not published: awaiting moderation or rejected."""
LOW_STOCK_QTY = 10
"""A product with fewer in stock is low on stock (the low-stock report's threshold)."""


def invoice_number(invoice_id: int) -> str:
    """The number shown for the invoice with ``invoice_id``."""
    return str(INVOICE_BASE + invoice_id)


def shipment_number(shipment_id: int) -> str:
    """The number shown for the shipment with ``shipment_id``."""
    return str(SHIPMENT_BASE + shipment_id)


def tracking_number(rng: Rng, carrier: str) -> str:
    """A tracking number in the shape ``carrier`` uses."""
    digits = "0123456789"
    if carrier == "UPS":
        alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
        return "1Z" + "".join(rng.choice(alphabet) for _ in range(16))
    length = {"USPS": 22, "FedEx": 12, "DHL": 10}[carrier]
    return "".join(rng.choice(digits) for _ in range(length))


def _between(start: datetime, end: datetime, fraction: float) -> str:
    return stamp(start + timedelta(seconds=int((end - start).total_seconds() * fraction)))


def _staff(conn: sqlite3.Connection) -> None:
    conn.executemany(
        "INSERT INTO staff_users VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
        [
            (
                index,
                username,
                hash_password(DEMO_PASSWORD, username),
                first,
                last,
                f"{username}@harborgoods.example",
                role,
                active,
                stamp(datetime(2021, 3, 1, 9, 0, 0) + timedelta(days=40 * index)),
            )
            for index, (username, first, last, role, active) in enumerate(STAFF, start=1)
        ],
    )


def _orders(conn: sqlite3.Connection, rng: Rng) -> None:
    defaults = {
        row[0]: row[1:]
        for row in conn.execute(
            "SELECT user_id, full_name, street, city, state, postcode, country, phone"
            " FROM addresses WHERE is_default = 1"
        )
    }
    billing: list[tuple] = []
    history: list[tuple] = []
    invoices: list[tuple] = []
    shipments: list[tuple] = []
    for order in conn.execute("SELECT * FROM orders ORDER BY id").fetchall():
        order_id, status = order["id"], order["status"]
        created = datetime.fromisoformat(order["created_at"])
        updated = datetime.fromisoformat(order["updated_at"])
        payment = rng.weighted(PAYMENT_METHODS, (6, 3, 1))
        shipping = tuple(order[f"ship_{name}"] for name in ("name", "street", "city", "state"))
        shipping += tuple(order[f"ship_{name}"] for name in ("postcode", "country", "phone"))
        address = shipping
        if rng.chance(0.2) and order["user_id"] in defaults:
            address = defaults[order["user_id"]]
        billing.append((order_id, payment, *address))
        history.append((order_id, "Pending", "Order placed.", 1, "", stamp(created)))
        if status in ("Processing", "Shipped", "Complete"):
            fraction = {"Processing": 1.0, "Shipped": 0.25, "Complete": 1 / 6}[status]
            moment = _between(created, updated, fraction)
            number = invoice_number(len(invoices) + 1)
            invoices.append(
                (len(invoices) + 1, number, order_id, "Paid", order["total_cents"], moment)
            )
            history.append(
                (
                    order_id,
                    "Processing",
                    f"Invoice #{number} created; payment captured.",
                    0,
                    "",
                    moment,
                )
            )
        if status in ("Shipped", "Complete"):
            moment = stamp(updated) if status == "Shipped" else _between(created, updated, 0.5)
            carrier = rng.weighted(CARRIERS, (4, 3, 2, 1))
            tracking = tracking_number(rng, carrier)
            number = shipment_number(len(shipments) + 1)
            shipments.append(
                (
                    len(shipments) + 1,
                    number,
                    order_id,
                    carrier,
                    tracking,
                    order["item_count"],
                    moment,
                )
            )
            history.append(
                (
                    order_id,
                    "Shipped",
                    f"Shipment #{number} sent with {carrier}, tracking number {tracking}.",
                    1,
                    "",
                    moment,
                )
            )
        if status == "Complete":
            history.append(
                (order_id, "Complete", "Delivered to the customer.", 0, "", stamp(updated))
            )
        if status == "Canceled":
            history.append((order_id, "Canceled", "Order canceled.", 1, "", stamp(updated)))
    conn.executemany("INSERT INTO order_billing VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", billing)
    history.sort(key=lambda entry: (entry[5], entry[0]))
    conn.executemany(
        "INSERT INTO order_status_history (order_id, status, comment, is_customer_notified,"
        " author, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        history,
    )
    conn.executemany("INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?)", invoices)
    conn.executemany("INSERT INTO shipments VALUES (?, ?, ?, ?, ?, ?, ?)", shipments)


def _search_terms(conn: sqlite3.Connection, rng: Rng) -> None:
    from ..availability import PRODUCTS
    from ..catalog import search_conditions

    pool: list[str] = []
    for top in words.CATEGORIES:
        pool.append(top.name.lower())
        pool.extend(brand.lower() for brand in top.brands[:3])
        for sub in top.subcategories:
            pool.extend(noun.lower() for noun in sub.nouns[:2])
            pool.append(f"{sub.qualifiers[0]} {sub.nouns[0]}".lower())
    pool.extend(("gift card", "free shipping", "returns", "xmas lights", "bluetooth speakr"))
    queries = sorted(set(pool))
    rng.shuffle(queries)
    rows = []
    start = WORLD_NOW - timedelta(days=90)
    for query in queries[:SEARCH_TERM_COUNT]:
        where, params = search_conditions(query)
        found = conn.execute(
            f"SELECT COUNT(*) FROM {PRODUCTS} WHERE {' AND '.join(where)}", params
        ).fetchone()[0]
        uses = 1 + int(rng.random() ** 3 * 240)
        moment = start + timedelta(seconds=int(rng.random() * 90 * 86400))
        rows.append((query, found, uses, stamp(moment)))
    rows.sort(key=lambda row: (row[3], row[0]))
    conn.executemany(
        "INSERT INTO search_terms (query, num_results, uses, updated_at) VALUES (?, ?, ?, ?)", rows
    )


def _stock(conn: sqlite3.Connection, rng: Rng) -> None:
    # Every generated product is enabled, visible, in stock and without a special price:
    # the storefront's pages and existing tasks stay valid once it honours these fields.
    # Some quantities are low (under LOW_STOCK_QTY) for the low-stock report.
    product_ids = [row[0] for row in conn.execute("SELECT id FROM products ORDER BY id")]
    conn.executemany(
        "INSERT INTO product_attributes (product_id) VALUES (?)", [(pid,) for pid in product_ids]
    )
    rows = []
    for product_id in product_ids:
        qty = rng.randint(1, LOW_STOCK_QTY - 1) if rng.chance(0.08) else rng.randint(20, 400)
        rows.append((product_id, qty, 1))
    conn.executemany("INSERT INTO stock_items VALUES (?, ?, ?)", rows)


def _review_queue(conn: sqlite3.Connection, rng: Rng) -> None:
    from .. import pricing
    from ..datagen import _lower_noun, default_nickname

    products = conn.execute(
        "SELECT id, name, brand, price_cents FROM products ORDER BY id"
    ).fetchall()
    users = [
        tuple(row)
        for row in conn.execute("SELECT id, first_name, last_name FROM users ORDER BY id")
    ]
    taken = {tuple(row) for row in conn.execute("SELECT product_id, user_id FROM reviews")}
    rows: list[tuple] = []
    start = WORLD_NOW - timedelta(days=30)
    while len(rows) < QUEUED_REVIEWS:
        product, user = rng.choice(products), rng.choice(users)
        if (product["id"], user[0]) in taken:
            continue
        taken.add((product["id"], user[0]))
        rating = rng.weighted((1, 2, 3, 4, 5), (2, 2, 3, 4, 4))
        noun = product["name"].split()[-1]
        plural = noun.endswith("s") and not noun.endswith("ss")
        fill = {
            "noun": _lower_noun(noun),
            "brand": product["brand"],
            "price": pricing.format_money(product["price_cents"]),
            "is": "are" if plural else "is",
            "does": "do" if plural else "does",
        }
        sentences = rng.sample(words.REVIEW_SENTENCES[rating], rng.randint(1, 3))
        moment = start + timedelta(seconds=int(rng.random() * 30 * 86400))
        rows.append(
            (
                product["id"],
                user[0],
                rating,
                rng.choice(words.REVIEW_TITLES[rating]),
                " ".join(sentence.format(**fill) for sentence in sentences),
                stamp(moment),
                "Not Approved" if rng.chance(0.25) else "Pending",
                default_nickname(user[1], user[2]),
            )
        )
    rows.sort(key=lambda row: (row[5], row[0], row[1]))
    conn.executemany(
        "INSERT INTO review_queue (product_id, user_id, rating, title, body, created_at, status,"
        " nickname) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


CMS_PAGES = (
    # title, URL key, content, active
    (
        "About Us",
        "about-us",
        "Harbor Goods has sold homeware, clothing and electronics online since 2019. We pick"
        " every product ourselves and ship from our own warehouse.",
        1,
    ),
    (
        "Customer Service",
        "customer-service",
        "Questions about an order? Write to help@harborgoods.example or call (555) 010-0199,"
        " Monday to Friday, 9 AM to 5 PM.",
        1,
    ),
    (
        "Shipping and Returns",
        "shipping-returns",
        "Standard shipping is free on orders over $50.00. You may return any unused item within"
        " 30 days of delivery for a full refund.",
        1,
    ),
    (
        "Privacy Policy",
        "privacy-policy",
        "We use your details only to process your orders and, if you subscribe, to send our"
        " newsletter. We never sell them.",
        1,
    ),
    (
        "Holiday Gift Guide",
        "holiday-gift-guide",
        "Our favourite gifts for everyone on your list, from cosy throws to wireless speakers.",
        0,
    ),
)
"""The CMS pages of every world (the last one disabled)."""


def _customer_groups(conn: sqlite3.Connection, rng: Rng) -> None:
    conn.executemany(
        "INSERT INTO customer_groups VALUES (?, ?)",
        list(enumerate(CUSTOMER_GROUPS, start=1)),
    )
    rows = [
        (user_id, 1 if user_id == 1 else rng.weighted((1, 2, 3), (75, 15, 10)))
        for (user_id,) in conn.execute("SELECT id FROM users ORDER BY id").fetchall()
    ]
    conn.executemany("INSERT INTO customer_group_members VALUES (?, ?)", rows)


def _cms_pages(conn: sqlite3.Connection) -> None:
    conn.executemany(
        "INSERT INTO cms_pages VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (index, title, key, content, active, stamp(moment), stamp(moment))
            for index, (title, key, content, active) in enumerate(CMS_PAGES, start=1)
            for moment in [datetime(2022, 1, 10, 10, 0, 0) + timedelta(days=97 * index)]
        ],
    )


def _product_views(conn: sqlite3.Connection, rng: Rng) -> None:
    ordered = dict(
        conn.execute(
            "SELECT product_id, SUM(quantity) FROM order_items GROUP BY product_id"
        ).fetchall()
    )
    rows = []
    for (product_id,) in conn.execute("SELECT id FROM products ORDER BY id").fetchall():
        views = int(rng.random() ** 2 * 120) + 9 * ordered.get(product_id, 0)
        rows.append((product_id, views))
    conn.executemany("INSERT INTO product_views VALUES (?, ?)", rows)


def _contact_messages(conn: sqlite3.Connection, rng: Rng) -> None:
    """One Contact Us message per template, from customers about one of their orders
    (and a few guests who ask about a product), over the last 60 days."""
    orders = conn.execute(
        "SELECT o.id, o.number, o.user_id, o.created_at,"
        " u.first_name || ' ' || u.last_name AS name, u.email"
        " FROM orders o JOIN users u ON u.id = o.user_id ORDER BY o.id"
    ).fetchall()
    guests = list(words.CONTACT_GUESTS)
    rows: list[tuple] = []
    start = WORLD_NOW - timedelta(days=60)
    for template in words.CONTACT_MESSAGES:
        moment = stamp(start + timedelta(seconds=int(rng.random() * 60 * 86400)))
        order = rng.choice([order for order in orders if order["created_at"] < moment])
        product = conn.execute(
            "SELECT product_name FROM order_items WHERE order_id = ? ORDER BY id LIMIT 1",
            (order["id"],),
        ).fetchone()[0]
        sender: tuple = (order["user_id"], order["name"], order["email"])
        if "{order}" not in template and guests and rng.chance(0.5):
            sender = (None, *guests.pop(0))
        phone = f"(555) 01{rng.randint(0, 9)}-{rng.randint(1000, 9999)}" if rng.chance(0.5) else ""
        comment = template.format(order=order["number"], product=product)
        rows.append((*sender, phone, comment, moment))
    rows.sort(key=lambda row: row[-1])
    conn.executemany(
        "INSERT INTO contact_messages (user_id, name, email, telephone, comment, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )


def generate(conn: sqlite3.Connection, seed: int) -> None:
    """Fill the back office's tables of a database the storefront's generator just filled.

    Args:
        conn: The shop database, its storefront tables already generated for ``seed``.
        seed: The world seed.
    """
    rng = Rng(f"shop-admin:{seed}")
    orders_rng, search_rng, views_rng = rng.fork("orders"), rng.fork("search"), rng.fork("views")
    stock_rng, reviews_rng = rng.fork("stock"), rng.fork("reviews")
    groups_rng, contact_rng = rng.fork("groups"), rng.fork("contact")
    factory, conn.row_factory = conn.row_factory, sqlite3.Row
    try:
        _staff(conn)
        _orders(conn, orders_rng)
        _search_terms(conn, search_rng)
        _product_views(conn, views_rng)
        _stock(conn, stock_rng)
        _review_queue(conn, reviews_rng)
        _cms_pages(conn)
        _customer_groups(conn, groups_rng)
        _contact_messages(conn, contact_rng)
    finally:
        conn.row_factory = factory
