"""The checks every help section passes (:mod:`webenv.sites.core.help`), shared by the
sites' help tests and the back office's."""

from __future__ import annotations

from collections.abc import Callable

from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.help import help_section
from webenv.sites.core.markdown import plain_text

BLOCKS = "h1, h2, h3, h4, h5, h6, p, li, pre"


def page_blocks(page: bytes | html.HtmlElement) -> list[str]:
    """The text of each block of a help page's article, whitespace collapsed."""
    tree = html.fromstring(page) if isinstance(page, bytes) else page
    article = tree.cssselect("article.help-page")[0]
    return [" ".join(node.text_content().split()) for node in article.cssselect(BLOCKS)]


def source_blocks(source: str) -> list[str]:
    """What :func:`page_blocks` finds on the page rendered from Markdown ``source``."""
    return [" ".join(text.split()) for text in plain_text(source, links=True)]


def check_help_section(client: FlaskClient, key: str, check_page: Callable[[bytes], None]) -> None:
    """Every page of ``key``'s section renders (200, the site's markup rules), shows the
    text of its Markdown, and every link in it leads to a page that answers 200 for the
    logged-in ``client``; the footer's last link is Help."""
    section = help_section(key)
    for page in section.pages:
        path = section.url_path(page)
        response = client.get(path)
        assert response.status_code == 200, path
        check_page(response.data)
        assert page_blocks(response.data) == source_blocks(page.source), path
        tree = html.fromstring(response.data)
        footer_links = tree.cssselect("footer a")
        assert footer_links[-1].text_content() == "Help"
        assert footer_links[-1].get("href") == section.path
        for link in tree.cssselect("article.help-page a"):
            target = link.get("href")
            assert target.startswith("/"), (path, target)
            answer = client.get(target)
            assert answer.status_code == 200, (path, link.text_content(), target)
