"""Lenient string_match: typed normalization, and near misses that must still fail."""

from __future__ import annotations

import time

import pytest

from webenv.validators import EvalContext, Verdict, check_answer


def lenient(answer, answer_type, refs, context=None) -> Verdict:
    spec = {"eval_types": ["string_match"], "answer_type": answer_type, "reference_answers": refs}
    return check_answer(answer, spec, mode="lenient", context=context)


def assert_verdict(verdict: Verdict, passed: bool, rule: str) -> None:
    assert verdict.passed is passed, verdict
    assert verdict.rule == rule, verdict
    assert verdict.score == (1.0 if passed else 0.0)
    assert verdict.explanation and "\n" not in verdict.explanation


CASES = [
    # string
    ("Blue Mug", "string", {"exact_match": "blue mug"}, True, "string:equal"),
    ("  BLUE   MUG. ", "string", {"exact_match": "Blue Mug"}, True, "string:equal"),
    ('"Blue Mug"', "string", {"exact_match": "Blue Mug"}, True, "string:equal"),
    ("“Blue Mug”", "string", {"exact_match": "Blue Mug"}, True, "string:equal"),
    ("Blue Mug™", "string", {"exact_match": "Blue Mug"}, True, "string:equal"),
    ("Acme® Kettle", "string", {"exact_match": "Acme Kettle"}, True, "string:equal"),
    ("Café Crème", "string", {"exact_match": "cafe creme"}, True, "string:equal"),
    ("T-Shirt", "string", {"exact_match": "tshirt"}, True, "string:equal"),
    ("Complete", "string", {"exact_match": "Complete |OR| Completed"}, True, "string:equal"),
    ("The answer is Blue Mug", "string", {"exact_match": "Blue Mug"}, True, "string:equal"),
    (
        "The best-selling product is Blue Mug, which costs $5.",
        "string",
        {"exact_match": "Blue Mug"},
        True,
        "string:phrase",
    ),
    ("Red Mug", "string", {"exact_match": "Blue Mug"}, False, "string:mismatch"),
    ("Blue Mugs", "string", {"exact_match": "Blue Mug"}, False, "string:mismatch"),
    ("not Blue Mug", "string", {"exact_match": "Blue Mug"}, False, "string:negated"),
    ("It isn't Blue Mug", "string", {"exact_match": "Blue Mug"}, False, "string:negated"),
    (
        "Blue Mug, Red Mug, Green Mug",
        "string",
        {"exact_match": "Blue Mug"},
        False,
        "string:ambiguous",
    ),
    (
        "either Blue Mug or Red Mug",
        "string",
        {"exact_match": "Blue Mug"},
        False,
        "string:ambiguous",
    ),
    (
        "Blue Mug and Green Mug are both popular",
        "string",
        {"exact_match": "Blue Mug"},
        False,
        "string:ambiguous",
    ),
    (
        "I looked at the whole catalogue page by page for a long time and I believe that it "
        "might possibly be Blue Mug",
        "string",
        {"exact_match": "Blue Mug"},
        False,
        "string:too-long",
    ),
    ("Not Shipped", "string", {"exact_match": "Not Shipped"}, True, "string:equal"),
    (
        "Pittsburgh, PA",
        "string",
        {"must_include": ["Pittsburgh", "PA"]},
        True,
        "string:all-included",
    ),
    ("Pittsburgh", "string", {"must_include": ["Pittsburgh", "PA"]}, False, "string:missing-item"),
    (
        "Pennsylvania",
        "string",
        {"must_include": ["PA |OR| Pennsylvania"]},
        True,
        "string:all-included",
    ),
    ("Pittsburghers", "string", {"must_include": ["Pittsburgh"]}, False, "string:missing-item"),
    ("It is not Pittsburgh", "string", {"must_include": ["Pittsburgh"]}, False, "string:negated"),
    ("the Blue Ceramic Mug", "string", {"fuzzy_match": ["Blue ceramic mug"]}, True, "string:fuzzy"),
    ("blue ceramic mugs", "string", {"fuzzy_match": ["Blue ceramic mug"]}, True, "string:fuzzy"),
    (
        "red plastic cup",
        "string",
        {"fuzzy_match": ["Blue ceramic mug"]},
        False,
        "string:fuzzy-mismatch",
    ),
    (
        "not the blue ceramic mug",
        "string",
        {"fuzzy_match": ["Blue ceramic mug"]},
        False,
        "string:negated",
    ),
    # number
    ("3", "number", {"exact_match": "3"}, True, "number:equal"),
    ("3 orders", "number", {"exact_match": "3"}, True, "number:equal"),
    ("There are five orders.", "number", {"exact_match": "5"}, True, "number:equal"),
    ("twenty-one", "number", {"exact_match": "21"}, True, "number:equal"),
    ("1,234", "number", {"exact_match": "1234"}, True, "number:equal"),
    ("3.0", "number", {"exact_match": 3}, True, "number:equal"),
    ("None", "number", {"exact_match": "0"}, True, "number:equal"),
    ("4.333", "number", {"exact_match": "4.33"}, True, "number:rounded"),
    ("4.3", "number", {"exact_match": "4.33"}, False, "number:mismatch"),
    ("3.4", "number", {"exact_match": "3"}, False, "number:mismatch"),
    ("4", "number", {"exact_match": "3"}, False, "number:mismatch"),
    ("either 3 or 4", "number", {"exact_match": "3"}, False, "number:ambiguous"),
    ("3 (three)", "number", {"exact_match": "3"}, True, "number:equal"),
    ("1, 2, 3, 4, 5", "number", {"exact_match": "3"}, False, "number:ambiguous"),
    ("some orders", "number", {"exact_match": "3"}, False, "number:unparsed"),
    ("the one with 5 reviews", "number", {"exact_match": "5"}, True, "number:equal"),
    # currency
    ("$83.47", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ("83.47 USD", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ("USD 83.47", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ("83.470", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ("I spent $83.47 in March 2024.", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ("$1,234.50", "currency", {"exact_match": "1234.5"}, True, "currency:equal"),
    ("$0.00", "currency", {"exact_match": "0"}, True, "currency:equal"),
    ("0", "currency", {"exact_match": "$0.00"}, True, "currency:equal"),
    ("83.466", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ("$83.48", "currency", {"exact_match": "83.47"}, False, "currency:mismatch"),
    ("$83", "currency", {"exact_match": "83.47"}, False, "currency:mismatch"),
    ("€83.47", "currency", {"exact_match": "$83.47"}, False, "currency:mismatch"),
    ("either $83.47 or $90.00", "currency", {"exact_match": "83.47"}, False, "currency:ambiguous"),
    ("free", "currency", {"exact_match": "83.47"}, False, "currency:unparsed"),
    # date
    ("2024-03-05", "date", {"exact_match": "2024-03-05"}, True, "date:equal"),
    ("March 5, 2024", "date", {"exact_match": "2024-03-05"}, True, "date:equal"),
    ("5 Mar 2024", "date", {"exact_match": "2024-03-05"}, True, "date:equal"),
    ("03/05/2024", "date", {"exact_match": "2024-03-05"}, True, "date:equal"),
    (
        "The order was placed on Tuesday, March 5, 2024.",
        "date",
        {"exact_match": "2024-03-05"},
        True,
        "date:equal",
    ),
    ("March 6, 2024", "date", {"exact_match": "2024-03-05"}, False, "date:mismatch"),
    ("05/03/2024", "date", {"exact_match": "2024-03-05"}, False, "date:mismatch"),
    ("March 5, 2023", "date", {"exact_match": "2024-03-05"}, False, "date:mismatch"),
    (
        "March 5, 2024 or March 6, 2024",
        "date",
        {"exact_match": "2024-03-05"},
        False,
        "date:ambiguous",
    ),
    ("last Tuesday", "date", {"exact_match": "2024-03-05"}, False, "date:unparsed"),
    # month
    ("March 2024", "month", {"exact_match": "March 2024"}, True, "month:equal"),
    ("2024-03", "month", {"exact_match": "March 2024"}, True, "month:equal"),
    ("Mar 2024", "month", {"exact_match": "2024-03"}, True, "month:equal"),
    ("It was in March 2024.", "month", {"exact_match": "2024-03"}, True, "month:equal"),
    ("March", "month", {"exact_match": "March"}, True, "month:equal"),
    ("April 2024", "month", {"exact_match": "March 2024"}, False, "month:mismatch"),
    ("March 2023", "month", {"exact_match": "March 2024"}, False, "month:mismatch"),
    ("March", "month", {"exact_match": "March 2024"}, False, "month:mismatch"),
    ("March 2024 or April 2024", "month", {"exact_match": "March 2024"}, False, "month:ambiguous"),
    # duration
    ("2 days", "duration", {"exact_match": "2 days"}, True, "duration:equal"),
    ("48 hours", "duration", {"exact_match": "2 days"}, True, "duration:equal"),
    ("1 week", "duration", {"exact_match": "7 days"}, True, "duration:equal"),
    ("an hour and a half", "duration", {"exact_match": "90 minutes"}, True, "duration:equal"),
    ("1h 30m", "duration", {"exact_match": "90 minutes"}, True, "duration:equal"),
    ("two days (48 hours)", "duration", {"exact_match": "2 days"}, True, "duration:equal"),
    ("2", "duration", {"exact_match": "2 days"}, True, "duration:unit-assumed"),
    ("3 days", "duration", {"exact_match": "2 days"}, False, "duration:mismatch"),
    ("2 hours", "duration", {"exact_match": "2 days"}, False, "duration:mismatch"),
    ("2 or 3 days", "duration", {"exact_match": "2 days"}, False, "duration:ambiguous"),
    ("a while", "duration", {"exact_match": "2 days"}, False, "duration:unparsed"),
    # list
    ("Blue Mug, Red Mug", "list", {"exact_match": "Red Mug, Blue Mug"}, True, "list:equal"),
    ("red mug and BLUE MUG", "list", {"exact_match": ["Blue Mug", "Red Mug"]}, True, "list:equal"),
    (
        "- Blue Mug\n- Red Mug\n",
        "list",
        {"exact_match": ["Blue Mug", "Red Mug"]},
        True,
        "list:equal",
    ),
    (
        "1. Blue Mug\n2. Red Mug",
        "list",
        {"exact_match": ["Blue Mug", "Red Mug"]},
        True,
        "list:equal",
    ),
    ("• Blue Mug; • Red Mug", "list", {"exact_match": ["Blue Mug", "Red Mug"]}, True, "list:equal"),
    (
        "The products are: Blue Mug, Red Mug.",
        "list",
        {"exact_match": ["Blue Mug", "Red Mug"]},
        True,
        "list:equal",
    ),
    ("Pots and Pans, Mugs", "list", {"exact_match": ["Mugs", "Pots and Pans"]}, True, "list:equal"),
    (
        "Pittsburgh, PA; Boston, MA",
        "list",
        {"exact_match": ["Boston, MA", "Pittsburgh, PA"]},
        True,
        "list:equal",
    ),
    ("$3.00, $5", "list", {"exact_match": ["3", "5"]}, True, "list:equal"),
    (
        "Blue Mug, Red Mug, Green Mug",
        "list",
        {"exact_match": ["Blue Mug", "Red Mug"]},
        False,
        "list:extra-item",
    ),
    ("Blue Mug", "list", {"exact_match": ["Blue Mug", "Red Mug"]}, False, "list:missing-item"),
    (
        "Blue Mug, not Red Mug",
        "list",
        {"exact_match": ["Blue Mug", "Red Mug"]},
        False,
        "list:missing-item",
    ),
    # An extra item is a wrong answer on every path (issue 14), must_include included.
    (
        "Blue Mug, Red Mug, Green Mug",
        "list",
        {"must_include": ["Blue Mug", "Red Mug"]},
        False,
        "list:extra-item",
    ),
    (
        "Blue Mug (2 units) and Red Mug",
        "list",
        {"must_include": ["Blue Mug", "Red Mug"]},
        True,
        "list:all-included",
    ),
    (
        "Blue Mug, Green Mug",
        "list",
        {"must_include": ["Blue Mug", "Red Mug"]},
        False,
        "list:missing-item",
    ),
    # boolean
    ("Yes", "boolean", {"exact_match": "yes"}, True, "boolean:equal"),
    ("yes, it is in stock", "boolean", {"exact_match": "Yes"}, True, "boolean:equal"),
    ("True", "boolean", {"exact_match": "yes"}, True, "boolean:equal"),
    ("That's correct.", "boolean", {"exact_match": "yes"}, True, "boolean:equal"),
    ("No", "boolean", {"exact_match": "no"}, True, "boolean:equal"),
    ("No, it has not shipped", "boolean", {"exact_match": "No"}, True, "boolean:equal"),
    ("It is not in stock.", "boolean", {"exact_match": "no"}, True, "boolean:equal"),
    ("That is not correct", "boolean", {"exact_match": "false"}, True, "boolean:equal"),
    ("No", "boolean", {"exact_match": "yes"}, False, "boolean:mismatch"),
    ("It is not true", "boolean", {"exact_match": "yes"}, False, "boolean:mismatch"),
    ("Yes and no", "boolean", {"exact_match": "yes"}, False, "boolean:ambiguous"),
    ("Maybe", "boolean", {"exact_match": "yes"}, False, "boolean:unparsed"),
    # url
    (
        "http://shop.test/product/12",
        "url",
        {"exact_match": "__SHOP__/product/12"},
        True,
        "url:equal",
    ),
    (
        "The page is HTTP://Shop.Test/product/12/#reviews.",
        "url",
        {"exact_match": "__SHOP__/product/12"},
        True,
        "url:equal",
    ),
    (
        "shop.test/search?b=2&a=1",
        "url",
        {"exact_match": "__SHOP__/search?a=1&b=2"},
        True,
        "url:equal",
    ),
    ("/product/12", "url", {"exact_match": "__SHOP__/product/12"}, True, "url:equal"),
    (
        "http://shop.test/product/13",
        "url",
        {"exact_match": "__SHOP__/product/12"},
        False,
        "url:mismatch",
    ),
    (
        "http://forum.test/product/12",
        "url",
        {"exact_match": "__SHOP__/product/12"},
        False,
        "url:mismatch",
    ),
    (
        "http://shop.test/product/12 or http://shop.test/product/13",
        "url",
        {"exact_match": "__SHOP__/product/12"},
        False,
        "url:ambiguous",
    ),
    ("the product page", "url", {"exact_match": "__SHOP__/product/12"}, False, "url:unparsed"),
]


@pytest.mark.parametrize(("answer", "answer_type", "refs", "passed", "rule"), CASES)
def test_lenient_cases(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("N/A", True, "infeasible:stated"),
        ("This is not possible: the shop has no such product.", True, "infeasible:stated"),
        ("I can't do that", True, "infeasible:stated"),
        ("Unable to find that order", True, "infeasible:stated"),
        ("Blue Mug", False, "infeasible:not-stated"),
        ("", False, "infeasible:not-stated"),
    ],
)
def test_lenient_infeasible(answer, passed, rule):
    verdict = lenient(answer, "infeasible", {"fuzzy_match": "N/A"})
    assert_verdict(verdict, passed, rule)


def test_infeasible_reported_passes_even_without_answer():
    context = EvalContext(infeasible_reported=True)
    verdict = check_answer(
        None, {"answer_type": "infeasible", "reference_answers": None}, context=context
    )
    assert_verdict(verdict, True, "infeasible:reported")


def test_na_reference_is_infeasible_for_any_answer_type():
    verdict = lenient("not possible", "string", {"fuzzy_match": "N/A"})
    assert_verdict(verdict, True, "infeasible:stated")


def test_reporting_infeasible_on_a_feasible_task_fails():
    context = EvalContext(infeasible_reported=True)
    verdict = lenient("83.47", "currency", {"exact_match": "83.47"}, context)
    assert_verdict(verdict, False, "infeasible:unexpected")


def test_myself_means_the_logged_in_user():
    context = EvalContext(users={"shop": "emma.lopez"})
    assert_verdict(
        lenient("Me", "string", {"exact_match": "emma.lopez"}, context), True, "string:myself"
    )
    assert_verdict(
        lenient("myself", "string", {"must_include": ["emma.lopez"]}, context),
        True,
        "string:all-included",
    )
    other = EvalContext(users={"shop": "bob"})
    assert_verdict(
        lenient("me", "string", {"exact_match": "emma.lopez"}, other), False, "string:mismatch"
    )


def test_missing_answer_fails():
    assert_verdict(lenient(None, "string", {"exact_match": "x"}), False, "answer:missing")
    assert_verdict(lenient("   ", "number", {"exact_match": "3"}), False, "answer:missing")


def test_several_approaches_must_all_pass():
    refs = {"must_include": ["Blue"], "fuzzy_match": ["Blue Mug"]}
    assert lenient("Blue Mug", "string", refs).passed
    refs = {"must_include": ["Blue"], "exact_match": "Red Mug"}
    verdict = lenient("Blue Mug", "string", refs)
    assert_verdict(verdict, False, "string:mismatch")
    assert verdict.explanation.startswith("[0]")


def test_or_alternatives_in_typed_answers():
    assert lenient("$5", "currency", {"exact_match": "5 |OR| 6"}).passed
    assert lenient("4 items", "number", {"must_include": ["3 |OR| 4"]}).passed
    assert not lenient("7", "number", {"must_include": ["3 |OR| 4"]}).passed


def test_typed_must_include_of_several_values():
    refs = {"must_include": ["2024-03-05", "2024-04-01"]}
    assert lenient("March 5, 2024 and April 1, 2024", "date", refs).passed
    assert_verdict(lenient("March 5, 2024", "date", refs), False, "date:mismatch")


@pytest.mark.parametrize(
    ("spec", "rule"),
    [
        (
            {"answer_type": "currency", "reference_answers": {"exact_match": "lots"}},
            "error:bad-reference",
        ),
        ({"answer_type": "colour", "reference_answers": {"exact_match": "x"}}, "error:bad-spec"),
        ({"answer_type": "string", "reference_answers": {}}, "error:bad-spec"),
        ({"answer_type": "string", "reference_answers": "x"}, "error:bad-spec"),
        ("not a dict", "error:bad-spec"),
    ],
)
def test_bad_specs_give_error_verdicts(spec, rule):
    verdict = check_answer("3", spec)
    assert_verdict(verdict, False, rule)


def test_bad_mode_is_an_error_verdict():
    verdict = check_answer(
        "3", {"answer_type": "number", "reference_answers": {"exact_match": "3"}}, mode="sloppy"
    )
    assert_verdict(verdict, False, "error:bad-mode")


def test_to_dict_round_trip():
    verdict = lenient("3", "number", {"exact_match": "3"})
    assert verdict.to_dict() == {
        "passed": True,
        "score": 1.0,
        "rule": "number:equal",
        "explanation": verdict.explanation,
    }


@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        ("Completed", "string", {"exact_match": "Complete"}, True, "string:inflection"),
        ("Merge", "string", {"exact_match": "Merged"}, True, "string:inflection"),
        ("Red", "string", {"exact_match": "R"}, False, "string:mismatch"),
        ("Blue Mug / Red Mug", "string", {"exact_match": "Blue Mug"}, False, "string:ambiguous"),
        ("-$5.00", "currency", {"exact_match": "5"}, False, "currency:mismatch"),
        ("No orders", "number", {"exact_match": "0"}, True, "number:equal"),
        ("No idea", "number", {"exact_match": "0"}, False, "number:unparsed"),
        ("No, there are 3", "number", {"exact_match": "3"}, True, "number:equal"),
        ("Order #12 has 3 items", "number", {"exact_match": "3"}, True, "number:equal"),
        ("The 2nd order had 3 items", "number", {"exact_match": "3"}, True, "number:equal"),
        ("3rd", "number", {"exact_match": "3"}, True, "number:equal"),
        ("A, B and also C", "list", {"exact_match": "a, b, c"}, True, "list:equal"),
        ("A, B, C, A", "list", {"exact_match": "a, b, c"}, True, "list:equal"),
        ("A, B, C and D", "list", {"exact_match": ["a", "b", "c"]}, False, "list:extra-item"),
    ],
)
def test_lenient_edge_cases(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        ("83 dollars and 47 cents", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
        ("47 cents", "currency", {"exact_match": "$0.47"}, True, "currency:equal"),
        ("$.47", "currency", {"exact_match": "0.47"}, True, "currency:equal"),
        ("not $83.47", "currency", {"exact_match": "83.47"}, False, "currency:qualified"),
        ("3 orders in 2024", "number", {"exact_match": "3"}, True, "number:equal"),
        ("2024", "number", {"exact_match": "2024"}, True, "number:equal"),
        ("4.3 out of 5", "number", {"exact_match": "4.3"}, True, "number:equal"),
        ("two and a half", "number", {"exact_match": "2.5"}, True, "number:equal"),
        ("more than 12", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12+", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("not March 5, 2024", "date", {"exact_match": "2024-03-05"}, False, "date:qualified"),
        ("March '24", "month", {"exact_match": "March 2024"}, True, "month:equal"),
        (
            "three quarters of an hour",
            "duration",
            {"exact_match": "45 minutes"},
            True,
            "duration:equal",
        ),
        ("It has been completed", "string", {"exact_match": "Complete"}, True, "string:phrase"),
        ("Hobbit", "string", {"exact_match": "The Hobbit"}, True, "string:equal"),
        ("The Hobbit 2", "string", {"exact_match": "The Hobbit"}, False, "string:extended"),
        ("Austin, Texas", "string", {"exact_match": "Austin"}, True, "string:phrase"),
        ("Austin, Dallas", "string", {"exact_match": "Austin"}, False, "string:ambiguous"),
        ("I'm not sure", "boolean", {"exact_match": "no"}, False, "boolean:unparsed"),
        ("three and five", "list", {"exact_match": ["3", "5"]}, True, "list:equal"),
        (
            "There is an airport within 5 km",
            "string",
            {"fuzzy_match": ["There is no airport within 5 km"]},
            False,
            "string:negated",
        ),
    ],
)
def test_lenient_deepened_cases(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# Answers written by people who never saw the validators: a number with a measure a count
# does not have, approximations and hedges spelled without the words the rules knew, and
# a rival in brackets. Each failing case passed before; the passing ones are the controls.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        ("12 km", "number", {"exact_match": "12"}, False, "number:mismatch"),
        ("12 kg", "number", {"exact_match": "12"}, False, "number:mismatch"),
        ("12%", "number", {"exact_match": "12"}, False, "number:mismatch"),
        ("12 percent", "number", {"exact_match": "12"}, False, "number:mismatch"),
        ("$12", "number", {"exact_match": "12"}, False, "number:mismatch"),
        ("12 dollars", "number", {"exact_match": "12"}, False, "number:mismatch"),
        ("12 items", "number", {"exact_match": "12"}, True, "number:equal"),
        ("12 hours", "number", {"exact_match": "12"}, True, "number:equal"),  # the question's unit
        ("14 (each with a $500 total)", "number", {"exact_match": "14"}, True, "number:equal"),
        ("12", "number", {"exact_match": "$12"}, True, "number:equal"),
        ("12%", "number", {"exact_match": "12%"}, True, "number:equal"),
        ("~12", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12ish", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("~$83.47", "currency", {"exact_match": "$83.47"}, False, "currency:qualified"),
        ("~ 2 km", "distance", {"exact_match": "2 km"}, True, "distance:equal"),
        ("probably 12", "number", {"exact_match": "12"}, False, "number:hedge"),
        (
            "Presumably Harbor Goods",
            "string",
            {"exact_match": "Harbor Goods"},
            False,
            "string:hedge",
        ),
        ("Harbor Goods (maybe)", "string", {"exact_match": "Harbor Goods"}, False, "string:hedge"),
        (
            "Harbor Goods [not sure]",
            "string",
            {"exact_match": "Harbor Goods"},
            False,
            "string:hedge",
        ),
        ("12 (or 13)", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("$83.47 (or $84.00)", "currency", {"exact_match": "$83.47"}, False, "currency:hedge"),
        (
            "Alice Smith (or Bob Jones)",
            "string",
            {"exact_match": "Alice Smith"},
            False,
            "string:ambiguous",
        ),
        ("12 (or more)", "number", {"exact_match": "12"}, False, "number:qualified"),
        # a vague alternative is no commitment either
        ("12, or maybe something else", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("12 or something", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("$83.47 or thereabouts", "currency", {"exact_match": "$83.47"}, False, "currency:hedge"),
        ("falcon or anything else", "string", {"must_include": ["falcon"]}, False, "string:hedge"),
        (
            "falcon (or something similar)",
            "string",
            {"must_include": ["falcon"]},
            False,
            "string:hedge",
        ),
        ("Pots or similar", "string", {"exact_match": "Pots or similar"}, True, "string:equal"),
        ("Something Blue", "string", {"exact_match": "something blue"}, True, "string:equal"),
        ("Pots (or Pans)", "string", {"exact_match": "Pots (or Pans)"}, True, "string:equal"),
        (
            "$50.94 (including $5.00 shipping)",
            "currency",
            {"exact_match": "$50.94"},
            True,
            "currency:equal",
        ),
        # generated tasks write amounts bare ("83.47"); the sites price in US dollars
        ("83.47 EUR", "currency", {"exact_match": "83.47"}, False, "currency:mismatch"),
        ("£83.47", "currency", {"exact_match": "83.47"}, False, "currency:mismatch"),
        ("83.47 USD", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
        ("$83.47", "currency", {"exact_match": "83.47"}, True, "currency:equal"),
    ],
)
def test_lenient_unseen_phrasings(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# An amount asked for in the sites' dollars, answered as another currency (by its code,
# symbol or name) or as a bare number that counts something else: a different amount.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("50.94 km", False, "currency:mismatch"),
        ("50.94%", False, "currency:mismatch"),
        ("50.94 percent", False, "currency:mismatch"),
        ("50.94 kg", False, "currency:mismatch"),
        ("50.94 hours", False, "currency:mismatch"),
        ("50.94 points", False, "currency:mismatch"),
        ("50.94 yen", False, "currency:mismatch"),
        ("50.94 rupees", False, "currency:mismatch"),
        ("50.94 CHF", False, "currency:mismatch"),
        ("50.94 BTC", False, "currency:mismatch"),
        ("R$50.94", False, "currency:mismatch"),
        ("₩50.94", False, "currency:mismatch"),
        ("50.94", True, "currency:equal"),
        ("50.94 dollars", True, "currency:equal"),
        ("USD 50.94", True, "currency:equal"),
        ("The grand total was 50.94 in all.", True, "currency:equal"),
        ("$50.94 (2 items)", True, "currency:equal"),
    ],
)
def test_an_amount_in_another_currency_or_measure_is_not_the_dollar_amount(answer, passed, rule):
    assert_verdict(lenient(answer, "currency", {"exact_match": "$50.94"}), passed, rule)


# A value its author disowns after stating it, or between doubts: no commitment, on
# every answer type; an infeasibility claim may doubt that the thing exists.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        ("12 maybe", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("Likely yes", "boolean", {"exact_match": "Yes"}, False, "boolean:hedge"),
        ("Most likely no", "boolean", {"exact_match": "No"}, False, "boolean:hedge"),
        ("12, most likely", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("12, perhaps.", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("12? not sure", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("I'm not sure, 12?", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("12 (can't be sure)", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("Not entirely certain, but 12", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("12 I guess", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("I'd guess 12", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("My best guess is 12", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("It could be 12", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("The count might be 12", "number", {"exact_match": "12"}, False, "number:hedge"),
        ("$50.94 maybe", "currency", {"exact_match": "$50.94"}, False, "currency:hedge"),
        ("Processing, not sure", "string", {"exact_match": "Processing"}, False, "string:hedge"),
        ("Processing I guess", "string", {"exact_match": "Processing"}, False, "string:hedge"),
        ("Yes, unsure though", "boolean", {"exact_match": "Yes"}, False, "boolean:unparsed"),
        ("Might be December 2023", "month", {"exact_match": "December 2023"}, False, "month:hedge"),
        # controls
        ("I think 12", "number", {"exact_match": "12"}, True, "number:equal"),
        ("Yes, I'm sure", "boolean", {"exact_match": "Yes"}, True, "boolean:equal"),
        ("It was May 2024", "month", {"exact_match": "May 2024"}, True, "month:equal"),
        ("Not sure", "string", {"exact_match": "Not sure"}, True, "string:equal"),
        (
            "I'm not sure it exists: N/A",
            "infeasible",
            {"fuzzy_match": "N/A"},
            True,
            "infeasible:stated",
        ),
    ],
)
def test_a_value_stated_then_disowned_is_a_hedge(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# A bound or an estimate written after the value ("12 at most", "12 (approx.)"), or with
# the other common spellings of "about" (circa, c., ≈), is no more the value than "at
# least 12" or "~12"; a remark that only mentions a maximum is no bound.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        ("12 at most", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12 at least", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12 products at most", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("twelve at least", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12 minimum", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12 max", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12 (approx.)", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("a dozen or so", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("circa 12", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("c. 12", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("≈12", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("$50.94 at most", "currency", {"exact_match": "$50.94"}, False, "currency:qualified"),
        ("50 dollars tops", "currency", {"exact_match": "$50.00"}, False, "currency:qualified"),
        (
            "July 19, 2020 at the latest",
            "date",
            {"exact_match": "July 19, 2020"},
            False,
            "date:qualified",
        ),
        ("14 minutes tops", "duration", {"exact_match": "14 minutes"}, False, "duration:qualified"),
        # controls
        ("14 minutes approx", "duration", {"exact_match": "14 minutes"}, True, "duration:equal"),
        ("14 minutes or so", "duration", {"exact_match": "14 minutes"}, True, "duration:equal"),
        ("close to 14 minutes", "duration", {"exact_match": "14 minutes"}, True, "duration:equal"),
        ("an estimated 2 km", "distance", {"exact_match": "2 km"}, True, "distance:equal"),
        ("2 km more or less", "distance", {"exact_match": "2 km"}, True, "distance:equal"),
        ("12 or so", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("$12.49 was the minimum", "currency", {"exact_match": "$12.49"}, True, "currency:equal"),
        ("12 (at the time of checking)", "number", {"exact_match": "12"}, True, "number:equal"),
        ("12 products in total", "number", {"exact_match": "12"}, True, "number:equal"),
    ],
)
def test_a_bound_or_estimate_after_the_value_is_qualified(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# A list given in a sentence: the clause that introduces it ("The moderators are ...")
# or closes it ("... are the moderators") is no extra item and does not hide the item it
# touches; negated, hedged or incomplete sentences still fail.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("The moderators are falcon_ian and pine_beth.", True, "list:equal"),
        ("The moderators are falcon_ian, pine_beth", True, "list:equal"),
        ("The Music forum is moderated by falcon_ian and pine_beth.", True, "list:equal"),
        ("falcon_ian and pine_beth are the moderators.", True, "list:equal"),
        ("Its moderators are pine_beth and falcon_ian", True, "list:equal"),
        ("Its moderators include pine_beth and falcon_ian", False, "list:missing-item"),
        ("including falcon_ian and pine_beth", False, "list:missing-item"),
        ("falcon_ian, pine_beth, ...", False, "list:extra-item"),
        ("falcon_ian, pine_beth…", False, "list:extra-item"),
        ("The moderators are not falcon_ian and pine_beth.", False, "list:missing-item"),
        ("falcon_ian and pine_beth are not the moderators.", False, "list:missing-item"),
        ("The moderators are oak_sam and pine_beth.", False, "list:missing-item"),
        ("The moderators are falcon_ian, pine_beth and oak_sam.", False, "list:extra-item"),
        ("The moderators used to be falcon_ian and pine_beth", False, "list:missing-item"),
        ("The moderators might be falcon_ian and pine_beth", False, "list:missing-item"),
    ],
)
def test_a_list_inside_a_sentence(answer, passed, rule):
    assert_verdict(
        lenient(answer, "list", {"exact_match": ["falcon_ian", "pine_beth"]}), passed, rule
    )


# A code is compared as written: a dot between digits is part of a version or an amount
# (so "v0.30" is another tag than "v0.3.0"), and a reference glued by a dash, dot or
# slash to more letters or digits is part of a longer code ("v0.3.0-rc1").
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("v0.30", "v0.3.0", False, "string:mismatch"),
        ("v03.0", "v0.3.0", False, "string:mismatch"),
        ("v0.3.0-rc1", "v0.3.0", False, "string:extended"),
        ("v0.3.0.1", "v0.3.0", False, "string:extended"),
        ("The tag is v0.3.0-beta.", "v0.3.0", False, "string:extended"),
        ("EL-60710-B", "EL-60710", False, "string:extended"),
        # controls
        ("The latest tag is v0.3.0.", "v0.3.0", True, "string:phrase"),
        ("v.0.3.0", "v0.3.0", True, "string:equal"),
        ("EL60710", "EL-60710", True, "string:equal"),
        ("615.555.0194", "(615) 555-0194", True, "string:equal"),
        ("6155550194", "(615) 555-0194", True, "string:equal"),
        ("willow-ben", "willow_ben", True, "string:equal"),
    ],
)
def test_a_code_keeps_its_dots_and_its_length(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "string", {"exact_match": ref}), passed, rule)


# The value named and then rejected ("12 is wrong") or corrected to another candidate
# ("Processing... actually Shipped") is not the answer; a remark after "actually" that
# names no rival, and "is correct", are no rejection.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        ("12 is wrong", "number", {"exact_match": "12"}, False, "number:negated"),
        ("$50.94 is incorrect", "currency", {"exact_match": "$50.94"}, False, "currency:negated"),
        ("Processing is wrong", "string", {"exact_match": "Processing"}, False, "string:negated"),
        (
            "Processing... actually Shipped",
            "string",
            {"exact_match": "Processing"},
            False,
            "string:hedge",
        ),
        (
            "Processing! Actually Shipped",
            "string",
            {"exact_match": "Processing"},
            False,
            "string:hedge",
        ),
        # controls
        ("$50.94 is correct", "currency", {"exact_match": "$50.94"}, True, "currency:equal"),
        ("No, that is false", "boolean", {"exact_match": "No"}, True, "boolean:equal"),
        (
            "Processing. Actually it has not shipped yet.",
            "string",
            {"exact_match": "Processing"},
            True,
            "string:phrase",
        ),
    ],
)
def test_a_value_rejected_or_corrected_is_not_the_answer(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# Two days written as one span are a range, not the date, whichever day it starts on.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("July 19-20, 2020", False, "date:ambiguous"),
        ("July 19–20, 2020", False, "date:ambiguous"),
        ("19-20 July 2020", False, "date:ambiguous"),
        ("July 19th-20th 2020", False, "date:ambiguous"),
        # controls: a time or a remark after the date is no range
        ("July 19, 2020 - that's when she joined", True, "date:equal"),
        ("July 19 2020 - 14:00", True, "date:equal"),
        ("07-19-2020", True, "date:equal"),
    ],
)
def test_a_day_range_is_not_a_date(answer, passed, rule):
    assert_verdict(lenient(answer, "date", {"exact_match": "July 19, 2020"}), passed, rule)


def test_an_untyped_number_reference_still_reads_the_number_whatever_follows_it():
    # An untyped reference asks for WebArena's substring semantics: "65%" holds "65".
    spec = {"eval_types": ["string_match"], "reference_answers": {"must_include": ["65 |OR| 3"]}}
    assert check_answer("65%", spec).passed
    assert not check_answer("66%", spec).passed


# "+" right after a number is a bound ("12+"); a "+" that adds two amounts in an
# explanation ("Subtotal $45.94 + Shipping $5.00") is arithmetic, not a bound.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        (
            "Grand Total: $50.94 (Subtotal $45.94 + Shipping $5.00)",
            "currency",
            {"exact_match": "$50.94"},
            True,
            "currency:equal",
        ),
        (
            "$50.94 ($45.94 + $5.00 shipping)",
            "currency",
            {"exact_match": "$50.94"},
            True,
            "currency:equal",
        ),
        ("12+", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12+ products", "number", {"exact_match": "12"}, False, "number:qualified"),
        ("12 +", "number", {"exact_match": "12"}, False, "number:qualified"),
    ],
)
def test_a_plus_between_amounts_is_no_bound(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# A tie or a comparison names a rival as much as "or" does.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("Saltmarsh Non-Stick Wok (tied with the Ember Cast Iron Pan)", False, "string:hedge"),
        ("Saltmarsh Non-Stick Wok, tied with Ember Cast Iron Pan", False, "string:ambiguous"),
        ("Saltmarsh Non-Stick Wok vs Ember Cast Iron Pan", False, "string:hedge"),
        ("Saltmarsh Non-Stick Wok versus the Ember Cast Iron Pan", False, "string:hedge"),
        ("Saltmarsh Non-Stick Wok (4.3 stars)", True, "string:phrase"),
    ],
)
def test_a_tie_or_a_comparison_is_a_hedge(answer, passed, rule):
    spec_refs = {"exact_match": "Saltmarsh Non-Stick Wok"}
    assert_verdict(lenient(answer, "string", spec_refs), passed, rule)


# An answer is cut at 20,000 characters; reading it must stay linear. A run of digits went
# through price-parser's separator search (quadratic: 6 s), and "1-1-1..." or "0.0.0..."
# restarted the URL pattern at every label (quadratic: 14 s). Now each takes milliseconds.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref"),
    [
        ("1" * 20_000, "number", "12"),
        ("1" * 20_000, "currency", "$50.94"),
        ("1-" * 10_000, "url", "http://shop.test/cart"),
        ("0." * 10_000, "url", "http://shop.test/cart"),
    ],
)
def test_a_huge_answer_is_read_in_linear_time(answer, answer_type, ref):
    start = time.perf_counter()
    verdict = lenient(answer, answer_type, {"exact_match": ref})
    assert not verdict.passed
    assert time.perf_counter() - start < 1.0


def test_a_list_that_trails_off_fails_under_must_include_too():
    # extra items fail a must_include list answer; "..." says there are more of them
    spec = {
        "eval_types": ["string_match"],
        "answer_type": "list",
        "reference_answers": {"must_include": ["falcon_ian", "pine_beth"]},
    }
    assert check_answer("falcon_ian and pine_beth", spec).passed
    verdict = check_answer("falcon_ian, pine_beth, ...", spec)
    assert_verdict(verdict, False, "list:extra-item")


# http and https are one page, but another scheme is another address: the HTTPS clone
# URL is not the SSH one asked for, nor is an ftp:// URL the web page.
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("https://git.test/a/b.git", "git@git.test:a/b.git", False, "url:mismatch"),
        ("http://git.test/a/b", "ssh://git@git.test/a/b", False, "url:mismatch"),
        ("ssh://git@git.test/a/b", "http://git.test/a/b", False, "url:mismatch"),
        ("ftp://git.test/a/b", "http://git.test/a/b", False, "url:mismatch"),
        # controls
        ("ssh://git@git.test/a/b", "git@git.test:a/b.git", True, "url:equal"),
        ("git clone git@git.test:a/b.git", "git@git.test:a/b.git", True, "url:equal"),
        ("https://git.test/a/b", "http://git.test/a/b", True, "url:equal"),
        ("git.test/a/b", "http://git.test/a/b", True, "url:equal"),
    ],
)
def test_a_url_of_another_protocol_is_another_url(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "url", {"exact_match": ref}), passed, rule)


# More ways of writing a bound or an estimate before or after the value.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("at minimum 12", False, "number:qualified"),
        ("a minimum of 12", False, "number:qualified"),
        ("a maximum of 12", False, "number:qualified"),
        ("upwards of 12", False, "number:qualified"),
        ("in excess of 12", False, "number:qualified"),
        ("close to 12", False, "number:qualified"),
        ("something like 12", False, "number:qualified"),
        ("on the order of 12", False, "number:qualified"),
        ("an estimated 12", False, "number:qualified"),
        ("12 (est.)", False, "number:qualified"),
        ("guessing 12", False, "number:qualified"),
        # controls: the words away from the value
        ("The minimum is 12", True, "number:equal"),
        ("12, the estimated count from the listing", True, "number:equal"),
    ],
)
def test_more_bounds_and_estimates_are_qualified(answer, passed, rule):
    assert_verdict(lenient(answer, "number", {"exact_match": "12"}), passed, rule)


