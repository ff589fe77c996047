"""Pagination and URL helpers shared by the sites' lists.

:func:`page_window` and :func:`url_with` are template globals of every site
(registered by :func:`webenv.sites.core.app.create_site_app`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from flask import current_app, request, url_for
from markupsafe import Markup, escape
from werkzeug.exceptions import NotFound


def page_number(args: Mapping[str, str]) -> int:
    """Return the requested ``page`` (1 when missing or not a positive number).

    Args:
        args: The query string.
    """
    text = args.get("page", "1")
    valid = text.isascii() and text.isdigit() and len(text) < 7
    return int(text) if valid and int(text) > 0 else 1


def page_count(total: int, per_page: int) -> int:
    """Return how many pages ``total`` items fill, ``per_page`` a page (at least 1)."""
    return max(1, -(-total // per_page))


def check_page(page: int, pages: int) -> None:
    """Reject a page past the last one.

    Raises:
        NotFound: ``page`` is greater than ``pages``.
    """
    if page > pages:
        raise NotFound(f"Page {page} does not exist; there are {pages} pages.")


def page_window(page: int, pages: int, width: int = 2) -> list[int]:
    """Return the page numbers to link: the first, the last and ``width`` either side."""
    return sorted({1, pages, *range(max(1, page - width), min(pages, page + width) + 1)})


def query_args(args: Mapping[str, object], reserved: Iterable[str] = ()) -> dict[str, Any]:
    """The query arguments of a request that can be passed to ``url_for`` as keywords.

    Keys starting with ``_`` are ``url_for``'s own options (``_external``, ``_scheme``,
    ``_anchor``, ``_method``: a link or redirect built from ``?_scheme=javascript`` would
    leave the site), ``endpoint`` is its first parameter and ``reserved`` names are the
    endpoint's path arguments (passing one twice raises); all are dropped.

    Args:
        args: The query arguments (``request.args``).
        reserved: Names that must not come from the query.
    """
    skip = {"endpoint", *reserved}
    return {
        key: value for key, value in args.items() if not key.startswith("_") and key not in skip
    }


def url_with(**changes: object) -> str:
    """Return the current page's URL with some query arguments replaced (None removes one).

    Outside a routed request (an error page) the URL is built on the site's
    ``HOME_ENDPOINT``.
    """
    return _url_builder()(changes)


def _url_builder() -> Callable[[Mapping[str, object]], str]:
    """What :func:`url_with` does, with the request read once: returns the current page's
    URL with the given changes."""
    view_args = request.view_args or {}
    # The rule's path arguments include those a url_value_preprocessor took out of
    # view_args (the Git hosting's namespace and project).
    path_args = request.url_rule.arguments if request.url_rule is not None else ()
    current = query_args(request.args.to_dict(), {*view_args, *path_args})
    endpoint = request.endpoint or current_app.config["HOME_ENDPOINT"]

    def build(changes: Mapping[str, object]) -> str:
        args = dict(current)
        for key, value in changes.items():
            if value is None:
                args.pop(key, None)
            else:
                args[key] = value
        return url_for(endpoint, **view_args, **args)

    return build


def pagination_links(page: int, pages: int) -> Markup:
    """The ``Pagination`` navigation of a list on page ``page`` of ``pages`` (nothing for
    one page): previous and next links and the :func:`page_window` numbers, with a gap
    where numbers are skipped; each link is this page's URL with another ``page``
    (:func:`url_with`). The ``pagination`` macro of ``core/_macros.html`` shows it."""
    if not pages > 1:
        return Markup("")
    build = _url_builder()
    items = []
    if page > 1:
        items.append(
            f'    <li><a href="{escape(build({"page": page - 1}))}" rel="prev">'
            "Previous page</a></li>\n"
        )
    previous = None
    for number in page_window(page, pages):
        if previous is not None and number > previous + 1:
            items.append('    <li class="page-gap">…</li>\n')
        if number == page:
            items.append(
                f'    <li><span aria-current="page" class="current-page">Page {escape(number)}'
                "</span></li>\n"
            )
        else:
            items.append(
                f'    <li><a href="{escape(build({"page": number}))}">'
                f"Page {escape(number)}</a></li>\n"
            )
        previous = number
    if page < pages:
        items.append(
            f'    <li><a href="{escape(build({"page": page + 1}))}" rel="next">Next page</a></li>\n'
        )
    return Markup(
        '<nav class="pagination" aria-label="Pagination">\n'
        f"  <ul>\n{''.join(items)}  </ul>\n"
        "</nav>\n"
    )
