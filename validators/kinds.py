"""Lenient typed scalars: numbers, money, dates, months, durations, booleans, URLs.

Each answer type is a :class:`Kind`: how it reads a reference, extracts values from an
answer, compares them and prints them. :func:`check_typed` applies one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .booleans import find_booleans
from .context import EvalContext
from .dates import Duration, Month, find_dates, find_durations, find_months, parse_date
from .numbers import NUMBER_WORDS, find_amounts, find_numbers, to_cents
from .phrases import CLAUSE_START
from .strict import items_of
from .text import APPROXIMATELY, ASIDE, FILLER, NEGATIONS, fold, segments, split_or, tokens
from .units import Distance, find_distances, same_distance
from .urls import NormalUrl, normalize_url, urls_in_text
from .verdict import Verdict, error, fail, ok, show


@dataclass(frozen=True)
class Kind:
    """How one answer type reads, compares and prints its values."""

    name: str
    parse_ref: Callable[[str, EvalContext | None], Any]
    extract: Callable[[str, Any, EvalContext | None], list[Any]]
    equal: Callable[[Any, Any], str | None]
    show: Callable[[Any], str] = str


@dataclass(frozen=True)
class _Num:
    value: Any  # Decimal
    decimals: int
    currency: str | None = None  # the currency code written with it ("USD")
    measure: str | None = None  # a measure written right after it ("%", "km")

    @property
    def unit(self) -> str | None:
        """What the number counts, when the text says: its currency or its measure."""
        return self.currency or self.measure

    def __str__(self) -> str:
        shown = format(self.value.normalize(), "f")
        return f"{shown} {self.unit}" if self.unit else shown


_MEASURES = (
    r"%|‰|per\s?cent\b|km|kilomet(?:er|re)s?|met(?:er|re)s?|cm|mm|mi|miles?|ft|feet|foot|"
    r"yards?|kg|kilograms?|grams?|lbs?|ounces?|oz"
)
_MEASURE = re.compile(r"\s?(" + _MEASURES + r")(?![^\W\d_])", re.IGNORECASE)
"""A measure right after a number ("12%", "12 km", "12 kg"): a count is none of them."""


def distinct(values: list[Any], key: Callable[[Any], Any] = lambda v: v) -> list[Any]:
    seen, result = set(), []
    for value in values:
        k = key(value)
        if k not in seen:
            seen.add(k)
            result.append(value)
    return result


def _nums(text: str, *, counting: bool = False) -> list[_Num]:
    """The numbers of ``text``; when ``counting`` (the question asks "how many"), without
    those that label a thing rather than count ("12th", "#12", merge request "!4")."""
    found = []
    for m in find_numbers(text):
        if counting and (m.label or text[: m.start].rstrip().endswith("!")):
            continue
        after = _MEASURE.match(text, m.end)
        measure = after.group(1).lower().replace(" ", "") if after else None
        found.append(
            _Num(m.value, m.decimals, m.currency, "%" if measure == "percent" else measure)
        )
    return distinct(found, key=lambda n: n.value)


_ASKS_PERCENT = re.compile(r"\bpercent(?:age)?s?\b|\bper\s?cent\b|%", re.IGNORECASE)
"""A question that asks for a percentage ("What percentage discount ...?")."""


def _num_ref(text: str, context: EvalContext | None) -> _Num | None:
    found = _nums(text)
    if len(found) != 1:
        return None
    ref = found[0]
    if ref.unit is None and context is not None and _ASKS_PERCENT.search(context.intent):
        return replace(ref, measure="%")  # "15" for "What percentage ...?" is 15 %
    return ref


def _num_extract(text: str, hint: Any, context: EvalContext | None) -> list[_Num]:
    return _nums(text, counting=context is not None and bool(_HOW_MANY.search(context.intent)))


def _num_equal(answer: _Num, ref: _Num) -> str | None:
    if answer.unit and ref.unit is None:  # "$12", "12 km" or "12%" where a count was asked
        return None
    if answer.unit and ref.unit and (answer.unit == "%") != (ref.unit == "%"):
        return None  # "15‰" or "15 km" where a percentage was asked
    if answer.value == ref.value:  # exact: no tolerance, so 10-digit ids stay distinct
        return "equal"
    if answer.decimals > ref.decimals >= 1 and round(answer.value, ref.decimals) == ref.value:
        return "rounded"
    return None


SITE_CURRENCY = "USD"
"""The currency of a reference amount written without one."""


@dataclass(frozen=True)
class _Money:
    cents: Any  # Decimal, rounded to cents
    currency: str | None
    exact: Any  # Decimal as written
    decimals: int
    measure: str | None = None  # what a bare number counts instead ("km", "%", "hours")

    def __str__(self) -> str:
        unit = self.currency or self.measure
        return f"{self.exact}" + (f" {unit}" if unit else "")


_NOT_MONEY = re.compile(
    r"\s?(" + _MEASURES + r"|hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|months?|years?|"
    r"points?|pts|stars?|units?|items?|pieces?|pcs|orders?|products?|votes?|times)(?![^\W\d_])",
    re.IGNORECASE,
)
"""A measure or a count noun right after a bare number ("50.94 km", "50.94%", "50.94
points"): the number is not an amount of money."""


def _money(text: str) -> list[_Money]:
    found = []
    for m in find_amounts(text):
        after = None if m.currency else _NOT_MONEY.match(text, m.end)
        measure = after.group(1).lower() if after else None
        found.append(_Money(to_cents(m.value), m.currency, m.value, m.decimals, measure))
    return distinct(found, key=lambda v: (v.exact, v.currency, v.measure))


def _money_ref(text: str, context: EvalContext | None) -> _Money | None:
    found = distinct(_money(text), key=lambda v: v.exact)
    return found[0] if len(found) == 1 else None


def _money_extract(text: str, hint: Any, context: EvalContext | None) -> list[_Money]:
    return _money(text)


def _money_equal(answer: _Money, ref: _Money) -> str | None:
    """Equal in cents; a reference written to finer precision ("359.546") is matched
    exactly by answers that are as precise, and by cents only for answers in cents."""
    # A bare reference ("83.47") is in the sites' currency: every bundled site (and every
    # WebArena site) prices in US dollars, so "83.47 EUR" is a different amount.
    if answer.currency and answer.currency != (ref.currency or SITE_CURRENCY):
        return None
    if answer.measure and answer.measure != ref.measure:  # "50.94 km", "50.94%"
        return None
    if ref.decimals > 2 and answer.decimals > 2:
        return "equal" if answer.exact == ref.exact else None
    return "equal" if answer.cents == ref.cents else None


def _date_ref(text: str, context: EvalContext | None) -> Any:
    return parse_date(text)


def _date_extract(text: str, hint: Any, context: EvalContext | None) -> list[Any]:
    return find_dates(text)


def _same(answer: Any, ref: Any) -> str | None:
    return "equal" if answer == ref else None


def _month_ref(text: str, context: EvalContext | None) -> Month | None:
    found = find_months(text, need_year=False)
    return found[0] if len(found) == 1 else None


_QUARTER = re.compile(
    r"\bq[1-4]\b|\b(?:first|second|third|fourth|last)\s+quarter\b|"
    r"\bquarter\b",
    re.IGNORECASE,
)


_INTENT_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _month_extract(text: str, hint: Any, context: EvalContext | None) -> list[Month]:
    # "Q4 2023" is a quarter, not its last month: read the text without it.
    months = find_months(_QUARTER.sub(" ", text), need_year=False)
    years = set(_INTENT_YEAR.findall(context.intent)) if context is not None else set()
    if len(years) == 1:  # "In which month of 2023 ...?" "February": February 2023
        year = int(years.pop())
        months = distinct([Month(year, m.month) if m.year is None else m for m in months])
    return months


def _month_equal(answer: Month, ref: Month) -> str | None:
    if answer.month != ref.month:
        return None
    return "equal" if ref.year is None or answer.year == ref.year else None


def _duration_ref(text: str, context: EvalContext | None) -> Duration | None:
    found = find_durations(text)
    return found[0] if len(found) == 1 and found[0].unit else None


def _duration_extract(text: str, hint: Any, context: EvalContext | None) -> list[Duration]:
    return find_durations(text, default_unit=getattr(hint, "unit", None))


def _duration_equal(answer: Duration, ref: Duration) -> str | None:
    if answer.seconds != ref.seconds:
        return None
    return "unit-assumed" if answer.assumed else "equal"


def _bool_ref(text: str, context: EvalContext | None) -> bool | None:
    found = find_booleans(text)
    return found[0] if len(found) == 1 else None


def _bool_extract(text: str, hint: Any, context: EvalContext | None) -> list[bool]:
    return find_booleans(text)


def _bool_show(value: bool) -> str:
    return "yes" if value else "no"


def _distance_ref(text: str, context: EvalContext | None) -> Distance | None:
    found = find_distances(text)
    return found[0] if len(found) == 1 else None


def _distance_extract(text: str, hint: Any, context: EvalContext | None) -> list[Distance]:
    return find_distances(text)


_SCP = re.compile(
    r"(?<![\w/@.:-])([\w.-]+@[\w-]+(?:\.[\w-]+)+):(?!\d+(?:/|$))(?!//)([\w~][\w./~-]*)"
)
_GIT_SUFFIX = re.compile(r"\.git(?=[/?#\s*`'\")]|$)")
_MARKUP = re.compile(r"[*`]+")


def _url_text(text: str) -> str:
    """Git remotes in one form: scp-style ``git@host:group/repo.git`` as
    ``ssh://git@host/group/repo``; the ``.git`` suffix dropped; Markdown marks removed."""
    return _GIT_SUFFIX.sub("", _SCP.sub(r"ssh://\1/\2", _MARKUP.sub(" ", text)))


def _url_ref(text: str, context: EvalContext | None) -> NormalUrl | None:
    return normalize_url(_url_text(text).strip(), context) if text.strip() else None


def _url_extract(text: str, hint: Any, context: EvalContext | None) -> list[NormalUrl]:
    base = f"http://{hint.host}" if isinstance(hint, NormalUrl) and hint.host else ""
    return distinct([normalize_url(u, context, base=base) for u in urls_in_text(_url_text(text))])


KINDS: dict[str, Kind] = {
    "number": Kind("number", _num_ref, _num_extract, _num_equal),
    "currency": Kind("currency", _money_ref, _money_extract, _money_equal),
    "date": Kind("date", _date_ref, _date_extract, _same, lambda d: d.isoformat()),
    "month": Kind("month", _month_ref, _month_extract, _month_equal),
    "duration": Kind("duration", _duration_ref, _duration_extract, _duration_equal),
    "distance": Kind("distance", _distance_ref, _distance_extract, same_distance),
    "boolean": Kind("boolean", _bool_ref, _bool_extract, _same, _bool_show),
    "url": Kind("url", _url_ref, _url_extract, _same),
}


def _money_extract_bare(text: str, hint: Any, context: EvalContext | None) -> list[_Money]:
    return distinct(
        [_Money(m.cents, m.currency, m.exact, m.decimals) for m in _money(text)],
        key=lambda v: (v.exact, v.currency),
    )


UNTYPED_AMOUNT = Kind("currency", _money_ref, _money_extract_bare, _money_equal)
"""An untyped (``string``) reference that is one number, read as an amount whatever the
answer writes after it ("65%" for "65"): as permissive as WebArena's substring match,
which an untyped reference asks for; a typed ``currency`` reference reads measures."""


_QUANTITIES = frozenset({"number", "currency", "date", "month", "duration", "distance"})
_VALUE_START = (
    r"(?:[$€£¥]|us\$|usd|eur|gbp|\d|\.\d|"
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a\s+dozen)\b|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
)
_NEGATED_URL = re.compile(r"\bnot\s+(?:the\s+|at\s+)?(?:[a-z]+://|www\.)")
_MEASURED = frozenset({"duration", "distance"})
_AMOUNTS = frozenset({"number", "currency", "duration", "distance"})
_PART_OF = re.compile(
    r"[,;]?\s*(?:\b(?:which|that)\s+includes?|\bincluding|\bincl\.|\binclusive\s+of|"
    r"\bexcluding|\bexcl\.)[^.;:()\n]*",
    re.IGNORECASE,
)
"""A part of the value named after it ("$278.94, which includes $5.00 shipping",
"$278.94 including $5.00 shipping"): a remark, as an aside in brackets is."""
_REJECTED = re.compile(r"\bnot\s+(?:(?!\bbut\b)[^,;:()\n.!?]|\.(?=\d))*", re.IGNORECASE)
"""A value the answer sets aside, up to the end of its clause or a "but" ("Not $49.99,
it is $44.99", "$44.99, not $49.99", "not $49.99 but $44.99"): a rejected reading, no
rival."""
_DESCRIPTIVE = re.compile(
    r"(?<![\w.,-])(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
    r"-(?!ish\b)[^\W\d_]+|\b(?:past|last|previous|next)\s+\d+\s+(?:hours?|days?|weeks?|months?|years?)\b",
    re.IGNORECASE,
)
"""A figure that describes rather than counts: part of a compound ("one-star reviews",
"1-star", "2-day shipping") or the period counted over ("in the past 7 days")."""
_CONCLUSION = re.compile(
    r"=|[,;.:]\s*(?:so|therefore|thus|hence|that\s+makes|which\s+(?:gives|makes|comes\s+to))\b"
    r"|\b(?:for\s+a\s+total\s+of|giving(?:\s+a\s+total\s+of)?)\b",
    re.IGNORECASE,
)
"""Where working ends and its result begins: "3 + 4 + 5 = 12", "..., so the total is 12"."""
_QUALIFIED = re.compile(
    r"(?:\bnot(?:\s+(?:find|found|see|seen|locate|located|spot|spotted))?|\bnever|\bmore\s+than|\bless\s+than|\bfewer\s+than|\bgreater\s+than|"
    r"\bat\s+least|\bat\s+most|\bup\s+to|\bover|\bunder|\bbelow|\babove|"
    r"\bbefore|\bafter|\bother\s+than|\brather\s+than|\binstead\s+of|"
    r"\babout|\baround|\bapproximately|\bapprox|\broughly|\bnearly|\balmost|\bca\.?|"
    r"\bcirca|\bc\.|\b(?:minimum|maximum)\s+of|\bat\s+(?:a\s+)?(?:minimum|maximum)|\bupwards\s+of|"
    r"\bin\s+excess\s+of|\b(?:north|south)\s+of|\bclose\s+to|\bsomething\s+like|\border\s+of|"
    r"\b(?:estimated|guessing)|\bestimate\s+of)"
    r"\s+(?:(?:exactly|quite|just|only|the|on|in|an?)\s+)?"
    + _VALUE_START
    + r"|[~≈]\s*"
    + _VALUE_START
)
_VALUE_END = (
    r"(?:\d|%|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
    r"million|dozen|dollars?|cents?|bucks|usd|eur|gbp|euros?|pounds?|seconds?|secs?|minutes?|"
    r"mins?|hours?|hrs?|days?|weeks?|months?|years?|km|kilomet(?:er|re)s?|miles?|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b)"
)
_QUALIFIED_AFTER = re.compile(
    r"\d(?:\+(?!\s*[\d$€£])|\s+\+\s*(?:$|[)\].,;!?])|\s*-?ish\b)|"
    + _VALUE_END
    + r"\s*(?:\(?\s*or\s+(?:more|less|fewer|greater|higher|lower|above|below|"
    r"over|under|so|earlier|later|before|after)\b|(?:and|or)\s+(?:up|down|above|below|over|under)\b|"
    r"[,(]?\s*(?:minimum|maximum|max|tops|approx(?:imately)?|roughly|give\s+or\s+take|"
    r"est(?:imated?)?|"
    r"more\s+or\s+less)\b)|"
    + _VALUE_END
    + r"(?:\s+[a-z]+){0,2}?\s*[,(]?\s*at\s+(?:the\s+)?(?:very\s+)?(?:most|least|latest|earliest)\b"
)
"""A value stated as a bound, negated or approximate ("not 12", "could not find 12", "more
than $5", "before March 2024", "5 or more", "5+", "~12", "12ish", "12 at most", "12
products at least", "12 (approx.)", "a dozen or so")."""