# A value and "N/A" side by side claim both an answer and none.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        ("33.99 and N/A", "currency", "33.99", False, "currency:ambiguous"),
        ("$33.99, N/A", "currency", "33.99", False, "currency:ambiguous"),
        ("12 and N/A", "number", "12", False, "number:ambiguous"),
        ("Yes and N/A", "boolean", "Yes", False, "boolean:ambiguous"),
        ("33.99 (N/A for the blue one)", "currency", "33.99", True, "currency:equal"),
    ],
)
def test_a_value_beside_na_is_ambiguous(answer, answer_type, ref, passed, rule):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


def test_a_currency_amount_past_decimal_precision_is_a_mismatch_not_a_crash():
    verdict = lenient("100000000000000000000000000", "currency", {"exact_match": "$83.47"})
    assert_verdict(verdict, False, "currency:mismatch")


# shop.price-range-in-category asks for "the lowest and the highest price"; people write a
# range. The failing-before cases are the first six; the rest must keep failing.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("$6.99 - $23.99", True, "list:equal"),
        ("$6.99 to $23.99", True, "list:equal"),
        ("from $6.99 to $23.99", True, "list:equal"),
        ("lowest $6.99, highest $23.99", True, "list:equal"),
        ("$6.99–$23.99", True, "list:equal"),
        ("6.99-23.99", True, "list:equal"),
        ("$23.99 and $6.99", True, "list:equal"),
        ("$6.99", False, "list:missing-item"),
        ("$6.99 to $24.99", False, "list:missing-item"),
        ("$6.99, $12.00, $23.99", False, "list:extra-item"),
        ("$6.99 to $23.99, falcon_ian", False, "list:missing-item"),
        ("$6.99 or $23.99", False, "list:hedge"),
        ("about $6.99 to $23.99", False, "list:missing-item"),
        ("6.99 EUR to 23.99 EUR", False, "list:missing-item"),
    ],
)
def test_a_list_of_amounts_written_as_a_range(answer, passed, rule):
    verdict = lenient(answer, "list", {"exact_match": ["6.99", "23.99"]})
    assert_verdict(verdict, passed, rule)


