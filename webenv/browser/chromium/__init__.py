"""The real-browser backend: Playwright driving Debian's Chromium, AX tree over CDP.

Needs the ``chromium`` extra (``pip install 'webenv[chromium]'``); without Playwright,
importing this package raises :class:`webenv.errors.BrowserStackMissing`. Nothing here
is imported by ``import webenv``.

* Routing (:mod:`.proxy`): Chromium sends every request to one loopback proxy that
  answers only this world's hosts, so pages keep the in-process URLs
  (``http://shop.test/...``) and nothing leaves the machine.
* Ids (:mod:`.scripts`): a page script numbers the document exactly like
  :mod:`webenv.axtree.ids`; actions find elements by that number.
* Observation (:mod:`.axmap`): CDP's AX tree mapped to the same ids and rendered by the
  in-process renderer with the in-process rules, so both backends print the same text.
* Actions (:mod:`.browser`): what an action means is :class:`webenv.browser.base.Browser`'s;
  this backend supplies the primitives, and every action ends in one navigation wait
  (:mod:`.loading`) before the next observation is read.
* Processes (:mod:`.driver`): one Playwright driver per Python process, one Chromium per
  :class:`ChromiumBrowser`, closed by ``close()`` or by a finalizer when dropped.
"""

from webenv.browser.chromium.browser import ACTION_TIMEOUT_MS, VIEWPORT, ChromiumBrowser
from webenv.browser.chromium.driver import chromium_executable, playwright_driver

__all__ = [
    "ACTION_TIMEOUT_MS",
    "VIEWPORT",
    "ChromiumBrowser",
    "chromium_executable",
    "playwright_driver",
]
