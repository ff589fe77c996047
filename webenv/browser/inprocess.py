"""The default backend: calls the world's Flask apps through WSGI and keeps the DOM in lxml.

No sockets, no browser process. Pages are plain server-rendered HTML, so following
links, filling and submitting forms, and toggling ``<details>`` is all a browser does
with them. Form state lives in the DOM (``value``/``checked``/``selected`` attributes),
which is what the accessibility tree reads.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from lxml import etree, html
from werkzeug.datastructures import MultiDict
from werkzeug.test import Client

from webenv.actions import ActionError
from webenv.axtree import AXTree, build_axtree, element_id, is_hidden
from webenv.browser import pagecache
from webenv.browser.apipage import ApiResponse, request_headers
from webenv.browser.base import BLANK_URL, Browser, ElementFacts, OptionFacts, option_label
from webenv.browser.pagecache import CachedPage, page_cache
from webenv.sitedb import SiteDatabase
from webenv.sites.core.urls import URL, parse_url
from webenv.world import SITES, World, log_form, log_json

MAX_REDIRECTS = 10


# The plain libxml2 HTML parser: lxml.html's element classes cost ~0.4 us per element
# on every page load. Validators get lxml.html documents through Browser.document().
_PARSER = etree.HTMLParser()
_CHARSET_PARSERS: dict[str, etree.HTMLParser] = {}


def _parser(charset: str | None) -> etree.HTMLParser:
    """The parser for a response's ``charset`` (as a browser, the header's charset wins)."""
    if not charset:
        return _PARSER
    charset = charset.strip().lower()
    parser = _CHARSET_PARSERS.get(charset)
    if parser is None:
        try:
            parser = etree.HTMLParser(encoding=charset)
        except LookupError:
            parser = _PARSER
        if len(_CHARSET_PARSERS) < 32:
            _CHARSET_PARSERS[charset] = parser
    return parser


_BLANK_PAGE = b"<html><head><title></title></head><body></body></html>"


def _blank_document() -> etree._Element:
    return etree.fromstring(_BLANK_PAGE, _PARSER)


def _text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


@dataclass
class Page:
    """A loaded document and the browser-side state that belongs to it."""

    url: str
    document: etree._Element
    status: int = 200
    focused: etree._Element | None = None
    _axtree: AXTree | None = None
    cached: CachedPage | None = None
    """The page cache's entry this page shares its document with (read-only), if any."""

    @cached_property
    def title(self) -> str:
        """The document's ``<title>`` text (actions never change it)."""
        cached = self.cached
        if cached is not None and cached.title is not None:
            return cached.title
        element = self.document.find(".//title")
        title = _text(element) if element is not None else ""
        if cached is not None:
            cached.title = title
        return title

    def axtree(self) -> AXTree:
        if self._axtree is None:
            cached = self.cached
            if cached is not None and self.focused is None and cached.axtree is not None:
                self._axtree = cached.axtree
            else:
                self._axtree = build_axtree(self.document, focused=self.focused)
                if cached is not None and self.focused is None:
                    cached.axtree = self._axtree
        return self._axtree

    def own(self) -> None:
        """Copy a document shared with the page cache before anything changes it."""
        if self.cached is None:
            return
        copy = deepcopy(self.document)
        if self.focused is not None:
            for old, new in zip(self.document.iter(), copy.iter(), strict=True):
                if old is self.focused:
                    self.focused = new
                    break
        self.document = copy
        self.cached = None
        self._axtree = None

    def changed(self) -> None:
        """Forget the cached accessibility tree after the DOM or focus changed."""
        self._axtree = None

    def copy(self) -> Page:
        """A page that looks the same and changes apart (a document shared with the page
        cache stays shared: it is never written)."""
        if self.cached is not None:
            return Page(
                self.url, self.document, self.status, self.focused, self._axtree, self.cached
            )
        document = deepcopy(self.document)
        focused = None
        if self.focused is not None:
            focused = next(
                new
                for old, new in zip(self.document.iter(), document.iter(), strict=True)
                if old is self.focused
            )
        return Page(self.url, document, self.status, focused)