def test_a_dash_between_two_amounts_is_no_minus_sign():
    assert_verdict(
        lenient("-$12.00", "currency", {"exact_match": "$12.00"}), False, "currency:mismatch"
    )
    assert_verdict(
        lenient("$-12.00", "currency", {"exact_match": "$12.00"}), False, "currency:mismatch"
    )


@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        # an order number or a count given with the money it came with (failed before)
        ("Order #100170, with a grand total of $512.00", "string", "100170", True, "number:equal"),
        ("#100170 ($512.00)", "string", "100170", True, "number:equal"),
        ("12 items, $40.00 total", "number", "12", True, "number:equal"),
        # money is still no count or id, and a rival number is still a rival
        ("$512.00", "string", "100170", False, "number:mismatch"),
        ("Order #100171, $512.00", "string", "100170", False, "number:mismatch"),
        ("#100170 or #100171 ($512)", "string", "100170", False, "number:ambiguous"),
        ("13 items ($12.00)", "number", "12", False, "number:mismatch"),
        # a value set aside ("not $60.00") is no rival, as in brackets ("(not $60.00)")
        ("Order #100642 cost $50.94, not $60.00", "currency", "$50.94", True, "currency:equal"),
        (
            "Order #100642 cost $60.00, not $50.94",
            "currency",
            "$50.94",
            False,
            "currency:ambiguous",
        ),
    ],
)
def test_money_beside_a_count_or_an_id_is_no_rival(answer, answer_type, ref, passed, rule):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


