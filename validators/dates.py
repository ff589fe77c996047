"""Dates, months and durations in free text.

Dates and months are read by ``dateparser`` (English, US month/day order, absolute
dates only: the worlds have their own clock, so "yesterday" cannot be resolved here).
Durations are read from "<number> <unit>" pairs with a fixed unit table.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache

import dateparser
from dateparser.search import search_dates

from .numbers import find_numbers

_BASE_SETTINGS = {
    "DATE_ORDER": "MDY",
    "PARSERS": ["custom-formats", "absolute-time"],
    "PREFER_DAY_OF_MONTH": "first",
    "RETURN_AS_TIMEZONE_AWARE": False,
}
_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)|'\d{2}\b|\b\d{1,2}/\d{2}\b")
_MAX_TEXT = 500
_PIECES = re.compile(
    r"\b(?:and|or|to|till|until|through|thru|versus|vs|between|then|but)\b|[;\n|&]",
    re.IGNORECASE,
)


def _settings(parts: tuple[str, ...]) -> dict:
    return {**_BASE_SETTINGS, "REQUIRE_PARTS": list(parts)}


@lru_cache(maxsize=4096)
def _parse_whole(text: str, parts: tuple[str, ...]) -> date | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            parsed = dateparser.parse(text, languages=["en"], settings=_settings(parts))
        except Exception:  # dateparser raises assorted errors on odd input
            return None
    return parsed.date() if parsed is not None else None


@lru_cache(maxsize=4096)
def _search(text: str, parts: tuple[str, ...]) -> tuple[date, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            found = search_dates(text, languages=["en"], settings=_settings(parts))
        except Exception:  # dateparser raises assorted errors on odd input
            return ()
    return tuple(d.date() for _, d in found or ())


_SHORT_YEAR = re.compile(r"(?<=[A-Za-z.,])\s*['’](\d{2})\b")


_MARKUP = re.compile(r"[*`~]+|(?<![^\W_])_+|_+(?![^\W_])")
"""Markdown emphasis and code marks ("Joined: **July 19, 2020**", "`December 2023`"),
which keep the date parser from finding a date inside a sentence."""


_MONTH_OF = re.compile(r"\bmonth\s+of\b", re.IGNORECASE)
"""The words "month of" before a month ("in the month of December 2023"), which keep the
date parser from finding it."""


ORDINAL_WORDS = tuple(
    re.findall(
        r"\w+",
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth",
    )
)
"""The ordinal words from "first" to "nineteenth", in order."""
_ORDINAL_DAYS = {
    **{word: day for day, word in enumerate(ORDINAL_WORDS, 1)},
    "twentieth": 20,
    "thirtieth": 30,
    **{
        f"twenty{sep}{word}": 20 + day
        for day, word in enumerate(ORDINAL_WORDS[:9], 1)
        for sep in "- "
    },
    "thirty-first": 31,
    "thirty first": 31,
}
_ORDINAL_DAY = re.compile(
    r"\b(?:the\s+)?("
    + "|".join(sorted(map(re.escape, _ORDINAL_DAYS), key=len, reverse=True))
    + r")\s+(?:day\s+)?of\s+(?=[A-Za-z]{3})",
    re.IGNORECASE,
)
"""A day of the month in words before its month ("the nineteenth of November")."""


_DAY_IN_WORDS = re.compile(
    r"\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?)\s+(?:the\s+)?("
    + "|".join(sorted(map(re.escape, _ORDINAL_DAYS), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
"""A day of the month in words after its month ("July nineteenth, 2020")."""
_BASIC_ISO = re.compile(
    r"(?<![\d.,/-])((?:19|20)\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?![\d.,/-])"
)
"""A date in ISO 8601's basic format, without separators ("20200719")."""


def _clean(text: str) -> str:
    text = _SHORT_YEAR.sub(r" 20\1", str(text))  # "March '24" -> "March 2024"
    text = _ORDINAL_DAY.sub(lambda m: f"{_ORDINAL_DAYS[m.group(1).lower()]} ", text)
    text = _DAY_IN_WORDS.sub(lambda m: f"{m.group(1)} {_ORDINAL_DAYS[m.group(2).lower()]}", text)
    text = _BASIC_ISO.sub(r"\1-\2-\3", text)
    text = _MARKUP.sub(" ", text)
    text = _MONTH_OF.sub(" ", text)
    return " ".join(text.split()).strip(" .;:!?\"'")[:_MAX_TEXT]


