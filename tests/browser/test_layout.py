"""Pages fit the default 1280-px viewport: nothing scrolls sideways (a real Chromium)."""

from __future__ import annotations

import pytest

from tests.chromium import require_chromium
from webenv.actions import Action, ActionKind
from webenv.browser.chromium import ChromiumBrowser
from webenv.world import World

pytestmark = pytest.mark.chromium

LOGIN = {
    "shop": "emma.lopez",
    "shop_admin": "admin",
    "forum": "mark.wilson",
    "githost": "alex.chen",
}
PAGES = (
    "http://shop.test/",
    "http://shop.test/category/electronics?page=2",
    "http://shop.test/account/orders",
    "http://shop.test/admin/sales/orders",
    "http://shop.test/admin/sales/orders/100652",
    "http://shop.test/admin/catalog/products",
    "http://shop.test/admin/reports/sales",
    "http://forum.test/",
    "http://forum.test/f/programming",
    "http://forum.test/messages",
    "http://git.test/alex.chen/lantern-worker",
    "http://git.test/alex.chen/lantern-worker/-/issues",
    # An assignee picker listing a user with a long full name overflowed by 23 px.
    "http://git.test/alex.chen/lantern-worker/-/issues/1",
    "http://git.test/alex.chen/lantern-worker/-/merge_requests/1",
    "http://git.test/dashboard/todos",
)


def test_no_page_is_wider_than_the_viewport() -> None:
    require_chromium("the layout tests")
    world = World(["shop", "forum", "githost"])
    browser = ChromiumBrowser(world)
    try:
        browser.reset("http://shop.test/", world.login_cookies(LOGIN))
        wide = {}
        for url in PAGES:
            browser.execute(Action(ActionKind.GOTO, text=url))
            scroll, client = browser.page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            assert client == 1280
            if scroll > client:
                wide[url] = scroll
        assert not wide, wide
    finally:
        browser.close()
        world.close()
