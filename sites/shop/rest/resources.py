"""The REST API's JSON shapes of the shop's rows, in Magento 2's field names.

Money is in dollars (``41.97``), timestamps are the world clock's
``YYYY-MM-DD HH:MM:SS`` (as Magento writes them), ids are integers. Where the shop
keeps something Magento does not have, it sits in ``extension_attributes`` (Magento's
own place for additions). What a customer may see of a product follows the storefront
(:mod:`~webenv.sites.shop.availability`); staff see everything, as in the back office.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from ...core.db import RowLike, get_db
from .. import availability, pricing
from ..admin import orders as admin_orders
from ..admin.datagen import CUSTOMER_GROUPS
from ..cart import CartSummary
from ..product import options
from .criteria import Field

STATUS_ENABLED, STATUS_DISABLED = 1, 2
VISIBILITY_CODES = {
    "Not Visible Individually": 1,
    "Catalog": 2,
    "Search": 3,
    "Catalog, Search": 4,
}
"""Magento's visibility numbers by the back office's visibility names."""
COUNTRY_CODES = {"United States": "US"}
"""Magento's ``country_id`` by the country names addresses hold (others pass through)."""
PAYMENT_CODES = {"Check / Money order": "checkmo", "Credit Card": "braintree", "PayPal": "paypal"}
"""Magento's payment method codes by the back office's payment names."""
ON_HOLD_CODE = "holded"


def money(cents: int | None) -> float | None:
    """Cents as dollars (None stays None)."""
    return None if cents is None else cents / 100


def _attributes(pairs: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        {"attribute_code": code, "value": value} for code, value in pairs.items() if value != ""
    ]


# --- products ---------------------------------------------------------------------------

PRODUCT_SOURCE = (
    "products p LEFT JOIN product_attributes pa ON pa.product_id = p.id"
    " LEFT JOIN stock_items si ON si.product_id = p.id"
)
"""Products ``p`` with attributes ``pa`` and stock ``si`` (what :data:`PRODUCT_FIELDS` read)."""
TYPE_SQL = "CASE WHEN p.sizes != '' OR p.colours != '' THEN 'configurable' ELSE 'simple' END"
_STATUS_SQL = f"CASE WHEN {availability.ENABLED} THEN 1 ELSE 2 END"
_VISIBILITY_SQL = (
    "CASE COALESCE(pa.visibility, 'Catalog, Search')"
    + "".join(f" WHEN '{name}' THEN {code}" for name, code in VISIBILITY_CODES.items())
    + " END"
)


def product_select() -> str:
    """The columns :func:`product_json` reads, for products of :data:`PRODUCT_SOURCE`."""
    return (
        f"p.*, {availability.product_columns()}, COALESCE(pa.enabled, 1) AS enabled,"
        " COALESCE(pa.visibility, 'Catalog, Search') AS visibility, pa.special_price_cents,"
        " pa.special_from, pa.special_to, COALESCE(si.qty, 0) AS qty,"
        " COALESCE(si.is_in_stock, 0) AS is_in_stock"
    )


def product_fields(*, staff: bool) -> dict[str, Field]:
    """The fields a product list filters and sorts on (staff get status, stock and more)."""
    fields = {
        "id": Field("p.id", "number"),
        "sku": Field("p.sku"),
        "name": Field("p.name"),
        "brand": Field("p.brand"),
        "price": Field("p.price_cents", "money"),
        "final_price": Field(availability.final_price_sql(), "money"),
        "category_id": Field("p.category_id", "number"),
        "type_id": Field(TYPE_SQL),
        "rating": Field("p.rating", "number"),
        "review_count": Field("p.review_count", "number"),
        "created_at": Field("p.created_at", "date"),
    }
    if staff:
        fields |= {
            "status": Field(_STATUS_SQL, "number"),
            "visibility": Field(_VISIBILITY_SQL, "number"),
            "qty": Field("COALESCE(si.qty, 0)", "number"),
            "special_price": Field("pa.special_price_cents", "money"),
        }
    return fields


