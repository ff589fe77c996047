"""The one interface both browser backends implement."""

from __future__ import annotations

from abc import ABC, abstractmethod

from lxml import html

from webenv.actions import Action


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

    @abstractmethod
    def close(self) -> None:
        """Release every resource. Safe to call twice."""
