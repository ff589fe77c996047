"""Backend parity: the same pages in the in-process browser and in Chromium, line by line.

For every bundled site that can be imported, and every back office (``shop_admin``), a
sample of its pages is loaded in both backends, logged in as its default task user (the
user of its first bundled task: a customer on the shop, a staff user in its back office),
and the accessibility-tree texts are compared line by line (ids included). Pages are
sampled breadth-first from its home page over links under its base URL, one page per URL
shape (digits replaced), skipping logout links, so the sample covers many templates.

``webenv parity [--pages N] [--site S] [--json]`` prints per-area figures and the
differing lines.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import click

from webenv.actions import Action, ActionError, ActionKind
from webenv.sites import BACK_OFFICES, LOGIN_KEYS, login_base_url, login_site
from webenv.tasks import bundled_tasks
from webenv.world import SITES, World, WorldError, _site_module

__all__ = ["PageParity", "SiteParity", "compare_pages", "default_user", "main", "run_parity"]

_SKIP_LINK = re.compile(r"log-?out|sign-?out|/static/", re.IGNORECASE)


@dataclass
class PageParity:
    """One page's comparison."""

    url: str
    lines: int
    identical: int
    diff: list[str] = field(default_factory=list)
    error: str = ""


@dataclass
class SiteParity:
    """One site's comparison over its sampled pages."""

    site: str
    user: str | None
    pages: list[PageParity] = field(default_factory=list)

    @property
    def lines(self) -> int:
        return sum(page.lines for page in self.pages)

    @property
    def identical(self) -> int:
        return sum(page.identical for page in self.pages)

    @property
    def percent(self) -> float:
        return 100.0 * self.identical / self.lines if self.lines else 100.0


def default_user(site: str) -> str | None:
    """The user the first bundled task logging in on ``site`` (a site or a back office)
    logs in as (``None`` if no task names one)."""
    for task in bundled_tasks():
        user = task.login.get(site)
        if user:
            return user
    return None


def available_sites() -> list[str]:
    """The bundled sites that can be imported (others are still being built), each
    followed by its back offices."""
    sites = []
    for site in SITES:
        try:
            _site_module(site)
        except WorldError:
            continue
        sites += [site, *(name for name, office in BACK_OFFICES.items() if office.site == site)]
    return sites


def compare_lines(left: list[str], right: list[str]) -> tuple[int, int, list[str]]:
    """Lines compared (the longer side), identical lines (in order) and a unified diff."""
    matcher = difflib.SequenceMatcher(None, left, right, autojunk=False)
    same = sum(block.size for block in matcher.get_matching_blocks())
    diff = [
        line
        for line in difflib.unified_diff(left, right, "inprocess", "chromium", lineterm="", n=0)
    ][2:]
    return max(len(left), len(right)), same, diff


def _url_shape(url: str) -> str:
    parts = urlsplit(url)
    query = "&".join(
        sorted(k for k, _, _ in (p.partition("=") for p in parts.query.split("&") if p))
    )
    return re.sub(r"\d+", "N", parts.path) + ("?" + query if query else "")


def _links(document: Any, base: str, home: str) -> list[str]:
    """The links of ``document`` (at ``base``) to pages under ``home``."""
    out = []
    for anchor in document.iter("a"):
        href = anchor.get("href")
        if not href or href.startswith("#") or _SKIP_LINK.search(href):
            continue
        url = urljoin(base, href).split("#", 1)[0]
        if url == home or url.startswith(home + "/"):
            out.append(url)
    return out


def sample_urls(browser: Any, site: str, count: int) -> list[str]:
    """Up to ``count`` URLs of ``site``, breadth-first, favouring URL shapes not seen yet.

    A candidate's score counts how many chosen pages share its shape (digits replaced),
    its first path segment and its depth, so the sample spreads over the site's templates
    instead of filling up with, say, product pages.
    """
    home = login_base_url(site)
    start = home + "/"
    pool, seen = [start], {start}
    chosen: list[str] = []
    counts: dict[tuple[str, ...], int] = {}

    def keys(url: str) -> list[tuple[str, ...]]:
        segments = [s for s in urlsplit(url).path.split("/") if s]
        depth = str(len(segments))
        return [
            ("shape", _url_shape(url)),
            ("first", depth, segments[0] if segments else ""),
            ("depth", depth),
        ]

    def score(item: tuple[int, str]) -> tuple[int, int, int]:
        index, url = item
        shape, first, depth = (counts.get(key, 0) for key in keys(url))
        return (shape, first + depth, index)

    while pool and len(chosen) < count:
        index, url = min(enumerate(pool), key=score)
        pool.pop(index)
        try:
            browser.execute(Action(ActionKind.GOTO, text=url))
        except ActionError:
            continue
        for key in keys(url):
            counts[key] = counts.get(key, 0) + 1
        chosen.append(url)
        for link in _links(browser.document(), url, home):
            if link not in seen:
                seen.add(link)
                pool.append(link)
    return chosen


