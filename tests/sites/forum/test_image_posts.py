"""Creating image posts: uploading a picture file, or reusing one of one's own pictures."""

from __future__ import annotations

import io
import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from tests.pictures import png_bytes
from tests.sites.conftest import SITES, csrf_token
from webenv.sites.core import images
from webenv.sites.forum import media

JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
GIF = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,"
SVG = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n<!-- a red square -->\n'
    b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    b'<rect width="10" height="10" fill="red"/></svg>'
)


def counts(conn: sqlite3.Connection) -> tuple[int, int, int]:
    return tuple(
        conn.execute(
            "SELECT (SELECT COUNT(*) FROM submissions), (SELECT COUNT(*) FROM submission_images),"
            " (SELECT COUNT(*) FROM uploads)"
        ).fetchone()
    )


def newest(conn: sqlite3.Connection) -> sqlite3.Row:
    conn.row_factory = sqlite3.Row
    return conn.execute(
        "SELECT s.*, i.motif, i.colour, i.alt, i.variant, i.upload_id, u.content_type, u.data,"
        " u.user_id AS uploader FROM submissions s JOIN submission_images i"
        " ON i.submission_id = s.id LEFT JOIN uploads u ON u.id = i.upload_id"
        " ORDER BY s.id DESC LIMIT 1"
    ).fetchone()


def multipart_post(client: FlaskClient, url: str, form: dict, token: str | None = None):
    """POST ``form`` (file fields as :class:`FileStorage`) as a browser sends a
    ``multipart/form-data`` form, with the session's CSRF token unless ``token`` is given.

    The body is encoded in memory: the test client would spool a large one to a temporary
    file it never closes."""
    fields = {"csrf_token": csrf_token(client, SITES["forum"]) if token is None else token}
    boundary, body = encode_multipart({**fields, **form})
    return client.post(url, data=body, content_type=f"multipart/form-data; boundary={boundary}")


def upload(client: FlaskClient, data: bytes, filename: str = "picture.png", **fields: str):
    """Submit the submit form with an uploaded file (a book post titled "My reading nook")."""
    form = {"forum": "books", "title": "My reading nook", "body": "", **fields}
    form["image"] = FileStorage(io.BytesIO(data), filename, content_type="application/octet-stream")
    return multipart_post(client, "/submit", form)


def shown_picture(client: FlaskClient, location: str) -> html.HtmlElement:
    page = client.get(location)
    assert page.status_code == 200
    (picture,) = html.fromstring(page.data).cssselect(".submission-full img.post-picture")
    return picture


@pytest.mark.parametrize(
    ("data", "content_type", "extension"),
    [
        (png_bytes(), "image/png", "png"),
        (JPEG, "image/jpeg", "jpg"),
        (GIF, "image/gif", "gif"),
        (SVG, "image/svg+xml", "svg"),
    ],
    ids=["png", "jpeg", "gif", "svg"],
)
def test_upload_an_image_post(
    client: FlaskClient,
    auth,
    post,
    conn: sqlite3.Connection,
    check_page,
    page_images,
    data: bytes,
    content_type: str,
    extension: str,
) -> None:
    auth.login()
    before = counts(conn)
    response = upload(client, data, filename="upload.bin", body="Where I read on Sundays.")
    assert response.status_code == 302
    assert counts(conn) == (before[0] + 1, before[1] + 1, before[2] + 1)
    row = newest(conn)
    assert (row["title"], row["kind"], row["url"], row["body"], row["user_id"]) == (
        "My reading nook",
        "text",
        "",
        "Where I read on Sundays.",
        1,
    )
    assert (row["motif"], row["colour"], row["variant"]) == (None, None, None)
    assert (row["content_type"], row["data"], row["uploader"]) == (content_type, data, 1)
    assert row["alt"] == 'Picture for "My reading nook"'
    assert response.headers["Location"] == f"/f/books/{row['id']}/my-reading-nook"

    page = client.get(response.headers["Location"])
    check_page(page.data)
    assert 'Picture for "My reading nook"' in page_images(page.data)
    picture = shown_picture(client, response.headers["Location"])
    assert picture.get("src") == f"/media/posts/{row['id']}.{extension}"
    served = client.get(picture.get("src"))
    assert served.status_code == 200
    assert served.mimetype == content_type and served.data == data
    assert served.headers["Content-Security-Policy"] == media.UPLOAD_POLICY
    assert served.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get(f"/media/posts/{row['id']}.gifx").status_code == 404
    other = "svg" if extension != "svg" else "png"
    assert client.get(f"/media/posts/{row['id']}.{other}").status_code == 404
    # the listing shows it too
    listing = html.fromstring(client.get("/f/books?sort=new").data)
    first = listing.cssselect("ol.submission-list > li")[0]
    (thumbnail,) = first.cssselect("img.post-picture")
    assert thumbnail.get("alt") == 'Picture for "My reading nook"'
    assert thumbnail.get("src") == picture.get("src")


