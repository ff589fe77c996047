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
from ..core.fragments import logout_item
from ..core.icons import icon
from . import access, media
from .repo import FileDiff

MARKDOWN_MEMO = 1024
"""Rendered Markdown texts kept (READMEs, descriptions and comments of a few KB each)."""
CHROME_MEMO = 2048
"""Navigation lists kept per kind (project, main and account navigation; 1-3 KB each)."""


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
    return _project_nav(
        url_for("projects.show"),
        project["default_branch"],
        role >= access.MAINTAINER,
        endpoint,
        counts["issues"],
        counts["merge_requests"],
    )


@functools.lru_cache(maxsize=CHROME_MEMO)
def _project_nav(
    home: str, branch: str, maintainer: bool, endpoint: str | None, issues: int, requests: int
) -> Markup:
    """:func:`project_nav`'s list, memoised: ``home`` (the project's URL) stands for the
    project and for how ``url_for`` builds its links on this request."""
    parts = ["<ul>\n"]
    for name, label, icon_name, on_branch in PROJECT_NAV:
        href = url_for(name, rest=branch) if on_branch else url_for(name)
        current = ' aria-current="page"' if endpoint == name else ""
        count = ""
        if name == "issues.index":
            count = f' <span class="count">{escape(issues)}</span>'
        elif name == "merge_requests.index":
            count = f' <span class="count">{escape(requests)}</span>'
        parts.append(
            f'    <li><a href="{escape(href)}"{current}>{icon(icon_name)}{label}</a>{count}</li>\n'
        )
    if maintainer:
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
    return _main_nav(url_for("dashboard.home"), bool(user), todo_count)


@functools.lru_cache(maxsize=CHROME_MEMO)
def _main_nav(home: str, signed_in: bool, todo_count: int) -> Markup:
    """:func:`main_nav`'s list, memoised: ``home`` (the site's home URL) stands for how
    ``url_for`` builds its links on this request."""
    parts = ["<ul>\n"]
    for endpoint, icon_name, label, for_users in MAIN_NAV:
        if signed_in or not for_users:
            href = escape(url_for(endpoint))
            parts.append(f'      <li><a href="{href}">{icon(icon_name)}{label}</a></li>\n')
    if signed_in:
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
    return _account_nav(
        url_for("dashboard.new_project"), user["username"], user["name"], csrf_token()
    )


@functools.lru_cache(maxsize=CHROME_MEMO)
def _account_nav(new_project: str, username: str, name: str, token: str) -> Markup:
    """:func:`account_nav`'s list for a signed-in user, memoised: ``new_project`` (that
    page's URL) stands for how ``url_for`` builds its links on this request."""
    profile = escape(url_for("users.namespace", namespace=username))
    settings = escape(url_for("settings.profile"))
    sign_out = url_for("users.sign_out")
    return Markup(
        "<ul>\n"
        f'      <li><a href="{escape(new_project)}">{icon("plus")}New project</a></li>\n'
        f'      <li><a href="{profile}">{icon("user")}{escape(name)}</a></li>\n'
        f'      <li><a href="{settings}">{icon("pencil")}Edit profile</a></li>\n'
        f"{logout_item('      ', sign_out, token, 'Sign out')}"
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


DIFF_MARKS = {"add": "+", "del": "-"}
"""The mark before a diff line of each kind (a space for context)."""


def file_diffs(diffs: Iterable[FileDiff]) -> Markup:
    """Each file's diff: its path and counts, then its hunks line by line with both line
    numbers (or a note that the file is empty, or that the diff was cut)."""
    parts: list[str] = []
    for d in diffs:
        path = escape(d.path)
        parts.append(
            f'<section class="file-diff" aria-label="Changes to {path}">\n'
            f'  <h3 class="diff-path">{path} <span class="diff-status">({escape(d.status)},'
            f" +{escape(d.additions)} -{escape(d.deletions)})</span></h3>\n"
        )
        if d.hunks:
            parts.append('  <pre class="diff"><code>')
            for hunk in d.hunks:
                parts.append(f'<span class="hunk">{escape(hunk.header)}</span>\n')
                parts.extend(
                    f'<span class="{escape(line.kind)}">{line.old_no or "":>4}'
                    f" {line.new_no or '':>4} {DIFF_MARKS.get(line.kind, ' ')}"
                    f"{escape(line.text)}</span>\n"
                    for line in hunk.lines
                )
            parts.append("</code></pre>\n")
        else:
            parts.append('  <p class="empty">Empty file.</p>\n')
        if d.truncated:
            parts.append(
                '<p class="notice">This diff is too large to show in full; view the file'
                " instead.</p>"
            )
        parts.append("</section>\n")
    return Markup("".join(parts))


def member_options(members: Iterable[Mapping[str, Any]], chosen: str | None = None) -> Markup:
    """A ``<select>``'s options of project members, ``username (name)``, valued by user id;
    the one whose id is ``chosen`` (a form value) selected."""
    parts = []
    for m in members:
        value = str(m["id"])
        mark = " selected" if chosen == value else ""
        parts.append(
            f'<option value="{escape(value)}"{mark}>{escape(m["username"])}'
            f" ({escape(m['name'])})</option>"
        )
    return Markup("".join(parts))


def milestone_options(
    milestones: Iterable[Mapping[str, Any]], current: Mapping[str, Any] | None
) -> Markup:
    """A ``<select>``'s options of milestones by id, ``current`` selected, closed ones noted."""
    parts = []
    for m in milestones:
        mark = " selected" if current and m["id"] == current["id"] else ""
        closed = " (closed)" if m["state"] == "closed" else ""
        parts.append(
            f'<option value="{escape(m["id"])}"{mark}>{escape(m["title"])}{closed}</option>'
        )
    return Markup("".join(parts))
