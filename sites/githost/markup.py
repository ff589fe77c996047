"""Pieces of markup the Git host repeats on most pages, drawn in Python.

A Jinja macro call costs ~10-20 us of runtime overhead before it writes anything, and a
project list calls three per row (avatar, picture, visibility badge). These helpers
write the same bytes as the macros they replace (``githost/_macros.html`` keeps thin
wrappers), escaping every value as Jinja's autoescaping does.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from flask import request, url_for
from markupsafe import Markup, escape

from ..core import images, markdown
from ..core.clock import format_age
from ..core.csrf import csrf_token
from ..core.icons import icon
from . import access, media

MARKDOWN_MEMO = 1024
"""Rendered Markdown texts kept (READMEs, descriptions and comments of a few KB each)."""


@functools.lru_cache(maxsize=MARKDOWN_MEMO)
def render_markdown(source: str, heading_offset: int = 1) -> Markup:
    """:func:`~webenv.sites.core.markdown.render`, memoised: the HTML is a function of the
    text alone, and READMEs, descriptions and comments are shown again and again."""
    return markdown.render(source, heading_offset)


def avatar(username: str, size: int = 24) -> Markup:
    """A user's avatar picture."""
    return images.picture_tag(images.avatar_url(username), f"Avatar of {username}", size, "avatar")


def project_avatar(project_id: int, name: str, size: int = 40) -> Markup:
    """A project's avatar picture."""
    return images.picture_tag(
        media.project_avatar_url(project_id), f"Project avatar of {name}", size, "project-avatar"
    )


def visibility_badge(value: str) -> Markup:
    """The badge naming a project's visibility, with a lock for private ones."""
    lock = icon("lock") if value == "private" else ""
    return Markup(
        f'<span class="badge visibility-{escape(value)}">{lock}{escape(value.capitalize())}</span>'
    )


def project_list(rows: Iterable[Mapping[str, Any]], show_role: bool = False) -> Markup:
    """A list of projects: avatar, linked name, badges, language, stars, activity, description.

    Args:
        rows: Project rows with :data:`~webenv.sites.githost.access.PROJECT_COLUMNS`
            (and ``member_role`` when ``show_role``).
        show_role: Show the user's role in each project.
    """
    parts = ['<ul class="project-list">\n']
    for p in rows:
        href = url_for("projects.show", namespace=p["namespace_path"], project=p["path"])
        meta: list[str] = [visibility_badge(p["visibility"])]
        if p["archived"]:
            meta.append(' <span class="badge">Archived</span>')
        if show_role:
            meta.append(
                f' <span class="badge">{escape(access.ROLES.get(p["member_role"], ""))}</span>'
            )
        meta.append(" ")
        if p["language"]:
            meta.append(f"{escape(p['language'])} · ")
        stars = p["star_count"]
        meta.append(f"{escape(stars)} star{'' if stars == 1 else 's'} · Updated ")
        meta.append(escape(format_age(p["last_activity_at"])))
        description = p["description"]
        parts.append(
            f"  <li>\n    {project_avatar(p['id'], p['name'])}\n"
            f'    <h2 class="project-title"><a href="{escape(href)}">'
            f"{escape(p['namespace_name'])} / {escape(p['name'])}</a></h2>\n"
            f'    <p class="meta">{"".join(meta)}</p>\n'
            + (f'<p class="description">{escape(description)}</p>' if description else "")
            + "  </li>\n"
        )
    parts.append("</ul>\n")
    return Markup("".join(parts))


PROJECT_NAV = (
    ("projects.show", "Project overview", "home", False),
    ("repository.tree", "Files", "folder", True),
    ("repository.commits", "Commits", "commit", True),
    ("repository.branches", "Branches", "branch", False),
    ("repository.tags", "Tags", "tag", False),
    ("repository.graphs", "Contributors", "users", True),
    ("repository.compare", "Compare", "compare", False),
    ("issues.index", "Issues", "issue", False),
    ("merge_requests.index", "Merge requests", "merge-request", False),
    ("planning.labels", "Labels", "tag", False),
    ("planning.milestones", "Milestones", "milestone", False),
    ("projects.members", "Members", "users", False),
    ("projects.activity", "Activity", "list", False),
)
"""The project navigation: (endpoint, label, icon, whether it takes the default branch)."""
SETTINGS_ENDPOINTS = ("projects.settings", "projects.merge_request_settings")


