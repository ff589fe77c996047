"""The back office's Magento-style REST API under ``/rest/V1``: orders, products, customers.

Endpoints (``docs/api.md`` has examples): ``POST /integration/admin/token``;
``GET /orders`` (``searchCriteria``) and ``GET /orders/:id`` (staff of the Sales area
see every order; a signed-in customer sees only their own, as in the storefront);
``POST /order/:id/invoice``, ``POST /order/:id/ship``, ``POST /orders/:id/cancel``,
``/hold``, ``/unhold`` and ``/comments``; ``PUT /products/:sku`` (Catalog);
``GET /customers/search`` and ``GET /customers/:id`` (Customers); ``GET /reviews``
(``searchCriteria``), ``PUT`` and ``DELETE /reviews/:kind/:id`` (Reviews, moderation).

A staff user's role grants areas as in the back office (:mod:`.roles`): a Catalog
Manager's token may update products but gets 403 on orders, like the pages. Each
action calls the function the back-office form's view calls (:mod:`.orders`,
:mod:`.products`) and commits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import abort, g, request
from werkzeug.wrappers import Response

from ...core import api as core_api
from ...core.api import json_response
from ...core.db import RowLike, get_db
from ..api import PREFIX, credentials, field_text, load_product, member, refuse
from ..rest import auth, criteria, resources
from . import orders, products, reviews
from .datagen import CARRIERS

bp = core_api.json_blueprint("admin_api", __name__, PREFIX)
bp.before_request(auth.load_identity)

NO_ENTITY = "The entity that was requested doesn't exist. Verify the entity and try again."


@bp.route("/integration/admin/token", methods=("POST",))
def admin_token() -> Response:
    """A staff access token for ``{"username", "password"}`` (active staff only)."""
    token = auth.admin_token(*credentials())
    if token is None:
        abort(401, auth.SIGN_IN_FAILURE)
    get_db().commit()
    return json_response(token)


# --- orders -----------------------------------------------------------------------------


def order_reader() -> tuple[bool, list[str], list[Any]]:
    """Whether the asker reads orders as staff, and the orders they may see (SQL, params).

    Staff (whose role must open Sales) see every order; otherwise the signed-in customer
    sees their own.
    """
    if g.get("staff") is not None:
        auth.require_staff("sales")
        return True, [], []
    user = auth.require_customer()
    return False, ["o.user_id = ?"], [user["id"]]


@bp.route("/orders")
def orders_list() -> Response:
    """Orders matching ``searchCriteria``, newest first by default."""
    staff, conditions, params = order_reader()
    search = criteria.parse(request.args)
    page = criteria.search(
        get_db(),
        search,
        select=resources.ORDER_SELECT,
        source=resources.ORDER_SOURCE,
        fields=resources.order_fields(staff=staff),
        conditions=conditions,
        params=params,
        default_sort="o.created_at DESC",
        tiebreak="o.id DESC",
    )
    return json_response(
        {
            "items": [resources.order_json(row, staff=staff) for row in page.rows],
            "search_criteria": search.as_json(),
            "total_count": page.total_count,
        }
    )


@bp.route("/orders/<int(max=999999999):order_id>")
def order(order_id: int) -> Response:
    """One order by its id (``entity_id``)."""
    staff, conditions, params = order_reader()
    row = (
        get_db()
        .execute(
            f"SELECT {resources.ORDER_SELECT} FROM {resources.ORDER_SOURCE}"
            f" WHERE {' AND '.join(['o.id = ?', *conditions])}",
            [order_id, *params],
        )
        .fetchone()
    )
    if row is None:
        abort(404, NO_ENTITY)
    return json_response(resources.order_json(row, staff=staff))


def order_state(order_id: int) -> orders.OrderState:
    """The order ``order_id`` for a staff action (Sales), or a 401, 403 or 404."""
    auth.require_staff("sales")
    db = get_db()
    found = db.execute("SELECT number FROM orders WHERE id = ?", (order_id,)).fetchone()
    state = orders.load_state(db, found["number"]) if found is not None else None
    if state is None:
        abort(404, NO_ENTITY)
    return state


def check_action(state: orders.OrderState, action: str) -> None:
    """Refuse ``action`` with 400 when the order's state does not allow it (the form's
    message)."""
    refused = orders.problem(state, action)
    if refused is not None:
        refuse({"action": refused})


@bp.route("/order/<int(max=999999999):order_id>/invoice", methods=("POST",))
def invoice(order_id: int) -> Response:
    """Invoice the whole order; answers the invoice's id."""
    state = order_state(order_id)
    core_api.body()
    check_action(state, "invoice")
    db = get_db()
    orders.invoice(db, state, g.staff["username"])
    db.commit()
    return json_response(
        db.execute("SELECT id FROM invoices WHERE order_id = ?", (order_id,)).fetchone()[0]
    )


