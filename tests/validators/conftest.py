"""Shared helpers for the validator tests."""

from __future__ import annotations

import json
import os
import sqlite3
import zipfile
from pathlib import Path

import lxml.html
import pytest

from webenv.validators import EvalContext

WEBARENA_WHEEL = (
    Path(__file__).resolve().parents[2]
    / ".venv"
    / "webarena"
    / "webarena_verified-1.2.3-py3-none-any.whl"
)
"""Where ``make webarena`` downloads WebArena's published configs (override with the
environment variable ``WEBENV_WEBARENA_WHEEL``)."""
_RAW_CONFIG = "webarena_verified/assets/dataset/test.raw.json"


@pytest.fixture(scope="session")
def webarena_tasks() -> list[dict]:
    """WebArena's published ``test.raw.json`` (812 tasks), read from the wheel.

    A missing wheel skips the test with the command that fetches it; with ``CI`` set it
    fails instead.
    """
    wheel = Path(os.environ.get("WEBENV_WEBARENA_WHEEL") or WEBARENA_WHEEL)
    if not wheel.is_file():
        reason = (
            f"WebArena configs missing: {wheel} does not exist; run `make webarena` "
            f"(or set WEBENV_WEBARENA_WHEEL)"
        )
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(f"!!! SKIPPED: {reason}")
    with zipfile.ZipFile(wheel) as archive:
        return json.loads(archive.read(_RAW_CONFIG))


PAGE = """
<html><head><title>Cart</title><style>td { color: red }</style></head>
<body>
  <h1>Your cart</h1>
  <table class="cart">
    <tr><th>Item</th><th>Qty</th><th>Price</th></tr>
    <tr><td class="name">Blue Mug — Large</td><td class="qty">2</td>
        <td class="price">$<span>12.50</span></td></tr>
  </table>
  <p id="total">Total: <b>$25.00</b></p>
  <form><label>Title <input name="title" value="  Hello   world "></label>
  <textarea name="body">Some body text</textarea>
  <select name="size"><option>Small</option><option selected>Large</option></select></form>
  <script>var secret = "Hidden Script";</script>
</body></html>
"""


def make_db() -> sqlite3.Connection:
    """An in-memory database shaped a little like the shop's."""
    db = sqlite3.connect(":memory:")
    db.executescript(
        """
        CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT);
        CREATE TABLE reviews (id INTEGER PRIMARY KEY, user_id INT, product TEXT, rating INT,
                              title TEXT);
        INSERT INTO users VALUES (1, 'emma.lopez'), (2, 'bob');
        INSERT INTO reviews VALUES (1, 1, 'Blue Mug', 5, 'Great  mug'),
                                   (2, 2, 'Red Mug', 3, 'ok'),
                                   (3, 1, 'Tea Pot', 4, 'Nice pot');
        """
    )
    return db


@pytest.fixture
def db() -> sqlite3.Connection:
    conn = make_db()
    yield conn
    conn.close()


@pytest.fixture
def make_context(db):
    """Build an EvalContext over the literal page and the in-memory database."""

    def build(**overrides) -> EvalContext:
        pages = {"last": PAGE, "http://shop.test/cart": PAGE}

        def fetch_page(url: str):
            if url not in pages:
                raise ConnectionError(f"404 for {url}")
            return lxml.html.fromstring(pages[url])

        def query(site: str, sql: str) -> list[tuple]:
            if site != "shop":
                raise KeyError(f"no site {site}")
            return db.execute(sql).fetchall()

        values = {
            "answer": None,
            "infeasible_reported": False,
            "url": "http://shop.test/cart",
            "fetch_page": fetch_page,
            "query": query,
            "requests": [],
            "users": {"shop": "emma.lopez", "forum": "emma_l"},
            "site_urls": {
                "__SHOP__": "http://shop.test",
                "__FORUM__": "http://forum.test",
                "__GIT__": "http://git.test",
            },
        }
        values.update(overrides)
        return EvalContext(**values)

    return build
