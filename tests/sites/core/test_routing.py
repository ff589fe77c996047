"""Memoised URL building gives exactly what werkzeug builds, request after request."""

from __future__ import annotations

import pytest
from flask import Flask, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.routing import BuildError, Map, MapAdapter, Rule

from webenv.sites import forum, githost, shop
from webenv.sites.core.app import SiteFlask
from webenv.sites.core.routing import MemoAdapter, MemoMap, SiteRule


def rules() -> list[Rule]:
    """A few routes (new objects each time: a rule is bound to one map)."""
    return [
        Rule("/", endpoint="home"),
        Rule("/f/<name>", endpoint="forum"),
        Rule("/f/<name>/<int:id>", endpoint="post"),
        Rule("/search", endpoint="search"),
    ]


def both(server: str = "forum.test", script: str = "/") -> tuple[MapAdapter, MapAdapter]:
    plain = Map(rules()).bind(server, script)
    memo = MemoMap(rules()).bind(server, script)
    return plain, memo


@pytest.mark.parametrize(
    ("endpoint", "values", "options"),
    [
        ("home", None, {}),
        ("forum", {"name": "books"}, {}),
        ("forum", {"name": "books", "page": 2}, {}),
        ("forum", {"name": "books", "page": True}, {}),  # True == 1, built apart
        ("forum", {"name": "books", "page": 1}, {}),
        ("forum", {"name": "books", "page": None}, {}),
        ("post", {"name": "a b", "id": 7}, {"force_external": True}),
        ("search", {"q": ["one", "two"]}, {}),  # unhashable: built without the memo
        ("search", MultiDict([("q", "one"), ("q", "two")]), {}),
        ("search", MultiDict([("q", "one")]), {}),
        ("search", {"q": "x"}, {"append_unknown": False}),
    ],
)
def test_memoised_builds_equal_werkzeug_s_twice(endpoint, values, options) -> None:
    plain, memo = both()
    expected = plain.build(endpoint, values, **options)
    assert memo.build(endpoint, values, **options) == expected
    assert memo.build(endpoint, values, **options) == expected


def test_query_arguments_keep_the_order_they_were_given_in() -> None:
    # werkzeug appends query arguments in the given order, so the same values given in
    # another order build another URL; the memo must not hand back the first one built.
    plain, memo = both()
    for values in ({"q": "x", "page": 2}, {"page": 2, "q": "x"}, {"q": "x", "page": 2}):
        assert memo.build("search", values) == plain.build("search", values)


def test_the_memo_is_keyed_by_the_adapter_and_forgets_on_new_rules() -> None:
    memo_map = MemoMap(rules())
    first = memo_map.bind("forum.test", "/")
    assert isinstance(first, MemoAdapter)
    assert first.build("home") == "/"
    assert memo_map.bind("forum.test", "/app").build("home") == "/app/"
    assert first.build("forum", {"name": "x"}, force_external=True) == "http://forum.test/f/x"
    other = memo_map.bind("other.test", "/")
    assert other.build("forum", {"name": "x"}, force_external=True) == "http://other.test/f/x"
    memo_map.add(Rule("/about", endpoint="about"))
    assert memo_map.built == {}
    assert first.build("about") == "/about"


def test_a_failed_build_is_not_kept_and_raises_every_time() -> None:
    memo_map = MemoMap(rules())
    adapter = memo_map.bind("forum.test", "/")
    for _ in range(2):
        with pytest.raises(BuildError):
            adapter.build("post", {"name": "x"})
    assert memo_map.built == {}


def test_site_apps_build_through_the_memo_in_requests() -> None:
    app = SiteFlask(__name__)
    app.add_url_rule("/f/<name>", "forum", lambda name: name)
    assert isinstance(app.url_map, MemoMap)
    for _ in range(2):
        with app.test_request_context("/", base_url="http://forum.test/sub"):
            assert url_for("forum", name="b c", page=2) == "/sub/f/b%20c?page=2"
            assert url_for("forum", name="x", _external=True) == "http://forum.test/sub/f/x"
    assert len(app.url_map.built) == 2


def site_apps() -> list[Flask]:
    return [module.create_app({"TESTING": True}) for module in (shop, forum, githost)]


def test_shared_builders_are_the_code_werkzeug_compiles_for_each_rule() -> None:
    first, second = site_apps(), site_apps()
    for app, again in zip(first, second, strict=True):
        rules = list(app.url_map.iter_rules())
        assert rules and all(isinstance(rule, SiteRule) for rule in rules)
        for rule, twin in zip(rules, again.url_map.iter_rules(), strict=True):
            assert rule.rule == twin.rule
            plain = Rule(rule.rule, defaults=rule.defaults, endpoint=rule.endpoint)
            Map([plain], converters=app.url_map.converters)
            for name in ("_build", "_build_unknown"):
                shared = getattr(rule, name)
                assert shared.__func__ is getattr(twin, name).__func__  # compiled once
                assert shared.__self__ is rule  # bound to its own rule
                assert shared.__func__.__code__ == getattr(plain, name).__func__.__code__


def test_rules_of_one_shape_with_other_defaults_get_their_own_builders() -> None:
    one = Rule("/p/<int:page>", endpoint="a", defaults={"page": 1})
    two = Rule("/p/<int:page>", endpoint="b", defaults={"page": 2})
    three = Rule("/p/<int:page>", endpoint="c")
    app = SiteFlask(__name__)
    for rule in (one, two, three):
        app.url_map.add(SiteRule(rule.rule, endpoint=rule.endpoint, defaults=rule.defaults))
    built = {rule.endpoint: rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"}
    assert len({rule._build.__func__ for rule in built.values()}) == 3
    adapter = app.url_map.bind("forum.test")
    assert adapter.build("a") == "/p/1" and adapter.build("b") == "/p/2"
    assert adapter.build("c", {"page": 5}) == "/p/5"
