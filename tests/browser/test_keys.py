"""The keys ``press`` accepts: Playwright's names, checked in the shared semantics."""

from __future__ import annotations

import pytest

from webenv.actions import Action, ActionError
from webenv.browser.base import canonical_key
from webenv.browser.inprocess import InProcessBrowser
from webenv.world import World


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Enter", "Enter"),
        ("enter", "Enter"),
        ("RETURN", "Enter"),
        ("a", "a"),
        ("A", "A"),
        ("~", "~"),
        (" ", " "),
        ("+", "+"),
        ("Shift++", "Shift++"),
        ("control+shift+t", "Control+Shift+t"),
        ("ArrowDown", "ArrowDown"),
        ("keyq", "KeyQ"),
        ("F12", "F12"),
        ("ControlOrMeta+c", "ControlOrMeta+c"),
    ],
)
def test_key_names_are_canonical(text, expected):
    assert canonical_key(text) == expected


@pytest.mark.parametrize(
    "text", ["<unknown key>", "291", "Shift+", "", "F13", "\u00e9", "Clear", "a+", "Enter\n", "\t"]
)
def test_unknown_keys_are_none(text):
    assert canonical_key(text) is None


@pytest.fixture(scope="module")
def world():
    world = World(["shop"])
    yield world
    world.close()


@pytest.mark.parametrize("key", ["<unknown key>", "Shift+", "F13"])
def test_an_unknown_key_is_an_action_error_that_changes_nothing(world, key):
    browser = InProcessBrowser(world)
    browser.reset("http://shop.test/", {})
    search = browser.page.axtree().find("textbox", "Search")[0].node_id
    before = browser.axtree_text()
    for target in (search, None):
        with pytest.raises(ActionError, match=r"^unknown key .*combination such as Control\+a$"):
            browser.execute(Action("press", target=target, text=key))
        assert browser.axtree_text() == before
    browser.execute(Action("press", target=search, text="Tab"))
    assert "focused" in browser.axtree_text()