# A figure said beside a name is evidence, not a rival name: a thousands comma split
# '1,234 karma' into a rival piece '234 karma', a comma or 'vs' between two figures made
# one of them a rival (all failed before). A rival name still fails, figures or not, and
# a reference with digits keeps the old rule.
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("copper_ivy (1,234 karma)", "copper_ivy", True, "string:phrase"),
        ("copper_ivy has more karma (1,234 vs 567).", "copper_ivy", True, "string:phrase"),
        ("Alex Chen, 14 commits", "Alex Chen", True, "string:phrase"),
        ("Alex Chen (1,024 commits)", "Alex Chen", True, "string:phrase"),
        (
            "Pulsar Studio Headset (4.5 stars vs 3.8)",
            "Pulsar Studio Headset",
            True,
            "string:phrase",
        ),
        ("Alex Chen, 14 commits, Kai Weber 12 commits", "Alex Chen", False, "string:ambiguous"),
        ("Alex Chen, 3 Kai Weber", "Alex Chen", False, "string:ambiguous"),
        ("Alex Chen vs Kai Weber (14 vs 12)", "Alex Chen", False, "string:hedge"),
        ("copper_ivy (1,234 karma) or diego.king", "copper_ivy", False, "string:ambiguous"),
        ("v1.0 vs v1.1", "v1.0", False, "string:hedge"),
        # A figure offered instead of the name is a rival (passed when any figure was
        # evidence; WebArena sibling hedges such as 'Mist or 260.69').
        ("Mist or 260.69", "Mist", False, "string:hedge"),
        ("260.69 or Mist", "Mist", False, "string:hedge"),
        ("Lily Potter or 299", "Lily Potter", False, "string:hedge"),
    ],
)
def test_a_figure_beside_a_name_is_no_rival(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "string", {"exact_match": ref}), passed, rule)


