"""Values seen: a bounded episode memory of what the visited pages showed.

A task often asks the agent to read a value on one page and type it on another (a price
into a forum comment, an order number into a message, a username into an invite form).
:mod:`webenv.candidates` offers such values for typing. ``WebEnv(candidates=True)``
keeps, for the last :data:`MAX_PAGES` pages of the episode, the values each page showed,
read from its accessibility-tree text (the text both backends share, so both remember
the same); the memory starts empty at ``reset``, is kept by ``save_state`` and computed
only when candidates are on. A page that changes in place (same URL) replaces its
record.

What a page contributes, in tree order, from its title and the names of its
``StaticText``, ``link``, ``cell``, ``heading`` and similar lines outside the site
chrome (``banner``, ``navigation`` and ``contentinfo`` landmarks, which repeat on every
page) and outside controls (a button's text is its label):

- **texts**: the page's title without the site's name (``Knitting | Agora`` gives
  ``Knitting``); each link, cell or heading name of at most :data:`MAX_WORDS` words
  that is not a sentence (ending in ``.``, ``!`` or ``:``) and does not start with a
  number (``3 comments`` is a count: its number is kept as a number); amounts of money
  as shown (``$12.34``); identifiers (``#100123`` or a number of five or more digits,
  without the ``#``). A ``StaticText`` gives no whole text (most are sentences and
  separators), only its money, identifiers, numbers and dates, unless it is the text of
  a ``definition`` or a cell (``Status`` / ``Canceled`` in a description list). A text that names a
  control of the page (a field's label, a button) is left out, and so is any text
  longer than :data:`MAX_SEEN_CHARS` characters.
- **numbers**: every number in those names (``28 points`` gives ``28``; ``$1,234.50``
  gives ``1234.50``), dates aside, for number fields.
- **dates**: every date written like ``Mar 4, 2024`` or ``2024-03-04``, in ISO form
  (``2024-03-04``, what the sites' date fields take).
- **handles**: usernames: ``@name`` mentions, and link or cell names that are one
  lower-case word joined by ``.``, ``_`` or ``-``, or ending in digits (``sara.hughes``,
  ``copper_quinn``, ``yusufj81``).

:func:`seen_values` orders them for a field: the most recent page of each other site
first, then the rest, most recent first. Pages are kept as immutable
:class:`SeenPage` records, so a snapshot of the memory is the tuple itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date

from webenv.sites.core.urls import parse_url

MAX_PAGES = 8
"""Pages remembered (the most recent ones; the current page is one of them)."""
MAX_PAGE_VALUES = 400
"""Values of each kind kept from one page (the first ones in tree order)."""
MAX_SEEN_CHARS = 100
"""Longest text remembered."""
MAX_WORDS = 12
"""Most words in a remembered link, cell or heading name."""

CHROME_ROLES = frozenset({"banner", "navigation", "contentinfo"})
"""Landmarks whose content is site chrome, shown alike on every page."""
CONTROL_ROLES = frozenset(
    {
        "button",
        "textbox",
        "searchbox",
        "combobox",
        "listbox",
        "option",
        "checkbox",
        "radio",
        "spinbutton",
        "menuitem",
        "tab",
        "switch",
        "slider",
    }
)
"""Controls: their names and the text inside them are labels, not values."""
VALUE_ROLES = frozenset(
    {
        "StaticText",
        "link",
        "cell",
        "gridcell",
        "rowheader",
        "heading",
        "term",
        "definition",
        "caption",
        "status",
    }
)
"""Roles whose names are read as values."""
VALUE_PARENT_ROLES = frozenset({"definition", "cell", "gridcell"})
"""Roles whose ``StaticText`` children are whole values (a ``definition`` is unnamed)."""
NAMED_VALUE_ROLES = (VALUE_ROLES - {"StaticText"}) | {"RootWebArea"}
"""Roles whose whole name (up to :data:`MAX_WORDS` words) is a text value."""

_LINE = re.compile(r"^(\t*)\[\d+\] (\S+) '(.*?)'(?= [\w-]+: |$)")
_MONEY = re.compile(r"[$€£]\d[\d,]*(?:\.\d+)?")
_MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
_HANDLE = re.compile(r"[a-z][a-z0-9]*(?:[._-][a-z0-9]+)+|[a-z]+\d+")
_AT_HANDLE = re.compile(r"(?<![\w.])@([a-z][a-z0-9]*(?:[._-][a-z0-9]+)*)")
_SITE_SUFFIX = re.compile(r" [|·] [^|·]*$")
_SENTENCE_END = (".", "!", ":")
_LEADING_NUMBER = re.compile(r"[-+]?\d")
_DATE = re.compile(rf"\b(?:({_MONTHS})[a-z]* (\d{{1,2}}), (\d{{4}})|(\d{{4}})-(\d\d)-(\d\d))\b")
_MONTH_NUMBER = {name: i for i, name in enumerate(_MONTHS.split("|"), 1)}
_NUMBER = re.compile(
    r"(?<![\w.,-])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,]|\.\d)|(?<![\w.,-])-?\d+(?:\.\d+)?(?![\w,]|\.\d)"
)
_IDENTIFIER = re.compile(r"#(\d+)\b|(?<![\w.,$-])(\d{5,})(?![\w.,])")


@dataclass(frozen=True)
class SeenPage:
    """The values one page showed, each kind in tree order without repeats."""

    url: str
    host: str
    texts: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    handles: tuple[str, ...] = ()


def read_page(url: str, axtree: str) -> SeenPage:
    """The values the page at ``url`` shows in its accessibility-tree text ``axtree``."""
    texts: list[str] = []
    numbers: list[str] = []
    dates: list[str] = []
    handles: list[str] = []
    labels: set[str] = set()
    for role, name in _content_lines(axtree, labels):
        if role == "RootWebArea":
            name = _SITE_SUFFIX.sub("", name)
        if role in NAMED_VALUE_ROLES and _is_name(name):
            texts.append(name)
            if _HANDLE.fullmatch(name):
                handles.append(name)
        handles.extend(m.group(1) for m in _AT_HANDLE.finditer(name))
        texts.extend(m.group(0) for m in _MONEY.finditer(name))
        texts.extend(m.group(1) or m.group(2) for m in _IDENTIFIER.finditer(name))
        found = list(_DATE.finditer(name))
        dates.extend(iso for iso in map(_iso_date, found) if iso is not None)
        rest = _DATE.sub(" ", name)
        numbers.extend(m.group(0).replace(",", "") for m in _NUMBER.finditer(rest))
    parsed = parse_url(url)
    return SeenPage(
        url,
        parsed.host if parsed is not None and parsed.host else "",
        _distinct(t for t in texts if t not in labels and len(t) <= MAX_SEEN_CHARS),
        _distinct(numbers),
        _distinct(dates),
        _distinct(handles),
    )


def _content_lines(axtree: str, labels: set[str]) -> Iterator[tuple[str, str]]:
    """(role, name) of the value lines outside the site chrome and controls; fills
    ``labels`` with the names of the page's other lines (controls and their labels)."""
    skip_depth: int | None = None
    roles: list[str] = []  # the roles of the line's ancestors, by depth
    for line in axtree.splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        depth, role, name = len(match.group(1)), match.group(2), " ".join(match.group(3).split())
        parent = roles[depth - 1] if 0 < depth <= len(roles) else ""
        del roles[depth:]
        roles.append(role)
        if role == "StaticText" and parent in VALUE_PARENT_ROLES:
            role = parent  # the text of a definition (a description list's value)
        if skip_depth is not None and depth <= skip_depth:
            skip_depth = None
        if skip_depth is not None:
            continue
        if role in CHROME_ROLES or role in CONTROL_ROLES:
            skip_depth = depth
        if role not in VALUE_ROLES and role != "RootWebArea":
            labels.add(name)
        elif skip_depth is None and name:
            yield role, name
        if role == "RootWebArea" and name:
            yield role, name


