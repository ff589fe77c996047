"""parse_eval_spec(): eval objects parsed once into frozen dataclasses, and back."""

from __future__ import annotations

import dataclasses
import json

import pytest

from webenv.errors import TaskError
from webenv.tasks import bundled_tasks, parse_task
from webenv.validators import (
    EvalSpec,
    ProgramHtmlEntry,
    ReferenceAnswers,
    RequestEntry,
    StateEntry,
    check_answer,
    check_program_html,
    check_url,
    parse_eval_spec,
)

FULL = {
    "eval_types": ["string_match", "url_match", "program_html", "state_match", "request_match"],
    "answer_type": "list",
    "reference_answers": {"exact_match": ["a", 2], "must_include": ["a"], "fuzzy_match": "N/A"},
    "reference_sql": {"site": "shop", "sql": "SELECT 1"},
    "reference_url": "__SHOP__/cart |OR| __SHOP__/basket",
    "url_note": "GOLD in PRED",
    "string_note": "",
    "reference_answer_raw_annotation": "a, 2",
    "program_html": [
        {
            "url": "last",
            "locator": "css:td",
            "required_contents": {"must_include": ["x"], "must_exclude": ["y"]},
            "nth": 0,
        }
    ],
    "state": [{"site": "forum", "sql": "SELECT 1", "expected": [[1, "x"]]}],
    "requests": [{"method": "POST", "url": "__GIT__/x", "form": {"a": "b"}, "status": "2xx"}],
}


def test_every_field_is_typed_and_round_trips():
    spec = parse_eval_spec(FULL)
    assert spec.eval_types == tuple(FULL["eval_types"])
    assert spec.reference_answers == ReferenceAnswers(("a", 2), ("a",), "N/A")
    assert spec.reference_answers.approaches()[0] == ("exact_match", ["a", 2])
    assert spec.url_gold_in_pred
    assert spec.program_html == (
        ProgramHtmlEntry("last", "css:td", {"must_include": ["x"], "must_exclude": ["y"]}, 0),
    )
    assert spec.state == (StateEntry("forum", "SELECT 1", [[1, "x"]]),)
    assert spec.requests == (RequestEntry("POST", "__GIT__/x", {"a": "b"}, "2xx"),)
    assert json.dumps(spec.to_dict()) == json.dumps(FULL)
    assert parse_eval_spec(spec) is spec
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.answer_type = "string"  # type: ignore[misc]


def test_absent_and_null_fields_stay_absent():
    data = {
        "eval_types": ["url_match"],
        "reference_url": "__SHOP__/",
        "reference_answers": None,
        "program_html": [],
    }
    spec = parse_eval_spec(data)
    assert spec.reference_answers is None and spec.answer_type is None
    assert spec.program_html == () and spec.state is None
    assert spec.to_dict() == {
        "eval_types": ["url_match"],
        "reference_url": "__SHOP__/",
        "program_html": [],
    }