def shipment_fields(body: Mapping[str, Any]) -> dict[str, str]:
    """The new-shipment form's fields from Magento's ship body (``tracks``, ``comment``)."""
    tracks = body.get("tracks", [])
    if not isinstance(tracks, list) or len(tracks) > 1:
        abort(400, "tracks must be a list with one track {carrier_code or title, track_number}.")
    track = tracks[0] if tracks else {}
    if not isinstance(track, dict):
        abort(400, "A track must be a JSON object.")
    named = field_text(track.get("title")) or field_text(track.get("carrier_code"))
    carrier = next((name for name in CARRIERS if name.lower() == named.lower()), named)
    comment = member(body, "comment")
    return {
        "carrier": carrier,
        "tracking_number": field_text(track.get("track_number")),
        "comment": field_text(comment.get("comment", "")),
    }


@bp.route("/order/<int(max=999999999):order_id>/ship", methods=("POST",))
def ship(order_id: int) -> Response:
    """Ship the whole order with one tracked carrier; answers the shipment's id."""
    state = order_state(order_id)
    fields = shipment_fields(core_api.body())
    check_action(state, "ship")
    errors: dict[str, str] = {}
    carrier, tracking, comment = orders.read_shipment(fields, errors)
    if errors:
        refuse(errors)
    db = get_db()
    orders.ship(db, state, g.staff["username"], carrier, tracking, comment)
    db.commit()
    return json_response(
        db.execute("SELECT id FROM shipments WHERE order_id = ?", (order_id,)).fetchone()[0]
    )


@bp.route(
    "/orders/<int(max=999999999):order_id>/<any(cancel, hold, unhold):action>", methods=("POST",)
)
def order_action(order_id: int, action: str) -> Response:
    """Cancel, hold or release the order (the order page's buttons); answers ``true``."""
    state = order_state(order_id)
    core_api.body()
    check_action(state, action)
    db = get_db()
    orders.ACTIONS[action](db, state, g.staff["username"])
    db.commit()
    return json_response(True)


@bp.route("/orders/<int(max=999999999):order_id>/comments", methods=("POST",))
def order_comment(order_id: int) -> Response:
    """Add ``{"statusHistory": {"comment", "is_customer_notified"}}`` to the order's history."""
    state = order_state(order_id)
    history = member(core_api.body(), "statusHistory")
    fields = {
        "comment": field_text(history.get("comment")),
        "notify": "1" if history.get("is_customer_notified") in (True, 1, "1") else "",
    }
    errors: dict[str, str] = {}
    db = get_db()
    if orders.add_comment(db, state, g.staff["username"], fields, errors) is None:
        refuse(errors)
    db.commit()
    return json_response(True)


# --- products ---------------------------------------------------------------------------

PRODUCT_KEYS = frozenset(
    {"sku", "name", "price", "status", "visibility", "type_id", "extension_attributes",
     "custom_attributes", "id"}
)  # fmt: skip
CUSTOM_ATTRIBUTES = {
    "description": "description",
    "brand": "brand",
    "special_price": "special_price",
    "special_from_date": "special_from",
    "special_to_date": "special_to",
}
"""The ``custom_attributes`` a product update may set, by the product form's field names."""
VISIBILITY_NAMES = {code: name for name, code in resources.VISIBILITY_CODES.items()}


