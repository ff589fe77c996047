"""The one action semantics both browser backends share.

:class:`Browser` owns what an action means: which element kinds it accepts, every
precondition and its one-line error message, option matching, checkbox and radio rules,
URL resolution (every typed or linked URL goes through :func:`webenv.sites.core.urls.parse_url`,
which never raises), the history model, the tab list and its cap. A backend supplies
only primitives: facts about an element (:class:`ElementFacts`), focus, activate, fill,
choose an option, set checked, hover, press, scroll, load a URL, reload a history entry,
open, show and close a tab, make an API call and show a page webenv built (the
``api`` action's response page, :mod:`webenv.browser.apipage`), and read the
accessibility tree. Both backends therefore
accept and refuse exactly the same actions with exactly the same messages.

Actions are routed by :data:`ACTION_HANDLERS`, an explicit table keyed by the action
kind's string value.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

import numpy as np
from lxml import html

from webenv.actions import Action, ActionError
from webenv.actions.tools import check_call
from webenv.axtree import AXTree
from webenv.axtree.rules import DISABLEABLE_TAGS, TEXT_INPUT_TYPES
from webenv.browser.apipage import ApiResponse, render_api_page
from webenv.sites.core.urls import URL, parse_url
from webenv.world import SITES, expand_placeholders

BLANK_URL = "about:blank"

MAX_TABS = 20
"""Most tabs open at once; ``new_tab`` beyond it is an action error."""
MAX_TAB_TITLE_CHARS = 150
"""A tab's title is cut (with ``…``) to this length in the tab list."""
MAX_TAB_URL_CHARS = 230
"""A tab's URL is cut (with ``…``) to this length in the tab list."""
MAX_TAB_LINE_CHARS = (
    len(f"Tab {MAX_TABS - 1} (current): ") + MAX_TAB_TITLE_CHARS + len(" - ") + MAX_TAB_URL_CHARS
)
"""The longest line of :meth:`Browser.tabs_text`."""
MAX_TABS_TEXT_CHARS = MAX_TABS * (MAX_TAB_LINE_CHARS + 1)
"""The longest :meth:`Browser.tabs_text` (``MAX_TABS`` full lines)."""

# The key names ``press`` accepts: those of Playwright's US keyboard layout (key values,
# ``KeyboardEvent.code`` names and modifier aliases; single characters are any printable
# ASCII), so a key is refused before anything happens on either backend.
_NAMED_KEYS = [
    "Escape",
    "Backspace",
    "Tab",
    "CapsLock",
    "Enter",
    "Shift",
    "Control",
    "Alt",
    "Meta",
    "AltGraph",
    "ControlOrMeta",
    "ContextMenu",
    "PrintScreen",
    "ScrollLock",
    "Pause",
    "PageUp",
    "PageDown",
    "Insert",
    "Delete",
    "Home",
    "End",
    "ArrowLeft",
    "ArrowUp",
    "ArrowRight",
    "ArrowDown",
    "NumLock",
    "AudioVolumeMute",
    "AudioVolumeDown",
    "AudioVolumeUp",
    "MediaTrackNext",
    "MediaTrackPrevious",
    "MediaPlayPause",
    "Backquote",
    "Minus",
    "Equal",
    "Backslash",
    "BracketLeft",
    "BracketRight",
    "Semicolon",
    "Quote",
    "Comma",
    "Period",
    "Slash",
    "Space",
    "ShiftLeft",
    "ShiftRight",
    "ControlLeft",
    "ControlRight",
    "MetaLeft",
    "MetaRight",
    "AltLeft",
    "AltRight",
    "NumpadDivide",
    "NumpadMultiply",
    "NumpadSubtract",
    "NumpadAdd",
    "NumpadDecimal",
    "NumpadEnter",
]
_NAMED_KEYS += [f"F{n}" for n in range(1, 13)] + [f"Digit{n}" for n in range(10)]
_NAMED_KEYS += [f"Numpad{n}" for n in range(10)]
_NAMED_KEYS += [f"Key{chr(c)}" for c in range(ord("A"), ord("Z") + 1)]
KEY_NAMES: Mapping[str, str] = MappingProxyType(
    {name.lower(): name for name in _NAMED_KEYS} | {"return": "Enter"}
)
"""Accepted multi-character key names, by lower-case spelling (case is not significant)."""


