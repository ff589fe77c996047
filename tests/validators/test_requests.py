"""request_match against a literal request log."""

from __future__ import annotations

import pytest

from webenv.validators import check_requests
from webenv.validators.request_log import status_matches

LOG = [
    {"method": "GET", "url": "http://shop.test/product/12", "form": {}, "status": 200},
    {
        "method": "POST",
        "url": "http://shop.test/cart/add?b=2&a=1",
        "form": {"product_id": "12", "quantity": "2", "note": "  Gift  Wrap ", "csrf_token": "abc"},
        "status": 302,
    },
    {
        "method": "POST",
        "url": "http://forum.test/f/tea/new",
        "form": {"title": "Hello", "author": "emma_l", "tags": ["green", "black"]},
        "status": 200,
    },
    {"method": "POST", "url": "http://shop.test/review", "form": {"rating": "5"}, "status": 403},
]


def spec(*entries: dict) -> dict:
    return {"eval_types": ["request_match"], "requests": list(entries)}


@pytest.mark.parametrize(
    ("entry", "lenient", "strict"),
    [
        (
            {
                "method": "POST",
                "url": "__SHOP__/cart/add?b=2&a=1",
                "form": {"quantity": "2"},
                "status": "3xx",
            },
            True,
            True,
        ),
        (
            {"method": "post", "url": "__SHOP__/cart/add/?a=1&b=2", "form": {"quantity": 2}},
            True,
            False,
        ),
        (
            {"method": "POST", "url": "__SHOP__/cart/add?b=2&a=1", "form": {"quantity": "3"}},
            False,
            False,
        ),
        (
            {"method": "POST", "url": "__SHOP__/cart/add?b=2&a=1", "form": {"note": "gift wrap"}},
            True,
            False,
        ),
        (
            {"method": "POST", "url": "__SHOP__/cart/add?b=2&a=1", "form": {"color": "red"}},
            False,
            False,
        ),
        ({"method": "POST", "url": "__SHOP__/cart/add?b=2&a=1", "status": "2xx"}, False, False),
        ({"method": "POST", "url": "__SHOP__/cart/add?b=2&a=1", "status": 302}, True, True),
        ({"method": "GET", "url": "__SHOP__/cart/add?b=2&a=1"}, False, False),
        ({"method": "GET", "url": "__SHOP__/product/12"}, True, True),
        (
            {"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"author": "myself"}},
            True,
            True,
        ),
        ({"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"author": "bob"}}, False, False),
        (
            {"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"tags": ["black", "green"]}},
            True,
            False,
        ),
        (
            {"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"tags": ["green", "black"]}},
            True,
            True,
        ),
        ({"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"tags": "green"}}, True, False),
        ({"method": "POST", "url": "__SHOP__/review", "form": {"rating": "5"}}, False, False),
        ({"method": "POST", "url": "__SHOP__/review", "status": 403}, True, True),
    ],
)
def test_request_entries(make_context, entry, lenient, strict):
    context = make_context(requests=LOG)
    for mode, want in (("lenient", lenient), ("strict", strict)):
        verdict = check_requests(spec(entry), context, mode=mode)
        assert verdict.passed is want, (mode, verdict)
        assert verdict.rule == ("request:matched" if want else "request:no-match")


def test_no_match_explains_the_closest_request(make_context):
    entry = {"method": "POST", "url": "__SHOP__/cart/add?b=2&a=1", "form": {"quantity": "3"}}
    verdict = check_requests(spec(entry), make_context(requests=LOG))
    assert "closest #1" in verdict.explanation and "quantity='2'" in verdict.explanation


def test_empty_log_and_bad_specs(make_context):
    entry = {"method": "GET", "url": "__SHOP__/"}
    assert check_requests(spec(entry), make_context()).rule == "request:no-match"
    assert check_requests({"requests": []}, make_context()).rule == "error:bad-spec"
    assert check_requests(spec({"url": "__SHOP__/"}), make_context()).rule == "error:bad-spec"
    bad_log = make_context(requests=["junk", {"method": None}])
    assert check_requests(spec(entry), bad_log).rule == "request:no-match"


def test_all_entries_must_match(make_context):
    context = make_context(requests=LOG)
    first = {"method": "GET", "url": "__SHOP__/product/12"}
    second = {"method": "GET", "url": "__SHOP__/product/13"}
    assert check_requests(spec(first, first), context).passed
    assert not check_requests(spec(first, second), context).passed


def test_an_alternative_route_satisfies_the_entry(make_context):
    form_post = {"method": "POST", "url": "__FORUM__/submit", "form": {"title": "Hello"}}
    api_call = {"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"title": "Hello"}}
    wrong_api = {"method": "POST", "url": "__FORUM__/f/tea/new", "form": {"title": "Bye"}}
    refused = {"method": "POST", "url": "__SHOP__/review", "form": {"rating": "5"}}
    context = make_context(requests=LOG)
    for mode in ("lenient", "strict"):
        verdict = check_requests(
            spec({**form_post, "alternatives": [api_call]}), context, mode=mode
        )
        assert verdict.passed and "alternative" in verdict.explanation, (mode, verdict)
        assert not check_requests(spec({**form_post, "alternatives": [wrong_api]}), context).passed
        # an alternative is held to the status rule too (the 403 review post does not count)
        assert not check_requests(spec({**form_post, "alternatives": [refused]}), context).passed
    nested = {**form_post, "alternatives": [{**api_call, "alternatives": []}]}
    assert check_requests(spec(nested), context).rule == "error:bad-spec"
    put = {"method": "PUT", "url": "__SHOP__/nowhere"}
    assert check_requests(spec(put), context).rule == "request:no-match"


@pytest.mark.parametrize(
    ("status", "expected", "result"),
    [
        (200, None, True),
        (302, None, True),
        (404, None, False),
        (302, "3xx", True),
        (200, "3xx", False),
        ("201 CREATED", "2xx", True),
        (201, 201, True),
        (201, "200", False),
        (None, None, False),
        (200, "weird", False),
    ],
)
def test_status_matches(status, expected, result):
    assert status_matches(status, expected) is result