def test_every_bundled_task_round_trips():
    for task in bundled_tasks():
        assert isinstance(task.eval, EvalSpec)
        assert parse_eval_spec(task.eval.to_dict()) == task.eval


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        ({"eval_types": "string_match"}, "eval.eval_types", "list of strings"),
        ({"eval_types": ["string_match", "telepathy"]}, "eval.eval_types[1]", "telepathy"),
        ({"eval_types": ["url_match", "url_match"]}, "eval.eval_types", "twice"),
        ({"answer_type": "colour"}, "eval.answer_type", "colour"),
        ({"reference_answers": "x"}, "eval.reference_answers", "object"),
        ({"reference_answers": {"exact": "x"}}, "eval.reference_answers.exact", "unknown"),
        (
            {"reference_answers": {"exact_match": {"a": 1}}},
            "eval.reference_answers.exact_match",
            "dict",
        ),
        (
            {"reference_answers": {"exact_match": [True]}},
            "eval.reference_answers.exact_match[0]",
            "bool",
        ),
        (
            {"reference_answers": {"must_include": ["a", 3]}},
            "eval.reference_answers.must_include[1]",
            "int",
        ),
        ({"reference_sql": {"site": "bank", "sql": "SELECT 1"}}, "eval.reference_sql.site", "bank"),
        ({"reference_url": 3}, "eval.reference_url", "string"),
        ({"url_note": ["x"]}, "eval.url_note", "string"),
        ({"surprise": 1}, "eval.surprise", "unknown field"),
        ({"program_html": {}}, "eval.program_html", "list"),
        ({"program_html": ["x"]}, "eval.program_html[0]", "object"),
        (
            {"program_html": [{"url": "last", "locator": "h1"}]},
            "eval.program_html[0].required_contents",
            "object",
        ),
        (
            {"program_html": [{"url": "last", "locator": "h1", "required_contents": {}}]},
            "eval.program_html[0].required_contents",
            "at least one",
        ),
        (
            {
                "program_html": [
                    {"url": "last", "locator": "h1", "required_contents": {"regex": "x"}}
                ]
            },
            "eval.program_html[0].required_contents.regex",
            "unknown",
        ),
        (
            {
                "program_html": [
                    {
                        "url": "last",
                        "locator": "h1",
                        "nth": -1,
                        "required_contents": {"exact_match": "x"},
                    }
                ]
            },
            "eval.program_html[0].nth",
            "non-negative",
        ),
        (
            {
                "program_html": [
                    {"url": "last", "locator": 5, "required_contents": {"exact_match": "x"}}
                ]
            },
            "eval.program_html[0].locator",
            "string",
        ),
        ({"state": [{"site": "shop", "sql": "SELECT 1"}]}, "eval.state[0].expected", "missing"),
        ({"state": [{"site": "shop", "sql": 1, "expected": 1}]}, "eval.state[0].sql", "string"),
        ({"state": [{"site": "git", "sql": "x", "expected": 1}]}, "eval.state[0].site", "git"),
        ({"requests": [{"url": "__SHOP__/"}]}, "eval.requests[0].method", "GET, POST"),
        ({"requests": [{"method": "GET", "url": ""}]}, "eval.requests[0].url", "empty"),
        (
            {"requests": [{"method": "GET", "url": "x", "form": "a=b"}]},
            "eval.requests[0].form",
            "object",
        ),
        (
            {"requests": [{"method": "GET", "url": "x", "status": 2.5}]},
            "eval.requests[0].status",
            "float",
        ),
    ],
)
def test_bad_fields_are_named(change, field, problem):
    with pytest.raises(TaskError) as caught:
        parse_eval_spec({**FULL, **change})
    message = str(caught.value)
    assert message.startswith(f"{field}: ") and problem in message, message
    assert "\n" not in message


def test_not_an_object():
    with pytest.raises(TaskError, match=r"^eval: must be an object, got list$"):
        parse_eval_spec([])


def test_parse_task_names_the_task_and_field():
    task = {
        "task_id": "shop/x",
        "sites": ["shop"],
        "start_url": "__SHOP__/",
        "intent": "x",
        "eval": {"eval_types": ["request_match"], "requests": [{"method": "GET", "url": ""}]},
    }
    with pytest.raises(TaskError, match=r"^t.json: eval.requests\[0\].url: must not be empty"):
        parse_task(task, "t.json")


def test_checks_take_a_dict_or_a_spec_alike(make_context):
    data = {
        "eval_types": ["string_match", "url_match"],
        "answer_type": "currency",
        "reference_answers": {"exact_match": "$83.47"},
        "reference_url": "__SHOP__/cart",
    }
    spec = parse_eval_spec(data)
    for mode in ("lenient", "strict"):
        for answer in ("83 dollars and 47 cents", "$83.47", "$90"):
            assert check_answer(answer, data, mode=mode) == check_answer(answer, spec, mode=mode)
        assert check_url("http://shop.test/cart", data, mode=mode) == check_url(
            "http://shop.test/cart", spec, mode=mode
        )


def test_a_bad_dict_is_a_bad_spec_verdict_not_an_exception(make_context):
    verdict = check_answer("x", {"answer_type": "string", "reference_answers": {"exact": "x"}})
    assert (verdict.passed, verdict.rule) == (False, "error:bad-spec")
    assert "eval.reference_answers.exact" in verdict.explanation


def test_prep_actions_parse_but_the_check_refuses_them(make_context):
    spec = {
        "program_html": [
            {
                "url": "last",
                "locator": "css:td",
                "prep_actions": ["x()"],
                "required_contents": {"exact_match": "2"},
            }
        ]
    }
    assert parse_eval_spec(spec).program_html[0].prep_actions == ("x()",)
    verdict = check_program_html(spec, make_context())
    assert verdict.rule == "error:bad-spec" and "prep_actions" in verdict.explanation
