"""Pictures in a real Chromium: the product photo is drawn, and pages with images read
the same in both backends.

Needs Debian's ``chromium``; outside CI these tests skip when it is missing, in CI
(``$CI`` set) a missing Chromium fails them.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.chromium import require_chromium
from webenv.browser.chromium import ChromiumBrowser
from webenv.env import WebEnv

pytestmark = pytest.mark.chromium

TASK = "shop/order-total/0"
PRODUCT = "http://shop.test/product/ember-porcelain-coffee-mug"
PAGES = (
    PRODUCT,
    f"{PRODUCT}?photo=2",
    "http://shop.test/category/tableware",
    "http://forum.test/",
    "http://git.test/explore",
)


@pytest.fixture(scope="module")
def envs():
    """A Chromium env (with screenshots) and an in-process env over every site."""
    require_chromium("the picture tests")
    chromium = WebEnv(tasks=[TASK], backend="chromium", render_mode="rgb_array")
    inprocess = WebEnv(tasks=[TASK])
    yield chromium, inprocess
    chromium.close()
    inprocess.close()


def test_the_product_photo_is_drawn_in_the_screenshot(envs):
    chromium, _ = envs
    chromium.reset(options={"task_id": TASK})
    obs, *_ = chromium.step(f"goto [{PRODUCT}]")
    assert "image 'Grey porcelain coffee mug, front view'" in obs["axtree"]
    browser = chromium.browser
    assert isinstance(browser, ChromiumBrowser)
    photo = browser.page.locator("img.main-photo")
    assert photo.evaluate("img => img.complete && img.naturalWidth") == 400
    box = photo.bounding_box()
    assert box is not None and box["width"] == 400 and box["height"] == 400
    frame = chromium.render()
    assert isinstance(frame, np.ndarray)
    top, left = int(box["y"]), int(box["x"])
    bottom, right = min(top + 400, frame.shape[0]), min(left + 400, frame.shape[1])
    assert bottom - top > 100 and right - left > 100, box  # the photo is in the viewport
    area = frame[top:bottom, left:right].reshape(-1, 3)
    assert area.std(axis=0).max() > 20  # not a blank box
    assert len(np.unique(area, axis=0)) > 20  # a drawing, not one flat colour


@pytest.mark.parametrize("url", PAGES)
def test_pages_with_pictures_read_the_same_in_both_backends(envs, url):
    chromium, inprocess = envs
    chromium.reset(options={"task_id": TASK})
    inprocess.reset(options={"task_id": TASK})
    seen, expected = chromium.step(f"goto [{url}]")[0], inprocess.step(f"goto [{url}]")[0]
    assert "] image '" in expected["axtree"]
    assert seen["axtree"] == expected["axtree"]
