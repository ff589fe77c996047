"""Deterministic generation of the shop's world.

``generate(conn, seed)`` creates the tables from ``schema.sql`` and fills them:
a catalogue of 500+ products in 10 top-level categories, 60+ customers with
addresses, two years of orders, reviews, wish lists, carts and coupons. Every
random draw comes from :class:`~webenv.sites.core.rng.Rng`, so the same seed
gives byte-identical databases on every Python version. Seed 0 is the canonical
world that curated tasks are written against.
"""

from __future__ import annotations

import bisect
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import resources

from ..core import images
from ..core.auth import DEMO_PASSWORD, hash_password
from ..core.clock import WORLD_NOW, stamp
from ..core.rng import Rng
from ..core.slugs import slugify
from . import pictures, pricing, specs, words

DEMO_USERNAME = "emma.lopez"
"""The default task user (``users.id`` 1)."""

CUSTOMER_COUNT = 60
"""Customers besides the demo user."""

DEMO_ORDER_COUNT = 46
PRODUCTS_PER_SUBCATEGORY = (11, 14)
HISTORY_DAYS = 730

COUPONS = (
    # code, description, kind, amount, min subtotal (cents), expires_at
    ("SAVE10", "10% off your whole order", "percent", 10, 0, None),
    ("WELCOME5", "$5.00 off orders of $25.00 or more", "fixed", 500, 2500, None),
    ("SUMMER20", "20% off orders of $100.00 or more", "percent", 20, 10000, "2024-08-31 23:59:59"),
    ("BIG25", "$25.00 off orders of $150.00 or more", "fixed", 2500, 15000, None),
    (
        "SPRING15",
        "15% off (spring sale, ended May 31, 2024)",
        "percent",
        15,
        0,
        "2024-05-31 23:59:59",
    ),
)


@dataclass
class _Product:
    id: int
    category_id: int
    top: words.Category
    sub: words.Subcategory
    name: str
    brand: str
    noun: str
    qualifier: str
    sku: str
    price_cents: int
    sizes: list[str]
    colours: list[str]
    quality: float
    popularity: float
    created_at: datetime
    reviews: list[tuple] = field(default_factory=list)
    specs: list[specs.Spec] = field(default_factory=list)


@dataclass
class _User:
    id: int
    username: str
    first_name: str
    last_name: str
    created_at: datetime
    address_ids: list[int] = field(default_factory=list)
    default_address: int = 0


def _draw_moment(rng: Rng, start: datetime, end: datetime) -> datetime:
    """Return a moment between start and end, at a plausible shopping hour."""
    days = max((end - start).days, 1)
    day = start + timedelta(days=rng.randint(0, days - 1))
    moment = datetime(
        day.year, day.month, day.day, rng.randint(7, 22), rng.randint(0, 59), rng.randint(0, 59)
    )
    return min(max(moment, start), end)


def _price(rng: Rng, low: int, high: int) -> int:
    # Squaring skews prices towards the cheap end; no transcendental functions
    # so results cannot differ between platforms' maths libraries.
    dollars = low + int((high - low) * rng.random() ** 2)
    ending = rng.weighted((99, 49, 95, 0), (6, 2, 1, 1))
    if ending == 0:
        return (dollars + 1) * 100
    return dollars * 100 + ending


