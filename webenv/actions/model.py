"""The action model: kinds, the parsed :class:`Action`, limits and the one action table.

Every fact about an action verb — its grammar, the kind it parses to, its arguments,
a one-line description and an example — is written once, in :data:`ACTION_TABLE`. The
parsers, the printer and :func:`webenv.actions.describe_actions` all read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from webenv.errors import ActionError

MAX_ACTION_CHARS = 10_000
"""Longest accepted action string."""
MAX_TEXT_CHARS = 5_000
"""Longest typed text, option label or answer."""
MAX_URL_CHARS = 2_000
"""Longest URL for ``goto``."""
MAX_KEY_CHARS = 100
"""Longest key (combination) for ``press``."""
MAX_BODY_CHARS = 5_000
"""Longest JSON body of an ``api`` action or parameter object of a ``tool`` action."""
API_METHODS: tuple[str, ...] = ("GET", "POST", "PUT", "DELETE")
"""The HTTP methods an ``api`` action may use."""

Grammar = Literal["webarena", "browsergym"]
GRAMMARS: tuple[Grammar, ...] = ("webarena", "browsergym")


class ActionKind(StrEnum):
    """What an action does. Members are equal to their string values (``"click"``...)."""

    CLICK = "click"
    TYPE = "type"
    SELECT = "select"
    CHECK = "check"
    UNCHECK = "uncheck"
    HOVER = "hover"
    PRESS = "press"
    SCROLL = "scroll"
    GOTO = "goto"
    GO_BACK = "go_back"
    GO_FORWARD = "go_forward"
    NEW_TAB = "new_tab"
    TAB_FOCUS = "tab_focus"
    CLOSE_TAB = "close_tab"
    API = "api"
    TOOL = "tool"
    STOP = "stop"


KINDS: tuple[str, ...] = tuple(kind.value for kind in ActionKind)
"""Every action kind's string value, in table order."""

ELEMENT_KINDS = frozenset(
    {ActionKind.CLICK, ActionKind.CHECK, ActionKind.UNCHECK, ActionKind.HOVER}
)
"""Kinds whose only argument is an element id."""

NO_ARGUMENT_KINDS = frozenset(
    {ActionKind.GO_BACK, ActionKind.GO_FORWARD, ActionKind.NEW_TAB, ActionKind.CLOSE_TAB}
)
"""Kinds that take no argument."""


@dataclass(frozen=True)
class ActionSpec:
    """One verb of one grammar.

    Attributes:
        grammar: ``"webarena"`` or ``"browsergym"``.
        verb: The verb as written (lower case).
        kind: The :class:`ActionKind` it parses to.
        params: Argument names, in order (BrowserGym: the call's parameters; WebArena:
            the bracketed arguments).
        required: How many of ``params`` must be given.
        description: One line: what the action does.
        example: A complete example action.
    """

    grammar: Grammar
    verb: str
    kind: ActionKind
    params: tuple[str, ...]
    required: int
    description: str
    example: str

    @property
    def signature(self) -> str:
        """The usage line, e.g. ``type [id] [text] [press_enter]`` or ``fill(bid, value)``."""
        if self.grammar == "browsergym":
            return f"{self.verb}({', '.join(self.params)})"
        if self.kind == ActionKind.SCROLL:
            return "scroll [down] or scroll [up]"
        return " ".join([self.verb, *(f"[{param}]" for param in self.params)])


