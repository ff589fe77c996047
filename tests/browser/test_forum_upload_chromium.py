"""A person's picture upload in a real Chromium: the forum's submit form sends the file
as ``multipart/form-data`` and the new image post shows it.

The env's actions cannot choose a file (``type`` refuses a file input in both backends),
so the test sets it through Playwright, as a person picking a file would. Needs Debian's
``chromium``; outside CI the test skips when it is missing, in CI it fails.
"""

from __future__ import annotations

import re

import pytest

from tests.chromium import require_chromium
from tests.pictures import png_bytes
from webenv.browser.chromium import ChromiumBrowser
from webenv.env import WebEnv

pytestmark = pytest.mark.chromium

TASK = "forum/vote-submission/0"


def element(axtree: str, role: str, name: str) -> str:
    match = re.search(rf"\[(\d+)\] {role} '{re.escape(name)}'", axtree)
    assert match, f"no {role} {name!r}"
    return match.group(1)


def test_a_picture_uploaded_in_chromium_is_shown_on_the_new_post():
    require_chromium("the forum upload test")
    env = WebEnv(tasks=[TASK], backend="chromium", render_mode="rgb_array")  # draws pictures
    try:
        env.reset(options={"task_id": TASK})
        obs, *_ = env.step("goto [http://forum.test/submit]")
        browser = env.browser
        assert isinstance(browser, ChromiumBrowser)
        file = {
            "name": "herbs.txt",
            "mimeType": "text/plain",
            "buffer": png_bytes(40, 30, b"\x20\x80\x20"),
        }
        browser.page.set_input_files("#image", files=[file], timeout=60_000)
        obs, *_ = env.step(f"select [{element(obs['axtree'], 'combobox', 'Forum')}] [Gardening]")
        obs, *_ = env.step(
            f"type [{element(obs['axtree'], 'textbox', 'Title')}] [Balcony herbs] [0]"
        )
        obs, *_ = env.step(f"click [{element(obs['axtree'], 'button', 'Create submission')}]")
        assert obs["last_action_error"] == ""
        assert re.fullmatch(r"http://forum\.test/f/gardening/\d+/balcony-herbs", obs["url"])
        assert "image 'Picture for \"Balcony herbs\"'" in obs["axtree"]
        picture = browser.page.locator(".submission-full img.post-picture")
        src, width = picture.evaluate("img => [img.src, img.complete && img.naturalWidth]")
        assert src.endswith(".png") and width == 40
    finally:
        env.close()