def _new_product(
    draw: Rng,
    product_id: int,
    top: words.Category,
    sub: words.Subcategory,
    sub_id: int,
    prefix: str,
    taken: tuple[set[str], set[str]],
) -> _Product:
    """Draw one product of ``sub`` whose name and SKU are not in ``taken`` (names, SKUs)."""
    names, skus = taken
    start, end = (
        WORLD_NOW - timedelta(days=HISTORY_DAYS + 500),
        WORLD_NOW - timedelta(days=HISTORY_DAYS + 1),
    )
    for attempt in range(200):
        brand = draw.choice(top.brands)
        qualifier = draw.choice(sub.qualifiers)
        noun = draw.choice(sub.nouns)
        name = f"{brand} {qualifier} {noun}"
        if attempt >= 100:  # a large world uses up the plain names: a series
            name = f"{name} {words.SERIES[attempt % len(words.SERIES)]}"
        if name not in names:
            break
    else:  # pragma: no cover - word lists are large enough
        raise RuntimeError(f"cannot make a new product name in {sub.name}")
    names.add(name)
    sku = f"{prefix}-{draw.randint(10000, 99999)}"
    while sku in skus:
        sku = f"{prefix}-{draw.randint(10000, 99999)}"
    skus.add(sku)
    sizes: list[str] = []
    if sub.sizes:
        size_scale = words.SIZE_SCALES[sub.sizes]
        first = draw.randint(0, 1)
        sizes = list(size_scale[first : len(size_scale) - draw.randint(0, 1)])
    colours: list[str] = []
    if sub.colours:
        picked = set(draw.sample(words.COLOURS, draw.randint(2, 5)))
        colours = [colour for colour in words.COLOURS if colour in picked]
    return _Product(
        id=product_id,
        category_id=sub_id,
        top=top,
        sub=sub,
        name=name,
        brand=brand,
        noun=noun,
        qualifier=qualifier,
        sku=sku,
        price_cents=_price(draw, *sub.price),
        sizes=sizes,
        colours=colours,
        quality=draw.uniform(2.2, 4.9),
        popularity=0.2 + 3 * draw.random() ** 2,
        created_at=_draw_moment(draw, start, end),
    )


def _catalogue(rng: Rng, extra_rng: Rng, scale: int) -> tuple[list[tuple], list[_Product]]:
    """The categories and products; a larger world (``scale`` > 1) keeps the canonical
    products (ids included) and adds ``scale - 1`` times as many from ``extra_rng``."""
    categories: list[tuple] = []
    products: list[_Product] = []
    taken: tuple[set[str], set[str]] = (set(), set())
    plan: list[tuple[words.Category, words.Subcategory, int, str, int]] = []
    for top_position, top in enumerate(words.CATEGORIES, start=1):
        top_id = len(categories) + 1
        categories.append(
            (top_id, None, slugify(top.name), top.name, top.description, top_position)
        )
        prefix = "".join(part[0] for part in re.findall(r"[A-Za-z]+", top.name))[:2].upper()
        if len(prefix) < 2:
            prefix = top.name[:2].upper()
        for sub_position, sub in enumerate(top.subcategories, start=1):
            sub_id = len(categories) + 1
            description = f"{sub.name} from {', '.join(top.brands[:3])} and more."
            categories.append(
                (sub_id, top_id, slugify(sub.name), sub.name, description, sub_position)
            )
            count = rng.randint(*PRODUCTS_PER_SUBCATEGORY)
            plan.append((top, sub, sub_id, prefix, count))
            for _ in range(count):
                products.append(
                    _new_product(rng, len(products) + 1, top, sub, sub_id, prefix, taken)
                )
    for top, sub, sub_id, prefix, count in plan:
        for _ in range(count * (scale - 1)):
            products.append(
                _new_product(extra_rng, len(products) + 1, top, sub, sub_id, prefix, taken)
            )
    return categories, products


def _description(rng: Rng, product: _Product) -> str:
    opener = rng.choice(words.DESCRIPTION_OPENERS).format(
        name=product.name, brand=product.brand, use=words.USES[product.top.name]
    )
    features = rng.sample(product.top.features, 2)
    return " ".join([opener, *(f"{feature}." for feature in features)])


def _users(rng: Rng) -> list[_User]:
    users = [_User(1, DEMO_USERNAME, "Emma", "Lopez", datetime(2021, 9, 14, 18, 22, 5))]
    seen = {("Emma", "Lopez")}
    start, end = datetime(2020, 1, 1), WORLD_NOW - timedelta(days=HISTORY_DAYS + 30)
    while len(users) < CUSTOMER_COUNT + 1:
        first, last = rng.choice(words.FIRST_NAMES), rng.choice(words.LAST_NAMES)
        if (first, last) in seen:
            continue
        seen.add((first, last))
        users.append(
            _User(
                len(users) + 1,
                f"{first}.{last}".lower(),
                first,
                last,
                _draw_moment(rng, start, end),
            )
        )
    return users