def product_json(row: RowLike, *, staff: bool) -> dict[str, Any]:
    """A product (a row of :func:`product_select`) as ``GET /rest/V1/products/:sku`` shows it.

    A customer sees a special price only while it applies (the storefront shows no other)
    and whether the product is in stock; staff also see the stock quantity and every
    special price setting.
    """
    sizes, colours = options(row)
    special = row["final_price_cents"] < row["price_cents"]
    custom = {
        "description": row["description"],
        "url_key": row["slug"],
        "brand": row["brand"],
    }
    if staff or special:
        custom |= {
            "special_price": ""
            if row["special_price_cents"] is None
            else str(money(row["special_price_cents"])),
            "special_from_date": row["special_from"] or "",
            "special_to_date": row["special_to"] or "",
        }
    stock: dict[str, Any] = {"is_in_stock": bool(row["in_stock"])}
    if staff:
        stock = {"qty": row["qty"], "is_in_stock": bool(row["is_in_stock"])}
    configurable = [
        {"attribute_code": code, "label": label, "values": values}
        for code, label, values in (("size", "Size", sizes), ("colour", "Colour", colours))
        if values
    ]
    return {
        "id": row["id"],
        "sku": row["sku"],
        "name": row["name"],
        "price": money(row["price_cents"]),
        "status": STATUS_ENABLED if row["enabled"] else STATUS_DISABLED,
        "visibility": VISIBILITY_CODES.get(row["visibility"], 4),
        "type_id": "configurable" if configurable else "simple",
        "created_at": row["created_at"],
        "extension_attributes": {
            "category_links": [{"position": 0, "category_id": str(row["category_id"])}],
            "stock_item": stock,
            "final_price": money(row["final_price_cents"]),
            "rating": row["rating"],
            "review_count": row["review_count"],
            "configurable_product_options": configurable,
        },
        "custom_attributes": _attributes(custom),
    }


# --- categories -------------------------------------------------------------------------


def category_tree() -> dict[str, Any]:
    """``GET /rest/V1/categories``: the catalog's tree under a root, with product counts.

    A category's ``product_count`` is what its storefront page lists (products shown in
    the catalog; a top-level category counts its subcategories').
    """
    db = get_db()
    counts = {
        row[0]: row[1]
        for row in db.execute(
            f"SELECT p.category_id, COUNT(*) FROM {availability.PRODUCTS}"
            f" WHERE {availability.IN_CATALOG} GROUP BY p.category_id"
        )
    }
    rows = db.execute(
        "SELECT id, parent_id, slug, name, position FROM categories ORDER BY position, id"
    ).fetchall()

    def node(row: sqlite3.Row | None, level: int) -> dict[str, Any]:
        parent = None if row is None else row["id"]
        children = [node(child, level + 1) for child in rows if child["parent_id"] == parent]
        own = 0 if row is None else counts.get(row["id"], 0)
        return {
            "id": 0 if row is None else row["id"],
            "parent_id": None if row is None else (row["parent_id"] or 0),
            "name": "Root Catalog" if row is None else row["name"],
            "url_key": "" if row is None else row["slug"],
            "is_active": True,
            "position": 0 if row is None else row["position"],
            "level": level,
            "product_count": own + sum(child["product_count"] for child in children),
            "children_data": children,
        }

    return node(None, 0)


# --- customers and addresses ------------------------------------------------------------


def address_json(row: RowLike, *, prefix: str = "", default: bool | None = None) -> dict[str, Any]:
    """An address (an ``addresses`` row, or an order's ``ship_``/``bill_`` columns) in
    Magento's fields: the full name splits at its first space."""
    name = str(row[f"{prefix}name" if prefix else "full_name"])
    first, _, last = name.partition(" ")
    country = str(row[f"{prefix}country"])
    value: dict[str, Any] = {
        "firstname": first,
        "lastname": last,
        "street": [row[f"{prefix}street"]],
        "city": row[f"{prefix}city"],
        "region": {"region": row[f"{prefix}state"]},
        "postcode": row[f"{prefix}postcode"],
        "country_id": COUNTRY_CODES.get(country, country),
        "telephone": row[f"{prefix}phone"],
    }
    if not prefix:
        value = {"id": row["id"], "customer_id": row["user_id"], **value}
        value["default_shipping"] = value["default_billing"] = bool(
            row["is_default"] if default is None else default
        )
    return value