# "only one" is a count unless a determiner makes it a pronoun ("the only one"); it
# was always read as a pronoun, so "There is only one." found no number (failed before)
# while "only two" and "just one" passed.
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("Only one.", "1", True, "number:equal"),
        ("There is only one open merge request.", "1", True, "number:equal"),
        ("only one", "2", False, "number:mismatch"),
        ("The only one I found has 3 commits", "3", True, "number:equal"),
        ("only one or two", "1", False, "number:ambiguous"),
    ],
)
def test_only_one_is_a_count(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "number", {"exact_match": ref}), passed, rule)


# An item said with a remark in brackets is the item: 'Julian W. (4 stars) and Emma L.
# (5 stars)' missed both items (failed before). A rival, a negation or a hedge in the
# brackets still fails.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("Julian W. (4 stars) and Emma L. (5 stars)", True, "list:equal"),
        ("Julian W. [verified buyer], Emma L. (5 stars)", True, "list:equal"),
        ("Julian W. (4 stars), Emma L. (5 stars), Victor J. (2 stars)", False, "list:extra-item"),
        ("Julian W. (not Emma L.)", False, "list:missing-item"),
        ("Julian W. (and Victor J.), Emma L.", False, "list:extra-item"),
        ("Julian W. (maybe), Emma L.", False, "list:hedge"),
        ("Julian W. (4 stars)", False, "list:missing-item"),
    ],
)
def test_an_item_with_a_remark_in_brackets(answer, passed, rule):
    assert_verdict(lenient(answer, "list", {"exact_match": ["Julian W.", "Emma L."]}), passed, rule)