def _address(rng: Rng, address_id: int, user: _User, full_name: str) -> tuple:
    city, state, zip3, area = rng.choice(words.CITIES)
    street = (
        f"{rng.randint(12, 9899)} {rng.choice(words.STREET_NAMES)} {rng.choice(words.STREET_KINDS)}"
    )
    extra = rng.choice(words.ADDRESS_EXTRAS)
    if extra:
        street = f"{street}, {extra}"
    phone = f"({area}) 555-{rng.randint(100, 199):04d}"
    return (
        address_id,
        user.id,
        full_name,
        street,
        city,
        state,
        f"{zip3}{rng.randint(1, 99):02d}",
        "United States",
        phone,
        0,
    )


def _addresses(rng: Rng, users: list[_User]) -> list[tuple]:
    rows: list[tuple] = []
    for user in users:
        count = 4 if user.id == 1 else rng.weighted((1, 2, 3), (5, 3, 1))
        for index in range(count):
            full_name = f"{user.first_name} {user.last_name}"
            if index > 0 and rng.chance(0.4):
                full_name = f"{rng.choice(words.FIRST_NAMES)} {user.last_name}"
            row = _address(rng, len(rows) + 1, user, full_name)
            user.address_ids.append(row[0])
            rows.append(row)
        user.default_address = user.address_ids[0]
        first = rows[-count]
        rows[-count] = (*first[:-1], 1)
    return rows


def _status_for_age(rng: Rng, age: timedelta) -> str:
    days = age.total_seconds() / 86400
    if days < 2:
        return rng.weighted(("Pending", "Processing", "Canceled"), (70, 25, 5))
    if days < 5:
        return rng.weighted(("Pending", "Processing", "Shipped", "Canceled"), (15, 50, 30, 5))
    if days < 14:
        return rng.weighted(("Processing", "Shipped", "Complete", "Canceled"), (5, 60, 30, 5))
    return rng.weighted(("Complete", "Canceled"), (90, 10))


def _updated_at(rng: Rng, status: str, created: datetime) -> datetime:
    hours = {
        "Pending": 0,
        "Processing": rng.randint(1, 20),
        "Shipped": rng.randint(24, 72),
        "Complete": rng.randint(72, 200),
        "Canceled": rng.randint(1, 30),
    }[status]
    return min(created + timedelta(hours=hours), WORLD_NOW)


