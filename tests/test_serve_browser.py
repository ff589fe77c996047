"""People's flows through ``webenv serve`` in a real Chromium (Debian's, via Playwright).

Outside CI a missing Chromium skips these tests with a loud reason; in CI (``CI`` set)
it fails them.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from webenv.browser.chromium import playwright_driver
from webenv.serve import Hub
from webenv.serve.portal import DEMO_PASSWORD

pytestmark = pytest.mark.chromium

CHROMIUM = os.environ.get("WEBENV_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000
# A click that submits a form returns before the next page has loaded: assertions on what
# follows wait for it (``expect``), never read the page once.
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        reason = (
            f"Chromium is not installed at {CHROMIUM} (set WEBENV_CHROMIUM or apt-get "
            "install chromium): the real-browser flows of `webenv serve` did NOT run"
        )
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(f"!!! SKIPPED: {reason}")
    args = (["--no-sandbox"] if os.geteuid() == 0 else []) + ARGS
    # The process's one Playwright driver, shared with the chromium backend's envs.
    browser = playwright_driver().chromium.launch(
        executable_path=CHROMIUM, headless=True, args=args
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="module")
def hub(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    # Depends on ``chromium`` so a missing browser is reported before the sites start.
    record = tmp_path_factory.mktemp("episodes")
    with Hub("127.0.0.1", 0, record_dir=record, quiet=True) as served:
        served.start()
        yield served


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


def _require(hub: Hub, site: str) -> str:
    if site not in hub.sites:
        pytest.skip(f"{site} is not served: {hub.skipped.get(site, 'not bundled')}")
    return hub.sites[site].base_url


def _log_in(page: Any, base: str, login_path: str, username: str) -> None:
    page.goto(f"{base}{login_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def test_shop_log_in_buy_and_see_the_order(hub: Hub, page: Any) -> None:
    shop = _require(hub, "shop")
    _log_in(page, shop, "/account/login", "emma.lopez")
    expect(page.locator("body")).to_contain_text("Welcome back")
    if "forum" in hub.sites:  # links between the sites point at the local ports
        link = page.get_by_role("link", name="Community forum")
        assert link.get_attribute("href") == hub.sites["forum"].base_url + "/"
    page.goto(f"{shop}/product/voltix-dual-port-charger")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.locator("body")).to_contain_text("to your cart")
    page.goto(f"{shop}/cart")
    page.get_by_role("link", name="Proceed to Checkout").click()
    page.get_by_role("button", name="Place Order").click()
    message = page.get_by_text(re.compile(r"Your order number is \d+")).inner_text()
    number = re.search(r"order number is (\d+)", message).group(1)
    page.get_by_role("link", name="My Orders").first.click()
    expect(page).to_have_url(f"{shop}/account/orders")
    expect(page.locator("main")).to_contain_text(number)
    rows = hub.query("shop", "SELECT status FROM orders WHERE number = ?", (number,))
    assert len(rows) == 1


def test_forum_post_and_reply(hub: Hub, page: Any) -> None:
    forum = _require(hub, "forum")
    username = hub.query("forum", "SELECT username FROM users ORDER BY id LIMIT 1")[0][0]
    _log_in(page, forum, "/login", username)
    page.goto(f"{forum}/submit")
    forum_select = page.get_by_label("Forum")
    forum_select.select_option(index=1)
    page.get_by_role("textbox", name="Title", exact=True).fill("Served to a real browser")
    page.get_by_role("textbox", name="Body", exact=True).fill("Posted by webenv serve tests.")
    page.get_by_role("button", name="Create submission").click()
    expect(page.get_by_role("heading", name="Served to a real browser")).to_be_visible()
    page.get_by_role("textbox", name="Comment", exact=True).fill("A first comment from the test.")
    page.get_by_role("button", name="Post comment").click()
    expect(page.get_by_text("A first comment from the test.")).to_be_visible()
    page.locator(".comment", has_text="A first comment from the test.").get_by_role(
        "link", name="Reply"
    ).first.click()
    page.get_by_role("textbox", name="Reply", exact=True).fill("And a reply to it.")
    page.get_by_role("button", name="Post reply").click()
    expect(page.locator("body")).to_contain_text("And a reply to it.")
    rows = hub.query(
        "forum",
        "SELECT count(*) FROM comments WHERE body LIKE 'And a reply%' AND parent_id IS NOT NULL",
    )
    assert rows == [(1,)]


def test_githost_open_an_issue(hub: Hub, page: Any) -> None:
    # Written against githost's GitLab-style routes (/users/sign_in, /<ns>/<project>/-/issues).
    git = _require(hub, "githost")
    username, project = hub.query(
        "githost",
        "SELECT u.username, n.path || '/' || p.path FROM members m"
        " JOIN users u ON u.id = m.user_id JOIN projects p ON p.id = m.project_id"
        " JOIN namespaces n ON n.id = p.namespace_id WHERE p.archived = 0"
        " ORDER BY m.role DESC, p.id LIMIT 1",
    )[0]
    page.goto(f"{git}/users/sign_in")
    page.get_by_role("textbox", name=re.compile("^Username")).fill(username)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    page.goto(f"{git}/{project}/-/issues/new")
    page.get_by_role("textbox", name="Title", exact=True).fill("Opened from a real browser")
    page.get_by_role("button", name=re.compile("(Create|Submit|Open).*issue", re.I)).click()
    heading = page.get_by_role("heading", name=re.compile("Opened from a real browser"))
    expect(heading).to_be_visible()
    rows = hub.query(
        "githost", "SELECT count(*) FROM issues WHERE title = ?", ("Opened from a real browser",)
    )
    assert rows == [(1,)]


def test_portal_pick_a_task_answer_it_and_see_the_verdicts(hub: Hub, page: Any) -> None:
    task_id = "shop/order-total/0"
    page.goto(hub.portal_url)
    assert "emma.lopez" in page.content() and DEMO_PASSWORD in page.content()
    page.get_by_role("button", name=f"Start {task_id}").click()
    expect(page).to_have_url(re.compile(re.escape(f"/task/{task_id}") + "$"))
    intent = "What was the grand total of my order #100642?"
    expect(page.locator("#intent")).to_contain_text(intent)
    with page.expect_popup() as popup_info:
        page.get_by_role("link", name="Open the start page").click()
    site = popup_info.value
    site.wait_for_load_state()
    assert site.url == hub.sites["shop"].base_url + "/"
    site.get_by_role("link", name="My Account").first.click()
    site.get_by_role("link", name="My Orders").first.click()
    site.get_by_role("link", name=re.compile("100642")).first.click()
    expect(site.locator("main")).to_contain_text("$50.94")
    site.close()

    page.get_by_role("textbox", name=re.compile("^Answer")).fill("$50.94")
    page.get_by_role("button", name="Submit answer").click()
    expect(page.locator("#lenient-verdict")).to_have_text("PASS")
    expect(page.locator("#strict-verdict")).to_have_text("PASS")
    shown = json.loads(page.locator("#record-line").inner_text())
    assert shown["task_id"] == task_id and shown["backend"] == "human" and shown["lenient"]
    assert any(step["url"] == "http://shop.test/account/orders/100642" for step in shown["steps"])
    written = Path(hub.record_dir).glob("episodes-*.jsonl")
    lines = [json.loads(line) for path in written for line in path.read_text().splitlines()]
    assert lines[-1] == shown
