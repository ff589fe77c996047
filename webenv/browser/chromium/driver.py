"""The process-wide Playwright driver, the Chromium binary and the cleanup of dropped browsers.

Playwright's sync API allows one driver per thread, so the process keeps one (started on
first use) and every :class:`~webenv.browser.chromium.ChromiumBrowser` launches its own
Chromium through it. A browser dropped without ``close()`` is closed by a finalizer; if
the Python process is killed, the driver sees its stdin close and kills Chromium.

This is the one module that imports Playwright: without it, importing the backend
raises :class:`webenv.errors.BrowserStackMissing`, which names the extra to install.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import shutil
import threading
import weakref
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from webenv.errors import BrowserStackMissing

try:
    from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright, sync_playwright
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
except ImportError as exc:  # the optional 'chromium' extra is not installed
    raise BrowserStackMissing("playwright") from exc

try:  # Playwright's sync API runs on greenlets (a dependency of playwright)
    import greenlet  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - a Playwright without greenlets
    greenlet = None

__all__ = [
    "DEFAULT_EXECUTABLES",
    "BrowserContext",
    "CDPSession",
    "Page",
    "PlaywrightError",
    "PlaywrightTimeoutError",
    "chromium_executable",
    "launch_args",
    "playwright_driver",
    "track",
    "unpinned",
    "weak_handler",
]

P = ParamSpec("P")
R = TypeVar("R")

# Playwright passes its own ``--disable-features`` list and a later one replaces it, so
# the list is repeated here with RenderDocument and ProactivelySwapBrowsingInstance added
# (a new renderer document per navigation costs ~25 ms per step).
_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "RenderDocument",
    "ProactivelySwapBrowsingInstance",
    "Translate",
    "AutofillServerCommunication",
    "CertificateTransparencyComponentUpdater",
    "InterestFeedContentSuggestions",
    # History navigation always loads the document again (a restore from the cache fires
    # no load and would keep typed form values).
    "BackForwardCache",
)
_LAUNCH_ARGS = [
    "--disable-features=" + ",".join(_DISABLED_FEATURES),
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--no-default-browser-check",
    "--mute-audio",
    "--hide-scrollbars",
]
# Playwright's headless ``--blink-settings`` (a later one replaces it), for adding to.
_BLINK_SETTINGS = (
    "primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4"
)


# Debian's chromium-headless-shell first: the same engine as its chromium, without the
# desktop browser's services, which cost the browser process ~3x the CPU per navigation
# (the binary itself: /usr/bin/chromium-headless-shell is a shell script that does not
# exec it, so the browser would not be Playwright's child).
DEFAULT_EXECUTABLES = ("/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium")


def chromium_executable() -> str | None:
    """The Chromium binary to launch, if any.

    ``$WEBENV_CHROMIUM`` when set; else the first installed of :data:`DEFAULT_EXECUTABLES`
    (Debian's ``chromium-headless-shell``, then ``chromium``).
    """
    configured = os.environ.get("WEBENV_CHROMIUM")
    for path in (configured,) if configured else DEFAULT_EXECUTABLES:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        found = shutil.which(path)
        if found is not None:
            return found
    return None


def launch_args(proxy_address: str, *, pictures: bool = True) -> list[str]:
    """Chromium's command line for a browser whose every request goes to ``proxy_address``.

    Args:
        proxy_address: the loopback proxy serving the world.
        pictures: load and draw images; without, ``<img>`` elements keep their markup
            (and so their accessibility tree) but are never fetched, decoded or painted.
    """
    args = [*_LAUNCH_ARGS, f"--proxy-server={proxy_address}", "--proxy-bypass-list=<-loopback>"]
    if not pictures:
        args.append(f"--blink-settings={_BLINK_SETTINGS},imagesEnabled=false")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    return args


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
            with contextlib.suppress(Exception):
                playwright.stop()


# The finalizers of open ChromiumBrowsers (see ChromiumBrowser.__init__), and releases that
# the garbage collector started in a thread other than the driver's, done on the next use.
_FINALIZERS: set[weakref.finalize] = set()
_DEFERRED: list[tuple[Any, Any]] = []


def _release(browser: Any, proxy: Any) -> None:
    """Close one ChromiumBrowser's Chromium and proxy (its finalizer: no reference to it).

    Sync Playwright may only be called from the driver's thread, outside its dispatcher; a
    collection that runs elsewhere (e.g. in the proxy's threads) leaves the work to the
    next call of a ChromiumBrowser or of the driver.
    """
    fiber = getattr(_Driver.playwright, "_dispatcher_fiber", None)
    if (_Driver.thread is not None and threading.get_ident() != _Driver.thread) or (
        greenlet is not None and fiber is not None and greenlet.getcurrent() is fiber
    ):
        _DEFERRED.append((browser, proxy))  # e.g. a collection during event dispatch
        return
    try:
        browser.close()
    except Exception:
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


def unpinned(method: Callable[P, R]) -> Callable[P, R]:
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


def weak_handler(method: Any) -> Any:
    """An event handler calling ``method`` while its object lives, without keeping it alive.

    Playwright keeps handlers as long as the browser context, which the driver keeps.
    """
    ref = weakref.WeakMethod(method)

    def handler(*args: Any) -> None:
        bound = ref()
        if bound is not None:
            bound(*args)

    return handler


def track(owner: object, browser: Any, proxy: Any) -> weakref.finalize:
    """A finalizer that closes ``browser`` (Playwright's) and ``proxy`` when ``owner`` is dropped.

    The finalizer holds the Playwright browser and the proxy, never ``owner`` (whose
    Playwright event handlers must hold it only weakly, see :func:`weak_handler`), so a
    dropped owner can be collected. It runs at most once: call it to close explicitly.
    """
    finalizer = weakref.finalize(owner, _release, browser, proxy)
    finalizer.atexit = False  # _Driver._stop runs it, before stopping the driver
    _FINALIZERS.difference_update([f for f in _FINALIZERS if not f.alive])
    _FINALIZERS.add(finalizer)
    return finalizer