def _orders(
    rng: Rng, users: list[_User], products: list[_Product], addresses: list[tuple]
) -> tuple[list[tuple], list[tuple]]:
    cumulative: list[float] = []
    running = 0.0
    for product in products:
        running += product.popularity
        cumulative.append(running)
    coupons = {
        code: {"code": code, "kind": kind, "amount": amount}
        for code, _, kind, amount, _, _ in COUPONS
    }
    address_by_id = {row[0]: row for row in addresses}
    start = WORLD_NOW - timedelta(days=HISTORY_DAYS)
    drafts: list[tuple[datetime, int, str | None, list[tuple], tuple]] = []
    for user in users:
        if user.id == 1:
            moments = [
                _draw_moment(rng, start, WORLD_NOW - timedelta(days=20))
                for _ in range(DEMO_ORDER_COUNT - 3)
            ]
            recent = [
                (timedelta(hours=30), "Pending"),
                (timedelta(days=3, hours=5), "Processing"),
                (timedelta(days=8, hours=2), "Shipped"),
            ]
            plan: list[tuple[datetime, str | None]] = [(moment, None) for moment in moments]
            plan += [(WORLD_NOW - age, status) for age, status in recent]
        else:
            plan = [
                (_draw_moment(rng, max(start, user.created_at), WORLD_NOW), None)
                for _ in range(rng.randint(2, 18))
            ]
        for created, forced_status in plan:
            lines: list[tuple] = []
            chosen: set[int] = set()
            for _ in range(rng.weighted((1, 2, 3, 4), (45, 30, 15, 10))):
                index = bisect.bisect_right(cumulative, rng.random() * running)
                product = products[min(index, len(products) - 1)]
                if product.id in chosen:
                    continue
                chosen.add(product.id)
                size = rng.choice(product.sizes) if product.sizes else ""
                colour = rng.choice(product.colours) if product.colours else ""
                quantity = rng.weighted((1, 2, 3), (70, 20, 10))
                lines.append((product, size, colour, quantity))
            status = forced_status or _status_for_age(rng, WORLD_NOW - created)
            code = None
            if rng.chance(0.12):
                code = rng.weighted(("SAVE10", "WELCOME5", "BIG25"), (6, 3, 1))
            method = "express" if rng.chance(0.15) else "standard"
            if (user.id != 1 and rng.chance(0.3)) or (user.id == 1 and rng.chance(0.35)):
                address_id = rng.choice(user.address_ids)
            else:
                address_id = user.default_address
            address = address_by_id[address_id]
            updated = _updated_at(rng, status, created)
            subtotal = sum(product.price_cents * quantity for product, _, _, quantity in lines)
            coupon = coupons.get(code) if code else None
            if (code == "WELCOME5" and subtotal < 2500) or (code == "BIG25" and subtotal < 15000):
                coupon, code = None, None
            discount = pricing.discount_cents(coupon, subtotal)
            shipping = pricing.shipping_cents(method, subtotal - discount)
            header = (
                status,
                stamp(created),
                stamp(updated),
                sum(quantity for *_, quantity in lines),
                subtotal,
                discount,
                shipping,
                subtotal - discount + shipping,
                code,
                method,
                *address[2:9],
            )
            drafts.append((created, user.id, code, lines, header))
    drafts.sort(key=lambda draft: (draft[0], draft[1]))
    orders: list[tuple] = []
    items: list[tuple] = []
    for order_id, (_, user_id, _, lines, header) in enumerate(drafts, start=1):
        orders.append((order_id, order_number(order_id), user_id, *header))
        for product, size, colour, quantity in lines:
            items.append(
                (
                    len(items) + 1,
                    order_id,
                    product.id,
                    product.name,
                    product.sku,
                    size,
                    colour,
                    product.price_cents,
                    quantity,
                    product.price_cents * quantity,
                )
            )
    return orders, items


def order_number(order_id: int) -> str:
    """Return the customer-facing number of the order with ``order_id``."""
    return str(100000 + order_id)


def _lower_noun(noun: str) -> str:
    """Lower-case a noun for use mid-sentence, keeping acronyms such as USB-C and SPF."""
    return " ".join(
        word if sum(char.isupper() for char in word) > 1 else word.lower() for word in noun.split()
    )


def _sentiment(rating: int) -> str:
    return "positive" if rating >= 4 else "mixed" if rating == 3 else "negative"


def _review_body(rng: Rng, product: _Product, rating: int, aspects: list[str]) -> str:
    """A review that talks about the product's type, the ``aspects`` and one attribute."""
    mood = _sentiment(rating)
    plural = product.noun.endswith("s") and not product.noun.endswith("ss")
    specs = {spec.code: spec.value for spec in product.specs}
    values = {
        "noun": _lower_noun(product.noun),
        "brand": product.brand,
        "price": pricing.format_money(product.price_cents),
        "is": "are" if plural else "is",
        "does": "do" if plural else "does",
        "context": rng.choice(words.REVIEW_CONTEXTS[product.top.name]),
        "duration": rng.choice(words.REVIEW_DURATIONS),
        "when": rng.choice(words.REVIEW_MOMENTS),
        "material": specs.get("material", "").lower(),
        "capacity": specs.get("capacity", ""),
        "weight": specs.get("weight", ""),
        "dimensions": specs.get("dimensions", ""),
        "pack": specs.get("pack_size", "").removeprefix("Pack of "),
        "size": rng.choice(product.sizes) if product.sizes else "",
        "colour": (rng.choice(product.colours) if product.colours else "").lower(),
    }
    about: list[str] = [
        code for code in ("material", "capacity", "weight", "dimensions") if code in specs
    ]
    if specs.get("pack_size", "Single item") != "Single item":
        about.append("pack_size")
    if product.sizes and product.colours:
        about.append("fit")
    elif product.colours:
        about.append("colour")
    sentences = [rng.choice(words.REVIEW_OPENERS[mood])]
    sentences += [
        rng.choice(words.REVIEW_JUDGEMENTS[mood]).replace("{aspect}", aspect) for aspect in aspects
    ]
    if about and rng.chance(0.8):
        sentences.append(rng.choice(words.REVIEW_ATTRIBUTE_CLAUSES[rng.choice(about)][mood]))
    if rng.chance(0.6):
        sentences.append(rng.choice(words.REVIEW_CLOSERS[mood]))
    text = " ".join(sentence.format(**values) for sentence in sentences)
    return text[:1].upper() + text[1:]


