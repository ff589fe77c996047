"""Memoised page fragments and the sites' template imports."""

from __future__ import annotations

import pytest
from flask import Flask, render_template_string
from jinja2 import DictLoader
from markupsafe import Markup

from webenv.sites.core import fragments
from webenv.sites.core.app import SiteFlask
from webenv.sites.core.fragments import fragment
from webenv.sites.core.templating import SiteTemplate


def counting() -> tuple[list[str], object]:
    built: list[str] = []

    def build(text: str = "x") -> Markup:
        built.append(text)
        return Markup(f"<p>{text}</p>")

    return built, build


def test_a_fragment_is_built_once_per_key() -> None:
    app = Flask(__name__)
    built, build = counting()
    with app.test_request_context("/", base_url="http://shop.test"):
        assert fragment("f", ("a", 1), lambda: build("a")) == Markup("<p>a</p>")
        assert fragment("f", ("a", 1), lambda: build("a")) == Markup("<p>a</p>")
        assert fragment("f", ("a", True), lambda: build("b")) == Markup("<p>a</p>")  # 1 == True
        assert fragment("f", ("a", 2), lambda: build("c")) == Markup("<p>c</p>")
        assert fragment("g", ("a", 1), lambda: build("d")) == Markup("<p>d</p>")
    assert built == ["a", "c", "d"]


def test_apps_hosts_and_script_roots_are_kept_apart() -> None:
    first, second = Flask(__name__), Flask(__name__)
    built, build = counting()
    for app, base, root in (
        (first, "http://shop.test", ""),
        (first, "http://shop.test", ""),
        (second, "http://shop.test", ""),
        (first, "http://localhost:5000", ""),
        (first, "http://shop.test", "/mounted"),
    ):
        with app.test_request_context("/", base_url=f"{base}{root}"):
            fragment("f", "key", lambda base=base, root=root: build(f"{base}{root}"))
    assert built == [
        "http://shop.test",
        "http://shop.test",
        "http://localhost:5000",
        "http://shop.test/mounted",
    ]


def test_an_unhashable_key_builds_every_time() -> None:
    app = Flask(__name__)
    built, build = counting()
    with app.test_request_context("/"):
        for _ in range(3):
            assert fragment("f", ("a", ["list"]), build) == Markup("<p>x</p>")
    assert built == ["x", "x", "x"]


def test_the_memo_starts_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fragments, "MAX_FRAGMENTS", 3)
    app = Flask(__name__)
    built, build = counting()
    with app.test_request_context("/"):
        for key in (1, 2, 3, 4, 1):
            fragment("f", key, lambda key=key: build(str(key)))
        assert len(fragments.fragments("f")) <= 3
    assert built == ["1", "2", "3", "4", "1"]


def test_imported_macros_see_the_globals_the_importer_adds() -> None:
    app = SiteFlask(__name__)
    app.jinja_env.globals["shared"] = "env"
    app.jinja_env.loader = DictLoader(
        {"macros.html": "{% macro show() %}{{ shared }}/{{ extra|default('none') }}{% endmacro %}"}
    )
    macros = app.jinja_env.get_template("macros.html")
    assert isinstance(macros, SiteTemplate)
    source = "{% import 'macros.html' as m %}{{ m.show() }}"
    with app.test_request_context("/"):
        assert render_template_string(source) == "env/none"
        module = macros._get_default_module(None)
        assert macros._get_default_module(app.jinja_env.from_string("").new_context()) is module
        # A global only the importing template has: the imported one is made again with it.
        adding = app.jinja_env.from_string(source, globals={"extra": "x"})
        assert adding.render() == "env/x"
        assert render_template_string(source) == "env/none"