def test_the_type_comes_from_the_bytes_not_the_file_name(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    assert upload(client, png_bytes(), filename="holiday.gif").status_code == 302
    assert newest(conn)["content_type"] == "image/png"
    before = counts(conn)
    response = upload(client, b"#!/bin/sh\necho not a picture\n", filename="photo.png")
    assert response.status_code == 400
    assert counts(conn) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"plain text, not a picture", "The file is not a PNG, JPEG, GIF or SVG image."),
        (b"", "The uploaded file is empty."),
        (b"<html><body>hello</body></html>", "The file is not a PNG, JPEG, GIF or SVG image."),
        (
            b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>',
            "The file is not a PNG, JPEG, GIF or SVG image.",
        ),
        (b"<svg" + b"\x00" * 20, "The file is not a PNG, JPEG, GIF or SVG image."),
        (
            b"\x89PNG\r\n\x1a\n" + b"\x00" * media.IMAGE_LIMIT,
            "The image must be at most 512 KB.",
        ),
    ],
    ids=["text", "empty", "html", "svg-entities", "svg-binary", "too-large"],
)
def test_a_bad_file_rerenders_the_form_and_writes_nothing(
    client: FlaskClient,
    auth,
    post,
    conn: sqlite3.Connection,
    check_page,
    data: bytes,
    message: str,
) -> None:
    auth.login()
    before = counts(conn)
    response = upload(client, data)
    assert response.status_code == 400
    check_page(response.data)
    tree = html.fromstring(response.data)
    assert tree.get_element_by_id("image-error").text_content() == message
    assert tree.get_element_by_id("image").get("aria-invalid") == "true"
    assert tree.get_element_by_id("title").get("value") == "My reading nook"
    assert counts(conn) == before