def compare_pages(site: str, pages: int, user: str | None = None) -> SiteParity:
    """Load ``pages`` sampled pages of ``site`` (a site or a back office) in both backends
    and compare them."""
    from webenv.browser.chromium import ChromiumBrowser
    from webenv.browser.inprocess import InProcessBrowser

    hosting = login_site(site)
    # The pages are sampled on a world of their own: a GET may write (reading a message
    # marks it read), and a sampling pass on a compared world would leave it ahead.
    worlds = [World([hosting]), World([hosting]), World([hosting])]
    if user is None:
        user = default_user(site)
    if user is None:  # no bundled task yet: the site's first user
        rows = worlds[0].query(hosting, "SELECT username FROM users ORDER BY id LIMIT 1")
        user = rows[0][0] if rows else None
    result = SiteParity(site, user)
    sampler, inprocess = InProcessBrowser(worlds[2]), InProcessBrowser(worlds[0])
    chromium = None
    try:
        chromium = ChromiumBrowser(worlds[1], pictures=False)  # as an env without screenshots
        start = login_base_url(site) + "/"
        for world, browser in ((worlds[2], sampler), (worlds[0], inprocess), (worlds[1], chromium)):
            cookies = world.login_cookies({site: user}) if user else {}
            browser.reset(start, cookies)
        urls = sample_urls(sampler, site, pages)
        for url in urls:
            texts = []
            error = ""
            for browser in (inprocess, chromium):
                try:
                    browser.execute(Action(ActionKind.GOTO, text=url))
                    texts.append(browser.axtree_text().splitlines())
                except ActionError as exc:
                    error = str(exc)
                    texts.append([])
            lines, same, diff = compare_lines(texts[0], texts[1])
            result.pages.append(PageParity(url, lines, same, diff, error))
    finally:
        sampler.close()
        inprocess.close()
        if chromium is not None:
            chromium.close()
        for world in worlds:
            world.close()
    return result


def run_parity(pages: int = 12, sites: list[str] | None = None) -> list[SiteParity]:
    """Compare ``pages`` pages of every available site (or of ``sites``)."""
    return [compare_pages(site, pages) for site in (sites or available_sites())]


@click.command("parity")
@click.option(
    "--pages",
    type=click.IntRange(min=1),
    default=12,
    show_default=True,
    help="Pages sampled per site.",
)
@click.option(
    "--site",
    "sites",
    multiple=True,
    type=click.Choice(LOGIN_KEYS),
    help="Only this site or back office (repeatable; default: every one).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--max-diff", default=40, show_default=True, help="Differing lines printed per page.")
def main(pages: int, sites: tuple[str, ...], as_json: bool, max_diff: int) -> None:
    """Compare the AX-tree text of sampled pages in the in-process and Chromium backends."""
    results = run_parity(pages, list(sites) or None)
    if as_json:
        report = [
            {
                **asdict(r),
                "lines": r.lines,
                "identical": r.identical,
                "percent": round(r.percent, 2),
            }
            for r in results
        ]
        click.echo(json.dumps(report, indent=2))
        return
    total = sum(r.lines for r in results)
    same = sum(r.identical for r in results)
    for result in results:
        click.echo(
            f"== {result.site} (as {result.user or 'anonymous'}): {result.identical}/"
            f"{result.lines} lines identical ({result.percent:.2f} %) over "
            f"{len(result.pages)} pages"
        )
        for page in result.pages:
            mark = "ok  " if page.identical == page.lines and not page.error else "DIFF"
            click.echo(
                f"  {mark} {page.url}  {page.identical}/{page.lines}"
                + (f"  error: {page.error}" if page.error else "")
            )
            for line in page.diff[:max_diff]:
                click.echo(f"       {line}")
            if len(page.diff) > max_diff:
                click.echo(f"       ... {len(page.diff) - max_diff} more diff lines")
    percent = 100.0 * same / total if total else 100.0
    click.echo(f"overall: {same}/{total} lines identical ({percent:.2f} %)")
    if percent < 98.0:
        sys.exit(1)
