"""The storefront's Magento-style REST API under ``/rest/V1``: tokens, catalog, cart, checkout.

Endpoints (``docs/api.md`` has examples): ``POST /integration/customer/token``;
``GET /products`` (``searchCriteria``), ``GET /products/:sku``, ``GET /categories``;
for a signed-in customer ``GET /customers/me``, ``POST|GET /carts/mine``,
``POST /carts/mine/items``, ``PUT|DELETE /carts/mine/items/:itemId``,
``GET|PUT /carts/mine/coupons[/:code]``, ``DELETE /carts/mine/coupons``,
``GET /carts/mine/totals`` and ``POST /carts/mine/payment-information`` (places the
order). The customer's orders (``GET /orders``, ``/orders/:id``) share their routes with
the back office's (:mod:`webenv.sites.shop.admin.api`).

Who is asking is :mod:`.rest.auth`; what a customer sees of the catalog is what the
storefront shows (:mod:`.availability`). Each write calls the function of
:mod:`.cart` the form's view calls and commits, so both ways write the same rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from flask import abort, g, request
from werkzeug.wrappers import Response

from ..core import api as core_api
from ..core.api import json_response
from ..core.db import get_db
from . import availability, cart
from .admin import roles
from .product import find_product
from .rest import auth, criteria, resources

PREFIX = "/rest/V1"
bp = core_api.json_blueprint("api", __name__, PREFIX)
bp.before_request(auth.load_identity)

NO_PRODUCT = "The product that was requested doesn't exist. Verify the product and try again."
CHECKOUT_PAYMENT = "checkmo"
"""The payment method the storefront's checkout takes (Check / Money order)."""


def refuse(errors: Mapping[str, str], status: int = 400) -> NoReturn:
    """Answer a form function's ``errors``: ``{"message", "errors": [{"field", "message"}]}``."""
    body = {
        "message": " ".join(errors.values()),
        "errors": [{"field": name, "message": message} for name, message in errors.items()],
    }
    abort(json_response(body, status))


