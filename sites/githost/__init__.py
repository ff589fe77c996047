"""The Git-hosting site: projects, repositories, issues, merge requests and members.

A GitLab-style service. Create it with :func:`create_app`; fill its database with
:func:`webenv.sites.githost.datagen.generate`.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask, g, render_template
from werkzeug.exceptions import HTTPException

from ..core import auth, clock, csrf, db, session
from . import access, listing, markdown


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the Git-hosting application.

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
        SECRET_KEY="webenv-githost-secret-key",
        DATABASE=os.path.join(app.instance_path, "githost.sqlite"),
        NOW=clock.WORLD_NOW.isoformat(),
        SITE_URLS={"shop": "http://shop.test", "forum": "http://forum.test",
                   "githost": "http://git.test"},
        SITE_NAME="GitHost",
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    from .datagen import generate

    db.init_app(app, generate)
    session.init_app(app)
    auth.init_app(app, login_endpoint="users.sign_in")
    csrf.init_app(app)
    clock.init_app(app)
    app.add_template_filter(markdown.render, "markdown")
    app.add_template_filter(lambda sha: (sha or "")[:8], "short")
    app.add_template_filter(lambda role: access.ROLES.get(role, ""), "role")
    app.add_template_global(listing.url_with, "url_with")
    app.add_template_global(listing.page_window, "page_window")

    from . import dashboard, issues, merge_requests, planning, projects, repository, users

    app.register_blueprint(users.bp)
    app.register_blueprint(dashboard.bp)
    app.register_blueprint(projects.bp)
    app.register_blueprint(repository.bp)
    app.register_blueprint(issues.bp)
    app.register_blueprint(merge_requests.bp)
    app.register_blueprint(planning.bp)

    @app.context_processor
    def inject_layout() -> dict[str, Any]:
        user = g.get("user")
        todo_count = 0
        if user is not None:
            todo_count = db.get_db().execute(
                "SELECT COUNT(*) FROM todos WHERE user_id = ? AND state = 'pending'",
                (user["id"],),
            ).fetchone()[0]
        project = g.get("project")
        project_counts = {}
        if project is not None:
            row = db.get_db().execute(
                "SELECT (SELECT COUNT(*) FROM issues WHERE project_id = :id AND state = 'opened'),"
                " (SELECT COUNT(*) FROM merge_requests WHERE project_id = :id AND"
                " state = 'opened')", {"id": project["id"]}).fetchone()
            project_counts = {"issues": row[0], "merge_requests": row[1]}
        return {
            "project_counts": project_counts,
            "site_name": app.config["SITE_NAME"],
            "site_urls": app.config["SITE_URLS"],
            "todo_count": todo_count,
            "ROLES": access.ROLES,
        }

    @app.errorhandler(HTTPException)
    def handle_http_error(error: HTTPException) -> tuple[str, int]:
        code = error.code or 500
        if not hasattr(g, "user"):
            g.user = None
        g.project = None
        return render_template("githost/error.html", error=error), code

    return app