_MONTH_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DAY_RANGE = re.compile(
    r"\b" + _MONTH_NAME + r"\s+\d{1,2}(?:st|nd|rd|th)?\s*(?:[-–—]|to|through|or)\s*\d{1,2}"
    r"(?:st|nd|rd|th)?\b(?!\s*[:/.]\d)|"
    r"\b\d{1,2}(?:st|nd|rd|th)?\s*(?:[-–—]|to|or)\s*\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?"
    + _MONTH_NAME
    + r"(?![a-z])"
)
"""Two days of one month written as one span ("July 19-20, 2020", "19-20 July"): a
range, not a date."""


def _states_na(text: str) -> bool:
    """Whether a piece of the answer, outside brackets, is "N/A" itself ("33.99 and N/A"):
    a value and "not applicable" at once."""
    return any(tokens(seg.text) in (["n", "a"], ["na"]) for seg in segments(ASIDE.sub(" ", text)))


def _day_range(folded: str, value: Any) -> str | None:
    """The day range a date answer gives (shown), unless the reference is one itself."""
    span = _DAY_RANGE.search(folded)
    if span is None or any(_DAY_RANGE.search(fold(alt)) for alt in items_of(value)):
        return None
    return show(span.group(0))


def _loose_items(kind: Kind, text: str, hint: Any, context: EvalContext | None) -> list[str]:
    """Short list pieces without a value ("6, extra_item, another_extra"): a list given
    where one value was asked for. Clauses and remarks ("which is the total") are not."""
    loose = []
    for seg in segments(text):
        toks = tokens(seg.text)
        content = [t for t in toks if t not in FILLER]
        if (
            not content
            or len(toks) > 3
            or toks[0] in CLAUSE_START
            or toks[0] in NEGATIONS
            or any(c.isdigit() for c in seg.text)
            or kind.extract(seg.text, hint, context)
        ):
            continue
        loose.append(seg.text.strip())
    return loose


