"""program_html: locators on a literal page, contents in both modes."""

from __future__ import annotations

import lxml.html
import pytest

from webenv.validators import check_program_html
from webenv.validators.program_html import element_text


def spec(*entries: dict) -> dict:
    return {"eval_types": ["program_html"], "program_html": list(entries)}


def entry(locator: str, contents: dict, url: str = "last") -> dict:
    return {"url": url, "locator": locator, "required_contents": contents}


@pytest.mark.parametrize(
    ("locator", "contents", "lenient", "strict"),
    [
        ("css:table.cart td.qty", {"exact_match": "2"}, True, True),
        ("css:table.cart td.qty", {"exact_match": "3"}, False, False),
        ("xpath://h1", {"exact_match": "your cart"}, True, True),
        ("xpath://h1/text()", {"exact_match": "Your cart"}, True, True),
        ("//h1", {"exact_match": "Your cart"}, True, True),
        ("h1", {"exact_match": "Your cart"}, True, True),
        ("css:td.name", {"must_include": ["Blue Mug", "Large"]}, True, True),
        ("css:td.name", {"exact_match": "Blue Mug - Large"}, True, False),
        ("css:td.price", {"exact_match": "$12.50"}, True, True),
        ("css:#total", {"must_include": ["$25.00"]}, True, True),
        ("css:#total", {"exact_match": "$25.00"}, True, False),
        ("css:input[name=title]", {"exact_match": "Hello world"}, True, True),
        ("css:textarea", {"must_include": ["body text"]}, True, True),
        ("css:select[name=size]", {"exact_match": "Large"}, True, True),
        ("", {"must_include": ["Your cart", "Blue Mug"]}, True, True),
        ("", {"must_include": ["Hidden Script"]}, False, False),
        ("", {"must_exclude": ["Red Mug"]}, True, True),
        ("", {"must_exclude": ["blue mug"]}, False, False),
    ],
)
def test_contents(make_context, locator, contents, lenient, strict):
    context = make_context()
    for mode, expected in (("lenient", lenient), ("strict", strict)):
        verdict = check_program_html(spec(entry(locator, contents)), context, mode=mode)
        assert verdict.passed is expected, (mode, verdict)


def test_named_url_and_all_entries_must_pass(make_context):
    context = make_context()
    good = entry("css:td.qty", {"exact_match": "2"}, url="__SHOP__/cart")
    bad = entry("css:td.qty", {"exact_match": "5"})
    assert check_program_html(spec(good), context).passed
    verdict = check_program_html(spec(good, bad), context)
    assert not verdict.passed and verdict.explanation.startswith("[1]")
    assert check_program_html(spec(good, good), context).rule == "string:equal"
    assert check_program_html(spec(good, good), context, mode="strict").rule == (
        "exact_match:equal"
    )


@pytest.mark.parametrize(
    ("the_entry", "rule"),
    [
        (entry("css:td.qty", {"exact_match": "2"}, url="__SHOP__/missing"), "error:fetch"),
        (entry("css:td[", {"exact_match": "2"}), "error:locator"),
        (entry("xpath://td[", {"exact_match": "2"}), "error:locator"),
        (entry("css:.nothing-here", {"exact_match": "2"}), "program_html:no-element"),
        (entry("document.querySelector('h1').outerText", {"exact_match": "2"}), "error:bad-spec"),
        (entry("css:h1", {"regex": "x"}), "error:bad-spec"),
        ({"url": "last", "locator": "h1"}, "error:bad-spec"),
    ],
)
def test_errors(make_context, the_entry, rule):
    verdict = check_program_html(spec(the_entry), make_context())
    assert (verdict.passed, verdict.rule) == (False, rule), verdict


def test_empty_program_html_is_an_error(make_context):
    assert check_program_html({"program_html": []}, make_context()).rule == "error:bad-spec"


def test_fetch_page_may_return_html_text(make_context):
    context = make_context(fetch_page=lambda url: "<html><body><h1>Hi</h1></body></html>")
    assert check_program_html(spec(entry("css:h1", {"exact_match": "hi"})), context).passed


def test_element_text_spacing():
    root = lxml.html.fromstring("<div><p>a<b>b</b></p><p>c</p><!-- x --><td>d</td></div>")
    assert element_text(root) == "ab c d"


def test_nth_keeps_one_match(make_context):
    context = make_context()
    spec = {
        "program_html": [
            {
                "url": "last",
                "locator": "css:td",
                "nth": 1,
                "required_contents": {"exact_match": "2"},
            }
        ]
    }
    for mode in ("lenient", "strict"):
        assert check_program_html(spec, context, mode=mode).passed
    spec["program_html"][0]["nth"] = 9
    assert check_program_html(spec, context).rule == "program_html:no-element"
    spec["program_html"][0]["nth"] = -1
    assert check_program_html(spec, context).rule == "error:bad-spec"
