"""``ChromiumBrowser``: the shared action semantics over a real Chromium's primitives."""

from __future__ import annotations

import io
import re
import threading
from dataclasses import dataclass
from http.client import HTTPConnection
from http.cookies import SimpleCookie
from typing import Any

import numpy as np
from lxml import html

from webenv.actions import Action, ActionError
from webenv.axtree import AXNode, AXTree
from webenv.browser.apipage import ApiResponse, request_headers
from webenv.browser.base import (
    BLANK_URL,
    MAX_TABS,
    Browser,
    ElementFacts,
    OptionFacts,
    option_label,
    reachable,
    unreachable,
)
from webenv.browser.chromium.axmap import collapse
from webenv.browser.chromium.driver import (
    BrowserContext,
    Page,
    PlaywrightError,
    PlaywrightTimeoutError,
    chromium_executable,
    launch_args,
    playwright_driver,
    track,
    unpinned,
    weak_handler,
)
from webenv.browser.chromium.loading import NAVIGATION_TIMEOUT_MS
from webenv.browser.chromium.proxy import SiteProxy
from webenv.browser.chromium.scripts import ID_ATTR, SERIALIZE_JS
from webenv.browser.chromium.tab import Tab, tree_memo
from webenv.errors import BrowserStackMissing, WrongThread
from webenv.sites.core.urls import URL, parse_url
from webenv.world import SITES, World

__all__ = ["ACTION_TIMEOUT_MS", "VIEWPORT", "ChromiumBrowser"]

ACTION_TIMEOUT_MS = 3_000
LAUNCH_TIMEOUT_MS = 90_000
"""How long Chromium may take to start."""
VIEWPORT = {"width": 1280, "height": 720}


def _one_line(exc: BaseException) -> str:
    """Playwright's first message line, without its call log."""
    message = str(exc).strip().splitlines()
    first = message[0] if message else type(exc).__name__
    return re.sub(r"^\w+\.\w+: ", "", first)[:300]


@dataclass(frozen=True)
class ChromiumState:
    """What :meth:`ChromiumBrowser.save_state` keeps."""

    tabs: tuple[tuple[tuple[str, ...], int], ...]
    """Each tab's history of GET URLs and its position in it."""
    active: int
    cookies: tuple[dict[str, Any], ...]


