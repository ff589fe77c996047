"""Pictures served by the forum: user avatars and image posts' pictures (``/media/…``).

Each is drawn from its database row with :mod:`~webenv.sites.core.images`; no files
are read.
"""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from ..core import images
from ..core.db import get_db

bp = Blueprint("media", __name__, url_prefix="/media")


def avatar_alt(username: str) -> str:
    """The alt text of a user's avatar."""
    return f"Avatar of {username}"


def submission_image(submission_id: int) -> sqlite3.Row | None:
    """The picture of an image post (its alt text), or None for other submissions."""
    return (
        get_db()
        .execute("SELECT alt FROM submission_images WHERE submission_id = ?", (submission_id,))
        .fetchone()
    )


def submission_image_url(submission_id: int) -> str:
    """The URL of an image post's picture."""
    return f"{request.script_root}/media/posts/{submission_id}.svg"


@bp.route("/avatars/<username>.svg")
def avatar(username: str) -> Response:
    """A user's avatar: initials on the colour stored at generation (or one from the name)."""
    return images.user_avatar(username, "username")


@bp.route("/posts/<int:submission_id>.svg")
def post_picture(submission_id: int) -> Response:
    """The picture of an image post that its author has not deleted."""
    row = (
        get_db()
        .execute(
            "SELECT i.motif, i.colour FROM submission_images i"
            " JOIN submissions s ON s.id = i.submission_id"
            " WHERE i.submission_id = ? AND s.deleted = 0",
            (submission_id,),
        )
        .fetchone()
    )
    if row is None:
        abort(404, "There is no such picture.")
    return images.svg_response(images.scene(row["motif"], row["colour"], submission_id))
