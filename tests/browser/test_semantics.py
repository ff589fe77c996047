"""One action semantics for both backends: URLs that never raise, canonical URLs, tabs.

The in-process tests run on a small fixture site. The tests marked ``chromium`` run the
same actions in one Chromium over the same fixture site and require the same URL, the
same error message and no exception other than :class:`ActionError` on both backends.
"""

from __future__ import annotations

import itertools
import random
import threading
from dataclasses import dataclass, field

import pytest
from flask import Flask, Response, request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from webenv.actions import KINDS, Action, ActionError
from webenv.browser.base import (
    ACTION_HANDLERS,
    MAX_TAB_LINE_CHARS,
    MAX_TABS,
    MAX_TABS_TEXT_CHARS,
    Browser,
)
from webenv.browser.inprocess import InProcessBrowser
from webenv.sites.core.urls import canonical_url
from webenv.world import World

PAGE = """<!doctype html>
<html lang="en"><head><title>Fixture</title></head><body><main>
<h1>Fixture</h1>
<a href="/other">Other page</a>
<form method="post" action="/other">
  <label for="name">Name</label><input id="name" name="name">
  <label for="ro">Fixed</label><input id="ro" name="ro" value="x" readonly>
  <label for="off">Off</label><input id="off" name="off" disabled>
  <label for="size">Size</label>
  <select id="size" name="size"><option value="s">Small</option>
    <option value="l" label="Large size">L</option></select>
  <label for="many">Many</label>
  <select id="many" name="many" multiple><option>Red</option><option>Blue</option></select>
  <label><input type="checkbox" name="gift"> Gift wrap</label>
  <label for="qty">Quantity</label><input id="qty" name="qty" type="number" value="1">
  <label><input type="radio" name="speed" value="slow" checked> Slow</label>
  <label><input type="radio" name="speed" value="fast"> Fast</label>
  <button type="submit" disabled>Blocked</button>
  <button type="submit">Send</button>
</form>
<div hidden><a href="/other">Hidden link</a></div>
</main></body></html>"""

HOSTILE_HREFS = (
    "http://[x/",
    "http://[::1",
    "http://[",
    "http://]/",
    "http://shop.test:abc/",
    "http://shop.test:99999/",
    "http://shop.test:-1/",
    "HTTP://SHOP.TEST/other",
    "http://shop.test:80/other",
    "//shop.test/other",
    "/other?q='x'",
    "other",
    "  /other  ",
    "\\other",
    "javascript:alert(1)",
    "http://example.com/",
    "https://shop.test/",
    "http://user:pw@shop.test/other",
    "http://bücher.test/",
    "mailto:a@b",
    "http://shop.test/a b/%zz",
    "http://0x7f.1/",
    "#top",
    "",
)


def make_app() -> Flask:
    app = Flask("semantics-fixture")

    @app.get("/")
    def index():
        return PAGE

    @app.route("/other", methods=["GET", "POST"])
    def other():
        return "<html><head><title>Other</title></head><body><p>other</p></body></html>"

    @app.get("/links")
    def links():
        items = "".join(
            f'<li><a href="{escape(href)}">link {index}</a></li>'
            for index, href in enumerate(HOSTILE_HREFS)
        )
        return f"<html><head><title>Links</title></head><body><ul>{items}</ul></body></html>"

    @app.get("/echo")
    def echo():
        href = request.args.get("href", "")
        return (
            f'<html><head><title>Echo</title></head><body><a href="{escape(href)}">go</a>'
            "</body></html>"
        )

    @app.get("/redirect")
    def redirect_raw():
        return Response("", 302, {"Location": request.args.get("to", "")})

    @app.get("/long")
    def long_page():
        return f"<html><head><title>{'T' * 500}</title></head><body><p>long</p></body></html>"

    @app.get("/<path:rest>")
    def anything(rest):
        return f"<html><head><title>Any</title></head><body><p>{escape(rest)}</p></body></html>"

    return app


@dataclass
class FixtureWorld:
    apps: dict
    sites: tuple = ("shop",)
    request_log: list = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    log_request = World.log_request

    def page_state(self) -> None:
        return None  # test apps: never memoised

    def database_for_host(self, host: str) -> None:
        return None  # no site databases: nothing to record


def new_inprocess() -> InProcessBrowser:
    browser = InProcessBrowser(FixtureWorld(apps={"shop": make_app()}))  # type: ignore[arg-type]
    browser.reset("http://shop.test/", {})
    return browser