def project_nav(
    project: Mapping[str, Any], role: int, endpoint: str | None, counts: Mapping[str, int]
) -> Markup:
    """The project navigation's list, the current page marked, with the open counts.

    Args:
        project: The current project (``g.project``).
        role: The user's role in it; maintainers and owners also get Settings.
        endpoint: The current request's endpoint.
        counts: Open ``issues`` and ``merge_requests``.
    """
    branch = project["default_branch"]
    parts = ["<ul>\n"]
    for name, label, icon_name, on_branch in PROJECT_NAV:
        href = url_for(name, rest=branch) if on_branch else url_for(name)
        current = ' aria-current="page"' if endpoint == name else ""
        count = ""
        if name == "issues.index":
            count = f' <span class="count">{escape(counts["issues"])}</span>'
        elif name == "merge_requests.index":
            count = f' <span class="count">{escape(counts["merge_requests"])}</span>'
        parts.append(
            f'    <li><a href="{escape(href)}"{current}>{icon(icon_name)}{label}</a>{count}</li>\n'
        )
    if role >= access.MAINTAINER:
        current = ' aria-current="page"' if endpoint in SETTINGS_ENDPOINTS else ""
        href = escape(url_for("projects.settings"))
        parts.append(f'    <li><a href="{href}"{current}>{icon("settings")}Settings</a></li>\n')
    parts.append("  </ul>")
    return Markup("".join(parts))


MAIN_NAV = (
    ("dashboard.home", "folder", "Projects", False),
    ("users.groups", "users", "Groups", False),
    ("dashboard.explore", "globe", "Explore", False),
    ("dashboard.my_issues", "issue", "My issues", True),
    ("dashboard.my_merge_requests", "merge-request", "My merge requests", True),
)
"""The header's main navigation before the to-do link: (endpoint, icon, label, signed in only)."""


def main_nav(user: Mapping[str, Any] | None, todo_count: int) -> Markup:
    """The header's main navigation list; the signed-in user also gets their work and to-dos."""
    parts = ["<ul>\n"]
    for endpoint, icon_name, label, signed_in in MAIN_NAV:
        if user or not signed_in:
            href = escape(url_for(endpoint))
            parts.append(f'      <li><a href="{href}">{icon(icon_name)}{label}</a></li>\n')
    if user:
        href = escape(url_for("dashboard.todos"))
        parts.append(
            f'      <li><a href="{href}">{icon("todo")}To-Do List</a>'
            f' <span class="count">({escape(todo_count)})</span></li>\n'
        )
    parts.append("    </ul>")
    return Markup("".join(parts))


def account_nav(user: Mapping[str, Any] | None) -> Markup:
    """The header's account list: new project, profile, settings and sign-out, or sign-in."""
    if not user:
        target = request.full_path if request.query_string else request.path
        href = escape(url_for("users.sign_in", next=target))
        return Markup(f'<ul>\n      <li><a href="{href}">Sign in</a></li>\n    </ul>')
    new_project = escape(url_for("dashboard.new_project"))
    profile = escape(url_for("users.namespace", namespace=user["username"]))
    settings = escape(url_for("settings.profile"))
    sign_out = escape(url_for("users.sign_out"))
    return Markup(
        "<ul>\n"
        f'      <li><a href="{new_project}">{icon("plus")}New project</a></li>\n'
        f'      <li><a href="{profile}">{icon("user")}{escape(user["name"])}</a></li>\n'
        f'      <li><a href="{settings}">{icon("pencil")}Edit profile</a></li>\n'
        "      <li>\n"
        f'        <form action="{sign_out}" method="post">\n'
        '          <input type="hidden" name="csrf_token"'
        f' value="{escape(csrf_token())}">\n'
        '          <button type="submit" class="link-button">Sign out</button>\n'
        "        </form>\n"
        "      </li>\n"
        "    </ul>"
    )


def event_text(
    e: Mapping[str, Any], targets: Mapping[str, str], show_project: bool = True
) -> Markup:
    """What an activity event did: ``opened issue #3 Title at group / project``, linked.

    Args:
        e: An event row with :data:`~webenv.sites.githost.users.EVENT_COLUMNS`.
        targets: Target type -> the words naming it (``merge_request`` -> ``merge request``).
        show_project: Name the event's project too.
    """
    parts = [f"{escape(e['action'])} {escape(targets.get(e['target_type'], ''))}"]
    kind, iid = e["target_type"], e["target_iid"]
    if kind in ("issue", "merge_request") and iid:
        endpoint, mark = ("issues.show", "#") if kind == "issue" else ("merge_requests.show", "!")
        href = url_for(endpoint, namespace=e["namespace_path"], project=e["project_path"], iid=iid)
        parts.append(f' <a href="{escape(href)}">{mark}{escape(iid)}</a> {escape(e["title"])}')
    elif kind in ("branch", "tag"):
        parts.append(f" {escape(e['target_title'])}")
    if show_project:
        href = url_for("projects.show", namespace=e["namespace_path"], project=e["project_path"])
        parts.append(
            f' at <a href="{escape(href)}">{escape(e["namespace_path"])} /'
            f" {escape(e['project_name'])}</a>"
        )
    return Markup("".join(parts))


def user_link(username: str, name: str) -> Markup:
    """A user's small avatar and their name, linked to their profile."""
    href = url_for("users.namespace", namespace=username)
    return Markup(f'{avatar(username, 20)}<a href="{escape(href)}">{escape(name)}</a>')
