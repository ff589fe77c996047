"""The one interface both browser backends implement."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from urllib.parse import urljoin, urlsplit

import numpy as np
from lxml import html

from webenv.actions import Action, ActionError
from webenv.world import SITES, expand_placeholders

BLANK_URL = "about:blank"


def goto_target(text: str | None, current: str) -> str:
    """The URL a ``goto`` action means: placeholders expanded, relative to ``current``."""
    url = expand_placeholders((text or "").strip())
    if url != BLANK_URL and not urlsplit(url).scheme:
        url = urljoin(current, url) if current != BLANK_URL else "http://" + url
    return url


def unreachable(url: str, sites: Iterable[str]) -> ActionError:
    """The error for a URL outside the env's own sites (nothing else is reachable)."""
    hosts = ", ".join(f"http://{SITES[site].host}/" for site in sites)
    return ActionError(f"cannot open {url[:80]!r}: only this env's sites are reachable "
                       f"offline ({hosts})")


def tabs_text(tabs: Iterable[tuple[str, str]], active: int) -> str:
    """One line per tab from (title, url) pairs, marking the active one."""
    return "\n".join(
        f"Tab {index}{' (current)' if index == active else ''}: {title or '(untitled)'} - {url}"
        for index, (title, url) in enumerate(tabs))


class Browser(ABC):
    """A browser with tabs, history and cookies, driven by parsed actions.

    Every method that acts on a page raises :class:`webenv.actions.ActionError` (a
    one-line message) when the action cannot be carried out; it never leaves the
    browser in a broken state.
    """

    @abstractmethod
    def reset(self, start_url: str, cookies: dict[str, tuple[str, str]]) -> None:
        """Close every tab, set the session cookies (site -> (name, value)), open ``start_url``."""

    @abstractmethod
    def execute(self, action: Action) -> None:
        """Carry out one page or navigation action (not ``stop``)."""

    @abstractmethod
    def axtree_text(self, max_chars: int | None = None) -> str:
        """The active page's accessibility tree as text."""

    @property
    @abstractmethod
    def url(self) -> str:
        """The active tab's URL."""

    @abstractmethod
    def tabs_text(self) -> str:
        """One line per open tab: index, title, URL, and which is active."""

    @abstractmethod
    def document(self, url: str = "last") -> html.HtmlElement:
        """The DOM of the active page (``"last"``) or of ``url`` fetched as the same user."""

    def rgb_array(self) -> np.ndarray:
        """The active tab's viewport as an ``HxWx3`` ``uint8`` array (drawing backends only)."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing; use backend='chromium'")

    @abstractmethod
    def close(self) -> None:
        """Release every resource. Safe to call twice."""