@pytest.fixture
def browser() -> InProcessBrowser:
    return new_inprocess()


def outcome(browser: Browser, action: Action) -> tuple[str, str]:
    """(URL after, error message or "") of one action; any other exception fails."""
    try:
        browser.execute(action)
    except ActionError as exc:
        return browser.url, str(exc)
    return browser.url, ""


def element(browser: InProcessBrowser, role: str, name: str) -> int:
    found = browser.page.axtree().find(role, name)
    assert found, f"no {role} {name!r} in\n{browser.axtree_text()}"
    return found[0].node_id


# -- one semantics --------------------------------------------------------------------


def test_every_browser_action_kind_is_in_the_dispatch_table():
    assert set(ACTION_HANDLERS) == set(KINDS) - {"stop"}
    from webenv.browser.chromium import ChromiumBrowser

    for backend in (InProcessBrowser, ChromiumBrowser):
        copies = [name for name in vars(backend) if name.startswith("_do_")]
        assert not copies, f"{backend.__name__} has its own action semantics: {copies}"


def test_unknown_kind_and_closed_browser_are_action_errors(browser):
    with pytest.raises(ActionError, match="not a browser action"):
        browser.execute(Action("stop", text="x"))
    browser.close()
    with pytest.raises(ActionError, match="call reset"):
        browser.execute(Action("go_back"))


SEMANTIC_ERRORS = (
    ("click [{off}]", "is disabled"),
    ("click [{blocked}]", "is disabled"),
    ("type [{link}] [x]", "not a text field"),
    ("type [{ro}] [x]", "read-only or disabled"),
    ("type [{off}] [x]", "read-only or disabled"),
    ("select [{name}] [Small]", "not a combobox"),
    ("select [{size}] [Huge]", "no option 'Huge'; options: 'Small', 'Large size'"),
    ("check [{name}]", "not a checkbox or radio"),
    ("type [{qty}] [1 5]", "is a number field"),
    ("type [{qty}] [two]", "is a number field"),
    ("uncheck [{slow}]", "cannot be unchecked"),
    ("click [{hidden}]", "not visible"),
    ("hover [987654]", "no element with id"),
    ("tab_focus [3]", "no tab 3; open tabs are numbered 0 to 0"),
    ("go_forward", "no page to go forward"),
)


def ids(browser: InProcessBrowser) -> dict[str, int]:
    tree = browser.page.axtree()
    hidden = next(
        i
        for i, el in tree.elements.items()
        if isinstance(el.tag, str) and el.tag == "a" and el.text == "Hidden link"
    )
    return {
        "off": element(browser, "textbox", "Off"),
        "ro": element(browser, "textbox", "Fixed"),
        "name": element(browser, "textbox", "Name"),
        "size": element(browser, "combobox", "Size"),
        "many": element(browser, "listbox", "Many"),
        "blocked": element(browser, "button", "Blocked"),
        "link": element(browser, "link", "Other page"),
        "slow": element(browser, "radio", "Slow"),
        "gift": element(browser, "checkbox", "Gift wrap"),
        "qty": element(browser, "spinbutton", "Quantity"),
        "hidden": hidden,
    }


def parse(text: str) -> Action:
    from webenv.actions import parse_action

    return parse_action(text)


@pytest.mark.parametrize(("action", "message"), SEMANTIC_ERRORS)
def test_refused_actions_have_one_line_messages_and_change_nothing(browser, action, message):
    before = (browser.url, browser.axtree_text(), browser.tabs_text())
    with pytest.raises(ActionError, match=message.replace("(", r"\(")) as error:
        browser.execute(parse(action.format(**ids(browser))))
    assert "\n" not in str(error.value)
    assert (browser.url, browser.axtree_text(), browser.tabs_text()) == before


def test_select_matches_label_value_then_case_and_toggles_multiple(browser):
    found = ids(browser)
    browser.execute(parse(f"select [{found['size']}] [large SIZE]"))
    assert "option 'Large size' selected: True" in browser.axtree_text()
    browser.execute(parse(f"select [{found['size']}] [s]"))
    assert "option 'Small' selected: True" in browser.axtree_text()
    browser.execute(parse(f"select [{found['many']}] [Red]"))
    browser.execute(parse(f"select [{found['many']}] [Blue]"))
    text = browser.axtree_text()
    assert "option 'Red' selected: True" in text and "option 'Blue' selected: True" in text
    browser.execute(parse(f"select [{found['many']}] [Red]"))
    assert "option 'Red' selected: False" in browser.axtree_text()


