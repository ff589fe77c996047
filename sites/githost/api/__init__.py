"""The Git host's GitLab-v4-style REST API under ``/api/v4``.

Authentication: the site's session cookie (the signed-in user of the web UI), or a
personal access token (user settings) in a ``PRIVATE-TOKEN`` header, a
``private_token`` query parameter or ``Authorization: Bearer``. Without either, the
API answers as an anonymous visitor (public projects only). A ``read_api`` token
cannot write. Writes send a JSON body (``Content-Type: application/json``) and go
through the same functions and permission checks as the site's forms. Lists are
paginated with ``page`` and ``per_page`` and GitLab's ``X-Total``/``Link`` headers.
The endpoints are listed in ``docs/api.md``.
"""

from __future__ import annotations

from . import people, projects, tracker  # noqa: F401 - their routes register on bp
from .base import bp

__all__ = ["bp"]