# Working that leads to the value is no rival: the operands of '$150.00 - $38.50 =
# $111.50' or the prices before '..., so the difference is $111.50' made the answer
# ambiguous (failed before). A wrong or hedged conclusion, and a value stated before
# the working, still fail.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        ("$150.00 - $38.50 = $111.50", "currency", "111.50", True, "currency:equal"),
        ("3 + 4 + 5 = 12", "number", "12", True, "number:equal"),
        (
            "The Voltix costs $150.00 and the Nimbus costs $38.50, so the difference is $111.50.",
            "currency",
            "111.50",
            True,
            "currency:equal",
        ),
        ("$150.00 - $38.50, giving $111.50", "currency", "111.50", True, "currency:equal"),
        ("$150.00 - $38.50 = $112.50", "currency", "111.50", False, "currency:mismatch"),
        ("5 + 7 = 12 or 13", "number", "12", False, "number:ambiguous"),
        ("12, so 13 with the canceled one", "number", "12", False, "number:ambiguous"),
        ("about 12, so 12", "number", "12", False, "number:qualified"),
    ],
)
def test_working_that_leads_to_the_value_is_no_rival(answer, answer_type, ref, passed, rule):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


# A reference that opens with a bracket keeps it: 'not (615) 555-0194' passed lenient as
# a phrase (the bracket, left outside the marked reference, cut the clause between the
# negation and the number; study perturb's two string false passes). Failed before.
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("not (615) 555-0194", "(615) 555-0194", False, "string:negated"),
        ("not (Blue) Mug", "(Blue) Mug", False, "string:negated"),
        ("The phone is (615) 555-0194.", "(615) 555-0194", True, "string:phrase"),
        ("Call (615) 555-0194 (mobile)", "(615) 555-0194", True, "string:phrase"),
        ("It is Blue Mug (Large), not Red Mug", "Blue Mug (Large)", True, "string:phrase"),
    ],
)
def test_a_bracket_the_reference_opens_with_is_part_of_it(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "string", {"exact_match": ref}), passed, rule)


# A whole number under 60 right after hours or minutes counts the next smaller unit, as
# on a clock: '1h30' and '1 hour 30' read as 1 hour and 30 hours (failed before).
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("1h30", "1 hour 30 minutes", True, "duration:equal"),
        ("1 hour 30", "1 hour 30 minutes", True, "duration:equal"),
        ("5 min 30", "5 minutes 30 seconds", True, "duration:equal"),
        ("1h31", "1 hour 30 minutes", False, "duration:mismatch"),
        ("1h30 or 2h", "1 hour 30 minutes", False, "duration:ambiguous"),
        ("1h 75", "1 hour 30 minutes", False, "duration:mismatch"),
    ],
)
def test_a_bare_number_after_hours_counts_minutes(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "duration", {"exact_match": ref}), passed, rule)


# A reference named only as what a rival is compared against is not the answer: 'W has
# a better rating than R', 'W rather than R', 'W (4.5) > R (3.8)' passed lenient as
# phrases of R (failed before). R as the subject of the comparison still passes.
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        (
            "Solstice Shea Hand Cream has a better rating than the Pulsar Studio Headset",
            "Pulsar Studio Headset",
            False,
            "string:outdone",
        ),
        ("diego.king has more karma than copper_ivy", "copper_ivy", False, "string:outdone"),
        ("Kai Weber rather than Alex Chen", "Alex Chen", False, "string:outdone"),
        ("The Games forum beats Birdwatching", "Birdwatching", False, "string:outdone"),
        ("v1.1 (5) > v1.0 (3)", "v1.0", False, "string:outdone"),
        ("copper_ivy has more karma than diego.king", "copper_ivy", True, "string:phrase"),
        ("Alex Chen beats Kai Weber", "Alex Chen", True, "string:phrase"),
        (
            "I would pick Pulsar Studio Headset over the Nimbus",
            "Pulsar Studio Headset",
            True,
            "string:phrase",
        ),
    ],
)
def test_a_reference_only_compared_against_is_not_the_answer(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "string", {"exact_match": ref}), passed, rule)


def _infeasible(answer):
    return lenient(answer, "infeasible", {"fuzzy_match": "N/A"})


# "You don't have a saved address in Burlington." says the task cannot be done; a report
# of the task done with an incidental "nothing" or "there is no" ("Done, nothing else to
# do.", "I canceled it successfully; there is no refund.") does not. Both were misjudged
# on infeasible tasks (the reports passed). Failed before.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("You don't have a saved address in Burlington.", True, "infeasible:stated"),
        ("This forum does not have a lock feature.", True, "infeasible:stated"),
        ("There isn't a Burlington address in your address book.", True, "infeasible:stated"),
        ("Done, nothing else to do.", False, "infeasible:claims-done"),
        ("I canceled it successfully; there is no refund.", False, "infeasible:claims-done"),
        ("I have locked it; there are no errors.", False, "infeasible:claims-done"),
        (
            "Done: there is no address in Burlington, so I could not set it.",
            True,
            "infeasible:stated",
        ),
        ("I set nothing, since you have no address in Burlington", True, "infeasible:stated"),
        ("I have checked: there is no saved address in Burlington.", True, "infeasible:stated"),
        ("None.", True, "infeasible:stated"),
    ],
)
def test_infeasibility_said_another_way_and_work_reported_done(answer, passed, rule):
    assert_verdict(_infeasible(answer), passed, rule)