# -- URLs never raise; canonical URLs -------------------------------------------------

SCHEMES = (
    "http://",
    "HTTP://",
    "https://",
    "ftp://",
    "javascript:",
    "",
    "//",
    "http:",
    "http:\\\\",
)
HOSTS = (
    "shop.test",
    "SHOP.TEST",
    "Shop.Test.",
    "[::1]",
    "[",
    "]",
    "[x",
    "[::1",
    "[fe80::1%25eth0]",
    "bücher.test",
    "xn--",
    "user:pw@shop.test",
    "@shop.test",
    "shop.test:",
    "shop.test:abc",
    "shop.test:99999",
    "shop.test:-1",
    "shop.test:80",
    "shop.test:0",
    "shop.test:８０",
    "sh op.test",
    "shop%2etest",
    "\tshop.test\n",
    "shop.test:8080",
)
TAILS = ("/", "", "/a b", "/%", "/../..", "/?q='x'&r=\"y\"", "#frag", "/é?ü#ö", "/[x]")


def hostile_urls() -> list[str]:
    """Every scheme x host x tail: brackets, ports, controls, IDNs, userinfo, odd schemes."""
    return ["".join(parts) for parts in itertools.product(SCHEMES, HOSTS, TAILS)]


ISSUE_EXAMPLES = {
    "http://SHOP.TEST/": ("http://shop.test/", ""),
    "http://shop.test:80/other": ("http://shop.test/other", ""),
    "http://[::1": (None, "not a valid URL"),  # goto [http://[::1] in the issue
    "http://[::1]/": (None, "only this env's sites"),
    "http://[": (None, "not a valid URL"),
    "http://]/": (None, "not a valid URL"),
    "http://shop.test:abc/": (None, "not a valid URL"),
    "http://shop.test:99999/": (None, "not a valid URL"),
    "http://shop.test:-1/": (None, "not a valid URL"),
    "http://shop.test:8080/": (None, "only this env's sites"),
    "https://shop.test/": (None, "only this env's sites"),
}


@pytest.mark.parametrize(("text", "expected"), ISSUE_EXAMPLES.items())
def test_goto_reports_canonical_urls_and_refuses_bad_ports(browser, text, expected):
    url, message = expected
    after, error = outcome(browser, Action("goto", text=text))
    assert (message in error) if message else not error
    assert after == (url or "http://shop.test/")


def test_hostile_goto_urls_never_raise(browser):
    texts = hostile_urls()
    assert len(texts) > 1_000
    for text in texts:
        before = (browser.url, list(browser.tabs[0].history))
        after, error = outcome(browser, Action("goto", text=text))
        if error:
            assert "\n" not in error
            assert (browser.url, browser.tabs[0].history) == before, text
        else:
            assert after.startswith("http://shop.test/"), (text, after)
            assert canonical_url(after) == after, (text, after)
        browser.execute(Action("goto", text="http://shop.test/"))


def test_hostile_links_and_redirects_never_raise(browser):
    browser.execute(Action("goto", text="/links"))
    links = {
        node.name: node.node_id for node in browser.page.axtree().find("link", "link", exact=False)
    }
    assert len(links) == len(HOSTILE_HREFS)
    results = {}
    for index, href in enumerate(HOSTILE_HREFS):
        results[href] = outcome(browser, Action("click", target=links[f"link {index}"]))
        browser.execute(Action("goto", text="http://shop.test/links"))
    assert "goes nowhere" in results["http://[x/"][1]
    assert results["HTTP://SHOP.TEST/other"] == ("http://shop.test/other", "")
    assert results["/other?q='x'"] == ("http://shop.test/other?q=%27x%27", "")
    assert "only this env's sites" in results["javascript:alert(1)"][1]
    for target in ("http://[x/", "http://shop.test:abc/", "//example.com/", "http://[::1"):
        after, error = outcome(browser, Action("goto", text=f"/redirect?to={target}"))
        assert error and after == "http://shop.test/links", (target, error)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.text(alphabet=st.sampled_from("htps:/[]@%.?#\\ 0189:-xé\tSHOP.TEST"), max_size=30)
    | st.text(max_size=30)
)
def test_any_typed_or_linked_text_is_a_page_or_an_action_error(text):
    browser = _SHARED.setdefault("browser", new_inprocess())
    browser.reset("http://shop.test/", {})  # each example starts afresh (reproducible)
    outcome(browser, Action("goto", text=text))
    browser.execute(Action("goto", text="http://shop.test/echo?" + _query(text)))
    link = browser.page.axtree().find("link", "go")
    if link:
        outcome(browser, Action("click", target=link[0].node_id))
    assert browser.url.startswith(("http://shop.test/", "about:blank"))


