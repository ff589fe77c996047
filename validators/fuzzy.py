"""``fuzzy_match`` in lenient mode: words compared by similarity, values compared as values.

Token-set similarity alone treats "14" and "24" as near-identical tokens, so numbers,
dates, times, durations and distances are taken out of the comparison and checked as
values: every value the reference states must be stated by the answer. Only the words
that remain are compared by similarity, and negations must apply to the same words.
"""

from __future__ import annotations

import re
from decimal import Decimal

from rapidfuzz import fuzz

from .dates import find_dates, find_durations
from .numbers import find_numbers, parse_number_text
from .text import FILLER, NEGATIONS, fold, tokens
from .units import find_distances

THRESHOLD = 90
"""Minimum token-set similarity of the words (values removed)."""
_DIGITS = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")
_HAS_DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d\s*/\s*\d|"
    r"\d{4}-\d{2}-\d{2}|\d(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)",
    re.IGNORECASE,
)


_CLOCK = re.compile(
    r"(?<![\d:.])(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?|(?<![\d:.])(\d{1,2}):(\d{2})(?![\d:])",
    re.IGNORECASE,
)
"""A time of day: "17:00", "5 PM", "10:30 a.m."."""


def _minutes(match: re.Match[str]) -> int:
    """Minutes after midnight of a :data:`_CLOCK` match."""
    if match.group(3):
        hour = int(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
        return hour * 60 + int(match.group(2) or 0)
    return int(match.group(4)) * 60 + int(match.group(5))


def values(text: str, *, every: bool = False) -> set[str]:
    """The values ``text`` states, as canonical strings: dates (when the text writes one),
    else durations and distances with their units, else plain numbers (digits or words;
    "17:01" is 17 and 1). With ``every``, all of these together (for the answer side:
    its values must include the reference's, whatever the reference's kind)."""
    text = str(text)
    found: set[str] = set()
    if _HAS_DATE.search(text) and (dates := find_dates(text)):
        found = {f"date:{d.isoformat()}" for d in dates}
        if not every:
            return found
    units = {
        f"duration:{d.seconds.normalize()}"
        for d in find_durations(text)
        if d.unit and not d.assumed
    }
    units |= {f"distance:{d.metres.normalize()}" for d in find_distances(text)}
    found |= units
    if units and not every:
        return found
    times = {f"time:{_minutes(m)}" for m in _CLOCK.finditer(text)}
    found |= times
    if times and not every:
        return found
    text = _CLOCK.sub(" ", text)
    numbers: set[str] = set()
    for raw in _DIGITS.findall(text):
        parsed = parse_number_text(raw)
        if parsed is not None:
            numbers.add(f"number:{parsed[0].normalize()}")
    for mention in find_numbers(text):
        if not text[mention.start : mention.end][:1].isdigit():
            numbers.add(f"number:{Decimal(mention.value).normalize()}")
    return found | numbers


_MONTH_WORDS = frozenset(
    [
        "jan",
        "january",
        "feb",
        "february",
        "mar",
        "march",
        "apr",
        "april",
        "may",
        "jun",
        "june",
        "jul",
        "july",
        "aug",
        "august",
        "sep",
        "sept",
        "september",
        "oct",
        "october",
        "nov",
        "november",
        "dec",
        "december",
    ]
)
_NOT_WORDS = _MONTH_WORDS | frozenset(
    [
        "time",
        "date",
        "distance",
        "duration",
        "total",
        "price",
        "cost",
        "about",
        "approximately",
        "approx",
        "around",
        "roughly",
        "estimated",
        "est",
        "takes",
        "take",
        "took",
        "it",
        "is",
        "its",
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
        "km",
        "m",
        "mi",
        "mile",
        "miles",
        "meter",
        "meters",
        "metre",
        "metres",
        "kilometer",
        "kilometers",
        "kilometre",
        "kilometres",
        "ft",
        "feet",
        "foot",
        "st",
        "nd",
        "rd",
        "th",
    ]
)
"""Labels, units and month names: the values carry them, so the words comparison skips
them ("Time: 15min" vs "about 15 minutes")."""


def _words(text: str, dated: bool) -> list[str]:
    """Words to compare; month names only count when the reference states no date."""
    return [
        t
        for t in tokens(text)
        if not any(c.isdigit() for c in t)
        and (t not in _NOT_WORDS or (not dated and t in _MONTH_WORDS))
        and t not in FILLER
    ]


def negation_targets(toks: list[str]) -> set[str]:
    """The words negations apply to: the first non-filler word after each negation
    (singular: "no airports" and "no airport" negate the same word)."""
    targets = set()
    for i, tok in enumerate(toks):
        if tok in NEGATIONS:
            after = next((t for t in toks[i + 1 :] if t not in FILLER and t not in NEGATIONS), "")
            targets.add(after[:-1] if len(after) > 3 and after.endswith("s") else after)
    return targets


def _closest(word: str, candidates: list[str]) -> str:
    """``word``, or the answer word it is a one-letter typo of ("Feburary" -> "february")."""
    if word in candidates or len(word) < 5:
        return word
    best = max(candidates, key=lambda c: fuzz.ratio(word, c), default=word)
    return best if fuzz.ratio(word, best) >= 85 and best[0] == word[0] else word


def compare(reference: str, answer: str) -> tuple[str, float]:
    """Compare one reference item with an answer.

    Returns:
        ``(why, similarity)``: ``why`` is ``""`` when they match, else ``"value"`` (a
        reference value is missing or changed), ``"negated"`` (negations apply to other
        words) or ``"mismatch"`` (the words are not similar enough).
    """
    ref_values = values(reference)
    if ref_values and not ref_values <= values(answer, every=True):
        return "value", 0.0
    dated = any(v.startswith("date:") for v in ref_values)
    ref_words, answer_words = _words(reference, dated), _words(answer, dated)
    ref_words = [_closest(w, answer_words) for w in ref_words]
    similarity = 100.0
    if ref_words:
        similarity = fuzz.token_set_ratio(" ".join(ref_words), " ".join(answer_words))
    if similarity < THRESHOLD:
        return "mismatch", similarity
    ref_targets = negation_targets(tokens(fold(reference)))
    extra = negation_targets(tokens(fold(answer))) - ref_targets
    if ref_targets - negation_targets(tokens(fold(answer))) or extra & set(ref_words):
        return "negated", similarity
    return "", similarity
