"""The default backend: calls the world's Flask apps through WSGI and keeps the DOM in lxml.

No sockets, no browser process. Pages are plain server-rendered HTML, so following
links, filling and submitting forms, and toggling ``<details>`` is all a browser does
with them. Form state lives in the DOM (``value``/``checked``/``selected`` attributes),
which is what the accessibility tree reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode, urljoin, urlsplit, urlunsplit

from lxml import etree, html
from werkzeug.datastructures import MultiDict
from werkzeug.test import Client

from webenv.actions import Action, ActionError
from webenv.axtree import AXTree, build_axtree, is_hidden
from webenv.browser.base import BLANK_URL, Browser, goto_target, tabs_text, unreachable
from webenv.world import SITES, World, expand_placeholders, log_form

MAX_REDIRECTS = 10
TEXT_INPUT_TYPES = {"text", "email", "password", "search", "tel", "url", "number", ""}


# The plain libxml2 HTML parser: lxml.html's element classes cost ~0.4 us per element
# on every page load. Validators get lxml.html documents through Browser.document().
_PARSER = etree.HTMLParser()
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

    @property
    def title(self) -> str:
        title = self.document.find(".//title")
        return _text(title) if title is not None else ""

    def axtree(self) -> AXTree:
        if self._axtree is None:
            self._axtree = build_axtree(self.document, focused=self.focused)
        return self._axtree

    def changed(self) -> None:
        """Forget the cached accessibility tree after the DOM or focus changed."""
        self._axtree = None


@dataclass
class Tab:
    """One tab: its page and its history of GET URLs."""

    page: Page
    history: list[str] = field(default_factory=list)
    position: int = 0


class InProcessBrowser(Browser):
    """A browser over the world's WSGI apps.

    Args:
        world: the env's world; every request is appended to ``world.request_log``.
    """

    def __init__(self, world: World) -> None:
        self.world = world
        self._clients: dict[str, Client] = {}
        self.tabs: list[Tab] = []
        self.active = 0

    # -- Browser interface -------------------------------------------------------------

    def reset(self, start_url: str, cookies: dict[str, tuple[str, str]]) -> None:
        self._clients = {
            SITES[site].host: Client(app, use_cookies=True) for site, app in self.world.apps.items()
        }
        for site, (name, value) in cookies.items():
            host = SITES[site].host
            self._clients[host].set_cookie(name, value, domain=host)
        self.tabs = [Tab(Page(BLANK_URL, _blank_document()))]
        self.active = 0
        self._navigate(expand_placeholders(start_url))

    def execute(self, action: Action) -> None:
        handler = getattr(self, f"_do_{action.kind}", None)
        if handler is None:
            raise ActionError(f"action '{action.kind}' is not handled by the in-process browser")
        handler(action)

    def axtree_text(self, max_chars: int | None = None) -> str:
        return self.page.axtree().text(max_chars)

    @property
    def url(self) -> str:
        return self.page.url

    @property
    def page(self) -> Page:
        return self.tabs[self.active].page

    def tabs_text(self) -> str:
        return tabs_text([(tab.page.title, tab.page.url) for tab in self.tabs], self.active)

    def document(self, url: str = "last") -> html.HtmlElement:
        if url == "last":
            document = self.page.document
        else:
            document = self._fetch("GET", expand_placeholders(url), None).document
        return html.document_fromstring(etree.tostring(document, method="html"))

    def close(self) -> None:
        self._clients.clear()
        self.tabs = []

    # -- HTTP --------------------------------------------------------------------------

    def _fetch(self, method: str, url: str, form: MultiDict | None) -> Page:
        """Request ``url``, following redirects; log every request; return the final page."""
        for _ in range(MAX_REDIRECTS + 1):
            parts = urlsplit(url)
            client = self._clients.get((parts.hostname or "").lower())
            if parts.scheme != "http" or client is None:
                raise unreachable(url, self.world.sites)
            path = urlunsplit(("", "", parts.path or "/", parts.query, ""))
            response = client.open(path, base_url=f"http://{parts.hostname}", method=method,
                                   data=form if method == "POST" else None)
            self.world.log_request(
                method, urlunsplit(("http", parts.hostname, parts.path or "/", parts.query, "")),
                log_form(form or MultiDict()), response.status_code)
            location = response.headers.get("Location")
            if response.status_code in (301, 302, 303, 307, 308) and location:
                if response.status_code in (301, 302, 303):
                    method, form = "GET", None
                url = urljoin(url, location)
                response.close()
                continue
            page = Page(url, self._parse(response.get_data(), response.mimetype), 
                        response.status_code)
            response.close()
            return page
        raise ActionError(f"too many redirects (more than {MAX_REDIRECTS}) from {url[:80]!r}")

    @staticmethod
    def _parse(body: bytes, mimetype: str) -> etree._Element:
        if mimetype == "text/html" and body.strip():
            return etree.fromstring(body, _PARSER)
        document = _blank_document()
        pre = etree.SubElement(document.find("body"), "pre")
        pre.text = body.decode("utf-8", errors="replace")
        return document

    def _navigate(self, url: str, method: str = "GET", form: MultiDict | None = None) -> None:
        """Load a page into the active tab and push it onto the tab's history."""
        if url == BLANK_URL:
            page = Page(BLANK_URL, _blank_document())
        else:
            page = self._fetch(method, url, form)
        tab = self.tabs[self.active]
        del tab.history[tab.position + 1:]
        tab.history.append(page.url)
        tab.position = len(tab.history) - 1
        tab.page = page

    # -- element helpers ---------------------------------------------------------------

    def _element(self, action: Action) -> etree._Element:
        elements = self.page.axtree().elements
        element = elements.get(action.target) if action.target is not None else None
        if element is None or not isinstance(element.tag, str):
            raise ActionError(f"no element with id [{action.target}] on this page; use an id "
                              "shown in brackets in the current observation")
        if is_hidden(element):
            raise ActionError(f"element [{action.target}] is not visible on this page")
        return element

    def _focus(self, element: etree._Element | None) -> None:
        self.page.focused = element
        self.page.changed()

    # -- actions -----------------------------------------------------------------------

    def _do_click(self, action: Action) -> None:
        element = self._element(action)
        if element.get("disabled") is not None:
            raise ActionError(f"element [{action.target}] is disabled")
        tag = element.tag
        input_type = (element.get("type") or "").lower()
        link = _closest(element, "a")
        if link is not None and link.get("href") is not None:
            self._navigate(urljoin(self.page.url, link.get("href")))
        elif tag == "label":
            control = _label_control(element)
            if control is not None and control.tag == "input" and input_type != "hidden":
                self._click_control(control)
            else:
                self._focus(control)
        elif tag == "summary":
            details = element.getparent()
            if details is not None and details.tag == "details":
                if details.get("open") is None:
                    details.set("open", "")
                else:
                    del details.attrib["open"]
            self._focus(element)
        elif tag == "option":
            select = _closest(element, "select")
            if select is not None:
                _select_option(select, element)
            self._focus(select)
        else:
            self._click_control(element)

    def _click_control(self, element: etree._Element) -> None:
        tag = element.tag
        input_type = (element.get("type") or "").lower()
        if tag == "input" and input_type == "checkbox":
            _set_checked(element, element.get("checked") is None)
            self._focus(element)
        elif tag == "input" and input_type == "radio":
            _set_checked(element, True)
            self._focus(element)
        elif (tag == "button" and input_type in ("", "submit")) or (
            tag == "input" and input_type in ("submit", "image")
        ):
            form = _form_of(element)
            if form is None:
                self._focus(element)
            else:
                self._submit(form, submitter=element)
        else:
            self._focus(element)

    def _do_type(self, action: Action) -> None:
        element = self._element(action)
        input_type = (element.get("type") or "").lower()
        if not ((element.tag == "input" and input_type in TEXT_INPUT_TYPES)
                or element.tag == "textarea"):
            raise ActionError(f"element [{action.target}] is not a text field; type into a "
                              "textbox, searchbox or spinbutton")
        if element.get("disabled") is not None or element.get("readonly") is not None:
            raise ActionError(f"element [{action.target}] is read-only or disabled")
        text = action.text or ""
        max_length = element.get("maxlength")
        if max_length and max_length.isdigit():
            text = text[: int(max_length)]
        if element.tag == "textarea":
            element.text = text + ("\n" if action.press_enter else "")
            self._focus(element)
            return
        element.set("value", text)
        self._focus(element)
        if action.press_enter:
            self._press_enter(element)

    def _do_select(self, action: Action) -> None:
        element = self._element(action)
        if element.tag != "select":
            raise ActionError(f"element [{action.target}] is not a combobox or listbox")
        wanted = (action.text or "").strip()
        options = element.findall(".//option")
        labels = [_text(option) for option in options]
        for matches in (
            lambda i: labels[i] == wanted or options[i].get("value") == wanted,
            lambda i: labels[i].casefold() == wanted.casefold(),
        ):
            for index in range(len(options)):
                if matches(index):
                    _select_option(element, options[index])
                    self._focus(element)
                    return
        shown = ", ".join(repr(label) for label in labels[:20])
        raise ActionError(f"element [{action.target}] has no option {wanted[:60]!r}; "
                          f"options: {shown}")

    def _do_check(self, action: Action, checked: bool = True) -> None:
        element = self._element(action)
        if element.tag != "input" or (element.get("type") or "").lower() not in ("checkbox",
                                                                                  "radio"):
            raise ActionError(f"element [{action.target}] is not a checkbox or radio button")
        if element.get("disabled") is not None:
            raise ActionError(f"element [{action.target}] is disabled")
        if not checked and (element.get("type") or "").lower() == "radio":
            raise ActionError(f"radio button [{action.target}] cannot be unchecked; check "
                              "another option of its group")
        _set_checked(element, checked)
        self._focus(element)

    def _do_uncheck(self, action: Action) -> None:
        self._do_check(action, checked=False)

    def _do_hover(self, action: Action) -> None:
        self._element(action)

    def _do_press(self, action: Action) -> None:
        key = (action.text or "").strip()
        if action.target is not None:
            self._focus(self._element(action))
        if key.lower() in ("enter", "return") and self.page.focused is not None:
            self._press_enter(self.page.focused)

    def _do_scroll(self, action: Action) -> None:
        # The observation always holds the whole page, so scrolling changes nothing.
        return None

    def _do_goto(self, action: Action) -> None:
        self._navigate(goto_target(action.text, self.page.url))

    def _do_go_back(self, action: Action) -> None:
        self._move_in_history(-1)

    def _do_go_forward(self, action: Action) -> None:
        self._move_in_history(+1)

    def _move_in_history(self, step: int) -> None:
        tab = self.tabs[self.active]
        position = tab.position + step
        if not 0 <= position < len(tab.history):
            raise ActionError("there is no page to go " + ("back" if step < 0 else "forward")
                              + " to in this tab")
        url = tab.history[position]
        tab.page = Page(BLANK_URL, _blank_document()) if url == BLANK_URL else self._fetch(
            "GET", url, None)
        tab.position = position

    def _do_new_tab(self, action: Action) -> None:
        self.tabs.append(Tab(Page(BLANK_URL, _blank_document()), [BLANK_URL]))
        self.active = len(self.tabs) - 1

    def _do_tab_focus(self, action: Action) -> None:
        index = action.tab_index if action.tab_index is not None else -1
        if not 0 <= index < len(self.tabs):
            raise ActionError(f"no tab {index}; open tabs are numbered 0 to {len(self.tabs) - 1}")
        self.active = index

    def _do_close_tab(self, action: Action) -> None:
        del self.tabs[self.active]
        if not self.tabs:
            self.tabs.append(Tab(Page(BLANK_URL, _blank_document()), [BLANK_URL]))
        self.active = min(self.active, len(self.tabs) - 1)

    # -- forms -------------------------------------------------------------------------

    def _press_enter(self, element: etree._Element) -> None:
        """Implicit submission: Enter in a field submits its form via its default button."""
        if element.tag != "input":
            return
        form = _form_of(element)
        if form is None:
            return
        submitter = next((control for control in _form_controls(form) if _is_submit(control)),
                         None)
        if submitter is not None and submitter.get("disabled") is not None:
            return
        self._submit(form, submitter)

    def _submit(self, form: etree._Element, submitter: etree._Element | None) -> None:
        fields = _form_data(form, submitter)
        method = ((submitter.get("formmethod") if submitter is not None else None)
                  or form.get("method") or "get").lower()
        action = (submitter.get("formaction") if submitter is not None else None) or form.get(
            "action") or self.page.url
        url = urljoin(self.page.url, action)
        if method == "post":
            self._navigate(url, "POST", fields)
        else:
            parts = urlsplit(url)
            query = urlencode(list(fields.items(multi=True)))
            self._navigate(urlunsplit((parts.scheme, parts.netloc, parts.path, query, "")))