_SHARED: dict[str, InProcessBrowser] = {}


HOSTILE_TEXT = st.text(
    alphabet=st.sampled_from("htps:/[]@%.?#\\ 0189:-xé\tSHOP.TESTabcEnter"), max_size=30
) | st.sampled_from(["Enter", "Return", "Tab", "up", "down", "Small", "large size", "", " "])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(sorted(ACTION_HANDLERS)),
    target=st.none() | st.integers(-3, 80) | st.integers(),
    text=st.none() | HOSTILE_TEXT,
    press_enter=st.booleans(),
    tab_index=st.none() | st.integers(-2, MAX_TABS + 2),
)
def test_any_action_of_any_kind_is_carried_out_or_refused(
    kind, target, text, press_enter, tab_index
):
    browser = _SHARED.setdefault("any", new_inprocess())
    browser.reset("http://shop.test/", {})  # each example starts afresh (reproducible)
    outcome(
        browser,
        Action(kind, target=target, text=text, press_enter=press_enter, tab_index=tab_index),
    )
    assert browser.url.startswith(("http://shop.test/", "about:blank"))
    assert len(browser.tabs_text().split("\n")) == len(browser.tabs) <= MAX_TABS
    browser.axtree_text()


def _query(href: str) -> str:
    from urllib.parse import urlencode

    return urlencode({"href": href})


@pytest.fixture(scope="module")
def forum_env():
    from webenv.env import WebEnv

    env = WebEnv(tasks="forum")
    yield env
    env.close()


@pytest.mark.parametrize(
    "stored",
    ["http://[x/", "http://shop.test:abc/", "javascript:alert(1)", "http://forum.test:99999/"],
)
def test_links_stored_through_a_site_form_are_clicked_without_raising(forum_env, stored):
    """A forum link post whose URL is hostile: posting and clicking it never raise."""
    from webenv.tools.solution import find_element

    env = forum_env
    env.reset(seed=0)
    obs = env.step("goto [http://forum.test/submit]")[0]
    tree = obs["axtree"]
    for action in (
        f"select [{find_element(tree, {'role': 'combobox', 'name': 'Forum'})}] [Books]",
        f"type [{find_element(tree, {'role': 'textbox', 'name': 'Title'})}] [Hostile link] [0]",
        f"type [{find_element(tree, {'role': 'textbox', 'name': 'URL'})}] [{stored}] [0]",
        "click [{}]".format(find_element(tree, {"role": "button", "name": "Create submission"})),
    ):
        obs = env.step(action)[0]
        assert not obs["last_action_error"], action
    browser = env.unwrapped.browser
    links = [
        i
        for i, el in browser.page.axtree().elements.items()
        if isinstance(el.tag, str) and el.tag == "a" and el.get("href") == stored
    ]
    if not links:  # the site refused the URL with a form error: nothing to click
        return
    before = obs["url"]
    obs = env.step(f"click [{links[0]}]")[0]
    assert obs["last_action_error"] and obs["url"] == before


# -- tabs --------------------------------------------------------------------------------


def test_tabs_are_capped_with_an_error_naming_the_cap(browser):
    for _ in range(MAX_TABS - 1):
        browser.execute(Action("new_tab"))
    _url, error = outcome(browser, Action("new_tab"))
    assert f"{MAX_TABS} tabs are open" in error and "close_tab" in error
    assert len(browser.tabs) == MAX_TABS
    browser.execute(Action("close_tab"))
    browser.execute(Action("new_tab"))
    assert len(browser.tabs) == MAX_TABS