def address_fields(value: Mapping[str, Any]) -> dict[str, str]:
    """The checkout form's address fields (``ADDRESS_FIELDS`` of :mod:`~webenv.sites.shop.cart`)
    from a Magento address object, the inverse of :func:`address_json`.

    Values that are not text become ``""`` (so the form's checks name the field).
    """

    def text(key: str) -> str:
        item = value.get(key, "")
        return item if isinstance(item, str) else ""

    street = value.get("street", "")
    if isinstance(street, list):
        street = ", ".join(part for part in street if isinstance(part, str) and part.strip())
    region = value.get("region", "")
    if isinstance(region, dict):
        region = region.get("region", "")
    country = text("country_id")
    names = {code: name for name, code in COUNTRY_CODES.items()}
    return {
        "full_name": " ".join(part for part in (text("firstname"), text("lastname")) if part),
        "street": street if isinstance(street, str) else "",
        "city": text("city"),
        "state": region if isinstance(region, str) else "",
        "postcode": text("postcode"),
        "country": names.get(country.upper(), country),
        "phone": text("telephone"),
    }


CUSTOMER_SOURCE = (
    "users u LEFT JOIN customer_group_members m ON m.user_id = u.id"
    " LEFT JOIN addresses d ON d.user_id = u.id AND d.is_default = 1"
)
CUSTOMER_FIELDS = {
    "id": Field("u.id", "number"),
    "email": Field("u.email"),
    "firstname": Field("u.first_name"),
    "lastname": Field("u.last_name"),
    "group_id": Field("COALESCE(m.group_id, 1)", "number"),
    "created_at": Field("u.created_at", "date"),
    "telephone": Field("COALESCE(d.phone, '')"),
    "city": Field("COALESCE(d.city, '')"),
    "region": Field("COALESCE(d.state, '')"),
}
"""The fields ``GET /rest/V1/customers/search`` filters and sorts on."""
CUSTOMER_SELECT = "u.*, COALESCE(m.group_id, 1) AS group_id"


def customer_json(row: RowLike) -> dict[str, Any]:
    """A customer (a row of :data:`CUSTOMER_SELECT`) with their addresses."""
    addresses = (
        get_db()
        .execute(
            "SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id", (row["id"],)
        )
        .fetchall()
    )
    default = next((address["id"] for address in addresses if address["is_default"]), None)
    value: dict[str, Any] = {
        "id": row["id"],
        "group_id": row["group_id"],
        "created_at": row["created_at"],
        "email": row["email"],
        "firstname": row["first_name"],
        "lastname": row["last_name"],
        "store_id": 1,
        "website_id": 1,
        "addresses": [address_json(address) for address in addresses],
        "extension_attributes": {
            "username": row["username"],
            "group_name": CUSTOMER_GROUPS[row["group_id"] - 1]
            if 0 < row["group_id"] <= len(CUSTOMER_GROUPS)
            else "",
            "is_subscribed": bool(row["newsletter"]),
        },
    }
    if default is not None:
        value["default_billing"] = value["default_shipping"] = str(default)
    return value


def load_customer(user_id: int) -> sqlite3.Row | None:
    """The customer ``user_id`` as :func:`customer_json` reads it."""
    return (
        get_db()
        .execute(f"SELECT {CUSTOMER_SELECT} FROM {CUSTOMER_SOURCE} WHERE u.id = ?", (user_id,))
        .fetchone()
    )


# --- carts ------------------------------------------------------------------------------


