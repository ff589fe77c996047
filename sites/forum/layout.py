"""The layout every forum page shares: the header (logo, main navigation, search form,
account links with the unread count) and the footer.

``forum/base.html`` calls :func:`forum_header` and :func:`forum_footer` (template globals,
registered in :func:`webenv.sites.forum.create_app`); each fragment is built once per set
of values it shows (:func:`~webenv.sites.core.fragments.fragment`) and returns the markup
the template wrote, every value escaped as it escaped it.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import current_app, g, url_for
from markupsafe import Markup, escape

from ..core.csrf import csrf_token
from ..core.fragments import fragment, logout_item, search_form
from ..core.icons import icon
from .listing import user_url

__all__ = ["forum_footer", "forum_header"]


def forum_header(unread_count: object, search_query: object) -> Markup:
    """The ``<header>`` of a forum page.

    Args:
        unread_count: The logged-in user's unread messages (shown when any).
        search_query: The search box's text.
    """
    user = g.get("user")
    account = None if not user else (user["username"], csrf_token())
    unread = unread_count or None  # 0, None and "" all show nothing
    key = (account, type(unread), unread, type(search_query), search_query)
    return fragment("forum header", key, lambda: _header(account, unread, search_query))


def _header(account: tuple[str, str] | None, unread_count: object, search_query: object) -> Markup:
    """The header from the values of its key alone."""
    if account is not None:
        username, token = account
        unread = (
            f' <span class="unread">({escape(unread_count)} unread)</span>' if unread_count else ""
        )
        links = (
            f'      <li><a href="{escape(user_url(username))}">{icon("user")}'
            f"{escape(username)}</a></li>\n"
            f'      <li><a href="{escape(url_for("messages.inbox"))}">{icon("mail")}Messages</a>'
            f"{unread}</li>\n"
            f'      <li><a href="{escape(url_for("account.settings"))}">{icon("settings")}'
            "Settings</a></li>\n"
            f"{logout_item('      ', url_for('account.logout'), token)}"
        )
    else:
        links = (
            f'      <li><a href="{escape(url_for("account.login"))}">Log in</a></li>\n'
            f'      <li><a href="{escape(url_for("account.register"))}">Sign up</a></li>\n'
        )
    search = search_form(
        "  ", url_for("search.search"), search_query, "Search submissions and comments"
    )
    return Markup(
        '<header class="site-header">\n'
        f'  <a class="logo" href="{escape(url_for("forums.front"))}">'
        f"{escape(current_app.config['SITE_NAME'])}</a>\n"
        '  <nav class="main-nav" aria-label="Main">\n'
        "    <ul>\n"
        f'      <li><a href="{escape(url_for("forums.directory"))}">{icon("list")}Forums</a></li>\n'
        f'      <li><a href="{escape(url_for("forums.all_forums"))}">{icon("globe")}All</a></li>\n'
        f'      <li><a href="{escape(url_for("submissions.submit"))}">{icon("pencil")}'
        "Submit</a></li>\n"
        "    </ul>\n"
        "  </nav>\n"
        f"{search}"
        '  <nav class="account-nav" aria-label="Account">\n'
        "    <ul>\n"
        f"{links}"
        "    </ul>\n"
        "  </nav>\n"
        "</header>"
    )


def forum_footer(site_urls: Mapping[str, str]) -> Markup:
    """The ``<footer>`` of a forum page.

    Args:
        site_urls: The world's site URLs (a link to the shop, when it has one).
    """
    shop = site_urls.get("shop")
    return fragment("forum footer", shop, lambda: _footer(shop))


def _footer(shop: str | None) -> Markup:
    visit = f'  <p><a href="{escape(shop)}/">Visit the shop</a></p>\n' if shop else ""
    return Markup(
        '<footer class="site-footer">\n'
        f"  <p>{escape(current_app.config['SITE_NAME'])} is a community of forums. Be kind;"
        " moderators may remove comments that are not.</p>\n"
        f"{visit}"
        f'  <p><a href="{escape(url_for("help.index"))}">Help</a></p>\n'
        "</footer>"
    )