def money_text(value: Any) -> str:
    """A JSON price as the product form's price text (``12.5`` -> ``12.5``)."""
    if isinstance(value, float) and not isinstance(value, bool):
        return repr(value)
    return field_text(value)


def _stock_and_category(form: dict[str, str], extension: Mapping[str, Any]) -> None:
    stock = member(extension, "stock_item")
    if "qty" in stock:
        form["qty"] = field_text(stock["qty"])
    if "is_in_stock" in stock:
        form["in_stock"] = "1" if stock["is_in_stock"] in (True, 1, "1") else "0"
    links = extension.get("category_links", [])
    if not isinstance(links, list) or len(links) > 1 or not all(isinstance(x, dict) for x in links):
        abort(400, "category_links must list one {category_id} (a product is in one category).")
    if links:
        form["category_id"] = field_text(links[0].get("category_id"))


def _custom_attributes(form: dict[str, str], attributes: Any) -> None:
    if not isinstance(attributes, list):
        abort(400, "custom_attributes must be a list of {attribute_code, value}.")
    for attribute in attributes:
        code = attribute.get("attribute_code") if isinstance(attribute, dict) else None
        if code not in CUSTOM_ATTRIBUTES:
            abort(400, f"custom_attributes may set: {', '.join(CUSTOM_ATTRIBUTES)}.")
        value = attribute.get("value")
        form[CUSTOM_ATTRIBUTES[code]] = (
            money_text(value) if code == "special_price" else field_text(value)
        )


def product_form(current: Mapping[str, str], product: Mapping[str, Any]) -> dict[str, str]:
    """The product form's fields: the product's ``current`` ones changed by the body's.

    Magento's numbers become the form's values: ``status`` 1 or 2 is Enable Product yes
    or no, ``visibility`` 1-4 the visibility names; the form then checks everything.
    """
    unknown = sorted(set(product) - PRODUCT_KEYS)
    if unknown:
        abort(
            400, f"product has no {unknown[0][:40]!r}; accepted: {', '.join(sorted(PRODUCT_KEYS))}."
        )
    form = dict(current)
    for key in ("sku", "name"):
        if key in product:
            form[key] = field_text(product[key])
    if "price" in product:
        form["price"] = money_text(product["price"])
    status, visibility = product.get("status", 1), product.get("visibility", 4)
    if isinstance(status, bool) or status not in (1, 2):
        abort(400, "status must be 1 (enabled) or 2 (disabled).")
    if "status" in product:
        form["enabled"] = "1" if status == 1 else "0"
    if (
        not isinstance(visibility, int)
        or isinstance(visibility, bool)
        or (visibility not in VISIBILITY_NAMES)
    ):
        abort(
            400,
            "visibility must be 1 (Not Visible Individually), 2 (Catalog), 3 (Search)"
            " or 4 (Catalog, Search).",
        )
    if "visibility" in product:
        form["visibility"] = VISIBILITY_NAMES[visibility]
    _stock_and_category(form, member(product, "extension_attributes"))
    _custom_attributes(form, product.get("custom_attributes", []))
    return form


@bp.route("/products/<sku>", methods=("PUT",))
def update_product(sku: str) -> Response:
    """Update a product from ``{"product": {...}}`` (as the product form saves it)."""
    auth.require_staff("catalog")
    row = load_product(sku, staff=True)
    db = get_db()
    loaded = products.load(db, row["id"])
    if loaded is None:
        abort(404, NO_ENTITY)
    current = products.form_values(loaded)
    form = product_form(current, member(core_api.body(), "product"))
    errors: dict[str, str] = {}
    values = products.read_form(db, form, errors, row["id"])
    if errors:
        refuse(errors)
    products.save(db, values, row["id"])
    db.commit()
    return json_response(
        resources.product_json(load_product(values["sku"], staff=True), staff=True)
    )


# --- customers --------------------------------------------------------------------------


