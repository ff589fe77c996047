"""One open tab: its page, its history in the in-process model and its cached observation."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from webenv.axtree import AXTree
from webenv.browser.base import BLANK_URL
from webenv.browser.chromium.axmap import DomInfo, TreeBuilder, document_node, number_dom
from webenv.browser.chromium.driver import CDPSession, Page, PlaywrightError
from webenv.browser.chromium.loading import Loading
from webenv.browser.chromium.scripts import INSPECT_JS, inspect_arguments
from webenv.lru import LRU

__all__ = ["Tab"]

CDP_TIMEOUT_S = 30.0
MEMO_DOCUMENTS = 128
"""Most mapped trees a browser keeps by document (:func:`tree_memo`; 0: off)."""


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
    sends = asyncio.gather(
        *(impl.send(method=method, params=params, timeout=None) for method, params in calls)
    )
    # Bounded, so a Chromium that stops answering fails the step instead of hanging it.
    return list(sync(asyncio.wait_for(sends, CDP_TIMEOUT_S)))


def tree_memo() -> LRU[bytes, AXTree]:
    """A browser's memo of the mapped trees of documents as they load, by
    :func:`document_key`.

    A document that nothing has acted on yet is a function of its DOM, the sites running
    no scripts and the browser's settings and viewport being fixed: the same DOM loaded
    afresh gives the same tree, so Chromium's own tree (~300 KB of CDP JSON for a shop
    page, the largest part of a step) is asked for once per distinct document. An action
    can change what the DOM does not show (a typed value, focus), so a document an action
    ran on is never looked up (:attr:`Tab.acted_document`), nor is any tree read again
    on the same document after an action.
    """
    return LRU(MEMO_DOCUMENTS)


def document_key(root: dict[str, Any]) -> bytes:
    """A digest of a CDP ``DOM.getDocument`` tree: every node's type, name, attributes and
    value, the document's URL and mode, and the tree's shape, without the per-load ids."""
    digest = hashlib.blake2b(digest_size=16)
    parts: list[str] = []
    stack = [root]
    while stack:
        node = stack.pop()
        children = node.get("children", ())
        attributes = "\x01".join(node.get("attributes", ()))
        parts.append(
            f"{node.get('nodeType')}\x00{node.get('nodeName')}\x00{attributes}\x00"
            f"{node.get('nodeValue', '')}\x00{node.get('documentURL', '')}\x00"
            f"{node.get('compatibilityMode', '')}\x00{len(children)}\x02"
        )
        stack.extend(reversed(children))
        for extra in ("pseudoElements", "shadowRoots", "contentDocument", "templateContent"):
            if extra in node:
                parts.append(f"{extra}\x02")
                value = node[extra]
                stack.extend(reversed(value) if isinstance(value, list) else (value,))
    digest.update("".join(parts).encode("utf-8", "surrogatepass"))
    return digest.digest()


class Tab:
    """One open tab: its page, CDP session and cached observation."""

    def __init__(
        self, page: Page, memo: LRU[bytes, AXTree], history: list[str] | None = None
    ) -> None:
        self.page = page
        self.memo = memo
        self.acted_document: int | None = None
        """The document (backend node id) an action last ran on: its tree is not memoised."""
        self.cdp = page.context.new_cdp_session(page)
        self.tree: AXTree | None = None
        self.dom: dict[int, DomInfo] | None = None
        self.elements: dict[int, int] = {}  # element id -> backend node id, of ``dom``
        self.document_node: int | None = None
        # The in-process history model: GET URLs of the documents this tab loaded.
        self.history: list[str] = history if history is not None else []
        self.position = len(self.history) - 1
        self.restoring = False
        page.on("framenavigated", self._navigated)
        self.loading = Loading(page)

    def forget(self) -> None:
        """Drop the history, the cached observation and pending navigations (a new episode)."""
        self.history = []
        self.position = -1
        self.tree = None
        self.dom = None
        self.elements = {}
        self.loading.pending.clear()

    def _navigated(self, frame: Any) -> None:
        if frame != self.page.main_frame or self.restoring:
            return
        url = frame.url
        if self.history and self.history[self.position] == url == BLANK_URL:
            return
        del self.history[self.position + 1 :]
        self.history.append(url)
        self.position = len(self.history) - 1

    def observe(self) -> AXTree:
        """Chromium's AX tree of the current document, mapped to our ids (cached).

        Callers wait for the document first (:meth:`Loading.wait`). The DOM map is kept
        while the document stays the same (same document node, no commit since); the AX
        tree and the DOM map are always of one document, or the read is repeated.
        """
        if self.tree is None:
            ax_call = ("Accessibility.getFullAXTree", None)
            dom_call = ("DOM.getDocument", {"depth": -1})
            if self.dom is not None and self.dom_commit == self.loading.commits:
                (result,) = _cdp(self.cdp, ax_call)
                ax_nodes = result["nodes"]
                if document_node(ax_nodes) == self.document_node:
                    self.tree = TreeBuilder(ax_nodes, self.dom).build()
                    return self.tree
            for _attempt in range(3):
                commit = self.loading.commits
                (root,) = _cdp(self.cdp, dom_call)
                document = root["root"].get("backendNodeId")
                key = None
                if self.memo.size > 0 and document != self.acted_document:
                    key = document_key(root["root"])
                    tree = self.memo.get(key)
                    if tree is not None:
                        self._set_dom(root["root"], commit)
                        self.tree = tree
                        return tree
                (result,) = _cdp(self.cdp, ax_call)
                ax_nodes = result["nodes"]
                if document_node(ax_nodes) == document:
                    break
                key = None
                self.loading.wait()  # read across a navigation: wait for it, read again
            self._set_dom(root["root"], commit)
            self.tree = TreeBuilder(ax_nodes, self.dom or {}).build()
            if key is not None:
                self.memo.put(key, self.tree)
        return self.tree

    def inspect(self, target: int) -> dict[str, Any] | None:
        """``inspect.js``'s facts about the element with id ``target``, or None.

        The element is found through the DOM map of the current observation (callers
        :meth:`observe` first), so by the ids the agent was shown and without touching
        the rest of the document; ``inspect.js`` marks it, and its ``<select>``, with
        ``data-webenv-id`` for Playwright's locators.
        """
        backend = self.elements.get(target)
        if backend is None or self.dom is None:
            return None
        select_id = None
        node: int | None = backend
        while node is not None:
            info = self.dom[node]
            if info.tag == "select":
                select_id = info.node_id
                break
            node = info.parent
        (resolved,) = _cdp(self.cdp, ("DOM.resolveNode", {"backendNodeId": backend}))
        (result,) = _cdp(
            self.cdp,
            (
                "Runtime.callFunctionOn",
                {
                    "objectId": resolved["object"]["objectId"],
                    "functionDeclaration": INSPECT_JS,
                    "arguments": inspect_arguments(target, select_id),
                    "returnByValue": True,
                },
            ),
        )
        if "exceptionDetails" in result:
            raise PlaywrightError(f"inspect.js failed: {result['exceptionDetails'].get('text')}")
        facts: dict[str, Any] = result["result"]["value"]
        facts["selectId"] = select_id
        return facts

    def _set_dom(self, root: dict[str, Any], commit: int) -> None:
        self.dom = number_dom(root)
        self.elements = {
            info.node_id: backend for backend, info in self.dom.items() if info.tag is not None
        }
        self.document_node = root.get("backendNodeId")
        self.dom_commit = commit
