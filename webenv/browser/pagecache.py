"""Memoised pristine pages: a GET on a world nobody wrote to is answered from memory.

A page's HTML depends only on the site, the world seed, the database state, the
request's cookies and the URL (the world clock is fixed). While every database of a
world is pristine (no write since its restore) and its apps run with their default
settings, a GET's outcome — the redirect hops, the final URL and status, the parsed
document and its accessibility tree — is therefore the same for every env of that
world seed in the process, across resets. :class:`PageCache` keeps those outcomes in a
bounded LRU shared by every in-process browser of the process.

What keeps it exact:

- Only GETs, only while :meth:`World.pristine_state` holds both before and after the
  request (a GET that writes is never stored, and leaves the world non-pristine);
- the key holds that state (site, seed, scale per hosted site), the cookies the env set at
  reset, and the URL; a response that sets a cookie is never stored, and the browser
  stops using the cache until its next reset (its cookie jar no longer matches);
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

__all__ = ["PAGE_CACHE_PAGES", "CachedPage", "PageCache", "page_cache"]

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


class PageCache:
    """A bounded LRU of :class:`CachedPage` by (world state, cookies, URL), with counts."""

    def __init__(self) -> None:
        self._pages: OrderedDict[Any, CachedPage] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Any) -> CachedPage | None:
        with self._lock:
            page = self._pages.get(key)
            if page is None:
                self.misses += 1
                return None
            self._pages.move_to_end(key)
            self.hits += 1
            return page

    def put(self, key: Any, page: CachedPage) -> None:
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > max(0, PAGE_CACHE_PAGES):
                self._pages.popitem(last=False)

    def clear(self) -> None:
        """Drop every page and zero the counts."""
        with self._lock:
            self._pages.clear()
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
