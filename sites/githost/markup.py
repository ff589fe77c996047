"""Pieces of markup the Git host repeats on most pages, drawn in Python.

A Jinja macro call costs ~10-20 us of runtime overhead before it writes anything, and a
project list calls three per row (avatar, picture, visibility badge). These helpers
write the same bytes as the macros they replace (``githost/_macros.html`` keeps thin
wrappers), escaping every value as Jinja's autoescaping does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import url_for
from markupsafe import Markup, escape

from ..core import images
from ..core.clock import format_age
from ..core.icons import icon
from . import access, media


def picture(src: str, alt: str, size: int, class_: str = "") -> Markup:
    """The ``<img>`` of core's ``picture`` macro (a square ``size`` box)."""
    classes = f' class="{escape(class_)}"' if class_ else ""
    return Markup(
        f'<img src="{escape(src)}" alt="{escape(alt)}" width="{size}" height="{size}"{classes}>'
    )


def avatar(username: str, size: int = 24) -> Markup:
    """A user's avatar picture."""
    return picture(images.avatar_url(username), f"Avatar of {username}", size, "avatar")


def project_avatar(project_id: int, name: str, size: int = 40) -> Markup:
    """A project's avatar picture."""
    return picture(
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
        meta = [visibility_badge(p["visibility"])]
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