def canonical_key(text: str) -> str | None:
    """The key or combination ``text`` in Playwright's spelling, or None if it is not one.

    A combination joins keys with ``+`` (``Control+a``, ``Shift++``); each key is a name
    from :data:`KEY_NAMES` (any case) or one printable ASCII character.
    """
    keys: list[str] = []
    building = ""
    for char in text:  # Playwright's split: a '+' right after a separator is the key itself
        if char == "+" and building:
            keys.append(building)
            building = ""
        else:
            building += char
    keys.append(building)
    out = []
    for key in keys:
        if len(key) == 1 and " " <= key <= "~":
            out.append(key)
        elif (name := KEY_NAMES.get(key.lower())) is not None:
            out.append(name)
        else:
            return None
    return "+".join(out)


ACTIVATABLE_TAGS = frozenset({"a", "button", "input", "select", "textarea", "label", "summary"})
"""Tags a click activates (a pointer click); a click on anything else only focuses it."""


@dataclass(frozen=True)
class OptionFacts:
    """One ``<option>`` of a select: its label (as shown) and its form value."""

    label: str
    value: str


@dataclass(frozen=True)
class ElementFacts:
    """What the action semantics need to know about the element with one AX id.

    Attributes:
        tag: Lower-case tag name.
        type: Lower-case ``type`` attribute (``""`` when absent).
        hidden: Not rendered (hidden attribute, ``display: none``, closed details, ...).
        disabled: The element is disabled.
        readonly: The element has ``readonly``.
        multiple: A ``<select multiple>``.
        link: The ``href`` of the closest ``<a href>`` (as written or as the browser
            resolved it), or None outside links.
        options: A select's options in document order.
        select_id: For an ``<option>``: the AX id of its ``<select>``, else None.
        option_index: For an ``<option>`` in a select: its index among the options.
        value: A text field's value as typing would replace it (a textarea's text with
            its line breaks, which the accessibility tree's ``value:`` collapses), else
            ``""``.
    """

    tag: str
    type: str = ""
    hidden: bool = False
    disabled: bool = False
    readonly: bool = False
    multiple: bool = False
    link: str | None = None
    options: tuple[OptionFacts, ...] = ()
    select_id: int | None = None
    option_index: int = -1
    value: str = ""

    @property
    def is_text_field(self) -> bool:
        """A control ``type`` can write into."""
        return (self.tag == "input" and self.type in TEXT_INPUT_TYPES) or self.tag == "textarea"

    @property
    def is_checkable(self) -> bool:
        """A checkbox or radio button."""
        return self.tag == "input" and self.type in ("checkbox", "radio")


class HistoryTab(Protocol):
    """What the base needs from a backend's tab: its GET history and position in it."""

    history: list[str]
    position: int


def option_label(label: str | None, text: str) -> str:
    """An option's shown label: its non-empty ``label`` attribute, else its text (HTML's
    option label), whitespace collapsed."""
    return " ".join((label or text).split())


def match_option(options: Sequence[OptionFacts], wanted: str) -> int | None:
    """The index of the option ``select`` means by ``wanted``, or None.

    Exact label or value first, then the label case-insensitively; the first match wins.
    """
    wanted = wanted.strip()
    for index, option in enumerate(options):
        if option.label == wanted or option.value == wanted:
            return index
    folded = wanted.casefold()
    for index, option in enumerate(options):
        if option.label.casefold() == folded:
            return index
    return None


def resolve_url(text: str | None, current: str) -> URL | None:
    """The URL a ``goto`` means: placeholders expanded, relative to ``current``.

    A scheme-less URL typed on a blank page is taken as ``http://`` (``shop.test/cart``);
    a relative one (``/cart``, ``?q=1``, ``#top``, ``../x``) has nothing to be relative to
    there, and one with a scheme (``http://shop.test:99999/``) is what it says, valid or
    not. Returns None when the text is not a valid URL (never raises).
    """
    text = expand_placeholders((text or "").strip())
    if current == BLANK_URL:
        url = parse_url(text)
        if (
            url is not None
            or not text
            or text.startswith(_RELATIVE_STARTS)
            or _WHOLE_URL_START.match(text)
        ):
            return url
        return parse_url("http://" + text)
    return parse_url(text, base=current)