@bp.route("/customers/search")
def customers_search() -> Response:
    """Customers matching ``searchCriteria``."""
    auth.require_staff("customers")
    search = criteria.parse(request.args)
    page = criteria.search(
        get_db(),
        search,
        select=resources.CUSTOMER_SELECT,
        source=resources.CUSTOMER_SOURCE,
        fields=resources.CUSTOMER_FIELDS,
        default_sort="u.id",
        tiebreak="u.id",
    )
    return json_response(
        {
            "items": [resources.customer_json(row) for row in page.rows],
            "search_criteria": search.as_json(),
            "total_count": page.total_count,
        }
    )


@bp.route("/customers/<int(max=999999999):customer_id>")
def customer(customer_id: int) -> Response:
    """One customer by id."""
    auth.require_staff("customers")
    row = resources.load_customer(customer_id)
    if row is None:
        abort(404, NO_ENTITY)
    return json_response(resources.customer_json(row))


# --- reviews ------------------------------------------------------------------------------

REVIEW_FIELDS = {
    "status": criteria.Field("v.status"),
    "rating": criteria.Field("v.rating", "number"),
    "title": criteria.Field("v.title"),
    "detail": criteria.Field("v.body"),
    "nickname": criteria.Field("v.nickname"),
    "product_sku": criteria.Field("v.sku"),
    "product_name": criteria.Field("v.product"),
    "created_at": criteria.Field("v.created_at", "date"),
}
"""The fields ``GET /rest/V1/reviews`` filters and sorts on."""


def review_json(row: RowLike) -> dict[str, Any]:
    """A review of the all-reviews grid, addressed as ``<kind>/<id>`` like its page."""
    return {
        "id": f"{row['kind']}/{row['id']}",
        "status": row["status"],
        "rating": row["rating"],
        "title": row["title"],
        "detail": row["body"],
        "nickname": row["nickname"],
        "product_sku": row["sku"],
        "product_name": row["product"],
        "created_at": row["created_at"],
    }


@bp.route("/reviews")
def reviews_list() -> Response:
    """Every review, published or not, matching ``searchCriteria`` (newest first)."""
    auth.require_staff("reviews")
    search = criteria.parse(request.args)
    page = criteria.search(
        get_db(),
        search,
        select=reviews.ALL_REVIEWS.select,
        source=reviews.ALL_REVIEWS.source,
        fields=REVIEW_FIELDS,
        default_sort="v.created_at DESC",
        tiebreak="v.kind DESC, v.id",
    )
    return json_response(
        {
            "items": [review_json(row) for row in page.rows],
            "search_criteria": search.as_json(),
            "total_count": page.total_count,
        }
    )


def load_review(kind: str, review_id: int) -> Any:
    """Review ``<kind>/<id>`` for a moderator (Reviews), or a 401, 403 or 404."""
    auth.require_staff("reviews")
    review = reviews.load(get_db(), kind, review_id)
    if review is None:
        abort(404, NO_ENTITY)
    return review


@bp.route("/reviews/<any(published, queued):kind>/<int(max=999999999):review_id>", methods=("PUT",))
def review_update(kind: str, review_id: int) -> Response:
    """Moderate or edit a review from ``{"review": {"status", "rating", "title", "detail"}}``
    (as the review's edit form does); answers ``true``."""
    review = load_review(kind, review_id)
    body = member(core_api.body(), "review")
    form = reviews.edit_values(review)
    for key, name in (
        ("status", "status"),
        ("rating", "rating"),
        ("title", "title"),
        ("detail", "body"),
    ):
        if key in body:
            form[name] = field_text(body[key])
    errors: dict[str, str] = {}
    changes = reviews.read_edit(form, errors)
    db = get_db()
    refused = None if errors else reviews.save(db, review, changes)
    if errors or refused is not None:
        refuse(errors or {"status": str(refused)})
    db.commit()
    return json_response(True)


@bp.route(
    "/reviews/<any(published, queued):kind>/<int(max=999999999):review_id>", methods=("DELETE",)
)
def review_delete(kind: str, review_id: int) -> Response:
    """Delete a review; answers ``true``."""
    review = load_review(kind, review_id)
    db = get_db()
    reviews.delete(db, review)
    db.commit()
    return json_response(True)
