"""The one navigation wait: nothing reads a tab's document before it is ready."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from webenv.browser.chromium.driver import Page, PlaywrightError

__all__ = ["NAVIGATION_TIMEOUT_MS", "Loading"]

NAVIGATION_TIMEOUT_MS = 10_000
_READY_STATE_JS = "() => document.readyState"


class Loading:
    """Tracks a tab's main-frame navigations, so nothing reads a document before it is ready.

    A navigation counts as pending from its first request until it commits a new document
    (``framenavigated``), fails, or ends without a document (204/205, a download). The
    page is ready when no navigation is pending and the current document's
    ``readyState`` is ``complete`` (asked of the document itself, so never the old one).
    Back/forward-cache restores, which would skip loading, are disabled at launch.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        # navigation request -> [None until its response arrives, then whether a document
        # will be committed for it (not for 204/205 or a download); ``commits`` when sent]
        self.pending: dict[Any, list[Any]] = {}
        self.commits = 0  # main-frame documents committed (and same-document navigations)
        self.complete = -1  # the value of ``commits`` when the document was last complete
        page.on("request", self._request)
        page.on("response", self._response)
        page.on("requestfailed", self._ended)
        page.on("requestfinished", self._finished)
        page.on("framenavigated", self._committed)
        page.on("load", self._loaded)

    def _is_main(self, request: Any) -> bool:
        try:
            return request.is_navigation_request() and request.frame == self.page.main_frame
        except PlaywrightError:  # a request of a worker or of a detached frame
            return False

    def _request(self, request: Any) -> None:
        if self._is_main(request):
            self.pending.pop(request.redirected_from, None)  # one navigation, next hop
            self.pending[request] = [None, self.commits]

    def _response(self, response: Any) -> None:
        request = response.request
        state = self.pending.get(request)
        if state is not None:
            disposition = response.headers.get("content-disposition", "")
            state[0] = response.status not in (204, 205) and not (
                disposition.strip().lower().startswith("attachment")
            )
            self._drop_if_committed(request, state)

    def _ended(self, request: Any) -> None:
        self.pending.pop(request, None)

    def _finished(self, request: Any) -> None:
        state = self.pending.get(request)
        if state is not None and state[0] is False:
            del self.pending[request]  # no document will be committed for it
        elif state is not None:
            self._drop_if_committed(request, state)

    def _drop_if_committed(self, request: Any, state: list[Any]) -> None:
        """Forget a request whose document committed before its events came in."""
        if self.commits > state[1] and self.page.main_frame.url == request.url:
            del self.pending[request]

    def _committed(self, frame: Any) -> None:
        if frame != self.page.main_frame:
            return
        self.commits += 1
        for request, (commits, _) in list(self.pending.items()):
            if commits is not None:  # committed now (or replaced by the document that was)
                del self.pending[request]

    def _loaded(self, page: Any) -> None:
        self.complete = self.commits  # the load event of the document committed last

    def wait(self, timeout_ms: float = NAVIGATION_TIMEOUT_MS) -> bool:
        """Wait until no navigation is pending and the document is complete.

        Returns:
            Whether the page became ready within ``timeout_ms`` (after that the caller
            reads what is there: a step never hangs on a page that does not finish).
        """
        if not self.pending and self.complete == self.commits:
            return True  # nothing happened since the document's load event
        deadline = time.monotonic() + timeout_ms / 1000
        page = self.page
        while time.monotonic() < deadline:
            if self.pending:
                page.wait_for_timeout(5)  # lets Playwright deliver the navigation's events
                continue
            try:
                state = page.evaluate(_READY_STATE_JS)
            except PlaywrightError:  # the context went away: a navigation is under way
                state = None
            if state == "complete" and not self.pending:
                self.complete = self.commits
                return True
            if state is not None and state != "complete" and not self.pending:
                with contextlib.suppress(PlaywrightError):
                    page.wait_for_load_state(
                        "load", timeout=max(1.0, (deadline - time.monotonic()) * 1000)
                    )
            else:
                page.wait_for_timeout(5)
        self.pending.clear()  # give up on what never ended; the next wait starts afresh
        return False
