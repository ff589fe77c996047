"""Pictures served by the forum: user avatars and image posts' pictures (``/media/…``).

Avatars and generated image posts are drawn from their database rows with
:mod:`~webenv.sites.core.images`. An image post's picture can also be a file its author
uploaded (stored in ``uploads``, its type sniffed from its bytes) or one of the author's
earlier pictures reused (:func:`read_picture`). No files are read from disk.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from flask import Blueprint, abort, g, request
from werkzeug.datastructures import FileStorage
from werkzeug.wrappers import Response

from ..core import images
from ..core.clock import now_text
from ..core.db import get_db

bp = Blueprint("media", __name__, url_prefix="/media")

IMAGE_TYPES: dict[str, str] = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/svg+xml": "svg",
}
"""The picture types an image post may upload, with the extension of their URL."""

DRAWN_TYPE = "image/svg+xml"
"""The type of a picture the site drew (a post's picture with no upload)."""


def image_type_sql(uploads: str) -> str:
    """The SQL expression of a post picture's type, given the alias of its joined (maybe
    NULL) ``uploads`` row."""
    return f"COALESCE({uploads}.content_type, '{DRAWN_TYPE}')"


IMAGE_LIMIT = 512 * 1024
"""The largest picture file accepted, in bytes: under the site's 1 MB request limit, and
small because every saved env state copies the database."""

UPLOAD_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
"""``Content-Security-Policy`` of an uploaded picture: an SVG opened on its own runs nothing."""

_SVG_START = re.compile(
    rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,2000}?-->\s*)*"
    rb"(?:<!DOCTYPE svg[^>\[]{0,300}>\s*)?(?:<!--.{0,2000}?-->\s*)*<svg[\s>]",
    re.DOTALL,
)
"""The start of an SVG document: an XML declaration, comments and a DOCTYPE without an
internal subset (so no entity definitions) may come before the ``<svg>`` element."""


def sniff_image(data: bytes) -> str | None:
    """The content type of picture file ``data``, read from its first bytes (its magic
    number; the ``<svg>`` element for SVG), or None if it is not a PNG, JPEG, GIF or SVG."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if _SVG_START.match(data[:8192]) and b"<!ENTITY" not in data:
        return "image/svg+xml"
    return None


def avatar_alt(username: str) -> str:
    """The alt text of a user's avatar."""
    return f"Avatar of {username}"


def image_alt(motif: str | None, colour: str | None, title: str) -> str:
    """The alt text of an image post's picture: what a drawn one shows, and the post's title
    (an uploaded picture, with no motif or colour, is named by the title alone)."""
    if motif is None or colour is None:
        return f'Picture for "{title}"'
    return f'Picture of a {colour.lower()} {motif} for "{title}"'


def submission_image(submission_id: int) -> sqlite3.Row | None:
    """The picture of an image post (its ``alt`` and ``content_type``), or None for other
    submissions."""
    return (
        get_db()
        .execute(
            f"SELECT i.alt, {image_type_sql('u')} AS content_type"
            " FROM submission_images i LEFT JOIN uploads u ON u.id = i.upload_id"
            " WHERE i.submission_id = ?",
            (submission_id,),
        )
        .fetchone()
    )


def submission_image_url(submission_id: int, content_type: str = DRAWN_TYPE) -> str:
    """The URL of an image post's picture (its extension names its type)."""
    return f"{request.script_root}/media/posts/{submission_id}.{IMAGE_TYPES[content_type]}"


@dataclass(frozen=True)
class Picture:
    """The picture a new image post gets (:func:`read_picture`): an upload or a reuse.

    Attributes:
        content_type: An uploaded file's sniffed type (a key of :data:`IMAGE_TYPES`).
        data: An uploaded file's bytes.
        source: A reused picture: the author's ``submission_images`` row it copies.
    """

    content_type: str = ""
    data: bytes = b""
    source: sqlite3.Row | None = None


def your_images() -> list[sqlite3.Row]:
    """The logged-in user's distinct pictures they may reuse: (``submission_id`` of the
    first post that shows each, its ``alt``), newest first."""
    return (
        get_db()
        .execute(
            "SELECT MIN(i.submission_id) AS submission_id, i.alt FROM submission_images i"
            " JOIN submissions s ON s.id = i.submission_id WHERE s.user_id = ? AND s.deleted = 0"
            " GROUP BY i.motif, i.colour, i.variant, i.upload_id ORDER BY 1 DESC",
            (g.user["id"],),
        )
        .fetchall()
    )