_VALUE_END_AT = re.compile(_VALUE_END)
_WINDOW = 40
"""How far from a qualifier the value it qualifies is looked for, in characters."""
_BOUND = re.compile(
    r"\b(?:(?:more|less|fewer|greater|higher|lower)\s+than|at\s+(?:least|most)|up\s+to|over|"
    r"under|below|above|upwards\s+of|in\s+excess\s+of)\s+(?:[$€£]\s*)?\d[\d,.]*(?:\s*%)?|"
    r"(?:[$€£]\s*)?\d[\d,.]*(?:\s*\(?\s*or\s+(?:more|less|fewer|greater|higher|lower|above|"
    r"below|over|under)\b|\+(?!\s*[\d$€£]))",
    re.IGNORECASE,
)
"""A figure stated as a bound ("fewer than 10", "$500 or more", "4+"): a condition the
answer repeats from the question ("47 products have fewer than 10 units"), no rival value."""


_ENUMERATION = re.compile(r"^(?P<count>[^:()\n]+?)\s*(?::|\()(?P<items>[^()]+?)\)?\W*$", re.DOTALL)
"""A count followed by what it counts, after a colon or in brackets ("5 submissions: A,
B, C, D, E", "4 (front, back, side, detail)")."""


def _enumerated(kind: Kind, text: str, groups: list[list[Any]], context: Any) -> bool:
    """Whether ``text`` is the reference count followed by exactly that many items: the
    items it counts, not a list given where one value was asked for."""
    match = _ENUMERATION.match(text.strip())
    if kind.name != "number" or match is None:
        return False
    counted = kind.extract(match.group("count"), groups[0][0], context)
    if len(counted) != 1 or counted[0].unit is not None:
        return False
    count = counted[0].value
    return (
        any(kind.equal(counted[0], r) for g in groups for r in g)
        and count == count.to_integral()
        and len(segments(match.group("items"))) == count
    )


