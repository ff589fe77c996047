"""The sites' help pages: one renderer for every site's ``/help`` section, and the same
text for agents (``WebEnv(site_docs=True)`` puts it in ``info["site_docs"]``).

A help section is a folder of Markdown files (:mod:`~webenv.sites.core.markdown`, with
same-site links), one page each: ``index.md`` at ``<base>/help`` and ``<topic>.md`` at
``<base>/help/<topic>``. A site's section is ``<site package>/templates/help/``; a back
office's is the ``<path>`` subfolder of its site's (the shop's ``/admin`` back office:
``shop/templates/help/admin/``, served at ``/admin/help``). The index links to every
topic, and the order of those links is the order of the section's text.

Sections are named by ``login`` key (:data:`webenv.sites.LOGIN_KEYS`): ``shop``,
``shop_admin``, ``forum``, ``githost``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from flask import Blueprint, abort, render_template

from .. import BACK_OFFICES, LOGIN_KEYS, SITES, login_site
from . import markdown

INDEX = "index"
"""The slug of a section's first page (served at ``<base>/help``)."""
MAX_SITE_DOCS_CHARS = 40_000
"""Longest ``info["site_docs"]`` text (every section of the whole suite fits; a test
checks it), so the docs stay a bounded part of an agent's context."""
_TOPIC = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class HelpPage:
    """One help page.

    Attributes:
        slug: ``index`` or the topic's name (its file name without ``.md``).
        title: The page's one ``#`` heading.
        source: The page's Markdown.
    """

    slug: str
    title: str
    source: str


@dataclass(frozen=True)
class HelpSection:
    """A site's (or back office's) help pages.

    Attributes:
        key: The ``login`` key it documents (``shop``, ``shop_admin``...).
        path: Where its pages are on the site (``/help``, ``/admin/help``).
        pages: The index first, then the topics in the order the index links them.
    """

    key: str
    path: str
    pages: tuple[HelpPage, ...]

    def page(self, slug: str) -> HelpPage | None:
        """The page named ``slug``, or None."""
        return next((page for page in self.pages if page.slug == slug), None)

    def url_path(self, page: HelpPage) -> str:
        """The page's path on the site (``/help`` for the index, ``/help/<slug>``)."""
        return self.path if page.slug == INDEX else f"{self.path}/{page.slug}"


def _folder(key: str) -> tuple[resources.abc.Traversable, str]:
    """A section's folder and its path on the site."""
    if key in SITES:
        return resources.files(SITES[key].module) / "templates" / "help", "/help"
    office = BACK_OFFICES[key]
    folder = resources.files(SITES[office.site].module) / "templates" / "help"
    return folder / office.path.strip("/"), f"{office.path}/help"


@functools.cache
def help_section(key: str) -> HelpSection:
    """The help section of ``key`` (read once per process).

    Raises:
        KeyError: ``key`` is not a login key.
        ValueError: a page without exactly one ``#`` heading, a topic file name that is
            not lower-case words joined by hyphens, or a topic the index does not link.
    """
    if key not in LOGIN_KEYS:
        raise KeyError(key)
    folder, path = _folder(key)
    files = {
        entry.name.removesuffix(".md"): entry.read_text("utf-8")
        for entry in folder.iterdir()
        if entry.name.endswith(".md")
    }
    pages: dict[str, HelpPage] = {}
    for slug, source in files.items():
        blocks = markdown.parse(source)
        titles = [b.lines[0] for b in blocks if b.kind == "heading" and b.level == 1]
        if len(titles) != 1 or not (slug == INDEX or _TOPIC.match(slug)):
            raise ValueError(
                f"{folder}/{slug}.md: a help page needs a lower-case hyphenated file name "
                f"and exactly one '#' heading (found {len(titles)})"
            )
        pages[slug] = HelpPage(slug, titles[0], source)
    index = pages.pop(INDEX)
    linked = [target.removeprefix(path + "/") for _, target in markdown.LINK.findall(index.source)]
    order = [slug for slug in dict.fromkeys(linked) if slug in pages]
    if set(order) != set(pages):
        raise ValueError(
            f"{folder}/index.md does not link to {', '.join(sorted(set(pages) - set(order)))}"
        )
    return HelpSection(key, path, (index, *(pages[slug] for slug in order)))


def help_keys(sites: Sequence[str], login: Mapping[str, str]) -> tuple[str, ...]:
    """The sections a task's agent may need: its sites', then its back offices' (the
    back offices its ``login`` signs a staff user in to)."""
    offices = [key for key in login if key in BACK_OFFICES]
    return tuple(dict.fromkeys([*sites, *offices]))


def section_text(key: str) -> str:
    """A section's pages as one Markdown text: each page's source after a comment line
    naming its URL, with same-site links made absolute (canonical URLs,
    ``http://shop.test/...``)."""
    section = help_section(key)
    root = SITES[login_site(key)].base_url
    parts = []
    for page in section.pages:
        source = markdown.LINK.sub(lambda m: f"[{m.group(1)}]({root}{m.group(2)})", page.source)
        parts.append(f"<!-- {root}{section.url_path(page)} -->\n{source.strip()}\n")
    return "\n".join(parts)


@functools.cache
def site_docs_text(keys: tuple[str, ...]) -> str:
    """The help text of the sections ``keys`` (canonical URLs), for ``info["site_docs"]``.

    Raises:
        ValueError: the text is longer than :data:`MAX_SITE_DOCS_CHARS`.
    """
    text = "\n".join(section_text(key) for key in keys)
    if len(text) > MAX_SITE_DOCS_CHARS:
        raise ValueError(
            f"the help of {', '.join(keys)} is {len(text)} characters; "
            f"at most {MAX_SITE_DOCS_CHARS}"
        )
    return text


def help_blueprint(key: str, base_template: str) -> Blueprint:
    """The blueprint serving ``key``'s help section at ``/help`` (register it under a
    back office's blueprint for that back office's section).

    Args:
        key: The section's login key.
        base_template: The layout its pages extend (``shop/base.html``).
    """
    bp = Blueprint("help", __name__, url_prefix="/help")

    def show(slug: str) -> str:
        section = help_section(key)
        page = section.page(slug)
        if page is None:
            abort(404, f"There is no help page '{slug[:100]}'.")
        return render_template(
            "core/help.html",
            base_template=base_template,
            page=page,
            body=markdown.render(page.source, 0, links=True),
        )

    def index() -> str:
        return show(INDEX)

    def topic(slug: str) -> str:
        return show(slug if slug != INDEX else "")  # the index has one URL

    bp.add_url_rule("", "index", index)
    bp.add_url_rule("/<slug>", "topic", topic)
    return bp