# A word after an amount that changes it is read: '83.47 cents' is $0.8347 and '$83.47
# CAD' Canadian dollars (both passed as $83.47), '12 cents' is money, not a count of 12
# (it passed). Failed before.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        ("83.47 cents", "currency", "83.47", False, "currency:mismatch"),
        ("83.47¢", "currency", "83.47", False, "currency:mismatch"),
        ("$83.47 CAD", "currency", "83.47", False, "currency:mismatch"),
        ("12 cents", "number", "12", False, "number:mismatch"),
        ("150 cents", "currency", "1.50", True, "currency:equal"),
        ("83 dollars and 47 cents", "currency", "83.47", True, "currency:equal"),
        ("$83.47 USD", "currency", "83.47", True, "currency:equal"),
        ("12 items for 47 cents", "number", "12", True, "number:equal"),
    ],
)
def test_a_unit_after_an_amount_changes_it(answer, answer_type, ref, passed, rule):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


# A closing paragraph that refers back to the answer ('Both mention brown.', 'They ...',
# 'He ...', 'Because ...') explains it; it was read as an extra list item (failed before).
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("- Julian W.\n- Emma L.\n\nBoth mention brown.", True, "list:equal"),
        ("Julian W., Emma L.\n\nThey both use the word.", True, "list:equal"),
        ("Julian W.\n\nBoth Emma L. and Victor J. do not.", False, "list:missing-item"),
        ("Julian W., Emma L., Victor J.\n\nThey all mention it.", False, "list:extra-item"),
    ],
)
def test_a_closing_paragraph_that_refers_back_explains_the_list(answer, passed, rule):
    assert_verdict(lenient(answer, "list", {"exact_match": ["Julian W.", "Emma L."]}), passed, rule)


# Each mention of the reference re-read the text up to it (the clause around it, a joined
# code before it): 'Alex Chen ' * 2000 took 2.3 s (quadratic). Now milliseconds.
@pytest.mark.parametrize(
    ("answer", "ref"),
    [
        ("Alex Chen " * 2_000, "Alex Chen"),
        ("Alex Chen is the one " * 950, "Alex Chen"),
        ("(615) 555-0194 " * 1_300, "(615) 555-0194"),
    ],
)
def test_an_answer_naming_the_reference_often_is_read_in_linear_time(answer, ref):
    start = time.perf_counter()
    lenient(answer, "string", {"exact_match": ref})
    assert time.perf_counter() - start < 0.8


# An aside that names another candidate is not a remark: 'Julian W., Emma L. (also
# possibly Victor J.)' passed once asides were set aside (it failed before that).
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("Julian W., Emma L. (also possibly Victor J.)", False, "list:missing-item"),
        ("Julian W. (Victor J.), Emma L.", False, "list:missing-item"),
        ("Julian W. (x2), Emma L.", True, "list:equal"),
    ],
)
def test_an_aside_naming_another_candidate_is_no_remark(answer, passed, rule):
    assert_verdict(lenient(answer, "list", {"exact_match": ["Julian W.", "Emma L."]}), passed, rule)


# "no <noun>" is 0 when the only other number is a year: 'You have no orders in 2024.'
# read as 2024 (failed before) while 'There were no commits in October 2023.' passed.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        ("You have no orders in 2024.", "number", "0", True, "number:equal"),
        ("No complete orders since 2022", "number", "0", True, "number:equal"),
        ("No orders in 2024.", "number", "1", False, "number:mismatch"),
        ("No orders in 2024, 3 in 2023", "number", "0", False, "number:mismatch"),
        ("Order #100295 (no issues)", "string", "100295", True, "number:equal"),
    ],
)
def test_no_things_in_a_year_is_zero(answer, answer_type, ref, passed, rule):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


# Dates beside a count are no rival counts: a month name two words back swallowed the
# count ('Between Jan 2024 and Dec 2024: 6' found no number), and dates in digits were
# read as numbers ('6 orders between 2024-01-01 and 2024-12-31' was ambiguous). Failed
# before.
@pytest.mark.parametrize(
    ("answer", "ref", "passed", "rule"),
    [
        ("Between Jan 2024 and Dec 2024: 6", "6", True, "number:equal"),
        ("6 orders between 2024-01-01 and 2024-12-31", "6", True, "number:equal"),
        ("From 01/01/2024 to 12/31/2024 you placed 6 complete orders", "6", True, "number:equal"),
        ("12 items on 14 March 2023", "12", True, "number:equal"),
        ("12 items on March 14, 2023", "12", True, "number:equal"),
        ("6 in 2024, 4 in 2023", "6", False, "number:ambiguous"),
        ("12 may", "12", True, "number:equal"),
    ],
)
def test_a_date_beside_a_count_is_no_rival(answer, ref, passed, rule):
    assert_verdict(lenient(answer, "number", {"exact_match": ref}), passed, rule)


# A rival is as long as its name, whatever remark follows it in brackets: 'Alex Chen,
# Kai Weber (checked on the site)' passed (the remark made 'Kai Weber ...' too long to be
# a rival), as did a one-item list or a must_include list with such an extra item.
# Failed before.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        (
            "Alex Chen, Kai Weber (checked on the site)",
            "string",
            {"exact_match": "Alex Chen"},
            False,
            "string:ambiguous",
        ),
        (
            "Sophia S., Zed Q. (checked on the site)",
            "list",
            {"exact_match": ["Sophia S."]},
            False,
            "list:extra-item",
        ),
        (
            "34.99, 51.95, Zed Q. (checked on the site)",
            "list",
            {"must_include": ["34.99", "51.95"]},
            False,
            "list:extra-item",
        ),
        (
            "Alex Chen, (he made 14 commits since January 2023)",
            "string",
            {"exact_match": "Alex Chen"},
            True,
            "string:phrase",
        ),
        (
            "Alex Chen, as shown on the Contributors page (sorted by commits)",
            "string",
            {"exact_match": "Alex Chen"},
            True,
            "string:phrase",
        ),
    ],
)
def test_a_rival_with_a_remark_in_brackets_is_still_a_rival(
    answer, answer_type, refs, passed, rule
):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# A dash alone at the start of a line is a bullet, not a minus: '- $5.00' read as -$5.00
# (failed before); '-$5.00' is still negative.
@pytest.mark.parametrize(
    ("answer", "passed", "rule"),
    [
        ("- $5.00", True, "currency:equal"),
        ("Total shipping:\n- $5.00", True, "currency:equal"),
        ("-$5.00", False, "currency:mismatch"),
    ],
)
def test_a_bullet_before_an_amount_is_no_minus(answer, passed, rule):
    assert_verdict(lenient(answer, "currency", {"exact_match": "5.00"}), passed, rule)


# A remark after the answer names no rival: 'X, according to the site', 'X; source: the
# reviews page' and 'X - checked on the site' failed as ambiguous or with an extra or a
# missing list item (a colon late in the answer was even read as ending a lead-in), while
# a rival after a dash, or a remark naming one, still fails. Failed before.
@pytest.mark.parametrize(
    ("answer", "answer_type", "refs", "passed", "rule"),
    [
        (
            "Alex Chen, according to the contributors page",
            "string",
            {"exact_match": "Alex Chen"},
            True,
            "string:phrase",
        ),
        (
            "Alex Chen; source: the graph",
            "string",
            {"exact_match": "Alex Chen"},
            True,
            "string:phrase",
        ),
        (
            "Julian W., Emma L., according to the site",
            "list",
            {"exact_match": ["Julian W.", "Emma L."]},
            True,
            "list:equal",
        ),
        (
            "Julian W., Emma L.; source: the reviews page",
            "list",
            {"exact_match": ["Julian W.", "Emma L."]},
            True,
            "list:equal",
        ),
        (
            "Julian W., Emma L. - checked on the site",
            "list",
            {"exact_match": ["Julian W.", "Emma L."]},
            True,
            "list:equal",
        ),
        (
            "15.99, 186.99; source: the category page",
            "list",
            {"must_include": ["15.99", "186.99"]},
            True,
            "list:all-included",
        ),
        (
            "Julian W., Emma L., with Victor J.",
            "list",
            {"exact_match": ["Julian W.", "Emma L."]},
            False,
            "list:extra-item",
        ),
        (
            "Julian W., Emma L. - and Victor J.",
            "list",
            {"exact_match": ["Julian W.", "Emma L."]},
            False,
            "list:extra-item",
        ),
        (
            "Sophia S., Zed Q. - checked on the site",
            "list",
            {"exact_match": ["Sophia S."]},
            False,
            "list:extra-item",
        ),
    ],
)
def test_a_remark_after_the_answer_names_no_rival(answer, answer_type, refs, passed, rule):
    assert_verdict(lenient(answer, answer_type, refs), passed, rule)


