"""Page fragments kept by exactly the values they show.

Every page of a site repeats its layout: the header with its navigation, account links
and search form, and the footer. As Jinja that is some twenty ``url_for`` and helper calls
a page (~0.3-0.5 ms), though a visitor's header is the same from page to page. A site
builds such a fragment in Python and asks :func:`fragment` for it by a key holding every
value the fragment shows (the user's name, the cart's count, the search box's text...):
the markup is built once per app, key, script root and host, and then reused. The
values in the key are read by the caller on every request (the queries behind them
still run), so nothing shown can be stale; only building the markup is saved.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from flask import current_app, request
from markupsafe import Markup, escape

from .icons import icon

__all__ = [
    "MAX_FRAGMENTS",
    "fragment",
    "fragments",
    "logout_item",
    "remember",
    "search_form",
]

MAX_FRAGMENTS = 1024
"""Fragments kept per app and kind (a few kB each); the memo starts again when full."""


def fragment(name: str, key: Hashable, build: Callable[[], Markup]) -> Markup:
    """The fragment ``name`` for ``key``: ``build()`` the first time, then the same markup.

    Args:
        name: Which fragment (``"shop header"``).
        key: Every value the fragment's markup depends on, hashable; besides these, the
            memo tells the current app, script root and host apart. An unhashable key
            builds the fragment every time.
        build: Builds the fragment from the same values as ``key`` (``url_for`` and the
            app's other helpers may be called: the request context is the current one).
    """
    return remember(fragments(name), key, build)


def fragments(name: str) -> dict[Hashable, Markup]:
    """The memo of fragment ``name`` for the current app, script root and host, for a
    caller that builds many of them (a grid's tiles) to :func:`remember` in."""
    memos: dict[tuple[str, str, str], dict[Hashable, Markup]] | None = current_app.extensions.get(
        "fragments"
    )
    if memos is None:
        memos = current_app.extensions["fragments"] = {}
    where = (name, request.script_root, request.host)
    memo = memos.get(where)
    if memo is None:
        memo = memos[where] = {}
    return memo


def remember(memo: dict[Hashable, Markup], key: Hashable, build: Callable[[], Markup]) -> Markup:
    """``memo[key]``, built first when missing (see :func:`fragment`)."""
    try:
        markup = memo.get(key)
    except TypeError:  # an unhashable value in the key
        return build()
    if markup is None:
        markup = build()
        if len(memo) >= MAX_FRAGMENTS:
            memo.clear()
        memo[key] = markup
    return markup


def logout_item(indent: str, action: str, token: str, label: str = "Log out") -> str:
    """A header's account-list item that logs out: a POST form with the CSRF ``token``
    and a link-styled ``label`` button, each line starting with ``indent``."""
    return (
        f"{indent}<li>\n"
        f'{indent}  <form action="{escape(action)}" method="post">\n'
        f'{indent}    <input type="hidden" name="csrf_token" value="{escape(token)}">\n'
        f'{indent}    <button type="submit" class="link-button">{label}</button>\n'
        f"{indent}  </form>\n"
        f"{indent}</li>\n"
    )


def search_form(indent: str, action: str, query: object, placeholder: str) -> str:
    """A header's search form (``search-q``, 200 characters at most) holding ``query``, each
    line starting with ``indent``."""
    return (
        f'{indent}<form class="search-form" role="search" action="{escape(action)}"'
        ' method="get">\n'
        f'{indent}  <label for="search-q" class="visually-hidden">Search</label>\n'
        f'{indent}  <input type="text" id="search-q" name="q" value="{escape(query)}"'
        f' maxlength="200" placeholder="{placeholder}">\n'
        f'{indent}  <button type="submit">{icon("search")}Search</button>\n'
        f"{indent}</form>\n"
    )
