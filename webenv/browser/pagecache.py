"""Memoised pages: a GET is answered from memory while nothing it read has changed.

A page's HTML depends only on the site, the world seed, the database state, the
request's cookies and the URL (the world clock is fixed). It depends on the database
only through the tables its SQL read, and :mod:`webenv.tablestate` gives each table a
state token that is equal only for equal contents (None: as in the pristine snapshot;
else a digest of the database's write history at the table's last write). A GET's
outcome — the redirect hops, the final URL and status, the parsed document and its
accessibility tree — is therefore the same for every env of that world seed in the
process, across resets and writes, while the tokens of the tables it read are the same.
:class:`PageCache` keeps those outcomes in a bounded LRU shared by every in-process
browser of the process.

What keeps it exact:

- Only GETs, only while :meth:`World.page_state` holds both before and after the request
  (default app settings, every database in memory and tracked);
- the key holds that state (site, seed, scale per hosted site), the browser's whole
  cookie jar and the URL; each entry then holds the token of every table the requests
  read (views' base tables, triggers' reads included), and is served only while those
  tokens are current;
- a fetch that wrote (ran a writing statement, whether or not a row changed), whose
  response set a cookie, or that the analysis could not follow is never stored, so it
  always runs;
- documents are shared read-only: the browser copies one before an action changes it
  (typing, selecting, checking, opening ``<details>``);
- a hit still appends each hop to the request log, as the real requests would;
- the ``api`` action's calls never use it: they send other headers than a page load
  (``Accept: application/json``, and a site API may read a token header), which are
  not in the key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from lxml import etree

from webenv.axtree import AXTree

__all__ = ["PAGE_CACHE_PAGES", "CachedPage", "Deps", "PageCache", "Prefix", "page_cache"]

PAGE_CACHE_PAGES = 256
"""Most pages the process keeps (about 0.2 MB each; read at each insertion; 0: off)."""


@dataclass
class CachedPage:
    """One GET's outcome: the hops it logged, then the page it ended on."""

    hops: tuple[tuple[str, str, int], ...]
    """(method, URL, status) of each request, as the request log records them."""
    url: str
    status: int
    document: etree._Element
    axtree: AXTree | None = None
    """The page's tree without focus, kept once a browser built it."""
    title: str | None = None
    """The document's title, kept once a browser read it."""


Prefix = tuple[Any, ...]
"""What a lookup is keyed by: (world state, cookie jar, URL)."""
Deps = tuple[tuple[str, str, bytes | None], ...]
"""(site, table, token) of each table a page read."""


class PageCache:
    """A bounded LRU of :class:`CachedPage` by (world state, cookies, URL) and the tokens
    of the tables each page read, with counts."""

    def __init__(self) -> None:
        self._pages: OrderedDict[tuple[Prefix, Deps], CachedPage] = OrderedDict()
        self._deps: dict[Prefix, list[Deps]] = {}
        """Prefix -> the deps of each page held under it."""
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, prefix: Prefix, tokens: dict[str, dict[str, bytes]]) -> CachedPage | None:
        """The page held under ``prefix`` whose tables all have their current ``tokens``
        (site -> table -> token; absent: pristine), or None."""
        with self._lock:
            for deps in self._deps.get(prefix, ()):
                if all(tokens[site].get(table) == token for site, table, token in deps):
                    key = (prefix, deps)
                    self._pages.move_to_end(key)
                    self.hits += 1
                    return self._pages[key]
            self.misses += 1
            return None

    def put(self, prefix: Prefix, deps: Deps, page: CachedPage) -> None:
        """Hold ``page`` under ``prefix``, valid while the tables of ``deps`` keep their tokens."""
        with self._lock:
            key = (prefix, deps)
            if key not in self._pages:
                self._deps.setdefault(prefix, []).append(deps)
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > max(0, PAGE_CACHE_PAGES):
                (old_prefix, old_deps), _ = self._pages.popitem(last=False)
                held = self._deps[old_prefix]
                held.remove(old_deps)
                if not held:
                    del self._deps[old_prefix]

    def clear(self) -> None:
        """Drop every page and zero the counts."""
        with self._lock:
            self._pages.clear()
            self._deps.clear()
            self.hits = self.misses = 0

    def stats(self) -> dict[str, float]:
        """Pages held, hits, misses and hit rate since the last :meth:`clear`."""
        with self._lock:
            asked = self.hits + self.misses
            return {
                "pages": len(self._pages),
                "hits": self.hits,
                "misses": self.misses,
                "hit_rate": self.hits / asked if asked else 0.0,
            }


page_cache = PageCache()
"""The process's one page cache, shared by every in-process browser."""
