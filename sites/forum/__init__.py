"""The forum: a Reddit-style discussion site with forums, threaded comments and votes.

Create it with :func:`create_app`; fill its database with
:func:`webenv.sites.forum.datagen.generate`. Its JSON API is :mod:`.api` (``/api/``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g

from .. import SITES
from ..core import markdown
from ..core.app import create_site_app
from ..core.help import help_blueprint
from . import listing, messages
from .layout import forum_footer, forum_header


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the forum application.

    Args:
        test_config: Settings overriding the defaults; see
            :func:`~webenv.sites.core.app.create_site_app`.

    Returns:
        The configured Flask app.
    """
    from . import account, api, comments, forums, media, search, submissions, users, votes
    from .datagen import generate

    def layout() -> dict[str, Any]:
        return {"unread_count": messages.unread_count(g.user["id"]) if g.get("user") else 0}

    app = create_site_app(
        __name__,
        site="forum",
        site_name=SITES["forum"].title,
        test_config=test_config,
        generate=generate,
        blueprints=[
            forums.bp,
            submissions.bp,
            comments.bp,
            votes.bp,
            users.bp,
            account.bp,
            messages.bp,
            search.bp,
            api.bp,
            media.bp,
            help_blueprint("forum", "forum/base.html"),
        ],
        login_endpoint="account.login",
        home_endpoint="forums.front",
        layout=layout,
        filters={
            "domain": listing.domain,
            "plural": listing.plural,
            "paragraphs": listing.paragraphs,
            "markdown": markdown.render,
        },
        template_globals={
            "submission_url": listing.submission_url,
            "user_url": listing.user_url,
            "forum_url": listing.forum_url,
            "vote_url": listing.vote_url,
            "vote_form": listing.vote_form,
            "avatar": listing.avatar,
            "age": listing.age,
            "submission_list": listing.submission_list,
            "comment_summary": listing.comment_summary,
            "submission_image": media.submission_image,
            "submission_image_url": media.submission_image_url,
            "forum_header": forum_header,
            "forum_footer": forum_footer,
        },
    )
    return app