def _qualified_value(
    kind: Kind, folded: str, match: re.Match[str], after: bool, hint: Any, context: Any
) -> Any:
    """The value a qualifier applies to: the first one after a qualifier written before
    it ("fewer than 10"), the last one before a qualifier written after it ("$500 or
    more"); None when it qualifies none of this kind ("July 19, 2020 (about 4 years
    ago)")."""
    if after:
        value_end = _VALUE_END_AT.match(folded, match.start())
        end = value_end.end() if value_end else match.start() + 1
        start = folded.rfind(" ", 0, max(0, end - _WINDOW)) + 1
        values = kind.extract(folded[start:end], hint, context)
        return values[-1] if values else None
    end = folded.find(" ", match.end() + _WINDOW)
    values = kind.extract(folded[match.start() : end if end >= 0 else None], hint, context)
    return values[0] if values else None


def _qualified(
    kind: Kind,
    text: str,
    approach: str,
    value: Any,
    wanted: str,
    groups: list[list[Any]],
    context: EvalContext | None,
) -> Verdict | None:
    """The failure of a value stated as something else than the value: a range of days,
    a negated URL, a bound, a negation or an estimate; None when it is stated plainly.
    A qualifier of another value than the reference's ("14 orders had a total of $500
    or more"), or of none of the answer's kind, is not the answer's."""
    folded = fold(text)
    if kind.name == "date" and (span := _day_range(folded, value)):
        return fail("date:ambiguous", f"answer {show(text)} gives the range {span}, not one date")
    if approach == "fuzzy_match" or kind.name in _MEASURED:
        # Estimated references and measurements: "about 14 minutes", "about 2 km" are the
        # value; a count or a price stated "about" is not.
        folded = APPROXIMATELY.sub(" ", folded)
    if kind.name == "url" and (q := _NEGATED_URL.search(folded)):
        return fail(
            "url:negated", f"answer {show(text)} negates the URL ({show(q.group(0).strip())})"
        )
    if kind.name not in _QUANTITIES or any(
        _QUALIFIED.search(fold(alt)) for item in items_of(value) for alt in split_or(item)
    ):
        return None
    hint = groups[0][0]
    for after, pattern in ((False, _QUALIFIED), (True, _QUALIFIED_AFTER)):
        for q in pattern.finditer(folded):
            qualified = _qualified_value(kind, folded, q, after, hint, context)
            if qualified is None or not any(kind.equal(qualified, r) for g in groups for r in g):
                continue  # it qualifies another value (a condition) or none of this kind
            return fail(
                f"{kind.name}:qualified",
                f"answer {show(text)} gives {wanted} only "
                f"as {show(q.group(0).strip())}, not as the "
                f"value",
            )
    return None


