"""Query arguments that collide with ``url_for``'s options or a page's path arguments.

Pages copy the query into their pagination and sort links (``url_with``) and some
redirects keep it; ``?_scheme=javascript&_external=1`` must not make a link or a
redirect leave the site, and ``?name=x`` on ``/f/<name>`` must not give a 500.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.core.urls import parse_url

ALL_SITES = ["shop", "forum", "githost"]
HOSTILE_QUERY = {
    "_external": "1",
    "_scheme": "javascript",
    "_anchor": "x",
    "_method": "POST",
    "name": "x",
    "slug": "y",
    "submission_id": "3",
    "namespace": "n",
    "project": "p",
    "rest": "r",
    "endpoint": "e",
    "values": "v",
    "page": "1",
}
PAGES = {
    "shop": ["/", "/search?q=mug", "/category/kitchen", "/product/ember-porcelain-coffee-mug"],
    "forum": [
        "/",
        "/f/denver",
        "/f/DENVER",
        "/f/denver/1/wrong-slug",
        "/f/denver/1",
        "/forums",
        "/search?q=the",
        "/user/mark.wilson",
    ],
    "githost": [
        "/explore",
        "/northwind/falcon-proxy",
        "/northwind/falcon-proxy/-/issues",
        "/northwind/falcon-proxy/-/merge_requests",
        "/northwind/falcon-proxy/-/commits/main",
        "/search?search=proxy",
    ],
}


@pytest.mark.parametrize("site", ALL_SITES, indirect=True)
def test_hostile_query_arguments_never_give_a_500_or_a_foreign_link(
    site, client: FlaskClient
) -> None:
    for page in PAGES[site.name]:
        separator = "&" if "?" in page else "?"
        query = "&".join(f"{key}={value}" for key, value in HOSTILE_QUERY.items())
        for key in [None, *HOSTILE_QUERY]:  # all at once, then one at a time
            url = (
                f"{page}{separator}{query}"
                if key is None
                else f"{page}{separator}{key}={HOSTILE_QUERY[key]}"
            )
            response = client.get(url)
            assert response.status_code < 500, url
            targets = [response.headers.get("Location")]
            if response.mimetype == "text/html":
                targets += html.fromstring(response.data).xpath("//a/@href | //form/@action")
            for target in filter(None, targets):
                parsed = parse_url(target, "http://localhost/")
                assert parsed is not None and parsed.scheme == "http", (url, target)
                assert parsed.origin in (
                    "http://localhost",
                    *(u for u in ("http://shop.test", "http://forum.test", "http://git.test")),
                ), (url, target)
