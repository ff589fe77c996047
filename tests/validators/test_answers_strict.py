"""Strict string_match: WebArena's semantics (lower-case, strip, equality or substring)."""

from __future__ import annotations

import pytest

from webenv.validators import EvalContext, check_answer


def strict(answer, refs, answer_type="string", context=None):
    spec = {"answer_type": answer_type, "reference_answers": refs}
    return check_answer(answer, spec, mode="strict", context=context)


@pytest.mark.parametrize(
    ("answer", "refs", "passed", "rule"),
    [
        ("  Blue Mug ", {"exact_match": "blue mug"}, True, "exact_match:equal"),
        ('"Blue Mug"', {"exact_match": "blue mug"}, True, "exact_match:equal"),
        ("'Blue Mug'", {"exact_match": "blue mug"}, True, "exact_match:equal"),
        # WebArena cleans the answer twice (its evaluator, then exact_match/must_include)
        ("\"'Blue Mug'\"", {"exact_match": "blue mug"}, True, "exact_match:equal"),
        ("'\"Blue Mug\"'", {"must_include": ["blue mug"]}, True, "must_include:substring"),
        ('"""Blue Mug"""', {"exact_match": "blue mug"}, False, "exact_match:mismatch"),
        ("Blue Mug.", {"exact_match": "blue mug"}, False, "exact_match:mismatch"),
        ("The answer is Blue Mug", {"exact_match": "Blue Mug"}, False, "exact_match:mismatch"),
        ("Completed", {"exact_match": "Complete |OR| Completed"}, True, "exact_match:equal"),
        ("$83.47", {"exact_match": "83.47"}, False, "exact_match:mismatch"),
        ("83.47", {"exact_match": 83.47}, True, "exact_match:equal"),
        ("Blue Mug, Red Mug", {"exact_match": ["Blue Mug", "Red Mug"]}, True, "exact_match:equal"),
        ("Pittsburgh, PA", {"must_include": ["pittsburgh", "pa"]}, True, "must_include:substring"),
        ("Pittsburgh", {"must_include": ["pittsburgh", "pa"]}, False, "must_include:missing"),
        (
            "Pennsylvania",
            {"must_include": ["PA |OR| Pennsylvania"]},
            True,
            "must_include:substring",
        ),
        ("not Blue Mug", {"must_include": ["blue mug"]}, True, "must_include:substring"),
        # A single one-character reference is matched against tokens, as in WebArena.
        ("There are 10 orders", {"must_include": ["0"]}, False, "must_include:missing"),
        ("There are 0 orders", {"must_include": ["0"]}, True, "must_include:substring"),
        (
            "the blue ceramic mug",
            {"fuzzy_match": ["blue ceramic mug"]},
            True,
            "fuzzy_match:substring",
        ),
        ("blue ceramic mugs", {"fuzzy_match": ["ceramic blue mug"]}, False, "fuzzy_match:missing"),
    ],
)
def test_strict_cases(answer, refs, passed, rule):
    verdict = strict(answer, refs)
    assert (verdict.passed, verdict.rule) == (passed, rule), verdict


@pytest.mark.parametrize("answer_type", ["number", "currency", "date", "list", "boolean"])
def test_strict_ignores_answer_type(answer_type):
    assert strict("3", {"exact_match": "3"}, answer_type).passed
    assert not strict("three", {"exact_match": "3"}, answer_type).passed


@pytest.mark.parametrize(
    ("answer", "reported", "passed", "rule"),
    [
        ("N/A", False, True, "infeasible:n/a"),
        (" n/a ", False, True, "infeasible:n/a"),
        ("not possible", False, False, "infeasible:not-stated"),
        ("whatever", True, True, "infeasible:reported"),
    ],
)
def test_strict_infeasible(answer, reported, passed, rule):
    context = EvalContext(infeasible_reported=reported)
    verdict = strict(answer, {"fuzzy_match": "N/A"}, "infeasible", context)
    assert (verdict.passed, verdict.rule) == (passed, rule), verdict


def test_strict_myself_is_not_mapped():
    context = EvalContext(users={"shop": "emma.lopez"})
    assert not strict("me", {"exact_match": "emma.lopez"}, context=context).passed
