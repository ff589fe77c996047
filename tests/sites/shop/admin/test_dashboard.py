"""The dashboard's figures and lists agree with the data."""

from __future__ import annotations

from lxml import html

from webenv.sites.shop.pricing import format_money


def test_dashboard_figures(client, conn, staff) -> None:
    staff.login()
    response = client.get("/admin/dashboard")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    facts = dict(
        zip(
            [dt.text_content() for dt in tree.cssselect("dl.totals dt")],
            [dd.text_content() for dd in tree.cssselect("dl.totals dd")],
            strict=True,
        )
    )
    total, count = conn.execute(
        "SELECT SUM(total_cents), COUNT(*) FROM orders WHERE status != 'Canceled'"
    ).fetchone()
    assert facts["Lifetime Sales"] == format_money(total)
    assert facts["Average Order"] == format_money((total + count // 2) // count)

    def first_cells(heading: str) -> list[str]:
        section = tree.xpath(f"//section[h2[normalize-space()='{heading}']]")[0]
        return [
            row.cssselect("td")[0].text_content().strip() for row in section.cssselect("tbody tr")
        ]

    last = conn.execute(
        "SELECT u.first_name || ' ' || u.last_name FROM orders o JOIN users u ON u.id = o.user_id"
        " ORDER BY o.created_at DESC, o.id DESC LIMIT 5"
    ).fetchall()
    assert first_cells("Last Orders") == [name for (name,) in last]
    top = conn.execute(
        "SELECT query FROM search_terms ORDER BY uses DESC, query LIMIT 5"
    ).fetchall()
    assert first_cells("Top Search Terms") == [query for (query,) in top]
    best = conn.execute(
        "SELECT p.name FROM order_items oi JOIN orders o ON o.id = oi.order_id"
        " JOIN products p ON p.id = oi.product_id WHERE o.status != 'Canceled'"
        " GROUP BY p.id ORDER BY SUM(oi.quantity) DESC, p.name LIMIT 5"
    ).fetchall()
    assert first_cells("Bestsellers") == [name for (name,) in best]
    newest = conn.execute(
        "SELECT first_name || ' ' || last_name FROM users ORDER BY created_at DESC, id DESC LIMIT 5"
    ).fetchall()
    assert first_cells("New Customers") == [name for (name,) in newest]
    assert len(first_cells("Most Viewed Products")) == 5
    assert len(first_cells("Last Search Terms")) == 5