def cart_item_json(line: RowLike, cart_id: int) -> dict[str, Any]:
    """A cart line (a row of :func:`~webenv.sites.shop.cart.load_cart`) as a quote item."""
    chosen = [
        {"option_id": code, "option_value": line[code]} for code in ("size", "colour") if line[code]
    ]
    item: dict[str, Any] = {
        "item_id": line["id"],
        "sku": line["sku"],
        "qty": line["quantity"],
        "name": line["name"],
        "price": money(line["price_cents"]),
        "product_type": "configurable" if chosen else "simple",
        "quote_id": str(cart_id),
    }
    if chosen:
        item["product_option"] = {"extension_attributes": {"configurable_item_options": chosen}}
    return item


def cart_json(user: RowLike, cart: CartSummary) -> dict[str, Any]:
    """``GET /rest/V1/carts/mine``: the customer's one cart (its id is the customer's)."""
    return {
        "id": user["id"],
        "is_active": True,
        "items_count": len(cart.lines),
        "items_qty": cart.quantity,
        "customer": {
            "id": user["id"],
            "email": user["email"],
            "firstname": user["first_name"],
            "lastname": user["last_name"],
        },
        "items": [cart_item_json(line, user["id"]) for line in cart.lines],
        "currency": {"base_currency_code": "USD", "quote_currency_code": "USD"},
    }


def totals_json(cart: CartSummary) -> dict[str, Any]:
    """``GET /rest/V1/carts/mine/totals``: the cart page's totals (standard shipping)."""
    coupon = cart.coupon["code"] if cart.coupon is not None else None
    segments = [
        ("subtotal", "Subtotal", cart.subtotal),
        ("discount", f"Discount ({coupon})" if coupon else "Discount", -cart.discount),
        ("shipping", pricing.SHIPPING_METHODS["standard"].name, cart.shipping()),
        ("grand_total", "Grand Total", cart.total()),
    ]
    return {
        "grand_total": money(cart.total()),
        "subtotal": money(cart.subtotal),
        "discount_amount": money(-cart.discount),
        "shipping_amount": money(cart.shipping()),
        "coupon_code": coupon,
        "items_qty": cart.quantity,
        "quote_currency_code": "USD",
        "items": [
            {
                "item_id": line["id"],
                "name": line["name"],
                "qty": line["quantity"],
                "price": money(line["price_cents"]),
                "row_total": money(line["line_total"]),
            }
            for line in cart.lines
        ],
        "total_segments": [
            {"code": code, "title": title, "value": money(cents)}
            for code, title, cents in segments
            if code != "discount" or cents
        ],
        "extension_attributes": {
            "coupon_error": cart.coupon_error,
            "stock_problems": list(cart.stock_problems.values()),
        },
    }


# --- orders -----------------------------------------------------------------------------

ORDER_SOURCE = (
    "orders o JOIN users u ON u.id = o.user_id LEFT JOIN order_holds h ON h.order_id = o.id"
)
_STAFF_STATUS_SQL = (
    f"CASE WHEN h.order_id IS NOT NULL THEN '{ON_HOLD_CODE}' ELSE lower(o.status) END"
)
ORDER_SELECT = f"o.*, u.email, u.first_name, u.last_name, {_STAFF_STATUS_SQL} AS staff_status"


def order_fields(*, staff: bool) -> dict[str, Field]:
    """The fields an order list filters and sorts on."""
    return {
        "entity_id": Field("o.id", "number"),
        "increment_id": Field("o.number"),
        "status": Field(_STAFF_STATUS_SQL if staff else "lower(o.status)"),
        "created_at": Field("o.created_at", "date"),
        "updated_at": Field("o.updated_at", "date"),
        "grand_total": Field("o.total_cents", "money"),
        "subtotal": Field("o.subtotal_cents", "money"),
        "total_qty_ordered": Field("o.item_count", "number"),
        "coupon_code": Field("COALESCE(o.coupon_code, '')"),
        "customer_id": Field("o.user_id", "number"),
        "customer_email": Field("u.email"),
        "customer_firstname": Field("u.first_name"),
        "customer_lastname": Field("u.last_name"),
        "shipping_name": Field("o.ship_name"),
    }


