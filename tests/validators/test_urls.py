"""url_match in both modes."""

from __future__ import annotations

import pytest

from webenv.validators import EvalContext, check_url
from webenv.validators.urls import normalize_url, urls_in_text


def spec(ref: str, note: str | None = None) -> dict:
    result = {"eval_types": ["url_match"], "reference_url": ref}
    if note is not None:
        result["url_note"] = note
    return result


@pytest.mark.parametrize(
    ("url", "ref", "note", "passed", "rule"),
    [
        ("http://shop.test/account/orders", "__SHOP__/account/orders", None, True, "url:equal"),
        ("http://shop.test/account/orders/", "__SHOP__/account/orders", None, True, "url:equal"),
        (
            "HTTP://SHOP.TEST:80/account/orders#top",
            "__SHOP__/account/orders",
            None,
            True,
            "url:equal",
        ),
        ("https://shop.test/account//orders", "__SHOP__/account/orders", None, True, "url:equal"),
        (
            "http://shop.test/search?q=mug&sort=price",
            "__SHOP__/search?sort=price&q=mug",
            None,
            True,
            "url:equal",
        ),
        (
            "http://shop.test/search?q=blue%20mug",
            "__SHOP__/search?q=blue+mug",
            None,
            True,
            "url:equal",
        ),
        ("http://shop.test/search?q=mug&page=", "__SHOP__/search?q=mug", None, True, "url:equal"),
        (
            "http://shop.test/search?q=mug&page=2",
            "__SHOP__/search?q=mug",
            None,
            False,
            "url:query-mismatch",
        ),
        (
            "http://shop.test/search?q=mug&page=2",
            "__SHOP__/search?q=mug",
            "GOLD in PRED",
            True,
            "url:query-subset",
        ),
        (
            "http://shop.test/search?q=cup",
            "__SHOP__/search?q=mug",
            "GOLD in PRED",
            False,
            "url:query-mismatch",
        ),
        (
            "http://shop.test/search?tag=a&tag=b",
            "__SHOP__/search?tag=b&tag=a",
            None,
            True,
            "url:equal",
        ),
        # A parameter repeated with the same value filters the same (probe round 8; this
        # case was a mismatch while the query was a multiset).
        (
            "http://shop.test/search?tag=a",
            "__SHOP__/search?tag=a&tag=a",
            None,
            True,
            "url:equal",
        ),
        (
            "http://shop.test/search?tag=a&tag=c",
            "__SHOP__/search?tag=a",
            "GOLD in PRED",
            False,
            "url:query-mismatch",
        ),
        (
            "http://shop.test/account/orders/7",
            "__SHOP__/account/orders",
            None,
            False,
            "url:path-mismatch",
        ),
        (
            "http://shop.test/Account/Orders",
            "__SHOP__/account/orders",
            None,
            False,
            "url:path-mismatch",
        ),
        (
            "http://forum.test/account/orders",
            "__SHOP__/account/orders",
            None,
            False,
            "url:host-mismatch",
        ),
        ("http://shop.test/cart", "__SHOP__/checkout |OR| __SHOP__/cart/", None, True, "url:equal"),
        (
            "http://shop.test/cart",
            "__SHOP__/checkout |OR| __SHOP__/orders",
            None,
            False,
            "url:path-mismatch",
        ),
    ],
)
def test_lenient_url(url, ref, note, passed, rule):
    verdict = check_url(url, spec(ref, note), mode="lenient")
    assert (verdict.passed, verdict.rule) == (passed, rule), verdict


@pytest.mark.parametrize(
    ("url", "ref", "note", "passed", "rule"),
    [
        ("http://shop.test/account/orders/", "__SHOP__/account/orders", None, True, "url:match"),
        ("http://shop.test/account/orders?x=1", "__SHOP__/account/orders", None, True, "url:match"),
        ("http://shop.test/search?q=mug&page=2", "__SHOP__/search?q=mug", None, True, "url:match"),
        (
            "http://shop.test/search?q=cup",
            "__SHOP__/search?q=mug",
            None,
            False,
            "url:query-mismatch",
        ),
        (
            "HTTP://SHOP.TEST/account/orders",
            "__SHOP__/account/orders",
            None,
            False,
            "url:base-mismatch",
        ),
        (
            "http://shop.test/account/orders/7",
            "__SHOP__/account/orders",
            None,
            False,
            "url:base-mismatch",
        ),
        (
            "http://shop.test/account/orders/7",
            "__SHOP__/account/orders",
            "GOLD in PRED",
            True,
            "url:match",
        ),
        ("http://shop.test/cart", "__SHOP__/checkout |OR| __SHOP__/cart", None, True, "url:match"),
    ],
)
def test_strict_url(url, ref, note, passed, rule):
    verdict = check_url(url, spec(ref, note), mode="strict")
    assert (verdict.passed, verdict.rule) == (passed, rule), verdict


def test_context_site_urls_expand_placeholders():
    context = EvalContext(site_urls={"__SHOP__": "http://localhost:5001"})
    verdict = check_url("http://localhost:5001/cart", spec("__SHOP__/cart"), context=context)
    assert verdict.passed, verdict
    assert not check_url("http://shop.test/cart", spec("__SHOP__/cart"), context=context).passed


@pytest.mark.parametrize(
    ("url", "passed"),
    [
        ("http://forum.test/f/books?sort=top&t=week&utm_source=newsletter&utm_medium=email", True),
        ("http://forum.test/f/books?gclid=abc&sort=top&t=week", True),
        ("http://forum.test/f/books?sort=top&t=week&page=1", True),
        ("http://forum.test/f/books?sort=+top+&t=week", True),
        ("http://forum.test/f/books?sort=top&t=week&page=2", False),
        ("http://forum.test/f/books?sort=top&t=month&utm_source=x", False),
        ("http://forum.test/f/books?sort=top&t=week&source=newsletter", False),
    ],
)
def test_lenient_url_ignores_tracking_first_page_and_padding(url, passed):
    verdict = check_url(url, spec("__FORUM__/f/books?sort=top&t=week"))
    assert verdict.passed is passed, verdict


def test_url_errors():
    assert check_url("http://shop.test/", spec("")).rule == "error:bad-spec"
    assert check_url("", spec("__SHOP__/")).rule == "url:missing"
    assert check_url("http://shop.test/", spec("__SHOP__/"), mode="x").rule == "error:bad-mode"
    assert check_url("http://[::1", spec("__SHOP__/")).passed is False


def test_normalize_and_extract():
    assert normalize_url("__SHOP__/") == normalize_url("http://shop.test")
    assert str(normalize_url("shop.test/a/?b=1#x")) == "shop.test/a?b=1"
    assert urls_in_text("See http://shop.test/a, or /b.") == ["http://shop.test/a", "/b"]
