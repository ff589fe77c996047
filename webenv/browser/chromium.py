"""The real-browser backend: Playwright driving Debian's Chromium, AX tree over CDP.

Routing
-------
The env's world is served by one loopback proxy (:class:`webenv.browser.servers.SiteProxy`,
``127.0.0.1:<ephemeral port>``) and Chromium is started with
``--proxy-server=http://127.0.0.1:PORT --proxy-bypass-list=<-loopback>``, so pages keep
the in-process URLs (``http://shop.test/...``) and every request, loopback included,
goes to the proxy. The proxy answers only this world's hosts; ``goto`` to anything else
is refused before navigating with the in-process error message, and a redirect or link
to another host ends on a 403 page and raises the same error. Nothing leaves the machine.

Ids
---
Before the first action on a document a script (``number.js``) walks it with a
``TreeWalker`` (``SHOW_ELEMENT | SHOW_TEXT``) and numbers it exactly like
:mod:`webenv.axtree.ids` (pre-order from ``<html>`` = 0, text nodes counted unless
``/^\\s*$/`` or inside a ``<textarea>``), writing each element's id into
``data-webenv-id``. Actions find elements with the locator ``[data-webenv-id="N"]``.
The page scripts are ``.js`` files next to this module, given the rules they apply as
JSON from :mod:`webenv.axtree.rules` (one source for both backends and the page).

Observation
-----------
``Accessibility.getFullAXTree`` (CDP) gives Chromium's tree; ``DOM.getDocument`` gives
the DOM with backend node ids, numbered in Python by the same rule, so every AX node maps
to its id through ``backendDOMNodeId``. The mapped tree is turned into
:class:`webenv.axtree.AXNode` objects and rendered by the same :class:`webenv.axtree.AXTree`
renderer, with the in-process rules applied on top of Chromium's roles, names and states:

* ignored nodes, nodes with no DOM counterpart (CSS ``::before``/``::marker`` content,
  a ``<select>``'s popup, a text field's inner editor) and ``InlineTextBox`` are skipped,
  their children promoted; unnamed layout roles (generic, paragraph, LabelText, group,
  rowgroup, form, region, legend, LineBreak), ``none``, ``<body>`` and unnamed images are
  pruned likewise;
* ``StaticText`` shows the DOM text node (whitespace collapsed) and is dropped when it
  equals, or is part of a content-derived, name of its nearest shown ancestor;
* form controls (inputs, selects, textareas, options, images) show no content children
  except a select's options and option groups;
* properties are emitted in the in-process order (focused, expanded/checked/selected,
  disabled, required, value) with the in-process rules for which roles show which;
* role names Chromium spells differently are mapped to the in-process names
  (``<dl>`` DescriptionList, ``<dt>`` term, ``<dd>`` definition, ...).

Where Chromium and the in-process model differ, the in-process text wins (the parity
target), and the mapping says so explicitly:

* a role that the in-process model never names from content (``term``, ...) gets no name
  when Chromium named it from content; a role it does name from content (``cell``, ...)
  that Chromium left unnamed is named from its AX subtree (named descendants give their
  name, others their text);
* the text of a ``<label for>``, which Chromium marks presentational because it went into
  the control's name, is still shown as ``StaticText``;
* ``required`` also comes from the DOM attribute (Chromium omits it on comboboxes).

``webenv parity`` measures the result (100 % identical lines on 40 sampled pages of each
bundled site when this was written). Known remaining differences: ``focused`` after
clicking a non-focusable element (the in-process browser marks it focused, Chromium
cannot focus it), and pages whose CSS hides or generates content (none of the bundled
sites do: the in-process model reads only inline styles).

Actions
-------
What an action means (preconditions, messages, option matching, URL resolution, history
and tabs) is :class:`webenv.browser.base.Browser`'s; this backend supplies its primitives.
Element facts come from one script that numbers the document (once per document; the
sites run no scripts, so the DOM does not change under us) and reports the target, so
refused actions fail before Playwright is asked. Buttons, inputs, labels and summaries get
a real pointer click (``force=True``: Playwright's actionability waits cost ~40 ms and the
checks are already done); links load the URL the base resolved from their ``href``;
other elements are focused. ``type`` is ``fill`` (+ Enter), ``press`` goes to the
focused element (so the navigation it starts is awaited), and history entries are loaded
afresh (Chromium's own history would restore typed form values). Every action path ends
in one wait (:class:`_Loading`): no main-frame navigation pending and the new document's
``readyState`` ``complete``; back/forward-cache restores are disabled. Ids are numbered
once per document (the DOM is numbered in Python from ``DOM.getDocument`` for the
observation and by the script for the locators: the same rule on the same DOM).

Processes
---------
One Playwright driver per Python process (shared, reference-counted) and one Chromium
per :class:`ChromiumBrowser`, reused across resets with a fresh browser context per
reset. ``close()`` ends the context, the browser and the proxy; so does a finalizer when
an env is dropped without ``close()``. If the Python process is killed, the driver sees
its stdin close and kills Chromium (tested in ``tests/browser/test_chromium.py`` with a
SIGKILLed env).
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import io
import json
import os
import re
import shutil
import threading
import time
import weakref
from collections.abc import Callable
from importlib import resources
from typing import Any, ParamSpec, TypeVar

import numpy as np
from lxml import html
from playwright.sync_api import CDPSession, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from webenv.actions import Action, ActionError
from webenv.axtree import AXNode, AXTree, rules
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
from webenv.browser.servers import SiteProxy
from webenv.sites.core.urls import URL, parse_url
from webenv.world import SITES, World

try:  # Playwright's sync API runs on greenlets (a dependency of playwright)
    import greenlet
except ImportError:  # pragma: no cover - a Playwright without greenlets
    greenlet = None

__all__ = ["ChromiumBrowser", "chromium_executable"]

P = ParamSpec("P")
R = TypeVar("R")

ID_ATTR = "data-webenv-id"
ACTION_TIMEOUT_MS = 3_000
NAVIGATION_TIMEOUT_MS = 10_000
VIEWPORT = {"width": 1280, "height": 720}
# Chromium role -> the rules' role, for roles Chromium spells differently.
_ROLE_ALIASES = {**rules.ARIA_ROLE_ALIASES, "Abbr": "generic", "Section": "region",
                 "sectionheader": "heading", "sectionfooter": "generic"}


def _page_script(name: str) -> str:
    """The function expression in ``name``, a ``.js`` file shipped next to this module."""
    lines = resources.files(__package__).joinpath(name).read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):  # the file's leading comment
        lines.pop(0)
    return "\n".join(lines).strip()


# The page scripts, with the axtree rules they apply bound as JSON (so that the page and
# the Python rules cannot drift apart): number.js (run by inspect.js) numbers the document
# like webenv.axtree.ids, inspect.js reports an action target's facts, serialize.js
# returns the DOM with form state.
_RULES_JSON = json.dumps(rules.js_table(), sort_keys=True)
_INSPECT_JS = (f"(id) => ({_page_script('inspect.js')})({_RULES_JSON}, id, "
               f"{_page_script('number.js')})")
_SERIALIZE_JS = _page_script("serialize.js")

# Playwright passes its own ``--disable-features`` list and a later one replaces it, so
# the list is repeated here with RenderDocument and ProactivelySwapBrowsingInstance added
# (a new renderer document per navigation costs ~25 ms per step).
_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "RenderDocument", "ProactivelySwapBrowsingInstance", "Translate", "AutofillServerCommunication",
    "CertificateTransparencyComponentUpdater", "InterestFeedContentSuggestions",
    # History navigation always loads the document again (a restore from the cache fires
    # no load and would keep typed form values).
    "BackForwardCache",
)
_LAUNCH_ARGS = [
    "--disable-features=" + ",".join(_DISABLED_FEATURES),
    "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions",
    "--disable-default-apps",
    "--no-default-browser-check", "--mute-audio", "--hide-scrollbars",
]


def chromium_executable() -> str | None:
    """The Chromium binary to launch (``$WEBENV_CHROMIUM`` or ``/usr/bin/chromium``), if any."""
    path = os.environ.get("WEBENV_CHROMIUM", "/usr/bin/chromium")
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return shutil.which(path)


class _Driver:
    """One Playwright driver per process, shared by every ChromiumBrowser.

    Started on first use and kept until the interpreter exits: stopping the sync driver
    and starting another in the same thread is where Playwright can hang, and the
    driver process dies with its parent anyway. Browsers, not the driver, are closed
    per env.
    """

    playwright: Playwright | None = None
    thread: int | None = None  # the thread the driver runs in (sync Playwright is bound to it)

    @classmethod
    def get(cls) -> Playwright:
        if cls.playwright is None:
            cls.playwright = sync_playwright().start()
            cls.thread = threading.get_ident()
            atexit.register(cls._stop)
        _release_deferred()
        return cls.playwright

    @classmethod
    def _stop(cls) -> None:
        for finalizer in list(_FINALIZERS):  # browsers first, while the driver still runs
            finalizer()
        _release_deferred()
        playwright, cls.playwright = cls.playwright, None
        if playwright is not None:
            try:
                playwright.stop()
            except Exception:  # noqa: BLE001 - best effort at interpreter exit
                pass


# The finalizers of open ChromiumBrowsers (see ChromiumBrowser.__init__), and releases that
# the garbage collector started in a thread other than the driver's, done on the next use.
_FINALIZERS: set[weakref.finalize] = set()
_DEFERRED: list[tuple[Any, SiteProxy]] = []


def _release(browser: Any, proxy: SiteProxy) -> None:
    """Close one ChromiumBrowser's Chromium and proxy (its finalizer: no reference to it).

    Sync Playwright may only be called from the driver's thread, outside its dispatcher; a
    collection that runs elsewhere (e.g. in the proxy's threads) leaves the work to the
    next call of a ChromiumBrowser or of the driver.
    """
    fiber = getattr(_Driver.playwright, "_dispatcher_fiber", None)
    if (_Driver.thread is not None and threading.get_ident() != _Driver.thread) or (
            greenlet is not None and fiber is not None and greenlet.getcurrent() is fiber):
        _DEFERRED.append((browser, proxy))  # e.g. a collection during event dispatch
        return
    try:
        browser.close()
    except Exception:  # noqa: BLE001 - the driver may already be gone (interpreter exit)
        pass
    finally:
        proxy.close()


def _release_deferred() -> None:
    """Release what collections left to the driver's thread (see :func:`_release`)."""
    if _DEFERRED:
        deferred = list(_DEFERRED)
        _DEFERRED.clear()
        for browser, proxy in deferred:  # one still in the wrong place is deferred again
            _release(browser, proxy)


def _unpin_last_call() -> None:
    """Let the driver's dispatcher drop the last call's task, which pins its caller's frames.

    The sync API keeps the calling frame on each call's task (for its stack traces), and
    the dispatcher greenlet holds the last task until it runs again, so without this the
    frames of the last call, and the env they reference, would outlive a dropped env.
    """
    playwright = _Driver.playwright
    loop = getattr(playwright, "_loop", None)
    fiber = getattr(playwright, "_dispatcher_fiber", None)
    if greenlet is None or loop is None or fiber is None or fiber.dead or loop.is_closed():
        return
    current = greenlet.getcurrent()
    if _Driver.thread != threading.get_ident() or current is fiber:
        return
    # What every sync call does (switch to the dispatcher until a future is done), with a
    # future of our own that carries no frames.
    future = loop.create_future()
    future.add_done_callback(lambda _: current.switch())
    loop.call_soon(future.set_result, None)
    while not future.done() and not fiber.dead:
        fiber.switch()


def _unpinned(method: Callable[P, R]) -> Callable[P, R]:
    """Run a public method, then :func:`_unpin_last_call`."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        finally:
            _unpin_last_call()
            _release_deferred()

    return wrapper


def playwright_driver() -> Playwright:
    """The process's Playwright (sync API) driver, started on first use.

    Playwright allows one sync driver per thread, so everything in the process that
    drives a browser (the chromium backend, tests, tools) should launch through it.
    """
    return _Driver.get()


def _weak(method: Any) -> Any:
    """An event handler calling ``method`` while its object lives, without keeping it alive.

    Playwright keeps handlers as long as the browser context, which the driver keeps.
    """
    ref = weakref.WeakMethod(method)

    def handler(*args: Any) -> None:
        bound = ref()
        if bound is not None:
            bound(*args)

    return handler


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _one_line(exc: BaseException) -> str:
    """Playwright's first message line, without its call log."""
    message = str(exc).strip().splitlines()
    first = message[0] if message else type(exc).__name__
    return re.sub(r"^\w+\.\w+: ", "", first)[:300]


CDP_TIMEOUT_S = 30.0


def _cdp(session: CDPSession, *calls: tuple[str, dict[str, Any] | None]) -> list[Any]:
    """Send CDP commands concurrently and return their raw results.

    Playwright's public ``CDPSession.send`` walks every result to wrap API objects, which
    costs more than Chromium's own work for a whole AX tree; the results here are plain
    JSON, so the implementation object is called directly when available.
    """
    impl = getattr(session, "_impl_obj", None)
    sync = getattr(session, "_sync", None)
    if impl is None or sync is None:  # pragma: no cover - other Playwright versions
        return [session.send(method, params) for method, params in calls]
    sends = asyncio.gather(*(impl.send(method=method, params=params, timeout=None)
                             for method, params in calls))
    # Bounded, so a Chromium that stops answering fails the step instead of hanging it.
    return list(sync(asyncio.wait_for(sends, CDP_TIMEOUT_S)))


class _DomInfo:
    """What the observation needs to know about one numbered DOM node."""

    __slots__ = ("node_id", "tag", "attrs", "text", "children")

    def __init__(self, node_id: int, tag: str | None, attrs: dict[str, str],
                 text: str | None, children: list[int] | None = None) -> None:
        self.node_id = node_id
        self.tag = tag
        self.attrs = attrs
        self.text = text
        self.children = children or []


def number_dom(document: dict[str, Any]) -> dict[int, _DomInfo]:
    """Number a CDP ``DOM.getDocument`` tree like :mod:`webenv.axtree`.

    Returns:
        backendNodeId -> info for every numbered element and text node.
    """
    out: dict[int, _DomInfo] = {}
    root = next((c for c in document.get("children", []) if c.get("nodeType") == 1), None)
    if root is None:
        return out
    counter = 0
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.get("nodeType")
        if kind == 1:
            flat = node.get("attributes", [])
            attrs = dict(zip(flat[::2], flat[1::2], strict=False))
            tag = node.get("localName") or node.get("nodeName", "").lower()
            children = node.get("children", [])
            if tag == rules.VALUE_TEXT_TAG:
                children = [c for c in children if c.get("nodeType") != 3]
            out[node["backendNodeId"]] = _DomInfo(counter, tag, attrs, None,
                                                  [c["backendNodeId"] for c in children])
            counter += 1
            stack.extend(reversed(children))
        elif kind == 3:
            value = node.get("nodeValue", "")
            if value.strip(rules.JS_WHITESPACE):
                out[node["backendNodeId"]] = _DomInfo(counter, None, {}, value)
                counter += 1
    return out


class _TreeBuilder:
    """Chromium's CDP AX nodes -> in-process :class:`AXNode` objects."""

    def __init__(self, ax_nodes: list[dict[str, Any]], dom: dict[int, _DomInfo]) -> None:
        self.nodes = {node["nodeId"]: node for node in ax_nodes}
        self.by_backend = {node["backendDOMNodeId"]: node for node in ax_nodes
                           if "backendDOMNodeId" in node}
        self.dom = dom
        self.root = ax_nodes[0] if ax_nodes else None

    def build(self) -> AXTree:
        root = self.root
        root_info = self.dom.get(root.get("backendDOMNodeId")) if root else None
        title = _collapse(_value(root.get("name"))) if root else ""
        node = AXNode(0 if root_info is None else root_info.node_id, "RootWebArea", title, {}, [],
                      None)
        if root is not None:
            for child_id in root.get("childIds", []):
                self.visit(self.nodes.get(child_id), node.children, title, False)
        return AXTree(root=node, elements={})

    def children(self, ax: dict[str, Any], out: list[AXNode], pname: str, pfc: bool) -> None:
        nodes = self.nodes
        for child_id in ax.get("childIds", []):
            self.visit(nodes.get(child_id), out, pname, pfc)

    def visit(self, ax: dict[str, Any] | None, out: list[AXNode], pname: str, pfc: bool) -> None:
        if ax is None:
            return
        role = _value(ax.get("role"))
        info = self.dom.get(ax.get("backendDOMNodeId"))
        if info is not None and info.text is not None:
            if _shown_text(ax):
                text = _collapse(info.text)
                if text and text != pname and not (pfc and text in pname):
                    out.append(AXNode(info.node_id, "StaticText", text, {}, [], None))
            return
        if role == "InlineTextBox":
            return
        if ax.get("ignored") or info is None or info.tag is None:
            if info is not None and info.tag in rules.LEAF_TAGS and info.tag != "select":
                return
            self.children(ax, out, pname, pfc)
            return
        tag = info.tag
        role = self.role(ax, role, info)
        if role == "none":
            self.children(ax, out, pname, pfc)
            return
        name = _collapse(_value(ax.get("name")))
        from_content = _named_from_contents(ax)
        if from_content and role not in rules.NAME_FROM_CONTENT:
            name, from_content = "", False  # in-process names these roles only from markup
        elif not name and role in rules.NAME_FROM_CONTENT and tag not in rules.LEAF_TAGS:
            name = _collapse(" ".join(self.content_text(ax)))
            from_content = bool(name)
        if (not name and role in rules.LAYOUT_ROLES) or tag == "body" or (
                not name and role == "image"):
            if tag not in rules.LEAF_TAGS:
                self.children(ax, out, pname, pfc)
            return
        node = AXNode(info.node_id, role, name, self.properties(ax, role, info), [], None)
        out.append(node)
        if tag == "select":
            self.options(ax, node.children)
        elif tag not in rules.LEAF_TAGS:
            self.children(ax, node.children, name, from_content)

    def content_text(self, ax: dict[str, Any]) -> list[str]:
        """Name from content over the AX subtree, for roles Chromium leaves unnamed.

        Chromium does not name e.g. a cell from a button inside it; the in-process model
        does (a named descendant contributes its name, others their text).
        """
        parts: list[str] = []
        for child_id in ax.get("childIds", []):
            child = self.nodes.get(child_id)
            if child is None:
                continue
            role = _value(child.get("role"))
            info = self.dom.get(child.get("backendDOMNodeId"))
            if info is not None and info.text is not None:
                if _shown_text(child):
                    parts.append(info.text)
            elif role == "InlineTextBox" or info is None:
                continue
            elif not child.get("ignored") and _collapse(_value(child.get("name"))) and not (
                    _named_from_contents(child)):
                parts.append(_collapse(_value(child.get("name"))))
            elif info.tag not in rules.LEAF_TAGS:
                parts.extend(self.content_text(child))
        return parts

    def options(self, ax: dict[str, Any], out: list[AXNode]) -> None:
        """A select's options and named option groups, whatever Chromium wraps them in."""
        for child_id in ax.get("childIds", []):
            child = self.nodes.get(child_id)
            if child is None:
                continue
            info = self.dom.get(child.get("backendDOMNodeId"))
            tag = info.tag if info is not None else None
            if tag == "option" and not child.get("ignored"):
                name = _collapse(_value(child.get("name")))
                out.append(AXNode(info.node_id, "option", name,
                                  self.properties(child, "option", info), [], None))
            elif tag == "optgroup" and not child.get("ignored"):
                name = _collapse(info.attrs.get("label", ""))
                if name:
                    group = AXNode(info.node_id, "group", name,
                                   self.properties(child, "group", info), [], None)
                    out.append(group)
                    self.options(child, group.children)
                else:
                    self.options(child, out)
            elif tag != "option":
                self.options(child, out)

    @staticmethod
    def role(ax: dict[str, Any], role: str, info: _DomInfo) -> str:
        role = _ROLE_ALIASES.get(role, role)
        tag = info.tag or ""
        explicit = info.attrs.get("role")
        if explicit and explicit.split()[0].lower() == role.lower():
            return role
        mapped = rules.tag_role(tag)
        if mapped is not None:
            role = mapped
        if tag == "input" and (info.attrs.get("type") or "").lower() == "search":
            role = "searchbox"
        return role

    def properties(self, ax: dict[str, Any], role: str, info: _DomInfo) -> dict[str, object]:
        raw = {p["name"]: _value(p.get("value")) for p in ax.get("properties", [])}
        attrs = info.attrs
        props: dict[str, object] = {}
        if raw.get("focused") is True:
            props["focused"] = True
        for attr, key in rules.ARIA_STATES:
            value = (attrs.get(attr) or "").strip().lower()
            if value in ("true", "false"):
                props[key] = value == "true"
            elif value == "mixed" and key == "checked":
                props[key] = "mixed"
        if role in ("combobox",) or (role == "DisclosureTriangle" and info.tag == "summary"):
            props["expanded"] = raw.get("expanded") is True
        if role in ("checkbox", "radio") and info.tag == "input":
            props["checked"] = raw.get("checked") in (True, "true")
        if role == "option":
            props["selected"] = raw.get("selected") is True
        if raw.get("disabled") is True:
            props["disabled"] = True
        if role in rules.TEXT_ENTRY_ROLES:
            props["required"] = raw.get("required") is True or "required" in attrs
            value = _collapse(str(_value(ax.get("value")) or ""))
            if value:
                if (attrs.get("type") or "").lower() == "password":
                    value = "\u2022" * len(value)
                props["value"] = value
        elif role in ("combobox", "listbox", "checkbox", "radio") and (
                raw.get("required") is True or "required" in attrs):
            props["required"] = True
        elif (attrs.get("aria-required") or "").strip().lower() in ("true", "false"):
            props["required"] = attrs["aria-required"].strip().lower() == "true"
        return {key: props[key] for key in rules.PROPERTY_ORDER if key in props}


def _value(field: dict[str, Any] | None) -> Any:
    if not field:
        return ""
    return field.get("value", "")


def _shown_text(ax: dict[str, Any]) -> bool:
    """Whether an AX node of a DOM text node is shown as ``StaticText``.

    Chromium marks the text of a ``<label for>`` presentational (it went into the
    control's name); the in-process model shows it, so it is kept.
    """
    if not ax.get("ignored"):
        return _value(ax.get("role")) == "StaticText"
    reasons = {reason.get("name") for reason in ax.get("ignoredReasons", [])}
    return reasons == {"presentationalRole"}


def _named_from_contents(ax: dict[str, Any]) -> bool:
    for source in (ax.get("name") or {}).get("sources", []):
        if "value" in source and not source.get("superseded"):
            return source.get("type") == "contents"
    return False


class _Tab:
    """One open tab: its page, CDP session and cached observation."""

    def __init__(self, page: Page, history: list[str] | None = None) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.tree: AXTree | None = None
        self.dom: dict[int, _DomInfo] | None = None
        self.document_node: int | None = None
        # The in-process history model: GET URLs of the documents this tab loaded.
        self.history: list[str] = history if history is not None else []
        self.position = len(self.history) - 1
        self.restoring = False
        page.on("framenavigated", self._navigated)
        self.loading = _Loading(page)

    def _navigated(self, frame: Any) -> None:
        if frame != self.page.main_frame or self.restoring:
            return
        url = frame.url
        if self.history and self.history[self.position] == url == BLANK_URL:
            return
        del self.history[self.position + 1:]
        self.history.append(url)
        self.position = len(self.history) - 1

    def observe(self) -> AXTree:
        """Chromium's AX tree of the current document, mapped to our ids (cached).

        Callers wait for the document first (:meth:`_Loading.wait`). The DOM map is kept
        while the document stays the same (same document node, no commit since); the AX
        tree and the DOM map are always of one document, or the read is repeated.
        """
        if self.tree is None:
            ax_call = ("Accessibility.getFullAXTree", None)
            dom_call = ("DOM.getDocument", {"depth": -1})
            if self.dom is not None and self.dom_commit == self.loading.commits:
                (result,) = _cdp(self.cdp, ax_call)
                ax_nodes = result["nodes"]
                if _document_node(ax_nodes) == self.document_node:
                    self.tree = _TreeBuilder(ax_nodes, self.dom).build()
                    return self.tree
            for _attempt in range(3):
                commit = self.loading.commits
                result, root = _cdp(self.cdp, ax_call, dom_call)
                ax_nodes = result["nodes"]
                if _document_node(ax_nodes) == root["root"].get("backendNodeId"):
                    break
                self.loading.wait()  # read across a navigation: wait for it, read again
            self._set_dom(root["root"], commit)
            self.tree = _TreeBuilder(ax_nodes, self.dom or {}).build()
        return self.tree

    def _set_dom(self, root: dict[str, Any], commit: int) -> None:
        self.dom = number_dom(root)
        self.document_node = root.get("backendNodeId")
        self.dom_commit = commit


def _document_node(ax_nodes: list[dict[str, Any]]) -> int | None:
    """The backend node id of the document an AX tree (CDP nodes, root first) is of."""
    return ax_nodes[0].get("backendDOMNodeId") if ax_nodes else None


_READY_STATE_JS = "() => document.readyState"


class _Loading:
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
                disposition.strip().lower().startswith("attachment"))
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
                try:
                    page.wait_for_load_state(
                        "load", timeout=max(1.0, (deadline - time.monotonic()) * 1000))
                except PlaywrightError:
                    pass
            else:
                page.wait_for_timeout(5)
        self.pending.clear()  # give up on what never ended; the next wait starts afresh
        return False


