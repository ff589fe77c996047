"""``WebEnv(site_docs=True)``: the help pages of a task's sites in ``info["site_docs"]``,
the same text the sites' ``/help`` pages show."""

from __future__ import annotations

import re

import gymnasium as gym
import pytest

from tests.sites.help_checks import page_blocks, source_blocks
from webenv import WebEnv
from webenv.errors import OptionError
from webenv.sites import LOGIN_KEYS
from webenv.sites.core.help import (
    MAX_SITE_DOCS_CHARS,
    help_keys,
    help_section,
    section_text,
    site_docs_text,
)

PAGE_MARK = re.compile(r"^<!-- (http://\S+) -->$", re.MULTILINE)
ABSOLUTE_LINK = re.compile(r"\]\(http://[a-z.]+/")


def _pages(text: str) -> dict[str, str]:
    """``info["site_docs"]`` split into its pages: URL -> Markdown."""
    parts = PAGE_MARK.split(text)
    return {parts[i]: parts[i + 1].strip() for i in range(1, len(parts), 2)}


def test_site_docs_are_off_by_default_and_only_at_reset_when_on():
    env = WebEnv(tasks="shop")
    _, info = env.reset(seed=0)
    assert "site_docs" not in info
    env.close()
    env = WebEnv(tasks="shop", site_docs=True)
    _, info = env.reset(seed=0)
    assert info["site_docs"] == section_text("shop")
    assert info["site_docs"].startswith("<!-- http://shop.test/help -->\n# Harbor Goods help")
    _, _, _, _, after = env.step("scroll [down]")
    assert "site_docs" not in after
    env.close()


def test_site_docs_follow_the_task_sites_and_back_offices():
    env = WebEnv(tasks="all", site_docs=True)
    admin = next(task for task in env.tasks if "shop_admin" in task.login)
    _, info = env.reset(options={"task_id": admin.task_id})
    assert info["site_docs"] == site_docs_text(help_keys(admin.sites, admin.login))
    assert "# Harbor Goods Admin help" in info["site_docs"]
    cross = next(task for task in env.tasks if len(task.sites) > 1)
    _, info = env.reset(options={"task_id": cross.task_id})
    for site in cross.sites:
        assert section_text(site) in info["site_docs"]
    env.close()


def test_site_docs_through_gym_make():
    env = gym.make("webenv:WebForum-v0", site_docs=True)
    _, info = env.reset(seed=0)
    assert info["site_docs"].startswith("<!-- http://forum.test/help -->\n# Agora help")
    env.close()


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_site_docs_option_is_validated(value):
    with pytest.raises(OptionError, match=r"site_docs=.* is not accepted; use True or False"):
        WebEnv(tasks="shop", site_docs=value)


@pytest.mark.parametrize("key", LOGIN_KEYS)
def test_each_page_of_the_docs_is_the_text_of_that_help_page(key):
    """Every page in the text, fetched at the URL the text names, shows that text."""
    site = "shop" if key == "shop_admin" else key
    env = WebEnv(tasks=site, site_docs=True)
    env.reset(seed=0)
    pages = _pages(section_text(key))
    assert len(pages) == len(help_section(key).pages)
    for url, source in pages.items():
        relative = ABSOLUTE_LINK.sub("](/", source)  # the pages link by path
        assert relative != source or "](" not in source
        assert page_blocks(env.unwrapped.browser.document(url)) == source_blocks(relative), url
    env.close()


def test_the_docs_of_every_site_together_are_bounded():
    text = site_docs_text(LOGIN_KEYS)
    assert len(text) <= MAX_SITE_DOCS_CHARS
    assert [url for url in _pages(text) if url.endswith("/help")] == [
        "http://shop.test/help",
        "http://forum.test/help",
        "http://git.test/help",
        "http://shop.test/admin/help",
    ]