def _reviews(rng: Rng, text_rng: Rng, users: list[_User], products: list[_Product]) -> list[tuple]:
    rows: list[tuple] = []
    for product in products:
        count = int(rng.random() ** 1.5 * 16)
        reviewers = rng.sample(users, count)
        for user in reviewers:
            weights = [1 / (1 + 2 * (stars - product.quality) ** 2) for stars in range(1, 6)]
            rating = rng.weighted((1, 2, 3, 4, 5), weights)
            created = _draw_moment(rng, max(product.created_at, user.created_at), WORLD_NOW)
            aspects = rng.sample(words.REVIEW_ASPECTS[product.top.name], rng.randint(1, 3))
            body = _review_body(text_rng, product, rating, aspects)
            product.reviews.append((rating, created))
            rows.append(
                (
                    0,
                    product.id,
                    user.id,
                    rating,
                    rng.choice(words.REVIEW_TITLES[rating]),
                    body,
                    stamp(created),
                    default_nickname(user.first_name, user.last_name),
                )
            )
    rows.sort(key=lambda row: (row[6], row[1], row[2]))
    return [(review_id, *row[1:]) for review_id, row in enumerate(rows, start=1)]


def _pictures(seed: int, categories: list[tuple], products: list[_Product]) -> tuple[list, list]:
    """Product photo and category banner rows, from their own random stream.

    A stream of their own keeps every other table of a world as it was before photos.
    """
    rng = Rng(f"shop-images:{seed}")
    photos: list[tuple] = []
    for product in products:
        item = pictures.describe(product.qualifier, product.noun)
        kind = pictures.kind_for(product.noun, product.top.name)
        for row in pictures.photo_rows(rng, item, kind, product.colours):
            photos.append((len(photos) + 1, product.id, *row))
    banners = []
    for category_id, _parent, _slug, name, _description, _position in categories:
        background, accent = rng.sample(images.AVATAR_COLOURS, 2)
        banners.append((category_id, background, accent, f"{name} category banner"))
    return photos, banners


def default_nickname(first_name: str, last_name: str) -> str:
    """The nickname a customer's review form starts with: first name, last initial."""
    return f"{first_name} {last_name[:1]}."


def average_rating(total: int, count: int) -> float:
    """Return the displayed average rating: one decimal, 0 without reviews."""
    return round(total / count, 1) if count else 0.0


