"""Finding numbers and money amounts in free text.

Digit groups and decimal separators are interpreted by ``price-parser``; small number
words ("five", "twenty-one", "none") are read from a fixed table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from functools import lru_cache

from price_parser import Price

from .text import fold

_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "none": 0,
    "dozen": 12,
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_PRONOUN_BEFORE = {
    "the",
    "this",
    "that",
    "which",
    "each",
    "every",
    "any",
    "no",
    "another",
    "someone",
    "other",
    "only",
    "last",
    "first",
    "same",
    "a",
}
_OWNERS = {"the", "my", "your", "his", "her", "its", "our", "their", "this", "that"}
"""Words that make "only one" a pronoun ("the only one", "my only one"); alone, "only
one" is a count ("There is only one.")."""
NUMBER_WORDS = frozenset(_UNITS) | frozenset(_SCALES)
"""Words that spell (part of) a number."""

_MONTHS = {
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
}
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MONTH_BEFORE = re.compile(r"\b(?:" + _MONTH_NAMES + r")\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?\s*$")
"""A month name right before a number ("March 2024", "Mar 5"), or a month and day before
a year ("March 14, 2024")."""
_MONTH_AFTER = re.compile(
    r"(?:st|nd|rd|th)?\s*(?:of\s+)?(?:january|february|march|april|june|july|august|"
    r"september|october|november|december)\b"
)
"""A month name right after a day ("14 March", "14th of March"; not "may", a verb too)."""
_NUMERIC_DATE = re.compile(
    r"(?<![\d.,/-])(?:(?:19|20)\d\d-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01])"
    r"|(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|[12]\d|3[01])/(?:19|20)\d\d)(?![\d.,/-])"
)
"""A date in digits ("2024-01-31", "1/31/2024", "31/01/2024"): no quantity."""
_DIGITS = re.compile(
    r"(?:(?<![\w.,])|(?<=\b(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR)))"  # "USD44.99"
    r"([-−–]?)(\d(?:[\d,.]*\d)?|(?<![^$€£\s])\.\d+(?![\d.,]))"
)
_FRACTIONS = {"½": Decimal("0.5"), "¼": Decimal("0.25"), "¾": Decimal("0.75")}
_HALF_AFTER = re.compile(r"\s*(?:and\s+a\s+half\b|½)", re.IGNORECASE)
_SCALE_BETWEEN = re.compile(r"^\s*(?:/|out\s+of|of)\s*$", re.IGNORECASE)
_YEAR_BEFORE = re.compile(
    r"(?:\b(?:in|since|during|from|until|till|through|before|after|of|by|for|year|[qh][1-4])|"
    r"[-–]|\b(?:and|or|to))\s*$",
    re.IGNORECASE,
)
_CENTS_AFTER = re.compile(r"^\s*(?:cents?\b|¢)", re.IGNORECASE)
_DOLLARS_AND = re.compile(r"^\s*(?:dollars?|bucks|usd)?\s*(?:,|and)?\s*$", re.IGNORECASE)
_DOLLARS_THEN = re.compile(r"^\s*(?:dollars?|bucks)\s+(?:and\s+)?$", re.IGNORECASE)
_AMOUNT_END = re.compile(r"^\s*(?:[.,;:!?)\]]|$)")
"""The cents of an amount said without the word ("twelve dollars forty-nine"): a number
under 100 right after "dollars" that ends the amount."""
_WORDS = re.compile(r"[a-z]+")
_ORDINAL = re.compile(r"(?:st|nd|rd|th)\b", re.IGNORECASE)
_NO_QUANTITY = re.compile(
    r"\b(?:no|not\s+any)\s+(?!idea\b|clue\b|answer\b|way\b|access\b|information\b)[a-z]",
    re.IGNORECASE,
)
_CODE_WORDS = r"USD|EUR|GBP|CAD|AUD|NZD|JPY|CNY|RMB|INR|CHF|MXN|BRL|KRW|HKD|SGD|SEK|NOK|DKK|BTC"
"""Currency codes read beside an amount: a code other than the site's makes it another
amount ("50.94 CHF"), even where a bare number would have been read as dollars."""
_CURRENCY_BEFORE = re.compile(
    r"(?:US\$|AU\$|CA\$|MX\$|NT\$|C\$|A\$|NZ\$|HK\$|S\$|R\$|\$|€|£|¥|₹|₩|₽|"
    r"\b(?:" + _CODE_WORDS + r")(?![a-z]))"
    r"\s*[-−]?\s*$",
    re.IGNORECASE,
)
_CURRENCY_AFTER = re.compile(
    r"^\s*(?:\$|€|£|¥|₹|₩|\b(?:" + _CODE_WORDS + r"|dollars?|bucks|euros?|pounds?|yen|yuan|"
    r"renminbi|rupees?|pesos?|francs?|rubles?|roubles?|reais|reals?|bitcoins?|cents?)\b|¢)",
    re.IGNORECASE,
)
_DOLLARS_OF = {
    "us": "USD",
    "u.s.": "USD",
    "american": "USD",
    "canadian": "CAD",
    "australian": "AUD",
    "new zealand": "NZD",
    "hong kong": "HKD",
    "singapore": "SGD",
    "taiwan": "TWD",
    "mexican": "MXN",
}
_COUNTRY_DOLLARS = re.compile(
    r"\s*(" + "|".join(re.escape(k).replace(r"\ ", r"\s+") for k in _DOLLARS_OF) + r")\s+"
    r"(?:dollars?|pesos?)\b",
    re.IGNORECASE,
)
"""A country's dollars (or pesos) after an amount ("44.99 Canadian dollars", "$44.99
Australian dollars"): which currency, beyond the code window of :data:`_CURRENCY_AFTER`."""
CENTS = "USD¢"
"""The currency of an amount written in cents ("47 cents" until :func:`find_amounts`
reads it as 0.47 USD)."""
_CODES = {
    "us$": "USD",
    "$": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "€": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "£": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
    "¥": "JPY",
    "yen": "JPY",
    "₹": "INR",
    "rupee": "INR",
    "rupees": "INR",
    "₩": "KRW",
    "₽": "RUB",
    "ruble": "RUB",
    "rubles": "RUB",
    "rouble": "RUB",
    "roubles": "RUB",
    "yuan": "CNY",
    "renminbi": "CNY",
    "rmb": "CNY",
    "peso": "MXN",
    "pesos": "MXN",
    "franc": "CHF",
    "francs": "CHF",
    "real": "BRL",
    "reals": "BRL",
    "reais": "BRL",
    "bitcoin": "BTC",
    "bitcoins": "BTC",
    "cent": CENTS,
    "cents": CENTS,
    "¢": CENTS,
    "c$": "CAD",
    "ca$": "CAD",
    "a$": "AUD",
    "au$": "AUD",
    "mx$": "MXN",
    "nt$": "TWD",
    "s$": "SGD",
    "nz$": "NZD",
    "hk$": "HKD",
    "r$": "BRL",
}

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Mention:
    """A number found in text.

    Attributes:
        value: The number.
        decimals: Digits written after the decimal point (0 for words).
        start: Start offset in the text searched.
        end: End offset.
        currency: ISO-ish currency code when a symbol/code/word is adjacent, else None.
    """

    value: Decimal
    decimals: int
    start: int
    end: int
    currency: str | None = None
    label: bool = False