def member(body: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The object ``body[name]`` (an empty one when absent), else a 400."""
    value = body.get(name, {})
    if not isinstance(value, dict):
        abort(400, f"{name} must be a JSON object.")
    return value


def field_text(value: Any) -> str:
    """A JSON scalar as a form field's text: whole numbers and strings as typed, else ``""``.

    ``""`` fails the form's own check of the field, so a bad type gets the form's message.
    """
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value if isinstance(value, str) else ""


def staff_sees_catalog() -> bool:
    """Whether the asker is staff whose role opens the back office's catalog."""
    user = g.get("staff")
    return user is not None and roles.allowed(user["role"], "catalog")


# --- tokens -----------------------------------------------------------------------------


def credentials() -> tuple[str, str]:
    """The ``username`` and ``password`` strings of a token request's body, else a 400."""
    body = core_api.body()
    username, password = body.get("username"), body.get("password")
    if not isinstance(username, str) or not isinstance(password, str):
        abort(400, 'Send the JSON object {"username": "...", "password": "..."}.')
    return username[:254], password[:200]


@bp.route("/integration/customer/token", methods=("POST",))
def customer_token() -> Response:
    """A customer access token for ``{"username": email or username, "password"}``."""
    token = auth.customer_token(*credentials())
    if token is None:
        abort(401, auth.SIGN_IN_FAILURE)
    get_db().commit()
    return json_response(token)


# --- catalog ----------------------------------------------------------------------------


@bp.route("/products")
def products() -> Response:
    """Products matching ``searchCriteria``: those with a storefront page, or all for staff."""
    staff = staff_sees_catalog()
    search = criteria.parse(request.args)
    page = criteria.search(
        get_db(),
        search,
        select=resources.product_select(),
        source=resources.PRODUCT_SOURCE,
        fields=resources.product_fields(staff=staff),
        conditions=() if staff else (availability.HAS_PAGE,),
        default_sort="p.id",
        tiebreak="p.id",
    )
    return json_response(
        {
            "items": [resources.product_json(row, staff=staff) for row in page.rows],
            "search_criteria": search.as_json(),
            "total_count": page.total_count,
        }
    )


def load_product(sku: str, *, staff: bool) -> Any:
    """The product ``sku`` as :func:`resources.product_json` reads it, or a 404.

    A customer's product must have a storefront page (enabled, visible individually).
    """
    where = "p.sku = ?" if staff else f"p.sku = ? AND {availability.HAS_PAGE}"
    row = (
        get_db()
        .execute(
            f"SELECT {resources.product_select()} FROM {resources.PRODUCT_SOURCE} WHERE {where}",
            (sku[:64],),
        )
        .fetchone()
    )
    if row is None:
        abort(404, NO_PRODUCT)
    return row


@bp.route("/products/<sku>")
def product(sku: str) -> Response:
    """One product by SKU."""
    staff = staff_sees_catalog()
    return json_response(resources.product_json(load_product(sku, staff=staff), staff=staff))


@bp.route("/categories")
def categories() -> Response:
    """The category tree."""
    return json_response(resources.category_tree())


# --- the customer -----------------------------------------------------------------------


@bp.route("/customers/me")
def me() -> Response:
    """The signed-in customer's account and addresses."""
    row = resources.load_customer(auth.require_customer()["id"])
    if row is None:
        abort(404, "The customer no longer exists.")
    return json_response(resources.customer_json(row))


# --- the cart ---------------------------------------------------------------------------


def current_user() -> Any:
    """The customer's row as it is now (a write earlier in the request may have changed it)."""
    user = auth.require_customer()
    return get_db().execute("SELECT * FROM users WHERE id = ?", (user["id"],)).fetchone()


@bp.route("/carts/mine", methods=("POST",))
def create_cart() -> Response:
    """The customer's cart id (every customer has one cart; its id is the customer's)."""
    return json_response(auth.require_customer()["id"])


@bp.route("/carts/mine")
def view_cart() -> Response:
    """The customer's cart and its items."""
    user = current_user()
    return json_response(resources.cart_json(user, cart.load_cart(user)))


def item_fields(body: Mapping[str, Any]) -> dict[str, str]:
    """The add-to-cart form's fields from a ``cartItem``: ``qty`` and its chosen options."""
    item = member(body, "cartItem")
    fields = {"quantity": field_text(item.get("qty"))}
    option = member(item, "product_option")
    chosen = member(option, "extension_attributes").get("configurable_item_options", [])
    if not isinstance(chosen, list):
        abort(400, "configurable_item_options must be a list of {option_id, option_value}.")
    for entry in chosen:
        if not isinstance(entry, dict) or entry.get("option_id") not in ("size", "colour"):
            abort(400, "Each configurable item option needs option_id 'size' or 'colour'.")
        fields[entry["option_id"]] = field_text(entry.get("option_value"))
    return fields


def item_response(user_id: int, item_id: int) -> Response:
    """Cart line ``item_id`` of customer ``user_id`` as the cart shows it now."""
    user = get_db().execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    line = next(line for line in cart.load_cart(user).lines if line["id"] == item_id)
    return json_response(resources.cart_item_json(line, user_id))


@bp.route("/carts/mine/items", methods=("POST",))
def add_item() -> Response:
    """Add ``{"cartItem": {"sku", "qty", "product_option"?}}`` to the cart (as the product
    page's form does)."""
    user = auth.require_customer()
    body = core_api.body()
    sku = member(body, "cartItem").get("sku")
    found = find_product("p.sku = ?", sku[:64]) if isinstance(sku, str) else None
    if found is None:
        abort(404, NO_PRODUCT)
    errors: dict[str, str] = {}
    added = cart.add_item(user, found, item_fields(body), errors)
    if cart.UNAVAILABLE in errors:
        abort(404, NO_PRODUCT)
    if added is None:
        refuse(errors)
    get_db().commit()
    return item_response(user["id"], added.item_id)


def own_item(item_id: int) -> Any:
    """Line ``item_id`` of the customer's cart, or a 404."""
    item = cart.own_item(auth.require_customer(), item_id)
    if item is None:
        abort(404, f"The cart doesn't contain the item {item_id}.")
    return item


@bp.route("/carts/mine/items/<int(max=999999999):item_id>", methods=("PUT",))
def update_item(item_id: int) -> Response:
    """Set a cart line's quantity from ``{"cartItem": {"qty"}}``."""
    item = own_item(item_id)
    errors: dict[str, str] = {}
    fields = {"quantity": field_text(member(core_api.body(), "cartItem").get("qty"))}
    if cart.set_quantity(auth.require_customer(), item, fields, errors) is None:
        refuse(errors)
    get_db().commit()
    return item_response(item["user_id"], item_id)


@bp.route("/carts/mine/items/<int(max=999999999):item_id>", methods=("DELETE",))
def remove_item(item_id: int) -> Response:
    """Remove a cart line."""
    cart.remove_item(own_item(item_id))
    get_db().commit()
    return json_response(True)


@bp.route("/carts/mine/coupons")
def coupon() -> Response:
    """The code of the coupon on the cart (``null`` without one)."""
    return json_response(current_user()["cart_coupon"])


@bp.route("/carts/mine/coupons/<code>", methods=("PUT",))
def apply_coupon(code: str) -> Response:
    """Apply a coupon code to the cart (as the cart page's form does)."""
    errors: dict[str, str] = {}
    if cart.apply_coupon_code(current_user(), code, errors) is None:
        refuse(errors)
    get_db().commit()
    return json_response(True)


@bp.route("/carts/mine/coupons", methods=("DELETE",))
def remove_coupon() -> Response:
    """Take the coupon off the cart."""
    cart.remove_coupon_code(auth.require_customer())
    get_db().commit()
    return json_response(True)


@bp.route("/carts/mine/totals")
def totals() -> Response:
    """The cart's totals with standard shipping, as the cart page shows them."""
    return json_response(resources.totals_json(cart.load_cart(current_user())))


def checkout_fields(user: Any, body: Mapping[str, Any]) -> dict[str, str]:
    """The checkout form's fields from a ``payment-information`` body.

    Starts from the form as it opens (the first saved address, standard shipping), then
    ``addressInformation``'s ``shipping_method_code`` and ``shipping_address`` (either
    ``{"customer_address_id"}`` or a new address, ``save_in_address_book`` to keep it).
    """
    payment = member(body, "paymentMethod").get("method")
    if payment != CHECKOUT_PAYMENT:
        abort(
            400,
            f"The requested Payment Method is not available; the shop takes"
            f" paymentMethod.method {CHECKOUT_PAYMENT!r} (Check / Money order).",
        )
    fields = cart.checkout_defaults(user)
    information = member(body, "addressInformation")
    if "shipping_method_code" in information:
        fields["shipping_method"] = field_text(information["shipping_method_code"])
    address = member(information, "shipping_address")
    if "customer_address_id" in address:
        fields["address_id"] = field_text(address["customer_address_id"])
    elif address:
        fields |= resources.address_fields(address) | {"address_id": "new"}
        if address.get("save_in_address_book") in (True, 1, "1"):
            fields["save_address"] = "1"
    return fields


@bp.route("/carts/mine/payment-information", methods=("POST",))
def place_order() -> Response:
    """Place the order (as the checkout page's form does); answers the new order's id."""
    user = current_user()
    fields = checkout_fields(user, core_api.body())
    summary = cart.load_cart(user)
    problems = cart.checkout_problems(summary)
    if problems:
        refuse({"cart": " ".join(problems)})
    errors: dict[str, str] = {}
    number = cart.place_order(user, summary, fields, errors)
    if number is None:
        refuse(errors)
    db = get_db()
    db.commit()
    return json_response(
        db.execute("SELECT id FROM orders WHERE number = ?", (number,)).fetchone()[0]
    )


@bp.route("/<path:anything>", methods=("GET", "POST", "PUT", "PATCH", "DELETE"))
def no_route(anything: str) -> NoReturn:
    """Any other path under ``/rest/V1`` (or another method on a known one)."""
    abort(404, "Request does not match any route.")