def _is_name(name: str) -> bool:
    """Whether a link, cell or heading name reads as a value: short, not a sentence, not
    a number or a count ("3 comments": its number is kept as a number)."""
    return (
        len(name.split()) <= MAX_WORDS
        and not name.endswith(_SENTENCE_END)
        and _LEADING_NUMBER.match(name) is None
    )


def _iso_date(match: re.Match[str]) -> str | None:
    month_name, day, year, iso_year, iso_month, iso_day = match.groups()
    try:
        if month_name is not None:
            return date(int(year), _MONTH_NUMBER[month_name], int(day)).isoformat()
        return date(int(iso_year), int(iso_month), int(iso_day)).isoformat()
    except ValueError:
        return None


def _distinct(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))[:MAX_PAGE_VALUES]


def remember(pages: tuple[SeenPage, ...], url: str, axtree: str) -> tuple[SeenPage, ...]:
    """``pages`` with the page now shown added last (replacing the last record when the
    URL is the same: the page changed in place), keeping the last :data:`MAX_PAGES`."""
    page = read_page(url, axtree)
    if pages and pages[-1].url == url:
        if pages[-1] == page:
            return pages
        pages = pages[:-1]
    return (*pages, page)[-MAX_PAGES:]


SEEN_KINDS = ("texts", "numbers", "dates", "handles")
"""The kinds of value a :class:`SeenPage` keeps."""


def seen_values(pages: Sequence[SeenPage], kind: str, limit: int, host: str) -> list[str]:
    """Up to ``limit`` distinct values of ``kind`` from ``pages`` (oldest first), for a
    field on a page of ``host``.

    The pages are read in this order, each page's values in tree order: the most recent
    page of each other site (the most recently left site first), since a value carried
    from one site to another is what the agent read last there; then the other pages,
    most recent first.
    """
    latest = list(reversed(pages))
    last_of_site: dict[str, SeenPage] = {}
    for page in latest:
        if page.host != host:
            last_of_site.setdefault(page.host, page)
    first = list(last_of_site.values())
    found: dict[str, None] = {}
    for page in [*first, *(p for p in latest if all(p is not f for f in first))]:
        for value in getattr(page, kind):
            found.setdefault(value)
            if len(found) == limit:
                return list(found)
    return list(found)
