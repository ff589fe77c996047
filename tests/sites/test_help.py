"""The sites' help pages (``/help``): rendered from their Markdown, linked from every
page's footer, with no broken links."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from lxml import html

from tests.sites.help_checks import check_help_section
from webenv.sites.core.help import help_section
from webenv.sites.core.markdown import plain_text, render

SITE_NAMES = ["shop", "forum", "githost"]


@pytest.mark.parametrize("site", SITE_NAMES, indirect=True)
def test_every_help_page_renders_its_markdown_and_its_links_work(
    site, client: FlaskClient, auth, check_page
) -> None:
    auth.login()
    check_help_section(client, site.name, check_page)


@pytest.mark.parametrize("site", SITE_NAMES, indirect=True)
def test_help_is_the_last_link_of_the_home_page_anonymous_or_not(
    site, client: FlaskClient, auth
) -> None:
    for _ in range(2):
        links = html.fromstring(client.get("/").data).cssselect("a")
        assert links[-1].text_content() == "Help" and links[-1].get("href") == "/help"
        auth.login()


@pytest.mark.parametrize("site", SITE_NAMES, indirect=True)
def test_help_index_links_every_topic_and_unknown_topics_are_not_found(
    site, client: FlaskClient
) -> None:
    section = help_section(site.name)
    index = client.get("/help").data
    targets = [a.get("href") for a in html.fromstring(index).cssselect("article a")]
    assert [section.url_path(page) for page in section.pages[1:]] == [
        target for target in dict.fromkeys(targets) if target.startswith("/help/")
    ]
    assert client.get("/help/no-such-topic").status_code == 404
    assert client.get("/help/index").status_code == 404


def test_help_markdown_links_only_same_site_paths_and_its_text_is_what_the_page_shows():
    source = (
        "# T\n\n- [Orders](/account/orders) and **My Cart**\n"
        "- [x](javascript:alert(1)) [y](//evil.example/) [z](http://a.test/)\n\nA\nb `c`"
    )
    out = str(render(source, 0, links=True))
    assert '<a href="/account/orders">Orders</a> and <strong>My Cart</strong>' in out
    assert out.count("<a ") == 1 and "javascript" in out  # left as text
    assert "<a " not in str(render(source, 0))  # user content never gets links
    assert plain_text(source, links=True) == [
        "T",
        "Orders and My Cart",
        "[x](javascript:alert(1)) [y](//evil.example/) [z](http://a.test/)",
        "A b c",
    ]