_HOW_MANY = re.compile(r"\bhow\s+many\s+", re.IGNORECASE)
_NOT_THE_NOUN = frozenset(
    re.findall(
        r"\w+",
        "are is do does did have has had were was can could will would in on of with for from "
        "that which by at to this these those there i you we they he she it my your our their "
        "the a an since during between before after under over per than",
    )
)
"""Words that end the noun phrase after "how many": verbs, prepositions, pronouns."""


def _counted_noun(context: EvalContext | None) -> str | None:
    """The noun a "How many ...?" intent counts ("How many open issues are assigned to me?"
    -> "issues"): the last of the words after "how many", up to four, before a verb, a
    preposition or punctuation; None when the intent asks no such question."""
    if context is None or not context.intent:
        return None
    asked = _HOW_MANY.search(context.intent)
    if asked is None:
        return None
    words: list[str] = []
    for word in re.findall(r"[\w'-]+|[^\w\s]", context.intent[asked.end() :])[:5]:
        if not word[0].isalpha() or word.lower() in _NOT_THE_NOUN:
            break
        words.append(word.lower())
    return words[-1] if words else None


def _noun_forms(noun: str) -> str:
    """A pattern for ``noun`` in the singular or plural ("branch"/"branches",
    "reply"/"replies", "MRs")."""
    stem = re.sub(r"(?:ies|es|s)$", "", noun) if len(noun) > 3 else noun
    return re.escape(stem) + r"(?:s|es|ies|y|'s)?"