def find_dates(text: str, parts: tuple[str, ...] = ("day", "month", "year")) -> list[date]:
    """Distinct dates mentioned in ``text`` (the whole text first, then a search).

    Args:
        text: Free text.
        parts: Date parts that must be present (``("month", "year")`` for months).

    Returns:
        Distinct dates in order of appearance (day 1 when no day is given).
    """
    text = _clean(text)
    if not text or not any(c.isdigit() for c in text):
        return []
    # The whole-text parse alone can silently pick one of several dates ("March 5, 2024
    # and April 1, 2024" -> April 1), so a search always runs too.
    seen: list[date] = []
    for piece in _PIECES.split(text):
        for found in _search(piece.strip(" ,"), parts) if piece.strip(" ,") else ():
            if found not in seen:
                seen.append(found)
    whole = _parse_whole(text, parts)
    if whole is not None and whole not in seen:
        seen.append(whole)
    return seen


def parse_date(text: str) -> date | None:
    """A single full date (day, month, year), or None."""
    found = find_dates(text)
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class Month:
    """A calendar month; ``year`` is None for a bare month name in a reference."""

    year: int | None
    month: int

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}" if self.year else f"--{self.month:02d}"


def find_months(text: str, *, need_year: bool = True) -> list[Month]:
    """Distinct months mentioned in ``text``.

    Args:
        text: Free text.
        need_year: If False, a bare month name ("March") is accepted with ``year=None``.
    """
    months: list[Month] = []
    for found in find_dates(text, ("month", "year")):
        m = Month(found.year, found.month)
        if m not in months:
            months.append(m)
    if not months and not need_year:
        cleaned = _clean(text)
        if cleaned and not _YEAR.search(cleaned):
            parsed = _parse_whole(cleaned, ("month",))
            if parsed is not None:
                months.append(Month(None, parsed.month))
    return months


_UNIT_SECONDS = {
    "second": 1,
    "minute": 60,
    "hour": 3600,
    "day": 86400,
    "week": 604800,
    "month": 2592000,
    "year": 31536000,
}
_UNIT_ALIASES = {
    "s": "second",
    "sec": "second",
    "secs": "second",
    "second": "second",
    "seconds": "second",
    "m": "minute",
    "min": "minute",
    "mins": "minute",
    "minute": "minute",
    "minutes": "minute",
    "h": "hour",
    "hr": "hour",
    "hrs": "hour",
    "hour": "hour",
    "hours": "hour",
    "d": "day",
    "day": "day",
    "days": "day",
    "w": "week",
    "wk": "week",
    "wks": "week",
    "week": "week",
    "weeks": "week",
    "mo": "month",
    "mos": "month",
    "month": "month",
    "months": "month",
    "y": "year",
    "yr": "year",
    "yrs": "year",
    "year": "year",
    "years": "year",
}
_UNIT = re.compile(
    r"\s*(" + "|".join(sorted(_UNIT_ALIASES, key=len, reverse=True)) + r")(?![a-z])",
    re.IGNORECASE,
)
_ARTICLE_UNIT = re.compile(
    r"\b(?:(half)\s+)?(?:an?|one)\s+(?:(half)\s+)?(second|minute|hour|day|week|month|year)\b",
    re.IGNORECASE,
)
_QUARTER_HOUR = re.compile(r"\b(a|one|three)\s+quarters?\s+of\s+an\s+hour\b", re.IGNORECASE)
_GLUED = re.compile(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])")
_HALF = re.compile(r"\s*and\s+a\s+half\b", re.IGNORECASE)
_JOINER = re.compile(r"^[\s,]*(?:and\s*)?$", re.IGNORECASE)
_CLOCK_NEXT = {"hour": "minute", "minute": "second"}
_CLOCK_JOINER = re.compile(r"^\s*(?:and\s+)?$", re.IGNORECASE)
"""The unit a bare number after hours or minutes counts ("1h30": 30 minutes)."""