def _closest(element: etree._Element, tag: str) -> etree._Element | None:
    node: etree._Element | None = element
    while node is not None:
        if node.tag == tag:
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
        controls += [el for el in root.iter("input", "button", "select", "textarea")
                     if el.get("form") == form_id and _closest(el, "form") is not form]
    return controls


def _is_submit(control: etree._Element) -> bool:
    input_type = (control.get("type") or "").lower()
    return (control.tag == "button" and input_type in ("", "submit")) or (
        control.tag == "input" and input_type in ("submit", "image"))


def _form_data(form: etree._Element, submitter: etree._Element | None) -> MultiDict:
    """The form data set a browser would send (HTML's "constructing the entry list")."""
    fields: MultiDict = MultiDict()
    for control in _form_controls(form):
        name = control.get("name")
        if not name or control.get("disabled") is not None:
            continue
        tag = control.tag
        input_type = (control.get("type") or "").lower()
        if tag == "button" or (tag == "input" and input_type in ("submit", "image", "reset",
                                                                   "button")):
            if control is submitter:
                fields.add(name, control.get("value", ""))
        elif tag == "input" and input_type in ("checkbox", "radio"):
            if control.get("checked") is not None:
                fields.add(name, control.get("value", "on"))
        elif tag == "input" and input_type == "file":
            continue
        elif tag == "select":
            options = control.findall(".//option")
            chosen = [o for o in options if o.get("selected") is not None]
            if not chosen and options and control.get("multiple") is None:
                chosen = options[:1]
            for option in chosen:
                value = option.get("value")
                fields.add(name, value if value is not None else _text(option))
        elif tag == "textarea":
            fields.add(name, control.text or "")
        else:
            fields.add(name, control.get("value", ""))
    return fields


def _label_control(label: etree._Element) -> etree._Element | None:
    target = label.get("for")
    if target:
        return _element_by_id(label, target)
    for control in label.iter("input", "select", "textarea", "button"):
        return control
    return None


def _set_checked(element: etree._Element, checked: bool) -> None:
    if (element.get("type") or "").lower() == "radio" and checked:
        name = element.get("name")
        form = _form_of(element)
        scope = form if form is not None else element.getroottree().getroot()
        for other in scope.iter("input"):
            if other is not element and (other.get("type") or "").lower() == "radio" \
                    and other.get("name") == name:
                other.attrib.pop("checked", None)
    if checked:
        element.set("checked", "")
    else:
        element.attrib.pop("checked", None)


def _select_option(select: etree._Element, option: etree._Element) -> None:
    if select.get("multiple") is None:
        for other in select.iter("option"):
            other.attrib.pop("selected", None)
        option.set("selected", "")
    elif option.get("selected") is None:
        option.set("selected", "")
    else:
        del option.attrib["selected"]
