"""The Contact Us form (/contact) and the back office's Contact Messages."""

from __future__ import annotations

import sqlite3

from flask.testing import FlaskClient

from webenv.sites.shop.contact import THANKS

FORM = {
    "name": "Ada Quill",
    "email": "ada@example.com",
    "telephone": "555-0100",
    "comment": "Do you sell replacement lids?",
}


def _messages(conn: sqlite3.Connection) -> list[tuple]:
    return [
        tuple(row)
        for row in conn.execute(
            "SELECT user_id, name, email, telephone, comment FROM contact_messages ORDER BY id"
        )
    ]


def test_footer_links_the_contact_and_cms_pages(client: FlaskClient, check_page) -> None:
    home = client.get("/").get_data(as_text=True)
    footer = home[home.index("<footer") :]
    for href in ('href="/about-us"', 'href="/privacy-policy"', 'href="/contact"'):
        assert href in footer
    for url in ("/about-us", "/privacy-policy", "/contact"):
        response = client.get(url)
        assert response.status_code == 200, url
        check_page(response.data)


def test_guest_sends_a_message(client: FlaskClient, conn, post) -> None:
    before = _messages(conn)
    page = client.get("/contact").get_data(as_text=True)
    assert "Write Us" in page and "What's on your mind?" in page
    response = post("/contact/index/post", FORM)
    assert response.status_code == 302
    assert response.headers["Location"] == "/contact"
    assert THANKS.split(" We")[0] in client.get("/contact").get_data(as_text=True)
    assert _messages(conn) == [*before, (None, *FORM.values())]
    assert (
        conn.execute("SELECT created_at FROM contact_messages ORDER BY id DESC LIMIT 1")
        .fetchone()[0]
        .startswith("2024-06-15")
    )


def test_logged_in_customer_gets_name_and_email_filled_in(
    client: FlaskClient, conn, auth, post
) -> None:
    auth.login()
    page = client.get("/contact").get_data(as_text=True)
    email = conn.execute("SELECT email FROM users WHERE id = 1").fetchone()[0]
    assert 'value="Emma Lopez"' in page and f'value="{email}"' in page
    post("/contact/index/post", {**FORM, "name": "Emma Lopez", "email": email, "telephone": ""})
    assert _messages(conn)[-1] == (1, "Emma Lopez", email, "", FORM["comment"])


def test_bad_form_is_shown_again_and_writes_nothing(
    client: FlaskClient, conn, post, check_page
) -> None:
    before = _messages(conn)
    for change, field, message in (
        ({"name": " "}, "name", "Name is required."),
        ({"email": "not-an-address"}, "email", "Email must be an address"),
        ({"comment": ""}, "comment", "What&#39;s on your mind? is required."),
        ({"comment": "x" * 5001}, "comment", "at most 5,000 characters"),
    ):
        response = post("/contact/index/post", {**FORM, **change})
        assert response.status_code == 400, field
        body = response.get_data(as_text=True)
        assert message in body, field
        assert f'id="{field}-error"' in body
        check_page(response.data)
    missing = post("/contact/index/post", {"name": "Ada"})
    assert missing.status_code == 400
    assert _messages(conn) == before


def test_post_without_csrf_token_is_refused(client: FlaskClient, conn) -> None:
    before = _messages(conn)
    assert client.post("/contact/index/post", data=FORM).status_code == 400
    assert _messages(conn) == before


def test_staff_read_messages_newest_first(
    client: FlaskClient, conn, staff, post, check_page
) -> None:
    post("/contact/index/post", {**FORM, "comment": "Where is my parcel, please?"})
    staff.login()
    grid = client.get("/admin/customers/contact-messages")
    assert grid.status_code == 200
    check_page(grid.data)
    text = grid.get_data(as_text=True)
    count = conn.execute("SELECT COUNT(*) FROM contact_messages").fetchone()[0]
    assert count >= 10
    assert f"{count} records found" in text
    newest = conn.execute("SELECT MAX(id) FROM contact_messages").fetchone()[0]
    assert text.index("Where is my parcel, please?") < text.index("</tbody>")
    assert f"/admin/customers/contact-messages/{newest}" in text
    found = client.get("/admin/customers/contact-messages?search=parcel+please")
    assert "1 records found" in found.get_data(as_text=True)
    view = client.get(f"/admin/customers/contact-messages/{newest}")
    assert view.status_code == 200
    check_page(view.data)
    body = view.get_data(as_text=True)
    assert "Ada Quill" in body and "Guest" in body and "555-0100" in body
    assert client.get("/admin/customers/contact-messages/999999").status_code == 404
    customers = client.get("/admin/customers").get_data(as_text=True)
    assert 'href="/admin/customers/contact-messages"' in customers


def test_customer_message_links_to_the_account(client: FlaskClient, conn, staff) -> None:
    message_id, user_id = conn.execute(
        "SELECT id, user_id FROM contact_messages WHERE user_id IS NOT NULL LIMIT 1"
    ).fetchone()
    staff.login()
    body = client.get(f"/admin/customers/contact-messages/{message_id}").get_data(as_text=True)
    assert f'href="/admin/customers/{user_id}"' in body


def test_catalog_managers_cannot_read_messages(client: FlaskClient, staff) -> None:
    staff.login("sam.patel")
    assert client.get("/admin/customers/contact-messages").status_code == 403
    assert client.get("/admin/customers/contact-messages/1").status_code == 403


def test_guests_cannot_open_the_messages_grid(client: FlaskClient) -> None:
    response = client.get("/admin/customers/contact-messages")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/admin")