# A date or month in markdown inside a sentence is the date: 'Joined: **July 19, 2020**'
# and 'Result: `December 2023`' found no date (the marks kept the date parser from
# finding it). Failed before.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        ("Joined: **July 19, 2020**", "date", "2020-07-19", True, "date:equal"),
        ("Result: `July 19, 2020`", "date", "2020-07-19", True, "date:equal"),
        ("Answer: _July 19, 2020_", "date", "2020-07-19", True, "date:equal"),
        ("Result: `December 2023`", "month", "2023-12", True, "month:equal"),
        ("Joined: **July 20, 2020**", "date", "2020-07-19", False, "date:mismatch"),
        ("**July 19, 2020** or **July 20, 2020**", "date", "2020-07-19", False, "date:ambiguous"),
    ],
)
def test_a_date_in_markdown_inside_a_sentence(answer, answer_type, ref, passed, rule):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


# "I suppose" disowns the value as "I guess" does, and so does a condition on the
# counting ("12, if I counted right", "X, if I'm not mistaken"); they passed before.
@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed", "rule"),
    [
        ("Alex Chen, I suppose", "string", "Alex Chen", False, "string:hedge"),
        ("12, if I counted right", "number", "12", False, "number:hedge"),
        ("12 (if I remember correctly)", "number", "12", False, "number:hedge"),
        ("Alex Chen, if I'm not mistaken", "string", "Alex Chen", False, "string:hedge"),
        ("The supposed winner is Alex Chen", "string", "Alex Chen", True, "string:phrase"),
    ],
)
def test_a_supposition_or_a_condition_on_the_count_is_a_hedge(
    answer, answer_type, ref, passed, rule
):
    assert_verdict(lenient(answer, answer_type, {"exact_match": ref}), passed, rule)


COORDINATES = {"must_include": ["40.442", "-79.939"]}


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("40.442, -79.939", True),
        ("40.442,-79.939", True),
        ("(40.442, −79.939)", True),
        ("40.442, − 79.939", True),
        ("latitude 40.442, longitude minus 79.939", True),
        ("40.442° N, 79.939° W", True),
        ("40.442 N 79.939 W", True),
        ("40.442, 79.939", False),  # the minus is part of the value
        ("40.442, +79.939", False),
        ("40.442° N, 79.939° E", False),
        ("-40.442, -79.939", False),  # a minus the reference does not have
    ],
)
def test_a_number_in_a_phrase_list_keeps_its_sign(answer, passed):
    """Phrase inclusion matches word by word, which drops punctuation, but not a number's
    sign: "79.939" does not state "-79.939", while "79.939° W" does, as coordinates are
    written; a hyphen inside a code or date is no sign ("2023-05" keeps "05")."""
    verdict = lenient(answer, "string", COORDINATES)
    assert verdict.passed is passed, verdict


@pytest.mark.parametrize(
    ("answer", "refs"),
    [
        ("Call 412-578-5000", {"must_include": ["412", "578"]}),
        ("It shipped 2023-05-01 and arrived 2023-05-04", {"must_include": ["05", "04"]}),
        ("Score - 5, rank 3", {"must_include": ["5", "3"]}),
    ],
)
def test_a_hyphen_that_is_not_a_sign_keeps_the_number(answer, refs):
    assert lenient(answer, "string", refs).passed, lenient(answer, "string", refs)


@pytest.mark.parametrize(
    ("answer", "ref", "passed"),
    [
        ("Acadia National Park, about 457 km from Boston", "Acadia National Park", True),
        ("Acadia National Park, 457 km away from Boston Common", "Acadia National Park", True),
        ("Alex Chen, about 14 commits", "Alex Chen", True),
        ("Alex Chen, roughly 14 commits", "Alex Chen", True),
        # The reference named only in the remark: the answer is the other name.
        ("Acadia National Park, about 457 km from Boston", "Boston", False),
        ("Alex Chen, about 14 commits from Samir Bauer", "Samir Bauer", False),
        # A name after the figure is no remark.
        ("Alex Chen, about Samir Bauer", "Alex Chen", False),
    ],
)
def test_an_estimated_or_measured_figure_beside_a_name_is_a_remark(answer, ref, passed):
    """A figure said of the answer stays a remark when estimated ("about 14 commits") or
    measured from a place ("457 km from Boston"): no rival name, for a reference without
    digits."""
    verdict = lenient(answer, "string", {"exact_match": ref})
    assert verdict.passed is passed, verdict


@pytest.mark.parametrize(
    ("answer", "ref", "passed"),
    [
        ("Quest Lumaflex(TM) Band", "Quest Lumaflex™ Band", True),
        ("Acme(R) Kettle", "Acme® Kettle", True),
        ("Acme(r) Kettle", "Acme Kettle", True),
        ("Quest Lumaflex(TM) Strap", "Quest Lumaflex™ Band", False),
    ],
)
def test_a_trademark_written_in_ascii_is_the_mark(answer, ref, passed):
    verdict = lenient(answer, "string", {"exact_match": ref})
    assert verdict.passed is passed, verdict


@pytest.mark.parametrize(
    ("answer", "refs", "passed"),
    [
        (
            "The Hobbit, A Christmas Carol",
            {"must_include": ["The Hobbit", "A Christmas Carol"]},
            True,
        ),
        (
            "The Hobbit (http://forum.test/f/books/17/the-hobbit), A Christmas Carol",
            {"must_include": ["The Hobbit", "A Christmas Carol"]},
            True,
        ),
        # Only the addresses spell the titles.
        (
            "http://forum.test/f/books/17/the-hobbit-at-bedtime, "
            "http://forum.test/f/books/59/a-christmas-carol-audiobook",
            {"must_include": ["The Hobbit", "A Christmas Carol"]},
            False,
        ),
        (
            "A Christmas Carol, The Hobbit or http://forum.test/f/books/59/a-christmas-carol, "
            "http://forum.test/f/books/17/the-hobbit",
            {"must_include": ["A Christmas Carol", "The Hobbit"]},
            False,
        ),
        # A reference that is a path is found in a URL.
        ("http://git.test/northwind/harbor-web", {"must_include": ["northwind/harbor-web"]}, True),
    ],
)
def test_a_phrase_spelled_only_inside_a_url_is_not_stated(answer, refs, passed):
    verdict = lenient(answer, "string", refs)
    assert verdict.passed is passed, verdict


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("Alex Chen, 14", True),
        ("Alex Chen, 1,234", True),
        ("Alex Chen, 14 commits, 9 reviews", True),
        ("Alex Chen, 100069, 100377, 100519", False),  # other candidates, listed
        ("Alex Chen, 14, 9", False),
    ],
)
def test_bare_numbers_beside_a_name_are_a_remark_only_alone(answer, passed):
    verdict = lenient(answer, "string", {"exact_match": "Alex Chen"})
    assert verdict.passed is passed, verdict


@pytest.mark.parametrize(
    ("answer", "answer_type", "ref", "passed"),
    [
        # A value named only as one the answer takes back.
        ("Verdant Trimmer. (Earlier I thought Blue Mug.)", "string", "Blue Mug", False),
        ("Blue Mug. (Earlier I thought Verdant Trimmer.)", "string", "Blue Mug", True),
        (
            "At first I thought it was Alex Chen, but it is Samir Bauer.",
            "string",
            "Alex Chen",
            False,
        ),
        (
            "At first I thought it was Alex Chen, but it is Samir Bauer.",
            "string",
            "Samir Bauer",
            True,
        ),
        ("Samir Bauer (I initially said Alex Chen)", "string", "Alex Chen", False),
        ("Alex Chen, as I thought", "string", "Alex Chen", True),
        # A failure to find the value is no statement of it.
        ("I could not find 10", "number", "10", False),
        ("I didn't find 10 orders", "number", "10", False),
        ("I could not find any cancelled ones; the count is 10", "number", "10", True),
        # Where the answer comes from is a remark, not a rival.
        ("The result is Blue Mug, based on what the page shows.", "string", "Blue Mug", True),
        ("Blue Mug, judging by the ratings", "string", "Blue Mug", True),
    ],
)
def test_retracted_unfound_and_sourced_answers(answer, answer_type, ref, passed):
    verdict = lenient(answer, answer_type, {"exact_match": ref})
    assert verdict.passed is passed, verdict
