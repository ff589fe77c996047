"""The back office's help pages (``/admin/help``): rendered from their Markdown, linked
from every back-office footer, with no broken links for an administrator."""

from __future__ import annotations

from flask.testing import FlaskClient
from lxml import html

from tests.sites.help_checks import check_help_section


def test_every_back_office_help_page_renders_and_its_links_work(
    client: FlaskClient, staff, check_page
) -> None:
    staff.login()
    check_help_section(client, "shop_admin", check_page)


def test_back_office_help_is_open_before_sign_in_and_shows_no_storefront_header(
    client: FlaskClient,
) -> None:
    response = client.get("/admin/help")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert not tree.cssselect("nav[aria-label=Categories]")  # the storefront's menu
    links = tree.cssselect("a")
    assert links[-1].text_content() == "Help" and links[-1].get("href") == "/admin/help"
    assert client.get("/admin/help/no-such-topic").status_code == 404
