"""evaluate(): every named check, in both modes."""

from __future__ import annotations

import json

from webenv.validators import evaluate


def test_combined_checks_pass(make_context, db):
    spec = {
        "eval_types": ["string_match", "url_match", "program_html", "state_match",
                       "request_match"],
        "answer_type": "currency",
        "reference_answers": {"exact_match": "25"},
        "reference_url": "__SHOP__/cart",
        "program_html": [{"url": "last", "locator": "css:td.qty",
                          "required_contents": {"exact_match": "2"}}],
        "state": [{"site": "shop", "sql": "SELECT count(*) FROM reviews", "expected": 3}],
        "requests": [{"method": "GET", "url": "__SHOP__/cart", "status": "2xx"}],
    }
    context = make_context(answer="$25.00", url="http://shop.test/cart/",
                           requests=[{"method": "GET", "url": "http://shop.test/cart",
                                      "form": {}, "status": 200}])
    result = evaluate(spec, context)
    json.dumps(result)
    assert set(result) == {"lenient", "strict"}
    lenient = result["lenient"]
    assert lenient["passed"] and lenient["score"] == 1.0
    assert [c["type"] for c in lenient["checks"]] == spec["eval_types"]
    assert set(lenient["checks"][0]) == {"type", "passed", "score", "rule", "explanation"}
    assert lenient["checks"][0]["rule"] == "currency:equal"
    strict = result["strict"]
    assert not strict["passed"] and strict["score"] == 0.0
    assert [c["passed"] for c in strict["checks"]] == [False, True, True, True, True]


def test_missing_answer_and_unknown_type(make_context):
    spec = {"eval_types": ["string_match", "telepathy"], "answer_type": "string",
            "reference_answers": {"exact_match": "x"}}
    result = evaluate(spec, make_context(answer=None))
    for mode in ("lenient", "strict"):
        checks = result[mode]["checks"]
        assert checks[0]["rule"] == "answer:missing"
        assert checks[1]["rule"] == "error:unknown-eval-type"
        assert not result[mode]["passed"]


def test_infeasible_task(make_context):
    spec = {"eval_types": ["string_match"], "answer_type": "infeasible",
            "reference_answers": {"fuzzy_match": "N/A"}}
    result = evaluate(spec, make_context(answer="That is not possible", ))
    assert result["lenient"]["passed"] and not result["strict"]["passed"]
    result = evaluate(spec, make_context(answer=None, infeasible_reported=True))
    assert result["lenient"]["passed"] and result["strict"]["passed"]


def test_errors_never_raise(make_context):
    def broken_query(site, sql):
        raise RuntimeError("database is gone")

    spec = {"eval_types": ["state_match", "program_html"],
            "state": [{"site": "shop", "sql": "SELECT 1", "expected": 1}],
            "program_html": [{"url": "__GIT__/x", "locator": "", "required_contents":
                              {"must_include": ["x"]}}]}
    result = evaluate(spec, make_context(query=broken_query))
    rules = [c["rule"] for c in result["lenient"]["checks"]]
    assert rules == ["error:query", "error:fetch"]
    assert "database is gone" in result["lenient"]["checks"][0]["explanation"]


def test_no_eval_types(make_context):
    for spec in ({}, {"eval_types": []}, "junk"):
        result = evaluate(spec, make_context())
        assert not result["lenient"]["passed"]
        assert result["lenient"]["checks"][0]["rule"] == "error:bad-spec"