def test_the_tab_list_is_bounded_and_never_cut_mid_line(browser):
    from webenv.env import MAX_TABS_CHARS

    assert MAX_TABS_TEXT_CHARS <= MAX_TABS_CHARS
    long_url = "http://shop.test/long?" + "q" * 1_000
    browser.execute(Action("goto", text=long_url))
    for _ in range(MAX_TABS - 1):
        browser.execute(Action("new_tab"))
        browser.execute(Action("goto", text=long_url))
    text = browser.tabs_text()
    lines = text.split("\n")
    assert len(lines) == MAX_TABS and len(text) <= MAX_TABS_CHARS
    assert all(len(line) <= MAX_TAB_LINE_CHARS and line.endswith("…") for line in lines)
    assert lines[-1].startswith(f"Tab {MAX_TABS - 1} (current): TTT")


def test_the_tab_list_reads_only_tabs_that_changed(browser, monkeypatch):
    for _ in range(5):
        browser.execute(Action("new_tab"))
    browser.execute(Action("goto", text="http://shop.test/other"))
    browser.tabs_text()
    reads = []
    original = InProcessBrowser._tab_title
    monkeypatch.setattr(
        InProcessBrowser, "_tab_title", lambda self, tab: reads.append(tab) or original(self, tab)
    )
    browser.execute(Action("goto", text="http://shop.test/links"))
    browser.tabs_text()
    assert reads == [browser.tabs[5]]
    # A tab changed and left before the list was read again is read again.
    browser.execute(Action("goto", text="http://shop.test/long"))
    browser.execute(Action("tab_focus", tab_index=0))
    lines = browser.tabs_text().split("\n")
    assert lines[0].startswith("Tab 0 (current): Fixture")
    assert lines[5].startswith("Tab 5: TTT") and lines[1] == "Tab 1: (untitled) - about:blank"


def test_tab_list_in_env_observation_is_capped():
    from webenv.env import WebEnv

    env = WebEnv(tasks="shop")
    try:
        env.reset(seed=0)
        for _ in range(MAX_TABS + 3):
            obs = env.step("new_tab")[0]
        assert f"{MAX_TABS} tabs are open" in obs["last_action_error"]
        assert len(obs["tabs"].split("\n")) == MAX_TABS
    finally:
        env.close()


# -- the same results in Chromium ----------------------------------------------------------


@pytest.fixture(scope="module")
def chromium():
    from tests.chromium import require_chromium
    from webenv.browser.chromium import ChromiumBrowser

    require_chromium("the Chromium semantics tests")
    browser = ChromiumBrowser(FixtureWorld(apps={"shop": make_app()}))  # type: ignore[arg-type]
    yield browser
    browser.close()


def same_outcomes(chromium, inprocess, actions) -> None:
    for action in actions:
        assert outcome(chromium, action) == outcome(inprocess, action), action


@pytest.mark.chromium
def test_chromium_refuses_the_same_actions_with_the_same_messages(chromium, browser):
    chromium.reset("http://shop.test/", {})
    found = ids(browser)
    same_outcomes(
        chromium, browser, [parse(action.format(**found)) for action, _ in SEMANTIC_ERRORS]
    )
    same_outcomes(
        chromium,
        browser,
        [parse(f"select [{found['size']}] [large SIZE]"), parse(f"check [{found['gift']}]")],
    )
    assert chromium.axtree_text() == browser.axtree_text()


@pytest.mark.chromium
def test_chromium_gives_the_same_urls_and_errors_for_hostile_urls(chromium, browser):
    chromium.reset("http://shop.test/", {})
    sample = random.Random(9).sample(hostile_urls(), 24)
    actions = []
    for text in [*ISSUE_EXAMPLES, *sample]:
        actions += [Action("goto", text=text), Action("goto", text="http://shop.test/")]
    same_outcomes(chromium, browser, actions)
    same_outcomes(chromium, browser, [Action("goto", text="/links")])
    links = {
        node.name: node.node_id for node in browser.page.axtree().find("link", "link", exact=False)
    }
    for index, _ in enumerate(HOSTILE_HREFS):
        same_outcomes(
            chromium,
            browser,
            [
                Action("click", target=links[f"link {index}"]),
                Action("goto", text="http://shop.test/links"),
            ],
        )


@pytest.mark.chromium
def test_chromium_caps_tabs_like_in_process(chromium, browser):
    chromium.reset("http://shop.test/", {})
    same_outcomes(chromium, browser, [Action("new_tab")] * (MAX_TABS + 1))
    assert chromium.tabs_text() == browser.tabs_text()
