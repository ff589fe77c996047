"""The shared inline icons (sites/core/icons.py): valid SVG, hidden from the accessibility tree."""

from __future__ import annotations

import pytest
from lxml import etree, html

from webenv.axtree import build_axtree
from webenv.sites.core.icons import ICONS, icon

SVG = "{http://www.w3.org/2000/svg}"


def page(body: str) -> str:
    return f"<html lang='en'><body><main>{body}</main></body></html>"


def ax_names(markup: str) -> list[tuple[str, str]]:
    """(role, name) of every node the in-process tree shows, ids left out."""
    tree = build_axtree(html.fromstring(markup))
    return [(node.role, node.name) for node in tree.nodes.values()]


@pytest.mark.parametrize("name", sorted(ICONS))
def test_every_icon_is_decorative_svg_in_the_text_colour(name: str) -> None:
    markup = str(icon(name))
    root = etree.fromstring(markup.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
    assert root.tag == f"{SVG}svg"
    assert (root.get("aria-hidden"), root.get("focusable")) == ("true", "false")
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("16", "16", "0 0 24 24")
    assert root.get("stroke") == "currentColor"
    assert 1 <= len(root) <= 2 and {child.tag for child in root} == {
        f"{SVG}path"
    }  # pages stay small
    assert not list(root.iter(f"{SVG}title", f"{SVG}text")), "an icon carries no text"


def test_size_and_unknown_names() -> None:
    assert 'width="22" height="22"' in icon("cart", 22)
    with pytest.raises(KeyError):
        icon("no-such-icon")


def test_icons_change_no_role_or_name_in_the_tree() -> None:
    plain = page("<a href='/cart'>My Cart</a><button type='submit'>Search</button>")
    with_icons = page(
        f"<a href='/cart'>{icon('cart')}My Cart</a>"
        f"<button type='submit'>{icon('search')}Search</button>"
    )
    assert ax_names(with_icons) == ax_names(plain)
    assert ("link", "My Cart") in ax_names(with_icons)
    assert not [role for role, _name in ax_names(with_icons) if role == "image"]


@pytest.mark.parametrize("site", ["shop", "forum", "githost"], indirect=True)
def test_site_pages_draw_icons_that_the_tree_leaves_out(client, auth, check_page) -> None:
    auth.login()
    response = client.get("/")
    assert response.status_code == 200
    body = response.get_data()
    check_page(body)
    document = html.fromstring(body)
    icons = document.cssselect("svg.icon")
    assert icons and all(svg.get("aria-hidden") == "true" for svg in icons)
    names = [node.name for node in build_axtree(document).find("image", "", exact=False)]
    assert names == [img.get("alt") for img in document.iter("img")]
