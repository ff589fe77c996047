"""The application factory the bundled sites share.

Each site's ``create_app`` calls :func:`create_site_app` with what makes it
different: its name, blueprints, login page, template filters and the
variables its layout needs.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from flask import Blueprint, Flask, g, render_template
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.wrappers import Response

from .. import SITE_URLS as _REGISTRY_URLS
from . import api, auth, clock, csrf, db, icons, images, paging, security, session
from .routing import MemoMap, SiteRule
from .templating import SiteEnvironment

templates = Blueprint("core", __name__, template_folder="templates")
"""Serves ``core/…`` templates (the shared macros) to every site."""

SITE_URLS = dict(_REGISTRY_URLS)
"""Default base URL of each bundled site by name, for links between them (the registry's)."""


class SiteFlask(Flask):
    """Flask with memoised URL building and shared rule builders
    (:mod:`~webenv.sites.core.routing`), and cheaper template imports
    (:mod:`~webenv.sites.core.templating`)."""

    url_map_class = MemoMap
    url_rule_class = SiteRule
    jinja_environment = SiteEnvironment


def create_site_app(
    import_name: str,
    *,
    site: str,
    site_name: str,
    test_config: Mapping[str, Any] | None,
    generate: Callable[[sqlite3.Connection, int], None],
    blueprints: Iterable[Blueprint],
    login_endpoint: str,
    home_endpoint: str,
    layout: Callable[[], dict[str, Any]],
    filters: Mapping[str, Callable[..., Any]] | None = None,
    template_globals: Mapping[str, Callable[..., Any]] | None = None,
    site_urls: Mapping[str, str] = SITE_URLS,
    max_content_length: int = 1024 * 1024,
    before_error_page: Callable[[], None] | None = None,
) -> Flask:
    """Create and wire a site's Flask application.

    Sets the default configuration (overridden by ``test_config``), the allowed-hosts
    check and security headers (:mod:`~webenv.sites.core.security`; session cookies
    are ``HttpOnly`` and ``SameSite=Lax``), the deterministic session, database,
    login, CSRF and clock helpers, the process's shared URL builders
    (:mod:`~webenv.sites.core.routing`), the ``url_with``, ``page_window``, ``pagination_links`` and
    ``icon`` template globals, the shared ``core/`` templates, the layout's context processor and
    an error handler that renders ``<site>/error.html``.

    Args:
        import_name: The site package's ``__name__``.
        site: The site's short name: template folder, database file name and
            secret key use it.
        site_name: The name shown on the site (``SITE_NAME``).
        test_config: Settings overriding the defaults. Keys: ``DATABASE`` (an
            open :class:`sqlite3.Connection` or a path), ``SECRET_KEY``, ``NOW``
            (ISO timestamp of the world's today), ``SITE`` (``site``), ``SITE_URLS``
            (site name to base URL), ``ALLOWED_HOSTS`` (host names the site answers
            to; by default the loopback names and the hosts of the default and configured site URLs;
            see :mod:`~webenv.sites.core.security`), ``CSRF_DISABLED`` and Flask's
            own keys such as ``TESTING``.
        generate: The site's data generator, for the ``init-db`` command.
        blueprints: The site's blueprints, registered in this order.
        login_endpoint: Where :func:`~webenv.sites.core.auth.login_required` sends
            anonymous users.
        home_endpoint: The endpoint ``url_with`` falls back to outside a routed request.
        layout: Returns the site-specific variables every template gets; the
            ``site_urls`` and ``site_name`` variables are added to them.
        filters: Extra Jinja filters by name.
        template_globals: Extra Jinja globals by name.
        site_urls: The default ``SITE_URLS``.
        max_content_length: The default ``MAX_CONTENT_LENGTH`` in bytes.
        before_error_page: Called before an error page renders, to reset
            request state the layout reads.

    Returns:
        The configured Flask app.
    """
    app = SiteFlask(import_name, instance_relative_config=True)
    app.config.from_mapping(
        SECRET_KEY=f"webenv-{site}-secret-key",
        DATABASE=os.path.join(app.instance_path, f"{site}.sqlite"),
        NOW=clock.WORLD_NOW.isoformat(),
        SITE=site,
        SITE_URLS=dict(site_urls),
        SITE_NAME=site_name,
        MAX_CONTENT_LENGTH=max_content_length,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.config["HOME_ENDPOINT"] = home_endpoint
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    security.init_app(app, site_urls.values())
    db.init_app(app, generate)
    session.init_app(app)
    auth.init_app(app, login_endpoint=login_endpoint)
    csrf.init_app(app)
    clock.init_app(app)
    app.add_template_global(paging.url_with, "url_with")
    app.add_template_global(paging.page_window, "page_window")
    app.add_template_global(paging.pagination_links, "pagination_links")
    app.add_template_global(icons.icon, "icon")
    app.add_template_global(images.picture_tag, "picture_tag")
    for name, function in (filters or {}).items():
        app.add_template_filter(function, name)
    for name, function in (template_globals or {}).items():
        app.add_template_global(function, name)

    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    app.register_blueprint(templates)

    @app.context_processor
    def inject_layout() -> dict[str, Any]:
        return {
            **layout(),
            "site_urls": app.config["SITE_URLS"],
            "site_name": app.config["SITE_NAME"],
        }

    @app.errorhandler(HTTPException)
    def handle_http_error(error: HTTPException) -> tuple[str | Response, int]:
        if api.is_api_request():
            response = api.error_response(error)
            return response, response.status_code
        code = error.code or 500
        if not hasattr(g, "user"):
            g.user = None
        if before_error_page is not None:
            before_error_page()
        return render_template(f"{site}/error.html", error=error), code

    @app.errorhandler(OverflowError)
    def handle_overflow(error: OverflowError) -> tuple[str | Response, int]:
        # A number from the request past what SQLite stores (db.INTEGER_RANGE) reached a
        # query (a form's user_id, say): its writes are undone and it is a 400.
        db.rollback_request()
        return handle_http_error(
            BadRequest(
                "A number in the request is out of range: whole numbers from -2**63 to "
                "2**63 - 1 are accepted."
            )
        )

    return app