_RELATIVE_STARTS = ("/", "\\", "?", "#", ".")
"""How a URL relative to the current page starts (not a host typed without ``http://``)."""

_WHOLE_URL_START = re.compile(r"[a-z][a-z0-9+.-]*:[/\\]|(?:https?|wss?|ftp|file):", re.IGNORECASE)
"""How a URL with a scheme starts (``http:``, ``x://``), which a browser never reads as a
host typed without ``http://`` (``shop.test:8080/`` is a host and a port)."""


def reachable(url: URL, sites: Iterable[str]) -> bool:
    """True when ``url`` is served by one of ``sites`` (plain http, the default port)."""
    return (
        url.scheme == "http"
        and url.port is None
        and any(SITES[site].host == url.host for site in sites)
    )


def loadable(url: URL) -> URL:
    """``url`` as it is loaded: without ``user:password@`` (the sites never ask for one)."""
    return replace(url, userinfo="") if url.userinfo else url


def unreachable(url: str, sites: Iterable[str]) -> ActionError:
    """The error for a URL outside the env's own sites (nothing else is reachable)."""
    hosts = ", ".join(f"http://{SITES[site].host}/" for site in sites)
    return ActionError(
        f"cannot open {url[:80]!r}: only this env's sites are reachable offline ({hosts})"
    )


def invalid_url(text: str) -> ActionError:
    """The error for text that is not a URL (a bad host, port or IPv6 literal, ...), or a
    relative URL on a blank tab."""
    if text.startswith(_RELATIVE_STARTS):
        return ActionError(
            f"cannot open {text[:80]!r}: a relative URL needs a page to be relative to, and "
            "this tab is blank; give a whole URL such as http://shop.test/cart"
        )
    return ActionError(
        f"cannot open {text[:80]!r}: it is not a valid URL (check the host, "
        "the port (0-65535) and any [IPv6] brackets)"
    )


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tab_line(index: int, title: str, url: str, active: bool) -> str:
    """One line of the tab list (at most :data:`MAX_TAB_LINE_CHARS` characters)."""
    title = _clip(" ".join(title.split()), MAX_TAB_TITLE_CHARS) or "(untitled)"
    return f"Tab {index}{' (current)' if active else ''}: {title} - {_clip(url, MAX_TAB_URL_CHARS)}"