def _counted(text: str, context: EvalContext | None) -> str:
    """The figures of ``text`` said with the noun the intent counts ("7 branches" in "7
    branches, 3 tags" for "How many branches ...?"), up to two words between them ("7
    open branches"), joined; "" when the intent counts nothing or none is said so."""
    noun = _counted_noun(context)
    return "" if noun is None else " ; ".join(_figures_with(text, _noun_forms(noun)))


def _figures_with(text: str, nouns: str) -> list[str]:
    """The figures of ``text`` said with a noun ``nouns`` matches, up to two words between
    them ("7 open branches")."""
    said = re.finditer(
        r"(?<![\w.,])\d[\d,]*(?:\.\d+)?\s+(?:[^\W\d_][\w'-]*\s+){0,2}?(?:" + nouns + r")\b",
        text,
        re.IGNORECASE,
    )
    return [m.group(0) for m in said]


_SITE_THINGS = (
    ("branches",),
    ("tags", "releases"),
    ("commits",),
    ("issues", "tickets", "bugs"),
    ("merge requests", "mr", "pull requests", "pr"),
    ("milestones",),
    ("labels",),
    ("forks",),
    ("stars",),
    ("comments", "replies", "responses"),
    ("submissions", "posts", "threads", "topics"),
    ("forums", "communities", "subforums"),
    ("orders", "purchases"),
    ("products",),
    ("reviews", "ratings"),
    ("projects", "repositories", "repos"),
)
"""Things the sites count, each with its other names: a count said as one of them is no
count of another ("7 tags" for "How many branches ...?")."""