_PLAIN = re.compile(r"\d+(?:\.\d+)?")
_US_POINT = re.compile(r"\d[\d,]*,\d+\.\d+")
"""Digits grouped by commas before a decimal point ("92,758.89")."""
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}")
"""Thousands grouped the Western way ("1,234,567") or the Indian way ("12,34,567")."""
_MAX_GROUPED = 64


def parse_number_text(text: str) -> tuple[Decimal, int] | None:
    """Parse one numeric token ("1,234.5", "83,47", "83.470") to (value, decimals).

    A single dot is always a decimal point (the sites are US-formatted), so "83.470" is
    83.47; other separator combinations are resolved by price-parser.
    """
    raw = text.strip()
    negative = raw[:1] in "-−–"
    raw = raw.lstrip("-−–+").strip()
    if raw.startswith("."):
        raw = "0" + raw
    if not raw or not raw[0].isdigit():
        return None
    amount: Decimal | None
    if _PLAIN.fullmatch(raw):  # no separator to resolve (price-parser is quadratic here)
        amount = Decimal(raw)
    elif len(raw) > _MAX_GROUPED:
        return None  # no number is written with separators over this many characters
    elif _US_POINT.fullmatch(raw) and not _GROUPED.fullmatch(raw.partition(".")[0]):
        return None  # "1,30.44", "12,34,56.78": commas that group no locale's thousands
    else:
        hint = "." if raw.count(".") == 1 and "," not in raw else None
        try:
            amount = Price.fromstring(raw, decimal_separator=hint).amount
        except (InvalidOperation, ValueError):
            return None
    if amount is None:
        return None
    exponent = amount.as_tuple().exponent
    decimals = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return (-amount if negative else amount), decimals


