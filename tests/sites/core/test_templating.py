"""Compiled templates shared across apps render exactly what a fresh compile renders."""

from __future__ import annotations

import sqlite3

import pytest
from flask import Flask

from webenv.sitedb import pristine_snapshot
from webenv.sites import forum, githost, shop
from webenv.sites.core.templating import COMPILED, compiler_settings

PAGES = {
    "shop": (shop.create_app, ["/", "/account/login", "/product/ember-porcelain-coffee-mug"]),
    "forum": (forum.create_app, ["/", "/login", "/forums"]),
    "githost": (githost.create_app, ["/explore", "/users/sign_in", "/groups"]),
}


def fresh_app(name: str) -> Flask:
    create_app, _ = PAGES[name]
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(pristine_snapshot(name, 0))
    return create_app({"DATABASE": connection, "TESTING": True})


def pages(app: Flask, urls: list[str]) -> list[tuple[int, bytes]]:
    client = app.test_client()
    return [(r.status_code, r.data) for r in (client.get(url) for url in urls)]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_pages_from_shared_code_are_byte_identical_to_a_fresh_compile(name):
    _, urls = PAGES[name]
    pages(fresh_app(name), urls)  # fills the shared code
    shared_app = fresh_app(name)
    own_app = fresh_app(name)
    own_app.jinja_env.bytecode_cache = None  # compiles every template itself
    before = len(COMPILED.codes)
    shared = pages(shared_app, urls)
    assert len(COMPILED.codes) == before  # nothing compiled again
    assert shared == pages(own_app, urls)
    assert all(status == 200 for status, _ in shared), [status for status, _ in shared]


def test_an_environment_that_compiles_differently_gets_its_own_code():
    app = fresh_app("forum")
    other = fresh_app("forum")
    assert compiler_settings(app.jinja_env) == compiler_settings(other.jinja_env)
    other.jinja_env.trim_blocks = False
    assert compiler_settings(app.jinja_env) != compiler_settings(other.jinja_env)
    before = len(COMPILED.codes)
    assert pages(app, ["/login"]) != pages(other, ["/login"])  # whitespace differs
    assert len(COMPILED.codes) > before
    renamed = fresh_app("forum")
    renamed.jinja_env.filters["a_new_filter"] = str
    assert compiler_settings(renamed.jinja_env) != compiler_settings(app.jinja_env)