_JS_NUMBER = re.compile(
    r"[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+"
)
_JS_SPACE = (
    " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def is_number_text(text: str) -> bool:
    """Whether a browser lets ``text`` be typed into an ``<input type=number>``.

    Chromium (through Playwright's ``fill``) accepts exactly what JavaScript's
    ``Number()`` reads as a number after trimming: blank, decimals with an optional
    exponent, ``Infinity``, and ``0x``/``0o``/``0b`` integers.
    """
    stripped = text.strip(_JS_SPACE)
    return not stripped or _JS_NUMBER.fullmatch(stripped) is not None


class Browser(ABC):
    """A browser with tabs, history and cookies, driven by parsed actions.

    :meth:`execute` carries out an action by the shared semantics below and raises
    :class:`webenv.actions.ActionError` (a one-line message) when it cannot be carried
    out; an action refused by a precondition or an unusable URL changes nothing, and a
    failed navigation leaves the tab on the page it was on. Subclasses set
    ``world`` (its ``sites`` are the reachable hosts), keep ``tabs`` (objects with a
    ``history`` of GET URLs and a ``position`` in it) and ``active``, and implement the
    primitives.
    """

    world: Any
    tabs: list[Any]
    active: int
    _labels: dict[int, tuple[object, str, str]]

    # -- public interface --------------------------------------------------------------

    @abstractmethod
    def reset(self, start_url: str, cookies: dict[str, tuple[str, str]]) -> None:
        """Close every tab, set the session cookies (site -> (name, value)), open ``start_url``."""

    def execute(self, action: Action) -> None:
        """Carry out one page or navigation action (not ``stop``).

        Raises:
            ActionError: the action cannot be carried out; nothing changed.
        """
        handler = ACTION_HANDLERS.get(action.kind)
        if handler is None:
            raise ActionError(
                f"action '{action.kind}' is not a browser action; browsers "
                f"carry out {', '.join(ACTION_HANDLERS)}"
            )
        if not self.tabs:
            raise ActionError("no page is open; call reset() first")
        acted_on = self.tabs[self.active]
        try:
            handler(self, action)
        finally:
            self._tab_changed(acted_on)

    @abstractmethod
    def axtree_text(self, max_chars: int | None = None) -> str:
        """The active page's accessibility tree as text."""

    state_type: ClassVar[type]
    """The class of what :meth:`save_state` returns (it has ``tabs`` and ``active``)."""

    @abstractmethod
    def save_state(self) -> Any:
        """The tabs, their histories and pages, and the cookies, for :meth:`restore_state`."""

    def state_problem(self, state: object) -> str | None:
        """What makes ``state`` something this backend's :meth:`save_state` did not return
        (checked before anything is restored), or None."""
        if not isinstance(state, self.state_type):
            return (
                f"its browser state is a {type(state).__name__}, not the "
                f"{self.state_type.__name__} of this env's browser (a state restores only "
                "into an env of the backend that saved it)"
            )
        tabs, active = getattr(state, "tabs", None), getattr(state, "active", None)
        if not isinstance(tabs, tuple) or not tabs:
            return "its browser state has no tabs"
        if isinstance(active, bool) or not isinstance(active, int) or not 0 <= active < len(tabs):
            return f"its active tab {active!r} is not one of its {len(tabs)} tabs"
        return None

    @abstractmethod
    def restore_state(self, state: Any) -> None:
        """Put back what :meth:`save_state` returned (the world is restored first)."""

    @abstractmethod
    def axtree(self) -> AXTree:
        """The active page's accessibility tree: the model :meth:`axtree_text` renders."""

    def open_pages(self) -> list[tuple[str, str]]:
        """Every open tab's canonical URL and title, in tab order (unclipped)."""
        return [(self._canonical(self._tab_url(tab)), self._tab_title(tab)) for tab in self.tabs]

    @property
    def url(self) -> str:
        """The active tab's URL in canonical form (``str(parse_url(...))``)."""
        if not self.tabs:
            return BLANK_URL
        return self._canonical(self._tab_url(self.tabs[self.active]))

    def tabs_text(self) -> str:
        """One line per open tab: index, title, URL, and which is active.

        At most :data:`MAX_TABS` lines of at most :data:`MAX_TAB_LINE_CHARS` characters.
        Only the active tab (and tabs that changed) are read again; the others' labels
        are remembered.
        """
        labels = getattr(self, "_labels", None)
        if labels is None:
            labels = self._labels = {}
        lines = []
        for index, tab in enumerate(self.tabs):
            entry = labels.get(id(tab))
            if index == self.active or entry is None or entry[0] is not tab:
                entry = (tab, self._tab_title(tab), self._canonical(self._tab_url(tab)))
                labels[id(tab)] = entry
            lines.append(tab_line(index, entry[1], entry[2], index == self.active))
        if len(labels) > 2 * len(self.tabs) + 8:  # forget closed tabs
            open_ids = {id(tab) for tab in self.tabs}
            for key in [key for key in labels if key not in open_ids]:
                del labels[key]
        return "\n".join(lines)

    @abstractmethod
    def document(self, url: str = "last") -> html.HtmlElement:
        """The DOM of the active page (``"last"``) or of ``url`` fetched as the same user."""

    def element_facts(self, target: int) -> ElementFacts | None:
        """What the action semantics know about the element with AX id ``target``.

        None when no element of the active page has that id (text-node ids included).
        Action candidates (:mod:`webenv.candidates`) use it to offer only actions that
        the semantics here accept.
        """
        return self._facts(target)

    def history_moves(self) -> tuple[bool, bool]:
        """Whether the active tab can go back and go forward in its history."""
        if not self.tabs:
            return False, False
        tab: HistoryTab = self.tabs[self.active]
        return tab.position > 0, tab.position < len(tab.history) - 1

    def rgb_array(self) -> np.ndarray:
        """The active tab's viewport as an ``HxWx3`` ``uint8`` array (drawing backends only)."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing; use backend='chromium'")

    def check_thread(self, call: str) -> None:
        """Raise :class:`~webenv.errors.WrongThread` if the calling thread cannot drive this
        browser for ``call`` (e.g. ``"step"``); any thread can drive the in-process one."""
        del call  # plain Python objects: no thread is refused

    @abstractmethod
    def close(self) -> None:
        """Release every resource. Safe to call twice."""

    # -- primitives each backend supplies ------------------------------------------------

    @abstractmethod
    def _facts(self, target: int) -> ElementFacts | None:
        """Facts about the element with AX id ``target`` on the active page, or None."""

    @abstractmethod
    def _focus(self, target: int) -> None:
        """Focus the element (a click on an element that is not activatable)."""

    @abstractmethod
    def _activate(self, target: int) -> None:
        """A pointer click on an activatable element (not a link, not an option)."""

    @abstractmethod
    def _follow(self, target: int, url: URL) -> None:
        """Follow the link ``target`` to ``url`` (valid and reachable) in the active tab."""

    @abstractmethod
    def _fill(self, target: int, text: str, press_enter: bool) -> None:
        """Replace a text field's value with ``text``; then press Enter if asked."""

    @abstractmethod
    def _choose_option(self, select: int, index: int, toggle: bool) -> None:
        """Select option ``index`` of ``select`` (toggle it in a multiple select)."""

    @abstractmethod
    def _set_checked(self, target: int, checked: bool) -> None:
        """Check or uncheck a checkbox or radio button."""

    @abstractmethod
    def _hover(self, target: int) -> None:
        """Move the pointer over the element."""

    @abstractmethod
    def _press(self, target: int | None, key: str) -> None:
        """Press ``key`` in the element ``target`` (focusing it) or the focused element."""

    @abstractmethod
    def _scroll(self, up: bool) -> None:
        """Scroll the page by one step up or down."""

    @abstractmethod
    def _load(self, url: URL) -> None:
        """Navigate the active tab to ``url`` (valid and reachable), adding a history entry."""

    @abstractmethod
    def _api_call(self, method: str, url: URL, body: bytes | None) -> ApiResponse:
        """Send one API request with the tab's cookies (no redirect followed) and log it.

        Sends ``Accept: application/json`` and, with a body, ``Content-Type:
        application/json`` (:func:`webenv.browser.apipage.request_headers`).

        Raises:
            ActionError: the request could not be made (a transport failure).
        """

    @abstractmethod
    def _show_document(self, url: URL, document: bytes) -> None:
        """Show the HTML ``document`` as the page at ``url`` in the active tab, adding a
        history entry (as a navigation)."""

    @abstractmethod
    def _restore(self, url: str) -> None:
        """Load history entry ``url`` afresh in the active tab (history is left to the base)."""

    @abstractmethod
    def _open_tab(self) -> Any:
        """A new blank tab whose history is ``[about:blank]`` (not yet in ``tabs``)."""

    @abstractmethod
    def _discard_tab(self, tab: Any) -> None:
        """Release a tab already removed from ``tabs``."""

    def _show_tab(self) -> None:  # noqa: B027 - optional hook: a backend that draws shows it
        """Bring the active tab to the front."""

    @abstractmethod
    def _tab_url(self, tab: Any) -> str:
        """The tab's URL as the backend holds it."""

    @abstractmethod
    def _tab_title(self, tab: Any) -> str:
        """The tab's document title."""

    # -- semantics ---------------------------------------------------------------------

    def _element(self, action: Action) -> ElementFacts:
        """The target's facts; errors for a missing or hidden target."""
        facts = self._facts(action.target) if action.target is not None else None
        if facts is None:
            raise ActionError(
                f"no element with id [{action.target}] on this page; use an id "
                "shown in brackets in the current observation"
            )
        if facts.hidden:
            raise ActionError(f"element [{action.target}] is not visible on this page")
        return facts

    def _do_click(self, action: Action) -> None:
        facts = self._element(action)
        target = action.target
        assert target is not None
        if facts.disabled and facts.tag in DISABLEABLE_TAGS:
            raise ActionError(f"element [{target}] is disabled")
        if facts.tag == "option" and facts.select_id is not None:
            select = self._facts(facts.select_id)
            self._choose_option(
                facts.select_id, facts.option_index, toggle=select is not None and select.multiple
            )
            self._focus(facts.select_id)
        elif facts.link is not None:
            url = parse_url(facts.link, base=self.url)
            if url is None:
                raise ActionError(
                    f"link [{target}] goes nowhere: its address "
                    f"{facts.link[:80]!r} is not a valid URL"
                )
            self._follow(target, self._checked_url(url))
        elif facts.tag in ACTIVATABLE_TAGS:
            self._activate(target)
        else:
            self._focus(target)

    def _do_type(self, action: Action) -> None:
        facts = self._element(action)
        if not facts.is_text_field:
            raise ActionError(
                f"element [{action.target}] is not a text field; type into a "
                "textbox, searchbox or spinbutton"
            )
        if facts.disabled or facts.readonly:
            raise ActionError(f"element [{action.target}] is read-only or disabled")
        text = action.text or ""
        if facts.tag == "input" and facts.type == "number" and not is_number_text(text):
            raise ActionError(
                f"element [{action.target}] is a number field: type a number such as 3 or "
                f"2.5 (or nothing to clear it), not {text[:40]!r}"
            )
        assert action.target is not None
        self._fill(action.target, text, action.press_enter)

    def _do_select(self, action: Action) -> None:
        facts = self._element(action)
        if facts.tag != "select":
            raise ActionError(f"element [{action.target}] is not a combobox or listbox")
        wanted = (action.text or "").strip()
        index = match_option(facts.options, wanted)
        if index is None:
            shown = ", ".join(repr(option.label) for option in facts.options[:20])
            raise ActionError(
                f"element [{action.target}] has no option {wanted[:60]!r}; options: {shown}"
            )
        assert action.target is not None
        self._choose_option(action.target, index, toggle=facts.multiple)
        self._focus(action.target)

    def _do_check(self, action: Action, checked: bool = True) -> None:
        facts = self._element(action)
        if not facts.is_checkable:
            raise ActionError(f"element [{action.target}] is not a checkbox or radio button")
        if facts.disabled:
            raise ActionError(f"element [{action.target}] is disabled")
        if not checked and facts.type == "radio":
            raise ActionError(
                f"radio button [{action.target}] cannot be unchecked; check "
                "another option of its group"
            )
        assert action.target is not None
        self._set_checked(action.target, checked)
        self._focus(action.target)

    def _do_uncheck(self, action: Action) -> None:
        self._do_check(action, checked=False)

    def _do_hover(self, action: Action) -> None:
        self._element(action)
        assert action.target is not None
        self._hover(action.target)

    def _do_press(self, action: Action) -> None:
        text = (action.text or "").strip() or "Enter"
        key = canonical_key(text)
        if action.target is not None:
            self._element(action)
        if key is None:
            raise ActionError(
                f"unknown key {text[:40]!r}: press takes a key name (Enter, Tab, ArrowDown, "
                "Escape, F1, ...), one character, or a combination such as Control+a"
            )
        self._press(action.target, key)

    def _do_scroll(self, action: Action) -> None:
        self._scroll(up=(action.text or "").strip().lower() == "up")

    def _do_goto(self, action: Action) -> None:
        url = resolve_url(action.text, self.url)
        if url is None:
            raise invalid_url(expand_placeholders((action.text or "").strip()))
        self._load(url if str(url) == BLANK_URL else self._checked_url(url))

    def _do_api(self, action: Action) -> None:
        url = resolve_url(action.text, self.url)
        if url is None:
            raise invalid_url(expand_placeholders((action.text or "").strip()))
        url = self._checked_url(url)
        method = action.method or "GET"
        body = action.body.encode() if action.body is not None else None
        response = self._api_call(method, url, body)
        self._show_document(url, render_api_page(method, str(url), response))

    def _do_tool(self, action: Action) -> None:
        tool, args = check_call(action.text or "", json.loads(action.body or "{}"))
        if tool.site not in self.world.sites:
            hosted = ", ".join(self.world.sites)
            raise ActionError(
                f"tool {tool.name} works on the {tool.site} site, which this env does not "
                f"host (it hosts {hosted})"
            )
        step = tool.expand(args)
        ACTION_HANDLERS[step.kind](self, step)

    def _checked_url(self, url: URL) -> URL:
        """``url`` ready to load, or the unreachable-host error."""
        url = loadable(url)
        if not reachable(url, self.world.sites):
            raise unreachable(str(url), self.world.sites)
        return url

    def _do_go_back(self, action: Action) -> None:
        self._history_step(-1)

    def _do_go_forward(self, action: Action) -> None:
        self._history_step(+1)

    def _history_step(self, step: int) -> None:
        """Load the GET URL at the new history position afresh (typed values are not kept)."""
        tab: HistoryTab = self.tabs[self.active]
        position = tab.position + step
        if not 0 <= position < len(tab.history):
            raise ActionError(
                "there is no page to go " + ("back" if step < 0 else "forward") + " to in this tab"
            )
        self._restore(tab.history[position])
        tab.position = position

    def _do_new_tab(self, action: Action) -> None:
        if len(self.tabs) >= MAX_TABS:
            raise ActionError(
                f"cannot open a new tab: {MAX_TABS} tabs are open, the most "
                "allowed; close one with close_tab first"
            )
        self.tabs.append(self._open_tab())
        self.active = len(self.tabs) - 1

    def _do_tab_focus(self, action: Action) -> None:
        index = action.tab_index if action.tab_index is not None else -1
        if not 0 <= index < len(self.tabs):
            raise ActionError(f"no tab {index}; open tabs are numbered 0 to {len(self.tabs) - 1}")
        self.active = index
        self._show_tab()

    def _do_close_tab(self, action: Action) -> None:
        tab = self.tabs.pop(self.active)
        self._discard_tab(tab)
        if not self.tabs:
            self.tabs.append(self._open_tab())
        self.active = min(self.active, len(self.tabs) - 1)
        self._show_tab()

    # -- helpers -----------------------------------------------------------------------

    def _start_url(self, start_url: str) -> URL:
        """A task's start URL ready to load, or an error saying why it cannot be."""
        url = resolve_url(start_url, BLANK_URL)
        if url is None:
            raise invalid_url(expand_placeholders(start_url.strip()))
        return url if str(url) == BLANK_URL else self._checked_url(url)

    def _fetch_url(self, url: str) -> URL:
        """The URL :meth:`document` fetches (placeholders expanded), or an error."""
        parsed = parse_url(expand_placeholders(url.strip()))
        if parsed is None:
            raise invalid_url(url)
        return self._checked_url(parsed)

    def _tab_changed(self, tab: object) -> None:
        """Forget the remembered tab-list label of a tab an action ran in."""
        labels = getattr(self, "_labels", None)
        if labels is not None:
            labels.pop(id(tab), None)

    _url_memo: tuple[str, str] = ("", "")

    def _canonical(self, raw: str) -> str:
        """``raw`` in canonical form (unchanged when it does not parse)."""
        memo = self._url_memo
        if memo[0] == raw:
            return memo[1]
        url = parse_url(raw)
        canonical = raw if url is None else str(url)
        self._url_memo = (raw, canonical)
        return canonical


ACTION_HANDLERS: Mapping[str, Callable[[Browser, Action], None]] = MappingProxyType(
    {
        "click": Browser._do_click,
        "type": Browser._do_type,
        "select": Browser._do_select,
        "check": Browser._do_check,
        "uncheck": Browser._do_uncheck,
        "hover": Browser._do_hover,
        "press": Browser._do_press,
        "scroll": Browser._do_scroll,
        "goto": Browser._do_goto,
        "go_back": Browser._do_go_back,
        "go_forward": Browser._do_go_forward,
        "new_tab": Browser._do_new_tab,
        "tab_focus": Browser._do_tab_focus,
        "close_tab": Browser._do_close_tab,
        "api": Browser._do_api,
        "tool": Browser._do_tool,
    }
)
"""Action kind (its string value) -> the base method that carries it out."""