@dataclass(frozen=True)
class Duration:
    """A length of time in seconds, with the unit it was stated in."""

    seconds: Decimal
    unit: str | None
    assumed: bool = False

    def __str__(self) -> str:
        if self.unit:
            amount = self.seconds / _UNIT_SECONDS[self.unit]
            text = format(amount.normalize(), "f")
            return f"{text} {self.unit}{'' if amount == 1 else 's'}"
        return f"{format(self.seconds.normalize(), 'f')} s"


def find_durations(text: str, *, default_unit: str | None = None) -> list[Duration]:  # noqa: C901 - one branch per duration spelling
    """Distinct durations in ``text`` ("2 days", "1 hour 30 minutes", "an hour").

    Compound durations in decreasing units are summed ("1 h 30 min" = 90 min); a unitless
    number takes the unit of the nearest stated duration, or ``default_unit`` if the text
    states none. Months count 30 days and years 365 days.
    """
    text = _GLUED.sub(" ", str(text)[:_MAX_TEXT])
    pairs: list[tuple[int, int, Decimal, str]] = []  # (start, end, seconds, unit)
    used: list[tuple[int, int]] = []
    for match in _QUARTER_HOUR.finditer(text):
        quarters = 3 if match.group(1).lower() == "three" else 1
        pairs.append((match.start(), match.end(), Decimal(900 * quarters), "minute"))
        used.append((match.start(), match.end()))
    for match in _ARTICLE_UNIT.finditer(text):
        if any(s <= match.start() < e for s, e in used):
            continue
        unit = match.group(3).lower()
        amount = Decimal("0.5") if match.group(1) or match.group(2) else Decimal(1)
        end = match.end()
        if half := _HALF.match(text, end):
            amount, end = amount + Decimal("0.5"), half.end()
        pairs.append((match.start(), end, amount * _UNIT_SECONDS[unit], unit))
        used.append((match.start(), end))
    bare: list[tuple[int, Decimal]] = []
    for mention in find_numbers(text):
        if any(s <= mention.start < e for s, e in used):
            continue
        amount, pos = mention.value, mention.end
        if half := _HALF.match(text, pos):
            amount, pos = amount + Decimal("0.5"), half.end()
        unit_match = _UNIT.match(text, pos)
        if unit_match:
            unit = _UNIT_ALIASES[unit_match.group(1).lower()]
            end = unit_match.end()
            if half := _HALF.match(text, end):
                amount, end = amount + Decimal("0.5"), half.end()
            pairs.append((mention.start, end, amount * _UNIT_SECONDS[unit], unit))
        else:
            bare.append((mention.start, mention.value))
    pairs.sort()
    groups: list[list[tuple[int, int, Decimal, str]]] = []
    for pair in pairs:
        if groups:
            last = groups[-1][-1]
            between = text[last[1] : pair[0]]
            if _JOINER.match(between) and _UNIT_SECONDS[pair[3]] < _UNIT_SECONDS[last[3]]:
                groups[-1].append(pair)
                continue
        groups.append([pair])
    loose: list[tuple[int, Decimal]] = []
    for start, value in bare:
        # "1h30", "1 hour 30", "5 min 30": a whole number under 60 right after hours or
        # minutes counts the next smaller unit, as the clock does.
        group = max((g for g in groups if g[-1][1] <= start), key=lambda g: g[-1][1], default=None)
        smaller = _CLOCK_NEXT.get(group[-1][3]) if group else None
        if (
            group is not None
            and smaller is not None
            and _CLOCK_JOINER.match(text[group[-1][1] : start])
            and value == value.to_integral_value()
            and 0 <= value < 60
        ):
            group.append((start, start, value * _UNIT_SECONDS[smaller], smaller))
        else:
            loose.append((start, value))
    durations = [(g[0][0], Duration(sum((p[2] for p in g), Decimal(0)), g[0][3])) for g in groups]
    for start, value in loose:
        unit, assumed = default_unit, True
        if durations:
            unit, assumed = min(durations, key=lambda d: abs(d[0] - start))[1].unit, False
        if unit:
            durations.append((start, Duration(value * _UNIT_SECONDS[unit], unit, assumed)))
    durations.sort(key=lambda d: d[0])
    distinct: list[Duration] = []
    for _, duration in durations:
        if all(duration.seconds != d.seconds for d in distinct):
            distinct.append(duration)
    return distinct
