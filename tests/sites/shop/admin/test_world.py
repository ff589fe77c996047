"""The back office's generated data: the storefront's tables stay exactly as they were."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from webenv.sites.shop.datagen import generate

STOREFRONT_TABLES = json.loads((Path(__file__).parent / "storefront_tables.json").read_text())
"""Per world seed, a digest of each storefront table (schema and rows) from the generator
as it was before the back office existed (reviews: since their text is composed from the
product's attributes and they carry a nickname; their ratings, reviewers and dates did not
change)."""


def table_digests(conn: sqlite3.Connection, tables: list[str] | None = None) -> dict[str, str]:
    """A digest of each table's ``CREATE`` statement and rows, in row order."""
    digests = {}
    for name, sql in conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name"
    ).fetchall():
        if tables is not None and name not in tables:
            continue
        digest = hashlib.sha256(sql.encode() + b"\n")
        for row in conn.execute(f"SELECT * FROM {name} ORDER BY rowid"):
            digest.update(repr(tuple(row)).encode() + b"\n")
        digests[name] = digest.hexdigest()[:32]
    return digests


@pytest.mark.parametrize("seed", ["0", "1", "12345"])
def test_storefront_tables_are_unchanged(seed: str) -> None:
    conn = sqlite3.connect(":memory:")
    generate(conn, int(seed))
    expected = STOREFRONT_TABLES[seed]
    assert table_digests(conn, list(expected)) == expected


def test_back_office_tables_depend_only_on_the_seed() -> None:
    first, second, other = (sqlite3.connect(":memory:") for _ in range(3))
    generate(first, 3)
    generate(second, 3)
    generate(other, 4)
    back_office = ["staff_users", "order_status_history", "invoices", "shipments", "search_terms"]
    assert table_digests(first, back_office) == table_digests(second, back_office)
    assert table_digests(first, ["invoices"]) != table_digests(other, ["invoices"])


def test_without_the_back_office_its_tables_are_empty() -> None:
    conn = sqlite3.connect(":memory:")
    generate(conn, 0, back_office=False)
    assert conn.execute("SELECT COUNT(*) FROM staff_users").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM orders").fetchone()[0] > 500


def test_order_documents_match_their_status(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT o.status, COUNT(i.id), COUNT(s.id), COUNT(*) FROM orders o"
        " LEFT JOIN invoices i ON i.order_id = o.id LEFT JOIN shipments s ON s.order_id = o.id"
        " GROUP BY o.status"
    ).fetchall()
    by_status = {status: (invoiced, shipped, total) for status, invoiced, shipped, total in rows}
    assert by_status["Pending"][:2] == (0, 0)
    assert by_status["Canceled"][:2] == (0, 0)
    assert by_status["Processing"][0] == by_status["Processing"][2]
    assert by_status["Processing"][1] == 0
    for status in ("Shipped", "Complete"):
        invoiced, shipped, total = by_status[status]
        assert invoiced == shipped == total
    # Every order's history starts when it was placed; invoices bill the order's total.
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM orders o WHERE (SELECT MIN(created_at) FROM order_status_history"
            " h WHERE h.order_id = o.id) != o.created_at"
        ).fetchone()[0]
        == 0
    )
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM invoices i JOIN orders o ON o.id = i.order_id"
            " WHERE i.total_cents != o.total_cents OR i.created_at < o.created_at"
        ).fetchone()[0]
        == 0
    )


def test_search_terms_count_what_the_storefront_search_finds(client, conn) -> None:
    rows = conn.execute(
        "SELECT query, num_results FROM search_terms ORDER BY uses DESC LIMIT 4"
    ).fetchall()
    assert rows
    for query, found in rows:
        page = client.get("/search", query_string={"q": query}).get_data(as_text=True)
        if found:
            assert f"of {found}</p>" in page, query
        else:
            assert "result-count" not in page, query