def _describe(
    method: str, host: str, path: str, data: Any, headers: dict[str, str] | None, jar: Any
) -> bytes | None:
    """Everything a request sends, as bytes equal only for equal requests (None: a body
    of a kind not described)."""
    if isinstance(data, MultiDict):
        body: Any = tuple(data.items(multi=True))
        if not all(isinstance(value, str) for _, value in body):
            return None
    elif data is None or isinstance(data, bytes):
        body = data
    else:
        return None
    return repr((method, host, path, sorted((headers or {}).items()), body, jar)).encode()


def _blank_page() -> Page:
    return Page(BLANK_URL, _blank_document())


@dataclass
class Tab:
    """One tab: its page and its history of GET URLs."""

    page: Page
    history: list[str] = field(default_factory=list)
    position: int = 0

    def copy(self) -> Tab:
        return Tab(self.page.copy(), list(self.history), self.position)


@dataclass(frozen=True)
class InProcessState:
    """What :meth:`InProcessBrowser.save_state` keeps: tabs, the active one, cookies."""

    tabs: tuple[Tab, ...]
    active: int
    cookies: dict[str, dict[Any, Any]]
    """Host -> the cookie jar of its client."""


class InProcessBrowser(Browser):
    """A browser over the world's WSGI apps.

    Args:
        world: the env's world; every request is appended to ``world.request_log``.
    """

    state_type = InProcessState

    def __init__(self, world: World) -> None:
        self.world = world
        self._clients: dict[str, Client] = {}
        self.tabs: list[Tab] = []
        self.active = 0
        # Every cookie of every client: with the world's state and the URL, what a
        # memoised page is keyed by (recomputed whenever a response sets a cookie).
        self._jar: tuple[tuple[str, Any, str, bool], ...] = ()
        # (site, tables read) of each request of the fetch being made, while it may be
        # stored in the page cache; None: it may not.
        self._reads: list[tuple[str, frozenset[str]]] | None = None

    # -- Browser interface -------------------------------------------------------------

    def reset(self, start_url: str, cookies: dict[str, tuple[str, str]]) -> None:
        self._clients = {
            SITES[site].host: Client(app, use_cookies=True) for site, app in self.world.apps.items()
        }
        for site, (name, value) in cookies.items():
            host = SITES[site].host
            self._clients[host].set_cookie(name, value, domain=host)
        self._cookies_changed()
        self.tabs = [Tab(_blank_page())]
        self.active = 0
        self._navigate(self._start_url(start_url))

    def axtree_text(self, max_chars: int | None = None) -> str:
        return self.page.axtree().text(max_chars)

    def save_state(self) -> InProcessState:
        """The tabs (pages as they look, typed values included), histories and cookies."""
        return InProcessState(
            tuple(tab.copy() for tab in self.tabs),
            self.active,
            # werkzeug's test client has no public way to list its cookie jar.
            {host: dict(client._cookies or {}) for host, client in self._clients.items()},
        )

    def restore_state(self, state: InProcessState) -> None:
        """Put back what :meth:`save_state` returned (any number of times)."""
        self._clients = {}
        for site, app in self.world.apps.items():
            host = SITES[site].host
            client = Client(app, use_cookies=True)
            client._cookies = dict(state.cookies.get(host, {}))
            self._clients[host] = client
        self.tabs = [tab.copy() for tab in state.tabs]
        self.active = state.active
        self._cookies_changed()

    def axtree(self) -> AXTree:
        return self.page.axtree()

    @property
    def page(self) -> Page:
        return self.tabs[self.active].page

    def document(self, url: str = "last") -> html.HtmlElement:
        if url == "last":
            document = self.page.document
        else:
            document = self._fetch("GET", self._fetch_url(url), None).document
        return html.document_fromstring(etree.tostring(document, method="html"))

    def close(self) -> None:
        self._clients.clear()
        self.tabs = []

    # -- HTTP --------------------------------------------------------------------------

    def _cookies_changed(self) -> None:
        """Take the clients' cookie jars as the page cache's key (after reset, restore or
        a response that set a cookie)."""
        # werkzeug's test client has no public way to list its cookie jar.
        self._jar = tuple(
            sorted(
                (host, key, cookie.value, cookie.origin_only)
                for host, client in self._clients.items()
                for key, cookie in (client._cookies or {}).items()
            )
        )

    def _fetch(self, method: str, url: URL, form: MultiDict | None) -> Page:
        """Request ``url``, following redirects; log every request; return the final page.

        A GET is answered from the page cache when it can be (:mod:`webenv.browser.pagecache`),
        and its outcome stored there when it is pure.
        """
        if method != "GET" or pagecache.PAGE_CACHE_PAGES <= 0:
            return self._request(method, url, form)
        state = self.world.page_state()
        if state is None:
            return self._request(method, url, form)
        jar = self._jar
        prefix = (state, jar, str(self._checked_url(url)))
        tokens = self.world.table_tokens
        cached = page_cache.get(prefix, tokens)
        if cached is not None:
            for hop_method, hop_url, status in cached.hops:
                self.world.log_request(hop_method, hop_url, {}, status)
            return Page(cached.url, cached.document, cached.status, cached=cached)
        logged = self.world.request_log.seq
        reads: list[tuple[str, frozenset[str]]] = []
        self._reads = reads
        try:
            page = self._request(method, url, form)
        finally:
            pure = self._reads is not None
            self._reads = None
        if pure and self._jar == jar and self.world.page_state() == state:
            hops = tuple(
                (hop.method, hop.url, hop.status) for hop in self.world.request_log.since(logged)
            )
            deps = tuple(
                sorted(
                    {
                        (site, table, tokens[site].get(table))
                        for site, tables in reads
                        for table in tables
                    }
                )
            )
            entry = CachedPage(hops, page.url, page.status, page.document)
            page_cache.put(prefix, deps, entry)
            page.cached = entry
        return page

    def _send(
        self,
        method: str,
        url: URL,
        data: Any,
        *,
        logged: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> Any:
        """One WSGI call to ``url``'s app, written to the request log with ``logged``.

        While the page cache is on, the tables the call read and wrote are recorded
        (:meth:`SiteDatabase.begin_request`): a write advances their tokens, and the
        tables read are what a page cache entry of the fetch depends on.

        Raises:
            ActionError: the app failed to answer (logged as a 500).
        """
        path = url.path + (f"?{url.query}" if url.query else "")
        database = (
            self.world.database_for_host(url.host) if pagecache.PAGE_CACHE_PAGES > 0 else None
        )
        if database is not None:
            database.begin_request()
        elif self._reads is not None:
            self._reads = None  # a site without a database to record: never stored
        try:
            # The absolute URL (and the base URL, for the cookies), so a path that starts
            # with "//" stays a path as a server receives it (werkzeug reads a bare
            # "//cart" as a host, "cart").
            response = self._clients[url.host].open(
                f"http://{url.host}{path}",
                base_url=f"http://{url.host}",
                method=method,
                data=data,
                headers=headers,
            )
        except Exception as exc:
            # e.g. werkzeug refusing to send a Location header it cannot encode.
            self.world.log_request(method, f"http://{url.host}{path}", logged, 500)
            raise ActionError(
                f"{url.origin} failed to answer {path[:80]!r} "
                f"({type(exc).__name__}: {str(exc)[:80]})"
            ) from None
        finally:
            if database is not None:
                jar = self._jar
                self._account(
                    database, lambda: _describe(method, url.host, path, data, headers, jar)
                )
        self.world.log_request(method, f"http://{url.host}{path}", logged, response.status_code)
        if "Set-Cookie" in response.headers:
            self._cookies_changed()
        return response

    def _account(self, database: SiteDatabase, describe: Callable[[], bytes | None]) -> None:
        """End ``database``'s recording of one request; note what a cached page needs."""
        touched = database.end_request(describe)
        if self._reads is None:
            return
        if touched is None or touched.wrote:
            self._reads = None  # never stored: it must run every time
        else:
            self._reads.append((database.name, touched.reads))

    def _request(self, method: str, url: URL, form: MultiDict | None) -> Page:
        """Send the request(s) to the apps: ``_fetch`` without the page cache."""
        for _ in range(MAX_REDIRECTS + 1):
            url = self._checked_url(url)
            response = self._send(
                method,
                url,
                form if method == "POST" else None,
                logged=log_form(form or MultiDict()),
            )
            location = response.headers.get("Location")
            if response.status_code in (301, 302, 303, 307, 308) and location:
                if response.status_code in (301, 302, 303):
                    method, form = "GET", None
                response.close()
                target = parse_url(location, base=url)
                if target is None:
                    raise ActionError(
                        f"{url.origin} redirected to {location[:80]!r}, which is not a valid URL"
                    )
                url = target
                continue
            page = Page(
                str(url),
                self._parse(
                    response.get_data(), response.mimetype, response.mimetype_params.get("charset")
                ),
                response.status_code,
            )
            response.close()
            return page
        raise ActionError(f"too many redirects (more than {MAX_REDIRECTS}) from {str(url)[:80]!r}")

    @staticmethod
    def _parse(body: bytes, mimetype: str | None, charset: str | None = None) -> etree._Element:
        if mimetype == "text/html" and body.strip():
            return etree.fromstring(body, _parser(charset))
        document = _blank_document()
        pre = etree.SubElement(document.find("body"), "pre")
        pre.text = body.decode("utf-8", errors="replace")
        return document

    def _api_call(self, method: str, url: URL, body: bytes | None) -> ApiResponse:
        """One WSGI call, as a page load makes, but with the API's headers and a JSON body.

        Never answered from the page cache: the call's headers differ from a page load's.
        """
        response = self._send(
            method, url, body, logged=log_json(body), headers=request_headers(body)
        )
        answer = ApiResponse(
            response.status_code, dict(response.headers.items()), response.get_data()
        )
        response.close()
        return answer

    def _show_document(self, url: URL, document: bytes) -> None:
        self._push(Page(str(url), etree.fromstring(document, _PARSER)))

    def _navigate(self, url: URL, method: str = "GET", form: MultiDict | None = None) -> None:
        """Load a page into the active tab and push it onto the tab's history."""
        self._push(_blank_page() if str(url) == BLANK_URL else self._fetch(method, url, form))

    def _push(self, page: Page) -> None:
        """Show ``page`` in the active tab as a new history entry."""
        tab = self.tabs[self.active]
        del tab.history[tab.position + 1 :]
        tab.history.append(page.url)
        tab.position = len(tab.history) - 1
        tab.page = page

    # -- primitives --------------------------------------------------------------------

    def _get(self, target: int) -> etree._Element:
        return self.page.axtree().elements[target]

    def _facts(self, target: int) -> ElementFacts | None:
        tree = self.page.axtree()
        element = tree.elements.get(target)
        if element is None or not isinstance(element.tag, str):
            return None
        tag = element.tag
        link = _closest(element, "a", with_href=True)
        select = _closest(element, "select") if tag == "option" else None
        options = element.findall(".//option") if tag == "select" else []
        return ElementFacts(
            tag=tag,
            type=(element.get("type") or "").lower(),
            hidden=is_hidden(element),
            disabled=element.get("disabled") is not None,
            readonly=element.get("readonly") is not None,
            multiple=tag == "select" and element.get("multiple") is not None,
            link=link.get("href") if link is not None else None,
            options=tuple(_option_facts(option) for option in options),
            select_id=element_id(tree, select) if select is not None else None,
            option_index=select.findall(".//option").index(element) if select is not None else -1,
            value=_field_value(element),
        )

    def _focus(self, target: int) -> None:
        self._focus_element(self._get(target))

    def _focus_element(self, element: etree._Element | None) -> None:
        self.page.focused = element
        self.page.changed()

    def _activate(self, target: int) -> None:
        """A browser's activation behaviour for labels, summaries, buttons and inputs."""
        self.page.own()
        element = self._get(target)
        if element.tag == "label":
            control = _label_control(element)
            if control is not None and control.tag == "input":
                self._click_control(control)
            else:
                self._focus_element(control)
        elif element.tag == "summary":
            details = element.getparent()
            if details is not None and details.tag == "details":
                if details.get("open") is None:
                    details.set("open", "")
                else:
                    del details.attrib["open"]
            self._focus_element(element)
        else:
            self._click_control(element)

    def _click_control(self, element: etree._Element) -> None:
        tag = element.tag
        input_type = (element.get("type") or "").lower()
        if tag == "input" and input_type == "checkbox":
            _write_checked(element, element.get("checked") is None)
            self._focus_element(element)
        elif tag == "input" and input_type == "radio":
            _write_checked(element, True)
            self._focus_element(element)
        elif _is_submit(element):
            form = _form_of(element)
            if form is None:
                self._focus_element(element)
            else:
                self._submit(form, submitter=element)
        else:
            self._focus_element(element)

    def _follow(self, target: int, url: URL) -> None:
        self._navigate(url)

    def _fill(self, target: int, text: str, press_enter: bool) -> None:
        self.page.own()
        element = self._get(target)
        if element.tag != "textarea":
            text = _one_line(text)
        max_length = element.get("maxlength")
        if max_length and max_length.isdigit():
            text = _at_most(text, int(max_length))
        if element.tag == "textarea":
            element.text = text + ("\n" if press_enter else "")
            self._focus_element(element)
            return
        element.set("value", text)
        self._focus_element(element)
        if press_enter:
            self._press_enter(element)

    def _choose_option(self, select: int, index: int, toggle: bool) -> None:
        self.page.own()
        element = self._get(select)
        option = element.findall(".//option")[index]
        if not toggle:
            for other in element.iter("option"):
                other.attrib.pop("selected", None)
            option.set("selected", "")
        elif option.get("selected") is None:
            option.set("selected", "")
        else:
            del option.attrib["selected"]
        self.page.changed()

    def _set_checked(self, target: int, checked: bool) -> None:
        self.page.own()
        _write_checked(self._get(target), checked)
        self.page.changed()

    def _hover(self, target: int) -> None:
        return None  # nothing in the observation depends on the pointer

    def _press(self, target: int | None, key: str) -> None:
        if target is not None:
            self._focus(target)
        if key == "Enter" and self.page.focused is not None:
            self._press_enter(self.page.focused)

    def _scroll(self, up: bool) -> None:
        return None  # the observation always holds the whole page

    def _load(self, url: URL) -> None:
        self._navigate(url)

    def _restore(self, url: str) -> None:
        parsed = parse_url(url)
        if parsed is None or url == BLANK_URL:
            page = _blank_page()
        else:
            page = self._fetch("GET", parsed, None)
        self.tabs[self.active].page = page

    def _open_tab(self) -> Tab:
        return Tab(_blank_page(), [BLANK_URL])

    def _discard_tab(self, tab: Tab) -> None:
        return None

    def _tab_url(self, tab: Tab) -> str:
        return tab.page.url

    def _tab_title(self, tab: Tab) -> str:
        return tab.page.title

    # -- forms -------------------------------------------------------------------------

    def _press_enter(self, element: etree._Element) -> None:
        """Implicit submission: Enter in a field submits its form via its default button."""
        if element.tag != "input":
            return
        form = _form_of(element)
        if form is None:
            return
        submitter = next((control for control in _form_controls(form) if _is_submit(control)), None)
        if submitter is not None and submitter.get("disabled") is not None:
            return
        self._submit(form, submitter)

    def _submit(self, form: etree._Element, submitter: etree._Element | None) -> None:
        fields = _form_data(form, submitter)
        method = (
            (submitter.get("formmethod") if submitter is not None else None)
            or form.get("method")
            or "get"
        ).lower()
        action = (
            (submitter.get("formaction") if submitter is not None else None)
            or form.get("action")
            or self.page.url
        )
        url = parse_url(action, base=self.page.url)
        if url is None:
            raise ActionError(
                f"the form was not sent: its action {action[:80]!r} is not a valid URL"
            )
        if method == "post":
            self._navigate(url, "POST", fields)
        else:
            query = urlencode(list(fields.items(multi=True)))
            self._navigate(replace(url, query=query or None, fragment=None))


def _one_line(text: str) -> str:
    """What a browser keeps of text typed into a one-line field: the trailing line breaks
    dropped and every other one (CRLF, CR or LF) a space, as Chromium does
    (``TextFieldInputType::HandleBeforeTextInsertedEvent``)."""
    return text.rstrip("\r\n").replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


def _at_most(text: str, max_length: int) -> str:
    """``text`` cut to a ``maxlength`` as a browser cuts it: counted in UTF-16 code units
    (an emoji is two), never splitting a surrogate pair (Blink's ``LimitLength``)."""
    if len(text) <= max_length // 2:
        return text
    units = text.encode("utf-16-le", "surrogatepass")
    if len(units) <= 2 * max_length:
        return text
    cut = units[: 2 * max_length]
    if cut and 0xD800 <= int.from_bytes(cut[-2:], "little") <= 0xDBFF:
        cut = cut[:-2]
    return cut.decode("utf-16-le", "surrogatepass")


def _option_facts(option: etree._Element) -> OptionFacts:
    text = _text(option)
    value = option.get("value")
    return OptionFacts(
        option_label(option.get("label"), text), value if value is not None else text
    )


def _field_value(element: etree._Element) -> str:
    """A text control's value as typing replaces it: a textarea's text (line breaks kept),
    an input's ``value``; ``""`` for other elements."""
    if element.tag == "textarea":
        return element.text or ""
    return (element.get("value") or "") if element.tag == "input" else ""


def _closest(element: etree._Element, tag: str, with_href: bool = False) -> etree._Element | None:
    node: etree._Element | None = element
    while node is not None:
        if node.tag == tag and (not with_href or node.get("href") is not None):
            return node
        node = node.getparent()
    return None


def _element_by_id(anywhere: etree._Element, element_id: str) -> etree._Element | None:
    """The element of ``anywhere``'s document whose id attribute is ``element_id``."""
    found = anywhere.getroottree().getroot().xpath("//*[@id=$id]", id=element_id)
    return found[0] if found else None


def _form_of(element: etree._Element) -> etree._Element | None:
    owner = element.get("form")
    if owner:
        found = _element_by_id(element, owner)
        if found is not None and found.tag == "form":
            return found
    return _closest(element, "form")


def _form_controls(form: etree._Element) -> list[etree._Element]:
    controls = [el for el in form.iter("input", "button", "select", "textarea")]
    form_id = form.get("id")
    if form_id:
        root = form.getroottree().getroot()
        controls += [
            el
            for el in root.iter("input", "button", "select", "textarea")
            if el.get("form") == form_id and _closest(el, "form") is not form
        ]
    return controls


def _is_submit(control: etree._Element) -> bool:
    input_type = (control.get("type") or "").lower()
    return (control.tag == "button" and input_type in ("", "submit")) or (
        control.tag == "input" and input_type in ("submit", "image")
    )


def _form_data(form: etree._Element, submitter: etree._Element | None) -> MultiDict:
    """The form data set a browser would send (HTML's "constructing the entry list"), every
    line break of a name or value sent as CRLF, as browsers send them."""
    fields: list[tuple[str, str]] = []
    for control in _form_controls(form):
        name = control.get("name")
        if not name or control.get("disabled") is not None:
            continue
        tag = control.tag
        input_type = (control.get("type") or "").lower()
        if tag == "button" or (
            tag == "input" and input_type in ("submit", "image", "reset", "button")
        ):
            if submitter is not None and control is submitter:
                fields.append((name, control.get("value", "")))
        elif tag == "input" and input_type in ("checkbox", "radio"):
            if control.get("checked") is not None:
                fields.append((name, control.get("value", "on")))
        elif tag == "input" and input_type == "file":
            continue
        elif tag == "select":
            options = control.findall(".//option")
            chosen = [o for o in options if o.get("selected") is not None]
            if not chosen and options and control.get("multiple") is None:
                chosen = options[:1]
            for option in chosen:
                value = option.get("value")
                fields.append((name, value if value is not None else _text(option)))
        elif tag == "textarea":
            fields.append((name, control.text or ""))
        else:
            fields.append((name, control.get("value", "")))
    return MultiDict((_crlf(name), _crlf(value)) for name, value in fields)


def _crlf(text: str) -> str:
    """``text`` with each line break (CRLF, CR or LF) as CRLF."""
    if "\r" not in text and "\n" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")


def _label_control(label: etree._Element) -> etree._Element | None:
    target = label.get("for")
    if target:
        return _element_by_id(label, target)
    for control in label.iter("input", "select", "textarea", "button"):
        return control
    return None


def _write_checked(element: etree._Element, checked: bool) -> None:
    if (element.get("type") or "").lower() == "radio" and checked:
        name = element.get("name")
        form = _form_of(element)
        scope = form if form is not None else element.getroottree().getroot()
        for other in scope.iter("input"):
            if (
                other is not element
                and (other.get("type") or "").lower() == "radio"
                and other.get("name") == name
            ):
                other.attrib.pop("checked", None)
    if checked:
        element.set("checked", "")
    else:
        element.attrib.pop("checked", None)
