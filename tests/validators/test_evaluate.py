"""evaluate(): every named check, in both modes."""

from __future__ import annotations

import json

import pytest

from webenv.validators import Evaluation, evaluate


def test_combined_checks_pass(make_context, db):
    spec = {
        "eval_types": ["string_match", "url_match", "program_html", "state_match", "request_match"],
        "answer_type": "currency",
        "reference_answers": {"exact_match": "25"},
        "reference_url": "__SHOP__/cart",
        "program_html": [
            {"url": "last", "locator": "css:td.qty", "required_contents": {"exact_match": "2"}}
        ],
        "state": [{"site": "shop", "sql": "SELECT count(*) FROM reviews", "expected": 3}],
        "requests": [{"method": "GET", "url": "__SHOP__/cart", "status": "2xx"}],
    }
    context = make_context(
        answer="$25.00",
        url="http://shop.test/cart/",
        requests=[{"method": "GET", "url": "http://shop.test/cart", "form": {}, "status": 200}],
    )
    evaluation = evaluate(spec, context)
    assert evaluation.passed("lenient") and evaluation.score("lenient") == 1.0
    assert [c.type for c in evaluation.lenient.checks] == spec["eval_types"]
    assert evaluation.lenient.checks[0].rule == "currency:equal"
    assert not evaluation.passed("strict") and evaluation.score("strict") == 0.0
    assert [c.passed for c in evaluation.strict.checks] == [False, True, True, True, True]
    assert [c.type for c in evaluation.strict.failed()] == ["string_match"]
    result = json.loads(json.dumps(evaluation.to_dict()))
    assert set(result) == {"lenient", "strict"}
    lenient = result["lenient"]
    assert list(lenient) == ["passed", "score", "checks"]
    assert lenient["passed"] and lenient["score"] == 1.0
    assert list(lenient["checks"][0]) == ["type", "passed", "score", "rule", "explanation"]
    assert [c["passed"] for c in result["strict"]["checks"]] == [False, True, True, True, True]
    assert result["strict"]["score"] == 0.0
    assert Evaluation.from_dict(result) == evaluation


def test_missing_answer(make_context):
    spec = {
        "eval_types": ["string_match"],
        "answer_type": "string",
        "reference_answers": {"exact_match": "x"},
    }
    result = evaluate(spec, make_context(answer=None))
    for mode in ("lenient", "strict"):
        assert [c.rule for c in result.mode(mode).checks] == ["answer:missing"]
        assert not result.passed(mode) and result.score(mode) == 0.0


def test_unknown_type_is_a_bad_spec_naming_the_field(make_context):
    spec = {
        "eval_types": ["string_match", "telepathy"],
        "answer_type": "string",
        "reference_answers": {"exact_match": "x"},
    }
    result = evaluate(spec, make_context(answer="x"))
    for mode in ("lenient", "strict"):
        (check,) = result.mode(mode).checks
        assert (check.type, check.rule) == ("none", "error:bad-spec")
        assert "eval.eval_types[1]" in check.explanation and "telepathy" in check.explanation
        assert not result.passed(mode)


def test_unknown_mode_is_refused(make_context):
    result = evaluate(
        {"eval_types": ["url_match"], "reference_url": "__SHOP__/"},
        make_context(url="http://shop.test/"),
    )
    assert result.passed("lenient")
    with pytest.raises(ValueError, match="unknown mode 'loose'"):
        result.score("loose")


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {},
        {"lenient": {"checks": []}},
        {"lenient": {"checks": [{}]}, "strict": {"checks": []}},
        {"lenient": {"checks": "x"}, "strict": {"checks": []}},
    ],
)
def test_from_dict_refuses_other_shapes(data):
    with pytest.raises(ValueError, match="not a"):
        Evaluation.from_dict(data)


def test_infeasible_task(make_context):
    spec = {
        "eval_types": ["string_match"],
        "answer_type": "infeasible",
        "reference_answers": {"fuzzy_match": "N/A"},
    }
    result = evaluate(
        spec,
        make_context(
            answer="That is not possible",
        ),
    )
    assert result.passed("lenient") and not result.passed("strict")
    result = evaluate(spec, make_context(answer=None, infeasible_reported=True))
    assert result.passed("lenient") and result.passed("strict")


def test_errors_never_raise(make_context):
    def broken_query(site, sql):
        raise RuntimeError("database is gone")

    spec = {
        "eval_types": ["state_match", "program_html"],
        "state": [{"site": "shop", "sql": "SELECT 1", "expected": 1}],
        "program_html": [
            {"url": "__GIT__/x", "locator": "", "required_contents": {"must_include": ["x"]}}
        ],
    }
    result = evaluate(spec, make_context(query=broken_query))
    rules = [c.rule for c in result.lenient.checks]
    assert rules == ["error:query", "error:fetch"]
    assert "database is gone" in result.lenient.checks[0].explanation


def test_no_eval_types(make_context):
    for spec in ({}, {"eval_types": []}, "junk"):
        result = evaluate(spec, make_context())
        assert not result.passed("lenient")
        assert result.lenient.checks[0].rule == "error:bad-spec"


def test_each_state_query_runs_once_for_both_modes():
    """Both modes judge the same final state: a query's rows, or its error, are read once."""
    from webenv.validators import EvalContext

    calls: list[tuple[str, str]] = []

    def query(site: str, sql: str) -> list[tuple]:
        calls.append((site, sql))
        if "broken" in sql:
            raise RuntimeError("no such table: broken")
        return [(3,)]

    spec = {
        "eval_types": ["state_match"],
        "state": [
            {"site": "shop", "sql": "SELECT count(*) FROM reviews", "expected": 3},
            {"site": "shop", "sql": "SELECT count(*) FROM reviews", "expected": 3},
            {"site": "shop", "sql": "SELECT count(*) FROM broken", "expected": 1},
        ],
    }
    evaluation = evaluate(spec, EvalContext(query=query))
    assert sorted(set(calls)) == sorted(calls)  # each (site, sql) once
    assert len(calls) == 2
    for mode in ("lenient", "strict"):
        assert not evaluation.passed(mode)
        assert "no such table: broken" in json.dumps(evaluation.to_dict())