def test_an_image_post_has_no_url(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    before = counts(conn)
    response = upload(client, png_bytes(), url="https://example.com/nook")
    assert response.status_code == 400
    assert b"An image post has no URL" in response.data
    assert counts(conn) == before


def test_a_request_over_the_size_limit_writes_nothing(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    before = counts(conn)
    huge = b"\x89PNG\r\n\x1a\n" + b"\x00" * 1024 * 1024  # over the site's 1 MB request limit
    assert upload(client, huge).status_code == 413
    assert counts(conn) == before


def test_an_upload_needs_the_form_token_and_a_login(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    before = counts(conn)
    response = upload(client, png_bytes())
    assert response.status_code == 302 and response.headers["Location"].startswith("/login")
    auth.login()
    response = multipart_post(
        client,
        "/submit",
        {
            "forum": "books",
            "title": "Forged",
            "image": FileStorage(io.BytesIO(png_bytes()), "a.png"),
        },
        token="",
    )
    assert response.status_code == 400
    assert counts(conn) == before


def test_a_plain_text_post_from_the_multipart_form_has_no_picture(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    """A browser sends an empty file part when no file was chosen."""
    auth.login()
    before = counts(conn)
    response = upload(client, b"", filename="", title="Just words", body="No picture here.")
    assert response.status_code == 302
    assert counts(conn) == (before[0] + 1, before[1], before[2])


def your_pictures(conn: sqlite3.Connection, user_id: int = 1) -> list[tuple]:
    return [
        tuple(row)
        for row in conn.execute(
            "SELECT i.submission_id, i.alt, i.motif, i.colour, i.variant FROM submission_images i"
            " JOIN submissions s ON s.id = i.submission_id WHERE s.user_id = ? AND s.deleted = 0"
            " ORDER BY i.submission_id DESC",
            (user_id,),
        )
    ]


def test_the_submit_form_offers_your_own_pictures(
    client: FlaskClient, auth, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    response = client.get("/submit")
    check_page(response.data)
    tree = html.fromstring(response.data)
    form = tree.cssselect("form.narrow-form")[0]
    assert form.get("enctype") == "multipart/form-data"
    file_input = tree.get_element_by_id("image")
    assert file_input.get("type") == "file" and file_input.get("name") == "image"
    options = [
        (o.get("value"), o.text_content())
        for o in tree.get_element_by_id("reuse_image").cssselect("option")
    ]
    mine = your_pictures(conn)
    assert len(mine) >= 2
    assert options == [("", "No image")] + [(str(pid), alt) for pid, alt, *_ in mine]


def test_a_user_without_pictures_sees_only_the_upload(
    client: FlaskClient, auth, conn: sqlite3.Connection
) -> None:
    username = conn.execute(
        "SELECT username FROM users u WHERE NOT EXISTS (SELECT 1 FROM submissions s"
        " JOIN submission_images i ON i.submission_id = s.id WHERE s.user_id = u.id)"
        " ORDER BY id LIMIT 1"
    ).fetchone()[0]
    auth.login(username)
    tree = html.fromstring(client.get("/submit").data)
    assert tree.get_element_by_id("image").get("type") == "file"
    assert not tree.cssselect("#reuse_image")


def test_reuse_one_of_your_pictures(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    source_id, _alt, motif, colour, variant = your_pictures(conn)[0]
    before = counts(conn)
    response = post(
        "/submit",
        {"forum": "photography", "title": "Same picture, new thread", "reuse_image": source_id},
    )
    assert response.status_code == 302
    assert counts(conn) == (before[0] + 1, before[1] + 1, before[2])
    row = newest(conn)
    assert (row["motif"], row["colour"], row["variant"], row["upload_id"]) == (
        motif,
        colour,
        variant,
        None,
    )
    assert row["alt"] == media.image_alt(motif, colour, "Same picture, new thread")
    check_page(client.get(response.headers["Location"]).data)
    picture = shown_picture(client, response.headers["Location"])
    assert picture.get("alt") == row["alt"]
    served = client.get(picture.get("src")).data
    assert served == client.get(f"/media/posts/{source_id}.svg").data
    assert served == images.scene(motif, colour, variant)
    # the reused picture is offered once, not twice
    options = html.fromstring(client.get("/submit").data).cssselect("#reuse_image option")
    assert len(options) == 1 + len(your_pictures(conn)) - 1


def test_reuse_an_uploaded_picture_shares_the_file(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    upload(client, JPEG, title="Original upload")
    first = newest(conn)
    response = post(
        "/submit", {"forum": "coffee", "title": "Second use", "reuse_image": first["id"]}
    )
    assert response.status_code == 302
    second = newest(conn)
    assert second["upload_id"] == first["upload_id"] and second["alt"] == 'Picture for "Second use"'
    assert conn.execute("SELECT COUNT(*) FROM uploads").fetchone()[0] == 1
    assert client.get(f"/media/posts/{second['id']}.jpg").data == JPEG


@pytest.mark.parametrize("choice", ["other", "deleted", "text", "junk", "-1", "9" * 13])
def test_only_your_own_pictures_can_be_reused(
    client: FlaskClient, auth, post, conn: sqlite3.Connection, choice: str
) -> None:
    auth.login()
    values = {
        "other": "SELECT i.submission_id FROM submission_images i JOIN submissions s"
        " ON s.id = i.submission_id WHERE s.user_id != 1 AND s.deleted = 0 LIMIT 1",
        "deleted": "SELECT i.submission_id FROM submission_images i JOIN submissions s"
        " ON s.id = i.submission_id WHERE s.deleted = 1 LIMIT 1",
        "text": "SELECT id FROM submissions s WHERE user_id = 1 AND NOT EXISTS"
        " (SELECT 1 FROM submission_images i WHERE i.submission_id = s.id) LIMIT 1",
    }
    reuse = str(conn.execute(values[choice]).fetchone()[0]) if choice in values else choice
    before = counts(conn)
    response = post("/submit", {"forum": "books", "title": "Borrowed", "reuse_image": reuse})
    assert response.status_code == 400
    assert b"Choose one of your own images." in response.data
    assert counts(conn) == before


def test_upload_and_reuse_together_are_refused(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    before = counts(conn)
    response = upload(client, png_bytes(), reuse_image=str(your_pictures(conn)[0][0]))
    assert response.status_code == 400
    assert b"Upload an image or choose one of your images, not both." in response.data
    assert counts(conn) == before


def test_renaming_an_image_post_renames_its_picture(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    upload(client, GIF, title="Before")
    row = newest(conn)
    response = post(f"/f/books/{row['id']}/edit", {"title": "After", "body": ""})
    assert response.status_code == 302
    assert newest(conn)["alt"] == 'Picture for "After"'
    assert shown_picture(client, response.headers["Location"]).get("alt") == 'Picture for "After"'


def test_a_deleted_posts_upload_is_no_longer_served(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    upload(client, png_bytes())
    row = newest(conn)
    assert client.get(f"/media/posts/{row['id']}.png").status_code == 200
    post(f"/f/books/{row['id']}/delete")
    assert client.get(f"/media/posts/{row['id']}.png").status_code == 404


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (png_bytes(), "image/png"),
        (JPEG, "image/jpeg"),
        (b"GIF87a...", "image/gif"),
        (SVG, "image/svg+xml"),
        (b'\xef\xbb\xbf  <svg viewBox="0 0 1 1"></svg>', "image/svg+xml"),
        (b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><svg>', "image/svg+xml"),
        (b"GIF90a", None),
        (b"\x89PNG", None),
        (b"<svgfoo>", None),
        (b"<p><svg></svg></p>", None),
        (b"BM\x00\x00", None),
    ],
    ids=[
        "png",
        "jpeg",
        "gif87",
        "svg",
        "svg-bom",
        "svg-doctype",
        "gif90",
        "png-short",
        "svgfoo",
        "html",
        "bmp",
    ],
)
def test_sniff_image(data: bytes, expected: str | None) -> None:
    assert media.sniff_image(data) == expected