def _currency_code(text: str) -> str:
    key = text.strip().lower()
    return _CODES.get(key, key.upper())


def _bullet_before(text: str, end: int) -> bool:
    """Whether ``text[:end]`` ends with a list bullet: a dash alone at the start of its
    line, then a space ("- $5.00" is an item, "-$5.00" a negative amount)."""
    line_start = text.rfind("\n", 0, end) + 1
    return (
        end - line_start <= 8
        and re.fullmatch(r"[ \t]*[-−][ \t]+", text[line_start:end]) is not None
    )


def _digit_mentions(text: str) -> list[Mention]:
    found = []
    dates = [m.span() for m in _NUMERIC_DATE.finditer(text)]
    for match in _DIGITS.finditer(text):
        parsed = parse_number_text(match.group(1) + match.group(2))
        if parsed is None:
            continue
        value, decimals = parsed
        before = text[max(0, match.start() - 5) : match.start()]
        after = text[match.end() : match.end() + 9]
        currency = None
        if m := _CURRENCY_BEFORE.search(before):
            symbol = m.group(0)
            currency = _currency_code(symbol.replace("-", "").replace("−", ""))
            if symbol.strip() == "$" and (country := _COUNTRY_DOLLARS.match(text, match.end())):
                currency = _DOLLARS_OF[re.sub(r"\s+", " ", country.group(1).lower())]
            elif symbol.strip() == "$" and (code := _CURRENCY_AFTER.search(after)):
                currency = _currency_code(code.group(0))  # "$83.47 CAD": which dollar
            head = before[: len(before) - len(symbol)].rstrip()
            # "-$12" is negative; the dash of "$6.99 - $23.99" joins two amounts
            sign_before = (
                head.endswith(("-", "−"))
                and not head[:-1].rstrip()[-1:].isdigit()
                and not _bullet_before(text, match.start() - len(symbol))
            )
            if (sign_before or symbol.strip().endswith(("-", "−"))) and value > 0:
                value = -value
        elif country := _COUNTRY_DOLLARS.match(text, match.end()):
            currency = _DOLLARS_OF[re.sub(r"\s+", " ", country.group(1).lower())]
        elif m := _CURRENCY_AFTER.search(after):
            currency = _currency_code(m.group(0))
        if len(match.group(2)) in (1, 2, 4) and (
            _MONTH_BEFORE.search(fold(text[max(0, match.start() - 16) : match.start()]))
            or (len(match.group(2)) <= 2 and _MONTH_AFTER.match(fold(after)))
        ):
            continue  # part of a date ("March 2024", "Mar 5", "March 14, 2024", "14 March")
        if any(start <= match.start() < end for start, end in dates):
            continue  # part of a date in digits ("2024-01-31", "1/31/2024")
        # "#12" and ordinals ("2nd") label things rather than count them.
        label = before.rstrip().endswith("#") or bool(_ORDINAL.match(text, match.end()))
        found.append(Mention(value, decimals, match.start(), match.end(), currency, label))
    return found


def _joins(current: int, value: int) -> bool:
    """Whether a number word of ``value`` continues a number whose last hundred so far is
    ``current``: units after tens ("forty-four"), anything after hundreds or nothing; not
    tens after units or tens ("four ninety", "twenty thirty")."""
    below_hundred = current % 100
    if below_hundred == 0:
        return True
    return below_hundred % 10 == 0 and below_hundred >= 20 and value < 10


