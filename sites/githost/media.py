"""Pictures served by the Git hosting: user and project avatars (``/media/…``).

Drawn from database rows with :mod:`~webenv.sites.core.images`, as GitLab shows users
without an uploaded picture (initials) and projects (an initial-letter tile).
"""

from __future__ import annotations

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from ..core import images
from ..core.db import get_db
from . import access

bp = Blueprint("media", __name__, url_prefix="/media")


def project_avatar_url(project_id: int) -> str:
    """The URL of a project's avatar."""
    return f"{request.script_root}/media/projects/{project_id}.svg"


@bp.route("/avatars/<username>.svg")
def avatar(username: str) -> Response:
    """A user's avatar: the initials of their name on their colour."""
    return images.user_avatar(username, "name")


@bp.route("/projects/<int:project_id>.svg")
def project_avatar(project_id: int) -> Response:
    """A project's avatar: the first letter of its name on its colour (visible projects only)."""
    visible, params = access.visible_clause()
    row = (
        get_db()
        .execute(
            "SELECT p.name, a.background FROM projects p"
            " LEFT JOIN project_avatars a ON a.project_id = p.id"
            f" WHERE p.id = ? AND {visible}",
            (project_id, *params),
        )
        .fetchone()
    )
    if row is None:
        abort(404, "There is no such project.")
    background = row["background"] or images.stable_choice(row["name"], images.AVATAR_COLOURS)
    return images.svg_response(images.letter_tile(row["name"], background))
