"""The storefront layout every page shares: the header (logo, search form, account links
with the mini-cart, category menu) and the footer (CMS pages, contact, help).

``shop/base.html`` calls :func:`shop_header` and :func:`shop_footer` (template globals,
registered in :func:`webenv.sites.shop.create_app`) with the layout's variables; each
fragment is built once per set of values it shows (:func:`~webenv.sites.core.fragments.fragment`)
and returns the markup the template wrote, every value escaped as it escaped it.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import current_app, g, url_for
from markupsafe import Markup, escape

from ..core.csrf import csrf_token
from ..core.db import RowLike
from ..core.fragments import fragment, logout_item, search_form
from ..core.icons import icon
from .cart import CartTotals
from .pricing import format_money

__all__ = ["shop_footer", "shop_header"]


def shop_header(
    nav_categories: Sequence[RowLike], mini_cart: CartTotals | None, search_query: object
) -> Markup:
    """The ``<header>`` of a storefront page.

    Args:
        nav_categories: The category menu's rows (``slug``, ``name``).
        mini_cart: The logged-in user's cart totals (read when someone is logged in).
        search_query: The search box's text.
    """
    user = g.get("user")
    account = None
    if user:
        assert mini_cart is not None  # the layout reads it whenever someone is logged in
        account = (user["first_name"], mini_cart.quantity, mini_cart.subtotal, csrf_token())
    categories = tuple((item["slug"], item["name"]) for item in nav_categories)
    key = (account, categories, type(search_query), search_query)
    return fragment("shop header", key, lambda: _header(categories, search_query, account))


def _header(
    categories: Sequence[tuple[str, object]],
    search_query: object,
    account: tuple[object, int, int, str] | None,
) -> Markup:
    """The header from the values of its key alone (first name, cart quantity and
    subtotal, CSRF token; the menu's slugs and names)."""
    site_name = escape(current_app.config["SITE_NAME"])
    cart_url = escape(url_for("cart.view"))
    if account is not None:
        first_name, quantity, subtotal, token = account
        if quantity:
            content = (
                f"              <p>Cart Subtotal: {escape(format_money(subtotal))}</p>\n"
                f'              <p><a href="{cart_url}">View and Edit Cart</a></p>\n'
                f'              <p><a href="{escape(url_for("cart.checkout"))}">'
                "Proceed to Checkout</a></p>\n"
            )
        else:
            content = "              <p>You have no items in your shopping cart.</p>\n"
        links = (
            f'        <li class="greeting">Hello, {escape(first_name)}</li>\n'
            f'        <li><a href="{escape(url_for("account.dashboard"))}">'
            f"{icon('user')}My Account</a></li>\n"
            f'        <li class="minicart"><a href="{cart_url}">{icon("cart")}My Cart</a>\n'
            "          <details>\n"
            f"            <summary>{escape(quantity)} item{'' if quantity == 1 else 's'}"
            "</summary>\n"
            '            <div class="minicart-content">\n'
            f"{content}"
            "            </div>\n"
            "          </details>\n"
            "        </li>\n"
            f"{logout_item('        ', url_for('account.logout'), token)}"
        )
    else:
        links = (
            f'        <li><a href="{escape(url_for("account.login"))}">'
            f"{icon('user')}Log in</a></li>\n"
            f'        <li><a href="{escape(url_for("account.register"))}">'
            "Create an account</a></li>\n"
            f'        <li><a href="{cart_url}">{icon("cart")}My Cart</a></li>\n'
        )
    menu = "".join(
        f'      <li><a href="{escape(url_for("catalog.category", slug=slug))}">'
        f"{escape(name)}</a></li>\n"
        for slug, name in categories
    )
    return Markup(
        '<header class="site-header">\n'
        '  <div class="header-row">\n'
        f'    <a class="logo" href="{escape(url_for("catalog.index"))}">{site_name}</a>\n'
        f"{search_form('    ', url_for('catalog.search'), search_query, 'Search products')}"
        '    <nav class="account-nav" aria-label="Account">\n'
        "      <ul>\n"
        f"{links}"
        "      </ul>\n"
        "    </nav>\n"
        "  </div>\n"
        '  <nav class="category-nav" aria-label="Categories">\n'
        "    <ul>\n"
        f"{menu}"
        "    </ul>\n"
        "  </nav>\n"
        "</header>"
    )


def shop_footer(footer_pages: Sequence[RowLike], site_urls: dict[str, str]) -> Markup:
    """The ``<footer>`` of a storefront page.

    Args:
        footer_pages: The enabled CMS pages' rows (``title``, ``url_key``).
        site_urls: The world's site URLs (a link to the forum, when it has one).
    """
    pages = tuple((item["url_key"], item["title"]) for item in footer_pages)
    forum = site_urls.get("forum")
    return fragment("shop footer", (pages, forum), lambda: _footer(pages, forum))


def _footer(pages: Sequence[tuple[str, object]], forum: str | None) -> Markup:
    """The footer from the values of its key alone (the CMS pages' URL keys and titles)."""
    links = "".join(
        f'      <li><a href="{escape(url_for("cms.page", url_key=url_key))}">'
        f"{escape(title)}</a></li>\n"
        for url_key, title in pages
    )
    community = f'  <p><a href="{escape(forum)}/">Community forum</a></p>\n' if forum else ""
    return Markup(
        '<footer class="site-footer">\n'
        '  <nav aria-label="About the shop">\n'
        '    <ul class="footer-links">\n'
        f"{links}"
        f'      <li><a href="{escape(url_for("contact.form"))}">Contact Us</a></li>\n'
        "    </ul>\n"
        "  </nav>\n"
        f"  <p>&copy; 2024 {escape(current_app.config['SITE_NAME'])}."
        " Free standard shipping on orders over $50.00.</p>\n"
        f"{community}"
        f'  <p><a href="{escape(url_for("help.index"))}">Help</a></p>\n'
        "</footer>"
    )
