"""The forum: a Reddit-style discussion site with forums, threaded comments and votes.

Create it with :func:`create_app`; fill its database with
:func:`webenv.sites.forum.datagen.generate`.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, g, render_template
from werkzeug.exceptions import HTTPException

from ..core import auth, clock, csrf, db, session
from . import listing, messages


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the forum application.

    Args:
        test_config: Settings overriding the defaults. Keys: ``DATABASE`` (an
            open :class:`sqlite3.Connection` or a path), ``SECRET_KEY``, ``NOW``
            (ISO timestamp of the world's today), ``SITE_URLS`` (site name to base
            URL), ``CSRF_DISABLED`` and Flask's own keys such as ``TESTING``.

    Returns:
        The configured Flask app.
    """
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY="webenv-forum-secret-key",
        DATABASE=os.path.join(app.instance_path, "forum.sqlite"),
        NOW=clock.WORLD_NOW.isoformat(),
        SITE_URLS={"shop": "http://shop.test", "forum": "http://forum.test",
                   "git": "http://git.test"},
        SITE_NAME="Agora",
        MAX_CONTENT_LENGTH=1024 * 1024,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    from .datagen import generate

    db.init_app(app, generate)
    session.init_app(app)
    auth.init_app(app, login_endpoint="account.login")
    csrf.init_app(app)
    clock.init_app(app)
    app.add_template_global(listing.url_with, "url_with")
    app.add_template_global(listing.page_window, "page_window")
    app.add_template_global(listing.submission_url, "submission_url")
    app.add_template_global(listing.user_url, "user_url")
    app.add_template_global(listing.forum_url, "forum_url")
    app.add_template_global(listing.vote_url, "vote_url")
    app.add_template_filter(listing.domain, "domain")
    app.add_template_filter(listing.plural, "plural")
    app.add_template_filter(listing.paragraphs, "paragraphs")

    from . import account, comments, forums, search, submissions, users, votes

    app.register_blueprint(forums.bp)
    app.register_blueprint(submissions.bp)
    app.register_blueprint(comments.bp)
    app.register_blueprint(votes.bp)
    app.register_blueprint(users.bp)
    app.register_blueprint(account.bp)
    app.register_blueprint(messages.bp)
    app.register_blueprint(search.bp)

    @app.context_processor
    def inject_layout() -> dict[str, Any]:
        return {
            "unread_count": messages.unread_count(g.user["id"]) if g.get("user") else 0,
            "site_urls": app.config["SITE_URLS"],
            "site_name": app.config["SITE_NAME"],
        }

    @app.errorhandler(HTTPException)
    def handle_http_error(error: HTTPException) -> tuple[str, int]:
        code = error.code or 500
        if not hasattr(g, "user"):
            g.user = None
        return render_template("forum/error.html", error=error), code

    return app
