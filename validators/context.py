"""What a check may look at: the episode's final state, behind a small interface."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from webenv.sites import BACK_OFFICES, PLACEHOLDERS, SITES, expand_placeholders

DEFAULT_SITE_URLS: dict[str, str] = dict(PLACEHOLDERS)
"""Placeholder -> base URL, used when no context (or an empty map) is given."""

PLACEHOLDER_SITES: dict[str, str] = {
    **{spec.placeholder: spec.name for spec in SITES.values()},
    **{office.placeholder: office.site for office in BACK_OFFICES.values()},
}
"""Placeholder -> the site serving it, as used for state checks (a back office's
placeholder names its site: ``__SHOP_ADMIN__`` -> ``shop``)."""

SELF_WORDS = frozenset(
    {
        "myself",
        "me",
        "i",
        "self",
        "my account",
        "mine",
        "current user",
        "you",
        "yourself",
        "you did",
        "i did",
    }
)
"""Answers/expected values that mean "the logged-in user" (an agent answering its user
says "you")."""


def _no_page(url: str) -> Any:
    raise RuntimeError("no page fetcher in this context")


def _no_query(site: str, sql: str) -> list[tuple]:
    raise RuntimeError("no database in this context")


@dataclass
class EvalContext:
    """The final state of an episode, as the validators see it.

    Attributes:
        answer: The final answer text (None if the episode ended without one).
        infeasible_reported: Whether the agent used ``report_infeasible(...)``.
        url: Final URL of the active tab, e.g. ``"http://shop.test/cart"``.
        fetch_page: ``url`` or ``"last"`` -> parsed DOM (``lxml.html.HtmlElement``) as the
            logged-in user sees it.
        query: ``(site, sql)`` -> rows; read-only, on the env's live database.
        requests: Request log entries ``{"method", "url", "form", "status"}``.
        users: Site name -> logged-in username (for "myself").
        site_urls: Placeholder -> base URL, e.g. ``{"__SHOP__": "http://shop.test"}``.
        truncated: The episode hit its step limit without an answer: answer checks fail
            with rule ``no-answer``; state and URL checks judge the final state as usual.
        intent: The task's intent ("" when unknown): a count's answer may name the thing
            it counts beside other figures ("7 branches, 3 tags" for "How many branches
            ...?").
    """

    answer: str | None = None
    infeasible_reported: bool = False
    url: str = ""
    fetch_page: Callable[[str], Any] = _no_page
    query: Callable[[str, str], list[tuple]] = _no_query
    requests: list[dict] = field(default_factory=list)
    users: dict[str, str] = field(default_factory=dict)
    site_urls: dict[str, str] = field(default_factory=dict)
    truncated: bool = False
    intent: str = ""


def site_urls(context: EvalContext | None) -> dict[str, str]:
    """Placeholder -> base URL map of a context (defaults filled in)."""
    urls = dict(DEFAULT_SITE_URLS)
    if context is not None and context.site_urls:
        for key, value in context.site_urls.items():
            key = str(key)
            if not (key.startswith("__") and key.endswith("__")):
                # Also accept a site-name keyed map ({"shop": "http://shop.test"}).
                names = {name: ph for ph, name in PLACEHOLDER_SITES.items()}
                key = names.get(key, f"__{key.upper()}__")
            urls[key] = str(value).rstrip("/")
    return urls


def expand(text: str, context: EvalContext | None) -> str:
    """Replace ``__SHOP__``-style placeholders with base URLs."""
    return expand_placeholders(text, site_urls(context))


def site_of_url(url: str, context: EvalContext | None) -> str | None:
    """The site name (``"shop"``, ``"forum"``, ``"githost"``) serving ``url``, if known."""
    for placeholder, name in PLACEHOLDER_SITES.items():
        if url.startswith(placeholder):
            return name
    host = (urlsplit(expand(url, context)).hostname or "").lower()
    if not host:
        return None
    for placeholder, base in site_urls(context).items():
        if (urlsplit(base).hostname or "").lower() == host:
            return PLACEHOLDER_SITES.get(placeholder, placeholder.strip("_").lower())
    return None


def user_for(site: str | None, context: EvalContext | None) -> str | None:
    """The logged-in username on ``site`` (or the only logged-in user), if any."""
    if context is None or not context.users:
        return None
    if site and site in context.users:
        return context.users[site]
    if site is None and len(set(context.users.values())) == 1:
        return next(iter(context.users.values()))
    return None


def is_self_word(value: str) -> bool:
    """Whether ``value`` means "the logged-in user" ("myself", "me", ...)."""
    return " ".join(str(value).lower().split()).strip(" .!") in SELF_WORDS
