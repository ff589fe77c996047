"""The shop: a storefront with a catalogue, cart, checkout and customer accounts,
and its back office at ``/admin`` (:mod:`webenv.sites.shop.admin`).

Create it with :func:`create_app`; fill its database with
:func:`webenv.sites.shop.datagen.generate`.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request

from .. import SITES
from ..core.app import create_site_app
from ..core.help import help_blueprint
from . import blocks, listing, pricing
from .layout import shop_footer, shop_header
from .listing_blocks import (
    compare_form,
    compare_sidebar,
    listing_controls,
    listing_results,
    product_grid,
    subcategory_nav,
)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the shop application.

    Args:
        test_config: Settings overriding the defaults; see
            :func:`~webenv.sites.core.app.create_site_app`.

    Returns:
        The configured Flask app.
    """
    from . import account, admin, api, cart, catalog, cms, compare, contact, media, product
    from .admin import api as admin_api
    from .datagen import generate

    def layout() -> dict[str, Any]:
        if (request.blueprint or "").startswith("admin"):
            return {}  # the back office's pages show no storefront header
        return {
            "nav_categories": catalog.top_categories(),
            "mini_cart": cart.cart_totals(g.user["id"]) if g.get("user") else None,
            "footer_pages": cms.footer_pages(),
        }

    return create_site_app(
        __name__,
        site="shop",
        site_name=SITES["shop"].title,
        test_config=test_config,
        generate=generate,
        blueprints=[
            catalog.bp,
            product.bp,
            cart.bp,
            contact.bp,
            compare.bp,
            account.bp,
            admin.bp,
            help_blueprint("shop", "shop/base.html"),
            cms.bp,
            api.bp,
            admin_api.bp,
            media.bp,
        ],
        login_endpoint="account.login",
        home_endpoint="catalog.index",
        layout=layout,
        filters={"money": pricing.format_money},
        template_globals={
            "main_photos": media.main_photos,
            "category_banner": media.category_banner_row,
            "compare_list": compare.compare_list,
            "price_block": blocks.price_block,
            "rating_text": blocks.rating_text,
            "stock_text": blocks.stock_text,
            "compare_button": blocks.compare_button,
            "product_tiles": blocks.product_tiles,
            "review_list": blocks.review_list,
            "shop_by": listing.shop_by,
            "shop_header": shop_header,
            "shop_footer": shop_footer,
            "compare_form": compare_form,
            "compare_sidebar": compare_sidebar,
            "listing_controls": listing_controls,
            "listing_results": listing_results,
            "product_grid": product_grid,
            "subcategory_nav": subcategory_nav,
        },
    )