class ChromiumBrowser(Browser):
    """A headless Chromium over the world's sites, served on loopback.

    Args:
        world: the env's world; document requests are appended to ``world.request_log``.
        executable: the Chromium binary (default ``$WEBENV_CHROMIUM`` or ``/usr/bin/chromium``).

    Raises:
        RuntimeError: Chromium is not installed or does not start.
    """

    def __init__(self, world: World, executable: str | None = None) -> None:
        self.world = world
        path = executable or chromium_executable()
        if path is None:
            raise RuntimeError("Chromium not found: install Debian's 'chromium' package "
                               "(apt-get install chromium) or set WEBENV_CHROMIUM")
        self._closed = False
        self.proxy = SiteProxy(world)
        args = [*_LAUNCH_ARGS, f"--proxy-server={self.proxy.address}",
                "--proxy-bypass-list=<-loopback>"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--no-sandbox")
        try:
            self._browser = playwright_driver().chromium.launch(
                executable_path=path, args=args, headless=True, timeout=30_000)
        except BaseException:
            self.proxy.close()
            raise
        self._context = None
        self.tabs: list[_Tab] = []
        self.active = 0
        # An env dropped without close() still ends its Chromium: the finalizer holds the
        # Playwright browser and the proxy, never this object (Playwright's event handlers
        # hold it only weakly, see _weak), so the object can be collected.
        self._finalizer = weakref.finalize(self, _release, self._browser, self.proxy)
        self._finalizer.atexit = False  # _Driver._stop runs it, before stopping the driver
        _FINALIZERS.difference_update([f for f in _FINALIZERS if not f.alive])
        _FINALIZERS.add(self._finalizer)

    # -- Browser interface -------------------------------------------------------------

    @_unpinned
    def reset(self, start_url: str, cookies: dict[str, tuple[str, str]]) -> None:
        if self._closed:
            raise RuntimeError("the browser is closed")
        if self._context is not None:
            self._context.close()
        self.tabs = []
        self._context = self._browser.new_context(viewport=VIEWPORT, java_script_enabled=True,
                                                  service_workers="block")
        self._context.set_default_timeout(ACTION_TIMEOUT_MS)
        self._context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
        self._context.add_cookies([
            {"name": name, "value": value, "domain": SITES[site].host, "path": "/",
             "httpOnly": True, "sameSite": "Lax"}
            for site, (name, value) in cookies.items()
        ])
        self._context.on("page", _weak(self._on_page))
        self.tabs = [self._new_page()]
        self.active = 0
        self._goto(str(self._start_url(start_url)))

    @_unpinned
    def execute(self, action: Action) -> None:
        if not self.tabs:
            raise ActionError("no page is open; call reset() first")
        loading = self.tabs[self.active].loading
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

    @_unpinned
    def axtree_text(self, max_chars: int | None = None) -> str:
        return self._tree().text(max_chars)

    @property
    def page(self) -> Page:
        return self.tabs[self.active].page

    @_unpinned
    def tabs_text(self) -> str:
        return super().tabs_text()

    @_unpinned
    def document(self, url: str = "last") -> html.HtmlElement:
        if url == "last":
            source = self.page.evaluate(_SERIALIZE_JS) if self.tabs else ""
        else:
            target = str(self._fetch_url(url))
            self._adding = True
            try:
                page = self._context.new_page()
            finally:
                self._adding = False
            try:
                page.goto(target, wait_until="load")
                source = page.evaluate(_SERIALIZE_JS)
            finally:
                page.close()
        if not source.strip():
            source = "<html><head><title></title></head><body></body></html>"
        return html.document_fromstring(source)

    @_unpinned
    def screenshot(self) -> bytes:
        """The active tab's viewport as PNG bytes."""
        return self.page.screenshot(type="png", animations="disabled", caret="initial")

    def rgb_array(self) -> np.ndarray:
        """The active tab's viewport as an ``HxWx3`` ``uint8`` array (``VIEWPORT`` sized)."""
        from PIL import Image

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
        self.tabs.append(_Tab(page))
        self.active = len(self.tabs) - 1

    _adding = False

    def _new_page(self, history: list[str] | None = None) -> _Tab:
        self._adding = True
        try:
            return _Tab(self._context.new_page(), history)
        finally:
            self._adding = False

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

        Every action path ends here (see :class:`_Loading`), so an observation is never
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
        info = self.page.evaluate(_INSPECT_JS, target)
        if info is None:
            return None
        select_id = info["selectId"]
        link = info["link"]
        if link is not None:  # the href as written: the base resolves it with parse_url
            link = self._locator(target).evaluate(
                "el => el.closest('a[href]').getAttribute('href')")
        return ElementFacts(
            tag=info["tag"], type=info["type"], hidden=info["hidden"],
            disabled=info["disabled"], readonly=info["readonly"], multiple=info["multiple"],
            link=link,
            options=tuple(OptionFacts(option_label(None, option["label"]), option["value"])
                          for option in info["options"]),
            select_id=int(select_id) if select_id is not None and select_id.isdigit() else None,
            option_index=info["optionIndex"])

    def _focus(self, target: int) -> None:
        # Focus only: a pointer click at the centre of, say, <html> would land on whatever
        # control is drawn there.
        self._locator(target).evaluate(
            "el => { el.focus(); const active = document.activeElement;"
            " if (active && active !== el && active.blur) active.blur(); }")

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
                " s.dispatchEvent(new Event('change', {bubbles: true})); }", index)
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

    def _open_tab(self) -> _Tab:
        return self._new_page([BLANK_URL])

    def _discard_tab(self, tab: _Tab) -> None:
        tab.page.close()

    def _show_tab(self) -> None:
        self.page.bring_to_front()

    def _tab_url(self, tab: _Tab) -> str:
        return tab.page.url

    def _tab_title(self, tab: _Tab) -> str:
        if tab.tree is not None:  # the AX root is named by the <title>: no round trip
            return tab.tree.root.name
        try:
            return _collapse(tab.page.title())
        except PlaywrightError:
            return ""
