"""The in-process browser on a small fixture site: forms, redirects, cookies, history, tabs."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from flask import Flask, redirect, request, session

from webenv.actions import ActionError, parse_action
from webenv.browser.inprocess import InProcessBrowser
from webenv.world import World

FORM_PAGE = """<!doctype html>
<html lang="en"><head><title>Form</title></head><body><main>
<h1>Order form</h1>
<a href="/other?x=1">Other page</a>
<form method="post" action="/submit">
  <input type="hidden" name="token" value="t0k">
  <label for="name">Name</label><input id="name" name="name" value="">
  <label for="note">Note</label><textarea id="note" name="note"></textarea>
  <label for="size">Size</label>
  <select id="size" name="size"><option value="s">Small</option><option value="l">Large</option>
  </select>
  <label><input type="checkbox" name="gift" value="yes"> Gift wrap</label>
  <fieldset><legend>Speed</legend>
    <label><input type="radio" name="speed" value="slow" checked> Slow</label>
    <label><input type="radio" name="speed" value="fast"> Fast</label>
  </fieldset>
  <input name="disabled" value="x" disabled>
  <button type="submit" name="go" value="save">Save</button>
  <button type="submit" name="go" value="delete">Delete</button>
</form>
<form method="get" action="/search"><label for="q">Search</label><input id="q" name="q">
<button>Find</button></form>
<details><summary>More</summary><a href="/secret">Secret link</a></details>
</main></body></html>"""


def make_app() -> Flask:
    app = Flask("fixture")
    app.secret_key = "test"

    @app.get("/")
    def index():
        return FORM_PAGE

    @app.post("/submit")
    def submit():
        session["last"] = request.form.to_dict(flat=False)
        return redirect("/done")

    @app.get("/done")
    def done():
        items = sorted(session.get("last", {}).items())
        body = "".join(f"<li>{k}={','.join(v)}</li>" for k, v in items)
        return f"<html><head><title>Done</title></head><body><ul>{body}</ul></body></html>"

    @app.get("/search")
    def search():
        return (
            f"<html><head><title>Results</title></head><body><p>q={request.args['q']}</p>"
            "</body></html>"
        )

    @app.get("/other")
    def other():
        return "<html><head><title>Other</title></head><body><p>other</p></body></html>"

    @app.get("/loop")
    def loop():
        return redirect("/loop")

    @app.get("/raw")
    def raw():
        return "plain <b>text</b>", 200, {"Content-Type": "text/plain"}

    return app


@dataclass
class FixtureWorld:
    apps: dict
    sites: tuple = ("shop",)
    request_log: list = field(default_factory=list)
    log_request = World.log_request

    def page_state(self) -> None:
        return None  # test apps: never memoised

    def database_for_host(self, host: str) -> None:
        return None  # no site databases: nothing to record


@pytest.fixture
def browser() -> InProcessBrowser:
    world = FixtureWorld(apps={"shop": make_app()})
    b = InProcessBrowser(world)  # type: ignore[arg-type]
    b.reset("http://shop.test/", {})
    return b


def node_id(browser: InProcessBrowser, role: str, name: str) -> int:
    found = browser.page.axtree().find(role, name)
    assert found, f"no {role} {name!r} in\n{browser.axtree_text()}"
    return found[0].node_id


def act(browser: InProcessBrowser, text: str) -> None:
    browser.execute(parse_action(text))


def test_post_form_sends_what_the_agent_set(browser):
    act(browser, f"type [{node_id(browser, 'textbox', 'Name')}] [Ada Lovelace] [0]")
    act(browser, f"type [{node_id(browser, 'textbox', 'Note')}] [line one] [0]")
    act(browser, f"select [{node_id(browser, 'combobox', 'Size')}] [Large]")
    act(browser, f"check [{node_id(browser, 'checkbox', 'Gift wrap')}]")
    act(browser, f"click [{node_id(browser, 'radio', 'Fast')}]")
    act(browser, f"click [{node_id(browser, 'button', 'Delete')}]")
    assert browser.url == "http://shop.test/done"
    text = browser.axtree_text()
    for expected in (
        "go=delete",
        "name=Ada Lovelace",
        "note=line one",
        "size=l",
        "gift=yes",
        "speed=fast",
        "token=t0k",
    ):
        assert expected in text
    assert "disabled=" not in text
    post = next(r for r in browser.world.request_log if r["method"] == "POST")
    assert post["url"] == "http://shop.test/submit" and post["status"] == 302
    assert post["form"]["go"] == "delete" and post["form"]["speed"] == "fast"


def test_enter_in_a_field_submits_with_the_default_button(browser):
    act(browser, f"type [{node_id(browser, 'textbox', 'Name')}] [Bob] [1]")
    assert browser.url == "http://shop.test/done"
    assert "go=save" in browser.axtree_text()


def test_get_form_puts_fields_in_the_query(browser):
    act(browser, f"type [{node_id(browser, 'textbox', 'Search')}] [blue mug & co] [1]")
    assert browser.url == "http://shop.test/search?q=blue+mug+%26+co"
    assert "q=blue mug & co" in browser.axtree_text()


def test_history_back_and_forward(browser):
    act(browser, f"click [{node_id(browser, 'link', 'Other page')}]")
    assert browser.url == "http://shop.test/other?x=1"
    act(browser, "go_back")
    assert browser.url == "http://shop.test/"
    act(browser, "go_forward")
    assert browser.url == "http://shop.test/other?x=1"
    with pytest.raises(ActionError, match="forward"):
        act(browser, "go_forward")


def test_details_toggle_reveals_content(browser):
    assert "Secret link" not in browser.axtree_text()
    act(browser, f"click [{node_id(browser, 'DisclosureTriangle', 'More')}]")
    assert "Secret link" in browser.axtree_text()


def test_hidden_element_cannot_be_clicked(browser):
    secret = next(
        i
        for i, el in browser.page.axtree().elements.items()
        if el.tag == "a" and el.get("href") == "/secret"
    )
    with pytest.raises(ActionError, match="not visible"):
        act(browser, f"click [{secret}]")


def test_tabs(browser):
    act(browser, "new_tab")
    assert browser.url == "about:blank" and len(browser.tabs) == 2
    act(browser, "goto [http://shop.test/other]")
    act(browser, "tab_focus [0]")
    assert browser.url == "http://shop.test/"
    assert "Tab 1: Other" in browser.tabs_text()
    act(browser, "close_tab")
    assert browser.url == "http://shop.test/other"
    with pytest.raises(ActionError, match="no tab 5"):
        act(browser, "tab_focus [5]")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("goto [http://example.com/]", "only this env's sites"),
        ("goto [ftp://shop.test/]", "only this env's sites"),
        ("goto [http://shop.test/loop]", "too many redirects"),
        ("click [99999]", "no element with id"),
        ("select [{heading}] [Large]", "not a combobox"),
        ("click [1]", "not visible"),
    ],
)
def test_impossible_actions_are_clear_errors(browser, action, message):
    before = browser.url
    with pytest.raises(ActionError, match=message):
        act(browser, action.format(heading=node_id(browser, "heading", "Order form")))
    assert browser.url == before


def test_type_into_non_field_and_unknown_option(browser):
    with pytest.raises(ActionError, match="not a text field"):
        act(browser, f"type [{node_id(browser, 'link', 'Other page')}] [x]")
    with pytest.raises(ActionError, match="no option 'Huge'"):
        act(browser, f"select [{node_id(browser, 'combobox', 'Size')}] [Huge]")


def test_non_html_responses_are_shown_as_text(browser):
    act(browser, "goto [http://shop.test/raw]")
    assert "plain <b>text</b>" in browser.axtree_text()


def test_cookies_persist_between_requests(browser):
    act(browser, f"click [{node_id(browser, 'button', 'Save')}]")
    act(browser, "goto [http://shop.test/done]")
    assert "go=save" in browser.axtree_text()


def test_the_response_charset_decodes_the_page():
    """A page without <meta charset> is decoded with the Content-Type charset, as browsers do."""
    app = Flask("charset")

    @app.get("/")
    def index():
        return "<html><head><title>Café</title></head><body><p>Crème brûlée</p></body></html>"

    b = InProcessBrowser(FixtureWorld(apps={"shop": app}))  # type: ignore[arg-type]
    b.reset("http://shop.test/", {})
    assert "StaticText 'Crème brûlée'" in b.axtree_text()
    assert b.tabs_text() == "Tab 0 (current): Café - http://shop.test/"


def test_a_site_that_fails_to_answer_is_an_action_error():
    """A response the WSGI layer cannot send (here a Location with a newline) is an error
    the agent sees, logged as a 500, never an exception out of the browser."""
    app = Flask("broken")

    @app.get("/")
    def index():
        return '<html><body><a href="/bad">bad</a></body></html>'

    @app.get("/bad")
    def bad():
        return "", 302, [("Location", "http://[x/")]

    b = InProcessBrowser(FixtureWorld(apps={"shop": app}))  # type: ignore[arg-type]
    b.reset("http://shop.test/", {})
    with pytest.raises(ActionError, match="failed to answer '/bad'"):
        act(b, f"click [{node_id(b, 'link', 'bad')}]")
    assert b.url == "http://shop.test/"
    assert b.world.request_log[-1]["status"] == 500