def _word_mentions(text: str) -> list[Mention]:
    folded = fold(text)
    if len(folded) != len(text):
        folded = text.lower()  # keep offsets meaningful; word numbers are ASCII anyway
    words = [(m.group(0), m.start(), m.end()) for m in _WORDS.finditer(folded)]
    found: list[Mention] = []
    i = 0
    while i < len(words):
        word = words[i][0]
        if word not in _UNITS and word not in _SCALES:
            i += 1
            continue
        j, total, current = i, 0, 0
        while j < len(words):
            w = words[j][0]
            if w == "dozen":
                current = max(current, 1) * 12
            elif w in _UNITS:
                if not _joins(current, _UNITS[w]):
                    break  # "forty-four ninety-nine" is 44 then 99, not 143
                current += _UNITS[w]
            elif w == "hundred":
                current = max(current, 1) * 100
            elif w in _SCALES:
                total += max(current, 1) * _SCALES[w]
                current = 0
            elif w == "and" and j + 1 < len(words) and words[j + 1][0] in _UNITS and j > i:
                pass
            else:
                break
            j += 1
        run = [w for w, _, _ in words[i:j]]
        previous = words[i - 1][0] if i > 0 else ""
        following = words[j][0] if j < len(words) else ""
        before_previous = words[i - 2][0] if i > 1 else ""
        pronoun = run == ["one"] and (
            (previous in _PRONOUN_BEFORE and (previous != "only" or before_previous in _OWNERS))
            or following == "of"
        )
        if run == ["dozen"] and previous not in {"a", "one"}:
            pronoun = True
        if not pronoun:
            after = text[words[j - 1][2] : words[j - 1][2] + 9]
            currency = None
            if m := _CURRENCY_AFTER.search(after):
                currency = _currency_code(m.group(0))
            value, start = Decimal(total + current), words[i][1]
            if run[0] == "dozen" and previous == "a" and before_previous == "half":
                value, start = value / 2, words[i - 2][1]  # "half a dozen"
            found.append(Mention(value, 0, start, words[j - 1][2], currency))
        i = j
    return found


_GROUP_MARKS = " \u00a0\u202f\u2009'\u2019"
_GROUPS = re.compile(
    r"(?<![\d.,'\u2019])\d{1,3}(?:[" + _GROUP_MARKS + r"]\d{3})+(?![\d'\u2019])(,\d{1,2}(?!\d))?"
)
"""Thousands grouped by a space, no-break, narrow no-break or thin space ("5 678", "3 053,97")
or by an apostrophe, as in Switzerland ("92'758.89", "3’570.73")."""


def _join_groups(match: re.Match[str]) -> str:
    """Rewrite the group spaces as separators of the same length, so the number stays one
    token and offsets are kept: "." before a decimal comma ("3.053,97"), else ","."""
    sep = "." if match.group(1) else ","
    return re.sub("[" + _GROUP_MARKS + "]", sep, match.group(0))


_SCALE_AFTER = re.compile(
    r"(?:\s*(thousand|million|billion|dozen|lakh|crore)s?\b|(k|K|bn)\b|(M)\b)"
)
_SCALE_VALUES = {
    "dozen": 12,
    "thousand": 1000,
    "k": 1000,
    "million": 1_000_000,
    "m": 1_000_000,
    "billion": 1_000_000_000,
    "lakh": 100_000,
    "crore": 10_000_000,
    "bn": 1_000_000_000,
}


def _scaled(text: str, mention: Mention) -> Mention:
    """Apply a scale written after digits: "2.5 thousand", "185k", "3M", "1.2 billion",
    "2 dozen", "1 lakh" (100,000), "2 crore" (20,000,000)."""
    match = _SCALE_AFTER.match(text, mention.end)
    if match is None:
        return mention
    word = (match.group(1) or match.group(2) or match.group(3)).lower()
    value = mention.value * _SCALE_VALUES[word]
    return replace(
        mention,
        value=value,
        decimals=0 if value == value.to_integral() else mention.decimals,
        end=match.end(),
    )


def find_numbers(text: str, *, words: bool = True) -> list[Mention]:
    """All numbers in ``text`` (digits, and small number words unless ``words=False``).

    Numbers that are part of a date written with a month name ("March 2024") are skipped;
    labels are dropped when the text also has plain numbers: "#12", ordinals ("2nd"), the
    scale of a rating ("4.3 out of 5", "4.3/5") and years after a preposition or a quarter
    ("3 orders in 2024", "Q1 2024", "H2 2023"). "and a half" and "½" add 0.5, "half a
    dozen" is 6; "no <noun>" reads as 0 when the text has no
    other number. Thousands may be grouped by spaces ("5 678") and a scale may follow the
    digits ("2.5 thousand", "185k").
    """
    return list(_find_numbers(str(text), words))