def order_json(row: RowLike, *, staff: bool) -> dict[str, Any]:
    """An order (a row of :data:`ORDER_SELECT`) with items, addresses, invoice and shipment.

    A customer sees the storefront's status (``pending``, ``processing``, ``shipped``,
    ``complete``, ``canceled``); staff see ``holded`` for an order on hold and the
    status history, as the back office shows them.
    """
    db = get_db()
    order_id = row["id"]
    items = db.execute(
        "SELECT * FROM order_items WHERE order_id = ? ORDER BY id", (order_id,)
    ).fetchall()
    billing = db.execute("SELECT * FROM order_billing WHERE order_id = ?", (order_id,)).fetchone()
    invoices = db.execute(
        "SELECT * FROM invoices WHERE order_id = ? ORDER BY id", (order_id,)
    ).fetchall()
    shipments = db.execute(
        "SELECT * FROM shipments WHERE order_id = ? ORDER BY id", (order_id,)
    ).fetchall()
    payment = admin_orders.payment_method(billing)
    method = pricing.SHIPPING_METHODS[row["shipping_method"]]
    value: dict[str, Any] = {
        "entity_id": order_id,
        "increment_id": row["number"],
        "status": row["staff_status"] if staff else str(row["status"]).lower(),
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "customer_id": row["user_id"],
        "customer_email": row["email"],
        "customer_firstname": row["first_name"],
        "customer_lastname": row["last_name"],
        "order_currency_code": "USD",
        "subtotal": money(row["subtotal_cents"]),
        "discount_amount": money(-row["discount_cents"]),
        "shipping_amount": money(row["shipping_cents"]),
        "grand_total": money(row["total_cents"]),
        "total_qty_ordered": row["item_count"],
        "coupon_code": row["coupon_code"],
        "shipping_description": method.name,
        "items": [
            {
                "item_id": item["id"],
                "order_id": order_id,
                "product_id": item["product_id"],
                "sku": item["sku"],
                "name": item["product_name"],
                "qty_ordered": item["quantity"],
                "price": money(item["unit_price_cents"]),
                "row_total": money(item["line_total_cents"]),
                "extension_attributes": {"size": item["size"], "colour": item["colour"]},
            }
            for item in items
        ],
        "billing_address": address_json(
            billing if billing is not None else row, prefix="bill_" if billing else "ship_"
        ),
        "payment": {
            "method": PAYMENT_CODES.get(payment, payment),
            "additional_information": [payment],
        },
        "extension_attributes": {
            "shipping_assignments": [
                {
                    "shipping": {
                        "address": address_json(row, prefix="ship_"),
                        "method": row["shipping_method"],
                    }
                }
            ],
            "invoices": [
                {
                    "entity_id": invoice["id"],
                    "increment_id": invoice["number"],
                    "state": invoice["status"].lower(),
                    "grand_total": money(invoice["total_cents"]),
                    "created_at": invoice["created_at"],
                }
                for invoice in invoices
            ],
            "shipments": [
                {
                    "entity_id": shipment["id"],
                    "increment_id": shipment["number"],
                    "total_qty": shipment["total_qty"],
                    "created_at": shipment["created_at"],
                    "tracks": [
                        {
                            "carrier_code": shipment["carrier"].lower(),
                            "title": shipment["carrier"],
                            "track_number": shipment["tracking_number"],
                        }
                    ],
                }
                for shipment in shipments
            ],
        },
    }
    if staff:
        value["status_histories"] = [
            {
                "entity_id": entry["id"],
                "comment": entry["comment"],
                "status": entry["status"],
                "is_customer_notified": entry["is_customer_notified"],
                "created_at": entry["created_at"],
                "extension_attributes": {"author": entry["author"]},
            }
            for entry in db.execute(
                "SELECT * FROM order_status_history WHERE order_id = ?"
                " ORDER BY created_at DESC, id DESC",
                (order_id,),
            )
        ]
    return value
