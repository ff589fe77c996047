"""The main pages of every site fit a 1280-px and a 1024-px viewport: nothing scrolls sideways
(a real Chromium). Wide content (tables, code and diff lines) scrolls inside its own box."""

from __future__ import annotations

import pytest

from tests.chromium import require_chromium
from webenv.actions import Action, ActionKind
from webenv.browser.chromium import ChromiumBrowser
from webenv.world import World

pytestmark = pytest.mark.chromium

WIDTHS = (1280, 1024)
HEIGHT = 720
LOGIN = {
    "shop": "emma.lopez",
    "shop_admin": "admin",
    "forum": "mark.wilson",
    "githost": "alex.chen",
}
PROJECT = "http://git.test/alex.chen/lantern-worker"
PRODUCT = "http://shop.test/product/blue-heron-books-coastal-short-story-collection"
SHOP_PAGES = (
    "http://shop.test/",
    "http://shop.test/category/electronics?page=2",
    "http://shop.test/category/clothing?colour=Blue&sort=price",
    "http://shop.test/search?q=blue",
    # The longest product name in world 0 (its "Add to Cart" fills the cart for the next two).
    PRODUCT,
    "http://shop.test/cart",
    "http://shop.test/checkout",
    "http://shop.test/account",
    "http://shop.test/account/orders",
    "http://shop.test/account/orders/100045",
    "http://shop.test/account/addresses",
    "http://shop.test/account/details",
    "http://shop.test/account/wishlist",
)
ADMIN_PAGES = (
    "http://shop.test/admin/dashboard",
    "http://shop.test/admin/sales/orders",
    "http://shop.test/admin/sales/orders/100652",
    "http://shop.test/admin/catalog/products",
    "http://shop.test/admin/catalog/products/1",
    "http://shop.test/admin/customers",
    "http://shop.test/admin/customers/1",
    "http://shop.test/admin/reviews",
    "http://shop.test/admin/reviews/published/3263",
    "http://shop.test/admin/reports/sales",
    "http://shop.test/admin/reports/bestsellers",
)
FORUM_PAGES = (
    "http://forum.test/",
    "http://forum.test/forums",
    "http://forum.test/f/programming",
    # The submission with the most comments (nested threads).
    "http://forum.test/f/aquariums/1837/recommendations-for-a-reef-tank-under-300",
    "http://forum.test/user/mark.wilson",
    "http://forum.test/messages",
    "http://forum.test/messages/21",
    "http://forum.test/submit",
    "http://forum.test/search?q=bike",
)
GIT_PAGES = (
    "http://git.test/",
    "http://git.test/dashboard/todos",
    "http://git.test/dashboard/issues",
    PROJECT,
    f"{PROJECT}/-/tree/main/src",
    f"{PROJECT}/-/blob/main/pyproject.toml",
    f"{PROJECT}/-/blob/main/README.md",
    f"{PROJECT}/-/commits/main",
    f"{PROJECT}/-/commit/a60ba595cd26135f12784844e15a4185dcec7daf",
    f"{PROJECT}/-/compare?from=main&to=docs/create-the-retry-module-store-quota-and",
    f"{PROJECT}/-/branches",
    f"{PROJECT}/-/tags",
    f"{PROJECT}/-/issues",
    # An assignee picker listing a user with a long full name overflowed by 23 px.
    f"{PROJECT}/-/issues/1",
    f"{PROJECT}/-/merge_requests",
    f"{PROJECT}/-/merge_requests/1",
    f"{PROJECT}/-/merge_requests/1/diffs",
    f"{PROJECT}/-/milestones",
    f"{PROJECT}/-/labels",
    f"{PROJECT}/-/project_members",
    f"{PROJECT}/-/settings",
    "http://git.test/alex.chen",
    "http://git.test/-/user_settings/profile",
)
PAGES = SHOP_PAGES + ADMIN_PAGES + FORUM_PAGES + GIT_PAGES


def test_no_page_is_wider_than_the_viewport() -> None:
    require_chromium("the layout tests")
    world = World(["shop", "forum", "githost"])
    browser = ChromiumBrowser(world)
    try:
        browser.reset("http://shop.test/", world.login_cookies(LOGIN))
        wide: dict[tuple[str, int], int] = {}
        for url in PAGES:
            browser.execute(Action(ActionKind.GOTO, text=url))
            page = browser.page
            assert page.url == url, (url, page.url)
            assert not page.title()[:3].isdigit(), (url, page.title())  # not an error page
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                scroll, client = page.evaluate(
                    "() => [document.documentElement.scrollWidth,"
                    " document.documentElement.clientWidth]"
                )
                assert client == width
                if scroll > client:
                    wide[url, width] = scroll - client
            page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
            if url == PRODUCT:
                with page.expect_navigation():
                    page.get_by_role("button", name="Add to Cart").click()
        assert not wide, f"pages wider than the viewport (url, width): px too wide: {wide}"
    finally:
        browser.close()
        world.close()