def _specs() -> tuple[ActionSpec, ...]:
    K = ActionKind
    w: Grammar = "webarena"
    b: Grammar = "browsergym"
    rows = [
        (w, "click", K.CLICK, ("id",), 1, "Click the element with this id.", "click [12]"),
        (w, "type", K.TYPE, ("id", "text", "press_enter"), 2,
         "Clear the field and type text; press_enter is 1 (press Enter, the default) or 0.",
         "type [7] [blue mug] [1]"),
        (w, "select", K.SELECT, ("id", "option"), 2,
         "Choose the option with this label in a drop-down list.", "select [12] [Price]"),
        (w, "check", K.CHECK, ("id",), 1, "Tick a checkbox or choose a radio button.",
         "check [5]"),
        (w, "uncheck", K.UNCHECK, ("id",), 1, "Clear a checkbox.", "uncheck [5]"),
        (w, "hover", K.HOVER, ("id",), 1, "Move the pointer over the element.", "hover [3]"),
        (w, "press", K.PRESS, ("key",), 1,
         "Press a key or key combination in the focused element.", "press [Enter]"),
        (w, "scroll", K.SCROLL, ("direction",), 1, "Scroll the page down or up.",
         "scroll [down]"),
        (w, "goto", K.GOTO, ("url",), 1, "Open a URL in the current tab.",
         "goto [http://shop.test/]"),
        (w, "go_back", K.GO_BACK, (), 0, "Go back one page in the tab's history.", "go_back"),
        (w, "go_forward", K.GO_FORWARD, (), 0, "Go forward one page in the tab's history.",
         "go_forward"),
        (w, "new_tab", K.NEW_TAB, (), 0, "Open a new, blank tab and focus it.", "new_tab"),
        (w, "tab_focus", K.TAB_FOCUS, ("index",), 1, "Focus the tab with this index (from 0).",
         "tab_focus [1]"),
        (w, "close_tab", K.CLOSE_TAB, (), 0, "Close the current tab.", "close_tab"),
        (w, "api", K.API, ("method", "url", "body"), 2,
         "Call a site's JSON API as the logged-in user (method GET, POST, PUT or DELETE; a "
         "JSON body for writes); the response is shown as a page.",
         'api [POST] [http://forum.test/api/submissions/1/vote] [{"choice": 1}]'),
        (w, "tool", K.TOOL, ("name", "params"), 1,
         "Run one of the site tools listed below with a JSON object of its parameters.",
         'tool [open_forum] [{"name": "books"}]'),
        (w, "stop", K.STOP, ("answer",), 0,
         "End the episode with this answer (empty when no answer is asked for).",
         "stop [$41.97]"),
        (b, "click", K.CLICK, ("bid",), 1, "Click the element with this id.", 'click("12")'),
        (b, "fill", K.TYPE, ("bid", "value"), 2,
         "Clear the field and type the value (without pressing Enter).",
         'fill("7", "blue mug")'),
        (b, "select_option", K.SELECT, ("bid", "options"), 2,
         "Choose the option with this label in a drop-down list.",
         'select_option("12", "Price")'),
        (b, "check", K.CHECK, ("bid",), 1, "Tick a checkbox or choose a radio button.",
         'check("5")'),
        (b, "uncheck", K.UNCHECK, ("bid",), 1, "Clear a checkbox.", 'uncheck("5")'),
        (b, "hover", K.HOVER, ("bid",), 1, "Move the pointer over the element.", 'hover("3")'),
        (b, "press", K.PRESS, ("bid", "key_comb"), 2,
         "Focus the element and press a key or key combination.", 'press("7", "Enter")'),
        (b, "keyboard_press", K.PRESS, ("key",), 1,
         "Press a key or key combination in the focused element.", 'keyboard_press("Enter")'),
        (b, "scroll", K.SCROLL, ("delta_x", "delta_y"), 2,
         "Scroll the page; delta_y > 0 scrolls down, < 0 up.", "scroll(0, 400)"),
        (b, "goto", K.GOTO, ("url",), 1, "Open a URL in the current tab.",
         'goto("http://shop.test/")'),
        (b, "go_back", K.GO_BACK, (), 0, "Go back one page in the tab's history.", "go_back()"),
        (b, "go_forward", K.GO_FORWARD, (), 0, "Go forward one page in the tab's history.",
         "go_forward()"),
        (b, "new_tab", K.NEW_TAB, (), 0, "Open a new, blank tab and focus it.", "new_tab()"),
        (b, "tab_focus", K.TAB_FOCUS, ("index",), 1, "Focus the tab with this index (from 0).",
         "tab_focus(1)"),
        (b, "tab_close", K.CLOSE_TAB, (), 0, "Close the current tab.", "tab_close()"),
        (b, "api", K.API, ("method", "url", "body"), 2,
         "Call a site's JSON API as the logged-in user (method GET, POST, PUT or DELETE; a "
         "JSON body for writes); the response is shown as a page.",
         'api("POST", "http://forum.test/api/submissions/1/vote", \'{"choice": 1}\')'),
        (b, "tool", K.TOOL, ("name", "params"), 1,
         "Run one of the site tools listed below with a dict of its parameters.",
         'tool("open_forum", {"name": "books"})'),
        (b, "send_msg_to_user", K.STOP, ("text",), 1, "End the episode with this answer.",
         'send_msg_to_user("$41.97")'),
        (b, "report_infeasible", K.STOP, ("reason",), 1,
         "End the episode saying the task cannot be done, and why.",
         'report_infeasible("no such order")'),
    ]  # fmt: skip
    return tuple(ActionSpec(*row) for row in rows)


ACTION_TABLE: tuple[ActionSpec, ...] = _specs()
"""Every verb of both grammars: the one source of the action vocabulary."""


def spec(grammar: Grammar, verb: str) -> ActionSpec | None:
    """The table row for ``verb`` in ``grammar``, or None."""
    return _BY_VERB.get((grammar, verb))


def verbs(grammar: Grammar) -> tuple[str, ...]:
    """Every verb of ``grammar``, in table order."""
    return tuple(row.verb for row in ACTION_TABLE if row.grammar == grammar)


_BY_VERB = {(row.grammar, row.verb): row for row in ACTION_TABLE}


@dataclass(frozen=True)
class Action:
    """A parsed action.

    Attributes:
        kind: What the action does (an :class:`ActionKind`; a plain string such as
            ``"click"`` is converted).
        target: Element id for click/type/select/check/uncheck/hover (and for a
            BrowserGym ``press(bid, key)``).
        text: Typed text, option label, key, URL, answer, scroll direction
            (``"up"``/``"down"``), or a tool's name.
        press_enter: For ``type``: press Enter after typing.
        tab_index: For ``tab_focus``.
        infeasible: For ``stop`` from ``report_infeasible``; ``text`` is the reason.
        method: For ``api``: the HTTP method (upper case); ``text`` is the URL.
        body: For ``api``: the JSON body, or None; for ``tool``: its parameters as a
            JSON object. Both in canonical form (``json.dumps`` of the parsed value).

    Raises:
        ActionError: ``kind`` is not an action kind.
    """

    kind: ActionKind
    target: int | None = None
    text: str | None = None
    press_enter: bool = False
    tab_index: int | None = None
    infeasible: bool = False
    method: str | None = None
    body: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):
            try:
                kind = ActionKind(self.kind)
            except ValueError:
                raise ActionError(
                    f"unknown action kind {self.kind!r}; accepted: {', '.join(KINDS)}"
                ) from None
            object.__setattr__(self, "kind", kind)

    def to_str(self) -> str:
        """The canonical action string (WebArena style where it can express it).

        ``parse_action(action.to_str()) == action`` for every parsed action.
        """
        from webenv.actions.printer import format_action

        return format_action(self)

    def __str__(self) -> str:
        return self.to_str()