def _things(noun: str) -> tuple[str, ...] | None:
    """The :data:`_SITE_THINGS` entry ``noun`` (singular or plural) names, or None."""
    return next(
        (
            names
            for names in _SITE_THINGS
            if any(
                re.fullmatch(_noun_forms(name.split()[-1]), noun, re.IGNORECASE) for name in names
            )
        ),
        None,
    )


def _other_thing(
    kind: Kind, text: str, groups: list[list[Any]], context: EvalContext | None
) -> str:
    """Where ``text`` says the reference figure only as a count of another thing the
    sites hold than the one the intent counts ("7 tags" for "How many branches ...?"):
    the phrase, or ""."""
    noun = _counted_noun(context)
    asked = _things(noun) if noun else None
    if asked is None or _counted(text, context):
        return ""
    others = "|".join(_noun_forms(n) for names in _SITE_THINGS if names is not asked for n in names)
    for said in _figures_with(text, others):
        values = kind.extract(said, groups[0][0], context)
        if any(kind.equal(v, r) for v in values[:1] for g in groups for r in g):
            return said
    return ""


def _addends(kind: Kind, text: str, extra: list[Any], groups: list[list[Any]]) -> bool:
    """Whether the other values of an answer are the terms of one sum, written with "+"
    between them and only there, that comes to the reference ("$271.47 — $150.00 +
    $121.47")."""
    if kind.name not in ("number", "currency") or len(extra) < 2:
        return False
    if text.count("+") != len(extra) - 1:  # the reference is no term of it
        return False

    def amount(v: Any) -> Any:
        return v.cents if isinstance(v, _Money) else v.value

    total = sum(amount(v) for v in extra)
    return len({v.currency for v in extra} | {r.currency for g in groups for r in g}) == 1 and any(
        total == amount(r) for g in groups for r in g
    )