def generate(
    conn: sqlite3.Connection, seed: int = 0, *, scale: int = 1, back_office: bool = True
) -> None:
    """Create the shop's tables and fill them with the world of ``seed``.

    Args:
        conn: An empty (or disposable) database; existing shop tables are dropped.
        seed: The world seed; 0 is the canonical world tasks are written against.
        scale: Size multiplier: ``scale`` times as many products (and so reviews).
        back_office: Whether to fill the back office's tables too
            (:func:`webenv.sites.shop.admin.datagen.generate`, from its own random
            stream: the storefront's rows are the same either way).
    """
    rng = Rng(f"shop:{seed}")
    catalogue_rng, users_rng, orders_rng = (
        rng.fork("catalogue"),
        rng.fork("users"),
        rng.fork("orders"),
    )
    reviews_rng, lists_rng = rng.fork("reviews"), rng.fork("lists")
    specs_rng, review_text_rng = rng.fork("specs"), rng.fork("review text")
    scale_rng = rng.fork("scale")
    conn.executescript(resources.files(__package__).joinpath("schema.sql").read_text())

    categories, products = _catalogue(catalogue_rng, scale_rng, scale)
    for product in products:
        product.specs = specs.draw_specs(
            specs_rng, product.sub.name, product.qualifier, product.created_at.date()
        )
    descriptions = [_description(catalogue_rng, product) for product in products]
    featured = set(catalogue_rng.sample([product.id for product in products], 16))
    users = _users(users_rng)
    addresses = _addresses(users_rng, users)
    orders, order_items = _orders(orders_rng, users, products, addresses)
    reviews = _reviews(reviews_rng, review_text_rng, users, products)

    wishlist: list[tuple] = []
    cart: list[tuple] = []
    for user in users:
        count = 4 if user.id == 1 else lists_rng.weighted((0, 1, 2, 3, 5), (4, 2, 2, 1, 1))
        for product in lists_rng.sample(products, count):
            added = _draw_moment(lists_rng, WORLD_NOW - timedelta(days=120), WORLD_NOW)
            wishlist.append((len(wishlist) + 1, user.id, product.id, stamp(added)))
        if user.id != 1 and lists_rng.chance(0.25):
            for product in lists_rng.sample(products, lists_rng.randint(1, 3)):
                size = lists_rng.choice(product.sizes) if product.sizes else ""
                colour = lists_rng.choice(product.colours) if product.colours else ""
                added = _draw_moment(lists_rng, WORLD_NOW - timedelta(days=14), WORLD_NOW)
                cart.append(
                    (
                        len(cart) + 1,
                        user.id,
                        product.id,
                        size,
                        colour,
                        lists_rng.randint(1, 2),
                        stamp(added),
                    )
                )

    conn.executemany("INSERT INTO categories VALUES (?, ?, ?, ?, ?, ?)", categories)
    product_rows = []
    for product, description in zip(products, descriptions, strict=True):
        total = sum(rating for rating, _ in product.reviews)
        count = len(product.reviews)
        product_rows.append(
            (
                product.id,
                product.category_id,
                product.sku,
                slugify(product.name),
                product.name,
                product.brand,
                product.price_cents,
                description,
                ",".join(product.sizes),
                ",".join(product.colours),
                int(product.id in featured),
                count,
                total,
                average_rating(total, count),
                stamp(product.created_at),
            )
        )
    conn.executemany(
        "INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", product_rows
    )
    conn.executemany(
        "INSERT INTO spec_attributes VALUES (?, ?, ?, ?)",
        [
            (code, label, position, int(filterable))
            for position, (code, label, filterable) in enumerate(words.SPEC_ATTRIBUTES, start=1)
        ],
    )
    conn.executemany(
        "INSERT INTO product_specs VALUES (?, ?, ?)",
        [(product.id, spec.code, spec.value) for product in products for spec in product.specs],
    )
    conn.executemany(
        "INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, 0)",
        [
            (
                user.id,
                user.username,
                hash_password(DEMO_PASSWORD, user.username),
                user.first_name,
                user.last_name,
                f"{user.username}@{users_rng.choice(_EMAIL_DOMAINS)}",
                0 if user.id == 1 else int(users_rng.chance(0.4)),
                stamp(user.created_at),
            )
            for user in users
        ],
    )
    conn.executemany("INSERT INTO addresses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", addresses)
    conn.executemany(
        "INSERT INTO coupons VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(index, *coupon) for index, coupon in enumerate(COUPONS, start=1)],
    )
    conn.executemany(
        "INSERT INTO orders VALUES (" + ", ".join("?" * 20) + ")",
        orders,
    )
    conn.executemany("INSERT INTO order_items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", order_items)
    conn.executemany("INSERT INTO reviews VALUES (?, ?, ?, ?, ?, ?, ?, ?)", reviews)
    conn.executemany("INSERT INTO wishlist_items VALUES (?, ?, ?, ?)", wishlist)
    conn.executemany("INSERT INTO cart_items VALUES (?, ?, ?, ?, ?, ?, ?)", cart)
    photos, banners = _pictures(seed, categories, products)
    conn.executemany("INSERT INTO product_images VALUES (?, ?, ?, ?, ?, ?, ?, ?)", photos)
    conn.executemany("INSERT INTO category_banners VALUES (?, ?, ?, ?)", banners)
    if back_office:
        from .admin import datagen as admin_datagen

        admin_datagen.generate(conn, seed)
    conn.commit()


_EMAIL_DOMAINS = ("example.com", "example.org", "example.net")
