"""The free-text readers behind the typed answer checks."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from webenv.validators.booleans import find_booleans
from webenv.validators.dates import Month, find_dates, find_durations, find_months
from webenv.validators.infeasible import says_infeasible
from webenv.validators.numbers import find_amounts, find_numbers, parse_number_text
from webenv.validators.text import norm, same_text, segments, split_or, strict_clean


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,234.56", "1234.56"),
        ("1.234,56", "1234.56"),
        ("83,47", "83.47"),
        ("83.470", "83.470"),
        ("-3", "-3"),
        ("1,234,567", "1234567"),
        ("0", "0"),
    ],
)
def test_parse_number_text(text, value):
    parsed = parse_number_text(text)
    assert parsed is not None and parsed[0] == Decimal(value)


def test_find_numbers_and_amounts():
    assert [m.value for m in find_numbers("twenty-one orders and 3 returns")] == [21, 3]
    assert [m.value for m in find_numbers("one hundred and five")] == [105]
    assert [m.value for m in find_numbers("the one I liked")] == []
    assert [m.value for m in find_numbers("in March 2024")] == []
    assert [m.value for m in find_amounts("$5 for 3 mugs")] == [5]
    assert [m.currency for m in find_amounts("5 dollars")] == ["USD"]


def test_dates_and_months():
    assert find_dates("on 2024-03-05 or 2024-03-06") == [date(2024, 3, 5), date(2024, 3, 6)]
    assert find_dates("no date here") == []
    assert find_months("March 2024 and April 2024") == [Month(2024, 3), Month(2024, 4)]
    assert find_months("March", need_year=False) == [Month(None, 3)]
    assert find_months("March") == []


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("2 days", 172800),
        ("48 hrs", 172800),
        ("1h30m", 5400),
        ("half an hour", 1800),
        ("1 hour and 30 minutes", 5400),
        ("one and a half hours", 5400),
        ("3 weeks", 1814400),
    ],
)
def test_durations(text, seconds):
    found = find_durations(text)
    assert [d.seconds for d in found] == [seconds]


def test_booleans():
    assert find_booleans("yes") == [True]
    assert find_booleans("Nope.") == [False]
    assert find_booleans("not correct") == [False]
    assert find_booleans("yes. no.") == [True, False]
    assert find_booleans("it shipped") == []


def test_text_helpers():
    assert strict_clean(' "Blue Mug" ') == "blue mug"
    assert split_or("a |OR| b|OR|c") == ["a", "b", "c"]
    assert norm("Crème™ brûlée!") == "creme brulee"
    assert same_text("e-mail", "email") and not same_text("", "")
    assert [s.text.strip() for s in segments("- a\n- b, c and d; e")] == ["a", "b", "c", "d", "e"]
    assert says_infeasible("N/A") and not says_infeasible("Blue Mug")