def _explained(
    kind: Kind,
    text: str,
    groups: list[list[Any]],
    context: EvalContext | None,
    extra: list[Any],
    rivals: Callable[[list[Any]], list[Any]],
) -> bool:
    """Whether the ``extra`` values of a quantity answer are no rivals of the reference.

    Values in a parenthetical aside ("$50.94 (including $5.00 shipping)") or a clause
    naming a part of it ("..., which includes $5.00 shipping") qualify the answer, and
    values worked out to a conclusion ("$150.00 - $38.50 = $111.50", "... costs $38.50, so
    the difference is $111.50") lead to it; they are no rival when the text outside the
    brackets and such clauses, or the conclusion, is unambiguous; nor are bounds repeated
    from the question ("47 products have fewer than 10 units"), values set aside ("Not
    $49.99, it is $44.99"), figures that describe (:data:`_DESCRIPTIVE`: "8 one-star
    reviews", "5 in the past 7 days"), the terms of a sum that comes to the reference ("$271.47 —
    $150.00 + $121.47"), or, when the count is said with the noun the intent counts,
    figures said otherwise ("7 branches, 3 tags" for "How many branches ...?").
    """
    if kind.name not in _QUANTITIES:
        return False
    conclusion = _CONCLUSION.split(text)
    for main_text in (
        _PART_OF.sub(" ", ASIDE.sub(" ", text)),
        conclusion[-1] if len(conclusion) > 1 else text,
        _BOUND.sub(" ", text),
        _REJECTED.sub(" ", text),
        _DESCRIPTIVE.sub(" ", text),
        _counted(text, context) if kind.name == "number" else text,
    ):
        main = kind.extract(main_text, groups[0][0], context) if main_text != text else []
        named = any(kind.equal(v, r) for v in main for g in groups for r in g)
        if named and not rivals(main):
            return True
    return _addends(kind, text, extra, groups)


def check_typed(
    kind: Kind, text: str, approach: str, value: Any, context: EvalContext | None
) -> Verdict:
    groups: list[list[Any]] = []
    for item in items_of(value):
        parsed = []
        for alt in split_or(item):
            ref = kind.parse_ref(alt, context)
            if ref is None:
                return error(
                    "bad-reference", f"cannot read reference {show(alt)} as one {kind.name}"
                )
            parsed.append(ref)
        groups.append(parsed)
    values = kind.extract(text, groups[0][0], context)
    wanted = " and ".join(" | ".join(kind.show(r) for r in g) for g in groups)
    if not values:
        return fail(
            f"{kind.name}:unparsed", f"no {kind.name} found in {show(text)} (expected {wanted})"
        )
    found = ", ".join(kind.show(v) for v in values)
    hows: list[str] = []
    for group in groups:
        how = next((h for v in values for r in group if (h := kind.equal(v, r))), None)
        if how is None:
            return fail(
                f"{kind.name}:mismatch", f"answer {show(text)} reads as {found}; expected {wanted}"
            )
        hows.append(how)
    count = kind.name == "number" and all(r.unit is None for g in groups for r in g)

    def rivals(found: list[Any]) -> list[Any]:
        others = [v for v in found if not any(kind.equal(v, r) for g in groups for r in g)]
        # Money beside a count or an id ("Order #100170, grand total $512.00") is no rival
        # count; money alone still fails (the groups matched a value without it).
        return [v for v in others if v.currency is None] if count else others

    extra = rivals(values)
    if extra and _explained(kind, text, groups, context, extra, rivals):
        extra = []
    if extra:
        others = ", ".join(kind.show(v) for v in extra)
        return fail(
            f"{kind.name}:ambiguous", f"answer {show(text)} gives {wanted} but also {others}"
        )
    if (
        kind.name in _AMOUNTS
        and len(loose := _loose_items(kind, text, groups[0][0], context)) >= 2
        and not _enumerated(kind, text, groups, context)
    ):
        return fail(
            f"{kind.name}:extra-content",
            f"answer {show(text)} lists {show(loose)} besides the {kind.name}",
        )
    if count and (other := _other_thing(kind, text, groups, context)):
        return fail(
            f"{kind.name}:other-noun",
            f"answer {show(text)} counts something else ({show(other)}); the question counts "
            f"{_counted_noun(context)}",
        )
    if _states_na(text):
        return fail(
            f"{kind.name}:ambiguous", f"answer {show(text)} gives {wanted} but also says N/A"
        )
    if (qualified := _qualified(kind, text, approach, value, wanted, groups, context)) is not None:
        return qualified
    how = next((h for h in hows if h != "equal"), "equal")
    return ok(f"{kind.name}:{how}", f"answer {show(text)} reads as {found} == {wanted}")
