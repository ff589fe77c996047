"""Which answer type a reference answer calls for.

Used by the WebArena importer to type imported tasks, and by the lenient ``string``
check to compare references that are really numbers, amounts, dates, durations or
distances as values.
"""

from __future__ import annotations

import re
from typing import Any

from .dates import find_dates, find_durations, parse_date
from .numbers import find_amounts
from .text import tokens
from .units import find_distances

_MONEY_INTENT = re.compile(
    r"\b(?:price|prices|priced|cost|costs|spend|spent|spending|paid|pay|refund|refunded|"
    r"revenue|fee|fees|amount|total|subtotal|shipping|expense|expenses|money|payment)\b",
    re.IGNORECASE,
)
_NOT_A_QUANTITY = re.compile(
    r"\b(?:phone|telephone|zip|postal|postcode|code|id|sku|isbn|number\s+of\s+the|"
    r"order\s+number|street|address)\b",
    re.IGNORECASE,
)
_COUNT_INTENT = re.compile(
    r"\b(?:how\s+many|count|number\s+of|quantity|times|items|units|pieces)\b", re.IGNORECASE
)
_BARE_NUMBER = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?$")
_LABEL = re.compile(r"^[A-Za-z][\w ]{0,20}:\s*")
_QUANTITY_WORDS = frozenset(
    {
        "usd",
        "dollar",
        "dollars",
        "cent",
        "cents",
        "min",
        "mins",
        "minute",
        "minutes",
        "h",
        "hr",
        "hrs",
        "hour",
        "hours",
        "s",
        "sec",
        "secs",
        "second",
        "seconds",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "km",
        "m",
        "mi",
        "miles",
        "mile",
        "meter",
        "meters",
        "metre",
        "metres",
        "kilometer",
        "kilometers",
        "ft",
        "feet",
    }
)


def scalar_kind(value: str, intent: str = "") -> str:
    """The answer type one reference value reads as (``string`` if none fits).

    Args:
        value: One reference value ("6", "$3.50", "Time: 15min", "2.0km", "3/2/22").
        intent: The task's intent, when known: a bare number asked for as a price is
            ``currency``, one asked for as a phone number, code or id is ``string``.
    """
    text = _LABEL.sub("", value.strip()).strip()
    words = tokens(re.sub(r"(?<=\d)(?=[^\W\d_])", " ", text))
    if not words:
        return "string"
    if words in (["yes"], ["no"]):
        return "boolean"
    quantity_only = all(w.isdigit() or w in _QUANTITY_WORDS for w in words)
    if _BARE_NUMBER.match(text):
        digits = sum(c.isdigit() for c in text)
        leading_zero = len(text) > 1 and text[0] == "0" and text[1].isdigit()
        if digits > 8 or leading_zero or _NOT_A_QUANTITY.search(intent):
            return "string"
        if _MONEY_INTENT.search(intent) and not _COUNT_INTENT.search(intent):
            return "currency"
        return "number"
    if quantity_only and any(m.currency for m in find_amounts(text)):
        return "currency"
    if quantity_only and len(find_distances(text)) == 1:
        return "distance"
    if quantity_only and len(find_durations(text)) == 1:
        return "duration"
    if any(c.isdigit() for c in text) and len(find_dates(text)) == 1 and parse_date(text):
        return "date"
    return "string"


def infer_answer_type(refs: dict[str, Any] | None, intent: str = "") -> str:
    """The ``answer_type`` WebArena reference answers and their intent call for.

    ``N/A`` references give ``infeasible``. A single reference value (``exact_match``, or
    one ``must_include``/``fuzzy_match`` item, all ``|OR|`` alternatives alike) reads as
    ``boolean`` (yes/no), ``number`` (a bare count; not a phone number, code or id:
    too long, a leading zero, or the intent says so), ``currency`` (a ``$`` amount, or
    a bare number asked for as a price, cost or total), ``distance``, ``duration``
    (optionally labelled: "Time: 15min") or ``date``. Several ``must_include`` items, or
    a list ``exact_match``, make a ``list``. Everything else, and a mix of approaches, is
    ``string``.

    Args:
        refs: The ``reference_answers`` object.
        intent: The task's intent (disambiguates counts, prices and identifiers).
    """
    if not refs:
        return "string"
    for key in ("fuzzy_match", "exact_match"):
        value = refs.get(key)
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, str) and value.strip().upper() == "N/A":
            return "infeasible"
    present = {
        k: v
        for k, v in refs.items()
        if v is not None and k in ("exact_match", "must_include", "fuzzy_match")
    }
    if len(present) != 1:
        return "string"
    ((key, value),) = present.items()
    if isinstance(value, bool):
        return "string"
    if isinstance(value, int | float):
        return "number"
    items = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    if len(items) > 1:
        return "list" if key in ("must_include", "exact_match") else "string"
    alternatives = [a for a in re.split(r"\s*\|OR\|\s*", items[0]) if a.strip()]
    kinds = {scalar_kind(alt, intent) for alt in alternatives}
    return kinds.pop() if len(kinds) == 1 else "string"