class ChromiumBrowser(Browser):
    """A headless Chromium over the world's sites, served on loopback.

    The action semantics (preconditions, messages, option matching, URL resolution,
    history and tabs) are :class:`webenv.browser.base.Browser`'s; the primitives here act
    on the element numbered ``N`` through ``[data-webenv-id="N"]``. Element facts come from
    one page script, so refused actions fail before Playwright is asked. Buttons, inputs,
    labels and summaries get a real pointer click; links load the URL the base resolved
    from their ``href``; other elements are focused. ``type`` is ``fill`` (+ Enter),
    ``press`` goes to the focused element (so the navigation it starts is awaited), and
    history entries are loaded afresh (Chromium's own history would restore typed form
    values). One Chromium per instance, and one browser context, emptied on reset.

    Args:
        world: the env's world; document requests are appended to ``world.request_log``.
        executable: the Chromium binary (default: :func:`.driver.chromium_executable`).
        pictures: load and draw the pages' images (for screenshots). Off, images are
            neither fetched nor drawn: the accessibility tree and the DOM are the same
            (an image is named by its markup), and a shop listing's photos no longer
            cost about half of each step's CPU.

    Raises:
        RuntimeError: Chromium is not installed or does not start.
    """

    state_type = ChromiumState

    def __init__(
        self, world: World, executable: str | None = None, *, pictures: bool = True
    ) -> None:
        self.world = world
        self.pictures = pictures
        path = executable or chromium_executable()
        if path is None:
            raise RuntimeError(
                "Chromium not found: install Debian's 'chromium-headless-shell' or 'chromium' "
                "package (apt-get install chromium-headless-shell) or set WEBENV_CHROMIUM"
            )
        self._closed = False
        self._thread = threading.get_ident()
        self.proxy = SiteProxy(world)
        try:
            self._browser = playwright_driver().chromium.launch(
                executable_path=path,
                args=launch_args(self.proxy.address, pictures=pictures),
                headless=True,
                # A first start after the machine reclaimed Chromium's files from memory
                # has been seen to take over 30 s here (it reads them from disk again).
                timeout=LAUNCH_TIMEOUT_MS,
            )
        except BaseException:
            self.proxy.close()
            raise
        self._context: BrowserContext | None = None
        self.memo = tree_memo()
        self.tabs: list[Tab] = []
        self.active = 0
        # An env dropped without close() still ends its Chromium (Playwright's event
        # handlers hold this object only weakly, so it can be collected).
        self._finalizer = track(self, self._browser, self.proxy)

    # -- Browser interface -------------------------------------------------------------

    def check_thread(self, call: str) -> None:
        if threading.get_ident() != self._thread:
            raise WrongThread(
                f"{call}() from another thread than the one that made this env: its Chromium "
                "is driven by Playwright's sync API, which works only on the thread that "
                "started it; call the env from that thread, or make one env per thread"
            )

    @unpinned
    def reset(self, start_url: str, cookies: dict[str, tuple[str, str]]) -> None:
        tab = self._emptied_tab()
        if tab is None:
            self._fresh_context()
            tab = self._new_page()
        self._open_context().add_cookies(
            [
                {
                    "name": name,
                    "value": value,
                    "domain": SITES[site].host,
                    "path": "/",
                    "httpOnly": True,
                    "sameSite": "Lax",
                }
                for site, (name, value) in cookies.items()
            ]
        )
        self.tabs = [tab]
        self.active = 0
        self._goto(str(self._start_url(start_url)))

    def _emptied_tab(self) -> Tab | None:
        """The open context made like a new one for the next episode, or None if there is none.

        A new context and page cost more than the rest of a reset (a renderer process is
        started), so the first tab is kept: the others are closed, the cookies cleared, the
        pointer moved off the page (nothing stays hovered) and the tab's history and caches
        dropped; the start page's navigation then replaces its document. The sites keep no
        other state in the browser (no scripts, so no web storage; service workers are
        blocked), and Chromium's own history is never used (see ``_restore``).
        """
        if self._closed:
            raise RuntimeError("the browser is closed")
        if self._context is None or not self.tabs:
            return None
        keep, *others = self.tabs
        try:
            for tab in others:
                tab.page.close()
            self._context.clear_cookies()
            if others:
                keep.page.bring_to_front()
            keep.page.mouse.move(-1, -1)
        except PlaywrightError:
            return None  # e.g. a page that went away: start afresh
        keep.forget()
        return keep

    @unpinned
    def save_state(self) -> ChromiumState:
        """Each tab's history and position, the active tab and the cookies.

        Pages are not kept: a restore loads each tab's current URL afresh, so what was
        typed into a form and not submitted is lost.
        """
        context = self._open_context()
        return ChromiumState(
            tuple((tuple(tab.history), tab.position) for tab in self.tabs),
            self.active,
            tuple(dict(cookie) for cookie in context.cookies()),
        )

    @unpinned
    def restore_state(self, state: ChromiumState) -> None:
        """A new browser context with the saved cookies; each tab reloaded at its place."""
        context = self._fresh_context()
        context.add_cookies([dict(cookie) for cookie in state.cookies])  # type: ignore[misc]
        for history, position in state.tabs:
            tab = self._new_page(list(history))
            tab.position = position
            self.tabs.append(tab)
        for index, tab in enumerate(self.tabs):
            url = tab.history[tab.position]
            if url != BLANK_URL:
                self.active = index
                tab.restoring = True
                try:
                    self._goto(url)
                finally:
                    tab.restoring = False
        self.active = state.active
        self._show_tab()
        self._invalidate()

    def _fresh_context(self) -> BrowserContext:
        """Close the context (and its tabs) and open an empty one."""
        if self._closed:
            raise RuntimeError("the browser is closed")
        if self._context is not None:
            self._context.close()
        self.tabs = []
        self._context = context = self._browser.new_context(
            viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]},
            java_script_enabled=True,
            service_workers="block",
        )
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
        context.on("page", weak_handler(self._on_page))
        return context

    @unpinned
    def execute(self, action: Action) -> None:
        if not self.tabs:
            raise ActionError("no page is open; call reset() first")
        tab = self.tabs[self.active]
        tab.acted_document = tab.document_node
        loading = tab.loading
        commits = loading.commits
        try:
            super().execute(action)
        except PlaywrightError as exc:
            self._settle()
            # Playwright stops waiting for the navigation an action started after the action
            # timeout; a navigation has NAVIGATION_TIMEOUT_MS (the wait above), and one that
            # committed in it means the action worked.
            if not (isinstance(exc, PlaywrightTimeoutError) and loading.commits > commits):
                raise ActionError(f"{action.kind} failed: {_one_line(exc)}") from None
        finally:
            self._invalidate()
        self._settle()
        self._check_reachable(self.page.url)

    @unpinned
    def axtree_text(self, max_chars: int | None = None) -> str:
        return self._tree().text(max_chars)

    @unpinned
    def axtree(self) -> AXTree:
        return self._tree()

    @property
    def page(self) -> Page:
        return self.tabs[self.active].page

    @unpinned
    def tabs_text(self) -> str:
        return super().tabs_text()

    @unpinned
    def document(self, url: str = "last") -> html.HtmlElement:
        if url == "last":
            source = self.page.evaluate(SERIALIZE_JS) if self.tabs else ""
        else:
            target = str(self._fetch_url(url))
            self._adding = True
            try:
                page = self._open_context().new_page()
            finally:
                self._adding = False
            try:
                page.goto(target, wait_until="load")
                source = page.evaluate(SERIALIZE_JS)
            finally:
                page.close()
        if not source.strip():
            source = "<html><head><title></title></head><body></body></html>"
        return html.document_fromstring(source)

    @unpinned
    def screenshot(self) -> bytes:
        """The active tab's viewport as PNG bytes (without images unless ``pictures``)."""
        return self.page.screenshot(type="png", animations="disabled", caret="initial")

    def rgb_array(self) -> np.ndarray:
        """The active tab's viewport as an ``HxWx3`` ``uint8`` array (``VIEWPORT`` sized)."""
        try:
            from PIL import Image
        except ImportError as exc:  # the optional 'chromium' extra is incomplete
            raise BrowserStackMissing("pillow") from exc

        with Image.open(io.BytesIO(self.screenshot())) as image:
            array = np.asarray(image.convert("RGB"), dtype=np.uint8)
        height, width = VIEWPORT["height"], VIEWPORT["width"]
        if array.shape != (height, width, 3):  # e.g. a device scale factor other than 1
            out = np.zeros((height, width, 3), dtype=np.uint8)
            h, w = min(height, array.shape[0]), min(width, array.shape[1])
            out[:h, :w] = array[:h, :w]
            array = out
        return array

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            if self._context is not None:
                self._context.close()
        except PlaywrightError:
            pass
        finally:
            self._context = None
            self.tabs = []
            self._finalizer()  # Chromium and the proxy

    # -- helpers -----------------------------------------------------------------------

    def _on_page(self, page: Page) -> None:
        """A page the site opened itself (``target=_blank``): track it as a new active tab.

        With :data:`MAX_TABS` tabs open it is closed instead (the tab list stays bounded).
        """
        if any(tab.page is page for tab in self.tabs) or self._adding:
            return
        if len(self.tabs) >= MAX_TABS:
            page.close()
            return
        self.tabs.append(Tab(page, self.memo))
        self.active = len(self.tabs) - 1

    _adding = False

    def _new_page(self, history: list[str] | None = None) -> Tab:
        self._adding = True
        try:
            return Tab(self._open_context().new_page(), self.memo, history)
        finally:
            self._adding = False

    def _open_context(self) -> BrowserContext:
        if self._context is None:
            raise ActionError("no page is open; call reset() first")
        return self._context

    def _reachable(self, url: str) -> bool:
        parsed = parse_url(url)
        return parsed is not None and reachable(parsed, self.world.sites)

    def _check_reachable(self, url: str) -> None:
        if url != BLANK_URL and not self._reachable(url):
            raise unreachable(url, self.world.sites)

    def _goto(self, url: str) -> None:
        try:
            self.page.goto(url, wait_until="load")
        except PlaywrightError as exc:
            raise ActionError(f"cannot open {url[:80]!r}: {_one_line(exc)}") from None
        finally:
            self._invalidate()
        self._settle()

    def _settle(self) -> None:
        """Wait until the navigation the last action caused, if any, has a complete document.

        Every action path ends here (see :class:`.loading.Loading`), so an observation is never
        read from a document that is still loading, nor from the one being left.
        """
        if self.tabs:
            self.tabs[self.active].loading.wait()

    def _invalidate(self) -> None:
        for tab in self.tabs:
            tab.tree = None

    def _tree(self) -> AXTree:
        if not self.tabs:
            return AXTree(root=AXNode(0, "RootWebArea", "", {}, [], None), elements={})
        tab = self.tabs[self.active]
        for attempt in range(3):
            try:
                return tab.observe()
            except PlaywrightError:
                if attempt == 2:
                    raise
                tab.dom = None
                self._settle()
        raise AssertionError("unreachable")

    def _locator(self, element_id: int | str):
        return self.page.locator(f'[{ID_ATTR}="{element_id}"]')

    # -- primitives of the shared action semantics (webenv.browser.base) ---------------

    def _facts(self, target: int) -> ElementFacts | None:
        if not self.tabs:
            return None
        self._tree()  # the ids are the observation's
        info = self.tabs[self.active].inspect(target)
        if info is None:
            return None
        return ElementFacts(
            tag=info["tag"],
            type=info["type"],
            hidden=info["hidden"],
            disabled=info["disabled"],
            readonly=info["readonly"],
            multiple=info["multiple"],
            link=info["link"],  # the href as written: the base resolves it with parse_url
            options=tuple(
                OptionFacts(option_label(None, option["label"]), option["value"])
                for option in info["options"]
            ),
            select_id=info["selectId"],
            option_index=info["optionIndex"],
            value=info["value"],
        )

    def _focus(self, target: int) -> None:
        # Focus only: a pointer click at the centre of, say, <html> would land on whatever
        # control is drawn there.
        self._locator(target).evaluate(
            "el => { el.focus(); const active = document.activeElement;"
            " if (active && active !== el && active.blur) active.blur(); }"
        )

    def _activate(self, target: int) -> None:
        # force=True: Playwright's actionability waits cost ~40 ms and the base has
        # already checked the target.
        self._locator(target).click(force=True)

    def _follow(self, target: int, url: URL) -> None:
        # The URL the base parsed and checked, not Chromium's own resolution of the href:
        # the same page in both backends (GET links carry nothing else the sites read).
        self._goto(str(url))

    def _fill(self, target: int, text: str, press_enter: bool) -> None:
        locator = self._locator(target)
        locator.fill(text)
        if press_enter:
            locator.press("Enter")

    def _choose_option(self, select: int, index: int, toggle: bool) -> None:
        locator = self._locator(select)
        if toggle:
            locator.evaluate(
                "(s, i) => { s.options[i].selected = !s.options[i].selected;"
                " s.dispatchEvent(new Event('input', {bubbles: true}));"
                " s.dispatchEvent(new Event('change', {bubbles: true})); }",
                index,
            )
        else:
            locator.select_option(index=index)

    def _set_checked(self, target: int, checked: bool) -> None:
        self._locator(target).set_checked(checked)

    def _hover(self, target: int) -> None:
        self._locator(target).hover()

    def _press(self, target: int | None, key: str) -> None:
        if target is not None:
            self._locator(target).press(key)
            return
        # A locator press (unlike keyboard.press) waits for the navigation it starts.
        focused = self.page.locator("*:focus")
        if focused.count():
            focused.first.press(key)
        else:
            self.page.keyboard.press(key)

    def _scroll(self, up: bool) -> None:
        self.page.mouse.move(VIEWPORT["width"] / 2, VIEWPORT["height"] / 2)
        self.page.mouse.wheel(0, -400 if up else 400)

    def _load(self, url: URL) -> None:
        self._goto(str(url))

    def _api_call(self, method: str, url: URL, body: bytes | None) -> ApiResponse:
        """One request through the site proxy (which logs it) with the context's cookies.

        Playwright's own request client tunnels through a proxy with ``CONNECT``, which
        the proxy refuses by design, so the call is made here, in the absolute form
        Chromium uses; cookies the response sets go back into the context.
        """
        context = self._open_context()
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies(str(url)))
        headers = {"Host": url.host, **request_headers(body)}
        if cookies:
            headers["Cookie"] = cookies
        connection = HTTPConnection(
            "127.0.0.1", self.proxy.port, timeout=NAVIGATION_TIMEOUT_MS / 1000
        )
        try:
            connection.request(method, str(url), body=body, headers=headers)
            response = connection.getresponse()
            answer = ApiResponse(response.status, dict(response.getheaders()), response.read())
            set_cookies = response.headers.get_all("Set-Cookie") or []
        except OSError as exc:
            raise ActionError(f"api call to {str(url)[:80]!r} failed: {_one_line(exc)}") from None
        finally:
            connection.close()
        for header in set_cookies:
            jar = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                context.add_cookies(
                    [{"name": name, "value": morsel.value, "domain": url.host, "path": "/"}]
                )
        return answer

    def _show_document(self, url: URL, document: bytes) -> None:
        """Navigate to ``url`` with its document answered by ``document`` (a one-time route),
        so the tab's URL, history and title are a navigation's."""
        target = str(url)

        def matches(address: str) -> bool:
            return address == target

        def fulfil(route: Any) -> None:
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=document)

        self.page.route(matches, fulfil, times=1)
        try:
            self._goto(target)
        finally:
            self.page.unroute(matches, fulfil)

    def _restore(self, url: str) -> None:
        # The in-process history model: the GET URL loaded afresh (Chromium's own
        # back/forward would restore typed form values, which the observation contract
        # does not).
        tab = self.tabs[self.active]
        tab.restoring = True
        try:
            self._goto(url)
        finally:
            tab.restoring = False

    def _open_tab(self) -> Tab:
        return self._new_page([BLANK_URL])

    def _discard_tab(self, tab: Tab) -> None:
        tab.page.close()

    def _show_tab(self) -> None:
        self.page.bring_to_front()

    def _tab_url(self, tab: Tab) -> str:
        return tab.page.url

    def _tab_title(self, tab: Tab) -> str:
        if tab.tree is not None:  # the AX root is named by the <title>: no round trip
            return tab.tree.root.name
        try:
            return collapse(tab.page.title())
        except PlaywrightError:
            return ""