def _read_upload(upload: FileStorage, errors: dict[str, str]) -> Picture | None:
    data = upload.stream.read(IMAGE_LIMIT + 1)
    if len(data) > IMAGE_LIMIT:
        errors["image"] = f"The image must be at most {IMAGE_LIMIT // 1024} KB."
        return None
    if not data:
        errors["image"] = "The uploaded file is empty."
        return None
    content_type = sniff_image(data)
    if content_type is None:
        errors["image"] = "The file is not a PNG, JPEG, GIF or SVG image."
        return None
    return Picture(content_type=content_type, data=data)


def read_picture(
    form: Mapping[str, str], files: Mapping[str, FileStorage] | None, errors: dict[str, str]
) -> Picture | None:
    """The picture the submit form asks for: an uploaded ``image`` file or the
    ``reuse_image`` (the id of one of the user's image posts), recording a problem in
    ``errors``; None when it asks for none (or on a problem).
    """
    upload = (files or {}).get("image")
    reuse = form.get("reuse_image", "").strip()
    if upload is not None and upload.filename and reuse:
        errors["image"] = "Upload an image or choose one of your images, not both."
        return None
    if upload is not None and upload.filename:
        return _read_upload(upload, errors)
    if not reuse:
        return None
    source = None
    if reuse.isascii() and reuse.isdigit() and len(reuse) <= 12:
        source = (
            get_db()
            .execute(
                "SELECT i.* FROM submission_images i JOIN submissions s ON s.id = i.submission_id"
                " WHERE i.submission_id = ? AND s.user_id = ? AND s.deleted = 0",
                (int(reuse), g.user["id"]),
            )
            .fetchone()
        )
    if source is None:
        errors["reuse_image"] = "Choose one of your own images."
        return None
    return Picture(source=source)


def attach_picture(submission_id: int, title: str, picture: Picture) -> None:
    """Give submission ``submission_id`` (titled ``title``) its picture; the caller commits."""
    db = get_db()
    if picture.source is None:
        cursor = db.execute(
            "INSERT INTO uploads (user_id, content_type, data, created_at) VALUES (?, ?, ?, ?)",
            (g.user["id"], picture.content_type, picture.data, now_text()),
        )
        row: tuple = (None, None, image_alt(None, None, title), None, cursor.lastrowid)
    else:
        source = picture.source
        alt = image_alt(source["motif"], source["colour"], title)
        row = (source["motif"], source["colour"], alt, source["variant"], source["upload_id"])
    db.execute(
        "INSERT INTO submission_images (submission_id, motif, colour, alt, variant, upload_id)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (submission_id, *row),
    )


def retitle_picture(submission_id: int, title: str) -> None:
    """Rename an image post's picture after its title changed; the caller commits."""
    db = get_db()
    row = db.execute(
        "SELECT motif, colour FROM submission_images WHERE submission_id = ?", (submission_id,)
    ).fetchone()
    if row is not None:
        db.execute(
            "UPDATE submission_images SET alt = ? WHERE submission_id = ?",
            (image_alt(row["motif"], row["colour"], title), submission_id),
        )


@bp.route("/avatars/<username>.svg")
def avatar(username: str) -> Response:
    """A user's avatar: initials on the colour stored at generation (or one from the name)."""
    return images.user_avatar(username, "username")


@bp.route("/posts/<int:submission_id>.<extension>")
def post_picture(submission_id: int, extension: str) -> Response:
    """The picture of an image post that its author has not deleted: drawn (``.svg``) or
    the uploaded file (the extension of its type)."""
    row = (
        get_db()
        .execute(
            "SELECT i.motif, i.colour, i.variant, u.content_type, u.data"
            " FROM submission_images i JOIN submissions s ON s.id = i.submission_id"
            " LEFT JOIN uploads u ON u.id = i.upload_id"
            " WHERE i.submission_id = ? AND s.deleted = 0",
            (submission_id,),
        )
        .fetchone()
    )
    if row is None or IMAGE_TYPES[row["content_type"] or DRAWN_TYPE] != extension:
        abort(404, "There is no such picture.")
    if row["content_type"] is None:
        return images.svg_response(images.scene(row["motif"], row["colour"], row["variant"]))
    response = images.image_response(row["data"], row["content_type"])
    response.headers["Content-Security-Policy"] = UPLOAD_POLICY
    return response