@lru_cache(maxsize=16384)
def _find_numbers(text: str, words: bool) -> tuple[Mention, ...]:
    text = _GROUPS.sub(_join_groups, text)
    found = [_scaled(text, m) for m in _digit_mentions(text)]
    if words:
        spans = [(m.start, m.end) for m in found]
        found += [
            w for w in _word_mentions(text) if not any(s <= w.start < e for s, e in spans)
        ]  # "2.5 thousand"
    found = _mark_labels(text, [_add_half(text, m) for m in sorted(found, key=lambda m: m.start)])
    # "no orders" is 0 when the text has no other number but years ("No orders in 2024").
    if words and all(_is_year(text, m) for m in found) and (m := _NO_QUANTITY.search(text)):
        zero = Mention(Decimal(0), 0, m.start(), m.end())
        found = sorted([*found, zero], key=lambda m: m.start)
    quantities = [m for m in found if not m.label]
    if all(m.currency for m in quantities):  # money is no count: "Order #100170, $512.00"
        return tuple(found)
    return tuple(quantities)


def _add_half(text: str, mention: Mention) -> Mention:
    """Extend "2 and a half" / "2½" to 2.5."""
    if mention.decimals:
        return mention
    half = _HALF_AFTER.match(text, mention.end)
    if not half:
        return mention
    extra = _FRACTIONS.get(half.group(0).strip(), Decimal("0.5"))
    value = mention.value + extra if mention.value >= 0 else mention.value - extra
    return replace(mention, value=value, decimals=len(str(extra)) - 2, end=half.end())


def _is_year(text: str, mention: Mention) -> bool:
    raw = text[mention.start : mention.end]
    if mention.decimals or not raw.isdigit() or len(raw) != 4 or mention.currency:
        return False
    if not 1900 <= mention.value <= 2100:
        return False
    return bool(_YEAR_BEFORE.search(text[max(0, mention.start - 12) : mention.start]))


def _mark_labels(text: str, mentions: list[Mention]) -> list[Mention]:
    """Mark rating scales ("out of 5") and years ("in 2024") as labels."""
    marked: list[Mention] = []
    for i, mention in enumerate(mentions):
        label = mention.label
        if i > 0 and not mention.currency:
            between = text[mentions[i - 1].end : mention.start]
            if _SCALE_BETWEEN.match(between) and mention.value in (5, 10, 100):
                label = True
        if _is_year(text, mention):
            label = True
        marked.append(replace(mention, label=label) if label != mention.label else mention)
    return marked


def find_amounts(text: str) -> list[Mention]:
    """Money amounts in ``text``: the numbers marked with a currency if any are, else all.

    "47 cents" reads as 0.47 USD and "83 dollars and 47 cents" as 83.47 USD.
    """
    mentions = _merge_cents(str(text), find_numbers(text))
    marked = [m for m in mentions if m.currency]
    return marked or mentions


def _merge_cents(text: str, mentions: list[Mention]) -> list[Mention]:
    merged: list[Mention] = []
    for mention in mentions:
        if _CENTS_AFTER.match(text[mention.end : mention.end + 8]):
            # Any amount of cents is a hundredth of it in dollars ("83.47 cents": $0.8347).
            cents = replace(
                mention, value=mention.value / 100, decimals=mention.decimals + 2, currency="USD"
            )
            previous = merged[-1] if merged else None
            if (
                mention.decimals == 0
                and 0 <= mention.value < 100
                and previous is not None
                and previous.currency == "USD"
                and previous.decimals == 0
                and _DOLLARS_AND.match(text[previous.end : mention.start])
            ):
                merged[-1] = replace(
                    previous, value=previous.value + cents.value, decimals=2, end=mention.end
                )
                continue
            mention = cents
        elif (
            (previous := merged[-1] if merged else None) is not None
            and mention.decimals == 0
            and 0 <= mention.value < 100
            and mention.currency is None
            and previous.currency == "USD"
            and previous.decimals == 0
            and _DOLLARS_THEN.match(text[previous.end : mention.start])
            and _AMOUNT_END.match(text[mention.end :])
        ):
            merged[-1] = replace(
                previous, value=previous.value + mention.value / 100, decimals=2, end=mention.end
            )
            continue
        merged.append(mention)
    return merged


def to_cents(value: Decimal) -> Decimal:
    """Round half-up to cents (with the precision the value needs: a 27-digit amount
    overflows the default 28 digits once it has two more)."""
    if not value.is_finite():
        return value
    precision = Context(prec=max(28, value.adjusted() + 4))
    return value.quantize(CENT, rounding=ROUND_HALF_UP, context=precision)


def currency_of(text: str) -> str | None:
    """The currency a reference string names, if any ("$83.47" -> "USD")."""
    for mention in find_numbers(text, words=False):
        if mention.currency:
            return mention.currency
    return None
