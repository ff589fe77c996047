"""The Git-hosting site: projects, repositories, issues, merge requests and members.

A GitLab-style service. Create it with :func:`create_app`; fill its database with
:func:`webenv.sites.githost.datagen.generate`.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g

from .. import SITES
from ..core import db, images
from ..core.app import create_site_app
from ..core.help import help_blueprint
from . import access, markup


def _layout() -> dict[str, Any]:
    """Return the header's to-do count, the project's open counts and the role names."""
    user = g.get("user")
    todo_count = 0
    if user is not None:
        todo_count = (
            db.get_db()
            .execute(
                "SELECT COUNT(*) FROM todos WHERE user_id = ? AND state = 'pending'",
                (user["id"],),
            )
            .fetchone()[0]
        )
    project = g.get("project")
    project_counts = {}
    if project is not None:
        row = (
            db.get_db()
            .execute(
                "SELECT (SELECT COUNT(*) FROM issues WHERE project_id = :id AND state = 'opened'),"
                " (SELECT COUNT(*) FROM merge_requests WHERE project_id = :id AND"
                " state = 'opened')",
                {"id": project["id"]},
            )
            .fetchone()
        )
        project_counts = {"issues": row[0], "merge_requests": row[1]}
    return {"project_counts": project_counts, "todo_count": todo_count, "ROLES": access.ROLES}


def _forget_project() -> None:
    """Drop the current project so an error page shows no project navigation."""
    g.project = None


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the Git-hosting application.

    Args:
        test_config: Settings overriding the defaults; see
            :func:`~webenv.sites.core.app.create_site_app`.

    Returns:
        The configured Flask app.
    """
    from . import (
        api,
        dashboard,
        groups,
        issues,
        media,
        merge_requests,
        planning,
        project_templates,
        projects,
        repository,
        settings,
        users,
    )
    from .datagen import generate

    return create_site_app(
        __name__,
        site="githost",
        site_name=SITES["githost"].title,
        test_config=test_config,
        generate=generate,
        blueprints=[
            api.bp,
            settings.bp,
            users.bp,
            groups.bp,
            dashboard.bp,
            project_templates.bp,
            projects.bp,
            repository.bp,
            issues.bp,
            merge_requests.bp,
            planning.bp,
            media.bp,
            help_blueprint("githost", "githost/base.html"),
        ],
        login_endpoint="users.sign_in",
        home_endpoint="dashboard.home",
        layout=_layout,
        filters={
            "markdown": markup.render_markdown,
            "short": lambda sha: (sha or "")[:8],
            "role": lambda role: access.ROLES.get(role, ""),
        },
        template_globals={
            "avatar_url": images.avatar_url,
            "project_avatar_url": media.project_avatar_url,
            "avatar_picture": markup.avatar,
            "project_avatar_picture": markup.project_avatar,
            "project_visibility_badge": markup.visibility_badge,
            "project_list_markup": markup.project_list,
            "project_nav": markup.project_nav,
            "main_nav": markup.main_nav,
            "account_nav": markup.account_nav,
            "event_markup": markup.event_text,
            "user_link_markup": markup.user_link,
            "file_diffs_markup": markup.file_diffs,
            "member_options_markup": markup.member_options,
            "milestone_options_markup": markup.milestone_options,
        },
        max_content_length=2 * 1024 * 1024,
        before_error_page=_forget_project,
    )
